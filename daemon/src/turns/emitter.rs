//! The turn's ordered output: one per-turn sequence for every attempted live event, assistant
//! text accepted against the terminal bounds, and the bounded turn-event queue.
//!
//! Assistant text waits for queue capacity (it is never dropped); activity is sent without
//! waiting and is dropped when the queue is full, consuming its sequence number so the gap
//! and the terminal's `activity_dropped` report it. Sequence numbers are assigned and events
//! enqueued in one critical section, so queue order is sequence order.

use std::sync::{Mutex, MutexGuard};

use agentwire_protocol::{limits, Activity};
use tokio::sync::mpsc;

/// An event waiting for the forwarder.
#[derive(Debug)]
pub enum Queued {
    Started,
    Delta { sequence: u64, text: String },
    Activity { sequence: u64, activity: Activity },
}

impl Queued {
    pub fn sequence(&self) -> u64 {
        match self {
            Queued::Started => 0,
            Queued::Delta { sequence, .. } | Queued::Activity { sequence, .. } => *sequence,
        }
    }
}

/// Accepting the delta would make the terminal's text exceed what one record can carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("assistant output exceeds the terminal text bound")]
pub struct OutputLimit;

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

#[derive(Debug)]
struct State {
    next: u64,
    text: String,
    escaped: usize,
    dropped: u64,
    closed: bool,
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
        Emitter { tx, state: Mutex::new(State { next: 1, text: String::new(), escaped: 0, dropped: 0, closed: false }) }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        crate::sync::lock(&self.state)
    }

    pub async fn started(&self) {
        // A closed queue means nobody forwards events; the turn still runs.
        let _ = self.tx.send(Queued::Started).await;
    }

    /// Accepts one assistant text delta, waiting for queue capacity.
    pub async fn delta(&self, text: &str) -> Result<(), OutputLimit> {
        if text.is_empty() {
            return Ok(());
        }
        let permit = self.tx.reserve().await;
        let mut st = self.lock();
        if st.closed {
            return Ok(());
        }
        let escaped = escaped_len(text);
        let max_text = usize::try_from(limits::MAX_STRING_BYTES).unwrap_or(usize::MAX);
        let max_escaped = usize::try_from(limits::MAX_PAYLOAD_BYTES).unwrap_or(usize::MAX) - TERMINAL_OVERHEAD_BYTES;
        if st.text.len() + text.len() > max_text || st.escaped + escaped > max_escaped {
            return Err(OutputLimit);
        }
        st.text.push_str(text);
        st.escaped += escaped;
        let sequence = st.next;
        st.next += 1;
        if let Ok(permit) = permit {
            permit.send(Queued::Delta { sequence, text: text.to_owned() });
        }
        Ok(())
    }

    /// Offers one activity without waiting; a full queue drops it.
    pub fn activity(&self, activity: Activity) {
        let mut st = self.lock();
        if st.closed {
            return;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turns::activity::lifecycle_start;
    use agentwire_protocol::LifecycleCategory;

    fn act() -> Activity {
        lifecycle_start("a".into(), None, LifecycleCategory::Tool)
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
