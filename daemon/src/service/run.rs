//! Running one admitted request: mutations go through the operation table (same intent →
//! recorded outcome; other intent → operation_conflict), then the generated dispatch.

use super::{ConnCtx, Service};
use crate::operations::{intent_digest, Begin, Outcome};
use agentwire_protocol::runtime::Deferred;
use agentwire_protocol::{dispatch, ErrorCode, OutcomeStatus, Request, RequestMeta, ResponsePayload};
use std::time::Instant;

impl Service {
    /// Run a decoded request that passed connection admission.
    pub async fn run(&self, cx: &ConnCtx, request: Request) -> Result<ResponsePayload, ErrorCode> {
        let mut payload = None;
        let meta: RequestMeta = request.map_payload(|p| {
            payload = Some(p);
            Deferred
        });
        let Some(payload) = payload else {
            return Err(ErrorCode::InternalError);
        };
        let method = payload.name();
        let Some(operation_id) = meta.operation_id.clone().filter(|_| method.rules().mutation) else {
            return dispatch(self, cx, &meta, payload).await;
        };
        let canonical = serde_json::to_string(&payload).map_err(|_| ErrorCode::InternalError)?;
        let digest = intent_digest(method, meta.session_id.as_deref(), &canonical);
        match self.operations.begin(&operation_id, method, meta.session_id.as_deref(), digest, Instant::now()) {
            Begin::Conflict => Err(ErrorCode::OperationConflict),
            Begin::Full => Err(ErrorCode::LimitExceeded),
            // A reuse while the first attempt runs waits for its response.
            Begin::Reuse(recorded) => recorded.wait().await.clone(),
            Begin::New(recorded) => {
                let result = dispatch(self, cx, &meta, payload).await;
                // Work with a terminal event settles at its terminal, not at the response.
                let settles_later = result.is_ok() && method.events().iter().any(|e| e.rules().terminal);
                if !settles_later {
                    self.operations.settle(&operation_id, outcome_of(&result), Instant::now());
                }
                let _ = recorded.set(result.clone());
                result
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
