//! What passes between the connection and the turns: the launch key, the messages the
//! connection hands a turn, and the routes (ACP session → running turn).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use agent_client_protocol::v1::Responder;
use serde_json::Value;
use tokio::sync::mpsc;

use crate::catalog::agents::AgentEntry;

/// What starts one agent: its entry and the workspace it runs in (the pool's key).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Launch {
    pub entry: AgentEntry,
    pub workspace: PathBuf,
}

/// What the connection hands the turn of an ACP session, in arrival order.
pub enum Inbound {
    /// A `session/update` notification's params.
    Update(Value),
    /// A `session/request_permission` request's params and where its answer goes.
    Permission(Value, Box<Responder<Value>>),
    /// A request this client does not implement (already answered `method not found`).
    Unsupported(String),
}

/// ACP session ID → the turn running in it.
pub type Routes = Arc<Mutex<HashMap<String, mpsc::UnboundedSender<Inbound>>>>;

/// Registers the turn of an ACP session; the route leaves when the guard drops.
pub fn register(routes: &Routes, acp_session: &str) -> (RouteGuard, mpsc::UnboundedReceiver<Inbound>) {
    let (tx, rx) = mpsc::unbounded_channel();
    crate::sync::lock(routes).insert(acp_session.to_owned(), tx);
    (RouteGuard { routes: Arc::clone(routes), session: acp_session.to_owned() }, rx)
}

/// Removes a turn's route when the turn ends.
pub struct RouteGuard {
    routes: Routes,
    session: String,
}

impl Drop for RouteGuard {
    fn drop(&mut self) {
        crate::sync::lock(&self.routes).remove(&self.session);
    }
}
