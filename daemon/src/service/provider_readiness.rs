//! `status.provider_auth_ready`: the effective provider's readiness, from settings, the
//! shared auth store and the environment on every request (see [`crate::auth::status`]). The
//! offline `local` provider is always ready.
//!
//! The answer is recomputed whenever any of the three files changed since the last request,
//! judged by its identity and timestamps (every writer replaces files atomically, so a change
//! always moves the inode). The process environment is fixed for the daemon's life. That keeps
//! `status` to three `stat` calls instead of reading and parsing settings and auth each time.

use super::Service;
use crate::auth::store::AUTH_FILE;
use crate::config::settings::{global_path, project_path};
use agentwire_protocol::ErrorCode;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::Mutex;

/// What a file looked like: absent, or its inode, size and change times.
type Stamp = Option<(u64, u64, i64, i64, i64, i64)>;

fn stamp(path: &Path) -> Stamp {
    std::fs::metadata(path).ok().map(|m| (m.ino(), m.len(), m.mtime(), m.mtime_nsec(), m.ctime(), m.ctime_nsec()))
}

/// The last answer and the file stamps it was computed from.
#[derive(Debug, Default)]
pub struct ReadinessCache(Mutex<Option<([Stamp; 3], bool)>>);

/// Readiness of the selected provider; unreadable settings or auth are `internal_error`.
pub fn provider_auth_ready(service: &Service) -> Result<bool, ErrorCode> {
    let (root, workspace) = (service.config.state_root(), service.config.workspace());
    let stamps = [stamp(&global_path(root)), stamp(&project_path(workspace)), stamp(&root.join(AUTH_FILE))];
    let mut cache = service.readiness.0.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((seen, ready)) = cache.as_ref() {
        if *seen == stamps {
            return Ok(*ready);
        }
    }
    let ready = crate::auth::provider_auth_ready(root, workspace)?;
    *cache = Some((stamps, ready));
    Ok(ready)
}
