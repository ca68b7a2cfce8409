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

/// The width generated code is read at: rustfmt.toml's `max_width`, which the hand-written code
/// keeps too.
pub const MAX_WIDTH: usize = 120;

/// `text` with every comment line wider than [`MAX_WIDTH`] wrapped at spaces: `///`, `//!` and
/// `//` lines continue behind the same marker and indentation, and a one-line `/** … */`
/// becomes a block of ` * ` lines. Spec descriptions are single paragraphs of any length; a
/// line is never broken where its continuation would start a Markdown list, heading or quote,
/// and a word longer than the width stays whole.
#[cfg(feature = "artifacts")]
pub fn wrap_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        if body.chars().count() <= MAX_WIDTH {
            out.push_str(line);
            continue;
        }
        let indent = &body[..body.len() - body.trim_start().len()];
        let rest = &body[indent.len()..];
        let wrapped = if let Some(inner) = rest.strip_prefix("/** ").and_then(|r| r.strip_suffix(" */")) {
            let prefix = format!("{indent} * ");
            let lines = wrap_words(inner, MAX_WIDTH - prefix.chars().count());
            let middle: String = lines.iter().map(|l| format!("{prefix}{l}\n").replace(" \n", "\n")).collect();
            Some(format!("{indent}/**\n{middle}{indent} */"))
        } else {
            ["/// ", "//! ", "// "].iter().find_map(|marker| {
                let inner = rest.strip_prefix(marker)?;
                let prefix = format!("{indent}{marker}");
                let lines = wrap_words(inner, MAX_WIDTH - prefix.chars().count());
                Some(lines.iter().map(|l| format!("{prefix}{l}")).collect::<Vec<_>>().join("\n"))
            })
        };
        match wrapped {
            Some(w) => {
                out.push_str(&w);
                out.push_str(&line[body.len()..]);
            }
            None => out.push_str(line),
        }
    }
    out
}

/// Words of `text` in lines of at most `width` characters (a longer word alone on its line).
#[cfg(feature = "artifacts")]
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    // A continuation line starting with one of these would change the Markdown it renders as.
    let starts_block = |word: &str| {
        ["-", "*", "+", "#", ">", "|", "="].iter().any(|m| word.starts_with(m))
            || word.trim_end_matches(['.', ')']).len() < word.len()
                && word.trim_end_matches(['.', ')']).bytes().all(|b| b.is_ascii_digit())
    };
    let mut lines: Vec<Vec<&str>> = vec![Vec::new()];
    let len = |words: &[&str]| words.iter().map(|w| w.chars().count() + 1).sum::<usize>().saturating_sub(1);
    for word in text.split(' ') {
        let current = lines.last_mut().expect("one line at least");
        if current.is_empty() || len(current) + 1 + word.chars().count() <= width {
            current.push(word);
            continue;
        }
        let mut next = vec![word];
        // Carry words down until the new line starts as plain text (the one before may then run
        // short, never long).
        while starts_block(next[0]) && current.len() > 1 {
            next.insert(0, current.pop().expect("more than one word"));
        }
        lines.push(next);
    }
    lines.iter().map(|words| words.join(" ")).collect()
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
