//! `--repeat N`: each selected case runs N times, and the runs merge into one result per case.
//! The baseline then says what the result means: a case marked `flaky` passes the run whatever
//! it did and carries its pass count; any other case keeps its first failure, so one failing
//! repeat is enough to fail it.

use crate::select::Baseline;
use crate::verdict::{CaseResult, Flaky, Verdict};
use std::collections::HashMap;

/// Merges the results of every run (in the first run's order of cases) and applies `baseline`.
pub fn merge(runs: Vec<Vec<CaseResult>>, baseline: &Baseline) -> Vec<CaseResult> {
    let count = u32::try_from(runs.len()).unwrap_or(u32::MAX);
    let mut order: Vec<String> = Vec::new();
    let mut by_id: HashMap<String, Vec<CaseResult>> = HashMap::new();
    for result in runs.into_iter().flatten() {
        let seen = by_id.entry(result.id.clone()).or_default();
        if seen.is_empty() {
            order.push(result.id.clone());
        }
        seen.push(result);
    }
    order
        .into_iter()
        .filter_map(|id| {
            let results = by_id.remove(&id)?;
            let passes = results.iter().filter(|r| matches!(r.verdict(), Verdict::Pass | Verdict::NonStrict)).count();
            let mut merged = match results.iter().position(|r| r.verdict() == Verdict::Fail) {
                Some(i) => results.into_iter().nth(i)?,
                None => results.into_iter().next()?,
            };
            if baseline.is_flaky(&id) {
                merged.flaky = Some(Flaky { passes: u32::try_from(passes).unwrap_or(u32::MAX), runs: count });
            } else {
                merged.expected_failure = baseline.expects_failure(&id);
            }
            Some(merged)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::{Outcome, Suite};

    fn run(verdicts: &[(&str, bool)]) -> Vec<CaseResult> {
        verdicts
            .iter()
            .map(|(id, pass)| {
                CaseResult::new(*id, Suite::Scenario, if *pass { Outcome::pass() } else { Outcome::fail("no") })
            })
            .collect()
    }

    #[test]
    fn flaky_is_not_failing_and_is_counted_over_the_repeats() {
        // "it passes the run whether the case passes or fails; it is reported separately, with
        // the pass count over `--repeat N` runs"
        let baseline = Baseline::parse("s.flaky flaky\ns.stale flaky\ns.known\n").unwrap();
        let runs = vec![
            run(&[("s.flaky", false), ("s.stale", true), ("s.known", false), ("s.steady", true)]),
            run(&[("s.flaky", true), ("s.stale", true), ("s.known", false), ("s.steady", false)]),
            run(&[("s.flaky", false), ("s.stale", true), ("s.known", false), ("s.steady", true)]),
        ];
        let merged = merge(runs, &baseline);
        let ids: Vec<&str> = merged.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["s.flaky", "s.stale", "s.known", "s.steady"]);
        let flaky = &merged[0];
        assert_eq!(flaky.flaky, Some(Flaky { passes: 1, runs: 3 }));
        assert!(!flaky.unexpected() && !flaky.flaky.unwrap().stale());
        // "an entry that passed every one of N repeats is reported as stale"
        assert!(merged[1].flaky.unwrap().stale() && !merged[1].unexpected());
        assert!(merged[2].expected_failure && !merged[2].unexpected());
        // A case that is not flaky fails the run if any repeat fails.
        assert_eq!(merged[3].verdict(), Verdict::Fail);
        assert!(merged[3].unexpected());
    }
}
