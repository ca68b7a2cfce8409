//! The agent loop a turn runs: the model/tool loop ([`tool_loop`]) that continues until the
//! model stops, one model request's helpers ([`model`]), the read-only workspace [`tools`],
//! `task` subagents ([`subagent`]), context [`compaction`] and MCP tools ([`mcp`]) from the
//! daemon-wide [`pool`]; [`activity`] builds the allowlisted activity and [`describe`]
//! titles every call. Output goes through [`sink::TurnSink`], which the turn implements
//! (assistant text, activity, transcript records); this module depends on nothing of the turn.
//! A tool call's life, from its start to its end, is [`calls`]'s for both runtimes (this tool
//! loop and the [`acp`] bridge), and so are the text and thinking segments and the cancel
//! grace. Cancellation is cooperative through a watch flag.
//!
//! Imports go one way: `tool_loop` → `subagent`, `compaction` → `model` → this module's
//! types; `tool_loop`, `subagent` and `acp` → `calls` → `activity`, `sink`.

pub mod acp;
pub mod activity;
pub mod calls;
pub mod compaction;
pub mod describe;
pub mod mcp;
pub mod model;
pub mod pool;
pub mod sink;
pub mod stop;
pub mod subagent;
pub mod tool_loop;
pub mod tools;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::watch;

use crate::providers::{Provider, ToolCall, Usage};
use activity::Ids;
use calls::Calls;
use sink::{Origin, TurnSink};
pub use stop::{cancelled, Stop};

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
    /// The turn's output: text, activity and transcript records.
    pub sink: Arc<dyn TurnSink>,
    /// The turn's tool calls, from start to end.
    pub calls: Arc<Calls>,
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
        sink: Arc<dyn TurnSink>,
        calls: Arc<Calls>,
        ids: Ids,
        cancel: watch::Receiver<bool>,
        mcp: Arc<mcp::Mcp>,
    ) -> RunCtx {
        RunCtx {
            provider,
            workspace,
            sink,
            calls,
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

/// Which agent this is.
#[derive(Debug, Clone)]
pub enum Role {
    Main,
    Child { origin: Origin, task_activity: String, agent: String },
}

/// What an agent produced.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub text: String,
    pub usage: Usage,
}

/// A tool call with its session call ID (the transcript's `callId`; the provider's own ID
/// stays in [`ToolCall::id`] for the model).
#[derive(Debug, Clone)]
pub struct SessionCall {
    pub id: String,
    pub call: ToolCall,
}
