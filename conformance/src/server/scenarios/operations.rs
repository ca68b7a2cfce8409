//! Operation IDs and outcomes (lifecycle §6).

use super::{done, nullable_s, pass, present, s, BoxFut, Ctx, Scenario};
use crate::verdict::Failure;
use crate::wire::Client;
use agentwire_protocol::{ErrorCode, Method};
use serde_json::{json, Value};

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.operation.same_intent",
        rule: "Reusing an `operation_id` with the same intent returns the recorded outcome without doing the work again",
        requires: &[Method::SessionCreate, Method::SessionList],
        run: same_intent,
    },
    Scenario {
        id: "scenario.operation.conflict",
        rule: "with a different intent it fails with `operation_conflict`",
        requires: &[Method::SessionCreate, Method::SessionClaim],
        run: conflict,
    },
    Scenario {
        id: "scenario.operation.lookup_settled",
        rule: "`operation.lookup` ... returns {operation_id, method, state, session_id, turn_id, login_id, outcome} where `outcome` is `null` until settled and then ... `\"succeeded\"`/`\"failed\"` with the error code. Nullable members are present.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::OperationLookup],
        run: lookup_settled,
    },
    Scenario {
        id: "scenario.operation.lookup_unknown",
        rule: "`state`: accepted, settled, expired or unknown ... Nullable members are present.",
        requires: &[Method::OperationLookup],
        run: lookup_unknown,
    },
    Scenario {
        id: "scenario.operation.per_instance",
        rule: "The service keeps an operation table per instance",
        requires: &[Method::SessionCreate, Method::OperationLookup],
        run: per_instance,
    },
];

async fn lookup(c: &mut Client, op: &str) -> Result<Value, Failure> {
    let r = c.read("operation.lookup", None, json!({"operation_id": op})).await?;
    let p = r.ok("operation.lookup")?.clone();
    crate::ensure!(s(&p, "operation_id")? == op, "lookup names operation {}", p["operation_id"]);
    for m in ["method", "session_id", "turn_id", "login_id"] {
        nullable_s(&p, m)?;
    }
    present(&p, "outcome")?;
    Ok(p)
}

fn same_intent(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let count = |v: &Value| v["sessions"].as_array().map_or(0, Vec::len);
        let before = c.read("session.list", None, json!({})).await?;
        let first = cx.create(&mut c, "si-create").await?;
        let again = cx.create(&mut c, "si-create").await?;
        crate::ensure!(first == again, "reusing the operation ID created another session ({first}, then {again})");
        let after = c.read("session.list", None, json!({})).await?;
        let (b, a) = (count(before.ok("session.list")?), count(after.ok("session.list")?));
        // Paged lists cap at 32: only judge the count below the cap.
        crate::ensure!(a >= 32 || a == b + 1, "one intent created {} sessions", a.saturating_sub(b));
        done(c).await?;
        pass()
    })
}

fn conflict(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let op = cx.op("cf-create");
        let r = c.mutate("session.create", None, &op, None, json!({})).await?;
        let sid = s(r.ok("session.create")?, "session_id")?.to_owned();
        let r = c.mutate("session.claim", Some(&sid), &op, None, json!({})).await?;
        r.err(ErrorCode::OperationConflict.as_str(), "reusing a session.create operation ID for session.claim")?;
        cx.claim(&mut c, &sid, "cf-claim", false).await?;
        let r = c.mutate("session.claim", Some(&sid), &cx.op("cf-claim"), None, json!({"take_over": true})).await?;
        r.err(ErrorCode::OperationConflict.as_str(), "reusing a claim's operation ID with another payload")?;
        done(c).await?;
        pass()
    })
}

fn lookup_settled(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        cx.create(&mut c, "ls-create").await?;
        let p = lookup(&mut c, &cx.op("ls-create")).await?;
        crate::ensure!(p["method"] == "session.create" && p["state"] == "settled", "lookup of a created session: {p}");
        crate::ensure!(
            p["turn_id"].is_null() && p["login_id"].is_null(),
            "session.create started no turn or login: {p}"
        );
        crate::ensure!(
            p["outcome"] == json!({"status":"succeeded","error":null}),
            "outcome of a success is {}",
            p["outcome"]
        );
        // A failed mutation settles as failed, with its error.
        let absent = format!("s-conformance-{}-absent", cx.run_id);
        let r = c.mutate("session.claim", Some(&absent), &cx.op("ls-fail"), None, json!({})).await?;
        let code = r.code().ok_or_else(|| Failure::new("claiming an unknown session succeeded"))?.to_owned();
        let p = lookup(&mut c, &cx.op("ls-fail")).await?;
        crate::ensure!(p["state"] == "settled" && p["method"] == "session.claim", "lookup of a failed claim: {p}");
        crate::ensure!(
            p["outcome"]["status"] == "failed" && p["outcome"]["error"]["code"] == json!(code),
            "outcome of a failed claim is {}",
            p["outcome"]
        );
        crate::wire::check::error_object(&p["outcome"]["error"])?;
        done(c).await?;
        pass()
    })
}

fn lookup_unknown(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let p = lookup(&mut c, &cx.op("never-used")).await?;
        crate::ensure!(p["state"] == "unknown", "an unused operation ID is {}", p["state"]);
        crate::ensure!(p["method"].is_null() && p["outcome"].is_null(), "an unknown operation has method/outcome: {p}");
        done(c).await?;
        pass()
    })
}

fn per_instance(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut a = cx.client().await?;
        let mut bc = cx.client().await?;
        let first = cx.create(&mut a, "pi-create").await?;
        let p = lookup(&mut bc, &cx.op("pi-create")).await?;
        crate::ensure!(p["state"] == "settled", "another connection cannot see the operation: {p}");
        let again = cx.create(&mut bc, "pi-create").await?;
        crate::ensure!(first == again, "the same intent from another connection created another session");
        done(bc).await?;
        done(a).await?;
        pass()
    })
}
