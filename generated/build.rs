//! Generates the protocol module from the spec at build time. The crate's `protocol.toml` is a
//! symlink to the repository's one spec, so the packaged crate carries the spec itself. The
//! runtime's RFC 3339 checker comes from the generator too (`agentwire_codegen::RFC3339_SOURCE`).

use std::path::PathBuf;

fn main() {
    // Read when the script runs, not baked in by `env!`: cargo reuses a compiled build script
    // for a copy of the tree at another path (it hashes workspace members by their path inside
    // the workspace), as cargo-mutants' copies and scripts/mutants-sample.sh's build into one
    // target; a baked path would name a copy that is gone.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let spec_path = PathBuf::from(manifest_dir).join("protocol.toml");
    println!("cargo:rerun-if-changed={}", spec_path.display());
    let text = match std::fs::read_to_string(&spec_path) {
        Ok(t) => t,
        Err(e) => panic!("cannot read {}: {e}", spec_path.display()),
    };
    let spec = match agentwire_codegen::load("protocol.toml", &text) {
        Ok(s) => s,
        Err(d) => panic!("protocol.toml is invalid:\n{d}"),
    };
    // Unformatted: the same tokens the snapshot test formats with prettyplease, without
    // compiling a Rust parser and formatter into every cold build.
    let code = agentwire_codegen::emit::rust::generate_unformatted(&spec);
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    write(&out_dir.join("protocol.rs"), &code);
    // The runtime's date-time checker is the generator's own, so both agree on every example.
    write(&out_dir.join("rfc3339.rs"), agentwire_codegen::RFC3339_SOURCE);
}

fn write(path: &std::path::Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        panic!("cannot write {}: {e}", path.display());
    }
}
