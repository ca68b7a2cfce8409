//! `openai-codex`: the Responses API streaming endpoint with the shared ChatGPT OAuth
//! credential. Every request reads it through [`auth::codex_access`] (refreshed there, under
//! the store's generation check, when it is about to expire); a 401 before the stream starts
//! forces one [`auth::refresh_codex`] and one retry. This provider never writes `auth.json`.
//!
//! Stream events used: `response.output_text.delta`, `response.output_item.done` (complete
//! `function_call` items), `response.reasoning_summary_text.done` (a provider-marked reasoning
//! summary: the only reasoning that is projected), `response.completed` (usage),
//! `response.failed` and `error`.
//!
//! The turn's capture sets `reasoning.effort` (its reasoning level) and, when `fast` was
//! captured, `service_tier: "priority"` (see `select`).

use std::path::PathBuf;

use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::http::{arguments, headers, json, post_sse, SseStream};
use super::{
    emit, BoxFuture, ChatMessage, ModelRequest, Provider, ProviderError, StopReason, StreamEvent, ToolCall, Usage,
};
use crate::auth::{self, Credential};

pub const PROVIDER_ID: &str = "openai-codex";

pub struct OpenAiCodex {
    pub base_url: String,
    pub model: String,
    /// Where the shared auth store lives.
    pub state_root: PathBuf,
    /// `reasoning.effort` from the turn's captured reasoning level; `None`: model default.
    pub effort: Option<&'static str>,
    /// `service_tier` from the turn's captured fast flag; `None`: not sent (account default).
    pub service_tier: Option<&'static str>,
}

impl Provider for OpenAiCodex {
    fn id(&self) -> &str {
        PROVIDER_ID
    }
    fn model(&self) -> &str {
        &self.model
    }
    fn context_window(&self) -> u64 {
        272_000
    }
    fn stream<'a>(
        &'a self,
        request: &'a ModelRequest,
        out: mpsc::Sender<StreamEvent>,
    ) -> BoxFuture<'a, Result<StopReason, ProviderError>> {
        Box::pin(self.run(request, out))
    }
}

pub fn body(model: &str, effort: Option<&str>, service_tier: Option<&str>, request: &ModelRequest) -> Value {
    let mut input = Vec::new();
    for m in &request.messages {
        match m {
            ChatMessage::User(text) => {
                input.push(json!({"type":"message","role":"user","content":[{"type":"input_text","text":text}]}));
            }
            ChatMessage::Assistant { text, tool_calls, .. } => {
                if !text.is_empty() {
                    input.push(
                        json!({"type":"message","role":"assistant","content":[{"type":"output_text","text":text}]}),
                    );
                }
                for c in tool_calls {
                    input.push(json!({"type":"function_call","call_id":c.id,"name":c.name,"arguments":c.arguments.to_string()}));
                }
            }
            ChatMessage::ToolResult { call_id, content, .. } => {
                input.push(json!({"type":"function_call_output","call_id":call_id,"output":content}));
            }
        }
    }
    let tools: Vec<Value> = request
        .tools
        .iter()
        .map(|t| json!({"type":"function","name":t.name,"description":t.description,"parameters":t.parameters,"strict":false}))
        .collect();
    let mut reasoning = json!({"summary": "auto"});
    if let Some(effort) = effort {
        reasoning["effort"] = json!(effort);
    }
    let mut body = json!({
        "model": model,
        "instructions": request.system,
        "input": input,
        "tools": tools,
        "tool_choice": "auto",
        "parallel_tool_calls": false,
        "reasoning": reasoning,
        "store": false,
        "stream": true,
    });
    if let Some(tier) = service_tier {
        body["service_tier"] = json!(tier);
    }
    body
}

/// The bearer token and account of an OAuth credential; anything else is no Codex login.
fn oauth(credential: Option<Credential>) -> Result<(String, Option<String>), ProviderError> {
    match credential {
        Some(Credential::OAuth { access_token, account_id, .. }) => Ok((access_token.expose().to_owned(), account_id)),
        _ => Err(ProviderError::Auth),
    }
}

impl OpenAiCodex {
    async fn open(
        &self,
        request: &ModelRequest,
        token: &str,
        account: Option<&str>,
    ) -> Result<SseStream, ProviderError> {
        let url = format!("{}/responses", self.base_url.trim_end_matches('/'));
        let bearer = format!("Bearer {token}");
        let mut pairs =
            vec![("authorization", bearer.as_str()), ("accept", "text/event-stream"), ("originator", "agentwire")];
        if let Some(account) = account {
            pairs.push(("chatgpt-account-id", account));
        }
        post_sse(&url, headers(&pairs)?, &body(&self.model, self.effort, self.service_tier, request)).await
    }

    /// The response stream: with the current credential, and once more after a forced refresh
    /// when the backend refused it (the stream had not started, so nothing was emitted).
    async fn connect(&self, request: &ModelRequest) -> Result<SseStream, ProviderError> {
        let access = auth::codex_access(&self.state_root).await.map_err(|e| {
            tracing::warn!(error = %e, "codex credential unavailable");
            ProviderError::Auth
        })?;
        let (token, account) = oauth(access)?;
        match self.open(request, &token, account.as_deref()).await {
            Err(ProviderError::Status(401)) => {
                let fresh = auth::refresh_codex(&self.state_root).await.map_err(|e| {
                    tracing::warn!(error = %e, "codex credential was refused and could not be refreshed");
                    ProviderError::Auth
                })?;
                let (token, account) = oauth(Some(fresh))?;
                self.open(request, &token, account.as_deref()).await
            }
            other => other,
        }
    }

    async fn run(&self, request: &ModelRequest, out: mpsc::Sender<StreamEvent>) -> Result<StopReason, ProviderError> {
        let mut stream = self.connect(request).await?;
        let mut saw_call = false;
        while let Some(ev) = stream.next().await? {
            let v = json(&ev.data)?;
            let kind = v["type"].as_str().or(ev.event.as_deref()).unwrap_or_default().to_owned();
            match kind.as_str() {
                "response.output_text.delta" => {
                    if let Some(t) = v["delta"].as_str().filter(|t| !t.is_empty()) {
                        emit(&out, StreamEvent::Text(t.to_owned())).await?;
                    }
                }
                "response.reasoning_summary_text.done" => {
                    if let Some(t) = v["text"].as_str() {
                        emit(&out, StreamEvent::ReasoningSummary(t.to_owned())).await?;
                    }
                }
                "response.output_item.done" if v["item"]["type"] == "function_call" => {
                    let item = &v["item"];
                    let id = item["call_id"]
                        .as_str()
                        .ok_or_else(|| ProviderError::Protocol("function_call without call_id".into()))?;
                    let name = item["name"]
                        .as_str()
                        .ok_or_else(|| ProviderError::Protocol("function_call without name".into()))?;
                    let args = arguments(item["arguments"].as_str().unwrap_or_default())?;
                    saw_call = true;
                    emit(
                        &out,
                        StreamEvent::ToolCall(ToolCall { id: id.to_owned(), name: name.to_owned(), arguments: args }),
                    )
                    .await?;
                }
                "response.completed" => {
                    let u = &v["response"]["usage"];
                    let usage = Usage {
                        input: u["input_tokens"].as_u64().unwrap_or(0),
                        output: u["output_tokens"].as_u64().unwrap_or(0),
                        cache_read: u["input_tokens_details"]["cached_tokens"].as_u64(),
                    };
                    emit(&out, StreamEvent::Usage(usage)).await?;
                    let incomplete = v["response"]["status"] == "incomplete";
                    return Ok(if saw_call {
                        StopReason::ToolUse
                    } else if incomplete {
                        StopReason::MaxTokens
                    } else {
                        StopReason::EndTurn
                    });
                }
                "response.failed" | "error" => {
                    let code = v["response"]["error"]["code"].as_str().or(v["code"].as_str()).unwrap_or("error");
                    return Err(ProviderError::Api(code.to_owned()));
                }
                _ => {}
            }
        }
        Err(ProviderError::Protocol("stream ended before response.completed".into()))
    }
}
