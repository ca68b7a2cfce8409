//! Load generator: `status` round trips through the real daemon (`agentwire daemon serve`,
//! spawned in a temporary workspace) against a minimal tokio Unix-socket JSONL echo server, in
//! the same run, 1 connection sequential and 16 and 64 connections concurrent. Every reply is
//! checked, outside the timed round trip: against the client's last fully checked reply byte
//! for byte (a `status` answer only changes when the daemon's counters do), and decoded and
//! checked whole whenever it differs.
//! Target (issue "daemon core"): p50 latency ≤ 1.5× echo, throughput ≥ 0.5× echo.
//!
//! The load generator runs on one CPU and both servers on another (`STATUS_LOAD_PIN=0` lets the
//! scheduler place them): on two shared vCPUs an unpinned run measures where the scheduler put
//! the two processes more than the server, and the same build swings between ~7 µs and ~80 µs
//! round trips from batch to batch.
//!
//! A last row calibrates the machine: the same echo server doing 1 µs of busy work per record,
//! against the plain echo, shows what one microsecond of server work costs at 16 connections.
//!
//! Run: `cargo bench -p agentwire-daemon --bench status_load`

mod support;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};

/// The CPUs of the load generator and of the servers, unless `STATUS_LOAD_PIN=0` or the
/// machine has a single CPU. Decided once, before pinning narrows what the process may use.
fn pinned_cpus() -> Option<(usize, usize)> {
    static CPUS: OnceLock<Option<(usize, usize)>> = OnceLock::new();
    *CPUS.get_or_init(|| {
        let cpus = std::thread::available_parallelism().map_or(1, usize::from);
        let off = std::env::var("STATUS_LOAD_PIN").is_ok_and(|v| v == "0");
        (cpus >= 2 && !off).then_some((0, 1))
    })
}

/// Restrict the calling thread (and every thread it starts later) to `cpu`.
fn pin_to(cpu: usize) -> std::io::Result<()> {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET writes within it for cpu < 1024.
    let rc = unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set)
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Spawn a server process on the servers' CPU (when pinning).
fn spawn_server(command: &mut Command) -> Child {
    if let Some((_, cpu)) = pinned_cpus() {
        // SAFETY: sched_setaffinity is async-signal-safe, as pre_exec requires.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(command, move || pin_to(cpu));
        }
    }
    command.spawn().expect("spawn server")
}

/// Round trips per measurement; `STATUS_LOAD_ROUNDS` raises it for profiling.
fn rounds() -> usize {
    std::env::var("STATUS_LOAD_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000)
}
/// The concurrent rows; the calibration row runs at the first.
const CONNECTIONS: [usize; 2] = [16, 64];
/// Each measurement alternates this many batches of each server.
const BATCHES: usize = 5;

struct Client {
    reader: BufReader<tokio::net::unix::OwnedReadHalf>,
    writer: tokio::net::unix::OwnedWriteHalf,
    line: String,
    /// The last reply that passed the full check.
    checked: Vec<u8>,
}

impl Client {
    async fn connect(path: &Path) -> Client {
        let (r, w) = UnixStream::connect(path).await.expect("connect").into_split();
        Client { reader: BufReader::new(r), writer: w, line: String::new(), checked: Vec::new() }
    }

    async fn round_trip(&mut self, record: &[u8]) -> Duration {
        let start = Instant::now();
        self.writer.write_all(record).await.expect("write");
        self.line.clear();
        self.reader.read_line(&mut self.line).await.expect("read");
        start.elapsed()
    }

    /// Checks the reply just read: a byte comparison when it repeats the last checked one, so
    /// checking every reply costs the load generator next to nothing.
    fn verify(&mut self, reply: Reply, record: &[u8]) {
        if self.line.as_bytes() != self.checked {
            reply.check(&self.line, record);
            self.checked.clear();
            self.checked.extend_from_slice(self.line.as_bytes());
        }
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

/// A line echo that spends `work` on the CPU per record first (zero for the plain echo).
async fn echo_server(path: PathBuf, work: Duration) {
    let listener = UnixListener::bind(&path).expect("bind echo");
    loop {
        let Ok((stream, _)) = listener.accept().await else { return };
        tokio::spawn(async move {
            let (r, mut w) = stream.into_split();
            let mut lines = BufReader::new(r).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let start = Instant::now();
                while start.elapsed() < work {
                    std::hint::spin_loop();
                }
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
    /// Times the server's and the load generator's threads were put on a CPU, per round trip.
    server_runs: f64,
    client_runs: f64,
    /// Lowest and highest p50 of a single batch.
    batch_p50s: (Duration, Duration),
}

/// What the scheduler accounted to all threads of a process (`schedstat`): time on a CPU and how
/// many times they were put on one. It shows where a latency ratio comes from on a saturated
/// machine.
#[derive(Debug, Clone, Copy, Default)]
struct Sched {
    cpu: Duration,
    runs: u64,
}

impl Sched {
    fn of(pid: u32) -> Sched {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Sched::default() };
        let mut total = Sched::default();
        for stat in tasks.flatten().filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok()) {
            let fields: Vec<u64> = stat.split_whitespace().filter_map(|f| f.parse().ok()).collect();
            if let [on_cpu, _waiting, slices] = fields[..] {
                total.cpu += Duration::from_nanos(on_cpu);
                total.runs += slices;
            }
        }
        total
    }

    /// Add what was accounted between `before` and `after`.
    fn add_since(&mut self, before: Sched, after: Sched) {
        self.cpu += after.cpu.saturating_sub(before.cpu);
        self.runs += after.runs.saturating_sub(before.runs);
    }
}

/// What every reply of a target must be, checked on each reply, so a run that measures error
/// answers (or anything but the round trip it names) fails loudly.
#[derive(Clone, Copy)]
enum Reply {
    /// A successful `status` response to the client's own request.
    Status,
    /// The record sent, echoed.
    Echo,
}

impl Reply {
    fn check(self, line: &str, record: &[u8]) {
        match self {
            Reply::Echo => assert_eq!(line.as_bytes(), record, "the echo answered something else"),
            Reply::Status => {
                let reply: Value = serde_json::from_str(line).expect("json reply");
                let request: Value = serde_json::from_slice(record).expect("json request");
                assert!(
                    reply["kind"] == "response"
                        && reply["error"].is_null()
                        && reply["payload"]["instance_id"].is_string(),
                    "not a status answer: {reply}"
                );
                assert_eq!(reply["request_id"], request["request_id"], "answered another request");
                assert_eq!(reply["connection_id"], request["connection_id"], "answered another connection");
            }
        }
    }
}

/// A server under load: its process, its clients (each with the record it sends), and what its
/// batches measured so far.
struct Target {
    pid: u32,
    clients: Vec<(Client, Vec<u8>)>,
    reply: Reply,
    latencies: Vec<Duration>,
    /// Each batch's own p50: this machine switches between a fast and a slow wake-up regime,
    /// and the spread shows which batches ran in which.
    batch_p50s: Vec<Duration>,
    elapsed: Duration,
    server: Sched,
    client: Sched,
}

impl Target {
    fn new(pid: u32, clients: Vec<(Client, Vec<u8>)>, reply: Reply) -> Self {
        Target {
            pid,
            clients,
            reply,
            latencies: Vec::new(),
            batch_p50s: Vec::new(),
            elapsed: Duration::ZERO,
            server: Sched::default(),
            client: Sched::default(),
        }
    }

    /// `rounds` round trips spread over the clients, all at once.
    async fn batch(&mut self, rounds: usize) {
        let per_client = rounds / self.clients.len();
        let (server_before, client_before) = (Sched::of(self.pid), Sched::of(std::process::id()));
        let start = Instant::now();
        let tasks: Vec<_> = self
            .clients
            .drain(..)
            .map(|(mut c, record)| {
                let reply = self.reply;
                tokio::spawn(async move {
                    let mut lat = Vec::with_capacity(per_client);
                    for _ in 0..per_client {
                        lat.push(c.round_trip(&record).await);
                        c.verify(reply, &record);
                    }
                    (c, record, lat)
                })
            })
            .collect();
        let first = self.latencies.len();
        for t in tasks {
            let (c, record, lat) = t.await.expect("task");
            self.clients.push((c, record));
            self.latencies.extend(lat);
        }
        self.elapsed += start.elapsed();
        let mut batch = self.latencies[first..].to_vec();
        batch.sort();
        self.batch_p50s.push(batch[batch.len() / 2]);
        self.server.add_since(server_before, Sched::of(self.pid));
        self.client.add_since(client_before, Sched::of(std::process::id()));
    }

    fn run(&mut self) -> Run {
        let n = self.latencies.len() as u32;
        self.latencies.sort();
        Run {
            p50: self.latencies[self.latencies.len() / 2],
            p99: self.latencies[self.latencies.len() * 99 / 100],
            per_sec: f64::from(n) / self.elapsed.as_secs_f64(),
            server_cpu: self.server.cpu / n,
            client_cpu: self.client.cpu / n,
            server_runs: self.server.runs as f64 / f64::from(n),
            client_runs: self.client.runs as f64 / f64::from(n),
            batch_p50s: (
                self.batch_p50s.iter().min().copied().unwrap_or_default(),
                self.batch_p50s.iter().max().copied().unwrap_or_default(),
            ),
        }
    }
}

/// Measure two servers in alternating batches, so drift in the machine's load hits both alike.
async fn compare(server: &mut Target, echo: &mut Target) -> (Run, Run) {
    for _ in 0..BATCHES {
        echo.batch(rounds() / BATCHES).await;
        server.batch(rounds() / BATCHES).await;
    }
    (server.run(), echo.run())
}

/// The daemon measured: `STATUS_LOAD_DAEMON` names another `agentwire` binary, for A/B
/// comparisons of two builds.
fn daemon_exe() -> PathBuf {
    std::env::var_os("STATUS_LOAD_DAEMON").map_or(PathBuf::from(env!("CARGO_BIN_EXE_agentwire")), PathBuf::from)
}

fn spawn_daemon(dir: &Path, workspace: &Path) -> Child {
    spawn_server(
        Command::new(daemon_exe())
            .args(["daemon", "serve", "--workspace"])
            .arg(workspace)
            .env("MC_HOME", dir.join("mc"))
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    )
}

/// One row: the measured server (`who`) against the plain echo.
fn report(name: &str, who: &str, server: &Run, echo: &Run) {
    println!(
        "{name:<28} {who} p50 {:>7.1?} p99 {:>7.1?} {:>9.0}/s | echo p50 {:>7.1?} p99 {:>7.1?} {:>9.0}/s | p50 ratio {:.2}x (target <= 1.5), throughput ratio {:.2}x (target >= 0.5)",
        server.p50,
        server.p99,
        server.per_sec,
        echo.p50,
        echo.p99,
        echo.per_sec,
        server.p50.as_secs_f64() / echo.p50.as_secs_f64(),
        server.per_sec / echo.per_sec
    );
    println!(
        "{:<28} CPU per round trip: {who} {:>6.1?} vs echo {:>6.1?}; load generator {:>6.1?} vs {:>6.1?}",
        "", server.server_cpu, echo.server_cpu, server.client_cpu, echo.client_cpu
    );
    println!(
        "{:<28} threads put on a CPU per round trip: {who} {:.2} vs echo {:.2}; load generator {:.2} vs {:.2}",
        "", server.server_runs, echo.server_runs, server.client_runs, echo.client_runs
    );
    println!(
        "{:<28} p50 of single batches: {who} {:.1?}..{:.1?} vs echo {:.1?}..{:.1?}",
        "", server.batch_p50s.0, server.batch_p50s.1, echo.batch_p50s.0, echo.batch_p50s.1
    );
}

/// The echo server runs as its own process (this binary re-executed), like the daemon, so both
/// pay the same cross-process wake-ups.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let echo = args.iter().position(|a| a == "--echo-server");
    if let (None, Some((cpu, _))) = (echo, pinned_cpus()) {
        // Before the runtime starts its workers, which inherit the affinity.
        pin_to(cpu).expect("pin the load generator");
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    match echo {
        Some(i) => {
            let work = args.get(i + 2).and_then(|n| n.parse().ok()).map_or(Duration::ZERO, Duration::from_nanos);
            rt.block_on(echo_server(PathBuf::from(&args[i + 1]), work))
        }
        None => rt.block_on(run()),
    }
}

/// Start an echo server process (this binary) on `path`, doing `work_ns` per record.
async fn spawn_echo(path: &Path, work_ns: u64) -> Child {
    let child = spawn_server(
        Command::new(std::env::current_exe().expect("self")).arg("--echo-server").arg(path).arg(work_ns.to_string()),
    );
    while !path.exists() {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    child
}

async fn echo_clients(path: &Path, record: &[u8], n: usize) -> Vec<(Client, Vec<u8>)> {
    let mut clients = Vec::new();
    for _ in 0..n {
        clients.push((Client::connect(path).await, record.to_vec()));
    }
    clients
}

async fn run() {
    match pinned_cpus() {
        Some((client, server)) => println!("load generator on CPU {client}, servers on CPU {server}"),
        None => println!("unpinned: the scheduler places the load generator and the servers"),
    }
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().canonicalize().expect("canonical");
    let workspace = dir.join("ws");
    std::fs::create_dir_all(&workspace).expect("ws");
    let mut daemon = spawn_daemon(&dir, &workspace);
    let socket = support::wait_for_socket(&dir.join("mc"));
    let echo_path = dir.join("echo.sock");
    let mut echo = spawn_echo(&echo_path, 0).await;
    let ws = workspace.to_str().expect("utf-8");
    let version = &support::version_of(&daemon_exe());
    let mut record = Vec::new();
    for n in [1, CONNECTIONS[0], CONNECTIONS[1]] {
        // Each client sends its own status record: the envelope names the client's connection.
        let mut dc = Vec::new();
        for _ in 0..n {
            dc.push(daemon_client(&socket, ws, version).await);
        }
        record.clone_from(&dc[0].1);
        let mut d = Target::new(daemon.id(), dc, Reply::Status);
        let mut e = Target::new(echo.id(), echo_clients(&echo_path, &record, n).await, Reply::Echo);
        let (d, e) = compare(&mut d, &mut e).await;
        report(&format!("status, {n} connection(s)"), "daemon", &d, &e);
    }
    let busy_path = dir.join("busy-echo.sock");
    let mut busy = spawn_echo(&busy_path, 1_000).await;
    let mut worked = Target::new(busy.id(), echo_clients(&busy_path, &record, CONNECTIONS[0]).await, Reply::Echo);
    let mut plain = Target::new(echo.id(), echo_clients(&echo_path, &record, CONNECTIONS[0]).await, Reply::Echo);
    let (worked, plain) = compare(&mut worked, &mut plain).await;
    report(&format!("calibration, {} connections", CONNECTIONS[0]), "echo + 1 µs of work", &worked, &plain);
    for child in [&mut daemon, &mut echo, &mut busy] {
        let _ = child.kill();
        let _ = child.wait();
    }
}
