//! The session message stream: its union summarized per message type, with examples.

use super::ordered;
use super::render::{bound, cell, type_link};
use crate::ir::{Deviation, Spec, TypeKind};

pub fn section(spec: &Spec) -> String {
    let m = &spec.messages;
    let mut out = format!("## Session messages\n\n{} Each message is a {}.\n\n", m.doc, type_link(&m.ty));
    if let Some(TypeKind::Union(u)) = spec.ty(&m.ty).map(|t| &t.kind) {
        let heads: Vec<String> = u.discriminators.iter().map(|d| format!("`{d}`")).collect();
        out.push_str(&format!(
            "| {} | Variant | Fields |\n|{}---|---|\n",
            heads.join(" | "),
            "---|".repeat(heads.len())
        ));
        for v in &u.variants {
            let values: Vec<String> = v.matches.iter().map(|x| format!("`{x}`")).collect();
            let fields: Vec<String> = v
                .fields
                .iter()
                .map(|f| if f.is_required() { format!("`{}`", f.name) } else { format!("`{}`?", f.name) })
                .collect();
            out.push_str(&format!("| {} | `{}` | {} |\n", values.join(" | "), v.name, fields.join(", ")));
        }
        out.push_str("\nA `?` marks a member that may be omitted. Field types are in the union's section.\n\n");
    }
    for (i, ex) in m.examples.iter().enumerate() {
        out.push_str(&format!("**Example {}**:\n\n{}\n", i + 1, ordered::block(spec, &m.ty, ex)));
    }
    out.push_str(&deviations(&m.deviations));
    out
}

/// Where the stream departs from `session-protocol-v2.md` (the session protocol document),
/// which states no bounds at all.
fn deviations(list: &[Deviation]) -> String {
    if list.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "### Deviations from the session protocol document\n\n| Subject | Bound | Reason |\n|---|---|---|\n",
    );
    for d in list {
        let b = d.bound.as_ref().map_or_else(|| "—".to_owned(), bound);
        out.push_str(&format!("| {} | {} | {} |\n", cell(&d.subject), b, cell(&d.reason)));
    }
    out.push('\n');
    out
}
