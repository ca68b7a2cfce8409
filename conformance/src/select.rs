//! Which cases run (`--case` IDs and globs) and which are expected to fail (`--baseline`).

use crate::error::{Error, Result};
use std::collections::BTreeSet;
use std::path::Path;

/// `*` matches any run of characters (dots included), `?` one character; everything else is
/// literal, so a plain ID selects exactly itself.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    // Iterative matcher with one backtrack point: linear enough for case IDs.
    let (mut pi, mut ti, mut star, mut mark) = (0, 0, None, 0);
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ti;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// The `--case` patterns; empty selects everything.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    patterns: Vec<String>,
}

impl Selection {
    pub fn new(patterns: Vec<String>) -> Self {
        Self { patterns }
    }

    pub fn selects(&self, id: &str) -> bool {
        self.patterns.is_empty() || self.patterns.iter().any(|p| glob_match(p, id))
    }
}

/// What a baseline entry says of the cases it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Expect {
    /// The case fails; a pass fails the run (the entry is stale).
    Failure,
    /// The case may pass or fail: either passes the run, and the pass count over `--repeat`
    /// runs is reported (an entry that passed every run is reported as stale).
    Flaky,
}

/// The baseline: case IDs (or globs) expected to fail, or marked `flaky`. One entry per line,
/// `ID` or `ID flaky`; `#` starts a comment.
#[derive(Debug, Clone, Default)]
pub struct Baseline {
    entries: BTreeSet<(String, Expect)>,
}

impl Baseline {
    pub fn parse(text: &str) -> Result<Self> {
        let mut entries = BTreeSet::new();
        for (n, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split('#').next().unwrap_or("").split_whitespace().collect();
            let entry = match words.as_slice() {
                [] => continue,
                [id] => (*id, Expect::Failure),
                [id, "flaky"] => (*id, Expect::Flaky),
                _ => {
                    return Err(Error::Usage(format!(
                        "baseline line {}: expected `ID` or `ID flaky`, got `{}`",
                        n + 1,
                        line.trim()
                    )))
                }
            };
            entries.insert((entry.0.to_owned(), entry.1));
        }
        Ok(Self { entries })
    }

    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
        Self::parse(&text)
    }

    /// What the baseline expects of `id`: `flaky` wins over an expected failure.
    pub fn expects(&self, id: &str) -> Option<Expect> {
        self.entries.iter().filter(|(p, _)| glob_match(p, id)).map(|(_, e)| *e).max()
    }

    pub fn expects_failure(&self, id: &str) -> bool {
        self.expects(id) == Some(Expect::Failure)
    }

    pub fn is_flaky(&self, id: &str) -> bool {
        self.expects(id) == Some(Expect::Flaky)
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_ids() {
        assert!(glob_match("req.session.*", "req.session.list.payload.limit.above_max"));
        assert!(glob_match("req.session.list.example", "req.session.list.example"));
        assert!(!glob_match("req.session.list.example", "req.session.list.examples"));
        assert!(glob_match("*.above_max", "req.limit.depth.above_max"));
        assert!(glob_match("frame.?rlf", "frame.crlf"));
        assert!(glob_match("*", ""));
        assert!(!glob_match("req.*", "resp.status.example"));
        assert!(glob_match("a*b*c", "aXXbYYc"));
        assert!(!glob_match("a*b*c", "aXXbYY"));
    }

    #[test]
    fn baseline_ignores_comments_and_blank_lines() {
        let b = Baseline::parse("# known\nreq.a.b  # why\n\nscenario.x.*\n").unwrap();
        assert!(b.expects_failure("req.a.b"));
        assert!(b.expects_failure("scenario.x.y"));
        assert!(!b.expects_failure("req.a"));
        assert!(Selection::default().selects("anything"));
        assert!(!Selection::new(vec!["req.*".into()]).selects("frame.crlf"));
    }

    #[test]
    fn a_baseline_entry_can_mark_a_case_flaky() {
        // "A baseline entry can mark a case `flaky`"
        let b = Baseline::parse("scenario.a flaky # races the clock\nscenario.*\nreq.x\n").unwrap();
        assert!(b.is_flaky("scenario.a"), "flaky wins over a glob's expected failure");
        assert!(b.expects_failure("scenario.b") && !b.is_flaky("scenario.b"));
        assert_eq!(b.expects("req.y"), None);
        assert!(Baseline::parse("req.x sometimes\n").is_err(), "an unknown mark is a usage error");
    }
}
