//! `local`: the built-in offline provider for the demo and first run. No model and no
//! network: it streams a deterministic answer that says so, and exercises the tool loop by
//! listing the workspace before answering.

use serde_json::json;
use tokio::sync::mpsc;

use super::{
    emit, BoxFuture, ChatMessage, ModelRequest, Provider, ProviderError, Purpose, StopReason, StreamEvent, ToolCall,
    Usage,
};

pub const PROVIDER_ID: &str = "local";
pub const MODEL_ID: &str = "offline";

/// Marks every answer so nobody mistakes it for a model's.
pub const LABEL: &str = "[offline: built-in local provider, no model or network]";

pub struct Local;

impl Provider for Local {
    fn id(&self) -> &str {
        PROVIDER_ID
    }
    fn model(&self) -> &str {
        MODEL_ID
    }
    fn context_window(&self) -> u64 {
        32_000
    }
    fn stream<'a>(
        &'a self,
        request: &'a ModelRequest,
        out: mpsc::Sender<StreamEvent>,
    ) -> BoxFuture<'a, Result<StopReason, ProviderError>> {
        Box::pin(run(request, out))
    }
}

fn estimate_tokens(request: &ModelRequest) -> u64 {
    let bytes: usize = request
        .messages
        .iter()
        .map(|m| match m {
            ChatMessage::User(t) => t.len(),
            ChatMessage::Assistant { text, tool_calls, .. } => text.len() + tool_calls.len() * 32,
            ChatMessage::ToolResult { content, .. } => content.len(),
        })
        .sum();
    (bytes as u64 + request.system.len() as u64) / 4 + 1
}

/// The listing the workspace tool returned, as entry names.
fn entries(listing: &str) -> Vec<&str> {
    listing.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('(') && !l.starts_with('[')).collect()
}

fn answer(request: &ModelRequest) -> (String, Option<ToolCall>) {
    let last_user = request.messages.iter().rev().find_map(|m| match m {
        ChatMessage::User(t) => Some(t.as_str()),
        _ => None,
    });
    let quoted: String = last_user.unwrap_or("").chars().take(120).collect();
    match request.purpose {
        Purpose::Compaction => (
            format!("{LABEL} Summary of {} earlier messages; the last request was: {quoted}", request.messages.len()),
            None,
        ),
        Purpose::Subagent => (format!("{LABEL} Subagent report for: {quoted}"), None),
        Purpose::Turn => match request.messages.last() {
            Some(ChatMessage::ToolResult { content, is_error: false, .. }) => {
                let names = entries(content);
                let shown: Vec<&str> = names.iter().take(20).copied().collect();
                let more = names.len().saturating_sub(shown.len());
                let mut text = format!("The workspace has {} top-level entries: {}", names.len(), shown.join(", "));
                if more > 0 {
                    text.push_str(&format!(" and {more} more"));
                }
                text.push_str(
                    ".\nSelect a network provider (config.set, or `provider` in settings.toml) for real answers.",
                );
                (text, None)
            }
            Some(ChatMessage::ToolResult { .. }) => ("The workspace could not be listed.".to_owned(), None),
            _ => {
                let call = ToolCall {
                    // Fresh per request, as a model's IDs are (a fixed ID repeated every turn).
                    id: format!("local-{}", crate::transport::instance_id::random_hex(8)),
                    name: "list_folder".to_owned(),
                    arguments: json!({"path": "."}),
                };
                (format!("{LABEL} You asked: \"{quoted}\". Let me list the workspace first.\n"), Some(call))
            }
        },
    }
}

async fn run(request: &ModelRequest, out: mpsc::Sender<StreamEvent>) -> Result<StopReason, ProviderError> {
    let (text, call) = answer(request);
    // Word-sized deltas, like a real stream.
    let mut rest = text.as_str();
    while !rest.is_empty() {
        let cut = rest.char_indices().skip(1).find(|(_, c)| c.is_whitespace()).map_or(rest.len(), |(i, _)| i);
        let (word, tail) = rest.split_at(cut);
        emit(&out, StreamEvent::Text(word.to_owned())).await?;
        rest = tail;
    }
    let stop = if let Some(call) = call {
        emit(&out, StreamEvent::ToolCall(call)).await?;
        StopReason::ToolUse
    } else {
        StopReason::EndTurn
    };
    let usage = Usage { input: estimate_tokens(request), output: text.len() as u64 / 4 + 1, cache_read: None };
    emit(&out, StreamEvent::Usage(usage)).await?;
    Ok(stop)
}
