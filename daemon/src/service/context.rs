//! What a handler knows about the connection a request came on.

use tokio::sync::mpsc;

use crate::sessions::Fence;

/// A record for a connection's single writer.
#[derive(Debug)]
pub enum Outbound {
    /// An encoded response (newline included); its request ID is released once it is written.
    Response { record: Vec<u8>, request_id: Option<String>, close_after: bool },
    /// An encoded event (newline included). With a fence, it is written only while the fence holds
    /// (its session's control did not move since), checked under the writer lock.
    Event { record: Vec<u8>, fence: Option<Fence> },
}

/// Per-connection context passed to every handler call.
#[derive(Debug, Clone)]
pub struct ConnCtx {
    /// Process-local sequence number; the key of grants and logins.
    pub seq: u64,
    /// Opaque connection ID announced by initialize.
    pub connection_id: String,
    /// The connection's writer queue.
    pub out: mpsc::Sender<Outbound>,
}
