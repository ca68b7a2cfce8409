//! The reference must mention every item of the spec, and be stable.

use super::reference;
use super::render::anchor;
use crate::ir::Spec;

fn spec() -> Spec {
    crate::load("protocol.toml", include_str!("../../../../protocol.toml")).expect("the repository spec lowers")
}

#[test]
fn starts_with_the_header() {
    let s = spec();
    assert!(reference(&s).starts_with("<!-- Generated from protocol.toml. Do not edit. -->\n"));
}

#[test]
fn documents_every_operation_with_its_errors() {
    let s = spec();
    let page = reference(&s);
    for op in &s.operations {
        assert!(
            page.contains(&format!("<a id=\"{}\"></a>\n### `{}`", anchor("op", &op.method), op.method)),
            "{}",
            op.method
        );
        for code in &op.errors {
            assert!(page.contains(&format!("[`{code}`](#{})", anchor("error", code))), "{code}");
        }
    }
}

#[test]
fn documents_every_event_error_limit_and_constant() {
    let s = spec();
    let page = reference(&s);
    for e in &s.events {
        assert!(page.contains(&format!("### `{}`", e.name)), "{}", e.name);
    }
    for e in &s.errors {
        assert!(page.contains(&format!("`{}` | {} |", e.code, e.message)), "{}", e.code);
    }
    for l in &s.limits {
        assert!(page.contains(&format!("`{}` | {} | {} |", l.name, l.value, l.unit)), "{}", l.name);
    }
    for c in &s.constants {
        assert!(page.contains(&format!("| `{}` | {} |", c.name, c.value)), "{}", c.name);
    }
}

#[test]
fn documents_every_named_type_and_links_resolve() {
    let s = spec();
    let page = reference(&s);
    for t in s.types.iter().filter(|t| !super::is_generated_payload(&s, &t.name)) {
        assert!(page.contains(&format!("<a id=\"{}\"></a>", anchor("type", &t.name))), "{}", t.name);
    }
    for link in page.split("](#").skip(1) {
        let target = link.split(')').next().unwrap_or_default();
        let known =
            page.contains(&format!("id=\"{target}\"")) || page.contains(&format!("## {}", target.replace('-', " ")));
        assert!(known || heading_slug_exists(&page, target), "dangling link #{target}");
    }
}

/// Plain `##` headings are linked by their GitHub slug (lowercase, spaces to dashes).
fn heading_slug_exists(page: &str, target: &str) -> bool {
    page.lines()
        .filter(|l| l.starts_with('#'))
        .any(|l| l.trim_start_matches('#').trim().to_lowercase().replace(' ', "-") == target)
}

#[test]
fn presence_facts_are_rendered() {
    let page = reference(&spec());
    assert!(page.contains("| `requested_capabilities` |"));
    assert!(page.contains("defaulted (`[]`)"));
    assert!(page.contains("required, nullable"));
    assert!(page.contains("| `parent_activity_id` | [`OpaqueId`](#type-opaqueid) | optional |"));
    assert!(page.contains("defaulted (`32`)"));
}

#[test]
fn output_is_stable() {
    let s = spec();
    assert_eq!(reference(&s), reference(&s));
}

#[test]
fn states_every_session_message_deviation_with_its_bound_and_reason() {
    // Issue 20: "every bound tighter than session-protocol-v2.md stated as a deviation with its
    // reason in the generated reference", and the message types never produced.
    let s = spec();
    let page = reference(&s);
    assert!(page.contains("### Deviations from the session protocol document"));
    assert!(!s.messages.deviations.is_empty());
    for d in &s.messages.deviations {
        let b = d.bound.as_ref().map_or_else(|| "—".to_owned(), super::render::bound);
        let row = format!("| {} | {} | {} |", super::render::cell(&d.subject), b, super::render::cell(&d.reason));
        assert!(page.contains(&row), "{row}");
    }
    for bound in
        ["limits.max_string_bytes", "limits.max_id_bytes", "constants.tool_name_max_bytes", "limits.max_record_bytes"]
    {
        assert!(page.contains(&format!("`{bound}`")), "{bound}");
    }
    assert!(page.contains("`photo`, `video`, `file` | — | Never produced"));
    assert!(page.contains("`permission-request`, `permission-response` | — | Produced only for ACP agent providers"));
}

#[test]
fn life_of_a_client_shows_complete_records_from_discovery_to_replay() {
    let s = spec();
    let page = reference(&s);
    let start = page.find("## Life of a client").expect("the chapter");
    let chapter = &page[start..page[start..].find("\n## Launch and handshake").map_or(page.len(), |e| start + e)];
    assert!(chapter.contains("```mermaid\nsequenceDiagram\n"));
    // In order: discovery, handshake, initialize, preflight, create, claim, turn, events, replay.
    let order = [
        "[`Discovery`](#type-discovery)",
        "[`HandshakeRequest`](#type-handshakerequest)",
        "[`HandshakeReply`](#type-handshakereply)",
        "a request record of [`initialize`]",
        "### 6. Preflight",
        "a request record of [`session.create`]",
        "a request record of [`session.claim`]",
        "a request record of [`turn.start`]",
        "an event record, [`turn.started`]",
        "an event record, [`turn.assistant_delta`]",
        "an event record, [`turn.terminal`]",
        "a request record of [`session.replay`]",
        "the response record to [`session.replay`]",
    ];
    let mut at = 0;
    for needle in order {
        let found = chapter[at..].find(needle).unwrap_or_else(|| panic!("`{needle}` missing or out of order"));
        at += found + needle.len();
    }
    // Complete envelopes: every request record names all its envelope fields.
    for f in &s.request_envelope.fields {
        assert!(chapter.contains(&format!("\n  \"{}\": ", f.name)), "{}", f.name);
    }
}

#[test]
fn examples_are_in_field_order() {
    let page = reference(&spec());
    // turn.terminal's payload fields in spec order; alphabetical order would start with
    // `activity_dropped`.
    let terminal = page.find("\"assistant_text\": \"The complete answer.\"").expect("the terminal example");
    let block = &page[page[..terminal].rfind("```json").expect("its block")..];
    let keys =
        ["\"turn_id\"", "\"session_id\"", "\"status\"", "\"assistant_text\"", "\"sequence\"", "\"activity_dropped\""];
    let positions: Vec<usize> = keys.iter().map(|k| block.find(k).expect("key")).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{positions:?}");
    // A union: common field, discriminator, then the variant's own fields.
    let activity = page.find("\"activity_id\": \"act_4f2a\",\n").expect("an activity example");
    assert!(page[activity..].trim_start_matches(|c| c != '\n').trim_start().starts_with("\"kind\": "));
}

#[test]
fn contents_and_index_list_everything() {
    let s = spec();
    let page = reference(&s);
    let contents = &page[page.find("## Contents").expect("contents")..page.find("## Conventions").expect("body")];
    for line in page.lines().filter(|l| l.starts_with("## ") || l.starts_with("### ")) {
        let title = line.trim_start_matches('#').trim().replace('`', "");
        if title != "Contents" {
            assert!(contents.contains(&format!("[{title}](#")), "contents misses {title}");
        }
    }
    let index = &page[page.find("## Index of types").expect("index")..];
    for t in &s.types {
        assert!(index.contains(&format!("| [`{}`](#", t.name)), "index misses {}", t.name);
    }
    assert!(page.contains("## Launch and handshake"));
    for t in ["HandshakeRequest", "HandshakeReply", "Discovery"] {
        let at = page.find(&format!("<a id=\"{}\"></a>", anchor("type", t))).expect("documented");
        assert!(at < page.find("## Envelopes").expect("envelopes"), "{t} is in the handshake chapter");
    }
}
