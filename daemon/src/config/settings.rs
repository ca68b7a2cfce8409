//! Reading the settings files: global `$MC_HOME/settings.toml` and project
//! `<workspace>/.agentwire/settings.toml`. Both hold `provider`, `model`, `thinking_level`
//! and (global only) `fast` at the top level; the global file also defines custom
//! providers under `[providers.<id>]` and ACP agents under `[agents.<id>]` (see
//! [`crate::catalog::agents`]). Unknown keys are ignored here and preserved by the writer.

use crate::catalog::agents::{self, AgentEntry};
use crate::catalog::models::usable_model_id;
use crate::catalog::providers::{valid_provider_id, CustomProvider, Definitions};
use agentwire_protocol::ReasoningLevel;
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use toml_edit::{DocumentMut, Item};

pub use crate::transport::layout::SETTINGS_FILE;
pub const PROJECT_DIR: &str = ".agentwire";
/// Settings files are small and hand-edited; a huge one is refused rather than parsed.
const MAX_SETTINGS_BYTES: u64 = 1024 * 1024;
/// Environment variable names a custom provider may name for its key.
const MAX_ENV_NAME_BYTES: usize = 128;

/// Settings failures. Messages are fixed and never carry paths or contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("settings could not be read")]
    Unreadable,
    #[error("settings are malformed")]
    Malformed,
    #[error("settings file or its folder is not owned by this user or is writable by others")]
    Untrusted,
}

/// The values one scope saves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layer {
    pub provider: Option<String>,
    pub model: Option<String>,
    pub thinking_level: Option<ReasoningLevel>,
    pub fast: Option<bool>,
    /// Global only: how long a turn on the offline `local` provider takes (`local_turn_ms`),
    /// so front ends and tests can press Stop mid-turn; `None`: it answers at once.
    pub local_turn_ms: Option<u64>,
    /// Global only: how long a permission request asked of the person waits before the
    /// deadline answers it reject (`approval_deadline_ms`, within [`APPROVAL_DEADLINE_MS`]).
    pub approval_deadline_ms: Option<u64>,
}

/// The range settings may give `approval_deadline_ms` (the spec's `approval_deadline_ms`
/// limit: "Settings `approval_deadline_ms` may set 1000..=3600000", its bounds the spec's
/// constants): a second at least, so an answer can arrive, an hour at most, so a forgotten
/// request does not hold a turn for days.
pub const APPROVAL_DEADLINE_MS: std::ops::RangeInclusive<u64> =
    agentwire_protocol::constants::APPROVAL_DEADLINE_MIN_MS..=agentwire_protocol::constants::APPROVAL_DEADLINE_MAX_MS;

/// The longest `local_turn_ms`: ten minutes, well past any test's patience.
pub const MAX_LOCAL_TURN_MS: u64 = 600_000;

/// Both scopes and the custom provider definitions, as read now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    pub global: Layer,
    /// The project scope; `fast` is never taken from it.
    pub project: Layer,
    pub custom: Definitions,
}

pub fn global_path(state_root: &Path) -> PathBuf {
    state_root.join(SETTINGS_FILE)
}

pub fn project_path(workspace: &Path) -> PathBuf {
    workspace.join(PROJECT_DIR).join(SETTINGS_FILE)
}

/// A settings file's text; `None` when it does not exist. Every read first checks that the
/// file and its folder are private to this user ([`crate::transport::trust::check_opened`]): the global
/// file can start programs, so one that others could have written is never parsed.
pub fn read_text(path: &Path) -> Result<Option<String>, SettingsError> {
    let file = match std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(_) => return Err(SettingsError::Unreadable),
    };
    crate::transport::trust::check_opened(&file, path, crate::transport::paths::effective_uid())
        .map_err(|_| SettingsError::Untrusted)?;
    let mut text = String::new();
    file.take(MAX_SETTINGS_BYTES + 1).read_to_string(&mut text).map_err(|_| SettingsError::Unreadable)?;
    if text.len() as u64 > MAX_SETTINGS_BYTES {
        return Err(SettingsError::Malformed);
    }
    Ok(Some(text))
}

pub fn parse(text: &str) -> Result<DocumentMut, SettingsError> {
    text.parse::<DocumentMut>().map_err(|_| SettingsError::Malformed)
}

fn read_doc(path: &Path) -> Result<DocumentMut, SettingsError> {
    read_text(path)?.map_or_else(|| Ok(DocumentMut::new()), |t| parse(&t))
}

/// The project file, or nothing when others could have written it: a project file is
/// often a checkout of someone else's repository, so an untrusted one is ignored (with a
/// warning naming no path) rather than failing every request of the workspace.
fn read_project_doc(workspace: &Path) -> Result<DocumentMut, SettingsError> {
    match read_doc(&project_path(workspace)) {
        Err(SettingsError::Untrusted) => {
            warn_untrusted_project();
            Ok(DocumentMut::new())
        }
        other => other,
    }
}

/// Once per daemon: the file is reread on every change, and one line says what to fix.
fn warn_untrusted_project() {
    static WARNED: std::sync::Once = std::sync::Once::new();
    WARNED.call_once(|| {
        tracing::warn!(
            "the project settings file or its folder is writable by another user; ignored until it is private to this user"
        );
    });
}

/// Both scopes and the global custom providers.
pub fn load(state_root: &Path, workspace: &Path) -> Result<Settings, SettingsError> {
    let global = read_doc(&global_path(state_root))?;
    let project = read_project_doc(workspace)?;
    let mut project_layer = parse_layer(&project)?;
    // "fast is global-only": a project file cannot turn it on. Nor can a checkout slow the
    // offline provider down.
    project_layer.fast = None;
    project_layer.local_turn_ms = None;
    project_layer.approval_deadline_ms = None;
    Ok(Settings { global: parse_layer(&global)?, project: project_layer, custom: parse_custom(&global) })
}

/// Custom providers and agents of the global settings only: a project file (often from a
/// repository) must not be able to send a user's key to a server of its choosing, nor start
/// a program.
pub fn load_custom(state_root: &Path) -> Result<Definitions, SettingsError> {
    Ok(parse_custom(&read_doc(&global_path(state_root))?))
}

fn string_of(doc: &DocumentMut, key: &str) -> Result<Option<String>, SettingsError> {
    match doc.get(key) {
        None => Ok(None),
        Some(item) => item.as_str().map(|s| Some(s.to_owned())).ok_or(SettingsError::Malformed),
    }
}

/// The top-level values of one scope; a known key with a wrong type or value is malformed.
pub fn parse_layer(doc: &DocumentMut) -> Result<Layer, SettingsError> {
    let provider = string_of(doc, "provider")?;
    if provider.as_deref().is_some_and(|p| !valid_provider_id(p)) {
        return Err(SettingsError::Malformed);
    }
    let model = string_of(doc, "model")?;
    if model.as_deref().is_some_and(|m| !usable_model_id(m)) {
        return Err(SettingsError::Malformed);
    }
    let thinking_level = match string_of(doc, "thinking_level")? {
        None => None,
        Some(s) => Some(ReasoningLevel::from_wire(&s).ok_or(SettingsError::Malformed)?),
    };
    let fast = match doc.get("fast") {
        None => None,
        Some(item) => Some(item.as_bool().ok_or(SettingsError::Malformed)?),
    };
    let local_turn_ms = match doc.get("local_turn_ms") {
        None => None,
        Some(item) => {
            let ms = item.as_integer().and_then(|i| u64::try_from(i).ok());
            Some(ms.filter(|ms| (1..=MAX_LOCAL_TURN_MS).contains(ms)).ok_or(SettingsError::Malformed)?)
        }
    };
    let approval_deadline_ms = match doc.get("approval_deadline_ms") {
        None => None,
        Some(item) => {
            let ms = item.as_integer().and_then(|i| u64::try_from(i).ok());
            Some(ms.filter(|ms| APPROVAL_DEADLINE_MS.contains(ms)).ok_or(SettingsError::Malformed)?)
        }
    };
    Ok(Layer { provider, model, thinking_level, fast, local_turn_ms, approval_deadline_ms })
}

/// Valid `[providers.<id>]` and `[agents.<id>]` definitions.
pub(crate) fn parse_custom(doc: &DocumentMut) -> Definitions {
    Definitions { providers: parse_providers(doc), agents: parse_agents(doc) }
}

/// Valid `[agents.<id>]` entries; an invalid one is skipped with a warning naming its key
/// and the problem (never a value), so one typo does not take the other providers away.
fn parse_agents(doc: &DocumentMut) -> Vec<AgentEntry> {
    let Some(table) = doc.get("agents").and_then(Item::as_table_like) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (id, item) in table.iter() {
        if !valid_provider_id(id) {
            // The key itself is not logged: it may be what looks like a secret.
            tracing::warn!("an agent entry of the global settings has a key that is not a valid provider ID; skipped");
            continue;
        }
        match agents::parse_entry(id, item) {
            Ok(entry) => out.push(entry),
            Err(e) => tracing::warn!(problem = %e, "an agent entry of the global settings is invalid and was skipped"),
        }
    }
    out
}

/// Valid `[providers.<id>]` definitions; an invalid one is skipped (and logged without
/// its contents) so one typo does not take every other provider away.
fn parse_providers(doc: &DocumentMut) -> Vec<CustomProvider> {
    let Some(table) = doc.get("providers").and_then(Item::as_table_like) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (id, item) in table.iter() {
        match custom_provider(id, item) {
            Some(p) => out.push(p),
            None => tracing::warn!("a custom provider definition in the global settings is invalid and was skipped"),
        }
    }
    out
}

fn custom_provider(id: &str, item: &Item) -> Option<CustomProvider> {
    let t = item.as_table_like()?;
    if !valid_provider_id(id) {
        return None;
    }
    let base_url = t.get("base_url")?.as_str()?.trim().to_owned();
    let url = reqwest::Url::parse(&base_url).ok()?;
    // Credentials in the URL would end up in connection logs; keys belong in `api_key_env`.
    let has_userinfo = !url.username().is_empty() || url.password().is_some();
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() || has_userinfo {
        return None;
    }
    let api_key_env = match t.get("api_key_env") {
        None => None,
        Some(v) => Some(v.as_str().filter(|n| valid_env_name(n))?.to_owned()),
    };
    let label = match t.get("label") {
        None => None,
        Some(v) => Some(v.as_str()?.to_owned()),
    };
    let models = match t.get("models") {
        None => None,
        Some(v) => Some(
            v.as_array()?.iter().filter_map(|m| m.as_str()).filter(|m| usable_model_id(m)).map(str::to_owned).collect(),
        ),
    };
    Some(CustomProvider { id: id.to_owned(), label, base_url, api_key_env, models })
}

fn valid_env_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    let first_ok = bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_');
    first_ok && name.len() <= MAX_ENV_NAME_BYTES && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_parse_and_wrong_types_are_malformed() {
        let doc =
            parse("provider = \"anthropic\"\nmodel = \"m-1\"\nthinking_level = \"high\"\nfast = true\nunknown = [1]\n")
                .unwrap();
        let layer = parse_layer(&doc).unwrap();
        assert_eq!(
            layer,
            Layer {
                provider: Some("anthropic".into()),
                model: Some("m-1".into()),
                thinking_level: Some(ReasoningLevel::High),
                fast: Some(true),
                local_turn_ms: None,
                approval_deadline_ms: None,
            }
        );
        // "configurable within a bounded range": the spec's 1000..=3600000 milliseconds.
        let deadline = |ms: &str| {
            let text = format!("approval_deadline_ms = {ms}");
            parse_layer(&parse(&text).unwrap()).map(|l| l.approval_deadline_ms)
        };
        let (min, max) = (*APPROVAL_DEADLINE_MS.start(), *APPROVAL_DEADLINE_MS.end());
        assert_eq!((min, max), (1000, 3_600_000), "the range the limit's text states");
        assert_eq!(deadline(&min.to_string()), Ok(Some(min)));
        assert_eq!(deadline(&max.to_string()), Ok(Some(max)));
        for bad in [(min - 1).to_string(), (max + 1).to_string(), "\"1m\"".to_owned()] {
            assert_eq!(deadline(&bad), Err(SettingsError::Malformed), "{bad}");
        }
        assert_eq!(parse_layer(&parse("local_turn_ms = 1500").unwrap()).unwrap().local_turn_ms, Some(1500));
        let bad_turns = ["local_turn_ms = 0", "local_turn_ms = -1", "local_turn_ms = 600001", "local_turn_ms = \"1s\""];
        for bad in ["provider = 5", "thinking_level = \"extreme\"", "fast = \"yes\"", "model = \"has space\""]
            .iter()
            .chain(&bad_turns)
        {
            assert_eq!(parse_layer(&parse(bad).unwrap()), Err(SettingsError::Malformed), "{bad}");
        }
        assert_eq!(parse("provider = ").err(), Some(SettingsError::Malformed));
    }

    #[test]
    fn custom_providers_are_validated_one_by_one() {
        let doc = parse(
            r#"
[providers.llama]
base_url = "http://127.0.0.1:8080/v1"
label = "My llama"
models = ["qwen2.5:7b", "bad model", "sk-abcdefghijklmnopqrstuvwxyz0123"]

[providers.keyed]
base_url = "https://llm.example/v1"
api_key_env = "KEYED_API_KEY"

[providers.broken]
base_url = "ftp://nowhere"

[providers.badenv]
base_url = "http://127.0.0.1:1/v1"
api_key_env = "1-not-a-name"

[providers.userinfo]
base_url = "http://user:secret@127.0.0.1:1/v1"
"#,
        )
        .unwrap();
        let custom = parse_custom(&doc).providers;
        assert_eq!(custom.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["llama", "keyed"]);
        assert_eq!(custom[0].models.as_deref(), Some(&["qwen2.5:7b".to_owned()][..]));
        assert_eq!(custom[1].api_key_env.as_deref(), Some("KEYED_API_KEY"));
    }

    #[test]
    fn project_fast_is_ignored_and_missing_files_are_empty() {
        let tmp = tempfile::tempdir().unwrap();
        let ws = tmp.path().join("ws");
        std::fs::create_dir_all(ws.join(PROJECT_DIR)).unwrap();
        std::fs::write(project_path(&ws), "fast = true\nmodel = \"m\"\n").unwrap();
        let s = load(tmp.path(), &ws).unwrap();
        assert_eq!(s.project.fast, None);
        assert_eq!(s.project.model.as_deref(), Some("m"));
        assert_eq!(s.global, Layer::default());
    }
}
