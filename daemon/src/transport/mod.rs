//! Transport: everything between a process and a verified peer on the private socket —
//! the state root and its trust check, the single-instance lock, peer credentials,
//! bounded JSONL framing, the identity handshake, `daemon serve` and
//! `daemon start-or-connect`. Knows nothing of wire v2's envelopes: the protocol plugs in
//! through [`accepted::ConnectionHandler`].

pub mod accepted;
pub mod framing;
pub mod handshake;
pub mod instance_id;
pub mod instance_lock;
pub mod launch_args;
pub mod layout;
pub mod paths;
pub mod peer;
pub mod serve;
pub mod start_or_connect;
pub mod trust;
