//! The agentwire generator: `protocol.toml` → IR → emitters (Rust today; every other target
//! hangs off the same IR). Emitters never read TOML.

pub mod advertise;
pub mod charset;
pub mod compat;
pub mod emit;
pub mod ir;
pub mod lower;
pub mod names;
pub mod rfc3339;
pub mod spec;
pub mod validate;

pub use lower::load;
