//! A minimal stdio MCP server for the daemon's tests: newline-delimited JSON-RPC 2.0 with
//! `initialize`, `ping`, `tools/list` and `tools/call` for four tools, `echo_upper`
//! (uppercases `text`), `fail` (a tool error), `pid` (this process's ID, so tests can tell
//! a reused server from a new one) and `sleep` (answers after `ms` milliseconds, a slow tool).
//! It answers whatever protocol version it is offered.

use std::io::{BufRead, Write};

use serde_json::{json, Value};

fn result(id: &Value, result: Value) -> Value {
    json!({"jsonrpc":"2.0","id":id,"result":result})
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let Ok(msg) = serde_json::from_str::<Value>(&line) else { continue };
        let Some(id) = msg.get("id").cloned() else { continue }; // notifications
        let params = &msg["params"];
        let reply = match msg["method"].as_str().unwrap_or_default() {
            "initialize" => result(
                &id,
                json!({"protocolVersion": params["protocolVersion"], "capabilities": {"tools": {}},
                       "serverInfo": {"name": "agentwire-test-mcp", "version": "1.0.0"}}),
            ),
            "ping" => result(&id, json!({})),
            "tools/list" => result(
                &id,
                json!({"tools": [
                    {"name": "echo_upper", "description": "Uppercase a text.",
                     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}},
                    {"name": "fail", "description": "Always fails.", "inputSchema": {"type": "object", "properties": {}}},
                    {"name": "pid", "description": "The server's process ID.", "inputSchema": {"type": "object", "properties": {}}},
                    {"name": "sleep", "description": "Answers after ms milliseconds.",
                     "inputSchema": {"type": "object", "properties": {"ms": {"type": "integer"}}, "required": ["ms"]}}
                ]}),
            ),
            "tools/call" => match params["name"].as_str() {
                Some("echo_upper") => {
                    let text = params["arguments"]["text"].as_str().unwrap_or_default().to_uppercase();
                    result(&id, json!({"content": [{"type": "text", "text": text}], "isError": false}))
                }
                Some("pid") => {
                    let pid = std::process::id().to_string();
                    result(&id, json!({"content": [{"type": "text", "text": pid}], "isError": false}))
                }
                Some("sleep") => {
                    let ms = params["arguments"]["ms"].as_u64().unwrap_or_default();
                    std::thread::sleep(std::time::Duration::from_millis(ms));
                    result(&id, json!({"content": [{"type": "text", "text": "slept"}], "isError": false}))
                }
                _ => result(&id, json!({"content": [{"type": "text", "text": "boom"}], "isError": true})),
            },
            _ => json!({"jsonrpc":"2.0","id":id,"error":{"code":-32601,"message":"method not found"}}),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}
