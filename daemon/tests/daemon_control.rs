//! The command line's launch defaults and daemon control over the real binary: `--workspace`
//! defaults to the current directory and may be relative, `--executable` defaults to the
//! running binary, `daemon status` reports without starting, and `daemon stop` lets accepted
//! turns settle before the daemon exits. Exit codes: 0, 1 service error, 2 usage.

mod common;
mod mock;

use std::io::{BufRead, BufReader};
use std::process::{Output, Stdio};
use std::time::Duration;

use common::{wait_until, Sandbox};
use mock::{Mock, Reply};
use serde_json::Value;

fn agentwire(sb: &Sandbox, cwd: &std::path::Path, args: &[&str]) -> Output {
    sb.unconfigured(&[]).current_dir(cwd).args(args).stdin(Stdio::null()).output().unwrap()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stdout)))
}

fn alive(pid: u64) -> bool {
    // SAFETY: signal 0 only checks that the process exists.
    unsafe { libc::kill(pid as libc::pid_t, 0) == 0 }
}

#[test]
fn workspace_defaults_to_the_current_directory_and_relative_paths_are_canonicalized() {
    let sb = Sandbox::new();
    // No --workspace, no --executable: this directory, this binary.
    let (ok, first) = sb.record(agentwire(&sb, &sb.workspace, &["daemon", "start-or-connect"]));
    assert!(ok, "{first}");
    assert_eq!(first["started"], true);
    let parent = sb.workspace.parent().unwrap();
    for (cwd, workspace) in [(&sb.workspace, "."), (&parent.to_path_buf(), "project"), (&sb.workspace, "../project")] {
        let args = ["daemon", "start-or-connect", "--workspace", workspace];
        let (ok, again) = sb.record(agentwire(&sb, cwd, &args));
        assert!(ok, "{workspace}: {again}");
        assert_eq!(
            (again["pid"].clone(), again["started"].clone()),
            (first["pid"].clone(), false.into()),
            "{workspace}"
        );
        assert_eq!(again["workspace_id"], first["workspace_id"], "{workspace}");
    }
    // call and chat take the same defaults.
    let status = agentwire(&sb, &sb.workspace, &["call", "status"]);
    assert!(status.status.success(), "{}", String::from_utf8_lossy(&status.stderr));
    assert_eq!(json(&status)["workspace_id"], first["workspace_id"]);
    let chat = agentwire(&sb, &sb.workspace, &["chat", "--once", "Hello"]);
    assert!(chat.status.success(), "{}", String::from_utf8_lossy(&chat.stderr));
    // A relative path that is not a directory is still refused with the launch error.
    let (ok, missing) =
        sb.record(agentwire(&sb, &sb.workspace, &["daemon", "start-or-connect", "--workspace", "nope"]));
    assert!(!ok);
    assert_eq!(missing["error"]["code"], "invalid_workspace");
    // A relative executable is still refused: the spawned binary must be named absolutely.
    let (ok, rel) =
        sb.record(agentwire(&sb, &sb.workspace, &["daemon", "start-or-connect", "--executable", "agentwire"]));
    assert!(!ok);
    assert_eq!(rel["error"]["code"], "invalid_executable");
}

#[test]
fn status_reports_without_starting_and_stop_stops() {
    let sb = Sandbox::new();
    let ws = sb.workspace.to_str().unwrap().to_owned();
    let none = agentwire(&sb, &sb.workspace, &["daemon", "status"]);
    assert_eq!(none.status.code(), Some(1), "no daemon: a service error");
    assert!(none.stdout.is_empty());
    assert!(!sb.runtime().socket.exists(), "status never starts a daemon");

    let (ok, started) = sb.record(agentwire(&sb, &sb.workspace, &["daemon", "start-or-connect"]));
    assert!(ok, "{started}");
    let status = agentwire(&sb, &sb.workspace, &["daemon", "status", "--workspace", &ws]);
    assert_eq!(status.status.code(), Some(0));
    let report = json(&status);
    for key in ["socket", "pid", "version", "instance_id", "workspace_id", "state_root_id"] {
        assert_eq!(report[key], started[key], "{key}");
    }
    assert_eq!(report["started"], false);

    let stop = agentwire(&sb, &sb.workspace, &["daemon", "stop"]);
    assert_eq!(stop.status.code(), Some(0), "{}", String::from_utf8_lossy(&stop.stderr));
    let pid = started["pid"].as_u64().unwrap();
    assert!(wait_until(Duration::from_secs(5), || !alive(pid)), "stop returns once the daemon is gone");
    assert!(!sb.runtime().socket.exists());
    assert_eq!(agentwire(&sb, &sb.workspace, &["daemon", "status"]).status.code(), Some(1));
    // Stopping what does not run is no error.
    assert_eq!(agentwire(&sb, &sb.workspace, &["daemon", "stop"]).status.code(), Some(0));
    // Usage errors are 2.
    assert_eq!(agentwire(&sb, &sb.workspace, &["daemon", "stop", "--wait-secs", "soon"]).status.code(), Some(2));
    assert_eq!(agentwire(&sb, &sb.workspace, &["daemon", "status", "extra"]).status.code(), Some(2));
}

#[test]
fn stop_lets_a_running_turn_settle_first() {
    // "graceful: accepted turns settle first"
    let many: Vec<String> = (0..40).map(|i| format!("w{i} ")).collect();
    let words: Vec<&str> = many.iter().map(String::as_str).collect();
    let body = mock::openai(&words, &[]);
    let provider = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(50)));
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let settings = format!(
        "provider = \"slow\"\nmodel = \"m1\"\n[providers.slow]\nbase_url = \"{}/v1\"\nmodels = [\"m1\"]\n",
        provider.url
    );
    std::fs::write(sb.mc_home.join("settings.toml"), settings).unwrap();
    let (ok, started) = sb.record(agentwire(&sb, &sb.workspace, &["daemon", "start-or-connect"]));
    assert!(ok, "{started}");

    let mut chat = sb
        .unconfigured(&[])
        .current_dir(&sb.workspace)
        .args(["chat", "--once", "Talk slowly"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the answer is streaming: the turn is accepted and running.
    let mut stdout = BufReader::new(chat.stdout.take().unwrap());
    let mut seen = Vec::new();
    while !String::from_utf8_lossy(&seen).contains("w2 ") {
        let chunk = stdout.fill_buf().unwrap().to_vec();
        assert!(!chunk.is_empty(), "chat ended early: {}", String::from_utf8_lossy(&seen));
        stdout.consume(chunk.len());
        seen.extend(chunk);
    }
    let stop = agentwire(&sb, &sb.workspace, &["daemon", "stop"]);
    assert_eq!(stop.status.code(), Some(0), "{}", String::from_utf8_lossy(&stop.stderr));
    let pid = started["pid"].as_u64().unwrap();
    assert!(!alive(pid) || wait_until(Duration::from_secs(2), || !alive(pid)));

    std::io::Read::read_to_end(&mut stdout, &mut seen).unwrap();
    let _ = chat.wait();
    let streamed = String::from_utf8_lossy(&seen).into_owned();
    // The whole answer reached the client before the daemon went: the turn completed.
    let answer: String = many.concat();
    assert!(streamed.contains(&answer), "the turn was cut short: {streamed:?}");
    assert!(!streamed.contains("[turn cancelled") && !streamed.contains("[turn failed"), "{streamed}");
    // And it is durable: a new daemon replays it with its completed terminal.
    let (ok, _) = sb.record(agentwire(&sb, &sb.workspace, &["daemon", "start-or-connect"]));
    assert!(ok);
    let list = json(&agentwire(&sb, &sb.workspace, &["call", "session.list"]));
    let session = list["sessions"][0]["session_id"].as_str().unwrap().to_owned();
    let replay = json(&agentwire(&sb, &sb.workspace, &["call", "session.replay", "--session", &session]));
    let events = replay["events"].as_array().unwrap();
    assert_eq!(events.last().unwrap()["status"], "completed", "{replay}");
}
