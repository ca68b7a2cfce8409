//! The `approvals` profile under load (issue #38, "Performance"). Two parts, one run:
//!
//! 1. **Round trip.** The scripted agent (`daemon/tests/acp/fake-agent.mjs ask-timed N`) asks
//!    permission N times, one after another, and times each request from sending
//!    `session/request_permission` to reading its answer. Rounds alternate between
//!    - **bare**: a bare ACP client on the agent's stdio answers each request at once;
//!    - **daemon**: the daemon runs the same agent; an opted-in `agentwire-client` answers each
//!      `approval.requested` with `respond` at once (event out → answer in → the agent reads
//!      the outcome).
//!
//!    The daemon's added round trip is its percentile minus the bare client's.
//! 2. **Every bound pending.** `max_pending_approvals / max_pending_approvals_per_session`
//!    sessions (at most `max_active_turns`) on one daemon each run the agent's `flood B`
//!    (B = `max_pending_approvals_per_session`), so the daemon's bound is full and every turn
//!    waits with its session's bound pending. Figures: the daemon's RSS and thread count before and with them
//!    pending, and `status` p50 against an idle daemon of the same set-up (sessions created and
//!    claimed, no turn), batches alternating between the two daemons.
//!
//! Run: `cargo bench -p agentwire-daemon --bench approvals` (`APPROVALS_ROUNDS`, default 5;
//! `APPROVALS_ASKS`, requests per round, default 200).

#[path = "support/agent_daemon.rs"]
mod agent_daemon;
mod support;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use agent_daemon::{agent_script, AgentDaemon};
use agentwire_client::{operation, Claim, Client, EventStream};
use agentwire_protocol::{
    limits, EventName, EventPayload, Method, Profile, SessionCreateRequest, StatusRequest, TurnStatus,
};
use serde_json::{json, Value};
use support::raw::Conn;

/// ACP's own first request (the bare client speaks ACP, not wire v2).
const ACP_INITIALIZE: &str = "initialize";

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// p50 and p99 (ms) of the agent's round trips written to `times`.
fn round_trips(times: &Path, asks: usize) -> (f64, f64) {
    let mut rtt: Vec<f64> = serde_json::from_slice::<Vec<u64>>(&std::fs::read(times).unwrap())
        .unwrap()
        .into_iter()
        .map(|us| us as f64 / 1000.0)
        .collect();
    assert_eq!(rtt.len(), asks, "the agent timed every request");
    rtt.sort_by(f64::total_cmp);
    (pct(&rtt, 0.50), pct(&rtt, 0.99))
}

/// A bare ACP client: initialize, session/new, session/prompt; every permission request is
/// answered `yes` as soon as its line is read.
fn bare(dir: &Path, asks: usize) -> (f64, f64) {
    let times = dir.join("bare-times.json");
    let mut child = Command::new("node")
        .arg(agent_script())
        .args(["ask-timed", &asks.to_string()])
        .env("FAKE_TIMES", &times)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap());
    // One write a message, as the daemon's ACP connection writes (a `writeln!` of a `Value`
    // would write it token by token on the unbuffered pipe).
    let mut send = |v: serde_json::Value| stdin.write_all(format!("{v}\n").as_bytes()).unwrap();
    let mut line = String::new();
    let mut next = |lines: &mut BufReader<_>| {
        line.clear();
        assert!(lines.read_line(&mut line).unwrap() > 0, "the agent ended early");
        serde_json::from_str::<serde_json::Value>(&line).unwrap()
    };
    send(
        serde_json::json!({"jsonrpc":"2.0","id":1,"method":ACP_INITIALIZE,"params":{"protocolVersion":1,"clientCapabilities":{}}}),
    );
    while next(&mut lines).get("id") != Some(&1.into()) {}
    send(serde_json::json!({"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd": dir, "mcpServers": []}}));
    let session = loop {
        let v = next(&mut lines);
        if v["id"] == 2 {
            break v["result"]["sessionId"].as_str().unwrap().to_owned();
        }
    };
    send(serde_json::json!({"jsonrpc":"2.0","id":3,"method":"session/prompt",
        "params":{"sessionId": session, "prompt":[{"type":"text","text":"go"}]}}));
    let mut answered = 0;
    loop {
        let v = next(&mut lines);
        if v["method"] == "session/request_permission" {
            let id = v["id"].clone();
            send(
                serde_json::json!({"jsonrpc":"2.0","id":id,"result":{"outcome":{"outcome":"selected","optionId":"yes"}}}),
            );
            answered += 1;
        } else if v["id"] == 3 {
            assert_eq!(v["result"]["stopReason"], "end_turn");
            break;
        }
    }
    assert_eq!(answered, asks);
    drop(stdin);
    let _ = child.wait();
    round_trips(&times, asks)
}

async fn claimed(client: &Client) -> Claim {
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
    client.claim(&session.session_id, false).await.unwrap()
}

/// Reads a turn's events, answering every request `yes` at once, until its terminal; returns
/// how many it answered.
async fn answer_all(claim: &Claim, mut turn: EventStream) -> usize {
    let mut answered = 0;
    while let Some(event) = turn.next().await {
        match event.unwrap().payload {
            EventPayload::ApprovalRequested(asked) => {
                let answer = claim.respond(&asked.approval_id, "yes").await.unwrap();
                assert_eq!(answer.option_id, "yes");
                answered += 1;
            }
            EventPayload::TurnTerminal(t) => {
                assert_eq!(t.status, TurnStatus::Completed, "the turn completed: {:?}", t.error);
                return answered;
            }
            _ => {}
        }
    }
    panic!("the turn's events ended before its terminal");
}

/// The daemon: one turn of the agent, every request answered through the profile.
async fn through_daemon(client: &Client, times: &Path, asks: usize) -> (f64, f64) {
    let claim = claimed(client).await;
    let (_, turn) = claim.start_turn("go").await.unwrap();
    assert_eq!(answer_all(&claim, turn).await, asks);
    round_trips(times, asks)
}

/// The daemon with a raw wire v2 front end (one blocking loop, as the bare ACP client is): one
/// turn of the agent on a new session, every request answered at once. What it measures is the
/// daemon's own share; [`through_daemon`] adds the Rust client library's.
fn through_daemon_raw(front: &mut Conn, times: &Path, asks: usize) -> (f64, f64) {
    let (session, control) = front.session();
    front.send(Method::TurnStart, Some(&session), Some(&control), json!({"prompt": "go"}));
    let (requested, terminal) = (EventName::ApprovalRequested.as_str(), EventName::TurnTerminal.as_str());
    let mut answered = 0;
    loop {
        let v: Value = serde_json::from_str(front.next()).unwrap();
        if v["event"] == requested {
            let answer = json!({"approval_id": v["payload"]["approval_id"], "option_id": "yes"});
            front.send(Method::ApprovalRespond, Some(&session), Some(&control), answer);
            answered += 1;
        } else if v["event"] == terminal {
            assert_eq!(v["payload"]["status"], TurnStatus::Completed.as_str(), "{v}");
            break;
        } else {
            assert!(v["error"].is_null(), "{v}");
        }
    }
    assert_eq!(answered, asks);
    round_trips(times, asks)
}

/// A raw connection that negotiated the approvals profile.
fn raw_opted_in(daemon: &Daemon) -> Conn {
    let (socket, workspace) = daemon.0.socket_and_workspace();
    let mut front = Conn::open(socket, &support::version_of(Path::new(env!("CARGO_BIN_EXE_agentwire"))), workspace);
    let profile = Profile::Approvals;
    front.send(
        Method::ProfileNegotiate,
        None,
        None,
        json!({"profile": profile.as_str(), "version": profile.version()}),
    );
    front.response();
    front
}

/// A daemon under its own state root with the agent in `mode`.
struct Daemon(AgentDaemon);

impl Daemon {
    fn start(dir: &Path, name: &str, mode: &[&str], env: &str) -> Daemon {
        Daemon(AgentDaemon::start(Path::new(env!("CARGO_BIN_EXE_agentwire")), dir, name, mode, env))
    }

    async fn opted_in(&self) -> Client {
        let client = Client::connect(self.0.options()).await.unwrap();
        client.opt_in_approvals().await.unwrap();
        client
    }

    /// (RSS in KiB, threads) from /proc.
    fn footprint(&self) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.0.pid())).unwrap();
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse().ok())
                .unwrap()
        };
        (field("VmRSS:"), field("Threads:"))
    }
}

/// `status` p50 (µs) over `n` round trips.
async fn status_p50(client: &Client, n: usize) -> f64 {
    let mut times = Vec::with_capacity(n);
    for _ in 0..n {
        let start = Instant::now();
        let status = client.call::<operation::Status>(&(), StatusRequest::new()).await.unwrap();
        times.push(start.elapsed().as_secs_f64() * 1e6);
        assert!(status.connected_clients >= 1);
    }
    times.sort_by(f64::total_cmp);
    pct(&times, 0.50)
}

fn round_trip_part(rt: &tokio::runtime::Runtime, dir: &Path, rounds: usize, asks: usize) {
    let times = dir.join("daemon-times.json");
    let daemon = Daemon::start(
        dir,
        "rtt",
        &["ask-timed", &asks.to_string()],
        &format!("FAKE_TIMES = {:?}", times.display().to_string()),
    );
    let client = rt.block_on(daemon.opted_in());
    let mut raw = raw_opted_in(&daemon);
    // A first turn starts the agent: process start is not the round trip.
    rt.block_on(through_daemon(&client, &times, asks));
    // Each round runs the three front ends in a rotating order, so none always follows another.
    let (mut b, mut r, mut c) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let mut got = [(0.0, 0.0); 3];
        for k in 0..3 {
            let which = (round + k) % 3;
            got[which] = match which {
                0 => bare(dir, asks),
                1 => through_daemon_raw(&mut raw, &times, asks),
                _ => rt.block_on(through_daemon(&client, &times, asks)),
            };
        }
        let [bare, raw, lib] = got;
        println!(
            "round {round}: bare p50 {:.3} p99 {:.3} | raw front end p50 {:.3} p99 {:.3} (added {:.3} / {:.3}) | Rust client p50 {:.3} p99 {:.3} (added {:.3} / {:.3}) ms",
            bare.0,
            bare.1,
            raw.0,
            raw.1,
            raw.0 - bare.0,
            raw.1 - bare.1,
            lib.0,
            lib.1,
            lib.0 - bare.0,
            lib.1 - bare.1
        );
        b.push(bare);
        r.push(raw);
        c.push(lib);
    }
    let p = |v: &[(f64, f64)]| (median(v.iter().map(|x| x.0).collect()), median(v.iter().map(|x| x.1).collect()));
    let ((b50, b99), (r50, r99), (c50, c99)) = (p(&b), p(&r), p(&c));
    println!("round trip, median over {rounds} rounds of {asks} requests:");
    println!("  bare ACP client: p50 {b50:.3} ms, p99 {b99:.3} ms");
    println!("  through the daemon, raw wire front end: p50 {r50:.3} ms, p99 {r99:.3} ms");
    println!("  through the daemon, Rust client front end: p50 {c50:.3} ms, p99 {c99:.3} ms");
    println!("  added by the daemon (raw front end): p50 {:.3} ms, p99 {:.3} ms", r50 - b50, r99 - b99);
    println!("  added by the daemon and the Rust client: p50 {:.3} ms, p99 {:.3} ms", c50 - b50, c99 - b99);
}

fn pending_part(rt: &tokio::runtime::Runtime, dir: &Path, batches: usize) {
    let bound = limits::MAX_PENDING_APPROVALS_PER_SESSION as usize;
    // The daemon's own bound is below what every active turn at its session's bound could
    // hold: fill it exactly, so every turn that runs waits at its session's bound.
    let turns = (limits::MAX_PENDING_APPROVALS as usize / bound).min(limits::MAX_ACTIVE_TURNS as usize);
    let pending = Daemon::start(dir, "pending", &["flood", &bound.to_string()], "");
    let idle = Daemon::start(dir, "idle", &["flood", &bound.to_string()], "");
    rt.block_on(async {
        let (pc, ic) = (pending.opted_in().await, idle.opted_in().await);
        let mut claims = Vec::new();
        for _ in 0..turns {
            claims.push(claimed(&pc).await);
            claimed(&ic).await;
        }
        // Warm both, then the footprint before any turn.
        status_p50(&pc, 200).await;
        status_p50(&ic, 200).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = pending.footprint();
        let mut streams = Vec::new();
        for claim in &claims {
            let (_, turn) = claim.start_turn("Run every step.").await.unwrap();
            streams.push(turn);
        }
        // Every turn waits with its session's bound pending.
        let mut asked = Vec::new();
        for (claim, turn) in claims.iter().zip(streams.iter_mut()) {
            let mut ids = Vec::new();
            while ids.len() < bound {
                let event = tokio::time::timeout(Duration::from_secs(60), turn.next()).await.unwrap();
                let event = event.expect("the turn's events end only after its requests").unwrap();
                if let EventPayload::ApprovalRequested(a) = event.payload {
                    ids.push(a.approval_id);
                }
            }
            asked.push((claim, ids));
        }
        let total: usize = asked.iter().map(|(_, ids)| ids.len()).sum();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let during = pending.footprint();
        let (mut p, mut i) = (Vec::new(), Vec::new());
        for batch in 0..batches {
            if batch % 2 == 0 {
                p.push(status_p50(&pc, 1000).await);
                i.push(status_p50(&ic, 1000).await);
            } else {
                i.push(status_p50(&ic, 1000).await);
                p.push(status_p50(&pc, 1000).await);
            }
            let (pl, il) = (p[batch], i[batch]);
            println!("batch {batch}: status p50 pending {pl:.1} µs | idle {il:.1} µs | ratio {:.3}", pl / il);
        }
        let still = pending.footprint();
        println!("every bound pending: {turns} turns × {bound} = {total} requests pending");
        println!(
            "  daemon RSS {:.1} MiB before, {:.1} MiB pending, {:.1} MiB after the status batches: growth {:.2} MiB",
            before.0 as f64 / 1024.0,
            during.0 as f64 / 1024.0,
            still.0 as f64 / 1024.0,
            (still.0.max(during.0) as f64 - before.0 as f64) / 1024.0
        );
        println!("  daemon threads {} before, {} pending", before.1, during.1);
        let ratios: Vec<f64> = p.iter().zip(&i).map(|(p, i)| p / i).collect();
        println!(
            "  status p50 pending / idle: median {:.3} (batches {:.3}..{:.3}); medians {:.1} / {:.1} µs",
            median(ratios.clone()),
            ratios.iter().copied().fold(f64::INFINITY, f64::min),
            ratios.iter().copied().fold(0.0, f64::max),
            median(p.clone()),
            median(i.clone())
        );
        // Answered, every turn ends: the pending requests were real.
        for ((claim, ids), turn) in asked.iter().zip(streams) {
            for id in ids {
                claim.respond(id, "yes").await.unwrap();
            }
            answer_all(claim, turn).await;
        }
    });
}

fn main() {
    let rounds = env_or("APPROVALS_ROUNDS", 5);
    let asks = env_or("APPROVALS_ASKS", 200);
    let tmp = tempfile::Builder::new().prefix("awap").tempdir_in("/tmp").unwrap();
    let dir = tmp.path().canonicalize().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    round_trip_part(&rt, &dir, rounds, asks);
    pending_part(&rt, &dir, rounds);
}
