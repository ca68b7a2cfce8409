//! A raw wire v2 connection for the load benches that measure the daemon without a client
//! library in the way (`turn_stream`, `approvals`).

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;

use agentwire_protocol::Method;
use serde_json::{json, Value};

/// A raw wire connection: records written and read as JSON lines, nothing checked but what a
/// bench needs.
pub struct Conn {
    w: UnixStream,
    r: BufReader<UnixStream>,
    /// This connection's instance and connection IDs, from `initialize`.
    pub ids: (String, String),
    /// The number of the last request sent (its `request_id` is `r<n>`).
    pub n: u64,
    line: String,
}

impl Conn {
    /// Handshake (naming `version`, the daemon's own) and `initialize`.
    pub fn open(socket: &Path, version: &str, workspace: &Path) -> Conn {
        let w = UnixStream::connect(socket).unwrap();
        let r = BufReader::with_capacity(256 * 1024, w.try_clone().unwrap());
        let mut c = Conn { w, r, ids: (String::new(), String::new()), n: 0, line: String::new() };
        let hs = json!({"handshake":"agentwire-unix","version":version,"workspace":workspace.canonicalize().unwrap().to_str()});
        c.write(&hs);
        let reply: Value = serde_json::from_str(c.next()).unwrap();
        assert_eq!(reply["status"], "accepted", "handshake not accepted: {reply}");
        c.send(Method::Initialize, None, None, json!({"supported_protocol_versions":[2]}));
        let init = c.response();
        c.ids = (
            init["payload"]["instance_id"].as_str().unwrap().into(),
            init["payload"]["connection_id"].as_str().unwrap().into(),
        );
        c
    }

    pub fn next(&mut self) -> &str {
        self.line.clear();
        assert!(self.r.read_line(&mut self.line).unwrap() > 0, "connection closed");
        &self.line
    }

    pub fn send(&mut self, method: Method, session: Option<&str>, control: Option<&Value>, payload: Value) {
        self.n += 1;
        let mutation = method.rules().mutation;
        let ids =
            if self.ids.0.is_empty() { (Value::Null, Value::Null) } else { (json!(self.ids.0), json!(self.ids.1)) };
        let env = json!({"protocol_version":2,"kind":"request","request_id":format!("r{}", self.n),"instance_id":ids.0,"connection_id":ids.1,
            "session_id":session,"operation_id":if mutation { json!(format!("op{}-{}", self.ids.1, self.n)) } else { Value::Null },
            "control":control.cloned().unwrap_or(Value::Null),"method":method.as_str(),"payload":payload});
        self.write(&env);
    }

    /// One write a record: `writeln!` of a `Value` would write it token by token on the socket.
    fn write(&mut self, record: &Value) {
        self.w.write_all(format!("{record}\n").as_bytes()).unwrap();
    }

    pub fn response(&mut self) -> Value {
        loop {
            let v: Value = serde_json::from_str(self.next()).unwrap();
            if v["kind"] == "response" {
                assert!(v["error"].is_null(), "{v}");
                return v;
            }
        }
    }

    pub fn session(&mut self) -> (String, Value) {
        self.send(Method::SessionCreate, None, None, json!({}));
        let s = self.response()["payload"]["session_id"].as_str().unwrap().to_owned();
        self.send(Method::SessionClaim, Some(&s), None, json!({"take_over":true}));
        let p = self.response()["payload"].clone();
        (s, json!({"claim_id":p["claim_id"],"grant_generation":p["grant_generation"]}))
    }
}
