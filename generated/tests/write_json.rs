//! Outbound records are written by the generated `WriteJson` impls, which must produce exactly
//! what serde_json produces through the generated `Serialize` impls. Checked here on real
//! protocol values: every response and event the consumer vectors accept, every session message
//! they accept, and every request example of the spec, decoded into the generated types and
//! written both ways.

mod common;

use agentwire_protocol::runtime::WriteJson;
use agentwire_protocol::{decode_event, decode_request, decode_response, decode_session_message, Method};
use serde::Serialize;
use serde_json::Value;

fn same_as_serde_json<T: Serialize + WriteJson>(value: &T, what: &str) {
    let mut ours = Vec::new();
    value.write_json(&mut ours);
    let theirs = serde_json::to_vec(value).expect("serde_json writes");
    assert_eq!(String::from_utf8_lossy(&ours), String::from_utf8_lossy(&theirs), "{what}");
}

#[test]
fn every_accepted_response_event_and_session_message_vector_is_written_as_serde_json_writes_it() {
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
                same_as_serde_json(&decoded, id);
                responses += 1;
            }
            Some("event") => {
                let Ok(decoded) = decode_event(input.as_bytes()) else { continue };
                same_as_serde_json(&decoded, id);
                events += 1;
            }
            _ => {
                let Ok(decoded) = decode_session_message(input.as_bytes()) else { continue };
                same_as_serde_json(&decoded, id);
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
fn every_spec_request_example_is_written_as_serde_json_writes_it() {
    for (method, record) in common::example_requests(&common::spec()) {
        let decoded = decode_request(&record).unwrap_or_else(|e| panic!("{method}: {e}"));
        same_as_serde_json(&decoded, &method);
    }
}
