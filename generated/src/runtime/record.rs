//! Outbound records: one JSON object plus `\n`, refused when over `max_record_bytes`.

use crate::limits;
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    #[error("record of {0} bytes exceeds max_record_bytes")]
    TooLarge(usize),
    #[error("record could not be encoded: {0}")]
    Json(#[from] serde_json::Error),
}

const TYPICAL_RECORD_BYTES: usize = 512;

/// Encode one record, newline included; never produces a record the peer must refuse for size.
pub fn encode_record<T: Serialize>(value: &T) -> Result<Vec<u8>, EncodeError> {
    // Most records (responses, deltas, activity) fit this, so they are written without the
    // grow-and-copy steps of serde_json's default 128-byte start.
    let mut out = Vec::with_capacity(TYPICAL_RECORD_BYTES);
    encode_record_into(value, &mut out)?;
    Ok(out)
}

/// [`encode_record`] into a buffer the caller reuses; `out` is cleared first and, on error,
/// holds nothing worth sending.
pub fn encode_record_into<T: Serialize>(value: &T, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    out.clear();
    super::compact_json::write(out, value)?;
    out.push(b'\n');
    if out.len() as u64 > limits::MAX_RECORD_BYTES {
        return Err(EncodeError::TooLarge(out.len()));
    }
    Ok(())
}
