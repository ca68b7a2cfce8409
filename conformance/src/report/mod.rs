//! Reports of a run: counts per suite and verdict, a human summary, JSON and JUnit XML, and the
//! per-case transcripts.

pub mod human;
pub mod json;
pub mod junit;

use crate::error::{Error, Result};
use crate::verdict::{CaseResult, Suite, Verdict};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub total: usize,
    pub pass: usize,
    pub non_strict: usize,
    pub fail: usize,
    pub skipped: usize,
    /// Failures listed in the baseline.
    pub expected_failures: usize,
    /// Failures not listed, and listed cases that passed.
    pub unexpected: usize,
    /// Cases the baseline marks `flaky` (whatever they did), and those of them that passed
    /// every repeat.
    pub flaky: usize,
    pub stale_flaky: usize,
}

impl Counts {
    fn add(&mut self, r: &CaseResult) {
        self.total += 1;
        match r.verdict() {
            Verdict::Pass => self.pass += 1,
            Verdict::NonStrict => self.non_strict += 1,
            Verdict::Fail => self.fail += 1,
            Verdict::Skipped => self.skipped += 1,
        }
        if r.verdict() == Verdict::Fail && r.expected_failure && r.flaky.is_none() {
            self.expected_failures += 1;
        }
        if r.unexpected() {
            self.unexpected += 1;
        }
        if let Some(f) = r.flaky {
            self.flaky += 1;
            self.stale_flaky += usize::from(f.stale());
        }
    }
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    pub suites: BTreeMap<&'static str, Counts>,
    pub total: Counts,
}

impl Summary {
    pub fn of(results: &[CaseResult]) -> Self {
        let mut s = Summary::default();
        for r in results {
            s.suites.entry(r.suite.as_str()).or_default().add(r);
            s.total.add(r);
        }
        s
    }

    /// The run succeeds when nothing unexpected happened.
    pub fn ok(&self) -> bool {
        self.total.unexpected == 0
    }
}

/// A file name for a case ID (IDs are dotted words; anything else becomes `_`).
pub fn file_stem(id: &str) -> String {
    id.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' }).collect()
}

/// Where a case's transcript is written under `--out`.
pub fn transcript_path(out: &Path, r: &CaseResult) -> PathBuf {
    out.join("transcripts").join(r.suite.as_str()).join(format!("{}.jsonl", file_stem(&r.id)))
}

/// Write every non-empty transcript under `out/transcripts/<suite>/<id>.jsonl`.
pub fn write_transcripts(out: &Path, results: &[CaseResult]) -> Result<()> {
    for r in results.iter().filter(|r| !r.transcript.entries.is_empty()) {
        let path = transcript_path(out, r);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        }
        std::fs::write(&path, r.transcript.to_jsonl()).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}

/// Suites in report order.
pub fn suite_order(s: Suite) -> u8 {
    match s {
        Suite::Server => 0,
        Suite::Framing => 1,
        Suite::Scenario => 2,
        Suite::Consumer => 3,
        Suite::Client => 4,
    }
}
