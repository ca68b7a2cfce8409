//! `status.provider_auth_ready`: the effective provider's readiness, from settings, the
//! shared auth store and the environment reread on every request (see
//! [`crate::auth::status`]). The offline `local` provider is always ready.

use super::Service;
use agentwire_protocol::ErrorCode;

/// Readiness of the selected provider; unreadable settings or auth are `internal_error`.
pub fn provider_auth_ready(service: &Service) -> Result<bool, ErrorCode> {
    crate::auth::provider_auth_ready(service.config.state_root(), service.config.workspace())
}
