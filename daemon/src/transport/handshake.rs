//! Unix identity handshake (lifecycle §3) from the server's side, run on every connection before
//! wire v2. The client's side (connect, peer uid check, one line each way) is
//! `agentwire_client::identify`, which `start_or_connect` probes with.

use std::io;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};

use crate::transport::framing::{ReadOutcome, RecordReader, RecordWriter, WriteError};

/// The handshake's wire types, generated from `protocol.toml`, and the server's decoding rule
/// for requests: strict (unknown or duplicate members are invalid).
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
        HandshakeReply::Rejected(Rejected::new(code, launch_code(code).message()))
    }

    fn decode<T: agentwire_protocol::runtime::Decode>(record: &[u8], mode: Mode) -> Option<T> {
        let value = parse_record(std::str::from_utf8(record).ok()?).ok()?;
        decode_value(&value, mode).ok()
    }

    pub fn decode_request(record: &[u8]) -> Option<HandshakeRequest> {
        decode(record, Mode::Strict)
    }
}

use messages::{rejected, Accepted, HandshakeReply, RejectCode};

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
    HandshakeReply::Accepted(Accepted::new(
        identity.version.clone(),
        identity.pid,
        identity.instance_id.clone(),
        identity.workspace_id.clone(),
        identity.state_root_id.clone(),
    ))
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
        let started = tokio::time::Instant::now();
        let result = serve_handshake(&mut reader, &mut writer, &identity(), Duration::from_secs(5)).await;
        assert!(matches!(result, Err(ServerHandshakeError::Timeout)));
        assert_eq!(started.elapsed(), Duration::from_secs(5));
    }
}
