//! One model request's helpers shared by the agent loop and compaction: the context estimate
//! and a tool-less completion collected as text.

use agentwire_protocol::ErrorCode;
use tokio::sync::mpsc;

use super::{cancelled, RunCtx, Stop};
use crate::providers::{ChatMessage, EchoBlock, ModelRequest, StreamEvent, ToolCall};

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
