//! A private daemon for the integration tests: temporary state root and workspace, started
//! through `start-or-connect` like any client would, stopped by its PID when dropped.

#![allow(dead_code)]

use agentwire_conformance::wire::{target, Target};
use std::path::PathBuf;
use std::process::Command;

/// The daemon binary: `AGENTWIRE_DAEMON_BIN`, else `agentwire` next to this package's binaries
/// (built on demand when missing, e.g. when only this package's tests run).
pub fn daemon_bin() -> PathBuf {
    if let Some(p) = std::env::var_os("AGENTWIRE_DAEMON_BIN") {
        return PathBuf::from(p);
    }
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_agentwire-conformance"));
    let bin = ours.with_file_name("agentwire");
    if !bin.exists() {
        let status =
            Command::new(env!("CARGO")).args(["build", "-p", "agentwire-daemon", "--bin", "agentwire"]).status();
        assert!(status.is_ok_and(|s| s.success()), "could not build the daemon");
    }
    bin
}

pub struct Daemon {
    pub target: Target,
    pub dir: tempfile::TempDir,
}

impl Daemon {
    pub fn start() -> Daemon {
        // Short paths: the socket lives under the state root and sun_path is small.
        let dir = tempfile::Builder::new().prefix("awc").tempdir_in("/tmp").expect("temp dir");
        let root = dir.path().canonicalize().expect("canonical temp dir");
        let (mc, ws) = (root.join("mc"), root.join("ws"));
        std::fs::create_dir(&ws).expect("workspace");
        let env =
            vec![("MC_HOME".to_owned(), mc.display().to_string()), ("HOME".to_owned(), root.display().to_string())];
        let target = target::start_or_connect(&daemon_bin(), &ws, &env).expect("daemon starts");
        assert!(target.started_pid.is_some(), "a fresh state root starts a fresh daemon");
        Daemon { target, dir }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        target::stop(&self.target);
    }
}
