//! Login events, sent to the connection that started the login and correlated to its start
//! operation; the envelope is built by the connection's outbound path from the events' rules.

use crate::wire::{Correlation, Outbound};
use agentwire_protocol::EventPayload;
use std::sync::Weak;

/// Where a login's events go. The connection is held weakly: a login outliving its
/// connection does not keep that connection's writer open.
#[derive(Debug, Clone)]
pub struct LoginOrigin {
    pub out: Weak<Outbound>,
    /// The connection's process-local sequence number, for disconnect cleanup.
    pub conn_seq: u64,
    /// The `auth.login.start` operation every event is correlated to.
    pub operation_id: String,
}

impl LoginOrigin {
    /// Send one event; a closed connection just misses it (lookup reconciles), and a stalled
    /// one is closed by its write deadline.
    pub async fn emit(&self, payload: EventPayload) {
        let Some(out) = self.out.upgrade() else { return };
        let correlation = Correlation { operation_id: Some(&self.operation_id), ..Correlation::default() };
        out.event(&correlation, payload, None).await;
    }
}
