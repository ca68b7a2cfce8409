//! The flat tables: error codes (with the shared request errors), limits
//! split by group, and constants.

use super::render::{anchor, cell};
use crate::ir::{Limit, LimitGroup, Spec};

pub fn errors(spec: &Spec) -> String {
    let mut out = String::from(
        "## Error codes\n\nMessages are fixed and never carry request data. An unfamiliar code with a valid \
         error shape is a generic failure, never a success.\n\n| Code | Fixed message | Source | Profile | Description |\n|---|---|---|---|---|\n",
    );
    for e in &spec.errors {
        out.push_str(&format!(
            "| <a id=\"{a}\"></a>`{c}` | {m} | {s} | {p} | {d} |\n",
            a = anchor("error", &e.code),
            c = e.code,
            m = cell(&e.message),
            s = e.source,
            p = super::profiles::membership_cell(&e.profile),
            d = cell(&e.doc)
        ));
    }
    out.push_str("\n### Shared request errors\n\nAny request can receive these before or around its operation, in the order the decoder checks them:\n\n");
    for (i, code) in spec.request_errors.iter().enumerate() {
        out.push_str(&format!("{}. [`{code}`](#{})\n", i + 1, anchor("error", code)));
    }
    out.push_str(
        "\nThe full precedence of request decoding is in [decoding.md](decoding.md). The errors of the Unix \
         launch, before wire v2, are listed under [Launch errors](#launch-errors).\n\n",
    );
    out
}

pub fn limits(spec: &Spec) -> String {
    let mut out = String::from(
        "## Limits\n\nEvery limit is advertised in initialization's two limit maps and in `capabilities`; \
         every declared limit is a required key. \"Exceeded\" names the error a request gets for crossing it \
         structurally; other crossings use the decoding context's error. \"Bounds output\" marks the limits that \
         bound what the service sends: before any mutation a client refuses an advertised value above its own \
         local bound. A profile's own limits are listed with [its profile](#profiles).\n\n",
    );
    for (group, title) in [(LimitGroup::General, "General limits"), (LimitGroup::Persistent, "Persistent limits")] {
        out.push_str(&format!("### {title}\n\n"));
        out.push_str(&limit_table(spec.ordinary_limits().filter(|l| l.group == group)));
        out.push('\n');
    }
    out
}

/// One table of limits, the same columns for the ordinary profile's and an optional profile's.
pub fn limit_table<'a>(limits: impl Iterator<Item = &'a Limit>) -> String {
    let mut out = String::from(
        "| Limit | Value | Unit | Applies to | Exceeded | Bounds output | Description |\n|---|---:|---|---|---|---|---|\n",
    );
    for l in limits {
        let exceeded =
            l.exceeded.as_ref().map_or_else(|| "—".to_string(), |c| format!("[`{c}`](#{})", anchor("error", c)));
        let output = if l.bounds_output { "yes" } else { "—" };
        out.push_str(&format!(
            "| <a id=\"{a}\"></a>`{n}` | {v} | {u} | {ap} | {exceeded} | {output} | {d} |\n",
            a = anchor("limit", &l.name),
            n = l.name,
            v = l.value,
            u = l.unit,
            ap = cell(&l.applies_to),
            d = cell(&l.doc)
        ));
    }
    out
}

pub fn constants(spec: &Spec) -> String {
    let mut out = String::from("## Constants\n\nFixed contract bounds; not advertised.\n\n| Constant | Value | Unit | Description |\n|---|---:|---|---|\n");
    for c in &spec.constants {
        out.push_str(&format!("| `{}` | {} | {} | {} |\n", c.name, c.value, c.unit, cell(&c.doc)));
    }
    out
}
