//! The wire v2 service: shared state behind every connection, and the generated handler
//! traits implemented over it ([`handlers`], which also runs each admitted call).
//! Connection-level admission lives in [`crate::wire`].

mod catalog;
mod file_watch;
mod handlers;
mod negotiate;
mod profiles;
mod provider_readiness;

use crate::auth::AuthService;
use crate::config::Configuration;
use crate::operations::OperationTable;
use crate::sessions::Sessions;
use crate::transport::handshake::ServerIdentity;
use crate::turns::TurnService;
use crate::wire::ConnCtx;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// State shared by all connections of one daemon instance.
pub struct Service {
    pub identity: ServerIdentity,
    pub state_root: PathBuf,
    pub sessions: Sessions,
    /// Shared with workers that settle their operation later (logins, turns).
    pub operations: Arc<OperationTable>,
    /// Auth store, login slot and startup provider definitions.
    pub auth: AuthService,
    /// Settings, the configuration worker and the turn capture.
    pub config: Configuration,
    /// Running turns, their event routing and the connection registry it uses.
    pub turns: Arc<TurnService>,
    /// `status.provider_auth_ready`, recomputed when settings or auth change.
    readiness: provider_readiness::ReadinessCache,
    connections: AtomicU64,
    next_connection: AtomicU64,
}

impl Service {
    pub fn new(identity: ServerIdentity, state_root: PathBuf) -> Self {
        let sessions = Sessions::serving(state_root.clone(), Some(identity.workspace.clone()));
        let operations: Arc<OperationTable> = Arc::default();
        let config = Configuration::new(state_root.clone(), PathBuf::from(&identity.workspace));
        let turns = Arc::new(TurnService::new(sessions.clone(), Arc::clone(&operations), config.clone()));
        let readiness = provider_readiness::ReadinessCache::new(&state_root, Path::new(&identity.workspace));
        Self {
            readiness,
            turns,
            sessions,
            auth: AuthService::new(state_root.clone()),
            config,
            identity,
            state_root,
            operations,
            connections: AtomicU64::new(0),
            next_connection: AtomicU64::new(0),
        }
    }

    /// Count a new connection and give it an opaque ID (`cn_` + random hex + sequence).
    pub fn open_connection(&self) -> (u64, String) {
        self.connections.fetch_add(1, Ordering::Relaxed);
        let seq = self.next_connection.fetch_add(1, Ordering::Relaxed);
        (seq, format!("cn_{}{seq:x}", crate::transport::instance_id::random_hex(8)))
    }

    /// Make the connection reachable for events of the sessions it controls.
    pub fn register_connection(&self, cx: &ConnCtx) {
        self.turns.conns.register(cx.seq, &cx.outbound);
    }

    /// Forget a connection: its grants are revoked; accepted work goes on.
    pub async fn close_connection(&self, seq: u64) {
        self.connections.fetch_sub(1, Ordering::Relaxed);
        self.turns.conns.remove(seq);
        self.sessions.disconnect(seq).await;
        // "disconnect cleans up the connection's login"
        self.auth.disconnect(seq);
    }

    pub fn connected_clients(&self) -> u64 {
        self.connections.load(Ordering::Relaxed)
    }
}
