//! Durable replay: paging, cursors, resync (seed "Durable replay"). Black-box: the runner
//! writes nothing to the target's disk, so paging over history needs a target that already
//! has some (the test and script seed one before starting the daemon).

use super::{b, control, done, pass, present, s, BoxFut, Ctx, Scenario};
use crate::verdict::{Failure, Outcome};
use crate::wire::Client;
use agentwire_protocol::{constants, Method};
use serde_json::{json, Value};
use std::sync::LazyLock;

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.replay.empty",
        rule: "`next_cursor` is the position after this page, also provided for an empty page. ... At the current end, `next_cursor` equals `snapshot_cursor`",
        requires: &[Method::SessionCreate, Method::SessionReplay],
        run: empty,
    },
    Scenario {
        id: "scenario.replay.empty_then_append",
        rule: "Cursors survive process restart and append-only changes **when the projected prefix stays unchanged**.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::SessionReplay],
        run: empty_then_append,
    },
    Scenario {
        id: "scenario.replay.without_claim",
        rule: "Replay is read-only and requires no attachment or writer lease. It can read a session held by another service.",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::SessionReplay],
        run: without_claim,
    },
    Scenario {
        id: "scenario.replay.resync",
        rule: "`resync_required:true` means `after` does not match the current projection ... The page contains no events and gives the current starting position in `next_cursor`.",
        requires: &[Method::SessionCreate, Method::SessionReplay],
        run: resync,
    },
    Scenario {
        id: "scenario.replay.paging",
        rule: "Each page has at most the requested item count and a complete encoded payload of at most 16 KiB ... Save it only after accepting the item; pass it as replay `after` to continue without accepting the same item twice.",
        requires: &[Method::SessionList, Method::SessionReplay],
        run: paging,
    },
    Scenario {
        id: "scenario.replay.foreign_cursor",
        rule: "`resync_required:true` means `after` does not match the current projection: it may be invalid, from another session, or stale",
        requires: &[Method::SessionList, Method::SessionCreate, Method::SessionReplay],
        run: foreign_cursor,
    },
    Scenario {
        id: "scenario.replay.bounds",
        rule: "Each page has at most the requested item count and a complete encoded payload of at most 16 KiB ... Text parts are split at UTF-8 boundaries, at most 2,048 bytes each",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::SessionReplay],
        run: bounds,
    },
    Scenario {
        id: "scenario.replay.page_near_bound",
        rule: "Each page has at most the requested item count and a complete encoded payload of at most 16 KiB",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::SessionReplay],
        run: page_near_bound,
    },
    Scenario {
        id: "scenario.replay.window_moves",
        rule: "Replay reads the recent 2 MiB window ... Older history may be outside the window. ... `resync_required:true` means `after` does not match the current projection: it may be ... stale after compaction, rewind, corruption, or a moving tail window",
        requires: &[Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::SessionReplay],
        run: window_moves,
    },
];

/// One replay page, its shape checked.
async fn page(c: &mut Client, sid: &str, after: Option<&str>, limit: u64) -> Result<Value, Failure> {
    let r = c.read("session.replay", Some(sid), json!({"after": after, "limit": limit})).await?;
    let p = r.ok("session.replay")?.clone();
    let events = present(&p, "events")?.as_array().ok_or_else(|| Failure::new("`events` is not an array"))?;
    crate::ensure!(events.len() as u64 <= limit, "a page of {} items for limit {limit}", events.len());
    for e in events {
        item(e)?;
    }
    s(&p, "next_cursor")?;
    s(&p, "snapshot_cursor")?;
    for f in ["truncated", "gap", "resync_required"] {
        b(&p, f)?;
    }
    let bytes = page_bytes(&p)?;
    crate::ensure!(
        bytes <= agentwire_protocol::limits::MAX_SESSION_REPLAY_PAGE_BYTES,
        "a replay payload of {bytes} bytes"
    );
    if b(&p, "resync_required")? {
        crate::ensure!(events.is_empty(), "a resync page carries events");
    }
    Ok(p)
}

/// The members of a replay page: what its 16 KiB bound counts here, as the spec declares them
/// (read from the compiled-in consumer vectors once, see [`crate::vectors::payload_members`]).
/// Members this profile does not define (a newer server's, or those the `unknown-members`
/// control adds) are ignored, as everywhere else.
fn page_members() -> &'static [String] {
    static MEMBERS: LazyLock<Vec<String>> = LazyLock::new(|| {
        crate::vectors::builtin_consumer()
            .map(|v| crate::vectors::payload_members(&v, &format!("resp.{}", Method::SessionReplay.as_str())))
            .unwrap_or_default()
    });
    &MEMBERS
}

/// Encoded bytes of a page's [`page_members`].
fn page_bytes(p: &Value) -> Result<u64, Failure> {
    let members = page_members();
    crate::ensure!(!members.is_empty(), "the compiled-in vectors declare no session.replay response members");
    let known: serde_json::Map<String, Value> = p
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| members.contains(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    Ok(serde_json::to_vec(&known).map_err(|e| Failure::new(e.to_string()))?.len() as u64)
}

/// One projected item: the allowlist of the seed.
fn item(e: &Value) -> Result<(), Failure> {
    s(e, "cursor")?;
    match s(e, "kind")? {
        "message" | "summary" => {
            let text = present(e, "text")?.as_str().ok_or_else(|| Failure::new("item text is not a string"))?;
            crate::ensure!(text.len() as u64 <= constants::REPLAY_PART_BYTES, "a part of {} bytes", text.len());
            super::u(e, "part")?;
            b(e, "last_part")?;
            if e["kind"] == "message" {
                crate::ensure!(
                    agentwire_protocol::ReplayRole::NAMES.contains(&s(e, "role")?),
                    "message role {}",
                    e["role"]
                );
            } else {
                crate::ensure!(e.get("role").is_none(), "a summary carries a role");
            }
        }
        "terminal" => {
            crate::ensure!(
                agentwire_protocol::ReplayTerminalStatus::NAMES.contains(&s(e, "status")?),
                "terminal status {}",
                e["status"]
            );
        }
        other => return Err(Failure::new(format!("unknown replay item kind `{other}`"))),
    }
    Ok(())
}

/// All items from `after`, following pages of `limit`; returns the items and the last page.
async fn replay_all(
    c: &mut Client,
    sid: &str,
    after: Option<&str>,
    limit: u64,
) -> Result<(Vec<Value>, Value), Failure> {
    let mut items = Vec::new();
    let mut after = after.map(str::to_owned);
    for _ in 0..100_000 {
        let p = page(c, sid, after.as_deref(), limit).await?;
        crate::ensure!(!b(&p, "resync_required")?, "resync while paging with the server's own cursors");
        items.extend(p["events"].as_array().into_iter().flatten().cloned());
        if !b(&p, "truncated")? {
            crate::ensure!(
                p["next_cursor"] == p["snapshot_cursor"],
                "at the end next_cursor {} differs from snapshot_cursor {}",
                p["next_cursor"],
                p["snapshot_cursor"]
            );
            return Ok((items, p));
        }
        let next = s(&p, "next_cursor")?.to_owned();
        crate::ensure!(after.as_deref() != Some(&next), "a truncated page does not advance next_cursor");
        after = Some(next);
    }
    Err(Failure::new("replay never ended"))
}

/// The first session (by listing order) with durable items, if any.
async fn session_with_history(c: &mut Client) -> Result<Option<String>, Failure> {
    let mut after = Value::Null;
    loop {
        let r = c.read("session.list", None, json!({"after": after, "limit": 32})).await?;
        let p = r.ok("session.list")?.clone();
        for sess in p["sessions"].as_array().into_iter().flatten() {
            let sid = s(sess, "session_id")?;
            let first = page(c, sid, None, 1).await?;
            if first["events"].as_array().is_some_and(|e| !e.is_empty()) {
                return Ok(Some(sid.to_owned()));
            }
        }
        if p["truncated"] != json!(true) || p["next_after"].is_null() {
            return Ok(None);
        }
        after = p["next_after"].clone();
    }
}

const NO_HISTORY: &str = "no session of the target has durable items and turn.start is not advertised to make some";

/// A session with durable items: an existing one, else one made through the protocol with a
/// turn whose prompt is long enough to span several parts.
async fn history(cx: &Ctx, c: &mut Client) -> Result<Option<String>, Failure> {
    if let Some(sid) = session_with_history(c).await? {
        return Ok(Some(sid));
    }
    if !["session.create", "session.claim", "session.detach", "turn.start"].iter().all(|m| cx.adv.offers(m)) {
        return Ok(None);
    }
    let sid = cx.create(c, "hist-create").await?;
    let cl = cx.claim(c, &sid, "hist-claim", false).await?;
    let prompt = format!("Conformance history {}: {}", cx.run_id, "é".repeat(3000));
    let r =
        c.mutate("turn.start", Some(&sid), &cx.op("hist-start"), Some(control(&cl)), json!({"prompt": prompt})).await?;
    let turn = s(r.ok("turn.start")?, "turn_id")?.to_owned();
    super::events::until_terminal(c, &turn).await?;
    c.mutate("session.detach", Some(&sid), &cx.op("hist-detach"), Some(control(&cl)), json!({}))
        .await?
        .ok("session.detach")?;
    Ok(Some(sid))
}

fn empty(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "re-create").await?;
        let p = page(&mut c, &sid, None, 32).await?;
        crate::ensure!(p["events"] == json!([]), "a new session replays items {}", p["events"]);
        for f in ["truncated", "gap", "resync_required"] {
            crate::ensure!(!b(&p, f)?, "a new session's page has {f}:true");
        }
        crate::ensure!(p["next_cursor"] == p["snapshot_cursor"], "at the end next_cursor equals snapshot_cursor");
        // Polling the end cursor later is the documented way to wait for new items.
        let again = page(&mut c, &sid, p["next_cursor"].as_str(), 32).await?;
        crate::ensure!(
            !b(&again, "resync_required")? && again["events"] == json!([]),
            "polling the end cursor answered {again}"
        );
        done(c).await?;
        pass()
    })
}

fn empty_then_append(cx: &mut Ctx) -> BoxFut<'_> {
    // The end cursor of an empty session names an empty prefix, which an append leaves
    // unchanged: polling it after the first turn continues with that turn's items.
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "rea-create").await?;
        let empty = page(&mut c, &sid, None, 32).await?;
        let cursor = s(&empty, "next_cursor")?.to_owned();
        let cl = cx.claim(&mut c, &sid, "rea-claim", false).await?;
        let op = cx.op("rea-start");
        let r = c.mutate("turn.start", Some(&sid), &op, Some(control(&cl)), json!({"prompt": "Say hello."})).await?;
        let turn = s(r.ok("turn.start")?, "turn_id")?.to_owned();
        super::events::until_terminal(&mut c, &turn).await?;
        let (whole, _) = replay_all(&mut c, &sid, None, 32).await?;
        let (after, _) = replay_all(&mut c, &sid, Some(&cursor), 32).await?;
        crate::ensure!(!whole.is_empty(), "a session with a settled turn replays no items");
        crate::ensure!(
            after == whole,
            "continuing from the empty session's cursor did not yield every item appended since"
        );
        done(c).await?;
        pass()
    })
}

fn without_claim(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut a = cx.client().await?;
        let mut reader = cx.client().await?;
        let sid = cx.create(&mut a, "rwc-create").await?;
        cx.claim(&mut a, &sid, "rwc-claim", false).await?;
        page(&mut reader, &sid, None, 32).await?;
        done(reader).await?;
        done(a).await?;
        pass()
    })
}

fn resync(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "rs-create").await?;
        let p = page(&mut c, &sid, Some("conformance-not-a-cursor"), 32).await?;
        crate::ensure!(b(&p, "resync_required")?, "an unknown cursor did not require resync: {p}");
        let start = s(&p, "next_cursor")?.to_owned();
        let p = page(&mut c, &sid, Some(&start), 32).await?;
        crate::ensure!(!b(&p, "resync_required")?, "the starting position a resync gave still requires resync");
        done(c).await?;
        pass()
    })
}

fn paging(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let Some(sid) = history(cx, &mut c).await? else {
            done(c).await?;
            return Ok(Outcome::skipped(NO_HISTORY));
        };
        let (whole, _) = replay_all(&mut c, &sid, None, 32).await?;
        let (single, _) = replay_all(&mut c, &sid, None, 1).await?;
        crate::ensure!(whole == single, "pages of 1 and of 32 project different items");
        let mut cursors: Vec<&str> = whole.iter().filter_map(|i| i["cursor"].as_str()).collect();
        let n = cursors.len();
        cursors.sort_unstable();
        cursors.dedup();
        crate::ensure!(cursors.len() == n, "two items share a cursor");
        check_parts(&whole)?;
        // Continuing from any accepted item's cursor yields exactly the items after it.
        let mid = whole.len() / 2;
        if let Some(cursor) = whole.get(mid).and_then(|i| i["cursor"].as_str()) {
            let (rest, _) = replay_all(&mut c, &sid, Some(cursor), 2).await?;
            crate::ensure!(
                rest[..] == whole[mid + 1..],
                "continuing after item {mid} did not yield the remaining items"
            );
        }
        done(c).await?;
        pass()
    })
}

/// "`part` starts at zero for each message or summary"; parts of one text are consecutive.
fn check_parts(items: &[Value]) -> Result<(), Failure> {
    let mut expect_part = 0;
    for i in items {
        if i["kind"] == "terminal" {
            crate::ensure!(expect_part == 0, "a terminal interrupts a multi-part text");
            continue;
        }
        let part = i["part"].as_u64().unwrap_or(u64::MAX);
        crate::ensure!(part == expect_part, "part {part} where {expect_part} was due");
        expect_part = if i["last_part"] == json!(true) { 0 } else { part + 1 };
    }
    crate::ensure!(expect_part == 0, "the last text never ends (no last_part)");
    Ok(())
}

fn foreign_cursor(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let Some(sid) = history(cx, &mut c).await? else {
            done(c).await?;
            return Ok(Outcome::skipped(NO_HISTORY));
        };
        let first = page(&mut c, &sid, None, 1).await?;
        let cursor =
            first["events"][0]["cursor"].as_str().ok_or_else(|| Failure::new("first item without cursor"))?.to_owned();
        let other = cx.create(&mut c, "fc-create").await?;
        let p = page(&mut c, &other, Some(&cursor), 32).await?;
        crate::ensure!(b(&p, "resync_required")?, "another session's cursor was accepted: {p}");
        done(c).await?;
        pass()
    })
}

/// Turns of scenario.replay.bounds and the bytes of each prompt: together more than a 16 KiB
/// page and more than `max_session_page_items` items.
const BOUND_TURNS: usize = 7;
const PROMPT_BYTES: usize = 7001;

fn bounds(cx: &mut Ctx) -> BoxFut<'_> {
    // A history built through the protocol to cross every replay bound: prompts of one ASCII
    // byte and then two-byte characters, so a 2,048-byte cut falls inside a character; enough
    // of them that the items fill more than a page by bytes and more than the item limit.
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "rb-create").await?;
        let cl = cx.claim(&mut c, &sid, "rb-claim", false).await?;
        let mut prompts = Vec::new();
        for i in 0..BOUND_TURNS {
            let prompt = format!("{i}{}", "é".repeat((PROMPT_BYTES - 1) / 2));
            let op = cx.op(&format!("rb-start-{i}"));
            let r = c.mutate("turn.start", Some(&sid), &op, Some(control(&cl)), json!({"prompt": prompt})).await?;
            let turn = s(r.ok("turn.start")?, "turn_id")?.to_owned();
            super::events::until_terminal(&mut c, &turn).await?;
            prompts.push(prompt);
        }
        let limit = constants_page_items();
        let first = page(&mut c, &sid, None, limit).await?;
        let n = first["events"].as_array().map_or(0, Vec::len) as u64;
        crate::ensure!(b(&first, "truncated")?, "a history over 16 KiB replayed whole in one page of {n} items");
        crate::ensure!(
            n < limit,
            "the first page holds {n} items: it was cut by count, not by the 16 KiB payload bound"
        );
        let (whole, _) = replay_all(&mut c, &sid, None, limit).await?;
        crate::ensure!(whole.len() as u64 > limit, "the history has only {} items", whole.len());
        check_parts(&whole)?;
        // The user messages, reassembled from their parts, are the prompts byte for byte.
        let users = user_messages(&whole);
        crate::ensure!(
            users == prompts,
            "the replayed user messages are not the prompts sent (split or joined wrongly)"
        );
        let (pages_of_two, last) = replay_all(&mut c, &sid, None, 2).await?;
        crate::ensure!(pages_of_two == whole, "pages of 2 project other items than pages of {limit}");
        // Polling at the end of a history: "At the current end, `next_cursor` equals
        // `snapshot_cursor`", and continuing from it stays there.
        let end = s(&last, "next_cursor")?.to_owned();
        let poll = page(&mut c, &sid, Some(&end), limit).await?;
        crate::ensure!(
            poll["events"] == json!([]) && !b(&poll, "resync_required")? && !b(&poll, "truncated")?,
            "polling the end of a history answered {poll}"
        );
        crate::ensure!(
            poll["next_cursor"] == json!(end) && poll["snapshot_cursor"] == json!(end),
            "polling the end cursor {end} moved next_cursor to {} (snapshot_cursor {})",
            poll["next_cursor"],
            poll["snapshot_cursor"]
        );
        done(c).await?;
        pass()
    })
}

/// Turns of scenario.replay.page_near_bound, and the span of their prompt sizes (bytes).
const NEAR_TURNS: usize = 24;
const NEAR_PROMPT_BYTES: (usize, usize) = (900, 2000);
/// How close to the 16 KiB bound some page of scenario.replay.page_near_bound must come.
const NEAR_MARGIN: u64 = 300;

/// A prompt of about `bytes` UTF-8 bytes mixing ASCII, two-byte and four-byte characters, so a
/// size counted in characters (or UTF-16 units) is far from the byte count.
fn mixed_prompt(i: usize, bytes: usize) -> String {
    let mut prompt = format!("near {i} ");
    let pieces = ["é", "😀", "a", "ж", "€"];
    let mut k = i;
    while prompt.len() < bytes {
        prompt.push_str(pieces[k % pieces.len()]);
        k = k.wrapping_mul(31).wrapping_add(7);
    }
    prompt
}

fn page_near_bound(cx: &mut Ctx) -> BoxFut<'_> {
    // A page is cut by bytes only when the next item would not fit, so where each page ends
    // depends on the sizes before it. Starting a page at every item of a history of varied
    // non-ASCII items gives pages that end at many distances from the bound: some come within
    // a few hundred bytes of it, where an off-by-some bound (or one counted in characters)
    // goes over.
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "rn-create").await?;
        let cl = cx.claim(&mut c, &sid, "rn-claim", false).await?;
        let (low, high) = NEAR_PROMPT_BYTES;
        for i in 0..NEAR_TURNS {
            let prompt = mixed_prompt(i, low + (i * 397) % (high - low));
            let op = cx.op(&format!("rn-start-{i}"));
            let r = c.mutate("turn.start", Some(&sid), &op, Some(control(&cl)), json!({"prompt": prompt})).await?;
            let turn = s(r.ok("turn.start")?, "turn_id")?.to_owned();
            super::events::until_terminal(&mut c, &turn).await?;
        }
        let limit = constants_page_items();
        let (whole, _) = replay_all(&mut c, &sid, None, limit).await?;
        let bound = agentwire_protocol::limits::MAX_SESSION_REPLAY_PAGE_BYTES;
        let mut closest = 0;
        let mut after: Option<String> = None;
        for it in &whole {
            // `page` checks each page's encoded payload against the bound.
            let p = page(&mut c, &sid, after.as_deref(), limit).await?;
            if b(&p, "truncated")? {
                closest = closest.max(page_bytes(&p)?);
            }
            after = Some(s(it, "cursor")?.to_owned());
        }
        done(c).await?;
        if closest + NEAR_MARGIN < bound {
            return Ok(Outcome::skipped(format!(
                "no page came within {NEAR_MARGIN} bytes of the {bound}-byte bound (closest {closest}): the target cuts pages earlier"
            )));
        }
        pass()
    })
}

/// Bytes of each prompt of scenario.replay.window_moves: ASCII, within `max_string_bytes`.
const WINDOW_PROMPT_BYTES: usize = 16_000;

/// One turn of scenario.replay.window_moves, run to its terminal.
async fn window_turn(cx: &Ctx, c: &mut Client, sid: &str, cl: &Value, i: usize) -> Result<String, Failure> {
    let head = format!("Conformance window {} turn {i}: ", cx.run_id);
    let prompt = format!("{head}{}", "w".repeat(WINDOW_PROMPT_BYTES - head.len()));
    let op = cx.op(&format!("rw-start-{i}"));
    let r = c.mutate("turn.start", Some(sid), &op, Some(control(cl)), json!({"prompt": prompt})).await?;
    let turn = s(r.ok("turn.start")?, "turn_id")?.to_owned();
    super::events::until_terminal(c, &turn).await?;
    Ok(prompt)
}

/// A page after `after` must require resync: no events, and the current starting position.
async fn expect_resync(c: &mut Client, sid: &str, after: &str, what: &str) -> Result<(), Failure> {
    let p = page(c, sid, Some(after), constants_page_items()).await?;
    crate::ensure!(
        b(&p, "resync_required")?,
        "{what}, taken before the replay window's start moved, continued without resync: {p}"
    );
    let restart = s(&p, "next_cursor")?.to_owned();
    let again = page(c, sid, Some(&restart), 1).await?;
    crate::ensure!(!b(&again, "resync_required")?, "the starting position the resync gave requires resync");
    Ok(())
}

fn window_moves(cx: &mut Ctx) -> BoxFut<'_> {
    // History built through the protocol until more prompt bytes than the whole replay window
    // were appended, so the window's start has moved past the session's first records. Two
    // cursors taken before (the first item's, and the start position a resync gave) must both
    // be stale now; the old prompt is outside the window; replay from the start still works.
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "rw-create").await?;
        let cl = cx.claim(&mut c, &sid, "rw-claim", false).await?;
        let first_prompt = window_turn(cx, &mut c, &sid, &cl, 0).await?;
        let first = page(&mut c, &sid, None, 1).await?;
        let item_cursor = s(&first["events"][0], "cursor")?.to_owned();
        let bogus = page(&mut c, &sid, Some("conformance-not-a-cursor"), 1).await?;
        crate::ensure!(b(&bogus, "resync_required")?, "an unknown cursor did not require resync: {bogus}");
        let start_cursor = s(&bogus, "next_cursor")?.to_owned();
        for (cursor, what) in [(&item_cursor, "the first item's cursor"), (&start_cursor, "the resync's start")] {
            let p = page(&mut c, &sid, Some(cursor), 1).await?;
            crate::ensure!(!b(&p, "resync_required")?, "{what} requires resync before the window moved: {p}");
        }
        let window = agentwire_protocol::limits::MAX_SESSION_REPLAY_WINDOW_BYTES as usize;
        let mut last_prompt = first_prompt.clone();
        for i in 1..=window / WINDOW_PROMPT_BYTES + 1 {
            last_prompt = window_turn(cx, &mut c, &sid, &cl, i).await?;
        }
        expect_resync(&mut c, &sid, &item_cursor, "the first item's cursor").await?;
        expect_resync(&mut c, &sid, &start_cursor, "the start position a resync gave").await?;
        let (whole, _) = replay_all(&mut c, &sid, None, constants_page_items()).await?;
        check_parts(&whole)?;
        let users = user_messages(&whole);
        crate::ensure!(
            !users.contains(&first_prompt),
            "the first prompt, older than the 2 MiB window, is still replayed"
        );
        crate::ensure!(users.last() == Some(&last_prompt), "the last prompt is not the last replayed user message");
        done(c).await?;
        pass()
    })
}

/// The user messages of replayed items, each reassembled from its parts.
fn user_messages(items: &[Value]) -> Vec<String> {
    let mut users = Vec::new();
    let mut text = String::new();
    for i in items.iter().filter(|i| i["kind"] == "message" && i["role"] == "user") {
        text.push_str(i["text"].as_str().unwrap_or_default());
        if i["last_part"] == json!(true) {
            users.push(std::mem::take(&mut text));
        }
    }
    users
}

/// `max_session_page_items`, the largest `limit` a replay request may ask for.
fn constants_page_items() -> u64 {
    agentwire_protocol::limits::MAX_SESSION_PAGE_ITEMS
}
