//! `status` round trips through `agentwire-client` (`client.call::<operation::Status>`: a typed
//! envelope encoded and checked, correlated by the reader task, the response decoded) against
//! the same bytes written and read on a raw `UnixStream` (pre-encoded record, one line read, no
//! decoding), side by side in one run against one daemon, in interleaved batches.
//! Target (issue #17): client ≤ 1.1× raw.
//!
//! Run: `cargo bench -p agentwire-daemon --bench client_status` (`CLIENT_STATUS_ROUNDS` sets
//! the round trips per batch).

mod support;

use agentwire_client::{operation, Client, ClientOptions};
use agentwire_protocol::{Method, StatusRequest};
use serde_json::{json, Value};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::UnixStream;

const BATCHES: usize = 11;

fn rounds() -> usize {
    std::env::var("CLIENT_STATUS_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000)
}

struct Raw {
    reader: BufReader<tokio::net::unix::OwnedReadHalf>,
    writer: tokio::net::unix::OwnedWriteHalf,
    line: String,
    status: Vec<u8>,
}

impl Raw {
    async fn exchange(&mut self, v: &Value) -> Value {
        let mut bytes = serde_json::to_vec(v).expect("encode");
        bytes.push(b'\n');
        self.writer.write_all(&bytes).await.expect("write");
        self.line.clear();
        self.reader.read_line(&mut self.line).await.expect("read");
        serde_json::from_str(&self.line).expect("json reply")
    }

    /// Handshake and initialize by hand; the status record is encoded once.
    async fn connect(socket: &Path, workspace: &str, version: &str) -> Raw {
        let (r, w) = UnixStream::connect(socket).await.expect("connect").into_split();
        let mut raw = Raw { reader: BufReader::new(r), writer: w, line: String::new(), status: Vec::new() };
        let reply = raw.exchange(&json!({"handshake":"agentwire-unix","version":version,"workspace":workspace})).await;
        assert_eq!(reply["status"], "accepted", "{reply}");
        let init = raw
            .exchange(&json!({"protocol_version":2,"kind":"request","request_id":"init","instance_id":null,"connection_id":null,
                "session_id":null,"operation_id":null,"control":null,"method":"initialize","payload":{"supported_protocol_versions":[2]}}))
            .await;
        let p = &init["payload"];
        raw.status = serde_json::to_vec(&json!({"protocol_version":2,"kind":"request","request_id":"s","instance_id":p["instance_id"],
            "connection_id":p["connection_id"],"session_id":null,"operation_id":null,"control":null,"method":"status","payload":{}}))
        .expect("encode");
        raw.status.push(b'\n');
        raw
    }

    async fn batch(&mut self, n: usize) -> Duration {
        let start = Instant::now();
        for _ in 0..n {
            self.writer.write_all(&self.status).await.expect("write");
            self.line.clear();
            self.reader.read_line(&mut self.line).await.expect("read");
        }
        let took = start.elapsed();
        let reply: Value = serde_json::from_str(&self.line).expect("json reply");
        assert!(reply["error"].is_null() && reply["payload"]["instance_id"].is_string(), "{reply}");
        took / n as u32
    }
}

async fn client_batch(client: &Client, n: usize) -> Duration {
    let start = Instant::now();
    for _ in 0..n {
        client.call::<operation::Status>(&(), StatusRequest::new()).await.expect("status");
    }
    start.elapsed() / n as u32
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

async fn run() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().canonicalize().expect("canonical");
    let workspace = dir.join("ws");
    std::fs::create_dir_all(&workspace).expect("ws");
    let mut daemon = Command::new(env!("CARGO_BIN_EXE_agentwire"))
        .args(["daemon", "serve", "--workspace"])
        .arg(&workspace)
        .env("MC_HOME", dir.join("mc"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn daemon");
    let socket = support::wait_for_socket(&dir.join("mc"));
    let ws = workspace.to_str().expect("utf-8");
    let version = env!("CARGO_PKG_VERSION");
    let mut raw = Raw::connect(&socket, ws, version).await;
    let options = ClientOptions::new(&socket, ws).version(version).require(&[Method::Status]);
    let client = Client::connect(options).await.expect("client");
    let n = rounds();
    // Warm both paths (the daemon's readiness cache, allocator, branch predictors).
    raw.batch(n / 4).await;
    client_batch(&client, n / 4).await;
    let (mut raws, mut clients) = (Vec::new(), Vec::new());
    for i in 0..BATCHES {
        // Alternate which goes first, so neither always follows the other.
        if i % 2 == 0 {
            raws.push(raw.batch(n).await);
            clients.push(client_batch(&client, n).await);
        } else {
            clients.push(client_batch(&client, n).await);
            raws.push(raw.batch(n).await);
        }
    }
    let ratios: Vec<f64> = raws.iter().zip(&clients).map(|(r, c)| c.as_secs_f64() / r.as_secs_f64()).collect();
    let (r, c) = (median(raws), median(clients));
    let mut sorted = ratios.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "status round trip, 1 connection, {BATCHES} interleaved batches of {n}: raw UnixStream median {r:.1?}, \
         agentwire-client median {c:.1?}; ratio of medians {:.3}x, per-batch ratios {:.3}..{:.3} (median {:.3}x; target <= 1.1)",
        c.as_secs_f64() / r.as_secs_f64(),
        sorted[0],
        sorted[sorted.len() - 1],
        sorted[sorted.len() / 2],
    );
    let _ = daemon.kill();
    let _ = daemon.wait();
}

fn main() {
    // One thread for both, so neither pays a cross-thread wake-up the other does not.
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    rt.block_on(run());
}
