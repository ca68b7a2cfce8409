//! One connection: a reader that decodes and admits requests (initialization, instance
//! identity, request IDs in flight: [`ConnState`]), and request tasks that write
//! their own responses through the connection's [`Outbound`] (so records never interleave),
//! which work the requests started (turns, logins) writes its events through as well. A
//! request whose work completes at once is answered inline, without a task hop; one that has
//! to wait moves to its own task so the connection keeps reading. Disconnect revokes grants;
//! accepted work goes on.

use super::dispatch::Dispatch;
use super::outbound::{ConnCtx, Outbound, ResponseIds};
use crate::operations::ResponseTicket;
use crate::transport::accepted::{AcceptedConnection, ConnectionHandler, HandlerFuture};
use crate::transport::framing::{ReadOutcome, RecordReader};
use agentwire_protocol::{decode_request, limits, ErrorCode, Method, Request, RequestError, ResponsePayload};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Waker};
use tokio::net::unix::OwnedReadHalf;

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
/// (`status`, lookups) are so written before the next record is read: records that arrive
/// together are answered in their order (the conformance vector `frame.two_records_one_write`
/// checks it), which spawning every request would not keep.
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
}

impl ConnState {
    pub fn new(connection_id: String, instance_id: String) -> Self {
        Self { connection_id, instance_id, initialized: AtomicBool::new(false), in_flight: Mutex::new(Vec::new()) }
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

    /// "Request IDs are reserved through response writing."
    pub fn release(&self, request_id: &str) {
        let mut set = crate::sync::lock(&self.in_flight);
        if let Some(i) = set.iter().position(|id| id == request_id) {
            set.swap_remove(i);
        }
    }
}
