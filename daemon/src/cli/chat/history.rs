//! The prompt history that `agentwire chat` keeps across runs: `$MC_HOME/chat_history.jsonl`,
//! one JSON string per line, oldest first, at most [`HISTORY_LIMIT`] entries.
//!
//! Prompts can hold private text, so the file is always written `0600` and its entries never
//! reach a log or an error message. JSON strings keep an entry with a newline (a paste) on
//! one line.

use std::fs::OpenOptions;
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::storage::atomic_file::write_atomic;
use crate::transport::instance_lock::{FileLock, LockError};

pub const HISTORY_FILE: &str = "chat_history.jsonl";
const LOCK_FILE: &str = "chat_history.lock";
pub const HISTORY_LIMIT: usize = 1_000;
const FILE_MODE: u32 = 0o600;

/// Another chat holds the lock only while it rewrites the file, so a longer wait means
/// something is stuck; the prompt must not hang on it.
const LOCK_WAIT: Duration = Duration::from_secs(2);
const LOCK_RETRY: Duration = Duration::from_millis(10);

#[derive(Debug, thiserror::Error)]
pub enum HistoryError {
    #[error("{} could not be read: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
    #[error("{} could not be written: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },
    #[error("{} could not be locked: {source}", path.display())]
    Lock { path: PathBuf, source: LockError },
}

#[derive(Debug, Clone)]
pub struct HistoryFile {
    path: PathBuf,
    lock: PathBuf,
    limit: usize,
}

impl HistoryFile {
    pub fn in_state_root(state_root: &Path) -> HistoryFile {
        HistoryFile::with_limit(state_root, HISTORY_LIMIT)
    }

    pub fn with_limit(dir: &Path, limit: usize) -> HistoryFile {
        HistoryFile { path: dir.join(HISTORY_FILE), lock: dir.join(LOCK_FILE), limit }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The newest entries, oldest first; no file yet is an empty history. A line that is not
    /// a JSON string is skipped rather than costing the rest of the history.
    pub fn load(&self) -> Result<Vec<String>, HistoryError> {
        let mut entries = self.read_all()?;
        let excess = entries.len().saturating_sub(self.limit);
        entries.drain(..excess);
        Ok(entries)
    }

    /// Adds `entry` as the newest and drops the oldest beyond the limit. The file is re-read
    /// under the lock so that two chats running at once both keep their entries, and replaced
    /// atomically so a crash never leaves it truncated.
    pub fn append(&self, entry: &str) -> Result<(), HistoryError> {
        let _lock = self.lock()?;
        let mut entries = self.read_all()?;
        entries.push(entry.to_owned());
        let keep = &entries[entries.len().saturating_sub(self.limit)..];
        let mut text = String::new();
        for e in keep {
            text.push_str(&serde_json::Value::from(e.as_str()).to_string());
            text.push('\n');
        }
        write_atomic(&self.path, text.as_bytes(), FILE_MODE)
            .map_err(|source| HistoryError::Write { path: self.path.clone(), source })
    }

    fn read_all(&self) -> Result<Vec<String>, HistoryError> {
        let read_error = |source| HistoryError::Read { path: self.path.clone(), source };
        // The state root is private, but a planted link must not make us read or replace
        // another file.
        let mut file = match OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW).open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(read_error(e)),
        };
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(read_error)?;
        Ok(String::from_utf8_lossy(&bytes)
            .lines()
            .filter_map(|line| serde_json::from_str::<String>(line).ok())
            .filter(|entry| !entry.is_empty())
            .collect())
    }

    /// Polls rather than blocking in `flock` so a stuck holder costs seconds, not the prompt.
    fn lock(&self) -> Result<FileLock, HistoryError> {
        let deadline = Instant::now() + LOCK_WAIT;
        loop {
            match FileLock::try_exclusive(&self.lock) {
                Err(LockError::Held) if Instant::now() < deadline => std::thread::sleep(LOCK_RETRY),
                Err(LockError::Held) => {
                    return Err(HistoryError::Lock { path: self.lock.clone(), source: LockError::Timeout })
                }
                Err(source) => return Err(HistoryError::Lock { path: self.lock.clone(), source }),
                Ok(lock) => return Ok(lock),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(path: &Path) -> u32 {
        fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn history_is_created_private_and_read_back_by_the_next_run() {
        let tmp = tempfile::tempdir().unwrap();
        let first_run = HistoryFile::in_state_root(tmp.path());
        assert_eq!(first_run.load().unwrap(), Vec::<String>::new(), "no file yet");
        first_run.append("a private prompt").unwrap();
        first_run.append("/replay").unwrap();
        assert_eq!(first_run.path(), tmp.path().join(HISTORY_FILE));
        assert_eq!(mode(first_run.path()), 0o600);

        let second_run = HistoryFile::in_state_root(tmp.path());
        assert_eq!(second_run.load().unwrap(), ["a private prompt", "/replay"]);
        second_run.append("third").unwrap();
        assert_eq!(HistoryFile::in_state_root(tmp.path()).load().unwrap(), ["a private prompt", "/replay", "third"]);
    }

    #[test]
    fn only_the_newest_entries_are_kept_on_disk() {
        let tmp = tempfile::tempdir().unwrap();
        let history = HistoryFile::with_limit(tmp.path(), 3);
        for n in 1..=5 {
            history.append(&format!("prompt {n}")).unwrap();
        }
        assert_eq!(history.load().unwrap(), ["prompt 3", "prompt 4", "prompt 5"]);
        let on_disk = fs::read_to_string(history.path()).unwrap();
        assert_eq!(on_disk.lines().count(), 3, "{on_disk}");
    }

    #[test]
    fn the_default_bound_is_a_thousand_entries() {
        let tmp = tempfile::tempdir().unwrap();
        // A file written by hand (or by an older, unbounded version) still loads bounded.
        let lines: String = (0..1_005).map(|n| format!("\"p{n}\"\n")).collect();
        fs::write(tmp.path().join(HISTORY_FILE), lines).unwrap();
        let history = HistoryFile::in_state_root(tmp.path());
        let loaded = history.load().unwrap();
        assert_eq!(loaded.len(), HISTORY_LIMIT);
        assert_eq!(loaded.first().map(String::as_str), Some("p5"));
        history.append("newest").unwrap();
        assert_eq!(fs::read_to_string(history.path()).unwrap().lines().count(), HISTORY_LIMIT);
    }

    #[test]
    fn a_loosely_permitted_file_becomes_private_on_the_next_write() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(HISTORY_FILE);
        fs::write(&path, "\"old\"\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        HistoryFile::in_state_root(tmp.path()).append("new").unwrap();
        assert_eq!(mode(&path), 0o600);
        assert_eq!(HistoryFile::in_state_root(tmp.path()).load().unwrap(), ["old", "new"]);
    }

    #[test]
    fn two_chats_at_once_keep_each_others_entries() {
        let tmp = tempfile::tempdir().unwrap();
        let (a, b) = (HistoryFile::in_state_root(tmp.path()), HistoryFile::in_state_root(tmp.path()));
        a.append("from a").unwrap();
        b.append("from b").unwrap();
        a.append("a again").unwrap();
        assert_eq!(b.load().unwrap(), ["from a", "from b", "a again"]);
    }

    #[test]
    fn multi_line_entries_round_trip_and_damaged_lines_are_skipped() {
        let tmp = tempfile::tempdir().unwrap();
        let history = HistoryFile::in_state_root(tmp.path());
        history.append("first line\nsecond \"quoted\" line").unwrap();
        let mut raw = fs::read_to_string(history.path()).unwrap();
        raw.push_str("not json\n\"\"\n");
        fs::write(history.path(), raw).unwrap();
        assert_eq!(history.load().unwrap(), ["first line\nsecond \"quoted\" line"]);
    }

    #[test]
    fn a_symlinked_history_file_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let elsewhere = tmp.path().join("elsewhere");
        fs::write(&elsewhere, "\"not ours\"\n").unwrap();
        std::os::unix::fs::symlink(&elsewhere, tmp.path().join(HISTORY_FILE)).unwrap();
        let history = HistoryFile::in_state_root(tmp.path());
        assert!(matches!(history.load(), Err(HistoryError::Read { .. })));
        assert!(matches!(history.append("x"), Err(HistoryError::Read { .. })));
        assert_eq!(fs::read_to_string(&elsewhere).unwrap(), "\"not ours\"\n");
    }
}
