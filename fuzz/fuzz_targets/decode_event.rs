//! The consumer's event decoder. Never panics; an accepted event re-encodes and decodes to
//! itself.
#![no_main]

use agentwire_fuzz::assert_round_trip;
use agentwire_protocol::decode_event;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(event) = decode_event(data) {
        assert_round_trip(&event, decode_event);
    }
});
