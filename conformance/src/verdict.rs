//! Case results: the verdict of one case, why, and what was said on the wire.

use crate::transcript::Transcript;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Pass,
    /// Accepted something the vectors reject, where the rule is a SHOULD (see README).
    NonStrict,
    Fail,
    Skipped,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::NonStrict => "non-strict",
            Verdict::Fail => "fail",
            Verdict::Skipped => "skipped",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Suite {
    /// `requests.json` against a daemon.
    Server,
    /// `framing.json` (server reader) against a daemon.
    Framing,
    /// Traces written as code against a daemon.
    Scenario,
    /// `consumer.json` (and consumer framing) against a decoder harness.
    Consumer,
    /// Scripted-daemon scenarios against a client behind a driver (`src/client/`).
    Client,
}

impl Suite {
    pub fn as_str(self) -> &'static str {
        match self {
            Suite::Server => "server",
            Suite::Framing => "framing",
            Suite::Scenario => "scenario",
            Suite::Consumer => "consumer",
            Suite::Client => "client",
        }
    }
}

/// A verdict with its explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub detail: Option<String>,
}

impl Outcome {
    pub fn pass() -> Self {
        Outcome { verdict: Verdict::Pass, detail: None }
    }

    pub fn fail(detail: impl Into<String>) -> Self {
        Outcome { verdict: Verdict::Fail, detail: Some(detail.into()) }
    }

    pub fn skipped(reason: impl Into<String>) -> Self {
        Outcome { verdict: Verdict::Skipped, detail: Some(reason.into()) }
    }

    pub fn non_strict(detail: impl Into<String>) -> Self {
        Outcome { verdict: Verdict::NonStrict, detail: Some(detail.into()) }
    }
}

/// A case failed: the message says what the target did instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Failure(pub String);

impl Failure {
    pub fn new(msg: impl Into<String>) -> Self {
        Failure(msg.into())
    }
}

impl From<Failure> for Outcome {
    fn from(f: Failure) -> Self {
        Outcome::fail(f.0)
    }
}

/// `ensure!(cond, "format", args…)`: fail the case unless `cond` holds.
#[macro_export]
macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err($crate::verdict::Failure(format!($($fmt)+)));
        }
    };
}

#[derive(Debug, Clone)]
pub struct CaseResult {
    pub id: String,
    pub suite: Suite,
    pub outcome: Outcome,
    /// The spec words the case checks.
    pub rule: Option<String>,
    pub duration_ms: u64,
    pub transcript: Transcript,
    /// Listed in the baseline: a failure is expected, a pass is not.
    pub expected_failure: bool,
    /// Marked `flaky` in the baseline: the passes over the run's repeats. Never fails the run.
    pub flaky: Option<Flaky>,
}

/// A flaky case's record over `--repeat N` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Flaky {
    pub passes: u32,
    pub runs: u32,
}

impl Flaky {
    /// Passed every run: the entry may no longer be needed.
    pub fn stale(self) -> bool {
        self.passes == self.runs
    }
}

impl CaseResult {
    pub fn new(id: impl Into<String>, suite: Suite, outcome: Outcome) -> Self {
        CaseResult {
            id: id.into(),
            suite,
            outcome,
            rule: None,
            duration_ms: 0,
            transcript: Transcript::default(),
            expected_failure: false,
            flaky: None,
        }
    }

    pub fn verdict(&self) -> Verdict {
        self.outcome.verdict
    }

    /// Whether this result makes the run fail: an unlisted failure, or a listed case that
    /// passed. A flaky case never does.
    pub fn unexpected(&self) -> bool {
        if self.flaky.is_some() {
            return false;
        }
        match (self.verdict(), self.expected_failure) {
            (Verdict::Fail, expected) => !expected,
            (Verdict::Pass | Verdict::NonStrict, true) => true,
            _ => false,
        }
    }
}
