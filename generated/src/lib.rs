//! agentwire-protocol: wire v2 types, bounded decoders, capabilities and handler traits,
//! generated from `protocol.toml` at build time (see `build.rs`), plus the hand-written
//! decoding runtime they build on.

pub mod advertisement;
pub mod consumer;
pub mod request;
pub mod runtime;
pub mod typed;

#[allow(clippy::all, clippy::pedantic)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/protocol.rs"));
}

pub use advertisement::capabilities;
pub use consumer::{
    decode_event, decode_incoming, decode_response, decode_session_message, ConsumerError, Event, Incoming, Response,
};
pub use generated::*;
pub use request::{decode_request, Request, RequestError};
pub use typed::{Operation, Parts, TypedRequest};
