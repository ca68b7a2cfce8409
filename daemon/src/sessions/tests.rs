//! The session domain against a temporary state root: the quoted rule is in each test's name
//! or first comment.

use crate::operations::ResponseGate;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::PathBuf;

use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::{
    limits, ReplayItem, ReplayRole, ReplayTerminalStatus, SessionListRequest, SessionMessageAgentText,
    SessionMessageAgentTurnEnd, SnapshotTurn, TurnEndStatus,
};

use super::replay::cursor_of;
use super::*;
use crate::storage::transcript::fixtures::{agent_text, user_text};
use crate::storage::transcript::TRANSCRIPT_FILE;

const CONN: ConnectionId = 1;

fn root() -> (tempfile::TempDir, Sessions) {
    let tmp = tempfile::tempdir().unwrap();
    let sessions = Sessions::new(tmp.path().to_path_buf());
    (tmp, sessions)
}

fn user(text: &str) -> SessionMessage {
    user_text("u1", text)
}

fn agent(text: &str) -> SessionMessage {
    agent_text("a1", "t1", text)
}

fn thinking(text: &str) -> SessionMessage {
    SessionMessage::AgentText(SessionMessageAgentText::new("a2", 2, "t1", text).with_thinking(true))
}

fn end(status: TurnEndStatus) -> SessionMessage {
    SessionMessage::AgentTurnEnd(SessionMessageAgentTurnEnd::new("e1", 3, "t1", status))
}

fn req(after: Option<&str>, limit: u32) -> SessionReplayRequest {
    SessionReplayRequest::new().with_after(after.map(Into::into)).with_limit(limit)
}

fn claim_req(take_over: bool) -> SessionClaimRequest {
    SessionClaimRequest::new().with_take_over(take_over)
}

async fn new_session(s: &Sessions) -> SessionId {
    s.create().await.unwrap().session_id
}

/// Creates a session holding `messages`, claimed by [`CONN`].
async fn session_with(s: &Sessions, messages: &[SessionMessage]) -> (SessionId, SessionClaimResponse) {
    let id = new_session(s).await;
    let claim = s.claim(CONN, &id, claim_req(false), ResponseGate::open()).await.unwrap();
    s.append(&id, messages).await.unwrap();
    (id, claim)
}

fn transcript(tmp: &tempfile::TempDir, id: &str) -> PathBuf {
    tmp.path().join("sessions").join(id).join(TRANSCRIPT_FILE)
}

fn raw_append(tmp: &tempfile::TempDir, id: &str, bytes: &[u8]) {
    OpenOptions::new().append(true).create(true).open(transcript(tmp, id)).unwrap().write_all(bytes).unwrap();
}

fn line(m: &SessionMessage) -> Vec<u8> {
    encode_record(m).unwrap()
}

/// Short description of an item, for comparing pages.
fn show(item: &ReplayItem) -> String {
    match item {
        ReplayItem::Message(m) => format!("{}:{}:{}:{}", m.role, m.part, m.last_part, m.text),
        ReplayItem::Terminal(t) => format!("terminal:{}", t.status),
        ReplayItem::Summary(s) => format!("summary:{}:{}", s.part, s.text),
    }
}

/// Pages through everything after `after`, checking every page's bounds.
async fn all_pages(s: &Sessions, id: &SessionId, mut after: Option<String>, limit: u32) -> (Vec<ReplayItem>, usize) {
    let mut items = Vec::new();
    let mut pages = 0;
    loop {
        let page = s.replay(id, req(after.as_deref(), limit)).await.unwrap();
        pages += 1;
        assert!(!page.resync_required);
        assert!(page.events.len() <= limit as usize);
        let bytes = encode_record(&page).unwrap().len() - 1;
        assert!(bytes as u64 <= limits::MAX_SESSION_REPLAY_PAGE_BYTES, "page of {bytes} bytes");
        if let Some(last) = page.events.last() {
            assert_eq!(page.next_cursor, cursor_of(last));
        }
        items.extend(page.events);
        after = Some(page.next_cursor.clone());
        if !page.truncated {
            assert_eq!(page.next_cursor, page.snapshot_cursor, "at the current end next_cursor equals snapshot_cursor");
            return (items, pages);
        }
        assert!(pages < 100_000, "paging must make progress");
    }
}

#[tokio::test]
async fn create_is_durable_but_does_not_claim_and_list_shows_it() {
    let (tmp, s) = root();
    let id = new_session(&s).await;
    assert!(tmp.path().join("sessions").join(id.as_str()).join("meta.json").is_file());
    let status = s.status(CONN, &id).await.unwrap();
    assert!(!status.controlled && status.grant_generation == 0 && status.live_sequence == 0 && status.turn.is_none());
    let page = s.list(SessionListRequest::new().with_after(None).with_limit(32)).await.unwrap();
    assert_eq!(page.sessions.len(), 1);
    assert_eq!(page.sessions[0].session_id, id);
}

#[tokio::test]
async fn incoming_ids_are_validated_before_path_resolution_invalid_session_id_or_session_unavailable() {
    // The session API takes `SessionId`, whose every constructor (the request decoder's slots
    // included) checks the rules: a path-like ID never reaches it.
    let (_tmp, s) = root();
    for bad in ["../etc", "a/b", "", "x y"] {
        assert_eq!(SessionId::try_from(bad), Err(ErrorCode::InvalidSessionId));
        assert!(matches!(ids::session_id_of(bad), Err(SessionError::InvalidId)));
    }
    assert_eq!(
        s.list(SessionListRequest::new().with_after(Some("../x".into())).with_limit(1)).await.unwrap_err(),
        ErrorCode::InvalidSessionId
    );
    // "a valid but absent session → session_unavailable"
    let absent: SessionId = "s-0000000000000-00000000".parse().unwrap();
    assert_eq!(s.replay(&absent, req(None, 32)).await.unwrap_err(), ErrorCode::SessionUnavailable);
    assert_eq!(
        s.claim(CONN, &absent, claim_req(false), ResponseGate::open()).await.unwrap_err(),
        ErrorCode::SessionUnavailable
    );
    assert_eq!(s.status(CONN, &absent).await.unwrap_err(), ErrorCode::SessionUnavailable);
}

#[tokio::test]
async fn page_limits_outside_1_to_32_are_invalid_payload() {
    let (_tmp, s) = root();
    let id = new_session(&s).await;
    assert_eq!(s.replay(&id, req(None, 0)).await.unwrap_err(), ErrorCode::InvalidPayload);
    assert_eq!(s.replay(&id, req(None, 33)).await.unwrap_err(), ErrorCode::InvalidPayload);
    assert_eq!(
        s.list(SessionListRequest::new().with_after(None).with_limit(0)).await.unwrap_err(),
        ErrorCode::InvalidPayload
    );
}

/// The whole folder over the budget: `sessions` IDs among `limits::MAX_SESSION_LIST_SCAN_ENTRIES`
/// junk files (non-session entries count too; files are the quickest to make).
async fn over_budget_folder(sessions: usize) -> (tempfile::TempDir, Sessions, Vec<SessionId>) {
    let (tmp, s) = root();
    let mut ids = Vec::new();
    for _ in 0..sessions {
        ids.push(new_session(&s).await);
    }
    let dir = tmp.path().join("sessions");
    for i in 0..limits::MAX_SESSION_LIST_SCAN_ENTRIES {
        fs::File::create(dir.join(format!(".d{i}"))).unwrap();
    }
    (tmp, s, ids)
}

#[tokio::test]
async fn without_an_index_each_request_scans_at_most_max_session_list_scan_entries_over_budget_is_limit_exceeded() {
    // "Each request scans at most 20,000 directory entries, including non-session entries.
    // Exceeding this budget returns `limit_exceeded`, not an arbitrary partial page." — where no
    // index can be kept, a request reads the folder itself.
    let (tmp, _s, ids) = over_budget_folder(1).await;
    let budget = usize::try_from(limits::MAX_SESSION_LIST_SCAN_ENTRIES).unwrap();
    fs::remove_file(tmp.path().join("sessions").join(".d0")).unwrap();
    let page = listing::list_scanned(tmp.path(), None, 32, budget).unwrap();
    assert_eq!(page.sessions.len(), 1, "exactly the budget is fine");
    assert_eq!(page.sessions[0].session_id, ids[0]);
    fs::File::create(tmp.path().join("sessions").join(".one-more")).unwrap();
    let over = listing::list_scanned(tmp.path(), None, 32, budget).unwrap_err();
    assert_eq!(to_code(over), ErrorCode::LimitExceeded, "not a partial page");
}

#[tokio::test]
async fn with_the_index_a_folder_over_the_scan_budget_lists_page_by_page() {
    // Issue #22: past 20,000 entries listing failed outright. Through the index a request
    // examines a page's worth of entries plus what changed, never the whole folder.
    let (tmp, s, mut ids) = over_budget_folder(5).await;
    let dir = tmp.path().join("sessions");
    let mut seen = Vec::new();
    let mut after = None;
    loop {
        let page = s.list(SessionListRequest::new().with_after(after.clone()).with_limit(2)).await.unwrap();
        seen.extend(page.sessions.iter().map(|p| p.session_id.clone()));
        if !page.truncated {
            break;
        }
        after = page.next_after.map(String::from);
        // A change between pages is applied, not a reason to read the folder again.
        fs::File::create(dir.join(format!(".more{}", seen.len()))).unwrap();
    }
    ids.sort();
    assert_eq!(seen, ids);
    assert_eq!(lock(&s.inner.index).builds(), 1, "the folder was read once, when the index was built");
}

#[tokio::test]
async fn replay_projects_the_allowlist_in_order() {
    let (_tmp, s) = root();
    let (id, _) = session_with(
        &s,
        &[user("Question"), thinking("secret thoughts"), agent("Partial answer"), end(TurnEndStatus::Cancelled)],
    )
    .await;
    let page = s.replay(&id, req(None, 32)).await.unwrap();
    let shown: Vec<String> = page.events.iter().map(show).collect();
    assert_eq!(shown, ["user:0:true:Question", "assistant:0:true:Partial answer", "terminal:cancelled"]);
    assert_eq!(page.next_cursor, page.snapshot_cursor);
    assert!(!page.truncated && !page.gap && !page.resync_required);
    assert!(matches!(&page.events[2], ReplayItem::Terminal(t) if t.status == ReplayTerminalStatus::Cancelled));
    assert!(matches!(&page.events[0], ReplayItem::Message(m) if m.role == ReplayRole::User));
}

#[tokio::test]
async fn pages_hold_at_most_limit_items_and_at_most_16_kib_and_parts_span_pages() {
    let (_tmp, s) = root();
    let big = "word ".repeat(3000); // 15,000 bytes: 8 parts
                                    // Worst JSON escaping (6 bytes per byte), kept under max_record_bytes as a transcript line.
    let control_chars = "\u{1}".repeat(10_000);
    let mut messages = Vec::new();
    for _ in 0..5 {
        messages.extend([user(&big), agent(&control_chars), end(TurnEndStatus::Completed)]);
    }
    let (id, _) = session_with(&s, &messages).await;
    for limit in [1, 3, 32] {
        let (items, pages) = all_pages(&s, &id, None, limit).await;
        assert_eq!(items.len(), 5 * (8 + 5 + 1));
        assert!(pages > 5, "16 KiB pages force many pages");
        let mut text = String::new();
        for it in &items[..8] {
            if let ReplayItem::Message(m) = it {
                assert!(m.text.len() <= 2048);
                text.push_str(&m.text);
            }
        }
        assert_eq!(text, big, "parts concatenate to the message");
    }
}

#[tokio::test]
async fn next_cursor_is_provided_for_empty_pages_and_polling_sees_appends() {
    let (_tmp, s) = root();
    let id = new_session(&s).await;
    let empty = s.replay(&id, req(None, 32)).await.unwrap();
    assert!(empty.events.is_empty() && !empty.truncated);
    assert_eq!(empty.next_cursor, empty.snapshot_cursor);
    // The empty session's start cursor survives the first append.
    s.claim(CONN, &id, claim_req(false), ResponseGate::open()).await.unwrap();
    s.append(&id, &[user("hi")]).await.unwrap();
    let page = s.replay(&id, req(Some(&empty.next_cursor), 32)).await.unwrap();
    assert!(!page.resync_required);
    assert_eq!(page.events.iter().map(show).collect::<Vec<_>>(), ["user:0:true:hi"]);
    let idle = s.replay(&id, req(Some(&page.next_cursor), 32)).await.unwrap();
    assert!(idle.events.is_empty() && !idle.resync_required);
    assert_eq!(idle.next_cursor, page.next_cursor, "an empty page continues from after");
}

#[tokio::test]
async fn cursors_survive_process_restart_and_append_only_changes() {
    let (tmp, s) = root();
    let (id, _) = session_with(&s, &[user("one"), agent("two"), end(TurnEndStatus::Completed)]).await;
    let first = s.replay(&id, req(None, 2)).await.unwrap();
    assert!(first.truncated);
    s.append(&id, &[user("three")]).await.unwrap();
    s.disconnect(CONN).await;
    // A fresh instance: nothing cached, the cursor alone must place the page.
    let restarted = Sessions::new(tmp.path().to_path_buf());
    let rest = restarted.replay(&id, req(Some(&first.next_cursor), 32)).await.unwrap();
    assert!(!rest.resync_required);
    assert_eq!(rest.events.iter().map(show).collect::<Vec<_>>(), ["terminal:completed", "user:0:true:three"]);
}

#[tokio::test]
async fn resync_required_when_the_prefix_changes() {
    let (tmp, s) = root();
    let (id, _) = session_with(&s, &[user("one"), agent("two"), end(TurnEndStatus::Completed)]).await;
    let page = s.replay(&id, req(None, 32)).await.unwrap();
    let mid = cursor_of(&page.events[1]).to_string();
    // Rewrite the transcript: same first record, a different one before the cursor's item.
    let rewritten = [line(&user("one")), line(&agent("TWO")), line(&end(TurnEndStatus::Completed))].concat();
    fs::write(transcript(&tmp, &id), rewritten).unwrap();
    for after in [&mid, &page.next_cursor] {
        let r = s.replay(&id, req(Some(after), 32)).await.unwrap();
        assert!(r.resync_required && r.events.is_empty());
        let start = s.replay(&id, req(None, 32)).await.unwrap();
        let entry = lock(&s.inner.projections).get(&id);
        assert_eq!(r.next_cursor, lock(&entry).as_ref().unwrap().start_cursor(), "next_cursor = current start");
        assert_eq!(r.snapshot_cursor, start.snapshot_cursor);
    }
    // Starting again from the given start cursor works.
    let r = s.replay(&id, req(Some(&page.next_cursor), 32)).await.unwrap();
    let again = s.replay(&id, req(Some(&r.next_cursor), 32)).await.unwrap();
    assert!(!again.resync_required);
    assert_eq!(again.events.iter().map(show).collect::<Vec<_>>()[1], "assistant:0:true:TWO");
}

#[tokio::test]
async fn resync_required_for_malformed_cursors_and_cursors_of_another_session() {
    let (_tmp, s) = root();
    let (a, _) = session_with(&s, &[user("a")]).await;
    let (b, _) = session_with(&s, &[user("b")]).await;
    let of_a = s.replay(&a, req(None, 32)).await.unwrap().next_cursor;
    for after in [of_a.as_str(), "garbage", "r1.0.0.s.0"] {
        let r = s.replay(&b, req(Some(after), 32)).await.unwrap();
        assert!(r.resync_required && r.events.is_empty() && r.truncated, "{after}");
    }
}

#[tokio::test]
async fn a_torn_last_line_after_kill_9_is_a_gap_never_a_failure() {
    let (tmp, s) = root();
    let (id, _) = session_with(&s, &[user("kept"), agent("kept too")]).await;
    let torn = line(&agent("lost"));
    raw_append(&tmp, &id, &torn[..torn.len() / 2]);
    let page = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(page.events.len(), 2);
    assert!(page.gap, "torn tail is a gap");
    // The gap belongs to the end of the projection: a page stopping before it has none.
    let head = s.replay(&id, req(None, 1)).await.unwrap();
    assert!(head.truncated && !head.gap);
    // The next durable append terminates the torn line; it stays one isolated gap.
    s.append(&id, &[user("after crash")]).await.unwrap();
    let rest = s.replay(&id, req(Some(&page.next_cursor), 32)).await.unwrap();
    assert!(!rest.resync_required && rest.gap);
    assert_eq!(rest.events.iter().map(show).collect::<Vec<_>>(), ["user:0:true:after crash"]);
    let later = s.replay(&id, req(Some(&rest.next_cursor), 32)).await.unwrap();
    assert!(!later.gap, "a page after the gap has none");
}

#[tokio::test]
async fn malformed_and_mismatched_session_records_are_gaps() {
    let (tmp, s) = root();
    let (id, _) = session_with(&s, &[user("x")]).await;
    raw_append(&tmp, &id, b"not json\n{\"type\":\"nope\"}\n{\"a\":1,\"a\":2}\n");
    s.append(&id, &[agent("y")]).await.unwrap();
    let page = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(page.events.len(), 2);
    assert!(page.gap);
}

/// Writes `count` records of `text_bytes` visible text straight to the transcript.
fn big_transcript(tmp: &tempfile::TempDir, id: &str, count: usize, text_bytes: usize) -> u64 {
    let text = "x".repeat(text_bytes);
    let mut bytes = Vec::new();
    for i in 0..count {
        bytes.extend(line(&if i % 2 == 0 { user(&text) } else { agent(&text) }));
    }
    fs::write(transcript(tmp, id), &bytes).unwrap();
    bytes.len() as u64
}

#[tokio::test]
async fn the_recent_window_bounds_replay_with_gap_for_omissions_and_resync_when_a_cursor_fell_out() {
    let (tmp, s) = root();
    let id = new_session(&s).await;
    let len = big_transcript(&tmp, &id, 1100, 2000); // ~2.2 MiB, beyond the window
    assert!(len > limits::MAX_SESSION_REPLAY_WINDOW_BYTES);
    let first = s.replay(&id, req(None, 4)).await.unwrap();
    assert!(first.gap, "bounded-window omissions are gaps");
    let old_cursor = first.next_cursor.clone();
    let second = s.replay(&id, req(Some(&old_cursor), 4)).await.unwrap();
    assert!(!second.resync_required && !second.gap);
    // Push the window forward past the saved cursor.
    raw_append(&tmp, &id, &line(&user(&"y".repeat(16_000))).repeat(10));
    let moved = s.replay(&id, req(Some(&old_cursor), 4)).await.unwrap();
    assert!(moved.resync_required && moved.events.is_empty(), "fell out of the window");
    let restart = s.replay(&id, req(Some(&moved.next_cursor), 4)).await.unwrap();
    assert!(!restart.resync_required);
}

#[tokio::test]
async fn no_quadratic_rescans_paging_a_full_window_parses_each_byte_once() {
    let (tmp, s) = root();
    let id = new_session(&s).await;
    let len = big_transcript(&tmp, &id, 1000, 2000);
    let (items, pages) = all_pages(&s, &id, None, 32).await;
    assert_eq!(items.len(), 1000);
    assert!(pages > 100);
    let entry = lock(&s.inner.projections).get(&id);
    let parsed = lock(&entry).as_ref().unwrap().parsed_bytes();
    assert!(parsed <= len, "parsed {parsed} bytes of a {len}-byte window over {pages} pages");
    // Appends are parsed incrementally too.
    s.claim(CONN, &id, claim_req(false), ResponseGate::open()).await.unwrap();
    s.append(&id, &[user("new")]).await.unwrap();
    let page = s.replay(&id, req(Some(cursor_of(&items[999])), 32)).await.unwrap();
    assert_eq!(page.events.len(), 1);
    let parsed_after = lock(&entry).as_ref().unwrap().parsed_bytes();
    assert!(parsed_after - parsed < 200, "only the appended record was parsed");
}

#[tokio::test]
async fn claim_snapshot_replay_cursor_is_the_current_end_and_running_turn_hook() {
    let (_tmp, s) = root();
    let (id, first) = session_with(&s, &[user("q"), agent("a")]).await;
    assert_eq!(first.snapshot.state, SnapshotState::Idle);
    assert!(first.snapshot.turn.is_none());
    let end = s.replay(&id, req(None, 32)).await.unwrap().snapshot_cursor;
    let turn = SnapshotTurn::new("t9", "op9", 4, "par");
    let control = Control::new(first.claim_id.clone(), first.grant_generation);
    s.begin_turn(CONN, &id, &control, turn.clone()).unwrap();
    // "one running turn per session"
    let busy = s.begin_turn(CONN, &id, &control, SnapshotTurn::new("t10", "op10", 0, ""));
    assert_eq!(busy.unwrap_err(), ErrorCode::SessionBusy);
    let again = s.claim(CONN, &id, claim_req(false), ResponseGate::open()).await.unwrap();
    assert_eq!(again.snapshot.replay_cursor, end);
    assert_eq!(again.snapshot.state, SnapshotState::Running);
    assert_eq!(again.snapshot.turn, Some(turn));
    assert_eq!(again.grant_generation, first.grant_generation + 1);
    assert_eq!(again.live_sequence, first.live_sequence + 1);
    let status = s.status(CONN, &id).await.unwrap();
    assert_eq!(status.turn.map(|t| t.turn_id), Some("t9".to_string()));
}

#[tokio::test]
async fn claim_busy_take_over_detach_and_disconnect_through_the_api() {
    let (_tmp, s) = root();
    let id = new_session(&s).await;
    let c1 = s.claim(1, &id, claim_req(false), ResponseGate::open()).await.unwrap();
    let p1 = Control::new(c1.claim_id.clone(), c1.grant_generation);
    assert!(s.check_control(1, &id, &p1).is_ok());
    assert_eq!(s.claim(2, &id, claim_req(false), ResponseGate::open()).await.unwrap_err(), ErrorCode::SessionBusy);
    let c2 = s.claim(2, &id, claim_req(true), ResponseGate::open()).await.unwrap();
    assert_eq!(s.check_control(1, &id, &p1).unwrap_err(), ErrorCode::StaleGrant);
    assert_eq!(s.detach(1, &id, &p1).await.unwrap_err(), ErrorCode::StaleGrant);
    let p2 = Control::new(c2.claim_id.clone(), c2.grant_generation);
    assert_eq!(s.detach(3, &id, &p2).await.unwrap_err(), ErrorCode::ControlRequired);
    let d = s.detach(2, &id, &p2).await.unwrap();
    assert_eq!(d.live_sequence, c2.live_sequence + 1);
    assert_eq!(s.append(&id, &[user("x")]).await.unwrap_err(), ErrorCode::ControlRequired, "detached: no attachment");
    s.claim(1, &id, claim_req(false), ResponseGate::open()).await.unwrap();
    s.disconnect(1).await;
    let st = s.status(1, &id).await.unwrap();
    assert!(!st.controlled);
    assert_eq!(st.live_sequence, d.live_sequence + 2, "grant and revoke");
}

#[tokio::test]
async fn the_17th_attachment_is_limit_exceeded() {
    let (_tmp, s) = root();
    let mut ids = Vec::new();
    for _ in 0..=limits::MAX_SESSION_ATTACHMENTS {
        ids.push(new_session(&s).await);
    }
    for id in &ids[..16] {
        s.claim(CONN, id, claim_req(false), ResponseGate::open()).await.unwrap();
    }
    assert_eq!(
        s.claim(2, &ids[16], claim_req(false), ResponseGate::open()).await.unwrap_err(),
        ErrorCode::LimitExceeded
    );
    s.disconnect(CONN).await;
    s.claim(2, &ids[16], claim_req(false), ResponseGate::open()).await.unwrap();
}

#[tokio::test]
async fn a_second_daemon_on_the_same_state_root_is_session_busy_but_can_replay() {
    let (tmp, s) = root();
    let (id, _) = session_with(&s, &[user("held here")]).await;
    let other = Sessions::new(tmp.path().to_path_buf());
    assert_eq!(
        other.claim(7, &id, claim_req(true), ResponseGate::open()).await.unwrap_err(),
        ErrorCode::SessionBusy,
        "writer lock fences"
    );
    // "Replay needs no writer lock and works on a session held elsewhere."
    let page = other.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(page.events.len(), 1);
    assert_eq!(lock(&other.inner.control).attached_count(), 0, "the refused claim attached nothing");
    s.disconnect(CONN).await;
    other.claim(7, &id, claim_req(false), ResponseGate::open()).await.unwrap();
}

#[tokio::test]
async fn a_conflicting_durable_append_lock_is_session_busy_for_replay() {
    let (tmp, s) = root();
    let (id, _) = session_with(&s, &[user("x")]).await;
    let held = store::append_lock(&tmp.path().join("sessions").join(id.as_str())).unwrap();
    let other = Sessions::new(tmp.path().to_path_buf());
    assert_eq!(other.replay(&id, req(None, 32)).await.unwrap_err(), ErrorCode::SessionBusy);
    drop(held);
    assert!(other.replay(&id, req(None, 32)).await.is_ok(), "retry later succeeds");
}

#[tokio::test]
async fn set_title_is_sanitized_and_listed() {
    let (_tmp, s) = root();
    let id = new_session(&s).await;
    assert_eq!(s.set_title(&id, "t").await.unwrap_err(), ErrorCode::ControlRequired);
    s.claim(CONN, &id, claim_req(false), ResponseGate::open()).await.unwrap();
    s.set_title(&id, "Fix\nthe  build").await.unwrap();
    let page = s.list(SessionListRequest::new().with_after(None).with_limit(32)).await.unwrap();
    assert_eq!(page.sessions[0].title.as_deref(), Some("Fix the build"));
}

#[tokio::test]
async fn resync_when_an_earlier_record_up_to_64_lines_back_changes_even_across_restart() {
    let (tmp, s) = root();
    let id = new_session(&s).await;
    let text = |i: usize| format!("message {i:03}");
    let lines: Vec<Vec<u8>> = (0..100).map(|i| line(&user(&text(i)))).collect();
    fs::write(transcript(&tmp, &id), lines.concat()).unwrap();
    let page = s.replay(&id, req(None, 32)).await.unwrap();
    let at_70 = s.replay(&id, req(Some(cursor_of(&page.events[31])), 32)).await.unwrap();
    let at_70 = s.replay(&id, req(Some(&at_70.next_cursor), 7)).await.unwrap().next_cursor;
    // Same length, different bytes, 63 lines before the cursor's record; the first line and
    // the cursor's own record are untouched.
    let mut changed = lines.clone();
    changed[7] = line(&user("MESSAGE 007"));
    fs::write(transcript(&tmp, &id), changed.concat()).unwrap();
    let restarted = Sessions::new(tmp.path().to_path_buf());
    let r = restarted.replay(&id, req(Some(&at_70), 32)).await.unwrap();
    assert!(r.resync_required, "a changed prefix invalidates the cursor");
    // A cursor whose covered lines are all unchanged stays valid.
    let later = restarted.replay(&id, req(None, 32)).await.unwrap();
    let before = cursor_of(&page.events[5]).to_string();
    assert_eq!(cursor_of(&later.events[5]), before);
    assert!(!restarted.replay(&id, req(Some(&before), 32)).await.unwrap().resync_required);
}

#[tokio::test]
async fn cursors_of_a_big_batch_into_a_window_of_few_huge_lines_are_valid_at_once() {
    let (tmp, s) = root();
    let id = new_session(&s).await;
    big_transcript(&tmp, &id, 40, 15_000); // 40 lines of ~15 KB
    let text = "z".repeat(15_000);
    let batch: Vec<u8> = (0..120).flat_map(|_| line(&agent(&text))).collect(); // ~1.8 MB
    let (before, _) = all_pages(&s, &id, None, 32).await;
    assert_eq!(before.len(), 40 * 8);
    raw_append(&tmp, &id, &batch);
    // Every continuation inside all_pages must resolve without a resync.
    let (after, pages) = all_pages(&s, &id, None, 32).await;
    assert!(pages > 10);
    assert!(after.len() >= 120 * 8);
}

#[tokio::test]
async fn a_service_message_is_a_summary_once_the_metadata_names_it_and_cached_replay_follows() {
    // Compaction summaries are recognised through the session's own metadata, never their ID
    // or text; the cached projection is rebuilt when that record changes.
    let (_tmp, s) = root();
    let notes = [summary_note("m-1", "t1"), summary_note("cmp-1", "t1")];
    let (id, _) =
        session_with(&s, &[user("Q"), notes[0].clone(), notes[1].clone(), end(TurnEndStatus::Completed)]).await;
    let shown = |items: &[ReplayItem]| items.iter().map(show).collect::<Vec<_>>();
    let (items, _) = all_pages(&s, &id, None, 32).await;
    assert_eq!(shown(&items), ["user:0:true:Q", "terminal:completed"], "no metadata, no summary");
    let refs = vec![compaction_ref("m-1", "t1", None)];
    s.record_compactions(&id, refs).await.unwrap();
    let (items, _) = all_pages(&s, &id, None, 32).await;
    // The projection starts at the checkpoint: what came before its position is folded in.
    assert_eq!(shown(&items), ["summary:0:summary m-1", "terminal:completed"]);
    // Metadata rewritten for another reason (a title) keeps the record.
    s.set_title(&id, "A title").await.unwrap();
    let (items, _) = all_pages(&s, &id, None, 32).await;
    assert_eq!(items.len(), 2);
}

fn compaction_ref(id: &str, turn: &str, prompt_id: Option<&str>) -> crate::storage::transcript::CompactionRef {
    crate::storage::transcript::CompactionRef { id: id.into(), turn: turn.into(), prompt_id: prompt_id.map(Into::into) }
}

fn summary_note(id: &str, turn: &str) -> SessionMessage {
    SessionMessage::AgentService(
        agentwire_protocol::SessionMessageAgentService::new(id, 4, format!("summary {id}")).with_turn(turn),
    )
}

#[tokio::test]
async fn the_latest_checkpoint_summary_precedes_only_the_conversation_after_its_cutoff() {
    // "When a valid compaction checkpoint is available in that window, its summary precedes
    // the conversation after its cutoff"; a checkpoint is not an omission, so no `gap`.
    let (tmp, s) = root();
    let (id, _) = session_with(&s, &[user("one"), agent("first"), end(TurnEndStatus::Completed)]).await;
    let before = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(before.events.len(), 3);
    let mid_cursor = cursor_of(&before.events[0]).to_string();
    let end_cursor = before.next_cursor.clone();
    // A malformed line before the checkpoint is folded in with the rest.
    raw_append(&tmp, &id, b"{not json\n");
    let refs = |ids: &[&str]| {
        // Refs that name no prompt: the checkpoint is the summary itself.
        ids.iter().map(|i| compaction_ref(i, "t2", None)).collect()
    };
    s.record_compactions(&id, refs(&["m-1"])).await.unwrap();
    s.append(&id, &[user("two"), summary_note("m-1", "t2"), agent("second"), end(TurnEndStatus::Completed)])
        .await
        .unwrap();
    let page = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(
        page.events.iter().map(show).collect::<Vec<_>>(),
        ["summary:0:summary m-1", "assistant:0:true:second", "terminal:completed"]
    );
    assert!(!page.gap && !page.truncated, "{page:?}");
    // The projected prefix changed: cursors issued before the checkpoint resync.
    for stale in [&mid_cursor, &end_cursor] {
        let r = s.replay(&id, req(Some(stale), 32)).await.unwrap();
        assert!(r.resync_required && r.events.is_empty(), "{r:?}");
    }
    let after_first = cursor_of(&page.events[0]).to_string();
    let r = s.replay(&id, req(Some(&after_first), 32)).await.unwrap();
    assert!(!r.resync_required && r.events.len() == 2);

    // A newer checkpoint replaces the older one, and its own earlier cursors go stale.
    s.record_compactions(&id, refs(&["m-2"])).await.unwrap();
    s.append(&id, &[user("three"), summary_note("m-2", "t2"), agent("third")]).await.unwrap();
    let page = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(page.events.iter().map(show).collect::<Vec<_>>(), ["summary:0:summary m-2", "assistant:0:true:third"]);
    assert!(s.replay(&id, req(Some(&after_first), 32)).await.unwrap().resync_required);
    // Restart (a fresh cache) projects the same.
    let restarted = Sessions::new(tmp.path().to_path_buf());
    let again = restarted.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(again.events, page.events);
}

#[tokio::test]
async fn a_failed_turn_end_the_metadata_names_replays_as_compaction_required() {
    let (_tmp, s) = root();
    let end_with =
        |id: &str, status| SessionMessage::AgentTurnEnd(SessionMessageAgentTurnEnd::new(id, 3, "t1", status));
    let (id, _) = session_with(
        &s,
        &[user("Q"), end_with("e-1", TurnEndStatus::Failed), user("R"), end_with("e-2", TurnEndStatus::Failed)],
    )
    .await;
    let refs = vec![compaction_ref("e-1", "t1", None)];
    s.record_compactions(&id, refs).await.unwrap();
    let (items, _) = all_pages(&s, &id, None, 32).await;
    assert_eq!(
        items.iter().map(show).collect::<Vec<_>>(),
        ["user:0:true:Q", "terminal:compaction_required", "user:0:true:R", "terminal:failed"]
    );
}

// Issue "Turns", item 5: "append the summary to the transcript, emit compaction activity with
// replay_required, and make replay show the summary item". The compacting turn's prompt is
// appended at admission, before its summary exists; replay after the compaction shows that
// prompt, the summary, then what followed — the history the summary replaces is omitted, the
// compacting turn itself is complete.

fn prompt(id: &str, text: &str) -> SessionMessage {
    user_text(id, text)
}

fn turn_start(turn: &str) -> SessionMessage {
    SessionMessage::AgentTurnStart(agentwire_protocol::SessionMessageAgentTurnStart::new(format!("ts-{turn}"), 1, turn))
}

fn said(turn: &str, text: &str) -> SessionMessage {
    agent_text(&format!("a-{text}"), turn, text)
}

fn tool_round(turn: &str) -> [SessionMessage; 2] {
    let start = SessionMessage::AgentToolCallStart(agentwire_protocol::SessionMessageAgentToolCallStart::new(
        "tc-1",
        2,
        turn,
        "c1",
        "list_folder",
        "list_folder",
        String::new(),
        serde_json::json!({"path": "."}),
    ));
    let end = SessionMessage::AgentToolCallEnd(agentwire_protocol::SessionMessageAgentToolCallEnd::new(
        "tc-2", 2, turn, "c1",
    ));
    [start, end]
}

fn ended(turn: &str) -> SessionMessage {
    SessionMessage::AgentTurnEnd(SessionMessageAgentTurnEnd::new(
        format!("e-{turn}"),
        3,
        turn,
        TurnEndStatus::Completed,
    ))
}

fn shown(items: &[ReplayItem]) -> Vec<String> {
    items.iter().map(show).collect()
}

/// One earlier turn, then the admission of turn `t2` (prompt `u-2`), as `turn.start` writes it.
async fn session_before_compaction(s: &Sessions) -> SessionId {
    let (id, _) = session_with(
        s,
        &[prompt("u-1", "one"), turn_start("t1"), said("t1", "first"), ended("t1"), prompt("u-2", "two")],
    )
    .await;
    s.append(&id, &[turn_start("t2")]).await.unwrap();
    id
}

#[tokio::test]
async fn replay_after_compaction_shows_the_compacting_turns_prompt_then_the_summary_then_what_followed() {
    let (tmp, s) = root();
    let id = session_before_compaction(&s).await;
    // What a client accepted while turn t2 ran: the older turn and t2's prompt.
    let before = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(
        shown(&before.events),
        ["user:0:true:one", "assistant:0:true:first", "terminal:completed", "user:0:true:two"]
    );
    let at_older = cursor_of(&before.events[1]).to_string();
    let at_prompt = before.next_cursor.clone();
    // Settlement: the metadata names the summary and its turn's prompt, then the records land.
    s.record_compactions(&id, vec![compaction_ref("m-1", "t2", Some("u-2"))]).await.unwrap();
    s.append(&id, &[summary_note("m-1", "t2"), said("t2", "second"), ended("t2")]).await.unwrap();

    let page = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(
        shown(&page.events),
        ["user:0:true:two", "summary:0:summary m-1", "assistant:0:true:second", "terminal:completed"]
    );
    assert!(!page.gap && !page.truncated && !page.resync_required, "{page:?}");
    // "stale after compaction": both saved cursors named a prefix that held the older turn,
    // the one at the prompt too although the prompt is still projected.
    for stale in [&at_older, &at_prompt] {
        let r = s.replay(&id, req(Some(stale), 32)).await.unwrap();
        assert!(r.resync_required && r.events.is_empty(), "{r:?}");
        let entry = lock(&s.inner.projections).get(&id);
        assert_eq!(r.next_cursor, lock(&entry).as_ref().unwrap().start_cursor(), "next_cursor = current start");
    }
    // A cursor issued after the compaction continues, across a restart too.
    let after_prompt = cursor_of(&page.events[0]).to_string();
    let next = s.replay(&id, req(Some(&after_prompt), 32)).await.unwrap();
    assert!(!next.resync_required);
    assert_eq!(shown(&next.events), ["summary:0:summary m-1", "assistant:0:true:second", "terminal:completed"]);
    let restarted = Sessions::new(tmp.path().to_path_buf());
    assert_eq!(restarted.replay(&id, req(None, 32)).await.unwrap().events, page.events, "same items, same cursors");
    let r = restarted.replay(&id, req(Some(&after_prompt), 32)).await.unwrap();
    assert_eq!(r.events, next.events);
    assert!(restarted.replay(&id, req(Some(&at_prompt), 32)).await.unwrap().resync_required);
}

#[tokio::test]
async fn a_compaction_on_a_later_tool_loop_round_still_replays_its_turn_whole_from_the_prompt() {
    let (tmp, s) = root();
    let id = session_before_compaction(&s).await;
    let refs = vec![compaction_ref("m-1", "t2", Some("u-2")), compaction_ref("m-2", "t2", Some("u-2"))];
    s.record_compactions(&id, refs).await.unwrap();
    // Round one's text and tool call precede the first summary; a third round compacted again.
    let mut settled = vec![said("t2", "looking")];
    settled.extend(tool_round("t2"));
    settled.extend([summary_note("m-1", "t2"), said("t2", "still looking")]);
    settled.extend(tool_round("t2"));
    settled.extend([summary_note("m-2", "t2"), said("t2", "found"), ended("t2")]);
    s.append(&id, &settled).await.unwrap();
    let (items, _) = all_pages(&s, &id, None, 2).await;
    // The newest summary sits where it was written and supersedes the earlier one, which it
    // summarizes in turn; the turn's own text stays.
    let expected = [
        "user:0:true:two",
        "assistant:0:true:looking",
        "assistant:0:true:still looking",
        "summary:0:summary m-2",
        "assistant:0:true:found",
        "terminal:completed",
    ];
    assert_eq!(shown(&items), expected);
    let restarted = Sessions::new(tmp.path().to_path_buf());
    let (again, _) = all_pages(&restarted, &id, None, 3).await;
    assert_eq!(again, items, "a fresh read projects the same, cursors included");
    // A page boundary inside the turn's head continues without a resync.
    let mid = cursor_of(&items[1]).to_string();
    let rest = restarted.replay(&id, req(Some(&mid), 32)).await.unwrap();
    assert!(!rest.resync_required);
    assert_eq!(shown(&rest.events), expected[2..]);
}

#[tokio::test]
async fn meta_json_of_the_previous_format_names_no_prompt_and_the_checkpoint_stays_the_summary() {
    // Compatibility: `compactions` entries written before `prompt_id` existed still load; the
    // summary is still recognised and the replay starts at it, as it did.
    let (tmp, s) = root();
    let id = session_before_compaction(&s).await;
    s.append(&id, &[summary_note("m-1", "t2"), said("t2", "second"), ended("t2")]).await.unwrap();
    let old = r#"{"title":"Old","created_at":"2026-01-01T00:00:00.000Z","updated_at":"2026-01-01T00:00:00.000Z","compactions":[{"id":"m-1","turn":"t2"}]}"#;
    fs::write(tmp.path().join("sessions").join(id.as_str()).join("meta.json"), old).unwrap();
    let restarted = Sessions::new(tmp.path().to_path_buf());
    let listed = restarted.list(SessionListRequest::new().with_after(None).with_limit(32)).await.unwrap();
    assert_eq!(listed.sessions[0].title.as_deref(), Some("Old"));
    let page = restarted.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(shown(&page.events), ["summary:0:summary m-1", "assistant:0:true:second", "terminal:completed"]);
    assert!(!page.gap);
    // Recording a new compaction keeps the old entry as it was.
    s.record_compactions(&id, vec![compaction_ref("m-9", "t9", Some("u-9"))]).await.unwrap();
    let meta =
        crate::storage::transcript::read_meta(&tmp.path().join("sessions").join(id.as_str()), 4096).unwrap().unwrap();
    assert_eq!(meta.compactions, [compaction_ref("m-1", "t2", None), compaction_ref("m-9", "t9", Some("u-9"))]);
}

#[tokio::test]
async fn a_prompt_that_left_the_window_before_its_summary_starts_the_checkpoint_at_the_summary_with_a_gap() {
    // "gap:true reports ... bounded-window omissions": the compacting turn's prompt is part of
    // the projection, so losing it to the window bound is one. A cached projection that saw
    // the prompt and a fresh read of the same window agree.
    let (tmp, s) = root();
    let id = session_before_compaction(&s).await;
    s.record_compactions(&id, vec![compaction_ref("m-1", "t2", Some("u-2"))]).await.unwrap();
    s.append(&id, &[said("t2", "looking"), summary_note("m-1", "t2"), said("t2", "a")]).await.unwrap();
    let dir = tmp.path().join("sessions").join(id.as_str());
    // Nine lines so far; a window of six starts at t1's end: t2's prompt is in it.
    let limits = crate::storage::transcript::WindowLimits { max_bytes: 1 << 20, max_records: 6 };
    let mut cached = Projection::new(&id);
    cached.refresh(&dir, limits).unwrap();
    let page = replay::page(&cached, None, 32).unwrap();
    assert_eq!(
        shown(&page.events),
        ["user:0:true:two", "assistant:0:true:looking", "summary:0:summary m-1", "assistant:0:true:a"]
    );
    assert!(!page.gap, "the window start is folded into the summary");
    // Two more lines: the window starts at t2's `turn-start`, after the prompt.
    s.append(&id, &[said("t2", "b"), ended("t2")]).await.unwrap();
    cached.refresh(&dir, limits).unwrap();
    let mut fresh = Projection::new(&id);
    fresh.refresh(&dir, limits).unwrap();
    let (cached_page, fresh_page) = (replay::page(&cached, None, 32).unwrap(), replay::page(&fresh, None, 32).unwrap());
    assert_eq!(cached_page, fresh_page);
    assert_eq!(
        shown(&cached_page.events),
        ["summary:0:summary m-1", "assistant:0:true:a", "assistant:0:true:b", "terminal:completed"]
    );
    assert!(cached_page.gap, "the prompt was cut by the window");
    // A cursor into the cut head no longer resolves.
    let r = replay::page(&cached, Some(cursor_of(&page.events[1])), 32).unwrap();
    assert!(r.resync_required);
}

fn kinds(page: &SessionReplayResponse) -> Vec<String> {
    page.events
        .iter()
        .map(|e| match e {
            ReplayItem::Message(m) => format!("{:?}:{}", m.role, m.text),
            ReplayItem::Terminal(t) => format!("terminal:{:?}", t.status),
            ReplayItem::Summary(s) => format!("summary:{}", s.text),
        })
        .collect()
}

#[tokio::test]
async fn lines_appended_mid_turn_extend_the_cached_projection_without_a_resync() {
    // Issue 20: the projection cache stays consistent with lines the live journal appends
    // before the turn settles (written, not yet fsynced), and cursors taken mid-turn stay valid.
    let (_tmp, s) = root();
    let (id, _) = session_with(&s, &[user("question"), turn_start("t1")]).await;
    let first = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(kinds(&first), ["User:question"]);
    s.append_with(&id, &[agent("part one. ")], Durability::Written).await.unwrap();
    s.append_with(&id, &[thinking("private")], Durability::Written).await.unwrap();
    let mid = s.replay(&id, req(Some(&first.next_cursor), 32)).await.unwrap();
    assert!(!mid.resync_required && !mid.gap);
    assert_eq!(kinds(&mid), ["Assistant:part one. "], "thinking is never projected");
    s.sync(&id).await.unwrap();
    s.append(&id, &[agent("part two."), end(TurnEndStatus::Completed)]).await.unwrap();
    let last = s.replay(&id, req(Some(&mid.next_cursor), 32)).await.unwrap();
    assert!(!last.resync_required);
    assert_eq!(kinds(&last), ["Assistant:part two.", "terminal:Completed"]);
    let fresh = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(kinds(&fresh), ["User:question", "Assistant:part one. ", "Assistant:part two.", "terminal:Completed"]);
}

#[tokio::test]
async fn a_turn_left_open_is_closed_once_when_a_daemon_next_accesses_the_session() {
    // "An unsettled turn found when a daemon (re)opens a session whose writer lock is free is
    // closed durably — a service message ... and a turn-end with status failed."
    let (tmp, s) = root();
    let (id, _) = session_with(&s, &[user("question"), turn_start("t1"), agent("half an answer")]).await;
    drop(s); // the daemon dies: its writer lock goes with it
    let s = Sessions::new(tmp.path().to_path_buf());
    // Closed before the first replay shows it (see `repair`); the claim closes nothing again.
    let page = s.replay(&id, req(None, 32)).await.unwrap();
    assert_eq!(kinds(&page), ["User:question", "Assistant:half an answer", "terminal:Failed"]);
    let lines = fs::read_to_string(transcript(&tmp, &id)).unwrap();
    s.claim(CONN, &id, claim_req(false), ResponseGate::open()).await.unwrap();
    assert_eq!(fs::read_to_string(transcript(&tmp, &id)).unwrap(), lines);
    assert_eq!(lines.matches("\"type\":\"service\"").count(), 1);
    assert!(lines.contains(repair::INTERRUPTED_NOTE));
    // Opened again: nothing is closed twice.
    s.disconnect(CONN).await;
    drop(s);
    let s = Sessions::new(tmp.path().to_path_buf());
    s.claim(CONN, &id, claim_req(false), ResponseGate::open()).await.unwrap();
    assert_eq!(fs::read_to_string(transcript(&tmp, &id)).unwrap(), lines);
}

#[tokio::test]
async fn the_record_bound_keeps_the_newest_records_of_the_window() {
    // "at most 100,000 records": the window keeps the newest, whether read fresh or cached.
    let (tmp, s) = root();
    let id = new_session(&s).await;
    let dir = tmp.path().join("sessions").join(id.as_str());
    let texts: Vec<String> = (0..10).map(|i| format!("q{i}")).collect();
    for t in &texts[..8] {
        raw_append(&tmp, &id, &line(&user(t)));
    }
    let limits = crate::storage::transcript::WindowLimits { max_bytes: 1 << 20, max_records: 3 };
    let mut cached = Projection::new(&id);
    cached.refresh(&dir, limits).unwrap();
    for t in &texts[8..] {
        raw_append(&tmp, &id, &line(&user(t)));
    }
    cached.refresh(&dir, limits).unwrap();
    let mut fresh = Projection::new(&id);
    fresh.refresh(&dir, limits).unwrap();
    let (cached_page, fresh_page) = (replay::page(&cached, None, 32).unwrap(), replay::page(&fresh, None, 32).unwrap());
    assert_eq!(cached_page, fresh_page);
    assert_eq!(shown(&cached_page.events), ["user:0:true:q7", "user:0:true:q8", "user:0:true:q9"]);
    assert!(cached_page.gap, "older records are an omission");
}
