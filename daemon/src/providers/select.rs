//! Which provider a turn runs on, captured once at admission.
//!
//! Until settings and the shared auth store are served by the configuration and auth
//! modules, the selection comes from the environment; [`for_turn`] is the one place to
//! switch over to `config::capture_for_turn()` and `auth::credentials()`.
//!
//! | variable | meaning |
//! | --- | --- |
//! | `MC_PROVIDER` | `local` (default), `anthropic`, `openai-codex`, or `openai-compat` |
//! | `MC_MODEL` | model ID (each provider has a default) |
//! | `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL` | Anthropic key (else the shared store) and endpoint |
//! | `MC_OPENAI_BASE_URL`, `MC_OPENAI_API_KEY_ENV` | custom server and the variable holding its key (unset: no auth) |
//! | `MC_CODEX_BASE_URL`, `MC_CODEX_AUTH_URL` | Codex endpoints (tests point them at loopback mocks) |

use std::path::Path;
use std::sync::Arc;

use serde_json::Value;

use super::anthropic::Anthropic;
use super::local::Local;
use super::openai_codex::{Credential, OpenAiCodex};
use super::openai_compat::OpenAiCompat;
use super::{Provider, ProviderError};

const DEFAULT_ANTHROPIC_MODEL: &str = "claude-sonnet-4-5";
const DEFAULT_CODEX_MODEL: &str = "gpt-5-codex";

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// The shared store's record of `provider_id` (top level, or under `providers`).
fn store_record(state_root: &Path, provider_id: &str) -> Option<Value> {
    let bytes = std::fs::read(state_root.join("auth.json")).ok()?;
    let all: Value = serde_json::from_slice(&bytes).ok()?;
    all.get(provider_id).or_else(|| all.get("providers").and_then(|p| p.get(provider_id))).cloned()
}

/// The provider of a turn admitted now.
pub fn for_turn(state_root: &Path) -> Result<Arc<dyn Provider>, ProviderError> {
    let provider = env("MC_PROVIDER").unwrap_or_else(|| super::local::PROVIDER_ID.to_owned());
    let model = env("MC_MODEL");
    match provider.as_str() {
        super::local::PROVIDER_ID => Ok(Arc::new(Local)),
        "anthropic" => {
            let key = env("ANTHROPIC_API_KEY")
                .or_else(|| {
                    store_record(state_root, "anthropic").and_then(|r| r["api_key"].as_str().map(str::to_owned))
                })
                .ok_or(ProviderError::Auth)?;
            Ok(Arc::new(Anthropic {
                base_url: env("ANTHROPIC_BASE_URL").unwrap_or_else(|| super::anthropic::DEFAULT_BASE_URL.to_owned()),
                api_key: key,
                model: model.unwrap_or_else(|| DEFAULT_ANTHROPIC_MODEL.to_owned()),
            }))
        }
        super::openai_codex::PROVIDER_ID => {
            let record = store_record(state_root, super::openai_codex::PROVIDER_ID).ok_or(ProviderError::Auth)?;
            let credential = Credential::from_record(&record).ok_or(ProviderError::Auth)?;
            let top_level = std::fs::read(state_root.join("auth.json"))
                .ok()
                .and_then(|b| serde_json::from_slice::<Value>(&b).ok())
                .is_some_and(|v| v.get(super::openai_codex::PROVIDER_ID).is_some());
            Ok(Arc::new(OpenAiCodex {
                base_url: env("MC_CODEX_BASE_URL").unwrap_or_else(|| super::openai_codex::DEFAULT_BASE_URL.to_owned()),
                auth_url: env("MC_CODEX_AUTH_URL").unwrap_or_else(|| super::openai_codex::DEFAULT_AUTH_URL.to_owned()),
                model: model.unwrap_or_else(|| DEFAULT_CODEX_MODEL.to_owned()),
                // Only a store in the layout read here is written back.
                store: top_level.then(|| state_root.join("auth.json")),
                credential: tokio::sync::Mutex::new(credential),
            }))
        }
        id => {
            let base_url = env("MC_OPENAI_BASE_URL")
                .ok_or_else(|| ProviderError::NotConfigured(format!("{id}: MC_OPENAI_BASE_URL")))?;
            let api_key = match env("MC_OPENAI_API_KEY_ENV") {
                Some(var) => Some(env(&var).ok_or(ProviderError::Auth)?),
                None => None,
            };
            Ok(Arc::new(OpenAiCompat {
                provider_id: id.to_owned(),
                base_url,
                api_key,
                model: model.unwrap_or_else(|| "default".to_owned()),
                context_window: 128_000,
            }))
        }
    }
}
