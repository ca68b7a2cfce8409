//! The summary printed at the end of a run.

use super::Summary;
use crate::verdict::{CaseResult, Verdict};
use std::collections::BTreeMap;
use std::fmt::Write as _;

pub fn render(results: &[CaseResult], verbose: bool) -> String {
    let summary = Summary::of(results);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<10} {:>6} {:>6} {:>10} {:>6} {:>8} {:>10}",
        "suite", "total", "pass", "non-strict", "fail", "skipped", "unexpected"
    );
    let mut row = |name: &str, c: &super::Counts| {
        let _ = writeln!(
            out,
            "{name:<10} {:>6} {:>6} {:>10} {:>6} {:>8} {:>10}",
            c.total, c.pass, c.non_strict, c.fail, c.skipped, c.unexpected
        );
    };
    for (suite, c) in &summary.suites {
        row(suite, c);
    }
    row("total", &summary.total);
    let mut unexpected: Vec<&CaseResult> = results.iter().filter(|r| r.unexpected()).collect();
    unexpected.sort_by(|a, b| a.id.cmp(&b.id));
    if !unexpected.is_empty() {
        let _ = writeln!(out, "\nunexpected results:");
        for r in unexpected {
            let what = if r.verdict() == Verdict::Fail { "FAIL" } else { "PASSED, but listed in the baseline" };
            let _ = writeln!(
                out,
                "  {what} {} [{}]: {}",
                r.id,
                r.suite.as_str(),
                r.outcome.detail.as_deref().unwrap_or("")
            );
        }
    }
    let expected: Vec<&CaseResult> =
        results.iter().filter(|r| r.verdict() == Verdict::Fail && r.expected_failure && r.flaky.is_none()).collect();
    if !expected.is_empty() {
        let _ = writeln!(out, "\nexpected failures (baseline):");
        for r in expected {
            let _ = writeln!(out, "  {}: {}", r.id, r.outcome.detail.as_deref().unwrap_or(""));
        }
    }
    let flaky: Vec<&CaseResult> = results.iter().filter(|r| r.flaky.is_some()).collect();
    if !flaky.is_empty() {
        let _ = writeln!(out, "\nflaky (baseline; never fails the run):");
        for r in &flaky {
            let Some(f) = r.flaky else { continue };
            let stale = if f.stale() { " (stale: passed every run; remove the entry)" } else { "" };
            let _ = writeln!(out, "  {}: passed {}/{}{stale}", r.id, f.passes, f.runs);
        }
    }
    let non_strict: Vec<&CaseResult> = results.iter().filter(|r| r.verdict() == Verdict::NonStrict).collect();
    if !non_strict.is_empty() {
        let _ = writeln!(out, "\nnon-strict (a SHOULD not followed):");
        for r in non_strict {
            let _ = writeln!(out, "  {}: {}", r.id, r.outcome.detail.as_deref().unwrap_or(""));
        }
    }
    let skipped: Vec<&CaseResult> = results.iter().filter(|r| r.verdict() == Verdict::Skipped).collect();
    if !skipped.is_empty() {
        let _ = writeln!(out, "\nskipped:");
        if verbose {
            for r in skipped {
                let _ = writeln!(out, "  {}: {}", r.id, r.outcome.detail.as_deref().unwrap_or(""));
            }
        } else {
            let mut by_reason: BTreeMap<&str, usize> = BTreeMap::new();
            for r in skipped {
                *by_reason.entry(r.outcome.detail.as_deref().unwrap_or("no reason")).or_default() += 1;
            }
            for (reason, n) in by_reason {
                let _ = writeln!(out, "  {n:>4} × {reason}");
            }
        }
    }
    let _ = writeln!(out, "\n{}", if summary.ok() { "result: OK" } else { "result: FAILED" });
    out
}
