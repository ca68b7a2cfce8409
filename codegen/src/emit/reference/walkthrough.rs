//! "Life of a client": the spec's walkthrough as a sequence diagram and as complete records,
//! step by step, in field order.

use super::ordered;
use super::render::{anchor, type_link};
use crate::ir::{Party, RecordShape, Spec, Step};
use serde_json::Value;

/// The chapter's anchor, linked from the other chapters.
pub const ANCHOR: &str = "life-of-a-client";

pub fn section(spec: &Spec) -> String {
    if spec.walkthrough.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "<a id=\"{ANCHOR}\"></a>\n## Life of a client\n\nOne client's way from discovery to replay, with every record \
         complete: what the launcher prints, the handshake lines, and each wire v2 record with its whole envelope, \
         members in field order. The generator checks every record against the spec (envelope slot rules of its \
         operation or event included), so each is a valid record. Identities repeat from record to record as a \
         real session would carry them.\n\n{}",
        diagram(spec)
    );
    for (i, step) in spec.walkthrough.iter().enumerate() {
        out.push_str(&step_section(spec, i + 1, step));
    }
    out
}

fn step_anchor(n: usize) -> String {
    format!("step-{n}")
}

/// A Mermaid sequence diagram of the walkthrough (rendered by GitHub, GitLab and most
/// Markdown viewers; plain text elsewhere).
fn diagram(spec: &Spec) -> String {
    let mut out = String::from(
        "<a id=\"life-sequence\"></a>\n### Sequence\n\n```mermaid\nsequenceDiagram\n    participant Client\n    \
         participant Launcher as start-or-connect\n    participant Daemon\n",
    );
    for step in &spec.walkthrough {
        out.push_str(&format!("    {}\n", arrow(step)));
    }
    out.push_str("```\n\n");
    out
}

fn arrow(step: &Step) -> String {
    let Some((shape, record)) = &step.record else {
        return format!("Note over Client: {}", mermaid_text(&step.title));
    };
    let to = match step.from {
        Party::Client => Party::Daemon,
        Party::Launcher | Party::Daemon => Party::Client,
    };
    // Solid arrows for requests and replies, open ones for events (nothing answers them).
    let line = if matches!(shape, RecordShape::Event { .. }) { "-)" } else { "->>" };
    format!("{}{line}{}: {}", step.from.label(), to.label(), mermaid_text(&label(shape, record)))
}

/// What an arrow says: the record's type, method or event, with its request ID or sequence.
fn label(shape: &RecordShape, record: &Value) -> String {
    let request_id = record.get("request_id").and_then(Value::as_str).unwrap_or_default();
    match shape {
        RecordShape::Launch(ty) => ty.clone(),
        RecordShape::Request { method } => format!("request {method} ({request_id})"),
        RecordShape::Response { method } => format!("response to {method} ({request_id})"),
        RecordShape::Event { event } => match record["payload"].get("sequence").and_then(Value::as_u64) {
            Some(seq) => format!("event {event}, sequence {seq}"),
            None => format!("event {event}"),
        },
    }
}

/// Mermaid message text ends at a newline and treats `;` and `#` specially.
fn mermaid_text(text: &str) -> String {
    text.replace(['\n', ';', '#'], " ")
}

fn step_section(spec: &Spec, n: usize, step: &Step) -> String {
    let mut out = format!("{}### {n}. {}\n\n{}\n\n", anchor_line_raw(&step_anchor(n)), step.title, step.doc);
    let Some((shape, record)) = &step.record else {
        out.push_str(&format!("The {} sends nothing in this step.\n\n", step.from.label().to_lowercase()));
        return out;
    };
    out.push_str(&format!("{} → {}: {}.\n\n", step.from.label(), recipient(step.from), what(shape)));
    out.push_str(&ordered::record_block(spec, shape, record));
    out.push('\n');
    out
}

fn anchor_line_raw(id: &str) -> String {
    format!("<a id=\"{id}\"></a>\n")
}

fn recipient(from: Party) -> &'static str {
    match from {
        Party::Client => Party::Daemon.label(),
        Party::Launcher | Party::Daemon => Party::Client.label(),
    }
}

fn what(shape: &RecordShape) -> String {
    match shape {
        RecordShape::Launch(ty) => format!("one line, a {}", type_link(ty)),
        RecordShape::Request { method } => {
            format!("a request record of [`{method}`](#{})", anchor("op", method))
        }
        RecordShape::Response { method } => {
            format!("the response record to [`{method}`](#{})", anchor("op", method))
        }
        RecordShape::Event { event } => format!("an event record, [`{event}`](#{})", anchor("event", event)),
    }
}
