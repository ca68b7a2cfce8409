//! When the committed Rust module may stand in for generating it: `agentwire-protocol`'s build
//! script compiles the committed module when the module's header carries the marker of the spec
//! it builds against, and generates into `OUT_DIR` otherwise. The marker names a 64-bit FNV-1a
//! hash of the spec's bytes (a few lines, no dependency, microseconds; a miss only costs a
//! build-time copy, and `verify` compares whole contents) and the generator's version, so
//! another release of the emitter never trusts a module it did not write.

/// The committed module, relative to the protocol crate's folder.
pub const MODULE_IN_CRATE: &str = "src/generated/protocol.rs";
/// The committed copy of the generator's RFC 3339 checker, relative to the protocol crate.
pub const RFC3339_IN_CRATE: &str = "src/generated/rfc3339.rs";
/// The protocol crate's folder, relative to the repository root.
pub const CRATE_DIR: &str = "generated";

/// How many of the module's first lines may hold the marker (the header's lines).
const HEADER_LINES: usize = 4;

/// 64-bit FNV-1a: not for integrity against an adversary, only to notice an edited spec.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The marker (one header line, behind `// `) of the spec whose text hashes to `spec_fnv1a64`
/// (`Spec::text_fnv1a64`).
pub fn marker(spec_fnv1a64: u64) -> String {
    format!("Freshness: spec fnv1a64 {spec_fnv1a64:016x}, agentwire-codegen {}.", env!("CARGO_PKG_VERSION"))
}

/// Whether the committed module's text (its start is enough) was written for `spec_text` by
/// this generator.
pub fn is_fresh(module: &str, spec_text: &str) -> bool {
    let marker = marker(fnv1a64(spec_text.as_bytes()));
    module.lines().take(HEADER_LINES).any(|line| line.strip_prefix("// ") == Some(marker.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_matches_the_reference_vectors() {
        // From the FNV reference test suite (draft-eastlake-fnv).
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn a_module_is_fresh_only_for_the_spec_it_was_written_for() {
        let module = format!(
            "// Generated from protocol.toml. Do not edit.\n// {}\npub mod limits {{}}\n",
            marker(fnv1a64(b"a = 1\n"))
        );
        assert!(is_fresh(&module, "a = 1\n"));
        assert!(!is_fresh(&module, "a = 2\n"), "an edited spec makes the module stale");
        assert!(!is_fresh("pub mod limits {}\n", "a = 1\n"), "no marker, not fresh");
        let late = format!("\n\n\n\n// {}\n", marker(fnv1a64(b"a = 1\n")));
        assert!(!is_fresh(&late, "a = 1\n"), "only the header counts");
    }
}
