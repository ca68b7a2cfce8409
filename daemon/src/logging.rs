//! `daemon.log`: the daemon's tracing output and the spawned process's stdio.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::sync::Arc;

use tracing_subscriber::EnvFilter;

/// Past this size the log is moved to `daemon.log.1` when a daemon starts, so a
/// long-lived workspace keeps at most two logs.
pub const ROTATE_BYTES: u64 = 8 * 1024 * 1024;

/// Opens the log for appending (`0600`), rotating it first when it is large. Append
/// mode lets the starter's stdio redirect and the daemon's own writer share the file.
pub fn open_log(path: &Path) -> io::Result<File> {
    rotate_if_large(path)?;
    OpenOptions::new().append(true).create(true).mode(0o600).custom_flags(libc::O_NOFOLLOW).open(path)
}

fn rotate_if_large(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.len() > ROTATE_BYTES => {
            let mut rotated = path.as_os_str().to_owned();
            rotated.push(".1");
            fs::rename(path, rotated)
        }
        Ok(_) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Sends `tracing` output to `file`; `RUST_LOG` filters, default `info`.
pub fn init_file_logging(file: File) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt().with_env_filter(filter).with_ansi(false).with_writer(Arc::new(file)).try_init()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn appends_privately_and_rotates_large_logs() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("daemon.log");
        open_log(&path).unwrap().write_all(b"a\n").unwrap();
        open_log(&path).unwrap().write_all(b"b\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"a\nb\n");
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);

        fs::write(&path, vec![b'x'; ROTATE_BYTES as usize + 1]).unwrap();
        open_log(&path).unwrap().write_all(b"fresh\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"fresh\n");
        assert_eq!(fs::metadata(tmp.path().join("daemon.log.1")).unwrap().len(), ROTATE_BYTES + 1);
    }
}
