//! What the connection layer needs of the service behind it. The service implements this, so
//! the connection layer (and everything that sends through [`super::Outbound`]) does not
//! depend on the service.

use super::outbound::ConnCtx;
use crate::operations::ResponseTicket;
use agentwire_protocol::{Call, ErrorCode, ResponsePayload};
use std::future::Future;
use std::sync::Arc;

/// A request's result, and the ticket of the operation it began, redeemed once its response
/// is written (see [`crate::operations`]).
pub type Ran = (Result<ResponsePayload, ErrorCode>, Option<ResponseTicket>);

pub trait Dispatch: Send + Sync + 'static {
    /// The instance every connection's identities name.
    fn instance_id(&self) -> &str;

    /// Count a new connection; its process-local sequence number and opaque ID.
    fn open_connection(&self) -> (u64, String);

    /// Make the connection reachable for the events of work it controls.
    fn register_connection(&self, cx: &ConnCtx);

    /// Run the call of a decoded request that passed connection admission.
    fn run(&self, cx: &Arc<ConnCtx>, call: Call) -> impl Future<Output = Ran> + Send;

    /// Forget a connection: its grants are revoked; accepted work goes on.
    fn close_connection(&self, seq: u64) -> impl Future<Output = ()> + Send;
}
