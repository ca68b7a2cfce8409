//! The scripted daemon: a Unix socket the client under test connects to. It runs the identity
//! handshake and answers each request as an honest daemon would (records from the vectors,
//! [`super::records`]), except where a scenario's [`Plan`] says otherwise, and logs every
//! record in both directions for the scenario's checks.

use super::records::{self, Records, Served};
use crate::json::{self, Bounds};
use crate::transcript::{Dir, Entry, Transcript};
use agentwire_protocol::{
    ApprovalDecider, ApprovalOutcome, ErrorCode, EventName, HandshakeRejection, HandshakeReply, HandshakeReplyAccepted,
    HandshakeReplyRejected, Method,
};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};

/// One thing the daemon does in answer to a record.
#[derive(Debug, Clone)]
pub enum Act {
    /// One record (a newline is added).
    Send(Value),
    /// Wait before the next act.
    Wait(Duration),
    /// Close the connection.
    Close,
}

/// How the handshake goes.
#[derive(Debug, Clone)]
pub enum Handshake {
    Accept,
    /// Accept, but name another package version than the client's in the reply.
    AcceptOtherVersion,
    /// Reject with this code (and its fixed message), then close.
    Reject(HandshakeRejection),
    /// Never answer (until well past `handshake_timeout_ms`).
    Silent,
}

/// Answers one request instead of the honest daemon (`None`: the honest answer).
pub type Hook = Arc<dyn Fn(&Value, &mut Conn) -> Option<Vec<Act>> + Send + Sync>;

/// Edits the initialize result (payload) before it is sent.
pub type InitEdit = Arc<dyn Fn(&mut Value) + Send + Sync>;

/// A scenario's deviations from an honest daemon.
#[derive(Clone)]
pub struct Plan {
    pub handshake: Handshake,
    /// Edits the initialize result (payload) before it is sent.
    pub init: Option<InitEdit>,
    /// Holds the initialize response back this long.
    pub init_delay: Duration,
    pub hook: Option<Hook>,
    /// Adds the vectors' unknown member to every envelope and object payload sent after the
    /// handshake (an optional extension clients must ignore).
    pub extensions: bool,
}

impl Default for Plan {
    fn default() -> Self {
        Plan { handshake: Handshake::Accept, init: None, init_delay: Duration::ZERO, hook: None, extensions: false }
    }
}

/// What went over one connection, in order.
#[derive(Debug, Clone)]
pub enum Seen {
    Open,
    /// A record from the client, parsed (or why it is not a record this daemon can read).
    Received(Result<Value, String>),
    Sent(Value),
    Closed,
}

#[derive(Debug, Clone)]
pub struct Logged {
    pub conn: u32,
    pub at: Instant,
    pub seen: Seen,
}

/// The shared log of a daemon run.
#[derive(Clone, Default)]
pub struct Log {
    entries: Arc<Mutex<Vec<Logged>>>,
    transcript: Arc<Mutex<Transcript>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Log {
    fn push(&self, conn: u32, seen: Seen, bytes: Option<(Dir, &[u8])>) {
        if let Some((dir, b)) = bytes {
            lock(&self.transcript).entries.push(Entry::bytes(conn, dir, b));
        }
        lock(&self.entries).push(Logged { conn, at: Instant::now(), seen });
    }

    pub fn note(&self, text: String) {
        lock(&self.transcript).entries.push(Entry::mark(0, Dir::Note, Some(text)));
    }

    pub fn entries(&self) -> Vec<Logged> {
        lock(&self.entries).clone()
    }

    pub fn transcript(&self) -> Transcript {
        lock(&self.transcript).clone()
    }

    /// The requests received on connection `conn` (handshake excluded), in order.
    pub fn requests(&self, conn: u32) -> Vec<Value> {
        let mut out = Vec::new();
        let mut handshake_seen = false;
        for e in lock(&self.entries).iter().filter(|e| e.conn == conn) {
            if let Seen::Received(Ok(v)) = &e.seen {
                if std::mem::replace(&mut handshake_seen, true) {
                    out.push(v.clone());
                }
            }
        }
        out
    }

    /// Connections opened so far (numbered from 1).
    pub fn connections(&self) -> u32 {
        lock(&self.entries).iter().filter(|e| matches!(e.seen, Seen::Open)).count() as u32
    }
}

/// The honest daemon's view of one connection.
pub struct Conn {
    pub number: u32,
    pub connection_id: String,
    pub served: Arc<Served>,
    pub records: Arc<Records>,
    /// The claim this connection holds: the `session.claim` result.
    pub claim: Option<Value>,
    /// Turns started on this connection.
    pub turns: u32,
    /// The package version the handshake accepted, which `initialize` names as `server_version`
    /// (a client may check that the two agree).
    pub accepted_version: Option<String>,
    /// Whether the initialize result offered optional profiles (`profiles`), and whether this
    /// connection negotiated the approvals profile.
    pub offers_profiles: bool,
    pub negotiated: bool,
    /// Permission requests waiting for this connection's answer.
    pub pending: Vec<Pending>,
}

/// A permission request the daemon asked and holds its turn for.
pub struct Pending {
    /// The `approval.requested` event sent.
    pub event: Value,
    /// The `turn.start` request of the waiting turn, and its turn ID.
    pub turn: Value,
    pub turn_id: String,
    /// The rest of the turn, played after the answer.
    pub rest: Vec<Act>,
}

impl Conn {
    /// `template` answering `request` with this connection's identities.
    pub fn answer(&self, template: Value, request: &Value) -> Value {
        records::answer(template, request, &self.served, &self.connection_id)
    }

    /// The example response of `request`'s method answering it, payload edited by `edit`.
    pub fn respond(&self, request: &Value, edit: impl FnOnce(&mut Value)) -> Value {
        let method = request["method"].as_str().unwrap_or_default();
        let mut v = self.answer(self.records.response(method), request);
        edit(&mut v["payload"]);
        v
    }

    /// An error answer to `request`.
    pub fn error(&self, request: &Value, code: &str, message: &str) -> Value {
        records::error(&self.records, request, &self.served, &self.connection_id, code, message)
    }

    /// Event `name` of the turn `request` (a `turn.start`) started, under this connection's
    /// claim, with `payload` members set over the example's.
    pub fn turn_event(&self, name: &str, request: &Value, turn_id: &str, payload: Value) -> Value {
        let mut v = self.records.event(name);
        v["instance_id"] = json!(self.served.instance_id);
        v["connection_id"] = json!(self.connection_id);
        v["session_id"] = request["session_id"].clone();
        v["operation_id"] = request["operation_id"].clone();
        if let Some(claim) = &self.claim {
            v["grant_generation"] = claim["grant_generation"].clone();
            let live = claim["live_sequence"].as_u64().unwrap_or(0);
            v["live_sequence"] = json!(live + u64::from(self.turns));
        }
        v["payload"]["turn_id"] = json!(turn_id);
        if v["payload"].get("session_id").is_some() {
            v["payload"]["session_id"] = request["session_id"].clone();
        }
        if let (Some(p), Value::Object(set)) = (v["payload"].as_object_mut(), payload) {
            p.extend(set);
        }
        v
    }

    /// A whole turn: the response, `turn.started`, one delta per text, and a completed terminal
    /// whose `assistant_text` is `text` (a scenario picks texts the deltas do or do not add up to).
    pub fn turn(&self, request: &Value, deltas: &[&str], text: &str) -> Vec<Act> {
        let response = self.respond(request, |_| {});
        let turn_id = response["payload"]["turn_id"].as_str().unwrap_or_default().to_owned();
        let mut acts = vec![
            Act::Send(response),
            Act::Send(self.turn_event(EventName::TurnStarted.as_str(), request, &turn_id, json!({}))),
        ];
        let mut seq = 0u64;
        for d in deltas {
            seq += 1;
            let ev = self.turn_event(
                EventName::TurnAssistantDelta.as_str(),
                request,
                &turn_id,
                json!({"sequence": seq, "text": d}),
            );
            acts.push(Act::Send(ev));
        }
        seq += 1;
        let terminal = self.turn_event(
            EventName::TurnTerminal.as_str(),
            request,
            &turn_id,
            json!({"sequence": seq, "assistant_text": text, "activity_dropped": 0}),
        );
        acts.push(Act::Send(terminal));
        acts
    }

    /// `approval.requested` (the example's call, title and kind) of the turn `request` started,
    /// offering `options`: unsequenced, so its `live_sequence` is null.
    pub fn approval_requested(&self, request: &Value, turn_id: &str, approval_id: &str, options: Value) -> Value {
        let payload = json!({"approval_id": approval_id, "options": options});
        let mut v = self.turn_event(EventName::ApprovalRequested.as_str(), request, turn_id, payload);
        v["live_sequence"] = Value::Null;
        v
    }

    /// `approval.resolved` of `asked` (an `approval.requested` of the turn `request` started):
    /// `option_id` selected by `decided_by`.
    pub fn approval_resolved(
        &self,
        request: &Value,
        asked: &Value,
        option_id: &Value,
        decided_by: ApprovalDecider,
    ) -> Value {
        let p = &asked["payload"];
        let kind = option_kind(asked, option_id).unwrap_or(Value::Null);
        let payload = json!({
            "approval_id": p["approval_id"],
            "outcome": ApprovalOutcome::Selected.as_str(),
            "option_id": option_id,
            "option_kind": kind,
            "decided_by": decided_by.as_str(),
        });
        let turn_id = p["turn_id"].as_str().unwrap_or_default();
        let mut v = self.turn_event(EventName::ApprovalResolved.as_str(), request, turn_id, payload);
        v["live_sequence"] = Value::Null;
        v
    }

    /// An error answer of `code` (its fixed message).
    pub fn refuse(&self, request: &Value, code: ErrorCode) -> Vec<Act> {
        vec![Act::Send(self.error(request, code.as_str(), code.message()))]
    }

    /// `profile.negotiate` as an honest daemon answers it: the spec's example terms when the
    /// initialize result offered profiles, else like any unknown method.
    fn negotiate(&mut self, request: &Value) -> Vec<Act> {
        if !self.offers_profiles {
            return self.refuse(request, ErrorCode::UnsupportedOperation);
        }
        self.negotiated = true;
        vec![Act::Send(self.respond(request, |_| {}))]
    }

    /// `approval.respond`: the first valid answer to a pending request resolves it (the person
    /// decided) and lets its turn go on; anything else changes nothing.
    fn approval_respond(&mut self, request: &Value) -> Vec<Act> {
        if !self.negotiated {
            return self.refuse(request, ErrorCode::UnsupportedOperation);
        }
        let answer = &request["payload"];
        let Some(i) = self.pending.iter().position(|p| p.event["payload"]["approval_id"] == answer["approval_id"])
        else {
            return self.refuse(request, ErrorCode::ApprovalUnknown);
        };
        let Some(kind) = option_kind(&self.pending[i].event, &answer["option_id"]) else {
            return self.refuse(request, ErrorCode::ApprovalOptionUnknown);
        };
        let pending = self.pending.remove(i);
        let response = self.respond(request, |p| {
            p["approval_id"] = answer["approval_id"].clone();
            p["option_id"] = answer["option_id"].clone();
            p["option_kind"] = kind;
        });
        let resolved =
            self.approval_resolved(&pending.turn, &pending.event, &answer["option_id"], ApprovalDecider::Person);
        let mut acts = vec![Act::Send(response), Act::Send(resolved)];
        acts.extend(pending.rest);
        acts
    }

    /// Event `name` of the login `request` (an `auth.login.start`) began: the example with this
    /// connection's identities and the start's operation.
    pub fn login_event(&self, name: &str, request: &Value) -> Value {
        let mut v = self.records.event(name);
        v["instance_id"] = json!(self.served.instance_id);
        v["connection_id"] = json!(self.connection_id);
        v["operation_id"] = request["operation_id"].clone();
        v["payload"]["provider_id"] = request["payload"]["provider_id"].clone();
        v
    }

    /// What an honest daemon answers.
    pub fn honest(&mut self, request: &Value) -> Vec<Act> {
        match method_of(request) {
            Some(Method::SessionClaim) => {
                let v = self.respond(request, |p| p["session_id"] = request["session_id"].clone());
                self.claim = Some(v["payload"].clone());
                vec![Act::Send(v)]
            }
            Some(Method::TurnStart) => {
                self.turns += 1;
                self.turn(request, &DEFAULT_DELTAS, DEFAULT_TEXT)
            }
            Some(Method::AuthLoginStart) => vec![
                Act::Send(self.respond(request, |p| p["provider_id"] = request["payload"]["provider_id"].clone())),
                Act::Send(self.login_event(EventName::AuthLoginProgress.as_str(), request)),
                Act::Send(self.login_event(EventName::AuthLoginTerminal.as_str(), request)),
            ],
            Some(Method::Status) => {
                let s = Arc::clone(&self.served);
                vec![Act::Send(self.respond(request, |p| {
                    p["instance_id"] = json!(s.instance_id);
                    p["workspace_id"] = json!(s.workspace_id);
                    p["state_root_id"] = json!(s.state_root_id);
                }))]
            }
            Some(Method::ProfileNegotiate) => self.negotiate(request),
            Some(Method::ApprovalRespond) => self.approval_respond(request),
            Some(Method::SessionReplay | Method::SessionDetach | Method::SessionStatus) => {
                vec![Act::Send(self.respond(request, |p| {
                    if p.get("session_id").is_some() {
                        p["session_id"] = request["session_id"].clone();
                    }
                }))]
            }
            _ => vec![Act::Send(self.respond(request, |_| {}))],
        }
    }
}

/// The generated method a request names; `None` for a method the spec does not have, which the
/// honest daemon answers like any method it scripts nothing special for.
pub fn method_of(request: &Value) -> Option<Method> {
    request["method"].as_str().and_then(Method::from_wire)
}

/// The kind of the option `option_id` that `asked` (an `approval.requested`) offered.
pub fn option_kind(asked: &Value, option_id: &Value) -> Option<Value> {
    let options = asked["payload"]["options"].as_array()?;
    options.iter().find(|o| &o["id"] == option_id).map(|o| o["kind"].clone())
}

/// Deltas of the honest daemon's turns, and the terminal text they settle to: the deltas are a
/// strict prefix, so a client that shows its assembled deltas shows something else.
pub const DEFAULT_DELTAS: [&str; 2] = ["Hel", "lo"];
pub const DEFAULT_TEXT: &str = "Hello, world.";

/// A running scripted daemon; dropping it stops accepting and removes the socket folder.
pub struct Daemon {
    pub socket: PathBuf,
    pub log: Log,
    folder: PathBuf,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Daemon {
    fn drop(&mut self) {
        self.task.abort();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// A fresh private folder for one case's socket (short: `sun_path` is ~100 bytes).
fn folder() -> std::io::Result<PathBuf> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("awcl-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir)?;
    Ok(dir)
}

impl Daemon {
    pub fn start(plan: Plan, served: Served, records: Arc<Records>) -> std::io::Result<Daemon> {
        let folder = folder()?;
        let socket = folder.join("d.sock");
        let listener = UnixListener::bind(&socket)?;
        let log = Log::default();
        let (l, served) = (log.clone(), Arc::new(served));
        let task = tokio::spawn(async move {
            let mut number = 0;
            while let Ok((stream, _)) = listener.accept().await {
                number += 1;
                let conn = Conn {
                    number,
                    connection_id: served.connection_id(number),
                    served: Arc::clone(&served),
                    records: Arc::clone(&records),
                    claim: None,
                    turns: 0,
                    accepted_version: None,
                    offers_profiles: false,
                    negotiated: false,
                    pending: Vec::new(),
                };
                tokio::spawn(serve(stream, conn, plan.clone(), l.clone()));
            }
        });
        Ok(Daemon { socket, log, folder, task })
    }

    pub fn folder(&self) -> &Path {
        &self.folder
    }
}

async fn send(w: &mut tokio::net::unix::OwnedWriteHalf, conn: u32, v: &Value, log: &Log) -> bool {
    let mut line = serde_json::to_vec(v).unwrap_or_default();
    log.push(conn, Seen::Sent(v.clone()), Some((Dir::Send, &line)));
    line.push(b'\n');
    w.write_all(&line).await.is_ok()
}

/// Plays `acts`; false once the connection is to close.
async fn play(acts: Vec<Act>, w: &mut tokio::net::unix::OwnedWriteHalf, conn: u32, log: &Log) -> bool {
    for act in acts {
        match act {
            Act::Send(v) => {
                if !send(w, conn, &v, log).await {
                    return false;
                }
            }
            Act::Wait(d) => tokio::time::sleep(d).await,
            Act::Close => return false,
        }
    }
    true
}

async fn serve(stream: UnixStream, mut conn: Conn, plan: Plan, log: Log) {
    let n = conn.number;
    log.push(n, Seen::Open, None);
    let (r, mut w) = stream.into_split();
    // The reader logs every record the moment it arrives, even while the responder is holding
    // an answer back: that is how a pipelined request shows up before the answer it skipped.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let reader_log = log.clone();
    let reader = tokio::spawn(async move {
        let mut lines = BufReader::new(r).split(b'\n');
        let bounds = Bounds::local();
        while let Ok(Some(line)) = lines.next_segment().await {
            let parsed = json::parse(&line, &bounds).map_err(|e| e.to_string());
            reader_log.push(n, Seen::Received(parsed.clone()), Some((Dir::Recv, &line)));
            if tx.send(parsed).is_err() {
                break;
            }
        }
        reader_log.push(n, Seen::Closed, None);
    });
    let mut handshaken = false;
    let extension = if plan.extensions { conn.records.extension() } else { None };
    while let Some(parsed) = rx.recv().await {
        let Ok(request) = parsed else { break };
        let handshaken_before = handshaken;
        let acts = if !std::mem::replace(&mut handshaken, true) {
            let (acts, accepted) = handshake(&plan.handshake, &conn.served, &request);
            conn.accepted_version = accepted;
            acts
        } else if let Some(acts) = plan.hook.as_ref().and_then(|h| h(&request, &mut conn)) {
            acts
        } else if method_of(&request) == Some(Method::Initialize) {
            initialize(&plan, &mut conn, &request)
        } else {
            conn.honest(&request)
        };
        let acts = match (&extension, handshaken_before) {
            (Some(ext), true) => acts.into_iter().map(|a| extend(a, ext)).collect(),
            _ => acts,
        };
        if !play(acts, &mut w, n, &log).await {
            break;
        }
    }
    let _ = w.shutdown().await;
    reader.abort();
}

/// `act` with the unknown member `ext` added to its record's envelope and object payload.
fn extend(act: Act, ext: &(String, Value)) -> Act {
    match act {
        Act::Send(mut v) => {
            if let Some(o) = v.as_object_mut() {
                o.insert(ext.0.clone(), ext.1.clone());
                if let Some(p) = o.get_mut("payload").and_then(Value::as_object_mut) {
                    p.insert(ext.0.clone(), ext.1.clone());
                }
            }
            Act::Send(v)
        }
        other => other,
    }
}

/// The handshake's answer, and the version it accepted, if it did.
fn handshake(plan: &Handshake, served: &Served, request: &Value) -> (Vec<Act>, Option<String>) {
    let accepted = |version: &str| {
        HandshakeReply::Accepted(HandshakeReplyAccepted::new(
            version.to_owned(),
            std::process::id(),
            served.instance_id.clone(),
            served.workspace_id.clone(),
            served.state_root_id.clone(),
        ))
    };
    let asked = request["version"].as_str().unwrap_or(&served.version);
    let version = match plan {
        Handshake::Accept => Some(asked.to_owned()),
        Handshake::AcceptOtherVersion => Some(format!("{asked}-other")),
        _ => None,
    };
    let reply = match plan {
        Handshake::Accept | Handshake::AcceptOtherVersion => accepted(version.as_deref().unwrap_or(asked)),
        Handshake::Reject(code) => {
            let message = agentwire_protocol::LaunchErrorCode::from_wire(code.as_str())
                .map(|c| c.message().to_owned())
                .unwrap_or_default();
            HandshakeReply::Rejected(HandshakeReplyRejected::new(*code, message))
        }
        Handshake::Silent => {
            return (
                vec![Act::Wait(Duration::from_millis(3 * agentwire_protocol::limits::HANDSHAKE_TIMEOUT_MS))],
                None,
            );
        }
    };
    let value = serde_json::to_value(&reply).unwrap_or_default();
    match plan {
        Handshake::Reject(_) => (vec![Act::Send(value), Act::Close], None),
        _ => (vec![Act::Send(value)], version),
    }
}

fn initialize(plan: &Plan, conn: &mut Conn, request: &Value) -> Vec<Act> {
    let mut v = records::answer(conn.records.vector(records::INITIALIZE), request, &conn.served, &conn.connection_id);
    let p = &mut v["payload"];
    p["instance_id"] = json!(conn.served.instance_id);
    p["connection_id"] = json!(conn.connection_id);
    p["workspace_id"] = json!(conn.served.workspace_id);
    p["state_root_id"] = json!(conn.served.state_root_id);
    // The example names some version; an honest daemon's initialize names the one its
    // handshake accepted.
    if let Some(version) = &conn.accepted_version {
        p["server_version"] = json!(version);
    }
    if let Some(edit) = &plan.init {
        edit(p);
    }
    conn.offers_profiles = !p["capabilities"]["profiles"].is_null();
    let mut acts = Vec::new();
    if !plan.init_delay.is_zero() {
        acts.push(Act::Wait(plan.init_delay));
    }
    acts.push(Act::Send(v));
    acts
}
