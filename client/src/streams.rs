//! Event streams and the buffer policy.
//!
//! **Buffer policy.** The reader task never waits for a consumer of events. Each stream has
//! its own bounded buffer (`ClientOptions::event_buffer` events). When a stream's buffer is
//! full, that stream *lags*: the event is dropped for it, its buffer is handed over as it is,
//! and after the buffered events it yields one [`StreamError::Lagged`] and ends. Other streams
//! and every response go on unaffected, so a consumer that never reads a stream never stalls
//! a call. Events no stream subscribed to are dropped at once. A lagged consumer recovers the
//! durable history with `session.replay` (live deltas are transient output anyway).
//!
//! A turn started on this connection gets its turn buffer when its `turn.start` response is
//! read, before any of its events, so [`crate::Client::turn_events`] sees the whole turn however
//! late it is asked for (the buffers of the last few finished, untaken turns are kept).

use crate::sync::lock;
use agentwire_protocol::{Event, EventPayload};
use std::collections::{HashMap, VecDeque};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::sync::mpsc;

/// Why a stream ended early.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StreamError {
    /// This stream's buffer filled up and later events were dropped for it.
    #[error("the consumer fell behind: the stream's buffer filled and later events were dropped")]
    Lagged,
    /// The connection failed (closed, or the service broke the protocol).
    #[error("connection failed: {0}")]
    Connection(String),
}

/// A stream's end that the reader feeds.
struct Sink {
    tx: mpsc::Sender<Event>,
    end: Arc<End>,
}

/// How a stream ended, set by the reader before it drops the sender.
#[derive(Default)]
struct End {
    lagged: AtomicBool,
    failure: std::sync::Mutex<Option<String>>,
}

impl Sink {
    /// Offers `ev`; false when the sink is done (lagged or its stream dropped).
    fn offer(&self, ev: &Event) -> bool {
        match self.tx.try_send(ev.clone()) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.end.lagged.store(true, Ordering::Release);
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    fn fail(&self, reason: &str) {
        *lock(&self.end.failure) = Some(reason.to_owned());
    }
}

fn channel(capacity: usize) -> (Sink, EventStream) {
    let (tx, rx) = mpsc::channel(capacity.max(1));
    let end = Arc::new(End::default());
    (Sink { tx, end: Arc::clone(&end) }, EventStream { rx, end, reported: false })
}

/// Checked events of one subscription: the whole connection, a session, or a turn (which ends
/// after the turn's terminal). Read with [`EventStream::next`] or as a `futures_core::Stream`.
pub struct EventStream {
    rx: mpsc::Receiver<Event>,
    end: Arc<End>,
    reported: bool,
}

impl EventStream {
    /// The next event; `None` once the stream has ended (after its error, if it had one).
    pub async fn next(&mut self) -> Option<Result<Event, StreamError>> {
        std::future::poll_fn(|cx| self.poll_next_event(cx)).await
    }

    fn poll_next_event(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<Event, StreamError>>> {
        match self.rx.poll_recv(cx) {
            Poll::Ready(Some(ev)) => Poll::Ready(Some(Ok(ev))),
            Poll::Ready(None) => Poll::Ready(self.ending()),
            Poll::Pending => Poll::Pending,
        }
    }

    fn ending(&mut self) -> Option<Result<Event, StreamError>> {
        if std::mem::replace(&mut self.reported, true) {
            return None;
        }
        if self.end.lagged.load(Ordering::Acquire) {
            return Some(Err(StreamError::Lagged));
        }
        let failure = lock(&self.end.failure).clone();
        failure.map(|f| Err(StreamError::Connection(f)))
    }
}

impl futures_core::Stream for EventStream {
    type Item = Result<Event, StreamError>;
    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.get_mut().poll_next_event(cx)
    }
}

/// The turn an event belongs to, and whether it is the turn's terminal.
fn turn_of(ev: &Event) -> Option<(&str, bool)> {
    match &ev.payload {
        EventPayload::TurnStarted(p) => Some((&p.turn_id, false)),
        EventPayload::TurnAssistantDelta(p) => Some((&p.turn_id, false)),
        EventPayload::TurnActivity(p) => Some((&p.turn_id, false)),
        EventPayload::TurnTerminal(p) => Some((&p.turn_id, true)),
        // The approvals profile's events belong to their turn's stream (unsequenced).
        EventPayload::ApprovalRequested(p) => Some((&p.turn_id, false)),
        EventPayload::ApprovalResolved(p) => Some((&p.turn_id, false)),
        _ => None,
    }
}

struct TurnSlot {
    sink: Option<Sink>,
    /// The stream, until someone takes it.
    stream: Option<EventStream>,
}

/// Finished turns whose stream nobody took yet, kept for a late `turn_events`.
const FINISHED_TURNS_KEPT: usize = 16;

/// Who receives which events: the reader task's routing table.
pub struct Router {
    capacity: usize,
    all: Vec<Sink>,
    sessions: HashMap<String, Vec<Sink>>,
    turns: HashMap<String, TurnSlot>,
    finished: VecDeque<(String, EventStream)>,
    /// Why the connection failed, once it has: later subscriptions end at once with it.
    failure: Option<String>,
}

impl Router {
    pub fn new(capacity: usize) -> Self {
        Router {
            capacity,
            all: Vec::new(),
            sessions: HashMap::new(),
            turns: HashMap::new(),
            finished: VecDeque::new(),
            failure: None,
        }
    }

    /// A new stream; after the connection failed, one that ends at once with the failure
    /// (nothing will ever feed it).
    fn open(&self) -> (Option<Sink>, EventStream) {
        let (sink, stream) = channel(self.capacity);
        match &self.failure {
            Some(reason) => {
                sink.fail(reason);
                (None, stream)
            }
            None => (Some(sink), stream),
        }
    }

    pub fn connection(&mut self) -> EventStream {
        let (sink, stream) = self.open();
        self.all.extend(sink);
        stream
    }

    pub fn session(&mut self, session_id: &str) -> EventStream {
        let (sink, stream) = self.open();
        if let Some(sink) = sink {
            self.sessions.entry(session_id.to_owned()).or_default().push(sink);
        }
        stream
    }

    /// Opens the buffer of a turn this connection just started (before any of its events).
    pub fn own_turn(&mut self, turn_id: &str) {
        let (sink, stream) = channel(self.capacity);
        self.turns.insert(turn_id.to_owned(), TurnSlot { sink: Some(sink), stream: Some(stream) });
    }

    /// The stream of `turn_id`: its buffer if this connection started it, else from now on.
    pub fn turn(&mut self, turn_id: &str) -> EventStream {
        if let Some(i) = self.finished.iter().position(|(t, _)| t == turn_id) {
            if let Some((_, stream)) = self.finished.remove(i) {
                return stream;
            }
        }
        if let Some(stream) = self.turns.get_mut(turn_id).and_then(|s| s.stream.take()) {
            return stream;
        }
        let (sink, stream) = self.open();
        if sink.is_some() {
            // Another taker of the same turn replaces the first: one turn stream per turn.
            self.turns.insert(turn_id.to_owned(), TurnSlot { sink, stream: None });
        }
        stream
    }

    pub fn route(&mut self, ev: &Event) {
        self.all.retain(|s| s.offer(ev));
        if let Some(session) = ev.session_id.as_deref() {
            if let Some(sinks) = self.sessions.get_mut(session) {
                sinks.retain(|s| s.offer(ev));
                if sinks.is_empty() {
                    self.sessions.remove(session);
                }
            }
        }
        let Some((turn_id, terminal)) = turn_of(ev) else { return };
        let Some(slot) = self.turns.get_mut(turn_id) else { return };
        if !slot.sink.as_ref().is_some_and(|s| s.offer(ev)) {
            slot.sink = None;
        }
        if terminal {
            // Dropping the sender ends the turn's stream after its terminal.
            if let Some(TurnSlot { stream: Some(stream), .. }) = self.turns.remove(turn_id) {
                if self.finished.len() == FINISHED_TURNS_KEPT {
                    self.finished.pop_front();
                }
                self.finished.push_back((turn_id.to_owned(), stream));
            }
        }
    }

    /// Ends every stream with `reason`, including the buffers of turns whose stream nobody
    /// took yet: a later `turn` gets their events and then the failure, never a stream that
    /// waits forever.
    pub fn fail(&mut self, reason: &str) {
        self.failure = Some(reason.to_owned());
        let mut sinks: Vec<Sink> = self.all.drain(..).chain(self.sessions.drain().flat_map(|(_, v)| v)).collect();
        for (turn_id, slot) in self.turns.drain() {
            sinks.extend(slot.sink);
            if let Some(stream) = slot.stream {
                self.finished.push_back((turn_id, stream));
            }
        }
        for sink in sinks {
            sink.fail(reason);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STARTED: &str = r#"{"protocol_version":2,"kind":"event","event":"turn.started","instance_id":"in_1","connection_id":"cn_1","session_id":"s-1","operation_id":"op-1","grant_generation":1,"live_sequence":1,"payload":{"turn_id":"t-1","session_id":"s-1","status":"started","sequence":0}}"#;

    async fn next(s: &mut EventStream) -> Option<Result<Event, StreamError>> {
        tokio::time::timeout(std::time::Duration::from_secs(2), s.next()).await.expect("the stream waits forever")
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap()
    }

    #[test]
    fn a_turn_stream_taken_after_the_connection_failed_ends_with_the_failure() {
        // Found by the conformance client suite (client.stream.*): the reader failed between
        // the turn.start response and the caller taking the turn's stream, and the stream then
        // waited forever. "Unknown/unadvertised events ... invalidate trusted stream state".
        let mut router = Router::new(8);
        router.own_turn("t-1");
        router.route(&agentwire_protocol::decode_event(STARTED.as_bytes()).unwrap());
        router.fail("broken");
        let mut turn = router.turn("t-1");
        let mut other = router.turn("t-2");
        let mut all = router.connection();
        let failed = Some(Err(StreamError::Connection("broken".into())));
        runtime().block_on(async {
            // A stream that would wait forever fails the test instead of hanging it.
            assert!(matches!(next(&mut turn).await, Some(Ok(_))), "the buffered event first");
            assert_eq!(next(&mut turn).await, failed);
            assert_eq!(next(&mut turn).await, None);
            assert_eq!(next(&mut other).await, failed);
            assert_eq!(next(&mut all).await, failed);
        });
    }
}
