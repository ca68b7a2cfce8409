//! Swift emitter: `generated/swift/Sources/AgentWire/Generated/Protocol.swift`, the Codable types of
//! every envelope, payload, event, capability object, enum, union and session message with
//! strict consumer decoding, plus error codes, limits, operation descriptors and the event enum.
//! The package's runtime (JSON profile scanner, checks, decoder entry) and client are
//! hand-written next to it and rely only on the names emitted here.

mod catalog;
mod examples;
mod fields;
mod names;
mod objects;
mod scalars;
mod unions;

use super::{comment_header, Artifact};
use crate::ir::{Envelope, Spec, TypeDef, TypeKind};
use fields::field_type;
use names::{ident, type_name};
use objects::{emit_map, emit_struct, StructDef};

pub const PATH: &str = "generated/swift/Sources/AgentWire/Generated/Protocol.swift";

pub fn artifacts(spec: &Spec) -> Vec<Artifact> {
    vec![
        Artifact { path: PATH.to_string(), contents: super::wrap_comments(&generated(spec)) },
        Artifact { path: examples::PATH.to_string(), contents: super::wrap_comments(&examples::generated(spec)) },
    ]
}

fn mark(title: &str) -> String {
    format!("// MARK: - {title}\n\n")
}

pub fn generated(spec: &Spec) -> String {
    let mut parts = vec![
        format!("{}\nimport Foundation\n", comment_header("//")),
        mark("Protocol"),
        catalog::protocol_info(spec),
        catalog::package_version(),
        catalog::limits(spec),
        catalog::constants(spec),
        catalog::error_codes(spec),
        mark("Types"),
    ];
    parts.extend(spec.types.iter().map(|t| named(spec, t)));
    parts.push(mark("Envelopes"));
    parts.push(envelopes(spec));
    parts.push(mark("Operations and events"));
    parts.push(catalog::operations(spec));
    parts.push(catalog::server_event(spec));
    parts.push(catalog::transcript(spec));
    parts.join("\n")
}

fn named(spec: &Spec, def: &TypeDef) -> String {
    match &def.kind {
        TypeKind::String(r) => scalars::emit_string(&def.name, &def.doc, r),
        TypeKind::Enum(e) => scalars::emit_enum(&def.name, &def.doc, e),
        TypeKind::Object(o) => emit_struct(
            spec,
            &StructDef {
                name: type_name(&def.name),
                doc: &def.doc,
                fields: &o.fields,
                tags: Vec::new(),
                at_least_one_of: &o.at_least_one_of,
                generic: false,
                extra_checks: Vec::new(),
                shared_keys: None,
            },
        ),
        TypeKind::Map(m) => emit_map(&type_name(&def.name), &def.doc, m),
        TypeKind::Union(u) => unions::emit_union(spec, &def.name, &def.doc, u),
    }
}

/// The keys of the event envelope, outside the generic type so that `ServerEvent` can open one
/// container, read the event name and hand the container to `EventEnvelope<Payload>`.
pub const EVENT_KEYS: &str = "EventEnvelopeKeys";

fn envelope(spec: &Spec, name: &str, env: &Envelope, extra_checks: Vec<String>, shared_keys: Option<&str>) -> String {
    let def = StructDef {
        name: name.to_string(),
        doc: &env.doc,
        fields: &env.fields,
        tags: Vec::new(),
        at_least_one_of: &[],
        generic: true,
        extra_checks,
        shared_keys: shared_keys.map(str::to_string),
    };
    let mut out = String::new();
    if let Some(keys) = shared_keys {
        out.push_str(&format!("/// Member names of `{name}`, shared with the event enum's decoder.\n"));
        out.push_str(&objects::keys_enum("", keys, &objects::wire_names(&def), ""));
        out.push('\n');
    }
    out.push_str(&emit_struct(spec, &def));
    out
}

/// The response envelope's one cross-field rule: exactly one of payload and error is non-null.
fn exactly_one(env: &Envelope) -> Vec<String> {
    let nullable = |n: &str| env.fields.iter().any(|f| f.name == n && f.nullable);
    if nullable("payload") && nullable("error") {
        vec![
            "guard (payload == nil) != (error == nil) else {".into(),
            "    throw ProtocolViolation(.resultShape, \"exactly one of payload and error must be non-null\", at: decoder.path)".into(),
            "}".into(),
        ]
    } else {
        Vec::new()
    }
}

fn envelopes(spec: &Spec) -> String {
    [
        envelope(spec, "RequestEnvelope", &spec.request_envelope, Vec::new(), None),
        envelope(spec, "ResponseEnvelope", &spec.response_envelope, exactly_one(&spec.response_envelope), None),
        envelope(spec, "EventEnvelope", &spec.event_envelope, Vec::new(), Some(EVENT_KEYS)),
        event_correlation(&spec.event_envelope),
    ]
    .join("\n")
}

/// The identities every event carries, and the check of an event's correlation rules.
fn event_correlation(env: &Envelope) -> String {
    const SLOTS: [&str; 6] =
        ["instance_id", "connection_id", "session_id", "operation_id", "grant_generation", "live_sequence"];
    let fields: Vec<_> = SLOTS.iter().filter_map(|s| env.fields.iter().find(|f| f.name == *s)).collect();
    let props: String =
        fields.iter().map(|f| format!("    public let {}: {}\n", ident(&f.name), field_type(f))).collect();
    let args: Vec<String> = fields.iter().map(|f| format!("{0}: {0}", ident(&f.name))).collect();
    let checked: Vec<&str> =
        SLOTS[2..].iter().copied().filter(|s| fields.iter().any(|f| f.name == *s && f.nullable)).collect();
    let params: Vec<String> = checked.iter().map(|s| format!("{}: Bool", ident(s))).collect();
    let checks: String = checked
        .iter()
        .map(|s| format!("        try Check.correlation(self.{0}, set: {0}, at: path() + \".{s}\")\n", ident(s)))
        .collect();
    format!(
        "/// Envelope identities of an event.\npublic struct EventCorrelation: Hashable, Sendable {{\n{props}}}\n\n\
         extension EventEnvelope {{\n\
         \x20   /// The identities this event carries.\n\
         \x20   public var correlation: EventCorrelation {{\n        EventCorrelation({})\n    }}\n\n\
         \x20   /// Each slot must be set (non-null) or null as the event's declaration says.\n\
         \x20   func checkCorrelation({}, at path: @autoclosure () -> String) throws {{\n{checks}    }}\n}}\n",
        args.join(", "),
        params.join(", "),
    )
}

#[cfg(test)]
mod tests;
