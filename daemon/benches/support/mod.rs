//! Set-up shared by the load benches (each bench is its own binary and includes this file).

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The socket of the daemon `agentwire daemon serve` started under `mc_home`, once it exists.
pub fn wait_for_socket(mc_home: &Path) -> PathBuf {
    let run = mc_home.join("run");
    (0..500)
        .find_map(|_| {
            std::thread::sleep(Duration::from_millis(10));
            std::fs::read_dir(&run).ok()?.flatten().map(|e| e.path().join("daemon.sock")).find(|s| s.exists())
        })
        .expect("daemon socket did not appear")
}
