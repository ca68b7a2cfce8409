//! `status.provider_auth_ready`: the effective provider's readiness, from settings, the
//! shared auth store and the environment on every request (see [`crate::auth::status`]). The
//! offline `local` provider is always ready.
//!
//! The answer is recomputed whenever any of the three files changed since the last request:
//! an inotify watch on their folders says so (see [`super::file_watch`] for why no change can
//! be missed); where inotify is unavailable, the files' identities and timestamps are compared instead (every writer
//! replaces files atomically, so a change always moves the inode). The process environment is
//! fixed for the daemon's life. Either way `status` neither reads nor parses settings and auth
//! unless they changed.

use super::file_watch::FileWatch;
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

/// The last answer, the file stamps it was computed from, and the folder watch.
#[derive(Debug)]
pub struct ReadinessCache {
    last: Mutex<Option<([Stamp; 3], bool)>>,
    watch: Option<FileWatch>,
}

impl ReadinessCache {
    pub fn new(state_root: &Path, workspace: &Path) -> Self {
        // The workspace itself is watched so a project settings folder created later is seen.
        let project = project_path(workspace).parent().map(Path::to_path_buf);
        let dirs =
            [Some(state_root.to_path_buf()), Some(workspace.to_path_buf()), project].into_iter().flatten().collect();
        Self { last: Mutex::new(None), watch: FileWatch::new(dirs) }
    }
}

/// Readiness of the selected provider; unreadable settings or auth are `internal_error`.
pub fn provider_auth_ready(service: &Service) -> Result<bool, ErrorCode> {
    let (root, workspace) = (service.config.state_root(), service.config.workspace());
    let cache = &service.readiness;
    let stamps = match &cache.watch {
        // Unchanged folders keep the stamps of the last answer: nothing to compare.
        Some(w) => {
            if w.changed() {
                *cache.last.lock().unwrap_or_else(|p| p.into_inner()) = None;
            }
            [None, None, None]
        }
        None => [stamp(&global_path(root)), stamp(&project_path(workspace)), stamp(&root.join(AUTH_FILE))],
    };
    let mut cache = cache.last.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((seen, ready)) = cache.as_ref() {
        if *seen == stamps {
            return Ok(*ready);
        }
    }
    let ready = crate::auth::provider_auth_ready(root, workspace)?;
    *cache = Some((stamps, ready));
    Ok(ready)
}
