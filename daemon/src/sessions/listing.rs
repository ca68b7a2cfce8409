//! `session.list`: one page of sessions ordered by ID (seed "Listing").
//!
//! Directory order is arbitrary, so a page ordered by ID needs every entry name. The daemon
//! keeps them in an ordered index ([`super::index`]) that follows the folder through an
//! inotify watch, so a page with `after` starts where the last one left off: one request
//! examines at most `limit + 1` index entries plus the changes queued since the last request,
//! whatever the number of sessions on disk. Building the index (at start-up, or again after
//! the watch lost track) is the daemon's own upkeep, not a request's scan.
//!
//! Where no index can be kept, the folder is read whole, bounded by
//! `max_session_list_scan_entries` (non-session entries count too); over the budget the
//! request fails as a whole, never with an arbitrary partial page.
//! Either way, metadata is then read only for the page's candidates — at most `limit`
//! bounded reads, outside the index lock.

use std::fs;
use std::io;
use std::ops::Bound;
use std::path::Path;
use std::sync::Mutex;

use agentwire_protocol::{constants, limits, rules, SessionListResponse, SessionSummary};

use super::error::SessionError;
use super::ids::session_id_of;
use super::index::{SessionIndex, View};
use super::store::is_session;
use crate::redact::sanitize_title;
use crate::storage::transcript::{read_meta, DEFAULT_MAX_META_BYTES, TRANSCRIPT_FILE};
use crate::sync::lock;
use crate::timestamp::rfc3339_utc;
use crate::transport::paths::SESSIONS_DIR;
use agentwire_protocol::SessionId;

fn scan_budget() -> usize {
    usize::try_from(limits::MAX_SESSION_LIST_SCAN_ENTRIES).unwrap_or(usize::MAX)
}

/// The candidates a page examines, in ID order, and whether more remain after them.
struct Candidates {
    examined: Vec<SessionId>,
    truncated: bool,
    incomplete: bool,
}

/// A page through the index, or through a direct read where there is none.
pub(crate) fn list(
    state_root: &Path,
    index: &Mutex<SessionIndex>,
    after: Option<&SessionId>,
    limit: usize,
    workspace: Option<&str>,
) -> Result<SessionListResponse, SessionError> {
    let sessions_dir = state_root.join(SESSIONS_DIR);
    let from_index = {
        let mut index = lock(index);
        match index.refresh(&sessions_dir)? {
            View::Absent => return Ok(empty_page()),
            View::Indexed(ids) => {
                let lower = after.map_or(Bound::Unbounded, |a| Bound::Excluded(a.as_str()));
                let mut next: Vec<SessionId> =
                    ids.range::<str, _>((lower, Bound::Unbounded)).take(limit + 1).cloned().collect();
                let truncated = next.len() > limit;
                next.truncate(limit);
                Some(Candidates { examined: next, truncated, incomplete: false })
            }
            View::Unindexed => None,
        }
    };
    let candidates = match from_index {
        Some(c) => c,
        None => match scan(&sessions_dir, after, limit, scan_budget())? {
            Some(c) => c,
            None => return Ok(empty_page()),
        },
    };
    Ok(page(&sessions_dir, candidates, workspace))
}

/// A page read directly from the folder, without an index: the behaviour where no watch can
/// be kept, and the reference the index is tested against.
#[cfg(test)]
pub(crate) fn list_scanned(
    state_root: &Path,
    after: Option<&SessionId>,
    limit: usize,
    scan_budget: usize,
) -> Result<SessionListResponse, SessionError> {
    let sessions_dir = state_root.join(SESSIONS_DIR);
    Ok(match scan(&sessions_dir, after, limit, scan_budget)? {
        Some(c) => page(&sessions_dir, c, None),
        None => empty_page(),
    })
}

fn empty_page() -> SessionListResponse {
    SessionListResponse::new(Vec::new(), None, false, false)
}

/// Reads the whole folder within `scan_budget` entries; `None` when it does not exist.
fn scan(
    sessions_dir: &Path,
    after: Option<&SessionId>,
    limit: usize,
    scan_budget: usize,
) -> Result<Option<Candidates>, SessionError> {
    let entries = match fs::read_dir(sessions_dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let mut incomplete = false;
    let mut candidates = Vec::new();
    for (scanned, entry) in entries.enumerate() {
        if scanned >= scan_budget {
            return Err(SessionError::ScanBudget);
        }
        let Ok(entry) = entry else {
            incomplete = true;
            continue;
        };
        // Names that are not session IDs (temp files, locks, foreign files) are not
        // candidates; a session ID is ASCII, so a non-UTF-8 name is never one.
        let Some(Ok(name)) = entry.file_name().to_str().map(session_id_of) else { continue };
        if after.is_some_and(|a| name <= *a) {
            continue;
        }
        candidates.push(name);
    }
    candidates.sort_unstable();
    let truncated = candidates.len() > limit;
    candidates.truncate(limit);
    Ok(Some(Candidates { examined: candidates, truncated, incomplete }))
}

/// Reads the summaries of the examined candidates; with `workspace`, keeps only the sessions
/// created for it.
fn page(sessions_dir: &Path, c: Candidates, workspace: Option<&str>) -> SessionListResponse {
    let mut incomplete = c.incomplete;
    let mut sessions = Vec::with_capacity(c.examined.len());
    for id in &c.examined {
        match summary(&sessions_dir.join(id.as_str()), id) {
            Ok(Some(s)) if workspace.is_none_or(|w| s.workspace.as_deref() == Some(w)) => sessions.push(s),
            Ok(Some(_)) => {}
            // A folder without metadata is a crashed or in-flight creation: not a session.
            Ok(None) => {}
            Err(_) => incomplete = true,
        }
    }
    SessionListResponse::new(sessions, c.examined.last().cloned(), c.truncated, incomplete)
}

#[derive(Debug, thiserror::Error)]
#[error("session metadata cannot be represented")]
struct Unrepresentable;

/// The summary of one candidate; `Ok(None)` when it is not a session.
fn summary(dir: &Path, id: &SessionId) -> Result<Option<SessionSummary>, Unrepresentable> {
    if !is_session(dir).map_err(|_| Unrepresentable)? {
        return Ok(None);
    }
    let meta = read_meta(dir, DEFAULT_MAX_META_BYTES).map_err(|_| Unrepresentable)?.ok_or(Unrepresentable)?;
    if rules::TIMESTAMP.check(&meta.updated_at).is_err() {
        return Err(Unrepresentable);
    }
    // Appends do not rewrite meta.json (one fsync per settlement), so the transcript's
    // modification time is the later "last durable update" when it is newer. Both strings
    // come from `rfc3339_utc` (fixed-width UTC), so they compare chronologically as text.
    let appended =
        fs::symlink_metadata(dir.join(TRANSCRIPT_FILE)).ok().and_then(|m| m.modified().ok()).map(rfc3339_utc);
    let updated_at = match appended {
        Some(t) if t > meta.updated_at => t,
        _ => meta.updated_at,
    };
    let max_title = usize::try_from(constants::TITLE_MAX_BYTES).unwrap_or(usize::MAX);
    let summary =
        SessionSummary::new(id.clone(), meta.title.as_deref().and_then(|t| sanitize_title(t, max_title)), updated_at);
    // A path the spec cannot carry (over its bound) is left out rather than failing the page.
    let max_workspace = usize::try_from(constants::WORKSPACE_MAX_BYTES).unwrap_or(usize::MAX);
    let workspace = meta.workspace.filter(|w| !w.is_empty() && w.len() <= max_workspace);
    Ok(Some(match workspace {
        Some(w) => summary.with_workspace(w),
        None => summary,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sessions::lock;
    use crate::sessions::store::{create, dir_of};
    use crate::storage::transcript::{SessionMeta, SessionWriter, META_FILE};

    /// A page through a fresh index, checked against the direct read of the folder.
    fn list(root: &Path, after: Option<&str>, limit: usize) -> Result<SessionListResponse, SessionError> {
        // `after` arrives as an opaque ID and is validated as a session ID first.
        let after = after.map(session_id_of).transpose()?;
        let indexed = super::list(root, &Mutex::default(), after.as_ref(), limit, None);
        let scanned = list_scanned(root, after.as_ref(), limit, scan_budget());
        assert_eq!(format!("{indexed:?}"), format!("{scanned:?}"), "index and direct read disagree");
        indexed
    }

    fn ids(page: &SessionListResponse) -> Vec<&str> {
        page.sessions.iter().map(|s| s.session_id.as_str()).collect()
    }

    fn set_meta(root: &Path, id: &str, meta: &SessionMeta) {
        let dir = dir_of(root, &session_id_of(id).unwrap()).unwrap();
        SessionWriter::try_acquire(&dir).unwrap().write_meta(meta).unwrap();
    }

    #[test]
    fn lists_are_ordered_by_id_with_after_exclusive_and_next_after_the_last_examined_id() {
        let tmp = tempfile::tempdir().unwrap();
        let mut created: Vec<SessionId> = (0..5).map(|_| create(tmp.path()).unwrap()).collect();
        created.sort();
        let first = list(tmp.path(), None, 2).unwrap();
        assert_eq!(ids(&first), [&created[0], &created[1]]);
        assert_eq!(first.next_after.as_deref(), Some(created[1].as_str()));
        assert!(first.truncated && !first.incomplete, "truncated when more candidates remain");
        let second = list(tmp.path(), first.next_after.as_deref(), 2).unwrap();
        assert_eq!(ids(&second), [&created[2], &created[3]], "after is exclusive");
        let last = list(tmp.path(), second.next_after.as_deref(), 2).unwrap();
        assert_eq!(ids(&last), [&created[4]]);
        assert!(!last.truncated);
        let past = list(tmp.path(), last.next_after.as_deref(), 2).unwrap();
        assert!(past.sessions.is_empty() && past.next_after.is_none(), "null when nothing was examined");
        for s in &first.sessions {
            assert!(rules::TIMESTAMP.check(&s.updated_at).is_ok());
            assert_eq!(s.title, None);
        }
    }

    #[test]
    fn a_workspace_filter_keeps_that_workspaces_sessions_and_every_summary_names_its_workspace() {
        // "By default only the sessions created for the workspace this daemon serves."
        let tmp = tempfile::tempdir().unwrap();
        let a = super::super::store::create_for(tmp.path(), Some("/ws/a")).unwrap();
        let b = super::super::store::create_for(tmp.path(), Some("/ws/b")).unwrap();
        let none = create(tmp.path()).unwrap();
        let index = Mutex::default();
        let only_a = super::list(tmp.path(), &index, None, 32, Some("/ws/a")).unwrap();
        assert_eq!(ids(&only_a), [a.as_str()]);
        assert_eq!(only_a.sessions[0].workspace.as_deref(), Some("/ws/a"));
        assert!(!only_a.truncated && !only_a.incomplete, "filtered sessions are neither");
        let all = list(tmp.path(), None, 32).unwrap();
        let mut named: Vec<_> = all.sessions.iter().map(|s| (s.session_id.clone(), s.workspace.clone())).collect();
        named.sort();
        let mut expected = vec![(a, Some("/ws/a".to_owned())), (b, Some("/ws/b".to_owned())), (none, None)];
        expected.sort();
        assert_eq!(named, expected);
    }

    #[test]
    fn empty_state_root_lists_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let page = list(tmp.path(), None, 32).unwrap();
        assert_eq!(page, SessionListResponse::new(vec![], None, false, false));
    }

    #[test]
    fn after_is_validated_as_a_session_id() {
        let tmp = tempfile::tempdir().unwrap();
        for bad in ["../x", "a b", ""] {
            assert!(matches!(list(tmp.path(), Some(bad), 1), Err(SessionError::InvalidId)), "{bad:?}");
        }
        // A valid but absent `after` is just a position.
        assert!(list(tmp.path(), Some("zzz"), 1).is_ok());
    }

    #[test]
    fn incomplete_when_a_candidate_cannot_be_read_or_represented() {
        let tmp = tempfile::tempdir().unwrap();
        let a = create(tmp.path()).unwrap();
        let b = create(tmp.path()).unwrap();
        let c = create(tmp.path()).unwrap();
        fs::write(dir_of(tmp.path(), &a).unwrap().join(META_FILE), b"{not json").unwrap();
        set_meta(
            tmp.path(),
            &b,
            &SessionMeta {
                title: None,
                created_at: "x".into(),
                updated_at: "yesterday".into(),
                compactions: Vec::new(),
                workspace: None,
            },
        );
        let page = list(tmp.path(), None, 32).unwrap();
        assert_eq!(ids(&page), [c.as_str()]);
        assert!(page.incomplete && !page.truncated, "incomplete is not a continuation flag");
        assert_eq!(page.next_after.as_deref(), Some(c.as_str()));
    }

    #[test]
    fn titles_are_sanitized_redacted_and_bounded() {
        let tmp = tempfile::tempdir().unwrap();
        let id = create(tmp.path()).unwrap();
        let raw = format!("Fix\u{202E} build\n with sk-abcdefghijklmnopqrstuvwxyz {}", "é".repeat(400));
        let now = crate::timestamp::now_rfc3339();
        set_meta(
            tmp.path(),
            &id,
            &SessionMeta {
                title: Some(raw),
                created_at: now.clone(),
                updated_at: now,
                compactions: Vec::new(),
                workspace: None,
            },
        );
        let page = list(tmp.path(), None, 1).unwrap();
        let title = page.sessions[0].title.clone().unwrap();
        assert!(title.starts_with("Fix build with [redacted]"), "{title}");
        assert!(title.len() as u64 <= constants::TITLE_MAX_BYTES);
        set_meta(
            tmp.path(),
            &id,
            &SessionMeta {
                title: Some(" \u{200B} ".into()),
                created_at: "x".into(),
                updated_at: "2026-01-01T00:00:00.000Z".into(),
                compactions: Vec::new(),
                workspace: None,
            },
        );
        assert_eq!(list(tmp.path(), None, 1).unwrap().sessions[0].title, None);
    }

    #[test]
    fn non_session_entries_are_skipped_but_examined_half_created_folders_too() {
        let tmp = tempfile::tempdir().unwrap();
        let id = create(tmp.path()).unwrap();
        let sessions = tmp.path().join(SESSIONS_DIR);
        fs::write(sessions.join(".tmp-x"), b"").unwrap();
        fs::write(sessions.join("not a session"), b"").unwrap();
        fs::create_dir(sessions.join("s-0-half")).unwrap();
        let page = list(tmp.path(), None, 32).unwrap();
        assert_eq!(ids(&page), [id.as_str()]);
        assert!(!page.incomplete);
        assert_eq!(page.next_after.as_deref(), Some(id.as_str()));
        let first = list(tmp.path(), None, 1).unwrap();
        assert!(first.sessions.is_empty(), "the half-created folder sorts first and has no summary");
        assert_eq!(first.next_after.as_deref(), Some("s-0-half"));
        assert!(first.truncated);
    }

    #[test]
    fn scan_budget_counts_every_directory_entry() {
        let tmp = tempfile::tempdir().unwrap();
        create(tmp.path()).unwrap();
        let sessions = tmp.path().join(SESSIONS_DIR);
        for i in 0..4 {
            fs::write(sessions.join(format!(".junk{i}")), b"").unwrap();
        }
        assert!(list_scanned(tmp.path(), None, 32, 5).is_ok(), "5 entries fit a budget of 5");
        fs::write(sessions.join(".junk-last"), b"").unwrap();
        assert!(matches!(list_scanned(tmp.path(), None, 32, 5), Err(SessionError::ScanBudget)));
    }

    /// A small deterministic generator, so a failing seed can be replayed.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) as usize % n.max(1)
        }
    }

    /// One random change of the folder, as another daemon or a user's shell would make it (no
    /// child processes here: a fork would briefly share other tests' writer-lock descriptors;
    /// `daemon/tests/listing.rs` changes the folder under a daemon process).
    fn mutate(root: &Path, rng: &mut Lcg, serial: &mut u32) {
        let sessions = root.join(SESSIONS_DIR);
        let existing: Vec<String> = fs::read_dir(&sessions)
            .map(|d| d.flatten().filter_map(|e| e.file_name().to_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        let pick = |rng: &mut Lcg| existing.get(rng.below(existing.len())).cloned();
        *serial += 1;
        match rng.below(8) {
            0 | 1 => drop(create(root).unwrap()),
            2 => {
                if let Some(name) = pick(rng) {
                    let path = sessions.join(name);
                    let _ = fs::remove_dir_all(&path).or_else(|_| fs::remove_file(&path));
                }
            }
            3 => {
                // A folder another process is creating (no metadata yet), with a sortable ID.
                let name = format!("s-{:013}-other", 1 + rng.below(1 << 20));
                let _ = fs::create_dir_all(sessions.join(name));
            }
            4 => {
                if let Some(name) = pick(rng) {
                    let _ = fs::rename(sessions.join(name), sessions.join(format!("moved-{serial}")));
                }
            }
            5 => {
                let _ = fs::write(sessions.join(format!(".tmp-{serial}")), b"");
            }
            6 => {
                if rng.below(4) == 0 && sessions.exists() {
                    // The whole folder replaced: the watch loses track and the index is rebuilt.
                    let old = root.join(format!("old-{serial}"));
                    fs::rename(&sessions, &old).unwrap();
                    fs::create_dir(&sessions).unwrap();
                    for name in existing.iter().take(rng.below(existing.len() + 1)) {
                        let _ = fs::rename(old.join(name), sessions.join(name));
                    }
                }
            }
            _ => {
                if let Some(name) = pick(rng) {
                    let _ = fs::remove_file(sessions.join(&name).join(META_FILE));
                }
            }
        }
    }

    #[test]
    fn the_index_pages_exactly_like_a_direct_read_while_other_processes_change_the_folder() {
        // "Listing is not a frozen snapshot: concurrent creation, deletion, or updates can change
        // later pages." Each page through the long-lived index must equal the page a direct
        // read of the folder gives at that moment, with the same `after`.
        for seed in 1..=6u64 {
            let tmp = tempfile::tempdir().unwrap();
            let index = Mutex::default();
            let mut rng = Lcg(seed);
            let mut serial = 0;
            for _ in 0..20 {
                mutate(tmp.path(), &mut rng, &mut serial);
            }
            for _round in 0..4 {
                let mut after: Option<SessionId> = None;
                loop {
                    let limit = 1 + rng.below(5);
                    let indexed = super::list(tmp.path(), &index, after.as_ref(), limit, None).unwrap();
                    let scanned = list_scanned(tmp.path(), after.as_ref(), limit, scan_budget()).unwrap();
                    assert_eq!(indexed, scanned, "seed {seed}, after {after:?}, limit {limit}");
                    if !indexed.truncated {
                        break;
                    }
                    after = indexed.next_after;
                    for _ in 0..rng.below(3) {
                        mutate(tmp.path(), &mut rng, &mut serial);
                    }
                }
            }
        }
    }

    #[test]
    fn ordered_by_session_id_and_truncated_while_candidates_remain_through_the_index() {
        // "Lists are ordered by session ID, not activity time." and "`truncated:true` means
        // more candidates remain."
        let tmp = tempfile::tempdir().unwrap();
        let index = Mutex::default();
        let mut created: Vec<SessionId> = (0..4).map(|_| create(tmp.path()).unwrap()).collect();
        // Activity on the oldest does not move it.
        fs::write(dir_of(tmp.path(), &created[0]).unwrap().join(TRANSCRIPT_FILE), b"{}\n").unwrap();
        created.sort();
        let first = super::list(tmp.path(), &index, None, 3, None).unwrap();
        assert_eq!(ids(&first), [&created[0], &created[1], &created[2]]);
        assert!(first.truncated);
        let rest = super::list(tmp.path(), &index, first.next_after.as_ref(), 3, None).unwrap();
        assert_eq!(ids(&rest), [&created[3]]);
        assert!(!rest.truncated, "no candidates remain");
        // Created after the first page: a later page shows it.
        let late = create(tmp.path()).unwrap();
        let more = super::list(tmp.path(), &index, rest.next_after.as_ref(), 3, None).unwrap();
        assert_eq!(ids(&more), [late.as_str()]);
        assert_eq!(lock(&index).builds(), 1, "changes were applied, the folder was read once");
    }

    #[test]
    fn a_replaced_or_removed_sessions_folder_is_noticed() {
        let tmp = tempfile::tempdir().unwrap();
        let index = Mutex::default();
        let a = create(tmp.path()).unwrap();
        assert_eq!(ids(&super::list(tmp.path(), &index, None, 32, None).unwrap()), [a.as_str()]);
        let sessions = tmp.path().join(SESSIONS_DIR);
        fs::rename(&sessions, tmp.path().join("gone")).unwrap();
        assert!(super::list(tmp.path(), &index, None, 32, None).unwrap().sessions.is_empty());
        // A new folder swapped in by a rename of its parent's entry, not of the watched folder.
        let b = create(tmp.path()).unwrap();
        assert_eq!(ids(&super::list(tmp.path(), &index, None, 32, None).unwrap()), [b.as_str()]);
        fs::rename(&sessions, tmp.path().join("b-folder")).unwrap();
        fs::rename(tmp.path().join("gone"), &sessions).unwrap();
        assert_eq!(ids(&super::list(tmp.path(), &index, None, 32, None).unwrap()), [a.as_str()]);
    }
}
