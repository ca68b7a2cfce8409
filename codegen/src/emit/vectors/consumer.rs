//! Consumer vectors (`consumer.json`): responses, events and session messages for decoders that
//! ignore unknown members but fully validate known ones (docs/decoding.md, consumer side).
//! Rejections carry a `reason` category rather than an error code: consumers send no error.

use super::mutate::{Case, Mutator, Verdict};
use super::node::{shape, Node};
use super::noncharacters::{self, Spelling};
use super::records::{self, layout, Measure, Which, FUTURE_MEMBER};
use super::{rules, Check, Cx, Expect, Input, Side, Target, Vector};
use crate::ir::{Correlation, Event, JsonKind, Operation, Spec, TypeKind, TypeRef};
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
    Advertisement,
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
            Reason::Advertisement => "advertisement",
        }
    }

    fn rule(self) -> Option<&'static str> {
        match self {
            Reason::Kind => Some(rules::UNKNOWN_KIND),
            Reason::Version => Some(rules::WIRE_VERSION),
            Reason::Event => Some(rules::UNKNOWN_KIND),
            Reason::Shape => Some(rules::SUCCESS_SHAPE),
            Reason::Correlation => Some(rules::UNBOUND_SUCCESS),
            Reason::Advertisement => Some(rules::PREFLIGHT),
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
            let request = Node::object([
                ("method", Node::str(m)),
                ("request_id", id("request_id")),
                ("session_id", id("session_id")),
                ("operation_id", id("operation_id")),
            ]);
            n.push("request", request);
        }
        n
    }
}

pub fn vectors(cx: &Cx) -> Vec<Vector> {
    let mut c = Consumer { cx, mutator: Mutator::new(cx.spec, &cx.samples, false), out: Vec::new() };
    c.response_envelopes();
    c.error_codes();
    c.before_initialize();
    c.event_envelope();
    for op in &cx.spec.operations {
        c.response(op);
    }
    for ev in &cx.spec.events {
        c.event(ev);
    }
    c.messages();
    c.json();
    c.noncharacters();
    c.structure();
    c.sizes();
    c.out
}

struct Consumer<'c> {
    cx: &'c Cx<'c>,
    mutator: Mutator<'c>,
    out: Vec<Vector>,
}

/// Where a noncharacter's spelling goes in a record laid out around it (ASCII, so the layout
/// writes it as it is).
const MARK: &str = "NONCHARACTER-HERE";

/// Whether a record kind is one a consumer receives.
fn known_kind(spec: &Spec, kind: &str) -> bool {
    [&spec.response_envelope, &spec.event_envelope].iter().any(|env| {
        env.fields.iter().any(|f| f.name == "kind" && f.constant.as_ref().and_then(Value::as_str) == Some(kind))
    })
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
    let slots = [
        ("session_id", c.session_id),
        ("operation_id", c.operation_id),
        ("grant_generation", c.grant_generation),
        ("live_sequence", c.live_sequence),
    ];
    let wrong_slot =
        slots.iter().any(|(k, rule)| (*rule == Correlation::Set) == record.get(*k).is_none_or(Value::is_null));
    let wrong_id = known.ids.iter().any(|(k, want)| record.get(k) != Some(want));
    // "validate ... payload identities against the attached session": a payload naming a
    // session must name the envelope's.
    // Checked after the payload itself is valid, so only a well-formed session ID can mismatch.
    let payload = record.get("payload").unwrap_or(&Value::Null);
    let payload_valid =
        crate::validate::check(spec, &TypeRef::Named(ev.payload.clone()), payload, crate::validate::Mode::Tolerant)
            .is_ok();
    let payload_session = payload.get("session_id").filter(|v| v.is_string() && payload_valid);
    let wrong_payload = payload_session.is_some_and(|p| record.get("session_id") != Some(p));
    (wrong_slot || wrong_id || wrong_payload).then_some(Reason::Correlation)
}

/// The seed's capability preflight on a response carrying the capability object (initialize,
/// capabilities): every advertised event is known, the spec's wire version is selected and
/// advertised, the spec's transports are advertised, and initialize's two limit maps agree on
/// every declared limit.
pub fn preflight(spec: &Spec, op: &Operation, payload: &Value) -> bool {
    let caps_ty = TypeRef::Named(crate::advertise::CAPABILITIES_TYPE.to_string());
    let field = spec.object(&op.response).and_then(|o| o.fields.iter().find(|f| f.ty == caps_ty));
    let caps = match field {
        _ if TypeRef::Named(op.response.clone()) == caps_ty => payload,
        Some(f) => match payload.get(&f.name) {
            Some(c) => c,
            None => return true,
        },
        None => return true,
    };
    let list = |k: &str| caps.get(k).and_then(Value::as_array).cloned().unwrap_or_default();
    let version = json!(spec.protocol_version);
    let events_known = list("events").iter().all(|e| e.as_str().is_some_and(|e| spec.event(e).is_some()));
    let version_ok =
        list("protocol_versions").contains(&version) && payload.get("protocol_version").is_none_or(|v| *v == version);
    let transports_ok = spec.capabilities.transports.iter().all(|t| list("transports").contains(&json!(t)));
    let limit = |v: &Value, name: &str| v.get("limits").and_then(|m| m.get(name)).cloned();
    let limits_agree = field.is_none() || spec.limits.iter().all(|l| limit(payload, &l.name) == limit(caps, &l.name));
    events_known && version_ok && transports_ok && limits_agree
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

impl<'r> Record<'r> {
    fn response(id: String, value: &'r Value, op: &Operation, known: &Known) -> Self {
        let payload_ty = Some(TypeRef::Named(op.response.clone()));
        Record { id, which: Some(Which::Response), value, payload_ty, known: Some(known.clone()) }
    }

    fn event(id: String, value: &'r Value, known: &Known) -> Self {
        Record { id, which: Some(Which::Event), value, payload_ty: None, known: Some(known.clone()) }
    }

    fn message(id: String, value: &'r Value, ty: &TypeRef) -> Self {
        Record { id, which: None, value, payload_ty: Some(ty.clone()), known: None }
    }
}

/// A tolerant `validate::check` cross-check of the value at `pointer`.
fn tolerant(target: Target, pointer: &'static str, valid: bool) -> Option<Check> {
    Some(Check { target, pointer, mode: Mode::Tolerant, valid })
}

/// `prefix.example`, `prefix.example.2`, …
fn example_id(prefix: &str, i: usize) -> String {
    if i == 0 {
        format!("{prefix}.example")
    } else {
        format!("{prefix}.example.{}", i + 1)
    }
}

/// A missing envelope member is the envelope rule, whatever the member.
fn envelope_rule(reason: Option<Reason>, c: &Case) -> Option<&'static str> {
    (reason == Some(Reason::Envelope) && c.path.len() == 2 && c.path[1] == "missing").then_some(rules::ENVELOPE_FIELDS)
}

impl Consumer<'_> {
    fn push(&mut self, r: Record, intended: Option<Reason>, rule: &str, check: Option<Check>) {
        let text = match r.which {
            None => shape(self.cx.spec, r.payload_ty.as_ref().unwrap_or(&TypeRef::Payload), r.value).compact(),
            Some(which) => layout(self.cx, which, r.value, r.payload_ty.as_ref()).compact(),
        };
        self.push_text(r, text, intended, rule, check);
    }

    /// Like `push`, with the record text given (padding).
    fn push_text(&mut self, r: Record, text: String, intended: Option<Reason>, rule: &str, check: Option<Check>) {
        let expect = match settle(self.cx, text.len(), r.value, intended) {
            Some(reason) => Expect::Consumer { reason: reason.name().to_string(), at: None },
            None => {
                let result = (r.which == Some(Which::Response)).then(|| result_of(r.value));
                Expect::Accept { result, payload: None }
            }
        };
        let context = r.known.as_ref().map(Known::node);
        let (id, input, rule) = (r.id, Input::Text(text), rule.to_string());
        self.out.push(Vector { id, side: Side::Consumer, context, input, expect, rule, check });
    }

    /// A vector whose input is not a value (broken JSON), rejected for `reason`.
    fn push_raw(&mut self, id: &str, input: Input, known: Option<&Known>, reason: Reason, rule: &str) {
        let expect = Expect::Consumer { reason: reason.name().to_string(), at: None };
        let (id, context, rule) = (id.to_string(), known.map(Known::node), rule.to_string());
        self.out.push(Vector { id, side: Side::Consumer, context, input, expect, rule, check: None });
    }

    /// Envelope mutations of a success and an error response to an operation with every slot.
    fn response_envelopes(&mut self) {
        let cx = self.cx;
        let Some(op) = records::all_slots_op(cx.spec) else {
            return;
        };
        let errors = &cx.spec.errors;
        let code =
            errors.iter().find(|e| e.code == "invalid_payload").or(errors.first()).map_or("", |e| e.code.as_str());
        let success = records::response(cx, op, example_response(cx, op), None);
        let failure = records::response(cx, op, Value::Null, Some(records::error_object(cx, code)));
        for (prefix, record, skip) in [("resp.envelope", success, "error"), ("resp.error.envelope", failure, "payload")]
        {
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
        let first = c.path.first().map_or("", String::as_str);
        let null_echo = reason.is_none()
            && result_of(&c.value) == "error"
            && IDENTITIES.contains(&first)
            && c.value[first].is_null();
        let rule = match (reason, null_echo) {
            (Some(r), _) => envelope_rule(reason, &c).or(r.rule()).unwrap_or(c.rule),
            (None, true) if first == "request_id" => rules::UNDECODABLE_NULL_ID,
            (None, true) => rules::ERROR_ECHO,
            (None, false) => c.rule,
        };
        let check = tolerant(Target::Envelope(Which::Response), "", c.verdict.is_valid());
        let record = Record::response(format!("{prefix}.{}", c.path.join(".")), &c.value, op, &known);
        self.push(record, reason, rule, check);
    }

    /// An error response for every declared code, and one for a code no spec declares.
    fn error_codes(&mut self) {
        let cx = self.cx;
        let Some(op) = records::plain_read_op(cx.spec) else {
            return;
        };
        let declared =
            cx.spec.errors.iter().map(|e| (e.code.clone(), records::error_object(cx, &e.code), rules::ERROR_CODES));
        let unknown = (
            "unknown".to_string(),
            json!({"code": "future_error", "message": "a future failure"}),
            rules::UNKNOWN_ERROR_CODE,
        );
        for (name, error, rule) in declared.chain([unknown]).collect::<Vec<_>>() {
            let record = records::response(cx, op, Value::Null, Some(error));
            let known = Known::of(&record, Some(&op.method));
            let check = tolerant(Target::Envelope(Which::Response), "", true);
            self.push(Record::response(format!("resp.error.code.{name}"), &record, op, &known), None, rule, check);
        }
    }

    /// Error responses while no `initialize` has succeeded: the client knows no identities, so
    /// an error naming the instance or connection binds to nothing and is refused; `null`
    /// identities are accepted. Built on the operation that needs no initialization and on the
    /// plainest read, answered with the first error each declares (or `not_initialized`).
    fn before_initialize(&mut self) {
        let cx = self.cx;
        let ops = [records::no_slots_op(cx.spec), records::plain_read_op(cx.spec)];
        for op in ops.into_iter().flatten() {
            let code = op.errors.first().map_or("not_initialized", String::as_str);
            let mut record = records::response(cx, op, Value::Null, Some(records::error_object(cx, code)));
            record["instance_id"] = Value::Null;
            record["connection_id"] = Value::Null;
            let known = Known::of(&record, Some(&op.method));
            let prefix = format!("resp.before_initialize.{}.error", op.method);
            let check = tolerant(Target::Envelope(Which::Response), "", true);
            self.push(Record::response(prefix.clone(), &record, op, &known), None, rules::BEFORE_INITIALIZE, check);
            for (slot, id) in [("instance_id", &cx.instance_id), ("connection_id", &cx.connection_id)] {
                let mut named = record.clone();
                named[slot] = json!(id);
                let r = Record::response(format!("{prefix}.{slot}.named"), &named, op, &known);
                let check = tolerant(Target::Envelope(Which::Response), "", true);
                self.push(r, Some(Reason::Correlation), rules::BEFORE_INITIALIZE, check);
            }
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
            let rule = envelope_rule(reason, &c).or(reason.and_then(Reason::rule)).unwrap_or(c.rule);
            let check = tolerant(Target::Envelope(Which::Event), "", c.verdict.is_valid());
            self.push(
                Record::event(format!("event.envelope.{}", c.path.join(".")), &c.value, &known),
                reason,
                rule,
                check,
            );
        }
    }

    /// A response's examples and minimal payload, a success without its identities, and every
    /// case of its payload.
    fn response(&mut self, op: &Operation) {
        let cx = self.cx;
        let ty = TypeRef::Named(op.response.clone());
        let m = &op.method;
        let mut payloads: Vec<(String, Value, &str)> = op
            .examples
            .iter()
            .enumerate()
            .map(|(i, e)| (example_id(&format!("resp.{m}"), i), e.response.clone(), rules::SUCCESS_SHAPE))
            .collect();
        let minimal = cx.samples.minimal(&ty);
        if !op.examples.iter().any(|e| e.response == minimal) {
            payloads.push((format!("resp.{m}.minimal"), minimal, rules::REQUIRED));
        }
        let cases = self.mutator.root(&ty, &example_response(cx, op));
        let cases = payloads.into_iter().map(|(id, v, rule)| (id, v, Verdict::Valid, rule)).chain(
            cases.into_iter().map(|c| (format!("resp.{m}.payload.{}", c.path.join(".")), c.value, c.verdict, c.rule)),
        );
        for (id, payload, verdict, rule) in cases.collect::<Vec<_>>() {
            // A capability object must also pass the preflight (the minimal one does not).
            let intended = match verdict.is_valid() {
                false => Some(Reason::Payload),
                true => (!preflight(cx.spec, op, &payload)).then_some(Reason::Advertisement),
            };
            let rule = intended.and_then(Reason::rule).unwrap_or(rule);
            let record = records::response(cx, op, payload, None);
            let known = Known::of(&record, Some(m));
            let check = tolerant(Target::Type(ty.clone()), "/payload", verdict.is_valid());
            self.push(Record::response(id, &record, op, &known), intended, rule, check);
        }
        self.unbound(op);
    }

    /// A success response with a `null` identity its request had.
    fn unbound(&mut self, op: &Operation) {
        let base = records::response(self.cx, op, example_response(self.cx, op), None);
        let known = Known::of(&base, Some(&op.method));
        for slot in ["request_id", "session_id", "operation_id"].into_iter().filter(|s| !base[*s].is_null()) {
            let mut record = base.clone();
            record[slot] = Value::Null;
            let r = Record::response(format!("resp.{}.envelope.{slot}.null", op.method), &record, op, &known);
            self.push(r, Some(Reason::Correlation), rules::UNBOUND_SUCCESS, None);
        }
    }

    /// An event's examples and minimal payload, its correlation flipped, and every case of its
    /// payload.
    fn event(&mut self, ev: &Event) {
        let cx = self.cx;
        let ty = TypeRef::Named(ev.payload.clone());
        let name = &ev.name;
        let mut payloads: Vec<(String, Value, &str)> = ev
            .examples
            .iter()
            .enumerate()
            .map(|(i, e)| (example_id(&format!("event.{name}"), i), e.clone(), rules::EVENT_CORRELATION))
            .collect();
        let minimal = cx.samples.minimal(&ty);
        if !ev.examples.contains(&minimal) {
            payloads.push((format!("event.{name}.minimal"), minimal, rules::REQUIRED));
        }
        let cases = self.mutator.root(&ty, &example_payload(cx, ev));
        let cases = payloads.into_iter().map(|(id, v, rule)| (id, v, Verdict::Valid, rule)).chain(
            cases
                .into_iter()
                .map(|c| (format!("event.{name}.payload.{}", c.path.join(".")), c.value, c.verdict, c.rule)),
        );
        let known = Known::of(&records::event(cx, ev, example_payload(cx, ev)), None);
        for (id, payload, verdict, rule) in cases.collect::<Vec<_>>() {
            let record = records::event(cx, ev, payload);
            let intended = (!verdict.is_valid()).then_some(Reason::Payload);
            let check = tolerant(Target::Type(ty.clone()), "/payload", verdict.is_valid());
            self.push(Record::event(id, &record, &known), intended, rule, check);
        }
        self.correlation(ev, &known);
    }

    /// Each correlation slot flipped: a set slot `null`, a null slot set.
    fn correlation(&mut self, ev: &Event, known: &Known) {
        let base = records::event(self.cx, ev, example_payload(self.cx, ev));
        let c = &ev.correlation;
        let values = [
            ("session_id", c.session_id, json!(records::SESSION_ID)),
            ("operation_id", c.operation_id, json!(records::OPERATION_ID)),
            ("grant_generation", c.grant_generation, json!(records::GRANT_GENERATION)),
            ("live_sequence", c.live_sequence, json!(records::LIVE_SEQUENCE)),
        ];
        for (slot, rule, value) in values {
            let mut record = base.clone();
            let (suffix, v) = if rule == Correlation::Set { ("null", Value::Null) } else { ("set", value) };
            record[slot] = v;
            let r = Record::event(format!("event.{}.envelope.{slot}.{suffix}", ev.name), &record, known);
            self.push(r, Some(Reason::Correlation), rules::EVENT_CORRELATION, None);
        }
    }

    /// Session messages: the examples, then every case of the message union.
    fn messages(&mut self) {
        let cx = self.cx;
        let ty = TypeRef::Named(cx.spec.messages.ty.clone());
        let examples = cx.spec.messages.examples.iter().enumerate();
        let examples =
            examples.map(|(i, ex)| (example_id("msg", i), ex.clone(), Verdict::Valid, rules::CONSUMER_KNOWN));
        let base = cx.spec.messages.examples.first().cloned().unwrap_or_else(|| cx.samples.minimal(&ty));
        let cases = self.mutator.root(&ty, &base);
        let cases = examples
            .chain(cases.into_iter().map(|c| (format!("msg.{}", c.path.join(".")), c.value, c.verdict, c.rule)));
        for (id, message, verdict, rule) in cases.collect::<Vec<_>>() {
            let intended = (!verdict.is_valid()).then_some(Reason::Payload);
            let check = tolerant(Target::Type(ty.clone()), "", verdict.is_valid());
            self.push(Record::message(id, &message, &ty), intended, rule, check);
        }
    }

    /// Records that are not one I-JSON value.
    fn json(&mut self) {
        let cx = self.cx;
        let Some(op) = records::plain_read_op(cx.spec) else {
            return;
        };
        let record = records::response(cx, op, example_response(cx, op), None);
        let known = Known::of(&record, Some(&op.method));
        let ty = TypeRef::Named(op.response.clone());
        let node = || layout(cx, Which::Response, &record, Some(&ty));
        let good = node().compact();
        let mut top = node();
        top.push("request_id", Node::str(records::REQUEST_ID));
        let mut payload = node();
        if let Some(Node::Object(members)) = payload.member_mut("payload") {
            if let Some(first) = members.first().cloned() {
                members.push(first);
            }
        }
        let mut free = node();
        free.push(FUTURE_MEMBER, Node::object([("a", Node::Scalar(json!(1))), ("a", Node::Scalar(json!(2)))]));
        let texts = [
            ("duplicate.top_level", top.compact()),
            ("duplicate.payload", payload.compact()),
            ("duplicate.unknown_member", free.compact()),
            ("two_values", format!("{good}{good}")),
            ("truncated", good[..good.len().saturating_sub(1)].to_string()),
            ("lone_surrogate", good.replacen(&format!("\"{}\"", records::REQUEST_ID), "\"req-\\udc00\"", 1)),
            ("empty", String::new()),
        ];
        for (name, text) in texts {
            self.push_raw(&format!("resp.json.{name}"), Input::Text(text), Some(&known), Reason::Json, rules::I_JSON);
        }
        // A lead byte of a two-byte character followed by a quote.
        let mut bytes = good.clone().into_bytes();
        if let Some(at) = good.find(records::REQUEST_ID) {
            bytes.insert(at + records::REQUEST_ID.len(), 0xc3);
        }
        self.push_raw("resp.json.invalid_utf8", Input::Bytes(bytes), Some(&known), Reason::Json, rules::I_JSON);
        self.duplicate_in_free_form();
    }

    /// RFC 7493 §2.1 on the consumer side: a noncharacter, raw or escaped, in a string or member
    /// name anywhere in a response, event or session message rejects the record as
    /// `invalid_json`, unknown members included; the characters next to them are accepted.
    fn noncharacters(&mut self) {
        let cx = self.cx;
        let Some(op) = records::plain_read_op(cx.spec) else {
            return;
        };
        let base = records::response(cx, op, example_response(cx, op), None);
        let known = Known::of(&base, Some(&op.method));
        let ty = TypeRef::Named(op.response.clone());
        let lay = |edit: &dyn Fn(&mut Value)| {
            let mut r = base.clone();
            edit(&mut r);
            layout(cx, Which::Response, &r, Some(&ty)).compact()
        };
        let unknown_value = lay(&|r| r[FUTURE_MEMBER] = json!(format!("x{MARK}")));
        let reject = |c: &mut Self, id: String, text: &str, sp: &Spelling, known: Option<&Known>| {
            let input = noncharacters::input(text.replacen(MARK, &sp.text, 1), sp.raw);
            c.push_raw(&id, input, known, Reason::Json, rules::NONCHARACTER);
        };
        for sp in noncharacters::all() {
            reject(
                self,
                format!("resp.json.noncharacter.unknown_member.{}", sp.name),
                &unknown_value,
                &sp,
                Some(&known),
            );
        }
        let member_name = lay(&|r| r[format!("{FUTURE_MEMBER}{MARK}")] = json!(0));
        let in_payload = lay(&|r| {
            if let Some(p) = r["payload"].as_object_mut() {
                p.insert(FUTURE_MEMBER.to_owned(), json!([MARK]));
            }
        });
        let event = cx.spec.events.first().map(|ev| {
            let mut record = records::event(cx, ev, example_payload(cx, ev));
            let known = Known::of(&record, None);
            record[FUTURE_MEMBER] = json!({ MARK: 0 });
            (layout(cx, Which::Event, &record, Some(&TypeRef::Named(ev.payload.clone()))).compact(), known)
        });
        let message = self.free_form_message().map(|(mut m, field)| {
            m[&field]["k"] = json!(MARK);
            shape(cx.spec, &TypeRef::Named(cx.spec.messages.ty.clone()), &m).compact()
        });
        for sp in noncharacters::representative() {
            reject(self, format!("resp.json.noncharacter.member_name.{}", sp.name), &member_name, &sp, Some(&known));
            reject(self, format!("resp.json.noncharacter.payload.{}", sp.name), &in_payload, &sp, Some(&known));
            if let Some((text, known)) = &event {
                reject(self, format!("event.json.noncharacter.member_name.{}", sp.name), text, &sp, Some(known));
            }
            if let Some(text) = &message {
                reject(self, format!("msg.json.noncharacter.free_form.{}", sp.name), text, &sp, None);
            }
        }
        for sp in noncharacters::neighbours() {
            let mut decoded = base.clone();
            decoded[FUTURE_MEMBER] = json!(format!("x{}", sp.decoded));
            let r = Record::response(format!("resp.json.character.unknown_member.{}", sp.name), &decoded, op, &known);
            self.push_text(r, unknown_value.replacen(MARK, &sp.text, 1), None, rules::NONCHARACTER, None);
        }
    }

    /// A duplicate member inside tool `args`: free-form values are I-JSON too.
    fn duplicate_in_free_form(&mut self) {
        let Some((message, field)) = self.free_form_message() else {
            return;
        };
        let mut n = shape(self.cx.spec, &TypeRef::Named(self.cx.spec.messages.ty.clone()), &message);
        if let Some(args) = n.member_mut(&field) {
            args.push("a", Node::Scalar(json!(1)));
            args.push("a", Node::Scalar(json!(1)));
        }
        let id = format!("msg.json.duplicate.{field}");
        self.push_raw(&id, Input::Text(n.compact()), None, Reason::Json, rules::I_JSON);
    }

    /// A message example with a free-form object member (tool `args`), and that member's name.
    fn free_form_message(&self) -> Option<(Value, String)> {
        let spec = self.cx.spec;
        let TypeKind::Union(u) = &spec.ty(&spec.messages.ty)?.kind else {
            return None;
        };
        spec.messages.examples.iter().find_map(|ex| {
            let variant = super::sample::variant_of(u, ex.as_object()?)?;
            let free = |f: &&crate::ir::Field| {
                f.ty == TypeRef::Json(JsonKind::Object) && ex.get(&f.name).is_some_and(Value::is_object)
            };
            let field = variant.fields.iter().find(free)?;
            Some((ex.clone(), field.name.clone()))
        })
    }

    /// Structural limits at their value and one past it, inside members the consumer ignores
    /// (an unknown member) or does not interpret (tool `args`): the whole record is still bounded.
    fn structure(&mut self) {
        let cx = self.cx;
        let limit = |name: &str| usize::try_from(cx.spec.limit_value(name)).unwrap_or(0);
        let (depth, items, fields, bytes) =
            (limit("max_json_depth"), limit("max_array_items"), limit("max_object_fields"), limit("max_string_bytes"));
        let cases: [(&str, &str, usize, Make); 6] = [
            ("depth", rules::DEPTH, depth, &|n, at| records::nested_arrays((n + 1).saturating_sub(at))),
            ("array_items", rules::ARRAY_ITEMS, items, &|n, _| Value::Array(vec![json!(0); n])),
            ("object_fields", rules::OBJECT_FIELDS, fields, &|n, _| records::wide_object(n)),
            ("string_bytes", rules::STRING_BYTES, bytes, &|n, _| json!("a".repeat(n))),
            // The bound is in UTF-8 bytes: `n` bytes in about n/4 characters (and n/2 UTF-16
            // units), so a consumer that counts characters or UTF-16 units accepts the case
            // one byte past the bound.
            ("string_bytes.utf8", rules::STRING_BYTES, bytes, &|n, _| json!(utf8_bytes(n))),
            ("string_bytes.member_name", rules::STRING_BYTES, bytes, &|n, _| {
                Value::Object(Map::from_iter([("a".repeat(n), json!(0))]))
            }),
        ];
        for (name, rule, max, make) in cases {
            for (suffix, n) in [("at_max", max), ("above_max", max + 1)] {
                self.ignored_member(name, suffix, rule, &|at| make(n, at));
                self.free_form_member(name, suffix, rule, &|at| make(n, at));
            }
        }
    }

    /// A structural case in an unknown member of the envelope and of the payload.
    fn ignored_member(&mut self, name: &str, suffix: &str, rule: &str, make: &dyn Fn(usize) -> Value) {
        let cx = self.cx;
        let Some(op) = records::plain_read_op(cx.spec) else {
            return;
        };
        let base = records::response(cx, op, example_response(cx, op), None);
        let known = Known::of(&base, Some(&op.method));
        // The envelope's members start at depth 2, the payload's at depth 3.
        let mut record = base.clone();
        record[FUTURE_MEMBER] = make(2);
        let r = Record::response(format!("resp.limit.{name}.{suffix}"), &record, op, &known);
        self.push(r, None, rules::CONSUMER_STRUCTURE, None);
        let mut record = base;
        record["payload"][FUTURE_MEMBER] = make(3);
        self.push(
            Record::response(format!("resp.limit.{name}.payload.{suffix}"), &record, op, &known),
            None,
            rule,
            None,
        );
    }

    /// A structural case inside a message's free-form member.
    fn free_form_member(&mut self, name: &str, suffix: &str, rule: &str, make: &dyn Fn(usize) -> Value) {
        let Some((mut message, field)) = self.free_form_message() else {
            return;
        };
        // The free-form member is an object at depth 2; its own member starts at depth 3.
        message[&field] = match make(3) {
            wide @ Value::Object(_) if name == "object_fields" => wide,
            v => json!({ "a": v }),
        };
        let ty = TypeRef::Named(self.cx.spec.messages.ty.clone());
        self.push(Record::message(format!("msg.limit.{field}.{name}.{suffix}"), &message, &ty), None, rule, None);
    }

    /// Record bytes at the limit and one past it; a consumer counts its newline.
    fn sizes(&mut self) {
        let cx = self.cx;
        let Some(op) = records::plain_read_op(cx.spec) else {
            return;
        };
        let record = records::response(cx, op, example_response(cx, op), None);
        let known = Known::of(&record, Some(&op.method));
        let good = layout(cx, Which::Response, &record, Some(&TypeRef::Named(op.response.clone()))).compact();
        let max = usize::try_from(cx.spec.limit_value("max_record_bytes")).unwrap_or(0);
        for (suffix, n) in [("at_max", max.saturating_sub(1)), ("above_max", max)] {
            let text = format!("{good}{}", " ".repeat(n.saturating_sub(good.len())));
            let r = Record::response(format!("resp.record.bytes.{suffix}"), &record, op, &known);
            self.push_text(r, text, None, rules::RECORD_BYTES, None);
        }
    }
}

/// A string of exactly `n` UTF-8 bytes in four-byte characters (U+1F600), padded with ASCII.
fn utf8_bytes(n: usize) -> String {
    format!("{}{}", "\u{1F600}".repeat(n / 4), "a".repeat(n % 4))
}

/// Builds a structural case's value from the limit value and the depth it starts at.
type Make<'m> = &'m dyn Fn(usize, usize) -> Value;
