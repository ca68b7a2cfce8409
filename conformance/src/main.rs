//! `agentwire-conformance`: see `conformance/README.md`.

fn main() -> std::process::ExitCode {
    agentwire_conformance::cli::main()
}
