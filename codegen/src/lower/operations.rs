//! Envelopes, operations, events and the session message declaration. Inline payload fields
//! become generated object types named after the method (`session.list` → `SessionListRequest`).

use super::Lower;
use crate::ir::{
    Correlation, Deviation, Envelope, Event, EventCorrelation, MessagesDecl, ObjectDef, Operation, OperationExample,
    SlotRule, Spec, TypeDef, TypeKind, TypeRef,
};
use crate::names::pascal;
use crate::spec::raw::{Fields, RawEnvelope};
use serde_json::Value;
use std::ops::Range;
use toml::Spanned;

const DOMAINS: &[&str] =
    &["service", "auth", "catalog", "config", "session", "turn", "operation", "profile", "approval"];

impl Lower<'_> {
    pub(super) fn envelopes(&mut self, spec: &mut Spec) {
        let raw = self.raw;
        spec.request_envelope = self.envelope(spec, &raw.envelopes.request);
        spec.response_envelope = self.envelope(spec, &raw.envelopes.response);
        spec.event_envelope = self.envelope(spec, &raw.envelopes.event);
    }

    fn envelope(&mut self, spec: &Spec, raw: &Spanned<RawEnvelope>) -> Envelope {
        let fields = self.fields(spec, Some(&raw.get_ref().fields), &raw.span());
        if !fields.iter().any(|f| f.ty == TypeRef::Payload) {
            self.error(raw.span(), "envelope needs a `payload` field");
        }
        let payload_key = raw.get_ref().payload_key.clone();
        if let Some(key) = &payload_key {
            if !fields.iter().any(|f| &f.name == key) {
                self.error(raw.span(), format!("payload_key `{key}` is not a field of the envelope"));
            }
        }
        Envelope { doc: raw.get_ref().doc.clone(), payload_key, fields }
    }

    /// Add a generated object type for inline payload fields, refusing name collisions.
    fn payload_type(
        &mut self,
        spec: &mut Spec,
        span: &Range<usize>,
        name: String,
        doc: &str,
        fields: &Fields,
        at_least_one_of: Vec<String>,
    ) -> String {
        if spec.ty(&name).is_some() {
            self.error(span.clone(), format!("generated type `{name}` collides with a declared type"));
        }
        let fields = self.fields(spec, Some(fields), span);
        for f in &at_least_one_of {
            if !fields.iter().any(|x| &x.name == f && !x.is_required()) {
                self.error(span.clone(), format!("at_least_one_of names `{f}`, which is not an optional field"));
            }
        }
        spec.types.push(TypeDef {
            name: name.clone(),
            doc: doc.to_string(),
            kind: TypeKind::Object(ObjectDef { fields, at_least_one_of }),
        });
        name
    }

    fn slot(&mut self, s: &Spanned<String>) -> SlotRule {
        match s.get_ref().as_str() {
            "null" => SlotRule::Null,
            "required" => SlotRule::Required,
            other => {
                self.error(s.span(), format!("`{other}` is not \"null\" or \"required\""));
                SlotRule::Null
            }
        }
    }

    fn codes(&mut self, spec: &Spec, codes: &[Spanned<String>]) -> Vec<String> {
        for c in codes {
            if spec.error(c.get_ref()).is_none() {
                self.error(c.span(), format!("undefined error code `{}`", c.get_ref()));
            }
        }
        codes.iter().map(|c| c.get_ref().clone()).collect()
    }

    pub(super) fn operations(&mut self, spec: &mut Spec) {
        let raw = self.raw;
        for (method, op) in &raw.operations {
            let span = op.span();
            let o = op.get_ref();
            if !DOMAINS.contains(&o.domain.get_ref().as_str()) {
                self.error(o.domain.span(), format!("domain `{}` is not one of {DOMAINS:?}", o.domain.get_ref()));
            }
            let base = pascal(method);
            let constraints = o.constraints.as_ref().map(|c| c.at_least_one_of.clone()).unwrap_or_default();
            let empty = Fields::new();
            let request = self.payload_type(
                spec,
                &span,
                format!("{base}Request"),
                &format!("Request payload of `{method}`."),
                o.request.as_ref().unwrap_or(&empty),
                constraints,
            );
            let response = match (&o.response, &o.response_type) {
                (Some(fields), None) => self.payload_type(
                    spec,
                    &span,
                    format!("{base}Response"),
                    &format!("Success payload of `{method}`."),
                    fields,
                    Vec::new(),
                ),
                (None, Some(t)) => self.existing_type(spec, t),
                _ => {
                    self.error(
                        span.clone(),
                        format!("operation `{method}` needs exactly one of `response` and `response_type`"),
                    );
                    String::new()
                }
            };
            let events = o.events.iter().map(|e| e.get_ref().clone()).collect::<Vec<_>>();
            for e in &o.events {
                if !raw.events.contains_key(e.get_ref()) {
                    self.error(e.span(), format!("undefined event `{}`", e.get_ref()));
                }
            }
            if o.examples.is_empty() {
                self.error(span.clone(), format!("operation `{method}` needs at least one example"));
            }
            let examples = o
                .examples
                .iter()
                .map(|ex| OperationExample {
                    request: self.example(spec, &ex.span(), &ex.get_ref().request, &request),
                    response: self.example(spec, &ex.span(), &ex.get_ref().response, &response),
                })
                .collect();
            spec.operations.push(Operation {
                method: method.clone(),
                domain: o.domain.get_ref().clone(),
                doc: o.doc.clone(),
                requires_initialization: o.initialized,
                mutation: o.mutation,
                session_id: self.slot(&o.session_id),
                control: self.slot(&o.control),
                errors: self.codes(spec, &o.errors),
                events,
                request,
                response,
                examples,
                profile: self.membership(o.profile.as_ref(), o.negotiation),
            });
        }
    }

    fn existing_type(&mut self, spec: &Spec, t: &Spanned<String>) -> String {
        if spec.ty(t.get_ref()).is_none() {
            self.error(t.span(), format!("undefined type `{}`", t.get_ref()));
        }
        t.get_ref().clone()
    }

    /// Parse an example's JSON (an `@name` stands for a generated document) and validate it.
    fn example(&mut self, spec: &Spec, span: &Range<usize>, text: &str, ty: &str) -> Value {
        if let Some(name) = text.strip_prefix('@') {
            return Value::String(format!("@{name}"));
        }
        let value: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                self.error(span.clone(), format!("example is not JSON: {e}"));
                return Value::Null;
            }
        };
        if spec.ty(ty).is_some() {
            if let Err(p) =
                crate::validate::check(spec, &TypeRef::Named(ty.to_string()), &value, crate::validate::Mode::Strict)
            {
                self.error(span.clone(), format!("example does not satisfy `{ty}`: {p}"));
            }
        }
        value
    }

    pub(super) fn events(&mut self, spec: &mut Spec) {
        let raw = self.raw;
        for (name, ev) in &raw.events {
            let span = ev.span();
            let e = ev.get_ref();
            let payload = match (&e.payload, &e.payload_type) {
                (Some(fields), None) => self.payload_type(
                    spec,
                    &span,
                    pascal(name),
                    &format!("Payload of the `{name}` event."),
                    fields,
                    Vec::new(),
                ),
                (None, Some(t)) => self.existing_type(spec, t),
                _ => {
                    self.error(
                        span.clone(),
                        format!("event `{name}` needs exactly one of `payload` and `payload_type`"),
                    );
                    String::new()
                }
            };
            let correlation = self.correlation(&span, &e.correlation);
            if e.examples.is_empty() {
                self.error(span.clone(), format!("event `{name}` needs at least one example"));
            }
            let examples =
                e.examples.iter().map(|x| self.example(spec, &x.span(), &x.get_ref().payload, &payload)).collect();
            spec.events.push(Event {
                name: name.clone(),
                doc: e.doc.clone(),
                sequenced: e.sequenced,
                terminal: e.terminal,
                correlation,
                payload,
                examples,
                profile: self.membership(e.profile.as_ref(), false),
            });
        }
        self.resolve_generated_examples(spec);
    }

    fn correlation(&mut self, span: &Range<usize>, raw: &indexmap::IndexMap<String, String>) -> EventCorrelation {
        let mut get = |key: &str| match raw.get(key).map(String::as_str) {
            Some("set") => Correlation::Set,
            Some("null") => Correlation::Null,
            _ => {
                self.error(span.clone(), format!("correlation.{key} must be \"set\" or \"null\""));
                Correlation::Null
            }
        };
        let c = EventCorrelation {
            session_id: get("session_id"),
            operation_id: get("operation_id"),
            grant_generation: get("grant_generation"),
            live_sequence: get("live_sequence"),
        };
        if raw.len() != 4 {
            self.error(
                span.clone(),
                "correlation names exactly session_id, operation_id, grant_generation, live_sequence",
            );
        }
        c
    }

    fn resolve_generated_examples(&mut self, spec: &mut Spec) {
        let caps = crate::advertise::capabilities(spec);
        let init = crate::advertise::initialize_example(spec);
        for op in &mut spec.operations {
            for ex in &mut op.examples {
                for v in [&mut ex.request, &mut ex.response] {
                    match v.as_str() {
                        Some("@capabilities") => *v = caps.clone(),
                        Some("@initialize") => *v = init.clone(),
                        Some(other) if other.starts_with('@') => {
                            let name = other.to_string();
                            self.error(
                                0..0,
                                format!("unknown generated example `{name}` (expected @capabilities or @initialize)"),
                            );
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    pub(super) fn messages(&mut self, spec: &mut Spec) {
        let raw = &self.raw.messages;
        let ty = self.existing_type(spec, &raw.ty);
        if !matches!(spec.ty(&ty).map(|t| &t.kind), Some(TypeKind::Union(_)) | None) {
            self.error(raw.ty.span(), "messages.type must be a union");
        }
        let examples = raw.examples.iter().map(|x| self.example(spec, &x.span(), &x.get_ref().message, &ty)).collect();
        let deviations = raw
            .deviations
            .iter()
            .map(|d| {
                let span = d.span();
                let d = d.get_ref();
                let bound = d.bound.as_ref().map(|b| self.bound(spec, &span, b));
                Deviation { subject: d.subject.clone(), bound, reason: d.reason.clone() }
            })
            .collect();
        spec.messages = MessagesDecl { ty, doc: raw.doc.clone(), examples, deviations };
    }
}
