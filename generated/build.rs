//! Compiles the committed, formatted module (`src/generated/`, written by
//! `agentwire-codegen write`) when it is fresh for the spec, and generates the module into
//! `OUT_DIR` only when it is not (the spec was edited and `write` not yet run). Fresh means the
//! module's header carries the spec's FNV-1a hash and this generator's version
//! (`agentwire_codegen::emit::rust::freshness`; README.md says more). The crate's
//! `protocol.toml` is a symlink to the repository's one spec, so the packaged crate carries the
//! spec itself.

use agentwire_codegen::emit::rust::freshness;
use std::path::{Path, PathBuf};

/// Set when the module is compiled from `OUT_DIR` instead of `src/generated/`.
const REGENERATED: &str = "agentwire_protocol_regenerated";

fn main() {
    // Read when the script runs, not baked in by `env!`: cargo reuses a compiled build script
    // for a copy of the tree at another path (it hashes workspace members by their path inside
    // the workspace), as cargo-mutants' copies and scripts/mutants-sample.sh's build into one
    // target; a baked path would name a copy that is gone.
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let spec_path = manifest_dir.join("protocol.toml");
    let module_path = manifest_dir.join(freshness::MODULE_IN_CRATE);
    println!("cargo:rerun-if-changed={}", spec_path.display());
    println!("cargo:rerun-if-changed={}", module_path.display());
    println!("cargo:rustc-check-cfg=cfg({REGENERATED})");
    let text = match std::fs::read_to_string(&spec_path) {
        Ok(t) => t,
        Err(e) => panic!("cannot read {}: {e}", spec_path.display()),
    };
    let committed = std::fs::read_to_string(&module_path).unwrap_or_default();
    if freshness::is_fresh(&committed, &text) {
        return;
    }
    println!(
        "cargo:warning={} is stale for protocol.toml; compiling a build-time copy (run `cargo run -p agentwire-codegen -- write` to refresh it)",
        freshness::MODULE_IN_CRATE
    );
    let spec = match agentwire_codegen::load("protocol.toml", &text) {
        Ok(s) => s,
        Err(d) => panic!("protocol.toml is invalid:\n{d}"),
    };
    // Unformatted: the same tokens `write` formats with prettyplease, without compiling a Rust
    // parser and formatter into every build.
    let code = agentwire_codegen::emit::rust::generate_unformatted(&spec);
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    write(&out_dir.join("protocol.rs"), &code);
    // The runtime's date-time checker is the generator's own, so both agree on every example.
    write(&out_dir.join("rfc3339.rs"), agentwire_codegen::RFC3339_SOURCE);
    println!("cargo:rustc-cfg={REGENERATED}");
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        panic!("cannot write {}: {e}", path.display());
    }
}
