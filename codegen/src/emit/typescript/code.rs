//! TypeScript source fragments shared by the TypeScript emitters: literals, doc comments,
//! property names, member access and charset regexes.

use crate::charset::Charset;
use crate::ir::{Bound, BoundSource};
use serde_json::Value;

/// Names `Object.prototype` carries: reading them with `o.name` would find an inherited
/// value when the member is absent, so generated code reads them as own properties only.
const PROTOTYPE_NAMES: &[&str] = &[
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
    "__proto__",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
];

/// A JavaScript string literal (JSON string syntax is valid JavaScript).
pub fn lit(s: &str) -> String {
    serde_json::to_string(s).expect("strings always serialize")
}

/// A JSON value as a JavaScript expression (compact JSON is valid JavaScript).
pub fn json(v: &Value) -> String {
    crate::emit::json_text(v, false)
}

/// A JSDoc comment at `indent`; `*/` inside the text is broken so it cannot end the comment.
pub fn doc(indent: &str, text: &str) -> String {
    let text = text.replace("*/", "*\\/");
    format!("{indent}/** {} */\n", text.trim().replace('\n', " "))
}

/// Whether `name` can be written as a bare property name or variable.
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// A property name in a type or object literal: bare when possible, quoted otherwise.
pub fn prop(name: &str) -> String {
    if is_identifier(name) {
        name.to_string()
    } else {
        lit(name)
    }
}

/// Read member `name` of the parsed object `obj`, never finding an inherited property.
pub fn member(obj: &str, name: &str) -> String {
    if PROTOTYPE_NAMES.contains(&name) {
        format!("own({obj}, {})", lit(name))
    } else if is_identifier(name) {
        format!("{obj}.{name}")
    } else {
        format!("{obj}[{}]", lit(name))
    }
}

/// A bound as a number literal with a comment naming where it came from, so generated code
/// reads like the spec (`128 /* limits.max_id_bytes */`).
pub fn bound(b: &Bound) -> String {
    match &b.source {
        BoundSource::Literal => b.value.to_string(),
        BoundSource::Limit(n) => format!("{} /* limits.{n} */", b.value),
        BoundSource::Constant(n) => format!("{} /* constants.{n} */", b.value),
    }
}

/// A regex accepting exactly the strings made of the charset's ASCII characters. Runs of
/// three or more become ranges; every non-alphanumeric is hex-escaped so no character can
/// change the class's meaning.
pub fn charset_regex(spec: &str) -> String {
    let chars = Charset::parse(spec).map(|c| c.chars()).unwrap_or_default();
    let mut class = String::new();
    let mut i = 0;
    while i < chars.len() {
        let mut j = i;
        while j + 1 < chars.len() && chars[j + 1] as u32 == chars[j] as u32 + 1 {
            j += 1;
        }
        if j - i >= 2 {
            class.push_str(&format!("{}-{}", class_char(chars[i]), class_char(chars[j])));
            i = j + 1;
        } else {
            class.push_str(&class_char(chars[i]));
            i += 1;
        }
    }
    format!("/^[{class}]*$/")
}

fn class_char(c: char) -> String {
    if c.is_ascii_alphanumeric() {
        c.to_string()
    } else {
        format!("\\x{:02x}", c as u32)
    }
}

/// Indent every nonempty line of `text` by `indent`.
pub fn indent(text: &str, indent: &str) -> String {
    text.lines().map(|l| if l.is_empty() { "\n".to_string() } else { format!("{indent}{l}\n") }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charset_regexes_escape_punctuation() {
        assert_eq!(charset_regex("A-Za-z0-9-._/:"), "/^[\\x2d-\\x3aA-Z\\x5fa-z]*$/");
        assert_eq!(charset_regex("a-z0-9_"), "/^[0-9\\x5fa-z]*$/");
    }

    #[test]
    fn members_avoid_the_prototype() {
        assert_eq!(member("o", "turn_id"), "o.turn_id");
        assert_eq!(member("o", "constructor"), "own(o, \"constructor\")");
        assert_eq!(member("o", "allow-once"), "o[\"allow-once\"]");
        assert_eq!(prop("allow-once"), "\"allow-once\"");
    }

    #[test]
    fn docs_cannot_close_early() {
        assert_eq!(doc("  ", "a */ b"), "  /** a *\\/ b */\n");
    }
}
