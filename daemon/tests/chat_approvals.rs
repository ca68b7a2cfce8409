//! `agentwire chat` asking the person on a real terminal (tmux) about an agent's permission
//! request (issue #38, the approvals profile): the ACP SDK's example agent (`@agentclientprotocol/sdk`
//! 0.29.0, `scripts/acp-fixtures.sh`) asks before "Modifying critical configuration file";
//! its `edit` is `ask` by default, so chat shows the request with one key per offered option,
//! and the key typed decides what the agent does.

mod common;
mod tmux;

use std::path::{Path, PathBuf};
use std::time::Duration;

use agentwire_client::{Client, ClientOptions};
use agentwire_protocol::{operation, EventPayload, SessionCreateRequest};
use common::{start_daemon_clearing, Sandbox};
use tmux::Tmux;

const WAIT: Duration = Duration::from_secs(60);

fn example_agent() -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/acp/node_modules/@agentclientprotocol/sdk/dist/examples/agent.js");
    assert!(path.is_file(), "the example agent is not installed: run scripts/acp-fixtures.sh");
    path
}

/// A daemon whose provider is the example agent, with the default (ask) policy for `edit`;
/// its socket.
fn sandbox() -> (Sandbox, String) {
    use std::os::unix::fs::PermissionsExt;
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    std::fs::set_permissions(&sb.mc_home, std::fs::Permissions::from_mode(0o700)).unwrap();
    let path = sb.mc_home.join("settings.toml");
    let settings = format!(
        "provider = \"example\"\nmodel = \"default\"\n[agents.example]\ncommand = \"node\"\nargs = [{:?}]\n",
        example_agent().display().to_string()
    );
    std::fs::write(&path, settings).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    let discovery = start_daemon_clearing(&sb, &["NO_COLOR"], &[]);
    let socket = discovery["socket"].as_str().unwrap().to_owned();
    (sb, socket)
}

/// `agentwire chat` (with `args`) in a 120x50 window, its screen read with scrollback.
fn chat(sb: &Sandbox, args: &[&str]) -> Tmux {
    let mut cmd = sb.unconfigured(&["NO_COLOR"]);
    cmd.args(["chat", "--workspace"]).arg(&sb.workspace).args(args);
    Tmux::start(&cmd, (120, 50)).with_history(200).waiting(WAIT)
}

/// Runs one turn asking to update the configuration, answers `key` when asked; the screen.
fn answer_the_edit_request(key: &str) -> String {
    let (sb, _) = sandbox();
    let tmux = chat(&sb, &[]);
    tmux.until("prompt", |s| s.contains("> "));
    tmux.keys(&["Please update the configuration.", "Enter"]);
    let asked = tmux.until("approval prompt", |s| s.contains("answer [y/n]> "));
    // Title, kind and the offered options, keyed by their kind.
    assert!(asked.contains("[approval] Modifying critical configuration file — edit"), "{asked}");
    assert!(asked.contains("[y] Allow this change (allow once)"), "{asked}");
    assert!(asked.contains("[n] Skip this change (reject once)"), "{asked}");
    tmux.keys(&[key, "Enter"]);
    let screen = tmux.until("the turn's end", |s| s.contains("decided by you]") && s.trim_end().ends_with(">"));
    tmux.keys(&["/quit", "Enter"]);
    // Nothing was erased: the request is still on the screen above its answer.
    assert!(screen.contains("[approval] Modifying critical configuration file"), "{screen}");
    assert!(screen.contains("I'll help you with that."), "{screen}");
    screen
}

#[test]
fn the_person_allows_the_edit_and_the_agent_makes_it() {
    // "asked to update a config, the person sees the edit request, answers allow → the edit
    // happens".
    let screen = answer_the_edit_request("y");
    assert!(screen.contains("allow once — decided by you]"), "{screen}");
    assert!(screen.contains("I've successfully updated the configuration."), "{screen}");
    assert!(!screen.contains("skip the configuration update"), "{screen}");
}

#[test]
fn the_person_rejects_the_edit_and_the_agent_does_not_make_it() {
    // "answers reject → it does not".
    let screen = answer_the_edit_request("n");
    assert!(screen.contains("reject once — decided by you]"), "{screen}");
    assert!(screen.contains("I'll skip the configuration update."), "{screen}");
    assert!(!screen.contains("successfully updated"), "{screen}");
}

#[test]
fn a_take_over_asks_the_pending_request_of_a_turn_another_front_end_started() {
    // "a connection that claims or takes over the session receives the pending requests and
    // can answer them (a phone that slept and came back)": another front end started the turn
    // and was asked; chat takes the session over, shows the turn's text so far and the
    // request, and the person's answer decides.
    let (sb, socket) = sandbox();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let (_phone, session_id) = rt.block_on(async {
        let options = ClientOptions::new(socket.as_str(), sb.workspace.to_str().unwrap());
        let phone = Client::connect(options).await.unwrap();
        phone.opt_in_approvals().await.unwrap();
        let session = phone.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap();
        let claim = phone.claim(&session.session_id, false).await.unwrap();
        let (_, mut turn) = claim.start_turn("Please update the configuration.").await.unwrap();
        let asked = tokio::time::timeout(WAIT, async {
            while let Some(event) = turn.next().await {
                if let EventPayload::ApprovalRequested(r) = event.unwrap().payload {
                    return r;
                }
            }
            panic!("the turn ended without asking");
        });
        let asked = asked.await.unwrap();
        assert_eq!(asked.title, "Modifying critical configuration file");
        // Left unanswered: the phone stays connected, holding the session.
        (phone, session.session_id.to_string())
    });
    let tmux = chat(&sb, &["--session", &session_id, "--take-over"]);
    let asked = tmux.until("approval prompt", |s| s.contains("answer [y/n]> "));
    assert!(asked.contains("[a turn started elsewhere is running; following it to its end]"), "{asked}");
    assert!(asked.contains("I'll help you with that."), "the turn's text so far: {asked}");
    assert_eq!(asked.matches("[approval] Modifying critical configuration file — edit").count(), 1, "{asked}");
    assert!(asked.contains("[y] Allow this change (allow once)"), "{asked}");
    tmux.keys(&["y", "Enter"]);
    let screen = tmux.until("the turn's end", |s| s.contains("decided by you]") && s.trim_end().ends_with(">"));
    tmux.keys(&["/quit", "Enter"]);
    assert!(screen.contains("allow once — decided by you]"), "{screen}");
    assert!(screen.contains("I've successfully updated the configuration."), "{screen}");
}
