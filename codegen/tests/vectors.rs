//! The committed conformance vectors must be exactly what the generator produces from the
//! committed spec and hand-written table; otherwise run `cargo run -p agentwire-codegen -- write`.

use agentwire_codegen::emit::{artifacts, vectors, REGENERATE};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn committed_vectors_are_fresh() {
    let root = root();
    let text = std::fs::read_to_string(root.join("protocol.toml")).expect("protocol.toml is readable");
    let spec = agentwire_codegen::load("protocol.toml", &text).expect("protocol.toml is valid");
    let prefix = format!("{}/", vectors::DIR);
    let expected: Vec<_> = artifacts(&spec).into_iter().filter(|a| a.path.starts_with(&prefix)).collect();
    assert!(
        expected.iter().any(|a| a.path.ends_with("requests.json")),
        "the vectors are registered in emit::artifacts"
    );
    let stale: Vec<&str> = expected
        .iter()
        .filter(|a| std::fs::read_to_string(root.join(&a.path)).ok().as_deref() != Some(a.contents.as_str()))
        .map(|a| a.path.as_str())
        .collect();
    assert!(stale.is_empty(), "stale conformance vectors (run `{REGENERATE}`): {stale:?}");
}

#[test]
fn no_leftover_generated_files() {
    let root = root();
    let text = std::fs::read_to_string(root.join("protocol.toml")).expect("protocol.toml is readable");
    let spec = agentwire_codegen::load("protocol.toml", &text).expect("protocol.toml is valid");
    let expected: Vec<String> = artifacts(&spec).into_iter().map(|a| a.path).collect();
    let dir = root.join(vectors::DIR);
    let entries = std::fs::read_dir(&dir).expect("the vectors directory exists");
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_file() {
            let rel = format!("{}/{}", vectors::DIR, entry.file_name().to_string_lossy());
            assert!(expected.contains(&rel), "{rel} is not generated any more: delete it");
        }
    }
}
