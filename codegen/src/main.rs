//! `agentwire-codegen`: check the spec and write generated artifacts.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("check") => check(args.get(1).map_or("protocol.toml", String::as_str)),
        _ => {
            eprintln!("usage: agentwire-codegen check [SPEC]");
            ExitCode::from(2)
        }
    }
}

fn check(path: &str) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match agentwire_codegen::load(path, &text) {
        Ok(spec) => {
            println!(
                "{path}: ok ({} operations, {} events, {} error codes, {} limits, {} types; sha256 {})",
                spec.operations.len(),
                spec.events.len(),
                spec.errors.len(),
                spec.limits.len(),
                spec.types.len(),
                spec.sha256
            );
            ExitCode::SUCCESS
        }
        Err(diags) => {
            eprintln!("{diags}");
            ExitCode::FAILURE
        }
    }
}
