//! The ordered index of the `sessions/` folder's candidate names (every entry whose name is a
//! valid session ID), kept so a `session.list` page starts where the last one left off
//! instead of reading and sorting the whole folder.
//!
//! The index is built from one read of the folder, with an inotify watch set up first, so any
//! change made during or after the read is applied afterwards in order ([`super::dir_watch`]).
//! Each request first applies the queued changes — the work of a request is its page plus
//! what changed since the last one — and checks the folder's identity (device and inode, one
//! `stat`), so a folder replaced by another path than a rename of itself is noticed too. When
//! the watch loses track (queue overflow, folder moved or deleted) the index is built again.
//! Where no watch can be set up, there is no index and listing reads the folder directly.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use super::dir_watch::{Change, DirWatch, Drained};
use super::error::SessionError;
use super::ids::session_id_of;
use agentwire_protocol::SessionId;

/// What a listing can rely on after a refresh.
#[derive(Debug)]
pub(crate) enum View<'a> {
    /// There is no `sessions/` folder: nothing to list.
    Absent,
    /// Every candidate name in the folder, in ID order.
    Indexed(&'a BTreeSet<SessionId>),
    /// No index could be kept (no watch, or an entry could not be read while building): the
    /// caller reads the folder itself, with the per-request scan budget.
    Unindexed,
}

#[derive(Debug, Default)]
pub(crate) struct SessionIndex {
    built: Option<Built>,
    /// Times the index was built from the folder (for tests of when rebuilds happen).
    builds: u64,
}

#[derive(Debug)]
struct Built {
    watch: DirWatch,
    /// Device and inode of the folder the watch is on.
    identity: (u64, u64),
    ids: BTreeSet<SessionId>,
}

impl SessionIndex {
    /// Brings the index up to date with `sessions_dir`: applies queued changes, or builds it
    /// when there is none yet, the folder was replaced, or the watch lost track.
    pub(crate) fn refresh(&mut self, sessions_dir: &Path) -> Result<View<'_>, SessionError> {
        let identity = match fs::metadata(sessions_dir) {
            Ok(m) => (m.dev(), m.ino()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                self.built = None;
                return Ok(View::Absent);
            }
            Err(e) => return Err(e.into()),
        };
        let current = match self.built.take() {
            Some(mut b) if b.identity == identity => (b.catch_up()? == Drained::Complete).then_some(b),
            _ => None,
        };
        self.built = match current {
            Some(b) => Some(b),
            None => {
                self.builds += 1;
                Built::scan(sessions_dir, identity)?
            }
        };
        Ok(self.built.as_ref().map_or(View::Unindexed, |b| View::Indexed(&b.ids)))
    }

    #[cfg(test)]
    pub(crate) fn builds(&self) -> u64 {
        self.builds
    }
}

impl Built {
    /// Watch first, then read: whatever changes during the read is queued and applied after
    /// it, so the result matches the folder as of the last queued change. `None` when the
    /// folder cannot be indexed (see [`View::Unindexed`]).
    fn scan(dir: &Path, identity: (u64, u64)) -> Result<Option<Built>, SessionError> {
        let Ok(watch) = DirWatch::new(dir) else { return Ok(None) };
        // The watch must be on the folder that was stat'ed, not on one swapped in since.
        match fs::metadata(dir) {
            Ok(m) if (m.dev(), m.ino()) == identity => {}
            _ => return Ok(None),
        }
        let mut built = Built { watch, identity, ids: BTreeSet::new() };
        for entry in fs::read_dir(dir)? {
            let Ok(entry) = entry else { return Ok(None) };
            if let Some(name) = entry.file_name().to_str() {
                built.add(name);
            }
        }
        Ok((built.catch_up()? == Drained::Complete).then_some(built))
    }

    fn catch_up(&mut self) -> Result<Drained, SessionError> {
        let Built { watch, ids, .. } = self;
        Ok(watch.drain(|change| match change {
            Change::Added(name) => {
                if let Ok(id) = session_id_of(&name) {
                    ids.insert(id);
                }
            }
            Change::Removed(name) => {
                ids.remove(name.as_str());
            }
        })?)
    }

    fn add(&mut self, name: &str) {
        if let Ok(id) = session_id_of(name) {
            self.ids.insert(id);
        }
    }
}
