//! An approval exchange recorded through `proxy --record` against the real daemon (running the
//! scripted ACP agent `daemon/tests/acp/fake-agent.mjs ask-edit`), then served back by the mock
//! daemon to the Rust client's conformance driver and to the TypeScript client's (processes
//! speaking the driver protocol; the TypeScript one when node and its built package are there,
//! else the test says it skipped it), with no daemon and no agent (conformance/README.md, "Recordings and
//! the mock daemon"): issue #38, "`proxy --record` records an approval exchange and `mock` serves
//! it back, so a front end's approval screen can be tested with no agent."

mod common;

use agentwire_conformance::client::driver::Driver;
use agentwire_conformance::proxy::{self, Fault};
use agentwire_conformance::recording::record::Recorder;
use agentwire_conformance::recording::{mock, Dir, Recording};
use agentwire_conformance::wire::target;
use agentwire_protocol::{ApprovalDecider, ApprovalOutcome, EventName, Method, PermissionKind, ToolKind, TurnStatus};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The Rust client's conformance driver (`client/examples/conformance_driver.rs`), built next to
/// this package's binaries: the suite judges clients through the driver protocol, never by
/// linking one. `AGENTWIRE_CLIENT_DRIVER` names another driver command.
fn rust_driver() -> String {
    if let Ok(cmd) = std::env::var("AGENTWIRE_CLIENT_DRIVER") {
        return cmd;
    }
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_agentwire-conformance"));
    let dir = ours.parent().expect("the binaries' folder");
    let mut build = std::process::Command::new(env!("CARGO"));
    build.args(["build", "--quiet", "-p", "agentwire-client", "--example", "conformance_driver"]);
    if dir.file_name().is_some_and(|n| n == "release") {
        build.arg("--release");
    }
    assert!(build.status().is_ok_and(|s| s.success()), "could not build the Rust client's driver");
    format!("'{}'", dir.join("examples/conformance_driver").display())
}

/// One driver command that must succeed; its reply.
async fn call(d: &mut Driver, command: Value) -> Value {
    let reply = d.call(&command).await.expect("the driver answers");
    assert!(reply.ok, "{command} failed: {}", reply.describe());
    reply.value
}

/// What a front end's approval screen saw of one turn (the driver's `turn` reply, README
/// "Client driver protocol").
#[derive(Debug, PartialEq)]
struct Screen {
    /// Title, kind and the kinds of the offered options of each request, and the kind the
    /// daemon confirmed for the answer.
    asked: Vec<(String, String, Vec<String>, Option<String>)>,
    /// Outcome, option ID and decider of each resolution.
    resolved: Vec<(String, Value, String)>,
    text: String,
    status: String,
}

/// The front end, through the driver: connect, opt in, create and claim a session, start a turn
/// and answer its request with the `allow_once` option (the driver chooses it by its kind), read
/// the turn to its terminal.
async fn front_end(driver: &str, socket: &Path, workspace: &str) -> Screen {
    let mut d = Driver::spawn(driver, Duration::from_secs(60)).expect("the driver starts");
    let connect = json!({"cmd": "connect", "socket": socket, "workspace": workspace,
        "version": env!("CARGO_PKG_VERSION"), "require": []});
    call(&mut d, connect).await;
    let terms = call(&mut d, json!({"cmd": "opt_in"})).await;
    assert_eq!(terms["version"], 1, "approvals v1 accepted: {terms}");
    let session = call(&mut d, json!({"cmd": "create"})).await["session_id"].clone();
    call(&mut d, json!({"cmd": "claim", "session_id": session})).await;
    let answer = PermissionKind::AllowOnce.as_str();
    let turn = call(&mut d, json!({"cmd": "turn", "prompt": "Turn debugging on.", "answer": answer})).await;
    d.stop().await;
    let s = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_owned();
    let list = |k: &str| turn[k].as_array().cloned().unwrap_or_default();
    let asked = list("approvals")
        .iter()
        .map(|a| {
            let kinds = a["options"].as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_owned);
            (s(a, "title"), s(a, "kind"), kinds.collect(), a["option_kind"].as_str().map(str::to_owned))
        })
        .collect();
    let resolved =
        list("resolutions").iter().map(|r| (s(r, "outcome"), r["option_id"].clone(), s(r, "decided_by"))).collect();
    Screen { asked, resolved, text: s(&turn, "display"), status: s(&turn, "status") }
}

/// The event names and request methods of `dir`'s records, in recorded order.
fn names(recording: &Recording, dir: Dir) -> Vec<String> {
    recording
        .lines
        .iter()
        .filter(|l| l.dir == dir)
        .filter_map(|l| l.record.as_ref())
        .filter_map(|r| r.get("event").or_else(|| r.get("method")).and_then(Value::as_str).map(str::to_owned))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_approval_exchange_is_recorded_and_served_back_to_the_rust_and_typescript_clients() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::Builder::new().prefix("awra").tempdir_in("/tmp").expect("temp dir");
    let root = dir.path().canonicalize().expect("canonical");
    let (mc, ws) = (root.join("mc"), root.join("ws"));
    std::fs::create_dir_all(&mc).unwrap();
    std::fs::create_dir_all(&ws).unwrap();
    std::fs::set_permissions(&mc, std::fs::Permissions::from_mode(0o700)).unwrap();
    let agent = Path::new(env!("CARGO_MANIFEST_DIR")).join("../daemon/tests/acp/fake-agent.mjs");
    let agent = agent.canonicalize().expect("the scripted ACP agent");
    let settings = format!(
        "provider = \"fake\"\nmodel = \"default\"\n[agents.fake]\ncommand = \"node\"\nargs = [{:?}, \"ask-edit\"]\n",
        agent.display().to_string()
    );
    std::fs::write(mc.join("settings.toml"), settings).unwrap();
    std::fs::set_permissions(mc.join("settings.toml"), std::fs::Permissions::from_mode(0o600)).unwrap();
    let daemon = target::start_private(&common::daemon_bin(), &ws, &mc, &[]).expect("daemon starts");
    let stop = scopeguard(&daemon);

    // Live, through the recording proxy.
    let file = root.join("approval.jsonl");
    let listener = tokio::net::UnixListener::bind(root.join("p.sock")).unwrap();
    let recorder = Recorder::create(&file).unwrap();
    let proxy = tokio::spawn(proxy::serve(listener, daemon.socket.clone(), Fault::None, Some(Arc::clone(&recorder))));
    let driver = rust_driver();
    let live = front_end(&driver, &root.join("p.sock"), &daemon.workspace_str()).await;
    assert_eq!(live.status, TurnStatus::Completed.as_str());
    assert_eq!(live.text, "Answer: ao. Write: ok.", "the agent received the chosen option, and its write went through");
    let allow = PermissionKind::AllowOnce.as_str().to_owned();
    assert_eq!(live.asked.len(), 1, "{live:?}");
    assert_eq!(live.asked[0].1, ToolKind::Edit.as_str());
    assert_eq!(live.asked[0].3, Some(allow), "the answer is the allow_once option");
    let person =
        (ApprovalOutcome::Selected.as_str().to_owned(), json!("ao"), ApprovalDecider::Person.as_str().to_owned());
    assert_eq!(live.resolved, [person]);
    // The proxy writes a connection's close once it has seen it end.
    tokio::time::sleep(Duration::from_millis(300)).await;
    proxy.abort();
    drop(stop);

    // The recording holds the whole exchange, every record checked against the spec.
    let recording = Recording::read(&file).expect("a recording");
    let flagged: Vec<_> = recording.lines.iter().filter_map(|l| Some((l.violation.as_ref()?, &l.record))).collect();
    assert!(flagged.is_empty(), "records no daemon may send: {flagged:?}");
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600, "owner-only");
    let sent = names(&recording, Dir::Client);
    let got = names(&recording, Dir::Daemon);
    let at = |list: &[String], name: &str| {
        list.iter().position(|n| n == name).unwrap_or_else(|| panic!("no {name} recorded in {list:?}"))
    };
    assert!(at(&sent, Method::ProfileNegotiate.as_str()) < at(&sent, Method::TurnStart.as_str()), "{sent:?}");
    assert!(at(&sent, Method::TurnStart.as_str()) < at(&sent, Method::ApprovalRespond.as_str()), "{sent:?}");
    let (requested, resolved) = (EventName::ApprovalRequested.as_str(), EventName::ApprovalResolved.as_str());
    assert!(at(&got, requested) < at(&got, resolved), "{got:?}");
    // The event is recorded before the answer it asks for, so the mock plays it after
    // turn.start's response and before the front end answers.
    let line_of =
        |pred: &dyn Fn(&Value) -> bool| recording.lines.iter().position(|l| l.record.as_ref().is_some_and(pred));
    let event_line = line_of(&|r| r["event"] == requested).unwrap();
    let respond_line = line_of(&|r| r["method"] == Method::ApprovalRespond.as_str()).unwrap();
    let start_line = line_of(&|r| r["method"] == Method::TurnStart.as_str()).unwrap();
    assert!(start_line < event_line && event_line < respond_line);
    // Nothing of the exchange is a secret by the seed's rule: nothing was redacted.
    assert!(recording.lines.iter().all(|l| l.redacted.is_empty()));

    // Served back, with no daemon and no agent: the same screen, to the Rust client and then to
    // the TypeScript one (a client the recording never saw).
    let workspace = daemon.workspace_str();
    assert_eq!(serve_back(&file, &root.join("m.sock"), &driver, &workspace).await, live);
    match typescript_driver() {
        Ok(ts) => assert_eq!(serve_back(&file, &root.join("t.sock"), &ts, &workspace).await, live),
        Err(why) => eprintln!("skipped the TypeScript client: {why}"),
    }
}

/// The recording at `file` served by the mock daemon on `socket` to one front end behind
/// `driver`: what its screen showed. Every request must match a recorded one.
async fn serve_back(file: &Path, socket: &Path, driver: &str, workspace: &str) -> Screen {
    let scripts = mock::load(file).expect("the mock loads the recording");
    let report = Arc::new(mock::Report::new(None));
    let options = mock::Options { speed: 0.0, report: None };
    let serving = tokio::spawn(mock::serve(
        tokio::net::UnixListener::bind(socket).unwrap(),
        scripts,
        options,
        Arc::clone(&report),
    ));
    let served = front_end(driver, socket, workspace).await;
    serving.abort();
    assert_eq!(report.entries(), Vec::<Value>::new(), "{driver}: every request matched a recorded one");
    served
}

/// The TypeScript client's driver (`generated/typescript/bin/client-driver.mjs`) on the built
/// package, when node and the build (`npm run build`) are there; why not otherwise.
fn typescript_driver() -> Result<String, String> {
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated/typescript");
    let package = package.canonicalize().map_err(|e| format!("no TypeScript package: {e}"))?;
    if !package.join("dist/client.js").is_file() {
        return Err("the package is not built (npm run build)".into());
    }
    let node = std::process::Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        return Err("no node on PATH".into());
    }
    Ok(format!("node '{}'", package.join("bin/client-driver.mjs").display()))
}

/// Stops the daemon when dropped, whatever the test did.
fn scopeguard(daemon: &target::Target) -> impl Drop + '_ {
    struct Stop<'a>(&'a target::Target);
    impl Drop for Stop<'_> {
        fn drop(&mut self) {
            target::stop(self.0);
        }
    }
    Stop(daemon)
}
