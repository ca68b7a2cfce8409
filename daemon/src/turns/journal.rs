//! What a turn writes to the transcript at settlement, collected as it runs: top-level text
//! segments (between tool calls), tool call records, subagent records (with `parentId` and
//! `agentId`) and compaction summaries. It lives outside the runtime's future so a turn
//! cancelled (its future dropped) still persists everything recorded up to that point.

use std::sync::{Mutex, MutexGuard};

use agentwire_protocol::{
    limits, SessionMessage, SessionMessageAgentService, SessionMessageAgentText, SessionMessageAgentToolCallEnd,
    SessionMessageAgentToolCallStart, SessionMessageAgentTurnEnd, SessionMessageAgentTurnStart, SessionMessageUserText,
    TurnEndStatus,
};
use serde_json::{json, Value};

use crate::instance_id::random_hex;
use crate::redact::truncate_on_char_boundary;
use crate::transcript::CompactionRef;

/// Tool arguments larger than this are not stored (a transcript line must fit one record).
const MAX_STORED_ARGS_BYTES: usize = 4096;

pub fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

fn message_id() -> String {
    format!("m-{}", random_hex(8))
}

/// A transcript tool name: the session format allows `[a-z0-9._]`, 1..=64 bytes; a model can
/// name anything, so other names are folded into that alphabet.
fn tool_name(name: &str) -> String {
    let folded: String = name
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .map(|c| if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '_' { c } else { '_' })
        .take(64)
        .collect();
    if folded.is_empty() {
        "unknown".to_owned()
    } else {
        folded
    }
}

/// A transcript call ID: at most one ID's bytes; longer provider IDs are hashed.
fn call_id(id: &str) -> String {
    if !id.is_empty() && id.len() <= usize::try_from(limits::MAX_ID_BYTES).unwrap_or(usize::MAX) {
        id.to_owned()
    } else {
        crate::turns::activity::hashed_id("call", &[id])
    }
}

fn bounded(text: &str) -> String {
    truncate_on_char_boundary(text, usize::try_from(limits::MAX_STRING_BYTES).unwrap_or(usize::MAX)).to_owned()
}

/// Who produced a record: the main agent, or a subagent under a `task` call.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    pub parent_id: Option<String>,
    pub agent_id: Option<String>,
}

fn user_text(id: String, text: &str) -> SessionMessage {
    SessionMessage::UserText(SessionMessageUserText {
        id,
        time: now_ms(),
        parent_id: None,
        agent_id: None,
        text: text.to_owned(),
    })
}

pub fn turn_start(turn_id: &str) -> SessionMessage {
    SessionMessage::AgentTurnStart(SessionMessageAgentTurnStart {
        id: message_id(),
        time: now_ms(),
        parent_id: None,
        agent_id: None,
        turn: turn_id.to_owned(),
    })
}

pub fn turn_end(turn_id: &str, status: TurnEndStatus) -> SessionMessage {
    SessionMessage::AgentTurnEnd(SessionMessageAgentTurnEnd {
        id: message_id(),
        time: now_ms(),
        parent_id: None,
        agent_id: None,
        turn: turn_id.to_owned(),
        status,
    })
}

#[derive(Debug, Default)]
struct Inner {
    records: Vec<SessionMessage>,
    /// Bytes of the main agent's accepted text already written as segments.
    text_journaled: usize,
    /// The compaction summaries among `records`, for the session's metadata.
    compactions: Vec<CompactionRef>,
    /// Message ID of the turn's prompt, once [`Journal::admission`] wrote it.
    prompt_id: Option<String>,
    /// The runtime could not continue without a compaction it could not do.
    compaction_required: bool,
}

/// What a settled turn writes: its transcript records, and the compaction summaries among
/// them for the session's metadata (plus, for a failed turn that needed compaction, its
/// `turn-end`, which replay then shows as a `compaction_required` terminal).
#[derive(Debug)]
pub struct Settled {
    pub records: Vec<SessionMessage>,
    pub compactions: Vec<CompactionRef>,
}

#[derive(Debug)]
pub struct Journal {
    turn_id: String,
    inner: Mutex<Inner>,
}

impl Journal {
    pub fn new(turn_id: &str) -> Journal {
        Journal { turn_id: turn_id.to_owned(), inner: Mutex::new(Inner::default()) }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The records the turn's admission appends: the user's prompt and the `turn-start`. The
    /// journal keeps the prompt's ID so the turn's compaction summaries can name it: replay
    /// starts a checkpoint at that prompt ([`CompactionRef::prompt_id`]).
    pub fn admission(&self, prompt: &str) -> [SessionMessage; 2] {
        let id = message_id();
        self.lock().prompt_id = Some(id.clone());
        [user_text(id, prompt), turn_start(&self.turn_id)]
    }

    fn text_record(&self, origin: &Origin, text: &str) -> SessionMessage {
        SessionMessage::AgentText(SessionMessageAgentText {
            id: message_id(),
            time: now_ms(),
            parent_id: origin.parent_id.as_deref().map(call_id),
            agent_id: origin.agent_id.clone(),
            turn: self.turn_id.clone(),
            text: bounded(text),
            thinking: None,
        })
    }

    /// Journals the main agent's text accepted since the last segment (`accepted` is the whole
    /// accepted text so far).
    pub fn main_text(&self, accepted: &str) {
        let mut inner = self.lock();
        let Some(segment) = accepted.get(inner.text_journaled..).filter(|s| !s.is_empty()) else { return };
        let record = self.text_record(&Origin::default(), segment);
        inner.text_journaled = accepted.len();
        inner.records.push(record);
    }

    pub fn child_text(&self, origin: &Origin, text: &str) {
        if !text.is_empty() {
            let record = self.text_record(origin, text);
            self.lock().records.push(record);
        }
    }

    pub fn tool_start(&self, origin: &Origin, id: &str, name: &str, args: &Value, agent_title: Option<&str>) {
        let stored = if args.to_string().len() > MAX_STORED_ARGS_BYTES {
            json!({"omitted": "arguments too large"})
        } else {
            args.clone()
        };
        let record = SessionMessage::AgentToolCallStart(SessionMessageAgentToolCallStart {
            id: message_id(),
            time: now_ms(),
            parent_id: origin.parent_id.as_deref().map(call_id),
            agent_id: origin.agent_id.clone(),
            turn: self.turn_id.clone(),
            call_id: call_id(id),
            tool_name: tool_name(name),
            title: bounded(name),
            description: String::new(),
            args: stored,
            agent_title: agent_title.map(bounded),
        });
        self.lock().records.push(record);
    }

    pub fn tool_end(&self, origin: &Origin, id: &str, error: Option<&str>) {
        let record = SessionMessage::AgentToolCallEnd(SessionMessageAgentToolCallEnd {
            id: message_id(),
            time: now_ms(),
            parent_id: origin.parent_id.as_deref().map(call_id),
            agent_id: origin.agent_id.clone(),
            turn: self.turn_id.clone(),
            call_id: call_id(id),
            error: error.map(bounded),
        });
        self.lock().records.push(record);
    }

    /// A compaction summary: a top-level `service` message of this turn. What makes it a
    /// summary is not its ID or text but the session metadata's record of it
    /// ([`Settled::compactions`], recorded before the records are appended).
    pub fn compaction_summary(&self, summary: &str) {
        let id = message_id();
        let record = SessionMessage::AgentService(SessionMessageAgentService {
            id: id.clone(),
            time: now_ms(),
            parent_id: None,
            agent_id: None,
            turn: Some(self.turn_id.clone()),
            text: bounded(summary),
        });
        let mut inner = self.lock();
        inner.records.push(record);
        let prompt_id = inner.prompt_id.clone();
        inner.compactions.push(CompactionRef { id, turn: self.turn_id.clone(), prompt_id });
    }

    /// The turn cannot continue: compaction failed, or the context is still over the
    /// provider's window after it. A `failed` settlement then records its `turn-end` in the
    /// session metadata, the same way as a summary, so replay shows `compaction_required`.
    pub fn compaction_required(&self) {
        self.lock().compaction_required = true;
    }

    /// Everything journaled, with the rest of the accepted text and the `turn-end`.
    pub fn settle(&self, accepted: &str, status: TurnEndStatus) -> Settled {
        self.main_text(accepted);
        let mut inner = self.lock();
        let mut records = std::mem::take(&mut inner.records);
        let end = turn_end(&self.turn_id, status);
        let mut compactions = std::mem::take(&mut inner.compactions);
        if inner.compaction_required && status == TurnEndStatus::Failed {
            if let SessionMessage::AgentTurnEnd(e) = &end {
                // A turn end is no checkpoint: it names no prompt.
                compactions.push(CompactionRef { id: e.id.clone(), turn: self.turn_id.clone(), prompt_id: None });
            }
        }
        records.push(end);
        Settled { records, compactions }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_journaled_in_segments_between_tool_calls() {
        let j = Journal::new("t");
        j.main_text("Let me look.");
        j.tool_start(&Origin::default(), "c1", "list_folder", &json!({"path":"."}), None);
        j.tool_end(&Origin::default(), "c1", None);
        let records = j.settle("Let me look. Found it.", TurnEndStatus::Cancelled).records;
        let texts: Vec<&str> = records
            .iter()
            .filter_map(|r| match r {
                SessionMessage::AgentText(t) => Some(t.text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts, ["Let me look.", " Found it."]);
        assert!(
            matches!(records.last(), Some(SessionMessage::AgentTurnEnd(e)) if e.status == TurnEndStatus::Cancelled)
        );
    }

    #[test]
    fn a_compaction_summary_names_the_prompt_of_its_turn_so_replay_shows_the_turn_whole() {
        // Issue "Turns" 5: the prompt is appended at admission, before the summary exists; the
        // summary's metadata record names it so replay can start the checkpoint there.
        let j = Journal::new("t");
        let admission = j.admission("Question");
        let SessionMessage::UserText(prompt) = &admission[0] else { panic!("the prompt first") };
        assert_eq!(prompt.text, "Question");
        assert!(matches!(&admission[1], SessionMessage::AgentTurnStart(s) if s.turn == "t"));
        j.main_text("Round one.");
        j.compaction_summary("Earlier: the README.");
        let settled = j.settle("Round one. Round two.", TurnEndStatus::Completed);
        let Some(SessionMessage::AgentService(summary)) =
            settled.records.iter().find(|r| matches!(r, SessionMessage::AgentService(_)))
        else {
            panic!("the summary is journaled")
        };
        let expected = CompactionRef { id: summary.id.clone(), turn: "t".into(), prompt_id: Some(prompt.id.clone()) };
        assert_eq!(settled.compactions, [expected]);
    }

    #[test]
    fn a_failed_turn_that_needed_compaction_names_its_turn_end_for_the_metadata() {
        let j = Journal::new("t");
        j.compaction_required();
        let settled = j.settle("", TurnEndStatus::Failed);
        let Some(SessionMessage::AgentTurnEnd(end)) = settled.records.last() else { panic!("turn-end last") };
        assert_eq!(settled.compactions, [CompactionRef { id: end.id.clone(), turn: "t".into(), prompt_id: None }]);
        // Any other outcome (say, cancelled meanwhile) is not `compaction_required`.
        let j = Journal::new("t");
        j.compaction_required();
        assert!(j.settle("", TurnEndStatus::Cancelled).compactions.is_empty());
    }
}
