//! The agentwire generator: `protocol.toml` → raw spec → IR → emitters (Rust at build time;
//! TypeScript, Swift, JSON Schema, the reference docs and the conformance vectors committed) and
//! the compat checker, all off the same IR. Emitters never read TOML.

pub mod advertise;
pub mod charset;
pub mod compat;
pub mod emit;
pub mod ir;
pub mod lower;
pub mod names;
/// RFC 3339 `date-time` syntax (section 5.6), the one string format the spec language has. The
/// generator owns it and checks examples with it; the generated crate's runtime gets the same
/// text ([`RFC3339_SOURCE`]), so examples and decoders agree.
pub mod rfc3339;
pub mod spec;
pub mod validate;

pub use lower::load;

/// The source of [`rfc3339`], which `write` commits beside the generated Rust module (and
/// `agentwire-protocol`'s build script writes beside its build-time copy): one file, owned here,
/// and no crate reaching into another's folder.
pub const RFC3339_SOURCE: &str = include_str!("rfc3339.rs");
