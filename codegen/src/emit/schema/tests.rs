//! Structural checks of the schema; `generated/schema/test` validates it with a real validator.

use super::{examples, schema, ENVELOPES};
use crate::ir::Spec;
use serde_json::Value;

fn spec() -> Spec {
    crate::load("protocol.toml", include_str!("../../../../protocol.toml")).expect("the repository spec lowers")
}

/// Resolve a local `#/...` JSON Pointer.
fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    root.pointer(pointer)
}

fn refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if let Some(Value::String(r)) = m.get("$ref") {
                out.push(r.clone());
            }
            m.values().for_each(|x| refs(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

#[test]
fn is_a_2020_12_schema_with_the_header() {
    let s = spec();
    let doc = schema(&s);
    assert_eq!(doc["$schema"], "https://json-schema.org/draft/2020-12/schema");
    assert!(doc["$comment"].as_str().unwrap().starts_with("Generated from protocol.toml. Do not edit."));
    assert!(!doc["$comment"].as_str().unwrap().contains(&s.sha256), "no spec hash in the header");
    let text = super::pretty(&doc);
    let back: Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(back, doc);
}

#[test]
fn has_a_definition_for_every_type_envelope_operation_and_event() {
    let s = spec();
    let doc = schema(&s);
    for group in ["strict", "consumer"] {
        for t in &s.types {
            assert!(doc["$defs"][group]["$defs"].get(&t.name).is_some(), "{group}/{}", t.name);
        }
        for e in ENVELOPES {
            assert!(doc["$defs"][group]["$defs"].get(e).is_some(), "{group}/{e}");
        }
    }
    for op in &s.operations {
        assert!(doc["$defs"]["requests"]["$defs"].get(&op.method).is_some(), "{}", op.method);
        assert!(doc["$defs"]["responses"]["$defs"].get(&op.method).is_some(), "{}", op.method);
    }
    for e in &s.events {
        assert!(doc["$defs"]["events"]["$defs"].get(&e.name).is_some(), "{}", e.name);
    }
    for entry in ["request", "response", "event", "session_message"] {
        assert!(doc["$defs"]["records"]["$defs"].get(entry).is_some(), "{entry}");
    }
}

#[test]
fn every_reference_resolves() {
    let doc = schema(&spec());
    let mut all = Vec::new();
    refs(&doc, &mut all);
    assert!(all.len() > 100);
    for r in all {
        assert!(resolve(&doc, &r).is_some(), "dangling {r}");
    }
}

#[test]
fn strict_rejects_and_consumer_bounds_unknown_members() {
    let doc = schema(&spec());
    let strict = &doc["$defs"]["strict"]["$defs"]["SessionListRequest"];
    assert_eq!(strict["additionalProperties"], Value::Bool(false));
    let consumer = &doc["$defs"]["consumer"]["$defs"]["SessionListResponse"];
    assert_eq!(consumer["additionalProperties"]["$ref"], "#/$defs/json");
    assert_eq!(consumer["maxProperties"], 64);
}

#[test]
fn limit_maps_require_every_limit_and_bound_values() {
    let s = spec();
    let doc = schema(&s);
    let map = &doc["$defs"]["consumer"]["$defs"]["LimitMap"];
    // The ordinary profile's limits: a profile's own are in its negotiation's answer.
    assert_eq!(map["required"].as_array().unwrap().len(), s.ordinary_limits().count());
    assert!(s.limits.len() > s.ordinary_limits().count());
    assert_eq!(map["additionalProperties"]["minimum"], 1);
    assert_eq!(map["additionalProperties"]["maximum"], 9_007_199_254_740_991_u64);
}

#[test]
fn every_example_is_a_valid_case_with_a_resolvable_schema() {
    let s = spec();
    let doc = schema(&s);
    let ex = examples::document(&s);
    let cases = ex["cases"].as_array().unwrap();
    for c in cases {
        let r = c["schema"].as_str().unwrap();
        assert!(resolve(&doc, r).is_some(), "{r}");
    }
    let valid: Vec<&Value> = cases.iter().filter(|c| c["valid"] == true).map(|c| &c["value"]).collect();
    for op in &s.operations {
        for e in &op.examples {
            assert!(valid.contains(&&e.request) && valid.contains(&&e.response), "{}", op.method);
        }
    }
    for e in &s.events {
        assert!(e.examples.iter().all(|x| valid.contains(&x)), "{}", e.name);
    }
    assert!(s.messages.examples.iter().all(|x| valid.contains(&x)));
    assert!(cases.iter().any(|c| c["valid"] == false), "mutations include invalid cases");
}

fn keys(v: &Value, key: &str, out: &mut usize) {
    match v {
        Value::Object(m) => {
            *out += usize::from(m.contains_key(key));
            m.values().for_each(|x| keys(x, key, out));
        }
        Value::Array(a) => a.iter().for_each(|x| keys(x, key, out)),
        _ => {}
    }
}

/// Choices are `if`/`then` on a discriminator (`kind`, `method`, `event`, a union's own), never
/// a bare `oneOf`, under which a generic validator reports every branch's mismatch instead of
/// the record's real violation.
#[test]
fn choices_are_discriminated_not_one_of() {
    let doc = schema(&spec());
    let (mut one_of, mut branches) = (0, 0);
    keys(&doc, "oneOf", &mut one_of);
    keys(&doc, "if", &mut branches);
    assert_eq!(one_of, 0);
    assert!(branches > 100, "{branches}");
    assert_eq!(doc["properties"]["kind"]["enum"], serde_json::json!(["request", "response", "event"]));
    let event = &doc["$defs"]["records"]["$defs"]["event"];
    assert_eq!(event["allOf"][0]["if"]["properties"]["event"]["const"], spec().events[0].name.as_str());
}
