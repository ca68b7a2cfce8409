//! The command line's client side: `agentwire call`, `agentwire chat`, `daemon status` /
//! `daemon stop`, and the checks and defaults of launch arguments.

pub mod call;
pub mod chat;
pub mod daemon_control;
pub mod launch_args;
