//! Every request example of the spec decodes on the server side, and re-encodes to itself.

mod common;

use agentwire_protocol::decode_request;

#[test]
fn every_spec_request_example_decodes_strictly() {
    let spec = common::spec();
    for op in &spec.operations {
        for ex in &op.examples {
            let env = common::envelope(&spec, &op.method, ex.request.clone());
            let decoded = decode_request(&common::record(&env)).unwrap_or_else(|e| panic!("{}: {e}", op.method));
            assert_eq!(decoded.method, op.method);
            assert_eq!(decoded.payload.name().as_str(), op.method);
        }
    }
}

#[test]
fn decoded_requests_reencode_to_an_equal_request() {
    let spec = common::spec();
    for op in &spec.operations {
        for ex in &op.examples {
            let record = common::record(&common::envelope(&spec, &op.method, ex.request.clone()));
            let first = decode_request(&record).expect("valid");
            let again = decode_request(&serde_json::to_vec(&first).expect("encodes")).expect("re-decodes");
            assert_eq!(first, again, "{}", op.method);
        }
    }
}
