//! Connection registry: process-local connection sequence → its outbound path, so turn events
//! can be routed to whichever connection controls the session now. Holds weak references: a
//! registered connection's writer still ends when the connection does.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use crate::wire::Outbound;

#[derive(Debug, Default)]
pub struct ConnRegistry {
    conns: Mutex<HashMap<u64, Weak<Outbound>>>,
}

impl ConnRegistry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Weak<Outbound>>> {
        crate::sync::lock(&self.conns)
    }

    pub fn register(&self, seq: u64, out: &Arc<Outbound>) {
        self.lock().insert(seq, Arc::downgrade(out));
    }

    pub fn remove(&self, seq: u64) {
        self.lock().remove(&seq);
    }

    /// The connection's outbound path, while it is connected.
    pub fn get(&self, seq: u64) -> Option<Weak<Outbound>> {
        let conns = self.lock();
        conns.get(&seq).filter(|w| w.strong_count() > 0).cloned()
    }
}
