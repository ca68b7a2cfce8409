//! agentwire-client: a Rust client for the agentwire daemon's wire v2 over its private Unix
//! socket, built on the generated `agentwire-protocol` crate.
//!
//! [`Client::connect`] runs the identity handshake (checking that the service runs as our
//! uid), `initialize` and the seed's full preflight before it returns, so nothing is mutated on
//! an untrusted connection. [`Client::call`] sends one typed request and awaits its correlated
//! response: `client.call::<operation::Status>(&(), StatusRequest::new())` gives a
//! `StatusResponse` or a [`CallError`]. A session's control is a value: [`Client::claim`]
//! returns a [`Claim`] that turns, cancels and detach take, and that knows when its grant was
//! revoked. Events arrive checked (identities, turn sequencing) on per-connection, per-session
//! and per-turn [`EventStream`]s, whose buffers never stall responses ([`streams`] states the
//! policy).
//!
//! ```no_run
//! use agentwire_client::{operation, Client, ClientOptions};
//! use agentwire_client::protocol::{Method, SessionCreateRequest};
//! # async fn run(socket: &str, workspace: &str) -> Result<(), Box<dyn std::error::Error>> {
//! let options = ClientOptions::new(socket, workspace)
//!     .require(&[Method::SessionCreate, Method::SessionClaim, Method::TurnStart]);
//! let client = Client::connect(options).await?;
//! let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await?;
//! let claim = client.claim(&session.session_id, false).await?;
//! let (_started, mut events) = claim.start_turn("What is here?").await?;
//! while let Some(event) = events.next().await {
//!     println!("{:?}", event?.payload);
//! }
//! # Ok(()) }
//! ```

mod approvals;
mod claim;
mod client;
mod error;
mod framing;
mod handshake;
pub mod launcher;
pub mod peer;
mod preflight;
mod resume;
mod sequence;
pub mod streams;
mod sync;
mod target;

pub use agentwire_protocol as protocol;
pub use agentwire_protocol::operation;
pub use approvals::{offered, ProfileError, ProfileUnavailable, APPROVALS_VERSION};
pub use claim::Claim;
pub use client::{Client, ClientOptions, Identity, DEFAULT_EVENT_BUFFER};
pub use error::{CallError, ConnectError, ServiceError, VersionMismatch};
pub use launcher::{start_or_connect, LaunchError, StartOptions};
pub use resume::{resume, ResumeError, ResumeOptions, Resumed};

/// This package's version, the one version the workspace declares. The handshake sends it and
/// the daemon requires it to equal its own exactly ("Package versions must match exactly").
pub const PACKAGE_VERSION: &str = env!("CARGO_PKG_VERSION");
pub use handshake::{identify, HandshakeError};
pub use preflight::{preflight, PreflightError};
pub use sequence::{SequenceError, SequenceTracker};
pub use streams::{EventStream, StreamError};
pub use target::Target;
