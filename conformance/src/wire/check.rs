//! Checks every response must pass, whatever the case: the envelope shape, the success/error
//! distinction, fixed error messages, and the connection's identities.

use crate::verdict::Failure;
use agentwire_protocol::{limits, ErrorCode};
use serde_json::Value;

/// The envelope members every response carries ("Current output envelopes always include
/// their shown fields, including nullable response identity, `payload`, and `error` slots").
pub const RESPONSE_MEMBERS: &[&str] = &[
    "protocol_version",
    "kind",
    "request_id",
    "instance_id",
    "connection_id",
    "session_id",
    "operation_id",
    "payload",
    "error",
];

/// What the connection has established when a response arrives.
#[derive(Debug, Clone, Copy)]
pub enum Ids<'a> {
    /// Before a successful initialize: identities are null (initialize's own success may name
    /// the ones it establishes).
    Before,
    After {
        instance_id: &'a str,
        connection_id: &'a str,
    },
}

fn nullable_str(v: &Value, name: &str) -> Result<(), Failure> {
    match v.get(name) {
        Some(Value::Null) => Ok(()),
        Some(Value::String(s)) if !s.is_empty() && s.len() as u64 <= limits::MAX_ID_BYTES => Ok(()),
        Some(other) => Err(Failure::new(format!("response `{name}` is neither null nor an ID: {other}"))),
        None => Err(Failure::new(format!("response envelope lacks the required member `{name}`"))),
    }
}

/// The error object: a known code with its fixed message ("Codes are stable; messages are
/// short, fixed").
pub fn error_object(e: &Value) -> Result<(), Failure> {
    let code = e
        .get("code")
        .and_then(Value::as_str)
        .ok_or_else(|| Failure::new(format!("error object without a string `code`: {e}")))?;
    let message = e
        .get("message")
        .and_then(Value::as_str)
        .ok_or_else(|| Failure::new(format!("error object without a string `message`: {e}")))?;
    if message.is_empty() || message.len() as u64 > limits::MAX_ERROR_MESSAGE_BYTES {
        return Err(Failure::new(format!(
            "error message of {} bytes is outside 1..=max_error_message_bytes",
            message.len()
        )));
    }
    let known = ErrorCode::from_wire(code)
        .ok_or_else(|| Failure::new(format!("error code `{code}` is not defined by the spec")))?;
    if message != known.message() {
        return Err(Failure::new(format!(
            "error `{code}` carries message {message:?}, not its fixed message {:?}",
            known.message()
        )));
    }
    Ok(())
}

/// Shape and identities of one response.
pub fn response(v: &Value, ids: Ids<'_>) -> Result<(), Failure> {
    for m in RESPONSE_MEMBERS {
        if v.get(*m).is_none() {
            return Err(Failure::new(format!("response envelope lacks the required member `{m}`")));
        }
    }
    if v["protocol_version"].as_u64() != Some(u64::from(agentwire_protocol::PROTOCOL_VERSION)) {
        return Err(Failure::new(format!("response protocol_version is {}, not 2", v["protocol_version"])));
    }
    for m in ["request_id", "instance_id", "connection_id", "session_id", "operation_id"] {
        nullable_str(v, m)?;
    }
    let (payload, error) = (&v["payload"], &v["error"]);
    let is_error = match (payload.is_null(), error.is_null()) {
        (false, true) => false,
        (true, false) => true,
        _ => return Err(Failure::new("a response needs exactly one of payload and error non-null")),
    };
    if is_error {
        error_object(error)?;
    } else if !payload.is_object() {
        return Err(Failure::new("a success payload is not an object"));
    }
    let (inst, conn) = (&v["instance_id"], &v["connection_id"]);
    match ids {
        Ids::Before => {
            // Initialize's success names the identities it establishes; nothing else may.
            let named = |m: &str, got: &Value| got.is_null() || (!is_error && payload.get(m) == Some(got));
            if !named("instance_id", inst) || !named("connection_id", conn) {
                return Err(Failure::new(
                    "a response before initialization names identities initialize did not establish",
                ));
            }
        }
        Ids::After { instance_id, connection_id } => {
            let ok = |got: &Value, want: &str| got.as_str() == Some(want) || (is_error && got.is_null());
            if !ok(inst, instance_id) || !ok(conn, connection_id) {
                return Err(Failure::new(format!(
                    "response names instance {inst} / connection {conn}, not this connection's"
                )));
            }
        }
    }
    Ok(())
}

/// The response answers the request `sent`: same request_id; session_id and operation_id echoed
/// (an error may say null instead).
pub fn correlates(v: &Value, sent: &Value) -> Result<(), Failure> {
    if v["request_id"] != sent["request_id"] {
        return Err(Failure::new(format!(
            "response request_id {} does not echo the request's {}",
            v["request_id"], sent["request_id"]
        )));
    }
    let is_error = !v["error"].is_null();
    for m in ["session_id", "operation_id"] {
        if v[m] != sent[m] && !(is_error && v[m].is_null()) {
            return Err(Failure::new(format!("response {m} {} does not echo the request's {}", v[m], sent[m])));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ok() -> Value {
        json!({"protocol_version":2,"kind":"response","request_id":"r1","instance_id":"in_1","connection_id":"cn_1",
               "session_id":null,"operation_id":null,"payload":{},"error":null})
    }

    const IDS: Ids<'static> = Ids::After { instance_id: "in_1", connection_id: "cn_1" };

    #[test]
    fn shapes() {
        response(&ok(), IDS).unwrap();
        let mut v = ok();
        v.as_object_mut().unwrap().remove("operation_id");
        assert!(response(&v, IDS).is_err());
        let mut v = ok();
        v["error"] = json!({"code": ErrorCode::InvalidJson.as_str(), "message": ErrorCode::InvalidJson.message()});
        assert!(response(&v, IDS).is_err(), "both payload and error");
        v["payload"] = Value::Null;
        response(&v, IDS).unwrap();
        v["error"]["message"] = json!("nope");
        assert!(response(&v, IDS).is_err(), "not the fixed message");
        v["error"] = json!({"code":"made_up","message":"x"});
        assert!(response(&v, IDS).is_err());
        let mut v = ok();
        v["instance_id"] = json!("in_2");
        assert!(response(&v, IDS).is_err());
        assert!(response(&ok(), Ids::Before).is_err(), "identities before initialization");
    }

    #[test]
    fn correlation() {
        let sent = json!({"request_id":"r1","session_id":"s-1","operation_id":"op-1"});
        let mut v = ok();
        v["session_id"] = json!("s-1");
        v["operation_id"] = json!("op-1");
        correlates(&v, &sent).unwrap();
        v["request_id"] = json!("r2");
        assert!(correlates(&v, &sent).is_err());
    }
}
