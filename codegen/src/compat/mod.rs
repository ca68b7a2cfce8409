//! The spec evolution checker: compare two versions of `protocol.toml` and say, per change,
//! whether existing clients and consumers keep working, and whether `protocol_version` must
//! change.
//!
//! Every rule comes from the seed's "Evolution and consumer decoding", "Protocol version versus
//! package version" and "Advertised limits" sections; [`rules::RULES`] is the table, each row
//! quoting the sentence that decides it. Changes are judged per direction ([`reach`]): the same
//! edit can break strict request decoding and be harmless to tolerant consumers, or the reverse.
//!
//! Optional profiles are "an explicit, bounded capability negotiation" that isolates what they
//! own: the ordinary sections compare the ordinary profile (and profile negotiation) only, and
//! [`profiles`] judges each optional profile as a whole: added, removed, a version step, or
//! changed without one.

#[cfg(feature = "artifacts")]
pub mod cli;
#[cfg(feature = "artifacts")]
mod coverage;
#[cfg(feature = "artifacts")]
mod diff;
#[cfg(feature = "artifacts")]
mod git;
pub mod growth;
#[cfg(feature = "artifacts")]
pub mod path;
#[cfg(feature = "artifacts")]
mod profiles;
pub mod reach;
#[cfg(feature = "artifacts")]
mod report;
pub mod rules;
#[cfg(feature = "artifacts")]
mod types;

#[cfg(feature = "artifacts")]
pub use git::{git_baseline, Baseline};
#[cfg(feature = "artifacts")]
pub use report::{json, text, NEGOTIATION_NOTE};
pub use rules::{Category, Rule, RuleInfo, RULES};

#[cfg(feature = "artifacts")]
use crate::ir::Spec;
#[cfg(feature = "artifacts")]
use crate::spec::Diagnostics;
#[cfg(feature = "artifacts")]
use std::path::{Path, PathBuf};

#[cfg(feature = "artifacts")]
/// Whether a finding is governed by `protocol_version`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    /// Reachable from an operation, event, envelope or the session message stream.
    Wire,
    /// Reachable from none of them (today: the Unix launch and handshake types and launch
    /// errors). "Unix admission requires an exact package match independently of wire
    /// negotiation", so these never require a wire version bump.
    Unreferenced,
}

#[cfg(feature = "artifacts")]
impl Scope {
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Wire => "wire",
            Scope::Unreferenced => "unreferenced",
        }
    }
}

#[cfg(feature = "artifacts")]
/// One change between the two specs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub rule: Rule,
    pub category: Category,
    pub scope: Scope,
    /// Dotted TOML key path of the item in the spec.
    pub path: String,
    /// One sentence: what changed, where, and the seed rule that decides it.
    pub reason: String,
}

#[cfg(feature = "artifacts")]
/// The result of comparing two specs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Sorted by path, then rule.
    pub findings: Vec<Finding>,
    pub old_version: u16,
    pub new_version: u16,
}

#[cfg(feature = "artifacts")]
impl Report {
    /// A breaking wire change exists (the version change itself does not count).
    pub fn version_bump_required(&self) -> bool {
        self.findings.iter().any(|f| {
            f.category == Category::Breaking && f.scope == Scope::Wire && f.rule != Rule::PROTOCOL_VERSION_CHANGED
        })
    }

    pub fn version_bumped(&self) -> bool {
        self.new_version > self.old_version
    }

    /// Whether the change may ship: every breaking wire change comes with a bump, and the
    /// version never goes down.
    pub fn ok(&self) -> bool {
        self.new_version >= self.old_version && (!self.version_bump_required() || self.version_bumped())
    }
}

#[cfg(feature = "artifacts")]
/// Compare two lowered specs.
pub fn compare(old: &Spec, new: &Spec) -> Report {
    let (old_view, new_view) = (profiles::ordinary_view(old), profiles::ordinary_view(new));
    let mut differ = diff::Differ::new(&old_view, &new_view).reach_of(old, new);
    differ.extend(profiles::findings(old, new));
    differ.run()
}

#[cfg(feature = "artifacts")]
/// What `--against-git` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Compared(Report),
    /// Nothing to compare against, and why (no such revision, no spec there, or a baseline the
    /// current spec language cannot read).
    NoBaseline(String),
}

#[cfg(feature = "artifacts")]
/// Problems that stop a comparison.
#[derive(Debug, thiserror::Error)]
pub enum CompatError {
    #[error("{path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{0}")]
    Load(Diagnostics),
    #[error("could not run git: {0}")]
    GitSpawn(std::io::Error),
    #[error("{} is not inside a git work tree: {detail}", root.display())]
    NotARepository { root: PathBuf, detail: String },
    #[error("`{0}` is not a usable revision name")]
    InvalidRevision(String),
    #[error("`git {command}` failed: {stderr}")]
    Git { command: String, stderr: String },
    #[error("{0} is not UTF-8")]
    NotUtf8(String),
}

#[cfg(feature = "artifacts")]
/// Load one spec file.
pub fn load_file(path: &Path) -> Result<Spec, CompatError> {
    let text =
        std::fs::read_to_string(path).map_err(|source| CompatError::Read { path: path.to_path_buf(), source })?;
    crate::load(&path.display().to_string(), &text).map_err(CompatError::Load)
}

#[cfg(feature = "artifacts")]
/// Compare two spec files.
pub fn compare_files(old: &Path, new: &Path) -> Result<Report, CompatError> {
    Ok(compare(&load_file(old)?, &load_file(new)?))
}

#[cfg(feature = "artifacts")]
/// Compare `protocol.toml` at git revision `rev` with the working tree's, both under `root`.
/// A missing revision or spec, or a baseline written in an older spec language, is not an
/// error: CI runs this against `HEAD~1`, which a first commit or shallow clone lacks.
pub fn compare_against_git(root: &Path, rev: &str) -> Result<Outcome, CompatError> {
    let new = load_file(&root.join("protocol.toml"))?;
    let old_text = match git_baseline(root, rev)? {
        Baseline::Spec(text) => text,
        Baseline::Missing(why) => return Ok(Outcome::NoBaseline(why)),
    };
    match crate::load(&format!("{rev}:protocol.toml"), &old_text) {
        Ok(old) => Ok(Outcome::Compared(compare(&old, &new))),
        Err(d) => Ok(Outcome::NoBaseline(format!(
            "protocol.toml at `{rev}` does not load with the current spec language, so nothing was compared:\n{d}"
        ))),
    }
}
