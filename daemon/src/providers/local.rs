//! `local`: the built-in offline provider for the demo and first run. No model and no
//! network: it streams a deterministic answer that says so, and exercises the tool loop by
//! listing the workspace before answering. With `local_turn_ms` in the global settings a turn
//! takes that long: each of its two model requests (list the workspace, then answer) spreads
//! its word deltas evenly over half of it, so a front end or a test can press Stop mid-turn.

use serde_json::json;
use std::time::Duration;
use tokio::sync::mpsc;

use super::{
    emit, BoxFuture, ChatMessage, ModelRequest, Provider, ProviderError, Purpose, StopReason, StreamEvent, ToolCall,
    Usage,
};

pub const PROVIDER_ID: &str = "local";
pub const MODEL_ID: &str = "offline";

/// Marks every answer so nobody mistakes it for a model's.
pub const LABEL: &str = "[offline: built-in local provider, no model or network]";

/// The offline provider; `request_time` is how long each model request takes (`None`: no wait).
pub struct Local {
    request_time: Option<Duration>,
}

/// Model requests of one local turn: the workspace listing, then the answer.
const REQUESTS_PER_TURN: u32 = 2;

impl Local {
    /// A provider whose turns take `turn_ms` (the `local_turn_ms` setting), or answer at once.
    pub fn new(turn_ms: Option<u64>) -> Self {
        Local { request_time: turn_ms.map(|ms| Duration::from_millis(ms) / REQUESTS_PER_TURN) }
    }
}

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
        Box::pin(run(request, self.request_time, out))
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

/// `text` cut into word-sized deltas, like a real stream.
fn words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let cut = rest.char_indices().skip(1).find(|(_, c)| c.is_whitespace()).map_or(rest.len(), |(i, _)| i);
        let (word, tail) = rest.split_at(cut);
        out.push(word);
        rest = tail;
    }
    out
}

async fn run(
    request: &ModelRequest,
    request_time: Option<Duration>,
    out: mpsc::Sender<StreamEvent>,
) -> Result<StopReason, ProviderError> {
    let (text, call) = answer(request);
    let words = words(&text);
    // Evenly spaced: a wait before each delta, so the request's last word ends its time.
    let pause = request_time.map(|t| t / words.len().max(1) as u32);
    for word in words {
        if let Some(pause) = pause {
            tokio::time::sleep(pause).await;
        }
        emit(&out, StreamEvent::Text(word.to_owned())).await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> ModelRequest {
        ModelRequest {
            model: MODEL_ID.into(),
            system: String::new(),
            messages: vec![ChatMessage::User("What is here?".into())],
            tools: Vec::new(),
            max_output_tokens: 1024,
            purpose: Purpose::Turn,
        }
    }

    /// The text deltas of one request and how long (in the test's clock) it took.
    async fn deltas(local: Local) -> (Vec<String>, Duration) {
        let (tx, mut rx) = mpsc::channel(1024);
        let start = tokio::time::Instant::now();
        let stop = local.stream(&request(), tx).await.unwrap();
        let took = start.elapsed();
        assert_eq!(stop, StopReason::ToolUse, "the first request lists the workspace");
        let mut texts = Vec::new();
        while let Ok(ev) = rx.try_recv() {
            if let StreamEvent::Text(t) = ev {
                texts.push(t);
            }
        }
        (texts, took)
    }

    #[tokio::test(start_paused = true)]
    async fn local_turn_ms_spreads_several_deltas_over_half_the_turn_per_request() {
        // "A setting of the local provider makes turns take a stated time, streaming in several
        // deltas": each of a turn's two requests takes half of `local_turn_ms`.
        let (quick, instant) = deltas(Local::new(None)).await;
        assert_eq!(instant, Duration::ZERO);
        let (slow, took) = deltas(Local::new(Some(3000))).await;
        assert_eq!(slow, quick, "the same deterministic answer");
        assert!(slow.len() >= 5, "several deltas: {slow:?}");
        let half = Duration::from_millis(1500);
        assert!(took <= half && half - took < Duration::from_millis(slow.len() as u64), "{took:?}");
    }
}
