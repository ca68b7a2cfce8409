//! `openai-codex`: the Responses API streaming endpoint with the stored ChatGPT OAuth
//! credential, refreshed internally when it is about to expire.
//!
//! Stream events used: `response.output_text.delta`, `response.output_item.done` (complete
//! `function_call` items), `response.reasoning_summary_text.done` (a provider-marked reasoning
//! summary: the only reasoning that is projected), `response.completed` (usage),
//! `response.failed` and `error`.

use std::path::PathBuf;

use serde_json::{json, Value};
use tokio::sync::{mpsc, Mutex};

use super::http::{arguments, client, headers, json, post_sse};
use super::{
    emit, BoxFuture, ChatMessage, ModelRequest, Provider, ProviderError, StopReason, StreamEvent, ToolCall, Usage,
};

pub const PROVIDER_ID: &str = "openai-codex";
pub const DEFAULT_BASE_URL: &str = "https://chatgpt.com/backend-api/codex";
pub const DEFAULT_AUTH_URL: &str = "https://auth.openai.com";
/// The public client ID of the Codex CLI's OAuth application.
const CLIENT_ID: &str = "app_EMoamEEZ73f0CkXaXp7hrann";
/// Refresh this long before the access token expires.
const REFRESH_MARGIN_MS: u64 = 60_000;

/// The stored credential (`auth.json`, record `openai-codex`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credential {
    pub access_token: String,
    pub refresh_token: String,
    /// Unix milliseconds; 0 when unknown (then refresh first).
    pub expires_at: u64,
    pub account_id: Option<String>,
}

impl Credential {
    pub fn from_record(v: &Value) -> Option<Credential> {
        Some(Credential {
            access_token: v["access_token"].as_str().unwrap_or_default().to_owned(),
            refresh_token: v["refresh_token"].as_str().filter(|t| !t.is_empty())?.to_owned(),
            expires_at: v["expires_at_ms"].as_u64().or_else(|| v["expires_at"].as_u64()).unwrap_or(0),
            account_id: v["account_id"].as_str().map(str::to_owned),
        })
    }
}

pub struct OpenAiCodex {
    pub base_url: String,
    pub auth_url: String,
    pub model: String,
    /// Where a refreshed credential is written back (`None`: keep it in memory only).
    pub store: Option<PathBuf>,
    pub credential: Mutex<Credential>,
}

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
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

pub fn body(model: &str, request: &ModelRequest) -> Value {
    let mut input = Vec::new();
    for m in &request.messages {
        match m {
            ChatMessage::User(text) => {
                input.push(json!({"type":"message","role":"user","content":[{"type":"input_text","text":text}]}));
            }
            ChatMessage::Assistant { text, tool_calls } => {
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
    json!({
        "model": model,
        "instructions": request.system,
        "input": input,
        "tools": tools,
        "tool_choice": "auto",
        "parallel_tool_calls": false,
        "reasoning": {"summary": "auto"},
        "store": false,
        "stream": true,
    })
}

impl OpenAiCodex {
    /// A usable access token, refreshing (and persisting) it when it is about to expire.
    async fn access(&self) -> Result<Credential, ProviderError> {
        let mut cred = self.credential.lock().await;
        if cred.access_token.is_empty() || cred.expires_at <= now_ms() + REFRESH_MARGIN_MS {
            *cred = self.refresh(&cred).await?;
            if let Some(store) = &self.store {
                let store = store.clone();
                let c = cred.clone();
                // A failed write-back only costs another refresh next time.
                let written = tokio::task::spawn_blocking(move || write_back(&store, &c)).await;
                if !matches!(written, Ok(Ok(()))) {
                    tracing::warn!("refreshed codex credential could not be stored");
                }
            }
        }
        Ok(cred.clone())
    }

    async fn refresh(&self, cred: &Credential) -> Result<Credential, ProviderError> {
        let url = format!("{}/oauth/token", self.auth_url.trim_end_matches('/'));
        let body = json!({"grant_type":"refresh_token","refresh_token":cred.refresh_token,"client_id":CLIENT_ID,"scope":"openid profile email"});
        let resp = client()?.post(url).json(&body).send().await.map_err(|_| ProviderError::Auth)?;
        if !resp.status().is_success() {
            return Err(ProviderError::Auth);
        }
        let v: Value = resp.json().await.map_err(|_| ProviderError::Auth)?;
        let access_token = v["access_token"].as_str().filter(|t| !t.is_empty()).ok_or(ProviderError::Auth)?.to_owned();
        Ok(Credential {
            access_token,
            refresh_token: v["refresh_token"].as_str().map_or_else(|| cred.refresh_token.clone(), str::to_owned),
            expires_at: now_ms() + v["expires_in"].as_u64().unwrap_or(3600) * 1000,
            account_id: cred.account_id.clone(),
        })
    }

    async fn run(&self, request: &ModelRequest, out: mpsc::Sender<StreamEvent>) -> Result<StopReason, ProviderError> {
        let cred = self.access().await?;
        let url = format!("{}/responses", self.base_url.trim_end_matches('/'));
        let bearer = format!("Bearer {}", cred.access_token);
        let mut pairs =
            vec![("authorization", bearer.as_str()), ("accept", "text/event-stream"), ("originator", "agentwire")];
        if let Some(account) = &cred.account_id {
            pairs.push(("chatgpt-account-id", account));
        }
        let mut stream = post_sse(&url, headers(&pairs)?, &body(&self.model, request)).await?;
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

/// Replaces the `openai-codex` record of the shared store, keeping every other record.
fn write_back(store: &std::path::Path, c: &Credential) -> std::io::Result<()> {
    let mut all: serde_json::Map<String, Value> = match std::fs::read(store) {
        Ok(bytes) => serde_json::from_slice(&bytes).map_err(std::io::Error::other)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Default::default(),
        Err(e) => return Err(e),
    };
    let mut record = all.get(PROVIDER_ID).cloned().unwrap_or_else(|| json!({}));
    record["access_token"] = json!(c.access_token);
    record["refresh_token"] = json!(c.refresh_token);
    record["expires_at_ms"] = json!(c.expires_at);
    all.insert(PROVIDER_ID.to_owned(), record);
    let bytes = serde_json::to_vec_pretty(&all).map_err(std::io::Error::other)?;
    crate::atomic_file::write_atomic(store, &bytes, 0o600)
}
