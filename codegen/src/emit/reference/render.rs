//! Readable Markdown renderings of IR pieces: types with their bounds (naming the limit or
//! constant a bound comes from), presence, anchors and table cells.

use crate::charset::Charset;
use crate::ir::{
    ArrayRules, Bound, BoundSource, Field, IntBase, IntRules, JsonKind, Presence, StringFormat, StringRules, TypeRef,
};
use serde_json::Value;

/// Largest integer every target represents exactly: the default maximum of `uint`.
const JSON_SAFE_MAX: u64 = (1 << 53) - 1;

/// A stable anchor id for an item (`type`, `op`, `event`, `error`, `limit`), independent of
/// the Markdown renderer's own heading-slug rules.
pub fn anchor(kind: &str, name: &str) -> String {
    let slug: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    format!("{kind}-{slug}")
}

/// The HTML anchor line placed before a heading.
pub fn anchor_line(kind: &str, name: &str) -> String {
    format!("<a id=\"{}\"></a>\n", anchor(kind, name))
}

/// A code-formatted link to a named type's section.
pub fn type_link(name: &str) -> String {
    format!("[`{name}`](#{})", anchor("type", name))
}

/// A table cell: pipes escaped and line breaks flattened, so docs never break a row.
pub fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// A number with the limit or constant it comes from, e.g. `128 (limits.max_id_bytes)`.
pub fn bound(b: &Bound) -> String {
    match &b.source {
        BoundSource::Literal => b.value.to_string(),
        BoundSource::Limit(n) => format!("{} ([`limits.{n}`](#{}))", b.value, anchor("limit", n)),
        BoundSource::Constant(n) => format!("{} (`constants.{n}`)", b.value),
    }
}

/// A type reference with its bounds, e.g. `string, 1..=128 bytes (limits.max_id_bytes)`.
pub fn type_ref(ty: &TypeRef) -> String {
    match ty {
        TypeRef::Bool => "boolean".to_string(),
        TypeRef::Int(r) => int(r),
        TypeRef::String(r) => string(r),
        TypeRef::Json(JsonKind::Any) => "any JSON value (structural limits apply)".to_string(),
        TypeRef::Json(JsonKind::Object) => "JSON object (structural limits apply)".to_string(),
        TypeRef::Array(r) => array(r),
        TypeRef::Named(n) => type_link(n),
        TypeRef::Payload => "method or event payload".to_string(),
    }
}

fn base_name(base: IntBase) -> (&'static str, u64) {
    match base {
        IntBase::U16 => ("u16", u64::from(u16::MAX)),
        IntBase::U32 => ("u32", u64::from(u32::MAX)),
        IntBase::Uint => ("uint", JSON_SAFE_MAX),
    }
}

/// An integer: its base, and its range when narrower than the base's own.
pub fn int(r: &IntRules) -> String {
    let (name, top) = base_name(r.base);
    let default_min = r.min.value == 0 && r.min.source == BoundSource::Literal;
    let default_max = r.max.value == top && r.max.source == BoundSource::Literal;
    match (default_min, default_max) {
        (true, true) => format!("integer ({name})"),
        (false, true) => format!("integer ({name}), ≥ {}", bound(&r.min)),
        (true, false) => format!("integer ({name}), ≤ {}", bound(&r.max)),
        (false, false) => format!("integer ({name}), {}..={}", bound(&r.min), bound(&r.max)),
    }
}

/// A string: byte bounds, charset, format and blankness.
pub fn string(r: &StringRules) -> String {
    let mut parts = vec![if r.min_bytes.value == 0 {
        format!("string, ≤ {} UTF-8 bytes", bound(&r.max_bytes))
    } else {
        format!("string, {}..={} UTF-8 bytes", bound(&r.min_bytes), bound(&r.max_bytes))
    }];
    if let Some(c) = &r.charset {
        parts.push(format!("ASCII charset `{c}`"));
    }
    if r.format == Some(StringFormat::Rfc3339) {
        parts.push("RFC 3339 date-time".to_string());
    }
    if r.non_blank {
        parts.push("at least one non-whitespace character".to_string());
    }
    parts.join(", ")
}

/// An array: item type and item count bounds.
pub fn array(r: &ArrayRules) -> String {
    let items = type_ref(&r.items);
    let count = if r.min_items.value == 0 {
        format!("≤ {} items", bound(&r.max_items))
    } else {
        format!("{}..={} items", bound(&r.min_items), bound(&r.max_items))
    };
    format!("array of {items}, {count}")
}

/// A field's type cell: its type, plus the const value it is fixed to.
pub fn field_type(f: &Field) -> String {
    match &f.constant {
        // A const makes the type's bounds moot, so only the JSON type is named.
        Some(c) => format!("{} `{}` (const)", json_type(&f.ty), json(c)),
        None => type_ref(&f.ty),
    }
}

fn json_type(ty: &TypeRef) -> String {
    match ty {
        TypeRef::Bool => "boolean".to_string(),
        TypeRef::Int(r) => format!("integer ({})", base_name(r.base).0),
        TypeRef::String(_) => "string".to_string(),
        other => type_ref(other),
    }
}

/// The presence facts of a field: required/optional/defaulted, plus nullable.
pub fn presence(f: &Field) -> String {
    let base = match &f.presence {
        Presence::Required => "required".to_string(),
        Presence::Optional => "optional".to_string(),
        Presence::Defaulted(v) => format!("defaulted (`{}`)", json(v)),
    };
    if f.nullable {
        format!("{base}, nullable")
    } else {
        base
    }
}

/// Compact JSON text, for inline code.
pub fn json(v: &Value) -> String {
    v.to_string()
}

/// The header and rows of a field table.
pub fn field_table(fields: &[Field]) -> String {
    let mut out = String::from("| Field | Type | Presence | Description |\n|---|---|---|---|\n");
    for f in fields {
        out.push_str(&format!("| `{}` | {} | {} | {} |\n", f.name, cell(&field_type(f)), presence(f), cell(&f.doc)));
    }
    out
}

/// The characters of a charset spelled out, for readers unsure how ranges parse.
pub fn charset_chars(spec: &str) -> String {
    Charset::parse(spec).map(|c| c.chars().into_iter().collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_name_their_source() {
        let b = Bound { value: 128, source: BoundSource::Limit("max_thing_bytes".into()) };
        assert_eq!(bound(&b), "128 ([`limits.max_thing_bytes`](#limit-max-thing-bytes))");
        assert_eq!(bound(&Bound::literal(3)), "3");
    }

    #[test]
    fn cells_escape_pipes() {
        assert_eq!(cell("a | b\nc"), "a \\| b c");
    }

    #[test]
    fn anchors_are_slugs() {
        assert_eq!(anchor("op", "thing.part.start"), "op-thing-part-start");
    }
}
