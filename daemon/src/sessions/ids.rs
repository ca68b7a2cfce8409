//! Session and claim identifiers.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use agentwire_protocol::SessionId;

use super::error::SessionError;
use crate::transport::instance_id::random_hex;
use crate::transport::paths;

/// Last millisecond handed out by this process, so IDs created in one process sort strictly
/// by creation even within one millisecond or after a backwards clock step.
static LAST_MS: AtomicU64 = AtomicU64::new(0);

/// `s-<13-digit unix ms>-<8 hex>`: sortable by creation (fixed width until the year 2286),
/// and the random suffix keeps two daemons on one state root from colliding in practice;
/// `create` retries on the rare collision anyway.
pub(crate) fn new_session_id() -> Result<SessionId, SessionError> {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
    let mut ms = now;
    // `fetch_update` with a closure that always returns `Some` cannot fail.
    let _ = LAST_MS.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |last| {
        ms = now.max(last + 1);
        Some(ms)
    });
    session_id_of(&format!("s-{ms:013}-{}", random_hex(4)))
}

/// A fresh claim ID; random so a guessed ID cannot pose as another connection's proof.
pub(crate) fn new_claim_id() -> String {
    format!("c-{}", random_hex(12))
}

/// A session ID from text that did not come through the protocol decoder (a folder name, a
/// listing's `after`): the protocol's rule (the type's constructor) and the path rule, so
/// path safety does not depend on the protocol charset never being widened.
pub(crate) fn session_id_of(text: &str) -> Result<SessionId, SessionError> {
    match SessionId::try_from(text) {
        Ok(id) if paths::is_safe_session_id(&id) => Ok(id),
        _ => Err(SessionError::InvalidId),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_ids_are_server_generated_valid_and_sortable_by_creation() {
        let ids: Vec<SessionId> = (0..200).map(|_| new_session_id().unwrap()).collect();
        for id in &ids {
            assert!(session_id_of(id).is_ok(), "{id}");
            assert_eq!(id.len(), "s-".len() + 13 + 1 + 8);
        }
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(sorted, ids, "IDs sort by creation");
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len());
    }

    #[test]
    fn incoming_ids_are_validated_before_path_resolution() {
        let long = "a".repeat(129);
        for bad in ["", "..", "a/b", "a.b", "é", " s", long.as_str()] {
            assert!(matches!(session_id_of(bad), Err(SessionError::InvalidId)), "{bad:?}");
        }
        assert!(session_id_of(&"a".repeat(agentwire_protocol::limits::MAX_ID_BYTES as usize)).is_ok());
        assert!(session_id_of("A-z_09").is_ok());
    }
}
