//! `flock`-based exclusive locks: the daemon lock held for the daemon's whole life,
//! the sibling start lock taken by starters, and per-session writer locks.
//!
//! `flock` locks belong to the open file description, so they vanish with the process
//! (no stale lock after a crash) and two opens in one process still conflict.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How often a bounded wait retries a lock held elsewhere.
const RETRY_INTERVAL: Duration = Duration::from_millis(20);

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("lock file could not be opened: {0}")]
    Open(#[source] io::Error),
    #[error("lock could not be taken: {0}")]
    Flock(#[source] io::Error),
    #[error("lock is held by another process")]
    Held,
    #[error("timed out waiting for the lock")]
    Timeout,
}

/// An exclusive `flock` on a file, released when dropped.
#[derive(Debug)]
pub struct FileLock {
    file: File,
    path: PathBuf,
}

impl FileLock {
    /// Takes the lock without blocking; `Err(LockError::Held)` when another holder has it.
    pub fn try_exclusive(path: &Path) -> Result<FileLock, LockError> {
        let file = open_lock_file(path).map_err(LockError::Open)?;
        match flock(&file, libc::LOCK_EX | libc::LOCK_NB) {
            Ok(()) => Ok(FileLock { file, path: path.to_path_buf() }),
            Err(e) if e.raw_os_error() == Some(libc::EWOULDBLOCK) => Err(LockError::Held),
            Err(e) => Err(LockError::Flock(e)),
        }
    }

    /// Waits up to `timeout` for the lock. Polls rather than blocking in `flock` so the
    /// wait is bounded and never parks a runtime thread.
    pub async fn exclusive_within(path: &Path, timeout: Duration) -> Result<FileLock, LockError> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            match FileLock::try_exclusive(path) {
                Err(LockError::Held) if tokio::time::Instant::now() < deadline => {
                    tokio::time::sleep(RETRY_INTERVAL).await;
                }
                Err(LockError::Held) => return Err(LockError::Timeout),
                other => return other,
            }
        }
    }

    /// Whether some process holds the lock right now. Takes and releases it at once, so
    /// callers must only probe under the start lock to avoid racing a starting daemon.
    pub fn is_held(path: &Path) -> Result<bool, LockError> {
        match FileLock::try_exclusive(path) {
            Ok(_released_on_drop) => Ok(false),
            Err(LockError::Held) => Ok(true),
            Err(e) => Err(e),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn file(&self) -> &File {
        &self.file
    }
}

/// Opens (creating, `0600`) a lock file. The folder is verified private, but refusing symlinks
/// keeps a planted link from redirecting where we create files.
pub fn open_lock_file(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
}

/// `flock(2)` on `file` with `op` (`LOCK_EX`, `LOCK_SH`, optionally `| LOCK_NB`), retried when a
/// signal interrupts it.
pub fn flock(file: &File, op: libc::c_int) -> io::Result<()> {
    loop {
        // SAFETY: the fd is valid for the lifetime of `file`.
        if unsafe { libc::flock(file.as_raw_fd(), op) } == 0 {
            return Ok(());
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_holder_is_refused_until_release() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("daemon.lock");
        let first = FileLock::try_exclusive(&path).unwrap();
        assert!(matches!(FileLock::try_exclusive(&path), Err(LockError::Held)));
        assert!(FileLock::is_held(&path).unwrap());
        drop(first);
        assert!(!FileLock::is_held(&path).unwrap());
        let again = FileLock::try_exclusive(&path).unwrap();
        assert_eq!(again.path(), path);
    }

    #[test]
    fn lock_file_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("l");
        let _lock = FileLock::try_exclusive(&path).unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn symlinked_lock_file_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("target");
        std::fs::write(&target, b"").unwrap();
        let link = tmp.path().join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(matches!(FileLock::try_exclusive(&link), Err(LockError::Open(_))));
    }

    #[tokio::test]
    async fn bounded_wait_times_out_then_succeeds_after_release() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("daemon.start.lock");
        let held = FileLock::try_exclusive(&path).unwrap();
        let err = FileLock::exclusive_within(&path, Duration::from_millis(60)).await.unwrap_err();
        assert!(matches!(err, LockError::Timeout));

        let waiter = {
            let path = path.clone();
            tokio::spawn(async move { FileLock::exclusive_within(&path, Duration::from_secs(5)).await })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        drop(held);
        assert!(waiter.await.unwrap().is_ok());
    }
}
