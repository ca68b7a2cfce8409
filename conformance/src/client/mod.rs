//! The client suite: the runner plays a scripted daemon ([`daemon`]) on a Unix socket and
//! drives a client under test through the driver protocol ([`driver`]), scenario by scenario
//! ([`cases`]), judging what the client sends and what it refuses. Every scenario also passes
//! the envelope checks of [`checks`] over every record the client sent.

pub mod approvals;
pub mod cases;
pub mod checks;
pub mod daemon;
pub mod driver;
pub mod records;

use crate::error::Result;
use crate::select::Selection;
use crate::vectors::Vectors;
use crate::verdict::{CaseResult, Failure, Outcome, Suite};
use daemon::{Daemon, Log, Plan};
use driver::{Driver, Reply};
use records::{Records, Served};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a run is set up.
#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// The driver command, run with `sh -c` (once per case).
    pub exec: String,
    /// The package version the driver's client sends in its handshake (the scripted daemon
    /// accepts exactly it).
    pub version: String,
    /// How long to wait for one driver reply.
    pub reply_timeout: Duration,
}

/// One case in progress: its daemon, its driver and the connect parameters.
pub struct Run {
    pub daemon: Daemon,
    driver: Driver,
    pub version: String,
    pub workspace: String,
    pub records: Arc<Records>,
}

impl Run {
    pub fn log(&self) -> &Log {
        &self.daemon.log
    }

    /// Sends one driver command; a driver that does not answer fails the case.
    pub async fn cmd(&mut self, command: Value) -> std::result::Result<Reply, Failure> {
        self.daemon.log.note(format!("driver> {command}"));
        let reply = self.driver.call(&command).await.map_err(Failure)?;
        self.daemon.log.note(format!("driver< {}", reply.value));
        Ok(reply)
    }

    /// Sends `commands` back to back, then reads their replies in order: a driver whose client
    /// returns early from one command has the next one run while the daemon still waits.
    pub async fn pipelined(&mut self, commands: &[Value]) -> std::result::Result<Vec<Reply>, Failure> {
        for c in commands {
            self.daemon.log.note(format!("driver> {c}"));
            self.driver.send(c).await.map_err(Failure)?;
        }
        let mut replies = Vec::new();
        for c in commands {
            let reply = self.driver.recv(c).await.map_err(Failure)?;
            self.daemon.log.note(format!("driver< {}", reply.value));
            replies.push(reply);
        }
        Ok(replies)
    }

    /// The `connect` command to the scripted daemon.
    pub fn connect_command(&self) -> Value {
        json!({
            "cmd": "connect",
            "socket": self.daemon.socket,
            "workspace": self.workspace,
            "version": self.version,
            "require": cases::REQUIRED.iter().map(|m| m.as_str()).collect::<Vec<_>>(),
        })
    }

    /// `connect` to the scripted daemon requiring the operations the scenarios use.
    pub async fn connect(&mut self) -> std::result::Result<Reply, Failure> {
        self.cmd(self.connect_command()).await
    }

    /// Gives a client this long to do something it must not (resend, pipeline) before the
    /// scenario looks.
    pub async fn settle(&self) {
        tokio::time::sleep(SETTLE).await;
    }
}

/// See [`Run::settle`].
pub const SETTLE: Duration = Duration::from_millis(300);

/// Every client case: the ordinary profile's, then the approvals profile's.
pub fn all() -> Vec<cases::Case> {
    let mut all = cases::all();
    all.extend(approvals::cases());
    all
}

/// Every client case ID.
pub fn ids() -> Vec<String> {
    all().into_iter().map(|c| c.id).collect()
}

/// Runs the selected cases, one scripted daemon and one driver process each.
pub async fn run(options: &ClientOptions, vectors: &Vectors, selection: &Selection) -> Result<Vec<CaseResult>> {
    let records = Arc::new(Records::new(vectors)?);
    let mut results = Vec::new();
    for case in all().into_iter().filter(|c| selection.selects(&c.id)) {
        let start = Instant::now();
        let (outcome, transcript) = run_case(&case, options, &records).await?;
        results.push(CaseResult {
            rule: Some(case.rule.to_owned()),
            duration_ms: start.elapsed().as_millis() as u64,
            transcript,
            ..CaseResult::new(&case.id, Suite::Client, outcome)
        });
    }
    Ok(results)
}

async fn run_case(
    case: &cases::Case,
    options: &ClientOptions,
    records: &Arc<Records>,
) -> Result<(Outcome, crate::transcript::Transcript)> {
    let served = Served::new(records, &options.version);
    let plan: Plan = (case.plan)(records);
    let daemon = Daemon::start(plan, served.clone(), Arc::clone(records))?;
    let workspace = daemon.folder().display().to_string();
    let driver = Driver::spawn(&options.exec, options.reply_timeout)?;
    let mut run = Run { daemon, driver, version: options.version.clone(), workspace, records: Arc::clone(records) };
    let scenario = (case.run)(&mut run).await;
    // The envelope checks hold in every scenario, over everything the client sent.
    let outcome = match scenario.and_then(|()| checks::every_record(&run, &served)) {
        Ok(()) => Outcome::pass(),
        Err(f) => Outcome::fail(f.0),
    };
    let transcript = run.daemon.log.transcript();
    run.driver.stop().await;
    Ok((outcome, transcript))
}
