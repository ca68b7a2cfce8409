//! State root, identities and the per-workspace runtime folder (lifecycle §1).

use std::ffi::OsString;
use std::fs::{self, DirBuilder};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{DirBuilderExt, MetadataExt};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

pub use super::layout::{
    AUTH_FILE, CATALOG_DIR, LOCK_FILE, LOG_FILE, RUN_DIR, SESSIONS_DIR, SETTINGS_FILE, SOCKET_FILE, START_LOCK_FILE,
};

/// Longest session ID accepted as a folder name; matches the protocol's `max_id_bytes`.
pub const MAX_SESSION_ID_BYTES: usize = agentwire_protocol::limits::MAX_ID_BYTES as usize;

#[derive(Debug, thiserror::Error)]
pub enum PathsError {
    #[error("neither MC_HOME nor HOME is set")]
    NoStateRoot,
    #[error("MC_HOME must be an absolute path")]
    RelativeStateRoot,
    #[error("state root could not be created: {0}")]
    StateRootIo(#[source] io::Error),
    #[error("state root is not safe: {0}")]
    StateRootUnsafe(#[source] crate::transport::trust::UnsafeEntry),
    #[error("runtime folder is not private to this user")]
    RuntimeDirUnsafe,
    #[error("runtime folder could not be created: {0}")]
    RuntimeDirIo(#[source] io::Error),
    #[error("no runtime folder gives a socket path within the platform limit")]
    SocketPathTooLong,
    #[error("session ID is not a valid folder name")]
    InvalidSessionId,
}

/// Everything the daemon keeps for one workspace while it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuntimePaths {
    pub dir: PathBuf,
    pub socket: PathBuf,
    pub lock: PathBuf,
    pub start_lock: PathBuf,
    pub log: PathBuf,
}

impl RuntimePaths {
    fn in_dir(dir: PathBuf) -> Self {
        RuntimePaths {
            socket: dir.join(SOCKET_FILE),
            lock: dir.join(LOCK_FILE),
            start_lock: dir.join(START_LOCK_FILE),
            log: dir.join(LOG_FILE),
            dir,
        }
    }
}

/// The inputs of runtime-folder selection, explicit so tests need not touch the
/// process environment.
#[derive(Debug, Clone)]
pub struct RuntimeDirInputs {
    pub state_root: PathBuf,
    pub xdg_runtime_dir: Option<PathBuf>,
    pub tmp_dir: PathBuf,
    pub uid: u32,
}

impl RuntimeDirInputs {
    pub fn from_env(state_root: &Path) -> Self {
        RuntimeDirInputs {
            state_root: state_root.to_path_buf(),
            xdg_runtime_dir: non_empty_env("XDG_RUNTIME_DIR").map(PathBuf::from),
            tmp_dir: PathBuf::from("/tmp"),
            uid: effective_uid(),
        }
    }
}

pub fn effective_uid() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

fn non_empty_env(name: &str) -> Option<OsString> {
    std::env::var_os(name).filter(|v| !v.is_empty())
}

/// Resolves `$MC_HOME` (default `$HOME/.agentwire`), creates it `0700` if missing, refuses
/// it unless it and the entries that matter in it are private (see [`crate::transport::trust`]) and
/// returns its canonical path.
pub fn resolve_state_root() -> Result<PathBuf, PathsError> {
    let root = match non_empty_env("MC_HOME") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(non_empty_env("HOME").ok_or(PathsError::NoStateRoot)?).join(".agentwire"),
    };
    prepare_state_root(&root)
}

pub fn prepare_state_root(root: &Path) -> Result<PathBuf, PathsError> {
    if !root.is_absolute() {
        return Err(PathsError::RelativeStateRoot);
    }
    DirBuilder::new().recursive(true).mode(0o700).create(root).map_err(PathsError::StateRootIo)?;
    let canonical = root.canonicalize().map_err(PathsError::StateRootIo)?;
    crate::transport::trust::check_state_root(&canonical, effective_uid()).map_err(PathsError::StateRootUnsafe)?;
    Ok(canonical)
}

/// `"ws_"` + 32 hex chars of SHA-256 over the canonical workspace path bytes.
pub fn workspace_id(canonical_workspace: &Path) -> String {
    prefixed_digest("ws_", canonical_workspace)
}

/// `"sr_"` + 32 hex chars of SHA-256 over the canonical state root path bytes.
pub fn state_root_id(canonical_state_root: &Path) -> String {
    prefixed_digest("sr_", canonical_state_root)
}

fn prefixed_digest(prefix: &str, path: &Path) -> String {
    let digest = Sha256::digest(path.as_os_str().as_bytes());
    format!("{prefix}{}", hex::encode(&digest[..16]))
}

/// `sun_path` capacity including the terminating NUL (108 on Linux, 104 on macOS).
pub fn sun_path_capacity() -> usize {
    // SAFETY: sockaddr_un is plain old data; all-zero is a valid value.
    let addr: libc::sockaddr_un = unsafe { std::mem::zeroed() };
    addr.sun_path.len()
}

fn socket_fits(dir: &Path) -> bool {
    dir.join(SOCKET_FILE).as_os_str().len() < sun_path_capacity()
}

/// Picks the first runtime folder whose socket path fits `sun_path`, without creating it.
pub fn select_runtime_dir(inputs: &RuntimeDirInputs, workspace_id: &str) -> Result<PathBuf, PathsError> {
    candidate_runtime_dirs(inputs, workspace_id)
        .into_iter()
        .find(|dir| socket_fits(dir))
        .ok_or(PathsError::SocketPathTooLong)
}

fn candidate_runtime_dirs(inputs: &RuntimeDirInputs, workspace_id: &str) -> Vec<PathBuf> {
    let mut dirs = vec![inputs.state_root.join(RUN_DIR).join(workspace_id)];
    // A relative XDG_RUNTIME_DIR is invalid per the XDG spec; ignore it.
    if let Some(xdg) = inputs.xdg_runtime_dir.as_ref().filter(|p| p.is_absolute()) {
        dirs.push(xdg.join("agentwire").join(workspace_id));
    }
    dirs.push(inputs.tmp_dir.join(format!("agentwire-{}", inputs.uid)).join(workspace_id));
    dirs
}

/// Selects, creates (`0700`) and verifies the runtime folder and its parent.
pub fn prepare_runtime_paths(inputs: &RuntimeDirInputs, workspace_id: &str) -> Result<RuntimePaths, PathsError> {
    let dir = runtime_paths(inputs, workspace_id)?.dir;
    if let Some(parent) = dir.parent() {
        ensure_private_dir(parent, inputs.uid)?;
    }
    ensure_private_dir(&dir, inputs.uid)?;
    Ok(RuntimePaths::in_dir(dir))
}

/// The runtime paths a client should look at, without creating anything.
pub fn runtime_paths(inputs: &RuntimeDirInputs, workspace_id: &str) -> Result<RuntimePaths, PathsError> {
    select_runtime_dir(inputs, workspace_id).map(RuntimePaths::in_dir)
}

/// Creates `dir` with mode `0700` if missing, then refuses it unless it is a real
/// directory owned by `uid` with no group/other permission bits. Shared places such as
/// `/tmp` let another user pre-create the folder, so existing folders are never trusted.
pub fn ensure_private_dir(dir: &Path, uid: u32) -> Result<(), PathsError> {
    match DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(PathsError::RuntimeDirIo)?;
        }
        Err(e) => return Err(PathsError::RuntimeDirIo(e)),
    }
    verify_private_dir(dir, uid)
}

pub fn verify_private_dir(dir: &Path, uid: u32) -> Result<(), PathsError> {
    let meta = fs::symlink_metadata(dir).map_err(PathsError::RuntimeDirIo)?;
    let private = meta.file_type().is_dir() && meta.uid() == uid && meta.mode() & 0o077 == 0;
    if private {
        Ok(())
    } else {
        Err(PathsError::RuntimeDirUnsafe)
    }
}

/// `$MC_HOME/sessions/<session_id>/`. The ID is checked here as well as by the protocol
/// decoder because it becomes a path component: only `[A-Za-z0-9_-]`, 1..=128 bytes.
pub fn session_dir(state_root: &Path, session_id: &str) -> Result<PathBuf, PathsError> {
    if !is_safe_session_id(session_id) {
        return Err(PathsError::InvalidSessionId);
    }
    Ok(state_root.join(SESSIONS_DIR).join(session_id))
}

pub fn is_safe_session_id(id: &str) -> bool {
    (1..=MAX_SESSION_ID_BYTES).contains(&id.len())
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn inputs(root: &Path, xdg: Option<&Path>, tmp: &Path) -> RuntimeDirInputs {
        RuntimeDirInputs {
            state_root: root.to_path_buf(),
            xdg_runtime_dir: xdg.map(Path::to_path_buf),
            tmp_dir: tmp.to_path_buf(),
            uid: effective_uid(),
        }
    }

    #[test]
    fn ids_are_prefixed_truncated_sha256() {
        // sha256("/") = 8a5edab282632443219e051e4ade2d1d5bbc671c781051bf1437897cbdfea0f1
        assert_eq!(workspace_id(Path::new("/")), "ws_8a5edab282632443219e051e4ade2d1d");
        assert_eq!(state_root_id(Path::new("/")), "sr_8a5edab282632443219e051e4ade2d1d");
        assert_ne!(workspace_id(Path::new("/a")), workspace_id(Path::new("/b")));
    }

    #[test]
    fn default_runtime_dir_is_under_state_root() {
        let tmp = tempfile::tempdir().unwrap();
        let ws = workspace_id(Path::new("/w"));
        let paths = runtime_paths(&inputs(tmp.path(), None, Path::new("/tmp")), &ws).unwrap();
        assert_eq!(paths.dir, tmp.path().join("run").join(&ws));
        assert_eq!(paths.socket, paths.dir.join("daemon.sock"));
        assert_eq!(paths.lock, paths.dir.join("daemon.lock"));
        assert_eq!(paths.start_lock, paths.dir.join("daemon.start.lock"));
        assert_eq!(paths.log, paths.dir.join("daemon.log"));
    }

    #[test]
    fn long_state_root_falls_back_to_xdg_then_tmp() {
        let long_root = PathBuf::from(format!("/{}", "x".repeat(120)));
        let ws = workspace_id(Path::new("/w"));
        let xdg = Path::new("/run/user/1000");
        let with_xdg = select_runtime_dir(&inputs(&long_root, Some(xdg), Path::new("/tmp")), &ws).unwrap();
        assert_eq!(with_xdg, xdg.join("agentwire").join(&ws));

        let no_xdg = select_runtime_dir(&inputs(&long_root, None, Path::new("/tmp")), &ws).unwrap();
        let expected = PathBuf::from(format!("/tmp/agentwire-{}", effective_uid())).join(&ws);
        assert_eq!(no_xdg, expected);

        let long_xdg = long_root.clone();
        let skip_xdg = select_runtime_dir(&inputs(&long_root, Some(&long_xdg), Path::new("/tmp")), &ws).unwrap();
        assert_eq!(skip_xdg, expected);
    }

    #[test]
    fn relative_xdg_is_ignored() {
        let long_root = PathBuf::from(format!("/{}", "x".repeat(120)));
        let dir = select_runtime_dir(&inputs(&long_root, Some(Path::new("rel")), Path::new("/tmp")), "ws_a").unwrap();
        assert!(dir.starts_with("/tmp"));
    }

    #[test]
    fn socket_path_limit_counts_the_nul() {
        let cap = sun_path_capacity();
        let fits = PathBuf::from(format!("/{}", "d".repeat(cap - 2 - SOCKET_FILE.len() - 1)));
        assert_eq!(fits.join(SOCKET_FILE).as_os_str().len(), cap - 1);
        assert!(socket_fits(&fits));
        let too_long = PathBuf::from(format!("/{}", "d".repeat(cap - 2 - SOCKET_FILE.len())));
        assert!(!socket_fits(&too_long));
    }

    #[test]
    fn prepare_creates_private_dirs() {
        let tmp = tempfile::tempdir().unwrap();
        let paths = prepare_runtime_paths(&inputs(tmp.path(), None, Path::new("/tmp")), "ws_abc").unwrap();
        for dir in [paths.dir.as_path(), paths.dir.parent().unwrap()] {
            let mode = fs::metadata(dir).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700, "{}", dir.display());
        }
    }

    #[test]
    fn group_accessible_runtime_dir_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("run").join("ws_abc");
        fs::create_dir_all(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o750)).unwrap();
        let err = prepare_runtime_paths(&inputs(tmp.path(), None, Path::new("/tmp")), "ws_abc").unwrap_err();
        assert!(matches!(err, PathsError::RuntimeDirUnsafe));
    }

    #[test]
    fn foreign_owner_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let mut other = inputs(tmp.path(), None, Path::new("/tmp"));
        other.uid = effective_uid().wrapping_add(1);
        let err = prepare_runtime_paths(&other, "ws_abc").unwrap_err();
        assert!(matches!(err, PathsError::RuntimeDirUnsafe));
    }

    #[test]
    fn symlinked_runtime_dir_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("elsewhere");
        fs::create_dir(&target).unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o700)).unwrap();
        fs::create_dir_all(tmp.path().join("run")).unwrap();
        fs::set_permissions(tmp.path().join("run"), fs::Permissions::from_mode(0o700)).unwrap();
        std::os::unix::fs::symlink(&target, tmp.path().join("run").join("ws_abc")).unwrap();
        let err = prepare_runtime_paths(&inputs(tmp.path(), None, Path::new("/tmp")), "ws_abc").unwrap_err();
        assert!(matches!(err, PathsError::RuntimeDirUnsafe));
    }

    #[test]
    fn state_root_is_created_private_and_canonical() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("a").join("..").join("home");
        let canonical = prepare_state_root(&root).unwrap();
        assert_eq!(canonical, tmp.path().canonicalize().unwrap().join("home"));
        let mode = fs::metadata(&canonical).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        assert!(matches!(prepare_state_root(Path::new("rel")), Err(PathsError::RelativeStateRoot)));
    }

    #[test]
    fn session_ids_are_path_safe() {
        let root = Path::new("/state");
        assert_eq!(session_dir(root, "s_1-A").unwrap(), PathBuf::from("/state/sessions/s_1-A"));
        for bad in ["", "..", "a/b", "a.b", "é", &"a".repeat(129)] {
            assert!(session_dir(root, bad).is_err(), "{bad:?}");
        }
        assert!(session_dir(root, &"a".repeat(128)).is_ok());
    }
}
