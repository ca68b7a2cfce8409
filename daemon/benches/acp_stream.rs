//! ACP bridge delivery load generator: the scripted agent (`daemon/tests/acp/fake-agent.mjs
//! stream 10000`) streams 10,000 one-byte `agent_message_chunk` updates as fast as it can (the
//! flood), then, prompted `pace 1000 3000`, 3,000 at a steady 1,000 per second (the steady
//! rate), each send time (the system's monotonic clock, µs) written to a side file. In the
//! same run, rounds alternate:
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
//! With `ACP_STREAM_AB=<agentwire>` a second daemon of that build (a base to compare with)
//! runs the same agent, and each round also reads one turn through it: the bridge's own
//! figure is then also a share of the base's, measured in the same rounds.
//!
//! Run: `cargo bench -p agentwire-daemon --bench acp_stream` (`ACP_STREAM_ROUNDS`, default 5).

#[path = "support/agent_daemon.rs"]
mod agent_daemon;
mod support;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use agent_daemon::{agent_script, AgentDaemon};
use agentwire_client::{operation, Client};
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

/// Microseconds of the system's monotonic clock, the one the agent stamps its chunks with
/// (Node's `process.hrtime`): comparable across the two processes, unlike their wall clocks.
fn now_us() -> u64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let _ = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t) };
    t.tv_sec as u64 * 1_000_000 + t.tv_nsec as u64 / 1000
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

/// A daemon running the agent, a client of it, and where its agent writes its send times.
struct Bridge {
    name: &'static str,
    _daemon: AgentDaemon,
    client: Client,
    times: PathBuf,
}

impl Bridge {
    fn start(rt: &tokio::runtime::Runtime, binary: &Path, dir: &Path, name: &'static str) -> Bridge {
        let times = dir.join(format!("{name}-times.json"));
        let env = format!("FAKE_TIMES = {:?}", times.display().to_string());
        let daemon = AgentDaemon::start(binary, dir, name, &["stream", &CHUNKS.to_string()], &env);
        // The client holds a whole flood turn: a bench reader that falls behind the daemon
        // reads late, it does not lose the turn (the default buffer ends a lagging stream).
        let options = daemon.options().event_buffer(2 * CHUNKS);
        let client = rt.block_on(Client::connect(options)).unwrap();
        // A first turn starts the agent: process start is not delivery.
        rt.block_on(bridge(&client, &times, FLOOD));
        Bridge { name, _daemon: daemon, client, times }
    }

    fn round(&self, rt: &tokio::runtime::Runtime, load: Load) -> Round {
        rt.block_on(bridge(&self.client, &self.times, load))
    }
}

/// The medians of one load's rounds: the bare client's, then each bridge's.
fn report(load: Load, bare: &[Round], bridges: &[(&Bridge, Vec<Round>)]) {
    let m = |v: &[Round], f: fn(&Round) -> f64| median(v.iter().map(f).collect());
    let (br, b50, b99) = (m(bare, |r| r.rate), m(bare, |r| r.p50_ms), m(bare, |r| r.p99_ms));
    let pace = load.per_second.map(|r| format!(" at {r}/s")).unwrap_or_default();
    println!("median over {} rounds, {} chunks each{pace}:", bare.len(), load.chunks);
    println!("  bare ACP client: {br:.0} chunks/s, latency p50 {b50:.3} ms, p99 {b99:.3} ms");
    for (bridge, rounds) in bridges {
        let (dr, d50, d99) = (m(rounds, |r| r.rate), m(rounds, |r| r.p50_ms), m(rounds, |r| r.p99_ms));
        // The per-round share of bare: both read in the same round, so drift hits both.
        let share = median(bare.iter().zip(rounds).map(|(b, d)| d.rate / b.rate).collect());
        println!(
            "  {}: {dr:.0} chunks/s ({:.0} % of bare; per-round median {:.2}×), latency p50 {d50:.3} ms, p99 {d99:.3} ms; added p50 {:.3} ms, p99 {:.3} ms",
            bridge.name,
            100.0 * dr / br,
            share,
            d50 - b50,
            d99 - b99
        );
    }
    if let [(this, now), (base, before)] = bridges {
        let share = median(now.iter().zip(before).map(|(n, b)| n.rate / b.rate).collect());
        println!("  {} / {}: per-round median {share:.2}× the rate", this.name, base.name);
    }
}

fn main() {
    let rounds: usize = std::env::var("ACP_STREAM_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(5);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().canonicalize().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let mut bridges = vec![Bridge::start(&rt, Path::new(env!("CARGO_BIN_EXE_agentwire")), &dir, "bridge")];
    if let Some(base) = std::env::var_os("ACP_STREAM_AB") {
        bridges.push(Bridge::start(&rt, Path::new(&base), &dir, "base"));
    }
    for (name, load) in [("flood", FLOOD), ("steady", STEADY)] {
        let mut bare_rounds = Vec::new();
        let mut bridged: Vec<(&Bridge, Vec<Round>)> = bridges.iter().map(|b| (b, Vec::new())).collect();
        for round in 0..rounds {
            // Each round starts with another of the readers, so none always runs first.
            let readers = bridged.len() + 1;
            let mut line = format!("{name} round {round}:");
            let mut bare_round = None;
            for k in 0..readers {
                match (round + k) % readers {
                    0 => bare_round = Some(bare(&dir, load)),
                    i => {
                        let (bridge, rounds) = &mut bridged[i - 1];
                        rounds.push(bridge.round(&rt, load));
                    }
                }
            }
            let b = bare_round.expect("the bare client read");
            line.push_str(&format!(" bare {:.0}/s p50 {:.3} ms p99 {:.3} ms", b.rate, b.p50_ms, b.p99_ms));
            for (bridge, rounds) in &bridged {
                let r = rounds.last().expect("a round");
                line.push_str(&format!(
                    " | {} {:.0}/s p50 {:.3} ms p99 {:.3} ms",
                    bridge.name, r.rate, r.p50_ms, r.p99_ms
                ));
            }
            println!("{line}");
            bare_rounds.push(b);
        }
        print!("{name}: ");
        report(load, &bare_rounds, &bridged);
    }
}
