//! The Unix identity handshake (lifecycle §3): one line each way before wire v2.

use super::conn::Conn;
use crate::json::{self, Bounds};
use crate::verdict::Failure;
use serde_json::{json, Value};
use std::time::Duration;

/// An accepted handshake reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hello {
    pub version: String,
    pub pid: u64,
    pub instance_id: String,
    pub workspace_id: String,
    pub state_root_id: String,
}

/// A rejected handshake: its stable code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    pub code: String,
    pub message: String,
}

pub fn line(version: &str, workspace: &str) -> Vec<u8> {
    let mut l = serde_json::to_vec(&json!({"handshake":"agentwire-unix","version":version,"workspace":workspace}))
        .unwrap_or_default();
    l.push(b'\n');
    l
}

fn text<'a>(v: &'a Value, name: &str) -> Result<&'a str, Failure> {
    v.get(name)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| Failure::new(format!("handshake reply: `{name}` is not a nonempty string")))
}

/// Read and judge the server's handshake reply.
pub async fn reply(conn: &mut Conn, timeout: Duration) -> Result<Result<Hello, Rejected>, Failure> {
    let record = conn.recv(timeout).await.map_err(|e| Failure::new(format!("handshake reply: {e}")))?;
    let v = json::parse(&record, &Bounds::local()).map_err(|e| Failure::new(format!("handshake reply: {e}")))?;
    if v.get("handshake").and_then(Value::as_str) != Some("agentwire-unix") {
        return Err(Failure::new("handshake reply: `handshake` is not \"agentwire-unix\""));
    }
    match v.get("status").and_then(Value::as_str) {
        Some("accepted") => Ok(Ok(Hello {
            version: text(&v, "version")?.to_owned(),
            pid: v
                .get("pid")
                .and_then(Value::as_u64)
                .ok_or_else(|| Failure::new("handshake reply: `pid` is not an integer"))?,
            instance_id: text(&v, "instance_id")?.to_owned(),
            workspace_id: text(&v, "workspace_id")?.to_owned(),
            state_root_id: text(&v, "state_root_id")?.to_owned(),
        })),
        Some("rejected") => {
            Ok(Err(Rejected { code: text(&v, "code")?.to_owned(), message: text(&v, "message")?.to_owned() }))
        }
        other => Err(Failure::new(format!("handshake reply: unknown status {other:?}"))),
    }
}

/// Send our line and require acceptance with exactly our package version.
pub async fn accept(conn: &mut Conn, version: &str, workspace: &str, timeout: Duration) -> Result<Hello, Failure> {
    conn.write(&line(version, workspace)).await.map_err(Failure::new)?;
    match reply(conn, timeout).await? {
        Ok(hello) if hello.version == version => Ok(hello),
        Ok(hello) => Err(Failure::new(format!(
            "handshake accepted package version {} for client version {version}",
            hello.version
        ))),
        Err(r) => Err(Failure::new(format!("handshake rejected: {} ({})", r.code, r.message))),
    }
}
