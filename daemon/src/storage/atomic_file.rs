//! Whole-file replacement that readers never see half written and that survives a
//! crash as either the old or the new contents.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use crate::transport::instance_id::random_hex;

/// Replaces `path` with `contents`: temp file in the same folder (rename is only atomic
/// within one filesystem), `fsync`, rename over the target, then `fsync` the folder so
/// the rename itself is durable. The file gets exactly `mode`, regardless of umask.
pub fn write_atomic(path: &Path, contents: &[u8], mode: u32) -> io::Result<()> {
    let dir = parent_dir(path)?;
    let temp = temp_path(path)?;
    let result = write_temp(&temp, contents, mode).and_then(|()| fs::rename(&temp, path));
    if result.is_err() {
        // Best effort: a leftover temp file is harmless but untidy.
        let _ = fs::remove_file(&temp);
    }
    result?;
    sync_dir(dir)
}

/// `fsync` on a folder, making creations, renames and removals in it durable.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

fn parent_dir(path: &Path) -> io::Result<&Path> {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => Ok(p),
        _ => Ok(Path::new(".")),
    }
}

fn temp_path(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "path has no file name"))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".tmp-{}", random_hex(8)));
    Ok(path.with_file_name(temp_name))
}

fn write_temp(temp: &Path, contents: &[u8], mode: u32) -> io::Result<()> {
    let mut file =
        OpenOptions::new().write(true).create_new(true).mode(mode).custom_flags(libc::O_NOFOLLOW).open(temp)?;
    file.set_permissions(fs::Permissions::from_mode(mode))?;
    file.write_all(contents)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_contents_and_sets_mode() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("auth.json");
        write_atomic(&path, b"one", 0o600).unwrap();
        write_atomic(&path, b"two", 0o600).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    }

    #[test]
    fn mode_is_exact_even_when_umask_would_narrow_it() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("meta.json");
        write_atomic(&path, b"{}", 0o644).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o644);
    }

    #[test]
    fn leaves_no_temp_files_behind() {
        let tmp = tempfile::tempdir().unwrap();
        write_atomic(&tmp.path().join("a"), b"x", 0o600).unwrap();
        let names: Vec<_> = fs::read_dir(tmp.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("a")]);
    }

    #[test]
    fn failure_keeps_the_old_file() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("a");
        write_atomic(&path, b"old", 0o600).unwrap();
        // Renaming a file over a non-empty folder fails after the temp file is written.
        let blocked = tmp.path().join("dir");
        fs::create_dir(&blocked).unwrap();
        fs::write(blocked.join("inner"), b"").unwrap();
        assert!(write_atomic(&blocked, b"new", 0o600).is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
        let leftovers = fs::read_dir(tmp.path()).unwrap().count();
        assert_eq!(leftovers, 2);
    }
}
