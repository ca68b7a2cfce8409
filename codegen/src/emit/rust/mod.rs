//! Rust emitter.
