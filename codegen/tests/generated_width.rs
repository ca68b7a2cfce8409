//! "Generated doc comments are wrapped at the code's width" (issue #36): spec descriptions are
//! single paragraphs of any length (one reached the Rust module as a 1,679-character doc line),
//! so every comment line of the generated Rust, TypeScript and Swift is held to rustfmt.toml's
//! `max_width`, the width the hand-written code is read at.

use agentwire_codegen::emit::{wrap_comments, MAX_WIDTH};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the codegen crate sits in the repository")
}

fn spec() -> agentwire_codegen::ir::Spec {
    let text = std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml");
    agentwire_codegen::load("protocol.toml", &text).unwrap_or_else(|d| panic!("{d}"))
}

fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    ["//", "/*", "* ", "*/"].iter().any(|m| t.starts_with(m)) || t == "*"
}

#[test]
fn the_emitters_width_is_rustfmts_max_width() {
    let rustfmt = std::fs::read_to_string(root().join("rustfmt.toml")).expect("rustfmt.toml");
    let width = rustfmt
        .lines()
        .find_map(|l| l.strip_prefix("max_width = "))
        .and_then(|v| v.trim().parse::<usize>().ok())
        .expect("rustfmt.toml sets max_width");
    assert_eq!(MAX_WIDTH, width);
}

#[test]
fn no_generated_comment_line_exceeds_the_width() {
    let mut wide = Vec::new();
    for artifact in agentwire_codegen::emit::artifacts(&spec()) {
        if ![".rs", ".ts", ".swift"].iter().any(|ext| artifact.path.ends_with(ext)) {
            continue;
        }
        for (n, line) in artifact.contents.lines().enumerate() {
            if is_comment(line) && line.chars().count() > MAX_WIDTH {
                wide.push(format!("{}:{}: {} characters", artifact.path, n + 1, line.chars().count()));
            }
        }
    }
    assert!(wide.is_empty(), "comment lines wider than {MAX_WIDTH}:\n{}", wide.join("\n"));
}

#[test]
fn wrapping_keeps_the_words_the_marker_and_the_markdown() {
    let words: Vec<String> = (0..60).map(|i| format!("w{i}")).collect();
    let mut text = words.join(" ");
    // A break before "- x" or "1. x" would make a Markdown list of the continuation line.
    text.insert_str(text.find("w30").unwrap(), "- 1. ");
    let line = format!("    /// {text}\n");
    let wrapped = wrap_comments(&line);
    assert!(wrapped.lines().count() > 1, "a wide line is wrapped");
    for l in wrapped.lines() {
        assert!(l.starts_with("    /// ") && l.chars().count() <= MAX_WIDTH, "{l:?}");
        let first = l["    /// ".len()..].split(' ').next().unwrap();
        assert!(first != "-" && first != "1.", "a continuation line starts a list: {l:?}");
    }
    let back: Vec<&str> = wrapped.lines().map(|l| &l["    /// ".len()..]).collect();
    assert_eq!(back.join(" "), text, "the words, in order");

    let block = wrap_comments(&format!("  /** {text} */\n"));
    assert!(block.starts_with("  /**\n") && block.ends_with("  */\n"), "{block}");
    assert!(block.lines().all(|l| l.chars().count() <= MAX_WIDTH));
    let short = "/// short\n  /** short */\n";
    assert_eq!(wrap_comments(short), short, "a line within the width is left alone");
}
