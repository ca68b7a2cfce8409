//! The client cases of the `approvals` profile: the scripted daemon offers the profile (or not)
//! and asks the person through `approval.requested` inside a turn; the driver opts in (`opt_in`),
//! answers with the offered option of the kind the case names (`turn`'s `answer`) or late
//! (`respond`). The honest daemon's side of negotiation and answers is in [`super::daemon`].

use super::cases::{case, claim_new, count, expect_ok, inject, methods, stops_trusting, Case, Checked};
use super::daemon::{method_of, Act, Conn, Plan, Seen, DEFAULT_DELTAS, DEFAULT_TEXT};
use super::driver::Reply;
use super::records::Records;
use super::Run;
use crate::ensure;
use crate::verdict::Failure;
use agentwire_protocol::{
    ApprovalDecider, ApprovalOutcome, ErrorCode, EventName, Method, PermissionKind, Profile, SnapshotState,
};
use serde_json::{json, Value};
use std::sync::Arc;

/// The approval the scripted daemon asks.
const APPROVAL_ID: &str = "ap-client-1";

/// The spec's `profiles` member offering every declared profile.
fn offered_profiles() -> Value {
    serde_json::from_str(agentwire_protocol::PROFILES_JSON).unwrap_or(Value::Null)
}

/// A daemon whose initialize result offers the profiles, answering through `hook` where it
/// returns something (the honest daemon elsewhere).
fn offering(hook: fn(&Value, &mut Conn) -> Option<Vec<Act>>) -> impl Fn(&Records) -> Plan + Send + Sync {
    move |_| Plan {
        init: Some(Arc::new(|p: &mut Value| p["capabilities"]["profiles"] = offered_profiles())),
        hook: Some(Arc::new(hook)),
        ..Plan::default()
    }
}

pub fn cases() -> Vec<Case> {
    vec![
        case(
            "client.approvals.opt_in",
            "After initialize and before claiming any session, the connection calls `profile.negotiate` with `{\"profile\":\"approvals\",\"version\":1}` when the capability object's `profiles` lists `approvals` with version 1. The answer names the accepted version, the profile's operations and events, and its limits with their effective values",
            offering(|req, conn| {
                (method_of(req) == Some(Method::ProfileNegotiate)).then(|| {
                    // One limit at an effective value other than the spec's: the client must
                    // learn the accepted terms, not assume them.
                    let mut acts = conn.honest(req);
                    if let (Some(Act::Send(v)), Some(l)) = (acts.first_mut(), Profile::Approvals.limits().first()) {
                        if v["error"].is_null() {
                            v["payload"]["limits"][l.name] = json!(l.value / 2);
                        }
                    }
                    acts
                })
            }),
            |r| Box::pin(opts_in(r)),
        ),
        case(
            "client.approvals.absent",
            "A client library checks `profiles` first and fails locally with a typed reason before any turn. A connection that never negotiates gets the ordinary profile",
            |_| Plan { hook: Some(Arc::new(asking)), ..Plan::default() },
            |r| Box::pin(absent(r)),
        ),
        case(
            "client.approvals.rejected",
            "Rejection: An unknown profile name or a version the daemon does not offer answers `profile_unsupported`; the connection's state is unchanged.",
            offering(|req, conn| {
                (method_of(req) == Some(Method::ProfileNegotiate)).then(|| conn.refuse(req, ErrorCode::ProfileUnsupported))
            }),
            |r| Box::pin(refused(r, ErrorCode::ProfileUnsupported, "rejected")),
        ),
        case(
            "client.approvals.mismatch",
            "Mismatch: A connection that already negotiated another version of the profile, or that claimed a session before negotiating, gets `profile_mismatch` and nothing changes.",
            offering(|req, conn| {
                (method_of(req) == Some(Method::ProfileNegotiate)).then(|| conn.refuse(req, ErrorCode::ProfileMismatch))
            }),
            |r| Box::pin(refused(r, ErrorCode::ProfileMismatch, "mismatch")),
        ),
        case(
            "client.approvals.answer",
            "the daemon delivers each request the policy says to ask about as `approval.requested` to the session's opted-in controller, and the controller's `approval.respond` answers it. | Answer a pending approval of the session with one of its offered options; the first valid answer wins.",
            offering(asking),
            |r| Box::pin(answers(r, PermissionKind::AllowOnce)),
        ),
        case(
            "client.approvals.option_by_kind",
            "`options`: The answers offered, each with its kind; choose and show them by kind.",
            offering(asking_opaque),
            |r| Box::pin(answers(r, PermissionKind::RejectOnce)),
        ),
        case(
            "client.approvals.late_answer",
            "`approval_unknown`: No pending approval of the session has this ID: unknown, already answered (a second answer) or already decided by the deadline, the policy or a cancel (a late answer); nothing changed.",
            offering(asking_until_deadline),
            |r| Box::pin(late_answer(r)),
        ),
        case(
            "client.approvals.option_unknown",
            "`approval_option_unknown`: The option ID is not one of the pending approval's options; nothing changed and the approval stays pending.",
            offering(refusing_the_option),
            |r| Box::pin(option_unknown(r)),
        ),
        case(
            "client.approvals.pending_after_take_over",
            "A permission request waits for the person: sent to every opted-in connection controlling the session, and again to a connection right after it claims or takes over a session with the approval pending.",
            offering(pending_on_claim),
            |r| Box::pin(pending_after_take_over(r)),
        ),
        case(
            "client.approvals.unnegotiated_event",
            "A connection that never negotiates gets the ordinary profile: `approval.respond` answers `unsupported_operation`, the profile's events are never sent to it | Unknown/unadvertised events or unknown envelope kinds invalidate trusted stream state, even when requested operations exist.",
            offering(|req, conn| {
                inject(req, conn, |conn, req, turn_id| {
                    conn.approval_requested(req, turn_id, APPROVAL_ID, example_options(conn))
                })
            }),
            |r| Box::pin(stops_trusting(r)),
        ),
    ]
}

/// The options of the spec's example request.
fn example_options(conn: &Conn) -> Value {
    conn.records.event(agentwire_protocol::EventName::ApprovalRequested.as_str())["payload"]["options"].clone()
}

/// One option of every kind, in the reverse of the spec's order, with IDs and labels that say
/// nothing of their kind: only the `kind` member tells them apart.
fn opaque_options(_: &Conn) -> Value {
    let options: Vec<Value> = PermissionKind::ALL
        .iter()
        .rev()
        .enumerate()
        .map(|(i, k)| json!({"id": format!("o{}", i + 1), "label": format!("Choice {}", i + 1), "kind": k.as_str()}))
        .collect();
    json!(options)
}

/// On `turn.start` of a connection that negotiated the profile: the turn's response and
/// `turn.started`, then one `approval.requested` offering `options`; the rest of the turn waits
/// for the answer (or, with `deadline`, follows the request's resolution by the deadline).
fn ask(req: &Value, conn: &mut Conn, options: fn(&Conn) -> Value, deadline: bool) -> Option<Vec<Act>> {
    if method_of(req) != Some(Method::TurnStart) || !conn.negotiated {
        return None;
    }
    conn.turns += 1;
    let mut acts = conn.turn(req, &DEFAULT_DELTAS, DEFAULT_TEXT);
    let rest = acts.split_off(2);
    let turn_id = match &acts[0] {
        Act::Send(v) => v["payload"]["turn_id"].as_str().unwrap_or_default().to_owned(),
        _ => String::new(),
    };
    let asked = conn.approval_requested(req, &turn_id, APPROVAL_ID, options(conn));
    acts.push(Act::Send(asked.clone()));
    if deadline {
        // Nobody answered in time: the deadline chose a reject option.
        let reject = option_of(&asked, PermissionKind::RejectOnce).unwrap_or(Value::Null);
        acts.push(Act::Wait(super::SETTLE));
        acts.push(Act::Send(conn.approval_resolved(req, &asked, &reject, ApprovalDecider::Deadline)));
        acts.extend(rest);
    } else {
        conn.pending.push(super::daemon::Pending { event: asked, turn: req.clone(), turn_id, rest });
    }
    Some(acts)
}

fn asking(req: &Value, conn: &mut Conn) -> Option<Vec<Act>> {
    ask(req, conn, example_options, false)
}

fn asking_opaque(req: &Value, conn: &mut Conn) -> Option<Vec<Act>> {
    ask(req, conn, opaque_options, false)
}

fn asking_until_deadline(req: &Value, conn: &mut Conn) -> Option<Vec<Act>> {
    ask(req, conn, example_options, true)
}

/// Asks in every turn as [`asking`] does, but answers the first `approval.respond` of a pending
/// request `approval_option_unknown`: the request stays pending until its deadline resolves it
/// (a reject option) and the turn goes on.
fn refusing_the_option(req: &Value, conn: &mut Conn) -> Option<Vec<Act>> {
    if method_of(req) != Some(Method::ApprovalRespond) || conn.pending.is_empty() {
        return asking(req, conn);
    }
    let pending = conn.pending.remove(0);
    let mut acts = conn.refuse(req, ErrorCode::ApprovalOptionUnknown);
    let reject = option_of(&pending.event, PermissionKind::RejectOnce).unwrap_or(Value::Null);
    acts.push(Act::Wait(super::SETTLE));
    acts.push(Act::Send(conn.approval_resolved(&pending.turn, &pending.event, &reject, ApprovalDecider::Deadline)));
    acts.extend(pending.rest);
    Some(acts)
}

/// The turn another connection started, still running when this one claims the session.
const RUNNING_TURN: &str = "t-running";
const RUNNING_OPERATION: &str = "op-earlier-connection";

/// On `session.claim` of a connection that negotiated the profile: a session whose turn (started
/// earlier by another connection) is running with a request pending. The claim's snapshot shows
/// the turn after its first delta; right after the claim's response comes the pending
/// `approval.requested`; the rest of the turn (the second delta, the terminal) waits for the
/// answer.
fn pending_on_claim(req: &Value, conn: &mut Conn) -> Option<Vec<Act>> {
    if method_of(req) != Some(Method::SessionClaim) || !conn.negotiated {
        return None;
    }
    let [shown, rest_text] = DEFAULT_DELTAS;
    let response = conn.respond(req, |p| {
        p["session_id"] = req["session_id"].clone();
        p["snapshot"]["state"] = json!(SnapshotState::Running.as_str());
        p["snapshot"]["turn"] =
            json!({"turn_id": RUNNING_TURN, "operation_id": RUNNING_OPERATION, "sequence": 1, "assistant_text": shown});
    });
    conn.claim = Some(response["payload"].clone());
    // The turn's events carry the identities of the `turn.start` that began it.
    let turn = json!({"session_id": req["session_id"], "operation_id": RUNNING_OPERATION});
    let asked = conn.approval_requested(&turn, RUNNING_TURN, APPROVAL_ID, example_options(conn));
    let delta = EventName::TurnAssistantDelta.as_str();
    let terminal = EventName::TurnTerminal.as_str();
    let rest = vec![
        Act::Send(conn.turn_event(delta, &turn, RUNNING_TURN, json!({"sequence": 2, "text": rest_text}))),
        Act::Send(conn.turn_event(
            terminal,
            &turn,
            RUNNING_TURN,
            json!({"sequence": 3, "assistant_text": DEFAULT_TEXT, "activity_dropped": 0}),
        )),
    ];
    conn.pending.push(super::daemon::Pending { event: asked.clone(), turn, turn_id: RUNNING_TURN.to_owned(), rest });
    Some(vec![Act::Send(response), Act::Send(asked)])
}

/// The ID of the first option of `kind` that `asked` offered.
fn option_of(asked: &Value, kind: PermissionKind) -> Option<Value> {
    let options = asked["payload"]["options"].as_array()?;
    options.iter().find(|o| o["kind"] == kind.as_str()).map(|o| o["id"].clone())
}

/// Records the scripted daemon sent, in order.
fn sent(run: &Run) -> Vec<Value> {
    run.log()
        .entries()
        .into_iter()
        .filter_map(|e| match e.seen {
            Seen::Sent(v) => Some(v),
            _ => None,
        })
        .collect()
}

/// The `approval.requested` the daemon sent.
fn asked(run: &Run) -> Value {
    let name = agentwire_protocol::EventName::ApprovalRequested.as_str();
    sent(run).into_iter().find(|v| v["event"] == name).unwrap_or(Value::Null)
}

/// The requests of `method` the client sent, on any connection.
fn requests_of(run: &Run, method: Method) -> Vec<Value> {
    (1..=run.log().connections())
        .flat_map(|c| run.log().requests(c))
        .filter(|r| r["method"] == method.as_str())
        .collect()
}

fn profile_requests(run: &Run) -> Vec<(u32, String)> {
    let profile =
        |m: &str| Method::from_wire(m).is_some_and(|m| matches!(m, Method::ProfileNegotiate | Method::ApprovalRespond));
    methods(run).into_iter().filter(|(_, m)| profile(m)).collect()
}

async fn opt_in(run: &mut Run) -> Result<Reply, Failure> {
    run.cmd(json!({"cmd": "opt_in"})).await
}

/// Opts in and reports the terms the daemon sent; negotiates once, before any claim or turn.
async fn opts_in(run: &mut Run) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    let reply = opt_in(run).await?;
    expect_ok("opt_in", &reply)?;
    let negotiated = requests_of(run, Method::ProfileNegotiate);
    ensure!(negotiated.len() == 1, "profile.negotiate was sent {} times", negotiated.len());
    let profile = Profile::Approvals;
    let asked = json!({"profile": profile.as_str(), "version": profile.version()});
    ensure!(
        negotiated[0]["payload"] == asked,
        "profile.negotiate asked {} instead of {asked}",
        negotiated[0]["payload"]
    );
    let terms = sent(run)
        .into_iter()
        .find(|v| v["request_id"] == negotiated[0]["request_id"])
        .map(|v| v["payload"].clone())
        .unwrap_or_default();
    ensure!(
        reply.value["version"] == terms["version"],
        "opt_in reports version {}, the daemon accepted {}",
        reply.value["version"],
        terms["version"]
    );
    ensure!(
        reply.value["limits"] == terms["limits"],
        "opt_in reports limits {}, the daemon's effective ones are {}",
        reply.value["limits"],
        terms["limits"]
    );
    claim_new(run).await?;
    expect_ok("turn", &run.cmd(json!({"cmd": "turn", "prompt": "hi"})).await?)?;
    let order: Vec<String> = methods(run).into_iter().map(|(_, m)| m).collect();
    let at = |m: Method| order.iter().position(|x| x == m.as_str());
    ensure!(
        at(Method::ProfileNegotiate) < at(Method::SessionClaim) && at(Method::SessionClaim).is_some(),
        "profile.negotiate was not sent before session.claim: {order:?}"
    );
    Ok(())
}

/// `opt_in` must fail with `reason`; `code` is the service's when it answered.
fn unavailable(reply: &Reply, reason: &str, code: Option<ErrorCode>) -> Checked {
    ensure!(!reply.ok, "opt_in succeeded: {}", reply.describe());
    ensure!(
        reply.str("reason") == Some(reason),
        "opt_in failed without the typed reason `{reason}`: {}",
        reply.describe()
    );
    if let Some(code) = code {
        ensure!(
            reply.str("code") == Some(code.as_str()),
            "opt_in failed without the code {}: {}",
            code.as_str(),
            reply.describe()
        );
    }
    Ok(())
}

/// No profile offered: `opt_in` fails locally (`not_offered`, nothing sent), and the connection
/// is an ordinary one: a turn runs with no profile request sent.
async fn absent(run: &mut Run) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    unavailable(&opt_in(run).await?, "not_offered", None)?;
    claim_new(run).await?;
    let answer = PermissionKind::AllowOnce.as_str();
    let turn = run.cmd(json!({"cmd": "turn", "prompt": "hi", "answer": answer})).await?;
    expect_ok("turn", &turn)?;
    let sent = profile_requests(run);
    ensure!(sent.is_empty(), "the client sent {sent:?} to a daemon that offers no profile");
    Ok(())
}

/// The daemon refuses the negotiation with `code`: `opt_in` fails with `reason` and the code,
/// sends it once, and the connection goes on as an ordinary one.
async fn refused(run: &mut Run, code: ErrorCode, reason: &str) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    unavailable(&opt_in(run).await?, reason, Some(code))?;
    claim_new(run).await?;
    run.settle().await;
    let n = count(run, Method::ProfileNegotiate);
    ensure!(n == 1, "profile.negotiate was sent {n} times; a refusal is final");
    Ok(())
}

/// Opt in, claim, run a turn answering with the option of `kind`: the client must send one
/// `approval.respond` naming the request and that option, show the request and its resolution,
/// and settle with the terminal's status.
async fn answers(run: &mut Run, kind: PermissionKind) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    expect_ok("opt_in", &opt_in(run).await?)?;
    claim_new(run).await?;
    let turn = run.cmd(json!({"cmd": "turn", "prompt": "hi", "answer": kind.as_str()})).await?;
    expect_ok("turn", &turn)?;
    answered(run, &turn, kind)
}

/// `reply` (of a command that followed a turn answering with the option of `kind`) shows the
/// one request and the person's resolution, settles with the terminal's status, and the client
/// sent one `approval.respond` naming the request and that option.
fn answered(run: &Run, turn: &Reply, kind: PermissionKind) -> Checked {
    let asked = asked(run);
    let option = option_of(&asked, kind).unwrap_or(Value::Null);
    let answers = requests_of(run, Method::ApprovalRespond);
    ensure!(answers.len() == 1, "approval.respond was sent {} times for one request", answers.len());
    let wanted = json!({"approval_id": APPROVAL_ID, "option_id": option});
    ensure!(
        answers[0]["payload"] == wanted,
        "the answer {} is not the offered option of kind {} ({wanted})",
        answers[0]["payload"],
        kind.as_str()
    );
    let shown = turn.value["approvals"].as_array().cloned().unwrap_or_default();
    let p = &asked["payload"];
    let request_shown = shown.len() == 1
        && shown[0]["approval_id"] == p["approval_id"]
        && shown[0]["title"] == p["title"]
        && shown[0]["kind"] == p["kind"]
        && shown[0]["option_kind"] == kind.as_str();
    ensure!(request_shown, "the application showed {shown:?} for the request {p} answered {}", kind.as_str());
    let resolved = turn.value["resolutions"].as_array().cloned().unwrap_or_default();
    let person = resolved.len() == 1
        && resolved[0]["outcome"] == ApprovalOutcome::Selected.as_str()
        && resolved[0]["option_id"] == option
        && resolved[0]["decided_by"] == ApprovalDecider::Person.as_str();
    ensure!(person, "the application showed the resolutions {resolved:?}, not the person's choice of {option}");
    let terminal =
        sent(run).into_iter().rev().find(|v| v["event"] == agentwire_protocol::EventName::TurnTerminal.as_str());
    let status = terminal.map(|t| t["payload"]["status"].clone()).unwrap_or_default();
    ensure!(
        turn.value["status"] == status,
        "the turn settled as {}, not the terminal's {status}",
        turn.value["status"]
    );
    Ok(())
}

/// The deadline decides before the person answers; the person's late answer gets
/// `approval_unknown`, surfaced with its code and not sent again; the connection goes on.
async fn late_answer(run: &mut Run) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    expect_ok("opt_in", &opt_in(run).await?)?;
    claim_new(run).await?;
    let turn = run.cmd(json!({"cmd": "turn", "prompt": "hi"})).await?;
    expect_ok("turn", &turn)?;
    let resolved = turn.value["resolutions"].as_array().cloned().unwrap_or_default();
    let deadline = resolved.len() == 1 && resolved[0]["decided_by"] == ApprovalDecider::Deadline.as_str();
    ensure!(deadline, "the application showed the resolutions {resolved:?}, not the deadline's");
    let option = option_of(&asked(run), PermissionKind::AllowOnce).unwrap_or(Value::Null);
    let late = run.cmd(json!({"cmd": "respond", "approval_id": APPROVAL_ID, "option_id": option})).await?;
    ensure!(!late.ok, "a late answer succeeded: {}", late.describe());
    let code = ErrorCode::ApprovalUnknown.as_str();
    ensure!(late.str("code") == Some(code), "the late answer failed without the code {code}: {}", late.describe());
    expect_ok("status", &run.cmd(json!({"cmd": "status"})).await?)?;
    run.settle().await;
    let n = count(run, Method::ApprovalRespond);
    ensure!(n == 1, "approval.respond was sent {n} times; a refused answer must not be repeated");
    Ok(())
}

/// The daemon refuses the person's answer with `approval_option_unknown`: the turn's reply shows
/// the refusal with its code, the answer was sent once (a refusal is final), the deadline's
/// resolution still reaches the screen, and the connection goes on.
async fn option_unknown(run: &mut Run) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    expect_ok("opt_in", &opt_in(run).await?)?;
    claim_new(run).await?;
    let answer = PermissionKind::AllowOnce.as_str();
    let turn = run.cmd(json!({"cmd": "turn", "prompt": "hi", "answer": answer})).await?;
    expect_ok("turn", &turn)?;
    let code = ErrorCode::ApprovalOptionUnknown.as_str();
    let shown = turn.value["approvals"].as_array().cloned().unwrap_or_default();
    let refused = shown.len() == 1 && shown[0]["code"] == code && shown[0]["option_kind"].is_null();
    ensure!(refused, "the application showed {shown:?}, not the answer refused with the code {code}");
    let resolved = turn.value["resolutions"].as_array().cloned().unwrap_or_default();
    let deadline = resolved.len() == 1 && resolved[0]["decided_by"] == ApprovalDecider::Deadline.as_str();
    ensure!(deadline, "the application showed the resolutions {resolved:?}, not the deadline's");
    expect_ok("status", &run.cmd(json!({"cmd": "status"})).await?)?;
    run.settle().await;
    let n = count(run, Method::ApprovalRespond);
    ensure!(n == 1, "approval.respond was sent {n} times; a refused answer must not be repeated");
    Ok(())
}

/// A phone that slept and came back: the client opts in, takes over a session whose running turn
/// has a request pending, shows the `approval.requested` that follows the claim's response and
/// answers it through the new claim; the turn's reply settles with the terminal's status.
async fn pending_after_take_over(run: &mut Run) -> Checked {
    expect_ok("connect", &run.connect().await?)?;
    expect_ok("opt_in", &opt_in(run).await?)?;
    let created = run.cmd(json!({"cmd": "create"})).await?;
    expect_ok("create", &created)?;
    let session = created.str("session_id").unwrap_or_default().to_owned();
    let kind = PermissionKind::AllowOnce;
    let claim = json!({"cmd": "claim", "session_id": session, "take_over": true, "answer": kind.as_str()});
    let claimed = run.cmd(claim).await?;
    expect_ok("claim", &claimed)?;
    let claims = requests_of(run, Method::SessionClaim);
    let take_over = claims.len() == 1 && claims[0]["payload"]["take_over"] == true;
    ensure!(take_over, "the client did not take the session over once: {claims:?}");
    answered(run, &claimed, kind)?;
    ensure!(
        claimed.value["display"] == DEFAULT_TEXT,
        "the application shows {}, not the terminal's text {DEFAULT_TEXT:?}",
        claimed.value["display"]
    );
    expect_ok("status", &run.cmd(json!({"cmd": "status"})).await?)?;
    Ok(())
}
