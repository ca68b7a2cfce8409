//! Running one admitted call: mutations go through the operation table (same intent →
//! recorded outcome; other intent → operation_conflict), then the generated dispatch, whose
//! handlers may answer only the codes their operation declares.

use super::{RequestCx, Service};
use crate::operations::{intent_digest, Begin, Outcome};
use crate::wire::{ConnCtx, Dispatch, Ran};
use agentwire_protocol::typed::may_return;
use agentwire_protocol::{dispatch, Call, ErrorCode, Method, OutcomeStatus, ResponsePayload};
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

    /// Run a call that passed connection admission. A mutation that began its operation also
    /// returns the ticket the connection redeems once the response is written.
    async fn run(&self, conn: &Arc<ConnCtx>, call: Call) -> Ran {
        let method = call.method();
        let Some(operation_id) = call.operation_id().filter(|_| method.rules().mutation).map(str::to_owned) else {
            let cx = RequestCx { conn: Arc::clone(conn), work: None };
            return (dispatch(self, &cx, call).await.map_err(|code| declared(method, code)), None);
        };
        let Ok(canonical) = serde_json::to_string(&call) else {
            return (Err(ErrorCode::InternalError), None);
        };
        let session_id = call.session_id();
        let digest = intent_digest(method, session_id.map(|id| id.as_str()), &canonical);
        match self.operations.begin(&operation_id, method, session_id, digest, Instant::now()) {
            Begin::Conflict => (Err(ErrorCode::OperationConflict), None),
            Begin::Full => (Err(ErrorCode::LimitExceeded), None),
            // A reuse while the first attempt runs waits for its response.
            Begin::Reuse(recorded) => (recorded.wait().await.clone(), None),
            Begin::New(recorded, ticket, work) => {
                let cx = RequestCx { conn: Arc::clone(conn), work: Some(work) };
                let result = dispatch(self, &cx, call).await.map_err(|code| declared(method, code));
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

    async fn close_connection(&self, seq: u64) {
        Service::close_connection(self, seq).await;
    }
}

/// A handler's error as its operation may answer it: a code the operation does not declare
/// (nor any request error) is a defect of the handler, answered as `internal_error`.
fn declared(method: Method, code: ErrorCode) -> ErrorCode {
    if may_return(method, code) {
        return code;
    }
    tracing::error!(method = method.as_str(), code = code.as_str(), "handler answered an undeclared code");
    ErrorCode::InternalError
}

fn outcome_of(result: &Result<ResponsePayload, ErrorCode>) -> Outcome {
    match result {
        Ok(_) => Outcome { status: OutcomeStatus::Succeeded, error: None },
        Err(code) => Outcome { status: OutcomeStatus::Failed, error: Some(*code) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handler_answers_only_its_declared_codes_and_the_request_errors() {
        // Every operation, every code: a declared or shared code passes; any other one is the
        // handler's defect and goes out as internal_error.
        for &method in Method::ALL {
            for &code in ErrorCode::ALL {
                let allowed = method.errors().contains(&code) || ErrorCode::REQUEST_ERRORS.contains(&code);
                let expected = if allowed { code } else { ErrorCode::InternalError };
                assert_eq!(declared(method, code), expected, "{} answering {}", method.as_str(), code.as_str());
            }
        }
        assert_eq!(declared(Method::Status, ErrorCode::SessionBusy), ErrorCode::InternalError);
        assert_eq!(declared(Method::TurnStart, ErrorCode::SessionBusy), ErrorCode::SessionBusy);
    }
}
