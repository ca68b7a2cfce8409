//! Protocol-independent infrastructure of the agentwire daemon: state and runtime
//! paths, single-instance locks, peer credentials, JSONL framing, atomic files,
//! durable transcripts, redaction, the Unix identity handshake, `daemon serve`
//! and `daemon start-or-connect`.
//!
//! Wire v2 itself (envelopes, operations, limits) comes from the generated
//! `agentwire-protocol` crate and plugs in through [`connection::ConnectionHandler`].

pub mod atomic_file;
pub mod auth;
pub mod call;
pub mod catalog;
pub mod chat;
pub mod config;
pub mod connection;
pub mod daemon_control;
pub mod framing;
#[doc(hidden)]
pub mod fuzzing;
pub mod handshake;
pub mod instance_id;
pub mod instance_lock;
pub mod launch_args;
pub mod logging;
pub mod operations;
pub mod paths;
pub mod peer;
pub mod providers;
pub mod redact;
pub mod runtime;
pub mod serve;
pub mod service;
pub mod sessions;
pub mod start_or_connect;
pub mod timestamp;
pub mod transcript;
pub mod trust;
pub mod turns;
pub mod version;
pub mod wire;
