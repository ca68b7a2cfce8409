//! A connection's one outbound path: responses (from request tasks) and events (from turns
//! and logins) are encoded and written under the same writer lock, so records never interleave
//! and every ordering rule between them is decided in one place.
//!
//! Response records carry the request's identities and are encoded within the record bound:
//! a success that cannot be encoded within it becomes a fixed `internal_error`.
//!
//! Event envelopes are built in one place from each event's generated rules: the event's
//! correlation says which identities its envelope sets, and every other slot is null whatever
//! the sender knows. A slot the rules require that the sender cannot fill is an error, so no
//! event goes out half-correlated.

use super::connection::ConnState;
use crate::transport::framing::RecordWriter;
use agentwire_protocol::runtime::encode_record_into;
use agentwire_protocol::{
    ErrorCode, ErrorObject, EventEnvelope, EventPayload, ResponseEnvelope, ResponsePayload, SessionId, PROTOCOL_VERSION,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::net::unix::OwnedWriteHalf;
use tokio::sync::{watch, Mutex};

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
    output: Mutex<Output>,
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
}

impl Outbound {
    pub(super) fn new(state: Arc<ConnState>, writer: RecordWriter<OwnedWriteHalf>) -> Self {
        Outbound { state, output: Mutex::new(Output { writer, buffer: Vec::new() }), closed: watch::Sender::new(false) }
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
        let Output { writer, buffer } = &mut *output;
        let request_id = encode_into(buffer, ids, result).filter(|_| reserved);
        self.write_locked(writer, buffer, request_id.as_deref(), close_after).await;
    }

    /// Write one event of work correlated as `correlation`, unless `fence` no longer holds.
    /// The fence is checked under the writer lock: a detach (or any other control transition)
    /// completes before its response is written under this same lock, so an event of the old
    /// control cannot follow that response. Returns whether the event can still reach this
    /// connection: `false` once the fence moved or the connection closed.
    pub async fn event(&self, correlation: &Correlation<'_>, payload: EventPayload, fence: Option<&Fence>) -> bool {
        let mut output = self.output.lock().await;
        if fence.is_some_and(|f| !f.is_current()) || self.is_closed() {
            return false;
        }
        let envelope = match envelope(&self.state.instance_id, &self.state.connection_id, correlation, payload) {
            Ok(e) => e,
            Err(e) => {
                tracing::error!(error = %e, "event not sent");
                return true;
            }
        };
        let Output { writer, buffer } = &mut *output;
        if let Err(e) = encode_record_into(&envelope, buffer) {
            // The senders' bounds make this unreachable for known payloads.
            tracing::error!(error = %e, event = %envelope.event, "event could not be encoded; not sent");
            return true;
        }
        self.write_locked(writer, buffer, None, false).await;
        !self.is_closed()
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
    use tokio::io::AsyncBufReadExt;
    let (ours, peer) = tokio::net::UnixStream::pair().expect("socket pair");
    let (_, write) = ours.into_split();
    let connection_id = format!("cn_{seq}");
    let state = Arc::new(ConnState::new(connection_id.clone(), "in_1".into()));
    let writer = RecordWriter::new(write, 1 << 20, std::time::Duration::from_secs(10));
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
pub fn encode_into(out: &mut Vec<u8>, ids: ResponseIds, result: Result<ResponsePayload, ErrorCode>) -> Option<String> {
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
pub struct MissingSlot {
    pub event: &'static str,
    pub slot: &'static str,
}

/// The envelope of `payload` for the connection `connection_id` of instance `instance_id`.
pub fn envelope(
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
