//! Requirement levels of the traced sentences, as the MCP and ACP suites give them: a sentence
//! is a `must` (an obligation: an unchecked one fails `trace` unless its reason is on the
//! closed list of [`Reason`]), a `should` or a `may`. The level comes from the sentence's
//! wording; `traceability.toml` may set it where the wording is loose (`level = "..."`), which
//! is the review.

use serde::Deserialize;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Must,
    Should,
    May,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Must, Level::Should, Level::May];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Must => "must",
            Level::Should => "should",
            Level::May => "may",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// Words that make a sentence an obligation.
const MUST_WORDS: &[&str] =
    &["must", "never", "required", "requires", "require", "only", "reject", "rejects", "rejected", "cannot"];

/// The level the wording gives: an obligation word makes a `must`; otherwise `should` or
/// `recommended` a `should`, and `may` or `optional` a `may`. A sentence normative only by a
/// negation or a statement of what holds ("is not valid", "always", "exactly") states a rule
/// of the protocol, so it is a `must` too.
pub fn from_wording(sentence: &str) -> Level {
    let lower = sentence.to_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '_')).filter(|w| !w.is_empty()).collect();
    let has = |list: &[&str]| list.iter().any(|w| words.contains(w));
    if has(MUST_WORDS) {
        Level::Must
    } else if has(&["should", "recommended"]) {
        Level::Should
    } else if has(&["may", "optional"]) {
        Level::May
    } else {
        Level::Must
    }
}

/// The closed list of reasons an obligation may go unchecked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// An obligation on a client application's behaviour that no wire test can observe.
    ClientObligation,
    /// Describes the documents, their scope, history or other protocols; no behaviour.
    DocumentScope,
    /// A rule for authors of future spec versions.
    FutureVersions,
    /// Release, packaging or migration process.
    ReleaseProcess,
    /// Concerns something this daemon never produces (the reference says so).
    NotProduced,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wording_gives_the_level() {
        assert_eq!(from_wording("Clients must retry."), Level::Must);
        assert_eq!(from_wording("It never resends."), Level::Must);
        assert_eq!(from_wording("Servers should echo the ID."), Level::Should);
        assert_eq!(from_wording("A front end may show it."), Level::May);
        assert_eq!(from_wording("A request is not valid JSON."), Level::Must);
        assert_eq!(from_wording("It may be retried only once."), Level::Must);
    }
}
