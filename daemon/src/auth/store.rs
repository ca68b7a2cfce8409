//! The shared auth store `$MC_HOME/auth.json`, used alike by the daemon and the CLI.
//!
//! ```json
//! {"version":1,
//!  "generations":{"openai-codex":3,"anthropic":1},
//!  "records":{
//!    "openai-codex":{"type":"oauth","access_token":"…","refresh_token":"…","expires_at_ms":1767225600000,"account_id":"…"},
//!    "anthropic":{"type":"api_key","api_key":"…"}}}
//! ```
//!
//! Mode `0600`, replaced atomically, and every read-modify-write runs under the `flock` of
//! `auth.json.lock` so two processes never lose each other's update. A provider's
//! generation advances on every change of its record (login, refresh, logout), which is
//! how a login or refresh detects that the store moved on while it was talking to the
//! issuer. Unknown members and other providers' records are kept as they are.

use crate::transport::instance_lock::FileLock;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use crate::transport::layout::AUTH_FILE;
const LOCK_FILE: &str = "auth.json.lock";
const STORE_VERSION: u64 = 1;
/// A store holds a handful of records; anything bigger is not ours to parse.
const MAX_STORE_BYTES: u64 = 1024 * 1024;
/// Writers hold the lock for one small file write; waiting longer means something is stuck.
const LOCK_WAIT: Duration = Duration::from_secs(10);

/// Store failures. Messages are fixed and never carry paths or contents.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("auth store could not be read")]
    Unreadable,
    #[error("auth store is malformed")]
    Malformed,
    #[error("auth store or its folder is not owned by this user or is writable by others")]
    Untrusted,
    #[error("auth store lock could not be taken")]
    Lock,
    #[error("auth store could not be written")]
    Write,
}

/// A Codex OAuth record. `Debug` shows no token.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodexRecord {
    pub access_token: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
    /// Access-token expiry, Unix milliseconds; `None` when the issuer did not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_id: Option<String>,
}

impl std::fmt::Debug for CodexRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CodexRecord")
            .field("refreshable", &self.refresh_token.is_some())
            .field("expires_at_ms", &self.expires_at_ms)
            .finish_non_exhaustive()
    }
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "type")]
enum Record {
    #[serde(rename = "oauth")]
    OAuth(CodexRecord),
    #[serde(rename = "api_key")]
    ApiKey { api_key: String },
}

/// The parsed store.
#[derive(Default, Serialize, Deserialize)]
pub struct Store {
    #[serde(default)]
    version: u64,
    #[serde(default)]
    generations: BTreeMap<String, u64>,
    #[serde(default)]
    records: BTreeMap<String, Value>,
    /// Members a newer writer added; kept on rewrite.
    #[serde(flatten)]
    other: serde_json::Map<String, Value>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("generations", &self.generations)
            .field("records", &self.records.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl Store {
    pub fn generation(&self, provider_id: &str) -> u64 {
        self.generations.get(provider_id).copied().unwrap_or(0)
    }

    /// Advance a provider's generation; done on every change, and by logout even without a record.
    pub fn bump(&mut self, provider_id: &str) {
        let g = self.generations.entry(provider_id.to_owned()).or_insert(0);
        *g = g.saturating_add(1);
    }

    /// Whether the store has any record for the provider, valid or not.
    pub fn has_record(&self, provider_id: &str) -> bool {
        self.records.contains_key(provider_id)
    }

    /// The provider's OAuth record; `None` when absent or not a valid OAuth record.
    pub fn oauth(&self, provider_id: &str) -> Option<CodexRecord> {
        match serde_json::from_value(self.records.get(provider_id)?.clone()) {
            Ok(Record::OAuth(r)) => Some(r),
            _ => None,
        }
    }

    /// The provider's non-empty API key; `None` when absent or invalid.
    pub fn api_key(&self, provider_id: &str) -> Option<String> {
        match serde_json::from_value(self.records.get(provider_id)?.clone()) {
            Ok(Record::ApiKey { api_key }) if !api_key.trim().is_empty() => Some(api_key),
            _ => None,
        }
    }

    pub fn set_oauth(&mut self, provider_id: &str, record: CodexRecord) -> Result<(), StoreError> {
        let value = serde_json::to_value(Record::OAuth(record)).map_err(|_| StoreError::Write)?;
        self.records.insert(provider_id.to_owned(), value);
        self.bump(provider_id);
        Ok(())
    }

    pub fn set_api_key(&mut self, provider_id: &str, api_key: String) -> Result<(), StoreError> {
        let value = serde_json::to_value(Record::ApiKey { api_key }).map_err(|_| StoreError::Write)?;
        self.records.insert(provider_id.to_owned(), value);
        self.bump(provider_id);
        Ok(())
    }

    /// Remove only this provider's record and advance its generation; `true` if one existed.
    pub fn remove(&mut self, provider_id: &str) -> bool {
        self.bump(provider_id);
        self.records.remove(provider_id).is_some()
    }
}

pub fn store_path(state_root: &Path) -> PathBuf {
    state_root.join(AUTH_FILE)
}

/// The current store; a missing file is an empty store. A store that others could have
/// written (or its folder) is refused on every read, as at start ([`crate::transport::trust`]).
pub fn read(state_root: &Path) -> Result<Store, StoreError> {
    let path = store_path(state_root);
    let file = match std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW).open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Store::default()),
        Err(_) => return Err(StoreError::Unreadable),
    };
    crate::transport::trust::check_opened(&file, &path, crate::transport::paths::effective_uid())
        .map_err(|_| StoreError::Untrusted)?;
    let mut bytes = Vec::new();
    file.take(MAX_STORE_BYTES + 1).read_to_end(&mut bytes).map_err(|_| StoreError::Unreadable)?;
    if bytes.len() as u64 > MAX_STORE_BYTES {
        return Err(StoreError::Malformed);
    }
    let store: Store = serde_json::from_slice(&bytes).map_err(|_| StoreError::Malformed)?;
    // A store from a newer format may mean something else by the same members.
    if store.version > STORE_VERSION {
        return Err(StoreError::Malformed);
    }
    Ok(store)
}

/// Read-modify-write under the cross-process lock; the change is written only when `f`
/// succeeds. Returns what `f` returned.
pub async fn update<T, E>(state_root: &Path, f: impl FnOnce(&mut Store) -> Result<T, E>) -> Result<T, E>
where
    E: From<StoreError>,
{
    let _lock =
        FileLock::exclusive_within(&state_root.join(LOCK_FILE), LOCK_WAIT).await.map_err(|_| StoreError::Lock)?;
    let mut store = read_off_thread(state_root).await?;
    let out = f(&mut store)?;
    let root = state_root.to_path_buf();
    crate::sync::blocking(Err(StoreError::Write), move || write(&root, &mut store)).await?;
    Ok(out)
}

/// [`read`] on the blocking pool, for async callers: the reader tasks never wait on the disk.
pub async fn read_off_thread(state_root: &Path) -> Result<Store, StoreError> {
    let root = state_root.to_path_buf();
    crate::sync::blocking(Err(StoreError::Unreadable), move || read(&root)).await
}

fn write(state_root: &Path, store: &mut Store) -> Result<(), StoreError> {
    store.version = STORE_VERSION;
    let bytes = serde_json::to_vec_pretty(store).map_err(|_| StoreError::Write)?;
    crate::storage::atomic_file::write_atomic(&store_path(state_root), &bytes, 0o600).map_err(|_| StoreError::Write)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn codex(token: &str) -> CodexRecord {
        CodexRecord {
            access_token: token.into(),
            refresh_token: Some("r".into()),
            expires_at_ms: Some(1),
            account_id: None,
        }
    }

    #[tokio::test]
    async fn writes_are_private_keep_unknown_members_and_advance_generations() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(
            store_path(tmp.path()),
            br#"{"version":1,"future":{"x":1},"records":{"someone-else":{"type":"zzz"}}}"#,
        )
        .unwrap();
        update(tmp.path(), |s| s.set_oauth("openai-codex", codex("a"))).await.unwrap();
        let removed = update(tmp.path(), |s| Ok::<_, StoreError>(s.remove("anthropic"))).await.unwrap();
        assert!(!removed);
        let s = read(tmp.path()).unwrap();
        assert_eq!((s.generation("openai-codex"), s.generation("anthropic")), (1, 1));
        assert_eq!(s.oauth("openai-codex").map(|r| r.access_token), Some("a".into()));
        assert!(s.has_record("someone-else") && s.other.contains_key("future"));
        let mode = std::fs::metadata(store_path(tmp.path())).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    #[test]
    fn malformed_store_is_an_error_and_missing_store_is_empty() {
        // "Malformed or unreadable storage returns a fixed internal_error"
        let tmp = tempfile::tempdir().unwrap();
        assert_eq!(read(tmp.path()).unwrap().generation("x"), 0);
        std::fs::write(store_path(tmp.path()), b"{not json").unwrap();
        assert!(matches!(read(tmp.path()), Err(StoreError::Malformed)));
        std::fs::write(store_path(tmp.path()), br#"{"version":99}"#).unwrap();
        assert!(matches!(read(tmp.path()), Err(StoreError::Malformed)));
    }

    #[test]
    fn debug_output_has_no_secrets() {
        let mut s = Store::default();
        s.set_oauth("openai-codex", codex("TOKEN-CANARY")).unwrap();
        s.set_api_key("anthropic", "KEY-CANARY".into()).unwrap();
        let shown = format!("{s:?} {:?}", s.oauth("openai-codex"));
        assert!(!shown.contains("CANARY"), "{shown}");
    }

    #[tokio::test]
    async fn concurrent_updates_lose_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().to_path_buf();
        let tasks: Vec<_> = (0..8)
            .map(|i| {
                let root = root.clone();
                tokio::spawn(async move {
                    update(&root, |s| {
                        s.bump(if i % 2 == 0 { "a" } else { "b" });
                        Ok::<_, StoreError>(())
                    })
                    .await
                })
            })
            .collect();
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        let s = read(&root).unwrap();
        assert_eq!((s.generation("a"), s.generation("b")), (4, 4));
    }
}
