//! Inputs the coverage-guided fuzzer (fuzz/, RELIABILITY.md) found, kept as tests of the crate
//! that owned the defect. The raw inputs are also replayed from `fuzz/regressions/`.

use agentwire_protocol::decode_session_message;

/// A number beyond u64 is read as the nearest f64: serde_json's default (fast, not correctly
/// rounded) parse read `333…330` (118 digits) 1 ULP off, so a stored tool call's `args` changed
/// value when written and read back. With `float_roundtrip` the nearest double is read, and a
/// decoded message re-encodes to one that decodes equal.
#[test]
fn a_long_integer_in_tool_args_round_trips_exactly() {
    let record = include_bytes!("../../fuzz/regressions/decode_session_message/long-integer-float");
    let first = decode_session_message(record).expect("a valid tool-call-start");
    let encoded = serde_json::to_vec(&first).expect("encodes");
    assert_eq!(decode_session_message(&encoded).expect("re-decodes"), first, "{}", String::from_utf8_lossy(&encoded));
    let digits = format!("3{}0", "3".repeat(116));
    let value: f64 = serde_json::from_str(&digits).unwrap();
    assert_eq!(value, digits.parse::<f64>().unwrap(), "serde_json reads the correctly rounded double");
}
