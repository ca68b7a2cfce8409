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
use crate::auth::store::AUTH_FILE;
use crate::config::settings::{global_path, project_path};
use crate::config::Configuration;
use agentwire_protocol::ErrorCode;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// What a file looked like: absent, or its inode, size and change times.
type Stamp = Option<(u64, u64, i64, i64, i64, i64)>;

fn stamp(path: &Path) -> Stamp {
    std::fs::metadata(path).ok().map(|m| (m.ino(), m.len(), m.mtime(), m.mtime_nsec(), m.ctime(), m.ctime_nsec()))
}

/// The last answer and what it was computed from, and the folder watch.
#[derive(Debug)]
pub struct ReadinessCache {
    /// Without a watch: the last answer and the file stamps it was computed from.
    stamped: Mutex<Option<([Stamp; 3], bool)>>,
    /// With a watch: the last answer and the watch generation read before computing it, as
    /// `generation << 2 | 2 | ready` (0 before the first answer). One atomic word, so concurrent
    /// `status` requests share no lock.
    watched: AtomicU64,
    watch: Option<FileWatch>,
}

impl ReadinessCache {
    pub fn new(state_root: &Path, workspace: &Path) -> Self {
        // The workspace itself is watched so a project settings folder created later is seen.
        let project = project_path(workspace).parent().map(Path::to_path_buf);
        let dirs =
            [Some(state_root.to_path_buf()), Some(workspace.to_path_buf()), project].into_iter().flatten().collect();
        Self { stamped: Mutex::new(None), watched: AtomicU64::new(0), watch: FileWatch::new(dirs) }
    }

    /// Readiness of the selected provider; unreadable settings or auth are `internal_error`.
    pub fn provider_auth_ready(&self, config: &Configuration) -> Result<bool, ErrorCode> {
        let (root, workspace) = (config.state_root(), config.workspace());
        let compute = || crate::auth::provider_auth_ready(root, workspace);
        match &self.watch {
            Some(watch) => watched(&self.watched, watch.generation(), compute),
            None => {
                let stamps = [stamp(&global_path(root)), stamp(&project_path(workspace)), stamp(&root.join(AUTH_FILE))];
                stamped(&self.stamped, stamps, compute)
            }
        }
    }
}

/// The cached answer if it was computed in `generation`; otherwise a new one, cached unless a
/// concurrent request stored another first (a stale one is only recomputed next time).
fn watched(
    cache: &AtomicU64,
    generation: u64,
    compute: impl FnOnce() -> Result<bool, ErrorCode>,
) -> Result<bool, ErrorCode> {
    let last = cache.load(Ordering::Acquire);
    if last & 2 != 0 && last >> 2 == generation {
        return Ok(last & 1 == 1);
    }
    let ready = compute()?;
    let _ = cache.compare_exchange(last, generation << 2 | 2 | u64::from(ready), Ordering::AcqRel, Ordering::Acquire);
    Ok(ready)
}

fn stamped(
    cache: &Mutex<Option<([Stamp; 3], bool)>>,
    stamps: [Stamp; 3],
    compute: impl FnOnce() -> Result<bool, ErrorCode>,
) -> Result<bool, ErrorCode> {
    let mut cache = crate::sync::lock(cache);
    if let Some((seen, ready)) = cache.as_ref() {
        if *seen == stamps {
            return Ok(*ready);
        }
    }
    let ready = compute()?;
    *cache = Some((stamps, ready));
    Ok(ready)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn answer(cache: &AtomicU64, generation: u64, ready: bool, computed: &Cell<u32>) -> bool {
        watched(cache, generation, || {
            computed.set(computed.get() + 1);
            Ok(ready)
        })
        .unwrap()
    }

    #[test]
    fn an_answer_is_reused_only_within_the_generation_it_was_computed_in() {
        let (cache, computed) = (AtomicU64::new(0), Cell::new(0));
        assert!(!answer(&cache, 0, false, &computed));
        assert!(!answer(&cache, 0, true, &computed), "same generation: the cached answer");
        assert_eq!(computed.get(), 1);
        assert!(answer(&cache, 1, true, &computed), "a change: computed again");
        assert_eq!(computed.get(), 2);
    }

    #[test]
    fn an_answer_from_an_older_generation_is_never_served_for_a_newer_one() {
        // A request that read generation 1 stores its answer after a change moved the watch to
        // generation 2: a request in generation 2 recomputes instead of trusting it.
        let (cache, computed) = (AtomicU64::new(0), Cell::new(0));
        answer(&cache, 1, false, &computed);
        assert!(answer(&cache, 2, true, &computed));
        assert_eq!(computed.get(), 2);
    }
}
