//! Name conversions shared by every emitter, so all targets agree on generated names.

/// `session.list` → `SessionList`, `turn.assistant_delta` → `TurnAssistantDelta`,
/// `agent_tool_call_start` → `AgentToolCallStart`.
pub fn pascal(name: &str) -> String {
    name.split(['.', '_', '-'])
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut c = p.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect()
}

/// `callId` → `call_id`, `max_record_bytes` → `max_record_bytes`.
pub fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, ch) in name.chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        } else if ch == '-' || ch == '.' {
            out.push('_');
        } else {
            out.push(ch);
        }
    }
    out
}

/// `max_record_bytes` → `MAX_RECORD_BYTES`.
pub fn shouty(name: &str) -> String {
    snake(name).to_ascii_uppercase()
}

/// `session.list` → `sessionList`, `max_record_bytes` → `maxRecordBytes`.
pub fn camel(name: &str) -> String {
    let p = pascal(name);
    let mut c = p.chars();
    c.next().map(|f| f.to_ascii_lowercase().to_string() + c.as_str()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(pascal("thing.other_delta"), "ThingOtherDelta");
        assert_eq!(pascal("allow-once"), "AllowOnce");
        assert_eq!(snake("callId"), "call_id");
        assert_eq!(snake("durationMs"), "duration_ms");
        assert_eq!(shouty("max_record_bytes"), "MAX_RECORD_BYTES");
        assert_eq!(camel("thing.list"), "thingList");
    }
}
