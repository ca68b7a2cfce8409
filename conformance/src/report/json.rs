//! The machine-readable report: the summary and every case.

use super::{transcript_path, Summary};
use crate::verdict::CaseResult;
use serde_json::{json, Value};
use std::path::Path;

pub fn render(results: &[CaseResult], transcripts: Option<&Path>) -> Value {
    let cases: Vec<Value> = results
        .iter()
        .map(|r| {
            let transcript = transcripts
                .filter(|_| !r.transcript.entries.is_empty())
                .map(|out| transcript_path(out, r).display().to_string());
            json!({
                "id": r.id,
                "suite": r.suite,
                "verdict": r.verdict(),
                "detail": r.outcome.detail,
                "rule": r.rule,
                "duration_ms": r.duration_ms,
                "expected_failure": r.expected_failure,
                "unexpected": r.unexpected(),
                "flaky": r.flaky.map(|f| json!({"passes": f.passes, "runs": f.runs, "stale": f.stale()})),
                "transcript": transcript,
            })
        })
        .collect();
    json!({"tool": "agentwire-conformance", "version": env!("CARGO_PKG_VERSION"), "summary": Summary::of(results), "cases": cases})
}
