//! Compact JSON for outbound records, without a serializer in between: the generated types
//! write their member names as literals and their values through [`WriteJson`], the one encoding
//! they have (their `Serialize` impls hand serde the same bytes: [`serialize_written`]). A value
//! is written as serde_json writes it (the tests here hold strings, numbers and `Value`s to
//! that), except that a noncharacter, which serde_json would write as it is, is written as U+FFFD.

use serde_json::ser::{CompactFormatter, Formatter};

/// A value that writes itself as compact JSON, exactly as serde_json would write it.
pub trait WriteJson {
    fn write_json(&self, out: &mut Vec<u8>);
}

/// serde's `Serialize` for every generated type, for callers that want serde
/// (`serde_json::to_value`, `json!`, a serializable struct holding one): the bytes [`WriteJson`]
/// writes, handed over as raw JSON. So a generated type has one encoding, whichever way it is
/// asked for. serde_json's serializers take the raw JSON as it is (`to_value` parses it).
pub fn serialize_written<T: WriteJson + ?Sized, S: serde::Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::Error;
    let mut out = Vec::new();
    value.write_json(&mut out);
    let text = String::from_utf8(out).map_err(S::Error::custom)?;
    let raw = serde_json::value::RawValue::from_string(text).map_err(S::Error::custom)?;
    serde::Serialize::serialize(&raw, s)
}

/// Eight copies of one byte, for testing the bytes of a word at once.
const fn splat(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// Whether some byte of `word` is a control character, a quotation mark or a reverse solidus
/// (serde_json's escape set). `x - splat(n) & !x & splat(0x80)` is non-zero exactly when some
/// byte of `x` is below `n` (for `n <= 0x80`); a byte equal to `c` is a zero byte of `x ^ c`.
fn word_needs_escape(word: u64) -> bool {
    let (quote, backslash) = (word ^ splat(b'"'), word ^ splat(b'\\'));
    let below = |x: u64, n: u8| x.wrapping_sub(splat(n)) & !x;
    (below(word, 0x20) | below(quote, 1) | below(backslash, 1)) & splat(0x80) != 0
}

fn byte_needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// What one pass over a string finds: whether some byte needs an escape, and whether some byte
/// is not ASCII (only then can the string hold a noncharacter).
fn scan(bytes: &[u8]) -> (bool, bool) {
    let mut words = bytes.chunks_exact(8);
    let (mut escape, mut high) = (false, 0u64);
    for w in &mut words {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        let word = u64::from_le_bytes(word);
        escape |= word_needs_escape(word);
        high |= word;
    }
    let tail = words.remainder();
    escape |= tail.iter().copied().any(byte_needs_escape);
    let non_ascii = high & splat(0x80) != 0 || tail.iter().any(|b| !b.is_ascii());
    (escape, non_ascii)
}

/// A JSON string: copied whole when nothing in it needs an escape, else written by serde_json.
/// A noncharacter (which I-JSON forbids, RFC 7493 §2.1) is written as U+FFFD, so no record the
/// daemon sends or stores holds one, whatever text a model, tool or file gave it; only strings
/// with a byte above ASCII pay for that look.
pub fn write_str(out: &mut Vec<u8>, s: &str) {
    let (escape, non_ascii) = scan(s.as_bytes());
    if non_ascii && super::first_noncharacter(s).is_some() {
        let valid = super::replace_noncharacters(s);
        return write_str(out, &valid);
    }
    if escape {
        // Writing a string into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut *out, s);
        return;
    }
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// The separator before an object member whose predecessors may all have been omitted: none
/// right after the opening brace (no JSON value ends in `{`), a comma otherwise.
pub fn separate(out: &mut Vec<u8>) {
    if out.last() != Some(&b'{') {
        out.push(b',');
    }
}

impl WriteJson for str {
    fn write_json(&self, out: &mut Vec<u8>) {
        write_str(out, self);
    }
}

impl WriteJson for String {
    fn write_json(&self, out: &mut Vec<u8>) {
        write_str(out, self);
    }
}

impl WriteJson for bool {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(if *self { b"true" } else { b"false" });
    }
}

macro_rules! unsigned {
    ($($ty:ty),*) => {$(
        impl WriteJson for $ty {
            fn write_json(&self, out: &mut Vec<u8>) {
                // serde_json's own integer formatting; writing into a Vec cannot fail.
                let _ = CompactFormatter.write_u64(out, u64::from(*self));
            }
        }
    )*};
}
unsigned!(u16, u32, u64);

impl WriteJson for serde_json::Value {
    fn write_json(&self, out: &mut Vec<u8>) {
        // A Value's keys are strings and its numbers finite, so writing it cannot fail.
        if holds_noncharacter(self) {
            let _ = serde_json::to_writer(&mut *out, &without_noncharacters(self));
        } else {
            let _ = serde_json::to_writer(&mut *out, self);
        }
    }
}

/// Whether a string value or member name anywhere in `v` holds a noncharacter.
fn holds_noncharacter(v: &serde_json::Value) -> bool {
    use serde_json::Value;
    let bad = |s: &str| super::first_noncharacter(s).is_some();
    match v {
        Value::String(s) => bad(s),
        Value::Array(items) => items.iter().any(holds_noncharacter),
        Value::Object(map) => map.iter().any(|(k, v)| bad(k) || holds_noncharacter(v)),
        _ => false,
    }
}

/// `v` with every noncharacter of its strings and member names written as U+FFFD. Two names
/// that become equal would be a duplicate member, which I-JSON forbids too: the later member
/// replaces the earlier one, as a JSON object's later member would for most readers.
fn without_noncharacters(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::String(s) => Value::String(super::replace_noncharacters(s).into_owned()),
        Value::Array(items) => Value::Array(items.iter().map(without_noncharacters).collect()),
        Value::Object(map) => Value::Object(
            map.iter().map(|(k, v)| (super::replace_noncharacters(k).into_owned(), without_noncharacters(v))).collect(),
        ),
        other => other.clone(),
    }
}

impl<T: WriteJson + ?Sized> WriteJson for Box<T> {
    fn write_json(&self, out: &mut Vec<u8>) {
        (**self).write_json(out);
    }
}

impl<T: WriteJson> WriteJson for Option<T> {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Some(v) => v.write_json(out),
            None => out.extend_from_slice(b"null"),
        }
    }
}

impl<T: WriteJson> WriteJson for [T] {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.push(b'[');
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            v.write_json(out);
        }
        out.push(b']');
    }
}

impl<T: WriteJson> WriteJson for Vec<T> {
    fn write_json(&self, out: &mut Vec<u8>) {
        self.as_slice().write_json(out);
    }
}

#[cfg(test)]
#[path = "write_json_tests.rs"]
mod tests;
