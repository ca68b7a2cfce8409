//! The response gate: work a mutation starts (a turn, a login) sends its first event only
//! after that mutation's response is written, so no client sees an event of work before the
//! response that names it.
//!
//! [`OperationTable::begin`](super::OperationTable::begin) gives the request that begins an
//! operation its [`ResponseTicket`]; the connection redeems it after writing the response. The
//! work gets the matching [`ResponseGate`] from
//! [`OperationTable::attach_work`](super::OperationTable::attach_work) and awaits it. Only the
//! beginning request holds a ticket, so the response of a same-intent reuse or of a conflicting
//! request with the same operation ID releases nothing early. A ticket dropped unredeemed (its
//! request ended without writing) opens the gate as well: no response is coming, and the work
//! must not wait forever.

use std::sync::Arc;
use tokio::sync::SetOnce;

type Cell = Arc<SetOnce<()>>;

/// A new operation's ticket and the gate it opens.
pub(super) fn pair() -> (ResponseTicket, ResponseGate) {
    let cell: Cell = Arc::default();
    (ResponseTicket(Arc::clone(&cell)), ResponseGate(Some(cell)))
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

impl ResponseGate {
    /// A gate with nothing to wait for: the operation is unknown to the table.
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
        let (ticket, gate) = pair();
        assert!(!gate.is_open());
        ticket.written();
        assert!(gate.is_open() && gate.clone().is_open());
    }

    #[test]
    fn a_ticket_dropped_unredeemed_opens_the_gate() {
        // A request that ends without writing its response must not leave its work waiting.
        let (ticket, gate) = pair();
        drop(ticket);
        assert!(gate.is_open());
    }

    #[test]
    fn the_open_gate_waits_for_nothing() {
        assert!(ResponseGate::open().is_open());
    }

    #[tokio::test]
    async fn a_waiting_gate_wakes_when_the_response_is_written() {
        let (ticket, gate) = pair();
        let waiter = tokio::spawn(async move { gate.opened().await });
        tokio::task::yield_now().await;
        ticket.written();
        assert!(tokio::time::timeout(Duration::from_secs(5), waiter).await.is_ok_and(|r| r.is_ok()));
    }
}
