//! The model/tool loop of one agent (the turn's main agent or a `task` subagent): request,
//! stream, run the requested tools, feed results back, until the model stops.
//!
//! The main agent's text goes to the emitter as assistant deltas; a subagent's text is its
//! report (a tool result for the parent), journaled with its parent links, never assistant
//! text. Activity from a subagent carries the task's activity as parent.

use agentwire_protocol::{ActivityStatus, ErrorCode, UsageSource};
use tokio::sync::mpsc;

use super::mcp;
use super::tools::{self, TASK};
use super::{cancelled, compaction, describe, subagent, RunCtx, Stop, MAX_STEPS, SUBAGENT_PROMPT, SYSTEM_PROMPT};
use crate::providers::{ChatMessage, EchoBlock, ModelRequest, Purpose, StopReason, StreamEvent, ToolCall, Usage};
use crate::turns::activity;
use crate::turns::journal::Origin;

const MAX_OUTPUT_TOKENS: u32 = 8192;

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

/// One streamed model response.
#[derive(Debug, Default)]
struct StepOut {
    text: String,
    calls: Vec<ToolCall>,
    usage: Option<Usage>,
    /// The response's blocks (raw reasoning included) the provider wants back with this
    /// response's message; never projected.
    echo: Vec<EchoBlock>,
}

pub struct Agent<'a> {
    pub ctx: &'a RunCtx,
    pub role: Role,
}

fn add(total: &mut Usage, u: Usage) {
    total.input += u.input;
    total.output += u.output;
    total.cache_read = match (total.cache_read, u.cache_read) {
        (Some(a), Some(b)) => Some(a + b),
        (a, b) => a.or(b),
    };
}

/// Rough token estimate of a request (4 bytes a token): the `fallback_estimate` source.
pub fn estimate_tokens(system: &str, messages: &[ChatMessage]) -> u64 {
    let bytes: usize = messages
        .iter()
        .map(|m| match m {
            ChatMessage::User(t) => t.len(),
            ChatMessage::Assistant { text, tool_calls, echo } => assistant_bytes(text, tool_calls, echo),
            ChatMessage::ToolResult { content, .. } => content.len(),
        })
        .sum();
    (bytes + system.len()) as u64 / 4
}

/// What an assistant message sends: its recorded blocks when it has them (they hold its text
/// and tool calls too), otherwise its text and tool calls.
fn assistant_bytes(text: &str, tool_calls: &[ToolCall], echo: &[EchoBlock]) -> usize {
    if echo.is_empty() {
        text.len() + tool_calls.iter().map(ToolCall::context_bytes).sum::<usize>()
    } else {
        echo.iter().map(EchoBlock::context_bytes).sum()
    }
}

impl Agent<'_> {
    fn main(&self) -> bool {
        matches!(self.role, Role::Main)
    }

    fn parent(&self) -> Option<String> {
        match &self.role {
            Role::Main => None,
            Role::Child { task_activity, .. } => Some(task_activity.clone()),
        }
    }

    fn origin(&self) -> Origin {
        match &self.role {
            Role::Main => Origin::default(),
            Role::Child { origin, .. } => origin.clone(),
        }
    }

    fn agent_name(&self) -> &str {
        match &self.role {
            Role::Main => "main",
            Role::Child { agent, .. } => agent,
        }
    }

    /// Runs until the model answers without tool calls.
    pub async fn run(&self, messages: &mut Vec<ChatMessage>) -> Result<Report, Stop> {
        let ctx = self.ctx;
        let mut report = Report::default();
        let system = if self.main() { SYSTEM_PROMPT } else { SUBAGENT_PROMPT };
        for step in 0..MAX_STEPS {
            if ctx.cancelled() {
                return Err(Stop::Cancelled);
            }
            if self.main() {
                compaction::maybe_compact(ctx, system, messages).await?;
            }
            let request = ModelRequest {
                model: ctx.provider.model().to_owned(),
                system: system.to_owned(),
                messages: messages.clone(),
                tools: tools::specs(self.main()).into_iter().chain(ctx.mcp.specs()).collect(),
                max_output_tokens: MAX_OUTPUT_TOKENS,
                purpose: if self.main() { Purpose::Turn } else { Purpose::Subagent },
            };
            let n = ctx.next_request();
            if self.main() {
                let current = estimate_tokens(system, messages);
                ctx.emitter.activity(activity::context(
                    ctx.ids.context("main"),
                    None,
                    current,
                    ctx.provider.context_window(),
                    n,
                ));
            }
            let out = self.stream(&request, n).await?;
            if let Some(u) = out.usage {
                add(&mut report.usage, u);
                if self.main() {
                    let last = out.calls.is_empty();
                    ctx.emitter.activity(activity::usage(
                        ctx.ids.usage("main"),
                        None,
                        u,
                        n,
                        last,
                        UsageSource::ProviderRequest,
                    ));
                }
            }
            report.text.push_str(&out.text);
            messages.push(ChatMessage::Assistant { text: out.text, tool_calls: out.calls.clone(), echo: out.echo });
            if out.calls.is_empty() {
                return Ok(report);
            }
            // Session call IDs, in the order the model asked; the model keeps its own IDs.
            let calls: Vec<Call> =
                out.calls.iter().map(|c| Call { id: ctx.journal.call_id(&c.id), call: c.clone() }).collect();
            let results = self.run_tools(step as u64, &calls).await?;
            messages.extend(results);
        }
        tracing::warn!(agent = self.agent_name(), "agent exceeded its step limit");
        Err(Stop::Failed(ErrorCode::InternalError))
    }

    /// Streams one response, observing cancellation between events.
    async fn stream(&self, request: &ModelRequest, n: u64) -> Result<StepOut, Stop> {
        let ctx = self.ctx;
        let (tx, mut rx) = mpsc::channel(64);
        let provider = ctx.provider.clone();
        let call = provider.stream(request, tx);
        tokio::pin!(call);
        let cancel = cancelled(ctx.cancel.clone());
        tokio::pin!(cancel);
        let mut out = StepOut::default();
        let mut ended = None;
        let mut summaries = 0u64;
        let mut segments = Segments::default();
        loop {
            tokio::select! {
                biased;
                () = &mut cancel => return Err(Stop::Cancelled),
                ev = rx.recv() => match ev {
                    Some(StreamEvent::Text(t)) => {
                        segments.end_thinking(self);
                        if self.main() {
                            ctx.emitter.delta(&t).await.map_err(|_| Stop::Failed(ErrorCode::OutputLimitExceeded))?;
                        } else if out.text.len() < tools::MAX_RESULT_BYTES {
                            out.text.push_str(&t);
                        }
                        if self.main() {
                            out.text.push_str(&t);
                        }
                    }
                    Some(StreamEvent::Thinking(t)) => {
                        // Text before this thinking is a segment of its own: order is kept.
                        segments.end_text(self, &out.text);
                        segments.thinking.push_str(&t);
                    }
                    Some(StreamEvent::ReasoningSummary(s)) => {
                        summaries += 1;
                        let id = ctx.ids.reasoning(n * 1000 + summaries);
                        ctx.emitter.activity(activity::reasoning_summary(id, self.parent(), &s));
                    }
                    Some(StreamEvent::ToolCall(c)) => {
                        segments.end_thinking(self);
                        out.calls.push(c);
                    }
                    Some(StreamEvent::Usage(u)) => out.usage = Some(u),
                    // Kept for the continuation request only: no emitter, no journal.
                    Some(StreamEvent::Echo(blocks)) => out.echo = blocks,
                    None => break,
                },
                r = &mut call, if ended.is_none() => ended = Some(r),
            }
        }
        // The channel closes when the provider future completes (it owned the sender).
        let result = match ended {
            Some(r) => r,
            None => call.await,
        };
        // The step's last segments, before its tool calls start.
        segments.end_thinking(self);
        segments.end_text(self, &out.text);
        match result {
            Ok(StopReason::EndTurn | StopReason::ToolUse | StopReason::MaxTokens) => Ok(out),
            Err(e) => {
                tracing::warn!(provider = ctx.provider.id(), error = %e, "provider request failed");
                Err(Stop::Failed(ErrorCode::InternalError))
            }
        }
    }

    /// Runs a step's tool calls in the order the model asked; consecutive `task` calls (main
    /// agent only) run together as one batch.
    async fn run_tools(&self, step: u64, calls: &[Call]) -> Result<Vec<ChatMessage>, Stop> {
        let mut results = Vec::with_capacity(calls.len());
        let mut i = 0;
        let mut batches = 0u64;
        while i < calls.len() {
            let run = calls[i..].iter().take_while(|c| self.main() && c.call.name == TASK).count();
            if run > 0 {
                let batch = calls[i..i + run].to_vec();
                results.extend(subagent::run_batch(self.ctx, step * 1000 + batches, batch).await?);
                batches += 1;
                i += run;
            } else {
                results.push(self.run_tool(&calls[i]).await?);
                i += 1;
            }
        }
        Ok(results)
    }

    async fn run_tool(&self, c: &Call) -> Result<ChatMessage, Stop> {
        let ctx = self.ctx;
        let call = &c.call;
        if let Some(tool) = ctx.mcp.find(&call.name) {
            return self.run_mcp_tool(c, tool).await;
        }
        let origin = self.origin();
        let id = ctx.ids.tool_call(&c.id);
        ctx.emitter.activity(activity::tool(id.clone(), self.parent(), &call.name, ActivityStatus::Running, None));
        ctx.journal.tool_start(&origin, &c.id, &describe::builtin(&call.name, &call.arguments), &call.arguments);
        let workspace = ctx.workspace.clone();
        let (name, args) = (call.name.clone(), call.arguments.clone());
        let work = async move {
            if name == TASK {
                return Err("subagents cannot start subagents".to_owned());
            }
            match tokio::task::spawn_blocking(move || workspace.execute(&name, &args)).await {
                Ok(r) => r.map_err(|e| e.to_string()),
                Err(_) => Err("tool failed".to_owned()),
            }
        };
        let outcome = tokio::select! {
            biased;
            () = cancelled(ctx.cancel.clone()) => {
                ctx.emitter.activity(activity::tool(id, self.parent(), &call.name, ActivityStatus::Cancelled, None));
                ctx.journal.tool_end(&origin, &c.id, Some("cancelled"));
                return Err(Stop::Cancelled);
            }
            r = work => r,
        };
        // "timed_out: boolean when supplied by a main-agent result, otherwise null"
        let timed_out = self.main().then_some(false);
        let status = if outcome.is_ok() { ActivityStatus::Completed } else { ActivityStatus::Failed };
        ctx.emitter.activity(activity::tool(id, self.parent(), &call.name, status, timed_out));
        ctx.journal.tool_end(&origin, &c.id, outcome.as_ref().err().map(String::as_str));
        Ok(match outcome {
            Ok(content) => ChatMessage::ToolResult { call_id: call.id.clone(), content, is_error: false },
            Err(e) => {
                ChatMessage::ToolResult { call_id: call.id.clone(), content: format!("error: {e}"), is_error: true }
            }
        })
    }
}

/// A tool call with its session call ID (the transcript's `callId`; the provider's own ID
/// stays in [`ToolCall::id`] for the model).
#[derive(Debug, Clone)]
pub struct Call {
    pub id: String,
    pub call: ToolCall,
}

/// The text and thinking of one streamed response not yet journaled: each becomes a record
/// when the other kind (or a tool call, or the response's end) follows it.
#[derive(Debug, Default)]
struct Segments {
    thinking: String,
    /// Bytes of a subagent's step text already journaled (the main agent's text is tracked
    /// by the journal against the emitter's accepted text).
    child_journaled: usize,
}

impl Segments {
    fn end_thinking(&mut self, agent: &Agent<'_>) {
        if !self.thinking.is_empty() {
            agent.ctx.journal.thinking(&agent.origin(), &std::mem::take(&mut self.thinking));
        }
    }

    fn end_text(&mut self, agent: &Agent<'_>, step_text: &str) {
        if agent.main() {
            agent.ctx.journal.main_text(&agent.ctx.emitter.text());
        } else if let Some(segment) = step_text.get(self.child_journaled..).filter(|s| !s.is_empty()) {
            agent.ctx.journal.child_text(&agent.origin(), segment);
            self.child_journaled = step_text.len();
        }
    }
}

impl Agent<'_> {
    async fn run_mcp_tool(&self, c: &Call, tool: &mcp::McpTool) -> Result<ChatMessage, Stop> {
        let ctx = self.ctx;
        let call = &c.call;
        let origin = self.origin();
        let id = ctx.ids.tool_call(&c.id);
        let state = |status, timed_out| {
            activity::tool_mcp(id.clone(), self.parent(), &tool.server, &tool.name, status, timed_out)
        };
        ctx.emitter.activity(state(ActivityStatus::Running, None));
        ctx.journal.tool_start(&origin, &c.id, &describe::mcp(&call.name, tool, &call.arguments), &call.arguments);
        let outcome = tokio::select! {
            biased;
            () = cancelled(ctx.cancel.clone()) => {
                ctx.emitter.activity(state(ActivityStatus::Cancelled, None));
                ctx.journal.tool_end(&origin, &c.id, Some("cancelled"));
                return Err(Stop::Cancelled);
            }
            r = ctx.mcp.call(tool, &call.arguments) => r,
        };
        let timed_out = match &outcome {
            Err((_, t)) => *t,
            Ok(_) => false,
        };
        let status = if outcome.is_ok() { ActivityStatus::Completed } else { ActivityStatus::Failed };
        ctx.emitter.activity(state(status, self.main().then_some(timed_out)));
        ctx.journal.tool_end(&origin, &c.id, outcome.as_ref().err().map(|(e, _)| e.as_str()));
        Ok(match outcome {
            Ok(content) => ChatMessage::ToolResult { call_id: call.id.clone(), content, is_error: false },
            Err((e, _)) => {
                ChatMessage::ToolResult { call_id: call.id.clone(), content: format!("error: {e}"), is_error: true }
            }
        })
    }
}

/// One tool-less completion collected as text (compaction summaries); nothing is streamed.
pub async fn complete(ctx: &RunCtx, request: &ModelRequest) -> Result<String, Stop> {
    let (tx, mut rx) = mpsc::channel(64);
    let call = ctx.provider.stream(request, tx);
    tokio::pin!(call);
    let cancel = cancelled(ctx.cancel.clone());
    tokio::pin!(cancel);
    let mut text = String::new();
    let mut ended = None;
    loop {
        tokio::select! {
            biased;
            () = &mut cancel => return Err(Stop::Cancelled),
            ev = rx.recv() => match ev {
                Some(StreamEvent::Text(t)) => text.push_str(&t),
                Some(_) => {}
                None => break,
            },
            r = &mut call, if ended.is_none() => ended = Some(r),
        }
    }
    let result = match ended {
        Some(r) => r,
        None => call.await,
    };
    result.map(|_| text).map_err(|e| {
        tracing::warn!(error = %e, "provider completion failed");
        Stop::Failed(ErrorCode::InternalError)
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::providers::ThinkingBlock;

    #[test]
    fn the_estimate_counts_recorded_blocks_once() {
        let call = ToolCall { id: "1".into(), name: "read_file".into(), arguments: json!({"path":"a"}) };
        let thinking = ThinkingBlock::Signed { thinking: "t".repeat(4000), signature: "s".repeat(400) };
        let rebuilt =
            ChatMessage::Assistant { text: "a".repeat(400), tool_calls: vec![call.clone()], echo: Vec::new() };
        let echoed = ChatMessage::Assistant {
            text: "a".repeat(400),
            tool_calls: vec![call.clone()],
            echo: vec![EchoBlock::Thinking(thinking), EchoBlock::Text("a".repeat(400)), EchoBlock::ToolUse(call)],
        };
        let (plain, with_thinking) = (estimate_tokens("", &[rebuilt]), estimate_tokens("", &[echoed]));
        assert_eq!(with_thinking - plain, 4400 / 4, "thinking counts; echoed text and calls are not counted twice");
    }
}
