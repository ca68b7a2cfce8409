//! The Rust consumer harness: `agentwire_protocol`'s consumer decoders plus the rules that need
//! a connection's history (correlation, initialization preflight, per-turn sequences), behind
//! the harness protocol. CI runs the consumer suite against it.

mod preflight;

use crate::base64;
use crate::consumer::protocol::{Direction, Input, Output};
use crate::vectors::{Context, Pending};
use agentwire_protocol::{decode_event, decode_response, decode_session_message, ConsumerError, EventName, Method};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// The seed's reason categories for each decoder error.
fn reason(e: &ConsumerError) -> &'static str {
    match e {
        ConsumerError::RecordTooLarge => "record_too_large",
        ConsumerError::InvalidJson(_) => "invalid_json",
        ConsumerError::LimitExceeded => "limit",
        ConsumerError::Envelope(_) => "envelope",
        ConsumerError::Version(_) => "unsupported_version",
        ConsumerError::PayloadErrorExclusive => "result_shape",
        ConsumerError::Uncorrelated | ConsumerError::Correlation => "correlation",
        ConsumerError::UnknownEvent(_) => "unknown_event",
        ConsumerError::Payload(_) => "payload",
    }
}

/// One connection's consumer state.
#[derive(Debug, Default)]
struct Conversation {
    failed: bool,
    pending: HashMap<String, Pending>,
    /// Turn or login each operation started.
    started: HashMap<String, String>,
    /// Last sequence per running turn.
    turns: HashMap<String, u64>,
    settled: HashSet<String>,
}

type Verdict = Result<Option<&'static str>, &'static str>;

#[derive(Debug, Default)]
pub struct Harness {
    streams: HashMap<String, Conversation>,
}

impl Harness {
    /// Answer one input line.
    pub fn line(&mut self, text: &str) -> Output {
        let input: Input = match serde_json::from_str(text) {
            Ok(i) => i,
            Err(_) => {
                let id = serde_json::from_str::<Value>(text)
                    .ok()
                    .and_then(|v| v["id"].as_str().map(str::to_owned))
                    .unwrap_or_default();
                return Output::reject(&id, "harness_input");
            }
        };
        let bytes = match (&input.record, &input.record_base64) {
            (Some(t), _) => t.as_bytes().to_vec(),
            (None, Some(b)) => match base64::decode(b) {
                Ok(b) => b,
                Err(_) => return Output::reject(&input.id, "harness_input"),
            },
            (None, None) => return Output::reject(&input.id, "harness_input"),
        };
        let ctx = input.context.clone().unwrap_or_default();
        let mut one_shot = Conversation::default();
        let conv = match &input.stream {
            Some(s) => self.streams.entry(s.clone()).or_default(),
            None => &mut one_shot,
        };
        if conv.failed {
            return Output::reject(&input.id, "stream_failed");
        }
        if input.stream.is_none() {
            if let Some(p) = &ctx.request {
                conv.pending.insert(p.request_id.clone().unwrap_or_default(), p.clone());
            }
        }
        let verdict = match input.direction {
            Direction::Message => decode_session_message(&bytes).map(|_| None).map_err(|e| reason(&e)),
            Direction::Request => conv.request(&bytes),
            Direction::Response => conv.response(&bytes, &ctx),
            Direction::Event => conv.event(&bytes, &ctx),
        };
        match verdict {
            Ok(result) => Output { result: result.map(str::to_owned), ..Output::accept(&input.id) },
            Err(r) => {
                conv.failed = true;
                Output::reject(&input.id, r)
            }
        }
    }
}

fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or(Value::Null)
}

fn opt(v: &Value) -> Option<&str> {
    v.as_str()
}

impl Conversation {
    fn request(&mut self, bytes: &[u8]) -> Verdict {
        let v = json(bytes);
        let pending = Pending {
            method: v["method"].as_str().ok_or("harness_input")?.to_owned(),
            request_id: v["request_id"].as_str().map(str::to_owned),
            session_id: opt(&v["session_id"]).map(str::to_owned),
            operation_id: opt(&v["operation_id"]).map(str::to_owned),
            request_ids: None,
        };
        self.pending.insert(pending.request_id.clone().unwrap_or_default(), pending);
        Ok(None)
    }

    fn response(&mut self, bytes: &[u8], ctx: &Context) -> Verdict {
        let mut method = None;
        let decoded = decode_response(bytes, |id| {
            let m = self.pending.get(id).and_then(|p| Method::from_wire(&p.method));
            method = m;
            m
        })
        .map_err(|e| reason(&e))?;
        let v = json(bytes);
        let is_error = decoded.error.is_some();
        let Some(request_id) = decoded.request_id.as_deref() else {
            // An error to a record the service could not decode: valid, but it settles nothing.
            return if is_error { Ok(Some("error")) } else { Err("correlation") };
        };
        let pending = self.pending.remove(request_id).ok_or("correlation")?;
        let echo = |got: Option<&str>, want: Option<&str>| got == want || (is_error && got.is_none());
        if !echo(decoded.session_id.as_deref(), pending.session_id.as_deref())
            || !echo(decoded.operation_id.as_deref(), pending.operation_id.as_deref())
        {
            return Err("correlation");
        }
        let before_init = ctx.instance_id.is_none();
        if before_init {
            // Only initialize's success may name the identities it establishes.
            let named = |m: &str, got: Option<&str>| got.is_none() || (!is_error && v["payload"][m].as_str() == got);
            if !named("instance_id", decoded.instance_id.as_deref())
                || !named("connection_id", decoded.connection_id.as_deref())
            {
                return Err("correlation");
            }
        } else if !echo(decoded.instance_id.as_deref(), ctx.instance_id.as_deref())
            || !echo(decoded.connection_id.as_deref(), ctx.connection_id.as_deref())
        {
            return Err("correlation");
        }
        if is_error {
            return Ok(Some("error"));
        }
        let payload = &v["payload"];
        match Method::from_wire(&pending.method) {
            Some(Method::Initialize) if before_init => preflight::initialize(payload)?,
            Some(Method::Capabilities) => preflight::capabilities(payload)?,
            Some(Method::TurnStart) => self.start(&pending, payload, "turn_id"),
            Some(Method::AuthLoginStart) => self.start(&pending, payload, "login_id"),
            Some(Method::SessionClaim) => {
                let turn = &payload["snapshot"]["turn"];
                if let (Some(t), Some(seq)) = (turn["turn_id"].as_str(), turn["sequence"].as_u64()) {
                    self.turns.insert(t.to_owned(), seq);
                }
            }
            _ => {}
        }
        let _ = method;
        Ok(Some("success"))
    }

    fn start(&mut self, pending: &Pending, payload: &Value, member: &str) {
        if let (Some(op), Some(id)) = (&pending.operation_id, payload[member].as_str()) {
            self.started.insert(op.clone(), id.to_owned());
        }
    }

    fn event(&mut self, bytes: &[u8], ctx: &Context) -> Verdict {
        let decoded = decode_event(bytes).map_err(|e| reason(&e))?;
        if ctx.instance_id.is_none() || decoded.instance_id.as_str() != ctx.instance_id.as_deref().unwrap_or_default() {
            return Err("correlation");
        }
        if decoded.connection_id.as_str() != ctx.connection_id.as_deref().unwrap_or_default() {
            return Err("correlation");
        }
        let v = json(bytes);
        let p = &v["payload"];
        let own = p["turn_id"].as_str().or(p["login_id"].as_str());
        if let (Some(op), Some(id)) = (decoded.operation_id.as_deref(), own) {
            if self.started.get(op).is_some_and(|s| s != id) {
                return Err("correlation");
            }
        }
        let name = decoded.event.as_str();
        let terminal = EventName::from_wire(name).is_some_and(|e| e.rules().terminal);
        if let Some(id) = own {
            if self.settled.contains(id) {
                return Err("sequence");
            }
            if name.starts_with("turn.") {
                let seq = p["sequence"].as_u64().ok_or("payload")?;
                if self.turns.get(id).is_some_and(|last| seq <= *last) {
                    return Err("sequence");
                }
                self.turns.insert(id.to_owned(), seq);
            }
            if terminal {
                self.turns.remove(id);
                self.settled.insert(id.to_owned());
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_input_is_answered_not_fatal() {
        let mut h = Harness::default();
        assert_eq!(h.line("not json").reason.as_deref(), Some("harness_input"));
        let o = h.line(r#"{"id":"x","direction":"message","record":"{\"type\":\"text\",\"role\":\"user\",\"id\":\"a1\",\"time\":1,\"text\":\"hi\"}"}"#);
        assert_eq!(o.verdict, crate::consumer::protocol::HarnessVerdict::Accept);
    }
}
