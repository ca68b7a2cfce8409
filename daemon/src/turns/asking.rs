//! The turn's side of approvals (issue #38): [`TurnAsker`] asks the person through the
//! session's controller when its connection negotiated the `approvals` profile, and tells it
//! how each request ended. Profile events are not sequenced: they never take a turn sequence
//! number, so a client that did not opt in sees exactly the stream it saw before.
//!
//! Events go out in the order they are made, through one delivery task per turn, each to the
//! controller current when it is sent. A claim or take-over ([`redeliver`]) asks each turn
//! with pending requests to announce them again, through the same task: the task remembers
//! which controller (connection and grant) each pending request reached, so a claimant gets
//! each request exactly once, whether the turn's own delivery or the claim's reached it first,
//! and never after the request's `approval.resolved`.

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

/// A pending approval's event, and its turn's delivery task (to announce it again).
#[derive(Debug, Clone)]
pub struct Announced {
    pub event: ApprovalRequested,
    delivery: mpsc::UnboundedSender<Delivery>,
}

/// What a turn's delivery task is asked to send.
#[derive(Debug)]
enum Delivery {
    Event(EventPayload),
    /// The session was claimed: its new controller gets each pending request it has not had.
    Claimed,
}

/// A controller as the delivery task tells them apart: its connection and its grant.
type Reached = (crate::sessions::ConnectionId, u64);

/// A title is a short summary; a proposed change's texts are cut to what one event carries.
const MAX_TITLE_BYTES: usize = 1024;
const MAX_CHANGE_TEXT_BYTES: usize = 4096;

/// The session's controller when its connection negotiated the approvals profile.
fn opted_in(sessions: &Sessions, conns: &ConnRegistry, session_id: &SessionId) -> Option<Recipient> {
    let recipient = sessions.controller(session_id)?;
    let out = conns.get(recipient.conn)?.upgrade()?;
    out.has_profile(Profile::Approvals).then_some(recipient)
}

/// Sends `payload` to the session's current controller when it opted in, unless it is one of
/// `reached`; returns the controller it reached.
async fn deliver(route: &Route, payload: EventPayload, reached: &[Reached]) -> Option<Reached> {
    let recipient = opted_in(&route.sessions, &route.conns, &route.session_id)?;
    let who = (recipient.conn, recipient.grant_generation);
    if reached.contains(&who) {
        return None;
    }
    let mut target = route.controller(recipient);
    route.deliver(&mut target, payload).await;
    target.map(|_| who)
}

/// The turn's delivery task: sends its events in order and re-announces its pending requests
/// to a new controller, each request once per controller.
async fn delivery(route: Route, mut rx: mpsc::UnboundedReceiver<Delivery>) {
    // The turn's requests announced and not resolved yet, with the controllers they reached.
    let mut pending: Vec<(ApprovalRequested, Vec<Reached>)> = Vec::new();
    while let Some(next) = rx.recv().await {
        match next {
            Delivery::Event(EventPayload::ApprovalRequested(event)) => {
                let reached = deliver(&route, EventPayload::ApprovalRequested(event.clone()), &[]).await;
                pending.push((*event, reached.into_iter().collect()));
            }
            Delivery::Event(payload) => {
                if let EventPayload::ApprovalResolved(r) = &payload {
                    pending.retain(|(e, _)| e.approval_id != r.approval_id);
                }
                deliver(&route, payload, &[]).await;
            }
            Delivery::Claimed => {
                for (event, reached) in &mut pending {
                    let payload = EventPayload::ApprovalRequested(Box::new(event.clone()));
                    if let Some(who) = deliver(&route, payload, reached).await {
                        reached.push(who);
                    }
                }
            }
        }
    }
}

/// The running turn's asker.
pub struct TurnAsker {
    route: Route,
    approvals: Registry,
    events: mpsc::UnboundedSender<Delivery>,
}

impl TurnAsker {
    /// The asker and its delivery task, which ends once the asker is dropped and every event
    /// it made was sent.
    pub fn new(route: Route, approvals: Registry) -> (TurnAsker, JoinHandle<()>) {
        let (events, rx) = mpsc::unbounded_channel();
        let task = tokio::spawn(delivery(route.clone(), rx));
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
            Announced { event, delivery: self.events.clone() }
        };
        let ticket = self.approvals.register(&route.session_id, &route.turn_id, q.options.clone(), announced)?;
        if let Some(event) = made {
            let _ = self.events.send(Delivery::Event(EventPayload::ApprovalRequested(Box::new(event))));
        }
        Ok(Asked { approval_id: ticket.approval_id().to_owned(), resolution: Box::pin(ticket.resolved()) })
    }

    fn resolved(&self, approval_id: &str, resolution: &Resolution) {
        let payload = resolved_event(&self.route.session_id, &self.route.turn_id, approval_id, resolution);
        let _ = self.events.send(Delivery::Event(EventPayload::ApprovalResolved(payload)));
    }

    fn cancel_turn(&self) {
        self.approvals.cancel_turn(&self.route.session_id, &self.route.turn_id);
    }
}

/// After a claim or take-over: one `approval.requested` for each request of the session still
/// pending, to the new controller (after its claim response) when it opted in, through the
/// delivery task of the request's turn (see the module's note).
pub fn redeliver(approvals: &Registry, session_id: &SessionId) {
    for listed in approvals.pending(session_id) {
        let _ = listed.details.delivery.send(Delivery::Claimed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::approvals::{Limits, Offered};
    use crate::operations::ResponseGate;
    use crate::wire::{test_pair, ConnCtx, Offer};
    use agentwire_protocol::{EventName, PermissionKind, SessionClaimRequest};
    use serde_json::Value;
    use std::sync::Arc;
    use std::time::Duration;
    use tokio::io::{BufReader, Lines};
    use tokio::net::UnixStream;

    type Peer = Lines<BufReader<UnixStream>>;

    /// A connection registered as `seq` that negotiated approvals.
    fn opted_in_connection(conns: &ConnRegistry, seq: u64) -> (ConnCtx, Peer) {
        let (cx, peer) = test_pair(seq);
        let offer = [Offer { profile: Profile::Approvals, versions: &[1] }];
        cx.negotiate_profile(&offer, Profile::Approvals.as_str(), 1).unwrap();
        conns.register(seq, &cx.outbound);
        (cx, peer)
    }

    async fn claim(route: &Route, seq: u64, take_over: bool) {
        let request = SessionClaimRequest::new().with_take_over(take_over);
        route.sessions.claim(seq, &route.session_id, request, ResponseGate::open()).await.unwrap();
    }

    /// A session claimed by connection 1, and the route of a turn on it.
    async fn setup(tmp: &tempfile::TempDir) -> (Route, Registry) {
        let sessions = Sessions::new(tmp.path().to_path_buf());
        let session_id = sessions.create().await.unwrap().session_id;
        let conns = Arc::new(ConnRegistry::default());
        let route = Route { sessions, conns, session_id, turn_id: "t-1".into(), operation_id: "op-1".into() };
        claim(&route, 1, false).await;
        let limits = Limits { per_session: 4, per_daemon: 16, max_options: 8, deadline: Duration::from_secs(60) };
        (route, Registry::new(limits))
    }

    fn question() -> Question {
        let option = |id: &str, kind| Offered { option_id: id.into(), name: id.into(), kind };
        Question {
            call_id: "call-1".into(),
            title: "Edit config.toml".into(),
            kind: "edit".into(),
            arguments: serde_json::json!({}),
            change: None,
            options: vec![option("yes", PermissionKind::AllowOnce), option("no", PermissionKind::RejectOnce)],
        }
    }

    /// The names of the events the peer reads until it reads nothing for a while.
    async fn events(peer: &mut Peer) -> Vec<Value> {
        let mut got = Vec::new();
        while let Ok(Ok(Some(line))) = tokio::time::timeout(Duration::from_millis(200), peer.next_line()).await {
            got.push(serde_json::from_str::<Value>(&line).unwrap());
        }
        got
    }

    fn named(got: &[Value], event: EventName) -> Vec<&Value> {
        got.iter().filter(|v| v["event"] == event.as_str()).collect()
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_take_over_while_a_request_is_on_its_way_receives_it_exactly_once() {
        // "a connection that claims or takes over the session receives the pending requests
        // and can answer them": the request is pending at the claim but not yet delivered by
        // the turn, so both the claim's re-delivery and the turn's delivery could send it.
        let tmp = tempfile::tempdir().unwrap();
        let (route, approvals) = setup(&tmp).await;
        let (_first, _first_peer) = opted_in_connection(&route.conns, 1);
        let (_second, mut second_peer) = opted_in_connection(&route.conns, 2);
        let (asker, delivery) = TurnAsker::new(route.clone(), approvals.clone());
        let asked = asker.ask(question()).unwrap();
        claim(&route, 2, true).await;
        redeliver(&approvals, &route.session_id);
        let got = events(&mut second_peer).await;
        let requested = named(&got, EventName::ApprovalRequested);
        assert_eq!(requested.len(), 1, "{got:?}");
        assert_eq!(requested[0]["payload"]["approval_id"], asked.approval_id.as_str());
        drop(asked);
        drop(asker);
        delivery.await.unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn each_claimant_gets_a_pending_request_once_and_none_after_its_end() {
        // "A connection that claims or takes over a session with pending approvals receives
        // one `approval.requested` for each, right after its claim response."
        let tmp = tempfile::tempdir().unwrap();
        let (route, approvals) = setup(&tmp).await;
        let (_first, mut first_peer) = opted_in_connection(&route.conns, 1);
        let (_second, mut second_peer) = opted_in_connection(&route.conns, 2);
        let (asker, delivery) = TurnAsker::new(route.clone(), approvals.clone());
        let asked = asker.ask(question()).unwrap();
        assert_eq!(named(&events(&mut first_peer).await, EventName::ApprovalRequested).len(), 1);
        // A repeated claim notice for the same controller sends nothing more.
        redeliver(&approvals, &route.session_id);
        assert!(events(&mut first_peer).await.is_empty());
        claim(&route, 2, true).await;
        redeliver(&approvals, &route.session_id);
        redeliver(&approvals, &route.session_id);
        assert_eq!(named(&events(&mut second_peer).await, EventName::ApprovalRequested).len(), 1);
        // The first connection takes the session back: a new grant, so it is told again.
        claim(&route, 1, true).await;
        redeliver(&approvals, &route.session_id);
        assert_eq!(named(&events(&mut first_peer).await, EventName::ApprovalRequested).len(), 1);
        // Answered: resolved, and a later claimant is not told of it.
        approvals.respond(&route.session_id, &asked.approval_id, "yes").unwrap();
        let resolution = asked.resolution.await;
        asker.resolved(&asked.approval_id, &resolution);
        assert_eq!(named(&events(&mut first_peer).await, EventName::ApprovalResolved).len(), 1);
        claim(&route, 2, true).await;
        redeliver(&approvals, &route.session_id);
        assert!(events(&mut second_peer).await.is_empty());
        drop(asker);
        delivery.await.unwrap();
    }
}
