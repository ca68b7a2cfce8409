//! A turn's start in the session domain: [`Sessions::begin_turn`], one pass through the
//! control table, and the [`TurnAttachment`] it returns. The running state keeps the
//! attachment alive, so the turn's first records are written through the writer it names
//! without another look-up in the control table.

use std::sync::Arc;

use agentwire_protocol::{Control, ErrorCode, SessionId, SessionMessage, SnapshotTurn};

use super::error::to_code;
use super::store::SharedWriter;
use super::{blocking, encode_lines, lock, ConnectionId, Inner, Sessions};
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
}

impl TurnAttachment {
    /// Before the turn's first record: closes a turn a crash left open (if this daemon has not
    /// checked since it opened the session, or since an append failed) and returns the
    /// session's message clock.
    pub async fn open(&self) -> Result<Arc<MessageClock>, ErrorCode> {
        let (writer, id) = (Arc::clone(&self.writer), self.session_id.clone());
        blocking(Arc::clone(&self.inner), move |inner| {
            let mut writer = lock(&writer);
            inner.settle_interrupted(&id, &mut writer)?;
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
