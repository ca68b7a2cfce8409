//! A turn's live events, from the agent loop to the session's current controller.
//!
//! The [`Emitter`] is the turn's ordered output: one per-turn sequence for every attempted live event, assistant
//! text accepted against the terminal bounds, and the bounded turn-event queue.
//!
//! Assistant text waits for queue capacity (it is never dropped); activity is sent without
//! waiting and is dropped when the queue is full, consuming its sequence number so the gap
//! and the terminal's `activity_dropped` report it. Sequence numbers are assigned and events
//! enqueued in one critical section, so queue order is sequence order.
//!
//! Text that arrives while the turn's last queued event is a delta the forwarder has not taken
//! yet is appended to that delta ([`OpenText`]): one event and one sequence number for what
//! the agent sent in many small chunks while the connection was behind. Nothing is reordered
//! (any other event closes the open delta) and the text is the same; a reader that keeps up
//! still gets one delta per chunk.
//!
//! The forwarder ([`forward`]) drains a turn's event queue to the session's current controller.
//! For each batch it publishes the turn's progress (sequence, assembled text) to the session's
//! claim snapshot and resolves the controller in the same step (`Sessions::publish_turn`).
//! A claim therefore either precedes the publication — the claimant's snapshot lacks these
//! events and it receives them — or follows it and its snapshot already reflects them: a
//! take-over mid-turn delivers exactly the events after the snapshot's sequence.
//!
//! "An event is sent only to the current controller of its session": a batch goes to the
//! connection's outbound path with the controller's [`Fence`](crate::wire::Fence), which
//! checks it for each event under the writer lock, held until the batch is written (in one
//! write where it fits: one syscall and one wake-up of the reader per batch, not per event).
//! A detach, take-over or revocation mid-batch therefore ends delivery to the old controller,
//! whose response waits for that lock; the rest of the batch is in the new controller's
//! snapshot, so nobody else wants it either.
//!
//! The [`ConnRegistry`] maps a process-local connection sequence to its outbound path, so
//! turn events can be routed to whichever connection controls the session now. It holds weak
//! references: a registered connection's writer still ends when the connection does.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use agentwire_protocol::{
    limits, Activity, EventPayload, SessionId, SnapshotTurn, TurnActivity, TurnAssistantDelta, TurnStarted,
};
use tokio::sync::mpsc;

use crate::agent::sink::OutputLimit;
use crate::sessions::{Recipient, Sessions};
use crate::wire::{Correlation, Grant, Outbound};

/// An event waiting for the forwarder.
#[derive(Debug)]
pub enum Queued {
    Started,
    Delta { sequence: u64, text: Arc<Mutex<OpenText>> },
    Activity { sequence: u64, activity: Activity },
}

/// A queued delta's text: the emitter appends to it until the forwarder takes it.
#[derive(Debug, Default)]
pub struct OpenText {
    text: String,
    taken: bool,
}

/// Takes a queued delta's text; the emitter appends nothing more to it.
fn take(open: &Mutex<OpenText>) -> String {
    let mut open = crate::sync::lock(open);
    open.taken = true;
    std::mem::take(&mut open.text)
}

impl Queued {
    /// A delta of `text`, closed to appends (for tests that queue events by hand).
    #[cfg(test)]
    pub fn delta(sequence: u64, text: &str) -> Queued {
        Queued::Delta { sequence, text: Arc::new(Mutex::new(OpenText { text: text.to_owned(), taken: false })) }
    }

    pub fn sequence(&self) -> u64 {
        match self {
            Queued::Started => 0,
            Queued::Delta { sequence, .. } | Queued::Activity { sequence, .. } => *sequence,
        }
    }
}

/// A queued event as the forwarder took it: a delta's text final.
enum Taken {
    Started,
    Delta { sequence: u64, text: String },
    Activity { sequence: u64, activity: Activity },
}

impl Taken {
    fn sequence(&self) -> u64 {
        match self {
            Taken::Started => 0,
            Taken::Delta { sequence, .. } | Taken::Activity { sequence, .. } => *sequence,
        }
    }
}

/// Room the terminal payload needs besides its text (IDs, status, counters, error object).
const TERMINAL_OVERHEAD_BYTES: usize = 1024;

/// Bytes `text` takes inside a JSON string.
fn escaped_len(text: &str) -> usize {
    text.chars()
        .map(|c| match c {
            '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
            c if (c as u32) < 0x20 => 6,
            c => c.len_utf8(),
        })
        .sum()
}

/// The escaped size of `text` when accepting it keeps the turn's text within the terminal's
/// bounds ("oversized assistant output is rejected rather than silently truncated").
fn accept(st: &State, text: &str) -> Result<usize, OutputLimit> {
    let escaped = escaped_len(text);
    let max_text = usize::try_from(limits::MAX_STRING_BYTES).unwrap_or(usize::MAX);
    let max_escaped = usize::try_from(limits::MAX_PAYLOAD_BYTES).unwrap_or(usize::MAX) - TERMINAL_OVERHEAD_BYTES;
    if st.text.len() + text.len() > max_text || st.escaped + escaped > max_escaped {
        return Err(OutputLimit);
    }
    Ok(escaped)
}

#[derive(Debug)]
struct State {
    next: u64,
    text: String,
    escaped: usize,
    dropped: u64,
    closed: bool,
    /// The last queued event's text while it is a delta: later text may join it.
    open: Option<Arc<Mutex<OpenText>>>,
}

/// What the terminal reports once admission is closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Closed {
    pub assistant_text: String,
    /// The terminal's own sequence: after every attempted event.
    pub sequence: u64,
    pub activity_dropped: u64,
}

#[derive(Debug)]
pub struct Emitter {
    tx: mpsc::Sender<Queued>,
    state: Mutex<State>,
}

impl Emitter {
    /// Sequence 0 belongs to `turn.started`.
    pub fn new(tx: mpsc::Sender<Queued>) -> Emitter {
        let state = State { next: 1, text: String::new(), escaped: 0, dropped: 0, closed: false, open: None };
        Emitter { tx, state: Mutex::new(state) }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        crate::sync::lock(&self.state)
    }

    pub async fn started(&self) {
        // A closed queue means nobody forwards events; the turn still runs.
        let _ = self.tx.send(Queued::Started).await;
    }

    /// Accepts one assistant text delta: appended to the last queued delta while the
    /// forwarder has not taken it, else queued as a new one, waiting for queue capacity.
    pub async fn delta(&self, text: &str) -> Result<(), OutputLimit> {
        if text.is_empty() {
            return Ok(());
        }
        {
            let mut st = self.lock();
            if st.closed {
                return Ok(());
            }
            let escaped = accept(&st, text)?;
            if let Some(open) = st.open.clone() {
                let mut open = crate::sync::lock(&open);
                if !open.taken {
                    open.text.push_str(text);
                    st.text.push_str(text);
                    st.escaped += escaped;
                    return Ok(());
                }
            }
        }
        let permit = self.tx.reserve().await;
        let mut st = self.lock();
        if st.closed {
            return Ok(());
        }
        // Checked again: other text may have been accepted while this one waited.
        st.escaped += accept(&st, text)?;
        st.text.push_str(text);
        let sequence = st.next;
        st.next += 1;
        let open = Arc::new(Mutex::new(OpenText { text: text.to_owned(), taken: false }));
        st.open = Some(Arc::clone(&open));
        if let Ok(permit) = permit {
            permit.send(Queued::Delta { sequence, text: open });
        }
        Ok(())
    }

    /// Offers one activity without waiting; a full queue drops it.
    pub fn activity(&self, activity: Activity) {
        let mut st = self.lock();
        if st.closed {
            return;
        }
        // Text after this event must not join a delta queued before it.
        st.open = None;
        let sequence = st.next;
        st.next += 1;
        if self.tx.try_send(Queued::Activity { sequence, activity }).is_err() {
            st.dropped += 1;
        }
    }

    /// The accepted text so far.
    pub fn text(&self) -> String {
        self.lock().text.clone()
    }

    /// Length of the accepted text, for journaling it in segments.
    pub fn text_len(&self) -> usize {
        self.lock().text.len()
    }

    /// Text accepted from byte `from` on.
    pub fn text_from(&self, from: usize) -> String {
        self.lock().text.get(from..).unwrap_or_default().to_owned()
    }

    /// Closes admission ("terminal closes activity admission"); later calls are ignored.
    pub fn close(&self) -> Closed {
        let mut st = self.lock();
        st.closed = true;
        Closed { assistant_text: st.text.clone(), sequence: st.next, activity_dropped: st.dropped }
    }
}

/// Events taken per publication: bounds the snapshot copies under a fast stream while a
/// slow one still publishes every event on its own.
const MAX_BATCH: usize = 64;

/// A controller and its connection, resolved once per publication. The connection is held
/// weakly, like the registry holds it: a connection's writer still ends when it does.
pub struct Controller {
    pub recipient: Recipient,
    out: Weak<Outbound>,
    /// Whether the claim's response gate was seen open. A gate never closes again, so each
    /// resolved controller awaits it once, not before every event.
    gate_passed: bool,
}

/// Where a turn's events go and what they carry.
#[derive(Clone)]
pub struct Route {
    pub sessions: Sessions,
    pub conns: Arc<ConnRegistry>,
    pub session_id: SessionId,
    pub turn_id: String,
    pub operation_id: String,
}

impl Route {
    /// The connection behind `recipient`, while it is connected.
    pub fn controller(&self, recipient: Recipient) -> Option<Controller> {
        let out = self.conns.get(recipient.conn)?;
        Some(Controller { recipient, out, gate_passed: false })
    }

    /// Sends one payload to the controller while it still controls the session; `target`
    /// becomes `None` once it does not (or its connection is gone): nothing more goes to it.
    pub async fn deliver(&self, target: &mut Option<Controller>, payload: EventPayload) {
        self.deliver_all(target, std::iter::once(payload)).await;
    }

    /// Sends payloads in order as [`Route::deliver`] would one by one, in one write where
    /// they fit ([`Outbound::events`]).
    pub async fn deliver_all(&self, target: &mut Option<Controller>, payloads: impl IntoIterator<Item = EventPayload>) {
        let Some(c) = target.as_mut() else { return };
        // "No event under a grant before the response that grants it": a take-over's first
        // events wait until its `session.claim` response is written.
        if !c.gate_passed {
            c.recipient.announced.opened().await;
            c.gate_passed = true;
        }
        let delivered = match c.out.upgrade() {
            Some(out) => out.events(&self.correlation(&c.recipient), payloads, Some(&c.recipient.fence)).await,
            None => false,
        };
        if !delivered {
            *target = None;
        }
    }

    /// What every event of the turn is correlated to, for this controller.
    fn correlation(&self, r: &Recipient) -> Correlation<'_> {
        Correlation {
            session_id: Some(&self.session_id),
            operation_id: Some(&self.operation_id),
            grant: Some(Grant { generation: r.grant_generation, live_sequence: r.live_sequence }),
        }
    }

    fn payload(&self, event: Taken) -> EventPayload {
        match event {
            Taken::Started => {
                EventPayload::TurnStarted(TurnStarted::new(self.turn_id.clone(), self.session_id.clone()))
            }
            Taken::Delta { sequence, text } => {
                EventPayload::TurnAssistantDelta(TurnAssistantDelta::new(self.turn_id.clone(), sequence, text))
            }
            Taken::Activity { sequence, activity } => {
                EventPayload::TurnActivity(TurnActivity::new(self.turn_id.clone(), sequence, activity))
            }
        }
    }
}

/// Whether the controller's claim snapshot did not already reflect this event.
fn wanted(r: &Recipient, turn_id: &str, sequence: u64) -> bool {
    !matches!(&r.floor, Some((t, s)) if t == turn_id && sequence <= *s)
}

/// Runs until the queue closes (the emitter is gone) and every queued event is handled.
pub async fn forward(route: Route, mut queue: mpsc::Receiver<Queued>) {
    let mut text = String::new();
    let (mut taken, mut batch) = (Vec::with_capacity(MAX_BATCH), Vec::with_capacity(MAX_BATCH));
    // The last controller resolved, reused while publications keep naming it.
    let mut cached: Option<Controller> = None;
    while queue.recv_many(&mut taken, MAX_BATCH).await > 0 {
        // A delta's text is taken once, here: what the snapshot publishes is what is sent.
        batch.extend(taken.drain(..).map(|event| match event {
            Queued::Started => Taken::Started,
            Queued::Delta { sequence, text } => Taken::Delta { sequence, text: take(&text) },
            Queued::Activity { sequence, activity } => Taken::Activity { sequence, activity },
        }));
        for event in &batch {
            if let Taken::Delta { text: t, .. } = event {
                text.push_str(t);
            }
        }
        let sequence = batch.last().map_or(0, Taken::sequence);
        let snapshot = SnapshotTurn::new(route.turn_id.clone(), route.operation_id.clone(), sequence, text.clone());
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
        if let Some(c) = target.as_ref() {
            let recipient = &c.recipient;
            let wanted = batch.drain(..).filter(|e| wanted(recipient, &route.turn_id, e.sequence()));
            let payloads: Vec<EventPayload> = wanted.map(|e| route.payload(e)).collect();
            route.deliver_all(&mut target, payloads).await;
        }
        batch.clear();
        cached = target;
    }
}

#[derive(Debug, Default)]
pub struct ConnRegistry {
    conns: Mutex<HashMap<u64, Weak<Outbound>>>,
}

impl ConnRegistry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Weak<Outbound>>> {
        crate::sync::lock(&self.conns)
    }

    pub fn register(&self, seq: u64, out: &Arc<Outbound>) {
        self.lock().insert(seq, Arc::downgrade(out));
    }

    pub fn remove(&self, seq: u64) {
        self.lock().remove(&seq);
    }

    /// The connection's outbound path, while it is connected.
    pub fn get(&self, seq: u64) -> Option<Weak<Outbound>> {
        let conns = self.lock();
        conns.get(&seq).filter(|w| w.strong_count() > 0).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::activity::lifecycle_start;
    use crate::operations::ResponseGate;
    use crate::wire::{test_pair, ConnCtx};
    use agentwire_protocol::{Control, LifecycleCategory, SessionClaimRequest};
    use serde_json::Value;
    use std::time::Duration;
    use tokio::io::{BufReader, Lines};
    use tokio::net::UnixStream;

    fn act() -> Activity {
        lifecycle_start("a".into(), None, LifecycleCategory::Tool)
    }

    type Peer = Lines<BufReader<UnixStream>>;

    /// A claimed session with a running turn, its controller's connection (registered as
    /// sequence 1) with the peer's end to read, and a route for the turn.
    async fn setup(tmp: &tempfile::TempDir) -> (Route, Control, ConnCtx, Peer) {
        let sessions = Sessions::new(tmp.path().to_path_buf());
        let session_id = sessions.create().await.unwrap().session_id;
        let claim = sessions
            .claim(1, &session_id, SessionClaimRequest::new().with_take_over(false), ResponseGate::open())
            .await
            .unwrap();
        let control = Control::new(claim.claim_id, claim.grant_generation);
        let turn = SnapshotTurn::new("t-1", "op-1", 0, String::new());
        sessions.begin_turn(1, &session_id, &control, turn).unwrap();
        let conns = Arc::new(ConnRegistry::default());
        let (cx, peer) = test_pair(1);
        conns.register(1, &cx.outbound);
        let route = Route { sessions, conns, session_id, turn_id: "t-1".into(), operation_id: "op-1".into() };
        (route, control, cx, peer)
    }

    /// The forwarder running for `route` with its queue, once `peer` has read `turn.started`.
    async fn running(route: Route, peer: &mut Peer) -> (mpsc::Sender<Queued>, tokio::task::JoinHandle<()>) {
        let (tx, queue) = mpsc::channel(64);
        let forwarder = tokio::spawn(forward(route, queue));
        tx.send(Queued::Started).await.unwrap();
        assert!(next(peer).await.is_some(), "written while it controlled the session");
        (tx, forwarder)
    }

    /// A second connection (sequence 2) registered where the route delivers, to take over.
    fn second_connection(route: &Route) -> (ConnCtx, Peer) {
        let (other, other_peer) = test_pair(2);
        route.conns.register(2, &other.outbound);
        (other, other_peer)
    }

    fn deltas(tx: &mpsc::Sender<Queued>) {
        for sequence in 1..=10 {
            tx.try_send(Queued::delta(sequence, "x")).unwrap();
        }
    }

    /// The next record the peer reads, if one comes soon.
    async fn next(peer: &mut Peer) -> Option<Value> {
        let line = tokio::time::timeout(Duration::from_millis(200), peer.next_line()).await.ok()?.ok()??;
        Some(serde_json::from_str(&line).unwrap())
    }

    /// Lets the forwarder (on this current-thread runtime) run until it waits.
    async fn settle() {
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_controller_gets_every_event_correlated_to_its_grant() {
        let tmp = tempfile::tempdir().unwrap();
        let (route, control, _cx, mut peer) = setup(&tmp).await;
        let (tx, queue) = mpsc::channel(64);
        tx.try_send(Queued::Started).unwrap();
        deltas(&tx);
        drop(tx);
        let forwarder = tokio::spawn(forward(route, queue));
        let mut got = Vec::new();
        while let Some(v) = next(&mut peer).await {
            got.push(v);
        }
        assert_eq!(got.len(), 11);
        assert!(got.iter().all(|v| v["grant_generation"].as_u64() == Some(control.grant_generation)));
        assert_eq!(got[0]["event"], "turn.started");
        forwarder.await.unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn an_idle_turn_does_not_keep_a_closed_connections_writer_alive() {
        // The connection's writer ends once the connection lets go of it, even while a turn
        // that delivered to it waits for its next events.
        let tmp = tempfile::tempdir().unwrap();
        let (route, _, cx, mut peer) = setup(&tmp).await;
        let (tx, forwarder) = running(route, &mut peer).await;
        drop(cx);
        let closed = tokio::time::timeout(Duration::from_secs(5), peer.next_line()).await;
        assert!(matches!(closed, Ok(Ok(None))), "the peer reads the end of the stream");
        drop(tx);
        forwarder.await.unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn no_event_is_written_for_a_connection_after_its_detach() {
        // "an event is sent only to the current controller of its session": the detach lands
        // while the forwarder waits for the writer with the rest of a batch.
        let tmp = tempfile::tempdir().unwrap();
        let (route, control, cx, mut peer) = setup(&tmp).await;
        let (sessions, session_id) = (route.sessions.clone(), route.session_id.clone());
        let (tx, forwarder) = running(route, &mut peer).await;
        let held = cx.outbound.hold().await;
        deltas(&tx);
        settle().await;
        sessions.detach(1, &session_id, &control).await.unwrap();
        drop(held);
        assert!(next(&mut peer).await.is_none(), "nothing is written after the detach");
        drop(tx);
        tokio::time::timeout(Duration::from_secs(5), forwarder).await.unwrap().unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_take_over_mid_batch_leaves_the_rest_of_the_batch_to_the_snapshot() {
        let tmp = tempfile::tempdir().unwrap();
        let (route, _, cx, mut peer) = setup(&tmp).await;
        let (_other, mut other_peer) = second_connection(&route);
        let (sessions, session_id) = (route.sessions.clone(), route.session_id.clone());
        let (tx, forwarder) = running(route, &mut peer).await;
        let held = cx.outbound.hold().await;
        deltas(&tx);
        settle().await;
        let claim = sessions
            .claim(2, &session_id, SessionClaimRequest::new().with_take_over(true), ResponseGate::open())
            .await
            .unwrap();
        assert_eq!(claim.snapshot.turn.as_ref().map(|t| t.sequence), Some(10), "the batch is in the snapshot");
        drop(held);
        assert!(next(&mut peer).await.is_none(), "nothing is written for the old controller");
        drop(tx);
        tokio::time::timeout(Duration::from_secs(5), forwarder).await.unwrap().unwrap();
        assert!(next(&mut other_peer).await.is_none(), "the new controller's snapshot already has them");
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_take_overs_events_wait_for_its_claim_response_then_follow_in_order() {
        // "No event under a grant before the response that grants it", with the gate awaited
        // once per controller: the new controller's first events wait for the ticket, and
        // those of later batches follow without it.
        let tmp = tempfile::tempdir().unwrap();
        let (route, _, _cx, mut peer) = setup(&tmp).await;
        let (_other, mut other_peer) = second_connection(&route);
        let (sessions, session_id) = (route.sessions.clone(), route.session_id.clone());
        let (tx, forwarder) = running(route, &mut peer).await;
        let table = crate::operations::OperationTable::default();
        let digest = crate::operations::intent_digest(agentwire_protocol::Method::SessionClaim, None, "{}");
        let crate::operations::Begin::New(_, ticket, work) =
            table.begin("op-claim", agentwire_protocol::Method::SessionClaim, None, digest, std::time::Instant::now())
        else {
            panic!("a new operation");
        };
        sessions.claim(2, &session_id, SessionClaimRequest::new().with_take_over(true), work.grant()).await.unwrap();
        tx.send(Queued::delta(1, "a")).await.unwrap();
        settle().await;
        assert!(next(&mut other_peer).await.is_none(), "nothing before the claim's response is written");
        ticket.written();
        assert_eq!(next(&mut other_peer).await.unwrap()["payload"]["sequence"], 1);
        for sequence in 2..=4 {
            tx.send(Queued::delta(sequence, "b")).await.unwrap();
        }
        for sequence in 2..=4 {
            assert_eq!(next(&mut other_peer).await.unwrap()["payload"]["sequence"], sequence);
        }
        assert!(next(&mut peer).await.is_none(), "the old controller gets nothing after the take-over");
        drop(tx);
        tokio::time::timeout(Duration::from_secs(5), forwarder).await.unwrap().unwrap();
    }

    /// The delta `event` is, with its text (taken, as the forwarder takes it).
    fn taken(event: Queued) -> (u64, String) {
        match event {
            Queued::Delta { sequence, text } => (sequence, take(&text)),
            other => panic!("not a delta: {other:?}"),
        }
    }

    #[tokio::test]
    async fn text_joins_the_last_delta_not_yet_taken_and_never_crosses_another_event() {
        // "Per-turn sequence starts at zero and strictly increases for attempted live events":
        // text that arrives while its delta still waits for a slow connection joins it, so the
        // sequence stays dense, the order and the text the same.
        let (tx, mut rx) = mpsc::channel(8);
        let e = Emitter::new(tx);
        e.delta("a").await.unwrap(); // 1
        e.delta("b").await.unwrap(); // joins 1
        e.activity(act()); // 2
        e.delta("c").await.unwrap(); // 3: never across the activity
        assert_eq!(taken(rx.recv().await.unwrap()), (1, "ab".into()));
        e.delta("d").await.unwrap(); // 3 is not taken yet: joins it
        assert_eq!(rx.recv().await.unwrap().sequence(), 2);
        assert_eq!(taken(rx.recv().await.unwrap()), (3, "cd".into()));
        e.delta("e").await.unwrap(); // 3 was taken: a delta of its own
        assert_eq!(taken(rx.recv().await.unwrap()), (4, "e".into()));
        assert_eq!(e.close(), Closed { assistant_text: "abcde".into(), sequence: 5, activity_dropped: 0 });
    }

    #[tokio::test]
    async fn overflow_drops_activity_with_a_gap_but_never_text() {
        let (tx, mut rx) = mpsc::channel(2);
        let e = std::sync::Arc::new(Emitter::new(tx));
        e.delta("a").await.unwrap(); // 1
        e.activity(act()); // 2 queued
        e.activity(act()); // 3 dropped: queue full
        let e2 = e.clone();
        let pending = tokio::spawn(async move { e2.delta("b").await });
        tokio::task::yield_now().await;
        assert!(!pending.is_finished(), "text waits for capacity");
        let seqs: Vec<u64> =
            [rx.recv().await.unwrap(), rx.recv().await.unwrap()].iter().map(Queued::sequence).collect();
        assert_eq!(seqs, [1, 2]);
        pending.await.unwrap().unwrap();
        assert_eq!(rx.recv().await.unwrap().sequence(), 4, "3 was dropped: a gap");
        let closed = e.close();
        assert_eq!(closed, Closed { assistant_text: "ab".into(), sequence: 5, activity_dropped: 1 });
        e.activity(act());
        assert!(rx.try_recv().is_err(), "no event after close");
    }

    #[tokio::test]
    async fn text_over_the_bound_is_refused_not_truncated() {
        let (tx, _rx) = mpsc::channel(1000);
        let e = Emitter::new(tx);
        let chunk = "x".repeat(4096);
        for _ in 0..4 {
            e.delta(&chunk).await.unwrap();
        }
        assert_eq!(e.delta("y").await, Err(OutputLimit));
        assert_eq!(e.close().assistant_text.len(), 16384);
        let (tx, _rx) = mpsc::channel(1000);
        let e = Emitter::new(tx);
        // Control characters escape to six bytes: the record bound is what counts.
        assert_eq!(e.delta(&"\u{1}".repeat(6000)).await, Err(OutputLimit));
    }
}
