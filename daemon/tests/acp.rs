//! ACP agents behind the daemon, end to end and offline: the real binary with `[agents.*]`
//! entries in its global settings, the ACP SDK's example agent (`@agentclientprotocol/sdk`
//! 0.29.0, installed from `daemon/tests/acp/package-lock.json` by `scripts/acp-fixtures.sh`)
//! and a scripted fake agent (`daemon/tests/acp/fake-agent.mjs`) for every way an agent can
//! misbehave. Every transcript is checked against the session document's stream rules.

mod common;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use agentwire_client::{operation, Claim, Client, ClientOptions};
use agentwire_protocol::{
    AuthStatusRequest, CatalogModelsRequest, CatalogProvidersRequest, ErrorCode, EventPayload, SessionCreateRequest,
    TurnStatus,
};
use common::Sandbox;
use serde_json::Value;

const FAKE_SECRET: &str = "fake-secret-value-7f3a9c";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/acp")
}

fn example_agent() -> PathBuf {
    let path = fixtures().join("node_modules/@agentclientprotocol/sdk/dist/examples/agent.js");
    assert!(path.is_file(), "the example agent is not installed: run scripts/acp-fixtures.sh");
    path
}

/// Global settings defining `entries` (TOML) and selecting `provider`.
fn settings(sb: &Sandbox, provider: &str, entries: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    std::fs::set_permissions(&sb.mc_home, std::fs::Permissions::from_mode(0o700)).unwrap();
    let path = sb.mc_home.join("settings.toml");
    std::fs::write(&path, format!("provider = \"{provider}\"\nmodel = \"default\"\n{entries}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
}

fn example_entry(id: &str, extra: &str) -> String {
    format!("[agents.{id}]\ncommand = \"node\"\nargs = [{:?}]\n{extra}", example_agent().display().to_string())
}

fn fake_entry(id: &str, mode: &str) -> String {
    fake_entry_with(id, mode, "", "")
}

/// A fake agent's entry with more `env` members (`, NAME = "v"`) and more keys (TOML lines).
fn fake_entry_with(id: &str, mode: &str, more_env: &str, keys: &str) -> String {
    let script = fixtures().join("fake-agent.mjs");
    format!(
        "[agents.{id}]\ncommand = \"node\"\nargs = [{:?}, {mode:?}]\nenv = {{ FAKE_SECRET = {FAKE_SECRET:?}{more_env} }}\n{keys}",
        script.display().to_string()
    )
}

struct Daemon {
    client: Client,
    sb: Sandbox,
}

async fn daemon(sb: Sandbox, env: &[(&str, &str)]) -> Daemon {
    let discovery = common::start_daemon(&sb, env);
    let options = ClientOptions::new(discovery["socket"].as_str().unwrap(), sb.workspace.to_str().unwrap());
    Daemon { client: Client::connect(options).await.unwrap(), sb }
}

/// What one turn showed on the wire.
struct Turn {
    text: String,
    tool_activity: usize,
    /// Each tool call's last live status, by activity ID.
    tool_status: std::collections::HashMap<String, String>,
    status: TurnStatus,
    error: Option<String>,
    /// Every event of the turn, as JSON, and the turn's ID.
    events: Vec<Value>,
    turn_id: String,
}

impl Daemon {
    async fn session(&self) -> Claim {
        let s = self.client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
        self.client.claim(&s.session_id, false).await.unwrap()
    }

    /// Runs a turn; `cancel_after_text` cancels it at its first assistant delta.
    async fn turn(&self, claim: &Claim, prompt: &str, cancel_after_text: bool) -> Turn {
        let (started, mut events) = claim.start_turn(prompt).await.unwrap();
        let mut turn = Turn {
            text: String::new(),
            tool_activity: 0,
            tool_status: Default::default(),
            status: TurnStatus::Completed,
            error: None,
            events: Vec::new(),
            turn_id: started.turn_id.clone(),
        };
        let mut cancelled = false;
        let wait = tokio::time::timeout(Duration::from_secs(60), async {
            while let Some(event) = events.next().await {
                let event = event.unwrap();
                turn.events.push(serde_json::to_value(&event.payload).unwrap());
                match event.payload {
                    EventPayload::TurnAssistantDelta(d) => {
                        turn.text.push_str(&d.text);
                        if cancel_after_text && !cancelled {
                            cancelled = true;
                            claim.cancel(&started.turn_id).await.unwrap();
                        }
                    }
                    EventPayload::TurnActivity(a) if serde_json::to_value(&a.activity).unwrap()["kind"] == "tool" => {
                        turn.tool_activity += 1;
                        let a = serde_json::to_value(&a.activity).unwrap();
                        turn.tool_status
                            .insert(a["activity_id"].to_string(), a["status"].as_str().unwrap_or("").to_owned());
                    }
                    EventPayload::TurnTerminal(t) => {
                        turn.status = t.status;
                        turn.error = t.error.map(|e| e.code);
                        return;
                    }
                    _ => {}
                }
            }
            panic!("the turn's events ended without a terminal");
        });
        wait.await.expect("the turn settles");
        turn
    }

    fn transcript(&self, claim: &Claim) -> Vec<Value> {
        let path = self.sb.mc_home.join("sessions").join(claim.session_id()).join("transcript.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        check_stream_rules(&lines);
        lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    /// Nothing secret in the daemon's log.
    fn assert_log_clean(&self) {
        let log = self.sb.log();
        assert!(!log.contains(FAKE_SECRET), "an environment value reached the log");
    }
}

/// The session document's stream rules, on every line of a transcript: each line is one
/// session message; IDs and times are monotonic; turns open and close once; every
/// `tool-call-start` gets exactly one `tool-call-end` in its turn, with a session-unique
/// `callId`; "A `permission-request` appears in the stream between `tool-call-start` and
/// `tool-call-end`", and its `permission-response` follows it naming an offered option.
fn check_stream_rules(lines: &[&str]) {
    let mut last: Option<(String, u64)> = None;
    let mut open_turn: Option<String> = None;
    let mut started: HashSet<String> = HashSet::new();
    let mut running: HashSet<String> = HashSet::new();
    let mut asked: HashMap<String, Vec<String>> = HashMap::new();
    for line in lines {
        agentwire_protocol::decode_session_message(line.as_bytes())
            .unwrap_or_else(|e| panic!("not a session message ({e:?}): {line}"));
        let m: Value = serde_json::from_str(line).unwrap();
        let (id, time) = (m["id"].as_str().unwrap().to_owned(), m["time"].as_u64().unwrap());
        if let Some((last_id, last_time)) = &last {
            assert!(*last_id < id && *last_time <= time, "monotonic id and time: {line}");
        }
        last = Some((id, time));
        let call = m["callId"].as_str().map(str::to_owned);
        match (m["role"].as_str().unwrap(), m["type"].as_str().unwrap()) {
            ("agent", "turn-start") => {
                assert!(open_turn.is_none(), "a turn inside a turn: {line}");
                open_turn = m["turn"].as_str().map(str::to_owned);
            }
            ("agent", "turn-end") => {
                assert_eq!(open_turn.take().as_deref(), m["turn"].as_str(), "turn-end without its start: {line}");
                assert!(running.is_empty(), "calls still running at the turn's end: {running:?}");
            }
            ("agent", "tool-call-start") => {
                let call = call.unwrap();
                assert!(started.insert(call.clone()), "callId unique within the session: {line}");
                running.insert(call);
            }
            ("agent", "tool-call-end") => {
                assert!(running.remove(&call.unwrap()), "an end without a running start: {line}")
            }
            ("agent", "permission-request") => {
                let call = call.unwrap();
                assert!(running.contains(&call), "a permission-request outside its call: {line}");
                let offered = m["options"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap().to_owned());
                asked.insert(call, offered.collect());
            }
            ("user", "permission-response") => {
                let call = call.unwrap();
                assert!(running.contains(&call), "a permission-response outside its call: {line}");
                let offered = asked.remove(&call).unwrap_or_else(|| panic!("a response without a request: {line}"));
                assert!(offered.iter().any(|o| m["optionId"] == o.as_str()), "the answer is an offered option: {line}");
            }
            _ => {}
        }
    }
    assert!(open_turn.is_none(), "a turn left open");
}

fn of_type<'a>(lines: &'a [Value], kind: &str) -> Vec<&'a Value> {
    lines.iter().filter(|m| m["type"] == kind).collect()
}

fn position(lines: &[Value], kind: &str, call_suffix: &str) -> usize {
    lines
        .iter()
        .position(|m| m["type"] == kind && m["callId"].as_str().is_some_and(|c| c.ends_with(call_suffix)))
        .unwrap_or_else(|| panic!("no {kind} for {call_suffix}"))
}

fn service_notes(lines: &[Value]) -> Vec<String> {
    of_type(lines, "service").iter().map(|m| m["text"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_example_agent_streams_its_text_and_tools_and_the_default_policy_rejects_its_edit() {
    let sb = Sandbox::new();
    settings(&sb, "example", &example_entry("example", ""));
    let d = daemon(sb, &[]).await;
    let claim = d.session().await;
    let turn = d.turn(&claim, "Improve the configuration.", false).await;
    assert_eq!(turn.status, TurnStatus::Completed, "{:?}", turn.error);
    assert!(turn.text.starts_with("I'll help you with that."), "{}", turn.text);
    assert!(turn.text.contains("I'll skip the configuration update."), "the edit was rejected: {}", turn.text);
    assert!(turn.tool_activity >= 2, "tool lifecycle activity");
    // The read ran; the refused edit did not, and its live activity does not say `completed`.
    let mut ends: Vec<&str> = turn.tool_status.values().map(String::as_str).collect();
    ends.sort_unstable();
    assert_eq!(ends, ["cancelled", "completed"], "{:?}", turn.tool_status);
    let lines = d.transcript(&claim);
    // "The transcript holds tool-call-start, permission-request, permission-response and
    // tool-call-end in that order, with the agent's titles."
    let order = [
        position(&lines, "tool-call-start", "/call_2"),
        position(&lines, "permission-request", "/call_2"),
        position(&lines, "permission-response", "/call_2"),
        position(&lines, "tool-call-end", "/call_2"),
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert_eq!(lines[order[0]]["title"], "Modifying critical configuration file");
    assert_eq!(lines[order[0]]["toolName"], "edit");
    assert_eq!(lines[order[1]]["options"].as_array().unwrap().len(), 2);
    assert_eq!(lines[order[2]]["optionId"], "reject");
    assert!(lines[order[3]]["error"].as_str().unwrap().contains("permission policy"), "the end names the rejection");
    let read = position(&lines, "tool-call-start", "/call_1");
    assert_eq!(lines[read]["title"], "Reading project files");
    assert!(lines[position(&lines, "tool-call-end", "/call_1")]["error"].is_null());
    assert_eq!(lines.last().unwrap()["status"], "completed");
}

/// The session stream and the events of the example agent's turn (a read that completes, an
/// edit the policy refuses), compared with the committed golden file: what an ACP turn writes
/// and sends is byte-for-byte the same from change to change, IDs and times aside.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_example_agents_stream_and_events_match_the_golden_file() {
    let sb = Sandbox::new();
    settings(&sb, "example", &example_entry("example", ""));
    let d = daemon(sb, &[]).await;
    let claim = d.session().await;
    let turn = d.turn(&claim, "Improve the configuration.", false).await;
    assert_eq!(turn.status, TurnStatus::Completed, "{:?}", turn.error);
    common::golden("acp-example-turn.events.jsonl", &common::normalized(&turn.events, &turn.turn_id));
    let lines = d.transcript(&claim);
    common::golden("acp-example-turn.stream.jsonl", &common::normalized(&lines, &turn.turn_id));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edit_allow_in_the_policy_lets_the_example_agents_edit_through() {
    // "With edit = \"allow\", it shows the edit allowed."
    let sb = Sandbox::new();
    settings(&sb, "example", &example_entry("example", "[agents.example.permissions]\nedit = \"allow\"\n"));
    let d = daemon(sb, &[]).await;
    let claim = d.session().await;
    let turn = d.turn(&claim, "Improve the configuration.", false).await;
    assert_eq!(turn.status, TurnStatus::Completed);
    assert!(turn.text.contains("successfully updated the configuration"), "{}", turn.text);
    let lines = d.transcript(&claim);
    assert_eq!(lines[position(&lines, "permission-response", "/call_2")]["optionId"], "allow");
    assert!(lines[position(&lines, "tool-call-end", "/call_2")]["error"].is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel_in_the_middle_of_an_example_turn_gives_cancelled_and_closes_its_calls() {
    let sb = Sandbox::new();
    settings(&sb, "example", &example_entry("example", ""));
    let d = daemon(sb, &[]).await;
    let claim = d.session().await;
    let turn = d.turn(&claim, "Improve the configuration.", true).await;
    assert_eq!(turn.status, TurnStatus::Cancelled, "{:?}", turn.error);
    let lines = d.transcript(&claim);
    assert_eq!(lines.last().unwrap()["status"], "cancelled");
    // The agent stays usable: the next turn completes on the same process.
    let next = d.turn(&claim, "Again.", false).await;
    assert_eq!(next.status, TurnStatus::Completed);
}

/// The agent processes the daemon started (its children running `node`).
fn agent_pids(daemon_pid: u32) -> Vec<u32> {
    let children =
        std::fs::read_to_string(format!("/proc/{daemon_pid}/task/{daemon_pid}/children")).unwrap_or_default();
    let mut all: Vec<u32> = children.split_whitespace().filter_map(|p| p.parse().ok()).collect();
    for task in std::fs::read_dir(format!("/proc/{daemon_pid}/task")).into_iter().flatten().flatten() {
        let c = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        all.extend(c.split_whitespace().filter_map(|p| p.parse::<u32>().ok()));
    }
    all.sort_unstable();
    all.dedup();
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_agent_leaves_a_closed_failed_turn_and_the_next_turn_restarts_it() {
    let sb = Sandbox::new();
    settings(&sb, "example", &example_entry("example", ""));
    let pid = common::start_daemon(&sb, &[])["pid"].as_u64().unwrap() as u32;
    let d = daemon(sb, &[]).await;
    let claim = d.session().await;
    let (started, mut events) = claim.start_turn("Improve the configuration.").await.unwrap();
    let mut status = None;
    let mut killed = false;
    while let Some(event) = events.next().await {
        match event.unwrap().payload {
            EventPayload::TurnAssistantDelta(_) if !killed => {
                killed = true;
                let agents = agent_pids(pid);
                assert!(!agents.is_empty(), "the agent runs as the daemon's child");
                for a in agents {
                    unsafe { libc::kill(a as i32, libc::SIGKILL) };
                }
            }
            EventPayload::TurnTerminal(t) => {
                assert_eq!(t.turn_id, started.turn_id);
                status = Some((t.status, t.error.map(|e| e.code)));
                break;
            }
            _ => {}
        }
    }
    assert_eq!(status, Some((TurnStatus::Failed, Some(ErrorCode::AgentFailed.as_str().to_owned()))));
    let lines = d.transcript(&claim);
    assert_eq!(lines.last().unwrap()["status"], "failed", "the turn is closed failed");
    assert!(service_notes(&lines).iter().any(|n| n.contains("exited")), "{:?}", service_notes(&lines));
    let next = d.turn(&claim, "Again.", false).await;
    assert_eq!(next.status, TurnStatus::Completed, "a dead agent is restarted: {:?}", next.error);
    // The restarted agent cannot load the old session (loadSession false): said so.
    let lines = d.transcript(&claim);
    assert!(service_notes(&lines).iter().any(|n| n.contains("context was reset")), "{:?}", service_notes(&lines));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agents_are_providers_in_the_catalog_and_auth_status_and_a_bad_entry_names_its_key() {
    let sb = Sandbox::new();
    let entries = format!(
        "{}{}[agents.broken]\nargs = []\n[agents.badkind]\ncommand = \"node\"\n[agents.badkind.permissions]\nwrite = \"allow\"\n[agents.missing]\ncommand = \"/no/such/agent\"\n",
        example_entry("example", ""),
        fake_entry("fake", "ok")
    );
    settings(&sb, "example", &entries);
    let d = daemon(sb, &[]).await;
    let providers =
        d.client.call::<operation::CatalogProviders>(&(), CatalogProvidersRequest::new()).await.unwrap().entries;
    let ids: Vec<&str> = providers.iter().map(|p| p.provider_id.as_str()).collect();
    for id in ["example", "fake", "missing", "local", "anthropic"] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    assert!(!ids.contains(&"broken") && !ids.contains(&"badkind"), "bad entries are skipped: {ids:?}");
    let models =
        d.client.call::<operation::CatalogModels>(&(), CatalogModelsRequest::new("example")).await.unwrap().entries;
    assert_eq!(models.iter().map(|m| m.model_id.as_str()).collect::<Vec<_>>(), ["default"]);
    let status = d.client.call::<operation::AuthStatus>(&(), AuthStatusRequest::new()).await.unwrap();
    let status = serde_json::to_value(&status).unwrap();
    let of = |id: &str| status["providers"].as_array().unwrap().iter().find(|p| p["provider_id"] == id).cloned();
    let example = of("example").unwrap();
    assert_eq!((example["auth_method"].as_str(), example["readiness"].as_str()), (Some("none"), Some("ready")));
    assert_eq!(of("missing").unwrap()["readiness"], "missing", "a command that is not executable");
    let log = d.sb.log();
    assert!(log.contains("agents.broken.command: is missing"), "the log names the key");
    assert!(log.contains("agents.badkind.permissions.write: is not an ACP tool kind"));
    // The good agents still run, and the one that cannot start fails its turn saying why.
    let claim = d.session().await;
    assert_eq!(d.turn(&claim, "Hi.", false).await.status, TurnStatus::Completed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_that_cannot_start_fails_its_turn_with_a_note_naming_the_key() {
    let sb = Sandbox::new();
    settings(&sb, "missing", "[agents.missing]\ncommand = \"/no/such/agent\"\n");
    let d = daemon(sb, &[]).await;
    let claim = d.session().await;
    let turn = d.turn(&claim, "Hi.", false).await;
    assert_eq!((turn.status, turn.error.as_deref()), (TurnStatus::Failed, Some(ErrorCode::AgentFailed.as_str())));
    let notes = service_notes(&d.transcript(&claim));
    assert!(notes.iter().any(|n| n.contains("agents.missing.command")), "{notes:?}");
}

/// A fake agent in `mode` selected alone; one turn's outcome and transcript.
async fn fake_turn(mode: &str, cancel: bool, env: &[(&str, &str)]) -> (Daemon, Claim, Turn, Vec<Value>) {
    fake_entry_turn(&fake_entry("fake", mode), cancel, env).await
}

/// The agent `entry` (its ID `fake`) selected alone; one turn's outcome and transcript.
async fn fake_entry_turn(entry: &str, cancel: bool, env: &[(&str, &str)]) -> (Daemon, Claim, Turn, Vec<Value>) {
    let sb = Sandbox::new();
    settings(&sb, "fake", entry);
    let d = daemon(sb, env).await;
    let claim = d.session().await;
    let turn = d.turn(&claim, "Go.", cancel).await;
    let lines = d.transcript(&claim);
    d.assert_log_clean();
    (d, claim, turn, lines)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_mid_turn_fails_the_turn_and_closes_its_running_call() {
    // "a crash mid-turn: the turn is closed failed and the stream closed as after kill -9"
    let (d, claim, turn, lines) = fake_turn("crash", false, &[]).await;
    assert_eq!((turn.status, turn.error.as_deref()), (TurnStatus::Failed, Some(ErrorCode::AgentFailed.as_str())));
    assert_eq!(turn.text, "Starting. ", "what was written is kept");
    let end = &lines[position(&lines, "tool-call-end", "/c1")];
    assert!(end["error"].as_str().unwrap().contains("failed before the agent finished"), "{end}");
    assert!(of_type(&lines, "text").iter().any(|t| t["text"] == "Starting. "), "nothing written is lost");
    // Another session of the same daemon is unaffected.
    let other = d.session().await;
    assert_eq!(d.turn(&other, "Again.", false).await.status, TurnStatus::Failed, "the script crashes every turn");
    let _ = claim;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_json_rpc_fails_the_turn_with_a_fixed_note() {
    let (_d, _c, turn, lines) = fake_turn("malformed", false, &[]).await;
    assert_eq!(turn.error.as_deref(), Some(ErrorCode::AgentFailed.as_str()));
    assert!(service_notes(&lines).iter().any(|n| n.contains("not a JSON-RPC message")), "{lines:?}");
    assert_eq!(turn.text, "Starting. ");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_message_fails_the_turn_at_the_record_bound() {
    let (_d, _c, turn, lines) = fake_turn("oversized", false, &[]).await;
    assert_eq!(turn.error.as_deref(), Some(ErrorCode::AgentFailed.as_str()));
    assert!(service_notes(&lines).iter().any(|n| n.contains("larger than one record")), "{lines:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_update_kind_is_noted_not_dropped_and_the_turn_goes_on() {
    let (_d, _c, turn, lines) = fake_turn("unknown-kind", false, &[]).await;
    assert_eq!(turn.status, TurnStatus::Completed);
    assert_eq!(turn.text, "Still here.");
    assert!(service_notes(&lines).iter().any(|n| n.contains("`telepathy`")), "{lines:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_the_client_does_not_support_is_refused_and_noted() {
    let (_d, _c, turn, lines) = fake_turn("unsupported", false, &[]).await;
    assert_eq!(turn.status, TurnStatus::Completed);
    assert_eq!(turn.text, "Trying a terminal. No terminal.", "the agent got method not found");
    assert!(service_notes(&lines).iter().any(|n| n.contains("`terminal/create`")), "{lines:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_that_hangs_after_cancel_is_killed_and_the_turn_fails() {
    // "The terminal comes only after the agent answers the prompt, or after a bounded wait,
    // then the process is killed and the turn fails."
    let (d, _c, turn, lines) = fake_turn("hang-after-cancel", true, &[]).await;
    assert_eq!((turn.status, turn.error.as_deref()), (TurnStatus::Failed, Some(ErrorCode::AgentFailed.as_str())));
    assert!(service_notes(&lines).iter().any(|n| n.contains("was killed")), "{lines:?}");
    let claim = d.session().await;
    let again = d.turn(&claim, "Go.", true).await;
    assert_eq!(again.status, TurnStatus::Failed, "a new process, killed again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_that_never_answers_initialize_fails_the_turn_in_bounded_time() {
    let started = std::time::Instant::now();
    let (_d, _c, turn, lines) = fake_turn("no-init", false, &[("AGENTWIRE_ACP_INIT_TIMEOUT_MS", "1500")]).await;
    assert_eq!(turn.error.as_deref(), Some(ErrorCode::AgentFailed.as_str()));
    assert!(service_notes(&lines).iter().any(|n| n.contains("did not answer initialize")), "{lines:?}");
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_permission_request_for_an_unannounced_call_is_announced_first() {
    // "The bridge still writes tool-call-start before the request, so the stream obeys
    // 'between tool-call-start and tool-call-end'."
    let (_d, _c, turn, lines) = fake_turn("permission-first", false, &[]).await;
    assert_eq!(turn.status, TurnStatus::Completed);
    assert_eq!(turn.text, "Answer: no.", "execute is rejected by default");
    let start = position(&lines, "tool-call-start", "/p1");
    assert_eq!(lines[start]["title"], "Run `make install`");
    assert!(start < position(&lines, "permission-request", "/p1"));
    let end = &lines[position(&lines, "tool-call-end", "/p1")];
    assert!(end["error"].as_str().unwrap().contains("`execute` calls are not allowed"), "{end}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusal_and_max_tokens_fail_with_their_documented_codes() {
    let (_d, _c, refusal, _) = fake_turn("refusal", false, &[]).await;
    assert_eq!(
        (refusal.status, refusal.error.as_deref()),
        (TurnStatus::Failed, Some(ErrorCode::AgentRefused.as_str()))
    );
    assert_eq!(refusal.text, "I will not. ", "the text before the refusal is kept");
    let (_d, _c, limit, _) = fake_turn("max-tokens", false, &[]).await;
    assert_eq!(limit.error.as_deref(), Some(ErrorCode::AgentLimitReached.as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_environment_value_reaches_the_log_responses_or_events() {
    let (d, claim, turn, lines) = fake_turn("stderr-secret", false, &[]).await;
    assert_eq!(turn.status, TurnStatus::Completed);
    assert!(d.sb.log().contains("debug: secret is [redacted]"), "stderr is logged, redacted");
    assert!(!serde_json::to_string(&lines).unwrap().contains(FAKE_SECRET));
    assert!(!turn.text.contains(FAKE_SECRET));
    let _ = claim;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_daemon_restart_a_loadable_agent_gets_session_load_and_no_reset_note() {
    let (turn, lines) = turn_after_restart(&fake_entry("fake", "loadable")).await;
    assert_eq!(
        (turn.status, turn.text.as_str()),
        (TurnStatus::Completed, "fake ok."),
        "the replayed history is not shown"
    );
    assert!(service_notes(&lines).is_empty(), "loaded, not reset: {lines:?}");
    assert!(!serde_json::to_string(&lines).unwrap().contains("replayed history"), "history is not recorded twice");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_agent_error_keeps_its_reason_in_the_note_and_the_log() {
    // "An agent's JSON-RPC error on initialize, session/new or session/prompt, and its exit
    // status and last stderr lines when it dies, reach the turn's service message in words
    // (bounded, redacted), not only a fixed sentence."
    let cases: &[(&str, &[&str])] = &[
        ("init-error", &["initialize failed: it said “unsupported client (token [redacted])” (JSON-RPC error -32602)"]),
        (
            "new-error",
            &["could not start a session: it said “Internal error: the workspace is not trusted” (JSON-RPC error -32603)"],
        ),
        (
            "prompt-error",
            &["answered the prompt with an error: it said “Internal error: the model is overloaded” (JSON-RPC error -32603)"],
        ),
        (
            "exit-stderr",
            &[
                "exited during the turn (exit status 7",
                "“fatal: lost the connection to the model” / “retrying with key [redacted]”",
            ],
        ),
    ];
    for (mode, words) in cases {
        let (d, _c, turn, lines) = fake_turn(mode, false, &[]).await;
        assert_eq!(
            (turn.status, turn.error.as_deref()),
            (TurnStatus::Failed, Some(ErrorCode::AgentFailed.as_str())),
            "{mode}"
        );
        let notes = service_notes(&lines);
        let log = d.sb.log();
        for w in *words {
            assert!(notes.iter().any(|n| n.contains(w)), "{mode}: {w} in {notes:?}");
            assert!(log.contains(w), "{mode}: {w} in the log");
        }
        assert!(!serde_json::to_string(&lines).unwrap().contains(FAKE_SECRET), "{mode}: no secret in the stream");
    }
}

/// A daemon whose first turn on `entry` ran and recorded its ACP session, restarted; the
/// second turn's outcome and transcript.
async fn turn_after_restart(entry: &str) -> (Turn, Vec<Value>) {
    let sb = Sandbox::new();
    settings(&sb, "fake", entry);
    let d = daemon(sb, &[]).await;
    let claim = d.session().await;
    assert_eq!(d.turn(&claim, "One.", false).await.status, TurnStatus::Completed);
    let session = claim.session_id().to_owned();
    drop(claim);
    let Daemon { client, sb } = d;
    drop(client);
    let stop = sb.command(None).args(["daemon", "stop", "--workspace"]).arg(&sb.workspace).output().unwrap();
    assert!(stop.status.success(), "{stop:?}");
    let d = daemon(sb, &[]).await;
    let claim = d.client.claim(&session, false).await.unwrap();
    let turn = d.turn(&claim, "Two.", false).await;
    let lines = d.transcript(&claim);
    (turn, lines)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_load_error_keeps_the_agents_reason_in_the_reset_note() {
    let (turn, lines) = turn_after_restart(&fake_entry("fake", "load-error")).await;
    assert_eq!(turn.status, TurnStatus::Completed, "a new session is started instead");
    let notes = service_notes(&lines);
    assert!(
        notes.iter().any(|n| n
            .starts_with("The agent could not load its earlier session (it said “Resource not found: session fake-")
            && n.contains("(JSON-RPC error -32002)): its context was reset")),
        "{notes:?}"
    );
}

async fn readiness(d: &Daemon, id: &str) -> String {
    let status = d.client.call::<operation::AuthStatus>(&(), AuthStatusRequest::new()).await.unwrap();
    let status = serde_json::to_value(&status).unwrap();
    let of = status["providers"].as_array().unwrap().iter().find(|p| p["provider_id"] == id).cloned().unwrap();
    of["readiness"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_that_needs_sign_in_fails_with_its_own_code_and_names_its_methods() {
    // "fails the turn with a code a front end can tell from a broken agent ... carry the
    // agent's own message and its offered sign-in methods by name"; "auth.status reports ...
    // not ready for an agent that refused for sign-in".
    let (d, claim, turn, lines) = fake_turn("auth-required", false, &[]).await;
    assert_eq!((turn.status, turn.error.as_deref()), (TurnStatus::Failed, Some(ErrorCode::AgentNeedsLogin.as_str())));
    let notes = service_notes(&lines);
    let note = notes.iter().find(|n| n.starts_with("The agent needs sign-in")).unwrap_or_else(|| panic!("{notes:?}"));
    assert!(
        note.contains("it refused `session/prompt`; it said “Authentication required” (JSON-RPC error -32000)"),
        "{note}"
    );
    assert!(note.contains("API Key (`api-key`), Browser sign-in (`browser`)"), "{note}");
    assert!(note.contains("`agents.fake.auth_method`"), "{note}");
    assert!(d.sb.log().contains("The agent needs sign-in"), "the log carries it");
    assert_eq!(readiness(&d, "fake").await, "needs_login");
    // The same agent refuses again: still needs_login, still the same code.
    let again = d.turn(&claim, "Again.", false).await;
    assert_eq!(again.error.as_deref(), Some(ErrorCode::AgentNeedsLogin.as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sign_in_method_named_in_the_settings_is_completed_before_the_session() {
    // "the daemon completes it before opening a session" (ACP `authenticate`).
    let entry =
        fake_entry_with("fake", "auth-required", ", FAKE_API_KEY = \"fake-key-123\"", "auth_method = \"api-key\"\n");
    let (d, _c, turn, _) = fake_entry_turn(&entry, false, &[]).await;
    assert_eq!((turn.status, turn.text.as_str()), (TurnStatus::Completed, "signed in."), "{:?}", turn.error);
    assert_eq!(readiness(&d, "fake").await, "ready");
    // A key the agent refuses: sign-in is still needed, with the agent's words.
    let entry =
        fake_entry_with("fake", "auth-required", ", FAKE_API_KEY = \"fake-key-bad\"", "auth_method = \"api-key\"\n");
    let (d, _c, turn, lines) = fake_entry_turn(&entry, false, &[]).await;
    assert_eq!(turn.error.as_deref(), Some(ErrorCode::AgentNeedsLogin.as_str()));
    let notes = service_notes(&lines);
    assert!(notes.iter().any(|n| n.contains("it refused `authenticate`; it said “Invalid API key”")), "{notes:?}");
    assert!(!serde_json::to_string(&lines).unwrap().contains("fake-key-bad"), "the key is never shown");
    assert_eq!(readiness(&d, "fake").await, "needs_login");
    // A method the agent does not offer is a settings error naming the ones it does.
    let entry = fake_entry_with("fake", "auth-required", "", "auth_method = \"magic-link\"\n");
    let (_d, _c, turn, lines) = fake_entry_turn(&entry, false, &[]).await;
    assert_eq!(turn.error.as_deref(), Some(ErrorCode::AgentFailed.as_str()));
    let notes = service_notes(&lines);
    assert!(
        notes.iter().any(|n| n.contains(
            "agents.fake.auth_method: is not a sign-in method the agent offers (it offers API Key (`api-key`), Browser sign-in (`browser`))"
        )),
        "{notes:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_configured_mode_is_set_on_every_session_and_an_unknown_one_names_the_offered() {
    // "`mode = \"<id>\"` in an agent's settings is set on every session the daemon opens for it"
    let entry = fake_entry_with("fake", "modes", "", "mode = \"plan\"\n");
    let (d, _c, turn, _) = fake_entry_turn(&entry, false, &[]).await;
    assert_eq!((turn.status, turn.text.as_str()), (TurnStatus::Completed, "mode plan."), "{:?}", turn.error);
    let other = d.session().await;
    assert_eq!(d.turn(&other, "Again.", false).await.text, "mode plan.", "the second session too");
    let (_d, _c, turn, _) = fake_turn("modes", false, &[]).await;
    assert_eq!(turn.text, "mode default.", "no mode configured: the agent's own");
    // "an unknown mode is a clear error naming the modes the agent offered"
    let entry = fake_entry_with("fake", "modes", "", "mode = \"yolo\"\n");
    let (_d, _c, turn, lines) = fake_entry_turn(&entry, false, &[]).await;
    assert_eq!(turn.error.as_deref(), Some(ErrorCode::AgentFailed.as_str()));
    let notes = service_notes(&lines);
    assert!(
        notes.iter().any(|n| {
            n
            == "agents.fake.mode: `yolo` is not a mode the agent offers for this session; it offers `default`, `plan`."
        }),
        "{notes:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_future_stop_reason_is_not_reported_as_a_known_one() {
    let (_d, _c, limit, _) = fake_turn("max-turn-requests", false, &[]).await;
    assert_eq!(limit.error.as_deref(), Some(ErrorCode::AgentLimitReached.as_str()));
    let (_d, _c, future, lines) = fake_turn("future-stop", false, &[]).await;
    assert_eq!((future.status, future.error.as_deref()), (TurnStatus::Failed, Some(ErrorCode::AgentFailed.as_str())));
    let notes = service_notes(&lines);
    assert!(notes.iter().all(|n| !n.contains("max_turn_requests")), "{notes:?}");
    // The SDK cannot read a reason it does not know: the answer is an error, said so.
    assert!(notes.iter().any(|n| n.contains("answered the prompt with an error")), "{notes:?}");
}
