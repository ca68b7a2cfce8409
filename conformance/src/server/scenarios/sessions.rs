//! Sessions and control (seed "Sessions"; lifecycle §7).

use super::{b, control, done, nullable_s, pass, present, s, u, BoxFut, Ctx, Scenario};
use crate::verdict::Failure;
use crate::wire::Client;
use agentwire_protocol::Method;
use serde_json::{json, Value};
use std::time::Duration;

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.session.create_list",
        rule: "Lists are ordered by session ID, not activity time. Pass `next_after` as the next list request's `after` ... `truncated:true` means more candidates remain.",
        requires: &[Method::SessionCreate, Method::SessionList],
        run: create_list,
    },
    Scenario {
        id: "scenario.session.create_does_not_claim",
        rule: "Create records durably but does not claim.",
        requires: &[Method::SessionCreate, Method::SessionStatus],
        run: create_does_not_claim,
    },
    Scenario {
        id: "scenario.session.claim",
        rule: "`session.claim` ... gives this connection control of the session and returns {session_id, claim_id, grant_generation, live_sequence, snapshot}",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionStatus],
        run: claim,
    },
    Scenario {
        id: "scenario.session.claim_busy",
        rule: "A session controlled by another live connection is `session_busy` unless `take_over:true`; the field defaults to `false` when omitted",
        requires: &[Method::SessionCreate, Method::SessionClaim],
        run: claim_busy,
    },
    Scenario {
        id: "scenario.session.take_over",
        rule: "`take_over:true` ... revokes the old grant. `grant_generation` increases on every grant of that session. A mutation with a control that is not current fails with `stale_grant`",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionDetach, Method::SessionStatus],
        run: take_over,
    },
    Scenario {
        id: "scenario.session.detach",
        rule: "`session.detach` (mutation with current control) releases control ... `live_sequence` ... increases on every control transition",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionDetach, Method::SessionStatus],
        run: detach,
    },
    Scenario {
        id: "scenario.session.stale_grant",
        rule: "A mutation with a control that is not current fails with `stale_grant`",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionDetach],
        run: stale_grant,
    },
    Scenario {
        id: "scenario.session.disconnect_revokes",
        rule: "Disconnect revokes all of that connection's grants",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionStatus],
        run: disconnect_revokes,
    },
    Scenario {
        id: "scenario.session.unknown_and_invalid_ids",
        rule: "IDs are opaque, at most 128 bytes, and validated by the server before path resolution.",
        requires: &[Method::SessionStatus, Method::SessionReplay, Method::SessionClaim],
        run: unknown_and_invalid_ids,
    },
];

fn summary(item: &Value) -> Result<String, Failure> {
    let id = s(item, "session_id")?.to_owned();
    nullable_s(item, "title")?;
    s(item, "updated_at")?;
    Ok(id)
}

/// Session IDs of a listing from `after` to its end, paged with `limit`.
async fn list_from(c: &mut Client, after: Option<&str>, limit: u64) -> Result<Vec<String>, Failure> {
    let mut ids = Vec::new();
    let mut after = json!(after);
    for _ in 0..100_000 {
        let r = c.read("session.list", None, json!({"after": after, "limit": limit})).await?;
        let p = r.ok("session.list")?;
        let page = present(p, "sessions")?.as_array().ok_or_else(|| Failure::new("`sessions` is not an array"))?;
        crate::ensure!(page.len() as u64 <= limit, "a page of {} sessions for limit {limit}", page.len());
        for item in page {
            ids.push(summary(item)?);
        }
        b(p, "incomplete")?;
        let next = nullable_s(p, "next_after")?.map(str::to_owned);
        if !b(p, "truncated")? {
            return Ok(ids);
        }
        let next = next.ok_or_else(|| Failure::new("truncated page without next_after"))?;
        crate::ensure!(after.as_str() != Some(&next), "next_after {next} does not advance");
        after = json!(next);
    }
    Err(Failure::new("listing never ended"))
}

fn create_list(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let mut created = Vec::new();
        for i in 0..3 {
            created.push(cx.create(&mut c, &format!("cl-create-{i}")).await?);
        }
        let all = list_from(&mut c, None, 32).await?;
        for id in &created {
            crate::ensure!(all.contains(id), "created session {id} is missing from the listing");
        }
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        crate::ensure!(sorted == all, "listing is not strictly ordered by session ID");
        // Pages of one from just before the first created session: `after` is the last examined
        // ID, and continuing from it yields exactly the rest of the listing.
        let first = all.iter().position(|id| created.contains(id)).unwrap_or(0);
        let after = first.checked_sub(1).map(|i| all[i].as_str());
        let rest = list_from(&mut c, after, 1).await?;
        crate::ensure!(
            rest[..] == all[first..],
            "pages of 1 after {after:?} list {} sessions, pages of 32 list {}",
            rest.len(),
            all.len() - first
        );
        done(c).await?;
        pass()
    })
}

fn create_does_not_claim(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "cnc-create").await?;
        let st = c.read("session.status", Some(&sid), json!({})).await?;
        let p = st.ok("session.status")?;
        crate::ensure!(s(p, "session_id")? == sid, "status names another session");
        crate::ensure!(
            !b(p, "controlled")? && !b(p, "controlled_by_caller")?,
            "a created session is already controlled: {p}"
        );
        crate::ensure!(
            u(p, "grant_generation")? == 0,
            "grant_generation of a never-granted session is {}",
            p["grant_generation"]
        );
        u(p, "live_sequence")?;
        crate::ensure!(present(p, "turn")?.is_null(), "an idle session reports turn {}", p["turn"]);
        done(c).await?;
        pass()
    })
}

/// The claim payload's shape for an idle session.
fn check_claim(p: &Value, sid: &str) -> Result<(), Failure> {
    crate::ensure!(s(p, "session_id")? == sid, "claim names session {}", p["session_id"]);
    s(p, "claim_id")?;
    crate::ensure!(
        u(p, "grant_generation")? >= 1,
        "grant_generation {} of a grant is not positive",
        p["grant_generation"]
    );
    u(p, "live_sequence")?;
    let snap = present(p, "snapshot")?;
    crate::ensure!(s(snap, "state")? == "idle", "snapshot of an idle session is {}", snap["state"]);
    crate::ensure!(present(snap, "turn")?.is_null(), "idle snapshot has turn {}", snap["turn"]);
    s(snap, "replay_cursor")?;
    Ok(())
}

fn claim(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut a = cx.client().await?;
        let mut other = cx.client().await?;
        let sid = cx.create(&mut a, "claim-create").await?;
        let cl = cx.claim(&mut a, &sid, "claim-claim", false).await?;
        check_claim(&cl, &sid)?;
        let st = a.read("session.status", Some(&sid), json!({})).await?;
        let p = st.ok("session.status")?;
        crate::ensure!(b(p, "controlled")? && b(p, "controlled_by_caller")?, "the claimant does not hold control: {p}");
        crate::ensure!(
            p["grant_generation"] == cl["grant_generation"],
            "status grant_generation differs from the claim's"
        );
        crate::ensure!(p["live_sequence"] == cl["live_sequence"], "status live_sequence differs from the claim's");
        let st = other.read("session.status", Some(&sid), json!({})).await?;
        let p = st.ok("session.status")?;
        crate::ensure!(b(p, "controlled")? && !b(p, "controlled_by_caller")?, "another connection sees {p}");
        done(other).await?;
        done(a).await?;
        pass()
    })
}

fn claim_busy(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut a = cx.client().await?;
        let mut bc = cx.client().await?;
        let sid = cx.create(&mut a, "busy-create").await?;
        cx.claim(&mut a, &sid, "busy-a", false).await?;
        let r = bc.mutate("session.claim", Some(&sid), &cx.op("busy-b1"), None, json!({"take_over": false})).await?;
        r.err("session_busy", "claiming a session another connection controls")?;
        let r = bc.mutate("session.claim", Some(&sid), &cx.op("busy-b2"), None, json!({})).await?;
        r.err("session_busy", "claiming with take_over omitted (defaults to false)")?;
        done(bc).await?;
        done(a).await?;
        pass()
    })
}

fn take_over(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut a = cx.client().await?;
        let mut bc = cx.client().await?;
        let sid = cx.create(&mut a, "to-create").await?;
        let first = cx.claim(&mut a, &sid, "to-a", false).await?;
        let second = cx.claim(&mut bc, &sid, "to-b", true).await?;
        check_claim(&second, &sid)?;
        crate::ensure!(
            u(&second, "grant_generation")? > u(&first, "grant_generation")?,
            "take-over did not increase grant_generation"
        );
        crate::ensure!(
            u(&second, "live_sequence")? > u(&first, "live_sequence")?,
            "take-over did not increase live_sequence"
        );
        let r = a.mutate("session.detach", Some(&sid), &cx.op("to-a-detach"), Some(control(&first)), json!({})).await?;
        r.err("stale_grant", "the old controller detaching after a take-over")?;
        let st = a.read("session.status", Some(&sid), json!({})).await?;
        let p = st.ok("session.status")?;
        crate::ensure!(
            b(p, "controlled")? && !b(p, "controlled_by_caller")?,
            "after take-over the old controller sees {p}"
        );
        done(bc).await?;
        done(a).await?;
        pass()
    })
}

fn detach(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "det-create").await?;
        let cl = cx.claim(&mut c, &sid, "det-claim", false).await?;
        let r = c.mutate("session.detach", Some(&sid), &cx.op("det-detach"), Some(control(&cl)), json!({})).await?;
        let p = r.ok("session.detach")?;
        crate::ensure!(s(p, "session_id")? == sid && s(p, "status")? == "detached", "detach answered {p}");
        crate::ensure!(u(p, "live_sequence")? > u(&cl, "live_sequence")?, "detach did not increase live_sequence");
        let st = c.read("session.status", Some(&sid), json!({})).await?;
        crate::ensure!(!b(st.ok("session.status")?, "controlled")?, "the session is still controlled after detach");
        let r = c.mutate("session.detach", Some(&sid), &cx.op("det-again"), Some(control(&cl)), json!({})).await?;
        r.err("stale_grant", "detaching again with the released grant")?;
        let again = cx.claim(&mut c, &sid, "det-reclaim", false).await?;
        crate::ensure!(
            u(&again, "grant_generation")? > u(&cl, "grant_generation")?,
            "a new grant did not increase grant_generation"
        );
        done(c).await?;
        pass()
    })
}

fn stale_grant(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "sg-create").await?;
        let cl = cx.claim(&mut c, &sid, "sg-claim", false).await?;
        let mut wrong = control(&cl);
        wrong["grant_generation"] = json!(u(&cl, "grant_generation")? + 1);
        let r = c.mutate("session.detach", Some(&sid), &cx.op("sg-1"), Some(wrong), json!({})).await?;
        r.err("stale_grant", "detach under a future grant generation")?;
        let mut wrong = control(&cl);
        wrong["claim_id"] = json!(format!("{}x", s(&cl, "claim_id")?));
        let r = c.mutate("session.detach", Some(&sid), &cx.op("sg-2"), Some(wrong), json!({})).await?;
        r.err("stale_grant", "detach under another claim_id")?;
        done(c).await?;
        pass()
    })
}

fn disconnect_revokes(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut a = cx.client().await?;
        let mut bc = cx.client().await?;
        let sid = cx.create(&mut a, "dr-create").await?;
        cx.claim(&mut a, &sid, "dr-a", false).await?;
        drop(a);
        let mut released = false;
        for _ in 0..100 {
            let st = bc.read("session.status", Some(&sid), json!({})).await?;
            if !b(st.ok("session.status")?, "controlled")? {
                released = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        crate::ensure!(released, "control outlived its connection by 2 s");
        cx.claim(&mut bc, &sid, "dr-b", false).await?;
        done(bc).await?;
        pass()
    })
}

fn unknown_and_invalid_ids(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let unknown = format!("s-conformance-{}-absent", cx.run_id);
        for method in ["session.status", "session.replay"] {
            c.read(method, Some(&unknown), json!({}))
                .await?
                .err("session_unavailable", &format!("{method} of an unknown session"))?;
            c.read(method, Some("../etc"), json!({}))
                .await?
                .err("invalid_session_id", &format!("{method} of a path-like ID"))?;
        }
        let r = c.mutate("session.claim", Some(&unknown), &cx.op("ids-claim"), None, json!({})).await?;
        r.err("session_unavailable", "claiming an unknown session")?;
        done(c).await?;
        pass()
    })
}
