//! What an agent said, for a turn's `service` note and the daemon's log: the message of a
//! JSON-RPC error it answered with and the last lines it wrote to stderr, each bounded and
//! scrubbed (the values of the entry's own `env`, then the daemon's credential patterns,
//! control characters and hidden formatting), so a person reads the agent's reason and never
//! a secret.

use agent_client_protocol::v1::schema::AuthMethod;
use agent_client_protocol::ErrorCode as RpcCode;

/// One quoted message of the agent is cut to this many bytes.
pub const MAX_SAID_BYTES: usize = 300;
/// A name the agent defines (a mode, a sign-in method, a stop reason) is cut to this.
pub const MAX_NAME_SHOWN: usize = agentwire_protocol::limits::MAX_ID_BYTES as usize;

/// `text` as it may be shown: `env` values and credential-like substrings redacted, control
/// characters and hidden formatting removed, whitespace collapsed, at most `max` bytes.
/// Empty when nothing visible remains.
pub fn scrub(text: &str, env: &[(String, String)], max: usize) -> String {
    let mut text = text.to_owned();
    // Short values would redact ordinary words; a credential is never this short.
    for (_, value) in env.iter().filter(|(_, v)| v.len() >= 3) {
        text = text.replace(value.as_str(), crate::redact::REDACTED);
    }
    crate::redact::sanitize_title(&text, max).unwrap_or_default()
}

/// Whether the agent refused for want of sign-in (ACP's `auth_required`, -32000).
pub fn needs_sign_in(error: &agent_client_protocol::Error) -> bool {
    error.code == RpcCode::AUTH_REQUIRED
}

/// "it said “…” (JSON-RPC error -32603)": the message of a JSON-RPC error, and its `data`
/// when that is a sentence (the SDK puts there why it could not read an answer).
pub fn error(error: &agent_client_protocol::Error, env: &[(String, String)]) -> String {
    let code = i32::from(error.code);
    let detail = match &error.data {
        Some(serde_json::Value::String(d)) => scrub(d, env, MAX_SAID_BYTES),
        _ => String::new(),
    };
    let detail = if detail.is_empty() { String::new() } else { format!(": {detail}") };
    match scrub(&error.message, env, MAX_SAID_BYTES) {
        m if m.is_empty() => format!("it gave no reason (JSON-RPC error {code}{detail})"),
        m => format!("it said “{m}” (JSON-RPC error {code}{detail})"),
    }
}

/// The sign-in methods an agent offers, by name and ID (`API Key (api-key)`), for a note.
pub fn sign_in_methods(methods: &[AuthMethod], env: &[(String, String)]) -> Vec<String> {
    methods
        .iter()
        .filter_map(|m| {
            let (id, name) = match m {
                AuthMethod::Agent(a) => (a.id.to_string(), a.name.as_str()),
                AuthMethod::Terminal(t) => (t.id.to_string(), t.name.as_str()),
                _ => return None,
            };
            let id = scrub(&id, env, MAX_NAME_SHOWN);
            let name = scrub(name, env, MAX_NAME_SHOWN);
            Some(if name.is_empty() || name == id { format!("`{id}`") } else { format!("{name} (`{id}`)") })
        })
        .take(8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_agents_words_are_bounded_and_never_carry_a_secret() {
        let env = vec![("KEY".to_owned(), "hunter2-value".to_owned())];
        let said = scrub("bad key hunter2-value\nand api_key=sk-abcdefghijklmnop", &env, 300);
        assert_eq!(said, "bad key [redacted] and api_key=[redacted]");
        let long = scrub(&"é".repeat(500), &[], MAX_SAID_BYTES);
        assert!(long.len() <= MAX_SAID_BYTES && long.chars().all(|c| c == 'é'));
    }

    #[test]
    fn a_json_rpc_error_reads_as_the_agents_sentence_with_its_code() {
        let e = agent_client_protocol::Error::new(-32000, "Authentication required");
        assert!(needs_sign_in(&e));
        assert_eq!(error(&e, &[]), "it said “Authentication required” (JSON-RPC error -32000)");
        let blank = agent_client_protocol::Error::new(-32603, "\u{7}  ");
        assert!(!needs_sign_in(&blank));
        assert_eq!(error(&blank, &[]), "it gave no reason (JSON-RPC error -32603)");
    }
}
