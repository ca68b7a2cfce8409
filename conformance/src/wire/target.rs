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
    /// The daemon executable, when the run knows it: cases that need a daemon of their own,
    /// started with a state root the runner prepared, start it (`scenario.auth.stored.*`).
    pub executable: Option<PathBuf>,
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
        executable: None,
    })
}

/// `EXE daemon start-or-connect --workspace DIR --executable EXE` and its discovery object.
/// `env` is added to the child's environment (tests point `MC_HOME` at a sandbox this way).
pub fn start_or_connect(executable: &Path, workspace: &Path, env: &[(String, String)]) -> Result<Target> {
    start(executable, workspace, |c| {
        c.envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    })
}

/// Start a daemon of the runner's own on `state_root` (its `MC_HOME`, which the runner has
/// filled), in an environment of only `PATH`, `HOME` and `MC_HOME` plus `extra`, so nothing of
/// the runner's environment (a provider key, a provider choice) decides what it reports.
pub fn start_private(executable: &Path, workspace: &Path, state_root: &Path, extra: &[(&str, &str)]) -> Result<Target> {
    start(executable, workspace, |c| {
        c.env_clear().env("MC_HOME", state_root).envs(extra.iter().copied());
        if let Some(home) = state_root.parent() {
            c.env("HOME", home);
        }
        if let Some(path) = std::env::var_os("PATH") {
            c.env("PATH", path);
        }
    })
}

fn start(executable: &Path, workspace: &Path, configure: impl FnOnce(&mut std::process::Command)) -> Result<Target> {
    let exe = canonical(executable)?;
    let workspace = canonical(workspace)?;
    let mut command = std::process::Command::new(&exe);
    command.args(["daemon", "start-or-connect", "--workspace"]).arg(&workspace).arg("--executable").arg(&exe);
    configure(&mut command);
    let output = command.output().map_err(|e| Error::io(&exe, e))?;
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
        executable: Some(exe),
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

/// [`stop`], then wait up to `wait` for the process to be gone (so its state root can be
/// removed after it).
pub fn stop_and_wait(target: &Target, wait: std::time::Duration) {
    stop(target);
    let Some(pid) = target.started_pid.and_then(|p| libc::pid_t::try_from(p).ok()) else { return };
    let until = std::time::Instant::now() + wait;
    // SAFETY: signal 0 only asks whether the PID still exists.
    while unsafe { libc::kill(pid, 0) } == 0 && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
