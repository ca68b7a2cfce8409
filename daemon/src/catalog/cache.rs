//! The model cache `$MC_HOME/catalog/<provider>.json`, validated on every read. A cache
//! counts only when it matches the provider's current configuration (kind and base URL),
//! so pointing a provider elsewhere never shows the old server's models.

use super::capabilities::ThinkingMode;
use super::models::{fallback_levels, label_or_id, normalize_levels, parse_level, usable_model_id};
use super::providers::ProviderSpec;
use agentwire_protocol::{CatalogState, ModelEntry};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::io::Read;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use crate::transport::layout::CATALOG_DIR;
const CACHE_VERSION: u32 = 1;
/// A cache is fresh for a day; `AGENTWIRE_CATALOG_TTL_MS` shortens it (tests).
const DEFAULT_TTL: Duration = Duration::from_secs(24 * 60 * 60);
const TTL_ENV: &str = "AGENTWIRE_CATALOG_TTL_MS";
/// Caches are written by us and hold at most `MAX_MODELS` entries; anything larger is
/// treated as unusable rather than parsed.
const MAX_CACHE_BYTES: u64 = 4 * 1024 * 1024;
pub const MAX_MODELS: usize = 2000;

/// One discovered model as the cache keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CachedModel {
    pub model_id: String,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub disabled: bool,
    #[serde(default)]
    pub context_window: Option<u64>,
    #[serde(default)]
    pub max_output_tokens: Option<u64>,
    /// Provider spellings of reasoning choices; `None` means unknown (fallback rules).
    #[serde(default)]
    pub thinking_levels: Option<Vec<String>>,
    /// How the model takes thinking, where the provider reports it (Anthropic's
    /// `capabilities`); `None` means unknown, and the request then asks for no thinking.
    #[serde(default)]
    pub thinking_mode: Option<ThinkingMode>,
}

impl CachedModel {
    pub fn named(model_id: &str) -> Self {
        CachedModel {
            model_id: model_id.to_owned(),
            label: None,
            disabled: false,
            context_window: None,
            max_output_tokens: None,
            thinking_levels: None,
            thinking_mode: None,
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct CacheFile {
    version: u32,
    provider_id: String,
    config_digest: String,
    fetched_at_ms: u64,
    models: Vec<CachedModel>,
}

/// A provider's validated catalog: its state and its display entries.
#[derive(Debug, Clone, PartialEq)]
pub struct Catalog {
    pub state: CatalogState,
    pub entries: Vec<ModelEntry>,
}

impl Catalog {
    fn unavailable() -> Self {
        Catalog { state: CatalogState::Unavailable, entries: Vec::new() }
    }

    /// The entry of `model_id`, if listed.
    pub fn model(&self, model_id: &str) -> Option<&ModelEntry> {
        self.entries.iter().find(|m| m.model_id == model_id)
    }
}

pub fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn ttl() -> Duration {
    std::env::var(TTL_ENV).ok().and_then(|v| v.trim().parse().ok()).map_or(DEFAULT_TTL, Duration::from_millis)
}

/// `catalog/<provider>.json`. Provider IDs may contain `/`, `:` and `..`; such IDs use a
/// digest instead so the name stays one flat, safe path component.
fn cache_path(state_root: &Path, provider_id: &str) -> PathBuf {
    let plain = provider_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    let name = if plain {
        provider_id.to_owned()
    } else {
        format!("id-{}", hex::encode(&Sha256::digest(provider_id.as_bytes())[..16]))
    };
    state_root.join(CATALOG_DIR).join(format!("{name}.json"))
}

/// What the cache must match: the provider's kind and where discovery went.
fn config_digest(spec: &ProviderSpec) -> String {
    let mut h = Sha256::new();
    h.update(format!("{:?}", spec.kind).as_bytes());
    h.update([0]);
    h.update(spec.id.as_bytes());
    h.update([0]);
    h.update(spec.base_url.as_deref().unwrap_or("").as_bytes());
    hex::encode(h.finalize())
}

/// The provider's catalog now. Static lists (local, custom with `models`) are always fresh;
/// anything missing, unreadable, malformed, empty or mismatched is `unavailable`.
pub fn load(state_root: &Path, spec: &ProviderSpec) -> Catalog {
    if let Some(models) = &spec.static_models {
        let cached: Vec<CachedModel> = models.iter().map(|m| CachedModel::named(m)).collect();
        return build(spec, &cached, CatalogState::FreshCache);
    }
    let Some(file) = matching_file(state_root, spec) else {
        return Catalog::unavailable();
    };
    let age = Duration::from_millis(now_ms().saturating_sub(file.fetched_at_ms));
    let state = if age < ttl() { CatalogState::FreshCache } else { CatalogState::Stale };
    build(spec, &file.models, state)
}

/// The cached record of `model_id`, fresh or stale, as discovery stored it (or bare, for a
/// fixed list): what a turn's request is shaped by. `None` when the cache does not match the
/// provider's configuration or does not list the model.
pub fn cached_model(state_root: &Path, spec: &ProviderSpec, model_id: &str) -> Option<CachedModel> {
    if let Some(models) = &spec.static_models {
        return models.iter().find(|m| *m == model_id).map(|m| CachedModel::named(m));
    }
    matching_file(state_root, spec)?.models.into_iter().find(|m| m.model_id == model_id && usable_model_id(model_id))
}

/// The provider's cache file when it is readable and matches its current configuration.
fn matching_file(state_root: &Path, spec: &ProviderSpec) -> Option<CacheFile> {
    let file = read_file(&cache_path(state_root, &spec.id))?;
    let matches =
        file.version == CACHE_VERSION && file.provider_id == spec.id && file.config_digest == config_digest(spec);
    matches.then_some(file)
}

/// A cache file others could have written (or its folder) is as good as missing: its
/// models would become selectable without any discovery of ours.
fn read_file(path: &Path) -> Option<CacheFile> {
    let file = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW).open(path).ok()?;
    crate::transport::trust::check_opened(&file, path, crate::transport::paths::effective_uid()).ok()?;
    let mut bytes = Vec::new();
    file.take(MAX_CACHE_BYTES + 1).read_to_end(&mut bytes).ok()?;
    if bytes.len() as u64 > MAX_CACHE_BYTES {
        return None;
    }
    serde_json::from_slice(&bytes).ok()
}

/// Display entries in cached order, deduplicated by ID, unsafe IDs omitted. Only a fresh
/// cache makes entries selectable; disabled models stay visible as unavailable.
fn build(spec: &ProviderSpec, models: &[CachedModel], state: CatalogState) -> Catalog {
    let mut seen = HashSet::new();
    let entries: Vec<ModelEntry> = models
        .iter()
        .filter(|m| usable_model_id(&m.model_id) && seen.insert(m.model_id.clone()))
        .take(MAX_MODELS)
        .map(|m| entry(spec, m, state))
        .collect();
    if entries.is_empty() {
        return Catalog::unavailable();
    }
    Catalog { state, entries }
}

fn entry(spec: &ProviderSpec, m: &CachedModel, state: CatalogState) -> ModelEntry {
    // "Fresh metadata informs that list; stale or missing metadata uses the shared fallback rules."
    let levels = match (&m.thinking_levels, state) {
        (Some(raw), CatalogState::FreshCache) => normalize_levels(raw.iter().filter_map(|l| parse_level(l))),
        _ => fallback_levels(spec.kind),
    };
    ModelEntry::new(
        spec.id.clone(),
        m.model_id.clone(),
        label_or_id(m.label.as_deref(), &m.model_id),
        state == CatalogState::FreshCache && !m.disabled,
        m.context_window,
        m.max_output_tokens,
        levels,
    )
}

/// Replace the provider's cache atomically with freshly discovered models.
pub fn store(state_root: &Path, spec: &ProviderSpec, models: Vec<CachedModel>) -> std::io::Result<()> {
    let dir = state_root.join(CATALOG_DIR);
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(&dir)?;
    let file = CacheFile {
        version: CACHE_VERSION,
        provider_id: spec.id.clone(),
        config_digest: config_digest(spec),
        fetched_at_ms: now_ms(),
        models,
    };
    let bytes = serde_json::to_vec_pretty(&file).map_err(std::io::Error::other)?;
    crate::storage::atomic_file::write_atomic(&cache_path(state_root, &spec.id), &bytes, 0o600)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::providers::{builtins, ANTHROPIC, LOCAL};

    fn spec(id: &str) -> ProviderSpec {
        builtins().into_iter().find(|p| p.id == id).unwrap()
    }

    fn rewrite(root: &Path, id: &str, f: impl FnOnce(&mut serde_json::Value)) {
        let path = cache_path(root, id);
        let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        f(&mut v);
        std::fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
    }

    #[test]
    fn fresh_then_stale_then_mismatched() {
        // "fresh_cache: unexpired cache matching the provider configuration ... stale: expired matching cache"
        let tmp = tempfile::tempdir().unwrap();
        let a = spec(ANTHROPIC);
        assert_eq!(load(tmp.path(), &a).state, CatalogState::Unavailable);
        let mut disabled = CachedModel::named("m-2");
        disabled.disabled = true;
        store(
            tmp.path(),
            &a,
            vec![
                CachedModel::named("m-1"),
                disabled,
                CachedModel::named("m-1"),
                CachedModel::named("sk-abcdefghijklmnopqrstuvwxyz"),
            ],
        )
        .unwrap();
        let fresh = load(tmp.path(), &a);
        assert_eq!(fresh.state, CatalogState::FreshCache);
        assert_eq!(
            fresh.entries.iter().map(|e| (e.model_id.as_str(), e.available)).collect::<Vec<_>>(),
            [("m-1", true), ("m-2", false)]
        );
        rewrite(tmp.path(), ANTHROPIC, |v| v["fetched_at_ms"] = 0.into());
        let stale = load(tmp.path(), &a);
        assert_eq!(stale.state, CatalogState::Stale);
        assert!(stale.entries.iter().all(|e| !e.available), "stale entries are never selectable");
        let mut moved = a.clone();
        moved.base_url = Some("http://127.0.0.1:9/".into());
        assert_eq!(load(tmp.path(), &moved).state, CatalogState::Unavailable);
    }

    #[test]
    fn a_turn_reads_the_models_record_fresh_or_stale_but_never_from_a_mismatched_cache() {
        let tmp = tempfile::tempdir().unwrap();
        let a = spec(ANTHROPIC);
        let mut adaptive = CachedModel::named("m-1");
        adaptive.thinking_mode = Some(ThinkingMode::Adaptive);
        store(tmp.path(), &a, vec![adaptive.clone()]).unwrap();
        assert_eq!(cached_model(tmp.path(), &a, "m-1"), Some(adaptive.clone()));
        assert_eq!(cached_model(tmp.path(), &a, "m-2"), None);
        rewrite(tmp.path(), ANTHROPIC, |v| v["fetched_at_ms"] = 0.into());
        assert_eq!(cached_model(tmp.path(), &a, "m-1"), Some(adaptive), "what the API said still holds when stale");
        let mut moved = a.clone();
        moved.base_url = Some("http://127.0.0.1:9/".into());
        assert_eq!(cached_model(tmp.path(), &moved, "m-1"), None);
        assert_eq!(cached_model(tmp.path(), &spec(LOCAL), "offline"), Some(CachedModel::named("offline")));
        // A cache written before the mode was recorded reads as unknown.
        rewrite(tmp.path(), ANTHROPIC, |v| {
            v["models"][0].as_object_mut().unwrap().remove("thinking_mode");
        });
        assert_eq!(cached_model(tmp.path(), &a, "m-1").unwrap().thinking_mode, None);
    }

    #[test]
    fn malformed_or_empty_caches_are_unavailable_and_local_is_always_fresh() {
        let tmp = tempfile::tempdir().unwrap();
        let a = spec(ANTHROPIC);
        store(tmp.path(), &a, vec![]).unwrap();
        assert_eq!(load(tmp.path(), &a).state, CatalogState::Unavailable);
        std::fs::write(cache_path(tmp.path(), ANTHROPIC), b"{oops").unwrap();
        assert_eq!(load(tmp.path(), &a).state, CatalogState::Unavailable);
        let local = load(tmp.path(), &spec(LOCAL));
        assert_eq!(local.state, CatalogState::FreshCache);
        assert!(local.model("offline").is_some_and(|m| m.available));
    }
}
