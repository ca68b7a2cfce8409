//! Change detection for the files `status` must reread on every request (settings, project
//! settings, auth), by inotify registered with the runtime's I/O driver, so an unchanged folder
//! costs no system call at all.
//!
//! Why a change completed before a request is always seen by that request: inotify queues its
//! event during the file operation itself, and the event makes the descriptor ready in epoll at
//! that moment. The request's bytes arrive later, and a connection only learns of new bytes
//! from the same driver (tokio clears a socket's readiness after every short read), which hands
//! out epoll's ready list in arrival order: by the time the request runs, the watch's readiness
//! is already recorded. Only then is the inotify queue read.
//!
//! Changes are counted as generations: a caller caches what it computed under the generation
//! it read before computing, and trusts it only while the generation is unchanged. The count
//! moves on before the queue is drained, so a concurrent caller that finds the queue already
//! drained also finds the new generation.

use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll, Waker};
use tokio::io::unix::AsyncFd;
use tokio::io::Interest;

/// Everything that can change a file's content or presence in a watched folder.
const MASK: u32 = libc::IN_CREATE
    | libc::IN_DELETE
    | libc::IN_MODIFY
    | libc::IN_ATTRIB
    | libc::IN_CLOSE_WRITE
    | libc::IN_MOVED_FROM
    | libc::IN_MOVED_TO
    | libc::IN_DELETE_SELF
    | libc::IN_MOVE_SELF;

#[derive(Debug)]
pub struct FileWatch {
    fd: AsyncFd<OwnedFd>,
    /// Folders to (re)watch after a change, since a project folder may appear later.
    dirs: Vec<PathBuf>,
    generation: AtomicU64,
}

impl FileWatch {
    /// Watch the folders holding the files; `None` where inotify is unavailable or there is no
    /// runtime to register it with.
    pub fn new(dirs: Vec<PathBuf>) -> Option<FileWatch> {
        tokio::runtime::Handle::try_current().ok()?;
        // SAFETY: plain syscall; the result is checked before use.
        let raw = unsafe { libc::inotify_init1(libc::IN_NONBLOCK | libc::IN_CLOEXEC) };
        if raw < 0 {
            return None;
        }
        // SAFETY: `raw` is a fresh descriptor owned by nobody else, and an `OwnedFd` always
        // reports the descriptor it owns, which stays open until the watch is dropped.
        let fd = unsafe { AsyncFd::register_with_interest(OwnedFd::from_raw_fd(raw), Interest::READABLE) }.ok()?;
        let watch = FileWatch { fd, dirs, generation: AtomicU64::new(0) };
        watch.add_watches();
        Some(watch)
    }

    fn add_watches(&self) {
        for dir in &self.dirs {
            add_watch(self.fd.get_ref(), dir);
        }
    }

    /// The number of changes seen so far, counting any now waiting (which are drained).
    pub fn generation(&self) -> u64 {
        // Nobody awaits this readiness; the no-op waker only lets us look at it.
        let mut guard = match self.fd.poll_read_ready(&mut Context::from_waker(Waker::noop())) {
            Poll::Pending => return self.generation.load(Ordering::Acquire),
            Poll::Ready(Err(_)) => return self.generation.fetch_add(1, Ordering::AcqRel) + 1,
            Poll::Ready(Ok(guard)) => guard,
        };
        // Before draining: whoever finds the queue empty from now on also finds this count.
        let generation = self.generation.fetch_add(1, Ordering::AcqRel) + 1;
        let mut buf = [0u8; 4096];
        let mut any = false;
        loop {
            // SAFETY: reading into a local buffer of the stated length.
            let n = unsafe { libc::read(self.fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
            if n <= 0 {
                break;
            }
            any = true;
        }
        // Read until empty first: readiness cleared only now cannot hide a later event.
        guard.clear_ready();
        if any {
            // A folder created or replaced since the last look needs a (new) watch.
            self.add_watches();
        }
        generation
    }
}

fn add_watch(fd: &OwnedFd, dir: &Path) {
    let Ok(path) = CString::new(dir.as_os_str().as_bytes()) else { return };
    // SAFETY: valid descriptor and NUL-terminated path; a missing folder just fails.
    unsafe {
        libc::inotify_add_watch(fd.as_raw_fd(), path.as_ptr(), MASK);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Let the I/O driver take one look at epoll, as it does between a client's writes and the
    /// handling of its next request.
    async fn driver_turn() {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    #[tokio::test]
    async fn sees_writes_renames_and_folders_created_later() {
        let tmp = tempfile::tempdir().unwrap();
        let project = tmp.path().join("project");
        let w = FileWatch::new(vec![tmp.path().to_path_buf(), project.clone()]).unwrap();
        // `project` does not exist yet; its parent is watched, as the daemon watches the workspace.
        driver_turn().await;
        let start = w.generation();
        assert_eq!(w.generation(), start, "nothing changed");
        std::fs::write(tmp.path().join("auth.json"), b"{}").unwrap();
        driver_turn().await;
        let after_write = w.generation();
        assert!(after_write > start);
        driver_turn().await;
        assert_eq!(w.generation(), after_write, "events are drained");
        std::fs::create_dir(&project).unwrap();
        driver_turn().await;
        let after_mkdir = w.generation();
        assert!(after_mkdir > after_write);
        std::fs::write(project.join("settings.toml.tmp"), b"x").unwrap();
        std::fs::rename(project.join("settings.toml.tmp"), project.join("settings.toml")).unwrap();
        driver_turn().await;
        assert!(w.generation() > after_mkdir, "a folder that appeared later is watched too");
    }

    #[test]
    fn without_a_runtime_there_is_no_watch_and_callers_compare_file_stamps() {
        let tmp = tempfile::tempdir().unwrap();
        assert!(FileWatch::new(vec![tmp.path().to_path_buf()]).is_none());
    }
}
