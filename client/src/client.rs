//! The connection: one writer task that callers hand whole records to, one reader task that
//! routes each response to its pending call and each checked event to the streams that
//! subscribed to it.
//!
//! **Dropping a call is safe.** A call hands its record to the writer task whole, in one step
//! that cannot be interrupted, so a dropped call (or one whose deadline passed) never leaves
//! half a record on the socket: if it was not yet handed over it is never sent; if it was, its
//! answer is discarded when it comes. Nothing is ever resent; what became of a mutation whose
//! answer was not awaited is what [`Client::lookup`] of its operation ID says.

use crate::error::{CallError, ConnectError, ServiceError, VersionMismatch};
use crate::framing::{Line, LineReader};
use crate::handshake::{handshake, HandshakeError};
use crate::launcher::{canonical_workspace, start_or_connect, LaunchError, StartOptions};
use crate::preflight::preflight;
use crate::sequence::SequenceTracker;
use crate::streams::{EventStream, Router};
use crate::sync::lock;
use crate::target::Target;
use agentwire_protocol::runtime::{encode_record, EncodeError};
use agentwire_protocol::typed::{check_slots, Identities, InSession};
use agentwire_protocol::{
    decode_incoming, decode_request, limits, operation, ConsumerError, Control, Event, EventPayload,
    HandshakeRejection, HandshakeReplyAccepted, HandshakeRequest, Incoming, InitializeRequest, InitializeResponse,
    LimitMap, Method, Operation, OperationLookupRequest, OperationLookupResponse, Profile, ProfileNegotiateResponse,
    RequestEnvelope, RequestPayload, Response, ResponsePayload, SessionReplayRequest, SessionReplayResponse,
    TypedRequest, PROTOCOL_VERSION,
};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::{mpsc, oneshot};

/// Where and how to connect. Built with [`ClientOptions::new`] and the builder methods, so a
/// new option is not a breaking change.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ClientOptions {
    /// The daemon's socket (from its discovery record).
    pub socket: PathBuf,
    /// The canonical workspace path the daemon serves.
    pub workspace: String,
    /// The package version sent in the handshake, which the daemon requires to equal its own
    /// exactly: [`crate::PACKAGE_VERSION`] unless [`ClientOptions::version`] says otherwise.
    pub version: String,
    /// Operations this client needs: initialize requests them and preflight requires them.
    pub required: Vec<Method>,
    /// Events each stream buffers before it lags (see [`crate::streams`]).
    pub event_buffer: usize,
    /// The deadline of every call that gives none of its own ([`Client::call_within`]);
    /// `None`: calls wait until answered or the connection ends.
    pub request_timeout: Option<Duration>,
}

/// The default [`ClientOptions::event_buffer`]: a whole turn of deltas at the spec's advertised
/// queue bound many times over.
pub const DEFAULT_EVENT_BUFFER: usize = 16 * limits::TURN_EVENT_QUEUE_ITEMS as usize;

impl ClientOptions {
    /// Connects to `socket` (from the daemon's discovery record) for `workspace` (the canonical
    /// path the daemon serves), sending this package's own version.
    pub fn new(socket: impl Into<PathBuf>, workspace: impl Into<String>) -> Self {
        ClientOptions {
            socket: socket.into(),
            workspace: workspace.into(),
            version: crate::PACKAGE_VERSION.to_owned(),
            required: Vec::new(),
            event_buffer: DEFAULT_EVENT_BUFFER,
            request_timeout: None,
        }
    }

    /// Sends another package version in the handshake (builder style): only for a program that
    /// is itself another agentwire package, such as the daemon's own command line. Never the
    /// version read from the daemon's discovery record: echoing it back defeats the check.
    pub fn version(mut self, version: impl Into<String>) -> Self {
        self.version = version.into();
        self
    }

    /// Requires these operations (builder style).
    pub fn require(mut self, methods: &[Method]) -> Self {
        self.required.extend_from_slice(methods);
        self
    }

    /// Sets the deadline of every call (builder style); see [`Client::call_within`].
    pub fn request_timeout(mut self, timeout: Duration) -> Self {
        self.request_timeout = Some(timeout);
        self
    }

    /// Sets how many events each stream buffers before it lags (builder style).
    pub fn event_buffer(mut self, events: usize) -> Self {
        self.event_buffer = events;
        self
    }
}

type Reply = Result<Response, CallError>;

struct Pending {
    method: Method,
    tx: oneshot::Sender<Reply>,
}

/// Who answered, as the handshake and `initialize` established it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Identity {
    /// The daemon's package version (equal to this client's: the handshake checked it).
    pub server_version: String,
    pub pid: u32,
    pub instance_id: String,
    pub connection_id: String,
    pub workspace_id: String,
    pub state_root_id: String,
}

pub(crate) struct Inner {
    /// Whole records for the writer task; `None` once the connection is closed.
    outbox: Mutex<Option<mpsc::UnboundedSender<Vec<u8>>>>,
    request_timeout: Option<Duration>,
    pending: Mutex<HashMap<String, Pending>>,
    router: Mutex<Router>,
    /// Why the connection stopped, once it has.
    failure: Mutex<Option<CallError>>,
    next_id: AtomicU64,
    ids: OnceLock<Identities>,
    init: OnceLock<InitializeResponse>,
    identity: OnceLock<Identity>,
    accepted: HandshakeReplyAccepted,
    /// What each `profile.negotiate` of this connection accepted: a profile's events are
    /// unadvertised on a connection that did not negotiate it.
    negotiated: Mutex<Vec<ProfileNegotiateResponse>>,
}

/// A connected, initialized and preflighted client. Cheap to clone: clones share the connection.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

impl Client {
    /// Handshake (checking the service's uid), `initialize` requesting `options.required`, and
    /// the full preflight; nothing is mutated before this returns.
    pub async fn connect(options: ClientOptions) -> Result<Client, ConnectError> {
        let request = HandshakeRequest::new(options.version.clone(), options.workspace.clone());
        let timeout = Duration::from_millis(limits::HANDSHAKE_TIMEOUT_MS);
        let max = limits::MAX_RECORD_BYTES as usize;
        let conn = handshake(&options.socket, &request, timeout, max).await.map_err(|e| match e {
            HandshakeError::Rejected(HandshakeRejection::VersionMismatch) => {
                ConnectError::VersionMismatch(VersionMismatch { package: options.version.clone(), daemon: None })
            }
            e => ConnectError::Handshake(e),
        })?;
        let (outbox, records) = mpsc::unbounded_channel();
        tokio::spawn(write_loop(conn.writer, records));
        let inner = Arc::new(Inner {
            outbox: Mutex::new(Some(outbox)),
            request_timeout: options.request_timeout,
            pending: Mutex::default(),
            router: Mutex::new(Router::new(options.event_buffer)),
            failure: Mutex::default(),
            next_id: AtomicU64::new(1),
            ids: OnceLock::new(),
            init: OnceLock::new(),
            identity: OnceLock::new(),
            accepted: conn.accepted,
            negotiated: Mutex::default(),
        });
        tokio::spawn(read_loop(conn.reader, Arc::clone(&inner)));
        let client = Client { inner };
        let payload = InitializeRequest::new(vec![PROTOCOL_VERSION])
            .with_requested_capabilities(options.required.iter().map(|m| m.as_str().to_owned()).collect());
        let init = client.call::<operation::Initialize>(&(), payload).await.map_err(ConnectError::Initialize)?;
        preflight(&client.inner.accepted, &init, &options.required)?;
        let ids = Identities { instance_id: init.instance_id.clone(), connection_id: init.connection_id.clone() };
        let accepted = &client.inner.accepted;
        let _ = client.inner.identity.set(Identity {
            server_version: accepted.version.clone(),
            pid: accepted.pid,
            instance_id: init.instance_id.clone(),
            connection_id: init.connection_id.clone(),
            workspace_id: init.workspace_id.clone(),
            state_root_id: init.state_root_id.clone(),
        });
        let _ = client.inner.ids.set(ids);
        let _ = client.inner.init.set(init);
        Ok(client)
    }

    /// Starts the workspace's daemon or reaches the running one ([`crate::launcher`]: the path
    /// rules, the discovery record checked), then connects to it requiring `required`.
    pub async fn start_or_connect(options: StartOptions, required: &[Method]) -> Result<Client, LaunchError> {
        let workspace = canonical_workspace(&options.workspace)?;
        let discovery = start_or_connect(&StartOptions { workspace: workspace.clone(), ..options }).await?;
        let workspace =
            workspace.to_str().ok_or_else(|| LaunchError::InvalidWorkspace("the path is not UTF-8".into()))?;
        let client = Client::connect(ClientOptions::new(discovery.socket, workspace).require(required)).await?;
        Ok(client)
    }

    /// Who answered: the daemon's version and pid, the serving identities.
    pub fn identity(&self) -> &Identity {
        self.inner.identity.get().expect("connect sets the identity before returning the client")
    }

    /// Closes the connection: pending calls and streams end with a transport error. Work the
    /// service accepted goes on (a running turn is not cancelled). Clones share the connection,
    /// so this closes it for them too.
    pub fn close(&self) {
        let mut failure = lock(&self.inner.failure);
        if failure.is_none() {
            *failure = Some(CallError::Transport("the client closed the connection".into()));
        }
        // The writer task shuts the socket's write side down once its queue is dropped.
        lock(&self.inner.outbox).take();
    }

    /// Fails the connection for a broken rule the caller found in an answer (as the reader
    /// does for one it finds itself); returns the error to give the caller.
    pub(crate) fn broke_protocol(&self, reason: String) -> CallError {
        let error = CallError::Protocol(reason);
        fail(&self.inner, error.clone());
        error
    }

    /// What this connection's `profile.negotiate` accepted for `profile`; `None` when it did not
    /// opt in.
    pub fn negotiated(&self, profile: Profile) -> Option<ProfileNegotiateResponse> {
        lock(&self.inner.negotiated).iter().find(|t| t.profile == profile.as_str()).cloned()
    }

    /// The `initialize` result: identities, capabilities and limits.
    pub fn init(&self) -> &InitializeResponse {
        self.inner.init.get().expect("connect sets init before returning the client")
    }

    /// Whether the service advertises `method`.
    pub fn offers(&self, method: Method) -> bool {
        self.init().capabilities.operations.iter().any(|o| o == method.as_str())
    }

    /// One request of operation `O` to `target` (`&()` for operations without a session, a
    /// session ID for reads of a session, a [`Claim`](crate::Claim) for turns and detach), awaiting its
    /// response.
    ///
    /// It waits until answered, or for [`ClientOptions::request_timeout`] when set.
    pub async fn call<O: Operation>(
        &self,
        target: &(impl Target<O::Slots> + ?Sized),
        payload: O::Request,
    ) -> Result<O::Response, CallError> {
        self.call_until::<O>(self.inner.request_timeout, target, payload).await
    }

    /// [`Client::call`] with its own deadline: past it, [`CallError::Timeout`] (naming the
    /// operation ID of a mutation that was sent, whose outcome [`Client::lookup`] tells). The
    /// request is never resent, and its answer is discarded if it comes later.
    pub async fn call_within<O: Operation>(
        &self,
        deadline: Duration,
        target: &(impl Target<O::Slots> + ?Sized),
        payload: O::Request,
    ) -> Result<O::Response, CallError> {
        self.call_until::<O>(Some(deadline), target, payload).await
    }

    async fn call_until<O: Operation>(
        &self,
        deadline: Option<Duration>,
        target: &(impl Target<O::Slots> + ?Sized),
        payload: O::Request,
    ) -> Result<O::Response, CallError> {
        let slots = target.slots()?;
        let (request_id, n) = self.request_id();
        let ids = self.inner.ids.get().cloned().unwrap_or_default();
        let typed = TypedRequest::<O>::new(request_id, &ids, || self.operation_id(n), &slots, payload);
        let sent = self.send(O::METHOD, typed.envelope());
        let result = match deadline {
            None => sent.await,
            Some(d) => tokio::time::timeout(d, sent).await.unwrap_or_else(|_| {
                Err(CallError::Timeout {
                    method: O::NAME.to_owned(),
                    deadline: d,
                    operation_id: typed.envelope().operation_id.clone(),
                })
            }),
        };
        if let Err(CallError::Service(e)) = &result {
            target.answered(e);
        }
        O::from_payload(result?).map_err(|m| CallError::Protocol(format!("{} answered with {}", O::NAME, m.as_str())))
    }

    /// A request whose method is chosen at run time (a command line): the payload's method,
    /// the slots checked against its rules first.
    pub async fn call_dynamic(
        &self,
        session_id: Option<&str>,
        control: Option<Control>,
        payload: RequestPayload,
    ) -> Result<ResponsePayload, CallError> {
        let method = payload.name();
        check_slots(method, session_id, control.as_ref())?;
        let (request_id, n) = self.request_id();
        let rules = method.rules();
        let ids = rules.requires_initialization.then(|| self.inner.ids.get().cloned().unwrap_or_default());
        let envelope = RequestEnvelope::new(
            PROTOCOL_VERSION,
            request_id,
            ids.as_ref().map(|i| i.instance_id.clone()),
            ids.map(|i| i.connection_id),
            session_id.map(str::to_owned),
            rules.mutation.then(|| self.operation_id(n)),
            control,
            method.as_str().to_owned(),
            payload,
        );
        self.send(method, &envelope).await
    }

    /// What became of a mutation (`operation.lookup`): how an uncertain outcome is reconciled.
    pub async fn lookup(&self, operation_id: &str) -> Result<OperationLookupResponse, CallError> {
        self.call::<operation::OperationLookup>(&(), OperationLookupRequest::new(operation_id)).await
    }

    /// One `session.replay` page of `session` (its ID or a [`Claim`](crate::Claim)) after `after` (a saved
    /// `next_cursor`; `None` from the window's start), at most `limit` items.
    pub async fn replay(
        &self,
        session: &(impl Target<InSession> + ?Sized),
        after: Option<String>,
        limit: u32,
    ) -> Result<SessionReplayResponse, CallError> {
        let request = SessionReplayRequest::new().with_after(after).with_limit(limit);
        self.call::<operation::SessionReplay>(session, request).await
    }

    /// Every checked event of this connection.
    pub fn events(&self) -> EventStream {
        lock(&self.inner.router).connection()
    }

    /// Checked events of one session, from now on.
    pub fn session_events(&self, session_id: &str) -> EventStream {
        lock(&self.inner.router).session(session_id)
    }

    /// A turn's events, ending after its terminal. For a turn this connection started, the
    /// stream holds the turn from its start however late it is taken.
    pub fn turn_events(&self, turn_id: &str) -> EventStream {
        lock(&self.inner.router).turn(turn_id)
    }

    fn request_id(&self) -> (String, u64) {
        let n = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        (format!("req-{n}"), n)
    }

    fn operation_id(&self, n: u64) -> String {
        let conn = self.inner.ids.get().map(|i| i.connection_id.as_str()).unwrap_or("init");
        format!("op-{conn}-{n}")
    }

    async fn send(
        &self,
        method: Method,
        envelope: &RequestEnvelope<RequestPayload>,
    ) -> Result<ResponsePayload, CallError> {
        let record = encode_record(envelope).map_err(|e: EncodeError| CallError::InvalidRequest(e.to_string()))?;
        // Strict request encoding: refuse to send what the server's decoder would refuse.
        decode_request(&record[..record.len() - 1]).map_err(|e| CallError::InvalidRequest(e.to_string()))?;
        self.within_server_bounds(&record, &envelope.payload)?;
        let (tx, rx) = oneshot::channel();
        {
            // Registered under the failure lock, so a call never waits on a dead reader; handed
            // to the writer whole, with no await in between, so dropping the call is safe.
            let failure = lock(&self.inner.failure);
            if let Some(e) = failure.clone() {
                return Err(e);
            }
            let outbox = lock(&self.inner.outbox);
            let Some(outbox) = outbox.as_ref() else {
                return Err(CallError::Transport("the connection is closed".into()));
            };
            lock(&self.inner.pending).insert(envelope.request_id.clone(), Pending { method, tx });
            if outbox.send(record).is_err() {
                lock(&self.inner.pending).remove(&envelope.request_id);
                return Err(CallError::Transport("the connection's writer stopped".into()));
            }
        }
        // Dropped before the answer (a deadline, or the caller's own), the call's entry stays
        // until the answer comes, which then goes nowhere: discarded, never uncorrelated.
        let response = rx.await.map_err(|_| CallError::Transport("the reader stopped".into()))??;
        match (response.payload, response.error) {
            (Some(p), None) => Ok(p),
            (_, Some(e)) => Err(CallError::Service(ServiceError::from_object(e))),
            (None, None) => Err(CallError::Protocol("response without payload or error".into())),
        }
    }
}

impl Client {
    fn within_server_bounds(&self, record: &[u8], payload: &RequestPayload) -> Result<(), CallError> {
        match self.inner.init.get() {
            Some(init) => within_server_bounds(&init.limits, record, payload),
            None => Ok(()),
        }
    }
}

/// "For requests ..., use the smaller of the applicable server and local limits": the strict
/// decoder applies the local bounds; a service may advertise smaller record and payload bounds
/// (initialize's limits, after preflight), and a request over them is never sent.
fn within_server_bounds(advertised: &LimitMap, record: &[u8], payload: &RequestPayload) -> Result<(), CallError> {
    let over = |what: &str, bytes: usize, bound: u64| {
        CallError::InvalidRequest(format!("the request {what} is {bytes} bytes; the service accepts at most {bound}"))
    };
    if record.len() as u64 > advertised.max_record_bytes {
        return Err(over("record", record.len(), advertised.max_record_bytes));
    }
    let encoded = encode_record(payload).map_err(|e| CallError::InvalidRequest(e.to_string()))?;
    // Compact JSON bytes of the payload, without the record's newline.
    let bytes = encoded.len() - 1;
    if bytes as u64 > advertised.max_payload_bytes {
        return Err(over("payload", bytes, advertised.max_payload_bytes));
    }
    Ok(())
}

/// Writes whole records in order until the queue is dropped or a write fails, then shuts the
/// write side down (the service learns the connection is over; the reader then ends).
async fn write_loop(mut writer: OwnedWriteHalf, mut records: mpsc::UnboundedReceiver<Vec<u8>>) {
    while let Some(record) = records.recv().await {
        if writer.write_all(&record).await.is_err() {
            break;
        }
    }
    let _ = writer.shutdown().await;
}

async fn read_loop(mut reader: LineReader<OwnedReadHalf>, inner: Arc<Inner>) {
    let mut sequences = SequenceTracker::default();
    let failure = loop {
        let record = match reader.next().await {
            Ok(Line::Record(r)) => r,
            Ok(Line::Eof) => break CallError::Transport("the service closed the connection".into()),
            Ok(Line::EofMidRecord) => {
                break CallError::Transport("the service closed the connection mid-record".into())
            }
            Ok(Line::TooLarge) => break CallError::Protocol(ConsumerError::RecordTooLarge.to_string()),
            Err(e) => break CallError::Transport(e.to_string()),
        };
        if let Err(e) = handle(&record, &inner, &mut sequences) {
            // A protocol failure invalidates the stream: stop trusting the connection.
            break e;
        }
    };
    fail(&inner, failure);
}

/// Stops trusting the connection: pending calls and streams end with `failure`, and the write
/// side closes, so the service learns the connection is over.
fn fail(inner: &Inner, failure: CallError) {
    let reason = failure.to_string();
    lock(&inner.failure).get_or_insert_with(|| failure.clone());
    for (_, p) in lock(&inner.pending).drain() {
        let _ = p.tx.send(Err(failure.clone()));
    }
    lock(&inner.router).fail(&reason);
    lock(&inner.outbox).take();
}

fn handle(record: &[u8], inner: &Inner, sequences: &mut SequenceTracker) -> Result<(), CallError> {
    let mut slot = None;
    let incoming = decode_incoming(record, |id| {
        slot = lock(&inner.pending).remove(id);
        slot.as_ref().map(|p| p.method)
    });
    match incoming.map_err(|e| CallError::Protocol(e.to_string()))? {
        Incoming::Response(r) => respond(r, slot, inner),
        Incoming::Event(ev) => {
            check_event(&ev, inner, sequences)?;
            lock(&inner.router).route(&ev);
            Ok(())
        }
    }
}

fn respond(r: Response, slot: Option<Pending>, inner: &Inner) -> Result<(), CallError> {
    // An error response never asked for the method, so its pending call is found now.
    let pending = slot.or_else(|| r.request_id.as_deref().and_then(|id| lock(&inner.pending).remove(id)));
    let pending = pending.ok_or_else(|| CallError::Protocol(ConsumerError::Uncorrelated.to_string()))?;
    // Before initialize answers, identities are null; after, they must be this connection's.
    if let Some(ids) = inner.ids.get() {
        let ours = r.instance_id.as_deref() == Some(&ids.instance_id)
            && r.connection_id.as_deref() == Some(&ids.connection_id);
        if !ours {
            return Err(CallError::Protocol("response carries another instance or connection".into()));
        }
    }
    match &r.payload {
        // The turn's buffer exists before any of its events is read.
        Some(ResponsePayload::TurnStart(t)) => lock(&inner.router).own_turn(&t.turn_id),
        // The profile's events are expected from the answer on, before its caller reads it.
        Some(ResponsePayload::ProfileNegotiate(terms)) => lock(&inner.negotiated).push(terms.clone()),
        _ => {}
    }
    let _ = pending.tx.send(Ok(r));
    Ok(())
}

/// "Correlate ... events to instance, connection, session, operation, grant generation and
/// turn": identities must be this connection's, and turn events follow their sequence rules.
fn check_event(ev: &Event, inner: &Inner, sequences: &mut SequenceTracker) -> Result<(), CallError> {
    let ids = inner.ids.get().ok_or_else(|| CallError::Protocol("event before initialize completed".into()))?;
    if ev.instance_id != ids.instance_id || ev.connection_id != ids.connection_id {
        return Err(CallError::Protocol("event carries another instance or connection".into()));
    }
    let name = ev.payload.name();
    if let Some(profile) = Profile::ALL.iter().find(|p| p.events().contains(&name)) {
        if !lock(&inner.negotiated).iter().any(|t| t.profile == profile.as_str()) {
            let reason = format!("unadvertised event {name}: this connection did not negotiate {profile}");
            return Err(CallError::Protocol(reason));
        }
    }
    let (turn, seq, terminal) = match &ev.payload {
        EventPayload::TurnStarted(p) => (&p.turn_id, 0, false),
        EventPayload::TurnAssistantDelta(p) => (&p.turn_id, p.sequence, false),
        EventPayload::TurnActivity(p) => (&p.turn_id, p.sequence, false),
        EventPayload::TurnTerminal(p) => (&p.turn_id, p.sequence, true),
        _ => return Ok(()),
    };
    sequences.observe(turn, seq, terminal).map_err(|e| CallError::Protocol(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agentwire_protocol::TurnStartRequest;

    #[test]
    fn a_request_over_a_smaller_advertised_payload_bound_is_refused() {
        // "For requests and configurable page sizes, use the smaller of the applicable server
        // and local limits." Found by the conformance client suite
        // (client.requests.server_limit_smaller): the client checked the local bounds only.
        let caps: serde_json::Value = serde_json::from_str(agentwire_protocol::CAPABILITIES_JSON).unwrap();
        let local: LimitMap =
            agentwire_protocol::consumer::decode_value(&caps["limits"], agentwire_protocol::runtime::Mode::Tolerant)
                .unwrap();
        let mut smaller = local.clone();
        smaller.max_payload_bytes = local.max_payload_bytes / 4;
        let prompt = "a".repeat(smaller.max_payload_bytes as usize);
        let payload = RequestPayload::TurnStart(TurnStartRequest::new(prompt));
        let record = b"{}\n";
        assert!(within_server_bounds(&local, record, &payload).is_ok());
        assert!(matches!(within_server_bounds(&smaller, record, &payload), Err(CallError::InvalidRequest(_))));
        let mut small_record = local.clone();
        small_record.max_record_bytes = 2;
        assert!(matches!(within_server_bounds(&small_record, record, &payload), Err(CallError::InvalidRequest(_))));
    }
}
