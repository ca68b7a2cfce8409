//! Wire v2 over an accepted connection: framing outcomes, request admission (initialization,
//! instance identity, request IDs in flight), concurrent handling, and the connection's one
//! outbound path ([`Outbound`]) that responses and events share, with event envelopes built
//! from the spec's event rules.

mod connection;
mod dispatch;
mod outbound;

#[cfg(test)]
mod admission_tests;

pub use connection::WireHandler;
pub use dispatch::{Dispatch, Ran};
#[cfg(test)]
pub use outbound::test_pair;
pub use outbound::{ConnCtx, Correlation, Fence, Grant, Outbound};
