//! Outbound records: one JSON object plus `\n`, refused when over `max_record_bytes`.

use super::WriteJson;
use crate::limits;

#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    #[error("record of {0} bytes exceeds max_record_bytes")]
    TooLarge(usize),
}

const TYPICAL_RECORD_BYTES: usize = 512;

/// Encode one record, newline included; never produces a record the peer must refuse for size.
pub fn encode_record<T: WriteJson>(value: &T) -> Result<Vec<u8>, EncodeError> {
    // Most records (responses, deltas, activity) fit this, so they are written without the
    // buffer growing, and copying itself, step by step from empty.
    let mut out = Vec::with_capacity(TYPICAL_RECORD_BYTES);
    encode_record_into(value, &mut out)?;
    Ok(out)
}

/// [`encode_record`] into a buffer the caller reuses; `out` is cleared first and, on error,
/// holds nothing worth sending.
pub fn encode_record_into<T: WriteJson>(value: &T, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    out.clear();
    value.write_json(out);
    out.push(b'\n');
    if out.len() as u64 > limits::MAX_RECORD_BYTES {
        return Err(EncodeError::TooLarge(out.len()));
    }
    Ok(())
}
