//! Response records: envelopes carrying the request's identities, encoded within the record
//! bound. A success that cannot be encoded within it becomes a fixed `internal_error`.

use agentwire_protocol::runtime::encode_record;
use agentwire_protocol::{ErrorCode, ErrorObject, ResponseEnvelope, ResponsePayload, PROTOCOL_VERSION};

/// The identities a response echoes, and the connection's own once initialized.
#[derive(Debug, Clone, Default)]
pub struct ResponseIds {
    pub request_id: Option<String>,
    pub session_id: Option<String>,
    pub operation_id: Option<String>,
    pub instance_id: Option<String>,
    pub connection_id: Option<String>,
}

fn envelope(
    ids: &ResponseIds,
    payload: Option<ResponsePayload>,
    error: Option<ErrorCode>,
) -> ResponseEnvelope<ResponsePayload> {
    ResponseEnvelope {
        protocol_version: PROTOCOL_VERSION,
        request_id: ids.request_id.clone(),
        instance_id: ids.instance_id.clone(),
        connection_id: ids.connection_id.clone(),
        session_id: ids.session_id.clone(),
        operation_id: ids.operation_id.clone(),
        payload,
        error: error.map(|c| ErrorObject { code: c.as_str().to_owned(), message: c.message().to_owned() }),
    }
}

/// One encoded response record without its newline.
pub fn encode(ids: &ResponseIds, result: Result<ResponsePayload, ErrorCode>) -> Vec<u8> {
    let (payload, error) = match result {
        Ok(p) => (Some(p), None),
        Err(c) => (None, Some(c)),
    };
    let record = encode_record(&envelope(ids, payload, error)).or_else(|e| {
        tracing::error!(error = %e, "response could not be encoded; sending internal_error");
        encode_record(&envelope(ids, None, Some(ErrorCode::InternalError)))
    });
    let mut record = record.unwrap_or_default();
    record.pop();
    record
}
