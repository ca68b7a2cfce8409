//! A private tmux server running one command in a window of its own, for the tests that look
//! at `agentwire chat` as people see it: its screen, read until it shows what a test waits for,
//! and keys typed into it. Each test crate that includes it uses part of it.

#![allow(dead_code)]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A tmux server of its own (its own socket); killed when dropped.
pub struct Tmux {
    socket: String,
    /// Lines of scrollback read with the screen (0: only the visible window).
    history: u32,
    /// How long [`Tmux::until`] waits.
    wait: Duration,
}

impl Tmux {
    /// Starts `cmd` (its program, arguments and environment) in a `columns`x`rows` window.
    pub fn start(cmd: &Command, (columns, rows): (u16, u16)) -> Tmux {
        let version = Command::new("tmux").arg("-V").output();
        assert!(
            version.is_ok_and(|o| o.status.success()),
            "this test needs tmux (scripts/test-all.sh installs it: apt-get install tmux)"
        );
        let socket = format!("agentwire-tmux-{}-{:?}", std::process::id(), Instant::now());
        let socket = socket.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', "");
        let tmux = Tmux { socket, history: 0, wait: Duration::from_secs(30) };
        // The server, and so the window's process, gets the command's environment.
        let mut start = tmux.command();
        for (key, value) in cmd.get_envs() {
            match value {
                Some(v) => start.env(key, v),
                None => start.env_remove(key),
            };
        }
        let (columns, rows) = (columns.to_string(), rows.to_string());
        start
            .args(["new-session", "-d", "-x", &columns, "-y", &rows, "--"])
            .arg(cmd.get_program())
            .args(cmd.get_args());
        let out = start.output().unwrap();
        assert!(out.status.success(), "tmux: {}", String::from_utf8_lossy(&out.stderr));
        tmux
    }

    /// The screen read includes `lines` of scrollback too.
    pub fn with_history(mut self, lines: u32) -> Tmux {
        self.history = lines;
        self
    }

    /// [`Tmux::until`] waits up to `wait`.
    pub fn waiting(mut self, wait: Duration) -> Tmux {
        self.wait = wait;
        self
    }

    fn command(&self) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.socket, "-f", "/dev/null"]);
        c
    }

    /// What the window shows (with the scrollback asked for), lines joined as wrapped.
    pub fn screen(&self) -> String {
        let mut capture = self.command();
        capture.args(["capture-pane", "-p", "-J"]);
        if self.history > 0 {
            capture.args(["-S", &format!("-{}", self.history)]);
        }
        let out = capture.output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types `keys` (tmux key names, e.g. `Enter`, `C-d`, or text).
    pub fn keys(&self, keys: &[&str]) {
        assert!(self.command().arg("send-keys").args(keys).status().unwrap().success());
    }

    /// Waits until the screen satisfies `done`; returns that screen.
    pub fn until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + self.wait;
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(Instant::now() < deadline, "no {what} on the screen:\n{screen}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.command().arg("kill-server").stderr(Stdio::null()).status();
    }
}
