//! The writer's "connection closed" signal to the reader. The reader polls it beside every
//! record read, so it is a flag and one registered waker: no lock, no waiter list.

use futures_util::task::AtomicWaker;
use std::future::poll_fn;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::Poll;

#[derive(Debug, Default)]
pub struct CloseSignal {
    closed: AtomicBool,
    waker: AtomicWaker,
}

impl CloseSignal {
    pub fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.waker.wake();
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }

    /// Resolves once [`close`](Self::close) was called, before or after this is first polled.
    pub async fn closed(&self) {
        poll_fn(|cx| {
            // Registering before the check means a close in between still wakes us.
            self.waker.register(cx.waker());
            if self.closed.load(Ordering::Acquire) {
                Poll::Ready(())
            } else {
                Poll::Pending
            }
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[tokio::test]
    async fn a_close_before_waiting_is_seen() {
        let s = CloseSignal::default();
        s.close();
        s.closed().await;
    }

    #[tokio::test]
    async fn a_close_while_waiting_wakes_the_waiter() {
        let s = Arc::new(CloseSignal::default());
        let waiter = tokio::spawn({
            let s = Arc::clone(&s);
            async move { s.closed().await }
        });
        tokio::task::yield_now().await;
        s.close();
        tokio::time::timeout(std::time::Duration::from_secs(5), waiter).await.expect("woken").expect("joined");
    }
}
