//! Server vectors (`requests.json`): request records and the error code the strict decoder must
//! answer with, following the precedence table of docs/decoding.md. Each vector is built with one
//! intended fault; the record-level checks that come earlier (record bytes, structural limits,
//! payload bytes) are then applied to the record, so the expected code is always the first
//! failing check.

use super::mutate::{Case, Mutator, Verdict};
use super::node::Node;
use super::noncharacters;
use super::records::{self, layout, payload_bytes, Measure, Which, ECHOED, FUTURE_MEMBER};
use super::{rules, Check, Cx, Expect, Input, Side, Target, Vector};
use crate::ir::{Field, Operation, Presence, SlotRule, Spec, TypeKind, TypeRef};
use crate::validate::{self, Mode};
use serde_json::{json, Map, Value};

/// The first failing check of docs/decoding.md, in precedence order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Failure {
    Record,
    Json,
    Structure,
    Envelope,
    Version,
    Method,
    Slot,
    ControlMissing,
    PayloadSize,
    Payload,
    PayloadLimit,
}

impl Failure {
    pub fn code(self) -> &'static str {
        match self {
            Failure::Record => "record_too_large",
            Failure::Json => "invalid_json",
            Failure::Structure | Failure::PayloadLimit => "limit_exceeded",
            Failure::Envelope | Failure::Slot => "invalid_request",
            Failure::Version => "unsupported_version",
            Failure::Method => "unsupported_operation",
            Failure::ControlMissing => "control_required",
            Failure::PayloadSize => "payload_too_large",
            Failure::Payload => "invalid_payload",
        }
    }

    /// Whether the decoder got far enough (a JSON object within the limits) for the error
    /// response to echo identities recovered from the record.
    fn echoes(self) -> bool {
        self >= Failure::Envelope
    }
}

pub fn vectors(cx: &Cx) -> Vec<Vector> {
    let mut s = Server { cx, mutator: Mutator::new(cx.spec, &cx.samples, true), out: Vec::new() };
    for op in &cx.spec.operations {
        s.operation(op);
    }
    s.envelopes();
    s.json();
    s.noncharacters();
    s.structure();
    s.sizes();
    s.precedence();
    s.out
}

struct Server<'c> {
    cx: &'c Cx<'c>,
    mutator: Mutator<'c>,
    out: Vec<Vector>,
}

/// The identities an error response carries: each slot's value when it is present and valid,
/// `null` otherwise (docs/decoding.md).
pub fn echo(spec: &Spec, record: &Value) -> Node {
    let members = ECHOED.iter().map(|name| {
        let field = spec.request_envelope.fields.iter().find(|f| f.name == *name);
        let value = match (record.get(*name), field) {
            (Some(v), Some(f)) if !v.is_null() && validate::check(spec, &f.ty, v, Mode::Strict).is_ok() => v.clone(),
            _ => Value::Null,
        };
        (name.to_string(), Node::Scalar(value))
    });
    Node::Object(members.collect())
}

/// Where the operation's slot rules are broken (check 7), if they are.
pub fn slot_failure(op: &Operation, record: &Value) -> Option<Failure> {
    let null = |k: &str| record.get(k).is_none_or(Value::is_null);
    if (op.session_id == SlotRule::Required) == null("session_id") || op.mutation == null("operation_id") {
        return Some(Failure::Slot);
    }
    match (op.control, null("control")) {
        (SlotRule::Required, true) => Some(Failure::ControlMissing),
        (SlotRule::Null, false) => Some(Failure::Slot),
        _ => None,
    }
}

/// Checks 5–7 for a record whose envelope is schema-valid, and check 4 when it is not.
fn envelope_failure(cx: &Cx, record: &Value, schema_valid: bool) -> Option<Failure> {
    if !schema_valid {
        return Some(Failure::Envelope);
    }
    if record.get("protocol_version") != Some(&json!(cx.spec.protocol_version)) {
        return Some(Failure::Version);
    }
    let Some(op) = record.get("method").and_then(Value::as_str).and_then(|m| cx.spec.operation(m)) else {
        return Some(Failure::Method);
    };
    slot_failure(op, record)
}

/// The payload with every absent defaulted member filled in, as a decoder hands it on.
fn with_defaults(spec: &Spec, ty: &TypeRef, v: &Value) -> Value {
    match (ty, v) {
        (TypeRef::Array(r), Value::Array(items)) => {
            Value::Array(items.iter().map(|x| with_defaults(spec, &r.items, x)).collect())
        }
        (TypeRef::Named(name), Value::Object(map)) => {
            let fields: &[Field] = match spec.ty(name).map(|d| &d.kind) {
                Some(TypeKind::Object(o)) => &o.fields,
                Some(TypeKind::Union(u)) => super::sample::variant_of(u, map).map_or(&[], |x| &x.fields),
                _ => &[],
            };
            let mut out = map.clone();
            for f in fields {
                match (map.get(&f.name), &f.presence) {
                    (None, Presence::Defaulted(d)) => drop(out.insert(f.name.clone(), d.clone())),
                    (Some(x), _) if !x.is_null() => drop(out.insert(f.name.clone(), with_defaults(spec, &f.ty, x))),
                    _ => {}
                }
            }
            Value::Object(out)
        }
        _ => v.clone(),
    }
}

fn example_payload(cx: &Cx, op: &Operation) -> Value {
    op.examples.first().map_or_else(|| cx.samples.minimal(&TypeRef::Named(op.request.clone())), |e| e.request.clone())
}

impl Server<'_> {
    /// Push a record vector: apply the checks before `intended`, then write the expectation.
    fn push(
        &mut self,
        id: String,
        record: &Value,
        text: String,
        intended: Option<Failure>,
        rule: &str,
        check: Option<Check>,
    ) {
        let cx = self.cx;
        let failure = settle(cx, text.len(), record, intended);
        let expect = match failure {
            Some(f) => Expect::Server { code: f.code().to_string(), echo: f.echoes().then(|| echo(cx.spec, record)) },
            None => Expect::Accept { result: None, payload: self.defaults(record) },
        };
        self.out.push(Vector {
            id,
            side: Side::Server,
            context: None,
            input: Input::Text(text),
            expect,
            rule: rule.to_string(),
            check,
        });
    }

    /// A record vector laid out in the IR's order.
    fn push_value(&mut self, id: String, record: &Value, intended: Option<Failure>, rule: &str, check: Option<Check>) {
        let text = layout(self.cx, Which::Request, record, None).compact();
        self.push(id, record, text, intended, rule, check);
    }

    /// A vector whose input is given as raw text and whose failure is decided by the text itself.
    fn push_text(&mut self, id: &str, input: Input, failure: Failure, echo: Option<Node>, rule: &str) {
        let expect = Expect::Server { code: failure.code().to_string(), echo };
        self.out.push(Vector {
            id: id.to_string(),
            side: Side::Server,
            context: None,
            input,
            expect,
            rule: rule.to_string(),
            check: None,
        });
    }

    /// The decoded payload of an accepted record, when defaults change it.
    fn defaults(&self, record: &Value) -> Option<Node> {
        let spec = self.cx.spec;
        let op = record.get("method").and_then(Value::as_str).and_then(|m| spec.operation(m))?;
        let ty = TypeRef::Named(op.request.clone());
        let payload = record.get("payload")?;
        let filled = with_defaults(spec, &ty, payload);
        (&filled != payload).then(|| super::node::shape(spec, &ty, &filled))
    }

    fn operation(&mut self, op: &Operation) {
        let cx = self.cx;
        let ty = TypeRef::Named(op.request.clone());
        let m = &op.method;
        let payload_check =
            |valid| Some(Check { target: Target::Type(ty.clone()), pointer: "/payload", mode: Mode::Strict, valid });
        for (i, ex) in op.examples.iter().enumerate() {
            let id = if i == 0 { format!("req.{m}.example") } else { format!("req.{m}.example.{}", i + 1) };
            self.push_value(
                id,
                &records::request(cx, op, ex.request.clone()),
                None,
                rules::STRICT_PAYLOADS,
                payload_check(true),
            );
        }
        let minimal = cx.samples.minimal(&ty);
        if !op.examples.iter().any(|e| e.request == minimal) {
            self.push_value(
                format!("req.{m}.minimal"),
                &records::request(cx, op, minimal),
                None,
                rules::REQUIRED,
                payload_check(true),
            );
        }
        let base = example_payload(cx, op);
        self.slots(op, &base);
        for c in self.mutator.root(&ty, &base) {
            let intended = match c.verdict {
                Verdict::Valid => None,
                Verdict::Invalid => Some(Failure::Payload),
                Verdict::InvalidLimit => Some(Failure::PayloadLimit),
            };
            let record = records::request(cx, op, c.value.clone());
            self.push_value(
                format!("req.{m}.payload.{}", c.path.join(".")),
                &record,
                intended,
                c.rule,
                payload_check(c.verdict.is_valid()),
            );
        }
    }

    /// Each slot flipped: a required slot `null`, a null-only slot set (check 7).
    fn slots(&mut self, op: &Operation, payload: &Value) {
        let control = json!({"claim_id": records::CLAIM_ID, "grant_generation": records::GRANT_GENERATION});
        let slots = [
            ("session_id", op.session_id == SlotRule::Required, json!(records::SESSION_ID), rules::SLOTS),
            ("operation_id", op.mutation, json!(records::OPERATION_ID), rules::OPERATION_ID),
            ("control", op.control == SlotRule::Required, control, rules::CONTROL),
        ];
        for (slot, required, value, rule) in slots {
            let mut record = records::request(self.cx, op, payload.clone());
            let (suffix, v, rule) = match (required, slot) {
                (true, "control") => ("null", Value::Null, rules::CONTROL_REQUIRED),
                (true, _) => ("null", Value::Null, rule),
                (false, _) => ("set", value, rule),
            };
            record[slot] = v;
            let failure = slot_failure(op, &record);
            let check =
                Some(Check { target: Target::Envelope(Which::Request), pointer: "", mode: Mode::Strict, valid: true });
            self.push_value(format!("req.{}.envelope.{slot}.{suffix}", op.method), &record, failure, rule, check);
        }
    }

    /// Envelope mutations around two bases: every slot set, and no slot set (`initialize`).
    fn envelopes(&mut self) {
        let cx = self.cx;
        let bases: Vec<&Operation> =
            [records::all_slots_op(cx.spec), records::no_slots_op(cx.spec)].into_iter().flatten().collect();
        for op in bases {
            let record = records::request(cx, op, example_payload(cx, op));
            let map = record.as_object().cloned().unwrap_or_default();
            for c in self.mutator.fields(&cx.spec.request_envelope.fields, &map, &[]) {
                self.envelope_case(op, c);
            }
        }
        if let Some(op) = records::plain_read_op(cx.spec) {
            self.payload_kinds(op);
        }
    }

    fn envelope_case(&mut self, op: &Operation, c: Case) {
        let failure = envelope_failure(self.cx, &c.value, c.verdict.is_valid());
        let rule = match failure {
            Some(Failure::Version) => rules::WIRE_VERSION,
            Some(Failure::Method) => rules::SERVER_MALFORMED,
            Some(Failure::Slot) => rules::SLOTS,
            Some(Failure::ControlMissing) => rules::CONTROL_REQUIRED,
            _ if c.path.first().map(String::as_str) == Some(FUTURE_MEMBER) => rules::SERVER_UNKNOWN,
            _ if c.path.len() == 2 && c.path[1] == "missing" => rules::ENVELOPE_FIELDS,
            _ => c.rule,
        };
        let check = Some(Check {
            target: Target::Envelope(Which::Request),
            pointer: "",
            mode: Mode::Strict,
            valid: c.verdict.is_valid(),
        });
        self.push_value(format!("req.envelope.{}.{}", op.method, c.path.join(".")), &c.value, failure, rule, check);
    }

    /// A payload that is not an object: the envelope's payload slot takes any JSON value, so this
    /// is the payload schema's failure (check 9), except `null`, which the envelope refuses.
    fn payload_kinds(&mut self, op: &Operation) {
        for (kind, v) in [("string", json!("{}")), ("number", json!(0)), ("bool", json!(true)), ("array", json!([]))] {
            let record = records::request(self.cx, op, v);
            let check = Some(Check {
                target: Target::Type(TypeRef::Named(op.request.clone())),
                pointer: "/payload",
                mode: Mode::Strict,
                valid: false,
            });
            self.push_value(
                format!("req.envelope.payload.kind.{kind}"),
                &record,
                Some(Failure::Payload),
                rules::SERVER_MALFORMED,
                check,
            );
        }
    }

    /// Records that are not one I-JSON value, or not an object (check 2, and check 4 for
    /// non-objects).
    fn json(&mut self) {
        let cx = self.cx;
        let Some(op) = records::plain_read_op(cx.spec) else {
            return;
        };
        let record = records::request(cx, op, example_payload(cx, op));
        let good = layout(cx, Which::Request, &record, None).compact();
        let texts = [
            ("not_json", "hello".to_string()),
            ("truncated", good[..good.len() - 1].to_string()),
            ("two_values", format!("{good}{good}")),
            ("two_values.spaced", format!("{good} {good}")),
            ("trailing_comma", format!("{},}}", &good[..good.len() - 1])),
            ("single_quotes", good.replace('"', "'")),
            ("comment", format!("/* note */{good}")),
            (
                "nan",
                good.replacen(
                    &format!("\"protocol_version\":{}", cx.spec.protocol_version),
                    "\"protocol_version\":NaN",
                    1,
                ),
            ),
            ("lone_surrogate", good.replacen(&format!("\"{}\"", records::REQUEST_ID), "\"req-\\ud800\"", 1)),
            ("empty", String::new()),
            ("whitespace", "   ".to_string()),
        ];
        for (name, text) in texts {
            self.push_text(&format!("req.json.{name}"), Input::Text(text), Failure::Json, None, rules::I_JSON);
        }
        let mut bytes = good.clone().into_bytes();
        if let Some(at) = good.find(records::REQUEST_ID) {
            bytes.insert(at + records::REQUEST_ID.len(), 0xff);
        }
        self.push_text("req.json.invalid_utf8", Input::Bytes(bytes), Failure::Json, None, rules::I_JSON);
        self.duplicates(&record);
        let null_echo = echo(cx.spec, &Value::Null);
        for (name, text) in [("array", "[]"), ("string", "\"request\""), ("number", "2"), ("null", "null")] {
            self.push_text(
                &format!("req.json.top_level.{name}"),
                Input::Text(text.into()),
                Failure::Envelope,
                Some(null_echo.clone()),
                rules::STRICT_PAYLOADS,
            );
        }
    }

    /// RFC 7493 §2.1: a noncharacter, raw or escaped, anywhere in the record is `invalid_json`
    /// (check 3) even where the record would otherwise be valid (in `request_id`) or another
    /// check's failure (an unknown member, check 4); the characters next to them are accepted.
    fn noncharacters(&mut self) {
        let cx = self.cx;
        let Some(op) = records::plain_read_op(cx.spec) else {
            return;
        };
        let record = records::request(cx, op, example_payload(cx, op));
        let good = layout(cx, Which::Request, &record, None).compact();
        let quoted_id = format!("\"{}\"", records::REQUEST_ID);
        let body = &good[..good.len() - 1];
        for sp in noncharacters::all() {
            let text = good.replacen(&quoted_id, &format!("\"{}-{}\"", records::REQUEST_ID, sp.text), 1);
            let input = noncharacters::input(text, sp.raw);
            self.push_text(
                &format!("req.json.noncharacter.request_id.{}", sp.name),
                input,
                Failure::Json,
                None,
                rules::NONCHARACTER,
            );
        }
        for sp in noncharacters::representative() {
            let t = &sp.text;
            let placements = [
                ("member_name", format!("{body},\"{FUTURE_MEMBER}{t}\":0}}")),
                ("unknown_member", format!("{body},\"{FUTURE_MEMBER}\":{{\"k\":[\"{t}\"]}}}}")),
                ("unknown_member.member_name", format!("{body},\"{FUTURE_MEMBER}\":{{\"{t}\":0}}}}")),
            ];
            for (place, text) in placements {
                let id = format!("req.json.noncharacter.{place}.{}", sp.name);
                self.push_text(&id, noncharacters::input(text, sp.raw), Failure::Json, None, rules::NONCHARACTER);
            }
        }
        for sp in noncharacters::neighbours() {
            let id = format!("{}-{}", records::REQUEST_ID, sp.decoded);
            let mut accepted = record.clone();
            accepted["request_id"] = json!(id);
            let text = good.replacen(&quoted_id, &format!("\"{}-{}\"", records::REQUEST_ID, sp.text), 1);
            self.push(
                format!("req.json.character.request_id.{}", sp.name),
                &accepted,
                text,
                None,
                rules::NONCHARACTER,
                None,
            );
        }
        // A string's characters are checked as it is read, its size once it is read: the
        // noncharacter of an over-long string decides, an over-long string read before decides.
        let max = usize::try_from(cx.spec.limit_value("max_string_bytes")).unwrap_or(0);
        let long = "a".repeat(max + 1);
        let order = rules::NONCHARACTER_ORDER;
        let same = Input::Text(format!("{body},\"{FUTURE_MEMBER}\":\"{long}\\uffff\"}}"));
        self.push_text("req.precedence.noncharacter.over.max_string_bytes", same, Failure::Json, None, order);
        let earlier = Input::Text(format!("{body},\"{FUTURE_MEMBER}\":\"{long}\",\"{FUTURE_MEMBER}_2\":\"\\uffff\"}}"));
        self.push_text("req.precedence.max_string_bytes.before.noncharacter", earlier, Failure::Structure, None, order);
    }

    /// Duplicate member names at the top level, in the payload, in the control object and inside
    /// an unknown member: all `invalid_json`, whatever else is wrong.
    fn duplicates(&mut self, plain: &Value) {
        let cx = self.cx;
        let mut top = layout(cx, Which::Request, plain, None);
        top.push("request_id", Node::str(records::REQUEST_ID));
        self.push_text("req.json.duplicate.top_level", Input::Text(top.compact()), Failure::Json, None, rules::I_JSON);
        let Some(op) = records::all_slots_op(cx.spec) else {
            return;
        };
        let record = records::request(cx, op, example_payload(cx, op));
        let dup_in = |member: &str| {
            let mut n = layout(cx, Which::Request, &record, None);
            if let Some(inner) = n.member_mut(member) {
                let first = match inner {
                    Node::Object(members) => members.first().cloned(),
                    _ => None,
                };
                if let Some((k, v)) = first {
                    inner.push(&k, v);
                }
            }
            n.compact()
        };
        self.push_text(
            "req.json.duplicate.payload",
            Input::Text(dup_in("payload")),
            Failure::Json,
            None,
            rules::I_JSON,
        );
        self.push_text(
            "req.json.duplicate.control",
            Input::Text(dup_in("control")),
            Failure::Json,
            None,
            rules::I_JSON,
        );
        let mut free = layout(cx, Which::Request, plain, None);
        free.push(FUTURE_MEMBER, Node::object([("a", Node::Scalar(json!(1))), ("a", Node::Scalar(json!(1)))]));
        self.push_text(
            "req.json.duplicate.unknown_member",
            Input::Text(free.compact()),
            Failure::Json,
            None,
            rules::I_JSON,
        );
    }

    /// Structural limits at their value and one past it, in places where nothing else is wrong
    /// but an unknown member: at the limit the unknown member decides (check 4 or 9), past it
    /// check 3 does.
    fn structure(&mut self) {
        let cx = self.cx;
        let Some(op) = records::plain_read_op(cx.spec) else {
            return;
        };
        let base = records::request(cx, op, example_payload(cx, op));
        let limit = |name: &str| usize::try_from(cx.spec.limit_value(name)).unwrap_or(0);
        let (depth, items, fields, bytes) =
            (limit("max_json_depth"), limit("max_array_items"), limit("max_object_fields"), limit("max_string_bytes"));
        let known = base.as_object().map_or(0, Map::len);
        // Each maker builds the member's value for a limit value.
        type Make<'m> = &'m dyn Fn(usize) -> Value;
        let cases: [(&str, &str, usize, Make); 5] = [
            ("depth", rules::DEPTH, depth, &|n| records::nested_arrays(n.saturating_sub(1))),
            ("array_items", rules::ARRAY_ITEMS, items, &|n| Value::Array(vec![json!(0); n])),
            ("object_fields", rules::OBJECT_FIELDS, fields, &records::wide_object),
            ("string_bytes", rules::STRING_BYTES, bytes, &|n| json!("a".repeat(n))),
            ("string_bytes.member_name", rules::STRING_BYTES, bytes, &|n| {
                Value::Object(Map::from_iter([("a".repeat(n), json!(0))]))
            }),
        ];
        for (name, rule, max, make) in cases {
            for (suffix, n) in [("at_max", max), ("above_max", max + 1)] {
                let mut record = base.clone();
                record[FUTURE_MEMBER] = make(n);
                self.push_value(format!("req.limit.{name}.{suffix}"), &record, Some(Failure::Envelope), rule, None);
            }
        }
        for (suffix, n) in [("at_max", depth), ("above_max", depth + 1)] {
            // The payload object is depth 2, so its member adds n - 2 levels.
            let record =
                records::request(cx, op, json!({ FUTURE_MEMBER: records::nested_arrays(n.saturating_sub(2)) }));
            self.push_value(
                format!("req.limit.depth.payload.{suffix}"),
                &record,
                Some(Failure::Payload),
                rules::DEPTH,
                None,
            );
        }
        for (suffix, n) in [("at_max", fields), ("above_max", fields + 1)] {
            let mut record = base.clone();
            for i in known..n {
                record[format!("{FUTURE_MEMBER}_{i}")] = json!(0);
            }
            self.push_value(
                format!("req.limit.object_fields.envelope.{suffix}"),
                &record,
                Some(Failure::Envelope),
                rules::OBJECT_FIELDS,
                None,
            );
        }
        self.escaped_strings(bytes);
    }

    /// A prompt written with `\u00e9` escapes: six bytes of text, two decoded. The string limit
    /// counts decoded bytes and the payload limit counts the compact re-encoding, so at the limit
    /// the record is accepted although its raw payload text is three times larger.
    fn escaped_strings(&mut self, max_bytes: usize) {
        let cx = self.cx;
        let prompt = records::all_slots_op(cx.spec).filter(|o| {
            cx.spec.object(&o.request).is_some_and(|d| {
                d.fields.iter().any(|f| matches!(&f.ty, TypeRef::String(r) if r.max_bytes.value as usize == max_bytes))
            })
        });
        let Some(op) = prompt else {
            return;
        };
        let Some(field) =
            cx.spec.object(&op.request).and_then(|d| d.fields.iter().find(|f| matches!(f.ty, TypeRef::String(_))))
        else {
            return;
        };
        for (suffix, chars) in [("at_max", max_bytes / 2), ("above_max", max_bytes / 2 + 1)] {
            let record = records::request(cx, op, json!({ field.name.clone(): "é".repeat(chars) }));
            let mut n = layout(cx, Which::Request, &record, None);
            if let Some(p) = n.member_mut("payload").and_then(|p| p.member_mut(&field.name)) {
                *p = Node::Raw(format!("\"{}\"", "\\u00e9".repeat(chars)));
            }
            let check = Some(Check {
                target: Target::Type(TypeRef::Named(op.request.clone())),
                pointer: "/payload",
                mode: Mode::Strict,
                valid: suffix == "at_max",
            });
            let intended = (suffix != "at_max").then_some(Failure::Payload);
            self.push(
                format!("req.limit.string_bytes.escaped.{suffix}"),
                &record,
                n.compact(),
                intended,
                rules::STRING_BYTES,
                check,
            );
        }
    }

    /// Record and payload bytes at their limit and one past it.
    fn sizes(&mut self) {
        let cx = self.cx;
        let max_record = usize::try_from(cx.spec.limit_value("max_record_bytes")).unwrap_or(0);
        let max_payload = usize::try_from(cx.spec.limit_value("max_payload_bytes")).unwrap_or(0);
        if let Some(op) = records::plain_read_op(cx.spec) {
            let record = records::request(cx, op, example_payload(cx, op));
            let good = layout(cx, Which::Request, &record, None).compact();
            for (suffix, n) in [("at_max", max_record), ("above_max", max_record + 1)] {
                // Trailing whitespace is part of the record but not of its JSON value.
                let text = format!("{good}{}", " ".repeat(n.saturating_sub(good.len())));
                self.push(format!("req.record.bytes.{suffix}"), &record, text, None, rules::RECORD_BYTES, None);
            }
        }
        let Some(op) = records::all_slots_op(cx.spec) else {
            return;
        };
        for (suffix, n) in [("at_max", max_payload), ("above_max", max_payload + 1)] {
            // Padding members are unknown, so within the limit the payload schema decides.
            if let Some(payload) = padded(&example_payload(cx, op), n) {
                let record = records::request(cx, op, payload);
                self.push_value(
                    format!("req.payload.bytes.{suffix}"),
                    &record,
                    Some(Failure::Payload),
                    rules::PAYLOAD_BYTES,
                    None,
                );
            }
        }
        self.whitespace_payload(op, max_payload);
    }

    /// A payload whose text is over the payload limit only because of whitespace: accepted,
    /// because the limit applies to the compact encoding.
    fn whitespace_payload(&mut self, op: &Operation, max_payload: usize) {
        let cx = self.cx;
        let payload = example_payload(cx, op);
        let record = records::request(cx, op, payload.clone());
        let mut n = layout(cx, Which::Request, &record, None);
        let compact = super::node::shape(cx.spec, &TypeRef::Named(op.request.clone()), &payload).compact();
        let spaces = " ".repeat(max_payload + 1 - compact.len().min(max_payload));
        if let Some(p) = n.member_mut("payload") {
            *p = Node::Raw(format!("{}{spaces}}}", &compact[..compact.len() - 1]));
        }
        self.push(
            "req.payload.bytes.whitespace_not_counted".into(),
            &record,
            n.compact(),
            None,
            rules::PAYLOAD_BYTES,
            None,
        );
    }

    /// Two faults in one record: the earlier check of the precedence table wins.
    fn precedence(&mut self) {
        self.precedence_text();
        let cx = self.cx;
        let max_payload = usize::try_from(cx.spec.limit_value("max_payload_bytes")).unwrap_or(0);
        let big = |v: &Value| padded(v, max_payload + 1).unwrap_or_else(|| v.clone());
        let version = json!(cx.spec.protocol_version + 1);
        let method = json!("future.operation");
        type Edit<'e> = &'e dyn Fn(&mut Value);
        let plain: [(&str, Failure, Edit); 3] = [
            ("invalid_request.over.unsupported_version", Failure::Envelope, &|r: &mut Value| {
                r[FUTURE_MEMBER] = json!(true);
                r["protocol_version"] = version.clone();
            }),
            ("unsupported_version.over.unsupported_operation", Failure::Version, &|r: &mut Value| {
                r["protocol_version"] = version.clone();
                r["method"] = method.clone();
            }),
            ("unsupported_operation.over.payload_too_large", Failure::Method, &|r: &mut Value| {
                r["method"] = method.clone();
                r["payload"] = big(&r["payload"]);
            }),
        ];
        let slotted: [(&str, Failure, Edit); 4] = [
            ("control_required.over.payload_too_large", Failure::ControlMissing, &|r: &mut Value| {
                r["control"] = Value::Null;
                r["payload"] = big(&r["payload"]);
            }),
            ("invalid_request.over.payload_too_large", Failure::Slot, &|r: &mut Value| {
                r["session_id"] = Value::Null;
                r["payload"] = big(&r["payload"]);
            }),
            ("invalid_request.over.control_required", Failure::Envelope, &|r: &mut Value| {
                r["control"] = Value::Null;
                r["request_id"] = json!("");
            }),
            ("payload_too_large.over.invalid_payload", Failure::PayloadSize, &|r: &mut Value| {
                r["payload"] = big(&json!({}));
            }),
        ];
        for (op, cases) in
            [(records::plain_read_op(cx.spec), &plain[..]), (records::all_slots_op(cx.spec), &slotted[..])]
        {
            let Some(op) = op else { continue };
            let base = records::request(cx, op, example_payload(cx, op));
            for (name, failure, edit) in cases {
                let mut r = base.clone();
                edit(&mut r);
                self.push_value(format!("req.precedence.{name}"), &r, Some(*failure), rules::PRECEDENCE, None);
            }
        }
    }

    /// Precedence among the text-level checks: record size first, then the JSON profile in
    /// reading order (docs/decoding.md): whichever of a duplicate member and a crossed limit is
    /// read first decides.
    fn precedence_text(&mut self) {
        let cx = self.cx;
        let max_record = usize::try_from(cx.spec.limit_value("max_record_bytes")).unwrap_or(0);
        let over_items = usize::try_from(cx.spec.limit_value("max_array_items")).unwrap_or(0) + 1;
        let oversized = Input::Text(format!("{{{}", "a".repeat(max_record)));
        self.push_text(
            "req.precedence.record_too_large.over.invalid_json",
            oversized,
            Failure::Record,
            None,
            rules::PRECEDENCE,
        );
        let Some(op) = records::plain_read_op(cx.spec) else {
            return;
        };
        let base = layout(cx, Which::Request, &records::request(cx, op, example_payload(cx, op)), None);
        let over = Node::Array(vec![Node::Scalar(json!(0)); over_items]);
        let mut dup_first = base.clone();
        dup_first.push(FUTURE_MEMBER, Node::Scalar(json!(0)));
        dup_first.push(FUTURE_MEMBER, over.clone());
        let text = Input::Text(dup_first.compact());
        self.push_text("req.precedence.reading_order.duplicate_first", text, Failure::Json, None, rules::PRECEDENCE);
        let mut limit_first = base;
        limit_first.push(FUTURE_MEMBER, over);
        limit_first.push(FUTURE_MEMBER, Node::Scalar(json!(0)));
        let text = Input::Text(limit_first.compact());
        self.push_text("req.precedence.reading_order.limit_first", text, Failure::Structure, None, rules::PRECEDENCE);
    }
}

/// Apply the record-level checks that precede `intended` (checks 1, 3 and 8); `None` is accept.
pub fn settle(cx: &Cx, text_len: usize, record: &Value, intended: Option<Failure>) -> Option<Failure> {
    let before = |f: Failure| intended.is_none_or(|i| f < i);
    let limit = |name: &str| usize::try_from(cx.spec.limit_value(name)).unwrap_or(usize::MAX);
    if text_len > limit("max_record_bytes") && before(Failure::Record) {
        return Some(Failure::Record);
    }
    if Measure::of(record).crosses(cx) && before(Failure::Structure) {
        return Some(Failure::Structure);
    }
    if payload_bytes(record) > limit("max_payload_bytes") && before(Failure::PayloadSize) {
        return Some(Failure::PayloadSize);
    }
    intended
}

/// The longest padding string, well within the spec's string limit.
const CHUNK: usize = 16000;

/// `base` with unknown string members added until its compact encoding is exactly `target`
/// bytes; each string stays well within the string limit. `None` when `base` is not an object or
/// is already larger.
pub fn padded(base: &Value, target: usize) -> Option<Value> {
    let mut map = base.as_object()?.clone();
    let mut i = 0;
    loop {
        let len = Value::Object(map.clone()).to_string().len();
        if len == target {
            return Some(Value::Object(map));
        }
        let gap = target.checked_sub(len)?;
        let key = format!("pad{i}");
        // `"key":""` plus a comma unless the object is empty.
        let overhead = key.len() + 5 + usize::from(!map.is_empty());
        // Leave either nothing or room for another member with at least one character.
        let n = match gap.checked_sub(overhead)? {
            rest if rest <= CHUNK => rest,
            rest => CHUNK.min(rest - overhead - 8),
        };
        map.insert(key, json!("a".repeat(n)));
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_hits_the_exact_size() {
        for (base, target) in [(json!({}), 12), (json!({"prompt": "x"}), 32768), (json!({}), 32769)] {
            let v = padded(&base, target).unwrap();
            assert_eq!(v.to_string().len(), target, "{base}");
            assert!(Measure::of(&v).string_bytes <= CHUNK, "each string stays a chunk");
        }
        assert_eq!(padded(&json!({"a": "x"}), 3), None);
    }

    #[test]
    fn precedence_order_matches_the_spec_request_errors() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../protocol.toml")).unwrap();
        let spec = crate::load("protocol.toml", &text).unwrap();
        let order = [
            Failure::Record,
            Failure::Json,
            Failure::Structure,
            Failure::Envelope,
            Failure::Version,
            Failure::Method,
            Failure::PayloadSize,
            Failure::Payload,
        ];
        let codes: Vec<&str> = order.iter().map(|f| f.code()).collect();
        let declared: Vec<&str> =
            spec.request_errors.iter().map(String::as_str).filter(|c| codes.contains(c)).collect();
        assert_eq!(declared, codes);
        assert!(spec.errors.iter().any(|e| e.code == Failure::ControlMissing.code()));
    }
}
