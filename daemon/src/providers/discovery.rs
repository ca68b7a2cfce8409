//! Model discovery against a provider's models endpoint: Anthropic `GET {base}/v1/models`
//! (`x-api-key`, `anthropic-version`), the Codex backend `GET {base}/models` (bearer access
//! token), and OpenAI-compatible `GET {base}/models` (bearer key or none). Responses are
//! bounded and reduced to IDs, labels, token limits, reasoning choices and (Anthropic's
//! `capabilities`, see [`capabilities`](super::capabilities)) the thinking mode; nothing else
//! of them is kept, and errors carry no provider text.

use crate::auth::http::{self, HttpError};
use crate::auth::{codex_access, credentials, Credential};
use crate::catalog::cache::{CachedModel, MAX_MODELS};
use crate::catalog::capabilities::anthropic_thinking;
use crate::catalog::models::{parse_level, sanitize_label, usable_model_id};
use crate::catalog::providers::{ProviderKind, ProviderSpec};
use serde_json::Value;
use std::collections::HashSet;
use std::path::Path;

const MAX_DISCOVERY_BYTES: usize = 4 * 1024 * 1024;
const ANTHROPIC_VERSION: &str = "2023-06-01";
/// The Codex backend lists the models of a client version.
const CODEX_CLIENT_VERSION: &str = "0.50.0";

#[derive(Debug, thiserror::Error)]
pub enum DiscoveryError {
    #[error("provider has no discovery endpoint")]
    NotDiscoverable,
    #[error("no usable credential")]
    NoCredential,
    #[error("credential lookup failed")]
    Credential,
    #[error("discovery request failed: {0}")]
    Http(#[from] HttpError),
    #[error("discovery listed no usable model")]
    Empty,
}

/// Ask the provider for its models.
pub async fn discover(state_root: &Path, spec: &ProviderSpec) -> Result<Vec<CachedModel>, DiscoveryError> {
    let base = spec.base_url.as_deref().ok_or(DiscoveryError::NotDiscoverable)?.trim_end_matches('/');
    let (path, credential) = match spec.kind {
        ProviderKind::Local | ProviderKind::Acp => return Err(DiscoveryError::NotDiscoverable),
        ProviderKind::Anthropic => (
            "/v1/models?limit=1000".to_owned(),
            credentials(state_root, &spec.id).map_err(|_| DiscoveryError::Credential)?,
        ),
        ProviderKind::OpenAiCodex => (
            format!("/models?client_version={CODEX_CLIENT_VERSION}"),
            codex_access(state_root).await.map_err(|_| DiscoveryError::Credential)?,
        ),
        ProviderKind::OpenAiCompatible => {
            ("/models".to_owned(), credentials(state_root, &spec.id).map_err(|_| DiscoveryError::Credential)?)
        }
    };
    let credential = credential.ok_or(DiscoveryError::NoCredential)?;
    let url = http::parse_url(&format!("{base}{path}"))?;
    let client = http::client_for(&url)?;
    let mut request = client.get(url).header("accept", "application/json");
    request = match (&credential, spec.kind) {
        (Credential::ApiKey(key), ProviderKind::Anthropic) => {
            request.header("x-api-key", key.expose()).header("anthropic-version", ANTHROPIC_VERSION)
        }
        (Credential::ApiKey(key), _) => request.bearer_auth(key.expose()),
        (Credential::OAuth { access_token, account_id, .. }, _) => {
            let r = request.bearer_auth(access_token.expose());
            match account_id {
                Some(a) => r.header("chatgpt-account-id", a),
                None => r,
            }
        }
        (Credential::None, _) => request,
    };
    let response = request.send().await.map_err(|e| DiscoveryError::Http(http::send_error(&e)))?;
    let models = parse_models(&http::json(response, MAX_DISCOVERY_BYTES).await?, spec.kind);
    if models.is_empty() {
        return Err(DiscoveryError::Empty);
    }
    Ok(models)
}

/// Models of an OpenAI-style `{"data":[…]}`, a Codex-style `{"models":[…]}` or a bare array,
/// as listed by a provider of `kind`.
pub fn parse_models(body: &Value, kind: ProviderKind) -> Vec<CachedModel> {
    let items =
        body.get("data").or_else(|| body.get("models")).unwrap_or(body).as_array().map_or(&[][..], Vec::as_slice);
    let mut seen = HashSet::new();
    items
        .iter()
        .filter_map(|item| model_of(item, kind))
        .filter(|m| seen.insert(m.model_id.clone()))
        .take(MAX_MODELS)
        .collect()
}

fn first_u64(item: &Value, keys: &[&str]) -> Option<u64> {
    keys.iter().find_map(|k| item.get(*k).and_then(Value::as_u64))
}

/// Codex-style `supported_reasoning_levels` (strings or `{effort}` objects), known spellings only.
fn listed_levels(item: &Value) -> Option<Vec<String>> {
    item.get("supported_reasoning_levels").and_then(Value::as_array).map(|levels| {
        levels
            .iter()
            .filter_map(|l| l.as_str().or_else(|| l.get("effort").and_then(Value::as_str)))
            .filter(|l| parse_level(l).is_some())
            .map(str::to_owned)
            .collect()
    })
}

fn model_of(item: &Value, kind: ProviderKind) -> Option<CachedModel> {
    let id = item.get("id").or_else(|| item.get("slug"))?.as_str()?;
    if !usable_model_id(id) {
        return None;
    }
    let label = item.get("display_name").or_else(|| item.get("name")).and_then(Value::as_str).and_then(sanitize_label);
    // Anthropic reports thinking through `capabilities`; other kinds list their levels.
    let (thinking_mode, thinking_levels) = match kind {
        ProviderKind::Anthropic => anthropic_thinking(item).map_or((None, None), |(m, l)| (Some(m), Some(l))),
        _ => (None, listed_levels(item)),
    };
    Some(CachedModel {
        model_id: id.to_owned(),
        label,
        disabled: false,
        context_window: first_u64(item, &["context_window", "max_input_tokens", "context_length"]),
        max_output_tokens: first_u64(item, &["max_output_tokens", "max_tokens"]),
        thinking_levels,
        thinking_mode,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::capabilities::ThinkingMode;
    use serde_json::json;

    #[test]
    fn provider_responses_are_reduced_to_safe_metadata() {
        let anthropic = json!({"data":[
            {"id":"claude-x","display_name":"Claude X","type":"model","max_input_tokens":200000,"max_tokens":64000,"secret":"CANARY"},
            {"id":"claude-x","display_name":"dup"},
            {"id":"sk-ant-api03-abcdefghijklmnopqrstuvwxyz"},
            {"id":"bad id"},
            {"nothing":1}
        ],"has_more":false});
        let models = parse_models(&anthropic, ProviderKind::Anthropic);
        assert_eq!(models.len(), 1);
        assert_eq!(
            (models[0].label.as_deref(), models[0].context_window, models[0].max_output_tokens),
            (Some("Claude X"), Some(200_000), Some(64_000))
        );
        assert_eq!((models[0].thinking_mode, models[0].thinking_levels.as_ref()), (None, None), "no capabilities");
        let codex = json!({"models":[{"slug":"gpt-5-codex","display_name":"GPT-5 Codex","supported_reasoning_levels":[{"effort":"low"},{"effort":"xhigh"},{"effort":"weird"}]}]});
        assert_eq!(
            parse_models(&codex, ProviderKind::OpenAiCodex)[0].thinking_levels.as_deref(),
            Some(&["low".to_owned(), "xhigh".to_owned()][..])
        );
        let compat = json!({"object":"list","data":[{"id":"qwen2.5:7b","object":"model"}]});
        assert_eq!(parse_models(&compat, ProviderKind::OpenAiCompatible)[0].model_id, "qwen2.5:7b");
        assert!(parse_models(&json!({"error":"nope"}), ProviderKind::Anthropic).is_empty());
    }

    #[test]
    fn anthropic_capabilities_record_the_thinking_mode_and_only_anthropic_reads_them() {
        let no_thinking =
            json!({"supported":false,"types":{"adaptive":{"supported":false},"enabled":{"supported":false}}});
        let body = json!({"data":[{"id":"claude-plain","capabilities":{"thinking":no_thinking,"effort":{"supported":false}}}]});
        let plain = &parse_models(&body, ProviderKind::Anthropic)[0];
        assert_eq!(
            (plain.thinking_mode, plain.thinking_levels.as_deref()),
            (Some(ThinkingMode::Unsupported), Some(&[][..]))
        );
        let other = &parse_models(&body, ProviderKind::OpenAiCompatible)[0];
        assert_eq!((other.thinking_mode, other.thinking_levels.as_ref()), (None, None));
    }
}
