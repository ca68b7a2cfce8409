//! Peer credential checks for the private socket. The folder permissions already keep
//! other users out; checking the peer's uid on both ends also covers a misconfigured
//! folder or a socket planted by someone else.

use std::io;
use std::os::fd::AsRawFd;

use crate::transport::paths::effective_uid;

#[derive(Debug, thiserror::Error)]
pub enum PeerError {
    #[error("peer credentials are unavailable: {0}")]
    Unavailable(#[source] io::Error),
    #[error("peer runs as another user")]
    ForeignUser { peer_uid: u32 },
}

// One SO_PEERCRED / getpeereid reader for both ends: the client crate's.
pub use agentwire_client::peer::peer_uid;

/// Accepts the peer only when it runs as our effective uid.
pub fn ensure_same_user(socket: &impl AsRawFd) -> Result<(), PeerError> {
    let peer = peer_uid(socket).map_err(PeerError::Unavailable)?;
    if peer == effective_uid() {
        Ok(())
    } else {
        Err(PeerError::ForeignUser { peer_uid: peer })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn both_ends_of_a_pair_report_our_uid() {
        let (a, b) = tokio::net::UnixStream::pair().unwrap();
        assert_eq!(peer_uid(&a).unwrap(), effective_uid());
        ensure_same_user(&a).unwrap();
        ensure_same_user(&b).unwrap();
    }

    /// Needs root (to run the client as another uid) and perl; skipped otherwise.
    #[tokio::test]
    async fn a_client_of_another_user_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        use std::os::unix::process::CommandExt;
        if effective_uid() != 0 || !std::path::Path::new("/usr/bin/perl").exists() {
            eprintln!("skipped: needs root and /usr/bin/perl");
            return;
        }
        let tmp = tempfile::tempdir().unwrap();
        let open = std::fs::Permissions::from_mode(0o755);
        std::fs::set_permissions(tmp.path(), open).unwrap();
        let path = tmp.path().join("s.sock");
        let listener = tokio::net::UnixListener::bind(&path).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o777)).unwrap();
        let mut client = std::process::Command::new("/usr/bin/perl")
            .args(["-MIO::Socket::UNIX", "-e"])
            .arg("my $s = IO::Socket::UNIX->new(Peer => $ARGV[0]) or exit 2; sleep 5;")
            .arg(&path)
            .uid(65534)
            .gid(65534)
            .spawn()
            .unwrap();
        let (stream, _) =
            tokio::time::timeout(std::time::Duration::from_secs(10), listener.accept()).await.unwrap().unwrap();
        let refused = ensure_same_user(&stream);
        let _ = client.kill();
        let _ = client.wait();
        assert!(matches!(refused, Err(PeerError::ForeignUser { peer_uid: 65534 })), "{refused:?}");
    }

    #[test]
    fn a_non_socket_fd_is_unavailable() {
        let file = tempfile::tempfile().unwrap();
        assert!(matches!(ensure_same_user(&file), Err(PeerError::Unavailable(_))));
    }
}
