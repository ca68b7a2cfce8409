//! Outbound records are written by the generated `WriteJson` impls (the one encoding: serde's
//! `Serialize` hands over the same bytes). What they write must be JSON the strict decoders
//! accept back as the same value, and the value the input held. Checked here on real protocol
//! values: every response and event the consumer vectors accept, every session message they
//! accept, and every request example of the spec, decoded into the generated types, written and
//! decoded again.

mod common;

use agentwire_protocol::runtime::WriteJson;
use agentwire_protocol::{decode_event, decode_request, decode_response, decode_session_message, Method};
use serde_json::Value;

/// Written, `value` decodes back to itself, and `serde_json` (through `Serialize`) gets the same
/// bytes.
fn written_decodes_back<T, E>(value: &T, what: &str, decode: impl FnOnce(&[u8]) -> Result<T, E>)
where
    T: WriteJson + serde::Serialize + PartialEq + std::fmt::Debug,
    E: std::fmt::Debug,
{
    let mut written = Vec::new();
    value.write_json(&mut written);
    let again = decode(&written).unwrap_or_else(|e| panic!("{what}: {e:?}: {}", String::from_utf8_lossy(&written)));
    assert_eq!(&again, value, "{what}");
    assert_eq!(serde_json::to_vec(value).expect("serializes"), written, "{what}: Serialize is the written bytes");
}

#[test]
fn every_accepted_response_event_and_session_message_vector_is_written_so_it_decodes_back() {
    let vectors: Value = serde_json::from_str(include_str!("../../conformance/vectors/consumer.json")).expect("json");
    let (mut responses, mut events, mut messages) = (0, 0, 0);
    for v in vectors["vectors"].as_array().expect("vectors") {
        let (Some(input), "accept") = (v["input"].as_str(), v["expect"]["outcome"].as_str().unwrap_or("")) else {
            continue;
        };
        let id = v["id"].as_str().unwrap_or("?");
        let kind = serde_json::from_str::<Value>(input).ok().and_then(|r| r["kind"].as_str().map(str::to_owned));
        match kind.as_deref() {
            Some("response") => {
                let method = v["context"]["request"]["method"].as_str().and_then(Method::from_wire);
                let Ok(decoded) = decode_response(input.as_bytes(), |_| method) else { continue };
                written_decodes_back(&decoded, id, |b| decode_response(b, |_| method));
                responses += 1;
            }
            Some("event") => {
                let Ok(decoded) = decode_event(input.as_bytes()) else { continue };
                written_decodes_back(&decoded, id, decode_event);
                events += 1;
            }
            _ => {
                let Ok(decoded) = decode_session_message(input.as_bytes()) else { continue };
                written_decodes_back(&decoded, id, decode_session_message);
                messages += 1;
            }
        }
    }
    assert!(
        responses > 300 && events > 150 && messages > 250,
        "too few vectors written: {responses} responses, {events} events, {messages} session messages"
    );
}

#[test]
fn every_spec_request_example_is_written_so_it_decodes_back() {
    for (method, record) in common::example_requests(&common::spec()) {
        let decoded = decode_request(&record).unwrap_or_else(|e| panic!("{method}: {e}"));
        written_decodes_back(&decoded, &method, decode_request);
    }
}
