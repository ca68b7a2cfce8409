//! A turn as admitted: the table of live turns, a turn's reservation in it (left when the turn
//! ends, whatever path it takes) and everything the turn task receives at admission. Settlement
//! ([`super::settle`]) consumes these without reaching back into the service.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use agentwire_protocol::{ErrorCode, SessionId};
use tokio::sync::{mpsc, watch};

use super::journal::{self, Journal};
use crate::config::TurnCapture;
use crate::sync::lock;

/// A turn in the service's table, from reservation to settlement.
#[derive(Debug)]
pub(super) struct LiveTurn {
    pub(super) session_id: SessionId,
    pub(super) cancel: watch::Sender<bool>,
}

#[derive(Debug, Default)]
pub(super) struct LiveTurns {
    pub(super) turns: HashMap<String, LiveTurn>,
    pub(super) sessions: HashMap<SessionId, String>,
}

/// Removes the turn from the active table when the turn ends, whatever path it takes.
pub(super) struct Reservation {
    pub(super) table: Arc<Mutex<LiveTurns>>,
    pub(super) turn_id: String,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut table = lock(&self.table);
        if let Some(active) = table.turns.remove(&self.turn_id) {
            table.sessions.remove(&active.session_id);
        }
    }
}

/// What a `turn.start` brings to admission.
pub(super) struct Start {
    pub(super) session_id: SessionId,
    pub(super) turn_id: String,
    pub(super) operation_id: String,
    pub(super) prompt: String,
}

/// Everything the turn task needs, captured at admission.
pub(super) struct Admitted {
    pub(super) session_id: SessionId,
    pub(super) turn_id: String,
    pub(super) operation_id: String,
    pub(super) prompt: String,
    /// The turn's transcript records; it holds the prompt's message ID from admission on.
    pub(super) journal: Arc<Journal>,
    /// What the journal queues for the turn's writer.
    pub(super) queue: mpsc::UnboundedReceiver<journal::Entry>,
    /// Selection, provider definition, reasoning and fast as of admission; an error when the
    /// selection names no provider (the turn then fails with `internal_error`).
    pub(super) capture: Result<TurnCapture, ErrorCode>,
    pub(super) cancel: watch::Receiver<bool>,
    pub(super) reservation: Reservation,
}
