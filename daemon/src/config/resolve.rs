//! Effective settings: environment `MC_PROVIDER`/`MC_MODEL` over project over global, with
//! the offline `local` provider when nothing is configured.
//!
//! Provider and model resolve as a pair: the model comes from the layer that chose the
//! provider or a higher one, so a global model of another provider is never combined
//! with a project provider. Without one, the provider's default model applies.

use super::settings::Settings;
use crate::catalog::cache;
use crate::catalog::models::{fallback_levels, usable_model_id};
use crate::catalog::providers::{
    find, valid_provider_id, ProviderSpec, ANTHROPIC, LOCAL, LOCAL_DEFAULT_MODEL, OPENAI_CODEX,
};
use agentwire_protocol::{ConfigLayer, ConfigProjection, ReasoningLevel, Scope, Selection, SettingName};
use std::path::Path;

pub const PROVIDER_ENV: &str = "MC_PROVIDER";
pub const MODEL_ENV: &str = "MC_MODEL";
/// Models used when a provider is chosen without one and no catalog suggests another.
const ANTHROPIC_DEFAULT_MODEL: &str = "claude-sonnet-4-5";
const CODEX_DEFAULT_MODEL: &str = "gpt-5-codex";
const CUSTOM_DEFAULT_MODEL: &str = "default";

/// The environment layer. Values that are not valid selection IDs are ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnvLayer {
    pub provider: Option<String>,
    pub model: Option<String>,
}

impl EnvLayer {
    pub fn current() -> Self {
        EnvLayer { provider: env_provider(), model: env_var(MODEL_ENV).filter(|m| usable_model_id(m)) }
    }
}

fn env_var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// The environment's provider choice alone: reading it does not check a model ID, which
/// needs the redaction patterns compiled.
pub fn env_provider() -> Option<String> {
    env_var(PROVIDER_ENV).filter(|p| valid_provider_id(p))
}

/// The effective configuration and what it resolved to.
#[derive(Debug, Clone, PartialEq)]
pub struct Effective {
    pub selection: Selection,
    /// The selected provider's definition; `None` when the ID names no known provider.
    pub provider: Option<ProviderSpec>,
    pub configured_thinking_level: ReasoningLevel,
    pub thinking_level: ReasoningLevel,
    pub available_thinking_levels: Vec<ReasoningLevel>,
    pub fast: bool,
    /// The global `local_turn_ms`: how long a turn on the `local` provider takes.
    pub local_turn_ms: Option<u64>,
}

impl Effective {
    pub fn projection(&self) -> ConfigProjection {
        ConfigProjection::new(
            self.selection.clone(),
            self.thinking_level,
            self.configured_thinking_level,
            self.available_thinking_levels.clone(),
            self.fast,
            vec![ConfigLayer::Environment, ConfigLayer::Project, ConfigLayer::Global],
            vec![Scope::Global, Scope::Project],
            vec![SettingName::Fast],
        )
    }
}

/// Resolve the effective configuration from settings read now and the environment.
pub fn resolve(state_root: &Path, settings: &Settings, env: &EnvLayer) -> Effective {
    let selection = select(state_root, settings, env);
    let provider = find(&settings.custom, &selection.provider_id);
    let configured =
        settings.project.thinking_level.or(settings.global.thinking_level).unwrap_or(ReasoningLevel::Default);
    let levels = levels_for(state_root, provider.as_ref(), &selection.model_id);
    // The saved choice applies only where the model offers it; otherwise the provider default.
    let thinking_level = if levels.contains(&configured) { configured } else { ReasoningLevel::Default };
    Effective {
        selection,
        provider,
        configured_thinking_level: configured,
        thinking_level,
        available_thinking_levels: levels,
        fast: settings.global.fast.unwrap_or(false),
        local_turn_ms: settings.global.local_turn_ms,
    }
}

fn select(state_root: &Path, settings: &Settings, env: &EnvLayer) -> Selection {
    let (provider_id, depth) = chosen_provider(settings, env.provider.as_ref());
    let models = [env.model.as_ref(), settings.project.model.as_ref(), settings.global.model.as_ref()];
    let model = models[..=depth].iter().find_map(|m| m.cloned());
    let model_id = model.unwrap_or_else(|| default_model(state_root, settings, &provider_id));
    Selection::new(provider_id, model_id)
}

/// The selected provider's ID and the layer that chose it (environment 0, project 1,
/// global 2), which bounds the layers its model may come from; `local` when none chose.
fn chosen_provider(settings: &Settings, env_provider: Option<&String>) -> (String, usize) {
    let providers = [env_provider, settings.project.provider.as_ref(), settings.global.provider.as_ref()];
    match providers.iter().position(Option::is_some) {
        Some(depth) => (providers[depth].cloned().unwrap_or_default(), depth),
        None => (LOCAL.to_owned(), providers.len() - 1),
    }
}

/// The selected provider's definition, without resolving its model: what provider readiness
/// needs, while the model's resolution may load the catalog.
pub fn selected_provider(settings: &Settings, env_provider: Option<&String>) -> Option<ProviderSpec> {
    find(&settings.custom, &chosen_provider(settings, env_provider).0)
}

/// A provider's default model: its first fixed or cached model, else a built-in name.
pub fn default_model(state_root: &Path, settings: &Settings, provider_id: &str) -> String {
    if let Some(spec) = find(&settings.custom, provider_id) {
        if let Some(first) = cache::load(state_root, &spec).entries.first() {
            return first.model_id.clone();
        }
    }
    match provider_id {
        LOCAL => LOCAL_DEFAULT_MODEL,
        ANTHROPIC => ANTHROPIC_DEFAULT_MODEL,
        OPENAI_CODEX => CODEX_DEFAULT_MODEL,
        _ => CUSTOM_DEFAULT_MODEL,
    }
    .to_owned()
}

/// The model's reasoning choices: cached metadata when listed, else the provider's fallback.
fn levels_for(state_root: &Path, provider: Option<&ProviderSpec>, model_id: &str) -> Vec<ReasoningLevel> {
    let Some(spec) = provider else {
        return vec![ReasoningLevel::Default];
    };
    cache::load(state_root, spec)
        .model(model_id)
        .map_or_else(|| fallback_levels(spec.kind), |m| m.available_thinking_levels.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::settings::Layer;

    fn layer(provider: Option<&str>, model: Option<&str>) -> Layer {
        Layer { provider: provider.map(Into::into), model: model.map(Into::into), ..Layer::default() }
    }

    fn sel(s: &Selection) -> (&str, &str) {
        (s.provider_id.as_str(), s.model_id.as_str())
    }

    #[test]
    fn nothing_configured_selects_the_offline_provider() {
        let tmp = tempfile::tempdir().unwrap();
        let e = resolve(tmp.path(), &Settings::default(), &EnvLayer::default());
        assert_eq!(sel(&e.selection), ("local", "offline"));
        assert_eq!((e.thinking_level, e.fast), (ReasoningLevel::Default, false));
    }

    #[test]
    fn precedence_is_environment_then_project_then_global() {
        // "precedence environment MC_PROVIDER/MC_MODEL > project > global"
        let tmp = tempfile::tempdir().unwrap();
        let settings = Settings {
            global: layer(Some("anthropic"), Some("g-model")),
            project: layer(Some("openai-codex"), Some("p-model")),
            custom: vec![],
        };
        let root = tmp.path();
        assert_eq!(sel(&resolve(root, &settings, &EnvLayer::default()).selection), ("openai-codex", "p-model"));
        let env = EnvLayer { provider: None, model: Some("e-model".into()) };
        assert_eq!(sel(&resolve(root, &settings, &env).selection), ("openai-codex", "e-model"));
        // A provider from a higher layer never borrows a lower layer's model.
        let env = EnvLayer { provider: Some("anthropic".into()), model: None };
        assert_eq!(sel(&resolve(root, &settings, &env).selection), ("anthropic", "claude-sonnet-4-5"));
        let global_only = Settings { global: layer(Some("anthropic"), Some("g-model")), ..Settings::default() };
        assert_eq!(sel(&resolve(root, &global_only, &EnvLayer::default()).selection), ("anthropic", "g-model"));
    }

    #[test]
    fn the_provider_alone_is_the_provider_the_whole_resolution_selects() {
        let tmp = tempfile::tempdir().unwrap();
        let providers = [None, Some("local"), Some("anthropic"), Some("openai-codex"), Some("unknown-one")];
        for env in providers {
            for project in providers {
                for global in providers {
                    let settings =
                        Settings { global: layer(global, None), project: layer(project, None), custom: vec![] };
                    let env = EnvLayer { provider: env.map(Into::into), model: None };
                    let whole = resolve(tmp.path(), &settings, &env).provider;
                    assert_eq!(selected_provider(&settings, env.provider.as_ref()), whole, "{env:?} {settings:?}");
                }
            }
        }
    }

    #[test]
    fn unsupported_saved_reasoning_resolves_to_default() {
        // "configured_thinking_level is the merged saved choice (or default); thinking_level is its resolved supported value"
        let tmp = tempfile::tempdir().unwrap();
        let mut settings = Settings::default();
        settings.global.thinking_level = Some(ReasoningLevel::High);
        let e = resolve(tmp.path(), &settings, &EnvLayer::default());
        assert_eq!((e.configured_thinking_level, e.thinking_level), (ReasoningLevel::High, ReasoningLevel::Default));
        settings.global.provider = Some("anthropic".into());
        let e = resolve(tmp.path(), &settings, &EnvLayer::default());
        assert_eq!((e.configured_thinking_level, e.thinking_level), (ReasoningLevel::High, ReasoningLevel::High));
    }
}
