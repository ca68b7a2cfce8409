//! Storage primitives under the state root: atomic whole-file replacement and the
//! append-only transcript files the session stream is kept in.

pub mod atomic_file;
pub mod transcript;
