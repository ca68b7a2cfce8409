//! Fields in Swift: their types, the strict decoding of the four presence facts, the checks
//! of inline bounds, and encoding that writes `null` only where null is a value.

use super::names::{ident, string_literal, type_name};
use crate::charset::Charset;
use crate::ir::{Field, IntBase, IntRules, JsonKind, Presence, Spec, StringFormat, StringRules, TypeKind, TypeRef};
use serde_json::Value;

const JSON_SAFE_MAX: u64 = (1 << 53) - 1;

/// The Swift type of a value (without the optional of absence or null).
pub fn swift_type(ty: &TypeRef) -> String {
    match ty {
        TypeRef::Bool => "Bool".into(),
        TypeRef::Int(r) => int_type(r.base).into(),
        TypeRef::String(_) => "String".into(),
        TypeRef::Json(JsonKind::Any) => "JSONValue".into(),
        TypeRef::Json(JsonKind::Object) => "JSONObject".into(),
        TypeRef::Array(r) => format!("[{}]", swift_type(&r.items)),
        TypeRef::Named(n) => type_name(n),
        TypeRef::Payload => "Payload".into(),
    }
}

fn int_type(base: IntBase) -> &'static str {
    match base {
        IntBase::U16 => "UInt16",
        IntBase::U32 => "UInt32",
        IntBase::Uint => "UInt64",
    }
}

/// Whether the stored property is a Swift optional: absent (optional) or null (nullable).
pub fn is_optional(f: &Field) -> bool {
    f.nullable || matches!(f.presence, Presence::Optional)
}

/// The declared type of a field's stored property.
pub fn field_type(f: &Field) -> String {
    let t = swift_type(&f.ty);
    if is_optional(f) {
        format!("{t}?")
    } else {
        t
    }
}

/// The statement that decodes a field from container `c`, honouring absent vs null.
pub fn decode(spec: &Spec, f: &Field) -> String {
    let t = swift_type(&f.ty);
    let (p, key) = (ident(&f.name), format!(".{}", ident(&f.name)));
    match (&f.presence, f.nullable) {
        (Presence::Required, false) => format!("self.{p} = try c.decode({t}.self, forKey: {key})"),
        (Presence::Required, true) => {
            format!("self.{p} = try c.decodeRequiredNullable({t}.self, forKey: {key})")
        }
        (Presence::Optional, _) => {
            format!("self.{p} = try c.decodeOptionalNonNull({t}.self, forKey: {key})")
        }
        (Presence::Defaulted(v), false) => {
            format!("self.{p} = try c.decodeDefaulted({t}.self, forKey: {key}, default: {})", literal(spec, &f.ty, v))
        }
        (Presence::Defaulted(v), true) => {
            format!(
                "self.{p} = try c.decodeDefaultedNullable({t}.self, forKey: {key}, default: {})",
                literal(spec, &f.ty, v)
            )
        }
    }
}

/// The statement that encodes a field into container `c`.
pub fn encode(f: &Field) -> String {
    let (p, key) = (ident(&f.name), format!(".{}", ident(&f.name)));
    match (&f.presence, f.nullable) {
        (Presence::Optional, _) => format!("try c.encodeIfPresent({p}, forKey: {key})"),
        (_, true) => format!(
            "if let value = {p} {{ try c.encode(value, forKey: {key}) }} else {{ try c.encodeNil(forKey: {key}) }}"
        ),
        (_, false) => format!("try c.encode({p}, forKey: {key})"),
    }
}

/// Checks of a decoded field: its const and its inline bounds (named types check themselves).
pub fn checks(f: &Field) -> Vec<String> {
    let p = format!("self.{}", ident(&f.name));
    let path = format!("c.path(.{})", ident(&f.name));
    let mut inner = value_checks(&f.ty, "value", &path);
    if let Some(c) = &f.constant {
        if let Some(lit) = const_literal(&f.ty, c) {
            inner.insert(0, format!("try Check.constant(value, {lit}, at: {path})"));
        }
    }
    if inner.is_empty() {
        return Vec::new();
    }
    if is_optional(f) {
        let mut out = vec![format!("if let value = {p} {{")];
        out.extend(inner.into_iter().map(|l| format!("    {l}")));
        out.push("}".into());
        out
    } else {
        let mut out = vec![format!("do {{"), format!("    let value = {p}")];
        out.extend(inner.into_iter().map(|l| format!("    {l}")));
        out.push("}".into());
        out
    }
}

/// Checks of one value of a type, bound to `v`, reported at the Swift expression `path`.
pub fn value_checks(ty: &TypeRef, v: &str, path: &str) -> Vec<String> {
    match ty {
        TypeRef::Int(r) => int_check(r, v, path).into_iter().collect(),
        TypeRef::String(r) => vec![string_check(r, v, path)],
        TypeRef::Array(r) => {
            let mut out = vec![format!(
                "try Check.count({v}.count, min: {}, max: {}, at: {path})",
                r.min_items.value, r.max_items.value
            )];
            let item = value_checks(&r.items, "item", &format!("{path} + \"[\\(index)]\""));
            if !item.is_empty() {
                out.push(format!("for (index, item) in {v}.enumerated() {{"));
                out.extend(item.into_iter().map(|l| format!("    {l}")));
                out.push("}".into());
            }
            out
        }
        _ => Vec::new(),
    }
}

fn int_check(r: &IntRules, v: &str, path: &str) -> Option<String> {
    let top = match r.base {
        IntBase::U16 => u64::from(u16::MAX),
        IntBase::U32 => u64::from(u32::MAX),
        IntBase::Uint => JSON_SAFE_MAX,
    };
    // u16/u32 ranges equal to the Swift type's own need no check; uint is narrower than UInt64.
    let needed = r.min.value > 0 || r.max.value < top || r.base == IntBase::Uint;
    needed.then(|| format!("try Check.range({v}, min: {}, max: {}, at: {path})", r.min.value, r.max.value))
}

/// The call checking a string's UTF-8 byte bounds, charset, format and blankness.
pub fn string_check(r: &StringRules, v: &str, path: &str) -> String {
    let mut args = vec![format!("minBytes: {}", r.min_bytes.value), format!("maxBytes: {}", r.max_bytes.value)];
    if let Some(set) = r.charset.as_deref().and_then(|c| Charset::parse(c).ok()) {
        args.push(format!("charset: ASCIISet(low: 0x{:016x}, high: 0x{:016x})", set.bits[0], set.bits[1]));
    }
    if r.format == Some(StringFormat::Rfc3339) {
        args.push("rfc3339: true".into());
    }
    if r.non_blank {
        args.push("nonBlank: true".into());
    }
    format!("try Check.string({v}, {}, at: {path})", args.join(", "))
}

/// A Swift expression for a JSON literal of a type (defaults and consts).
pub fn literal(spec: &Spec, ty: &TypeRef, v: &Value) -> String {
    match (ty, v) {
        (_, Value::Null) => "nil".into(),
        (TypeRef::Named(n), Value::String(s)) => match spec.ty(n).map(|t| &t.kind) {
            Some(TypeKind::Enum(_)) => format!(".{}", ident(s)),
            _ => format!("{}(unchecked: {})", type_name(n), string_literal(s)),
        },
        (_, Value::String(s)) => string_literal(s),
        (TypeRef::Array(_), Value::Array(items)) if items.is_empty() => "[]".into(),
        (TypeRef::Json(_), other) => json_value(other),
        (_, other) => other.to_string(),
    }
}

/// A `JSONValue` expression for a JSON literal.
fn json_value(v: &Value) -> String {
    match v {
        Value::Null => ".null".into(),
        Value::Bool(b) => format!(".bool({b})"),
        Value::Number(n) => format!(".number({n})"),
        Value::String(s) => format!(".string({})", string_literal(s)),
        Value::Array(a) => format!(".array([{}])", a.iter().map(json_value).collect::<Vec<_>>().join(", ")),
        Value::Object(o) if o.is_empty() => ".object([:])".into(),
        Value::Object(o) => format!(
            ".object([{}])",
            o.iter().map(|(k, x)| format!("{}: {}", string_literal(k), json_value(x))).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A const's Swift literal, for the scalar types a const may fix.
pub fn const_literal(ty: &TypeRef, v: &Value) -> Option<String> {
    match (ty, v) {
        (TypeRef::Bool, Value::Bool(b)) => Some(b.to_string()),
        (TypeRef::Int(_), Value::Number(n)) => Some(n.to_string()),
        (TypeRef::String(_), Value::String(s)) => Some(string_literal(s)),
        _ => None,
    }
}

/// The CodingKeys case of a wire name.
pub fn coding_case(wire: &str) -> String {
    let id = ident(wire);
    if id == wire {
        format!("case {id}")
    } else {
        format!("case {id} = {}", string_literal(wire))
    }
}
