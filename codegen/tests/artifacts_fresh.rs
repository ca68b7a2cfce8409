//! Every committed artifact is what the emitters write, whatever order serde_json keeps object
//! members in. This test build turns `preserve_order` on (codegen's dev-dependencies), as a
//! workspace build with the ACP crate does, while `agentwire-codegen write` runs without it; the
//! schema, its examples and the JSON literals of the bindings once came out reordered there.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the codegen crate sits in the repository")
}

#[test]
fn the_emitters_write_the_committed_artifacts_with_insertion_ordered_json() {
    let text = std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml");
    let spec = agentwire_codegen::load("protocol.toml", &text).unwrap_or_else(|d| panic!("{d}"));
    let stale: Vec<String> = agentwire_codegen::emit::artifacts(&spec)
        .into_iter()
        .filter(|a| std::fs::read_to_string(root().join(&a.path)).ok().as_deref() != Some(a.contents.as_str()))
        .map(|a| a.path)
        .collect();
    assert!(stale.is_empty(), "emitted differently from the committed files: {stale:?}");
}
