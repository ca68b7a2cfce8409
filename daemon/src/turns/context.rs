//! The model context a new turn starts from: the session's earlier top-level conversation,
//! read from the transcript's recent window ([`RawWindow`], the reader replay uses too). Tool
//! exchanges are not replayed to the model (their results are not stored), nor is raw
//! reasoning (never stored; providers that want thinking blocks back need them only within the
//! tool loop of the turn that produced them). The latest compaction checkpoint
//! ([`Checkpoints`], replay's computation) cuts the context: its summary replaces everything
//! before the checkpoint's start, the compacting turn's prompt.

use std::path::Path;

use agentwire_protocol::{decode_session_message, SessionMessage};

use crate::agent::compaction::SUMMARY_HEADER;
use crate::providers::ChatMessage;
use crate::sessions::allowlist::Checkpoints;
use crate::storage::transcript::{RawWindow, Summaries, WindowLimits};

/// Earlier context read per turn: the model gets at most this much of the transcript
/// (compaction keeps long sessions below it).
const HISTORY_WINDOW: WindowLimits = WindowLimits { max_bytes: 1024 * 1024, max_records: 20_000 };

fn top_level(parent: &Option<String>, agent: &Option<String>) -> bool {
    parent.is_none() && agent.is_none()
}

/// Reads the session's model context; unreadable or malformed lines are skipped (a torn tail
/// after a crash must not block the session), and each line is decoded once. `summaries` are
/// the compaction summaries the session's metadata names; any other service message is not
/// model context.
pub fn load(session_dir: &Path, summaries: &Summaries) -> Vec<ChatMessage> {
    let Ok(window) = RawWindow::read_session(session_dir, HISTORY_WINDOW.max_bytes) else { return Vec::new() };
    let lines: Vec<_> = window.lines().collect();
    // The record bound keeps the newest lines.
    let lines = &lines[lines.len().saturating_sub(HISTORY_WINDOW.max_records)..];
    let base = lines.first().map_or(0, |l| l.offset);
    let mut checkpoints = Checkpoints::default();
    // Each message with the offset of its (first) record.
    let mut messages: Vec<(u64, ChatMessage)> = Vec::new();
    let mut summary: Option<String> = None;
    for line in lines {
        let Ok(message) = decode_session_message(line.bytes) else { continue };
        if let Some((checkpoint, text)) = checkpoints.observe(&message, line.offset, base, summaries) {
            // What came before the checkpoint is the summary now; the compacting turn's prompt
            // and what that turn said before compacting stay.
            messages.retain(|(offset, _)| *offset >= checkpoint.start);
            summary = Some(text.to_owned());
            continue;
        }
        match message {
            SessionMessage::UserText(m) if top_level(&m.parent_id, &m.agent_id) => {
                messages.push((line.offset, ChatMessage::User(m.text)))
            }
            SessionMessage::AgentText(m) if top_level(&m.parent_id, &m.agent_id) && m.thinking != Some(true) => {
                match messages.last_mut() {
                    Some((_, ChatMessage::Assistant { text, .. })) => text.push_str(&m.text),
                    _ => messages.push((
                        line.offset,
                        ChatMessage::Assistant { text: m.text, tool_calls: Vec::new(), echo: Vec::new() },
                    )),
                }
            }
            _ => {}
        }
    }
    let summary = summary.map(|text| ChatMessage::User(format!("{SUMMARY_HEADER}\n{text}")));
    summary.into_iter().chain(messages.into_iter().map(|(_, m)| m)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::transcript::fixtures::{agent_text as agent, user_text as user};
    use crate::storage::transcript::{CompactionRef, SessionMeta};
    use agentwire_protocol::runtime::encode_record;
    use agentwire_protocol::SessionMessageAgentService;

    fn summary(id: &str, turn: &str) -> SessionMessage {
        SessionMessage::AgentService(SessionMessageAgentService::new(id, 3, "the gist").with_turn(turn))
    }

    fn text_of(m: &ChatMessage) -> String {
        match m {
            ChatMessage::User(t) => format!("user:{t}"),
            ChatMessage::Assistant { text, .. } => format!("assistant:{text}"),
            other => format!("{other:?}"),
        }
    }

    fn write(dir: &std::path::Path, lines: &[Vec<u8>]) {
        std::fs::write(dir.join(crate::storage::transcript::TRANSCRIPT_FILE), lines.concat()).unwrap();
    }

    fn meta(compactions: Vec<CompactionRef>) -> SessionMeta {
        SessionMeta { title: None, created_at: String::new(), updated_at: String::new(), compactions, workspace: None }
    }

    #[test]
    fn a_line_with_duplicate_keys_is_not_model_context_as_it_is_not_replayed() {
        // Each line is decoded once, from its raw bytes, as replay decodes it: "duplicate
        // member names" make a record invalid, and a re-serialized value used to hide them.
        let tmp = tempfile::tempdir().unwrap();
        let whole = encode_record(&user("u9", "a")).unwrap();
        let text = br#""text":"a""#;
        let at = whole.windows(text.len()).position(|w| w == text).unwrap() + text.len();
        let dup = [&whole[..at], br#","text":"b""#, &whole[at..]].concat();
        write(tmp.path(), &[encode_record(&user("u0", "kept")).unwrap(), whole]);
        let got: Vec<String> = load(tmp.path(), &Summaries::default()).iter().map(text_of).collect();
        assert_eq!(got, ["user:kept", "user:a"], "the line is context without the duplicate");
        write(tmp.path(), &[encode_record(&user("u0", "kept")).unwrap(), dup]);
        let got: Vec<String> = load(tmp.path(), &Summaries::default()).iter().map(text_of).collect();
        assert_eq!(got, ["user:kept"]);
    }

    #[test]
    fn the_window_bounds_keep_the_newest_lines() {
        let tmp = tempfile::tempdir().unwrap();
        let n = HISTORY_WINDOW.max_records + 2;
        let lines: Vec<Vec<u8>> =
            (0..n).map(|i| encode_record(&user(&format!("u{i}"), &i.to_string())).unwrap()).collect();
        write(tmp.path(), &lines);
        let got = load(tmp.path(), &Summaries::default());
        assert!(!got.is_empty() && got.len() <= HISTORY_WINDOW.max_records, "{}", got.len());
        let texts: Vec<String> = got.iter().map(text_of).collect();
        let newest: Vec<String> = (n - got.len()..n).map(|i| format!("user:{i}")).collect();
        assert_eq!(texts, newest, "a contiguous run of the newest lines");
    }

    #[test]
    fn a_summary_without_its_prompt_in_the_window_starts_the_context_as_replay_does() {
        // The checkpoint is replay's: when the prompt the metadata names is not in the window,
        // or the metadata names none, the context starts at the summary itself.
        for prompt_id in [Some("gone".to_owned()), None] {
            let tmp = tempfile::tempdir().unwrap();
            let lines = [
                encode_record(&user("u0", "old question")).unwrap(),
                encode_record(&agent("a0", "t1", "before")).unwrap(),
                encode_record(&summary("s1", "t1")).unwrap(),
                encode_record(&agent("a1", "t1", "after")).unwrap(),
            ];
            write(tmp.path(), &lines);
            let m = meta(vec![CompactionRef { id: "s1".into(), turn: "t1".into(), prompt_id }]);
            let got: Vec<String> = load(tmp.path(), &Summaries::of(Some(&m))).iter().map(text_of).collect();
            assert_eq!(got, [format!("user:{SUMMARY_HEADER}\nthe gist"), "assistant:after".into()]);
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
            workspace: None,
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
