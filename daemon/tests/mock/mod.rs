//! Loopback mock providers speaking their real streaming formats over HTTP/1.1, with SSE
//! bodies cut at awkward byte boundaries (inside lines, `\r\n`s and multi-byte characters).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};

/// What the mock answers to one request.
pub enum Reply {
    /// An SSE body, written in pieces with `pause` between them.
    Sse { body: String, pause: Duration, piece: usize },
    /// A plain error status.
    Status(u16),
    /// A JSON body (OAuth token endpoint).
    Json(Value),
}

impl Reply {
    pub fn sse(body: String) -> Reply {
        Reply::Sse { body, pause: Duration::from_millis(1), piece: 7 }
    }
    /// Large awkward pieces without pauses, for big bodies.
    pub fn fast(body: String) -> Reply {
        Reply::Sse { body, pause: Duration::ZERO, piece: 4093 }
    }
    pub fn slow(body: String, pause: Duration) -> Reply {
        Reply::Sse { body, pause, piece: 0 }
    }
}

type Script = dyn Fn(usize, &Value) -> Reply + Send + Sync;

pub struct Mock {
    pub url: String,
    pub requests: Arc<Mutex<Vec<Value>>>,
    /// Per request: the path and the credential headers (`authorization`, `x-api-key`).
    pub heads: Arc<Mutex<Vec<Head>>>,
}

/// What a request carried besides its body.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Head {
    pub path: String,
    pub authorization: Option<String>,
    pub api_key: Option<String>,
    /// Anthropic's beta opt-in header.
    pub anthropic_beta: Option<String>,
}

impl Mock {
    /// Serves until the test process ends; `script(n, body)` answers the n-th request.
    pub fn start(script: impl Fn(usize, &Value) -> Reply + Send + Sync + 'static) -> Mock {
        Mock::serve(None, script)
    }

    /// As [`Mock::start`], and answers Anthropic's `GET /v1/models` (discovery) with `models`;
    /// those requests are neither scripted nor recorded.
    pub fn with_models(models: Value, script: impl Fn(usize, &Value) -> Reply + Send + Sync + 'static) -> Mock {
        Mock::serve(Some(models), script)
    }

    fn serve(models: Option<Value>, script: impl Fn(usize, &Value) -> Reply + Send + Sync + 'static) -> Mock {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
        let heads: Arc<Mutex<Vec<Head>>> = Arc::default();
        let script: Arc<Script> = Arc::new(script);
        let seen = (Arc::clone(&requests), Arc::clone(&heads));
        let models = Arc::new(models);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let (seen, script, models) = (seen.clone(), Arc::clone(&script), Arc::clone(&models));
                std::thread::spawn(move || serve(stream, &seen.0, &seen.1, &*script, models.as_ref().as_ref()));
            }
        });
        Mock { url, requests, heads }
    }

    pub fn bodies(&self) -> Vec<Value> {
        self.requests.lock().unwrap().clone()
    }

    pub fn heads(&self) -> Vec<Head> {
        self.heads.lock().unwrap().clone()
    }
}

/// `application/x-www-form-urlencoded` as a JSON object of strings (OAuth token requests).
fn form(body: &[u8]) -> Option<Value> {
    let text = std::str::from_utf8(body).ok()?;
    let decode = |s: &str| -> Option<String> {
        let bytes = s.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'+' => out.push(b' '),
                b'%' => {
                    out.push(u8::from_str_radix(s.get(i + 1..i + 3)?, 16).ok()?);
                    i += 2;
                }
                b => out.push(b),
            }
            i += 1;
        }
        String::from_utf8(out).ok()
    };
    let mut map = serde_json::Map::new();
    for pair in text.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=')?;
        map.insert(decode(k)?, Value::String(decode(v)?));
    }
    Some(Value::Object(map))
}

fn serve(
    stream: TcpStream,
    seen: &Mutex<Vec<Value>>,
    heads: &Mutex<Vec<Head>>,
    script: &Script,
    models: Option<&Value>,
) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut length = 0usize;
    let mut line = String::new();
    let mut head = Head::default();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if head.path.is_empty() {
            head.path = l.split(' ').nth(1).unwrap_or_default().to_owned();
            continue;
        }
        let Some((name, value)) = l.split_once(':') else { continue };
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse().unwrap_or(0),
            "authorization" => head.authorization = Some(value.trim().to_owned()),
            "x-api-key" => head.api_key = Some(value.trim().to_owned()),
            "anthropic-beta" => head.anthropic_beta = Some(value.trim().to_owned()),
            _ => {}
        }
    }
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    let body: Value = serde_json::from_slice(&body).ok().or_else(|| form(&body)).unwrap_or(Value::Null);
    if let Some(models) = models.filter(|_| head.path.starts_with("/v1/models")) {
        reply(stream, Reply::Json(models.clone()));
        return;
    }
    let n = {
        let mut seen = seen.lock().unwrap();
        let mut heads = heads.lock().unwrap();
        seen.push(body.clone());
        heads.push(head);
        seen.len() - 1
    };
    reply(stream, script(n, &body));
}

fn reply(stream: TcpStream, reply: Reply) {
    let mut out = stream;
    match reply {
        Reply::Status(code) => {
            let _ = write!(out, "HTTP/1.1 {code} Error\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{{}}");
        }
        Reply::Json(v) => {
            let body = v.to_string();
            let _ = write!(out, "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}", body.len());
        }
        Reply::Sse { body, pause, piece } => {
            let _ = write!(out, "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n");
            let bytes = body.as_bytes();
            let mut at = 0;
            let mut k = 0;
            while at < bytes.len() {
                // piece 0: one SSE event per write; otherwise awkward sizes 1..=piece+6.
                let end = if piece == 0 {
                    bytes[at..].windows(2).position(|w| w == b"\n\n").map_or(bytes.len(), |i| at + i + 2)
                } else {
                    k += 1;
                    (at + 1 + (k * 5) % (piece + 6)).min(bytes.len())
                };
                if out.write_all(&bytes[at..end]).and_then(|()| out.flush()).is_err() {
                    return; // the daemon hung up (cancellation)
                }
                at = end;
                std::thread::sleep(pause);
            }
        }
    }
    let _ = out.shutdown(std::net::Shutdown::Both);
}

fn event(name: Option<&str>, data: &Value) -> String {
    match name {
        Some(n) => format!("event: {n}\r\ndata: {data}\r\n\r\n"),
        None => format!("data: {data}\n\n"),
    }
}

/// OpenAI chat-completions chunks: text deltas, then tool calls (arguments in two fragments).
pub fn openai(deltas: &[&str], calls: &[(&str, &str, Value)]) -> String {
    let mut s = String::new();
    for d in deltas {
        s += &event(None, &json!({"choices":[{"index":0,"delta":{"content":d},"finish_reason":null}]}));
    }
    for (i, (id, name, args)) in calls.iter().enumerate() {
        let args = args.to_string();
        let (a, b) = args.split_at(args.len() / 2);
        s += &event(
            None,
            &json!({"choices":[{"index":0,"delta":{"tool_calls":[{"index":i,"id":id,"type":"function","function":{"name":name,"arguments":a}}]}}]}),
        );
        s += &event(
            None,
            &json!({"choices":[{"index":0,"delta":{"tool_calls":[{"index":i,"function":{"arguments":b}}]}}]}),
        );
    }
    let finish = if calls.is_empty() { "stop" } else { "tool_calls" };
    s += &event(None, &json!({"choices":[{"index":0,"delta":{},"finish_reason":finish}]}));
    s += &event(
        None,
        &json!({"choices":[],"usage":{"prompt_tokens":120,"completion_tokens":30,"prompt_tokens_details":{"cached_tokens":100}}}),
    );
    s += "data: [DONE]\n\n";
    s
}

fn block_start(index: usize, block: &Value) -> String {
    event(Some("content_block_start"), &json!({"type":"content_block_start","index":index,"content_block":block}))
}

fn block_delta(index: usize, delta: &Value) -> String {
    event(Some("content_block_delta"), &json!({"type":"content_block_delta","index":index,"delta":delta}))
}

fn block_stop(index: usize) -> String {
    event(Some("content_block_stop"), &json!({"type":"content_block_stop","index":index}))
}

/// Anthropic Messages events: a thinking block without a signature, text deltas in one block,
/// then tool_use blocks.
pub fn anthropic(deltas: &[&str], calls: &[(&str, &str, Value)]) -> String {
    let mut thinking = block_start(0, &json!({"type":"thinking","thinking":""}));
    thinking += &block_delta(0, &json!({"type":"thinking_delta","thinking":"raw private thoughts"}));
    thinking += &block_stop(0);
    anthropic_message(&thinking, 1, deltas, calls)
}

/// Anthropic Messages events as with extended thinking enabled: a thinking block streamed in
/// `fragments` and closed by its `signature`, a `redacted_thinking` block carrying `redacted`,
/// then text deltas and tool_use blocks.
pub fn anthropic_thinking(
    fragments: &[&str],
    signature: &str,
    redacted: &str,
    deltas: &[&str],
    calls: &[(&str, &str, Value)],
) -> String {
    let mut thinking = thinking_block(0, fragments, signature);
    thinking += &block_start(1, &json!({"type":"redacted_thinking","data":redacted}));
    thinking += &block_stop(1);
    anthropic_message(&thinking, 2, deltas, calls)
}

/// A message whose content starts with the `thinking` events, then a text block at index
/// `text`, then one tool_use block per call.
fn anthropic_message(thinking: &str, text: usize, deltas: &[&str], calls: &[(&str, &str, Value)]) -> String {
    let mut content = thinking.to_owned();
    content += &text_block(text, deltas);
    for (i, (id, name, args)) in calls.iter().enumerate() {
        content += &tool_use_block(text + 1 + i, id, name, args);
    }
    anthropic_envelope(&content, !calls.is_empty())
}

/// `content` (block events) inside a message's start and end events.
fn anthropic_envelope(content: &str, tool_use: bool) -> String {
    let mut s = String::new();
    s += &event(
        Some("message_start"),
        &json!({"type":"message_start","message":{"id":"msg_1","usage":{"input_tokens":50,"output_tokens":1,"cache_read_input_tokens":7}}}),
    );
    s += &event(Some("ping"), &json!({"type":"ping"}));
    s += content;
    let stop = if tool_use { "tool_use" } else { "end_turn" };
    s += &event(
        Some("message_delta"),
        &json!({"type":"message_delta","delta":{"stop_reason":stop},"usage":{"output_tokens":42}}),
    );
    s += &event(Some("message_stop"), &json!({"type":"message_stop"}));
    s
}

fn text_block(index: usize, deltas: &[&str]) -> String {
    let mut s = block_start(index, &json!({"type":"text","text":""}));
    for d in deltas {
        s += &block_delta(index, &json!({"type":"text_delta","text":d}));
    }
    s + &block_stop(index)
}

/// A tool_use block whose input arrives in two `input_json_delta` fragments.
fn tool_use_block(index: usize, id: &str, name: &str, args: &Value) -> String {
    let args = args.to_string();
    let (a, b) = args.split_at(args.len() / 2);
    let mut s = block_start(index, &json!({"type":"tool_use","id":id,"name":name,"input":{}}));
    for part in [a, b] {
        s += &block_delta(index, &json!({"type":"input_json_delta","partial_json":part}));
    }
    s + &block_stop(index)
}

/// One content block of a scripted Anthropic response.
pub enum Part<'a> {
    /// A thinking block streamed in fragments and closed by its signature.
    Thinking(&'a [&'a str], &'a str),
    /// A `redacted_thinking` block with its data.
    Redacted(&'a str),
    /// A text block streamed in deltas.
    Text(&'a [&'a str]),
    /// A tool_use block: ID, name, input.
    ToolUse(&'a str, &'a str, Value),
}

/// Anthropic Messages events with `parts` as the content blocks in this order, as adaptive
/// (interleaved) thinking streams them; stops for tool use when a part is one.
pub fn anthropic_blocks(parts: &[Part]) -> String {
    let mut content = String::new();
    for (index, part) in parts.iter().enumerate() {
        content += &match part {
            Part::Thinking(fragments, signature) => thinking_block(index, fragments, signature),
            Part::Redacted(data) => {
                block_start(index, &json!({"type":"redacted_thinking","data":data})) + &block_stop(index)
            }
            Part::Text(deltas) => text_block(index, deltas),
            Part::ToolUse(id, name, args) => tool_use_block(index, id, name, args),
        };
    }
    anthropic_envelope(&content, parts.iter().any(|p| matches!(p, Part::ToolUse(..))))
}

fn thinking_block(index: usize, fragments: &[&str], signature: &str) -> String {
    let mut s = block_start(index, &json!({"type":"thinking","thinking":""}));
    for f in fragments {
        s += &block_delta(index, &json!({"type":"thinking_delta","thinking":f}));
    }
    s += &block_delta(index, &json!({"type":"signature_delta","signature":signature}));
    s + &block_stop(index)
}

/// One Anthropic Models API entry with a `capabilities` object as `GET /v1/models` returns
/// it: thinking `types` as given, and `efforts` the supported effort levels (the others listed
/// as unsupported).
pub fn anthropic_model(id: &str, adaptive: bool, enabled: bool, efforts: &[&str]) -> Value {
    let on = |yes: bool| json!({"supported":yes});
    let mut effort = json!({"supported":!efforts.is_empty()});
    for level in ["low", "medium", "high", "xhigh", "max"] {
        effort[level] = on(efforts.contains(&level));
    }
    json!({"type":"model","id":id,"display_name":id,"created_at":"2026-01-01T00:00:00Z","max_input_tokens":200000,"max_tokens":64000,
        "capabilities":{"batch":on(true),"citations":on(true),"image_input":on(true),"pdf_input":on(true),
            "structured_outputs":on(true),"effort":effort,
            "thinking":{"supported":adaptive || enabled,"types":{"adaptive":on(adaptive),"enabled":on(enabled)}}}})
}

/// An Anthropic stream that fails mid-way with an `error` event.
pub fn anthropic_error_after(deltas: &[&str]) -> String {
    let mut s = String::new();
    s += &event(Some("message_start"), &json!({"type":"message_start","message":{"usage":{"input_tokens":5}}}));
    s += &event(
        Some("content_block_start"),
        &json!({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}),
    );
    for d in deltas {
        s += &event(
            Some("content_block_delta"),
            &json!({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":d}}),
        );
    }
    s += &event(
        Some("error"),
        &json!({"type":"error","error":{"type":"overloaded_error","message":"secret upstream detail"}}),
    );
    s
}

/// Codex Responses API events: text deltas, a verified reasoning summary, tool calls.
pub fn codex(deltas: &[&str], summary: Option<&str>, calls: &[(&str, &str, Value)]) -> String {
    let mut s = String::new();
    s += &event(Some("response.created"), &json!({"type":"response.created","response":{"id":"r1"}}));
    if let Some(text) = summary {
        s += &event(
            Some("response.reasoning_summary_text.delta"),
            &json!({"type":"response.reasoning_summary_text.delta","delta":text}),
        );
        s += &event(
            Some("response.reasoning_summary_text.done"),
            &json!({"type":"response.reasoning_summary_text.done","text":text}),
        );
    }
    for d in deltas {
        s += &event(Some("response.output_text.delta"), &json!({"type":"response.output_text.delta","delta":d}));
    }
    for (id, name, args) in calls {
        s += &event(
            Some("response.output_item.done"),
            &json!({"type":"response.output_item.done","item":{"type":"function_call","call_id":id,"name":name,"arguments":args.to_string()}}),
        );
    }
    s += &event(
        Some("response.completed"),
        &json!({"type":"response.completed","response":{"status":"completed","usage":{"input_tokens":9,"output_tokens":4,"input_tokens_details":{"cached_tokens":2}}}}),
    );
    s
}

/// OpenAI chat-completions chunks whose tool calls carry no `id` (servers that omit it): the
/// daemon must still give every call its own ID.
pub fn openai_without_ids(deltas: &[&str], calls: &[(&str, Value)]) -> String {
    let mut s = String::new();
    for d in deltas {
        s += &event(None, &json!({"choices":[{"index":0,"delta":{"content":d},"finish_reason":null}]}));
    }
    for (i, (name, args)) in calls.iter().enumerate() {
        s += &event(
            None,
            &json!({"choices":[{"index":0,"delta":{"tool_calls":[{"index":i,"type":"function","function":{"name":name,"arguments":args.to_string()}}]}}]}),
        );
    }
    let finish = if calls.is_empty() { "stop" } else { "tool_calls" };
    s += &event(None, &json!({"choices":[{"index":0,"delta":{},"finish_reason":finish}]}));
    s += "data: [DONE]\n\n";
    s
}
