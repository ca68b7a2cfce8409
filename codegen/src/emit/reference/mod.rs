//! Markdown reference emitter: `docs/protocol.md`, the protocol reference generated from the IR.
//! Every section is a function of the IR alone, so the page can never drift from the spec.

mod index;
mod launch;
mod messages;
mod operations;
mod ordered;
mod profiles;
mod render;
mod tables;
mod types;
mod walkthrough;

use super::{header_lines, Artifact};
use crate::ir::{Envelope, Spec};
use crate::names::pascal;
use render::{anchor_line, field_table};

/// Where the reference is written.
pub const PATH: &str = "docs/protocol.md";

pub fn artifacts(spec: &Spec) -> Vec<Artifact> {
    vec![Artifact { path: PATH.to_string(), contents: reference(spec) }]
}

/// The whole page: a title, the table of contents of everything after it, then chapter by
/// chapter.
pub fn reference(spec: &Spec) -> String {
    let body = [
        conventions(),
        walkthrough::section(spec),
        launch::section(spec),
        envelopes(spec),
        operations::section(spec),
        operations::events_section(spec),
        profiles::section(spec),
        tables::errors(spec),
        tables::limits(spec),
        tables::constants(spec),
        types::capabilities(spec),
        types::section(spec),
        messages::section(spec),
        index::types(spec),
    ]
    .join("\n");
    [header(), overview(spec), index::contents(&body), body].join("\n")
}

/// Markdown has no line comment; an HTML comment keeps the header invisible when rendered.
fn header() -> String {
    let [a, b] = header_lines();
    format!("<!-- {a} -->\n<!-- {b} -->\n")
}

/// Whether a type was generated from inline payload fields (it is documented with its
/// operation or event rather than among the named types).
pub(crate) fn is_generated_payload(spec: &Spec, name: &str) -> bool {
    spec.operations
        .iter()
        .any(|o| o.request == name || (o.response == name && name == format!("{}Response", pascal(&o.method))))
        || spec.events.iter().any(|e| e.payload == name && name == pascal(&e.name))
}

fn overview(spec: &Spec) -> String {
    format!(
        "# {name} protocol reference (wire v{version})\n\n{doc}\n\n\
         This page is generated from `protocol.toml`; the spec language is described in \
         [spec-language.md](spec-language.md) and the normative decoding rules in \
         [decoding.md](decoding.md). New here? Start with [Life of a client](#{life}): every record of one \
         client's session, complete and in order.\n\n\
         | Item | Count |\n|---|---|\n| Operations | {ops} |\n| Events | {events} |\n| Error codes | {errors} |\n\
         | Limits | {limits} |\n| Constants | {constants} |\n| Named types | {types} |\n| Optional profiles | {profiles} |\n\n\
         Operations, events and limits count the ordinary profile's; optional profiles and profile negotiation \
         are counted apart (see [Profiles](#profiles)).\n",
        name = spec.name,
        version = spec.protocol_version,
        doc = spec.doc,
        life = walkthrough::ANCHOR,
        ops = spec.ordinary_operations().count(),
        events = spec.ordinary_events().count(),
        errors = spec.errors.len(),
        limits = spec.ordinary_limits().count(),
        profiles = spec.profiles.len(),
        constants = spec.constants.len(),
        types = spec.types.iter().filter(|t| !is_generated_payload(spec, &t.name)).count(),
    )
}

fn conventions() -> String {
    String::from(
        "## Conventions\n\n\
         Every field carries four separate presence facts:\n\n\
         - **required**: the member must be present;\n\
         - **optional**: the member may be omitted, which means \"not supplied\";\n\
         - **defaulted (`v`)**: the member may be omitted, which means `v`;\n\
         - **nullable**: JSON `null` is a meaningful value. Absent is never the same as `null`: \
         a required nullable member must be present, and `null` is invalid unless the field is nullable.\n\n\
         String bounds count UTF-8 bytes. A bound followed by a `limits.` name is an advertised limit \
         (see [Limits](#limits)); a `constants.` name is a fixed contract bound (see [Constants](#constants)). \
         Integers are nonnegative JSON integers; `uint` ranges over 0..=9007199254740991 (2^53 - 1). \
         Servers reject unknown members of requests; consumers ignore unknown members of responses and \
         events but fully validate known ones, and reject unknown enum values and union discriminators. \
         Examples list members in field order, the order of the field tables.\n",
    )
}

fn envelopes(spec: &Spec) -> String {
    let mut out = String::from(
        "## Envelopes\n\nEvery record is one UTF-8 I-JSON object on one line; no string or member name in it \
         holds a noncharacter (RFC 7493 §2.1), and the service writes each noncharacter of text it relays \
         from a model, a tool or a file as U+FFFD (see [decoding.md](decoding.md)). All envelope fields are \
         required; nullable slots are present as `null`. The `payload` slot holds the method- or \
         event-specific payload documented below.\n\n",
    );
    for (name, env) in
        [("Request", &spec.request_envelope), ("Response", &spec.response_envelope), ("Event", &spec.event_envelope)]
    {
        out.push_str(&envelope(name, env));
    }
    out
}

fn envelope(name: &str, env: &Envelope) -> String {
    format!("{}### {name} envelope\n\n{}\n\n{}\n", anchor_line("envelope", name), env.doc, field_table(&env.fields))
}

#[cfg(test)]
mod tests;
