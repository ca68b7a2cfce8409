//! Oracles shared by the fuzz targets: what must hold of every input, beyond "does not panic".

use agentwire_protocol::limits;
use agentwire_protocol::runtime::WriteJson;

/// Re-encode an accepted value with the outbound writer ([`WriteJson`], the one encoding) and
/// decode it again: it must come back equal. An encoding that no longer fits a record (defaults
/// filled in can lengthen it) is not decoded again.
pub fn assert_round_trip<T, E>(value: &T, decode: impl FnOnce(&[u8]) -> Result<T, E>)
where
    T: WriteJson + PartialEq + std::fmt::Debug,
    E: std::fmt::Debug,
{
    let mut encoded = Vec::new();
    value.write_json(&mut encoded);
    if encoded.len() as u64 >= limits::MAX_RECORD_BYTES {
        return;
    }
    match decode(&encoded) {
        Ok(again) => assert_eq!(&again, value, "re-decoding {}", String::from_utf8_lossy(&encoded)),
        Err(e) => panic!("the encoding of an accepted value is refused ({e:?}): {}", String::from_utf8_lossy(&encoded)),
    }
}

/// The first byte of an input picks one of `choices`; the rest is the record.
pub fn pick<'a, T: Copy>(data: &'a [u8], choices: &[T]) -> Option<(T, &'a [u8])> {
    let (&first, rest) = data.split_first()?;
    Some((choices[usize::from(first) % choices.len()], rest))
}
