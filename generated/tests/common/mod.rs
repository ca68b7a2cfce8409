//! Test helpers: the spec's IR (for examples and bounds) and request-record builders.

#![allow(dead_code)]

use agentwire_codegen::ir::Spec;
use serde_json::{json, Value};

pub fn spec() -> Spec {
    let text = include_str!("../../../protocol.toml");
    match agentwire_codegen::load("protocol.toml", text) {
        Ok(s) => s,
        Err(d) => panic!("{d}"),
    }
}

/// A valid request envelope for `method` with `payload`, honouring the method's slot rules.
pub fn envelope(spec: &Spec, method: &str, payload: Value) -> Value {
    let op = spec.operation(method).expect("known method");
    let session = (op.session_id == agentwire_codegen::ir::SlotRule::Required).then_some("s-01");
    let control = (op.control == agentwire_codegen::ir::SlotRule::Required)
        .then(|| json!({"claim_id":"cl-1","grant_generation":1}));
    let initialized = op.requires_initialization;
    json!({
        "protocol_version": spec.protocol_version,
        "kind": "request",
        "request_id": "r-1",
        "instance_id": if initialized { json!("in_1") } else { Value::Null },
        "connection_id": if initialized { json!("cn_1") } else { Value::Null },
        "session_id": session,
        "operation_id": if op.mutation { json!("op-1") } else { Value::Null },
        "control": control,
        "method": method,
        "payload": payload,
    })
}

/// Every request example of the spec as a record: its method and the encoded envelope.
pub fn example_requests(spec: &Spec) -> Vec<(String, Vec<u8>)> {
    let examples = spec.operations.iter().flat_map(|op| op.examples.iter().map(move |ex| (op, ex)));
    examples.map(|(op, ex)| (op.method.clone(), record(&envelope(spec, &op.method, ex.request.clone())))).collect()
}

pub fn record(v: &Value) -> Vec<u8> {
    serde_json::to_vec(v).expect("serializable")
}
