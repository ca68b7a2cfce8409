//! Scoped configuration: `config.get`, `config.set`, the configuration worker, and the
//! capture a turn takes at admission.
//!
//! # API for other daemon parts (turns)
//!
//! - [`Configuration::capture_for_turn`]`().await -> Result<TurnCapture, ErrorCode>`: the
//!   effective selection, resolved reasoning level, fast flag, the provider's definition and
//!   the model's cached record, read under the configuration's commit lock so a concurrent
//!   `config.set` is seen either wholly or not at all. The turn service holds a clone of the
//!   service's [`Configuration`]: the lock is the configuration's, not the process's.
//!   Errors:
//!   `configuration_unavailable` (settings unreadable), `invalid_selection` (the selected
//!   provider is not defined). Credentials: `crate::auth::credentials` /
//!   `crate::auth::codex_access` with `capture.provider.id`.
//! - [`effective`]`(state_root, workspace) -> Result<Effective, SettingsError>`: the same
//!   resolution without the lock (what `config.get` and `status` use).
//! - [`Configuration::exclusive`]: run catalog/config work on the single configuration
//!   worker; overlap is `configuration_busy`, and the work finishes even if the requesting
//!   connection goes away.
//!
//! Settings format (global `$MC_HOME/settings.toml`, project `<workspace>/.agentwire/settings.toml`):
//! ```toml
//! provider = "anthropic"          # selection: provider and model are written together
//! model = "claude-sonnet-4-5"
//! thinking_level = "high"         # default | low | medium | high | x_high | max
//! fast = false                    # global only
//!
//! [providers.my-server]           # global only: custom OpenAI-compatible providers
//! base_url = "http://127.0.0.1:8080/v1"
//! api_key_env = "MY_SERVER_KEY"   # omit for servers without authentication
//! models = ["qwen2.5-coder:7b"]   # omit to discover through GET {base_url}/models
//! label = "My model server"
//! ```

pub mod resolve;
pub mod settings;
pub mod writer;

pub use resolve::{resolve, Effective, EnvLayer};
pub use settings::{Settings, SettingsError};

use crate::catalog::cache::{self, CachedModel};
use crate::catalog::providers::{find, ProviderSpec};
use crate::sync::blocking;
use agentwire_protocol::{
    CatalogState, ConfigProjection, ConfigSetRequest, ConfigSetResponse, ErrorCode, ModelEntry, ReasoningLevel, Scope,
    Selection,
};
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::sync::{Mutex, RwLock};
use writer::Edits;

/// Global settings hold nothing secret but live in the private state root.
const GLOBAL_MODE: u32 = 0o600;
const PROJECT_MODE: u32 = 0o644;

/// What a turn runs with, captured once at admission.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnCapture {
    pub selection: Selection,
    /// The provider definition (kind, base URL, credential source) as of admission.
    pub provider: ProviderSpec,
    pub thinking_level: ReasoningLevel,
    pub fast: bool,
    /// What the catalog recorded about the selected model (fresh or stale), which shapes its
    /// requests; `None` when the catalog does not list it.
    pub model: Option<CachedModel>,
    /// How long a turn on the `local` provider takes (global `local_turn_ms`).
    pub local_turn_ms: Option<u64>,
}

/// [`effective`] read on the blocking pool, as an async handler needs it.
async fn effective_off_thread(state_root: &Path, workspace: &Path) -> Result<Effective, ErrorCode> {
    let (root, workspace) = (state_root.to_path_buf(), workspace.to_path_buf());
    blocking(Err(ErrorCode::InternalError), move || {
        effective(&root, &workspace).map_err(|_| ErrorCode::ConfigurationUnavailable)
    })
    .await
}

/// The effective configuration now: settings reread, environment applied.
pub fn effective(state_root: &Path, workspace: &Path) -> Result<Effective, SettingsError> {
    let settings = settings::load(state_root, workspace)?;
    Ok(resolve(state_root, &settings, &EnvLayer::current()))
}

/// The provider the effective configuration selects, its model left unresolved: all that
/// `status` readiness needs, and it never loads the catalog (nor compiles the redaction
/// patterns the catalog's ID checks use).
pub fn effective_provider(state_root: &Path, workspace: &Path) -> Result<Option<ProviderSpec>, SettingsError> {
    let settings = settings::load(state_root, workspace)?;
    Ok(resolve::selected_provider(&settings, resolve::env_provider().as_ref()))
}

/// The service's configuration state: paths, the single worker and the commit lock. Clones
/// share both locks (the turn service holds one).
#[derive(Debug, Clone)]
pub struct Configuration {
    state_root: PathBuf,
    workspace: PathBuf,
    /// One catalog/config mutation at a time.
    worker: Arc<Mutex<()>>,
    /// Held for writing while `config.set` replaces a settings file, for reading while a turn
    /// captures its configuration.
    commit: Arc<RwLock<()>>,
}

impl Configuration {
    pub fn new(state_root: PathBuf, workspace: PathBuf) -> Self {
        Configuration { state_root, workspace, worker: Arc::default(), commit: Arc::default() }
    }

    pub fn state_root(&self) -> &Path {
        &self.state_root
    }

    pub fn workspace(&self) -> &Path {
        &self.workspace
    }

    /// `config.get`: the bounded projection.
    pub async fn get(&self) -> Result<ConfigProjection, ErrorCode> {
        effective_off_thread(&self.state_root, &self.workspace).await.map(|e| e.projection())
    }

    /// Run `work` on the configuration worker. A second concurrent call is
    /// `configuration_busy`; the work is spawned so it completes after a disconnect.
    pub async fn exclusive<T, F>(&self, work: F) -> Result<T, ErrorCode>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, ErrorCode>> + Send + 'static,
    {
        let guard = Arc::clone(&self.worker).try_lock_owned().map_err(|_| ErrorCode::ConfigurationBusy)?;
        let task = tokio::spawn(async move {
            let result = work.await;
            drop(guard);
            result
        });
        task.await.map_err(|_| ErrorCode::InternalError)?
    }

    /// `config.set`: validate the whole change, then commit it through the locked writer.
    pub async fn set(&self, req: ConfigSetRequest) -> Result<ConfigSetResponse, ErrorCode> {
        let (root, workspace, commit) = (self.state_root.clone(), self.workspace.clone(), Arc::clone(&self.commit));
        self.exclusive(async move { set_now(&root, &workspace, &commit, req).await }).await
    }

    /// The turn's view of the configuration, read under the commit lock.
    pub async fn capture_for_turn(&self) -> Result<TurnCapture, ErrorCode> {
        let _read = self.commit.read().await;
        let (root, workspace) = (self.state_root.clone(), self.workspace.clone());
        blocking(Err(ErrorCode::InternalError), move || {
            let e = effective(&root, &workspace).map_err(|_| ErrorCode::ConfigurationUnavailable)?;
            let provider = e.provider.ok_or(ErrorCode::InvalidSelection)?;
            let model = cache::cached_model(&root, &provider, &e.selection.model_id);
            Ok(TurnCapture {
                selection: e.selection,
                provider,
                thinking_level: e.thinking_level,
                fast: e.fast,
                model,
                local_turn_ms: e.local_turn_ms,
            })
        })
        .await
    }
}

async fn set_now(
    root: &Path,
    workspace: &Path,
    commit: &RwLock<()>,
    req: ConfigSetRequest,
) -> Result<ConfigSetResponse, ErrorCode> {
    let (r, w, q) = (root.to_path_buf(), workspace.to_path_buf(), req.clone());
    let edits = blocking(Err(ErrorCode::InternalError), move || {
        let current = settings::load(&r, &w).map_err(|_| ErrorCode::ConfigurationUnavailable)?;
        plan(&r, &current, &EnvLayer::current(), &q)
    })
    .await?;
    let (path, mode) = match req.scope {
        Scope::Global => (settings::global_path(root), GLOBAL_MODE),
        Scope::Project => (settings::project_path(workspace), PROJECT_MODE),
    };
    {
        let _write = commit.write().await;
        writer::apply(&path, &edits, mode).await.map_err(|_| ErrorCode::SettingsWriteFailed)?;
    }
    let effective = effective_off_thread(root, workspace).await?;
    Ok(ConfigSetResponse::new(req.scope, effective.projection()))
}

/// Validate a `config.set` request against settings and catalogs read now, and turn it
/// into the edits to write. Nothing is written when this fails.
pub fn plan(root: &Path, current: &Settings, env: &EnvLayer, req: &ConfigSetRequest) -> Result<Edits, ErrorCode> {
    // "A project request containing fast, even false, fails as a whole."
    if req.scope == Scope::Project && req.fast.is_some() {
        return Err(ErrorCode::InvalidScope);
    }
    let mut edits = Edits { fast: req.fast, ..Edits::default() };
    if let Some(sel) = &req.selection {
        let model = selectable(root, current, sel)?;
        // "A selection change without thinking_level resets the saved reasoning choice to default."
        let level = req.thinking_level.unwrap_or(ReasoningLevel::Default);
        supports(&model, level)?;
        edits.selection = Some(sel.clone());
        edits.thinking_level = Some(level);
    } else if let Some(level) = req.thinking_level {
        // "A reasoning-only change validates the current effective selection."
        let selection = resolve(root, current, env).selection;
        supports(&selectable(root, current, &selection)?, level)?;
        edits.thinking_level = Some(level);
    }
    Ok(edits)
}

/// The model entry of an enabled model in the provider's fresh catalog.
fn selectable(root: &Path, current: &Settings, sel: &Selection) -> Result<ModelEntry, ErrorCode> {
    let spec = find(&current.custom, &sel.provider_id).ok_or(ErrorCode::InvalidSelection)?;
    let catalog = cache::load(root, &spec);
    match catalog.state {
        CatalogState::Unavailable => Err(ErrorCode::CatalogUnavailable),
        CatalogState::Stale => Err(ErrorCode::CatalogStale),
        CatalogState::FreshCache => {
            catalog.model(&sel.model_id).filter(|m| m.available).cloned().ok_or(ErrorCode::InvalidSelection)
        }
    }
}

fn supports(model: &ModelEntry, level: ReasoningLevel) -> Result<(), ErrorCode> {
    if model.available_thinking_levels.contains(&level) {
        Ok(())
    } else {
        Err(ErrorCode::UnsupportedReasoning)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_turn_capture_waits_for_its_own_configurations_commit_only() {
        // "captured under the shared configuration lock at turn admission": the lock belongs
        // to the configuration the turn was handed, not to the process.
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let config = Configuration::new(a.path().to_path_buf(), a.path().to_path_buf());
        let other = Configuration::new(b.path().to_path_buf(), b.path().to_path_buf());
        let commit = config.commit.write().await;
        let wait = std::time::Duration::from_millis(200);
        let capture = tokio::time::timeout(wait, other.capture_for_turn()).await;
        assert!(capture.is_ok_and(|c| c.is_ok()), "another configuration's commit does not block");
        let turns_view = config.clone();
        assert!(tokio::time::timeout(wait, turns_view.capture_for_turn()).await.is_err(), "a clone shares the lock");
        drop(commit);
        assert!(turns_view.capture_for_turn().await.is_ok());
    }

    fn req(
        scope: Scope,
        selection: Option<(&str, &str)>,
        thinking_level: Option<ReasoningLevel>,
        fast: Option<bool>,
    ) -> ConfigSetRequest {
        let selection = selection.map(|(p, m)| Selection::new(p, m));
        ConfigSetRequest::new(scope).with_selection(selection).with_thinking_level(thinking_level).with_fast(fast)
    }

    #[test]
    fn plan_enforces_scope_catalog_and_reasoning_rules() {
        let tmp = tempfile::tempdir().unwrap();
        let (root, s, env) = (tmp.path(), Settings::default(), EnvLayer::default());
        let plan_of = |r: &ConfigSetRequest| plan(root, &s, &env, r);
        assert_eq!(plan_of(&req(Scope::Project, None, None, Some(false))), Err(ErrorCode::InvalidScope));
        assert_eq!(
            plan_of(&req(Scope::Project, Some(("local", "offline")), None, Some(false))),
            Err(ErrorCode::InvalidScope)
        );
        assert_eq!(
            plan_of(&req(Scope::Global, Some(("anthropic", "m")), None, None)),
            Err(ErrorCode::CatalogUnavailable)
        );
        assert_eq!(plan_of(&req(Scope::Global, Some(("nobody", "m")), None, None)), Err(ErrorCode::InvalidSelection));
        assert_eq!(plan_of(&req(Scope::Global, Some(("local", "nope")), None, None)), Err(ErrorCode::InvalidSelection));
        assert_eq!(
            plan_of(&req(Scope::Global, Some(("local", "offline")), Some(ReasoningLevel::High), None)),
            Err(ErrorCode::UnsupportedReasoning)
        );
        assert_eq!(
            plan_of(&req(Scope::Project, None, Some(ReasoningLevel::Max), None)),
            Err(ErrorCode::UnsupportedReasoning)
        );
        let ok = plan_of(&req(Scope::Global, Some(("local", "offline")), None, Some(true))).unwrap();
        assert_eq!((ok.thinking_level, ok.fast), (Some(ReasoningLevel::Default), Some(true)));
        assert_eq!(plan_of(&req(Scope::Global, None, None, Some(true))).unwrap().selection, None);
    }

    #[test]
    fn a_reasoning_only_change_validates_the_effective_selection_with_environment_overrides() {
        // "A reasoning-only change validates the current effective selection, including
        // environment overrides and normal defaults, using the same resolution as config.get."
        let tmp = tempfile::tempdir().unwrap();
        let (root, s) = (tmp.path(), Settings::default());
        let only_reasoning = req(Scope::Global, None, Some(ReasoningLevel::Default), None);
        // Normal defaults: the offline provider, whose catalog is always fresh.
        assert!(plan(root, &s, &EnvLayer::default(), &only_reasoning).is_ok());
        // MC_PROVIDER/MC_MODEL override both files: Anthropic's missing catalog now decides.
        let env = EnvLayer { provider: Some("anthropic".into()), model: Some("claude-x".into()) };
        assert_eq!(resolve(root, &s, &env).selection.provider_id, "anthropic", "what config.get would show");
        assert_eq!(plan(root, &s, &env, &only_reasoning), Err(ErrorCode::CatalogUnavailable));
    }
}
