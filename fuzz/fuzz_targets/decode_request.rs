//! The strict server decoder. Its two paths must agree: the single typed pass accepts exactly
//! the records the precise path accepts (within max_payload_bytes, where it is taken) and
//! decodes them to the same value, and `decode_request` answers exactly what the precise path
//! answers, error code and recovered identities included. An accepted request re-encodes and
//! decodes to itself.
#![no_main]

use agentwire_fuzz::assert_round_trip;
use agentwire_protocol::request::{decode_request_fast, decode_request_precise};
use agentwire_protocol::{decode_request, limits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let answer = decode_request(data);
    let precise = decode_request_precise(data);
    assert_eq!(answer, precise, "decode_request and the precise path differ");
    if data.len() as u64 <= limits::MAX_PAYLOAD_BYTES {
        let fast = decode_request_fast(data);
        assert_eq!(fast.as_ref(), precise.as_ref().ok(), "the typed pass and the precise path disagree on acceptance");
    }
    if let Ok(request) = &answer {
        assert_round_trip(request, decode_request);
    }
});
