//! The model context a new turn starts from: the session's earlier top-level conversation,
//! read from the transcript's recent window. Tool exchanges are not replayed to the model
//! (their results are not stored), nor is raw reasoning (never stored; providers that want
//! thinking blocks back need them only within the tool loop of the turn that produced them);
//! a compaction summary replaces everything before it.

use std::path::Path;

use agentwire_protocol::{decode_session_message, SessionMessage};

use crate::agent::compaction::SUMMARY_HEADER;
use crate::providers::ChatMessage;
use crate::storage::transcript::{read_recent_window, Summaries, WindowLimits, WindowLine};

/// Earlier context read per turn: the model gets at most this much of the transcript
/// (compaction keeps long sessions below it).
const HISTORY_WINDOW_BYTES: u64 = 1024 * 1024;

fn top_level(parent: &Option<String>, agent: &Option<String>) -> bool {
    parent.is_none() && agent.is_none()
}

/// Reads the session's history; unreadable or malformed lines are skipped (a torn tail
/// after a crash must not block the session). `summaries` are the compaction summaries the
/// session's metadata names; any other service message is not model context.
pub fn load(session_dir: &Path, summaries: &Summaries) -> Vec<ChatMessage> {
    let limits = WindowLimits { max_bytes: HISTORY_WINDOW_BYTES, max_records: 20_000 };
    let Ok(window) = read_recent_window(session_dir, limits) else { return Vec::new() };
    let mut messages: Vec<ChatMessage> = Vec::new();
    for line in window.lines {
        let WindowLine::Record { object, .. } = line else { continue };
        let Ok(bytes) = serde_json::to_vec(&object) else { continue };
        let Ok(message) = decode_session_message(&bytes) else { continue };
        match message {
            SessionMessage::UserText(m) if top_level(&m.parent_id, &m.agent_id) => {
                messages.push(ChatMessage::User(m.text))
            }
            SessionMessage::AgentText(m) if top_level(&m.parent_id, &m.agent_id) && m.thinking != Some(true) => {
                match messages.last_mut() {
                    Some(ChatMessage::Assistant { text, .. }) => text.push_str(&m.text),
                    _ => {
                        messages.push(ChatMessage::Assistant { text: m.text, tool_calls: Vec::new(), echo: Vec::new() })
                    }
                }
            }
            SessionMessage::AgentService(m)
                if top_level(&m.parent_id, &m.agent_id) && summaries.contains(&m.id, m.turn.as_deref()) =>
            {
                // The summary covers what came before its turn's prompt; the prompt and what the
                // turn said before compacting (on an earlier tool-loop round) stay.
                let own = messages.iter().rposition(|m| matches!(m, ChatMessage::User(_)));
                let kept = own.map(|i| messages.split_off(i)).unwrap_or_default();
                messages = vec![ChatMessage::User(format!("{SUMMARY_HEADER}\n{}", m.text))];
                messages.extend(kept);
            }
            _ => {}
        }
    }
    messages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::transcript::fixtures::{agent_text as agent, user_text as user};
    use crate::storage::transcript::{CompactionRef, SessionMeta};
    use agentwire_protocol::runtime::encode_record;
    use agentwire_protocol::SessionMessageAgentService;

    fn summary(id: &str, turn: &str) -> SessionMessage {
        SessionMessage::AgentService(SessionMessageAgentService {
            id: id.into(),
            time: 3,
            parent_id: None,
            agent_id: None,
            turn: Some(turn.into()),
            text: "the gist".into(),
        })
    }

    fn text_of(m: &ChatMessage) -> String {
        match m {
            ChatMessage::User(t) => format!("user:{t}"),
            ChatMessage::Assistant { text, .. } => format!("assistant:{text}"),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn a_summary_written_on_a_later_tool_loop_round_keeps_its_turns_prompt_and_earlier_text() {
        // "a compaction summary replaces everything before it" — before its turn, not the turn itself.
        let tmp = tempfile::tempdir().unwrap();
        let lines: Vec<u8> = [
            user("u0", "old question"),
            agent("a0", "t0", "old answer"),
            user("u1", "new question"),
            agent("a1", "t1", "looking… "),
            summary("s1", "t1"),
            agent("a2", "t1", "found it"),
        ]
        .iter()
        .flat_map(|m| encode_record(m).unwrap())
        .collect();
        std::fs::write(tmp.path().join(crate::storage::transcript::TRANSCRIPT_FILE), lines).unwrap();
        let meta = SessionMeta {
            title: None,
            created_at: String::new(),
            updated_at: String::new(),
            compactions: vec![CompactionRef { id: "s1".into(), turn: "t1".into(), prompt_id: Some("u1".into()) }],
        };
        let got: Vec<String> = load(tmp.path(), &Summaries::of(Some(&meta))).iter().map(text_of).collect();
        assert_eq!(
            got,
            [
                format!("user:{SUMMARY_HEADER}\nthe gist"),
                "user:new question".into(),
                "assistant:looking… found it".into()
            ]
        );
    }
}
