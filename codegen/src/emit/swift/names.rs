//! Swift spellings of spec names: types, properties, enum cases and string literals.

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

/// Initialisms spelled in one case throughout, per the Swift API Design Guidelines
/// ("acronyms and initialisms ... uniformly up- or down-cased according to case conventions"):
/// `sessionID`, `SessionID`, `maxJSONDepth`, `authorizationURL`, `mcpServer`. Decided here once,
/// so the runtime and client are written against one spelling.
const INITIALISMS: &[&str] = &["id", "json", "jsonl", "url", "uri", "mcp", "api", "http", "uuid", "utf8"];

/// The words of a spec name: split at `.`, `_`, `-` and at lower-to-upper case changes
/// (`parentActivityId` → parent, activity, id).
fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in name.split(['.', '_', '-']).filter(|p| !p.is_empty()) {
        let mut word = String::new();
        let mut prev_lower = false;
        for ch in part.chars() {
            if ch.is_ascii_uppercase() && prev_lower && !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            prev_lower = ch.is_ascii_lowercase() || ch.is_ascii_digit();
            word.push(ch.to_ascii_lowercase());
        }
        if !word.is_empty() {
            out.push(word);
        }
    }
    out
}

/// A word in upper camel case: an initialism (or its plural, `ids`) all upper case.
fn capitalised(word: &str) -> String {
    let singular = word.strip_suffix('s').filter(|w| INITIALISMS.contains(w));
    if INITIALISMS.contains(&word) {
        word.to_ascii_uppercase()
    } else if let Some(s) = singular {
        format!("{}s", s.to_ascii_uppercase())
    } else {
        let mut c = word.chars();
        c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
    }
}

/// `session.list` → `SessionList`, `opaque_id` → `OpaqueID`.
pub fn pascal(name: &str) -> String {
    words(name).iter().map(|w| capitalised(w)).collect()
}

/// `session_id` → `sessionID`, `json_safe_integer_max` → `jsonSafeIntegerMax`.
pub fn camel(name: &str) -> String {
    let words = words(name);
    let mut out = words.first().cloned().unwrap_or_default();
    out.extend(words.iter().skip(1).map(|w| capitalised(w)));
    out
}

/// The Swift name of a spec type.
pub fn type_name(spec_name: &str) -> String {
    if SHADOWED.contains(&spec_name) {
        format!("{spec_name}Value")
    } else {
        pascal(spec_name)
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
        assert_eq!(ident("parentId"), "parentID");
        assert_eq!(ident("session_id"), "sessionID");
        assert_eq!(ident("max_json_depth"), "maxJSONDepth");
        assert_eq!(ident("json_safe_integer_max"), "jsonSafeIntegerMax");
        assert_eq!(ident("authorization_url"), "authorizationURL");
        assert_eq!(ident("tool_ids"), "toolIDs");
        assert_eq!(ident("durationMs"), "durationMs");
        assert_eq!(type_name("OpaqueId"), "OpaqueID");
        assert_eq!(pascal("mcp.server_lifecycle"), "MCPServerLifecycle");
        assert_eq!(type_name("Text"), "TextValue");
        assert_eq!(variant_type("SessionMessage", "agent_text"), "SessionMessageAgentText");
        assert_eq!(string_literal("a\"b\\"), "\"a\\\"b\\\\\"");
    }
}
