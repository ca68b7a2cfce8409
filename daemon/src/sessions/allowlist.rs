//! The allowlisted replay projection of one transcript record (seed "Durable replay").
//!
//! Only conversational text and turn labels leave the daemon: user prompts, visible
//! top-level assistant text, and turn terminals. Tool calls, thinking, subagent output
//! (anything with `parentId`/`agentId`), permissions, media and service notes are dropped.
//!
//! Here too is the one computation of where a compaction checkpoint starts ([`Checkpoints`]),
//! shared by replay's projection cache (`projection::Projection`) and the model's context
//! (`crate::turns::context`), so the two cannot disagree about what a summary replaces (seed:
//! "its summary precedes the conversation after its cutoff").
//!
//! A summary is appended when its turn settles: after that turn's prompt, which was appended
//! at admission, and after the text of the turn's earlier tool-loop rounds. What it replaces is
//! the history before that prompt, so the checkpoint starts at the prompt and the compacting
//! turn stays whole. The records from the prompt up to the summary are the checkpoint's
//! *head*. When the metadata names no prompt (written before it did) or the window does not
//! hold it, the checkpoint starts at the summary itself and has no head.

use std::borrow::Cow;
use std::collections::HashMap;

use agentwire_protocol::{
    constants, ReplayItem, ReplayItemMessage, ReplayItemSummary, ReplayItemTerminal, ReplayRole, ReplayTerminalStatus,
    SessionMessage, SessionMessageAgentService, TurnEndStatus,
};

use crate::redact::redact;
use crate::storage::transcript::Summaries;

/// What one record contributes before it is cut into parts.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Projected<'a> {
    Message(ReplayRole, Cow<'a, str>),
    Terminal(ReplayTerminalStatus),
    Summary(Cow<'a, str>),
}

/// The projection of one record; `summaries` names the session's compaction summaries.
pub(crate) fn project<'a>(message: &'a SessionMessage, summaries: &Summaries) -> Option<Projected<'a>> {
    match message {
        SessionMessage::UserText(m) if top_level(&m.parent_id, &m.agent_id) => {
            Some(Projected::Message(ReplayRole::User, redact(&m.text)))
        }
        SessionMessage::AgentText(m) if top_level(&m.parent_id, &m.agent_id) && m.thinking != Some(true) => {
            Some(Projected::Message(ReplayRole::Assistant, redact(&m.text)))
        }
        SessionMessage::AgentTurnEnd(m) if top_level(&m.parent_id, &m.agent_id) => {
            // A failed turn the metadata names (by its `turn-end` ID and turn) ended because
            // the runtime could not continue without compaction.
            let required = m.status == TurnEndStatus::Failed && summaries.contains(&m.id, Some(&m.turn));
            Some(Projected::Terminal(if required {
                ReplayTerminalStatus::CompactionRequired
            } else {
                terminal_status(m.status)
            }))
        }
        SessionMessage::AgentService(m) if top_level(&m.parent_id, &m.agent_id) => {
            compaction_summary(m, summaries).map(|text| Projected::Summary(redact(text)))
        }
        _ => None,
    }
}

/// Subagent and nested-tool records carry a parent or agent identity; the replay is the
/// top-level conversation only.
fn top_level<T>(parent_id: &Option<T>, agent_id: &Option<T>) -> bool {
    parent_id.is_none() && agent_id.is_none()
}

fn terminal_status(status: TurnEndStatus) -> ReplayTerminalStatus {
    match status {
        TurnEndStatus::Completed => ReplayTerminalStatus::Completed,
        TurnEndStatus::Failed => ReplayTerminalStatus::Failed,
        TurnEndStatus::Cancelled => ReplayTerminalStatus::Cancelled,
    }
}

/// The summary text of a compaction checkpoint.
///
/// A `service` message is free text and its ID is just an ID, so neither decides: a summary
/// is a service message that the session's own metadata names, by message ID and turn, as a
/// compaction summary this daemon wrote ([`Summaries`]); any other service note stays out of
/// replay. The window reader starts the projection at the latest checkpoint in the window
/// ("its summary precedes the conversation after its cutoff"): at the compacting turn's prompt
/// when the metadata names it, so that turn replays whole; see [`Checkpoints`].
///
/// The same metadata list also names the `turn-end` of each turn that ended with
/// `compaction_required`; a `turn-end` is never a `service` message, so the two cannot be
/// confused.
fn compaction_summary<'a>(message: &'a SessionMessageAgentService, summaries: &Summaries) -> Option<&'a str> {
    summaries.contains(&message.id, message.turn.as_deref()).then_some(message.text.as_str())
}

/// The message ID of a top-level user message that the metadata names as a compacting turn's
/// prompt (where that turn's checkpoint starts, see [`Checkpoints`]).
pub(crate) fn compacting_prompt<'m>(message: &'m SessionMessage, summaries: &Summaries) -> Option<&'m str> {
    match message {
        SessionMessage::UserText(m) if top_level(&m.parent_id, &m.agent_id) && summaries.is_prompt(&m.id) => {
            Some(&m.id)
        }
        _ => None,
    }
}

/// For a compaction summary the metadata vouches for: its text, and the ID of its turn's
/// prompt when the metadata records one (not before prompts were recorded).
pub(crate) fn summary_of<'m, 's>(
    message: &'m SessionMessage,
    summaries: &'s Summaries,
) -> Option<(&'m str, Option<&'s str>)> {
    match message {
        SessionMessage::AgentService(m) if top_level(&m.parent_id, &m.agent_id) => {
            compaction_summary(m, summaries).map(|text| (text, summaries.prompt_of(&m.id)))
        }
        _ => None,
    }
}

/// Splits `text` at UTF-8 boundaries into parts of at most `max_bytes` (at least one part,
/// so an empty message is still one item). `max_bytes` must be ≥ 4 so a char always fits.
pub(crate) fn split_parts(text: &str, max_bytes: usize) -> Vec<&str> {
    let max_bytes = max_bytes.max(4);
    let mut parts = Vec::with_capacity(text.len() / max_bytes + 1);
    let mut rest = text;
    while rest.len() > max_bytes {
        let mut end = max_bytes;
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (head, tail) = rest.split_at(end);
        parts.push(head);
        rest = tail;
    }
    parts.push(rest);
    parts
}

/// The replay items of one record; `cursor_of(i)` gives the cursor of item `i`.
pub(crate) fn items(projected: &Projected<'_>, mut cursor_of: impl FnMut(u32) -> String) -> Vec<ReplayItem> {
    let part_bytes = usize::try_from(constants::REPLAY_PART_BYTES).unwrap_or(usize::MAX);
    match projected {
        Projected::Terminal(status) => {
            vec![ReplayItem::Terminal(ReplayItemTerminal::new(cursor_of(0), *status))]
        }
        Projected::Message(role, text) => {
            let parts = split_parts(text, part_bytes);
            let last = parts.len() - 1;
            (0u32..)
                .zip(parts)
                .map(|(i, part)| {
                    ReplayItem::Message(ReplayItemMessage::new(
                        cursor_of(i),
                        *role,
                        part.to_string(),
                        u64::from(i),
                        i as usize == last,
                    ))
                })
                .collect()
        }
        Projected::Summary(text) => {
            let parts = split_parts(text, part_bytes);
            let last = parts.len() - 1;
            (0u32..)
                .zip(parts)
                .map(|(i, part)| {
                    ReplayItem::Summary(ReplayItemSummary::new(
                        cursor_of(i),
                        part.to_string(),
                        u64::from(i),
                        i as usize == last,
                    ))
                })
                .collect()
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoint {
    /// Offset of the first record after the cut: the prompt, or the summary.
    pub start: u64,
    /// Offset of the summary record.
    pub summary: u64,
    /// The metadata names a prompt that the window does not hold (the window bound cut it):
    /// the compacting turn shows from its summary, and the missing prompt is a gap.
    pub prompt_cut: bool,
}

impl Checkpoint {
    /// The summary offset when the record at `offset` lies in this checkpoint's head.
    pub fn head_of(&self, offset: u64) -> Option<u64> {
        (self.start <= offset && offset < self.summary).then_some(self.summary)
    }
}

/// What a window's records, read oldest first, say about checkpoints: the offsets of the
/// compacting turns' prompts seen so far.
#[derive(Debug, Default)]
pub struct Checkpoints {
    /// Window offsets of the user messages the metadata names as compacting turns' prompts,
    /// by message ID (at most one entry per compaction record).
    prompts: HashMap<String, u64>,
}

impl Checkpoints {
    pub fn clear(&mut self) {
        self.prompts.clear();
    }

    /// Takes in the record at `offset` of a window starting at `base`; when it is a
    /// compaction summary the metadata vouches for, the checkpoint it opens and its text.
    pub fn observe<'m>(
        &mut self,
        message: &'m SessionMessage,
        offset: u64,
        base: u64,
        summaries: &Summaries,
    ) -> Option<(Checkpoint, &'m str)> {
        if let Some(id) = compacting_prompt(message, summaries) {
            self.prompts.insert(id.to_owned(), offset);
            return None;
        }
        let (text, prompt_id) = summary_of(message, summaries)?;
        let prompt = prompt_id.and_then(|id| self.prompts.get(id)).copied().filter(|&p| base <= p && p < offset);
        let checkpoint = Checkpoint {
            start: prompt.unwrap_or(offset),
            summary: offset,
            prompt_cut: prompt_id.is_some() && prompt.is_none(),
        };
        Some((checkpoint, text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agentwire_protocol::{
        SessionMessageAgentText, SessionMessageAgentToolCallStart, SessionMessageAgentTurnEnd, SessionMessageUserText,
    };

    /// The projection of a session whose metadata names no compaction summary.
    fn plain(message: &SessionMessage) -> Option<Projected<'_>> {
        project(message, &Summaries::default())
    }

    fn service(id: &str, turn: Option<&str>, text: &str) -> SessionMessage {
        SessionMessage::AgentService(SessionMessageAgentService::new(id, 5, text).with_turn(turn))
    }

    #[test]
    fn only_service_messages_the_metadata_names_by_id_and_turn_are_summaries() {
        use crate::storage::transcript::{CompactionRef, SessionMeta};
        let meta = SessionMeta {
            title: None,
            created_at: "x".into(),
            updated_at: "x".into(),
            compactions: vec![CompactionRef { id: "m-1".into(), turn: "t-1".into(), prompt_id: None }],
            workspace: None,
        };
        let summaries = Summaries::of(Some(&meta));
        let summary = service("m-1", Some("t-1"), "They discussed the README.");
        assert_eq!(project(&summary, &summaries), Some(Projected::Summary("They discussed the README.".into())));
        assert_eq!(plain(&summary), None, "without the metadata's word it is just a service note");
        // Neither the ID's shape nor the text makes a summary.
        for other in [
            service("m-1", Some("t-2"), "same ID, another turn"),
            service("m-1", None, "same ID, outside a turn"),
            service("cmp-0123abcd", Some("t-1"), "a summary-looking ID"),
            service("m-2", Some("t-1"), "Summary of the earlier conversation: ..."),
        ] {
            assert_eq!(project(&other, &summaries), None, "{other:?}");
        }
    }

    fn user(text: &str) -> SessionMessage {
        SessionMessage::UserText(SessionMessageUserText::new("u", 1, text))
    }

    fn agent(text: &str, thinking: Option<bool>, parent: Option<&str>, agent_id: Option<&str>) -> SessionMessage {
        SessionMessage::AgentText(
            SessionMessageAgentText::new("a", 2, "t", text)
                .with_parent_id(parent)
                .with_agent_id(agent_id)
                .with_thinking(thinking),
        )
    }

    #[test]
    fn allowlist_user_text_is_a_user_message_and_visible_agent_text_an_assistant_message() {
        assert_eq!(plain(&user("Q")), Some(Projected::Message(ReplayRole::User, "Q".into())));
        for thinking in [None, Some(false)] {
            assert_eq!(
                plain(&agent("A", thinking, None, None)),
                Some(Projected::Message(ReplayRole::Assistant, "A".into()))
            );
        }
    }

    #[test]
    fn allowlist_drops_thinking_and_subagent_text() {
        assert_eq!(plain(&agent("hmm", Some(true), None, None)), None, "thinking is not replayed");
        assert_eq!(plain(&agent("sub", None, Some("call1"), None)), None, "parentId text is subagent text");
        assert_eq!(plain(&agent("sub", None, None, Some("agent1"))), None, "agentId text is subagent text");
        let tool = SessionMessage::AgentToolCallStart(SessionMessageAgentToolCallStart::new(
            "x",
            3,
            "t",
            "c",
            "bash",
            "t",
            "d",
            serde_json::json!({"command": "ls"}),
        ));
        assert_eq!(plain(&tool), None, "tool arguments are never projected");
    }

    #[test]
    fn turn_end_becomes_a_terminal_with_its_status() {
        for (status, expected) in [
            (TurnEndStatus::Completed, ReplayTerminalStatus::Completed),
            (TurnEndStatus::Cancelled, ReplayTerminalStatus::Cancelled),
            (TurnEndStatus::Failed, ReplayTerminalStatus::Failed),
        ] {
            let end = SessionMessage::AgentTurnEnd(SessionMessageAgentTurnEnd::new("e", 4, "t", status));
            assert_eq!(plain(&end), Some(Projected::Terminal(expected)));
        }
    }

    #[test]
    fn projected_text_uses_the_redaction_policy() {
        let message = user("key sk-abcdefghijklmnopqrstuvwxyz123456 here");
        let Some(Projected::Message(_, text)) = plain(&message) else {
            panic!("user text is projected");
        };
        assert!(!text.contains("sk-abcdefghijklmnopqrstuvwxyz123456"), "{text}");
    }

    #[test]
    fn text_is_split_at_utf8_boundaries_into_parts_of_at_most_replay_part_bytes() {
        let max = constants::REPLAY_PART_BYTES as usize;
        // 3-byte chars never line up with 2048, so the cut must back off.
        let text = "€".repeat(2000);
        let parts = split_parts(&text, max);
        assert!(parts.iter().all(|p| p.len() <= max && !p.is_empty()));
        assert_eq!(parts.concat(), text);
        assert_eq!(parts[0].len(), 2046);
        assert_eq!(split_parts("", max), vec![""]);
        assert_eq!(split_parts(&"a".repeat(max), max).len(), 1);
        assert_eq!(split_parts(&"a".repeat(max + 1), max).len(), 2);
    }

    #[test]
    fn parts_count_from_zero_per_message_and_mark_the_last() {
        let text = "x".repeat(constants::REPLAY_PART_BYTES as usize * 2 + 1);
        let got = items(&Projected::Message(ReplayRole::Assistant, text.into()), |i| format!("c{i}"));
        let parts: Vec<(u64, bool, String)> = got
            .iter()
            .map(|it| match it {
                ReplayItem::Message(m) => (m.part, m.last_part, m.cursor.clone()),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(parts, vec![(0, false, "c0".into()), (1, false, "c1".into()), (2, true, "c2".into())]);
        let summary = items(&Projected::Summary("s".into()), |i| format!("c{i}"));
        assert!(matches!(&summary[..], [ReplayItem::Summary(s)] if s.part == 0 && s.last_part));
    }
}
