//! The client scenarios: each a scripted daemon ([`Plan`]), driver commands, and what the
//! client must have sent, refused or shown. Rule quotes are the protocol documents' words.

use super::daemon::{Act, Conn, Handshake, Plan, Seen, DEFAULT_TEXT};
use super::driver::Reply;
use super::records::{self, Records};
use super::Run;
use crate::ensure;
use crate::verdict::Failure;
use agentwire_protocol::{limits, ErrorCode, EventName, HandshakeRejection, Method, PROTOCOL_VERSION};
use serde_json::{json, Value};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// Operations every `connect` requires (the ones the driver commands use).
pub const REQUIRED: &[Method] = &[
    Method::SessionCreate,
    Method::SessionClaim,
    Method::TurnStart,
    Method::SessionReplay,
    Method::Status,
    Method::AuthLoginStart,
];

pub(super) type Checked = Result<(), Failure>;
type Scenario = for<'a> fn(&'a mut Run) -> Pin<Box<dyn Future<Output = Checked> + Send + 'a>>;

pub struct Case {
    pub id: String,
    pub rule: &'static str,
    pub plan: Arc<dyn Fn(&Records) -> Plan + Send + Sync>,
    pub run: Scenario,
}

pub(super) fn case(
    id: impl Into<String>,
    rule: &'static str,
    plan: impl Fn(&Records) -> Plan + Send + Sync + 'static,
    run: Scenario,
) -> Case {
    Case { id: id.into(), rule, plan: Arc::new(plan), run }
}

fn honest(_: &Records) -> Plan {
    Plan::default()
}

/// A plan whose initialize result is edited by `edit`.
fn init(edit: impl Fn(&mut Value) + Send + Sync + 'static) -> impl Fn(&Records) -> Plan + Send + Sync {
    let edit = Arc::new(edit);
    move |_| Plan { init: Some(edit.clone()), ..Plan::default() }
}

/// A plan answering requests through `hook` (the honest daemon where it returns `None`).
fn hooked(hook: fn(&Value, &mut Conn) -> Option<Vec<Act>>) -> impl Fn(&Records) -> Plan + Send + Sync {
    move |_| Plan { hook: Some(Arc::new(hook)), ..Plan::default() }
}

pub fn all() -> Vec<Case> {
    let mut cases = vec![
        case(
            "client.handshake.line",
            "The client sends one line: `{\"handshake\":\"agentwire-unix\",\"version\":\"<client package version>\",\"workspace\":\"<canonical path>\"}`. Only after acceptance does `initialize` follow.",
            honest,
            |r| Box::pin(connects(r)),
        ),
        case(
            "client.handshake.rejected",
            "replies with one line and keeps the connection open only on acceptance",
            |_| Plan { handshake: Handshake::Reject(HandshakeRejection::VersionMismatch), ..Plan::default() },
            |r| Box::pin(refused_before_initialize(r)),
        ),
        case(
            "client.handshake.version_differs",
            "Package versions must match exactly.",
            |_| Plan { handshake: Handshake::AcceptOtherVersion, ..Plan::default() },
            |r| Box::pin(refused_before_initialize(r)),
        ),
        case(
            "client.handshake.timeout",
            "The handshake has its own deadline (`handshake_timeout_ms`).",
            |_| Plan { handshake: Handshake::Silent, ..Plan::default() },
            |r| Box::pin(handshake_times_out(r)),
        ),
        case(
            "client.preflight.identity",
            "Before any mutation, validate successful initialization, serving identities, expected workspace/state root",
            init(|p| p["instance_id"] = json!(format!("{}0", p["instance_id"].as_str().unwrap_or_default()))),
            |r| Box::pin(refused_at_preflight(r)),
        ),
        case(
            "client.preflight.workspace",
            "Before any mutation, validate successful initialization, serving identities, expected workspace/state root",
            init(|p| p["workspace_id"] = json!(format!("{}0", p["workspace_id"].as_str().unwrap_or_default()))),
            |r| Box::pin(refused_at_preflight(r)),
        ),
        case(
            "client.preflight.wire_version",
            "Before any mutation, validate successful initialization, serving identities, expected workspace/state root, wire `2`",
            init(|p| p["capabilities"]["protocol_versions"] = json!([PROTOCOL_VERSION + 1])),
            |r| Box::pin(refused_at_preflight(r)),
        ),
        case(
            "client.preflight.transport",
            "Before any mutation, validate successful initialization, serving identities, expected workspace/state root, wire `2`, transport `unix`",
            init(|p| p["capabilities"]["transports"] = json!([])),
            |r| Box::pin(refused_at_preflight(r)),
        ),
        case(
            "client.preflight.missing_operation",
            "Before any mutation, validate ... required operations",
            init(|p| {
                if let Some(ops) = p["capabilities"]["operations"].as_array_mut() {
                    ops.retain(|o| o != Method::TurnStart.as_str());
                }
            }),
            |r| Box::pin(refused_at_preflight(r)),
        ),
        case(
            "client.preflight.unknown_event",
            "Advertisement adds an unknown event | Reject locally before mutation, even if every requested operation exists.",
            |records: &Records| {
                let events = records.vector(records::UNKNOWN_EVENT_INIT)["payload"]["capabilities"]["events"].clone();
                Plan { init: Some(Arc::new(move |p: &mut Value| p["capabilities"]["events"] = events.clone())), ..Plan::default() }
            },
            |r| Box::pin(refused_at_preflight(r)),
        ),
        case(
            "client.preflight.limit_maps_differ",
            "Before any mutation, validate ... required limits against independent local bounds.",
            init(|p| {
                let l = &limits::ALL[0];
                p["limits"][l.name] = json!(l.value - 1);
            }),
            |r| Box::pin(refused_at_preflight(r)),
        ),
        case(
            "client.preflight.input_limit_raised",
            "For requests and configurable page sizes, use the smaller of the applicable server and local limits.",
            init(|p| {
                if let Some(l) = limits::ALL.iter().find(|l| !l.bounds_output) {
                    p["limits"][l.name] = json!(l.value + 1);
                    p["capabilities"]["limits"][l.name] = json!(l.value + 1);
                }
            }),
            |r| Box::pin(creates(r)),
        ),
        case(
            "client.preflight.no_pipelining",
            "Never pipeline mutations before preflight.",
            |_| Plan { init_delay: Duration::from_millis(500), ..Plan::default() },
            |r| Box::pin(no_pipelining(r)),
        ),
        case(
            "client.requests.correlated",
            "Correlate responses to requests and events to instance, connection, session, operation, grant generation and turn/login.",
            honest,
            |r| Box::pin(whole_flow(r)),
        ),
        case(
            "client.extensions.ignored",
            "Consumers must allow unknown members of recognized response/event envelopes, payload objects, capability objects, and limit maps as optional extensions, while fully validating known members.",
            |_| Plan { extensions: true, ..Plan::default() },
            |r| Box::pin(whole_flow(r)),
        ),
        case(
            "client.requests.server_limit_smaller",
            "For requests and configurable page sizes, use the smaller of the applicable server and local limits.",
            init(|p| {
                let smaller = json!(SMALLER_PAYLOAD_BYTES);
                p["limits"][*PAYLOAD_LIMIT] = smaller.clone();
                p["capabilities"]["limits"][*PAYLOAD_LIMIT] = smaller;
            }),
            |r| Box::pin(request_over_server_limit(r)),
        ),
        case(
            "client.turn.output_beyond_bound",
            "Output beyond an accepted bound is a protocol failure, not permission to truncate authoritative text or skip terminal/error records.",
            hooked(|req, conn| {
                (req["method"] == Method::TurnStart.as_str()).then(|| {
                    conn.turns += 1;
                    let long = "a".repeat(limits::MAX_STRING_BYTES as usize + 1);
                    conn.turn(req, &super::daemon::DEFAULT_DELTAS, &long)
                })
            }),
            |r| Box::pin(turn_fails(r)),
        ),
        case(
            "client.turn.event_after_terminal",
            "Valid shared sequence jumps from 2 to 4 | Accept the gap; reject duplicate/regressing sequences and events after terminal.",
            hooked(|req, conn| {
                (req["method"] == Method::TurnStart.as_str()).then(|| {
                    conn.turns += 1;
                    let mut acts = conn.turn(req, &super::daemon::DEFAULT_DELTAS, DEFAULT_TEXT);
                    let turn_id = match &acts[0] {
                        Act::Send(v) => v["payload"]["turn_id"].as_str().unwrap_or_default().to_owned(),
                        _ => String::new(),
                    };
                    let late = json!({"sequence": acts.len() as u64, "text": "late"});
                    acts.push(Act::Send(conn.turn_event(EventName::TurnAssistantDelta.as_str(), req, &turn_id, late)));
                    acts
                })
            }),
            |r| Box::pin(stops_after_turn(r)),
        ),
        case(
            "client.turn.settles_from_terminal",
            "Use `turn.terminal.assistant_text` to settle live display, then poll replay to reconcile durable history; do not concatenate live deltas onto replay items.",
            honest,
            |r| Box::pin(settles(r)),
        ),
        case(
            "client.stream.unknown_event",
            "Unknown/unadvertised events or unknown envelope kinds invalidate trusted stream state, even when requested operations exist.",
            hooked(|req, conn| inject(req, conn, |conn, req, _| {
                let mut v = conn.records.vector(records::UNKNOWN_EVENT);
                retarget(&mut v, conn, req);
                v
            })),
            |r| Box::pin(stops_trusting(r)),
        ),
        case(
            "client.stream.unknown_kind",
            "Unknown/unadvertised events or unknown envelope kinds invalidate trusted stream state, even when requested operations exist.",
            hooked(|req, conn| inject(req, conn, |conn, req, turn_id| {
                let mut v = conn.records.vector(records::UNKNOWN_KIND);
                retarget(&mut v, conn, req);
                v["payload"]["turn_id"] = json!(turn_id);
                v["payload"]["session_id"] = req["session_id"].clone();
                v
            })),
            |r| Box::pin(stops_trusting(r)),
        ),
        case(
            "client.stream.foreign_connection",
            "Correlate responses to requests and events to instance, connection, session, operation, grant generation and turn/login.",
            hooked(|req, conn| inject(req, conn, |conn, req, turn_id| {
                let mut v = conn.turn_event(EventName::TurnAssistantDelta.as_str(), req, turn_id, json!({"sequence": 1, "text": "x"}));
                v["connection_id"] = json!(conn.served.connection_id(conn.number + 1));
                v
            })),
            |r| Box::pin(stops_trusting(r)),
        ),
        case(
            "client.turn.sequence_regression",
            "Valid shared sequence jumps from 2 to 4 | Accept the gap; reject duplicate/regressing sequences and events after terminal.",
            hooked(|req, conn| {
                (req["method"] == Method::TurnStart.as_str()).then(|| {
                    let mut acts = conn.turn(req, &["Hel", "lo"], DEFAULT_TEXT);
                    // Deltas 1 and 2 swapped: the second delta's sequence goes back.
                    acts.swap(2, 3);
                    acts
                })
            }),
            |r| Box::pin(turn_fails(r)),
        ),
        case(
            "client.mutation.no_resend_after_disconnect",
            "Claims provide atomic snapshots; reconnect never resends uncertain mutations automatically.",
            hooked(|req, conn| (conn.number == 1 && req["method"] == Method::SessionCreate.as_str()).then(|| vec![Act::Close])),
            |r| Box::pin(no_resend_after_disconnect(r)),
        ),
        case(
            "client.turn.lost_terminal_not_restarted",
            "Disconnected controllers have no terminal delivery guarantee; recover through claim/lookup/replay.",
            hooked(|req, conn| {
                (conn.number == 1 && req["method"] == Method::TurnStart.as_str()).then(|| {
                    conn.turns += 1;
                    // The response, turn.started and the first delta; then the socket is lost.
                    let mut acts = conn.turn(req, &super::daemon::DEFAULT_DELTAS, DEFAULT_TEXT);
                    acts.truncate(3);
                    acts.push(Act::Close);
                    acts
                })
            }),
            |r| Box::pin(lost_terminal(r)),
        ),
        case(
            "client.login.lost_terminal_not_restarted",
            "Lost terminal delivery requires lookup/auth-status reconciliation, not automatic restart.",
            hooked(|req, conn| {
                (conn.number == 1 && req["method"] == Method::AuthLoginStart.as_str()).then(|| {
                    let started = conn.respond(req, |p| p["provider_id"] = req["payload"]["provider_id"].clone());
                    vec![Act::Send(started), Act::Send(conn.login_event(EventName::AuthLoginProgress.as_str(), req)), Act::Close]
                })
            }),
            |r| Box::pin(lost_login(r)),
        ),
        case(
            "client.mutation.retry_message",
            "Messages containing “retry” do not authorize automatic mutation replay.",
            hooked(|req, conn| {
                let code = retry_code();
                (req["method"] == Method::SessionCreate.as_str())
                    .then(|| vec![Act::Send(conn.error(req, code.as_str(), code.message()))])
            }),
            |r| Box::pin(refused_once(r, Some(retry_code().as_str().to_owned()))),
        ),
        case(
            "client.mutation.unknown_code",
            "An unknown error code may be represented as a generic unsuccessful response after validating its error shape, bounds, and correlation; it must not become success or trigger an automatic retry.",
            hooked(|req, conn| {
                (req["method"] == Method::SessionCreate.as_str())
                    .then(|| vec![Act::Send(conn.answer(conn.records.vector(records::UNKNOWN_CODE), req))])
            }),
            |r| Box::pin(refused_once(r, None)),
        ),
        case(
            "client.replay.continues_from_next_cursor",
            "Save it only after accepting the item; pass it as replay `after` to continue without accepting the same item twice.",
            hooked(|req, conn| replay_pages(req, conn, false)),
            |r| Box::pin(replays(r, false)),
        ),
        case(
            "client.replay.saves_only_accepted",
            "Save it only after accepting the item; pass it as replay `after` to continue without accepting the same item twice.",
            hooked(|req, conn| replay_pages(req, conn, true)),
            |r| Box::pin(replays(r, true)),
        ),
    ];
    // "If a required server guarantee can exceed the client's supported record, payload,
    // string, depth, collection, or feature bound, reject locally before mutation": one case
    // per limit the spec marks `bounds_output`.
    for l in limits::OUTPUT_BOUNDS {
        let (name, value) = (l.name, l.value);
        cases.push(case(
            format!("client.preflight.output_bound.{name}"),
            "If a required server guarantee can exceed the client's supported record, payload, string, depth, collection, or feature bound, reject locally before mutation unless a documented request control actually constrains that output.",
            init(move |p| {
                p["limits"][name] = json!(value + 1);
                p["capabilities"]["limits"][name] = json!(value + 1);
            }),
            |r| Box::pin(refused_at_preflight(r)),
        ));
    }
    cases
}

/// The limit bounding one request payload: the one limit whose spec value is
/// `limits::MAX_PAYLOAD_BYTES` (so its wire name comes from the generated list).
static PAYLOAD_LIMIT: std::sync::LazyLock<&'static str> = std::sync::LazyLock::new(|| {
    let mut named = limits::ALL.iter().filter(|l| l.value == limits::MAX_PAYLOAD_BYTES);
    match (named.next(), named.next()) {
        (Some(l), None) => l.name,
        _ => "",
    }
});

/// What `client.requests.server_limit_smaller` advertises: a quarter of the spec's payload bound
/// (so still above any small request) and below the spec's string bound, so a prompt between
/// the two is valid locally and too large for this server.
const SMALLER_PAYLOAD_BYTES: u64 = limits::MAX_PAYLOAD_BYTES / 4;

/// The first spec error code whose fixed message says "retry".
fn retry_code() -> ErrorCode {
    ErrorCode::ALL.iter().copied().find(|c| c.message().contains("retry")).unwrap_or(ErrorCode::ALL[0])
}

pub(super) fn expect_ok(what: &str, reply: &Reply) -> Checked {
    ensure!(reply.ok, "`{what}` failed against an honest daemon: {}", reply.describe());
    Ok(())
}

/// Every request method the client sent, on any connection.
pub(super) fn methods(run: &Run) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for conn in 1..=run.log().connections() {
        for r in run.log().requests(conn) {
            out.push((conn, r["method"].as_str().unwrap_or_default().to_owned()));
        }
    }
    out
}

fn mutations(run: &Run) -> Vec<(u32, String)> {
    methods(run)
        .into_iter()
        .filter(|(_, m)| Method::from_wire(m).is_some_and(|m| m.rules().mutation && m != Method::Initialize))
        .collect()
}

async fn connects(run: &mut Run) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    let first = run.log().requests(1).first().map(|r| r["method"].clone());
    ensure!(
        first.as_ref().is_some_and(|m| m == Method::Initialize.as_str()),
        "first request was {first:?}, not initialize"
    );
    Ok(())
}

/// The handshake fails: `connect` must fail and nothing of wire v2 may follow.
async fn refused_before_initialize(run: &mut Run) -> Checked {
    refused(run, "handshake", methods).await
}

/// Preflight fails: `connect` must fail, and no mutation reaches the daemon afterwards.
async fn refused_at_preflight(run: &mut Run) -> Checked {
    refused(run, "preflight", mutations).await
}

/// `connect` fails at `stage`; a `create` after it fails too, and `forbidden` (what the client
/// must not have sent) is empty.
async fn refused(run: &mut Run, stage: &str, forbidden: fn(&Run) -> Vec<(u32, String)>) -> Checked {
    let reply = run.connect().await?;
    ensure!(!reply.ok, "connect passed the {stage}: {}", reply.describe());
    let create = run.cmd(json!({"cmd": "create"})).await?;
    ensure!(!create.ok, "create succeeded after a failed {stage}: {}", create.describe());
    let sent = forbidden(run);
    ensure!(sent.is_empty(), "the client sent {sent:?} after a failed {stage}");
    Ok(())
}

async fn creates(run: &mut Run) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    expect_ok("create", &run.cmd(json!({"cmd": "create"})).await?)
}

/// `connect` and `create` written back to back while initialize's answer is held back: the
/// envelope checks fail the case if `session.create` arrives before that answer.
async fn no_pipelining(run: &mut Run) -> Checked {
    let connect = run.connect_command();
    let replies = run.pipelined(&[connect, json!({"cmd": "create"})]).await?;
    expect_ok("connect", &replies[0])?;
    expect_ok("create", &replies[1])
}

async fn handshake_times_out(run: &mut Run) -> Checked {
    let start = std::time::Instant::now();
    let reply = run.connect().await?;
    let took = start.elapsed();
    ensure!(!reply.ok, "connect succeeded without a handshake reply: {}", reply.describe());
    let deadline = Duration::from_millis(limits::HANDSHAKE_TIMEOUT_MS) + super::SETTLE * 4;
    ensure!(took <= deadline, "connect gave up after {took:?}, past handshake_timeout_ms");
    let sent = methods(run);
    ensure!(sent.is_empty(), "the client sent {sent:?} without an accepted handshake");
    Ok(())
}

/// A prompt within every local bound but over the server's smaller payload bound must not be
/// sent.
async fn request_over_server_limit(run: &mut Run) -> Checked {
    ensure!(!PAYLOAD_LIMIT.is_empty(), "no unique limit has the spec's payload bound as its value");
    claimed(run).await?;
    let prompt = "a".repeat(SMALLER_PAYLOAD_BYTES as usize + 1);
    let turn = run.cmd(json!({"cmd": "turn", "prompt": prompt})).await?;
    ensure!(!turn.ok, "the turn was started with a payload over the server's advertised bound: {}", turn.describe());
    let n = count(run, Method::TurnStart);
    ensure!(n == 0, "turn.start with a payload over the server's {} was sent", *PAYLOAD_LIMIT);
    Ok(())
}

/// After the turn, a late event of it arrives: the connection must not be used again.
async fn stops_after_turn(run: &mut Run) -> Checked {
    claimed(run).await?;
    let _ = run.cmd(json!({"cmd": "turn", "prompt": "hi"})).await?;
    run.settle().await;
    let _ = run.cmd(json!({"cmd": "status"})).await?;
    run.settle().await;
    let turn_start = run.log().requests(1).iter().position(|r| r["method"] == Method::TurnStart.as_str());
    let after: Vec<Value> = run.log().requests(1).into_iter().skip(turn_start.map_or(0, |i| i + 1)).collect();
    ensure!(after.is_empty(), "the client kept using the connection after an event followed the terminal: {after:?}");
    Ok(())
}

async fn claimed(run: &mut Run) -> Result<String, Failure> {
    expect_ok("connect", &run.connect().await?)?;
    claim_new(run).await
}

/// On the connected client: `create` and `claim`; the new session's ID.
pub(super) async fn claim_new(run: &mut Run) -> Result<String, Failure> {
    let created = run.cmd(json!({"cmd": "create"})).await?;
    expect_ok("create", &created)?;
    let session = created.str("session_id").unwrap_or_default().to_owned();
    expect_ok("claim", &run.cmd(json!({"cmd": "claim", "session_id": session})).await?)?;
    Ok(session)
}

async fn whole_flow(run: &mut Run) -> Checked {
    let session = claimed(run).await?;
    expect_ok("turn", &run.cmd(json!({"cmd": "turn", "prompt": "hi"})).await?)?;
    expect_ok("replay", &run.cmd(json!({"cmd": "replay", "session_id": session, "limit": 2})).await?)?;
    expect_ok("status", &run.cmd(json!({"cmd": "status"})).await?)?;
    let provider = run.records.request(Method::AuthLoginStart.as_str())["payload"]["provider_id"].clone();
    let login = run.cmd(json!({"cmd": "login", "provider_id": provider})).await?;
    expect_ok("login", &login)?;
    let settled = run.records.event(EventName::AuthLoginTerminal.as_str())["payload"]["state"].clone();
    ensure!(
        login.value.get("state") == Some(&settled),
        "the login settled as {:?}, not {settled}",
        login.value.get("state")
    );
    let sent: Vec<String> =
        run.log().requests(1).iter().map(|r| r["method"].as_str().unwrap_or_default().to_owned()).collect();
    let wanted = [
        Method::Initialize,
        Method::SessionCreate,
        Method::SessionClaim,
        Method::TurnStart,
        Method::SessionReplay,
        Method::Status,
        Method::AuthLoginStart,
    ];
    ensure!(
        sent.iter().map(String::as_str).eq(wanted.iter().map(|m| m.as_str())),
        "the client sent {sent:?} for connect, create, claim, turn, replay, status, login"
    );
    Ok(())
}

async fn settles(run: &mut Run) -> Checked {
    claimed(run).await?;
    let turn = run.cmd(json!({"cmd": "turn", "prompt": "hi"})).await?;
    expect_ok("turn", &turn)?;
    ensure!(
        turn.str("display") == Some(DEFAULT_TEXT),
        "the settled display is {:?}, not the terminal's assistant_text {DEFAULT_TEXT:?}",
        turn.value.get("display")
    );
    Ok(())
}

/// Points an injected record at this connection, its session and its turn's operation.
fn retarget(v: &mut Value, conn: &Conn, req: &Value) {
    v["instance_id"] = json!(conn.served.instance_id);
    v["connection_id"] = json!(conn.connection_id);
    v["session_id"] = req["session_id"].clone();
    v["operation_id"] = req["operation_id"].clone();
    if let Some(claim) = &conn.claim {
        v["grant_generation"] = claim["grant_generation"].clone();
    }
}

/// On `turn.start`: the honest turn with `bad(conn, request, turn_id)` right after
/// `turn.started`.
pub(super) fn inject(req: &Value, conn: &mut Conn, bad: fn(&Conn, &Value, &str) -> Value) -> Option<Vec<Act>> {
    if req["method"] != Method::TurnStart.as_str() {
        return None;
    }
    conn.turns += 1;
    let mut acts = conn.turn(req, &super::daemon::DEFAULT_DELTAS, DEFAULT_TEXT);
    let turn_id = match &acts[0] {
        Act::Send(v) => v["payload"]["turn_id"].as_str().unwrap_or_default().to_owned(),
        _ => String::new(),
    };
    acts.insert(2, Act::Send(bad(conn, req, &turn_id)));
    Some(acts)
}

/// The turn must fail, and the connection that carried the bad record must carry nothing more.
pub(super) async fn stops_trusting(run: &mut Run) -> Checked {
    claimed(run).await?;
    let turn = run.cmd(json!({"cmd": "turn", "prompt": "hi"})).await?;
    ensure!(!turn.ok, "the turn succeeded through an untrusted record: {}", turn.describe());
    // A new connection is a new stream; the invalidated one must not be used again.
    let _ = run.cmd(json!({"cmd": "status"})).await?;
    run.settle().await;
    let turn_start_index = run.log().requests(1).iter().position(|r| r["method"] == Method::TurnStart.as_str());
    let after: Vec<Value> = run.log().requests(1).into_iter().skip(turn_start_index.map_or(0, |i| i + 1)).collect();
    ensure!(after.is_empty(), "the client kept using the invalidated connection: {after:?}");
    Ok(())
}

async fn turn_fails(run: &mut Run) -> Checked {
    claimed(run).await?;
    let turn = run.cmd(json!({"cmd": "turn", "prompt": "hi"})).await?;
    ensure!(!turn.ok, "the turn succeeded although the daemon broke the turn's rules: {}", turn.describe());
    Ok(())
}

pub(super) fn count(run: &Run, method: Method) -> usize {
    methods(run).iter().filter(|(_, m)| m == method.as_str()).count()
}

/// After a new `connect` and a `status` round trip, `method` was sent exactly once in the run:
/// the uncertain request before the loss was not sent again.
async fn sent_once_after_reconnect(run: &mut Run, method: Method, why: &str) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    expect_ok("status", &run.cmd(json!({"cmd": "status"})).await?)?;
    run.settle().await;
    let n = count(run, method);
    ensure!(n == 1, "{} was sent {n} times; {why}", method.as_str());
    Ok(())
}

async fn no_resend_after_disconnect(run: &mut Run) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    let create = run.cmd(json!({"cmd": "create"})).await?;
    ensure!(!create.ok, "create succeeded although the daemon closed without answering: {}", create.describe());
    sent_once_after_reconnect(run, Method::SessionCreate, "the uncertain one must not be resent").await
}

/// The turn's socket is lost before its terminal: after a new `connect` the turn is not
/// started again.
async fn lost_terminal(run: &mut Run) -> Checked {
    claimed(run).await?;
    let turn = run.cmd(json!({"cmd": "turn", "prompt": "hi"})).await?;
    ensure!(!turn.ok, "the turn settled although its terminal never came: {}", turn.describe());
    sent_once_after_reconnect(run, Method::TurnStart, "a turn whose terminal was lost must not be restarted").await
}

/// A login's socket is lost before its terminal: after a new `connect` no login is started
/// again. (The provider is the example request's.)
async fn lost_login(run: &mut Run) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    let provider = run.records.request(Method::AuthLoginStart.as_str())["payload"]["provider_id"].clone();
    let _ = run.cmd(json!({"cmd": "login", "provider_id": provider})).await?;
    sent_once_after_reconnect(run, Method::AuthLoginStart, "a login whose terminal was lost must not be restarted")
        .await
}

/// `create` answered with an error: the driver reports it (with `code` when given), and the
/// mutation is sent exactly once.
async fn refused_once(run: &mut Run, code: Option<String>) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    let create = run.cmd(json!({"cmd": "create"})).await?;
    ensure!(!create.ok, "an error answer became a success: {}", create.describe());
    if let Some(code) = code {
        ensure!(
            create.str("code") == Some(code.as_str()),
            "the driver reports code {:?}, not {code}",
            create.value.get("code")
        );
    }
    run.settle().await;
    let n = count(run, Method::SessionCreate);
    ensure!(n == 1, "session.create was sent {n} times; an error answer must not be retried");
    Ok(())
}

/// The example replay page split in two: its first two items (`truncated`, `next_cursor` at
/// the second item), then the rest — or, with `bad_second`, the vector page whose first item
/// is of an unknown kind.
fn replay_pages(req: &Value, conn: &mut Conn, bad_second: bool) -> Option<Vec<Act>> {
    if req["method"] != Method::SessionReplay.as_str() {
        return None;
    }
    let first = req["payload"]["after"].is_null();
    let mut page = conn.respond(req, |_| {});
    let items = page["payload"]["events"].as_array().cloned().unwrap_or_default();
    let (head, tail) = items.split_at(2.min(items.len()));
    if first {
        page["payload"]["events"] = json!(head);
        page["payload"]["next_cursor"] = head.last().map_or(Value::Null, |i| i["cursor"].clone());
        page["payload"]["truncated"] = json!(true);
    } else if bad_second {
        page = conn.answer(conn.records.vector(records::UNKNOWN_ITEM), req);
    } else {
        page["payload"]["events"] = json!(tail);
    }
    Some(vec![Act::Send(page)])
}

/// The first page's `next_cursor`, as sent.
fn first_next_cursor(run: &Run) -> Value {
    for e in run.log().entries() {
        if let Seen::Sent(v) = &e.seen {
            if v["payload"]["truncated"] == true {
                return v["payload"]["next_cursor"].clone();
            }
        }
    }
    Value::Null
}

async fn replays(run: &mut Run, bad_second: bool) -> Checked {
    let session = claimed(run).await?;
    let reply = run.cmd(json!({"cmd": "replay", "session_id": session, "limit": 2})).await?;
    let cursor = first_next_cursor(run);
    let afters: Vec<Value> = run
        .log()
        .requests(1)
        .iter()
        .filter(|r| r["method"] == Method::SessionReplay.as_str())
        .map(|r| r["payload"].get("after").cloned().unwrap_or(Value::Null))
        .collect();
    ensure!(
        afters.len() == 2,
        "expected two replay requests (a truncated page, then the rest), got after = {afters:?}"
    );
    ensure!(afters[0].is_null(), "the first replay request continues from {}", afters[0]);
    ensure!(
        afters[1] == cursor,
        "the second replay request continues from {} instead of next_cursor {cursor}",
        afters[1]
    );
    if bad_second {
        ensure!(!reply.ok, "a page with an unknown item kind was accepted: {}", reply.describe());
        ensure!(
            reply.value.get("cursor") == Some(&cursor),
            "the saved cursor is {:?}, not {cursor}: the last item accepted",
            reply.value.get("cursor")
        );
    } else {
        expect_ok("replay", &reply)?;
        let last = run.log().entries().iter().rev().find_map(|e| match &e.seen {
            Seen::Sent(v) if v["payload"]["truncated"] == false => Some(v["payload"]["next_cursor"].clone()),
            _ => None,
        });
        ensure!(
            reply.value.get("cursor") == last.as_ref(),
            "the saved cursor is {:?}, not the last page's {last:?}",
            reply.value.get("cursor")
        );
    }
    Ok(())
}
