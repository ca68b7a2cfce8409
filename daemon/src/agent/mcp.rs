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
//! starting commands named by a repository would run its code on open. Servers live in the
//! daemon-wide [`super::pool::McpPool`]: a turn acquires the configured servers there (a
//! running one with an identical configuration is reused, tool list included), offers their
//! tools to the model as `mcp__<server>__<tool>` and calls them; the pool stops servers that
//! are no longer configured, idle, or left over at daemon shutdown. A server that fails to
//! start or list is skipped. Approvals are unsupported, so MCP tools run like the read-only
//! built-ins; the server's own configuration decides what it may do.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{CallToolRequestParams, ClientRequest, ContentBlock, PingRequest};
use rmcp::service::{ClientInitializeError, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceError, ServiceExt};
use serde_json::Value;

use super::tools::bound;
use crate::config::settings;
use crate::providers::ToolSpec;

const START_TIMEOUT: Duration = Duration::from_secs(10);
/// A pooled server must answer a ping this fast to be reused; a local process that cannot is
/// hung, and restarting it costs less than a turn whose MCP calls all time out.
const PING_TIMEOUT: Duration = Duration::from_secs(2);
/// How long a stop waits for the server to leave on its own (stdin closed) before it is killed.
const STOP_TIMEOUT: Duration = Duration::from_secs(2);
pub const CALL_TIMEOUT: Duration = Duration::from_secs(60);
pub const PREFIX: &str = "mcp__";
/// Provider tool names are at most 64 characters.
const MAX_TOOL_NAME: usize = 64;

/// A server's whole configuration; the pool's key, so any change restarts the server.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ServerConfig {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
}

/// The configured servers; unreadable settings mean none (the turn runs without MCP). Read
/// like every settings read, so a file others could have written starts nothing.
pub fn configured(state_root: &Path) -> Vec<ServerConfig> {
    let text = match settings::read_text(&settings::global_path(state_root)) {
        Ok(Some(text)) => text,
        Ok(None) => return Vec::new(),
        Err(e) => {
            tracing::warn!(error = %e, "global settings not used; no MCP servers");
            return Vec::new();
        }
    };
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
        let mut env: Vec<(String, String)> = t
            .get("env")
            .and_then(|e| e.as_table_like())
            .map(|e| e.iter().filter_map(|(k, v)| Some((k.to_owned(), v.as_str()?.to_owned()))).collect())
            .unwrap_or_default();
        // Sorted, so that reordering the table is not a configuration change for the pool.
        env.sort();
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

/// Why a server could not be started.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("spawn: {0}")]
    Spawn(#[source] std::io::Error),
    /// Boxed: rmcp's initialize error is large, and a start error is rare.
    #[error("initialize: {0}")]
    Initialize(#[source] Box<ClientInitializeError>),
    #[error("tools/list: {0}")]
    ListTools(#[source] ServiceError),
    #[error("did not initialize in time")]
    Timeout,
}

/// One running server and the tools it listed when it started. rmcp peers multiplex
/// requests by ID, so concurrent turns may call one server at the same time.
pub struct Server {
    config: ServerConfig,
    service: RunningService<RoleClient, ()>,
    tools: Vec<rmcp::model::Tool>,
}

impl Server {
    /// Spawns, initializes and lists the tools within [`START_TIMEOUT`].
    pub async fn start(config: &ServerConfig) -> Result<Server, StartError> {
        tokio::time::timeout(START_TIMEOUT, Server::start_untimed(config)).await.map_err(|_| StartError::Timeout)?
    }

    async fn start_untimed(config: &ServerConfig) -> Result<Server, StartError> {
        let mut command = tokio::process::Command::new(&config.command);
        command
            .args(&config.args)
            .envs(config.env.iter().cloned())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true);
        let transport = TokioChildProcess::new(command).map_err(StartError::Spawn)?;
        let service = ().serve(transport).await.map_err(|e| StartError::Initialize(Box::new(e)))?;
        let tools = service.list_all_tools().await.map_err(StartError::ListTools)?;
        Ok(Server { config: config.clone(), service, tools })
    }

    /// Whether the connection still works. The service loop ends when the process closes its
    /// stdout (exit or crash), which closes the peer; a process that died a moment ago, before
    /// the loop noticed, or one that hangs fails the ping.
    pub async fn alive(&self) -> bool {
        if self.service.is_closed() || self.service.is_transport_closed() {
            return false;
        }
        let ping = self.service.send_request(ClientRequest::PingRequest(PingRequest::default()));
        match tokio::time::timeout(PING_TIMEOUT, ping).await {
            // An error reply (say, a server without ping) still proves the process answers.
            Ok(Ok(_)) | Ok(Err(ServiceError::McpError(_))) => true,
            Ok(Err(_)) | Err(_) => false,
        }
    }

    /// Cancels the service: rmcp closes the child's stdin, waits for it to exit and kills it
    /// if it does not.
    pub async fn stop(self) {
        let _ = tokio::time::timeout(STOP_TIMEOUT, self.service.cancel()).await;
    }
}

/// A turn's view of the pooled servers it acquired and their tools. Dropping it releases
/// the servers back to the pool; it never stops them, since other turns may share them.
#[derive(Default)]
pub struct Mcp {
    servers: Vec<Arc<Server>>,
    tools: Vec<McpTool>,
}

impl Mcp {
    pub fn new(servers: Vec<Arc<Server>>) -> Mcp {
        let mut tools: Vec<McpTool> = Vec::new();
        for server in &servers {
            for t in &server.tools {
                let exposed = exposed_name(&server.config.name, &t.name);
                if tools.iter().any(|x| x.exposed == exposed) {
                    continue;
                }
                tools.push(McpTool {
                    exposed,
                    server: server.config.name.clone(),
                    name: t.name.to_string(),
                    description: t.description.as_deref().unwrap_or_default().to_owned(),
                    schema: Value::Object((*t.input_schema).clone()),
                });
            }
        }
        Mcp { servers, tools }
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
    /// Dropping the future (turn cancellation) abandons this request only; the server stays.
    pub async fn call(&self, tool: &McpTool, args: &Value) -> Result<String, (String, bool)> {
        let Some(server) = self.servers.iter().find(|s| s.config.name == tool.server) else {
            return Err(("server is gone".into(), false));
        };
        let mut params = CallToolRequestParams::new(tool.name.clone());
        params.arguments = args.as_object().cloned();
        let result = match tokio::time::timeout(CALL_TIMEOUT, server.service.call_tool(params)).await {
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
}

/// `mcp__<server>__<tool>`, slugged and cut to the provider limit.
fn exposed_name(server: &str, tool: &str) -> String {
    format!("{PREFIX}{}__{}", slug(server), slug(tool)).chars().take(MAX_TOOL_NAME).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// "The same check before every reread": the settings are read again for every turn, and
    /// a file others can write (or one in a folder others can write) configures no server.
    #[test]
    fn servers_come_only_from_a_settings_file_private_to_this_user() {
        let tmp = tempfile::tempdir().unwrap();
        let path = settings::global_path(tmp.path());
        std::fs::write(&path, "[mcp_servers.planted]\ncommand = \"/bin/true\"\n").unwrap();
        let chmod = |p: &Path, mode| std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
        chmod(tmp.path(), 0o700);
        chmod(&path, 0o600);
        assert_eq!(configured(tmp.path()).len(), 1);
        for mode in [0o666, 0o620, 0o602] {
            chmod(&path, mode);
            assert!(configured(tmp.path()).is_empty(), "settings {mode:o}");
        }
        chmod(&path, 0o600);
        chmod(tmp.path(), 0o777);
        assert!(configured(tmp.path()).is_empty(), "state root 777");
    }
}
