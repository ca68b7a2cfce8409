//! `agentwire chat` as scripts and people drive it: prompts piped into stdin, and a real
//! terminal (a pseudo-terminal) with line editing and a history that outlives the run. Every
//! turn runs on the offline `local` provider.

mod common;
mod mock;

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use agentwire_daemon::cli::chat::history::{HistoryFile, HISTORY_FILE};
use agentwire_protocol::ErrorCode;
use common::{start_daemon, Sandbox};
use mock::{Mock, Reply};

const ANSWER: &str = "The workspace has 2 top-level entries: README.md, src/.";

/// Starts the workspace's daemon through the sandbox (which stops it), so chat only connects.
fn local_daemon(sb: &Sandbox) {
    std::fs::write(sb.workspace.join("README.md"), "# demo\n").unwrap();
    std::fs::create_dir_all(sb.workspace.join("src")).unwrap();
    start_daemon(sb, &[]);
}

fn chat_command(sb: &Sandbox) -> Command {
    let mut cmd = sb.unconfigured(&[]);
    cmd.args(["chat", "--workspace"]).arg(&sb.workspace);
    cmd
}

#[test]
fn piped_prompts_run_turns_as_plain_lines_and_keep_no_history() {
    let sb = Sandbox::new();
    local_daemon(&sb);
    let mut child =
        chat_command(&sb).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"What is here?\n/replay\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout} {}", String::from_utf8_lossy(&out.stderr));
    // Each prompt is "\n> " after a line of output, as it always was for scripts.
    let parts: Vec<&str> = stdout.split("\n\n> ").collect();
    let [welcome, answer, replay, end] = parts[..] else { panic!("three prompts expected: {stdout:?}") };
    assert!(welcome.starts_with("agentwire chat — session s-"), "{welcome}");
    assert!(answer.starts_with("[offline: built-in local provider") && answer.contains(ANSWER), "{answer}");
    assert!(replay.starts_with("user: What is here?\nassistant: ") && replay.contains("[completed]"), "{replay}");
    assert_eq!(end, "\n", "end of input: a last prompt, then a newline");
    assert!(!stdout.contains('\x1b'), "no escape sequences on a pipe: {stdout:?}");
    assert!(!sb.mc_home.join(HISTORY_FILE).exists(), "scripts' input is not history");
}

#[test]
fn a_service_error_exits_1_and_a_usage_error_exits_2() {
    let sb = Sandbox::new();
    local_daemon(&sb);
    // A well-formed session ID that names no session: the service refuses the claim.
    let out = chat_command(&sb).args(["--once", "hi", "--session", "s-0000000000000000000000000000"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "a service error is 1, not a usage error: {stderr}");
    assert!(stderr.contains(ErrorCode::SessionUnavailable.as_str()), "{stderr}");
    let out = chat_command(&sb).arg("--no-such-flag").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_terminal_gets_line_editing_and_a_private_history_that_outlives_the_run() {
    let sb = Sandbox::new();
    local_daemon(&sb);

    let mut term = Pty::spawn(chat_command(&sb));
    term.expect("agentwire chat — session ");
    term.expect("> ");
    term.send("What is here?\r");
    term.expect(ANSWER);
    term.expect("> ");
    // Ctrl-C at the prompt drops the typed line and keeps the chat.
    term.send("abandoned line\x03");
    term.expect("abandoned line");
    term.expect("> ");
    // Up recalls the last submitted line, not the abandoned one.
    term.send("\x1b[A\r");
    term.expect(ANSWER);
    term.expect("> ");
    term.send("/replay\r");
    let replay = term.expect("> ");
    assert_eq!(replay.matches("user: What is here?").count(), 2, "{replay}");
    assert!(!replay.contains("abandoned"), "{replay}");
    // Ctrl-D on an empty line ends the chat.
    term.send("\x04");
    assert!(term.exit().success(), "{}", term.transcript());

    let path = sb.mc_home.join(HISTORY_FILE);
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    // The recalled repeat is not a second entry; commands are history too.
    assert_eq!(HistoryFile::in_state_root(&sb.mc_home).load().unwrap(), ["What is here?", "/replay"]);

    // A second run starts with the first run's history: Up, Up reaches the prompt.
    let mut term = Pty::spawn(chat_command(&sb));
    term.expect("> ");
    term.send("\x1b[A\x1b[A\r");
    term.expect(ANSWER);
    term.expect("> ");
    term.send("\x04");
    assert!(term.exit().success(), "{}", term.transcript());
}

#[test]
fn ctrl_c_on_a_terminal_still_cancels_the_running_turn_and_the_chat_goes_on() {
    let many: Vec<String> = (0..200).map(|i| format!("w{i} ")).collect();
    let words: Vec<&str> = many.iter().map(String::as_str).collect();
    let body = mock::openai(&words, &[]);
    let provider = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(20)));
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let settings = format!(
        "provider = \"slow\"\nmodel = \"m1\"\n[providers.slow]\nbase_url = \"{}/v1\"\nmodels = [\"m1\"]\n",
        provider.url
    );
    std::fs::write(sb.mc_home.join("settings.toml"), settings).unwrap();
    local_daemon(&sb);

    let mut term = Pty::spawn(chat_command(&sb));
    // Twice: the line editor's own signal handling in between must hand SIGINT back.
    for _ in 0..2 {
        term.expect("> ");
        term.send("Talk slowly\r");
        term.expect("w2 ");
        // The prompt has given the terminal back: Ctrl-C is a signal again, not a key.
        term.send("\x03");
        term.expect("[stopping…]");
        term.expect("[turn cancelled]");
    }
    term.expect("> ");
    term.send("\x04");
    assert!(term.exit().success(), "{}", term.transcript());
}

/// A child process whose stdin, stdout and stderr are a pseudo-terminal, with everything it
/// writes collected by a reader thread (an undrained terminal would block the child).
struct Pty {
    master: File,
    child: Child,
    output: Arc<(Mutex<Vec<u8>>, Condvar)>,
    /// How far `expect` has consumed the output.
    seen: usize,
}

const WAIT: Duration = Duration::from_secs(30);

impl Pty {
    fn spawn(mut cmd: Command) -> Pty {
        let (mut master, mut slave) = (-1, -1);
        let size = libc::winsize { ws_row: 24, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: out-pointers to live locals; null name and termios are allowed.
        let rc = unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
        assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
        for fd in [master, slave] {
            // SAFETY: fcntl on descriptors we own; keeps them out of other tests' children.
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
        // SAFETY: openpty returned these descriptors and nothing else owns them.
        let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        cmd.env("TERM", "xterm")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        // SAFETY: only async-signal-safe calls between fork and exec. A session of its own with
        // the terminal as its controlling terminal, as a shell would start it.
        unsafe {
            cmd.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().unwrap();
        // Our copies of the terminal side must close, or reading never sees the child end.
        drop(cmd);
        let output = Arc::new((Mutex::new(Vec::new()), Condvar::new()));
        let (mut reader, sink) = (master.try_clone().unwrap(), Arc::clone(&output));
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // EIO once the child and every copy of the terminal side are gone.
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                sink.0.lock().unwrap().extend_from_slice(&buf[..n]);
                sink.1.notify_all();
            }
        });
        Pty { master, child, output, seen: 0 }
    }

    fn send(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
    }

    /// Waits for `needle` after what earlier calls consumed; returns the output up to and
    /// including it.
    fn expect(&mut self, needle: &str) -> String {
        let deadline = Instant::now() + WAIT;
        let (lock, ready) = &*self.output;
        let mut out = lock.lock().unwrap();
        loop {
            let fresh = &out[self.seen..];
            if let Some(at) = fresh.windows(needle.len()).position(|w| w == needle.as_bytes()) {
                let taken = String::from_utf8_lossy(&fresh[..at + needle.len()]).into_owned();
                self.seen += at + needle.len();
                return taken;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "no {needle:?} after {:?}", String::from_utf8_lossy(&out));
            out = ready.wait_timeout(out, left).unwrap().0;
        }
    }

    fn transcript(&self) -> String {
        format!("{:?}", String::from_utf8_lossy(&self.output.0.lock().unwrap()))
    }

    fn exit(&mut self) -> std::process::ExitStatus {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "chat did not exit: {}", self.transcript());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        // A failed expectation must not leave the chat running.
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[test]
fn an_agent_refusing_for_sign_in_is_quoted_with_its_sign_in_methods() {
    // Issue #37: a person who is not signed in "reads, in `agentwire chat`, what the agent
    // said and what to do" — the terminal's `notice` carries the turn's service note.
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    std::fs::set_permissions(&sb.mc_home, std::fs::Permissions::from_mode(0o700)).unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/acp/fake-agent.mjs");
    let settings = format!(
        "provider = \"fake\"\nmodel = \"default\"\n[agents.fake]\ncommand = \"node\"\nargs = [{:?}, \"auth-required\"]\n",
        script.display().to_string()
    );
    let path = sb.mc_home.join("settings.toml");
    std::fs::write(&path, settings).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    start_daemon(&sb, &[]);
    let out = chat_command(&sb).args(["--once", "hello"]).stdin(Stdio::null()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "a failed turn exits 1: {stdout}");
    assert!(stdout.contains("[turn failed: agent_needs_login]"), "{stdout}");
    // The agent's own words, and what to do.
    assert!(stdout.contains("The agent needs sign-in:") && stdout.contains("Authentication required"), "{stdout}");
    assert!(stdout.contains("sign-in methods: API Key (`api-key`), Browser sign-in (`browser`)."), "{stdout}");
}
