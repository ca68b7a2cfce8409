//! The generated Rust for the whole spec, snapshot-tested so every spec or emitter change shows
//! up as a reviewable diff (`cargo insta review`).

#[test]
fn generated_rust_for_the_whole_spec() {
    let text = include_str!("../../protocol.toml");
    let spec = agentwire_codegen::load("protocol.toml", text).unwrap_or_else(|d| panic!("{d}"));
    let code = agentwire_codegen::emit::rust::generate(&spec).unwrap_or_else(|e| panic!("{e}"));
    insta::assert_snapshot!("protocol_rs", code);
}

/// The protocol crate's build script compiles `generate_unformatted` (no prettyplease, no syn
/// syntax tree at build time); formatted, it is exactly the snapshot's code.
#[test]
fn the_build_time_module_is_the_snapshot_unformatted() {
    let text = include_str!("../../protocol.toml");
    let spec = agentwire_codegen::load("protocol.toml", text).unwrap_or_else(|d| panic!("{d}"));
    let formatted = agentwire_codegen::emit::rust::generate(&spec).unwrap_or_else(|e| panic!("{e}"));
    let unformatted = agentwire_codegen::emit::rust::generate_unformatted(&spec);
    let file = syn::parse_file(&unformatted).unwrap_or_else(|e| panic!("build-time module does not parse: {e}"));
    let body = formatted.split_once("\n\n").map_or("", |(_, b)| b);
    assert!(!body.is_empty(), "the formatted module has a header and a body");
    assert_eq!(prettyplease::unparse(&file), body);
}
