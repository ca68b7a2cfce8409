//! Swift spellings of spec names: types, properties, enum cases and string literals.

use crate::names::{camel, pascal};

/// Spec type names that would be ambiguous next to SwiftUI or Foundation in an app that
/// imports both (`Text("…")` must keep meaning SwiftUI's view), renamed with a `Value` suffix.
const SHADOWED: &[&str] = &["Text", "Label", "Data", "Date", "URL", "Operation", "Progress", "Timer"];

/// Swift keywords that must be escaped with backticks when used as identifiers.
const KEYWORDS: &[&str] = &[
    "associatedtype",
    "class",
    "deinit",
    "enum",
    "extension",
    "fileprivate",
    "func",
    "import",
    "init",
    "inout",
    "internal",
    "let",
    "open",
    "operator",
    "private",
    "protocol",
    "public",
    "rethrows",
    "static",
    "struct",
    "subscript",
    "typealias",
    "var",
    "break",
    "case",
    "continue",
    "default",
    "defer",
    "do",
    "else",
    "fallthrough",
    "for",
    "guard",
    "if",
    "in",
    "repeat",
    "return",
    "switch",
    "where",
    "while",
    "as",
    "Any",
    "catch",
    "false",
    "is",
    "nil",
    "super",
    "self",
    "Self",
    "throw",
    "throws",
    "true",
    "try",
    "Type",
];

/// The Swift name of a spec type.
pub fn type_name(spec_name: &str) -> String {
    if SHADOWED.contains(&spec_name) {
        format!("{spec_name}Value")
    } else {
        spec_name.to_string()
    }
}

/// A property or case identifier from a wire name, escaped if it is a keyword.
pub fn ident(wire: &str) -> String {
    escape(&camel(wire))
}

pub fn escape(name: &str) -> String {
    if KEYWORDS.contains(&name) {
        format!("`{name}`")
    } else {
        name.to_string()
    }
}

/// A union variant's struct name: `Activity` + `tool` → `ActivityTool`.
pub fn variant_type(union: &str, variant: &str) -> String {
    format!("{}{}", type_name(union), pascal(variant))
}

/// A Swift string literal.
pub fn string_literal(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A `///` doc comment block at the given indentation.
pub fn doc(text: &str, indent: &str) -> String {
    text.lines().map(|l| format!("{indent}/// {l}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
        assert_eq!(ident("protocol_version"), "protocolVersion");
        assert_eq!(ident("default"), "`default`");
        assert_eq!(ident("allow-once"), "allowOnce");
        assert_eq!(ident("parentId"), "parentId");
        assert_eq!(type_name("Text"), "TextValue");
        assert_eq!(variant_type("SessionMessage", "agent_text"), "SessionMessageAgentText");
        assert_eq!(string_literal("a\"b\\"), "\"a\\\"b\\\\\"");
    }
}
