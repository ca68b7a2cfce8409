//! `agentwire call` over the real binary, as a person types it: mistakes are named before
//! anything connects (the slot, or where the JSON is wrong), operations that need control run
//! with `--claim` or `--take-over` on the same connection, `--json` prints one compact line,
//! and exit codes say who is at fault (0 success, 1 the service, 2 usage).

mod common;

use std::os::unix::fs::PermissionsExt;
use std::process::Output;
use std::time::Duration;

use agentwire_client::{Client, ClientOptions};
use agentwire_protocol::runtime::SlotRule;
use agentwire_protocol::{operation, ErrorCode, Method, SessionCreateRequest};
use common::{start_daemon, wait_until, Sandbox};
use serde_json::Value;

/// A session ID that is well formed and names no session.
const NO_SESSION: &str = "s-0000000000000000000000000000";

fn call(sb: &Sandbox, args: &[&str]) -> Output {
    sb.unconfigured(&[]).arg("call").args(args).arg("--workspace").arg(&sb.workspace).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("stdout {:?} stderr {}", String::from_utf8_lossy(&out.stdout), stderr(out)))
}

fn session(sb: &Sandbox) -> String {
    let out = call(sb, &["session.create"]);
    assert!(out.status.success(), "{}", stderr(&out));
    json(&out)["session_id"].as_str().unwrap().to_owned()
}

#[test]
fn mistakes_are_named_before_anything_connects_and_are_usage_errors() {
    let sb = Sandbox::new();
    let cases: &[(&[&str], &str)] = &[
        // The slot rules of the operation's generated marker.
        (&["session.replay"], "session.replay needs --session"),
        (&["status", "--session", "s-01"], "status takes no --session"),
        (
            &["turn.start", r#"{"prompt":"hi"}"#, "--session", "s-01"],
            "turn.start needs the session's control: add --claim",
        ),
        (&["turn.start", r#"{"prompt":"hi"}"#, "--claim"], "turn.start needs --session"),
        (&["status", "--claim"], "status takes no --claim"),
        (&["session.replay", "--session", "s-01", "--take-over"], "session.replay takes no --take-over"),
        // Where the JSON is wrong: its path, what, and serde_json's line and column.
        (&["status", "{bad"], "payload is not valid JSON: $: key must be a string at line 1 column 2"),
        (
            &["session.replay", "{\"limit\":8,\n\"limit\":9}", "--session", "s-01"],
            "duplicate member \"limit\" at line 2",
        ),
        (
            &["session.replay", r#"{"limit":"x"}"#, "--session", "s-01"],
            "payload is invalid for session.replay: $.limit: invalid type: string \"x\"",
        ),
        (&["status", r#"{"a":1}"#], "payload is invalid for status: $: unknown member `a` at line 1 column 4"),
        (&["no.such"], "unknown operation `no.such`"),
    ];
    for (args, message) in cases {
        let out = call(&sb, args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        // No Rust Debug name such as `(InvalidJson)` in what a person reads.
        assert!(!err.contains("InvalidJson") && !err.contains("Error("), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // "Checked before connecting": none of them started a daemon.
    assert!(!sb.runtime().socket.exists(), "a usage error must not start the daemon");
}

#[test]
fn claim_runs_an_operation_that_needs_control_on_the_same_connection() {
    let sb = Sandbox::new();
    start_daemon(&sb, &[]);
    let id = session(&sb);
    let out = call(&sb, &["turn.start", r#"{"prompt":"Hello there"}"#, "--session", &id, "--claim"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["status"], "accepted");
    // "Disconnect revokes grants but does not cancel accepted turns": the turn runs to its
    // terminal after `call` exited, and the replay shows it.
    let replay = || json(&call(&sb, &["session.replay", r#"{"limit":32}"#, "--session", &id]));
    let settled = wait_until(Duration::from_secs(20), || {
        replay()["events"].as_array().is_some_and(|e| e.iter().any(|e| e["kind"] == "terminal"))
    });
    assert!(settled, "{}", replay());
    let events = replay()["events"].as_array().unwrap().clone();
    assert!(events.iter().any(|e| e["role"] == "user" && e["text"] == "Hello there"), "{events:?}");
    assert!(events.iter().any(|e| e["kind"] == "terminal" && e["status"] == "completed"), "{events:?}");
    // Detach needs control too; the claim's control is what it carries.
    let out = call(&sb, &["session.detach", "--session", &id, "--claim"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["status"], "detached");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn take_over_takes_control_from_the_client_that_holds_it() {
    let sb = Sandbox::new();
    let discovery = start_daemon(&sb, &[]);
    let options = ClientOptions::new(discovery["socket"].as_str().unwrap(), sb.workspace.to_str().unwrap())
        .require(&[Method::SessionCreate, Method::SessionClaim]);
    let holder = Client::connect(options).await.unwrap();
    let id = holder.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await.unwrap().session_id;
    let held = holder.claim(&id, false).await.unwrap();
    // Blocks one worker while the other serves the holder's connection.
    let run = |flag: &str| call(&sb, &["turn.start", r#"{"prompt":"hi"}"#, "--session", &id, flag]);
    // Another client holds control: --claim is refused by the service (exit 1, its error).
    let out = run("--claim");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(json(&out)["error"]["code"], ErrorCode::SessionBusy.as_str());
    assert!(
        stderr(&out).contains("--claim: claiming") && stderr(&out).contains("--take-over takes it"),
        "{}",
        stderr(&out)
    );
    assert!(held.refresh().await.unwrap(), "a refused claim leaves the holder's grant");
    // "take_over revokes the old grant."
    let out = run("--take-over");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["status"], "accepted");
    assert!(!held.refresh().await.unwrap(), "the holder's grant is revoked");
}

#[test]
fn json_prints_one_compact_line_and_pretty_stays_the_default() {
    let sb = Sandbox::new();
    start_daemon(&sb, &[]);
    let one_line = |out: &Output| {
        let text = String::from_utf8(out.stdout.clone()).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.ends_with("}\n") && !text.contains("\n  "), "{text}");
    };
    let compact = call(&sb, &["status", "--json"]);
    assert!(compact.status.success(), "{}", stderr(&compact));
    one_line(&compact);
    assert!(json(&compact)["instance_id"].is_string());
    let pretty = call(&sb, &["status"]);
    assert!(String::from_utf8(pretty.stdout.clone()).unwrap().lines().count() > 3);
    assert_eq!(json(&pretty)["instance_id"], json(&compact)["instance_id"]);
    // A service error object is compact too, and exit 1.
    let refused = call(&sb, &["session.replay", "--session", NO_SESSION, "--json"]);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    one_line(&refused);
    assert!(json(&refused)["error"]["code"].is_string());
}

#[test]
fn a_daemon_that_cannot_start_is_a_service_failure_not_a_usage_error() {
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    // A state root others can write: the daemon refuses to start (state_root_unsafe).
    std::fs::set_permissions(&sb.mc_home, std::fs::Permissions::from_mode(0o777)).unwrap();
    let out = call(&sb, &["status"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!stderr(&out).is_empty());
}

#[test]
fn help_says_how_operations_that_need_control_run() {
    let sb = Sandbox::new();
    let out = sb.command(None).args(["call", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for needle in ["--claim", "--take-over", "--json", "claimed on the same connection first", "Exit codes"] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
    // Every operation whose control slot is required is named, from the generated rules.
    let controlled: Vec<&str> =
        Method::ALL.iter().filter(|m| m.rules().control == SlotRule::Required).map(|m| m.as_str()).collect();
    assert!(!controlled.is_empty());
    assert!(help.contains(&controlled.join(", ")), "{help}");
}
