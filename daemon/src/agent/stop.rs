//! How an agent run stops early, and the cancel flag it watches: what the runtimes, the
//! call owner ([`super::calls`]) and the turn share.

use agentwire_protocol::ErrorCode;
use tokio::sync::watch;

/// How an agent run stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Cancelled,
    Failed(ErrorCode),
}

/// Resolves once cancellation is requested (never, if the flag's sender is gone).
pub async fn cancelled(mut cancel: watch::Receiver<bool>) {
    if cancel.wait_for(|c| *c).await.is_err() {
        std::future::pending::<()>().await;
    }
}
