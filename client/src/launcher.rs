//! Start or connect (service-lifecycle §2): run `agentwire daemon start-or-connect` for a
//! workspace, which starts its daemon or reaches the running one, and check the discovery
//! record it prints. [`crate::Client::start_or_connect`] then connects with it.
//!
//! The path rules, never guessed: the workspace must be absolute (a relative one is refused,
//! so "." never silently means the current folder) and is canonicalised (symbolic links,
//! `..` and a trailing `/` resolved), as the daemon names it; the executable is an absolute
//! path, or a bare name looked up on `PATH` (a relative path with a `/` is refused).

use crate::error::VersionMismatch;
use agentwire_protocol::consumer::decode_value;
use agentwire_protocol::runtime::{parse_record, Mode};
use agentwire_protocol::{Discovery, LaunchError as PrintedError, LaunchErrorCode};
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// What to start or reach. Built with [`StartOptions::new`] and the builder methods.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct StartOptions {
    /// The workspace (project folder): absolute; canonicalised before use.
    pub workspace: PathBuf,
    /// The `agentwire` executable: an absolute path, or a bare name looked up on `PATH`. It is
    /// also what a started daemon runs.
    pub executable: PathBuf,
    /// The state root (`MC_HOME`) for the launcher and the daemon it starts; default inherited.
    pub mc_home: Option<PathBuf>,
    /// How long the launcher may take (it bounds its own wait for a new daemon at 10 s).
    pub timeout: Duration,
}

impl StartOptions {
    pub fn new(workspace: impl Into<PathBuf>, executable: impl Into<PathBuf>) -> Self {
        StartOptions {
            workspace: workspace.into(),
            executable: executable.into(),
            mc_home: None,
            timeout: Duration::from_secs(30),
        }
    }

    /// Sets the state root (builder style).
    pub fn mc_home(mut self, mc_home: impl Into<PathBuf>) -> Self {
        self.mc_home = Some(mc_home.into());
        self
    }

    /// Sets how long the launcher may take (builder style).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }
}

/// Why start-or-connect gave no daemon.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LaunchError {
    /// The workspace is relative, missing or not a folder; nothing was run.
    #[error("invalid_workspace: {0}")]
    InvalidWorkspace(String),
    /// The executable is a relative path, not on `PATH`, or cannot be run.
    #[error("invalid_executable: {0}")]
    InvalidExecutable(String),
    /// The daemon (from its discovery record) runs another package version than this client.
    #[error("{0}")]
    VersionMismatch(VersionMismatch),
    /// The launcher refused with one of the spec's launch error codes.
    #[error("{}: {message}", code.as_str())]
    Launcher { code: LaunchErrorCode, message: String },
    /// The launcher did not finish within [`StartOptions::timeout`].
    #[error("start_timeout: the launcher did not finish within {0:?}")]
    Timeout(Duration),
    /// The launcher printed something that is not a discovery record or launch error.
    #[error("the launcher printed no valid discovery record or launch error: {0}")]
    InvalidOutput(String),
    /// Running the launcher failed.
    #[error("running the launcher failed: {0}")]
    Io(#[source] io::Error),
    /// The daemon was started or found, but connecting to it failed.
    #[error("connecting to the daemon failed: {0}")]
    Connect(#[from] crate::ConnectError),
}

/// The canonical workspace: absolute, existing, a folder; symbolic links, `..` and a trailing
/// `/` resolved.
pub fn canonical_workspace(workspace: &Path) -> Result<PathBuf, LaunchError> {
    let shown = workspace.display();
    if !workspace.is_absolute() {
        return Err(LaunchError::InvalidWorkspace(format!(
            "`{shown}` is relative; pass an absolute path (for the current folder, std::env::current_dir())"
        )));
    }
    let canonical = std::fs::canonicalize(workspace)
        .map_err(|e| LaunchError::InvalidWorkspace(format!("`{shown}` cannot be resolved: {e}")))?;
    if !canonical.is_dir() {
        return Err(LaunchError::InvalidWorkspace(format!("`{shown}` is not a folder")));
    }
    Ok(canonical)
}

/// The executable to run: an absolute path as given, or a bare name found on `path` (the
/// value of `PATH`).
pub fn resolve_executable(executable: &Path, path: Option<OsString>) -> Result<PathBuf, LaunchError> {
    let shown = executable.display();
    if executable.is_absolute() {
        return Ok(executable.to_path_buf());
    }
    if executable.components().count() != 1 {
        return Err(LaunchError::InvalidExecutable(format!(
            "`{shown}` is a relative path; pass an absolute path or a bare name found on PATH"
        )));
    }
    let found = path.iter().flat_map(std::env::split_paths).map(|dir| dir.join(executable)).find(|p| is_executable(p));
    found.ok_or_else(|| {
        LaunchError::InvalidExecutable(format!(
            "`{shown}` is not on PATH; install agentwire there or pass the absolute path of the executable"
        ))
    })
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Runs `agentwire daemon start-or-connect` and returns its discovery record, checked: the
/// daemon must run this package's version ([`crate::PACKAGE_VERSION`]).
pub async fn start_or_connect(options: &StartOptions) -> Result<Discovery, LaunchError> {
    let workspace = canonical_workspace(&options.workspace)?;
    let executable = resolve_executable(&options.executable, std::env::var_os("PATH"))?;
    let mut command = tokio::process::Command::new(&executable);
    command
        .args(["daemon", "start-or-connect", "--workspace"])
        .arg(&workspace)
        .arg("--executable")
        .arg(&executable)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        // A launcher past its deadline is killed; a daemon it started lives on by design.
        .kill_on_drop(true);
    if let Some(home) = &options.mc_home {
        command.env("MC_HOME", home);
    }
    let child = command.spawn().map_err(|e| match e.kind() {
        io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied => {
            LaunchError::InvalidExecutable(format!("cannot run `{}`: {e}", executable.display()))
        }
        _ => LaunchError::Io(e),
    })?;
    let output = tokio::time::timeout(options.timeout, child.wait_with_output())
        .await
        .map_err(|_| LaunchError::Timeout(options.timeout))?
        .map_err(LaunchError::Io)?;
    let printed = String::from_utf8_lossy(&output.stdout);
    let value = parse_record(printed.trim()).map_err(|e| LaunchError::InvalidOutput(format!("{e:?}")))?;
    if !output.status.success() {
        let failure: PrintedError =
            decode_value(&value, Mode::Tolerant).map_err(|e| LaunchError::InvalidOutput(e.to_string()))?;
        let code = LaunchErrorCode::from_wire(&failure.error.code)
            .ok_or_else(|| LaunchError::InvalidOutput(format!("unknown launch error code {}", failure.error.code)))?;
        return Err(match code {
            LaunchErrorCode::VersionMismatch => {
                LaunchError::VersionMismatch(VersionMismatch { package: crate::PACKAGE_VERSION.into(), daemon: None })
            }
            code => LaunchError::Launcher { code, message: failure.error.message },
        });
    }
    let discovery: Discovery =
        decode_value(&value, Mode::Tolerant).map_err(|e| LaunchError::InvalidOutput(e.to_string()))?;
    // "Package versions must match exactly": the daemon's version comes from its discovery.
    if discovery.version != crate::PACKAGE_VERSION {
        return Err(LaunchError::VersionMismatch(VersionMismatch {
            package: crate::PACKAGE_VERSION.into(),
            daemon: Some(discovery.version),
        }));
    }
    Ok(discovery)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_workspace_is_refused_and_an_absolute_one_canonicalised() {
        // "Absolute workspace with canonicalisation: refuse or canonicalise, never guess."
        assert!(
            matches!(canonical_workspace(Path::new(".")), Err(LaunchError::InvalidWorkspace(m)) if m.contains("relative"))
        );
        let tmp = std::env::temp_dir().canonicalize().unwrap();
        let trailing = PathBuf::from(format!("{}/", tmp.display()));
        assert_eq!(canonical_workspace(&trailing).unwrap(), tmp);
        let dotted = tmp.join("..").join(tmp.file_name().unwrap());
        assert_eq!(canonical_workspace(&dotted).unwrap(), tmp);
        let missing = tmp.join("agentwire-no-such-folder");
        assert!(matches!(canonical_workspace(&missing), Err(LaunchError::InvalidWorkspace(_))));
    }

    #[test]
    fn a_bare_executable_is_found_on_path_or_refused_clearly() {
        let sh = resolve_executable(Path::new("sh"), Some("/nonexistent:/bin:/usr/bin".into())).unwrap();
        assert!(sh.is_absolute() && sh.ends_with("sh"), "{}", sh.display());
        let missing = resolve_executable(Path::new("agentwire-nowhere"), Some("/bin".into()));
        assert!(matches!(missing, Err(LaunchError::InvalidExecutable(m)) if m.contains("not on PATH")));
        let relative = resolve_executable(Path::new("bin/agentwire"), Some("/bin".into()));
        assert!(matches!(relative, Err(LaunchError::InvalidExecutable(m)) if m.contains("relative")));
        assert_eq!(resolve_executable(Path::new("/opt/agentwire"), None).unwrap(), Path::new("/opt/agentwire"));
    }
}
