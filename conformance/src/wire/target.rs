//! The daemon under test: a socket to connect to, the workspace and package version the
//! handshake names, and optionally the daemon this run started.

use crate::error::{Error, Result};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct Target {
    pub socket: PathBuf,
    /// Canonical workspace path, as the handshake sends it.
    pub workspace: PathBuf,
    /// Package version for the handshake: admission requires an exact match.
    pub version: String,
    /// PID of a daemon that `start-or-connect` started for this run.
    pub started_pid: Option<u32>,
}

impl Target {
    pub fn workspace_str(&self) -> String {
        self.workspace.to_string_lossy().into_owned()
    }

    /// "`workspace_id` = "ws_" + first 32 hex chars of SHA-256 of the canonical workspace path".
    pub fn expected_workspace_id(&self) -> String {
        let digest = Sha256::digest(self.workspace.as_os_str().as_encoded_bytes());
        format!("ws_{}", &hex::encode(digest)[..32])
    }
}

fn canonical(path: &Path) -> Result<PathBuf> {
    path.canonicalize().map_err(|e| Error::io(path, e))
}

/// A running daemon's socket.
pub fn connect(socket: &Path, workspace: &Path, version: &str) -> Result<Target> {
    Ok(Target {
        socket: socket.to_owned(),
        workspace: canonical(workspace)?,
        version: version.to_owned(),
        started_pid: None,
    })
}

/// `EXE daemon start-or-connect --workspace DIR --executable EXE` and its discovery object.
/// `env` is added to the child's environment (tests point `MC_HOME` at a sandbox this way).
pub fn start_or_connect(executable: &Path, workspace: &Path, env: &[(String, String)]) -> Result<Target> {
    let exe = canonical(executable)?;
    let workspace = canonical(workspace)?;
    let output = std::process::Command::new(&exe)
        .args(["daemon", "start-or-connect", "--workspace"])
        .arg(&workspace)
        .arg("--executable")
        .arg(&exe)
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .output()
        .map_err(|e| Error::io(&exe, e))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let discovery: Value = serde_json::from_str(stdout.trim()).map_err(|e| {
        Error::Target(format!(
            "start-or-connect printed no discovery object ({e}): {stdout} {}",
            String::from_utf8_lossy(&output.stderr)
        ))
    })?;
    if !output.status.success() || discovery.get("error").is_some() {
        return Err(Error::Target(format!("start-or-connect failed: {discovery}")));
    }
    let socket = discovery
        .get("socket")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::Target(format!("discovery without socket: {discovery}")))?;
    let version = discovery
        .get("version")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::Target(format!("discovery without version: {discovery}")))?;
    let started = discovery.get("started").and_then(Value::as_bool).unwrap_or(false);
    let pid = discovery.get("pid").and_then(Value::as_u64).and_then(|p| u32::try_from(p).ok());
    Ok(Target {
        socket: PathBuf::from(socket),
        workspace,
        version: version.to_owned(),
        started_pid: pid.filter(|_| started),
    })
}

/// Stop the daemon this run started (SIGTERM to its own PID, never by name).
pub fn stop(target: &Target) {
    if let Some(pid) = target.started_pid.and_then(|p| libc::pid_t::try_from(p).ok()) {
        // SAFETY: plain syscall on the PID discovery reported; a stale PID only yields ESRCH.
        unsafe {
            libc::kill(pid, libc::SIGTERM);
        }
    }
}
