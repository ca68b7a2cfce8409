//! Types, fields and named definitions as JSON Schema 2020-12, in two modes: strict (what a
//! server accepts: unknown members rejected) and consumer (unknown members tolerated but still
//! bounded by the record's structural limits).

use crate::charset::Charset;
use crate::ir::{
    ArrayRules, EnumDef, Field, IntRules, JsonKind, MapDef, ObjectDef, Presence, Spec, StringFormat, StringRules,
    TypeDef, TypeKind, TypeRef, UnionDef,
};
use serde_json::{json, Map, Value};

/// Which decoder's view a definition takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Strict,
    Consumer,
}

impl Mode {
    pub fn group(self) -> &'static str {
        match self {
            Mode::Strict => "strict",
            Mode::Consumer => "consumer",
        }
    }
}

/// A JSON Pointer reference token: `~` and `/` escaped (RFC 6901).
pub fn token(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

/// Reference to a named definition of a group (`strict`, `consumer`, `requests`, ...).
pub fn group_ref(group: &str, name: &str) -> Value {
    json!({ "$ref": format!("#/$defs/{group}/$defs/{}", token(name)) })
}

/// Reference to a named type in a mode's group.
pub fn named_ref(mode: Mode, name: &str) -> Value {
    group_ref(mode.group(), name)
}

/// RFC 3339 date-time, mirroring the generator's own check (month, day, hour, minute, second
/// and offset ranges; leap second 60; `T`, `t` or space separator; optional fraction).
pub const RFC3339_PATTERN: &str = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt ]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$";

/// A non-whitespace character, whitespace being Unicode White_Space exactly as decoders trim it.
pub const NON_BLANK_PATTERN: &str = r"[^\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]";

/// An ASCII charset as an anchored regex character class; ranges are kept for runs of
/// alphanumerics, and class metacharacters are escaped (valid under ECMA-262's `u` flag).
pub fn charset_pattern(spec: &str) -> Option<String> {
    let chars = Charset::parse(spec).ok()?.chars();
    let mut class = String::new();
    let mut i = 0;
    while i < chars.len() {
        let mut j = i;
        while j + 1 < chars.len()
            && chars[j + 1] as u32 == chars[j] as u32 + 1
            && chars[j + 1].is_ascii_alphanumeric()
            && chars[i].is_ascii_alphanumeric()
        {
            j += 1;
        }
        if j >= i + 2 {
            class.push_str(&format!("{}-{}", chars[i], chars[j]));
            i = j + 1;
        } else {
            push_class_char(&mut class, chars[i]);
            i += 1;
        }
    }
    Some(format!("^[{class}]*$"))
}

fn push_class_char(class: &mut String, c: char) {
    if matches!(c, '\\' | ']' | '[' | '^' | '-') {
        class.push('\\');
    }
    class.push(c);
}

pub fn string(r: &StringRules) -> Value {
    let mut s = Map::new();
    s.insert("type".into(), json!("string"));
    // Code points equal bytes only for ASCII; otherwise a code point is 1..=4 bytes, so the
    // sound relaxations are ceil(min/4) and max code points (decoders check the bytes).
    let ascii = r.charset.is_some();
    let min = if ascii { r.min_bytes.value } else { r.min_bytes.value.div_ceil(4) };
    if min > 0 {
        s.insert("minLength".into(), json!(min));
    }
    s.insert("maxLength".into(), json!(r.max_bytes.value));
    if !ascii {
        s.insert("$comment".into(), json!(format!("UTF-8 byte bounds {}..={}: maxLength is only a necessary condition for non-ASCII text; decoders check bytes.", r.min_bytes.value, r.max_bytes.value)));
    }
    let mut patterns: Vec<String> = Vec::new();
    patterns.extend(r.charset.as_deref().and_then(charset_pattern));
    if r.format == Some(StringFormat::Rfc3339) {
        s.insert("format".into(), json!("date-time"));
        patterns.push(RFC3339_PATTERN.to_string());
    }
    if r.non_blank {
        patterns.push(NON_BLANK_PATTERN.to_string());
    }
    match patterns.len() {
        0 => {}
        1 => {
            s.insert("pattern".into(), json!(patterns[0]));
        }
        _ => {
            s.insert("allOf".into(), Value::Array(patterns.iter().map(|p| json!({ "pattern": p })).collect()));
        }
    }
    Value::Object(s)
}

pub fn int(r: &IntRules) -> Value {
    json!({ "type": "integer", "minimum": r.min.value, "maximum": r.max.value })
}

fn array(spec: &Spec, r: &ArrayRules, mode: Mode) -> Value {
    let mut s = json!({ "type": "array", "items": type_ref(spec, &r.items, mode), "maxItems": r.max_items.value });
    if r.min_items.value > 0 {
        s["minItems"] = json!(r.min_items.value);
    }
    s
}

pub fn type_ref(spec: &Spec, ty: &TypeRef, mode: Mode) -> Value {
    match ty {
        TypeRef::Bool => json!({ "type": "boolean" }),
        TypeRef::Int(r) => int(r),
        TypeRef::String(r) => string(r),
        TypeRef::Json(JsonKind::Any) | TypeRef::Payload => json!({ "$ref": "#/$defs/json" }),
        TypeRef::Json(JsonKind::Object) => json!({ "$ref": "#/$defs/jsonObject" }),
        TypeRef::Array(r) => array(spec, r, mode),
        TypeRef::Named(n) => named_ref(mode, n),
    }
}

/// A value that is either `schema` or JSON null.
pub fn or_null(schema: Value) -> Value {
    let simple = schema.get("type").and_then(Value::as_str).map(str::to_string);
    match simple {
        // A plain typed schema widens its type; keywords of other types do not apply to null.
        Some(t) if schema.get("const").is_none() && schema.get("enum").is_none() => {
            let mut s = schema;
            s["type"] = json!([t, "null"]);
            s
        }
        // Otherwise null, else the schema: a validator then reports the schema's own
        // violation for a non-null value instead of "not null" beside it.
        _ => json!({ "if": { "type": "null" }, "else": schema }),
    }
}

/// A field's value schema: type, const, nullability, default and doc.
pub fn field(spec: &Spec, f: &Field, mode: Mode) -> Value {
    let mut s = type_ref(spec, &f.ty, mode);
    if let Some(c) = &f.constant {
        s["const"] = c.clone();
    }
    if f.nullable {
        s = or_null(s);
    }
    if let Presence::Defaulted(v) = &f.presence {
        s["default"] = v.clone();
    }
    if !f.doc.is_empty() {
        s["description"] = json!(f.doc);
    }
    s
}

/// An object with the given fields; `tags` are discriminator members fixed to values.
pub fn object(spec: &Spec, fields: &[Field], tags: &[(String, String)], mode: Mode) -> Value {
    let mut props = Map::new();
    for (name, value) in tags {
        props.insert(name.clone(), json!({ "const": value }));
    }
    for f in fields {
        props.insert(f.name.clone(), field(spec, f, mode));
    }
    let mut required: Vec<&str> = tags.iter().map(|(n, _)| n.as_str()).collect();
    required.extend(fields.iter().filter(|f| f.is_required()).map(|f| f.name.as_str()));
    let mut s = json!({ "type": "object", "properties": props, "required": required });
    match mode {
        Mode::Strict => s["additionalProperties"] = json!(false),
        Mode::Consumer => {
            // Unknown members are ignored but still bounded: the record's structural limits
            // apply to them too.
            s["additionalProperties"] = json!({ "$ref": "#/$defs/json" });
            structural_object_limits(spec, &mut s);
        }
    }
    s
}

/// maxProperties and member-name length from the general limits, where declared.
pub fn structural_object_limits(spec: &Spec, s: &mut Value) {
    if let Some(l) = spec.limit("max_object_fields") {
        s["maxProperties"] = json!(l.value);
    }
    if let Some(l) = spec.limit("max_string_bytes") {
        s["propertyNames"] = json!({ "maxLength": l.value });
    }
}

fn object_def(spec: &Spec, o: &ObjectDef, mode: Mode) -> Value {
    let mut s = object(spec, &o.fields, &[], mode);
    if !o.at_least_one_of.is_empty() {
        s["anyOf"] = Value::Array(o.at_least_one_of.iter().map(|f| json!({ "required": [f] })).collect());
    }
    s
}

fn enumeration(e: &EnumDef) -> Value {
    let mut s = json!({ "type": "string", "enum": e.values });
    if let Some(f) = &e.fallback {
        s["$comment"] = json!(format!(
            "`{f}` is the contract's literal fallback value, accepted as itself; other unknown values are rejected."
        ));
    }
    s
}

fn map(spec: &Spec, m: &MapDef, mode: Mode) -> Value {
    let mut values = field(spec, &m.values, mode);
    if let Some(o) = values.as_object_mut() {
        o.remove("description");
    }
    let mut s = json!({ "type": "object", "required": m.required_keys, "additionalProperties": values });
    structural_object_limits(spec, &mut s);
    s
}

/// A discriminated union as `if`/`then` on its discriminators: the variant a record names is
/// the only one it is checked against, so a generic validator reports that variant's real
/// violation instead of every variant's (as a bare `oneOf` does). An unknown value fails the
/// discriminator's `enum`; with several discriminators, an unknown combination of known values
/// fails the `anyOf` of the known combinations.
fn union(spec: &Spec, u: &UnionDef, mode: Mode) -> Value {
    let branches: Vec<Value> = u
        .variants
        .iter()
        .map(|v| {
            let tags: Vec<(String, String)> = u.discriminators.iter().cloned().zip(v.matches.iter().cloned()).collect();
            let mut then = object(spec, &v.fields, &tags, mode);
            then["title"] = json!(v.name);
            then["description"] = json!(v.doc);
            json!({ "if": discriminated(&tags), "then": then })
        })
        .collect();
    let mut props = Map::new();
    for (i, d) in u.discriminators.iter().enumerate() {
        let mut values: Vec<&str> = u.variants.iter().map(|v| v.matches[i].as_str()).collect();
        values.sort_unstable();
        values.dedup();
        props.insert(d.clone(), json!({ "type": "string", "enum": values }));
    }
    let mut s = json!({ "type": "object", "required": u.discriminators, "properties": props, "allOf": branches });
    if u.discriminators.len() > 1 {
        let combinations: Vec<Value> = u
            .variants
            .iter()
            .map(|v| {
                discriminated(&u.discriminators.iter().cloned().zip(v.matches.iter().cloned()).collect::<Vec<_>>())
            })
            .collect();
        s["anyOf"] = Value::Array(combinations);
    }
    s
}

/// The `if` of a discriminated branch: every discriminator present with its value.
pub fn discriminated(tags: &[(String, String)]) -> Value {
    let props: Map<String, Value> = tags.iter().map(|(d, v)| (d.clone(), json!({ "const": v }))).collect();
    let required: Vec<&str> = tags.iter().map(|(d, _)| d.as_str()).collect();
    json!({ "properties": props, "required": required })
}

/// A named type's definition in one mode.
pub fn named(spec: &Spec, def: &TypeDef, mode: Mode) -> Value {
    let mut s = match &def.kind {
        TypeKind::String(r) => string(r),
        TypeKind::Enum(e) => enumeration(e),
        TypeKind::Object(o) => object_def(spec, o, mode),
        TypeKind::Map(m) => map(spec, m, mode),
        TypeKind::Union(u) => union(spec, u, mode),
    };
    s["title"] = json!(def.name);
    s["description"] = json!(def.doc);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charset_classes_keep_ranges_and_escape_dashes() {
        assert_eq!(charset_pattern("A-Za-z0-9-._/:").unwrap(), r"^[\-./0-9:A-Z_a-z]*$");
        assert_eq!(charset_pattern("a-z0-9_").unwrap(), "^[0-9_a-z]*$");
        assert_eq!(charset_pattern("A-Za-z0-9-.+").unwrap(), r"^[+\-.0-9A-Za-z]*$");
    }

    #[test]
    fn null_widens_plain_types_and_wraps_refs() {
        assert_eq!(or_null(json!({"type": "integer"})), json!({"type": ["integer", "null"]}));
        assert_eq!(or_null(json!({"$ref": "#/x"})), json!({"if": {"type": "null"}, "else": {"$ref": "#/x"}}));
    }
}
