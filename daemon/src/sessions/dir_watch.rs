//! An inotify watch on the `sessions/` folder that reports which entry names appeared and
//! which went away, so the listing index follows the folder without rereading it.
//!
//! Why a change completed before a `session.list` request is always applied by it: inotify
//! queues the event inside the system call that changes the folder (mkdir, rename, unlink
//! return only after `fsnotify` has queued it), and the request reads the queue without
//! blocking when it starts. The queue is bounded by the kernel (`max_queued_events`); when it
//! overflows, or the folder itself goes away, the watch says it lost track and the index is
//! built again from the folder.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// Entry names arriving and leaving, plus everything that ends the watch's account.
const MASK: u32 = libc::IN_CREATE
    | libc::IN_DELETE
    | libc::IN_MOVED_FROM
    | libc::IN_MOVED_TO
    | libc::IN_DELETE_SELF
    | libc::IN_MOVE_SELF
    | libc::IN_ONLYDIR;

/// Events after which the queue no longer accounts for every change of the folder's names.
const LOST: u32 = libc::IN_Q_OVERFLOW | libc::IN_IGNORED | libc::IN_DELETE_SELF | libc::IN_MOVE_SELF | libc::IN_UNMOUNT;

/// `struct inotify_event` without its name: wd, mask, cookie, len.
const HEADER: usize = 16;

/// One change of the folder's entry names. A name that is not UTF-8 is never reported: it
/// cannot be a session ID.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Change {
    Added(String),
    Removed(String),
}

/// Whether every queued change was delivered.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Drained {
    Complete,
    /// Overflow, or the folder was deleted, moved or unmounted: changes may be missing.
    Lost,
}

#[derive(Debug)]
pub(crate) struct DirWatch {
    fd: OwnedFd,
}

impl DirWatch {
    /// Watches `dir` (following a symlink, as reading the folder does). Fails where inotify
    /// is unavailable or out of watches; the caller then reads the folder directly.
    pub(crate) fn new(dir: &Path) -> io::Result<DirWatch> {
        let path = CString::new(dir.as_os_str().as_bytes()).map_err(|_| io::ErrorKind::InvalidInput)?;
        // SAFETY: plain syscall; the result is checked before use.
        let raw = unsafe { libc::inotify_init1(libc::IN_NONBLOCK | libc::IN_CLOEXEC) };
        if raw < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: `raw` is a fresh descriptor owned by nobody else.
        let fd = unsafe { OwnedFd::from_raw_fd(raw) };
        // SAFETY: valid descriptor and NUL-terminated path.
        if unsafe { libc::inotify_add_watch(fd.as_raw_fd(), path.as_ptr(), MASK) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(DirWatch { fd })
    }

    /// Hands every queued change to `apply`, oldest first, without blocking.
    pub(crate) fn drain(&self, mut apply: impl FnMut(Change)) -> io::Result<Drained> {
        // Large enough for many events per read; a single event never exceeds
        // HEADER + NAME_MAX + 1.
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            // SAFETY: the buffer is valid for `buf.len()` writable bytes.
            let n = unsafe { libc::read(self.fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
            if n < 0 {
                let e = io::Error::last_os_error();
                match e.kind() {
                    io::ErrorKind::WouldBlock => return Ok(Drained::Complete),
                    io::ErrorKind::Interrupted => continue,
                    _ => return Err(e),
                }
            }
            // A read never returns zero bytes from inotify; treat it as drained all the same.
            let n = n as usize;
            if n == 0 {
                return Ok(Drained::Complete);
            }
            if parse(&buf[..n], &mut apply) == Drained::Lost {
                return Ok(Drained::Lost);
            }
        }
    }
}

/// Decodes the events of one read. The kernel returns whole events only; a malformed length
/// is reported as lost rather than trusted.
fn parse(mut bytes: &[u8], apply: &mut impl FnMut(Change)) -> Drained {
    while !bytes.is_empty() {
        let Some(header) = bytes.get(..HEADER) else { return Drained::Lost };
        let word = |i: usize| u32::from_ne_bytes([header[i], header[i + 1], header[i + 2], header[i + 3]]);
        let (mask, len) = (word(4), word(12) as usize);
        let Some(name) = bytes.get(HEADER..HEADER + len) else { return Drained::Lost };
        bytes = &bytes[HEADER + len..];
        if mask & LOST != 0 {
            return Drained::Lost;
        }
        // The name is NUL-padded to an alignment boundary.
        let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
        let Ok(name) = std::str::from_utf8(name) else { continue };
        if mask & (libc::IN_CREATE | libc::IN_MOVED_TO) != 0 {
            apply(Change::Added(name.to_owned()));
        } else if mask & (libc::IN_DELETE | libc::IN_MOVED_FROM) != 0 {
            apply(Change::Removed(name.to_owned()));
        }
    }
    Drained::Complete
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn changes(w: &DirWatch) -> (Vec<Change>, Drained) {
        let mut out = Vec::new();
        let drained = w.drain(|c| out.push(c)).unwrap();
        (out, drained)
    }

    #[test]
    fn reports_names_added_and_removed_in_order() {
        let tmp = tempfile::tempdir().unwrap();
        let w = DirWatch::new(tmp.path()).unwrap();
        assert_eq!(changes(&w), (vec![], Drained::Complete), "nothing changed");
        fs::create_dir(tmp.path().join("a")).unwrap();
        fs::write(tmp.path().join("b"), b"").unwrap();
        fs::rename(tmp.path().join("b"), tmp.path().join("c")).unwrap();
        fs::remove_dir(tmp.path().join("a")).unwrap();
        // Changes inside a session folder are not changes of the folder's names.
        fs::create_dir(tmp.path().join("d")).unwrap();
        fs::write(tmp.path().join("d").join("meta.json"), b"{}").unwrap();
        let (got, drained) = changes(&w);
        assert_eq!(drained, Drained::Complete);
        assert_eq!(
            got,
            [
                Change::Added("a".into()),
                Change::Added("b".into()),
                Change::Removed("b".into()),
                Change::Added("c".into()),
                Change::Removed("a".into()),
                Change::Added("d".into()),
            ]
        );
    }

    #[test]
    fn a_moved_or_deleted_folder_loses_track() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("sessions");
        fs::create_dir(&dir).unwrap();
        let w = DirWatch::new(&dir).unwrap();
        fs::rename(&dir, tmp.path().join("elsewhere")).unwrap();
        assert_eq!(changes(&w).1, Drained::Lost);
        let other = tmp.path().join("other");
        fs::create_dir(&other).unwrap();
        let w = DirWatch::new(&other).unwrap();
        fs::remove_dir(&other).unwrap();
        assert_eq!(changes(&w).1, Drained::Lost);
    }

    #[test]
    fn truncated_event_bytes_are_lost_not_trusted() {
        let mut event = Vec::new();
        for word in [1u32, libc::IN_CREATE, 0, 16] {
            event.extend_from_slice(&word.to_ne_bytes());
        }
        event.extend_from_slice(b"abc");
        assert_eq!(parse(&event, &mut |_| panic!("no change from a short event")), Drained::Lost);
    }

    #[test]
    fn a_file_is_not_watched_as_a_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("sessions");
        fs::write(&file, b"").unwrap();
        assert!(DirWatch::new(&file).is_err());
    }
}
