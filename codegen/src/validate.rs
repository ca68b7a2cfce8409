//! An IR interpreter that checks a JSON value against a spec type. The generator uses it to
//! validate the spec's own examples; tools use it to check vectors. The generated decoders are
//! the production path and are tested against the same examples.

use crate::charset::Charset;
use crate::ir::{Field, Presence, Spec, StringFormat, StringRules, TypeKind, TypeRef};
use serde_json::{Map, Value};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Server input: unknown members are rejected.
    Strict,
    /// Consumer input: unknown members are ignored.
    Tolerant,
}

/// Why a value does not satisfy a type, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", if self.path.is_empty() { "$" } else { &self.path }, self.message)
    }
}

pub fn check(spec: &Spec, ty: &TypeRef, value: &Value, mode: Mode) -> Result<(), Problem> {
    Checker { spec, mode }.value(ty, value, "")
}

/// Check an object against a list of fields, such as an envelope's (its payload slot accepts
/// any value; the caller checks the payload against its own type).
pub fn check_fields(spec: &Spec, fields: &[Field], value: &Value, mode: Mode) -> Result<(), Problem> {
    let map = value.as_object().map_or_else(|| fail("", "expected an object"), Ok)?;
    Checker { spec, mode }.fields(fields, map, &[], "")
}

struct Checker<'a> {
    spec: &'a Spec,
    mode: Mode,
}

fn fail<T>(path: &str, message: impl Into<String>) -> Result<T, Problem> {
    Err(Problem { path: path.to_string(), message: message.into() })
}

impl Checker<'_> {
    fn value(&self, ty: &TypeRef, v: &Value, path: &str) -> Result<(), Problem> {
        match ty {
            TypeRef::Bool => v.as_bool().map(|_| ()).map_or_else(|| fail(path, "expected a boolean"), Ok),
            TypeRef::Int(r) => match v.as_u64() {
                Some(n) if n >= r.min.value && n <= r.max.value => Ok(()),
                Some(n) => fail(path, format!("{n} is outside {}..={}", r.min.value, r.max.value)),
                None => fail(path, "expected a nonnegative integer"),
            },
            TypeRef::String(r) => self.string(r, v, path),
            TypeRef::Json(crate::ir::JsonKind::Any) | TypeRef::Payload => Ok(()),
            TypeRef::Json(crate::ir::JsonKind::Object) => {
                v.as_object().map(|_| ()).map_or_else(|| fail(path, "expected an object"), Ok)
            }
            TypeRef::Array(r) => {
                let Some(items) = v.as_array() else {
                    return fail(path, "expected an array");
                };
                let n = items.len() as u64;
                if n < r.min_items.value || n > r.max_items.value {
                    return fail(path, format!("{n} items is outside {}..={}", r.min_items.value, r.max_items.value));
                }
                items.iter().enumerate().try_for_each(|(i, x)| self.value(&r.items, x, &format!("{path}[{i}]")))
            }
            TypeRef::Named(name) => self.named(name, v, path),
        }
    }

    fn string(&self, r: &StringRules, v: &Value, path: &str) -> Result<(), Problem> {
        let Some(s) = v.as_str() else {
            return fail(path, "expected a string");
        };
        let n = s.len() as u64;
        if n < r.min_bytes.value || n > r.max_bytes.value {
            return fail(path, format!("{n} bytes is outside {}..={}", r.min_bytes.value, r.max_bytes.value));
        }
        if let Some(c) = r.charset.as_deref().and_then(|c| Charset::parse(c).ok()) {
            if !s.bytes().all(|b| c.contains(b)) {
                return fail(path, "character outside the allowed charset");
            }
        }
        if r.non_blank && s.trim().is_empty() {
            return fail(path, "must contain a non-whitespace character");
        }
        if r.format == Some(StringFormat::Rfc3339) && !crate::rfc3339::is_valid(s) {
            return fail(path, "not an RFC 3339 timestamp");
        }
        Ok(())
    }

    fn named(&self, name: &str, v: &Value, path: &str) -> Result<(), Problem> {
        let Some(def) = self.spec.ty(name) else {
            return fail(path, format!("undefined type {name}"));
        };
        match &def.kind {
            TypeKind::String(r) => self.string(r, v, path),
            TypeKind::Enum(e) => match v.as_str() {
                Some(s) if e.values.iter().any(|x| x == s) => Ok(()),
                Some(s) => fail(path, format!("`{s}` is not a value of {name}")),
                None => fail(path, "expected a string"),
            },
            TypeKind::Object(o) => {
                let map = v.as_object().map_or_else(|| fail(path, "expected an object"), Ok)?;
                self.fields(&o.fields, map, &[], path)?;
                if !o.at_least_one_of.is_empty() && !o.at_least_one_of.iter().any(|f| map.contains_key(f)) {
                    return fail(path, format!("needs at least one of {:?}", o.at_least_one_of));
                }
                Ok(())
            }
            TypeKind::Map(m) => {
                let map = v.as_object().map_or_else(|| fail(path, "expected an object"), Ok)?;
                for k in &m.required_keys {
                    if !map.contains_key(k) {
                        return fail(path, format!("missing required key `{k}`"));
                    }
                }
                map.iter().try_for_each(|(k, x)| self.value(&m.values.ty, x, &format!("{path}.{k}")))
            }
            TypeKind::Union(u) => {
                let map = v.as_object().map_or_else(|| fail(path, "expected an object"), Ok)?;
                let tags: Vec<&str> =
                    u.discriminators.iter().map(|d| map.get(d).and_then(Value::as_str).unwrap_or("")).collect();
                let Some(variant) = u.variants.iter().find(|x| x.matches.iter().zip(&tags).all(|(a, b)| a == b)) else {
                    return fail(path, format!("no variant of {name} matches {tags:?}"));
                };
                self.fields(&variant.fields, map, &u.discriminators, path)
            }
        }
    }

    fn fields(&self, fields: &[Field], map: &Map<String, Value>, tags: &[String], path: &str) -> Result<(), Problem> {
        for f in fields {
            let fpath = format!("{path}.{}", f.name);
            match map.get(&f.name) {
                None if f.is_required() => return fail(&fpath, "missing required field"),
                None => {}
                Some(Value::Null) if f.nullable => {}
                Some(Value::Null) => return fail(&fpath, "null is not allowed"),
                Some(x) => {
                    if let Some(c) = &f.constant {
                        if x != c {
                            return fail(&fpath, format!("must be {c}"));
                        }
                    }
                    self.value(&f.ty, x, &fpath)?;
                }
            }
            let _ = matches!(f.presence, Presence::Defaulted(_));
        }
        if self.mode == Mode::Strict {
            if let Some(k) = map.keys().find(|k| !fields.iter().any(|f| &f.name == *k) && !tags.contains(k)) {
                return fail(&format!("{path}.{k}"), "unknown field");
            }
        }
        Ok(())
    }
}
