//! Event envelopes, built in one place from each event's generated rules: the event's
//! correlation says which identities its envelope sets, and every other slot is null whatever
//! the sender knows. A slot the rules require that the sender cannot fill is an error, so no
//! event goes out half-correlated.

use agentwire_protocol::{EventEnvelope, EventPayload, SessionId, PROTOCOL_VERSION};

/// What the work sending an event is correlated to.
#[derive(Debug, Clone, Copy, Default)]
pub struct Correlation<'a> {
    pub session_id: Option<&'a SessionId>,
    pub operation_id: Option<&'a str>,
    /// The receiving controller's grant.
    pub grant: Option<Grant>,
}

/// A controller's grant: the generation of its claim and its live sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grant {
    pub generation: u64,
    pub live_sequence: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{event} carries {slot}, which its sender did not give")]
pub struct MissingSlot {
    pub event: &'static str,
    pub slot: &'static str,
}

/// The envelope of `payload` for the connection `connection_id` of instance `instance_id`.
pub fn envelope(
    instance_id: &str,
    connection_id: &str,
    correlation: &Correlation<'_>,
    payload: EventPayload,
) -> Result<EventEnvelope<EventPayload>, MissingSlot> {
    let name = payload.name();
    let rules = name.rules();
    fn slot<T: Clone>(
        event: &'static str,
        set: bool,
        slot: &'static str,
        v: Option<&T>,
    ) -> Result<Option<T>, MissingSlot> {
        match (set, v) {
            (false, _) => Ok(None),
            (true, Some(v)) => Ok(Some(v.clone())),
            (true, None) => Err(MissingSlot { event, slot }),
        }
    }
    let grant = |set: bool, slot: &'static str, value: Option<u64>| match (set, value) {
        (false, _) => Ok(None),
        (true, Some(v)) => Ok(Some(v)),
        (true, None) => Err(MissingSlot { event: name.as_str(), slot }),
    };
    let g = correlation.grant;
    Ok(EventEnvelope::new(
        PROTOCOL_VERSION,
        name.as_str().to_owned(),
        instance_id.to_owned(),
        connection_id.to_owned(),
        slot(name.as_str(), rules.session_id, "session_id", correlation.session_id)?,
        slot(name.as_str(), rules.operation_id, "operation_id", correlation.operation_id.map(str::to_owned).as_ref())?,
        grant(rules.grant_generation, "grant_generation", g.map(|g| g.generation))?,
        grant(rules.live_sequence, "live_sequence", g.map(|g| g.live_sequence))?,
        payload,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s1() -> agentwire_protocol::SessionId {
        "s-1".parse().unwrap()
    }
    use agentwire_protocol::{EventName, LoginProgress, LoginProgressWaiting, TurnStarted};

    fn turn_started() -> EventPayload {
        EventPayload::TurnStarted(TurnStarted::new("t-1", s1()))
    }

    #[test]
    fn a_turn_event_carries_every_identity_its_rules_set() {
        let c = Correlation {
            session_id: Some(&s1()),
            operation_id: Some("op-1"),
            grant: Some(Grant { generation: 3, live_sequence: 7 }),
        };
        let e = envelope("in_1", "cn_1", &c, turn_started()).unwrap();
        assert_eq!(
            (e.session_id.as_deref(), e.operation_id.as_deref(), e.grant_generation, e.live_sequence),
            (Some("s-1"), Some("op-1"), Some(3), Some(7))
        );
        assert_eq!(
            (e.event.as_str(), e.instance_id.as_str(), e.connection_id.as_str()),
            ("turn.started", "in_1", "cn_1")
        );
    }

    #[test]
    fn slots_the_rules_null_stay_null_whatever_the_sender_knows() {
        // Login events: "null session, grant generation and live sequence".
        let rules = EventName::AuthLoginProgress.rules();
        assert!(!rules.session_id && rules.operation_id && !rules.grant_generation && !rules.live_sequence);
        let c = Correlation {
            session_id: Some(&s1()),
            operation_id: Some("op-1"),
            grant: Some(Grant { generation: 3, live_sequence: 7 }),
        };
        let payload = EventPayload::AuthLoginProgress(LoginProgress::Waiting(LoginProgressWaiting::new(
            "login_1",
            "openai-codex",
        )));
        let e = envelope("in_1", "cn_1", &c, payload).unwrap();
        assert_eq!(
            (e.session_id, e.operation_id.as_deref(), e.grant_generation, e.live_sequence),
            (None, Some("op-1"), None, None)
        );
    }

    #[test]
    fn an_event_missing_a_slot_its_rules_set_is_not_built() {
        let c = Correlation { session_id: Some(&s1()), operation_id: Some("op-1"), grant: None };
        assert_eq!(
            envelope("in_1", "cn_1", &c, turn_started()).unwrap_err(),
            MissingSlot { event: "turn.started", slot: "grant_generation" }
        );
    }
}
