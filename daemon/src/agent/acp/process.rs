//! One running ACP agent: the child process (started in the workspace), its stdio JSON-RPC
//! connection (the official `agent-client-protocol` crate over newline-delimited lines this
//! module reads and bounds), `initialize`, and the routes that hand each ACP session's
//! updates and requests to the turn running in it. The reader parses each line once and
//! hands `session/update` notifications, the stream of a turn, to their turn itself: the
//! SDK's own handling of one message (a `Value` tree, re-parsed into its message enum, cloned
//! twice on dispatch) costs several times what the rest of the bridge does per chunk, and
//! caps a fast stream at a third of what a bare client reads. Everything else goes to the
//! SDK, and an update waits its turn behind those that may reach a turn ([`InFlight`]). Pooled by [`crate::agent::pool::Pool`]:
//! kept across turns, restarted when it dies or its entry changes, stopped when idle.
//!
//! Faults that end the connection (the process exits, a line is not a JSON-RPC message, a
//! line is longer than one record may be) are recorded as a [`Fault`] the running turns read;
//! when the process died, [`AgentProcess::fault_words`] adds its exit status and the last
//! lines it wrote to stderr. When the entry names a sign-in method (`auth_method`), the start
//! completes ACP `authenticate` with it before any session is opened.

use std::collections::{HashMap, VecDeque};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agent_client_protocol::schema::ProtocolVersion;
use agent_client_protocol::v1::schema::{
    AuthMethod, AuthenticateRequest, ClientCapabilities, FileSystemCapabilities, Implementation, InitializeRequest,
    InitializeResponse,
};
use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::{Agent, Lines};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStderr};
use tokio::sync::{mpsc, oneshot, watch};

use super::routes::{deliver_update, InFlight, Inbound, Launch, RouteGuard, Routes};
use super::{client, said};
use crate::agent::pool::Pooled;
use crate::catalog::agents::{command_executable, AgentEntry, Verdict};

/// How long `initialize` may take before the start fails; `AGENTWIRE_ACP_INIT_TIMEOUT_MS`
/// shortens it (tests).
const INIT_TIMEOUT: Duration = Duration::from_secs(20);
const INIT_TIMEOUT_ENV: &str = "AGENTWIRE_ACP_INIT_TIMEOUT_MS";
/// How long a stop waits for the agent to leave on its own (stdin closed) before it is killed.
const STOP_TIMEOUT: Duration = Duration::from_secs(2);
/// One incoming line may be as long as one record of the daemon's own stream.
pub const MAX_LINE_BYTES: usize = agentwire_protocol::limits::MAX_RECORD_BYTES as usize;
/// stderr goes to the log: each line cut to this, and at most this many lines per process.
const STDERR_LINE_BYTES: usize = 512;
const STDERR_LINES: usize = 2_000;
/// The last stderr lines kept for a note when the process dies, each cut to this.
const STDERR_TAIL_LINES: usize = 4;
const STDERR_TAIL_BYTES: usize = 200;
/// How long a note about a dead process waits for its exit status and last stderr lines.
const DEATH_WAIT: Duration = Duration::from_millis(500);

/// Why an agent could not be started. Messages name settings keys, never values of the
/// settings; what the agent said is scrubbed and bounded ([`said`]).
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("agents.{0}.command: is not an executable program")]
    NotExecutable(String),
    #[error("agents.{0}: the program could not be started")]
    Spawn(String),
    #[error("agents.{0}: the agent did not answer initialize in time")]
    InitTimeout(String),
    #[error("agents.{0}: initialize failed: {1}")]
    Initialize(String, String),
    #[error("agents.{0}: the agent speaks ACP protocol version {1}, not 1")]
    Version(String, u16),
    #[error("agents.{0}.auth_method: is not a sign-in method the agent offers (it offers {1})")]
    UnknownSignIn(String, String),
    /// `authenticate` failed: the agent's words and the sign-in methods it offered.
    #[error("agents.{0}: authenticate failed: {1}")]
    Authenticate(String, String, Vec<String>),
}

/// Why a connection ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The process exited or closed its output.
    Exited,
    /// A line was not a JSON-RPC 2.0 message.
    Malformed,
    /// A line was longer than one record may be.
    Oversized,
    /// The daemon stopped it (idle, shutdown, a turn that would not stop after cancel).
    Stopped,
}

impl Fault {
    /// The `service` note a turn records when its agent's connection ended this way.
    pub fn note(self) -> &'static str {
        match self {
            Fault::Exited => "The agent process exited during the turn.",
            Fault::Malformed => "The agent sent a line that is not a JSON-RPC message; it was stopped.",
            Fault::Oversized => "The agent sent a message larger than one record may be; it was stopped.",
            Fault::Stopped => "The agent process was stopped.",
        }
    }
}

pub struct AgentProcess {
    launch: Launch,
    cx: ConnectionTo<Agent>,
    /// Taken by [`Pooled::stop`]; dropping it kills the process (`kill_on_drop`).
    child: Mutex<Option<Child>>,
    routes: Routes,
    fault: watch::Receiver<Option<Fault>>,
    stop: Mutex<Option<oneshot::Sender<()>>>,
    /// Daemon session ID → ACP session ID, for the sessions this process serves.
    sessions: tokio::sync::Mutex<HashMap<String, String>>,
    /// The person's "always" answers to the sessions' `edit` requests (the agent remembers them).
    pub always_edits: super::ask::AlwaysEdits,
    pub load_session: bool,
    /// The sign-in methods the agent offered in `initialize`.
    pub auth_methods: Vec<AuthMethod>,
    stderr: Arc<StderrTail>,
}

/// The last lines the agent wrote to stderr (scrubbed), and whether stderr closed.
#[derive(Default)]
struct StderrTail {
    lines: Mutex<VecDeque<String>>,
    closed: tokio::sync::Notify,
    done: std::sync::atomic::AtomicBool,
}

impl StderrTail {
    fn push(&self, line: String) {
        let mut lines = crate::sync::lock(&self.lines);
        if lines.len() == STDERR_TAIL_LINES {
            lines.pop_front();
        }
        lines.push_back(line);
    }

    fn close(&self) {
        self.done.store(true, std::sync::atomic::Ordering::SeqCst);
        self.closed.notify_waiters();
    }

    /// Waits until stderr closed (bounded by the caller).
    async fn closed(&self) {
        let notified = self.closed.notified();
        if !self.done.load(std::sync::atomic::Ordering::SeqCst) {
            notified.await;
        }
    }
}

/// "exit status 7; its last stderr lines: “a” / “b”": how a process ended, for a note. Waits
/// up to [`DEATH_WAIT`] for the exit status and the end of stderr.
async fn death_words(child: &Mutex<Option<Child>>, tail: &StderrTail) -> String {
    let _ = tokio::time::timeout(DEATH_WAIT, tail.closed()).await;
    let deadline = tokio::time::Instant::now() + DEATH_WAIT;
    let status = loop {
        let status = crate::sync::lock(child).as_mut().and_then(|c| c.try_wait().ok().flatten());
        if status.is_some() || tokio::time::Instant::now() >= deadline {
            break status;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    use std::os::unix::process::ExitStatusExt;
    let mut words = match status {
        Some(s) if s.code().is_some() => format!("exit status {}", s.code().unwrap_or_default()),
        Some(s) => format!("killed by signal {}", s.signal().unwrap_or_default()),
        None => "exit status unknown".to_owned(),
    };
    let lines = crate::sync::lock(&tail.lines).clone();
    if lines.is_empty() {
        words.push_str("; it wrote nothing to stderr");
    } else {
        let quoted: Vec<String> = lines.iter().map(|l| format!("“{l}”")).collect();
        words.push_str("; its last stderr lines: ");
        words.push_str(&quoted.join(" / "));
    }
    words
}

impl AgentProcess {
    pub fn id(&self) -> &str {
        &self.launch.entry.id
    }

    pub fn entry(&self) -> &AgentEntry {
        &self.launch.entry
    }

    pub fn connection(&self) -> &ConnectionTo<Agent> {
        &self.cx
    }

    /// Resolves when the connection ended, with why.
    pub async fn ended(&self) -> Fault {
        let mut fault = self.fault.clone();
        let seen = fault.wait_for(Option::is_some).await.map(|f| *f);
        seen.ok().flatten().unwrap_or(Fault::Exited)
    }

    /// Registers the turn of an ACP session; the route leaves when the guard drops.
    pub fn route(&self, acp_session: &str) -> (RouteGuard, mpsc::UnboundedReceiver<Inbound>) {
        super::routes::register(&self.routes, acp_session)
    }

    pub fn sessions(&self) -> &tokio::sync::Mutex<HashMap<String, String>> {
        &self.sessions
    }

    /// The `service` note for a connection that ended this way: for a process that exited,
    /// with its exit status and last stderr lines.
    pub async fn fault_words(&self, fault: Fault) -> String {
        match fault {
            Fault::Exited => {
                format!("The agent process exited during the turn ({}).", death_words(&self.child, &self.stderr).await)
            }
            other => other.note().to_owned(),
        }
    }

    /// Kills the process now (a turn that would not stop after cancel).
    pub fn kill(&self) {
        if let Some(child) = crate::sync::lock(&self.child).as_mut() {
            let _ = child.start_kill();
        }
    }

    async fn start_untimed(launch: &Launch) -> Result<AgentProcess, StartError> {
        let id = launch.entry.id.clone();
        if !command_executable(&launch.entry.command) {
            return Err(StartError::NotExecutable(id));
        }
        let mut child = tokio::process::Command::new(&launch.entry.command)
            .args(&launch.entry.args)
            .envs(launch.entry.env.iter().cloned())
            .current_dir(&launch.workspace)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|_| StartError::Spawn(id.clone()))?;
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(StartError::Spawn(id));
        };
        let tail = Arc::new(StderrTail::default());
        tokio::spawn(log_stderr(id.clone(), launch.entry.env.clone(), stderr, Arc::clone(&tail)));
        let (fault_tx, fault) = watch::channel(None);
        let fault_tx = Arc::new(fault_tx);
        let routes: Routes = Arc::default();
        let in_flight = Arc::new(InFlight::default());
        let reader =
            Reader { fault: Arc::clone(&fault_tx), routes: Arc::clone(&routes), in_flight: Arc::clone(&in_flight) };
        let incoming = lines(BufReader::new(stdout), reader);
        // One write a message, newline included: the pipe is unbuffered, and an agent reading
        // lines wakes once per write (a separate newline cost every answer a second wake-up).
        let outgoing = futures_util::sink::unfold(stdin, |mut stdin, mut line: String| async move {
            line.push('\n');
            stdin.write_all(line.as_bytes()).await?;
            stdin.flush().await?;
            Ok::<_, std::io::Error>(stdin)
        });
        let (cx_tx, cx_rx) = oneshot::channel();
        let (stop_tx, stop_rx) = oneshot::channel::<()>();
        let transport = Lines::new(Box::pin(outgoing), Box::pin(incoming));
        let driver = client::serve(launch.clone(), Arc::clone(&routes), in_flight, transport, cx_tx, stop_rx);
        let ended = Arc::clone(&fault_tx);
        tokio::spawn(async move {
            let _ = driver.await;
            // A fault the reader recorded stays; otherwise the process went away.
            ended.send_if_modified(|f| {
                if f.is_none() {
                    *f = Some(Fault::Exited);
                    true
                } else {
                    false
                }
            });
        });
        let cx = cx_rx.await.map_err(|_| StartError::Spawn(id.clone()))?;
        let child = Mutex::new(Some(child));
        let env = &launch.entry.env;
        let response = match initialize(&cx, &launch.entry).await {
            Ok(r) => r,
            Err(e) => {
                // An agent that died answers nothing: say how it ended instead.
                let mut fault = fault.clone();
                let ended = tokio::time::timeout(DEATH_WAIT, fault.wait_for(Option::is_some)).await;
                let words = match ended.ok().and_then(|r| r.ok().map(|f| *f)).flatten() {
                    Some(Fault::Exited) => format!("the process exited ({})", death_words(&child, &tail).await),
                    Some(other) => other.note().to_owned(),
                    None => said::error(&e, env),
                };
                return Err(StartError::Initialize(id, words));
            }
        };
        if response.protocol_version != ProtocolVersion::V1 {
            let version = serde_json::to_value(response.protocol_version).ok().and_then(|v| v.as_u64()).unwrap_or(0);
            return Err(StartError::Version(id, u16::try_from(version).unwrap_or(u16::MAX)));
        }
        if let Some(method) = &launch.entry.auth_method {
            authenticate(&cx, &id, method, &response.auth_methods, env).await?;
        }
        Ok(AgentProcess {
            launch: launch.clone(),
            cx,
            child,
            routes,
            fault,
            stop: Mutex::new(Some(stop_tx)),
            sessions: tokio::sync::Mutex::default(),
            always_edits: super::ask::AlwaysEdits::default(),
            load_session: response.agent_capabilities.load_session,
            auth_methods: response.auth_methods,
            stderr: tail,
        })
    }
}

/// ACP `authenticate` with the method the entry names, which the agent must have offered.
async fn authenticate(
    cx: &ConnectionTo<Agent>,
    id: &str,
    method: &str,
    offered: &[AuthMethod],
    env: &[(String, String)],
) -> Result<(), StartError> {
    let known = offered.iter().any(|m| match m {
        AuthMethod::Agent(a) => a.id.to_string() == method,
        AuthMethod::Terminal(t) => t.id.to_string() == method,
        _ => false,
    });
    if !known {
        let names = said::sign_in_methods(offered, env);
        let names = if names.is_empty() { "none".to_owned() } else { names.join(", ") };
        return Err(StartError::UnknownSignIn(id.to_owned(), names));
    }
    let answer = cx.send_request(AuthenticateRequest::new(method.to_owned())).block_task().await;
    answer
        .map(drop)
        .map_err(|e| StartError::Authenticate(id.to_owned(), said::error(&e, env), said::sign_in_methods(offered, env)))
}

/// `initialize`, offering only what this client implements: reading text files, and writing
/// them unless the policy rejects edits (with `ask`, a write must name a file the person
/// allowed, [`super::ask::ApprovedWrites`]). No terminals.
async fn initialize(cx: &ConnectionTo<Agent>, entry: &AgentEntry) -> agent_client_protocol::Result<InitializeResponse> {
    let fs = FileSystemCapabilities::new()
        .read_text_file(true)
        .write_text_file(entry.permissions.verdict("edit") != Verdict::Reject);
    let request = InitializeRequest::new(ProtocolVersion::V1)
        .client_capabilities(ClientCapabilities::new().fs(fs))
        .client_info(Implementation::new("agentwire", crate::version::package_version()));
    cx.send_request(request).block_task().await
}

fn init_timeout() -> Duration {
    std::env::var(INIT_TIMEOUT_ENV).ok().and_then(|v| v.trim().parse().ok()).map_or(INIT_TIMEOUT, Duration::from_millis)
}

impl Pooled for AgentProcess {
    type Config = Launch;
    type StartError = StartError;

    async fn start(launch: &Launch) -> Result<Self, StartError> {
        match tokio::time::timeout(init_timeout(), AgentProcess::start_untimed(launch)).await {
            Ok(r) => r,
            Err(_) => Err(StartError::InitTimeout(launch.entry.id.clone())),
        }
    }

    async fn alive(&self) -> bool {
        self.fault.borrow().is_none()
            && crate::sync::lock(&self.child).as_mut().is_some_and(|c| c.try_wait().is_ok_and(|s| s.is_none()))
    }

    async fn stop(self) {
        if let Some(stop) = crate::sync::lock(&self.stop).take() {
            let _ = stop.send(());
        }
        let child = crate::sync::lock(&self.child).take();
        if let Some(mut child) = child {
            if tokio::time::timeout(STOP_TIMEOUT, child.wait()).await.is_err() {
                let _ = child.kill().await;
            }
        }
    }
}

impl Drop for AgentProcess {
    fn drop(&mut self) {
        if let Some(stop) = crate::sync::lock(&self.stop).take() {
            let _ = stop.send(());
        }
        // kill_on_drop ends the process with the `Child`.
    }
}

/// The members of a line the reader looks at; `params` stays unparsed unless the reader
/// delivers the update itself. `id`, `result` and `error` are read as present or absent, as
/// the SDK tells a request from a notification: `"id": null` makes a request.
#[derive(serde::Deserialize)]
struct Envelope<'a> {
    #[serde(borrow)]
    jsonrpc: std::borrow::Cow<'a, str>,
    #[serde(borrow, default)]
    method: Option<std::borrow::Cow<'a, str>>,
    #[serde(default, deserialize_with = "present")]
    id: bool,
    #[serde(default, deserialize_with = "present")]
    result: bool,
    #[serde(default, deserialize_with = "present")]
    error: bool,
    #[serde(borrow, default)]
    params: Option<&'a serde_json::value::RawValue>,
}

/// A member that is there, whatever its value (`null` included).
fn present<'de, D: serde::Deserializer<'de>>(member: D) -> Result<bool, D::Error> {
    <serde::de::IgnoredAny as serde::Deserialize>::deserialize(member).map(|_| true)
}

/// What the SDK makes of a checked line, by the members it looks at.
#[derive(Debug, PartialEq, Eq)]
enum Kind {
    /// A `session/update` notification with object params: the reader may deliver it.
    Update,
    /// A request, or a `session/update` the reader cannot deliver: its handler routes it.
    Routed,
    /// Anything else (a response, another notification, a line the SDK rejects): it never
    /// reaches a route, and may never reach a handler.
    Other,
}

impl Envelope<'_> {
    fn kind(&self) -> Kind {
        let Some(method) = self.method.as_deref() else { return Kind::Other };
        // Params the SDK takes: absent, an object or an array.
        let params_ok = self.params.is_none_or(|p| matches!(p.get().as_bytes().first(), Some(b'{' | b'[')));
        if self.result || self.error || !params_ok {
            return Kind::Other;
        }
        match (self.id, method == "session/update") {
            (true, _) => Kind::Routed,
            (false, true) if self.params.is_some_and(|p| p.get().starts_with('{')) => Kind::Update,
            (false, true) => Kind::Routed,
            (false, false) => Kind::Other,
        }
    }
}

/// A checked line: a JSON-RPC 2.0 object.
fn envelope(line: &[u8]) -> Option<Envelope<'_>> {
    let text = std::str::from_utf8(line).ok()?;
    // A struct also reads from an array; a message is an object.
    if !text.trim_start().starts_with('{') {
        return None;
    }
    serde_json::from_str::<Envelope<'_>>(text).ok().filter(|e| e.jsonrpc == "2.0")
}

/// What the reader needs besides its input: where faults are recorded, and where updates go.
struct Reader {
    fault: Arc<watch::Sender<Option<Fault>>>,
    routes: Routes,
    in_flight: Arc<InFlight>,
}

impl Reader {
    fn reject(&self, fault: Fault) -> std::io::Error {
        self.fault.send_replace(Some(fault));
        std::io::Error::other("agent output rejected")
    }

    /// Delivers a `session/update` notification itself when nothing handed to the SDK is
    /// still to be dispatched; otherwise the line is for the SDK, counted when its handler
    /// may route it ([`Kind::Routed`], and updates handed over): a line no handler will see
    /// must not hold the count up for good.
    fn handle(&self, message: &Envelope<'_>) -> bool {
        match message.kind() {
            Kind::Update if self.in_flight.idle() => {
                if let Some(params) = message.params {
                    deliver_update(&self.routes, params.to_owned());
                    return true;
                }
                false
            }
            Kind::Update | Kind::Routed => {
                self.in_flight.handed();
                false
            }
            Kind::Other => false,
        }
    }
}

/// The agent's stdout as the lines for the SDK, each checked first: at most
/// [`MAX_LINE_BYTES`], UTF-8, and a JSON-RPC 2.0 object. A line that fails records the
/// [`Fault`] and ends the stream with an error, which ends the connection. `session/update`
/// notifications go to their turn from here when they can ([`Reader::handle`]).
fn lines<R: AsyncBufRead + Unpin + Send + 'static>(
    reader: R,
    checks: Reader,
) -> impl futures_util::Stream<Item = std::io::Result<String>> + Send {
    let checks = Arc::new(checks);
    futures_util::stream::unfold(Some(reader), move |reader| {
        let checks = Arc::clone(&checks);
        async move {
            let mut reader = reader?;
            loop {
                let line = match read_line(&mut reader).await {
                    Ok(None) => return None,
                    Ok(Some(line)) => line,
                    Err(f) => return Some((Err(checks.reject(f)), None)),
                };
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                let Some(message) = envelope(&line) else {
                    return Some((Err(checks.reject(Fault::Malformed)), None));
                };
                if checks.handle(&message) {
                    continue;
                }
                drop(message);
                // Checked UTF-8 above.
                let text = String::from_utf8(line).unwrap_or_default();
                return Some((Ok(text), Some(reader)));
            }
        }
    })
}

/// One line without its newline; `None` at end of input. Longer lines fail as soon as they
/// cross the bound, before the rest is read.
async fn read_line<R: AsyncBufRead + Unpin>(reader: &mut R) -> Result<Option<Vec<u8>>, Fault> {
    let mut line = Vec::new();
    loop {
        let buf = reader.fill_buf().await.map_err(|_| Fault::Exited)?;
        if buf.is_empty() {
            return Ok((!line.is_empty()).then_some(line));
        }
        let (take, done) = match memchr::memchr(b'\n', buf) {
            Some(i) => (i, true),
            None => (buf.len(), false),
        };
        if line.len() + take > MAX_LINE_BYTES {
            return Err(Fault::Oversized);
        }
        line.extend_from_slice(&buf[..take]);
        reader.consume(if done { take + 1 } else { take });
        if done {
            return Ok(Some(line));
        }
    }
}

/// The agent's stderr into the daemon's log: each line cut and redacted (credential patterns
/// and the values of the entry's own `env`), and only the first [`STDERR_LINES`] lines; the
/// last few, scrubbed, kept in `tail` for a note should the process die.
async fn log_stderr(id: String, env: Vec<(String, String)>, stderr: ChildStderr, tail: Arc<StderrTail>) {
    let mut lines = BufReader::new(stderr).split(b'\n');
    let mut count = 0usize;
    while let Ok(Some(raw)) = lines.next_segment().await {
        let text = String::from_utf8_lossy(&raw);
        let kept = said::scrub(&text, &env, STDERR_TAIL_BYTES);
        if !kept.is_empty() {
            tail.push(kept);
        }
        count += 1;
        if count > STDERR_LINES {
            if count == STDERR_LINES + 1 {
                tracing::info!(agent = %id, "further agent stderr is not logged");
            }
            continue;
        }
        let mut line = crate::redact::redact(&text).into_owned();
        for (_, value) in env.iter().filter(|(_, v)| v.len() >= 3) {
            line = line.replace(value.as_str(), crate::redact::REDACTED);
        }
        let line = crate::redact::truncate_on_char_boundary(&line, STDERR_LINE_BYTES);
        tracing::info!(agent = %id, stderr = %line, "agent stderr");
    }
    tail.close();
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::StreamExt;
    use serde_json::Value;

    /// A reader over `input` with its fault, routes and in-flight count.
    fn reader() -> (Reader, watch::Receiver<Option<Fault>>) {
        let (tx, rx) = watch::channel(None);
        (Reader { fault: Arc::new(tx), routes: Routes::default(), in_flight: Arc::default() }, rx)
    }

    async fn collect(input: &'static [u8]) -> (Vec<std::io::Result<String>>, Option<Fault>) {
        let (checks, rx) = reader();
        let out: Vec<_> = lines(input, checks).collect().await;
        let fault = *rx.borrow();
        (out, fault)
    }

    #[tokio::test]
    async fn json_rpc_lines_pass_and_blank_lines_are_skipped() {
        let (out, fault) = collect(b"{\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n\n{\"jsonrpc\":\"2.0\",\"id\":1}").await;
        assert_eq!(out.len(), 2);
        assert!(out.iter().all(Result::is_ok));
        assert_eq!(fault, None);
    }

    #[tokio::test]
    async fn a_line_that_is_not_json_rpc_ends_the_stream_as_malformed() {
        // "malformed JSON-RPC": a clear, fixed failure, recorded before the SDK sees the line.
        for input in [
            &b"not json\n"[..],
            b"{\"method\":\"a\"}\n",
            b"[1,2]\n",
            b"[\"2.0\",\"session/update\"]\n",
            b"{\"jsonrpc\":\"1.0\"}\n",
            b"{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{}\n",
        ] {
            let (checks, rx) = reader();
            let out: Vec<_> = lines(input, checks).collect().await;
            assert!(matches!(&out[..], [Err(_)]), "{input:?}");
            assert_eq!(*rx.borrow(), Some(Fault::Malformed));
        }
    }

    #[tokio::test]
    async fn a_line_longer_than_a_record_is_refused_before_it_is_read_whole() {
        // "an oversized message (bounded by the record limits)"
        let mut big = b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":\"".to_vec();
        big.extend(std::iter::repeat_n(b'a', MAX_LINE_BYTES));
        big.extend_from_slice(b"\"}\n");
        let big: &'static [u8] = Box::leak(big.into_boxed_slice());
        let (checks, rx) = reader();
        let out: Vec<_> = lines(big, checks).collect().await;
        assert!(matches!(&out[..], [Err(_)]));
        assert_eq!(*rx.borrow(), Some(Fault::Oversized));
    }

    fn update(text: &str) -> String {
        format!(
            "{{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{{\"sessionId\":\"s\",\"update\":{{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{{\"type\":\"text\",\"text\":\"{text}\"}}}}}}}}\n"
        )
    }

    fn text_of(item: Inbound) -> String {
        match item {
            Inbound::Update(p) => {
                let v: Value = serde_json::from_str(p.get()).unwrap();
                v["update"]["content"]["text"].as_str().unwrap_or_default().to_owned()
            }
            _ => "not an update".to_owned(),
        }
    }

    #[tokio::test]
    async fn updates_go_to_their_turn_without_the_sdk_and_in_arrival_order() {
        // "in arrival order": an update read while a request handed to the SDK is not yet
        // dispatched goes through the SDK behind it; once it is, updates go straight on.
        let input = format!(
            "{}{{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"session/request_permission\",\"params\":{{\"sessionId\":\"s\"}}}}\n{}{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{}}}}\n",
            update("one"),
            update("two")
        );
        let input: &'static [u8] = Box::leak(input.into_bytes().into_boxed_slice());
        let (checks, _rx) = reader();
        let (routes, in_flight) = (Arc::clone(&checks.routes), Arc::clone(&checks.in_flight));
        let (_guard, mut turn) = super::super::routes::register(&routes, "s");
        let mut sdk = Box::pin(lines(input, checks));
        // The first update went to the turn; the request is the SDK's.
        let request = sdk.next().await.unwrap().unwrap();
        assert!(request.contains("request_permission"));
        assert_eq!(text_of(turn.try_recv().unwrap()), "one");
        // The request is not dispatched yet: the next update follows it through the SDK.
        let behind = sdk.next().await.unwrap().unwrap();
        assert!(behind.contains("\"two\""), "{behind}");
        assert!(turn.try_recv().is_err());
        // A response never reaches a route and is not counted.
        assert!(sdk.next().await.unwrap().unwrap().contains("\"result\""));
        assert!(!in_flight.idle());
        drop(in_flight.dispatching());
        drop(in_flight.dispatching());
        assert!(in_flight.idle());
        assert!(sdk.next().await.is_none());
    }

    #[tokio::test]
    async fn a_session_update_with_a_null_id_is_a_request_the_sdk_answers() {
        // "in arrival order ... a request handed to the SDK": `"id": null` makes a request
        // (the SDK answers it `method not found`); delivered as an update, its answer would
        // never come and the agent would wait for it.
        let line = "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"session/update\",\"params\":{\"sessionId\":\"s\",\"update\":{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"q\"}}}}\n";
        let (checks, _rx) = reader();
        let (routes, in_flight) = (Arc::clone(&checks.routes), Arc::clone(&checks.in_flight));
        let (_guard, mut turn) = super::super::routes::register(&routes, "s");
        let out: Vec<_> = lines(line.as_bytes(), checks).collect().await;
        assert!(matches!(&out[..], [Ok(l)] if l.contains("null")), "the SDK has the request: {out:?}");
        assert!(turn.try_recv().is_err(), "not delivered as an update");
        assert!(!in_flight.idle(), "counted until its handler routes it");
    }

    #[tokio::test]
    async fn lines_no_handler_routes_do_not_hold_updates_behind_them() {
        // A notification the SDK drops or ignores (another method; one before `initialize`
        // was answered), a line it rejects by its shape (`result` beside `method`, scalar
        // params) and a response: none is counted, so the updates after them still go
        // straight to their turn.
        let input = format!(
            "{}{}{}{}{}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"$/progress\",\"params\":{}}\n",
            "{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"id\":3,\"result\":{}}\n",
            "{\"jsonrpc\":\"2.0\",\"method\":\"fs/read_text_file\",\"id\":4,\"params\":5}\n",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n",
            update("after"),
        );
        let input: &'static [u8] = Box::leak(input.into_bytes().into_boxed_slice());
        let (checks, _rx) = reader();
        let (routes, in_flight) = (Arc::clone(&checks.routes), Arc::clone(&checks.in_flight));
        let (_guard, mut turn) = super::super::routes::register(&routes, "s");
        let out: Vec<_> = lines(input, checks).collect().await;
        assert_eq!(out.len(), 4, "the SDK sees the other lines");
        assert!(in_flight.idle());
        assert_eq!(text_of(turn.try_recv().unwrap()), "after");
    }

    #[tokio::test]
    async fn an_update_read_while_nothing_is_pending_reaches_the_turn_directly() {
        let input: &'static [u8] = Box::leak(format!("{}{}", update("a"), update("b")).into_bytes().into_boxed_slice());
        let (checks, _rx) = reader();
        let routes = Arc::clone(&checks.routes);
        let (_guard, mut turn) = super::super::routes::register(&routes, "s");
        let out: Vec<_> = lines(input, checks).collect().await;
        assert!(out.is_empty(), "the SDK saw no update");
        assert_eq!(text_of(turn.try_recv().unwrap()), "a");
        assert_eq!(text_of(turn.try_recv().unwrap()), "b");
    }
}
