//! `session.list`: one page of sessions ordered by ID (seed "Listing").
//!
//! Directory order is arbitrary, so a page ordered by ID needs every entry name: the whole
//! folder is read, bounded by `max_session_list_scan_entries` (non-session entries count
//! too). Over the budget the request fails as a whole, never with an arbitrary partial page.
//! Metadata is then read only for the page's candidates — at most `limit` bounded reads.

use std::fs;
use std::io;
use std::path::Path;

use agentwire_protocol::{constants, limits, rules, SessionListResponse, SessionSummary};

use super::error::SessionError;
use super::ids::validate_session_id;
use super::store::is_session;
use crate::paths::SESSIONS_DIR;
use crate::redact::sanitize_title;
use crate::timestamp::rfc3339_utc;
use crate::transcript::{read_meta, DEFAULT_MAX_META_BYTES, TRANSCRIPT_FILE};

pub(crate) fn list(state_root: &Path, after: Option<&str>, limit: usize) -> Result<SessionListResponse, SessionError> {
    list_with_budget(
        state_root,
        after,
        limit,
        usize::try_from(limits::MAX_SESSION_LIST_SCAN_ENTRIES).unwrap_or(usize::MAX),
    )
}

fn list_with_budget(
    state_root: &Path,
    after: Option<&str>,
    limit: usize,
    scan_budget: usize,
) -> Result<SessionListResponse, SessionError> {
    if let Some(after) = after {
        validate_session_id(after)?;
    }
    let sessions_dir = state_root.join(SESSIONS_DIR);
    let entries = match fs::read_dir(&sessions_dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(SessionListResponse {
                sessions: Vec::new(),
                next_after: None,
                truncated: false,
                incomplete: false,
            })
        }
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
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else { continue };
        if validate_session_id(&name).is_err() || after.is_some_and(|a| name.as_str() <= a) {
            continue;
        }
        candidates.push(name);
    }
    candidates.sort_unstable();

    let examined = &candidates[..candidates.len().min(limit)];
    let mut sessions = Vec::with_capacity(examined.len());
    for id in examined {
        match summary(&sessions_dir.join(id), id) {
            Ok(Some(s)) => sessions.push(s),
            // A folder without metadata is a crashed or in-flight creation: not a session.
            Ok(None) => {}
            Err(_) => incomplete = true,
        }
    }
    Ok(SessionListResponse {
        sessions,
        next_after: examined.last().cloned(),
        truncated: candidates.len() > examined.len(),
        incomplete,
    })
}

#[derive(Debug, thiserror::Error)]
#[error("session metadata cannot be represented")]
struct Unrepresentable;

/// The summary of one candidate; `Ok(None)` when it is not a session.
fn summary(dir: &Path, id: &str) -> Result<Option<SessionSummary>, Unrepresentable> {
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
    Ok(Some(SessionSummary {
        session_id: id.to_string(),
        title: meta.title.as_deref().and_then(|t| sanitize_title(t, max_title)),
        updated_at,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sessions::store::{create, dir_of};
    use crate::transcript::{SessionMeta, SessionWriter, META_FILE};

    fn ids(page: &SessionListResponse) -> Vec<&str> {
        page.sessions.iter().map(|s| s.session_id.as_str()).collect()
    }

    fn set_meta(root: &Path, id: &str, meta: &SessionMeta) {
        let dir = dir_of(root, id).unwrap();
        SessionWriter::try_acquire(&dir).unwrap().write_meta(meta).unwrap();
    }

    #[test]
    fn lists_are_ordered_by_id_with_after_exclusive_and_next_after_the_last_examined_id() {
        let tmp = tempfile::tempdir().unwrap();
        let mut created: Vec<String> = (0..5).map(|_| create(tmp.path()).unwrap()).collect();
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
    fn empty_state_root_lists_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let page = list(tmp.path(), None, 32).unwrap();
        assert_eq!(
            page,
            SessionListResponse { sessions: vec![], next_after: None, truncated: false, incomplete: false }
        );
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
            &SessionMeta { title: Some(raw), created_at: now.clone(), updated_at: now, compactions: Vec::new() },
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
        assert!(list_with_budget(tmp.path(), None, 32, 5).is_ok(), "5 entries fit a budget of 5");
        fs::write(sessions.join(".junk-last"), b"").unwrap();
        assert!(matches!(list_with_budget(tmp.path(), None, 32, 5), Err(SessionError::ScanBudget)));
    }
}
