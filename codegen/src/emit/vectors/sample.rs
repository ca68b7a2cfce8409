//! Valid values of any IR type: the spec's own examples where it has them (so vectors read like
//! the documentation), otherwise the minimal value built from the IR (required fields only).

use crate::charset::Charset;
use crate::ir::{Field, Presence, Spec, StringFormat, StringRules, TypeKind, TypeRef, UnionDef, Variant};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// A valid timestamp of the shortest RFC 3339 shape.
const TIMESTAMP: &str = "2026-01-01T00:00:00Z";

pub struct Samples<'a> {
    spec: &'a Spec,
    /// Example values of each named type, in spec order, gathered from every example.
    pool: BTreeMap<String, Vec<Value>>,
}

impl<'a> Samples<'a> {
    pub fn new(spec: &'a Spec) -> Self {
        let mut s = Samples { spec, pool: BTreeMap::new() };
        for op in &spec.operations {
            for ex in &op.examples {
                s.gather(&TypeRef::Named(op.request.clone()), &ex.request);
                s.gather(&TypeRef::Named(op.response.clone()), &ex.response);
            }
        }
        for e in &spec.events {
            e.examples.iter().for_each(|ex| s.gather(&TypeRef::Named(e.payload.clone()), ex));
        }
        let messages = TypeRef::Named(spec.messages.ty.clone());
        spec.messages.examples.iter().for_each(|ex| s.gather(&messages, ex));
        s
    }

    /// Record `v` under every named type it (or a member of it) is an example of.
    fn gather(&mut self, ty: &TypeRef, v: &Value) {
        let spec = self.spec;
        match ty {
            TypeRef::Array(r) => v.as_array().into_iter().flatten().for_each(|x| self.gather(&r.items, x)),
            TypeRef::Named(name) => {
                self.pool.entry(name.clone()).or_default().push(v.clone());
                let (Some(def), Some(map)) = (spec.ty(name), v.as_object()) else {
                    return;
                };
                let fields: &[Field] = match &def.kind {
                    TypeKind::Object(o) => &o.fields,
                    TypeKind::Union(u) => variant_of(u, map).map_or(&[], |x| &x.fields),
                    TypeKind::Map(m) => {
                        map.values().for_each(|x| self.gather(&m.values.ty, x));
                        &[]
                    }
                    _ => &[],
                };
                for f in fields {
                    if let Some(x) = map.get(&f.name).filter(|x| !x.is_null()) {
                        self.gather(&f.ty, x);
                    }
                }
            }
            _ => {}
        }
    }

    /// A valid value of `ty`: the first example of a named type, else the minimal value.
    pub fn sample(&self, ty: &TypeRef) -> Value {
        match ty {
            TypeRef::Named(name) => {
                self.pool.get(name).and_then(|v| v.first()).cloned().unwrap_or_else(|| self.minimal(ty))
            }
            _ => self.minimal(ty),
        }
    }

    /// A valid value of `field`: its constant if it has one.
    pub fn field(&self, field: &Field) -> Value {
        field.constant.clone().unwrap_or_else(|| self.sample(&field.ty))
    }

    /// The smallest valid value: required fields only, minimal scalars, minimal item counts.
    pub fn minimal(&self, ty: &TypeRef) -> Value {
        match ty {
            TypeRef::Bool => Value::Bool(false),
            TypeRef::Int(r) => Value::from(r.min.value),
            TypeRef::String(r) => Value::String(minimal_string(r)),
            TypeRef::Json(_) | TypeRef::Payload => json!({}),
            TypeRef::Array(r) => Value::Array(vec![self.minimal(&r.items); usize_of(r.min_items.value)]),
            TypeRef::Named(name) => self.minimal_named(name),
        }
    }

    fn minimal_named(&self, name: &str) -> Value {
        let Some(def) = self.spec.ty(name) else {
            return Value::Null;
        };
        match &def.kind {
            TypeKind::String(r) => Value::String(minimal_string(r)),
            TypeKind::Enum(e) => e.values.first().map_or(Value::Null, |v| Value::String(v.clone())),
            TypeKind::Object(o) => {
                let mut map = self.minimal_fields(&o.fields);
                // One member of an at_least_one_of group is the least a valid object holds.
                if let Some(f) = o.at_least_one_of.first().and_then(|n| o.fields.iter().find(|f| &f.name == n)) {
                    map.insert(f.name.clone(), self.minimal_field(f));
                }
                Value::Object(map)
            }
            TypeKind::Map(m) => {
                Value::Object(m.required_keys.iter().map(|k| (k.clone(), self.minimal_field(&m.values))).collect())
            }
            TypeKind::Union(u) => u.variants.first().map_or(Value::Null, |v| self.minimal_variant(u, v)),
        }
    }

    fn minimal_fields(&self, fields: &[Field]) -> Map<String, Value> {
        fields
            .iter()
            .filter(|f| f.presence == Presence::Required)
            .map(|f| (f.name.clone(), self.minimal_field(f)))
            .collect()
    }

    fn minimal_field(&self, f: &Field) -> Value {
        f.constant.clone().unwrap_or_else(|| self.minimal(&f.ty))
    }

    /// The minimal object of one union variant, discriminators included.
    pub fn minimal_variant(&self, u: &UnionDef, v: &Variant) -> Value {
        let mut map = self.minimal_fields(&v.fields);
        for (d, m) in u.discriminators.iter().zip(&v.matches) {
            map.insert(d.clone(), Value::String(m.clone()));
        }
        Value::Object(map)
    }

    /// A valid object of one union variant: the first example of it, else its minimal object.
    pub fn variant(&self, union_name: &str, u: &UnionDef, v: &Variant) -> Value {
        let example = self
            .pool
            .get(union_name)
            .into_iter()
            .flatten()
            .find(|x| x.as_object().and_then(|m| variant_of(u, m)).is_some_and(|found| found.name == v.name));
        example.cloned().unwrap_or_else(|| self.minimal_variant(u, v))
    }
}

/// The variant whose discriminator values an object carries.
pub fn variant_of<'u>(u: &'u UnionDef, map: &Map<String, Value>) -> Option<&'u Variant> {
    let tags: Vec<&str> = u.discriminators.iter().map(|d| map.get(d).and_then(Value::as_str).unwrap_or("")).collect();
    u.variants.iter().find(|x| x.matches.iter().zip(&tags).all(|(a, b)| a == b))
}

fn usize_of(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

fn minimal_string(r: &StringRules) -> String {
    let n = if r.non_blank { r.min_bytes.value.max(1) } else { r.min_bytes.value };
    string_of_len(r, n)
        .or_else(|| (r.format == Some(StringFormat::Rfc3339)).then(|| TIMESTAMP.to_string()))
        .unwrap_or_default()
}

/// The character valid strings are filled with: `a` where the charset allows it.
pub fn fill_char(r: &StringRules) -> char {
    match r.charset.as_deref().and_then(|c| Charset::parse(c).ok()) {
        Some(c) if !c.contains(b'a') => c.chars().into_iter().find(char::is_ascii_alphanumeric).unwrap_or('a'),
        _ => 'a',
    }
}

/// A valid string of exactly `n` UTF-8 bytes, if the rules allow one.
pub fn string_of_len(r: &StringRules, n: u64) -> Option<String> {
    let n = usize::try_from(n).ok()?;
    if r.format == Some(StringFormat::Rfc3339) {
        // The shortest shape is 20 bytes; a fraction of k digits adds k + 1.
        return match n {
            20 => Some(TIMESTAMP.to_string()),
            22.. => Some(format!("{}.{}Z", &TIMESTAMP[..19], "0".repeat(n - 21))),
            _ => None,
        };
    }
    if r.non_blank && n == 0 {
        return None;
    }
    Some(fill_char(r).to_string().repeat(n))
}

/// A string of exactly `n` bytes but fewer characters, made of two-byte `é`: a decoder that
/// counts characters instead of bytes accepts it when `n` is one past a maximum.
pub fn multibyte_of_len(n: u64) -> String {
    let n = usize_of(n);
    "é".repeat(n / 2) + &"a".repeat(n % 2)
}

/// A printable ASCII character outside the charset, if it has one.
pub fn outside_charset(charset: &str) -> Option<char> {
    let c = Charset::parse(charset).ok()?;
    (b' '..=b'~').find(|b| !c.contains(*b)).map(char::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Bound;

    fn rules(min: u64, max: u64, charset: Option<&str>, format: Option<StringFormat>) -> StringRules {
        StringRules {
            min_bytes: Bound::literal(min),
            max_bytes: Bound::literal(max),
            charset: charset.map(str::to_string),
            format,
            non_blank: false,
        }
    }

    #[test]
    fn strings_of_exact_length() {
        let ts = rules(1, 64, None, Some(StringFormat::Rfc3339));
        for n in [20, 22, 64, 65] {
            let s = string_of_len(&ts, n).unwrap();
            assert_eq!(s.len() as u64, n);
            assert!(crate::rfc3339::is_valid(&s), "{s}");
        }
        assert_eq!(string_of_len(&ts, 21), None);
        assert_eq!(string_of_len(&rules(0, 8, Some("0-9"), None), 3).as_deref(), Some("000"));
        assert_eq!(multibyte_of_len(5), "ééa");
        assert_eq!(outside_charset("A-Za-z0-9-_"), Some(' '));
    }
}
