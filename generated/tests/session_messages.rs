//! Session message decoding against the session protocol document (issue 20): the fields of
//! `MessageBase` on user messages, tool names as models spell them, and no `thinking` on user
//! text.

use agentwire_protocol::{decode_session_message, SessionMessage};

#[test]
fn user_messages_may_carry_turn_as_in_the_documents_message_base() {
    // "turn?: string; // turn id" is in `MessageBase`, which user messages share.
    let line = br#"{"id":"u1","time":1,"role":"user","type":"text","turn":"t1","text":"Find TODOs"}"#;
    let Ok(SessionMessage::UserText(m)) = decode_session_message(line) else { panic!("a user text with a turn") };
    assert_eq!(m.turn.as_deref(), Some("t1"));
}

#[test]
fn user_messages_never_set_thinking_so_every_value_is_rejected() {
    // "User messages never set `thinking`."
    for thinking in ["true", "false", "\"\"", "\"x\"", "null"] {
        let line = format!(r#"{{"id":"u1","time":1,"role":"user","type":"text","text":"hi","thinking":{thinking}}}"#);
        assert!(decode_session_message(line.as_bytes()).is_err(), "thinking:{thinking} on user text");
    }
    let agent = br#"{"id":"a1","time":1,"role":"agent","type":"text","turn":"t1","text":"hm","thinking":true}"#;
    assert!(matches!(decode_session_message(agent), Ok(SessionMessage::AgentText(t)) if t.thinking == Some(true)));
}

#[test]
fn tool_names_are_the_tools_own_names_so_a_seed_valid_line_is_never_a_gap() {
    // "toolName | string | Tool name (e.g. `bash`, `edit`, `grep`)": any name a model or MCP
    // server uses, kept as spelled.
    for name in ["Grep", "Bash", "create-issue", "mcp__github__create_issue", "ünïcode tool"] {
        let line = format!(
            r#"{{"id":"a4","time":1,"role":"agent","type":"tool-call-start","turn":"t1","callId":"c1","toolName":"{name}","title":"t","description":"d","args":{{}}}}"#
        );
        let Ok(SessionMessage::AgentToolCallStart(m)) = decode_session_message(line.as_bytes()) else {
            panic!("toolName {name}")
        };
        assert_eq!(m.tool_name, name);
    }
    let too_long = "x".repeat(agentwire_protocol::constants::TOOL_NAME_MAX_BYTES as usize + 1);
    let line = format!(
        r#"{{"id":"a4","time":1,"role":"agent","type":"tool-call-start","turn":"t1","callId":"c1","toolName":"{too_long}","title":"t","description":"d","args":{{}}}}"#
    );
    assert!(decode_session_message(line.as_bytes()).is_err(), "bounded");
}
