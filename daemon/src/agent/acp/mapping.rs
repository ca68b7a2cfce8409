//! An ACP turn into the session stream and wire v2, through [`TurnSink`]:
//!
//! - `agent_message_chunk` text: assistant deltas and durable agent `text`;
//! - `agent_thought_chunk` text: `text` with `thinking:true` (stored, never replayed or sent);
//! - `tool_call` / `tool_call_update`: `turn.activity` tool states (pending → queued,
//!   in_progress → running, completed, failed) and `tool-call-start` (the agent's `title`, a
//!   description from its `kind` and locations, `rawInput` as `args`) / `tool-call-end`;
//! - `session/request_permission`: `permission-request` (announcing the call first when the
//!   agent did not), the policy's answer as `permission-response`;
//! - `plan`: a `service` note listing the entries; a content block that is not text, an
//!   unknown update kind, a malformed update or a request this client does not implement:
//!   a `service` note saying what was skipped, so nothing the agent sent is lost silently;
//! - the other known kinds (`user_message_chunk`, `available_commands_update`,
//!   `current_mode_update`, `config_option_update`, `session_info_update`, `usage_update`,
//!   notices and compaction updates) carry no output of the turn and are not recorded.
//!
//! A call's life (its activity with its `tool-call-start` and `tool-call-end`, its states,
//! its end when the turn settles) and the text and thinking segments are
//! [`crate::agent::calls`]'s; this module only says what each update means for them.

use std::collections::HashMap;

use agent_client_protocol::v1::schema::{
    ContentBlock, RequestPermissionRequest, SessionNotification, SessionUpdate, ToolCallLocation, ToolCallStatus,
    ToolKind,
};
use agentwire_protocol::{PermissionKind, PermissionOption};
use serde_json::value::RawValue;
use serde_json::{json, Value};

use super::ask::{change_of, edited_paths, Asker, Question, EDIT_KIND};
use super::policy;
use crate::agent::calls::{CallState, Calls, End, NewCall, Segments, Shown};
use crate::agent::sink::{CallView, Origin, OutputLimit, TurnSink};
use crate::approvals::{DecidedBy, Offered, Outcome, Resolution};
use crate::catalog::agents::{Permissions, Verdict};
use crate::providers::BoxFuture;

/// Update kinds of ACP v1 this bridge knows (mapped or deliberately not recorded).
const KNOWN_KINDS: &[&str] = &[
    "user_message_chunk",
    "agent_message_chunk",
    "agent_thought_chunk",
    "tool_call",
    "tool_call_update",
    "plan",
    "available_commands_update",
    "current_mode_update",
    "config_option_update",
    "session_info_update",
    "usage_update",
    "notice",
    "compaction_update",
    "compaction_summary_chunk",
];

/// The kind of an update, read without the rest.
#[derive(serde::Deserialize)]
struct KindOf<'a> {
    #[serde(borrow)]
    update: Kind<'a>,
}

#[derive(serde::Deserialize)]
struct Kind<'a> {
    #[serde(borrow, rename = "sessionUpdate")]
    kind: std::borrow::Cow<'a, str>,
}

/// A text `agent_message_chunk`, read borrowing its text: a stream's every update, spared the
/// SDK's typed parse (its tagged enums buffer the whole update before reading it). Only the
/// members ACP defines for it are read; those the SDK reads leniently (`_meta`, `messageId`,
/// `annotations`: any value, dropped on error) are skipped, and any other member sends the
/// update down the typed path, so what this accepts the typed parse accepts alike.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainChunk<'a> {
    #[serde(borrow, rename = "sessionId")]
    _session_id: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    update: PlainUpdate<'a>,
    #[serde(default, rename = "_meta")]
    _meta: Option<serde::de::IgnoredAny>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainUpdate<'a> {
    #[serde(borrow, rename = "sessionUpdate")]
    kind: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    content: PlainText<'a>,
    #[serde(default, rename = "messageId")]
    _message_id: Option<serde::de::IgnoredAny>,
    #[serde(default, rename = "_meta")]
    _meta: Option<serde::de::IgnoredAny>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainText<'a> {
    #[serde(borrow, rename = "type")]
    kind: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    text: std::borrow::Cow<'a, str>,
    #[serde(default, rename = "annotations")]
    _annotations: Option<serde::de::IgnoredAny>,
    #[serde(default, rename = "_meta")]
    _meta: Option<serde::de::IgnoredAny>,
}

/// The text of `params` when it is a [`PlainChunk`] of text.
fn plain_text(params: &RawValue) -> Option<std::borrow::Cow<'_, str>> {
    let chunk = serde_json::from_str::<PlainChunk<'_>>(params.get()).ok()?;
    let update = chunk.update;
    (update.kind == "agent_message_chunk" && update.content.kind == "text").then_some(update.content.text)
}

/// An open call as the agent names it.
struct Known {
    /// Its session call ID, under which [`Calls`] keeps it.
    session_id: String,
    kind: String,
}

pub struct Mapper<'a> {
    sink: &'a dyn TurnSink,
    calls: &'a Calls,
    permissions: Permissions,
    /// By the agent's `toolCallId`; removed when ended.
    known: HashMap<String, Known>,
    segments: Segments<'a>,
}

fn kind_name(kind: ToolKind) -> String {
    serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_else(|| "other".to_owned())
}

/// The state of a call the agent reports `status` of (a finished call ran).
fn state_of(status: ToolCallStatus) -> CallState {
    match status {
        ToolCallStatus::InProgress | ToolCallStatus::Completed | ToolCallStatus::Failed => CallState::Running,
        _ => CallState::Queued,
    }
}

fn finished(status: ToolCallStatus) -> bool {
    matches!(status, ToolCallStatus::Completed | ToolCallStatus::Failed)
}

/// "An `edit` call on `a`, `b`": the kind and the locations the agent named.
fn description(kind: &str, locations: &[ToolCallLocation]) -> String {
    let mut text = format!("An ACP `{kind}` call");
    if !locations.is_empty() {
        let paths: Vec<String> = locations.iter().take(3).map(|l| format!("`{}`", l.path.display())).collect();
        text.push_str(" on ");
        text.push_str(&paths.join(", "));
        if locations.len() > 3 {
            text.push_str(&format!(" and {} more", locations.len() - 3));
        }
    }
    text
}

fn permission_kind(kind: agent_client_protocol::v1::schema::PermissionOptionKind) -> PermissionKind {
    use agent_client_protocol::v1::schema::PermissionOptionKind as K;
    match kind {
        K::AllowOnce => PermissionKind::AllowOnce,
        K::AllowAlways => PermissionKind::AllowAlways,
        K::RejectOnce => PermissionKind::RejectOnce,
        _ => PermissionKind::RejectAlways,
    }
}

/// The offered options in ACP's terms, for the policy's answer.
fn offered_acp(offered: &[Offered]) -> Vec<agent_client_protocol::v1::schema::PermissionOption> {
    use agent_client_protocol::v1::schema::{PermissionOption as AcpOption, PermissionOptionKind as K};
    offered
        .iter()
        .map(|o| {
            let kind = match o.kind {
                PermissionKind::AllowOnce => K::AllowOnce,
                PermissionKind::AllowAlways => K::AllowAlways,
                PermissionKind::RejectOnce => K::RejectOnce,
                PermissionKind::RejectAlways => K::RejectAlways,
            };
            AcpOption::new(o.option_id.clone(), o.name.clone(), kind)
        })
        .collect()
}

/// A permission request asked of the person, waiting for its end.
pub struct Waiting {
    acp_id: String,
    pub approval_id: String,
    /// The files an `edit` request names ([`edited_paths`]): the person's allow permits writing them.
    pub paths: Vec<std::path::PathBuf>,
    /// Whether it is an `edit` request: the person's "always" answer to one is remembered for
    /// the session's writes ([`super::ask::ApprovedWrites`]).
    pub edit: bool,
}

/// What became of one permission request.
pub enum Permission {
    /// Answered at once: the JSON-RPC result to send the agent.
    Answered(Value),
    /// Asked of the person: the turn awaits its end.
    Asked(Waiting, BoxFuture<'static, Resolution>),
}

/// An option ID the stream can carry: non-empty and within the ID bound.
fn usable_id(id: &str) -> bool {
    !id.is_empty() && id.len() as u64 <= agentwire_protocol::limits::MAX_ID_BYTES
}

impl<'a> Mapper<'a> {
    pub fn new(sink: &'a dyn TurnSink, calls: &'a Calls, permissions: Permissions) -> Self {
        Mapper { sink, calls, permissions, known: HashMap::new(), segments: Segments::main(sink) }
    }

    /// The agent's message text: an assistant delta, ending a thinking segment.
    async fn assistant_text(&mut self, text: &str) -> Result<(), OutputLimit> {
        if !text.is_empty() {
            self.segments.end_thinking();
            self.sink.delta(text).await?;
        }
        Ok(())
    }

    /// One `session/update`, its params as received. `Err` when the assistant text would
    /// cross its bound.
    pub async fn update(&mut self, params: &RawValue) -> Result<(), OutputLimit> {
        if let Some(text) = plain_text(params) {
            return self.assistant_text(&text).await;
        }
        let kind = serde_json::from_str::<KindOf<'_>>(params.get()).map(|k| k.update.kind).unwrap_or_default();
        if !KNOWN_KINDS.contains(&kind.as_ref()) {
            let shown = crate::redact::truncate_on_char_boundary(&kind, 64).to_owned();
            self.sink.service_note(&format!(
                "The agent sent an update of a kind this daemon does not know (`{shown}`); it was skipped."
            ));
            return Ok(());
        }
        let Ok(notification) = serde_json::from_str::<SessionNotification>(params.get()) else {
            self.sink.service_note(&format!("The agent sent a malformed `{kind}` update; it was skipped."));
            return Ok(());
        };
        match notification.update {
            SessionUpdate::AgentMessageChunk(chunk) => match chunk.content {
                ContentBlock::Text(t) => self.assistant_text(&t.text).await?,
                _ => self.sink.service_note("The agent sent a content block that is not text; it is not shown."),
            },
            SessionUpdate::AgentThoughtChunk(chunk) => {
                if let ContentBlock::Text(t) = chunk.content {
                    self.segments.think(&t.text, "");
                }
            }
            SessionUpdate::ToolCall(call) => {
                let kind = kind_name(call.kind);
                let view = CallView {
                    tool_name: call.name.clone().unwrap_or_else(|| kind.clone()),
                    title: call.title.clone(),
                    description: description(&kind, &call.locations),
                    agent_title: None,
                };
                let args = call.raw_input.clone().unwrap_or_else(|| json!({}));
                let id = call.tool_call_id.to_string();
                // A call announced finished starts (it ran) and ends at once; a repeated
                // announcement of a finished call is its end alone.
                if !finished(call.status) || !self.known.contains_key(&id) {
                    self.start(id.clone(), kind, &view, &args, state_of(call.status));
                }
                if finished(call.status) {
                    self.end(&id, call.status);
                }
            }
            SessionUpdate::ToolCallUpdate(update) => {
                let id = update.tool_call_id.to_string();
                if !self.known.contains_key(&id) {
                    let kind = update.fields.kind.map_or_else(|| "other".to_owned(), kind_name);
                    let view = CallView {
                        tool_name: update.fields.name.clone().unwrap_or_else(|| kind.clone()),
                        title: update.fields.title.clone().unwrap_or_else(|| "Unannounced tool call".to_owned()),
                        description: description(&kind, update.fields.locations.as_deref().unwrap_or_default()),
                        agent_title: None,
                    };
                    let args = update.fields.raw_input.clone().unwrap_or_else(|| json!({}));
                    self.start(id.clone(), kind, &view, &args, CallState::Queued);
                }
                match update.fields.status {
                    Some(s) if finished(s) => self.end(&id, s),
                    Some(s) => self.set_state(&id, state_of(s)),
                    None => {}
                }
            }
            SessionUpdate::Plan(plan) => {
                let mut text = String::from("The agent's plan:");
                for entry in &plan.entries {
                    let status = serde_json::to_value(&entry.status).ok().and_then(|v| v.as_str().map(str::to_owned));
                    text.push_str(&format!("\n- [{}] {}", status.unwrap_or_default(), entry.content));
                }
                self.sink.service_note(&text);
            }
            _ => {}
        }
        Ok(())
    }

    /// A call the agent reports in `state`: announced now (the segments before it end), or,
    /// when it was announced already, moved to `state`.
    fn start(&mut self, acp_id: String, kind: String, view: &CallView, args: &Value, state: CallState) {
        self.segments.end("");
        if self.known.contains_key(&acp_id) {
            // A repeated announcement is a status update.
            self.set_state(&acp_id, state);
            return;
        }
        let session_id = self.sink.call_id(&acp_id);
        let new = NewCall {
            origin: Origin::default(),
            id: session_id.clone(),
            view,
            args,
            shown: Shown::Tool { name: view.tool_name.clone() },
            parent: None,
        };
        // A session call ID is new (`TurnSink::call_id`): the start cannot be refused.
        let _ = self.calls.start(new, state);
        self.known.insert(acp_id, Known { session_id, kind });
    }

    /// A status update; one the call's life refuses (a call that ran does not go back to
    /// queued) changes nothing.
    fn set_state(&self, acp_id: &str, state: CallState) {
        if let Some(call) = self.known.get(acp_id) {
            let _ = self.calls.set_state(&call.session_id, state);
        }
    }

    fn end(&mut self, acp_id: &str, status: ToolCallStatus) {
        let Some(call) = self.known.remove(acp_id) else { return };
        let end = match status {
            ToolCallStatus::Failed => End::Failed("The agent reported that the call failed."),
            _ => End::Completed,
        };
        let _ = self.calls.end(&call.session_id, end, None);
    }

    /// A `session/request_permission`: recorded, then decided by the policy, or, for an
    /// `ask` verdict while an opted-in front end controls the session, asked of the person
    /// through `asker` ([`Permission::Asked`]; the turn awaits it and calls
    /// [`Mapper::permission_resolved`]).
    pub fn permission(&mut self, params: Value, asker: Option<&dyn Asker>) -> Permission {
        let cancelled = json!({"outcome": {"outcome": "cancelled"}});
        let Ok(request) = serde_json::from_value::<RequestPermissionRequest>(params) else {
            self.sink.service_note("The agent sent a malformed permission request; it was answered `cancelled`.");
            return Permission::Answered(cancelled);
        };
        let acp_id = request.tool_call.tool_call_id.to_string();
        let fields = &request.tool_call.fields;
        let announced_kind = self.known.get(&acp_id).map(|c| c.kind.clone());
        let kind = fields.kind.map(kind_name).or(announced_kind).unwrap_or_else(|| "other".to_owned());
        let view = CallView {
            tool_name: fields.name.clone().unwrap_or_else(|| kind.clone()),
            title: fields.title.clone().unwrap_or_else(|| "Permission request".to_owned()),
            description: description(&kind, fields.locations.as_deref().unwrap_or_default()),
            agent_title: None,
        };
        let args = fields.raw_input.clone().unwrap_or_else(|| json!({}));
        // "between tool-call-start and tool-call-end": a call the agent never announced is
        // announced here first.
        self.start(acp_id.clone(), kind.clone(), &view, &args, CallState::WaitingForPermission);
        let Some(call) = self.known.get_mut(&acp_id) else { return Permission::Answered(cancelled) };
        call.kind = kind.clone();
        let session_id = call.session_id.clone();
        let offered: Vec<_> = request.options.iter().filter(|o| usable_id(&o.option_id.to_string())).cloned().collect();
        let options: Vec<PermissionOption> = offered
            .iter()
            .map(|o| {
                let id = o.option_id.to_string();
                let label = if o.name.trim().is_empty() { id.clone() } else { o.name.clone() };
                PermissionOption::new(id, label, permission_kind(o.kind))
            })
            .collect();
        if !options.is_empty() {
            self.sink.permission_request(&session_id, &view, &args, options.clone());
        }
        let asker = asker.filter(|a| a.present());
        // Who decided, when the person was to be asked; `None`: the policy without asking.
        let mut decided_by = None;
        let decision = match policy::route(&self.permissions, &kind, &offered, asker.is_some() && !options.is_empty()) {
            policy::Route::Answer(decision) => decision,
            policy::Route::Ask => {
                let offered: Vec<Offered> = options
                    .iter()
                    .map(|o| Offered { option_id: o.id.clone(), name: o.label.clone(), kind: o.kind })
                    .collect();
                let question = Question {
                    call_id: session_id.clone(),
                    title: view.title.clone(),
                    kind: kind.clone(),
                    arguments: args.clone(),
                    change: change_of(fields),
                    options: offered.clone(),
                };
                match asker.map(|a| a.ask(question)) {
                    Some(Ok(asked)) => {
                        let paths = edited_paths(&kind, fields);
                        let edit = kind == EDIT_KIND;
                        let waiting = Waiting { acp_id, approval_id: asked.approval_id, paths, edit };
                        return Permission::Asked(waiting, asked.resolution);
                    }
                    // Past a bound: the policy answers at once, as it does with nobody to ask.
                    Some(Err(e)) => {
                        self.sink.service_note(&format!("The permission request was answered by the policy: {e}."));
                        decided_by = Some(DecidedBy::Policy);
                        policy::answer(Verdict::Ask, &offered_acp(&offered))
                    }
                    None => policy::answer(Verdict::Ask, &request.options),
                }
            }
        };
        if decision.verdict == Verdict::Reject {
            let why = format!("Rejected by the permission policy: `{kind}` calls are not allowed.");
            let _ = self.calls.refuse(&session_id, why);
        }
        match decision.option_id {
            Some(option_id) => {
                self.sink.permission_response(&session_id, &option_id, decided_by);
                Permission::Answered(json!({"outcome": {"outcome": "selected", "optionId": option_id}}))
            }
            None => {
                self.sink.service_note(&format!(
                    "The permission request offered no option the policy could choose for a `{kind}` call; it was answered `cancelled`."
                ));
                Permission::Answered(cancelled)
            }
        }
    }

    /// How an asked request ended: recorded (one `permission-response` naming who decided,
    /// or a `service` note for `cancelled`) and the JSON-RPC result to send the agent.
    pub fn permission_resolved(&mut self, waiting: &Waiting, resolution: &Resolution) -> Value {
        let Some(call) = self.known.get(&waiting.acp_id) else {
            return json!({"outcome": {"outcome": "cancelled"}});
        };
        let session_id = call.session_id.clone();
        let who = match resolution.decided_by {
            DecidedBy::Person => "the person",
            DecidedBy::Policy => "the permission policy",
            DecidedBy::Deadline => "the deadline (nobody answered in time)",
            DecidedBy::Cancel => "the turn's cancel",
        };
        match &resolution.outcome {
            Outcome::Selected { option_id, kind } => {
                if matches!(kind, PermissionKind::RejectOnce | PermissionKind::RejectAlways) {
                    let _ = self.calls.refuse(&session_id, format!("Rejected by {who}."));
                }
                self.sink.permission_response(&session_id, option_id, Some(resolution.decided_by));
                json!({"outcome": {"outcome": "selected", "optionId": option_id}})
            }
            Outcome::Cancelled => {
                let why = format!("Not allowed: the permission request was answered `cancelled` by {who}.");
                let _ = self.calls.refuse(&session_id, why);
                self.sink.service_note(&format!("The permission request was answered `cancelled` by {who}."));
                json!({"outcome": {"outcome": "cancelled"}})
            }
        }
    }

    /// The agent asked for something this client does not implement.
    pub fn unsupported(&self, method: &str) {
        self.sink.service_note(&format!(
            "The agent called `{method}`, which this daemon does not implement; it was answered `method not found`."
        ));
    }

    /// The turn's runtime ended: the last segments are journaled (the calls still open end
    /// when the turn settles, [`Calls::settle`]).
    pub fn finish(&mut self) {
        self.segments.end("");
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::agent::activity::Ids;
    use crate::agent::calls::tests::Fake;

    /// A `session/update`'s params as the mapper receives them.
    fn update(kind: &str, fields: Value) -> Box<RawValue> {
        let mut update = json!({"sessionUpdate": kind});
        update.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
        serde_json::value::to_raw_value(&json!({"sessionId": "s", "update": update})).unwrap()
    }

    /// What the mapper makes of `params`, and what the typed parse alone says it is.
    async fn mapped(params: &RawValue) -> (Vec<String>, Option<String>) {
        let fake = Arc::new(Fake::default());
        let calls = Calls::new(fake.clone(), Ids::new("t"));
        let mut mapper = Mapper::new(&*fake, &calls, Permissions::default());
        mapper.update(params).await.unwrap();
        let typed = serde_json::from_str::<SessionNotification>(params.get()).ok().and_then(|n| match n.update {
            SessionUpdate::AgentMessageChunk(c) => match c.content {
                ContentBlock::Text(t) => Some(t.text),
                _ => None,
            },
            _ => None,
        });
        (fake.take(), typed)
    }

    #[tokio::test]
    async fn a_text_chunk_read_without_the_typed_parse_is_the_text_the_typed_parse_reads() {
        // Every chunk shape the plain path takes, and those it leaves to the typed path
        // (another member, another content type, a malformed update): the same deltas and notes.
        let raw = |v: Value| serde_json::value::to_raw_value(&v).unwrap();
        let chunk = |content: Value| update("agent_message_chunk", json!({ "content": content }));
        let cases = [
            (chunk(json!({"type": "text", "text": "a \"quoted\" é\n"})), Some("a \"quoted\" é\n")),
            (chunk(json!({"type": "text", "text": "x", "annotations": 5, "_meta": "odd"})), Some("x")),
            (
                raw(json!({"sessionId": "s", "_meta": {}, "update":
                    {"sessionUpdate": "agent_message_chunk", "messageId": 7, "content": {"type": "text", "text": "y"}}})),
                Some("y"),
            ),
            (chunk(json!({"type": "text", "text": "z", "extra": true})), Some("z")),
            (chunk(json!({"type": "text", "text": ""})), Some("")),
            (chunk(json!({"type": "image", "data": "AA==", "mimeType": "image/png"})), None),
            (chunk(json!({"type": "text", "text": 5})), None),
            (
                raw(json!({"sessionId": 5, "update": {"sessionUpdate": "agent_message_chunk",
                "content": {"type": "text", "text": "w"}}})),
                None,
            ),
        ];
        for (params, text) in cases {
            let (out, typed) = mapped(&params).await;
            assert_eq!(typed.as_deref(), text, "{params}");
            let expected: Vec<String> = match text {
                Some("") => vec![],
                Some(t) => vec![format!("delta {t}")],
                None => out.iter().filter(|o| o.starts_with("service ")).cloned().collect(),
            };
            assert_eq!(out, expected, "{params}");
            assert!(text.is_some() || out.len() == 1, "a chunk without text is noted: {params}");
        }
    }

    #[tokio::test]
    async fn a_call_announced_finished_starts_as_having_run_and_ends_at_once() {
        let fake = Arc::new(Fake::default());
        let calls = Calls::new(fake.clone(), Ids::new("t"));
        let mut mapper = Mapper::new(&*fake, &calls, Permissions::default());
        let done = json!({"toolCallId": "c1", "title": "Read", "kind": "read", "status": "completed"});
        mapper.update(&update("tool_call", done)).await.unwrap();
        assert_eq!(
            fake.take(),
            [
                "text",
                "activity tool running",
                "tool-call-start t/c1 read",
                "activity tool completed",
                "tool-call-end t/c1 -"
            ]
        );
    }

    #[tokio::test]
    async fn a_status_that_goes_back_to_pending_after_running_changes_nothing() {
        let fake = Arc::new(Fake::default());
        let calls = Calls::new(fake.clone(), Ids::new("t"));
        let mut mapper = Mapper::new(&*fake, &calls, Permissions::default());
        let running = json!({"toolCallId": "c1", "title": "Build", "kind": "execute", "status": "in_progress"});
        mapper.update(&update("tool_call", running)).await.unwrap();
        fake.take();
        mapper.update(&update("tool_call_update", json!({"toolCallId": "c1", "status": "pending"}))).await.unwrap();
        assert!(fake.take().is_empty(), "a call that ran does not go back to queued");
        mapper.update(&update("tool_call_update", json!({"toolCallId": "c1", "status": "failed"}))).await.unwrap();
        assert_eq!(
            fake.take(),
            ["activity tool failed", "tool-call-end t/c1 The agent reported that the call failed."]
        );
    }
}

#[cfg(test)]
mod known_kinds {
    use super::{SessionUpdate, KNOWN_KINDS};

    /// Every kind the SDK's `SessionUpdate` deserializes: serde names them all when refusing a
    /// kind it does not know ("unknown variant `x`, expected one of `a`, `b`, ...").
    fn sdk_kinds() -> Vec<String> {
        let refused = serde_json::from_value::<SessionUpdate>(serde_json::json!({"sessionUpdate": "no such kind"}));
        let message = refused.expect_err("an unknown kind is refused").to_string();
        let listed = message.split_once("expected one of").map_or("", |(_, l)| l);
        listed.split('`').skip(1).step_by(2).map(str::to_owned).collect()
    }

    #[test]
    fn the_known_update_kinds_are_exactly_the_sdks() {
        // An SDK upgrade that adds (or drops) a kind fails here, instead of its updates being
        // noted as unknown at run time.
        let mut sdk = sdk_kinds();
        sdk.sort();
        let mut known: Vec<String> = KNOWN_KINDS.iter().map(|k| (*k).to_owned()).collect();
        known.sort();
        assert!(sdk.len() > 5, "the SDK's refusal lists its kinds: {sdk:?}");
        assert_eq!(known, sdk, "KNOWN_KINDS against the SDK's `SessionUpdate`");
    }
}
