//! One connection: a reader that decodes and admits requests, concurrent request tasks, and a
//! single writer so records never interleave. Disconnect revokes grants; accepted work goes on.

use super::admission::ConnState;
use super::respond::{encode, ResponseIds};
use crate::connection::{AcceptedConnection, ConnectionHandler, HandlerFuture};
use crate::framing::{ReadOutcome, RecordReader, RecordWriter};
use crate::service::{ConnCtx, Outbound, Service};
use agentwire_protocol::{decode_request, limits, ErrorCode, Method, RequestError};
use std::sync::Arc;
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::{mpsc, Notify};

/// Serves wire v2 on connections that passed the identity handshake.
pub struct WireHandler {
    pub service: Arc<Service>,
}

impl ConnectionHandler for WireHandler {
    fn handle(&self, connection: AcceptedConnection) -> HandlerFuture {
        Box::pin(serve(Arc::clone(&self.service), connection))
    }
}

async fn serve(service: Arc<Service>, connection: AcceptedConnection) {
    let (seq, connection_id) = service.open_connection();
    let state = Arc::new(ConnState::new(connection_id.clone(), service.identity.instance_id.clone()));
    let (out, queue) = mpsc::channel(limits::TURN_EVENT_QUEUE_ITEMS as usize);
    let closed = Arc::new(Notify::new());
    let writer = tokio::spawn(write_loop(connection.writer, queue, Arc::clone(&state), Arc::clone(&closed)));
    let cx = ConnCtx { seq, connection_id, out };
    read_loop(&service, &state, &cx, connection.reader, &closed).await;
    tracing::debug!(conn = seq, "connection ended");
    service.close_connection(seq).await;
    drop(cx);
    // The writer ends once every in-flight task has sent its response.
    let _ = writer.await;
}

async fn read_loop(service: &Arc<Service>, state: &Arc<ConnState>, cx: &ConnCtx, mut reader: RecordReader<OwnedReadHalf>, closed: &Notify) {
    loop {
        let outcome = tokio::select! {
            o = reader.next_record() => o,
            () = closed.notified() => return,
        };
        match outcome {
            Ok(ReadOutcome::Record(record)) => handle_record(service, state, cx, &record).await,
            Ok(ReadOutcome::TooLarge) => {
                // "a record over max_record_bytes gets record_too_large and the socket closes"
                let err = RequestError { code: ErrorCode::RecordTooLarge, request_id: None, session_id: None, operation_id: None };
                respond_error(state, cx, &err).await;
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

async fn respond_error(state: &ConnState, cx: &ConnCtx, err: &RequestError) {
    let (instance_id, connection_id) = connection_ids(state);
    let ids = ResponseIds { request_id: err.request_id.clone(), session_id: err.session_id.clone(), operation_id: err.operation_id.clone(), instance_id, connection_id };
    let record = encode(&ids, Err(err.code));
    // The request ID was never reserved, so there is nothing to release.
    let _ = cx.out.send(Outbound::Response { record, request_id: None, close_after: err.closes_connection() }).await;
}

async fn handle_record(service: &Arc<Service>, state: &Arc<ConnState>, cx: &ConnCtx, record: &[u8]) {
    let request = match decode_request(record) {
        Ok(r) => r,
        Err(err) => return respond_error(state, cx, &err).await,
    };
    let ids_of = |request_id: Option<String>| RequestError {
        code: ErrorCode::InternalError,
        request_id,
        session_id: request.session_id.clone(),
        operation_id: request.operation_id.clone(),
    };
    if let Err(code) = state.admit(&request) {
        let err = RequestError { code, ..ids_of(Some(request.request_id.clone())) };
        return respond_error(state, cx, &err).await;
    }
    let method = request.payload.name();
    let mut ids = ResponseIds { request_id: Some(request.request_id.clone()), session_id: request.session_id.clone(), operation_id: request.operation_id.clone(), ..Default::default() };
    if method == Method::Initialize {
        // Initialization completes before the next record is read, so nothing races it.
        let result = service.run(cx, request).await;
        if result.is_ok() {
            state.mark_initialized();
        }
        (ids.instance_id, ids.connection_id) = connection_ids(state);
        send_response(cx, ids, result).await;
        return;
    }
    (ids.instance_id, ids.connection_id) = connection_ids(state);
    let (service, cx) = (Arc::clone(service), cx.clone());
    tokio::spawn(async move {
        let result = service.run(&cx, request).await;
        send_response(&cx, ids, result).await;
    });
}

async fn send_response(cx: &ConnCtx, ids: ResponseIds, result: Result<agentwire_protocol::ResponsePayload, ErrorCode>) {
    let record = encode(&ids, result);
    let _ = cx.out.send(Outbound::Response { record, request_id: ids.request_id, close_after: false }).await;
}

async fn write_loop(mut writer: RecordWriter<OwnedWriteHalf>, mut queue: mpsc::Receiver<Outbound>, state: Arc<ConnState>, closed: Arc<Notify>) {
    while let Some(out) = queue.recv().await {
        let (record, request_id, close_after) = match out {
            Outbound::Response { record, request_id, close_after } => (record, request_id, close_after),
            Outbound::Event(record) => (record, None, false),
        };
        let written = writer.write_record(&record).await;
        if let Some(id) = request_id {
            state.release(&id);
        }
        if written.is_err() || close_after {
            if let Err(e) = written {
                tracing::debug!(error = %e, "write failed; closing connection");
            }
            let _ = writer.shutdown().await;
            closed.notify_one();
            return;
        }
    }
}
