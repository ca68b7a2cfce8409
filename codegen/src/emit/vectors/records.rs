//! Whole records: request, response and event envelopes around a payload, laid out in the IR's
//! field order, and the record-level measures docs/decoding.md applies before any schema check
//! (record bytes, structural limits, compact payload bytes).

use super::node::{self, Node};
use super::Cx;
use crate::ir::{Correlation, Envelope, Event, Operation, SlotRule, Spec, TypeRef};
use serde_json::{json, Map, Value};

/// Identities the vectors use. The session, turn, login and claim IDs match the spec's examples
/// so payload identities agree with envelope identities.
pub const REQUEST_ID: &str = "req-1";
pub const SESSION_ID: &str = "s-01";
pub const OPERATION_ID: &str = "op-1";
pub const CLAIM_ID: &str = "cl-1";
pub const GRANT_GENERATION: u64 = 1;
pub const LIVE_SEQUENCE: u64 = 1;

/// Name of the unknown member the vectors add; no version of the spec declares it.
pub const FUTURE_MEMBER: &str = "future_field";

/// The envelope slots a response echoes from its request (docs/decoding.md).
pub const ECHOED: [&str; 3] = ["request_id", "session_id", "operation_id"];

/// The operation the envelope vectors are built around: every slot set (a session, an
/// operation ID and control), preferring one whose example payload has members to mutate.
/// Bases are picked by their slot rules, not by name, so they follow the spec.
pub fn all_slots_op(spec: &Spec) -> Option<&Operation> {
    let all = |o: &&Operation| o.session_id == SlotRule::Required && o.mutation && o.control == SlotRule::Required;
    let rich = |o: &&Operation| o.examples.first().and_then(|e| e.request.as_object()).is_some_and(|m| !m.is_empty());
    spec.operations.iter().filter(all).find(rich).or_else(|| spec.operations.iter().find(all))
}

/// An operation with no slot set that needs no initialization (`initialize`).
pub fn no_slots_op(spec: &Spec) -> Option<&Operation> {
    spec.operations.iter().find(|o| {
        o.session_id == SlotRule::Null && !o.mutation && o.control == SlotRule::Null && !o.requires_initialization
    })
}

/// A read after initialization with no slot set (`status`): the plainest record.
pub fn plain_read_op(spec: &Spec) -> Option<&Operation> {
    spec.operations.iter().find(|o| {
        o.session_id == SlotRule::Null && !o.mutation && o.control == SlotRule::Null && o.requires_initialization
    })
}

/// Value of an envelope member: its constant, the identity the vectors use, or `null`.
fn envelope(env: &Envelope, value_of: impl Fn(&str) -> Option<Value>) -> Value {
    let mut map = Map::new();
    for f in &env.fields {
        let v = f.constant.clone().or_else(|| value_of(&f.name)).unwrap_or(Value::Null);
        map.insert(f.name.clone(), v);
    }
    Value::Object(map)
}

fn set_if(set: bool, v: Value) -> Option<Value> {
    Some(if set { v } else { Value::Null })
}

/// A valid request record of `op` around `payload`, honouring the operation's slot rules.
pub fn request(cx: &Cx, op: &Operation, payload: Value) -> Value {
    let init = op.requires_initialization;
    envelope(&cx.spec.request_envelope, |name| match name {
        "protocol_version" => Some(json!(cx.spec.protocol_version)),
        "request_id" => Some(json!(REQUEST_ID)),
        "instance_id" => set_if(init, json!(cx.instance_id)),
        "connection_id" => set_if(init, json!(cx.connection_id)),
        "session_id" => set_if(op.session_id == SlotRule::Required, json!(SESSION_ID)),
        "operation_id" => set_if(op.mutation, json!(OPERATION_ID)),
        "control" => set_if(
            op.control == SlotRule::Required,
            json!({"claim_id": CLAIM_ID, "grant_generation": GRANT_GENERATION}),
        ),
        "method" => Some(json!(op.method)),
        "payload" => Some(payload.clone()),
        _ => None,
    })
}

/// A response record to a request of `op`: success when `error` is `None`.
pub fn response(cx: &Cx, op: &Operation, payload: Value, error: Option<Value>) -> Value {
    let init = op.requires_initialization;
    let success = error.is_none();
    envelope(&cx.spec.response_envelope, |name| match name {
        "protocol_version" => Some(json!(cx.spec.protocol_version)),
        "request_id" => Some(json!(REQUEST_ID)),
        "instance_id" => set_if(init, json!(cx.instance_id)),
        "connection_id" => set_if(init, json!(cx.connection_id)),
        "session_id" => set_if(op.session_id == SlotRule::Required, json!(SESSION_ID)),
        "operation_id" => set_if(op.mutation, json!(OPERATION_ID)),
        "payload" => set_if(success, payload.clone()),
        "error" => error.clone(),
        _ => None,
    })
}

/// An event record around `payload`, honouring the event's correlation; a payload that names a
/// session names the envelope's.
pub fn event(cx: &Cx, ev: &Event, payload: Value) -> Value {
    let c = &ev.correlation;
    let slot = cx.spec.event_envelope.fields.iter().find(|f| f.name == "session_id");
    let fits = |v: &&Value| {
        slot.is_some_and(|f| crate::validate::check(cx.spec, &f.ty, v, crate::validate::Mode::Strict).is_ok())
    };
    let session = payload.get("session_id").filter(fits).cloned().unwrap_or(json!(SESSION_ID));
    envelope(&cx.spec.event_envelope, |name| match name {
        "protocol_version" => Some(json!(cx.spec.protocol_version)),
        "event" => Some(json!(ev.name)),
        "instance_id" => Some(json!(cx.instance_id)),
        "connection_id" => Some(json!(cx.connection_id)),
        "session_id" => set_if(c.session_id == Correlation::Set, session.clone()),
        "operation_id" => set_if(c.operation_id == Correlation::Set, json!(OPERATION_ID)),
        "grant_generation" => set_if(c.grant_generation == Correlation::Set, json!(GRANT_GENERATION)),
        "live_sequence" => set_if(c.live_sequence == Correlation::Set, json!(LIVE_SEQUENCE)),
        "payload" => Some(payload.clone()),
        _ => None,
    })
}

/// An error object with the code's fixed message.
pub fn error_object(cx: &Cx, code: &str) -> Value {
    let message = cx.spec.error(code).map_or("", |e| e.message.as_str());
    json!({"code": code, "message": message})
}

/// Which envelope a record uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    Request,
    Response,
    Event,
}

impl Which {
    pub fn envelope<'s>(self, cx: &Cx<'s>) -> &'s Envelope {
        match self {
            Which::Request => &cx.spec.request_envelope,
            Which::Response => &cx.spec.response_envelope,
            Which::Event => &cx.spec.event_envelope,
        }
    }
}

/// The record in the IR's member order; `payload_ty` types the payload slot (for responses the
/// record does not name its method, so the caller says).
pub fn layout(cx: &Cx, which: Which, record: &Value, payload_ty: Option<&TypeRef>) -> Node {
    let Some(map) = record.as_object() else {
        return Node::plain(record);
    };
    let payload_ty = payload_ty.cloned().or_else(|| match which {
        Which::Request => {
            record["method"].as_str().and_then(|m| cx.spec.operation(m)).map(|o| TypeRef::Named(o.request.clone()))
        }
        Which::Event => {
            record["event"].as_str().and_then(|e| cx.spec.event(e)).map(|e| TypeRef::Named(e.payload.clone()))
        }
        Which::Response => None,
    });
    let order: Vec<(String, Option<TypeRef>)> = which
        .envelope(cx)
        .fields
        .iter()
        .map(|f| (f.name.clone(), if f.ty == TypeRef::Payload { payload_ty.clone() } else { Some(f.ty.clone()) }))
        .collect();
    node::ordered(cx.spec, map, &order, None)
}

/// The largest nesting depth, array, object, and string or member name (UTF-8 bytes) of a value.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Measure {
    pub depth: usize,
    pub items: usize,
    pub fields: usize,
    pub string_bytes: usize,
}

impl Measure {
    /// The top-level container is depth 1 (docs/decoding.md).
    pub fn of(v: &Value) -> Measure {
        match v {
            Value::String(s) => Measure { string_bytes: s.len(), ..Measure::default() },
            Value::Array(items) => {
                let inner = items.iter().map(Measure::of).fold(Measure::default(), Measure::max);
                Measure { depth: inner.depth + 1, items: inner.items.max(items.len()), ..inner }
            }
            Value::Object(map) => {
                let keys = map.keys().map(String::len).max().unwrap_or(0);
                let inner = map.values().map(Measure::of).fold(Measure::default(), Measure::max);
                Measure {
                    depth: inner.depth + 1,
                    fields: inner.fields.max(map.len()),
                    string_bytes: inner.string_bytes.max(keys),
                    ..inner
                }
            }
            _ => Measure::default(),
        }
    }

    fn max(self, o: Measure) -> Measure {
        Measure {
            depth: self.depth.max(o.depth),
            items: self.items.max(o.items),
            fields: self.fields.max(o.fields),
            string_bytes: self.string_bytes.max(o.string_bytes),
        }
    }

    /// Whether any structural limit of the spec is crossed.
    pub fn crosses(&self, cx: &Cx) -> bool {
        let limit = |name: &str| usize::try_from(cx.spec.limit_value(name)).unwrap_or(usize::MAX);
        self.depth > limit("max_json_depth")
            || self.items > limit("max_array_items")
            || self.fields > limit("max_object_fields")
            || self.string_bytes > limit("max_string_bytes")
    }
}

/// Bytes of the compact encoding of a request's payload (check 8 of docs/decoding.md).
pub fn payload_bytes(record: &Value) -> usize {
    record.get("payload").map_or(0, |p| p.to_string().len())
}

/// The value, if any, nested `depth` containers deep (arrays): `[[…]]`.
pub fn nested_arrays(depth: usize) -> Value {
    (0..depth)
        .fold(None, |inner: Option<Value>, _| Some(Value::Array(inner.into_iter().collect())))
        .unwrap_or(Value::Null)
}

/// An object with `n` members `f0`, `f1`, … holding 0.
pub fn wide_object(n: usize) -> Value {
    Value::Object((0..n).map(|i| (format!("f{i}"), json!(0))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_depth_items_fields_and_bytes() {
        let v = json!({"a": [[1, 2, 3]], "ééé": "xy"});
        assert_eq!(Measure::of(&v), Measure { depth: 3, items: 3, fields: 2, string_bytes: 6 });
        assert_eq!(Measure::of(&nested_arrays(4)).depth, 4);
        assert_eq!(Measure::of(&wide_object(65)).fields, 65);
    }
}
