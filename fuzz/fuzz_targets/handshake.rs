//! The identity handshake line. The first byte says whether the server's version and workspace
//! equal the ones the record names (so every branch is reachable); `evaluate` must then answer
//! exactly: invalid, else version mismatch, else workspace mismatch, else accepted with the
//! server's identity. A rejection carries only its code's fixed message, never request bytes.
//! The reply decoding of the client side (`agentwire-client`: tolerant, from the generated
//! crate) must read back every reply the server writes.
#![no_main]

use agentwire_daemon::transport::handshake::messages::{self, launch_code, Accepted, HandshakeReply, RejectCode};
use agentwire_daemon::transport::handshake::{evaluate, ServerIdentity};
use agentwire_daemon::version::package_version;
use agentwire_fuzz::assert_round_trip;
use agentwire_protocol::consumer::decode_value;
use agentwire_protocol::runtime::{parse_record, Mode};
use libfuzzer_sys::fuzz_target;

/// How `agentwire-client` decodes a handshake reply: tolerantly, unknown members skipped.
fn decode_reply(record: &[u8]) -> Option<HandshakeReply> {
    let value = parse_record(std::str::from_utf8(record).ok()?).ok()?;
    decode_value(&value, Mode::Tolerant).ok()
}

fn identity(version: String, workspace: String) -> ServerIdentity {
    ServerIdentity {
        version,
        pid: 4242,
        instance_id: "in_0123456789abcdef".into(),
        workspace_id: "ws_0123456789abcdef".into(),
        state_root_id: "sr_0123456789abcdef".into(),
        workspace,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, record)) = data.split_first() else { return };
    let request = messages::decode_request(record);
    if let Some(request) = &request {
        assert_round_trip(request, |r| messages::decode_request(r).ok_or("refused"));
    }
    let (same_version, same_workspace) = (selector & 1 == 1, selector & 2 == 2);
    let (version, workspace) = match &request {
        Some(r) if same_version => (r.version.clone(), r.workspace.clone()),
        _ => (package_version(), "/".into()),
    };
    let workspace = match &request {
        Some(r) if same_workspace => r.workspace.clone(),
        Some(r) if r.workspace == workspace => format!("{workspace}/other"),
        _ => workspace,
    };
    let server = identity(version, workspace);
    let reply = evaluate(record, &server);
    let expected = match &request {
        None => Err(RejectCode::InvalidHandshake),
        Some(r) if r.version != server.version => Err(RejectCode::VersionMismatch),
        Some(r) if r.workspace != server.workspace => Err(RejectCode::WorkspaceMismatch),
        Some(_) => Ok(()),
    };
    match (&reply, expected) {
        (HandshakeReply::Rejected(rejected), Err(code)) => {
            assert_eq!(rejected.code, code);
            assert_eq!(rejected.message, launch_code(code).message(), "a rejection carries its fixed message only");
        }
        (HandshakeReply::Accepted(accepted), Ok(())) => {
            let want = Accepted::new(
                server.version.clone(),
                server.pid,
                server.instance_id.clone(),
                server.workspace_id.clone(),
                server.state_root_id.clone(),
            );
            assert_eq!(accepted, &want);
        }
        (reply, expected) => panic!("evaluate answered {reply:?}, expected {expected:?}"),
    }
    assert_round_trip(&reply, |r| decode_reply(r).ok_or("refused"));
    if let Some(reply) = decode_reply(record) {
        assert_round_trip(&reply, |r| decode_reply(r).ok_or("refused"));
    }
});
