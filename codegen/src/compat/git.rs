//! Reading the baseline spec from git history with the `git` command line.

use super::CompatError;
use std::path::Path;
use std::process::{Command, Output};

/// The spec at a revision, or why there is none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Baseline {
    Spec(String),
    Missing(String),
}

/// `protocol.toml` (next to `root`) as committed at `rev`.
pub fn git_baseline(root: &Path, rev: &str) -> Result<Baseline, CompatError> {
    // A leading dash would be read as an option; `:` would select a path of our choosing.
    if rev.is_empty() || rev.starts_with('-') || rev.contains(':') {
        return Err(CompatError::InvalidRevision(rev.to_string()));
    }
    let inside = git(root, &["rev-parse", "--is-inside-work-tree"])?;
    if !inside.status.success() {
        let detail = String::from_utf8_lossy(&inside.stderr).trim().to_string();
        return Err(CompatError::NotARepository { root: root.to_path_buf(), detail });
    }
    let commit = format!("{rev}^{{commit}}");
    if !git(root, &["rev-parse", "--verify", "--quiet", &commit])?.status.success() {
        return Ok(Baseline::Missing(format!("revision `{rev}` does not exist (first commit or shallow clone?)")));
    }
    // `REV:./path` is relative to the directory git runs in, i.e. `root`.
    let object = format!("{rev}:./protocol.toml");
    if !git(root, &["cat-file", "-e", &object])?.status.success() {
        return Ok(Baseline::Missing(format!("revision `{rev}` has no protocol.toml")));
    }
    let shown = git(root, &["show", &object])?;
    if !shown.status.success() {
        return Err(CompatError::Git {
            command: format!("show {object}"),
            stderr: String::from_utf8_lossy(&shown.stderr).trim().to_string(),
        });
    }
    String::from_utf8(shown.stdout).map(Baseline::Spec).map_err(|_| CompatError::NotUtf8(object))
}

fn git(root: &Path, args: &[&str]) -> Result<Output, CompatError> {
    Command::new("git").arg("-C").arg(root).args(args).output().map_err(CompatError::GitSpawn)
}
