//! Validation of the trusted paths given to `daemon start-or-connect` and `daemon serve`
//! (lifecycle: "`--workspace` and `--executable` must be absolute"). The command line's
//! defaults for people, which run before it, are `cli::launch_args`.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use agentwire_protocol::LaunchErrorCode;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LaunchArgError {
    #[error("{}", LaunchErrorCode::InvalidWorkspace.message())]
    InvalidWorkspace,
    #[error("{}", LaunchErrorCode::InvalidExecutable.message())]
    InvalidExecutable,
}

/// Absolute, existing directory with a UTF-8 canonical path (it travels in JSON).
pub fn canonical_workspace(path: &Path) -> Result<PathBuf, LaunchArgError> {
    let canonical = canonical_absolute(path).ok_or(LaunchArgError::InvalidWorkspace)?;
    let is_dir = fs::metadata(&canonical).map(|m| m.is_dir()).unwrap_or(false);
    if is_dir && canonical.to_str().is_some() {
        Ok(canonical)
    } else {
        Err(LaunchArgError::InvalidWorkspace)
    }
}

/// Absolute regular file with at least one execute bit, canonicalized so the daemon
/// is spawned from the resolved binary rather than a link that could change.
pub fn canonical_executable(path: &Path) -> Result<PathBuf, LaunchArgError> {
    let canonical = canonical_absolute(path).ok_or(LaunchArgError::InvalidExecutable)?;
    let executable =
        fs::metadata(&canonical).map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false);
    if executable {
        Ok(canonical)
    } else {
        Err(LaunchArgError::InvalidExecutable)
    }
}

fn canonical_absolute(path: &Path) -> Option<PathBuf> {
    if !path.is_absolute() {
        return None;
    }
    path.canonicalize().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workspace_must_be_an_absolute_directory() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("f");
        fs::write(&file, b"").unwrap();
        let canonical = tmp.path().canonicalize().unwrap();
        assert_eq!(canonical_workspace(&tmp.path().join(".")).unwrap(), canonical);
        for bad in [Path::new("relative"), file.as_path(), &tmp.path().join("missing")] {
            assert_eq!(canonical_workspace(bad), Err(LaunchArgError::InvalidWorkspace), "{bad:?}");
        }
    }

    #[test]
    fn executable_must_be_an_absolute_executable_file() {
        let tmp = tempfile::tempdir().unwrap();
        let exe = tmp.path().join("bin");
        fs::write(&exe, b"#!/bin/sh\n").unwrap();
        assert_eq!(canonical_executable(&exe), Err(LaunchArgError::InvalidExecutable));
        fs::set_permissions(&exe, fs::Permissions::from_mode(0o755)).unwrap();
        let link = tmp.path().join("link");
        std::os::unix::fs::symlink(&exe, &link).unwrap();
        assert_eq!(canonical_executable(&link).unwrap(), exe.canonicalize().unwrap());
        assert_eq!(canonical_executable(Path::new("bin")), Err(LaunchArgError::InvalidExecutable));
        assert_eq!(canonical_executable(tmp.path()), Err(LaunchArgError::InvalidExecutable));
    }
}
