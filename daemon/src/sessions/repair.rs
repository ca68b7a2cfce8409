//! Crash repair: a turn whose `turn-start` is in the transcript but whose `turn-end` is not was
//! cut short by a crash (or its settlement could not be written). It is closed durably, before
//! any client can observe the session and before any new turn: a `service` message saying so
//! and a `turn-end` with `status:"failed"`. Everything the turn wrote stays as it is (the stream
//! is append-only); replay then shows the prompt, the text that was written and a `failed`
//! terminal.
//!
//! When: on the first access of any kind ([`Inner::close_abandoned`]: replay and status of a
//! session this daemon has not attached; a claim, which attaches it, repairs too). A turn is
//! abandoned exactly when its session's writer lock is free: a live daemon holds that lock for
//! as long as any turn of its own runs. So an access that finds the tail open takes the writer
//! lock only when it is free (never waiting, as an attachment of its own that a concurrent claim
//! shares), closes the turn under it and lets go. A lock held elsewhere means the turn may still
//! be running there, and it stays open. Nothing runs at start and nothing walks the sessions
//! folder: the cost is one bounded read of the accessed session's tail ([`scan`], a few KiB
//! for a settled session), whatever the number of sessions on disk. This also covers a daemon
//! that crashed and never restarts while another daemon (another workspace) serves the same
//! state root.

use std::fs::File;
use std::io;
use std::path::Path;

use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::{
    decode_session_message, SessionMessage, SessionMessageAgentService, SessionMessageAgentTurnEnd, TurnEndStatus,
};

use super::error::SessionError;
use super::{lock, store, Inner};
use crate::storage::transcript::{
    is_unsafe_file, open_transcript, read_range, Durability, MessageClock, SessionWriter,
};

/// How far back the scan looks for the open turn's `turn-start`: the replay window, beyond
/// which no reader of the session looks either.
const SCAN_BYTES: u64 = agentwire_protocol::limits::MAX_SESSION_REPLAY_WINDOW_BYTES;

/// The first read from the end; each further read looks four times as far back, up to
/// [`SCAN_BYTES`]. A settled session ends with its `turn-end`, so one read finds it.
const FIRST_READ_BYTES: u64 = 16 * 1024;

/// The text of the `service` message that closes an interrupted turn.
pub(crate) const INTERRUPTED_NOTE: &str =
    "The turn was interrupted: the service stopped before the turn ended, so it is closed as failed.";

/// What the transcript's tail says.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Tail {
    /// The turn left open, if any.
    pub open_turn: Option<String>,
    /// `time` and `id` of the last whole record, to resume the clock from.
    pub last: Option<(u64, String)>,
    /// Bytes read to find this out (the bound on a repair check's cost).
    pub read: u64,
}

/// Scans the transcript backwards from its end to the latest top-level `turn-start` or
/// `turn-end`, reading [`FIRST_READ_BYTES`] first and further back only while neither is found.
/// A torn last line (a crash mid-append) is skipped: it is no message. The transcript is opened
/// as every session file is (no links, regular files of this user only).
pub(crate) fn scan(session_dir: &Path) -> io::Result<Tail> {
    let file = match open_transcript(session_dir) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Tail::default()),
        Err(e) => return Err(e),
    };
    let len = file.metadata()?.len();
    let mut span = FIRST_READ_BYTES.min(SCAN_BYTES);
    let mut read = 0;
    loop {
        let start = len.saturating_sub(span);
        let (mut tail, decided) = scan_range(&file, start, len)?;
        read += len - start;
        if decided || start == 0 || span >= SCAN_BYTES {
            tail.read = read;
            return Ok(tail);
        }
        span = span.saturating_mul(4).min(SCAN_BYTES);
    }
}

/// The tail of bytes `[start, len)`; true when a top-level `turn-start` or `turn-end` decided it.
fn scan_range(file: &File, start: u64, len: u64) -> io::Result<(Tail, bool)> {
    let data = read_range(file, start, len)?;
    // Only lines that end with a newline are whole; when the read starts mid-file, its first
    // (cut) line is skipped too.
    let body = match data.iter().rposition(|&b| b == b'\n') {
        Some(end) => &data[..end],
        None => return Ok((Tail::default(), false)),
    };
    let mut lines: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    if start > 0 {
        lines.remove(0);
    }
    let mut tail = Tail::default();
    for line in lines.into_iter().rev() {
        let Ok(message) = decode_session_message(line) else { continue };
        if tail.last.is_none() {
            tail.last = Some(identity(&message));
        }
        match message {
            SessionMessage::AgentTurnEnd(e) if e.parent_id.is_none() && e.agent_id.is_none() => {
                return Ok((tail, true))
            }
            SessionMessage::AgentTurnStart(s) if s.parent_id.is_none() && s.agent_id.is_none() => {
                tail.open_turn = Some(s.turn);
                return Ok((tail, true));
            }
            _ => {}
        }
    }
    Ok((tail, false))
}

impl Inner {
    /// "A turn whose daemon is gone is closed before any client can observe the session": called
    /// by replay and status before they look. A failure is logged and the access goes on
    /// showing what is on disk; an unsafe transcript was logged where it was refused.
    pub(super) fn close_abandoned(&self, session_id: &str, dir: &Path) {
        match self.try_close_abandoned(session_id, dir) {
            Ok(()) => {}
            Err(SessionError::Io(e)) if is_unsafe_file(&e) => {}
            Err(e) => tracing::warn!(error = %e, "an interrupted turn could not be closed"),
        }
    }

    fn try_close_abandoned(&self, session_id: &str, dir: &Path) -> Result<(), SessionError> {
        let attached = lock(&self.control).attachment(session_id);
        if let Some(writer) = attached {
            // Attached here: this daemon knows whether a turn of its own runs. The writer mutex
            // first, then the control lock (the claim snapshot's order): a turn that starts
            // after this check waits for the writer before its first record.
            let mut writer = lock(&writer);
            if lock(&self.control).status(0, session_id).turn.is_none() {
                self.settle_interrupted(session_id, &mut writer)?;
            }
            return Ok(());
        }
        // The common case, a settled tail, costs one small read and takes no lock.
        if scan(dir)?.open_turn.is_none() {
            return Ok(());
        }
        // An attachment of its own (pending, never granted), so a concurrent claim shares the
        // writer instead of finding it busy; a held lock means another daemon may be running it.
        let reserved = lock(&self.control).reserve(0, session_id, true, || store::acquire_writer(dir));
        let writer = match reserved {
            Ok(writer) => writer,
            Err(e) if e.code() == agentwire_protocol::ErrorCode::SessionBusy => return Ok(()),
            // Every attachment is in use: repair under a lock of its own, still never waiting.
            Err(SessionError::AttachmentLimit) => match store::acquire_writer(dir) {
                Ok(writer) => return self.settle_interrupted(session_id, &mut lock(&writer)),
                Err(e) if e.code() == agentwire_protocol::ErrorCode::SessionBusy => return Ok(()),
                Err(e) => return Err(e),
            },
            Err(e) => return Err(e),
        };
        let result = self.settle_interrupted(session_id, &mut lock(&writer));
        drop(lock(&self.control).abort(session_id));
        result
    }

    /// Closes the turn a crash left open in the transcript and resumes the message clock from
    /// the last record; once per opening of the session (and again after a failed append).
    pub(super) fn settle_interrupted(&self, session_id: &str, writer: &mut SessionWriter) -> Result<(), SessionError> {
        if writer.checked {
            return Ok(());
        }
        let tail = scan(writer.dir())?;
        if let Some((time, id)) = &tail.last {
            writer.clock.resume(*time, id);
        }
        if let Some(turn) = &tail.open_turn {
            let lines = closing(turn, &writer.clock)
                .iter()
                .map(|m| {
                    let mut line = encode_record(m)?;
                    line.pop();
                    Ok(line)
                })
                .collect::<Result<Vec<_>, SessionError>>()?;
            self.append_locked(session_id, writer, &lines, Durability::Synced)?;
            tracing::warn!(turn = %turn, "closed a turn left open by an interrupted service");
        }
        writer.checked = true;
        Ok(())
    }
}

/// The two records that close an interrupted turn.
pub(crate) fn closing(turn: &str, clock: &MessageClock) -> [SessionMessage; 2] {
    let (id, time) = clock.next();
    let note = SessionMessage::AgentService(
        SessionMessageAgentService::new(id, time, INTERRUPTED_NOTE.to_owned()).with_turn(turn.to_owned()),
    );
    let (id, time) = clock.next();
    let end =
        SessionMessage::AgentTurnEnd(SessionMessageAgentTurnEnd::new(id, time, turn.to_owned(), TurnEndStatus::Failed));
    [note, end]
}

fn identity(message: &SessionMessage) -> (u64, String) {
    let (time, id) = match message {
        SessionMessage::AgentTurnStart(m) => (m.time, &m.id),
        SessionMessage::AgentTurnEnd(m) => (m.time, &m.id),
        SessionMessage::AgentText(m) => (m.time, &m.id),
        SessionMessage::UserText(m) => (m.time, &m.id),
        SessionMessage::AgentToolCallStart(m) => (m.time, &m.id),
        SessionMessage::AgentToolCallEnd(m) => (m.time, &m.id),
        SessionMessage::AgentPermissionRequest(m) => (m.time, &m.id),
        SessionMessage::UserPermissionResponse(m) => (m.time, &m.id),
        SessionMessage::AgentPhoto(m) => (m.time, &m.id),
        SessionMessage::UserPhoto(m) => (m.time, &m.id),
        SessionMessage::AgentVideo(m) => (m.time, &m.id),
        SessionMessage::UserVideo(m) => (m.time, &m.id),
        SessionMessage::AgentFile(m) => (m.time, &m.id),
        SessionMessage::UserFile(m) => (m.time, &m.id),
        SessionMessage::AgentService(m) => (m.time, &m.id),
    };
    (time, id.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operations::ResponseGate;
    use crate::sessions::Sessions;
    use crate::storage::transcript::fixtures::{agent_text, user_text};
    use crate::storage::transcript::TRANSCRIPT_FILE;
    use agentwire_protocol::{ReplayItem, SessionClaimRequest, SessionMessageAgentTurnStart, SessionReplayRequest};

    fn start(id: &str, turn: &str) -> SessionMessage {
        SessionMessage::AgentTurnStart(SessionMessageAgentTurnStart::new(id, 7, turn))
    }

    fn write(dir: &Path, messages: &[SessionMessage], torn: &[u8]) {
        let mut bytes: Vec<u8> = messages.iter().flat_map(|m| encode_record(m).unwrap()).collect();
        bytes.extend_from_slice(torn);
        std::fs::write(dir.join(TRANSCRIPT_FILE), bytes).unwrap();
    }

    #[test]
    fn an_unsettled_turn_is_found_behind_its_written_messages_and_a_torn_tail() {
        let tmp = tempfile::tempdir().unwrap();
        write(tmp.path(), &[user_text("u1", "q"), start("s1", "t1"), agent_text("a1", "t1", "half")], b"{\"id\":");
        let tail = scan(tmp.path()).unwrap();
        assert_eq!(tail.open_turn.as_deref(), Some("t1"));
        assert_eq!(tail.last, Some((2, "a1".into())), "the torn line is no record");
        let [note, end] = closing("t1", &MessageClock::default());
        assert!(matches!(note, SessionMessage::AgentService(ref s) if s.turn.as_deref() == Some("t1")));
        assert!(matches!(end, SessionMessage::AgentTurnEnd(ref e) if e.status == TurnEndStatus::Failed));
    }

    #[test]
    fn a_settled_or_empty_transcript_has_no_open_turn() {
        let tmp = tempfile::tempdir().unwrap();
        assert_eq!(scan(tmp.path()).unwrap(), Tail::default());
        let [_, end] = closing("t1", &MessageClock::default());
        write(tmp.path(), &[user_text("u1", "q"), start("s1", "t1"), end], b"");
        assert_eq!(scan(tmp.path()).unwrap().open_turn, None);
    }

    #[test]
    fn the_clock_is_monotonic_and_resumes_after_the_last_record() {
        let clock = MessageClock::default();
        let far = 9_000_000_000_000;
        clock.resume(far, &format!("m-{far:013}-000041"));
        let (a, ta) = clock.next();
        let (b, tb) = clock.next();
        assert_eq!((ta, tb), (far, far), "a clock behind the transcript repeats its last time");
        assert_eq!(a, format!("m-{far:013}-000042"));
        assert!(b > a);
    }

    #[test]
    fn a_repair_check_reads_one_small_chunk_of_a_settled_session_whatever_its_size() {
        // The cost bound of the first-access repair: a settled tail is decided by the first
        // read, an open turn by reading back to its `turn-start`, never beyond the window.
        let tmp = tempfile::tempdir().unwrap();
        let text = "x".repeat(1000);
        let mut history: Vec<SessionMessage> = Vec::new();
        for i in 0..3000 {
            history.push(agent_text(&format!("a{i}"), "t0", &text));
        }
        let [_, end] = closing("t0", &MessageClock::default());
        let mut settled = history.clone();
        settled.extend([start("s1", "t1"), agent_text("a", "t1", "done"), end]);
        write(tmp.path(), &settled, b"");
        let tail = scan(tmp.path()).unwrap();
        assert_eq!(tail.open_turn, None);
        assert_eq!(tail.read, FIRST_READ_BYTES, "3 MB on disk, one 16 KiB read");

        // An open turn 100 KB long: 16 + 64 + 256 KiB read back to its start.
        let mut open = vec![start("s1", "t1")];
        open.extend((0..100).map(|i| agent_text(&format!("b{i}"), "t1", &text)));
        write(tmp.path(), &open, b"");
        let tail = scan(tmp.path()).unwrap();
        assert_eq!(tail.open_turn.as_deref(), Some("t1"));
        let whole = std::fs::metadata(tmp.path().join(TRANSCRIPT_FILE)).unwrap().len();
        assert_eq!(tail.read, FIRST_READ_BYTES * (1 + 4) + whole, "read back to the start, not further");

        // Neither found within the window: the scan stops at the window.
        write(tmp.path(), &history, b"");
        let tail = scan(tmp.path()).unwrap();
        assert_eq!(tail.open_turn, None);
        assert!(tail.read < 2 * SCAN_BYTES, "{} bytes read", tail.read);
    }

    fn open_turn(prompt: &str) -> [SessionMessage; 3] {
        [user_text("u1", prompt), start("s1", "t1"), agent_text("a1", "t1", "half an answer")]
    }

    /// `count` sessions, each left with an open turn by a daemon that then died (its writer
    /// locks are released with it).
    async fn abandoned(root: &Path, count: usize) -> Vec<String> {
        let crashed = Sessions::new(root.to_path_buf());
        let mut ids = Vec::new();
        for i in 0..count {
            let id = crashed.create().await.unwrap().session_id;
            let claim = SessionClaimRequest::new().with_take_over(false);
            crashed.claim(1, &id, claim, ResponseGate::open()).await.unwrap();
            crashed.append(&id, &open_turn(&format!("q{i}"))).await.unwrap();
            // Releases the writer lock as the crash would (within the attachment bound).
            crashed.disconnect(1).await;
            ids.push(id);
        }
        drop(crashed);
        ids
    }

    fn shown(items: &[ReplayItem]) -> Vec<String> {
        items
            .iter()
            .map(|item| match item {
                ReplayItem::Message(m) => format!("{}:{}", m.role, m.text),
                ReplayItem::Terminal(t) => format!("terminal:{}", t.status),
                ReplayItem::Summary(s) => format!("summary:{}", s.text),
            })
            .collect()
    }

    fn transcript_of(root: &Path, id: &str) -> Vec<u8> {
        std::fs::read(root.join("sessions").join(id).join(TRANSCRIPT_FILE)).unwrap()
    }

    #[tokio::test]
    async fn a_turn_whose_daemon_is_gone_is_closed_before_the_first_replay_or_status_shows_it() {
        // "A turn whose daemon is gone is closed before any client can observe the session":
        // on the first access, replay or status, with no claim and no work at start.
        let tmp = tempfile::tempdir().unwrap();
        let ids = abandoned(tmp.path(), 40).await;
        let before: Vec<Vec<u8>> = ids.iter().map(|id| transcript_of(tmp.path(), id)).collect();
        let restarted = Sessions::new(tmp.path().to_path_buf());
        let page = restarted.replay(&ids[0], SessionReplayRequest::new().with_limit(32)).await.unwrap();
        assert_eq!(shown(&page.events), ["user:q0", "assistant:half an answer", "terminal:failed"]);
        assert!(!page.gap);
        let status = restarted.status(1, &ids[1]).await.unwrap();
        assert!(status.turn.is_none() && !status.controlled);
        let page = restarted.replay(&ids[1], SessionReplayRequest::new().with_limit(32)).await.unwrap();
        assert_eq!(shown(&page.events), ["user:q1", "assistant:half an answer", "terminal:failed"]);
        // Its cost does not grow with the sessions on disk: the 38 sessions nobody accessed
        // were not touched.
        for (id, bytes) in ids.iter().zip(&before).skip(2) {
            assert_eq!(&transcript_of(tmp.path(), id), bytes);
        }
        // Closed once: later accesses and a claim add nothing.
        let closed = transcript_of(tmp.path(), &ids[0]);
        restarted.replay(&ids[0], SessionReplayRequest::new().with_limit(32)).await.unwrap();
        let claim = SessionClaimRequest::new().with_take_over(false);
        restarted.claim(2, &ids[0], claim, ResponseGate::open()).await.unwrap();
        assert_eq!(transcript_of(tmp.path(), &ids[0]), closed);
    }

    #[tokio::test]
    async fn a_turn_whose_writer_lock_is_held_elsewhere_stays_open_and_a_claim_is_not_blocked() {
        // Another daemon holding the writer lock may still be running the turn.
        let tmp = tempfile::tempdir().unwrap();
        let ids = abandoned(tmp.path(), 1).await;
        let dir = tmp.path().join("sessions").join(&ids[0]);
        let elsewhere = SessionWriter::try_acquire(&dir).unwrap();
        let restarted = Sessions::new(tmp.path().to_path_buf());
        let page = restarted.replay(&ids[0], SessionReplayRequest::new().with_limit(32)).await.unwrap();
        assert_eq!(shown(&page.events), ["user:q0", "assistant:half an answer"], "still running there");
        drop(elsewhere);
        let page = restarted.replay(&ids[0], SessionReplayRequest::new().with_limit(32)).await.unwrap();
        assert_eq!(shown(&page.events).last().map(String::as_str), Some("terminal:failed"));
        // The repair's attachment is gone: a claim (of another connection too) gets the session.
        let claim = SessionClaimRequest::new().with_take_over(false);
        restarted.claim(3, &ids[0], claim, ResponseGate::open()).await.unwrap();
        assert!(restarted.status(3, &ids[0]).await.unwrap().controlled_by_caller);
    }
}
