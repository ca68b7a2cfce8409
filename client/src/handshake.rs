//! The Unix identity handshake (lifecycle §3) from the client's side: connect, check that the
//! service runs as our uid, send one handshake line, read the one reply line.

use crate::framing::{Line, LineReader};
use crate::peer::{effective_uid, peer_uid};
use agentwire_protocol::consumer::decode_value;
use agentwire_protocol::runtime::{encode_record, parse_record, Mode};
use agentwire_protocol::{HandshakeRejection, HandshakeReply, HandshakeReplyAccepted, HandshakeRequest};
use std::io;
use std::path::Path;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::UnixStream;

#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HandshakeError {
    /// Nothing accepted the connection: no socket file, or nobody listening.
    #[error("no service is listening: {0}")]
    NotListening(#[source] io::Error),
    #[error("connecting failed: {0}")]
    Connect(#[source] io::Error),
    #[error("service runs as another user")]
    ForeignServer,
    #[error("service peer credentials are unavailable: {0}")]
    PeerUnavailable(#[source] io::Error),
    #[error("service did not complete the handshake in time")]
    Timeout,
    #[error("service closed the connection during the handshake")]
    Closed,
    #[error("service sent an invalid handshake reply")]
    InvalidReply,
    #[error("service rejected the handshake: {}", .0.as_str())]
    Rejected(HandshakeRejection),
    #[error("handshake I/O failed: {0}")]
    Io(#[source] io::Error),
}

/// A connection whose handshake was accepted, ready for wire v2.
pub struct Handshaken {
    pub accepted: HandshakeReplyAccepted,
    pub reader: LineReader<OwnedReadHalf>,
    pub writer: OwnedWriteHalf,
}

/// Connects to `socket`, checks the peer's uid and completes the handshake within `timeout`.
pub async fn handshake(
    socket: &Path,
    request: &HandshakeRequest,
    timeout: Duration,
    max_record_bytes: usize,
) -> Result<Handshaken, HandshakeError> {
    tokio::time::timeout(timeout, exchange(socket, request, max_record_bytes))
        .await
        .unwrap_or(Err(HandshakeError::Timeout))
}

/// Connects, checks the peer's uid and completes the handshake within `timeout`, then closes
/// the connection: the service's identity, for a launcher's readiness probe (`start-or-connect`,
/// lifecycle §2) that needs no wire v2 session.
pub async fn identify(
    socket: &Path,
    request: &HandshakeRequest,
    timeout: Duration,
    max_record_bytes: usize,
) -> Result<HandshakeReplyAccepted, HandshakeError> {
    handshake(socket, request, timeout, max_record_bytes).await.map(|h| h.accepted)
}

async fn exchange(
    socket: &Path,
    request: &HandshakeRequest,
    max_record_bytes: usize,
) -> Result<Handshaken, HandshakeError> {
    let stream = UnixStream::connect(socket).await.map_err(|e| match e.kind() {
        io::ErrorKind::NotFound | io::ErrorKind::ConnectionRefused => HandshakeError::NotListening(e),
        _ => HandshakeError::Connect(e),
    })?;
    let uid = peer_uid(&stream).map_err(HandshakeError::PeerUnavailable)?;
    if uid != effective_uid() {
        return Err(HandshakeError::ForeignServer);
    }
    let (read, mut writer) = stream.into_split();
    let mut reader = LineReader::new(read, max_record_bytes);
    let line = encode_record(request).map_err(|e| HandshakeError::Io(io::Error::other(e)))?;
    writer.write_all(&line).await.map_err(HandshakeError::Io)?;
    let record = match reader.next().await.map_err(HandshakeError::Io)? {
        Line::Record(r) => r,
        Line::Eof | Line::EofMidRecord => return Err(HandshakeError::Closed),
        Line::TooLarge => return Err(HandshakeError::InvalidReply),
    };
    match decode_reply(&record).ok_or(HandshakeError::InvalidReply)? {
        HandshakeReply::Accepted(a) if a.version == request.version => Ok(Handshaken { accepted: a, reader, writer }),
        HandshakeReply::Accepted(_) => Err(HandshakeError::InvalidReply),
        HandshakeReply::Rejected(r) => Err(HandshakeError::Rejected(r.code)),
    }
}

/// Replies are decoded tolerantly: unknown members are skipped after their bounds are checked.
fn decode_reply(record: &[u8]) -> Option<HandshakeReply> {
    let value = parse_record(std::str::from_utf8(record).ok()?).ok()?;
    decode_value(&value, Mode::Tolerant).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_tolerate_unknown_members() {
        let code = HandshakeRejection::VersionMismatch.as_str();
        let text =
            format!(r#"{{"handshake":"agentwire-unix","status":"rejected","code":"{code}","message":"m","hint":1}}"#);
        let reply = decode_reply(text.as_bytes()).unwrap();
        assert!(matches!(reply, HandshakeReply::Rejected(r) if r.code == HandshakeRejection::VersionMismatch));
    }

    #[tokio::test]
    async fn a_missing_socket_is_not_listening() {
        let tmp = std::env::temp_dir().join(format!("agentwire-client-none-{}.sock", std::process::id()));
        let req = HandshakeRequest::new("1", "/");
        let err = identify(&tmp, &req, Duration::from_secs(1), 1024).await.unwrap_err();
        assert!(matches!(err, HandshakeError::NotListening(_)));
    }
}
