//! What never reaches a recording. The seed: "Auth events and callback requests are
//! transient: never put them in client logs or durable session/settings data. The
//! authorization URL is the sole URL-bearing auth event." So the authorization URL of
//! `auth.login.progress` and the input of `auth.login.callback` (the final redirect URL or
//! code) are replaced by [`REDACTED`](super::REDACTED); every other auth response and event is
//! already free of secrets by the same rule, which the server suite checks.

use super::REDACTED;
use agentwire_protocol::{EventName, Method};
use serde_json::Value;

/// The transient member of a record's payload, if it has one.
fn transient_member(record: &Value) -> Option<&'static str> {
    if let Some(method) = record.get("method").and_then(Value::as_str) {
        return (Method::from_wire(method) == Some(Method::AuthLoginCallback)).then_some("input");
    }
    if record.get("kind").and_then(Value::as_str) != Some("event") {
        return None;
    }
    let event = record.get("event").and_then(Value::as_str)?;
    (EventName::from_wire(event) == Some(EventName::AuthLoginProgress)).then_some("url")
}

/// Replace the record's transient members; returns their JSON pointers.
pub fn redact(record: &mut Value) -> Vec<String> {
    let Some(member) = transient_member(record) else { return Vec::new() };
    match record.get_mut("payload").and_then(|p| p.get_mut(member)) {
        Some(slot) if slot.is_string() => {
            *slot = Value::String(REDACTED.into());
            vec![format!("/payload/{member}")]
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn callback_input_and_authorization_url_never_reach_a_recording() {
        // "Auth events and callback requests are transient: never put them in client logs".
        let mut callback = json!({"kind":"request","method":"auth.login.callback",
            "payload":{"login_id":"login-1","input":"http://127.0.0.1:1455/auth/callback?code=SECRET"}});
        assert_eq!(redact(&mut callback), vec!["/payload/input".to_string()]);
        assert_eq!(callback["payload"]["input"], REDACTED);
        assert_eq!(callback["payload"]["login_id"], "login-1");

        let mut progress = json!({"kind":"event","event":"auth.login.progress",
            "payload":{"login_id":"login-1","state":"authorization_url","url":"https://auth.example/authorize?state=SECRET"}});
        assert_eq!(redact(&mut progress), vec!["/payload/url".to_string()]);
        assert!(!progress.to_string().contains("SECRET"));

        let mut waiting = json!({"kind":"event","event":"auth.login.progress","payload":{"state":"waiting"}});
        assert!(redact(&mut waiting).is_empty());
        let mut status = json!({"kind":"request","method":"status","payload":{}});
        assert!(redact(&mut status).is_empty());
    }
}
