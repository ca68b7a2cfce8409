//! Connection registry: process-local connection sequence → its announced ID and writer
//! queue, so turn events can be routed to whichever connection controls the session now.
//! Holds weak senders: a registered connection's writer still ends when the connection does.

use std::collections::HashMap;
use std::sync::Mutex;

use tokio::sync::mpsc;

use crate::service::Outbound;

#[derive(Debug, Default)]
pub struct ConnRegistry {
    conns: Mutex<HashMap<u64, (String, mpsc::WeakSender<Outbound>)>>,
}

impl ConnRegistry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, (String, mpsc::WeakSender<Outbound>)>> {
        crate::sync::lock(&self.conns)
    }

    pub fn register(&self, seq: u64, connection_id: &str, out: &mpsc::Sender<Outbound>) {
        self.lock().insert(seq, (connection_id.to_owned(), out.downgrade()));
    }

    pub fn remove(&self, seq: u64) {
        self.lock().remove(&seq);
    }

    /// The connection's ID and a live sender, while it is connected.
    pub fn get(&self, seq: u64) -> Option<(String, mpsc::Sender<Outbound>)> {
        let conns = self.lock();
        let (id, weak) = conns.get(&seq)?;
        Some((id.clone(), weak.upgrade()?))
    }
}
