//! What can go wrong: connecting ([`ConnectError`]) and calling ([`CallError`]), which keeps a
//! service's answer apart from transport and protocol failures.

use crate::handshake::HandshakeError;
use crate::preflight::PreflightError;
use agentwire_protocol::typed::SlotError;
use agentwire_protocol::{ErrorCode, ErrorObject};

/// The service answered the request with an error object.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{code_name}: {message}")]
#[non_exhaustive]
pub struct ServiceError {
    /// The code, when this client knows it; `None` for a code it does not know, which is a
    /// generic failure (never a success).
    pub code: Option<ErrorCode>,
    /// The code as the service sent it.
    pub code_name: String,
    /// The code's fixed message, as the service sent it.
    pub message: String,
}

impl ServiceError {
    /// The service error an error object stands for (also `From<ErrorObject>`), e.g. to stand
    /// in for a service in a test.
    pub fn from_object(e: ErrorObject) -> Self {
        ServiceError { code: ErrorCode::from_wire(&e.code), code_name: e.code, message: e.message }
    }

    /// Whether the service answered with `code`.
    pub fn is(&self, code: ErrorCode) -> bool {
        self.code == Some(code)
    }
}

/// Why a call gave no success payload.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum CallError {
    /// The service refused the request; the connection is fine.
    #[error("service error {0}")]
    Service(#[from] ServiceError),
    /// The connection is gone (closed, or failed to write); nothing more will arrive on it.
    #[error("connection closed: {0}")]
    Transport(String),
    /// The service broke the protocol (an undecodable record, an uncorrelated response, an
    /// event out of sequence); the connection is no longer trusted and was closed.
    #[error("service broke the protocol: {0}")]
    Protocol(String),
    /// The request cannot be sent: it is over a bound, or fails the strict request decoder.
    #[error("request cannot be sent: {0}")]
    InvalidRequest(String),
    /// A run-time method's slots break its envelope rules (typed calls cannot).
    #[error("{0}")]
    Slots(#[from] SlotError),
    /// The claim's control was revoked (a take-over by another connection, or a detach);
    /// claim the session again.
    #[error("the session's control was revoked")]
    Revoked,
}

impl CallError {
    /// The service's error code, when the service answered.
    pub fn service_code(&self) -> Option<ErrorCode> {
        match self {
            CallError::Service(e) => e.code,
            _ => None,
        }
    }
}

/// "Package versions must match exactly": this client package and the daemon are different
/// versions. The daemon's version is known when it came from its discovery record (the
/// launcher reads it); a handshake rejection does not carry it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "version mismatch: this client package is {package}, the daemon runs {}; install the agentwire daemon and client package of the same version (upgrade whichever is older) and restart the daemon",
    .daemon.as_deref().unwrap_or("another version")
)]
#[non_exhaustive]
pub struct VersionMismatch {
    /// The version this client sent: its own [`crate::PACKAGE_VERSION`] by default.
    pub package: String,
    /// The daemon's version, from its discovery record, when known.
    pub daemon: Option<String>,
}

/// Why connecting failed; nothing was mutated.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConnectError {
    /// The daemon runs another package version than this client's.
    #[error("{0}")]
    VersionMismatch(VersionMismatch),
    #[error("handshake failed: {0}")]
    Handshake(#[from] HandshakeError),
    #[error("initialize failed: {0}")]
    Initialize(CallError),
    #[error("preflight failed: {0}")]
    Preflight(#[from] PreflightError),
}

impl From<ErrorObject> for ServiceError {
    fn from(e: ErrorObject) -> Self {
        ServiceError::from_object(e)
    }
}
