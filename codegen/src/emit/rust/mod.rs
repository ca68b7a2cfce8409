//! Rust emitter: the `agentwire-protocol` crate's generated module, emitted at build time.

use super::Artifact;
use crate::ir::Spec;

/// Rust is generated at build time by `generated/build.rs`, so it has no committed artifacts.
pub fn artifacts(_spec: &Spec) -> Vec<Artifact> {
    Vec::new()
}
