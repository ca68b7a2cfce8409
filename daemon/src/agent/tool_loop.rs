//! The model/tool loop of one agent (the turn's main agent or a `task` subagent): request,
//! stream, run the requested tools, feed results back, until the model stops.
//!
//! The main agent's text goes to the emitter as assistant deltas; a subagent's text is its
//! report (a tool result for the parent), journaled with its parent links, never assistant
//! text. Activity from a subagent carries the task's activity as parent.

use agentwire_protocol::{ErrorCode, UsageSource};
use tokio::sync::mpsc;

use super::calls::{CallState, End, NewCall, Segments, Shown};
use super::model::estimate_tokens;
use super::sink::{CallView, Origin};
use super::tools::{self, TASK};
use super::{activity, mcp};
use super::{cancelled, compaction, describe, subagent, Report, Role, RunCtx, SessionCall, Stop};
use super::{MAX_STEPS, SUBAGENT_PROMPT, SYSTEM_PROMPT};
use crate::providers::{
    BoxFuture, ChatMessage, EchoBlock, ModelRequest, Purpose, StopReason, StreamEvent, ToolCall, Usage,
};

const MAX_OUTPUT_TOKENS: u32 = 8192;

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

    /// A subagent's own loop (boxed: it is an agent loop inside an agent loop).
    fn child(&self, role: Role, mut messages: Vec<ChatMessage>) -> BoxFuture<'_, Result<Report, Stop>> {
        let ctx = self.ctx;
        Box::pin(async move { Agent { ctx, role }.run(&mut messages).await })
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
                ctx.sink.activity(activity::context(
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
                    ctx.sink.activity(activity::usage(
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
            let calls: Vec<SessionCall> =
                out.calls.iter().map(|c| SessionCall { id: ctx.sink.call_id(&c.id), call: c.clone() }).collect();
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
        let mut segments = match &self.role {
            Role::Main => Segments::main(&*ctx.sink),
            Role::Child { origin, .. } => Segments::child(&*ctx.sink, origin.clone()),
        };
        loop {
            tokio::select! {
                biased;
                () = &mut cancel => return Err(Stop::Cancelled),
                ev = rx.recv() => match ev {
                    Some(StreamEvent::Text(t)) => {
                        segments.end_thinking();
                        if self.main() {
                            ctx.sink.delta(&t).await.map_err(|_| Stop::Failed(ErrorCode::OutputLimitExceeded))?;
                        } else if out.text.len() < tools::MAX_RESULT_BYTES {
                            out.text.push_str(&t);
                        }
                        if self.main() {
                            out.text.push_str(&t);
                        }
                    }
                    Some(StreamEvent::Thinking(t)) => segments.think(&t, &out.text),
                    Some(StreamEvent::ReasoningSummary(s)) => {
                        summaries += 1;
                        let id = ctx.ids.reasoning(n * 1000 + summaries);
                        ctx.sink.activity(activity::reasoning_summary(id, self.parent(), &s));
                    }
                    Some(StreamEvent::ToolCall(c)) => {
                        segments.end_thinking();
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
        segments.end(&out.text);
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
    async fn run_tools(&self, step: u64, calls: &[SessionCall]) -> Result<Vec<ChatMessage>, Stop> {
        let mut results = Vec::with_capacity(calls.len());
        let mut i = 0;
        let mut batches = 0u64;
        while i < calls.len() {
            let run = calls[i..].iter().take_while(|c| self.main() && c.call.name == TASK).count();
            if run > 0 {
                let batch = calls[i..i + run].to_vec();
                let child = |role, messages| self.child(role, messages);
                results.extend(subagent::run_batch(self.ctx, step * 1000 + batches, batch, &child).await?);
                batches += 1;
                i += run;
            } else {
                results.push(self.run_tool(&calls[i]).await?);
                i += 1;
            }
        }
        Ok(results)
    }

    async fn run_tool(&self, c: &SessionCall) -> Result<ChatMessage, Stop> {
        let ctx = self.ctx;
        let call = &c.call;
        if let Some(tool) = ctx.mcp.find(&call.name) {
            return self.run_mcp_tool(c, tool).await;
        }
        let view = describe::builtin(&call.name, &call.arguments);
        self.start(c, &view, Shown::Tool { name: call.name.clone() });
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
            () = cancelled(ctx.cancel.clone()) => return Err(self.cancel(c)),
            r = work => r,
        };
        Ok(self.finish(c, outcome.map_err(|e| (e, false))))
    }

    async fn run_mcp_tool(&self, c: &SessionCall, tool: &mcp::McpTool) -> Result<ChatMessage, Stop> {
        let ctx = self.ctx;
        let call = &c.call;
        let view = describe::mcp(&call.name, tool, &call.arguments);
        self.start(c, &view, Shown::Mcp { server: tool.server.clone(), tool: tool.name.clone() });
        let outcome = tokio::select! {
            biased;
            () = cancelled(ctx.cancel.clone()) => return Err(self.cancel(c)),
            r = ctx.mcp.call(tool, &call.arguments) => r,
        };
        Ok(self.finish(c, outcome))
    }

    /// A call of this agent starts running.
    fn start(&self, c: &SessionCall, view: &CallView, shown: Shown) {
        let new = NewCall {
            origin: self.origin(),
            id: c.id.clone(),
            view,
            args: &c.call.arguments,
            shown,
            parent: self.parent(),
        };
        // Session call IDs are unique in the turn (`TurnSink::call_id`): the start cannot be refused.
        let _ = self.ctx.calls.start(new, CallState::Running);
    }

    /// The turn was cancelled while the call ran: it ends cancelled.
    fn cancel(&self, c: &SessionCall) -> Stop {
        let _ = self.ctx.calls.end(&c.id, End::Cancelled("cancelled"), None);
        Stop::Cancelled
    }

    /// The call ran: it ends with its outcome (`Err` holds the error and whether it timed out),
    /// and the model gets the result.
    fn finish(&self, c: &SessionCall, outcome: Result<String, (String, bool)>) -> ChatMessage {
        // "timed_out: boolean when supplied by a main-agent result, otherwise null"
        let timed_out = self.main().then_some(outcome.as_ref().err().is_some_and(|(_, t)| *t));
        let end = match &outcome {
            Ok(_) => End::Completed,
            Err((e, _)) => End::Failed(e),
        };
        let _ = self.ctx.calls.end(&c.id, end, timed_out);
        let call_id = c.call.id.clone();
        match outcome {
            Ok(content) => ChatMessage::ToolResult { call_id, content, is_error: false },
            Err((e, _)) => ChatMessage::ToolResult { call_id, content: format!("error: {e}"), is_error: true },
        }
    }
}
