//! Consumer vectors (`consumer.json`): responses, events and session messages for decoders that
//! ignore unknown members but fully validate known ones (docs/decoding.md, consumer side).
//! Rejections carry a `reason` category rather than an error code: consumers send no error.

use super::mutate::{Case, Mutator};
use super::node::{shape, Node};
use super::records::{self, layout, Measure, Which, FUTURE_MEMBER};
use super::{rules, Check, Cx, Expect, Input, Side, Target, Vector};
use crate::ir::{Correlation, Event, JsonKind, Operation, SlotRule, Spec, TypeKind, TypeRef};
use crate::validate::Mode;
use serde_json::{json, Map, Value};

/// Why a consumer rejects a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    Record,
    Json,
    Structure,
    Kind,
    Envelope,
    Version,
    Event,
    Shape,
    Correlation,
    Payload,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Record => "record_too_large",
            Reason::Json => "invalid_json",
            Reason::Structure => "limit",
            Reason::Kind => "unknown_kind",
            Reason::Envelope => "envelope",
            Reason::Version => "unsupported_version",
            Reason::Event => "unknown_event",
            Reason::Shape => "result_shape",
            Reason::Correlation => "correlation",
            Reason::Payload => "payload",
        }
    }

    fn rule(self) -> Option<&'static str> {
        match self {
            Reason::Kind => Some(rules::UNKNOWN_KIND),
            Reason::Version => Some(rules::WIRE_VERSION),
            Reason::Event => Some(rules::UNKNOWN_KIND),
            Reason::Shape => Some(rules::SUCCESS_SHAPE),
            Reason::Correlation => Some(rules::UNBOUND_SUCCESS),
            _ => None,
        }
    }
}

/// Every reason category a vector may name, hand-written ones included.
pub const REASONS: [&str; 12] = [
    "record_too_large",
    "invalid_json",
    "limit",
    "unknown_kind",
    "envelope",
    "unsupported_version",
    "unknown_event",
    "result_shape",
    "correlation",
    "payload",
    "advertisement",
    "sequence",
];

/// Envelope members a consumer compares with what it knows.
pub const IDENTITIES: [&str; 5] = ["instance_id", "connection_id", "request_id", "session_id", "operation_id"];

/// What the client knows when a record arrives: the identities `initialize` returned and, for a
/// response, the pending request it answers.
#[derive(Debug, Clone, PartialEq)]
pub struct Known {
    pub method: Option<String>,
    pub ids: Map<String, Value>,
}

impl Known {
    /// What the client knew when `record` was sent to it.
    pub fn of(record: &Value, method: Option<&str>) -> Known {
        let names: &[&str] = if method.is_some() { &IDENTITIES } else { &IDENTITIES[..2] };
        let ids = names.iter().map(|k| (k.to_string(), record.get(*k).cloned().unwrap_or(Value::Null))).collect();
        Known { method: method.map(str::to_string), ids }
    }

    /// A valid identity a mutation put in the record is what the client sent: the vector then
    /// checks the member's bounds, not a mismatch.
    fn follow(&mut self, c: &Case) {
        let Some(name) = c.path.first().filter(|n| self.ids.contains_key(n.as_str())) else {
            return;
        };
        if let Some(v) = c.value.get(name).filter(|v| !v.is_null() && c.verdict.is_valid()) {
            self.ids.insert(name.clone(), v.clone());
        }
    }

    pub fn node(&self) -> Node {
        let id = |k: &str| Node::Scalar(self.ids.get(k).cloned().unwrap_or(Value::Null));
        let mut n = Node::object([("instance_id", id("instance_id")), ("connection_id", id("connection_id"))]);
        if let Some(m) = &self.method {
            let request = Node::object([("method", Node::str(m)), ("request_id", id("request_id")), ("session_id", id("session_id")), ("operation_id", id("operation_id"))]);
            n.push("request", request);
        }
        n
    }
}

pub fn vectors(cx: &Cx) -> Vec<Vector> {
    let mut c = Consumer { cx, mutator: Mutator::new(cx.spec, &cx.samples, false), out: Vec::new() };
    c.response_envelopes();
    c.error_codes();
    c.event_envelope();
    for op in &cx.spec.operations {
        c.response(op);
    }
    for ev in &cx.spec.events {
        c.event(ev);
    }
    c.messages();
    c.json();
    c.structure();
    c.sizes();
    c.out
}

struct Consumer<'c> {
    cx: &'c Cx<'c>,
    mutator: Mutator<'c>,
    out: Vec<Vector>,
}

/// Whether a record kind is one a consumer receives.
fn known_kind(spec: &Spec, kind: &str) -> bool {
    [&spec.response_envelope, &spec.event_envelope]
        .iter()
        .any(|env| env.fields.iter().any(|f| f.name == "kind" && f.constant.as_ref().and_then(Value::as_str) == Some(kind)))
}

/// The first check a response fails after its schema: kind, version, result shape, identities.
pub fn response_failure(spec: &Spec, record: &Value, schema_valid: bool, known: &Known) -> Option<Reason> {
    if record.get("kind").and_then(Value::as_str).is_some_and(|k| !known_kind(spec, k)) {
        return Some(Reason::Kind);
    }
    if !schema_valid {
        return Some(Reason::Envelope);
    }
    if record.get("protocol_version") != Some(&json!(spec.protocol_version)) {
        return Some(Reason::Version);
    }
    let set = |k: &str| record.get(k).is_some_and(|v| !v.is_null());
    let error = set("error");
    if set("payload") == error {
        return Some(Reason::Shape);
    }
    let mismatch = known.ids.iter().any(|(k, want)| {
        let got = record.get(k).unwrap_or(&Value::Null);
        got != want && !(error && got.is_null())
    });
    mismatch.then_some(Reason::Correlation)
}

/// The first check an event fails after its schema: kind, version, name, correlation.
pub fn event_failure(spec: &Spec, record: &Value, schema_valid: bool, known: &Known) -> Option<Reason> {
    if record.get("kind").and_then(Value::as_str).is_some_and(|k| !known_kind(spec, k)) {
        return Some(Reason::Kind);
    }
    if !schema_valid {
        return Some(Reason::Envelope);
    }
    if record.get("protocol_version") != Some(&json!(spec.protocol_version)) {
        return Some(Reason::Version);
    }
    let Some(ev) = record.get("event").and_then(Value::as_str).and_then(|e| spec.event(e)) else {
        return Some(Reason::Event);
    };
    let c = &ev.correlation;
    let slots = [("session_id", c.session_id), ("operation_id", c.operation_id), ("grant_generation", c.grant_generation), ("live_sequence", c.live_sequence)];
    let wrong_slot = slots.iter().any(|(k, rule)| (*rule == Correlation::Set) == record.get(*k).is_none_or(Value::is_null));
    let wrong_id = known.ids.iter().any(|(k, want)| record.get(k) != Some(want));
    (wrong_slot || wrong_id).then_some(Reason::Correlation)
}

/// Apply the record-level checks that come first (record bytes, structural limits).
pub fn settle(cx: &Cx, text_len: usize, record: &Value, intended: Option<Reason>) -> Option<Reason> {
    // The limit counts an outbound record with its newline.
    if text_len + 1 > usize::try_from(cx.spec.limit_value("max_record_bytes")).unwrap_or(usize::MAX) {
        return Some(Reason::Record);
    }
    if Measure::of(record).crosses(cx) {
        return Some(Reason::Structure);
    }
    intended
}

fn op_where(spec: &Spec, p: impl Fn(&Operation) -> bool) -> Option<&Operation> {
    spec.operations.iter().find(|o| p(o))
}

fn all_slots(o: &Operation) -> bool {
    o.session_id == SlotRule::Required && o.mutation && o.control == SlotRule::Required
}

fn plain_read(o: &Operation) -> bool {
    o.session_id == SlotRule::Null && !o.mutation && o.control == SlotRule::Null && o.requires_initialization
}

fn example_response(cx: &Cx, op: &Operation) -> Value {
    op.examples.first().map_or_else(|| cx.samples.minimal(&TypeRef::Named(op.response.clone())), |e| e.response.clone())
}

fn example_payload(cx: &Cx, ev: &Event) -> Value {
    ev.examples.first().cloned().unwrap_or_else(|| cx.samples.minimal(&TypeRef::Named(ev.payload.clone())))
}

fn result_of(record: &Value) -> &'static str {
    if record.get("error").is_some_and(|e| !e.is_null()) {
        "error"
    } else {
        "success"
    }
}

/// The record one parameterised vector is made of.
struct Record<'r> {
    id: String,
    /// The envelope, or `None` for a session message.
    which: Option<Which>,
    value: &'r Value,
    payload_ty: Option<TypeRef>,
    known: Option<Known>,
}

impl Consumer<'_> {
    fn push(&mut self, r: Record, intended: Option<Reason>, rule: &str, check: Option<Check>) {
        let text = match r.which {
            None => shape(self.cx.spec, r.payload_ty.as_ref().unwrap_or(&TypeRef::Payload), r.value).compact(),
            Some(which) => layout(self.cx, which, r.value, r.payload_ty.as_ref()).compact(),
        };
        self.push_text(r, text, intended, rule, check);
    }

    /// Like `push`, with the record text given (raw nodes, padding).
    fn push_text(&mut self, r: Record, text: String, intended: Option<Reason>, rule: &str, check: Option<Check>) {
        let reason = settle(self.cx, text.len(), r.value, intended);
        let expect = match reason {
            Some(reason) => Expect::Consumer { reason: reason.name().to_string(), at: None },
            None => Expect::Accept { result: (r.which == Some(Which::Response)).then(|| result_of(r.value)), payload: None },
        };
        let context = r.known.as_ref().map(Known::node);
        self.out.push(Vector { id: r.id, side: Side::Consumer, context, input: Input::Text(text), expect, rule: rule.to_string(), check });
    }

    fn push_raw(&mut self, id: &str, input: Input, known: Option<&Known>, reason: Reason, rule: &str) {
        let expect = Expect::Consumer { reason: reason.name().to_string(), at: None };
        let context = known.map(Known::node);
        self.out.push(Vector { id: id.to_string(), side: Side::Consumer, context, input, expect, rule: rule.to_string(), check: None });
    }

    /// Envelope mutations of a success and an error response to an operation with every slot.
    fn response_envelopes(&mut self) {
        let cx = self.cx;
        let Some(op) = op_where(cx.spec, all_slots) else {
            return;
        };
        let code = cx.spec.errors.iter().find(|e| e.code == "invalid_payload").or(cx.spec.errors.first()).map(|e| e.code.clone()).unwrap_or_default();
        let bases = [
            ("resp.envelope", records::response(cx, op, example_response(cx, op), None), "error"),
            ("resp.error.envelope", records::response(cx, op, Value::Null, Some(records::error_object(cx, &code))), "payload"),
        ];
        for (prefix, record, skip) in bases {
            let map = record.as_object().cloned().unwrap_or_default();
            for c in self.mutator.fields(&cx.spec.response_envelope.fields, &map, &[skip]) {
                self.response_case(prefix, op, &record, c);
            }
        }
    }

    fn response_case(&mut self, prefix: &str, op: &Operation, base: &Value, c: Case) {
        let mut known = Known::of(base, Some(&op.method));
        known.follow(&c);
        let reason = response_failure(self.cx.spec, &c.value, c.verdict.is_valid(), &known);
        let first = c.path.first().map(String::as_str);
        let rule = match reason {
            Some(r) => r.rule().unwrap_or(c.rule),
            None if result_of(&c.value) == "error" && first.is_some_and(|f| IDENTITIES.contains(&f)) && c.value[first.unwrap_or_default()].is_null() => {
                if first == Some("request_id") {
                    rules::UNDECODABLE_NULL_ID
                } else {
                    rules::ERROR_ECHO
                }
            }
            None => c.rule,
        };
        let rule = if reason == Some(Reason::Envelope) && c.path.len() == 2 && c.path[1] == "missing" { rules::ENVELOPE_FIELDS } else { rule };
        let check = Some(Check { target: Target::Envelope(Which::Response), pointer: "", mode: Mode::Tolerant, valid: c.verdict.is_valid() });
        let record = Record { id: format!("{prefix}.{}", c.path.join(".")), which: Some(Which::Response), value: &c.value, payload_ty: Some(TypeRef::Named(op.response.clone())), known: Some(known) };
        self.push(record, reason, rule, check);
    }

    /// An error response for every declared code, and one for a code no spec declares.
    fn error_codes(&mut self) {
        let cx = self.cx;
        let Some(op) = op_where(cx.spec, plain_read) else {
            return;
        };
        let mut codes: Vec<(String, Value, &str)> = cx.spec.errors.iter().map(|e| (e.code.clone(), records::error_object(cx, &e.code), rules::ERROR_CODES)).collect();
        codes.push(("unknown".into(), json!({"code": "future_error", "message": "a future failure"}), rules::UNKNOWN_ERROR_CODE));
        for (name, error, rule) in codes {
            let record = records::response(cx, op, Value::Null, Some(error));
            let known = Known::of(&record, Some(&op.method));
            let check = Some(Check { target: Target::Envelope(Which::Response), pointer: "", mode: Mode::Tolerant, valid: true });
            let r = Record { id: format!("resp.error.code.{name}"), which: Some(Which::Response), value: &record, payload_ty: None, known: Some(known) };
            self.push(r, None, rule, check);
        }
    }

    /// Envelope mutations of an event whose every correlation slot is set.
    fn event_envelope(&mut self) {
        let cx = self.cx;
        let all_set = |e: &&Event| {
            let c = &e.correlation;
            [c.session_id, c.operation_id, c.grant_generation, c.live_sequence].iter().all(|x| *x == Correlation::Set)
        };
        let Some(ev) = cx.spec.events.iter().find(all_set) else {
            return;
        };
        let record = records::event(cx, ev, example_payload(cx, ev));
        let map = record.as_object().cloned().unwrap_or_default();
        for c in self.mutator.fields(&cx.spec.event_envelope.fields, &map, &[]) {
            let mut known = Known::of(&record, None);
            known.follow(&c);
            let reason = event_failure(cx.spec, &c.value, c.verdict.is_valid(), &known);
            let rule = match reason {
                Some(Reason::Envelope) if c.path.len() == 2 && c.path[1] == "missing" => rules::ENVELOPE_FIELDS,
                _ => reason.and_then(Reason::rule).unwrap_or(c.rule),
            };
            let check = Some(Check { target: Target::Envelope(Which::Event), pointer: "", mode: Mode::Tolerant, valid: c.verdict.is_valid() });
            let r = Record { id: format!("event.envelope.{}", c.path.join(".")), which: Some(Which::Event), value: &c.value, payload_ty: None, known: Some(known) };
            self.push(r, reason, rule, check);
        }
    }

    fn response(&mut self, op: &Operation) {
        let cx = self.cx;
        let ty = TypeRef::Named(op.response.clone());
        let m = &op.method;
        let check = |valid| Some(Check { target: Target::Type(ty.clone()), pointer: "/payload", mode: Mode::Tolerant, valid });
        let mut payloads: Vec<(String, Value, &str)> = op
            .examples
            .iter()
            .enumerate()
            .map(|(i, e)| (if i == 0 { format!("resp.{m}.example") } else { format!("resp.{m}.example.{}", i + 1) }, e.response.clone(), rules::SUCCESS_SHAPE))
            .collect();
        let minimal = cx.samples.minimal(&ty);
        if !op.examples.iter().any(|e| e.response == minimal) {
            payloads.push((format!("resp.{m}.minimal"), minimal, rules::REQUIRED));
        }
        for (id, payload, rule) in payloads {
            let record = records::response(cx, op, payload, None);
            let known = Known::of(&record, Some(m));
            self.push(Record { id, which: Some(Which::Response), value: &record, payload_ty: Some(ty.clone()), known: Some(known) }, None, rule, check(true));
        }
        let base = records::response(cx, op, example_response(cx, op), None);
        let known = Known::of(&base, Some(m));
        for slot in ["request_id", "session_id", "operation_id"].into_iter().filter(|s| !base[*s].is_null()) {
            let mut record = base.clone();
            record[slot] = Value::Null;
            let r = Record { id: format!("resp.{m}.envelope.{slot}.null"), which: Some(Which::Response), value: &record, payload_ty: Some(ty.clone()), known: Some(known.clone()) };
            self.push(r, Some(Reason::Correlation), rules::UNBOUND_SUCCESS, None);
        }
        for c in self.mutator.root(&ty, &example_response(cx, op)) {
            let record = records::response(cx, op, c.value.clone(), None);
            let intended = (!c.verdict.is_valid()).then_some(Reason::Payload);
            let r = Record { id: format!("resp.{m}.payload.{}", c.path.join(".")), which: Some(Which::Response), value: &record, payload_ty: Some(ty.clone()), known: Some(known.clone()) };
            self.push(r, intended, c.rule, check(c.verdict.is_valid()));
        }
    }

    fn event(&mut self, ev: &Event) {
        let cx = self.cx;
        let ty = TypeRef::Named(ev.payload.clone());
        let name = &ev.name;
        let check = |valid| Some(Check { target: Target::Type(ty.clone()), pointer: "/payload", mode: Mode::Tolerant, valid });
        let mut payloads: Vec<(String, Value, &str)> = ev
            .examples
            .iter()
            .enumerate()
            .map(|(i, e)| (if i == 0 { format!("event.{name}.example") } else { format!("event.{name}.example.{}", i + 1) }, e.clone(), rules::EVENT_CORRELATION))
            .collect();
        let minimal = cx.samples.minimal(&ty);
        if !ev.examples.contains(&minimal) {
            payloads.push((format!("event.{name}.minimal"), minimal, rules::REQUIRED));
        }
        for (id, payload, rule) in payloads {
            let record = records::event(cx, ev, payload);
            let known = Known::of(&record, None);
            self.push(Record { id, which: Some(Which::Event), value: &record, payload_ty: None, known: Some(known) }, None, rule, check(true));
        }
        let base = records::event(cx, ev, example_payload(cx, ev));
        let known = Known::of(&base, None);
        self.correlation(ev, &base, &known);
        for c in self.mutator.root(&ty, &example_payload(cx, ev)) {
            let record = records::event(cx, ev, c.value.clone());
            let intended = (!c.verdict.is_valid()).then_some(Reason::Payload);
            let r = Record { id: format!("event.{name}.payload.{}", c.path.join(".")), which: Some(Which::Event), value: &record, payload_ty: None, known: Some(known.clone()) };
            self.push(r, intended, c.rule, check(c.verdict.is_valid()));
        }
    }

    /// Each correlation slot flipped: a set slot `null`, a null slot set.
    fn correlation(&mut self, ev: &Event, base: &Value, known: &Known) {
        let c = &ev.correlation;
        let values = [
            ("session_id", c.session_id, json!(records::SESSION_ID)),
            ("operation_id", c.operation_id, json!(records::OPERATION_ID)),
            ("grant_generation", c.grant_generation, json!(records::GRANT_GENERATION)),
            ("live_sequence", c.live_sequence, json!(records::LIVE_SEQUENCE)),
        ];
        for (slot, rule, value) in values {
            let mut record = base.clone();
            let suffix = if rule == Correlation::Set { "null" } else { "set" };
            record[slot] = if rule == Correlation::Set { Value::Null } else { value };
            let r = Record { id: format!("event.{}.envelope.{slot}.{suffix}", ev.name), which: Some(Which::Event), value: &record, payload_ty: None, known: Some(known.clone()) };
            self.push(r, Some(Reason::Correlation), rules::EVENT_CORRELATION, None);
        }
    }

    /// Session messages: the examples, then every case of the message union.
    fn messages(&mut self) {
        let cx = self.cx;
        let ty = TypeRef::Named(cx.spec.messages.ty.clone());
        let check = |valid| Some(Check { target: Target::Type(ty.clone()), pointer: "", mode: Mode::Tolerant, valid });
        for (i, ex) in cx.spec.messages.examples.iter().enumerate() {
            let id = if i == 0 { "msg.example".to_string() } else { format!("msg.example.{}", i + 1) };
            self.push(Record { id, which: None, value: ex, payload_ty: Some(ty.clone()), known: None }, None, rules::CONSUMER_KNOWN, check(true));
        }
        let base = cx.spec.messages.examples.first().cloned().unwrap_or_else(|| cx.samples.minimal(&ty));
        for c in self.mutator.root(&ty, &base) {
            let intended = (!c.verdict.is_valid()).then_some(Reason::Payload);
            let r = Record { id: format!("msg.{}", c.path.join(".")), which: None, value: &c.value, payload_ty: Some(ty.clone()), known: None };
            self.push(r, intended, c.rule, check(c.verdict.is_valid()));
        }
    }

    /// Records that are not one I-JSON value.
    fn json(&mut self) {
        let cx = self.cx;
        let Some(op) = op_where(cx.spec, plain_read) else {
            return;
        };
        let record = records::response(cx, op, example_response(cx, op), None);
        let known = Known::of(&record, Some(&op.method));
        let ty = TypeRef::Named(op.response.clone());
        let good = layout(cx, Which::Response, &record, Some(&ty)).compact();
        let mut top = layout(cx, Which::Response, &record, Some(&ty));
        top.push("request_id", Node::str(records::REQUEST_ID));
        let mut payload = layout(cx, Which::Response, &record, Some(&ty));
        if let Some(Node::Object(members)) = payload.member_mut("payload") {
            if let Some(first) = members.first().cloned() {
                members.push(first);
            }
        }
        let mut free = layout(cx, Which::Response, &record, Some(&ty));
        free.push(FUTURE_MEMBER, Node::object([("a", Node::Scalar(json!(1))), ("a", Node::Scalar(json!(2)))]));
        let texts = [
            ("duplicate.top_level", top.compact()),
            ("duplicate.payload", payload.compact()),
            ("duplicate.unknown_member", free.compact()),
            ("two_values", format!("{good}{good}")),
            ("truncated", good[..good.len() - 1].to_string()),
            ("lone_surrogate", good.replacen(&format!("\"{}\"", records::REQUEST_ID), "\"req-\\udc00\"", 1)),
            ("empty", String::new()),
        ];
        for (name, text) in texts {
            self.push_raw(&format!("resp.json.{name}"), Input::Text(text), Some(&known), Reason::Json, rules::I_JSON);
        }
        let mut bytes = good.clone().into_bytes();
        if let Some(at) = good.find(records::REQUEST_ID) {
            bytes.insert(at + records::REQUEST_ID.len(), 0xc3);
        }
        self.push_raw("resp.json.invalid_utf8", Input::Bytes(bytes), Some(&known), Reason::Json, rules::I_JSON);
        if let Some((message, field)) = self.free_form_message() {
            let ty = TypeRef::Named(cx.spec.messages.ty.clone());
            let mut n = shape(cx.spec, &ty, &message);
            if let Some(args) = n.member_mut(&field) {
                args.push("a", Node::Scalar(json!(1)));
                args.push("a", Node::Scalar(json!(1)));
            }
            self.push_raw(&format!("msg.json.duplicate.{field}"), Input::Text(n.compact()), None, Reason::Json, rules::I_JSON);
        }
    }

    /// A message example with a free-form object member (tool `args`), and that member's name.
    fn free_form_message(&self) -> Option<(Value, String)> {
        let spec = self.cx.spec;
        let TypeKind::Union(u) = &spec.ty(&spec.messages.ty)?.kind else {
            return None;
        };
        spec.messages.examples.iter().find_map(|ex| {
            let variant = super::sample::variant_of(u, ex.as_object()?)?;
            let field = variant.fields.iter().find(|f| f.ty == TypeRef::Json(JsonKind::Object) && ex.get(&f.name).is_some_and(Value::is_object))?;
            Some((ex.clone(), field.name.clone()))
        })
    }

    /// Structural limits at their value and one past it, inside members the consumer ignores
    /// (an unknown member) or does not interpret (tool `args`): the whole record is still bounded.
    fn structure(&mut self) {
        let cx = self.cx;
        let Some(op) = op_where(cx.spec, plain_read) else {
            return;
        };
        let base = records::response(cx, op, example_response(cx, op), None);
        let known = Known::of(&base, Some(&op.method));
        let ty = TypeRef::Named(op.response.clone());
        let limit = |name: &str| usize::try_from(cx.spec.limit_value(name)).unwrap_or(0);
        let (depth, items, fields, bytes) = (limit("max_json_depth"), limit("max_array_items"), limit("max_object_fields"), limit("max_string_bytes"));
        // Each maker gets the limit and how deep its value starts, and returns the value.
        type Make<'m> = &'m dyn Fn(usize, usize) -> Value;
        let cases: [(&str, &str, usize, Make); 5] = [
            ("depth", rules::DEPTH, depth, &|n, at| records::nested_arrays(n + 1 - at)),
            ("array_items", rules::ARRAY_ITEMS, items, &|n, _| Value::Array(vec![json!(0); n])),
            ("object_fields", rules::OBJECT_FIELDS, fields, &|n, _| records::wide_object(n)),
            ("string_bytes", rules::STRING_BYTES, bytes, &|n, _| json!("a".repeat(n))),
            ("string_bytes.member_name", rules::STRING_BYTES, bytes, &|n, _| Value::Object(Map::from_iter([("a".repeat(n), json!(0))]))),
        ];
        for (name, rule, max, make) in cases {
            for (suffix, n) in [("at_max", max), ("above_max", max + 1)] {
                let mut record = base.clone();
                record[FUTURE_MEMBER] = make(n, 2);
                let r = Record { id: format!("resp.limit.{name}.{suffix}"), which: Some(Which::Response), value: &record, payload_ty: Some(ty.clone()), known: Some(known.clone()) };
                self.push(r, None, rules::CONSUMER_STRUCTURE, None);
                let mut record = base.clone();
                record["payload"][FUTURE_MEMBER] = make(n, 3);
                let r = Record { id: format!("resp.limit.{name}.payload.{suffix}"), which: Some(Which::Response), value: &record, payload_ty: Some(ty.clone()), known: Some(known.clone()) };
                self.push(r, None, rule, None);
            }
        }
        let Some((message, field)) = self.free_form_message() else {
            return;
        };
        let ty = TypeRef::Named(cx.spec.messages.ty.clone());
        for (name, rule, max, make) in cases {
            for (suffix, n) in [("at_max", max), ("above_max", max + 1)] {
                let mut m = message.clone();
                // The free-form member is an object at depth 2; its own member starts at depth 3.
                m[&field] = match make(n, 3) {
                    wide @ Value::Object(_) if name == "object_fields" => wide,
                    v => json!({ "a": v }),
                };
                let r = Record { id: format!("msg.limit.{field}.{name}.{suffix}"), which: None, value: &m, payload_ty: Some(ty.clone()), known: None };
                self.push(r, None, rule, None);
            }
        }
    }

    /// Record bytes at the limit and one past it; a consumer counts its newline.
    fn sizes(&mut self) {
        let cx = self.cx;
        let Some(op) = op_where(cx.spec, plain_read) else {
            return;
        };
        let record = records::response(cx, op, example_response(cx, op), None);
        let known = Known::of(&record, Some(&op.method));
        let ty = TypeRef::Named(op.response.clone());
        let good = layout(cx, Which::Response, &record, Some(&ty)).compact();
        let max = usize::try_from(cx.spec.limit_value("max_record_bytes")).unwrap_or(0);
        for (suffix, n) in [("at_max", max - 1), ("above_max", max)] {
            let text = format!("{good}{}", " ".repeat(n.saturating_sub(good.len())));
            let r = Record { id: format!("resp.record.bytes.{suffix}"), which: Some(Which::Response), value: &record, payload_ty: Some(ty.clone()), known: Some(known.clone()) };
            self.push_text(r, text, None, rules::RECORD_BYTES, None);
        }
    }
}
