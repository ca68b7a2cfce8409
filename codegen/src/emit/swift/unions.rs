//! Discriminated unions in Swift: one struct per variant (common fields first) and an enum
//! that picks the variant by its discriminator values and rejects unknown ones.

use super::names::camel;
use super::names::{doc, ident, string_literal, type_name, variant_type};
use super::objects::{emit_struct, keys_enum, wire_names, StructDef};
use crate::ir::{Spec, UnionDef};

/// The union's own keys: every variant's members, one container for discriminator and variant.
const WIRE_KEYS: &str = "WireKeys";

pub fn emit_union(spec: &Spec, name: &str, doc_text: &str, u: &UnionDef) -> String {
    let mut out = String::new();
    let mut wires: Vec<String> = u.discriminators.clone();
    for v in &u.variants {
        let tags = u.discriminators.iter().cloned().zip(v.matches.iter().cloned()).collect();
        let def = StructDef {
            name: variant_type(name, &v.name),
            doc: &v.doc,
            fields: &v.fields,
            tags,
            at_least_one_of: &[],
            generic: false,
            extra_checks: Vec::new(),
            shared_keys: Some(format!("{}.{WIRE_KEYS}", type_name(name))),
        };
        wires.extend(wire_names(&def));
        out.push_str(&emit_struct(spec, &def));
        out.push('\n');
    }
    out.push_str(&union_enum(name, doc_text, u, &wires));
    out
}

fn case_name(variant: &str) -> String {
    super::names::escape(&camel(variant))
}

fn union_enum(name: &str, doc_text: &str, u: &UnionDef, wires: &[String]) -> String {
    let swift = type_name(name);
    let mut out = doc(doc_text, "");
    out.push_str(&format!("public enum {swift}: Codable, Hashable, Sendable {{\n"));
    for v in &u.variants {
        out.push_str(&doc(&v.doc, "    "));
        out.push_str(&format!("    case {}({})\n", case_name(&v.name), variant_type(name, &v.name)));
    }
    out.push_str("\n    /// Every variant's member names: one container serves discriminator and variant.\n");
    out.push_str(&keys_enum("", WIRE_KEYS, wires, "    "));
    out.push('\n');
    out.push_str(&decoder(name, u));
    out.push_str("\n    public func encode(to encoder: Encoder) throws {\n        switch self {\n");
    for v in &u.variants {
        out.push_str(&format!(
            "        case .{}(let value):\n            try value.encode(to: encoder)\n",
            case_name(&v.name)
        ));
    }
    out.push_str("        }\n    }\n}\n");
    out
}

fn decoder(name: &str, u: &UnionDef) -> String {
    let mut body = String::from("    public init(from decoder: Decoder) throws {\n        let c = try decoder.container(keyedBy: WireKeys.self)\n");
    let vars: Vec<String> = u.discriminators.iter().map(|d| format!("tag{}", super::names::pascal(d))).collect();
    for (d, var) in u.discriminators.iter().zip(&vars) {
        body.push_str(&format!("        let {var} = try c.decode(String.self, forKey: .{})\n", ident(d)));
    }
    let subject = if vars.len() == 1 { vars[0].clone() } else { format!("({})", vars.join(", ")) };
    body.push_str(&format!("        switch {subject} {{\n"));
    for v in &u.variants {
        let values: Vec<String> = v.matches.iter().map(|m| string_literal(m)).collect();
        let pattern = if values.len() == 1 { values[0].clone() } else { format!("({})", values.join(", ")) };
        body.push_str(&format!(
            "        case {pattern}:\n            self = .{}(try {}(from: c, decoder: decoder))\n",
            case_name(&v.name),
            variant_type(name, &v.name)
        ));
    }
    body.push_str(&format!("        default:\n            throw SchemaViolation(path: decoder.path, reason: \"unknown {} discriminator\")\n        }}\n    }}\n", type_name(name)));
    body
}
