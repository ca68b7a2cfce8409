//! Operation and event sections: requirements, payload tables, errors, correlation, examples.

use super::is_generated_payload;
use super::ordered;
use super::render::{anchor, anchor_line, cell, field_table, type_link};
use crate::ir::{Correlation, Event, Operation, SlotRule, Spec, TypeKind};

pub fn section(spec: &Spec) -> String {
    let mut out =
        String::from("## Operations\n\n| Method | Domain | Kind | Profile | Description |\n|---|---|---|---|---|\n");
    for op in &spec.operations {
        let kind = if op.mutation { "mutation" } else { "read" };
        out.push_str(&format!(
            "| [`{m}`](#{a}) | {d} | {kind} | {p} | {doc} |\n",
            m = op.method,
            a = anchor("op", &op.method),
            d = op.domain,
            p = super::profiles::membership_cell(&op.profile),
            doc = cell(&op.doc)
        ));
    }
    out.push('\n');
    for op in &spec.operations {
        out.push_str(&operation(spec, op));
    }
    out
}

fn operation(spec: &Spec, op: &Operation) -> String {
    let mut out = format!("{}### `{}`\n\n{}\n\n", anchor_line("op", &op.method), op.method, op.doc);
    out.push_str(&super::profiles::membership_line(spec, &op.profile));
    out.push_str(&requirements(op));
    out.push_str(&payload(spec, "Request payload", &op.request, true));
    out.push_str(&payload(spec, "Success payload", &op.response, false));
    out.push_str(&errors(spec, op));
    if !op.events.is_empty() {
        let links: Vec<String> = op.events.iter().map(|e| format!("[`{e}`](#{})", anchor("event", e))).collect();
        out.push_str(&format!("**Events** its accepted work may send: {}.\n\n", links.join(", ")));
    }
    for (i, ex) in op.examples.iter().enumerate() {
        out.push_str(&format!(
            "**Example {}** request payload:\n\n{}\nsuccess payload:\n\n{}\n",
            i + 1,
            ordered::block(spec, &op.request, &ex.request),
            ordered::block(spec, &op.response, &ex.response)
        ));
    }
    out
}

fn slot(rule: SlotRule) -> &'static str {
    match rule {
        SlotRule::Null => "must be `null`",
        SlotRule::Required => "required (non-null)",
    }
}

fn requirements(op: &Operation) -> String {
    let init = if op.requires_initialization {
        "required before this operation"
    } else {
        "not required (this operation initializes)"
    };
    let operation_id = if op.mutation { "required (mutation: names the intent)" } else { "must be `null` (read)" };
    format!(
        "| Requirement | Rule |\n|---|---|\n| Domain | {} |\n| Initialization | {init} |\n| Envelope `session_id` | {} |\n\
         | Envelope `operation_id` | {operation_id} |\n| Envelope `control` | {} |\n\n",
        op.domain,
        slot(op.session_id),
        slot(op.control)
    )
}

/// A payload's table: generated payloads inline, named ones by link plus their fields.
fn payload(spec: &Spec, title: &str, name: &str, request: bool) -> String {
    let strictness = if request { "unknown members are rejected" } else { "consumers ignore unknown members" };
    let Some(def) = spec.ty(name) else {
        return format!("**{title}**: `{name}` (undeclared).\n\n");
    };
    let TypeKind::Object(obj) = &def.kind else {
        return format!("**{title}**: {} ({strictness}).\n\n", type_link(name));
    };
    let label = if is_generated_payload(spec, name) { format!("`{name}`") } else { type_link(name) };
    if obj.fields.is_empty() {
        return format!("**{title}** ({label}): the empty object `{{}}` ({strictness}).\n\n");
    }
    let mut out = format!("**{title}** ({label}; {strictness}):\n\n{}\n", field_table(&obj.fields));
    if !obj.at_least_one_of.is_empty() {
        let names: Vec<String> = obj.at_least_one_of.iter().map(|f| format!("`{f}`")).collect();
        out.push_str(&format!("At least one of {} must be present.\n\n", names.join(", ")));
    }
    out
}

fn errors(spec: &Spec, op: &Operation) -> String {
    let mut out = String::from("**Errors**");
    if op.errors.is_empty() {
        out.push_str(": no operation-specific codes.");
    } else {
        out.push_str(":\n\n| Code | Message |\n|---|---|\n");
        for code in &op.errors {
            let message = spec.error(code).map_or("", |e| e.message.as_str());
            out.push_str(&format!("| [`{code}`](#{}) | {} |\n", anchor("error", code), cell(message)));
        }
    }
    out.push_str("\nplus the [shared request errors](#shared-request-errors).\n\n");
    out
}

pub fn events_section(spec: &Spec) -> String {
    let mut out = String::from(
        "## Events\n\nSequenced events carry the per-turn `sequence`: it starts at 0, strictly increases, may \
         skip values, and nothing of the turn follows its terminal. Correlation says which event-envelope \
         identities are set (non-null) or `null`.\n\n| Event | Sequenced | Terminal | Profile | Description |\n|---|---|---|---|---|\n",
    );
    for e in &spec.events {
        out.push_str(&format!(
            "| [`{n}`](#{a}) | {s} | {t} | {p} | {d} |\n",
            n = e.name,
            a = anchor("event", &e.name),
            s = yes_no(e.sequenced),
            t = yes_no(e.terminal),
            p = super::profiles::membership_cell(&e.profile),
            d = cell(&e.doc)
        ));
    }
    out.push('\n');
    for e in &spec.events {
        out.push_str(&event(spec, e));
    }
    out
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn event(spec: &Spec, e: &Event) -> String {
    let mut out = format!("{}### `{}`\n\n{}\n\n", anchor_line("event", &e.name), e.name, e.doc);
    out.push_str(&super::profiles::membership_line(spec, &e.profile));
    let senders: Vec<String> = spec
        .operations
        .iter()
        .filter(|o| o.events.contains(&e.name))
        .map(|o| format!("[`{m}`](#{})", anchor("op", &o.method), m = o.method))
        .collect();
    if !senders.is_empty() {
        out.push_str(&format!("Sent by the accepted work of {}.\n\n", senders.join(", ")));
    }
    out.push_str(&format!("Sequenced: {}. Terminal: {}.\n\n", yes_no(e.sequenced), yes_no(e.terminal)));
    out.push_str(&correlation(e));
    out.push_str(&payload(spec, "Payload", &e.payload, false));
    for (i, ex) in e.examples.iter().enumerate() {
        out.push_str(&format!("**Example {}** payload:\n\n{}\n", i + 1, ordered::block(spec, &e.payload, ex)));
    }
    out
}

fn correlation(e: &Event) -> String {
    let c = &e.correlation;
    let show = |x: Correlation| match x {
        Correlation::Set => "set",
        Correlation::Null => "`null`",
    };
    format!(
        "| Envelope slot | Correlation |\n|---|---|\n| `session_id` | {} |\n| `operation_id` | {} |\n| `grant_generation` | {} |\n| `live_sequence` | {} |\n\n",
        show(c.session_id),
        show(c.operation_id),
        show(c.grant_generation),
        show(c.live_sequence)
    )
}
