//! ACP bridge delivery load generator: the scripted agent (`daemon/tests/acp/fake-agent.mjs
//! stream 10000`) streams 10,000 one-byte `agent_message_chunk` updates as fast as it can (the
//! flood), then, prompted `pace 1000 3000`, 3,000 at a steady 1,000 per second (the steady
//! rate), each send time (wall clock, µs) written to a side file. In the same run, rounds
//! alternate:
//!
//! - **bare**: a bare ACP client (newline-delimited JSON-RPC on the agent's stdio, each line
//!   parsed once) reads the chunks: the floor;
//! - **bridge**: the daemon runs the same agent behind an `[agents.*]` entry and a wire v2
//!   client (`agentwire-client`) reads the assistant deltas of one turn.
//!
//! Figures: chunks/s from the first chunk sent to the last received, and latency per chunk
//! (send → receive) p50/p99 for each; the bridge's added latency is its percentile minus the
//! bare client's, and its rate a share of the bare rate. Under the flood latency is queueing
//! behind earlier chunks; at the steady rate it is the time one chunk takes through.
//!
//! Run: `cargo bench -p agentwire-daemon --bench acp_stream` (`ACP_STREAM_ROUNDS`, default 5).

mod support;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{SystemTime, UNIX_EPOCH};

use agentwire_client::{operation, Client, ClientOptions};
use agentwire_protocol::{EventPayload, SessionCreateRequest};

const CHUNKS: usize = 10_000;
/// The steady rate: chunks per second, and chunks per round.
const PACE_RATE: usize = 1_000;
const PACE_CHUNKS: usize = 3_000;

/// What one round streams: how many chunks, as fast as the agent can or at a steady rate.
#[derive(Clone, Copy)]
struct Load {
    chunks: usize,
    per_second: Option<usize>,
}

impl Load {
    /// The prompt that tells the scripted agent how to stream.
    fn prompt(self) -> String {
        match self.per_second {
            Some(rate) => format!("pace {rate} {}", self.chunks),
            None => "go".to_owned(),
        }
    }
}

const FLOOD: Load = Load { chunks: CHUNKS, per_second: None };
const STEADY: Load = Load { chunks: PACE_CHUNKS, per_second: Some(PACE_RATE) };

fn now_us() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

fn agent_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/acp/fake-agent.mjs")
}

/// One round's figures.
struct Round {
    rate: f64,
    p50_ms: f64,
    p99_ms: f64,
}

fn figures(sent: &[u64], received: &[u64]) -> Round {
    let chunks = received.len();
    assert_eq!(sent.len(), chunks, "the agent sent every chunk that arrived");
    assert!(chunks > 0, "chunks arrived");
    let mut latency: Vec<u64> = sent.iter().zip(received).map(|(s, r)| r.saturating_sub(*s)).collect();
    latency.sort_unstable();
    let span = (received[chunks - 1] - sent[0]).max(1) as f64 / 1e6;
    let pct = |p: f64| latency[((latency.len() as f64 * p) as usize).min(latency.len() - 1)] as f64 / 1000.0;
    Round { rate: chunks as f64 / span, p50_ms: pct(0.50), p99_ms: pct(0.99) }
}

fn read_times(path: &Path) -> Vec<u64> {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The bare ACP client: initialize, session/new, session/prompt, every chunk timed on arrival.
fn bare(dir: &Path, load: Load) -> Round {
    let times = dir.join("bare-times.json");
    let mut child = Command::new("node")
        .arg(agent_script())
        .args(["stream", &CHUNKS.to_string()])
        .env("FAKE_TIMES", &times)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |id: u64, method: &str, params: serde_json::Value| {
        let line = serde_json::json!({"jsonrpc":"2.0","id":id,"method":method,"params":params});
        writeln!(stdin, "{line}").unwrap();
    };
    let mut line = String::new();
    let mut answer = |lines: &mut BufReader<_>| loop {
        line.clear();
        lines.read_line(&mut line).unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        if v.get("id").is_some() {
            return v;
        }
    };
    ask(1, "initialize", serde_json::json!({"protocolVersion":1,"clientCapabilities":{}}));
    answer(&mut lines);
    ask(2, "session/new", serde_json::json!({"cwd": dir, "mcpServers": []}));
    let session = answer(&mut lines)["result"]["sessionId"].as_str().unwrap().to_owned();
    ask(
        3,
        "session/prompt",
        serde_json::json!({"sessionId": session, "prompt":[{"type":"text","text":load.prompt()}]}),
    );
    let mut received = Vec::with_capacity(load.chunks);
    let mut buf = String::new();
    loop {
        buf.clear();
        if lines.read_line(&mut buf).unwrap() == 0 {
            break;
        }
        let v: serde_json::Value = serde_json::from_str(&buf).unwrap();
        if v["params"]["update"]["sessionUpdate"] == "agent_message_chunk" {
            received.push(now_us());
        } else if v["id"] == 3 {
            break;
        }
    }
    drop(stdin);
    let _ = child.wait();
    assert_eq!(received.len(), load.chunks, "every chunk arrived");
    figures(&read_times(&times), &received)
}

/// The bridge: the daemon runs the agent, a wire v2 client reads one turn's deltas.
async fn bridge(client: &Client, times: &Path, load: Load) -> Round {
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
    let claim = client.claim(&session.session_id, false).await.unwrap();
    let (_, mut events) = claim.start_turn(&load.prompt()).await.unwrap();
    let mut received = Vec::with_capacity(load.chunks);
    while let Some(event) = events.next().await {
        match event.unwrap().payload {
            EventPayload::TurnAssistantDelta(d) => {
                let now = now_us();
                received.extend(std::iter::repeat_n(now, d.text.len()));
            }
            EventPayload::TurnTerminal(t) => {
                assert!(t.error.is_none(), "the turn completed: {:?}", t.error);
                break;
            }
            _ => {}
        }
    }
    assert_eq!(received.len(), load.chunks, "every chunk arrived");
    figures(&read_times(times), &received)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The medians of one load's rounds.
fn report(name: &str, load: Load, b: &[Round], d: &[Round]) {
    let rounds = b.len();
    let m = |v: &[Round], f: fn(&Round) -> f64| median(v.iter().map(f).collect());
    let (br, dr) = (m(b, |r| r.rate), m(d, |r| r.rate));
    let (b50, d50, b99, d99) = (m(b, |r| r.p50_ms), m(d, |r| r.p50_ms), m(b, |r| r.p99_ms), m(d, |r| r.p99_ms));
    let chunks = load.chunks;
    let pace = load.per_second.map(|r| format!(" at {r}/s")).unwrap_or_default();
    println!("{name}: median over {rounds} rounds, {chunks} chunks each{pace}:");
    println!("  bare ACP client: {br:.0} chunks/s, latency p50 {b50:.3} ms, p99 {b99:.3} ms");
    println!(
        "  through the daemon: {dr:.0} chunks/s ({:.0} % of bare), latency p50 {d50:.3} ms, p99 {d99:.3} ms",
        100.0 * dr / br
    );
    println!("  added latency per chunk: p50 {:.3} ms, p99 {:.3} ms", d50 - b50, d99 - b99);
}

fn main() {
    use std::os::unix::fs::PermissionsExt;
    let rounds: usize = std::env::var("ACP_STREAM_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(5);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().canonicalize().unwrap();
    let (mc, ws) = (dir.join("mc"), dir.join("ws"));
    std::fs::create_dir_all(&mc).unwrap();
    std::fs::create_dir_all(&ws).unwrap();
    std::fs::set_permissions(&mc, std::fs::Permissions::from_mode(0o700)).unwrap();
    let times = dir.join("bridge-times.json");
    let settings = format!(
        "provider = \"fake\"\nmodel = \"default\"\n[agents.fake]\ncommand = \"node\"\nargs = [{:?}, \"stream\", \"{CHUNKS}\"]\nenv = {{ FAKE_TIMES = {:?} }}\n",
        agent_script().display().to_string(),
        times.display().to_string()
    );
    std::fs::write(mc.join("settings.toml"), settings).unwrap();
    std::fs::set_permissions(mc.join("settings.toml"), std::fs::Permissions::from_mode(0o600)).unwrap();
    let mut daemon = Command::new(env!("CARGO_BIN_EXE_agentwire"))
        .args(["daemon", "serve", "--workspace"])
        .arg(&ws)
        .env("MC_HOME", &mc)
        .env("RUST_LOG", "warn")
        .spawn()
        .unwrap();
    let socket = support::wait_for_socket(&mc);
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let client = rt.block_on(async {
        let options = ClientOptions::new(&socket, ws.to_str().unwrap());
        Client::connect(options).await.unwrap()
    });
    // A first turn starts the agent: process start is not delivery.
    rt.block_on(bridge(&client, &times, FLOOD));
    for (name, load) in [("flood", FLOOD), ("steady", STEADY)] {
        let (mut b, mut d) = (Vec::new(), Vec::new());
        for round in 0..rounds {
            let pair = if round % 2 == 0 {
                let bare = bare(&dir, load);
                (bare, rt.block_on(bridge(&client, &times, load)))
            } else {
                let bridged = rt.block_on(bridge(&client, &times, load));
                (bare(&dir, load), bridged)
            };
            println!(
                "{name} round {round}: bare {:.0}/s p50 {:.3} ms p99 {:.3} ms | bridge {:.0}/s p50 {:.3} ms p99 {:.3} ms",
                pair.0.rate, pair.0.p50_ms, pair.0.p99_ms, pair.1.rate, pair.1.p50_ms, pair.1.p99_ms
            );
            b.push(pair.0);
            d.push(pair.1);
        }
        report(name, load, &b, &d);
    }
    let _ = daemon.kill();
    let _ = daemon.wait();
}
