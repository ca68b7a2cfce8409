//! Walking two IRs section by section: protocol and capability declaration, limits, errors,
//! envelopes, operations, events, the session message type and named types. Type and field
//! comparison lives in [`super::types`].

use super::growth::activity_type;
use super::path::{join, Loc, TypePaths};
use super::reach::{Reach, Reachability};
use super::rules::{Category, Rule};
use super::{Finding, Report, Scope};
use crate::ir::{Correlation, Envelope, Event, Limit, Operation, SlotRule, Spec};
use std::collections::HashSet;

/// One finding; its category is the strictest over the directions the item is read in.
pub(super) fn finding(rule: Rule, reach: Reach, path: String, detail: String) -> Finding {
    let info = rule.info();
    let category = super::growth::category(rule, reach);
    let scope = if reach.is_wire() { Scope::Wire } else { Scope::Unreferenced };
    let verdict = match category {
        Category::Breaking => "breaks existing peers",
        Category::NeedsPreflight => "consumers must preflight it before mutating",
        Category::Compatible => "existing peers keep working",
    };
    let reason =
        format!("{detail} {}: {verdict}; seed \u{a7}\"{}\": \"{}\".", reach.describe(), info.section, info.quote);
    Finding { rule, category, scope, path, reason }
}

/// Comparison state: both specs, what reads each type, and the findings so far.
pub(super) struct Differ<'a> {
    pub(super) old: &'a Spec,
    pub(super) new: &'a Spec,
    reach: Reachability,
    paths: TypePaths,
    /// Name of the activity capability type (`Capabilities.activity`) in either spec.
    pub(super) activity_types: HashSet<String>,
    findings: Vec<Finding>,
}

impl<'a> Differ<'a> {
    pub(super) fn new(old: &'a Spec, new: &'a Spec) -> Self {
        let reach = Reachability::of(old).merge(Reachability::of(new));
        let activity_types = [old, new].into_iter().filter_map(activity_type).collect();
        Differ { old, new, reach, paths: TypePaths::of(new), activity_types, findings: Vec::new() }
    }

    pub(super) fn run(mut self) -> Report {
        self.protocol();
        self.limits();
        self.errors();
        self.envelopes();
        self.operations();
        self.events();
        self.messages();
        self.named_types();
        let mut findings = self.findings;
        findings.sort_by(|a, b| (&a.path, a.rule).cmp(&(&b.path, b.rule)));
        // Union common fields are compared once per variant; report each change once.
        findings.dedup_by(|a, b| a.rule == b.rule && a.path == b.path);
        Report { findings, old_version: self.old.protocol_version, new_version: self.new.protocol_version }
    }

    /// Record a finding; its category is the strictest over the directions the item is read in.
    pub(super) fn emit(&mut self, rule: Rule, reach: Reach, path: String, detail: String) {
        self.findings.push(finding(rule, reach, path, detail));
    }

    /// Judge types by the directions the complete specs read them in: a type only an optional
    /// profile reaches is still on the wire, for the connections that negotiated it.
    pub(super) fn reach_of(mut self, old: &Spec, new: &Spec) -> Self {
        self.reach = Reachability::of(old).merge(Reachability::of(new));
        self
    }

    /// Findings found outside this walk (optional profiles), reported with the rest.
    pub(super) fn extend(&mut self, findings: Vec<Finding>) {
        self.findings.extend(findings);
    }

    pub(super) fn type_reach(&self, name: &str) -> Reach {
        self.reach.ty(name)
    }

    fn protocol(&mut self) {
        let (old, new) = (self.old.protocol_version, self.new.protocol_version);
        if old != new {
            let detail = format!("protocol_version {old} \u{2192} {new}");
            self.emit(Rule::PROTOCOL_VERSION_CHANGED, Reach::BOTH, "protocol.protocol_version".into(), detail);
        }
        let (old_caps, new_caps) = (&self.old.capabilities, &self.new.capabilities);
        let versions = |v: &[u16]| v.iter().map(u16::to_string).collect::<Vec<_>>();
        self.set_diff(
            &versions(&old_caps.protocol_versions),
            &versions(&new_caps.protocol_versions),
            "capabilities.protocol_versions",
            (Rule::PROTOCOL_VERSION_SUPPORT_ADDED, Rule::PROTOCOL_VERSION_SUPPORT_REMOVED),
            "supported protocol version",
        );
        self.set_diff(
            &old_caps.transports,
            &new_caps.transports,
            "capabilities.transports",
            (Rule::TRANSPORT_ADDED, Rule::TRANSPORT_REMOVED),
            "transport",
        );
    }

    /// Report members added to and removed from a list that acts as a set.
    fn set_diff(&mut self, old: &[String], new: &[String], prefix: &str, rules: (Rule, Rule), what: &str) {
        for added in new.iter().filter(|x| !old.contains(x)) {
            self.emit(rules.0, Reach::BOTH, join(prefix, added), format!("{what} `{added}` added"));
        }
        for removed in old.iter().filter(|x| !new.contains(x)) {
            self.emit(rules.1, Reach::BOTH, join(prefix, removed), format!("{what} `{removed}` removed"));
        }
    }

    fn limits(&mut self) {
        let (old, new) = (self.old, self.new);
        for n in new.limits.iter().filter(|n| old.limit(&n.name).is_none()) {
            let detail = format!("limit `{}` = {} {} added", n.name, n.value, n.unit);
            self.emit(Rule::LIMIT_ADDED, Reach::BOTH, join("limits", &n.name), detail);
        }
        for o in &old.limits {
            let path = join("limits", &o.name);
            match new.limit(&o.name) {
                Some(n) => self.limit(o, n, &path),
                None => self.emit(Rule::LIMIT_REMOVED, Reach::BOTH, path, format!("limit `{}` removed", o.name)),
            }
        }
    }

    /// One limit kept by both specs: its value, unit, scope, error and output flag.
    fn limit(&mut self, o: &Limit, n: &Limit, path: &str) {
        if n.value != o.value {
            let rule = if n.value < o.value { Rule::LIMIT_TIGHTENED } else { Rule::LIMIT_RELAXED };
            let detail = format!("limit `{}` {} \u{2192} {} {}", o.name, o.value, n.value, n.unit);
            self.emit(rule, Reach::BOTH, path.to_string(), detail);
        }
        if n.unit != o.unit {
            let detail = format!("unit of `{}` `{}` \u{2192} `{}`", o.name, o.unit, n.unit);
            self.emit(Rule::LIMIT_UNIT_CHANGED, Reach::BOTH, format!("{path}.unit"), detail);
        }
        if words(&n.applies_to) != words(&o.applies_to) {
            let detail = format!("`{}` now applies to \"{}\" instead of \"{}\"", o.name, n.applies_to, o.applies_to);
            self.emit(Rule::LIMIT_SCOPE_CHANGED, Reach::BOTH, format!("{path}.applies_to"), detail);
        }
        if n.exceeded != o.exceeded {
            let detail = format!("crossing `{}` yields {} instead of {}", o.name, code(&n.exceeded), code(&o.exceeded));
            self.emit(Rule::LIMIT_ERROR_CHANGED, Reach::BOTH, format!("{path}.exceeded"), detail);
        }
        if n.bounds_output != o.bounds_output {
            // Only a client's preflight reads the flag; the value itself is judged above.
            let (rule, now) = match n.bounds_output {
                true => (Rule::LIMIT_OUTPUT_BOUND_ADDED, "now"),
                false => (Rule::LIMIT_OUTPUT_BOUND_REMOVED, "no longer"),
            };
            let detail = format!("`{}` {now} marked as bounding the service's output", o.name);
            self.emit(rule, Reach::BOTH, format!("{path}.bounds_output"), detail);
        }
    }

    fn errors(&mut self) {
        let old: Vec<_> = self.old.errors.iter().map(|e| (e.code.clone(), e.message.clone())).collect();
        let new: Vec<_> = self.new.errors.iter().map(|e| (e.code.clone(), e.message.clone())).collect();
        self.error_table(&old, &new, "errors", Reach::BOTH);
        // Launch errors precede wire v2 and are governed by the exact package match.
        let old: Vec<_> = self.old.launch_errors.iter().map(|e| (e.code.clone(), e.message.clone())).collect();
        let new: Vec<_> = self.new.launch_errors.iter().map(|e| (e.code.clone(), e.message.clone())).collect();
        self.error_table(&old, &new, "launch_errors", Reach::NONE);
        let (old, new) = (&self.old.request_errors, &self.new.request_errors);
        self.set_diff(
            old,
            new,
            "request_errors.codes",
            (Rule::REQUEST_ERROR_ADDED, Rule::REQUEST_ERROR_REMOVED),
            "shared request error",
        );
    }

    fn error_table(&mut self, old: &[(String, String)], new: &[(String, String)], table: &str, reach: Reach) {
        for (code, _) in new.iter().filter(|(c, _)| !old.iter().any(|(o, _)| o == c)) {
            self.emit(Rule::ERROR_CODE_ADDED, reach, join(table, code), format!("error `{code}` added"));
        }
        for (code, message) in old {
            match new.iter().find(|(c, _)| c == code) {
                None => {
                    self.emit(Rule::ERROR_CODE_REMOVED, reach, join(table, code), format!("error `{code}` removed"))
                }
                Some((_, m)) if m != message => {
                    let detail = format!("message of `{code}` \"{message}\" \u{2192} \"{m}\"");
                    self.emit(Rule::ERROR_MESSAGE_CHANGED, reach, format!("{}.message", join(table, code)), detail);
                }
                Some(_) => {}
            }
        }
    }

    fn envelopes(&mut self) {
        let pairs: [(&Envelope, &Envelope, &str, Reach); 3] = [
            (&self.old.request_envelope, &self.new.request_envelope, "envelopes.request", Reach::INPUT),
            (&self.old.response_envelope, &self.new.response_envelope, "envelopes.response", Reach::OUTPUT),
            (&self.old.event_envelope, &self.new.event_envelope, "envelopes.event", Reach::OUTPUT),
        ];
        for (old, new, base, reach) in pairs {
            self.fields(&old.fields, &new.fields, &Loc::Declared(base.to_string()), reach, false);
            self.payload_key(old, new, base, reach);
        }
    }

    /// The envelope field that selects the payload type. Declaring a key where there was none
    /// states what the wire already did, so only changing or dropping one is reported.
    fn payload_key(&mut self, old: &Envelope, new: &Envelope, base: &str, reach: Reach) {
        if old.payload_key.is_none() || old.payload_key == new.payload_key {
            return;
        }
        let show = |k: &Option<String>| k.as_deref().map_or_else(|| "(none)".to_string(), |k| format!("`{k}`"));
        let detail = format!("payload selected by {} \u{2192} {}", show(&old.payload_key), show(&new.payload_key));
        self.emit(Rule::PAYLOAD_KEY_CHANGED, reach, format!("{base}.payload_key"), detail);
    }

    fn operations(&mut self) {
        let (old, new) = (self.old, self.new);
        for n in new.operations.iter().filter(|n| old.operation(&n.method).is_none()) {
            let detail = format!("operation `{}` added", n.method);
            self.emit(Rule::OPERATION_ADDED, Reach::BOTH, join("operations", &n.method), detail);
        }
        for o in &old.operations {
            match new.operation(&o.method) {
                Some(n) => self.operation(o, n),
                None => {
                    let detail = format!("operation `{}` removed", o.method);
                    self.emit(Rule::OPERATION_REMOVED, Reach::BOTH, join("operations", &o.method), detail);
                }
            }
        }
    }

    fn operation(&mut self, o: &Operation, n: &Operation) {
        let path = join("operations", &o.method);
        self.envelope_rules(o, n, &path);
        self.set_diff(
            &o.errors,
            &n.errors,
            &format!("{path}.errors"),
            (Rule::OPERATION_ERROR_ADDED, Rule::OPERATION_ERROR_REMOVED),
            "operation error",
        );
        // A brand-new or removed event is judged by EVENT_ADDED (preflight) or EVENT_REMOVED;
        // only a known event moving between operations is judged here.
        let known = |e: &&String| self.old.event(e).is_some() && self.new.event(e).is_some();
        for e in n.events.iter().filter(|e| !o.events.contains(e)).filter(known) {
            let detail = format!("`{}` may now send `{e}`", o.method);
            self.emit(Rule::OPERATION_EVENT_ADDED, Reach::OUTPUT, join(&format!("{path}.events"), e), detail);
        }
        for e in o.events.iter().filter(|e| !n.events.contains(e)).filter(known) {
            let terminal = self.old.event(e).is_some_and(|ev| ev.terminal);
            let rule = if terminal { Rule::OPERATION_TERMINAL_EVENT_REMOVED } else { Rule::OPERATION_EVENT_REMOVED };
            let detail = format!("`{}` no longer sends `{e}`", o.method);
            self.emit(rule, Reach::OUTPUT, join(&format!("{path}.events"), e), detail);
        }
        self.retarget(&o.request, &n.request, Loc::Inline { owner: path.clone(), slot: "request" }, Reach::INPUT);
        self.retarget(&o.response, &n.response, Loc::Inline { owner: path, slot: "response" }, Reach::OUTPUT);
    }

    /// The envelope slots an operation requires: session_id, control, operation_id, initialization.
    fn envelope_rules(&mut self, o: &Operation, n: &Operation, path: &str) {
        let slot = |s: SlotRule| match s {
            SlotRule::Null => "null",
            SlotRule::Required => "required",
        };
        let changes = [
            ("session_id", o.session_id != n.session_id, slot(o.session_id), slot(n.session_id)),
            ("control", o.control != n.control, slot(o.control), slot(n.control)),
            ("mutation", o.mutation != n.mutation, yes_no(o.mutation), yes_no(n.mutation)),
        ];
        for (key, changed, before, after) in changes {
            if changed {
                let detail = format!("`{}` {key} {before} \u{2192} {after}", o.method);
                self.emit(Rule::ENVELOPE_RULE_CHANGED, Reach::INPUT, format!("{path}.{key}"), detail);
            }
        }
        if o.requires_initialization != n.requires_initialization {
            // Dropping the requirement only admits more requests.
            let rule =
                if n.requires_initialization { Rule::ENVELOPE_RULE_CHANGED } else { Rule::ENVELOPE_RULE_RELAXED };
            let detail = format!(
                "`{}` initialized {} \u{2192} {}",
                o.method,
                yes_no(o.requires_initialization),
                yes_no(n.requires_initialization)
            );
            self.emit(rule, Reach::INPUT, format!("{path}.initialized"), detail);
        }
    }

    fn events(&mut self) {
        let (old, new) = (self.old, self.new);
        for n in new.events.iter().filter(|n| old.event(&n.name).is_none()) {
            let senders: Vec<&str> =
                new.operations.iter().filter(|o| o.events.contains(&n.name)).map(|o| o.method.as_str()).collect();
            let detail = format!("event `{}` added (sent by {senders:?})", n.name);
            self.emit(Rule::EVENT_ADDED, Reach::OUTPUT, join("events", &n.name), detail);
        }
        for o in &old.events {
            match new.event(&o.name) {
                Some(n) => self.event(o, n),
                None => {
                    let detail = format!("event `{}` removed", o.name);
                    self.emit(Rule::EVENT_REMOVED, Reach::OUTPUT, join("events", &o.name), detail);
                }
            }
        }
    }

    fn event(&mut self, o: &Event, n: &Event) {
        let path = join("events", &o.name);
        let corr = |c: Correlation| match c {
            Correlation::Set => "set",
            Correlation::Null => "null",
        };
        let (oc, nc) = (&o.correlation, &n.correlation);
        let changes = [
            ("sequenced", yes_no(o.sequenced), yes_no(n.sequenced)),
            ("terminal", yes_no(o.terminal), yes_no(n.terminal)),
            ("correlation.session_id", corr(oc.session_id), corr(nc.session_id)),
            ("correlation.operation_id", corr(oc.operation_id), corr(nc.operation_id)),
            ("correlation.grant_generation", corr(oc.grant_generation), corr(nc.grant_generation)),
            ("correlation.live_sequence", corr(oc.live_sequence), corr(nc.live_sequence)),
        ];
        for (key, before, after) in changes {
            if before != after {
                let detail = format!("`{}` {key} {before} \u{2192} {after}", o.name);
                self.emit(Rule::EVENT_RULE_CHANGED, Reach::OUTPUT, format!("{path}.{key}"), detail);
            }
        }
        self.retarget(&o.payload, &n.payload, Loc::Inline { owner: path, slot: "payload" }, Reach::OUTPUT);
    }

    fn messages(&mut self) {
        let (o, n) = (&self.old.messages.ty, &self.new.messages.ty);
        self.retarget(o, n, Loc::Declared("messages.type".into()), Reach::OUTPUT);
    }

    /// A payload slot that now names another type: compare the two structurally at the slot,
    /// since type names never reach the wire. Same-named types are compared once, by name.
    fn retarget(&mut self, old: &str, new: &str, loc: Loc, reach: Reach) {
        if old == new {
            return;
        }
        if let (Some(o), Some(n)) = (self.old.ty(old), self.new.ty(new)) {
            self.type_def(o, n, &loc, reach);
        }
    }

    fn named_types(&mut self) {
        for o in &self.old.types {
            let Some(n) = self.new.ty(&o.name) else {
                // A type nothing uses any more: its former uses report the change.
                continue;
            };
            let loc = self.paths.loc(&o.name);
            let reach = self.type_reach(&o.name);
            self.type_def(o, n, &loc, reach);
        }
    }
}

/// The activity capability type: `Capabilities.activity`, whose consts are the advertised flags.
/// Limit scope text, compared by words so rewrapping or spacing is not a change.
fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}

fn code(c: &Option<String>) -> String {
    c.as_deref().map_or_else(|| "the context's own error".to_string(), |c| format!("`{c}`"))
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}
