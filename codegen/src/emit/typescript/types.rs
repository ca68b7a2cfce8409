//! `types.ts`: one TypeScript declaration per named type, the envelopes (generic over the
//! method or event that selects their payload) and the payload maps.
//!
//! Presence is carried faithfully: optional and defaulted members are `name?: T` (never
//! `T | undefined`, the package compiles with `exactOptionalPropertyTypes`), nullable members
//! are `T | null`, const members are literal types and unions are discriminated.

use super::code::{doc, json, lit, prop};
use crate::ir::{EnumDef, Envelope, Field, JsonKind, MapDef, Presence, Spec, TypeDef, TypeKind, TypeRef, UnionDef};
use crate::names::pascal;

const PRELUDE: &str = "import { EXTENSIONS } from \"../runtime/json.js\";\n\
import type { Extensions, JsonObject, JsonValue } from \"../runtime/json.js\";\n\n\
export type { Extensions, JsonObject, JsonValue };\n\n";

/// The whole `types.ts` body.
pub fn emit(spec: &Spec) -> String {
    let mut out = String::from(PRELUDE);
    for t in &spec.types {
        out.push_str(&named(spec, t));
    }
    out.push_str(&selectors(spec));
    out.push_str(&envelopes(spec));
    out
}

/// The TypeScript type of a field or array item, ignoring presence and nullability.
pub fn type_ref(t: &TypeRef) -> String {
    match t {
        TypeRef::Bool => "boolean".into(),
        TypeRef::Int(_) => "number".into(),
        TypeRef::String(_) => "string".into(),
        TypeRef::Json(JsonKind::Any) => "JsonValue".into(),
        TypeRef::Json(JsonKind::Object) => "JsonObject".into(),
        TypeRef::Array(a) => format!("{}[]", type_ref(&a.items)),
        TypeRef::Named(n) => n.clone(),
        TypeRef::Payload => "unknown".into(),
    }
}

/// The value type of a field: its const literal when it has one, `| null` when nullable.
pub fn field_type(f: &Field) -> String {
    let base = f.constant.as_ref().map_or_else(|| type_ref(&f.ty), json);
    if f.nullable {
        format!("{base} | null")
    } else {
        base
    }
}

/// A member line with its doc; `ty` overrides the field's own type (payload slots).
fn member(f: &Field, ty: Option<&str>) -> String {
    let mark = if f.is_required() { "" } else { "?" };
    let note = match &f.presence {
        Presence::Defaulted(v) => format!(" Absent means `{}`.", json(v)),
        _ => String::new(),
    };
    let ty = ty.map_or_else(|| field_type(f), str::to_string);
    format!("{}  {}{mark}: {ty};\n", doc("  ", &format!("{}{note}", f.doc)), prop(&f.name))
}

/// The member holding unknown members a consumer received (see `runtime/json.ts`).
fn extensions(values: &str) -> String {
    format!(
        "{}  [EXTENSIONS]?: {values};\n",
        doc("  ", "Unknown members received with this object, kept out of the typed value; present only when there were some.")
    )
}

fn named(spec: &Spec, t: &TypeDef) -> String {
    let head = doc("", &t.doc);
    match &t.kind {
        TypeKind::String(_) => format!("{head}export type {} = string;\n\n", t.name),
        TypeKind::Enum(e) => format!("{head}export type {} = {};\n\n", t.name, enum_values(e)),
        TypeKind::Object(o) => interface(&head, &t.name, "", &[], &o.fields),
        TypeKind::Map(m) => map(spec, &head, &t.name, m),
        TypeKind::Union(u) => union(&head, &t.name, u),
    }
}

fn enum_values(e: &EnumDef) -> String {
    e.values.iter().map(|v| lit(v)).collect::<Vec<_>>().join(" | ")
}

/// An object interface: discriminator literals first, then the fields, then extensions.
fn interface(head: &str, name: &str, generics: &str, tags: &[(String, String)], fields: &[Field]) -> String {
    let mut out = format!("{head}export interface {name}{generics} {{\n");
    for (tag, value) in tags {
        out.push_str(&format!("  {}: {};\n", prop(tag), lit(value)));
    }
    for f in fields {
        out.push_str(&member(f, None));
    }
    out.push_str(&extensions("Extensions"));
    out.push_str("}\n\n");
    out
}

/// A map with required keys is an interface of those keys; its other keys are extensions
/// (validated like every value). A map without required keys is an open record.
fn map(spec: &Spec, head: &str, name: &str, m: &MapDef) -> String {
    let value = field_type(&m.values);
    if m.required_keys.is_empty() {
        return format!("{head}export type {name} = {{ [key: string]: {value} }};\n\n");
    }
    let mut out = format!("{head}export interface {name} {{\n");
    for key in &m.required_keys {
        let text = spec.limit(key).map_or_else(|| m.values.doc.clone(), |l| format!("{} ({})", l.doc, l.unit));
        out.push_str(&format!("{}  {}: {value};\n", doc("  ", &text), prop(key)));
    }
    out.push_str(&extensions(&format!("{{ readonly [key: string]: {value} }}")));
    out.push_str("}\n\n");
    out
}

/// The name of a union variant's interface: `Activity` + `tool` → `ActivityTool`.
pub fn variant_name(union: &str, variant: &str) -> String {
    format!("{union}{}", pascal(variant))
}

fn union(head: &str, name: &str, u: &UnionDef) -> String {
    let names: Vec<String> = u.variants.iter().map(|v| variant_name(name, &v.name)).collect();
    let mut out = format!("{head}export type {name} =\n  | {};\n\n", names.join("\n  | "));
    for (v, vname) in u.variants.iter().zip(&names) {
        let tags: Vec<(String, String)> = u.discriminators.iter().cloned().zip(v.matches.iter().cloned()).collect();
        out.push_str(&interface(&doc("", &v.doc), vname, "", &tags, &v.fields));
    }
    out
}

/// `Method`, `EventName` and the payload maps they index.
fn selectors(spec: &Spec) -> String {
    let methods: Vec<String> = spec.operations.iter().map(|o| lit(&o.method)).collect();
    let events: Vec<String> = spec.events.iter().map(|e| lit(&e.name)).collect();
    let mut out = format!("{}export type Method =\n  | {};\n\n", doc("", "An operation name."), methods.join("\n  | "));
    out.push_str(&format!("{}export type EventName =\n  | {};\n\n", doc("", "An event name."), events.join("\n  | ")));
    let map = |title: &str, name: &str, rows: Vec<(String, String)>| {
        let body: String = rows.iter().map(|(k, v)| format!("  {}: {v};\n", lit(k))).collect();
        format!("{}export interface {name} {{\n{body}}}\n\n", doc("", title))
    };
    out.push_str(&map(
        "Request payload of each operation.",
        "RequestPayloads",
        spec.operations.iter().map(|o| (o.method.clone(), o.request.clone())).collect(),
    ));
    out.push_str(&map(
        "Success payload of each operation.",
        "ResponsePayloads",
        spec.operations.iter().map(|o| (o.method.clone(), o.response.clone())).collect(),
    ));
    out.push_str(&map(
        "Payload of each event.",
        "EventPayloads",
        spec.events.iter().map(|e| (e.name.clone(), e.payload.clone())).collect(),
    ));
    out
}

fn payload_field(e: &Envelope) -> Option<&Field> {
    e.fields.iter().find(|f| f.ty == TypeRef::Payload)
}

/// The response envelope's error slot: the nullable `error` member beside the payload.
pub fn error_field(e: &Envelope) -> Option<&Field> {
    e.fields.iter().find(|f| f.name == "error" && f.nullable && f.ty != TypeRef::Payload)
}

fn envelopes(spec: &Spec) -> String {
    let mut out = String::new();
    out.push_str(&selected("RequestEnvelope", "Method", "M", "RequestPayloads", &spec.request_envelope));
    out.push_str(&selected("EventEnvelope", "EventName", "E", "EventPayloads", &spec.event_envelope));
    out.push_str(&response(&spec.response_envelope));
    for (name, e) in [
        ("RequestEnvelope", &spec.request_envelope),
        ("ResponseEnvelope", &spec.response_envelope),
        ("EventEnvelope", &spec.event_envelope),
    ] {
        let head = doc("", &format!("{} Decoded envelope fields with the payload still undecoded.", e.doc));
        out.push_str(&interface(&head, &format!("Raw{name}"), "", &[], &e.fields));
    }
    out
}

/// An envelope whose `payload_key` member selects the payload type, plus the union of all.
fn selected(name: &str, keys: &str, param: &str, payloads: &str, e: &Envelope) -> String {
    let key = e.payload_key.as_deref();
    let mut out = format!("{}export interface {name}<{param} extends {keys} = {keys}> {{\n", doc("", &e.doc));
    for f in &e.fields {
        let ty = if Some(f.name.as_str()) == key {
            Some(param.to_string())
        } else if f.ty == TypeRef::Payload {
            Some(format!("{payloads}[{param}]"))
        } else {
            None
        };
        out.push_str(&member(f, ty.as_deref()));
    }
    out.push_str(&extensions("Extensions"));
    out.push_str("}\n\n");
    let any = name.replace("Envelope", "");
    out.push_str(&format!(
        "{}export type Any{any} = {{ [{param} in {keys}]: {name}<{param}> }}[{keys}];\n\n",
        doc("", &format!("Any {}, discriminated by its `{}`.", any.to_lowercase(), key.unwrap_or("payload")))
    ));
    out
}

/// The response envelope as success | error: exactly one of payload and error is non-null.
fn response(e: &Envelope) -> String {
    let (Some(payload), Some(error)) = (payload_field(e), error_field(e)) else {
        return interface(&doc("", &e.doc), "ResponseEnvelope<M extends Method = Method>", "", &[], &e.fields);
    };
    let common: Vec<Field> =
        e.fields.iter().filter(|f| f.name != payload.name && f.name != error.name).cloned().collect();
    let mut out = interface(
        &doc("", "Envelope members a success and an error response share."),
        "ResponseEnvelopeBase",
        "",
        &[],
        &common,
    );
    let ok = format!("  {}: ResponsePayloads[M];\n  {}: null;\n", prop(&payload.name), prop(&error.name));
    let err = format!("  {}: null;\n  {}: {};\n", prop(&payload.name), prop(&error.name), type_ref(&error.ty));
    out.push_str(&format!(
        "{}export interface SuccessResponse<M extends Method = Method> extends ResponseEnvelopeBase {{\n{ok}}}\n\n",
        doc("", &payload.doc)
    ));
    out.push_str(&format!(
        "{}export interface ErrorResponse extends ResponseEnvelopeBase {{\n{err}}}\n\n",
        doc("", &error.doc)
    ));
    out.push_str(&format!(
        "{}export type ResponseEnvelope<M extends Method = Method> = SuccessResponse<M> | ErrorResponse;\n\n",
        doc("", &e.doc)
    ));
    out.push_str("/** A response to any operation. */\nexport type AnyResponse = { [M in Method]: ResponseEnvelope<M> }[Method];\n\n");
    out
}
