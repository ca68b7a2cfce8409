//! Oracles shared by the fuzz targets: what must hold of every input, beyond "does not panic".

use agentwire_protocol::limits;
use agentwire_protocol::runtime::WriteJson;

/// Re-encode an accepted value and decode it again: it must come back equal, and the outbound
/// writer ([`WriteJson`]) must produce exactly serde_json's bytes. An encoding that no longer
/// fits a record (defaults filled in can lengthen it) is not decoded again.
pub fn assert_round_trip<T, E>(value: &T, decode: impl FnOnce(&[u8]) -> Result<T, E>)
where
    T: serde::Serialize + WriteJson + PartialEq + std::fmt::Debug,
    E: std::fmt::Debug,
{
    let encoded = serde_json::to_vec(value).expect("an accepted value always encodes");
    let mut written = Vec::new();
    value.write_json(&mut written);
    assert_eq!(
        String::from_utf8_lossy(&written),
        String::from_utf8_lossy(&encoded),
        "WriteJson differs from serde_json"
    );
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
