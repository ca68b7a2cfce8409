//! Turn streaming load generator (issue "turns"), three figures in one run:
//!
//! 1. Throughput: a loopback OpenAI-compatible mock emits 100,000 one-byte deltas as fast as
//!    it can (split over turns of 16,000: a turn's text is bounded by max_string_bytes);
//!    end-to-end deltas/s at the client (the mock's deltas: a delta event carries several
//!    when the daemon joined text that waited for the client), against an echo server's JSONL
//!    record throughput (same framing, same record size, same client reader) measured in the
//!    same run. Target ≥ 50 %. Added latency per delta: mock send → client receive, p50/p99, unsaturated.
//! 2. Admission on `local`: `turn.start` sent → `turn.started` received, p50 (target ≤ 2 ms).
//! 3. Memory: RSS after 1,000 streamed deltas vs peak RSS while stalled controllers (that
//!    never read) receive 1,024,000 deltas (64 turns, 8 at a time; each stalled controller is
//!    disconnected at the write deadline and its turn settles). Target peak ≤ 2×.
//!
//! Run: `cargo bench -p agentwire-daemon --bench turn_stream` (takes about two minutes).
//! A/B: `TURN_STREAM_AB=<another build's agentwire binary>` measures only figure 1's share of
//! the echo, for both builds in interleaved rounds (`TURN_STREAM_ROUNDS`, default 7). The
//! other build may be another package version: the client handshakes with the version each
//! binary's `--version` names.

mod support;

use support::raw::Conn;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use agentwire_protocol::Method;
use serde_json::{json, Value};

const TOTAL_DELTAS: u64 = 100_000;
const PER_TURN: u64 = 16_000;
/// Timed deltas in the latency turn, 1 ms apart.
const LATENCY_DELTAS: u64 = 500;

fn now_us() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}

/// What the mock streams per request.
#[derive(Clone, Copy)]
enum Mode {
    /// `n` one-byte deltas, no pauses.
    Flood(u64),
    /// `n` deltas carrying their send time, 1 ms apart.
    Timed(u64),
}

/// A loopback chat-completions server; `next` decides each response. Returns its URL and the
/// number of deltas it has written (counted once per response, before the closing `[DONE]`, so
/// a turn that settled has already been counted).
fn mock(next: impl Fn() -> Mode + Send + Sync + 'static) -> (String, Arc<AtomicU64>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let next = Arc::new(next);
    let sent = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&sent);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let next = Arc::clone(&next);
            let sent = Arc::clone(&counter);
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut len = 0usize;
                let mut line = String::new();
                while reader.read_line(&mut line).unwrap_or(0) > 0 && line.trim_end() != "" {
                    if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                        len = v.trim().parse().unwrap_or(0);
                    }
                    line.clear();
                }
                let mut body = vec![0; len];
                let _ = reader.read_exact(&mut body);
                let mut out = std::io::BufWriter::with_capacity(64 * 1024, stream);
                let _ = write!(out, "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n");
                let chunk = |text: &str| {
                    format!(
                        "data: {}\n\n",
                        json!({"choices":[{"index":0,"delta":{"content":text},"finish_reason":null}]})
                    )
                };
                let written = match next() {
                    Mode::Flood(n) => {
                        let one = chunk("x");
                        for _ in 0..n {
                            if out.write_all(one.as_bytes()).is_err() {
                                return;
                            }
                        }
                        n
                    }
                    Mode::Timed(n) => {
                        for _ in 0..n {
                            let _ = out.write_all(chunk(&format!("{:020};", now_us())).as_bytes());
                            let _ = out.flush();
                            std::thread::sleep(Duration::from_millis(1));
                        }
                        n
                    }
                };
                sent.fetch_add(written, Ordering::Relaxed);
                let _ = out.write_all(
                    format!(
                        "data: {}\n\ndata: [DONE]\n\n",
                        json!({"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})
                    )
                    .as_bytes(),
                );
                let _ = out.flush();
            });
        }
    });
    (url, sent)
}

struct Daemon {
    child: Child,
    socket: PathBuf,
    workspace: PathBuf,
    /// The package version this daemon requires in the handshake (an exact match).
    version: String,
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Selects a custom OpenAI-compatible provider served at `url` in the global settings.
fn bench_provider(dir: &Path, url: &str) {
    std::fs::create_dir_all(dir.join("mc")).unwrap();
    let settings =
        format!("provider = \"bench\"\nmodel = \"m\"\n\n[providers.bench]\nbase_url = \"{url}\"\nmodels = [\"m\"]\n");
    std::fs::write(dir.join("mc/settings.toml"), settings).unwrap();
}

fn daemon(dir: &Path, env: &[(&str, &str)]) -> Daemon {
    daemon_exe(Path::new(env!("CARGO_BIN_EXE_agentwire")), dir, env)
}

/// [`daemon`] from another build of the binary (the A/B mode).
fn daemon_exe(exe: &Path, dir: &Path, env: &[(&str, &str)]) -> Daemon {
    let workspace = dir.join("ws");
    std::fs::create_dir_all(workspace.join("src")).unwrap();
    std::fs::write(workspace.join("README.md"), "bench\n").unwrap();
    let mut cmd = Command::new(exe);
    cmd.args(["daemon", "serve", "--workspace"]).arg(&workspace).env("MC_HOME", dir.join("mc")).env("RUST_LOG", "warn");
    cmd.stdout(Stdio::null()).stderr(Stdio::null()).env_remove("MC_PROVIDER").env_remove("MC_MODEL");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let child = cmd.spawn().unwrap();
    let socket = support::wait_for_socket(&dir.join("mc"));
    Daemon { child, socket, workspace, version: support::version_of(exe) }
}

impl Conn {
    /// Runs one turn, which must be accepted and complete; calls `on_delta` with each delta's
    /// text; returns the terminal.
    fn turn(&mut self, s: &str, control: &Value, mut on_delta: impl FnMut(&str)) -> Value {
        self.send(Method::TurnStart, Some(s), Some(control), json!({"prompt":"go"}));
        let request = self.n;
        let mut accepted = false;
        loop {
            let line = self.next();
            // Cheap routing first: deltas are the bulk and are decoded only for their text. The
            // few other records (response, started, activity, terminal) are decoded whole.
            if line.contains("\"turn.assistant_delta\"") {
                let v: Value = serde_json::from_str(line).unwrap();
                on_delta(v["payload"]["text"].as_str().unwrap());
                continue;
            }
            let v: Value = serde_json::from_str(line).unwrap();
            if v["kind"] == "response" {
                check_accepted(&v, request);
                accepted = true;
            } else if v["event"] == "turn.terminal" {
                assert!(accepted, "turn.terminal before the turn.start response: {v}");
                check_completed(&v);
                return v;
            }
        }
    }
}

/// Fails unless `v` is the `accepted` response to the `turn.start` sent as request `n`.
fn check_accepted(v: &Value, n: u64) {
    assert_eq!(v["request_id"], format!("r{n}"), "response to another request than turn.start r{n}: {v}");
    assert!(v["error"].is_null(), "turn.start failed: {v}");
    assert_eq!(v["payload"]["status"], "accepted", "turn.start not accepted: {v}");
}

/// Fails unless the `turn.terminal` event `v` reports a completed turn.
fn check_completed(v: &Value) {
    assert_eq!(v["payload"]["status"], "completed", "turn did not complete: {}", brief(v));
}

/// A terminal for a failure message: its assistant text (up to 16,000 bytes) replaced by its size.
fn brief(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(text) = v["payload"]["assistant_text"].as_str() {
        v["payload"]["assistant_text"] = json!(format!("<{} bytes>", text.len()));
    }
    v
}

/// Echo baseline: the daemon's own framing (`RecordReader`/`RecordWriter`) echoing records of
/// a delta event's size, read by the same client code.
fn echo_records_per_s(record: &str, n: usize) -> f64 {
    use agentwire_daemon::transport::framing::{ReadOutcome, RecordReader, RecordWriter};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("echo.sock");
    let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        rt.block_on(async move {
            listener.set_nonblocking(true).unwrap();
            let listener = tokio::net::UnixListener::from_std(listener).unwrap();
            let (stream, _) = listener.accept().await.unwrap();
            let (r, w) = stream.into_split();
            let mut reader = RecordReader::new(r, 65536, Duration::from_secs(10));
            let mut writer = RecordWriter::new(w, 65536, Duration::from_secs(10));
            while let Ok(ReadOutcome::Record(rec)) = reader.next_record().await {
                if writer.write_record(&rec).await.is_err() {
                    break;
                }
            }
        });
    });
    let w = UnixStream::connect(&path).unwrap();
    let mut r = BufReader::with_capacity(256 * 1024, w.try_clone().unwrap());
    let line = format!("{record}\n");
    let start = Instant::now();
    let mut wr = w.try_clone().unwrap();
    let sender = std::thread::spawn(move || {
        let mut out = std::io::BufWriter::with_capacity(64 * 1024, &mut wr);
        for _ in 0..n {
            out.write_all(line.as_bytes()).unwrap();
        }
        out.flush().unwrap();
    });
    let mut buf = String::new();
    for _ in 0..n {
        buf.clear();
        r.read_line(&mut buf).unwrap();
        let v: Value = serde_json::from_str(&buf).unwrap();
        assert!(v["payload"]["text"].is_string());
    }
    sender.join().unwrap();
    n as f64 / start.elapsed().as_secs_f64()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn throughput_and_latency() {
    let remaining = Arc::new(AtomicU64::new(TOTAL_DELTAS));
    let timed = Arc::new(AtomicBool::new(false));
    let (rem, t) = (Arc::clone(&remaining), Arc::clone(&timed));
    let (url, _) = mock(move || {
        if t.load(Ordering::Relaxed) {
            return Mode::Timed(LATENCY_DELTAS);
        }
        let left = rem.load(Ordering::Relaxed);
        let n = left.min(PER_TURN);
        rem.fetch_sub(n, Ordering::Relaxed);
        Mode::Flood(n)
    });
    let tmp = tempfile::tempdir().unwrap();
    bench_provider(tmp.path(), &url);
    let d = daemon(tmp.path(), &[]);
    let mut c = Conn::open(&d.socket, &d.version, &d.workspace);
    let (s, control) = c.session();
    let mut got = 0u64;
    let start = Instant::now();
    let mut turns = 0;
    while remaining.load(Ordering::Relaxed) > 0 {
        // `turn` fails unless the turn was accepted and completed.
        // The mock's deltas are one byte each; a delta event carries several of them when the
        // daemon joined text that waited for a connection behind it.
        c.turn(&s, &control, |text| got += text.len() as u64);
        turns += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(got, TOTAL_DELTAS);
    let rate = got as f64 / secs;
    // Same-size record for the echo baseline: a real delta event.
    let record = json!({"protocol_version":2,"kind":"event","event":"turn.assistant_delta","instance_id":c.ids.0,"connection_id":c.ids.1,
        "session_id":s,"operation_id":"op-cn_0123456789abcdef0-12","grant_generation":1,"live_sequence":1,
        "payload":{"turn_id":"t-0123456789abcdef01234567","sequence":12345,"text":"x"}})
    .to_string();
    let echo = echo_records_per_s(&record, TOTAL_DELTAS as usize);
    println!("streaming: {got} deltas in {turns} turns, {secs:.2} s → {rate:.0} deltas/s end to end");
    println!(
        "echo baseline (same framing, {} B records): {echo:.0} records/s; streaming = {:.0} % of echo (target ≥ 50 %)",
        record.len(),
        100.0 * rate / echo
    );

    timed.store(true, Ordering::Relaxed);
    let mut lat = Vec::new();
    let t = c.turn(&s, &control, |text| {
        let now = now_us();
        for sent in text.split_terminator(';').filter_map(|t| t.parse::<u64>().ok()) {
            lat.push(now.saturating_sub(sent) as f64 / 1000.0);
        }
    });
    assert_eq!(
        lat.len() as u64,
        LATENCY_DELTAS,
        "latency turn: deltas carrying a send time received; terminal {}",
        brief(&t)
    );
    lat.sort_by(f64::total_cmp);
    println!(
        "added latency per delta (mock write → client read, 1 ms spacing, {} deltas): p50 {:.3} ms, p99 {:.3} ms",
        lat.len(),
        percentile(&lat, 0.5),
        percentile(&lat, 0.99)
    );
}

fn admission() {
    let tmp = tempfile::tempdir().unwrap();
    // Nothing configured: the offline provider.
    let d = daemon(tmp.path(), &[]);
    let mut c = Conn::open(&d.socket, &d.version, &d.workspace);
    let (s, control) = c.session();
    let mut samples = Vec::new();
    for i in 0..200 {
        c.send(Method::TurnStart, Some(&s), Some(&control), json!({"prompt":format!("turn {i}")}));
        let sent = Instant::now();
        let request = c.n;
        let mut started = None;
        let mut accepted = false;
        // Time spent checking the response before `turn.started` arrives; left out of the sample.
        let mut checking = Duration::ZERO;
        loop {
            let line = c.next();
            if started.is_none() {
                if line.contains("\"turn.started\"") {
                    started = Some(sent.elapsed() - checking);
                } else {
                    // The response precedes `turn.started`; an error reply must fail here, since
                    // no event would follow it.
                    let check = Instant::now();
                    let v: Value = serde_json::from_str(line).unwrap();
                    if v["kind"] == "response" {
                        check_accepted(&v, request);
                        accepted = true;
                    }
                    checking += check.elapsed();
                }
            } else if line.contains("\"turn.terminal\"") {
                let v: Value = serde_json::from_str(line).unwrap();
                assert!(accepted, "turn.terminal without an accepted turn.start response: {v}");
                check_completed(&v);
                break;
            }
        }
        samples.push(started.expect("turn.started").as_secs_f64() * 1000.0);
    }
    samples.sort_by(f64::total_cmp);
    println!(
        "admission on local (turn.start sent → turn.started received, {} turns): p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms (target p50 ≤ 2 ms)",
        samples.len(),
        percentile(&samples, 0.5),
        percentile(&samples, 0.9),
        percentile(&samples, 0.99)
    );
}

fn stalled_reader_memory() {
    let mode = Arc::new(AtomicU64::new(1_000));
    let m = Arc::clone(&mode);
    let (url, streamed) = mock(move || Mode::Flood(m.load(Ordering::Relaxed)));
    let tmp = tempfile::tempdir().unwrap();
    bench_provider(tmp.path(), &url);
    let d = daemon(tmp.path(), &[]);
    let pid = d.child.id();
    let mut monitor = Conn::open(&d.socket, &d.version, &d.workspace);
    let (s, control) = monitor.session();
    let mut n = 0;
    monitor.turn(&s, &control, |text| n += text.len());
    assert_eq!(n, 1_000, "monitor turn: the mock's one-byte deltas received");
    let base = rss_kib(pid);
    mode.store(PER_TURN, Ordering::Relaxed);
    let peak = Arc::new(AtomicU64::new(base));
    let sampling = Arc::new(AtomicBool::new(true));
    let (p, on) = (Arc::clone(&peak), Arc::clone(&sampling));
    let sampler = std::thread::spawn(move || {
        while on.load(Ordering::Relaxed) {
            p.fetch_max(rss_kib(pid), Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(50));
        }
    });
    let start = Instant::now();
    let streamed_before = streamed.load(Ordering::Relaxed);
    let mut delivered_turns = 0;
    for _round in 0..8 {
        // Eight stalled controllers, one turn each; they never read another byte.
        let mut stalled = Vec::new();
        let mut ops = Vec::new();
        for _ in 0..8 {
            let mut c = Conn::open(&d.socket, &d.version, &d.workspace);
            let (s, control) = c.session();
            c.send(Method::TurnStart, Some(&s), Some(&control), json!({"prompt":"flood"}));
            ops.push(format!("op{}-{}", c.ids.1, c.n));
            stalled.push(c);
        }
        for op in ops {
            loop {
                monitor.send(Method::OperationLookup, None, None, json!({"operation_id":op}));
                let l = monitor.response();
                if l["payload"]["state"] == "settled" {
                    assert_eq!(l["payload"]["outcome"]["status"], "completed", "{l}");
                    break;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            delivered_turns += 1;
        }
        drop(stalled);
    }
    sampling.store(false, Ordering::Relaxed);
    sampler.join().unwrap();
    // Counted by the mock as it wrote them, not derived from the turn count.
    let deltas = streamed.load(Ordering::Relaxed) - streamed_before;
    assert_eq!(deltas, delivered_turns * PER_TURN, "deltas streamed to the {delivered_turns} stalled turns");
    let peak = peak.load(Ordering::Relaxed);
    let after = rss_kib(pid);
    println!(
        "memory: RSS after 1,000 deltas {:.1} MiB; peak while the mock streamed {deltas} deltas to stalled controllers ({delivered_turns} turns, {:.0} s) {:.1} MiB = {:.2}× (target ≤ 2×); after {:.1} MiB",
        base as f64 / 1024.0,
        start.elapsed().as_secs_f64(),
        peak as f64 / 1024.0,
        peak as f64 / base as f64,
        after as f64 / 1024.0
    );
}

/// Streaming deltas/s of one build's daemon and the echo baseline measured right after it:
/// the share of the echo, 100,000 deltas.
fn stream_share(exe: &Path) -> f64 {
    let remaining = Arc::new(AtomicU64::new(TOTAL_DELTAS));
    let rem = Arc::clone(&remaining);
    let (url, _) = mock(move || {
        let n = rem.load(Ordering::Relaxed).min(PER_TURN);
        rem.fetch_sub(n, Ordering::Relaxed);
        Mode::Flood(n)
    });
    let tmp = tempfile::tempdir().unwrap();
    bench_provider(tmp.path(), &url);
    let d = daemon_exe(exe, tmp.path(), &[]);
    let mut c = Conn::open(&d.socket, &d.version, &d.workspace);
    let (s, control) = c.session();
    let mut got = 0u64;
    let start = Instant::now();
    while remaining.load(Ordering::Relaxed) > 0 {
        // The mock's deltas are one byte each; a delta event carries several of them when the
        // daemon joined text that waited for a connection behind it.
        c.turn(&s, &control, |text| got += text.len() as u64);
    }
    let rate = got as f64 / start.elapsed().as_secs_f64();
    assert_eq!(got, TOTAL_DELTAS);
    let record = json!({"protocol_version":2,"kind":"event","event":"turn.assistant_delta","instance_id":c.ids.0,"connection_id":c.ids.1,
        "session_id":s,"operation_id":"op-cn_0123456789abcdef0-12","grant_generation":1,"live_sequence":1,
        "payload":{"turn_id":"t-0123456789abcdef01234567","sequence":12345,"text":"x"}})
    .to_string();
    100.0 * rate / echo_records_per_s(&record, TOTAL_DELTAS as usize)
}

/// `TURN_STREAM_AB=<another agentwire binary>`: the streaming share of the echo for this build
/// and that one, in `TURN_STREAM_ROUNDS` (default 7) interleaved rounds; prints the medians.
fn ab(other: &Path) {
    let rounds: usize = std::env::var("TURN_STREAM_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let this = Path::new(env!("CARGO_BIN_EXE_agentwire"));
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        // Alternate which build goes first, so drift in the machine's load hits both alike.
        if round % 2 == 0 {
            a.push(stream_share(this));
            b.push(stream_share(other));
        } else {
            b.push(stream_share(other));
            a.push(stream_share(this));
        }
        println!("round {round}: this build {:.1} % of echo, other build {:.1} %", a[round], b[round]);
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (ma, mb) = (median(a), median(b));
    println!(
        "medians of {rounds} interleaved rounds: this build {ma:.1} % of echo, other build {mb:.1} % (ratio {:.2})",
        ma / mb
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing: skip the slow run there.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    if let Some(other) = std::env::var_os("TURN_STREAM_AB") {
        ab(Path::new(&other));
        return;
    }
    throughput_and_latency();
    admission();
    stalled_reader_memory();
}
