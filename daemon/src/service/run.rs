//! Running one admitted request: mutations go through the operation table (same intent →
//! recorded outcome; other intent → operation_conflict), then the generated dispatch.

use super::{RequestCx, Service};
use crate::operations::{intent_digest, Begin, Outcome};
use crate::wire::{ConnCtx, Dispatch, Ran};
use agentwire_protocol::runtime::Deferred;
use agentwire_protocol::{dispatch, ErrorCode, OutcomeStatus, Request, RequestMeta, ResponsePayload};
use std::sync::Arc;
use std::time::Instant;

impl Dispatch for Service {
    fn instance_id(&self) -> &str {
        &self.identity.instance_id
    }

    fn open_connection(&self) -> (u64, String) {
        Service::open_connection(self)
    }

    fn register_connection(&self, cx: &ConnCtx) {
        Service::register_connection(self, cx);
    }

    async fn run(&self, cx: &Arc<ConnCtx>, request: Request) -> Ran {
        Service::run(self, cx, request).await
    }

    async fn close_connection(&self, seq: u64) {
        Service::close_connection(self, seq).await;
    }
}

impl Service {
    /// Run a decoded request that passed connection admission. A mutation that began its
    /// operation also returns the ticket the connection redeems once the response is written.
    pub async fn run(&self, conn: &Arc<ConnCtx>, request: Request) -> Ran {
        let mut payload = None;
        let meta: RequestMeta = request.map_payload(|p| {
            payload = Some(p);
            Deferred
        });
        let Some(payload) = payload else {
            return (Err(ErrorCode::InternalError), None);
        };
        let method = payload.name();
        let Some(operation_id) = meta.operation_id.clone().filter(|_| method.rules().mutation) else {
            let cx = RequestCx { conn: Arc::clone(conn), work: None };
            return (dispatch(self, &cx, &meta, payload).await, None);
        };
        let Ok(canonical) = serde_json::to_string(&payload) else {
            return (Err(ErrorCode::InternalError), None);
        };
        let digest = intent_digest(method, meta.session_id.as_deref(), &canonical);
        match self.operations.begin(&operation_id, method, meta.session_id.as_deref(), digest, Instant::now()) {
            Begin::Conflict => (Err(ErrorCode::OperationConflict), None),
            Begin::Full => (Err(ErrorCode::LimitExceeded), None),
            // A reuse while the first attempt runs waits for its response.
            Begin::Reuse(recorded) => (recorded.wait().await.clone(), None),
            Begin::New(recorded, ticket, work) => {
                let cx = RequestCx { conn: Arc::clone(conn), work: Some(work) };
                let result = dispatch(self, &cx, &meta, payload).await;
                // Work with a terminal event settles at its terminal, not at the response.
                let settles_later = result.is_ok() && method.events().iter().any(|e| e.rules().terminal);
                if !settles_later {
                    self.operations.settle(&operation_id, outcome_of(&result), Instant::now());
                }
                let _ = recorded.set(result.clone());
                (result, Some(ticket))
            }
        }
    }
}

fn outcome_of(result: &Result<ResponsePayload, ErrorCode>) -> Outcome {
    match result {
        Ok(_) => Outcome { status: OutcomeStatus::Succeeded, error: None },
        Err(code) => Outcome { status: OutcomeStatus::Failed, error: Some(*code) },
    }
}
