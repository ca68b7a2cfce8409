//! Server-side decoding of request records: strict, bounded, and classified with the exact
//! error code of `docs/decoding.md`. One typed pass serves valid records; a record that fails it
//! is re-read by the precise path, which decides the code and recovers identities.

use crate::runtime::{parse_record, Cx, Deferred, Flags, Mode, PayloadDecode, ProfileError, Seed, SlotRule};
use crate::{limits, ErrorCode, Method, RequestEnvelope, RequestPayload, PROTOCOL_VERSION};
use serde::de::DeserializeSeed;
use serde_json::Value;

/// A decoded, admitted-for-dispatch request.
pub type Request = RequestEnvelope<RequestPayload>;

/// A request that cannot be dispatched, with what its error response needs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {}", code.message())]
pub struct RequestError {
    pub code: ErrorCode,
    /// Identities recovered from the record when each is a valid value; `None` otherwise.
    pub request_id: Option<String>,
    pub session_id: Option<String>,
    pub operation_id: Option<String>,
}

impl RequestError {
    fn bare(code: ErrorCode) -> Self {
        Self { code, request_id: None, session_id: None, operation_id: None }
    }

    /// Whether the connection must close after the error response (its framing is lost).
    pub fn closes_connection(&self) -> bool {
        self.code == ErrorCode::RecordTooLarge
    }
}

/// Decode one request record (the bytes before its newline).
pub fn decode_request(record: &[u8]) -> Result<Request, RequestError> {
    if record.len() as u64 > limits::MAX_RECORD_BYTES {
        return Err(RequestError::bare(ErrorCode::RecordTooLarge));
    }
    // One UTF-8 check up front lets the parser skip per-string validation.
    let text = std::str::from_utf8(record).map_err(|_| RequestError::bare(ErrorCode::InvalidJson))?;
    // A record no longer than max_payload_bytes cannot hold an oversized payload.
    if record.len() as u64 <= limits::MAX_PAYLOAD_BYTES {
        if let Some(request) = decode_fast(text) {
            return Ok(request);
        }
    }
    decode_precise(text)
}

/// The single typed pass: every bound is checked while reading; any failure defers to the
/// precise path, which owns classification.
fn decode_fast(text: &str) -> Option<Request> {
    let flags = Flags::default();
    let mut de = serde_json::Deserializer::from_str(text);
    let request = Seed::<Request>::new(Cx::new(Mode::Strict, &flags)).deserialize(&mut de).ok()?;
    de.end().ok()?;
    let method = Method::from_wire(&request.method)?;
    admit(&request, method).ok()?;
    Some(request)
}

/// The precise path alone, for differential tests against the single typed pass.
#[doc(hidden)]
pub fn decode_request_precise(record: &[u8]) -> Result<Request, RequestError> {
    if record.len() as u64 > limits::MAX_RECORD_BYTES {
        return Err(RequestError::bare(ErrorCode::RecordTooLarge));
    }
    let text = std::str::from_utf8(record).map_err(|_| RequestError::bare(ErrorCode::InvalidJson))?;
    decode_precise(text)
}

/// The single typed pass alone: `None` where it defers to the precise path. For differential
/// tests and fuzzing; `decode_request` only takes it for records within `max_payload_bytes`.
#[doc(hidden)]
pub fn decode_request_fast(record: &[u8]) -> Option<Request> {
    decode_fast(std::str::from_utf8(record).ok()?)
}

fn decode_precise(text: &str) -> Result<Request, RequestError> {
    let value = parse_record(text).map_err(|e| {
        RequestError::bare(match e {
            ProfileError::InvalidJson => ErrorCode::InvalidJson,
            ProfileError::LimitExceeded => ErrorCode::LimitExceeded,
        })
    })?;
    let fail = recover_identities(&value);
    let flags = Flags::default();
    let cx = Cx::new(Mode::Strict, &flags);
    let head =
        Seed::<RequestEnvelope<Deferred>>::new(cx).deserialize(&value).map_err(|_| fail(ErrorCode::InvalidRequest))?;
    let method = Method::from_wire(&head.method);
    let method = match method {
        _ if head.protocol_version != PROTOCOL_VERSION => return Err(fail(ErrorCode::UnsupportedVersion)),
        None => return Err(fail(ErrorCode::UnsupportedOperation)),
        Some(m) => m,
    };
    admit(&head, method).map_err(&fail)?;
    let payload = value.get("payload").unwrap_or(&Value::Null);
    if compact_len(payload) > limits::MAX_PAYLOAD_BYTES {
        return Err(fail(ErrorCode::PayloadTooLarge));
    }
    let typed = RequestPayload::decode_payload(payload, cx, Some(method.as_str()))
        .map_err(|_| fail(if flags.limit_crossed() { ErrorCode::LimitExceeded } else { ErrorCode::InvalidPayload }))?;
    Ok(head.map_payload(|Deferred| typed))
}

/// The operation's envelope rules: wire version, session_id, operation_id and control slots.
fn admit<P>(request: &RequestEnvelope<P>, method: Method) -> Result<(), ErrorCode> {
    if request.protocol_version != PROTOCOL_VERSION {
        return Err(ErrorCode::UnsupportedVersion);
    }
    let rules = method.rules();
    let slot_ok = |rule: SlotRule, set: bool| (rule == SlotRule::Required) == set;
    if !slot_ok(rules.session_id, request.session_id.is_some()) || rules.mutation != request.operation_id.is_some() {
        return Err(ErrorCode::InvalidRequest);
    }
    match (rules.control, request.control.is_some()) {
        (SlotRule::Required, false) => Err(ErrorCode::ControlRequired),
        (SlotRule::Null, true) => Err(ErrorCode::InvalidRequest),
        _ => Ok(()),
    }
}

/// Compact UTF-8 JSON length of a value, counted without building the encoding.
fn compact_len(value: &Value) -> u64 {
    struct Counter(u64);
    impl std::io::Write for Counter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut c = Counter(0);
    // Writing to a counter cannot fail, and a Value always serializes.
    let _ = serde_json::to_writer(&mut c, value);
    c.0
}

/// A closure building errors that carry each identity the record holds as a valid value.
fn recover_identities(value: &Value) -> impl Fn(ErrorCode) -> RequestError + '_ {
    let get = |member: &str| {
        value
            .get(member)
            .filter(|v| RequestEnvelope::<Deferred>::member_is_valid(member, v))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let (request_id, session_id, operation_id) = (get("request_id"), get("session_id"), get("operation_id"));
    move |code| RequestError {
        code,
        request_id: request_id.clone(),
        session_id: session_id.clone(),
        operation_id: operation_id.clone(),
    }
}
