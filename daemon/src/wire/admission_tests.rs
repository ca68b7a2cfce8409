//! Admission rules of one connection, without a socket.

use super::connection::ConnState;
use agentwire_protocol::{decode_request, limits, ErrorCode, Request};
use serde_json::{json, Value};

fn request(method: &str, id: &str, init: bool, payload: Value) -> Request {
    let ids = if init { (json!("in_1"), json!("cn_1")) } else { (Value::Null, Value::Null) };
    let env = json!({"protocol_version":2,"kind":"request","request_id":id,"instance_id":ids.0,"connection_id":ids.1,
        "session_id":null,"operation_id":null,"control":null,"method":method,"payload":payload});
    decode_request(&serde_json::to_vec(&env).unwrap()).unwrap()
}

fn state() -> ConnState {
    ConnState::new("cn_1".into(), "in_1".into())
}

#[test]
fn initialize_first_with_null_identities() {
    // "initialize carries instance_id:null, connection_id:null"
    let s = state();
    assert_eq!(s.admit(&request("status", "a", true, json!({}))), Err(ErrorCode::NotInitialized));
    assert_eq!(
        s.admit(&request("initialize", "b", true, json!({"supported_protocol_versions":[2]}))),
        Err(ErrorCode::InvalidRequest)
    );
    assert_eq!(s.admit(&request("initialize", "c", false, json!({"supported_protocol_versions":[2]}))), Ok(()));
    s.mark_initialized();
    assert_eq!(
        s.admit(&request("initialize", "d", true, json!({"supported_protocol_versions":[2]}))),
        Err(ErrorCode::InvalidRequest)
    );
    assert_eq!(s.admit(&request("status", "e", false, json!({}))), Err(ErrorCode::InstanceMismatch));
}

#[test]
fn request_ids_are_reserved_until_released() {
    // "Request IDs are reserved through response writing"
    let s = state();
    s.mark_initialized();
    assert_eq!(s.admit(&request("status", "x", true, json!({}))), Ok(()));
    assert_eq!(s.admit(&request("status", "x", true, json!({}))), Err(ErrorCode::DuplicateRequestId));
    s.release("x");
    assert_eq!(s.admit(&request("status", "x", true, json!({}))), Ok(()));
}

#[test]
fn in_flight_requests_are_bounded() {
    // max_inflight_requests: "Requests of one connection whose responses are not yet written."
    let s = state();
    s.mark_initialized();
    for i in 0..limits::MAX_INFLIGHT_REQUESTS {
        assert_eq!(s.admit(&request("status", &format!("r{i}"), true, json!({}))), Ok(()));
    }
    assert_eq!(s.admit(&request("status", "one-more", true, json!({}))), Err(ErrorCode::LimitExceeded));
}
