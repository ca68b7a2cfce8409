//! Talking to a target: raw connections, the identity handshake, initialization with
//! preflight, and correlated requests.

pub mod check;
pub mod client;
pub mod conn;
pub mod handshake;
pub mod preflight;
pub mod target;

pub use client::{Client, Resp};
pub use conn::{drain, sink, Conn, RecvError, Sink};
pub use preflight::Advertisement;
pub use target::Target;
