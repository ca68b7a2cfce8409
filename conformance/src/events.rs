//! The event checker: every event a target sends on a connection is judged here, against what
//! the connection established (initialize identities, advertised events, claims). Rules:
//! - "Unknown/unadvertised events ... invalidate trusted stream state";
//! - correlation slots per event (seed "Receive `auth.login.progress` correlated to the start
//!   operation, with null session, grant generation and live sequence"; turn events carry all);
//! - "an event is sent only to the current controller of its session" (lifecycle §7);
//! - "Per-turn sequence starts at zero and strictly increases ... Gaps are allowed,
//!   regression/duplicates and post-terminal events are not";
//! - "It returns `{"turn_id":"T","status":"accepted"}` before `turn.started`, whose payload is
//!   ... `sequence:0`. ... A new claimant may instead receive an atomic running snapshot without
//!   the original started event": the first event of a turn this connection started (unless a
//!   claim's snapshot stands for its start) is `turn.started`;
//! - terminal fields are all required; "Terminal text replaces local assembled text, including
//!   accepted partial text; never truncate it": the terminal's text must extend the deltas the
//!   connection accepted.

use agentwire_protocol::runtime::EventRules;
use agentwire_protocol::{
    ApprovalDecider, ApprovalOutcome, EventName, LoginProgressState, LoginTerminalState, Membership, PermissionKind,
    Persistence, ToolKind, TurnStatus,
};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::LazyLock;

/// Every event name of the spec, from the generated crate's table.
pub const KNOWN_EVENTS: &[&str] = EventName::NAMES;

/// Correlation and sequencing of an event, from the generated crate's rule table
/// (`EventName::rules`, emitted from each event's `correlation`, `sequenced` and `terminal`).
fn slots(event: &str) -> Option<EventRules> {
    EventName::from_wire(event).map(EventName::rules)
}

/// Payload members the spec fixes to one value, per event: each member with a
/// `event.<name>.payload.<member>.const` vector in the generated consumer vectors, with the value
/// the event's example carries. Read from the compiled-in vectors once.
fn payload_consts(event: &str) -> &'static [(String, Value)] {
    static CONSTS: LazyLock<HashMap<String, Vec<(String, Value)>>> =
        LazyLock::new(|| crate::vectors::builtin_consumer().map(|v| const_members(&v)).unwrap_or_default());
    CONSTS.get(event).map_or(&[], Vec::as_slice)
}

/// The const payload members of every event, from consumer vectors.
fn const_members(vectors: &[crate::vectors::ConsumerVector]) -> HashMap<String, Vec<(String, Value)>> {
    let by_id: HashMap<&str, &crate::vectors::ConsumerVector> = vectors.iter().map(|v| (v.id.as_str(), v)).collect();
    let mut out = HashMap::new();
    for name in EventName::NAMES {
        let example = by_id
            .get(format!("event.{name}.example").as_str())
            .and_then(|v| v.input.as_deref())
            .and_then(|t| serde_json::from_str::<Value>(t).ok());
        let Some(payload) = example.as_ref().and_then(|e| e.get("payload")) else { continue };
        let prefix = format!("event.{name}.payload.");
        let consts = vectors
            .iter()
            .filter_map(|v| v.id.strip_prefix(prefix.as_str())?.strip_suffix(".const"))
            .filter(|member| !member.contains('.'))
            .filter_map(|member| Some((member.to_owned(), payload.get(member)?.clone())))
            .collect();
        out.insert((*name).to_owned(), consts);
    }
    out
}

#[derive(Debug, Default)]
struct Turn {
    last: Option<u64>,
    text: String,
}

#[derive(Debug, Default)]
pub struct EventChecker {
    ids: Option<(String, String)>,
    advertised: BTreeSet<String>,
    /// Session → grant generation and live sequence of the grant this connection holds.
    controls: HashMap<String, (u64, u64)>,
    turns: HashMap<String, Turn>,
    settled_turns: HashSet<String>,
    settled_logins: HashSet<String>,
    /// Terminal payloads of settled turns and logins, for cases waiting on one.
    terminals: HashMap<String, Value>,
    /// Operation ID → the turn or login its start response named.
    started: HashMap<String, String>,
    /// Mutations sent on this connection whose response has not arrived yet.
    awaiting: HashSet<String>,
    /// Events checked so far (for reports and tests).
    pub seen: u64,
    /// The events of negotiated profiles this connection received, in order, after their checks.
    pub profile_events: Vec<Value>,
    /// Approvals that were resolved on this connection: none resolves twice.
    resolved_approvals: HashSet<String>,
    /// `max_approval_options` as the negotiation answered it.
    max_approval_options: Option<u64>,
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, String> {
    v.get(name).ok_or_else(|| format!("required member `{name}` is missing"))
}

fn string<'a>(v: &'a Value, name: &str) -> Result<&'a str, String> {
    field(v, name)?.as_str().filter(|s| !s.is_empty()).ok_or_else(|| format!("`{name}` is not a nonempty string"))
}

fn uint(v: &Value, name: &str) -> Result<u64, String> {
    field(v, name)?.as_u64().ok_or_else(|| format!("`{name}` is not a nonnegative integer"))
}

fn boolean(v: &Value, name: &str) -> Result<bool, String> {
    field(v, name)?.as_bool().ok_or_else(|| format!("`{name}` is not a boolean"))
}

fn one_of(v: &Value, name: &str, allowed: &[&str]) -> Result<(), String> {
    let s = string(v, name)?;
    if allowed.contains(&s) {
        Ok(())
    } else {
        Err(format!("`{name}` has the unknown value `{s}`"))
    }
}

impl EventChecker {
    /// Initialize succeeded: events may now arrive for these identities.
    pub fn initialized(&mut self, instance_id: &str, connection_id: &str, events: impl IntoIterator<Item = String>) {
        self.ids = Some((instance_id.to_owned(), connection_id.to_owned()));
        self.advertised = events.into_iter().collect();
    }

    /// A profile was negotiated: its events may now arrive, its limits bound them.
    pub fn negotiated(&mut self, events: impl IntoIterator<Item = String>, limits: &Value) {
        self.advertised.extend(events);
        self.max_approval_options = limits.get("max_approval_options").and_then(Value::as_u64);
    }

    /// A claim succeeded: events of the session under this grant may follow. A running snapshot
    /// turn seeds its sequence and accepted text.
    pub fn claimed(
        &mut self,
        session_id: &str,
        grant_generation: u64,
        live_sequence: u64,
        snapshot_turn: Option<(&str, u64, &str)>,
    ) {
        self.controls.insert(session_id.to_owned(), (grant_generation, live_sequence));
        if let Some((turn, sequence, text)) = snapshot_turn {
            self.turns.insert(turn.to_owned(), Turn { last: Some(sequence), text: text.to_owned() });
        }
    }

    /// Control of the session ended (detach, or a stale-grant answer revealing a take-over).
    pub fn released(&mut self, session_id: &str) {
        self.controls.remove(session_id);
    }

    /// The terminal payload of a settled turn or login.
    pub fn terminal(&self, id: &str) -> Option<&Value> {
        self.terminals.get(id)
    }

    /// A start response named the turn or login of `operation_id`: its events must name it too
    /// ("Activity-capable terminal ... names another turn: Reject").
    pub fn started(&mut self, operation_id: &str, id: &str) {
        self.started.insert(operation_id.to_owned(), id.to_owned());
    }

    /// A mutation under `operation_id` was sent: until its response arrives, no event of the
    /// work it starts may ("It returns {turn_id, status:accepted} before `turn.started`").
    pub fn awaiting(&mut self, operation_id: &str) {
        self.awaiting.insert(operation_id.to_owned());
    }

    /// The response to the mutation under `operation_id` arrived.
    pub fn answered(&mut self, operation_id: &str) {
        self.awaiting.remove(operation_id);
    }

    /// Judge one event record (already parsed under the JSON profile).
    pub fn check(&mut self, ev: &Value) -> Result<(), String> {
        self.seen += 1;
        let Some((instance, connection)) = self.ids.clone() else {
            return Err("an event arrived before initialization".into());
        };
        if ev.get("protocol_version").and_then(Value::as_u64) != Some(2) {
            return Err("event `protocol_version` is not 2".into());
        }
        for m in [
            "event",
            "instance_id",
            "connection_id",
            "session_id",
            "operation_id",
            "grant_generation",
            "live_sequence",
            "payload",
        ] {
            field(ev, m).map_err(|e| format!("event envelope: {e}"))?;
        }
        let name = string(ev, "event")?;
        if !self.advertised.contains(name) {
            return Err(format!("event `{name}` is not in the advertised event set"));
        }
        let rules = slots(name).ok_or_else(|| format!("event `{name}` is unknown to this runner"))?;
        if string(ev, "instance_id")? != instance || string(ev, "connection_id")? != connection {
            return Err(format!("`{name}` names another instance or connection"));
        }
        let set = |m: &str| ev.get(m).is_some_and(|v| !v.is_null());
        let expected = [
            ("session_id", rules.session_id),
            ("operation_id", rules.operation_id),
            ("grant_generation", rules.grant_generation),
            ("live_sequence", rules.live_sequence),
        ];
        if let Some((m, want)) = expected.iter().find(|(m, want)| set(m) != *want) {
            return Err(format!("`{name}` must carry {} `{m}`", if *want { "a non-null" } else { "a null" }));
        }
        let payload = field(ev, "payload")?;
        if !payload.is_object() {
            return Err(format!("`{name}` payload is not an object"));
        }
        for (member, value) in payload_consts(name) {
            if field(payload, member)? != value {
                return Err(format!(
                    "`{name}` payload `{member}` is {}, the spec fixes it to {value}",
                    payload[member]
                ));
            }
        }
        let operation = ev["operation_id"].as_str();
        if let Some(op) = operation.filter(|op| self.awaiting.contains(*op)) {
            return Err(format!(
                "`{name}` of operation {op} arrived before the response to the request that started it"
            ));
        }
        if let Some(id) = operation.and_then(|op| self.started.get(op)) {
            let named = payload.get("turn_id").or_else(|| payload.get("login_id")).and_then(Value::as_str);
            if named != Some(id.as_str()) {
                return Err(format!(
                    "`{name}` of operation {operation:?} names {named:?}, not the {id} its start returned"
                ));
            }
        }
        if rules.session_id {
            let session = string(ev, "session_id")?;
            let grant = uint(ev, "grant_generation")?;
            // Profile events that take no live sequence are judged on their grant alone.
            let live = if rules.live_sequence { Some(uint(ev, "live_sequence")?) } else { None };
            // "`turn.activity` uses the v2 envelope with originating operation ID and current
            // recipient's session/grant generation"; the live sequence is the one of the
            // transition that granted this control (any later transition revokes it).
            match self.controls.get(session) {
                None => return Err(format!("`{name}` for session {session}, which this connection does not control")),
                Some((g, _)) if *g != grant => {
                    return Err(format!("`{name}` under grant generation {grant}; this connection holds {g}"))
                }
                Some((_, l)) if live.is_some_and(|live| *l != live) => {
                    return Err(format!(
                        "`{name}` carries live_sequence {}; the grant this connection holds is at {l}",
                        ev["live_sequence"]
                    ))
                }
                Some(_) => {}
            }
            if let Some(p) = payload.get("session_id") {
                if p.as_str() != Some(session) {
                    return Err(format!("`{name}` payload names another session than its envelope"));
                }
            }
        }
        let membership = EventName::from_wire(name).map(EventName::membership);
        if rules.sequenced {
            self.turn_event(name, rules.terminal, payload)
        } else if matches!(membership, Some(Membership::Profile(_))) {
            self.approval_event(name, payload)?;
            self.profile_events.push(ev.clone());
            Ok(())
        } else {
            self.login_event(name, rules.terminal, payload)
        }
    }

    /// `approval.requested` and `approval.resolved` (the approvals profile): every member the
    /// spec declares, enum values from the spec's enums, the options within the negotiated
    /// `max_approval_options`, a cancelled outcome without an option, one resolution each.
    fn approval_event(&mut self, name: &str, p: &Value) -> Result<(), String> {
        let approval = string(p, "approval_id")?.to_owned();
        string(p, "turn_id")?;
        match EventName::from_wire(name) {
            Some(EventName::ApprovalRequested) => {
                string(p, "call_id")?;
                string(p, "title")?;
                one_of(p, "kind", ToolKind::NAMES)?;
                string(p, "expires_at")?;
                if !matches!(field(p, "arguments")?, Value::Null | Value::String(_)) {
                    return Err("`arguments` is neither null nor a string".into());
                }
                match field(p, "change")? {
                    Value::Null => {}
                    c @ Value::Object(_) => match c.get("type").and_then(Value::as_str) {
                        Some("diff") => {
                            string(c, "path")?;
                            field(c, "new_text")?.as_str().ok_or("diff `new_text` is not a string")?;
                            if !matches!(field(c, "old_text")?, Value::Null | Value::String(_)) {
                                return Err("diff `old_text` is neither null nor a string".into());
                            }
                        }
                        Some("command") => {
                            string(c, "command")?;
                        }
                        other => return Err(format!("`change` has the unknown type {other:?}")),
                    },
                    _ => return Err("`change` is neither null nor an object".into()),
                }
                let options = field(p, "options")?.as_array().ok_or("`options` is not an array")?;
                let most = self.max_approval_options.unwrap_or(u64::MAX);
                if options.is_empty() || options.len() as u64 > most {
                    return Err(format!("`options` has {} entries, not 1..={most}", options.len()));
                }
                for o in options {
                    string(o, "id")?;
                    string(o, "label")?;
                    one_of(o, "kind", PermissionKind::NAMES)?;
                }
                if self.resolved_approvals.contains(&approval) {
                    return Err(format!("`{name}` for approval {approval}, already resolved"));
                }
            }
            _ => {
                one_of(p, "outcome", ApprovalOutcome::NAMES)?;
                one_of(p, "decided_by", ApprovalDecider::NAMES)?;
                let selected = p["outcome"] == ApprovalOutcome::Selected.as_str();
                match (selected, field(p, "option_id")?, field(p, "option_kind")?) {
                    (true, Value::String(_), Value::String(_)) => one_of(p, "option_kind", PermissionKind::NAMES)?,
                    (false, Value::Null, Value::Null) => {}
                    _ => {
                        return Err("`option_id`/`option_kind` must be set exactly when the outcome is selected".into())
                    }
                }
                if !self.resolved_approvals.insert(approval.clone()) {
                    return Err(format!("approval {approval} resolved twice"));
                }
            }
        }
        Ok(())
    }

    fn turn_event(&mut self, name: &str, terminal: bool, p: &Value) -> Result<(), String> {
        let turn_id = string(p, "turn_id")?.to_owned();
        let sequence = uint(p, "sequence")?;
        if self.settled_turns.contains(&turn_id) {
            return Err(format!("`{name}` (sequence {sequence}) after the terminal of turn {turn_id}"));
        }
        let starter = self.started.values().any(|t| *t == turn_id);
        if starter && !self.turns.contains_key(&turn_id) && EventName::from_wire(name) != Some(EventName::TurnStarted) {
            return Err(format!(
                "`{name}` is the first event of turn {turn_id}, which this connection started: `turn.started` comes first"
            ));
        }
        let turn = self.turns.entry(turn_id.clone()).or_default();
        if let Some(last) = turn.last {
            if sequence <= last {
                return Err(format!("`{name}` sequence {sequence} does not increase past {last} (turn {turn_id})"));
            }
        }
        // Const members (`turn.started`'s status and sequence zero) were checked from the spec.
        match EventName::from_wire(name) {
            Some(EventName::TurnStarted) => {
                string(p, "session_id")?;
            }
            Some(EventName::TurnAssistantDelta) => {
                let text = field(p, "text")?.as_str().ok_or("`text` is not a string")?;
                turn.text.push_str(text);
            }
            Some(EventName::TurnActivity) => {
                let activity = field(p, "activity")?;
                string(activity, "activity_id")?;
                string(activity, "kind")?;
            }
            _ if terminal => check_terminal(p, &turn.text)?,
            _ => {}
        }
        turn.last = Some(sequence);
        if terminal {
            self.turns.remove(&turn_id);
            self.terminals.insert(turn_id.clone(), p.clone());
            self.settled_turns.insert(turn_id);
        }
        Ok(())
    }

    fn login_event(&mut self, name: &str, terminal: bool, p: &Value) -> Result<(), String> {
        let login = string(p, "login_id")?.to_owned();
        string(p, "provider_id")?;
        one_of(p, "state", if terminal { LoginTerminalState::NAMES } else { LoginProgressState::NAMES })?;
        if self.settled_logins.contains(&login) {
            return Err(format!("`{name}` after the terminal of login {login}"));
        }
        if terminal {
            self.terminals.insert(login.clone(), p.clone());
            self.settled_logins.insert(login);
        }
        Ok(())
    }
}

/// "All terminal fields below are required" (seed, Turn completion and ordering).
fn check_terminal(p: &Value, assembled: &str) -> Result<(), String> {
    string(p, "session_id")?;
    one_of(p, "status", TurnStatus::NAMES)?;
    let text = field(p, "assistant_text")?.as_str().ok_or("`assistant_text` is not a string")?;
    uint(p, "activity_dropped")?;
    boolean(p, "activity_replay_available")?;
    let replay_required = boolean(p, "replay_required")?;
    one_of(p, "persistence", Persistence::NAMES)?;
    match field(p, "error")? {
        Value::Null => {}
        e @ Value::Object(_) => {
            string(e, "code")?;
            string(e, "message")?;
        }
        _ => return Err("terminal `error` is neither null nor an error object".into()),
    }
    let failed = |m: &str, v: &str| p[m].as_str() == Some(v);
    if failed("persistence", Persistence::Failed.as_str())
        && (!failed("status", TurnStatus::Failed.as_str()) || !replay_required)
    {
        return Err("failed persistence must force failed status and replay_required".into());
    }
    if !text.starts_with(assembled) {
        return Err(format!(
            "terminal assistant_text ({} bytes) does not extend the {} bytes of accepted deltas: truncated or replaced",
            text.len(),
            assembled.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn checker() -> EventChecker {
        let mut c = EventChecker::default();
        c.initialized("in_1", "cn_1", KNOWN_EVENTS.iter().map(|s| s.to_string()));
        c.claimed("s-1", 1, 1, None);
        c
    }

    fn ev(name: &str, payload: Value) -> Value {
        json!({"protocol_version":2,"kind":"event","event":name,"instance_id":"in_1","connection_id":"cn_1","session_id":"s-1",
               "operation_id":"op-1","grant_generation":1,"live_sequence":1,"payload":payload})
    }

    fn delta(seq: u64, text: &str) -> Value {
        ev("turn.assistant_delta", json!({"turn_id":"t-1","sequence":seq,"text":text}))
    }

    fn terminal(seq: u64, text: &str) -> Value {
        ev(
            "turn.terminal",
            json!({"turn_id":"t-1","session_id":"s-1","status":"completed","assistant_text":text,"sequence":seq,"activity_dropped":0,
                   "activity_replay_available":false,"replay_required":false,"persistence":"committed","error":null}),
        )
    }

    fn started() -> Value {
        ev("turn.started", json!({"turn_id":"t-1","session_id":"s-1","status":"started","sequence":0}))
    }

    fn approval(name: &str, payload: Value) -> Value {
        let mut e = ev(name, payload);
        e["live_sequence"] = Value::Null;
        e
    }

    fn requested(options: usize) -> Value {
        let options: Vec<Value> =
            (0..options).map(|i| json!({"id": format!("o{i}"), "label": "Allow", "kind": "allow-once"})).collect();
        approval(
            EventName::ApprovalRequested.as_str(),
            json!({"approval_id":"ap-1","session_id":"s-1","turn_id":"t-1","call_id":"c-1","title":"Edit","kind":"edit",
                   "arguments":null,"change":{"type":"command","command":"make"},"options":options,"expires_at":"2026-01-01T00:10:00Z"}),
        )
    }

    fn resolution(outcome: &str, option: Value, kind: Value) -> Value {
        approval(
            EventName::ApprovalResolved.as_str(),
            json!({"approval_id":"ap-1","session_id":"s-1","turn_id":"t-1","outcome":outcome,"option_id":option,
                   "option_kind":kind,"decided_by":"person"}),
        )
    }

    fn negotiated() -> EventChecker {
        let mut c = EventChecker::default();
        c.initialized("in_1", "cn_1", EventName::ORDINARY.iter().map(|e| e.as_str().to_owned()));
        c.claimed("s-1", 1, 1, None);
        c.negotiated(
            [EventName::ApprovalRequested, EventName::ApprovalResolved].map(|e| e.as_str().to_owned()),
            &json!({"max_approval_options": 2}),
        );
        c
    }

    #[test]
    fn profile_events_reach_only_a_connection_that_negotiated_them() {
        // "the profile's events are never sent to it" (a connection that never negotiates).
        let mut plain = EventChecker::default();
        plain.initialized("in_1", "cn_1", EventName::ORDINARY.iter().map(|e| e.as_str().to_owned()));
        plain.claimed("s-1", 1, 1, None);
        assert!(plain.check(&requested(1)).unwrap_err().contains("not in the advertised event set"));
        let mut c = negotiated();
        c.check(&requested(2)).unwrap();
        assert_eq!(c.profile_events.len(), 1);
    }

    #[test]
    fn approval_events_take_no_live_sequence_and_respect_the_negotiated_bounds() {
        // "Not sequenced: it never takes a turn sequence number."
        let mut with_live = requested(1);
        with_live["live_sequence"] = json!(1);
        assert!(negotiated().check(&with_live).unwrap_err().contains("live_sequence"));
        // "options (1..=max_approval_options)".
        assert!(negotiated().check(&requested(3)).unwrap_err().contains("options"));
        assert!(negotiated().check(&requested(0)).unwrap_err().contains("options"));
        let mut unknown_kind = requested(1);
        unknown_kind["payload"]["kind"] = json!("teleport");
        assert!(negotiated().check(&unknown_kind).is_err());
    }

    #[test]
    fn an_approval_resolves_once_with_an_option_exactly_when_selected() {
        let mut c = negotiated();
        c.check(&requested(1)).unwrap();
        let bad = resolution("cancelled", json!("o0"), json!("allow-once"));
        assert!(negotiated().check(&bad).unwrap_err().contains("exactly when"));
        let bad = resolution("selected", Value::Null, Value::Null);
        assert!(negotiated().check(&bad).unwrap_err().contains("exactly when"));
        c.check(&resolution("selected", json!("o0"), json!("allow-once"))).unwrap();
        assert!(c.check(&resolution("cancelled", Value::Null, Value::Null)).unwrap_err().contains("resolved twice"));
        assert!(c.check(&requested(1)).unwrap_err().contains("already resolved"));
    }

    #[test]
    fn payload_constants_come_from_the_vectors() {
        let names = |e: &str| payload_consts(e).iter().map(|(m, _)| m.as_str()).collect::<Vec<_>>();
        assert_eq!(names("turn.started"), ["status", "sequence"]);
        assert_eq!(names("turn.terminal"), ["activity_replay_available"]);
        assert_eq!(names("auth.login.terminal"), ["cleanup_complete"]);
        assert!(KNOWN_EVENTS.iter().all(|e| slots(e).is_some()));
    }

    #[test]
    fn payload_constants_are_checked() {
        // "`turn.started` ... sequence: Always zero"; "activity_replay_available ... false".
        let mut c = checker();
        let mut s = started();
        s["payload"]["sequence"] = json!(1);
        assert!(c.check(&s).unwrap_err().contains("fixes it to 0"));
        let mut s = started();
        s["payload"]["status"] = json!("running");
        assert!(c.check(&s).unwrap_err().contains("status"));
        let mut t = terminal(1, "x");
        t["payload"]["activity_replay_available"] = json!(true);
        assert!(c.check(&t).unwrap_err().contains("activity_replay_available"));
    }

    #[test]
    fn gaps_are_accepted() {
        // "Valid shared sequence jumps from 2 to 4: Accept the gap"
        let mut c = checker();
        for e in [started(), delta(1, "Hel"), delta(2, "lo "), delta(4, "world"), terminal(5, "Hello world!")] {
            c.check(&e).unwrap();
        }
    }

    #[test]
    fn duplicates_regressions_and_events_after_terminal_are_rejected() {
        let mut c = checker();
        c.check(&started()).unwrap();
        c.check(&delta(2, "a")).unwrap();
        assert!(c.check(&delta(2, "a")).unwrap_err().contains("does not increase"));
        assert!(c.check(&delta(1, "a")).unwrap_err().contains("does not increase"));
        c.check(&terminal(3, "a")).unwrap();
        assert!(c.check(&delta(4, "b")).unwrap_err().contains("after the terminal"));
    }

    #[test]
    fn a_turn_started_here_begins_with_turn_started() {
        // "It returns {turn_id, status:accepted} before `turn.started`": the starter's first
        // event of the turn is `turn.started`, not its deltas or terminal.
        let mut c = checker();
        c.started("op-1", "t-1");
        assert!(c.check(&delta(1, "a")).unwrap_err().contains("`turn.started` comes first"));
        let mut c = checker();
        c.started("op-1", "t-1");
        assert!(c.check(&terminal(1, "a")).unwrap_err().contains("`turn.started` comes first"));
        let mut c = checker();
        c.started("op-1", "t-1");
        for e in [started(), delta(1, "a"), terminal(2, "a")] {
            c.check(&e).unwrap();
        }
        // "A new claimant may instead receive an atomic running snapshot without the original
        // started event", even for a turn it started before (a re-claim).
        let mut c = checker();
        c.started("op-1", "t-1");
        c.claimed("s-1", 1, 1, Some(("t-1", 3, "a")));
        c.check(&terminal(4, "ab")).unwrap();
    }

    #[test]
    fn truncated_terminal_text_is_rejected() {
        let mut c = checker();
        c.check(&delta(1, "Hello ")).unwrap();
        c.check(&delta(2, "world")).unwrap();
        assert!(c.check(&terminal(3, "Hello wor")).unwrap_err().contains("does not extend"));
    }

    #[test]
    fn snapshot_seeds_sequence_and_text() {
        let mut c = checker();
        c.claimed("s-1", 2, 3, Some(("t-1", 5, "Hello ")));
        let mut d = delta(5, "x");
        d["grant_generation"] = json!(2);
        d["live_sequence"] = json!(3);
        assert!(c.check(&d).is_err(), "sequence 5 is already reflected in the snapshot");
        let mut t = terminal(6, "Hello world");
        t["grant_generation"] = json!(2);
        t["live_sequence"] = json!(1);
        assert!(c.check(&t).unwrap_err().contains("live_sequence 1"), "the live sequence of the old grant");
        t["live_sequence"] = json!(3);
        c.check(&t).unwrap();
    }

    #[test]
    fn correlation_control_and_advertisement_are_checked() {
        let mut c = checker();
        let mut e = delta(1, "a");
        e["grant_generation"] = json!(7);
        assert!(c.check(&e).unwrap_err().contains("grant generation"));
        let mut e = delta(1, "a");
        e["session_id"] = json!("s-2");
        assert!(c.check(&e).unwrap_err().contains("does not control"));
        let mut e = delta(1, "a");
        e["connection_id"] = json!("cn_2");
        assert!(c.check(&e).unwrap_err().contains("another instance"));
        let mut e = delta(1, "a");
        e["live_sequence"] = Value::Null;
        assert!(c.check(&e).unwrap_err().contains("live_sequence"));
        assert!(c.check(&ev("turn.steering", json!({}))).unwrap_err().contains("advertised"));
        let mut e = ev("turn.started", json!({"turn_id":"t-9","session_id":"s-1","status":"started","sequence":0}));
        e.as_object_mut().unwrap().remove("operation_id");
        assert!(c.check(&e).unwrap_err().contains("operation_id"));
        c.released("s-1");
        assert!(c.check(&delta(1, "a")).is_err(), "no events after control ends");
        assert!(EventChecker::default().check(&started()).unwrap_err().contains("before initialization"));
    }

    #[test]
    fn events_name_what_their_operation_started() {
        let mut c = checker();
        c.started("op-1", "t-1");
        c.check(&started()).unwrap();
        let mut other = terminal(1, "x");
        other["payload"]["turn_id"] = json!("t-2");
        assert!(c.check(&other).unwrap_err().contains("names"));
    }

    #[test]
    fn no_event_of_an_operation_before_its_response() {
        let mut c = checker();
        c.awaiting("op-1");
        assert!(c.check(&started()).unwrap_err().contains("before the response"));
        c.answered("op-1");
        c.check(&started()).unwrap();
    }

    #[test]
    fn terminal_fields_are_required() {
        let mut c = checker();
        let mut t = terminal(1, "x");
        t["payload"].as_object_mut().unwrap().remove("persistence");
        assert!(c.check(&t).is_err());
        let mut t = terminal(1, "x");
        t["payload"]["status"] = json!("paused");
        assert!(c.check(&t).is_err());
        let mut t = terminal(1, "x");
        t["payload"]["persistence"] = json!("failed");
        assert!(c.check(&t).is_err(), "failed persistence forces failed status");
    }

    #[test]
    fn login_events_are_not_session_scoped_and_end_at_their_terminal() {
        let mut c = checker();
        let login = |name: &str, p: Value| {
            json!({"protocol_version":2,"kind":"event","event":name,"instance_id":"in_1","connection_id":"cn_1","session_id":null,
                   "operation_id":"op-9","grant_generation":null,"live_sequence":null,"payload":p})
        };
        c.check(&login(
            "auth.login.progress",
            json!({"login_id":"l-1","provider_id":"openai-codex","state":"waiting"}),
        ))
        .unwrap();
        let term = login(
            "auth.login.terminal",
            json!({"login_id":"l-1","provider_id":"openai-codex","state":"cancelled","cleanup_complete":true}),
        );
        let mut unclean = term.clone();
        unclean["payload"]["cleanup_complete"] = json!(false);
        assert!(c.check(&unclean).unwrap_err().contains("cleanup_complete"));
        c.check(&term).unwrap();
        assert!(c.check(&term).unwrap_err().contains("after the terminal"));
        let mut bad =
            login("auth.login.progress", json!({"login_id":"l-2","provider_id":"openai-codex","state":"waiting"}));
        bad["grant_generation"] = json!(1);
        assert!(c.check(&bad).is_err());
    }
}
