//! `agentwire-codegen`: check the spec and keep generated artifacts fresh.
//!
//! - `check [SPEC]` validates the spec and prints a summary.
//! - `write [--root DIR]` regenerates every committed artifact.
//! - `verify [--root DIR]` fails when any committed artifact is stale.
//! - `compat OLD NEW | --against-git REV [--json]` checks a spec change for compatibility
//!   (exit 1: breaking wire change without a protocol_version bump; 2: error).

use agentwire_codegen::emit::{artifacts, Artifact};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("compat") {
        // compat has its own exit codes (1 = unbumped breaking change, 2 = error).
        return agentwire_codegen::compat::cli::run(&args[1..]);
    }
    let root = flag(&args, "--root").map_or_else(|| PathBuf::from("."), PathBuf::from);
    let result = match args.first().map(String::as_str) {
        Some("check") => check(args.get(1).filter(|a| !a.starts_with("--")).map_or("protocol.toml", String::as_str)),
        Some("write") => load(&root).and_then(|spec| write(&root, &artifacts(&spec))),
        Some("verify") => load(&root).and_then(|spec| verify(&root, &artifacts(&spec))),
        _ => Err(format!(
            "usage: agentwire-codegen check [SPEC] | write [--root DIR] | verify [--root DIR] | {}",
            agentwire_codegen::compat::cli::USAGE
        )),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1))
}

fn read_spec(path: &Path) -> Result<agentwire_codegen::ir::Spec, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    agentwire_codegen::load(&path.display().to_string(), &text).map_err(|d| d.to_string())
}

fn load(root: &Path) -> Result<agentwire_codegen::ir::Spec, String> {
    read_spec(&root.join("protocol.toml"))
}

fn check(path: &str) -> Result<(), String> {
    let spec = read_spec(Path::new(path))?;
    println!(
        "{path}: ok ({} operations, {} events, {} error codes, {} limits, {} types; sha256 {})",
        spec.operations.len(),
        spec.events.len(),
        spec.errors.len(),
        spec.limits.len(),
        spec.types.len(),
        spec.sha256
    );
    Ok(())
}

fn write(root: &Path, files: &[Artifact]) -> Result<(), String> {
    for a in files {
        let path = root.join(&a.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        if std::fs::read_to_string(&path).ok().as_deref() != Some(a.contents.as_str()) {
            std::fs::write(&path, &a.contents).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("wrote {}", a.path);
        }
    }
    Ok(())
}

fn verify(root: &Path, files: &[Artifact]) -> Result<(), String> {
    let stale: Vec<&str> = files
        .iter()
        .filter(|a| std::fs::read_to_string(root.join(&a.path)).ok().as_deref() != Some(a.contents.as_str()))
        .map(|a| a.path.as_str())
        .collect();
    if stale.is_empty() {
        println!("{} generated artifacts are fresh", files.len());
        Ok(())
    } else {
        Err(format!(
            "stale generated artifacts (run `{}`):\n  {}",
            agentwire_codegen::emit::REGENERATE,
            stale.join("\n  ")
        ))
    }
}
