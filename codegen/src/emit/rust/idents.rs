//! Rust identifiers for spec names: snake_case fields (raw identifiers for keywords),
//! PascalCase types and variants, SHOUTY constants.

use crate::names::{pascal, shouty, snake};
use proc_macro2::{Ident, Span};

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl", "in",
    "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static", "struct", "super", "trait", "true",
    "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final",
    "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// A field or function name: `callId` → `call_id`, `ref` → `r#ref`.
pub fn field(name: &str) -> Ident {
    let s = snake(name);
    if KEYWORDS.contains(&s.as_str()) {
        Ident::new_raw(&s, Span::call_site())
    } else {
        Ident::new(&s, Span::call_site())
    }
}

/// A local slot variable for a field in a generated visitor.
pub fn slot(name: &str) -> Ident {
    Ident::new(&format!("f_{}", snake(name)), Span::call_site())
}

/// A type or variant name.
pub fn ty(name: &str) -> Ident {
    Ident::new(&pascal(name), Span::call_site())
}

/// A constant name.
pub fn constant(name: &str) -> Ident {
    Ident::new(&shouty(name), Span::call_site())
}
