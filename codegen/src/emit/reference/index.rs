//! The index of every type and the full table of contents, both computed from the IR and
//! from the page itself, so neither can miss an item.

use super::render::{anchor, cell};
use crate::ir::{Spec, TypeKind};
use crate::names::pascal;

pub const ANCHOR: &str = "index-of-types";

/// Every type of the spec, alphabetically, linked to where it is documented.
pub fn types(spec: &Spec) -> String {
    let mut defs: Vec<_> = spec.types.iter().collect();
    defs.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = format!(
        "<a id=\"{ANCHOR}\"></a>\n## Index of types\n\nAll {} types, named and generated from inline payload \
         fields, alphabetically.\n\n| Type | Kind | Documented at | Description |\n|---|---|---|---|\n",
        defs.len()
    );
    for def in defs {
        let kind = match &def.kind {
            TypeKind::String(_) => "string",
            TypeKind::Enum(_) => "enum",
            TypeKind::Object(_) => "object",
            TypeKind::Map(_) => "map",
            TypeKind::Union(_) => "union",
        };
        let (target, place) = home(spec, &def.name);
        out.push_str(&format!("| [`{n}`](#{target}) | {kind} | {place} | {d} |\n", n = def.name, d = cell(&def.doc)));
    }
    out.push('\n');
    out
}

/// Where a type is documented: its own section, or the operation or event whose inline
/// fields it was generated from.
fn home(spec: &Spec, name: &str) -> (String, String) {
    for op in &spec.operations {
        let generated_response = op.response == name && name == format!("{}Response", pascal(&op.method));
        if op.request == name || generated_response {
            let side = if op.request == name { "request" } else { "success" };
            return (anchor("op", &op.method), format!("`{}` {side} payload", op.method));
        }
    }
    for e in &spec.events {
        if e.payload == name && name == pascal(&e.name) {
            return (anchor("event", &e.name), format!("`{}` payload", e.name));
        }
    }
    let launch = super::launch::launch_types(spec).iter().any(|t| t.name == name);
    let place = if launch { "Launch and handshake" } else { "Types" };
    (anchor("type", name), place.to_string())
}

/// A nested list of every `##` and `###` heading of the page body, each linked by the anchor
/// line just above it, or by its GitHub slug when it has none.
pub fn contents(body: &str) -> String {
    let mut out = String::from("## Contents\n\n");
    let mut previous = "";
    for line in body.lines() {
        let (level, title) = if let Some(t) = line.strip_prefix("## ") {
            (0, t)
        } else if let Some(t) = line.strip_prefix("### ") {
            (1, t)
        } else {
            if !line.trim().is_empty() {
                previous = line;
            }
            continue;
        };
        let target = previous
            .strip_prefix("<a id=\"")
            .and_then(|r| r.strip_suffix("\"></a>"))
            .map_or_else(|| slug(title), str::to_string);
        out.push_str(&format!("{}- [{}](#{target})\n", "  ".repeat(level), title.replace('`', "")));
        previous = line;
    }
    out.push('\n');
    out
}

/// GitHub's heading slug: lowercase, punctuation dropped, spaces to dashes.
pub fn slug(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}
