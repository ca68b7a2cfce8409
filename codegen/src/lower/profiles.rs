//! Optional profiles: their declarations, which profile each item belongs to, and the checks
//! that keep a profile's items out of the ordinary profile.

use super::Lower;
use crate::ir::{Membership, Profile, Spec};
use toml::Spanned;

impl Lower<'_> {
    pub(super) fn profiles(&mut self) -> Vec<Profile> {
        let mut out = Vec::new();
        for (name, raw) in &self.raw.profiles {
            let p = raw.get_ref();
            let valid = !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
            if !valid || name == "ordinary" || name == "negotiation" {
                self.error(
                    raw.span(),
                    format!("profile name `{name}` must be lowercase letters and `_`, not a reserved word"),
                );
            }
            if p.version == 0 {
                self.error(raw.span(), format!("profile `{name}` needs a version of at least 1"));
            }
            out.push(Profile {
                name: name.clone(),
                version: p.version,
                doc: p.doc.clone(),
                opt_in: p.opt_in.clone(),
                absence: p.absence.clone(),
                rejection: p.rejection.clone(),
                mismatch: p.mismatch.clone(),
            });
        }
        out
    }

    /// The membership an item's `profile` / `negotiation` keys declare.
    pub(super) fn membership(&mut self, profile: Option<&Spanned<String>>, negotiation: bool) -> Membership {
        match (profile, negotiation) {
            (None, false) => Membership::Ordinary,
            (None, true) => Membership::Negotiation,
            (Some(p), true) => {
                self.error(p.span(), "an item is either of a profile or of negotiation, not both");
                Membership::Negotiation
            }
            (Some(p), false) => {
                if !self.raw.profiles.contains_key(p.get_ref()) {
                    self.error(p.span(), format!("undefined profile `{}`", p.get_ref()));
                }
                Membership::Profile(p.get_ref().clone())
            }
        }
    }

    /// Cross-item rules: nothing of an optional profile is reachable from the ordinary one.
    pub(super) fn check_profiles(&mut self, spec: &Spec) {
        let raw = self.raw;
        let negotiations: Vec<_> = raw.operations.iter().filter(|(_, o)| o.get_ref().negotiation).collect();
        for (method, op) in negotiations.iter().skip(1) {
            self.error(op.span(), format!("`{method}` is a second negotiation operation; a spec has at most one"));
        }
        if !spec.profiles.is_empty() && negotiations.is_empty() {
            let span = raw.profiles.values().next().map(|p| p.span()).unwrap_or(0..0);
            self.error(span, "a spec that declares a profile needs one operation with `negotiation = true`");
        }
        for (method, raw_op) in &raw.operations {
            let Some(op) = spec.operation(method) else { continue };
            if op.profile.profile().is_some_and(|p| spec.profile(p).is_none()) {
                continue; // an undefined profile, already reported
            }
            let span = raw_op.span();
            if op.profile != Membership::Ordinary && !op.requires_initialization {
                self.error(span.clone(), format!("`{method}` is not ordinary, so it needs initialization"));
            }
            if op.profile == Membership::Negotiation && (op.mutation || !op.events.is_empty()) {
                self.error(span.clone(), format!("negotiation `{method}` is no mutation and sends no event"));
            }
            for code in &op.errors {
                let Some(e) = spec.error(code) else { continue };
                if e.profile != Membership::Ordinary && e.profile != op.profile {
                    self.error(
                        span.clone(),
                        format!(
                            "`{method}` ({}) names `{code}`, an error of {}",
                            describe(&op.profile),
                            describe(&e.profile)
                        ),
                    );
                }
            }
            for name in &op.events {
                let Some(e) = spec.event(name) else { continue };
                if e.profile != op.profile {
                    self.error(
                        span.clone(),
                        format!(
                            "`{method}` ({}) names `{name}`, an event of {}",
                            describe(&op.profile),
                            describe(&e.profile)
                        ),
                    );
                }
            }
        }
        for (name, raw_limit) in &raw.limits {
            let Some(l) = spec.limit(name) else { continue };
            if l.profile == Membership::Negotiation {
                self.error(raw_limit.span(), format!("limit `{name}` belongs to a profile or to the ordinary one"));
            }
            let Some(code) = &l.exceeded else { continue };
            if let Some(e) = spec.error(code) {
                if e.profile != Membership::Ordinary && e.profile != l.profile {
                    self.error(
                        raw_limit.span(),
                        format!(
                            "limit `{name}` ({}) names `{code}`, an error of {}",
                            describe(&l.profile),
                            describe(&e.profile)
                        ),
                    );
                }
            }
        }
        for p in &spec.profiles {
            let owned = |m: &Membership| m.profile() == Some(p.name.as_str());
            if !spec.operations.iter().any(|o| owned(&o.profile)) && !spec.events.iter().any(|e| owned(&e.profile)) {
                let span = raw.profiles.get(&p.name).map(|r| r.span()).unwrap_or(0..0);
                self.error(span, format!("profile `{}` owns no operation or event", p.name));
            }
        }
    }
}

/// How a diagnostic names a membership: "the ordinary profile", "profile `approvals`".
fn describe(m: &Membership) -> String {
    match m {
        Membership::Ordinary => "the ordinary profile".into(),
        Membership::Negotiation => "profile negotiation".into(),
        Membership::Profile(p) => format!("profile `{p}`"),
    }
}
