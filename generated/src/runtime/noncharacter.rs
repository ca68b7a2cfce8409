//! I-JSON's ban on noncharacters (RFC 7493 §2.1: "MUST NOT include ... code points that
//! identify Noncharacters"): U+FDD0..=U+FDEF and the last two code points of each of the 17
//! planes (U+FFFE, U+FFFF, U+1FFFE, U+1FFFF, … U+10FFFF). The decoders see strings after JSON
//! escapes are resolved, so a noncharacter written raw and one written as `\uFFFF` (or, above
//! U+FFFF, as a surrogate pair such as `\uDBFF\uDFFF`) are the same character here.

use std::borrow::Cow;

/// Whether `c` is a Unicode noncharacter.
pub const fn is_noncharacter(c: char) -> bool {
    let c = c as u32;
    (0xFDD0 <= c && c <= 0xFDEF) || c & 0xFFFE == 0xFFFE
}

/// Every noncharacter's UTF-8 form starts with 0xEF (U+FDD0..=U+FFFF) or 0xF0..=0xF4 (the other
/// planes), so a string without such a byte (ASCII, and most text) holds none, and is passed
/// over without decoding a character.
fn may_hold_noncharacter(b: u8) -> bool {
    b >= 0xEF
}

/// The byte offset of the first noncharacter of `s`.
pub fn first_noncharacter(s: &str) -> Option<usize> {
    // Most strings of a record (member names, IDs, paths) are ASCII, which the standard
    // library tests a word at a time; the byte search below goes one byte at a time.
    if s.is_ascii() {
        return None;
    }
    // A lead byte starts a character, so `start` is a character boundary.
    let start = s.bytes().position(may_hold_noncharacter)?;
    s[start..].char_indices().find(|&(_, c)| is_noncharacter(c)).map(|(at, _)| start + at)
}

/// `s` with each noncharacter replaced by U+FFFD REPLACEMENT CHARACTER; borrowed when it holds
/// none. What the daemon does to text from a model, a tool or a file before it is sent or stored.
pub fn replace_noncharacters(s: &str) -> Cow<'_, str> {
    if first_noncharacter(s).is_none() {
        return Cow::Borrowed(s);
    }
    Cow::Owned(s.chars().map(|c| if is_noncharacter(c) { char::REPLACEMENT_CHARACTER } else { c }).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noncharacters_are_fdd0_to_fdef_and_the_last_two_of_every_plane() {
        let all: Vec<u32> =
            (0..=0x10FFFFu32).filter_map(char::from_u32).filter(|&c| is_noncharacter(c)).map(u32::from).collect();
        assert_eq!(all.len(), 66, "32 in U+FDD0..U+FDEF and 2 in each of 17 planes");
        for plane in 0..=16u32 {
            assert!(all.contains(&(plane << 16 | 0xFFFE)) && all.contains(&(plane << 16 | 0xFFFF)), "plane {plane}");
        }
        for c in ['\u{FDCF}', '\u{FDF0}', '\u{FFFD}', '\u{1FFFD}', '\u{10000}', '\u{10FFFD}'] {
            assert!(!is_noncharacter(c), "{c:?}");
        }
    }

    #[test]
    fn the_first_noncharacter_is_found_after_other_text() {
        assert_eq!(first_noncharacter("abc"), None);
        assert_eq!(first_noncharacter("ab\u{FFFF}c\u{FDD0}"), Some(2));
        assert_eq!(first_noncharacter("é\u{10FFFF}"), Some(2));
        assert_eq!(first_noncharacter("\u{1F600}\u{FFFE}"), Some(4), "an emoji is passed over");
        assert_eq!(first_noncharacter("\u{EF}\u{FDEF}"), Some(2), "U+00EF is not a lead byte 0xEF");
    }

    #[test]
    fn replacement_keeps_everything_else() {
        assert!(matches!(replace_noncharacters("plain é 😀"), Cow::Borrowed(_)));
        assert_eq!(replace_noncharacters("a\u{FFFF}b\u{FDD0}\u{10FFFE}"), "a\u{FFFD}b\u{FFFD}\u{FFFD}");
    }
}
