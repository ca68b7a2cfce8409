//! Response records: envelopes carrying the request's identities, encoded within the record
//! bound. A success that cannot be encoded within it becomes a fixed `internal_error`.

use agentwire_protocol::runtime::encode_record_into;
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

impl ResponseIds {
    fn into_envelope(
        self,
        payload: Option<ResponsePayload>,
        error: Option<ErrorCode>,
    ) -> ResponseEnvelope<ResponsePayload> {
        ResponseEnvelope::new(
            PROTOCOL_VERSION,
            self.request_id,
            self.instance_id,
            self.connection_id,
            self.session_id,
            self.operation_id,
            payload,
            error.map(ErrorObject::from),
        )
    }

    fn from_envelope(e: ResponseEnvelope<ResponsePayload>) -> Self {
        let ResponseEnvelope { request_id, instance_id, connection_id, session_id, operation_id, .. } = e;
        ResponseIds { request_id, session_id, operation_id, instance_id, connection_id }
    }
}

/// Encode one response record, newline included, into `out`; returns the request ID it answers.
pub fn encode_into(out: &mut Vec<u8>, ids: ResponseIds, result: Result<ResponsePayload, ErrorCode>) -> Option<String> {
    let (payload, error) = match result {
        Ok(p) => (Some(p), None),
        Err(c) => (None, Some(c)),
    };
    let envelope = ids.into_envelope(payload, error);
    let Err(e) = encode_record_into(&envelope, out) else { return envelope.request_id };
    tracing::error!(error = %e, "response could not be encoded; sending internal_error");
    let fallback = ResponseIds::from_envelope(envelope).into_envelope(None, Some(ErrorCode::InternalError));
    if encode_record_into(&fallback, out).is_err() {
        out.clear();
    }
    fallback.request_id
}
