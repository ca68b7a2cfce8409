//! Running one admitted call, and the generated handler traits over [`Service`].
//!
//! A call that passed connection admission comes here through [`Dispatch::run`]: mutations go
//! through the operation table (same intent → recorded outcome; other intent →
//! `operation_conflict`), then the generated dispatch, whose handlers may answer only the codes
//! their operation declares. Each handler gets a [`RequestCx`]: the connection the request came
//! on and, for a mutation that began its operation, that operation's [`Work`] handle.
//!
//! The handlers cover every operation of the profile. Each
//! handler receives its request's [`Parts`], so the slots its operation requires are there by
//! type (a session ID and a control for `turn.start`), never `Option`s to re-check.
//!
//! Handlers that wait (disk, workers, turns) box their futures: a request's future is as large
//! as the largest handler's, and every request pays for moving it, so the quick ones (`status`,
//! `capabilities`, lookups) stay small.

use super::Service;
use crate::operations::{intent_digest, Begin, Outcome, Work};
use crate::wire::{ConnCtx, Dispatch, Ran};
use agentwire_protocol::operation as op;
use agentwire_protocol::typed::may_return;
use agentwire_protocol::*;
use std::sync::Arc;
use std::time::Instant;

type Out<T> = Result<T, ErrorCode>;

impl Handler for Service {
    type Context = RequestCx;
}

impl ServiceHandler for Service {
    async fn initialize(&self, cx: &RequestCx, r: Parts<op::Initialize>) -> Out<InitializeResponse> {
        self.negotiate(&cx.conn, r.payload)
    }

    async fn status(&self, _cx: &RequestCx, _r: Parts<op::Status>) -> Out<StatusResponse> {
        Ok(StatusResponse::new(
            self.readiness.provider_auth_ready(&self.config)?,
            self.identity.instance_id.clone(),
            self.identity.workspace_id.clone(),
            self.identity.state_root_id.clone(),
            self.connected_clients(),
            self.operations.admitted(),
        ))
    }

    async fn capabilities(&self, _cx: &RequestCx, _r: Parts<op::Capabilities>) -> Out<Capabilities> {
        Ok(super::profiles::advertised().clone())
    }
}

impl ProfileHandler for Service {
    async fn profile_negotiate(&self, cx: &RequestCx, r: Parts<op::ProfileNegotiate>) -> Out<ProfileNegotiateResponse> {
        self.negotiate_profile(&cx.conn, r.payload)
    }
}

impl ApprovalHandler for Service {
    async fn approval_respond(&self, cx: &RequestCx, r: Parts<op::ApprovalRespond>) -> Out<ApprovalRespondResponse> {
        // "approval.respond answers exactly as an unknown method does today" on a connection
        // that did not negotiate the profile.
        if !cx.conn.has_profile(Profile::Approvals) {
            return Err(ErrorCode::UnsupportedOperation);
        }
        // "Only the session's controller may answer".
        self.sessions.check_control(cx.conn.seq, &r.slots.session_id, &r.slots.control)?;
        let p = r.payload;
        // "The first valid answer wins"; the turn awaiting it records it and tells every
        // opted-in connection (`approval.resolved`).
        match self.turns.approvals.respond(&r.slots.session_id, &p.approval_id, &p.option_id) {
            Ok(kind) => Ok(ApprovalRespondResponse::new(p.approval_id, p.option_id, kind)),
            Err(crate::approvals::RespondError::Unknown) => Err(ErrorCode::ApprovalUnknown),
            Err(crate::approvals::RespondError::OptionUnknown) => Err(ErrorCode::ApprovalOptionUnknown),
        }
    }
}

impl SessionHandler for Service {
    async fn session_list(&self, _cx: &RequestCx, r: Parts<op::SessionList>) -> Out<SessionListResponse> {
        Box::pin(self.sessions.list(r.payload)).await
    }

    async fn session_create(&self, _cx: &RequestCx, _r: Parts<op::SessionCreate>) -> Out<SessionCreateResponse> {
        Box::pin(self.sessions.create()).await
    }

    async fn session_replay(&self, _cx: &RequestCx, r: Parts<op::SessionReplay>) -> Out<SessionReplayResponse> {
        Box::pin(self.sessions.replay(&r.slots.session_id, r.payload)).await
    }

    async fn session_claim(&self, cx: &RequestCx, r: Parts<op::SessionClaim>) -> Out<SessionClaimResponse> {
        // "No event under a grant before the response that grants it": the grant's events await
        // the claim's response gate.
        let claimed =
            Box::pin(self.sessions.claim(cx.conn.seq, &r.slots.session_id, r.payload, cx.work()?.grant())).await;
        if claimed.is_ok() {
            // "claimed a session before negotiating" makes a later negotiation a mismatch.
            cx.conn.mark_claimed();
            // "A connection that claims or takes over a session with pending approvals
            // receives one `approval.requested` for each, right after its claim response."
            crate::turns::asking::redeliver(&self.turns.approvals, &r.slots.session_id);
        }
        claimed
    }

    async fn session_detach(&self, cx: &RequestCx, r: Parts<op::SessionDetach>) -> Out<SessionDetachResponse> {
        Box::pin(self.sessions.detach(cx.conn.seq, &r.slots.session_id, &r.slots.control)).await
    }

    async fn session_status(&self, cx: &RequestCx, r: Parts<op::SessionStatus>) -> Out<SessionStatusResponse> {
        Box::pin(self.sessions.status(cx.conn.seq, &r.slots.session_id)).await
    }
}

impl OperationHandler for Service {
    async fn operation_lookup(&self, _cx: &RequestCx, r: Parts<op::OperationLookup>) -> Out<OperationLookupResponse> {
        Ok(self.operations.lookup(&r.payload.operation_id, Instant::now()))
    }
}

impl AuthHandler for Service {
    async fn auth_status(&self, _: &RequestCx, _: Parts<op::AuthStatus>) -> Out<AuthStatusResponse> {
        self.auth.status().await
    }

    async fn auth_login_start(&self, cx: &RequestCx, r: Parts<op::AuthLoginStart>) -> Out<AuthLoginStartResponse> {
        // Events of the login go to this connection, correlated to this start operation.
        let origin = crate::auth::LoginOrigin {
            out: std::sync::Arc::downgrade(&cx.conn.outbound),
            conn_seq: cx.conn.seq,
            operation_id: r.operation_id,
        };
        Box::pin(self.auth.start_login(r.payload, origin, cx.work()?, std::sync::Arc::clone(&self.operations))).await
    }

    async fn auth_login_callback(
        &self,
        _: &RequestCx,
        r: Parts<op::AuthLoginCallback>,
    ) -> Out<AuthLoginCallbackResponse> {
        self.auth.callback(r.payload)
    }

    async fn auth_login_cancel(&self, _: &RequestCx, r: Parts<op::AuthLoginCancel>) -> Out<AuthLoginCancelResponse> {
        self.auth.cancel(r.payload)
    }

    async fn auth_logout(&self, _: &RequestCx, r: Parts<op::AuthLogout>) -> Out<AuthLogoutResponse> {
        Box::pin(self.auth.logout(r.payload)).await
    }
}

impl CatalogHandler for Service {
    async fn catalog_providers(&self, _: &RequestCx, r: Parts<op::CatalogProviders>) -> Out<CatalogProvidersResponse> {
        super::catalog::list_providers(&self.state_root, &r.payload).await
    }

    async fn catalog_models(&self, _: &RequestCx, r: Parts<op::CatalogModels>) -> Out<CatalogModelsResponse> {
        super::catalog::list_models(&self.state_root, &r.payload).await
    }

    async fn catalog_refresh(&self, _: &RequestCx, r: Parts<op::CatalogRefresh>) -> Out<CatalogRefreshResponse> {
        // Discovery runs on the configuration worker and finishes even after a disconnect.
        let root = self.state_root.clone();
        let provider_id = r.payload.provider_id;
        Box::pin(self.config.exclusive(async move { super::catalog::refresh(&root, &provider_id).await })).await
    }
}

impl ConfigHandler for Service {
    async fn config_get(&self, _: &RequestCx, _: Parts<op::ConfigGet>) -> Out<ConfigProjection> {
        self.config.get().await
    }

    async fn config_set(&self, _: &RequestCx, r: Parts<op::ConfigSet>) -> Out<ConfigSetResponse> {
        Box::pin(self.config.set(r.payload)).await
    }
}

impl TurnHandler for Service {
    async fn turn_start(&self, cx: &RequestCx, r: Parts<op::TurnStart>) -> Out<TurnStartResponse> {
        Box::pin(self.turns.start(cx.conn.seq, r, cx.work()?)).await
    }

    async fn turn_cancel(&self, cx: &RequestCx, r: Parts<op::TurnCancel>) -> Out<TurnCancelResponse> {
        self.turns.cancel(cx.conn.seq, r)
    }
}

/// Per-request context passed to every handler call.
#[derive(Debug)]
pub struct RequestCx {
    pub conn: Arc<ConnCtx>,
    /// Set for a mutation whose request began its operation: where the handler records the
    /// turn or login it starts and gets the gate that work awaits (see [`crate::operations`]).
    pub work: Option<Work>,
}

impl RequestCx {
    /// The operation's work handle; a handler that starts work runs only for a mutation that
    /// began its operation, so this is always set for it.
    pub fn work(&self) -> Result<&Work, agentwire_protocol::ErrorCode> {
        self.work.as_ref().ok_or(agentwire_protocol::ErrorCode::InternalError)
    }
}

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
    use super::declared;
    use agentwire_protocol::{capabilities, ErrorCode, EventName, Method, Transport};

    #[test]
    fn the_advertisement_is_the_whole_profile() {
        // "A feature the spec advertises works end to end, or is not advertised": the handler
        // traits are total, so every operation and event of the profile is served.
        let caps = capabilities();
        assert_eq!(caps.operations.len(), Method::ORDINARY.len());
        assert!(Method::ORDINARY.iter().all(|m| caps.operations.iter().any(|o| o == m.as_str())));
        assert!(EventName::ORDINARY.iter().all(|e| caps.events.iter().any(|c| c == e.as_str())));
        assert_eq!(caps.transports, vec![Transport::Unix]);
    }

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
