//! Cross-checks of the generated vectors against independent readings of the rules:
//! `validate::check` for every schema verdict, and small reference decoders written from
//! docs/decoding.md for the expected code or reason of every record and frame. A change to the
//! IR, the precedence table or a mutation kind that would make an expectation wrong fails here.

use super::framing::{Action, Connection, Frame, Outcome};
use super::records::{Measure, Which};
use super::*;
use crate::ir::{Correlation, ObjectDef, SlotRule, TypeDef, TypeKind, Violation};
use crate::validate::check;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::collections::{BTreeSet, HashSet};
use std::fmt;

fn spec() -> Spec {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../protocol.toml")).unwrap();
    crate::load("protocol.toml", &text).unwrap()
}

fn generated(spec: &Spec) -> Generated {
    generate(spec).unwrap()
}

const ENVELOPES: [(Which, &str); 3] =
    [(Which::Request, "__RequestEnvelope"), (Which::Response, "__ResponseEnvelope"), (Which::Event, "__EventEnvelope")];

/// The spec with its three envelopes added as object types, so `validate::check` can check them.
fn with_envelopes(spec: &Spec) -> Spec {
    let mut s = spec.clone();
    for (which, name) in ENVELOPES {
        let env = match which {
            Which::Request => &spec.request_envelope,
            Which::Response => &spec.response_envelope,
            Which::Event => &spec.event_envelope,
        };
        let kind = TypeKind::Object(ObjectDef { fields: env.fields.clone(), at_least_one_of: Vec::new() });
        s.types.push(TypeDef { name: name.to_string(), doc: String::new(), kind });
    }
    s
}

fn envelope(which: Which) -> TypeRef {
    TypeRef::Named(ENVELOPES.iter().find(|(w, _)| *w == which).map(|(_, n)| n.to_string()).unwrap_or_default())
}

fn bytes(v: &Vector) -> Option<Vec<u8>> {
    match &v.input {
        Input::Text(t) => Some(t.as_bytes().to_vec()),
        Input::Bytes(b) => Some(b.clone()),
        Input::Steps(_) => None,
    }
}

/// Accepts any JSON value and fails on a repeated member name at any level (I-JSON).
struct NoDuplicates;

impl<'de> Deserialize<'de> for NoDuplicates {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(NoDuplicatesVisitor)
    }
}

struct NoDuplicatesVisitor;

impl<'de> Visitor<'de> for NoDuplicatesVisitor {
    type Value = NoDuplicates;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_i64<E>(self, _: i64) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_u64<E>(self, _: u64) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_f64<E>(self, _: f64) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<NoDuplicates, E> {
        match first_noncharacter(s) {
            Some(_) => Err(E::custom("noncharacter")),
            None => Ok(NoDuplicates),
        }
    }
    fn visit_unit<E>(self) -> Result<NoDuplicates, E> {
        Ok(NoDuplicates)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<NoDuplicates, A::Error> {
        while a.next_element::<NoDuplicates>()?.is_some() {}
        Ok(NoDuplicates)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<NoDuplicates, A::Error> {
        let mut seen = HashSet::new();
        while let Some(k) = a.next_key::<String>()? {
            if first_noncharacter(&k).is_some() {
                return Err(de::Error::custom("noncharacter"));
            }
            if !seen.insert(k) {
                return Err(de::Error::custom("duplicate member"));
            }
            a.next_value::<NoDuplicates>()?;
        }
        Ok(NoDuplicates)
    }
}

/// RFC 7493 §2.1's noncharacters, written out from their definition: U+FDD0..U+FDEF and the last
/// two code points of each plane. The first in `s`.
fn first_noncharacter(s: &str) -> Option<char> {
    let bad = |c: &char| (0xFDD0..=0xFDEF).contains(&(*c as u32)) || matches!(*c as u32 & 0xFFFF, 0xFFFE | 0xFFFF);
    s.chars().find(bad)
}

/// The JSON profile in one streaming pass (docs/decoding.md: "the first violation met while
/// reading the record from its start decides"): duplicates and syntax are `invalid_json`,
/// crossed structural limits `limit_exceeded`.
struct Profile<'a> {
    spec: &'a Spec,
    depth: usize,
    crossed: &'a std::cell::Cell<bool>,
}

impl<'de> de::DeserializeSeed<'de> for Profile<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl Profile<'_> {
    fn nested(&self) -> Profile<'_> {
        Profile { spec: self.spec, depth: self.depth + 1, crossed: self.crossed }
    }

    fn cross<E: de::Error>(&self, what: &str) -> E {
        self.crossed.set(true);
        E::custom(what)
    }

    /// A string's characters are checked as it is read, its size once it is read.
    fn string<E: de::Error>(&self, s: &str) -> Result<(), E> {
        if first_noncharacter(s).is_some() {
            return Err(E::custom("noncharacter"));
        }
        if s.len() > limit(self.spec, "max_string_bytes") {
            return Err(self.cross("string"));
        }
        Ok(())
    }

    fn enter<E: de::Error>(&self) -> Result<(), E> {
        if self.depth + 1 > limit(self.spec, "max_json_depth") {
            return Err(self.cross("depth"));
        }
        Ok(())
    }
}

impl<'de> Visitor<'de> for Profile<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<(), E> {
        self.string(s)
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<(), A::Error> {
        self.enter()?;
        let mut n = 0;
        while a.next_element_seed(self.nested())?.is_some() {
            n += 1;
            if n > limit(self.spec, "max_array_items") {
                return Err(self.cross("items"));
            }
        }
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<(), A::Error> {
        self.enter()?;
        let mut seen = HashSet::new();
        while let Some(k) = a.next_key::<String>()? {
            self.string(&k)?;
            if seen.len() + 1 > limit(self.spec, "max_object_fields") {
                return Err(self.cross("fields"));
            }
            if !seen.insert(k) {
                return Err(de::Error::custom("duplicate member"));
            }
            a.next_value_seed(self.nested())?;
        }
        Ok(())
    }
}

/// The record as a value, or the profile failure met first in reading order.
fn profile(spec: &Spec, bytes: &[u8]) -> Result<Value, &'static str> {
    let text = std::str::from_utf8(bytes).map_err(|_| "invalid_json")?;
    let crossed = std::cell::Cell::new(false);
    let mut d = serde_json::Deserializer::from_str(text);
    let checked =
        de::DeserializeSeed::deserialize(Profile { spec, depth: 0, crossed: &crossed }, &mut d).and_then(|()| d.end());
    match checked {
        Ok(()) => serde_json::from_str(text).map_err(|_| "invalid_json"),
        Err(_) if crossed.get() => Err("limit_exceeded"),
        Err(_) => Err("invalid_json"),
    }
}

/// One I-JSON value, or `None`.
fn parse(bytes: &[u8]) -> Option<Value> {
    let text = std::str::from_utf8(bytes).ok()?;
    serde_json::from_str::<NoDuplicates>(text).ok()?;
    serde_json::from_str(text).ok()
}

/// Whether some array crosses a maximum taken from a limit whose `exceeded` is `limit_exceeded`.
fn crosses_limit_array(spec: &Spec, ty: &TypeRef, v: &Value) -> bool {
    match (ty, v) {
        (TypeRef::Array(r), Value::Array(items)) => {
            (r.max_violation == Violation::LimitExceeded && items.len() as u64 > r.max_items.value)
                || items.iter().any(|x| crosses_limit_array(spec, &r.items, x))
        }
        (TypeRef::Named(n), Value::Object(map)) => {
            let fields = match spec.ty(n).map(|d| &d.kind) {
                Some(TypeKind::Object(o)) => o.fields.clone(),
                Some(TypeKind::Union(u)) => sample::variant_of(u, map).map(|x| x.fields.clone()).unwrap_or_default(),
                _ => Vec::new(),
            };
            fields.iter().any(|f| map.get(&f.name).is_some_and(|x| crosses_limit_array(spec, &f.ty, x)))
        }
        _ => false,
    }
}

fn limit(spec: &Spec, name: &str) -> usize {
    usize::try_from(spec.limit_value(name)).unwrap()
}

/// The server's precedence table, read directly from docs/decoding.md.
fn server_decode(spec: &Spec, envs: &Spec, bytes: &[u8]) -> Result<(), &'static str> {
    if bytes.len() > limit(spec, "max_record_bytes") {
        return Err("record_too_large");
    }
    let v = profile(spec, bytes)?;
    if !v.is_object() || check(envs, &envelope(Which::Request), &v, Mode::Strict).is_err() {
        return Err("invalid_request");
    }
    if v["protocol_version"] != spec.protocol_version {
        return Err("unsupported_version");
    }
    let op = v["method"].as_str().and_then(|m| spec.operation(m)).ok_or("unsupported_operation")?;
    let set = |k: &str| !v[k].is_null();
    if set("session_id") != (op.session_id == SlotRule::Required) || set("operation_id") != op.mutation {
        return Err("invalid_request");
    }
    match (op.control, set("control")) {
        (SlotRule::Required, false) => return Err("control_required"),
        (SlotRule::Null, true) => return Err("invalid_request"),
        _ => {}
    }
    if v["payload"].to_string().len() > limit(spec, "max_payload_bytes") {
        return Err("payload_too_large");
    }
    let ty = TypeRef::Named(op.request.clone());
    match check(spec, &ty, &v["payload"], Mode::Strict) {
        Ok(()) => Ok(()),
        Err(_) if crosses_limit_array(spec, &ty, &v["payload"]) => Err("limit_exceeded"),
        Err(_) => Err("invalid_payload"),
    }
}

/// The consumer rules of docs/decoding.md and the seed, for one record in its context: the
/// response result (`success`/`error`) or `None` for events and messages, else the reason.
fn consumer_decode(spec: &Spec, envs: &Spec, v: &Vector, bytes: &[u8]) -> Result<Option<&'static str>, &'static str> {
    if bytes.len() + 1 > limit(spec, "max_record_bytes") {
        return Err("record_too_large");
    }
    let r = parse(bytes).ok_or("invalid_json")?;
    if Measure::of(&r).crosses(&Cx::new(spec)) {
        return Err("limit");
    }
    if v.id.starts_with("msg.") {
        return check(spec, &TypeRef::Named(spec.messages.ty.clone()), &r, Mode::Tolerant)
            .map(|()| None)
            .map_err(|_| "payload");
    }
    let context: Value =
        serde_json::from_str(&v.context.as_ref().map(Node::compact).unwrap_or_default()).unwrap_or(Value::Null);
    match r["kind"].as_str() {
        Some("response") => response_decode(spec, envs, &r, &context).map(Some),
        Some("event") => event_decode(spec, envs, &r, &context).map(|()| None),
        Some(_) => Err("unknown_kind"),
        None => Err("envelope"),
    }
}

fn response_decode(spec: &Spec, envs: &Spec, r: &Value, context: &Value) -> Result<&'static str, &'static str> {
    check(envs, &envelope(Which::Response), r, Mode::Tolerant).map_err(|_| "envelope")?;
    if r["protocol_version"] != spec.protocol_version {
        return Err("unsupported_version");
    }
    let error = !r["error"].is_null();
    if r["payload"].is_null() != error {
        return Err("result_shape");
    }
    let request = &context["request"];
    for (k, want) in [("instance_id", &context["instance_id"]), ("connection_id", &context["connection_id"])]
        .into_iter()
        .chain(["request_id", "session_id", "operation_id"].map(|k| (k, &request[k])))
    {
        if &r[k] != want && !(error && r[k].is_null()) {
            return Err("correlation");
        }
    }
    if error {
        return Ok("error");
    }
    let op = request["method"].as_str().and_then(|m| spec.operation(m)).ok_or("context")?;
    check(spec, &TypeRef::Named(op.response.clone()), &r["payload"], Mode::Tolerant).map_err(|_| "payload")?;
    advertisement(spec, &op.method, &r["payload"]).then_some("success").ok_or("advertisement")
}

/// The seed's preflight of initialize and capabilities: known events only, wire 2 selected and
/// advertised, transport unix advertised, and initialize's two limit maps equal on known limits.
fn advertisement(spec: &Spec, method: &str, payload: &Value) -> bool {
    let caps = match method {
        "initialize" => &payload["capabilities"],
        "capabilities" => payload,
        _ => return true,
    };
    let has = |list: &Value, x: Value| list.as_array().is_some_and(|a| a.contains(&x));
    let events_known = caps["events"]
        .as_array()
        .is_some_and(|a| a.iter().all(|e| e.as_str().is_some_and(|e| spec.event(e).is_some())));
    let wire = has(&caps["protocol_versions"], Value::from(spec.protocol_version))
        && (method != "initialize" || payload["protocol_version"] == spec.protocol_version);
    let unix = has(&caps["transports"], Value::from("unix"));
    let limits_agree =
        method != "initialize" || spec.limits.iter().all(|l| payload["limits"][&l.name] == caps["limits"][&l.name]);
    events_known && wire && unix && limits_agree
}

fn event_decode(spec: &Spec, envs: &Spec, r: &Value, context: &Value) -> Result<(), &'static str> {
    check(envs, &envelope(Which::Event), r, Mode::Tolerant).map_err(|_| "envelope")?;
    if r["protocol_version"] != spec.protocol_version {
        return Err("unsupported_version");
    }
    let ev = r["event"].as_str().and_then(|e| spec.event(e)).ok_or("unknown_event")?;
    let c = &ev.correlation;
    for (k, rule) in [
        ("session_id", c.session_id),
        ("operation_id", c.operation_id),
        ("grant_generation", c.grant_generation),
        ("live_sequence", c.live_sequence),
    ] {
        if r[k].is_null() == (rule == Correlation::Set) {
            return Err("correlation");
        }
    }
    if r["instance_id"] != context["instance_id"] || r["connection_id"] != context["connection_id"] {
        return Err("correlation");
    }
    check(spec, &TypeRef::Named(ev.payload.clone()), &r["payload"], Mode::Tolerant).map_err(|_| "payload")?;
    // A valid payload that names a session must name the envelope's ("payload identities against the attached session").
    if r["payload"]["session_id"].is_string() && r["payload"]["session_id"] != r["session_id"] {
        return Err("correlation");
    }
    Ok(())
}

#[test]
fn schema_verdicts_agree_with_validate() {
    let spec = spec();
    let envs = with_envelopes(&spec);
    let g = generated(&spec);
    let mut checked = 0;
    for v in g.requests.iter().chain(&g.consumer) {
        let Some(c) = &v.check else { continue };
        let record = parse(&bytes(v).unwrap()).unwrap_or_else(|| panic!("{}: a checked vector is JSON", v.id));
        let value = record.pointer(c.pointer).unwrap_or_else(|| panic!("{}: no {}", v.id, c.pointer));
        let (s, ty) = match &c.target {
            Target::Type(t) => (&spec, t.clone()),
            Target::Envelope(w) => (&envs, envelope(*w)),
        };
        let got = check(s, &ty, value, c.mode);
        assert_eq!(got.is_ok(), c.valid, "{}: validate says {got:?}", v.id);
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} vectors were cross-checked");
}

#[test]
fn server_expectations_follow_the_precedence_table() {
    let spec = spec();
    let envs = with_envelopes(&spec);
    for v in &generated(&spec).requests {
        let got = server_decode(&spec, &envs, &bytes(v).unwrap());
        match &v.expect {
            Expect::Accept { .. } => assert_eq!(got, Ok(()), "{}", v.id),
            Expect::Server { code, echo } => {
                assert_eq!(got, Err(code.as_str()), "{}", v.id);
                if let (Some(echo), Some(record)) = (echo, parse(&bytes(v).unwrap())) {
                    for k in records::ECHOED {
                        let valid = envs
                            .request_envelope
                            .fields
                            .iter()
                            .find(|f| f.name == k)
                            .is_some_and(|f| check(&spec, &f.ty, &record[k], Mode::Strict).is_ok());
                        let want = if valid && !record[k].is_null() { record[k].clone() } else { Value::Null };
                        assert_eq!(echo.member(k), Some(&Node::Scalar(want)), "{}: echo of {k}", v.id);
                    }
                }
            }
            Expect::Consumer { .. } => panic!("{}: consumer expectation in requests", v.id),
        }
    }
}

#[test]
fn consumer_expectations_follow_the_consumer_rules() {
    let spec = spec();
    let envs = with_envelopes(&spec);
    for v in &generated(&spec).consumer {
        let Some(b) = bytes(v) else { continue };
        let got = consumer_decode(&spec, &envs, v, &b);
        match &v.expect {
            Expect::Accept { result, .. } => assert_eq!(got, Ok(*result), "{}", v.id),
            Expect::Consumer { reason, .. } => assert_eq!(got, Err(reason.as_str()), "{}", v.id),
            Expect::Server { .. } => panic!("{}: server expectation in consumer", v.id),
        }
    }
}

/// Replays a server frame with the reference decoder.
fn server_frame(spec: &Spec, envs: &Spec, f: &Frame) -> (Vec<Outcome>, Connection) {
    let max = limit(spec, "max_record_bytes");
    let timeout = spec.limit_value("framing_timeout_ms");
    let mut buf: Vec<u8> = Vec::new();
    let mut out = Vec::new();
    for a in &f.actions {
        match a {
            Action::Write(b) => buf.extend(b),
            Action::Idle(ms) if !buf.is_empty() && *ms >= timeout => return (out, Connection::Closed),
            Action::Idle(_) => {}
            Action::Eof => return (out, Connection::Closed),
        }
        while let Some(end) = buf.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = buf.drain(..=end).take(end).collect();
            match server_decode(spec, envs, &line) {
                Err("record_too_large") => {
                    out.push(Outcome::Rejected(server::Failure::Record));
                    return (out, Connection::Closed);
                }
                Err(code) => out.push(Outcome::Rejected(failure(code))),
                Ok(()) => out.push(Outcome::Request(parse(&line).unwrap()["request_id"].as_str().unwrap().to_string())),
            }
        }
        if buf.len() > max {
            out.push(Outcome::Rejected(server::Failure::Record));
            return (out, Connection::Closed);
        }
    }
    (out, Connection::Open)
}

fn failure(code: &str) -> server::Failure {
    use server::Failure::*;
    [Record, Json, Structure, Envelope, Version, Method, ControlMissing, PayloadSize, Payload]
        .into_iter()
        .find(|f| f.code() == code)
        .unwrap()
}

/// Replays a consumer frame: responses to the pending requests of its context.
fn consumer_frame(spec: &Spec, f: &Frame) -> (Vec<Outcome>, Connection) {
    let max = limit(spec, "max_record_bytes");
    let mut buf: Vec<u8> = Vec::new();
    let mut out = Vec::new();
    for a in &f.actions {
        match a {
            Action::Write(b) => buf.extend(b),
            Action::Idle(_) => {}
            Action::Eof => return (out, if buf.is_empty() { Connection::Closed } else { Connection::Failed }),
        }
        while let Some(end) = buf.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = buf.drain(..=end).take(end).collect();
            if line.len() + 1 > max {
                out.push(Outcome::Refused(consumer::Reason::Record));
                return (out, Connection::Failed);
            }
            let r = parse(&line).unwrap();
            assert_eq!(r["kind"], "response", "{}", f.id);
            out.push(Outcome::Response);
        }
    }
    (out, Connection::Open)
}

#[test]
fn frames_follow_the_record_rules() {
    let spec = spec();
    let envs = with_envelopes(&spec);
    for f in &generated(&spec).framing {
        let got = match f.side {
            Side::Server => server_frame(&spec, &envs, f),
            Side::Consumer => consumer_frame(&spec, f),
        };
        assert_eq!(got, (f.records.clone(), f.connection), "{}", f.id);
    }
}

#[test]
fn ids_are_unique_stable_and_plain() {
    let spec = spec();
    let ids = |g: &Generated| -> Vec<String> {
        g.requests
            .iter()
            .chain(&g.consumer)
            .map(|v| v.id.clone())
            .chain(g.framing.iter().map(|f| f.id.clone()))
            .collect()
    };
    let first = ids(&generated(&spec));
    assert_eq!(first, ids(&generated(&spec)), "generation is deterministic");
    let mut seen = BTreeSet::new();
    for id in &first {
        assert!(seen.insert(id), "duplicate id {id}");
        assert!(id.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)), "id {id} has other characters");
    }
    for id in [
        "req.session.list.payload.limit.above_max",
        "req.initialize.payload.requested_capabilities.null",
        "req.turn.start.envelope.control.null",
        "req.envelope.turn.start.protocol_version.max",
        "req.limit.depth.above_max",
        "req.json.duplicate.payload",
        "req.precedence.unsupported_version.over.unsupported_operation",
        "resp.status.payload.provider_auth_ready.wrong_type.string",
        "resp.error.code.unknown",
        "event.turn.activity.payload.activity.tool.transport.enum.fallback",
        "event.auth.login.progress.envelope.session_id.set",
        "msg.type.unknown",
        "table.r7.gap_accepted",
        "frame.crlf",
    ] {
        assert!(seen.contains(&id.to_string()), "expected id {id}");
    }
    assert!(first.len() < 5000, "{} vectors: keep the suite to a few thousand", first.len());
}

/// The per-turn rules of a conversation: events name the turn the response started, sequences
/// strictly increase, nothing follows the terminal. Returns the first rejected step.
fn conversation(spec: &Spec, steps: &[Step]) -> Result<(), (usize, &'static str)> {
    let (mut turn, mut last, mut done) = (Value::Null, None, false);
    for (i, step) in steps.iter().enumerate().filter(|(_, s)| !s.send) {
        let r = parse(step.record.as_bytes()).ok_or((i, "invalid_json"))?;
        if r["kind"] == "response" {
            turn = r["payload"]["turn_id"].clone();
            continue;
        }
        let terminal = r["event"].as_str().and_then(|e| spec.event(e)).ok_or((i, "unknown_event"))?.terminal;
        let sequence = r["payload"]["sequence"].as_u64();
        if done || sequence <= last {
            return Err((i, "sequence"));
        }
        if r["payload"]["turn_id"] != turn {
            return Err((i, "correlation"));
        }
        (last, done) = (sequence, terminal);
    }
    Ok(())
}

#[test]
fn conversations_follow_the_turn_rules() {
    let spec = spec();
    for v in &generated(&spec).consumer {
        let Input::Steps(steps) = &v.input else { continue };
        let got = conversation(&spec, steps);
        match &v.expect {
            Expect::Accept { .. } => assert_eq!(got, Ok(()), "{}", v.id),
            Expect::Consumer { reason, at } => {
                assert_eq!(got, Err((at.unwrap_or(usize::MAX), reason.as_str())), "{}", v.id)
            }
            Expect::Server { .. } => panic!("{}: a conversation is consumer input", v.id),
        }
    }
}

#[test]
fn every_table_row_has_vectors() {
    let spec = spec();
    let rows = handwritten::rows().unwrap();
    assert_eq!(rows, (1..=9).collect::<Vec<_>>(), "the seed's consumer-outcome table has nine rows");
    let g = generated(&spec);
    for row in rows {
        assert!(g.consumer.iter().any(|v| v.id.starts_with(&format!("table.r{row}."))), "row {row}");
    }
}

#[test]
fn files_are_deterministic_and_carry_the_header() {
    let spec = spec();
    let a = artifacts(&spec);
    assert_eq!(a, artifacts(&spec));
    for f in a.iter().filter(|f| f.path.ends_with(".json")) {
        let v: Value = serde_json::from_str(&f.contents).unwrap();
        assert_eq!(v["generated"]["regenerate"], crate::emit::REGENERATE, "{}", f.path);
        assert_eq!(v["count"].as_u64(), v["vectors"].as_array().map(|a| a.len() as u64), "{}", f.path);
    }
    assert!(a
        .iter()
        .any(|f| f.path.ends_with("README.md") && f.contents.starts_with("<!-- Generated from protocol.toml.")));
    assert!(a.iter().all(|f| !f.contents.contains(&spec.sha256)), "no vector file names the spec hash");
}

#[test]
fn base64_matches_rfc_4648() {
    for (input, want) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")] {
        assert_eq!(base64(input.as_bytes()), want);
    }
}

/// "max_string_bytes" counts UTF-8 bytes: in a member with no bound of its own (an unknown
/// member, a free-form one), a string whose characters and UTF-16 units fit the bound but whose
/// bytes do not is refused, so a consumer that counts characters fails the suite.
#[test]
fn a_string_over_the_bound_in_bytes_but_not_in_characters_is_refused() {
    let spec = spec();
    let max = limit(&spec, "max_string_bytes");
    fn longest(v: &Value) -> Option<&str> {
        match v {
            Value::String(s) => Some(s),
            Value::Array(a) => a.iter().filter_map(longest).max_by_key(|s| s.len()),
            Value::Object(o) => o.values().filter_map(longest).max_by_key(|s| s.len()),
            _ => None,
        }
    }
    let mut seen = 0;
    for v in generated(&spec).consumer.iter().filter(|v| v.id.contains(".string_bytes.utf8.")) {
        let record = parse(&bytes(v).expect("a record")).expect("JSON");
        let s = longest(&record).expect("a string");
        assert!(s.chars().count() <= max && s.encode_utf16().count() <= max, "{}: fits in characters", v.id);
        match (v.id.ends_with(".above_max"), &v.expect) {
            (true, Expect::Consumer { reason, .. }) => {
                assert_eq!(reason.as_str(), "limit", "{}", v.id);
                assert_eq!(s.len(), max + 1, "{}: one byte past the bound", v.id);
            }
            (false, Expect::Accept { .. }) => assert_eq!(s.len(), max, "{}: at the bound", v.id),
            (_, other) => panic!("{}: unexpected expectation {other:?}", v.id),
        }
        seen += 1;
    }
    assert!(seen >= 4, "the envelope, payload and free-form cases, at and past the bound ({seen})");
}
