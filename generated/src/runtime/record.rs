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

/// Encode one record, newline included; never produces a record the peer must refuse for size.
pub fn encode_record<T: Serialize>(value: &T) -> Result<Vec<u8>, EncodeError> {
    let mut out = serde_json::to_vec(value)?;
    out.push(b'\n');
    if out.len() as u64 > limits::MAX_RECORD_BYTES {
        return Err(EncodeError::TooLarge(out.len()));
    }
    Ok(out)
}
