//! `agentwire-client` against the real daemon: a turn from create to terminal, control as a
//! value (a take-over revokes the old handle), and the buffer policy (a stream nobody reads
//! never stalls responses).

mod common;
mod mock;

use std::time::Duration;

use agentwire_client::{
    resume, CallError, Client, ClientOptions, ConnectError, LaunchError, ResumeOptions, StartOptions, StreamError,
};
use agentwire_protocol::{
    operation, ErrorCode, EventPayload, Method, ReplayItem, SessionCreateRequest, SessionListRequest,
    SessionStatusRequest, StatusRequest, TurnStatus,
};
use common::{start_daemon, Sandbox};
use mock::{Mock, Reply};
use serde_json::Value;

/// A daemon whose selected provider is `mock` (an OpenAI-compatible server).
fn mock_daemon(sb: &Sandbox, mock: &Mock) -> Value {
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let settings = format!(
        "provider = \"mock-compat\"\nmodel = \"m1\"\n[providers.mock-compat]\nbase_url = \"{}/v1\"\napi_key_env = \"MOCK_COMPAT_KEY\"\nmodels = [\"m1\"]\n",
        mock.url
    );
    std::fs::write(sb.mc_home.join("settings.toml"), settings).unwrap();
    start_daemon(sb, &[("MOCK_COMPAT_KEY", "compat-secret")])
}

async fn connect(sb: &Sandbox, discovery: &Value) -> Client {
    let options = ClientOptions::new(discovery["socket"].as_str().unwrap(), sb.workspace.to_str().unwrap()).require(&[
        Method::SessionCreate,
        Method::SessionClaim,
        Method::TurnStart,
        Method::Status,
    ]);
    Client::connect(options).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_streams_its_deltas_and_the_turn_stream_ends_with_its_terminal() {
    let sb = Sandbox::new();
    let discovery = start_daemon(&sb, &[]);
    let client = connect(&sb, &discovery).await;
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
    let claim = client.claim(&session.session_id, false).await.unwrap();
    let (started, mut events) = claim.start_turn("What is here?").await.unwrap();
    let (mut text, mut terminal) = (String::new(), None);
    while let Some(ev) = events.next().await {
        match ev.unwrap().payload {
            EventPayload::TurnStarted(s) => assert_eq!(s.turn_id, started.turn_id),
            EventPayload::TurnAssistantDelta(d) => text.push_str(&d.text),
            EventPayload::TurnTerminal(t) => terminal = Some(t),
            _ => {}
        }
    }
    let terminal = terminal.expect("the turn stream ends with the terminal, not before it");
    assert_eq!(terminal.status, TurnStatus::Completed);
    assert_eq!(terminal.assistant_text, text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_over_revokes_the_old_handle_which_then_refuses_to_send() {
    let sb = Sandbox::new();
    let discovery = start_daemon(&sb, &[]);
    let (first, second) = (connect(&sb, &discovery).await, connect(&sb, &discovery).await);
    let session = first.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
    let old = first.claim(&session.session_id, false).await.unwrap();
    // "take_over revokes the old grant."
    let new = second.claim(&session.session_id, true).await.unwrap();
    assert!(new.control().grant_generation > old.control().grant_generation);
    assert!(!old.is_revoked(), "nothing told the old handle yet");
    let err = old.start_turn("hi").await.err().expect("a revoked grant cannot start a turn");
    assert_eq!(err.service_code(), Some(agentwire_protocol::ErrorCode::StaleGrant), "{err}");
    assert!(old.is_revoked(), "the stale_grant answer shows on the handle");
    assert!(matches!(old.start_turn("hi").await, Err(CallError::Revoked)));
    assert!(new.refresh().await.unwrap(), "the new grant is current");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_requests_complete_while_a_running_turns_stream_is_never_read() {
    // A turn that streams 1,500 deltas, one every 5 ms, so it runs through the requests below.
    let words: Vec<String> = (0..1500).map(|i| format!("w{i} ")).collect();
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let body = mock::openai(&refs, &[]);
    let mock = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(5)));
    let sb = Sandbox::new();
    let discovery = mock_daemon(&sb, &mock);
    let options = ClientOptions::new(discovery["socket"].as_str().unwrap(), sb.workspace.to_str().unwrap())
        .require(&[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::Status])
        // A small buffer, so the unread stream lags during the test.
        .event_buffer(8);
    let client = Client::connect(options).await.unwrap();
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
    let claim = client.claim(&session.session_id, false).await.unwrap();
    let mut all = client.events();
    let (started, mut unread) = claim.start_turn("stream a lot").await.unwrap();
    let requests = async {
        for _ in 0..1000 {
            client.call::<operation::Status>(&(), StatusRequest::new()).await.unwrap();
        }
    };
    tokio::time::timeout(Duration::from_secs(120), requests).await.expect("responses never wait for event readers");
    let status = client.call::<operation::SessionStatus>(&claim, SessionStatusRequest::new()).await.unwrap();
    assert!(status.turn.is_some_and(|t| t.turn_id == started.turn_id), "the turn was still running");
    // The unread streams lagged: their buffered events, then Lagged, then the end.
    for stream in [&mut unread, &mut all] {
        let mut n = 0;
        let end = loop {
            match stream.next().await {
                Some(Ok(_)) => n += 1,
                other => break other,
            }
        };
        assert_eq!((n, end), (8, Some(Err(StreamError::Lagged))));
        assert!(stream.next().await.is_none());
    }
}

#[test]
fn agentwire_call_answers_through_the_client_and_names_a_missing_or_forbidden_session() {
    let sb = Sandbox::new();
    start_daemon(&sb, &[]);
    let call = |args: &[&str]| {
        let mut cmd = sb.command(None);
        cmd.arg("call").args(args).arg("--workspace").arg(&sb.workspace);
        cmd.output().unwrap()
    };
    let ok = call(&["status"]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let status: Value = serde_json::from_slice(&ok.stdout).unwrap();
    assert!(status["instance_id"].is_string(), "{status}");
    for (args, message) in [
        (&["session.replay"][..], "session.replay needs --session"),
        (&["status", "--session", "s-01"][..], "status takes no --session"),
    ] {
        let out = call(args);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(message), "{}", String::from_utf8_lossy(&out.stderr));
    }
    // A service error is printed as the error object, exit 1.
    let out = call(&["session.replay", "{\"limit\":8}", "--session", "s-0000000000000000000000000000"]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let error: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(error["error"]["code"].is_string(), "{error}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daemon_of_another_version_is_a_typed_version_mismatch_naming_this_package() {
    // "Package versions must match exactly": the client sends its own PACKAGE_VERSION (never
    // the daemon's), so a daemon of another version refuses it with a typed error.
    let sb = Sandbox::new();
    let discovery = start_daemon(&sb, &[(agentwire_daemon::version::TEST_VERSION_OVERRIDE_ENV, "9.9.9")]);
    assert_eq!(discovery["version"], "9.9.9");
    let options = ClientOptions::new(discovery["socket"].as_str().unwrap(), sb.workspace.to_str().unwrap());
    assert_eq!(options.version, agentwire_client::PACKAGE_VERSION);
    match Client::connect(options).await {
        Err(ConnectError::VersionMismatch(m)) => {
            assert_eq!((m.package.as_str(), m.daemon.as_deref()), (agentwire_client::PACKAGE_VERSION, None));
            assert!(m.to_string().contains("same version"), "says what to do: {m}");
        }
        Err(e) => panic!("not a version mismatch: {e}"),
        Ok(_) => panic!("a daemon of another version accepted this package"),
    }
}

/// A daemon on the offline `local` provider whose turns take `turn_ms` (`local_turn_ms`).
fn slow_local_daemon(sb: &Sandbox, turn_ms: u64) -> Value {
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    std::fs::write(sb.mc_home.join("settings.toml"), format!("local_turn_ms = {turn_ms}\n")).unwrap();
    start_daemon(sb, &[])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel_on_the_slow_local_provider_ends_the_turn_cancelled_every_time() {
    // "Cancel tests use it and assert `cancelled` every time": a turn that takes ten seconds,
    // cancelled after its first delta, five times over.
    let sb = Sandbox::new();
    let discovery = slow_local_daemon(&sb, 10_000);
    let client = connect(&sb, &discovery).await;
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
    let claim = client.claim(&session.session_id, false).await.unwrap();
    for round in 0..5 {
        let (started, mut events) = claim.start_turn("Talk slowly").await.unwrap();
        let mut cancelled = false;
        let mut terminal = None;
        while let Some(ev) = events.next().await {
            match ev.unwrap().payload {
                EventPayload::TurnAssistantDelta(_) if !cancelled => {
                    let answer = claim.cancel(&started.turn_id).await.unwrap();
                    assert_eq!(answer.turn_id, started.turn_id);
                    cancelled = true;
                }
                EventPayload::TurnTerminal(t) => terminal = Some(t.status),
                _ => {}
            }
        }
        assert_eq!(terminal, Some(TurnStatus::Cancelled), "round {round}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_local_turn_takes_its_stated_time_in_several_deltas() {
    let sb = Sandbox::new();
    let discovery = slow_local_daemon(&sb, 800);
    let client = connect(&sb, &discovery).await;
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
    let claim = client.claim(&session.session_id, false).await.unwrap();
    let begun = std::time::Instant::now();
    let (_, mut events) = claim.start_turn("What is here?").await.unwrap();
    let (mut deltas, mut terminal) = (0, None);
    while let Some(ev) = events.next().await {
        match ev.unwrap().payload {
            EventPayload::TurnAssistantDelta(_) => deltas += 1,
            EventPayload::TurnTerminal(t) => terminal = Some(t.status),
            _ => {}
        }
    }
    assert_eq!(terminal, Some(TurnStatus::Completed));
    assert!(deltas >= 5, "several deltas: {deltas}");
    assert!(begun.elapsed() >= Duration::from_millis(800), "{:?}", begun.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_say_which_workspace_they_belong_to_and_run_turns_only_there() {
    // Two daemons of one state root, serving two workspaces. "By default only the sessions
    // created for the workspace this daemon serves"; "a session's turns run only in the
    // workspace it was created for" (session_workspace_mismatch).
    let sb = Sandbox::new();
    let here = connect(&sb, &start_daemon(&sb, &[])).await;
    let other_ws = sb.tmp.path().canonicalize().unwrap().join("other");
    std::fs::create_dir(&other_ws).unwrap();
    let mut cmd = sb.command(None);
    common::clear_config(&mut cmd, &[]);
    cmd.args(["daemon", "start-or-connect", "--workspace"]).arg(&other_ws).arg("--executable").arg(common::BIN);
    let (ok, discovery) = sb.record(cmd.output().unwrap());
    assert!(ok, "{discovery}");
    let options = ClientOptions::new(discovery["socket"].as_str().unwrap(), other_ws.to_str().unwrap()).require(&[
        Method::SessionList,
        Method::SessionClaim,
        Method::TurnStart,
    ]);
    let there = Client::connect(options).await.unwrap();

    let mine = here.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap().session_id;
    let theirs = there.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap().session_id;
    let list = |all: bool| SessionListRequest::new().with_all_workspaces(all);
    let page = here.call::<operation::SessionList>(&(), list(false)).await.unwrap();
    let listed: Vec<_> = page.sessions.iter().map(|s| (s.session_id.as_str(), s.workspace.as_deref())).collect();
    assert_eq!(listed, [(mine.as_str(), sb.workspace.to_str())], "the default lists this workspace's sessions");
    let page = here.call::<operation::SessionList>(&(), list(true)).await.unwrap();
    let mut listed: Vec<_> = page.sessions.iter().map(|s| (s.session_id.clone(), s.workspace.clone())).collect();
    listed.sort();
    let mut expected = vec![
        (mine.clone(), Some(sb.workspace.to_str().unwrap().to_owned())),
        (theirs.clone(), Some(other_ws.to_str().unwrap().to_owned())),
    ];
    expected.sort();
    assert_eq!(listed, expected, "all_workspaces lists every session, each naming its workspace");

    // Another workspace's session can be claimed (and replayed), but its turns are refused.
    let claim = there.claim(&mine, false).await.unwrap();
    let refused = claim.start_turn("read my notes").await.err().and_then(|e| e.service_code());
    assert_eq!(refused, Some(ErrorCode::SessionWorkspaceMismatch));
    // The check runs once the session is marked running; a refused start ends that again, so a
    // second start is refused the same way, not `session_busy`.
    let again = claim.start_turn("read my notes").await.err().and_then(|e| e.service_code());
    assert_eq!(again, Some(ErrorCode::SessionWorkspaceMismatch));
    claim.detach().await.unwrap();
    // Its own workspace's daemon runs it.
    let (_, mut events) = here.claim(&mine, false).await.unwrap().start_turn("What is here?").await.unwrap();
    let mut terminal = None;
    while let Some(ev) = events.next().await {
        if let EventPayload::TurnTerminal(t) = ev.unwrap().payload {
            terminal = Some(t.status);
        }
    }
    assert_eq!(terminal, Some(TurnStatus::Completed));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_or_connect_applies_the_path_rules_and_resume_replays_without_resending() {
    let sb = Sandbox::new();
    let start = |workspace: std::path::PathBuf| StartOptions::new(workspace, common::BIN).mc_home(&sb.mc_home);
    let required = [Method::SessionCreate, Method::SessionClaim, Method::TurnStart];
    // "Refuse or canonicalise, never guess": a relative path is refused before anything runs.
    let relative = Client::start_or_connect(start(".".into()), &required).await;
    assert!(matches!(relative, Err(LaunchError::InvalidWorkspace(_))), "{:?}", relative.err());
    let missing = StartOptions::new(&sb.workspace, "agentwire-not-on-path").mc_home(&sb.mc_home);
    let missing = Client::start_or_connect(missing, &required).await.err().map(|e| e.to_string());
    assert!(missing.as_deref().is_some_and(|m| m.contains("not on PATH")), "{missing:?}");
    // A trailing `/` is canonicalised: the daemon serves the canonical path.
    let trailing = format!("{}/", sb.workspace.display());
    let client = Client::start_or_connect(start(trailing.into()), &required).await.unwrap();
    assert_eq!(client.identity().server_version, agentwire_client::PACKAGE_VERSION);
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap().session_id;
    let claim = client.claim(&session, false).await.unwrap();
    let cursor = claim.response().snapshot.replay_cursor.clone();
    let (_, mut events) = claim.start_turn("first turn").await.unwrap();
    let mut operation = None;
    while let Some(ev) = events.next().await {
        operation = operation.or(ev.unwrap().operation_id);
    }
    client.close();
    // As if the turn.start answer had been lost: resume looks it up and replays; nothing is resent.
    let discovery = common::start_daemon(&sb, &[]);
    let options =
        ResumeOptions::new(discovery["socket"].as_str().unwrap(), sb.workspace.to_str().unwrap(), session.clone())
            .after(cursor)
            .uncertain(operation.clone());
    let resumed = resume(options).await.unwrap();
    assert_eq!(resumed.operations.len(), 1);
    assert_eq!(resumed.operations[0].operation_id, operation.unwrap());
    assert_eq!(resumed.claim.session_id(), session);
    assert!(matches!(resumed.items.first(), Some(ReplayItem::Message(_))));
    assert!(matches!(resumed.items.last(), Some(ReplayItem::Terminal(_))));
    let again = resumed.client.replay(&resumed.claim, Some(resumed.cursor.clone()), 32).await.unwrap();
    assert!(again.events.is_empty() && !again.truncated, "the saved cursor is the end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_past_its_deadline_times_out_and_the_connection_goes_on() {
    // "Dropping a call is safe": a call given up on leaves no half record and its late answer
    // is discarded, so later calls on the same connection are answered normally.
    let sb = Sandbox::new();
    let discovery = start_daemon(&sb, &[]);
    let client = connect(&sb, &discovery).await;
    // A zero deadline: the timer usually fires before the answer is read (a quick answer may
    // still win the race, which is fine); the calls given up on leave answers to discard.
    let mut timed_out = 0;
    for _ in 0..20 {
        match client.call_within::<operation::Status>(Duration::ZERO, &(), StatusRequest::new()).await {
            Err(CallError::Timeout { operation_id: None, .. }) => timed_out += 1,
            Ok(_) => {}
            other => panic!("{other:?}"),
        }
    }
    assert!(timed_out > 0, "no call timed out");
    let status = client.call_within::<operation::Status>(Duration::from_secs(5), &(), StatusRequest::new()).await;
    assert_eq!(status.unwrap().instance_id, client.identity().instance_id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_or_connect_to_a_daemon_of_another_version_is_a_version_mismatch() {
    let sb = Sandbox::new();
    start_daemon(&sb, &[(agentwire_daemon::version::TEST_VERSION_OVERRIDE_ENV, "9.9.9")]);
    let options = StartOptions::new(&sb.workspace, common::BIN).mc_home(&sb.mc_home);
    match Client::start_or_connect(options, &[]).await {
        Err(LaunchError::VersionMismatch(m)) => assert_eq!(m.package, agentwire_client::PACKAGE_VERSION),
        other => panic!("not a version mismatch: {:?}", other.err()),
    }
}
