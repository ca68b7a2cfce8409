//! Session folders on disk: creation, existence, writer and append locks, appends.
//!
//! A session exists once its `meta.json` does: `create` makes the folder and then writes the
//! metadata atomically, so a crash between the two leaves a folder that is not a session
//! (listing skips it, other operations answer `session_unavailable`).
//!
//! Two locks guard a session folder:
//! - `writer.lock` (held while this daemon has the session attached) fences a second daemon
//!   on the same state root out of claims and writes;
//! - `append.lock`, held exclusively only while bytes are being appended, lets replay — which
//!   takes no writer lock and works on sessions held elsewhere — notice a durable append in
//!   flight in another process and answer `session_busy` instead of reading half a batch.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::storage::transcript::{self, CompactionRef, SessionMeta, SessionWriter, TranscriptError, META_FILE};
use crate::timestamp::now_rfc3339;
use crate::transport::instance_lock::{flock, open_lock_file};
use crate::transport::paths;

use super::error::SessionError;
use super::ids::{new_session_id, validate_session_id};

pub(crate) const APPEND_LOCK_FILE: &str = "append.lock";

/// How many fresh IDs `create` tries when one is already taken (another daemon, same ms).
const CREATE_ATTEMPTS: usize = 8;

/// An attached session's writer; the mutex also orders claims' snapshots against appends.
pub(crate) type SharedWriter = Arc<Mutex<SessionWriter>>;

/// The folder of a validated ID.
pub(crate) fn dir_of(state_root: &Path, session_id: &str) -> Result<PathBuf, SessionError> {
    validate_session_id(session_id)?;
    paths::session_dir(state_root, session_id).map_err(|_| SessionError::InvalidId)
}

/// Whether `dir` is a session: a real folder (not a symbolic link) with a regular `meta.json`,
/// both this user's. A link or another user's entry in either place is no session (logged once).
pub(crate) fn is_session(dir: &Path) -> io::Result<bool> {
    let uid = paths::effective_uid();
    match fs::symlink_metadata(dir) {
        Ok(m) if m.is_dir() && m.uid() == uid => {}
        Ok(m) if m.file_type().is_symlink() || m.uid() != uid => {
            drop(transcript::refuse(dir));
            return Ok(false);
        }
        Ok(_) => return Ok(false),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    }
    let meta = dir.join(META_FILE);
    match fs::symlink_metadata(&meta) {
        Ok(m) if m.is_file() && m.uid() == uid => Ok(true),
        Ok(m) if m.is_dir() => Ok(false),
        Ok(_) => {
            drop(transcript::refuse(&meta));
            Ok(false)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

/// The folder of an existing session: `invalid_session_id` before any path is touched, then
/// `session_unavailable` when there is no such session.
pub(crate) fn existing_dir(state_root: &Path, session_id: &str) -> Result<PathBuf, SessionError> {
    let dir = dir_of(state_root, session_id)?;
    if is_session(&dir)? {
        Ok(dir)
    } else {
        Err(SessionError::Unavailable)
    }
}

/// Creates a session durably (folder, then `meta.json` via atomic write with `fsync`s)
/// without claiming it: the writer lock is only taken to write the metadata.
pub(crate) fn create(state_root: &Path) -> Result<String, SessionError> {
    for _ in 0..CREATE_ATTEMPTS {
        let id = new_session_id();
        let dir = dir_of(state_root, &id)?;
        match transcript::create_session_dir(&dir) {
            Ok(()) => {}
            Err(TranscriptError::AlreadyExists) => continue,
            Err(e) => return Err(e.into()),
        }
        let writer = SessionWriter::try_acquire(&dir)?;
        let now = now_rfc3339();
        writer.write_meta(&SessionMeta {
            title: None,
            created_at: now.clone(),
            updated_at: now,
            compactions: Vec::new(),
        })?;
        return Ok(id);
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "no free session ID").into())
}

/// Takes the writer lock of an attaching session; another daemon holding it is `Busy`.
pub(crate) fn acquire_writer(dir: &Path) -> Result<SharedWriter, SessionError> {
    Ok(Arc::new(Mutex::new(SessionWriter::try_acquire(dir)?)))
}

/// Replaces the title in `meta.json` (sanitized again when listed).
pub(crate) fn write_title(writer: &SessionWriter, title: Option<String>) -> Result<(), SessionError> {
    let now = now_rfc3339();
    let meta = match transcript::read_meta(writer.dir(), transcript::DEFAULT_MAX_META_BYTES) {
        Ok(Some(meta)) => SessionMeta { title, updated_at: now, ..meta },
        // Unreadable metadata is replaced rather than blocking the session forever.
        Ok(None) | Err(TranscriptError::InvalidMeta) => {
            SessionMeta { title, created_at: now.clone(), updated_at: now, compactions: Vec::new() }
        }
        Err(e) => return Err(e.into()),
    };
    writer.write_meta(&meta)?;
    Ok(())
}

/// Records compaction summaries the caller is about to append, before it appends them: a
/// crash in between leaves a reference to a message that never appeared (harmless), never a
/// summary the metadata does not vouch for. Keeps the newest [`transcript::MAX_COMPACTION_REFS`].
pub(crate) fn record_compactions(writer: &SessionWriter, refs: &[CompactionRef]) -> Result<(), SessionError> {
    let mut meta = match transcript::read_meta(writer.dir(), transcript::DEFAULT_MAX_META_BYTES) {
        Ok(Some(meta)) => meta,
        Ok(None) | Err(TranscriptError::InvalidMeta) => {
            let now = now_rfc3339();
            SessionMeta { title: None, created_at: now.clone(), updated_at: now, compactions: Vec::new() }
        }
        Err(e) => return Err(e.into()),
    };
    meta.compactions.extend_from_slice(refs);
    let excess = meta.compactions.len().saturating_sub(transcript::MAX_COMPACTION_REFS);
    meta.compactions.drain(..excess);
    writer.write_meta(&meta)?;
    Ok(())
}

/// An `flock` that is released when the file is closed.
#[derive(Debug)]
pub(crate) struct HeldLock(#[allow(dead_code)] File);

/// Held while appending. Blocks: the only other holders are replays (shared, short) and, in
/// this process, nothing else, because appends to one session are serialized by its writer.
pub(crate) fn append_lock(dir: &Path) -> Result<HeldLock, SessionError> {
    let file = open_lock_file(&dir.join(APPEND_LOCK_FILE))?;
    flock(&file, libc::LOCK_EX)?;
    Ok(HeldLock(file))
}

/// Replay's probe: a shared lock, or `Busy` while an append holds it. Read-only: when the
/// lock file does not exist no append has ever used it, so there is nothing to wait for.
pub(crate) fn replay_lock(dir: &Path) -> Result<Option<HeldLock>, SessionError> {
    // O_NONBLOCK: a FIFO in the lock file's place must not hang the read.
    let flags = libc::O_NOFOLLOW | libc::O_NONBLOCK;
    let file = match OpenOptions::new().read(true).custom_flags(flags).open(dir.join(APPEND_LOCK_FILE)) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    match flock(&file, libc::LOCK_SH | libc::LOCK_NB) {
        Ok(()) => Ok(Some(HeldLock(file))),
        Err(e) if e.raw_os_error() == Some(libc::EWOULDBLOCK) => Err(SessionError::Busy),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn create_is_durable_but_does_not_claim() {
        let tmp = tempfile::tempdir().unwrap();
        let id = create(tmp.path()).unwrap();
        let dir = existing_dir(tmp.path(), &id).unwrap();
        let meta = transcript::read_meta(&dir, 4096).unwrap().unwrap();
        assert_eq!(meta.title, None);
        assert_eq!(meta.created_at, meta.updated_at);
        // Not claimed: the writer lock is free for whoever claims first.
        assert!(SessionWriter::try_acquire(&dir).is_ok());
    }

    #[test]
    fn a_folder_without_meta_is_not_a_session() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = dir_of(tmp.path(), "s-half").unwrap();
        transcript::create_session_dir(&dir).unwrap();
        assert!(matches!(existing_dir(tmp.path(), "s-half"), Err(SessionError::Unavailable)));
        assert!(matches!(existing_dir(tmp.path(), "s-none"), Err(SessionError::Unavailable)));
        assert!(matches!(existing_dir(tmp.path(), "../x"), Err(SessionError::InvalidId)));
    }

    #[test]
    fn a_durable_append_in_flight_makes_replay_busy() {
        let tmp = tempfile::tempdir().unwrap();
        let id = create(tmp.path()).unwrap();
        let dir = existing_dir(tmp.path(), &id).unwrap();
        assert!(replay_lock(&dir).unwrap().is_none(), "no append lock file yet");
        let held = append_lock(&dir).unwrap();
        assert!(matches!(replay_lock(&dir), Err(SessionError::Busy)));
        drop(held);
        let shared = replay_lock(&dir).unwrap();
        assert!(shared.is_some());
        assert!(replay_lock(&dir).unwrap().is_some(), "replays share the lock");
    }
}
