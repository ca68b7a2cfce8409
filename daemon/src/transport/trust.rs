//! Ownership and mode checks on the state root and the files in it, as OpenSSH's
//! `StrictModes` checks `~/.ssh`: a folder or file that another user owns, or that group or
//! others may write, is never trusted. The global `settings.toml` can start programs (MCP
//! servers) and `auth.json` holds credentials, so a state root that another local user can
//! write would let that user run programs as the daemon's user or read its keys.
//!
//! Checked twice: once before anything starts ([`check_state_root`], a launch error), and
//! again on every reread of a file that can start programs or holds credentials
//! ([`check_opened`]), on the descriptor already open, so a file swapped after the check is
//! not the one read.

use std::fs::{File, Metadata};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use crate::transport::layout::{AUTH_FILE, CATALOG_DIR, RUN_DIR, SESSIONS_DIR, SETTINGS_FILE};

/// The entries of the state root that are checked at start when present: the files that can
/// start programs or hold credentials, and the folders the daemon keeps state in.
pub const CHECKED_ENTRIES: [&str; 5] = [SETTINGS_FILE, AUTH_FILE, SESSIONS_DIR, CATALOG_DIR, RUN_DIR];

/// Group or other write permission.
const WRITABLE_BY_OTHERS: u32 = 0o022;

/// Why a folder or file is not trusted. Messages are fixed and name no path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Untrusted {
    #[error("is owned by another user")]
    ForeignOwner,
    #[error("is writable by group or others")]
    WritableByOthers,
    #[error("could not be inspected")]
    Unreadable,
}

/// A state root entry that failed the check: the entry's name inside the state root (`"."`
/// for the root itself), never a full path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("state root entry {entry} {why}")]
pub struct UnsafeEntry {
    pub entry: &'static str,
    pub why: Untrusted,
}

/// Trusted: owned by `uid` and not writable by group or others.
pub fn check_metadata(meta: &Metadata, uid: u32) -> Result<(), Untrusted> {
    if meta.uid() != uid {
        Err(Untrusted::ForeignOwner)
    } else if meta.mode() & WRITABLE_BY_OTHERS != 0 {
        Err(Untrusted::WritableByOthers)
    } else {
        Ok(())
    }
}

/// `path` itself (a symbolic link as the link, which only its owner's folder could hold) and,
/// when it is a link, what it points to. A missing entry is fine: the daemon creates it private.
fn check_entry(path: &Path, uid: u32) -> Result<(), Untrusted> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(_) => return Err(Untrusted::Unreadable),
    };
    if meta.file_type().is_symlink() {
        if meta.uid() != uid {
            return Err(Untrusted::ForeignOwner);
        }
        return match std::fs::metadata(path) {
            Ok(target) => check_metadata(&target, uid),
            // A dangling link is as good as missing; whoever creates its target is checked then.
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(_) => Err(Untrusted::Unreadable),
        };
    }
    check_metadata(&meta, uid)
}

/// The state root (canonical, so never a link) and each of [`CHECKED_ENTRIES`] present in it.
pub fn check_state_root(root: &Path, uid: u32) -> Result<(), UnsafeEntry> {
    check_entry(root, uid).map_err(|why| UnsafeEntry { entry: ".", why })?;
    for entry in CHECKED_ENTRIES {
        check_entry(&root.join(entry), uid).map_err(|why| UnsafeEntry { entry, why })?;
    }
    Ok(())
}

/// The check before a reread: the file already opened from `path` (by its descriptor, so it
/// is the file about to be read) and the folder holding it, which could otherwise swap it.
pub fn check_opened(file: &File, path: &Path, uid: u32) -> Result<(), Untrusted> {
    check_metadata(&file.metadata().map_err(|_| Untrusted::Unreadable)?, uid)?;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    check_metadata(&std::fs::metadata(folder).map_err(|_| Untrusted::Unreadable)?, uid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::paths::effective_uid;
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

    fn chmod(path: &Path, mode: u32) {
        fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
    }

    /// A private state root holding every checked entry, as the daemon creates it.
    fn private_root() -> tempfile::TempDir {
        let tmp = tempfile::tempdir().unwrap();
        for dir in [SESSIONS_DIR, CATALOG_DIR, RUN_DIR] {
            fs::create_dir(tmp.path().join(dir)).unwrap();
            chmod(&tmp.path().join(dir), 0o700);
        }
        for file in [SETTINGS_FILE, AUTH_FILE] {
            fs::write(tmp.path().join(file), b"").unwrap();
            chmod(&tmp.path().join(file), 0o600);
        }
        tmp
    }

    /// "refuse a folder that is not owned by the uid or is group/world" writable, for the state
    /// root and each entry: every mode of the report, with the bit that makes it unsafe.
    #[test]
    fn state_root_or_entry_writable_by_group_or_others_is_refused() {
        let uid = effective_uid();
        for entry in std::iter::once(".").chain(CHECKED_ENTRIES) {
            for mode in [0o777, 0o770, 0o757, 0o775, 0o1777, 0o720, 0o702] {
                let tmp = private_root();
                let path = tmp.path().join(entry);
                let file_mode = if path.is_dir() { mode } else { mode & 0o666 };
                chmod(&path, file_mode);
                assert_eq!(
                    check_state_root(tmp.path(), uid),
                    Err(UnsafeEntry { entry, why: Untrusted::WritableByOthers }),
                    "{entry} {mode:o}"
                );
                chmod(&path, if path.is_dir() { 0o700 } else { 0o600 });
            }
        }
    }

    #[test]
    fn private_or_only_readable_entries_and_missing_entries_are_trusted() {
        let uid = effective_uid();
        let tmp = private_root();
        assert_eq!(check_state_root(tmp.path(), uid), Ok(()));
        chmod(tmp.path(), 0o755);
        chmod(&tmp.path().join(SETTINGS_FILE), 0o644);
        assert_eq!(check_state_root(tmp.path(), uid), Ok(()), "readable is not writable");
        let empty = tempfile::tempdir().unwrap();
        assert_eq!(check_state_root(empty.path(), uid), Ok(()), "the daemon creates what is missing");
    }

    #[test]
    fn state_root_or_entry_owned_by_another_uid_is_refused() {
        let tmp = private_root();
        let other = effective_uid().wrapping_add(1);
        assert_eq!(check_state_root(tmp.path(), other), Err(UnsafeEntry { entry: ".", why: Untrusted::ForeignOwner }));
    }

    /// Only root can give a file away; without it, the other-uid case is covered above by
    /// checking against another uid.
    #[test]
    fn entries_chowned_to_another_user_are_refused() {
        if effective_uid() != 0 {
            eprintln!("not root: chown to another uid is covered by checking against another uid");
            return;
        }
        for entry in CHECKED_ENTRIES {
            let tmp = private_root();
            std::os::unix::fs::lchown(tmp.path().join(entry), Some(65534), Some(65534)).unwrap();
            assert_eq!(
                check_state_root(tmp.path(), 0),
                Err(UnsafeEntry { entry, why: Untrusted::ForeignOwner }),
                "{entry}"
            );
        }
    }

    #[test]
    fn a_link_is_judged_by_its_target() {
        let uid = effective_uid();
        let tmp = private_root();
        let elsewhere = tempfile::tempdir().unwrap();
        let target = elsewhere.path().join("settings.toml");
        fs::write(&target, b"").unwrap();
        chmod(&target, 0o666);
        fs::remove_file(tmp.path().join(SETTINGS_FILE)).unwrap();
        std::os::unix::fs::symlink(&target, tmp.path().join(SETTINGS_FILE)).unwrap();
        assert_eq!(
            check_state_root(tmp.path(), uid),
            Err(UnsafeEntry { entry: SETTINGS_FILE, why: Untrusted::WritableByOthers })
        );
        chmod(&target, 0o600);
        assert_eq!(check_state_root(tmp.path(), uid), Ok(()));
    }

    #[test]
    fn an_opened_file_is_checked_with_its_folder() {
        let uid = effective_uid();
        let tmp = private_root();
        chmod(tmp.path(), 0o700);
        let path = tmp.path().join(SETTINGS_FILE);
        assert_eq!(check_opened(&File::open(&path).unwrap(), &path, uid), Ok(()));
        chmod(&path, 0o660);
        assert_eq!(check_opened(&File::open(&path).unwrap(), &path, uid), Err(Untrusted::WritableByOthers));
        chmod(&path, 0o600);
        chmod(tmp.path(), 0o777);
        assert_eq!(
            check_opened(&File::open(&path).unwrap(), &path, uid),
            Err(Untrusted::WritableByOthers),
            "a folder others can write lets them swap the file"
        );
        chmod(tmp.path(), 0o700);
        assert_eq!(check_opened(&File::open(&path).unwrap(), &path, uid.wrapping_add(1)), Err(Untrusted::ForeignOwner));
    }
}
