//! The `approvals` profile end to end (issue #38, "Who answers, and when"): the real daemon
//! with the scripted ACP agent (`daemon/tests/acp/fake-agent.mjs`: `ask-edit`, `flood N`)
//! and the Rust client. Each test names the rule it checks.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use agentwire_client::{operation, Claim, Client, ClientOptions, EventStream, Target};
use agentwire_protocol::typed::UnderControl;
use agentwire_protocol::{
    ApprovalChange, ApprovalDecider, ApprovalOutcome, ApprovalRequested, ApprovalResolved, ApprovalRespondRequest,
    Control, ErrorCode, EventPayload, PermissionKind, ProfileNegotiateRequest, SessionCreateRequest, SessionId,
    ToolKind, TurnStatus,
};
use common::Sandbox;
use serde_json::Value;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/acp")
}

/// Global settings selecting the fake agent in `mode`, with `extra` top-level keys.
fn settings(sb: &Sandbox, mode: &[&str], extra: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    std::fs::set_permissions(&sb.mc_home, std::fs::Permissions::from_mode(0o700)).unwrap();
    let script = fixtures().join("fake-agent.mjs").display().to_string();
    let args: Vec<String> = std::iter::once(script).chain(mode.iter().map(|m| (*m).to_owned())).collect();
    let text = format!(
        "provider = \"fake\"\nmodel = \"default\"\n{extra}\n[agents.fake]\ncommand = \"node\"\nargs = {args:?}\n"
    );
    let path = sb.mc_home.join("settings.toml");
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
}

struct Daemon {
    socket: String,
    sb: Sandbox,
}

fn daemon(mode: &[&str], extra: &str) -> Daemon {
    let sb = Sandbox::new();
    settings(&sb, mode, extra);
    let discovery = common::start_daemon(&sb, &[]);
    Daemon { socket: discovery["socket"].as_str().unwrap().to_owned(), sb }
}

impl Daemon {
    async fn client(&self) -> Client {
        let options = ClientOptions::new(self.socket.as_str(), self.sb.workspace.to_str().unwrap());
        Client::connect(options).await.unwrap()
    }

    /// A client that negotiated approvals v1.
    async fn opted_in(&self) -> (Client, agentwire_protocol::ProfileNegotiateResponse) {
        let client = self.client().await;
        let terms = client
            .call::<operation::ProfileNegotiate>(&(), ProfileNegotiateRequest::new("approvals".to_owned(), 1))
            .await
            .unwrap();
        (client, terms)
    }

    /// A workspace file, written with `text` before the turn (the edit's old text).
    fn file(&self, name: &str, text: Option<&str>) -> PathBuf {
        let path = self.sb.workspace.join(name);
        if let Some(text) = text {
            std::fs::write(&path, text).unwrap();
        }
        path
    }

    fn transcript(&self, session_id: &str) -> Vec<Value> {
        let path = self.sb.mc_home.join("sessions").join(session_id).join("transcript.jsonl");
        std::fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    /// The lines written so far, while a turn may be writing the next.
    fn transcript_so_far(&self, session_id: &str) -> Vec<Value> {
        let path = self.sb.mc_home.join("sessions").join(session_id).join("transcript.jsonl");
        let text = std::fs::read_to_string(path).unwrap_or_default();
        text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
    }
}

async fn session(client: &Client) -> Claim {
    let s = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
    client.claim(&s.session_id, false).await.unwrap()
}

/// What a session's events showed until the turn's terminal.
#[derive(Default)]
struct Seen {
    requested: Vec<ApprovalRequested>,
    resolved: Vec<ApprovalResolved>,
    text: String,
    status: Option<TurnStatus>,
}

/// Reads `events` until `stop` says so (or the terminal), within a minute.
async fn watch(events: &mut EventStream, seen: &mut Seen, stop: impl Fn(&Seen) -> bool) {
    let wait = tokio::time::timeout(Duration::from_secs(60), async {
        while !stop(seen) {
            let Some(event) = events.next().await else { panic!("the events ended") };
            match event.unwrap().payload {
                EventPayload::ApprovalRequested(r) => seen.requested.push(*r),
                EventPayload::ApprovalResolved(r) => seen.resolved.push(r),
                EventPayload::TurnAssistantDelta(d) => seen.text.push_str(&d.text),
                EventPayload::TurnTerminal(t) => {
                    seen.status = Some(t.status);
                    return;
                }
                _ => {}
            }
        }
    });
    if wait.await.is_err() {
        panic!(
            "the expected events did not arrive: {} requested, {} resolved, text {:?}, status {:?}",
            seen.requested.len(),
            seen.resolved.len(),
            seen.text,
            seen.status
        );
    }
}

fn of_type<'a>(lines: &'a [Value], kind: &str) -> Vec<&'a Value> {
    lines.iter().filter(|l| l["type"] == kind).collect()
}

/// Slots with a control this connection may not hold (another connection's claim).
struct Borrowed(SessionId, Control);

impl Target<UnderControl> for Borrowed {
    fn slots(&self) -> Result<UnderControl, agentwire_client::CallError> {
        Ok(UnderControl { session_id: self.0.clone(), control: self.1.clone() })
    }
}

fn respond(approval_id: &str, option_id: &str) -> ApprovalRespondRequest {
    ApprovalRespondRequest::new(approval_id.to_owned(), option_id.to_owned())
}

/// The edit's old and new text (`ask-edit`), and how the agent reports a refused write.
const OLD: &str = "debug = false\n";
const NEW: &str = "debug = true\n";
const REFUSED: &str = "Write: refused: writes are rejected by the permission policy.";

/// One `ask-edit` turn with `prompt`, the person answering `option_id`: what it showed.
async fn edit_answered(d: &Daemon, prompt: &str, option_id: &str) -> Seen {
    let (client, _) = d.opted_in().await;
    let claim = session(&client).await;
    let mut events = client.session_events(claim.session_id());
    claim.start_turn(prompt).await.unwrap();
    let mut seen = Seen::default();
    watch(&mut events, &mut seen, |s| !s.requested.is_empty()).await;
    let asked = seen.requested[0].clone();
    client.call::<operation::ApprovalRespond>(&claim, respond(&asked.approval_id, option_id)).await.unwrap();
    watch(&mut events, &mut seen, |_| false).await;
    assert_eq!(seen.status, Some(TurnStatus::Completed));
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_the_person_allowed_is_written_through_the_client() {
    // "the edit happens or not accordingly": with `edit = "ask"` the agent is offered
    // `fs.writeTextFile`, and writes the file the person allowed it to edit.
    let d = daemon(&["ask-edit"], "");
    let config = d.file("config.toml", Some(OLD));
    let seen = edit_answered(&d, "Turn debugging on.", "ao").await;
    assert!(seen.text.contains("Answer: ao. Write: ok."), "{}", seen.text);
    assert_eq!(std::fs::read_to_string(&config).unwrap(), NEW, "the allowed edit happened");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_edit_is_not_written_even_when_the_agent_writes_anyway() {
    // "the edit happens or not accordingly": a reject permits no write.
    let d = daemon(&["ask-edit"], "");
    let config = d.file("config.toml", Some(OLD));
    let seen = edit_answered(&d, "Turn debugging on anyway.", "ro").await;
    assert!(seen.text.contains(&format!("Answer: ro. {REFUSED}")), "{}", seen.text);
    assert_eq!(std::fs::read_to_string(&config).unwrap(), OLD, "the file is unchanged");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_allowed_once_permits_no_write_to_another_file() {
    // The person allowed the edit of the file it named, and only that one.
    let d = daemon(&["ask-edit"], "");
    let config = d.file("config.toml", Some(OLD));
    let seen = edit_answered(&d, "Turn debugging on elsewhere.", "ao").await;
    assert!(seen.text.contains(&format!("Answer: ao. {REFUSED}")), "{}", seen.text);
    assert!(!d.file("other.toml", None).exists(), "no other file was written");
    assert_eq!(std::fs::read_to_string(&config).unwrap(), OLD);
}

/// Runs one turn of `claim` with `prompt`, answering its request (if it asks) with `option_id`.
async fn turn_answered(client: &Client, claim: &Claim, prompt: &str, option_id: &str) -> Seen {
    let mut events = client.session_events(claim.session_id());
    claim.start_turn(prompt).await.unwrap();
    let mut seen = Seen::default();
    watch(&mut events, &mut seen, |s| !s.requested.is_empty() || s.status.is_some()).await;
    if let Some(asked) = seen.requested.first().cloned() {
        client.call::<operation::ApprovalRespond>(claim, respond(&asked.approval_id, option_id)).await.unwrap();
        watch(&mut events, &mut seen, |_| false).await;
    }
    assert_eq!(seen.status, Some(TurnStatus::Completed));
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn allow_always_to_an_edit_lets_the_agent_write_unasked_in_later_turns_until_reject_always() {
    // "`allow_always` / `reject_always` are forwarded as chosen: in ACP the agent keeps that
    // memory": an agent that remembers the person's allow_always writes in a later turn
    // without asking, and the daemon lets it, for the session's life; reject_always is
    // remembered likewise. An allow once is not remembered.
    let d = daemon(&["ask-edit"], "");
    d.file("config.toml", Some(OLD));
    let other = d.file("other.toml", None);
    let (client, _) = d.opted_in().await;
    let claim = session(&client).await;
    let seen = turn_answered(&client, &claim, "Turn debugging on.", "ao").await;
    assert!(seen.text.contains("Answer: ao. Write: ok."), "{}", seen.text);
    let seen = turn_answered(&client, &claim, "Write unasked.", "").await;
    assert!(seen.text.contains(REFUSED), "an allow once is not remembered: {}", seen.text);
    assert!(!other.exists());
    let seen = turn_answered(&client, &claim, "Turn debugging on.", "aa").await;
    assert!(seen.text.contains("Answer: aa. Write: ok."), "{}", seen.text);
    let seen = turn_answered(&client, &claim, "Write unasked.", "").await;
    assert!(seen.text.contains("Write: ok."), "the remembered allow_always: {}", seen.text);
    assert_eq!(std::fs::read_to_string(&other).unwrap(), NEW);
    std::fs::remove_file(&other).unwrap();
    // Another session of the same agent remembers nothing.
    let elsewhere = session(&client).await;
    let seen = turn_answered(&client, &elsewhere, "Write unasked.", "").await;
    assert!(seen.text.contains(REFUSED), "{}", seen.text);
    assert!(!other.exists());
    // reject_always takes the allow back for the session.
    let seen = turn_answered(&client, &claim, "Turn debugging on.", "ra").await;
    assert!(seen.text.contains("Answer: ra."), "{}", seen.text);
    let seen = turn_answered(&client, &claim, "Write unasked.", "").await;
    assert!(seen.text.contains(REFUSED), "the remembered reject_always: {}", seen.text);
    assert!(!other.exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_opted_in_controller_is_asked_and_the_first_valid_answer_wins() {
    let d = daemon(&["ask-edit"], "approval_deadline_ms = 120000");
    let (client, terms) = d.opted_in().await;
    // "the advertised value is the effective one".
    assert_eq!(terms.limits.get("approval_deadline_ms"), Some(&120_000));
    assert_eq!(terms.operations, [agentwire_protocol::Method::ApprovalRespond.as_str()]);
    let claim = session(&client).await;
    let mut events = client.session_events(claim.session_id());
    let (started, _turn) = claim.start_turn("Turn debugging on.").await.unwrap();
    let mut seen = Seen::default();
    watch(&mut events, &mut seen, |s| !s.requested.is_empty()).await;
    // "delivered as an event ... (the call, title, kind, bounded arguments, the proposed
    // change ..., the offered options with their kinds)".
    let asked = seen.requested[0].clone();
    assert_eq!(
        (asked.turn_id.as_str(), asked.kind, asked.title.as_str()),
        (started.turn_id.as_str(), ToolKind::Edit, "Edit `config.toml`")
    );
    let kinds: Vec<PermissionKind> = asked.options.iter().map(|o| o.kind).collect();
    assert_eq!(
        kinds,
        [
            PermissionKind::AllowOnce,
            PermissionKind::AllowAlways,
            PermissionKind::RejectOnce,
            PermissionKind::RejectAlways
        ]
    );
    match asked.change.as_ref() {
        Some(ApprovalChange::Diff(diff)) => {
            assert_eq!(Path::new(&diff.path).file_name(), Some("config.toml".as_ref()));
            assert_eq!(diff.new_text, "debug = true\n");
        }
        other => panic!("no diff: {other:?}"),
    }
    assert!(asked.arguments.as_deref().is_some_and(|a| a.contains("config.toml")));
    // "Only the session's controller may answer": another opted-in connection is refused.
    let (other, _) = d.opted_in().await;
    let borrowed = Borrowed(SessionId::try_from(claim.session_id()).unwrap(), claim.control().clone());
    let refused = other.call::<operation::ApprovalRespond>(&borrowed, respond(&asked.approval_id, "ao")).await;
    let code = refused.unwrap_err().service_code();
    assert!(matches!(code, Some(ErrorCode::ControlRequired | ErrorCode::StaleGrant)), "{code:?}");
    // Unknown approvals and options are defined errors that change nothing.
    let unknown = client.call::<operation::ApprovalRespond>(&claim, respond("ap-unknown", "ao")).await;
    assert_eq!(unknown.unwrap_err().service_code(), Some(ErrorCode::ApprovalUnknown));
    let bad_option = client.call::<operation::ApprovalRespond>(&claim, respond(&asked.approval_id, "maybe")).await;
    assert_eq!(bad_option.unwrap_err().service_code(), Some(ErrorCode::ApprovalOptionUnknown));
    // "allow_always / reject_always are forwarded as chosen"; "The first valid answer wins".
    let answered = client.call::<operation::ApprovalRespond>(&claim, respond(&asked.approval_id, "aa")).await.unwrap();
    assert_eq!(answered.option_kind, PermissionKind::AllowAlways);
    let second = client.call::<operation::ApprovalRespond>(&claim, respond(&asked.approval_id, "ro")).await;
    assert_eq!(second.unwrap_err().service_code(), Some(ErrorCode::ApprovalUnknown), "a second answer");
    watch(&mut events, &mut seen, |_| false).await;
    assert_eq!(seen.status, Some(TurnStatus::Completed));
    assert!(seen.text.contains("Answer: aa."), "the agent got the chosen option: {}", seen.text);
    let resolved = &seen.resolved;
    assert_eq!(resolved.len(), 1);
    assert_eq!(
        (resolved[0].outcome, resolved[0].option_id.as_deref(), resolved[0].decided_by),
        (ApprovalOutcome::Selected, Some("aa"), ApprovalDecider::Person)
    );
    // "The stream holds exactly one `permission-response` per answered request", saying who.
    let lines = d.transcript(claim.session_id());
    let responses = of_type(&lines, "permission-response");
    assert_eq!(responses.len(), 1);
    assert_eq!((responses[0]["optionId"].as_str(), responses[0]["decidedBy"].as_str()), (Some("aa"), Some("person")));
    assert_eq!(of_type(&lines, "permission-request").len(), 1);
    // A late answer, after the turn: unknown.
    let late = client.call::<operation::ApprovalRespond>(&claim, respond(&asked.approval_id, "ao")).await;
    assert_eq!(late.unwrap_err().service_code(), Some(ErrorCode::ApprovalUnknown));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deadline_answers_reject_never_allow_and_says_so() {
    // "when it passes, the answer is reject, never allow, and the stream and the resolved
    // event say that the deadline answered, not the person."
    let d = daemon(&["ask-edit"], "approval_deadline_ms = 1000");
    let config = d.file("config.toml", Some(OLD));
    let (client, terms) = d.opted_in().await;
    assert_eq!(terms.limits.get("approval_deadline_ms"), Some(&1000));
    let claim = session(&client).await;
    let mut events = client.session_events(claim.session_id());
    // An agent that writes anyway: a deadline's reject permits no write.
    claim.start_turn("Turn debugging on anyway.").await.unwrap();
    let mut seen = Seen::default();
    watch(&mut events, &mut seen, |_| false).await;
    assert_eq!(seen.status, Some(TurnStatus::Completed));
    assert_eq!(seen.requested.len(), 1);
    assert_eq!(
        (seen.resolved[0].option_kind, seen.resolved[0].decided_by),
        (Some(PermissionKind::RejectOnce), ApprovalDecider::Deadline)
    );
    assert!(seen.text.contains("Answer: ro."), "{}", seen.text);
    assert!(seen.text.contains(REFUSED), "{}", seen.text);
    assert_eq!(std::fs::read_to_string(&config).unwrap(), OLD, "the file is unchanged");
    let lines = d.transcript(claim.session_id());
    let responses = of_type(&lines, "permission-response");
    assert_eq!((responses.len(), responses[0]["decidedBy"].as_str()), (1, Some("deadline")));
    let end = of_type(&lines, "tool-call-end");
    assert!(end[0]["error"].as_str().is_some_and(|e| e.contains("deadline")), "{:?}", end[0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_cancel_while_pending_answers_cancelled_everywhere() {
    // "`turn.cancel` while a request is pending answers the agent `cancelled`, ends the call
    // cancelled and the turn cancelled."
    let d = daemon(&["ask-edit"], "");
    let (client, _) = d.opted_in().await;
    let claim = session(&client).await;
    let mut events = client.session_events(claim.session_id());
    let (started, _turn) = claim.start_turn("Turn debugging on.").await.unwrap();
    let mut seen = Seen::default();
    watch(&mut events, &mut seen, |s| !s.requested.is_empty()).await;
    claim.cancel(&started.turn_id).await.unwrap();
    watch(&mut events, &mut seen, |_| false).await;
    assert_eq!(seen.status, Some(TurnStatus::Cancelled));
    assert_eq!(
        (seen.resolved[0].outcome, seen.resolved[0].option_id.as_deref(), seen.resolved[0].decided_by),
        (ApprovalOutcome::Cancelled, None, ApprovalDecider::Cancel)
    );
    let lines = d.transcript(claim.session_id());
    assert!(of_type(&lines, "permission-response").is_empty(), "a cancelled request has no response");
    assert!(of_type(&lines, "tool-call-end")[0]["error"].is_string(), "the call ends with its error");
    assert_eq!(lines.last().unwrap()["status"], "cancelled");
    let late = client.call::<operation::ApprovalRespond>(&claim, respond(&seen.requested[0].approval_id, "ao")).await;
    assert_eq!(late.unwrap_err().service_code(), Some(ErrorCode::ApprovalUnknown));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_over_after_the_controller_left_receives_the_pending_request_and_answers_it() {
    // "The controller disconnecting does not answer. ... a connection that claims or takes
    // over the session receives the pending requests and can answer them".
    let d = daemon(&["ask-edit"], "");
    let (first, _) = d.opted_in().await;
    let claim = session(&first).await;
    let session_id = claim.session_id().to_owned();
    let mut events = first.session_events(&session_id);
    claim.start_turn("Turn debugging on.").await.unwrap();
    let mut seen = Seen::default();
    watch(&mut events, &mut seen, |s| !s.requested.is_empty()).await;
    let asked = seen.requested[0].clone();
    first.close();
    drop(claim);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (second, _) = d.opted_in().await;
    let mut events = second.session_events(&session_id);
    let claim = second.claim(&session_id, true).await.unwrap();
    let mut again = Seen::default();
    watch(&mut events, &mut again, |s| !s.requested.is_empty()).await;
    assert_eq!(again.requested[0].approval_id, asked.approval_id, "the same request, still pending");
    second.call::<operation::ApprovalRespond>(&claim, respond(&asked.approval_id, "ro")).await.unwrap();
    watch(&mut events, &mut again, |_| false).await;
    assert_eq!(again.status, Some(TurnStatus::Completed));
    assert!(again.text.contains("Answer: ro."), "{}", again.text);
    assert_eq!(again.resolved[0].decided_by, ApprovalDecider::Person);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_agent_gets_rejections_past_the_bound_and_nothing_hangs() {
    // "Pending requests are bounded per session and per daemon (advertised): an agent
    // flooding requests gets rejections past the bound ... nothing hangs."
    let d = daemon(&["flood", "7"], "");
    let (client, terms) = d.opted_in().await;
    let bound = *terms.limits.get("max_pending_approvals_per_session").unwrap() as usize;
    let claim = session(&client).await;
    let mut events = client.session_events(claim.session_id());
    claim.start_turn("Run every step.").await.unwrap();
    let mut seen = Seen::default();
    watch(&mut events, &mut seen, |s| s.requested.len() == bound).await;
    // The rest are answered by the policy while these are pending (the stream says so).
    let by_policy = |lines: &[Value]| {
        of_type(lines, "permission-response").into_iter().filter(|r| r["decidedBy"] == "policy").count()
    };
    let waited = tokio::time::timeout(Duration::from_secs(30), async {
        while by_policy(&d.transcript_so_far(claim.session_id())) < 7 - bound {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    waited.await.expect("past the bound the policy answers at once");
    for asked in seen.requested.clone() {
        client.call::<operation::ApprovalRespond>(&claim, respond(&asked.approval_id, "yes")).await.unwrap();
    }
    watch(&mut events, &mut seen, |_| false).await;
    assert_eq!(seen.status, Some(TurnStatus::Completed));
    assert_eq!(seen.requested.len(), bound, "no more than the bound was ever pending");
    let answers = seen.text.trim_start_matches("Answers: ").trim_end_matches('.');
    let yes = answers.split(',').filter(|a| *a == "yes").count();
    let no = answers.split(',').filter(|a| *a == "no").count();
    assert_eq!((yes, no), (bound, 7 - bound), "{}", seen.text);
    let lines = d.transcript(claim.session_id());
    assert_eq!(by_policy(&lines), 7 - bound, "past the bound the policy answered, and said so");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_opts_in_sees_todays_stream_and_never_waits() {
    // "An `ask` request while no connection that opted in controls the session is answered at
    // once as the policy's fallback (reject), recorded as today: a client that never opted in
    // never waits."
    let d = daemon(&["ask-edit"], "");
    let config = d.file("config.toml", Some(OLD));
    let client = d.client().await;
    assert!(client.init().capabilities.profiles.is_some(), "the offer is advertised");
    let claim = session(&client).await;
    // "approval.respond answers exactly as an unknown method does today".
    let refused = client.call::<operation::ApprovalRespond>(&claim, respond("ap-1", "ao")).await;
    assert_eq!(refused.unwrap_err().service_code(), Some(ErrorCode::UnsupportedOperation));
    // Mismatch: a session was claimed before negotiating.
    let late =
        client.call::<operation::ProfileNegotiate>(&(), ProfileNegotiateRequest::new("approvals".to_owned(), 1)).await;
    assert_eq!(late.unwrap_err().service_code(), Some(ErrorCode::ProfileMismatch));
    let mut events = client.session_events(claim.session_id());
    claim.start_turn("Turn debugging on.").await.unwrap();
    let mut seen = Seen::default();
    watch(&mut events, &mut seen, |_| false).await;
    assert_eq!(seen.status, Some(TurnStatus::Completed));
    assert!(seen.requested.is_empty() && seen.resolved.is_empty(), "no profile event");
    assert!(seen.text.contains("Answer: ro."), "the fallback rejected: {}", seen.text);
    assert!(!seen.text.contains("Write:"), "the agent did not write after the reject: {}", seen.text);
    assert_eq!(std::fs::read_to_string(&config).unwrap(), OLD, "the file is unchanged");
    let lines = d.transcript(claim.session_id());
    let responses = of_type(&lines, "permission-response");
    assert_eq!(responses.len(), 1);
    let mut members: Vec<&String> = responses[0].as_object().unwrap().keys().collect();
    members.sort_unstable();
    assert_eq!(members, ["callId", "id", "optionId", "role", "time", "type"], "today's members, no decidedBy");
    let end = of_type(&lines, "tool-call-end");
    assert!(end[0]["error"].as_str().is_some_and(|e| e.contains("permission policy")), "{:?}", end[0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_client_opts_in_and_a_turns_stream_yields_the_request_and_its_resolution() {
    // "Rust ... clients: opt in; a turn's stream yields permission requests and resolutions;
    // `respond` ... answers with an offered option". Options are chosen by their kind.
    let d = daemon(&["ask-edit"], "");
    let client = d.client().await;
    let terms = client.opt_in_approvals().await.unwrap();
    assert_eq!((terms.profile.as_str(), terms.version), ("approvals", agentwire_client::APPROVALS_VERSION));
    let claim = session(&client).await;
    let (_started, mut turn) = claim.start_turn("Turn debugging on.").await.unwrap();
    let mut seen = Seen::default();
    watch(&mut turn, &mut seen, |s| !s.requested.is_empty()).await;
    let asked = seen.requested[0].clone();
    let allow = asked.options.iter().find(|o| o.kind == PermissionKind::AllowOnce).unwrap();
    let answer = claim.respond(&asked.approval_id, &allow.id).await.unwrap();
    assert_eq!(answer.option_kind, PermissionKind::AllowOnce);
    watch(&mut turn, &mut seen, |_| false).await;
    assert_eq!(seen.status, Some(TurnStatus::Completed));
    assert_eq!(seen.resolved.len(), 1, "the resolution is in the turn's stream, before its terminal");
    assert!(seen.text.contains(&format!("Answer: {}.", allow.id)), "{}", seen.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_client_types_a_mismatch_and_the_connection_goes_on_as_an_ordinary_one() {
    // "it already claimed a session before negotiating -> profile_mismatch ... nothing
    // changes": the Rust client names the reason (`ProfileUnavailable::Mismatch`), as the
    // TypeScript and Swift clients do.
    let d = daemon(&["ask-edit"], "");
    let client = d.client().await;
    let claim = session(&client).await;
    let refused = client.opt_in_approvals().await.unwrap_err();
    assert_eq!(refused.reason(), Some(agentwire_client::ProfileUnavailable::Mismatch), "{refused:?}");
    assert!(
        matches!(&refused, agentwire_client::ProfileError::Call(e) if e.service_code() == Some(ErrorCode::ProfileMismatch)),
        "{refused:?}"
    );
    // The ordinary profile: the policy's fallback answers the edit, the turn completes.
    let (_started, mut turn) = claim.start_turn("Turn debugging on.").await.unwrap();
    let mut seen = Seen::default();
    watch(&mut turn, &mut seen, |_| false).await;
    assert!(seen.requested.is_empty(), "no profile event on a connection that did not opt in");
    assert_eq!(seen.status, Some(TurnStatus::Completed));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daemon_restart_leaves_nothing_pending() {
    // "A daemon restart leaves nothing pending (the interrupted turn is closed, as today)."
    let d = daemon(&["ask-edit"], "");
    let (client, _) = d.opted_in().await;
    let claim = session(&client).await;
    let session_id = claim.session_id().to_owned();
    let mut events = client.session_events(&session_id);
    claim.start_turn("Turn debugging on.").await.unwrap();
    let mut seen = Seen::default();
    watch(&mut events, &mut seen, |s| !s.requested.is_empty()).await;
    let asked = seen.requested[0].clone();
    drop(claim);
    client.close();
    let stop = d.sb.command(None).args(["daemon", "stop", "--workspace"]).arg(&d.sb.workspace).output().unwrap();
    assert!(stop.status.success(), "{stop:?}");
    let discovery = common::start_daemon(&d.sb, &[]);
    let d = Daemon { socket: discovery["socket"].as_str().unwrap().to_owned(), sb: d.sb };
    let (client, _) = d.opted_in().await;
    let mut events = client.session_events(&session_id);
    let claim = client.claim(&session_id, false).await.unwrap();
    let nothing = tokio::time::timeout(Duration::from_millis(500), events.next()).await;
    assert!(nothing.is_err(), "no approval is pending after a restart: {nothing:?}");
    let late = claim.respond(&asked.approval_id, "ao").await;
    assert_eq!(late.unwrap_err().service_code(), Some(ErrorCode::ApprovalUnknown));
    let lines = d.transcript(&session_id);
    assert_eq!(lines.last().unwrap()["type"], "turn-end", "the interrupted turn is closed");
}
