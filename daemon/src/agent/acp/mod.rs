//! Agent Client Protocol (ACP) agents as the runtime of a turn, in place of the tool loop,
//! when the selected provider is an `[agents.<id>]` entry
//! ([`crate::catalog::agents`]): [`run`] is the whole turn from the daemon's side (the agent
//! from the pool, [`crate::agent::pool::Pool`]; the session to resume, [`resume`]); [`turn`]
//! opens the ACP session and runs one prompt on an [`process::AgentProcess`] under the cancel
//! grace, and hands what arrives to [`mapping`], which turns updates into the session stream
//! and wire v2 through [`crate::agent::sink::TurnSink`] (a tool call's life through
//! [`crate::agent::calls`]) and answers permission requests as [`policy`] decides. [`process`]
//! starts and speaks to the agent, serving [`client`], which answers what the agent asks of the
//! client (file reads and writes in the workspace) and hands updates and permission requests to
//! the turn of their ACP session through [`routes`]. [`ask`] is the seam through which a turn
//! asks the person (the `approvals` profile). [`said`] quotes what the agent said for notes.
//!
//! Imports go one way, and these are all of them between the files here (`resume`, `policy`,
//! `ask` and `said` import none): `run` → `ask`, `process`, `resume`, `routes`, `turn`; `turn`
//! → `ask`, `mapping`, `process`, `routes`, `said`; `mapping` → `ask`, `policy`; `process` →
//! `ask`, `client`, `routes`, `said`; `client` → `ask`, `routes`; `routes` → `ask`. Outside this
//! folder, `turn` and `mapping` use
//! `crate::agent::calls`.

pub mod ask;
pub mod client;
pub mod mapping;
pub mod policy;
pub mod process;
pub mod resume;
pub mod routes;
pub mod run;
pub mod said;
pub mod turn;

use process::AgentProcess;

/// The daemon's running agents.
pub type AgentPool = crate::agent::pool::Pool<AgentProcess>;
