//! The black-box server suite against this build of the daemon, for mutation testing
//! (`conformance/README.md`, "Mutation score"): `cargo mutants` runs this test, and only this
//! test, against each mutated daemon, so a mutant counts as killed only when the wire shows it.
//!
//! Ignored by default (`scripts/conformance.sh` runs the same suite in the default test command);
//! it needs `AGENTWIRE_CONFORMANCE`, the path of a built `agentwire-conformance` runner, and fails
//! when that is missing. `AGENTWIRE_CONFORMANCE_ARGS` adds runner options (e.g. `--case` globs).

use std::path::Path;
use std::process::{Command, Stdio};

fn member<'a>(discovery: &'a str, name: &str) -> &'a str {
    let start = discovery.find(&format!("\"{name}\":")).map(|i| i + name.len() + 3);
    let rest = start.map_or("", |i| &discovery[i..]);
    rest.trim_start_matches('"').split(['"', ',', '}']).next().unwrap_or("")
}

#[test]
#[ignore = "mutation testing: needs AGENTWIRE_CONFORMANCE (a built runner)"]
fn the_server_suite_passes_against_this_daemon() {
    let runner = std::env::var("AGENTWIRE_CONFORMANCE").expect("AGENTWIRE_CONFORMANCE names the runner binary");
    let extra = std::env::var("AGENTWIRE_CONFORMANCE_ARGS").unwrap_or_default();
    let tmp = tempfile::Builder::new().prefix("awbb").tempdir_in("/tmp").unwrap();
    let (mc, ws) = (tmp.path().join("mc"), tmp.path().join("ws"));
    std::fs::create_dir_all(&mc).unwrap();
    std::fs::create_dir_all(&ws).unwrap();
    let bin = env!("CARGO_BIN_EXE_agentwire");
    let out = Command::new(bin)
        .args(["daemon", "start-or-connect", "--workspace"])
        .arg(&ws)
        .arg("--executable")
        .arg(bin)
        .env("MC_HOME", &mc)
        .env("HOME", tmp.path())
        .stderr(Stdio::inherit())
        .output()
        .unwrap();
    let discovery = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "start-or-connect failed: {discovery}");
    let pid = member(&discovery, "pid").to_owned();
    let status = Command::new(&runner)
        .args(["server", "--connect", member(&discovery, "socket"), "--workspace"])
        .arg(&ws)
        .args(["--version", member(&discovery, "version")])
        .args(extra.split_whitespace())
        .status();
    // Stop only the daemon this test started.
    if let Ok(pid) = pid.parse::<i32>() {
        // SAFETY: kill(2) with a PID and a signal number has no memory effects.
        unsafe { libc::kill(pid, libc::SIGTERM) };
    }
    let status = status.unwrap();
    assert!(Path::new(&runner).exists() && status.success(), "the server suite failed: {status}");
}
