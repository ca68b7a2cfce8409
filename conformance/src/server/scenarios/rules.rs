//! Cases generated from the spec's rule tables, so a rule is checked along every path it
//! governs, not one: the gating rule with every operation that requires initialization, the
//! exact-match rule on both identities with every kind of mismatch, and the confirmation rule
//! with the member `false` and absent. Methods, slot rules and error lists come from the
//! generated crate's tables (`Method::rules`, `Method::errors`); the records are the spec's own
//! examples from the request vectors. Admission errors must also echo the record's identities.

use super::{done, pass, BoxFut, Case, Ctx, RunFn};
use crate::verdict::Failure;
use crate::wire::Client;
use agentwire_protocol::{ErrorCode, Method};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// The example record of every operation (`req.<method>.example`).
fn examples() -> HashMap<String, Value> {
    let vectors = crate::vectors::builtin_requests().unwrap_or_default();
    let mut out = HashMap::new();
    for v in vectors {
        let Some(method) = v.id.strip_prefix("req.").and_then(|m| m.strip_suffix(".example")) else { continue };
        if let Some(record) = v.input.as_deref().and_then(|t| serde_json::from_str::<Value>(t).ok()) {
            out.insert(method.to_owned(), record);
        }
    }
    out
}

/// The generated cases, in a stable order.
pub fn cases() -> Vec<Case> {
    let examples = examples();
    let mut out = Vec::new();
    for m in Method::ALL {
        let name = m.as_str();
        let Some(record) = examples.get(name) else { continue };
        if m.rules().requires_initialization {
            out.push(not_initialized(*m, record.clone()));
            for slot in ["instance_id", "connection_id"] {
                for kind in Mismatch::ALL {
                    out.push(mismatch(*m, record.clone(), slot, kind));
                }
            }
        }
        if m.errors().contains(&ErrorCode::ConfirmationRequired) {
            out.extend(confirmation(*m, record));
        }
    }
    out
}

fn case(id: String, rule: &str, requires: &[Method], run: RunFn) -> Case {
    Case { id, rule: rule.to_owned(), requires: requires.to_vec(), run }
}

/// "Error responses carry the request's `request_id`, `session_id` and `operation_id` when each
/// can be recovered as a valid value from the record": an admission error follows a record that
/// decoded, so all three are recoverable and must be echoed (never `null`).
pub(super) fn echoes(resp: &Value, sent: &Value, what: &str) -> Result<(), Failure> {
    for m in ["request_id", "session_id", "operation_id"] {
        crate::ensure!(resp[m] == sent[m], "{what}: the error's `{m}` is {}, the record's {}", resp[m], sent[m]);
    }
    Ok(())
}

/// The example record with a fresh request ID and, when initialized, the connection's identities.
fn record(c: &mut Client, example: &Value, method: &str) -> Value {
    let fresh = c.request(method, None, None, None, json!({}));
    let mut r = example.clone();
    r["request_id"] = fresh["request_id"].clone();
    r["instance_id"] = fresh["instance_id"].clone();
    r["connection_id"] = fresh["connection_id"].clone();
    r
}

fn not_initialized(op: Method, example: Value) -> Case {
    let method = op.as_str();
    let m = method.to_owned();
    let example = Arc::new(example);
    let run: RunFn = Box::new(move |cx: &mut Ctx| -> BoxFut<'_> {
        let (m, example) = (m.clone(), example.clone());
        Box::pin(async move {
            let mut c = cx.open().await?;
            // Before initialize the connection has no identities: the example's placeholders
            // stay, and `not_initialized` precedes `instance_mismatch`.
            let mut sent = (*example).clone();
            sent["request_id"] = json!(format!("gate-{m}"));
            let r = c.call(&sent).await?;
            r.err(ErrorCode::NotInitialized.as_str(), &format!("`{m}` before initialize"))?;
            crate::ensure!(
                r.0["instance_id"].is_null() && r.0["connection_id"].is_null(),
                "identities before initialization must be null"
            );
            echoes(&r.0, &sent, &format!("`{m}` before initialize"))?;
            // A request-level error: the connection stays usable and may still initialize.
            c.initialize(&cx.target).await?;
            done(c).await?;
            pass()
        })
    });
    case(
        format!("scenario.rule.not_initialized.{method}"),
        "not_initialized: initialize must complete before this operation",
        &[op],
        run,
    )
}

/// Ways an identity can miss an exact match.
#[derive(Debug, Clone, Copy)]
enum Mismatch {
    /// One character appended.
    Longer,
    /// The last character removed.
    Prefix,
    /// The last character replaced.
    LastCharacter,
}

impl Mismatch {
    const ALL: [Mismatch; 3] = [Mismatch::Longer, Mismatch::Prefix, Mismatch::LastCharacter];

    fn name(self) -> &'static str {
        match self {
            Mismatch::Longer => "longer",
            Mismatch::Prefix => "prefix",
            Mismatch::LastCharacter => "last_character",
        }
    }

    /// `id` changed this way (IDs are ASCII; the result stays a valid ID).
    fn apply(self, id: &str) -> String {
        let mut s = id.to_owned();
        match self {
            Mismatch::Longer => s.push('0'),
            Mismatch::Prefix => {
                s.pop();
            }
            Mismatch::LastCharacter => {
                let last = s.pop().unwrap_or('0');
                s.push(if last == '0' { '1' } else { '0' });
            }
        }
        s
    }
}

fn mismatch(op: Method, example: Value, slot: &'static str, kind: Mismatch) -> Case {
    let method = op.as_str();
    let m = method.to_owned();
    let example = Arc::new(example);
    let run: RunFn = Box::new(move |cx: &mut Ctx| -> BoxFut<'_> {
        let (m, example) = (m.clone(), example.clone());
        Box::pin(async move {
            let mut c = cx.client().await?;
            let mut sent = record(&mut c, &example, &m);
            let id = sent[slot].as_str().unwrap_or_default().to_owned();
            sent[slot] = json!(kind.apply(&id));
            let what = format!("`{m}` with a {slot} that is {} ", kind.name());
            let r = c.call(&sent).await?;
            r.err(ErrorCode::InstanceMismatch.as_str(), &what)?;
            echoes(&r.0, &sent, &what)?;
            done(c).await?;
            pass()
        })
    });
    case(
        format!("scenario.rule.instance_mismatch.{method}.{slot}.{}", kind.name()),
        "every later request carries the values that `initialize` returned (a mismatch is `instance_mismatch`)",
        &[op],
        run,
    )
}

/// The confirmation rule ("Missing or false confirmation returns `confirmation_required`"): for
/// an operation that declares `confirmation_required`, each boolean its example sets to `true`
/// is sent `false` and absent.
fn confirmation(op: Method, example: &Value) -> Vec<Case> {
    let method = op.as_str();
    let members: Vec<String> = example["payload"]
        .as_object()
        .map(|o| o.iter().filter(|(_, v)| **v == Value::Bool(true)).map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    let mut out = Vec::new();
    for member in members {
        for absent in [false, true] {
            let (m, member, example) = (method.to_owned(), member.clone(), Arc::new(example.clone()));
            let variant = if absent { "absent" } else { "false" };
            let id = format!("scenario.rule.confirmation.{method}.{member}.{variant}");
            let run: RunFn = Box::new(move |cx: &mut Ctx| -> BoxFut<'_> {
                let (m, member, example) = (m.clone(), member.clone(), example.clone());
                Box::pin(async move {
                    let mut c = cx.client().await?;
                    let mut sent = record(&mut c, &example, &m);
                    sent["operation_id"] = json!(cx.op(&format!("confirm-{member}-{absent}")));
                    if absent {
                        sent["payload"].as_object_mut().map(|p| p.remove(&member));
                    } else {
                        sent["payload"][&member] = json!(false);
                    }
                    let r = c.call(&sent).await?;
                    r.err(ErrorCode::ConfirmationRequired.as_str(), &format!("`{m}` with `{member}` {variant}"))?;
                    done(c).await?;
                    pass()
                })
            });
            out.push(case(id, "Missing or false confirmation returns `confirmation_required`", &[op], run));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_gated_method_and_mismatch_kind_has_a_case() {
        let ids: Vec<String> = cases().into_iter().map(|c| c.id).collect();
        for m in Method::ALL.iter().filter(|m| m.rules().requires_initialization) {
            assert!(ids.contains(&format!("scenario.rule.not_initialized.{}", m.as_str())), "{m}");
            assert!(ids.contains(&format!("scenario.rule.instance_mismatch.{}.connection_id.prefix", m.as_str())));
        }
        assert!(!ids.iter().any(|i| i == "scenario.rule.not_initialized.initialize"));
        assert!(ids.contains(&"scenario.rule.confirmation.auth.logout.confirmed.absent".to_owned()));
    }

    #[test]
    fn mismatches_differ_in_the_way_they_say() {
        assert_eq!(Mismatch::Longer.apply("cn_ab"), "cn_ab0");
        assert_eq!(Mismatch::Prefix.apply("cn_ab"), "cn_a");
        assert_eq!(Mismatch::LastCharacter.apply("cn_ab"), "cn_a0");
        assert_eq!(Mismatch::LastCharacter.apply("cn_a0"), "cn_a1");
    }
}
