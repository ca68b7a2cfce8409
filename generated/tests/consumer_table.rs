//! Every row of the seed's "Received form → Consumer outcome" table, against the consumer
//! decoders, plus the absent/null rules of "Required, optional, absent, and null".

mod common;

use agentwire_protocol::{decode_event, decode_response, limits, ConsumerError, Method, ResponsePayload};
use serde_json::{json, Value};

fn response(payload: Value) -> Value {
    json!({"protocol_version":2,"kind":"response","request_id":"r-1","instance_id":"in_1","connection_id":"cn_1",
           "session_id":null,"operation_id":null,"payload":payload,"error":null})
}

fn status_payload() -> Value {
    json!({"service":"ready","provider_auth_ready":false,"instance_id":"in_1","workspace_id":"ws_1","state_root_id":"sr_1",
           "connected_clients":1,"admitted_operations":0})
}

fn decode_as(method: Method, v: &Value) -> Result<agentwire_protocol::Response, ConsumerError> {
    decode_response(&common::record(v), |_| Some(method))
}

fn capabilities() -> Value {
    serde_json::from_str(agentwire_protocol::CAPABILITIES_JSON).expect("valid JSON")
}

fn event(name: &str, payload: Value) -> Value {
    json!({"protocol_version":2,"kind":"event","event":name,"instance_id":"in_1","connection_id":"cn_1","session_id":"s-01",
           "operation_id":"op-1","grant_generation":1,"live_sequence":1,"payload":payload})
}

fn terminal() -> Value {
    json!({"turn_id":"t-1","session_id":"s-01","status":"completed","assistant_text":"The complete answer.","sequence":4,
           "activity_dropped":1,"activity_replay_available":false,"replay_required":true,"persistence":"committed","error":null})
}

#[test]
fn extra_envelope_member_or_optional_metadata_is_accepted() {
    // Row: "Valid response with extra envelope "future_hint":true ... Accept; ignore only the unknown member."
    let mut v = response(status_payload());
    v["future_hint"] = json!(true);
    v["payload"]["metadata"] = json!({"bounded": [1, 2, 3]});
    let r = decode_as(Method::Status, &v).expect("accepted");
    assert!(matches!(r.payload, Some(ResponsePayload::Status(_))));
}

#[test]
fn new_limit_key_is_accepted_and_known_limits_still_required() {
    // Row: "Limits contain a new "max_future_page_items":16 — Accept the extension"
    let mut caps = capabilities();
    caps["limits"]["max_future_page_items"] = json!(16);
    let r = decode_as(Method::Capabilities, &response(caps.clone())).expect("accepted");
    match r.payload {
        Some(ResponsePayload::Capabilities(c)) => {
            assert_eq!(c.limits.extensions.get("max_future_page_items"), Some(&16))
        }
        other => panic!("{other:?}"),
    }
    caps["limits"].as_object_mut().unwrap().remove("max_record_bytes");
    assert!(decode_as(Method::Capabilities, &response(caps)).is_err(), "a required known limit is missing");
}

#[test]
fn new_limit_that_is_not_a_positive_representable_integer_is_rejected() {
    // Row: "New limit is "16", zero, negative, or over the local integer range — Reject"
    for bad in [json!("16"), json!(0), json!(-1), json!(9_007_199_254_740_992_u64), json!(1.5)] {
        let mut caps = capabilities();
        caps["limits"]["max_future_page_items"] = bad.clone();
        assert!(decode_as(Method::Capabilities, &response(caps)).is_err(), "{bad}");
    }
}

#[test]
fn optional_metadata_absent_or_null_is_accepted_but_known_fields_stay_non_nullable() {
    // Row: "Optional metadata absent, or present as bounded JSON null — Accept ... does not make known nonnullable fields nullable"
    let mut v = response(status_payload());
    v["payload"]["metadata"] = Value::Null;
    assert!(decode_as(Method::Status, &v).is_ok());
    let mut v = response(status_payload());
    v["payload"]["connected_clients"] = Value::Null;
    assert!(decode_as(Method::Status, &v).is_err());
}

#[test]
fn provider_auth_ready_absent_null_or_string_is_rejected() {
    // Row: "provider_auth_ready absent, null, or "false" — Reject; a required boolean is missing or mistyped."
    for bad in [None, Some(Value::Null), Some(json!("false")), Some(json!(0))] {
        let mut p = status_payload();
        match bad.clone() {
            None => {
                p.as_object_mut().unwrap().remove("provider_auth_ready");
            }
            Some(v) => p["provider_auth_ready"] = v,
        }
        assert!(decode_as(Method::Status, &response(p)).is_err(), "{bad:?}");
    }
}

#[test]
fn terminal_without_text_or_sequence_or_with_unknown_status_is_rejected() {
    // Row: "Activity-capable terminal lacks assistant_text or sequence, has unknown status ... Reject"
    assert!(decode_event(&common::record(&event("turn.terminal", terminal()))).is_ok());
    for field in ["assistant_text", "sequence"] {
        let mut t = terminal();
        t.as_object_mut().unwrap().remove(field);
        assert!(decode_event(&common::record(&event("turn.terminal", t))).is_err(), "{field}");
    }
    let mut t = terminal();
    t["status"] = json!("paused");
    assert!(decode_event(&common::record(&event("turn.terminal", t))).is_err());
}

#[test]
fn unknown_event_is_rejected() {
    // Row: "Advertisement adds an unknown event — Reject locally"; unknown events "invalidate trusted stream state"
    let e = decode_event(&common::record(&event("turn.steering", json!({}))));
    assert!(matches!(e, Err(ConsumerError::UnknownEvent(_))));
}

#[test]
fn unknown_member_with_over_limit_content_rejects_the_whole_record() {
    // Row: "Unknown field contains an over-limit array/string or excessive nesting — Reject the whole record"
    let deep = (0..limits::MAX_JSON_DEPTH).fold(json!(0), |v, _| json!([v]));
    let cases = [
        json!(vec![0; limits::MAX_ARRAY_ITEMS as usize + 1]),
        json!("s".repeat(limits::MAX_STRING_BYTES as usize + 1)),
        deep,
    ];
    for extra in cases {
        let mut v = response(status_payload());
        v["payload"]["future"] = extra;
        assert_eq!(decode_as(Method::Status, &v).unwrap_err(), ConsumerError::LimitExceeded);
    }
}

#[test]
fn unknown_enum_values_are_rejected_but_the_transport_literal_unknown_is_a_value() {
    // "Unknown enum values are not unknown optional fields"; "The defined tool transport value unknown is a literal accepted value"
    let activity = |transport: &str| {
        json!({"turn_id":"t-1","sequence":2,"activity":{"activity_id":"act_1","kind":"tool","tool_id":"tool_1","tool_name":null,
               "server_id":null,"transport":transport,"status":"running","timed_out":null,"details_omitted":true}})
    };
    assert!(decode_event(&common::record(&event("turn.activity", activity("unknown")))).is_ok());
    assert!(decode_event(&common::record(&event("turn.activity", activity("grpc")))).is_err());
}

#[test]
fn parent_activity_id_omitted_differs_from_null_and_timed_out_null_is_unknown() {
    // "Omitted activity parent_activity_id means no supplied parent; null is not a parent ID."
    let lifecycle = |parent: Option<Value>| {
        let mut a = json!({"activity_id":"act_1","kind":"lifecycle","category":"tool","status":"running","details_omitted":true});
        if let Some(p) = parent {
            a["parent_activity_id"] = p;
        }
        event("turn.activity", json!({"turn_id":"t-1","sequence":2,"activity":a}))
    };
    assert!(decode_event(&common::record(&lifecycle(None))).is_ok());
    assert!(decode_event(&common::record(&lifecycle(Some(json!("act_0"))))).is_ok());
    assert!(decode_event(&common::record(&lifecycle(Some(Value::Null)))).is_err());
}

#[test]
fn response_needs_exactly_one_of_payload_and_error() {
    // "Successful responses require a method-valid payload and error:null; errors require payload:null"
    let mut both = response(status_payload());
    both["error"] = json!({"code":"internal_error","message":"application service failed to handle the request"});
    assert_eq!(decode_as(Method::Status, &both).unwrap_err(), ConsumerError::PayloadErrorExclusive);
    let neither = response(Value::Null);
    assert_eq!(decode_as(Method::Status, &neither).unwrap_err(), ConsumerError::PayloadErrorExclusive);
}

#[test]
fn unknown_error_code_is_a_generic_failure_never_a_success() {
    // "An unknown error code may be represented as a generic unsuccessful response ... must not become success"
    let mut v = response(Value::Null);
    v["error"] = json!({"code":"future_failure","message":"something new"});
    let r = decode_as(Method::Status, &v).expect("valid error shape");
    assert!(r.payload.is_none());
    assert_eq!(r.error.map(|e| e.code), Some("future_failure".to_string()));
}

#[test]
fn event_correlation_follows_the_event_rules() {
    // auth.login.progress: "correlated to the start operation, with null session, grant generation and live sequence"
    let progress = json!({"login_id":"l-1","provider_id":"openai-codex","state":"waiting"});
    let mut e = event("auth.login.progress", progress);
    assert_eq!(decode_event(&common::record(&e)).unwrap_err(), ConsumerError::Correlation);
    e["session_id"] = Value::Null;
    e["grant_generation"] = Value::Null;
    e["live_sequence"] = Value::Null;
    assert!(decode_event(&common::record(&e)).is_ok());
}

#[test]
fn every_spec_response_and_event_example_decodes() {
    let spec = common::spec();
    for op in &spec.operations {
        let method = Method::from_wire(&op.method).expect("known");
        for ex in &op.examples {
            decode_as(method, &response(ex.response.clone())).unwrap_or_else(|e| panic!("{}: {e}", op.method));
        }
    }
    for ev in &spec.events {
        for ex in &ev.examples {
            let mut env = event(&ev.name, ex.clone());
            let c = &ev.correlation;
            let slots = [
                ("session_id", c.session_id),
                ("operation_id", c.operation_id),
                ("grant_generation", c.grant_generation),
                ("live_sequence", c.live_sequence),
            ];
            for (slot, rule) in slots {
                if rule != agentwire_codegen::ir::Correlation::Set {
                    env[slot] = Value::Null;
                }
            }
            decode_event(&common::record(&env)).unwrap_or_else(|e| panic!("{}: {e}", ev.name));
        }
    }
    for m in &spec.messages.examples {
        agentwire_protocol::decode_session_message(&common::record(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn payload_session_must_match_the_envelope() {
    // "Validate envelope identities against pending requests and payload identities against the attached session/turn/login."
    let mut e = event("turn.terminal", terminal());
    e["session_id"] = json!("s-02");
    assert_eq!(decode_event(&common::record(&e)).unwrap_err(), ConsumerError::Correlation);
}
