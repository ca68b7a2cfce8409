//! What passes between the connection and the turns: the launch key, the messages the
//! connection hands a turn, and the routes (ACP session → running turn).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use agent_client_protocol::v1::Responder;
use serde_json::value::RawValue;
use serde_json::Value;
use tokio::sync::mpsc;

use super::ask::ApprovedWrites;
use crate::catalog::agents::AgentEntry;

/// What starts one agent: its entry and the workspace it runs in (the pool's key).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Launch {
    pub entry: AgentEntry,
    pub workspace: PathBuf,
}

/// What the connection hands the turn of an ACP session, in arrival order.
pub enum Inbound {
    /// A `session/update` notification's params, as received.
    Update(Box<RawValue>),
    /// A `session/request_permission` request's params and where its answer goes.
    Permission(Value, Box<Responder<Value>>),
    /// A request this client does not implement (already answered `method not found`).
    Unsupported(String),
}

/// The turn running in an ACP session: where its messages go, and the writes its person allowed.
pub struct Route {
    tx: mpsc::UnboundedSender<Inbound>,
    writes: Arc<ApprovedWrites>,
}

impl Route {
    /// Hands the turn one message; gives it back when the turn is gone.
    pub fn send(&self, inbound: Inbound) -> Result<(), Box<Inbound>> {
        self.tx.send(inbound).map_err(|e| Box::new(e.0))
    }

    pub fn writes(&self) -> &Arc<ApprovedWrites> {
        &self.writes
    }
}

/// ACP session ID → the turn running in it.
pub type Routes = Arc<Mutex<HashMap<String, Route>>>;

/// The session an update names, read without the rest.
#[derive(serde::Deserialize)]
struct Target<'a> {
    #[serde(borrow, rename = "sessionId")]
    session_id: std::borrow::Cow<'a, str>,
}

/// Hands a `session/update` notification's params to the running turn of the session it
/// names; an update of a session without one (the history an agent replays on
/// `session/load`, late updates after a turn ended) is not recorded.
pub fn deliver_update(routes: &Routes, params: Box<RawValue>) {
    let session = serde_json::from_str::<Target<'_>>(params.get()).ok();
    let routes = crate::sync::lock(routes);
    let route = session.and_then(|t| routes.get(t.session_id.as_ref()));
    if route.is_none_or(|r| r.send(Inbound::Update(params)).is_err()) {
        tracing::debug!("agent update for a session without a running turn ignored");
    }
}

/// How many incoming messages the reader handed the SDK that may reach a route (requests and
/// `session/update` notifications) and have not been dispatched yet. The reader delivers
/// `session/update` notifications to their turn itself ([`deliver_update`]) only while none
/// is pending; otherwise they go through the SDK behind the others, so a turn receives
/// everything in arrival order. Lines the SDK rejects by their shape and other notifications
/// are not counted; a counted message the SDK still never dispatches (a request before
/// `initialize` was answered, an ID that is neither a number nor a string) leaves the count
/// above zero: updates then take the SDK's path, slower but in order.
#[derive(Debug, Default)]
pub struct InFlight(AtomicUsize);

impl InFlight {
    /// The reader handed the SDK a request or notification.
    pub fn handed(&self) {
        self.0.fetch_add(1, Ordering::AcqRel);
    }

    /// Whether every message handed to the SDK was dispatched.
    pub fn idle(&self) -> bool {
        self.0.load(Ordering::Acquire) == 0
    }

    /// Held by a handler while it routes one message the reader handed the SDK; counts it
    /// dispatched when dropped.
    pub fn dispatching(self: &Arc<Self>) -> Dispatching {
        Dispatching(Arc::clone(self))
    }
}

pub struct Dispatching(Arc<InFlight>);

impl Drop for Dispatching {
    fn drop(&mut self) {
        // Never below zero: a message the reader did not hand over (none today) changes nothing.
        let _ = self.0 .0.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1));
    }
}

/// Registers the turn of an ACP session; the route leaves when the guard drops.
pub fn register(routes: &Routes, acp_session: &str) -> (RouteGuard, mpsc::UnboundedReceiver<Inbound>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let writes = Arc::new(ApprovedWrites::default());
    crate::sync::lock(routes).insert(acp_session.to_owned(), Route { tx, writes: Arc::clone(&writes) });
    (RouteGuard { routes: Arc::clone(routes), session: acp_session.to_owned(), writes }, rx)
}

/// Removes a turn's route when the turn ends.
pub struct RouteGuard {
    routes: Routes,
    session: String,
    writes: Arc<ApprovedWrites>,
}

impl RouteGuard {
    /// The writes the person allowed in this turn.
    pub fn writes(&self) -> &ApprovedWrites {
        &self.writes
    }
}

impl Drop for RouteGuard {
    fn drop(&mut self) {
        crate::sync::lock(&self.routes).remove(&self.session);
    }
}
