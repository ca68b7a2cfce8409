//! The provider registry: the built-ins (`anthropic`, `openai-codex`, the offline `local`
//! demo) plus custom OpenAI-compatible providers and ACP agents from the global settings.

use super::agents::AgentEntry;
use agentwire_protocol::rules;
use std::collections::BTreeMap;

pub const ANTHROPIC: &str = "anthropic";
pub const OPENAI_CODEX: &str = "openai-codex";
/// The offline demo provider: always ready, always a fresh built-in catalog, so a fresh
/// machine can run a turn without any credential.
pub const LOCAL: &str = "local";

/// Default Anthropic API base; `AGENTWIRE_ANTHROPIC_BASE_URL` overrides it (tests, proxies).
const ANTHROPIC_BASE_URL: &str = "https://api.anthropic.com";
const ANTHROPIC_BASE_ENV: &str = "AGENTWIRE_ANTHROPIC_BASE_URL";
/// Default Codex backend base; `AGENTWIRE_CODEX_BASE_URL` overrides it.
const CODEX_BASE_URL: &str = "https://chatgpt.com/backend-api/codex";
const CODEX_BASE_ENV: &str = "AGENTWIRE_CODEX_BASE_URL";

/// How a provider speaks: which discovery and inference protocol applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProviderKind {
    /// Anthropic Messages API (`x-api-key`, `anthropic-version`).
    Anthropic,
    /// OpenAI Codex backend with the shared OAuth credential.
    OpenAiCodex,
    /// Built-in offline demo; no network at all.
    Local,
    /// Any server with an OpenAI-compatible `GET {base}/models` (bearer key or no auth).
    OpenAiCompatible,
    /// An Agent Client Protocol agent the daemon starts (`[agents.<id>]`).
    Acp,
}

/// Where a provider's credential comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProviderAuth {
    /// The shared Codex OAuth record.
    CodexOAuth,
    /// `ANTHROPIC_API_KEY`, else the shared Anthropic API-key record.
    AnthropicKey,
    /// A custom provider's environment variable (its name, never sent to clients).
    EnvKey(String),
    /// No credential needed.
    None,
}

/// A custom OpenAI-compatible provider as the global settings define it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomProvider {
    pub id: String,
    pub label: Option<String>,
    pub base_url: String,
    pub api_key_env: Option<String>,
    /// A fixed model list; `None` means discovery through `GET {base_url}/models`.
    pub models: Option<Vec<String>>,
}

/// Everything the service knows about one provider. Base URLs and variable names stay
/// inside the process: catalog and config responses carry only IDs and labels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderSpec {
    pub id: String,
    pub label: String,
    pub kind: ProviderKind,
    /// Discovery and inference base URL; `None` for `local`.
    pub base_url: Option<String>,
    pub auth: ProviderAuth,
    /// Models fixed by definition (local, custom with `models`, agents): always a fresh catalog.
    pub static_models: Option<Vec<String>>,
    /// The agent's entry, for [`ProviderKind::Acp`].
    pub agent: Option<AgentEntry>,
}

/// What the global settings define: custom OpenAI-compatible providers and ACP agents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Definitions {
    pub providers: Vec<CustomProvider>,
    pub agents: Vec<AgentEntry>,
}

impl Definitions {
    pub fn providers(providers: Vec<CustomProvider>) -> Definitions {
        Definitions { providers, agents: Vec::new() }
    }
}

/// The one model an agent offers: the agent itself chooses what runs behind it.
pub const AGENT_DEFAULT_MODEL: &str = "default";

/// Models of the offline provider. The turn engine answers them without any network.
pub const LOCAL_MODELS: &[&str] = &["offline"];
pub const LOCAL_DEFAULT_MODEL: &str = "offline";

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty()).unwrap_or_else(|| default.to_owned())
}

/// The three built-in providers, with base URLs resolved from the environment now.
pub fn builtins() -> Vec<ProviderSpec> {
    vec![
        ProviderSpec {
            id: ANTHROPIC.to_owned(),
            label: ANTHROPIC.to_owned(),
            kind: ProviderKind::Anthropic,
            base_url: Some(env_or(ANTHROPIC_BASE_ENV, ANTHROPIC_BASE_URL)),
            auth: ProviderAuth::AnthropicKey,
            static_models: None,
            agent: None,
        },
        ProviderSpec {
            id: OPENAI_CODEX.to_owned(),
            label: OPENAI_CODEX.to_owned(),
            kind: ProviderKind::OpenAiCodex,
            base_url: Some(env_or(CODEX_BASE_ENV, CODEX_BASE_URL)),
            auth: ProviderAuth::CodexOAuth,
            static_models: None,
            agent: None,
        },
        ProviderSpec {
            id: LOCAL.to_owned(),
            label: "local (offline demo)".to_owned(),
            kind: ProviderKind::Local,
            base_url: None,
            auth: ProviderAuth::None,
            static_models: Some(LOCAL_MODELS.iter().map(|m| (*m).to_owned()).collect()),
            agent: None,
        },
    ]
}

fn custom_spec(c: &CustomProvider) -> ProviderSpec {
    let label = c.label.as_deref().and_then(super::labels::sanitize_label).unwrap_or_else(|| c.id.clone());
    ProviderSpec {
        id: c.id.clone(),
        label,
        kind: ProviderKind::OpenAiCompatible,
        base_url: Some(c.base_url.clone()),
        auth: c.api_key_env.clone().map_or(ProviderAuth::None, ProviderAuth::EnvKey),
        static_models: c.models.clone(),
        agent: None,
    }
}

fn agent_spec(a: &AgentEntry) -> ProviderSpec {
    let label = a.label.as_deref().and_then(super::labels::sanitize_label).unwrap_or_else(|| a.id.clone());
    ProviderSpec {
        id: a.id.clone(),
        label,
        kind: ProviderKind::Acp,
        base_url: None,
        auth: ProviderAuth::None,
        static_models: Some(vec![AGENT_DEFAULT_MODEL.to_owned()]),
        agent: Some(a.clone()),
    }
}

/// Whether `id` may name a provider: the wire rules, and nothing that looks like a secret.
pub fn valid_provider_id(id: &str) -> bool {
    rules::PROVIDER_ID.check(id).is_ok() && !super::labels::looks_like_secret(id)
}

/// Built-ins plus the valid custom providers and agents, sorted by ID and deduplicated. A
/// definition never replaces a built-in, and a custom provider wins over an agent of its ID.
pub fn registry(custom: &Definitions) -> Vec<ProviderSpec> {
    let mut by_id: BTreeMap<String, ProviderSpec> = builtins().into_iter().map(|p| (p.id.clone(), p)).collect();
    for c in custom.providers.iter().filter(|c| valid_provider_id(&c.id)) {
        by_id.entry(c.id.clone()).or_insert_with(|| custom_spec(c));
    }
    for a in custom.agents.iter().filter(|a| valid_provider_id(&a.id)) {
        by_id.entry(a.id.clone()).or_insert_with(|| agent_spec(a));
    }
    by_id.into_values().collect()
}

/// The provider named `id`, if the registry has it.
pub fn find(custom: &Definitions, id: &str) -> Option<ProviderSpec> {
    registry(custom).into_iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn custom(id: &str) -> CustomProvider {
        CustomProvider {
            id: id.into(),
            label: None,
            base_url: "http://127.0.0.1:1/v1".into(),
            api_key_env: None,
            models: None,
        }
    }

    #[test]
    fn registry_is_sorted_deduplicated_and_keeps_builtins() {
        // "Provider entries include the built-ins ... plus currently configured custom providers, sorted by ID and deduplicated."
        let all = Definitions::providers(vec![custom("zeta"), custom("anthropic"), custom("alpha"), custom("zeta")]);
        let ids: Vec<String> = registry(&all).into_iter().map(|p| p.id).collect();
        assert_eq!(ids, ["alpha", "anthropic", "local", "openai-codex", "zeta"]);
        let shadow = Definitions::providers(vec![custom("anthropic")]);
        assert_eq!(find(&shadow, "anthropic").map(|p| p.kind), Some(ProviderKind::Anthropic));
    }

    #[test]
    fn invalid_or_secret_looking_custom_ids_are_dropped() {
        let bad = [custom("has space"), custom("sk-abcdefghijklmnopqrstuvwxyz012345"), custom("")];
        assert_eq!(registry(&Definitions::providers(bad.to_vec())).len(), 3);
    }
}
