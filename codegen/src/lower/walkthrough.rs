//! The life of a client (`[[walkthrough]]`): complete records in the order a client meets
//! them. Every record is checked here as what it is — discovery, a handshake line, or a wire v2
//! request, response or event with its payload — including the envelope slot rules of its
//! operation or event, so the reference can print them as correct records.

use super::Lower;
use crate::compat::reach::Reachability;
use crate::ir::{Correlation, Field, Party, RecordShape, SlotRule, Spec, Step, TypeRef};
use crate::spec::raw::RawStep;
use crate::validate::{check, check_fields, Mode};
use serde_json::Value;
use std::collections::HashMap;
use std::ops::Range;

/// The payload a walkthrough record may name instead of writing it out.
const INITIALIZE_PAYLOAD: &str = "@initialize";

impl Lower<'_> {
    pub(super) fn walkthrough(&mut self, spec: &Spec) -> Vec<Step> {
        let mut pending: HashMap<String, String> = HashMap::new();
        let mut steps = Vec::new();
        for raw in &self.raw.walkthrough {
            let span = raw.span();
            if let Some(step) = self.step(spec, &span, raw.get_ref(), &mut pending) {
                steps.push(step);
            }
        }
        steps
    }

    fn step(
        &mut self,
        spec: &Spec,
        span: &Range<usize>,
        raw: &RawStep,
        pending: &mut HashMap<String, String>,
    ) -> Option<Step> {
        let from = match raw.from.get_ref().as_str() {
            "client" => Party::Client,
            "launcher" => Party::Launcher,
            "daemon" => Party::Daemon,
            other => {
                self.error(
                    raw.from.span(),
                    format!("walkthrough `from` must be client, launcher or daemon, not `{other}`"),
                );
                return None;
            }
        };
        let record = match &raw.record {
            None => None,
            Some(text) => {
                let mut value: Value = match serde_json::from_str(text) {
                    Ok(v) => v,
                    Err(e) => {
                        self.error(span.clone(), format!("walkthrough record is not JSON: {e}"));
                        return None;
                    }
                };
                if value.get("payload").and_then(Value::as_str) == Some(INITIALIZE_PAYLOAD) {
                    value["payload"] = crate::advertise::initialize_example(spec);
                }
                let ty = raw.ty.as_deref();
                match record_shape(spec, from, ty, &value, pending) {
                    Ok(shape) => Some((shape, value)),
                    Err(message) => {
                        self.error(span.clone(), format!("walkthrough record `{}`: {message}", raw.title));
                        return None;
                    }
                }
            }
        };
        Some(Step { title: raw.title.clone(), doc: raw.doc.clone(), from, record })
    }
}

/// What a record is, checked completely as that.
fn record_shape(
    spec: &Spec,
    from: Party,
    ty: Option<&str>,
    v: &Value,
    pending: &mut HashMap<String, String>,
) -> Result<RecordShape, String> {
    if let Some(name) = ty {
        return launch(spec, name, v);
    }
    let Some(kind) = v.get("kind").and_then(Value::as_str) else {
        return Err("a record outside wire v2 (no `kind`) needs `type`".to_string());
    };
    match (from, kind) {
        (Party::Client, "request") => request(spec, v, pending),
        (Party::Daemon, "response") => response(spec, v, pending),
        (Party::Daemon, "event") => event(spec, v),
        _ => Err(format!("a {} does not send `{kind}` records", from.label())),
    }
}

/// A record before wire v2: one of the named types no wire root reaches.
fn launch(spec: &Spec, name: &str, v: &Value) -> Result<RecordShape, String> {
    if spec.ty(name).is_none() {
        return Err(format!("undeclared type `{name}`"));
    }
    if Reachability::of(spec).ty(name).is_wire() {
        return Err(format!("`{name}` is a wire v2 type; write the whole wire record instead"));
    }
    check(spec, &TypeRef::Named(name.to_string()), v, Mode::Strict).map_err(|p| format!("not a `{name}`: {p}"))?;
    Ok(RecordShape::Launch(name.to_string()))
}

fn envelope(spec: &Spec, fields: &[Field], v: &Value) -> Result<(), String> {
    check_fields(spec, fields, v, Mode::Strict).map_err(|p| format!("envelope {p}"))
}

fn payload(spec: &Spec, ty: &str, v: &Value) -> Result<(), String> {
    let payload = v.get("payload").unwrap_or(&Value::Null);
    check(spec, &TypeRef::Named(ty.to_string()), payload, Mode::Strict).map_err(|p| format!("payload {p}"))
}

fn slot(v: &Value, name: &str, rule: SlotRule) -> Result<(), String> {
    let set = !v.get(name).unwrap_or(&Value::Null).is_null();
    match (rule, set) {
        (SlotRule::Null, true) => Err(format!("`{name}` must be null")),
        (SlotRule::Required, false) => Err(format!("`{name}` is required")),
        _ => Ok(()),
    }
}

fn request(spec: &Spec, v: &Value, pending: &mut HashMap<String, String>) -> Result<RecordShape, String> {
    envelope(spec, &spec.request_envelope.fields, v)?;
    let method = v["method"].as_str().unwrap_or_default();
    let op = spec.operation(method).ok_or_else(|| format!("unknown method `{method}`"))?;
    payload(spec, &op.request, v)?;
    slot(v, "session_id", op.session_id)?;
    slot(v, "control", op.control)?;
    slot(v, "operation_id", if op.mutation { SlotRule::Required } else { SlotRule::Null })?;
    let initialized = if op.requires_initialization { SlotRule::Required } else { SlotRule::Null };
    slot(v, "instance_id", initialized)?;
    slot(v, "connection_id", initialized)?;
    let id = v["request_id"].as_str().unwrap_or_default().to_string();
    if pending.insert(id.clone(), method.to_string()).is_some() {
        return Err(format!("request_id `{id}` is already in flight"));
    }
    Ok(RecordShape::Request { method: method.to_string() })
}

fn response(spec: &Spec, v: &Value, pending: &mut HashMap<String, String>) -> Result<RecordShape, String> {
    envelope(spec, &spec.response_envelope.fields, v)?;
    let id = v["request_id"].as_str().unwrap_or_default();
    let method = pending.remove(id).ok_or_else(|| format!("no earlier request has request_id `{id}`"))?;
    let op = spec.operation(&method).ok_or_else(|| format!("unknown method `{method}`"))?;
    if !v["error"].is_null() {
        return Err("walkthrough responses are successes (error must be null)".to_string());
    }
    payload(spec, &op.response, v)?;
    Ok(RecordShape::Response { method })
}

fn event(spec: &Spec, v: &Value) -> Result<RecordShape, String> {
    envelope(spec, &spec.event_envelope.fields, v)?;
    let name = v["event"].as_str().unwrap_or_default();
    let e = spec.event(name).ok_or_else(|| format!("unknown event `{name}`"))?;
    payload(spec, &e.payload, v)?;
    let c = &e.correlation;
    for (slot_name, rule) in [
        ("session_id", c.session_id),
        ("operation_id", c.operation_id),
        ("grant_generation", c.grant_generation),
        ("live_sequence", c.live_sequence),
    ] {
        slot(v, slot_name, if rule == Correlation::Set { SlotRule::Required } else { SlotRule::Null })?;
    }
    Ok(RecordShape::Event { event: name.to_string() })
}
