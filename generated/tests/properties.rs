//! Property tests: values generated from the spec's IR round-trip through encode → decode, the
//! single typed pass agrees with the precise path, and no byte string panics a decoder.

mod common;

use agentwire_codegen::ir::{Field, Presence, Spec, StringRules, TypeKind, TypeRef};
use agentwire_protocol::request::decode_request_precise;
use agentwire_protocol::{decode_event, decode_request, decode_response, decode_session_message, Method};
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use std::sync::OnceLock;

fn spec() -> &'static Spec {
    static SPEC: OnceLock<Spec> = OnceLock::new();
    SPEC.get_or_init(common::spec)
}

fn string_value(r: &StringRules) -> BoxedStrategy<Value> {
    if r.format.is_some() {
        return (2000u32..2100, 1u32..13, 1u32..29, 0u32..24)
            .prop_map(|(y, m, d, h)| json!(format!("{y:04}-{m:02}-{d:02}T{h:02}:00:00Z")))
            .boxed();
    }
    let alphabet: Vec<char> =
        match r.charset.as_deref().and_then(|c| agentwire_codegen::charset::Charset::parse(c).ok()) {
            Some(c) => c.chars(),
            None => "aZ09 _-é😀\"\\\n/".chars().collect(),
        };
    let (min, max) = (r.min_bytes.value as usize, (r.max_bytes.value as usize).min(48));
    proptest::collection::vec(proptest::sample::select(alphabet), 0..12)
        .prop_map(move |chars| {
            let mut s = String::from("a");
            for c in chars {
                if s.len() + c.len_utf8() <= max {
                    s.push(c);
                }
            }
            while s.len() < min {
                s.push('a');
            }
            json!(s)
        })
        .boxed()
}

fn value(ty: &TypeRef, depth: u32) -> BoxedStrategy<Value> {
    match ty {
        TypeRef::Bool => any::<bool>().prop_map(Value::from).boxed(),
        TypeRef::Int(r) => (r.min.value..=r.max.value).prop_map(Value::from).boxed(),
        TypeRef::String(r) => string_value(r),
        TypeRef::Json(_) => {
            (any::<u8>(), "[a-z]{1,6}").prop_map(|(n, k)| json!({ k: n, "nested": [n, {"x": null}] })).boxed()
        }
        TypeRef::Array(a) => {
            let max = (a.max_items.value as usize).min(3).max(a.min_items.value as usize);
            proptest::collection::vec(value(&a.items, depth + 1), a.min_items.value as usize..=max)
                .prop_map(Value::Array)
                .boxed()
        }
        TypeRef::Named(n) => named(n, depth),
        TypeRef::Payload => Just(Value::Null).boxed(),
    }
}

fn named(name: &str, depth: u32) -> BoxedStrategy<Value> {
    let def = spec().ty(name).expect("declared type");
    match &def.kind {
        TypeKind::String(r) => string_value(r),
        TypeKind::Enum(e) => proptest::sample::select(e.values.clone()).prop_map(Value::from).boxed(),
        TypeKind::Object(o) => object(&o.fields, Vec::new(), o.at_least_one_of.first().cloned(), depth),
        TypeKind::Union(u) => {
            let variants: Vec<BoxedStrategy<Value>> = u
                .variants
                .iter()
                .map(|v| {
                    let tags = u.discriminators.iter().cloned().zip(v.matches.iter().cloned()).collect();
                    object(&v.fields, tags, None, depth)
                })
                .collect();
            proptest::strategy::Union::new(variants).boxed()
        }
        TypeKind::Map(m) => {
            let keys = m.required_keys.clone();
            (proptest::collection::vec(1u64..100_000, keys.len()), proptest::option::of(1u64..10))
                .prop_map(move |(vals, ext)| {
                    let mut map: Map<String, Value> =
                        keys.iter().cloned().zip(vals.into_iter().map(Value::from)).collect();
                    if let Some(e) = ext {
                        map.insert("max_future_items".into(), json!(e));
                    }
                    Value::Object(map)
                })
                .boxed()
        }
    }
}

/// A string that no value satisfies (the spec's way to forbid an optional member, such as
/// `thinking` on user text): such a member is always absent from a valid record.
fn holds_no_value(ty: &TypeRef) -> bool {
    matches!(ty, TypeRef::String(r) if r.max_bytes.value == 0 && (r.non_blank || r.min_bytes.value > 0))
}

fn member(f: &Field, depth: u32) -> BoxedStrategy<Option<Value>> {
    if let Some(c) = &f.constant {
        return Just(Some(c.clone())).boxed();
    }
    if f.presence != Presence::Required && holds_no_value(&f.ty) {
        return Just(None).boxed();
    }
    let inner = value(&f.ty, depth + 1);
    let inner = if f.nullable { prop_oneof![Just(Value::Null), inner].boxed() } else { inner };
    match f.presence {
        Presence::Required => inner.prop_map(Some).boxed(),
        _ => proptest::option::of(inner).boxed(),
    }
}

/// `must` names an optional field made present (the first of an `at_least_one_of` list).
fn object(fields: &[Field], tags: Vec<(String, String)>, must: Option<String>, depth: u32) -> BoxedStrategy<Value> {
    let names: Vec<String> = fields.iter().map(|f| f.name.clone()).collect();
    let members: Vec<_> = fields
        .iter()
        .map(|f| {
            let mut f = f.clone();
            if must.as_deref() == Some(f.name.as_str()) {
                f.presence = Presence::Required;
            }
            member(&f, depth)
        })
        .collect();
    members
        .prop_map(move |vals| {
            let mut map: Map<String, Value> = tags.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
            for (k, v) in names.iter().zip(vals) {
                if let Some(v) = v {
                    map.insert(k.clone(), v);
                }
            }
            Value::Object(map)
        })
        .boxed()
}

fn request_record() -> impl Strategy<Value = Vec<u8>> {
    proptest::sample::select(spec().operations.clone()).prop_flat_map(|op| {
        named(&op.request, 1).prop_map(move |payload| common::record(&common::envelope(spec(), &op.method, payload)))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    /// Generated valid requests decode, re-encode, and decode to the same value.
    #[test]
    fn requests_round_trip(record in request_record()) {
        let first = decode_request(&record).map_err(|e| TestCaseError::fail(format!("{e}: {}", String::from_utf8_lossy(&record))))?;
        let again = decode_request(&serde_json::to_vec(&first).expect("encodes")).expect("re-decodes");
        prop_assert_eq!(first, again);
    }

    /// The single typed pass and the precise path accept exactly the same records.
    #[test]
    fn fast_and_precise_paths_agree(record in request_record(), cut in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut mutated = record.clone();
        let i = cut.index(mutated.len());
        mutated[i] = byte;
        for r in [&record, &mutated] {
            let fast = decode_request(r);
            let precise = decode_request_precise(r);
            prop_assert_eq!(fast.as_ref().ok(), precise.as_ref().ok());
            prop_assert_eq!(fast.err().map(|e| e.code), precise.err().map(|e| e.code));
        }
    }

    /// Generated valid responses and events decode and re-encode to the same value.
    #[test]
    fn outputs_round_trip(i in 0usize..64) {
        let ops = &spec().operations;
        let op = &ops[i % ops.len()];
        let method = Method::from_wire(&op.method).expect("known");
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let payload = named(&op.response, 1).new_tree(&mut runner).expect("strategy").current();
        let env = json!({"protocol_version":2,"kind":"response","request_id":"r","instance_id":"i","connection_id":"c",
                         "session_id":null,"operation_id":null,"payload":payload,"error":null});
        let first = decode_response(&common::record(&env), |_| Some(method)).map_err(|e| TestCaseError::fail(format!("{e}: {env}")))?;
        let again = decode_response(&serde_json::to_vec(&first).expect("encodes"), |_| Some(method)).expect("re-decodes");
        prop_assert_eq!(first, again);
    }

    /// No byte string panics any decoder.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        let _ = decode_request(&bytes);
        let _ = decode_response(&bytes, |_| Some(Method::Status));
        let _ = decode_event(&bytes);
        let _ = decode_session_message(&bytes);
    }

    /// JSON-shaped noise (valid syntax, random structure) never panics any decoder either.
    #[test]
    fn json_noise_never_panics(v in json_noise()) {
        let bytes = common::record(&v);
        let _ = decode_request(&bytes);
        let _ = decode_response(&bytes, |_| Some(Method::Initialize));
        let _ = decode_event(&bytes);
        let _ = decode_session_message(&bytes);
    }
}

fn json_noise() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        "[a-z_.]{0,12}".prop_map(Value::from)
    ];
    leaf.prop_recursive(40, 256, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            proptest::collection::btree_map(
                prop_oneof![
                    Just("method".to_string()),
                    Just("payload".to_string()),
                    Just("kind".to_string()),
                    "[a-z_]{1,8}"
                ],
                inner,
                0..8
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

#[test]
fn every_message_type_variant_round_trips() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..200 {
        let v = named(&spec().messages.ty, 0).new_tree(&mut runner).expect("strategy").current();
        let first = decode_session_message(&common::record(&v)).unwrap_or_else(|e| panic!("{e}: {v}"));
        let again = decode_session_message(&serde_json::to_vec(&first).expect("encodes")).expect("re-decodes");
        assert_eq!(first, again);
    }
}

#[test]
fn every_event_round_trips() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for ev in &spec().events {
        for _ in 0..30 {
            let payload = named(&ev.payload, 1).new_tree(&mut runner).expect("strategy").current();
            let set = |on: bool, v: Value| if on { v } else { Value::Null };
            let c = &ev.correlation;
            use agentwire_codegen::ir::Correlation::Set;
            // A payload that names a session must name the envelope's.
            let session = payload.get("session_id").cloned().unwrap_or(json!("s"));
            let env = json!({"protocol_version":2,"kind":"event","event":ev.name,"instance_id":"i","connection_id":"c",
                "session_id":set(c.session_id == Set, session),"operation_id":set(c.operation_id == Set, json!("o")),
                "grant_generation":set(c.grant_generation == Set, json!(1)),"live_sequence":set(c.live_sequence == Set, json!(2)),
                "payload":payload});
            let first = decode_event(&common::record(&env)).unwrap_or_else(|e| panic!("{e}: {env}"));
            let again = decode_event(&serde_json::to_vec(&first).expect("encodes")).expect("re-decodes");
            assert_eq!(first, again);
        }
    }
}
