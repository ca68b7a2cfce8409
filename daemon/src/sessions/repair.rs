//! Crash repair: a turn whose `turn-start` is in the transcript but whose `turn-end` is not was
//! cut short by a crash (or its settlement could not be written). When a daemon opens the
//! session (takes its writer lock), it closes that turn durably, before any new turn: a
//! `service` message saying so and a `turn-end` with `status:"failed"`. Everything the turn
//! wrote stays as it is (the stream is append-only); replay then shows the prompt, the text
//! that was written and a `failed` terminal.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

use agentwire_protocol::{
    decode_session_message, SessionMessage, SessionMessageAgentService, SessionMessageAgentTurnEnd, TurnEndStatus,
};

use crate::storage::transcript::{MessageClock, TRANSCRIPT_FILE};

/// How far back the scan looks for the open turn's `turn-start`: the replay window, beyond
/// which no reader of the session looks either.
const SCAN_BYTES: u64 = agentwire_protocol::limits::MAX_SESSION_REPLAY_WINDOW_BYTES;

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
}

/// Scans the transcript backwards from its end to the latest top-level `turn-start` or
/// `turn-end`. A torn last line (a crash mid-append) is skipped: it is no message.
pub(crate) fn scan(session_dir: &Path) -> io::Result<Tail> {
    let mut file = match File::open(session_dir.join(TRANSCRIPT_FILE)) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Tail::default()),
        Err(e) => return Err(e),
    };
    let len = file.metadata()?.len();
    let start = len.saturating_sub(SCAN_BYTES);
    let mut data = Vec::with_capacity(usize::try_from(len - start).unwrap_or(0));
    file.seek(SeekFrom::Start(start))?;
    file.take(len - start).read_to_end(&mut data)?;
    // Only lines that end with a newline are whole; when the read starts mid-file, its first
    // (cut) line is skipped too.
    let body = match data.iter().rposition(|&b| b == b'\n') {
        Some(end) => &data[..end],
        None => return Ok(Tail::default()),
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
            SessionMessage::AgentTurnEnd(e) if e.parent_id.is_none() && e.agent_id.is_none() => break,
            SessionMessage::AgentTurnStart(s) if s.parent_id.is_none() && s.agent_id.is_none() => {
                tail.open_turn = Some(s.turn);
                break;
            }
            _ => {}
        }
    }
    Ok(tail)
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
    use crate::storage::transcript::fixtures::{agent_text, user_text};
    use agentwire_protocol::runtime::encode_record;
    use agentwire_protocol::SessionMessageAgentTurnStart;

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
}
