//! `agentwire chat`'s tool progress against its streamed text, as people see it: the screen of
//! a real terminal (tmux) while and after a tool runs longer than the spinner's first frame,
//! and the bytes a file or a plain terminal gets. The slow tool is the test MCP server's
//! `sleep` (`examples/mcp_test_server.rs`), called by the mock provider.

mod common;
mod mock;
mod tmux;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use common::{start_daemon_clearing, Sandbox};
use mock::{Mock, Reply};
use serde_json::{json, Value};
use tmux::Tmux;

/// Cleared besides [`common::CONFIG_ENV`]: the spinner draws its frames only without `NO_COLOR`.
const TERMINAL_ENV: &[&str] = &["NO_COLOR"];
const BEFORE_TOOL: &str = "Let me run the slow tool first, one moment.";
const AFTER_TOOL: &str = "The slow tool is done and every word stays.";
const FRAMES: &[char] = &['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const WAIT: Duration = Duration::from_secs(30);

/// A provider whose one tool call takes 1.5 s, fifteen spinner frames.
fn slow_tool_provider() -> Mock {
    Mock::start(|_, body: &Value| {
        let after_tool = body["messages"].as_array().and_then(|m| m.last()).is_some_and(|m| m["role"] == "tool");
        if after_tool {
            Reply::sse(mock::openai(&["The slow tool is done ", "and every word stays."], &[]))
        } else {
            Reply::sse(mock::openai(
                &["Let me run ", "the slow tool first, ", "one moment."],
                &[("call_1", "mcp__slow__sleep", json!({"ms": 1500}))],
            ))
        }
    })
}

/// The test MCP server (`examples/mcp_test_server.rs`), built once per test run: `--test`
/// targets do not build examples.
fn mcp_test_server() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let bin_dir = Path::new(common::BIN).parent().unwrap().to_owned();
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let mut build = Command::new(cargo);
            build.args(["build", "-p", "agentwire-daemon", "--example", "mcp_test_server"]);
            if bin_dir.ends_with("release") {
                build.arg("--release");
            }
            assert!(build.status().unwrap().success());
            bin_dir.join("examples").join("mcp_test_server")
        })
        .clone()
}

fn sandbox(provider: &Mock) -> Sandbox {
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let settings = format!(
        "provider = \"slow\"\nmodel = \"m1\"\n[providers.slow]\nbase_url = \"{}/v1\"\nmodels = [\"m1\"]\n\
         [mcp_servers.slow]\ncommand = {:?}\nargs = []\n",
        provider.url,
        mcp_test_server().to_str().unwrap()
    );
    std::fs::write(sb.mc_home.join("settings.toml"), settings).unwrap();
    start_daemon_clearing(&sb, TERMINAL_ENV, &[]);
    sb
}

fn chat_command(sb: &Sandbox) -> Command {
    let mut cmd = sb.unconfigured(TERMINAL_ENV);
    cmd.args(["chat", "--workspace"]).arg(&sb.workspace);
    cmd
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace()
}

#[test]
fn the_tool_spinner_never_erases_streamed_text_on_a_terminal() {
    let provider = slow_tool_provider();
    let sb = sandbox(&provider);
    let tmux = Tmux::start(&chat_command(&sb), (100, 30)).waiting(WAIT);
    tmux.until("prompt", |s| s.contains("> "));
    tmux.keys(&["Run the slow tool", "Enter"]);
    // While the tool runs: the spinner is drawn and the text before it is still there.
    let during = tmux.until("spinner", |s| s.contains("running tool…"));
    assert!(during.contains(BEFORE_TOOL), "the spinner drew over the answer:\n{during}");
    // After the turn: every streamed word is on the screen, and the spinner is gone.
    let after = tmux.until("end of the turn", |s| s.contains(AFTER_TOOL) && s.trim_end().ends_with('>'));
    for word in words(BEFORE_TOOL).chain(words(AFTER_TOOL)) {
        assert!(after.contains(word), "`{word}` was erased:\n{after}");
    }
    assert!(after.contains(BEFORE_TOOL), "{after}");
    assert!(!after.contains("running tool"), "the spinner was left behind:\n{after}");
    assert!(!after.chars().any(|c| FRAMES.contains(&c)), "{after}");
    tmux.keys(&["C-d"]);
}

/// `chat --once` with stderr going to `stderr`; returns its output.
fn once(sb: &Sandbox, stderr: Stdio, env: &[(&str, &str)]) -> Output {
    let mut cmd = chat_command(sb);
    cmd.args(["--once", "Run the slow tool"]).envs(env.iter().copied());
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(stderr).output().unwrap()
}

#[test]
fn with_stderr_in_a_file_no_spinner_frames_or_escape_codes_land_in_it() {
    let provider = slow_tool_provider();
    let sb = sandbox(&provider);
    let log = sb.tmp.path().join("stderr.txt");
    let out = once(&sb, Stdio::from(std::fs::File::create(&log).unwrap()), &[("TERM", "xterm")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = std::fs::read_to_string(&log).unwrap();
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains(&format!("{BEFORE_TOOL}{AFTER_TOOL}")), "{stdout}");
    assert!(!stderr.chars().any(|c| FRAMES.contains(&c)), "spinner frames in the file: {stderr:?}");
    assert!(!stderr.contains("\x1b[K") && !stderr.contains('\x1b'), "escape codes in the file: {stderr:?}");
    assert!(!stdout.contains('\x1b'), "{stdout:?}");
}

/// Runs `chat --once` on a pseudo-terminal (util-linux `script`) with `env`; returns every byte
/// the terminal received.
fn once_on_a_terminal(sb: &Sandbox, env: &[(&str, &str)]) -> String {
    let chat = chat_command(sb);
    let quoted = |p: &Path| format!("'{}'", p.display().to_string().replace('\'', r"'\''"));
    let line = format!(
        "{} chat --workspace {} --once 'Run the slow tool' </dev/null",
        quoted(Path::new(chat.get_program())),
        quoted(&sb.workspace)
    );
    let mut cmd = Command::new("script");
    for (key, value) in chat.get_envs() {
        match value {
            Some(v) => cmd.env(key, v),
            None => cmd.env_remove(key),
        };
    }
    cmd.envs(env.iter().copied()).args(["-q", "-e", "-c", &line, "/dev/null"]);
    let out = cmd.stdin(Stdio::null()).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text:?}");
    text
}

#[test]
fn no_color_and_dumb_terminals_get_one_plain_progress_line_and_no_escape_codes() {
    let provider = slow_tool_provider();
    let sb = sandbox(&provider);
    for env in [&[("TERM", "dumb")][..], &[("TERM", "xterm"), ("NO_COLOR", "1")][..]] {
        let seen = once_on_a_terminal(&sb, env);
        assert!(!seen.chars().any(|c| FRAMES.contains(&c)), "{env:?}: frames in {seen:?}");
        assert!(!seen.contains('\x1b'), "{env:?}: escape codes in {seen:?}");
        // The progress line is a line of its own: the answer's words are intact around it.
        let text = seen.replace("\r\n", "\n");
        assert!(text.contains(&format!("{BEFORE_TOOL}\n[running tool…]\n{AFTER_TOOL}")), "{env:?}: {text:?}");
    }
}

/// An ACP agent's tool call can go from pending straight to completed, never reporting
/// in-progress (the SDK's example agent does): the chat shows it as progress all the same.
#[test]
fn an_acp_agents_tool_call_shows_as_progress_though_it_never_reports_running() {
    let agent = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/acp/node_modules/@agentclientprotocol/sdk/dist/examples/agent.js");
    assert!(agent.exists(), "the example agent is not installed: run scripts/acp-fixtures.sh");
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let settings = format!(
        "provider = \"example\"\nmodel = \"default\"\n[agents.example]\ncommand = \"node\"\nargs = [{:?}]\n",
        agent.to_str().unwrap()
    );
    std::fs::write(sb.mc_home.join("settings.toml"), settings).unwrap();
    start_daemon_clearing(&sb, TERMINAL_ENV, &[]);
    let text = once_on_a_terminal(&sb, &[("TERM", "dumb")]).replace("\r\n", "\n");
    assert!(text.contains("\n[running tool…]\n"), "{text:?}");
}
