//! `agentwire call METHOD [PAYLOAD] [--session S] [--claim | --take-over] [--json]`: start or
//! connect, then one request through `agentwire-client` (handshake, initialize with full
//! preflight), the response printed as pretty JSON (one compact line with `--json`).
//!
//! Everything the command line decides is checked before anything connects: the operation,
//! the payload (strictly, as the server decodes it, with the place a mistake is at) and the
//! envelope slots, from the operation's generated slot rules. An operation that needs a
//! session's control runs with `--claim` (or `--take-over`): the session is claimed on the
//! same connection first and the operation carries that claim's control. The grant ends with
//! the connection ("disconnect revokes grants but does not cancel accepted turns").
//!
//! Exit codes: 0 success, 1 the service refused (or could not be reached), 2 a usage error.

use crate::transport::start_or_connect::{start_options, start_or_connect, DEFAULT_START_TIMEOUT};
use agentwire_client::{CallError, Client, ClientOptions, ServiceError};
use agentwire_protocol::runtime::{parse_record_explained, Cx, Flags, Mode, PayloadDecode, SlotRule};
use agentwire_protocol::typed::{check_slots, SlotError};
use agentwire_protocol::{Control, ErrorCode, Method, RequestPayload};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Clone)]
pub struct CallOptions {
    pub method: String,
    pub payload: Option<String>,
    pub workspace: PathBuf,
    pub session: Option<String>,
    /// Claim the session first (`--claim`, or `--take-over`) and send its control.
    pub claiming: Option<Claiming>,
    /// One compact line of JSON instead of pretty JSON.
    pub compact: bool,
}

/// How `call` gets a session's control before the operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claiming {
    /// `session.claim` with `take_over: false`: fails if another connection holds control.
    Claim,
    /// `session.claim` with `take_over: true`: revokes another connection's grant.
    TakeOver,
}

impl Claiming {
    fn flag(self) -> &'static str {
        match self {
            Claiming::Claim => "--claim",
            Claiming::TakeOver => "--take-over",
        }
    }
}

/// Why `call` gave no answer: what was typed is wrong (exit 2), or the service refused or could
/// not be reached (exit 1).
#[derive(Debug)]
enum Failure {
    Usage(String),
    Service(String),
}

impl Failure {
    fn service(e: impl std::fmt::Display) -> Self {
        Failure::Service(e.to_string())
    }
}

/// Decode the payload text strictly, as the server would: first the record's JSON profile
/// (syntax, duplicate members, noncharacters, bounds), then the operation's payload type; a
/// mistake is reported with its JSON path and serde_json's line and column.
fn payload(method: Method, text: &str) -> Result<RequestPayload, String> {
    parse_record_explained(text).map_err(|(_, why)| format!("payload is not valid JSON: {why}"))?;
    let flags = Flags::default();
    let mut de = serde_json::Deserializer::from_str(text);
    RequestPayload::decode_payload(&mut de, Cx::new(Mode::Strict, &flags), Some(method.as_str()))
        .map_err(|e| format!("payload is invalid for {}: {}: {e}", method.as_str(), flags.path("$")))
}

/// The method's slot rules in the command line's words, checked before anything connects.
fn slots(method: Method, session: Option<&str>, claiming: Option<Claiming>) -> Result<(), String> {
    // The claim happens after connecting; a placeholder stands for its control in the check.
    let control = claiming.map(|_| Control::new(String::new(), 0));
    check_slots(method, session, control.as_ref()).map_err(|e| match e {
        SlotError::SessionRequired(m) => format!("{m} needs --session"),
        SlotError::SessionForbidden(m) => format!("{m} takes no --session"),
        SlotError::ControlRequired(m) => {
            format!("{m} needs the session's control: add --claim (or --take-over to take it from another client)")
        }
        SlotError::ControlForbidden(m) => {
            format!("{m} takes no {}", claiming.map_or("control", Claiming::flag))
        }
    })
}

/// `call --help`'s closing text; the operations that need control come from their slot rules.
pub fn call_help() -> String {
    let controlled: Vec<&str> =
        Method::ALL.iter().filter(|m| m.rules().control == SlotRule::Required).map(|m| m.as_str()).collect();
    format!(
        "\
Operations that need a session's control run with --claim or --take-over: the session is
claimed on the same connection first and the operation carries that claim's control. They are:
  {}
The grant ends when `call` exits; an accepted turn keeps running (read it with
`agentwire call session.replay --session S`).

Exit codes: 0 success, 1 the service refused (its error object is printed) or could not be
reached, 2 a usage error (unknown operation, payload that is not valid for it, a missing or
forbidden --session or --claim).

Examples:
  agentwire call status
  agentwire call session.create --json
  agentwire call turn.start '{{\"prompt\":\"hi\"}}' --session S --claim
  agentwire call session.replay '{{\"limit\":8}}' --session S",
        controlled.join(", ")
    )
}

pub async fn call(options: CallOptions) -> ExitCode {
    match run(options).await {
        Ok(code) => code,
        Err(Failure::Usage(message)) => {
            eprintln!("agentwire call: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Service(message)) => {
            eprintln!("agentwire call: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run(o: CallOptions) -> Result<ExitCode, Failure> {
    let method =
        Method::from_wire(&o.method).ok_or_else(|| Failure::Usage(format!("unknown operation `{}`", o.method)))?;
    let payload = payload(method, o.payload.as_deref().unwrap_or("{}")).map_err(Failure::Usage)?;
    slots(method, o.session.as_deref(), o.claiming).map_err(Failure::Usage)?;
    let client = connect(&o, method).await?;
    let control = match (o.claiming, o.session.as_deref()) {
        (Some(claiming), Some(session)) => match client.claim(session, claiming == Claiming::TakeOver).await {
            Ok(claim) => Some(claim.control().clone()),
            Err(CallError::Service(e)) => {
                let hint = if claiming == Claiming::Claim && e.is(ErrorCode::SessionBusy) {
                    " (another client holds control; --take-over takes it)"
                } else {
                    ""
                };
                eprintln!("agentwire call: {}: claiming {session} was refused{hint}", claiming.flag());
                return refused(&e, o.compact);
            }
            Err(e) => return Err(Failure::service(e)),
        },
        _ => None,
    };
    match client.call_dynamic(o.session.as_deref(), control, payload).await {
        Ok(p) => print(&p, o.compact).map(|()| ExitCode::SUCCESS),
        Err(CallError::Service(e)) => refused(&e, o.compact),
        Err(e) => Err(Failure::service(e)),
    }
}

/// Start or reach the workspace's daemon and connect, requiring the operation (and the claim).
async fn connect(o: &CallOptions, method: Method) -> Result<Client, Failure> {
    let executable = std::env::current_exe().map_err(|_| Failure::service("cannot locate the agentwire executable"))?;
    let start = start_options(o.workspace.clone(), executable, DEFAULT_START_TIMEOUT);
    let discovery = start_or_connect(&start).await.map_err(|e| Failure::service(e.message()))?;
    let workspace = crate::transport::launch_args::canonical_workspace(&start.workspace).map_err(Failure::service)?;
    let workspace = workspace.to_str().ok_or_else(|| Failure::Usage("workspace path is not UTF-8".into()))?.to_owned();
    let mut required = if method == Method::Initialize { vec![] } else { vec![method] };
    if o.claiming.is_some() {
        required.push(Method::SessionClaim);
    }
    let options =
        ClientOptions::new(&discovery.socket, workspace).version(crate::version::package_version()).require(&required);
    Client::connect(options).await.map_err(Failure::service)
}

/// A service error, printed as the error object on stdout: exit 1.
fn refused(e: &ServiceError, compact: bool) -> Result<ExitCode, Failure> {
    let error = serde_json::json!({ "error": { "code": e.code_name, "message": e.message } });
    print(&error, compact).map(|()| ExitCode::FAILURE)
}

fn print(value: &impl serde::Serialize, compact: bool) -> Result<(), Failure> {
    // A generated type hands serde its written bytes whole, which a pretty printer copies as
    // they are: indent the value it parses to.
    let value = serde_json::to_value(value).map_err(Failure::service)?;
    let text = if compact { serde_json::to_string(&value) } else { serde_json::to_string_pretty(&value) };
    println!("{}", text.map_err(Failure::service)?);
    Ok(())
}
