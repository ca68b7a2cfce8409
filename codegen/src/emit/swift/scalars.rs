//! Named scalars in Swift: validated string wrappers and closed string enums, both `WireString`
//! (decoded from their parent's container without a nested decoder; see Checks.swift).

use super::fields::string_check;
use super::names::{doc, ident, string_literal, type_name};
use crate::ir::{EnumDef, StringRules};

/// A string type as a wrapper whose every construction path validates (the error path is an
/// autoclosure: built only for an error).
pub fn emit_string(name: &str, doc_text: &str, r: &StringRules) -> String {
    let name = type_name(name);
    let check = string_check(r, "value", "path()");
    let mut out = doc(doc_text, "");
    out.push_str(&format!(
        "public struct {name}: Codable, WireString, Hashable, Sendable, CustomStringConvertible {{\n\
         \x20   public let value: String\n\n\
         \x20   /// Validates `value` against the type's bounds.\n\
         \x20   public init(_ value: String) throws {{\n        try Self.validate(value, at: \"$\")\n        self.value = value\n    }}\n\n\
         \x20   /// For literals the generator has already checked (spec defaults).\n\
         \x20   init(unchecked value: String) {{\n        self.value = value\n    }}\n\n\
         \x20   public init(wire value: String, at path: @autoclosure () -> String) throws {{\n\
         \x20       try Self.validate(value, at: path())\n        self.value = value\n    }}\n\n\
         \x20   public init(from decoder: Decoder) throws {{\n\
         \x20       try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)\n    }}\n\n\
         \x20   public func encode(to encoder: Encoder) throws {{\n        var c = encoder.singleValueContainer()\n        try c.encode(value)\n    }}\n\n\
         \x20   public var description: String {{\n        value\n    }}\n\n\
         \x20   static func validate(_ value: String, at path: @autoclosure () -> String) throws {{\n        {check}\n    }}\n}}\n"
    ));
    out
}

/// A closed enum: an unknown raw value fails decoding, it is never mapped to another case.
pub fn emit_enum(name: &str, doc_text: &str, e: &EnumDef) -> String {
    let name = type_name(name);
    let mut out = doc(doc_text, "");
    if let Some(f) = &e.fallback {
        out.push_str(&format!("///\n/// `{f}` is the contract's literal fallback value: it is accepted as itself and never\n/// stands for other, unknown values (those are rejected).\n"));
    }
    out.push_str(&format!("public enum {name}: String, Codable, WireString, CaseIterable, Hashable, Sendable {{\n"));
    for v in &e.values {
        out.push_str(&format!("    case {} = {}\n", ident(v), string_literal(v)));
    }
    out.push_str(&format!(
        "\n    public init(wire raw: String, at path: @autoclosure () -> String) throws {{\n\
         \x20       guard let value = Self(rawValue: raw) else {{\n\
         \x20           throw SchemaViolation(path: path(), reason: \"unknown {name} value\")\n        }}\n\
         \x20       self = value\n    }}\n\n\
         \x20   public init(from decoder: Decoder) throws {{\n\
         \x20       try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)\n    }}\n}}\n"
    ));
    out
}
