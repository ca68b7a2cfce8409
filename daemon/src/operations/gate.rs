//! The response gate: work a mutation starts (a turn, a login) sends its first event only
//! after that mutation's response is written, so no client sees an event of work before the
//! response that names it.
//!
//! [`OperationTable::begin`](super::OperationTable::begin) gives the request that begins an
//! operation its [`ResponseTicket`], which the connection redeems after writing the response,
//! and its [`Work`], which reaches the handler through the request's context: the handler names
//! the turn or login it started there and gets the matching [`ResponseGate`] to await. Only the
//! beginning request holds a ticket, so the response of a same-intent reuse or of a conflicting
//! request with the same operation ID releases nothing early. A ticket dropped unredeemed (its
//! request ended without writing) opens the gate as well: no response is coming, and the work
//! must not wait forever.

use std::sync::{Arc, OnceLock};
use tokio::sync::SetOnce;

type Cell = Arc<SetOnce<()>>;

/// The turn or login an operation started, shared by its table entry (for lookup) and the
/// [`Work`] of the request that began it.
#[derive(Debug, Default)]
pub(super) struct Attached {
    pub turn_id: OnceLock<String>,
    pub login_id: OnceLock<String>,
}

/// A new operation's ticket, the work handle its handler gets, and what the entry keeps.
pub(super) fn pair() -> (ResponseTicket, Work, Arc<Attached>) {
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
