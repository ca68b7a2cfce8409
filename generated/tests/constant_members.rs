//! A constant member is no struct field, so the Rust side reads it as an associated constant
//! (issue #28, "TurnCancelResponse in Rust drops its constant status"): the constant is exactly
//! what the encoder writes and what the decoder requires.

use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::TurnCancelResponse;

#[test]
fn turn_cancel_response_keeps_its_constant_status() {
    let record = encode_record(&TurnCancelResponse::new("t1", "s1".parse().expect("a session ID"))).expect("encodes");
    let wire: serde_json::Value = serde_json::from_slice(&record).expect("JSON");
    assert_eq!(wire["status"], TurnCancelResponse::STATUS);
}
