//! A state root that another local user can write is never trusted (issue #15, part 1): the
//! real binary refuses to start with `state_root_unsafe`, a planted MCP server in such a
//! state root's `settings.toml` is never started, and a settings file loosened while the
//! daemon runs is not reread. Runs as root in CI, which is what lets it give files to another
//! uid (65534, `nobody`) with `chown`; without root those cases are skipped, saying so.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use agentwire_protocol::LaunchErrorCode;
use common::{start_daemon, wait_until, Sandbox};

/// A uid that is not ours (`nobody` on Debian); no account is needed to own a file.
const OTHER_UID: u32 = 65534;

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// A state root as the daemon would create it, holding a settings file.
fn private_state(sb: &Sandbox, settings: &str) {
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    chmod(&sb.mc_home, 0o700);
    let path = sb.mc_home.join("settings.toml");
    std::fs::write(&path, settings).unwrap();
    chmod(&path, 0o600);
}

fn assert_refused(sb: &Sandbox, what: &str) {
    let (ok, value) = sb.start_or_connect(None);
    assert!(!ok, "{what}: {value}");
    let code = LaunchErrorCode::StateRootUnsafe;
    assert_eq!(value, serde_json::json!({"error":{"code":code.as_str(),"message":code.message()}}), "{what}");
    assert!(!sb.runtime().socket.exists(), "{what}: no daemon may start");
}

/// "refuse a folder that is not owned by the uid or is group/world" writable, for the state
/// root itself: each mode of the report is refused at start with a fixed error object.
#[test]
fn a_state_root_writable_by_group_or_others_is_refused_at_start() {
    for mode in [0o777, 0o770, 0o757, 0o775, 0o1777] {
        let sb = Sandbox::new();
        private_state(&sb, "");
        chmod(&sb.mc_home, mode);
        assert_refused(&sb, &format!("state root {mode:o}"));
    }
}

#[test]
fn settings_or_auth_writable_by_group_or_others_is_refused_at_start() {
    for file in ["settings.toml", "auth.json"] {
        for mode in [0o666, 0o660, 0o646, 0o664, 0o1666] {
            let sb = Sandbox::new();
            private_state(&sb, "");
            let path = sb.mc_home.join(file);
            std::fs::write(&path, "").unwrap();
            chmod(&path, mode);
            assert_refused(&sb, &format!("{file} {mode:o}"));
        }
    }
}

#[test]
fn state_folders_writable_by_group_or_others_are_refused_at_start() {
    for dir in ["sessions", "catalog", "run"] {
        for mode in [0o777, 0o770, 0o757, 0o775, 0o1777] {
            let sb = Sandbox::new();
            private_state(&sb, "");
            let path = sb.mc_home.join(dir);
            std::fs::create_dir(&path).unwrap();
            chmod(&path, mode);
            assert_refused(&sb, &format!("{dir} {mode:o}"));
        }
    }
}

#[test]
fn a_state_root_or_entry_owned_by_another_user_is_refused_at_start() {
    if !is_root() {
        eprintln!("skipped: only root can give a file to another uid");
        return;
    }
    for entry in [".", "settings.toml", "auth.json", "sessions", "catalog", "run"] {
        let sb = Sandbox::new();
        private_state(&sb, "");
        let path = sb.mc_home.join(entry);
        if !path.exists() {
            if entry.contains('.') {
                std::fs::write(&path, "").unwrap();
                chmod(&path, 0o600);
            } else {
                std::fs::create_dir(&path).unwrap();
                chmod(&path, 0o700);
            }
        }
        std::os::unix::fs::chown(&path, Some(OTHER_UID), Some(OTHER_UID)).unwrap();
        assert_refused(&sb, &format!("{entry} owned by {OTHER_UID}"));
    }
}

/// The daemon's own creation is private: a fresh state root is `0700` and so is what it
/// creates in it, so the check never refuses what the daemon made.
#[test]
fn a_fresh_state_root_is_created_private_and_accepted() {
    let sb = Sandbox::new();
    let (ok, value) = sb.start_or_connect(None);
    assert!(ok, "{value}");
    assert_eq!(std::fs::metadata(&sb.mc_home).unwrap().permissions().mode() & 0o777, 0o700);
    let run = sb.mc_home.join("run");
    assert_eq!(std::fs::metadata(&run).unwrap().permissions().mode() & 0o777, 0o700);
}

/// A settings file naming an MCP server that writes `id` into `marker` when started.
fn planted_settings(marker: &Path) -> String {
    format!(
        "[mcp_servers.planted]\ncommand = \"/bin/sh\"\nargs = [\"-c\", {:?}]\n",
        format!("id > '{}'", marker.display())
    )
}

/// One turn on the offline `local` provider through `agentwire chat --once`.
fn one_turn(sb: &Sandbox) -> std::process::Output {
    let mut cmd: Command = sb.unconfigured(&[]);
    cmd.args(["chat", "--workspace"]).arg(&sb.workspace).args(["--once", "hello"]);
    cmd.output().unwrap()
}

/// Starts the daemon through the sandbox, which stops it when dropped.
fn start_local_daemon(sb: &Sandbox) {
    start_daemon(sb, &[]);
}

fn marker_path(sb: &Sandbox) -> PathBuf {
    // Outside the state root, as in the report, and in a folder the planted command can write.
    sb.tmp.path().join("marker")
}

/// The control: with a private state root, the same settings do start the server, so the
/// refusals below are what keeps the marker away, not a test that cannot see it.
#[test]
fn a_private_settings_file_starts_its_mcp_server() {
    let sb = Sandbox::new();
    let marker = marker_path(&sb);
    private_state(&sb, &planted_settings(&marker));
    start_local_daemon(&sb);
    let out = one_turn(&sb);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(wait_until(Duration::from_secs(10), || marker.exists()), "the configured server ran");
}

/// The report's attack: another uid writes `[mcp_servers.planted]` into a world-writable
/// state root's `settings.toml`, then the owner starts the daemon and runs one turn. The
/// planted command must never run.
#[test]
fn a_planted_mcp_server_in_a_world_writable_state_root_is_never_started() {
    let sb = Sandbox::new();
    let marker = marker_path(&sb);
    private_state(&sb, &planted_settings(&marker));
    chmod(&sb.mc_home, 0o777);
    if is_root() {
        // Written by the other user: theirs, in a folder anyone can write.
        std::os::unix::fs::chown(sb.mc_home.join("settings.toml"), Some(OTHER_UID), Some(OTHER_UID)).unwrap();
    }
    let out = one_turn(&sb);
    std::thread::sleep(Duration::from_millis(300));
    assert!(!marker.exists(), "the planted server ran: {}", std::fs::read_to_string(&marker).unwrap_or_default());
    assert!(!out.status.success(), "chat cannot start a daemon on an unsafe state root");
    assert_refused(&sb, "planted settings");
}

/// "The same check before every reread": a settings file made writable by others while the
/// daemon runs is not read again, so what is planted in it then starts nothing either.
#[test]
fn a_settings_file_loosened_while_the_daemon_runs_is_not_reread() {
    let sb = Sandbox::new();
    let marker = marker_path(&sb);
    private_state(&sb, "");
    start_local_daemon(&sb);
    let path = sb.mc_home.join("settings.toml");
    chmod(&path, 0o666);
    std::fs::write(&path, planted_settings(&marker)).unwrap();
    // The turn may be refused (its selection comes from the same file) or run without MCP;
    // either way nothing planted starts.
    let out = one_turn(&sb);
    std::thread::sleep(Duration::from_millis(300));
    assert!(!marker.exists(), "the planted server ran after a reread: {}", String::from_utf8_lossy(&out.stdout));
}

/// "A project settings file writable by others is ignored with a logged warning, never
/// trusted": a malformed one, which a trusted file would turn into
/// `configuration_unavailable`, changes nothing while others can write it.
#[test]
fn a_project_settings_file_writable_by_others_is_ignored_with_a_warning() {
    let sb = Sandbox::new();
    let project = sb.workspace.join(".agentwire");
    std::fs::create_dir(&project).unwrap();
    let path = project.join("settings.toml");
    std::fs::write(&path, "provider = 5\n").unwrap();
    chmod(&path, 0o666);
    start_local_daemon(&sb);
    let (ok, config) = call(&sb, "config.get");
    assert!(ok, "the untrusted project file is ignored: {config}");
    let log = sb.log();
    assert!(log.contains("project settings file or its folder is writable by another user; ignored"), "{log}");
    assert!(!log.contains(project.to_str().unwrap()), "the warning names no path");

    chmod(&path, 0o644);
    let (ok, config) = call(&sb, "config.get");
    assert!(!ok, "private again, the same file is read (and is malformed): {config}");
    assert_eq!(config["error"]["code"], "configuration_unavailable", "{config}");
}

fn call(sb: &Sandbox, method: &str) -> (bool, serde_json::Value) {
    let out = sb.unconfigured(&[]).args(["call", method, "--workspace"]).arg(&sb.workspace).output().unwrap();
    let value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stdout)));
    (out.status.success(), value)
}
