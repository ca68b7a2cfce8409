//! Codex OAuth 2.0: endpoints, PKCE S256 (RFC 7636), the authorization URL with an
//! RFC 8252 loopback redirect, the code exchange and the refresh grant.

use super::http::{self, HttpError};
use super::store::CodexRecord;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde_json::Value;
use sha2::{Digest, Sha256};

const DEFAULT_ISSUER: &str = "https://auth.openai.com";
/// Points login and refresh at another issuer (tests run a loopback mock).
pub const ISSUER_ENV: &str = "AGENTWIRE_CODEX_ISSUER";
/// The public client ID of the Codex CLI, under which the loopback redirect is registered.
const DEFAULT_CLIENT_ID: &str = "app_EMoamEEZ73f0CkXaXp7hrann";
const CLIENT_ID_ENV: &str = "AGENTWIRE_CODEX_CLIENT_ID";
/// The real issuer only accepts the registered port; another issuer gets a random one.
const REGISTERED_CALLBACK_PORT: u16 = 1455;
const CALLBACK_PORT_ENV: &str = "AGENTWIRE_CODEX_CALLBACK_PORT";
pub const CALLBACK_PATH: &str = "/auth/callback";
const SCOPE: &str = "openid profile email offline_access";
/// Token responses are a few kilobytes; anything far larger is not a token response.
const MAX_TOKEN_RESPONSE_BYTES: usize = 256 * 1024;
const MAX_TOKEN_BYTES: usize = 16 * 1024;
/// The account claim in OpenAI ID/access tokens.
const AUTH_CLAIM: &str = "https://api.openai.com/auth";

/// Where login and refresh go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoints {
    pub authorize_url: String,
    pub token_url: String,
    pub client_id: String,
    /// Loopback port to listen on (0: any free port).
    pub callback_port: u16,
    /// Host written into the redirect URI: the real issuer registered `localhost`.
    pub redirect_host: &'static str,
}

impl Endpoints {
    /// Endpoints from the environment now, else the real OpenAI issuer.
    pub fn current() -> Self {
        let custom =
            std::env::var(ISSUER_ENV).ok().map(|v| v.trim().trim_end_matches('/').to_owned()).filter(|v| !v.is_empty());
        let issuer = custom.clone().unwrap_or_else(|| DEFAULT_ISSUER.to_owned());
        let default_port = if custom.is_some() { 0 } else { REGISTERED_CALLBACK_PORT };
        let callback_port =
            std::env::var(CALLBACK_PORT_ENV).ok().and_then(|p| p.trim().parse().ok()).unwrap_or(default_port);
        Endpoints {
            authorize_url: format!("{issuer}/oauth/authorize"),
            token_url: format!("{issuer}/oauth/token"),
            client_id: std::env::var(CLIENT_ID_ENV)
                .ok()
                .filter(|v| !v.trim().is_empty())
                .unwrap_or_else(|| DEFAULT_CLIENT_ID.to_owned()),
            callback_port,
            redirect_host: if custom.is_some() { "127.0.0.1" } else { "localhost" },
        }
    }

    pub fn redirect_uri(&self, port: u16) -> String {
        format!("http://{}:{port}{CALLBACK_PATH}", self.redirect_host)
    }
}

/// One attempt's PKCE verifier and challenge and its OAuth `state`.
pub struct Pkce {
    pub verifier: String,
    pub challenge: String,
    pub state: String,
}

impl Pkce {
    pub fn new() -> Self {
        // 32 random bytes as hex: 64 unreserved characters, within RFC 7636's 43..128.
        let verifier = crate::transport::instance_id::random_hex(32);
        let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
        Pkce { verifier, challenge, state: crate::transport::instance_id::random_hex(16) }
    }
}

impl Default for Pkce {
    fn default() -> Self {
        Self::new()
    }
}

/// The URL the user opens to authorize.
pub fn authorization_url(ep: &Endpoints, pkce: &Pkce, redirect_uri: &str) -> Result<String, HttpError> {
    let params = [
        ("response_type", "code"),
        ("client_id", ep.client_id.as_str()),
        ("redirect_uri", redirect_uri),
        ("scope", SCOPE),
        ("code_challenge", pkce.challenge.as_str()),
        ("code_challenge_method", "S256"),
        ("id_token_add_organizations", "true"),
        ("codex_cli_simplified_flow", "true"),
        ("state", pkce.state.as_str()),
    ];
    let url = reqwest::Url::parse_with_params(&ep.authorize_url, &params).map_err(|_| HttpError::BadUrl)?;
    Ok(url.into())
}

async fn post_form(ep: &Endpoints, form: &[(&str, &str)]) -> Result<Value, HttpError> {
    let url = http::parse_url(&ep.token_url)?;
    let client = http::client_for(&url)?;
    let response = client
        .post(url)
        .header("accept", "application/json")
        .form(form)
        .send()
        .await
        .map_err(|e| http::send_error(&e))?;
    http::json(response, MAX_TOKEN_RESPONSE_BYTES).await
}

/// Exchange an authorization code for a fresh record. A missing refresh token stays
/// missing: a fresh login never inherits an earlier account's refresh token.
pub async fn exchange_code(
    ep: &Endpoints,
    code: &str,
    redirect_uri: &str,
    verifier: &str,
) -> Result<CodexRecord, HttpError> {
    let form = [
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", redirect_uri),
        ("client_id", ep.client_id.as_str()),
        ("code_verifier", verifier),
    ];
    record_from(&post_form(ep, &form).await?, None)
}

/// Refresh grant; the issuer may rotate the refresh token or keep the current one.
pub async fn refresh(ep: &Endpoints, current: &CodexRecord, refresh_token: &str) -> Result<CodexRecord, HttpError> {
    let form = [
        ("grant_type", "refresh_token"),
        ("refresh_token", refresh_token),
        ("client_id", ep.client_id.as_str()),
        ("scope", "openid profile email"),
    ];
    let mut record = record_from(&post_form(ep, &form).await?, Some(refresh_token))?;
    if record.account_id.is_none() {
        record.account_id.clone_from(&current.account_id);
    }
    Ok(record)
}

fn token(v: &Value, key: &str) -> Option<String> {
    v.get(key)?.as_str().filter(|t| !t.is_empty() && t.len() <= MAX_TOKEN_BYTES).map(str::to_owned)
}

fn record_from(v: &Value, previous_refresh: Option<&str>) -> Result<CodexRecord, HttpError> {
    let access_token = token(v, "access_token").ok_or(HttpError::Json)?;
    let refresh_token = token(v, "refresh_token").or_else(|| previous_refresh.map(str::to_owned));
    let expires_at_ms = v
        .get("expires_in")
        .and_then(Value::as_u64)
        .map(|s| crate::catalog::cache::now_ms().saturating_add(s.saturating_mul(1000)));
    let account_id = token(v, "id_token").and_then(|t| account_of(&t)).or_else(|| account_of(&access_token));
    Ok(CodexRecord { access_token, refresh_token, expires_at_ms, account_id })
}

/// The ChatGPT account ID from a JWT's claims (not verified: it only routes requests
/// that the token itself authorizes).
fn account_of(jwt: &str) -> Option<String> {
    let payload = jwt.split('.').nth(1)?;
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload.trim_end_matches('=')).ok()?).ok()?;
    let id = claims
        .get(AUTH_CLAIM)
        .and_then(|a| a.get("chatgpt_account_id"))
        .or_else(|| claims.get("chatgpt_account_id"))?;
    id.as_str().filter(|s| !s.is_empty() && s.len() <= 256).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pkce_challenge_is_s256_of_the_verifier() {
        // RFC 7636 appendix B vector.
        let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(b"dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"));
        assert_eq!(challenge, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
        let p = Pkce::new();
        assert_eq!(p.verifier.len(), 64);
        assert_ne!(p.state, Pkce::new().state);
    }

    #[test]
    fn authorization_url_carries_challenge_state_and_redirect() {
        let ep = Endpoints {
            authorize_url: "http://127.0.0.1:9/oauth/authorize".into(),
            token_url: String::new(),
            client_id: "cid".into(),
            callback_port: 0,
            redirect_host: "127.0.0.1",
        };
        let p = Pkce::new();
        let url = reqwest::Url::parse(&authorization_url(&ep, &p, &ep.redirect_uri(4321)).unwrap()).unwrap();
        let q: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
        assert_eq!(q["code_challenge"], p.challenge);
        assert_eq!(q["code_challenge_method"], "S256");
        assert_eq!(q["state"], p.state);
        assert_eq!(q["redirect_uri"], "http://127.0.0.1:4321/auth/callback");
        assert!(!url.as_str().contains(&p.verifier));
    }

    #[test]
    fn token_responses_become_records() {
        let claims = URL_SAFE_NO_PAD.encode(br#"{"https://api.openai.com/auth":{"chatgpt_account_id":"acct-1"}}"#);
        let v = serde_json::json!({"access_token":"a","id_token":format!("h.{claims}.s"),"expires_in":60});
        let r = record_from(&v, None).unwrap();
        assert_eq!((r.account_id.as_deref(), r.refresh_token.as_deref()), (Some("acct-1"), None));
        assert!(r.expires_at_ms.is_some());
        assert_eq!(
            record_from(&serde_json::json!({"access_token":"a"}), Some("old")).unwrap().refresh_token.as_deref(),
            Some("old")
        );
        assert!(record_from(&serde_json::json!({"error":"x"}), None).is_err());
    }
}
