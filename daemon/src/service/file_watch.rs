//! Change detection for the files `status` must reread on every request (settings, project
//! settings, auth), by inotify: one non-blocking read tells whether anything in their folders
//! changed since the last look. inotify queues an event during the file operation itself, so a
//! change that completed before a request is always seen by that request.

use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

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
    fd: OwnedFd,
    /// Folders to (re)watch after a change, since a project folder may appear later.
    dirs: Vec<PathBuf>,
}

impl FileWatch {
    /// Watch the folders holding the files; `None` where inotify is unavailable.
    pub fn new(dirs: Vec<PathBuf>) -> Option<FileWatch> {
        // SAFETY: plain syscall; the result is checked before use.
        let raw = unsafe { libc::inotify_init1(libc::IN_NONBLOCK | libc::IN_CLOEXEC) };
        if raw < 0 {
            return None;
        }
        // SAFETY: `raw` is a fresh descriptor owned by nobody else.
        let watch = FileWatch { fd: unsafe { OwnedFd::from_raw_fd(raw) }, dirs };
        watch.add_watches();
        Some(watch)
    }

    fn add_watches(&self) {
        for dir in &self.dirs {
            add_watch(&self.fd, dir);
        }
    }

    /// Whether anything changed since the last call (draining the queued events).
    pub fn changed(&self) -> bool {
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
        if any {
            // A folder created or replaced since the last look needs a (new) watch.
            self.add_watches();
        }
        any
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

    #[test]
    fn sees_writes_renames_and_folders_created_later() {
        let tmp = tempfile::tempdir().unwrap();
        let project = tmp.path().join("project");
        let w = FileWatch::new(vec![tmp.path().to_path_buf(), project.clone()]).unwrap();
        // `project` does not exist yet; its parent is watched, as the daemon watches the workspace.
        assert!(!w.changed());
        std::fs::write(tmp.path().join("auth.json"), b"{}").unwrap();
        assert!(w.changed());
        assert!(!w.changed(), "events are drained");
        std::fs::create_dir(&project).unwrap();
        assert!(w.changed());
        std::fs::write(project.join("settings.toml.tmp"), b"x").unwrap();
        std::fs::rename(project.join("settings.toml.tmp"), project.join("settings.toml")).unwrap();
        assert!(w.changed(), "a folder that appeared later is watched too");
    }
}
