//! The one way the daemon takes a `std::sync::Mutex`, and the one way an async handler runs
//! blocking file I/O ([`blocking`]).
//!
//! Every mutex in the daemon guards state that is changed in single steps which cannot panic
//! halfway (a map insert, a counter, a plain field), so a poisoned lock (a panic elsewhere while
//! it was held) still guards consistent data. Going on serves every other connection and turn;
//! propagating the poison would turn one panicked task into a daemon that fails every request.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks `m`, recovering the guard of a poisoned lock (see the module documentation).
pub fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `work` (settings, catalog cache or auth store reads and writes with `std::fs`) on
/// tokio's blocking pool, so a slow disk never stalls the reader task or worker thread of every
/// other connection. A panic in `work` becomes `panicked`'s value instead of unwinding into the
/// handler.
pub async fn blocking<T: Send + 'static>(panicked: T, work: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(work).await.unwrap_or(panicked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poisoned_lock_still_yields_its_data() {
        let m = std::sync::Arc::new(Mutex::new(1));
        let held = m.clone();
        let _ = std::thread::spawn(move || {
            let _guard = held.lock().unwrap();
            panic!("poison the lock");
        })
        .join();
        assert!(m.is_poisoned());
        *lock(&m) += 1;
        assert_eq!(*lock(&m), 2);
    }

    #[tokio::test]
    async fn blocking_work_runs_off_the_async_thread_and_a_panic_gives_the_fallback() {
        let caller = std::thread::current().id();
        let ran_on = blocking(None, || Some(std::thread::current().id())).await;
        assert!(ran_on.is_some_and(|t| t != caller), "the work ran on a blocking-pool thread");
        assert_eq!(blocking(7, || panic!("work failed")).await, 7);
    }
}
