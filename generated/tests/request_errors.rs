//! Each request decoder error code, reached by a real malformed record (docs/decoding.md).

mod common;

use agentwire_protocol::{decode_request, limits, ErrorCode, RequestError};
use serde_json::{json, Value};

fn code_of(record: &[u8]) -> ErrorCode {
    match decode_request(record) {
        Ok(r) => panic!("accepted: {r:?}"),
        Err(e) => e.code,
    }
}

fn turn_start(payload: Value) -> Value {
    common::envelope(&common::spec(), "turn.start", payload)
}

fn with(mut env: Value, key: &str, value: Value) -> Value {
    env[key] = value;
    env
}

fn nested(depth: usize) -> Value {
    (0..depth).fold(json!(1), |v, _| json!([v]))
}

#[test]
fn record_too_large_when_over_max_record_bytes() {
    // "a record over max_record_bytes gets record_too_large and the socket closes"
    let prompt = "x".repeat(limits::MAX_RECORD_BYTES as usize);
    let err = decode_request(&common::record(&turn_start(json!({ "prompt": prompt })))).unwrap_err();
    assert_eq!(err.code, ErrorCode::RecordTooLarge);
    assert!(err.closes_connection());
}

#[test]
fn invalid_json_for_syntax_utf8_trailing_data_and_duplicate_keys() {
    // "Requests are UTF-8 JSONL objects with strict method-specific payloads and no duplicate keys"
    assert_eq!(code_of(b"{\"protocol_version\":2,"), ErrorCode::InvalidJson);
    assert_eq!(code_of(b"\xff\xfe"), ErrorCode::InvalidJson);
    assert_eq!(code_of(b"{} {}"), ErrorCode::InvalidJson);
    let dup_top = br#"{"protocol_version":2,"protocol_version":2,"kind":"request"}"#;
    assert_eq!(code_of(dup_top), ErrorCode::InvalidJson);
    let env = common::record(&turn_start(json!({"prompt":"hi"})));
    let text = String::from_utf8(env).unwrap().replace(r#"{"prompt":"hi"}"#, r#"{"prompt":"hi","prompt":"ho"}"#);
    assert_eq!(code_of(text.as_bytes()), ErrorCode::InvalidJson, "duplicate nested key");
}

#[test]
fn limit_exceeded_for_depth_items_fields_and_string_bytes() {
    // "Record and recursive JSON limits apply before admission"
    let deep = with(turn_start(json!({"prompt":"hi"})), "extra", nested(limits::MAX_JSON_DEPTH as usize));
    assert_eq!(code_of(&common::record(&deep)), ErrorCode::LimitExceeded);
    let items = with(turn_start(json!({"prompt":"hi"})), "extra", json!(vec![0; limits::MAX_ARRAY_ITEMS as usize + 1]));
    assert_eq!(code_of(&common::record(&items)), ErrorCode::LimitExceeded);
    let fields: serde_json::Map<String, Value> =
        (0..=limits::MAX_OBJECT_FIELDS).map(|i| (format!("k{i}"), json!(i))).collect();
    let wide = with(turn_start(json!({"prompt":"hi"})), "extra", Value::Object(fields));
    assert_eq!(code_of(&common::record(&wide)), ErrorCode::LimitExceeded);
    let long = turn_start(json!({"prompt": "x".repeat(limits::MAX_STRING_BYTES as usize + 1)}));
    assert_eq!(code_of(&common::record(&long)), ErrorCode::LimitExceeded);
}

#[test]
fn depth_at_the_limit_is_not_a_limit_error() {
    // The envelope is depth 1, so 31 nested arrays inside it reach max_json_depth exactly.
    let at_limit = with(turn_start(json!({"prompt":"hi"})), "extra", nested(limits::MAX_JSON_DEPTH as usize - 1));
    assert_eq!(code_of(&common::record(&at_limit)), ErrorCode::InvalidRequest, "unknown envelope member, not a limit");
}

#[test]
fn invalid_request_for_envelope_problems() {
    // "Envelope and operation payloads reject unknown fields"; "Required nullable v2 envelope slots must be present"
    let unknown = with(turn_start(json!({"prompt":"hi"})), "future_hint", json!(true));
    assert_eq!(code_of(&common::record(&unknown)), ErrorCode::InvalidRequest);
    let mut missing = turn_start(json!({"prompt":"hi"}));
    missing.as_object_mut().unwrap().remove("operation_id");
    assert_eq!(code_of(&common::record(&missing)), ErrorCode::InvalidRequest);
    assert_eq!(code_of(b"[]"), ErrorCode::InvalidRequest);
    let kind = with(turn_start(json!({"prompt":"hi"})), "kind", json!("response"));
    assert_eq!(code_of(&common::record(&kind)), ErrorCode::InvalidRequest);
    let long_id =
        with(turn_start(json!({"prompt":"hi"})), "request_id", json!("r".repeat(limits::MAX_ID_BYTES as usize + 1)));
    assert_eq!(code_of(&common::record(&long_id)), ErrorCode::InvalidRequest);
}

#[test]
fn slot_rules_of_the_operation_are_enforced() {
    // "operation_id ... Required (non-null) for mutations, null for reads"; control "required for turn.start"
    let read_with_op = with(common::envelope(&common::spec(), "status", json!({})), "operation_id", json!("op-9"));
    assert_eq!(code_of(&common::record(&read_with_op)), ErrorCode::InvalidRequest);
    let no_session = with(turn_start(json!({"prompt":"hi"})), "session_id", Value::Null);
    assert_eq!(code_of(&common::record(&no_session)), ErrorCode::InvalidRequest);
    let no_control = with(turn_start(json!({"prompt":"hi"})), "control", Value::Null);
    assert_eq!(code_of(&common::record(&no_control)), ErrorCode::ControlRequired);
    let stray_control = with(
        common::envelope(&common::spec(), "status", json!({})),
        "control",
        json!({"claim_id":"c","grant_generation":1}),
    );
    assert_eq!(code_of(&common::record(&stray_control)), ErrorCode::InvalidRequest);
}

#[test]
fn unsupported_version_and_operation() {
    let v3 = with(turn_start(json!({"prompt":"hi"})), "protocol_version", json!(3));
    assert_eq!(code_of(&common::record(&v3)), ErrorCode::UnsupportedVersion);
    let unknown = with(turn_start(json!({"prompt":"hi"})), "method", json!("session.delete"));
    assert_eq!(code_of(&common::record(&unknown)), ErrorCode::UnsupportedOperation);
}

#[test]
fn payload_too_large_counts_compact_bytes() {
    // "max_payload_bytes: Compact UTF-8 JSON bytes for one payload"
    let prompt = "y".repeat(limits::MAX_STRING_BYTES as usize);
    let big = turn_start(json!({"prompt": prompt, "a": prompt, "b": prompt}));
    assert_eq!(code_of(&common::record(&big)), ErrorCode::PayloadTooLarge);
    // Whitespace in the record does not count towards the payload.
    let spaced = common::record(&turn_start(json!({"prompt": "x".repeat(limits::MAX_STRING_BYTES as usize)})));
    let padded =
        String::from_utf8(spaced).unwrap().replace("\"payload\":", &format!("\"payload\":{}", " ".repeat(20_000)));
    assert!(decode_request(padded.as_bytes()).is_ok());
}

#[test]
fn invalid_payload_for_schema_problems() {
    for payload in [
        json!({}),
        json!({"prompt": "   \n\t"}),
        json!({"prompt": 5}),
        json!({"prompt": null}),
        json!({"prompt": "hi", "future": 1}),
    ] {
        assert_eq!(code_of(&common::record(&turn_start(payload.clone()))), ErrorCode::InvalidPayload, "{payload}");
    }
}

#[test]
fn initialize_negotiation_lists() {
    // "supported_protocol_versions is required, nonempty, contains unsigned 16-bit integers and must include 2"
    let spec = common::spec();
    let init = |p: Value| common::record(&common::envelope(&spec, "initialize", p));
    assert!(decode_request(&init(json!({"supported_protocol_versions":[2]}))).is_ok());
    assert_eq!(code_of(&init(json!({"supported_protocol_versions":[]}))), ErrorCode::InvalidPayload, "empty");
    assert_eq!(code_of(&init(json!({"supported_protocol_versions":[2, 65536]}))), ErrorCode::InvalidPayload, "not u16");
    assert_eq!(
        code_of(&init(json!({"supported_protocol_versions":[2,2,2,2,2,2,2,2,2]}))),
        ErrorCode::LimitExceeded,
        "over 8"
    );
    // Without 2 the payload is well formed; negotiation (the handler) answers unsupported_version.
    let without_two = decode_request(&init(json!({"supported_protocol_versions":[1, 3]}))).expect("well formed");
    assert!(
        matches!(without_two.payload, agentwire_protocol::RequestPayload::Initialize(ref p) if !p.supported_protocol_versions.contains(&2))
    );
}

#[test]
fn requested_capabilities_defaults_when_absent_never_when_null() {
    // "requested_capabilities defaults to [] when omitted, never when null"
    let spec = common::spec();
    let init = |p: Value| common::record(&common::envelope(&spec, "initialize", p));
    let absent = decode_request(&init(json!({"supported_protocol_versions":[2]}))).expect("absent is []");
    match absent.payload {
        agentwire_protocol::RequestPayload::Initialize(p) => assert!(p.requested_capabilities.is_empty()),
        other => panic!("{other:?}"),
    }
    let null = init(json!({"supported_protocol_versions":[2],"requested_capabilities":null}));
    assert_eq!(code_of(&null), ErrorCode::InvalidPayload);
    let nine =
        init(json!({"supported_protocol_versions":[2],"requested_capabilities":["a","b","c","d","e","f","g","h","i"]}));
    assert_eq!(code_of(&nine), ErrorCode::LimitExceeded);
}

#[test]
fn identities_are_recovered_for_error_responses() {
    // "Responses to undecodable records carry request_id:null"; recoverable ones keep it.
    let env = turn_start(json!({"prompt": 7}));
    let err: RequestError = decode_request(&common::record(&env)).unwrap_err();
    assert_eq!(err.request_id.as_deref(), Some("r-1"));
    assert_eq!(err.session_id.as_deref(), Some("s-01"));
    assert_eq!(err.operation_id.as_deref(), Some("op-1"));
    let bad = decode_request(b"{\"request_id\":").unwrap_err();
    assert_eq!(bad.request_id, None);
    let invalid_id = with(turn_start(json!({"prompt": 7})), "request_id", json!(""));
    assert_eq!(decode_request(&common::record(&invalid_id)).unwrap_err().request_id, None);
}

#[test]
fn strict_booleans_and_integers() {
    // "strings are not numbers, and 0/1 are not booleans"
    let spec = common::spec();
    let claim = |p: Value| common::record(&common::envelope(&spec, "session.claim", p));
    assert!(decode_request(&claim(json!({"take_over": true}))).is_ok());
    assert_eq!(code_of(&claim(json!({"take_over": 1}))), ErrorCode::InvalidPayload);
    assert_eq!(code_of(&claim(json!({"take_over": "true"}))), ErrorCode::InvalidPayload);
    let list = |p: Value| common::record(&common::envelope(&spec, "session.list", p));
    assert_eq!(code_of(&list(json!({"limit": "16"}))), ErrorCode::InvalidPayload);
    assert_eq!(code_of(&list(json!({"limit": 16.0}))), ErrorCode::InvalidPayload);
    assert_eq!(code_of(&list(json!({"limit": 0}))), ErrorCode::InvalidPayload);
    assert_eq!(code_of(&list(json!({"limit": -1}))), ErrorCode::InvalidPayload);
    assert!(decode_request(&list(json!({"limit": limits::MAX_SESSION_PAGE_ITEMS}))).is_ok());
}

#[test]
fn payload_may_precede_method() {
    // Member order is free: a payload before its method still decodes (through the precise path).
    let text = r#"{"payload":{"prompt":"hi"},"protocol_version":2,"kind":"request","request_id":"r","instance_id":"i","connection_id":"c","session_id":"s","operation_id":"o","control":{"claim_id":"c","grant_generation":1},"method":"turn.start"}"#;
    assert!(decode_request(text.as_bytes()).is_ok());
}

#[test]
fn at_least_one_of_config_set_fields() {
    // "config.set requires scope and at least one of selection, thinking_level, or fast"
    let spec = common::spec();
    let set = |p: Value| common::record(&common::envelope(&spec, "config.set", p));
    assert_eq!(code_of(&set(json!({"scope":"global"}))), ErrorCode::InvalidPayload);
    assert!(decode_request(&set(json!({"scope":"global","fast":true}))).is_ok());
    assert_eq!(code_of(&set(json!({"scope":"global","fast":null}))), ErrorCode::InvalidPayload, "explicit null");
    assert_eq!(
        code_of(&set(json!({"scope":"global","thinking_level":"extreme"}))),
        ErrorCode::InvalidPayload,
        "unknown reasoning value"
    );
}

#[test]
fn null_payload_is_an_envelope_error() {
    // Envelope "payload" is required and not nullable: `null` there breaks the envelope.
    assert_eq!(code_of(&common::record(&turn_start(Value::Null))), ErrorCode::InvalidRequest);
}
