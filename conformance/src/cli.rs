//! Command line: `server`, `consumer`, `client`, `trace`, `proxy`, `mock`, `chat`, `faults`, `list`,
//! `replay`.

use crate::error::{Error, Result};
use crate::proxy::Fault;
use crate::report::{self, Summary};
use crate::select::{Baseline, Selection};
use crate::vectors::Vectors;
use crate::verdict::CaseResult;
use crate::wire::target;
use clap::{Args, Parser, Subcommand};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Debug, Parser)]
#[command(name = "agentwire-conformance", version, about = "Conformance suite for agentwire wire v2")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run request, framing and scenario cases against a daemon.
    Server(ServerArgs),
    /// Run consumer vectors against a decoder harness.
    Consumer(ConsumerArgs),
    /// Run the client scenarios: a scripted daemon judging a client behind a driver.
    Client(ClientArgs),
    /// Check traceability.toml and print the coverage figure.
    Trace(TraceArgs),
    /// Run the fault-injecting proxy; `--record FILE` also records every connection.
    Proxy(ProxyArgs),
    /// Serve a recording to a front end as the recorded daemon did.
    Mock(MockArgs),
    /// Run a driver-protocol script against a client driver and print each reply.
    Chat(ChatArgs),
    /// List the proxy's faults.
    Faults,
    /// List case IDs (all suites, or those `--case` selects).
    List(ListArgs),
    /// Send a case transcript (from `--out DIR`) to a daemon again and compare the answers.
    Replay(ReplayArgs),
    /// Be the scripted ACP agent (stdio) the approvals cases need: configure it as the daemon
    /// under test's `[agents.<id>]` command (README, "Approvals").
    AcpAgent,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[arg(long, value_name = "SOCKET")]
    pub connect: PathBuf,
    /// A transcript file, e.g. DIR/transcripts/server/<case>.jsonl.
    pub transcript: PathBuf,
}

#[derive(Debug, Args)]
pub struct Common {
    /// Case ID or glob (`*`, `?`); repeatable. Default: every case.
    #[arg(long = "case", value_name = "GLOB")]
    pub cases: Vec<String>,
    /// Expected-failure baseline: listed IDs (or globs) are expected to fail; a listed case
    /// that passes fails the run.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Run every selected case this many times; a case fails the run if any repeat fails it,
    /// except a case the baseline marks `flaky`, which is reported with its pass count.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub repeat: u32,
    /// Write per-case wire transcripts (and report.json) under this folder.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Write the JSON report here.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write a JUnit XML report here.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Read the vector files from this folder instead of the compiled-in copies.
    #[arg(long, value_name = "DIR")]
    pub vectors: Option<PathBuf>,
    /// List every skipped case with its reason.
    #[arg(long, short)]
    pub verbose: bool,
}

#[derive(Debug, Args)]
pub struct ServerArgs {
    /// Socket of a running daemon.
    #[arg(
        long,
        value_name = "SOCKET",
        conflicts_with = "start_or_connect",
        required_unless_present = "start_or_connect"
    )]
    pub connect: Option<PathBuf>,
    /// Run `EXE daemon start-or-connect` and test the daemon it reports.
    #[arg(long, requires = "executable")]
    pub start_or_connect: bool,
    /// The daemon executable: the one --start-or-connect runs; with --connect, the cases that
    /// start a daemon of their own on a state root the runner prepared (`scenario.auth.stored.*`)
    /// run it, and are skipped without it.
    #[arg(long, value_name = "EXE")]
    pub executable: Option<PathBuf>,
    /// Workspace the handshake names (default: the current folder).
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// Package version for the handshake (default: discovery's, else this tool's).
    #[arg(long, value_name = "V")]
    pub version: Option<String>,
    /// Also run cases that wait out the framing timeout (~11 s each).
    #[arg(long)]
    pub slow: bool,
    /// Stop (SIGTERM) the daemon if --start-or-connect started it.
    #[arg(long)]
    pub stop: bool,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, Args)]
pub struct ConsumerArgs {
    /// The harness command, run with `sh -c`.
    #[arg(long, value_name = "CMD")]
    pub exec: String,
    /// Give up waiting for the harness after this many seconds.
    #[arg(long, default_value_t = 120)]
    pub timeout_secs: u64,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, Args)]
pub struct ClientArgs {
    /// The driver command, run with `sh -c` once per case (README: "Client driver protocol").
    #[arg(long, value_name = "CMD")]
    pub exec: String,
    /// The package version the client sends in its handshake (default: this tool's, which is
    /// the workspace's and the generated packages').
    #[arg(long, value_name = "V")]
    pub version: Option<String>,
    /// Give up waiting for one driver reply after this many seconds.
    #[arg(long, default_value_t = 20)]
    pub timeout_secs: u64,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The trace file (default: the compiled-in conformance/traceability.toml).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Print a skeleton for normative sentences missing from the file (needs DOCUMENTS).
    #[arg(long)]
    pub suggest: bool,
    /// The folder holding the protocol documents (the trace file's `[documents]` paths are
    /// relative to it). Without it, or for a document not in it, the check that every
    /// normative sentence is mapped is skipped, and the output says so.
    #[arg(value_name = "DOCUMENTS")]
    pub documents: Option<PathBuf>,
    #[arg(long, value_name = "DIR")]
    pub vectors: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ProxyArgs {
    #[arg(long, value_name = "SOCKET")]
    pub listen: PathBuf,
    #[arg(long, value_name = "SOCKET")]
    pub upstream: PathBuf,
    /// One of `agentwire-conformance faults`; `none` forwards every record untouched.
    #[arg(long, value_name = "NAME", default_value = "none")]
    pub fault: String,
    /// Write every record of every connection to this recording (JSON Lines, owner-only).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct MockArgs {
    /// A recording written by `proxy --record`.
    #[arg(long, value_name = "FILE")]
    pub recording: PathBuf,
    /// The socket to serve front ends on.
    #[arg(long, value_name = "SOCKET")]
    pub socket: PathBuf,
    /// Play N times faster than recorded; 0 sends each answer without waiting.
    #[arg(long, value_name = "N", default_value_t = 1.0)]
    pub speed: f64,
    /// Write the mismatch report here as JSON (it is also printed on stderr).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ChatArgs {
    /// The client driver (`sh -c CMD`), as for `client --exec`.
    #[arg(long, value_name = "CMD")]
    pub exec: String,
    /// Driver commands, one JSON object per line; `"$NAME"` values are replaced by the member
    /// NAME of an earlier reply (e.g. `"session_id":"$session_id"`).
    #[arg(long, value_name = "FILE")]
    pub script: PathBuf,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[arg(long = "case", value_name = "GLOB")]
    pub cases: Vec<String>,
    #[arg(long, value_name = "DIR")]
    pub vectors: Option<PathBuf>,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("agentwire-conformance: {e}");
            return ExitCode::from(2);
        }
    };
    match runtime.block_on(run(cli.command)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("agentwire-conformance: {e}");
            ExitCode::from(2)
        }
    }
}

/// Every case ID: vectors, consumer framing and scenarios.
pub fn known_ids(vectors: &Vectors) -> BTreeSet<String> {
    let mut ids: BTreeSet<String> = vectors.ids().map(str::to_owned).collect();
    ids.extend(crate::server::scenarios::ids());
    ids.extend(crate::client::ids());
    ids
}

async fn run(command: Command) -> Result<bool> {
    match command {
        Command::Server(a) => server(a).await,
        Command::Consumer(a) => consumer(a).await,
        Command::Client(a) => client(a).await,
        Command::Trace(a) => trace(a),
        Command::Proxy(a) => proxy(a).await,
        Command::Mock(a) => {
            let options = crate::recording::mock::Options { speed: a.speed, report: a.report };
            crate::recording::mock::run(a.recording, a.socket, options).await
        }
        Command::Chat(a) => crate::recording::chat::run(&a.exec, &a.script).await,
        Command::Faults => {
            for f in Fault::ALL {
                println!("{:<26} {:<8} {}", f.name(), if f.is_control() { "control" } else { "fault" }, f.describe());
            }
            Ok(true)
        }
        Command::Replay(a) => crate::replay::replay(&a.transcript, &a.connect).await,
        Command::AcpAgent => {
            crate::acp_agent::run().await.map_err(|e| Error::Agent(e.to_string()))?;
            Ok(true)
        }
        Command::List(a) => {
            let vectors = Vectors::load(a.vectors.as_deref())?;
            let sel = Selection::new(a.cases);
            for id in known_ids(&vectors).into_iter().filter(|id| sel.selects(id)) {
                println!("{id}");
            }
            Ok(true)
        }
    }
}

async fn server(a: ServerArgs) -> Result<bool> {
    let vectors = Vectors::load(a.common.vectors.as_deref())?;
    let workspace = match &a.workspace {
        Some(w) => w.clone(),
        None => std::env::current_dir()?,
    };
    let mut t = match (&a.connect, &a.executable) {
        (Some(socket), _) => {
            target::connect(socket, &workspace, a.version.as_deref().unwrap_or(env!("CARGO_PKG_VERSION")))?
        }
        (None, Some(exe)) => target::start_or_connect(exe, &workspace, &[])?,
        (None, None) => {
            return Err(Error::Usage("give --connect SOCKET or --start-or-connect --executable EXE".into()))
        }
    };
    if let Some(v) = &a.version {
        t.version = v.clone();
    }
    if t.executable.is_none() {
        t.executable.clone_from(&a.executable);
    }
    let mut results = Vec::new();
    for _ in 0..a.common.repeat {
        let selection = Selection::new(a.common.cases.clone());
        results
            .push(crate::server::run(&t, &vectors, &selection, &crate::server::ServerOptions { slow: a.slow }).await);
    }
    if a.stop {
        target::stop(&t);
    }
    finish(results, &a.common)
}

async fn consumer(a: ConsumerArgs) -> Result<bool> {
    let vectors = Vectors::load(a.common.vectors.as_deref())?;
    let mut results = Vec::new();
    for _ in 0..a.common.repeat {
        let selection = Selection::new(a.common.cases.clone());
        results.push(crate::consumer::run(&a.exec, &vectors, &selection, Duration::from_secs(a.timeout_secs)).await?);
    }
    finish(results, &a.common)
}

async fn client(a: ClientArgs) -> Result<bool> {
    let vectors = Vectors::load(a.common.vectors.as_deref())?;
    let options = crate::client::ClientOptions {
        exec: a.exec.clone(),
        version: a.version.clone().unwrap_or_else(|| env!("CARGO_PKG_VERSION").to_owned()),
        reply_timeout: Duration::from_secs(a.timeout_secs),
    };
    let mut results = Vec::new();
    for _ in 0..a.common.repeat {
        results.push(crate::client::run(&options, &vectors, &Selection::new(a.common.cases.clone())).await?);
    }
    finish(results, &a.common)
}

fn trace(a: TraceArgs) -> Result<bool> {
    let vectors = Vectors::load(a.vectors.as_deref())?;
    let file = crate::trace::TraceFile::load(a.file.as_deref())?;
    let base = a
        .file
        .as_deref()
        .and_then(Path::parent)
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), Path::to_owned);
    if a.suggest {
        let mut rules: Vec<(String, String)> = Vec::new();
        rules.extend(vectors.requests.iter().filter_map(|v| v.rule.clone().map(|r| (v.id.clone(), r))));
        rules.extend(vectors.consumer.iter().filter_map(|v| v.rule.clone().map(|r| (v.id.clone(), r))));
        rules.extend(vectors.framing.iter().filter_map(|v| v.rule.clone().map(|r| (v.id.clone(), r))));
        rules.extend(crate::server::scenarios::all().into_iter().map(|s| (s.id, s.rule)));
        rules.extend(crate::client::all().into_iter().map(|c| (c.id, c.rule.to_owned())));
        let rules: Vec<(String, String)> = rules.into_iter().map(|(id, r)| (id, crate::trace::normalize(&r))).collect();
        let documents = a.documents.as_deref().ok_or_else(|| Error::Usage("--suggest needs DOCUMENTS".into()))?;
        print!("{}", crate::trace::suggest(&file, &rules, documents, &base));
        return Ok(true);
    }
    let report = crate::trace::check(&file, &known_ids(&vectors), &base, a.documents.as_deref());
    print!("{}", report.render());
    Ok(report.ok())
}

async fn proxy(a: ProxyArgs) -> Result<bool> {
    let fault = Fault::from_name(&a.fault)
        .ok_or_else(|| Error::Usage(format!("unknown fault `{}` (see `agentwire-conformance faults`)", a.fault)))?;
    let recorder = match &a.record {
        Some(path) => Some(crate::recording::record::Recorder::create(path).map_err(|e| Error::io(path, e))?),
        None => None,
    };
    let listener = tokio::net::UnixListener::bind(&a.listen).map_err(|e| Error::io(&a.listen, e))?;
    eprintln!("proxy {} -> {} with fault `{}`", a.listen.display(), a.upstream.display(), fault.name());
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        () = crate::proxy::serve(listener, a.upstream.clone(), fault, recorder) => {}
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    let _ = std::fs::remove_file(&a.listen);
    Ok(true)
}

/// Merge the repeats, apply the baseline, write the reports, print the summary; true when
/// nothing was unexpected.
pub fn finish(runs: Vec<Vec<CaseResult>>, common: &Common) -> Result<bool> {
    let baseline = match &common.baseline {
        Some(p) => Baseline::load(p)?,
        None => Baseline::default(),
    };
    let results = crate::repeats::merge(runs, &baseline);
    if let Some(out) = &common.out {
        std::fs::create_dir_all(out).map_err(|e| Error::io(out, e))?;
        report::write_transcripts(out, &results)?;
        write(
            &out.join("report.json"),
            &serde_json::to_string_pretty(&report::json::render(&results, Some(out))).unwrap_or_default(),
        )?;
    }
    if let Some(path) = &common.json {
        write(
            path,
            &serde_json::to_string_pretty(&report::json::render(&results, common.out.as_deref())).unwrap_or_default(),
        )?;
    }
    if let Some(path) = &common.junit {
        write(path, &report::junit::render(&results))?;
    }
    print!("{}", report::human::render(&results, common.verbose));
    Ok(Summary::of(&results).ok())
}

fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    }
    std::fs::write(path, text).map_err(|e| Error::io(path, e))
}
