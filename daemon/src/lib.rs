//! The agentwire reference daemon, grouped by layer:
//!
//! - [`transport`]: paths, trust, locks, peer credentials, framing, the identity handshake,
//!   `serve` and `start-or-connect` (protocol-independent);
//! - [`wire`]: wire v2 on an accepted connection (admission, request tasks, the writer);
//! - [`service`], [`operations`], [`sessions`], [`turns`], [`agent`], [`auth`],
//!   [`catalog`], [`config`], [`providers`]: what the operations do;
//! - [`storage`]: atomic files and transcripts;
//! - [`cli`]: the command line's client commands.
//!
//! Wire v2 itself (envelopes, operations, limits) comes from the generated
//! `agentwire-protocol` crate and plugs in through [`transport::accepted::ConnectionHandler`].

pub mod agent;
pub mod approvals;
pub mod auth;
pub mod catalog;
pub mod cli;
pub mod config;
#[doc(hidden)]
pub mod fuzzing;
pub mod logging;
pub mod operations;
pub mod providers;
pub mod redact;
pub mod service;
pub mod sessions;
pub mod storage;
pub mod sync;
pub mod timestamp;
pub mod transport;
pub mod turns;
pub mod version;
pub mod wire;
