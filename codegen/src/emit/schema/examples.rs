//! `generated/schema/examples.json`: every example of the spec tagged with the schema it must
//! satisfy, whole records built around them, and single-member mutations of every payload
//! example labelled valid or invalid by the IR interpreter ([`crate::validate`]), so the JSON
//! Schema is checked against the same oracle as the spec's own examples.

use super::types::{token, Mode};
use super::ID;
use crate::ir::{Correlation, Event, Operation, RecordShape, SlotRule, Spec, TypeRef};
use crate::validate::{check, Mode as Check};
use serde_json::{json, Map, Value};

pub const PATH: &str = "generated/schema/examples.json";

/// Placeholder identities used in synthesized records.
const INSTANCE: &str = "in_0123456789abcdef";
const CONNECTION: &str = "cn_0123456789abcdef";
const SESSION: &str = "s-01";
const OPERATION: &str = "op-1";
const REQUEST: &str = "req-1";

/// A member added to test unknown-member handling.
pub const UNKNOWN_MEMBER: &str = "zz_future_member";

struct Case {
    name: String,
    schema: String,
    valid: bool,
    value: Value,
}

impl Case {
    fn json(&self) -> Value {
        json!({ "name": self.name, "schema": self.schema, "valid": self.valid, "value": self.value })
    }
}

fn type_schema(mode: Mode, name: &str) -> String {
    format!("#/$defs/{}/$defs/{}", mode.group(), token(name))
}

fn group_schema(group: &str, name: &str) -> String {
    format!("#/$defs/{group}/$defs/{}", token(name))
}

pub fn document(spec: &Spec) -> Value {
    let [a, b] = super::header_lines();
    let cases: Vec<Value> = cases(spec).iter().map(Case::json).collect();
    json!({ "$comment": format!("{a} {b}"), "schema": ID, "cases": cases })
}

fn cases(spec: &Spec) -> Vec<Case> {
    let mut out = Vec::new();
    for op in &spec.operations {
        operation_cases(spec, op, &mut out);
    }
    for e in &spec.events {
        event_cases(spec, e, &mut out);
    }
    for (i, m) in spec.messages.examples.iter().enumerate() {
        let name = format!("session message example {}", i + 1);
        payload_cases(spec, &name, &spec.messages.ty, m, Mode::Consumer, &mut out);
        out.push(Case {
            name: format!("{name} (entry point)"),
            schema: group_schema("records", "session_message"),
            valid: true,
            value: m.clone(),
        });
    }
    walkthrough_cases(spec, &mut out);
    out
}

/// Every complete record of the walkthrough, against its entry point and the whole schema.
fn walkthrough_cases(spec: &Spec, out: &mut Vec<Case>) {
    for (i, step) in spec.walkthrough.iter().enumerate() {
        let Some((shape, record)) = &step.record else { continue };
        let name = format!("walkthrough step {} ({})", i + 1, step.title);
        let (schema, whole) = match shape {
            RecordShape::Launch(ty) => (type_schema(Mode::Strict, ty), false),
            RecordShape::Request { .. } => (group_schema("records", "request"), true),
            RecordShape::Response { method } => (group_schema("responses", method), true),
            RecordShape::Event { .. } => (group_schema("records", "event"), true),
        };
        out.push(Case { name: name.clone(), schema, valid: true, value: record.clone() });
        if whole {
            out.push(Case {
                name: format!("{name}, whole schema"),
                schema: "#".to_string(),
                valid: true,
                value: record.clone(),
            });
        }
    }
}

fn operation_cases(spec: &Spec, op: &Operation, out: &mut Vec<Case>) {
    for (i, ex) in op.examples.iter().enumerate() {
        let name = format!("{} example {}", op.method, i + 1);
        payload_cases(spec, &format!("{name} request payload"), &op.request, &ex.request, Mode::Strict, out);
        out.push(Case {
            name: format!("{name} request payload (consumer)"),
            schema: type_schema(Mode::Consumer, &op.request),
            valid: true,
            value: ex.request.clone(),
        });
        payload_cases(spec, &format!("{name} success payload"), &op.response, &ex.response, Mode::Consumer, out);
        let request = request_record(spec, op, &ex.request);
        out.push(Case {
            name: format!("{name} request record"),
            schema: group_schema("requests", &op.method),
            valid: true,
            value: request.clone(),
        });
        out.push(Case {
            name: format!("{name} request record (entry point)"),
            schema: group_schema("records", "request"),
            valid: true,
            value: request,
        });
        let response = response_record(spec, op, Some(&ex.response));
        out.push(Case {
            name: format!("{name} response record"),
            schema: group_schema("responses", &op.method),
            valid: true,
            value: response.clone(),
        });
        out.push(Case {
            name: format!("{name} response record (entry point)"),
            schema: group_schema("records", "response"),
            valid: true,
            value: response,
        });
    }
    out.push(Case {
        name: format!("{} error response record", op.method),
        schema: group_schema("responses", &op.method),
        valid: true,
        value: response_record(spec, op, None),
    });
}

fn event_cases(spec: &Spec, e: &Event, out: &mut Vec<Case>) {
    for (i, ex) in e.examples.iter().enumerate() {
        let name = format!("{} example {}", e.name, i + 1);
        payload_cases(spec, &format!("{name} payload"), &e.payload, ex, Mode::Consumer, out);
        let record = event_record(spec, e, ex);
        out.push(Case {
            name: format!("{name} record"),
            schema: group_schema("events", &e.name),
            valid: true,
            value: record.clone(),
        });
        out.push(Case {
            name: format!("{name} record (entry point)"),
            schema: group_schema("records", "event"),
            valid: true,
            value: record,
        });
    }
}

/// The example itself, then its single-member mutations labelled by the IR interpreter.
fn payload_cases(spec: &Spec, name: &str, ty: &str, value: &Value, mode: Mode, out: &mut Vec<Case>) {
    let schema = type_schema(mode, ty);
    out.push(Case { name: name.to_string(), schema: schema.clone(), valid: true, value: value.clone() });
    let oracle = match mode {
        Mode::Strict => Check::Strict,
        Mode::Consumer => Check::Tolerant,
    };
    let named = TypeRef::Named(ty.to_string());
    for (what, mutated) in mutations(value) {
        let valid = check(spec, &named, &mutated, oracle).is_ok();
        out.push(Case { name: format!("{name}, {what}"), schema: schema.clone(), valid, value: mutated });
    }
}

/// Single-member changes of an object, restricted to what JSON Schema can judge exactly
/// (ASCII strings, no integers written with a fraction).
pub fn mutations(value: &Value) -> Vec<(String, Value)> {
    let Some(map) = value.as_object() else {
        return Vec::new();
    };
    let mut out = vec![(format!("with unknown member `{UNKNOWN_MEMBER}`"), with(map, UNKNOWN_MEMBER, json!(true)))];
    // By name, whichever order the map keeps (see `emit::json_text`).
    let mut members: Vec<(&String, &Value)> = map.iter().collect();
    members.sort_unstable_by_key(|(k, _)| *k);
    for (k, v) in members {
        let mut removed = map.clone();
        removed.remove(k);
        out.push((format!("without `{k}`"), Value::Object(removed)));
        if !v.is_null() {
            out.push((format!("`{k}` null"), with(map, k, Value::Null)));
        }
        let swapped = match v {
            Value::String(_) => json!(7),
            Value::Bool(_) => json!(0),
            Value::Number(_) => json!(-1),
            Value::Null => json!("~"),
            Value::Array(_) | Value::Object(_) => json!("~"),
        };
        out.push((format!("`{k}` replaced by {swapped}"), with(map, k, swapped)));
        if v.is_string() {
            out.push((format!("`{k}` replaced by \"~\""), with(map, k, json!("~"))));
        }
    }
    out
}

fn with(map: &Map<String, Value>, key: &str, value: Value) -> Value {
    let mut m = map.clone();
    m.insert(key.to_string(), value);
    Value::Object(m)
}

fn control() -> Value {
    json!({ "claim_id": "cl-1", "grant_generation": 1 })
}

/// A request record around a payload, following the operation's slot rules.
pub fn request_record(spec: &Spec, op: &Operation, payload: &Value) -> Value {
    let initialized = |id: &str| {
        if op.requires_initialization {
            json!(id)
        } else {
            Value::Null
        }
    };
    let mut m = Map::new();
    for f in &spec.request_envelope.fields {
        let v = match f.name.as_str() {
            "protocol_version" => json!(spec.protocol_version),
            "request_id" => json!(REQUEST),
            "instance_id" => initialized(INSTANCE),
            "connection_id" => initialized(CONNECTION),
            "session_id" => slot(op.session_id, json!(SESSION)),
            "operation_id" => slot(if op.mutation { SlotRule::Required } else { SlotRule::Null }, json!(OPERATION)),
            "control" => slot(op.control, control()),
            "method" => json!(op.method),
            "payload" => payload.clone(),
            _ => f.constant.clone().unwrap_or(Value::Null),
        };
        m.insert(f.name.clone(), v);
    }
    Value::Object(m)
}

fn slot(rule: SlotRule, set: Value) -> Value {
    match rule {
        SlotRule::Null => Value::Null,
        SlotRule::Required => set,
    }
}

/// A response record: success around `payload`, or a fixed `invalid_payload` error.
pub fn response_record(spec: &Spec, op: &Operation, payload: Option<&Value>) -> Value {
    let error = spec.error("invalid_payload").map_or(Value::Null, |e| json!({ "code": e.code, "message": e.message }));
    let mut m = Map::new();
    for f in &spec.response_envelope.fields {
        let v = match f.name.as_str() {
            "protocol_version" => json!(spec.protocol_version),
            "request_id" => json!(REQUEST),
            "instance_id" => json!(INSTANCE),
            "connection_id" => json!(CONNECTION),
            "session_id" => slot(op.session_id, json!(SESSION)),
            "operation_id" => slot(if op.mutation { SlotRule::Required } else { SlotRule::Null }, json!(OPERATION)),
            "payload" => payload.cloned().unwrap_or(Value::Null),
            "error" => {
                if payload.is_some() {
                    Value::Null
                } else {
                    error.clone()
                }
            }
            _ => f.constant.clone().unwrap_or(Value::Null),
        };
        m.insert(f.name.clone(), v);
    }
    Value::Object(m)
}

/// An event record following the event's correlation rules.
pub fn event_record(spec: &Spec, e: &Event, payload: &Value) -> Value {
    let c = &e.correlation;
    let pick = |x: Correlation, set: Value| {
        if x == Correlation::Set {
            set
        } else {
            Value::Null
        }
    };
    let mut m = Map::new();
    for f in &spec.event_envelope.fields {
        let v = match f.name.as_str() {
            "protocol_version" => json!(spec.protocol_version),
            "event" => json!(e.name),
            "instance_id" => json!(INSTANCE),
            "connection_id" => json!(CONNECTION),
            "session_id" => pick(c.session_id, json!(SESSION)),
            "operation_id" => pick(c.operation_id, json!(OPERATION)),
            "grant_generation" => pick(c.grant_generation, json!(1)),
            "live_sequence" => pick(c.live_sequence, json!(1)),
            "payload" => payload.clone(),
            _ => f.constant.clone().unwrap_or(Value::Null),
        };
        m.insert(f.name.clone(), v);
    }
    Value::Object(m)
}
