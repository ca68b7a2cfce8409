//! Durable replay cost, in one run: one cold parse of a full 2 MiB transcript window (a fresh
//! `Sessions`, one page) against paging through that whole window from a cold start (every
//! page a separate request). Target: paging ≤ 3× one parse — the projection cache parses each
//! byte once, so the rest is per-page work (stat, probes, cursor lookup, page encoding).
//!
//! `cargo bench -p agentwire-daemon --bench replay` prints the measured ratio before criterion's
//! own report.

use agentwire_daemon::operations::ResponseGate;
use std::path::Path;
use std::time::{Duration, Instant};

use agentwire_daemon::sessions::Sessions;
use agentwire_protocol::{
    constants, decode_session_message, limits, SessionClaimRequest, SessionId, SessionMessage, SessionMessageAgentText,
    SessionMessageAgentToolCallEnd, SessionMessageAgentToolCallStart, SessionMessageAgentTurnEnd,
    SessionMessageAgentTurnStart, SessionMessageUserText, SessionReplayRequest, SessionReplayResponse, TurnEndStatus,
};
use criterion::{black_box, criterion_group, Criterion, Throughput};
use tokio::runtime::Runtime;

const WORDS: &[&str] = &[
    "the", "build", "fails", "because", "cargo", "cannot", "find", "the", "crate", "fix", "module", "session",
    "replay", "cursor", "window", "parse", "error", "é", "naïve", "日本", "test", "passes", "now", "`code`",
];

/// Deterministic prose of about `bytes` bytes.
fn prose(seed: &mut u64, bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + 16);
    while out.len() < bytes {
        *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        out.push_str(WORDS[(*seed >> 33) as usize % WORDS.len()]);
        out.push(if (*seed >> 20).is_multiple_of(11) { '\n' } else { ' ' });
    }
    out
}

/// One realistic turn: prompt, thinking, visible text, a tool call, more text, turn end.
fn turn(n: usize, seed: &mut u64) -> Vec<SessionMessage> {
    let turn = format!("t{n}");
    let text = |id: &str, text: String, thinking: Option<bool>| {
        SessionMessage::AgentText(
            SessionMessageAgentText::new(id, 1_700_000_000_000, turn.clone(), text).with_thinking(thinking),
        )
    };
    let len = 300 + (*seed as usize % 7000);
    vec![
        SessionMessage::UserText(SessionMessageUserText::new(format!("u{n}"), 1_700_000_000_000, prose(seed, 400))),
        SessionMessage::AgentTurnStart(SessionMessageAgentTurnStart::new(
            format!("s{n}"),
            1_700_000_000_000,
            turn.clone(),
        )),
        text(&format!("k{n}"), prose(seed, 600), Some(true)),
        text(&format!("a{n}"), prose(seed, len), None),
        SessionMessage::AgentToolCallStart(SessionMessageAgentToolCallStart::new(
            format!("c{n}"),
            1_700_000_000_000,
            turn.clone(),
            format!("call{n}"),
            "bash",
            "Run tests",
            "Run the test suite",
            serde_json::json!({"command": prose(seed, 200)}),
        )),
        SessionMessage::AgentToolCallEnd(SessionMessageAgentToolCallEnd::new(
            format!("d{n}"),
            1_700_000_000_000,
            turn.clone(),
            format!("call{n}"),
        )),
        text(&format!("b{n}"), prose(seed, 800), None),
        SessionMessage::AgentTurnEnd(SessionMessageAgentTurnEnd::new(
            format!("e{n}"),
            1_700_000_000_000,
            turn,
            TurnEndStatus::Completed,
        )),
    ]
}

/// A session whose transcript exceeds the replay window, so the window is full.
fn setup(rt: &Runtime, root: &Path) -> SessionId {
    rt.block_on(async {
        let sessions = Sessions::new(root.to_path_buf());
        let id = sessions.create().await.expect("create").session_id;
        sessions
            .claim(1, &id, SessionClaimRequest::new().with_take_over(false), ResponseGate::open())
            .await
            .expect("claim");
        let mut seed = 42;
        let mut n = 0;
        let transcript = root.join("sessions").join(id.as_str()).join("transcript.jsonl");
        while std::fs::metadata(&transcript).map_or(0, |m| m.len())
            < limits::MAX_SESSION_REPLAY_WINDOW_BYTES + 64 * 1024
        {
            let batch: Vec<SessionMessage> = (0..20)
                .flat_map(|_| {
                    n += 1;
                    turn(n, &mut seed)
                })
                .collect();
            sessions.append(&id, &batch).await.expect("append");
        }
        sessions.disconnect(1).await;
        id
    })
}

/// Replay items the window must hold, counted from the transcript as written rather than by the
/// daemon's projection: the lines that start in its last window bytes (newest
/// `replay_window_records` of them); each prompt and visible assistant text is cut into parts of
/// `replay_part_bytes` at UTF-8 boundaries, each turn end is one item, everything else none.
fn expected_items(root: &Path, id: &str) -> usize {
    let data = std::fs::read(root.join("sessions").join(id).join("transcript.jsonl")).expect("transcript");
    let start = data.len().saturating_sub(limits::MAX_SESSION_REPLAY_WINDOW_BYTES as usize);
    let mut offset = 0;
    let mut lines = Vec::new();
    for line in data.split_inclusive(|&b| b == b'\n') {
        if offset >= start {
            lines.push(line.strip_suffix(b"\n").unwrap_or(line));
        }
        offset += line.len();
    }
    let keep = lines.len().min(constants::REPLAY_WINDOW_RECORDS as usize);
    let parts = |text: &str| {
        let max = constants::REPLAY_PART_BYTES as usize;
        let (mut n, mut rest) = (1, text);
        while rest.len() > max {
            let end = (0..=max).rev().find(|&i| rest.is_char_boundary(i)).expect("boundary");
            rest = &rest[end..];
            n += 1;
        }
        n
    };
    lines[lines.len() - keep..]
        .iter()
        .map(|line| match decode_session_message(line).expect("transcript line decodes") {
            SessionMessage::UserText(m) => parts(&m.text),
            SessionMessage::AgentText(m) if m.thinking != Some(true) => parts(&m.text),
            SessionMessage::AgentTurnEnd(_) => 1,
            _ => 0,
        })
        .sum()
}

fn req(after: Option<String>, limit: u32) -> SessionReplayRequest {
    SessionReplayRequest::new().with_after(after).with_limit(limit)
}

/// A fresh instance (cold cache) parses the whole window for its first page (of one item).
fn one_parse(rt: &Runtime, root: &Path, id: &SessionId) -> SessionReplayResponse {
    rt.block_on(async {
        let sessions = Sessions::new(root.to_path_buf());
        sessions.replay(id, req(None, 1)).await.expect("replay")
    })
}

/// A fresh instance pages through the whole window; returns (pages, items).
fn page_all(rt: &Runtime, root: &Path, id: &SessionId) -> (usize, usize) {
    rt.block_on(async {
        let sessions = Sessions::new(root.to_path_buf());
        let (mut pages, mut items, mut after) = (0, 0, None);
        loop {
            let page = sessions.replay(id, req(after, 32)).await.expect("replay");
            assert!(!page.resync_required, "resync_required on page {} after {items} items", pages + 1);
            pages += 1;
            items += page.events.len();
            if !page.truncated {
                return (pages, items);
            }
            after = Some(page.next_cursor);
        }
    })
}

fn median(mut f: impl FnMut(), runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("tempdir");
    let id = setup(&rt, dir.path());
    let window = limits::MAX_SESSION_REPLAY_WINDOW_BYTES;

    // Checked once, outside the timed runs (both are deterministic over the same window).
    let (pages, items) = page_all(&rt, dir.path(), &id);
    let expected = expected_items(dir.path(), &id);
    assert_eq!(items, expected, "paging returned {items} items in {pages} pages; the window holds {expected}");
    assert!(pages > 1, "the whole window ({items} items) came in {pages} page: nothing was paged");
    let first = one_parse(&rt, dir.path(), &id);
    assert!(
        first.events.len() == 1 && first.truncated && !first.resync_required,
        "one parse should return the first of {items} items and more to come: {first:?}"
    );
    let parse = median(|| _ = black_box(one_parse(&rt, dir.path(), &id)), 15);
    let paging = median(|| _ = black_box(page_all(&rt, dir.path(), &id)), 15);
    println!(
        "replay window {window} bytes, {items} items in {pages} pages: one parse {parse:?}, paging all {paging:?}, \
         ratio {:.2} (target ≤ 3)",
        paging.as_secs_f64() / parse.as_secs_f64()
    );

    let mut group = c.benchmark_group("replay_2mib_window");
    group.sample_size(20).throughput(Throughput::Bytes(window));
    group.bench_function("one_parse", |b| b.iter(|| one_parse(&rt, dir.path(), &id)));
    group.bench_function("page_through_all", |b| b.iter(|| page_all(&rt, dir.path(), &id)));
    group.finish();
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
