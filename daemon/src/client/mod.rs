//! A reusable Rust client: handshake, initialize, the seed's full preflight before any
//! mutation, correlated requests and a checked event stream.

mod connect;
mod preflight;
mod sequence;

pub use connect::{Client, ClientError};
pub use preflight::{preflight, PreflightError};
pub use sequence::{SequenceError, SequenceTracker};
