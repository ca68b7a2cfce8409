//! Set-up shared by the load benches (each bench is its own binary and includes this file).

#[allow(dead_code)] // Not every bench that includes this file speaks raw wire v2.
pub mod raw;

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The socket of the daemon `agentwire daemon serve` started under `mc_home`, once it exists.
#[allow(dead_code)] // `session_list` times its daemon's start to the socket itself.
pub fn wait_for_socket(mc_home: &Path) -> PathBuf {
    let run = mc_home.join("run");
    (0..500)
        .find_map(|_| {
            std::thread::sleep(Duration::from_millis(10));
            std::fs::read_dir(&run).ok()?.flatten().map(|e| e.path().join("daemon.sock")).find(|s| s.exists())
        })
        .expect("daemon socket did not appear")
}

/// The package version the `agentwire` binary `exe` says it is: an A/B mode's other build may be
/// another version, and the handshake requires the daemon's own, not this bench's.
#[allow(dead_code)] // Not every bench that includes this file compares two builds.
pub fn version_of(exe: &Path) -> String {
    let out = std::process::Command::new(exe).arg("--version").output().expect("agentwire --version runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let version = text.trim().strip_prefix("agentwire ").unwrap_or_else(|| panic!("not an agentwire version: {text}"));
    version.to_owned()
}
