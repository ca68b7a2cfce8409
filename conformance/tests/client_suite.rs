//! The client suite tests itself: against `naive-driver.mjs`, a client that makes the mistakes
//! real clients make (README, "Client suite"), every case fails except the seven an honest flow
//! passes. So each case can fail, and fails for its own rule: the naive client speaks the wire
//! well enough that the envelope checks pass wherever it does not break a rule on purpose.
//! The real clients (Rust, TypeScript, Swift) pass every case in `scripts/conformance.sh` and
//! `scripts/swift.sh`.

use agentwire_conformance::client::{self, ClientOptions};
use agentwire_conformance::select::Selection;
use agentwire_conformance::vectors::Vectors;
use agentwire_conformance::verdict::Verdict;
use std::time::Duration;

/// The cases a client passes by speaking the wire correctly on an honest daemon's happy path.
const HONEST_FLOW: &[&str] = &[
    "client.handshake.line",
    "client.preflight.input_limit_raised",
    "client.requests.correlated",
    "client.replay.continues_from_next_cursor",
    "client.extensions.ignored",
    "client.approvals.opt_in",
    "client.approvals.answer",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_naive_client_fails_every_case_but_the_honest_flow() {
    let driver = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/naive-driver.mjs");
    let options = ClientOptions {
        exec: format!("node '{driver}'"),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        reply_timeout: Duration::from_secs(10),
    };
    let vectors = Vectors::load(None).expect("vectors");
    let results = client::run(&options, &vectors, &Selection::default()).await.expect("the suite runs");
    assert_eq!(results.len(), client::ids().len());
    for r in &results {
        let expected = if HONEST_FLOW.contains(&r.id.as_str()) { Verdict::Pass } else { Verdict::Fail };
        assert_eq!(r.verdict(), expected, "{}: {:?}", r.id, r.outcome.detail);
        assert!(r.rule.as_deref().is_some_and(|q| !q.is_empty()), "{} has no rule quote", r.id);
    }
}
