//! Wire v2 over an accepted connection: framing outcomes, request admission (initialization,
//! instance identity, request IDs in flight), concurrent handling and the single writer.

mod admission;
mod close_signal;
mod connection;
mod respond;

#[cfg(test)]
mod admission_tests;

pub use connection::WireHandler;
