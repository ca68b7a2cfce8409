//! The operation table (lifecycle §6): `operation_id → (method, intent digest, state, outcome)`.
//! Reusing an ID with the same intent returns the recorded outcome without redoing the work;
//! another intent is `operation_conflict`. Settled entries are retained, then tombstoned.
//! The table also orders a mutation's response before the events of the work it started
//! (the response gate, in [`table`]).

mod table;

pub use table::{intent_digest, Begin, OperationTable, Outcome, Recorded, ResponseGate, ResponseTicket, Work};
