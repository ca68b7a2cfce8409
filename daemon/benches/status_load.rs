//! Load generator: `status` round trips through the real daemon (`agentwire daemon serve`,
//! spawned in a temporary workspace) against a minimal tokio Unix-socket JSONL echo server, in
//! the same run, 1 connection sequential and 16 connections concurrent.
//! Target (issue "daemon core"): p50 latency ≤ 1.5× echo, throughput ≥ 0.5× echo.
//!
//! Run: `cargo bench -p agentwire-daemon --bench status_load`

mod support;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};

const ROUNDS: usize = 20_000;
const CONNECTIONS: usize = 16;

struct Client {
    reader: BufReader<tokio::net::unix::OwnedReadHalf>,
    writer: tokio::net::unix::OwnedWriteHalf,
    line: String,
}

impl Client {
    async fn connect(path: &Path) -> Client {
        let (r, w) = UnixStream::connect(path).await.expect("connect").into_split();
        Client { reader: BufReader::new(r), writer: w, line: String::new() }
    }

    async fn round_trip(&mut self, record: &[u8]) -> Duration {
        let start = Instant::now();
        self.writer.write_all(record).await.expect("write");
        self.line.clear();
        self.reader.read_line(&mut self.line).await.expect("read");
        start.elapsed()
    }

    async fn exchange(&mut self, v: &Value) -> Value {
        let mut line = serde_json::to_vec(v).expect("encode");
        line.push(b'\n');
        self.round_trip(&line).await;
        serde_json::from_str(&self.line).expect("json reply")
    }
}

/// Handshake + initialize; returns the client and a ready-to-send status record.
async fn daemon_client(socket: &Path, workspace: &str, version: &str) -> (Client, Vec<u8>) {
    let mut c = Client::connect(socket).await;
    let reply = c.exchange(&json!({"handshake":"agentwire-unix","version":version,"workspace":workspace})).await;
    assert_eq!(reply["status"], "accepted", "{reply}");
    let init = c
        .exchange(&json!({"protocol_version":2,"kind":"request","request_id":"init","instance_id":null,"connection_id":null,
            "session_id":null,"operation_id":null,"control":null,"method":"initialize","payload":{"supported_protocol_versions":[2]}}))
        .await;
    let p = &init["payload"];
    let mut status = serde_json::to_vec(&json!({"protocol_version":2,"kind":"request","request_id":"s","instance_id":p["instance_id"],
        "connection_id":p["connection_id"],"session_id":null,"operation_id":null,"control":null,"method":"status","payload":{}}))
    .expect("encode");
    status.push(b'\n');
    (c, status)
}

async fn echo_server(path: PathBuf) {
    let listener = UnixListener::bind(&path).expect("bind echo");
    loop {
        let Ok((stream, _)) = listener.accept().await else { return };
        tokio::spawn(async move {
            let (r, mut w) = stream.into_split();
            let mut lines = BufReader::new(r).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let mut out = line.into_bytes();
                out.push(b'\n');
                if w.write_all(&out).await.is_err() {
                    return;
                }
            }
        });
    }
}

struct Run {
    p50: Duration,
    p99: Duration,
    per_sec: f64,
    /// On-CPU time of the server process per round trip, and of the load generator.
    server_cpu: Duration,
    client_cpu: Duration,
}

/// On-CPU time of all threads of a process so far, from the scheduler's own accounting; it
/// shows where a latency ratio comes from on a saturated machine.
fn cpu_time(pid: u32) -> Duration {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Duration::ZERO };
    let nanos: u64 = tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|stat| stat.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    Duration::from_nanos(nanos)
}

async fn measure(server: u32, clients: Vec<(Client, Vec<u8>)>) -> Run {
    let per_client = ROUNDS / clients.len();
    let (server_before, client_before) = (cpu_time(server), cpu_time(std::process::id()));
    let start = Instant::now();
    let tasks: Vec<_> = clients
        .into_iter()
        .map(|(mut c, record)| {
            tokio::spawn(async move {
                let mut lat = Vec::with_capacity(per_client);
                for _ in 0..per_client {
                    lat.push(c.round_trip(&record).await);
                }
                lat
            })
        })
        .collect();
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.expect("task"));
    }
    let elapsed = start.elapsed();
    let n = all.len() as u32;
    let server_cpu = cpu_time(server).saturating_sub(server_before) / n;
    let client_cpu = cpu_time(std::process::id()).saturating_sub(client_before) / n;
    all.sort();
    Run {
        p50: all[all.len() / 2],
        p99: all[all.len() * 99 / 100],
        per_sec: all.len() as f64 / elapsed.as_secs_f64(),
        server_cpu,
        client_cpu,
    }
}

fn spawn_daemon(dir: &Path, workspace: &Path) -> Child {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_agentwire"));
    Command::new(exe)
        .args(["daemon", "serve", "--workspace"])
        .arg(workspace)
        .env("MC_HOME", dir.join("mc"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn daemon")
}

fn report(name: &str, daemon: &Run, echo: &Run) {
    println!(
        "{name:<28} daemon p50 {:>7.1?} p99 {:>7.1?} {:>9.0}/s | echo p50 {:>7.1?} p99 {:>7.1?} {:>9.0}/s | p50 ratio {:.2}x (target <= 1.5), throughput ratio {:.2}x (target >= 0.5)",
        daemon.p50,
        daemon.p99,
        daemon.per_sec,
        echo.p50,
        echo.p99,
        echo.per_sec,
        daemon.p50.as_secs_f64() / echo.p50.as_secs_f64(),
        daemon.per_sec / echo.per_sec
    );
    println!(
        "{:<28} CPU per round trip: daemon {:>6.1?} vs echo {:>6.1?}; load generator {:>6.1?} (daemon run) vs {:>6.1?} (echo run)",
        "", daemon.server_cpu, echo.server_cpu, daemon.client_cpu, echo.client_cpu
    );
}

/// The echo server runs as its own process (this binary re-executed), like the daemon, so both
/// pay the same cross-process wake-ups.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    match args.iter().position(|a| a == "--echo-server") {
        Some(i) => rt.block_on(echo_server(PathBuf::from(&args[i + 1]))),
        None => rt.block_on(run()),
    }
}

async fn run() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().canonicalize().expect("canonical");
    let workspace = dir.join("ws");
    std::fs::create_dir_all(&workspace).expect("ws");
    let mut daemon = spawn_daemon(&dir, &workspace);
    let socket = support::wait_for_socket(&dir.join("mc"));
    let echo_path = dir.join("echo.sock");
    let mut echo = Command::new(std::env::current_exe().expect("self"))
        .arg("--echo-server")
        .arg(&echo_path)
        .spawn()
        .expect("spawn echo");
    while !echo_path.exists() {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let ws = workspace.to_str().expect("utf-8");
    let version = env!("CARGO_PKG_VERSION");
    for n in [1, CONNECTIONS] {
        let mut dc = Vec::new();
        let mut ec = Vec::new();
        for _ in 0..n {
            let (c, rec) = daemon_client(&socket, ws, version).await;
            dc.push((c, rec.clone()));
            ec.push((Client::connect(&echo_path).await, rec));
        }
        let echo = measure(echo.id(), ec).await;
        let d = measure(daemon.id(), dc).await;
        report(&format!("status, {n} connection(s)"), &d, &echo);
    }
    for child in [&mut daemon, &mut echo] {
        let _ = child.kill();
        let _ = child.wait();
    }
}
