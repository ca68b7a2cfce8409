//! The `compat` subcommand, kept here so `main.rs` only dispatches to it.
//!
//! Exit status: 0 when the change may ship (or there is no baseline), 1 when a breaking wire
//! change lacks a protocol_version bump, 2 on usage, I/O, git or spec errors.

use super::{compare_against_git, compare_files, json, text, CompatError, Outcome};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub const USAGE: &str = "compat OLD.toml NEW.toml [--json] | compat --against-git REV [--root DIR] [--json]";

/// What the command line asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Request {
    Files { old: PathBuf, new: PathBuf },
    Git { rev: String, root: PathBuf },
}

/// Run `compat` with the arguments after the subcommand name.
pub fn run(args: &[String]) -> ExitCode {
    let json_output = args.iter().any(|a| a == "--json");
    let outcome = parse(args).map_err(Error::Usage).and_then(|r| execute(&r).map_err(Error::Compat));
    match outcome {
        Ok(outcome) => {
            if json_output {
                println!("{}", json(&outcome));
            } else {
                print!("{}", text(&outcome));
            }
            match &outcome {
                Outcome::Compared(report) if !report.ok() => ExitCode::from(1),
                _ => ExitCode::SUCCESS,
            }
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

#[derive(Debug, thiserror::Error)]
enum Error {
    #[error("usage: agentwire-codegen {USAGE}\n{0}")]
    Usage(String),
    #[error(transparent)]
    Compat(CompatError),
}

fn execute(request: &Request) -> Result<Outcome, CompatError> {
    match request {
        Request::Files { old, new } => compare_files(old, new).map(Outcome::Compared),
        Request::Git { rev, root } => compare_against_git(root, rev),
    }
}

fn parse(args: &[String]) -> Result<Request, String> {
    let mut positional = Vec::new();
    let mut rev = None;
    let mut root = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => {}
            "--against-git" => rev = Some(it.next().ok_or("--against-git needs a revision")?.clone()),
            "--root" => root = Some(PathBuf::from(it.next().ok_or("--root needs a directory")?)),
            flag if flag.starts_with("--") => return Err(format!("unknown flag `{flag}`")),
            path => positional.push(PathBuf::from(path)),
        }
    }
    match (rev, positional.as_slice()) {
        (Some(rev), []) => Ok(Request::Git { rev, root: root.unwrap_or_else(|| Path::new(".").to_path_buf()) }),
        (None, [old, new]) if root.is_none() => Ok(Request::Files { old: old.clone(), new: new.clone() }),
        _ => Err("give either OLD.toml NEW.toml or --against-git REV".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_both_forms() {
        assert_eq!(
            parse(&args("a.toml b.toml --json")),
            Ok(Request::Files { old: "a.toml".into(), new: "b.toml".into() })
        );
        assert_eq!(parse(&args("--against-git HEAD~1")), Ok(Request::Git { rev: "HEAD~1".into(), root: ".".into() }));
    }

    #[test]
    fn rejects_mixed_or_incomplete_forms() {
        assert!(parse(&args("a.toml")).is_err());
        assert!(parse(&args("--against-git")).is_err());
        assert!(parse(&args("a.toml b.toml --against-git HEAD")).is_err());
        assert!(parse(&args("a.toml b.toml --bogus")).is_err());
    }
}
