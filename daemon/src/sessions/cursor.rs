//! Opaque replay cursors.
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
//! prefix is unchanged. The hashes are [`super::fingerprint`]'s: stable across builds and
//! platforms (unlike `std`'s hasher). They detect accidents, not attacks,
//! and need not: a forged cursor can only point into a session its holder may replay anyway,
//! or fail as `resync_required`.
//!
//! Text form (lowercase hex, ASCII only so it never needs JSON escaping, at most 97 bytes):
//! `r1.<tag:8>.<head:16>.s.<base>` or `r1.<tag:8>.<head:16>.<offset>.<index>.<span>.<chain:16>`,
//! the latter followed by `.<summary>` for an item of a checkpoint's head. Cursors without it
//! read exactly as before the field existed.

use agentwire_protocol::ReplayItem;

use super::fingerprint::fnv1a64;

/// The session part of every cursor of `session_id`.
pub(crate) fn session_tag(session_id: &str) -> u32 {
    let h = fnv1a64(session_id.as_bytes());
    // Fold instead of truncating so every input byte influences the tag.
    (h ^ (h >> 32)) as u32
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

    #[test]
    fn tags_differ_between_sessions() {
        assert_ne!(session_tag("s-1"), session_tag("s-2"));
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
