//! Anthropic Messages API with SSE streaming and tool use.
//!
//! Stream events: `message_start` (input usage), `content_block_start` (`text`, `tool_use`,
//! `thinking`, `redacted_thinking`), `content_block_delta` (`text_delta`, `input_json_delta`,
//! `thinking_delta`, `signature_delta`), `content_block_stop`, `message_delta` (stop reason,
//! output usage), `message_stop`, `ping`, `error`.
//!
//! Thinking takes the shape the model accepts ([`anthropic_model`](super::anthropic_model)
//! decides it per model): adaptive thinking
//! (<https://platform.claude.com/docs/en/build-with-claude/adaptive-thinking>) is
//! `thinking: {"type":"adaptive"}` with `output_config: {"effort": …}`; budget thinking
//! (<https://platform.claude.com/docs/en/build-with-claude/extended-thinking>) is
//! `thinking: {"type":"enabled","budget_tokens":N}`; otherwise no `thinking` field. Thinking
//! tokens count toward `max_tokens` (which must exceed `budget_tokens`), so the level's
//! allowance is added on top of the request's output allowance. Each complete `thinking` block
//! (its text and the signature from `signature_delta`) and each `redacted_thinking` block
//! becomes a [`StreamEvent::Thinking`]; the runtime keeps it with the assistant message, and
//! [`body`] sends it back unchanged, before that message's text and `tool_use` blocks, when
//! the tool loop continues: the API rejects a tool-use continuation whose assistant turn lost
//! its thinking. Thinking is raw reasoning, never a verified summary: it never becomes activity.
//!
//! Fast mode (<https://platform.claude.com/docs/en/build-with-claude/fast-mode>):
//! `speed: "fast"`, with the `anthropic-beta: fast-mode-2026-02-01` header where the model has
//! it in research preview; sent only when the turn captured `fast` and the model has it.

use std::collections::HashMap;

use reqwest::header::HeaderMap;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::anthropic_model::{FastAccess, Thinking};
use super::http::{arguments, headers, json, post_sse};
use super::{
    emit, BoxFuture, ChatMessage, ModelRequest, Provider, ProviderError, StopReason, StreamEvent, ThinkingBlock,
    ToolCall, ToolSpec, Usage,
};

const API_VERSION: &str = "2023-06-01";

/// The beta that admits the `speed` request field on models with fast mode in research preview.
const FAST_MODE_BETA: &str = "fast-mode-2026-02-01";
const FAST_SPEED: &str = "fast";

/// One streamed block (tool input, thinking, signature) may not grow past this: a peer that
/// never closes a block cannot make the daemon buffer without bound.
const MAX_BLOCK_BYTES: usize = 8 * 1024 * 1024;

/// What the turn's capture adds to every request of the turn, already fitted to the model.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The thinking to ask for; [`Thinking::Off`] sends no `thinking` field.
    pub thinking: Thinking,
    /// Fast output speed, and how the model takes it; `None` sends no `speed`.
    pub fast: Option<FastAccess>,
}

pub struct Anthropic {
    pub base_url: String,
    pub api_key: String,
    pub model: String,
    pub options: Options,
}

impl Provider for Anthropic {
    fn id(&self) -> &str {
        "anthropic"
    }
    fn model(&self) -> &str {
        &self.model
    }
    fn context_window(&self) -> u64 {
        200_000
    }
    fn stream<'a>(
        &'a self,
        request: &'a ModelRequest,
        out: mpsc::Sender<StreamEvent>,
    ) -> BoxFuture<'a, Result<StopReason, ProviderError>> {
        Box::pin(self.run(request, out))
    }
}

/// The request body for `request`.
pub fn body(model: &str, options: &Options, request: &ModelRequest) -> Value {
    let mut body = json!({
        "model": model,
        "max_tokens": max_tokens(request.max_output_tokens, &options.thinking),
        "system": request.system,
        "messages": messages(&request.messages),
        "stream": true,
    });
    add_thinking(&mut body, &options.thinking);
    // `None` on models without fast mode even when `fast` is on: see `anthropic_model::fast`.
    if options.fast.is_some() {
        body["speed"] = json!(FAST_SPEED);
    }
    if !request.tools.is_empty() {
        body["tools"] = tools(&request.tools);
    }
    body
}

/// The `thinking` field (and, for adaptive thinking, the effort that sets its depth).
fn add_thinking(body: &mut Value, thinking: &Thinking) {
    match thinking {
        Thinking::Off => {}
        Thinking::Budget { budget_tokens } => {
            body["thinking"] = json!({"type":"enabled","budget_tokens":budget_tokens})
        }
        Thinking::Adaptive { effort, .. } => {
            body["thinking"] = json!({"type":"adaptive"});
            body["output_config"] = json!({"effort":effort});
        }
    }
}

/// `max_tokens`: the answer's allowance, plus the thinking allowance when there is one, so the
/// documented `budget_tokens < max_tokens` holds and thinking cannot eat the answer.
fn max_tokens(output: u32, thinking: &Thinking) -> u32 {
    thinking.allowance().map_or(output, |extra| extra.saturating_add(output.max(1)))
}

fn tools(tools: &[ToolSpec]) -> Value {
    tools.iter().map(|t| json!({"name":t.name,"description":t.description,"input_schema":t.parameters})).collect()
}

/// The conversation as Messages API messages.
fn messages(conversation: &[ChatMessage]) -> Vec<Value> {
    let mut messages: Vec<Value> = Vec::new();
    for m in conversation {
        let (role, blocks) = content(m);
        // The API wants alternating roles: merge consecutive same-role messages (tool results).
        match messages.last_mut() {
            Some(last) if last["role"] == role => {
                if let Some(content) = last["content"].as_array_mut() {
                    content.extend(blocks);
                }
            }
            _ => messages.push(json!({"role":role,"content":blocks})),
        }
    }
    messages
}

fn content(m: &ChatMessage) -> (&'static str, Vec<Value>) {
    match m {
        ChatMessage::User(text) => ("user", vec![json!({"type":"text","text":text})]),
        ChatMessage::Assistant { text, tool_calls, thinking } => ("assistant", assistant(text, tool_calls, thinking)),
        ChatMessage::ToolResult { call_id, content, is_error } => {
            ("user", vec![json!({"type":"tool_result","tool_use_id":call_id,"content":content,"is_error":is_error})])
        }
    }
}

/// Thinking first, then text, then tool use: the order the API returned them in (interleaved
/// thinking is a beta this provider does not ask for), which is the order it wants back.
fn assistant(text: &str, tool_calls: &[ToolCall], thinking: &[ThinkingBlock]) -> Vec<Value> {
    let mut blocks: Vec<Value> = thinking.iter().map(thinking_block).collect();
    if !text.is_empty() {
        blocks.push(json!({"type":"text","text":text}));
    }
    for c in tool_calls {
        blocks.push(json!({"type":"tool_use","id":c.id,"name":c.name,"input":c.arguments}));
    }
    blocks
}

/// A thinking block exactly as it was streamed: the signature covers the text.
fn thinking_block(block: &ThinkingBlock) -> Value {
    match block {
        ThinkingBlock::Signed { thinking, signature } => {
            json!({"type":"thinking","thinking":thinking,"signature":signature})
        }
        ThinkingBlock::Redacted { data } => json!({"type":"redacted_thinking","data":data}),
    }
}

/// One content block being streamed.
enum Block {
    Text,
    Tool {
        id: String,
        name: String,
        json: String,
    },
    Thinking {
        thinking: String,
        signature: String,
    },
    Redacted {
        data: String,
    },
    /// A block type this provider does not use.
    Other,
}

/// A string member, or empty.
fn text_of(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_default().to_owned()
}

fn required(v: &Value, key: &str) -> Result<String, ProviderError> {
    v[key].as_str().map(str::to_owned).ok_or_else(|| ProviderError::Protocol(format!("tool_use without {key}")))
}

/// Appends a streamed fragment within [`MAX_BLOCK_BYTES`].
fn append(buf: &mut String, part: Option<&str>) -> Result<(), ProviderError> {
    let part = part.unwrap_or_default();
    if buf.len() + part.len() > MAX_BLOCK_BYTES {
        return Err(ProviderError::Protocol("content block exceeds its bound".into()));
    }
    buf.push_str(part);
    Ok(())
}

impl Block {
    /// The block a `content_block_start` opens.
    fn open(b: &Value) -> Result<Block, ProviderError> {
        Ok(match b["type"].as_str().unwrap_or_default() {
            "text" => Block::Text,
            "tool_use" => Block::Tool { id: required(b, "id")?, name: required(b, "name")?, json: String::new() },
            "thinking" => Block::Thinking { thinking: text_of(b, "thinking"), signature: text_of(b, "signature") },
            "redacted_thinking" => Block::Redacted { data: text_of(b, "data") },
            _ => Block::Other,
        })
    }

    /// What a closed block hands to the runtime.
    fn close(self) -> Result<Option<StreamEvent>, ProviderError> {
        Ok(match self {
            Block::Tool { id, name, json } => {
                Some(StreamEvent::ToolCall(ToolCall { id, name, arguments: arguments(&json)? }))
            }
            Block::Thinking { thinking, signature } if !signature.is_empty() => {
                Some(StreamEvent::Thinking(ThinkingBlock::Signed { thinking, signature }))
            }
            Block::Thinking { .. } => {
                // Unverifiable thinking cannot be sent back; the API would refuse it.
                tracing::debug!("thinking block without a signature dropped");
                None
            }
            Block::Redacted { data } => Some(StreamEvent::Thinking(ThinkingBlock::Redacted { data })),
            Block::Text | Block::Other => None,
        })
    }
}

/// The state of one streamed response.
#[derive(Default)]
struct Response {
    blocks: HashMap<u64, Block>,
    usage: Usage,
    stop: Option<String>,
}

fn index(v: &Value) -> u64 {
    v["index"].as_u64().unwrap_or(0)
}

async fn text(out: &mpsc::Sender<StreamEvent>, t: Option<&str>) -> Result<(), ProviderError> {
    match t.filter(|t| !t.is_empty()) {
        Some(t) => emit(out, StreamEvent::Text(t.to_owned())).await,
        None => Ok(()),
    }
}

impl Response {
    /// Handles one stream event; `true` once the message is complete.
    async fn on_event(&mut self, v: &Value, out: &mpsc::Sender<StreamEvent>) -> Result<bool, ProviderError> {
        match v["type"].as_str().unwrap_or_default() {
            "message_start" => self.on_message_start(&v["message"]["usage"]),
            "content_block_start" => {
                let b = &v["content_block"];
                if b["type"] == "text" {
                    text(out, b["text"].as_str()).await?;
                }
                self.blocks.insert(index(v), Block::open(b)?);
            }
            "content_block_delta" => self.on_delta(v, out).await?,
            "content_block_stop" => {
                if let Some(event) = self.blocks.remove(&index(v)).map(Block::close).transpose()?.flatten() {
                    emit(out, event).await?;
                }
            }
            "message_delta" => {
                if let Some(o) = v["usage"]["output_tokens"].as_u64() {
                    self.usage.output = o;
                }
                self.stop = v["delta"]["stop_reason"].as_str().map(str::to_owned).or(self.stop.take());
            }
            "message_stop" => return Ok(true),
            "error" => return Err(ProviderError::Api(v["error"]["type"].as_str().unwrap_or("error").to_owned())),
            _ => {} // ping and future events
        }
        Ok(false)
    }

    fn on_message_start(&mut self, u: &Value) {
        self.usage.input = u["input_tokens"].as_u64().unwrap_or(0);
        self.usage.cache_read = u["cache_read_input_tokens"].as_u64();
        self.usage.output = u["output_tokens"].as_u64().unwrap_or(0);
    }

    async fn on_delta(&mut self, v: &Value, out: &mpsc::Sender<StreamEvent>) -> Result<(), ProviderError> {
        let d = &v["delta"];
        match (d["type"].as_str().unwrap_or_default(), self.blocks.get_mut(&index(v))) {
            ("text_delta", _) => text(out, d["text"].as_str()).await?,
            ("input_json_delta", Some(Block::Tool { json, .. })) => append(json, d["partial_json"].as_str())?,
            ("thinking_delta", Some(Block::Thinking { thinking, .. })) => append(thinking, d["thinking"].as_str())?,
            ("signature_delta", Some(Block::Thinking { signature, .. })) => append(signature, d["signature"].as_str())?,
            _ => {}
        }
        Ok(())
    }

    /// Usage, then the stop reason; a stream that never said why it stopped is malformed.
    async fn finish(self, out: &mpsc::Sender<StreamEvent>) -> Result<StopReason, ProviderError> {
        let stop = self.stop.ok_or_else(|| ProviderError::Protocol("stream ended without a stop reason".into()))?;
        emit(out, StreamEvent::Usage(self.usage)).await?;
        Ok(match stop.as_str() {
            "tool_use" => StopReason::ToolUse,
            "max_tokens" => StopReason::MaxTokens,
            _ => StopReason::EndTurn,
        })
    }
}

impl Anthropic {
    fn request_headers(&self) -> Result<HeaderMap, ProviderError> {
        let mut pairs = vec![
            ("x-api-key", self.api_key.as_str()),
            ("anthropic-version", API_VERSION),
            ("accept", "text/event-stream"),
        ];
        if self.options.fast == Some(FastAccess::Beta) {
            pairs.push(("anthropic-beta", FAST_MODE_BETA));
        }
        headers(&pairs)
    }

    async fn run(&self, request: &ModelRequest, out: mpsc::Sender<StreamEvent>) -> Result<StopReason, ProviderError> {
        let url = format!("{}/v1/messages", self.base_url.trim_end_matches('/'));
        let mut stream = post_sse(&url, self.request_headers()?, &body(&self.model, &self.options, request)).await?;
        let mut response = Response::default();
        while let Some(ev) = stream.next().await? {
            if response.on_event(&json(&ev.data)?, &out).await? {
                break;
            }
        }
        response.finish(&out).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::providers::Purpose;

    fn call(id: &str) -> ToolCall {
        ToolCall { id: id.into(), name: "read_file".into(), arguments: json!({"path":"a"}) }
    }

    fn request(messages: Vec<ChatMessage>) -> ModelRequest {
        ModelRequest {
            model: "m".into(),
            system: "s".into(),
            messages,
            tools: Vec::new(),
            max_output_tokens: 10,
            purpose: Purpose::Turn,
        }
    }

    #[test]
    fn consecutive_tool_results_merge_into_one_user_message() {
        let request = request(vec![
            ChatMessage::User("q".into()),
            ChatMessage::Assistant {
                text: String::new(),
                tool_calls: vec![call("1"), call("2")],
                thinking: Vec::new(),
            },
            ChatMessage::ToolResult { call_id: "1".into(), content: "x".into(), is_error: false },
            ChatMessage::ToolResult { call_id: "2".into(), content: "y".into(), is_error: true },
        ]);
        let b = body("m", &Options::default(), &request);
        let roles: Vec<&str> = b["messages"].as_array().unwrap().iter().map(|m| m["role"].as_str().unwrap()).collect();
        assert_eq!(roles, ["user", "assistant", "user"], "roles alternate");
        assert_eq!(b["messages"][1]["content"].as_array().unwrap().len(), 2, "no empty text block");
        assert_eq!(b["messages"][2]["content"][1]["is_error"], true);
        assert!(b.get("tools").is_none());
    }

    fn with(thinking: Thinking, fast: Option<FastAccess>) -> Options {
        Options { thinking, fast }
    }

    #[test]
    fn a_budget_enables_thinking_on_top_of_the_output_allowance() {
        let r = request(vec![ChatMessage::User("q".into())]);
        let off = body("m", &Options::default(), &r);
        assert!(off.get("thinking").is_none() && off.get("output_config").is_none());
        assert_eq!(off["max_tokens"], 10);
        let on = body("m", &with(Thinking::Budget { budget_tokens: 1024 }, None), &r);
        assert_eq!(on["thinking"], json!({"type":"enabled","budget_tokens":1024}));
        assert!(on.get("output_config").is_none(), "budget thinking sends no effort");
        assert_eq!(on["max_tokens"], 1034, "budget_tokens < max_tokens, and the answer keeps its allowance");
    }

    #[test]
    fn adaptive_thinking_sends_its_effort_and_keeps_the_answers_allowance() {
        let r = request(vec![ChatMessage::User("q".into())]);
        let b = body("m", &with(Thinking::Adaptive { effort: "xhigh".into(), headroom: 2048 }, None), &r);
        assert_eq!(b["thinking"], json!({"type":"adaptive"}), "no budget_tokens: adaptive-only models reject it");
        assert_eq!(b["output_config"], json!({"effort":"xhigh"}));
        assert_eq!(b["max_tokens"], 2058);
    }

    #[test]
    fn thinking_blocks_lead_their_assistant_message_unchanged() {
        let thinking = vec![
            ThinkingBlock::Signed { thinking: "t".into(), signature: "sig==".into() },
            ThinkingBlock::Redacted { data: "opaque".into() },
        ];
        let r = request(vec![
            ChatMessage::User("q".into()),
            ChatMessage::Assistant { text: "a".into(), tool_calls: vec![call("1")], thinking },
            ChatMessage::ToolResult { call_id: "1".into(), content: "x".into(), is_error: false },
        ]);
        let b = body("m", &with(Thinking::Adaptive { effort: "high".into(), headroom: 2048 }, None), &r);
        assert_eq!(
            b["messages"][1]["content"],
            json!([
                {"type":"thinking","thinking":"t","signature":"sig=="},
                {"type":"redacted_thinking","data":"opaque"},
                {"type":"text","text":"a"},
                {"type":"tool_use","id":"1","name":"read_file","input":{"path":"a"}},
            ])
        );
    }

    #[test]
    fn fast_adds_the_speed_field_and_the_beta_only_where_the_model_needs_it() {
        let r = request(vec![ChatMessage::User("q".into())]);
        assert!(body("m", &Options::default(), &r).get("speed").is_none());
        assert_eq!(body("m", &with(Thinking::Off, Some(FastAccess::Stable)), &r)["speed"], "fast");
        let beta = |fast| {
            let a = Anthropic {
                base_url: String::new(),
                api_key: "k".into(),
                model: "m".into(),
                options: with(Thinking::Off, fast),
            };
            a.request_headers().unwrap().get("anthropic-beta").map(|v| v.to_str().unwrap().to_owned())
        };
        assert_eq!(beta(Some(FastAccess::Beta)), Some(FAST_MODE_BETA.to_owned()));
        assert_eq!((beta(Some(FastAccess::Stable)), beta(None)), (None, None));
    }

    #[test]
    fn a_closed_thinking_block_needs_its_signature() {
        let signed = Block::Thinking { thinking: "t".into(), signature: "s".into() };
        let unsigned = Block::Thinking { thinking: "t".into(), signature: String::new() };
        assert_eq!(
            signed.close().unwrap(),
            Some(StreamEvent::Thinking(ThinkingBlock::Signed { thinking: "t".into(), signature: "s".into() }))
        );
        assert_eq!(unsigned.close().unwrap(), None);
        let mut big = "x".repeat(MAX_BLOCK_BYTES);
        assert!(append(&mut big, Some("y")).is_err(), "a block is bounded");
    }
}
