//! Verdicts for server vectors: the response to one record against the vector's expectation.

use crate::vectors::{Outcome as Expected, RequestVector, ServerExpect};
use crate::verdict::Outcome;
use agentwire_protocol::Method;
use serde_json::Value;
use std::collections::BTreeSet;

/// Codes of the decoding checks 1–9 (`docs/decoding.md`): every code a request vector expects.
/// A record the vectors accept must not get any of them; operation and connection errors (out of
/// the vectors' scope) may follow.
#[derive(Debug, Clone, Default)]
pub struct DecodeCodes(BTreeSet<String>);

impl DecodeCodes {
    pub fn of(vectors: &[RequestVector]) -> Self {
        let codes =
            vectors.iter().filter(|v| v.expect.outcome == Expected::Reject).filter_map(|v| v.expect.code.clone());
        DecodeCodes(codes.collect())
    }

    fn contains(&self, code: &str) -> bool {
        self.0.contains(code)
    }
}

/// A decoding code the spec also lists among the operation's own errors (its `errors` in
/// `protocol.toml`, the generated `Method::errors`): an accepted record may still get it.
fn operation_result(method: &str, code: &str) -> bool {
    Method::from_wire(method).is_some_and(|m| m.errors().iter().any(|e| e.as_str() == code))
}

fn id_of(v: &Value) -> Option<&str> {
    v.as_str()
}

/// Judge `resp` (already shape-checked) for a record `sent` (parsed when it is JSON).
pub fn judge(codes: &DecodeCodes, expect: &ServerExpect, resp: &Value, sent: Option<&Value>) -> Outcome {
    let code = resp["error"]["code"].as_str();
    match expect.outcome {
        Expected::Accept => {
            let method = sent.and_then(|s| s["method"].as_str()).unwrap_or("");
            if let Some(s) = sent {
                if resp["request_id"] != s["request_id"] {
                    return Outcome::fail(format!(
                        "response request_id {} does not echo the record's {}",
                        resp["request_id"], s["request_id"]
                    ));
                }
            }
            match code {
                None => Outcome::pass(),
                Some(c) if operation_result(method, c) => Outcome::pass(),
                Some(c) if codes.contains(c) => {
                    Outcome::fail(format!("rejected with `{c}` a record the decoder must accept"))
                }
                // An operation or connection error: decoding accepted the record.
                Some(_) => Outcome::pass(),
            }
        }
        Expected::Reject => {
            let want = expect.code.as_deref().unwrap_or("");
            let Some(got) = code else {
                return Outcome::fail(format!("accepted (success {}), expected `{want}`", resp["payload"]));
            };
            if got != want {
                return Outcome::fail(format!("answered `{got}`, expected `{want}`"));
            }
            if let Some(m) = &expect.message {
                if resp["error"]["message"].as_str() != Some(m) {
                    return Outcome::fail(format!("message {} is not the fixed {m:?}", resp["error"]["message"]));
                }
            }
            let Some(echo) = &expect.echo else {
                return Outcome::pass();
            };
            if id_of(&resp["request_id"]) != echo.request_id.as_deref() {
                return Outcome::fail(format!("request_id {} does not echo {:?}", resp["request_id"], echo.request_id));
            }
            let mut soft = Vec::new();
            for (name, want) in [("session_id", &echo.session_id), ("operation_id", &echo.operation_id)] {
                let got = id_of(&resp[name]);
                if got == want.as_deref() {
                    continue;
                }
                // Consumers accept null identities on errors, so a missing echo does not break
                // interoperability: `docs/decoding.md` asks for it, the seed only permits null.
                if got.is_none() {
                    soft.push(format!("{name} is null, the record's {want:?} is recoverable"));
                } else {
                    return Outcome::fail(format!(
                        "{name} {} echoes neither the record's {want:?} nor null",
                        resp[name]
                    ));
                }
            }
            if soft.is_empty() {
                Outcome::pass()
            } else {
                Outcome::non_strict(soft.join("; "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vectors::Echo;
    use crate::verdict::Verdict;
    use serde_json::json;

    fn reject(code: &str) -> ServerExpect {
        ServerExpect {
            outcome: Expected::Reject,
            code: Some(code.into()),
            message: None,
            echo: Some(Echo { request_id: Some("req-1".into()), session_id: Some("s-1".into()), operation_id: None }),
        }
    }

    fn error(code: &str, session: Value) -> Value {
        json!({"request_id":"req-1","session_id":session,"operation_id":null,"payload":null,"error":{"code":code,"message":"m"}})
    }

    fn codes() -> DecodeCodes {
        DecodeCodes::of(&crate::vectors::Vectors::load(None).unwrap().requests)
    }

    #[test]
    fn decode_codes_are_the_vectors_codes() {
        let c = codes();
        for code in ["invalid_json", "invalid_payload", "control_required", "record_too_large"] {
            assert!(c.contains(code), "{code}");
        }
        // Connection-level and operation codes are outside checks 1–9.
        for code in ["not_initialized", "duplicate_request_id", "session_unavailable"] {
            assert!(!c.contains(code), "{code}");
        }
        assert!(operation_result("session.list", "limit_exceeded"));
        assert!(!operation_result("status", "limit_exceeded"));
    }

    #[test]
    fn codes_and_echo() {
        let codes = codes();
        let judge = |e: &ServerExpect, r: &Value, s: Option<&Value>| judge(&codes, e, r, s);
        assert_eq!(
            judge(&reject("invalid_payload"), &error("invalid_payload", json!("s-1")), None).verdict,
            Verdict::Pass
        );
        assert_eq!(
            judge(&reject("invalid_payload"), &error("invalid_request", json!("s-1")), None).verdict,
            Verdict::Fail
        );
        assert_eq!(
            judge(&reject("invalid_payload"), &error("invalid_payload", Value::Null), None).verdict,
            Verdict::NonStrict
        );
        assert_eq!(
            judge(&reject("invalid_payload"), &error("invalid_payload", json!("s-2")), None).verdict,
            Verdict::Fail
        );
        let accept = ServerExpect { outcome: Expected::Accept, code: None, message: None, echo: None };
        let sent = json!({"request_id":"req-1","method":"session.claim"});
        assert_eq!(judge(&accept, &error("session_unavailable", Value::Null), Some(&sent)).verdict, Verdict::Pass);
        assert_eq!(judge(&accept, &error("invalid_payload", Value::Null), Some(&sent)).verdict, Verdict::Fail);
        let init = json!({"request_id":"req-1","method":"initialize"});
        assert_eq!(judge(&accept, &error("unsupported_version", Value::Null), Some(&init)).verdict, Verdict::Pass);
    }
}
