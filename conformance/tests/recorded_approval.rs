//! An approval exchange recorded through `proxy --record` against the real daemon (running the
//! scripted ACP agent `daemon/tests/acp/fake-agent.mjs ask-edit`), then served back by the mock
//! daemon to the Rust client, with no daemon and no agent (conformance/README.md, "Recordings and
//! the mock daemon"): issue #38, "`proxy --record` records an approval exchange and `mock` serves
//! it back, so a front end's approval screen can be tested with no agent."

mod common;

use agentwire_client::{Client, ClientOptions};
use agentwire_conformance::proxy::{self, Fault};
use agentwire_conformance::recording::record::Recorder;
use agentwire_conformance::recording::{mock, Dir, Recording};
use agentwire_conformance::wire::target;
use agentwire_protocol::{
    ApprovalDecider, ApprovalOutcome, EventName, EventPayload, Method, PermissionKind, SessionCreateRequest, ToolKind,
    TurnStatus,
};
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// What a front end's approval screen saw of one turn.
#[derive(Debug, PartialEq)]
struct Screen {
    /// Title, kind and the kinds of the offered options of each request.
    asked: Vec<(String, ToolKind, Vec<PermissionKind>)>,
    answer: PermissionKind,
    resolved: Vec<(ApprovalOutcome, Option<String>, ApprovalDecider)>,
    text: String,
    status: TurnStatus,
}

/// The front end: opt in, create and claim a session, start a turn, answer its request with the
/// `allow_once` option (chosen by its kind), read the turn to its terminal.
async fn front_end(socket: &Path, workspace: &str) -> Screen {
    let client = Client::connect(ClientOptions::new(socket, workspace)).await.expect("connect");
    client.opt_in_approvals().await.expect("approvals offered and negotiated");
    let session = client
        .call::<agentwire_client::operation::SessionCreate>(&(), SessionCreateRequest::new())
        .await
        .expect("create a session");
    let claim = client.claim(&session.session_id, false).await.expect("claim");
    let (_, mut turn) = claim.start_turn("Turn debugging on.").await.expect("start the turn");
    let (mut asked, mut resolved, mut text, mut answer) = (Vec::new(), Vec::new(), String::new(), None);
    let read = async {
        while let Some(event) = turn.next().await {
            match event.expect("event").payload {
                EventPayload::ApprovalRequested(a) => {
                    let kinds = a.options.iter().map(|o| o.kind).collect();
                    asked.push((a.title.clone(), a.kind, kinds));
                    let allow = a.options.iter().find(|o| o.kind == PermissionKind::AllowOnce).expect("allow_once");
                    answer = Some(claim.respond(&a.approval_id, &allow.id).await.expect("respond").option_kind);
                }
                EventPayload::ApprovalResolved(r) => resolved.push((r.outcome, r.option_id, r.decided_by)),
                EventPayload::TurnAssistantDelta(d) => text.push_str(&d.text),
                EventPayload::TurnTerminal(t) => return t.status,
                _ => {}
            }
        }
        panic!("the turn's events ended before its terminal");
    };
    let status = tokio::time::timeout(Duration::from_secs(60), read).await.expect("the turn ends");
    client.close();
    Screen { asked, answer: answer.expect("a request was answered"), resolved, text, status }
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
async fn an_approval_exchange_is_recorded_and_served_back_to_the_rust_client() {
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
    let live = front_end(&root.join("p.sock"), &daemon.workspace_str()).await;
    assert_eq!(live.status, TurnStatus::Completed);
    assert_eq!(live.text, "Answer: ao. Write: ok.", "the agent received the chosen option, and its write went through");
    assert_eq!(live.resolved, [(ApprovalOutcome::Selected, Some("ao".to_owned()), ApprovalDecider::Person)]);
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

    // Served back, with no daemon and no agent: the same screen.
    let scripts = mock::load(&file).expect("the mock loads the recording");
    let socket = root.join("m.sock");
    let report = Arc::new(mock::Report::new(None));
    let options = mock::Options { speed: 0.0, report: None };
    let serving = tokio::spawn(mock::serve(
        tokio::net::UnixListener::bind(&socket).unwrap(),
        scripts,
        options,
        Arc::clone(&report),
    ));
    let served = front_end(&socket, &daemon.workspace_str()).await;
    serving.abort();
    assert_eq!(report.entries(), Vec::<Value>::new(), "every request matched a recorded one");
    assert_eq!(served, live);
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
