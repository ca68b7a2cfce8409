//! Fingerprints that tell whether a transcript is still the file a projection or a cursor was
//! made from: FNV-1a of the first line and of the bytes just before the parsed end, and a
//! polynomial chain hash over line fingerprints (an item cursor carries the chain of the lines
//! ending with its record). Stable across builds and platforms, unlike `std`'s hasher.

use std::fs::File;
use std::io;

use crate::storage::transcript::read_range;

/// The head fingerprint covers at most this much of the first line: enough to tell
/// transcripts apart, and a bounded read on every request.
const HEAD_PROBE_BYTES: u64 = 4096;
/// Bytes just before the parsed end that must be unchanged for the cache to be reused.
const TAIL_PROBE_BYTES: u64 = 64;

/// FNV-1a, 64 bit.
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Most lines an item cursor's chain covers: changes this far before a cursor are noticed.
pub(crate) const CHAIN_MAX_LINES: usize = 64;
/// The chain is a polynomial hash modulo the Mersenne prime 2^61−1 over line fingerprints:
/// prefix values make the hash of any run of lines an O(1) difference, whatever line the
/// cache happened to start at (so it is the same after a restart).
pub(crate) const CHAIN_MOD: u64 = (1 << 61) - 1;
pub(crate) const CHAIN_BASE: u64 = 0x1b87_3593_cc9e_2d51 % CHAIN_MOD;

/// `a * b mod 2^61−1` for `a, b < 2^61−1`, by the Mersenne folding `2^61 ≡ 1` (no u128 division).
pub(crate) const fn mul_mod(a: u64, b: u64) -> u64 {
    let p = a as u128 * b as u128;
    ((p as u64 & CHAIN_MOD) + (p >> 61) as u64) % CHAIN_MOD
}

/// `CHAIN_BASE^n` for `n ≤ CHAIN_MAX_LINES`.
pub(crate) const CHAIN_POWERS: [u64; CHAIN_MAX_LINES + 1] = {
    let mut powers = [1u64; CHAIN_MAX_LINES + 1];
    let mut n = 1;
    while n <= CHAIN_MAX_LINES {
        powers[n] = mul_mod(powers[n - 1], CHAIN_BASE);
        n += 1;
    }
    powers
};

/// Fingerprint of the first line (up to [`HEAD_PROBE_BYTES`], newline excluded), which stays
/// the same as the file grows.
pub(crate) fn head_fingerprint(file: &File, len: u64) -> io::Result<u64> {
    let head = read_range(file, 0, len.min(HEAD_PROBE_BYTES))?;
    let first_line = memchr::memchr(b'\n', &head).map_or(&head[..], |nl| &head[..nl]);
    Ok(fnv1a64(first_line))
}

pub(crate) fn tail_fingerprint(file: &File, parsed_to: u64) -> io::Result<u64> {
    if parsed_to == 0 {
        return Ok(0);
    }
    Ok(fnv1a64(&read_range(file, parsed_to.saturating_sub(TAIL_PROBE_BYTES), parsed_to)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mersenne_folding_matches_plain_modular_multiplication() {
        let samples =
            [0, 1, 2, CHAIN_BASE, CHAIN_MOD - 1, CHAIN_MOD - 2, 1 << 60, (1 << 61) - 3, 0x0123_4567_89ab_cdef];
        for &a in &samples {
            for &b in &samples {
                let (a, b) = (a % CHAIN_MOD, b % CHAIN_MOD);
                let plain = ((u128::from(a) * u128::from(b)) % u128::from(CHAIN_MOD)) as u64;
                assert_eq!(mul_mod(a, b), plain, "{a} * {b}");
            }
        }
        assert_eq!(CHAIN_POWERS[2], mul_mod(CHAIN_BASE, CHAIN_BASE));
    }
}
