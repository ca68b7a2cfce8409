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

/// Case IDs expected to fail. One ID (or glob) per line; `#` starts a comment.
#[derive(Debug, Clone, Default)]
pub struct Baseline {
    entries: BTreeSet<String>,
}

impl Baseline {
    pub fn parse(text: &str) -> Self {
        let entries = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect();
        Self { entries }
    }

    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
        Ok(Self::parse(&text))
    }

    pub fn expects_failure(&self, id: &str) -> bool {
        self.entries.iter().any(|p| glob_match(p, id))
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
        let b = Baseline::parse("# known\nreq.a.b  # why\n\nscenario.x.*\n");
        assert!(b.expects_failure("req.a.b"));
        assert!(b.expects_failure("scenario.x.y"));
        assert!(!b.expects_failure("req.a"));
        assert!(Selection::default().selects("anything"));
        assert!(!Selection::new(vec!["req.*".into()]).selects("frame.crlf"));
    }
}
