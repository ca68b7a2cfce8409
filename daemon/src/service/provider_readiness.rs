//! `status.provider_auth_ready`: whether the effective provider can prepare authentication,
//! evaluated from the environment and the shared auth store on every request, with no refresh
//! and no network. Issue "authentication, catalogs and configuration" extends the providers.

use agentwire_protocol::ErrorCode;
use std::path::Path;

/// Environment variable that overrides the selected provider.
const PROVIDER_ENV: &str = "MC_PROVIDER";
/// Environment variable holding an Anthropic API key.
const ANTHROPIC_KEY_ENV: &str = "ANTHROPIC_API_KEY";

/// Readiness of the selected provider; unreadable protected storage is `internal_error`.
pub fn provider_auth_ready(state_root: &Path) -> Result<bool, ErrorCode> {
    let provider = std::env::var(PROVIDER_ENV).unwrap_or_else(|_| "anthropic".to_owned());
    let store = read_store(&state_root.join("auth.json"))?;
    Ok(match provider.as_str() {
        "anthropic" => env_nonempty(ANTHROPIC_KEY_ENV) || store.get("anthropic").and_then(|r| r.get("api_key")).and_then(|k| k.as_str()).is_some_and(|k| !k.is_empty()),
        "openai-codex" => store.get("openai-codex").and_then(|r| r.get("refresh_token")).and_then(|k| k.as_str()).is_some_and(|k| !k.is_empty()),
        _ => false,
    })
}

fn env_nonempty(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| !v.trim().is_empty())
}

/// The shared store's records; a missing store is empty, a malformed one an internal error.
fn read_store(path: &Path) -> Result<serde_json::Map<String, serde_json::Value>, ErrorCode> {
    match std::fs::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(serde_json::Map::new()),
        Err(_) => Err(ErrorCode::InternalError),
        Ok(bytes) => match serde_json::from_slice(&bytes) {
            Ok(serde_json::Value::Object(m)) => Ok(m),
            _ => Err(ErrorCode::InternalError),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_store_is_internal_error_and_missing_store_is_empty() {
        // "If settings or protected shared auth cannot be read, the correlated status response uses internal_error"
        let dir = tempfile::tempdir().unwrap();
        assert!(read_store(&dir.path().join("auth.json")).unwrap().is_empty());
        std::fs::write(dir.path().join("auth.json"), b"{not json").unwrap();
        assert_eq!(read_store(&dir.path().join("auth.json")), Err(ErrorCode::InternalError));
    }
}
