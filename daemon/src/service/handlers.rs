//! The generated handler traits over [`Service`]: every operation of the profile. Each
//! handler receives its request's [`Parts`], so the slots its operation requires are there by
//! type (a session ID and a control for `turn.start`), never `Option`s to re-check.
//!
//! Handlers that wait (disk, workers, turns) box their futures: a request's future is as large
//! as the largest handler's, and every request pays for moving it, so the quick ones (`status`,
//! `capabilities`, lookups) stay small.

use super::{RequestCx, Service};
use agentwire_protocol::operation as op;
use agentwire_protocol::*;
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
        Ok(agentwire_protocol::capabilities().clone())
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
        Box::pin(self.sessions.claim(cx.conn.seq, &r.slots.session_id, r.payload, cx.work()?.grant())).await
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

#[cfg(test)]
mod tests {
    use agentwire_protocol::{capabilities, EventName, Method, Transport};

    #[test]
    fn the_advertisement_is_the_whole_profile() {
        // "A feature the spec advertises works end to end, or is not advertised": the handler
        // traits are total, so every operation and event of the profile is served.
        let caps = capabilities();
        assert_eq!(caps.operations.len(), Method::ALL.len());
        assert!(Method::ALL.iter().all(|m| caps.operations.iter().any(|o| o == m.as_str())));
        assert!(EventName::ALL.iter().all(|e| caps.events.iter().any(|c| c == e.as_str())));
        assert_eq!(caps.transports, vec![Transport::Unix]);
    }
}
