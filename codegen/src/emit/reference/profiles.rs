//! The profiles chapter: one section per optional profile (its negotiation, absence,
//! rejection and mismatch, and everything it owns, its limits included), and the line every
//! operation and event section carries when it is not of the ordinary profile.

use super::render::{anchor, anchor_line};
use super::tables::limit_table;
use crate::ir::{Membership, Spec};

pub const ANCHOR: &str = "profiles";

/// `**Profile**: …` for an item outside the ordinary profile; nothing for an ordinary one.
pub fn membership_line(spec: &Spec, m: &Membership) -> String {
    match m {
        Membership::Ordinary => String::new(),
        Membership::Negotiation => format!(
            "**Profile**: none. Profile negotiation: any initialized connection may call it; it is not in \
             the ordinary advertisement (see [Profiles](#{ANCHOR})).\n\n"
        ),
        Membership::Profile(p) => {
            let version = spec.profile(p).map_or(0, |p| p.version);
            format!(
                "**Profile**: [`{p}` v{version}](#{}): served only to a connection that negotiated it; not in \
                 the ordinary advertisement.\n\n",
                anchor("profile", p)
            )
        }
    }
}

/// The cell a table row shows for an item's profile.
pub fn membership_cell(m: &Membership) -> String {
    match m {
        Membership::Ordinary => "ordinary".into(),
        Membership::Negotiation => "negotiation".into(),
        Membership::Profile(p) => format!("[`{p}`](#{})", anchor("profile", p)),
    }
}

pub fn section(spec: &Spec) -> String {
    if spec.profiles.is_empty() {
        return String::new();
    }
    let negotiation = spec.negotiation().map_or_else(
        || "its negotiation operation".to_string(),
        |o| format!("[`{}`](#{})", o.method, anchor("op", &o.method)),
    );
    let mut out = format!(
        "## Profiles\n\nEvery connection gets the ordinary profile: the operations, events and limits the \
         capability object lists. An optional profile is a name and a version that owns its own operations, \
         events, error codes and limits; none of them is in the ordinary advertisement, and a connection gets \
         them only after it opts in with {negotiation}. The capability object's optional `profiles` member \
         names the profiles and versions the service offers; a service that offers none omits it.\n\n"
    );
    for p in &spec.profiles {
        let owned = Membership::Profile(p.name.clone());
        out.push_str(&format!("{}### `{}` v{}\n\n{}\n\n", anchor_line("profile", &p.name), p.name, p.version, p.doc));
        out.push_str(&format!(
            "- **Opting in**: {}\n- **Absence**: {}\n- **Rejection**: {}\n- **Mismatch**: {}\n\n",
            p.opt_in, p.absence, p.rejection, p.mismatch
        ));
        let link = |kind: &str, name: &str| format!("[`{name}`](#{})", anchor(kind, name));
        let ops: Vec<String> =
            spec.operations.iter().filter(|o| o.profile == owned).map(|o| link("op", &o.method)).collect();
        let events: Vec<String> =
            spec.events.iter().filter(|e| e.profile == owned).map(|e| link("event", &e.name)).collect();
        let errors: Vec<String> =
            spec.errors.iter().filter(|e| e.profile == owned).map(|e| link("error", &e.code)).collect();
        let list = |v: Vec<String>| if v.is_empty() { "none".to_string() } else { v.join(", ") };
        out.push_str(&format!(
            "Operations: {}. Events: {}. Error codes: {}.\n\n",
            list(ops),
            list(events),
            list(errors)
        ));
        out.push_str("Its limits, advertised in the negotiation's answer:\n\n");
        out.push_str(&limit_table(spec.limits.iter().filter(|l| l.profile == owned)));
        out.push('\n');
    }
    out
}
