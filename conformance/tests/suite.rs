//! The suite against the real daemon and the Rust decoder, and the suite against itself: every
//! fault the proxy injects must make it fail, every control must leave it passing.

mod common;

use agentwire_conformance::proxy::{self, Fault};
use agentwire_conformance::select::{Baseline, Selection};
use agentwire_conformance::server::{self, ServerOptions};
use agentwire_conformance::vectors::Vectors;
use agentwire_conformance::verdict::{CaseResult, Verdict};
use agentwire_conformance::wire::Target;
use common::Daemon;

const BASELINE: &str = include_str!("../baseline.txt");

/// At least these cases must fail under each fault (README, "Faults").
const CATCHERS: &[(&str, &[&str])] = &[
    ("drop-envelope-field", &["scenario.lifecycle.preflight"]),
    ("drop-payload-field", &["scenario.session.claim"]),
    ("unknown-advertised-event", &["scenario.lifecycle.preflight"]),
    ("regress-sequence", &["scenario.session.claim"]),
    ("duplicate-sequence", &["scenario.session.claim"]),
    ("event-after-terminal", &["scenario.session.claim"]),
    ("truncate-assistant-text", &["scenario.session.claim"]),
    ("event-wrong-grant", &["scenario.session.claim"]),
    ("event-stale-live-sequence", &["scenario.session.claim", "scenario.control.transitions"]),
    ("drop-terminal-field", &["scenario.session.claim"]),
    ("unsolicited-event", &["scenario.lifecycle.status"]),
    ("change-error-code", &["req.status.payload.unknown_member"]),
    ("change-error-message", &["scenario.lifecycle.not_initialized"]),
    ("swallow-error", &["req.status.payload.unknown_member"]),
    ("leak-extra-byte", &["scenario.lifecycle.status", "frame.single"]),
    ("wrong-request-id", &["scenario.lifecycle.preflight"]),
    ("wrong-instance-id", &["scenario.lifecycle.preflight"]),
    ("unknown-kind", &["scenario.lifecycle.status"]),
    ("success-and-error", &["req.session.list.example"]),
    ("duplicate-response", &["frame.single"]),
    (
        "admission-null-identities",
        &[
            "scenario.rule.not_initialized.session.claim",
            "scenario.rule.instance_mismatch.turn.start.connection_id.last_character",
        ],
    ),
];

async fn run(target: &Target) -> Vec<CaseResult> {
    let vectors = Vectors::load(None).expect("vectors");
    let mut results = server::run(target, &vectors, &Selection::default(), &ServerOptions::default()).await;
    let baseline = Baseline::parse(BASELINE).expect("baseline");
    for r in &mut results {
        r.expected_failure = baseline.expects_failure(&r.id);
    }
    results
}

fn unexpected(results: &[CaseResult]) -> Vec<String> {
    results
        .iter()
        .filter(|r| r.unexpected())
        .map(|r| format!("{}: {}", r.id, r.outcome.detail.as_deref().unwrap_or("")))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_suite_passes_against_the_daemon_and_catches_every_fault() {
    let daemon = Daemon::start();
    let results = run(&daemon.target).await;
    assert_eq!(unexpected(&results), Vec::<String>::new(), "the real daemon fails cases");
    for r in results.iter().filter(|r| r.verdict() == Verdict::Skipped) {
        assert!(r.outcome.detail.as_deref().is_some_and(|d| !d.is_empty()), "{} skipped without a reason", r.id);
    }
    assert!(results.iter().filter(|r| r.verdict() == Verdict::Pass).count() > 500);
    // The target knows its executable, so the cases that start a daemon of their own run.
    let stored: Vec<_> = results.iter().filter(|r| r.id.starts_with("scenario.auth.stored.")).collect();
    assert_eq!(stored.len(), 4);
    assert!(
        stored.iter().all(|r| r.verdict() == Verdict::Pass),
        "{:?}",
        stored.iter().map(|r| &r.outcome).collect::<Vec<_>>()
    );

    for fault in Fault::ALL {
        let listen = daemon.dir.path().join(format!("p-{}.sock", fault.name()));
        let _proxy = proxy::spawn(&listen, &daemon.target.socket, *fault).expect("proxy binds");
        // No executable: the cases that start a daemon of their own would not go through the proxy.
        let through = Target { socket: listen.clone(), executable: None, ..daemon.target.clone() };
        let results = run(&through).await;
        let bad = unexpected(&results);
        if fault.is_control() {
            assert_eq!(bad, Vec::<String>::new(), "control `{}` must leave the suite passing", fault.name());
            continue;
        }
        assert!(!bad.is_empty(), "fault `{}` went unnoticed", fault.name());
        let catchers = CATCHERS.iter().find(|(n, _)| *n == fault.name()).map_or(&[][..], |(_, c)| *c);
        assert!(!catchers.is_empty(), "fault `{}` has no documented catchers", fault.name());
        for id in catchers {
            let r = results.iter().find(|r| r.id == *id).unwrap_or_else(|| panic!("no case {id}"));
            assert_eq!(r.verdict(), Verdict::Fail, "fault `{}` should fail {id}: {:?}", fault.name(), r.outcome);
        }
    }
}
