//! JUnit XML: one `<testsuite>` per suite, one `<testcase>` per case. Expected failures are
//! reported as skipped (JUnit has no expected-failure state); unexpected passes as failures.

use super::{suite_order, Summary};
use crate::verdict::{CaseResult, Verdict};
use std::fmt::Write as _;

fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 cannot carry most control characters, even escaped.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

pub fn render(results: &[CaseResult]) -> String {
    let summary = Summary::of(results);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let failures = |rs: &[&CaseResult]| rs.iter().filter(|r| r.unexpected()).count();
    let skipped = |rs: &[&CaseResult]| {
        rs.iter()
            .filter(|r| !r.unexpected() && (r.verdict() == Verdict::Skipped || r.verdict() == Verdict::Fail))
            .count()
    };
    let all: Vec<&CaseResult> = results.iter().collect();
    let _ = writeln!(
        out,
        "<testsuites name=\"agentwire-conformance\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">",
        summary.total.total,
        failures(&all),
        skipped(&all)
    );
    let mut suites: Vec<_> = results.iter().map(|r| r.suite).collect();
    suites.sort_by_key(|s| suite_order(*s));
    suites.dedup();
    for suite in suites {
        let rs: Vec<&CaseResult> = results.iter().filter(|r| r.suite == suite).collect();
        let time: u64 = rs.iter().map(|r| r.duration_ms).sum();
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" skipped=\"{}\" time=\"{:.3}\">",
            suite.as_str(),
            rs.len(),
            failures(&rs),
            skipped(&rs),
            time as f64 / 1000.0
        );
        for r in rs {
            let _ = write!(
                out,
                "    <testcase classname=\"agentwire.{}\" name=\"{}\" time=\"{:.3}\"",
                suite.as_str(),
                esc(&r.id),
                r.duration_ms as f64 / 1000.0
            );
            let detail = esc(r.outcome.detail.as_deref().unwrap_or(""));
            // The spec words the case checks, so a failure in CI reads with its rule.
            let mut inner = match &r.rule {
                Some(rule) => {
                    format!("      <properties><property name=\"rule\" value=\"{}\"/></properties>\n", esc(rule))
                }
                None => String::new(),
            };
            if let Some(f) = r.flaky {
                let stale = if f.stale() { ", stale" } else { "" };
                let _ = writeln!(
                    inner,
                    "      <system-out>flaky (baseline): {}, passed {}/{} runs{stale}</system-out>",
                    r.verdict().as_str(),
                    f.passes,
                    f.runs
                );
            } else {
                match (r.verdict(), r.expected_failure) {
                    (Verdict::Fail, false) => {
                        let _ = writeln!(inner, "      <failure message=\"{detail}\"/>");
                    }
                    (Verdict::Fail, true) => {
                        let _ = writeln!(inner, "      <skipped message=\"expected failure (baseline): {detail}\"/>");
                    }
                    (Verdict::Pass | Verdict::NonStrict, true) => {
                        let _ = writeln!(
                            inner,
                            "      <failure message=\"listed in the baseline as failing, but passed\"/>"
                        );
                    }
                    (Verdict::Skipped, _) => {
                        let _ = writeln!(inner, "      <skipped message=\"{detail}\"/>");
                    }
                    (Verdict::NonStrict, false) => {
                        let _ = writeln!(inner, "      <system-out>non-strict: {detail}</system-out>");
                    }
                    (Verdict::Pass, false) => {}
                }
            }
            if inner.is_empty() {
                let _ = writeln!(out, "/>");
            } else {
                let _ = writeln!(out, ">\n{inner}    </testcase>");
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::{Outcome, Suite};

    #[test]
    fn escapes_and_counts() {
        let mut listed = CaseResult::new("b", Suite::Scenario, Outcome::fail("x"));
        listed.expected_failure = true;
        let mut quoted = CaseResult::new("e", Suite::Client, Outcome::pass());
        quoted.rule = Some("Never pipeline mutations before <preflight>.".into());
        let results = vec![
            CaseResult::new("req.a<&>", Suite::Server, Outcome::fail("got \"x\" <y>")),
            CaseResult::new("c", Suite::Server, Outcome::pass()),
            listed,
            CaseResult::new("d", Suite::Consumer, Outcome::skipped("why")),
            quoted,
        ];
        let xml = render(&results);
        assert!(xml.contains("name=\"req.a&lt;&amp;&gt;\""));
        assert!(xml.contains("message=\"got &quot;x&quot; &lt;y&gt;\""));
        assert!(xml.contains("tests=\"5\" failures=\"1\" skipped=\"2\""));
        assert!(xml.contains("<property name=\"rule\" value=\"Never pipeline mutations before &lt;preflight&gt;.\"/>"));
        assert!(xml.contains("expected failure (baseline)"));
    }
}
