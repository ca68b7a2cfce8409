//! Login events, sent to the connection that started the login and correlated to its
//! start operation (null session, grant generation and live sequence).

use crate::service::Outbound;
use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::{EventEnvelope, EventPayload, PROTOCOL_VERSION};
use std::time::Duration;
use tokio::sync::mpsc;

/// A stalled connection must not hold a login's cleanup; its writer closes it anyway.
const EMIT_WAIT: Duration = Duration::from_secs(5);

/// Where a login's events go.
#[derive(Debug, Clone)]
pub struct LoginOrigin {
    pub out: mpsc::Sender<Outbound>,
    /// The connection's process-local sequence number, for disconnect cleanup.
    pub conn_seq: u64,
    pub connection_id: String,
    pub instance_id: String,
    /// The `auth.login.start` operation every event is correlated to.
    pub operation_id: String,
}

impl LoginOrigin {
    /// Send one event; a closed or stalled connection just misses it (lookup reconciles).
    pub async fn emit(&self, payload: EventPayload) {
        let envelope = EventEnvelope {
            protocol_version: PROTOCOL_VERSION,
            event: payload.name().as_str().to_owned(),
            instance_id: self.instance_id.clone(),
            connection_id: self.connection_id.clone(),
            session_id: None,
            operation_id: Some(self.operation_id.clone()),
            grant_generation: None,
            live_sequence: None,
            payload,
        };
        let record = match encode_record(&envelope) {
            Ok(r) => r,
            Err(_) => {
                tracing::warn!("login event could not be encoded");
                return;
            }
        };
        let _ = tokio::time::timeout(EMIT_WAIT, self.out.send(Outbound::Event { record, fence: None })).await;
    }
}
