//! traceability.toml: every referenced case exists (a vector or a scenario), every sentence
//! has cases or a reason, and, where the protocol documents are readable, every normative
//! sentence of theirs is in the file and nothing in the file is stale.

use agentwire_conformance::cli::known_ids;
use agentwire_conformance::trace::{check, TraceFile};
use agentwire_conformance::vectors::Vectors;
use std::path::Path;

#[test]
fn every_normative_sentence_maps_to_existing_cases_or_a_reason() {
    let vectors = Vectors::load(None).expect("vectors");
    let file =
        TraceFile::load(Some(&Path::new(env!("CARGO_MANIFEST_DIR")).join("traceability.toml"))).expect("trace file");
    let report = check(&file, &known_ids(&vectors), Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(report.ok(), "{}", report.render());
    assert!(report.sentences > 200, "{}", report.render());
    if !report.unread.is_empty() {
        eprintln!("{}", report.render());
    }
}
