//! Load generator: `session.list` full paging (32 per page, every page its own request) over
//! the real socket of `agentwire daemon serve`, with 1,000, 10,000 and 50,000 sessions on disk,
//! and the daemon's start-up time with them (until the socket accepts, and until the first
//! page is answered, which waits for the listing index).
//!
//! Targets (issue #22): full paging linear in the number of sessions (10,000 ≤ 12× the 1,000
//! figure; 50,000 about 50×) and the per-page p50 flat within 2× across the sizes.
//!
//! `SESSION_LIST_BASELINE` names another `agentwire` binary (say, main's build): each round
//! then runs both daemons one after the other on the same folder, so drift in the machine's
//! load hits both alike, and the report gives both. Every reply is checked: the pages must
//! together be exactly the sessions on disk, in ID order, each page continuing after the last.
//!
//! A second phase pages this build's daemons on every size at once, one page of each in turn,
//! so the machine's load hits each size alike (see [`interleaved`]).
//!
//! Run: `cargo bench -p agentwire-daemon --bench session_list`
//! (`SESSION_LIST_ROUNDS`, default 5; `SESSION_LIST_SIZES`, default `1000,10000,50000`).

mod support;

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use agentwire_daemon::storage::transcript::{SessionMeta, META_FILE};
use agentwire_daemon::transport::paths::{runtime_paths, workspace_id, RuntimeDirInputs, SESSIONS_DIR};
use serde_json::{json, Value};

const PAGE: usize = 32;

fn rounds() -> usize {
    std::env::var("SESSION_LIST_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(5)
}

fn sizes() -> Vec<usize> {
    std::env::var("SESSION_LIST_SIZES")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1_000, 10_000, 50_000])
}

/// Writes `n` sessions in the on-disk format the daemon reads (a folder named by a session ID
/// holding `meta.json`), without the per-session `fsync`s of a real create: durability is not
/// what is measured. Returns the IDs in order.
fn populate(state_root: &Path, n: usize) -> Vec<String> {
    let sessions = state_root.join(SESSIONS_DIR);
    std::fs::create_dir_all(&sessions).expect("sessions folder");
    let mut ids = Vec::with_capacity(n);
    for i in 0..n {
        // The daemon's own shape, `s-<13-digit ms>-<8 hex>`, a millisecond apart.
        let id = format!("s-{:013}-{:08x}", 1_760_000_000_000u64 + i as u64, (i as u32).wrapping_mul(2_654_435_761));
        let dir = sessions.join(&id);
        std::fs::create_dir(&dir).expect("session folder");
        let meta = SessionMeta {
            title: Some(format!("Session {i}")),
            created_at: "2026-01-01T00:00:00.000Z".into(),
            updated_at: "2026-01-01T00:00:00.000Z".into(),
            compactions: Vec::new(),
            workspace: None,
        };
        std::fs::write(dir.join(META_FILE), serde_json::to_vec(&meta).expect("meta")).expect("meta.json");
        ids.push(id);
    }
    ids.sort();
    ids
}

struct Conn {
    writer: UnixStream,
    reader: BufReader<UnixStream>,
    ids: (Value, Value),
    n: u64,
}

impl Conn {
    fn open(daemon: &Daemon) -> Conn {
        let (socket, workspace) = (&daemon.socket, &daemon.workspace);
        let stream = UnixStream::connect(socket).expect("connect");
        let reader = BufReader::new(stream.try_clone().expect("clone"));
        let mut c = Conn { writer: stream, reader, ids: (Value::Null, Value::Null), n: 0 };
        let hello = c.exchange(
            &json!({"handshake":"agentwire-unix","version":daemon.version,"workspace":workspace.to_str().expect("utf-8")}),
        );
        assert_eq!(hello["status"], "accepted", "{hello}");
        let init = c.request("initialize", json!({"supported_protocol_versions":[2]}));
        assert!(init["error"].is_null(), "{init}");
        c.ids = (init["payload"]["instance_id"].clone(), init["payload"]["connection_id"].clone());
        c
    }

    fn exchange(&mut self, v: &Value) -> Value {
        let mut line = serde_json::to_vec(v).expect("encode");
        line.push(b'\n');
        self.writer.write_all(&line).expect("write");
        let mut reply = String::new();
        assert!(self.reader.read_line(&mut reply).expect("read") > 0, "daemon closed the connection");
        serde_json::from_str(&reply).expect("json reply")
    }

    fn request(&mut self, method: &str, payload: Value) -> Value {
        self.n += 1;
        self.exchange(&json!({"protocol_version":2,"kind":"request","request_id":format!("r{}", self.n),
            "instance_id":self.ids.0,"connection_id":self.ids.1,"session_id":null,"operation_id":null,"control":null,
            "method":method,"payload":payload}))
    }

    /// One page, checked to continue exactly where `ids[from..]` says it must; returns the
    /// reply's `next_after`, or the error code the daemon answered instead.
    fn page(&mut self, after: Option<&str>, ids: &[String], from: usize) -> Result<Option<String>, String> {
        let r = self.request("session.list", json!({"after": after, "limit": PAGE}));
        if let Some(code) = r["error"]["code"].as_str() {
            return Err(code.to_owned());
        }
        let p = &r["payload"];
        let got: Vec<&str> =
            p["sessions"].as_array().expect("sessions").iter().map(|s| s["session_id"].as_str().expect("id")).collect();
        let want: Vec<&str> = ids[from..].iter().take(PAGE).map(String::as_str).collect();
        assert_eq!(got, want, "page after {after:?}");
        assert_eq!(p["incomplete"], false);
        assert_eq!(p["truncated"], from + got.len() < ids.len(), "truncated after {after:?}");
        assert_eq!(p["next_after"].as_str(), got.last().copied(), "next_after is the last examined ID");
        Ok(p["next_after"].as_str().map(str::to_owned))
    }
}

/// What one daemon build measured at one size.
#[derive(Default)]
struct Figures {
    ready: Vec<Duration>,
    first_page: Vec<Duration>,
    paging: Vec<Duration>,
    pages: Vec<Duration>,
    refused: Option<String>,
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

struct Daemon {
    child: Child,
    socket: PathBuf,
    workspace: PathBuf,
    /// The package version the handshake must name: the baseline may be another version.
    version: String,
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `exe` on `state_root`; returns it with the time until its socket accepted.
fn start(exe: &Path, state_root: &Path, workspace: &Path) -> (Daemon, Duration) {
    let version = support::version_of(exe);
    let socket =
        runtime_paths(&RuntimeDirInputs::from_env(state_root), &workspace_id(workspace)).expect("paths").socket;
    let _ = std::fs::remove_file(&socket);
    let begin = Instant::now();
    let child = Command::new(exe)
        .args(["daemon", "serve", "--workspace"])
        .arg(workspace)
        .env("MC_HOME", state_root)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn daemon");
    let daemon = Daemon { child, socket, workspace: workspace.to_owned(), version };
    while UnixStream::connect(&daemon.socket).is_err() {
        assert!(begin.elapsed() < Duration::from_secs(60), "daemon socket did not appear");
        std::thread::sleep(Duration::from_micros(200));
    }
    (daemon, begin.elapsed())
}

/// One round for one build: start, first page, full paging, stop.
fn round(exe: &Path, state_root: &Path, workspace: &Path, ids: &[String], f: &mut Figures) {
    let begin = Instant::now();
    let (daemon, ready) = start(exe, state_root, workspace);
    let mut c = Conn::open(&daemon);
    if let Err(code) = c.page(None, ids, 0) {
        f.refused = Some(code);
        return;
    }
    f.ready.push(ready);
    f.first_page.push(begin.elapsed());
    let start = Instant::now();
    let (mut after, mut from) = (None, 0);
    loop {
        let t = Instant::now();
        let next = c.page(after.as_deref(), ids, from).unwrap_or_else(|code| panic!("page refused: {code}"));
        f.pages.push(t.elapsed());
        from = (from + PAGE).min(ids.len());
        if from == ids.len() {
            break;
        }
        after = next;
    }
    f.paging.push(start.elapsed());
}

fn main() {
    let this = PathBuf::from(env!("CARGO_BIN_EXE_agentwire"));
    let baseline = std::env::var_os("SESSION_LIST_BASELINE").map(PathBuf::from);
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().canonicalize().expect("canonical");
    let mut builds = vec![("this build", this)];
    if let Some(b) = baseline {
        builds.push(("baseline", b));
    }
    println!("{} rounds per size, {PAGE} sessions per page; medians over rounds", rounds());
    let mut full_paging: Vec<(usize, Vec<(Duration, Duration)>)> = Vec::new();
    let mut folders = Vec::new();
    for n in sizes() {
        let state_root = dir.join(format!("mc-{n}"));
        let made = Instant::now();
        let ids = populate(&state_root, n);
        println!("{n} sessions written in {:.1?}", made.elapsed());
        let mut figures: Vec<Figures> = builds.iter().map(|_| Figures::default()).collect();
        for r in 0..rounds() {
            for (i, (name, exe)) in builds.iter().enumerate() {
                let workspace = dir.join(format!("ws-{i}"));
                std::fs::create_dir_all(&workspace).expect("workspace");
                if figures[i].refused.is_none() {
                    round(exe, &state_root, &workspace, &ids, &mut figures[i]);
                }
                if r == 0 {
                    if let Some(code) = &figures[i].refused {
                        println!("  {name}: the first page is refused with {code}");
                    }
                }
            }
        }
        let mut row = Vec::new();
        for ((name, _), f) in builds.iter().zip(&mut figures) {
            if f.refused.is_some() {
                continue;
            }
            let pages = f.pages.len() / rounds();
            let (paging, page_p50) = (median(&mut f.paging), median(&mut f.pages));
            let page_p99 = f.pages[f.pages.len() * 99 / 100];
            let page_mean = f.pages.iter().sum::<Duration>() / f.pages.len().max(1) as u32;
            println!(
                "  {name:<10} {n:>6} sessions, {pages:>5} pages: full paging {paging:>9.1?}, per page p50 {page_p50:>7.1?} p99 {page_p99:>7.1?} mean {page_mean:>7.1?}; start-up: socket {:>7.1?}, first page {:>7.1?}",
                median(&mut f.ready),
                median(&mut f.first_page),
            );
            if name == &builds[0].0 {
                row.push((paging, page_p50));
            }
        }
        full_paging.push((n, row));
        folders.push((n, state_root, ids));
    }
    println!("sequential rounds, this build:");
    verdict(&full_paging);
    interleaved(&builds[0].1, &dir, &folders);
}

/// This build's daemons on every size at once, one page of each in turn: the load of this
/// shared machine then hits every size alike, where sequential rounds time a 15 ms paging of
/// 1,000 sessions in a calm moment and a 2 s paging of 50,000 across every burst. A full paging
/// is the sum of its pages' round trips.
fn interleaved(exe: &Path, dir: &Path, folders: &[(usize, PathBuf, Vec<String>)]) {
    let largest = folders.iter().map(|(n, ..)| *n).max().unwrap_or(0);
    struct Walk<'a> {
        n: usize,
        ids: &'a [String],
        conn: Conn,
        _daemon: Daemon,
        after: Option<String>,
        from: usize,
        current: Duration,
        pagings: Vec<Duration>,
        pages: Vec<Duration>,
    }
    let mut walks: Vec<Walk> = folders
        .iter()
        .enumerate()
        .map(|(i, (n, root, ids))| {
            let workspace = dir.join(format!("ws-interleaved-{i}"));
            std::fs::create_dir_all(&workspace).expect("workspace");
            let (daemon, _) = start(exe, root, &workspace);
            let conn = Conn::open(&daemon);
            let pagings = Vec::new();
            Walk {
                n: *n,
                ids,
                conn,
                _daemon: daemon,
                after: None,
                from: 0,
                current: Duration::ZERO,
                pagings,
                pages: Vec::new(),
            }
        })
        .collect();
    // Until the largest has been paged through `rounds()` times; the smaller ones many more.
    while walks.iter().any(|w| w.n == largest && w.pagings.len() < rounds()) {
        for w in &mut walks {
            let t = Instant::now();
            let next =
                w.conn.page(w.after.as_deref(), w.ids, w.from).unwrap_or_else(|code| panic!("page refused: {code}"));
            let took = t.elapsed();
            w.pages.push(took);
            w.current += took;
            w.from = (w.from + PAGE).min(w.ids.len());
            w.after = next;
            if w.from == w.ids.len() {
                w.pagings.push(std::mem::take(&mut w.current));
                (w.after, w.from) = (None, 0);
            }
        }
    }
    // Page times here are heavy-tailed (a page that waits out another process's time slice
    // costs 10-20 ms); a median of 146 pagings of 32 pages mostly misses that tail, and one of 3
    // pagings of 1,563 pages never does. The mean page times the pages of one paging, which
    // every size sampled equally often and under the same load, is the comparable figure.
    println!("interleaved pages, this build (a full paging = the sum of its pages):");
    let mut rows = Vec::new();
    for w in &mut walks {
        let (paging, page) = (median(&mut w.pagings), median(&mut w.pages));
        let mean = w.pages.iter().sum::<Duration>() / w.pages.len().max(1) as u32;
        let expected = mean * w.ids.len().div_ceil(PAGE) as u32;
        println!(
            "  {:>6} sessions: {:>4} full pagings, median {paging:>9.1?}; {:>6} pages, p50 {page:>7.1?} p99 {:>7.1?} mean {mean:>7.1?}; mean page x pages {expected:>9.1?}",
            w.n,
            w.pagings.len(),
            w.pages.len(),
            w.pages[w.pages.len() * 99 / 100],
        );
        rows.push((w.n, vec![(expected, page)]));
    }
    println!("from the interleaved pages (full paging as mean page x pages):");
    verdict(&rows);
}

/// This build's growth against the smallest size.
fn verdict(rows: &[(usize, Vec<(Duration, Duration)>)]) {
    let Some((n0, first)) = rows.first() else { return };
    let Some(&(paging0, page0)) = first.first() else { return };
    for (n, row) in &rows[1..] {
        let Some(&(paging, page)) = row.first() else { continue };
        println!(
            "this build, {n} vs {n0} sessions ({:.0}x as many): full paging {:.1}x, per page p50 {:.2}x (targets: 10,000 <= 12x, per page <= 2x)",
            *n as f64 / *n0 as f64,
            paging.as_secs_f64() / paging0.as_secs_f64(),
            page.as_secs_f64() / page0.as_secs_f64(),
        );
    }
}
