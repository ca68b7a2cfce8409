//! Type-driven mutations of a valid value. Each case replaces the whole value and says whether
//! the result still satisfies the type (at the schema level only: record-level checks such as
//! structural limits are applied by the caller, which knows the decoding context).
//!
//! The kinds: a field missing / absent / `null`; each wrong JSON type; each bound at its limit
//! and one past it; charsets, blank text, formats and constants; enums with an unknown value (and
//! every known value once per enum); unions with an unknown, missing or mismatched discriminator
//! and every variant; unknown members; limit-map keys and extension values.

use super::records::FUTURE_MEMBER;
use super::rules;
use super::sample::{multibyte_of_len, outside_charset, string_of_len, variant_of, Samples};
use crate::ir::{
    ArrayRules, BoundSource, EnumDef, Field, IntRules, JsonKind, MapDef, Presence, Spec, StringFormat, StringRules,
    TypeKind, TypeRef, UnionDef, Violation,
};
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// Whether a mutated value still satisfies its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Valid,
    /// Fails the schema: the decoding context's error.
    Invalid,
    /// Crosses an array bound taken from a limit whose `exceeded` is `limit_exceeded`.
    InvalidLimit,
}

impl Verdict {
    pub fn is_valid(self) -> bool {
        self == Verdict::Valid
    }
}

/// One mutation: the id segments that name it (field path, then the kind), the whole mutated
/// value, its verdict and the words of the rule it checks.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub path: Vec<String>,
    pub value: Value,
    pub verdict: Verdict,
    pub rule: &'static str,
}

fn case(path: &[&str], value: Value, verdict: Verdict, rule: &'static str) -> Case {
    Case { path: path.iter().map(|s| s.to_string()).collect(), value, verdict, rule }
}

/// A value that is not a valid string of any enum or union in the spec.
pub const UNKNOWN_VALUE: &str = "future_value";

/// The JSON kind a type's values have, which decides its wrong-type replacements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bool,
    Int,
    String,
    Array,
    Object,
    Any,
}

pub struct Mutator<'a> {
    spec: &'a Spec,
    samples: &'a Samples<'a>,
    /// Server input is strict: unknown members are rejected.
    server: bool,
    /// Named composite types already mutated in depth; later occurrences get field-level cases
    /// only, which keeps the vector count bounded without losing a rule.
    deep: BTreeSet<String>,
    /// Enums whose every value has an accept case already.
    enums: BTreeSet<String>,
    /// Named string types whose large bound cases were written already: a 16 KiB string per
    /// field of `Text` would multiply the files' size without checking another rule.
    large: BTreeSet<String>,
}

/// Strings longer than this are bound-checked once per named type and direction, and get no
/// multibyte variant (a short string already catches counting characters instead of bytes).
const LARGE: u64 = 1024;

impl<'a> Mutator<'a> {
    pub fn new(spec: &'a Spec, samples: &'a Samples<'a>, server: bool) -> Self {
        Mutator { spec, samples, server, deep: BTreeSet::new(), enums: BTreeSet::new(), large: BTreeSet::new() }
    }

    /// Every case of a root value (a payload or a message): always in depth.
    pub fn root(&mut self, ty: &TypeRef, base: &Value) -> Vec<Case> {
        if let TypeRef::Named(name) = ty {
            self.deep.insert(name.clone());
        }
        self.value(ty, base, true)
    }

    /// The cases of an object given by its fields (an envelope), skipping the value cases of the
    /// fields named in `skip` (their presence cases stay).
    pub fn fields(&mut self, fields: &[Field], base: &Map<String, Value>, skip: &[&str]) -> Vec<Case> {
        self.object(fields, &[], base, skip, false)
    }

    fn value(&mut self, ty: &TypeRef, base: &Value, root: bool) -> Vec<Case> {
        let mut out = self.wrong_types(ty, base);
        match ty {
            TypeRef::Int(r) => out.extend(int_bounds(r)),
            TypeRef::String(r) => out.extend(self.string_cases(r, None)),
            TypeRef::Array(r) => out.extend(self.array(r, base)),
            TypeRef::Named(name) => out.extend(self.named(name, base, root)),
            TypeRef::Bool | TypeRef::Json(_) | TypeRef::Payload => {}
        }
        out
    }

    fn kind(&self, ty: &TypeRef) -> Kind {
        match ty {
            TypeRef::Bool => Kind::Bool,
            TypeRef::Int(_) => Kind::Int,
            TypeRef::String(_) => Kind::String,
            TypeRef::Array(_) => Kind::Array,
            TypeRef::Json(JsonKind::Object) => Kind::Object,
            TypeRef::Json(JsonKind::Any) | TypeRef::Payload => Kind::Any,
            TypeRef::Named(name) => match self.spec.ty(name).map(|d| &d.kind) {
                Some(TypeKind::String(_) | TypeKind::Enum(_)) => Kind::String,
                Some(_) => Kind::Object,
                None => Kind::Any,
            },
        }
    }

    /// Values of another JSON kind, derived from the valid one where that makes the trap
    /// sharper (`false` → `0` and `"false"`, `16` → `"16"`).
    fn wrong_types(&self, ty: &TypeRef, base: &Value) -> Vec<Case> {
        let values: Vec<(&str, Value)> = match self.kind(ty) {
            Kind::Bool => {
                let b = base.as_bool().unwrap_or(false);
                vec![("number", json!(u8::from(b))), ("string", json!(b.to_string()))]
            }
            Kind::Int => {
                let n = base.as_u64().unwrap_or(0);
                vec![("string", json!(n.to_string())), ("fraction", json!(n as f64 + 0.5))]
            }
            Kind::String => vec![("number", json!(1))],
            Kind::Array => vec![("object", json!({}))],
            Kind::Object => vec![("array", json!([]))],
            Kind::Any => vec![],
        };
        values.into_iter().map(|(k, v)| case(&["wrong_type", k], v, Verdict::Invalid, rules::WRONG_TYPE)).collect()
    }

    fn named(&mut self, name: &str, base: &Value, root: bool) -> Vec<Case> {
        let spec = self.spec;
        let Some(def) = spec.ty(name) else {
            return Vec::new();
        };
        let sample;
        let map = match base.as_object() {
            Some(m) => m,
            None => {
                sample = self.samples.sample(&TypeRef::Named(name.to_string()));
                match sample.as_object() {
                    Some(m) => m,
                    None => return self.scalar_named(name, &def.kind),
                }
            }
        };
        let deep = root || self.deep.insert(name.to_string());
        match &def.kind {
            TypeKind::Object(o) if deep => self.object(&o.fields, &o.at_least_one_of, map, &[], root),
            TypeKind::Map(m) if deep => self.map(m, map),
            TypeKind::Union(u) if deep => self.union(name, u, map, root),
            kind => self.scalar_named(name, kind),
        }
    }

    fn scalar_named(&mut self, name: &str, kind: &TypeKind) -> Vec<Case> {
        match kind {
            TypeKind::String(r) => self.string_cases(r, Some(name)),
            TypeKind::Enum(e) => self.enum_cases(name, e),
            _ => Vec::new(),
        }
    }

    fn string_cases(&mut self, r: &StringRules, type_name: Option<&str>) -> Vec<Case> {
        let (min, max) = (r.min_bytes.value, r.max_bytes.value);
        let large_again = max > LARGE && type_name.is_some_and(|n| !self.large.insert(n.to_string()));
        let bound = rules::bound(self.server);
        let fill = super::sample::fill_char(r).to_string();
        let mut out = Vec::new();
        if let Some(s) = string_of_len(r, min) {
            out.push(case(&["min"], json!(s), Verdict::Valid, bound));
        }
        if min > 0 {
            out.push(case(&["below_min"], json!(fill.repeat(to_usize(min - 1))), Verdict::Invalid, bound));
        }
        if let Some(s) = string_of_len(r, max).filter(|_| !large_again) {
            out.push(case(&["max"], json!(s), Verdict::Valid, bound));
        }
        if !large_again {
            let over = string_of_len(r, max + 1).unwrap_or_else(|| fill.repeat(to_usize(max + 1)));
            out.push(case(&["above_max"], json!(over), Verdict::Invalid, bound));
        }
        if r.charset.is_none() && r.format.is_none() && max <= LARGE {
            out.push(case(&["above_max", "multibyte"], json!(multibyte_of_len(max + 1)), Verdict::Invalid, bound));
        }
        if let Some(bad) = r.charset.as_deref().and_then(outside_charset) {
            let rule = rules::charset(type_name, self.server);
            let ascii = fill.repeat(to_usize(min.max(2) - 1)) + &bad.to_string();
            let non_ascii = fill.repeat(to_usize(min.max(3) - 2)) + "é";
            for (path, s) in [(&["charset"][..], ascii), (&["charset", "non_ascii"][..], non_ascii)] {
                if s.len() as u64 <= max {
                    out.push(case(path, json!(s), Verdict::Invalid, rule));
                }
            }
        }
        if r.non_blank {
            let n = 3u64.clamp(min, max.max(min));
            out.push(case(&["blank"], json!(" ".repeat(to_usize(n))), Verdict::Invalid, rules::NON_BLANK));
        }
        if r.format == Some(StringFormat::Rfc3339) {
            out.push(case(&["format"], json!("2026-13-01T00:00:00Z"), Verdict::Invalid, rules::malformed(self.server)));
            // A date-time must carry its offset (`Z` or `±hh:mm`); a date alone is no timestamp.
            // Each separator, digit and range of the syntax broken on its own, so a checker
            // that tests two of them together is caught.
            for (path, bad) in [
                ("no_offset", "2026-11-30T08:00:00"),
                ("offset_without_colon", "2026-11-30T08:00:00+0100"),
                ("date_only", "2026-11-30"),
                ("separator_year", "2026/11-30T08:00:00Z"),
                ("separator_month", "2026-11/30T08:00:00Z"),
                ("separator_t", "2026-11-30X08:00:00Z"),
                ("separator_hour", "2026-11-30T08.00:00Z"),
                ("separator_minute", "2026-11-30T08:00.00Z"),
                ("digit_month", "2026-1x-30T08:00:00Z"),
                ("digit_day", "2026-11-3xT08:00:00Z"),
                ("range_hour", "2026-11-30T24:00:00Z"),
                ("range_minute", "2026-11-30T08:60:00Z"),
                ("range_offset", "2026-11-30T08:00:00+24:00"),
            ] {
                out.push(case(&["format", path], json!(bad), Verdict::Invalid, rules::RFC3339));
            }
            // The largest value of every field, and a leap second. A leap second is written
            // at 23:59:60 UTC, so it gets its own case in `Z`: at +23:59 it would not be the
            // last minute of a UTC day, which JSON Schema's `date-time` validators refuse.
            for (path, good) in
                [("max_fields", "2026-12-31T23:59:59.999999+23:59"), ("leap_second", "2026-12-31T23:59:60Z")]
            {
                out.push(case(&["format", path], json!(good), Verdict::Valid, rules::RFC3339));
            }
        }
        out
    }

    fn enum_cases(&mut self, name: &str, e: &EnumDef) -> Vec<Case> {
        let mut unknown = UNKNOWN_VALUE.to_string();
        while e.values.contains(&unknown) {
            unknown.push('_');
        }
        let mut out = vec![case(&["enum", "unknown"], json!(unknown), Verdict::Invalid, rules::ENUM)];
        if let Some(f) = &e.fallback {
            out.push(case(&["enum", "fallback"], json!(f), Verdict::Valid, rules::FALLBACK));
        }
        if self.enums.insert(name.to_string()) {
            let rule = rules::malformed(self.server);
            out.extend(e.values.iter().map(|v| case(&["value", v], json!(v), Verdict::Valid, rule)));
        }
        out
    }

    fn array(&mut self, r: &ArrayRules, base: &Value) -> Vec<Case> {
        let items = base.as_array().cloned().unwrap_or_default();
        let item = items.first().cloned().unwrap_or_else(|| self.samples.sample(&r.items));
        let (min, max) = (to_usize(r.min_items.value), to_usize(r.max_items.value));
        let bound = match &r.max_items.source {
            BoundSource::Limit(l) if l == "max_negotiation_items" => rules::NEGOTIATION,
            _ => rules::bound(self.server),
        };
        let over = if r.max_violation == Violation::LimitExceeded { Verdict::InvalidLimit } else { Verdict::Invalid };
        let mut out = vec![case(&["items", "min"], json!(vec![item.clone(); min]), Verdict::Valid, bound)];
        if min > 0 {
            out.push(case(&["items", "below_min"], json!(vec![item.clone(); min - 1]), Verdict::Invalid, bound));
        }
        out.push(case(&["items", "max"], json!(vec![item.clone(); max]), Verdict::Valid, bound));
        out.push(case(&["items", "above_max"], json!(vec![item.clone(); max + 1]), over, bound));
        let with_first = |v: Value| {
            let mut a = items.clone();
            match a.first_mut() {
                Some(first) => *first = v,
                None => a.push(v),
            }
            Value::Array(a)
        };
        out.push(case(&["item", "null"], with_first(Value::Null), Verdict::Invalid, rules::NOT_NULLABLE));
        for c in self.value(&r.items, &item, false) {
            out.push(Case { value: with_first(c.value.clone()), ..prefixed("item", c) });
        }
        out
    }

    fn object(
        &mut self,
        fields: &[Field],
        at_least: &[String],
        base: &Map<String, Value>,
        skip: &[&str],
        root: bool,
    ) -> Vec<Case> {
        let mut out = self.unknown_members(base, root);
        for f in fields {
            out.extend(presence(f, at_least, base).into_iter().map(|c| prefixed(&f.name, c)));
            if !skip.contains(&f.name.as_str()) {
                out.extend(self.field_values(f, base));
            }
        }
        if !at_least.is_empty() {
            let mut m = base.clone();
            at_least.iter().for_each(|n| drop(m.remove(n)));
            out.push(case(&["at_least_one_of", "none"], Value::Object(m), Verdict::Invalid, rules::AT_LEAST_ONE_OF));
        }
        out
    }

    /// An unknown member: rejected by servers, ignored by consumers (also when `null`, at the
    /// root, as the seed's table says).
    fn unknown_members(&self, base: &Map<String, Value>, root: bool) -> Vec<Case> {
        let with = |v: Value| {
            let mut m = base.clone();
            m.insert(FUTURE_MEMBER.to_string(), v);
            Value::Object(m)
        };
        if self.server {
            return vec![case(&["unknown_member"], with(json!(true)), Verdict::Invalid, rules::SERVER_UNKNOWN)];
        }
        let mut out = vec![case(&["unknown_member"], with(json!(true)), Verdict::Valid, rules::CONSUMER_UNKNOWN)];
        if root {
            out.push(case(
                &["unknown_member", "null"],
                with(Value::Null),
                Verdict::Valid,
                rules::CONSUMER_UNKNOWN_NULL,
            ));
        }
        out
    }

    /// The value cases of one field, from its present value or a sample: a constant only gets
    /// another value and wrong types.
    fn field_values(&mut self, f: &Field, base: &Map<String, Value>) -> Vec<Case> {
        let fbase = base.get(&f.name).filter(|v| !v.is_null()).cloned().unwrap_or_else(|| self.samples.field(f));
        let cases = match &f.constant {
            Some(c) => {
                let mut cases = vec![case(&["const"], other_than(c), Verdict::Invalid, rules::malformed(self.server))];
                cases.extend(self.wrong_types(&f.ty, c));
                cases
            }
            None => self.value(&f.ty, &fbase, false),
        };
        let with = |v: Value| {
            let mut m = base.clone();
            m.insert(f.name.clone(), v);
            Value::Object(m)
        };
        cases.into_iter().map(|c| Case { value: with(c.value.clone()), ..prefixed(&f.name, c) }).collect()
    }

    fn union(&mut self, name: &str, u: &UnionDef, base: &Map<String, Value>, root: bool) -> Vec<Case> {
        let mut out = Vec::new();
        for d in &u.discriminators {
            let with = |v: Option<Value>| {
                let mut m = base.clone();
                match v {
                    Some(v) => drop(m.insert(d.clone(), v)),
                    None => drop(m.remove(d)),
                }
                Value::Object(m)
            };
            out.push(case(&[d, "unknown"], with(Some(json!(UNKNOWN_VALUE))), Verdict::Invalid, rules::DISCRIMINATOR));
            out.push(case(&[d, "missing"], with(None), Verdict::Invalid, rules::DISCRIMINATOR));
            out.push(case(&[d, "wrong_type", "number"], with(Some(json!(1))), Verdict::Invalid, rules::WRONG_TYPE));
            if let Some(x) = mismatch(u, base, d) {
                out.push(case(&[d, "mismatch"], with(Some(json!(x))), Verdict::Invalid, rules::DISCRIMINATOR));
            }
        }
        let rule = if self.server { rules::STRICT_PAYLOADS } else { rules::CONSUMER_KNOWN };
        for v in &u.variants {
            let vbase = match variant_of(u, base) {
                Some(found) if found.name == v.name => Value::Object(base.clone()),
                _ => self.samples.variant(name, u, v),
            };
            out.push(case(&[&v.name, "valid"], vbase.clone(), Verdict::Valid, rule));
            let map = vbase.as_object().cloned().unwrap_or_default();
            let cases = self.object(&v.fields, &[], &map, &[], root);
            out.extend(cases.into_iter().map(|c| prefixed(&v.name, c)));
        }
        out
    }

    fn map(&mut self, m: &MapDef, base: &Map<String, Value>) -> Vec<Case> {
        let mut out = Vec::new();
        for k in &m.required_keys {
            let mut without = base.clone();
            without.remove(k);
            out.push(case(&[k, "missing"], Value::Object(without), Verdict::Invalid, rules::LIMIT_MAP_KEYS));
        }
        let with = |k: &str, v: Value| {
            let mut x = base.clone();
            x.insert(k.to_string(), v);
            Value::Object(x)
        };
        const EXTENSION: &str = "max_future_items";
        out.push(case(&["extension"], with(EXTENSION, json!(16)), Verdict::Valid, rules::LIMIT_MAP_EXTENSION));
        if let Some(first) = m.required_keys.first() {
            let fbase = base.get(first).cloned().unwrap_or_else(|| self.samples.field(&m.values));
            out.push(case(&[first, "null"], with(first, Value::Null), Verdict::Invalid, rules::LIMIT_MAP_KEYS));
            for c in self.value(&m.values.ty, &fbase, false) {
                out.push(Case { value: with(first, c.value.clone()), ..prefixed(first, c) });
            }
        }
        for c in self.value(&m.values.ty, &json!(16), false).into_iter().filter(|c| !c.verdict.is_valid()) {
            out.push(Case {
                value: with(EXTENSION, c.value.clone()),
                rule: rules::LIMIT_MAP_EXTENSION,
                ..prefixed("extension", c)
            });
        }
        out
    }
}

/// Presence cases of one field: missing or absent, and `null`.
fn presence(f: &Field, at_least: &[String], base: &Map<String, Value>) -> Vec<Case> {
    let mut without = base.clone();
    without.remove(&f.name);
    let mut out = Vec::new();
    match &f.presence {
        Presence::Required => {
            let rule = if f.nullable { rules::REQUIRED_NULLABLE } else { rules::REQUIRED };
            out.push(case(&["missing"], Value::Object(without), Verdict::Invalid, rule));
        }
        optional => {
            let still_one = at_least.is_empty() || at_least.iter().any(|n| without.contains_key(n));
            let (verdict, rule) = match (still_one, optional) {
                (false, _) => (Verdict::Invalid, rules::AT_LEAST_ONE_OF),
                (true, Presence::Defaulted(_)) => (Verdict::Valid, rules::ABSENT_IS_NOT_NULL),
                (true, _) => (Verdict::Valid, rules::OPTIONAL),
            };
            out.push(case(&["absent"], Value::Object(without), verdict, rule));
        }
    }
    let mut with_null = base.clone();
    with_null.insert(f.name.clone(), Value::Null);
    let (verdict, rule) = match (f.nullable, f.is_required()) {
        (true, _) => (Verdict::Valid, rules::NULLABLE),
        (false, true) => (Verdict::Invalid, rules::NOT_NULLABLE),
        (false, false) => (Verdict::Invalid, rules::ABSENT_IS_NOT_NULL),
    };
    out.push(case(&["null"], Value::Object(with_null), verdict, rule));
    out
}

fn int_bounds(r: &IntRules) -> Vec<Case> {
    let (min, max) = (r.min.value, r.max.value);
    let below = if min == 0 { json!(-1) } else { json!(min - 1) };
    vec![
        case(&["min"], json!(min), Verdict::Valid, rules::COUNTS),
        case(&["below_min"], below, Verdict::Invalid, rules::COUNTS),
        case(&["max"], json!(max), Verdict::Valid, rules::COUNTS),
        case(&["above_max"], json!(max.saturating_add(1)), Verdict::Invalid, rules::COUNTS),
    ]
}

/// A value of the same JSON kind as a constant but different from it.
fn other_than(c: &Value) -> Value {
    match c {
        Value::Bool(b) => json!(!b),
        Value::Number(n) => json!(n.as_u64().map_or(0, |n| n.saturating_add(1))),
        Value::String(s) if s == UNKNOWN_VALUE => json!("other_value"),
        Value::String(_) => json!(UNKNOWN_VALUE),
        _ => json!(UNKNOWN_VALUE),
    }
}

/// A value of discriminator `d` used by some variant that, with the other discriminators of
/// `base`, matches no variant (`type:"turn-start"` with `role:"user"`).
fn mismatch(u: &UnionDef, base: &Map<String, Value>, d: &str) -> Option<String> {
    if u.discriminators.len() < 2 {
        return None;
    }
    let i = u.discriminators.iter().position(|x| x == d)?;
    let values: BTreeSet<&String> = u.variants.iter().filter_map(|v| v.matches.get(i)).collect();
    values.into_iter().find_map(|x| {
        let mut m = base.clone();
        m.insert(d.to_string(), json!(x));
        variant_of(u, &m).is_none().then(|| x.clone())
    })
}

fn prefixed(segment: &str, mut c: Case) -> Case {
    c.path.insert(0, segment.to_string());
    c
}

fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Bound;

    fn spec() -> Spec {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../protocol.toml")).unwrap();
        crate::load("protocol.toml", &text).unwrap()
    }

    fn ids(cases: &[Case]) -> Vec<String> {
        cases.iter().map(|c| c.path.join(".")).collect()
    }

    #[test]
    fn int_bounds_cross_each_limit_by_one() {
        let r = IntRules { base: crate::ir::IntBase::U32, min: Bound::literal(1), max: Bound::literal(32) };
        let cases = int_bounds(&r);
        let got: Vec<(String, Value, bool)> =
            cases.iter().map(|c| (c.path.join("."), c.value.clone(), c.verdict.is_valid())).collect();
        assert_eq!(
            got,
            [
                ("min".into(), json!(1), true),
                ("below_min".into(), json!(0), false),
                ("max".into(), json!(32), true),
                ("above_max".into(), json!(33), false)
            ]
        );
        let zero = IntRules { min: Bound::literal(0), ..r };
        assert_eq!(int_bounds(&zero)[1].value, json!(-1));
    }

    #[test]
    fn wrong_types_keep_the_value_but_change_the_kind() {
        let spec = spec();
        let samples = Samples::new(&spec);
        let m = Mutator::new(&spec, &samples, true);
        let bools = m.wrong_types(&TypeRef::Bool, &json!(false));
        assert_eq!(bools.iter().map(|c| c.value.clone()).collect::<Vec<_>>(), [json!(0), json!("false")]);
        let ints = m.wrong_types(
            &TypeRef::Int(IntRules { base: crate::ir::IntBase::Uint, min: Bound::literal(0), max: Bound::literal(9) }),
            &json!(16),
        );
        assert_eq!(ints.iter().map(|c| c.value.clone()).collect::<Vec<_>>(), [json!("16"), json!(16.5)]);
        assert!(bools.iter().chain(&ints).all(|c| c.verdict == Verdict::Invalid));
    }

    #[test]
    fn string_cases_honour_charset_and_bytes() {
        let spec = spec();
        let samples = Samples::new(&spec);
        let mut m = Mutator::new(&spec, &samples, true);
        let Some(TypeKind::String(r)) = spec.ty("SessionId").map(|d| &d.kind) else {
            panic!("SessionId is a string type")
        };
        let cases = m.string_cases(r, Some("SessionId"));
        assert_eq!(ids(&cases), ["min", "below_min", "max", "above_max", "charset", "charset.non_ascii"]);
        assert_eq!(cases[2].value.as_str().map(str::len), Some(128));
        assert_eq!(cases[3].value.as_str().map(str::len), Some(129));
        assert_eq!(cases[4].value, json!("a "));
        let Some(TypeKind::String(text)) = spec.ty("Text").map(|d| &d.kind) else { panic!("Text is a string type") };
        let cases = m.string_cases(text, Some("Text"));
        assert_eq!(ids(&cases), ["min", "max", "above_max"]);
        assert_eq!(ids(&m.string_cases(text, Some("Text"))), ["min"], "large bounds once per type");
        let Some(TypeKind::String(label)) = spec.ty("Label").map(|d| &d.kind) else { panic!("Label is a string type") };
        let cases = m.string_cases(label, Some("Label"));
        let multibyte = cases
            .iter()
            .find(|c| c.path.join(".") == "above_max.multibyte")
            .and_then(|c| c.value.as_str())
            .unwrap_or_default();
        assert_eq!((multibyte.len(), multibyte.chars().count()), (129, 65));
    }

    #[test]
    fn presence_follows_the_four_facts() {
        let spec = spec();
        let samples = Samples::new(&spec);
        let mut m = Mutator::new(&spec, &samples, true);
        let ty = TypeRef::Named("SessionListRequest".into());
        let cases = m.root(&ty, &json!({"after": null, "limit": 32}));
        let find = |id: &str| cases.iter().find(|c| c.path.join(".") == id).map(|c| (c.value.clone(), c.verdict));
        assert_eq!(find("after.absent"), Some((json!({"limit": 32}), Verdict::Valid)));
        assert_eq!(find("after.null").map(|x| x.1), Some(Verdict::Valid));
        assert_eq!(find("limit.null").map(|x| x.1), Some(Verdict::Invalid));
        assert_eq!(find("limit.above_max"), Some((json!({"after": null, "limit": 33}), Verdict::Invalid)));
        assert_eq!(find("unknown_member").map(|x| x.1), Some(Verdict::Invalid));
    }

    #[test]
    fn unions_mutate_discriminators_and_every_variant() {
        let spec = spec();
        let samples = Samples::new(&spec);
        let mut m = Mutator::new(&spec, &samples, false);
        let base = spec.messages.examples[0].clone();
        let cases = m.root(&TypeRef::Named(spec.messages.ty.clone()), &base);
        let ids = ids(&cases);
        for id in [
            "type.unknown",
            "type.missing",
            "type.mismatch",
            "agent_text.valid",
            "agent_text.text.max",
            "user_text.text.min",
            "agent_text.unknown_member",
        ] {
            assert!(ids.iter().any(|x| x == id), "{id} missing");
        }
        // The base is user text; agent text exists, so `role` has no unmatched value here.
        assert!(!ids.iter().any(|x| x == "role.mismatch"));
        let mismatch = cases.iter().find(|c| c.path.join(".") == "type.mismatch").map(|c| c.value["type"].clone());
        assert_eq!(mismatch, Some(json!("permission-request")));
    }

    #[test]
    fn negotiation_lists_cross_into_limit_exceeded() {
        let spec = spec();
        let samples = Samples::new(&spec);
        let mut m = Mutator::new(&spec, &samples, true);
        let op = spec.operation("initialize").unwrap();
        let cases = m.root(&TypeRef::Named(op.request.clone()), &op.examples[0].request);
        let over =
            cases.iter().find(|c| c.path.join(".") == "supported_protocol_versions.items.above_max").map(|c| c.verdict);
        assert_eq!(over, Some(Verdict::InvalidLimit));
    }
}
