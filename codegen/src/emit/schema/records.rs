//! Whole-record schemas: each envelope specialized per method and per event (slot rules,
//! correlation, payload type), and the entry points `records/request|response|event|session_message`.

use super::types::{field, group_ref, named_ref, object, Mode};
use crate::ir::{Correlation, Envelope, Event, Operation, SlotRule, Spec, TypeRef};
use serde_json::{json, Map, Value};

/// The envelope as an object schema, before specialization.
pub fn envelope(spec: &Spec, env: &Envelope, mode: Mode) -> Value {
    object(spec, &env.fields, &[], mode)
}

/// The schema of an envelope slot's own type, without null.
fn set(spec: &Spec, env: &Envelope, name: &str, mode: Mode) -> Value {
    env.fields.iter().find(|f| f.name == name).map_or_else(
        || json!({}),
        |f| {
            let mut s = field(spec, &crate::ir::Field { nullable: false, ..f.clone() }, mode);
            if let Some(o) = s.as_object_mut() {
                o.remove("description");
            }
            s
        },
    )
}

fn null_schema() -> Value {
    json!({ "type": "null" })
}

/// Replace some properties of an envelope schema.
fn specialize(mut s: Value, overrides: Vec<(&str, Value)>) -> Value {
    for (name, schema) in overrides {
        s["properties"][name] = schema;
    }
    s
}

fn slot(spec: &Spec, env: &Envelope, name: &str, rule: SlotRule) -> Value {
    match rule {
        SlotRule::Null => null_schema(),
        SlotRule::Required => set(spec, env, name, Mode::Strict),
    }
}

/// A request of one method: slot rules, method and version fixed, strict payload.
pub fn request(spec: &Spec, op: &Operation) -> Value {
    let env = &spec.request_envelope;
    let operation_rule = if op.mutation { SlotRule::Required } else { SlotRule::Null };
    let mut overrides = vec![
        ("protocol_version", json!({ "const": spec.protocol_version })),
        ("method", json!({ "const": op.method })),
        ("session_id", slot(spec, env, "session_id", op.session_id)),
        ("operation_id", slot(spec, env, "operation_id", operation_rule)),
        ("control", slot(spec, env, "control", op.control)),
        ("payload", named_ref(Mode::Strict, &op.request)),
    ];
    // The identities from initialize are carried by every later request ("null only on
    // initialize"); initialize itself keeps the envelope's nullable slot.
    if op.requires_initialization {
        overrides.push(("instance_id", set(spec, env, "instance_id", Mode::Strict)));
        overrides.push(("connection_id", set(spec, env, "connection_id", Mode::Strict)));
    }
    let mut s = specialize(envelope(spec, env, Mode::Strict), overrides);
    s["title"] = json!(format!("{} request", op.method));
    s
}

/// Exactly one of `payload` and `error` is non-null; `payload` is `success` on success. Said
/// as `if`/`then`/`else` on `error`, so a validator names the one slot that is wrong.
fn outcome(spec: &Spec, success: Value) -> Value {
    let error = spec.response_envelope.fields.iter().find(|f| f.name == "error").map(|f| match &f.ty {
        TypeRef::Named(n) => named_ref(Mode::Consumer, n),
        other => super::types::type_ref(spec, other, Mode::Consumer),
    });
    let error = error.unwrap_or_else(|| json!({}));
    json!({
        "if": { "properties": { "error": null_schema() } },
        "then": { "title": "success", "properties": { "payload": success } },
        "else": { "title": "error", "properties": { "payload": null_schema(), "error": error } },
    })
}

/// A response to one method, as a consumer reads it.
pub fn response(spec: &Spec, op: &Operation) -> Value {
    let env = &spec.response_envelope;
    let mut s = specialize(
        envelope(spec, env, Mode::Consumer),
        vec![("protocol_version", json!({ "const": spec.protocol_version }))],
    );
    s["allOf"] = json!([outcome(spec, named_ref(Mode::Consumer, &op.response))]);
    s["title"] = json!(format!("{} response", op.method));
    s
}

/// Any response: the payload is some non-null JSON value, or the error is set.
pub fn any_response(spec: &Spec) -> Value {
    let env = &spec.response_envelope;
    let mut s = specialize(
        envelope(spec, env, Mode::Consumer),
        vec![("protocol_version", json!({ "const": spec.protocol_version }))],
    );
    s["allOf"] = json!([outcome(spec, json!({ "$ref": "#/$defs/json", "not": null_schema() }))]);
    s["title"] = json!("response");
    s
}

fn correlated(spec: &Spec, env: &Envelope, name: &str, c: Correlation) -> Value {
    match c {
        Correlation::Set => set(spec, env, name, Mode::Consumer),
        Correlation::Null => null_schema(),
    }
}

/// An event of one name: correlation rules and payload type.
pub fn event(spec: &Spec, e: &Event) -> Value {
    let env = &spec.event_envelope;
    let c = &e.correlation;
    let overrides = vec![
        ("protocol_version", json!({ "const": spec.protocol_version })),
        ("event", json!({ "const": e.name })),
        ("session_id", correlated(spec, env, "session_id", c.session_id)),
        ("operation_id", correlated(spec, env, "operation_id", c.operation_id)),
        ("grant_generation", correlated(spec, env, "grant_generation", c.grant_generation)),
        ("live_sequence", correlated(spec, env, "live_sequence", c.live_sequence)),
        ("payload", named_ref(Mode::Consumer, &e.payload)),
    ];
    let mut s = specialize(envelope(spec, env, Mode::Consumer), overrides);
    s["title"] = json!(format!("{} event", e.name));
    s
}

/// A choice among record schemas by the value of one member (`kind`, `method`, `event`), as
/// `if`/`then` branches: a record is checked against the one schema its member names, so a
/// generic validator reports that schema's real violation. An unknown value fails the `enum`.
pub fn dispatch(description: &str, key: &str, branches: Vec<(String, Value)>) -> Value {
    let values: Vec<&str> = branches.iter().map(|(v, _)| v.as_str()).collect();
    let all_of: Vec<Value> = branches.iter().map(|(v, then)| discriminated_branch(key, v, then.clone())).collect();
    json!({
        "description": description,
        "type": "object",
        "required": [key],
        "properties": { key: { "enum": values } },
        "allOf": all_of,
    })
}

fn discriminated_branch(key: &str, value: &str, then: Value) -> Value {
    json!({ "if": super::types::discriminated(&[(key.to_string(), value.to_string())]), "then": then })
}

/// The entry points: one per record family.
pub fn entries(spec: &Spec) -> Map<String, Value> {
    let mut m = Map::new();
    let requests: Vec<(String, Value)> =
        spec.operations.iter().map(|o| (o.method.clone(), group_ref("requests", &o.method))).collect();
    let events: Vec<(String, Value)> =
        spec.events.iter().map(|e| (e.name.clone(), group_ref("events", &e.name))).collect();
    let method = spec.request_envelope.payload_key.as_deref().unwrap_or("method");
    let event = spec.event_envelope.payload_key.as_deref().unwrap_or("event");
    m.insert("request".into(), dispatch("Any valid request record (server side, strict).", method, requests));
    m.insert("response".into(), json!({ "description": "Any response record (consumer side); use responses/<method> to check the payload type.", "$ref": "#/$defs/responses/$defs/any" }));
    m.insert(
        "event".into(),
        dispatch("Any known event record (consumer side); an unknown event name is rejected.", event, events),
    );
    m.insert("session_message".into(), named_ref(Mode::Consumer, &spec.messages.ty));
    m.insert(
        "consumer".into(),
        dispatch(
            "Any record a consumer accepts: a response or a known event; other kinds are rejected.",
            "kind",
            kinds(spec, &["response", "event"]),
        ),
    );
    m
}

/// The record kinds (each envelope's `kind` const) with their entry points.
pub fn kinds(spec: &Spec, which: &[&str]) -> Vec<(String, Value)> {
    [("request", &spec.request_envelope), ("response", &spec.response_envelope), ("event", &spec.event_envelope)]
        .into_iter()
        .filter(|(entry, _)| which.contains(entry))
        .map(|(entry, env)| {
            let kind = env
                .fields
                .iter()
                .find(|f| f.name == "kind")
                .and_then(|f| f.constant.as_ref())
                .and_then(Value::as_str)
                .unwrap_or(entry)
                .to_string();
            (kind, json!({ "$ref": format!("#/$defs/records/$defs/{entry}") }))
        })
        .collect()
}
