//! traceability.toml: every referenced case exists (a vector or a scenario) and every sentence
//! has cases, tests or a reason. Whether every normative sentence of the protocol documents is
//! in the file is `agentwire-conformance trace DOCUMENTS`'s check (they live outside the
//! repository).

use agentwire_conformance::cli::known_ids;
use agentwire_conformance::trace::{check, TraceFile};
use agentwire_conformance::vectors::Vectors;
use std::path::Path;

#[test]
fn every_normative_sentence_maps_to_existing_cases_or_a_reason() {
    let vectors = Vectors::load(None).expect("vectors");
    let file =
        TraceFile::load(Some(&Path::new(env!("CARGO_MANIFEST_DIR")).join("traceability.toml"))).expect("trace file");
    // The documents' completeness is `agentwire-conformance trace DOCUMENTS`'s part: the
    // documents are not in this repository.
    let report = check(&file, &known_ids(&vectors), Path::new(env!("CARGO_MANIFEST_DIR")), None);
    assert!(report.ok(), "{}", report.render());
    assert!(report.sentences > 200, "{}", report.render());
}
