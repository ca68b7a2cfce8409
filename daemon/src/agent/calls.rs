//! A tool call's life, for both runtimes (the daemon's own tool loop and the ACP bridge): the
//! one place that pairs a call's activity with its records in the session stream.
//!
//! - [`Calls::start`]: the call's activity, then its `tool-call-start`;
//! - the states between ([`CallState`]): queued, running, waiting for permission; a
//!   transition reports the call's activity and records nothing in the stream, and an illegal
//!   one is refused ([`CallError`]), never a panic;
//! - [`Calls::end`]: the activity of how it ended, then its `tool-call-end` with its error;
//! - [`Calls::settle`]: when the turn settles, every call still open ends, in the order the
//!   calls started (failed, or cancelled when the turn was cancelled or the call refused);
//! - [`Segments`]: the text and thinking of one agent not yet journaled, ended before a call
//!   starts and when a model step (or the turn) ends;
//! - [`within_cancel_grace`]: how long a cancelled runtime may take to stop by itself.
//!
//! Invariant: every call started gets its end, by the end of the turn at the latest.

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agentwire_protocol::{limits, Activity, ActivityStatus, LifecycleCategory};
use serde_json::Value;
use tokio::sync::watch;

use super::activity::{self, Ids};
use super::sink::{CallView, Origin, TurnSink};
use super::stop::{cancelled, Stop};

/// How long a cancelled turn's runtime may take to stop by itself before the turn stops
/// waiting for it: the daemon's cancel grace.
pub const CANCEL_GRACE: Duration = Duration::from_millis(limits::CANCEL_GRACE_MS);

/// Where an open call is between its start and its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallState {
    /// Announced, not running yet.
    Queued,
    Running,
    /// The agent asked permission to run it and waits for the answer.
    WaitingForPermission,
}

impl CallState {
    /// Activity has no status for a call waiting for permission: it shows as queued (it is
    /// not running).
    fn status(self) -> ActivityStatus {
        match self {
            CallState::Queued | CallState::WaitingForPermission => ActivityStatus::Queued,
            CallState::Running => ActivityStatus::Running,
        }
    }

    /// A call that ran does not go back to waiting its turn; every other move is legal, a
    /// repeated state included (agents repeat their announcements, and each is reported).
    fn may_become(self, next: CallState) -> bool {
        !(self == CallState::Running && next == CallState::Queued)
    }
}

/// How a call shows in activity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// A tool state naming the tool (by name only when it is a built-in).
    Tool { name: String },
    /// A tool state of an MCP server's tool (hashed identities only).
    Mcp { server: String, tool: String },
    /// A `task` call: a `subagent_task` lifecycle, under its batch.
    Task,
}

/// A call about to start.
pub struct NewCall<'a> {
    /// Who made the call (the main agent, or a subagent).
    pub origin: Origin,
    /// The session call ID ([`TurnSink::call_id`]).
    pub id: String,
    pub view: &'a CallView,
    pub args: &'a Value,
    pub shown: Shown,
    /// The activity this call's activity is linked to (a subagent's task, a task's batch).
    pub parent: Option<String>,
}

/// How a call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End<'a> {
    Completed,
    /// It failed; the text is the end's `error`.
    Failed(&'a str),
    /// It was stopped before it finished; the text is the end's `error`.
    Cancelled(&'a str),
}

/// A call's life refused a step.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    #[error("a call with this ID is already open")]
    AlreadyOpen,
    #[error("no open call has this ID")]
    NotOpen,
    #[error("an open call cannot go from {from:?} to {to:?}")]
    Illegal { from: CallState, to: CallState },
}

/// One open call.
struct Open {
    origin: Origin,
    id: String,
    shown: Shown,
    parent: Option<String>,
    state: CallState,
    /// Why the call was refused: the `error` of its end, whatever else it reports.
    refused: Option<String>,
}

/// The open calls of one turn, in the order they started.
pub struct Calls {
    sink: Arc<dyn TurnSink>,
    ids: Ids,
    open: Mutex<Vec<Open>>,
}

impl Calls {
    pub fn new(sink: Arc<dyn TurnSink>, ids: Ids) -> Calls {
        Calls { sink, ids, open: Mutex::new(Vec::new()) }
    }

    /// The call's activity in `status`. A task's lifecycle starts once (running, linked to
    /// its batch); its later states are updates by ID.
    fn activity(&self, call: &Open, status: ActivityStatus, timed_out: Option<bool>, starting: bool) -> Activity {
        match &call.shown {
            Shown::Tool { name } => {
                activity::tool(self.ids.tool_call(&call.id), call.parent.clone(), name, status, timed_out)
            }
            Shown::Mcp { server, tool } => {
                activity::tool_mcp(self.ids.tool_call(&call.id), call.parent.clone(), server, tool, status, timed_out)
            }
            Shown::Task if starting => {
                activity::lifecycle_start(self.ids.task(&call.id), call.parent.clone(), LifecycleCategory::SubagentTask)
            }
            Shown::Task => activity::lifecycle_finish(self.ids.task(&call.id), status),
        }
    }

    /// Starts a call in `state`: its activity, then its `tool-call-start`. The pair is made
    /// under the calls' lock, so concurrent subagents never interleave a pair.
    pub fn start(&self, new: NewCall<'_>, state: CallState) -> Result<(), CallError> {
        let mut open = crate::sync::lock(&self.open);
        if open.iter().any(|c| c.id == new.id) {
            return Err(CallError::AlreadyOpen);
        }
        let NewCall { origin, id, view, args, shown, parent } = new;
        let call = Open { origin, id, shown, parent, state, refused: None };
        self.sink.activity(self.activity(&call, state.status(), None, true));
        self.sink.tool_start(&call.origin, &call.id, view, args);
        open.push(call);
        Ok(())
    }

    /// Moves an open call to `state` and reports it in activity.
    pub fn set_state(&self, id: &str, state: CallState) -> Result<(), CallError> {
        let mut open = crate::sync::lock(&self.open);
        let call = open.iter_mut().find(|c| c.id == id).ok_or(CallError::NotOpen)?;
        if !call.state.may_become(state) {
            return Err(CallError::Illegal { from: call.state, to: state });
        }
        call.state = state;
        self.sink.activity(self.activity(call, state.status(), None, false));
        Ok(())
    }

    /// The call now waits for a person's (or the policy's) answer to its permission request.
    pub fn wait_for_permission(&self, id: &str) -> Result<(), CallError> {
        self.set_state(id, CallState::WaitingForPermission)
    }

    /// The call was refused (by the permission policy): its end carries `why` as its error,
    /// and if it is still open when the turn settles it ends cancelled (it never ran).
    pub fn refuse(&self, id: &str, why: String) -> Result<(), CallError> {
        let mut open = crate::sync::lock(&self.open);
        let call = open.iter_mut().find(|c| c.id == id).ok_or(CallError::NotOpen)?;
        call.refused = Some(why);
        Ok(())
    }

    /// The state of an open call.
    pub fn state(&self, id: &str) -> Option<CallState> {
        crate::sync::lock(&self.open).iter().find(|c| c.id == id).map(|c| c.state)
    }

    /// Ends an open call: the activity of how it ended (with `timed_out` when the runtime
    /// knows it), then its `tool-call-end` with its error (a refusal's, if it was refused).
    pub fn end(&self, id: &str, end: End<'_>, timed_out: Option<bool>) -> Result<(), CallError> {
        let mut open = crate::sync::lock(&self.open);
        let at = open.iter().position(|c| c.id == id).ok_or(CallError::NotOpen)?;
        let call = open.remove(at);
        let (status, error) = match end {
            End::Completed => (ActivityStatus::Completed, None),
            End::Failed(e) => (ActivityStatus::Failed, Some(e)),
            End::Cancelled(e) => (ActivityStatus::Cancelled, Some(e)),
        };
        self.close(&call, status, call.refused.as_deref().or(error), timed_out);
        Ok(())
    }

    fn close(&self, call: &Open, status: ActivityStatus, error: Option<&str>, timed_out: Option<bool>) {
        self.sink.activity(self.activity(call, status, timed_out, false));
        self.sink.tool_end(&call.origin, &call.id, error);
    }

    /// The turn settles (`stop` is why its runtime stopped, `None` when it finished): every
    /// call still open ends, in the order the calls started, so no call shows as running
    /// forever. Unfinished is not done: each end carries an error and the activity agrees
    /// (cancelled when the turn was, or when the call was refused and so never ran).
    pub fn settle(&self, stop: Option<Stop>) {
        let (reason, status) = match stop {
            None => ("The agent ended the turn without finishing this call.", ActivityStatus::Failed),
            Some(Stop::Cancelled) => {
                ("The turn was cancelled before the agent finished this call.", ActivityStatus::Cancelled)
            }
            Some(Stop::Failed(_)) => ("The turn failed before the agent finished this call.", ActivityStatus::Failed),
        };
        let open = std::mem::take(&mut *crate::sync::lock(&self.open));
        for call in &open {
            let status = if call.refused.is_some() { ActivityStatus::Cancelled } else { status };
            self.close(call, status, Some(call.refused.as_deref().unwrap_or(reason)), None);
        }
    }
}

/// The text and thinking of one agent not yet journaled: each becomes a record when the other
/// kind follows it, and both end before a call starts and when a model step or the turn ends.
pub struct Segments<'s> {
    sink: &'s dyn TurnSink,
    origin: Origin,
    main: bool,
    thinking: String,
    /// Bytes of a subagent's step text already journaled (the main agent's text is tracked by
    /// the journal against the text the emitter accepted).
    child_journaled: usize,
}

impl<'s> Segments<'s> {
    /// The main agent's segments.
    pub fn main(sink: &'s dyn TurnSink) -> Segments<'s> {
        Segments { sink, origin: Origin::default(), main: true, thinking: String::new(), child_journaled: 0 }
    }

    /// A subagent's segments of one model step.
    pub fn child(sink: &'s dyn TurnSink, origin: Origin) -> Segments<'s> {
        Segments { sink, origin, main: false, thinking: String::new(), child_journaled: 0 }
    }

    /// Thinking the agent streamed: the text before it is a segment of its own (order is
    /// kept). `step_text` is a subagent's text of this step so far (unused for the main
    /// agent).
    pub fn think(&mut self, text: &str, step_text: &str) {
        self.end_text(step_text);
        self.thinking.push_str(text);
    }

    /// Text (or a tool call) follows: the thinking before it becomes a record.
    pub fn end_thinking(&mut self) {
        if !self.thinking.is_empty() {
            self.sink.thinking(&self.origin, &std::mem::take(&mut self.thinking));
        }
    }

    fn end_text(&mut self, step_text: &str) {
        if self.main {
            self.sink.main_text_segment();
        } else if let Some(segment) = step_text.get(self.child_journaled..).filter(|s| !s.is_empty()) {
            self.sink.child_text(&self.origin, segment);
            self.child_journaled = step_text.len();
        }
    }

    /// A call starts, or the step or turn ends: thinking, then text, become records.
    pub fn end(&mut self, step_text: &str) {
        self.end_thinking();
        self.end_text(step_text);
    }
}

/// Runs a turn's runtime. Once `cancel` is set, `on_cancel` runs (the ACP bridge sends
/// `session/cancel`; the tool loop watches the flag itself) and the runtime has the cancel
/// grace to stop by itself; `None` when it did not (it is dropped). A runtime that finished
/// before the cancel was seen keeps its answer.
pub async fn within_cancel_grace<F: Future>(
    cancel: watch::Receiver<bool>,
    run: F,
    on_cancel: impl FnOnce(),
) -> Option<F::Output> {
    tokio::pin!(run);
    tokio::select! {
        biased;
        out = &mut run => return Some(out),
        () = cancelled(cancel) => {}
    }
    on_cancel();
    tokio::time::timeout(CANCEL_GRACE, run).await.ok()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::agent::sink::OutputLimit;
    use crate::providers::BoxFuture;
    use agentwire_protocol::{ErrorCode, PermissionOption};
    use serde_json::json;

    /// Records what reaches the turn, one line per call, activity by kind and status (the
    /// ACP mapper's tests use it too).
    #[derive(Default)]
    pub(crate) struct Fake(Mutex<Vec<String>>);

    impl Fake {
        fn push(&self, line: String) {
            crate::sync::lock(&self.0).push(line);
        }
        pub(crate) fn take(&self) -> Vec<String> {
            std::mem::take(&mut *crate::sync::lock(&self.0))
        }
    }

    impl TurnSink for Fake {
        fn delta<'a>(&'a self, text: &'a str) -> BoxFuture<'a, Result<(), OutputLimit>> {
            self.push(format!("delta {text}"));
            Box::pin(async { Ok(()) })
        }
        fn activity(&self, activity: Activity) {
            let v = serde_json::to_value(&activity).unwrap();
            let what = v.get("category").or(v.get("kind")).and_then(Value::as_str).unwrap_or("?").to_owned();
            self.push(format!("activity {what} {}", v["status"].as_str().unwrap_or("?")));
        }
        fn main_text_segment(&self) {
            self.push("text".into());
        }
        fn child_text(&self, origin: &Origin, text: &str) {
            self.push(format!("child-text {} {text}", origin.agent_id.as_deref().unwrap_or("")));
        }
        fn thinking(&self, _: &Origin, text: &str) {
            self.push(format!("thinking {text}"));
        }
        fn call_id(&self, provider_id: &str) -> String {
            format!("t/{provider_id}")
        }
        fn tool_start(&self, _: &Origin, call_id: &str, view: &CallView, _: &Value) {
            self.push(format!("tool-call-start {call_id} {}", view.tool_name));
        }
        fn tool_end(&self, _: &Origin, call_id: &str, error: Option<&str>) {
            self.push(format!("tool-call-end {call_id} {}", error.unwrap_or("-")));
        }
        fn permission_request(&self, call_id: &str, _: &CallView, _: &Value, _: Vec<PermissionOption>) {
            self.push(format!("permission-request {call_id}"));
        }
        fn permission_response(&self, call_id: &str, option_id: &str, _: Option<crate::approvals::DecidedBy>) {
            self.push(format!("permission-response {call_id} {option_id}"));
        }
        fn service_note(&self, text: &str) {
            self.push(format!("service {text}"));
        }
        fn compaction_summary(&self, _: &str) {}
        fn compaction_required(&self) {}
    }

    fn calls() -> (Arc<Fake>, Calls) {
        let fake = Arc::new(Fake::default());
        let calls = Calls::new(fake.clone(), Ids::new("t"));
        (fake, calls)
    }

    fn view(name: &str) -> CallView {
        CallView { tool_name: name.into(), title: "t".into(), description: "d".into(), agent_title: None }
    }

    fn start(calls: &Calls, id: &str, shown: Shown, state: CallState) -> Result<(), CallError> {
        let args = json!({});
        let view = view("read_file");
        let new = NewCall { origin: Origin::default(), id: id.into(), view: &view, args: &args, shown, parent: None };
        calls.start(new, state)
    }

    fn tool() -> Shown {
        Shown::Tool { name: "read_file".into() }
    }

    #[test]
    fn a_call_is_its_activity_then_its_start_and_its_activity_then_its_end_with_the_error() {
        let (fake, calls) = calls();
        start(&calls, "t/a", tool(), CallState::Running).unwrap();
        start(&calls, "t/b", tool(), CallState::Queued).unwrap();
        calls.set_state("t/b", CallState::Running).unwrap();
        calls.end("t/a", End::Completed, Some(false)).unwrap();
        calls.end("t/b", End::Failed("no such file"), None).unwrap();
        assert_eq!(
            fake.take(),
            [
                "activity tool running",
                "tool-call-start t/a read_file",
                "activity tool queued",
                "tool-call-start t/b read_file",
                "activity tool running",
                "activity tool completed",
                "tool-call-end t/a -",
                "activity tool failed",
                "tool-call-end t/b no such file",
            ]
        );
        calls.settle(None);
        assert!(fake.take().is_empty(), "nothing left open");
    }

    #[test]
    fn every_call_started_gets_its_end_when_the_turn_settles_in_the_order_they_started() {
        // "every tool-call-start gets its tool-call-end by the end of the turn"
        for (stop, status, reason) in [
            (Some(Stop::Cancelled), "cancelled", "The turn was cancelled before the agent finished this call."),
            (
                Some(Stop::Failed(ErrorCode::AgentFailed)),
                "failed",
                "The turn failed before the agent finished this call.",
            ),
            (None, "failed", "The agent ended the turn without finishing this call."),
        ] {
            let (fake, calls) = calls();
            for id in ["t/3", "t/1", "t/2"] {
                start(&calls, id, tool(), CallState::Running).unwrap();
            }
            calls.end("t/1", End::Completed, None).unwrap();
            fake.take();
            calls.settle(stop);
            assert_eq!(
                fake.take(),
                [
                    format!("activity tool {status}"),
                    format!("tool-call-end t/3 {reason}"),
                    format!("activity tool {status}"),
                    format!("tool-call-end t/2 {reason}"),
                ]
            );
            assert_eq!(calls.end("t/3", End::Completed, None), Err(CallError::NotOpen), "ended once");
        }
    }

    #[test]
    fn a_refused_call_ends_with_its_refusal_and_settles_cancelled() {
        let (fake, calls) = calls();
        start(&calls, "t/a", tool(), CallState::WaitingForPermission).unwrap();
        start(&calls, "t/b", tool(), CallState::WaitingForPermission).unwrap();
        calls.refuse("t/a", "Rejected by the policy.".into()).unwrap();
        calls.refuse("t/b", "Rejected by the policy.".into()).unwrap();
        fake.take();
        // The agent reports it completed (it did not run): the end still names the refusal.
        calls.end("t/a", End::Completed, None).unwrap();
        calls.settle(None);
        assert_eq!(
            fake.take(),
            [
                "activity tool completed",
                "tool-call-end t/a Rejected by the policy.",
                "activity tool cancelled",
                "tool-call-end t/b Rejected by the policy.",
            ]
        );
    }

    #[test]
    fn waiting_for_permission_sits_between_start_and_running_or_end_and_illegal_moves_are_refused() {
        let (fake, calls) = calls();
        start(&calls, "t/a", tool(), CallState::Queued).unwrap();
        calls.wait_for_permission("t/a").unwrap();
        assert_eq!(calls.state("t/a"), Some(CallState::WaitingForPermission));
        calls.set_state("t/a", CallState::Running).unwrap();
        // A call that ran does not go back to waiting its turn.
        assert_eq!(
            calls.set_state("t/a", CallState::Queued),
            Err(CallError::Illegal { from: CallState::Running, to: CallState::Queued })
        );
        assert_eq!(calls.state("t/a"), Some(CallState::Running), "a refused move changes nothing");
        calls.wait_for_permission("t/a").unwrap();
        calls.end("t/a", End::Cancelled("cancelled"), None).unwrap();
        // Nothing moves a call that is not open, and a call starts once.
        assert_eq!(calls.set_state("t/a", CallState::Running), Err(CallError::NotOpen));
        assert_eq!(calls.wait_for_permission("t/x"), Err(CallError::NotOpen));
        assert_eq!(calls.refuse("t/x", "no".into()), Err(CallError::NotOpen));
        assert_eq!(calls.end("t/a", End::Completed, None), Err(CallError::NotOpen));
        start(&calls, "t/b", tool(), CallState::WaitingForPermission).unwrap();
        assert_eq!(start(&calls, "t/b", tool(), CallState::Running), Err(CallError::AlreadyOpen));
        calls.end("t/b", End::Completed, None).unwrap();
        assert_eq!(
            fake.take(),
            [
                "activity tool queued",
                "tool-call-start t/a read_file",
                "activity tool queued",
                "activity tool running",
                "activity tool queued",
                "activity tool cancelled",
                "tool-call-end t/a cancelled",
                "activity tool queued",
                "tool-call-start t/b read_file",
                "activity tool completed",
                "tool-call-end t/b -",
            ],
            "a refused move records nothing"
        );
    }

    #[test]
    fn a_task_call_is_a_subagent_task_lifecycle_and_mcp_calls_hash_their_tool() {
        let (fake, calls) = calls();
        start(&calls, "t/task", Shown::Task, CallState::Running).unwrap();
        start(&calls, "t/m", Shown::Mcp { server: "srv".into(), tool: "secret".into() }, CallState::Running).unwrap();
        calls.end("t/task", End::Completed, None).unwrap();
        calls.end("t/m", End::Completed, None).unwrap();
        assert_eq!(
            fake.take(),
            [
                "activity subagent_task running",
                "tool-call-start t/task read_file",
                "activity tool running",
                "tool-call-start t/m read_file",
                "activity activity completed",
                "tool-call-end t/task -",
                "activity tool completed",
                "tool-call-end t/m -",
            ]
        );
    }

    #[test]
    fn segments_end_thinking_before_text_and_both_before_a_call() {
        let fake = Fake::default();
        let mut main = Segments::main(&fake);
        main.think("hmm", "");
        main.end_thinking();
        main.think("more", "");
        main.end("");
        main.end("");
        let child_origin = Origin { parent_id: Some("t/task".into()), agent_id: Some("agent_1".into()) };
        let mut child = Segments::child(&fake, child_origin);
        child.think("plan", "");
        child.end_thinking();
        child.think("again", "Looking.");
        child.end("Looking. Found it.");
        child.end("Looking. Found it.");
        assert_eq!(
            fake.take(),
            [
                "text",
                "thinking hmm",
                "text",
                "thinking more",
                "text",
                "text",
                "thinking plan",
                "child-text agent_1 Looking.",
                "thinking again",
                "child-text agent_1  Found it.",
            ]
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_cancelled_runtime_gets_the_cancel_grace_then_is_dropped() {
        // "the cancel grace period": a runtime that stops within it keeps its answer.
        let (tx, rx) = watch::channel(false);
        let mut cancels = 0;
        let started = tokio::time::Instant::now();
        let slow = async {
            let _ = rx.clone().wait_for(|c| *c).await;
            tokio::time::sleep(CANCEL_GRACE / 2).await;
            "stopped"
        };
        tx.send_replace(true);
        assert_eq!(within_cancel_grace(rx.clone(), slow, || cancels += 1).await, Some("stopped"));
        assert_eq!(cancels, 1);
        // One that does not is dropped at the grace, not before.
        let started_again = tokio::time::Instant::now();
        let stuck = std::future::pending::<()>();
        assert_eq!(within_cancel_grace(rx.clone(), stuck, || cancels += 1).await, None);
        assert_eq!(started_again.elapsed(), CANCEL_GRACE);
        assert_eq!(cancels, 2);
        // A runtime that finished before any cancel keeps its answer and is not cancelled.
        let (_tx, quiet) = watch::channel(false);
        assert_eq!(within_cancel_grace(quiet, async { 7 }, || cancels += 1).await, Some(7));
        assert_eq!(cancels, 2);
        assert!(started.elapsed() >= CANCEL_GRACE + CANCEL_GRACE / 2);
    }
}
