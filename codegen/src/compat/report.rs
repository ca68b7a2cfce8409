//! Rendering a comparison: a human summary grouped by category, or one JSON object for tools.

use super::rules::Category;
use super::{Outcome, Report, Scope};
use serde_json::{json, Value};
use std::fmt::Write;

/// Why no finding is ever waived by negotiation: the seed permits it, the spec cannot say it.
pub const NEGOTIATION_NOTE: &str = "The seed lets \"an explicit, bounded capability negotiation\" isolate a changed \
behavior instead of a protocol_version bump: an optional profile declared in the spec is one, so what it owns is judged \
as the profile (PROFILE_*: a change needs a version step of the profile, not of the wire), and every other breaking \
wire change requires a bump. Findings outside wire v2 (unreferenced types such as the Unix launch and handshake \
objects, and launch errors) are governed by the exact package match, not protocol_version.";

const ORDER: [Category; 3] = [Category::Breaking, Category::NeedsPreflight, Category::Compatible];

/// The human summary.
pub fn text(outcome: &Outcome) -> String {
    let report = match outcome {
        Outcome::NoBaseline(why) => return format!("no baseline: {why}\nnothing to compare; ok\n"),
        Outcome::Compared(r) => r,
    };
    let mut out = String::new();
    if report.findings.is_empty() {
        out.push_str("no findings: the specs are wire-equivalent\n");
    }
    for category in ORDER {
        let group: Vec<_> = report.findings.iter().filter(|f| f.category == category).collect();
        if group.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{category} ({}):", group.len());
        for f in group {
            let tag = if f.scope == Scope::Unreferenced { " [outside wire v2]" } else { "" };
            let _ = writeln!(out, "  {} {}{tag}\n      {}", f.rule, f.path, f.reason);
        }
    }
    let _ = writeln!(out, "\n{}", verdict(report));
    let _ = writeln!(out, "note: {NEGOTIATION_NOTE}");
    out
}

/// One line saying whether the change may ship and why.
fn verdict(report: &Report) -> String {
    let (old, new) = (report.old_version, report.new_version);
    match (report.ok(), report.version_bump_required(), report.version_bumped()) {
        _ if new < old => format!("FAIL: protocol_version went down ({old} \u{2192} {new})"),
        (false, _, _) => format!(
            "FAIL: breaking wire changes require a protocol_version bump (still {new}); \"A change to required \
             semantics needs a new protocol version\""
        ),
        (true, true, true) => {
            format!("ok: breaking wire changes come with a protocol_version bump ({old} \u{2192} {new})")
        }
        (true, false, true) => {
            format!("ok: protocol_version bumped ({old} \u{2192} {new}) without a breaking wire change")
        }
        (true, _, false) => format!("ok: no breaking wire change; protocol_version stays {new}"),
    }
}

/// The machine-readable report.
pub fn json(outcome: &Outcome) -> Value {
    let report = match outcome {
        Outcome::NoBaseline(why) => {
            return json!({
                "findings": [],
                "version_bump_required": false,
                "version_bumped": false,
                "ok": true,
                "baseline": false,
                "note": format!("no baseline: {why}"),
            })
        }
        Outcome::Compared(r) => r,
    };
    let findings: Vec<Value> = ORDER
        .iter()
        .flat_map(|c| report.findings.iter().filter(move |f| f.category == *c))
        .map(|f| {
            json!({
                "rule": f.rule.id(),
                "category": f.category.as_str(),
                "path": f.path,
                "reason": f.reason,
                "scope": f.scope.as_str(),
            })
        })
        .collect();
    json!({
        "findings": findings,
        "version_bump_required": report.version_bump_required(),
        "version_bumped": report.version_bumped(),
        "ok": report.ok(),
        "baseline": true,
        "old_protocol_version": report.old_version,
        "new_protocol_version": report.new_version,
        "note": NEGOTIATION_NOTE,
    })
}
