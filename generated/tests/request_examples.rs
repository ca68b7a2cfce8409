//! Every request example of the spec decodes on the server side, and re-encodes to itself.

mod common;

use agentwire_protocol::decode_request;

#[test]
fn every_spec_request_example_decodes_strictly() {
    for (method, record) in common::example_requests(&common::spec()) {
        let decoded = decode_request(&record).unwrap_or_else(|e| panic!("{method}: {e}"));
        assert_eq!(decoded.method, method);
        assert_eq!(decoded.payload.name().as_str(), method);
    }
}

#[test]
fn decoded_requests_reencode_to_an_equal_request() {
    for (method, record) in common::example_requests(&common::spec()) {
        let first = decode_request(&record).expect("valid");
        let again = decode_request(&serde_json::to_vec(&first).expect("encodes")).expect("re-decodes");
        assert_eq!(first, again, "{method}");
    }
}
