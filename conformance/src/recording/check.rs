//! Whether a daemon's record in a recording is one a daemon may send: checked when it is
//! recorded and again when the mock serves it, so an edited recording cannot send what no
//! daemon may. Unlike the suites, which judge daemons by the runner's own reading of the spec,
//! this asks the generated consumer decoder (`agentwire_protocol::consumer`, the one every
//! Rust front end uses), plus the runner's fixed-message check for errors.

use crate::wire::check;
use agentwire_protocol::consumer::{self, Incoming};
use agentwire_protocol::runtime::Mode;
use agentwire_protocol::{HandshakeReply, Method};
use serde_json::Value;

/// The daemon's handshake reply: the spec's `HandshakeReply`.
pub fn handshake_reply(record: &Value) -> Result<(), String> {
    consumer::decode_value::<HandshakeReply>(record, Mode::Tolerant).map(drop)
}

/// A wire v2 response or event; `method_of` names the method of a request ID.
pub fn wire_record(record: &Value, method_of: impl FnOnce(&str) -> Option<Method>) -> Result<(), String> {
    let bytes = serde_json::to_vec(record).map_err(|e| e.to_string())?;
    match consumer::decode_incoming(&bytes, method_of).map_err(|e| e.to_string())? {
        Incoming::Response(r) if r.error.is_some() => check::error_object(&record["error"]).map_err(|f| f.to_string()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_error_with_another_message_than_its_codes_fixed_one_is_refused() {
        // "Codes are stable; messages are short, fixed."
        let mut r = json!({"protocol_version":2,"kind":"response","request_id":"r1","instance_id":"i",
            "connection_id":"c","session_id":null,"operation_id":null,"payload":null,
            "error":{"code":"internal_error","message":agentwire_protocol::ErrorCode::InternalError.message()}});
        assert_eq!(wire_record(&r, |_| None), Ok(()));
        r["error"]["message"] = json!("something friendlier");
        assert!(wire_record(&r, |_| None).is_err());
    }

    #[test]
    fn a_payload_the_spec_does_not_allow_is_refused() {
        let ok = json!({"protocol_version":2,"kind":"response","request_id":"r1","instance_id":"i",
            "connection_id":"c","session_id":null,"operation_id":null,"error":null,
            "payload":{"service":"ready","provider_auth_ready":true,"instance_id":"i","workspace_id":"w",
                "state_root_id":"s","connected_clients":1,"admitted_operations":0}});
        let status = |_: &str| Some(Method::Status);
        assert_eq!(wire_record(&ok, status), Ok(()));
        let mut bad = ok.clone();
        bad["payload"]["service"] = json!("busy");
        assert!(wire_record(&bad, status).is_err(), "a constant the spec fixes was changed");
    }

    #[test]
    fn handshake_replies_follow_the_spec() {
        let ok = json!({"handshake":"agentwire-unix","status":"accepted","version":"0.1.0","pid":7,
            "instance_id":"i","workspace_id":"w","state_root_id":"s"});
        assert_eq!(handshake_reply(&ok), Ok(()));
        assert!(handshake_reply(&json!({"handshake":"agentwire-unix","status":"maybe"})).is_err());
    }
}
