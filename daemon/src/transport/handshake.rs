//! Unix identity handshake (lifecycle §3), run on every connection before wire v2.
//!
//! The wire structs live in [`messages`] so they can be swapped for the generated
//! `agentwire-protocol` types without touching the exchange logic below.

use std::io;
use std::path::Path;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::UnixStream;
use tokio::time::Instant;

use crate::transport::framing::{ReadOutcome, RecordReader, RecordWriter, WriteError};
use crate::transport::peer::{ensure_same_user, PeerError};

/// The handshake's wire types, generated from `protocol.toml`, and the decoding rules for them:
/// requests strictly (unknown or duplicate members are invalid), replies tolerantly.
pub mod messages {
    use agentwire_protocol::consumer::decode_value;
    use agentwire_protocol::runtime::{parse_record, Mode};
    pub use agentwire_protocol::{
        HandshakeRejection as RejectCode, HandshakeReply, HandshakeReplyAccepted as Accepted,
        HandshakeReplyRejected as Rejected, HandshakeRequest, LaunchErrorCode,
    };

    /// The launch error whose fixed message a rejection carries.
    pub fn launch_code(code: RejectCode) -> LaunchErrorCode {
        match code {
            RejectCode::VersionMismatch => LaunchErrorCode::VersionMismatch,
            RejectCode::WorkspaceMismatch => LaunchErrorCode::WorkspaceMismatch,
            RejectCode::InvalidHandshake => LaunchErrorCode::InvalidHandshake,
            RejectCode::ConnectionLimit => LaunchErrorCode::ConnectionLimit,
        }
    }

    /// A rejection with the code's fixed message: never echoes request data back.
    pub fn rejected(code: RejectCode) -> HandshakeReply {
        HandshakeReply::Rejected(Rejected { code, message: launch_code(code).message().to_owned() })
    }

    fn decode<T: agentwire_protocol::runtime::Decode>(record: &[u8], mode: Mode) -> Option<T> {
        let value = parse_record(std::str::from_utf8(record).ok()?).ok()?;
        decode_value(&value, mode).ok()
    }

    pub fn decode_request(record: &[u8]) -> Option<HandshakeRequest> {
        decode(record, Mode::Strict)
    }

    pub fn decode_reply(record: &[u8]) -> Option<HandshakeReply> {
        decode(record, Mode::Tolerant)
    }
}

use messages::{rejected, Accepted, HandshakeReply, HandshakeRequest, RejectCode};

/// What the server admits and announces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerIdentity {
    pub version: String,
    pub pid: u32,
    pub instance_id: String,
    pub workspace_id: String,
    pub state_root_id: String,
    /// Canonical workspace path, compared byte for byte with the client's.
    pub workspace: String,
}

/// Decides the reply to one handshake record. Checks run in the order invalid,
/// version, workspace so a client of another version learns that first.
pub fn evaluate(record: &[u8], identity: &ServerIdentity) -> HandshakeReply {
    let Some(request) = messages::decode_request(record) else {
        return rejected(RejectCode::InvalidHandshake);
    };
    if request.version != identity.version {
        return rejected(RejectCode::VersionMismatch);
    }
    if request.workspace != identity.workspace {
        return rejected(RejectCode::WorkspaceMismatch);
    }
    HandshakeReply::Accepted(Accepted {
        version: identity.version.clone(),
        pid: identity.pid,
        instance_id: identity.instance_id.clone(),
        workspace_id: identity.workspace_id.clone(),
        state_root_id: identity.state_root_id.clone(),
    })
}

#[derive(Debug, thiserror::Error)]
pub enum ServerHandshakeError {
    #[error("handshake deadline passed")]
    Timeout,
    #[error("peer closed the connection during the handshake")]
    Closed,
    #[error("handshake rejected: {}", .0.as_str())]
    Rejected(RejectCode),
    #[error("handshake read failed: {0}")]
    Io(#[from] io::Error),
    #[error("handshake reply failed: {0}")]
    Write(#[from] WriteError),
}

/// Reads the client's handshake and replies, all within `timeout`. `Ok` only when
/// accepted; on rejection the reply has been sent and the caller closes.
pub async fn serve_handshake<R, W>(
    reader: &mut RecordReader<R>,
    writer: &mut RecordWriter<W>,
    identity: &ServerIdentity,
    timeout: Duration,
) -> Result<(), ServerHandshakeError>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let exchange = async {
        let reply = match reader.next_record().await? {
            ReadOutcome::Record(record) => evaluate(&record, identity),
            ReadOutcome::TooLarge => rejected(RejectCode::InvalidHandshake),
            ReadOutcome::Eof | ReadOutcome::EofMidRecord => return Err(ServerHandshakeError::Closed),
            ReadOutcome::Timeout => return Err(ServerHandshakeError::Timeout),
        };
        write_json(writer, &reply).await?;
        match reply {
            HandshakeReply::Accepted(_) => Ok(()),
            HandshakeReply::Rejected(r) => Err(ServerHandshakeError::Rejected(r.code)),
        }
    };
    tokio::time::timeout(timeout, exchange).await.unwrap_or(Err(ServerHandshakeError::Timeout))
}

/// Answers a connection the daemon has no room for (`max_connections`): reads its handshake
/// line, whatever it says, and replies `connection_limit`, all within `timeout`. Reading the
/// line first means closing afterwards leaves no unread input, which would reset the socket
/// and could destroy the reply before the peer reads it.
pub async fn refuse_handshake<R, W>(
    reader: &mut RecordReader<R>,
    writer: &mut RecordWriter<W>,
    timeout: Duration,
) -> Result<(), ServerHandshakeError>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let exchange = async {
        match reader.next_record().await? {
            ReadOutcome::Record(_) | ReadOutcome::TooLarge => {}
            ReadOutcome::Eof | ReadOutcome::EofMidRecord => return Err(ServerHandshakeError::Closed),
            ReadOutcome::Timeout => return Err(ServerHandshakeError::Timeout),
        }
        write_json(writer, &rejected(RejectCode::ConnectionLimit)).await?;
        Ok(())
    };
    tokio::time::timeout(timeout, exchange).await.unwrap_or(Err(ServerHandshakeError::Timeout))
}

async fn write_json<W: AsyncWrite + Unpin, T: serde::Serialize>(
    writer: &mut RecordWriter<W>,
    value: &T,
) -> Result<(), WriteError> {
    let bytes = serde_json::to_vec(value).map_err(io::Error::other)?;
    writer.write_record(&bytes).await
}

#[derive(Debug, thiserror::Error)]
pub enum ClientHandshakeError {
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
    Rejected(RejectCode),
    #[error("handshake I/O failed: {0}")]
    Io(#[source] io::Error),
}

/// A connection whose handshake was accepted, ready for wire v2.
#[derive(Debug)]
pub struct ClientConnection {
    pub accepted: Accepted,
    pub reader: RecordReader<OwnedReadHalf>,
    pub writer: RecordWriter<OwnedWriteHalf>,
}

/// Client-side framing bounds for the handshake exchange.
#[derive(Debug, Clone, Copy)]
pub struct ClientLimits {
    pub timeout: Duration,
    pub max_record_bytes: usize,
}

/// Connects, checks that the server runs as our uid, and completes the handshake
/// within `limits.timeout`.
pub async fn connect_and_handshake(
    socket: &Path,
    request: &HandshakeRequest,
    limits: ClientLimits,
) -> Result<ClientConnection, ClientHandshakeError> {
    let deadline = Instant::now() + limits.timeout;
    let stream = tokio::time::timeout_at(deadline, UnixStream::connect(socket))
        .await
        .map_err(|_| ClientHandshakeError::Timeout)?
        .map_err(classify_connect_error)?;
    ensure_same_user(&stream).map_err(|e| match e {
        PeerError::ForeignUser { .. } => ClientHandshakeError::ForeignServer,
        PeerError::Unavailable(io) => ClientHandshakeError::PeerUnavailable(io),
    })?;
    let (read, write) = stream.into_split();
    let mut reader = RecordReader::new(read, limits.max_record_bytes, limits.timeout);
    let mut writer = RecordWriter::new(write, limits.max_record_bytes, limits.timeout);
    let accepted = tokio::time::timeout_at(deadline, exchange(&mut reader, &mut writer, request))
        .await
        .map_err(|_| ClientHandshakeError::Timeout)??;
    Ok(ClientConnection { accepted, reader, writer })
}

fn classify_connect_error(e: io::Error) -> ClientHandshakeError {
    match e.kind() {
        io::ErrorKind::NotFound | io::ErrorKind::ConnectionRefused => ClientHandshakeError::NotListening(e),
        _ => ClientHandshakeError::Connect(e),
    }
}

async fn exchange(
    reader: &mut RecordReader<OwnedReadHalf>,
    writer: &mut RecordWriter<OwnedWriteHalf>,
    request: &HandshakeRequest,
) -> Result<Accepted, ClientHandshakeError> {
    write_json(writer, request).await.map_err(|e| match e {
        WriteError::Timeout => ClientHandshakeError::Timeout,
        WriteError::Io(io) => ClientHandshakeError::Io(io),
        other => ClientHandshakeError::Io(io::Error::other(other)),
    })?;
    let record = match reader.next_record().await.map_err(ClientHandshakeError::Io)? {
        ReadOutcome::Record(r) => r,
        ReadOutcome::Eof | ReadOutcome::EofMidRecord => return Err(ClientHandshakeError::Closed),
        ReadOutcome::Timeout => return Err(ClientHandshakeError::Timeout),
        ReadOutcome::TooLarge => return Err(ClientHandshakeError::InvalidReply),
    };
    match messages::decode_reply(&record).ok_or(ClientHandshakeError::InvalidReply)? {
        HandshakeReply::Accepted(a) if a.version == request.version => Ok(a),
        HandshakeReply::Accepted(_) => Err(ClientHandshakeError::InvalidReply),
        HandshakeReply::Rejected(r) => Err(ClientHandshakeError::Rejected(r.code)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn identity() -> ServerIdentity {
        ServerIdentity {
            version: "1.2.3".into(),
            pid: 42,
            instance_id: "in_x".into(),
            workspace_id: "ws_x".into(),
            state_root_id: "sr_x".into(),
            workspace: "/work/p".into(),
        }
    }

    fn reply_to(request: Value) -> Value {
        serde_json::to_value(evaluate(request.to_string().as_bytes(), &identity())).unwrap()
    }

    fn request(version: &str, workspace: &str) -> Value {
        json!({"handshake": "agentwire-unix", "version": version, "workspace": workspace})
    }

    #[test]
    fn matching_request_is_accepted_with_identity() {
        assert_eq!(
            reply_to(request("1.2.3", "/work/p")),
            json!({"handshake":"agentwire-unix","status":"accepted","version":"1.2.3","pid":42,
                   "instance_id":"in_x","workspace_id":"ws_x","state_root_id":"sr_x"})
        );
    }

    #[test]
    fn mismatches_are_rejected_with_fixed_messages() {
        let v = reply_to(request("9.9.9", "/work/p"));
        assert_eq!(v["status"], "rejected");
        assert_eq!(v["code"], "version_mismatch");
        assert_eq!(v["message"], messages::LaunchErrorCode::VersionMismatch.message());
        let w = reply_to(request("1.2.3", "/work/other"));
        assert_eq!(w["code"], "workspace_mismatch");
        assert!(!w["message"].as_str().unwrap().contains("/work"));
    }

    #[test]
    fn malformed_requests_are_invalid() {
        let bad = [
            json!({"handshake":"other","version":"1.2.3","workspace":"/work/p"}),
            json!({"handshake":"agentwire-unix","version":"1.2.3"}),
            json!({"handshake":"agentwire-unix","version":"1.2.3","workspace":"/work/p","extra":1}),
            json!({"handshake":"agentwire-unix","version":1,"workspace":"/work/p"}),
            json!([1]),
        ];
        for request in bad {
            assert_eq!(reply_to(request.clone())["code"], "invalid_handshake", "{request}");
        }
        let dup = br#"{"handshake":"agentwire-unix","version":"1.2.3","version":"1.2.3","workspace":"/work/p"}"#;
        let reply = serde_json::to_value(evaluate(dup, &identity())).unwrap();
        assert_eq!(reply["code"], "invalid_handshake");
    }

    #[test]
    fn replies_tolerate_unknown_members() {
        let text =
            r#"{"handshake":"agentwire-unix","status":"rejected","code":"version_mismatch","message":"m","hint":1}"#;
        let reply = messages::decode_reply(text.as_bytes()).unwrap();
        assert!(matches!(reply, HandshakeReply::Rejected(r) if r.code == RejectCode::VersionMismatch));
    }

    async fn run_server(client_bytes: &'static [u8]) -> (Result<(), ServerHandshakeError>, Vec<u8>) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (mut client, server) = tokio::io::duplex(4096);
        let (read, write) = tokio::io::split(server);
        let mut reader = RecordReader::new(read, 1024, Duration::from_secs(10));
        let mut writer = RecordWriter::new(write, 1024, Duration::from_secs(10));
        client.write_all(client_bytes).await.unwrap();
        let result = serve_handshake(&mut reader, &mut writer, &identity(), Duration::from_secs(5)).await;
        drop(writer);
        drop(reader);
        let mut out = Vec::new();
        client.read_to_end(&mut out).await.unwrap();
        (result, out)
    }

    #[tokio::test]
    async fn server_exchange_accepts_and_rejects() {
        let (ok, out) =
            run_server(b"{\"handshake\":\"agentwire-unix\",\"version\":\"1.2.3\",\"workspace\":\"/work/p\"}\n").await;
        ok.unwrap();
        assert!(out.ends_with(b"\n"));
        let v: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["status"], "accepted");

        let (err, out) = run_server(b"garbage\n").await;
        assert!(matches!(err, Err(ServerHandshakeError::Rejected(RejectCode::InvalidHandshake))));
        let v: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["code"], "invalid_handshake");
    }

    #[tokio::test(start_paused = true)]
    async fn silent_client_hits_the_handshake_deadline() {
        let (_client, server) = tokio::io::duplex(64);
        let (read, write) = tokio::io::split(server);
        let mut reader = RecordReader::new(read, 1024, Duration::from_secs(10));
        let mut writer = RecordWriter::new(write, 1024, Duration::from_secs(10));
        let started = Instant::now();
        let result = serve_handshake(&mut reader, &mut writer, &identity(), Duration::from_secs(5)).await;
        assert!(matches!(result, Err(ServerHandshakeError::Timeout)));
        assert_eq!(started.elapsed(), Duration::from_secs(5));
    }

    #[tokio::test]
    async fn client_reports_missing_socket_as_not_listening() {
        let tmp = tempfile::tempdir().unwrap();
        let req = HandshakeRequest { version: "1".into(), workspace: "/".into() };
        let limits = ClientLimits { timeout: Duration::from_secs(1), max_record_bytes: 1024 };
        let err = connect_and_handshake(&tmp.path().join("none.sock"), &req, limits).await.unwrap_err();
        assert!(matches!(err, ClientHandshakeError::NotListening(_)));
    }
}
