//! Helpers for tests that run the real `agentwire` binary against a temporary state
//! root and workspace.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use agentwire_daemon::transport::paths::{runtime_paths, workspace_id, RuntimeDirInputs, RuntimePaths};
use agentwire_daemon::version::TEST_VERSION_OVERRIDE_ENV;
use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_agentwire");

/// A private state root and workspace; every daemon started through it is sent
/// SIGTERM when it is dropped.
pub struct Sandbox {
    pub tmp: tempfile::TempDir,
    pub mc_home: PathBuf,
    pub workspace: PathBuf,
    pids: std::cell::RefCell<Vec<u32>>,
}

impl Sandbox {
    pub fn new() -> Sandbox {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        let mc_home = root.join("mc");
        let workspace = root.join("project");
        std::fs::create_dir(&workspace).unwrap();
        Sandbox { tmp, mc_home, workspace, pids: Default::default() }
    }

    pub fn command(&self, version_override: Option<&str>) -> Command {
        let mut cmd = Command::new(BIN);
        cmd.env("MC_HOME", &self.mc_home)
            .env("HOME", self.tmp.path())
            .env("RUST_LOG", "debug")
            .env_remove(TEST_VERSION_OVERRIDE_ENV);
        if let Some(v) = version_override {
            cmd.env(TEST_VERSION_OVERRIDE_ENV, v);
        }
        cmd
    }

    pub fn start_or_connect_cmd(&self, version_override: Option<&str>) -> Command {
        let mut cmd = self.command(version_override);
        cmd.args(["daemon", "start-or-connect", "--workspace"]).arg(&self.workspace).arg("--executable").arg(BIN);
        cmd
    }

    /// Runs start-or-connect and returns the exit status and the single stdout object.
    pub fn start_or_connect(&self, version_override: Option<&str>) -> (bool, Value) {
        let output = self.start_or_connect_cmd(version_override).output().unwrap();
        self.record(output)
    }

    pub fn record(&self, output: Output) -> (bool, Value) {
        let value = single_json_object(&output);
        if let Some(pid) = value["pid"].as_u64() {
            self.pids.borrow_mut().push(pid as u32);
        }
        (output.status.success(), value)
    }

    pub fn runtime(&self) -> RuntimePaths {
        let root = self.mc_home.canonicalize().unwrap_or_else(|_| self.mc_home.clone());
        let inputs = RuntimeDirInputs::from_env(&root);
        runtime_paths(&inputs, &workspace_id(&self.workspace)).unwrap()
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.runtime().log).unwrap_or_default()
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let socket = self.runtime().socket;
        for pid in self.pids.borrow().iter() {
            terminate(*pid);
        }
        wait_until(Duration::from_secs(5), || !socket.exists());
    }
}

pub fn terminate(pid: u32) {
    // SAFETY: plain syscall; a stale pid only yields ESRCH.
    unsafe {
        libc::kill(pid as libc::pid_t, libc::SIGTERM);
    }
}

pub fn wait_until(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done()
}

/// start-or-connect must print exactly one JSON object and nothing else on stdout.
pub fn single_json_object(output: &Output) -> Value {
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "stdout: {stdout:?} stderr: {stderr}");
    let value: Value = serde_json::from_str(lines[0]).unwrap();
    assert!(value.is_object(), "{value}");
    value
}

/// Sends one raw handshake line and returns the parsed reply plus the stream.
pub fn raw_handshake(socket: &Path, line: &str) -> (Value, UnixStream) {
    let mut stream = UnixStream::connect(socket).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(line.as_bytes()).unwrap();
    stream.write_all(b"\n").unwrap();
    let mut reply = String::new();
    BufReader::new(stream.try_clone().unwrap()).read_line(&mut reply).unwrap();
    (serde_json::from_str(&reply).unwrap(), stream)
}

pub fn handshake_line(version: &str, workspace: &Path) -> String {
    serde_json::json!({
        "handshake": "agentwire-unix",
        "version": version,
        "workspace": workspace.to_str().unwrap(),
    })
    .to_string()
}

/// Every file under `root` with its bytes (a missing root is empty).
pub fn files_under(root: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    let mut files = std::collections::BTreeMap::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if let Ok(bytes) = std::fs::read(&path) {
                files.insert(path, bytes);
            }
        }
    }
    files
}

/// What would pick another provider than the one a test selects. A test that must also keep
/// other variables of the environment away (endpoints, tuning, terminal) names them as
/// `extra` where it builds a command.
pub const CONFIG_ENV: &[&str] = &["MC_PROVIDER", "MC_MODEL", "ANTHROPIC_API_KEY", "MOCK_COMPAT_KEY"];

/// Removes [`CONFIG_ENV`] and `extra` from `cmd`'s environment.
pub fn clear_config(cmd: &mut Command, extra: &[&str]) {
    for v in CONFIG_ENV.iter().chain(extra) {
        cmd.env_remove(v);
    }
}

impl Sandbox {
    /// `agentwire` in this sandbox with [`CONFIG_ENV`] and `extra` cleared.
    pub fn unconfigured(&self, extra: &[&str]) -> Command {
        let mut cmd = self.command(None);
        clear_config(&mut cmd, extra);
        cmd
    }
}

/// `daemon start-or-connect` in `sb` with [`CONFIG_ENV`] cleared and `env` set; its discovery.
pub fn start_daemon(sb: &Sandbox, env: &[(&str, &str)]) -> Value {
    start_daemon_clearing(sb, &[], env)
}

/// [`start_daemon`] that also clears `extra`.
pub fn start_daemon_clearing(sb: &Sandbox, extra: &[&str], env: &[(&str, &str)]) -> Value {
    let mut cmd = sb.start_or_connect_cmd(None);
    clear_config(&mut cmd, extra);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let (ok, discovery) = sb.record(cmd.output().unwrap());
    assert!(ok, "{discovery}");
    discovery
}

/// What a turn wrote and sent, with what differs from run to run taken out: `id`, `time` and
/// `turn` members are dropped, the turn ID inside other strings becomes `T`, and every
/// hashed identity (`act_…`, `agent_…`, `tool_…`, …, 32 hex digits after the namespace)
/// becomes `<namespace>#<n>`, numbered in order of first appearance.
pub fn normalized(values: &[Value], turn_id: &str) -> Vec<Value> {
    fn walk(v: &mut Value, turn_id: &str, seen: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                for key in ["id", "time", "turn", "turn_id", "session_id", "sequence"] {
                    map.remove(key);
                }
                for member in map.values_mut() {
                    walk(member, turn_id, seen);
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|i| walk(i, turn_id, seen)),
            Value::String(s) => {
                if let Some((namespace, hex)) = s.split_once('_') {
                    if hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                        let n = seen.iter().position(|x| x == s).unwrap_or_else(|| {
                            seen.push(s.clone());
                            seen.len() - 1
                        });
                        *s = format!("{namespace}#{n}");
                        return;
                    }
                }
                *s = s.replace(turn_id, "T");
            }
            _ => {}
        }
    }
    let mut seen = Vec::new();
    values
        .iter()
        .map(|v| {
            let mut v = v.clone();
            walk(&mut v, turn_id, &mut seen);
            v
        })
        .collect()
}

/// Compares `values` (one JSON value a line) with the committed file `tests/golden/<name>`;
/// `AGENTWIRE_BLESS=1` writes the file instead (only when the output is meant to change).
pub fn golden(name: &str, values: &[Value]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    // Members sorted, whether or not a workspace build turned serde_json's preserve_order on.
    fn sorted(v: &Value) -> Value {
        match v {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Value::Object(keys.into_iter().map(|k| (k.clone(), sorted(&map[k]))).collect())
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    let text: String = values.iter().map(|v| format!("{}\n", sorted(v))).collect();
    if std::env::var_os("AGENTWIRE_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for (i, (got, want)) in text.lines().zip(expected.lines()).enumerate() {
        assert_eq!(got, want, "{name} line {}", i + 1);
    }
    assert_eq!(text.lines().count(), expected.lines().count(), "{name}: number of lines\n{text}");
}
