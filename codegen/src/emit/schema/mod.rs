//! JSON Schema emitter: `generated/schema/agentwire.schema.json` (2020-12) with a definition
//! of every named type, envelope and payload in a strict and a consumer flavour, per-method and
//! per-event record schemas, and the entry points; plus `examples.json`, every spec example
//! tagged with the schema it must satisfy, for the validator tests in `generated/schema/test`
//! (Ajv and Python `jsonschema`). Every choice — a record's `kind`, a request's `method`, an
//! event's name, a union's discriminators, a response's outcome — is `if`/`then` on the member
//! that decides it, so generic validators report the record's real violation.

pub mod examples;
mod records;
pub mod types;

use super::{header_lines, Artifact};
use crate::ir::Spec;
use serde_json::{json, Map, Value};
use types::{named, Mode};

pub const PATH: &str = "generated/schema/agentwire.schema.json";
/// The schema's `$id`; example refs are fragments resolved against it.
pub const ID: &str = "urn:agentwire:schema:wire-v2";
/// Names of the envelope definitions inside the strict and consumer groups.
pub const ENVELOPES: [&str; 3] = ["RequestEnvelope", "ResponseEnvelope", "EventEnvelope"];

pub fn artifacts(spec: &Spec) -> Vec<Artifact> {
    vec![
        Artifact { path: PATH.to_string(), contents: pretty(&schema(spec)) },
        Artifact { path: examples::PATH.to_string(), contents: pretty(&examples::document(spec)) },
    ]
}

/// Pretty JSON with a final newline (object keys sorted, so output is stable).
pub fn pretty(v: &Value) -> String {
    super::json_text(v, true) + "\n"
}

/// The header and the honest limits of what JSON Schema can say about this protocol.
fn comment() -> Value {
    let [a, b] = header_lines();
    let notes = [
        a,
        b,
        "Groups: strict/ rejects unknown members (what a server accepts); consumer/ ignores unknown members but bounds them; requests/, responses/ and events/ specialize the envelopes per method and event; records/ holds the entry points.".to_string(),
        "Byte bounds: strings with an ASCII charset have minLength/maxLength equal to their UTF-8 byte bounds (exact). Other strings are bounded by code points: maxLength = max bytes is only a necessary condition, minLength = ceil(min bytes / 4); the exact UTF-8 byte count is checked by decoders.".to_string(),
        "Not expressible here, checked by decoders (docs/decoding.md): the record size, nesting depth, duplicate member names, UTF-8 validity, integers written with a fraction or exponent (JSON Schema treats 1.0 as an integer), the payload size, per-turn sequencing and request/response correlation.".to_string(),
    ];
    json!(notes.join(" "))
}

/// The bounded free-form JSON value and object that `json`/`json_object` fields and unknown
/// consumer members must satisfy (depth is not expressible).
fn free_form(spec: &Spec) -> (Value, Value) {
    let mut any = json!({
        "description": "Any JSON value within the record's structural limits (depth excepted).",
        "type": ["null", "boolean", "number", "string", "array", "object"],
        "items": { "$ref": "#/$defs/json" },
        "additionalProperties": { "$ref": "#/$defs/json" },
    });
    if let Some(l) = spec.limit("max_string_bytes") {
        any["maxLength"] = json!(l.value);
    }
    if let Some(l) = spec.limit("max_array_items") {
        any["maxItems"] = json!(l.value);
    }
    types::structural_object_limits(spec, &mut any);
    let mut object = json!({ "description": "A JSON object within the record's structural limits.", "type": "object", "additionalProperties": { "$ref": "#/$defs/json" } });
    types::structural_object_limits(spec, &mut object);
    (any, object)
}

/// Every named type and envelope in one mode.
fn group(spec: &Spec, mode: Mode) -> Value {
    let mut defs = Map::new();
    for def in &spec.types {
        defs.insert(def.name.clone(), named(spec, def, mode));
    }
    let envelopes = [&spec.request_envelope, &spec.response_envelope, &spec.event_envelope];
    for (name, env) in ENVELOPES.iter().zip(envelopes) {
        let mut s = records::envelope(spec, env, mode);
        s["description"] = json!(env.doc);
        defs.insert((*name).to_string(), s);
    }
    let about = match mode {
        Mode::Strict => "Strict definitions: unknown members are rejected, as a server decodes requests.",
        Mode::Consumer => "Consumer definitions: unknown members are ignored but must stay within the structural limits; known members are fully validated.",
    };
    json!({ "$comment": about, "$defs": defs })
}

/// Marks a record schema with the profile its item belongs to (`x-profile`, an annotation
/// validators ignore), when that is not the ordinary profile.
fn tagged(mut schema: Value, profile: &crate::ir::Membership) -> Value {
    if !profile.is_ordinary() {
        schema["x-profile"] = json!(profile.label());
    }
    schema
}

fn requests(spec: &Spec) -> Value {
    let defs: Map<String, Value> =
        spec.operations.iter().map(|o| (o.method.clone(), tagged(records::request(spec, o), &o.profile))).collect();
    json!({ "$comment": "One strict request record per method.", "$defs": defs })
}

fn responses(spec: &Spec) -> Value {
    let mut defs: Map<String, Value> =
        spec.operations.iter().map(|o| (o.method.clone(), tagged(records::response(spec, o), &o.profile))).collect();
    defs.insert("any".into(), records::any_response(spec));
    json!({ "$comment": "One consumer response record per method (the method comes from the pending request), and any.", "$defs": defs })
}

fn events(spec: &Spec) -> Value {
    let defs: Map<String, Value> =
        spec.events.iter().map(|e| (e.name.clone(), tagged(records::event(spec, e), &e.profile))).collect();
    json!({ "$comment": "One consumer event record per event name, with its correlation rules.", "$defs": defs })
}

pub fn schema(spec: &Spec) -> Value {
    let (any, object) = free_form(spec);
    let defs = json!({
        "json": any,
        "jsonObject": object,
        "strict": group(spec, Mode::Strict),
        "consumer": group(spec, Mode::Consumer),
        "requests": requests(spec),
        "responses": responses(spec),
        "events": events(spec),
        "records": { "$comment": "Entry points, one per record family.", "$defs": records::entries(spec) },
    });
    // Any record, chosen by its `kind`: the one entry point it names checks it.
    let mut root = records::dispatch(&spec.doc, "kind", records::kinds(spec, &["request", "response", "event"]));
    root["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    root["$id"] = json!(ID);
    root["$comment"] = comment();
    root["title"] = json!(format!("{} wire v{}", spec.name, spec.protocol_version));
    root["$defs"] = defs;
    root
}

#[cfg(test)]
mod tests;
