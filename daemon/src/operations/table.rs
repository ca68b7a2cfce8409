//! Table state and its time-based retention (time is passed in, so tests need no clock), and
//! the response gate: work a mutation starts (a turn, a login) sends its first event only
//! after that mutation's response is written, so no client sees an event of work before the
//! response that names it.
//!
//! [`OperationTable::begin`] gives the request that begins an
//! operation its [`ResponseTicket`], which the connection redeems after writing the response,
//! and its [`Work`], which reaches the handler through the request's context: the handler names
//! the turn or login it started there and gets the matching [`ResponseGate`] to await. Only the
//! beginning request holds a ticket, so the response of a same-intent reuse or of a conflicting
//! request with the same operation ID releases nothing early. A ticket dropped unredeemed (its
//! request ended without writing) opens the gate as well: no response is coming, and the work
//! must not wait forever.

use agentwire_protocol::{
    limits, ErrorCode, Method, OperationLookupResponse, OperationOutcome, OperationState, OutcomeStatus,
    ResponsePayload, SessionId,
};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::SetOnce;

type Cell = Arc<SetOnce<()>>;

/// The response a mutation produced, shared with later same-intent reuses.
pub type Recorded = Arc<SetOnce<Result<ResponsePayload, ErrorCode>>>;

/// How an operation settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub status: OutcomeStatus,
    pub error: Option<ErrorCode>,
}

#[derive(Debug)]
struct Entry {
    method: Method,
    digest: [u8; 32],
    session_id: Option<SessionId>,
    /// The turn or login the work recorded through its [`Work`].
    attached: Arc<Attached>,
    response: Recorded,
    settled: Option<(Outcome, Instant)>,
}

/// What `begin` decided for a mutation.
pub enum Begin {
    /// First use: do the work (its handler gets the [`Work`]), record the response in the cell
    /// and redeem the ticket once the response is written.
    New(Recorded, ResponseTicket, Work),
    /// Same intent again: wait for and return the recorded response. No ticket: this
    /// response does not release the work the first attempt started.
    Reuse(Recorded),
    /// Another intent, or a tombstoned ID.
    Conflict,
    /// The table is full of unsettled work.
    Full,
}

#[derive(Debug, Default)]
pub struct OperationTable {
    entries: Mutex<HashMap<String, Entry>>,
    /// Entries not settled yet, kept beside the map so `status` does not scan retained ones.
    /// Changed only under the `entries` lock; unsettled entries are never removed.
    unsettled: AtomicU64,
}

fn retention() -> Duration {
    Duration::from_millis(limits::OPERATION_RETENTION_MS)
}

fn tombstone_end() -> Duration {
    Duration::from_millis(limits::OPERATION_RETENTION_MS + limits::OPERATION_TOMBSTONE_MS)
}

/// Digest of the intent: method, session and the payload's canonical JSON text.
pub fn intent_digest(method: Method, session_id: Option<&str>, canonical_payload: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(method.as_str().as_bytes());
    h.update([0]);
    h.update(session_id.unwrap_or("").as_bytes());
    h.update([0]);
    h.update(canonical_payload.as_bytes());
    h.finalize().into()
}

impl OperationTable {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        crate::sync::lock(&self.entries)
    }

    /// Reserve `operation_id` for this intent, or find what it already holds.
    pub fn begin(
        &self,
        operation_id: &str,
        method: Method,
        session_id: Option<&SessionId>,
        digest: [u8; 32],
        now: Instant,
    ) -> Begin {
        let mut entries = self.lock();
        purge(&mut entries, now);
        if let Some(e) = entries.get(operation_id) {
            let expired = e.settled.as_ref().is_some_and(|(_, at)| now.duration_since(*at) >= retention());
            return if e.method == method && e.digest == digest && !expired {
                Begin::Reuse(Arc::clone(&e.response))
            } else {
                Begin::Conflict
            };
        }
        if entries.len() as u64 >= limits::MAX_RETAINED_OPERATIONS && !evict_oldest_settled(&mut entries) {
            return Begin::Full;
        }
        let response: Recorded = Arc::new(SetOnce::new());
        let (ticket, work, attached) = pair();
        let entry = Entry {
            method,
            digest,
            session_id: session_id.cloned(),
            attached,
            response: Arc::clone(&response),
            settled: None,
        };
        entries.insert(operation_id.to_owned(), entry);
        self.unsettled.fetch_add(1, Ordering::Relaxed);
        Begin::New(response, ticket, work)
    }

    /// Settle an operation: its outcome becomes visible to lookup and starts retention.
    pub fn settle(&self, operation_id: &str, outcome: Outcome, now: Instant) {
        if let Some(e) = self.lock().get_mut(operation_id) {
            if e.settled.is_none() {
                e.settled = Some((outcome, now));
                self.unsettled.fetch_sub(1, Ordering::Relaxed);
            }
        }
    }

    /// Operations accepted and not yet settled (cleanup included).
    pub fn admitted(&self) -> u64 {
        self.unsettled.load(Ordering::Relaxed)
    }

    pub fn lookup(&self, operation_id: &str, now: Instant) -> OperationLookupResponse {
        let mut entries = self.lock();
        purge(&mut entries, now);
        let Some(e) = entries.get(operation_id) else {
            return unknown(operation_id);
        };
        let (state, outcome) = match &e.settled {
            None => (OperationState::Accepted, None),
            Some((_, at)) if now.duration_since(*at) >= retention() => (OperationState::Expired, None),
            Some((o, _)) => (OperationState::Settled, Some(outcome_object(o))),
        };
        OperationLookupResponse::new(
            operation_id.to_owned(),
            Some(e.method.as_str().to_owned()),
            state,
            e.session_id.clone(),
            e.attached.turn_id.get().cloned(),
            e.attached.login_id.get().cloned(),
            outcome,
        )
    }
}

fn outcome_object(o: &Outcome) -> OperationOutcome {
    OperationOutcome::new(o.status, o.error.map(Into::into))
}

fn unknown(operation_id: &str) -> OperationLookupResponse {
    OperationLookupResponse::new(operation_id.to_owned(), None, OperationState::Unknown, None, None, None, None)
}

/// Drop entries whose tombstone period is over.
fn purge(entries: &mut HashMap<String, Entry>, now: Instant) {
    entries.retain(|_, e| e.settled.as_ref().is_none_or(|(_, at)| now.duration_since(*at) < tombstone_end()));
}

/// Make room by forgetting the oldest settled entry; unsettled work is never forgotten.
fn evict_oldest_settled(entries: &mut HashMap<String, Entry>) -> bool {
    let oldest = entries
        .iter()
        .filter_map(|(k, e)| e.settled.as_ref().map(|(_, at)| (k.clone(), *at)))
        .min_by_key(|(_, at)| *at);
    match oldest {
        Some((k, _)) => entries.remove(&k).is_some(),
        None => false,
    }
}

/// The turn or login an operation started, shared by its table entry (for lookup) and the
/// [`Work`] of the request that began it.
#[derive(Debug, Default)]
struct Attached {
    pub turn_id: OnceLock<String>,
    pub login_id: OnceLock<String>,
}

/// A new operation's ticket, the work handle its handler gets, and what the entry keeps.
fn pair() -> (ResponseTicket, Work, Arc<Attached>) {
    let cell: Cell = Arc::default();
    let attached: Arc<Attached> = Arc::default();
    let work = Work { attached: Arc::clone(&attached), gate: ResponseGate(Some(Arc::clone(&cell))) };
    (ResponseTicket(cell), work, attached)
}

/// The operation a mutation's request began, as its handler sees it: where it records the
/// work it starts, and the gate that work awaits before its first event.
#[derive(Debug, Clone)]
pub struct Work {
    attached: Arc<Attached>,
    gate: ResponseGate,
}

impl Work {
    /// Records the turn this operation started (lookup reports it) and returns the gate the
    /// turn awaits before `turn.started`.
    pub fn turn(&self, turn_id: &str) -> ResponseGate {
        let _ = self.attached.turn_id.set(turn_id.to_owned());
        self.gate.clone()
    }

    /// The gate the events under a grant this operation (a `session.claim`) made await: "no
    /// event under a grant before the response that grants it", as for a turn's first event.
    pub fn grant(&self) -> ResponseGate {
        self.gate.clone()
    }

    /// Records the login this operation started and returns the gate its worker awaits.
    pub fn login(&self, login_id: &str) -> ResponseGate {
        let _ = self.attached.login_id.set(login_id.to_owned());
        self.gate.clone()
    }
}

/// Held by the request that began an operation until its response is written.
#[derive(Debug)]
#[must_use = "dropping the ticket releases the work at once; redeem it after the response is written"]
pub struct ResponseTicket(Cell);

impl ResponseTicket {
    /// The response was written, or its write failed and the connection is closing: the
    /// work may send its events now. Dropping the ticket does the same.
    pub fn written(self) {
        drop(self);
    }
}

impl Drop for ResponseTicket {
    fn drop(&mut self) {
        // The ticket is the cell's only writer, so this set cannot find it full.
        let _ = self.0.set(());
    }
}

/// What work awaits before its first event; see the module docs.
#[derive(Debug, Clone)]
pub struct ResponseGate(Option<Cell>);

/// Two gates are the same when they wait for the same response.
impl PartialEq for ResponseGate {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

impl Eq for ResponseGate {}

impl ResponseGate {
    /// A gate with nothing to wait for.
    pub fn open() -> Self {
        ResponseGate(None)
    }

    /// Resolves once the beginning request's ticket is redeemed or dropped.
    pub async fn opened(&self) {
        if let Some(cell) = &self.0 {
            cell.wait().await;
        }
    }

    /// Whether awaiting the gate would finish at once.
    #[cfg(test)]
    pub(crate) fn is_open(&self) -> bool {
        self.0.as_ref().is_none_or(|cell| cell.initialized())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn digest(s: &str) -> [u8; 32] {
        intent_digest(Method::SessionCreate, None, s)
    }

    #[test]
    fn same_intent_reuses_and_other_intent_conflicts() {
        // "Reusing an operation_id with the same intent returns the recorded outcome ... with a different intent it fails with operation_conflict"
        let t = OperationTable::default();
        let now = Instant::now();
        assert!(matches!(t.begin("op", Method::SessionCreate, None, digest("{}"), now), Begin::New(..)));
        assert!(matches!(t.begin("op", Method::SessionCreate, None, digest("{}"), now), Begin::Reuse(_)));
        assert!(matches!(t.begin("op", Method::SessionCreate, None, digest("{\"x\":1}"), now), Begin::Conflict));
        assert!(matches!(t.begin("op", Method::CatalogRefresh, None, digest("{}"), now), Begin::Conflict));
    }

    #[test]
    fn retention_then_tombstone_then_forgotten() {
        // "Settled outcomes are retained operation_retention_ms, then kept as tombstones ... (reuse → operation_conflict, lookup → state:"expired")"
        let t = OperationTable::default();
        let start = Instant::now();
        let _ = t.begin("op", Method::SessionCreate, None, digest("{}"), start);
        t.settle("op", Outcome { status: OutcomeStatus::Succeeded, error: None }, start);
        assert_eq!(t.lookup("op", start).state, OperationState::Settled);
        let later = start + retention();
        assert_eq!(t.lookup("op", later).state, OperationState::Expired);
        assert!(matches!(t.begin("op", Method::SessionCreate, None, digest("{}"), later), Begin::Conflict));
        let gone = start + tombstone_end();
        assert_eq!(t.lookup("op", gone).state, OperationState::Unknown);
    }

    #[test]
    fn accepted_work_is_visible_and_counted() {
        let t = OperationTable::default();
        let now = Instant::now();
        let Begin::New(_, _ticket, work) =
            t.begin("op", Method::TurnStart, Some(&"s-1".parse().unwrap()), digest("{}"), now)
        else {
            panic!("first use begins the operation");
        };
        let _ = work.turn("t-1");
        let l = t.lookup("op", now);
        assert_eq!(
            (l.state, l.turn_id.as_deref(), l.session_id.as_deref()),
            (OperationState::Accepted, Some("t-1"), Some("s-1"))
        );
        assert_eq!(t.admitted(), 1);
        assert!(l.outcome.is_none(), "outcome is null until settled");
    }

    #[test]
    fn full_table_evicts_settled_but_never_unsettled_work() {
        let t = OperationTable::default();
        let now = Instant::now();
        for i in 0..limits::MAX_RETAINED_OPERATIONS {
            let _ = t.begin(&format!("op{i}"), Method::SessionCreate, None, digest("{}"), now);
        }
        assert!(matches!(t.begin("extra", Method::SessionCreate, None, digest("{}"), now), Begin::Full));
        t.settle("op0", Outcome { status: OutcomeStatus::Succeeded, error: None }, now);
        assert!(matches!(t.begin("extra", Method::SessionCreate, None, digest("{}"), now), Begin::New(..)));
    }

    #[test]
    fn work_waits_for_the_response_of_the_request_that_began_it() {
        // "responds accepted before turn.started": a reuse or a conflicting request with the
        // same ID gets no ticket, so writing its response releases nothing.
        let t = OperationTable::default();
        let now = Instant::now();
        let Begin::New(_, ticket, work) =
            t.begin("op", Method::TurnStart, Some(&"s-1".parse().unwrap()), digest("{}"), now)
        else {
            panic!("first use begins the operation");
        };
        let gate = work.turn("t-1");
        assert!(matches!(
            t.begin("op", Method::TurnStart, Some(&"s-1".parse().unwrap()), digest("{}"), now),
            Begin::Reuse(_)
        ));
        assert!(matches!(t.begin("op", Method::SessionCreate, None, digest("{}"), now), Begin::Conflict));
        assert!(!gate.is_open());
        ticket.written();
        assert!(gate.is_open());
    }

    #[test]
    fn a_request_that_ends_without_writing_releases_its_work() {
        let t = OperationTable::default();
        let Begin::New(_, ticket, work) = t.begin("op", Method::AuthLoginStart, None, digest("{}"), Instant::now())
        else {
            panic!("first use begins the operation");
        };
        let gate = work.login("login_1");
        assert!(!gate.is_open());
        assert_eq!(t.lookup("op", Instant::now()).login_id.as_deref(), Some("login_1"));
        drop(ticket);
        assert!(gate.is_open(), "a dropped ticket opens the gate");
    }

    #[test]
    fn a_gate_opens_when_its_ticket_is_redeemed() {
        let (ticket, work, _) = pair();
        let gate = work.turn("t-1");
        assert!(!gate.is_open());
        ticket.written();
        assert!(gate.is_open() && gate.clone().is_open());
    }

    #[test]
    fn a_ticket_dropped_unredeemed_opens_the_gate() {
        // A request that ends without writing its response must not leave its work waiting.
        let (ticket, work, _) = pair();
        let gate = work.login("login_1");
        drop(ticket);
        assert!(gate.is_open());
    }

    #[test]
    fn the_open_gate_waits_for_nothing() {
        assert!(ResponseGate::open().is_open());
    }

    #[tokio::test]
    async fn a_waiting_gate_wakes_when_the_response_is_written() {
        let (ticket, work, _) = pair();
        let gate = work.turn("t-1");
        let waiter = tokio::spawn(async move { gate.opened().await });
        tokio::task::yield_now().await;
        ticket.written();
        assert!(tokio::time::timeout(Duration::from_secs(5), waiter).await.is_ok_and(|r| r.is_ok()));
    }
}
