//! Turns (seed "Turn completion and ordering"): admission, the turn task, cancellation,
//! settlement and the one terminal.
//!
//! - [`events`]: the emitter (per-turn sequence, assistant text bounds, the bounded turn-event
//!   queue), the forwarder (queue → the session's current controller, atomically with claim
//!   snapshots) and the connection registry it routes through;
//! - [`journal`]: the transcript records a turn appends as they happen, and their writer;
//! - [`stored_args`]: tool arguments within the record bounds;
//! - [`context`]: the model context a turn starts from;
//! - `settle`: settlement's ordered steps as types, ending in the one terminal;
//! - [`output`]: the agent loop's [`TurnSink`](crate::agent::sink::TurnSink) over the emitter
//!   and the journal;
//! - `admitted`: the live-turn table, a turn's place in it and what the turn task receives.
//!
//! Lifecycle: `turn.start` checks control and marks the session running in one pass through
//! the session's control table ([`Sessions::begin_turn`]: one running turn per session →
//! `session_busy`; the running state keeps the attachment through uncontrolled cleanup),
//! refuses a session of another workspace (`session_workspace_mismatch`), captures the
//! configuration (selection, provider definition, reasoning, fast; see
//! [`crate::providers::select`]), reserves the turn (`too_many_active_turns`), durably appends
//! the user text and `turn-start` through the attachment it got, and answers `accepted`; a
//! step that fails ends the running state again. The turn task awaits the operation's
//! response gate (open once that response is written; see [`crate::operations`]), then sends
//! `turn.started` (sequence 0), builds the provider from the capture, runs the agent, closes
//! event admission, appends the turn's last records and waits for their fsync (every earlier
//! record was appended as it happened, see [`journal`]), persists a title, waits for the queued
//! events to be forwarded, ends the running state, settles the operation and sends the
//! terminal (each of these steps is a type of `settle` that consumes the one before).
//! Disconnect and detach do not touch the task; only `turn.cancel` stops it. The service is
//! handed the daemon's [`Configuration`] and captures from it under its commit lock.

mod admitted;
pub mod asking;
pub mod context;
pub mod events;
pub mod journal;
pub mod output;
mod settle;
pub mod stored_args;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use agentwire_protocol::typed::UnderControl;
use agentwire_protocol::{
    limits, operation, ErrorCode, Parts, SessionId, SnapshotTurn, TurnCancelResponse, TurnStartResponse,
};
use tokio::sync::{mpsc, watch};

use crate::agent::acp::run::TurnOnAgent;
use crate::agent::acp::AgentPool;
use crate::agent::activity::Ids;
use crate::agent::calls::{within_cancel_grace, Calls};
use crate::agent::mcp::{self, Mcp};
use crate::agent::pool::McpPool;
use crate::agent::sink::TurnSink;
use crate::agent::tool_loop::Agent;
use crate::agent::tools::Workspace;
use crate::agent::{Role, RunCtx, Stop};
use crate::config::Configuration;
use crate::operations::{OperationTable, ResponseGate, Work};
use crate::providers::{select, ChatMessage};
use crate::sessions::running::TurnAttachment;
use crate::sessions::Sessions;
use crate::transport::instance_id::random_hex;
use admitted::{Admitted, LiveTurn, LiveTurns, Reservation, Start};
use events::{forward, ConnRegistry, Emitter, Route};
use journal::Journal;
use output::TurnOutput;

/// The turn domain of one daemon.
pub struct TurnService {
    sessions: Sessions,
    operations: Arc<OperationTable>,
    pub conns: Arc<ConnRegistry>,
    /// The service's configuration: paths, and the commit lock a turn's capture reads under.
    config: Configuration,
    /// Shared with each turn's [`Reservation`], which leaves it when the turn ends.
    table: Arc<Mutex<LiveTurns>>,
    /// Running MCP servers, shared by turns across their lifetimes.
    mcp: McpPool,
    /// Running ACP agents, shared the same way.
    agents: AgentPool,
    /// Permission requests waiting for the person (the approvals profile); nothing is kept
    /// across a restart.
    pub approvals: asking::Registry,
}

use crate::sync::lock;

/// The approvals profile's limits, with the deadline the global settings give (read once, at
/// start; an unreadable file leaves the spec's default).
fn approval_limits(config: &Configuration) -> crate::approvals::Limits {
    let configured = crate::config::settings::read_text(&crate::config::settings::global_path(config.state_root()))
        .ok()
        .flatten()
        .and_then(|text| crate::config::settings::parse(&text).ok())
        .and_then(|doc| crate::config::settings::parse_layer(&doc).ok())
        .and_then(|layer| layer.approval_deadline_ms);
    let items = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    crate::approvals::Limits {
        per_session: items(limits::MAX_PENDING_APPROVALS_PER_SESSION),
        per_daemon: items(limits::MAX_PENDING_APPROVALS),
        max_options: items(limits::MAX_APPROVAL_OPTIONS),
        deadline: Duration::from_millis(configured.unwrap_or(limits::APPROVAL_DEADLINE_MS)),
    }
}

impl TurnService {
    pub fn new(sessions: Sessions, operations: Arc<OperationTable>, config: Configuration) -> Self {
        let approvals = asking::Registry::new(approval_limits(&config));
        TurnService {
            sessions,
            operations,
            conns: Arc::default(),
            config,
            table: Arc::default(),
            mcp: McpPool::default(),
            agents: AgentPool::default(),
            approvals,
        }
    }

    /// Stops the pooled MCP servers and agents (daemon shutdown).
    pub async fn shutdown_mcp(&self) {
        self.mcp.shutdown().await;
        self.agents.shutdown().await;
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
        session_id: &SessionId,
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
        table.turns.insert(turn_id.to_owned(), LiveTurn { session_id: session_id.clone(), cancel });
        table.sessions.insert(session_id.clone(), turn_id.to_owned());
        Ok((Reservation { table: Arc::clone(&self.table), turn_id: turn_id.to_owned() }, rx))
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
        let turn_id = format!("t-{}", random_hex(12));
        // Running from here: the running state keeps the attachment (and the writer lease)
        // through cleanup even if the controller leaves.
        let snapshot = SnapshotTurn::new(turn_id.clone(), operation_id.clone(), 0, String::new());
        let attachment = self.sessions.begin_turn(conn, &session_id, &control, snapshot)?;
        let start = Start { session_id: session_id.clone(), turn_id: turn_id.clone(), operation_id, prompt: p.prompt };
        match self.admit(&attachment, start).await {
            Ok(admitted) => {
                let response = work.turn(&turn_id);
                tokio::spawn(Arc::clone(self).run(admitted, response));
                Ok(TurnStartResponse::new(turn_id))
            }
            Err(code) => {
                // A rejected start creates no worker and needs no terminal.
                self.sessions.end_turn(&session_id, &turn_id);
                Err(code)
            }
        }
    }

    /// Checks the session belongs to this workspace, captures the configuration, reserves the
    /// turn, closes a turn a crash left open, then durably appends the user text and
    /// `turn-start` ("user text at admission"); the model context is read later by the turn
    /// task, off the admission path.
    async fn admit(self: &Arc<Self>, attachment: &TurnAttachment, s: Start) -> Result<Admitted, ErrorCode> {
        // "A turn in a session created for another workspace is refused" before anything runs.
        attachment.check_workspace().await?;
        // "Selection, reasoning and fast settings are captured under the shared configuration
        // lock at turn admission." Unreadable settings reject the start before anything is
        // written; a selection of an unknown provider is accepted and fails like a missing
        // credential (`turn.start` does not answer `invalid_selection`).
        let capture = match self.config.capture_for_turn().await {
            Err(ErrorCode::ConfigurationUnavailable) => return Err(ErrorCode::ConfigurationUnavailable),
            capture => capture,
        };
        let (reservation, cancel) = self.reserve(&s.session_id, &s.turn_id)?;
        let clock = attachment.open().await.map_err(|code| {
            tracing::warn!(?code, "session could not be prepared; turn not started");
            ErrorCode::InternalError
        })?;
        let (journal, queue) = Journal::new(&s.turn_id, clock);
        if let Err(code) = attachment.append(&journal.admission(&s.prompt)).await {
            tracing::warn!(?code, "user text could not be persisted; turn not started");
            return Err(ErrorCode::InternalError);
        }
        let Start { session_id, turn_id, operation_id, prompt } = s;
        Ok(Admitted {
            session_id,
            turn_id,
            operation_id,
            prompt,
            journal: Arc::new(journal),
            queue,
            capture,
            cancel,
            reservation,
        })
    }

    /// `turn.cancel`: requests the stop; the terminal follows from the turn itself.
    pub fn cancel(&self, conn: u64, request: Parts<operation::TurnCancel>) -> Result<TurnCancelResponse, ErrorCode> {
        let Parts { slots: UnderControl { session_id, control }, payload: p, .. } = request;
        self.sessions.check_control(conn, &session_id, &control)?;
        let table = lock(&self.table);
        let active =
            table.turns.get(&p.turn_id).filter(|a| a.session_id == session_id).ok_or(ErrorCode::UnknownTurn)?;
        active.cancel.send_replace(true);
        Ok(TurnCancelResponse::new(p.turn_id, session_id))
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

        // An ACP agent answers from its own context: no history is loaded for it.
        let on_agent = matches!(t.capture.as_ref().map(|c| c.provider.agent.is_some()), Ok(true));
        let (history, needs_title) = self.context(&t, !on_agent).await;
        let (stop, compacted) = self.run_agent(&t, history, &emitter, &journal, &route).await;
        let closed = emitter.close();
        // The forwarder ends once its queue is empty and the emitter is gone.
        drop(emitter);
        let turn = settle::Turn {
            sessions: self.sessions.clone(),
            operations: Arc::clone(&self.operations),
            admitted: t,
            route,
        };
        let stopped = settle::Stopped { turn, writer, forwarder, stop, compacted, closed, needs_title };
        stopped.journal().await.title().await.drain().await.release().send_terminal().await;
    }

    /// The model context (earlier conversation when `history`, then this prompt) and, when the
    /// session has no title yet, the prompt to title it with.
    async fn context(&self, t: &Admitted, history: bool) -> (Vec<ChatMessage>, Option<String>) {
        let Ok(dir) = crate::transport::paths::session_dir(self.config.state_root(), &t.session_id) else {
            return (vec![ChatMessage::User(t.prompt.clone())], None);
        };
        let loaded = tokio::task::spawn_blocking(move || {
            let meta = crate::storage::transcript::read_meta(&dir, crate::storage::transcript::DEFAULT_MAX_META_BYTES)
                .ok()
                .flatten();
            let summaries = crate::storage::transcript::Summaries::of(meta.as_ref());
            let earlier = if history { context::load(&dir, &summaries) } else { Vec::new() };
            (earlier, meta.and_then(|m| m.title).is_some())
        })
        .await;
        let (mut history, has_title) = loaded.unwrap_or_default();
        // The transcript already holds this turn's prompt (appended at admission).
        if !matches!(history.last(), Some(ChatMessage::User(p)) if *p == t.prompt) {
            history.push(ChatMessage::User(t.prompt.clone()));
        }
        (history, (!has_title).then(|| t.prompt.clone()))
    }

    /// Runs the turn's runtime (an ACP agent, or the tool loop) and, whatever became of it,
    /// ends every call it left open ("every call started gets its end").
    async fn run_agent(
        &self,
        t: &Admitted,
        history: Vec<ChatMessage>,
        emitter: &Arc<Emitter>,
        journal: &Arc<Journal>,
        route: &Route,
    ) -> (Option<Stop>, bool) {
        let sink: Arc<dyn TurnSink> =
            Arc::new(TurnOutput { emitter: Arc::clone(emitter), journal: Arc::clone(journal) });
        let calls = Arc::new(Calls::new(Arc::clone(&sink), Ids::new(&t.turn_id)));
        let (stop, compacted) = match t.capture.as_ref().map(|c| c.provider.agent.clone()) {
            Ok(Some(entry)) => (self.run_acp(t, entry, &*sink, &calls, route).await, false),
            _ => self.run_tool_loop(t, history, sink, Arc::clone(&calls)).await,
        };
        calls.settle(stop);
        (stop, compacted)
    }

    /// A turn on the daemon's own tool loop; on cancellation it gets the cancel grace to stop
    /// by itself before its future is dropped.
    async fn run_tool_loop(
        &self,
        t: &Admitted,
        history: Vec<ChatMessage>,
        sink: Arc<dyn TurnSink>,
        calls: Arc<Calls>,
    ) -> (Option<Stop>, bool) {
        let provider = match t.capture.as_ref().map(|c| select::for_turn(self.config.state_root(), c)) {
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
        let workspace = match Workspace::new(self.config.workspace()) {
            Ok(w) => w,
            Err(e) => {
                tracing::warn!(error = %e, "workspace is unavailable");
                return (Some(Stop::Failed(ErrorCode::InternalError)), false);
            }
        };
        let ids = Ids::new(&t.turn_id);
        let servers = mcp::configured(self.config.state_root());
        // Acquired even when nothing is configured, so the pool lets go of removed servers.
        let mcp = Arc::new(Mcp::new(self.mcp.acquire(&servers).await));
        let ctx = RunCtx::new(provider, workspace, sink, calls, ids, t.cancel.clone(), mcp);
        let mut messages = history;
        let agent = Agent { ctx: &ctx, role: Role::Main };
        // The tool loop watches the cancel flag itself: nothing to send when it is set.
        let result = within_cancel_grace(t.cancel.clone(), agent.run(&mut messages), || {})
            .await
            .unwrap_or(Err(Stop::Cancelled));
        // A cancel that raced a finished run does not change a completed answer.
        (result.err(), ctx.compacted())
    }

    /// A turn on an ACP agent (see [`crate::agent::acp::run`]).
    async fn run_acp(
        &self,
        t: &Admitted,
        entry: crate::catalog::agents::AgentEntry,
        sink: &dyn TurnSink,
        calls: &Calls,
        route: &Route,
    ) -> Option<Stop> {
        let (asker, delivery) = asking::TurnAsker::new(route.clone(), self.approvals.clone());
        let turn = TurnOnAgent {
            agents: &self.agents,
            entry,
            workspace: self.config.workspace(),
            session_dir: crate::transport::paths::session_dir(self.config.state_root(), &t.session_id).ok(),
            session_id: &t.session_id,
            prompt: &t.prompt,
            cancel: t.cancel.clone(),
            asker: Some(&asker),
        };
        let stop = turn.run(sink, calls).await;
        // Every approval event of the turn is sent before its terminal.
        drop(asker);
        let _ = delivery.await;
        stop
    }
}
