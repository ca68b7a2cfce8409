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
//! allowance is added on top of the request's output allowance.
//!
//! The response's content blocks are recorded in order (each text block with its own text,
//! `thinking` with the signature from `signature_delta`, `redacted_thinking` with its data,
//! `tool_use` with its parsed input) and handed over once as a [`StreamEvent::Echo`]; the
//! runtime keeps them with the assistant message, and [`body`] sends exactly those blocks back
//! when the tool loop continues. With thinking the API wants that message unchanged
//! (<https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows>): a rebuilt
//! one (thinking moved or dropped, text blocks merged) is rejected, and adaptive thinking
//! interleaves thinking between text and tool use. Thinking is raw reasoning, never a verified
//! summary: it never becomes activity.
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
    emit, BoxFuture, ChatMessage, EchoBlock, ModelRequest, Provider, ProviderError, StopReason, StreamEvent,
    ThinkingBlock, ToolCall, ToolSpec, Usage,
};

const API_VERSION: &str = "2023-06-01";

/// The beta that admits the `speed` request field on models with fast mode in research preview.
const FAST_MODE_BETA: &str = "fast-mode-2026-02-01";
const FAST_SPEED: &str = "fast";

/// One streamed block (text, tool input, thinking, signature) may not grow past this: a peer that
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
        ChatMessage::Assistant { text, tool_calls, echo } => ("assistant", assistant(text, tool_calls, echo)),
        ChatMessage::ToolResult { call_id, content, is_error } => {
            ("user", vec![json!({"type":"tool_result","tool_use_id":call_id,"content":content,"is_error":is_error})])
        }
    }
}

/// The blocks the API returned, in its order, when they were recorded: it wants a continued
/// message back as received. Messages without them (earlier turns, which keep no raw
/// reasoning) are built from their text and tool calls.
fn assistant(text: &str, tool_calls: &[ToolCall], echo: &[EchoBlock]) -> Vec<Value> {
    if !echo.is_empty() {
        return echo.iter().map(echo_block).collect();
    }
    let mut blocks = Vec::new();
    if !text.is_empty() {
        blocks.push(json!({"type":"text","text":text}));
    }
    for c in tool_calls {
        blocks.push(tool_use(c));
    }
    blocks
}

fn tool_use(c: &ToolCall) -> Value {
    json!({"type":"tool_use","id":c.id,"name":c.name,"input":c.arguments})
}

fn echo_block(block: &EchoBlock) -> Value {
    match block {
        EchoBlock::Text(text) => json!({"type":"text","text":text}),
        EchoBlock::Thinking(thinking) => thinking_block(thinking),
        EchoBlock::ToolUse(c) => tool_use(c),
    }
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
    Text {
        text: String,
    },
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
            "text" => {
                let mut text = String::new();
                append(&mut text, b["text"].as_str())?;
                Block::Text { text }
            }
            "tool_use" => Block::Tool { id: required(b, "id")?, name: required(b, "name")?, json: String::new() },
            "thinking" => Block::Thinking { thinking: text_of(b, "thinking"), signature: text_of(b, "signature") },
            "redacted_thinking" => Block::Redacted { data: text_of(b, "data") },
            _ => Block::Other,
        })
    }

    /// What a closed block adds to the message as it will be sent back, if anything.
    fn close(self) -> Result<Option<EchoBlock>, ProviderError> {
        Ok(match self {
            Block::Tool { id, name, json } => {
                Some(EchoBlock::ToolUse(ToolCall { id, name, arguments: arguments(&json)? }))
            }
            Block::Thinking { thinking, signature } if !signature.is_empty() => {
                Some(EchoBlock::Thinking(ThinkingBlock::Signed { thinking, signature }))
            }
            Block::Thinking { .. } => {
                // Unverifiable thinking cannot be sent back; the API would refuse it.
                tracing::debug!("thinking block without a signature dropped");
                None
            }
            Block::Redacted { data } => Some(EchoBlock::Thinking(ThinkingBlock::Redacted { data })),
            // The API refuses empty text blocks in a request.
            Block::Text { text } if text.is_empty() => None,
            Block::Text { text } => Some(EchoBlock::Text(text)),
            Block::Other => None,
        })
    }
}

/// The state of one streamed response.
#[derive(Default)]
struct StreamedResponse {
    blocks: HashMap<u64, Block>,
    /// Closed blocks with their content index, for [`StreamEvent::Echo`].
    echo: Vec<(u64, EchoBlock)>,
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

impl StreamedResponse {
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
            "content_block_stop" => self.on_stop(index(v), out).await?,
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

    /// Records a closed block; a tool call also goes to the runtime now, to be run.
    async fn on_stop(&mut self, index: u64, out: &mpsc::Sender<StreamEvent>) -> Result<(), ProviderError> {
        let Some(block) = self.blocks.remove(&index).map(Block::close).transpose()?.flatten() else {
            return Ok(());
        };
        if let EchoBlock::ToolUse(call) = &block {
            emit(out, StreamEvent::ToolCall(call.clone())).await?;
        }
        self.echo.push((index, block));
        Ok(())
    }

    async fn on_delta(&mut self, v: &Value, out: &mpsc::Sender<StreamEvent>) -> Result<(), ProviderError> {
        let d = &v["delta"];
        match (d["type"].as_str().unwrap_or_default(), self.blocks.get_mut(&index(v))) {
            ("text_delta", block) => {
                if let Some(Block::Text { text }) = block {
                    append(text, d["text"].as_str())?;
                }
                text(out, d["text"].as_str()).await?
            }
            ("input_json_delta", Some(Block::Tool { json, .. })) => append(json, d["partial_json"].as_str())?,
            ("thinking_delta", Some(Block::Thinking { thinking, .. })) => {
                append(thinking, d["thinking"].as_str())?;
                if let Some(t) = d["thinking"].as_str().filter(|t| !t.is_empty()) {
                    emit(out, StreamEvent::Thinking(t.to_owned())).await?;
                }
            }
            ("signature_delta", Some(Block::Thinking { signature, .. })) => append(signature, d["signature"].as_str())?,
            _ => {}
        }
        Ok(())
    }

    /// The recorded blocks, usage, then the stop reason; a stream that never said why it
    /// stopped is malformed.
    async fn finish(mut self, out: &mpsc::Sender<StreamEvent>) -> Result<StopReason, ProviderError> {
        let stop = self.stop.ok_or_else(|| ProviderError::Protocol("stream ended without a stop reason".into()))?;
        // Content order is index order; blocks arrive one after another, so this only guards.
        self.echo.sort_by_key(|(index, _)| *index);
        let echo: Vec<EchoBlock> = self.echo.into_iter().map(|(_, block)| block).collect();
        if !echo.is_empty() {
            emit(out, StreamEvent::Echo(echo)).await?;
        }
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
        let mut response = StreamedResponse::default();
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
            ChatMessage::Assistant { text: String::new(), tool_calls: vec![call("1"), call("2")], echo: Vec::new() },
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

    fn signed(thinking: &str, signature: &str) -> EchoBlock {
        EchoBlock::Thinking(ThinkingBlock::Signed { thinking: thinking.into(), signature: signature.into() })
    }

    /// The assistant content `body` sends for one assistant message.
    fn sent(text: &str, tool_calls: Vec<ToolCall>, echo: Vec<EchoBlock>) -> Value {
        let r = request(vec![
            ChatMessage::User("q".into()),
            ChatMessage::Assistant { text: text.into(), tool_calls, echo },
            ChatMessage::ToolResult { call_id: "1".into(), content: "x".into(), is_error: false },
        ]);
        body("m", &with(Thinking::Adaptive { effort: "high".into(), headroom: 2048 }, None), &r)["messages"][1]
            ["content"]
            .clone()
    }

    #[test]
    fn recorded_blocks_go_back_exactly_in_their_order() {
        // Interleaved: thinking between text blocks and before the tool use, two text blocks.
        let echo = vec![
            signed("t1", "sig1=="),
            EchoBlock::Text("a".into()),
            EchoBlock::Thinking(ThinkingBlock::Redacted { data: "opaque".into() }),
            signed("t2", "sig2=="),
            EchoBlock::Text("b".into()),
            EchoBlock::ToolUse(call("1")),
        ];
        assert_eq!(
            sent("ab", vec![call("1")], echo),
            json!([
                {"type":"thinking","thinking":"t1","signature":"sig1=="},
                {"type":"text","text":"a"},
                {"type":"redacted_thinking","data":"opaque"},
                {"type":"thinking","thinking":"t2","signature":"sig2=="},
                {"type":"text","text":"b"},
                {"type":"tool_use","id":"1","name":"read_file","input":{"path":"a"}},
            ])
        );
    }

    #[test]
    fn a_message_without_recorded_blocks_is_built_from_its_text_and_calls() {
        assert_eq!(
            sent("a", vec![call("1")], Vec::new()),
            json!([{"type":"text","text":"a"},{"type":"tool_use","id":"1","name":"read_file","input":{"path":"a"}}])
        );
    }

    /// Runs `events` through the stream assembler: what it hands the runtime, and the stop.
    async fn assemble(events: &[Value]) -> (Vec<StreamEvent>, Result<StopReason, ProviderError>) {
        let (tx, mut rx) = mpsc::channel(64);
        let mut response = StreamedResponse::default();
        let mut failed = None;
        for v in events {
            if let Err(e) = response.on_event(v, &tx).await {
                failed = Some(e);
                break;
            }
        }
        let outcome = match failed {
            Some(e) => Err(e),
            None => response.finish(&tx).await,
        };
        drop(tx);
        let mut got = Vec::new();
        while let Some(e) = rx.recv().await {
            got.push(e);
        }
        (got, outcome)
    }

    fn start(index: u64, block: Value) -> Value {
        json!({"type":"content_block_start","index":index,"content_block":block})
    }

    fn delta(index: u64, delta: Value) -> Value {
        json!({"type":"content_block_delta","index":index,"delta":delta})
    }

    fn stop(index: u64) -> Value {
        json!({"type":"content_block_stop","index":index})
    }

    #[tokio::test]
    async fn the_assembler_records_every_block_in_content_order() {
        let events = [
            json!({"type":"message_start","message":{"usage":{"input_tokens":3}}}),
            start(0, json!({"type":"thinking","thinking":""})),
            delta(0, json!({"type":"thinking_delta","thinking":"pla"})),
            delta(0, json!({"type":"thinking_delta","thinking":"n ✓"})),
            delta(0, json!({"type":"signature_delta","signature":"sig1=="})),
            stop(0),
            start(1, json!({"type":"text","text":""})),
            delta(1, json!({"type":"text_delta","text":"Look"})),
            delta(1, json!({"type":"text_delta","text":"ing. "})),
            stop(1),
            start(2, json!({"type":"redacted_thinking","data":"opaque"})),
            stop(2),
            start(3, json!({"type":"thinking","thinking":""})),
            delta(3, json!({"type":"thinking_delta","thinking":"unsigned"})),
            stop(3),
            start(4, json!({"type":"text","text":"More."})),
            stop(4),
            start(5, json!({"type":"text","text":""})),
            stop(5),
            start(6, json!({"type":"tool_use","id":"1","name":"read_file","input":{}})),
            delta(6, json!({"type":"input_json_delta","partial_json":"{\"path\":"})),
            delta(6, json!({"type":"input_json_delta","partial_json":"\"a\"}"})),
            stop(6),
            json!({"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":9}}),
            json!({"type":"message_stop"}),
        ];
        let (got, stop) = assemble(&events).await;
        assert_eq!(stop.unwrap(), StopReason::ToolUse);
        let text = |t: &str| StreamEvent::Text(t.into());
        let thinking = |t: &str| StreamEvent::Thinking(t.into());
        assert_eq!(
            got,
            [
                thinking("pla"),
                thinking("n ✓"),
                text("Look"),
                text("ing. "),
                thinking("unsigned"),
                text("More."),
                StreamEvent::ToolCall(call("1")),
                StreamEvent::Echo(vec![
                    signed("plan ✓", "sig1=="),
                    EchoBlock::Text("Looking. ".into()),
                    EchoBlock::Thinking(ThinkingBlock::Redacted { data: "opaque".into() }),
                    EchoBlock::Text("More.".into()),
                    EchoBlock::ToolUse(call("1")),
                ]),
                StreamEvent::Usage(Usage { input: 3, output: 9, cache_read: None }),
            ],
            "text blocks stay apart; thinking is streamed for the transcript; unsigned thinking and empty text are not echoed"
        );
    }

    #[tokio::test]
    async fn a_text_block_is_bounded_like_the_others() {
        let big = "x".repeat(MAX_BLOCK_BYTES);
        let events = [start(0, json!({"type":"text","text":big})), delta(0, json!({"type":"text_delta","text":"y"}))];
        assert!(matches!(assemble(&events).await.1, Err(ProviderError::Protocol(_))));
    }

    #[test]
    fn debug_never_prints_raw_reasoning() {
        let echo = vec![
            signed("secret plan", "secret sig"),
            EchoBlock::Thinking(ThinkingBlock::Redacted { data: "secret data".into() }),
        ];
        let m = ChatMessage::Assistant { text: String::new(), tool_calls: Vec::new(), echo };
        assert!(!format!("{m:?}").contains("secret"), "{m:?}");
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
        let with_signature = Block::Thinking { thinking: "t".into(), signature: "s".into() };
        let unsigned = Block::Thinking { thinking: "t".into(), signature: String::new() };
        assert_eq!(with_signature.close().unwrap(), Some(signed("t", "s")));
        assert_eq!(unsigned.close().unwrap(), None);
        let mut big = "x".repeat(MAX_BLOCK_BYTES);
        assert!(append(&mut big, Some("y")).is_err(), "a block is bounded");
    }
}
