//! `agentwire daemon start-or-connect` and `daemon serve` as real processes.

mod common;

use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::process::Stdio;
use std::time::Duration;

use agentwire_daemon::transport::paths::{effective_uid, ensure_private_dir, state_root_id, workspace_id};
use common::{handshake_line, raw_handshake, wait_until, Sandbox, BIN};

const VERSION: &str = env!("CARGO_PKG_VERSION");

#[test]
fn second_call_connects_to_the_same_daemon() {
    let sb = Sandbox::new();
    let (ok, first) = sb.start_or_connect(None);
    assert!(ok, "{first} log: {}", sb.log());
    assert_eq!(first["discovery_version"], 1);
    assert_eq!(first["started"], true);
    assert_eq!(first["version"], VERSION);
    assert_eq!(first["workspace_id"], workspace_id(&sb.workspace));
    assert_eq!(first["state_root_id"], state_root_id(&sb.mc_home.canonicalize().unwrap()));
    let instance = first["instance_id"].as_str().unwrap();
    assert!(instance.starts_with("in_") && instance.len() == 35);

    let runtime = sb.runtime();
    assert_eq!(first["socket"], runtime.socket.to_str().unwrap());
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&runtime.socket), 0o600);
    assert_eq!(mode(&runtime.dir), 0o700);
    assert_eq!(mode(&sb.mc_home), 0o700);

    let (ok, second) = sb.start_or_connect(None);
    assert!(ok, "{second}");
    assert_eq!(second["started"], false);
    assert_eq!(second["pid"], first["pid"]);
    assert_eq!(second["instance_id"], first["instance_id"]);
}

#[test]
fn racing_starters_share_one_daemon() {
    let sb = Sandbox::new();
    let children: Vec<_> = (0..3)
        .map(|_| sb.start_or_connect_cmd(None).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap())
        .collect();
    let results: Vec<_> = children.into_iter().map(|c| sb.record(c.wait_with_output().unwrap())).collect();
    for (ok, value) in &results {
        assert!(ok, "{value} log: {}", sb.log());
    }
    let pid = &results[0].1["pid"];
    assert!(results.iter().all(|(_, v)| &v["pid"] == pid));
    let started = results.iter().filter(|(_, v)| v["started"] == true).count();
    assert_eq!(started, 1, "{results:?}");
}

#[test]
fn stale_socket_file_is_cleaned_up() {
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    std::fs::set_permissions(&sb.mc_home, std::fs::Permissions::from_mode(0o700)).unwrap();
    let runtime = sb.runtime();
    ensure_private_dir(runtime.dir.parent().unwrap(), effective_uid()).unwrap();
    ensure_private_dir(&runtime.dir, effective_uid()).unwrap();
    // A socket file nobody listens on, as left by a crashed daemon.
    drop(std::os::unix::net::UnixListener::bind(&runtime.socket).unwrap());
    assert!(std::os::unix::net::UnixStream::connect(&runtime.socket).is_err());

    let (ok, value) = sb.start_or_connect(None);
    assert!(ok, "{value} log: {}", sb.log());
    assert_eq!(value["started"], true);
}

#[test]
fn a_daemon_of_another_version_is_reported_and_left_running() {
    let sb = Sandbox::new();
    let (ok, other) = sb.start_or_connect(Some("0.0.0-other"));
    assert!(ok, "{other} log: {}", sb.log());
    assert_eq!(other["version"], "0.0.0-other");

    let (ok, err) = sb.start_or_connect(None);
    assert!(!ok);
    assert_eq!(err["error"]["code"], "version_mismatch");
    assert!(err["error"]["message"].is_string());
    assert_eq!(err.as_object().unwrap().len(), 1);

    let (ok, again) = sb.start_or_connect(Some("0.0.0-other"));
    assert!(ok, "{again}");
    assert_eq!(again["started"], false);
    assert_eq!(again["pid"], other["pid"]);
}

#[test]
fn handshake_rejections_at_the_socket() {
    let sb = Sandbox::new();
    let (ok, value) = sb.start_or_connect(None);
    assert!(ok, "{value}");
    let socket = sb.runtime().socket;

    let other_ws = sb.tmp.path().canonicalize().unwrap();
    let (reply, mut stream) = raw_handshake(&socket, &handshake_line(VERSION, &other_ws));
    assert_eq!(reply["handshake"], "agentwire-unix");
    assert_eq!(reply["status"], "rejected");
    assert_eq!(reply["code"], "workspace_mismatch");
    assert!(!reply["message"].as_str().unwrap().contains('/'));
    let mut rest = Vec::new();
    assert_eq!(stream.read_to_end(&mut rest).unwrap(), 0, "closed after rejection");

    let (reply, _) = raw_handshake(&socket, &handshake_line("9.9.9", &sb.workspace));
    assert_eq!(reply["code"], "version_mismatch");

    let (reply, _) = raw_handshake(&socket, r#"{"handshake":"agentwire-unix"}"#);
    assert_eq!(reply["code"], "invalid_handshake");

    let (reply, _) = raw_handshake(&socket, &handshake_line(VERSION, &sb.workspace));
    assert_eq!(reply["status"], "accepted");
    assert_eq!(reply["pid"], value["pid"]);
    assert_eq!(reply["instance_id"], value["instance_id"]);
}

#[test]
fn accepted_connection_stays_open_and_oversized_record_closes_it() {
    let sb = Sandbox::new();
    let (ok, value) = sb.start_or_connect(None);
    assert!(ok, "{value}");
    let (reply, mut stream) = raw_handshake(&sb.runtime().socket, &handshake_line(VERSION, &sb.workspace));
    assert_eq!(reply["status"], "accepted");

    // A request-level error is answered and the connection stays open.
    stream.write_all(b"{\"any\":\"record\"}\n").unwrap();
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while stream.read(&mut byte).unwrap() == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    let answer: serde_json::Value = serde_json::from_slice(&line).unwrap();
    assert_eq!(answer["error"]["code"], "invalid_request");
    stream.set_read_timeout(Some(Duration::from_millis(300))).unwrap();
    let idle = match stream.read(&mut byte) {
        Ok(n) => panic!("connection ended early ({n} bytes); log: {}", sb.log()),
        Err(e) => e,
    };
    assert!(matches!(idle.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut));

    // Over the 65,536-byte record bound without a newline: record_too_large, then the daemon hangs up.
    let _ = stream.write_all(&vec![b'x'; 70_000]);
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut rest = Vec::new();
    let _ = stream.read_to_end(&mut rest);
    assert!(String::from_utf8_lossy(&rest).contains("record_too_large"));
}

#[test]
fn a_runtime_folder_open_to_others_is_refused() {
    let sb = Sandbox::new();
    let runtime = sb.runtime();
    std::fs::create_dir_all(&runtime.dir).unwrap();
    let private = std::fs::Permissions::from_mode(0o700);
    std::fs::set_permissions(&sb.mc_home, private.clone()).unwrap();
    std::fs::set_permissions(runtime.dir.parent().unwrap(), private).unwrap();
    std::fs::set_permissions(&runtime.dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (ok, value) = sb.start_or_connect(None);
    assert!(!ok);
    assert_eq!(value["error"]["code"], "runtime_dir_unsafe");
}

#[test]
fn invalid_paths_get_error_objects() {
    let sb = Sandbox::new();
    let file = sb.workspace.join("file");
    std::fs::write(&file, b"").unwrap();
    let cases = [
        ("relative/project", BIN.to_string(), "invalid_workspace"),
        (file.to_str().unwrap(), BIN.to_string(), "invalid_workspace"),
        (sb.workspace.to_str().unwrap(), "agentwire".to_string(), "invalid_executable"),
        (sb.workspace.to_str().unwrap(), file.to_str().unwrap().to_string(), "invalid_executable"),
    ];
    for (workspace, executable, code) in cases {
        let output = sb
            .command(None)
            .args(["daemon", "start-or-connect", "--workspace", workspace, "--executable", &executable])
            .output()
            .unwrap();
        let (ok, value) = sb.record(output);
        assert!(!ok);
        assert_eq!(value["error"]["code"], code, "{workspace} {executable}");
        let message = value["error"]["message"].as_str().unwrap();
        assert!(!message.contains(sb.tmp.path().to_str().unwrap()));
    }
}

#[test]
fn unparsable_arguments_still_print_one_error_object() {
    let sb = Sandbox::new();
    // (A missing --executable is no longer one: it defaults to the running binary.)
    let output = sb.command(None).args(["daemon", "start-or-connect", "--workspace"]).output().unwrap();
    let (ok, value) = sb.record(output);
    assert!(!ok);
    assert_eq!(value["error"]["code"], "invalid_arguments");
}

fn script(sb: &Sandbox, name: &str, body: &str) -> std::path::PathBuf {
    let path = sb.tmp.path().join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn a_daemon_that_exits_at_once_is_start_failed() {
    let sb = Sandbox::new();
    let exe = script(&sb, "broken", "exit 3");
    let output = sb
        .command(None)
        .args(["daemon", "start-or-connect", "--workspace"])
        .arg(&sb.workspace)
        .arg("--executable")
        .arg(&exe)
        .output()
        .unwrap();
    let (ok, value) = sb.record(output);
    assert!(!ok);
    assert_eq!(value["error"]["code"], "start_failed");
}

#[test]
fn a_daemon_that_never_answers_is_start_timeout() {
    let sb = Sandbox::new();
    let exe = script(&sb, "hangs", "exec sleep 30");
    let started = std::time::Instant::now();
    let output = sb
        .command(None)
        .args(["daemon", "start-or-connect", "--start-timeout-ms", "500", "--workspace"])
        .arg(&sb.workspace)
        .arg("--executable")
        .arg(&exe)
        .output()
        .unwrap();
    let (ok, value) = sb.record(output);
    assert!(!ok);
    assert_eq!(value["error"]["code"], "start_timeout");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn serve_refuses_a_second_instance_and_sigterm_removes_the_socket() {
    let sb = Sandbox::new();
    let (ok, value) = sb.start_or_connect(None);
    assert!(ok, "{value}");
    let output = sb.command(None).args(["daemon", "serve", "--workspace"]).arg(&sb.workspace).output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("already serves"), "{stderr}");

    let socket = sb.runtime().socket;
    common::terminate(value["pid"].as_u64().unwrap() as u32);
    assert!(wait_until(Duration::from_secs(5), || !socket.exists()));
    assert!(sb.log().contains("daemon shutting down"));

    let (ok, restarted) = sb.start_or_connect(None);
    assert!(ok, "{restarted}");
    assert_eq!(restarted["started"], true);
    assert_ne!(restarted["pid"], value["pid"]);
}

#[test]
fn a_starter_that_meets_a_daemon_shutting_down_starts_a_new_one_once_it_exits() {
    // "Never kills, replaces or runs beside a live daemon": a daemon that is shutting down
    // still holds the workspace lock without answering; the starter waits for it to answer or
    // to exit, then starts a new daemon instead of timing out.
    let sb = Sandbox::new();
    let (ok, first) = sb.start_or_connect(None);
    assert!(ok, "{first}");
    let paths = sb.runtime();
    common::terminate(first["pid"].as_u64().unwrap() as u32);
    assert!(wait_until(Duration::from_secs(5), || !paths.socket.exists()));
    // Stand in for the dying daemon: hold its lock, answer nothing, then exit.
    let holder = std::fs::OpenOptions::new().write(true).open(&paths.lock).unwrap();
    let taken = wait_until(Duration::from_secs(5), || {
        // SAFETY: plain syscall on an open descriptor.
        unsafe { libc::flock(std::os::fd::AsRawFd::as_raw_fd(&holder), libc::LOCK_EX | libc::LOCK_NB) == 0 }
    });
    assert!(taken, "the first daemon never released its lock");
    let release = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(700));
        drop(holder);
    });
    let (ok, second) = sb.start_or_connect(None);
    release.join().unwrap();
    assert!(ok, "{second}");
    assert_eq!(second["started"], true);
    assert_ne!(second["pid"], first["pid"]);
}

#[test]
fn discovery_is_one_json_object_and_nothing_else_on_stdout() {
    // "Discovery is JSON, not a conversation stream: nothing else is printed on stdout." —
    // whether the call starts a daemon, reaches a running one or fails: the spawned daemon
    // writes to its log, never to the starter's stdout.
    let sb = Sandbox::new();
    let mut relative = sb.command(None);
    relative.args(["daemon", "start-or-connect", "--workspace", "relative", "--executable", BIN]);
    let runs = [
        ("started", sb.start_or_connect_cmd(None).output().unwrap()),
        ("connected", sb.start_or_connect_cmd(None).output().unwrap()),
        ("failed", relative.output().unwrap()),
    ];
    for (what, output) in runs {
        // Registered first, so the daemon is stopped even when an assertion fails.
        let (ok, value) = sb.record(output.clone());
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(stdout.ends_with('\n') && stdout.matches('\n').count() == 1, "{what}: {stdout:?}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&stdout).unwrap(), value, "{what}");
        assert_eq!(value.get("error").is_none(), ok, "{what}: {value}");
    }
}
