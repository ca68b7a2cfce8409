//! Appended session messages per second with the live journal's fsync policy (issue 20):
//! a turn's records are queued one by one as they happen; the writer appends whatever is
//! queued in one write, `fsync`s within `constants::journal_commit_ms`, and the settlement
//! waits for its own `fsync`. Compared in the same run, on the same disk, with one `fsync` per
//! message (what "durable at every append" would cost).
//!
//! Run: `cargo bench -p agentwire-daemon --bench journal_append` (a few seconds).

use agentwire_daemon::operations::ResponseGate;
use std::time::Instant;

use agentwire_daemon::agent::sink::Origin;
use agentwire_daemon::sessions::running::TurnAttachment;
use agentwire_daemon::sessions::Sessions;
use agentwire_daemon::turns::journal::{self, Journal};
use agentwire_protocol::{Control, SessionClaimRequest, SessionId, SnapshotTurn, TurnEndStatus};

/// Messages per turn in the journal run; rounds alternate the two policies.
const MESSAGES: usize = 5_000;
const ROUNDS: usize = 5;

/// A claimed session with a starting turn, and that turn's hold on the session's writer.
async fn session(root: &std::path::Path) -> (Sessions, SessionId, TurnAttachment) {
    let sessions = Sessions::new(root.to_path_buf());
    let id = sessions.create().await.unwrap().session_id;
    let claim =
        sessions.claim(1, &id, SessionClaimRequest::new().with_take_over(false), ResponseGate::open()).await.unwrap();
    let control = Control::new(claim.claim_id, claim.grant_generation);
    let turn = SnapshotTurn::new("t-bench", "op-bench", 0, "");
    let attachment = sessions.begin_turn(1, &id, &control, turn).unwrap();
    (sessions, id, attachment)
}

/// The journal's policy: records queued as they happen, group commit, one fsync at settlement.
async fn journal_rate(root: &std::path::Path) -> f64 {
    let (sessions, id, attachment) = session(root).await;
    let clock = attachment.open().await.unwrap();
    let (journal, queue) = Journal::new("t-bench", clock);
    let writer = tokio::spawn(journal::writer(sessions.clone(), id.clone(), queue));
    let start = Instant::now();
    for i in 0..MESSAGES {
        journal.child_text(&Origin::default(), &format!("segment {i} of a streamed answer"));
        if i % 64 == 0 {
            // A model step: let the writer run, as the turn's awaits do.
            tokio::task::yield_now().await;
        }
    }
    journal.settle("", TurnEndStatus::Completed).await.unwrap().unwrap();
    writer.await.unwrap();
    (MESSAGES + 1) as f64 / start.elapsed().as_secs_f64()
}

/// Baseline: every message appended with its own fsync.
async fn fsync_each_rate(root: &std::path::Path) -> f64 {
    let (sessions, id, attachment) = session(root).await;
    let clock = attachment.open().await.unwrap();
    let (journal, mut queue) = Journal::new("t-bench", clock);
    let n = MESSAGES / 10;
    for i in 0..n {
        journal.child_text(&Origin::default(), &format!("segment {i} of a streamed answer"));
    }
    let mut records = Vec::new();
    while let Ok(journal::Entry::Record(m)) = queue.try_recv() {
        records.push(m);
    }
    let start = Instant::now();
    for m in &records {
        sessions.append(&id, std::slice::from_ref(m)).await.unwrap();
    }
    records.len() as f64 / start.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let (mut live, mut each) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let tmp = tempfile::tempdir_in(std::env::current_dir().unwrap()).unwrap();
        live.push(rt.block_on(journal_rate(tmp.path())));
        let tmp = tempfile::tempdir_in(std::env::current_dir().unwrap()).unwrap();
        each.push(rt.block_on(fsync_each_rate(tmp.path())));
    }
    let (live_m, each_m) = (median(live.clone()), median(each.clone()));
    println!(
        "journal (group commit ≤ {} ms, fsync at settlement): {live:.0?} messages/s",
        agentwire_protocol::constants::JOURNAL_COMMIT_MS
    );
    println!("one fsync per message: {each:.0?} messages/s");
    println!("medians of {ROUNDS} interleaved rounds: journal {live_m:.0} messages/s, fsync-each {each_m:.0} messages/s ({:.1}×)", live_m / each_m);
}
