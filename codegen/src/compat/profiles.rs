//! Optional profiles, judged as wholes. A connection gets a profile's items only after it
//! negotiated that profile's version, and a client learns what is offered from `profiles`
//! before any turn, so:
//!
//! - a new profile is compatible (`PROFILE_ADDED`);
//! - a removed one, or a version step, needs preflight: the client is told before any work
//!   (`PROFILE_REMOVED`, `PROFILE_VERSION_STEPPED`);
//! - a change to what a profile owns (its operations, events, errors, limits, negotiation text)
//!   without a version step breaks the clients that negotiated it (`PROFILE_CHANGED`), as does
//!   moving an item between profiles (`PROFILE_MEMBERSHIP_CHANGED`).
//!
//! The ordinary sections of the checker see the ordinary profile only ([`ordinary_view`]).
//! Named types belong to no profile: they are judged by the type rules like every type, in the
//! directions the complete specs read them.

use super::diff::finding;
use super::path::join;
use super::reach::Reach;
use super::rules::Rule;
use super::Finding;
use crate::ir::{Membership, Profile, Spec};

/// The spec without any optional profile's operations, events, errors and limits.
pub(super) fn ordinary_view(spec: &Spec) -> Spec {
    let mut view = spec.clone();
    let keep = |m: &Membership| m.profile().is_none();
    view.operations.retain(|o| keep(&o.profile));
    view.events.retain(|e| keep(&e.profile));
    view.errors.retain(|e| keep(&e.profile));
    view.limits.retain(|l| keep(&l.profile));
    view.profiles.clear();
    view
}

pub(super) fn findings(old: &Spec, new: &Spec) -> Vec<Finding> {
    let mut out = Vec::new();
    for p in &new.profiles {
        let path = join("profiles", &p.name);
        match old.profile(&p.name) {
            None => {
                let detail = format!("profile `{}` v{} added", p.name, p.version);
                out.push(finding(Rule::PROFILE_ADDED, Reach::BOTH, path, detail));
            }
            Some(o) if p.version > o.version => {
                let detail = format!("profile `{}` v{} \u{2192} v{}", p.name, o.version, p.version);
                out.push(finding(Rule::PROFILE_VERSION_STEPPED, Reach::BOTH, format!("{path}.version"), detail));
            }
            Some(o) if p.version < o.version || fingerprint(old, o) != fingerprint(new, p) => {
                let detail = format!("profile `{}` changed and kept v{} (its version must step)", p.name, p.version);
                out.push(finding(Rule::PROFILE_CHANGED, Reach::BOTH, path, detail));
            }
            Some(_) => {}
        }
    }
    for o in old.profiles.iter().filter(|o| new.profile(&o.name).is_none()) {
        let detail = format!("profile `{}` v{} removed", o.name, o.version);
        out.push(finding(Rule::PROFILE_REMOVED, Reach::BOTH, join("profiles", &o.name), detail));
    }
    out.extend(moved(old, new));
    out
}

/// Items kept by both specs under another membership.
fn moved(old: &Spec, new: &Spec) -> Vec<Finding> {
    let pairs = |s: &Spec| -> Vec<(String, String, Membership)> {
        let ops = s.operations.iter().map(|o| ("operations", &o.method, &o.profile));
        let events = s.events.iter().map(|e| ("events", &e.name, &e.profile));
        let errors = s.errors.iter().map(|e| ("errors", &e.code, &e.profile));
        let limits = s.limits.iter().map(|l| ("limits", &l.name, &l.profile));
        ops.chain(events).chain(errors).chain(limits).map(|(t, n, m)| (t.to_string(), n.clone(), m.clone())).collect()
    };
    let before = pairs(old);
    let mut out = Vec::new();
    for (table, name, m) in pairs(new) {
        let Some((_, _, was)) = before.iter().find(|(t, n, _)| *t == table && *n == name) else { continue };
        if *was != m {
            let detail = format!("`{name}` moved from {} to {}", was.label(), m.label());
            out.push(finding(Rule::PROFILE_MEMBERSHIP_CHANGED, Reach::BOTH, join(&table, &name), detail));
        }
    }
    out
}

/// Everything a profile owns that a client that negotiated it relies on: its declaration
/// (the version aside), its operations, events, errors and limits. Examples and docs are
/// documentation and are left out; the types they name are judged as types.
fn fingerprint(spec: &Spec, p: &Profile) -> String {
    let owned = Membership::Profile(p.name.clone());
    let mut text = format!("{:?}", Profile { version: 0, ..p.clone() });
    for o in spec.operations.iter().filter(|o| o.profile == owned) {
        text.push_str(&format!("{:?}", crate::ir::Operation { examples: Vec::new(), doc: String::new(), ..o.clone() }));
    }
    for e in spec.events.iter().filter(|e| e.profile == owned) {
        text.push_str(&format!("{:?}", crate::ir::Event { examples: Vec::new(), doc: String::new(), ..e.clone() }));
    }
    for e in spec.errors.iter().filter(|e| e.profile == owned) {
        text.push_str(&format!("{:?}", crate::ir::ErrorCode { doc: String::new(), ..e.clone() }));
    }
    for l in spec.limits.iter().filter(|l| l.profile == owned) {
        text.push_str(&format!("{:?}", crate::ir::Limit { doc: String::new(), ..l.clone() }));
    }
    text
}
