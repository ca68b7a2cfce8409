//! Idle daemon RSS: start `agentwire daemon serve` in a temporary workspace, complete one
//! handshake + initialize + status (so lazy state is built), wait, read VmRSS from /proc.
//! Target (issue "daemon core"): idle RSS ≤ 10 MiB.
//!
//! Run: `cargo bench -p agentwire-daemon --bench idle_rss`

mod support;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()
}

/// A request envelope; `ids` is the initialize answer (or null before it).
fn request(method: &str, payload: Value, ids: &Value) -> Value {
    json!({"protocol_version":2,"kind":"request","request_id":method,"instance_id":ids["instance_id"],
        "connection_id":ids["connection_id"],"session_id":null,"operation_id":null,"control":null,"method":method,"payload":payload})
}

fn main() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().canonicalize().expect("canonical");
    let ws = dir.join("ws");
    std::fs::create_dir_all(&ws).expect("ws");
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_agentwire"));
    let mut child = Command::new(exe)
        .args(["daemon", "serve", "--workspace"])
        .arg(&ws)
        .env("MC_HOME", dir.join("mc"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let socket = support::wait_for_socket(&dir.join("mc"));
    let mut s = UnixStream::connect(&socket).expect("connect");
    let mut r = BufReader::new(s.try_clone().expect("clone"));
    let mut exchange = |record: serde_json::Value| -> serde_json::Value {
        writeln!(s, "{record}").expect("write");
        let mut line = String::new();
        r.read_line(&mut line).expect("read");
        serde_json::from_str(&line).expect("json reply")
    };
    let hs =
        exchange(json!({"handshake":"agentwire-unix","version":env!("CARGO_PKG_VERSION"),"workspace":ws.to_str()}));
    assert_eq!(hs["status"], "accepted", "{hs}");
    let init = exchange(request("initialize", json!({"supported_protocol_versions":[2]}), &Value::Null));
    assert!(init["error"].is_null(), "{init}");
    let status = exchange(request("status", json!({}), &init["payload"]));
    assert!(status["error"].is_null() && status["payload"]["service"] == "ready", "{status}");
    drop(s);
    std::thread::sleep(Duration::from_secs(2));
    let kib = rss_kib(child.id()).expect("VmRSS");
    println!("idle daemon RSS: {:.1} MiB ({kib} KiB) (target <= 10 MiB)", kib as f64 / 1024.0);
    let _ = child.kill();
    let _ = child.wait();
}
