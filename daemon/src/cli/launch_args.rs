//! The command line's defaults for the launch paths, for people: the current directory and the
//! running binary. Their validation is [`crate::transport::launch_args`].

use std::path::PathBuf;

/// `--workspace` as a person gives it: absent means the current directory, and a relative
/// path is relative to it. The launcher still receives an absolute path and validates it
/// (lifecycle: "`--workspace` and `--executable` must be absolute"); this runs before it, in
/// the command line only. Without a current directory the path stays relative and is refused.
pub fn cli_workspace(arg: Option<PathBuf>) -> PathBuf {
    let path = arg.unwrap_or_else(|| PathBuf::from("."));
    if path.is_absolute() {
        return path;
    }
    std::env::current_dir().map_or(path.clone(), |cwd| cwd.join(&path))
}

/// `--executable` as a person gives it: absent means the running binary. A given path is
/// passed on as it is, so a relative one is still refused as `invalid_executable`.
pub fn cli_executable(arg: Option<PathBuf>) -> PathBuf {
    arg.or_else(|| std::env::current_exe().ok()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::launch_args::{canonical_executable, canonical_workspace, LaunchArgError};

    #[test]
    fn the_command_line_defaults_to_the_current_directory_and_the_running_binary() {
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(cli_workspace(None), cwd.join("."));
        assert_eq!(canonical_workspace(&cli_workspace(None)).unwrap(), cwd.canonicalize().unwrap());
        assert_eq!(cli_workspace(Some("src".into())), cwd.join("src"));
        assert_eq!(cli_workspace(Some("/abs".into())), PathBuf::from("/abs"));
        assert_eq!(cli_executable(None), std::env::current_exe().unwrap());
        assert_eq!(cli_executable(Some("rel".into())), PathBuf::from("rel"));
        assert_eq!(canonical_executable(&cli_executable(Some("rel".into()))), Err(LaunchArgError::InvalidExecutable));
    }
}
