//! The committed Rust module (`generated/src/generated/protocol.rs`) is the reviewable copy of the
//! Rust emitter's output: every spec or emitter change shows up as its diff. These tests hold it
//! to the emitter (as `agentwire-codegen verify` does) and to what the build script compiles
//! when it is stale.

use agentwire_codegen::emit::rust::{freshness, generate, generate_unformatted};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the codegen crate sits in the repository")
}

fn spec_text() -> String {
    std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml")
}

fn committed() -> String {
    let path = root().join(freshness::CRATE_DIR).join(freshness::MODULE_IN_CRATE);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_committed_module_is_what_the_emitter_writes() {
    let spec = agentwire_codegen::load("protocol.toml", &spec_text()).unwrap_or_else(|d| panic!("{d}"));
    let code = generate(&spec).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        code == committed(),
        "{} is stale: run `cargo run -p agentwire-codegen -- write`",
        freshness::MODULE_IN_CRATE
    );
}

/// The build script trusts the committed module exactly when its header names this spec.
#[test]
fn the_committed_module_is_fresh_for_the_spec() {
    assert!(freshness::is_fresh(&committed(), &spec_text()));
    assert!(!freshness::is_fresh(&committed(), &format!("{}\n# edited\n", spec_text())));
}

/// The protocol crate's build script compiles `generate_unformatted` when the committed module is
/// stale (no prettyplease, no syn syntax tree at build time); formatted and its comments wrapped
/// at the code's width, it is exactly the committed module's code.
#[test]
fn the_build_time_module_is_the_committed_one_unformatted() {
    let spec = agentwire_codegen::load("protocol.toml", &spec_text()).unwrap_or_else(|d| panic!("{d}"));
    let formatted = generate(&spec).unwrap_or_else(|e| panic!("{e}"));
    let unformatted = generate_unformatted(&spec);
    let file = syn::parse_file(&unformatted).unwrap_or_else(|e| panic!("build-time module does not parse: {e}"));
    let body = formatted.split_once("\n\n").map_or("", |(_, b)| b);
    assert!(!body.is_empty(), "the formatted module has a header and a body");
    assert_eq!(agentwire_codegen::emit::wrap_comments(&prettyplease::unparse(&file)), body);
}
