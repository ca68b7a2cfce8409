//! `agentwire call METHOD [PAYLOAD] --workspace ABS`: start or connect, then one request
//! through `agentwire-client` (handshake, initialize with full preflight), the response
//! printed as pretty JSON.

use crate::start_or_connect::{start_options, start_or_connect, DEFAULT_START_TIMEOUT};
use agentwire_client::{CallError, Client, ClientOptions};
use agentwire_protocol::runtime::{parse_record, Cx, Flags, Mode, PayloadDecode};
use agentwire_protocol::typed::{check_slots, SlotError};
use agentwire_protocol::{Method, RequestPayload};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Clone)]
pub struct CallOptions {
    pub method: String,
    pub payload: Option<String>,
    pub workspace: PathBuf,
    pub session: Option<String>,
}

/// Decode the payload text strictly, as the server would.
fn payload(method: Method, text: &str) -> Result<RequestPayload, String> {
    let value = parse_record(text).map_err(|e| format!("payload is not acceptable JSON ({e:?})"))?;
    let flags = Flags::default();
    RequestPayload::decode_payload(&value, Cx::new(Mode::Strict, &flags), Some(method.as_str()))
        .map_err(|e| format!("payload is invalid for {}: {e}", method.as_str()))
}

/// The method's slot rules in the command line's words, checked before anything connects.
fn slots(method: Method, session: Option<&str>) -> Result<(), String> {
    match check_slots(method, session, None) {
        Ok(()) => Ok(()),
        Err(SlotError::SessionRequired(m)) => Err(format!("{m} needs --session")),
        Err(SlotError::SessionForbidden(m)) => Err(format!("{m} takes no --session")),
        // A control proof belongs to the connection that claimed it, which ends with this call.
        Err(SlotError::ControlRequired(m)) => Err(format!("{m} needs a session's control; use `agentwire chat`")),
        Err(e @ SlotError::ControlForbidden(_)) => Err(e.to_string()),
    }
}

pub async fn call(options: CallOptions) -> ExitCode {
    match run(options).await {
        Ok(code) => code,
        Err(message) => {
            eprintln!("agentwire call: {message}");
            ExitCode::from(2)
        }
    }
}

async fn run(o: CallOptions) -> Result<ExitCode, String> {
    let method = Method::from_wire(&o.method).ok_or_else(|| format!("unknown operation `{}`", o.method))?;
    let payload = payload(method, o.payload.as_deref().unwrap_or("{}"))?;
    slots(method, o.session.as_deref())?;
    let executable = std::env::current_exe().map_err(|_| "cannot locate the agentwire executable".to_string())?;
    let start = start_options(o.workspace, executable, DEFAULT_START_TIMEOUT);
    let discovery = start_or_connect(&start).await.map_err(|e| e.message().to_string())?;
    let workspace = crate::launch_args::canonical_workspace(&start.workspace).map_err(|e| e.to_string())?;
    let workspace = workspace.to_str().ok_or("workspace path is not UTF-8")?.to_owned();
    let required = if method == Method::Initialize { vec![] } else { vec![method] };
    let options = ClientOptions::new(&discovery.socket, workspace, discovery.version.clone()).require(&required);
    let client = Client::connect(options).await.map_err(|e| e.to_string())?;
    let (text, code) = match client.call_dynamic(o.session.as_deref(), None, payload).await {
        Ok(p) => (serde_json::to_string_pretty(&p), ExitCode::SUCCESS),
        Err(CallError::Service(e)) => {
            let error = serde_json::json!({ "error": { "code": e.code_name, "message": e.message } });
            (serde_json::to_string_pretty(&error), ExitCode::FAILURE)
        }
        Err(e) => return Err(e.to_string()),
    };
    println!("{}", text.map_err(|e| e.to_string())?);
    Ok(code)
}
