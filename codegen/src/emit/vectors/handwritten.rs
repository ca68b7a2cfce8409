//! Hand-written vectors: one group per row of the seed's "Received form → Consumer outcome"
//! table, kept in the generator's own input `codegen/data/consumer_table.json` and written out
//! merged into the generated `consumer.json`. Records are written as templates over the spec's examples (`"from":"response:status"`
//! plus JSON-pointer edits), so they follow the spec; limit-sized values are macros
//! (`{"$over":"max_array_items"}`) so they follow the limits.

use super::consumer::{Known, REASONS};
use super::node::{shape, Node};
use super::records::{self, layout, nested_arrays, wide_object, Which};
use super::server::echo;
use super::{Cx, Expect, Input, Side, Step, Vector};
use crate::ir::TypeRef;
use serde::Deserialize;
use serde_json::{json, Value};

/// The committed source, relative to the repository root.
pub const SOURCE: &str = "codegen/data/consumer_table.json";

/// Compiled in so `artifacts` needs no file system access; editing it rebuilds the generator.
/// The file is the crate's own, so the packaged crate carries the table.
const TEXT: &str = include_str!("../../../data/consumer_table.json");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    #[allow(dead_code)]
    about: String,
    #[allow(dead_code)]
    table: String,
    rows: Vec<Row>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    row: u32,
    received_form: String,
    consumer_outcome: String,
    vectors: Vec<RawVector>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVector {
    id: String,
    #[serde(default)]
    applies_to: Option<String>,
    #[serde(default)]
    rule: Option<String>,
    #[serde(default)]
    input: Option<Template>,
    #[serde(default)]
    steps: Option<Vec<RawStep>>,
    expect: RawExpect,
}

/// A record: the spec example named by `from`, then `remove` and `set` (JSON pointers; a last
/// token `-` appends to an array), in that order.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Template {
    from: String,
    #[serde(default)]
    example: usize,
    #[serde(default)]
    remove: Vec<String>,
    #[serde(default)]
    set: Vec<(String, Value)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    #[serde(default)]
    send: Option<Template>,
    #[serde(default)]
    receive: Option<Template>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    outcome: String,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    at: Option<usize>,
}

/// A template expanded: the record, its text, and what the client knew when it arrived.
struct Built {
    value: Value,
    text: String,
    known: Option<Known>,
}

/// The rows' numbers, for the coverage test.
#[cfg(test)]
pub fn rows() -> Result<Vec<u32>, String> {
    let table: Table = serde_json::from_str(TEXT).map_err(|e| e.to_string())?;
    Ok(table.rows.iter().map(|r| r.row).collect())
}

pub fn vectors(cx: &Cx) -> Result<Vec<Vector>, String> {
    let table: Table = serde_json::from_str(TEXT).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for row in &table.rows {
        for raw in &row.vectors {
            let id = format!("table.r{}.{}", row.row, raw.id);
            out.push(vector(cx, row, raw, &id).map_err(|e| format!("{id}: {e}"))?);
        }
    }
    Ok(out)
}

fn vector(cx: &Cx, row: &Row, raw: &RawVector, id: &str) -> Result<Vector, String> {
    let side = match raw.applies_to.as_deref() {
        None | Some("consumer") => Side::Consumer,
        Some("server") => Side::Server,
        Some(other) => return Err(format!("applies_to `{other}` is not server or consumer")),
    };
    let rule = raw.rule.clone().unwrap_or_else(|| format!("{} → {}", row.received_form, row.consumer_outcome));
    let (input, context, value) = match (&raw.input, &raw.steps) {
        (Some(t), None) => {
            let b = build(cx, t)?;
            (Input::Text(b.text), b.known.as_ref().map(Known::node), Some(b.value))
        }
        (None, Some(steps)) => {
            (Input::Steps(steps.iter().map(|s| step(cx, s)).collect::<Result<_, _>>()?), Some(identities(cx)), None)
        }
        _ => return Err("give exactly one of `input` and `steps`".into()),
    };
    let expect = expectation(cx, side, &raw.expect, value.as_ref(), matches!(input, Input::Steps(_)))?;
    Ok(Vector { id: id.to_string(), side, context, input, expect, rule, check: None })
}

/// The identities `initialize` returned, the context of a conversation.
fn identities(cx: &Cx) -> Node {
    Node::object([("instance_id", Node::str(&cx.instance_id)), ("connection_id", Node::str(&cx.connection_id))])
}

fn step(cx: &Cx, s: &RawStep) -> Result<Step, String> {
    match (&s.send, &s.receive) {
        (Some(t), None) => Ok(Step { send: true, record: build(cx, t)?.text }),
        (None, Some(t)) => Ok(Step { send: false, record: build(cx, t)?.text }),
        _ => Err("a step is exactly one of `send` and `receive`".into()),
    }
}

fn expectation(
    cx: &Cx,
    side: Side,
    e: &RawExpect,
    value: Option<&Value>,
    conversation: bool,
) -> Result<Expect, String> {
    match (e.outcome.as_str(), side) {
        ("accept", _) => {
            let result = match e.result.as_deref() {
                None => None,
                Some("success") => Some("success"),
                Some("error") => Some("error"),
                Some(other) => return Err(format!("result `{other}` is not success or error")),
            };
            Ok(Expect::Accept { result, payload: None })
        }
        ("reject", Side::Server) => {
            let code = e.code.clone().ok_or("a server rejection needs `code`")?;
            if cx.spec.error(&code).is_none() {
                return Err(format!("`{code}` is not an error code of the spec"));
            }
            // Identities are echoed once the record is a JSON object within the limits.
            let echoes = !["record_too_large", "invalid_json", "limit_exceeded"].contains(&code.as_str());
            Ok(Expect::Server { echo: echoes.then(|| echo(cx.spec, value.unwrap_or(&Value::Null))), code })
        }
        ("reject", Side::Consumer) => {
            let reason = e.reason.clone().ok_or("a consumer rejection needs `reason`")?;
            if !REASONS.contains(&reason.as_str()) {
                return Err(format!("reason `{reason}` is not one of {REASONS:?}"));
            }
            if e.at.is_some() != conversation {
                return Err("`at` is required for conversations and only for them".into());
            }
            Ok(Expect::Consumer { reason, at: e.at })
        }
        (other, _) => Err(format!("outcome `{other}` is not accept or reject")),
    }
}

fn build(cx: &Cx, t: &Template) -> Result<Built, String> {
    let (kind, name) = t.from.split_once(':').unwrap_or((t.from.as_str(), ""));
    let spec = cx.spec;
    let missing = || format!("no example {} of `{}`", t.example, t.from);
    let (mut value, which, payload_ty, method) = match kind {
        "request" => {
            let op = spec.operation(name).ok_or_else(|| format!("unknown operation `{name}`"))?;
            let ex = op.examples.get(t.example).ok_or_else(missing)?;
            (records::request(cx, op, ex.request.clone()), Some(Which::Request), None, None)
        }
        "response" | "error" => {
            let (method, code) = name.split_once(':').map_or((name, None), |(m, c)| (m, Some(c)));
            let op = spec.operation(method).ok_or_else(|| format!("unknown operation `{method}`"))?;
            let ex = op.examples.get(t.example).ok_or_else(missing)?;
            let error = match (kind, code) {
                ("error", Some(code)) => Some(records::error_object(cx, code)),
                ("error", None) => return Err("write `error:<method>:<code>`".into()),
                _ => None,
            };
            (
                records::response(cx, op, ex.response.clone(), error),
                Some(Which::Response),
                Some(TypeRef::Named(op.response.clone())),
                Some(method),
            )
        }
        "event" => {
            let ev = spec.event(name).ok_or_else(|| format!("unknown event `{name}`"))?;
            let ex = ev.examples.get(t.example).ok_or_else(missing)?;
            (records::event(cx, ev, ex.clone()), Some(Which::Event), None, None)
        }
        "message" => (
            spec.messages.examples.get(t.example).cloned().ok_or_else(missing)?,
            None,
            Some(TypeRef::Named(spec.messages.ty.clone())),
            None,
        ),
        other => return Err(format!("`from` kind `{other}` is not request, response, error, event or message")),
    };
    let known = match which {
        Some(Which::Response) => Some(Known::of(&value, method)),
        Some(Which::Event) => Some(Known::of(&value, None)),
        _ => None,
    };
    for pointer in &t.remove {
        remove(&mut value, pointer)?;
    }
    for (pointer, v) in &t.set {
        let depth = tokens(pointer)?.len();
        set(&mut value, pointer, expand(cx, v, depth)?)?;
    }
    let node = match which {
        Some(w) => layout(cx, w, &value, payload_ty.as_ref()),
        None => shape(spec, payload_ty.as_ref().unwrap_or(&TypeRef::Payload), &value),
    };
    Ok(Built { text: node.compact(), value, known })
}

/// A value, or the macro `{"$at": LIMIT}` / `{"$over": LIMIT}`: a value at a structural limit or
/// one past it, placed `depth` containers below the top of the record.
fn expand(cx: &Cx, v: &Value, depth: usize) -> Result<Value, String> {
    let Some((op, limit)) =
        v.as_object().filter(|m| m.len() == 1).and_then(|m| m.iter().next()).filter(|(k, _)| k.starts_with('$'))
    else {
        return Ok(v.clone());
    };
    let limit = limit.as_str().ok_or("a macro names a limit")?;
    let value = usize::try_from(cx.spec.limit(limit).ok_or_else(|| format!("unknown limit `{limit}`"))?.value)
        .map_err(|e| e.to_string())?;
    let n = match op.as_str() {
        "$at" => value,
        "$over" => value + 1,
        other => return Err(format!("unknown macro `{other}`")),
    };
    match limit {
        "max_string_bytes" => Ok(json!("a".repeat(n))),
        "max_array_items" => Ok(Value::Array(vec![json!(0); n])),
        "max_object_fields" => Ok(wide_object(n)),
        // The containers above the value already count `depth` levels.
        "max_json_depth" => Ok(nested_arrays(n.saturating_sub(depth))),
        other => Err(format!("no macro value for `{other}`")),
    }
}

fn tokens(pointer: &str) -> Result<Vec<String>, String> {
    let rest = pointer.strip_prefix('/').ok_or_else(|| format!("pointer `{pointer}` must start with /"))?;
    Ok(rest.split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).collect())
}

/// The container a pointer's last token is in, and that token.
fn parent<'v>(root: &'v mut Value, pointer: &str) -> Result<(&'v mut Value, String), String> {
    let mut tokens = tokens(pointer)?;
    let last = tokens.pop().ok_or("empty pointer")?;
    let mut at = root;
    for t in &tokens {
        at = match at {
            Value::Object(m) => m.get_mut(t),
            Value::Array(a) => t.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
            _ => None,
        }
        .ok_or_else(|| format!("`{pointer}`: no member `{t}`"))?;
    }
    Ok((at, last))
}

fn set(root: &mut Value, pointer: &str, v: Value) -> Result<(), String> {
    let (container, last) = parent(root, pointer)?;
    match container {
        Value::Object(m) => {
            m.insert(last, v);
            Ok(())
        }
        Value::Array(a) if last == "-" => {
            a.push(v);
            Ok(())
        }
        Value::Array(a) => {
            let slot = last
                .parse::<usize>()
                .ok()
                .and_then(|i| a.get_mut(i))
                .ok_or_else(|| format!("`{pointer}`: no item `{last}`"))?;
            *slot = v;
            Ok(())
        }
        _ => Err(format!("`{pointer}`: not inside an object or array")),
    }
}

fn remove(root: &mut Value, pointer: &str) -> Result<(), String> {
    let (container, last) = parent(root, pointer)?;
    let removed = match container {
        Value::Object(m) => m.remove(&last).is_some(),
        Value::Array(a) => last.parse::<usize>().ok().filter(|i| *i < a.len()).map(|i| a.remove(i)).is_some(),
        _ => false,
    };
    if removed {
        Ok(())
    } else {
        Err(format!("`{pointer}`: nothing to remove"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_set_append_and_remove() {
        let mut v = json!({"a": {"b": [1]}, "c~/": 0});
        set(&mut v, "/a/b/-", json!(2)).unwrap();
        set(&mut v, "/a/x", json!(true)).unwrap();
        remove(&mut v, "/c~0~1").unwrap();
        assert_eq!(v, json!({"a": {"b": [1, 2], "x": true}}));
        assert!(remove(&mut v, "/nope").is_err());
        assert!(set(&mut v, "/a/b/7", json!(0)).is_err());
    }
}
