//! Turns and their events (seed "Turn completion and ordering"). Every event any case reads
//! goes through the event checker; these cases start turns on purpose and need `turn.*`.

use super::{control, done, pass, s, BoxFut, Ctx, Scenario};
use crate::verdict::Failure;
use agentwire_protocol::Method;
use serde_json::{json, Value};

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.turn.lifecycle",
        rule: "It returns {turn_id, status:accepted} before `turn.started` ... Ordered deltas/activity follow, then one terminal after persistence and cleanup.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::OperationLookup],
        run: lifecycle,
    },
    Scenario {
        id: "scenario.turn.cancel",
        rule: "`turn.cancel` requires session/current control, a new mutation ID and {turn_id}; success is {turn_id, session_id, status:cancellation_requested}. This is not completion.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::TurnCancel],
        run: cancel,
    },
    Scenario {
        id: "scenario.turn.detach_does_not_stop",
        rule: "`session.detach` (mutation with current control) releases control; it never stops a turn. ... Disconnect/detach never implies Stop.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionDetach, Method::TurnStart, Method::OperationLookup],
        run: detach_does_not_stop,
    },
    Scenario {
        id: "scenario.turn.disconnect_does_not_stop",
        rule: "Disconnect revokes grants but does not cancel accepted turns/settings work. ... Accepted work stays reserved through persistence and cleanup; socket loss is not settlement.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::OperationLookup],
        run: disconnect_does_not_stop,
    },
    Scenario {
        id: "scenario.turn.no_events_after_detach",
        rule: "A mutation with a control that is not current fails with `stale_grant`; an event is sent only to the current controller of its session.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionDetach, Method::TurnStart],
        run: no_events_after_detach,
    },
    Scenario {
        id: "scenario.turn.control_required",
        rule: "`turn.start` requires a claimed session, current control and operation ID",
        requires: &[Method::SessionCreate, Method::TurnStart],
        run: control_required,
    },
];

/// Read until the terminal of `turn`; the event checker judges every event on the way.
pub(super) async fn until_terminal(c: &mut crate::wire::Client, turn: &str) -> Result<Value, Failure> {
    c.until_terminal(turn, TERMINAL_WAIT).await
}

const TERMINAL_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

fn lifecycle(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "tl-create").await?;
        let cl = cx.claim(&mut c, &sid, "tl-claim", false).await?;
        let op = cx.op("tl-start");
        let r = c.mutate("turn.start", Some(&sid), &op, Some(control(&cl)), json!({"prompt":"Say hello."})).await?;
        let p = r.ok("turn.start")?;
        crate::ensure!(s(p, "status")? == "accepted", "turn.start answered {p}");
        let turn = s(p, "turn_id")?.to_owned();
        let terminal = until_terminal(&mut c, &turn).await?;
        let look = c.read("operation.lookup", None, json!({"operation_id": op})).await?;
        let l = look.ok("operation.lookup")?;
        crate::ensure!(l["state"] == "settled" && l["turn_id"] == json!(turn), "lookup after the terminal: {l}");
        crate::ensure!(
            l["outcome"]["status"] == terminal["status"],
            "lookup outcome {} differs from the terminal's {}",
            l["outcome"],
            terminal["status"]
        );
        done(c).await?;
        pass()
    })
}

fn cancel(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "tc-create").await?;
        let cl = cx.claim(&mut c, &sid, "tc-claim", false).await?;
        let r = c
            .mutate(
                "turn.start",
                Some(&sid),
                &cx.op("tc-start"),
                Some(control(&cl)),
                json!({"prompt":"Count to ten slowly."}),
            )
            .await?;
        let turn = s(r.ok("turn.start")?, "turn_id")?.to_owned();
        let r = c
            .mutate("turn.cancel", Some(&sid), &cx.op("tc-cancel"), Some(control(&cl)), json!({"turn_id": turn}))
            .await?;
        match r.code() {
            None => {
                let p = r.payload();
                crate::ensure!(
                    s(p, "status")? == "cancellation_requested" && s(p, "turn_id")? == turn,
                    "turn.cancel answered {p}"
                );
            }
            // The turn may already have ended.
            Some("unknown_turn") => {}
            Some(other) => return Err(Failure::new(format!("turn.cancel failed with `{other}`"))),
        }
        let terminal = until_terminal(&mut c, &turn).await?;
        // "Cancelled/failed terminal records preserve their accepted assistant_text, so replay
        // includes the user and partial assistant messages, not just the terminal label."
        if terminal["persistence"] == "committed" && cx.adv.offers("session.replay") {
            let r = c.read("session.replay", Some(&sid), json!({"limit": 32})).await?;
            let items = r.ok("session.replay")?["events"].clone();
            let has = |f: &dyn Fn(&Value) -> bool| items.as_array().is_some_and(|a| a.iter().any(f));
            crate::ensure!(
                has(&|i| i["kind"] == "message" && i["role"] == "user"),
                "replay after the terminal lacks the user message: {items}"
            );
            crate::ensure!(
                has(&|i| i["kind"] == "terminal"),
                "replay after the terminal lacks the terminal item: {items}"
            );
        }
        done(c).await?;
        pass()
    })
}

fn control_required(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "tcr-create").await?;
        let r = c.mutate("turn.start", Some(&sid), &cx.op("tcr-start"), None, json!({"prompt":"hi"})).await?;
        r.err("control_required", "turn.start without control")?;
        done(c).await?;
        pass()
    })
}

/// Poll `op` until settled; its outcome must not be a cancellation nobody asked for.
async fn settles_uncancelled(c: &mut crate::wire::Client, op: &str) -> Result<(), Failure> {
    for _ in 0..600 {
        let look = c.read("operation.lookup", None, json!({"operation_id": op})).await?;
        let l = look.ok("operation.lookup")?.clone();
        if l["state"] == "settled" {
            crate::ensure!(l["outcome"]["status"] != "cancelled", "the turn was stopped without turn.cancel: {l}");
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Err(Failure::new("the turn never settled"))
}

fn disconnect_does_not_stop(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "tds-create").await?;
        let cl = cx.claim(&mut c, &sid, "tds-claim", false).await?;
        let op = cx.op("tds-start");
        c.mutate("turn.start", Some(&sid), &op, Some(control(&cl)), json!({"prompt":"Keep going after I disconnect."}))
            .await?
            .ok("turn.start")?;
        drop(c);
        let mut other = cx.client().await?;
        settles_uncancelled(&mut other, &op).await?;
        done(other).await?;
        pass()
    })
}

fn detach_does_not_stop(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "tdd-create").await?;
        let cl = cx.claim(&mut c, &sid, "tdd-claim", false).await?;
        let op = cx.op("tdd-start");
        let r = c
            .mutate("turn.start", Some(&sid), &op, Some(control(&cl)), json!({"prompt":"Keep going after I leave."}))
            .await?;
        r.ok("turn.start")?;
        c.mutate("session.detach", Some(&sid), &cx.op("tdd-detach"), Some(control(&cl)), json!({}))
            .await?
            .ok("session.detach")?;
        // Accepted work runs to its terminal without a controller. Polled from another
        // connection: what reaches the detached one is scenario.turn.no_events_after_detach's.
        drop(c);
        let mut other = cx.client().await?;
        settles_uncancelled(&mut other, &op).await?;
        done(other).await?;
        pass()
    })
}

fn no_events_after_detach(cx: &mut Ctx) -> BoxFut<'_> {
    // Detach while the turn streams: once the detach response has arrived, the connection is
    // no longer the controller and the event checker refuses any later event of the session.
    // The overlap depends on timing, so the case tries several rounds.
    Box::pin(async move {
        let mut c = cx.client().await?;
        for i in 0..ROUNDS {
            let sid = cx.create(&mut c, &format!("nead-create-{i}")).await?;
            let cl = cx.claim(&mut c, &sid, &format!("nead-claim-{i}"), false).await?;
            let prompt = format!("Stream for a while {}", "and then some more ".repeat(200));
            let start = json!({"prompt": prompt});
            let mut r = c
                .mutate("turn.start", Some(&sid), &cx.op(&format!("nead-start-{i}")), Some(control(&cl)), start.clone())
                .await?;
            // Earlier rounds' turns may still be finishing; wait for a free slot.
            for attempt in 0..100 {
                if r.code() != Some("too_many_active_turns") {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                let op = cx.op(&format!("nead-start-{i}-{attempt}"));
                r = c.mutate("turn.start", Some(&sid), &op, Some(control(&cl)), start.clone()).await?;
            }
            r.ok("turn.start")?;
            c.mutate("session.detach", Some(&sid), &cx.op(&format!("nead-detach-{i}")), Some(control(&cl)), json!({}))
                .await?
                .ok("session.detach")?;
            c.sync().await.map_err(|f| Failure::new(format!("round {i}: {f}")))?;
        }
        done(c).await?;
        pass()
    })
}

/// Start-and-detach rounds of scenario.turn.no_events_after_detach.
const ROUNDS: usize = 40;
