//! What a call is addressed to: the values of its envelope's `session_id` and `control`
//! slots, typed by the operation's [`agentwire_protocol::Operation::Slots`].

use crate::error::{CallError, ServiceError};
use agentwire_protocol::typed::{InSession, Unscoped};
use agentwire_protocol::SessionId;

/// Something that can fill the slots `S` of a request.
pub trait Target<S> {
    /// The slot values; a revoked claim refuses before anything is sent.
    fn slots(&self) -> Result<S, CallError>;
    /// Told of the service's error answer to a request sent with these slots.
    fn answered(&self, _error: &ServiceError) {}
}

/// Operations without a session take `&()`.
impl Target<Unscoped> for () {
    fn slots(&self) -> Result<Unscoped, CallError> {
        Ok(Unscoped)
    }
}

/// Reads of a session (and claiming it) take its ID.
impl Target<InSession> for SessionId {
    fn slots(&self) -> Result<InSession, CallError> {
        Ok(InSession { session_id: self.clone() })
    }
}

/// An ID as text is checked before anything is sent: one that is not a session ID could
/// only be refused by the service (`invalid_session_id`).
impl Target<InSession> for str {
    fn slots(&self) -> Result<InSession, CallError> {
        let session_id =
            SessionId::try_from(self).map_err(|code| CallError::InvalidRequest(code.message().to_owned()))?;
        Ok(InSession { session_id })
    }
}

impl Target<InSession> for String {
    fn slots(&self) -> Result<InSession, CallError> {
        self.as_str().slots()
    }
}
