//! The generated handler traits over [`Service`]. Operations this daemon does not implement yet
//! answer `unsupported_operation` and are left out of the advertisement.
//!
//! Handlers that wait (disk, workers, turns) box their futures: a request's future is as large
//! as the largest handler's, and every request pays for moving it, so the quick ones (`status`,
//! `capabilities`, lookups) stay small.

use super::{advertised_capabilities, RequestCx, Service};
use agentwire_protocol::*;
use std::time::Instant;

type Out<T> = Result<T, ErrorCode>;

/// The envelope's session_id, which the decoder guarantees for session-scoped operations.
fn session(meta: &RequestMeta) -> Out<&str> {
    meta.session_id.as_deref().ok_or(ErrorCode::InvalidRequest)
}

impl Handler for Service {
    type Context = RequestCx;
}

impl ServiceHandler for Service {
    async fn initialize(&self, cx: &RequestCx, _meta: &RequestMeta, p: InitializeRequest) -> Out<InitializeResponse> {
        self.negotiate(&cx.conn, p)
    }

    async fn status(&self, _cx: &RequestCx, _meta: &RequestMeta, _p: StatusRequest) -> Out<StatusResponse> {
        Ok(StatusResponse {
            provider_auth_ready: self.readiness.provider_auth_ready(&self.config)?,
            instance_id: self.identity.instance_id.clone(),
            workspace_id: self.identity.workspace_id.clone(),
            state_root_id: self.identity.state_root_id.clone(),
            connected_clients: self.connected_clients(),
            admitted_operations: self.operations.admitted(),
        })
    }

    async fn capabilities(&self, _cx: &RequestCx, _meta: &RequestMeta, _p: CapabilitiesRequest) -> Out<Capabilities> {
        Ok(advertised_capabilities().clone())
    }
}

impl SessionHandler for Service {
    async fn session_list(
        &self,
        _cx: &RequestCx,
        _meta: &RequestMeta,
        p: SessionListRequest,
    ) -> Out<SessionListResponse> {
        Box::pin(self.sessions.list(p)).await
    }

    async fn session_create(
        &self,
        _cx: &RequestCx,
        _meta: &RequestMeta,
        _p: SessionCreateRequest,
    ) -> Out<SessionCreateResponse> {
        Box::pin(self.sessions.create()).await
    }

    async fn session_replay(
        &self,
        _cx: &RequestCx,
        meta: &RequestMeta,
        p: SessionReplayRequest,
    ) -> Out<SessionReplayResponse> {
        Box::pin(self.sessions.replay(session(meta)?, p)).await
    }

    async fn session_claim(
        &self,
        cx: &RequestCx,
        meta: &RequestMeta,
        p: SessionClaimRequest,
    ) -> Out<SessionClaimResponse> {
        Box::pin(self.sessions.claim(cx.conn.seq, session(meta)?, p)).await
    }

    async fn session_detach(
        &self,
        cx: &RequestCx,
        meta: &RequestMeta,
        _p: SessionDetachRequest,
    ) -> Out<SessionDetachResponse> {
        let control = meta.control.as_ref().ok_or(ErrorCode::ControlRequired)?;
        Box::pin(self.sessions.detach(cx.conn.seq, session(meta)?, control)).await
    }

    async fn session_status(
        &self,
        cx: &RequestCx,
        meta: &RequestMeta,
        _p: SessionStatusRequest,
    ) -> Out<SessionStatusResponse> {
        Box::pin(self.sessions.status(cx.conn.seq, session(meta)?)).await
    }
}

impl OperationHandler for Service {
    async fn operation_lookup(
        &self,
        _cx: &RequestCx,
        _meta: &RequestMeta,
        p: OperationLookupRequest,
    ) -> Out<OperationLookupResponse> {
        Ok(self.operations.lookup(&p.operation_id, Instant::now()))
    }
}

impl AuthHandler for Service {
    async fn auth_status(&self, _: &RequestCx, _: &RequestMeta, _: AuthStatusRequest) -> Out<AuthStatusResponse> {
        self.auth.status()
    }
    async fn auth_login_start(
        &self,
        cx: &RequestCx,
        meta: &RequestMeta,
        p: AuthLoginStartRequest,
    ) -> Out<AuthLoginStartResponse> {
        // Events of the login are correlated to this start operation (a mutation, so present).
        let operation_id = meta.operation_id.clone().ok_or(ErrorCode::InvalidRequest)?;
        let origin = crate::auth::LoginOrigin {
            out: std::sync::Arc::downgrade(&cx.conn.outbound),
            conn_seq: cx.conn.seq,
            operation_id,
        };
        Box::pin(self.auth.start_login(p, origin, cx.work()?, std::sync::Arc::clone(&self.operations))).await
    }
    async fn auth_login_callback(
        &self,
        _: &RequestCx,
        _: &RequestMeta,
        p: AuthLoginCallbackRequest,
    ) -> Out<AuthLoginCallbackResponse> {
        self.auth.callback(p)
    }
    async fn auth_login_cancel(
        &self,
        _: &RequestCx,
        _: &RequestMeta,
        p: AuthLoginCancelRequest,
    ) -> Out<AuthLoginCancelResponse> {
        self.auth.cancel(p)
    }
    async fn auth_logout(&self, _: &RequestCx, _: &RequestMeta, p: AuthLogoutRequest) -> Out<AuthLogoutResponse> {
        Box::pin(self.auth.logout(p)).await
    }
}

impl CatalogHandler for Service {
    async fn catalog_providers(
        &self,
        _: &RequestCx,
        _: &RequestMeta,
        p: CatalogProvidersRequest,
    ) -> Out<CatalogProvidersResponse> {
        crate::catalog::list_providers(&self.state_root, &p)
    }
    async fn catalog_models(
        &self,
        _: &RequestCx,
        _: &RequestMeta,
        p: CatalogModelsRequest,
    ) -> Out<CatalogModelsResponse> {
        crate::catalog::list_models(&self.state_root, &p)
    }
    async fn catalog_refresh(
        &self,
        _: &RequestCx,
        _: &RequestMeta,
        p: CatalogRefreshRequest,
    ) -> Out<CatalogRefreshResponse> {
        // Discovery runs on the configuration worker and finishes even after a disconnect.
        let root = self.state_root.clone();
        Box::pin(self.config.exclusive(async move { crate::catalog::refresh(&root, &p.provider_id).await })).await
    }
}

impl ConfigHandler for Service {
    async fn config_get(&self, _: &RequestCx, _: &RequestMeta, _: ConfigGetRequest) -> Out<ConfigProjection> {
        self.config.get()
    }
    async fn config_set(&self, _: &RequestCx, _: &RequestMeta, p: ConfigSetRequest) -> Out<ConfigSetResponse> {
        Box::pin(self.config.set(p)).await
    }
}

impl TurnHandler for Service {
    async fn turn_start(&self, cx: &RequestCx, meta: &RequestMeta, p: TurnStartRequest) -> Out<TurnStartResponse> {
        Box::pin(self.turns.start(cx.conn.seq, meta, cx.work()?, p)).await
    }
    async fn turn_cancel(&self, cx: &RequestCx, meta: &RequestMeta, p: TurnCancelRequest) -> Out<TurnCancelResponse> {
        self.turns.cancel(cx.conn.seq, meta, p)
    }
}
