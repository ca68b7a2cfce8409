//! Opaque random identifiers. Uniqueness, not secrecy, is what matters here, so no
//! heavy RNG crate: the OS entropy device, with a hashed fallback.

use std::collections::hash_map::RandomState;
use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

/// `"in_"` + 32 lowercase hex chars, fresh for every daemon process.
pub fn new_instance_id() -> String {
    format!("in_{}", random_hex(16))
}

/// `n_bytes` random bytes as lowercase hex (`2 * n_bytes` chars).
pub fn random_hex(n_bytes: usize) -> String {
    let mut bytes = vec![0u8; n_bytes];
    if !fill_from_os(&mut bytes) {
        fill_fallback(&mut bytes);
    }
    hex::encode(bytes)
}

fn fill_from_os(buf: &mut [u8]) -> bool {
    File::open("/dev/urandom").and_then(|mut f| f.read_exact(buf)).is_ok()
}

/// Without /dev/urandom (e.g. a chroot), mixes std's randomly keyed hasher with time,
/// pid and a counter. Weak as a secret, fine for an opaque unique ID.
fn fill_fallback(buf: &mut [u8]) {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut seed = RandomState::new().build_hasher();
    seed.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or_default();
    let mut block = Sha256::new();
    block.update(seed.finish().to_le_bytes());
    block.update(nanos.to_le_bytes());
    block.update(std::process::id().to_le_bytes());
    let mut state = block.finalize();
    for chunk in buf.chunks_mut(state.len()) {
        chunk.copy_from_slice(&state[..chunk.len()]);
        state = Sha256::digest(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_ids_are_prefixed_hex_and_distinct() {
        let a = new_instance_id();
        let b = new_instance_id();
        assert_eq!(a.len(), 35);
        assert!(a.starts_with("in_"));
        assert!(a[3..].bytes().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_ne!(a, b);
    }

    #[test]
    fn fallback_fills_any_length_differently_each_time() {
        let mut a = [0u8; 70];
        let mut b = [0u8; 70];
        fill_fallback(&mut a);
        fill_fallback(&mut b);
        assert_ne!(a, b);
        assert_ne!(a[32..64], [0u8; 32]);
    }
}
