//! The writer against serde_json itself: every output must be the same bytes.

use super::{separate, write_str, WriteJson};
use proptest::prelude::*;
use serde::Serialize;
use serde_json::json;

fn same_as_serde_json<T: WriteJson + Serialize + ?Sized>(value: &T) {
    let mut ours = Vec::new();
    value.write_json(&mut ours);
    let theirs = serde_json::to_vec(value).expect("serde_json writes");
    assert_eq!(String::from_utf8_lossy(&ours), String::from_utf8_lossy(&theirs));
}

#[test]
fn strings_needing_escapes_match_serde_json() {
    for s in
        ["", "plain", "quote \" here", "back\\slash", "tab\tnew\nline\r", "\u{0}\u{1f}\u{7f}", "é ✓ 😀", "</script>"]
    {
        same_as_serde_json(s);
    }
}

#[test]
fn every_ascii_byte_at_every_position_of_a_word_matches_serde_json() {
    // The escape check reads eight bytes at a time: each byte must be found in every lane, in
    // the tail after the last whole word, and next to bytes that could borrow into it.
    for len in 1..=20 {
        for at in 0..len {
            for b in 0u8..0x80 {
                let mut bytes = vec![b'a'; len];
                bytes[at] = b;
                let s = String::from_utf8(bytes).expect("ascii");
                same_as_serde_json(s.as_str());
                let mut next_to_high = s.into_bytes();
                next_to_high.extend_from_slice("é".as_bytes());
                same_as_serde_json(String::from_utf8(next_to_high).expect("utf-8").as_str());
            }
        }
    }
}

#[test]
fn unsigned_integers_booleans_options_and_arrays_match_serde_json() {
    same_as_serde_json(&[0u64, 1, 9, 10, 99, 100, u64::from(u32::MAX), u64::MAX][..]);
    same_as_serde_json(&[u16::MAX, 0][..]);
    same_as_serde_json(&[u32::MAX, 7][..]);
    same_as_serde_json(&[true, false][..]);
    same_as_serde_json(&vec![Some("a".to_owned()), None]);
    same_as_serde_json(&Vec::<bool>::new());
    same_as_serde_json(&Box::new(5u64));
}

#[test]
fn json_values_match_serde_json() {
    same_as_serde_json(&json!({"b": [1, -2, 0.5, null, {"q\"": "\u{1}"}], "a": {}, "e": []}));
}

#[test]
fn a_member_after_omitted_ones_is_separated_only_when_something_precedes_it() {
    // An object whose leading members were all omitted: no comma after the opening brace.
    let mut out = b"{".to_vec();
    separate(&mut out);
    out.extend_from_slice(br#""a":1"#);
    // After any value (a number, then an object, a string, an array, a literal) a comma.
    for (key, value) in [("b", &b"{}"[..]), ("c", b"\"s\""), ("d", b"[]"), ("e", b"null")] {
        separate(&mut out);
        write_str(&mut out, key);
        out.push(b':');
        out.extend_from_slice(value);
    }
    out.push(b'}');
    assert_eq!(String::from_utf8_lossy(&out), r#"{"a":1,"b":{},"c":"s","d":[],"e":null}"#);
}

proptest! {
    /// Any string: serde_json's bytes, except that each noncharacter is U+FFFD.
    #[test]
    fn any_string_matches_serde_json(s in any::<String>()) {
        let mut ours = Vec::new();
        write_str(&mut ours, &s);
        let valid = crate::runtime::replace_noncharacters(&s);
        prop_assert_eq!(ours, serde_json::to_vec(valid.as_ref()).expect("serde_json writes"));
    }

    #[test]
    fn any_ascii_string_matches_serde_json(s in "[\\x00-\\x7f]{0,40}") {
        let mut ours = Vec::new();
        write_str(&mut ours, &s);
        prop_assert_eq!(ours, serde_json::to_vec(&s).expect("serde_json writes"));
    }
}

/// "The daemon then must never emit" a noncharacter: each is written as U+FFFD, in string
/// values and in free-form values' strings and member names, so the record stays I-JSON.
#[test]
fn noncharacters_are_written_as_the_replacement_character() {
    let written = |v: &dyn Fn(&mut Vec<u8>)| {
        let mut out = Vec::new();
        v(&mut out);
        String::from_utf8(out).expect("utf-8")
    };
    for (input, expected) in [
        ("a\u{FFFF}b", "\"a\u{FFFD}b\""),
        ("\u{FDD0}\u{FDEF}", "\"\u{FFFD}\u{FFFD}\""),
        ("quote\"\u{10FFFF}", "\"quote\\\"\u{FFFD}\""),
        ("long text before it: 0123456789abcdef\u{1FFFE}", "\"long text before it: 0123456789abcdef\u{FFFD}\""),
    ] {
        assert_eq!(written(&|out| write_str(out, input)), expected, "{input:?}");
    }
    let args = json!({"k\u{FFFE}": ["x\u{FFFF}", {"n": "\u{FDD0}"}], "plain": "é"});
    assert_eq!(
        written(&|out| args.write_json(out)),
        "{\"k\u{FFFD}\":[\"x\u{FFFD}\",{\"n\":\"\u{FFFD}\"}],\"plain\":\"é\"}"
    );
    // Neighbours are characters and pass unchanged, exactly as serde_json writes them.
    for s in ["\u{FDCF}\u{FDF0}\u{FFFD}\u{1FFFD}\u{10FFFD}", "é ✓ 😀"] {
        same_as_serde_json(s);
    }
}
