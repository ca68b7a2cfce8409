//! The consumer suite against the Rust decoder (all pass) and against decoders that accept or
//! reject everything (both must fail).

use agentwire_conformance::consumer;
use agentwire_conformance::select::Selection;
use agentwire_conformance::vectors::Vectors;
use std::time::Duration;

const HARNESS: &str = env!("CARGO_BIN_EXE_agentwire-consumer-harness");

async fn failures(cmd: &str) -> (usize, usize) {
    let vectors = Vectors::load(None).expect("vectors");
    let results =
        consumer::run(cmd, &vectors, &Selection::default(), Duration::from_secs(120)).await.expect("harness runs");
    (results.iter().filter(|r| r.unexpected()).count(), results.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_decoder_passes_every_consumer_case() {
    let (bad, total) = failures(HARNESS).await;
    assert_eq!(bad, 0, "{bad} of {total} consumer cases fail against the Rust decoder");
    assert!(total > 3000);
}

/// A shell "decoder" answering every line with the same verdict.
fn constant(verdict: &str) -> String {
    format!(r#"sed -E 's/^\{{"id":"([^"]*)".*/{{"id":"\1","verdict":"{verdict}","result":"success"}}/'"#)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn decoders_that_accept_or_reject_everything_fail() {
    let (bad, _) = failures(&constant("accept")).await;
    assert!(bad > 1000, "an accept-everything decoder fails only {bad} cases");
    let (bad, _) = failures(&constant("reject")).await;
    assert!(bad > 500, "a reject-everything decoder fails only {bad} cases");
}
