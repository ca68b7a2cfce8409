//! `conformance/vectors/README.md`: the vector format, the ID scheme and the counts.

use super::framing::{Connection, Outcome};
use super::{Expect, Generated, Side, Vector, DIR, FORMAT};
use crate::emit::header_lines;
use crate::ir::Spec;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Vector counts by file and category.
pub struct Counts {
    /// (file order, file, category) → (accept, reject).
    by_category: BTreeMap<(usize, &'static str, String), (usize, usize)>,
}

const FILES: [&str; 3] = ["requests.json", "consumer.json", "framing.json"];

impl Counts {
    pub fn of(g: &Generated) -> Self {
        let mut by_category = BTreeMap::new();
        for (i, vectors) in [&g.requests, &g.consumer].into_iter().enumerate() {
            for v in vectors {
                add(&mut by_category, i, category(&v.id), accepts(v));
            }
        }
        for f in &g.framing {
            // A frame "accepts" when every record is accepted and the connection stays open.
            let clean = f.connection == Connection::Open
                && f.records.iter().all(|r| matches!(r, Outcome::Request(_) | Outcome::Response));
            let category =
                if f.side == Side::Server { "frame (server reader)" } else { "frame.consumer (client reader)" };
            add(&mut by_category, 2, category.to_string(), clean);
        }
        Counts { by_category }
    }

    /// Total vectors of a file.
    pub fn total(&self, file: &str) -> usize {
        self.by_category.iter().filter(|((_, f, _), _)| *f == file).map(|(_, (a, r))| a + r).sum()
    }

    fn table(&self) -> String {
        let mut out = String::from("| File | Category | Accept | Reject |\n| --- | --- | ---: | ---: |\n");
        for ((_, file, category), (accept, reject)) in &self.by_category {
            let _ = writeln!(out, "| `{file}` | {category} | {accept} | {reject} |");
        }
        for file in FILES {
            let _ = writeln!(out, "| `{file}` | **total** | | **{}** |", self.total(file));
        }
        out
    }
}

fn add(map: &mut BTreeMap<(usize, &'static str, String), (usize, usize)>, file: usize, category: String, accept: bool) {
    let entry = map.entry((file, FILES[file], category)).or_default();
    if accept {
        entry.0 += 1;
    } else {
        entry.1 += 1;
    }
}

fn accepts(v: &Vector) -> bool {
    matches!(v.expect, Expect::Accept { .. })
}

/// `req.envelope.…` → `req.envelope`; `req.session.list.payload.…` → `req (per operation)`.
fn category(id: &str) -> String {
    const SECTIONS: [&str; 7] = ["envelope", "json", "limit", "record", "payload", "precedence", "error"];
    let mut parts = id.split('.');
    let first = parts.next().unwrap_or_default();
    match (first, parts.next()) {
        (_, Some(second)) if SECTIONS.contains(&second) => format!("{first}.{second}"),
        ("table", _) => "table (hand-written rows)".to_string(),
        ("msg", _) => "msg (per message variant)".to_string(),
        ("event", _) => "event (per event)".to_string(),
        _ => format!("{first} (per operation)"),
    }
}

pub fn text(spec: &Spec, counts: &Counts) -> String {
    let [generated, regenerate] = header_lines();
    let table = counts.table();
    format!(
        r#"<!-- {generated}
{regenerate} -->
# Conformance vectors

Language-neutral test vectors for every agentwire decoder, generated from `protocol.toml` by
`codegen/src/emit/vectors/`. The expected outcomes follow [`docs/decoding.md`](../../docs/decoding.md):
the request precedence table for the server, the tolerant-but-validating rules for consumers.
Vectors are data: a test harness in any language reads them and checks its decoder.

| File | What |
| --- | --- |
| `requests.json` | Request records for the strict server decoder. |
| `consumer.json` | Response, event and session-message records for consumer decoders. |
| `framing.json` | Byte sequences written to a connection, and the records and connection state that follow. |
| `table.*` groups of `consumer.json` | Written out from hand-written rows (one group per row of the seed's "Received form → Consumer outcome" table) kept in the generator's input `codegen/data/consumer_table.json`; edit that file, then regenerate. |

{table}
## File format (format {FORMAT})

Each JSON file is an object: `generated` (`regenerate`), `format`, `doc`,
`protocol_version`, `count` and `vectors`, one vector per line. A vector has:

- `id`: stable, derived from what the vector tests (see below); unique across the three files.
- `applies_to`: `server` (the daemon decodes it) or `consumer` (a client decodes it).
- `context` (consumer vectors): what the client knows when the record arrives:
  `instance_id` and `connection_id` from `initialize` (`null` before it), and for a response the
  pending `request` it answers (`method`, `request_id`, `session_id`, `operation_id`).
- `input`: the exact record text, without its newline; or `input_base64` for records that are not
  UTF-8 or that hold a raw noncharacter (so this file stays I-JSON); or `steps`, a conversation of `{{"send": record}}` and `{{"receive": record}}` in order.
- `expect`:
  - `{{"outcome":"accept"}}`. Server vectors may add `payload`: the payload as decoded, with defaults
    filled in for absent defaulted members (only when that differs from the input). Response vectors
    add `result`: `success` or `error` (an error response, even with an unknown code, is never a
    success).
  - server rejection: `{{"outcome":"reject","code":…,"message":…}}`: the error response's code and
    fixed message; `echo` gives the response's `request_id`, `session_id` and `operation_id` (each
    the record's value when present and valid, else `null`) whenever the record decoded to a JSON
    object within the structural limits. For records failing checks 1–3 the echo is not specified.
  - consumer rejection: `{{"outcome":"reject","reason":…}}`, and `at` (the index of the first
    rejected step) for conversations. The reason is the rule's category; a conforming consumer must
    reject, and may report its own category.
- `rule`: the words of the seed, the lifecycle contract or `docs/decoding.md` that the vector checks.

### Server vectors

`accept` means the record passes checks 1–9 of the precedence table and decodes into a request.
The connection-level checks that follow (`not_initialized`, `instance_mismatch`,
`duplicate_request_id`) and the operation's own errors are out of scope: a daemon-level harness
initializes first and substitutes the `instance_id`/`connection_id` it was given for the
placeholders `in_0123456789abcdef`/`cn_0123456789abcdef` (byte-exact size vectors are decoder-level).
Most vectors carry a single fault; the `req.precedence.*` vectors carry two and expect the earlier
check. Expected codes are computed by applying the precedence table to the record: a mutation
meant to fail the payload schema but crossing a structural limit expects `limit_exceeded`.

### Consumer vectors

A consumer checks the record bytes (an outbound record counts its newline), the JSON profile and
the structural limits first, anywhere in the record; then the record `kind`; the envelope schema
(unknown members ignored, known members fully validated); `protocol_version`; for events, the
event name and the event's declared correlation (each slot set or `null`); for responses, that
exactly one of `payload`/`error` is non-null and that the identities equal the context (an error
response may carry `null` instead); then the payload against the method's or event's type;
finally, for `initialize` and `capabilities` results, the seed's preflight (every advertised
event is known, wire `{version}` is selected and advertised, the spec's transports are advertised,
and initialize's two limit maps agree on every declared limit). Reasons: `record_too_large`,
`invalid_json`, `limit`, `unknown_kind`, `envelope`, `unsupported_version`, `unknown_event`,
`result_shape`, `correlation`, `payload`, `advertisement`, and in hand-written conversations
`sequence` (per-turn ordering). Session messages (`msg.*`) are bare transcript lines checked
against the message union.

### Framing vectors

`actions` are applied in order: `{{"write": text}}` or `{{"write_base64": bytes}}` (one write call
each; splits may fall inside a UTF-8 character), `{{"idle_ms": n}}` (send nothing for that long,
keeping the connection open) and `{{"eof": true}}` (close the writing half). `expect.records`
lists, in order, the outcome of each record the reader must delimit (server accepts name the
response's `request_id`); after the actions the harness reads until it has them all, then checks
`expect.connection`: `open`, `closed` (the server closes it) or `failed` (the consumer stops
trusting the stream). Server frames use `{status}` requests, so a daemon-level harness
initializes the connection first.

## IDs

`<area>.<subject>.<path>.<kind>`, all derived from the spec:

- areas: `req` (server), `resp`, `event`, `msg` (consumer), `frame`, `table` (hand-written row `rN`);
- subject: the method or event name, or a section (`envelope`, `json`, `limit`, `record`,
  `payload`, `precedence`, `error`);
- path: `payload`, then field names; `item` for an array's first item; variant names for unions;
  keys for maps;
- kind: `example`, `minimal`, `valid`, `missing`, `absent`, `null`, `set`, `unknown_member`,
  `wrong_type.<json kind>`, `min`, `below_min`, `max`, `above_max`, `above_max.multibyte`,
  `items.min|below_min|max|above_max`, `charset`, `charset.non_ascii`, `blank`, `format`, `const`,
  `enum.unknown`, `enum.fallback`, `value.<v>`, `<discriminator>.unknown|missing|mismatch`,
  `at_least_one_of.none`, `extension`, `at_max`, `above_max`.

For example `req.session.list.payload.limit.above_max` is a `session.list` request whose `limit`
is one past its maximum. To keep the suite a few thousand vectors, nested named types are
mutated in depth at their first occurrence per direction (later occurrences get field-level cases
only), every value of an enum is accepted once per direction, and strings of a named type longer
than 1 KiB are bound-checked at its first occurrence per direction.

Regenerate with `{REGENERATE}`; `cargo test -p agentwire-codegen` fails when the files in
`{DIR}/` are stale.
"#,
        status = super::framing::base_method(spec).unwrap_or("read"),
        REGENERATE = super::REGENERATE,
        version = spec.protocol_version,
    )
}
