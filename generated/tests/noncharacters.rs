//! RFC 7493 §2.1 in every Rust decoder: a noncharacter (U+FDD0..U+FDEF, or a code point whose
//! low 16 bits are FFFE or FFFF, in any of the 17 planes), raw or `\u`-escaped (a surrogate
//! pair above U+FFFF), in a string value or a member name, is `invalid_json`, on the fast and
//! the precise request path alike, and in `decode_response`, `decode_event` and
//! `decode_session_message`. Precedence: the first violation in reading order (docs/decoding.md).

mod common;

use agentwire_protocol::request::decode_request_precise;
use agentwire_protocol::{
    decode_event, decode_request, decode_response, decode_session_message, limits, ConsumerError, ErrorCode, Method,
};
use serde_json::{json, Value};

/// The spec, loaded once: lowering it validates every example, which takes a while in debug.
fn spec() -> &'static agentwire_codegen::ir::Spec {
    static SPEC: std::sync::OnceLock<agentwire_codegen::ir::Spec> = std::sync::OnceLock::new();
    SPEC.get_or_init(common::spec)
}

/// Every noncharacter, written raw (as its UTF-8 bytes).
fn all_noncharacters() -> Vec<char> {
    let planes = (0..=16u32).flat_map(|p| [p << 16 | 0xFFFE, p << 16 | 0xFFFF]);
    (0xFDD0..=0xFDEFu32).chain(planes).map(|c| char::from_u32(c).unwrap()).collect()
}

/// `c` as a JSON escape: one `\uXXXX`, or a surrogate pair above U+FFFF.
fn escaped(c: char) -> String {
    let mut units = [0u16; 2];
    c.encode_utf16(&mut units).iter().map(|u| format!("\\u{u:04x}")).collect()
}

/// Both spellings of every noncharacter, as they appear between a string's quotes.
fn spellings() -> Vec<(String, String)> {
    all_noncharacters()
        .into_iter()
        .flat_map(|c| {
            [(format!("raw U+{:04X}", c as u32), c.to_string()), (format!("escaped U+{:04X}", c as u32), escaped(c))]
        })
        .collect()
}

/// A valid `status` request with `"request_id":"a<spelling>b"`.
fn status_with_request_id(spelling: &str) -> String {
    let env = common::envelope(spec(), "status", json!({}));
    let text = serde_json::to_string(&env).unwrap();
    text.replacen("\"request_id\":\"r-1\"", &format!("\"request_id\":\"a{spelling}b\""), 1)
}

fn request_code(text: &str) -> (Result<(), ErrorCode>, Result<(), ErrorCode>) {
    let fast = decode_request(text.as_bytes()).map(|_| ()).map_err(|e| e.code);
    let precise = decode_request_precise(text.as_bytes()).map(|_| ()).map_err(|e| e.code);
    (fast, precise)
}

#[test]
fn a_request_id_holding_a_noncharacter_raw_or_escaped_is_invalid_json_on_both_paths() {
    // "Records are UTF-8 I-JSON (RFC 7493)": a noncharacter is not I-JSON.
    for (name, spelling) in spellings() {
        let record = status_with_request_id(&spelling);
        assert_eq!(request_code(&record), (Err(ErrorCode::InvalidJson), Err(ErrorCode::InvalidJson)), "{name}");
        let err = decode_request(record.as_bytes()).unwrap_err();
        assert_eq!(err.request_id, None, "{name}: nothing is echoed from a record that is not I-JSON");
    }
}

#[test]
fn neighbouring_characters_are_accepted_on_both_paths() {
    for c in ['\u{FDCF}', '\u{FDF0}', '\u{FFFD}', '\u{1FFFD}', '\u{10FFFD}', '\u{E000}'] {
        for spelling in [c.to_string(), escaped(c)] {
            let record = status_with_request_id(&spelling);
            assert_eq!(request_code(&record), (Ok(()), Ok(())), "U+{:04X} {spelling}", c as u32);
        }
    }
}

#[test]
fn a_noncharacter_in_a_member_name_or_an_unknown_member_is_invalid_json() {
    let env = common::envelope(spec(), "status", json!({}));
    let text = serde_json::to_string(&env).unwrap();
    let body = &text[..text.len() - 1];
    for (name, spelling) in spellings() {
        // Without the noncharacter each would be invalid_request (an unknown member).
        let member_name = format!("{body},\"x{spelling}\":1}}");
        let nested_value = format!("{body},\"future\":{{\"k\":[\"{spelling}\"]}}}}");
        let nested_name = format!("{body},\"future\":{{\"{spelling}\":0}}}}");
        for record in [member_name, nested_value, nested_name] {
            assert_eq!(
                request_code(&record),
                (Err(ErrorCode::InvalidJson), Err(ErrorCode::InvalidJson)),
                "{name}: {record}"
            );
        }
    }
    // And in the payload of an operation whose payload has strings.
    let env = common::envelope(spec(), "catalog.models", json!({"provider_id":"local"}));
    let text = serde_json::to_string(&env).unwrap().replacen("\"local\"", "\"lo\\uffffcal\"", 1);
    assert_eq!(request_code(&text), (Err(ErrorCode::InvalidJson), Err(ErrorCode::InvalidJson)));
}

#[test]
fn reading_order_decides_between_a_noncharacter_and_max_string_bytes() {
    // "the first violation met while reading the record from its start decides": a string's
    // characters are checked as it is read, its size once it is read.
    let max = limits::MAX_STRING_BYTES as usize;
    let env = common::envelope(spec(), "status", json!({}));
    let text = serde_json::to_string(&env).unwrap();
    let body = &text[..text.len() - 1];
    let with = |prefix: usize| format!("{body},\"future\":\"{}\\uffff\"}}", "a".repeat(prefix));
    assert_eq!(request_code(&with(max)), (Err(ErrorCode::InvalidJson), Err(ErrorCode::InvalidJson)));
    assert_eq!(request_code(&with(max + 1)), (Err(ErrorCode::InvalidJson), Err(ErrorCode::InvalidJson)));
    // A string over the bound read before the one with the noncharacter decides.
    let earlier = format!("{body},\"future\":\"{}\",\"later\":\"\\uffff\"}}", "a".repeat(max + 1));
    assert_eq!(request_code(&earlier), (Err(ErrorCode::LimitExceeded), Err(ErrorCode::LimitExceeded)));
    // A limit crossed before it (entering one container too many) still decides.
    let deep = (0..limits::MAX_JSON_DEPTH).fold(String::from("\"\\uffff\""), |v, _| format!("[{v}]"));
    let limit_first = format!("{body},\"future\":{deep}}}");
    assert_eq!(request_code(&limit_first).1, Err(ErrorCode::LimitExceeded));
    // And it comes before every later check: a record that is otherwise payload_too_large.
    let pads: serde_json::Map<String, Value> = (0..3).map(|i| (format!("p{i}"), json!("p".repeat(max - 8)))).collect();
    let big = common::envelope(spec(), "status", Value::Object(pads));
    let big = serde_json::to_string(&big).unwrap();
    assert!(big.len() as u64 > limits::MAX_PAYLOAD_BYTES && (big.len() as u64) < limits::MAX_RECORD_BYTES);
    assert_eq!(request_code(&big).1, Err(ErrorCode::PayloadTooLarge));
    let big = format!("{{\"future\":\"\\ufdd0\",{}", &big[1..]);
    assert_eq!(request_code(&big).1, Err(ErrorCode::InvalidJson));
}

fn response_with(spelling: &str) -> String {
    let v = json!({"protocol_version":2,"kind":"response","request_id":"r-1","instance_id":"in_1","connection_id":"cn_1",
           "session_id":null,"operation_id":null,"payload":null,"error":{"code":"internal_error","message":"m"}});
    serde_json::to_string(&v).unwrap().replacen("\"message\":\"m\"", &format!("\"message\":\"m{spelling}\""), 1)
}

fn event_with(spelling: &str) -> String {
    let v = json!({"protocol_version":2,"kind":"event","event":"turn.text","instance_id":"in_1","connection_id":"cn_1",
           "session_id":"s-01","operation_id":"op-1","grant_generation":1,"live_sequence":1,"payload":{},"future":"x"});
    serde_json::to_string(&v).unwrap().replacen("\"future\":\"x\"", &format!("\"fu{spelling}ture\":\"x\""), 1)
}

fn message_with(spelling: &str) -> String {
    let example = spec().messages.examples.first().expect("a message example").clone();
    let mut v: Value = example;
    v["future"] = json!("x");
    serde_json::to_string(&v).unwrap().replacen("\"future\":\"x\"", &format!("\"future\":\"x{spelling}\""), 1)
}

#[test]
fn consumer_decoders_reject_noncharacters_as_invalid_json() {
    for (name, spelling) in spellings() {
        let r = decode_response(response_with(&spelling).as_bytes(), |_| Some(Method::Status));
        assert!(matches!(r, Err(ConsumerError::InvalidJson(_))), "response {name}: {r:?}");
        let e = decode_event(event_with(&spelling).as_bytes());
        assert!(matches!(e, Err(ConsumerError::InvalidJson(_))), "event {name}: {e:?}");
        let m = decode_session_message(message_with(&spelling).as_bytes());
        assert!(matches!(m, Err(ConsumerError::InvalidJson(_))), "message {name}: {m:?}");
    }
    // The same records with a character instead decode (or fail for their own reasons only).
    let ok = decode_response(response_with("\\ufffd").as_bytes(), |_| Some(Method::Status));
    assert!(ok.is_ok(), "{ok:?}");
    assert!(decode_session_message(message_with("\u{FFFD}").as_bytes()).is_ok());
}
