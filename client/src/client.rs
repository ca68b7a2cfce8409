//! The connection: one writer shared by callers, one reader task that routes each response to
//! its pending call and each checked event to the streams that subscribed to it.

use crate::claim::Claim;
use crate::error::{CallError, ConnectError, ServiceError, VersionMismatch};
use crate::framing::{Line, LineReader};
use crate::handshake::{handshake, HandshakeError};
use crate::preflight::preflight;
use crate::sequence::SequenceTracker;
use crate::streams::{EventStream, Router};
use crate::target::Target;
use agentwire_protocol::runtime::{encode_record, EncodeError};
use agentwire_protocol::typed::{check_slots, Identities};
use agentwire_protocol::{
    decode_incoming, decode_request, limits, operation, ConsumerError, Control, ErrorCode, Event, EventPayload,
    HandshakeRejection, HandshakeReplyAccepted, HandshakeRequest, Incoming, InitializeRequest, InitializeResponse,
    LimitMap, Method, Operation, RequestEnvelope, RequestPayload, Response, ResponsePayload, SessionClaimRequest,
    TypedRequest, PROTOCOL_VERSION,
};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::oneshot;

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

pub(crate) struct Inner {
    writer: tokio::sync::Mutex<OwnedWriteHalf>,
    pending: Mutex<HashMap<String, Pending>>,
    router: Mutex<Router>,
    /// Why the connection stopped, once it has.
    failure: Mutex<Option<CallError>>,
    next_id: AtomicU64,
    ids: OnceLock<Identities>,
    init: OnceLock<InitializeResponse>,
    accepted: HandshakeReplyAccepted,
}

/// A connected, initialized and preflighted client. Cheap to clone: clones share the connection.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

/// The client's one way to take a mutex: every one guards state changed in single steps that
/// cannot panic halfway, so a poisoned lock still guards consistent data.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
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
        let inner = Arc::new(Inner {
            writer: tokio::sync::Mutex::new(conn.writer),
            pending: Mutex::default(),
            router: Mutex::new(Router::new(options.event_buffer)),
            failure: Mutex::default(),
            next_id: AtomicU64::new(1),
            ids: OnceLock::new(),
            init: OnceLock::new(),
            accepted: conn.accepted,
        });
        tokio::spawn(read_loop(conn.reader, Arc::clone(&inner)));
        let client = Client { inner };
        let payload = InitializeRequest::new(vec![PROTOCOL_VERSION])
            .with_requested_capabilities(options.required.iter().map(|m| m.as_str().to_owned()).collect());
        let init = client.call::<operation::Initialize>(&(), payload).await.map_err(ConnectError::Initialize)?;
        preflight(&client.inner.accepted, &init, &options.required)?;
        let ids = Identities { instance_id: init.instance_id.clone(), connection_id: init.connection_id.clone() };
        let _ = client.inner.ids.set(ids);
        let _ = client.inner.init.set(init);
        Ok(client)
    }

    /// The handshake's accepted reply (the service's identities and pid).
    pub fn accepted(&self) -> &HandshakeReplyAccepted {
        &self.inner.accepted
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
    /// session ID for reads of a session, a [`Claim`] for turns and detach), awaiting its
    /// response.
    pub async fn call<O: Operation>(
        &self,
        target: &(impl Target<O::Slots> + ?Sized),
        payload: O::Request,
    ) -> Result<O::Response, CallError> {
        let slots = target.slots()?;
        let (request_id, n) = self.request_id();
        let ids = self.inner.ids.get().cloned().unwrap_or_default();
        let typed = TypedRequest::<O>::new(request_id, &ids, || self.operation_id(n), &slots, payload);
        let result = self.send(O::METHOD, typed.envelope()).await;
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

    /// Claims `session_id` (`take_over` revokes another connection's control): the handle
    /// carries the control that turns and detach need.
    pub async fn claim(&self, session_id: &str, take_over: bool) -> Result<Claim, CallError> {
        let response = self
            .call::<operation::SessionClaim>(session_id, SessionClaimRequest::new().with_take_over(take_over))
            .await?;
        Ok(Claim::new(response, self.clone()))
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
            // Registered under the failure lock, so a call never waits on a dead reader.
            let failure = lock(&self.inner.failure);
            if let Some(e) = failure.clone() {
                return Err(e);
            }
            lock(&self.inner.pending).insert(envelope.request_id.clone(), Pending { method, tx });
        }
        let written = self.inner.writer.lock().await.write_all(&record).await;
        if let Err(e) = written {
            lock(&self.inner.pending).remove(&envelope.request_id);
            return Err(CallError::Transport(e.to_string()));
        }
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
    let reason = failure.to_string();
    *lock(&inner.failure) = Some(failure.clone());
    for (_, p) in lock(&inner.pending).drain() {
        let _ = p.tx.send(Err(failure.clone()));
    }
    lock(&inner.router).fail(&reason);
    // Closing our write side too: the service learns the connection is over.
    let _ = inner.writer.lock().await.shutdown().await;
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
    if let Some(ResponsePayload::TurnStart(t)) = &r.payload {
        // The turn's buffer exists before any of its events is read.
        lock(&inner.router).own_turn(&t.turn_id);
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
    let (turn, seq, terminal) = match &ev.payload {
        EventPayload::TurnStarted(p) => (&p.turn_id, 0, false),
        EventPayload::TurnAssistantDelta(p) => (&p.turn_id, p.sequence, false),
        EventPayload::TurnActivity(p) => (&p.turn_id, p.sequence, false),
        EventPayload::TurnTerminal(p) => (&p.turn_id, p.sequence, true),
        _ => return Ok(()),
    };
    sequences.observe(turn, seq, terminal).map_err(|e| CallError::Protocol(e.to_string()))
}

/// Whether an error means the claim's grant is gone.
pub(crate) fn revokes(e: &ServiceError) -> bool {
    e.is(ErrorCode::StaleGrant) || e.is(ErrorCode::ControlRequired)
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
