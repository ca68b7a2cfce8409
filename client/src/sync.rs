//! The client's one way to take a mutex.

use std::sync::{Mutex, MutexGuard};

/// Every mutex of the client guards state changed in single steps that cannot panic halfway,
/// so a poisoned lock still guards consistent data.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
