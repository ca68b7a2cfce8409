//! Turns (seed "Turn completion and ordering"): admission, the turn task, cancellation,
//! settlement and the one terminal.
//!
//! - [`emitter`]: per-turn sequence, assistant text bounds, the bounded turn-event queue;
//! - [`forward`]: queue → the session's current controller, atomically with claim snapshots;
//! - [`activity`]: the allowlisted activity projection and hashed IDs;
//! - [`journal`]: the transcript records a turn appends as they happen, and their writer;
//! - [`stored_args`]: tool arguments within the record bounds;
//! - [`history`]: the model context a turn starts from;
//! - [`conns`]: connection sequence → writer queue, for event routing.
//!
//! Lifecycle: `turn.start` checks control, captures the configuration (selection, provider
//! definition, reasoning, fast; see [`crate::providers::select`]), reserves the turn
//! (`too_many_active_turns`, one running turn per session → `session_busy`), marks the session
//! running (which keeps its attachment through uncontrolled cleanup), durably appends the user
//! text and `turn-start`, and answers `accepted`. The turn task awaits the operation's
//! response gate (open once that response is written; see [`crate::operations`]), then sends
//! `turn.started` (sequence 0), builds the provider from the capture, runs the agent, closes
//! event admission, appends the turn's last records and waits for their fsync (every earlier
//! record was appended as it happened, see [`journal`]), persists a title, ends the
//! running state, settles the operation and sends the terminal. Disconnect and detach do not
//! touch the task; only `turn.cancel` stops it.

pub mod activity;
pub mod conns;
pub mod emitter;
pub mod forward;
pub mod history;
pub mod journal;
pub mod stored_args;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use agentwire_protocol::typed::UnderControl;
use agentwire_protocol::{
    limits, operation, ErrorCode, ErrorObject, EventPayload, OutcomeStatus, Parts, Persistence, SnapshotTurn,
    TurnCancelResponse, TurnEndStatus, TurnStartResponse, TurnStatus, TurnTerminal,
};
use tokio::sync::{mpsc, watch};

use crate::config::{self, TurnCapture};
use crate::operations::{OperationTable, Outcome, ResponseGate, Work};
use crate::providers::{select, ChatMessage};
use crate::runtime::agent::{Agent, Role};
use crate::runtime::mcp::Mcp;
use crate::runtime::mcp_pool::McpPool;
use crate::runtime::tools::Workspace;
use crate::runtime::{RunCtx, Stop};
use crate::sessions::Sessions;
use crate::transport::instance_id::random_hex;
use conns::ConnRegistry;
use emitter::{Closed, Emitter};
use forward::{forward, Route};
use journal::Journal;

/// Bounds the wait for the forwarder to drain to a stalled controller; the connection's
/// write deadline normally ends such a wait first.
const DRAIN_WAIT: Duration = Duration::from_secs(30);

#[derive(Debug)]
struct Active {
    session_id: String,
    cancel: watch::Sender<bool>,
}

#[derive(Debug, Default)]
struct Table {
    turns: HashMap<String, Active>,
    sessions: HashMap<String, String>,
}

/// The turn domain of one daemon.
pub struct TurnService {
    sessions: Sessions,
    operations: Arc<OperationTable>,
    pub conns: Arc<ConnRegistry>,
    workspace: PathBuf,
    state_root: PathBuf,
    table: Mutex<Table>,
    /// Running MCP servers, shared by turns across their lifetimes.
    mcp: McpPool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Removes the turn from the active table when the turn ends, whatever path it takes.
struct Reservation {
    service: Arc<TurnService>,
    turn_id: String,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut table = lock(&self.service.table);
        if let Some(active) = table.turns.remove(&self.turn_id) {
            table.sessions.remove(&active.session_id);
        }
    }
}

/// Everything the turn task needs, captured at admission.
struct Admitted {
    session_id: String,
    turn_id: String,
    operation_id: String,
    prompt: String,
    /// The turn's transcript records; it holds the prompt's message ID from admission on.
    journal: Arc<Journal>,
    /// What the journal queues for the turn's writer.
    queue: mpsc::UnboundedReceiver<journal::Entry>,
    /// Selection, provider definition, reasoning and fast as of admission; an error when the
    /// selection names no provider (the turn then fails with `internal_error`).
    capture: Result<TurnCapture, ErrorCode>,
    cancel: watch::Receiver<bool>,
    reservation: Reservation,
}

fn error_object(code: ErrorCode) -> ErrorObject {
    code.into()
}

impl TurnService {
    pub fn new(sessions: Sessions, operations: Arc<OperationTable>, workspace: PathBuf, state_root: PathBuf) -> Self {
        TurnService {
            sessions,
            operations,
            conns: Arc::default(),
            workspace,
            state_root,
            table: Mutex::default(),
            mcp: McpPool::default(),
        }
    }

    /// Stops the pooled MCP servers (daemon shutdown).
    pub async fn shutdown_mcp(&self) {
        self.mcp.shutdown().await;
    }

    /// Turns accepted and not yet settled.
    pub fn active(&self) -> usize {
        lock(&self.table).turns.len()
    }

    /// Requests Stop of every running turn (daemon shutdown after its patience ran out); each
    /// settles as cancelled through its own terminal.
    pub fn cancel_all(&self) {
        for active in lock(&self.table).turns.values() {
            active.cancel.send_replace(true);
        }
    }

    fn reserve(
        self: &Arc<Self>,
        session_id: &str,
        turn_id: &str,
    ) -> Result<(Reservation, watch::Receiver<bool>), ErrorCode> {
        let mut table = lock(&self.table);
        if table.sessions.contains_key(session_id) {
            return Err(ErrorCode::SessionBusy);
        }
        if table.turns.len() as u64 >= limits::MAX_ACTIVE_TURNS {
            return Err(ErrorCode::TooManyActiveTurns);
        }
        let (cancel, rx) = watch::channel(false);
        table.turns.insert(turn_id.to_owned(), Active { session_id: session_id.to_owned(), cancel });
        table.sessions.insert(session_id.to_owned(), turn_id.to_owned());
        Ok((Reservation { service: Arc::clone(self), turn_id: turn_id.to_owned() }, rx))
    }

    /// `turn.start`.
    pub async fn start(
        self: &Arc<Self>,
        conn: u64,
        request: Parts<operation::TurnStart>,
        work: &Work,
    ) -> Result<TurnStartResponse, ErrorCode> {
        let Parts { slots: UnderControl { session_id, control }, operation_id, payload: p } = request;
        if p.prompt.trim().is_empty() {
            return Err(ErrorCode::InvalidPayload);
        }
        self.sessions.check_control(conn, &session_id, &control)?;
        // "Selection, reasoning and fast settings are captured under the shared configuration
        // lock at turn admission." Unreadable settings reject the start before anything is
        // written; a selection of an unknown provider is accepted and fails like a missing
        // credential (`turn.start` does not answer `invalid_selection`).
        let capture = match config::capture_for_turn(&self.state_root, &self.workspace).await {
            Err(ErrorCode::ConfigurationUnavailable) => return Err(ErrorCode::ConfigurationUnavailable),
            capture => capture,
        };
        let turn_id = format!("t-{}", random_hex(12));
        let (reservation, cancel) = self.reserve(&session_id, &turn_id)?;
        // Running from here: the running state keeps the attachment (and the writer lease)
        // through cleanup even if the controller leaves.
        let snapshot = SnapshotTurn {
            turn_id: turn_id.clone(),
            operation_id: operation_id.clone(),
            sequence: 0,
            assistant_text: String::new(),
        };
        self.sessions.set_running_turn(&session_id, Some(snapshot))?;
        match self.admit(&session_id, &turn_id, &p.prompt).await {
            Ok((journal, queue)) => {
                let response = work.turn(&turn_id);
                let admitted = Admitted {
                    session_id,
                    turn_id: turn_id.clone(),
                    operation_id,
                    prompt: p.prompt,
                    journal,
                    queue,
                    capture,
                    cancel,
                    reservation,
                };
                tokio::spawn(Arc::clone(self).run(admitted, response));
                Ok(TurnStartResponse { turn_id })
            }
            Err(code) => {
                // A rejected start creates no worker and needs no terminal.
                self.sessions.end_turn(&session_id, &turn_id);
                Err(code)
            }
        }
    }

    /// Closes a turn a crash left open, then durably appends the user text and `turn-start`
    /// ("user text at admission"); the model context is read later by the turn task, off the
    /// admission path.
    async fn admit(
        &self,
        session_id: &str,
        turn_id: &str,
        prompt: &str,
    ) -> Result<(Arc<Journal>, mpsc::UnboundedReceiver<journal::Entry>), ErrorCode> {
        let clock = self.sessions.open_turn(session_id).await.map_err(|code| {
            tracing::warn!(?code, "session could not be prepared; turn not started");
            ErrorCode::InternalError
        })?;
        let (journal, queue) = Journal::new(turn_id, clock);
        let admission = journal.admission(prompt);
        if let Err(code) = self.sessions.append(session_id, &admission).await {
            tracing::warn!(?code, "user text could not be persisted; turn not started");
            return Err(ErrorCode::InternalError);
        }
        Ok((Arc::new(journal), queue))
    }

    /// `turn.cancel`: requests the stop; the terminal follows from the turn itself.
    pub fn cancel(&self, conn: u64, request: Parts<operation::TurnCancel>) -> Result<TurnCancelResponse, ErrorCode> {
        let Parts { slots: UnderControl { session_id, control }, payload: p, .. } = request;
        self.sessions.check_control(conn, &session_id, &control)?;
        let table = lock(&self.table);
        let active =
            table.turns.get(&p.turn_id).filter(|a| a.session_id == session_id).ok_or(ErrorCode::UnknownTurn)?;
        active.cancel.send_replace(true);
        Ok(TurnCancelResponse { turn_id: p.turn_id, session_id })
    }

    async fn run(self: Arc<Self>, mut t: Admitted, response: ResponseGate) {
        let (_, empty) = mpsc::unbounded_channel();
        let queue = std::mem::replace(&mut t.queue, empty);
        let writer = tokio::spawn(journal::writer(self.sessions.clone(), t.session_id.clone(), queue));
        // "responds accepted before turn.started"
        response.opened().await;
        let route = Route {
            sessions: self.sessions.clone(),
            conns: Arc::clone(&self.conns),
            session_id: t.session_id.clone(),
            turn_id: t.turn_id.clone(),
            operation_id: t.operation_id.clone(),
        };
        let (tx, rx) = mpsc::channel(limits::TURN_EVENT_QUEUE_ITEMS as usize);
        let forwarder = tokio::spawn(forward(route.clone(), rx));
        let emitter = Arc::new(Emitter::new(tx));
        let journal = Arc::clone(&t.journal);
        emitter.started().await;

        let (history, needs_title) = self.context(&t).await;
        let (stop, compacted) = self.run_agent(&t, history, &emitter, &journal).await;
        let closed = emitter.close();
        drop(emitter);

        let (status, mut error) = match stop {
            None => (TurnStatus::Completed, None),
            Some(Stop::Cancelled) => (TurnStatus::Cancelled, None),
            Some(Stop::Failed(code)) => (TurnStatus::Failed, Some(code)),
        };
        let end = match status {
            TurnStatus::Completed => TurnEndStatus::Completed,
            TurnStatus::Cancelled => TurnEndStatus::Cancelled,
            TurnStatus::Failed => TurnEndStatus::Failed,
        };
        // The rest of the text and the `turn-end`, behind every record already queued; one
        // `fsync` covers them all.
        let flushed = journal.settle(&closed.assistant_text, end).await.unwrap_or(Err(ErrorCode::PersistenceFailed));
        if writer.await.is_err() {
            tracing::warn!(turn = %t.turn_id, "transcript writer ended abnormally");
        }
        let (status, persistence) = match flushed {
            Ok(()) => (status, Persistence::Committed),
            Err(code) => {
                tracing::warn!(?code, turn = %t.turn_id, "turn records could not be persisted");
                error = Some(ErrorCode::PersistenceFailed);
                (TurnStatus::Failed, Persistence::Failed)
            }
        };
        if let Some(prompt) = &needs_title {
            if self.sessions.set_title(&t.session_id, prompt).await.is_err() {
                tracing::warn!(turn = %t.turn_id, "session title could not be persisted");
            }
        }
        if tokio::time::timeout(DRAIN_WAIT, forwarder).await.is_err() {
            tracing::warn!(turn = %t.turn_id, "event forwarding did not drain");
        }
        let recipient = self.sessions.end_turn(&t.session_id, &t.turn_id);
        let terminal = terminal(&t, status, closed, persistence, compacted, error);
        drop(t.reservation);
        let outcome_status = match status {
            TurnStatus::Completed => OutcomeStatus::Completed,
            TurnStatus::Cancelled => OutcomeStatus::Cancelled,
            TurnStatus::Failed => OutcomeStatus::Failed,
        };
        self.operations.settle(&t.operation_id, Outcome { status: outcome_status, error }, Instant::now());
        let mut controller = recipient.and_then(|r| route.controller(r));
        route.deliver(&mut controller, EventPayload::TurnTerminal(terminal)).await;
    }

    /// Runs the agent; on cancellation it gets the cancel grace period to stop on its own
    /// before its future is dropped.
    /// The model context (earlier conversation, then this prompt) and, when the session has
    /// no title yet, the prompt to title it with.
    async fn context(&self, t: &Admitted) -> (Vec<ChatMessage>, Option<String>) {
        let Ok(dir) = crate::transport::paths::session_dir(&self.state_root, &t.session_id) else {
            return (vec![ChatMessage::User(t.prompt.clone())], None);
        };
        let loaded = tokio::task::spawn_blocking(move || {
            let meta = crate::storage::transcript::read_meta(&dir, crate::storage::transcript::DEFAULT_MAX_META_BYTES)
                .ok()
                .flatten();
            let summaries = crate::storage::transcript::Summaries::of(meta.as_ref());
            (history::load(&dir, &summaries), meta.and_then(|m| m.title).is_some())
        })
        .await;
        let (mut history, has_title) = loaded.unwrap_or_default();
        // The transcript already holds this turn's prompt (appended at admission).
        if !matches!(history.last(), Some(ChatMessage::User(p)) if *p == t.prompt) {
            history.push(ChatMessage::User(t.prompt.clone()));
        }
        (history, (!has_title).then(|| t.prompt.clone()))
    }

    async fn run_agent(
        &self,
        t: &Admitted,
        history: Vec<ChatMessage>,
        emitter: &Arc<Emitter>,
        journal: &Arc<Journal>,
    ) -> (Option<Stop>, bool) {
        let provider = match t.capture.as_ref().map(|c| select::for_turn(&self.state_root, c)) {
            Ok(Ok(p)) => p,
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "turn provider is unavailable");
                return (Some(Stop::Failed(ErrorCode::InternalError)), false);
            }
            Err(code) => {
                tracing::warn!(?code, "turn selection names no provider");
                return (Some(Stop::Failed(ErrorCode::InternalError)), false);
            }
        };
        let workspace = match Workspace::new(&self.workspace) {
            Ok(w) => w,
            Err(e) => {
                tracing::warn!(error = %e, "workspace is unavailable");
                return (Some(Stop::Failed(ErrorCode::InternalError)), false);
            }
        };
        let ids = activity::Ids::new(&t.turn_id);
        let servers = crate::runtime::mcp::configured(&self.state_root);
        // Acquired even when nothing is configured, so the pool lets go of removed servers.
        let mcp = Arc::new(Mcp::new(self.mcp.acquire(&servers).await));
        let ctx =
            RunCtx::new(provider, workspace, Arc::clone(emitter), Arc::clone(journal), ids, t.cancel.clone(), mcp);
        let result = {
            let mut messages = history;
            let agent = Agent { ctx: &ctx, role: Role::Main };
            let run = agent.run(&mut messages);
            tokio::pin!(run);
            tokio::select! {
                r = &mut run => r,
                () = crate::runtime::cancelled(t.cancel.clone()) => {
                    let grace = Duration::from_millis(limits::CANCEL_GRACE_MS);
                    tokio::time::timeout(grace, &mut run).await.unwrap_or(Err(Stop::Cancelled))
                }
            }
        };
        let compacted = ctx.compacted();
        // A cancel that raced a finished run does not change a completed answer.
        (result.err(), compacted)
    }
}

fn terminal(
    t: &Admitted,
    status: TurnStatus,
    closed: Closed,
    persistence: Persistence,
    compacted: bool,
    error: Option<ErrorCode>,
) -> TurnTerminal {
    TurnTerminal {
        turn_id: t.turn_id.clone(),
        session_id: t.session_id.clone(),
        status,
        assistant_text: closed.assistant_text,
        sequence: closed.sequence,
        activity_dropped: closed.activity_dropped,
        replay_required: persistence == Persistence::Failed || compacted,
        persistence,
        error: error.map(error_object),
    }
}
