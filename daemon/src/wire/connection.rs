//! One connection: a reader that decodes and admits requests (initialization, instance
//! identity, request IDs in flight: [`ConnState`]), and request tasks that write
//! their own responses through the connection's [`Outbound`] (so records never interleave),
//! which work the requests started (turns, logins) writes its events through as well. A
//! request whose work completes at once is answered inline, without a task hop; one that has
//! to wait moves to its own task so the connection keeps reading. Disconnect revokes grants;
//! accepted work goes on.
//!
//! The outbound path: responses (from request tasks) and events (from turns and logins) are
//! encoded and written under the same writer lock, so every ordering rule between them is
//! decided in one place. Response records carry the request's identities and are encoded
//! within the record bound: a success that cannot be encoded within it becomes a fixed
//! `internal_error`. Event envelopes are built in one place from each event's generated
//! rules: the event's correlation says which identities its envelope sets, and every other
//! slot is null whatever the sender knows. A slot the rules require that the sender cannot
//! fill is an error, so no event goes out half-correlated.

use super::profiles::{Negotiated, Offer};
use crate::operations::ResponseTicket;
use crate::transport::accepted::{AcceptedConnection, ConnectionHandler, HandlerFuture};
use crate::transport::framing::{ReadOutcome, RecordReader, RecordWriter};
use agentwire_protocol::runtime::encode_record_into;
use agentwire_protocol::{
    decode_request, limits, Call, ErrorCode, ErrorObject, EventEnvelope, EventPayload, Membership, Method, Profile,
    Request, RequestError, ResponseEnvelope, ResponsePayload, SessionId, PROTOCOL_VERSION,
};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Waker};
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::watch;

/// A request's result, and the ticket of the operation it began, redeemed once its response
/// is written (see [`crate::operations`]).
pub type Ran = (Result<ResponsePayload, ErrorCode>, Option<ResponseTicket>);

/// What the connection layer needs of the service behind it. The service implements this, so
/// the connection layer (and everything that sends through [`Outbound`]) does not depend on
/// the service.
pub trait Dispatch: Send + Sync + 'static {
    /// The instance every connection's identities name.
    fn instance_id(&self) -> &str;

    /// Count a new connection; its process-local sequence number and opaque ID.
    fn open_connection(&self) -> (u64, String);

    /// Make the connection reachable for the events of work it controls.
    fn register_connection(&self, cx: &ConnCtx);

    /// Run the call of a decoded request that passed connection admission.
    fn run(&self, cx: &Arc<ConnCtx>, call: Call) -> impl Future<Output = Ran> + Send;

    /// Forget a connection: its grants are revoked; accepted work goes on.
    fn close_connection(&self, seq: u64) -> impl Future<Output = ()> + Send;
}

/// How long, and how much, a connection closed for an oversized record still reads, so its
/// `record_too_large` response is not lost to a reset.
const LINGER: std::time::Duration = std::time::Duration::from_secs(1);
const LINGER_BYTES: usize = 1 << 20;

/// Serves wire v2 on connections that passed the identity handshake.
pub struct WireHandler<S> {
    pub service: Arc<S>,
}

impl<S: Dispatch> ConnectionHandler for WireHandler<S> {
    fn handle(&self, connection: AcceptedConnection) -> HandlerFuture {
        Box::pin(serve(Arc::clone(&self.service), connection))
    }
}

/// What a request's task needs of its connection, behind one reference count: each request
/// clones this, not the daemon-wide service (whose count every connection's requests share).
struct Conn<S> {
    service: Arc<S>,
    state: Arc<ConnState>,
    cx: Arc<ConnCtx>,
}

async fn serve<S: Dispatch>(service: Arc<S>, connection: AcceptedConnection) {
    let (seq, connection_id) = service.open_connection();
    let state = Arc::new(ConnState::new(connection_id.clone(), service.instance_id().to_owned()));
    let outbound = Arc::new(Outbound::new(Arc::clone(&state), connection.writer));
    let cx = Arc::new(ConnCtx { seq, connection_id, outbound });
    service.register_connection(&cx);
    let conn = Arc::new(Conn { service, state, cx });
    read_loop(&conn, connection.reader).await;
    tracing::debug!(conn = seq, "connection ended");
    conn.service.close_connection(seq).await;
    // The socket's sending direction closes once the last holder of its outbound path (a
    // request still running, a turn mid-write) lets go.
}

async fn read_loop<S: Dispatch>(conn: &Arc<Conn<S>>, mut reader: RecordReader<OwnedReadHalf>) {
    let Conn { state, cx, .. } = &**conn;
    let outbound = &cx.outbound;
    let mut closed = outbound.watch_closed();
    loop {
        let outcome = tokio::select! {
            // Records first; a closed writer matters only once no record is waiting.
            biased;
            o = reader.next_in_place() => o,
            _ = closed.wait_for(|closed| *closed) => return,
        };
        match outcome {
            Ok(ReadOutcome::Record(record)) => handle_record(conn, record).await,
            Ok(ReadOutcome::TooLarge) => {
                // "a record over max_record_bytes gets record_too_large and the socket closes"
                let err = RequestError {
                    code: ErrorCode::RecordTooLarge,
                    request_id: None,
                    session_id: None,
                    operation_id: None,
                };
                respond_error(state, outbound, &err).await;
                reader.discard_remaining(LINGER, LINGER_BYTES).await;
                return;
            }
            Ok(other) => {
                tracing::debug!(conn = cx.seq, outcome = ?other, "reader stopped");
                return;
            }
            Err(e) => {
                tracing::debug!(conn = cx.seq, error = %e, "read failed");
                return;
            }
        }
    }
}

fn connection_ids(state: &ConnState) -> (Option<String>, Option<String>) {
    if state.initialized() {
        (Some(state.instance_id.clone()), Some(state.connection_id.clone()))
    } else {
        (None, None)
    }
}

/// An error for a request whose ID was never reserved, so there is nothing to release.
async fn respond_error(state: &ConnState, outbound: &Outbound, err: &RequestError) {
    let (instance_id, connection_id) = connection_ids(state);
    let ids = ResponseIds {
        request_id: err.request_id.clone(),
        session_id: err.session_id.clone(),
        operation_id: err.operation_id.clone(),
        instance_id,
        connection_id,
    };
    outbound.respond(ids, Err(err.code), false, err.closes_connection()).await;
}

async fn handle_record<S: Dispatch>(conn: &Arc<Conn<S>>, record: &[u8]) {
    let Conn { service, state, cx } = &**conn;
    let outbound = &cx.outbound;
    let request = match decode_request(record) {
        Ok(r) => r,
        Err(err) => return respond_error(state, outbound, &err).await,
    };
    if let Err(code) = state.admit(&request) {
        let err = RequestError {
            code,
            request_id: Some(request.request_id.clone()),
            session_id: request.session_id.clone(),
            operation_id: request.operation_id.clone(),
        };
        return respond_error(state, outbound, &err).await;
    }
    // The response echoes the request's session and operation slots; the handler gets them
    // typed, with the payload.
    let mut ids = ResponseIds {
        request_id: Some(request.request_id.clone()),
        session_id: request.session_id.clone(),
        operation_id: request.operation_id.clone(),
        ..Default::default()
    };
    let parts = match request.into_parts() {
        Ok(parts) => parts,
        // A session slot that is not a session ID (`invalid_session_id`): answered with the
        // request's identities, and its request ID released with the response.
        Err(code) => {
            (ids.instance_id, ids.connection_id) = connection_ids(state);
            return respond(outbound, ids, Err(code), None).await;
        }
    };
    let call = parts.call;
    if call.method() == Method::Initialize {
        // Initialization completes before the next record is read, so nothing races it.
        let (result, ticket) = service.run(cx, call).await;
        if result.is_ok() {
            state.mark_initialized();
        }
        (ids.instance_id, ids.connection_id) = connection_ids(state);
        return respond(outbound, ids, result, ticket).await;
    }
    // Admission left only this connection's identities here (or none before initialization),
    // exactly what the response echoes.
    (ids.instance_id, ids.connection_id) = (parts.instance_id, parts.connection_id);
    let conn = Arc::clone(conn);
    run_or_spawn(Box::pin(async move {
        let (result, ticket) = conn.service.run(&conn.cx, call).await;
        respond(&conn.cx.outbound, ids, result, ticket).await;
    }));
}

/// Write a response, then redeem the ticket of the operation it began: work the request
/// started (a turn, a login) may send its first event only now. A failed write releases the
/// work too; the connection is closing and no response will precede its events.
async fn respond(
    outbound: &Outbound,
    ids: ResponseIds,
    result: Result<ResponsePayload, ErrorCode>,
    ticket: Option<ResponseTicket>,
) {
    outbound.respond(ids, result, true, false).await;
    if let Some(ticket) = ticket {
        ticket.written();
    }
}

/// Poll the request once in place; only work that has to wait moves to a task. Quick answers
/// (`status`, lookups) are so written before the next record is read, without a task and its
/// wake-ups: `tokio::spawn` for every request served `status` at 16 connections with 0.55× the
/// echo server's throughput where this serves 0.71× (BENCHMARKS.md, "one task per request").
fn run_or_spawn(mut task: Pin<Box<dyn Future<Output = ()> + Send + 'static>>) {
    // Futures re-register their waker on every poll, so a later poll by the runtime after
    // this no-op-waker poll observes every wake-up that matters.
    if task.as_mut().poll(&mut Context::from_waker(Waker::noop())).is_pending() {
        tokio::spawn(task);
    }
}

// Connection-level admission, after decoding and before the operation runs.

/// What one connection has established.
#[derive(Debug)]
pub(super) struct ConnState {
    pub connection_id: String,
    pub instance_id: String,
    initialized: AtomicBool,
    /// At most `max_inflight_requests` IDs, so a scan beats hashing.
    in_flight: Mutex<Vec<String>>,
    /// The optional profiles this connection negotiated (`profile.negotiate`).
    profiles: Mutex<Negotiated>,
}

impl ConnState {
    pub fn new(connection_id: String, instance_id: String) -> Self {
        Self {
            connection_id,
            instance_id,
            initialized: AtomicBool::new(false),
            in_flight: Mutex::new(Vec::new()),
            profiles: Mutex::new(Negotiated::default()),
        }
    }

    pub fn initialized(&self) -> bool {
        self.initialized.load(Ordering::Acquire)
    }

    pub fn mark_initialized(&self) {
        self.initialized.store(true, Ordering::Release);
    }

    /// Check the request against the connection and reserve its request ID.
    pub fn admit(&self, request: &Request) -> Result<(), ErrorCode> {
        let method = request.payload.name();
        if self.initialized() {
            if method == Method::Initialize {
                return Err(ErrorCode::InvalidRequest);
            }
            let ours = request.instance_id.as_deref() == Some(self.instance_id.as_str())
                && request.connection_id.as_deref() == Some(self.connection_id.as_str());
            if !ours {
                return Err(ErrorCode::InstanceMismatch);
            }
        } else if method.rules().requires_initialization {
            return Err(ErrorCode::NotInitialized);
        } else if request.instance_id.is_some() || request.connection_id.is_some() {
            // "initialize carries instance_id:null, connection_id:null"
            return Err(ErrorCode::InvalidRequest);
        }
        self.reserve(&request.request_id)
    }

    fn reserve(&self, request_id: &str) -> Result<(), ErrorCode> {
        let mut set = crate::sync::lock(&self.in_flight);
        if set.iter().any(|id| id == request_id) {
            return Err(ErrorCode::DuplicateRequestId);
        }
        if set.len() as u64 >= limits::MAX_INFLIGHT_REQUESTS {
            return Err(ErrorCode::LimitExceeded);
        }
        set.push(request_id.to_owned());
        Ok(())
    }

    fn negotiate_profile(&self, offer: &[Offer], name: &str, version: u32) -> Result<Profile, ErrorCode> {
        crate::sync::lock(&self.profiles).negotiate(offer, name, version)
    }

    fn has_profile(&self, profile: Profile) -> bool {
        crate::sync::lock(&self.profiles).has(profile)
    }

    fn mark_claimed(&self) {
        crate::sync::lock(&self.profiles).mark_claimed();
    }

    /// "Request IDs are reserved through response writing."
    pub fn release(&self, request_id: &str) {
        let mut set = crate::sync::lock(&self.in_flight);
        if let Some(i) = set.iter().position(|id| id == request_id) {
            set.swap_remove(i);
        }
    }
}

/// Ordinary records fit a buffer of this size; one grown further for a rare large answer (a
/// replay or catalog page) is let go rather than held for the connection's life.
const KEEP_BUFFER_BYTES: usize = 8 * 1024;

/// What a handler knows about the connection a request came on.
#[derive(Debug)]
pub struct ConnCtx {
    /// Process-local sequence number; the key of grants and logins.
    pub seq: u64,
    /// Opaque connection ID announced by initialize.
    pub connection_id: String,
    /// The connection's writer. Work that outlives the request holds it weakly, so the
    /// connection's writer still ends with the connection.
    pub outbound: Arc<Outbound>,
}

/// The write side of one connection. Dropping the last reference shuts the socket's sending
/// direction.
#[derive(Debug)]
pub struct Outbound {
    state: Arc<ConnState>,
    output: tokio::sync::Mutex<Output>,
    /// Set once the connection closes (a failed write, or a response that closes it); the
    /// reader stops on it.
    closed: watch::Sender<bool>,
}

/// The connection's writer, and the buffer records are encoded into, reused so that writing
/// costs no allocation.
#[derive(Debug)]
struct Output {
    writer: RecordWriter<OwnedWriteHalf>,
    buffer: Vec<u8>,
    /// The records of one batch of events, written at once.
    batch: Vec<u8>,
}

impl ConnCtx {
    /// Opt this connection into an optional profile the daemon offers (see [`Negotiated`]).
    pub fn negotiate_profile(&self, offer: &[Offer], name: &str, version: u32) -> Result<Profile, ErrorCode> {
        self.outbound.state.negotiate_profile(offer, name, version)
    }

    /// Whether this connection negotiated `profile`: its operations are served and its events
    /// delivered only then.
    pub fn has_profile(&self, profile: Profile) -> bool {
        self.outbound.state.has_profile(profile)
    }

    /// This connection claimed a session; profiles not negotiated by now no longer can be.
    pub fn mark_claimed(&self) {
        self.outbound.state.mark_claimed();
    }
}

impl Outbound {
    /// Whether this connection negotiated `profile` (its events go only to such connections).
    pub fn has_profile(&self, profile: Profile) -> bool {
        self.state.has_profile(profile)
    }

    pub(super) fn new(state: Arc<ConnState>, writer: RecordWriter<OwnedWriteHalf>) -> Self {
        Outbound {
            state,
            output: tokio::sync::Mutex::new(Output { writer, buffer: Vec::new(), batch: Vec::new() }),
            closed: watch::Sender::new(false),
        }
    }

    fn is_closed(&self) -> bool {
        *self.closed.borrow()
    }

    pub(super) fn close(&self) {
        self.closed.send_replace(true);
    }

    /// Sees the connection close, before or after it is first awaited.
    pub(super) fn watch_closed(&self) -> watch::Receiver<bool> {
        self.closed.subscribe()
    }

    /// Encode and write a response; `reserved` says whether its request ID was reserved and is
    /// to be released once the response is written.
    pub(super) async fn respond(
        &self,
        ids: ResponseIds,
        result: Result<ResponsePayload, ErrorCode>,
        reserved: bool,
        close_after: bool,
    ) {
        let mut output = self.output.lock().await;
        let Output { writer, buffer, .. } = &mut *output;
        let request_id = encode_into(buffer, ids, result).filter(|_| reserved);
        self.write_locked(writer, buffer, request_id.as_deref(), close_after).await;
    }

    /// Write one event of work correlated as `correlation`, unless `fence` no longer holds.
    /// The fence is checked under the writer lock: a detach (or any other control transition)
    /// completes before its response is written under this same lock, so an event of the old
    /// control cannot follow that response. Returns whether the event can still reach this
    /// connection: `false` once the fence moved or the connection closed.
    pub async fn event(&self, correlation: &Correlation<'_>, payload: EventPayload, fence: Option<&Fence>) -> bool {
        self.events(correlation, std::iter::once(payload), fence).await
    }

    /// Writes events in order as [`Outbound::event`] would one by one, but under one hold of
    /// the writer lock and in as few writes as the record bound allows: a fast stream costs
    /// one socket write (and one wake-up of the reader) per batch instead of per event. The
    /// first event the connection may not get (a profile it did not negotiate, a fence that
    /// moved) ends the batch and makes the answer `false`, as it ends a one-by-one sender.
    pub async fn events(
        &self,
        correlation: &Correlation<'_>,
        payloads: impl IntoIterator<Item = EventPayload>,
        fence: Option<&Fence>,
    ) -> bool {
        let mut output = self.output.lock().await;
        let Output { writer, buffer, batch } = &mut *output;
        batch.clear();
        let mut reachable = true;
        for payload in payloads {
            // "profile events are never sent to" a connection that did not negotiate the profile.
            if let Membership::Profile(p) = payload.name().membership() {
                if !self.state.has_profile(p) {
                    reachable = false;
                    break;
                }
            }
            if fence.is_some_and(|f| !f.is_current()) || self.is_closed() {
                reachable = false;
                break;
            }
            let envelope = match envelope(&self.state.instance_id, &self.state.connection_id, correlation, payload) {
                Ok(e) => e,
                Err(e) => {
                    tracing::error!(error = %e, "event not sent");
                    continue;
                }
            };
            if let Err(e) = encode_record_into(&envelope, buffer) {
                // The senders' bounds make this unreachable for known payloads.
                tracing::error!(error = %e, event = %envelope.event, "event could not be encoded; not sent");
                continue;
            }
            if !batch.is_empty() && batch.len() + buffer.len() > writer.max_record_bytes() {
                self.write_locked(writer, batch, None, false).await;
                batch.clear();
                if self.is_closed() {
                    return false;
                }
            }
            batch.extend_from_slice(buffer);
        }
        if !batch.is_empty() {
            self.write_locked(writer, batch, None, false).await;
            batch.clear();
        }
        if buffer.capacity() > KEEP_BUFFER_BYTES {
            *buffer = Vec::new();
        }
        reachable && !self.is_closed()
    }

    /// "Request IDs are reserved through response writing": the ID and its in-flight slot are
    /// released under the writer lock just before the response's bytes go to the socket, never
    /// after. Released after the write, a peer that read the response could send its next
    /// request (the same ID, or one more within `max_inflight_requests`) and have the reader
    /// admit it before this task got to the release. A record that arrives while the response
    /// is being written is admitted as if it arrived after: the peer cannot tell them apart.
    /// If the write fails, the connection closes and no later request is read.
    async fn write_locked(
        &self,
        writer: &mut RecordWriter<OwnedWriteHalf>,
        buffer: &mut Vec<u8>,
        request_id: Option<&str>,
        close_after: bool,
    ) {
        if let Some(id) = request_id {
            self.state.release(id);
        }
        let written = writer.write_framed(buffer).await;
        if buffer.capacity() > KEEP_BUFFER_BYTES {
            *buffer = Vec::new();
        }
        if written.is_err() || close_after {
            if let Err(e) = written {
                tracing::debug!(error = %e, "write failed; closing connection");
            }
            let _ = writer.shutdown().await;
            self.close();
        }
    }

    /// Holds the writer lock, so a test can land a control transition while an event waits.
    #[cfg(test)]
    pub async fn hold(&self) -> impl Drop + '_ {
        self.output.lock().await
    }
}

/// A connection's outbound path over a socket pair, and the peer's end to read it from.
#[cfg(test)]
pub fn test_pair(seq: u64) -> (ConnCtx, tokio::io::Lines<tokio::io::BufReader<tokio::net::UnixStream>>) {
    test_pair_bounded(seq, 1 << 20)
}

/// [`test_pair`] with writes bounded to `max_record_bytes`.
#[cfg(test)]
pub fn test_pair_bounded(
    seq: u64,
    max_record_bytes: usize,
) -> (ConnCtx, tokio::io::Lines<tokio::io::BufReader<tokio::net::UnixStream>>) {
    use tokio::io::AsyncBufReadExt;
    let (ours, peer) = tokio::net::UnixStream::pair().expect("socket pair");
    let (_, write) = ours.into_split();
    let connection_id = format!("cn_{seq}");
    let state = Arc::new(ConnState::new(connection_id.clone(), "in_1".into()));
    let writer = RecordWriter::new(write, max_record_bytes, std::time::Duration::from_secs(10));
    let outbound = Arc::new(Outbound::new(state, writer));
    (ConnCtx { seq, connection_id, outbound }, tokio::io::BufReader::new(peer).lines())
}

/// Whether a controller named earlier still controls its session, answerable without the
/// session control table's lock: every control transition (grant, detach, revocation by
/// take-over or disconnect) advances the session's `live_sequence` under that lock, so a fence
/// taken at one value holds exactly until the next transition. [`Outbound::event`] checks it
/// right before writing, under the writer lock that a detach response is also written under:
/// once that response is written, no older event of the session follows it.
#[derive(Debug, Clone)]
pub struct Fence {
    live: Arc<AtomicU64>,
    at: u64,
}

impl Fence {
    /// The fence of a sequence `live` that now reads `at`.
    pub fn new(live: Arc<AtomicU64>, at: u64) -> Self {
        Fence { live, at }
    }

    /// Whether no control transition of the session happened since this fence was taken.
    pub fn is_current(&self) -> bool {
        self.live.load(Ordering::Acquire) == self.at
    }
}

impl PartialEq for Fence {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.live, &other.live) && self.at == other.at
    }
}

impl Eq for Fence {}

/// The identities a response echoes, and the connection's own once initialized.
#[derive(Debug, Clone, Default)]
pub struct ResponseIds {
    pub request_id: Option<String>,
    pub session_id: Option<String>,
    pub operation_id: Option<String>,
    pub instance_id: Option<String>,
    pub connection_id: Option<String>,
}

impl ResponseIds {
    fn into_envelope(
        self,
        payload: Option<ResponsePayload>,
        error: Option<ErrorCode>,
    ) -> ResponseEnvelope<ResponsePayload> {
        ResponseEnvelope::new(
            PROTOCOL_VERSION,
            self.request_id,
            self.instance_id,
            self.connection_id,
            self.session_id,
            self.operation_id,
            payload,
            error.map(ErrorObject::from),
        )
    }

    fn from_envelope(e: ResponseEnvelope<ResponsePayload>) -> Self {
        let ResponseEnvelope { request_id, instance_id, connection_id, session_id, operation_id, .. } = e;
        ResponseIds { request_id, session_id, operation_id, instance_id, connection_id }
    }
}

/// Encode one response record, newline included, into `out`; returns the request ID it answers.
fn encode_into(out: &mut Vec<u8>, ids: ResponseIds, result: Result<ResponsePayload, ErrorCode>) -> Option<String> {
    let (payload, error) = match result {
        Ok(p) => (Some(p), None),
        Err(c) => (None, Some(c)),
    };
    let envelope = ids.into_envelope(payload, error);
    let Err(e) = encode_record_into(&envelope, out) else { return envelope.request_id };
    tracing::error!(error = %e, "response could not be encoded; sending internal_error");
    let fallback = ResponseIds::from_envelope(envelope).into_envelope(None, Some(ErrorCode::InternalError));
    if encode_record_into(&fallback, out).is_err() {
        out.clear();
    }
    fallback.request_id
}

/// What the work sending an event is correlated to.
#[derive(Debug, Clone, Copy, Default)]
pub struct Correlation<'a> {
    pub session_id: Option<&'a SessionId>,
    pub operation_id: Option<&'a str>,
    /// The receiving controller's grant.
    pub grant: Option<Grant>,
}

/// A controller's grant: the generation of its claim and its live sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grant {
    pub generation: u64,
    pub live_sequence: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{event} carries {slot}, which its sender did not give")]
struct MissingSlot {
    pub event: &'static str,
    pub slot: &'static str,
}

/// The envelope of `payload` for the connection `connection_id` of instance `instance_id`.
fn envelope(
    instance_id: &str,
    connection_id: &str,
    correlation: &Correlation<'_>,
    payload: EventPayload,
) -> Result<EventEnvelope<EventPayload>, MissingSlot> {
    let name = payload.name();
    let rules = name.rules();
    fn slot<T: Clone>(
        event: &'static str,
        set: bool,
        slot: &'static str,
        v: Option<&T>,
    ) -> Result<Option<T>, MissingSlot> {
        match (set, v) {
            (false, _) => Ok(None),
            (true, Some(v)) => Ok(Some(v.clone())),
            (true, None) => Err(MissingSlot { event, slot }),
        }
    }
    let grant = |set: bool, slot: &'static str, value: Option<u64>| match (set, value) {
        (false, _) => Ok(None),
        (true, Some(v)) => Ok(Some(v)),
        (true, None) => Err(MissingSlot { event: name.as_str(), slot }),
    };
    let g = correlation.grant;
    Ok(EventEnvelope::new(
        PROTOCOL_VERSION,
        name.as_str().to_owned(),
        instance_id.to_owned(),
        connection_id.to_owned(),
        slot(name.as_str(), rules.session_id, "session_id", correlation.session_id)?,
        slot(name.as_str(), rules.operation_id, "operation_id", correlation.operation_id.map(str::to_owned).as_ref())?,
        grant(rules.grant_generation, "grant_generation", g.map(|g| g.generation))?,
        grant(rules.live_sequence, "live_sequence", g.map(|g| g.live_sequence))?,
        payload,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    use agentwire_protocol::{EventName, LoginProgress, LoginProgressWaiting, TurnStarted};
    use std::sync::LazyLock;

    static S1: LazyLock<SessionId> = LazyLock::new(|| "s-1".parse().unwrap());

    fn s1() -> SessionId {
        S1.clone()
    }

    fn started() -> EventPayload {
        EventPayload::TurnStarted(TurnStarted::new("t-1", s1()))
    }

    fn correlation() -> Correlation<'static> {
        Correlation {
            session_id: Some(&S1),
            operation_id: Some("op-1"),
            grant: Some(Grant { generation: 1, live_sequence: 1 }),
        }
    }

    #[tokio::test]
    async fn an_event_is_written_with_the_connections_own_identities() {
        let (cx, mut peer) = test_pair(4);
        assert!(cx.outbound.event(&correlation(), started(), None).await);
        let line = peer.next_line().await.unwrap().unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!((v["event"].as_str(), v["connection_id"].as_str()), (Some("turn.started"), Some("cn_4")));
        assert_eq!((v["instance_id"].as_str(), v["grant_generation"].as_u64()), (Some("in_1"), Some(1)));
    }

    fn approval_resolved() -> EventPayload {
        let payload = agentwire_protocol::ApprovalResolved::new(
            "ap-1",
            s1(),
            "t-1",
            agentwire_protocol::ApprovalOutcome::Cancelled,
            None,
            None,
            agentwire_protocol::ApprovalDecider::Cancel,
        );
        EventPayload::ApprovalResolved(payload)
    }

    #[tokio::test]
    async fn profile_events_are_never_sent_to_a_connection_that_did_not_negotiate() {
        // "profile events are never sent to it", whatever the sender asks.
        let (cx, mut peer) = test_pair(4);
        let profiled = Correlation { grant: Some(Grant { generation: 1, live_sequence: 0 }), ..correlation() };
        assert!(!cx.outbound.event(&profiled, approval_resolved(), None).await);
        assert!(cx.outbound.event(&correlation(), started(), None).await);
        let line = peer.next_line().await.unwrap().unwrap();
        assert!(line.contains("\"turn.started\""), "{line}");
        let offer = [crate::wire::Offer { profile: Profile::Approvals, versions: &[1] }];
        assert_eq!(cx.negotiate_profile(&offer, "approvals", 1), Ok(Profile::Approvals));
        assert!(cx.outbound.event(&profiled, approval_resolved(), None).await);
        let line = peer.next_line().await.unwrap().unwrap();
        assert!(line.contains("\"approval.resolved\"") && line.contains("\"live_sequence\":null"), "{line}");
    }

    fn delta(sequence: u64) -> EventPayload {
        EventPayload::TurnAssistantDelta(agentwire_protocol::TurnAssistantDelta::new("t-1", sequence, "x"))
    }

    #[tokio::test]
    async fn a_batch_is_written_in_order_in_writes_within_the_record_bound() {
        // Records written together never make one write longer than the bound a single
        // record has: a batch that would is split between records, none torn or refused.
        let (cx, mut peer) = test_pair_bounded(4, 1024);
        assert!(cx.outbound.events(&correlation(), (1..=20).map(delta), None).await);
        for sequence in 1..=20 {
            let line = peer.next_line().await.unwrap().unwrap();
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert_eq!(v["payload"]["sequence"], sequence, "{line}");
        }
    }

    #[tokio::test]
    async fn an_event_the_connection_may_not_get_ends_its_batch_after_the_events_before() {
        // As if sent one by one: the events before it are written, it and those after are not.
        let (cx, mut peer) = test_pair(4);
        let profiled = vec![delta(1), approval_resolved(), delta(3)];
        assert!(!cx.outbound.events(&correlation(), profiled, None).await);
        let line = peer.next_line().await.unwrap().unwrap();
        assert!(line.contains("\"sequence\":1"), "{line}");
        cx.outbound.close();
        drop(cx);
        assert!(peer.next_line().await.unwrap().is_none(), "nothing after the refused event");
    }

    #[tokio::test]
    async fn an_event_of_a_closed_connection_is_not_delivered() {
        let (cx, _peer) = test_pair(1);
        cx.outbound.close();
        assert!(!cx.outbound.event(&correlation(), started(), None).await);
    }

    #[test]
    fn a_turn_event_carries_every_identity_its_rules_set() {
        let c = Correlation {
            session_id: Some(&s1()),
            operation_id: Some("op-1"),
            grant: Some(Grant { generation: 3, live_sequence: 7 }),
        };
        let e = envelope("in_1", "cn_1", &c, started()).unwrap();
        assert_eq!(
            (e.session_id.as_deref(), e.operation_id.as_deref(), e.grant_generation, e.live_sequence),
            (Some("s-1"), Some("op-1"), Some(3), Some(7))
        );
        assert_eq!(
            (e.event.as_str(), e.instance_id.as_str(), e.connection_id.as_str()),
            ("turn.started", "in_1", "cn_1")
        );
    }

    #[test]
    fn slots_the_rules_null_stay_null_whatever_the_sender_knows() {
        // Login events: "null session, grant generation and live sequence".
        let rules = EventName::AuthLoginProgress.rules();
        assert!(!rules.session_id && rules.operation_id && !rules.grant_generation && !rules.live_sequence);
        let c = Correlation {
            session_id: Some(&s1()),
            operation_id: Some("op-1"),
            grant: Some(Grant { generation: 3, live_sequence: 7 }),
        };
        let payload = EventPayload::AuthLoginProgress(LoginProgress::Waiting(LoginProgressWaiting::new(
            "login_1",
            "openai-codex",
        )));
        let e = envelope("in_1", "cn_1", &c, payload).unwrap();
        assert_eq!(
            (e.session_id, e.operation_id.as_deref(), e.grant_generation, e.live_sequence),
            (None, Some("op-1"), None, None)
        );
    }

    #[test]
    fn an_event_missing_a_slot_its_rules_set_is_not_built() {
        let c = Correlation { session_id: Some(&s1()), operation_id: Some("op-1"), grant: None };
        assert_eq!(
            envelope("in_1", "cn_1", &c, started()).unwrap_err(),
            MissingSlot { event: "turn.started", slot: "grant_generation" }
        );
    }
}
