//! agentwire-protocol: wire v2 types, bounded decoders, capabilities and handler traits,
//! generated from `protocol.toml` (the committed `src/generated/`, or a build-time copy when
//! that is stale: see `build.rs` and README.md), plus the hand-written decoding runtime they
//! build on.
//!
//! ## Types a later spec may grow
//!
//! A generated struct or enum the spec may extend without a new protocol version (a new
//! optional member, operation, event or error code: the generator asks its compat checker) is
//! `#[non_exhaustive]`, so that extension is no breaking Rust change either. Build such a struct
//! with `new` (its required members) and `with_<member>` setters; each type's doc says whether
//! it can grow and by which rule.
//!
//! ```
//! use agentwire_protocol::{SessionReplayRequest, TurnStartRequest};
//! let turn = TurnStartRequest::new("hi");
//! let TurnStartRequest { prompt, .. } = turn;
//! assert_eq!(prompt, "hi");
//! let page = SessionReplayRequest::new().with_limit(8);
//! assert_eq!((page.limit, page.after), (8, None));
//! ```
//!
//! A struct literal of such a type does not compile outside this crate (E0639):
//!
//! ```compile_fail
//! use agentwire_protocol::TurnStartRequest;
//! let turn = TurnStartRequest { prompt: "hi".to_owned() };
//! ```
//!
//! nor does a pattern that names every member without `..` (E0638):
//!
//! ```compile_fail
//! use agentwire_protocol::TurnStartRequest;
//! let TurnStartRequest { prompt } = TurnStartRequest::new("hi");
//! ```

pub mod advertisement;
pub mod consumer;
pub mod request;
pub mod runtime;
pub mod typed;

/// The emitted module: the committed, formatted copy, so that compiler errors and
/// go-to-definition land in readable code; the build script's copy in `OUT_DIR` only while the
/// committed one is stale for the spec. Included, not a `mod` file, so `cargo fmt` leaves the
/// emitter's formatting alone.
#[cfg(not(agentwire_protocol_regenerated))]
#[allow(clippy::all, clippy::pedantic)]
mod generated {
    include!("generated/protocol.rs");
}
#[cfg(agentwire_protocol_regenerated)]
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
