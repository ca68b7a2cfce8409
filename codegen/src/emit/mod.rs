//! Emitters: each turns the IR into files. Committed artifacts are listed by [`artifacts`] and
//! kept fresh by `agentwire-codegen write` / `verify`, the Rust module among them.

#[cfg(feature = "artifacts")]
pub mod reference;
pub mod rust;
#[cfg(feature = "artifacts")]
pub mod schema;
#[cfg(feature = "artifacts")]
pub mod swift;
#[cfg(feature = "artifacts")]
pub mod typescript;
#[cfg(feature = "artifacts")]
pub mod vectors;

#[cfg(feature = "artifacts")]
use crate::ir::Spec;

/// One generated file, with its path relative to the repository root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Artifact {
    pub path: String,
    pub contents: String,
}

/// The command that regenerates every committed artifact.
pub const REGENERATE: &str = "cargo run -p agentwire-codegen -- write";

/// The first lines of every committed artifact, as plain text to be put behind a comment marker.
/// They name no spec hash: `verify` compares whole contents, and a hash would change every file
/// on any edit of the spec.
pub fn header_lines() -> [String; 2] {
    ["Generated from protocol.toml. Do not edit.".to_string(), format!("Regenerate with `{REGENERATE}`.")]
}

/// JSON text of `v` (two-space indented when `pretty`), every object's members sorted by name.
/// Artifacts must not depend on whether serde_json keeps insertion order: feature unification
/// decides that, and a workspace build with the ACP crate turns `preserve_order` on.
pub fn json_text(v: &serde_json::Value, pretty: bool) -> String {
    let mut v = v.clone();
    v.sort_all_objects();
    let text = if pretty { serde_json::to_string_pretty(&v) } else { serde_json::to_string(&v) };
    text.expect("JSON values always serialize")
}

/// [`header_lines`] behind a line-comment marker (`//`, `#`).
pub fn comment_header(marker: &str) -> String {
    header_lines().iter().map(|l| format!("{marker} {l}\n")).collect()
}

/// Every committed artifact, in a stable order.
#[cfg(feature = "artifacts")]
pub fn artifacts(spec: &Spec) -> Vec<Artifact> {
    let mut out = Vec::new();
    out.extend(rust::artifacts(spec));
    out.extend(reference::artifacts(spec));
    out.extend(schema::artifacts(spec));
    out.extend(swift::artifacts(spec));
    out.extend(typescript::artifacts(spec));
    out.extend(vectors::artifacts(spec));
    out
}
