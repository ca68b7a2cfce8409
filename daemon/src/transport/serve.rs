//! `daemon serve`: own the workspace's runtime folder, listen on the private socket,
//! admit same-user peers that pass the identity handshake, and hand them to the
//! protocol's [`ConnectionHandler`].

use std::future::Future;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::net::{UnixListener, UnixStream};
use tokio::sync::Semaphore;

use crate::transport::accepted::{AcceptedConnection, ConnectionHandler};
use crate::transport::framing::{RecordReader, RecordWriter};
use crate::transport::handshake::{refuse_handshake, serve_handshake, ServerHandshakeError, ServerIdentity};
use crate::transport::instance_id::new_instance_id;
use crate::transport::instance_lock::{FileLock, LockError};
use crate::transport::paths::{state_root_id, workspace_id, RuntimePaths};
use crate::transport::peer::ensure_same_user;

/// A starter probes the daemon lock (take and release) while holding the start lock;
/// tolerating a brief hold keeps that probe from failing a daemon it just spawned.
const LOCK_GRACE: Duration = Duration::from_millis(500);

/// How long one record may take to write before a stalled reader is disconnected.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Backoff after an accept error such as EMFILE, so the loop does not spin.
const ACCEPT_ERROR_BACKOFF: Duration = Duration::from_millis(100);

/// Transport bounds: the spec's advertised limits, plus this daemon's write deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServeLimits {
    pub max_record_bytes: usize,
    pub framing_timeout: Duration,
    pub handshake_timeout: Duration,
    pub write_timeout: Duration,
    pub max_connections: usize,
}

impl Default for ServeLimits {
    fn default() -> Self {
        use agentwire_protocol::limits;
        ServeLimits {
            max_record_bytes: limits::MAX_RECORD_BYTES as usize,
            framing_timeout: Duration::from_millis(limits::FRAMING_TIMEOUT_MS),
            handshake_timeout: Duration::from_millis(limits::HANDSHAKE_TIMEOUT_MS),
            // A controller that stops reading is disconnected after this; not a spec limit.
            write_timeout: WRITE_TIMEOUT,
            max_connections: limits::MAX_CONNECTIONS as usize,
        }
    }
}

#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// Canonical, UTF-8 workspace path.
    pub workspace: PathBuf,
    /// Canonical state root.
    pub state_root: PathBuf,
    /// Runtime folder, already created and verified private.
    pub runtime: RuntimePaths,
    pub version: String,
    pub limits: ServeLimits,
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("another daemon already serves this workspace and state root")]
    AlreadyRunning,
    #[error("daemon lock failed: {0}")]
    Lock(#[source] LockError),
    #[error("workspace path is not valid UTF-8")]
    NonUtf8Workspace,
    #[error("stale socket could not be removed: {0}")]
    RemoveStaleSocket(#[source] io::Error),
    #[error("socket could not be bound: {0}")]
    Bind(#[source] io::Error),
}

/// A bound daemon: holds `daemon.lock` and the listening socket until dropped.
#[derive(Debug)]
pub struct Daemon {
    listener: UnixListener,
    identity: Arc<ServerIdentity>,
    socket: PathBuf,
    limits: ServeLimits,
    lock: FileLock,
}

/// A daemon that stopped accepting: its socket is gone, but it still holds `daemon.lock`
/// (so no second daemon starts for the workspace) until this is dropped, after the turns it
/// accepted have settled.
#[must_use = "dropping it releases the daemon lock"]
#[derive(Debug)]
pub struct Stopped {
    _lock: FileLock,
}

/// How long a stopping daemon lets accepted turns run to their terminal before it asks them
/// to stop ("accepted turns settle first").
pub const DRAIN_PATIENCE: Duration = Duration::from_secs(30);

/// Waits until `active` reports no turn, at most `patience`; then cancels the rest with
/// `cancel_all` and waits `grace` more for their cancelled terminals. Returns how many turns
/// were still running at the end (0 on a clean drain).
pub async fn drain(active: impl Fn() -> usize, cancel_all: impl Fn(), patience: Duration, grace: Duration) -> usize {
    const POLL: Duration = Duration::from_millis(20);
    let settled = |limit: Duration| {
        let active = &active;
        async move {
            let deadline = tokio::time::Instant::now() + limit;
            while active() > 0 && tokio::time::Instant::now() < deadline {
                tokio::time::sleep(POLL).await;
            }
            active()
        }
    };
    if settled(patience).await == 0 {
        return 0;
    }
    tracing::warn!(running = active(), "turns still running after the shutdown patience; cancelling them");
    cancel_all();
    settled(grace).await
}

impl Daemon {
    /// Takes `daemon.lock`, replaces any stale socket and binds a fresh one (`0600`).
    /// Holding the lock proves no other daemon owns the socket path, so removing
    /// whatever is there is safe.
    pub async fn bind(config: &ServeConfig) -> Result<Daemon, ServeError> {
        let workspace = config.workspace.to_str().ok_or(ServeError::NonUtf8Workspace)?;
        let lock = match FileLock::exclusive_within(&config.runtime.lock, LOCK_GRACE).await {
            Ok(lock) => lock,
            Err(LockError::Timeout) => return Err(ServeError::AlreadyRunning),
            Err(e) => return Err(ServeError::Lock(e)),
        };
        remove_socket_file(&config.runtime.socket).map_err(ServeError::RemoveStaleSocket)?;
        let listener = UnixListener::bind(&config.runtime.socket).map_err(ServeError::Bind)?;
        // The folder is 0700, so the umask-default mode was never reachable by others;
        // tightening the socket too keeps it private if the folder is ever loosened.
        std::fs::set_permissions(&config.runtime.socket, std::fs::Permissions::from_mode(0o600))
            .map_err(ServeError::Bind)?;
        let identity = ServerIdentity {
            version: config.version.clone(),
            pid: std::process::id(),
            instance_id: new_instance_id(),
            workspace_id: workspace_id(&config.workspace),
            state_root_id: state_root_id(&config.state_root),
            workspace: workspace.to_string(),
        };
        Ok(Daemon {
            listener,
            identity: Arc::new(identity),
            socket: config.runtime.socket.clone(),
            limits: config.limits,
            lock,
        })
    }

    pub fn identity(&self) -> &ServerIdentity {
        &self.identity
    }

    pub fn socket(&self) -> &Path {
        &self.socket
    }

    /// Accepts connections until `shutdown` completes, then removes the socket file. Open
    /// connections go on (a turn's events still reach its controller) until the caller drops
    /// them with the runtime, after draining; the returned [`Stopped`] keeps the lock until then.
    pub async fn run<S>(self, handler: Arc<dyn ConnectionHandler>, shutdown: S) -> Stopped
    where
        S: Future<Output = ()>,
    {
        tokio::pin!(shutdown);
        let slots = Arc::new(Semaphore::new(self.limits.max_connections));
        // Connections being told `connection_limit`: as many again at most, so a flood of
        // connections costs bounded tasks and descriptors (beyond that they close unanswered).
        let refusals = Arc::new(Semaphore::new(self.limits.max_connections));
        let seq = AtomicU64::new(0);
        tracing::info!(pid = self.identity.pid, instance_id = %self.identity.instance_id, "daemon listening");
        loop {
            tokio::select! {
                () = &mut shutdown => break,
                accepted = self.listener.accept() => match accepted {
                    Ok((stream, _addr)) => {
                        let conn_seq = seq.fetch_add(1, Ordering::Relaxed);
                        self.admit(stream, conn_seq, &slots, &refusals, &handler);
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "accept failed");
                        tokio::time::sleep(ACCEPT_ERROR_BACKOFF).await;
                    }
                },
            }
        }
        tracing::info!("daemon shutting down");
        if let Err(e) = remove_socket_file(&self.socket) {
            tracing::warn!(error = %e, "socket could not be removed");
        }
        Stopped { _lock: self.lock }
    }

    fn admit(
        &self,
        stream: UnixStream,
        conn_seq: u64,
        slots: &Arc<Semaphore>,
        refusals: &Arc<Semaphore>,
        handler: &Arc<dyn ConnectionHandler>,
    ) {
        let Ok(permit) = Arc::clone(slots).try_acquire_owned() else {
            self.refuse(stream, conn_seq, refusals);
            return;
        };
        let identity = Arc::clone(&self.identity);
        let handler = Arc::clone(handler);
        let limits = self.limits;
        tokio::spawn(async move {
            if let Some(connection) = open_connection(stream, conn_seq, &identity, limits).await {
                handler.handle(connection).await;
            }
            drop(permit);
        });
    }

    /// At `max_connections`: the peer is told `connection_limit` (when it is our user and a
    /// refusal slot is free), then the connection closes.
    fn refuse(&self, stream: UnixStream, conn_seq: u64, refusals: &Arc<Semaphore>) {
        tracing::warn!(conn = conn_seq, "connection limit reached; refusing");
        let Ok(permit) = Arc::clone(refusals).try_acquire_owned() else {
            return;
        };
        let limits = self.limits;
        tokio::spawn(async move {
            if let Err(e) = ensure_same_user(&stream) {
                tracing::warn!(conn = conn_seq, error = %e, "peer refused");
                return;
            }
            let (read, write) = stream.into_split();
            let mut reader = RecordReader::new(read, limits.max_record_bytes, limits.framing_timeout);
            let mut writer = RecordWriter::new(write, limits.max_record_bytes, limits.write_timeout);
            if let Err(e) = refuse_handshake(&mut reader, &mut writer, limits.handshake_timeout).await {
                tracing::info!(conn = conn_seq, error = %e, "connection-limit refusal not delivered");
            }
            drop(permit);
        });
    }
}

/// Peer check and identity handshake; `None` when the connection must be dropped.
async fn open_connection(
    stream: UnixStream,
    conn_seq: u64,
    identity: &ServerIdentity,
    limits: ServeLimits,
) -> Option<AcceptedConnection> {
    if let Err(e) = ensure_same_user(&stream) {
        tracing::warn!(conn = conn_seq, error = %e, "peer refused");
        return None;
    }
    let (read, write) = stream.into_split();
    let mut reader = RecordReader::new(read, limits.max_record_bytes, limits.framing_timeout);
    let mut writer = RecordWriter::new(write, limits.max_record_bytes, limits.write_timeout);
    match serve_handshake(&mut reader, &mut writer, identity, limits.handshake_timeout).await {
        Ok(()) => {
            tracing::debug!(conn = conn_seq, "handshake accepted");
            Some(AcceptedConnection { connection_seq: conn_seq, reader, writer })
        }
        Err(ServerHandshakeError::Rejected(code)) => {
            tracing::info!(conn = conn_seq, code = code.as_str(), "handshake rejected");
            None
        }
        Err(e) => {
            tracing::info!(conn = conn_seq, error = %e, "handshake failed");
            None
        }
    }
}

fn remove_socket_file(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Registers SIGTERM and SIGINT handlers now, so a signal arriving during startup is
/// not lost, and returns a future that resolves on the first of them.
pub fn termination_signal() -> io::Result<impl Future<Output = ()>> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = term.recv() => {}
            _ = int.recv() => {}
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::accepted::DrainHandler;
    use crate::transport::handshake::messages::{HandshakeRequest, RejectCode};
    use crate::transport::paths::{prepare_runtime_paths, RuntimeDirInputs};
    use agentwire_client::{identify, HandshakeError};

    struct Fixture {
        _tmp: tempfile::TempDir,
        config: ServeConfig,
    }

    fn fixture() -> Fixture {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        let workspace = root.join("ws");
        std::fs::create_dir(&workspace).unwrap();
        let inputs = RuntimeDirInputs::from_env(&root);
        let runtime = prepare_runtime_paths(&inputs, &workspace_id(&workspace)).unwrap();
        let config = ServeConfig {
            workspace,
            state_root: root,
            runtime,
            version: "1.0.0-test".into(),
            limits: ServeLimits::default(),
        };
        Fixture { _tmp: tmp, config }
    }

    fn request(config: &ServeConfig, version: &str) -> HandshakeRequest {
        HandshakeRequest::new(version, config.workspace.to_str().unwrap())
    }

    const TIMEOUT: Duration = Duration::from_secs(5);
    const MAX_RECORD: usize = agentwire_protocol::limits::MAX_RECORD_BYTES as usize;

    #[tokio::test]
    async fn accepts_matching_clients_and_rejects_others() {
        let f = fixture();
        let daemon = Daemon::bind(&f.config).await.unwrap();
        let identity = daemon.identity().clone();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(daemon.run(Arc::new(DrainHandler), async {
            let _ = stopped.await;
        }));

        let socket = &f.config.runtime.socket;
        let ok = identify(socket, &request(&f.config, "1.0.0-test"), TIMEOUT, MAX_RECORD).await.unwrap();
        assert_eq!(ok.instance_id, identity.instance_id);
        assert_eq!(ok.pid, std::process::id());
        assert_eq!(ok.workspace_id, workspace_id(&f.config.workspace));

        let err = identify(socket, &request(&f.config, "2.0.0"), TIMEOUT, MAX_RECORD).await.unwrap_err();
        assert!(matches!(err, HandshakeError::Rejected(RejectCode::VersionMismatch)));

        let mut other = request(&f.config, "1.0.0-test");
        other.workspace = "/elsewhere".into();
        let err = identify(socket, &other, TIMEOUT, MAX_RECORD).await.unwrap_err();
        assert!(matches!(err, HandshakeError::Rejected(RejectCode::WorkspaceMismatch)));

        stop.send(()).unwrap();
        drop(server.await.unwrap());
        assert!(!f.config.runtime.socket.exists());
    }

    #[tokio::test]
    async fn drain_waits_for_turns_to_settle_and_cancels_only_after_its_patience() {
        use std::sync::atomic::AtomicUsize;
        // Two turns that settle by themselves within the patience: nothing is cancelled.
        let running = Arc::new(AtomicUsize::new(2));
        let settler = Arc::clone(&running);
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(100)).await;
            settler.store(0, Ordering::SeqCst);
        });
        let cancelled = AtomicUsize::new(0);
        let left = drain(
            || running.load(Ordering::SeqCst),
            || {
                cancelled.fetch_add(1, Ordering::SeqCst);
            },
            Duration::from_secs(5),
            Duration::from_secs(1),
        )
        .await;
        assert_eq!((left, cancelled.load(Ordering::SeqCst)), (0, 0));
        // A turn that outlives the patience is cancelled, then settles as cancelled.
        let running = Arc::new(AtomicUsize::new(1));
        let on_cancel = Arc::clone(&running);
        let left = drain(
            || running.load(Ordering::SeqCst),
            move || on_cancel.store(0, Ordering::SeqCst),
            Duration::from_millis(50),
            Duration::from_secs(1),
        )
        .await;
        assert_eq!(left, 0);
    }

    #[tokio::test]
    async fn the_lock_is_held_until_the_stopped_daemon_is_dropped() {
        let f = fixture();
        let daemon = Daemon::bind(&f.config).await.unwrap();
        let stopped = daemon.run(Arc::new(DrainHandler), async {}).await;
        assert!(!f.config.runtime.socket.exists());
        assert!(matches!(Daemon::bind(&f.config).await, Err(ServeError::AlreadyRunning)));
        drop(stopped);
        Daemon::bind(&f.config).await.unwrap();
    }

    #[tokio::test]
    async fn second_daemon_for_the_same_runtime_dir_is_refused() {
        let f = fixture();
        let first = Daemon::bind(&f.config).await.unwrap();
        assert!(matches!(Daemon::bind(&f.config).await, Err(ServeError::AlreadyRunning)));
        drop(first);
        Daemon::bind(&f.config).await.unwrap();
    }

    #[tokio::test]
    async fn stale_socket_file_is_replaced_and_socket_is_private() {
        let f = fixture();
        drop(std::os::unix::net::UnixListener::bind(&f.config.runtime.socket).unwrap());
        let daemon = Daemon::bind(&f.config).await.unwrap();
        let mode = std::fs::metadata(daemon.socket()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
