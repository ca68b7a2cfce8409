//! One bounded replay page over a refreshed [`Projection`].

use std::io;

use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::{limits, ReplayItem, SessionReplayResponse};

use super::cursor::{Position, ReplayCursor};
use super::error::SessionError;
use super::projection::{cursor_of, set_cursor};
use super::window::Projection;

/// Largest complete encoded payload of one page (seed: "including events, cursors, flags,
/// and JSON framing").
const MAX_PAGE_BYTES: usize = limits::MAX_SESSION_REPLAY_PAGE_BYTES as usize;

/// Where `after` puts the page start: the index of the first item to return.
fn resolve(p: &Projection, after: &str) -> Option<usize> {
    let cursor = ReplayCursor::decode(after)?;
    if cursor.session_tag != p.session_tag() {
        return None;
    }
    match cursor.position {
        // The start of a file has an empty prefix: whatever the file holds now continues it,
        // so a cursor taken on an empty session survives the first append.
        Position::Start { base: 0 } if p.base() == 0 => Some(0),
        Position::Start { base } => (base == p.base() && cursor.head_fp == p.head_fp()).then_some(0),
        Position::Item { offset, index, span, chain, summary } => {
            if cursor.head_fp != p.head_fp() || offset < p.base() || p.chain_at(offset, span) != Some(chain) {
                return None;
            }
            // The compacting turn's prompt was projected before its compaction too, after the
            // history the summary now replaces: only a cursor issued under this checkpoint
            // continues the current prefix ("stale after compaction" otherwise).
            if summary != p.head_summary(offset) {
                return None;
            }
            let items = p.items();
            let i = items.partition_point(|it| (it.offset, it.index) < (offset, index));
            let it = items.get(i)?;
            (it.offset == offset && it.index == index).then_some(i + 1)
        }
    }
}

/// Payload size with an empty `events` array, an empty `next_cursor` and every flag `false`
/// (the longest spelling): the fixed part every page pays.
fn fixed_bytes(snapshot_cursor: &str) -> Result<usize, SessionError> {
    let empty = SessionReplayResponse::new(Vec::new(), String::new(), snapshot_cursor.to_string(), false, false, false);
    Ok(serde_json::to_vec(&empty).map_err(io::Error::other)?.len())
}

/// Encoded size of one item, counted without allocating.
fn item_bytes(item: &ReplayItem) -> Result<usize, SessionError> {
    struct Count(usize);
    impl io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, item).map_err(io::Error::other)?;
    Ok(count.0)
}

/// Payload bytes as the real record encoder produces them (its trailing newline excluded).
fn encoded_payload_bytes(page: &SessionReplayResponse) -> Result<usize, SessionError> {
    Ok(encode_record(page)?.len() - 1)
}

pub(crate) fn page(p: &Projection, after: Option<&str>, limit: usize) -> Result<SessionReplayResponse, SessionError> {
    let items = p.items();
    let start_cursor = p.start_cursor();
    let snapshot_cursor = p.end_cursor();
    let start = match after {
        None => 0,
        Some(after) => match resolve(p, after) {
            Some(i) => i,
            None => {
                return Ok(SessionReplayResponse::new(
                    Vec::new(),
                    start_cursor,
                    snapshot_cursor,
                    !items.is_empty(),
                    p.any_gap(),
                    true,
                ))
            }
        },
    };

    // Pick items with exact sizes: fixed part + items + commas + the next cursor (ASCII, so
    // its JSON length is its byte length).
    let fixed = fixed_bytes(&snapshot_cursor)?;
    let mut events: Vec<ReplayItem> = Vec::new();
    let mut used = fixed;
    for it in items.iter().skip(start).take(limit) {
        let mut item = it.item.clone();
        set_cursor(&mut item, p.cursor_for(it));
        let separator = usize::from(!events.is_empty());
        let grown = used + separator + item_bytes(&item)?;
        if grown + cursor_of(&item).len() > MAX_PAGE_BYTES {
            break;
        }
        used = grown;
        events.push(item);
    }
    if events.is_empty() && start < items.len() && limit > 0 {
        return Err(SessionError::ItemTooLarge);
    }

    let mut response = build(p, start, events, &start_cursor, snapshot_cursor);
    // The arithmetic above is exact, but the real encoder has the last word: never send a
    // page over the bound even if the serializer's output ever changes shape.
    while encoded_payload_bytes(&response)? > MAX_PAGE_BYTES {
        let mut events = std::mem::take(&mut response.events);
        if events.pop().is_none() || events.is_empty() {
            return Err(SessionError::ItemTooLarge);
        }
        response = build(p, start, events, &start_cursor, response.snapshot_cursor);
    }
    Ok(response)
}

/// The page of a session whose transcript is never read (not a regular file of this user):
/// nothing, with `gap` set, since records may exist that are not shown.
pub(crate) fn unreadable(session_id: &str) -> SessionReplayResponse {
    let cursor = Projection::new(session_id).start_cursor();
    SessionReplayResponse::new(Vec::new(), cursor.clone(), cursor, false, true, false)
}

fn build(
    p: &Projection,
    start: usize,
    events: Vec<ReplayItem>,
    start_cursor: &str,
    snapshot_cursor: String,
) -> SessionReplayResponse {
    let items = p.items();
    let end = start + events.len();
    let truncated = end < items.len();
    let next_cursor = match events.last() {
        Some(last) => cursor_of(last).to_string(),
        None if start == 0 => start_cursor.to_string(),
        None => items.get(start - 1).map_or_else(|| start_cursor.to_string(), |it| p.cursor_for(it)),
    };
    // `gap` covers the records this page spans: from the `after` position to the page's last
    // item, or to the end of the file when the page reaches it (where a torn tail sits).
    let from = if start == 0 { p.base() } else { items.get(start - 1).map_or(p.base(), |it| it.end) };
    let to = if truncated { end.checked_sub(1).and_then(|i| items.get(i)).map_or(from, |it| it.end) } else { u64::MAX };
    let gap = (start == 0 && p.omitted_before()) || p.has_gap_in(from, to) || (!truncated && p.torn_tail());
    SessionReplayResponse::new(events, next_cursor, snapshot_cursor, truncated, gap, false)
}
