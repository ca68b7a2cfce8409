//! Authentication: the shared auth store, `auth.status`, the Codex OAuth login, logout,
//! and the credentials provider requests use.
//!
//! # API for other daemon parts (turns, catalog discovery)
//!
//! - [`credentials`]`(state_root, provider_id) -> Result<Option<Credential>, AuthError>`:
//!   the credential now, no refresh, no network. Anthropic prefers a non-empty
//!   `ANTHROPIC_API_KEY`, then the stored key; custom providers use their configured
//!   environment variable or [`Credential::None`] (as does `local`). `Ok(None)`: not
//!   logged in. Reads the store and the global settings fresh on every call.
//! - [`codex_access`]`(state_root).await -> Result<Option<Credential>, AuthError>`: the
//!   Codex credential, refreshed first (internally, generation-checked) when it expires
//!   within a minute. Use this for every Codex request.
//! - [`refresh_codex`]`(state_root).await -> Result<Credential, AuthError>`: force a
//!   refresh, e.g. after the backend answered 401.
//!
//! [`Credential`] keeps secrets in [`Secret`], whose `Debug` is redacted: never log
//! `expose()`d values. Nothing here is reachable from the wire except through the
//! `auth.*` operations, which never return a credential.

pub mod agent_sign_in;
pub mod credentials;
pub mod events;
pub mod http;
pub mod login;
pub mod loopback;
pub mod oauth;
pub mod status;
pub mod store;

pub use credentials::{codex_access, credentials, credentials_for, refresh_codex, AuthError, Credential, Secret};
pub use events::LoginOrigin;
pub use status::provider_auth_ready;

use crate::catalog::providers::{Definitions, ANTHROPIC, OPENAI_CODEX};
use crate::operations::{OperationTable, Work};
use agentwire_protocol::{
    AuthLoginCallbackRequest, AuthLoginCallbackResponse, AuthLoginCancelRequest, AuthLoginCancelResponse,
    AuthLoginStartRequest, AuthLoginStartResponse, AuthLogoutRequest, AuthLogoutResponse, AuthStatusResponse,
    ErrorCode,
};
use login::{CancelReason, Logins};
use std::path::PathBuf;
use std::sync::Arc;

/// The service's authentication state: the state root, the custom providers it started
/// with (auth operations keep startup provider definitions until restart) and the login slot.
pub struct AuthService {
    state_root: PathBuf,
    startup_custom: Definitions,
    logins: Arc<Logins>,
}

impl AuthService {
    /// Reads the custom providers once; unreadable settings leave only the built-ins.
    pub fn new(state_root: PathBuf) -> Self {
        let startup_custom = crate::config::settings::load_custom(&state_root).unwrap_or_else(|e| {
            tracing::warn!(error = %e, "custom providers unavailable at startup");
            Definitions::default()
        });
        AuthService { state_root, startup_custom, logins: Arc::default() }
    }

    /// `auth.status`: the store and settings are read on the blocking pool.
    pub async fn status(&self) -> Result<AuthStatusResponse, ErrorCode> {
        let (root, custom) = (self.state_root.clone(), self.startup_custom.clone());
        crate::sync::blocking(Err(ErrorCode::InternalError), move || status::auth_status(&root, &custom))
            .await
            .map(AuthStatusResponse::new)
    }

    /// `auth.login.start`: only Codex logs in; one login per service.
    pub async fn start_login(
        &self,
        req: AuthLoginStartRequest,
        origin: LoginOrigin,
        work: &Work,
        operations: Arc<OperationTable>,
    ) -> Result<AuthLoginStartResponse, ErrorCode> {
        if req.provider_id != OPENAI_CODEX {
            return Err(ErrorCode::ProviderUnavailable);
        }
        let login_id = self.logins.start(self.state_root.clone(), origin, work, operations).await?;
        Ok(AuthLoginStartResponse::new(login_id, req.provider_id))
    }

    /// `auth.login.callback`: the input goes to the login and is never echoed or logged.
    pub fn callback(&self, req: AuthLoginCallbackRequest) -> Result<AuthLoginCallbackResponse, ErrorCode> {
        self.logins.callback(&req.login_id, req.input)?;
        Ok(AuthLoginCallbackResponse::new(req.login_id))
    }

    pub fn cancel(&self, req: AuthLoginCancelRequest) -> Result<AuthLoginCancelResponse, ErrorCode> {
        self.logins.cancel(&req.login_id)?;
        Ok(AuthLoginCancelResponse::new(req.login_id))
    }

    /// `auth.logout`: confirmation first; only the provider's own record goes, its
    /// generation advances even without one, and a Codex logout stops the active login.
    pub async fn logout(&self, req: AuthLogoutRequest) -> Result<AuthLogoutResponse, ErrorCode> {
        if !req.confirmed {
            return Err(ErrorCode::ConfirmationRequired);
        }
        if req.provider_id != OPENAI_CODEX && req.provider_id != ANTHROPIC {
            return Err(ErrorCode::ProviderUnavailable);
        }
        let provider = req.provider_id.clone();
        let removed = store::update(&self.state_root, |s| Ok::<_, store::StoreError>(s.remove(&provider)))
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, "logout could not update the auth store");
                ErrorCode::InternalError
            })?;
        if req.provider_id == OPENAI_CODEX {
            self.logins.cancel_active(CancelReason::LoggedOut);
        }
        Ok(AuthLogoutResponse::new(req.provider_id, removed))
    }

    /// The connection `conn_seq` closed: stop the login it started, if any.
    pub fn disconnect(&self, conn_seq: u64) {
        self.logins.disconnect(conn_seq);
    }
}
