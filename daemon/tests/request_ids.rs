//! Request IDs and in-flight slots over the real socket (issue #15, part 2): "Request IDs are
//! reserved through response writing, not turn/login completion", and a request ID is unique
//! "among this connection's requests in flight (until its response is written)". A client that
//! sends its next request only after reading a response must never be refused, however busy
//! the daemon's other connections are.

mod common;

use agentwire_daemon::transport::instance_lock::FileLock;
use agentwire_protocol::{limits, ErrorCode};
use common::{handshake_line, raw_handshake, Sandbox};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

const ROUNDS: usize = 10_000;

/// An initialized raw connection that writes request lines built from a template.
struct Wire {
    writer: UnixStream,
    reader: BufReader<UnixStream>,
    ids: (String, String),
    line: String,
}

impl Wire {
    fn open(discovery: &Value, sb: &Sandbox) -> Wire {
        let socket = discovery["socket"].as_str().unwrap();
        let version = discovery["version"].as_str().unwrap();
        let (reply, stream) = raw_handshake(socket.as_ref(), &handshake_line(version, &sb.workspace));
        assert_eq!(reply["status"], "accepted", "{reply}");
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let mut w = Wire { writer: stream, reader, ids: Default::default(), line: String::new() };
        w.send("i", "initialize", json!({"supported_protocol_versions":[2]}), None);
        let r = w.recv();
        assert!(r["error"].is_null(), "{r}");
        w.ids = (
            r["payload"]["instance_id"].as_str().unwrap().into(),
            r["payload"]["connection_id"].as_str().unwrap().into(),
        );
        w
    }

    fn send(&mut self, id: &str, method: &str, payload: Value, op: Option<&str>) {
        let (instance, connection) =
            if self.ids.0.is_empty() { (Value::Null, Value::Null) } else { (json!(self.ids.0), json!(self.ids.1)) };
        let env = json!({"protocol_version":2,"kind":"request","request_id":id,"instance_id":instance,
            "connection_id":connection,"session_id":null,"operation_id":op,"control":null,"method":method,"payload":payload});
        let mut line = serde_json::to_vec(&env).unwrap();
        line.push(b'\n');
        self.writer.write_all(&line).unwrap();
    }

    fn recv(&mut self) -> Value {
        self.line.clear();
        let n = self.reader.read_line(&mut self.line).unwrap();
        assert!(n > 0, "connection closed");
        serde_json::from_str(&self.line).unwrap()
    }
}

fn start(sb: &Sandbox) -> Value {
    let (ok, discovery) = sb.start_or_connect(None);
    assert!(ok, "{discovery}");
    discovery
}

/// Two other connections that keep the daemon busy, each with eight requests always in flight,
/// until dropped.
struct Load {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<(u64, u64)>>,
}

impl Load {
    fn start(discovery: &Value, sb: &Sandbox) -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..2)
            .map(|c| {
                let mut w = Wire::open(discovery, sb);
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut n = 0u64;
                    for k in 0..8 {
                        w.send(&format!("l{c}-{k}"), "session.list", json!({}), None);
                    }
                    let mut refused = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        let r = w.recv();
                        refused += u64::from(!r["error"].is_null());
                        n += 1;
                        // The answered ID again at once: the load reuses IDs as well.
                        w.send(r["request_id"].as_str().unwrap(), "session.list", json!({}), None);
                    }
                    (n, refused)
                })
            })
            .collect();
        Load { stop, threads }
    }

    /// Stops the load; how many of its requests were answered, and how many refused.
    fn finish(self) -> (u64, u64) {
        self.stop.store(true, Ordering::Relaxed);
        self.threads.into_iter().map(|t| t.join().unwrap()).fold((0, 0), |(a, r), (n, f)| (a + n, r + f))
    }
}

fn refusal(r: &Value) -> Option<String> {
    r["error"]["code"].as_str().map(str::to_owned)
}

/// "Request IDs are reserved through response writing": the same ID, sent again right after
/// its response is read, is never `duplicate_request_id`.
#[test]
fn request_ids_are_reserved_through_response_writing_so_one_id_is_reusable_at_once() {
    let sb = Sandbox::new();
    let discovery = start(&sb);
    let mut w = Wire::open(&discovery, &sb);
    let load = Load::start(&discovery, &sb);
    let mut refused = Vec::new();
    for i in 0..ROUNDS {
        // `session.list` is answered from a request task (its file work runs on the blocking
        // pool), the next request is admitted by the connection's reader: the two race.
        let method = if i % 2 == 0 { "session.list" } else { "config.get" };
        w.send("same", method, json!({}), None);
        let r = w.recv();
        assert_eq!(r["request_id"], "same", "{r}");
        if let Some(code) = refusal(&r) {
            refused.push((i, code));
        }
    }
    let (answered, load_refused) = load.finish();
    assert!(refused.is_empty(), "{} of {ROUNDS} refused: {:?}", refused.len(), &refused[..refused.len().min(5)]);
    assert!(answered > 0, "the other connections were busy");
    assert_eq!(load_refused, 0, "the busy connections reuse their IDs too: {load_refused} of {answered} refused");
}

/// A client that keeps exactly `max_inflight_requests` outstanding, sending the next only after
/// reading a response, is never refused with `limit_exceeded`.
#[test]
fn a_slot_is_free_before_its_response_arrives_so_32_in_flight_are_never_refused() {
    let window = limits::MAX_INFLIGHT_REQUESTS as usize;
    let sb = Sandbox::new();
    let discovery = start(&sb);
    let mut w = Wire::open(&discovery, &sb);
    let load = Load::start(&discovery, &sb);
    let mut sent = 0;
    for _ in 0..window {
        w.send(&format!("p{sent}"), "session.list", json!({}), None);
        sent += 1;
    }
    let mut refused = Vec::new();
    for _ in 0..ROUNDS {
        let r = w.recv();
        if let Some(code) = refusal(&r) {
            refused.push((r["request_id"].clone(), code));
        }
        if sent < ROUNDS {
            w.send(&format!("p{sent}"), "session.list", json!({}), None);
            sent += 1;
        }
    }
    let (answered, load_refused) = load.finish();
    assert!(refused.is_empty(), "{} of {ROUNDS} refused: {:?}", refused.len(), &refused[..refused.len().min(5)]);
    assert!(answered > 0, "the other connections were busy");
    assert_eq!(load_refused, 0, "the busy connections reuse their IDs too: {load_refused} of {answered} refused");
}

/// max_inflight_requests: a request beyond it gets `limit_exceeded` (as the limit's doc in the
/// spec declares), echoing its ID, which stays unreserved; the requests in flight are
/// answered as usual and the connection stays open. Logouts wait for the auth store's lock,
/// which the test holds, so exactly 32 stay in flight.
#[test]
fn a_request_beyond_max_inflight_requests_gets_limit_exceeded() {
    let window = limits::MAX_INFLIGHT_REQUESTS as usize;
    let sb = Sandbox::new();
    let discovery = start(&sb);
    let mut w = Wire::open(&discovery, &sb);
    let lock = FileLock::try_exclusive(&sb.mc_home.join("auth.json.lock")).unwrap();
    let logout = json!({"provider_id":"anthropic","confirmed":true});
    for i in 0..window {
        w.send(&format!("o{i}"), "auth.logout", logout.clone(), Some(&format!("op-{i}")));
    }
    for _ in 0..2 {
        // The same ID twice: a refused request reserved nothing.
        w.send("extra", "status", json!({}), None);
        let r = w.recv();
        assert_eq!(r["request_id"], "extra", "the only answer while 32 wait: {r}");
        assert_eq!(refusal(&r).as_deref(), Some(ErrorCode::LimitExceeded.as_str()), "{r}");
        assert_eq!(r["error"]["message"], ErrorCode::LimitExceeded.message());
    }
    drop(lock);
    let mut answered: Vec<String> = (0..window)
        .map(|_| {
            let r = w.recv();
            assert!(r["error"].is_null(), "{r}");
            r["request_id"].as_str().unwrap().to_owned()
        })
        .collect();
    answered.sort();
    let mut expected: Vec<String> = (0..window).map(|i| format!("o{i}")).collect();
    expected.sort();
    assert_eq!(answered, expected);
    w.send("extra", "status", json!({}), None);
    let r = w.recv();
    assert!(r["error"].is_null(), "a slot is free again: {r}");
}
