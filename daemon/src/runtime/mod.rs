//! The agent runtime a turn runs on: the model/tool loop ([`agent`]) that continues until the
//! model stops, the read-only workspace [`tools`], `task` subagents ([`subagent`]), context
//! [`compaction`] and MCP tools ([`mcp`]) from the daemon-wide [`mcp_pool`]. Output goes to
//! the turn's emitter (assistant text, activity) and journal (transcript records);
//! cancellation is cooperative through a watch flag, and the turn bounds it with the cancel
//! grace period.

pub mod agent;
pub mod compaction;
pub mod describe;
pub mod mcp;
pub mod mcp_pool;
pub mod subagent;
pub mod tools;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use agentwire_protocol::ErrorCode;
use tokio::sync::watch;

use crate::providers::Provider;
use crate::turns::activity::Ids;
use crate::turns::emitter::Emitter;
use crate::turns::journal::Journal;

/// Model/tool rounds one agent may take in a turn; a model that never stops is a failure,
/// not an endless turn.
pub const MAX_STEPS: usize = 48;

pub const SYSTEM_PROMPT: &str = "You are a coding assistant working in the user's workspace. \
You can read files, list folders and search text with the provided read-only tools; paths are relative to the workspace root. \
You cannot write files or run commands. Use the task tool for self-contained research subtasks. Answer concisely.";

pub const SUBAGENT_PROMPT: &str = "You are a research subagent working in the user's workspace with read-only tools. \
Complete the task you are given and reply with a concise report.";

/// Everything one turn's agents share.
pub struct RunCtx {
    pub provider: Arc<dyn Provider>,
    pub workspace: tools::Workspace,
    pub emitter: Arc<Emitter>,
    pub journal: Arc<Journal>,
    pub ids: Ids,
    pub cancel: watch::Receiver<bool>,
    /// The pooled MCP servers this turn acquired (none when nothing is configured).
    pub mcp: Arc<mcp::Mcp>,
    /// Runtime request counter across the turn's agents (`request_sequence`).
    requests: AtomicU64,
    /// Whether compaction rewrote the context (replay must be refreshed).
    compacted: std::sync::atomic::AtomicBool,
    compactions: AtomicU64,
}

impl RunCtx {
    pub fn new(
        provider: Arc<dyn Provider>,
        workspace: tools::Workspace,
        emitter: Arc<Emitter>,
        journal: Arc<Journal>,
        ids: Ids,
        cancel: watch::Receiver<bool>,
        mcp: Arc<mcp::Mcp>,
    ) -> RunCtx {
        RunCtx {
            provider,
            workspace,
            emitter,
            journal,
            ids,
            cancel,
            mcp,
            requests: AtomicU64::new(0),
            compacted: false.into(),
            compactions: AtomicU64::new(0),
        }
    }

    pub fn next_request(&self) -> u64 {
        self.requests.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// The latest request number, without starting a new request.
    pub fn current_request(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    pub fn compacted(&self) -> bool {
        self.compacted.load(Ordering::Relaxed)
    }

    fn cancelled(&self) -> bool {
        *self.cancel.borrow()
    }
}

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
