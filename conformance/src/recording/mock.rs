//! The mock daemon: speaks the handshake and wire v2 to a front end as the recorded daemon did.
//!
//! - The n-th connection a front end opens plays the n-th recorded connection: its handshake
//!   reply, then, for each request, the recorded request it matches.
//! - A request matches the first recorded request of its connection not yet played whose
//!   method, slots and payload are equal, leaving out what the front end chooses itself
//!   (`request_id`, `operation_id`) and what the recording redacted. The daemon's records that
//!   followed the recorded request, up to the front end's next record, are played back in order
//!   and at the recorded pace (divided by `speed`), with the front end's request and operation
//!   IDs in place of the recorded ones.
//! - A request that matches nothing gets an `internal_error` response, and the [`Report`]
//!   (stderr, and JSON with `--report`) names the recorded request closest to it and how the
//!   two differ.
//! - Every daemon record is checked against the spec when the recording is loaded and again,
//!   with the IDs rewritten, before it is sent ([`super::check`]).

use super::{check, Dir, Recording};
use crate::error::{Error, Result};
use agentwire_protocol::{ErrorCode, Method, PROTOCOL_VERSION};
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};
use tokio::time::Instant;

/// A daemon record and when it was sent (ms since the recording started).
#[derive(Debug, Clone)]
struct Timed {
    t_ms: u64,
    record: Value,
}

/// One recorded request and the daemon's records that followed it.
#[derive(Debug, Clone)]
struct Step {
    /// Line number in the recording file, for the report.
    line: usize,
    t_ms: u64,
    request: Value,
    redacted: Vec<String>,
    follow: Vec<Timed>,
}

/// One recorded connection, ready to play.
#[derive(Debug, Clone)]
pub struct Script {
    conn: u32,
    handshake: Value,
    reply: Value,
    steps: Vec<Step>,
    /// The identities initialize established, for the `internal_error` of a mismatch.
    ids: (Value, Value),
}

/// Split a recording into connections and check every daemon record; refuse a recording with a
/// record no daemon may send.
pub fn scripts(recording: &Recording) -> std::result::Result<Vec<Script>, String> {
    recording.connections().into_iter().map(|conn| script(recording, conn)).filter_map(Result::transpose).collect()
}

fn script(recording: &Recording, conn: u32) -> std::result::Result<Option<Script>, String> {
    let mut handshake = None;
    let mut reply = None;
    let mut steps: Vec<Step> = Vec::new();
    let mut methods = HashMap::new();
    for (i, l) in recording.lines.iter().enumerate().filter(|(_, l)| l.conn == conn) {
        let line = i + 2; // the header is line 1
        let at = |why: String| format!("line {line} (connection {conn}): {why}");
        if let Some(why) = &l.violation {
            return Err(at(format!("the daemon's record is one no daemon may send: {why}")));
        }
        let record = match (l.dir, &l.record) {
            (Dir::Open | Dir::Close, _) => continue,
            (_, None) => return Err(at("a record that is not JSON cannot be played".into())),
            (_, Some(r)) => r.clone(),
        };
        match l.dir {
            Dir::Client if handshake.is_none() => handshake = Some(record),
            Dir::Client => {
                if let (Some(id), Some(m)) = (
                    record.get("request_id").and_then(Value::as_str),
                    record.get("method").and_then(Value::as_str).and_then(Method::from_wire),
                ) {
                    methods.insert(id.to_owned(), m);
                }
                steps.push(Step {
                    line,
                    t_ms: l.t_ms,
                    request: record,
                    redacted: l.redacted.clone(),
                    follow: Vec::new(),
                });
            }
            Dir::Daemon if reply.is_none() => {
                check::handshake_reply(&record).map_err(at)?;
                reply = Some(record);
            }
            Dir::Daemon => {
                check::wire_record(&record, |id| methods.get(id).copied()).map_err(at)?;
                let step = steps.last_mut().ok_or_else(|| at("a wire record before any request".into()))?;
                step.follow.push(Timed { t_ms: l.t_ms, record });
            }
            Dir::Open | Dir::Close => {}
        }
    }
    let (Some(handshake), Some(reply)) = (handshake, reply) else {
        // A connection that never completed its handshake has nothing to play.
        return Ok(None);
    };
    let ids = steps
        .iter()
        .flat_map(|s| &s.follow)
        .find_map(|t| {
            let p = t.record.get("payload")?;
            Some((p.get("instance_id")?.clone(), p.get("connection_id")?.clone()))
        })
        .unwrap_or((Value::Null, Value::Null));
    Ok(Some(Script { conn, handshake, reply, steps, ids }))
}

/// How the mock plays.
#[derive(Debug, Clone)]
pub struct Options {
    /// Pacing divisor: 1 plays at the recorded pace, 10 ten times faster; 0 without waiting.
    pub speed: f64,
    pub report: Option<PathBuf>,
}

/// What did not go as recorded.
#[derive(Debug, Default)]
pub struct Report {
    entries: Mutex<Vec<Value>>,
    path: Option<PathBuf>,
}

impl Report {
    pub fn new(path: Option<PathBuf>) -> Report {
        Report { entries: Mutex::default(), path }
    }

    fn add(&self, human: String, entry: Value) {
        eprintln!("mock: {human}");
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        entries.push(entry);
        if let Some(path) = &self.path {
            let text = serde_json::to_string_pretty(&json!({ "mismatches": *entries })).unwrap_or_default();
            if let Err(e) = std::fs::write(path, text + "\n") {
                eprintln!("mock: cannot write the report {}: {e}", path.display());
            }
        }
    }

    pub fn entries(&self) -> Vec<Value> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

/// Load and check a recording.
pub fn load(path: &std::path::Path) -> Result<Vec<Script>> {
    let recording = Recording::read(path)?;
    scripts(&recording).map_err(|msg| Error::format(path, msg))
}

/// Accept front ends until the task is dropped; each connection plays the next recorded one.
pub async fn serve(listener: UnixListener, scripts: Vec<Script>, options: Options, report: Arc<Report>) {
    let queue = Arc::new(Mutex::new(VecDeque::from(scripts)));
    let options = Arc::new(options);
    let mut live = 0u32;
    while let Ok((stream, _)) = listener.accept().await {
        live += 1;
        let script = queue.lock().unwrap_or_else(|p| p.into_inner()).pop_front();
        let (options, report) = (Arc::clone(&options), Arc::clone(&report));
        tokio::spawn(async move {
            match script {
                Some(script) => play(stream, script, &options, &report).await,
                None => report.add(
                    format!("connection {live}: the recording has no connection left to play; closed"),
                    json!({"connection": live, "kind": "no_recorded_connection"}),
                ),
            }
        });
    }
}

/// Longest record the mock reads (the spec's record bound, newline included).
const MAX_RECORD: usize = agentwire_protocol::limits::MAX_RECORD_BYTES as usize;

async fn read_record(reader: &mut BufReader<tokio::net::unix::OwnedReadHalf>) -> Option<Vec<u8>> {
    let mut line = Vec::new();
    match reader.read_until(b'\n', &mut line).await {
        Ok(0) | Err(_) => None,
        Ok(_) if line.len() > MAX_RECORD => None,
        Ok(_) => {
            if line.last() == Some(&b'\n') {
                line.pop();
            }
            Some(line)
        }
    }
}

async fn write_record(w: &mut tokio::net::unix::OwnedWriteHalf, record: &Value) -> bool {
    let mut bytes = record.to_string().into_bytes();
    bytes.push(b'\n');
    w.write_all(&bytes).await.is_ok()
}

/// One live connection playing one recorded connection.
struct Player<'a> {
    script: Script,
    played: Vec<bool>,
    /// Recorded operation ID → the front end's.
    operations: HashMap<String, String>,
    /// The front end's request IDs → their methods, for checking responses.
    methods: HashMap<String, Method>,
    options: &'a Options,
    report: &'a Report,
}

async fn play(stream: UnixStream, script: Script, options: &Options, report: &Report) {
    let (r, mut w) = stream.into_split();
    let mut reader = BufReader::new(r);
    let Some(hello) = read_record(&mut reader).await else { return };
    let conn = script.conn;
    let hello: Value = serde_json::from_slice(&hello).unwrap_or(Value::Null);
    if hello != script.handshake {
        report.add(
            format!("connection {conn}: the handshake line differs from the recorded one"),
            json!({"connection": conn, "kind": "handshake_differs", "recorded": script.handshake, "live": hello}),
        );
    }
    if !write_record(&mut w, &script.reply).await || script.reply.get("status") != Some(&json!("accepted")) {
        return;
    }
    let played = vec![false; script.steps.len()];
    let mut player = Player { script, played, operations: HashMap::new(), methods: HashMap::new(), options, report };
    while let Some(bytes) = read_record(&mut reader).await {
        let Ok(request) = serde_json::from_slice::<Value>(&bytes) else {
            report.add(
                format!("connection {conn}: a record that is not JSON ({} bytes); ignored", bytes.len()),
                json!({"connection": conn, "kind": "not_json", "bytes": bytes.len()}),
            );
            continue;
        };
        if !player.answer(&request, &mut w).await {
            return;
        }
    }
}

impl Player<'_> {
    /// Send the records that answer one live request, paced as recorded; false when the front
    /// end is gone.
    async fn answer(&mut self, live: &Value, w: &mut tokio::net::unix::OwnedWriteHalf) -> bool {
        if let (Some(id), Some(m)) = (
            live.get("request_id").and_then(Value::as_str),
            live.get("method").and_then(Value::as_str).and_then(Method::from_wire),
        ) {
            self.methods.insert(id.to_owned(), m);
        }
        let Some(i) = self.matching(live) else {
            self.mismatch(live);
            return write_record(w, &self.internal_error(live)).await;
        };
        self.played[i] = true;
        let step = self.script.steps[i].clone();
        if let (Some(rec), Some(now)) = (step.request["operation_id"].as_str(), live["operation_id"].as_str()) {
            self.operations.insert(rec.to_owned(), now.to_owned());
        }
        let start = Instant::now();
        for t in &step.follow {
            let mut record = t.record.clone();
            if record["kind"] == "response" && record["request_id"] == step.request["request_id"] {
                record["request_id"] = live["request_id"].clone();
            }
            rewrite_operations(&mut record, &self.operations);
            if let Err(why) = check::wire_record(&record, |id| self.methods.get(id).copied()) {
                self.report.add(
                    format!("connection {}: recorded record withheld, it breaks the spec: {why}", self.script.conn),
                    json!({"connection": self.script.conn, "kind": "invalid_record", "why": why}),
                );
                continue;
            }
            if self.options.speed > 0.0 {
                let delay = t.t_ms.saturating_sub(step.t_ms) as f64 / self.options.speed;
                tokio::time::sleep_until(start + Duration::from_secs_f64(delay / 1000.0)).await;
            }
            if !write_record(w, &record).await {
                return false;
            }
        }
        true
    }

    fn matching(&self, live: &Value) -> Option<usize> {
        self.script.steps.iter().enumerate().find_map(|(i, step)| {
            let same = !self.played[i] && comparable(&step.request, &step.redacted) == comparable(live, &step.redacted);
            same.then_some(i)
        })
    }

    fn mismatch(&self, live: &Value) {
        let conn = self.script.conn;
        let method = live["method"].clone();
        let closest = self
            .script
            .steps
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.played[*i])
            .map(|(_, s)| {
                let d = differences(&comparable(&s.request, &s.redacted), &comparable(live, &s.redacted));
                (s.request["method"] != method, d.len(), s, d)
            })
            .min_by_key(|(other_method, n, s, _)| (*other_method, *n, s.line));
        let entry = match &closest {
            Some((_, _, step, diff)) => json!({
                "connection": conn, "kind": "unmatched_request", "method": method,
                "closest": {"line": step.line, "method": step.request["method"], "request": step.request},
                "differences": diff,
            }),
            None => json!({"connection": conn, "kind": "unmatched_request", "method": method, "closest": null}),
        };
        let human = match &closest {
            Some((_, _, step, diff)) => format!(
                "connection {conn}: request {method} matches nothing recorded; closest is line {} ({}), differing at {}",
                step.line,
                step.request["method"],
                diff.iter().map(|d| d["path"].as_str().unwrap_or("")).collect::<Vec<_>>().join(", ")
            ),
            None => format!("connection {conn}: request {method} matches nothing recorded; nothing is left to play"),
        };
        self.report.add(human, entry);
    }

    fn internal_error(&self, live: &Value) -> Value {
        let code = ErrorCode::InternalError;
        let id = |m: &str| live.get(m).filter(|v| v.is_string()).cloned().unwrap_or(Value::Null);
        json!({
            "protocol_version": PROTOCOL_VERSION, "kind": "response", "request_id": id("request_id"),
            "instance_id": self.script.ids.0, "connection_id": self.script.ids.1,
            "session_id": id("session_id"), "operation_id": id("operation_id"),
            "payload": null, "error": {"code": code.as_str(), "message": code.message()},
        })
    }
}

/// What a request is matched on: everything but the IDs the front end chooses and the members
/// the recording redacted.
fn comparable(request: &Value, redacted: &[String]) -> Value {
    let mut v = request.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("request_id");
        o.remove("operation_id");
    }
    for pointer in redacted {
        if let Some((parent, member)) = pointer.rsplit_once('/') {
            if let Some(o) = v.pointer_mut(parent).and_then(Value::as_object_mut) {
                o.remove(member);
            }
        }
    }
    v
}

/// Every operation ID the front end chose in place of the recorded one, wherever a member
/// named `operation_id` carries it.
fn rewrite_operations(v: &mut Value, map: &HashMap<String, String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o.iter_mut() {
                match x {
                    Value::String(s) if k == "operation_id" => {
                        if let Some(now) = map.get(s.as_str()) {
                            *s = now.clone();
                        }
                    }
                    _ => rewrite_operations(x, map),
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| rewrite_operations(x, map)),
        _ => {}
    }
}

/// The leaves where two requests differ, as JSON pointers with both values (at most 20).
fn differences(recorded: &Value, live: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    diff_into("", recorded, live, &mut out);
    out.truncate(20);
    out
}

fn diff_into(path: &str, a: &Value, b: &Value, out: &mut Vec<Value>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))).collect();
            keys.dedup();
            for k in keys {
                let (l, r) = (x.get(k).unwrap_or(&Value::Null), y.get(k).unwrap_or(&Value::Null));
                diff_into(&format!("{path}/{k}"), l, r, out);
            }
        }
        _ if a != b => out.push(json!({"path": if path.is_empty() { "/" } else { path }, "recorded": a, "live": b})),
        _ => {}
    }
}

/// `agentwire-conformance mock`: serve until interrupted.
pub async fn run(recording: PathBuf, socket: PathBuf, options: Options) -> Result<bool> {
    let scripts = load(&recording)?;
    let listener = UnixListener::bind(&socket).map_err(|e| Error::io(&socket, e))?;
    eprintln!(
        "mock: serving {} recorded connection(s) of {} on {}",
        scripts.len(),
        recording.display(),
        socket.display()
    );
    let report = Arc::new(Report::new(options.report.clone()));
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        () = serve(listener, scripts, options, Arc::clone(&report)) => {}
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    let _ = std::fs::remove_file(&socket);
    Ok(report.entries().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recording::{Header, Line};
    use tokio::io::AsyncReadExt;

    fn line(t_ms: u64, dir: Dir, record: Value) -> Line {
        Line { t_ms, conn: 1, dir, record: Some(record), unparsed_bytes: None, redacted: Vec::new(), violation: None }
    }

    fn status_request(id: &str, payload: Value) -> Value {
        json!({"protocol_version":2,"kind":"request","request_id":id,"instance_id":"i","connection_id":"c",
            "session_id":null,"operation_id":null,"control":null,"method":"status","payload":payload})
    }

    fn status_response(id: &str, service: &str) -> Value {
        json!({"protocol_version":2,"kind":"response","request_id":id,"instance_id":"i","connection_id":"c",
            "session_id":null,"operation_id":null,"error":null,
            "payload":{"service":service,"provider_auth_ready":true,"instance_id":"i","workspace_id":"w",
                "state_root_id":"s","connected_clients":1,"admitted_operations":0}})
    }

    fn recording(service: &str) -> Recording {
        let hello = json!({"handshake":"agentwire-unix","version":"0.1.0","workspace":"/w"});
        let reply = json!({"handshake":"agentwire-unix","status":"accepted","version":"0.1.0","pid":7,
            "instance_id":"i","workspace_id":"w","state_root_id":"s"});
        Recording {
            lines: vec![
                line(0, Dir::Client, hello),
                line(1, Dir::Daemon, reply),
                line(2, Dir::Client, status_request("rec-1", json!({}))),
                line(3, Dir::Daemon, status_response("rec-1", service)),
            ],
        }
    }

    #[test]
    fn a_recording_edited_to_send_what_no_daemon_may_is_refused() {
        assert!(scripts(&recording("ready")).is_ok());
        let err = scripts(&recording("busy")).unwrap_err();
        assert!(err.starts_with("line 5 (connection 1)"), "{err}");
        let mut flagged = recording("ready");
        flagged.lines[3].violation = Some("flagged when recorded".into());
        assert!(scripts(&flagged).unwrap_err().contains("no daemon may send"));
        let _ = Header::new();
    }

    async fn exchange(requests: &[Value]) -> (Vec<Value>, Vec<Value>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.sock");
        let listener = UnixListener::bind(&path).unwrap();
        let report = Arc::new(Report::new(None));
        let options = Options { speed: 0.0, report: None };
        let server = tokio::spawn(serve(listener, scripts(&recording("ready")).unwrap(), options, Arc::clone(&report)));
        let mut s = UnixStream::connect(&path).await.unwrap();
        s.write_all(b"{\"handshake\":\"agentwire-unix\",\"version\":\"0.1.0\",\"workspace\":\"/w\"}\n").await.unwrap();
        for r in requests {
            s.write_all(format!("{r}\n").as_bytes()).await.unwrap();
        }
        s.shutdown().await.unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).await.unwrap();
        server.abort();
        let records = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        (records, report.entries())
    }

    #[tokio::test]
    async fn a_matching_request_gets_the_recorded_answer_under_its_own_request_id() {
        let (records, report) = exchange(&[status_request("live-7", json!({}))]).await;
        assert_eq!(records[0]["status"], "accepted");
        assert_eq!(records[1], status_response("live-7", "ready"));
        assert!(report.is_empty(), "{report:?}");
    }

    #[tokio::test]
    async fn a_request_that_matches_nothing_gets_internal_error_and_the_closest_recorded_one() {
        let (records, report) = exchange(&[status_request("live-1", json!({"extra": true}))]).await;
        let error = &records[1]["error"];
        assert_eq!(error["code"], "internal_error");
        assert_eq!(error["message"], ErrorCode::InternalError.message());
        assert_eq!(records[1]["request_id"], "live-1");
        assert_eq!(report.len(), 1);
        assert_eq!(report[0]["closest"]["line"], 4);
        assert_eq!(report[0]["differences"][0]["path"], "/payload/extra");
    }

    #[test]
    fn redacted_members_and_front_end_ids_are_left_out_of_matching() {
        let recorded = json!({"request_id":"a","operation_id":"o1","method":"auth.login.callback",
            "payload":{"login_id":"l","input":"[redacted]"}});
        let live = json!({"request_id":"b","operation_id":"o2","method":"auth.login.callback",
            "payload":{"login_id":"l","input":"http://127.0.0.1:1455/cb?code=x"}});
        let redacted = vec!["/payload/input".to_string()];
        assert_eq!(comparable(&recorded, &redacted), comparable(&live, &redacted));
        assert_ne!(comparable(&recorded, &[]), comparable(&live, &[]));
    }

    #[test]
    fn recorded_operation_ids_become_the_front_ends() {
        let map = HashMap::from([("op-rec".to_string(), "op-live".to_string())]);
        let mut event =
            json!({"operation_id":"op-rec","payload":{"entries":[{"operation_id":"op-rec"}],"note":"op-rec"}});
        rewrite_operations(&mut event, &map);
        assert_eq!(
            event,
            json!({"operation_id":"op-live","payload":{"entries":[{"operation_id":"op-live"}],"note":"op-rec"}})
        );
    }
}
