//! A running turn in the session domain: [`Sessions::begin_turn`], one pass through the
//! control table, and the [`TurnAttachment`] it returns; then the turn's progress
//! ([`Sessions::publish_turn`]) and its end ([`Sessions::end_turn`]). The running state keeps
//! the attachment alive, so the turn's first records are written through the writer it names
//! without another look-up in the control table.

use std::sync::Arc;

use agentwire_protocol::{Control, ErrorCode, SessionId, SessionMessage, SnapshotTurn};

use super::error::to_code;
use super::store::SharedWriter;
use super::{blocking, encode_lines, lock, recorded_workspace, ConnectionId, Inner, Recipient, Sessions};
use crate::storage::transcript::{Durability, MessageClock};

pub struct TurnAttachment {
    inner: Arc<Inner>,
    session_id: SessionId,
    writer: SharedWriter,
}

impl std::fmt::Debug for TurnAttachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TurnAttachment").field("session_id", &self.session_id).finish_non_exhaustive()
    }
}

impl Sessions {
    /// `turn.start`'s one pass through the control table: `control` must be `conn`'s current
    /// grant and the session must have no running turn (`session_busy`); `turn` becomes the
    /// running turn claims snapshot and status reports, which keeps the attachment (and the
    /// writer lease) through cleanup even if the controller leaves. The turn's admission
    /// records go through the returned handle; [`Sessions::end_turn`] ends the running state.
    pub fn begin_turn(
        &self,
        conn: ConnectionId,
        session_id: &SessionId,
        control: &Control,
        turn: SnapshotTurn,
    ) -> Result<TurnAttachment, ErrorCode> {
        let writer = lock(&self.inner.control).begin_turn(conn, session_id, control, turn).map_err(to_code)?;
        Ok(TurnAttachment { inner: Arc::clone(&self.inner), session_id: session_id.clone(), writer })
    }

    /// Turn-module hook: publishes the running turn's progress (what a claim snapshot shows) and
    /// returns the controller that the events up to it go to, atomically with claims.
    pub fn publish_turn(&self, session_id: &SessionId, turn: SnapshotTurn) -> Result<Option<Recipient>, ErrorCode> {
        lock(&self.inner.control).publish_turn(session_id, turn).map_err(to_code)
    }

    /// The session's current controller, with the identities its events carry.
    pub fn controller(&self, session_id: &SessionId) -> Option<Recipient> {
        lock(&self.inner.control).controller(session_id)
    }

    /// Turn-module hook: the turn is over; returns the controller its terminal goes to and
    /// releases the attachment when nothing else keeps it (after the turn's cleanup).
    pub fn end_turn(&self, session_id: &SessionId, turn_id: &str) -> Option<Recipient> {
        let (recipient, released) = lock(&self.inner.control).end_turn(session_id, turn_id);
        drop(released);
        recipient
    }
}

impl TurnAttachment {
    /// `session_workspace_mismatch` when the session was created for another workspace than
    /// this daemon's: a turn's tools work in the daemon's workspace, so a session's turns run
    /// only where it was created. A session whose metadata names no workspace runs anywhere;
    /// unreadable metadata is left to admission, which reads the session anyway. The
    /// metadata is read from the folder of the writer the attachment holds.
    pub async fn check_workspace(&self) -> Result<(), ErrorCode> {
        let dir = lock(&self.writer).dir().to_path_buf();
        let theirs = blocking(Arc::clone(&self.inner), move |_| Ok(recorded_workspace(&dir))).await?;
        match (theirs, self.inner.workspace.as_deref()) {
            (Some(theirs), Some(ours)) if theirs != ours => Err(ErrorCode::SessionWorkspaceMismatch),
            _ => Ok(()),
        }
    }

    /// Before the turn's first record: closes a turn a crash left open (if this daemon has not
    /// checked since it opened the session, or since an append failed) and returns the
    /// session's message clock.
    pub async fn open(&self) -> Result<Arc<MessageClock>, ErrorCode> {
        let (writer, id) = (Arc::clone(&self.writer), self.session_id.clone());
        blocking(Arc::clone(&self.inner), move |inner| {
            let mut writer = lock(&writer);
            // The claim that gave this turn its control already checked, unless an append
            // failed since.
            if !writer.checked {
                inner.settle_interrupted(&id, &mut writer)?;
            }
            Ok(Arc::clone(&writer.clock))
        })
        .await
    }

    /// Appends messages durably (one `fsync`).
    pub async fn append(&self, messages: &[SessionMessage]) -> Result<(), ErrorCode> {
        let lines = encode_lines(messages).map_err(to_code)?;
        let (writer, id) = (Arc::clone(&self.writer), self.session_id.clone());
        blocking(Arc::clone(&self.inner), move |inner| {
            inner.append_locked(&id, &mut lock(&writer), &lines, Durability::Synced)
        })
        .await
    }
}
