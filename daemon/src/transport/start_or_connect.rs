//! `daemon start-or-connect` (lifecycle §2): find the workspace's daemon or start it,
//! then describe it with one discovery object.

use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tokio::time::Instant;

use crate::logging::open_log;
use crate::transport::handshake::messages::{Accepted, HandshakeRequest, RejectCode};
use crate::transport::instance_lock::{FileLock, LockError};
use crate::transport::launch_args::{canonical_executable, canonical_workspace, LaunchArgError};
use crate::transport::paths::{
    prepare_runtime_paths, resolve_state_root, state_root_id, workspace_id, PathsError, RuntimeDirInputs, RuntimePaths,
};
use agentwire_client::{identify, HandshakeError};

pub const DEFAULT_START_TIMEOUT: Duration = Duration::from_secs(10);

/// The one object printed on failure: `{"error":{"code":…,"message":…}}`.
pub fn launch_error_json(code: LaunchErrorCode) -> serde_json::Value {
    serde_json::json!({"error": {"code": code.as_str(), "message": code.message()}})
}

/// Options for this package's own start-or-connect, with the spec's handshake bounds.
pub fn start_options(workspace: PathBuf, executable: PathBuf, start_timeout: Duration) -> StartOptions {
    use agentwire_protocol::limits;
    StartOptions {
        workspace,
        executable,
        version: crate::version::package_version(),
        start_timeout,
        client: ClientLimits {
            timeout: Duration::from_millis(limits::HANDSHAKE_TIMEOUT_MS),
            max_record_bytes: limits::MAX_RECORD_BYTES as usize,
        },
    }
}

/// Bounds of one readiness probe's identity handshake (made by `agentwire-client`).
#[derive(Debug, Clone, Copy)]
pub struct ClientLimits {
    pub timeout: Duration,
    pub max_record_bytes: usize,
}

/// Pause between readiness probes while a daemon starts.
const PROBE_INTERVAL: Duration = Duration::from_millis(50);

#[derive(Debug, Clone)]
pub struct StartOptions {
    pub workspace: PathBuf,
    pub executable: PathBuf,
    pub version: String,
    pub start_timeout: Duration,
    pub client: ClientLimits,
}

/// The one object printed on success (generated from the spec).
pub use agentwire_protocol::Discovery;
use agentwire_protocol::LaunchErrorCode;

/// Failures with stable codes and fixed messages: nothing from the environment
/// (paths, versions, OS errors) reaches the client. Details go to stderr only.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Arg(#[from] LaunchArgError),
    #[error("state root is unavailable: {0}")]
    StateRoot(#[source] PathsError),
    #[error("{0}")]
    StateRootUnsafe(#[source] crate::transport::trust::UnsafeEntry),
    #[error("runtime folder is not private")]
    RuntimeDirUnsafe,
    #[error("runtime folder is unavailable: {0}")]
    RuntimeDir(#[source] PathsError),
    #[error("socket path is not valid UTF-8")]
    NonUtf8Socket,
    #[error("a daemon of another package version is running")]
    VersionMismatch,
    #[error("the daemon at this socket serves another workspace")]
    WorkspaceMismatch,
    #[error("the daemon at this socket uses another state root")]
    StateRootMismatch,
    #[error("{}", LaunchErrorCode::ForeignService.message())]
    ForeignService,
    #[error("the daemon violated the handshake protocol")]
    InvalidHandshakeReply,
    #[error("the daemon serves its maximum number of connections")]
    ConnectionLimit,
    #[error("start lock failed: {0}")]
    Lock(#[source] LockError),
    #[error("stale socket could not be removed: {0}")]
    StaleSocket(#[source] io::Error),
    #[error("daemon could not be spawned: {0}")]
    Spawn(#[source] io::Error),
    #[error("daemon exited before it became ready")]
    DaemonExited,
    #[error("{}", LaunchErrorCode::StartTimeout.message())]
    StartTimeout,
}

impl StartError {
    /// The stable launch error code (from the spec).
    pub fn launch_code(&self) -> LaunchErrorCode {
        match self {
            StartError::Arg(LaunchArgError::InvalidWorkspace) => LaunchErrorCode::InvalidWorkspace,
            StartError::Arg(LaunchArgError::InvalidExecutable) => LaunchErrorCode::InvalidExecutable,
            StartError::StateRoot(_) => LaunchErrorCode::StateRootUnavailable,
            StartError::StateRootUnsafe(_) => LaunchErrorCode::StateRootUnsafe,
            StartError::RuntimeDirUnsafe => LaunchErrorCode::RuntimeDirUnsafe,
            StartError::RuntimeDir(_) | StartError::NonUtf8Socket => LaunchErrorCode::RuntimeDirUnavailable,
            StartError::VersionMismatch => LaunchErrorCode::VersionMismatch,
            StartError::WorkspaceMismatch => LaunchErrorCode::WorkspaceMismatch,
            StartError::StateRootMismatch => LaunchErrorCode::StateRootMismatch,
            StartError::ForeignService => LaunchErrorCode::ForeignService,
            StartError::InvalidHandshakeReply => LaunchErrorCode::InvalidHandshakeReply,
            StartError::ConnectionLimit => LaunchErrorCode::ConnectionLimit,
            StartError::Lock(_) | StartError::StaleSocket(_) => LaunchErrorCode::StartFailed,
            StartError::Spawn(_) | StartError::DaemonExited => LaunchErrorCode::StartFailed,
            StartError::StartTimeout => LaunchErrorCode::StartTimeout,
        }
    }

    pub fn code(&self) -> &'static str {
        self.launch_code().as_str()
    }

    pub fn message(&self) -> &'static str {
        self.launch_code().message()
    }

    /// `{"error":{"code":…,"message":…}}`
    pub fn to_json(&self) -> serde_json::Value {
        launch_error_json(self.launch_code())
    }
}

/// Everything resolved before touching the socket.
#[derive(Debug)]
struct Target {
    workspace: PathBuf,
    executable: PathBuf,
    runtime: RuntimePaths,
    socket: String,
    workspace_id: String,
    state_root_id: String,
}

pub async fn start_or_connect(options: &StartOptions) -> Result<Discovery, StartError> {
    let target = resolve_target(options)?;
    let request = HandshakeRequest::new(options.version.clone(), target.socket_workspace().to_string());
    let probe = Probe {
        target: &target,
        request: &request,
        client: options.client,
        deadline: Instant::now() + options.start_timeout,
    };
    if let Some(accepted) = probe.once().await? {
        return Ok(target.discovery(accepted, false));
    }
    let _start_lock = take_start_lock(&target, probe.deadline).await?;
    // Another starter may have finished while we waited for the start lock.
    if let Some(accepted) = probe.once().await? {
        return Ok(target.discovery(accepted, false));
    }
    start_with_lock_held(&target, &probe).await
}

/// The workspace's running daemon, reached without starting one (`daemon status`, `daemon
/// stop`): `Ok(None)` when none answers.
pub async fn find_running(options: &StartOptions) -> Result<Option<Running>, StartError> {
    let target = resolve_target(options)?;
    let request = HandshakeRequest::new(options.version.clone(), target.socket_workspace().to_string());
    let probe = Probe { target: &target, request: &request, client: options.client, deadline: Instant::now() };
    let Some(accepted) = probe.once().await? else { return Ok(None) };
    Ok(Some(Running { discovery: target.discovery(accepted, false), lock: target.runtime.lock.clone() }))
}

/// A daemon that answered the handshake.
#[derive(Debug, Clone)]
pub struct Running {
    pub discovery: Discovery,
    lock: PathBuf,
}

impl Running {
    /// Whether the daemon still holds its workspace lock, which it keeps until it has
    /// drained and exits.
    pub fn holds_lock(&self) -> Result<bool, LockError> {
        FileLock::is_held(&self.lock)
    }
}

async fn take_start_lock(target: &Target, deadline: Instant) -> Result<FileLock, StartError> {
    let wait = deadline.saturating_duration_since(Instant::now());
    match FileLock::exclusive_within(&target.runtime.start_lock, wait).await {
        Ok(lock) => Ok(lock),
        Err(LockError::Timeout) => Err(StartError::StartTimeout),
        Err(e) => Err(StartError::Lock(e)),
    }
}

async fn start_with_lock_held(target: &Target, probe: &Probe<'_>) -> Result<Discovery, StartError> {
    if let Some(accepted) = probe.while_lock_held(&target.runtime.lock).await? {
        return Ok(target.discovery(accepted, false));
    }
    remove_stale_socket(&target.runtime.socket)?;
    let mut child = spawn_daemon(target)?;
    match probe.until_ready(&mut child).await {
        Ok(accepted) => {
            let started = accepted.pid == child.id();
            Ok(target.discovery(accepted, started))
        }
        Err(e) => {
            if matches!(e, StartError::StartTimeout) {
                // Ours and never became ready: left running it would hold the daemon
                // lock and block every later start.
                let _ = child.kill();
                let _ = child.wait();
            }
            Err(e)
        }
    }
}

fn resolve_target(options: &StartOptions) -> Result<Target, StartError> {
    let workspace = canonical_workspace(&options.workspace)?;
    let executable = canonical_executable(&options.executable)?;
    let state_root = resolve_state_root().map_err(|e| match e {
        PathsError::StateRootUnsafe(entry) => StartError::StateRootUnsafe(entry),
        other => StartError::StateRoot(other),
    })?;
    let ws_id = workspace_id(&workspace);
    let runtime = prepare_runtime_paths(&RuntimeDirInputs::from_env(&state_root), &ws_id).map_err(|e| match e {
        PathsError::RuntimeDirUnsafe => StartError::RuntimeDirUnsafe,
        other => StartError::RuntimeDir(other),
    })?;
    let socket = runtime.socket.to_str().ok_or(StartError::NonUtf8Socket)?.to_string();
    Ok(Target {
        workspace_id: ws_id,
        state_root_id: state_root_id(&state_root),
        workspace,
        executable,
        runtime,
        socket,
    })
}

impl Target {
    fn socket_workspace(&self) -> &str {
        // canonical_workspace guarantees UTF-8.
        self.workspace.to_str().unwrap_or_default()
    }

    fn discovery(&self, accepted: Accepted, started: bool) -> Discovery {
        Discovery::new(
            self.socket.clone(),
            accepted.pid,
            accepted.version,
            accepted.instance_id,
            accepted.workspace_id,
            accepted.state_root_id,
            started,
        )
    }
}

struct Probe<'a> {
    target: &'a Target,
    request: &'a HandshakeRequest,
    client: ClientLimits,
    deadline: Instant,
}

impl Probe<'_> {
    /// One connect + handshake. `Ok(None)`: no usable daemon answered (absent,
    /// starting, or unresponsive); errors are answers that forbid starting one.
    async fn once(&self) -> Result<Option<Accepted>, StartError> {
        let remaining = self.deadline.saturating_duration_since(Instant::now());
        let timeout = self.client.timeout.min(remaining).max(PROBE_INTERVAL);
        match identify(&self.target.runtime.socket, self.request, timeout, self.client.max_record_bytes).await {
            Ok(accepted) => self.check_identity(accepted).map(Some),
            Err(HandshakeError::Rejected(RejectCode::VersionMismatch)) => Err(StartError::VersionMismatch),
            Err(HandshakeError::Rejected(RejectCode::WorkspaceMismatch)) => Err(StartError::WorkspaceMismatch),
            Err(HandshakeError::Rejected(RejectCode::InvalidHandshake)) => Err(StartError::InvalidHandshakeReply),
            Err(HandshakeError::Rejected(RejectCode::ConnectionLimit)) => Err(StartError::ConnectionLimit),
            Err(HandshakeError::ForeignServer) => Err(StartError::ForeignService),
            Err(HandshakeError::InvalidReply) => Err(StartError::InvalidHandshakeReply),
            Err(_not_ready) => Ok(None),
        }
    }

    fn check_identity(&self, accepted: Accepted) -> Result<Accepted, StartError> {
        if accepted.workspace_id != self.target.workspace_id {
            return Err(StartError::WorkspaceMismatch);
        }
        // Fallback runtime folders are keyed by workspace only, so a daemon of another
        // state root can sit at our socket path.
        if accepted.state_root_id != self.target.state_root_id {
            return Err(StartError::StateRootMismatch);
        }
        Ok(accepted)
    }

    /// While a daemon holds the workspace lock: wait for it to answer, never replace it. A
    /// daemon that is shutting down holds the lock without answering until it exits; `None`
    /// once the lock is free, so the caller starts a new one.
    async fn while_lock_held(&self, lock: &Path) -> Result<Option<Accepted>, StartError> {
        while FileLock::is_held(lock).map_err(StartError::Lock)? {
            if let Some(accepted) = self.once().await? {
                return Ok(Some(accepted));
            }
            if Instant::now() >= self.deadline {
                return Err(StartError::StartTimeout);
            }
            tokio::time::sleep(PROBE_INTERVAL).await;
        }
        Ok(None)
    }

    /// Probes until a daemon answers, the deadline passes, or `child` exits.
    async fn until_ready(&self, child: &mut Child) -> Result<Accepted, StartError> {
        loop {
            if let Some(accepted) = self.once().await? {
                return Ok(accepted);
            }
            if matches!(child.try_wait(), Ok(Some(_))) {
                return self.once().await?.ok_or(StartError::DaemonExited);
            }
            if Instant::now() >= self.deadline {
                return Err(StartError::StartTimeout);
            }
            tokio::time::sleep(PROBE_INTERVAL).await;
        }
    }
}

/// Only called with the start lock held and the daemon lock free, so whatever sits
/// at the socket path belongs to no live daemon.
fn remove_stale_socket(socket: &Path) -> Result<(), StartError> {
    match std::fs::remove_file(socket) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(StartError::StaleSocket(e)),
    }
}

/// `<executable> daemon serve --workspace <path>` in its own session (so it outlives
/// the starter and its terminal), stdio to `daemon.log`, cwd `/`.
fn spawn_daemon(target: &Target) -> Result<Child, StartError> {
    let log = open_log(&target.runtime.log).map_err(StartError::Spawn)?;
    let stderr = log.try_clone().map_err(StartError::Spawn)?;
    let mut command = Command::new(&target.executable);
    command
        .arg("daemon")
        .arg("serve")
        .arg("--workspace")
        .arg(&target.workspace)
        .current_dir("/")
        .stdin(Stdio::null())
        .stdout(Stdio::from(log))
        .stderr(Stdio::from(stderr));
    // SAFETY: setsid is async-signal-safe and touches no memory of the parent.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() == -1 {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command.spawn().map_err(StartError::Spawn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_objects_have_stable_codes_and_no_details() {
        let err = StartError::Spawn(io::Error::other("/secret/path"));
        let json = err.to_json();
        assert_eq!(json["error"]["code"], "start_failed");
        assert!(!json.to_string().contains("/secret"));
        assert_eq!(
            StartError::VersionMismatch.to_json(),
            serde_json::json!({"error":{"code":"version_mismatch","message":StartError::VersionMismatch.message()}})
        );
        assert_eq!(StartError::from(LaunchArgError::InvalidWorkspace).code(), "invalid_workspace");
        assert_eq!(StartError::RuntimeDirUnsafe.code(), "runtime_dir_unsafe");
        assert_eq!(StartError::StartTimeout.code(), "start_timeout");
    }

    #[test]
    fn discovery_serializes_in_documented_shape() {
        let d = Discovery::new("/s", 7, "0.1.0", "in_a", "ws_b", "sr_c", true);
        assert_eq!(
            serde_json::to_string(&d).unwrap(),
            r#"{"discovery_version":1,"socket":"/s","pid":7,"version":"0.1.0","instance_id":"in_a","workspace_id":"ws_b","state_root_id":"sr_c","started":true}"#
        );
    }
}
