//! Object-shaped Swift types: structs for objects, union variants and envelopes (with strict
//! `init(from:)` and null-preserving `encode(to:)`), and open maps with required keys.

use super::fields::{
    checks, coding_case, const_literal, decode, encode, field_type, is_optional, literal, value_checks,
};
use super::names::{doc, ident, string_literal};
use crate::ir::{Field, MapDef, Presence, Spec};

/// Everything one struct needs.
pub struct StructDef<'a> {
    pub name: String,
    pub doc: &'a str,
    pub fields: &'a [Field],
    /// Discriminator members fixed to values (union variants).
    pub tags: Vec<(String, String)>,
    pub at_least_one_of: &'a [String],
    /// `<Payload: …>` for envelopes.
    pub generic: bool,
    /// Extra statements at the end of `init(from:)`.
    pub extra_checks: Vec<String>,
    /// The coding keys this struct shares with the decoder that picks it (a union, the event
    /// enum): that decoder opens one container, reads the discriminator and hands the container
    /// on, as Foundation's JSONDecoder builds a dictionary of the object for every container.
    pub shared_keys: Option<String>,
}

fn indent(lines: &[String], by: &str) -> String {
    lines.iter().map(|l| if l.is_empty() { "\n".to_string() } else { format!("{by}{l}\n") }).collect()
}

pub fn emit_struct(spec: &Spec, s: &StructDef) -> String {
    let conformances = if s.generic { "Codable, Sendable" } else { "Codable, Hashable, Sendable" };
    let generic = if s.generic { "<Payload: Codable & Sendable>" } else { "" };
    let mut out = doc(s.doc, "");
    out.push_str(&format!("public struct {}{generic}: {conformances} {{\n", s.name));
    for (wire, value) in &s.tags {
        out.push_str(&format!(
            "    /// Discriminator `{wire}` of this variant.\n    public static let {}Tag = {}\n",
            ident(wire).trim_matches('`'),
            string_literal(value)
        ));
    }
    for f in s.fields {
        out.push_str(&doc(&f.doc, "    "));
        out.push_str(&format!("    public let {}: {}\n", ident(&f.name), field_type(f)));
    }
    out.push('\n');
    out.push_str(&memberwise_init(spec, s.fields));
    out.push('\n');
    out.push_str(&coding_keys(s));
    out.push('\n');
    out.push_str(&init_from(spec, s));
    out.push('\n');
    out.push_str(&encode_to(s));
    out.push_str("}\n");
    out
}

/// The public initializer: consts are fixed, absent/null-able members default to nil, defaulted
/// members to their default.
fn memberwise_init(spec: &Spec, fields: &[Field]) -> String {
    let params: Vec<String> = fields
        .iter()
        .filter(|f| f.constant.is_none())
        .map(|f| {
            let default = match &f.presence {
                Presence::Defaulted(v) => format!(" = {}", literal(spec, &f.ty, v)),
                _ if is_optional(f) => " = nil".to_string(),
                _ => String::new(),
            };
            format!("{}: {}{default}", ident(&f.name), field_type(f))
        })
        .collect();
    let mut body = Vec::new();
    for f in fields {
        let value = match &f.constant {
            Some(c) => const_literal(&f.ty, c).unwrap_or_else(|| literal(spec, &f.ty, c)),
            None => ident(&f.name),
        };
        body.push(format!("self.{} = {value}", ident(&f.name)));
    }
    format!("    public init({}) {{\n{}    }}\n", params.join(", "), indent(&body, "        "))
}

fn has_keys(s: &StructDef) -> bool {
    !s.fields.is_empty() || !s.tags.is_empty()
}

/// An enum with no cases cannot have a raw type, so keyless structs use `AnyCodingKey`.
fn key_type(s: &StructDef) -> &'static str {
    if has_keys(s) {
        "CodingKeys"
    } else {
        "AnyCodingKey"
    }
}

/// The wire names of a struct's members: discriminators first, then fields.
pub fn wire_names(s: &StructDef) -> Vec<String> {
    s.tags.iter().map(|(w, _)| w.clone()).chain(s.fields.iter().map(|f| f.name.clone())).collect()
}

/// A `CodingKey` enum of wire names (duplicates dropped), indented by `by`.
pub fn keys_enum(visibility: &str, name: &str, wires: &[String], by: &str) -> String {
    let mut seen = std::collections::BTreeSet::new();
    let cases: Vec<String> = wires.iter().filter(|w| seen.insert(w.as_str())).map(|w| coding_case(w)).collect();
    format!("{by}{visibility}enum {name}: String, CodingKey {{\n{}{by}}}\n", indent(&cases, &format!("{by}    ")))
}

fn coding_keys(s: &StructDef) -> String {
    if !has_keys(s) {
        return String::new();
    }
    match &s.shared_keys {
        Some(shared) => format!("    private typealias CodingKeys = {shared}\n"),
        None => keys_enum("private ", "CodingKeys", &wire_names(s), "    "),
    }
}

fn init_from(spec: &Spec, s: &StructDef) -> String {
    let mut body = vec![format!("let c = try decoder.container(keyedBy: {}.self)", key_type(s))];
    if !has_keys(s) {
        body[0] = format!("_ = try decoder.container(keyedBy: {}.self)", key_type(s));
    }
    for (wire, value) in &s.tags {
        body.push(format!(
            "try Check.constant(try c.decode(String.self, forKey: .{}), {}, at: c.path(.{}))",
            ident(wire),
            string_literal(value),
            ident(wire)
        ));
    }
    body.extend(s.fields.iter().map(|f| decode(spec, f)));
    for f in s.fields {
        body.extend(checks(f));
    }
    if !s.at_least_one_of.is_empty() {
        let names: Vec<String> = s.at_least_one_of.iter().map(|n| string_literal(n)).collect();
        let present: Vec<String> = s.at_least_one_of.iter().map(|n| format!("{} != nil", ident(n))).collect();
        body.push(format!(
            "try Check.atLeastOne(of: [{}], present: [{}], at: decoder.path)",
            names.join(", "),
            present.join(", ")
        ));
    }
    body.extend(s.extra_checks.iter().cloned());
    match &s.shared_keys {
        Some(shared) if has_keys(s) => {
            body.remove(0);
            format!(
                "    public init(from decoder: Decoder) throws {{\n        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)\n    }}\n\n\
                 \x20   /// Decodes from a container its picking decoder already opened.\n\
                 \x20   init(from c: KeyedDecodingContainer<{shared}>, decoder: Decoder) throws {{\n{}    }}\n",
                indent(&body, "        ")
            )
        }
        _ => format!("    public init(from decoder: Decoder) throws {{\n{}    }}\n", indent(&body, "        ")),
    }
}

fn encode_to(s: &StructDef) -> String {
    if !has_keys(s) {
        return "    public func encode(to encoder: Encoder) throws {\n        _ = encoder.container(keyedBy: AnyCodingKey.self)\n    }\n".to_string();
    }
    let mut body = vec!["var c = encoder.container(keyedBy: CodingKeys.self)".to_string()];
    for (wire, value) in &s.tags {
        body.push(format!("try c.encode({}, forKey: .{})", string_literal(value), ident(wire)));
    }
    body.extend(s.fields.iter().map(encode));
    format!("    public func encode(to encoder: Encoder) throws {{\n{}    }}\n", indent(&body, "        "))
}

/// An open map: every required key must be present, every value (known key or not) checked.
pub fn emit_map(name: &str, doc_text: &str, m: &MapDef) -> String {
    let value_type = field_type(&m.values);
    let keys: Vec<String> = m.required_keys.iter().map(|k| string_literal(k)).collect();
    let mut checks_body = value_checks(&m.values.ty, "value", "decoder.path + \".\\(key)\"");
    if is_optional(&m.values) && !checks_body.is_empty() {
        checks_body =
            std::iter::once("guard let value = value else { continue }".to_string()).chain(checks_body).collect();
    }
    let loop_body = if checks_body.is_empty() {
        String::new()
    } else {
        format!("        for (key, value) in values {{\n{}        }}\n", indent(&checks_body, "            "))
    };
    let mut out = doc(doc_text, "");
    out.push_str(&format!(
        "public struct {name}: Codable, Hashable, Sendable {{\n\
         \x20   /// Keys every map must hold.\n\
         \x20   public static let requiredKeys: [String] = [{keys}]\n\
         \x20   /// Every entry, known keys and extensions alike.\n\
         \x20   public let values: [String: {value_type}]\n\n\
         \x20   public init(_ values: [String: {value_type}]) {{\n        self.values = values\n    }}\n\n\
         \x20   public subscript(key: String) -> {value_type}? {{\n        values[key]\n    }}\n\n\
         \x20   public init(from decoder: Decoder) throws {{\n\
         \x20       let values = try decoder.singleValueContainer().decode([String: {value_type}].self)\n\
         \x20       for key in Self.requiredKeys where values[key] == nil {{\n\
         \x20           throw SchemaViolation(path: decoder.path, reason: \"missing required key \\(key)\")\n\
         \x20       }}\n{loop_body}\
         \x20       self.values = values\n    }}\n\n\
         \x20   public func encode(to encoder: Encoder) throws {{\n\
         \x20       var c = encoder.singleValueContainer()\n        try c.encode(values)\n    }}\n}}\n",
        keys = keys.join(", "),
    ));
    out
}
