//! The words each vector checks, quoted verbatim (whitespace and Markdown emphasis aside) from the seed
//! (`application-service-protocol-v2.md`), the lifecycle contract (`service-lifecycle.md`) or
//! `docs/decoding.md`, so a reader can find the requirement behind any vector.

// Presence and types (seed, "Required, optional, absent, and null").
pub const REQUIRED: &str = "Required means the field must be present with the documented JSON type and meaning.";
pub const WRONG_TYPE: &str = "strings are not numbers, and `0`/`1` are not booleans";
pub const NOT_NULLABLE: &str = "This does not make known nonnullable fields nullable.";
pub const NULLABLE: &str = "Nullable fields are present as `null` when unavailable.";
pub const OPTIONAL: &str = "Optional means explicitly documented as optional or conditionally emitted.";
pub const ABSENT_IS_NOT_NULL: &str = "Do not treat absent and null as interchangeable globally.";
pub const REQUIRED_NULLABLE: &str = "Missing a required nullable field is invalid.";
pub const COUNTS: &str = "Counts are nonnegative integers within both the documented and locally representable range";

// Strictness per direction (seed, "Evolution and consumer decoding").
pub const SERVER_UNKNOWN: &str = "Requests remain strict: unknown envelope or operation-payload fields are rejected.";
pub const CONSUMER_UNKNOWN: &str = "Accept; ignore only the unknown member.";
pub const CONSUMER_UNKNOWN_NULL: &str = "Optional metadata absent, or present as bounded JSON `null`";
pub const SERVER_MALFORMED: &str =
    "Unsupported kinds, invalid types, malformed values, and unsupported methods fail with an error response rather than a panic.";
pub const STRICT_PAYLOADS: &str =
    "Requests are UTF-8 JSONL objects with strict method-specific payloads and no duplicate keys.";
pub const CONSUMER_KNOWN: &str = "Consumers must allow unknown members of recognized response/event envelopes, payload objects, capability objects, and limit maps as optional extensions, while fully validating known members.";
pub const ENUM: &str = "Reject unsupported values in status, kind, activity category/source/transport, readiness, scope, and other semantic enums unless that field explicitly defines a safe fallback.";
pub const FALLBACK: &str = "The defined tool transport value `unknown` is a literal accepted value, not permission to accept arbitrary transports.";
pub const DISCRIMINATOR: &str = "an unknown union discriminator is rejected";
pub const SERVER_BOUND: &str = "Oversized input and assistant output are rejected rather than silently truncated";
pub const CONSUMER_BOUND: &str = "Output beyond an accepted bound is a protocol failure, not permission to truncate authoritative text or skip terminal/error records.";
pub const SELECTION_CHARSET: &str = "restricted to letters, digits, `-._/:`";
pub const SESSION_ID_CHARSET: &str =
    "IDs are opaque, at most 128 bytes, and validated by the server before path resolution.";
pub const NON_BLANK: &str = "(non-whitespace required)";
pub const AT_LEAST_ONE_OF: &str =
    "`config.set` requires `scope` and at least one of `selection`, `thinking_level`, or `fast`";
pub const LIMIT_MAP_KEYS: &str = "Validate required keys, positive integer values, units, and consistency between initialization's two limit objects";
pub const LIMIT_MAP_EXTENSION: &str =
    "Unknown limit-map entries must still be positive, locally representable integers";

// Records and structure.
pub const I_JSON: &str = "Records are UTF-8 I-JSON (RFC 7493): one JSON value per line, no duplicate member names at any level (free-form values such as tool `args` included).";
pub const ONE_VALUE_PER_LINE: &str = "one JSON value per line";
pub const NONCHARACTER: &str =
    "No string value or member name may hold a noncharacter (RFC 7493 §2.1), however it is written.";
pub const NONCHARACTER_ORDER: &str = "A string's characters are checked as it is read and its size once it is read";
pub const CONSUMER_STRUCTURE: &str = "Validate the entire encoded record and payload, nesting, arrays, object field counts, strings, and keys before ignoring any unknown value.";
pub const RECORD_BYTES: &str = "Input JSON bytes before newline; encoded outbound record including newline. Oversized Unix frames close the socket.";
pub const PAYLOAD_BYTES: &str = "Compact UTF-8 JSON bytes for one payload.";
pub const DEPTH: &str = "JSON container nesting and validation work.";
pub const ARRAY_ITEMS: &str = "Items in any JSON array.";
pub const OBJECT_FIELDS: &str = "Fields in any JSON object.";
pub const STRING_BYTES: &str = "Any JSON string or object key, including a prompt or assistant text value.";
pub const NEGOTIATION: &str = "Each input list has at most eight entries.";
pub const PRECEDENCE: &str = "The first failing check decides the error code.";

// Envelopes (lifecycle section 4, seed).
pub const ENVELOPE_FIELDS: &str = "All listed fields are required; nullable slots are present as `null`.";
pub const WIRE_VERSION: &str = "Application `protocol_version:2` selects the wire contract.";
pub const SLOTS: &str = "the operation's slot rules: `session_id`, `operation_id` (mutations), `control` set/null";
pub const OPERATION_ID: &str = "Required (non-null) for mutations, `null` for reads.";
pub const CONTROL: &str = "required for `turn.start`, `turn.cancel`, `session.detach`; `null` everywhere else.";
pub const CONTROL_REQUIRED: &str = "a missing required `control`: `control_required`";
pub const SUCCESS_SHAPE: &str = "Successful responses require a method-valid payload and `error:null`; errors require `payload:null` and a valid error object.";
pub const UNBOUND_SUCCESS: &str = "Null identities are allowed only where the documented error/correlation rules permit them, not as a way to accept an unbound success or event.";
pub const UNDECODABLE_NULL_ID: &str = "Responses to undecodable records carry `request_id:null`.";
pub const BEFORE_INITIALIZE: &str = "Validate envelope identities against pending requests and payload identities against the attached session/turn/login.";
pub const RFC3339: &str = "RFC 3339 timestamp";
pub const ERROR_ECHO: &str = "Error responses carry the request's `request_id`, `session_id` and `operation_id` when each can be recovered as a valid value from the record, and `null` otherwise.";
pub const ERROR_CODES: &str = "Codes are stable; messages are short, fixed, and bounded by `max_error_message_bytes`.";
pub const UNKNOWN_ERROR_CODE: &str = "An unknown error code may be represented as a generic unsuccessful response after validating its error shape, bounds, and correlation; it must not become success or trigger an automatic retry.";
pub const UNKNOWN_KIND: &str = "Unknown/unadvertised events or unknown envelope kinds invalidate trusted stream state";
pub const PREFLIGHT: &str = "Before any mutation, validate successful initialization, serving identities, expected workspace/state root, wire `2`, transport `unix`, required operations, the entire advertised event set, activity flags and required limits against independent local bounds.";
pub const EVENT_CORRELATION: &str = "Correlate responses to requests and events to instance, connection, session, operation, grant generation and turn/login.";

// Framing (seed, lifecycle section 9, docs/decoding.md).
pub const RECORD_END: &str = "A record ends at `\\n`; a `\\r` before it is JSON whitespace.";
pub const FRAMING_RECOVERY: &str = "The adapter continues after request-level errors when framing can be recovered.";
pub const FRAMING_TIMEOUT: &str = "a started record must end with a newline within this time";
pub const RECORD_TOO_LARGE_CLOSES: &str = "Oversized Unix frames close the socket.";

/// The quote for a bound check, which depends on who is decoding.
pub fn bound(server: bool) -> &'static str {
    if server {
        SERVER_BOUND
    } else {
        CONSUMER_BOUND
    }
}

/// The quote for a malformed known member, which depends on who is decoding.
pub fn malformed(server: bool) -> &'static str {
    if server {
        SERVER_MALFORMED
    } else {
        CONSUMER_KNOWN
    }
}

/// The quote for a charset rule, by the type that declares it.
pub fn charset(type_name: Option<&str>, server: bool) -> &'static str {
    match type_name {
        Some("ProviderId" | "ModelId") => SELECTION_CHARSET,
        Some("SessionId") => SESSION_ID_CHARSET,
        _ => malformed(server),
    }
}
