//! The model context a new turn starts from: the session's earlier top-level conversation,
//! read from the transcript's recent window. Tool exchanges are not replayed to the model
//! (their results are not stored); a compaction summary replaces everything before it.

use std::path::Path;

use agentwire_protocol::{decode_session_message, SessionMessage};

use crate::providers::ChatMessage;
use crate::runtime::compaction::SUMMARY_HEADER;
use crate::transcript::{read_recent_window, Summaries, WindowLimits, WindowLine};

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
                    _ => messages.push(ChatMessage::Assistant { text: m.text, tool_calls: Vec::new() }),
                }
            }
            SessionMessage::AgentService(m)
                if top_level(&m.parent_id, &m.agent_id) && summaries.contains(&m.id, m.turn.as_deref()) =>
            {
                // The summary covers what came before its turn's prompt; that prompt stays.
                let prompt = messages.iter().rev().find(|m| matches!(m, ChatMessage::User(_))).cloned();
                messages = vec![ChatMessage::User(format!("{SUMMARY_HEADER}\n{}", m.text))];
                messages.extend(prompt);
            }
            _ => {}
        }
    }
    messages
}
