//! One connection: a reader that decodes and admits requests, request tasks that write their
//! own responses through the connection's single writer (so records never interleave), and an
//! event pump. A request whose work completes at once is answered inline, without a task hop;
//! one that has to wait moves to its own task so the connection keeps reading.
//! Disconnect revokes grants; accepted work goes on.

use super::admission::ConnState;
use super::close_signal::CloseSignal;
use super::respond::{encode_into, ResponseIds};
use crate::operations::ResponseTicket;
use crate::service::{ConnCtx, Outbound, Service};
use crate::sessions::Fence;
use crate::transport::accepted::{AcceptedConnection, ConnectionHandler, HandlerFuture};
use crate::transport::framing::{ReadOutcome, RecordReader, RecordWriter};
use agentwire_protocol::{decode_request, limits, ErrorCode, Method, RequestError, ResponsePayload};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Waker};
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::{mpsc, Mutex};

/// How long, and how much, a connection closed for an oversized record still reads, so its
/// `record_too_large` response is not lost to a reset.
const LINGER: std::time::Duration = std::time::Duration::from_secs(1);
const LINGER_BYTES: usize = 1 << 20;

/// Serves wire v2 on connections that passed the identity handshake.
pub struct WireHandler {
    pub service: Arc<Service>,
}

impl ConnectionHandler for WireHandler {
    fn handle(&self, connection: AcceptedConnection) -> HandlerFuture {
        Box::pin(serve(Arc::clone(&self.service), connection))
    }
}

/// Ordinary responses fit a buffer of this size; one grown further for a rare large answer (a
/// replay or catalog page) is let go rather than held for the connection's life.
const KEEP_BUFFER_BYTES: usize = 8 * 1024;

/// The write side shared by responses and the event pump.
struct Sink {
    state: Arc<ConnState>,
    output: Mutex<Output>,
    closed: CloseSignal,
}

/// The connection's writer, and the buffer responses are encoded into, reused so that answering
/// costs no allocation.
struct Output {
    writer: RecordWriter<OwnedWriteHalf>,
    buffer: Vec<u8>,
}

impl Sink {
    /// Write one framed record, releasing its request ID as the write begins (see
    /// [`Sink::write_locked`]).
    async fn write(&self, record: &[u8], request_id: Option<&str>, close_after: bool) {
        let mut output = self.output.lock().await;
        self.write_locked(&mut output.writer, record, request_id, close_after).await;
    }

    /// Encode and write a response; `reserved` says whether its request ID was reserved and is
    /// to be released once the response is written.
    async fn write_response(
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
        if buffer.capacity() > KEEP_BUFFER_BYTES {
            *buffer = Vec::new();
        }
    }

    /// Write one event unless its fence no longer holds. Checked under the writer lock: a
    /// detach (or any other control transition) completes before its response is written under
    /// this same lock, so an event of the old control cannot follow that response.
    async fn write_event(&self, record: &[u8], fence: Option<&Fence>) {
        let mut output = self.output.lock().await;
        if fence.is_some_and(|f| !f.is_current()) {
            return;
        }
        self.write_locked(&mut output.writer, record, None, false).await;
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
        record: &[u8],
        request_id: Option<&str>,
        close_after: bool,
    ) {
        if let Some(id) = request_id {
            self.state.release(id);
        }
        let written = writer.write_framed(record).await;
        if written.is_err() || close_after {
            if let Err(e) = written {
                tracing::debug!(error = %e, "write failed; closing connection");
            }
            let _ = writer.shutdown().await;
            self.closed.close();
        }
    }
}

/// What a request's task needs of its connection, behind one reference count: each request
/// clones this, not the daemon-wide service (whose count every connection's requests share).
struct Conn {
    service: Arc<Service>,
    sink: Arc<Sink>,
    cx: Arc<ConnCtx>,
}

async fn serve(service: Arc<Service>, connection: AcceptedConnection) {
    let (seq, connection_id) = service.open_connection();
    let state = Arc::new(ConnState::new(connection_id.clone(), service.identity.instance_id.clone()));
    let output = Output { writer: connection.writer, buffer: Vec::new() };
    let sink = Arc::new(Sink { state: Arc::clone(&state), output: Mutex::new(output), closed: CloseSignal::default() });
    let (out, queue) = mpsc::channel(limits::TURN_EVENT_QUEUE_ITEMS as usize);
    let pump = tokio::spawn(pump_events(queue, Arc::clone(&sink)));
    let cx = Arc::new(ConnCtx { seq, connection_id, out });
    service.register_connection(&cx);
    let conn = Arc::new(Conn { service, sink, cx });
    read_loop(&conn, connection.reader).await;
    tracing::debug!(conn = seq, "connection ended");
    conn.service.close_connection(seq).await;
    drop(conn);
    // The pump ends once every holder of the event queue is gone.
    let _ = pump.await;
}

async fn pump_events(mut queue: mpsc::Receiver<Outbound>, sink: Arc<Sink>) {
    while let Some(out) = queue.recv().await {
        match out {
            Outbound::Event { record, fence } => sink.write_event(&record, fence.as_ref()).await,
            Outbound::Response { record, request_id, close_after } => {
                sink.write(&record, request_id.as_deref(), close_after).await
            }
        }
    }
}

async fn read_loop(conn: &Arc<Conn>, mut reader: RecordReader<OwnedReadHalf>) {
    let Conn { sink, cx, .. } = &**conn;
    loop {
        let outcome = tokio::select! {
            // Records first; a closed writer matters only once no record is waiting.
            biased;
            o = reader.next_in_place() => o,
            () = sink.closed.closed() => return,
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
                respond_error(sink, &err).await;
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
async fn respond_error(sink: &Sink, err: &RequestError) {
    let (instance_id, connection_id) = connection_ids(&sink.state);
    let ids = ResponseIds {
        request_id: err.request_id.clone(),
        session_id: err.session_id.clone(),
        operation_id: err.operation_id.clone(),
        instance_id,
        connection_id,
    };
    sink.write_response(ids, Err(err.code), false, err.closes_connection()).await;
}

async fn handle_record(conn: &Arc<Conn>, record: &[u8]) {
    let Conn { service, sink, cx } = &**conn;
    let mut request = match decode_request(record) {
        Ok(r) => r,
        Err(err) => return respond_error(sink, &err).await,
    };
    if let Err(code) = sink.state.admit(&request) {
        let err = RequestError {
            code,
            request_id: Some(request.request_id.clone()),
            session_id: request.session_id.clone(),
            operation_id: request.operation_id.clone(),
        };
        return respond_error(sink, &err).await;
    }
    let method = request.payload.name();
    let mut ids = ResponseIds {
        // Handlers never read the request ID, so the response takes it.
        request_id: Some(std::mem::take(&mut request.request_id)),
        session_id: request.session_id.clone(),
        operation_id: request.operation_id.clone(),
        ..Default::default()
    };
    if method == Method::Initialize {
        // Initialization completes before the next record is read, so nothing races it.
        let (result, ticket) = service.run(cx, request).await;
        if result.is_ok() {
            sink.state.mark_initialized();
        }
        (ids.instance_id, ids.connection_id) = connection_ids(&sink.state);
        return respond(sink, ids, result, ticket).await;
    }
    // Admission left only this connection's identities here (or none before initialization),
    // exactly what the response echoes; handlers never read them, so the response takes them.
    (ids.instance_id, ids.connection_id) = (request.instance_id.take(), request.connection_id.take());
    let conn = Arc::clone(conn);
    run_or_spawn(Box::pin(async move {
        let (result, ticket) = conn.service.run(&conn.cx, request).await;
        respond(&conn.sink, ids, result, ticket).await;
    }));
}

/// Write a response, then redeem the ticket of the operation it began: work the request
/// started (a turn, a login) may send its first event only now. A failed write releases the
/// work too; the connection is closing and no response will precede its events.
async fn respond(
    sink: &Sink,
    ids: ResponseIds,
    result: Result<ResponsePayload, ErrorCode>,
    ticket: Option<ResponseTicket>,
) {
    sink.write_response(ids, result, true, false).await;
    if let Some(ticket) = ticket {
        ticket.written();
    }
}

/// Poll the request once in place; only work that has to wait costs a task.
fn run_or_spawn(mut task: Pin<Box<dyn Future<Output = ()> + Send + 'static>>) {
    // Futures re-register their waker on every poll, so a later poll by the runtime after
    // this no-op-waker poll observes every wake-up that matters.
    if task.as_mut().poll(&mut Context::from_waker(Waker::noop())).is_pending() {
        tokio::spawn(task);
    }
}
