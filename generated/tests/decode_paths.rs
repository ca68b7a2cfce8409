//! Consumer decode errors a person can act on: each names the JSON path and the rule that
//! failed, as the TypeScript decoders do.

mod common;

use agentwire_protocol::{decode_event, decode_response, ConsumerError, Method};
use serde_json::{json, Value};

fn model(available: Value) -> Value {
    json!({"provider_id":"anthropic","model_id":"m","label":"M","available":available,
        "context_window":null,"max_output_tokens":null,"available_thinking_levels":["default"]})
}

fn models_response(entries: Vec<Value>) -> Vec<u8> {
    let v = json!({"protocol_version":2,"kind":"response","request_id":"r-1","instance_id":"in_1",
        "connection_id":"cn_1","session_id":null,"operation_id":null,
        "payload":{"entries":entries,"next_offset":null,"state":"fresh_cache","refresh":"cache_only"},"error":null});
    common::record(&v)
}

fn payload_error(record: &[u8]) -> String {
    match decode_response(record, |_| Some(Method::CatalogModels)) {
        Err(ConsumerError::Payload(m)) => m,
        other => panic!("expected a payload error, got {other:?}"),
    }
}

#[test]
fn a_wrong_type_deep_in_a_payload_names_its_path_and_the_expected_type() {
    let mut entries: Vec<Value> = (0..3).map(|_| model(json!(true))).collect();
    entries.push(model(json!("1")));
    let good = decode_response(&models_response(entries[..3].to_vec()), |_| Some(Method::CatalogModels));
    assert!(good.is_ok(), "{good:?}");
    let m = payload_error(&models_response(entries));
    assert!(m.starts_with("$.payload.entries[3].available: "), "{m}");
    assert!(m.contains("expected a boolean"), "{m}");
}

#[test]
fn a_missing_member_names_the_object_that_lacks_it() {
    let mut entry = model(json!(true));
    entry.as_object_mut().unwrap().remove("label");
    let m = payload_error(&models_response(vec![model(json!(true)), entry]));
    assert!(m.starts_with("$.payload.entries[1]: "), "{m}");
    assert!(m.contains("label"), "{m}");
}

#[test]
fn a_duplicate_member_names_the_object_it_repeats_in() {
    let text = String::from_utf8(models_response(vec![])).unwrap();
    // "No duplicate member names at any level": repeat `state` inside the payload.
    let text = text.replacen("\"state\":\"fresh_cache\"", "\"state\":\"fresh_cache\",\"state\":\"stale_cache\"", 1);
    match decode_response(text.as_bytes(), |_| Some(Method::CatalogModels)) {
        Err(ConsumerError::InvalidJson(m)) => assert!(m.starts_with("$.payload: duplicate member \"state\""), "{m}"),
        other => panic!("expected invalid_json, got {other:?}"),
    }
}

#[test]
fn an_envelope_error_names_its_member_from_the_root() {
    let mut v = json!({"protocol_version":2,"kind":"event","event":"turn.started","instance_id":"in_1",
        "connection_id":"cn_1","session_id":"s-01","operation_id":"op-1","grant_generation":"one",
        "live_sequence":1,"payload":{}});
    match decode_event(&common::record(&v)) {
        Err(ConsumerError::Envelope(m)) => assert!(m.starts_with("$.grant_generation: "), "{m}"),
        other => panic!("expected an envelope error, got {other:?}"),
    }
    v["grant_generation"] = json!(1);
    v["payload"] = json!({"turn_id":"t-1","session_id":"s-01","sequence":[0]});
    match decode_event(&common::record(&v)) {
        Err(ConsumerError::Payload(m)) => assert!(m.starts_with("$.payload"), "{m}"),
        other => panic!("expected a payload error, got {other:?}"),
    }
}
