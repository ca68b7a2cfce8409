//! The optional `approvals` profile (protocol.toml `[profiles.approvals]`, docs/protocol.md's
//! Profiles chapter): negotiation (absence, rejection, mismatch), delivery, who may answer and
//! when, the deadline, cancel, take-over, the bounds, and the ordinary profile unchanged for a
//! connection that never opts in.
//!
//! Every case but `absence` is skipped when the target's capability object does not offer
//! the profile. The turns that ask run the suite's own scripted agent
//! (`agentwire-conformance acp-agent`, [`crate::acp_agent`]) behind the daemon under test: a
//! prompt `ask-edit` makes it ask to edit a file offering one option of each kind, `flood N`
//! makes it ask N times at once. A target whose turns do not run that agent skips the cases
//! that need it, saying so. The event checker judges every profile event
//! (`EventChecker::approval_event`) and fails any that reaches a connection that did not
//! negotiate.

use super::{control, done, pass, s, BoxFut, Ctx, Run, Scenario};
use crate::acp_agent::ASK_EDIT_OPTIONS;
use crate::events::EventChecker;
use crate::verdict::{Failure, Outcome};
use crate::wire::{Client, Resp};
use agentwire_protocol::{
    limits, ApprovalDecider, ApprovalOutcome, ErrorCode, EventName, Membership, Method, PermissionKind, Profile,
};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const PROFILE: Profile = Profile::Approvals;
/// How long a case waits for a request, an answer's effects or a turn's end.
const WAIT: Duration = Duration::from_secs(30);
/// The longest `approval_deadline_ms` the deadline case waits out.
const LONGEST_DEADLINE_MS: u64 = 30_000;
const ORDINARY: &[Method] = &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart];

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.approvals.absence",
        rule: "A daemon that offers no profile omits `profiles` and answers `profile.negotiate` like any unknown method, `unsupported_operation`; one that offers other profiles leaves this one out of `profiles` and rejects it (`profile_unsupported`). ... A connection that never negotiates gets the ordinary profile: `approval.respond` answers `unsupported_operation`",
        requires: &[Method::SessionCreate, Method::SessionClaim],
        run: absence,
    },
    Scenario {
        id: "scenario.approvals.negotiate",
        rule: "The answer names the accepted version, the profile's operations and events, and its limits with their effective values ... Negotiating the version already negotiated again answers the same result.",
        requires: &[],
        run: negotiate_case,
    },
    Scenario {
        id: "scenario.approvals.rejection",
        rule: "An unknown profile name or a version the daemon does not offer answers `profile_unsupported`; the connection's state is unchanged.",
        requires: &[Method::SessionCreate, Method::SessionClaim],
        run: rejection,
    },
    Scenario {
        id: "scenario.approvals.mismatch",
        rule: "A connection that already negotiated another version of the profile, or that claimed a session before negotiating, gets `profile_mismatch` and nothing changes.",
        requires: &[Method::SessionCreate, Method::SessionClaim],
        run: mismatch,
    },
    Scenario {
        id: "scenario.approvals.delivery",
        rule: "delivered as an event to every opted-in connection attached to the session (the call, title, kind, bounded arguments, the proposed change ..., the offered options with their kinds), and the turn waits",
        requires: ORDINARY,
        run: delivery,
    },
    Scenario {
        id: "scenario.approvals.non_controller",
        rule: "Only the session's controller may answer, with one of the offered options.",
        requires: ORDINARY,
        run: non_controller,
    },
    Scenario {
        id: "scenario.approvals.first_answer_wins",
        rule: "The first valid answer wins; a second ... gets a defined error and changes nothing.",
        requires: ORDINARY,
        run: first_answer_wins,
    },
    Scenario {
        id: "scenario.approvals.unknown_and_late",
        rule: "`approval_unknown`: unknown, second or late answer; changes nothing. `approval_option_unknown`: The option ID is not one of the pending approval's options; nothing changed and the approval stays pending.",
        requires: ORDINARY,
        run: unknown_and_late,
    },
    Scenario {
        id: "scenario.approvals.deadline",
        rule: "when it passes, the answer is reject, never allow, and the stream and the resolved event say that the deadline answered, not the person",
        requires: ORDINARY,
        run: deadline,
    },
    Scenario {
        id: "scenario.approvals.cancel_pending",
        rule: "`turn.cancel` while a request is pending answers the agent `cancelled`, ends the call cancelled and the turn cancelled.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::TurnCancel],
        run: cancel_pending,
    },
    Scenario {
        id: "scenario.approvals.take_over",
        rule: "a connection that claims or takes over the session receives the pending requests and can answer them",
        requires: ORDINARY,
        run: take_over,
    },
    Scenario {
        id: "scenario.approvals.disconnect",
        rule: "The controller disconnecting does not answer. The request stays pending until its deadline; a connection that claims ... the session receives the pending requests and can answer them",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionStatus, Method::TurnStart],
        run: disconnect,
    },
    Scenario {
        id: "scenario.approvals.bounds",
        rule: "Pending requests are bounded per session and per daemon (advertised): an agent flooding requests gets rejections past the bound, the daemon's memory stays bounded, nothing hangs.",
        requires: ORDINARY,
        run: bounds,
    },
    Scenario {
        id: "scenario.approvals.daemon_bound",
        rule: "`max_pending_approvals`: Approvals pending at once in the daemon, below what max_active_turns sessions at their per-session bound could hold, so it binds; past it a new request is answered reject by the policy at once.",
        requires: ORDINARY,
        run: daemon_bound,
    },
    Scenario {
        id: "scenario.approvals.ordinary_unchanged",
        rule: "An `ask` request while no connection that opted in controls the session is answered at once as the policy's fallback (reject), recorded as today: a client that never opted in never waits. ... the profile's events are never sent to it",
        requires: ORDINARY,
        run: ordinary_unchanged,
    },
];

// ----- helpers ---------------------------------------------------------------------------------

/// The versions of the profile the target's capability object offers (empty: not offered).
fn offered(cx: &Ctx) -> Vec<u64> {
    cx.adv.profile_versions(PROFILE.as_str())
}

/// `None` when the target offers the profile's version; else the skip.
fn unless_offered(cx: &Ctx) -> Option<Run> {
    let version = u64::from(PROFILE.version());
    (!offered(cx).contains(&version)).then(|| {
        Ok(Outcome::skipped(format!(
            "the target does not offer the `{PROFILE}` profile version {version} (the capability object's `profiles`)"
        )))
    })
}

/// The target's turns do not run the suite's agent: the case cannot make it ask. `text` is
/// what the turn said instead (its start, in the reason).
fn no_agent(text: &str) -> Run {
    let start: String = text.chars().take(60).collect();
    let more = if start.len() < text.len() { "…" } else { "" };
    Ok(Outcome::skipped(format!(
        "the target's turns do not run `agentwire-conformance acp-agent` (a scripted turn ended saying {start:?}{more}); configure it as conformance/README.md, Approvals, says"
    )))
}

async fn negotiate(c: &mut Client, profile: &str, version: u64) -> Result<Resp, Failure> {
    c.read(Method::ProfileNegotiate.as_str(), None, json!({"profile": profile, "version": version})).await
}

/// A connection that negotiated the profile, with the negotiation's answer.
async fn opted_in(cx: &Ctx) -> Result<(Client, Value), Failure> {
    let mut c = cx.client().await?;
    let r = negotiate(&mut c, PROFILE.as_str(), PROFILE.version().into()).await?;
    let terms = r.ok(Method::ProfileNegotiate.as_str())?.clone();
    Ok((c, terms))
}

fn limit(terms: &Value, name: &str) -> Result<u64, Failure> {
    terms["limits"][name]
        .as_u64()
        .filter(|n| *n > 0)
        .ok_or_else(|| Failure::new(format!("the negotiated limits give no positive `{name}`: {terms}")))
}

/// `approval.respond` under `claim`'s control.
async fn respond(c: &mut Client, sid: &str, claim: &Value, approval: &str, option: &str) -> Result<Resp, Failure> {
    let env = c.request(
        Method::ApprovalRespond.as_str(),
        Some(sid),
        None,
        Some(control(claim)),
        json!({"approval_id": approval, "option_id": option}),
    );
    c.call(&env).await
}

/// A new session claimed by `c`: its ID and the claim's payload.
async fn session(cx: &Ctx, c: &mut Client, tag: &str) -> Result<(String, Value), Failure> {
    let sid = cx.create(c, &format!("{tag}-create")).await?;
    let claim = cx.claim(c, &sid, &format!("{tag}-claim"), false).await?;
    Ok((sid, claim))
}

async fn start(cx: &Ctx, c: &mut Client, sid: &str, claim: &Value, prompt: &str, tag: &str) -> Result<String, Failure> {
    let r = c
        .mutate(
            Method::TurnStart.as_str(),
            Some(sid),
            &cx.op(&format!("{tag}-turn")),
            Some(control(claim)),
            json!({"prompt": prompt}),
        )
        .await?;
    Ok(s(r.ok(Method::TurnStart.as_str())?, "turn_id")?.to_owned())
}

fn is(ev: &Value, name: EventName) -> bool {
    ev["event"] == name.as_str()
}

/// The payloads of the `name` events of `turn` this connection received.
fn payloads(events: &EventChecker, name: EventName, turn: &str) -> Vec<Value> {
    events
        .profile_events
        .iter()
        .filter(|e| is(e, name) && e["payload"]["turn_id"] == turn)
        .map(|e| e["payload"].clone())
        .collect()
}

fn terminal_text(t: &Value) -> &str {
    t["assistant_text"].as_str().unwrap_or("")
}

/// Starts an `ask-edit` turn and waits for its `approval.requested`: the turn ID and the
/// payload; `Err(text)` when the turn ended without asking and was not the suite's agent.
async fn ask_edit(
    cx: &Ctx,
    c: &mut Client,
    sid: &str,
    claim: &Value,
    tag: &str,
) -> Result<Result<(String, Value), String>, Failure> {
    let turn = start(cx, c, sid, claim, "ask-edit turn debugging on", tag).await?;
    c.until("approval.requested or the turn's terminal", WAIT, |e| {
        !payloads(e, EventName::ApprovalRequested, &turn).is_empty() || e.terminal(&turn).is_some()
    })
    .await?;
    if let Some(asked) = payloads(&c.events, EventName::ApprovalRequested, &turn).into_iter().next() {
        return Ok(Ok((turn, asked)));
    }
    let text = c.events.terminal(&turn).map(terminal_text).unwrap_or_default().to_owned();
    crate::ensure!(
        !text.starts_with("Answer:"),
        "the suite's agent asked, but the opted-in controller got no `approval.requested` before the turn ended: {text:?}"
    );
    Ok(Err(text))
}

/// The ID of the offered option of `kind`.
fn option(asked: &Value, kind: PermissionKind) -> Result<String, Failure> {
    let options = asked["options"].as_array().into_iter().flatten();
    let found = options.into_iter().find(|o| o["kind"] == kind.as_str());
    found
        .and_then(|o| o["id"].as_str())
        .map(str::to_owned)
        .ok_or_else(|| Failure::new(format!("no offered option of kind `{kind}`: {}", asked["options"])))
}

/// Waits for the `approval.resolved` of `approval`.
async fn resolved(c: &mut Client, approval: &str, wait: Duration) -> Result<Value, Failure> {
    let find = |e: &EventChecker| {
        e.profile_events
            .iter()
            .find(|e| is(e, EventName::ApprovalResolved) && e["payload"]["approval_id"] == approval)
            .map(|e| e["payload"].clone())
    };
    c.until(&format!("approval.resolved of {approval}"), wait, |e| find(e).is_some()).await?;
    find(&c.events).ok_or_else(|| Failure::new("approval.resolved vanished"))
}

/// The resolution must be `outcome` by `decided_by` (and the option, when one was chosen).
fn expect_resolution(
    r: &Value,
    outcome: ApprovalOutcome,
    decided_by: ApprovalDecider,
    option: Option<&str>,
) -> Result<(), Failure> {
    let want = (json!(outcome.as_str()), json!(decided_by.as_str()), json!(option));
    let got = (r["outcome"].clone(), r["decided_by"].clone(), r["option_id"].clone());
    crate::ensure!(got == want, "approval.resolved says (outcome, decided_by, option_id) {got:?}, not {want:?}");
    Ok(())
}

/// The turn's terminal, with the status it must have and the text the agent said.
async fn ends(c: &mut Client, turn: &str, status: &str, said: Option<&str>) -> Result<Value, Failure> {
    let t = c.until_terminal(turn, WAIT).await?;
    crate::ensure!(t["status"] == status, "the turn ended {}, not {status}: {t}", t["status"]);
    if let Some(said) = said {
        crate::ensure!(terminal_text(&t).contains(said), "the agent did not get the expected answer ({said:?}): {t}");
    }
    Ok(t)
}

// ----- negotiation -----------------------------------------------------------------------------

fn absence(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        // The ordinary advertisement lists no item of a profile.
        for op in &cx.adv.operations {
            let membership = Method::from_wire(op).map(Method::membership);
            crate::ensure!(
                membership.is_none_or(|m| m == Membership::Ordinary),
                "the ordinary `operations` list the profile machinery's `{op}`"
            );
        }
        for ev in &cx.adv.events {
            let membership = EventName::from_wire(ev).map(EventName::membership);
            crate::ensure!(
                membership.is_none_or(|m| m == Membership::Ordinary),
                "the ordinary `events` list the profile event `{ev}`"
            );
        }
        if let Some(profiles) = cx.adv.capabilities.get("profiles") {
            let list =
                profiles.as_array().ok_or_else(|| Failure::new(format!("`profiles` is not an array: {profiles}")))?;
            crate::ensure!(
                !list.is_empty() && list.len() as u64 <= limits::MAX_NEGOTIATION_ITEMS,
                "`profiles` has {} entries, not 1..=max_negotiation_items (present only when a profile is offered)",
                list.len()
            );
            for p in list {
                s(p, "name")?;
                // Its item bound is the preflight's structural one (`max_array_items`).
                let versions = p["versions"].as_array().filter(|v| !v.is_empty());
                let ok = versions.is_some_and(|v| v.iter().all(|x| x.as_u64().is_some_and(|n| n >= 1)));
                crate::ensure!(
                    ok,
                    "a `profiles` entry's `versions` is not a nonempty list of versions of at least 1: {p}"
                );
            }
        }
        if offered(cx).is_empty() {
            // A daemon that offers no profile: negotiation is an unknown method; one that
            // offers others rejects this one.
            let mut fresh = cx.client().await?;
            let r = negotiate(&mut fresh, PROFILE.as_str(), PROFILE.version().into()).await?;
            if cx.adv.capabilities.get("profiles").is_some() {
                r.err(ErrorCode::ProfileUnsupported.as_str(), "profile.negotiate of a profile the daemon leaves out")?;
            } else {
                r.err(
                    ErrorCode::UnsupportedOperation.as_str(),
                    "profile.negotiate on a daemon that offers no profile",
                )?;
            }
            done(fresh).await?;
        }
        // A connection that never negotiates: the profile's operation is an unknown method.
        let mut c = cx.client().await?;
        let (sid, claim) = session(cx, &mut c, "ap-absence").await?;
        let r = respond(&mut c, &sid, &claim, "ap-conformance-1", "allow").await?;
        r.err(ErrorCode::UnsupportedOperation.as_str(), "approval.respond on a connection that did not negotiate")?;
        done(c).await?;
        pass()
    })
}

fn negotiate_case(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut c, terms) = opted_in(cx).await?;
        crate::ensure!(
            terms["profile"] == PROFILE.as_str() && terms["version"] == PROFILE.version(),
            "the answer names another profile or version: {terms}"
        );
        let names = |m: &str| -> Vec<String> {
            terms[m].as_array().into_iter().flatten().filter_map(|x| x.as_str().map(str::to_owned)).collect()
        };
        let mut ops = names("operations");
        ops.sort_unstable();
        let mut want_ops: Vec<String> = PROFILE.operations().iter().map(|m| m.as_str().to_owned()).collect();
        want_ops.sort_unstable();
        crate::ensure!(ops == want_ops, "the answer's operations are {ops:?}, the profile's {want_ops:?}");
        let mut evs = names("events");
        evs.sort_unstable();
        let mut want_evs: Vec<String> = PROFILE.events().iter().map(|e| e.as_str().to_owned()).collect();
        want_evs.sort_unstable();
        crate::ensure!(evs == want_evs, "the answer's events are {evs:?}, the profile's {want_evs:?}");
        for l in PROFILE.limits() {
            let value = limit(&terms, l.name)?;
            // What bounds what the daemon sends must fit the runner's own bound.
            crate::ensure!(
                !l.bounds_output || value <= l.value,
                "`{}` is {value}, above the spec's {} that bounds what a daemon sends",
                l.name,
                l.value
            );
        }
        let again = negotiate(&mut c, PROFILE.as_str(), PROFILE.version().into()).await?;
        crate::ensure!(
            again.ok("profile.negotiate again")? == &terms,
            "negotiating the same version again answered {} after {terms}",
            again.payload()
        );
        done(c).await?;
        pass()
    })
}

fn rejection(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let unsupported = ErrorCode::ProfileUnsupported.as_str();
        let not_offered = offered(cx).into_iter().max().unwrap_or(0) + 1;
        let mut c = cx.client().await?;
        negotiate(&mut c, "no_such_profile", 1).await?.err(unsupported, "profile.negotiate of an unknown profile")?;
        negotiate(&mut c, PROFILE.as_str(), not_offered)
            .await?
            .err(unsupported, "profile.negotiate of a version not offered")?;
        // Unchanged: not opted in (the profile's operation is still unknown) ...
        let mut other = cx.client().await?;
        negotiate(&mut other, "no_such_profile", 1)
            .await?
            .err(unsupported, "profile.negotiate of an unknown profile")?;
        let (sid, claim) = session(cx, &mut other, "ap-rejection").await?;
        respond(&mut other, &sid, &claim, "ap-conformance-1", "allow")
            .await?
            .err(ErrorCode::UnsupportedOperation.as_str(), "approval.respond after a rejected negotiation")?;
        // ... and nothing negotiated: the offered version is still accepted, not a mismatch.
        negotiate(&mut c, PROFILE.as_str(), PROFILE.version().into())
            .await?
            .ok("profile.negotiate of the offered version after two rejections")?;
        done(other).await?;
        done(c).await?;
        pass()
    })
}

fn mismatch(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let mismatch = ErrorCode::ProfileMismatch.as_str();
        // Claimed a session before negotiating.
        let mut c = cx.client().await?;
        let (sid, claim) = session(cx, &mut c, "ap-mismatch").await?;
        negotiate(&mut c, PROFILE.as_str(), PROFILE.version().into())
            .await?
            .err(mismatch, "profile.negotiate after claiming a session")?;
        respond(&mut c, &sid, &claim, "ap-conformance-1", "allow")
            .await?
            .err(ErrorCode::UnsupportedOperation.as_str(), "approval.respond after a mismatched negotiation")?;
        done(c).await?;
        // Another version after one was negotiated (only when the target offers two).
        let (mut o, terms) = opted_in(cx).await?;
        let version = u64::from(PROFILE.version());
        if let Some(other) = offered(cx).into_iter().find(|v| *v != version) {
            negotiate(&mut o, PROFILE.as_str(), other).await?.err(mismatch, "profile.negotiate of another version")?;
            let again = negotiate(&mut o, PROFILE.as_str(), version).await?;
            crate::ensure!(again.ok("profile.negotiate again")? == &terms, "the mismatch changed the negotiated terms");
        }
        done(o).await?;
        pass()
    })
}

// ----- who answers, and when -------------------------------------------------------------------

fn delivery(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut c, _) = opted_in(cx).await?;
        let (sid, claim) = session(cx, &mut c, "ap-delivery").await?;
        let (turn, asked) = match ask_edit(cx, &mut c, &sid, &claim, "ap-delivery").await? {
            Ok(x) => x,
            Err(text) => return no_agent(&text),
        };
        crate::ensure!(asked["session_id"] == sid.as_str(), "approval.requested names another session: {asked}");
        crate::ensure!(asked["kind"] == "edit", "the call's kind is {}, the agent said edit", asked["kind"]);
        crate::ensure!(
            asked["title"].as_str().is_some_and(|t| t.contains("config.toml")),
            "the title is not the agent's: {}",
            asked["title"]
        );
        let change = &asked["change"];
        crate::ensure!(
            change["type"] == "diff"
                && change["path"] == "/w/config.toml"
                && change["old_text"] == "debug = false\n"
                && change["new_text"] == "debug = true\n",
            "the proposed change is not the agent's diff: {change}"
        );
        crate::ensure!(
            asked["arguments"].as_str().is_some_and(|a| a.contains("config.toml")),
            "the arguments are not the agent's: {}",
            asked["arguments"]
        );
        // Every offered option with its own ID, label and kind, none invented or dropped.
        let options = asked["options"].as_array().map(Vec::as_slice).unwrap_or_default();
        crate::ensure!(options.len() == ASK_EDIT_OPTIONS.len(), "{} options, the agent offered 4", options.len());
        for (o, (id, name, _)) in options.iter().zip(ASK_EDIT_OPTIONS) {
            crate::ensure!(o["id"] == id && o["label"] == name, "option {o} is not the agent's {id} ({name})");
        }
        let kinds: Vec<&str> = options.iter().filter_map(|o| o["kind"].as_str()).collect();
        let want = [
            PermissionKind::AllowOnce,
            PermissionKind::AllowAlways,
            PermissionKind::RejectOnce,
            PermissionKind::RejectAlways,
        ];
        crate::ensure!(
            kinds == want.map(PermissionKind::as_str),
            "the options' kinds are {kinds:?}, the agent offered one of each in order"
        );
        // "the turn waits": nothing more of it until the answer.
        c.sync().await?;
        crate::ensure!(c.events.terminal(&turn).is_none(), "the turn ended while its request was pending");
        let allow = option(&asked, PermissionKind::AllowOnce)?;
        let approval = s(&asked, "approval_id")?.to_owned();
        let r = respond(&mut c, &sid, &claim, &approval, &allow).await?;
        let answer = r.ok(Method::ApprovalRespond.as_str())?;
        let want =
            json!({"approval_id": approval, "option_id": allow, "option_kind": PermissionKind::AllowOnce.as_str()});
        crate::ensure!(answer == &want, "approval.respond answered {answer}, not {want}");
        let r = resolved(&mut c, &approval, WAIT).await?;
        expect_resolution(&r, ApprovalOutcome::Selected, ApprovalDecider::Person, Some(&allow))?;
        crate::ensure!(r["option_kind"] == PermissionKind::AllowOnce.as_str(), "resolved option_kind: {r}");
        ends(&mut c, &turn, "completed", Some(&format!("Answer: {allow}."))).await?;
        done(c).await?;
        pass()
    })
}

fn non_controller(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut c, _) = opted_in(cx).await?;
        let (mut other, _) = opted_in(cx).await?;
        let (sid, claim) = session(cx, &mut c, "ap-nonctl").await?;
        let (turn, asked) = match ask_edit(cx, &mut c, &sid, &claim, "ap-nonctl").await? {
            Ok(x) => x,
            Err(text) => return no_agent(&text),
        };
        let approval = s(&asked, "approval_id")?.to_owned();
        let allow = option(&asked, PermissionKind::AllowOnce)?;
        let reject = option(&asked, PermissionKind::RejectOnce)?;
        // Another opted-in connection, presenting the controller's control proof.
        let r = respond(&mut other, &sid, &claim, &approval, &allow).await?;
        let refused = [ErrorCode::ControlRequired.as_str(), ErrorCode::StaleGrant.as_str()];
        crate::ensure!(
            r.code().is_some_and(|c| refused.contains(&c)),
            "approval.respond by a connection that does not control the session: expected control_required or stale_grant, got {}",
            r.0
        );
        // Refused and nothing changed: the controller's answer is still the first.
        respond(&mut c, &sid, &claim, &approval, &reject).await?.ok("the controller's approval.respond")?;
        let r = resolved(&mut c, &approval, WAIT).await?;
        expect_resolution(&r, ApprovalOutcome::Selected, ApprovalDecider::Person, Some(&reject))?;
        ends(&mut c, &turn, "completed", Some(&format!("Answer: {reject}."))).await?;
        // The other connection got none of the session's events (its checker refuses them).
        done(other).await?;
        done(c).await?;
        pass()
    })
}

fn first_answer_wins(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut c, _) = opted_in(cx).await?;
        let (sid, claim) = session(cx, &mut c, "ap-first").await?;
        let (turn, asked) = match ask_edit(cx, &mut c, &sid, &claim, "ap-first").await? {
            Ok(x) => x,
            Err(text) => return no_agent(&text),
        };
        let approval = s(&asked, "approval_id")?.to_owned();
        let reject = option(&asked, PermissionKind::RejectOnce)?;
        let allow = option(&asked, PermissionKind::AllowAlways)?;
        respond(&mut c, &sid, &claim, &approval, &reject).await?.ok("the first approval.respond")?;
        respond(&mut c, &sid, &claim, &approval, &allow)
            .await?
            .err(ErrorCode::ApprovalUnknown.as_str(), "a second approval.respond")?;
        let r = resolved(&mut c, &approval, WAIT).await?;
        expect_resolution(&r, ApprovalOutcome::Selected, ApprovalDecider::Person, Some(&reject))?;
        ends(&mut c, &turn, "completed", Some(&format!("Answer: {reject}."))).await?;
        // One resolution (the event checker refuses a second).
        done(c).await?;
        pass()
    })
}

fn unknown_and_late(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut c, _) = opted_in(cx).await?;
        let (sid, claim) = session(cx, &mut c, "ap-unknown").await?;
        let (turn, asked) = match ask_edit(cx, &mut c, &sid, &claim, "ap-unknown").await? {
            Ok(x) => x,
            Err(text) => return no_agent(&text),
        };
        let approval = s(&asked, "approval_id")?.to_owned();
        let allow = option(&asked, PermissionKind::AllowOnce)?;
        let unknown = ErrorCode::ApprovalUnknown.as_str();
        respond(&mut c, &sid, &claim, "ap-conformance-unknown", &allow)
            .await?
            .err(unknown, "approval.respond naming an unknown approval")?;
        respond(&mut c, &sid, &claim, &approval, "no-such-option")
            .await?
            .err(ErrorCode::ApprovalOptionUnknown.as_str(), "approval.respond naming an option not offered")?;
        // The approval stays pending and answerable.
        respond(&mut c, &sid, &claim, &approval, &allow).await?.ok("approval.respond after the refusals")?;
        let r = resolved(&mut c, &approval, WAIT).await?;
        expect_resolution(&r, ApprovalOutcome::Selected, ApprovalDecider::Person, Some(&allow))?;
        ends(&mut c, &turn, "completed", Some(&format!("Answer: {allow}."))).await?;
        respond(&mut c, &sid, &claim, &approval, &allow).await?.err(unknown, "a late approval.respond")?;
        done(c).await?;
        pass()
    })
}

fn deadline(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut c, terms) = opted_in(cx).await?;
        let deadline = limit(&terms, "approval_deadline_ms")?;
        if deadline > LONGEST_DEADLINE_MS {
            return Ok(Outcome::skipped(format!(
                "the target's approval_deadline_ms is {deadline} ms; this case waits out at most {LONGEST_DEADLINE_MS} ms (configure a shorter one: conformance/README.md, Approvals)"
            )));
        }
        let (sid, claim) = session(cx, &mut c, "ap-deadline").await?;
        let (turn, asked) = match ask_edit(cx, &mut c, &sid, &claim, "ap-deadline").await? {
            Ok(x) => x,
            Err(text) => return no_agent(&text),
        };
        let seen = Instant::now();
        let approval = s(&asked, "approval_id")?.to_owned();
        let r = resolved(&mut c, &approval, Duration::from_millis(deadline) + WAIT).await?;
        let waited = seen.elapsed().as_millis() as u64;
        // The request was made shortly before it reached this connection; a second of slack.
        crate::ensure!(
            waited + 1000 >= deadline,
            "the deadline answered after {waited} ms, before the advertised {deadline} ms"
        );
        crate::ensure!(
            r["decided_by"] == ApprovalDecider::Deadline.as_str(),
            "approval.resolved says {} decided, not the deadline: {r}",
            r["decided_by"]
        );
        // Reject, never allow: a reject option (offered here), chosen by its kind.
        let kind = r["option_kind"].as_str().and_then(PermissionKind::from_wire);
        crate::ensure!(
            matches!(kind, Some(PermissionKind::RejectOnce | PermissionKind::RejectAlways))
                && r["outcome"] == ApprovalOutcome::Selected.as_str(),
            "the deadline did not answer with an offered reject option: {r}"
        );
        let chosen = s(&r, "option_id")?.to_owned();
        ends(&mut c, &turn, "completed", Some(&format!("Answer: {chosen}."))).await?;
        respond(&mut c, &sid, &claim, &approval, &option(&asked, PermissionKind::AllowOnce)?)
            .await?
            .err(ErrorCode::ApprovalUnknown.as_str(), "an answer after the deadline decided")?;
        done(c).await?;
        pass()
    })
}

fn cancel_pending(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut c, _) = opted_in(cx).await?;
        let (sid, claim) = session(cx, &mut c, "ap-cancel").await?;
        let (turn, asked) = match ask_edit(cx, &mut c, &sid, &claim, "ap-cancel").await? {
            Ok(x) => x,
            Err(text) => return no_agent(&text),
        };
        let approval = s(&asked, "approval_id")?.to_owned();
        let r = c
            .mutate(
                Method::TurnCancel.as_str(),
                Some(&sid),
                &cx.op("ap-cancel-cancel"),
                Some(control(&claim)),
                json!({"turn_id": turn}),
            )
            .await?;
        r.ok("turn.cancel while a request is pending")?;
        let r = resolved(&mut c, &approval, WAIT).await?;
        expect_resolution(&r, ApprovalOutcome::Cancelled, ApprovalDecider::Cancel, None)?;
        let t = ends(&mut c, &turn, "cancelled", None).await?;
        crate::ensure!(!terminal_text(&t).contains("Answer:"), "the agent was given an option, not cancelled: {t}");
        respond(&mut c, &sid, &claim, &approval, &option(&asked, PermissionKind::AllowOnce)?)
            .await?
            .err(ErrorCode::ApprovalUnknown.as_str(), "an answer after the cancel")?;
        done(c).await?;
        pass()
    })
}

/// "one `approval.requested` for each": `c` received `approval`'s request exactly once.
fn once(c: &Client, approval: &str) -> Result<(), Failure> {
    let n = c
        .events
        .profile_events
        .iter()
        .filter(|e| is(e, EventName::ApprovalRequested) && e["payload"]["approval_id"] == approval)
        .count();
    crate::ensure!(n == 1, "the claimant received approval.requested of {approval} {n} times, not once");
    Ok(())
}

/// Waits for `c`'s `approval.requested` of `approval` (after a claim).
async fn redelivered(c: &mut Client, approval: &str) -> Result<Value, Failure> {
    let find = |e: &EventChecker| {
        e.profile_events
            .iter()
            .find(|e| is(e, EventName::ApprovalRequested) && e["payload"]["approval_id"] == approval)
            .map(|e| e["payload"].clone())
    };
    c.until("the pending approval.requested after the claim", WAIT, |e| find(e).is_some()).await?;
    find(&c.events).ok_or_else(|| Failure::new("approval.requested vanished"))
}

fn take_over(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut a, _) = opted_in(cx).await?;
        let (sid, claim) = session(cx, &mut a, "ap-take").await?;
        let (turn, asked) = match ask_edit(cx, &mut a, &sid, &claim, "ap-take").await? {
            Ok(x) => x,
            Err(text) => return no_agent(&text),
        };
        let approval = s(&asked, "approval_id")?.to_owned();
        let (mut b, _) = opted_in(cx).await?;
        let taken = cx.claim(&mut b, &sid, "ap-take-over", true).await?;
        let again = redelivered(&mut b, &approval).await?;
        crate::ensure!(again == asked, "the request delivered after the take-over differs: {again} vs {asked}");
        // The old controller may no longer answer.
        let reject = option(&again, PermissionKind::RejectOnce)?;
        let r = respond(&mut a, &sid, &claim, &approval, &reject).await?;
        r.err(ErrorCode::StaleGrant.as_str(), "approval.respond under the grant the take-over revoked")?;
        respond(&mut b, &sid, &taken, &approval, &reject).await?.ok("approval.respond by the new controller")?;
        let r = resolved(&mut b, &approval, WAIT).await?;
        expect_resolution(&r, ApprovalOutcome::Selected, ApprovalDecider::Person, Some(&reject))?;
        ends(&mut b, &turn, "completed", Some(&format!("Answer: {reject}."))).await?;
        once(&b, &approval)?;
        done(a).await?;
        done(b).await?;
        pass()
    })
}

fn disconnect(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut a, _) = opted_in(cx).await?;
        let (sid, claim) = session(cx, &mut a, "ap-gone").await?;
        let (turn, asked) = match ask_edit(cx, &mut a, &sid, &claim, "ap-gone").await? {
            Ok(x) => x,
            Err(text) => return no_agent(&text),
        };
        let approval = s(&asked, "approval_id")?.to_owned();
        drop(a);
        let (mut b, _) = opted_in(cx).await?;
        // Wait for the disconnect to revoke the grant, then claim without taking over.
        let mut released = false;
        for _ in 0..100 {
            let r = b.read(Method::SessionStatus.as_str(), Some(&sid), json!({})).await?;
            if r.ok(Method::SessionStatus.as_str())?["controlled"] == false {
                released = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        crate::ensure!(released, "the session stayed controlled after its controller disconnected");
        let claim = cx.claim(&mut b, &sid, "ap-gone-reclaim", false).await?;
        redelivered(&mut b, &approval).await?;
        let allow = option(&asked, PermissionKind::AllowOnce)?;
        respond(&mut b, &sid, &claim, &approval, &allow).await?.ok("approval.respond after the controller left")?;
        // The person decided: the disconnect had answered nothing.
        let r = resolved(&mut b, &approval, WAIT).await?;
        expect_resolution(&r, ApprovalOutcome::Selected, ApprovalDecider::Person, Some(&allow))?;
        ends(&mut b, &turn, "completed", Some(&format!("Answer: {allow}."))).await?;
        once(&b, &approval)?;
        done(b).await?;
        pass()
    })
}

fn bounds(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut c, terms) = opted_in(cx).await?;
        let bound = limit(&terms, "max_pending_approvals_per_session")?;
        let asks = (bound + 3).min(crate::acp_agent::MAX_FLOOD as u64);
        crate::ensure!(asks > bound, "max_pending_approvals_per_session {bound} is above what the agent can flood");
        let (sid, claim) = session(cx, &mut c, "ap-bounds").await?;
        let turn = start(cx, &mut c, &sid, &claim, &format!("flood {asks}"), "ap-bounds").await?;
        let count = |e: &EventChecker| payloads(e, EventName::ApprovalRequested, &turn).len() as u64;
        c.until("the bound's worth of approval.requested, or the turn's terminal", WAIT, |e| {
            count(e) >= bound || e.terminal(&turn).is_some()
        })
        .await?;
        if count(&c.events) == 0 {
            let text = c.events.terminal(&turn).map(terminal_text).unwrap_or_default().to_owned();
            crate::ensure!(
                !text.starts_with("Answers:"),
                "the agent asked, the opted-in controller was never asked: {text:?}"
            );
            return no_agent(&text);
        }
        // Past the bound the policy answered at once: no more requests while these wait.
        c.sync().await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        c.sync().await?;
        crate::ensure!(
            count(&c.events) == bound,
            "{} requests were pending at once, the advertised bound is {bound}",
            count(&c.events)
        );
        crate::ensure!(c.events.terminal(&turn).is_none(), "the turn ended with requests pending");
        for asked in payloads(&c.events, EventName::ApprovalRequested, &turn) {
            let approval = s(&asked, "approval_id")?.to_owned();
            let allow = option(&asked, PermissionKind::AllowOnce)?;
            respond(&mut c, &sid, &claim, &approval, &allow).await?.ok("approval.respond within the bound")?;
        }
        let t = ends(&mut c, &turn, "completed", None).await?;
        let text = terminal_text(&t);
        let answers: Vec<&str> = text.trim_start_matches("Answers: ").trim_end_matches('.').split(',').collect();
        let yes = answers.iter().filter(|a| **a == "yes").count() as u64;
        let no = answers.iter().filter(|a| **a == "no").count() as u64;
        crate::ensure!(
            (yes, no) == (bound, asks - bound),
            "the agent's {asks} requests got {yes} allows and {no} rejections ({text:?}), not {bound} and {}",
            asks - bound
        );
        done(c).await?;
        pass()
    })
}

/// The answers a `flood` turn's agent says it got (`Answers: yes,no,….`).
fn flood_answers(t: &Value) -> Vec<String> {
    let text = terminal_text(t);
    text.trim_start_matches("Answers: ").trim_end_matches('.').split(',').map(str::to_owned).collect()
}

fn daemon_bound(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        let (mut c, terms) = opted_in(cx).await?;
        let per_session = limit(&terms, "max_pending_approvals_per_session")?;
        let per_daemon = limit(&terms, "max_pending_approvals")?;
        // Sessions at their per-session bound that together fill the daemon's, and one more.
        let full = per_daemon.div_ceil(per_session);
        let turns = cx.adv.limit("max_active_turns");
        crate::ensure!(
            full < turns,
            "max_pending_approvals {per_daemon} does not bind: {turns} turns at {per_session} each hold no more"
        );
        crate::ensure!(per_session as usize <= crate::acp_agent::MAX_FLOOD, "the agent cannot flood {per_session}");
        let mut waiting = Vec::new();
        for i in 0..full {
            let asks = per_session.min(per_daemon - i * per_session);
            let tag = format!("ap-daemon-{i}");
            let (sid, claim) = session(cx, &mut c, &tag).await?;
            let turn = start(cx, &mut c, &sid, &claim, &format!("flood {asks}"), &tag).await?;
            c.until("the session's bound's worth of approval.requested, or the turn's terminal", WAIT, |e| {
                payloads(e, EventName::ApprovalRequested, &turn).len() as u64 >= asks || e.terminal(&turn).is_some()
            })
            .await?;
            if let Some(t) = c.events.terminal(&turn) {
                let text = terminal_text(t).to_owned();
                crate::ensure!(
                    !text.starts_with("Answers:"),
                    "session {i}'s {asks} requests were answered before the daemon's bound of {per_daemon} was reached (another case's requests still pending?): {text:?}"
                );
                return no_agent(&text);
            }
            waiting.push((sid, claim, turn));
        }
        // The daemon holds its bound: a new session's requests are answered reject by the
        // policy at once, none reaches the person, and its turn does not wait.
        let (sid, claim) = session(cx, &mut c, "ap-daemon-over").await?;
        let over = start(cx, &mut c, &sid, &claim, "flood 2", "ap-daemon-over").await?;
        let t = ends(&mut c, &over, "completed", None).await?;
        crate::ensure!(
            payloads(&c.events, EventName::ApprovalRequested, &over).is_empty(),
            "a request past the daemon's bound of {per_daemon} was delivered to the person"
        );
        let answers = flood_answers(&t);
        crate::ensure!(
            answers == ["no", "no"],
            "past the daemon's bound the agent got {answers:?}, not two rejections"
        );
        let pending: u64 = waiting
            .iter()
            .map(|(_, _, turn)| payloads(&c.events, EventName::ApprovalRequested, turn).len() as u64)
            .sum();
        crate::ensure!(
            pending == per_daemon,
            "{pending} requests were pending at once, the daemon's bound is {per_daemon}"
        );
        // Nothing hangs: answered, every waiting turn completes with the person's allows.
        for (sid, claim, turn) in &waiting {
            for asked in payloads(&c.events, EventName::ApprovalRequested, turn) {
                let approval = s(&asked, "approval_id")?.to_owned();
                let allow = option(&asked, PermissionKind::AllowOnce)?;
                respond(&mut c, sid, claim, &approval, &allow).await?.ok("approval.respond within the bound")?;
            }
        }
        for (_, _, turn) in &waiting {
            let t = ends(&mut c, turn, "completed", None).await?;
            let answers = flood_answers(&t);
            crate::ensure!(answers.iter().all(|a| a == "yes"), "a turn within the bound got {answers:?}");
        }
        done(c).await?;
        pass()
    })
}

fn ordinary_unchanged(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        if let Some(skip) = unless_offered(cx) {
            return skip;
        }
        // The deadline, read on another connection that opts in.
        let (o, terms) = opted_in(cx).await?;
        let deadline = limit(&terms, "approval_deadline_ms")?;
        done(o).await?;
        // This connection never negotiates: any profile event fails its event checker.
        let mut c = cx.client().await?;
        let (sid, claim) = session(cx, &mut c, "ap-ordinary").await?;
        let started = Instant::now();
        let turn = start(cx, &mut c, &sid, &claim, "ask-edit turn debugging on", "ap-ordinary").await?;
        let t = c.until_terminal(&turn, Duration::from_millis(deadline) + WAIT).await?;
        let took = started.elapsed().as_millis() as u64;
        let text = terminal_text(&t);
        if !text.starts_with("Answer:") {
            return no_agent(text);
        }
        crate::ensure!(
            took < deadline,
            "the turn waited {took} ms, the deadline is {deadline} ms: it was not answered at once"
        );
        // The fallback rejects, choosing a reject option by its kind.
        let rejected = ASK_EDIT_OPTIONS
            .iter()
            .filter(|(_, _, kind)| kind.starts_with("reject"))
            .any(|(id, _, _)| text.contains(&format!("Answer: {id}.")));
        crate::ensure!(rejected && t["status"] == "completed", "the policy's fallback did not reject: {t}");
        crate::ensure!(c.events.profile_events.is_empty(), "a connection that never negotiated got profile events");
        done(c).await?;
        pass()
    })
}
