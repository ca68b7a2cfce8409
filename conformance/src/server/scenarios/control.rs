//! Control after more than one transition (lifecycle §7): re-claim by the holder, detach and
//! re-claim, take-over, disconnect; a claim while a turn runs and the snapshot's sequence floor;
//! `turn.cancel` naming another session's turn. Generations and live sequences are checked in
//! responses, in `session.status` and (by the event checker) in every event that follows.

use super::{b, control, done, pass, s, u, BoxFut, Ctx, Scenario};
use crate::verdict::Failure;
use crate::wire::Client;
use agentwire_protocol::{ErrorCode, Method};
use serde_json::{json, Value};
use std::time::Duration;

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.control.transitions",
        rule: "`grant_generation` increases on every grant of that session. ... `live_sequence` is per session and increases on every control transition (grant, detach, revoke, take-over); it orders those transitions across claims.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionDetach, Method::SessionStatus, Method::TurnStart],
        run: transitions,
    },
    Scenario {
        id: "scenario.control.claim_while_running",
        rule: "The snapshot is atomic: live events for the running turn with a `sequence` greater than the snapshot's are delivered to the new controller; earlier ones are reflected in `assistant_text`. `turn.started` is not resent.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart],
        run: claim_while_running,
    },
    Scenario {
        id: "scenario.control.cancel_other_session",
        rule: "`turn.cancel` requires session/current control, a new mutation ID and {turn_id} ... `unknown_turn`: turn is unknown or already terminal",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::TurnCancel],
        run: cancel_other_session,
    },
];

/// The grant generation and live sequence of a claim, checked to follow the previous ones.
fn grant(p: &Value, after: (u64, u64), what: &str) -> Result<(u64, u64), Failure> {
    let (g, l) = (u(p, "grant_generation")?, u(p, "live_sequence")?);
    crate::ensure!(g > after.0, "{what}: grant_generation {g} does not increase past {}", after.0);
    crate::ensure!(l > after.1, "{what}: live_sequence {l} does not increase past {}", after.1);
    Ok((g, l))
}

/// `session.status` must agree with the last transition.
async fn status(c: &mut Client, sid: &str, want: (u64, u64), by_caller: bool, what: &str) -> Result<(), Failure> {
    let r = c.read("session.status", Some(sid), json!({})).await?;
    let p = r.ok("session.status")?;
    let got = (u(p, "grant_generation")?, u(p, "live_sequence")?);
    crate::ensure!(got == want, "{what}: session.status says (generation, live_sequence) {got:?}, not {want:?}");
    crate::ensure!(
        b(p, "controlled_by_caller")? == by_caller,
        "{what}: controlled_by_caller is {}",
        p["controlled_by_caller"]
    );
    Ok(())
}

/// One turn under `claim` to its terminal; the event checker judges its envelopes.
async fn turn(cx: &Ctx, c: &mut Client, sid: &str, claim: &Value, tag: &str) -> Result<(), Failure> {
    let r = c.mutate("turn.start", Some(sid), &cx.op(tag), Some(control(claim)), json!({"prompt": "Say hi."})).await?;
    let id = s(r.ok("turn.start")?, "turn_id")?.to_owned();
    super::events::until_terminal(c, &id).await?;
    Ok(())
}

fn transitions(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut a = cx.client().await?;
        let mut bc = cx.client().await?;
        let sid = cx.create(&mut a, "ct-create").await?;
        let c1 = cx.claim(&mut a, &sid, "ct-claim-1", false).await?;
        let mut at = grant(&c1, (0, 0), "first claim")?;
        // Re-claim by the holder: a new grant, the old one stale.
        let c2 = cx.claim(&mut a, &sid, "ct-claim-2", false).await?;
        at = grant(&c2, at, "re-claim by the holder")?;
        status(&mut a, &sid, at, true, "after the re-claim").await?;
        let r = a.mutate("session.detach", Some(&sid), &cx.op("ct-stale"), Some(control(&c1)), json!({})).await?;
        r.err(ErrorCode::StaleGrant.as_str(), "detach under the grant the holder's re-claim replaced")?;
        let c3 = cx.claim(&mut a, &sid, "ct-claim-3", false).await?;
        at = grant(&c3, at, "claim after a stale answer")?;
        turn(cx, &mut a, &sid, &c3, "ct-turn-a").await?;
        // Detach, then a claim by another connection.
        let r = a.mutate("session.detach", Some(&sid), &cx.op("ct-detach"), Some(control(&c3)), json!({})).await?;
        let detached = u(r.ok("session.detach")?, "live_sequence")?;
        crate::ensure!(detached > at.1, "detach: live_sequence {detached} does not increase past {}", at.1);
        status(&mut bc, &sid, (at.0, detached), false, "after detach").await?;
        let c4 = cx.claim(&mut bc, &sid, "ct-claim-4", false).await?;
        at = grant(&c4, (at.0, detached), "claim after detach")?;
        status(&mut bc, &sid, at, true, "after the claim by another connection").await?;
        turn(cx, &mut bc, &sid, &c4, "ct-turn-b").await?;
        // Take-over by the first connection.
        let r = a.mutate("session.claim", Some(&sid), &cx.op("ct-busy"), None, json!({"take_over": false})).await?;
        r.err(ErrorCode::SessionBusy.as_str(), "claim of a session another live connection controls")?;
        let c5 = cx.claim(&mut a, &sid, "ct-claim-5", true).await?;
        at = grant(&c5, at, "take-over")?;
        status(&mut a, &sid, at, true, "after the take-over").await?;
        turn(cx, &mut a, &sid, &c5, "ct-turn-a2").await?;
        let r = bc
            .mutate("turn.start", Some(&sid), &cx.op("ct-revoked"), Some(control(&c4)), json!({"prompt": "x"}))
            .await?;
        r.err(ErrorCode::StaleGrant.as_str(), "turn.start under the grant a take-over revoked")?;
        // Disconnect revokes: the revocation is itself a transition, then the next grant.
        drop(a);
        let revoked = revoked_live_sequence(&mut bc, &sid, at.1).await?;
        let c6 = cx.claim(&mut bc, &sid, "ct-claim-6", false).await?;
        at = grant(&c6, (at.0, revoked), "claim after the holder disconnected")?;
        status(&mut bc, &sid, at, true, "after the claim that followed the disconnect").await?;
        turn(cx, &mut bc, &sid, &c6, "ct-turn-b2").await?;
        done(bc).await?;
        pass()
    })
}

/// Poll `session.status` until the disconnected holder's grant is revoked; its live sequence.
async fn revoked_live_sequence(c: &mut Client, sid: &str, before: u64) -> Result<u64, Failure> {
    for _ in 0..100 {
        let r = c.read("session.status", Some(sid), json!({})).await?;
        let p = r.ok("session.status")?.clone();
        if !b(&p, "controlled")? {
            let l = u(&p, "live_sequence")?;
            crate::ensure!(l > before, "revocation by disconnect: live_sequence {l} does not increase past {before}");
            return Ok(l);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err(Failure::new("the grant of a disconnected connection was never revoked"))
}

/// Rounds of scenario.control.claim_while_running.
const ROUNDS: usize = 60;

fn claim_while_running(cx: &mut Ctx) -> BoxFut<'_> {
    // A takes a session, starts a turn of many small deltas; B takes it over at once. When the
    // snapshot says running, B's event checker is seeded with the snapshot's sequence and text:
    // any later event at or below that sequence, a resent `turn.started`, or a terminal whose
    // text does not extend the snapshot's fails.
    Box::pin(async move {
        let mut running = 0;
        for i in 0..ROUNDS {
            let mut a = cx.client().await?;
            let mut bc = cx.client().await?;
            let sid = cx.create(&mut a, &format!("cwr-create-{i}")).await?;
            let cl = cx.claim(&mut a, &sid, &format!("cwr-claim-a-{i}"), false).await?;
            let prompt = "a b c d e f g h i j k l m n o p q r s t u v w x y z ".repeat(5);
            let op = cx.op(&format!("cwr-start-{i}"));
            let r = a.mutate("turn.start", Some(&sid), &op, Some(control(&cl)), json!({"prompt": prompt})).await?;
            let turn_id = s(r.ok("turn.start")?, "turn_id")?.to_owned();
            let took = cx.claim(&mut bc, &sid, &format!("cwr-claim-b-{i}"), true).await?;
            let snap = &took["snapshot"];
            if s(snap, "state")? == "running" {
                running += 1;
                let t = &snap["turn"];
                crate::ensure!(s(t, "turn_id")? == turn_id, "the snapshot names turn {}, not {turn_id}", t["turn_id"]);
                crate::ensure!(s(t, "operation_id")? == op, "the snapshot names operation {}", t["operation_id"]);
                u(t, "sequence")?;
                super::events::until_terminal(&mut bc, &turn_id).await?;
            } else {
                crate::ensure!(snap["turn"].is_null(), "an idle snapshot names turn {}", snap["turn"]);
            }
            drop(a);
            done(bc).await?;
        }
        crate::ensure!(
            running > 0,
            "in {ROUNDS} rounds no claim met the running turn; the snapshot floor was not exercised"
        );
        pass()
    })
}

fn cancel_other_session(cx: &mut Ctx) -> BoxFut<'_> {
    // The connection controls both sessions; the cancel is sent under the first session's
    // control for the second session's turn, at once after its start, while it runs.
    Box::pin(async move {
        let mut c = cx.client().await?;
        for i in 0..4 {
            let s1 = cx.create(&mut c, &format!("cos-create-1-{i}")).await?;
            let s2 = cx.create(&mut c, &format!("cos-create-2-{i}")).await?;
            let c1 = cx.claim(&mut c, &s1, &format!("cos-claim-1-{i}"), false).await?;
            let c2 = cx.claim(&mut c, &s2, &format!("cos-claim-2-{i}"), false).await?;
            let prompt = "one two three four five six seven eight nine ten ".repeat(4);
            let r = c
                .mutate(
                    "turn.start",
                    Some(&s2),
                    &cx.op(&format!("cos-start-{i}")),
                    Some(control(&c2)),
                    json!({"prompt": prompt}),
                )
                .await?;
            let turn = s(r.ok("turn.start")?, "turn_id")?.to_owned();
            let r = c
                .mutate(
                    "turn.cancel",
                    Some(&s1),
                    &cx.op(&format!("cos-cancel-{i}")),
                    Some(control(&c1)),
                    json!({"turn_id": turn}),
                )
                .await?;
            r.err(ErrorCode::UnknownTurn.as_str(), "turn.cancel of another session's turn")?;
            let terminal = super::events::until_terminal(&mut c, &turn).await?;
            crate::ensure!(
                terminal["status"] != "cancelled",
                "a cancel addressed to another session stopped the turn: {terminal}"
            );
        }
        done(c).await?;
        pass()
    })
}
