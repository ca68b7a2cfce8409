//! Internal errors of the session domain and their single mapping to wire error codes.

use std::io;

use agentwire_protocol::runtime::EncodeError;
use agentwire_protocol::ErrorCode;

use crate::storage::transcript::{is_unsafe_file, TranscriptError};

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("{}", ErrorCode::InvalidSessionId.message())]
    InvalidId,
    #[error("session does not exist")]
    Unavailable,
    /// Another live controller, another daemon's writer lock, or a durable append in progress.
    #[error("session is busy")]
    Busy,
    #[error("every session attachment is in use")]
    AttachmentLimit,
    #[error("the session folder has more entries than one list may scan")]
    ScanBudget,
    #[error("the control grant is not current")]
    StaleGrant,
    #[error("the connection holds no control of the session")]
    ControlRequired,
    #[error("page limit is out of range")]
    InvalidLimit,
    /// Cannot happen by construction (every single item fits an empty page); kept as an
    /// error rather than a panic so a future bound change cannot crash the daemon.
    #[error("a replay item does not fit an empty page")]
    ItemTooLarge,
    #[error("session storage failed: {0}")]
    Transcript(#[from] TranscriptError),
    #[error("session storage failed: {0}")]
    Io(#[from] io::Error),
    #[error("record could not be encoded: {0}")]
    Encode(#[from] EncodeError),
    #[error("blocking session task failed")]
    Join,
}

impl SessionError {
    pub fn code(&self) -> ErrorCode {
        match self {
            SessionError::InvalidId => ErrorCode::InvalidSessionId,
            // A session file that is not a regular file of this user is never opened for
            // writing: the session cannot be claimed.
            SessionError::Unavailable => ErrorCode::SessionUnavailable,
            SessionError::Io(e) | SessionError::Transcript(TranscriptError::Io(e)) if is_unsafe_file(e) => {
                ErrorCode::SessionUnavailable
            }
            SessionError::Busy | SessionError::Transcript(TranscriptError::Busy) => ErrorCode::SessionBusy,
            SessionError::AttachmentLimit | SessionError::ScanBudget => ErrorCode::LimitExceeded,
            SessionError::StaleGrant => ErrorCode::StaleGrant,
            SessionError::ControlRequired => ErrorCode::ControlRequired,
            SessionError::InvalidLimit => ErrorCode::InvalidPayload,
            SessionError::ItemTooLarge
            | SessionError::Transcript(_)
            | SessionError::Io(_)
            | SessionError::Encode(_)
            | SessionError::Join => ErrorCode::InternalError,
        }
    }
}

/// Maps to the wire code, logging internal failures once here: the client only ever sees
/// the fixed `internal_error` message, so this log line is the only diagnostic.
pub(crate) fn to_code(e: SessionError) -> ErrorCode {
    let code = e.code();
    if code == ErrorCode::InternalError {
        tracing::warn!(error = %e, "session operation failed");
    }
    code
}
