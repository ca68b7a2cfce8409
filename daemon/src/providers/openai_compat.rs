//! OpenAI-compatible chat completions with streaming (`stream: true`), for custom providers
//! such as a local model server: a base URL, a model, and an API key from a named environment
//! variable or no authentication at all.
//!
//! Each SSE `data:` line is a `chat.completion.chunk` (`choices[0].delta.content`,
//! `delta.tool_calls[]` by `index` with argument fragments, `finish_reason`), an optional
//! final chunk with `usage`, an `{"error":…}` object, or `[DONE]`.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::http::{arguments, headers, json, post_sse};
use super::{
    emit, BoxFuture, ChatMessage, ModelRequest, Provider, ProviderError, StopReason, StreamEvent, ToolCall, Usage,
};

pub struct OpenAiCompat {
    pub provider_id: String,
    pub base_url: String,
    /// `None`: the server needs no authentication.
    pub api_key: Option<String>,
    pub model: String,
    pub context_window: u64,
    /// `reasoning_effort` from the turn's captured reasoning level; `None`: server default.
    pub reasoning_effort: Option<&'static str>,
}

impl Provider for OpenAiCompat {
    fn id(&self) -> &str {
        &self.provider_id
    }
    fn model(&self) -> &str {
        &self.model
    }
    fn context_window(&self) -> u64 {
        self.context_window
    }
    fn stream<'a>(
        &'a self,
        request: &'a ModelRequest,
        out: mpsc::Sender<StreamEvent>,
    ) -> BoxFuture<'a, Result<StopReason, ProviderError>> {
        Box::pin(self.run(request, out))
    }
}

pub fn body(model: &str, reasoning_effort: Option<&str>, request: &ModelRequest) -> Value {
    let mut messages = vec![json!({"role":"system","content":request.system})];
    for m in &request.messages {
        messages.push(match m {
            ChatMessage::User(text) => json!({"role":"user","content":text}),
            ChatMessage::Assistant { text, tool_calls, .. } => {
                let mut v = json!({"role":"assistant","content": if text.is_empty() { Value::Null } else { json!(text) }});
                if !tool_calls.is_empty() {
                    v["tool_calls"] = tool_calls
                        .iter()
                        .map(|c| json!({"id":c.id,"type":"function","function":{"name":c.name,"arguments":c.arguments.to_string()}}))
                        .collect();
                }
                v
            }
            ChatMessage::ToolResult { call_id, content, .. } => json!({"role":"tool","tool_call_id":call_id,"content":content}),
        });
    }
    let mut body = json!({
        "model": model,
        "messages": messages,
        "stream": true,
        "stream_options": {"include_usage": true},
        "max_tokens": request.max_output_tokens,
    });
    if let Some(effort) = reasoning_effort {
        body["reasoning_effort"] = json!(effort);
    }
    if !request.tools.is_empty() {
        body["tools"] = request
            .tools
            .iter()
            .map(|t| json!({"type":"function","function":{"name":t.name,"description":t.description,"parameters":t.parameters}}))
            .collect();
    }
    body
}

#[derive(Default)]
struct PartialCall {
    id: String,
    name: String,
    arguments: String,
}

impl OpenAiCompat {
    async fn run(&self, request: &ModelRequest, out: mpsc::Sender<StreamEvent>) -> Result<StopReason, ProviderError> {
        let url = format!("{}/chat/completions", self.base_url.trim_end_matches('/'));
        let bearer = self.api_key.as_ref().map(|k| format!("Bearer {k}"));
        let mut pairs = vec![("accept", "text/event-stream")];
        if let Some(b) = &bearer {
            pairs.push(("authorization", b));
        }
        let mut stream = post_sse(&url, headers(&pairs)?, &body(&self.model, self.reasoning_effort, request)).await?;
        let mut calls: BTreeMap<u64, PartialCall> = BTreeMap::new();
        let mut finish: Option<String> = None;
        let mut usage = None;
        while let Some(ev) = stream.next().await? {
            if ev.data.trim() == "[DONE]" {
                break;
            }
            let v = json(&ev.data)?;
            if v.get("error").is_some_and(|e| !e.is_null()) {
                return Err(ProviderError::Api(v["error"]["type"].as_str().unwrap_or("error").to_owned()));
            }
            if let Some(u) = v.get("usage").filter(|u| u.is_object()) {
                usage = Some(Usage {
                    input: u["prompt_tokens"].as_u64().unwrap_or(0),
                    output: u["completion_tokens"].as_u64().unwrap_or(0),
                    cache_read: u["prompt_tokens_details"]["cached_tokens"].as_u64(),
                });
            }
            let Some(choice) = v["choices"].get(0) else { continue };
            let delta = &choice["delta"];
            // `reasoning_content` (DeepSeek, vLLM, llama.cpp) or `reasoning` (Ollama, OpenRouter).
            let reasoning = delta["reasoning_content"].as_str().or_else(|| delta["reasoning"].as_str());
            if let Some(t) = reasoning.filter(|t| !t.is_empty()) {
                emit(&out, StreamEvent::Thinking(t.to_owned())).await?;
            }
            if let Some(t) = delta["content"].as_str().filter(|t| !t.is_empty()) {
                emit(&out, StreamEvent::Text(t.to_owned())).await?;
            }
            for c in delta["tool_calls"].as_array().into_iter().flatten() {
                let index = c["index"].as_u64().unwrap_or(0);
                let partial = calls.entry(index).or_default();
                if let Some(id) = c["id"].as_str() {
                    partial.id = id.to_owned();
                }
                if let Some(name) = c["function"]["name"].as_str() {
                    partial.name.push_str(name);
                }
                if let Some(args) = c["function"]["arguments"].as_str() {
                    partial.arguments.push_str(args);
                }
            }
            if let Some(f) = choice["finish_reason"].as_str() {
                finish = Some(f.to_owned());
            }
        }
        let finish = finish.ok_or_else(|| ProviderError::Protocol("stream ended without a finish reason".into()))?;
        let had_calls = !calls.is_empty();
        for c in calls.into_values() {
            if c.name.is_empty() {
                return Err(ProviderError::Protocol("tool call without a name".into()));
            }
            // A server that sends no ID gets a fresh one per call: `call_{index}` repeated on
            // every step, so results and calls of different steps could not be told apart.
            let id =
                if c.id.is_empty() { format!("call_{}", crate::transport::instance_id::random_hex(8)) } else { c.id };
            emit(&out, StreamEvent::ToolCall(ToolCall { id, name: c.name, arguments: arguments(&c.arguments)? }))
                .await?;
        }
        if let Some(u) = usage {
            emit(&out, StreamEvent::Usage(u)).await?;
        }
        Ok(match finish.as_str() {
            "tool_calls" | "function_call" => StopReason::ToolUse,
            "length" => StopReason::MaxTokens,
            _ if had_calls => StopReason::ToolUse,
            _ => StopReason::EndTurn,
        })
    }
}
