//! The forwarder: drains a turn's event queue to the session's current controller.
//!
//! For each batch it publishes the turn's progress (sequence, assembled text) to the session's
//! claim snapshot and resolves the controller in the same step (`Sessions::publish_turn`).
//! A claim therefore either precedes the publication — the claimant's snapshot lacks these
//! events and it receives them — or follows it and its snapshot already reflects them: a
//! take-over mid-turn delivers exactly the events after the snapshot's sequence.
//!
//! "An event is sent only to the current controller of its session": the controller named
//! for a batch is re-checked for every event (a lock-free [`Fence`](crate::sessions::Fence)
//! load), once room in its queue is reserved, and the event carries the fence so the
//! connection writer checks it again right before writing. A detach, take-over or revocation
//! mid-batch therefore ends delivery to the old controller; the rest of the batch is in the
//! new controller's snapshot, so nobody else wants it either.

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

/// A controller and its connection, resolved once per publication. The writer queue is held
/// weakly, like the registry holds it: a connection's writer still ends when it does.
pub struct Controller {
    pub recipient: Recipient,
    connection_id: String,
    out: mpsc::WeakSender<Outbound>,
}

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
    /// One encoded event record (newline included) for `recipient`; `None` if it cannot be encoded
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
            Ok(record) => Some(record),
            Err(e) => {
                tracing::error!(error = %e, "turn event could not be encoded; not sent");
                None
            }
        }
    }

    /// The connection behind `recipient`, while it is connected.
    pub fn controller(&self, recipient: Recipient) -> Option<Controller> {
        let (connection_id, out) = self.conns.get(recipient.conn)?;
        Some(Controller { recipient, connection_id, out: out.downgrade() })
    }

    /// Sends one payload to the controller while it still controls the session; `target`
    /// becomes `None` once it does not (or its writer is gone): nothing more goes to it.
    pub async fn deliver(&self, target: &mut Option<Controller>, payload: EventPayload) {
        if !self.try_deliver(target.as_ref(), payload).await {
            *target = None;
        }
    }

    async fn try_deliver(&self, controller: Option<&Controller>, payload: EventPayload) -> bool {
        let Some(c) = controller.filter(|c| c.recipient.is_current()) else { return false };
        let Some(out) = c.out.upgrade() else { return false };
        let Ok(permit) = out.reserve().await else { return false };
        // Control may have moved while waiting for room in the queue.
        if !c.recipient.is_current() {
            return false;
        }
        if let Some(record) = self.encode(&c.recipient, &c.connection_id, payload) {
            permit.send(Outbound::Event { record, fence: Some(c.recipient.fence.clone()) });
        }
        true
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
    // The last controller resolved, reused while publications keep naming it.
    let mut cached: Option<Controller> = None;
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
        let mut target = match (recipient, cached.take()) {
            (Some(r), Some(c)) if c.recipient == r => Some(c),
            (Some(r), _) => route.controller(r),
            (None, _) => None,
        };
        for event in batch.drain(..) {
            let Some(c) = target.as_ref() else { break };
            if !c.recipient.wants(&route.turn_id, event.sequence()) {
                continue;
            }
            route.deliver(&mut target, route.payload(event)).await;
        }
        cached = target;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sessions::Fence;
    use agentwire_protocol::{Control, SessionClaimRequest};
    use std::time::Duration;

    /// A claimed session with a running turn, a registered connection whose queue holds two
    /// records, and a route for the turn.
    async fn setup(tmp: &tempfile::TempDir) -> (Route, Control, mpsc::Receiver<Outbound>, mpsc::Sender<Outbound>) {
        let sessions = Sessions::new(tmp.path().to_path_buf());
        let session_id = sessions.create().await.unwrap().session_id;
        let claim = sessions.claim(1, &session_id, SessionClaimRequest { take_over: false }).await.unwrap();
        let control = Control { claim_id: claim.claim_id, grant_generation: claim.grant_generation };
        let turn = SnapshotTurn {
            turn_id: "t-1".into(),
            operation_id: "op-1".into(),
            sequence: 0,
            assistant_text: String::new(),
        };
        sessions.set_running_turn(&session_id, Some(turn)).unwrap();
        let conns = Arc::new(ConnRegistry::default());
        let (out, rx) = mpsc::channel(2);
        conns.register(1, "cn_1", &out);
        let route = Route {
            sessions,
            conns,
            instance_id: "in_1".into(),
            session_id,
            turn_id: "t-1".into(),
            operation_id: "op-1".into(),
        };
        (route, control, rx, out)
    }

    /// One batch: `turn.started` and ten deltas, queued before the forwarder runs.
    fn batch() -> mpsc::Receiver<Queued> {
        let (tx, rx) = mpsc::channel(64);
        tx.try_send(Queued::Started).unwrap();
        for sequence in 1..=10 {
            tx.try_send(Queued::Delta { sequence, text: "x".into() }).unwrap();
        }
        rx
    }

    fn fence(out: &Outbound) -> &Fence {
        match out {
            Outbound::Event { fence: Some(f), .. } => f,
            other => panic!("not a fenced event: {other:?}"),
        }
    }

    async fn rest(rx: &mut mpsc::Receiver<Outbound>) -> Vec<Outbound> {
        let mut got = Vec::new();
        while let Ok(Some(out)) = tokio::time::timeout(Duration::from_millis(200), rx.recv()).await {
            got.push(out);
        }
        got
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_controller_gets_every_event_with_a_fence_that_holds() {
        let tmp = tempfile::tempdir().unwrap();
        let (route, _, mut rx, _out) = setup(&tmp).await;
        let forwarder = tokio::spawn(forward(route, batch()));
        let got = rest(&mut rx).await;
        assert_eq!(got.len(), 11);
        assert!(got.iter().all(|e| fence(e).is_current()));
        forwarder.await.unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn an_idle_turn_does_not_keep_a_closed_connections_writer_alive() {
        // The connection's writer ends once the connection drops its queue, even while a turn
        // that delivered to it waits for its next events.
        let tmp = tempfile::tempdir().unwrap();
        let (route, _, mut rx, out) = setup(&tmp).await;
        let (tx, queue) = mpsc::channel(64);
        let forwarder = tokio::spawn(forward(route, queue));
        tx.send(Queued::Started).await.unwrap();
        assert!(rx.recv().await.is_some());
        drop(out);
        let closed = tokio::time::timeout(Duration::from_secs(5), rx.recv()).await;
        assert!(matches!(closed, Ok(None)), "the writer queue closed with the connection");
        drop(tx);
        forwarder.await.unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn no_event_is_queued_for_a_connection_after_its_detach() {
        // "an event is sent only to the current controller of its session": the detach lands
        // in the middle of a batch, while the forwarder waits for room in the queue.
        let tmp = tempfile::tempdir().unwrap();
        let (route, control, mut rx, _out) = setup(&tmp).await;
        let sessions = route.sessions.clone();
        let session_id = route.session_id.clone();
        let forwarder = tokio::spawn(forward(route, batch()));
        let first = rx.recv().await.unwrap();
        assert!(fence(&first).is_current(), "queued and written while it controlled the session");
        let queued_before = rx.len();
        sessions.detach(1, &session_id, &control).await.unwrap();
        let after = rest(&mut rx).await;
        assert!(
            after.len() <= queued_before,
            "{} events were queued after the detach ({queued_before} before it)",
            after.len() - queued_before
        );
        // What was queued before it is written only if its fence still holds: it does not.
        assert!(after.iter().all(|e| !fence(e).is_current()), "the writer drops these");
        tokio::time::timeout(Duration::from_secs(5), forwarder).await.unwrap().unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_take_over_mid_batch_leaves_the_rest_of_the_batch_to_the_snapshot() {
        let tmp = tempfile::tempdir().unwrap();
        let (route, _, mut rx, _out) = setup(&tmp).await;
        let (other, mut other_rx) = mpsc::channel(64);
        route.conns.register(2, "cn_2", &other);
        let sessions = route.sessions.clone();
        let session_id = route.session_id.clone();
        let forwarder = tokio::spawn(forward(route, batch()));
        rx.recv().await.unwrap();
        // The claim waits on the blocking pool, so the forwarder may queue more before the grant.
        let claim = sessions.claim(2, &session_id, SessionClaimRequest { take_over: true }).await.unwrap();
        let queued_before = rx.len();
        assert_eq!(claim.snapshot.turn.as_ref().map(|t| t.sequence), Some(10), "the batch is in the snapshot");
        let after = rest(&mut rx).await;
        assert!(after.iter().all(|e| !fence(e).is_current()), "the writer drops these");
        assert!(after.len() <= queued_before, "nothing was queued for the old controller after the take-over");
        tokio::time::timeout(Duration::from_secs(5), forwarder).await.unwrap().unwrap();
        assert!(other_rx.try_recv().is_err(), "the new controller's snapshot already has them");
    }
}
