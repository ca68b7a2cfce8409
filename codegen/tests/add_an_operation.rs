//! ARCHITECTURE.md's recipe "Add an operation", followed mechanically on a scratch copy of the
//! spec, so the recipe cannot rot: the recipe's TOML goes into a temporary `protocol.toml`,
//! `agentwire-codegen write --root` regenerates into a temporary folder, and every target
//! gains the operation — the Rust handler trait with the method the recipe's handler
//! implements, the TypeScript and Swift packages, the JSON Schema, the reference and the
//! request vectors — while nothing hand-written spells a count the spec decides.

mod scratch;

use scratch::Scratch;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the codegen crate sits in the repository")
}

/// The first fenced block of `language` in ARCHITECTURE.md's "Add an operation" section.
fn recipe_block(language: &str) -> String {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let section = doc.split("\n## Add an operation\n").nth(1).expect("ARCHITECTURE.md has `## Add an operation`");
    let section = section.split("\n## ").next().unwrap_or(section);
    let fence = format!("```{language}\n");
    let start = section.find(&fence).unwrap_or_else(|| panic!("the recipe has no ```{language} block")) + fence.len();
    let len = section[start..].find("```").expect("the block ends");
    section[start..start + len].to_string()
}

/// The quoted method name of `[operations."NAME"]`.
fn method_of(toml: &str) -> String {
    let start = toml.find("[operations.\"").expect("the recipe declares an operation") + "[operations.\"".len();
    let len = toml[start..].find('"').expect("closing quote");
    toml[start..start + len].to_string()
}

fn load(text: &str) -> agentwire_codegen::ir::Spec {
    agentwire_codegen::load("protocol.toml", text).unwrap_or_else(|d| panic!("{d}"))
}

#[test]
fn the_recipe_adds_an_operation_with_two_hand_edits() {
    let addition = recipe_block("toml");
    let method = method_of(&addition);
    let original = std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml");
    assert!(!original.contains(&format!("[operations.\"{method}\"]")), "the recipe's operation is already in the spec");

    // Edit 1: protocol.toml, on a scratch copy. Then `agentwire-codegen write`.
    let scratch = Scratch::new("add-an-operation");
    let scratch = scratch.path();
    let edited = format!("{original}\n{addition}");
    std::fs::write(scratch.join("protocol.toml"), &edited).expect("write the scratch spec");
    let run = |command: &str| {
        Command::new(env!("CARGO_BIN_EXE_agentwire-codegen"))
            .args([command, "--root"])
            .arg(scratch)
            .output()
            .expect("agentwire-codegen runs")
    };
    let out = run("write");
    assert!(out.status.success(), "write: {}", String::from_utf8_lossy(&out.stderr));
    let out = run("verify");
    assert!(out.status.success(), "verify after write: {}", String::from_utf8_lossy(&out.stderr));

    // Every committed target gains the operation.
    let (before, after) = (load(&original), load(&edited));
    assert_eq!(after.operations.len(), before.operations.len() + 1);
    let artifacts = agentwire_codegen::emit::artifacts(&after);
    let quoted = format!("\"{method}\"");
    for target in
        ["generated/typescript/", "generated/swift/", "generated/schema/", "docs/protocol.md", "conformance/vectors/"]
    {
        let gained = artifacts.iter().filter(|a| a.path.starts_with(target)).any(|a| {
            let text = std::fs::read_to_string(scratch.join(&a.path)).expect("written artifact");
            text.contains(&quoted) || text.contains(&format!("`{method}`"))
        });
        assert!(gained, "{target}: no generated file names `{method}`");
    }
    let paths = |s: &agentwire_codegen::ir::Spec| -> BTreeSet<String> {
        agentwire_codegen::emit::artifacts(s).into_iter().map(|a| a.path).collect()
    };
    assert_eq!(paths(&before), paths(&after), "adding an operation adds no artifact a hand edit must register");

    // Edit 2: the handler. The generated trait declares the method the recipe's handler
    // implements, with the marker and response type it names.
    let handler = recipe_block("rust");
    let rust = agentwire_codegen::emit::rust::generate_unformatted(&after).replace(' ', "");
    let name = handler.split("fn ").nth(1).and_then(|s| s.split('(').next()).expect("the handler is a fn").trim();
    let marker = handler.split("op::").nth(1).and_then(|s| s.split('>').next()).expect("the handler names op::MARKER");
    let response = handler.split("Out<").nth(1).and_then(|s| s.split('>').next()).expect("the handler returns Out<T>");
    for needle in [format!("fn{name}("), format!("operation::{marker}>"), format!("Result<{response},ErrorCode>")] {
        assert!(rust.contains(&needle), "the generated handler traits lack `{needle}`");
    }
    assert!(rust.contains(&format!("\"{method}\"")), "the generated Method lacks `{method}`");
}

/// The count the spec decides is read from it: no hand-written Rust line that talks about
/// operations spells today's number of them (the conformance preflight test once asserted 22).
#[test]
fn no_hand_written_code_spells_the_operation_count() {
    let spec = load(&std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml"));
    let count = spec.operations.len().to_string();
    let out = Command::new("git").arg("-C").arg(root()).args(["ls-files", "-z", "*.rs"]).output().expect("git runs");
    let files = String::from_utf8(out.stdout).expect("UTF-8 paths");
    let mut found = Vec::new();
    for path in files.split('\0').filter(|p| !p.is_empty() && !p.starts_with("codegen/") && !p.starts_with("fuzz/")) {
        let Ok(text) = std::fs::read_to_string(root().join(path)) else { continue };
        for (n, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split(|c: char| !c.is_ascii_alphanumeric()).collect();
            if line.to_ascii_lowercase().contains("operations") && words.contains(&count.as_str()) {
                found.push(format!("{path}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "read the count from the spec (Method::ALL.len()):\n{}", found.join("\n"));
}
