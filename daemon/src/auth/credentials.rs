//! Credentials for provider requests, and the internal, generation-checked Codex refresh.

use super::oauth::{self, Endpoints};
use super::store::{self, CodexRecord, StoreError};
use crate::catalog::providers::{find, ProviderAuth, ProviderSpec, ANTHROPIC, OPENAI_CODEX};
use crate::config::settings;
use std::path::Path;

pub const ANTHROPIC_KEY_ENV: &str = "ANTHROPIC_API_KEY";
/// Refresh this long before expiry so a request does not start with a dying token.
const REFRESH_SKEW_MS: u64 = 60_000;

/// A secret value; `Debug` never shows it. Call [`Secret::expose`] only to build a request.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: String) -> Self {
        Secret(value)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

/// What a provider request authenticates with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// Anthropic `x-api-key`, or a custom provider's bearer key.
    ApiKey(Secret),
    /// Codex: bearer access token plus the `chatgpt-account-id` header when known.
    OAuth { access_token: Secret, account_id: Option<String>, expires_at_ms: Option<u64> },
    /// The provider needs no credential (`local`, no-auth custom providers).
    None,
}

/// Why a credential could not be had. Messages are fixed and carry nothing secret.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("auth store unavailable: {0}")]
    Store(#[from] StoreError),
    #[error("settings could not be read")]
    Settings,
    #[error("provider is not defined")]
    UnknownProvider,
    #[error("no refreshable Codex login")]
    NotLoggedIn,
    #[error("Codex token refresh failed")]
    RefreshFailed,
    #[error("auth store changed during the refresh")]
    Changed,
}

fn env_value(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn oauth_credential(r: CodexRecord) -> Credential {
    Credential::OAuth { access_token: Secret(r.access_token), account_id: r.account_id, expires_at_ms: r.expires_at_ms }
}

/// The credential for `provider_id` now, without refresh or network: `ANTHROPIC_API_KEY`
/// before the stored Anthropic key, the stored Codex record (possibly expired; see
/// [`codex_access`]), a custom provider's environment variable, or [`Credential::None`]
/// for providers without authentication. `Ok(None)` means "not logged in".
pub fn credentials(state_root: &Path, provider_id: &str) -> Result<Option<Credential>, AuthError> {
    let custom = settings::load_custom(state_root).map_err(|_| AuthError::Settings)?;
    let spec = find(&custom, provider_id).ok_or(AuthError::UnknownProvider)?;
    credentials_for(state_root, &spec)
}

/// The credential of an already resolved provider definition (a turn's admission capture),
/// without rereading settings: a running turn keeps the provider it was admitted with.
pub fn credentials_for(state_root: &Path, spec: &ProviderSpec) -> Result<Option<Credential>, AuthError> {
    Ok(match &spec.auth {
        ProviderAuth::None => Some(Credential::None),
        ProviderAuth::EnvKey(name) => env_value(name).map(|k| Credential::ApiKey(Secret(k))),
        ProviderAuth::AnthropicKey => match env_value(ANTHROPIC_KEY_ENV) {
            Some(k) => Some(Credential::ApiKey(Secret(k))),
            None => store::read(state_root)?.api_key(ANTHROPIC).map(|k| Credential::ApiKey(Secret(k))),
        },
        ProviderAuth::CodexOAuth => store::read(state_root)?.oauth(OPENAI_CODEX).map(oauth_credential),
    })
}

/// The Codex credential for a request: the stored one, refreshed first when it expires
/// within a minute. `Ok(None)` when there is no Codex login.
pub async fn codex_access(state_root: &Path) -> Result<Option<Credential>, AuthError> {
    let Some(record) = store::read_off_thread(state_root).await?.oauth(OPENAI_CODEX) else {
        return Ok(None);
    };
    let expiring =
        record.expires_at_ms.is_some_and(|at| at <= crate::catalog::cache::now_ms().saturating_add(REFRESH_SKEW_MS));
    if expiring && record.refresh_token.is_some() {
        return refresh_codex(state_root).await.map(Some);
    }
    Ok(Some(oauth_credential(record)))
}

/// Refresh the Codex access token. The issuer is asked without holding the store lock;
/// the result is committed only if the Codex generation is still the one read before,
/// otherwise the newer record (another refresher won) is used, or `Changed` when the
/// login is gone.
pub async fn refresh_codex(state_root: &Path) -> Result<Credential, AuthError> {
    let before = store::read_off_thread(state_root).await?;
    let generation = before.generation(OPENAI_CODEX);
    let current = before.oauth(OPENAI_CODEX).ok_or(AuthError::NotLoggedIn)?;
    let refresh_token = current.refresh_token.clone().ok_or(AuthError::NotLoggedIn)?;
    let fresh = oauth::refresh(&Endpoints::current(), &current, &refresh_token).await.map_err(|e| {
        tracing::warn!(error = %e, "codex token refresh failed");
        AuthError::RefreshFailed
    })?;
    let committed = store::update(state_root, |s| {
        if s.generation(OPENAI_CODEX) != generation {
            return s.oauth(OPENAI_CODEX).ok_or(AuthError::Changed);
        }
        s.set_oauth(OPENAI_CODEX, fresh.clone())?;
        Ok(fresh)
    })
    .await?;
    Ok(oauth_credential(committed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_never_show_in_debug() {
        let c = Credential::OAuth {
            access_token: Secret::new("TOKEN-CANARY".into()),
            account_id: None,
            expires_at_ms: None,
        };
        assert!(!format!("{c:?}").contains("CANARY"));
        assert_eq!(Secret::new("x".into()).expose(), "x");
    }

    #[tokio::test]
    async fn stored_records_resolve_and_unknown_providers_are_errors() {
        let tmp = tempfile::tempdir().unwrap();
        assert!(matches!(credentials(tmp.path(), "local"), Ok(Some(Credential::None))));
        assert!(matches!(credentials(tmp.path(), "nobody"), Err(AuthError::UnknownProvider)));
        assert!(matches!(credentials(tmp.path(), OPENAI_CODEX), Ok(None)));
        let record = CodexRecord {
            access_token: "a".into(),
            refresh_token: None,
            expires_at_ms: None,
            account_id: Some("acct".into()),
        };
        store::update(tmp.path(), |s| s.set_oauth(OPENAI_CODEX, record)).await.unwrap();
        match credentials(tmp.path(), OPENAI_CODEX).unwrap() {
            Some(Credential::OAuth { access_token, account_id, .. }) => {
                assert_eq!((access_token.expose(), account_id.as_deref()), ("a", Some("acct")))
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(refresh_codex(tmp.path()).await, Err(AuthError::NotLoggedIn)));
    }
}
