//! What the scripted daemon says, built from the generated consumer vectors: every response and
//! event starts as the vector `resp.<method>.example` / `event.<name>.example` and only its
//! correlation slots (and the members a scenario changes) are replaced. Names, members and
//! values therefore come from the spec, never from this file.

use crate::error::{Error, Result};
use crate::vectors::Vectors;
use serde_json::{json, Value};
use std::collections::HashMap;

/// The example records of the consumer vectors, parsed, by vector ID.
#[derive(Debug, Clone)]
pub struct Records {
    examples: HashMap<String, Value>,
}

/// IDs of the vectors this suite borrows records from.
pub const INITIALIZE: &str = "resp.initialize.example";
/// An initialize result advertising an event no client knows.
pub const UNKNOWN_EVENT_INIT: &str = "table.r8.initialize_unknown_event";
/// An event whose name is not advertised (nor known).
pub const UNKNOWN_EVENT: &str = "table.r8.unadvertised_event_received";
/// An event envelope of a kind no client knows.
pub const UNKNOWN_KIND: &str = "event.envelope.kind.const";
/// An error response with a code no client knows.
pub const UNKNOWN_CODE: &str = "resp.error.code.unknown";
/// A replay page whose first item is of a kind no client knows.
pub const UNKNOWN_ITEM: &str = "resp.session.replay.payload.events.item.kind.unknown";

/// A response envelope with one unknown member (an optional extension).
pub const EXTENDED: &str = "resp.envelope.unknown_member";
/// The example `EXTENDED` extends.
const EXTENDED_BASE: &str = "resp.turn.start.example";

const BORROWED: &[&str] =
    &[INITIALIZE, UNKNOWN_EVENT_INIT, UNKNOWN_EVENT, UNKNOWN_KIND, UNKNOWN_CODE, UNKNOWN_ITEM, EXTENDED, EXTENDED_BASE];

impl Records {
    pub fn new(vectors: &Vectors) -> Result<Records> {
        let mut examples = HashMap::new();
        for v in &vectors.consumer {
            let wanted = v.id.ends_with(".example") || BORROWED.contains(&v.id.as_str());
            let Some(input) = v.input.as_deref().filter(|_| wanted) else { continue };
            let value: Value = serde_json::from_str(input).map_err(|e| Error::format(&v.id, e.to_string()))?;
            examples.insert(v.id.clone(), value);
        }
        // The spec's example request of each method: what a request envelope holds.
        for v in vectors.requests.iter().filter(|v| v.id.starts_with("req.") && v.id.ends_with(".example")) {
            let Some(input) = v.input.as_deref() else { continue };
            let value: Value = serde_json::from_str(input).map_err(|e| Error::format(&v.id, e.to_string()))?;
            examples.insert(v.id.clone(), value);
        }
        for id in BORROWED {
            if !examples.contains_key(*id) {
                return Err(Error::format(id, "the client suite needs this consumer vector"));
            }
        }
        Ok(Records { examples })
    }

    /// The record of vector `id` (an empty object if the vectors lack it; `new` checked the
    /// ones every scenario needs).
    pub fn vector(&self, id: &str) -> Value {
        self.examples.get(id).cloned().unwrap_or_else(|| json!({}))
    }

    /// The example response of `method`.
    pub fn response(&self, method: &str) -> Value {
        self.vector(&format!("resp.{method}.example"))
    }

    /// The example request of `method`.
    pub fn request(&self, method: &str) -> Value {
        self.vector(&format!("req.{method}.example"))
    }

    /// The example event `name`.
    pub fn event(&self, name: &str) -> Value {
        self.vector(&format!("event.{name}.example"))
    }

    /// The unknown member (name and value) that `EXTENDED` adds to its example.
    pub fn extension(&self) -> Option<(String, Value)> {
        let base = self.vector(EXTENDED_BASE);
        let extended = self.vector(EXTENDED);
        extended.as_object()?.iter().find(|(k, _)| base.get(k.as_str()).is_none()).map(|(k, v)| (k.clone(), v.clone()))
    }

    /// The example initialize result (payload only).
    pub fn initialize_result(&self) -> Value {
        self.vector(INITIALIZE)["payload"].clone()
    }
}

/// Identities the scripted daemon serves under: the example initialize result's, so the
/// handshake and initialize agree unless a scenario makes them differ.
#[derive(Debug, Clone)]
pub struct Served {
    pub version: String,
    pub instance_id: String,
    pub workspace_id: String,
    pub state_root_id: String,
    /// Connection IDs are the example's with the connection's number appended.
    pub connection_base: String,
}

impl Served {
    pub fn new(records: &Records, version: &str) -> Served {
        let init = records.initialize_result();
        let s = |k: &str| init[k].as_str().unwrap_or_default().to_owned();
        Served {
            version: version.to_owned(),
            instance_id: s("instance_id"),
            workspace_id: s("workspace_id"),
            state_root_id: s("state_root_id"),
            connection_base: s("connection_id"),
        }
    }

    pub fn connection_id(&self, conn: u32) -> String {
        format!("{}{conn}", self.connection_base)
    }
}

/// `template` answering `request` on a connection with `connection_id`: the request's
/// `request_id`, `session_id` and `operation_id` echoed, identities set where the template
/// has them (initialize's envelope keeps its `null`s).
pub fn answer(mut template: Value, request: &Value, served: &Served, connection_id: &str) -> Value {
    for slot in ["request_id", "session_id", "operation_id"] {
        template[slot] = request.get(slot).cloned().unwrap_or(Value::Null);
    }
    if !template["instance_id"].is_null() {
        template["instance_id"] = json!(served.instance_id);
    }
    if !template["connection_id"].is_null() {
        template["connection_id"] = json!(connection_id);
    }
    template
}

/// An error answer of `code` with `message` to `request` (from the unknown-code vector's shape).
pub fn error(
    records: &Records,
    request: &Value,
    served: &Served,
    connection_id: &str,
    code: &str,
    message: &str,
) -> Value {
    let mut v = answer(records.vector(UNKNOWN_CODE), request, served, connection_id);
    v["error"]["code"] = json!(code);
    v["error"]["message"] = json!(message);
    v
}
