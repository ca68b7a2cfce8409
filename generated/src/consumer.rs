//! Client-side decoding of responses, events and session messages: tolerant of unknown members
//! but validating. The whole record is checked against the JSON profile and structural limits
//! first, so an over-limit value hidden in an unknown member still rejects the record.

use crate::runtime::{parse_record_explained, Cx, Decode, Deferred, Flags, Mode, PayloadDecode, ProfileError, Seed};
use crate::{
    limits, EventEnvelope, EventName, EventPayload, Method, ResponseEnvelope, ResponsePayload, SessionMessage,
    PROTOCOL_VERSION,
};
use serde::de::DeserializeSeed;
use serde_json::Value;

/// A decoded response.
pub type Response = ResponseEnvelope<ResponsePayload>;
/// A decoded event.
pub type Event = EventEnvelope<EventPayload>;

/// Why a consumer rejected a record; the whole record is untrusted after any of these.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConsumerError {
    #[error("record exceeds max_record_bytes")]
    RecordTooLarge,
    /// With where and why: `$.payload: duplicate member "state"`.
    #[error("record is not valid UTF-8 I-JSON: {0}")]
    InvalidJson(String),
    #[error("record exceeds a structural limit")]
    LimitExceeded,
    #[error("envelope is invalid: {0}")]
    Envelope(String),
    #[error("protocol version {0} is not supported")]
    Version(u16),
    #[error("a response needs exactly one of payload and error")]
    PayloadErrorExclusive,
    #[error("response correlates to no pending request")]
    Uncorrelated,
    #[error("event `{0}` is unknown")]
    UnknownEvent(String),
    #[error("event identities break its correlation rules")]
    Correlation,
    #[error("payload is invalid: {0}")]
    Payload(String),
}

fn profile(record: &[u8]) -> Result<Value, ConsumerError> {
    // Outbound records count their newline against max_record_bytes, so a received record
    // (newline stripped) is at most one byte shorter.
    if record.len() as u64 >= limits::MAX_RECORD_BYTES {
        return Err(ConsumerError::RecordTooLarge);
    }
    let text = std::str::from_utf8(record)
        .map_err(|e| ConsumerError::InvalidJson(format!("not UTF-8 after byte {}", e.valid_up_to())))?;
    parse_record_explained(text).map_err(|(e, why)| match e {
        ProfileError::InvalidJson => ConsumerError::InvalidJson(why),
        ProfileError::LimitExceeded => ConsumerError::LimitExceeded,
    })
}

/// Decode a value of a spec type from an already profile-checked JSON value; an error names
/// the JSON path and the rule: `$.entries[3].available: invalid type: string "1", expected a
/// boolean`.
pub fn decode_value<T: Decode>(value: &Value, mode: Mode) -> Result<T, String> {
    let flags = Flags::default();
    Seed::<T>::new(Cx::new(mode, &flags)).deserialize(value).map_err(|e| format!("{}: {e}", flags.path("$")))
}

/// A payload decode of `name` under `mode`, its error named by its path below `$.payload`.
fn payload<P: PayloadDecode>(value: &Value, name: &str) -> Result<P, ConsumerError> {
    let flags = Flags::default();
    let payload = value.get("payload").unwrap_or(&Value::Null);
    P::decode_payload(payload, Cx::new(Mode::Tolerant, &flags), Some(name))
        .map_err(|e| ConsumerError::Payload(format!("{}: {e}", flags.path("$.payload"))))
}

fn head<T: Decode>(value: &Value) -> Result<T, ConsumerError> {
    decode_value(value, Mode::Tolerant).map_err(ConsumerError::Envelope)
}

/// Decode a response; `method_of` maps its request_id to the pending request's method.
pub fn decode_response(
    record: &[u8],
    method_of: impl FnOnce(&str) -> Option<Method>,
) -> Result<Response, ConsumerError> {
    response_from(&profile(record)?, method_of)
}

fn response_from(value: &Value, method_of: impl FnOnce(&str) -> Option<Method>) -> Result<Response, ConsumerError> {
    let env: ResponseEnvelope<Deferred> = head(value)?;
    if env.protocol_version != PROTOCOL_VERSION {
        return Err(ConsumerError::Version(env.protocol_version));
    }
    if env.payload.is_some() == env.error.is_some() {
        return Err(ConsumerError::PayloadErrorExclusive);
    }
    if env.payload.is_none() {
        // An error response; an unfamiliar code stays a generic failure, never a success.
        return Ok(env.map_payload(|_| unreachable_payload()));
    }
    let method = env.request_id.as_deref().and_then(method_of).ok_or(ConsumerError::Uncorrelated)?;
    let typed: ResponsePayload = payload(value, method.as_str())?;
    Ok(env.map_payload(|_| typed))
}

/// `map_payload` on an error response never calls its closure (the payload is `None`).
fn unreachable_payload() -> ResponsePayload {
    unreachable!("an error response has no payload to map")
}

/// Decode an event, checking its name is known and its identities follow its correlation rules.
pub fn decode_event(record: &[u8]) -> Result<Event, ConsumerError> {
    event_from(&profile(record)?)
}

fn event_from(value: &Value) -> Result<Event, ConsumerError> {
    let env: EventEnvelope<Deferred> = head(value)?;
    if env.protocol_version != PROTOCOL_VERSION {
        return Err(ConsumerError::Version(env.protocol_version));
    }
    let name = EventName::from_wire(&env.event).ok_or_else(|| ConsumerError::UnknownEvent(env.event.clone()))?;
    let r = name.rules();
    let follows = r.session_id == env.session_id.is_some()
        && r.operation_id == env.operation_id.is_some()
        && r.grant_generation == env.grant_generation.is_some()
        && r.live_sequence == env.live_sequence.is_some();
    if !follows {
        return Err(ConsumerError::Correlation);
    }
    let typed: EventPayload = payload(value, name.as_str())?;
    let payload = value.get("payload").unwrap_or(&Value::Null);
    // "validate ... payload identities against the attached session": a payload that names a
    // session must name the envelope's.
    let payload_session = payload.get("session_id").and_then(Value::as_str);
    if payload_session.is_some_and(|s| env.session_id.as_deref() != Some(s)) {
        return Err(ConsumerError::Correlation);
    }
    Ok(env.map_payload(|_| typed))
}

/// A record a client receives: a response or an event.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    Response(Response),
    Event(Event),
}

/// Decode a received record of either kind, parsing it once; `method_of` is asked only for a
/// success response, as in [`decode_response`].
pub fn decode_incoming(
    record: &[u8],
    method_of: impl FnOnce(&str) -> Option<Method>,
) -> Result<Incoming, ConsumerError> {
    let value = profile(record)?;
    match value.get("kind").and_then(Value::as_str) {
        Some("response") => response_from(&value, method_of).map(Incoming::Response),
        Some("event") => event_from(&value).map(Incoming::Event),
        _ => Err(ConsumerError::Envelope("record kind is neither response nor event".into())),
    }
}

/// Decode one session message (one transcript line).
pub fn decode_session_message(record: &[u8]) -> Result<SessionMessage, ConsumerError> {
    let value = profile(record)?;
    decode_value(&value, Mode::Tolerant).map_err(ConsumerError::Payload)
}
