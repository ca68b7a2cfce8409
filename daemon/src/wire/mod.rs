//! Wire v2 over an accepted connection: framing outcomes, request admission (initialization,
//! instance identity, request IDs in flight), concurrent handling, and the connection's one
//! outbound path ([`Outbound`]) that responses and events share, with event envelopes built
//! from the spec's event rules.

mod connection;
mod profiles;

#[cfg(test)]
mod admission_tests;

#[cfg(test)]
pub use connection::test_pair;
pub use connection::{ConnCtx, Correlation, Dispatch, Fence, Grant, Outbound, Ran, WireHandler};
pub use profiles::{Negotiated, Offer};
