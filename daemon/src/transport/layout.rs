//! The names of the state root's entries, in one place: `paths` builds paths from them and
//! `trust` checks them, and neither needs the other (or any module above the transport) for it.
//! The files other modules own (auth, catalog, settings) are named here too.

pub const SOCKET_FILE: &str = "daemon.sock";
pub const LOCK_FILE: &str = "daemon.lock";
pub const START_LOCK_FILE: &str = "daemon.start.lock";
pub const LOG_FILE: &str = "daemon.log";
pub const SESSIONS_DIR: &str = "sessions";
pub const RUN_DIR: &str = "run";
pub const AUTH_FILE: &str = "auth.json";
pub const CATALOG_DIR: &str = "catalog";
pub const SETTINGS_FILE: &str = "settings.toml";
