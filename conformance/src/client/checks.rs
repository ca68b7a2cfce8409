//! Checks that hold in every scenario, over every record the client sent: the handshake line,
//! `initialize` first and nothing before its answer, envelopes with exactly the members of the
//! spec's example request, unique request IDs, the connection's identities, `operation_id`
//! exactly on mutations, and the slots each operation's rules ask for (control equal to this
//! connection's current claim).

use super::daemon::Seen;
use super::records::Served;
use super::Run;
use crate::verdict::Failure;
use agentwire_protocol::runtime::{encode_record, SlotRule};
use agentwire_protocol::{HandshakeRequest, Method};
use serde_json::Value;
use std::collections::HashSet;

type Checked = Result<(), Failure>;

fn fail(conn: u32, what: String) -> Checked {
    Err(Failure(format!("connection {conn}: {what}")))
}

/// The handshake line the client must send, as a JSON value.
fn expected_handshake(run: &Run) -> Option<Value> {
    let request = HandshakeRequest::new(run.version.clone(), run.workspace.clone());
    let line = encode_record(&request).ok()?;
    serde_json::from_slice(&line).ok()
}

pub fn every_record(run: &Run, served: &Served) -> Checked {
    let entries = run.log().entries();
    for conn in 1..=run.log().connections() {
        let mut state = ConnCheck::default_for(conn, served, run);
        for e in entries.iter().filter(|e| e.conn == conn) {
            match &e.seen {
                Seen::Received(Err(why)) => {
                    return fail(conn, format!("sent a record that is not I-JSON within the local bounds: {why}"))
                }
                Seen::Received(Ok(v)) => state.received(v)?,
                Seen::Sent(v) => state.sent(v),
                Seen::Open | Seen::Closed => {}
            }
        }
    }
    Ok(())
}

struct ConnCheck<'a> {
    conn: u32,
    served: &'a Served,
    run: &'a Run,
    handshake: bool,
    /// The initialize request's ID, once sent; and whether it was answered.
    init: Option<Value>,
    init_answered: bool,
    ids: HashSet<String>,
    /// The latest `session.claim` result sent on this connection.
    claim: Option<Value>,
}

impl<'a> ConnCheck<'a> {
    fn default_for(conn: u32, served: &'a Served, run: &'a Run) -> Self {
        ConnCheck {
            conn,
            served,
            run,
            handshake: false,
            init: None,
            init_answered: false,
            ids: HashSet::new(),
            claim: None,
        }
    }

    fn sent(&mut self, v: &Value) {
        if self.init.as_ref().is_some_and(|id| v.get("request_id") == Some(id)) {
            self.init_answered = true;
        }
        if v["payload"].get("claim_id").is_some() && v["payload"].get("grant_generation").is_some() {
            self.claim = Some(v["payload"].clone());
        }
    }

    fn received(&mut self, v: &Value) -> Checked {
        let conn = self.conn;
        if !std::mem::replace(&mut self.handshake, true) {
            // "The client sends one line: {"handshake":"agentwire-unix","version":…,"workspace":…}"
            let expected = expected_handshake(self.run);
            if expected.as_ref() != Some(v) {
                return fail(conn, format!("handshake line {v} is not {}", expected.unwrap_or_default()));
            }
            return Ok(());
        }
        let method_name = v["method"].as_str().unwrap_or_default();
        let Some(method) = Method::from_wire(method_name) else {
            return fail(conn, format!("sent a request of unknown method `{method_name}`"));
        };
        match (&self.init, method) {
            // "Only after acceptance does `initialize` follow."
            (None, Method::Initialize) => self.init = Some(v["request_id"].clone()),
            (None, _) => return fail(conn, format!("sent `{method_name}` before `initialize`")),
            // "Never pipeline mutations before preflight."
            (Some(_), _) if !self.init_answered => {
                return fail(conn, format!("sent `{method_name}` before `initialize` was answered"))
            }
            _ => {}
        }
        self.envelope(v, method)
    }

    fn envelope(&mut self, v: &Value, method: Method) -> Checked {
        let conn = self.conn;
        let name = method.as_str();
        let example = self.run.records.request(name);
        let members = |x: &Value| x.as_object().map(|o| o.keys().cloned().collect::<HashSet<_>>());
        if members(v) != members(&example) {
            return fail(conn, format!("`{name}` envelope members differ from the spec's request envelope: {v}"));
        }
        for fixed in ["protocol_version", "kind"] {
            if v[fixed] != example[fixed] {
                return fail(conn, format!("`{name}` has {fixed} {} instead of {}", v[fixed], example[fixed]));
            }
        }
        let Some(id) = v["request_id"].as_str() else {
            return fail(conn, format!("`{name}` has no string request_id"));
        };
        if !self.ids.insert(id.to_owned()) {
            return fail(conn, format!("request_id `{id}` used twice on one connection"));
        }
        let rules = method.rules();
        if rules.requires_initialization {
            let ours = v["instance_id"] == self.served.instance_id.as_str()
                && v["connection_id"] == self.served.connection_id(conn).as_str();
            if !ours {
                return fail(conn, format!("`{name}` does not carry this connection's instance_id and connection_id"));
            }
        }
        // "operation_id" names mutation intent: present exactly on mutations.
        if rules.mutation != v["operation_id"].is_string() {
            return fail(
                conn,
                format!("`{name}` (mutation: {}) has operation_id {}", rules.mutation, v["operation_id"]),
            );
        }
        if (rules.session_id == SlotRule::Required) != v["session_id"].is_string() {
            return fail(conn, format!("`{name}` has session_id {} against its slot rule", v["session_id"]));
        }
        match rules.control {
            SlotRule::Null if !v["control"].is_null() => fail(conn, format!("`{name}` carries a control")),
            SlotRule::Required => self.control(v, name),
            _ => Ok(()),
        }
    }

    /// A control slot must prove the claim this connection holds now.
    fn control(&self, v: &Value, name: &str) -> Checked {
        let Some(claim) = &self.claim else {
            return fail(self.conn, format!("`{name}` sent with a control before any claim"));
        };
        let proves = v["control"]["claim_id"] == claim["claim_id"]
            && v["control"]["grant_generation"] == claim["grant_generation"]
            && v["session_id"] == claim["session_id"];
        if !proves {
            return fail(self.conn, format!("`{name}` control {} does not prove the current claim", v["control"]));
        }
        Ok(())
    }
}
