//! Event ordering under pressure: several turns at once on one connection, each of many small
//! deltas, read by a slow reader (a stall, then a pause before every record), so the target's
//! queues for the connection stay full while the turns settle and events race their terminal.
//! The event checker refuses any event after its turn's terminal, regressions and duplicates.

use super::{control, done, pass, s, BoxFut, Ctx, Scenario};
use agentwire_protocol::Method;
use serde_json::json;
use std::time::Duration;

pub const ALL: &[Scenario] = &[Scenario {
    id: "scenario.turn.ordering_under_pressure",
    rule: "Per-turn sequence starts at zero and strictly increases for attempted live events ... Gaps are allowed, regression/duplicates and post-terminal events are not.",
    requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart],
    run: ordering_under_pressure,
}];

/// Turns at once per round (`max_active_turns` of the spec's profile), each in its own session,
/// and rounds.
const TURNS: usize = 8;
const ROUNDS: usize = 3;
/// How long the reader stalls after starting the turns.
const STALL: Duration = Duration::from_millis(200);
/// The reader's pause before each record after the stall.
const PACE: Duration = Duration::from_micros(500);

fn ordering_under_pressure(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        // One-letter words: the target streams one delta per word.
        let prompt = "a ".repeat(60);
        let mut sessions = Vec::new();
        for i in 0..TURNS {
            let sid = cx.create(&mut c, &format!("op-create-{i}")).await?;
            let cl = cx.claim(&mut c, &sid, &format!("op-claim-{i}"), false).await?;
            sessions.push((sid, cl));
        }
        for round in 0..ROUNDS {
            let mut turns = Vec::new();
            for (i, (sid, cl)) in sessions.iter().enumerate() {
                let op = cx.op(&format!("op-start-{round}-{i}"));
                let start = Method::TurnStart.as_str();
                let r = c.mutate(start, Some(sid), &op, Some(control(cl)), json!({"prompt": prompt})).await?;
                turns.push(s(r.ok(start)?, "turn_id")?.to_owned());
            }
            tokio::time::sleep(STALL).await;
            for t in &turns {
                c.paced_until_terminal(t, Duration::from_secs(30), PACE).await?;
            }
            // Anything the target sends after the terminals reaches the checker before this.
            c.sync().await?;
        }
        done(c).await?;
        pass()
    })
}
