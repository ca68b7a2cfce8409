//! agentwire-conformance: the wire v2 conformance suite as a product.
//!
//! - `server`: request vectors, framing vectors and scenario traces against any daemon;
//! - `consumer`: consumer vectors against any decoder behind a line-based harness protocol;
//! - `client`: a scripted daemon judging any client behind a line-based driver protocol;
//! - `acp-agent`: the scripted ACP agent the approvals cases need behind the daemon under test;
//! - `trace`: which case checks each normative sentence of the protocol documents;
//! - `proxy`: a fault-injecting proxy that proves the suite catches what it should, and records
//!   sessions (`recording`) that the mock daemon serves back to front ends.
//!
//! Server verdicts come from the vectors and the runner's own reading of the spec
//! (`json`, `wire::check`, `wire::preflight`, `events`); `agentwire-protocol` supplies limits and
//! fixed error messages only. Two exceptions: the consumer harness binary *is* the Rust decoder
//! under test, and the mock daemon checks recorded records with it (`recording::check`).

pub mod acp_agent;
pub mod base64;
pub mod cli;
pub mod client;
pub mod consumer;
pub mod error;
pub mod events;
pub mod harness;
pub mod json;
pub mod levels;
pub mod proxy;
pub mod recording;
pub mod repeats;
pub mod replay;
pub mod report;
pub mod select;
pub mod server;
pub mod trace;
pub mod transcript;
pub mod vectors;
pub mod verdict;
pub mod wire;
