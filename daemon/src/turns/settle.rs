//! A turn's settlement as a chain of types. Each step consumes the one before it, so the steps
//! run once and in this order, and only the last can send the terminal:
//!
//! 1. [`Stopped`]: the agent has stopped and event admission is closed;
//! 2. [`Journaled`]: the rest of the text and the `turn-end` are appended behind every record
//!    already queued and `fsync`ed (a failure makes the turn `failed`, `persistence: failed`);
//! 3. [`Titled`]: an untitled session gets its title from the prompt;
//! 4. [`Drained`]: every queued event reached the controller (bounded by [`DRAIN_WAIT`]);
//! 5. [`Released`]: the running state ends, the turn leaves the table and the operation
//!    settles; the terminal is built from what the steps found;
//! 6. [`Released::send_terminal`]: "exactly one terminal", after every other event.

use std::sync::Arc;
use std::time::{Duration, Instant};

use agentwire_protocol::{
    ErrorCode, ErrorObject, EventPayload, OutcomeStatus, Persistence, TurnEndStatus, TurnStatus, TurnTerminal,
};
use tokio::task::JoinHandle;

use super::admitted::Admitted;
use super::events::{Closed, Route};
use crate::agent::Stop;
use crate::operations::{OperationTable, Outcome};
use crate::sessions::{Recipient, Sessions};

/// Bounds the wait for the forwarder to drain to a stalled controller; the connection's
/// write deadline normally ends such a wait first.
const DRAIN_WAIT: Duration = Duration::from_secs(30);

/// What every step works on: the admitted turn and where its events go.
pub(super) struct Turn {
    pub sessions: Sessions,
    pub operations: Arc<OperationTable>,
    pub admitted: Admitted,
    pub route: Route,
}

/// Step 1: the agent stopped (`stop` is why, `None` when it answered) and the emitter is
/// closed (`closed` is what the terminal reports of it).
pub(super) struct Stopped {
    pub turn: Turn,
    /// The journal's writer; it ends once the journal settles.
    pub writer: JoinHandle<()>,
    /// The event forwarder; it ends once the emitter is dropped and its queue is empty.
    pub forwarder: JoinHandle<()>,
    pub stop: Option<Stop>,
    pub compacted: bool,
    pub closed: Closed,
    /// The prompt to title the session with, when it has no title yet.
    pub needs_title: Option<String>,
}

/// How the turn ends, as the terminal will say.
struct Ending {
    status: TurnStatus,
    error: Option<ErrorCode>,
    persistence: Persistence,
    closed: Closed,
    compacted: bool,
    /// The turn's last service note, for the terminal.
    notice: Option<String>,
}

pub(super) struct Journaled {
    turn: Turn,
    forwarder: JoinHandle<()>,
    ending: Ending,
    needs_title: Option<String>,
}

pub(super) struct Titled {
    turn: Turn,
    forwarder: JoinHandle<()>,
    ending: Ending,
}

pub(super) struct Drained {
    turn: Turn,
    ending: Ending,
}

pub(super) struct Released {
    route: Route,
    recipient: Option<Recipient>,
    terminal: TurnTerminal,
}

impl Stopped {
    pub(super) async fn journal(self) -> Journaled {
        let Stopped { turn, writer, forwarder, stop, compacted, closed, needs_title } = self;
        let (status, error) = match stop {
            None => (TurnStatus::Completed, None),
            Some(Stop::Cancelled) => (TurnStatus::Cancelled, None),
            Some(Stop::Failed(code)) => (TurnStatus::Failed, Some(code)),
        };
        let end = match status {
            TurnStatus::Completed => TurnEndStatus::Completed,
            TurnStatus::Cancelled => TurnEndStatus::Cancelled,
            TurnStatus::Failed => TurnEndStatus::Failed,
        };
        // One `fsync` covers the last records and every earlier one not yet synced.
        let journal = &turn.admitted.journal;
        let flushed = journal.settle(&closed.assistant_text, end).await.unwrap_or(Err(ErrorCode::PersistenceFailed));
        if writer.await.is_err() {
            tracing::warn!(turn = %turn.admitted.turn_id, "transcript writer ended abnormally");
        }
        let notice = journal.notice();
        let ending = match flushed {
            Ok(()) => Ending { status, error, persistence: Persistence::Committed, closed, compacted, notice },
            Err(code) => {
                tracing::warn!(?code, turn = %turn.admitted.turn_id, "turn records could not be persisted");
                let error = Some(ErrorCode::PersistenceFailed);
                Ending {
                    status: TurnStatus::Failed,
                    error,
                    persistence: Persistence::Failed,
                    closed,
                    compacted,
                    notice,
                }
            }
        };
        Journaled { turn, forwarder, ending, needs_title }
    }
}

impl Journaled {
    pub(super) async fn title(self) -> Titled {
        let Journaled { turn, forwarder, ending, needs_title } = self;
        if let Some(prompt) = &needs_title {
            let t = &turn.admitted;
            if turn.sessions.set_title(&t.session_id, prompt).await.is_err() {
                tracing::warn!(turn = %t.turn_id, "session title could not be persisted");
            }
        }
        Titled { turn, forwarder, ending }
    }
}

impl Titled {
    pub(super) async fn drain(self) -> Drained {
        let Titled { turn, forwarder, ending } = self;
        if tokio::time::timeout(DRAIN_WAIT, forwarder).await.is_err() {
            tracing::warn!(turn = %turn.admitted.turn_id, "event forwarding did not drain");
        }
        Drained { turn, ending }
    }
}

impl Drained {
    pub(super) fn release(self) -> Released {
        let Drained { turn, ending } = self;
        let Turn { sessions, operations, admitted: t, route } = turn;
        let recipient = sessions.end_turn(&t.session_id, &t.turn_id);
        let terminal = TurnTerminal::new(
            t.turn_id.clone(),
            t.session_id.clone(),
            ending.status,
            ending.closed.assistant_text,
            ending.closed.sequence,
            ending.closed.activity_dropped,
            ending.persistence == Persistence::Failed || ending.compacted,
            ending.persistence,
            ending.error.map(ErrorObject::from),
        )
        .with_notice(ending.notice);
        drop(t.reservation);
        let status = match ending.status {
            TurnStatus::Completed => OutcomeStatus::Completed,
            TurnStatus::Cancelled => OutcomeStatus::Cancelled,
            TurnStatus::Failed => OutcomeStatus::Failed,
        };
        operations.settle(&t.operation_id, Outcome { status, error: ending.error }, Instant::now());
        Released { route, recipient, terminal }
    }
}

impl Released {
    pub(super) async fn send_terminal(self) {
        let Released { route, recipient, terminal } = self;
        let mut controller = recipient.and_then(|r| route.controller(r));
        route.deliver(&mut controller, EventPayload::TurnTerminal(terminal)).await;
    }
}
