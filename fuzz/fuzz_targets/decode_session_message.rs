//! The session message decoder (one transcript line). Never panics; an accepted message
//! re-encodes and decodes to itself.
#![no_main]

use agentwire_fuzz::assert_round_trip;
use agentwire_protocol::decode_session_message;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(message) = decode_session_message(data) {
        assert_round_trip(&message, decode_session_message);
    }
});
