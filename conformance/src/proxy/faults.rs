//! What the fault-injecting proxy does to the records a server sends. Controls change nothing
//! a conforming client may reject (the suite must still pass through them); every other fault
//! breaks one rule of the spec (the suite must fail).

use super::synth::{synth_turn, TurnFault};
use agentwire_protocol::{limits, ErrorCode, EventName, Method};
use serde_json::{json, Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fault {
    None,
    SynthTurn,
    PadToLimit,
    UnknownMembers,
    DropEnvelopeField,
    DropPayloadField,
    UnknownAdvertisedEvent,
    RegressSequence,
    DuplicateSequence,
    EventAfterTerminal,
    TruncateAssistantText,
    EventWrongGrant,
    EventStaleLiveSequence,
    DropTerminalField,
    UnsolicitedEvent,
    ChangeErrorCode,
    ChangeErrorMessage,
    SwallowError,
    LeakExtraByte,
    WrongRequestId,
    WrongInstanceId,
    UnknownKind,
    SuccessAndError,
    DuplicateResponse,
    AdmissionNullIdentities,
}

impl Fault {
    pub const ALL: &'static [Fault] = &[
        Fault::None,
        Fault::SynthTurn,
        Fault::PadToLimit,
        Fault::UnknownMembers,
        Fault::DropEnvelopeField,
        Fault::DropPayloadField,
        Fault::UnknownAdvertisedEvent,
        Fault::RegressSequence,
        Fault::DuplicateSequence,
        Fault::EventAfterTerminal,
        Fault::TruncateAssistantText,
        Fault::EventWrongGrant,
        Fault::EventStaleLiveSequence,
        Fault::DropTerminalField,
        Fault::UnsolicitedEvent,
        Fault::ChangeErrorCode,
        Fault::ChangeErrorMessage,
        Fault::SwallowError,
        Fault::LeakExtraByte,
        Fault::WrongRequestId,
        Fault::WrongInstanceId,
        Fault::UnknownKind,
        Fault::SuccessAndError,
        Fault::DuplicateResponse,
        Fault::AdmissionNullIdentities,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Fault::None => "none",
            Fault::SynthTurn => "synth-turn",
            Fault::PadToLimit => "pad-to-limit",
            Fault::UnknownMembers => "unknown-members",
            Fault::DropEnvelopeField => "drop-envelope-field",
            Fault::DropPayloadField => "drop-payload-field",
            Fault::UnknownAdvertisedEvent => "unknown-advertised-event",
            Fault::RegressSequence => "regress-sequence",
            Fault::DuplicateSequence => "duplicate-sequence",
            Fault::EventAfterTerminal => "event-after-terminal",
            Fault::TruncateAssistantText => "truncate-assistant-text",
            Fault::EventWrongGrant => "event-wrong-grant",
            Fault::EventStaleLiveSequence => "event-stale-live-sequence",
            Fault::DropTerminalField => "drop-terminal-field",
            Fault::UnsolicitedEvent => "unsolicited-event",
            Fault::ChangeErrorCode => "change-error-code",
            Fault::ChangeErrorMessage => "change-error-message",
            Fault::SwallowError => "swallow-error",
            Fault::LeakExtraByte => "leak-extra-byte",
            Fault::WrongRequestId => "wrong-request-id",
            Fault::WrongInstanceId => "wrong-instance-id",
            Fault::UnknownKind => "unknown-kind",
            Fault::SuccessAndError => "success-and-error",
            Fault::DuplicateResponse => "duplicate-response",
            Fault::AdmissionNullIdentities => "admission-null-identities",
        }
    }

    pub fn from_name(name: &str) -> Option<Fault> {
        Fault::ALL.iter().copied().find(|f| f.name() == name)
    }

    /// Controls keep the stream conforming: the suite must pass through them.
    pub fn is_control(self) -> bool {
        matches!(self, Fault::None | Fault::SynthTurn | Fault::PadToLimit | Fault::UnknownMembers)
    }

    pub fn describe(self) -> &'static str {
        match self {
            Fault::None => "forward everything unchanged",
            Fault::SynthTurn => "after each successful session.claim, inject a valid turn for the claimed session (started 0, delta 1, activity 2, delta 4, terminal 5: a gap, text extended by the terminal)",
            Fault::PadToLimit => "pad every status response to exactly max_record_bytes, newline included",
            Fault::UnknownMembers => "add unknown members to every response envelope and success payload, and an unknown limit to both limit maps",
            Fault::DropEnvelopeField => "remove the required nullable `operation_id` from every response envelope",
            Fault::DropPayloadField => "remove `grant_generation` from session.claim results",
            Fault::UnknownAdvertisedEvent => "add the unknown event `turn.steering` to the advertised event set",
            Fault::RegressSequence => "injected turn: delta 3 then delta 2",
            Fault::DuplicateSequence => "injected turn: delta 1 twice",
            Fault::EventAfterTerminal => "injected turn: a delta after the terminal",
            Fault::TruncateAssistantText => "injected turn: terminal assistant_text shorter than the accepted deltas",
            Fault::EventWrongGrant => "injected turn under a grant generation the connection does not hold",
            Fault::EventStaleLiveSequence => "injected turn under the live_sequence before the claim's transition",
            Fault::DropTerminalField => "injected turn: terminal without `persistence`",
            Fault::UnsolicitedEvent => "before every status response, a turn event for a session the connection does not control",
            Fault::ChangeErrorCode => "invalid_payload errors become invalid_request (with that code's fixed message)",
            Fault::ChangeErrorMessage => "every error message replaced by request-specific text",
            Fault::SwallowError => "invalid_payload errors become empty successes",
            Fault::LeakExtraByte => "pad every status response to max_record_bytes + 1 bytes, newline included",
            Fault::WrongRequestId => "every non-null response request_id gets a suffix",
            Fault::WrongInstanceId => "every non-null response instance_id gets a suffix",
            Fault::UnknownKind => "before every status response, a record of kind `notification`",
            Fault::SuccessAndError => "successes of session.list also carry an error object",
            Fault::DuplicateResponse => "every status response is sent twice",
            Fault::AdmissionNullIdentities => {
                "not_initialized, instance_mismatch and duplicate_request_id errors lose their session_id and operation_id"
            }
        }
    }

    fn turn_fault(self) -> Option<TurnFault> {
        Some(match self {
            Fault::SynthTurn => TurnFault::None,
            Fault::RegressSequence => TurnFault::Regress,
            Fault::DuplicateSequence => TurnFault::Duplicate,
            Fault::EventAfterTerminal => TurnFault::AfterTerminal,
            Fault::TruncateAssistantText => TurnFault::Truncate,
            Fault::EventWrongGrant => TurnFault::WrongGrant,
            Fault::EventStaleLiveSequence => TurnFault::StaleLiveSequence,
            Fault::DropTerminalField => TurnFault::DropTerminalField,
            _ => return None,
        })
    }
}

/// Per-connection state of the proxy.
#[derive(Debug, Default)]
pub struct State {
    /// Turns injected so far (unique turn IDs).
    pub turns: u64,
}

fn record(v: &Value) -> Vec<u8> {
    serde_json::to_vec(v).unwrap_or_default()
}

/// `v` encoded and padded with spaces before its closing brace to `total` bytes including the
/// newline the proxy appends.
fn padded(v: &Value, total: usize) -> Vec<u8> {
    let mut bytes = record(v);
    if bytes.len() + 1 < total && bytes.last() == Some(&b'}') {
        let pad = total - 1 - bytes.len();
        bytes.splice(bytes.len() - 1..bytes.len() - 1, std::iter::repeat_n(b' ', pad));
    }
    bytes
}

fn error_with(code: ErrorCode) -> Value {
    json!({"code": code.as_str(), "message": code.message()})
}

/// A member of an object, as an object (`None` when either is not an object).
fn object<'a>(v: &'a mut Value, key: &str) -> Option<&'a mut Map<String, Value>> {
    v.as_object_mut()?.get_mut(key)?.as_object_mut()
}

/// Set `key` of `v` when `v` is an object (peer data is never assumed to be one).
fn set(v: &mut Value, key: &str, value: Value) {
    if let Some(o) = v.as_object_mut() {
        o.insert(key.to_owned(), value);
    }
}

/// The capability object inside an advertisement response.
fn capabilities(v: &mut Value, method: Option<Method>) -> Option<&mut Map<String, Value>> {
    let payload = v.as_object_mut()?.get_mut("payload")?;
    match method {
        Some(Method::Initialize) => object(payload, "capabilities"),
        _ => payload.as_object_mut(),
    }
}

/// Records (without newline) to send in place of one server record. `method` is the method of
/// the request a response answers, when the proxy saw it.
pub fn transform(fault: Fault, mut v: Value, method: Option<&str>, state: &mut State) -> Vec<Vec<u8>> {
    let method = method.and_then(Method::from_wire);
    let is_response = v["kind"] == "response";
    let ok = is_response && v["error"].is_null() && v["payload"].is_object();
    let has_code = v["error"]["code"].is_string();
    let code = v["error"]["code"].as_str().and_then(ErrorCode::from_wire);
    let advertisement = ok && matches!(method, Some(Method::Initialize | Method::Capabilities));
    let mut before = Vec::new();
    let mut after = Vec::new();
    match fault {
        Fault::None => {}
        Fault::PadToLimit | Fault::LeakExtraByte if ok && method == Some(Method::Status) => {
            let extra = usize::from(fault == Fault::LeakExtraByte);
            return vec![padded(&v, limits::MAX_RECORD_BYTES as usize + extra)];
        }
        Fault::UnknownMembers if is_response => {
            set(&mut v, "future_hint", json!(true));
            if let Some(p) = object(&mut v, "payload") {
                p.insert("x_future".into(), json!({"bounded": [1, 2, 3]}));
                if let Some(l) = p.get_mut("limits").and_then(Value::as_object_mut).filter(|_| advertisement) {
                    l.insert("max_future_page_items".into(), json!(16));
                }
            }
            if let Some(l) = capabilities(&mut v, method)
                .filter(|_| advertisement && method == Some(Method::Initialize))
                .and_then(|c| c.get_mut("limits"))
            {
                set(l, "max_future_page_items", json!(16));
            }
        }
        Fault::DropEnvelopeField if is_response => {
            if let Some(o) = v.as_object_mut() {
                o.remove("operation_id");
            }
        }
        Fault::DropPayloadField if ok && method == Some(Method::SessionClaim) => {
            if let Some(p) = object(&mut v, "payload") {
                p.remove("grant_generation");
            }
        }
        Fault::UnknownAdvertisedEvent if advertisement => {
            if let Some(events) =
                capabilities(&mut v, method).and_then(|c| c.get_mut("events")).and_then(Value::as_array_mut)
            {
                events.push(json!("turn.steering"));
            }
        }
        Fault::UnsolicitedEvent | Fault::UnknownKind if ok && method == Some(Method::Status) => {
            let kind = if fault == Fault::UnknownKind { "notification" } else { "event" };
            let e = json!({"protocol_version":2,"kind":kind,"event":EventName::TurnStarted.as_str(),"instance_id":v["instance_id"],"connection_id":v["connection_id"],
                "session_id":"s-not-controlled","operation_id":"op-unsolicited","grant_generation":1,"live_sequence":1,
                "payload":{"turn_id":"t-unsolicited","session_id":"s-not-controlled","status":"started","sequence":0}});
            before.push(record(&e));
        }
        Fault::ChangeErrorCode if code == Some(ErrorCode::InvalidPayload) => {
            set(&mut v, "error", error_with(ErrorCode::InvalidRequest))
        }
        Fault::ChangeErrorMessage if has_code => {
            if let Some(e) = object(&mut v, "error") {
                e.insert("message".into(), json!("request failed: see request_id"));
            }
        }
        Fault::SwallowError if code == Some(ErrorCode::InvalidPayload) => {
            set(&mut v, "error", Value::Null);
            set(&mut v, "payload", json!({}));
        }
        Fault::WrongRequestId if is_response => {
            if let Some(id) = v["request_id"].as_str().map(|s| format!("{s}-x")) {
                set(&mut v, "request_id", json!(id));
            }
        }
        Fault::WrongInstanceId if is_response => {
            if let Some(id) = v["instance_id"].as_str().map(|s| format!("{s}x")) {
                set(&mut v, "instance_id", json!(id));
            }
        }
        Fault::SuccessAndError if ok && method == Some(Method::SessionList) => {
            set(&mut v, "error", error_with(ErrorCode::InternalError))
        }
        Fault::DuplicateResponse if ok && method == Some(Method::Status) => after.push(record(&v)),
        Fault::AdmissionNullIdentities
            if matches!(
                code,
                Some(ErrorCode::NotInitialized | ErrorCode::InstanceMismatch | ErrorCode::DuplicateRequestId)
            ) =>
        {
            set(&mut v, "session_id", Value::Null);
            set(&mut v, "operation_id", Value::Null);
        }
        f => {
            if let Some(tf) = f.turn_fault().filter(|_| ok && method == Some(Method::SessionClaim)) {
                state.turns += 1;
                after.extend(synth_turn(&v, tf, state.turns).iter().map(record));
            }
        }
    }
    let mut out = before;
    out.push(record(&v));
    out.extend(after);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_padding_is_exact() {
        for f in Fault::ALL {
            assert_eq!(Fault::from_name(f.name()), Some(*f));
        }
        let v = json!({"kind":"response","error":null,"payload":{"a":1}});
        let p = padded(&v, 100);
        assert_eq!(p.len() + 1, 100);
        let back: Value = serde_json::from_slice(&p).unwrap();
        assert_eq!(back, v);
    }
}
