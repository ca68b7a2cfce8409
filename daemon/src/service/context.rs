//! What a handler knows about the request it runs: the connection it came on and, for a
//! mutation that began its operation, that operation's [`Work`] handle.

use crate::operations::Work;
use crate::wire::ConnCtx;
use std::sync::Arc;

/// Per-request context passed to every handler call.
#[derive(Debug)]
pub struct RequestCx {
    pub conn: Arc<ConnCtx>,
    /// Set for a mutation whose request began its operation: where the handler records the
    /// turn or login it starts and gets the gate that work awaits (see [`crate::operations`]).
    pub work: Option<Work>,
}

impl RequestCx {
    /// The operation's work handle; a handler that starts work runs only for a mutation that
    /// began its operation, so this is always set for it.
    pub fn work(&self) -> Result<&Work, agentwire_protocol::ErrorCode> {
        self.work.as_ref().ok_or(agentwire_protocol::ErrorCode::InternalError)
    }
}
