//! One bounded replay page over a refreshed [`Projection`], and the opaque cursors it issues.
//!
//! A cursor names a position in the projection of one session's transcript without any
//! server-side state, so it survives a daemon restart. It binds:
//! - the session (a 32-bit tag of its ID), so a cursor of another session is refused;
//! - the file's head (a fingerprint of its first line), so a rewritten or replaced
//!   transcript is noticed;
//! - the position: either the start of the window at byte `base`, or "after item `index` of
//!   the record that starts at byte `offset`";
//! - for an item position, a chain hash over the `span` lines (up to 64) that end with that
//!   record, so a change to the record *or to the lines just before it* is noticed — not only
//!   a change of the record itself (a same-length rewrite of an earlier line would otherwise
//!   keep every later offset and record intact);
//! - for an item of a compaction checkpoint's head (the compacting turn's prompt and the
//!   records before its summary), the summary's offset. The prompt was already projected
//!   before the compaction, after the history the summary replaces; its lines are unchanged,
//!   so only this field tells a cursor issued under the checkpoint (valid) from one issued
//!   before it (a stale prefix: `resync_required`).
//!
//! Byte offsets of line starts never move under appends, so cursors stay valid while the
//! prefix is unchanged. The hashes are [`super::projection`]'s fingerprints: stable across
//! builds and platforms (unlike `std`'s hasher). They detect accidents, not attacks, and need
//! not: a forged cursor can only point into a session its holder may replay anyway,
//! or fail as `resync_required`.
//!
//! Text form (lowercase hex, ASCII only so it never needs JSON escaping, at most 97 bytes):
//! `r1.<tag:8>.<head:16>.s.<base>` or `r1.<tag:8>.<head:16>.<offset>.<index>.<span>.<chain:16>`,
//! the latter followed by `.<summary>` for an item of a checkpoint's head. Cursors without it
//! read exactly as before the field existed.

use std::io;
use std::path::Path;

use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::{limits, ReplayItem, SessionReplayResponse};

use super::error::SessionError;
use super::projection::{ProjItem, Projection};
use super::store::HeldLock;
use crate::storage::transcript::{is_unsafe_file, WindowLimits};

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

/// One page of the session's projection (built in `slot` on the session's first replay),
/// refreshed first: the replay lock `shared` is held until the appended bytes are parsed, not
/// while the page is built.
pub(crate) fn read(
    slot: &mut Option<Projection>,
    dir: &Path,
    shared: Option<HeldLock>,
    limits: WindowLimits,
    session_id: &str,
    after: Option<&str>,
    limit: usize,
) -> Result<SessionReplayResponse, SessionError> {
    let p = slot.get_or_insert_with(|| Projection::new(session_id));
    let refreshed = p.refresh(dir, limits);
    drop(shared);
    if let Err(e) = refreshed {
        // A transcript that is not a regular file of this user is never read.
        return if is_unsafe_file(&e) { Ok(unreadable(session_id)) } else { Err(e.into()) };
    }
    page(p, after, limit)
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

// Cursors issued for the projection's items.
impl Projection {
    /// Cursor after the last projected item: the end observed (`snapshot_cursor`).
    pub(crate) fn end_cursor(&self) -> String {
        self.items().back().map_or_else(|| self.start_cursor(), |it| self.cursor_for(it))
    }

    /// The cursor after `it`, with the chain [`Projection::item_chain`] picks for it.
    pub(crate) fn cursor_for(&self, it: &ProjItem) -> String {
        let (span, chain) = self.item_chain(it);
        let summary = self.head_summary(it.offset);
        let position = Position::Item { offset: it.offset, index: it.index, span, chain, summary };
        ReplayCursor { session_tag: self.session_tag(), head_fp: self.head_fp(), position }.encode()
    }

    pub(crate) fn start_cursor(&self) -> String {
        let position = Position::Start { base: self.base() };
        ReplayCursor { session_tag: self.session_tag(), head_fp: self.head_fp(), position }.encode()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Position {
    /// Before the first item of a window whose first line starts at byte `base`.
    Start { base: u64 },
    /// After item `index` of the record starting at byte `offset`; `chain` hashes the `span`
    /// lines ending with that record; `summary` is the offset of the checkpoint summary whose
    /// head holds the record, if any.
    Item { offset: u64, index: u32, span: u32, chain: u64, summary: Option<u64> },
}

/// A replay cursor as the daemon reads it; on the wire it is the opaque `cursor` string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ReplayCursor {
    pub session_tag: u32,
    pub head_fp: u64,
    pub position: Position,
}

const VERSION: &str = "r1";

impl ReplayCursor {
    pub(crate) fn encode(&self) -> String {
        match self.position {
            Position::Start { base } => {
                format!("{VERSION}.{:08x}.{:016x}.s.{base:x}", self.session_tag, self.head_fp)
            }
            Position::Item { offset, index, span, chain, summary } => {
                let mut text = format!(
                    "{VERSION}.{:08x}.{:016x}.{offset:x}.{index:x}.{span:x}.{chain:016x}",
                    self.session_tag, self.head_fp
                );
                if let Some(summary) = summary {
                    text.push_str(&format!(".{summary:x}"));
                }
                text
            }
        }
    }

    /// `None` for anything that is not exactly what [`ReplayCursor::encode`] produces; the caller
    /// answers `resync_required`, never an error, because cursors are opaque to clients.
    pub(crate) fn decode(text: &str) -> Option<ReplayCursor> {
        let mut fields = text.split('.');
        if fields.next()? != VERSION {
            return None;
        }
        let session_tag = u32::from_str_radix(fields.next()?, 16).ok()?;
        let head_fp = u64::from_str_radix(fields.next()?, 16).ok()?;
        let fourth = fields.next()?;
        let position = if fourth == "s" {
            Position::Start { base: u64::from_str_radix(fields.next()?, 16).ok()? }
        } else {
            Position::Item {
                offset: u64::from_str_radix(fourth, 16).ok()?,
                index: u32::from_str_radix(fields.next()?, 16).ok()?,
                span: u32::from_str_radix(fields.next()?, 16).ok()?,
                chain: u64::from_str_radix(fields.next()?, 16).ok()?,
                summary: match fields.next() {
                    Some(summary) => Some(u64::from_str_radix(summary, 16).ok()?),
                    None => None,
                },
            }
        };
        if fields.next().is_some() {
            return None;
        }
        let cursor = ReplayCursor { session_tag, head_fp, position };
        // One spelling per position: `+`, leading zeros or upper case are refused, so equal
        // positions always compare equal as strings too.
        (cursor.encode() == text).then_some(cursor)
    }
}

/// The cursor field of a replay item, whatever its kind.
pub(crate) fn set_cursor(item: &mut ReplayItem, cursor: String) {
    match item {
        ReplayItem::Message(m) => m.cursor = cursor,
        ReplayItem::Terminal(t) => t.cursor = cursor,
        ReplayItem::Summary(s) => s.cursor = cursor,
    }
}

/// The cursor a replay item carries.
pub(crate) fn cursor_of(item: &ReplayItem) -> &str {
    match item {
        ReplayItem::Message(m) => &m.cursor,
        ReplayItem::Terminal(t) => &t.cursor,
        ReplayItem::Summary(s) => &s.cursor,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agentwire_protocol::{limits, rules};

    fn worst_case() -> [ReplayCursor; 3] {
        let item =
            |summary| Position::Item { offset: u64::MAX, index: u32::MAX, span: u32::MAX, chain: u64::MAX, summary };
        [
            ReplayCursor { session_tag: u32::MAX, head_fp: u64::MAX, position: Position::Start { base: u64::MAX } },
            ReplayCursor { session_tag: u32::MAX, head_fp: u64::MAX, position: item(None) },
            ReplayCursor { session_tag: u32::MAX, head_fp: u64::MAX, position: item(Some(u64::MAX)) },
        ]
    }

    #[test]
    fn cursors_round_trip_and_stay_within_128_bytes() {
        for c in worst_case() {
            let text = c.encode();
            assert!(text.len() as u64 <= limits::MAX_ID_BYTES, "opaque cursors ≤ max_id_bytes: {text}");
            assert!(text.len() <= 97, "the documented bound: {text}");
            assert!(rules::CURSOR.check(&text).is_ok());
            assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.'), "never needs JSON escaping");
            assert_eq!(ReplayCursor::decode(&text), Some(c));
        }
        for summary in [None, Some(0), Some(0x40)] {
            let position = Position::Item { offset: 0, index: 0, span: 1, chain: 3, summary };
            let small = ReplayCursor { session_tag: 1, head_fp: 2, position };
            assert_eq!(ReplayCursor::decode(&small.encode()), Some(small));
        }
        // A cursor issued before checkpoint heads existed reads as one outside any head.
        let old = "r1.00000001.0000000000000002.0.0.1.0000000000000003";
        let position = Position::Item { offset: 0, index: 0, span: 1, chain: 3, summary: None };
        assert_eq!(ReplayCursor::decode(old), Some(ReplayCursor { session_tag: 1, head_fp: 2, position }));
    }

    #[test]
    fn malformed_cursors_are_refused() {
        let good = worst_case()[1].encode();
        let headed = worst_case()[2].encode();
        for bad in [
            "",
            "r1",
            "r2.ffffffff.ffffffffffffffff.s.0",
            "r1.ffffffff.ffffffffffffffff.s",
            "r1.ffffffff.ffffffffffffffff.s.0.extra",
            "r1.FFFFFFFF.ffffffffffffffff.s.0",
            "r1.ffffffff.ffffffffffffffff.s.00",
            "r1.ffffffff.ffffffffffffffff.s.+1",
            "r1.0.0.s.0",
            "r1.ffffffff.ffffffffffffffff.1.0",
            "r1.ffffffff.ffffffffffffffff.1.0.1",
            &good[..good.len() - 1],
            &format!("{good}0"),
            &format!("{good}."),
            &format!("{good}.01"),
            &format!("{good}.1.2"),
            &format!("{good}.S"),
            &format!("{headed}0"),
        ] {
            assert_eq!(ReplayCursor::decode(bad), None, "{bad}");
        }
    }
}
