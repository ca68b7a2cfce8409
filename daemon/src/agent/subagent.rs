//! `task` subagents: each call runs a child agent loop with the read-only tools (no further
//! subagents). One step's task calls form a batch that runs concurrently. Activity: a
//! `subagent_batch` lifecycle, a `subagent_task` lifecycle per call linked to the batch, the
//! child's tool states linked to its task, and the child's whole-run usage as
//! `subagent_aggregate`. The transcript gets the `task` call and the child's records with
//! `parentId` (the task call) and `agentId` (the child).

use agentwire_protocol::{ActivityStatus, LifecycleCategory, UsageSource};
use futures_util::future::join_all;

use super::activity::{self, hashed_id};
use super::calls::{CallState, End, NewCall, Shown};
use super::describe;
use super::sink::Origin;
use super::tools::bound;
use super::{Report, Role, RunCtx, SessionCall, Stop};
use crate::providers::{BoxFuture, ChatMessage};

/// Runs a subagent's own agent loop from its first messages; the agent loop passes it in, so
/// this module does not depend on the loop that calls it.
pub type RunChild<'a> = dyn Fn(Role, Vec<ChatMessage>) -> BoxFuture<'a, Result<Report, Stop>> + Send + Sync + 'a;

/// Runs one batch of `task` calls (`batch` numbers it within the turn); results are in call
/// order.
pub async fn run_batch<'a>(
    ctx: &'a RunCtx,
    batch: u64,
    calls: Vec<SessionCall>,
    child: &RunChild<'a>,
) -> Result<Vec<ChatMessage>, Stop> {
    let batch = ctx.ids.batch(batch);
    ctx.sink.activity(activity::lifecycle_start(batch.clone(), None, LifecycleCategory::SubagentBatch));
    let results = join_all(calls.iter().map(|c| run_task(ctx, &batch, c, child))).await;
    let cancelled = results.iter().any(|r| matches!(r, Err(Stop::Cancelled)));
    let status = if cancelled { ActivityStatus::Cancelled } else { ActivityStatus::Completed };
    ctx.sink.activity(activity::lifecycle_finish(batch, status));
    results.into_iter().collect()
}

async fn run_task<'a>(
    ctx: &'a RunCtx,
    batch: &str,
    c: &SessionCall,
    child: &RunChild<'a>,
) -> Result<ChatMessage, Stop> {
    let call = &c.call;
    let task = ctx.ids.task(&c.id);
    let view = describe::task(&call.arguments);
    let new = NewCall {
        origin: Origin::default(),
        id: c.id.clone(),
        view: &view,
        args: &call.arguments,
        shown: Shown::Task,
        parent: Some(batch.to_owned()),
    };
    // Session call IDs are unique in the turn: neither the start nor the end can be refused.
    let _ = ctx.calls.start(new, CallState::Running);
    let Some(prompt) = call.arguments.get("prompt").and_then(|p| p.as_str()).filter(|p| !p.trim().is_empty()) else {
        let _ = ctx.calls.end(&c.id, End::Failed("task needs a prompt"), None);
        return Ok(ChatMessage::ToolResult {
            call_id: call.id.clone(),
            content: "error: task needs a prompt".into(),
            is_error: true,
        });
    };
    // The session call ID is unique in the session, so this subagent instance's ID is too.
    let agent = hashed_id("agent", &[&c.id]);
    let origin = Origin { parent_id: Some(c.id.clone()), agent_id: Some(agent.clone()) };
    let role = Role::Child { origin, task_activity: task.clone(), agent: agent.clone() };
    let outcome = child(role, vec![ChatMessage::User(prompt.to_owned())]).await;
    match outcome {
        Ok(report) => {
            let n = ctx.current_request();
            let u = activity::usage(
                ctx.ids.usage(&agent),
                Some(task.clone()),
                report.usage,
                n,
                true,
                UsageSource::SubagentAggregate,
            );
            ctx.sink.activity(u);
            let _ = ctx.calls.end(&c.id, End::Completed, None);
            Ok(ChatMessage::ToolResult { call_id: call.id.clone(), content: bound(report.text), is_error: false })
        }
        Err(Stop::Cancelled) => {
            let _ = ctx.calls.end(&c.id, End::Cancelled("cancelled"), None);
            Err(Stop::Cancelled)
        }
        Err(Stop::Failed(_)) => {
            let _ = ctx.calls.end(&c.id, End::Failed("subagent failed"), None);
            Ok(ChatMessage::ToolResult {
                call_id: call.id.clone(),
                content: "error: subagent failed".into(),
                is_error: true,
            })
        }
    }
}
