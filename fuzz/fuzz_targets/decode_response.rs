//! The consumer's response decoder, with the pending request's method picked by the first
//! byte. Never panics; an accepted response re-encodes and decodes to itself.
#![no_main]

use agentwire_fuzz::{assert_round_trip, pick};
use agentwire_protocol::{decode_response, Method};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((method, record)) = pick(data, Method::ALL) else { return };
    if let Ok(response) = decode_response(record, |_| Some(method)) {
        assert_round_trip(&response, |r| decode_response(r, |_| Some(method)));
    }
});
