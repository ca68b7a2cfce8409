//! `daemon status` and `daemon stop`: reach the workspace's running daemon without starting
//! one. `status` prints its discovery object (`started: false`) and exits 0, or exits 1 when
//! none runs. `stop` sends it SIGTERM and waits until it has exited; the daemon first lets
//! its accepted turns settle (see [`crate::transport::serve::drain`]), so their terminals reach their
//! controllers and their transcripts are complete. Exit 0 when stopped (or none ran), 1 on a
//! service error or when it does not stop in time.

use std::process::ExitCode;
use std::time::Duration;

use crate::transport::start_or_connect::{find_running, Running, StartOptions};

/// How often `stop` checks whether the daemon is gone.
const POLL: Duration = Duration::from_millis(50);

pub async fn status(options: &StartOptions) -> ExitCode {
    match find_running(options).await {
        Ok(Some(running)) => match serde_json::to_string(&running.discovery) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(&format!("discovery could not be encoded: {e}")),
        },
        Ok(None) => fail("no daemon serves this workspace"),
        Err(e) => launch_failure(&e),
    }
}

pub async fn stop(options: &StartOptions, wait: Duration) -> ExitCode {
    let running = match find_running(options).await {
        Ok(Some(running)) => running,
        Ok(None) => {
            eprintln!("agentwire: no daemon serves this workspace");
            return ExitCode::SUCCESS;
        }
        Err(e) => return launch_failure(&e),
    };
    let pid = running.discovery.pid;
    if let Err(e) = terminate(pid) {
        return fail(&format!("could not signal the daemon (pid {pid}): {e}"));
    }
    eprintln!("agentwire: stopping the daemon (pid {pid}); running turns settle first");
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match gone(&running, pid) {
            Ok(true) => {
                eprintln!("agentwire: the daemon stopped");
                return ExitCode::SUCCESS;
            }
            Ok(false) if tokio::time::Instant::now() >= deadline => {
                return fail(&format!("the daemon (pid {pid}) did not stop within {} s", wait.as_secs()));
            }
            Ok(false) => tokio::time::sleep(POLL).await,
            Err(e) => return fail(&format!("could not check the daemon lock: {e}")),
        }
    }
}

/// The daemon keeps its lock until it has drained; a free lock or a vanished process means it
/// is done.
fn gone(running: &Running, pid: u32) -> Result<bool, crate::transport::instance_lock::LockError> {
    Ok(!alive(pid) || !running.holds_lock()?)
}

fn terminate(pid: u32) -> std::io::Result<()> {
    let pid = libc::pid_t::try_from(pid).map_err(|_| std::io::Error::other("pid out of range"))?;
    if pid <= 0 || pid == std::process::id() as libc::pid_t {
        return Err(std::io::Error::other("refusing to signal this pid"));
    }
    // SAFETY: kill has no memory effects; the pid came from a same-user daemon's handshake.
    if unsafe { libc::kill(pid, libc::SIGTERM) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
    // SAFETY: signal 0 only checks that the process exists.
    unsafe { libc::kill(pid, 0) == 0 }
}

fn launch_failure(e: &crate::transport::start_or_connect::StartError) -> ExitCode {
    eprintln!("agentwire: {e}");
    println!("{}", e.to_json());
    ExitCode::FAILURE
}

fn fail(message: &str) -> ExitCode {
    eprintln!("agentwire: {message}");
    ExitCode::FAILURE
}
