//! JSON examples printed with their members in the spec's field order (the order a reader
//! meets them in the field tables), not in the alphabetical order of a parsed JSON map. The
//! order is read from the type the value is an example of; members the type does not declare
//! follow in alphabetical order.

use crate::ir::{Envelope, Field, RecordShape, Spec, TypeKind, TypeRef, UnionDef};
use serde_json::{Map, Value};

/// A fenced JSON block of a value of a named type, pretty-printed in field order.
pub fn block(spec: &Spec, ty: &str, v: &Value) -> String {
    fenced(&pretty(spec, &TypeRef::Named(ty.to_string()), v))
}

/// A fenced JSON block of a whole walkthrough record: its envelope, then its payload, each in
/// field order.
pub fn record_block(spec: &Spec, shape: &RecordShape, v: &Value) -> String {
    let text = match shape {
        RecordShape::Launch(ty) => pretty(spec, &TypeRef::Named(ty.clone()), v),
        RecordShape::Request { method } => {
            let payload = spec.operation(method).map(|o| o.request.as_str());
            envelope(spec, &spec.request_envelope, payload, v)
        }
        RecordShape::Response { method } => {
            let payload = spec.operation(method).map(|o| o.response.as_str());
            envelope(spec, &spec.response_envelope, payload, v)
        }
        RecordShape::Event { event } => {
            let payload = spec.event(event).map(|e| e.payload.as_str());
            envelope(spec, &spec.event_envelope, payload, v)
        }
    };
    fenced(&text)
}

fn fenced(text: &str) -> String {
    format!("```json\n{text}\n```\n")
}

fn envelope(spec: &Spec, env: &Envelope, payload: Option<&str>, v: &Value) -> String {
    let Some(map) = v.as_object() else { return scalar(v) };
    let members: Vec<(&str, Option<TypeRef>)> = env
        .fields
        .iter()
        .map(|f| {
            let ty = match (&f.ty, payload) {
                (TypeRef::Payload, Some(p)) => Some(TypeRef::Named(p.to_string())),
                (TypeRef::Payload, None) => None,
                (ty, _) => Some(ty.clone()),
            };
            (f.name.as_str(), ty)
        })
        .collect();
    let mut out = String::new();
    object(spec, &members, map, 0, &mut out);
    out
}

/// A value of a type, pretty-printed like `serde_json::to_string_pretty` but in field order.
pub fn pretty(spec: &Spec, ty: &TypeRef, v: &Value) -> String {
    let mut out = String::new();
    value(spec, Some(ty), v, 0, &mut out);
    out
}

fn value(spec: &Spec, ty: Option<&TypeRef>, v: &Value, depth: usize, out: &mut String) {
    match v {
        Value::Object(map) => {
            let members = ty.map(|t| members_of(spec, t, map)).unwrap_or_default();
            object(spec, &members, map, depth, out);
        }
        Value::Array(items) if !items.is_empty() => {
            let item_ty = match ty {
                Some(TypeRef::Array(a)) => Some(&a.items),
                _ => None,
            };
            out.push_str("[\n");
            for (i, x) in items.iter().enumerate() {
                indent(depth + 1, out);
                value(spec, item_ty, x, depth + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            indent(depth, out);
            out.push(']');
        }
        other => out.push_str(&scalar(other)),
    }
}

/// The declared members of an object value of this type, in order, with their types.
fn members_of(spec: &Spec, ty: &TypeRef, map: &Map<String, Value>) -> Vec<(String, Option<TypeRef>)> {
    let TypeRef::Named(name) = ty else { return Vec::new() };
    let Some(def) = spec.ty(name) else { return Vec::new() };
    match &def.kind {
        TypeKind::Object(o) => fields(&o.fields),
        TypeKind::Union(u) => union_members(u, map),
        TypeKind::Map(m) => {
            let mut keys: Vec<String> = m.required_keys.clone();
            // Other keys by name, whatever order the parsed value keeps its members in.
            let mut rest: Vec<String> = map.keys().filter(|k| !m.required_keys.contains(k)).cloned().collect();
            rest.sort();
            keys.extend(rest);
            keys.into_iter().map(|k| (k, Some(m.values.ty.clone()))).collect()
        }
        TypeKind::String(_) | TypeKind::Enum(_) => Vec::new(),
    }
}

fn fields(fields: &[Field]) -> Vec<(String, Option<TypeRef>)> {
    fields.iter().map(|f| (f.name.clone(), Some(f.ty.clone()))).collect()
}

/// A union's members: the common fields, the discriminators, then the variant's own fields
/// (the order the spec declares them in).
fn union_members(u: &UnionDef, map: &Map<String, Value>) -> Vec<(String, Option<TypeRef>)> {
    let tags: Vec<&str> = u.discriminators.iter().map(|d| map.get(d).and_then(Value::as_str).unwrap_or("")).collect();
    let variant = u.variants.iter().find(|x| x.matches.iter().zip(&tags).all(|(a, b)| a == b));
    let common = common_len(u);
    let mut out = Vec::new();
    if let Some(v) = variant {
        out.extend(fields(&v.fields[..common.min(v.fields.len())]));
    }
    out.extend(u.discriminators.iter().map(|d| (d.clone(), None)));
    if let Some(v) = variant {
        out.extend(fields(&v.fields[common.min(v.fields.len())..]));
    }
    out
}

/// How many leading fields every variant shares: the union's common fields.
fn common_len(u: &UnionDef) -> usize {
    let Some(first) = u.variants.first() else { return 0 };
    if u.variants.len() < 2 {
        return 0;
    }
    (0..first.fields.len())
        .take_while(|&i| u.variants.iter().all(|v| v.fields.get(i).is_some_and(|f| f.name == first.fields[i].name)))
        .count()
}

fn object<K: AsRef<str>>(
    spec: &Spec,
    members: &[(K, Option<TypeRef>)],
    map: &Map<String, Value>,
    depth: usize,
    out: &mut String,
) {
    let mut entries: Vec<(&str, Option<&TypeRef>, &Value)> = Vec::new();
    for (name, ty) in members {
        if let Some(x) = map.get(name.as_ref()) {
            if !entries.iter().any(|(k, _, _)| *k == name.as_ref()) {
                entries.push((name.as_ref(), ty.as_ref(), x));
            }
        }
    }
    let declared: Vec<&str> = entries.iter().map(|(k, _, _)| *k).collect();
    for (k, x) in map {
        if !declared.contains(&k.as_str()) {
            entries.push((k.as_str(), None, x));
        }
    }
    if entries.is_empty() {
        out.push_str("{}");
        return;
    }
    out.push_str("{\n");
    for (i, (k, ty, x)) in entries.iter().enumerate() {
        indent(depth + 1, out);
        out.push_str(&scalar(&Value::String((*k).to_string())));
        out.push_str(": ");
        value(spec, *ty, x, depth + 1, out);
        out.push_str(if i + 1 < entries.len() { ",\n" } else { "\n" });
    }
    indent(depth, out);
    out.push('}');
}

fn indent(depth: usize, out: &mut String) {
    out.push_str(&"  ".repeat(depth));
}

fn scalar(v: &Value) -> String {
    v.to_string()
}
