//! The client connection: one writer, one reader task that routes responses to their pending
//! request and events to a channel after correlation and sequence checks.

use super::preflight::{preflight, PreflightError};
use super::sequence::{SequenceError, SequenceTracker};
use crate::framing::{ReadOutcome, RecordReader, RecordWriter};
use crate::handshake::messages::{Accepted, HandshakeRequest};
use crate::handshake::{connect_and_handshake, ClientHandshakeError, ClientLimits};
use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::{
    decode_event, decode_request, decode_response, limits, ConsumerError, Control, Event, EventPayload,
    InitializeRequest, InitializeResponse, Method, RequestEnvelope, RequestPayload, Response, ResponsePayload,
    PROTOCOL_VERSION,
};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::{mpsc, oneshot};

#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("handshake failed: {0}")]
    Handshake(#[from] ClientHandshakeError),
    #[error("preflight failed: {0}")]
    Preflight(#[from] PreflightError),
    #[error("initialize failed: {0}")]
    Initialize(String),
    #[error("request is invalid: {0}")]
    InvalidRequest(String),
    #[error("service broke the protocol: {0}")]
    Protocol(String),
    #[error("connection closed")]
    Closed,
}

type Pending = Arc<Mutex<HashMap<String, (Method, oneshot::Sender<Response>)>>>;

/// A connected, initialized and preflighted client.
pub struct Client {
    writer: tokio::sync::Mutex<RecordWriter<OwnedWriteHalf>>,
    pending: Pending,
    events: tokio::sync::Mutex<mpsc::Receiver<Result<Event, ClientError>>>,
    next_id: AtomicU64,
    pub accepted: Accepted,
    pub init: InitializeResponse,
}

impl Client {
    /// Handshake, initialize requiring `required`, and preflight; nothing mutates before this returns.
    pub async fn connect(
        socket: &Path,
        workspace: &str,
        version: &str,
        required: &[Method],
    ) -> Result<Client, ClientError> {
        let request = HandshakeRequest { version: version.to_owned(), workspace: workspace.to_owned() };
        let limits_ = ClientLimits {
            timeout: Duration::from_millis(limits::HANDSHAKE_TIMEOUT_MS),
            max_record_bytes: limits::MAX_RECORD_BYTES as usize,
        };
        let conn = connect_and_handshake(socket, &request, limits_).await?;
        let pending: Pending = Arc::default();
        let (tx, events) = mpsc::channel(limits::TURN_EVENT_QUEUE_ITEMS as usize);
        let events = tokio::sync::Mutex::new(events);
        tokio::spawn(read_loop(conn.reader, Arc::clone(&pending), tx));
        let mut client = Client {
            writer: tokio::sync::Mutex::new(conn.writer),
            pending,
            events,
            next_id: AtomicU64::new(1),
            accepted: conn.accepted,
            init: placeholder_init(),
        };
        let payload = RequestPayload::Initialize(InitializeRequest {
            supported_protocol_versions: vec![PROTOCOL_VERSION],
            requested_capabilities: required.iter().map(|m| m.as_str().to_owned()).collect(),
        });
        client.init = match client.call(None, None, payload).await? {
            Ok(ResponsePayload::Initialize(init)) => *init,
            Ok(other) => return Err(ClientError::Protocol(format!("initialize answered with {:?}", other.name()))),
            Err(e) => return Err(ClientError::Initialize(e.code)),
        };
        preflight(&client.accepted, &client.init, required)?;
        Ok(client)
    }

    /// Send one request and wait for its response: the success payload, or the error object.
    pub async fn call(
        &self,
        session_id: Option<&str>,
        control: Option<Control>,
        payload: RequestPayload,
    ) -> Result<Result<ResponsePayload, agentwire_protocol::ErrorObject>, ClientError> {
        let method = payload.name();
        let n = self.next_id.fetch_add(1, Ordering::Relaxed);
        let request_id = format!("req-{n}");
        let initialized = method != Method::Initialize;
        let envelope = RequestEnvelope {
            protocol_version: PROTOCOL_VERSION,
            request_id: request_id.clone(),
            instance_id: initialized.then(|| self.init.instance_id.clone()),
            connection_id: initialized.then(|| self.init.connection_id.clone()),
            session_id: session_id.map(str::to_owned),
            operation_id: method.rules().mutation.then(|| format!("op-{}-{n}", self.init.connection_id)),
            control,
            method: method.as_str().to_owned(),
            payload,
        };
        let mut record = encode_record(&envelope).map_err(|e| ClientError::InvalidRequest(e.to_string()))?;
        record.pop();
        // Strict request encoding: refuse to send what the server's decoder would refuse.
        decode_request(&record).map_err(|e| ClientError::InvalidRequest(e.to_string()))?;
        let (tx, rx) = oneshot::channel();
        lock(&self.pending).insert(request_id, (method, tx));
        self.writer.lock().await.write_record(&record).await.map_err(|_| ClientError::Closed)?;
        let response = rx.await.map_err(|_| ClientError::Closed)?;
        Ok(match (response.payload, response.error) {
            (Some(p), None) => Ok(p),
            (_, Some(e)) => Err(e),
            (None, None) => return Err(ClientError::Protocol("response without payload or error".into())),
        })
    }

    /// The next event, already checked for correlation and per-turn sequence.
    /// A consumer that stops taking events stops the reader too (backpressure to the
    /// service), so keep draining events while awaiting other calls.
    pub async fn next_event(&self) -> Option<Result<Event, ClientError>> {
        self.events.lock().await.recv().await
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Replaced by the real result before `connect` returns; never observed by callers.
fn placeholder_init() -> InitializeResponse {
    let caps = crate::service::advertised_capabilities().clone();
    InitializeResponse {
        protocol_version: PROTOCOL_VERSION,
        server_version: String::new(),
        instance_id: String::new(),
        connection_id: String::new(),
        workspace_id: String::new(),
        state_root_id: String::new(),
        limits: caps.limits.clone(),
        capabilities: caps,
    }
}

#[derive(serde::Deserialize)]
struct KindProbe<'a> {
    #[serde(borrow)]
    kind: Option<&'a str>,
}

async fn read_loop(
    mut reader: RecordReader<OwnedReadHalf>,
    pending: Pending,
    events: mpsc::Sender<Result<Event, ClientError>>,
) {
    let mut sequences = SequenceTracker::default();
    while let Ok(ReadOutcome::Record(record)) = reader.next_record().await {
        let kind = serde_json::from_slice::<KindProbe>(&record).ok().and_then(|k| k.kind.map(str::to_owned));
        let outcome = match kind.as_deref() {
            Some("response") => route_response(&record, &pending),
            Some("event") => match decode_event(&record)
                .map_err(|e| ClientError::Protocol(e.to_string()))
                .and_then(|ev| check_sequence(&mut sequences, &ev).map(|()| ev))
            {
                // Waiting here pushes back on the service rather than dropping events.
                Ok(ev) => events.send(Ok(ev)).await.map_err(|_| ClientError::Closed),
                Err(e) => Err(e),
            },
            _ => Err(ClientError::Protocol("unknown record kind".into())),
        };
        if let Err(e) = outcome {
            // A protocol failure invalidates the stream: report it and stop trusting the connection.
            let _ = events.send(Err(e)).await;
            break;
        }
    }
    lock(&pending).clear();
}

fn route_response(record: &[u8], pending: &Pending) -> Result<(), ClientError> {
    let mut slot = None;
    let response = decode_response(record, |id| {
        slot = lock(pending).remove(id);
        slot.as_ref().map(|(m, _)| *m)
    });
    match (response, slot) {
        (Ok(r), Some((_, tx))) => {
            let _ = tx.send(r);
            Ok(())
        }
        (Ok(r), None) => match r.request_id.as_deref().and_then(|id| lock(pending).remove(id)) {
            // An error response never asked for the method mapping, so route it now.
            Some((_, tx)) => {
                let _ = tx.send(r);
                Ok(())
            }
            None => Err(ClientError::Protocol("response to no pending request".into())),
        },
        (Err(ConsumerError::Uncorrelated), _) => Err(ClientError::Protocol("response to no pending request".into())),
        (Err(e), _) => Err(ClientError::Protocol(e.to_string())),
    }
}

fn check_sequence(t: &mut SequenceTracker, ev: &Event) -> Result<(), ClientError> {
    let (turn, seq, terminal) = match &ev.payload {
        EventPayload::TurnStarted(p) => (&p.turn_id, 0, false),
        EventPayload::TurnAssistantDelta(p) => (&p.turn_id, p.sequence, false),
        EventPayload::TurnActivity(p) => (&p.turn_id, p.sequence, false),
        EventPayload::TurnTerminal(p) => (&p.turn_id, p.sequence, true),
        _ => return Ok(()),
    };
    t.observe(turn, seq, terminal).map_err(|e: SequenceError| ClientError::Protocol(e.to_string()))
}
