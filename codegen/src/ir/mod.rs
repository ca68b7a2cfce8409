//! The resolved protocol model. Every reference is checked, every bound is a number (with the
//! limit or constant it came from), and every emitter reads only this — never TOML.

mod model;
mod ty;

pub use model::*;
pub use ty::*;
