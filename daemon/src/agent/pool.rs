//! The daemon-wide pools of running processes (stdio MCP servers, ACP agents), keyed by their
//! whole configuration (name, command, args, env, and for agents the permission policy).
//! Real servers and agents (node, python) take seconds to start, so turns share them instead
//! of starting their own:
//!
//! - [`Pool::acquire`] hands a turn the configured processes: a live pooled one with an
//!   identical configuration is reused; a missing, changed or dead one is started (a failure
//!   skips it); pooled ones no longer configured are let go.
//! - A process nobody acquired for [`IDLE_TIMEOUT`] is let go by a reaper task.
//! - [`Pool::shutdown`] stops every pooled process when the daemon exits.
//!
//! Letting a process go drops the pool's handle; the last handle's drop (the pool's, or that
//! of a turn still using it) stops the process. A turn's cancellation only drops its own
//! handle and requests, so it never stops a shared process.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::Mutex;
use tokio::time::Instant;

use super::mcp::{Server, ServerConfig};

/// A server no turn acquired for this long is stopped: long enough that a person's pauses
/// between prompts do not pay the start again, short enough that a daemon left open does not
/// keep node/python processes (and their memory) around all day.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(10 * 60);

/// What a pool keeps: [`Server`] and [`crate::agent::acp::process::AgentProcess`] in the
/// daemon, a fake in the tests.
pub trait Pooled: Send + Sync + Sized + 'static {
    /// The whole configuration: the pool's key, so any change restarts the process.
    type Config: Clone + Eq + std::hash::Hash + Send + Sync + 'static;
    type StartError: std::fmt::Display + Send;
    fn start(config: &Self::Config) -> impl Future<Output = Result<Self, Self::StartError>> + Send;
    fn alive(&self) -> impl Future<Output = bool> + Send;
    fn stop(self) -> impl Future<Output = ()> + Send;
}

impl Pooled for Server {
    type Config = ServerConfig;
    type StartError = super::mcp::StartError;
    fn start(config: &ServerConfig) -> impl Future<Output = Result<Self, Self::StartError>> + Send {
        Server::start(config)
    }
    fn alive(&self) -> impl Future<Output = bool> + Send {
        Server::alive(self)
    }
    fn stop(self) -> impl Future<Output = ()> + Send {
        Server::stop(self)
    }
}

struct Entry<S> {
    server: Arc<S>,
    /// The last time a turn acquired or (seen by the reaper) held the server.
    used: Instant,
}

struct Inner<S: Pooled> {
    /// One lock across starts: concurrent turns want the same servers, and the second must
    /// wait for the first's start rather than start a duplicate.
    entries: Mutex<HashMap<S::Config, Entry<S>>>,
    idle_timeout: Duration,
    reaper_started: AtomicBool,
}

pub struct Pool<S: Pooled> {
    inner: Arc<Inner<S>>,
}

/// The stdio MCP servers of the daemon.
pub type McpPool = Pool<Server>;

impl<S: Pooled> Default for Pool<S> {
    fn default() -> Self {
        Pool::with_idle_timeout(IDLE_TIMEOUT)
    }
}

impl<S: Pooled> Pool<S> {
    pub fn with_idle_timeout(idle_timeout: Duration) -> Self {
        let inner = Inner { entries: Mutex::default(), idle_timeout, reaper_started: AtomicBool::new(false) };
        Pool { inner: Arc::new(inner) }
    }

    /// The servers of `wanted` that are running or could be started, in configuration order.
    pub async fn acquire(&self, wanted: &[S::Config]) -> Vec<Arc<S>> {
        let mut entries = self.inner.entries.lock().await;
        // Changed servers are here too: their old configuration is no longer wanted.
        entries.retain(|config, _| wanted.contains(config));
        let mut out = Vec::with_capacity(wanted.len());
        for config in wanted {
            if let Some(server) = reuse(&mut entries, config).await {
                out.push(server);
                continue;
            }
            match S::start(config).await {
                Ok(server) => {
                    let server = Arc::new(server);
                    entries.insert(config.clone(), Entry { server: Arc::clone(&server), used: Instant::now() });
                    // Under the entries lock, like the reaper's exit: a running reaper sees this.
                    self.ensure_reaper();
                    out.push(server);
                }
                Err(e) => tracing::warn!(error = %e, "pooled process could not start; skipped"),
            }
        }
        out
    }

    /// The one process of `wanted` (every other pooled one is let go), or why it could not
    /// start.
    pub async fn acquire_one(&self, wanted: &S::Config) -> Result<Arc<S>, S::StartError> {
        let mut entries = self.inner.entries.lock().await;
        entries.retain(|config, _| config == wanted);
        if let Some(process) = reuse(&mut entries, wanted).await {
            return Ok(process);
        }
        let process = Arc::new(S::start(wanted).await?);
        entries.insert(wanted.clone(), Entry { server: Arc::clone(&process), used: Instant::now() });
        self.ensure_reaper();
        Ok(process)
    }

    /// Stops every pooled server (daemon shutdown). A server a turn still holds is stopped by
    /// that turn's drop, or killed with the runtime.
    pub async fn shutdown(&self) {
        let drained: Vec<Entry<S>> = self.inner.entries.lock().await.drain().map(|(_, e)| e).collect();
        for entry in drained {
            if let Ok(server) = Arc::try_unwrap(entry.server) {
                server.stop().await;
            }
        }
    }

    /// Runs only while servers are pooled, so a daemon without MCP has no timer waking it.
    /// The reaper holds only a weak handle, so dropping the pool ends it too.
    fn ensure_reaper(&self) {
        if self.inner.reaper_started.swap(true, Ordering::AcqRel) {
            return;
        }
        let weak = Arc::downgrade(&self.inner);
        let period = self.inner.idle_timeout / 10;
        tokio::spawn(reap(weak, period));
    }
}

/// The pooled server for `config` if it is still alive; a dead one leaves the pool.
async fn reuse<S: Pooled>(entries: &mut HashMap<S::Config, Entry<S>>, config: &S::Config) -> Option<Arc<S>> {
    let entry = entries.get_mut(config)?;
    if entry.server.alive().await {
        entry.used = Instant::now();
        return Some(Arc::clone(&entry.server));
    }
    tracing::info!("pooled process is gone; restarting it");
    entries.remove(config);
    None
}

async fn reap<S: Pooled>(pool: Weak<Inner<S>>, period: Duration) {
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let Some(inner) = pool.upgrade() else { return };
        let now = Instant::now();
        let mut entries = inner.entries.lock().await;
        entries.retain(|_, entry| {
            // A turn holding the server is using it, however long ago it acquired it.
            if Arc::strong_count(&entry.server) > 1 {
                entry.used = now;
            }
            now.duration_since(entry.used) < inner.idle_timeout
        });
        if entries.is_empty() {
            inner.reaper_started.store(false, Ordering::Release);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::mcp::StartError;
    use std::sync::atomic::AtomicUsize;

    static STARTS: AtomicUsize = AtomicUsize::new(0);

    /// A fake server: `command = "fail"` cannot start; `alive` can be switched off.
    struct Fake {
        id: usize,
        alive: AtomicBool,
        stopped: Arc<AtomicBool>,
    }

    impl Pooled for Fake {
        type Config = ServerConfig;
        type StartError = StartError;
        async fn start(config: &ServerConfig) -> Result<Self, StartError> {
            if config.command == "fail" {
                return Err(StartError::Timeout);
            }
            let id = STARTS.fetch_add(1, Ordering::SeqCst);
            Ok(Fake { id, alive: AtomicBool::new(true), stopped: Arc::default() })
        }
        async fn alive(&self) -> bool {
            self.alive.load(Ordering::SeqCst)
        }
        async fn stop(self) {
            self.stopped.store(true, Ordering::SeqCst);
        }
    }

    fn config(name: &str, args: &[&str], env: &[(&str, &str)]) -> ServerConfig {
        ServerConfig {
            name: name.into(),
            command: if name == "broken" { "fail".into() } else { format!("/bin/{name}") },
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            env: env.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
        }
    }

    fn ids(servers: &[Arc<Fake>]) -> Vec<usize> {
        servers.iter().map(|s| s.id).collect()
    }

    #[tokio::test]
    async fn an_identical_configuration_reuses_the_running_server() {
        let pool = Pool::<Fake>::default();
        let wanted = [config("a", &["-x"], &[("K", "v")]), config("b", &[], &[])];
        let first = pool.acquire(&wanted).await;
        let second = pool.acquire(&wanted).await;
        assert_eq!(ids(&first), ids(&second));
        assert!(Arc::ptr_eq(&first[0], &second[0]) && Arc::ptr_eq(&first[1], &second[1]));
    }

    #[tokio::test]
    async fn changed_args_or_env_start_a_new_server_and_let_the_old_one_go() {
        let pool = Pool::<Fake>::default();
        let old = pool.acquire(&[config("a", &["-x"], &[])]).await;
        let args = pool.acquire(&[config("a", &["-y"], &[])]).await;
        assert_ne!(ids(&old), ids(&args));
        let env = pool.acquire(&[config("a", &["-y"], &[("K", "v")])]).await;
        assert_ne!(ids(&args), ids(&env));
        // Only the turns' handles are left: the pool no longer holds the old servers.
        assert_eq!((Arc::strong_count(&old[0]), Arc::strong_count(&args[0])), (1, 1));
        assert_eq!(Arc::strong_count(&env[0]), 2);
    }

    #[tokio::test]
    async fn unconfigured_servers_leave_the_pool() {
        let pool = Pool::<Fake>::default();
        let both = pool.acquire(&[config("a", &[], &[]), config("b", &[], &[])]).await;
        let only_b = pool.acquire(&[config("b", &[], &[])]).await;
        assert_eq!(ids(&only_b), ids(&both[1..]));
        assert_eq!(Arc::strong_count(&both[0]), 1, "a is no longer pooled");
    }

    #[tokio::test]
    async fn a_dead_server_is_restarted_not_reused() {
        let pool = Pool::<Fake>::default();
        let wanted = [config("a", &[], &[])];
        let first = pool.acquire(&wanted).await;
        first[0].alive.store(false, Ordering::SeqCst);
        let second = pool.acquire(&wanted).await;
        assert_ne!(ids(&first), ids(&second));
        assert!(second[0].alive().await);
    }

    #[tokio::test]
    async fn a_server_that_cannot_start_is_skipped() {
        let pool = Pool::<Fake>::default();
        let got = pool.acquire(&[config("broken", &[], &[]), config("a", &[], &[])]).await;
        assert_eq!(got.len(), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn idle_servers_are_let_go_but_held_ones_stay() {
        let pool = Pool::<Fake>::with_idle_timeout(Duration::from_secs(100));
        let held = pool.acquire(&[config("held", &[], &[])]).await;
        let held_id = held[0].id;
        let idle = pool.acquire(&[config("held", &[], &[]), config("idle", &[], &[])]).await;
        // Weak: a strong handle would count as a turn using the server.
        let idle_server = Arc::downgrade(&idle[1]);
        drop(idle);
        tokio::time::sleep(Duration::from_secs(50)).await;
        assert!(idle_server.upgrade().is_some(), "not idle for long enough yet");
        tokio::time::sleep(Duration::from_secs(100)).await;
        assert!(idle_server.upgrade().is_none(), "the idle server left the pool");
        assert_eq!(Arc::strong_count(&held[0]), 2, "a server a turn holds stays pooled");
        // Released now: it goes once idle for the whole timeout, counted from its last use.
        drop(held);
        let again = pool.acquire(&[config("held", &[], &[])]).await;
        assert_eq!(again[0].id, held_id, "released a moment ago, so not idle yet");
    }

    #[tokio::test(start_paused = true)]
    async fn the_reaper_ends_with_an_empty_pool_and_returns_with_the_next_server() {
        let pool = Pool::<Fake>::with_idle_timeout(Duration::from_secs(100));
        for name in ["a", "b"] {
            let server = Arc::downgrade(&pool.acquire(&[config(name, &[], &[])]).await[0]);
            tokio::time::sleep(Duration::from_secs(150)).await;
            assert!(server.upgrade().is_none(), "{name} was reaped");
            assert!(!pool.inner.reaper_started.load(Ordering::Acquire), "no reaper for an empty pool");
        }
    }

    #[tokio::test]
    async fn shutdown_stops_every_pooled_server() {
        let pool = Pool::<Fake>::default();
        let got = pool.acquire(&[config("a", &[], &[])]).await;
        let stopped = Arc::clone(&got[0].stopped);
        drop(got);
        pool.shutdown().await;
        assert!(stopped.load(Ordering::SeqCst));
    }
}
