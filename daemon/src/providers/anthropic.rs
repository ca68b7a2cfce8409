//! Anthropic Messages API with SSE streaming and tool use.
//!
//! Stream events: `message_start` (input usage), `content_block_start` (`text`, `tool_use`,
//! `thinking`), `content_block_delta` (`text_delta`, `input_json_delta`, `thinking_delta`),
//! `content_block_stop`, `message_delta` (stop reason, output usage), `message_stop`, `ping`,
//! `error`. Thinking is raw reasoning, never a verified summary, so it is dropped.

use std::collections::HashMap;

use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::http::{arguments, headers, json, post_sse};
use super::{
    emit, BoxFuture, ChatMessage, ModelRequest, Provider, ProviderError, StopReason, StreamEvent, ToolCall, Usage,
};

const API_VERSION: &str = "2023-06-01";

pub struct Anthropic {
    pub base_url: String,
    pub api_key: String,
    pub model: String,
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
pub fn body(model: &str, request: &ModelRequest) -> Value {
    let mut messages: Vec<Value> = Vec::new();
    for m in &request.messages {
        let (role, block) = match m {
            ChatMessage::User(text) => ("user", vec![json!({"type":"text","text":text})]),
            ChatMessage::Assistant { text, tool_calls } => {
                let mut blocks = Vec::new();
                if !text.is_empty() {
                    blocks.push(json!({"type":"text","text":text}));
                }
                for c in tool_calls {
                    blocks.push(json!({"type":"tool_use","id":c.id,"name":c.name,"input":c.arguments}));
                }
                ("assistant", blocks)
            }
            ChatMessage::ToolResult { call_id, content, is_error } => (
                "user",
                vec![json!({"type":"tool_result","tool_use_id":call_id,"content":content,"is_error":is_error})],
            ),
        };
        // The API wants alternating roles: merge consecutive same-role messages (tool results).
        match messages.last_mut() {
            Some(last) if last["role"] == role => {
                if let Some(content) = last["content"].as_array_mut() {
                    content.extend(block);
                }
            }
            _ => messages.push(json!({"role":role,"content":block})),
        }
    }
    let tools: Vec<Value> = request
        .tools
        .iter()
        .map(|t| json!({"name":t.name,"description":t.description,"input_schema":t.parameters}))
        .collect();
    let mut body = json!({
        "model": model,
        "max_tokens": request.max_output_tokens,
        "system": request.system,
        "messages": messages,
        "stream": true,
    });
    if !tools.is_empty() {
        body["tools"] = Value::Array(tools);
    }
    body
}

#[derive(Default)]
struct Block {
    tool: Option<(String, String)>,
    json: String,
}

impl Anthropic {
    async fn run(&self, request: &ModelRequest, out: mpsc::Sender<StreamEvent>) -> Result<StopReason, ProviderError> {
        let url = format!("{}/v1/messages", self.base_url.trim_end_matches('/'));
        let h = headers(&[
            ("x-api-key", &self.api_key),
            ("anthropic-version", API_VERSION),
            ("accept", "text/event-stream"),
        ])?;
        let mut stream = post_sse(&url, h, &body(&self.model, request)).await?;
        let mut blocks: HashMap<u64, Block> = HashMap::new();
        let mut usage = Usage::default();
        let mut stop = None;
        while let Some(ev) = stream.next().await? {
            let v = json(&ev.data)?;
            match v["type"].as_str().unwrap_or_default() {
                "message_start" => {
                    let u = &v["message"]["usage"];
                    usage.input = u["input_tokens"].as_u64().unwrap_or(0);
                    usage.cache_read = u["cache_read_input_tokens"].as_u64();
                    usage.output = u["output_tokens"].as_u64().unwrap_or(0);
                }
                "content_block_start" => {
                    let index = v["index"].as_u64().unwrap_or(0);
                    let b = &v["content_block"];
                    let mut block = Block::default();
                    if b["type"] == "tool_use" {
                        let id =
                            b["id"].as_str().ok_or_else(|| ProviderError::Protocol("tool_use without id".into()))?;
                        let name = b["name"]
                            .as_str()
                            .ok_or_else(|| ProviderError::Protocol("tool_use without name".into()))?;
                        block.tool = Some((id.to_owned(), name.to_owned()));
                    } else if b["type"] == "text" {
                        if let Some(t) = b["text"].as_str().filter(|t| !t.is_empty()) {
                            emit(&out, StreamEvent::Text(t.to_owned())).await?;
                        }
                    }
                    blocks.insert(index, block);
                }
                "content_block_delta" => {
                    let index = v["index"].as_u64().unwrap_or(0);
                    let d = &v["delta"];
                    match d["type"].as_str().unwrap_or_default() {
                        "text_delta" => {
                            if let Some(t) = d["text"].as_str().filter(|t| !t.is_empty()) {
                                emit(&out, StreamEvent::Text(t.to_owned())).await?;
                            }
                        }
                        "input_json_delta" => {
                            if let (Some(b), Some(part)) = (blocks.get_mut(&index), d["partial_json"].as_str()) {
                                b.json.push_str(part);
                            }
                        }
                        _ => {} // thinking / signature deltas: raw reasoning is never projected
                    }
                }
                "content_block_stop" => {
                    let index = v["index"].as_u64().unwrap_or(0);
                    if let Some(Block { tool: Some((id, name)), json }) = blocks.remove(&index) {
                        let call = ToolCall { id, name, arguments: arguments(&json)? };
                        emit(&out, StreamEvent::ToolCall(call)).await?;
                    }
                }
                "message_delta" => {
                    if let Some(o) = v["usage"]["output_tokens"].as_u64() {
                        usage.output = o;
                    }
                    stop = v["delta"]["stop_reason"].as_str().map(str::to_owned).or(stop);
                }
                "message_stop" => break,
                "error" => return Err(ProviderError::Api(v["error"]["type"].as_str().unwrap_or("error").to_owned())),
                _ => {} // ping and future events
            }
        }
        let stop = stop.ok_or_else(|| ProviderError::Protocol("stream ended without a stop reason".into()))?;
        emit(&out, StreamEvent::Usage(usage)).await?;
        Ok(match stop.as_str() {
            "tool_use" => StopReason::ToolUse,
            "max_tokens" => StopReason::MaxTokens,
            _ => StopReason::EndTurn,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::providers::Purpose;

    #[test]
    fn consecutive_tool_results_merge_into_one_user_message() {
        let call = |id: &str| ToolCall { id: id.into(), name: "read_file".into(), arguments: json!({"path":"a"}) };
        let request = ModelRequest {
            model: "m".into(),
            system: "s".into(),
            messages: vec![
                ChatMessage::User("q".into()),
                ChatMessage::Assistant { text: String::new(), tool_calls: vec![call("1"), call("2")] },
                ChatMessage::ToolResult { call_id: "1".into(), content: "x".into(), is_error: false },
                ChatMessage::ToolResult { call_id: "2".into(), content: "y".into(), is_error: true },
            ],
            tools: Vec::new(),
            max_output_tokens: 10,
            purpose: Purpose::Turn,
        };
        let b = body("m", &request);
        let roles: Vec<&str> = b["messages"].as_array().unwrap().iter().map(|m| m["role"].as_str().unwrap()).collect();
        assert_eq!(roles, ["user", "assistant", "user"], "roles alternate");
        assert_eq!(b["messages"][1]["content"].as_array().unwrap().len(), 2, "no empty text block");
        assert_eq!(b["messages"][2]["content"][1]["is_error"], true);
        assert!(b.get("tools").is_none());
    }
}
