//! "Before any mutation, validate successful initialization, serving identities, expected
//! workspace/state root, wire 2, transport unix, required operations, the entire advertised
//! event set, activity flags and required limits against independent local bounds."

use crate::handshake::messages::Accepted;
use agentwire_protocol::{limits, EventName, InitializeResponse, LimitMap, Method, Transport, PROTOCOL_VERSION};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PreflightError {
    #[error("initialize identities differ from the handshake's")]
    Identity,
    #[error("service speaks wire {0}, not {PROTOCOL_VERSION}")]
    Version(u16),
    #[error("service does not offer the unix transport")]
    Transport,
    #[error("required operation `{0}` is not advertised")]
    MissingOperation(String),
    #[error("advertised event `{0}` is unknown to this client")]
    UnknownEvent(String),
    #[error("initialize's two limit maps differ")]
    LimitMapsDiffer,
    #[error("advertised `{0}` exceeds what this client can consume")]
    LimitBeyondLocal(&'static str),
    #[error("turn.activity is advertised with activity events disabled")]
    ActivityInconsistent,
}

/// Limits that bound what the service may send; a larger advertisement is refused locally.
fn output_bounds(m: &LimitMap) -> [(&'static str, u64, u64); 6] {
    [
        ("max_record_bytes", m.max_record_bytes, limits::MAX_RECORD_BYTES),
        ("max_string_bytes", m.max_string_bytes, limits::MAX_STRING_BYTES),
        ("max_json_depth", m.max_json_depth, limits::MAX_JSON_DEPTH),
        ("max_array_items", m.max_array_items, limits::MAX_ARRAY_ITEMS),
        ("max_object_fields", m.max_object_fields, limits::MAX_OBJECT_FIELDS),
        ("max_session_replay_page_bytes", m.max_session_replay_page_bytes, limits::MAX_SESSION_REPLAY_PAGE_BYTES),
    ]
}

pub fn preflight(accepted: &Accepted, init: &InitializeResponse, required: &[Method]) -> Result<(), PreflightError> {
    let same = init.instance_id == accepted.instance_id
        && init.workspace_id == accepted.workspace_id
        && init.state_root_id == accepted.state_root_id;
    if !same {
        return Err(PreflightError::Identity);
    }
    let caps = &init.capabilities;
    if init.protocol_version != PROTOCOL_VERSION || !caps.protocol_versions.contains(&PROTOCOL_VERSION) {
        return Err(PreflightError::Version(init.protocol_version));
    }
    if !caps.transports.contains(&Transport::Unix) {
        return Err(PreflightError::Transport);
    }
    if let Some(m) = required.iter().find(|m| !caps.operations.iter().any(|o| o == m.as_str())) {
        return Err(PreflightError::MissingOperation(m.as_str().to_owned()));
    }
    // "Unknown/unadvertised events ... invalidate trusted stream state, even when requested operations exist."
    if let Some(e) = caps.events.iter().find(|e| EventName::from_wire(e).is_none()) {
        return Err(PreflightError::UnknownEvent(e.clone()));
    }
    if init.limits != caps.limits {
        return Err(PreflightError::LimitMapsDiffer);
    }
    if let Some((name, _, _)) = output_bounds(&init.limits).into_iter().find(|(_, adv, local)| adv > local) {
        return Err(PreflightError::LimitBeyondLocal(name));
    }
    // Activity flags are consts in the spec, so the decoder already refused any other value;
    // what remains is consistency with the event set.
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use agentwire_protocol::consumer::decode_value;
    use agentwire_protocol::runtime::Mode;

    fn init() -> (Accepted, InitializeResponse) {
        let caps: serde_json::Value = serde_json::from_str(agentwire_protocol::CAPABILITIES_JSON).unwrap();
        let v = serde_json::json!({"protocol_version":2,"server_version":"0.1.0","instance_id":"in_1","connection_id":"cn_1",
            "workspace_id":"ws_1","state_root_id":"sr_1","capabilities":caps,"limits":caps["limits"]});
        let accepted = Accepted {
            version: "0.1.0".into(),
            pid: 1,
            instance_id: "in_1".into(),
            workspace_id: "ws_1".into(),
            state_root_id: "sr_1".into(),
        };
        (accepted, decode_value(&v, Mode::Tolerant).unwrap())
    }

    #[test]
    fn full_profile_passes() {
        let (a, i) = init();
        assert_eq!(preflight(&a, &i, &[Method::TurnStart]), Ok(()));
    }

    #[test]
    fn an_unknown_advertised_event_fails_even_when_operations_exist() {
        // "Advertisement adds an unknown event: Reject locally before mutation, even if every requested operation exists."
        let (a, mut i) = init();
        i.capabilities.events.push("turn.steering".into());
        assert_eq!(preflight(&a, &i, &[Method::Status]), Err(PreflightError::UnknownEvent("turn.steering".into())));
    }

    #[test]
    fn identities_limits_and_required_operations_are_checked() {
        let (a, mut i) = init();
        i.workspace_id = "ws_other".into();
        assert_eq!(preflight(&a, &i, &[]), Err(PreflightError::Identity));
        let (a, mut i) = init();
        i.limits.max_record_bytes += 1;
        assert_eq!(preflight(&a, &i, &[]), Err(PreflightError::LimitMapsDiffer));
        let (a, mut i) = init();
        i.limits.max_string_bytes *= 2;
        i.capabilities.limits.max_string_bytes *= 2;
        assert_eq!(preflight(&a, &i, &[]), Err(PreflightError::LimitBeyondLocal("max_string_bytes")));
        let (a, mut i) = init();
        i.capabilities.operations.retain(|o| o != "turn.start");
        assert_eq!(preflight(&a, &i, &[Method::TurnStart]), Err(PreflightError::MissingOperation("turn.start".into())));
    }
}
