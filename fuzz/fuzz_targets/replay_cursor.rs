//! Replay cursors, which clients send back opaquely. A text the daemon accepts is exactly the
//! one it would issue for the fields it read (one spelling per position), at most 97 ASCII
//! bytes (so it never needs JSON escaping); every issued cursor reads back to its fields.
#![no_main]

use agentwire_daemon::fuzzing::{cursor_fields, encode_cursor, CursorFields};
use agentwire_protocol::rules;
use libfuzzer_sys::fuzz_target;

/// Fields from raw bytes, for the issuing direction.
fn fields(data: &[u8]) -> Option<CursorFields> {
    let mut bytes = data.iter().copied().chain(std::iter::repeat(0)).take(49);
    let mut word = |n: usize| (0..n).fold(0u64, |acc, _| acc << 8 | u64::from(bytes.next().unwrap_or(0)));
    let kind = word(1);
    let (session_tag, head_fp) = (word(4) as u32, word(8));
    let position = if kind & 1 == 0 {
        Err(word(8))
    } else {
        let (offset, index, span, chain, summary) = (word(8), word(4) as u32, word(4) as u32, word(8), word(8));
        Ok((offset, index, span, chain, (kind & 2 == 2).then_some(summary)))
    };
    Some(CursorFields { session_tag, head_fp, position })
}

fn check_issued(text: &str, fields: CursorFields) {
    assert!(text.len() <= 97 && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.'), "{text}");
    assert!(rules::CURSOR.check(text).is_ok(), "an issued cursor is a valid cursor value: {text}");
    assert_eq!(cursor_fields(text), Some(fields), "{text}");
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Some(read) = cursor_fields(text) {
            assert_eq!(encode_cursor(read), text, "an accepted cursor has one spelling");
            check_issued(text, read);
        }
    }
    if let Some(fields) = fields(data) {
        check_issued(&encode_cursor(fields), fields);
    }
});
