//! The session domain: create, list, durable replay, and control (claim, detach, status),
//! as a plain async API the protocol's `SessionHandler` calls into.
//!
//! - [`ids`]: server-generated session IDs and validation of incoming ones;
//! - [`store`]: session folders, writer and append locks, durable creation;
//! - [`listing`], [`index`], [`dir_watch`]: `session.list` through an ordered index of the
//!   sessions folder that an inotify watch keeps current, with the scan budget where there is
//!   no index;
//! - [`control`]: the claim/grant/attachment state machine;
//! - [`running`]: a running turn's side of it (begin, the attachment the turn writes through,
//!   its progress and end), the one way `turns` reaches the session domain on `turn.start`;
//! - replay, in the order a `session.replay` uses them: [`replay`] (one bounded page and its
//!   opaque cursors) over [`projection`] (a session's cached projection of its transcript
//!   window, refreshed incrementally, with the fingerprints that tell whether the file is
//!   still the one the cache and cursors were made from), which uses [`allowlist`] (what of
//!   one record replay shows, and where a compaction summary starts);
//!
//! File work runs on tokio's blocking pool; the control table sits behind a `std` mutex that
//! is only ever held for in-memory updates and non-blocking `flock` attempts, so the
//! synchronous [`Sessions::check_control`] never waits on I/O.

pub(crate) mod allowlist;
mod control;
mod dir_watch;
mod error;
mod ids;
mod index;
mod listing;
mod projection;
mod repair;
pub(crate) mod replay;
pub mod running;
mod store;

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::{
    constants, limits, ClaimSnapshot, Control, ErrorCode, SessionClaimRequest, SessionClaimResponse,
    SessionCreateResponse, SessionDetachResponse, SessionId, SessionListRequest, SessionListResponse, SessionMessage,
    SessionReplayRequest, SessionReplayResponse, SessionStatusResponse, SnapshotState,
};

pub use control::{ConnectionId, Recipient};
pub use error::SessionError;

use control::ControlTable;
use error::to_code;
use projection::Projection;
use store::SharedWriter;

use crate::operations::ResponseGate;
use crate::redact::sanitize_title;
use crate::storage::transcript::{CompactionRef, Durability, SessionWriter, WindowLimits};

/// Projections kept in memory. Each holds at most one replay window of text (2 MiB), so
/// this bounds the cache to a few dozen MiB; a session evicted here is simply re-read.
const CACHED_PROJECTIONS: usize = 16;

/// The session domain of one daemon. `Send + Sync`; share it through an `Arc`.
#[derive(Debug, Clone)]
pub struct Sessions {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    state_root: PathBuf,
    /// The canonical workspace this daemon serves: recorded in the sessions it creates, the
    /// default filter of its lists, and the only workspace its turns run in. `None`: none
    /// (tests of the session domain alone).
    workspace: Option<String>,
    control: Mutex<ControlTable<SharedWriter>>,
    projections: Mutex<ProjectionCache>,
    /// Held while changes are applied and a page's candidates are taken, never while
    /// metadata is read.
    index: Mutex<index::SessionIndex>,
}

/// A session's place in the cache: its projection once a replay or claim has built one. An
/// append holds the lock too, so replays of this process wait for it.
type ProjectionSlot = Arc<Mutex<Option<Projection>>>;

/// Per-session projections with least-recently-used eviction.
#[derive(Debug, Default)]
struct ProjectionCache {
    tick: u64,
    entries: HashMap<SessionId, (u64, ProjectionSlot)>,
}

impl ProjectionCache {
    fn get(&mut self, session_id: &SessionId) -> ProjectionSlot {
        self.tick += 1;
        let tick = self.tick;
        if let Some((used, p)) = self.entries.get_mut(session_id) {
            *used = tick;
            return p.clone();
        }
        if self.entries.len() >= CACHED_PROJECTIONS {
            let oldest = self.entries.iter().min_by_key(|(_, (used, _))| *used).map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                self.entries.remove(&oldest);
            }
        }
        let p: ProjectionSlot = Arc::default();
        self.entries.insert(session_id.clone(), (tick, p.clone()));
        p
    }
}

pub(crate) use crate::sync::lock;

fn window_limits() -> WindowLimits {
    WindowLimits {
        max_bytes: limits::MAX_SESSION_REPLAY_WINDOW_BYTES,
        max_records: usize::try_from(constants::REPLAY_WINDOW_RECORDS).unwrap_or(usize::MAX),
    }
}

/// Page sizes arrive decoded within 1..=max; checked again because this API is also called
/// directly.
fn page_limit(limit: u32) -> Result<usize, SessionError> {
    if limit == 0 || u64::from(limit) > limits::MAX_SESSION_PAGE_ITEMS {
        return Err(SessionError::InvalidLimit);
    }
    Ok(limit as usize)
}

impl Sessions {
    /// Touches nothing on disk: the `sessions/` folder appears with the first session.
    pub fn new(state_root: PathBuf) -> Self {
        Self::serving(state_root, None)
    }

    /// The sessions of a daemon serving `workspace` (its canonical path).
    pub fn serving(state_root: PathBuf, workspace: Option<String>) -> Self {
        Sessions {
            inner: Arc::new(Inner {
                state_root,
                workspace,
                control: Mutex::new(ControlTable::new()),
                projections: Mutex::new(ProjectionCache::default()),
                index: Mutex::default(),
            }),
        }
    }

    pub fn state_root(&self) -> &Path {
        &self.inner.state_root
    }

    /// Builds the listing index in the background, so the first `session.list` after start-up
    /// does not wait for a read of the whole sessions folder. Needs a tokio runtime.
    pub fn build_index(&self) -> tokio::task::JoinHandle<()> {
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || {
            let sessions_dir = inner.state_root.join(crate::transport::paths::SESSIONS_DIR);
            if let Err(e) = lock(&inner.index).refresh(&sessions_dir) {
                // The first list request tries again and answers with the error itself.
                tracing::warn!(error = %e, "building the session listing index failed");
            }
        })
    }

    /// Runs file work on the blocking pool.
    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Inner) -> Result<T, SessionError> + Send + 'static,
    ) -> Result<T, ErrorCode> {
        blocking(self.inner.clone(), work).await
    }

    /// Creates a session durably (folder and `meta.json`, `fsync`ed) without claiming it.
    pub async fn create(&self) -> Result<SessionCreateResponse, ErrorCode> {
        let session_id =
            self.blocking(|inner| store::create_for(&inner.state_root, inner.workspace.as_deref())).await?;
        Ok(SessionCreateResponse::new(session_id))
    }

    pub async fn list(&self, p: SessionListRequest) -> Result<SessionListResponse, ErrorCode> {
        let limit = page_limit(p.limit).map_err(to_code)?;
        // `after` is an opaque ID on the wire, "validated as a session ID".
        let after = p.after.as_deref().map(ids::session_id_of).transpose().map_err(to_code)?;
        self.blocking(move |inner| {
            // "By default only the sessions created for the workspace this daemon serves."
            let only = if p.all_workspaces { None } else { inner.workspace.as_deref() };
            listing::list(&inner.state_root, &inner.index, after.as_ref(), limit, only)
        })
        .await
    }

    /// One page of the durable projection. Read-only: no claim or writer lock is needed and
    /// it works on sessions held by another daemon; an append in flight there is `session_busy`.
    pub async fn replay(
        &self,
        session_id: &SessionId,
        p: SessionReplayRequest,
    ) -> Result<SessionReplayResponse, ErrorCode> {
        let limit = page_limit(p.limit).map_err(to_code)?;
        let id = session_id.clone();
        self.blocking(move |inner| inner.replay(&id, p.after.as_deref(), limit)).await
    }

    /// Grants this connection control of the session with an atomic snapshot.
    /// `announced` is the claim's response gate: events under the new grant wait for it.
    pub async fn claim(
        &self,
        conn: ConnectionId,
        session_id: &SessionId,
        p: SessionClaimRequest,
        announced: ResponseGate,
    ) -> Result<SessionClaimResponse, ErrorCode> {
        let id = session_id.clone();
        self.blocking(move |inner| inner.claim(conn, &id, p.take_over, announced)).await
    }

    /// Releases control; never stops a running turn.
    pub async fn detach(
        &self,
        conn: ConnectionId,
        session_id: &SessionId,
        control: &Control,
    ) -> Result<SessionDetachResponse, ErrorCode> {
        let (live_sequence, released) = lock(&self.inner.control).detach(conn, session_id, control).map_err(to_code)?;
        drop(released);
        Ok(SessionDetachResponse::new(session_id.clone(), live_sequence))
    }

    pub async fn status(&self, conn: ConnectionId, session_id: &SessionId) -> Result<SessionStatusResponse, ErrorCode> {
        // An attached session exists; only others need a look at the disk.
        if lock(&self.inner.control).attachment(session_id).is_none() {
            let id = session_id.clone();
            self.blocking(move |inner| {
                let dir = store::existing_dir(&inner.state_root, &id)?;
                inner.close_abandoned(&id, &dir);
                Ok(())
            })
            .await?;
        }
        let v = lock(&self.inner.control).status(conn, session_id);
        Ok(SessionStatusResponse::new(
            session_id.clone(),
            v.controlled,
            v.controlled_by_caller,
            v.grant_generation,
            v.live_sequence,
            v.turn,
        ))
    }

    /// For control-requiring operations: Ok when `control` is this connection's current grant.
    pub fn check_control(
        &self,
        conn: ConnectionId,
        session_id: &SessionId,
        control: &Control,
    ) -> Result<(), ErrorCode> {
        lock(&self.inner.control).check(conn, session_id, control).map_err(to_code)
    }

    /// Revokes every grant the connection holds (each revoke advances that session's
    /// `live_sequence`) and releases attachments that nothing else keeps alive.
    pub async fn disconnect(&self, conn: ConnectionId) {
        let released = lock(&self.inner.control).disconnect(conn);
        // Closing the writer-lock files happens outside the control lock.
        drop(released);
    }

    /// Appends messages to an attached session's transcript with one `fsync`. The session
    /// must be attached (claimed, or kept alive by a running turn): `control_required` else.
    pub async fn append(&self, session_id: &SessionId, messages: &[SessionMessage]) -> Result<(), ErrorCode> {
        self.append_with(session_id, messages, Durability::Synced).await
    }

    /// [`Self::append`] with a choice of durability: [`Durability::Written`] leaves the
    /// `fsync` to a later [`Self::sync`] (the turn journal's group commit).
    pub async fn append_with(
        &self,
        session_id: &SessionId,
        messages: &[SessionMessage],
        durability: Durability,
    ) -> Result<(), ErrorCode> {
        let lines = encode_lines(messages).map_err(to_code)?;
        let id = session_id.clone();
        self.blocking(move |inner| inner.append(&id, &lines, durability)).await
    }

    /// Makes every line appended to an attached session durable (one `fsync`).
    pub async fn sync(&self, session_id: &SessionId) -> Result<(), ErrorCode> {
        let writer = lock(&self.inner.control).attachment(session_id).ok_or(ErrorCode::ControlRequired)?;
        self.blocking(move |_| {
            let mut writer = lock(&writer);
            writer.sync().inspect_err(|_| writer.checked = false)?;
            Ok(())
        })
        .await
    }

    /// Turn-module hook: records in `meta.json` the compaction summaries a turn is about to
    /// append (before it appends them); replay and the next turn's history recognise a
    /// summary only through this record.
    pub async fn record_compactions(&self, session_id: &SessionId, refs: Vec<CompactionRef>) -> Result<(), ErrorCode> {
        let writer = lock(&self.inner.control).attachment(session_id).ok_or(ErrorCode::ControlRequired)?;
        self.blocking(move |_| store::record_compactions(&lock(&writer), &refs)).await
    }

    /// Persists a title (sanitized and bounded) in `meta.json` of an attached session.
    pub async fn set_title(&self, session_id: &SessionId, raw_title: &str) -> Result<(), ErrorCode> {
        let writer = lock(&self.inner.control).attachment(session_id).ok_or(ErrorCode::ControlRequired)?;
        let max = usize::try_from(constants::TITLE_MAX_BYTES).unwrap_or(usize::MAX);
        let title = sanitize_title(raw_title, max);
        self.blocking(move |_| store::write_title(&lock(&writer), title)).await
    }
}

/// Runs file work on the blocking pool.
async fn blocking<T: Send + 'static>(
    inner: Arc<Inner>,
    work: impl FnOnce(&Inner) -> Result<T, SessionError> + Send + 'static,
) -> Result<T, ErrorCode> {
    match tokio::task::spawn_blocking(move || work(&inner)).await {
        Ok(result) => result.map_err(to_code),
        Err(_) => Err(to_code(SessionError::Join)),
    }
}

/// The workspace a session's metadata names; `None` when it names none or cannot be read.
fn recorded_workspace(dir: &Path) -> Option<String> {
    crate::storage::transcript::read_meta(dir, crate::storage::transcript::DEFAULT_MAX_META_BYTES)
        .ok()
        .flatten()
        .and_then(|m| m.workspace)
}

/// Messages as transcript lines, without their newlines (the writer adds them).
fn encode_lines(messages: &[SessionMessage]) -> Result<Vec<Vec<u8>>, SessionError> {
    messages
        .iter()
        .map(|m| {
            let mut line = encode_record(m)?;
            line.pop();
            Ok(line)
        })
        .collect()
}

impl Inner {
    fn replay(
        &self,
        session_id: &SessionId,
        after: Option<&str>,
        limit: usize,
    ) -> Result<SessionReplayResponse, SessionError> {
        let dir = store::existing_dir(&self.state_root, session_id)?;
        self.close_abandoned(session_id, &dir);
        let entry = lock(&self.projections).get(session_id);
        let mut slot = lock(&entry);
        let shared = store::replay_lock(&dir)?;
        replay::read(&mut slot, &dir, shared, window_limits(), session_id, after, limit)
    }

    fn claim(
        &self,
        conn: ConnectionId,
        session_id: &SessionId,
        take_over: bool,
        announced: ResponseGate,
    ) -> Result<SessionClaimResponse, SessionError> {
        let dir = store::existing_dir(&self.state_root, session_id)?;
        let writer = lock(&self.control).reserve(conn, session_id, take_over, || store::acquire_writer(&dir))?;
        // "An unsettled turn found when a daemon (re)opens a session ... is closed durably."
        let repaired = self.settle_interrupted(session_id, &mut lock(&writer));
        let result =
            repaired.and_then(|()| self.grant_with_snapshot(conn, session_id, take_over, announced, &dir, &writer));
        if result.is_err() {
            drop(lock(&self.control).abort(session_id));
        }
        result
    }

    /// Holding the writer mutex keeps appends out, so the replay cursor and the turn state
    /// of the snapshot describe the same moment.
    fn grant_with_snapshot(
        &self,
        conn: ConnectionId,
        session_id: &SessionId,
        take_over: bool,
        announced: ResponseGate,
        dir: &Path,
        writer: &SharedWriter,
    ) -> Result<SessionClaimResponse, SessionError> {
        let _appends_held = lock(writer);
        let replay_cursor = {
            let entry = lock(&self.projections).get(session_id);
            let mut slot = lock(&entry);
            let projection = slot.get_or_insert_with(|| Projection::new(session_id));
            projection.refresh(dir, window_limits())?;
            projection.end_cursor()
        };
        let claim_id = ids::new_claim_id();
        let granted = lock(&self.control).grant(conn, session_id, take_over, claim_id.clone(), announced)?;
        let state = if granted.running_turn.is_some() { SnapshotState::Running } else { SnapshotState::Idle };
        Ok(SessionClaimResponse::new(
            session_id.clone(),
            claim_id,
            granted.grant_generation,
            granted.live_sequence,
            ClaimSnapshot::new(state, granted.running_turn, replay_cursor),
        ))
    }

    fn append(&self, session_id: &SessionId, lines: &[Vec<u8>], durability: Durability) -> Result<(), SessionError> {
        let writer = lock(&self.control).attachment(session_id).ok_or(SessionError::ControlRequired)?;
        let mut writer = lock(&writer);
        self.append_locked(session_id, &mut writer, lines, durability)
    }

    /// Appends under the writer; a failed append leaves the turn's end unwritten, so the
    /// session is checked again (and such a turn closed) before its next turn.
    fn append_locked(
        &self,
        session_id: &SessionId,
        writer: &mut SessionWriter,
        lines: &[Vec<u8>],
        durability: Durability,
    ) -> Result<(), SessionError> {
        // Replays of this process wait on the projection instead of seeing the append lock
        // and answering `session_busy`.
        let entry = lock(&self.projections).get(session_id);
        let _projection = lock(&entry);
        let result = store::append_lock(writer.dir()).and_then(|_exclusive| Ok(writer.append_with(lines, durability)?));
        if result.is_err() {
            writer.checked = false;
        }
        result
    }
}
