//! Advertised limits and their enforcement (seed "Advertised limits"; lifecycle §9).

use super::{control, done, pass, BoxFut, Ctx, Scenario};
use crate::verdict::Failure;
use agentwire_protocol::{limits, ErrorCode, Method};
use serde_json::{json, Value};

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.limits.advertised_values",
        rule: "Required general limits appear identically in initialization's two maps and capability replies. ... Values are fixed for the process",
        requires: &[],
        run: advertised_values,
    },
    Scenario {
        id: "scenario.limits.payload_too_large",
        rule: "`max_payload_bytes` ... Compact UTF-8 JSON bytes for one payload. Request limits are checked before dispatch.",
        requires: &[Method::Status],
        run: payload_too_large,
    },
    Scenario {
        id: "scenario.limits.string_bytes_not_characters",
        rule: "`max_string_bytes` ... Any JSON string or object key, including a prompt or assistant text value. Oversized input and assistant output are rejected rather than silently truncated",
        requires: &[Method::SessionCreate, Method::TurnStart],
        run: string_bytes_not_characters,
    },
    Scenario {
        id: "scenario.limits.session_attachments",
        rule: "`max_session_attachments` counts sessions with a live actor, uncontrolled cleanup included.",
        requires: &[Method::SessionCreate, Method::SessionClaim],
        run: session_attachments,
    },
];

fn advertised_values(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        for l in limits::ALL {
            let adv = cx.adv.limits.get(l.name).and_then(Value::as_u64);
            crate::ensure!(adv == Some(l.value), "advertised {} is {adv:?}; the spec fixes {}", l.name, l.value);
        }
        // A second connection sees the same advertisement: values are fixed for the process.
        let c = cx.client().await?;
        crate::ensure!(c.adv().limits == cx.adv.limits, "two connections were advertised different limits");
        done(c).await?;
        pass()
    })
}

fn payload_too_large(cx: &mut Ctx) -> BoxFut<'_> {
    // Unknown members would be invalid_payload (check 9), but the size check (8) comes first.
    // Each string stays under max_string_bytes so the structural check (3) passes.
    Box::pin(async move {
        let mut c = cx.client().await?;
        let chunk = "a".repeat(limits::MAX_STRING_BYTES as usize - 16);
        let n = (limits::MAX_PAYLOAD_BYTES as usize / chunk.len()) + 1;
        let payload: serde_json::Map<String, Value> = (0..n).map(|i| (format!("p{i}"), json!(chunk))).collect();
        let r = c.read("status", None, Value::Object(payload)).await?;
        r.err(ErrorCode::PayloadTooLarge.as_str(), "a status payload over max_payload_bytes")?;
        done(c).await?;
        pass()
    })
}

fn session_attachments(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let max = cx.adv.limit("max_session_attachments");
        crate::ensure!(max > 0 && max <= 1024, "max_session_attachments {max} is not a testable bound");
        let mut c = cx.client().await?;
        let mut held = Vec::new();
        for i in 0..=max {
            let sid = cx.create(&mut c, &format!("att-create-{i}")).await?;
            let r = c.mutate("session.claim", Some(&sid), &cx.op(&format!("att-claim-{i}")), None, json!({})).await?;
            match r.code() {
                None => held.push((sid, r.payload().clone())),
                Some(code) if code == ErrorCode::LimitExceeded.as_str() => break,
                Some(other) => return Err(Failure::new(format!("claim {i} failed with `{other}`"))),
            }
        }
        let claimed = held.len() as u64;
        crate::ensure!(claimed <= max, "{claimed} sessions attached at once; the limit is {max}");
        crate::ensure!(claimed == max, "only {claimed} of {max} attachments were granted on an idle daemon");
        // Release explicitly (detach is synchronous; disconnect cleanup is not) so later cases
        // start from an idle daemon.
        for (i, (sid, claim)) in held.iter().enumerate() {
            let r = c
                .mutate(
                    "session.detach",
                    Some(sid),
                    &cx.op(&format!("att-detach-{i}")),
                    Some(control(claim)),
                    json!({}),
                )
                .await?;
            r.ok("session.detach")?;
        }
        done(c).await?;
        pass()
    })
}

/// Prompts over `max_string_bytes` in UTF-8 bytes but not in characters (or UTF-16 units), and
/// one of exactly the bound in two-byte characters: a server that counts anything but bytes
/// answers them alike.
fn string_bytes_not_characters(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let max = usize::try_from(limits::MAX_STRING_BYTES).unwrap_or(usize::MAX);
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "sb-create").await?;
        // No claim: a prompt within the bound is refused by control, after decoding.
        let forged = json!({"claim_id": "c-conformance-unclaimed", "grant_generation": 1});
        let over = [("two-byte", "é".repeat(max / 2 + 1)), ("four-byte", "😀".repeat(max / 4 + 1))];
        for (i, (what, prompt)) in over.iter().enumerate() {
            // A string over the bound makes the record undecodable, so the response need not
            // echo its request ID: sent raw, matched as the next response.
            let op = cx.op(&format!("sb-over-{i}"));
            let env = c.request("turn.start", Some(&sid), Some(&op), Some(forged.clone()), json!({"prompt": prompt}));
            let mut line = serde_json::to_vec(&env).map_err(|e| Failure::new(e.to_string()))?;
            line.push(b'\n');
            c.send_raw(&line).await?;
            let r = c.next_response().await?;
            r.err(
                ErrorCode::LimitExceeded.as_str(),
                &format!("a prompt of {} {what} characters, {} bytes", prompt.chars().count(), prompt.len()),
            )?;
        }
        let at_bound = "é".repeat(max / 2);
        let op = cx.op("sb-at-bound");
        let r = c.mutate("turn.start", Some(&sid), &op, Some(forged), json!({"prompt": at_bound})).await?;
        crate::ensure!(
            r.code() != Some(ErrorCode::LimitExceeded.as_str()),
            "a prompt of exactly max_string_bytes ({max}) bytes in two-byte characters was refused as over the limit"
        );
        done(c).await?;
        pass()
    })
}
