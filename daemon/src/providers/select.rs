//! Which provider a turn runs on, built from what the turn captured at admission.
//!
//! "Selection, reasoning and fast settings are captured under the shared configuration lock at
//! turn admission. Running turns retain that capture." The turn takes
//! [`Configuration::capture_for_turn`](crate::config::Configuration::capture_for_turn) when it is admitted (the
//! effective selection with environment `MC_PROVIDER`/`MC_MODEL` over project over global
//! settings, `local` when nothing is configured, the provider's definition including custom
//! OpenAI-compatible providers from the global settings, the resolved reasoning level and the
//! fast flag, the model's cached record); [`for_turn`] turns that capture into a provider,
//! mapping the reasoning level and the fast flag to each provider's documented request fields
//! (none is invented: a provider or model without a documented field for one gets nothing, as
//! said where it is built; Anthropic's per-model rules are in
//! [`anthropic_model`](super::anthropic_model)). Credentials come from the auth module only:
//!
//! - `anthropic`: [`auth::credentials`] (`ANTHROPIC_API_KEY`, else the shared store's key);
//! - custom providers: [`auth::credentials`] (their `api_key_env` variable, or no auth);
//! - `openai-codex`: [`auth::codex_access`] before every request (refreshed when about to
//!   expire) and [`auth::refresh_codex`] after a 401, both generation-checked in the shared
//!   store; the provider never writes `auth.json` itself.
//!
//! Endpoints are the definition's: `AGENTWIRE_ANTHROPIC_BASE_URL` / `AGENTWIRE_CODEX_BASE_URL`
//! redirect the built-ins (proxies, tests), custom providers use their `base_url`.

use std::path::Path;
use std::sync::Arc;

use agentwire_protocol::ReasoningLevel;

use super::anthropic::{self, Anthropic};
use super::anthropic_model;
use super::local::Local;
use super::openai_codex::OpenAiCodex;
use super::openai_compat::OpenAiCompat;
use super::{Provider, ProviderError};
use crate::auth::{self, Credential};
use crate::catalog::providers::ProviderKind;
use crate::config::TurnCapture;

/// Context window assumed for custom servers, which do not report one.
const CUSTOM_CONTEXT_WINDOW: u64 = 128_000;

/// The credential `auth::credentials` reports for the captured provider now.
fn credential(state_root: &Path, capture: &TurnCapture) -> Result<Credential, ProviderError> {
    match auth::credentials_for(state_root, &capture.provider) {
        Ok(Some(c)) => Ok(c),
        Ok(None) => Err(ProviderError::Auth),
        Err(e) => {
            tracing::warn!(error = %e, "provider credential could not be read");
            Err(ProviderError::Auth)
        }
    }
}

fn base_url(capture: &TurnCapture) -> Result<String, ProviderError> {
    capture.provider.base_url.clone().ok_or_else(|| ProviderError::NotConfigured(capture.provider.id.clone()))
}

/// The provider of a turn, from its admission capture.
pub fn for_turn(state_root: &Path, capture: &TurnCapture) -> Result<Arc<dyn Provider>, ProviderError> {
    let model = capture.selection.model_id.clone();
    match capture.provider.kind {
        // Offline and deterministic: no reasoning level or speed to ask of anything.
        ProviderKind::Local => Ok(Arc::new(Local::new(capture.local_turn_ms))),
        ProviderKind::Anthropic => {
            let Credential::ApiKey(key) = credential(state_root, capture)? else { return Err(ProviderError::Auth) };
            Ok(Arc::new(Anthropic {
                base_url: base_url(capture)?,
                api_key: key.expose().to_owned(),
                model,
                options: anthropic_options(capture),
            }))
        }
        ProviderKind::OpenAiCodex => Ok(Arc::new(OpenAiCodex {
            base_url: base_url(capture)?,
            model,
            state_root: state_root.to_path_buf(),
            effort: codex_effort(capture.thinking_level),
            service_tier: codex_service_tier(capture.fast),
        })),
        ProviderKind::OpenAiCompatible => {
            let api_key = match credential(state_root, capture)? {
                Credential::ApiKey(key) => Some(key.expose().to_owned()),
                Credential::None => None,
                Credential::OAuth { .. } => return Err(ProviderError::Auth),
            };
            Ok(Arc::new(OpenAiCompat {
                provider_id: capture.provider.id.clone(),
                base_url: base_url(capture)?,
                api_key,
                model,
                context_window: CUSTOM_CONTEXT_WINDOW,
                reasoning_effort: compat_effort(capture.thinking_level),
                // `fast` is not sent: OpenAI-compatible servers (llama.cpp, vLLM, Ollama, LM
                // Studio, hosted endpoints) share no documented fast-mode field. OpenAI's own
                // `service_tier` is a billing tier of its platform that other servers may reject
                // or ignore, so sending it to an arbitrary server would not mean "fast".
            }))
        }
    }
}

/// The Responses API's `reasoning.effort` for a resolved level; `None` keeps the model default.
fn codex_effort(level: ReasoningLevel) -> Option<&'static str> {
    match level {
        ReasoningLevel::Default => None,
        ReasoningLevel::Low => Some("low"),
        ReasoningLevel::Medium => Some("medium"),
        ReasoningLevel::High => Some("high"),
        ReasoningLevel::XHigh | ReasoningLevel::Max => Some("xhigh"),
    }
}

/// The Responses API's `service_tier` for the captured fast flag: `priority` (priority
/// processing, <https://developers.openai.com/api/docs/guides/priority-processing>, the value
/// Codex itself sends for its fast mode, <https://developers.openai.com/codex/speed>). `None`:
/// the field is not sent.
fn codex_service_tier(fast: bool) -> Option<&'static str> {
    fast.then_some("priority")
}

/// The thinking shape and fast mode the captured model accepts for the captured level and
/// flag (`thinking` with adaptive or budget shape, `speed: "fast"`: documented Messages API
/// fields, each left out where the model does not take it).
fn anthropic_options(capture: &TurnCapture) -> anthropic::Options {
    anthropic::Options {
        thinking: anthropic_model::thinking(capture.thinking_level, capture.model.as_ref()),
        fast: anthropic_model::fast(capture.fast, &capture.selection.model_id),
    }
}

/// Chat completions' `reasoning_effort`; only sent when the catalog offered a level.
fn compat_effort(level: ReasoningLevel) -> Option<&'static str> {
    match level {
        ReasoningLevel::Default => None,
        ReasoningLevel::Low => Some("low"),
        ReasoningLevel::Medium => Some("medium"),
        ReasoningLevel::High | ReasoningLevel::XHigh | ReasoningLevel::Max => Some("high"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::providers::{find, CustomProvider};
    use agentwire_protocol::Selection;

    fn capture(provider: &str, custom: &[CustomProvider]) -> TurnCapture {
        TurnCapture {
            selection: Selection::new(provider, "m"),
            provider: find(custom, provider).unwrap(),
            thinking_level: ReasoningLevel::High,
            fast: false,
            local_turn_ms: None,
            model: None,
        }
    }

    #[test]
    fn the_capture_decides_provider_model_and_reasoning() {
        let tmp = tempfile::tempdir().unwrap();
        let local = for_turn(tmp.path(), &capture("local", &[])).unwrap();
        assert_eq!(local.id(), "local");
        let codex = for_turn(tmp.path(), &capture("openai-codex", &[])).unwrap();
        assert_eq!((codex.id(), codex.model()), ("openai-codex", "m"), "Codex credentials are read per request");
        // A custom provider without api_key_env needs no credential.
        let open = CustomProvider {
            id: "open".into(),
            label: None,
            base_url: "http://127.0.0.1:9/v1".into(),
            api_key_env: None,
            models: None,
        };
        // The admission capture decides, not the settings as they are now: this definition is in
        // no settings file, and the turn still gets its provider ("Running turns retain that capture").
        let custom = for_turn(tmp.path(), &capture("open", &[open])).unwrap();
        assert_eq!((custom.id(), custom.model()), ("open", "m"));
        assert_eq!(codex_effort(ReasoningLevel::Default), None);
        assert_eq!(codex_effort(ReasoningLevel::XHigh), Some("xhigh"));
        assert_eq!(compat_effort(ReasoningLevel::Max), Some("high"));
    }

    #[test]
    fn fast_asks_codex_for_priority_only_when_captured() {
        assert_eq!((codex_service_tier(false), codex_service_tier(true)), (None, Some("priority")));
    }

    #[test]
    fn anthropic_options_follow_the_captured_models_record_and_id() {
        use crate::catalog::cache::CachedModel;
        use crate::catalog::capabilities::ThinkingMode;
        let mut c = capture("anthropic", &[]);
        c.fast = true;
        let none = anthropic_options(&c);
        assert_eq!((none.thinking, none.fast), (anthropic_model::Thinking::Off, None), "unknown model: neither");
        let mut record = CachedModel::named("m");
        record.thinking_mode = Some(ThinkingMode::Budget);
        record.thinking_levels = Some(vec!["high".into()]);
        c.model = Some(record);
        c.selection.model_id = "claude-opus-5".into();
        let shaped = anthropic_options(&c);
        assert!(matches!(shaped.thinking, anthropic_model::Thinking::Budget { .. }), "{shaped:?}");
        assert_eq!(shaped.fast, Some(anthropic_model::FastAccess::Beta));
    }
}
