//! Model providers behind one streaming trait. A provider turns a [`ModelRequest`] into a
//! stream of [`StreamEvent`]s (text deltas, verified reasoning summaries, complete tool calls,
//! the response's content blocks that only go back to the provider, usage) and ends with a
//! [`StopReason`]:
//!
//! - [`local`]: the built-in offline provider (deterministic, exercises one tool call);
//! - [`anthropic`]: the Messages API over SSE, shaped per model by [`anthropic_model`];
//! - [`openai_compat`]: OpenAI-compatible chat completions over SSE (custom providers);
//! - [`openai_codex`]: the Responses API over SSE with the stored OAuth credential.
//!
//! [`select`] picks the provider for a turn. Provider errors never reach the wire: a turn
//! that fails on one reports the fixed `internal_error`.

pub mod anthropic;
pub mod anthropic_model;
pub mod discovery;
mod http;
pub mod local;
pub mod openai_codex;
pub mod openai_compat;
pub mod select;
pub mod sse;

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;
use tokio::sync::mpsc;

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// One message of the conversation sent to a model.
#[derive(Debug, Clone, PartialEq)]
pub enum ChatMessage {
    User(String),
    /// `echo`: the response's content blocks in the order received, for a provider that wants
    /// the message back exactly as it sent it (Anthropic); empty for other providers and for
    /// earlier turns, which keep no raw reasoning. Those build the message from `text` and
    /// `tool_calls`, which hold the same text and calls.
    Assistant {
        text: String,
        tool_calls: Vec<ToolCall>,
        echo: Vec<EchoBlock>,
    },
    ToolResult {
        call_id: String,
        content: String,
        is_error: bool,
    },
}

/// One content block of an assistant response, kept so the message can go back unchanged and
/// in order when the tool loop continues: Anthropic rejects a tool-use continuation whose
/// assistant message was rebuilt (thinking moved, dropped, or text blocks merged). It lives
/// only in the running turn's model context, like the [`ThinkingBlock`]s it carries.
#[derive(Debug, Clone, PartialEq)]
pub enum EchoBlock {
    /// One text block with its own text (not merged with the others).
    Text(String),
    Thinking(ThinkingBlock),
    ToolUse(ToolCall),
}

impl EchoBlock {
    /// Bytes it adds to the model context (for the context estimate).
    pub fn context_bytes(&self) -> usize {
        match self {
            EchoBlock::Text(text) => text.len(),
            EchoBlock::Thinking(block) => block.context_bytes(),
            EchoBlock::ToolUse(call) => call.context_bytes(),
        }
    }
}

/// Raw reasoning a provider returned that must be sent back to it unchanged, in the assistant
/// message it came with, when that message continues (Anthropic extended thinking with tool
/// use: the signature lets the provider verify it). It lives only in the running turn's model
/// context: it is never projected to clients, journaled, or logged (`Debug` shows sizes only).
#[derive(Clone, PartialEq, Eq)]
pub enum ThinkingBlock {
    /// Thinking text with the provider's signature over it.
    Signed { thinking: String, signature: String },
    /// Reasoning the provider encrypted (`redacted_thinking`), opaque to the daemon.
    Redacted { data: String },
}

impl ThinkingBlock {
    /// Bytes it adds to the model context (for the context estimate).
    pub fn context_bytes(&self) -> usize {
        match self {
            ThinkingBlock::Signed { thinking, signature } => thinking.len() + signature.len(),
            ThinkingBlock::Redacted { data } => data.len(),
        }
    }
}

impl std::fmt::Debug for ThinkingBlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ThinkingBlock::Signed { .. } => write!(f, "ThinkingBlock::Signed({} bytes)", self.context_bytes()),
            ThinkingBlock::Redacted { .. } => write!(f, "ThinkingBlock::Redacted({} bytes)", self.context_bytes()),
        }
    }
}

/// A complete tool call decided by the model.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub arguments: Value,
}

impl ToolCall {
    /// Bytes it adds to the model context (for the context estimate).
    pub fn context_bytes(&self) -> usize {
        self.name.len() + self.arguments.to_string().len()
    }
}

/// A tool offered to the model.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    pub parameters: Value,
}

/// Why a request is made; the offline provider answers each kind deterministically.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Turn,
    Subagent,
    Compaction,
}

#[derive(Debug, Clone)]
pub struct ModelRequest {
    pub model: String,
    pub system: String,
    pub messages: Vec<ChatMessage>,
    pub tools: Vec<ToolSpec>,
    pub max_output_tokens: u32,
    pub purpose: Purpose,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub input: u64,
    pub output: u64,
    /// `None` when the provider does not report cache reads.
    pub cache_read: Option<u64>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StreamEvent {
    /// Visible assistant text, in stream order.
    Text(String),
    /// A completed reasoning summary the provider marks as such (not raw thinking).
    ReasoningSummary(String),
    /// Raw reasoning the provider streams (Anthropic thinking, `reasoning_content`): stored in
    /// the transcript as `thinking:true` text, never streamed or projected.
    Thinking(String),
    /// The response's content blocks in order (raw thinking included), sent once the response
    /// is complete, to keep for the continuation request; never projected.
    Echo(Vec<EchoBlock>),
    ToolCall(ToolCall),
    Usage(Usage),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    EndTurn,
    ToolUse,
    MaxTokens,
}

/// Internal detail for logs; the wire only ever sees `internal_error`.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("provider is not configured: {0}")]
    NotConfigured(String),
    #[error("provider credential is missing or unusable")]
    Auth,
    #[error("provider answered HTTP {0}")]
    Status(u16),
    #[error("provider transport failed: {0}")]
    Transport(String),
    #[error("provider stream is malformed: {0}")]
    Protocol(String),
    #[error("provider reported an error: {0}")]
    Api(String),
    #[error("provider stream stalled")]
    Stalled,
    /// The runtime stopped listening (cancellation); not a provider fault.
    #[error("stream receiver is gone")]
    Closed,
}

/// A streaming model provider.
pub trait Provider: Send + Sync {
    /// Provider ID (`local`, `anthropic`, `openai-codex`, or a custom ID).
    fn id(&self) -> &str;
    fn model(&self) -> &str;
    /// Context window in tokens, for context activity and compaction.
    fn context_window(&self) -> u64;
    /// Streams one model response into `out`; dropping the future aborts the request.
    fn stream<'a>(
        &'a self,
        request: &'a ModelRequest,
        out: mpsc::Sender<StreamEvent>,
    ) -> BoxFuture<'a, Result<StopReason, ProviderError>>;
}

/// Sends one event to the runtime; a closed receiver means the turn stopped listening.
pub(crate) async fn emit(out: &mpsc::Sender<StreamEvent>, event: StreamEvent) -> Result<(), ProviderError> {
    out.send(event).await.map_err(|_| ProviderError::Closed)
}
