//! `auth.status` and `status.provider_auth_ready`: readiness from the store and the
//! environment as they are now. Never refreshes, never touches the network.

use super::credentials::ANTHROPIC_KEY_ENV;
use super::store::{self, Store};
use crate::catalog::agents::command_executable;
use crate::catalog::cache::now_ms;
use crate::catalog::providers::{registry, Definitions, ProviderAuth, ProviderSpec, ANTHROPIC, OPENAI_CODEX};
use crate::config;
use agentwire_protocol::{limits, AuthMethod, AuthProviderStatus, AuthSource, ErrorCode, Readiness};
use std::path::Path;

fn env_set(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| !v.trim().is_empty())
}

fn entry(spec: &ProviderSpec, auth_method: AuthMethod, source: AuthSource, readiness: Readiness) -> AuthProviderStatus {
    AuthProviderStatus::new(spec.id.clone(), auth_method, source, readiness, readiness == Readiness::Ready)
}

/// One provider's readiness. Refreshable Codex credentials count as ready; an agent is
/// `missing` when its command names no executable program, `needs_login` when it last
/// refused for want of sign-in ([`super::agent_sign_in`]), and otherwise ready (it needs no
/// credential of the daemon's).
pub fn provider_status(store: &Store, spec: &ProviderSpec) -> AuthProviderStatus {
    if let Some(agent) = &spec.agent {
        let readiness = if !command_executable(&agent.command) {
            Readiness::Missing
        } else if super::agent_sign_in::needs_sign_in(agent) {
            Readiness::NeedsLogin
        } else {
            Readiness::Ready
        };
        return entry(spec, AuthMethod::None, AuthSource::None, readiness);
    }
    match &spec.auth {
        ProviderAuth::None => entry(spec, AuthMethod::None, AuthSource::None, Readiness::Ready),
        ProviderAuth::EnvKey(name) if env_set(name) => {
            entry(spec, AuthMethod::ApiKey, AuthSource::Environment, Readiness::Ready)
        }
        ProviderAuth::EnvKey(_) => entry(spec, AuthMethod::ApiKey, AuthSource::None, Readiness::Missing),
        ProviderAuth::AnthropicKey if env_set(ANTHROPIC_KEY_ENV) => {
            entry(spec, AuthMethod::ApiKey, AuthSource::Environment, Readiness::Ready)
        }
        ProviderAuth::AnthropicKey if store.api_key(ANTHROPIC).is_some() => {
            entry(spec, AuthMethod::ApiKey, AuthSource::SharedStore, Readiness::Ready)
        }
        ProviderAuth::AnthropicKey => entry(spec, AuthMethod::ApiKey, AuthSource::None, Readiness::Missing),
        ProviderAuth::CodexOAuth => entry(spec, AuthMethod::Oauth, AuthSource::SharedStore, codex_readiness(store)),
    }
}

fn codex_readiness(store: &Store) -> Readiness {
    match store.oauth(OPENAI_CODEX) {
        Some(r) if r.refresh_token.is_some() => Readiness::Ready,
        Some(r) if r.expires_at_ms.is_none_or(|at| at > now_ms()) => Readiness::Ready,
        // An expired token without refresh, or a record we cannot use: log in again.
        Some(_) => Readiness::NeedsLogin,
        None if store.has_record(OPENAI_CODEX) => Readiness::NeedsLogin,
        None => Readiness::Missing,
    }
}

/// `auth.status`: Codex, Anthropic, the offline provider, then the custom providers
/// configured at service startup (bounded by the array limit).
pub fn auth_status(state_root: &Path, startup_custom: &Definitions) -> Result<Vec<AuthProviderStatus>, ErrorCode> {
    let store = store::read(state_root).map_err(|_| ErrorCode::InternalError)?;
    let mut specs = registry(startup_custom);
    // Built-ins first in a fixed order, then custom providers by ID.
    let rank = |p: &ProviderSpec| match p.id.as_str() {
        OPENAI_CODEX => 0,
        ANTHROPIC => 1,
        crate::catalog::providers::LOCAL => 2,
        _ => 3,
    };
    specs.sort_by(|a, b| rank(a).cmp(&rank(b)).then_with(|| a.id.cmp(&b.id)));
    specs.truncate(limits::MAX_ARRAY_ITEMS as usize);
    Ok(specs.iter().map(|s| provider_status(&store, s)).collect())
}

/// `status.provider_auth_ready`: readiness of the effective provider, from settings,
/// store and environment reread now. Unreadable settings or store are `internal_error`.
pub fn provider_auth_ready(state_root: &Path, workspace: &Path) -> Result<bool, ErrorCode> {
    let provider = config::effective_provider(state_root, workspace).map_err(|_| ErrorCode::InternalError)?;
    let store = store::read(state_root).map_err(|_| ErrorCode::InternalError)?;
    Ok(provider.is_some_and(|spec| provider_status(&store, &spec).ready))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::store::CodexRecord;

    #[test]
    fn codex_readiness_follows_the_record() {
        let mut s = Store::default();
        assert_eq!(codex_readiness(&s), Readiness::Missing);
        let expired =
            CodexRecord { access_token: "a".into(), refresh_token: None, expires_at_ms: Some(1), account_id: None };
        s.set_oauth(OPENAI_CODEX, expired.clone()).unwrap();
        assert_eq!(codex_readiness(&s), Readiness::NeedsLogin);
        s.set_oauth(OPENAI_CODEX, CodexRecord { refresh_token: Some("r".into()), ..expired }).unwrap();
        assert_eq!(codex_readiness(&s), Readiness::Ready);
    }

    #[test]
    fn fresh_machine_is_ready_with_the_offline_default_and_malformed_store_is_internal_error() {
        // "If settings or protected shared auth cannot be read, the correlated status response uses internal_error"
        let tmp = tempfile::tempdir().unwrap();
        assert_eq!(provider_auth_ready(tmp.path(), tmp.path()), Ok(true));
        std::fs::write(tmp.path().join("auth.json"), b"{not json").unwrap();
        assert_eq!(provider_auth_ready(tmp.path(), tmp.path()), Err(ErrorCode::InternalError));
        std::fs::remove_file(tmp.path().join("auth.json")).unwrap();
        std::fs::write(tmp.path().join("settings.toml"), b"provider = ").unwrap();
        assert_eq!(provider_auth_ready(tmp.path(), tmp.path()), Err(ErrorCode::InternalError));
    }
}
