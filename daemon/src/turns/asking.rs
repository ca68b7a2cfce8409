//! The turn's side of approvals (issue #38): [`TurnAsker`] asks the person through the
//! session's controller when its connection negotiated the `approvals` profile, and tells it
//! how each request ended. Profile events are not sequenced: they never take a turn sequence
//! number, so a client that did not opt in sees exactly the stream it saw before.
//!
//! Events go out in the order they are made, through one delivery task per turn, each to the
//! controller current when it is sent (a take-over gets what follows its claim; what was
//! pending at the claim it gets from [`redeliver`]).

use std::sync::Arc;
use std::time::SystemTime;

use agentwire_protocol::{
    ApprovalChange, ApprovalChangeCommand, ApprovalChangeDiff, ApprovalOutcome, ApprovalRequested, ApprovalResolved,
    EventPayload, PermissionOption, Profile, SessionId, ToolKind,
};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::events::{ConnRegistry, Route};
use super::stored_args::{stored_args, MAX_STORED_ARGS_BYTES};
use crate::agent::acp::ask::{Asked, Asker, Change, Question};
use crate::approvals::{Approvals, Outcome, RegisterError, Resolution};
use crate::redact::truncate_on_char_boundary;
use crate::sessions::{Recipient, Sessions};

/// The daemon's pending approvals, each kept as the event that announces it.
pub type Registry = Approvals<Announced>;

/// A pending approval's event and the operation its turn's events are correlated to.
#[derive(Debug, Clone)]
pub struct Announced {
    pub operation_id: String,
    pub event: ApprovalRequested,
}

/// A title is a short summary; a proposed change's texts are cut to what one event carries.
const MAX_TITLE_BYTES: usize = 1024;
const MAX_CHANGE_TEXT_BYTES: usize = 4096;

/// The session's controller when its connection negotiated the approvals profile.
fn opted_in(sessions: &Sessions, conns: &ConnRegistry, session_id: &SessionId) -> Option<Recipient> {
    let recipient = sessions.controller(session_id)?;
    let out = conns.get(recipient.conn)?.upgrade()?;
    out.has_profile(Profile::Approvals).then_some(recipient)
}

/// Sends `payload` to the session's current controller when it opted in.
async fn deliver(route: &Route, payload: EventPayload) {
    let Some(recipient) = opted_in(&route.sessions, &route.conns, &route.session_id) else { return };
    let mut target = route.controller(recipient);
    route.deliver(&mut target, payload).await;
}

/// The running turn's asker.
pub struct TurnAsker {
    route: Route,
    approvals: Registry,
    events: mpsc::UnboundedSender<EventPayload>,
}

impl TurnAsker {
    /// The asker and its delivery task, which ends once the asker is dropped and every event
    /// it made was sent.
    pub fn new(route: Route, approvals: Registry) -> (TurnAsker, JoinHandle<()>) {
        let (events, mut rx) = mpsc::unbounded_channel();
        let delivery = route.clone();
        let task = tokio::spawn(async move {
            while let Some(payload) = rx.recv().await {
                deliver(&delivery, payload).await;
            }
        });
        (TurnAsker { route, approvals, events }, task)
    }
}

fn tool_kind(kind: &str) -> ToolKind {
    ToolKind::NAMES
        .iter()
        .position(|n| *n == kind)
        .and_then(|i| ToolKind::ALL.get(i))
        .copied()
        .unwrap_or(ToolKind::Other)
}

fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    format!("{}…", truncate_on_char_boundary(text, max.saturating_sub(3)))
}

fn change(change: Option<Change>) -> Option<ApprovalChange> {
    Some(match change? {
        Change::Diff { path, old_text, new_text } => ApprovalChange::Diff(ApprovalChangeDiff::new(
            cut(&path, MAX_CHANGE_TEXT_BYTES),
            old_text.map(|t| cut(&t, MAX_CHANGE_TEXT_BYTES)),
            cut(&new_text, MAX_CHANGE_TEXT_BYTES),
        )),
        Change::Command { command } => {
            ApprovalChange::Command(ApprovalChangeCommand::new(cut(&command, MAX_CHANGE_TEXT_BYTES)))
        }
    })
}

/// The call's arguments as JSON text, cut as the stream stores them; `None` when empty.
fn arguments(args: &serde_json::Value) -> Option<String> {
    let stored = stored_args(args);
    if stored.is_empty() {
        return None;
    }
    serde_json::to_string(&stored).ok().filter(|t| t.len() <= MAX_STORED_ARGS_BYTES)
}

/// The `approval.resolved` payload of a resolution.
pub fn resolved_event(session_id: &SessionId, turn_id: &str, approval_id: &str, r: &Resolution) -> ApprovalResolved {
    let (outcome, option_id, option_kind) = match &r.outcome {
        Outcome::Selected { option_id, kind } => (ApprovalOutcome::Selected, Some(option_id.clone()), Some(*kind)),
        Outcome::Cancelled => (ApprovalOutcome::Cancelled, None, None),
    };
    ApprovalResolved::new(approval_id, session_id.clone(), turn_id, outcome, option_id, option_kind, r.decided_by)
}

impl Asker for TurnAsker {
    fn present(&self) -> bool {
        opted_in(&self.route.sessions, &self.route.conns, &self.route.session_id).is_some()
    }

    fn ask(&self, q: Question) -> Result<Asked, RegisterError> {
        let route = &self.route;
        let options: Vec<PermissionOption> =
            q.options.iter().map(|o| PermissionOption::new(o.option_id.clone(), o.name.clone(), o.kind)).collect();
        let payload = |approval_id: &str, expires_at: SystemTime| {
            ApprovalRequested::new(
                approval_id,
                route.session_id.clone(),
                route.turn_id.clone(),
                q.call_id.clone(),
                cut(&q.title, MAX_TITLE_BYTES),
                tool_kind(&q.kind),
                arguments(&q.arguments),
                change(q.change.clone()),
                options,
                crate::timestamp::rfc3339_utc(expires_at),
            )
        };
        let mut made = None;
        let announced = |approval_id: &str, expires_at: SystemTime| {
            let event = payload(approval_id, expires_at);
            made = Some(event.clone());
            Announced { operation_id: route.operation_id.clone(), event }
        };
        let ticket = self.approvals.register(&route.session_id, &route.turn_id, q.options.clone(), announced)?;
        if let Some(event) = made {
            let _ = self.events.send(EventPayload::ApprovalRequested(Box::new(event)));
        }
        Ok(Asked { approval_id: ticket.approval_id().to_owned(), resolution: Box::pin(ticket.resolved()) })
    }

    fn resolved(&self, approval_id: &str, resolution: &Resolution) {
        let payload = resolved_event(&self.route.session_id, &self.route.turn_id, approval_id, resolution);
        let _ = self.events.send(EventPayload::ApprovalResolved(payload));
    }

    fn cancel_turn(&self) {
        self.approvals.cancel_turn(&self.route.session_id, &self.route.turn_id);
    }
}

/// After a claim or take-over: one `approval.requested` for each request of the session still
/// pending, to the new controller (after its claim response), when it opted in.
pub async fn redeliver(sessions: Sessions, conns: Arc<ConnRegistry>, approvals: Registry, session_id: SessionId) {
    let pending = approvals.pending(&session_id);
    if pending.is_empty() {
        return;
    }
    let Some(recipient) = opted_in(&sessions, &conns, &session_id) else { return };
    let mut route = Route { sessions, conns, session_id, turn_id: String::new(), operation_id: String::new() };
    let mut target = route.controller(recipient);
    for listed in pending {
        route.turn_id.clone_from(&listed.details.event.turn_id);
        route.operation_id = listed.details.operation_id;
        route.deliver(&mut target, EventPayload::ApprovalRequested(Box::new(listed.details.event))).await;
    }
}
