//! MCP tools from stdio MCP servers (official `rmcp` client). Servers come from the global
//! settings file, `$MC_HOME/settings.toml`:
//!
//! ```toml
//! [mcp_servers.notes]
//! command = "/usr/local/bin/notes-mcp"
//! args = ["--read-only"]
//! env = { NOTES_DIR = "/home/me/notes" }
//! ```
//!
//! Only the global file counts: a project file is part of a checked-out repository, and
//! starting commands named by a repository would run its code on open. A turn starts the
//! configured servers, lists their tools (offered to the model as `mcp__<server>__<tool>`),
//! calls them, and stops the servers when it ends. A server that fails to start or list is
//! skipped. Approvals are unsupported, so MCP tools run like the read-only built-ins; the
//! server's own configuration decides what it may do.

use std::path::Path;
use std::time::Duration;

use rmcp::model::{CallToolRequestParams, ContentBlock};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::Value;

use super::tools::bound;
use crate::providers::ToolSpec;

const START_TIMEOUT: Duration = Duration::from_secs(10);
pub const CALL_TIMEOUT: Duration = Duration::from_secs(60);
pub const PREFIX: &str = "mcp__";
/// Provider tool names are at most 64 characters.
const MAX_TOOL_NAME: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
}

/// The configured servers; unreadable settings mean none (the turn runs without MCP).
pub fn configured(state_root: &Path) -> Vec<ServerConfig> {
    let Ok(text) = std::fs::read_to_string(state_root.join("settings.toml")) else { return Vec::new() };
    let Ok(doc) = text.parse::<toml_edit::DocumentMut>() else {
        tracing::warn!("settings.toml is not valid TOML; no MCP servers");
        return Vec::new();
    };
    let Some(servers) = doc.get("mcp_servers").and_then(|s| s.as_table_like()) else { return Vec::new() };
    let mut out = Vec::new();
    for (name, item) in servers.iter() {
        let Some(t) = item.as_table_like() else { continue };
        let Some(command) = t.get("command").and_then(|c| c.as_str()) else { continue };
        let args = t
            .get("args")
            .and_then(|a| a.as_array())
            .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        let env = t
            .get("env")
            .and_then(|e| e.as_table_like())
            .map(|e| e.iter().filter_map(|(k, v)| Some((k.to_owned(), v.as_str()?.to_owned()))).collect())
            .unwrap_or_default();
        out.push(ServerConfig { name: name.to_owned(), command: command.to_owned(), args, env });
    }
    out
}

/// `[a-z0-9_]` only: valid as a provider tool name and as a transcript tool name.
fn slug(s: &str) -> String {
    s.chars()
        .map(|c| c.to_ascii_lowercase())
        .map(|c| if c.is_ascii_lowercase() || c.is_ascii_digit() { c } else { '_' })
        .collect()
}

#[derive(Debug, Clone)]
pub struct McpTool {
    /// The name the model sees.
    pub exposed: String,
    pub server: String,
    pub name: String,
    description: String,
    schema: Value,
}

/// The turn's running MCP servers and their tools.
#[derive(Default)]
pub struct Mcp {
    servers: Vec<(String, RunningService<RoleClient, ()>)>,
    tools: Vec<McpTool>,
}

impl Mcp {
    pub async fn start(configs: &[ServerConfig]) -> Mcp {
        let mut mcp = Mcp::default();
        for config in configs {
            match tokio::time::timeout(START_TIMEOUT, start_one(config)).await {
                Ok(Ok((service, tools))) => {
                    for t in tools {
                        let exposed: String = format!("{PREFIX}{}__{}", slug(&config.name), slug(&t.name))
                            .chars()
                            .take(MAX_TOOL_NAME)
                            .collect();
                        if mcp.tools.iter().any(|x| x.exposed == exposed) {
                            continue;
                        }
                        let schema = Value::Object((*t.input_schema).clone());
                        let description = t.description.as_deref().unwrap_or_default().to_owned();
                        mcp.tools.push(McpTool {
                            exposed,
                            server: config.name.clone(),
                            name: t.name.to_string(),
                            description,
                            schema,
                        });
                    }
                    mcp.servers.push((config.name.clone(), service));
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "MCP server could not start; skipped"),
                Err(_) => tracing::warn!("MCP server did not initialize in time; skipped"),
            }
        }
        mcp
    }

    pub fn specs(&self) -> Vec<ToolSpec> {
        self.tools
            .iter()
            .map(|t| ToolSpec {
                name: t.exposed.clone(),
                description: t.description.clone(),
                parameters: t.schema.clone(),
            })
            .collect()
    }

    pub fn find(&self, exposed: &str) -> Option<&McpTool> {
        self.tools.iter().find(|t| t.exposed == exposed)
    }

    /// Calls a tool; `Err((message, timed_out))` on failure. Only text content is returned.
    pub async fn call(&self, tool: &McpTool, args: &Value) -> Result<String, (String, bool)> {
        let Some((_, service)) = self.servers.iter().find(|(n, _)| *n == tool.server) else {
            return Err(("server is gone".into(), false));
        };
        let mut params = CallToolRequestParams::new(tool.name.clone());
        params.arguments = args.as_object().cloned();
        let result = match tokio::time::timeout(CALL_TIMEOUT, service.call_tool(params)).await {
            Err(_) => return Err(("timed out".into(), true)),
            Ok(Err(e)) => return Err((format!("call failed: {e}"), false)),
            Ok(Ok(r)) => r,
        };
        let text: Vec<&str> =
            result.content.iter().filter_map(ContentBlock::as_text).map(|t| t.text.as_str()).collect();
        let text = bound(text.join("\n"));
        if result.is_error == Some(true) {
            Err((text, false))
        } else {
            Ok(text)
        }
    }

    /// Stops every server of the turn.
    pub async fn shutdown(self) {
        for (_, service) in self.servers {
            let _ = tokio::time::timeout(Duration::from_secs(2), service.cancel()).await;
        }
    }
}

async fn start_one(config: &ServerConfig) -> Result<(RunningService<RoleClient, ()>, Vec<rmcp::model::Tool>), String> {
    let mut command = tokio::process::Command::new(&config.command);
    command.args(&config.args).envs(config.env.iter().cloned()).stderr(std::process::Stdio::null()).kill_on_drop(true);
    let transport = TokioChildProcess::new(command).map_err(|e| format!("spawn: {e}"))?;
    let service = ().serve(transport).await.map_err(|e| format!("initialize: {e}"))?;
    let tools = service.list_all_tools().await.map_err(|e| format!("tools/list: {e}"))?;
    Ok((service, tools))
}
