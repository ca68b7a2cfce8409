//! `agentwire chat` asking the person on a real terminal (tmux) about an agent's permission
//! request (issue #38, the approvals profile): the ACP SDK's example agent (`@agentclientprotocol/sdk`
//! 0.29.0, `scripts/acp-fixtures.sh`) asks before "Modifying critical configuration file";
//! its `edit` is `ask` by default, so chat shows the request with one key per offered option,
//! and the key typed decides what the agent does.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{start_daemon_clearing, Sandbox};

const WAIT: Duration = Duration::from_secs(60);

fn example_agent() -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/acp/node_modules/@agentclientprotocol/sdk/dist/examples/agent.js");
    assert!(path.is_file(), "the example agent is not installed: run scripts/acp-fixtures.sh");
    path
}

/// A daemon whose provider is the example agent, with the default (ask) policy for `edit`.
fn sandbox() -> Sandbox {
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
    start_daemon_clearing(&sb, &["NO_COLOR"], &[]);
    sb
}

/// A private tmux server running chat in a 120x50 window; killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(sb: &Sandbox) -> Tmux {
        let version = Command::new("tmux").arg("-V").output();
        assert!(
            version.is_ok_and(|o| o.status.success()),
            "this test needs tmux (scripts/test-all.sh installs it: apt-get install tmux)"
        );
        let mut cmd = sb.unconfigured(&["NO_COLOR"]);
        cmd.args(["chat", "--workspace"]).arg(&sb.workspace);
        let socket = format!("agentwire-appr-{}-{:?}", std::process::id(), Instant::now());
        let tmux = Tmux { socket: socket.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', "") };
        let mut start = tmux.command();
        for (key, value) in cmd.get_envs() {
            match value {
                Some(v) => start.env(key, v),
                None => start.env_remove(key),
            };
        }
        start.args(["new-session", "-d", "-x", "120", "-y", "50", "--"]).arg(cmd.get_program()).args(cmd.get_args());
        let out = start.output().unwrap();
        assert!(out.status.success(), "tmux: {}", String::from_utf8_lossy(&out.stderr));
        tmux
    }

    fn command(&self) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.socket, "-f", "/dev/null"]);
        c
    }

    fn screen(&self) -> String {
        let out = self.command().args(["capture-pane", "-p", "-J", "-S", "-200"]).output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        assert!(self.command().arg("send-keys").args(keys).status().unwrap().success());
    }

    fn until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(Instant::now() < deadline, "no {what} on the screen:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.command().arg("kill-server").stderr(Stdio::null()).status();
    }
}

/// Runs one turn asking to update the configuration, answers `key` when asked; the screen.
fn answer_the_edit_request(key: &str) -> String {
    let sb = sandbox();
    let tmux = Tmux::start(&sb);
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
