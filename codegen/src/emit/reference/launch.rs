//! The Unix launch chapter: discovery, the identity handshake and the launch errors, all of
//! which precede wire v2. Its types are the named types no wire root reaches.

use super::render::cell;
use super::types::named;
use crate::compat::reach::Reachability;
use crate::ir::{Spec, TypeDef, TypeKind, TypeRef};

/// The chapter's anchor.
pub const ANCHOR: &str = "launch-and-handshake";

/// The types of the launch: the objects and unions no wire root reaches (the records of the
/// launch), and the types only they use. An unreferenced enum that names a wire union's
/// discriminator values stays with the wire types.
pub fn launch_types(spec: &Spec) -> Vec<&TypeDef> {
    let reach = Reachability::of(spec);
    let outside = |t: &TypeDef| !reach.ty(&t.name).is_wire();
    let records: Vec<&TypeDef> = spec
        .types
        .iter()
        .filter(|t| outside(t) && matches!(t.kind, TypeKind::Object(_) | TypeKind::Union(_)))
        .collect();
    let used: Vec<&str> = records.iter().flat_map(|t| referenced(t)).collect();
    spec.types
        .iter()
        .filter(|t| outside(t) && (records.iter().any(|r| r.name == t.name) || used.contains(&t.name.as_str())))
        .collect()
}

/// The named types a record type's fields refer to directly.
fn referenced(def: &TypeDef) -> Vec<&str> {
    let fields: Vec<&crate::ir::Field> = match &def.kind {
        TypeKind::Object(o) => o.fields.iter().collect(),
        TypeKind::Union(u) => u.variants.iter().flat_map(|v| &v.fields).collect(),
        _ => Vec::new(),
    };
    fields
        .into_iter()
        .filter_map(|f| match &f.ty {
            TypeRef::Named(n) => Some(n.as_str()),
            _ => None,
        })
        .collect()
}

pub fn section(spec: &Spec) -> String {
    let mut out = format!(
        "<a id=\"{ANCHOR}\"></a>\n## Launch and handshake\n\nBefore any wire v2 record, a client runs \
         `agentwire daemon start-or-connect` for its workspace. It prints one JSON object on standard output: a \
         discovery object on success, a launch error otherwise. The client connects to the discovery's socket and \
         sends one handshake line; the daemon answers with one reply line, accepting (wire v2's `initialize` \
         follows on the same connection) or rejecting (the daemon closes the connection). Each line is one JSON \
         object. See [Life of a client](#{life}) for the records in order.\n\n",
        life = super::walkthrough::ANCHOR,
    );
    for def in launch_types(spec) {
        out.push_str(&named(spec, def));
    }
    out.push_str(&launch_errors(spec));
    out
}

fn launch_errors(spec: &Spec) -> String {
    if spec.launch_errors.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "<a id=\"launch-errors\"></a>\n### Launch errors\n\nPrinted by `start-or-connect` under `error`, before wire v2.\n\n\
         | Code | Fixed message | Description |\n|---|---|---|\n",
    );
    for e in &spec.launch_errors {
        out.push_str(&format!("| `{}` | {} | {} |\n", e.code, cell(&e.message), cell(&e.doc)));
    }
    out.push('\n');
    out
}
