//! The wire v2 service: shared state behind every connection, and the generated handler
//! traits implemented over it. Connection-level admission lives in [`crate::wire`].

mod advertise;
mod context;
mod handlers;
mod negotiate;
mod provider_readiness;
mod run;

pub use advertise::{advertised_capabilities, IMPLEMENTED};
pub use context::{ConnCtx, Outbound};

use crate::handshake::ServerIdentity;
use crate::operations::OperationTable;
use crate::sessions::Sessions;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// State shared by all connections of one daemon instance.
pub struct Service {
    pub identity: ServerIdentity,
    pub state_root: PathBuf,
    pub sessions: Sessions,
    pub operations: OperationTable,
    connections: AtomicU64,
    next_connection: AtomicU64,
}

impl Service {
    pub fn new(identity: ServerIdentity, state_root: PathBuf) -> Self {
        Self {
            sessions: Sessions::new(state_root.clone()),
            identity,
            state_root,
            operations: OperationTable::default(),
            connections: AtomicU64::new(0),
            next_connection: AtomicU64::new(0),
        }
    }

    /// Count a new connection and give it an opaque ID (`cn_` + random hex + sequence).
    pub fn open_connection(&self) -> (u64, String) {
        self.connections.fetch_add(1, Ordering::Relaxed);
        let seq = self.next_connection.fetch_add(1, Ordering::Relaxed);
        (seq, format!("cn_{}{seq:x}", crate::instance_id::random_hex(8)))
    }

    /// Forget a connection: its grants are revoked; accepted work goes on.
    pub async fn close_connection(&self, seq: u64) {
        self.connections.fetch_sub(1, Ordering::Relaxed);
        self.sessions.disconnect(seq).await;
    }

    pub fn connected_clients(&self) -> u64 {
        self.connections.load(Ordering::Relaxed)
    }
}
