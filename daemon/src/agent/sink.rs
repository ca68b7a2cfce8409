//! What an agent's output goes to: the one seam between the agent loop and the turn that runs
//! it. The loop streams the main agent's text, offers activity, and tells the journal each
//! transcript record the moment it is complete; the turn (`crate::turns`) implements it over
//! its emitter and journal. The agent loop knows nothing else of the turn, so `turns` depends
//! on `agent` and never the other way round.

use agentwire_protocol::{Activity, PermissionOption};
use serde_json::Value;

use crate::approvals::DecidedBy;
use crate::providers::BoxFuture;

/// Who produced a record: the main agent, or a subagent under a `task` call.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// The session call ID of the spawning `task` call.
    pub parent_id: Option<String>,
    pub agent_id: Option<String>,
}

/// How a tool call is shown: the tool's own name, an inline-markdown title and description,
/// and the label of the subagent it spawns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CallView {
    pub tool_name: String,
    pub title: String,
    pub description: String,
    pub agent_title: Option<String>,
}

/// Accepting the delta would make the terminal's text exceed what one record can carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("assistant output exceeds the terminal text bound")]
pub struct OutputLimit;

/// The turn as its agents see it. Records are journaled in the order these calls are made.
pub trait TurnSink: Send + Sync {
    /// One assistant text delta of the main agent; waits for room in the turn's event queue
    /// (text is never dropped) and is refused when the terminal could not carry it.
    fn delta<'a>(&'a self, text: &'a str) -> BoxFuture<'a, Result<(), OutputLimit>>;

    /// One activity update, offered without waiting (a full queue drops it).
    fn activity(&self, activity: Activity);

    /// The main agent's text streamed since its last segment becomes a record.
    fn main_text_segment(&self);

    /// A subagent's text segment.
    fn child_text(&self, origin: &Origin, text: &str);

    /// Reasoning a provider supplied, as a thinking record (never replayed).
    fn thinking(&self, origin: &Origin, text: &str);

    /// The session call ID (unique in the session) of a provider's tool call ID.
    fn call_id(&self, provider_id: &str) -> String;

    fn tool_start(&self, origin: &Origin, call_id: &str, view: &CallView, args: &Value);

    fn tool_end(&self, origin: &Origin, call_id: &str, error: Option<&str>);

    /// The agent asked permission for a call (between its `tool-call-start` and
    /// `tool-call-end`), offering `options`.
    fn permission_request(&self, call_id: &str, view: &CallView, args: &Value, options: Vec<PermissionOption>);

    /// The answer to a permission request, recorded with role `user`: the configured
    /// policy's (`decided_by` `None`), or that of a request asked of the person, saying who
    /// decided it.
    fn permission_response(&self, call_id: &str, option_id: &str, decided_by: Option<DecidedBy>);

    /// A `service` note of this turn (an agent's plan, a reset context, a fault).
    fn service_note(&self, text: &str);

    /// A compaction summary that replaces the history before this turn's prompt.
    fn compaction_summary(&self, summary: &str);

    /// The turn cannot continue without a compaction it could not do.
    fn compaction_required(&self);
}
