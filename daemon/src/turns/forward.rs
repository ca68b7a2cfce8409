//! The forwarder: drains a turn's event queue to the session's current controller.
//!
//! For each batch it publishes the turn's progress (sequence, assembled text) to the session's
//! claim snapshot and resolves the controller in the same step (`Sessions::publish_turn`).
//! A claim therefore either precedes the publication — the claimant's snapshot lacks these
//! events and it receives them — or follows it and its snapshot already reflects them: a
//! take-over mid-turn delivers exactly the events after the snapshot's sequence.

use std::sync::Arc;

use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::{
    EventEnvelope, EventPayload, SnapshotTurn, TurnActivity, TurnAssistantDelta, TurnStarted, PROTOCOL_VERSION,
};
use tokio::sync::mpsc;

use super::conns::ConnRegistry;
use super::emitter::Queued;
use crate::service::Outbound;
use crate::sessions::{Recipient, Sessions};

/// Events taken per publication: bounds the snapshot copies under a fast stream while a
/// slow one still publishes every event on its own.
const MAX_BATCH: usize = 64;

/// Where a turn's events go and what they carry.
#[derive(Clone)]
pub struct Route {
    pub sessions: Sessions,
    pub conns: Arc<ConnRegistry>,
    pub instance_id: String,
    pub session_id: String,
    pub turn_id: String,
    pub operation_id: String,
}

impl Route {
    /// One encoded event record (no newline) for `recipient`; `None` if it cannot be encoded
    /// within the record bound (the emitter's bounds make that unreachable for known payloads).
    pub fn encode(&self, recipient: &Recipient, connection_id: &str, payload: EventPayload) -> Option<Vec<u8>> {
        let envelope = EventEnvelope {
            protocol_version: PROTOCOL_VERSION,
            event: payload.name().as_str().to_owned(),
            instance_id: self.instance_id.clone(),
            connection_id: connection_id.to_owned(),
            session_id: Some(self.session_id.clone()),
            operation_id: Some(self.operation_id.clone()),
            grant_generation: Some(recipient.grant_generation),
            live_sequence: Some(recipient.live_sequence),
            payload,
        };
        match encode_record(&envelope) {
            Ok(mut record) => {
                record.pop();
                Some(record)
            }
            Err(e) => {
                tracing::error!(error = %e, "turn event could not be encoded; not sent");
                None
            }
        }
    }

    /// Sends one payload to `recipient` if it is connected; false when its queue is gone.
    pub async fn send(&self, recipient: &Recipient, payload: EventPayload) -> bool {
        let Some((connection_id, out)) = self.conns.get(recipient.conn) else { return false };
        let Some(record) = self.encode(recipient, &connection_id, payload) else { return true };
        out.send(Outbound::Event(record)).await.is_ok()
    }

    fn payload(&self, event: Queued) -> EventPayload {
        match event {
            Queued::Started => EventPayload::TurnStarted(TurnStarted {
                turn_id: self.turn_id.clone(),
                session_id: self.session_id.clone(),
            }),
            Queued::Delta { sequence, text } => {
                EventPayload::TurnAssistantDelta(TurnAssistantDelta { turn_id: self.turn_id.clone(), sequence, text })
            }
            Queued::Activity { sequence, activity } => {
                EventPayload::TurnActivity(TurnActivity { turn_id: self.turn_id.clone(), sequence, activity })
            }
        }
    }
}

/// Runs until the queue closes (the emitter is gone) and every queued event is handled.
pub async fn forward(route: Route, mut queue: mpsc::Receiver<Queued>) {
    let mut text = String::new();
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        for event in &batch {
            if let Queued::Delta { text: t, .. } = event {
                text.push_str(t);
            }
        }
        let sequence = batch.last().map_or(0, Queued::sequence);
        let snapshot = SnapshotTurn {
            turn_id: route.turn_id.clone(),
            operation_id: route.operation_id.clone(),
            sequence,
            assistant_text: text.clone(),
        };
        let recipient = match route.sessions.publish_turn(&route.session_id, snapshot) {
            Ok(r) => r,
            Err(code) => {
                tracing::warn!(?code, "turn progress could not be published");
                None
            }
        };
        let mut delivering = recipient.is_some();
        for event in batch.drain(..) {
            let Some(r) = recipient.as_ref().filter(|_| delivering) else { continue };
            if !r.wants(&route.turn_id, event.sequence()) {
                continue;
            }
            // A controller whose writer is gone gets nothing more from this batch.
            delivering = route.send(r, route.payload(event)).await;
        }
    }
}
