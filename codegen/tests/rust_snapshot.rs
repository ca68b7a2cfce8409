//! The generated Rust for the whole spec, snapshot-tested so every spec or emitter change shows
//! up as a reviewable diff (`cargo insta review`).

#[test]
fn generated_rust_for_the_whole_spec() {
    let text = include_str!("../../protocol.toml");
    let spec = agentwire_codegen::load("protocol.toml", text).unwrap_or_else(|d| panic!("{d}"));
    let code = agentwire_codegen::emit::rust::generate(&spec).unwrap_or_else(|e| panic!("{e}"));
    insta::assert_snapshot!("protocol_rs", code);
}
