//! The writer against serde_json itself: every output must be the same bytes.

use super::write;
use proptest::prelude::*;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

fn same_as_serde_json<T: Serialize + ?Sized>(value: &T) {
    let mut ours = Vec::new();
    write(&mut ours, value).expect("writes");
    let theirs = serde_json::to_vec(value).expect("serde_json writes");
    assert_eq!(String::from_utf8_lossy(&ours), String::from_utf8_lossy(&theirs));
}

#[test]
fn strings_needing_escapes_match_serde_json() {
    for s in
        ["", "plain", "quote \" here", "back\\slash", "tab\tnew\nline\r", "\u{0}\u{1f}\u{7f}", "é ✓ 😀", "</script>"]
    {
        same_as_serde_json(s);
        same_as_serde_json(&BTreeMap::from([(s, s)]));
    }
}

#[test]
fn numbers_match_serde_json_including_non_finite_floats_as_null() {
    same_as_serde_json(&(i64::MIN, u64::MAX, i128::MIN, u128::MAX, -0i8, 255u8));
    same_as_serde_json(&[0.0, -0.0, 1.0, 0.1, 1e300, -1e-300, f64::MAX, f64::NAN, f64::INFINITY, f64::NEG_INFINITY]);
    same_as_serde_json(&[1.5f32, f32::NAN, f32::MIN_POSITIVE]);
}

#[derive(Serialize)]
enum Shape {
    Unit,
    Newtype(u8),
    Tuple(u8, String),
    Struct { a: Option<u8>, b: Vec<bool> },
}

#[derive(Serialize)]
struct Wrapper(String);

#[derive(Serialize)]
struct Record {
    shapes: Vec<Shape>,
    wrapper: Wrapper,
    unit: (),
    empty: Vec<u8>,
    bytes: serde_bytes_like::Bytes,
    keys: BTreeMap<i32, bool>,
    bool_keys: BTreeMap<bool, ()>,
    c: char,
}

/// `&[u8]` through `serialize_bytes`, without another dependency.
mod serde_bytes_like {
    pub struct Bytes(pub Vec<u8>);
    impl serde::Serialize for Bytes {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(&self.0)
        }
    }
}

#[test]
fn every_serde_shape_matches_serde_json() {
    same_as_serde_json(&Record {
        shapes: vec![
            Shape::Unit,
            Shape::Newtype(7),
            Shape::Tuple(1, "x\"".into()),
            Shape::Struct { a: None, b: vec![true, false] },
        ],
        wrapper: Wrapper("w".into()),
        unit: (),
        empty: Vec::new(),
        bytes: serde_bytes_like::Bytes(vec![0, 1, 255]),
        keys: BTreeMap::from([(-1, true), (2, false)]),
        bool_keys: BTreeMap::from([(true, ())]),
        c: '"',
    });
    same_as_serde_json(&json!({"nested": {"a": [1, "two", null, {"": []}]}, "n": -3.25}));
}

#[test]
fn keys_that_are_no_string_are_refused_like_serde_json() {
    let mut out = Vec::new();
    let seq_key = BTreeMap::from([(vec![1u8], 1)]);
    assert!(write(&mut out, &seq_key).is_err());
    assert!(serde_json::to_vec(&seq_key).is_err());
    let nan_key = BTreeMap::from([(OrdF64(f64::NAN), 1)]);
    assert!(write(&mut out, &nan_key).is_err());
    assert!(serde_json::to_vec(&nan_key).is_err());
    same_as_serde_json(&BTreeMap::from([(OrdF64(1.5), 1)]));
}

/// A float map key (`f64` is not `Ord`).
#[derive(Serialize)]
struct OrdF64(f64);
impl PartialEq for OrdF64 {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}
impl Eq for OrdF64 {}
impl PartialOrd for OrdF64 {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for OrdF64 {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

fn any_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        any::<String>().prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::from),
            prop::collection::btree_map(any::<String>(), inner, 0..8)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn any_json_value_is_written_as_serde_json_writes_it(v in any_value()) {
        let mut ours = Vec::new();
        write(&mut ours, &v).expect("writes");
        prop_assert_eq!(ours, serde_json::to_vec(&v).expect("serde_json writes"));
    }
}
