//! Synthesized turns: events the proxy injects after a successful `session.claim`, so the
//! suite's event checker runs even while the target has no turns. The valid turn has a
//! sequence gap (allowed) and a terminal whose text extends the deltas.

use agentwire_protocol::EventName;
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnFault {
    None,
    Regress,
    Duplicate,
    AfterTerminal,
    Truncate,
    WrongGrant,
    StaleLiveSequence,
    DropTerminalField,
}

/// The events of one injected turn for the session `claim` (a session.claim success response)
/// granted.
pub fn synth_turn(claim: &Value, fault: TurnFault, n: u64) -> Vec<Value> {
    let p = &claim["payload"];
    let session = p["session_id"].clone();
    let grant = p["grant_generation"].as_u64().unwrap_or(0) + u64::from(fault == TurnFault::WrongGrant);
    let live =
        p["live_sequence"].as_u64().unwrap_or(0).saturating_sub(u64::from(fault == TurnFault::StaleLiveSequence));
    let turn = format!("t-synth-{n}");
    let event = |name: EventName, payload: Value| {
        json!({"protocol_version":2,"kind":"event","event":name.as_str(),"instance_id":claim["instance_id"],"connection_id":claim["connection_id"],
               "session_id":session,"operation_id":format!("op-synth-{n}"),"grant_generation":grant,"live_sequence":live,
               "payload":payload})
    };
    let delta =
        |seq: u64, text: &str| event(EventName::TurnAssistantDelta, json!({"turn_id":turn,"sequence":seq,"text":text}));
    let terminal = |seq: u64, text: &str| {
        let mut t = json!({"turn_id":turn,"session_id":session,"status":"completed","assistant_text":text,"sequence":seq,"activity_dropped":1,
                           "activity_replay_available":false,"replay_required":true,"persistence":"committed","error":null});
        if fault == TurnFault::DropTerminalField {
            if let Some(o) = t.as_object_mut() {
                o.remove("persistence");
            }
        }
        event(EventName::TurnTerminal, t)
    };
    let activity = event(
        EventName::TurnActivity,
        json!({"turn_id":turn,"sequence":2,"activity":{"activity_id":"act_synth","kind":"lifecycle","category":"assistant","status":"running","details_omitted":true}}),
    );
    let mut out = vec![
        event(EventName::TurnStarted, json!({"turn_id":turn,"session_id":session,"status":"started","sequence":0})),
        delta(1, "Hello "),
    ];
    match fault {
        TurnFault::Regress => out.extend([delta(3, "wor"), delta(2, "ld")]),
        TurnFault::Duplicate => out.push(delta(1, "world")),
        TurnFault::AfterTerminal => out.extend([terminal(2, "Hello world"), delta(3, " again")]),
        TurnFault::Truncate => out.extend([delta(2, "world"), terminal(3, "Hello wor")]),
        TurnFault::None | TurnFault::WrongGrant | TurnFault::StaleLiveSequence | TurnFault::DropTerminalField => {
            out.extend([activity, delta(4, "world"), terminal(5, "Hello world!")]);
        }
    }
    out
}
