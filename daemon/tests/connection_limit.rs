//! The advertised connection limit over the real socket (issue #15): "The persistent bounds add
//! required connection ... limits", and the spec's `max_connections` says "Most connections the
//! daemon serves at once. A connection beyond it gets the `connection_limit` handshake rejection
//! in answer to its handshake line and is closed; the connections served are unaffected, and
//! closing one makes room for the next."

mod common;

use agentwire_protocol::{limits, HandshakeRejection, LaunchErrorCode};
use common::{handshake_line, raw_handshake, wait_until, Sandbox};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::Duration;

/// A raw connection that passed the handshake.
struct Conn {
    stream: UnixStream,
    reader: BufReader<UnixStream>,
}

impl Conn {
    /// A wire v2 request on this connection gets its response: the connection is served.
    fn round_trip(&mut self, id: &str) -> Value {
        let request = json!({"protocol_version":2,"kind":"request","request_id":id,"instance_id":null,
            "connection_id":null,"session_id":null,"operation_id":null,"control":null,
            "method":"initialize","payload":{"supported_protocol_versions":[2]}});
        let mut line = serde_json::to_vec(&request).unwrap();
        line.push(b'\n');
        self.stream.write_all(&line).unwrap();
        let mut reply = String::new();
        assert!(self.reader.read_line(&mut reply).unwrap() > 0, "the daemon closed a served connection");
        serde_json::from_str(&reply).unwrap()
    }
}

fn accept(socket: &Path, line: &str) -> Conn {
    let (reply, stream) = raw_handshake(socket, line);
    assert_eq!(reply["status"], "accepted", "{reply}");
    let reader = BufReader::new(stream.try_clone().unwrap());
    Conn { stream, reader }
}

/// One more connection: the reply to its handshake line, and whether the daemon then closed it.
fn attempt(socket: &Path, line: &str) -> (Value, bool) {
    let (reply, mut stream) = raw_handshake(socket, line);
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let closed = matches!(stream.read(&mut [0; 64]), Ok(0));
    (reply, closed)
}

fn assert_refused((reply, closed): (Value, bool)) {
    let code = HandshakeRejection::ConnectionLimit;
    assert_eq!(reply["handshake"], "agentwire-unix", "{reply}");
    assert_eq!(reply["status"], "rejected", "{reply}");
    assert_eq!(reply["code"], code.as_str(), "{reply}");
    assert_eq!(reply["message"], LaunchErrorCode::ConnectionLimit.message(), "{reply}");
    assert!(closed, "a refused connection must be closed");
}

#[test]
fn the_connection_beyond_max_connections_is_refused_with_connection_limit_and_closing_one_makes_room() {
    let sb = Sandbox::new();
    let (ok, discovery) = sb.start_or_connect(None);
    assert!(ok, "{discovery}");
    let socket = Path::new(discovery["socket"].as_str().unwrap()).to_owned();
    let line = handshake_line(discovery["version"].as_str().unwrap(), &sb.workspace);
    let max = limits::MAX_CONNECTIONS as usize;

    // The launcher's probe connection closes at once; its slot must be free again before
    // the daemon is filled, or the last of ours would be the one refused.
    let mut open: Vec<Conn> = Vec::with_capacity(max);
    while open.len() < max {
        let (reply, stream) = raw_handshake(&socket, &line);
        if reply["status"] == "accepted" {
            let reader = BufReader::new(stream.try_clone().unwrap());
            open.push(Conn { stream, reader });
        } else {
            assert_eq!(reply["code"], HandshakeRejection::ConnectionLimit.as_str(), "{reply}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    // Full: every further connection, whatever its handshake says, is refused and closed.
    for _ in 0..3 {
        assert_refused(attempt(&socket, &line));
    }
    assert_refused(attempt(&socket, "{\"handshake\":\"agentwire-unix\"}"));

    // The connections served are unaffected.
    for (i, conn) in open.iter_mut().enumerate().step_by(9) {
        let response = conn.round_trip(&format!("init-{i}"));
        assert!(response["error"].is_null(), "{response}");
    }

    // Closing one makes room for exactly one more (once the daemon has seen it close).
    drop(open.pop());
    let mut admitted = None;
    assert!(
        wait_until(Duration::from_secs(10), || {
            let (reply, stream) = raw_handshake(&socket, &line);
            let accepted = reply["status"] == "accepted";
            if accepted {
                let reader = BufReader::new(stream.try_clone().unwrap());
                admitted = Some(Conn { stream, reader });
            }
            accepted
        }),
        "no connection was admitted after one closed"
    );
    open.push(admitted.unwrap());
    assert_refused(attempt(&socket, &line));
    let response = open.last_mut().unwrap().round_trip("init-new");
    assert!(response["error"].is_null(), "{response}");

    // Refused connections leave the daemon healthy: once ours close, the launcher connects to
    // the same daemon and a new connection is served.
    drop(open);
    let served = wait_until(Duration::from_secs(10), || {
        let (ok, again) = sb.start_or_connect(None);
        ok && again["started"] == false && again["pid"] == discovery["pid"]
    });
    assert!(served, "the daemon did not serve the launcher after the refusals");
    let mut conn = accept(&socket, &line);
    let response = conn.round_trip("after");
    assert!(response["error"].is_null(), "{response}");
    assert_eq!(response["payload"]["instance_id"], discovery["instance_id"], "{response}");
    assert!(!sb.log().contains("panicked"), "{}", sb.log());
}
