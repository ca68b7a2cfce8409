//! A starting turn's hold on its session's writer, from [`super::Sessions::begin_turn`]: the
//! running state keeps the attachment alive, so the turn's first records are written through
//! the writer it names without another look-up in the control table.

use std::sync::Arc;

use agentwire_protocol::{ErrorCode, SessionId, SessionMessage};

use super::store::SharedWriter;
use super::{blocking, encode_lines, lock, Inner};
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

impl TurnAttachment {
    pub(super) fn new(inner: Arc<Inner>, session_id: SessionId, writer: SharedWriter) -> Self {
        TurnAttachment { inner, session_id, writer }
    }

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
        let lines = encode_lines(messages).map_err(super::error::to_code)?;
        let (writer, id) = (Arc::clone(&self.writer), self.session_id.clone());
        blocking(Arc::clone(&self.inner), move |inner| {
            inner.append_locked(&id, &mut lock(&writer), &lines, Durability::Synced)
        })
        .await
    }
}
