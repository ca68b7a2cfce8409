//! Agent Client Protocol (ACP) agents as the runtime of a turn, in place of the tool loop,
//! when the selected provider is an `[agents.<id>]` entry
//! ([`crate::catalog::agents`]): [`process`] starts and speaks to the agent (pooled by
//! [`crate::agent::pool::Pool`]), [`client`] answers what the agent asks of the client
//! (file reads and writes in the workspace, permission requests routed to the turn),
//! [`policy`] decides permissions, [`mapping`] turns updates into the session stream and
//! wire v2 through [`crate::agent::sink::TurnSink`] (a tool call's life through
//! [`crate::agent::calls`]), and [`turn`] runs one prompt under the cancel grace.
//!
//! Imports go one way: `turn` → `mapping` → `policy`, `crate::agent::calls`; `process` →
//! `client` → `routes`.

pub mod ask;
pub mod client;
pub mod mapping;
pub mod policy;
pub mod process;
pub mod resume;
pub mod routes;
pub mod turn;

use process::AgentProcess;

/// The daemon's running agents.
pub type AgentPool = crate::agent::pool::Pool<AgentProcess>;
