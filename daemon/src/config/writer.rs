//! The locked, atomic settings writer. It rereads the file under a cross-process `flock`,
//! edits only the keys it was asked to (with `toml_edit`, so every other key, comment and
//! blank line stays byte for byte), and replaces the file atomically. Rereading under the
//! lock is what keeps two processes from losing each other's writes.

use super::settings::{parse, read_text};
use crate::transport::instance_lock::FileLock;
use agentwire_protocol::{ReasoningLevel, Selection};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;
use toml_edit::{DocumentMut, Item, Value};

/// A writer holds the lock for one small file write; waiting longer means something is stuck.
const LOCK_WAIT: Duration = Duration::from_secs(10);
/// A project's `.agentwire/` is an ordinary project folder, not private state.
const PROJECT_DIR_MODE: u32 = 0o755;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    #[error("settings lock could not be taken")]
    Lock,
    #[error("settings file could not be read or parsed")]
    Unreadable,
    #[error("settings file could not be written")]
    Write,
}

/// The keys one `config.set` changes; `None` leaves a key as it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Edits {
    pub selection: Option<Selection>,
    pub thinking_level: Option<ReasoningLevel>,
    pub fast: Option<bool>,
}

fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".lock");
    path.with_file_name(name)
}

/// Apply `edits` to the settings file at `path`; a new file gets `new_file_mode`, an
/// existing one keeps its mode.
pub async fn apply(path: &Path, edits: &Edits, new_file_mode: u32) -> Result<(), WriteError> {
    if let Some(dir) = path.parent() {
        std::fs::DirBuilder::new().recursive(true).mode(PROJECT_DIR_MODE).create(dir).map_err(|_| WriteError::Write)?;
    }
    let _lock = FileLock::exclusive_within(&lock_path(path), LOCK_WAIT).await.map_err(|_| WriteError::Lock)?;
    let text = read_text(path).map_err(|_| WriteError::Unreadable)?.unwrap_or_default();
    let mut doc = parse(&text).map_err(|_| WriteError::Unreadable)?;
    edit(&mut doc, edits);
    let mode = std::fs::metadata(path).map_or(new_file_mode, |m| m.permissions().mode() & 0o777);
    crate::storage::atomic_file::write_atomic(path, doc.to_string().as_bytes(), mode).map_err(|_| WriteError::Write)
}

/// The in-memory edit; exposed for tests of formatting preservation.
pub fn edit(doc: &mut DocumentMut, edits: &Edits) {
    if let Some(sel) = &edits.selection {
        set(doc, "provider", Value::from(sel.provider_id.as_str()));
        set(doc, "model", Value::from(sel.model_id.as_str()));
    }
    if let Some(level) = edits.thinking_level {
        set(doc, "thinking_level", Value::from(level.as_str()));
    }
    if let Some(fast) = edits.fast {
        set(doc, "fast", Value::from(fast));
    }
}

/// Set a top-level value, keeping the spacing and trailing comment of the value it replaces.
fn set(doc: &mut DocumentMut, key: &str, mut value: Value) {
    match doc.get_mut(key).and_then(Item::as_value_mut) {
        Some(existing) => {
            *value.decor_mut() = existing.decor().clone();
            *existing = value;
        }
        None => {
            doc.insert(key, Item::Value(value));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGINAL: &str = "# my settings\nprovider = \"local\"   # chosen\nweird = { a = [1, 2,   3] }\n\n[unknown.section]\nkeep = 'single'   # note\n";

    #[test]
    fn edits_keep_everything_else_byte_for_byte() {
        // "preserves unrelated and unknown settings fields"
        let mut doc = parse(ORIGINAL).unwrap();
        let sel = Selection::new("anthropic", "m-1");
        edit(&mut doc, &Edits { selection: Some(sel), thinking_level: Some(ReasoningLevel::High), fast: Some(true) });
        let out = doc.to_string();
        assert!(
            out.starts_with("# my settings\nprovider = \"anthropic\"   # chosen\nweird = { a = [1, 2,   3] }\n"),
            "{out}"
        );
        assert!(out.ends_with("\n[unknown.section]\nkeep = 'single'   # note\n"), "{out}");
        assert!(
            out.contains("model = \"m-1\"\n")
                && out.contains("thinking_level = \"high\"\n")
                && out.contains("fast = true\n"),
            "{out}"
        );
    }

    #[tokio::test]
    async fn apply_creates_the_project_folder_and_keeps_an_existing_mode() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(".agentwire").join("settings.toml");
        apply(&path, &Edits { fast: Some(false), ..Edits::default() }, 0o644).await.unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "fast = false\n");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        apply(&path, &Edits { fast: Some(true), ..Edits::default() }, 0o644).await.unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        std::fs::write(&path, "oops = ").unwrap();
        assert_eq!(apply(&path, &Edits::default(), 0o644).await, Err(WriteError::Unreadable));
    }
}
