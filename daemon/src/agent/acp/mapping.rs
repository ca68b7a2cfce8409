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
//! Every call started gets its end by the end of the turn ([`Mapper::finish`]).

use std::collections::HashMap;

use agent_client_protocol::v1::schema::{
    ContentBlock, RequestPermissionRequest, SessionNotification, SessionUpdate, ToolCallLocation, ToolCallStatus,
    ToolKind,
};
use agentwire_protocol::{ActivityStatus, PermissionKind, PermissionOption};
use serde_json::value::RawValue;
use serde_json::{json, Value};

use super::policy;
use crate::agent::activity::{self, Ids};
use crate::agent::sink::{CallView, Origin, OutputLimit, TurnSink};
use crate::catalog::agents::{Permissions, Verdict};

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

/// One call as the stream knows it.
struct OpenCall {
    /// Start order, so calls left open end in the order they started.
    seq: usize,
    session_id: String,
    tool_name: String,
    kind: String,
    /// Why the policy rejected it, the `error` of its end.
    rejected: Option<String>,
}

pub struct Mapper<'a> {
    sink: &'a dyn TurnSink,
    ids: Ids,
    permissions: Permissions,
    /// By the agent's `toolCallId`; removed when ended.
    calls: HashMap<String, OpenCall>,
    thinking: String,
    /// Whether text was streamed since the last segment was journaled.
    text_open: bool,
    /// Calls started in this turn.
    started: usize,
}

fn kind_name(kind: ToolKind) -> String {
    serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_else(|| "other".to_owned())
}

fn status_of(status: ToolCallStatus) -> ActivityStatus {
    match status {
        ToolCallStatus::InProgress => ActivityStatus::Running,
        ToolCallStatus::Completed => ActivityStatus::Completed,
        ToolCallStatus::Failed => ActivityStatus::Failed,
        _ => ActivityStatus::Queued,
    }
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

/// An option ID the stream can carry: non-empty and within the ID bound.
fn usable_id(id: &str) -> bool {
    !id.is_empty() && id.len() as u64 <= agentwire_protocol::limits::MAX_ID_BYTES
}

impl<'a> Mapper<'a> {
    pub fn new(sink: &'a dyn TurnSink, ids: Ids, permissions: Permissions) -> Self {
        Mapper { sink, ids, permissions, calls: HashMap::new(), thinking: String::new(), text_open: false, started: 0 }
    }

    fn end_thinking(&mut self) {
        if !self.thinking.is_empty() {
            self.sink.thinking(&Origin::default(), &std::mem::take(&mut self.thinking));
        }
    }

    fn end_text(&mut self) {
        if self.text_open {
            self.sink.main_text_segment();
            self.text_open = false;
        }
    }

    /// One `session/update`, its params as received. `Err` when the assistant text would
    /// cross its bound.
    pub async fn update(&mut self, params: &RawValue) -> Result<(), OutputLimit> {
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
                ContentBlock::Text(t) if !t.text.is_empty() => {
                    self.end_thinking();
                    self.sink.delta(&t.text).await?;
                    self.text_open = true;
                }
                ContentBlock::Text(_) => {}
                _ => self.sink.service_note("The agent sent a content block that is not text; it is not shown."),
            },
            SessionUpdate::AgentThoughtChunk(chunk) => {
                if let ContentBlock::Text(t) = chunk.content {
                    self.end_text();
                    self.thinking.push_str(&t.text);
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
                self.start(call.tool_call_id.to_string(), kind, &view, &args, status_of(call.status));
                if matches!(call.status, ToolCallStatus::Completed | ToolCallStatus::Failed) {
                    self.end(&call.tool_call_id.to_string(), call.status);
                }
            }
            SessionUpdate::ToolCallUpdate(update) => {
                let id = update.tool_call_id.to_string();
                if !self.calls.contains_key(&id) {
                    let kind = update.fields.kind.map_or_else(|| "other".to_owned(), kind_name);
                    let view = CallView {
                        tool_name: update.fields.name.clone().unwrap_or_else(|| kind.clone()),
                        title: update.fields.title.clone().unwrap_or_else(|| "Unannounced tool call".to_owned()),
                        description: description(&kind, update.fields.locations.as_deref().unwrap_or_default()),
                        agent_title: None,
                    };
                    let args = update.fields.raw_input.clone().unwrap_or_else(|| json!({}));
                    self.start(id.clone(), kind, &view, &args, ActivityStatus::Queued);
                }
                match update.fields.status {
                    Some(s @ (ToolCallStatus::Completed | ToolCallStatus::Failed)) => self.end(&id, s),
                    Some(s) => self.activity(&id, status_of(s)),
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

    fn activity(&self, acp_id: &str, status: ActivityStatus) {
        if let Some(call) = self.calls.get(acp_id) {
            let id = self.ids.tool_call(&call.session_id);
            self.sink.activity(activity::tool(id, None, &call.tool_name, status, None));
        }
    }

    fn start(&mut self, acp_id: String, kind: String, view: &CallView, args: &Value, status: ActivityStatus) {
        self.end_thinking();
        self.end_text();
        if self.calls.contains_key(&acp_id) {
            // A repeated announcement is a status update.
            self.activity(&acp_id, status);
            return;
        }
        let session_id = self.sink.call_id(&acp_id);
        self.sink.tool_start(&Origin::default(), &session_id, view, args);
        self.calls.insert(
            acp_id.clone(),
            OpenCall { seq: self.started, session_id, tool_name: view.tool_name.clone(), kind, rejected: None },
        );
        self.started += 1;
        self.activity(&acp_id, status);
    }

    fn end(&mut self, acp_id: &str, status: ToolCallStatus) {
        self.activity(acp_id, status_of(status));
        let Some(call) = self.calls.remove(acp_id) else { return };
        let error = match (&call.rejected, status) {
            (Some(rejected), _) => Some(rejected.clone()),
            (None, ToolCallStatus::Failed) => Some("The agent reported that the call failed.".to_owned()),
            (None, _) => None,
        };
        self.sink.tool_end(&Origin::default(), &call.session_id, error.as_deref());
    }

    /// A `session/request_permission`: recorded, decided by the policy, answered. Returns the
    /// JSON-RPC result to send back.
    pub fn permission(&mut self, params: Value) -> Value {
        let cancelled = json!({"outcome": {"outcome": "cancelled"}});
        let Ok(request) = serde_json::from_value::<RequestPermissionRequest>(params) else {
            self.sink.service_note("The agent sent a malformed permission request; it was answered `cancelled`.");
            return cancelled;
        };
        let acp_id = request.tool_call.tool_call_id.to_string();
        let fields = &request.tool_call.fields;
        let announced_kind = self.calls.get(&acp_id).map(|c| c.kind.clone());
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
        self.start(acp_id.clone(), kind.clone(), &view, &args, ActivityStatus::Queued);
        let Some(call) = self.calls.get_mut(&acp_id) else { return cancelled };
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
        let decision = policy::decide(&self.permissions, &kind, &offered);
        if decision.verdict == Verdict::Reject {
            call.rejected = Some(format!("Rejected by the permission policy: `{kind}` calls are not allowed."));
        }
        if !options.is_empty() {
            self.sink.permission_request(&session_id, &view, &args, options);
        }
        match decision.option_id {
            Some(option_id) => {
                self.sink.permission_response(&session_id, &option_id);
                json!({"outcome": {"outcome": "selected", "optionId": option_id}})
            }
            None => {
                self.sink.service_note(&format!(
                    "The permission request offered no option the policy could choose for a `{kind}` call; it was answered `cancelled`."
                ));
                cancelled
            }
        }
    }

    /// The agent asked for something this client does not implement.
    pub fn unsupported(&self, method: &str) {
        self.sink.service_note(&format!(
            "The agent called `{method}`, which this daemon does not implement; it was answered `method not found`."
        ));
    }

    /// The turn settles: the last segments are journaled and every call still open ends with
    /// `reason` and `status` (or its rejection, `cancelled`), so no call shows as running
    /// forever.
    pub fn finish(&mut self, reason: &str, status: ActivityStatus) {
        self.end_thinking();
        self.end_text();
        let mut open: Vec<(usize, String)> = self.calls.iter().map(|(id, c)| (c.seq, id.clone())).collect();
        open.sort_unstable();
        let open = open.into_iter().map(|(_, id)| id);
        for acp_id in open {
            // A call the policy refused did not run, whatever became of the turn.
            let refused = self.calls.get(&acp_id).is_some_and(|c| c.rejected.is_some());
            self.activity(&acp_id, if refused { ActivityStatus::Cancelled } else { status });
            if let Some(call) = self.calls.remove(&acp_id) {
                let error = call.rejected.clone().unwrap_or_else(|| reason.to_owned());
                self.sink.tool_end(&Origin::default(), &call.session_id, Some(&error));
            }
        }
    }
}
