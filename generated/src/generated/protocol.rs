// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.
// Freshness: spec fnv1a64 af0b3d48374a95b7, agentwire-codegen 0.2.0.

/// Advertised limits, declared once in the spec.
pub mod limits {
    /// Largest JSONL record either side may send. Unit: bytes. Applies to: Input JSON bytes before the newline; encoded
    /// outbound record including the newline. Oversized Unix frames close the socket.
    pub const MAX_RECORD_BYTES: u64 = 65536u64;
    /// Largest compact encoding of one request payload. Unit: bytes. Applies to: Compact UTF-8 JSON bytes for one
    /// payload.
    pub const MAX_PAYLOAD_BYTES: u64 = 32768u64;
    /// Largest error message; current messages are shorter and fixed. Unit: bytes. Applies to: One UTF-8 error message.
    pub const MAX_ERROR_MESSAGE_BYTES: u64 = 512u64;
    /// Largest correlation ID. Unit: bytes. Applies to: Request, session, turn, and event correlation IDs.
    pub const MAX_ID_BYTES: u64 = 128u64;
    /// Largest method, capability or event name. Unit: bytes. Applies to: Methods, capabilities, and event names.
    pub const MAX_NAME_BYTES: u64 = 64u64;
    /// Largest JSON string or object key anywhere in a record. Unit: bytes. Applies to: Any JSON string or object key,
    /// including a prompt or assistant text value.
    pub const MAX_STRING_BYTES: u64 = 16384u64;
    /// Deepest container nesting in a record. Unit: levels. Applies to: JSON container nesting and validation work.
    pub const MAX_JSON_DEPTH: u64 = 32u64;
    /// Most items in any JSON array. Unit: items. Applies to: Items in any JSON array.
    pub const MAX_ARRAY_ITEMS: u64 = 64u64;
    /// Most fields in any JSON object. Unit: fields. Applies to: Fields in any JSON object.
    pub const MAX_OBJECT_FIELDS: u64 = 64u64;
    /// Most entries in either initialization input list. Unit: items. Applies to: Protocol-version and
    /// requested-capability lists during initialization.
    pub const MAX_NEGOTIATION_ITEMS: u64 = 8u64;
    /// Most sessions with a live actor at once. Unit: attachments. Applies to: Daemon lease-held actors, including
    /// uncontrolled cleanup.
    pub const MAX_SESSION_ATTACHMENTS: u64 = 16u64;
    /// Largest and default session list or replay page. Unit: items. Applies to: Maximum/default list or replay page
    /// item count.
    pub const MAX_SESSION_PAGE_ITEMS: u64 = 32u64;
    /// Largest encoded replay page payload. Unit: bytes. Applies to: Complete encoded replay payload, including events,
    /// cursors, flags, and JSON framing.
    pub const MAX_SESSION_REPLAY_PAGE_BYTES: u64 = 16384u64;
    /// Size of the recent transcript window replay reads. Unit: bytes. Applies to: Recent durable replay read window.
    pub const MAX_SESSION_REPLAY_WINDOW_BYTES: u64 = 2097152u64;
    /// Most directory entries one session.list request examines. Unit: entries. Applies to: Directory entries examined
    /// per list request.
    pub const MAX_SESSION_LIST_SCAN_ENTRIES: u64 = 20000u64;
    /// Largest and default catalog page. Unit: items. Applies to: Maximum/default provider or model catalog page item
    /// count.
    pub const MAX_CATALOG_PAGE_ITEMS: u64 = 32u64;
    /// Most connections the daemon serves at once. A connection beyond it gets the `connection_limit` handshake
    /// rejection in answer to its handshake line and is closed; the connections served are unaffected, and closing one
    /// makes room for the next. Unit: connections. Applies to: Concurrent accepted socket connections per daemon.
    pub const MAX_CONNECTIONS: u64 = 64u64;
    /// Most requests in flight on one connection. Its crossing is not structural (so no `exceeded` key): a request
    /// admitted beyond it is answered `limit_exceeded` (echoing its request_id, which stays unreserved) and the
    /// connection stays open; the requests in flight are unaffected. A request's slot, like its request ID, is released
    /// before its response's bytes are written, so a client that sends a new request only after reading a response,
    /// with at most this many outstanding, is never refused. Unit: requests. Applies to: Requests of one connection
    /// whose responses are not yet written.
    pub const MAX_INFLIGHT_REQUESTS: u64 = 32u64;
    /// Most turns running at once. Unit: turns. Applies to: Accepted turns not yet settled, across the daemon.
    pub const MAX_ACTIVE_TURNS: u64 = 8u64;
    /// Most operation outcomes the daemon retains. Unit: operations. Applies to: Entries in the operation table,
    /// tombstones included.
    pub const MAX_RETAINED_OPERATIONS: u64 = 4096u64;
    /// Retention of settled operation outcomes. Unit: milliseconds. Applies to: Time a settled outcome stays reusable
    /// and visible to lookup.
    pub const OPERATION_RETENTION_MS: u64 = 600000u64;
    /// Tombstone period after retention. Unit: milliseconds. Applies to: Time an expired operation ID stays reserved
    /// after retention.
    pub const OPERATION_TOMBSTONE_MS: u64 = 3600000u64;
    /// Largest assistant text in a running-turn snapshot. Unit: bytes. Applies to: Assistant text carried in a claim
    /// snapshot.
    pub const MAX_SNAPSHOT_TEXT_BYTES: u64 = 16384u64;
    /// Capacity of a turn's event queue. Unit: items. Applies to: Bounded per-turn event queue; activity overflow is
    /// dropped.
    pub const TURN_EVENT_QUEUE_ITEMS: u64 = 256u64;
    /// Deadline of the identity handshake. Unit: milliseconds. Applies to: Time from connect to a completed identity
    /// handshake.
    pub const HANDSHAKE_TIMEOUT_MS: u64 = 5000u64;
    /// Deadline for finishing a started record. Unit: milliseconds. Applies to: A started record must end with a
    /// newline within this time.
    pub const FRAMING_TIMEOUT_MS: u64 = 10000u64;
    /// Grace period of cancellation cleanup. Unit: milliseconds. Applies to: Bounded join grace for cancellation
    /// cleanup.
    pub const CANCEL_GRACE_MS: u64 = 2000u64;
    /// Every advertised limit, in spec order.
    pub const ALL: &[crate::runtime::LimitInfo] = &[
        crate::runtime::LimitInfo {
            name: "max_record_bytes",
            value: MAX_RECORD_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_payload_bytes",
            value: MAX_PAYLOAD_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_error_message_bytes",
            value: MAX_ERROR_MESSAGE_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_id_bytes",
            value: MAX_ID_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_name_bytes",
            value: MAX_NAME_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_string_bytes",
            value: MAX_STRING_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_json_depth",
            value: MAX_JSON_DEPTH,
            unit: "levels",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_array_items",
            value: MAX_ARRAY_ITEMS,
            unit: "items",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_object_fields",
            value: MAX_OBJECT_FIELDS,
            unit: "fields",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_negotiation_items",
            value: MAX_NEGOTIATION_ITEMS,
            unit: "items",
            general: true,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_session_attachments",
            value: MAX_SESSION_ATTACHMENTS,
            unit: "attachments",
            general: true,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_session_page_items",
            value: MAX_SESSION_PAGE_ITEMS,
            unit: "items",
            general: true,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_session_replay_page_bytes",
            value: MAX_SESSION_REPLAY_PAGE_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_session_replay_window_bytes",
            value: MAX_SESSION_REPLAY_WINDOW_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_session_list_scan_entries",
            value: MAX_SESSION_LIST_SCAN_ENTRIES,
            unit: "entries",
            general: true,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_catalog_page_items",
            value: MAX_CATALOG_PAGE_ITEMS,
            unit: "items",
            general: true,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_connections",
            value: MAX_CONNECTIONS,
            unit: "connections",
            general: false,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_inflight_requests",
            value: MAX_INFLIGHT_REQUESTS,
            unit: "requests",
            general: false,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_active_turns",
            value: MAX_ACTIVE_TURNS,
            unit: "turns",
            general: false,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_retained_operations",
            value: MAX_RETAINED_OPERATIONS,
            unit: "operations",
            general: false,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "operation_retention_ms",
            value: OPERATION_RETENTION_MS,
            unit: "milliseconds",
            general: false,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "operation_tombstone_ms",
            value: OPERATION_TOMBSTONE_MS,
            unit: "milliseconds",
            general: false,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "max_snapshot_text_bytes",
            value: MAX_SNAPSHOT_TEXT_BYTES,
            unit: "bytes",
            general: false,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "turn_event_queue_items",
            value: TURN_EVENT_QUEUE_ITEMS,
            unit: "items",
            general: false,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "handshake_timeout_ms",
            value: HANDSHAKE_TIMEOUT_MS,
            unit: "milliseconds",
            general: false,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "framing_timeout_ms",
            value: FRAMING_TIMEOUT_MS,
            unit: "milliseconds",
            general: false,
            bounds_output: false,
        },
        crate::runtime::LimitInfo {
            name: "cancel_grace_ms",
            value: CANCEL_GRACE_MS,
            unit: "milliseconds",
            general: false,
            bounds_output: false,
        },
    ];
    /// The limits that bound what the service sends (`bounds_output` in the spec), in spec
    /// order: before any mutation a client refuses an advertised value above its own.
    pub const OUTPUT_BOUNDS: &[crate::runtime::LimitInfo] = &[
        crate::runtime::LimitInfo {
            name: "max_record_bytes",
            value: MAX_RECORD_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_error_message_bytes",
            value: MAX_ERROR_MESSAGE_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_id_bytes",
            value: MAX_ID_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_name_bytes",
            value: MAX_NAME_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_string_bytes",
            value: MAX_STRING_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_json_depth",
            value: MAX_JSON_DEPTH,
            unit: "levels",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_array_items",
            value: MAX_ARRAY_ITEMS,
            unit: "items",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_object_fields",
            value: MAX_OBJECT_FIELDS,
            unit: "fields",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_session_replay_page_bytes",
            value: MAX_SESSION_REPLAY_PAGE_BYTES,
            unit: "bytes",
            general: true,
            bounds_output: true,
        },
        crate::runtime::LimitInfo {
            name: "max_snapshot_text_bytes",
            value: MAX_SNAPSHOT_TEXT_BYTES,
            unit: "bytes",
            general: false,
            bounds_output: true,
        },
    ];
}
/// Fixed contract bounds that are not advertised limits.
pub mod constants {
    /// Largest unsigned integer every target language represents exactly (2^53 - 1). Unit: value.
    pub const JSON_SAFE_INTEGER_MAX: u64 = 9007199254740991u64;
    /// Largest provider or model selection ID. Unit: bytes.
    pub const SELECTION_ID_MAX_BYTES: u64 = 256u64;
    /// Largest display label. Unit: bytes.
    pub const LABEL_MAX_BYTES: u64 = 128u64;
    /// Largest catalog page offset. Unit: entries.
    pub const CATALOG_MAX_OFFSET: u64 = 100000u64;
    /// Largest manual login callback input. Unit: bytes.
    pub const LOGIN_INPUT_MAX_BYTES: u64 = 4096u64;
    /// Largest authorization URL in a login progress event. Unit: bytes.
    pub const LOGIN_URL_MAX_BYTES: u64 = 4096u64;
    /// How long the loopback listener waits for the OAuth redirect. Unit: milliseconds.
    pub const LOGIN_WAIT_MS: u64 = 300000u64;
    /// Largest text part of one replay item. Unit: bytes.
    pub const REPLAY_PART_BYTES: u64 = 2048u64;
    /// Most transcript records in the replay window. Unit: records.
    pub const REPLAY_WINDOW_RECORDS: u64 = 100000u64;
    /// Largest reasoning summary text (advertised as activity.max_summary_bytes). Unit: bytes.
    pub const SUMMARY_MAX_BYTES: u64 = 2048u64;
    /// Reasoning summary input over this is omitted as empty and truncated. Unit: bytes.
    pub const SUMMARY_INPUT_MAX_BYTES: u64 = 16384u64;
    /// Most reasoning choices a model offers. Unit: items.
    pub const REASONING_LEVELS_MAX: u64 = 6u64;
    /// Largest session title after sanitizing. Unit: bytes.
    pub const TITLE_MAX_BYTES: u64 = 256u64;
    /// Largest toolName of a session message: any name a model or MCP server uses (MCP suggests at most 128
    /// characters). Unit: bytes.
    pub const TOOL_NAME_MAX_BYTES: u64 = 256u64;
    /// Serialized tool arguments over this are stored shortened, structure kept (see the session message deviations).
    /// Unit: bytes.
    pub const STORED_ARGS_MAX_BYTES: u64 = 8192u64;
    /// Longest a transcript line written during a turn waits for its fsync; a turn's settlement is fsynced before its
    /// terminal. Unit: milliseconds.
    pub const JOURNAL_COMMIT_MS: u64 = 100u64;
    /// Largest RFC 3339 timestamp string. Unit: bytes.
    pub const TIMESTAMP_MAX_BYTES: u64 = 64u64;
    /// Largest canonical workspace path: the handshake's expected workspace and a session summary's workspace. Unit:
    /// bytes.
    pub const WORKSPACE_MAX_BYTES: u64 = 4096u64;
    /// Largest package version string. Unit: bytes.
    pub const VERSION_MAX_BYTES: u64 = 64u64;
}
/// Opaque correlation ID chosen by its issuer; never parsed by the other side.
pub type OpaqueId = String;
/// Method, capability or event name.
pub type Name = String;
/// Error code; consumers treat an unfamiliar code as a generic failure.
pub type ErrorCodeName = String;
/// Provider selection ID.
pub type ProviderId = String;
/// Model selection ID.
pub type ModelId = String;
/// Display-sanitized label, falling back to a bounded ID.
pub type Label = String;
/// RFC 3339 timestamp.
pub type Timestamp = String;
/// Opaque replay cursor; survives restart while the projected prefix is unchanged.
pub type Cursor = String;
/// Package version string; Unix admission requires an exact match.
pub type PackageVersion = String;
/// Conversational text, bounded by the general string limit.
pub type Text = String;
/// A tool's own name, as the model or MCP server spells it (any characters, such as `Bash` or `create-issue`).
pub type ToolName = String;
/// String rules of the named string types.
pub mod rules {
    /// Rules of [`OpaqueId`](crate::OpaqueId).
    pub const OPAQUE_ID: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::limits::MAX_ID_BYTES,
        charset: None,
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`SessionId`](crate::SessionId).
    pub const SESSION_ID: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::limits::MAX_ID_BYTES,
        charset: Some(
            crate::runtime::Charset::new([287984085547089920u64, 576460745995190270u64]),
        ),
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`Name`](crate::Name).
    pub const NAME: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::limits::MAX_NAME_BYTES,
        charset: Some(
            crate::runtime::Charset::new([288019269919178752u64, 576460745860972544u64]),
        ),
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`ErrorCodeName`](crate::ErrorCodeName).
    pub const ERROR_CODE_NAME: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::limits::MAX_NAME_BYTES,
        charset: Some(
            crate::runtime::Charset::new([287948901175001088u64, 576460745860972544u64]),
        ),
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`ProviderId`](crate::ProviderId).
    pub const PROVIDER_ID: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::constants::SELECTION_ID_MAX_BYTES,
        charset: Some(
            crate::runtime::Charset::new([576425567931334656u64, 576460745995190270u64]),
        ),
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`ModelId`](crate::ModelId).
    pub const MODEL_ID: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::constants::SELECTION_ID_MAX_BYTES,
        charset: Some(
            crate::runtime::Charset::new([576425567931334656u64, 576460745995190270u64]),
        ),
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`Label`](crate::Label).
    pub const LABEL: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::constants::LABEL_MAX_BYTES,
        charset: None,
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`Timestamp`](crate::Timestamp).
    pub const TIMESTAMP: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::constants::TIMESTAMP_MAX_BYTES,
        charset: None,
        rfc3339: true,
        non_blank: false,
    };
    /// Rules of [`Cursor`](crate::Cursor).
    pub const CURSOR: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::limits::MAX_ID_BYTES,
        charset: None,
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`PackageVersion`](crate::PackageVersion).
    pub const PACKAGE_VERSION: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::constants::VERSION_MAX_BYTES,
        charset: Some(
            crate::runtime::Charset::new([288063250384289792u64, 576460743847706622u64]),
        ),
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`Text`](crate::Text).
    pub const TEXT: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 0u64,
        max_bytes: crate::limits::MAX_STRING_BYTES,
        charset: None,
        rfc3339: false,
        non_blank: false,
    };
    /// Rules of [`ToolName`](crate::ToolName).
    pub const TOOL_NAME: crate::runtime::StrRules = crate::runtime::StrRules {
        min_bytes: 1u64,
        max_bytes: crate::constants::TOOL_NAME_MAX_BYTES,
        charset: None,
        rfc3339: false,
        non_blank: false,
    };
}
/// Opaque session ID, validated by the server before any path is resolved.
///
/// Valid by construction: every constructor checks the rules, `invalid_session_id` otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SessionId(String);
impl SessionId {
    /// The ID as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// The ID's text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}
impl TryFrom<String> for SessionId {
    type Error = ErrorCode;
    fn try_from(s: String) -> Result<Self, ErrorCode> {
        match crate::rules::SESSION_ID.check(&s) {
            Ok(()) => Ok(Self(s)),
            Err(_) => Err(ErrorCode::InvalidSessionId),
        }
    }
}
impl TryFrom<&str> for SessionId {
    type Error = ErrorCode;
    fn try_from(s: &str) -> Result<Self, ErrorCode> {
        Self::try_from(s.to_owned())
    }
}
impl std::str::FromStr for SessionId {
    type Err = ErrorCode;
    fn from_str(s: &str) -> Result<Self, ErrorCode> {
        Self::try_from(s)
    }
}
impl std::ops::Deref for SessionId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}
impl AsRef<str> for SessionId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}
impl std::borrow::Borrow<str> for SessionId {
    fn borrow(&self) -> &str {
        &self.0
    }
}
impl std::fmt::Display for SessionId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl From<SessionId> for String {
    fn from(id: SessionId) -> String {
        id.0
    }
}
impl PartialEq<str> for SessionId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}
impl PartialEq<&str> for SessionId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}
impl PartialEq<String> for SessionId {
    fn eq(&self, other: &String) -> bool {
        &self.0 == other
    }
}
impl PartialEq<SessionId> for str {
    fn eq(&self, other: &SessionId) -> bool {
        self == other.0
    }
}
impl PartialEq<SessionId> for &str {
    fn eq(&self, other: &SessionId) -> bool {
        *self == other.0
    }
}
impl PartialEq<SessionId> for String {
    fn eq(&self, other: &SessionId) -> bool {
        *self == other.0
    }
}
impl crate::runtime::Decode for SessionId {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let seed = crate::runtime::StrSeed {
            cx,
            rules: &crate::rules::SESSION_ID,
        };
        serde::de::DeserializeSeed::deserialize(seed, d).map(Self)
    }
}
impl<'de> serde::Deserialize<'de> for SessionId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        Self::try_from(s)
            .map_err(|code| <D::Error as serde::de::Error>::custom(code.message()))
    }
}
impl serde::Serialize for SessionId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}
impl crate::runtime::WriteJson for SessionId {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::WriteJson::write_json(self.as_str(), out);
    }
}
/// Stable error codes; each has one fixed message.
///
/// Non-exhaustive: a new value is compatible in what both the server and consumers decode (`ERROR_CODE_ADDED`), so a
/// later spec may add one without a new protocol version. A `match` over it needs a `_` arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorCode {
    /// The record is not UTF-8 I-JSON (RFC 7493): a syntax error, a duplicate member name, a noncharacter
    /// (U+FDD0..U+FDEF or U+xxFFFE/U+xxFFFF in any plane, raw or escaped) in a string or member name, or more than one
    /// value. The service never sends one: it writes each noncharacter of relayed text (from a model, a tool or a file)
    /// as U+FFFD. (from the seed document)
    InvalidJson,
    /// The record is longer than max_record_bytes; the socket closes after this response. (from the seed document)
    RecordTooLarge,
    /// The envelope is malformed, has unknown fields, or misses a required slot. (from the seed document)
    InvalidRequest,
    /// The payload's compact encoding is longer than max_payload_bytes. (from the seed document)
    PayloadTooLarge,
    /// A structural limit (depth, items, fields, string bytes, negotiation items, scan budget) was crossed, or the
    /// connection already has max_inflight_requests requests in flight (retry once a response arrives). (from the seed
    /// document)
    LimitExceeded,
    /// The envelope's protocol_version is not 2, or initialization offers no supported version. (from the seed
    /// document)
    UnsupportedVersion,
    /// A requested capability names an operation the service does not offer. (from the seed document)
    UnsupportedCapability,
    /// The method is not an operation of the service. (from the seed document)
    UnsupportedOperation,
    /// A request other than initialize arrived before initialization succeeded. (from the seed document)
    NotInitialized,
    /// The payload does not satisfy the operation's schema. (from the seed document)
    InvalidPayload,
    /// The request_id names a request of this connection whose response is not yet written. (from the seed document)
    DuplicateRequestId,
    /// max_active_turns turns are already running. (from the seed document)
    TooManyActiveTurns,
    /// Another controller, service or durable append holds the session. (from the seed document)
    SessionBusy,
    /// The session does not exist or cannot be read. (from the seed document)
    SessionUnavailable,
    /// The session ID is not a well-formed opaque ID. (from the seed document)
    InvalidSessionId,
    /// `turn.start` in a session created for another workspace than the one this daemon serves. A turn's tools read and
    /// write its daemon's workspace, so a session's turns run only in the workspace it was created for: continue it
    /// from that workspace's daemon (its `session.list` summary names the workspace), or create a session here.
    /// Reading, replaying, claiming and detaching it work from any workspace. (from the lifecycle document)
    SessionWorkspaceMismatch,
    /// The turn ID names no running turn of the session. (from the seed document)
    UnknownTurn,
    /// A login is already active, or its callback was already submitted. (from the seed document)
    AuthBusy,
    /// The login ID names no active login. (from the seed document)
    UnknownLogin,
    /// The provider is unknown or does not support the requested auth operation. (from the seed document)
    ProviderUnavailable,
    /// auth.logout was sent without confirmed:true. (from the seed document)
    ConfirmationRequired,
    /// Settings could not be read or parsed. (from the seed document)
    ConfigurationUnavailable,
    /// The single configuration worker is busy. (from the seed document)
    ConfigurationBusy,
    /// Model discovery failed; no provider detail is given. (from the seed document)
    CatalogRefreshFailed,
    /// The settings writer failed; nothing was committed. (from the seed document)
    SettingsWriteFailed,
    /// The scope is unknown, or a global-only setting was sent with project scope. (from the seed document)
    InvalidScope,
    /// The selection names no enabled model of a known provider. (from the seed document)
    InvalidSelection,
    /// A recognized reasoning level that the selected model does not offer. (from the seed document)
    UnsupportedReasoning,
    /// No usable catalog cache exists for the provider. (from the seed document)
    CatalogUnavailable,
    /// The provider's catalog cache has expired. (from the seed document)
    CatalogStale,
    /// The service failed; the message never carries details. (from the seed document)
    InternalError,
    /// instance_id or connection_id differ from what initialize returned. (from the lifecycle document)
    InstanceMismatch,
    /// The control's claim or grant generation is no longer current. (from the lifecycle document)
    StaleGrant,
    /// The operation needs control and the connection holds none for the session. (from the lifecycle document)
    ControlRequired,
    /// The operation_id is recorded (or tombstoned) with another method, payload or session. (from the lifecycle
    /// document)
    OperationConflict,
    /// Reserved for outcome queries that name an operation of another instance. (from the lifecycle document)
    UnknownOperation,
    /// Application resources profile: a revision conflict. (from the resources document)
    Conflict,
    /// Application resources profile: an unknown resource. (from the resources document)
    ResourceNotFound,
    /// Carried by a failed turn terminal whose durable write failed. (from the terminal document)
    PersistenceFailed,
    /// Carried by a failed turn terminal whose assistant text would cross a bound. (from the terminal document)
    OutputLimitExceeded,
    /// Carried by a failed turn terminal of an ACP agent provider: the agent could not start or initialize, exited,
    /// sent a line that is not JSON-RPC or is longer than max_record_bytes, answered session/new, session/load,
    /// session/set_mode or the prompt with an error, does not offer the mode its settings name, ended the prompt with a
    /// stop reason this service does not know, or did not stop within cancel_grace_ms after session/cancel (it is then
    /// killed). A `service` message of the turn says which, with the agent's own words where it gave any (its JSON-RPC
    /// error message, or a dead process's exit status and last stderr lines; bounded and redacted). (from the terminal
    /// document)
    AgentFailed,
    /// Carried by a failed turn terminal of an ACP agent provider whose prompt ended with stopReason `refusal`. (from
    /// the terminal document)
    AgentRefused,
    /// Carried by a failed turn terminal of an ACP agent provider whose prompt ended with stopReason `max_tokens` or
    /// `max_turn_requests`. (from the terminal document)
    AgentLimitReached,
    /// Carried by a failed turn terminal of an ACP agent provider that refused a request for want of sign-in (ACP error
    /// `auth_required`, -32000), or whose `authenticate` with the method its settings name failed. A `service` message
    /// of the turn carries the agent's own words and the sign-in methods it offers; `auth.status` reports the agent
    /// `needs_login` until a prompt of it is answered or its settings change. (from the terminal document)
    AgentNeedsLogin,
}
impl ErrorCode {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::InvalidJson,
        Self::RecordTooLarge,
        Self::InvalidRequest,
        Self::PayloadTooLarge,
        Self::LimitExceeded,
        Self::UnsupportedVersion,
        Self::UnsupportedCapability,
        Self::UnsupportedOperation,
        Self::NotInitialized,
        Self::InvalidPayload,
        Self::DuplicateRequestId,
        Self::TooManyActiveTurns,
        Self::SessionBusy,
        Self::SessionUnavailable,
        Self::InvalidSessionId,
        Self::SessionWorkspaceMismatch,
        Self::UnknownTurn,
        Self::AuthBusy,
        Self::UnknownLogin,
        Self::ProviderUnavailable,
        Self::ConfirmationRequired,
        Self::ConfigurationUnavailable,
        Self::ConfigurationBusy,
        Self::CatalogRefreshFailed,
        Self::SettingsWriteFailed,
        Self::InvalidScope,
        Self::InvalidSelection,
        Self::UnsupportedReasoning,
        Self::CatalogUnavailable,
        Self::CatalogStale,
        Self::InternalError,
        Self::InstanceMismatch,
        Self::StaleGrant,
        Self::ControlRequired,
        Self::OperationConflict,
        Self::UnknownOperation,
        Self::Conflict,
        Self::ResourceNotFound,
        Self::PersistenceFailed,
        Self::OutputLimitExceeded,
        Self::AgentFailed,
        Self::AgentRefused,
        Self::AgentLimitReached,
        Self::AgentNeedsLogin,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "invalid_json",
        "record_too_large",
        "invalid_request",
        "payload_too_large",
        "limit_exceeded",
        "unsupported_version",
        "unsupported_capability",
        "unsupported_operation",
        "not_initialized",
        "invalid_payload",
        "duplicate_request_id",
        "too_many_active_turns",
        "session_busy",
        "session_unavailable",
        "invalid_session_id",
        "session_workspace_mismatch",
        "unknown_turn",
        "auth_busy",
        "unknown_login",
        "provider_unavailable",
        "confirmation_required",
        "configuration_unavailable",
        "configuration_busy",
        "catalog_refresh_failed",
        "settings_write_failed",
        "invalid_scope",
        "invalid_selection",
        "unsupported_reasoning",
        "catalog_unavailable",
        "catalog_stale",
        "internal_error",
        "instance_mismatch",
        "stale_grant",
        "control_required",
        "operation_conflict",
        "unknown_operation",
        "conflict",
        "resource_not_found",
        "persistence_failed",
        "output_limit_exceeded",
        "agent_failed",
        "agent_refused",
        "agent_limit_reached",
        "agent_needs_login",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidJson => "invalid_json",
            Self::RecordTooLarge => "record_too_large",
            Self::InvalidRequest => "invalid_request",
            Self::PayloadTooLarge => "payload_too_large",
            Self::LimitExceeded => "limit_exceeded",
            Self::UnsupportedVersion => "unsupported_version",
            Self::UnsupportedCapability => "unsupported_capability",
            Self::UnsupportedOperation => "unsupported_operation",
            Self::NotInitialized => "not_initialized",
            Self::InvalidPayload => "invalid_payload",
            Self::DuplicateRequestId => "duplicate_request_id",
            Self::TooManyActiveTurns => "too_many_active_turns",
            Self::SessionBusy => "session_busy",
            Self::SessionUnavailable => "session_unavailable",
            Self::InvalidSessionId => "invalid_session_id",
            Self::SessionWorkspaceMismatch => "session_workspace_mismatch",
            Self::UnknownTurn => "unknown_turn",
            Self::AuthBusy => "auth_busy",
            Self::UnknownLogin => "unknown_login",
            Self::ProviderUnavailable => "provider_unavailable",
            Self::ConfirmationRequired => "confirmation_required",
            Self::ConfigurationUnavailable => "configuration_unavailable",
            Self::ConfigurationBusy => "configuration_busy",
            Self::CatalogRefreshFailed => "catalog_refresh_failed",
            Self::SettingsWriteFailed => "settings_write_failed",
            Self::InvalidScope => "invalid_scope",
            Self::InvalidSelection => "invalid_selection",
            Self::UnsupportedReasoning => "unsupported_reasoning",
            Self::CatalogUnavailable => "catalog_unavailable",
            Self::CatalogStale => "catalog_stale",
            Self::InternalError => "internal_error",
            Self::InstanceMismatch => "instance_mismatch",
            Self::StaleGrant => "stale_grant",
            Self::ControlRequired => "control_required",
            Self::OperationConflict => "operation_conflict",
            Self::UnknownOperation => "unknown_operation",
            Self::Conflict => "conflict",
            Self::ResourceNotFound => "resource_not_found",
            Self::PersistenceFailed => "persistence_failed",
            Self::OutputLimitExceeded => "output_limit_exceeded",
            Self::AgentFailed => "agent_failed",
            Self::AgentRefused => "agent_refused",
            Self::AgentLimitReached => "agent_limit_reached",
            Self::AgentNeedsLogin => "agent_needs_login",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "invalid_json" => Some(Self::InvalidJson),
            "record_too_large" => Some(Self::RecordTooLarge),
            "invalid_request" => Some(Self::InvalidRequest),
            "payload_too_large" => Some(Self::PayloadTooLarge),
            "limit_exceeded" => Some(Self::LimitExceeded),
            "unsupported_version" => Some(Self::UnsupportedVersion),
            "unsupported_capability" => Some(Self::UnsupportedCapability),
            "unsupported_operation" => Some(Self::UnsupportedOperation),
            "not_initialized" => Some(Self::NotInitialized),
            "invalid_payload" => Some(Self::InvalidPayload),
            "duplicate_request_id" => Some(Self::DuplicateRequestId),
            "too_many_active_turns" => Some(Self::TooManyActiveTurns),
            "session_busy" => Some(Self::SessionBusy),
            "session_unavailable" => Some(Self::SessionUnavailable),
            "invalid_session_id" => Some(Self::InvalidSessionId),
            "session_workspace_mismatch" => Some(Self::SessionWorkspaceMismatch),
            "unknown_turn" => Some(Self::UnknownTurn),
            "auth_busy" => Some(Self::AuthBusy),
            "unknown_login" => Some(Self::UnknownLogin),
            "provider_unavailable" => Some(Self::ProviderUnavailable),
            "confirmation_required" => Some(Self::ConfirmationRequired),
            "configuration_unavailable" => Some(Self::ConfigurationUnavailable),
            "configuration_busy" => Some(Self::ConfigurationBusy),
            "catalog_refresh_failed" => Some(Self::CatalogRefreshFailed),
            "settings_write_failed" => Some(Self::SettingsWriteFailed),
            "invalid_scope" => Some(Self::InvalidScope),
            "invalid_selection" => Some(Self::InvalidSelection),
            "unsupported_reasoning" => Some(Self::UnsupportedReasoning),
            "catalog_unavailable" => Some(Self::CatalogUnavailable),
            "catalog_stale" => Some(Self::CatalogStale),
            "internal_error" => Some(Self::InternalError),
            "instance_mismatch" => Some(Self::InstanceMismatch),
            "stale_grant" => Some(Self::StaleGrant),
            "control_required" => Some(Self::ControlRequired),
            "operation_conflict" => Some(Self::OperationConflict),
            "unknown_operation" => Some(Self::UnknownOperation),
            "conflict" => Some(Self::Conflict),
            "resource_not_found" => Some(Self::ResourceNotFound),
            "persistence_failed" => Some(Self::PersistenceFailed),
            "output_limit_exceeded" => Some(Self::OutputLimitExceeded),
            "agent_failed" => Some(Self::AgentFailed),
            "agent_refused" => Some(Self::AgentRefused),
            "agent_limit_reached" => Some(Self::AgentLimitReached),
            "agent_needs_login" => Some(Self::AgentNeedsLogin),
            _ => None,
        }
    }
}
impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for ErrorCode {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a ErrorCode value",
            ))
    }
}
impl crate::runtime::WriteJson for ErrorCode {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
impl ErrorCode {
    /// The fixed, sanitized message of the code; never carries request data.
    pub fn message(self) -> &'static str {
        match self {
            Self::InvalidJson => "request is not valid JSON",
            Self::RecordTooLarge => "request record exceeds the maximum size",
            Self::InvalidRequest => "request envelope is invalid",
            Self::PayloadTooLarge => "request payload exceeds the maximum size",
            Self::LimitExceeded => "request exceeds a protocol limit",
            Self::UnsupportedVersion => "protocol version is not supported",
            Self::UnsupportedCapability => "requested capability is not supported",
            Self::UnsupportedOperation => "operation is not supported",
            Self::NotInitialized => "initialize must complete before this operation",
            Self::InvalidPayload => "operation payload is invalid",
            Self::DuplicateRequestId => "request_id is already in flight",
            Self::TooManyActiveTurns => "the service has reached its active turn limit",
            Self::SessionBusy => "session has a conflicting writer or is closing",
            Self::SessionUnavailable => "session is unavailable",
            Self::InvalidSessionId => "session ID is invalid",
            Self::SessionWorkspaceMismatch => "session belongs to another workspace",
            Self::UnknownTurn => "turn is unknown or already terminal",
            Self::AuthBusy => "authentication operation is already running",
            Self::UnknownLogin => "login is unknown or already terminal",
            Self::ProviderUnavailable => "provider does not support this operation",
            Self::ConfirmationRequired => "logout requires explicit confirmation",
            Self::ConfigurationUnavailable => {
                "configuration could not be read; check settings"
            }
            Self::ConfigurationBusy => {
                "a configuration operation is running; retry after its response"
            }
            Self::CatalogRefreshFailed => {
                "catalog refresh failed; check provider readiness and retry"
            }
            Self::SettingsWriteFailed => {
                "settings could not be persisted; check settings and retry"
            }
            Self::InvalidScope => "scope is invalid or the setting requires global scope",
            Self::InvalidSelection => {
                "provider or model is unknown, disabled, or invalid"
            }
            Self::UnsupportedReasoning => {
                "reasoning choice is unsupported for this model"
            }
            Self::CatalogUnavailable => {
                "model catalog is unavailable; refresh it before selecting"
            }
            Self::CatalogStale => "model catalog is stale; refresh it before selecting",
            Self::InternalError => "application service failed to handle the request",
            Self::InstanceMismatch => "request targets another service instance",
            Self::StaleGrant => "control grant is not current for this session",
            Self::ControlRequired => "operation requires current session control",
            Self::OperationConflict => {
                "operation_id was already used for a different intent"
            }
            Self::UnknownOperation => "operation is unknown to this service instance",
            Self::Conflict => "resource revision conflicts with current state",
            Self::ResourceNotFound => "resource is not registered",
            Self::PersistenceFailed => "turn output could not be persisted",
            Self::OutputLimitExceeded => "assistant output exceeds a protocol limit",
            Self::AgentFailed => {
                "the agent process failed or broke the Agent Client Protocol"
            }
            Self::AgentRefused => "the agent refused to continue",
            Self::AgentLimitReached => "the agent reached its token or request limit",
            Self::AgentNeedsLogin => "the agent needs sign-in before it can answer",
        }
    }
    /// Errors any request can receive before its operation runs, in precedence order.
    pub const REQUEST_ERRORS: &'static [Self] = &[
        Self::RecordTooLarge,
        Self::InvalidJson,
        Self::LimitExceeded,
        Self::InvalidRequest,
        Self::UnsupportedVersion,
        Self::UnsupportedOperation,
        Self::PayloadTooLarge,
        Self::InvalidPayload,
        Self::NotInitialized,
        Self::InstanceMismatch,
        Self::DuplicateRequestId,
        Self::InternalError,
    ];
}
impl std::error::Error for ErrorCode {}
/// The error object of a code: the code and its fixed message, nothing else.
impl From<ErrorCode> for ErrorObject {
    fn from(code: ErrorCode) -> Self {
        ErrorObject {
            code: code.as_str().to_owned(),
            message: code.message().to_owned(),
        }
    }
}
/// Stable codes of start-or-connect and handshake failures.
///
/// Non-exhaustive: a new value is compatible outside wire v2 (judged both ways) (`ERROR_CODE_ADDED`), so a later spec
/// may add one without a new protocol version. A `match` over it needs a `_` arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum LaunchErrorCode {
    /// Package versions must match exactly; a live daemon of another version is never killed, replaced or run beside.
    VersionMismatch,
    /// The handshake named a workspace the daemon does not serve.
    WorkspaceMismatch,
    /// The handshake line is not a valid handshake request.
    InvalidHandshake,
    /// The daemon serves `max_connections` connections already: it answers a new connection's handshake line, whatever
    /// it says, with this rejection and closes it. Another connection closing makes room.
    ConnectionLimit,
    /// The daemon's handshake reply is malformed or names another version.
    InvalidHandshakeReply,
    /// start-or-connect was given an unusable workspace.
    InvalidWorkspace,
    /// start-or-connect was given an unusable executable.
    InvalidExecutable,
    /// start-or-connect's arguments do not parse.
    InvalidArguments,
    /// The state root could not be resolved or created.
    StateRootUnavailable,
    /// The state root, or its `settings.toml`, `auth.json`, `sessions/`, `catalog/` or `run/`, is owned by another uid
    /// or writable by group or others (the checks of OpenSSH's StrictModes). The settings file can start programs and
    /// `auth.json` holds credentials, so nothing starts until the owner makes them private again (for example `chmod
    /// 700` the state root, `chmod 600` its files).
    StateRootUnsafe,
    /// A fallback runtime folder is shared by two state roots; the daemon found serves the other.
    StateRootMismatch,
    /// The runtime folder is not owned by the user or is group/world accessible.
    RuntimeDirUnsafe,
    /// The runtime folder could not be created or its socket path is unusable.
    RuntimeDirUnavailable,
    /// The peer at the socket runs as another uid.
    ForeignService,
    /// Locking, stale-socket cleanup, spawning or binding failed, or the daemon exited early.
    StartFailed,
    /// The spawned daemon did not complete a handshake before the start deadline.
    StartTimeout,
    /// serve found the instance lock held.
    DaemonRunning,
    /// The launcher itself failed (for example its runtime could not start).
    InternalError,
}
impl LaunchErrorCode {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::VersionMismatch,
        Self::WorkspaceMismatch,
        Self::InvalidHandshake,
        Self::ConnectionLimit,
        Self::InvalidHandshakeReply,
        Self::InvalidWorkspace,
        Self::InvalidExecutable,
        Self::InvalidArguments,
        Self::StateRootUnavailable,
        Self::StateRootUnsafe,
        Self::StateRootMismatch,
        Self::RuntimeDirUnsafe,
        Self::RuntimeDirUnavailable,
        Self::ForeignService,
        Self::StartFailed,
        Self::StartTimeout,
        Self::DaemonRunning,
        Self::InternalError,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "version_mismatch",
        "workspace_mismatch",
        "invalid_handshake",
        "connection_limit",
        "invalid_handshake_reply",
        "invalid_workspace",
        "invalid_executable",
        "invalid_arguments",
        "state_root_unavailable",
        "state_root_unsafe",
        "state_root_mismatch",
        "runtime_dir_unsafe",
        "runtime_dir_unavailable",
        "foreign_service",
        "start_failed",
        "start_timeout",
        "daemon_running",
        "internal_error",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::VersionMismatch => "version_mismatch",
            Self::WorkspaceMismatch => "workspace_mismatch",
            Self::InvalidHandshake => "invalid_handshake",
            Self::ConnectionLimit => "connection_limit",
            Self::InvalidHandshakeReply => "invalid_handshake_reply",
            Self::InvalidWorkspace => "invalid_workspace",
            Self::InvalidExecutable => "invalid_executable",
            Self::InvalidArguments => "invalid_arguments",
            Self::StateRootUnavailable => "state_root_unavailable",
            Self::StateRootUnsafe => "state_root_unsafe",
            Self::StateRootMismatch => "state_root_mismatch",
            Self::RuntimeDirUnsafe => "runtime_dir_unsafe",
            Self::RuntimeDirUnavailable => "runtime_dir_unavailable",
            Self::ForeignService => "foreign_service",
            Self::StartFailed => "start_failed",
            Self::StartTimeout => "start_timeout",
            Self::DaemonRunning => "daemon_running",
            Self::InternalError => "internal_error",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "version_mismatch" => Some(Self::VersionMismatch),
            "workspace_mismatch" => Some(Self::WorkspaceMismatch),
            "invalid_handshake" => Some(Self::InvalidHandshake),
            "connection_limit" => Some(Self::ConnectionLimit),
            "invalid_handshake_reply" => Some(Self::InvalidHandshakeReply),
            "invalid_workspace" => Some(Self::InvalidWorkspace),
            "invalid_executable" => Some(Self::InvalidExecutable),
            "invalid_arguments" => Some(Self::InvalidArguments),
            "state_root_unavailable" => Some(Self::StateRootUnavailable),
            "state_root_unsafe" => Some(Self::StateRootUnsafe),
            "state_root_mismatch" => Some(Self::StateRootMismatch),
            "runtime_dir_unsafe" => Some(Self::RuntimeDirUnsafe),
            "runtime_dir_unavailable" => Some(Self::RuntimeDirUnavailable),
            "foreign_service" => Some(Self::ForeignService),
            "start_failed" => Some(Self::StartFailed),
            "start_timeout" => Some(Self::StartTimeout),
            "daemon_running" => Some(Self::DaemonRunning),
            "internal_error" => Some(Self::InternalError),
            _ => None,
        }
    }
}
impl std::fmt::Display for LaunchErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for LaunchErrorCode {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a LaunchErrorCode value",
            ))
    }
}
impl crate::runtime::WriteJson for LaunchErrorCode {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
impl LaunchErrorCode {
    /// The fixed message of the code; never carries a path or secret.
    pub fn message(self) -> &'static str {
        match self {
            Self::VersionMismatch => "package version does not match the running daemon",
            Self::WorkspaceMismatch => "the daemon serves another workspace",
            Self::InvalidHandshake => "handshake is invalid",
            Self::ConnectionLimit => {
                "the daemon already serves its maximum number of connections"
            }
            Self::InvalidHandshakeReply => "the daemon sent an invalid handshake reply",
            Self::InvalidWorkspace => "workspace must be an absolute path to a directory",
            Self::InvalidExecutable => {
                "executable must be an absolute path to an executable file"
            }
            Self::InvalidArguments => "command line arguments are invalid",
            Self::StateRootUnavailable => {
                "state root is unavailable; check MC_HOME or HOME"
            }
            Self::StateRootUnsafe => {
                "state root is not owned by this user or is writable by others"
            }
            Self::StateRootMismatch => "the daemon at the socket uses another state root",
            Self::RuntimeDirUnsafe => {
                "runtime folder is not owned by this user or is accessible to others"
            }
            Self::RuntimeDirUnavailable => "runtime folder could not be prepared",
            Self::ForeignService => "the daemon socket belongs to another user",
            Self::StartFailed => "daemon could not be started; see daemon.log",
            Self::StartTimeout => "daemon did not become ready in time",
            Self::DaemonRunning => "a daemon already serves this workspace",
            Self::InternalError => "start-or-connect failed unexpectedly",
        }
    }
}
impl std::error::Error for LaunchErrorCode {}
/// Reasoning choice of a model.
///
/// Exhaustive: a new value is breaking in what both the server and consumers decode (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReasoningLevel {
    /// `default`
    Default,
    /// `low`
    Low,
    /// `medium`
    Medium,
    /// `high`
    High,
    /// `x_high`
    XHigh,
    /// `max`
    Max,
}
impl ReasoningLevel {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::Default,
        Self::Low,
        Self::Medium,
        Self::High,
        Self::XHigh,
        Self::Max,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "default",
        "low",
        "medium",
        "high",
        "x_high",
        "max",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Default => "default",
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
            Self::XHigh => "x_high",
            Self::Max => "max",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "default" => Some(Self::Default),
            "low" => Some(Self::Low),
            "medium" => Some(Self::Medium),
            "high" => Some(Self::High),
            "x_high" => Some(Self::XHigh),
            "max" => Some(Self::Max),
            _ => None,
        }
    }
}
impl std::fmt::Display for ReasoningLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for ReasoningLevel {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a ReasoningLevel value",
            ))
    }
}
impl crate::runtime::WriteJson for ReasoningLevel {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Settings scope a write targets.
///
/// Exhaustive: a new value is breaking in what both the server and consumers decode (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// `global`
    Global,
    /// `project`
    Project,
}
impl Scope {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Global, Self::Project];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["global", "project"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Global => "global",
            Self::Project => "project",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "global" => Some(Self::Global),
            "project" => Some(Self::Project),
            _ => None,
        }
    }
}
impl std::fmt::Display for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for Scope {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a Scope value",
            ))
    }
}
impl crate::runtime::WriteJson for Scope {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Settings layer, in precedence order.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ConfigLayer {
    /// `environment`
    Environment,
    /// `project`
    Project,
    /// `global`
    Global,
}
impl ConfigLayer {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Environment, Self::Project, Self::Global];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["environment", "project", "global"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Environment => "environment",
            Self::Project => "project",
            Self::Global => "global",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "environment" => Some(Self::Environment),
            "project" => Some(Self::Project),
            "global" => Some(Self::Global),
            _ => None,
        }
    }
}
impl std::fmt::Display for ConfigLayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for ConfigLayer {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a ConfigLayer value",
            ))
    }
}
impl crate::runtime::WriteJson for ConfigLayer {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// A writable setting.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SettingName {
    /// `selection`
    Selection,
    /// `thinking_level`
    ThinkingLevel,
    /// `fast`
    Fast,
}
impl SettingName {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Selection, Self::ThinkingLevel, Self::Fast];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["selection", "thinking_level", "fast"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Selection => "selection",
            Self::ThinkingLevel => "thinking_level",
            Self::Fast => "fast",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "selection" => Some(Self::Selection),
            "thinking_level" => Some(Self::ThinkingLevel),
            "fast" => Some(Self::Fast),
            _ => None,
        }
    }
}
impl std::fmt::Display for SettingName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for SettingName {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a SettingName value",
            ))
    }
}
impl crate::runtime::WriteJson for SettingName {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Service transport.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Transport {
    /// `unix`
    Unix,
}
impl Transport {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Unix];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["unix"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Unix => "unix",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "unix" => Some(Self::Unix),
            _ => None,
        }
    }
}
impl std::fmt::Display for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for Transport {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a Transport value",
            ))
    }
}
impl crate::runtime::WriteJson for Transport {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// How a provider authenticates.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AuthMethod {
    /// `oauth`
    Oauth,
    /// `api_key`
    ApiKey,
    /// `none`
    None,
}
impl AuthMethod {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Oauth, Self::ApiKey, Self::None];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["oauth", "api_key", "none"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Oauth => "oauth",
            Self::ApiKey => "api_key",
            Self::None => "none",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "oauth" => Some(Self::Oauth),
            "api_key" => Some(Self::ApiKey),
            "none" => Some(Self::None),
            _ => None,
        }
    }
}
impl std::fmt::Display for AuthMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for AuthMethod {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a AuthMethod value",
            ))
    }
}
impl crate::runtime::WriteJson for AuthMethod {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Where a provider's credential comes from; variable names are never returned.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AuthSource {
    /// `shared_store`
    SharedStore,
    /// `environment`
    Environment,
    /// `none`
    None,
}
impl AuthSource {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::SharedStore, Self::Environment, Self::None];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["shared_store", "environment", "none"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SharedStore => "shared_store",
            Self::Environment => "environment",
            Self::None => "none",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "shared_store" => Some(Self::SharedStore),
            "environment" => Some(Self::Environment),
            "none" => Some(Self::None),
            _ => None,
        }
    }
}
impl std::fmt::Display for AuthSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for AuthSource {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a AuthSource value",
            ))
    }
}
impl crate::runtime::WriteJson for AuthSource {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Whether a provider can prepare authentication now.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Readiness {
    /// `ready`
    Ready,
    /// `missing`
    Missing,
    /// `needs_login`
    NeedsLogin,
}
impl Readiness {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Ready, Self::Missing, Self::NeedsLogin];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["ready", "missing", "needs_login"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ready => "ready",
            Self::Missing => "missing",
            Self::NeedsLogin => "needs_login",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "ready" => Some(Self::Ready),
            "missing" => Some(Self::Missing),
            "needs_login" => Some(Self::NeedsLogin),
            _ => None,
        }
    }
}
impl std::fmt::Display for Readiness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for Readiness {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a Readiness value",
            ))
    }
}
impl crate::runtime::WriteJson for Readiness {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// State of a provider's validated model cache.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CatalogState {
    /// `fresh_cache`
    FreshCache,
    /// `stale`
    Stale,
    /// `unavailable`
    Unavailable,
}
impl CatalogState {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::FreshCache, Self::Stale, Self::Unavailable];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["fresh_cache", "stale", "unavailable"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FreshCache => "fresh_cache",
            Self::Stale => "stale",
            Self::Unavailable => "unavailable",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "fresh_cache" => Some(Self::FreshCache),
            "stale" => Some(Self::Stale),
            "unavailable" => Some(Self::Unavailable),
            _ => None,
        }
    }
}
impl std::fmt::Display for CatalogState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for CatalogState {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a CatalogState value",
            ))
    }
}
impl crate::runtime::WriteJson for CatalogState {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Terminal status of a turn.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TurnStatus {
    /// `completed`
    Completed,
    /// `cancelled`
    Cancelled,
    /// `failed`
    Failed,
}
impl TurnStatus {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Completed, Self::Cancelled, Self::Failed];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["completed", "cancelled", "failed"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
            Self::Failed => "failed",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "completed" => Some(Self::Completed),
            "cancelled" => Some(Self::Cancelled),
            "failed" => Some(Self::Failed),
            _ => None,
        }
    }
}
impl std::fmt::Display for TurnStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for TurnStatus {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a TurnStatus value",
            ))
    }
}
impl crate::runtime::WriteJson for TurnStatus {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Whether a turn's durable write succeeded.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Persistence {
    /// `committed`
    Committed,
    /// `failed`
    Failed,
}
impl Persistence {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Committed, Self::Failed];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["committed", "failed"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Committed => "committed",
            Self::Failed => "failed",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "committed" => Some(Self::Committed),
            "failed" => Some(Self::Failed),
            _ => None,
        }
    }
}
impl std::fmt::Display for Persistence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for Persistence {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a Persistence value",
            ))
    }
}
impl crate::runtime::WriteJson for Persistence {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Whether a claimed session has a running turn.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SnapshotState {
    /// `idle`
    Idle,
    /// `running`
    Running,
}
impl SnapshotState {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Idle, Self::Running];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["idle", "running"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Idle => "idle",
            Self::Running => "running",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "idle" => Some(Self::Idle),
            "running" => Some(Self::Running),
            _ => None,
        }
    }
}
impl std::fmt::Display for SnapshotState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for SnapshotState {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a SnapshotState value",
            ))
    }
}
impl crate::runtime::WriteJson for SnapshotState {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// State of an operation ID in the operation table.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OperationState {
    /// `accepted`
    Accepted,
    /// `settled`
    Settled,
    /// `expired`
    Expired,
    /// `unknown`
    Unknown,
}
impl OperationState {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::Accepted,
        Self::Settled,
        Self::Expired,
        Self::Unknown,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "accepted",
        "settled",
        "expired",
        "unknown",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Accepted => "accepted",
            Self::Settled => "settled",
            Self::Expired => "expired",
            Self::Unknown => "unknown",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "accepted" => Some(Self::Accepted),
            "settled" => Some(Self::Settled),
            "expired" => Some(Self::Expired),
            "unknown" => Some(Self::Unknown),
            _ => None,
        }
    }
}
impl std::fmt::Display for OperationState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for OperationState {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a OperationState value",
            ))
    }
}
impl crate::runtime::WriteJson for OperationState {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Settled outcome: a turn or login terminal status, or succeeded/failed for other mutations.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OutcomeStatus {
    /// `succeeded`
    Succeeded,
    /// `failed`
    Failed,
    /// `completed`
    Completed,
    /// `cancelled`
    Cancelled,
    /// `exchange_succeeded`
    ExchangeSucceeded,
    /// `callback_timeout`
    CallbackTimeout,
    /// `callback_failed`
    CallbackFailed,
    /// `exchange_failed`
    ExchangeFailed,
    /// `auth_changed`
    AuthChanged,
    /// `storage_failed`
    StorageFailed,
    /// `internal_error`
    InternalError,
}
impl OutcomeStatus {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::Succeeded,
        Self::Failed,
        Self::Completed,
        Self::Cancelled,
        Self::ExchangeSucceeded,
        Self::CallbackTimeout,
        Self::CallbackFailed,
        Self::ExchangeFailed,
        Self::AuthChanged,
        Self::StorageFailed,
        Self::InternalError,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "succeeded",
        "failed",
        "completed",
        "cancelled",
        "exchange_succeeded",
        "callback_timeout",
        "callback_failed",
        "exchange_failed",
        "auth_changed",
        "storage_failed",
        "internal_error",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
            Self::ExchangeSucceeded => "exchange_succeeded",
            Self::CallbackTimeout => "callback_timeout",
            Self::CallbackFailed => "callback_failed",
            Self::ExchangeFailed => "exchange_failed",
            Self::AuthChanged => "auth_changed",
            Self::StorageFailed => "storage_failed",
            Self::InternalError => "internal_error",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "succeeded" => Some(Self::Succeeded),
            "failed" => Some(Self::Failed),
            "completed" => Some(Self::Completed),
            "cancelled" => Some(Self::Cancelled),
            "exchange_succeeded" => Some(Self::ExchangeSucceeded),
            "callback_timeout" => Some(Self::CallbackTimeout),
            "callback_failed" => Some(Self::CallbackFailed),
            "exchange_failed" => Some(Self::ExchangeFailed),
            "auth_changed" => Some(Self::AuthChanged),
            "storage_failed" => Some(Self::StorageFailed),
            "internal_error" => Some(Self::InternalError),
            _ => None,
        }
    }
}
impl std::fmt::Display for OutcomeStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for OutcomeStatus {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a OutcomeStatus value",
            ))
    }
}
impl crate::runtime::WriteJson for OutcomeStatus {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Progress state of a login.
///
/// Exhaustive: a new value is breaking outside wire v2 (judged both ways) (`ENUM_VALUE_ADDED`) and needs a new protocol
/// version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoginProgressState {
    /// `authorization_url`
    AuthorizationUrl,
    /// `waiting`
    Waiting,
    /// `callback_received`
    CallbackReceived,
    /// `callback_accepted`
    CallbackAccepted,
}
impl LoginProgressState {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::AuthorizationUrl,
        Self::Waiting,
        Self::CallbackReceived,
        Self::CallbackAccepted,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "authorization_url",
        "waiting",
        "callback_received",
        "callback_accepted",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::AuthorizationUrl => "authorization_url",
            Self::Waiting => "waiting",
            Self::CallbackReceived => "callback_received",
            Self::CallbackAccepted => "callback_accepted",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "authorization_url" => Some(Self::AuthorizationUrl),
            "waiting" => Some(Self::Waiting),
            "callback_received" => Some(Self::CallbackReceived),
            "callback_accepted" => Some(Self::CallbackAccepted),
            _ => None,
        }
    }
}
impl std::fmt::Display for LoginProgressState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for LoginProgressState {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a LoginProgressState value",
            ))
    }
}
impl crate::runtime::WriteJson for LoginProgressState {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Fixed terminal label of a login; no provider text is ever included.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoginTerminalState {
    /// `exchange_succeeded`
    ExchangeSucceeded,
    /// `cancelled`
    Cancelled,
    /// `callback_timeout`
    CallbackTimeout,
    /// `callback_failed`
    CallbackFailed,
    /// `exchange_failed`
    ExchangeFailed,
    /// `auth_changed`
    AuthChanged,
    /// `storage_failed`
    StorageFailed,
    /// `internal_error`
    InternalError,
}
impl LoginTerminalState {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::ExchangeSucceeded,
        Self::Cancelled,
        Self::CallbackTimeout,
        Self::CallbackFailed,
        Self::ExchangeFailed,
        Self::AuthChanged,
        Self::StorageFailed,
        Self::InternalError,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "exchange_succeeded",
        "cancelled",
        "callback_timeout",
        "callback_failed",
        "exchange_failed",
        "auth_changed",
        "storage_failed",
        "internal_error",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ExchangeSucceeded => "exchange_succeeded",
            Self::Cancelled => "cancelled",
            Self::CallbackTimeout => "callback_timeout",
            Self::CallbackFailed => "callback_failed",
            Self::ExchangeFailed => "exchange_failed",
            Self::AuthChanged => "auth_changed",
            Self::StorageFailed => "storage_failed",
            Self::InternalError => "internal_error",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "exchange_succeeded" => Some(Self::ExchangeSucceeded),
            "cancelled" => Some(Self::Cancelled),
            "callback_timeout" => Some(Self::CallbackTimeout),
            "callback_failed" => Some(Self::CallbackFailed),
            "exchange_failed" => Some(Self::ExchangeFailed),
            "auth_changed" => Some(Self::AuthChanged),
            "storage_failed" => Some(Self::StorageFailed),
            "internal_error" => Some(Self::InternalError),
            _ => None,
        }
    }
}
impl std::fmt::Display for LoginTerminalState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for LoginTerminalState {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a LoginTerminalState value",
            ))
    }
}
impl crate::runtime::WriteJson for LoginTerminalState {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Lifecycle status of an activity.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActivityStatus {
    /// `queued`
    Queued,
    /// `running`
    Running,
    /// `writing`
    Writing,
    /// `completed`
    Completed,
    /// `failed`
    Failed,
    /// `cancelled`
    Cancelled,
}
impl ActivityStatus {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::Queued,
        Self::Running,
        Self::Writing,
        Self::Completed,
        Self::Failed,
        Self::Cancelled,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "queued",
        "running",
        "writing",
        "completed",
        "failed",
        "cancelled",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Running => "running",
            Self::Writing => "writing",
            Self::Completed => "completed",
            Self::Failed => "failed",
            Self::Cancelled => "cancelled",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "queued" => Some(Self::Queued),
            "running" => Some(Self::Running),
            "writing" => Some(Self::Writing),
            "completed" => Some(Self::Completed),
            "failed" => Some(Self::Failed),
            "cancelled" => Some(Self::Cancelled),
            _ => None,
        }
    }
}
impl std::fmt::Display for ActivityStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for ActivityStatus {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a ActivityStatus value",
            ))
    }
}
impl crate::runtime::WriteJson for ActivityStatus {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// What a lifecycle activity is about; `activity` on finishes.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LifecycleCategory {
    /// `tool`
    Tool,
    /// `hook`
    Hook,
    /// `context_injection`
    ContextInjection,
    /// `subagent_batch`
    SubagentBatch,
    /// `subagent_task`
    SubagentTask,
    /// `assistant`
    Assistant,
    /// `diagnostic`
    Diagnostic,
    /// `compaction`
    Compaction,
    /// `activity`
    Activity,
}
impl LifecycleCategory {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::Tool,
        Self::Hook,
        Self::ContextInjection,
        Self::SubagentBatch,
        Self::SubagentTask,
        Self::Assistant,
        Self::Diagnostic,
        Self::Compaction,
        Self::Activity,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "tool",
        "hook",
        "context_injection",
        "subagent_batch",
        "subagent_task",
        "assistant",
        "diagnostic",
        "compaction",
        "activity",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Tool => "tool",
            Self::Hook => "hook",
            Self::ContextInjection => "context_injection",
            Self::SubagentBatch => "subagent_batch",
            Self::SubagentTask => "subagent_task",
            Self::Assistant => "assistant",
            Self::Diagnostic => "diagnostic",
            Self::Compaction => "compaction",
            Self::Activity => "activity",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "tool" => Some(Self::Tool),
            "hook" => Some(Self::Hook),
            "context_injection" => Some(Self::ContextInjection),
            "subagent_batch" => Some(Self::SubagentBatch),
            "subagent_task" => Some(Self::SubagentTask),
            "assistant" => Some(Self::Assistant),
            "diagnostic" => Some(Self::Diagnostic),
            "compaction" => Some(Self::Compaction),
            "activity" => Some(Self::Activity),
            _ => None,
        }
    }
}
impl std::fmt::Display for LifecycleCategory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for LifecycleCategory {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a LifecycleCategory value",
            ))
    }
}
impl crate::runtime::WriteJson for LifecycleCategory {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// How a tool runs; `unknown` is a literal accepted value, not a wildcard. The literal `unknown` is an accepted value,
/// not a wildcard.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED_WITH_FALLBACK`)
/// and needs a new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ToolTransport {
    /// `local`
    Local,
    /// `mcp`
    Mcp,
    /// `unknown`
    Unknown,
}
impl ToolTransport {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Local, Self::Mcp, Self::Unknown];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["local", "mcp", "unknown"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Local => "local",
            Self::Mcp => "mcp",
            Self::Unknown => "unknown",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "local" => Some(Self::Local),
            "mcp" => Some(Self::Mcp),
            "unknown" => Some(Self::Unknown),
            _ => None,
        }
    }
}
impl std::fmt::Display for ToolTransport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for ToolTransport {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a ToolTransport value",
            ))
    }
}
impl crate::runtime::WriteJson for ToolTransport {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Where a context count comes from.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ContextSource {
    /// `fallback_estimate`
    FallbackEstimate,
    /// `tokenizer_estimate`
    TokenizerEstimate,
    /// `fallback_projection`
    FallbackProjection,
    /// `tokenizer_projection`
    TokenizerProjection,
    /// `last_provider_usage`
    LastProviderUsage,
    /// `provider_exact`
    ProviderExact,
    /// `provider_partial`
    ProviderPartial,
}
impl ContextSource {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::FallbackEstimate,
        Self::TokenizerEstimate,
        Self::FallbackProjection,
        Self::TokenizerProjection,
        Self::LastProviderUsage,
        Self::ProviderExact,
        Self::ProviderPartial,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "fallback_estimate",
        "tokenizer_estimate",
        "fallback_projection",
        "tokenizer_projection",
        "last_provider_usage",
        "provider_exact",
        "provider_partial",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FallbackEstimate => "fallback_estimate",
            Self::TokenizerEstimate => "tokenizer_estimate",
            Self::FallbackProjection => "fallback_projection",
            Self::TokenizerProjection => "tokenizer_projection",
            Self::LastProviderUsage => "last_provider_usage",
            Self::ProviderExact => "provider_exact",
            Self::ProviderPartial => "provider_partial",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "fallback_estimate" => Some(Self::FallbackEstimate),
            "tokenizer_estimate" => Some(Self::TokenizerEstimate),
            "fallback_projection" => Some(Self::FallbackProjection),
            "tokenizer_projection" => Some(Self::TokenizerProjection),
            "last_provider_usage" => Some(Self::LastProviderUsage),
            "provider_exact" => Some(Self::ProviderExact),
            "provider_partial" => Some(Self::ProviderPartial),
            _ => None,
        }
    }
}
impl std::fmt::Display for ContextSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for ContextSource {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a ContextSource value",
            ))
    }
}
impl crate::runtime::WriteJson for ContextSource {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Whether usage is one provider request or whole-run child usage.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UsageSource {
    /// `provider_request`
    ProviderRequest,
    /// `subagent_aggregate`
    SubagentAggregate,
}
impl UsageSource {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::ProviderRequest, Self::SubagentAggregate];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "provider_request",
        "subagent_aggregate",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ProviderRequest => "provider_request",
            Self::SubagentAggregate => "subagent_aggregate",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "provider_request" => Some(Self::ProviderRequest),
            "subagent_aggregate" => Some(Self::SubagentAggregate),
            _ => None,
        }
    }
}
impl std::fmt::Display for UsageSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for UsageSource {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a UsageSource value",
            ))
    }
}
impl crate::runtime::WriteJson for UsageSource {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// State of a context compaction.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CompactionStatus {
    /// `triggered`
    Triggered,
    /// `running`
    Running,
    /// `completed`
    Completed,
    /// `failed`
    Failed,
    /// `cancelled`
    Cancelled,
}
impl CompactionStatus {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::Triggered,
        Self::Running,
        Self::Completed,
        Self::Failed,
        Self::Cancelled,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "triggered",
        "running",
        "completed",
        "failed",
        "cancelled",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Triggered => "triggered",
            Self::Running => "running",
            Self::Completed => "completed",
            Self::Failed => "failed",
            Self::Cancelled => "cancelled",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "triggered" => Some(Self::Triggered),
            "running" => Some(Self::Running),
            "completed" => Some(Self::Completed),
            "failed" => Some(Self::Failed),
            "cancelled" => Some(Self::Cancelled),
            _ => None,
        }
    }
}
impl std::fmt::Display for CompactionStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for CompactionStatus {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a CompactionStatus value",
            ))
    }
}
impl crate::runtime::WriteJson for CompactionStatus {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Author of a replayed message.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReplayRole {
    /// `user`
    User,
    /// `assistant`
    Assistant,
}
impl ReplayRole {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::User, Self::Assistant];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["user", "assistant"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::User => "user",
            Self::Assistant => "assistant",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "user" => Some(Self::User),
            "assistant" => Some(Self::Assistant),
            _ => None,
        }
    }
}
impl std::fmt::Display for ReplayRole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for ReplayRole {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a ReplayRole value",
            ))
    }
}
impl crate::runtime::WriteJson for ReplayRole {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Terminal label of a replayed turn.
///
/// Exhaustive: a new value is breaking in what consumers decode (responses, events) (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReplayTerminalStatus {
    /// `completed`
    Completed,
    /// `cancelled`
    Cancelled,
    /// `failed`
    Failed,
    /// `compaction_required`
    CompactionRequired,
}
impl ReplayTerminalStatus {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::Completed,
        Self::Cancelled,
        Self::Failed,
        Self::CompactionRequired,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "completed",
        "cancelled",
        "failed",
        "compaction_required",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
            Self::Failed => "failed",
            Self::CompactionRequired => "compaction_required",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "completed" => Some(Self::Completed),
            "cancelled" => Some(Self::Cancelled),
            "failed" => Some(Self::Failed),
            "compaction_required" => Some(Self::CompactionRequired),
            _ => None,
        }
    }
}
impl std::fmt::Display for ReplayTerminalStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for ReplayTerminalStatus {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a ReplayTerminalStatus value",
            ))
    }
}
impl crate::runtime::WriteJson for ReplayTerminalStatus {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Status recorded by a turn-end message.
///
/// Exhaustive: a new value is breaking in what both the server and consumers decode (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TurnEndStatus {
    /// `completed`
    Completed,
    /// `failed`
    Failed,
    /// `cancelled`
    Cancelled,
}
impl TurnEndStatus {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[Self::Completed, Self::Failed, Self::Cancelled];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &["completed", "failed", "cancelled"];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Completed => "completed",
            Self::Failed => "failed",
            Self::Cancelled => "cancelled",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "completed" => Some(Self::Completed),
            "failed" => Some(Self::Failed),
            "cancelled" => Some(Self::Cancelled),
            _ => None,
        }
    }
}
impl std::fmt::Display for TurnEndStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for TurnEndStatus {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a TurnEndStatus value",
            ))
    }
}
impl crate::runtime::WriteJson for TurnEndStatus {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Kind of a permission option.
///
/// Exhaustive: a new value is breaking in what both the server and consumers decode (`ENUM_VALUE_ADDED`) and needs a
/// new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PermissionKind {
    /// `allow-once`
    AllowOnce,
    /// `allow-always`
    AllowAlways,
    /// `reject-once`
    RejectOnce,
    /// `reject-always`
    RejectAlways,
}
impl PermissionKind {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::AllowOnce,
        Self::AllowAlways,
        Self::RejectOnce,
        Self::RejectAlways,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "allow-once",
        "allow-always",
        "reject-once",
        "reject-always",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::AllowOnce => "allow-once",
            Self::AllowAlways => "allow-always",
            Self::RejectOnce => "reject-once",
            Self::RejectAlways => "reject-always",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "allow-once" => Some(Self::AllowOnce),
            "allow-always" => Some(Self::AllowAlways),
            "reject-once" => Some(Self::RejectOnce),
            "reject-always" => Some(Self::RejectAlways),
            _ => None,
        }
    }
}
impl std::fmt::Display for PermissionKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for PermissionKind {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a PermissionKind value",
            ))
    }
}
impl crate::runtime::WriteJson for PermissionKind {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Error with a stable code and a short fixed message; request data is never included.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ErrorObject {
    /// Stable error code.
    pub code: ErrorCodeName,
    /// Fixed message of the code.
    pub message: String,
}
impl ErrorObject {
    /// From the required members (`code`, `message`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            message: message.into(),
        }
    }
}
impl crate::runtime::Decode for ErrorObject {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ErrorObject;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ErrorObject object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_code = None;
                let mut f_message = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "code" => {
                            let v = cx
                                .in_member(
                                    "code",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::ERROR_CODE_NAME,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_code, "code", v)?;
                        }
                        "message" => {
                            let v = cx
                                .in_member(
                                    "message",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: crate::limits::MAX_ERROR_MESSAGE_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_message, "message", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ErrorObject {
                    code: crate::runtime::required(f_code, "code")?,
                    message: crate::runtime::required(f_message, "message")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ErrorObject {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"code\":");
        crate::runtime::WriteJson::write_json(&self.code, out);
        out.extend_from_slice(b",\"message\":");
        crate::runtime::WriteJson::write_json(&self.message, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ErrorObject {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Session control proof carried by control-requiring mutations.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Control {
    /// Claim ID returned by session.claim.
    pub claim_id: OpaqueId,
    /// Grant generation returned by session.claim.
    pub grant_generation: u64,
}
impl Control {
    /// From the required members (`claim_id`, `grant_generation`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(claim_id: impl Into<String>, grant_generation: u64) -> Self {
        Self {
            claim_id: claim_id.into(),
            grant_generation,
        }
    }
}
impl crate::runtime::Decode for Control {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = Control;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a Control object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_claim_id = None;
                let mut f_grant_generation = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "claim_id" => {
                            let v = cx
                                .in_member(
                                    "claim_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_claim_id, "claim_id", v)?;
                        }
                        "grant_generation" => {
                            let v = cx
                                .in_member(
                                    "grant_generation",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_grant_generation,
                                "grant_generation",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(Control {
                    claim_id: crate::runtime::required(f_claim_id, "claim_id")?,
                    grant_generation: crate::runtime::required(
                        f_grant_generation,
                        "grant_generation",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for Control {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"claim_id\":");
        crate::runtime::WriteJson::write_json(&self.claim_id, out);
        out.extend_from_slice(b",\"grant_generation\":");
        crate::runtime::WriteJson::write_json(&self.grant_generation, out);
        out.push(b'}');
    }
}
impl serde::Serialize for Control {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Advertised limits: every declared limit is required; unknown keys are extensions that must still be positive
/// integers.
///
/// Non-exhaustive: a new required key (a new limit) is compatible in what both the server and consumers decode
/// (`LIMIT_ADDED`), so a later spec may add one without a new protocol version. Build it with [`Self::new`] (every
/// declared key at the spec's limit) and the `with_*` setters.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct LimitMap {
    /// `max_record_bytes`.
    pub max_record_bytes: u64,
    /// `max_payload_bytes`.
    pub max_payload_bytes: u64,
    /// `max_error_message_bytes`.
    pub max_error_message_bytes: u64,
    /// `max_id_bytes`.
    pub max_id_bytes: u64,
    /// `max_name_bytes`.
    pub max_name_bytes: u64,
    /// `max_string_bytes`.
    pub max_string_bytes: u64,
    /// `max_json_depth`.
    pub max_json_depth: u64,
    /// `max_array_items`.
    pub max_array_items: u64,
    /// `max_object_fields`.
    pub max_object_fields: u64,
    /// `max_negotiation_items`.
    pub max_negotiation_items: u64,
    /// `max_session_attachments`.
    pub max_session_attachments: u64,
    /// `max_session_page_items`.
    pub max_session_page_items: u64,
    /// `max_session_replay_page_bytes`.
    pub max_session_replay_page_bytes: u64,
    /// `max_session_replay_window_bytes`.
    pub max_session_replay_window_bytes: u64,
    /// `max_session_list_scan_entries`.
    pub max_session_list_scan_entries: u64,
    /// `max_catalog_page_items`.
    pub max_catalog_page_items: u64,
    /// `max_connections`.
    pub max_connections: u64,
    /// `max_inflight_requests`.
    pub max_inflight_requests: u64,
    /// `max_active_turns`.
    pub max_active_turns: u64,
    /// `max_retained_operations`.
    pub max_retained_operations: u64,
    /// `operation_retention_ms`.
    pub operation_retention_ms: u64,
    /// `operation_tombstone_ms`.
    pub operation_tombstone_ms: u64,
    /// `max_snapshot_text_bytes`.
    pub max_snapshot_text_bytes: u64,
    /// `turn_event_queue_items`.
    pub turn_event_queue_items: u64,
    /// `handshake_timeout_ms`.
    pub handshake_timeout_ms: u64,
    /// `framing_timeout_ms`.
    pub framing_timeout_ms: u64,
    /// `cancel_grace_ms`.
    pub cancel_grace_ms: u64,
    /// Keys this spec does not declare, kept so forwarding loses nothing.
    pub extensions: std::collections::BTreeMap<String, u64>,
}
impl LimitMap {
    /// Every declared key at the spec's value, and no extensions.
    pub fn new() -> Self {
        Self {
            max_record_bytes: crate::limits::MAX_RECORD_BYTES,
            max_payload_bytes: crate::limits::MAX_PAYLOAD_BYTES,
            max_error_message_bytes: crate::limits::MAX_ERROR_MESSAGE_BYTES,
            max_id_bytes: crate::limits::MAX_ID_BYTES,
            max_name_bytes: crate::limits::MAX_NAME_BYTES,
            max_string_bytes: crate::limits::MAX_STRING_BYTES,
            max_json_depth: crate::limits::MAX_JSON_DEPTH,
            max_array_items: crate::limits::MAX_ARRAY_ITEMS,
            max_object_fields: crate::limits::MAX_OBJECT_FIELDS,
            max_negotiation_items: crate::limits::MAX_NEGOTIATION_ITEMS,
            max_session_attachments: crate::limits::MAX_SESSION_ATTACHMENTS,
            max_session_page_items: crate::limits::MAX_SESSION_PAGE_ITEMS,
            max_session_replay_page_bytes: crate::limits::MAX_SESSION_REPLAY_PAGE_BYTES,
            max_session_replay_window_bytes: crate::limits::MAX_SESSION_REPLAY_WINDOW_BYTES,
            max_session_list_scan_entries: crate::limits::MAX_SESSION_LIST_SCAN_ENTRIES,
            max_catalog_page_items: crate::limits::MAX_CATALOG_PAGE_ITEMS,
            max_connections: crate::limits::MAX_CONNECTIONS,
            max_inflight_requests: crate::limits::MAX_INFLIGHT_REQUESTS,
            max_active_turns: crate::limits::MAX_ACTIVE_TURNS,
            max_retained_operations: crate::limits::MAX_RETAINED_OPERATIONS,
            operation_retention_ms: crate::limits::OPERATION_RETENTION_MS,
            operation_tombstone_ms: crate::limits::OPERATION_TOMBSTONE_MS,
            max_snapshot_text_bytes: crate::limits::MAX_SNAPSHOT_TEXT_BYTES,
            turn_event_queue_items: crate::limits::TURN_EVENT_QUEUE_ITEMS,
            handshake_timeout_ms: crate::limits::HANDSHAKE_TIMEOUT_MS,
            framing_timeout_ms: crate::limits::FRAMING_TIMEOUT_MS,
            cancel_grace_ms: crate::limits::CANCEL_GRACE_MS,
            extensions: std::collections::BTreeMap::new(),
        }
    }
    /// Sets `max_record_bytes`.
    #[must_use]
    pub fn with_max_record_bytes(mut self, value: u64) -> Self {
        self.max_record_bytes = value;
        self
    }
    /// Sets `max_payload_bytes`.
    #[must_use]
    pub fn with_max_payload_bytes(mut self, value: u64) -> Self {
        self.max_payload_bytes = value;
        self
    }
    /// Sets `max_error_message_bytes`.
    #[must_use]
    pub fn with_max_error_message_bytes(mut self, value: u64) -> Self {
        self.max_error_message_bytes = value;
        self
    }
    /// Sets `max_id_bytes`.
    #[must_use]
    pub fn with_max_id_bytes(mut self, value: u64) -> Self {
        self.max_id_bytes = value;
        self
    }
    /// Sets `max_name_bytes`.
    #[must_use]
    pub fn with_max_name_bytes(mut self, value: u64) -> Self {
        self.max_name_bytes = value;
        self
    }
    /// Sets `max_string_bytes`.
    #[must_use]
    pub fn with_max_string_bytes(mut self, value: u64) -> Self {
        self.max_string_bytes = value;
        self
    }
    /// Sets `max_json_depth`.
    #[must_use]
    pub fn with_max_json_depth(mut self, value: u64) -> Self {
        self.max_json_depth = value;
        self
    }
    /// Sets `max_array_items`.
    #[must_use]
    pub fn with_max_array_items(mut self, value: u64) -> Self {
        self.max_array_items = value;
        self
    }
    /// Sets `max_object_fields`.
    #[must_use]
    pub fn with_max_object_fields(mut self, value: u64) -> Self {
        self.max_object_fields = value;
        self
    }
    /// Sets `max_negotiation_items`.
    #[must_use]
    pub fn with_max_negotiation_items(mut self, value: u64) -> Self {
        self.max_negotiation_items = value;
        self
    }
    /// Sets `max_session_attachments`.
    #[must_use]
    pub fn with_max_session_attachments(mut self, value: u64) -> Self {
        self.max_session_attachments = value;
        self
    }
    /// Sets `max_session_page_items`.
    #[must_use]
    pub fn with_max_session_page_items(mut self, value: u64) -> Self {
        self.max_session_page_items = value;
        self
    }
    /// Sets `max_session_replay_page_bytes`.
    #[must_use]
    pub fn with_max_session_replay_page_bytes(mut self, value: u64) -> Self {
        self.max_session_replay_page_bytes = value;
        self
    }
    /// Sets `max_session_replay_window_bytes`.
    #[must_use]
    pub fn with_max_session_replay_window_bytes(mut self, value: u64) -> Self {
        self.max_session_replay_window_bytes = value;
        self
    }
    /// Sets `max_session_list_scan_entries`.
    #[must_use]
    pub fn with_max_session_list_scan_entries(mut self, value: u64) -> Self {
        self.max_session_list_scan_entries = value;
        self
    }
    /// Sets `max_catalog_page_items`.
    #[must_use]
    pub fn with_max_catalog_page_items(mut self, value: u64) -> Self {
        self.max_catalog_page_items = value;
        self
    }
    /// Sets `max_connections`.
    #[must_use]
    pub fn with_max_connections(mut self, value: u64) -> Self {
        self.max_connections = value;
        self
    }
    /// Sets `max_inflight_requests`.
    #[must_use]
    pub fn with_max_inflight_requests(mut self, value: u64) -> Self {
        self.max_inflight_requests = value;
        self
    }
    /// Sets `max_active_turns`.
    #[must_use]
    pub fn with_max_active_turns(mut self, value: u64) -> Self {
        self.max_active_turns = value;
        self
    }
    /// Sets `max_retained_operations`.
    #[must_use]
    pub fn with_max_retained_operations(mut self, value: u64) -> Self {
        self.max_retained_operations = value;
        self
    }
    /// Sets `operation_retention_ms`.
    #[must_use]
    pub fn with_operation_retention_ms(mut self, value: u64) -> Self {
        self.operation_retention_ms = value;
        self
    }
    /// Sets `operation_tombstone_ms`.
    #[must_use]
    pub fn with_operation_tombstone_ms(mut self, value: u64) -> Self {
        self.operation_tombstone_ms = value;
        self
    }
    /// Sets `max_snapshot_text_bytes`.
    #[must_use]
    pub fn with_max_snapshot_text_bytes(mut self, value: u64) -> Self {
        self.max_snapshot_text_bytes = value;
        self
    }
    /// Sets `turn_event_queue_items`.
    #[must_use]
    pub fn with_turn_event_queue_items(mut self, value: u64) -> Self {
        self.turn_event_queue_items = value;
        self
    }
    /// Sets `handshake_timeout_ms`.
    #[must_use]
    pub fn with_handshake_timeout_ms(mut self, value: u64) -> Self {
        self.handshake_timeout_ms = value;
        self
    }
    /// Sets `framing_timeout_ms`.
    #[must_use]
    pub fn with_framing_timeout_ms(mut self, value: u64) -> Self {
        self.framing_timeout_ms = value;
        self
    }
    /// Sets `cancel_grace_ms`.
    #[must_use]
    pub fn with_cancel_grace_ms(mut self, value: u64) -> Self {
        self.cancel_grace_ms = value;
        self
    }
}
impl LimitMap {
    /// The value under a wire key, declared or extension, so callers can walk a
    /// spec-generated list of keys instead of naming fields.
    pub fn get(&self, key: &str) -> Option<&u64> {
        match key {
            "max_record_bytes" => Some(&self.max_record_bytes),
            "max_payload_bytes" => Some(&self.max_payload_bytes),
            "max_error_message_bytes" => Some(&self.max_error_message_bytes),
            "max_id_bytes" => Some(&self.max_id_bytes),
            "max_name_bytes" => Some(&self.max_name_bytes),
            "max_string_bytes" => Some(&self.max_string_bytes),
            "max_json_depth" => Some(&self.max_json_depth),
            "max_array_items" => Some(&self.max_array_items),
            "max_object_fields" => Some(&self.max_object_fields),
            "max_negotiation_items" => Some(&self.max_negotiation_items),
            "max_session_attachments" => Some(&self.max_session_attachments),
            "max_session_page_items" => Some(&self.max_session_page_items),
            "max_session_replay_page_bytes" => Some(&self.max_session_replay_page_bytes),
            "max_session_replay_window_bytes" => {
                Some(&self.max_session_replay_window_bytes)
            }
            "max_session_list_scan_entries" => Some(&self.max_session_list_scan_entries),
            "max_catalog_page_items" => Some(&self.max_catalog_page_items),
            "max_connections" => Some(&self.max_connections),
            "max_inflight_requests" => Some(&self.max_inflight_requests),
            "max_active_turns" => Some(&self.max_active_turns),
            "max_retained_operations" => Some(&self.max_retained_operations),
            "operation_retention_ms" => Some(&self.operation_retention_ms),
            "operation_tombstone_ms" => Some(&self.operation_tombstone_ms),
            "max_snapshot_text_bytes" => Some(&self.max_snapshot_text_bytes),
            "turn_event_queue_items" => Some(&self.turn_event_queue_items),
            "handshake_timeout_ms" => Some(&self.handshake_timeout_ms),
            "framing_timeout_ms" => Some(&self.framing_timeout_ms),
            "cancel_grace_ms" => Some(&self.cancel_grace_ms),
            other => self.extensions.get(other),
        }
    }
}
impl crate::runtime::Decode for LimitMap {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>);
        impl<'de> serde::de::Visitor<'de> for V<'_> {
            type Value = LimitMap;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a LimitMap map")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_max_record_bytes = None;
                let mut f_max_payload_bytes = None;
                let mut f_max_error_message_bytes = None;
                let mut f_max_id_bytes = None;
                let mut f_max_name_bytes = None;
                let mut f_max_string_bytes = None;
                let mut f_max_json_depth = None;
                let mut f_max_array_items = None;
                let mut f_max_object_fields = None;
                let mut f_max_negotiation_items = None;
                let mut f_max_session_attachments = None;
                let mut f_max_session_page_items = None;
                let mut f_max_session_replay_page_bytes = None;
                let mut f_max_session_replay_window_bytes = None;
                let mut f_max_session_list_scan_entries = None;
                let mut f_max_catalog_page_items = None;
                let mut f_max_connections = None;
                let mut f_max_inflight_requests = None;
                let mut f_max_active_turns = None;
                let mut f_max_retained_operations = None;
                let mut f_operation_retention_ms = None;
                let mut f_operation_tombstone_ms = None;
                let mut f_max_snapshot_text_bytes = None;
                let mut f_turn_event_queue_items = None;
                let mut f_handshake_timeout_ms = None;
                let mut f_framing_timeout_ms = None;
                let mut f_cancel_grace_ms = None;
                let mut extensions = std::collections::BTreeMap::new();
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    let v = cx
                        .in_member(
                            &key,
                            map
                                .next_value_seed(
                                    crate::runtime::IntSeed::<
                                        u64,
                                    >::new(1u64, 9007199254740991u64),
                                ),
                        )?;
                    match key.as_ref() {
                        "max_record_bytes" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_record_bytes,
                                "max_record_bytes",
                                v,
                            )?
                        }
                        "max_payload_bytes" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_payload_bytes,
                                "max_payload_bytes",
                                v,
                            )?
                        }
                        "max_error_message_bytes" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_error_message_bytes,
                                "max_error_message_bytes",
                                v,
                            )?
                        }
                        "max_id_bytes" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_id_bytes,
                                "max_id_bytes",
                                v,
                            )?
                        }
                        "max_name_bytes" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_name_bytes,
                                "max_name_bytes",
                                v,
                            )?
                        }
                        "max_string_bytes" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_string_bytes,
                                "max_string_bytes",
                                v,
                            )?
                        }
                        "max_json_depth" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_json_depth,
                                "max_json_depth",
                                v,
                            )?
                        }
                        "max_array_items" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_array_items,
                                "max_array_items",
                                v,
                            )?
                        }
                        "max_object_fields" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_object_fields,
                                "max_object_fields",
                                v,
                            )?
                        }
                        "max_negotiation_items" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_negotiation_items,
                                "max_negotiation_items",
                                v,
                            )?
                        }
                        "max_session_attachments" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_session_attachments,
                                "max_session_attachments",
                                v,
                            )?
                        }
                        "max_session_page_items" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_session_page_items,
                                "max_session_page_items",
                                v,
                            )?
                        }
                        "max_session_replay_page_bytes" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_session_replay_page_bytes,
                                "max_session_replay_page_bytes",
                                v,
                            )?
                        }
                        "max_session_replay_window_bytes" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_session_replay_window_bytes,
                                "max_session_replay_window_bytes",
                                v,
                            )?
                        }
                        "max_session_list_scan_entries" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_session_list_scan_entries,
                                "max_session_list_scan_entries",
                                v,
                            )?
                        }
                        "max_catalog_page_items" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_catalog_page_items,
                                "max_catalog_page_items",
                                v,
                            )?
                        }
                        "max_connections" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_connections,
                                "max_connections",
                                v,
                            )?
                        }
                        "max_inflight_requests" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_inflight_requests,
                                "max_inflight_requests",
                                v,
                            )?
                        }
                        "max_active_turns" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_active_turns,
                                "max_active_turns",
                                v,
                            )?
                        }
                        "max_retained_operations" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_retained_operations,
                                "max_retained_operations",
                                v,
                            )?
                        }
                        "operation_retention_ms" => {
                            crate::runtime::put(
                                cx,
                                &mut f_operation_retention_ms,
                                "operation_retention_ms",
                                v,
                            )?
                        }
                        "operation_tombstone_ms" => {
                            crate::runtime::put(
                                cx,
                                &mut f_operation_tombstone_ms,
                                "operation_tombstone_ms",
                                v,
                            )?
                        }
                        "max_snapshot_text_bytes" => {
                            crate::runtime::put(
                                cx,
                                &mut f_max_snapshot_text_bytes,
                                "max_snapshot_text_bytes",
                                v,
                            )?
                        }
                        "turn_event_queue_items" => {
                            crate::runtime::put(
                                cx,
                                &mut f_turn_event_queue_items,
                                "turn_event_queue_items",
                                v,
                            )?
                        }
                        "handshake_timeout_ms" => {
                            crate::runtime::put(
                                cx,
                                &mut f_handshake_timeout_ms,
                                "handshake_timeout_ms",
                                v,
                            )?
                        }
                        "framing_timeout_ms" => {
                            crate::runtime::put(
                                cx,
                                &mut f_framing_timeout_ms,
                                "framing_timeout_ms",
                                v,
                            )?
                        }
                        "cancel_grace_ms" => {
                            crate::runtime::put(
                                cx,
                                &mut f_cancel_grace_ms,
                                "cancel_grace_ms",
                                v,
                            )?
                        }
                        other => {
                            if extensions.insert(other.to_owned(), v).is_some() {
                                return Err(cx.duplicate(other));
                            }
                        }
                    }
                }
                Ok(LimitMap {
                    max_record_bytes: crate::runtime::required(
                        f_max_record_bytes,
                        "max_record_bytes",
                    )?,
                    max_payload_bytes: crate::runtime::required(
                        f_max_payload_bytes,
                        "max_payload_bytes",
                    )?,
                    max_error_message_bytes: crate::runtime::required(
                        f_max_error_message_bytes,
                        "max_error_message_bytes",
                    )?,
                    max_id_bytes: crate::runtime::required(
                        f_max_id_bytes,
                        "max_id_bytes",
                    )?,
                    max_name_bytes: crate::runtime::required(
                        f_max_name_bytes,
                        "max_name_bytes",
                    )?,
                    max_string_bytes: crate::runtime::required(
                        f_max_string_bytes,
                        "max_string_bytes",
                    )?,
                    max_json_depth: crate::runtime::required(
                        f_max_json_depth,
                        "max_json_depth",
                    )?,
                    max_array_items: crate::runtime::required(
                        f_max_array_items,
                        "max_array_items",
                    )?,
                    max_object_fields: crate::runtime::required(
                        f_max_object_fields,
                        "max_object_fields",
                    )?,
                    max_negotiation_items: crate::runtime::required(
                        f_max_negotiation_items,
                        "max_negotiation_items",
                    )?,
                    max_session_attachments: crate::runtime::required(
                        f_max_session_attachments,
                        "max_session_attachments",
                    )?,
                    max_session_page_items: crate::runtime::required(
                        f_max_session_page_items,
                        "max_session_page_items",
                    )?,
                    max_session_replay_page_bytes: crate::runtime::required(
                        f_max_session_replay_page_bytes,
                        "max_session_replay_page_bytes",
                    )?,
                    max_session_replay_window_bytes: crate::runtime::required(
                        f_max_session_replay_window_bytes,
                        "max_session_replay_window_bytes",
                    )?,
                    max_session_list_scan_entries: crate::runtime::required(
                        f_max_session_list_scan_entries,
                        "max_session_list_scan_entries",
                    )?,
                    max_catalog_page_items: crate::runtime::required(
                        f_max_catalog_page_items,
                        "max_catalog_page_items",
                    )?,
                    max_connections: crate::runtime::required(
                        f_max_connections,
                        "max_connections",
                    )?,
                    max_inflight_requests: crate::runtime::required(
                        f_max_inflight_requests,
                        "max_inflight_requests",
                    )?,
                    max_active_turns: crate::runtime::required(
                        f_max_active_turns,
                        "max_active_turns",
                    )?,
                    max_retained_operations: crate::runtime::required(
                        f_max_retained_operations,
                        "max_retained_operations",
                    )?,
                    operation_retention_ms: crate::runtime::required(
                        f_operation_retention_ms,
                        "operation_retention_ms",
                    )?,
                    operation_tombstone_ms: crate::runtime::required(
                        f_operation_tombstone_ms,
                        "operation_tombstone_ms",
                    )?,
                    max_snapshot_text_bytes: crate::runtime::required(
                        f_max_snapshot_text_bytes,
                        "max_snapshot_text_bytes",
                    )?,
                    turn_event_queue_items: crate::runtime::required(
                        f_turn_event_queue_items,
                        "turn_event_queue_items",
                    )?,
                    handshake_timeout_ms: crate::runtime::required(
                        f_handshake_timeout_ms,
                        "handshake_timeout_ms",
                    )?,
                    framing_timeout_ms: crate::runtime::required(
                        f_framing_timeout_ms,
                        "framing_timeout_ms",
                    )?,
                    cancel_grace_ms: crate::runtime::required(
                        f_cancel_grace_ms,
                        "cancel_grace_ms",
                    )?,
                    extensions,
                })
            }
        }
        d.deserialize_map(V(cx))
    }
}
impl crate::runtime::WriteJson for LimitMap {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"max_record_bytes\":");
        crate::runtime::WriteJson::write_json(&self.max_record_bytes, out);
        out.extend_from_slice(b",\"max_payload_bytes\":");
        crate::runtime::WriteJson::write_json(&self.max_payload_bytes, out);
        out.extend_from_slice(b",\"max_error_message_bytes\":");
        crate::runtime::WriteJson::write_json(&self.max_error_message_bytes, out);
        out.extend_from_slice(b",\"max_id_bytes\":");
        crate::runtime::WriteJson::write_json(&self.max_id_bytes, out);
        out.extend_from_slice(b",\"max_name_bytes\":");
        crate::runtime::WriteJson::write_json(&self.max_name_bytes, out);
        out.extend_from_slice(b",\"max_string_bytes\":");
        crate::runtime::WriteJson::write_json(&self.max_string_bytes, out);
        out.extend_from_slice(b",\"max_json_depth\":");
        crate::runtime::WriteJson::write_json(&self.max_json_depth, out);
        out.extend_from_slice(b",\"max_array_items\":");
        crate::runtime::WriteJson::write_json(&self.max_array_items, out);
        out.extend_from_slice(b",\"max_object_fields\":");
        crate::runtime::WriteJson::write_json(&self.max_object_fields, out);
        out.extend_from_slice(b",\"max_negotiation_items\":");
        crate::runtime::WriteJson::write_json(&self.max_negotiation_items, out);
        out.extend_from_slice(b",\"max_session_attachments\":");
        crate::runtime::WriteJson::write_json(&self.max_session_attachments, out);
        out.extend_from_slice(b",\"max_session_page_items\":");
        crate::runtime::WriteJson::write_json(&self.max_session_page_items, out);
        out.extend_from_slice(b",\"max_session_replay_page_bytes\":");
        crate::runtime::WriteJson::write_json(&self.max_session_replay_page_bytes, out);
        out.extend_from_slice(b",\"max_session_replay_window_bytes\":");
        crate::runtime::WriteJson::write_json(
            &self.max_session_replay_window_bytes,
            out,
        );
        out.extend_from_slice(b",\"max_session_list_scan_entries\":");
        crate::runtime::WriteJson::write_json(&self.max_session_list_scan_entries, out);
        out.extend_from_slice(b",\"max_catalog_page_items\":");
        crate::runtime::WriteJson::write_json(&self.max_catalog_page_items, out);
        out.extend_from_slice(b",\"max_connections\":");
        crate::runtime::WriteJson::write_json(&self.max_connections, out);
        out.extend_from_slice(b",\"max_inflight_requests\":");
        crate::runtime::WriteJson::write_json(&self.max_inflight_requests, out);
        out.extend_from_slice(b",\"max_active_turns\":");
        crate::runtime::WriteJson::write_json(&self.max_active_turns, out);
        out.extend_from_slice(b",\"max_retained_operations\":");
        crate::runtime::WriteJson::write_json(&self.max_retained_operations, out);
        out.extend_from_slice(b",\"operation_retention_ms\":");
        crate::runtime::WriteJson::write_json(&self.operation_retention_ms, out);
        out.extend_from_slice(b",\"operation_tombstone_ms\":");
        crate::runtime::WriteJson::write_json(&self.operation_tombstone_ms, out);
        out.extend_from_slice(b",\"max_snapshot_text_bytes\":");
        crate::runtime::WriteJson::write_json(&self.max_snapshot_text_bytes, out);
        out.extend_from_slice(b",\"turn_event_queue_items\":");
        crate::runtime::WriteJson::write_json(&self.turn_event_queue_items, out);
        out.extend_from_slice(b",\"handshake_timeout_ms\":");
        crate::runtime::WriteJson::write_json(&self.handshake_timeout_ms, out);
        out.extend_from_slice(b",\"framing_timeout_ms\":");
        crate::runtime::WriteJson::write_json(&self.framing_timeout_ms, out);
        out.extend_from_slice(b",\"cancel_grace_ms\":");
        crate::runtime::WriteJson::write_json(&self.cancel_grace_ms, out);
        for (k, v) in &self.extensions {
            crate::runtime::separate(out);
            crate::runtime::write_str(out, k);
            out.push(b':');
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.push(b'}');
    }
}
impl serde::Serialize for LimitMap {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Activity feature flags and the summary bound; not operation names.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`CAPABILITY_FLAG_ADDED`), so a later spec may add one without a new protocol version. Build it with [`Self::new`]
/// and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ActivityCapabilities {}
impl ActivityCapabilities {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self {}
    }
}
impl ActivityCapabilities {
    /// turn.activity events are delivered. Always `true` on the wire.
    pub const EVENTS: bool = true;
    /// Approval routes exist (unsupported). Always `false` on the wire.
    pub const APPROVALS: bool = false;
    /// Steering routes exist (unsupported). Always `false` on the wire.
    pub const STEERING: bool = false;
    /// MCP server lifecycle events exist (unsupported). Always `false` on the wire.
    pub const MCP_SERVER_LIFECYCLE: bool = false;
    /// MCP tool activity is reported. Always `true` on the wire.
    pub const MCP_TOOL_ACTIVITY: bool = true;
    /// Subagent activity is reported. Always `true` on the wire.
    pub const SUBAGENTS: bool = true;
    /// Raw tool output is delivered (unsupported). Always `false` on the wire.
    pub const RAW_TOOL_OUTPUT: bool = false;
    /// Activity is replayed durably (unsupported). Always `false` on the wire.
    pub const ACTIVITY_REPLAY: bool = false;
    /// Largest reasoning summary text, a feature bound separate from the general limits. Always `2048` on the wire.
    pub const MAX_SUMMARY_BYTES: u64 = 2048u64;
}
impl crate::runtime::Decode for ActivityCapabilities {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ActivityCapabilities;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ActivityCapabilities object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_events = None;
                let mut f_approvals = None;
                let mut f_steering = None;
                let mut f_mcp_server_lifecycle = None;
                let mut f_mcp_tool_activity = None;
                let mut f_subagents = None;
                let mut f_raw_tool_output = None;
                let mut f_activity_replay = None;
                let mut f_max_summary_bytes = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "events" => {
                            let v = cx
                                .in_member(
                                    "events",
                                    map.next_value_seed(crate::runtime::ConstBool(true)),
                                )?;
                            crate::runtime::put(cx, &mut f_events, "events", v)?;
                        }
                        "approvals" => {
                            let v = cx
                                .in_member(
                                    "approvals",
                                    map.next_value_seed(crate::runtime::ConstBool(false)),
                                )?;
                            crate::runtime::put(cx, &mut f_approvals, "approvals", v)?;
                        }
                        "steering" => {
                            let v = cx
                                .in_member(
                                    "steering",
                                    map.next_value_seed(crate::runtime::ConstBool(false)),
                                )?;
                            crate::runtime::put(cx, &mut f_steering, "steering", v)?;
                        }
                        "mcp_server_lifecycle" => {
                            let v = cx
                                .in_member(
                                    "mcp_server_lifecycle",
                                    map.next_value_seed(crate::runtime::ConstBool(false)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_mcp_server_lifecycle,
                                "mcp_server_lifecycle",
                                v,
                            )?;
                        }
                        "mcp_tool_activity" => {
                            let v = cx
                                .in_member(
                                    "mcp_tool_activity",
                                    map.next_value_seed(crate::runtime::ConstBool(true)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_mcp_tool_activity,
                                "mcp_tool_activity",
                                v,
                            )?;
                        }
                        "subagents" => {
                            let v = cx
                                .in_member(
                                    "subagents",
                                    map.next_value_seed(crate::runtime::ConstBool(true)),
                                )?;
                            crate::runtime::put(cx, &mut f_subagents, "subagents", v)?;
                        }
                        "raw_tool_output" => {
                            let v = cx
                                .in_member(
                                    "raw_tool_output",
                                    map.next_value_seed(crate::runtime::ConstBool(false)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_raw_tool_output,
                                "raw_tool_output",
                                v,
                            )?;
                        }
                        "activity_replay" => {
                            let v = cx
                                .in_member(
                                    "activity_replay",
                                    map.next_value_seed(crate::runtime::ConstBool(false)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_activity_replay,
                                "activity_replay",
                                v,
                            )?;
                        }
                        "max_summary_bytes" => {
                            let v = cx
                                .in_member(
                                    "max_summary_bytes",
                                    map.next_value_seed(crate::runtime::ConstInt(2048u64)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_max_summary_bytes,
                                "max_summary_bytes",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_events, "events")?;
                crate::runtime::required::<(), A::Error>(f_approvals, "approvals")?;
                crate::runtime::required::<(), A::Error>(f_steering, "steering")?;
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_mcp_server_lifecycle, "mcp_server_lifecycle")?;
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_mcp_tool_activity, "mcp_tool_activity")?;
                crate::runtime::required::<(), A::Error>(f_subagents, "subagents")?;
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_raw_tool_output, "raw_tool_output")?;
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_activity_replay, "activity_replay")?;
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_max_summary_bytes, "max_summary_bytes")?;
                Ok(ActivityCapabilities {})
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ActivityCapabilities {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(
            b"{\"events\":true,\"approvals\":false,\"steering\":false,\"mcp_server_lifecycle\":false,\"mcp_tool_activity\":true,\"subagents\":true,\"raw_tool_output\":false,\"activity_replay\":false,\"max_summary_bytes\":2048}",
        );
    }
}
impl serde::Serialize for ActivityCapabilities {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Complete capability advertisement of the service.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Capabilities {
    /// Wire versions served.
    pub protocol_versions: Vec<u16>,
    /// Transports served; the in-process core alone advertises none.
    pub transports: Vec<Transport>,
    /// Operations served; an unknown one may be left unused.
    pub operations: Vec<Name>,
    /// Events the service may send; consumers reject the advertisement if any is unknown.
    pub events: Vec<Name>,
    /// Advertised limits.
    pub limits: LimitMap,
    /// Activity feature flags.
    pub activity: ActivityCapabilities,
}
impl Capabilities {
    /// From the required members (`protocol_versions`, `transports`, `operations`, `events`, `limits`, `activity`);
    /// optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        protocol_versions: Vec<u16>,
        transports: Vec<Transport>,
        operations: Vec<Name>,
        events: Vec<Name>,
        limits: LimitMap,
        activity: ActivityCapabilities,
    ) -> Self {
        Self {
            protocol_versions,
            transports,
            operations,
            events,
            limits,
            activity,
        }
    }
}
impl crate::runtime::Decode for Capabilities {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = Capabilities;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a Capabilities object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_protocol_versions = None;
                let mut f_transports = None;
                let mut f_operations = None;
                let mut f_events = None;
                let mut f_limits = None;
                let mut f_activity = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "protocol_versions" => {
                            let v = cx
                                .in_member(
                                    "protocol_versions",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 1u64,
                                            max: crate::limits::MAX_ARRAY_ITEMS,
                                            max_is_limit: true,
                                            item: |_| crate::runtime::IntSeed::<
                                                u16,
                                            >::new(0u64, 65535u64),
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_protocol_versions,
                                "protocol_versions",
                                v,
                            )?;
                        }
                        "transports" => {
                            let v = cx
                                .in_member(
                                    "transports",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::limits::MAX_ARRAY_ITEMS,
                                            max_is_limit: true,
                                            item: |cx| crate::runtime::Seed::<Transport>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_transports, "transports", v)?;
                        }
                        "operations" => {
                            let v = cx
                                .in_member(
                                    "operations",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::limits::MAX_ARRAY_ITEMS,
                                            max_is_limit: true,
                                            item: |cx| crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::NAME,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_operations, "operations", v)?;
                        }
                        "events" => {
                            let v = cx
                                .in_member(
                                    "events",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::limits::MAX_ARRAY_ITEMS,
                                            max_is_limit: true,
                                            item: |cx| crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::NAME,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_events, "events", v)?;
                        }
                        "limits" => {
                            let v = cx
                                .in_member(
                                    "limits",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<LimitMap>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_limits, "limits", v)?;
                        }
                        "activity" => {
                            let v = cx
                                .in_member(
                                    "activity",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ActivityCapabilities>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_activity, "activity", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(Capabilities {
                    protocol_versions: crate::runtime::required(
                        f_protocol_versions,
                        "protocol_versions",
                    )?,
                    transports: crate::runtime::required(f_transports, "transports")?,
                    operations: crate::runtime::required(f_operations, "operations")?,
                    events: crate::runtime::required(f_events, "events")?,
                    limits: crate::runtime::required(f_limits, "limits")?,
                    activity: crate::runtime::required(f_activity, "activity")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for Capabilities {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"protocol_versions\":");
        crate::runtime::WriteJson::write_json(&self.protocol_versions, out);
        out.extend_from_slice(b",\"transports\":");
        crate::runtime::WriteJson::write_json(&self.transports, out);
        out.extend_from_slice(b",\"operations\":");
        crate::runtime::WriteJson::write_json(&self.operations, out);
        out.extend_from_slice(b",\"events\":");
        crate::runtime::WriteJson::write_json(&self.events, out);
        out.extend_from_slice(b",\"limits\":");
        crate::runtime::WriteJson::write_json(&self.limits, out);
        out.extend_from_slice(b",\"activity\":");
        crate::runtime::WriteJson::write_json(&self.activity, out);
        out.push(b'}');
    }
}
impl serde::Serialize for Capabilities {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Selected provider and model.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Selection {
    /// Selected provider.
    pub provider_id: ProviderId,
    /// Selected model.
    pub model_id: ModelId,
}
impl Selection {
    /// From the required members (`provider_id`, `model_id`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(provider_id: impl Into<String>, model_id: impl Into<String>) -> Self {
        Self {
            provider_id: provider_id.into(),
            model_id: model_id.into(),
        }
    }
}
impl crate::runtime::Decode for Selection {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = Selection;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a Selection object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                let mut f_model_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "model_id" => {
                            let v = cx
                                .in_member(
                                    "model_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::MODEL_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_model_id, "model_id", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(Selection {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    model_id: crate::runtime::required(f_model_id, "model_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for Selection {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"model_id\":");
        crate::runtime::WriteJson::write_json(&self.model_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for Selection {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Authentication readiness of one provider.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthProviderStatus {
    /// Provider.
    pub provider_id: ProviderId,
    /// How the provider authenticates.
    pub auth_method: AuthMethod,
    /// Where the credential comes from.
    pub source: AuthSource,
    /// Readiness now.
    pub readiness: Readiness,
    /// True exactly when readiness is ready.
    pub ready: bool,
}
impl AuthProviderStatus {
    /// From the required members (`provider_id`, `auth_method`, `source`, `readiness`, `ready`); optional members are
    /// omitted, defaulted ones take their defaults.
    pub fn new(
        provider_id: impl Into<String>,
        auth_method: AuthMethod,
        source: AuthSource,
        readiness: Readiness,
        ready: bool,
    ) -> Self {
        Self {
            provider_id: provider_id.into(),
            auth_method,
            source,
            readiness,
            ready,
        }
    }
}
impl crate::runtime::Decode for AuthProviderStatus {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthProviderStatus;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthProviderStatus object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                let mut f_auth_method = None;
                let mut f_source = None;
                let mut f_readiness = None;
                let mut f_ready = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "auth_method" => {
                            let v = cx
                                .in_member(
                                    "auth_method",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<AuthMethod>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_auth_method,
                                "auth_method",
                                v,
                            )?;
                        }
                        "source" => {
                            let v = cx
                                .in_member(
                                    "source",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<AuthSource>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_source, "source", v)?;
                        }
                        "readiness" => {
                            let v = cx
                                .in_member(
                                    "readiness",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<Readiness>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_readiness, "readiness", v)?;
                        }
                        "ready" => {
                            let v = cx
                                .in_member(
                                    "ready",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_ready, "ready", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(AuthProviderStatus {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    auth_method: crate::runtime::required(f_auth_method, "auth_method")?,
                    source: crate::runtime::required(f_source, "source")?,
                    readiness: crate::runtime::required(f_readiness, "readiness")?,
                    ready: crate::runtime::required(f_ready, "ready")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthProviderStatus {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"auth_method\":");
        crate::runtime::WriteJson::write_json(&self.auth_method, out);
        out.extend_from_slice(b",\"source\":");
        crate::runtime::WriteJson::write_json(&self.source, out);
        out.extend_from_slice(b",\"readiness\":");
        crate::runtime::WriteJson::write_json(&self.readiness, out);
        out.extend_from_slice(b",\"ready\":");
        crate::runtime::WriteJson::write_json(&self.ready, out);
        out.push(b'}');
    }
}
impl serde::Serialize for AuthProviderStatus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// One provider of the catalog.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ProviderEntry {
    /// Provider.
    pub provider_id: ProviderId,
    /// Display label.
    pub label: Label,
}
impl ProviderEntry {
    /// From the required members (`provider_id`, `label`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(provider_id: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            provider_id: provider_id.into(),
            label: label.into(),
        }
    }
}
impl crate::runtime::Decode for ProviderEntry {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ProviderEntry;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ProviderEntry object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                let mut f_label = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "label" => {
                            let v = cx
                                .in_member(
                                    "label",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::LABEL,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_label, "label", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ProviderEntry {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    label: crate::runtime::required(f_label, "label")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ProviderEntry {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"label\":");
        crate::runtime::WriteJson::write_json(&self.label, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ProviderEntry {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// One model of a provider's cached catalog.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ModelEntry {
    /// Provider.
    pub provider_id: ProviderId,
    /// Model.
    pub model_id: ModelId,
    /// Display label.
    pub label: Label,
    /// Selection eligibility; not auth readiness or inference success.
    pub available: bool,
    /// Context window in tokens; null means unknown. (required, nullable)
    pub context_window: Option<u64>,
    /// Output token limit; null means unknown. (required, nullable)
    pub max_output_tokens: Option<u64>,
    /// Reasoning choices the model offers.
    pub available_thinking_levels: Vec<ReasoningLevel>,
}
impl ModelEntry {
    /// From the required members (`provider_id`, `model_id`, `label`, `available`, `context_window`,
    /// `max_output_tokens`, `available_thinking_levels`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(
        provider_id: impl Into<String>,
        model_id: impl Into<String>,
        label: impl Into<String>,
        available: bool,
        context_window: Option<u64>,
        max_output_tokens: Option<u64>,
        available_thinking_levels: Vec<ReasoningLevel>,
    ) -> Self {
        Self {
            provider_id: provider_id.into(),
            model_id: model_id.into(),
            label: label.into(),
            available,
            context_window,
            max_output_tokens,
            available_thinking_levels,
        }
    }
}
impl crate::runtime::Decode for ModelEntry {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ModelEntry;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ModelEntry object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                let mut f_model_id = None;
                let mut f_label = None;
                let mut f_available = None;
                let mut f_context_window = None;
                let mut f_max_output_tokens = None;
                let mut f_available_thinking_levels = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "model_id" => {
                            let v = cx
                                .in_member(
                                    "model_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::MODEL_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_model_id, "model_id", v)?;
                        }
                        "label" => {
                            let v = cx
                                .in_member(
                                    "label",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::LABEL,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_label, "label", v)?;
                        }
                        "available" => {
                            let v = cx
                                .in_member(
                                    "available",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_available, "available", v)?;
                        }
                        "context_window" => {
                            let v = cx
                                .in_member(
                                    "context_window",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::IntSeed::<
                                                    u64,
                                                >::new(0u64, 9007199254740991u64),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_context_window,
                                "context_window",
                                v,
                            )?;
                        }
                        "max_output_tokens" => {
                            let v = cx
                                .in_member(
                                    "max_output_tokens",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::IntSeed::<
                                                    u64,
                                                >::new(0u64, 9007199254740991u64),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_max_output_tokens,
                                "max_output_tokens",
                                v,
                            )?;
                        }
                        "available_thinking_levels" => {
                            let v = cx
                                .in_member(
                                    "available_thinking_levels",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::constants::REASONING_LEVELS_MAX,
                                            max_is_limit: false,
                                            item: |cx| crate::runtime::Seed::<ReasoningLevel>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_available_thinking_levels,
                                "available_thinking_levels",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ModelEntry {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    model_id: crate::runtime::required(f_model_id, "model_id")?,
                    label: crate::runtime::required(f_label, "label")?,
                    available: crate::runtime::required(f_available, "available")?,
                    context_window: crate::runtime::required(
                        f_context_window,
                        "context_window",
                    )?,
                    max_output_tokens: crate::runtime::required(
                        f_max_output_tokens,
                        "max_output_tokens",
                    )?,
                    available_thinking_levels: crate::runtime::required(
                        f_available_thinking_levels,
                        "available_thinking_levels",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ModelEntry {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"model_id\":");
        crate::runtime::WriteJson::write_json(&self.model_id, out);
        out.extend_from_slice(b",\"label\":");
        crate::runtime::WriteJson::write_json(&self.label, out);
        out.extend_from_slice(b",\"available\":");
        crate::runtime::WriteJson::write_json(&self.available, out);
        out.extend_from_slice(b",\"context_window\":");
        crate::runtime::WriteJson::write_json(&self.context_window, out);
        out.extend_from_slice(b",\"max_output_tokens\":");
        crate::runtime::WriteJson::write_json(&self.max_output_tokens, out);
        out.extend_from_slice(b",\"available_thinking_levels\":");
        crate::runtime::WriteJson::write_json(&self.available_thinking_levels, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ModelEntry {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Bounded projection of the effective settings, not the settings document.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ConfigProjection {
    /// Effective provider and model.
    pub selection: Selection,
    /// Resolved supported reasoning level.
    pub thinking_level: ReasoningLevel,
    /// Merged saved reasoning choice, or default.
    pub configured_thinking_level: ReasoningLevel,
    /// Reasoning choices of the effective model.
    pub available_thinking_levels: Vec<ReasoningLevel>,
    /// Fast mode (global only).
    pub fast: bool,
    /// Settings layers, highest first.
    pub precedence: Vec<ConfigLayer>,
    /// Scopes config.set accepts.
    pub writable_scopes: Vec<Scope>,
    /// Settings only the global scope accepts.
    pub global_only: Vec<SettingName>,
}
impl ConfigProjection {
    /// From the required members (`selection`, `thinking_level`, `configured_thinking_level`,
    /// `available_thinking_levels`, `fast`, `precedence`, `writable_scopes`, `global_only`); optional members are
    /// omitted, defaulted ones take their defaults.
    pub fn new(
        selection: Selection,
        thinking_level: ReasoningLevel,
        configured_thinking_level: ReasoningLevel,
        available_thinking_levels: Vec<ReasoningLevel>,
        fast: bool,
        precedence: Vec<ConfigLayer>,
        writable_scopes: Vec<Scope>,
        global_only: Vec<SettingName>,
    ) -> Self {
        Self {
            selection,
            thinking_level,
            configured_thinking_level,
            available_thinking_levels,
            fast,
            precedence,
            writable_scopes,
            global_only,
        }
    }
}
impl crate::runtime::Decode for ConfigProjection {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ConfigProjection;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ConfigProjection object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_selection = None;
                let mut f_thinking_level = None;
                let mut f_configured_thinking_level = None;
                let mut f_available_thinking_levels = None;
                let mut f_fast = None;
                let mut f_precedence = None;
                let mut f_writable_scopes = None;
                let mut f_global_only = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "selection" => {
                            let v = cx
                                .in_member(
                                    "selection",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<Selection>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_selection, "selection", v)?;
                        }
                        "thinking_level" => {
                            let v = cx
                                .in_member(
                                    "thinking_level",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ReasoningLevel>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_thinking_level,
                                "thinking_level",
                                v,
                            )?;
                        }
                        "configured_thinking_level" => {
                            let v = cx
                                .in_member(
                                    "configured_thinking_level",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ReasoningLevel>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_configured_thinking_level,
                                "configured_thinking_level",
                                v,
                            )?;
                        }
                        "available_thinking_levels" => {
                            let v = cx
                                .in_member(
                                    "available_thinking_levels",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::constants::REASONING_LEVELS_MAX,
                                            max_is_limit: false,
                                            item: |cx| crate::runtime::Seed::<ReasoningLevel>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_available_thinking_levels,
                                "available_thinking_levels",
                                v,
                            )?;
                        }
                        "fast" => {
                            let v = cx
                                .in_member(
                                    "fast",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_fast, "fast", v)?;
                        }
                        "precedence" => {
                            let v = cx
                                .in_member(
                                    "precedence",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: 3u64,
                                            max_is_limit: false,
                                            item: |cx| crate::runtime::Seed::<ConfigLayer>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_precedence, "precedence", v)?;
                        }
                        "writable_scopes" => {
                            let v = cx
                                .in_member(
                                    "writable_scopes",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: 2u64,
                                            max_is_limit: false,
                                            item: |cx| crate::runtime::Seed::<Scope>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_writable_scopes,
                                "writable_scopes",
                                v,
                            )?;
                        }
                        "global_only" => {
                            let v = cx
                                .in_member(
                                    "global_only",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: 3u64,
                                            max_is_limit: false,
                                            item: |cx| crate::runtime::Seed::<SettingName>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_global_only,
                                "global_only",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ConfigProjection {
                    selection: crate::runtime::required(f_selection, "selection")?,
                    thinking_level: crate::runtime::required(
                        f_thinking_level,
                        "thinking_level",
                    )?,
                    configured_thinking_level: crate::runtime::required(
                        f_configured_thinking_level,
                        "configured_thinking_level",
                    )?,
                    available_thinking_levels: crate::runtime::required(
                        f_available_thinking_levels,
                        "available_thinking_levels",
                    )?,
                    fast: crate::runtime::required(f_fast, "fast")?,
                    precedence: crate::runtime::required(f_precedence, "precedence")?,
                    writable_scopes: crate::runtime::required(
                        f_writable_scopes,
                        "writable_scopes",
                    )?,
                    global_only: crate::runtime::required(f_global_only, "global_only")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ConfigProjection {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"selection\":");
        crate::runtime::WriteJson::write_json(&self.selection, out);
        out.extend_from_slice(b",\"thinking_level\":");
        crate::runtime::WriteJson::write_json(&self.thinking_level, out);
        out.extend_from_slice(b",\"configured_thinking_level\":");
        crate::runtime::WriteJson::write_json(&self.configured_thinking_level, out);
        out.extend_from_slice(b",\"available_thinking_levels\":");
        crate::runtime::WriteJson::write_json(&self.available_thinking_levels, out);
        out.extend_from_slice(b",\"fast\":");
        crate::runtime::WriteJson::write_json(&self.fast, out);
        out.extend_from_slice(b",\"precedence\":");
        crate::runtime::WriteJson::write_json(&self.precedence, out);
        out.extend_from_slice(b",\"writable_scopes\":");
        crate::runtime::WriteJson::write_json(&self.writable_scopes, out);
        out.extend_from_slice(b",\"global_only\":");
        crate::runtime::WriteJson::write_json(&self.global_only, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ConfigProjection {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// One session of a list page.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionSummary {
    /// Session.
    pub session_id: SessionId,
    /// Sanitized, redacted title; null when none. (required, nullable)
    pub title: Option<String>,
    /// Last durable update.
    pub updated_at: Timestamp,
    /// Canonical path of the workspace the session was created for: turns run only in that workspace's daemon
    /// (`turn.start` elsewhere is `session_workspace_mismatch`). Omitted when the session's metadata names none.
    /// (optional: `None` means omitted)
    pub workspace: Option<String>,
}
impl SessionSummary {
    /// From the required members (`session_id`, `title`, `updated_at`); optional members are omitted, defaulted ones
    /// take their defaults.
    pub fn new(
        session_id: SessionId,
        title: Option<String>,
        updated_at: impl Into<String>,
    ) -> Self {
        Self {
            session_id,
            title,
            updated_at: updated_at.into(),
            workspace: None,
        }
    }
    /// Sets `workspace` (`None` omits it): Canonical path of the workspace the session was created for: turns run only
    /// in that workspace's daemon (`turn.start` elsewhere is `session_workspace_mismatch`). Omitted when the session's
    /// metadata names none.
    #[must_use]
    pub fn with_workspace(
        mut self,
        value: impl crate::runtime::IntoOptional<String>,
    ) -> Self {
        self.workspace = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionSummary {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionSummary;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionSummary object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_session_id = None;
                let mut f_title = None;
                let mut f_updated_at = None;
                let mut f_workspace = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<SessionId>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "title" => {
                            let v = cx
                                .in_member(
                                    "title",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::runtime::StrRules {
                                                    min_bytes: 1u64,
                                                    max_bytes: crate::constants::TITLE_MAX_BYTES,
                                                    charset: None,
                                                    rfc3339: false,
                                                    non_blank: false,
                                                },
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_title, "title", v)?;
                        }
                        "updated_at" => {
                            let v = cx
                                .in_member(
                                    "updated_at",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TIMESTAMP,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_updated_at, "updated_at", v)?;
                        }
                        "workspace" => {
                            let v = cx
                                .in_member(
                                    "workspace",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: crate::constants::WORKSPACE_MAX_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_workspace, "workspace", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionSummary {
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                    title: crate::runtime::required(f_title, "title")?,
                    updated_at: crate::runtime::required(f_updated_at, "updated_at")?,
                    workspace: f_workspace,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionSummary {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"title\":");
        crate::runtime::WriteJson::write_json(&self.title, out);
        out.extend_from_slice(b",\"updated_at\":");
        crate::runtime::WriteJson::write_json(&self.updated_at, out);
        if let Some(v) = &self.workspace {
            out.extend_from_slice(b",\"workspace\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.push(b'}');
    }
}
impl serde::Serialize for SessionSummary {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// The running turn captured by a claim snapshot.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SnapshotTurn {
    /// Running turn.
    pub turn_id: OpaqueId,
    /// Operation that started it.
    pub operation_id: OpaqueId,
    /// Last per-turn sequence reflected in the snapshot; later events follow.
    pub sequence: u64,
    /// Assistant text accepted so far.
    pub assistant_text: String,
}
impl SnapshotTurn {
    /// From the required members (`turn_id`, `operation_id`, `sequence`, `assistant_text`); optional members are
    /// omitted, defaulted ones take their defaults.
    pub fn new(
        turn_id: impl Into<String>,
        operation_id: impl Into<String>,
        sequence: u64,
        assistant_text: impl Into<String>,
    ) -> Self {
        Self {
            turn_id: turn_id.into(),
            operation_id: operation_id.into(),
            sequence,
            assistant_text: assistant_text.into(),
        }
    }
}
impl crate::runtime::Decode for SnapshotTurn {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SnapshotTurn;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SnapshotTurn object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_turn_id = None;
                let mut f_operation_id = None;
                let mut f_sequence = None;
                let mut f_assistant_text = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        "operation_id" => {
                            let v = cx
                                .in_member(
                                    "operation_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_operation_id,
                                "operation_id",
                                v,
                            )?;
                        }
                        "sequence" => {
                            let v = cx
                                .in_member(
                                    "sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_sequence, "sequence", v)?;
                        }
                        "assistant_text" => {
                            let v = cx
                                .in_member(
                                    "assistant_text",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 0u64,
                                                max_bytes: crate::limits::MAX_SNAPSHOT_TEXT_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_assistant_text,
                                "assistant_text",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SnapshotTurn {
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                    operation_id: crate::runtime::required(
                        f_operation_id,
                        "operation_id",
                    )?,
                    sequence: crate::runtime::required(f_sequence, "sequence")?,
                    assistant_text: crate::runtime::required(
                        f_assistant_text,
                        "assistant_text",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SnapshotTurn {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.extend_from_slice(b",\"operation_id\":");
        crate::runtime::WriteJson::write_json(&self.operation_id, out);
        out.extend_from_slice(b",\"sequence\":");
        crate::runtime::WriteJson::write_json(&self.sequence, out);
        out.extend_from_slice(b",\"assistant_text\":");
        crate::runtime::WriteJson::write_json(&self.assistant_text, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SnapshotTurn {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Atomic snapshot taken when control is granted.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ClaimSnapshot {
    /// Idle or running.
    pub state: SnapshotState,
    /// Running turn; null when idle. (required, nullable)
    pub turn: Option<SnapshotTurn>,
    /// Durable replay position at the snapshot.
    pub replay_cursor: Cursor,
}
impl ClaimSnapshot {
    /// From the required members (`state`, `turn`, `replay_cursor`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(
        state: SnapshotState,
        turn: Option<SnapshotTurn>,
        replay_cursor: impl Into<String>,
    ) -> Self {
        Self {
            state,
            turn,
            replay_cursor: replay_cursor.into(),
        }
    }
}
impl crate::runtime::Decode for ClaimSnapshot {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ClaimSnapshot;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ClaimSnapshot object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_state = None;
                let mut f_turn = None;
                let mut f_replay_cursor = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "state" => {
                            let v = cx
                                .in_member(
                                    "state",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<SnapshotState>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_state, "state", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<SnapshotTurn>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "replay_cursor" => {
                            let v = cx
                                .in_member(
                                    "replay_cursor",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::CURSOR,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_replay_cursor,
                                "replay_cursor",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ClaimSnapshot {
                    state: crate::runtime::required(f_state, "state")?,
                    turn: crate::runtime::required(f_turn, "turn")?,
                    replay_cursor: crate::runtime::required(
                        f_replay_cursor,
                        "replay_cursor",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ClaimSnapshot {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"state\":");
        crate::runtime::WriteJson::write_json(&self.state, out);
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.extend_from_slice(b",\"replay_cursor\":");
        crate::runtime::WriteJson::write_json(&self.replay_cursor, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ClaimSnapshot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A running turn as session.status reports it.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct RunningTurn {
    /// Running turn.
    pub turn_id: OpaqueId,
}
impl RunningTurn {
    /// From the required members (`turn_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(turn_id: impl Into<String>) -> Self {
        Self { turn_id: turn_id.into() }
    }
}
impl RunningTurn {
    /// Always running. Always `"running"` on the wire.
    pub const STATUS: &'static str = "running";
}
impl crate::runtime::Decode for RunningTurn {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = RunningTurn;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a RunningTurn object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_turn_id = None;
                let mut f_status = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map.next_value_seed(crate::runtime::ConstStr("running")),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_status, "status")?;
                Ok(RunningTurn {
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for RunningTurn {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.extend_from_slice(b",\"status\":\"running\"}");
    }
}
impl serde::Serialize for RunningTurn {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Settled outcome of an operation.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct OperationOutcome {
    /// Terminal status, or succeeded/failed.
    pub status: OutcomeStatus,
    /// Error of a failed outcome; null otherwise. (required, nullable)
    pub error: Option<ErrorObject>,
}
impl OperationOutcome {
    /// From the required members (`status`, `error`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(status: OutcomeStatus, error: Option<ErrorObject>) -> Self {
        Self { status, error }
    }
}
impl crate::runtime::Decode for OperationOutcome {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = OperationOutcome;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a OperationOutcome object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_status = None;
                let mut f_error = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<OutcomeStatus>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "error" => {
                            let v = cx
                                .in_member(
                                    "error",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<ErrorObject>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_error, "error", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(OperationOutcome {
                    status: crate::runtime::required(f_status, "status")?,
                    error: crate::runtime::required(f_error, "error")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for OperationOutcome {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"status\":");
        crate::runtime::WriteJson::write_json(&self.status, out);
        out.extend_from_slice(b",\"error\":");
        crate::runtime::WriteJson::write_json(&self.error, out);
        out.push(b'}');
    }
}
impl serde::Serialize for OperationOutcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Allowlisted projection of one runtime activity; fields are flattened.
///
/// Exhaustive: a new variant is breaking in what consumers decode (responses, events) (`UNION_VARIANT_ADDED`) and needs
/// a new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, PartialEq)]
pub enum Activity {
    /// Start, update or finish of a runtime activity.
    Lifecycle(ActivityLifecycle),
    /// Status of a tool call; never arguments or results.
    Tool(ActivityTool),
    /// Sanitized completed provider reasoning summary.
    ReasoningSummary(ActivityReasoningSummary),
    /// Context window usage.
    Context(ActivityContext),
    /// Token usage of a provider request or a whole subagent run.
    Usage(ActivityUsage),
    /// Context compaction progress.
    Compaction(ActivityCompaction),
}
/// Start, update or finish of a runtime activity.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ActivityLifecycle {
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    pub activity_id: OpaqueId,
    /// Parent supplied by a lifecycle start; omitted otherwise, never null. (optional: `None` means omitted)
    pub parent_activity_id: Option<OpaqueId>,
    /// What the activity is about.
    pub category: LifecycleCategory,
    /// Lifecycle status.
    pub status: ActivityStatus,
}
impl ActivityLifecycle {
    /// From the required members (`activity_id`, `category`, `status`); optional members are omitted, defaulted ones
    /// take their defaults.
    pub fn new(
        activity_id: impl Into<String>,
        category: LifecycleCategory,
        status: ActivityStatus,
    ) -> Self {
        Self {
            activity_id: activity_id.into(),
            parent_activity_id: None,
            category,
            status,
        }
    }
    /// Sets `parent_activity_id` (`None` omits it): Parent supplied by a lifecycle start; omitted otherwise, never
    /// null.
    #[must_use]
    pub fn with_parent_activity_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_activity_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl ActivityLifecycle {
    /// Details are never projected. Always `true` on the wire.
    pub const DETAILS_OMITTED: bool = true;
}
impl crate::runtime::Decode for ActivityLifecycle {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ActivityLifecycle;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ActivityLifecycle object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_activity_id = None;
                let mut f_parent_activity_id = None;
                let mut f_category = None;
                let mut f_status = None;
                let mut f_details_omitted = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "activity_id" => {
                            let v = cx
                                .in_member(
                                    "activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_activity_id,
                                "activity_id",
                                v,
                            )?;
                        }
                        "parent_activity_id" => {
                            let v = cx
                                .in_member(
                                    "parent_activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_parent_activity_id,
                                "parent_activity_id",
                                v,
                            )?;
                        }
                        "category" => {
                            let v = cx
                                .in_member(
                                    "category",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<LifecycleCategory>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_category, "category", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ActivityStatus>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "details_omitted" => {
                            let v = cx
                                .in_member(
                                    "details_omitted",
                                    map.next_value_seed(crate::runtime::ConstBool(true)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_details_omitted,
                                "details_omitted",
                                v,
                            )?;
                        }
                        "kind" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_details_omitted, "details_omitted")?;
                Ok(ActivityLifecycle {
                    activity_id: crate::runtime::required(f_activity_id, "activity_id")?,
                    parent_activity_id: f_parent_activity_id,
                    category: crate::runtime::required(f_category, "category")?,
                    status: crate::runtime::required(f_status, "status")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ActivityLifecycle {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"kind\":\"lifecycle\",\"activity_id\":");
        crate::runtime::WriteJson::write_json(&self.activity_id, out);
        if let Some(v) = &self.parent_activity_id {
            out.extend_from_slice(b",\"parent_activity_id\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"category\":");
        crate::runtime::WriteJson::write_json(&self.category, out);
        out.extend_from_slice(b",\"status\":");
        crate::runtime::WriteJson::write_json(&self.status, out);
        out.extend_from_slice(b",\"details_omitted\":true}");
    }
}
impl serde::Serialize for ActivityLifecycle {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Status of a tool call; never arguments or results.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ActivityTool {
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    pub activity_id: OpaqueId,
    /// Parent supplied by a lifecycle start; omitted otherwise, never null. (optional: `None` means omitted)
    pub parent_activity_id: Option<OpaqueId>,
    /// Hashed tool name.
    pub tool_id: OpaqueId,
    /// Allowlisted built-in tool name, or null. (required, nullable)
    pub tool_name: Option<Name>,
    /// Hashed MCP server name, or null. (required, nullable)
    pub server_id: Option<OpaqueId>,
    /// How the tool runs.
    pub transport: ToolTransport,
    /// running on start; completed or failed on result.
    pub status: ActivityStatus,
    /// Whether a main-agent result timed out; null means unknown. (required, nullable)
    pub timed_out: Option<bool>,
}
impl ActivityTool {
    /// From the required members (`activity_id`, `tool_id`, `tool_name`, `server_id`, `transport`, `status`,
    /// `timed_out`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        activity_id: impl Into<String>,
        tool_id: impl Into<String>,
        tool_name: Option<Name>,
        server_id: Option<OpaqueId>,
        transport: ToolTransport,
        status: ActivityStatus,
        timed_out: Option<bool>,
    ) -> Self {
        Self {
            activity_id: activity_id.into(),
            parent_activity_id: None,
            tool_id: tool_id.into(),
            tool_name,
            server_id,
            transport,
            status,
            timed_out,
        }
    }
    /// Sets `parent_activity_id` (`None` omits it): Parent supplied by a lifecycle start; omitted otherwise, never
    /// null.
    #[must_use]
    pub fn with_parent_activity_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_activity_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl ActivityTool {
    /// Details are never projected. Always `true` on the wire.
    pub const DETAILS_OMITTED: bool = true;
}
impl crate::runtime::Decode for ActivityTool {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ActivityTool;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ActivityTool object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_activity_id = None;
                let mut f_parent_activity_id = None;
                let mut f_tool_id = None;
                let mut f_tool_name = None;
                let mut f_server_id = None;
                let mut f_transport = None;
                let mut f_status = None;
                let mut f_timed_out = None;
                let mut f_details_omitted = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "activity_id" => {
                            let v = cx
                                .in_member(
                                    "activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_activity_id,
                                "activity_id",
                                v,
                            )?;
                        }
                        "parent_activity_id" => {
                            let v = cx
                                .in_member(
                                    "parent_activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_parent_activity_id,
                                "parent_activity_id",
                                v,
                            )?;
                        }
                        "tool_id" => {
                            let v = cx
                                .in_member(
                                    "tool_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_tool_id, "tool_id", v)?;
                        }
                        "tool_name" => {
                            let v = cx
                                .in_member(
                                    "tool_name",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::NAME,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_tool_name, "tool_name", v)?;
                        }
                        "server_id" => {
                            let v = cx
                                .in_member(
                                    "server_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_server_id, "server_id", v)?;
                        }
                        "transport" => {
                            let v = cx
                                .in_member(
                                    "transport",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ToolTransport>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_transport, "transport", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ActivityStatus>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "timed_out" => {
                            let v = cx
                                .in_member(
                                    "timed_out",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::BoolSeed),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_timed_out, "timed_out", v)?;
                        }
                        "details_omitted" => {
                            let v = cx
                                .in_member(
                                    "details_omitted",
                                    map.next_value_seed(crate::runtime::ConstBool(true)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_details_omitted,
                                "details_omitted",
                                v,
                            )?;
                        }
                        "kind" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_details_omitted, "details_omitted")?;
                Ok(ActivityTool {
                    activity_id: crate::runtime::required(f_activity_id, "activity_id")?,
                    parent_activity_id: f_parent_activity_id,
                    tool_id: crate::runtime::required(f_tool_id, "tool_id")?,
                    tool_name: crate::runtime::required(f_tool_name, "tool_name")?,
                    server_id: crate::runtime::required(f_server_id, "server_id")?,
                    transport: crate::runtime::required(f_transport, "transport")?,
                    status: crate::runtime::required(f_status, "status")?,
                    timed_out: crate::runtime::required(f_timed_out, "timed_out")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ActivityTool {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"kind\":\"tool\",\"activity_id\":");
        crate::runtime::WriteJson::write_json(&self.activity_id, out);
        if let Some(v) = &self.parent_activity_id {
            out.extend_from_slice(b",\"parent_activity_id\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"tool_id\":");
        crate::runtime::WriteJson::write_json(&self.tool_id, out);
        out.extend_from_slice(b",\"tool_name\":");
        crate::runtime::WriteJson::write_json(&self.tool_name, out);
        out.extend_from_slice(b",\"server_id\":");
        crate::runtime::WriteJson::write_json(&self.server_id, out);
        out.extend_from_slice(b",\"transport\":");
        crate::runtime::WriteJson::write_json(&self.transport, out);
        out.extend_from_slice(b",\"status\":");
        crate::runtime::WriteJson::write_json(&self.status, out);
        out.extend_from_slice(b",\"timed_out\":");
        crate::runtime::WriteJson::write_json(&self.timed_out, out);
        out.extend_from_slice(b",\"details_omitted\":true}");
    }
}
impl serde::Serialize for ActivityTool {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Sanitized completed provider reasoning summary.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ActivityReasoningSummary {
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    pub activity_id: OpaqueId,
    /// Parent supplied by a lifecycle start; omitted otherwise, never null. (optional: `None` means omitted)
    pub parent_activity_id: Option<OpaqueId>,
    /// Sanitized summary text.
    pub text: String,
    /// Whether sanitization changed the text.
    pub redacted: bool,
    /// Whether the size bound removed text.
    pub truncated: bool,
}
impl ActivityReasoningSummary {
    /// From the required members (`activity_id`, `text`, `redacted`, `truncated`); optional members are omitted,
    /// defaulted ones take their defaults.
    pub fn new(
        activity_id: impl Into<String>,
        text: impl Into<String>,
        redacted: bool,
        truncated: bool,
    ) -> Self {
        Self {
            activity_id: activity_id.into(),
            parent_activity_id: None,
            text: text.into(),
            redacted,
            truncated,
        }
    }
    /// Sets `parent_activity_id` (`None` omits it): Parent supplied by a lifecycle start; omitted otherwise, never
    /// null.
    #[must_use]
    pub fn with_parent_activity_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_activity_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for ActivityReasoningSummary {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ActivityReasoningSummary;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ActivityReasoningSummary object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_activity_id = None;
                let mut f_parent_activity_id = None;
                let mut f_text = None;
                let mut f_redacted = None;
                let mut f_truncated = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "activity_id" => {
                            let v = cx
                                .in_member(
                                    "activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_activity_id,
                                "activity_id",
                                v,
                            )?;
                        }
                        "parent_activity_id" => {
                            let v = cx
                                .in_member(
                                    "parent_activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_parent_activity_id,
                                "parent_activity_id",
                                v,
                            )?;
                        }
                        "text" => {
                            let v = cx
                                .in_member(
                                    "text",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 0u64,
                                                max_bytes: crate::constants::SUMMARY_MAX_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_text, "text", v)?;
                        }
                        "redacted" => {
                            let v = cx
                                .in_member(
                                    "redacted",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_redacted, "redacted", v)?;
                        }
                        "truncated" => {
                            let v = cx
                                .in_member(
                                    "truncated",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_truncated, "truncated", v)?;
                        }
                        "kind" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ActivityReasoningSummary {
                    activity_id: crate::runtime::required(f_activity_id, "activity_id")?,
                    parent_activity_id: f_parent_activity_id,
                    text: crate::runtime::required(f_text, "text")?,
                    redacted: crate::runtime::required(f_redacted, "redacted")?,
                    truncated: crate::runtime::required(f_truncated, "truncated")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ActivityReasoningSummary {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"kind\":\"reasoning_summary\",\"activity_id\":");
        crate::runtime::WriteJson::write_json(&self.activity_id, out);
        if let Some(v) = &self.parent_activity_id {
            out.extend_from_slice(b",\"parent_activity_id\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"text\":");
        crate::runtime::WriteJson::write_json(&self.text, out);
        out.extend_from_slice(b",\"redacted\":");
        crate::runtime::WriteJson::write_json(&self.redacted, out);
        out.extend_from_slice(b",\"truncated\":");
        crate::runtime::WriteJson::write_json(&self.truncated, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ActivityReasoningSummary {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Context window usage.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ActivityContext {
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    pub activity_id: OpaqueId,
    /// Parent supplied by a lifecycle start; omitted otherwise, never null. (optional: `None` means omitted)
    pub parent_activity_id: Option<OpaqueId>,
    /// Tokens in context.
    pub current_tokens: u64,
    /// Context window size.
    pub max_tokens: u64,
    /// Reasoning tokens, or null when unknown. (required, nullable)
    pub reasoning_tokens: Option<u64>,
    /// Runtime request counter, not a live sequence.
    pub request_sequence: u64,
    /// Where the count comes from.
    pub source: ContextSource,
}
impl ActivityContext {
    /// From the required members (`activity_id`, `current_tokens`, `max_tokens`, `reasoning_tokens`,
    /// `request_sequence`, `source`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        activity_id: impl Into<String>,
        current_tokens: u64,
        max_tokens: u64,
        reasoning_tokens: Option<u64>,
        request_sequence: u64,
        source: ContextSource,
    ) -> Self {
        Self {
            activity_id: activity_id.into(),
            parent_activity_id: None,
            current_tokens,
            max_tokens,
            reasoning_tokens,
            request_sequence,
            source,
        }
    }
    /// Sets `parent_activity_id` (`None` omits it): Parent supplied by a lifecycle start; omitted otherwise, never
    /// null.
    #[must_use]
    pub fn with_parent_activity_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_activity_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for ActivityContext {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ActivityContext;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ActivityContext object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_activity_id = None;
                let mut f_parent_activity_id = None;
                let mut f_current_tokens = None;
                let mut f_max_tokens = None;
                let mut f_reasoning_tokens = None;
                let mut f_request_sequence = None;
                let mut f_source = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "activity_id" => {
                            let v = cx
                                .in_member(
                                    "activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_activity_id,
                                "activity_id",
                                v,
                            )?;
                        }
                        "parent_activity_id" => {
                            let v = cx
                                .in_member(
                                    "parent_activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_parent_activity_id,
                                "parent_activity_id",
                                v,
                            )?;
                        }
                        "current_tokens" => {
                            let v = cx
                                .in_member(
                                    "current_tokens",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_current_tokens,
                                "current_tokens",
                                v,
                            )?;
                        }
                        "max_tokens" => {
                            let v = cx
                                .in_member(
                                    "max_tokens",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_max_tokens, "max_tokens", v)?;
                        }
                        "reasoning_tokens" => {
                            let v = cx
                                .in_member(
                                    "reasoning_tokens",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::IntSeed::<
                                                    u64,
                                                >::new(0u64, 9007199254740991u64),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_reasoning_tokens,
                                "reasoning_tokens",
                                v,
                            )?;
                        }
                        "request_sequence" => {
                            let v = cx
                                .in_member(
                                    "request_sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_request_sequence,
                                "request_sequence",
                                v,
                            )?;
                        }
                        "source" => {
                            let v = cx
                                .in_member(
                                    "source",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ContextSource>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_source, "source", v)?;
                        }
                        "kind" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ActivityContext {
                    activity_id: crate::runtime::required(f_activity_id, "activity_id")?,
                    parent_activity_id: f_parent_activity_id,
                    current_tokens: crate::runtime::required(
                        f_current_tokens,
                        "current_tokens",
                    )?,
                    max_tokens: crate::runtime::required(f_max_tokens, "max_tokens")?,
                    reasoning_tokens: crate::runtime::required(
                        f_reasoning_tokens,
                        "reasoning_tokens",
                    )?,
                    request_sequence: crate::runtime::required(
                        f_request_sequence,
                        "request_sequence",
                    )?,
                    source: crate::runtime::required(f_source, "source")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ActivityContext {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"kind\":\"context\",\"activity_id\":");
        crate::runtime::WriteJson::write_json(&self.activity_id, out);
        if let Some(v) = &self.parent_activity_id {
            out.extend_from_slice(b",\"parent_activity_id\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"current_tokens\":");
        crate::runtime::WriteJson::write_json(&self.current_tokens, out);
        out.extend_from_slice(b",\"max_tokens\":");
        crate::runtime::WriteJson::write_json(&self.max_tokens, out);
        out.extend_from_slice(b",\"reasoning_tokens\":");
        crate::runtime::WriteJson::write_json(&self.reasoning_tokens, out);
        out.extend_from_slice(b",\"request_sequence\":");
        crate::runtime::WriteJson::write_json(&self.request_sequence, out);
        out.extend_from_slice(b",\"source\":");
        crate::runtime::WriteJson::write_json(&self.source, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ActivityContext {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Token usage of a provider request or a whole subagent run.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ActivityUsage {
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    pub activity_id: OpaqueId,
    /// Parent supplied by a lifecycle start; omitted otherwise, never null. (optional: `None` means omitted)
    pub parent_activity_id: Option<OpaqueId>,
    /// Effective input tokens.
    pub effective_input: u64,
    /// Output tokens.
    pub output: u64,
    /// Cache-read tokens.
    pub cache_read: u64,
    /// Whether cache usage is known.
    pub cache_known: bool,
    /// Runtime request counter, not a live sequence.
    pub request_sequence: u64,
    /// Whether this is the final usage of the request.
    pub final_usage: bool,
    /// Request or subagent aggregate.
    pub source: UsageSource,
}
impl ActivityUsage {
    /// From the required members (`activity_id`, `effective_input`, `output`, `cache_read`, `cache_known`,
    /// `request_sequence`, `final_usage`, `source`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        activity_id: impl Into<String>,
        effective_input: u64,
        output: u64,
        cache_read: u64,
        cache_known: bool,
        request_sequence: u64,
        final_usage: bool,
        source: UsageSource,
    ) -> Self {
        Self {
            activity_id: activity_id.into(),
            parent_activity_id: None,
            effective_input,
            output,
            cache_read,
            cache_known,
            request_sequence,
            final_usage,
            source,
        }
    }
    /// Sets `parent_activity_id` (`None` omits it): Parent supplied by a lifecycle start; omitted otherwise, never
    /// null.
    #[must_use]
    pub fn with_parent_activity_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_activity_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for ActivityUsage {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ActivityUsage;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ActivityUsage object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_activity_id = None;
                let mut f_parent_activity_id = None;
                let mut f_effective_input = None;
                let mut f_output = None;
                let mut f_cache_read = None;
                let mut f_cache_known = None;
                let mut f_request_sequence = None;
                let mut f_final_usage = None;
                let mut f_source = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "activity_id" => {
                            let v = cx
                                .in_member(
                                    "activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_activity_id,
                                "activity_id",
                                v,
                            )?;
                        }
                        "parent_activity_id" => {
                            let v = cx
                                .in_member(
                                    "parent_activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_parent_activity_id,
                                "parent_activity_id",
                                v,
                            )?;
                        }
                        "effective_input" => {
                            let v = cx
                                .in_member(
                                    "effective_input",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_effective_input,
                                "effective_input",
                                v,
                            )?;
                        }
                        "output" => {
                            let v = cx
                                .in_member(
                                    "output",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_output, "output", v)?;
                        }
                        "cache_read" => {
                            let v = cx
                                .in_member(
                                    "cache_read",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_cache_read, "cache_read", v)?;
                        }
                        "cache_known" => {
                            let v = cx
                                .in_member(
                                    "cache_known",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_cache_known,
                                "cache_known",
                                v,
                            )?;
                        }
                        "request_sequence" => {
                            let v = cx
                                .in_member(
                                    "request_sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_request_sequence,
                                "request_sequence",
                                v,
                            )?;
                        }
                        "final_usage" => {
                            let v = cx
                                .in_member(
                                    "final_usage",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_final_usage,
                                "final_usage",
                                v,
                            )?;
                        }
                        "source" => {
                            let v = cx
                                .in_member(
                                    "source",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<UsageSource>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_source, "source", v)?;
                        }
                        "kind" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ActivityUsage {
                    activity_id: crate::runtime::required(f_activity_id, "activity_id")?,
                    parent_activity_id: f_parent_activity_id,
                    effective_input: crate::runtime::required(
                        f_effective_input,
                        "effective_input",
                    )?,
                    output: crate::runtime::required(f_output, "output")?,
                    cache_read: crate::runtime::required(f_cache_read, "cache_read")?,
                    cache_known: crate::runtime::required(f_cache_known, "cache_known")?,
                    request_sequence: crate::runtime::required(
                        f_request_sequence,
                        "request_sequence",
                    )?,
                    final_usage: crate::runtime::required(f_final_usage, "final_usage")?,
                    source: crate::runtime::required(f_source, "source")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ActivityUsage {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"kind\":\"usage\",\"activity_id\":");
        crate::runtime::WriteJson::write_json(&self.activity_id, out);
        if let Some(v) = &self.parent_activity_id {
            out.extend_from_slice(b",\"parent_activity_id\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"effective_input\":");
        crate::runtime::WriteJson::write_json(&self.effective_input, out);
        out.extend_from_slice(b",\"output\":");
        crate::runtime::WriteJson::write_json(&self.output, out);
        out.extend_from_slice(b",\"cache_read\":");
        crate::runtime::WriteJson::write_json(&self.cache_read, out);
        out.extend_from_slice(b",\"cache_known\":");
        crate::runtime::WriteJson::write_json(&self.cache_known, out);
        out.extend_from_slice(b",\"request_sequence\":");
        crate::runtime::WriteJson::write_json(&self.request_sequence, out);
        out.extend_from_slice(b",\"final_usage\":");
        crate::runtime::WriteJson::write_json(&self.final_usage, out);
        out.extend_from_slice(b",\"source\":");
        crate::runtime::WriteJson::write_json(&self.source, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ActivityUsage {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Context compaction progress.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ActivityCompaction {
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    pub activity_id: OpaqueId,
    /// Parent supplied by a lifecycle start; omitted otherwise, never null. (optional: `None` means omitted)
    pub parent_activity_id: Option<OpaqueId>,
    /// Compaction state.
    pub status: CompactionStatus,
    /// Tokens for triggered/completed, otherwise null. (required, nullable)
    pub current_tokens: Option<u64>,
    /// Window for triggered/completed, otherwise null. (required, nullable)
    pub max_tokens: Option<u64>,
    /// True for completed/failed/cancelled: refresh durable replay.
    pub replay_required: bool,
}
impl ActivityCompaction {
    /// From the required members (`activity_id`, `status`, `current_tokens`, `max_tokens`, `replay_required`); optional
    /// members are omitted, defaulted ones take their defaults.
    pub fn new(
        activity_id: impl Into<String>,
        status: CompactionStatus,
        current_tokens: Option<u64>,
        max_tokens: Option<u64>,
        replay_required: bool,
    ) -> Self {
        Self {
            activity_id: activity_id.into(),
            parent_activity_id: None,
            status,
            current_tokens,
            max_tokens,
            replay_required,
        }
    }
    /// Sets `parent_activity_id` (`None` omits it): Parent supplied by a lifecycle start; omitted otherwise, never
    /// null.
    #[must_use]
    pub fn with_parent_activity_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_activity_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for ActivityCompaction {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ActivityCompaction;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ActivityCompaction object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_activity_id = None;
                let mut f_parent_activity_id = None;
                let mut f_status = None;
                let mut f_current_tokens = None;
                let mut f_max_tokens = None;
                let mut f_replay_required = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "activity_id" => {
                            let v = cx
                                .in_member(
                                    "activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_activity_id,
                                "activity_id",
                                v,
                            )?;
                        }
                        "parent_activity_id" => {
                            let v = cx
                                .in_member(
                                    "parent_activity_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_parent_activity_id,
                                "parent_activity_id",
                                v,
                            )?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<CompactionStatus>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "current_tokens" => {
                            let v = cx
                                .in_member(
                                    "current_tokens",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::IntSeed::<
                                                    u64,
                                                >::new(0u64, 9007199254740991u64),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_current_tokens,
                                "current_tokens",
                                v,
                            )?;
                        }
                        "max_tokens" => {
                            let v = cx
                                .in_member(
                                    "max_tokens",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::IntSeed::<
                                                    u64,
                                                >::new(0u64, 9007199254740991u64),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_max_tokens, "max_tokens", v)?;
                        }
                        "replay_required" => {
                            let v = cx
                                .in_member(
                                    "replay_required",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_replay_required,
                                "replay_required",
                                v,
                            )?;
                        }
                        "kind" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ActivityCompaction {
                    activity_id: crate::runtime::required(f_activity_id, "activity_id")?,
                    parent_activity_id: f_parent_activity_id,
                    status: crate::runtime::required(f_status, "status")?,
                    current_tokens: crate::runtime::required(
                        f_current_tokens,
                        "current_tokens",
                    )?,
                    max_tokens: crate::runtime::required(f_max_tokens, "max_tokens")?,
                    replay_required: crate::runtime::required(
                        f_replay_required,
                        "replay_required",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ActivityCompaction {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"kind\":\"compaction\",\"activity_id\":");
        crate::runtime::WriteJson::write_json(&self.activity_id, out);
        if let Some(v) = &self.parent_activity_id {
            out.extend_from_slice(b",\"parent_activity_id\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"status\":");
        crate::runtime::WriteJson::write_json(&self.status, out);
        out.extend_from_slice(b",\"current_tokens\":");
        crate::runtime::WriteJson::write_json(&self.current_tokens, out);
        out.extend_from_slice(b",\"max_tokens\":");
        crate::runtime::WriteJson::write_json(&self.max_tokens, out);
        out.extend_from_slice(b",\"replay_required\":");
        crate::runtime::WriteJson::write_json(&self.replay_required, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ActivityCompaction {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
impl crate::runtime::Decode for Activity {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, Error};
        let value = crate::runtime::JsonSeed {
            cx,
            object_only: true,
        }
            .deserialize(d)?;
        let tags = (value.get("kind").and_then(serde_json::Value::as_str),);
        let decoded = match tags {
            (Some("lifecycle"),) => {
                crate::runtime::Seed::<ActivityLifecycle>::new(cx)
                    .deserialize(&value)
                    .map(Self::Lifecycle)
            }
            (Some("tool"),) => {
                crate::runtime::Seed::<ActivityTool>::new(cx)
                    .deserialize(&value)
                    .map(Self::Tool)
            }
            (Some("reasoning_summary"),) => {
                crate::runtime::Seed::<ActivityReasoningSummary>::new(cx)
                    .deserialize(&value)
                    .map(Self::ReasoningSummary)
            }
            (Some("context"),) => {
                crate::runtime::Seed::<ActivityContext>::new(cx)
                    .deserialize(&value)
                    .map(Self::Context)
            }
            (Some("usage"),) => {
                crate::runtime::Seed::<ActivityUsage>::new(cx)
                    .deserialize(&value)
                    .map(Self::Usage)
            }
            (Some("compaction"),) => {
                crate::runtime::Seed::<ActivityCompaction>::new(cx)
                    .deserialize(&value)
                    .map(Self::Compaction)
            }
            _ => {
                return Err(
                    D::Error::custom("no Activity variant matches its discriminators"),
                );
            }
        };
        decoded.map_err(D::Error::custom)
    }
}
impl crate::runtime::WriteJson for Activity {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Self::Lifecycle(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Tool(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::ReasoningSummary(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Context(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Usage(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Compaction(v) => crate::runtime::WriteJson::write_json(v, out),
        }
    }
}
impl serde::Serialize for Activity {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// One allowlisted item of the durable replay projection.
///
/// Exhaustive: a new variant is breaking in what consumers decode (responses, events) (`UNION_VARIANT_ADDED`) and needs
/// a new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, PartialEq)]
pub enum ReplayItem {
    /// A part of a user or assistant message.
    Message(ReplayItemMessage),
    /// End of a turn.
    Terminal(ReplayItemTerminal),
    /// A part of a compaction summary that precedes the conversation after its cutoff.
    Summary(ReplayItemSummary),
}
/// A part of a user or assistant message.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ReplayItemMessage {
    /// Position after this item; save it only after accepting the item.
    pub cursor: Cursor,
    /// Author.
    pub role: ReplayRole,
    /// Text part split at a UTF-8 boundary.
    pub text: String,
    /// Part index, from zero per message.
    pub part: u64,
    /// Whether this is the message's last part.
    pub last_part: bool,
}
impl ReplayItemMessage {
    /// From the required members (`cursor`, `role`, `text`, `part`, `last_part`); optional members are omitted,
    /// defaulted ones take their defaults.
    pub fn new(
        cursor: impl Into<String>,
        role: ReplayRole,
        text: impl Into<String>,
        part: u64,
        last_part: bool,
    ) -> Self {
        Self {
            cursor: cursor.into(),
            role,
            text: text.into(),
            part,
            last_part,
        }
    }
}
impl crate::runtime::Decode for ReplayItemMessage {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ReplayItemMessage;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ReplayItemMessage object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_cursor = None;
                let mut f_role = None;
                let mut f_text = None;
                let mut f_part = None;
                let mut f_last_part = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "cursor" => {
                            let v = cx
                                .in_member(
                                    "cursor",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::CURSOR,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_cursor, "cursor", v)?;
                        }
                        "role" => {
                            let v = cx
                                .in_member(
                                    "role",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ReplayRole>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_role, "role", v)?;
                        }
                        "text" => {
                            let v = cx
                                .in_member(
                                    "text",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 0u64,
                                                max_bytes: crate::constants::REPLAY_PART_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_text, "text", v)?;
                        }
                        "part" => {
                            let v = cx
                                .in_member(
                                    "part",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_part, "part", v)?;
                        }
                        "last_part" => {
                            let v = cx
                                .in_member(
                                    "last_part",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_last_part, "last_part", v)?;
                        }
                        "kind" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ReplayItemMessage {
                    cursor: crate::runtime::required(f_cursor, "cursor")?,
                    role: crate::runtime::required(f_role, "role")?,
                    text: crate::runtime::required(f_text, "text")?,
                    part: crate::runtime::required(f_part, "part")?,
                    last_part: crate::runtime::required(f_last_part, "last_part")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ReplayItemMessage {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"kind\":\"message\",\"cursor\":");
        crate::runtime::WriteJson::write_json(&self.cursor, out);
        out.extend_from_slice(b",\"role\":");
        crate::runtime::WriteJson::write_json(&self.role, out);
        out.extend_from_slice(b",\"text\":");
        crate::runtime::WriteJson::write_json(&self.text, out);
        out.extend_from_slice(b",\"part\":");
        crate::runtime::WriteJson::write_json(&self.part, out);
        out.extend_from_slice(b",\"last_part\":");
        crate::runtime::WriteJson::write_json(&self.last_part, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ReplayItemMessage {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// End of a turn.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ReplayItemTerminal {
    /// Position after this item; save it only after accepting the item.
    pub cursor: Cursor,
    /// Terminal label.
    pub status: ReplayTerminalStatus,
}
impl ReplayItemTerminal {
    /// From the required members (`cursor`, `status`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(cursor: impl Into<String>, status: ReplayTerminalStatus) -> Self {
        Self {
            cursor: cursor.into(),
            status,
        }
    }
}
impl crate::runtime::Decode for ReplayItemTerminal {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ReplayItemTerminal;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ReplayItemTerminal object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_cursor = None;
                let mut f_status = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "cursor" => {
                            let v = cx
                                .in_member(
                                    "cursor",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::CURSOR,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_cursor, "cursor", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ReplayTerminalStatus>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "kind" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ReplayItemTerminal {
                    cursor: crate::runtime::required(f_cursor, "cursor")?,
                    status: crate::runtime::required(f_status, "status")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ReplayItemTerminal {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"kind\":\"terminal\",\"cursor\":");
        crate::runtime::WriteJson::write_json(&self.cursor, out);
        out.extend_from_slice(b",\"status\":");
        crate::runtime::WriteJson::write_json(&self.status, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ReplayItemTerminal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A part of a compaction summary that precedes the conversation after its cutoff.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ReplayItemSummary {
    /// Position after this item; save it only after accepting the item.
    pub cursor: Cursor,
    /// Text part split at a UTF-8 boundary.
    pub text: String,
    /// Part index, from zero per summary.
    pub part: u64,
    /// Whether this is the summary's last part.
    pub last_part: bool,
}
impl ReplayItemSummary {
    /// From the required members (`cursor`, `text`, `part`, `last_part`); optional members are omitted, defaulted ones
    /// take their defaults.
    pub fn new(
        cursor: impl Into<String>,
        text: impl Into<String>,
        part: u64,
        last_part: bool,
    ) -> Self {
        Self {
            cursor: cursor.into(),
            text: text.into(),
            part,
            last_part,
        }
    }
}
impl crate::runtime::Decode for ReplayItemSummary {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ReplayItemSummary;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ReplayItemSummary object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_cursor = None;
                let mut f_text = None;
                let mut f_part = None;
                let mut f_last_part = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "cursor" => {
                            let v = cx
                                .in_member(
                                    "cursor",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::CURSOR,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_cursor, "cursor", v)?;
                        }
                        "text" => {
                            let v = cx
                                .in_member(
                                    "text",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 0u64,
                                                max_bytes: crate::constants::REPLAY_PART_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_text, "text", v)?;
                        }
                        "part" => {
                            let v = cx
                                .in_member(
                                    "part",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_part, "part", v)?;
                        }
                        "last_part" => {
                            let v = cx
                                .in_member(
                                    "last_part",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_last_part, "last_part", v)?;
                        }
                        "kind" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ReplayItemSummary {
                    cursor: crate::runtime::required(f_cursor, "cursor")?,
                    text: crate::runtime::required(f_text, "text")?,
                    part: crate::runtime::required(f_part, "part")?,
                    last_part: crate::runtime::required(f_last_part, "last_part")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ReplayItemSummary {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"kind\":\"summary\",\"cursor\":");
        crate::runtime::WriteJson::write_json(&self.cursor, out);
        out.extend_from_slice(b",\"text\":");
        crate::runtime::WriteJson::write_json(&self.text, out);
        out.extend_from_slice(b",\"part\":");
        crate::runtime::WriteJson::write_json(&self.part, out);
        out.extend_from_slice(b",\"last_part\":");
        crate::runtime::WriteJson::write_json(&self.last_part, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ReplayItemSummary {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
impl crate::runtime::Decode for ReplayItem {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, Error};
        let value = crate::runtime::JsonSeed {
            cx,
            object_only: true,
        }
            .deserialize(d)?;
        let tags = (value.get("kind").and_then(serde_json::Value::as_str),);
        let decoded = match tags {
            (Some("message"),) => {
                crate::runtime::Seed::<ReplayItemMessage>::new(cx)
                    .deserialize(&value)
                    .map(Self::Message)
            }
            (Some("terminal"),) => {
                crate::runtime::Seed::<ReplayItemTerminal>::new(cx)
                    .deserialize(&value)
                    .map(Self::Terminal)
            }
            (Some("summary"),) => {
                crate::runtime::Seed::<ReplayItemSummary>::new(cx)
                    .deserialize(&value)
                    .map(Self::Summary)
            }
            _ => {
                return Err(
                    D::Error::custom("no ReplayItem variant matches its discriminators"),
                );
            }
        };
        decoded.map_err(D::Error::custom)
    }
}
impl crate::runtime::WriteJson for ReplayItem {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Self::Message(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Terminal(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Summary(v) => crate::runtime::WriteJson::write_json(v, out),
        }
    }
}
impl serde::Serialize for ReplayItem {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// The one JSON object start-or-connect prints on success.
///
/// Non-exhaustive: a new optional member is compatible outside wire v2 (judged both ways)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Discovery {
    /// Absolute path of the daemon socket.
    pub socket: String,
    /// Daemon process ID.
    pub pid: u32,
    /// Daemon package version.
    pub version: PackageVersion,
    /// Serving instance.
    pub instance_id: OpaqueId,
    /// Opaque workspace identity.
    pub workspace_id: OpaqueId,
    /// Opaque state root identity.
    pub state_root_id: OpaqueId,
    /// Whether this invocation started the daemon.
    pub started: bool,
}
impl Discovery {
    /// From the required members (`socket`, `pid`, `version`, `instance_id`, `workspace_id`, `state_root_id`,
    /// `started`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        socket: impl Into<String>,
        pid: u32,
        version: impl Into<String>,
        instance_id: impl Into<String>,
        workspace_id: impl Into<String>,
        state_root_id: impl Into<String>,
        started: bool,
    ) -> Self {
        Self {
            socket: socket.into(),
            pid,
            version: version.into(),
            instance_id: instance_id.into(),
            workspace_id: workspace_id.into(),
            state_root_id: state_root_id.into(),
            started,
        }
    }
}
impl Discovery {
    /// Discovery format version, separate from the wire version. Always `1` on the wire.
    pub const DISCOVERY_VERSION: u64 = 1u64;
}
impl crate::runtime::Decode for Discovery {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = Discovery;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a Discovery object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_discovery_version = None;
                let mut f_socket = None;
                let mut f_pid = None;
                let mut f_version = None;
                let mut f_instance_id = None;
                let mut f_workspace_id = None;
                let mut f_state_root_id = None;
                let mut f_started = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "discovery_version" => {
                            let v = cx
                                .in_member(
                                    "discovery_version",
                                    map.next_value_seed(crate::runtime::ConstInt(1u64)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_discovery_version,
                                "discovery_version",
                                v,
                            )?;
                        }
                        "socket" => {
                            let v = cx
                                .in_member(
                                    "socket",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: 4096u64,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_socket, "socket", v)?;
                        }
                        "pid" => {
                            let v = cx
                                .in_member(
                                    "pid",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<u32>::new(0u64, 4294967295u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_pid, "pid", v)?;
                        }
                        "version" => {
                            let v = cx
                                .in_member(
                                    "version",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PACKAGE_VERSION,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_version, "version", v)?;
                        }
                        "instance_id" => {
                            let v = cx
                                .in_member(
                                    "instance_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_instance_id,
                                "instance_id",
                                v,
                            )?;
                        }
                        "workspace_id" => {
                            let v = cx
                                .in_member(
                                    "workspace_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_workspace_id,
                                "workspace_id",
                                v,
                            )?;
                        }
                        "state_root_id" => {
                            let v = cx
                                .in_member(
                                    "state_root_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_state_root_id,
                                "state_root_id",
                                v,
                            )?;
                        }
                        "started" => {
                            let v = cx
                                .in_member(
                                    "started",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_started, "started", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_discovery_version, "discovery_version")?;
                Ok(Discovery {
                    socket: crate::runtime::required(f_socket, "socket")?,
                    pid: crate::runtime::required(f_pid, "pid")?,
                    version: crate::runtime::required(f_version, "version")?,
                    instance_id: crate::runtime::required(f_instance_id, "instance_id")?,
                    workspace_id: crate::runtime::required(
                        f_workspace_id,
                        "workspace_id",
                    )?,
                    state_root_id: crate::runtime::required(
                        f_state_root_id,
                        "state_root_id",
                    )?,
                    started: crate::runtime::required(f_started, "started")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for Discovery {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"discovery_version\":1,\"socket\":");
        crate::runtime::WriteJson::write_json(&self.socket, out);
        out.extend_from_slice(b",\"pid\":");
        crate::runtime::WriteJson::write_json(&self.pid, out);
        out.extend_from_slice(b",\"version\":");
        crate::runtime::WriteJson::write_json(&self.version, out);
        out.extend_from_slice(b",\"instance_id\":");
        crate::runtime::WriteJson::write_json(&self.instance_id, out);
        out.extend_from_slice(b",\"workspace_id\":");
        crate::runtime::WriteJson::write_json(&self.workspace_id, out);
        out.extend_from_slice(b",\"state_root_id\":");
        crate::runtime::WriteJson::write_json(&self.state_root_id, out);
        out.extend_from_slice(b",\"started\":");
        crate::runtime::WriteJson::write_json(&self.started, out);
        out.push(b'}');
    }
}
impl serde::Serialize for Discovery {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// The one JSON object start-or-connect prints on failure, under `error`.
///
/// Non-exhaustive: a new optional member is compatible outside wire v2 (judged both ways)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct LaunchError {
    /// Stable launch error code and message.
    pub error: ErrorObject,
}
impl LaunchError {
    /// From the required members (`error`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(error: ErrorObject) -> Self {
        Self { error }
    }
}
impl crate::runtime::Decode for LaunchError {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = LaunchError;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a LaunchError object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_error = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "error" => {
                            let v = cx
                                .in_member(
                                    "error",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ErrorObject>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_error, "error", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(LaunchError {
                    error: crate::runtime::required(f_error, "error")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for LaunchError {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"error\":");
        crate::runtime::WriteJson::write_json(&self.error, out);
        out.push(b'}');
    }
}
impl serde::Serialize for LaunchError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// First line a client sends after connecting.
///
/// Non-exhaustive: a new optional member is compatible outside wire v2 (judged both ways)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct HandshakeRequest {
    /// Client package version; must match exactly.
    pub version: PackageVersion,
    /// Canonical workspace path the client expects.
    pub workspace: String,
}
impl HandshakeRequest {
    /// From the required members (`version`, `workspace`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(version: impl Into<String>, workspace: impl Into<String>) -> Self {
        Self {
            version: version.into(),
            workspace: workspace.into(),
        }
    }
}
impl HandshakeRequest {
    /// Handshake protocol name. Always `"agentwire-unix"` on the wire.
    pub const HANDSHAKE: &'static str = "agentwire-unix";
}
impl crate::runtime::Decode for HandshakeRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = HandshakeRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a HandshakeRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_handshake = None;
                let mut f_version = None;
                let mut f_workspace = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "handshake" => {
                            let v = cx
                                .in_member(
                                    "handshake",
                                    map
                                        .next_value_seed(crate::runtime::ConstStr("agentwire-unix")),
                                )?;
                            crate::runtime::put(cx, &mut f_handshake, "handshake", v)?;
                        }
                        "version" => {
                            let v = cx
                                .in_member(
                                    "version",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PACKAGE_VERSION,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_version, "version", v)?;
                        }
                        "workspace" => {
                            let v = cx
                                .in_member(
                                    "workspace",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: crate::constants::WORKSPACE_MAX_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_workspace, "workspace", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_handshake, "handshake")?;
                Ok(HandshakeRequest {
                    version: crate::runtime::required(f_version, "version")?,
                    workspace: crate::runtime::required(f_workspace, "workspace")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for HandshakeRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"handshake\":\"agentwire-unix\",\"version\":");
        crate::runtime::WriteJson::write_json(&self.version, out);
        out.extend_from_slice(b",\"workspace\":");
        crate::runtime::WriteJson::write_json(&self.workspace, out);
        out.push(b'}');
    }
}
impl serde::Serialize for HandshakeRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Server's one-line handshake reply.
///
/// Exhaustive: a new variant is breaking outside wire v2 (judged both ways) (`UNION_VARIANT_ADDED`) and needs a new
/// protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, PartialEq)]
pub enum HandshakeReply {
    /// Identity accepted; wire v2 initialize follows.
    Accepted(HandshakeReplyAccepted),
    /// Identity refused; the server closes the connection.
    Rejected(HandshakeReplyRejected),
}
/// Identity accepted; wire v2 initialize follows.
///
/// Non-exhaustive: a new optional member is compatible outside wire v2 (judged both ways)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct HandshakeReplyAccepted {
    /// Server package version.
    pub version: PackageVersion,
    /// Daemon process ID.
    pub pid: u32,
    /// Serving instance.
    pub instance_id: OpaqueId,
    /// Opaque workspace identity.
    pub workspace_id: OpaqueId,
    /// Opaque state root identity.
    pub state_root_id: OpaqueId,
}
impl HandshakeReplyAccepted {
    /// From the required members (`version`, `pid`, `instance_id`, `workspace_id`, `state_root_id`); optional members
    /// are omitted, defaulted ones take their defaults.
    pub fn new(
        version: impl Into<String>,
        pid: u32,
        instance_id: impl Into<String>,
        workspace_id: impl Into<String>,
        state_root_id: impl Into<String>,
    ) -> Self {
        Self {
            version: version.into(),
            pid,
            instance_id: instance_id.into(),
            workspace_id: workspace_id.into(),
            state_root_id: state_root_id.into(),
        }
    }
}
impl HandshakeReplyAccepted {
    /// Handshake protocol name. Always `"agentwire-unix"` on the wire.
    pub const HANDSHAKE: &'static str = "agentwire-unix";
}
impl crate::runtime::Decode for HandshakeReplyAccepted {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = HandshakeReplyAccepted;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a HandshakeReplyAccepted object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_handshake = None;
                let mut f_version = None;
                let mut f_pid = None;
                let mut f_instance_id = None;
                let mut f_workspace_id = None;
                let mut f_state_root_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "handshake" => {
                            let v = cx
                                .in_member(
                                    "handshake",
                                    map
                                        .next_value_seed(crate::runtime::ConstStr("agentwire-unix")),
                                )?;
                            crate::runtime::put(cx, &mut f_handshake, "handshake", v)?;
                        }
                        "version" => {
                            let v = cx
                                .in_member(
                                    "version",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PACKAGE_VERSION,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_version, "version", v)?;
                        }
                        "pid" => {
                            let v = cx
                                .in_member(
                                    "pid",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<u32>::new(0u64, 4294967295u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_pid, "pid", v)?;
                        }
                        "instance_id" => {
                            let v = cx
                                .in_member(
                                    "instance_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_instance_id,
                                "instance_id",
                                v,
                            )?;
                        }
                        "workspace_id" => {
                            let v = cx
                                .in_member(
                                    "workspace_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_workspace_id,
                                "workspace_id",
                                v,
                            )?;
                        }
                        "state_root_id" => {
                            let v = cx
                                .in_member(
                                    "state_root_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_state_root_id,
                                "state_root_id",
                                v,
                            )?;
                        }
                        "status" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_handshake, "handshake")?;
                Ok(HandshakeReplyAccepted {
                    version: crate::runtime::required(f_version, "version")?,
                    pid: crate::runtime::required(f_pid, "pid")?,
                    instance_id: crate::runtime::required(f_instance_id, "instance_id")?,
                    workspace_id: crate::runtime::required(
                        f_workspace_id,
                        "workspace_id",
                    )?,
                    state_root_id: crate::runtime::required(
                        f_state_root_id,
                        "state_root_id",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for HandshakeReplyAccepted {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(
            b"{\"status\":\"accepted\",\"handshake\":\"agentwire-unix\",\"version\":",
        );
        crate::runtime::WriteJson::write_json(&self.version, out);
        out.extend_from_slice(b",\"pid\":");
        crate::runtime::WriteJson::write_json(&self.pid, out);
        out.extend_from_slice(b",\"instance_id\":");
        crate::runtime::WriteJson::write_json(&self.instance_id, out);
        out.extend_from_slice(b",\"workspace_id\":");
        crate::runtime::WriteJson::write_json(&self.workspace_id, out);
        out.extend_from_slice(b",\"state_root_id\":");
        crate::runtime::WriteJson::write_json(&self.state_root_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for HandshakeReplyAccepted {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Identity refused; the server closes the connection.
///
/// Non-exhaustive: a new optional member is compatible outside wire v2 (judged both ways)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct HandshakeReplyRejected {
    /// Why.
    pub code: HandshakeRejection,
    /// Fixed message of the code.
    pub message: String,
}
impl HandshakeReplyRejected {
    /// From the required members (`code`, `message`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(code: HandshakeRejection, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
}
impl HandshakeReplyRejected {
    /// Handshake protocol name. Always `"agentwire-unix"` on the wire.
    pub const HANDSHAKE: &'static str = "agentwire-unix";
}
impl crate::runtime::Decode for HandshakeReplyRejected {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = HandshakeReplyRejected;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a HandshakeReplyRejected object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_handshake = None;
                let mut f_code = None;
                let mut f_message = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "handshake" => {
                            let v = cx
                                .in_member(
                                    "handshake",
                                    map
                                        .next_value_seed(crate::runtime::ConstStr("agentwire-unix")),
                                )?;
                            crate::runtime::put(cx, &mut f_handshake, "handshake", v)?;
                        }
                        "code" => {
                            let v = cx
                                .in_member(
                                    "code",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<HandshakeRejection>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_code, "code", v)?;
                        }
                        "message" => {
                            let v = cx
                                .in_member(
                                    "message",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: crate::limits::MAX_ERROR_MESSAGE_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_message, "message", v)?;
                        }
                        "status" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_handshake, "handshake")?;
                Ok(HandshakeReplyRejected {
                    code: crate::runtime::required(f_code, "code")?,
                    message: crate::runtime::required(f_message, "message")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for HandshakeReplyRejected {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(
            b"{\"status\":\"rejected\",\"handshake\":\"agentwire-unix\",\"code\":",
        );
        crate::runtime::WriteJson::write_json(&self.code, out);
        out.extend_from_slice(b",\"message\":");
        crate::runtime::WriteJson::write_json(&self.message, out);
        out.push(b'}');
    }
}
impl serde::Serialize for HandshakeReplyRejected {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
impl crate::runtime::Decode for HandshakeReply {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, Error};
        let value = crate::runtime::JsonSeed {
            cx,
            object_only: true,
        }
            .deserialize(d)?;
        let tags = (value.get("status").and_then(serde_json::Value::as_str),);
        let decoded = match tags {
            (Some("accepted"),) => {
                crate::runtime::Seed::<HandshakeReplyAccepted>::new(cx)
                    .deserialize(&value)
                    .map(Self::Accepted)
            }
            (Some("rejected"),) => {
                crate::runtime::Seed::<HandshakeReplyRejected>::new(cx)
                    .deserialize(&value)
                    .map(Self::Rejected)
            }
            _ => {
                return Err(
                    D::Error::custom(
                        "no HandshakeReply variant matches its discriminators",
                    ),
                );
            }
        };
        decoded.map_err(D::Error::custom)
    }
}
impl crate::runtime::WriteJson for HandshakeReply {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Self::Accepted(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Rejected(v) => crate::runtime::WriteJson::write_json(v, out),
        }
    }
}
impl serde::Serialize for HandshakeReply {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Handshake rejection code.
///
/// Exhaustive: a new value is breaking outside wire v2 (judged both ways) (`ENUM_VALUE_ADDED`) and needs a new protocol
/// version, so Rust may rely on the full list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HandshakeRejection {
    /// `version_mismatch`
    VersionMismatch,
    /// `workspace_mismatch`
    WorkspaceMismatch,
    /// `invalid_handshake`
    InvalidHandshake,
    /// `connection_limit`
    ConnectionLimit,
}
impl HandshakeRejection {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::VersionMismatch,
        Self::WorkspaceMismatch,
        Self::InvalidHandshake,
        Self::ConnectionLimit,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "version_mismatch",
        "workspace_mismatch",
        "invalid_handshake",
        "connection_limit",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::VersionMismatch => "version_mismatch",
            Self::WorkspaceMismatch => "workspace_mismatch",
            Self::InvalidHandshake => "invalid_handshake",
            Self::ConnectionLimit => "connection_limit",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "version_mismatch" => Some(Self::VersionMismatch),
            "workspace_mismatch" => Some(Self::WorkspaceMismatch),
            "invalid_handshake" => Some(Self::InvalidHandshake),
            "connection_limit" => Some(Self::ConnectionLimit),
            _ => None,
        }
    }
}
impl std::fmt::Display for HandshakeRejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for HandshakeRejection {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a HandshakeRejection value",
            ))
    }
}
impl crate::runtime::WriteJson for HandshakeRejection {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
/// Login progress payload; only the first state carries the authorization URL.
///
/// Exhaustive: a new variant is breaking in what consumers decode (responses, events) (`UNION_VARIANT_ADDED`) and needs
/// a new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, PartialEq)]
pub enum LoginProgress {
    /// Offer the URL for opening, display or copying; the service launches no browser.
    AuthorizationUrl(LoginProgressAuthorizationUrl),
    /// Waiting for the loopback redirect or a manual callback.
    Waiting(LoginProgressWaiting),
    /// A callback arrived; validation follows.
    CallbackReceived(LoginProgressCallbackReceived),
    /// The callback was valid; token exchange follows.
    CallbackAccepted(LoginProgressCallbackAccepted),
}
/// Offer the URL for opening, display or copying; the service launches no browser.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct LoginProgressAuthorizationUrl {
    /// The login.
    pub login_id: OpaqueId,
    /// Provider.
    pub provider_id: ProviderId,
    /// Transient authorization URL.
    pub url: String,
}
impl LoginProgressAuthorizationUrl {
    /// From the required members (`login_id`, `provider_id`, `url`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(
        login_id: impl Into<String>,
        provider_id: impl Into<String>,
        url: impl Into<String>,
    ) -> Self {
        Self {
            login_id: login_id.into(),
            provider_id: provider_id.into(),
            url: url.into(),
        }
    }
}
impl LoginProgressAuthorizationUrl {
    /// The client should offer to open it. Always `true` on the wire.
    pub const OPEN_BROWSER: bool = true;
}
impl crate::runtime::Decode for LoginProgressAuthorizationUrl {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = LoginProgressAuthorizationUrl;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a LoginProgressAuthorizationUrl object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                let mut f_provider_id = None;
                let mut f_url = None;
                let mut f_open_browser = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "url" => {
                            let v = cx
                                .in_member(
                                    "url",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: crate::constants::LOGIN_URL_MAX_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_url, "url", v)?;
                        }
                        "open_browser" => {
                            let v = cx
                                .in_member(
                                    "open_browser",
                                    map.next_value_seed(crate::runtime::ConstBool(true)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_open_browser,
                                "open_browser",
                                v,
                            )?;
                        }
                        "state" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_open_browser, "open_browser")?;
                Ok(LoginProgressAuthorizationUrl {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    url: crate::runtime::required(f_url, "url")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for LoginProgressAuthorizationUrl {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"state\":\"authorization_url\",\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"url\":");
        crate::runtime::WriteJson::write_json(&self.url, out);
        out.extend_from_slice(b",\"open_browser\":true}");
    }
}
impl serde::Serialize for LoginProgressAuthorizationUrl {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Waiting for the loopback redirect or a manual callback.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct LoginProgressWaiting {
    /// The login.
    pub login_id: OpaqueId,
    /// Provider.
    pub provider_id: ProviderId,
}
impl LoginProgressWaiting {
    /// From the required members (`login_id`, `provider_id`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(login_id: impl Into<String>, provider_id: impl Into<String>) -> Self {
        Self {
            login_id: login_id.into(),
            provider_id: provider_id.into(),
        }
    }
}
impl crate::runtime::Decode for LoginProgressWaiting {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = LoginProgressWaiting;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a LoginProgressWaiting object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                let mut f_provider_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "state" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(LoginProgressWaiting {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for LoginProgressWaiting {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"state\":\"waiting\",\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for LoginProgressWaiting {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A callback arrived; validation follows.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct LoginProgressCallbackReceived {
    /// The login.
    pub login_id: OpaqueId,
    /// Provider.
    pub provider_id: ProviderId,
}
impl LoginProgressCallbackReceived {
    /// From the required members (`login_id`, `provider_id`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(login_id: impl Into<String>, provider_id: impl Into<String>) -> Self {
        Self {
            login_id: login_id.into(),
            provider_id: provider_id.into(),
        }
    }
}
impl crate::runtime::Decode for LoginProgressCallbackReceived {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = LoginProgressCallbackReceived;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a LoginProgressCallbackReceived object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                let mut f_provider_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "state" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(LoginProgressCallbackReceived {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for LoginProgressCallbackReceived {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"state\":\"callback_received\",\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for LoginProgressCallbackReceived {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// The callback was valid; token exchange follows.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct LoginProgressCallbackAccepted {
    /// The login.
    pub login_id: OpaqueId,
    /// Provider.
    pub provider_id: ProviderId,
}
impl LoginProgressCallbackAccepted {
    /// From the required members (`login_id`, `provider_id`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(login_id: impl Into<String>, provider_id: impl Into<String>) -> Self {
        Self {
            login_id: login_id.into(),
            provider_id: provider_id.into(),
        }
    }
}
impl crate::runtime::Decode for LoginProgressCallbackAccepted {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = LoginProgressCallbackAccepted;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a LoginProgressCallbackAccepted object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                let mut f_provider_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "state" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(LoginProgressCallbackAccepted {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for LoginProgressCallbackAccepted {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"state\":\"callback_accepted\",\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for LoginProgressCallbackAccepted {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
impl crate::runtime::Decode for LoginProgress {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, Error};
        let value = crate::runtime::JsonSeed {
            cx,
            object_only: true,
        }
            .deserialize(d)?;
        let tags = (value.get("state").and_then(serde_json::Value::as_str),);
        let decoded = match tags {
            (Some("authorization_url"),) => {
                crate::runtime::Seed::<LoginProgressAuthorizationUrl>::new(cx)
                    .deserialize(&value)
                    .map(Self::AuthorizationUrl)
            }
            (Some("waiting"),) => {
                crate::runtime::Seed::<LoginProgressWaiting>::new(cx)
                    .deserialize(&value)
                    .map(Self::Waiting)
            }
            (Some("callback_received"),) => {
                crate::runtime::Seed::<LoginProgressCallbackReceived>::new(cx)
                    .deserialize(&value)
                    .map(Self::CallbackReceived)
            }
            (Some("callback_accepted"),) => {
                crate::runtime::Seed::<LoginProgressCallbackAccepted>::new(cx)
                    .deserialize(&value)
                    .map(Self::CallbackAccepted)
            }
            _ => {
                return Err(
                    D::Error::custom(
                        "no LoginProgress variant matches its discriminators",
                    ),
                );
            }
        };
        decoded.map_err(D::Error::custom)
    }
}
impl crate::runtime::WriteJson for LoginProgress {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Self::AuthorizationUrl(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Waiting(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::CallbackReceived(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::CallbackAccepted(v) => crate::runtime::WriteJson::write_json(v, out),
        }
    }
}
impl serde::Serialize for LoginProgress {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// One answer a permission request offers.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct PermissionOption {
    /// Option ID a permission-response names.
    pub id: OpaqueId,
    /// Display label.
    pub label: String,
    /// What choosing it means.
    pub kind: PermissionKind,
}
impl PermissionOption {
    /// From the required members (`id`, `label`, `kind`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(
        id: impl Into<String>,
        label: impl Into<String>,
        kind: PermissionKind,
    ) -> Self {
        Self {
            id: id.into(),
            label: label.into(),
            kind,
        }
    }
}
impl crate::runtime::Decode for PermissionOption {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = PermissionOption;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a PermissionOption object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_label = None;
                let mut f_kind = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "label" => {
                            let v = cx
                                .in_member(
                                    "label",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: crate::limits::MAX_STRING_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_label, "label", v)?;
                        }
                        "kind" => {
                            let v = cx
                                .in_member(
                                    "kind",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<PermissionKind>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_kind, "kind", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(PermissionOption {
                    id: crate::runtime::required(f_id, "id")?,
                    label: crate::runtime::required(f_label, "label")?,
                    kind: crate::runtime::required(f_kind, "kind")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for PermissionOption {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"label\":");
        crate::runtime::WriteJson::write_json(&self.label, out);
        out.extend_from_slice(b",\"kind\":");
        crate::runtime::WriteJson::write_json(&self.kind, out);
        out.push(b'}');
    }
}
impl serde::Serialize for PermissionOption {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// One immutable message of the append-only session stream.
///
/// Exhaustive: a new variant is breaking in what both the server and consumers decode (`UNION_VARIANT_ADDED`) and needs
/// a new protocol version, so Rust may rely on the full list.
#[derive(Debug, Clone, PartialEq)]
pub enum SessionMessage {
    /// The agent begins processing a prompt.
    AgentTurnStart(SessionMessageAgentTurnStart),
    /// The agent finished processing.
    AgentTurnEnd(SessionMessageAgentTurnEnd),
    /// Agent text: visible output or thinking.
    AgentText(SessionMessageAgentText),
    /// A user prompt.
    UserText(SessionMessageUserText),
    /// The model decided to invoke a tool.
    AgentToolCallStart(SessionMessageAgentToolCallStart),
    /// A tool invocation completed.
    AgentToolCallEnd(SessionMessageAgentToolCallEnd),
    /// The agent asks the user to approve a tool call. Written when an ACP agent provider sends
    /// `session/request_permission`, always after the call's `tool-call-start` (the daemon writes that first for a call
    /// the agent never announced) and before its `tool-call-end`; `options` are the answers the agent offered.
    AgentPermissionRequest(SessionMessageAgentPermissionRequest),
    /// The user's answer to a permission request. Wire v2 has no approval route (the profile advertises
    /// `approvals:false`), so no person is asked: the daemon's configured permission policy for the agent
    /// (`[agents.<id>.permissions]` in the global settings: ACP tool kinds to `allow` or `reject`; by default `read`,
    /// `search`, `think` and `fetch` are allowed and every other kind rejected) decides, and the answer is recorded
    /// with role `user` because it stands in for the person, by the person's own configuration. `optionId` is the
    /// offered option of the verdict's kind (`allow-once` before `allow-always`, `reject-once` before `reject-always`).
    /// When no offered option matches, the request is answered cancelled, no `permission-response` is written and a
    /// `service` message of the turn says so. A rejected call's `tool-call-end` carries an `error` naming the
    /// rejection.
    UserPermissionResponse(SessionMessageUserPermissionResponse),
    /// An image the agent produced, uploaded first.
    AgentPhoto(SessionMessageAgentPhoto),
    /// An image the user sent, uploaded first.
    UserPhoto(SessionMessageUserPhoto),
    /// A video the agent produced, uploaded first.
    AgentVideo(SessionMessageAgentVideo),
    /// A video the user sent, uploaded first.
    UserVideo(SessionMessageUserVideo),
    /// A file the agent produced, uploaded first.
    AgentFile(SessionMessageAgentFile),
    /// A file the user sent, uploaded first.
    UserFile(SessionMessageUserFile),
    /// Internal or system message, such as a compaction note.
    AgentService(SessionMessageAgentService),
}
/// The agent begins processing a prompt.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentTurnStart {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID.
    pub turn: OpaqueId,
}
impl SessionMessageAgentTurnStart {
    /// From the required members (`id`, `time`, `turn`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(id: impl Into<String>, time: u64, turn: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: turn.into(),
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentTurnStart {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentTurnStart;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentTurnStart object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentTurnStart {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: crate::runtime::required(f_turn, "turn")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentTurnStart {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"turn-start\",\"role\":\"agent\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentTurnStart {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// The agent finished processing.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentTurnEnd {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID.
    pub turn: OpaqueId,
    /// How the turn ended.
    pub status: TurnEndStatus,
}
impl SessionMessageAgentTurnEnd {
    /// From the required members (`id`, `time`, `turn`, `status`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        turn: impl Into<String>,
        status: TurnEndStatus,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: turn.into(),
            status,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentTurnEnd {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentTurnEnd;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentTurnEnd object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_status = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<TurnEndStatus>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentTurnEnd {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: crate::runtime::required(f_turn, "turn")?,
                    status: crate::runtime::required(f_status, "status")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentTurnEnd {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"turn-end\",\"role\":\"agent\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.extend_from_slice(b",\"status\":");
        crate::runtime::WriteJson::write_json(&self.status, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentTurnEnd {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Agent text: visible output or thinking.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentText {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID.
    pub turn: OpaqueId,
    /// Markdown text.
    pub text: Text,
    /// True for reasoning; false or omitted for visible output. (optional: `None` means omitted)
    pub thinking: Option<bool>,
}
impl SessionMessageAgentText {
    /// From the required members (`id`, `time`, `turn`, `text`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        turn: impl Into<String>,
        text: impl Into<String>,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: turn.into(),
            text: text.into(),
            thinking: None,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `thinking` (`None` omits it): True for reasoning; false or omitted for visible output.
    #[must_use]
    pub fn with_thinking(
        mut self,
        value: impl crate::runtime::IntoOptional<bool>,
    ) -> Self {
        self.thinking = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentText {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentText;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentText object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_text = None;
                let mut f_thinking = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "text" => {
                            let v = cx
                                .in_member(
                                    "text",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_text, "text", v)?;
                        }
                        "thinking" => {
                            let v = cx
                                .in_member(
                                    "thinking",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_thinking, "thinking", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentText {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: crate::runtime::required(f_turn, "turn")?,
                    text: crate::runtime::required(f_text, "text")?,
                    thinking: f_thinking,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentText {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"text\",\"role\":\"agent\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.extend_from_slice(b",\"text\":");
        crate::runtime::WriteJson::write_json(&self.text, out);
        if let Some(v) = &self.thinking {
            out.extend_from_slice(b",\"thinking\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A user prompt.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageUserText {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID of the turn the prompt started, as in the document's MessageBase. (optional: `None` means omitted)
    pub turn: Option<OpaqueId>,
    /// Prompt text.
    pub text: Text,
    /// Never present ("User messages never set thinking"): no value is non-blank within zero bytes, so every decoder
    /// rejects any value. (optional: `None` means omitted)
    pub thinking: Option<String>,
}
impl SessionMessageUserText {
    /// From the required members (`id`, `time`, `text`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(id: impl Into<String>, time: u64, text: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: None,
            text: text.into(),
            thinking: None,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `turn` (`None` omits it): Turn ID of the turn the prompt started, as in the document's MessageBase.
    #[must_use]
    pub fn with_turn(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.turn = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `thinking` (`None` omits it): Never present ("User messages never set thinking"): no value is non-blank
    /// within zero bytes, so every decoder rejects any value.
    #[must_use]
    pub fn with_thinking(
        mut self,
        value: impl crate::runtime::IntoOptional<String>,
    ) -> Self {
        self.thinking = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageUserText {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageUserText;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageUserText object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_text = None;
                let mut f_thinking = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "text" => {
                            let v = cx
                                .in_member(
                                    "text",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_text, "text", v)?;
                        }
                        "thinking" => {
                            let v = cx
                                .in_member(
                                    "thinking",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 0u64,
                                                max_bytes: 0u64,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: true,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_thinking, "thinking", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageUserText {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: f_turn,
                    text: crate::runtime::required(f_text, "text")?,
                    thinking: f_thinking,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageUserText {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"text\",\"role\":\"user\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.turn {
            out.extend_from_slice(b",\"turn\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"text\":");
        crate::runtime::WriteJson::write_json(&self.text, out);
        if let Some(v) = &self.thinking {
            out.extend_from_slice(b",\"thinking\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageUserText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// The model decided to invoke a tool.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentToolCallStart {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID.
    pub turn: OpaqueId,
    /// Tool call ID, matched by tool-call-end.
    pub call_id: OpaqueId,
    /// The tool's own name.
    pub tool_name: ToolName,
    /// Short inline-markdown summary.
    pub title: Text,
    /// Longer inline-markdown description.
    pub description: Text,
    /// Tool input arguments; the daemon stores oversized ones with their structure kept and long values cut, each cut
    /// marked.
    pub args: serde_json::Value,
    /// Label of the subagent this call spawns. (optional: `None` means omitted)
    pub agent_title: Option<Text>,
}
impl SessionMessageAgentToolCallStart {
    /// From the required members (`id`, `time`, `turn`, `callId`, `toolName`, `title`, `description`, `args`); optional
    /// members are omitted, defaulted ones take their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        turn: impl Into<String>,
        call_id: impl Into<String>,
        tool_name: impl Into<String>,
        title: impl Into<String>,
        description: impl Into<String>,
        args: serde_json::Value,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: turn.into(),
            call_id: call_id.into(),
            tool_name: tool_name.into(),
            title: title.into(),
            description: description.into(),
            args,
            agent_title: None,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentTitle` (`None` omits it): Label of the subagent this call spawns.
    #[must_use]
    pub fn with_agent_title(
        mut self,
        value: impl crate::runtime::IntoOptional<Text>,
    ) -> Self {
        self.agent_title = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentToolCallStart {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentToolCallStart;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentToolCallStart object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_call_id = None;
                let mut f_tool_name = None;
                let mut f_title = None;
                let mut f_description = None;
                let mut f_args = None;
                let mut f_agent_title = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "callId" => {
                            let v = cx
                                .in_member(
                                    "callId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_call_id, "callId", v)?;
                        }
                        "toolName" => {
                            let v = cx
                                .in_member(
                                    "toolName",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TOOL_NAME,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_tool_name, "toolName", v)?;
                        }
                        "title" => {
                            let v = cx
                                .in_member(
                                    "title",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_title, "title", v)?;
                        }
                        "description" => {
                            let v = cx
                                .in_member(
                                    "description",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_description,
                                "description",
                                v,
                            )?;
                        }
                        "args" => {
                            let v = cx
                                .in_member(
                                    "args",
                                    map
                                        .next_value_seed(crate::runtime::JsonSeed {
                                            cx,
                                            object_only: true,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_args, "args", v)?;
                        }
                        "agentTitle" => {
                            let v = cx
                                .in_member(
                                    "agentTitle",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_agent_title,
                                "agentTitle",
                                v,
                            )?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentToolCallStart {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: crate::runtime::required(f_turn, "turn")?,
                    call_id: crate::runtime::required(f_call_id, "callId")?,
                    tool_name: crate::runtime::required(f_tool_name, "toolName")?,
                    title: crate::runtime::required(f_title, "title")?,
                    description: crate::runtime::required(f_description, "description")?,
                    args: crate::runtime::required(f_args, "args")?,
                    agent_title: f_agent_title,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentToolCallStart {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(
            b"{\"type\":\"tool-call-start\",\"role\":\"agent\",\"id\":",
        );
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.extend_from_slice(b",\"callId\":");
        crate::runtime::WriteJson::write_json(&self.call_id, out);
        out.extend_from_slice(b",\"toolName\":");
        crate::runtime::WriteJson::write_json(&self.tool_name, out);
        out.extend_from_slice(b",\"title\":");
        crate::runtime::WriteJson::write_json(&self.title, out);
        out.extend_from_slice(b",\"description\":");
        crate::runtime::WriteJson::write_json(&self.description, out);
        out.extend_from_slice(b",\"args\":");
        crate::runtime::WriteJson::write_json(&self.args, out);
        if let Some(v) = &self.agent_title {
            out.extend_from_slice(b",\"agentTitle\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentToolCallStart {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A tool invocation completed.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentToolCallEnd {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID.
    pub turn: OpaqueId,
    /// Tool call ID of the start.
    pub call_id: OpaqueId,
    /// Failure description. (optional: `None` means omitted)
    pub error: Option<Text>,
}
impl SessionMessageAgentToolCallEnd {
    /// From the required members (`id`, `time`, `turn`, `callId`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        turn: impl Into<String>,
        call_id: impl Into<String>,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: turn.into(),
            call_id: call_id.into(),
            error: None,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `error` (`None` omits it): Failure description.
    #[must_use]
    pub fn with_error(mut self, value: impl crate::runtime::IntoOptional<Text>) -> Self {
        self.error = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentToolCallEnd {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentToolCallEnd;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentToolCallEnd object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_call_id = None;
                let mut f_error = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "callId" => {
                            let v = cx
                                .in_member(
                                    "callId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_call_id, "callId", v)?;
                        }
                        "error" => {
                            let v = cx
                                .in_member(
                                    "error",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_error, "error", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentToolCallEnd {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: crate::runtime::required(f_turn, "turn")?,
                    call_id: crate::runtime::required(f_call_id, "callId")?,
                    error: f_error,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentToolCallEnd {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"tool-call-end\",\"role\":\"agent\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.extend_from_slice(b",\"callId\":");
        crate::runtime::WriteJson::write_json(&self.call_id, out);
        if let Some(v) = &self.error {
            out.extend_from_slice(b",\"error\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentToolCallEnd {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// The agent asks the user to approve a tool call. Written when an ACP agent provider sends
/// `session/request_permission`, always after the call's `tool-call-start` (the daemon writes that first for a call the
/// agent never announced) and before its `tool-call-end`; `options` are the answers the agent offered.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentPermissionRequest {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID.
    pub turn: OpaqueId,
    /// Tool call awaiting approval.
    pub call_id: OpaqueId,
    /// The tool's own name.
    pub tool_name: ToolName,
    /// Short inline-markdown summary.
    pub title: Text,
    /// Longer description. (optional: `None` means omitted)
    pub description: Option<Text>,
    /// Tool input arguments. (optional: `None` means omitted)
    pub args: Option<serde_json::Value>,
    /// Answers offered.
    pub options: Vec<PermissionOption>,
}
impl SessionMessageAgentPermissionRequest {
    /// From the required members (`id`, `time`, `turn`, `callId`, `toolName`, `title`, `options`); optional members are
    /// omitted, defaulted ones take their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        turn: impl Into<String>,
        call_id: impl Into<String>,
        tool_name: impl Into<String>,
        title: impl Into<String>,
        options: Vec<PermissionOption>,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: turn.into(),
            call_id: call_id.into(),
            tool_name: tool_name.into(),
            title: title.into(),
            description: None,
            args: None,
            options,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `description` (`None` omits it): Longer description.
    #[must_use]
    pub fn with_description(
        mut self,
        value: impl crate::runtime::IntoOptional<Text>,
    ) -> Self {
        self.description = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `args` (`None` omits it): Tool input arguments.
    #[must_use]
    pub fn with_args(
        mut self,
        value: impl crate::runtime::IntoOptional<serde_json::Value>,
    ) -> Self {
        self.args = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentPermissionRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentPermissionRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentPermissionRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_call_id = None;
                let mut f_tool_name = None;
                let mut f_title = None;
                let mut f_description = None;
                let mut f_args = None;
                let mut f_options = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "callId" => {
                            let v = cx
                                .in_member(
                                    "callId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_call_id, "callId", v)?;
                        }
                        "toolName" => {
                            let v = cx
                                .in_member(
                                    "toolName",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TOOL_NAME,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_tool_name, "toolName", v)?;
                        }
                        "title" => {
                            let v = cx
                                .in_member(
                                    "title",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_title, "title", v)?;
                        }
                        "description" => {
                            let v = cx
                                .in_member(
                                    "description",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_description,
                                "description",
                                v,
                            )?;
                        }
                        "args" => {
                            let v = cx
                                .in_member(
                                    "args",
                                    map
                                        .next_value_seed(crate::runtime::JsonSeed {
                                            cx,
                                            object_only: true,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_args, "args", v)?;
                        }
                        "options" => {
                            let v = cx
                                .in_member(
                                    "options",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 1u64,
                                            max: crate::limits::MAX_ARRAY_ITEMS,
                                            max_is_limit: true,
                                            item: |cx| crate::runtime::Seed::<PermissionOption>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_options, "options", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentPermissionRequest {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: crate::runtime::required(f_turn, "turn")?,
                    call_id: crate::runtime::required(f_call_id, "callId")?,
                    tool_name: crate::runtime::required(f_tool_name, "toolName")?,
                    title: crate::runtime::required(f_title, "title")?,
                    description: f_description,
                    args: f_args,
                    options: crate::runtime::required(f_options, "options")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentPermissionRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(
            b"{\"type\":\"permission-request\",\"role\":\"agent\",\"id\":",
        );
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.extend_from_slice(b",\"callId\":");
        crate::runtime::WriteJson::write_json(&self.call_id, out);
        out.extend_from_slice(b",\"toolName\":");
        crate::runtime::WriteJson::write_json(&self.tool_name, out);
        out.extend_from_slice(b",\"title\":");
        crate::runtime::WriteJson::write_json(&self.title, out);
        if let Some(v) = &self.description {
            out.extend_from_slice(b",\"description\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.args {
            out.extend_from_slice(b",\"args\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"options\":");
        crate::runtime::WriteJson::write_json(&self.options, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentPermissionRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// The user's answer to a permission request. Wire v2 has no approval route (the profile advertises `approvals:false`),
/// so no person is asked: the daemon's configured permission policy for the agent (`[agents.<id>.permissions]` in the
/// global settings: ACP tool kinds to `allow` or `reject`; by default `read`, `search`, `think` and `fetch` are allowed
/// and every other kind rejected) decides, and the answer is recorded with role `user` because it stands in for the
/// person, by the person's own configuration. `optionId` is the offered option of the verdict's kind (`allow-once`
/// before `allow-always`, `reject-once` before `reject-always`). When no offered option matches, the request is
/// answered cancelled, no `permission-response` is written and a `service` message of the turn says so. A rejected
/// call's `tool-call-end` carries an `error` naming the rejection.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageUserPermissionResponse {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Tool call the answer is for.
    pub call_id: OpaqueId,
    /// Chosen option.
    pub option_id: OpaqueId,
}
impl SessionMessageUserPermissionResponse {
    /// From the required members (`id`, `time`, `callId`, `optionId`); optional members are omitted, defaulted ones
    /// take their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        call_id: impl Into<String>,
        option_id: impl Into<String>,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            call_id: call_id.into(),
            option_id: option_id.into(),
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageUserPermissionResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageUserPermissionResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageUserPermissionResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_call_id = None;
                let mut f_option_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "callId" => {
                            let v = cx
                                .in_member(
                                    "callId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_call_id, "callId", v)?;
                        }
                        "optionId" => {
                            let v = cx
                                .in_member(
                                    "optionId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_option_id, "optionId", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageUserPermissionResponse {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    call_id: crate::runtime::required(f_call_id, "callId")?,
                    option_id: crate::runtime::required(f_option_id, "optionId")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageUserPermissionResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(
            b"{\"type\":\"permission-response\",\"role\":\"user\",\"id\":",
        );
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"callId\":");
        crate::runtime::WriteJson::write_json(&self.call_id, out);
        out.extend_from_slice(b",\"optionId\":");
        crate::runtime::WriteJson::write_json(&self.option_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageUserPermissionResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// An image the agent produced, uploaded first.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentPhoto {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID.
    pub turn: OpaqueId,
    /// Upload/media reference.
    pub r#ref: Text,
    /// Base64 ThumbHash placeholder.
    pub thumbhash: Text,
    /// Width in pixels.
    pub width: u64,
    /// Height in pixels.
    pub height: u64,
}
impl SessionMessageAgentPhoto {
    /// From the required members (`id`, `time`, `turn`, `ref`, `thumbhash`, `width`, `height`); optional members are
    /// omitted, defaulted ones take their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        turn: impl Into<String>,
        r#ref: impl Into<String>,
        thumbhash: impl Into<String>,
        width: u64,
        height: u64,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: turn.into(),
            r#ref: r#ref.into(),
            thumbhash: thumbhash.into(),
            width,
            height,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentPhoto {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentPhoto;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentPhoto object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_ref = None;
                let mut f_thumbhash = None;
                let mut f_width = None;
                let mut f_height = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "ref" => {
                            let v = cx
                                .in_member(
                                    "ref",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_ref, "ref", v)?;
                        }
                        "thumbhash" => {
                            let v = cx
                                .in_member(
                                    "thumbhash",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_thumbhash, "thumbhash", v)?;
                        }
                        "width" => {
                            let v = cx
                                .in_member(
                                    "width",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_width, "width", v)?;
                        }
                        "height" => {
                            let v = cx
                                .in_member(
                                    "height",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_height, "height", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentPhoto {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: crate::runtime::required(f_turn, "turn")?,
                    r#ref: crate::runtime::required(f_ref, "ref")?,
                    thumbhash: crate::runtime::required(f_thumbhash, "thumbhash")?,
                    width: crate::runtime::required(f_width, "width")?,
                    height: crate::runtime::required(f_height, "height")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentPhoto {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"photo\",\"role\":\"agent\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.extend_from_slice(b",\"ref\":");
        crate::runtime::WriteJson::write_json(&self.r#ref, out);
        out.extend_from_slice(b",\"thumbhash\":");
        crate::runtime::WriteJson::write_json(&self.thumbhash, out);
        out.extend_from_slice(b",\"width\":");
        crate::runtime::WriteJson::write_json(&self.width, out);
        out.extend_from_slice(b",\"height\":");
        crate::runtime::WriteJson::write_json(&self.height, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentPhoto {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// An image the user sent, uploaded first.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageUserPhoto {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Upload/media reference.
    pub r#ref: Text,
    /// Base64 ThumbHash placeholder.
    pub thumbhash: Text,
    /// Width in pixels.
    pub width: u64,
    /// Height in pixels.
    pub height: u64,
}
impl SessionMessageUserPhoto {
    /// From the required members (`id`, `time`, `ref`, `thumbhash`, `width`, `height`); optional members are omitted,
    /// defaulted ones take their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        r#ref: impl Into<String>,
        thumbhash: impl Into<String>,
        width: u64,
        height: u64,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            r#ref: r#ref.into(),
            thumbhash: thumbhash.into(),
            width,
            height,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageUserPhoto {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageUserPhoto;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageUserPhoto object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_ref = None;
                let mut f_thumbhash = None;
                let mut f_width = None;
                let mut f_height = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "ref" => {
                            let v = cx
                                .in_member(
                                    "ref",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_ref, "ref", v)?;
                        }
                        "thumbhash" => {
                            let v = cx
                                .in_member(
                                    "thumbhash",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_thumbhash, "thumbhash", v)?;
                        }
                        "width" => {
                            let v = cx
                                .in_member(
                                    "width",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_width, "width", v)?;
                        }
                        "height" => {
                            let v = cx
                                .in_member(
                                    "height",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_height, "height", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageUserPhoto {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    r#ref: crate::runtime::required(f_ref, "ref")?,
                    thumbhash: crate::runtime::required(f_thumbhash, "thumbhash")?,
                    width: crate::runtime::required(f_width, "width")?,
                    height: crate::runtime::required(f_height, "height")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageUserPhoto {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"photo\",\"role\":\"user\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"ref\":");
        crate::runtime::WriteJson::write_json(&self.r#ref, out);
        out.extend_from_slice(b",\"thumbhash\":");
        crate::runtime::WriteJson::write_json(&self.thumbhash, out);
        out.extend_from_slice(b",\"width\":");
        crate::runtime::WriteJson::write_json(&self.width, out);
        out.extend_from_slice(b",\"height\":");
        crate::runtime::WriteJson::write_json(&self.height, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageUserPhoto {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A video the agent produced, uploaded first.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentVideo {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID.
    pub turn: OpaqueId,
    /// Upload/media reference.
    pub r#ref: Text,
    /// Base64 ThumbHash poster placeholder.
    pub thumbhash: Text,
    /// Width in pixels.
    pub width: u64,
    /// Height in pixels.
    pub height: u64,
    /// Duration in milliseconds.
    pub duration_ms: u64,
    /// MIME type.
    pub mime_type: Text,
    /// Size in bytes.
    pub size: u64,
}
impl SessionMessageAgentVideo {
    /// From the required members (`id`, `time`, `turn`, `ref`, `thumbhash`, `width`, `height`, `durationMs`,
    /// `mimeType`, `size`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        turn: impl Into<String>,
        r#ref: impl Into<String>,
        thumbhash: impl Into<String>,
        width: u64,
        height: u64,
        duration_ms: u64,
        mime_type: impl Into<String>,
        size: u64,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: turn.into(),
            r#ref: r#ref.into(),
            thumbhash: thumbhash.into(),
            width,
            height,
            duration_ms,
            mime_type: mime_type.into(),
            size,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentVideo {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentVideo;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentVideo object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_ref = None;
                let mut f_thumbhash = None;
                let mut f_width = None;
                let mut f_height = None;
                let mut f_duration_ms = None;
                let mut f_mime_type = None;
                let mut f_size = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "ref" => {
                            let v = cx
                                .in_member(
                                    "ref",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_ref, "ref", v)?;
                        }
                        "thumbhash" => {
                            let v = cx
                                .in_member(
                                    "thumbhash",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_thumbhash, "thumbhash", v)?;
                        }
                        "width" => {
                            let v = cx
                                .in_member(
                                    "width",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_width, "width", v)?;
                        }
                        "height" => {
                            let v = cx
                                .in_member(
                                    "height",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_height, "height", v)?;
                        }
                        "durationMs" => {
                            let v = cx
                                .in_member(
                                    "durationMs",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_duration_ms,
                                "durationMs",
                                v,
                            )?;
                        }
                        "mimeType" => {
                            let v = cx
                                .in_member(
                                    "mimeType",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_mime_type, "mimeType", v)?;
                        }
                        "size" => {
                            let v = cx
                                .in_member(
                                    "size",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_size, "size", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentVideo {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: crate::runtime::required(f_turn, "turn")?,
                    r#ref: crate::runtime::required(f_ref, "ref")?,
                    thumbhash: crate::runtime::required(f_thumbhash, "thumbhash")?,
                    width: crate::runtime::required(f_width, "width")?,
                    height: crate::runtime::required(f_height, "height")?,
                    duration_ms: crate::runtime::required(f_duration_ms, "durationMs")?,
                    mime_type: crate::runtime::required(f_mime_type, "mimeType")?,
                    size: crate::runtime::required(f_size, "size")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentVideo {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"video\",\"role\":\"agent\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.extend_from_slice(b",\"ref\":");
        crate::runtime::WriteJson::write_json(&self.r#ref, out);
        out.extend_from_slice(b",\"thumbhash\":");
        crate::runtime::WriteJson::write_json(&self.thumbhash, out);
        out.extend_from_slice(b",\"width\":");
        crate::runtime::WriteJson::write_json(&self.width, out);
        out.extend_from_slice(b",\"height\":");
        crate::runtime::WriteJson::write_json(&self.height, out);
        out.extend_from_slice(b",\"durationMs\":");
        crate::runtime::WriteJson::write_json(&self.duration_ms, out);
        out.extend_from_slice(b",\"mimeType\":");
        crate::runtime::WriteJson::write_json(&self.mime_type, out);
        out.extend_from_slice(b",\"size\":");
        crate::runtime::WriteJson::write_json(&self.size, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentVideo {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A video the user sent, uploaded first.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageUserVideo {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Upload/media reference.
    pub r#ref: Text,
    /// Base64 ThumbHash poster placeholder.
    pub thumbhash: Text,
    /// Width in pixels.
    pub width: u64,
    /// Height in pixels.
    pub height: u64,
    /// Duration in milliseconds.
    pub duration_ms: u64,
    /// MIME type.
    pub mime_type: Text,
    /// Size in bytes.
    pub size: u64,
}
impl SessionMessageUserVideo {
    /// From the required members (`id`, `time`, `ref`, `thumbhash`, `width`, `height`, `durationMs`, `mimeType`,
    /// `size`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        r#ref: impl Into<String>,
        thumbhash: impl Into<String>,
        width: u64,
        height: u64,
        duration_ms: u64,
        mime_type: impl Into<String>,
        size: u64,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            r#ref: r#ref.into(),
            thumbhash: thumbhash.into(),
            width,
            height,
            duration_ms,
            mime_type: mime_type.into(),
            size,
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageUserVideo {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageUserVideo;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageUserVideo object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_ref = None;
                let mut f_thumbhash = None;
                let mut f_width = None;
                let mut f_height = None;
                let mut f_duration_ms = None;
                let mut f_mime_type = None;
                let mut f_size = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "ref" => {
                            let v = cx
                                .in_member(
                                    "ref",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_ref, "ref", v)?;
                        }
                        "thumbhash" => {
                            let v = cx
                                .in_member(
                                    "thumbhash",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_thumbhash, "thumbhash", v)?;
                        }
                        "width" => {
                            let v = cx
                                .in_member(
                                    "width",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_width, "width", v)?;
                        }
                        "height" => {
                            let v = cx
                                .in_member(
                                    "height",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_height, "height", v)?;
                        }
                        "durationMs" => {
                            let v = cx
                                .in_member(
                                    "durationMs",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_duration_ms,
                                "durationMs",
                                v,
                            )?;
                        }
                        "mimeType" => {
                            let v = cx
                                .in_member(
                                    "mimeType",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_mime_type, "mimeType", v)?;
                        }
                        "size" => {
                            let v = cx
                                .in_member(
                                    "size",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_size, "size", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageUserVideo {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    r#ref: crate::runtime::required(f_ref, "ref")?,
                    thumbhash: crate::runtime::required(f_thumbhash, "thumbhash")?,
                    width: crate::runtime::required(f_width, "width")?,
                    height: crate::runtime::required(f_height, "height")?,
                    duration_ms: crate::runtime::required(f_duration_ms, "durationMs")?,
                    mime_type: crate::runtime::required(f_mime_type, "mimeType")?,
                    size: crate::runtime::required(f_size, "size")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageUserVideo {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"video\",\"role\":\"user\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"ref\":");
        crate::runtime::WriteJson::write_json(&self.r#ref, out);
        out.extend_from_slice(b",\"thumbhash\":");
        crate::runtime::WriteJson::write_json(&self.thumbhash, out);
        out.extend_from_slice(b",\"width\":");
        crate::runtime::WriteJson::write_json(&self.width, out);
        out.extend_from_slice(b",\"height\":");
        crate::runtime::WriteJson::write_json(&self.height, out);
        out.extend_from_slice(b",\"durationMs\":");
        crate::runtime::WriteJson::write_json(&self.duration_ms, out);
        out.extend_from_slice(b",\"mimeType\":");
        crate::runtime::WriteJson::write_json(&self.mime_type, out);
        out.extend_from_slice(b",\"size\":");
        crate::runtime::WriteJson::write_json(&self.size, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageUserVideo {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A file the agent produced, uploaded first.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentFile {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID.
    pub turn: OpaqueId,
    /// Upload/media reference.
    pub r#ref: Text,
    /// Display filename.
    pub name: Text,
    /// Size in bytes.
    pub size: u64,
    /// MIME type.
    pub mime_type: Text,
}
impl SessionMessageAgentFile {
    /// From the required members (`id`, `time`, `turn`, `ref`, `name`, `size`, `mimeType`); optional members are
    /// omitted, defaulted ones take their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        turn: impl Into<String>,
        r#ref: impl Into<String>,
        name: impl Into<String>,
        size: u64,
        mime_type: impl Into<String>,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: turn.into(),
            r#ref: r#ref.into(),
            name: name.into(),
            size,
            mime_type: mime_type.into(),
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentFile {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentFile;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentFile object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_ref = None;
                let mut f_name = None;
                let mut f_size = None;
                let mut f_mime_type = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "ref" => {
                            let v = cx
                                .in_member(
                                    "ref",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_ref, "ref", v)?;
                        }
                        "name" => {
                            let v = cx
                                .in_member(
                                    "name",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_name, "name", v)?;
                        }
                        "size" => {
                            let v = cx
                                .in_member(
                                    "size",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_size, "size", v)?;
                        }
                        "mimeType" => {
                            let v = cx
                                .in_member(
                                    "mimeType",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_mime_type, "mimeType", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentFile {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: crate::runtime::required(f_turn, "turn")?,
                    r#ref: crate::runtime::required(f_ref, "ref")?,
                    name: crate::runtime::required(f_name, "name")?,
                    size: crate::runtime::required(f_size, "size")?,
                    mime_type: crate::runtime::required(f_mime_type, "mimeType")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentFile {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"file\",\"role\":\"agent\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.extend_from_slice(b",\"ref\":");
        crate::runtime::WriteJson::write_json(&self.r#ref, out);
        out.extend_from_slice(b",\"name\":");
        crate::runtime::WriteJson::write_json(&self.name, out);
        out.extend_from_slice(b",\"size\":");
        crate::runtime::WriteJson::write_json(&self.size, out);
        out.extend_from_slice(b",\"mimeType\":");
        crate::runtime::WriteJson::write_json(&self.mime_type, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentFile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A file the user sent, uploaded first.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageUserFile {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Upload/media reference.
    pub r#ref: Text,
    /// Display filename.
    pub name: Text,
    /// Size in bytes.
    pub size: u64,
    /// MIME type.
    pub mime_type: Text,
}
impl SessionMessageUserFile {
    /// From the required members (`id`, `time`, `ref`, `name`, `size`, `mimeType`); optional members are omitted,
    /// defaulted ones take their defaults.
    pub fn new(
        id: impl Into<String>,
        time: u64,
        r#ref: impl Into<String>,
        name: impl Into<String>,
        size: u64,
        mime_type: impl Into<String>,
    ) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            r#ref: r#ref.into(),
            name: name.into(),
            size,
            mime_type: mime_type.into(),
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageUserFile {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageUserFile;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageUserFile object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_ref = None;
                let mut f_name = None;
                let mut f_size = None;
                let mut f_mime_type = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "ref" => {
                            let v = cx
                                .in_member(
                                    "ref",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_ref, "ref", v)?;
                        }
                        "name" => {
                            let v = cx
                                .in_member(
                                    "name",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_name, "name", v)?;
                        }
                        "size" => {
                            let v = cx
                                .in_member(
                                    "size",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_size, "size", v)?;
                        }
                        "mimeType" => {
                            let v = cx
                                .in_member(
                                    "mimeType",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_mime_type, "mimeType", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageUserFile {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    r#ref: crate::runtime::required(f_ref, "ref")?,
                    name: crate::runtime::required(f_name, "name")?,
                    size: crate::runtime::required(f_size, "size")?,
                    mime_type: crate::runtime::required(f_mime_type, "mimeType")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageUserFile {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"file\",\"role\":\"user\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"ref\":");
        crate::runtime::WriteJson::write_json(&self.r#ref, out);
        out.extend_from_slice(b",\"name\":");
        crate::runtime::WriteJson::write_json(&self.name, out);
        out.extend_from_slice(b",\"size\":");
        crate::runtime::WriteJson::write_json(&self.size, out);
        out.extend_from_slice(b",\"mimeType\":");
        crate::runtime::WriteJson::write_json(&self.mime_type, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageUserFile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Internal or system message, such as a compaction note.
///
/// Non-exhaustive: a new optional member is compatible in what both the server and consumers decode
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionMessageAgentService {
    /// Unique message ID (cuid2).
    pub id: OpaqueId,
    /// Unix timestamp in milliseconds.
    pub time: u64,
    /// callId of the tool call that spawned this message. (optional: `None` means omitted)
    pub parent_id: Option<OpaqueId>,
    /// Stable identity of the subagent producing this message. (optional: `None` means omitted)
    pub agent_id: Option<OpaqueId>,
    /// Turn ID, when inside a turn. (optional: `None` means omitted)
    pub turn: Option<OpaqueId>,
    /// Message text.
    pub text: Text,
}
impl SessionMessageAgentService {
    /// From the required members (`id`, `time`, `text`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(id: impl Into<String>, time: u64, text: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            time,
            parent_id: None,
            agent_id: None,
            turn: None,
            text: text.into(),
        }
    }
    /// Sets `parentId` (`None` omits it): callId of the tool call that spawned this message.
    #[must_use]
    pub fn with_parent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.parent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `agentId` (`None` omits it): Stable identity of the subagent producing this message.
    #[must_use]
    pub fn with_agent_id(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.agent_id = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `turn` (`None` omits it): Turn ID, when inside a turn.
    #[must_use]
    pub fn with_turn(
        mut self,
        value: impl crate::runtime::IntoOptional<OpaqueId>,
    ) -> Self {
        self.turn = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for SessionMessageAgentService {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionMessageAgentService;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionMessageAgentService object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_id = None;
                let mut f_time = None;
                let mut f_parent_id = None;
                let mut f_agent_id = None;
                let mut f_turn = None;
                let mut f_text = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "id" => {
                            let v = cx
                                .in_member(
                                    "id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_id, "id", v)?;
                        }
                        "time" => {
                            let v = cx
                                .in_member(
                                    "time",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_time, "time", v)?;
                        }
                        "parentId" => {
                            let v = cx
                                .in_member(
                                    "parentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_parent_id, "parentId", v)?;
                        }
                        "agentId" => {
                            let v = cx
                                .in_member(
                                    "agentId",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_agent_id, "agentId", v)?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        "text" => {
                            let v = cx
                                .in_member(
                                    "text",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::TEXT,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_text, "text", v)?;
                        }
                        "type" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        "role" => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionMessageAgentService {
                    id: crate::runtime::required(f_id, "id")?,
                    time: crate::runtime::required(f_time, "time")?,
                    parent_id: f_parent_id,
                    agent_id: f_agent_id,
                    turn: f_turn,
                    text: crate::runtime::required(f_text, "text")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionMessageAgentService {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"type\":\"service\",\"role\":\"agent\",\"id\":");
        crate::runtime::WriteJson::write_json(&self.id, out);
        out.extend_from_slice(b",\"time\":");
        crate::runtime::WriteJson::write_json(&self.time, out);
        if let Some(v) = &self.parent_id {
            out.extend_from_slice(b",\"parentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.agent_id {
            out.extend_from_slice(b",\"agentId\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.turn {
            out.extend_from_slice(b",\"turn\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.extend_from_slice(b",\"text\":");
        crate::runtime::WriteJson::write_json(&self.text, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionMessageAgentService {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
impl crate::runtime::Decode for SessionMessage {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, Error};
        let value = crate::runtime::JsonSeed {
            cx,
            object_only: true,
        }
            .deserialize(d)?;
        let tags = (
            value.get("type").and_then(serde_json::Value::as_str),
            value.get("role").and_then(serde_json::Value::as_str),
        );
        let decoded = match tags {
            (Some("turn-start"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentTurnStart>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentTurnStart)
            }
            (Some("turn-end"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentTurnEnd>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentTurnEnd)
            }
            (Some("text"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentText>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentText)
            }
            (Some("text"), Some("user")) => {
                crate::runtime::Seed::<SessionMessageUserText>::new(cx)
                    .deserialize(&value)
                    .map(Self::UserText)
            }
            (Some("tool-call-start"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentToolCallStart>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentToolCallStart)
            }
            (Some("tool-call-end"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentToolCallEnd>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentToolCallEnd)
            }
            (Some("permission-request"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentPermissionRequest>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentPermissionRequest)
            }
            (Some("permission-response"), Some("user")) => {
                crate::runtime::Seed::<SessionMessageUserPermissionResponse>::new(cx)
                    .deserialize(&value)
                    .map(Self::UserPermissionResponse)
            }
            (Some("photo"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentPhoto>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentPhoto)
            }
            (Some("photo"), Some("user")) => {
                crate::runtime::Seed::<SessionMessageUserPhoto>::new(cx)
                    .deserialize(&value)
                    .map(Self::UserPhoto)
            }
            (Some("video"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentVideo>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentVideo)
            }
            (Some("video"), Some("user")) => {
                crate::runtime::Seed::<SessionMessageUserVideo>::new(cx)
                    .deserialize(&value)
                    .map(Self::UserVideo)
            }
            (Some("file"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentFile>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentFile)
            }
            (Some("file"), Some("user")) => {
                crate::runtime::Seed::<SessionMessageUserFile>::new(cx)
                    .deserialize(&value)
                    .map(Self::UserFile)
            }
            (Some("service"), Some("agent")) => {
                crate::runtime::Seed::<SessionMessageAgentService>::new(cx)
                    .deserialize(&value)
                    .map(Self::AgentService)
            }
            _ => {
                return Err(
                    D::Error::custom(
                        "no SessionMessage variant matches its discriminators",
                    ),
                );
            }
        };
        decoded.map_err(D::Error::custom)
    }
}
impl crate::runtime::WriteJson for SessionMessage {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Self::AgentTurnStart(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AgentTurnEnd(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AgentText(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::UserText(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AgentToolCallStart(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AgentToolCallEnd(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AgentPermissionRequest(v) => {
                crate::runtime::WriteJson::write_json(v, out)
            }
            Self::UserPermissionResponse(v) => {
                crate::runtime::WriteJson::write_json(v, out)
            }
            Self::AgentPhoto(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::UserPhoto(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AgentVideo(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::UserVideo(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AgentFile(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::UserFile(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AgentService(v) => crate::runtime::WriteJson::write_json(v, out),
        }
    }
}
impl serde::Serialize for SessionMessage {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `initialize`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct InitializeRequest {
    /// Wire versions the client supports; must include 2.
    pub supported_protocol_versions: Vec<u16>,
    /// Operations the client requires; absent means none, null is invalid. (defaults to `[]` when omitted)
    pub requested_capabilities: Vec<Name>,
}
impl InitializeRequest {
    /// From the required members (`supported_protocol_versions`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(supported_protocol_versions: Vec<u16>) -> Self {
        Self {
            supported_protocol_versions,
            requested_capabilities: Vec::new(),
        }
    }
    /// Sets `requested_capabilities`: Operations the client requires; absent means none, null is invalid.
    #[must_use]
    pub fn with_requested_capabilities(mut self, value: Vec<Name>) -> Self {
        self.requested_capabilities = value;
        self
    }
}
impl crate::runtime::Decode for InitializeRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = InitializeRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a InitializeRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_supported_protocol_versions = None;
                let mut f_requested_capabilities = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "supported_protocol_versions" => {
                            let v = cx
                                .in_member(
                                    "supported_protocol_versions",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 1u64,
                                            max: crate::limits::MAX_NEGOTIATION_ITEMS,
                                            max_is_limit: true,
                                            item: |_| crate::runtime::IntSeed::<
                                                u16,
                                            >::new(0u64, 65535u64),
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_supported_protocol_versions,
                                "supported_protocol_versions",
                                v,
                            )?;
                        }
                        "requested_capabilities" => {
                            let v = cx
                                .in_member(
                                    "requested_capabilities",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::limits::MAX_NEGOTIATION_ITEMS,
                                            max_is_limit: true,
                                            item: |cx| crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::NAME,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_requested_capabilities,
                                "requested_capabilities",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(InitializeRequest {
                    supported_protocol_versions: crate::runtime::required(
                        f_supported_protocol_versions,
                        "supported_protocol_versions",
                    )?,
                    requested_capabilities: f_requested_capabilities
                        .unwrap_or_else(|| Vec::new()),
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for InitializeRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"supported_protocol_versions\":");
        crate::runtime::WriteJson::write_json(&self.supported_protocol_versions, out);
        out.extend_from_slice(b",\"requested_capabilities\":");
        crate::runtime::WriteJson::write_json(&self.requested_capabilities, out);
        out.push(b'}');
    }
}
impl serde::Serialize for InitializeRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `initialize`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct InitializeResponse {
    /// Selected wire version.
    pub protocol_version: u16,
    /// Daemon package version.
    pub server_version: PackageVersion,
    /// Serving instance; carried by every later request.
    pub instance_id: OpaqueId,
    /// This connection; carried by every later request.
    pub connection_id: OpaqueId,
    /// Opaque workspace identity.
    pub workspace_id: OpaqueId,
    /// Opaque state root identity.
    pub state_root_id: OpaqueId,
    /// Complete capability object.
    pub capabilities: Capabilities,
    /// Limits; identical to capabilities.limits.
    pub limits: LimitMap,
}
impl InitializeResponse {
    /// From the required members (`protocol_version`, `server_version`, `instance_id`, `connection_id`, `workspace_id`,
    /// `state_root_id`, `capabilities`, `limits`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        protocol_version: u16,
        server_version: impl Into<String>,
        instance_id: impl Into<String>,
        connection_id: impl Into<String>,
        workspace_id: impl Into<String>,
        state_root_id: impl Into<String>,
        capabilities: Capabilities,
        limits: LimitMap,
    ) -> Self {
        Self {
            protocol_version,
            server_version: server_version.into(),
            instance_id: instance_id.into(),
            connection_id: connection_id.into(),
            workspace_id: workspace_id.into(),
            state_root_id: state_root_id.into(),
            capabilities,
            limits,
        }
    }
}
impl crate::runtime::Decode for InitializeResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = InitializeResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a InitializeResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_protocol_version = None;
                let mut f_server_version = None;
                let mut f_instance_id = None;
                let mut f_connection_id = None;
                let mut f_workspace_id = None;
                let mut f_state_root_id = None;
                let mut f_capabilities = None;
                let mut f_limits = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "protocol_version" => {
                            let v = cx
                                .in_member(
                                    "protocol_version",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<u16>::new(0u64, 65535u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_protocol_version,
                                "protocol_version",
                                v,
                            )?;
                        }
                        "server_version" => {
                            let v = cx
                                .in_member(
                                    "server_version",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PACKAGE_VERSION,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_server_version,
                                "server_version",
                                v,
                            )?;
                        }
                        "instance_id" => {
                            let v = cx
                                .in_member(
                                    "instance_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_instance_id,
                                "instance_id",
                                v,
                            )?;
                        }
                        "connection_id" => {
                            let v = cx
                                .in_member(
                                    "connection_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_connection_id,
                                "connection_id",
                                v,
                            )?;
                        }
                        "workspace_id" => {
                            let v = cx
                                .in_member(
                                    "workspace_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_workspace_id,
                                "workspace_id",
                                v,
                            )?;
                        }
                        "state_root_id" => {
                            let v = cx
                                .in_member(
                                    "state_root_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_state_root_id,
                                "state_root_id",
                                v,
                            )?;
                        }
                        "capabilities" => {
                            let v = cx
                                .in_member(
                                    "capabilities",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<Capabilities>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_capabilities,
                                "capabilities",
                                v,
                            )?;
                        }
                        "limits" => {
                            let v = cx
                                .in_member(
                                    "limits",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<LimitMap>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_limits, "limits", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(InitializeResponse {
                    protocol_version: crate::runtime::required(
                        f_protocol_version,
                        "protocol_version",
                    )?,
                    server_version: crate::runtime::required(
                        f_server_version,
                        "server_version",
                    )?,
                    instance_id: crate::runtime::required(f_instance_id, "instance_id")?,
                    connection_id: crate::runtime::required(
                        f_connection_id,
                        "connection_id",
                    )?,
                    workspace_id: crate::runtime::required(
                        f_workspace_id,
                        "workspace_id",
                    )?,
                    state_root_id: crate::runtime::required(
                        f_state_root_id,
                        "state_root_id",
                    )?,
                    capabilities: crate::runtime::required(
                        f_capabilities,
                        "capabilities",
                    )?,
                    limits: crate::runtime::required(f_limits, "limits")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for InitializeResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"protocol_version\":");
        crate::runtime::WriteJson::write_json(&self.protocol_version, out);
        out.extend_from_slice(b",\"server_version\":");
        crate::runtime::WriteJson::write_json(&self.server_version, out);
        out.extend_from_slice(b",\"instance_id\":");
        crate::runtime::WriteJson::write_json(&self.instance_id, out);
        out.extend_from_slice(b",\"connection_id\":");
        crate::runtime::WriteJson::write_json(&self.connection_id, out);
        out.extend_from_slice(b",\"workspace_id\":");
        crate::runtime::WriteJson::write_json(&self.workspace_id, out);
        out.extend_from_slice(b",\"state_root_id\":");
        crate::runtime::WriteJson::write_json(&self.state_root_id, out);
        out.extend_from_slice(b",\"capabilities\":");
        crate::runtime::WriteJson::write_json(&self.capabilities, out);
        out.extend_from_slice(b",\"limits\":");
        crate::runtime::WriteJson::write_json(&self.limits, out);
        out.push(b'}');
    }
}
impl serde::Serialize for InitializeResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `status`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct StatusRequest {}
impl StatusRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self {}
    }
}
impl crate::runtime::Decode for StatusRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = StatusRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a StatusRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(StatusRequest {})
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for StatusRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{}");
    }
}
impl serde::Serialize for StatusRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `status`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct StatusResponse {
    /// Whether the effective provider can prepare authentication, evaluated now without refresh.
    pub provider_auth_ready: bool,
    /// Serving instance.
    pub instance_id: OpaqueId,
    /// Opaque workspace identity.
    pub workspace_id: OpaqueId,
    /// Opaque state root identity.
    pub state_root_id: OpaqueId,
    /// Connections now open.
    pub connected_clients: u64,
    /// Operations accepted and not yet settled, cleanup included.
    pub admitted_operations: u64,
}
impl StatusResponse {
    /// From the required members (`provider_auth_ready`, `instance_id`, `workspace_id`, `state_root_id`,
    /// `connected_clients`, `admitted_operations`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        provider_auth_ready: bool,
        instance_id: impl Into<String>,
        workspace_id: impl Into<String>,
        state_root_id: impl Into<String>,
        connected_clients: u64,
        admitted_operations: u64,
    ) -> Self {
        Self {
            provider_auth_ready,
            instance_id: instance_id.into(),
            workspace_id: workspace_id.into(),
            state_root_id: state_root_id.into(),
            connected_clients,
            admitted_operations,
        }
    }
}
impl StatusResponse {
    /// The running service; not provider readiness. Always `"ready"` on the wire.
    pub const SERVICE: &'static str = "ready";
}
impl crate::runtime::Decode for StatusResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = StatusResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a StatusResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_service = None;
                let mut f_provider_auth_ready = None;
                let mut f_instance_id = None;
                let mut f_workspace_id = None;
                let mut f_state_root_id = None;
                let mut f_connected_clients = None;
                let mut f_admitted_operations = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "service" => {
                            let v = cx
                                .in_member(
                                    "service",
                                    map.next_value_seed(crate::runtime::ConstStr("ready")),
                                )?;
                            crate::runtime::put(cx, &mut f_service, "service", v)?;
                        }
                        "provider_auth_ready" => {
                            let v = cx
                                .in_member(
                                    "provider_auth_ready",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_auth_ready,
                                "provider_auth_ready",
                                v,
                            )?;
                        }
                        "instance_id" => {
                            let v = cx
                                .in_member(
                                    "instance_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_instance_id,
                                "instance_id",
                                v,
                            )?;
                        }
                        "workspace_id" => {
                            let v = cx
                                .in_member(
                                    "workspace_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_workspace_id,
                                "workspace_id",
                                v,
                            )?;
                        }
                        "state_root_id" => {
                            let v = cx
                                .in_member(
                                    "state_root_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_state_root_id,
                                "state_root_id",
                                v,
                            )?;
                        }
                        "connected_clients" => {
                            let v = cx
                                .in_member(
                                    "connected_clients",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_connected_clients,
                                "connected_clients",
                                v,
                            )?;
                        }
                        "admitted_operations" => {
                            let v = cx
                                .in_member(
                                    "admitted_operations",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_admitted_operations,
                                "admitted_operations",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_service, "service")?;
                Ok(StatusResponse {
                    provider_auth_ready: crate::runtime::required(
                        f_provider_auth_ready,
                        "provider_auth_ready",
                    )?,
                    instance_id: crate::runtime::required(f_instance_id, "instance_id")?,
                    workspace_id: crate::runtime::required(
                        f_workspace_id,
                        "workspace_id",
                    )?,
                    state_root_id: crate::runtime::required(
                        f_state_root_id,
                        "state_root_id",
                    )?,
                    connected_clients: crate::runtime::required(
                        f_connected_clients,
                        "connected_clients",
                    )?,
                    admitted_operations: crate::runtime::required(
                        f_admitted_operations,
                        "admitted_operations",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for StatusResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"service\":\"ready\",\"provider_auth_ready\":");
        crate::runtime::WriteJson::write_json(&self.provider_auth_ready, out);
        out.extend_from_slice(b",\"instance_id\":");
        crate::runtime::WriteJson::write_json(&self.instance_id, out);
        out.extend_from_slice(b",\"workspace_id\":");
        crate::runtime::WriteJson::write_json(&self.workspace_id, out);
        out.extend_from_slice(b",\"state_root_id\":");
        crate::runtime::WriteJson::write_json(&self.state_root_id, out);
        out.extend_from_slice(b",\"connected_clients\":");
        crate::runtime::WriteJson::write_json(&self.connected_clients, out);
        out.extend_from_slice(b",\"admitted_operations\":");
        crate::runtime::WriteJson::write_json(&self.admitted_operations, out);
        out.push(b'}');
    }
}
impl serde::Serialize for StatusResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `capabilities`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct CapabilitiesRequest {}
impl CapabilitiesRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self {}
    }
}
impl crate::runtime::Decode for CapabilitiesRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = CapabilitiesRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a CapabilitiesRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(CapabilitiesRequest {})
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for CapabilitiesRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{}");
    }
}
impl serde::Serialize for CapabilitiesRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `auth.status`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthStatusRequest {}
impl AuthStatusRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self {}
    }
}
impl crate::runtime::Decode for AuthStatusRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthStatusRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthStatusRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(AuthStatusRequest {})
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthStatusRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{}");
    }
}
impl serde::Serialize for AuthStatusRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `auth.status`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthStatusResponse {
    /// Built-in and startup-configured custom providers.
    pub providers: Vec<AuthProviderStatus>,
}
impl AuthStatusResponse {
    /// From the required members (`providers`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(providers: Vec<AuthProviderStatus>) -> Self {
        Self { providers }
    }
}
impl crate::runtime::Decode for AuthStatusResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthStatusResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthStatusResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_providers = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "providers" => {
                            let v = cx
                                .in_member(
                                    "providers",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::limits::MAX_ARRAY_ITEMS,
                                            max_is_limit: true,
                                            item: |cx| crate::runtime::Seed::<
                                                AuthProviderStatus,
                                            >::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_providers, "providers", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(AuthStatusResponse {
                    providers: crate::runtime::required(f_providers, "providers")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthStatusResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"providers\":");
        crate::runtime::WriteJson::write_json(&self.providers, out);
        out.push(b'}');
    }
}
impl serde::Serialize for AuthStatusResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `auth.login.start`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthLoginStartRequest {
    /// Provider to log in; only openai-codex supports login.
    pub provider_id: ProviderId,
}
impl AuthLoginStartRequest {
    /// From the required members (`provider_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(provider_id: impl Into<String>) -> Self {
        Self {
            provider_id: provider_id.into(),
        }
    }
}
impl crate::runtime::Decode for AuthLoginStartRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthLoginStartRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthLoginStartRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(AuthLoginStartRequest {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthLoginStartRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for AuthLoginStartRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `auth.login.start`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthLoginStartResponse {
    /// The login.
    pub login_id: OpaqueId,
    /// Provider.
    pub provider_id: ProviderId,
}
impl AuthLoginStartResponse {
    /// From the required members (`login_id`, `provider_id`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(login_id: impl Into<String>, provider_id: impl Into<String>) -> Self {
        Self {
            login_id: login_id.into(),
            provider_id: provider_id.into(),
        }
    }
}
impl AuthLoginStartResponse {
    /// The login started. Always `"started"` on the wire.
    pub const STATUS: &'static str = "started";
}
impl crate::runtime::Decode for AuthLoginStartResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthLoginStartResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthLoginStartResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                let mut f_provider_id = None;
                let mut f_status = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map.next_value_seed(crate::runtime::ConstStr("started")),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_status, "status")?;
                Ok(AuthLoginStartResponse {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthLoginStartResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"status\":\"started\"}");
    }
}
impl serde::Serialize for AuthLoginStartResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `auth.login.callback`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthLoginCallbackRequest {
    /// The login.
    pub login_id: OpaqueId,
    /// Final redirect URL or code.
    pub input: String,
}
impl AuthLoginCallbackRequest {
    /// From the required members (`login_id`, `input`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(login_id: impl Into<String>, input: impl Into<String>) -> Self {
        Self {
            login_id: login_id.into(),
            input: input.into(),
        }
    }
}
impl crate::runtime::Decode for AuthLoginCallbackRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthLoginCallbackRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthLoginCallbackRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                let mut f_input = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "input" => {
                            let v = cx
                                .in_member(
                                    "input",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: crate::constants::LOGIN_INPUT_MAX_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_input, "input", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(AuthLoginCallbackRequest {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                    input: crate::runtime::required(f_input, "input")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthLoginCallbackRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"input\":");
        crate::runtime::WriteJson::write_json(&self.input, out);
        out.push(b'}');
    }
}
impl serde::Serialize for AuthLoginCallbackRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `auth.login.callback`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthLoginCallbackResponse {
    /// The login.
    pub login_id: OpaqueId,
}
impl AuthLoginCallbackResponse {
    /// From the required members (`login_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(login_id: impl Into<String>) -> Self {
        Self { login_id: login_id.into() }
    }
}
impl AuthLoginCallbackResponse {
    /// Submitted; not a statement that the callback was valid. Always `"submitted"` on the wire.
    pub const STATUS: &'static str = "submitted";
}
impl crate::runtime::Decode for AuthLoginCallbackResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthLoginCallbackResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthLoginCallbackResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                let mut f_status = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map.next_value_seed(crate::runtime::ConstStr("submitted")),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_status, "status")?;
                Ok(AuthLoginCallbackResponse {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthLoginCallbackResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"status\":\"submitted\"}");
    }
}
impl serde::Serialize for AuthLoginCallbackResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `auth.login.cancel`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthLoginCancelRequest {
    /// The login.
    pub login_id: OpaqueId,
}
impl AuthLoginCancelRequest {
    /// From the required members (`login_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(login_id: impl Into<String>) -> Self {
        Self { login_id: login_id.into() }
    }
}
impl crate::runtime::Decode for AuthLoginCancelRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthLoginCancelRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthLoginCancelRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(AuthLoginCancelRequest {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthLoginCancelRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for AuthLoginCancelRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `auth.login.cancel`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthLoginCancelResponse {
    /// The login.
    pub login_id: OpaqueId,
}
impl AuthLoginCancelResponse {
    /// From the required members (`login_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(login_id: impl Into<String>) -> Self {
        Self { login_id: login_id.into() }
    }
}
impl AuthLoginCancelResponse {
    /// Cancellation requested; not completion. Always `"cancellation_requested"` on the wire.
    pub const STATUS: &'static str = "cancellation_requested";
}
impl crate::runtime::Decode for AuthLoginCancelResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthLoginCancelResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthLoginCancelResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                let mut f_status = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map
                                        .next_value_seed(
                                            crate::runtime::ConstStr("cancellation_requested"),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_status, "status")?;
                Ok(AuthLoginCancelResponse {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthLoginCancelResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"status\":\"cancellation_requested\"}");
    }
}
impl serde::Serialize for AuthLoginCancelResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `auth.logout`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthLogoutRequest {
    /// Provider whose record to remove.
    pub provider_id: ProviderId,
    /// Explicit confirmation; absent or false is refused. (defaults to `false` when omitted)
    pub confirmed: bool,
}
impl AuthLogoutRequest {
    /// From the required members (`provider_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(provider_id: impl Into<String>) -> Self {
        Self {
            provider_id: provider_id.into(),
            confirmed: false,
        }
    }
    /// Sets `confirmed`: Explicit confirmation; absent or false is refused.
    #[must_use]
    pub fn with_confirmed(mut self, value: bool) -> Self {
        self.confirmed = value;
        self
    }
}
impl crate::runtime::Decode for AuthLogoutRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthLogoutRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthLogoutRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                let mut f_confirmed = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "confirmed" => {
                            let v = cx
                                .in_member(
                                    "confirmed",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_confirmed, "confirmed", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(AuthLogoutRequest {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    confirmed: f_confirmed.unwrap_or_else(|| false),
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthLogoutRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"confirmed\":");
        crate::runtime::WriteJson::write_json(&self.confirmed, out);
        out.push(b'}');
    }
}
impl serde::Serialize for AuthLogoutRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `auth.logout`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthLogoutResponse {
    /// Provider.
    pub provider_id: ProviderId,
    /// Whether a local record existed and was removed.
    pub removed: bool,
}
impl AuthLogoutResponse {
    /// From the required members (`provider_id`, `removed`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(provider_id: impl Into<String>, removed: bool) -> Self {
        Self {
            provider_id: provider_id.into(),
            removed,
        }
    }
}
impl AuthLogoutResponse {
    /// Logged out. Always `"logged_out"` on the wire.
    pub const STATUS: &'static str = "logged_out";
    /// Environment variables were not touched. Always `true` on the wire.
    pub const ENVIRONMENT_UNCHANGED: bool = true;
}
impl crate::runtime::Decode for AuthLogoutResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthLogoutResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthLogoutResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                let mut f_status = None;
                let mut f_removed = None;
                let mut f_environment_unchanged = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map.next_value_seed(crate::runtime::ConstStr("logged_out")),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "removed" => {
                            let v = cx
                                .in_member(
                                    "removed",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_removed, "removed", v)?;
                        }
                        "environment_unchanged" => {
                            let v = cx
                                .in_member(
                                    "environment_unchanged",
                                    map.next_value_seed(crate::runtime::ConstBool(true)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_environment_unchanged,
                                "environment_unchanged",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_status, "status")?;
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_environment_unchanged, "environment_unchanged")?;
                Ok(AuthLogoutResponse {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    removed: crate::runtime::required(f_removed, "removed")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthLogoutResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"status\":\"logged_out\",\"removed\":");
        crate::runtime::WriteJson::write_json(&self.removed, out);
        out.extend_from_slice(b",\"environment_unchanged\":true}");
    }
}
impl serde::Serialize for AuthLogoutResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `catalog.providers`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct CatalogProvidersRequest {
    /// First entry of the page. (defaults to `0` when omitted)
    pub offset: u32,
    /// Page size. (defaults to `32` when omitted)
    pub limit: u32,
}
impl CatalogProvidersRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self { offset: 0, limit: 32 }
    }
    /// Sets `offset`: First entry of the page.
    #[must_use]
    pub fn with_offset(mut self, value: u32) -> Self {
        self.offset = value;
        self
    }
    /// Sets `limit`: Page size.
    #[must_use]
    pub fn with_limit(mut self, value: u32) -> Self {
        self.limit = value;
        self
    }
}
impl crate::runtime::Decode for CatalogProvidersRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = CatalogProvidersRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a CatalogProvidersRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_offset = None;
                let mut f_limit = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "offset" => {
                            let v = cx
                                .in_member(
                                    "offset",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u32,
                                            >::new(0u64, crate::constants::CATALOG_MAX_OFFSET),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_offset, "offset", v)?;
                        }
                        "limit" => {
                            let v = cx
                                .in_member(
                                    "limit",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u32,
                                            >::new(1u64, crate::limits::MAX_CATALOG_PAGE_ITEMS),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_limit, "limit", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(CatalogProvidersRequest {
                    offset: f_offset.unwrap_or_else(|| 0),
                    limit: f_limit.unwrap_or_else(|| 32),
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for CatalogProvidersRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"offset\":");
        crate::runtime::WriteJson::write_json(&self.offset, out);
        out.extend_from_slice(b",\"limit\":");
        crate::runtime::WriteJson::write_json(&self.limit, out);
        out.push(b'}');
    }
}
impl serde::Serialize for CatalogProvidersRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `catalog.providers`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct CatalogProvidersResponse {
    /// Providers of the page.
    pub entries: Vec<ProviderEntry>,
    /// Offset of the next page; null at the end. (required, nullable)
    pub next_offset: Option<u32>,
}
impl CatalogProvidersResponse {
    /// From the required members (`entries`, `next_offset`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(entries: Vec<ProviderEntry>, next_offset: Option<u32>) -> Self {
        Self { entries, next_offset }
    }
}
impl CatalogProvidersResponse {
    /// No discovery happened. Always `"cache_only"` on the wire.
    pub const REFRESH: &'static str = "cache_only";
}
impl crate::runtime::Decode for CatalogProvidersResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = CatalogProvidersResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a CatalogProvidersResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_entries = None;
                let mut f_next_offset = None;
                let mut f_refresh = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "entries" => {
                            let v = cx
                                .in_member(
                                    "entries",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::limits::MAX_CATALOG_PAGE_ITEMS,
                                            max_is_limit: false,
                                            item: |cx| crate::runtime::Seed::<ProviderEntry>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_entries, "entries", v)?;
                        }
                        "next_offset" => {
                            let v = cx
                                .in_member(
                                    "next_offset",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::IntSeed::<u32>::new(0u64, 4294967295u64),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_next_offset,
                                "next_offset",
                                v,
                            )?;
                        }
                        "refresh" => {
                            let v = cx
                                .in_member(
                                    "refresh",
                                    map.next_value_seed(crate::runtime::ConstStr("cache_only")),
                                )?;
                            crate::runtime::put(cx, &mut f_refresh, "refresh", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_refresh, "refresh")?;
                Ok(CatalogProvidersResponse {
                    entries: crate::runtime::required(f_entries, "entries")?,
                    next_offset: crate::runtime::required(f_next_offset, "next_offset")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for CatalogProvidersResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"entries\":");
        crate::runtime::WriteJson::write_json(&self.entries, out);
        out.extend_from_slice(b",\"next_offset\":");
        crate::runtime::WriteJson::write_json(&self.next_offset, out);
        out.extend_from_slice(b",\"refresh\":\"cache_only\"}");
    }
}
impl serde::Serialize for CatalogProvidersResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `catalog.models`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct CatalogModelsRequest {
    /// Provider.
    pub provider_id: ProviderId,
    /// First entry of the page. (defaults to `0` when omitted)
    pub offset: u32,
    /// Page size. (defaults to `32` when omitted)
    pub limit: u32,
}
impl CatalogModelsRequest {
    /// From the required members (`provider_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(provider_id: impl Into<String>) -> Self {
        Self {
            provider_id: provider_id.into(),
            offset: 0,
            limit: 32,
        }
    }
    /// Sets `offset`: First entry of the page.
    #[must_use]
    pub fn with_offset(mut self, value: u32) -> Self {
        self.offset = value;
        self
    }
    /// Sets `limit`: Page size.
    #[must_use]
    pub fn with_limit(mut self, value: u32) -> Self {
        self.limit = value;
        self
    }
}
impl crate::runtime::Decode for CatalogModelsRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = CatalogModelsRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a CatalogModelsRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                let mut f_offset = None;
                let mut f_limit = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "offset" => {
                            let v = cx
                                .in_member(
                                    "offset",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u32,
                                            >::new(0u64, crate::constants::CATALOG_MAX_OFFSET),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_offset, "offset", v)?;
                        }
                        "limit" => {
                            let v = cx
                                .in_member(
                                    "limit",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u32,
                                            >::new(1u64, crate::limits::MAX_CATALOG_PAGE_ITEMS),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_limit, "limit", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(CatalogModelsRequest {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    offset: f_offset.unwrap_or_else(|| 0),
                    limit: f_limit.unwrap_or_else(|| 32),
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for CatalogModelsRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"offset\":");
        crate::runtime::WriteJson::write_json(&self.offset, out);
        out.extend_from_slice(b",\"limit\":");
        crate::runtime::WriteJson::write_json(&self.limit, out);
        out.push(b'}');
    }
}
impl serde::Serialize for CatalogModelsRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `catalog.models`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct CatalogModelsResponse {
    /// Models of the page.
    pub entries: Vec<ModelEntry>,
    /// Offset of the next page; null at the end. (required, nullable)
    pub next_offset: Option<u32>,
    /// State of the validated cache.
    pub state: CatalogState,
}
impl CatalogModelsResponse {
    /// From the required members (`entries`, `next_offset`, `state`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(
        entries: Vec<ModelEntry>,
        next_offset: Option<u32>,
        state: CatalogState,
    ) -> Self {
        Self {
            entries,
            next_offset,
            state,
        }
    }
}
impl CatalogModelsResponse {
    /// No discovery happened. Always `"cache_only"` on the wire.
    pub const REFRESH: &'static str = "cache_only";
}
impl crate::runtime::Decode for CatalogModelsResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = CatalogModelsResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a CatalogModelsResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_entries = None;
                let mut f_next_offset = None;
                let mut f_state = None;
                let mut f_refresh = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "entries" => {
                            let v = cx
                                .in_member(
                                    "entries",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::limits::MAX_CATALOG_PAGE_ITEMS,
                                            max_is_limit: false,
                                            item: |cx| crate::runtime::Seed::<ModelEntry>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_entries, "entries", v)?;
                        }
                        "next_offset" => {
                            let v = cx
                                .in_member(
                                    "next_offset",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::IntSeed::<u32>::new(0u64, 4294967295u64),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_next_offset,
                                "next_offset",
                                v,
                            )?;
                        }
                        "state" => {
                            let v = cx
                                .in_member(
                                    "state",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<CatalogState>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_state, "state", v)?;
                        }
                        "refresh" => {
                            let v = cx
                                .in_member(
                                    "refresh",
                                    map.next_value_seed(crate::runtime::ConstStr("cache_only")),
                                )?;
                            crate::runtime::put(cx, &mut f_refresh, "refresh", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_refresh, "refresh")?;
                Ok(CatalogModelsResponse {
                    entries: crate::runtime::required(f_entries, "entries")?,
                    next_offset: crate::runtime::required(f_next_offset, "next_offset")?,
                    state: crate::runtime::required(f_state, "state")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for CatalogModelsResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"entries\":");
        crate::runtime::WriteJson::write_json(&self.entries, out);
        out.extend_from_slice(b",\"next_offset\":");
        crate::runtime::WriteJson::write_json(&self.next_offset, out);
        out.extend_from_slice(b",\"state\":");
        crate::runtime::WriteJson::write_json(&self.state, out);
        out.extend_from_slice(b",\"refresh\":\"cache_only\"}");
    }
}
impl serde::Serialize for CatalogModelsResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `catalog.refresh`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct CatalogRefreshRequest {
    /// Provider.
    pub provider_id: ProviderId,
}
impl CatalogRefreshRequest {
    /// From the required members (`provider_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(provider_id: impl Into<String>) -> Self {
        Self {
            provider_id: provider_id.into(),
        }
    }
}
impl crate::runtime::Decode for CatalogRefreshRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = CatalogRefreshRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a CatalogRefreshRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(CatalogRefreshRequest {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for CatalogRefreshRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for CatalogRefreshRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `catalog.refresh`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct CatalogRefreshResponse {
    /// Provider.
    pub provider_id: ProviderId,
    /// Cache state after the refresh; not guaranteed fresh.
    pub state: CatalogState,
}
impl CatalogRefreshResponse {
    /// From the required members (`provider_id`, `state`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(provider_id: impl Into<String>, state: CatalogState) -> Self {
        Self {
            provider_id: provider_id.into(),
            state,
        }
    }
}
impl crate::runtime::Decode for CatalogRefreshResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = CatalogRefreshResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a CatalogRefreshResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_provider_id = None;
                let mut f_state = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "state" => {
                            let v = cx
                                .in_member(
                                    "state",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<CatalogState>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_state, "state", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(CatalogRefreshResponse {
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    state: crate::runtime::required(f_state, "state")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for CatalogRefreshResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"state\":");
        crate::runtime::WriteJson::write_json(&self.state, out);
        out.push(b'}');
    }
}
impl serde::Serialize for CatalogRefreshResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `config.get`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ConfigGetRequest {}
impl ConfigGetRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self {}
    }
}
impl crate::runtime::Decode for ConfigGetRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ConfigGetRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ConfigGetRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(ConfigGetRequest {})
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ConfigGetRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{}");
    }
}
impl serde::Serialize for ConfigGetRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `config.set`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ConfigSetRequest {
    /// Scope to write.
    pub scope: Scope,
    /// New selection; resets the saved reasoning to default unless thinking_level is also sent. (optional: `None` means
    /// omitted)
    pub selection: Option<Selection>,
    /// New reasoning choice for the effective selection. (optional: `None` means omitted)
    pub thinking_level: Option<ReasoningLevel>,
    /// Fast mode; global scope only. (optional: `None` means omitted)
    pub fast: Option<bool>,
}
impl ConfigSetRequest {
    /// From the required members (`scope`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(scope: Scope) -> Self {
        Self {
            scope,
            selection: None,
            thinking_level: None,
            fast: None,
        }
    }
    /// Sets `selection` (`None` omits it): New selection; resets the saved reasoning to default unless thinking_level
    /// is also sent.
    #[must_use]
    pub fn with_selection(
        mut self,
        value: impl crate::runtime::IntoOptional<Selection>,
    ) -> Self {
        self.selection = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `thinking_level` (`None` omits it): New reasoning choice for the effective selection.
    #[must_use]
    pub fn with_thinking_level(
        mut self,
        value: impl crate::runtime::IntoOptional<ReasoningLevel>,
    ) -> Self {
        self.thinking_level = crate::runtime::IntoOptional::into_optional(value);
        self
    }
    /// Sets `fast` (`None` omits it): Fast mode; global scope only.
    #[must_use]
    pub fn with_fast(mut self, value: impl crate::runtime::IntoOptional<bool>) -> Self {
        self.fast = crate::runtime::IntoOptional::into_optional(value);
        self
    }
}
impl crate::runtime::Decode for ConfigSetRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ConfigSetRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ConfigSetRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_scope = None;
                let mut f_selection = None;
                let mut f_thinking_level = None;
                let mut f_fast = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "scope" => {
                            let v = cx
                                .in_member(
                                    "scope",
                                    map.next_value_seed(crate::runtime::Seed::<Scope>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_scope, "scope", v)?;
                        }
                        "selection" => {
                            let v = cx
                                .in_member(
                                    "selection",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<Selection>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_selection, "selection", v)?;
                        }
                        "thinking_level" => {
                            let v = cx
                                .in_member(
                                    "thinking_level",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ReasoningLevel>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_thinking_level,
                                "thinking_level",
                                v,
                            )?;
                        }
                        "fast" => {
                            let v = cx
                                .in_member(
                                    "fast",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_fast, "fast", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                if f_selection.is_none() && f_thinking_level.is_none()
                    && f_fast.is_none()
                {
                    return Err(
                        serde::de::Error::custom(
                            "needs at least one of selection, thinking_level, fast",
                        ),
                    );
                }
                Ok(ConfigSetRequest {
                    scope: crate::runtime::required(f_scope, "scope")?,
                    selection: f_selection,
                    thinking_level: f_thinking_level,
                    fast: f_fast,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ConfigSetRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"scope\":");
        crate::runtime::WriteJson::write_json(&self.scope, out);
        if let Some(v) = &self.selection {
            out.extend_from_slice(b",\"selection\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.thinking_level {
            out.extend_from_slice(b",\"thinking_level\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        if let Some(v) = &self.fast {
            out.extend_from_slice(b",\"fast\":");
            crate::runtime::WriteJson::write_json(v, out);
        }
        out.push(b'}');
    }
}
impl serde::Serialize for ConfigSetRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `config.set`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ConfigSetResponse {
    /// Scope written.
    pub scope: Scope,
    /// Effective settings after the write; higher layers may mask it.
    pub effective: ConfigProjection,
}
impl ConfigSetResponse {
    /// From the required members (`scope`, `effective`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(scope: Scope, effective: ConfigProjection) -> Self {
        Self { scope, effective }
    }
}
impl ConfigSetResponse {
    /// The change was committed. Always `true` on the wire.
    pub const PERSISTED: bool = true;
}
impl crate::runtime::Decode for ConfigSetResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = ConfigSetResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ConfigSetResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_persisted = None;
                let mut f_scope = None;
                let mut f_effective = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "persisted" => {
                            let v = cx
                                .in_member(
                                    "persisted",
                                    map.next_value_seed(crate::runtime::ConstBool(true)),
                                )?;
                            crate::runtime::put(cx, &mut f_persisted, "persisted", v)?;
                        }
                        "scope" => {
                            let v = cx
                                .in_member(
                                    "scope",
                                    map.next_value_seed(crate::runtime::Seed::<Scope>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_scope, "scope", v)?;
                        }
                        "effective" => {
                            let v = cx
                                .in_member(
                                    "effective",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ConfigProjection>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_effective, "effective", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_persisted, "persisted")?;
                Ok(ConfigSetResponse {
                    scope: crate::runtime::required(f_scope, "scope")?,
                    effective: crate::runtime::required(f_effective, "effective")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for ConfigSetResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"persisted\":true,\"scope\":");
        crate::runtime::WriteJson::write_json(&self.scope, out);
        out.extend_from_slice(b",\"effective\":");
        crate::runtime::WriteJson::write_json(&self.effective, out);
        out.push(b'}');
    }
}
impl serde::Serialize for ConfigSetResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `session.list`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionListRequest {
    /// Continue after this examined ID; null starts at the beginning. Validated as a session ID (invalid_session_id).
    /// (defaults to `null` when omitted)
    pub after: Option<OpaqueId>,
    /// Page size. (defaults to `32` when omitted)
    pub limit: u32,
    /// List every session of the state root (each summary names its workspace); by default only the sessions created
    /// for the workspace this daemon serves. (defaults to `false` when omitted)
    pub all_workspaces: bool,
}
impl SessionListRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self {
            after: None,
            limit: 32,
            all_workspaces: false,
        }
    }
    /// Sets `after`: Continue after this examined ID; null starts at the beginning. Validated as a session ID
    /// (invalid_session_id).
    #[must_use]
    pub fn with_after(mut self, value: Option<OpaqueId>) -> Self {
        self.after = value;
        self
    }
    /// Sets `limit`: Page size.
    #[must_use]
    pub fn with_limit(mut self, value: u32) -> Self {
        self.limit = value;
        self
    }
    /// Sets `all_workspaces`: List every session of the state root (each summary names its workspace); by default only
    /// the sessions created for the workspace this daemon serves.
    #[must_use]
    pub fn with_all_workspaces(mut self, value: bool) -> Self {
        self.all_workspaces = value;
        self
    }
}
impl crate::runtime::Decode for SessionListRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionListRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionListRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_after = None;
                let mut f_limit = None;
                let mut f_all_workspaces = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "after" => {
                            let v = cx
                                .in_member(
                                    "after",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_after, "after", v)?;
                        }
                        "limit" => {
                            let v = cx
                                .in_member(
                                    "limit",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u32,
                                            >::new(1u64, crate::limits::MAX_SESSION_PAGE_ITEMS),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_limit, "limit", v)?;
                        }
                        "all_workspaces" => {
                            let v = cx
                                .in_member(
                                    "all_workspaces",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_all_workspaces,
                                "all_workspaces",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionListRequest {
                    after: f_after.flatten(),
                    limit: f_limit.unwrap_or_else(|| 32),
                    all_workspaces: f_all_workspaces.unwrap_or_else(|| false),
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionListRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"after\":");
        crate::runtime::WriteJson::write_json(&self.after, out);
        out.extend_from_slice(b",\"limit\":");
        crate::runtime::WriteJson::write_json(&self.limit, out);
        out.extend_from_slice(b",\"all_workspaces\":");
        crate::runtime::WriteJson::write_json(&self.all_workspaces, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionListRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `session.list`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionListResponse {
    /// Sessions of the page.
    pub sessions: Vec<SessionSummary>,
    /// Last examined ID, for the next request's after; null when none was examined. (required, nullable)
    pub next_after: Option<SessionId>,
    /// More candidates remain.
    pub truncated: bool,
    /// Some candidates could not be read or represented; not a continuation flag.
    pub incomplete: bool,
}
impl SessionListResponse {
    /// From the required members (`sessions`, `next_after`, `truncated`, `incomplete`); optional members are omitted,
    /// defaulted ones take their defaults.
    pub fn new(
        sessions: Vec<SessionSummary>,
        next_after: Option<SessionId>,
        truncated: bool,
        incomplete: bool,
    ) -> Self {
        Self {
            sessions,
            next_after,
            truncated,
            incomplete,
        }
    }
}
impl crate::runtime::Decode for SessionListResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionListResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionListResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_sessions = None;
                let mut f_next_after = None;
                let mut f_truncated = None;
                let mut f_incomplete = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "sessions" => {
                            let v = cx
                                .in_member(
                                    "sessions",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::limits::MAX_SESSION_PAGE_ITEMS,
                                            max_is_limit: false,
                                            item: |cx| crate::runtime::Seed::<SessionSummary>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_sessions, "sessions", v)?;
                        }
                        "next_after" => {
                            let v = cx
                                .in_member(
                                    "next_after",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<SessionId>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_next_after, "next_after", v)?;
                        }
                        "truncated" => {
                            let v = cx
                                .in_member(
                                    "truncated",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_truncated, "truncated", v)?;
                        }
                        "incomplete" => {
                            let v = cx
                                .in_member(
                                    "incomplete",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_incomplete, "incomplete", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionListResponse {
                    sessions: crate::runtime::required(f_sessions, "sessions")?,
                    next_after: crate::runtime::required(f_next_after, "next_after")?,
                    truncated: crate::runtime::required(f_truncated, "truncated")?,
                    incomplete: crate::runtime::required(f_incomplete, "incomplete")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionListResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"sessions\":");
        crate::runtime::WriteJson::write_json(&self.sessions, out);
        out.extend_from_slice(b",\"next_after\":");
        crate::runtime::WriteJson::write_json(&self.next_after, out);
        out.extend_from_slice(b",\"truncated\":");
        crate::runtime::WriteJson::write_json(&self.truncated, out);
        out.extend_from_slice(b",\"incomplete\":");
        crate::runtime::WriteJson::write_json(&self.incomplete, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionListResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `session.create`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionCreateRequest {}
impl SessionCreateRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self {}
    }
}
impl crate::runtime::Decode for SessionCreateRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionCreateRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionCreateRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionCreateRequest {})
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionCreateRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{}");
    }
}
impl serde::Serialize for SessionCreateRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `session.create`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionCreateResponse {
    /// The new session.
    pub session_id: SessionId,
}
impl SessionCreateResponse {
    /// From the required members (`session_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(session_id: SessionId) -> Self {
        Self { session_id }
    }
}
impl crate::runtime::Decode for SessionCreateResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionCreateResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionCreateResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_session_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<SessionId>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionCreateResponse {
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionCreateResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionCreateResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `session.replay`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionReplayRequest {
    /// Continue after this cursor; null replays from the window start. (defaults to `null` when omitted)
    pub after: Option<Cursor>,
    /// Most items in the page. (defaults to `32` when omitted)
    pub limit: u32,
}
impl SessionReplayRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self { after: None, limit: 32 }
    }
    /// Sets `after`: Continue after this cursor; null replays from the window start.
    #[must_use]
    pub fn with_after(mut self, value: Option<Cursor>) -> Self {
        self.after = value;
        self
    }
    /// Sets `limit`: Most items in the page.
    #[must_use]
    pub fn with_limit(mut self, value: u32) -> Self {
        self.limit = value;
        self
    }
}
impl crate::runtime::Decode for SessionReplayRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionReplayRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionReplayRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_after = None;
                let mut f_limit = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "after" => {
                            let v = cx
                                .in_member(
                                    "after",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::CURSOR,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_after, "after", v)?;
                        }
                        "limit" => {
                            let v = cx
                                .in_member(
                                    "limit",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u32,
                                            >::new(1u64, crate::limits::MAX_SESSION_PAGE_ITEMS),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_limit, "limit", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionReplayRequest {
                    after: f_after.flatten(),
                    limit: f_limit.unwrap_or_else(|| 32),
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionReplayRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"after\":");
        crate::runtime::WriteJson::write_json(&self.after, out);
        out.extend_from_slice(b",\"limit\":");
        crate::runtime::WriteJson::write_json(&self.limit, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionReplayRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `session.replay`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionReplayResponse {
    /// Projected items of the page.
    pub events: Vec<ReplayItem>,
    /// Position after this page; after a resync, the current start.
    pub next_cursor: Cursor,
    /// End observed by this request.
    pub snapshot_cursor: Cursor,
    /// More projected items remain in this snapshot.
    pub truncated: bool,
    /// Records were omitted: torn or malformed lines, or the bounded window.
    pub gap: bool,
    /// after does not match the current projection; the page is empty.
    pub resync_required: bool,
}
impl SessionReplayResponse {
    /// From the required members (`events`, `next_cursor`, `snapshot_cursor`, `truncated`, `gap`, `resync_required`);
    /// optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        events: Vec<ReplayItem>,
        next_cursor: impl Into<String>,
        snapshot_cursor: impl Into<String>,
        truncated: bool,
        gap: bool,
        resync_required: bool,
    ) -> Self {
        Self {
            events,
            next_cursor: next_cursor.into(),
            snapshot_cursor: snapshot_cursor.into(),
            truncated,
            gap,
            resync_required,
        }
    }
}
impl crate::runtime::Decode for SessionReplayResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionReplayResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionReplayResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_events = None;
                let mut f_next_cursor = None;
                let mut f_snapshot_cursor = None;
                let mut f_truncated = None;
                let mut f_gap = None;
                let mut f_resync_required = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "events" => {
                            let v = cx
                                .in_member(
                                    "events",
                                    map
                                        .next_value_seed(crate::runtime::ArraySeed {
                                            cx,
                                            min: 0u64,
                                            max: crate::limits::MAX_SESSION_PAGE_ITEMS,
                                            max_is_limit: false,
                                            item: |cx| crate::runtime::Seed::<ReplayItem>::new(cx),
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_events, "events", v)?;
                        }
                        "next_cursor" => {
                            let v = cx
                                .in_member(
                                    "next_cursor",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::CURSOR,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_next_cursor,
                                "next_cursor",
                                v,
                            )?;
                        }
                        "snapshot_cursor" => {
                            let v = cx
                                .in_member(
                                    "snapshot_cursor",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::CURSOR,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_snapshot_cursor,
                                "snapshot_cursor",
                                v,
                            )?;
                        }
                        "truncated" => {
                            let v = cx
                                .in_member(
                                    "truncated",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_truncated, "truncated", v)?;
                        }
                        "gap" => {
                            let v = cx
                                .in_member(
                                    "gap",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_gap, "gap", v)?;
                        }
                        "resync_required" => {
                            let v = cx
                                .in_member(
                                    "resync_required",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_resync_required,
                                "resync_required",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionReplayResponse {
                    events: crate::runtime::required(f_events, "events")?,
                    next_cursor: crate::runtime::required(f_next_cursor, "next_cursor")?,
                    snapshot_cursor: crate::runtime::required(
                        f_snapshot_cursor,
                        "snapshot_cursor",
                    )?,
                    truncated: crate::runtime::required(f_truncated, "truncated")?,
                    gap: crate::runtime::required(f_gap, "gap")?,
                    resync_required: crate::runtime::required(
                        f_resync_required,
                        "resync_required",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionReplayResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"events\":");
        crate::runtime::WriteJson::write_json(&self.events, out);
        out.extend_from_slice(b",\"next_cursor\":");
        crate::runtime::WriteJson::write_json(&self.next_cursor, out);
        out.extend_from_slice(b",\"snapshot_cursor\":");
        crate::runtime::WriteJson::write_json(&self.snapshot_cursor, out);
        out.extend_from_slice(b",\"truncated\":");
        crate::runtime::WriteJson::write_json(&self.truncated, out);
        out.extend_from_slice(b",\"gap\":");
        crate::runtime::WriteJson::write_json(&self.gap, out);
        out.extend_from_slice(b",\"resync_required\":");
        crate::runtime::WriteJson::write_json(&self.resync_required, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionReplayResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `session.claim`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionClaimRequest {
    /// Revoke another connection's grant instead of failing with session_busy. (defaults to `false` when omitted)
    pub take_over: bool,
}
impl SessionClaimRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self { take_over: false }
    }
    /// Sets `take_over`: Revoke another connection's grant instead of failing with session_busy.
    #[must_use]
    pub fn with_take_over(mut self, value: bool) -> Self {
        self.take_over = value;
        self
    }
}
impl crate::runtime::Decode for SessionClaimRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionClaimRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionClaimRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_take_over = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "take_over" => {
                            let v = cx
                                .in_member(
                                    "take_over",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_take_over, "take_over", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionClaimRequest {
                    take_over: f_take_over.unwrap_or_else(|| false),
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionClaimRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"take_over\":");
        crate::runtime::WriteJson::write_json(&self.take_over, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionClaimRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `session.claim`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionClaimResponse {
    /// Claimed session.
    pub session_id: SessionId,
    /// Claim; part of the control proof.
    pub claim_id: OpaqueId,
    /// Generation of this grant; increases on every grant of the session.
    pub grant_generation: u64,
    /// Session's live sequence after this transition.
    pub live_sequence: u64,
    /// Atomic snapshot at the grant.
    pub snapshot: ClaimSnapshot,
}
impl SessionClaimResponse {
    /// From the required members (`session_id`, `claim_id`, `grant_generation`, `live_sequence`, `snapshot`); optional
    /// members are omitted, defaulted ones take their defaults.
    pub fn new(
        session_id: SessionId,
        claim_id: impl Into<String>,
        grant_generation: u64,
        live_sequence: u64,
        snapshot: ClaimSnapshot,
    ) -> Self {
        Self {
            session_id,
            claim_id: claim_id.into(),
            grant_generation,
            live_sequence,
            snapshot,
        }
    }
}
impl crate::runtime::Decode for SessionClaimResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionClaimResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionClaimResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_session_id = None;
                let mut f_claim_id = None;
                let mut f_grant_generation = None;
                let mut f_live_sequence = None;
                let mut f_snapshot = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<SessionId>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "claim_id" => {
                            let v = cx
                                .in_member(
                                    "claim_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_claim_id, "claim_id", v)?;
                        }
                        "grant_generation" => {
                            let v = cx
                                .in_member(
                                    "grant_generation",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_grant_generation,
                                "grant_generation",
                                v,
                            )?;
                        }
                        "live_sequence" => {
                            let v = cx
                                .in_member(
                                    "live_sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_live_sequence,
                                "live_sequence",
                                v,
                            )?;
                        }
                        "snapshot" => {
                            let v = cx
                                .in_member(
                                    "snapshot",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<ClaimSnapshot>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_snapshot, "snapshot", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionClaimResponse {
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                    claim_id: crate::runtime::required(f_claim_id, "claim_id")?,
                    grant_generation: crate::runtime::required(
                        f_grant_generation,
                        "grant_generation",
                    )?,
                    live_sequence: crate::runtime::required(
                        f_live_sequence,
                        "live_sequence",
                    )?,
                    snapshot: crate::runtime::required(f_snapshot, "snapshot")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionClaimResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"claim_id\":");
        crate::runtime::WriteJson::write_json(&self.claim_id, out);
        out.extend_from_slice(b",\"grant_generation\":");
        crate::runtime::WriteJson::write_json(&self.grant_generation, out);
        out.extend_from_slice(b",\"live_sequence\":");
        crate::runtime::WriteJson::write_json(&self.live_sequence, out);
        out.extend_from_slice(b",\"snapshot\":");
        crate::runtime::WriteJson::write_json(&self.snapshot, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionClaimResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `session.detach`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionDetachRequest {}
impl SessionDetachRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self {}
    }
}
impl crate::runtime::Decode for SessionDetachRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionDetachRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionDetachRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionDetachRequest {})
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionDetachRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{}");
    }
}
impl serde::Serialize for SessionDetachRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `session.detach`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionDetachResponse {
    /// Detached session.
    pub session_id: SessionId,
    /// Session's live sequence after this transition.
    pub live_sequence: u64,
}
impl SessionDetachResponse {
    /// From the required members (`session_id`, `live_sequence`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(session_id: SessionId, live_sequence: u64) -> Self {
        Self { session_id, live_sequence }
    }
}
impl SessionDetachResponse {
    /// Control released. Always `"detached"` on the wire.
    pub const STATUS: &'static str = "detached";
}
impl crate::runtime::Decode for SessionDetachResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionDetachResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionDetachResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_session_id = None;
                let mut f_status = None;
                let mut f_live_sequence = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<SessionId>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map.next_value_seed(crate::runtime::ConstStr("detached")),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "live_sequence" => {
                            let v = cx
                                .in_member(
                                    "live_sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_live_sequence,
                                "live_sequence",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_status, "status")?;
                Ok(SessionDetachResponse {
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                    live_sequence: crate::runtime::required(
                        f_live_sequence,
                        "live_sequence",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionDetachResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"status\":\"detached\",\"live_sequence\":");
        crate::runtime::WriteJson::write_json(&self.live_sequence, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionDetachResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `session.status`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionStatusRequest {}
impl SessionStatusRequest {
    /// With every optional member omitted and every defaulted one at its default.
    pub fn new() -> Self {
        Self {}
    }
}
impl crate::runtime::Decode for SessionStatusRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionStatusRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionStatusRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionStatusRequest {})
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionStatusRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{}");
    }
}
impl serde::Serialize for SessionStatusRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `session.status`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SessionStatusResponse {
    /// Session.
    pub session_id: SessionId,
    /// Some connection holds control.
    pub controlled: bool,
    /// This connection holds control.
    pub controlled_by_caller: bool,
    /// Latest grant generation; 0 when never granted.
    pub grant_generation: u64,
    /// Session's live sequence.
    pub live_sequence: u64,
    /// Running turn; null when idle. (required, nullable)
    pub turn: Option<RunningTurn>,
}
impl SessionStatusResponse {
    /// From the required members (`session_id`, `controlled`, `controlled_by_caller`, `grant_generation`,
    /// `live_sequence`, `turn`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        session_id: SessionId,
        controlled: bool,
        controlled_by_caller: bool,
        grant_generation: u64,
        live_sequence: u64,
        turn: Option<RunningTurn>,
    ) -> Self {
        Self {
            session_id,
            controlled,
            controlled_by_caller,
            grant_generation,
            live_sequence,
            turn,
        }
    }
}
impl crate::runtime::Decode for SessionStatusResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = SessionStatusResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a SessionStatusResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_session_id = None;
                let mut f_controlled = None;
                let mut f_controlled_by_caller = None;
                let mut f_grant_generation = None;
                let mut f_live_sequence = None;
                let mut f_turn = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<SessionId>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "controlled" => {
                            let v = cx
                                .in_member(
                                    "controlled",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(cx, &mut f_controlled, "controlled", v)?;
                        }
                        "controlled_by_caller" => {
                            let v = cx
                                .in_member(
                                    "controlled_by_caller",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_controlled_by_caller,
                                "controlled_by_caller",
                                v,
                            )?;
                        }
                        "grant_generation" => {
                            let v = cx
                                .in_member(
                                    "grant_generation",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_grant_generation,
                                "grant_generation",
                                v,
                            )?;
                        }
                        "live_sequence" => {
                            let v = cx
                                .in_member(
                                    "live_sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_live_sequence,
                                "live_sequence",
                                v,
                            )?;
                        }
                        "turn" => {
                            let v = cx
                                .in_member(
                                    "turn",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<RunningTurn>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_turn, "turn", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(SessionStatusResponse {
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                    controlled: crate::runtime::required(f_controlled, "controlled")?,
                    controlled_by_caller: crate::runtime::required(
                        f_controlled_by_caller,
                        "controlled_by_caller",
                    )?,
                    grant_generation: crate::runtime::required(
                        f_grant_generation,
                        "grant_generation",
                    )?,
                    live_sequence: crate::runtime::required(
                        f_live_sequence,
                        "live_sequence",
                    )?,
                    turn: crate::runtime::required(f_turn, "turn")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for SessionStatusResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"controlled\":");
        crate::runtime::WriteJson::write_json(&self.controlled, out);
        out.extend_from_slice(b",\"controlled_by_caller\":");
        crate::runtime::WriteJson::write_json(&self.controlled_by_caller, out);
        out.extend_from_slice(b",\"grant_generation\":");
        crate::runtime::WriteJson::write_json(&self.grant_generation, out);
        out.extend_from_slice(b",\"live_sequence\":");
        crate::runtime::WriteJson::write_json(&self.live_sequence, out);
        out.extend_from_slice(b",\"turn\":");
        crate::runtime::WriteJson::write_json(&self.turn, out);
        out.push(b'}');
    }
}
impl serde::Serialize for SessionStatusResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `turn.start`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TurnStartRequest {
    /// User prompt; must contain a non-whitespace character.
    pub prompt: String,
}
impl TurnStartRequest {
    /// From the required members (`prompt`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(prompt: impl Into<String>) -> Self {
        Self { prompt: prompt.into() }
    }
}
impl crate::runtime::Decode for TurnStartRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = TurnStartRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a TurnStartRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_prompt = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "prompt" => {
                            let v = cx
                                .in_member(
                                    "prompt",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: crate::limits::MAX_STRING_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: true,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_prompt, "prompt", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(TurnStartRequest {
                    prompt: crate::runtime::required(f_prompt, "prompt")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for TurnStartRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"prompt\":");
        crate::runtime::WriteJson::write_json(&self.prompt, out);
        out.push(b'}');
    }
}
impl serde::Serialize for TurnStartRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `turn.start`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TurnStartResponse {
    /// The turn.
    pub turn_id: OpaqueId,
}
impl TurnStartResponse {
    /// From the required members (`turn_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(turn_id: impl Into<String>) -> Self {
        Self { turn_id: turn_id.into() }
    }
}
impl TurnStartResponse {
    /// Accepted; the terminal settles it. Always `"accepted"` on the wire.
    pub const STATUS: &'static str = "accepted";
}
impl crate::runtime::Decode for TurnStartResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = TurnStartResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a TurnStartResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_turn_id = None;
                let mut f_status = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map.next_value_seed(crate::runtime::ConstStr("accepted")),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_status, "status")?;
                Ok(TurnStartResponse {
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for TurnStartResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.extend_from_slice(b",\"status\":\"accepted\"}");
    }
}
impl serde::Serialize for TurnStartResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `turn.cancel`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TurnCancelRequest {
    /// Turn to stop.
    pub turn_id: OpaqueId,
}
impl TurnCancelRequest {
    /// From the required members (`turn_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(turn_id: impl Into<String>) -> Self {
        Self { turn_id: turn_id.into() }
    }
}
impl crate::runtime::Decode for TurnCancelRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = TurnCancelRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a TurnCancelRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_turn_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(TurnCancelRequest {
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for TurnCancelRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for TurnCancelRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `turn.cancel`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TurnCancelResponse {
    /// The turn.
    pub turn_id: OpaqueId,
    /// Its session.
    pub session_id: SessionId,
}
impl TurnCancelResponse {
    /// From the required members (`turn_id`, `session_id`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(turn_id: impl Into<String>, session_id: SessionId) -> Self {
        Self {
            turn_id: turn_id.into(),
            session_id,
        }
    }
}
impl TurnCancelResponse {
    /// Cancellation requested; not completion. Always `"cancellation_requested"` on the wire.
    pub const STATUS: &'static str = "cancellation_requested";
}
impl crate::runtime::Decode for TurnCancelResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = TurnCancelResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a TurnCancelResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_turn_id = None;
                let mut f_session_id = None;
                let mut f_status = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<SessionId>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map
                                        .next_value_seed(
                                            crate::runtime::ConstStr("cancellation_requested"),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_status, "status")?;
                Ok(TurnCancelResponse {
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for TurnCancelResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.extend_from_slice(b",\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"status\":\"cancellation_requested\"}");
    }
}
impl serde::Serialize for TurnCancelResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Request payload of `operation.lookup`.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct OperationLookupRequest {
    /// Operation to look up.
    pub operation_id: OpaqueId,
}
impl OperationLookupRequest {
    /// From the required members (`operation_id`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(operation_id: impl Into<String>) -> Self {
        Self {
            operation_id: operation_id.into(),
        }
    }
}
impl crate::runtime::Decode for OperationLookupRequest {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = OperationLookupRequest;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a OperationLookupRequest object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_operation_id = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "operation_id" => {
                            let v = cx
                                .in_member(
                                    "operation_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_operation_id,
                                "operation_id",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(OperationLookupRequest {
                    operation_id: crate::runtime::required(
                        f_operation_id,
                        "operation_id",
                    )?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for OperationLookupRequest {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"operation_id\":");
        crate::runtime::WriteJson::write_json(&self.operation_id, out);
        out.push(b'}');
    }
}
impl serde::Serialize for OperationLookupRequest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Success payload of `operation.lookup`.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct OperationLookupResponse {
    /// The operation.
    pub operation_id: OpaqueId,
    /// Its method; null when unknown. (required, nullable)
    pub method: Option<Name>,
    /// accepted, settled, expired or unknown.
    pub state: OperationState,
    /// Its session, if any. (required, nullable)
    pub session_id: Option<SessionId>,
    /// Turn it started, if any. (required, nullable)
    pub turn_id: Option<OpaqueId>,
    /// Login it started, if any. (required, nullable)
    pub login_id: Option<OpaqueId>,
    /// Null until settled (and after expiry). (required, nullable)
    pub outcome: Option<OperationOutcome>,
}
impl OperationLookupResponse {
    /// From the required members (`operation_id`, `method`, `state`, `session_id`, `turn_id`, `login_id`, `outcome`);
    /// optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        operation_id: impl Into<String>,
        method: Option<Name>,
        state: OperationState,
        session_id: Option<SessionId>,
        turn_id: Option<OpaqueId>,
        login_id: Option<OpaqueId>,
        outcome: Option<OperationOutcome>,
    ) -> Self {
        Self {
            operation_id: operation_id.into(),
            method,
            state,
            session_id,
            turn_id,
            login_id,
            outcome,
        }
    }
}
impl crate::runtime::Decode for OperationLookupResponse {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = OperationLookupResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a OperationLookupResponse object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_operation_id = None;
                let mut f_method = None;
                let mut f_state = None;
                let mut f_session_id = None;
                let mut f_turn_id = None;
                let mut f_login_id = None;
                let mut f_outcome = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "operation_id" => {
                            let v = cx
                                .in_member(
                                    "operation_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_operation_id,
                                "operation_id",
                                v,
                            )?;
                        }
                        "method" => {
                            let v = cx
                                .in_member(
                                    "method",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::NAME,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_method, "method", v)?;
                        }
                        "state" => {
                            let v = cx
                                .in_member(
                                    "state",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<OperationState>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_state, "state", v)?;
                        }
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<SessionId>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "outcome" => {
                            let v = cx
                                .in_member(
                                    "outcome",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<OperationOutcome>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_outcome, "outcome", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(OperationLookupResponse {
                    operation_id: crate::runtime::required(
                        f_operation_id,
                        "operation_id",
                    )?,
                    method: crate::runtime::required(f_method, "method")?,
                    state: crate::runtime::required(f_state, "state")?,
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                    outcome: crate::runtime::required(f_outcome, "outcome")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for OperationLookupResponse {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"operation_id\":");
        crate::runtime::WriteJson::write_json(&self.operation_id, out);
        out.extend_from_slice(b",\"method\":");
        crate::runtime::WriteJson::write_json(&self.method, out);
        out.extend_from_slice(b",\"state\":");
        crate::runtime::WriteJson::write_json(&self.state, out);
        out.extend_from_slice(b",\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.extend_from_slice(b",\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"outcome\":");
        crate::runtime::WriteJson::write_json(&self.outcome, out);
        out.push(b'}');
    }
}
impl serde::Serialize for OperationLookupResponse {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Payload of the `turn.started` event.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TurnStarted {
    /// The turn.
    pub turn_id: OpaqueId,
    /// Its session.
    pub session_id: SessionId,
}
impl TurnStarted {
    /// From the required members (`turn_id`, `session_id`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(turn_id: impl Into<String>, session_id: SessionId) -> Self {
        Self {
            turn_id: turn_id.into(),
            session_id,
        }
    }
}
impl TurnStarted {
    /// Started. Always `"started"` on the wire.
    pub const STATUS: &'static str = "started";
    /// Always zero. Always `0` on the wire.
    pub const SEQUENCE: u64 = 0u64;
}
impl crate::runtime::Decode for TurnStarted {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = TurnStarted;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a TurnStarted object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_turn_id = None;
                let mut f_session_id = None;
                let mut f_status = None;
                let mut f_sequence = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<SessionId>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map.next_value_seed(crate::runtime::ConstStr("started")),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "sequence" => {
                            let v = cx
                                .in_member(
                                    "sequence",
                                    map.next_value_seed(crate::runtime::ConstInt(0u64)),
                                )?;
                            crate::runtime::put(cx, &mut f_sequence, "sequence", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_status, "status")?;
                crate::runtime::required::<(), A::Error>(f_sequence, "sequence")?;
                Ok(TurnStarted {
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for TurnStarted {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.extend_from_slice(b",\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"status\":\"started\",\"sequence\":0}");
    }
}
impl serde::Serialize for TurnStarted {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Payload of the `turn.assistant_delta` event.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TurnAssistantDelta {
    /// The turn.
    pub turn_id: OpaqueId,
    /// Per-turn sequence.
    pub sequence: u64,
    /// Delta text; transient, not a durable replay notification.
    pub text: String,
}
impl TurnAssistantDelta {
    /// From the required members (`turn_id`, `sequence`, `text`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(
        turn_id: impl Into<String>,
        sequence: u64,
        text: impl Into<String>,
    ) -> Self {
        Self {
            turn_id: turn_id.into(),
            sequence,
            text: text.into(),
        }
    }
}
impl crate::runtime::Decode for TurnAssistantDelta {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = TurnAssistantDelta;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a TurnAssistantDelta object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_turn_id = None;
                let mut f_sequence = None;
                let mut f_text = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        "sequence" => {
                            let v = cx
                                .in_member(
                                    "sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_sequence, "sequence", v)?;
                        }
                        "text" => {
                            let v = cx
                                .in_member(
                                    "text",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 1u64,
                                                max_bytes: crate::limits::MAX_STRING_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_text, "text", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(TurnAssistantDelta {
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                    sequence: crate::runtime::required(f_sequence, "sequence")?,
                    text: crate::runtime::required(f_text, "text")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for TurnAssistantDelta {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.extend_from_slice(b",\"sequence\":");
        crate::runtime::WriteJson::write_json(&self.sequence, out);
        out.extend_from_slice(b",\"text\":");
        crate::runtime::WriteJson::write_json(&self.text, out);
        out.push(b'}');
    }
}
impl serde::Serialize for TurnAssistantDelta {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Payload of the `turn.activity` event.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TurnActivity {
    /// The turn.
    pub turn_id: OpaqueId,
    /// Per-turn sequence.
    pub sequence: u64,
    /// The projected activity.
    pub activity: Activity,
}
impl TurnActivity {
    /// From the required members (`turn_id`, `sequence`, `activity`); optional members are omitted, defaulted ones take
    /// their defaults.
    pub fn new(turn_id: impl Into<String>, sequence: u64, activity: Activity) -> Self {
        Self {
            turn_id: turn_id.into(),
            sequence,
            activity,
        }
    }
}
impl crate::runtime::Decode for TurnActivity {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = TurnActivity;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a TurnActivity object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_turn_id = None;
                let mut f_sequence = None;
                let mut f_activity = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        "sequence" => {
                            let v = cx
                                .in_member(
                                    "sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_sequence, "sequence", v)?;
                        }
                        "activity" => {
                            let v = cx
                                .in_member(
                                    "activity",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<Activity>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_activity, "activity", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                Ok(TurnActivity {
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                    sequence: crate::runtime::required(f_sequence, "sequence")?,
                    activity: crate::runtime::required(f_activity, "activity")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for TurnActivity {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.extend_from_slice(b",\"sequence\":");
        crate::runtime::WriteJson::write_json(&self.sequence, out);
        out.extend_from_slice(b",\"activity\":");
        crate::runtime::WriteJson::write_json(&self.activity, out);
        out.push(b'}');
    }
}
impl serde::Serialize for TurnActivity {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Payload of the `turn.terminal` event.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TurnTerminal {
    /// The turn.
    pub turn_id: OpaqueId,
    /// Its session.
    pub session_id: SessionId,
    /// completed, cancelled or failed.
    pub status: TurnStatus,
    /// Complete accepted assistant text; never truncated.
    pub assistant_text: String,
    /// Per-turn sequence of this terminal.
    pub sequence: u64,
    /// Activity events dropped on queue overflow.
    pub activity_dropped: u64,
    /// Refresh durable replay.
    pub replay_required: bool,
    /// Whether the durable write succeeded; failed forces failed status.
    pub persistence: Persistence,
    /// Error of a failed turn; null otherwise. (required, nullable)
    pub error: Option<ErrorObject>,
}
impl TurnTerminal {
    /// From the required members (`turn_id`, `session_id`, `status`, `assistant_text`, `sequence`, `activity_dropped`,
    /// `replay_required`, `persistence`, `error`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        turn_id: impl Into<String>,
        session_id: SessionId,
        status: TurnStatus,
        assistant_text: impl Into<String>,
        sequence: u64,
        activity_dropped: u64,
        replay_required: bool,
        persistence: Persistence,
        error: Option<ErrorObject>,
    ) -> Self {
        Self {
            turn_id: turn_id.into(),
            session_id,
            status,
            assistant_text: assistant_text.into(),
            sequence,
            activity_dropped,
            replay_required,
            persistence,
            error,
        }
    }
}
impl TurnTerminal {
    /// Activity is not replayed. Always `false` on the wire.
    pub const ACTIVITY_REPLAY_AVAILABLE: bool = false;
}
impl crate::runtime::Decode for TurnTerminal {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = TurnTerminal;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a TurnTerminal object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_turn_id = None;
                let mut f_session_id = None;
                let mut f_status = None;
                let mut f_assistant_text = None;
                let mut f_sequence = None;
                let mut f_activity_dropped = None;
                let mut f_activity_replay_available = None;
                let mut f_replay_required = None;
                let mut f_persistence = None;
                let mut f_error = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "turn_id" => {
                            let v = cx
                                .in_member(
                                    "turn_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_turn_id, "turn_id", v)?;
                        }
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(crate::runtime::Seed::<SessionId>::new(cx)),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "status" => {
                            let v = cx
                                .in_member(
                                    "status",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<TurnStatus>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_status, "status", v)?;
                        }
                        "assistant_text" => {
                            let v = cx
                                .in_member(
                                    "assistant_text",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::runtime::StrRules {
                                                min_bytes: 0u64,
                                                max_bytes: crate::limits::MAX_STRING_BYTES,
                                                charset: None,
                                                rfc3339: false,
                                                non_blank: false,
                                            },
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_assistant_text,
                                "assistant_text",
                                v,
                            )?;
                        }
                        "sequence" => {
                            let v = cx
                                .in_member(
                                    "sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_sequence, "sequence", v)?;
                        }
                        "activity_dropped" => {
                            let v = cx
                                .in_member(
                                    "activity_dropped",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<
                                                u64,
                                            >::new(0u64, 9007199254740991u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_activity_dropped,
                                "activity_dropped",
                                v,
                            )?;
                        }
                        "activity_replay_available" => {
                            let v = cx
                                .in_member(
                                    "activity_replay_available",
                                    map.next_value_seed(crate::runtime::ConstBool(false)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_activity_replay_available,
                                "activity_replay_available",
                                v,
                            )?;
                        }
                        "replay_required" => {
                            let v = cx
                                .in_member(
                                    "replay_required",
                                    map.next_value_seed(crate::runtime::BoolSeed),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_replay_required,
                                "replay_required",
                                v,
                            )?;
                        }
                        "persistence" => {
                            let v = cx
                                .in_member(
                                    "persistence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<Persistence>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_persistence,
                                "persistence",
                                v,
                            )?;
                        }
                        "error" => {
                            let v = cx
                                .in_member(
                                    "error",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<ErrorObject>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_error, "error", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_activity_replay_available, "activity_replay_available")?;
                Ok(TurnTerminal {
                    turn_id: crate::runtime::required(f_turn_id, "turn_id")?,
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                    status: crate::runtime::required(f_status, "status")?,
                    assistant_text: crate::runtime::required(
                        f_assistant_text,
                        "assistant_text",
                    )?,
                    sequence: crate::runtime::required(f_sequence, "sequence")?,
                    activity_dropped: crate::runtime::required(
                        f_activity_dropped,
                        "activity_dropped",
                    )?,
                    replay_required: crate::runtime::required(
                        f_replay_required,
                        "replay_required",
                    )?,
                    persistence: crate::runtime::required(f_persistence, "persistence")?,
                    error: crate::runtime::required(f_error, "error")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for TurnTerminal {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"turn_id\":");
        crate::runtime::WriteJson::write_json(&self.turn_id, out);
        out.extend_from_slice(b",\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"status\":");
        crate::runtime::WriteJson::write_json(&self.status, out);
        out.extend_from_slice(b",\"assistant_text\":");
        crate::runtime::WriteJson::write_json(&self.assistant_text, out);
        out.extend_from_slice(b",\"sequence\":");
        crate::runtime::WriteJson::write_json(&self.sequence, out);
        out.extend_from_slice(b",\"activity_dropped\":");
        crate::runtime::WriteJson::write_json(&self.activity_dropped, out);
        out.extend_from_slice(
            b",\"activity_replay_available\":false,\"replay_required\":",
        );
        crate::runtime::WriteJson::write_json(&self.replay_required, out);
        out.extend_from_slice(b",\"persistence\":");
        crate::runtime::WriteJson::write_json(&self.persistence, out);
        out.extend_from_slice(b",\"error\":");
        crate::runtime::WriteJson::write_json(&self.error, out);
        out.push(b'}');
    }
}
impl serde::Serialize for TurnTerminal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// Payload of the `auth.login.terminal` event.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AuthLoginTerminal {
    /// The login.
    pub login_id: OpaqueId,
    /// Provider.
    pub provider_id: ProviderId,
    /// Fixed terminal label.
    pub state: LoginTerminalState,
}
impl AuthLoginTerminal {
    /// From the required members (`login_id`, `provider_id`, `state`); optional members are omitted, defaulted ones
    /// take their defaults.
    pub fn new(
        login_id: impl Into<String>,
        provider_id: impl Into<String>,
        state: LoginTerminalState,
    ) -> Self {
        Self {
            login_id: login_id.into(),
            provider_id: provider_id.into(),
            state,
        }
    }
}
impl AuthLoginTerminal {
    /// Worker cleanup finished. Always `true` on the wire.
    pub const CLEANUP_COMPLETE: bool = true;
}
impl crate::runtime::Decode for AuthLoginTerminal {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a>(crate::runtime::Cx<'a>, std::marker::PhantomData<()>);
        impl<'de, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = AuthLoginTerminal;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a AuthLoginTerminal object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_login_id = None;
                let mut f_provider_id = None;
                let mut f_state = None;
                let mut f_cleanup_complete = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "login_id" => {
                            let v = cx
                                .in_member(
                                    "login_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_login_id, "login_id", v)?;
                        }
                        "provider_id" => {
                            let v = cx
                                .in_member(
                                    "provider_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::PROVIDER_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_provider_id,
                                "provider_id",
                                v,
                            )?;
                        }
                        "state" => {
                            let v = cx
                                .in_member(
                                    "state",
                                    map
                                        .next_value_seed(
                                            crate::runtime::Seed::<LoginTerminalState>::new(cx),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_state, "state", v)?;
                        }
                        "cleanup_complete" => {
                            let v = cx
                                .in_member(
                                    "cleanup_complete",
                                    map.next_value_seed(crate::runtime::ConstBool(true)),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_cleanup_complete,
                                "cleanup_complete",
                                v,
                            )?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<
                    (),
                    A::Error,
                >(f_cleanup_complete, "cleanup_complete")?;
                Ok(AuthLoginTerminal {
                    login_id: crate::runtime::required(f_login_id, "login_id")?,
                    provider_id: crate::runtime::required(f_provider_id, "provider_id")?,
                    state: crate::runtime::required(f_state, "state")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl crate::runtime::WriteJson for AuthLoginTerminal {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"login_id\":");
        crate::runtime::WriteJson::write_json(&self.login_id, out);
        out.extend_from_slice(b",\"provider_id\":");
        crate::runtime::WriteJson::write_json(&self.provider_id, out);
        out.extend_from_slice(b",\"state\":");
        crate::runtime::WriteJson::write_json(&self.state, out);
        out.extend_from_slice(b",\"cleanup_complete\":true}");
    }
}
impl serde::Serialize for AuthLoginTerminal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A client request; unknown fields are rejected.
///
/// Non-exhaustive: a new optional member is compatible in what the server decodes (requests)
/// (`OPTIONAL_REQUEST_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct RequestEnvelope<P> {
    /// Wire version; 2.
    pub protocol_version: u16,
    /// Client-chosen ID, unique among this connection's requests in flight.
    pub request_id: OpaqueId,
    /// Serving instance from initialize; null only on initialize. (required, nullable)
    pub instance_id: Option<OpaqueId>,
    /// Connection from initialize; null only on initialize. (required, nullable)
    pub connection_id: Option<OpaqueId>,
    /// Target session where the operation requires one; null otherwise. The server validates it as a session ID
    /// (invalid_session_id) before any path is resolved. (required, nullable)
    pub session_id: Option<OpaqueId>,
    /// Mutation intent ID; required for mutations, null for reads. (required, nullable)
    pub operation_id: Option<OpaqueId>,
    /// Session control proof where required; null otherwise. (required, nullable)
    pub control: Option<Control>,
    /// Operation name.
    pub method: Name,
    /// Method-specific payload.
    pub payload: P,
}
impl<P> RequestEnvelope<P> {
    /// From the required members (`protocol_version`, `request_id`, `instance_id`, `connection_id`, `session_id`,
    /// `operation_id`, `control`, `method`, `payload`); optional members are omitted, defaulted ones take their
    /// defaults.
    pub fn new(
        protocol_version: u16,
        request_id: impl Into<String>,
        instance_id: Option<OpaqueId>,
        connection_id: Option<OpaqueId>,
        session_id: Option<OpaqueId>,
        operation_id: Option<OpaqueId>,
        control: Option<Control>,
        method: impl Into<String>,
        payload: P,
    ) -> Self {
        Self {
            protocol_version,
            request_id: request_id.into(),
            instance_id,
            connection_id,
            session_id,
            operation_id,
            control,
            method: method.into(),
            payload,
        }
    }
}
impl<P> RequestEnvelope<P> {
    /// Record kind. Always `"request"` on the wire.
    pub const KIND: &'static str = "request";
}
impl<P: crate::runtime::PayloadDecode> crate::runtime::Decode for RequestEnvelope<P> {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a, P>(crate::runtime::Cx<'a>, std::marker::PhantomData<P>);
        impl<'de, 'a, P: crate::runtime::PayloadDecode> serde::de::Visitor<'de>
        for V<'a, P> {
            type Value = RequestEnvelope<P>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a RequestEnvelope object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_protocol_version = None;
                let mut f_kind = None;
                let mut f_request_id = None;
                let mut f_instance_id = None;
                let mut f_connection_id = None;
                let mut f_session_id = None;
                let mut f_operation_id = None;
                let mut f_control = None;
                let mut f_method = None;
                let mut f_payload = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "protocol_version" => {
                            let v = cx
                                .in_member(
                                    "protocol_version",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<u16>::new(0u64, 65535u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_protocol_version,
                                "protocol_version",
                                v,
                            )?;
                        }
                        "kind" => {
                            let v = cx
                                .in_member(
                                    "kind",
                                    map.next_value_seed(crate::runtime::ConstStr("request")),
                                )?;
                            crate::runtime::put(cx, &mut f_kind, "kind", v)?;
                        }
                        "request_id" => {
                            let v = cx
                                .in_member(
                                    "request_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_request_id, "request_id", v)?;
                        }
                        "instance_id" => {
                            let v = cx
                                .in_member(
                                    "instance_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_instance_id,
                                "instance_id",
                                v,
                            )?;
                        }
                        "connection_id" => {
                            let v = cx
                                .in_member(
                                    "connection_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_connection_id,
                                "connection_id",
                                v,
                            )?;
                        }
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "operation_id" => {
                            let v = cx
                                .in_member(
                                    "operation_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_operation_id,
                                "operation_id",
                                v,
                            )?;
                        }
                        "control" => {
                            let v = cx
                                .in_member(
                                    "control",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<Control>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_control, "control", v)?;
                        }
                        "method" => {
                            let v = cx
                                .in_member(
                                    "method",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::NAME,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_method, "method", v)?;
                        }
                        "payload" => {
                            let v = cx
                                .in_member(
                                    "payload",
                                    map
                                        .next_value_seed(
                                            crate::runtime::PayloadSeed::<
                                                P,
                                            >::new(cx, f_method.as_deref()),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_payload, "payload", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_kind, "kind")?;
                Ok(RequestEnvelope {
                    protocol_version: crate::runtime::required(
                        f_protocol_version,
                        "protocol_version",
                    )?,
                    request_id: crate::runtime::required(f_request_id, "request_id")?,
                    instance_id: crate::runtime::required(f_instance_id, "instance_id")?,
                    connection_id: crate::runtime::required(
                        f_connection_id,
                        "connection_id",
                    )?,
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                    operation_id: crate::runtime::required(
                        f_operation_id,
                        "operation_id",
                    )?,
                    control: crate::runtime::required(f_control, "control")?,
                    method: crate::runtime::required(f_method, "method")?,
                    payload: crate::runtime::required(f_payload, "payload")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl<P: crate::runtime::WriteJson> crate::runtime::WriteJson for RequestEnvelope<P> {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"protocol_version\":");
        crate::runtime::WriteJson::write_json(&self.protocol_version, out);
        out.extend_from_slice(b",\"kind\":\"request\",\"request_id\":");
        crate::runtime::WriteJson::write_json(&self.request_id, out);
        out.extend_from_slice(b",\"instance_id\":");
        crate::runtime::WriteJson::write_json(&self.instance_id, out);
        out.extend_from_slice(b",\"connection_id\":");
        crate::runtime::WriteJson::write_json(&self.connection_id, out);
        out.extend_from_slice(b",\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"operation_id\":");
        crate::runtime::WriteJson::write_json(&self.operation_id, out);
        out.extend_from_slice(b",\"control\":");
        crate::runtime::WriteJson::write_json(&self.control, out);
        out.extend_from_slice(b",\"method\":");
        crate::runtime::WriteJson::write_json(&self.method, out);
        out.extend_from_slice(b",\"payload\":");
        crate::runtime::WriteJson::write_json(&self.payload, out);
        out.push(b'}');
    }
}
impl<P: crate::runtime::WriteJson> serde::Serialize for RequestEnvelope<P> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
impl<P> RequestEnvelope<P> {
    /// The same envelope with its payload transformed (decoded, deferred or replaced).
    pub fn map_payload<Q>(self, f: impl FnOnce(P) -> Q) -> RequestEnvelope<Q> {
        RequestEnvelope {
            protocol_version: self.protocol_version,
            request_id: self.request_id,
            instance_id: self.instance_id,
            connection_id: self.connection_id,
            session_id: self.session_id,
            operation_id: self.operation_id,
            control: self.control,
            method: self.method,
            payload: f(self.payload),
        }
    }
}
impl RequestEnvelope<crate::runtime::Deferred> {
    /// Whether `value` is a valid value of the named envelope member, so identities can be
    /// recovered from a record that failed to decode as a whole.
    pub fn member_is_valid(member: &str, value: &serde_json::Value) -> bool {
        let flags = crate::runtime::Flags::default();
        let cx = crate::runtime::Cx::new(crate::runtime::Mode::Strict, &flags);
        match member {
            "protocol_version" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::IntSeed::<u16>::new(0u64, 65535u64),
                        value,
                    )
                    .is_ok()
            }
            "request_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        },
                        value,
                    )
                    .is_ok()
            }
            "instance_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "connection_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "session_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "operation_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "control" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(
                            crate::runtime::Seed::<Control>::new(cx),
                        ),
                        value,
                    )
                    .is_ok()
            }
            "method" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::NAME,
                        },
                        value,
                    )
                    .is_ok()
            }
            _ => false,
        }
    }
}
/// The one response to a request; exactly one of payload and error is non-null.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ResponseEnvelope<P> {
    /// Wire version; 2.
    pub protocol_version: u16,
    /// The request's ID; null when the record could not be decoded far enough. (required, nullable)
    pub request_id: Option<OpaqueId>,
    /// Serving instance; null before initialization. (required, nullable)
    pub instance_id: Option<OpaqueId>,
    /// Connection; null before initialization. (required, nullable)
    pub connection_id: Option<OpaqueId>,
    /// The request's session, if any. (required, nullable)
    pub session_id: Option<OpaqueId>,
    /// The request's operation ID, if any. (required, nullable)
    pub operation_id: Option<OpaqueId>,
    /// Success payload; null on error. (required, nullable)
    pub payload: Option<P>,
    /// Error; null on success. (required, nullable)
    pub error: Option<ErrorObject>,
}
impl<P> ResponseEnvelope<P> {
    /// From the required members (`protocol_version`, `request_id`, `instance_id`, `connection_id`, `session_id`,
    /// `operation_id`, `payload`, `error`); optional members are omitted, defaulted ones take their defaults.
    pub fn new(
        protocol_version: u16,
        request_id: Option<OpaqueId>,
        instance_id: Option<OpaqueId>,
        connection_id: Option<OpaqueId>,
        session_id: Option<OpaqueId>,
        operation_id: Option<OpaqueId>,
        payload: Option<P>,
        error: Option<ErrorObject>,
    ) -> Self {
        Self {
            protocol_version,
            request_id,
            instance_id,
            connection_id,
            session_id,
            operation_id,
            payload,
            error,
        }
    }
}
impl<P> ResponseEnvelope<P> {
    /// Record kind. Always `"response"` on the wire.
    pub const KIND: &'static str = "response";
}
impl<P: crate::runtime::PayloadDecode> crate::runtime::Decode for ResponseEnvelope<P> {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a, P>(crate::runtime::Cx<'a>, std::marker::PhantomData<P>);
        impl<'de, 'a, P: crate::runtime::PayloadDecode> serde::de::Visitor<'de>
        for V<'a, P> {
            type Value = ResponseEnvelope<P>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a ResponseEnvelope object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_protocol_version = None;
                let mut f_kind = None;
                let mut f_request_id = None;
                let mut f_instance_id = None;
                let mut f_connection_id = None;
                let mut f_session_id = None;
                let mut f_operation_id = None;
                let mut f_payload = None;
                let mut f_error = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "protocol_version" => {
                            let v = cx
                                .in_member(
                                    "protocol_version",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<u16>::new(0u64, 65535u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_protocol_version,
                                "protocol_version",
                                v,
                            )?;
                        }
                        "kind" => {
                            let v = cx
                                .in_member(
                                    "kind",
                                    map.next_value_seed(crate::runtime::ConstStr("response")),
                                )?;
                            crate::runtime::put(cx, &mut f_kind, "kind", v)?;
                        }
                        "request_id" => {
                            let v = cx
                                .in_member(
                                    "request_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_request_id, "request_id", v)?;
                        }
                        "instance_id" => {
                            let v = cx
                                .in_member(
                                    "instance_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_instance_id,
                                "instance_id",
                                v,
                            )?;
                        }
                        "connection_id" => {
                            let v = cx
                                .in_member(
                                    "connection_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_connection_id,
                                "connection_id",
                                v,
                            )?;
                        }
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "operation_id" => {
                            let v = cx
                                .in_member(
                                    "operation_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_operation_id,
                                "operation_id",
                                v,
                            )?;
                        }
                        "payload" => {
                            let v = cx
                                .in_member(
                                    "payload",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::PayloadSeed::<P>::new(cx, None),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_payload, "payload", v)?;
                        }
                        "error" => {
                            let v = cx
                                .in_member(
                                    "error",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<ErrorObject>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_error, "error", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_kind, "kind")?;
                Ok(ResponseEnvelope {
                    protocol_version: crate::runtime::required(
                        f_protocol_version,
                        "protocol_version",
                    )?,
                    request_id: crate::runtime::required(f_request_id, "request_id")?,
                    instance_id: crate::runtime::required(f_instance_id, "instance_id")?,
                    connection_id: crate::runtime::required(
                        f_connection_id,
                        "connection_id",
                    )?,
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                    operation_id: crate::runtime::required(
                        f_operation_id,
                        "operation_id",
                    )?,
                    payload: crate::runtime::required(f_payload, "payload")?,
                    error: crate::runtime::required(f_error, "error")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl<P: crate::runtime::WriteJson> crate::runtime::WriteJson for ResponseEnvelope<P> {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"protocol_version\":");
        crate::runtime::WriteJson::write_json(&self.protocol_version, out);
        out.extend_from_slice(b",\"kind\":\"response\",\"request_id\":");
        crate::runtime::WriteJson::write_json(&self.request_id, out);
        out.extend_from_slice(b",\"instance_id\":");
        crate::runtime::WriteJson::write_json(&self.instance_id, out);
        out.extend_from_slice(b",\"connection_id\":");
        crate::runtime::WriteJson::write_json(&self.connection_id, out);
        out.extend_from_slice(b",\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"operation_id\":");
        crate::runtime::WriteJson::write_json(&self.operation_id, out);
        out.extend_from_slice(b",\"payload\":");
        crate::runtime::WriteJson::write_json(&self.payload, out);
        out.extend_from_slice(b",\"error\":");
        crate::runtime::WriteJson::write_json(&self.error, out);
        out.push(b'}');
    }
}
impl<P: crate::runtime::WriteJson> serde::Serialize for ResponseEnvelope<P> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
impl<P> ResponseEnvelope<P> {
    /// The same envelope with its payload transformed (decoded, deferred or replaced).
    pub fn map_payload<Q>(self, f: impl FnOnce(P) -> Q) -> ResponseEnvelope<Q> {
        ResponseEnvelope {
            protocol_version: self.protocol_version,
            request_id: self.request_id,
            instance_id: self.instance_id,
            connection_id: self.connection_id,
            session_id: self.session_id,
            operation_id: self.operation_id,
            payload: self.payload.map(f),
            error: self.error,
        }
    }
}
impl ResponseEnvelope<crate::runtime::Deferred> {
    /// Whether `value` is a valid value of the named envelope member, so identities can be
    /// recovered from a record that failed to decode as a whole.
    pub fn member_is_valid(member: &str, value: &serde_json::Value) -> bool {
        let flags = crate::runtime::Flags::default();
        let cx = crate::runtime::Cx::new(crate::runtime::Mode::Strict, &flags);
        match member {
            "protocol_version" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::IntSeed::<u16>::new(0u64, 65535u64),
                        value,
                    )
                    .is_ok()
            }
            "request_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "instance_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "connection_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "session_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "operation_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "error" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(
                            crate::runtime::Seed::<ErrorObject>::new(cx),
                        ),
                        value,
                    )
                    .is_ok()
            }
            _ => false,
        }
    }
}
/// A server event; correlation rules come from the event's declaration.
///
/// Non-exhaustive: a new optional member is compatible in what consumers decode (responses, events)
/// (`OPTIONAL_OUTPUT_FIELD_ADDED`), so a later spec may add one without a new protocol version. Build it with
/// [`Self::new`] and the `with_*` setters; read its members directly.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct EventEnvelope<P> {
    /// Wire version; 2.
    pub protocol_version: u16,
    /// Event name.
    pub event: Name,
    /// Serving instance.
    pub instance_id: OpaqueId,
    /// Recipient connection.
    pub connection_id: OpaqueId,
    /// Session of the event, if any. (required, nullable)
    pub session_id: Option<SessionId>,
    /// Originating operation, if any. (required, nullable)
    pub operation_id: Option<OpaqueId>,
    /// Recipient's current grant generation, if session-scoped. (required, nullable)
    pub grant_generation: Option<u64>,
    /// Session's live sequence, if session-scoped. (required, nullable)
    pub live_sequence: Option<u64>,
    /// Event-specific payload.
    pub payload: P,
}
impl<P> EventEnvelope<P> {
    /// From the required members (`protocol_version`, `event`, `instance_id`, `connection_id`, `session_id`,
    /// `operation_id`, `grant_generation`, `live_sequence`, `payload`); optional members are omitted, defaulted ones
    /// take their defaults.
    pub fn new(
        protocol_version: u16,
        event: impl Into<String>,
        instance_id: impl Into<String>,
        connection_id: impl Into<String>,
        session_id: Option<SessionId>,
        operation_id: Option<OpaqueId>,
        grant_generation: Option<u64>,
        live_sequence: Option<u64>,
        payload: P,
    ) -> Self {
        Self {
            protocol_version,
            event: event.into(),
            instance_id: instance_id.into(),
            connection_id: connection_id.into(),
            session_id,
            operation_id,
            grant_generation,
            live_sequence,
            payload,
        }
    }
}
impl<P> EventEnvelope<P> {
    /// Record kind. Always `"event"` on the wire.
    pub const KIND: &'static str = "event";
}
impl<P: crate::runtime::PayloadDecode> crate::runtime::Decode for EventEnvelope<P> {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        struct V<'a, P>(crate::runtime::Cx<'a>, std::marker::PhantomData<P>);
        impl<'de, 'a, P: crate::runtime::PayloadDecode> serde::de::Visitor<'de>
        for V<'a, P> {
            type Value = EventEnvelope<P>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a EventEnvelope object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let cx = self.0.enter()?;
                let mut fields = 0u64;
                let mut f_protocol_version = None;
                let mut f_kind = None;
                let mut f_event = None;
                let mut f_instance_id = None;
                let mut f_connection_id = None;
                let mut f_session_id = None;
                let mut f_operation_id = None;
                let mut f_grant_generation = None;
                let mut f_live_sequence = None;
                let mut f_payload = None;
                while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                    cx.count_field(&mut fields)?;
                    match key.as_ref() {
                        "protocol_version" => {
                            let v = cx
                                .in_member(
                                    "protocol_version",
                                    map
                                        .next_value_seed(
                                            crate::runtime::IntSeed::<u16>::new(0u64, 65535u64),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_protocol_version,
                                "protocol_version",
                                v,
                            )?;
                        }
                        "kind" => {
                            let v = cx
                                .in_member(
                                    "kind",
                                    map.next_value_seed(crate::runtime::ConstStr("event")),
                                )?;
                            crate::runtime::put(cx, &mut f_kind, "kind", v)?;
                        }
                        "event" => {
                            let v = cx
                                .in_member(
                                    "event",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::NAME,
                                        }),
                                )?;
                            crate::runtime::put(cx, &mut f_event, "event", v)?;
                        }
                        "instance_id" => {
                            let v = cx
                                .in_member(
                                    "instance_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_instance_id,
                                "instance_id",
                                v,
                            )?;
                        }
                        "connection_id" => {
                            let v = cx
                                .in_member(
                                    "connection_id",
                                    map
                                        .next_value_seed(crate::runtime::StrSeed {
                                            cx,
                                            rules: &crate::rules::OPAQUE_ID,
                                        }),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_connection_id,
                                "connection_id",
                                v,
                            )?;
                        }
                        "session_id" => {
                            let v = cx
                                .in_member(
                                    "session_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::Seed::<SessionId>::new(cx),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_session_id, "session_id", v)?;
                        }
                        "operation_id" => {
                            let v = cx
                                .in_member(
                                    "operation_id",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(crate::runtime::StrSeed {
                                                cx,
                                                rules: &crate::rules::OPAQUE_ID,
                                            }),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_operation_id,
                                "operation_id",
                                v,
                            )?;
                        }
                        "grant_generation" => {
                            let v = cx
                                .in_member(
                                    "grant_generation",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::IntSeed::<
                                                    u64,
                                                >::new(0u64, 9007199254740991u64),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_grant_generation,
                                "grant_generation",
                                v,
                            )?;
                        }
                        "live_sequence" => {
                            let v = cx
                                .in_member(
                                    "live_sequence",
                                    map
                                        .next_value_seed(
                                            crate::runtime::NullableSeed(
                                                crate::runtime::IntSeed::<
                                                    u64,
                                                >::new(0u64, 9007199254740991u64),
                                            ),
                                        ),
                                )?;
                            crate::runtime::put(
                                cx,
                                &mut f_live_sequence,
                                "live_sequence",
                                v,
                            )?;
                        }
                        "payload" => {
                            let v = cx
                                .in_member(
                                    "payload",
                                    map
                                        .next_value_seed(
                                            crate::runtime::PayloadSeed::<
                                                P,
                                            >::new(cx, f_event.as_deref()),
                                        ),
                                )?;
                            crate::runtime::put(cx, &mut f_payload, "payload", v)?;
                        }
                        other => cx.unknown_member(&mut map, other)?,
                    }
                }
                crate::runtime::required::<(), A::Error>(f_kind, "kind")?;
                Ok(EventEnvelope {
                    protocol_version: crate::runtime::required(
                        f_protocol_version,
                        "protocol_version",
                    )?,
                    event: crate::runtime::required(f_event, "event")?,
                    instance_id: crate::runtime::required(f_instance_id, "instance_id")?,
                    connection_id: crate::runtime::required(
                        f_connection_id,
                        "connection_id",
                    )?,
                    session_id: crate::runtime::required(f_session_id, "session_id")?,
                    operation_id: crate::runtime::required(
                        f_operation_id,
                        "operation_id",
                    )?,
                    grant_generation: crate::runtime::required(
                        f_grant_generation,
                        "grant_generation",
                    )?,
                    live_sequence: crate::runtime::required(
                        f_live_sequence,
                        "live_sequence",
                    )?,
                    payload: crate::runtime::required(f_payload, "payload")?,
                })
            }
        }
        d.deserialize_map(V(cx, std::marker::PhantomData))
    }
}
impl<P: crate::runtime::WriteJson> crate::runtime::WriteJson for EventEnvelope<P> {
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"protocol_version\":");
        crate::runtime::WriteJson::write_json(&self.protocol_version, out);
        out.extend_from_slice(b",\"kind\":\"event\",\"event\":");
        crate::runtime::WriteJson::write_json(&self.event, out);
        out.extend_from_slice(b",\"instance_id\":");
        crate::runtime::WriteJson::write_json(&self.instance_id, out);
        out.extend_from_slice(b",\"connection_id\":");
        crate::runtime::WriteJson::write_json(&self.connection_id, out);
        out.extend_from_slice(b",\"session_id\":");
        crate::runtime::WriteJson::write_json(&self.session_id, out);
        out.extend_from_slice(b",\"operation_id\":");
        crate::runtime::WriteJson::write_json(&self.operation_id, out);
        out.extend_from_slice(b",\"grant_generation\":");
        crate::runtime::WriteJson::write_json(&self.grant_generation, out);
        out.extend_from_slice(b",\"live_sequence\":");
        crate::runtime::WriteJson::write_json(&self.live_sequence, out);
        out.extend_from_slice(b",\"payload\":");
        crate::runtime::WriteJson::write_json(&self.payload, out);
        out.push(b'}');
    }
}
impl<P: crate::runtime::WriteJson> serde::Serialize for EventEnvelope<P> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
impl<P> EventEnvelope<P> {
    /// The same envelope with its payload transformed (decoded, deferred or replaced).
    pub fn map_payload<Q>(self, f: impl FnOnce(P) -> Q) -> EventEnvelope<Q> {
        EventEnvelope {
            protocol_version: self.protocol_version,
            event: self.event,
            instance_id: self.instance_id,
            connection_id: self.connection_id,
            session_id: self.session_id,
            operation_id: self.operation_id,
            grant_generation: self.grant_generation,
            live_sequence: self.live_sequence,
            payload: f(self.payload),
        }
    }
}
impl EventEnvelope<crate::runtime::Deferred> {
    /// Whether `value` is a valid value of the named envelope member, so identities can be
    /// recovered from a record that failed to decode as a whole.
    pub fn member_is_valid(member: &str, value: &serde_json::Value) -> bool {
        let flags = crate::runtime::Flags::default();
        let cx = crate::runtime::Cx::new(crate::runtime::Mode::Strict, &flags);
        match member {
            "protocol_version" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::IntSeed::<u16>::new(0u64, 65535u64),
                        value,
                    )
                    .is_ok()
            }
            "event" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::NAME,
                        },
                        value,
                    )
                    .is_ok()
            }
            "instance_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        },
                        value,
                    )
                    .is_ok()
            }
            "connection_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        },
                        value,
                    )
                    .is_ok()
            }
            "session_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(
                            crate::runtime::Seed::<SessionId>::new(cx),
                        ),
                        value,
                    )
                    .is_ok()
            }
            "operation_id" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(crate::runtime::StrSeed {
                            cx,
                            rules: &crate::rules::OPAQUE_ID,
                        }),
                        value,
                    )
                    .is_ok()
            }
            "grant_generation" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(
                            crate::runtime::IntSeed::<
                                u64,
                            >::new(0u64, 9007199254740991u64),
                        ),
                        value,
                    )
                    .is_ok()
            }
            "live_sequence" => {
                serde::de::DeserializeSeed::deserialize(
                        crate::runtime::NullableSeed(
                            crate::runtime::IntSeed::<
                                u64,
                            >::new(0u64, 9007199254740991u64),
                        ),
                        value,
                    )
                    .is_ok()
            }
            _ => false,
        }
    }
}
/// Operations of the ordinary profile.
///
/// Non-exhaustive: a new value is compatible in what both the server and consumers decode (`OPERATION_ADDED`), so a
/// later spec may add one without a new protocol version. A `match` over it needs a `_` arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Method {
    /// `initialize`: Negotiate the wire version and required operations; returns identities and capabilities.
    Initialize,
    /// `status`: Service state and whether the selected provider can prepare authentication.
    Status,
    /// `capabilities`: The complete capability object that initialize returned.
    Capabilities,
    /// `auth.status`: Authentication readiness of every provider, read now without refresh or network.
    AuthStatus,
    /// `auth.login.start`: Start the one Codex OAuth login of the service; progress and terminal events follow.
    AuthLoginStart,
    /// `auth.login.callback`: Submit the final redirect URL or bare code by hand; never echoed, accepted once.
    AuthLoginCallback,
    /// `auth.login.cancel`: Request cancellation of an active login; the terminal event settles it.
    AuthLoginCancel,
    /// `auth.logout`: Remove one provider's local credential record; the environment is never changed.
    AuthLogout,
    /// `catalog.providers`: One cache-only page of providers, sorted by ID and deduplicated.
    CatalogProviders,
    /// `catalog.models`: One cache-only page of a provider's models, in cached order and deduplicated.
    CatalogModels,
    /// `catalog.refresh`: Run provider model discovery and write the cache; stale data may be kept on failure.
    CatalogRefresh,
    /// `config.get`: Bounded projection of the effective settings.
    ConfigGet,
    /// `config.set`: Persist a scoped change of selection, reasoning or fast mode through the locked atomic writer.
    ConfigSet,
    /// `session.list`: One page of sessions ordered by ID. Sessions live at the state root, shared by every workspace's
    /// daemon; by default a page lists only those created for this daemon's workspace (`all_workspaces` lists every
    /// one), and each summary names its workspace. Filtering happens after a page's candidates are examined, so a page
    /// may hold fewer than `limit` sessions while `truncated` says more candidates remain.
    SessionList,
    /// `session.create`: Create a session durably without claiming it.
    SessionCreate,
    /// `session.replay`: One bounded page of the allowlisted durable projection; read-only and lock-free.
    SessionReplay,
    /// `session.claim`: Take control of a session and receive an atomic snapshot.
    SessionClaim,
    /// `session.detach`: Release control of a session; a running turn goes on.
    SessionDetach,
    /// `session.status`: Control and running-turn state of a session.
    SessionStatus,
    /// `turn.start`: Start a turn on a claimed session; accepted precedes turn.started.
    TurnStart,
    /// `turn.cancel`: Request Stop of a running turn; the cancelled terminal settles it.
    TurnCancel,
    /// `operation.lookup`: State and outcome of an operation ID, for recovery after uncertain delivery.
    OperationLookup,
}
impl Method {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::Initialize,
        Self::Status,
        Self::Capabilities,
        Self::AuthStatus,
        Self::AuthLoginStart,
        Self::AuthLoginCallback,
        Self::AuthLoginCancel,
        Self::AuthLogout,
        Self::CatalogProviders,
        Self::CatalogModels,
        Self::CatalogRefresh,
        Self::ConfigGet,
        Self::ConfigSet,
        Self::SessionList,
        Self::SessionCreate,
        Self::SessionReplay,
        Self::SessionClaim,
        Self::SessionDetach,
        Self::SessionStatus,
        Self::TurnStart,
        Self::TurnCancel,
        Self::OperationLookup,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "initialize",
        "status",
        "capabilities",
        "auth.status",
        "auth.login.start",
        "auth.login.callback",
        "auth.login.cancel",
        "auth.logout",
        "catalog.providers",
        "catalog.models",
        "catalog.refresh",
        "config.get",
        "config.set",
        "session.list",
        "session.create",
        "session.replay",
        "session.claim",
        "session.detach",
        "session.status",
        "turn.start",
        "turn.cancel",
        "operation.lookup",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Initialize => "initialize",
            Self::Status => "status",
            Self::Capabilities => "capabilities",
            Self::AuthStatus => "auth.status",
            Self::AuthLoginStart => "auth.login.start",
            Self::AuthLoginCallback => "auth.login.callback",
            Self::AuthLoginCancel => "auth.login.cancel",
            Self::AuthLogout => "auth.logout",
            Self::CatalogProviders => "catalog.providers",
            Self::CatalogModels => "catalog.models",
            Self::CatalogRefresh => "catalog.refresh",
            Self::ConfigGet => "config.get",
            Self::ConfigSet => "config.set",
            Self::SessionList => "session.list",
            Self::SessionCreate => "session.create",
            Self::SessionReplay => "session.replay",
            Self::SessionClaim => "session.claim",
            Self::SessionDetach => "session.detach",
            Self::SessionStatus => "session.status",
            Self::TurnStart => "turn.start",
            Self::TurnCancel => "turn.cancel",
            Self::OperationLookup => "operation.lookup",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "initialize" => Some(Self::Initialize),
            "status" => Some(Self::Status),
            "capabilities" => Some(Self::Capabilities),
            "auth.status" => Some(Self::AuthStatus),
            "auth.login.start" => Some(Self::AuthLoginStart),
            "auth.login.callback" => Some(Self::AuthLoginCallback),
            "auth.login.cancel" => Some(Self::AuthLoginCancel),
            "auth.logout" => Some(Self::AuthLogout),
            "catalog.providers" => Some(Self::CatalogProviders),
            "catalog.models" => Some(Self::CatalogModels),
            "catalog.refresh" => Some(Self::CatalogRefresh),
            "config.get" => Some(Self::ConfigGet),
            "config.set" => Some(Self::ConfigSet),
            "session.list" => Some(Self::SessionList),
            "session.create" => Some(Self::SessionCreate),
            "session.replay" => Some(Self::SessionReplay),
            "session.claim" => Some(Self::SessionClaim),
            "session.detach" => Some(Self::SessionDetach),
            "session.status" => Some(Self::SessionStatus),
            "turn.start" => Some(Self::TurnStart),
            "turn.cancel" => Some(Self::TurnCancel),
            "operation.lookup" => Some(Self::OperationLookup),
            _ => None,
        }
    }
}
impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for Method {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a Method value",
            ))
    }
}
impl crate::runtime::WriteJson for Method {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
impl Method {
    /// Envelope rules: initialization, session_id, operation_id (mutations) and control.
    pub fn rules(self) -> crate::runtime::OperationRules {
        match self {
            Self::Initialize => {
                crate::runtime::OperationRules {
                    domain: "service",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: false,
                }
            }
            Self::Status => {
                crate::runtime::OperationRules {
                    domain: "service",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::Capabilities => {
                crate::runtime::OperationRules {
                    domain: "service",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::AuthStatus => {
                crate::runtime::OperationRules {
                    domain: "auth",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::AuthLoginStart => {
                crate::runtime::OperationRules {
                    domain: "auth",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::AuthLoginCallback => {
                crate::runtime::OperationRules {
                    domain: "auth",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::AuthLoginCancel => {
                crate::runtime::OperationRules {
                    domain: "auth",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::AuthLogout => {
                crate::runtime::OperationRules {
                    domain: "auth",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::CatalogProviders => {
                crate::runtime::OperationRules {
                    domain: "catalog",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::CatalogModels => {
                crate::runtime::OperationRules {
                    domain: "catalog",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::CatalogRefresh => {
                crate::runtime::OperationRules {
                    domain: "catalog",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::ConfigGet => {
                crate::runtime::OperationRules {
                    domain: "config",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::ConfigSet => {
                crate::runtime::OperationRules {
                    domain: "config",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::SessionList => {
                crate::runtime::OperationRules {
                    domain: "session",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::SessionCreate => {
                crate::runtime::OperationRules {
                    domain: "session",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::SessionReplay => {
                crate::runtime::OperationRules {
                    domain: "session",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Required,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::SessionClaim => {
                crate::runtime::OperationRules {
                    domain: "session",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Required,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::SessionDetach => {
                crate::runtime::OperationRules {
                    domain: "session",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Required,
                    control: crate::runtime::SlotRule::Required,
                    requires_initialization: true,
                }
            }
            Self::SessionStatus => {
                crate::runtime::OperationRules {
                    domain: "session",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Required,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
            Self::TurnStart => {
                crate::runtime::OperationRules {
                    domain: "turn",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Required,
                    control: crate::runtime::SlotRule::Required,
                    requires_initialization: true,
                }
            }
            Self::TurnCancel => {
                crate::runtime::OperationRules {
                    domain: "turn",
                    mutation: true,
                    session_id: crate::runtime::SlotRule::Required,
                    control: crate::runtime::SlotRule::Required,
                    requires_initialization: true,
                }
            }
            Self::OperationLookup => {
                crate::runtime::OperationRules {
                    domain: "operation",
                    mutation: false,
                    session_id: crate::runtime::SlotRule::Null,
                    control: crate::runtime::SlotRule::Null,
                    requires_initialization: true,
                }
            }
        }
    }
    /// Operation-specific error codes (the shared request errors come on top).
    pub fn errors(self) -> &'static [ErrorCode] {
        match self {
            Self::Initialize => {
                &[
                    ErrorCode::UnsupportedVersion,
                    ErrorCode::UnsupportedCapability,
                    ErrorCode::InvalidRequest,
                ]
            }
            Self::Status => &[],
            Self::Capabilities => &[],
            Self::AuthStatus => &[],
            Self::AuthLoginStart => {
                &[
                    ErrorCode::ProviderUnavailable,
                    ErrorCode::AuthBusy,
                    ErrorCode::OperationConflict,
                ]
            }
            Self::AuthLoginCallback => {
                &[
                    ErrorCode::UnknownLogin,
                    ErrorCode::AuthBusy,
                    ErrorCode::OperationConflict,
                ]
            }
            Self::AuthLoginCancel => {
                &[ErrorCode::UnknownLogin, ErrorCode::OperationConflict]
            }
            Self::AuthLogout => {
                &[
                    ErrorCode::ConfirmationRequired,
                    ErrorCode::ProviderUnavailable,
                    ErrorCode::InternalError,
                    ErrorCode::OperationConflict,
                ]
            }
            Self::CatalogProviders => {
                &[ErrorCode::ConfigurationBusy, ErrorCode::InternalError]
            }
            Self::CatalogModels => {
                &[
                    ErrorCode::InvalidSelection,
                    ErrorCode::ConfigurationBusy,
                    ErrorCode::InternalError,
                ]
            }
            Self::CatalogRefresh => {
                &[
                    ErrorCode::CatalogRefreshFailed,
                    ErrorCode::InvalidSelection,
                    ErrorCode::ConfigurationBusy,
                    ErrorCode::OperationConflict,
                ]
            }
            Self::ConfigGet => {
                &[ErrorCode::ConfigurationUnavailable, ErrorCode::ConfigurationBusy]
            }
            Self::ConfigSet => {
                &[
                    ErrorCode::InvalidScope,
                    ErrorCode::InvalidSelection,
                    ErrorCode::UnsupportedReasoning,
                    ErrorCode::CatalogUnavailable,
                    ErrorCode::CatalogStale,
                    ErrorCode::SettingsWriteFailed,
                    ErrorCode::ConfigurationUnavailable,
                    ErrorCode::ConfigurationBusy,
                    ErrorCode::OperationConflict,
                ]
            }
            Self::SessionList => {
                &[
                    ErrorCode::LimitExceeded,
                    ErrorCode::InvalidSessionId,
                    ErrorCode::InternalError,
                ]
            }
            Self::SessionCreate => {
                &[ErrorCode::InternalError, ErrorCode::OperationConflict]
            }
            Self::SessionReplay => {
                &[
                    ErrorCode::InvalidSessionId,
                    ErrorCode::SessionUnavailable,
                    ErrorCode::SessionBusy,
                ]
            }
            Self::SessionClaim => {
                &[
                    ErrorCode::InvalidSessionId,
                    ErrorCode::SessionUnavailable,
                    ErrorCode::SessionBusy,
                    ErrorCode::LimitExceeded,
                    ErrorCode::OperationConflict,
                ]
            }
            Self::SessionDetach => {
                &[
                    ErrorCode::InvalidSessionId,
                    ErrorCode::StaleGrant,
                    ErrorCode::ControlRequired,
                    ErrorCode::OperationConflict,
                ]
            }
            Self::SessionStatus => {
                &[ErrorCode::InvalidSessionId, ErrorCode::SessionUnavailable]
            }
            Self::TurnStart => {
                &[
                    ErrorCode::TooManyActiveTurns,
                    ErrorCode::SessionBusy,
                    ErrorCode::SessionUnavailable,
                    ErrorCode::StaleGrant,
                    ErrorCode::ControlRequired,
                    ErrorCode::ConfigurationUnavailable,
                    ErrorCode::OperationConflict,
                    ErrorCode::SessionWorkspaceMismatch,
                ]
            }
            Self::TurnCancel => {
                &[
                    ErrorCode::UnknownTurn,
                    ErrorCode::StaleGrant,
                    ErrorCode::ControlRequired,
                    ErrorCode::OperationConflict,
                ]
            }
            Self::OperationLookup => &[],
        }
    }
    /// Events the operation's accepted work may send.
    pub fn events(self) -> &'static [EventName] {
        match self {
            Self::Initialize => &[],
            Self::Status => &[],
            Self::Capabilities => &[],
            Self::AuthStatus => &[],
            Self::AuthLoginStart => {
                &[EventName::AuthLoginProgress, EventName::AuthLoginTerminal]
            }
            Self::AuthLoginCallback => &[],
            Self::AuthLoginCancel => &[],
            Self::AuthLogout => &[],
            Self::CatalogProviders => &[],
            Self::CatalogModels => &[],
            Self::CatalogRefresh => &[],
            Self::ConfigGet => &[],
            Self::ConfigSet => &[],
            Self::SessionList => &[],
            Self::SessionCreate => &[],
            Self::SessionReplay => &[],
            Self::SessionClaim => &[],
            Self::SessionDetach => &[],
            Self::SessionStatus => &[],
            Self::TurnStart => {
                &[
                    EventName::TurnStarted,
                    EventName::TurnAssistantDelta,
                    EventName::TurnActivity,
                    EventName::TurnTerminal,
                ]
            }
            Self::TurnCancel => &[],
            Self::OperationLookup => &[],
        }
    }
}
/// Events the service sends.
///
/// Non-exhaustive: a new value is compatible once consumers preflight it in what both the server and consumers decode
/// (`EVENT_ADDED`), so a later spec may add one without a new protocol version. A `match` over it needs a `_` arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum EventName {
    /// `turn.started`: The turn started; sent after the accepted response.
    TurnStarted,
    /// `turn.assistant_delta`: An accepted assistant text delta, in runtime sink order.
    TurnAssistantDelta,
    /// `turn.activity`: Best-effort structured activity of a turn; never replayed.
    TurnActivity,
    /// `turn.terminal`: The one terminal of a turn, after persistence and cleanup; its text replaces assembled text.
    TurnTerminal,
    /// `auth.login.progress`: Progress of a login, correlated to its start operation.
    AuthLoginProgress,
    /// `auth.login.terminal`: The one terminal of a login, after worker cleanup.
    AuthLoginTerminal,
}
impl EventName {
    /// Every value, in spec order.
    pub const ALL: &'static [Self] = &[
        Self::TurnStarted,
        Self::TurnAssistantDelta,
        Self::TurnActivity,
        Self::TurnTerminal,
        Self::AuthLoginProgress,
        Self::AuthLoginTerminal,
    ];
    /// Every wire spelling, in spec order.
    pub const NAMES: &'static [&'static str] = &[
        "turn.started",
        "turn.assistant_delta",
        "turn.activity",
        "turn.terminal",
        "auth.login.progress",
        "auth.login.terminal",
    ];
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::TurnStarted => "turn.started",
            Self::TurnAssistantDelta => "turn.assistant_delta",
            Self::TurnActivity => "turn.activity",
            Self::TurnTerminal => "turn.terminal",
            Self::AuthLoginProgress => "auth.login.progress",
            Self::AuthLoginTerminal => "auth.login.terminal",
        }
    }
    /// The value for a wire spelling; `None` for anything unknown.
    pub fn from_wire(s: &str) -> Option<Self> {
        match s {
            "turn.started" => Some(Self::TurnStarted),
            "turn.assistant_delta" => Some(Self::TurnAssistantDelta),
            "turn.activity" => Some(Self::TurnActivity),
            "turn.terminal" => Some(Self::TurnTerminal),
            "auth.login.progress" => Some(Self::AuthLoginProgress),
            "auth.login.terminal" => Some(Self::AuthLoginTerminal),
            _ => None,
        }
    }
}
impl std::fmt::Display for EventName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl crate::runtime::Decode for EventName {
    fn decode<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
    ) -> Result<Self, D::Error> {
        let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
        Self::from_wire(&s)
            .ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(
                serde::de::Unexpected::Str(&s),
                &"a EventName value",
            ))
    }
}
impl crate::runtime::WriteJson for EventName {
    fn write_json(&self, out: &mut Vec<u8>) {
        crate::runtime::write_str(out, self.as_str());
    }
}
impl EventName {
    /// Correlation (which envelope identities are set) and sequencing of the event.
    pub fn rules(self) -> crate::runtime::EventRules {
        match self {
            Self::TurnStarted => {
                crate::runtime::EventRules {
                    sequenced: true,
                    terminal: false,
                    session_id: true,
                    operation_id: true,
                    grant_generation: true,
                    live_sequence: true,
                }
            }
            Self::TurnAssistantDelta => {
                crate::runtime::EventRules {
                    sequenced: true,
                    terminal: false,
                    session_id: true,
                    operation_id: true,
                    grant_generation: true,
                    live_sequence: true,
                }
            }
            Self::TurnActivity => {
                crate::runtime::EventRules {
                    sequenced: true,
                    terminal: false,
                    session_id: true,
                    operation_id: true,
                    grant_generation: true,
                    live_sequence: true,
                }
            }
            Self::TurnTerminal => {
                crate::runtime::EventRules {
                    sequenced: true,
                    terminal: true,
                    session_id: true,
                    operation_id: true,
                    grant_generation: true,
                    live_sequence: true,
                }
            }
            Self::AuthLoginProgress => {
                crate::runtime::EventRules {
                    sequenced: false,
                    terminal: false,
                    session_id: false,
                    operation_id: true,
                    grant_generation: false,
                    live_sequence: false,
                }
            }
            Self::AuthLoginTerminal => {
                crate::runtime::EventRules {
                    sequenced: false,
                    terminal: true,
                    session_id: false,
                    operation_id: true,
                    grant_generation: false,
                    live_sequence: false,
                }
            }
        }
    }
}
/// A request payload, typed by its method.
///
/// Non-exhaustive: a new payload is compatible in what both the server and consumers decode (`OPERATION_ADDED`), so a
/// later spec may add one without a new protocol version. A `match` over it needs a `_` arm.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum RequestPayload {
    /// `initialize` payload: [`InitializeRequest`].
    Initialize(InitializeRequest),
    /// `status` payload: [`StatusRequest`].
    Status(StatusRequest),
    /// `capabilities` payload: [`CapabilitiesRequest`].
    Capabilities(CapabilitiesRequest),
    /// `auth.status` payload: [`AuthStatusRequest`].
    AuthStatus(AuthStatusRequest),
    /// `auth.login.start` payload: [`AuthLoginStartRequest`].
    AuthLoginStart(AuthLoginStartRequest),
    /// `auth.login.callback` payload: [`AuthLoginCallbackRequest`].
    AuthLoginCallback(AuthLoginCallbackRequest),
    /// `auth.login.cancel` payload: [`AuthLoginCancelRequest`].
    AuthLoginCancel(AuthLoginCancelRequest),
    /// `auth.logout` payload: [`AuthLogoutRequest`].
    AuthLogout(AuthLogoutRequest),
    /// `catalog.providers` payload: [`CatalogProvidersRequest`].
    CatalogProviders(CatalogProvidersRequest),
    /// `catalog.models` payload: [`CatalogModelsRequest`].
    CatalogModels(CatalogModelsRequest),
    /// `catalog.refresh` payload: [`CatalogRefreshRequest`].
    CatalogRefresh(CatalogRefreshRequest),
    /// `config.get` payload: [`ConfigGetRequest`].
    ConfigGet(ConfigGetRequest),
    /// `config.set` payload: [`ConfigSetRequest`].
    ConfigSet(ConfigSetRequest),
    /// `session.list` payload: [`SessionListRequest`].
    SessionList(SessionListRequest),
    /// `session.create` payload: [`SessionCreateRequest`].
    SessionCreate(SessionCreateRequest),
    /// `session.replay` payload: [`SessionReplayRequest`].
    SessionReplay(SessionReplayRequest),
    /// `session.claim` payload: [`SessionClaimRequest`].
    SessionClaim(SessionClaimRequest),
    /// `session.detach` payload: [`SessionDetachRequest`].
    SessionDetach(SessionDetachRequest),
    /// `session.status` payload: [`SessionStatusRequest`].
    SessionStatus(SessionStatusRequest),
    /// `turn.start` payload: [`TurnStartRequest`].
    TurnStart(TurnStartRequest),
    /// `turn.cancel` payload: [`TurnCancelRequest`].
    TurnCancel(TurnCancelRequest),
    /// `operation.lookup` payload: [`OperationLookupRequest`].
    OperationLookup(OperationLookupRequest),
}
impl RequestPayload {
    /// The name this payload belongs to.
    pub fn name(&self) -> Method {
        match self {
            Self::Initialize(_) => Method::Initialize,
            Self::Status(_) => Method::Status,
            Self::Capabilities(_) => Method::Capabilities,
            Self::AuthStatus(_) => Method::AuthStatus,
            Self::AuthLoginStart(_) => Method::AuthLoginStart,
            Self::AuthLoginCallback(_) => Method::AuthLoginCallback,
            Self::AuthLoginCancel(_) => Method::AuthLoginCancel,
            Self::AuthLogout(_) => Method::AuthLogout,
            Self::CatalogProviders(_) => Method::CatalogProviders,
            Self::CatalogModels(_) => Method::CatalogModels,
            Self::CatalogRefresh(_) => Method::CatalogRefresh,
            Self::ConfigGet(_) => Method::ConfigGet,
            Self::ConfigSet(_) => Method::ConfigSet,
            Self::SessionList(_) => Method::SessionList,
            Self::SessionCreate(_) => Method::SessionCreate,
            Self::SessionReplay(_) => Method::SessionReplay,
            Self::SessionClaim(_) => Method::SessionClaim,
            Self::SessionDetach(_) => Method::SessionDetach,
            Self::SessionStatus(_) => Method::SessionStatus,
            Self::TurnStart(_) => Method::TurnStart,
            Self::TurnCancel(_) => Method::TurnCancel,
            Self::OperationLookup(_) => Method::OperationLookup,
        }
    }
}
impl crate::runtime::PayloadDecode for RequestPayload {
    fn decode_payload<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
        tag: Option<&str>,
    ) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, Error};
        match tag.and_then(Method::from_wire) {
            Some(Method::Initialize) => {
                crate::runtime::Seed::<InitializeRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::Initialize)
            }
            Some(Method::Status) => {
                crate::runtime::Seed::<StatusRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::Status)
            }
            Some(Method::Capabilities) => {
                crate::runtime::Seed::<CapabilitiesRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::Capabilities)
            }
            Some(Method::AuthStatus) => {
                crate::runtime::Seed::<AuthStatusRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthStatus)
            }
            Some(Method::AuthLoginStart) => {
                crate::runtime::Seed::<AuthLoginStartRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLoginStart)
            }
            Some(Method::AuthLoginCallback) => {
                crate::runtime::Seed::<AuthLoginCallbackRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLoginCallback)
            }
            Some(Method::AuthLoginCancel) => {
                crate::runtime::Seed::<AuthLoginCancelRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLoginCancel)
            }
            Some(Method::AuthLogout) => {
                crate::runtime::Seed::<AuthLogoutRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLogout)
            }
            Some(Method::CatalogProviders) => {
                crate::runtime::Seed::<CatalogProvidersRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::CatalogProviders)
            }
            Some(Method::CatalogModels) => {
                crate::runtime::Seed::<CatalogModelsRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::CatalogModels)
            }
            Some(Method::CatalogRefresh) => {
                crate::runtime::Seed::<CatalogRefreshRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::CatalogRefresh)
            }
            Some(Method::ConfigGet) => {
                crate::runtime::Seed::<ConfigGetRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::ConfigGet)
            }
            Some(Method::ConfigSet) => {
                crate::runtime::Seed::<ConfigSetRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::ConfigSet)
            }
            Some(Method::SessionList) => {
                crate::runtime::Seed::<SessionListRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionList)
            }
            Some(Method::SessionCreate) => {
                crate::runtime::Seed::<SessionCreateRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionCreate)
            }
            Some(Method::SessionReplay) => {
                crate::runtime::Seed::<SessionReplayRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionReplay)
            }
            Some(Method::SessionClaim) => {
                crate::runtime::Seed::<SessionClaimRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionClaim)
            }
            Some(Method::SessionDetach) => {
                crate::runtime::Seed::<SessionDetachRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionDetach)
            }
            Some(Method::SessionStatus) => {
                crate::runtime::Seed::<SessionStatusRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionStatus)
            }
            Some(Method::TurnStart) => {
                crate::runtime::Seed::<TurnStartRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::TurnStart)
            }
            Some(Method::TurnCancel) => {
                crate::runtime::Seed::<TurnCancelRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::TurnCancel)
            }
            Some(Method::OperationLookup) => {
                crate::runtime::Seed::<OperationLookupRequest>::new(cx)
                    .deserialize(d)
                    .map(Self::OperationLookup)
            }
            None => Err(D::Error::custom("payload without a known name before it")),
        }
    }
}
impl crate::runtime::WriteJson for RequestPayload {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Self::Initialize(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Status(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Capabilities(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthStatus(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLoginStart(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLoginCallback(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLoginCancel(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLogout(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::CatalogProviders(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::CatalogModels(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::CatalogRefresh(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::ConfigGet(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::ConfigSet(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionList(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionCreate(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionReplay(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionClaim(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionDetach(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionStatus(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::TurnStart(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::TurnCancel(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::OperationLookup(v) => crate::runtime::WriteJson::write_json(v, out),
        }
    }
}
impl serde::Serialize for RequestPayload {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// A success payload, typed by the method of its request.
///
/// Non-exhaustive: a new payload is compatible in what both the server and consumers decode (`OPERATION_ADDED`), so a
/// later spec may add one without a new protocol version. A `match` over it needs a `_` arm.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ResponsePayload {
    /// `initialize` payload: [`InitializeResponse`].
    Initialize(Box<InitializeResponse>),
    /// `status` payload: [`StatusResponse`].
    Status(StatusResponse),
    /// `capabilities` payload: [`Capabilities`].
    Capabilities(Box<Capabilities>),
    /// `auth.status` payload: [`AuthStatusResponse`].
    AuthStatus(AuthStatusResponse),
    /// `auth.login.start` payload: [`AuthLoginStartResponse`].
    AuthLoginStart(AuthLoginStartResponse),
    /// `auth.login.callback` payload: [`AuthLoginCallbackResponse`].
    AuthLoginCallback(AuthLoginCallbackResponse),
    /// `auth.login.cancel` payload: [`AuthLoginCancelResponse`].
    AuthLoginCancel(AuthLoginCancelResponse),
    /// `auth.logout` payload: [`AuthLogoutResponse`].
    AuthLogout(AuthLogoutResponse),
    /// `catalog.providers` payload: [`CatalogProvidersResponse`].
    CatalogProviders(CatalogProvidersResponse),
    /// `catalog.models` payload: [`CatalogModelsResponse`].
    CatalogModels(CatalogModelsResponse),
    /// `catalog.refresh` payload: [`CatalogRefreshResponse`].
    CatalogRefresh(CatalogRefreshResponse),
    /// `config.get` payload: [`ConfigProjection`].
    ConfigGet(ConfigProjection),
    /// `config.set` payload: [`ConfigSetResponse`].
    ConfigSet(ConfigSetResponse),
    /// `session.list` payload: [`SessionListResponse`].
    SessionList(SessionListResponse),
    /// `session.create` payload: [`SessionCreateResponse`].
    SessionCreate(SessionCreateResponse),
    /// `session.replay` payload: [`SessionReplayResponse`].
    SessionReplay(SessionReplayResponse),
    /// `session.claim` payload: [`SessionClaimResponse`].
    SessionClaim(SessionClaimResponse),
    /// `session.detach` payload: [`SessionDetachResponse`].
    SessionDetach(SessionDetachResponse),
    /// `session.status` payload: [`SessionStatusResponse`].
    SessionStatus(SessionStatusResponse),
    /// `turn.start` payload: [`TurnStartResponse`].
    TurnStart(TurnStartResponse),
    /// `turn.cancel` payload: [`TurnCancelResponse`].
    TurnCancel(TurnCancelResponse),
    /// `operation.lookup` payload: [`OperationLookupResponse`].
    OperationLookup(OperationLookupResponse),
}
impl ResponsePayload {
    /// The name this payload belongs to.
    pub fn name(&self) -> Method {
        match self {
            Self::Initialize(_) => Method::Initialize,
            Self::Status(_) => Method::Status,
            Self::Capabilities(_) => Method::Capabilities,
            Self::AuthStatus(_) => Method::AuthStatus,
            Self::AuthLoginStart(_) => Method::AuthLoginStart,
            Self::AuthLoginCallback(_) => Method::AuthLoginCallback,
            Self::AuthLoginCancel(_) => Method::AuthLoginCancel,
            Self::AuthLogout(_) => Method::AuthLogout,
            Self::CatalogProviders(_) => Method::CatalogProviders,
            Self::CatalogModels(_) => Method::CatalogModels,
            Self::CatalogRefresh(_) => Method::CatalogRefresh,
            Self::ConfigGet(_) => Method::ConfigGet,
            Self::ConfigSet(_) => Method::ConfigSet,
            Self::SessionList(_) => Method::SessionList,
            Self::SessionCreate(_) => Method::SessionCreate,
            Self::SessionReplay(_) => Method::SessionReplay,
            Self::SessionClaim(_) => Method::SessionClaim,
            Self::SessionDetach(_) => Method::SessionDetach,
            Self::SessionStatus(_) => Method::SessionStatus,
            Self::TurnStart(_) => Method::TurnStart,
            Self::TurnCancel(_) => Method::TurnCancel,
            Self::OperationLookup(_) => Method::OperationLookup,
        }
    }
}
impl crate::runtime::PayloadDecode for ResponsePayload {
    fn decode_payload<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
        tag: Option<&str>,
    ) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, Error};
        match tag.and_then(Method::from_wire) {
            Some(Method::Initialize) => {
                crate::runtime::Seed::<InitializeResponse>::new(cx)
                    .deserialize(d)
                    .map(|p| Self::Initialize(Box::new(p)))
            }
            Some(Method::Status) => {
                crate::runtime::Seed::<StatusResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::Status)
            }
            Some(Method::Capabilities) => {
                crate::runtime::Seed::<Capabilities>::new(cx)
                    .deserialize(d)
                    .map(|p| Self::Capabilities(Box::new(p)))
            }
            Some(Method::AuthStatus) => {
                crate::runtime::Seed::<AuthStatusResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthStatus)
            }
            Some(Method::AuthLoginStart) => {
                crate::runtime::Seed::<AuthLoginStartResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLoginStart)
            }
            Some(Method::AuthLoginCallback) => {
                crate::runtime::Seed::<AuthLoginCallbackResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLoginCallback)
            }
            Some(Method::AuthLoginCancel) => {
                crate::runtime::Seed::<AuthLoginCancelResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLoginCancel)
            }
            Some(Method::AuthLogout) => {
                crate::runtime::Seed::<AuthLogoutResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLogout)
            }
            Some(Method::CatalogProviders) => {
                crate::runtime::Seed::<CatalogProvidersResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::CatalogProviders)
            }
            Some(Method::CatalogModels) => {
                crate::runtime::Seed::<CatalogModelsResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::CatalogModels)
            }
            Some(Method::CatalogRefresh) => {
                crate::runtime::Seed::<CatalogRefreshResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::CatalogRefresh)
            }
            Some(Method::ConfigGet) => {
                crate::runtime::Seed::<ConfigProjection>::new(cx)
                    .deserialize(d)
                    .map(Self::ConfigGet)
            }
            Some(Method::ConfigSet) => {
                crate::runtime::Seed::<ConfigSetResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::ConfigSet)
            }
            Some(Method::SessionList) => {
                crate::runtime::Seed::<SessionListResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionList)
            }
            Some(Method::SessionCreate) => {
                crate::runtime::Seed::<SessionCreateResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionCreate)
            }
            Some(Method::SessionReplay) => {
                crate::runtime::Seed::<SessionReplayResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionReplay)
            }
            Some(Method::SessionClaim) => {
                crate::runtime::Seed::<SessionClaimResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionClaim)
            }
            Some(Method::SessionDetach) => {
                crate::runtime::Seed::<SessionDetachResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionDetach)
            }
            Some(Method::SessionStatus) => {
                crate::runtime::Seed::<SessionStatusResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::SessionStatus)
            }
            Some(Method::TurnStart) => {
                crate::runtime::Seed::<TurnStartResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::TurnStart)
            }
            Some(Method::TurnCancel) => {
                crate::runtime::Seed::<TurnCancelResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::TurnCancel)
            }
            Some(Method::OperationLookup) => {
                crate::runtime::Seed::<OperationLookupResponse>::new(cx)
                    .deserialize(d)
                    .map(Self::OperationLookup)
            }
            None => Err(D::Error::custom("payload without a known name before it")),
        }
    }
}
impl crate::runtime::WriteJson for ResponsePayload {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Self::Initialize(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Status(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::Capabilities(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthStatus(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLoginStart(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLoginCallback(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLoginCancel(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLogout(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::CatalogProviders(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::CatalogModels(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::CatalogRefresh(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::ConfigGet(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::ConfigSet(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionList(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionCreate(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionReplay(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionClaim(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionDetach(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::SessionStatus(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::TurnStart(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::TurnCancel(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::OperationLookup(v) => crate::runtime::WriteJson::write_json(v, out),
        }
    }
}
impl serde::Serialize for ResponsePayload {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// An event payload, typed by its event name.
///
/// Non-exhaustive: a new payload is compatible once consumers preflight it in what both the server and consumers decode
/// (`EVENT_ADDED`), so a later spec may add one without a new protocol version. A `match` over it needs a `_` arm.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum EventPayload {
    /// `turn.started` payload: [`TurnStarted`].
    TurnStarted(TurnStarted),
    /// `turn.assistant_delta` payload: [`TurnAssistantDelta`].
    TurnAssistantDelta(TurnAssistantDelta),
    /// `turn.activity` payload: [`TurnActivity`].
    TurnActivity(TurnActivity),
    /// `turn.terminal` payload: [`TurnTerminal`].
    TurnTerminal(TurnTerminal),
    /// `auth.login.progress` payload: [`LoginProgress`].
    AuthLoginProgress(LoginProgress),
    /// `auth.login.terminal` payload: [`AuthLoginTerminal`].
    AuthLoginTerminal(AuthLoginTerminal),
}
impl EventPayload {
    /// The name this payload belongs to.
    pub fn name(&self) -> EventName {
        match self {
            Self::TurnStarted(_) => EventName::TurnStarted,
            Self::TurnAssistantDelta(_) => EventName::TurnAssistantDelta,
            Self::TurnActivity(_) => EventName::TurnActivity,
            Self::TurnTerminal(_) => EventName::TurnTerminal,
            Self::AuthLoginProgress(_) => EventName::AuthLoginProgress,
            Self::AuthLoginTerminal(_) => EventName::AuthLoginTerminal,
        }
    }
}
impl crate::runtime::PayloadDecode for EventPayload {
    fn decode_payload<'de, D: serde::Deserializer<'de>>(
        d: D,
        cx: crate::runtime::Cx<'_>,
        tag: Option<&str>,
    ) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, Error};
        match tag.and_then(EventName::from_wire) {
            Some(EventName::TurnStarted) => {
                crate::runtime::Seed::<TurnStarted>::new(cx)
                    .deserialize(d)
                    .map(Self::TurnStarted)
            }
            Some(EventName::TurnAssistantDelta) => {
                crate::runtime::Seed::<TurnAssistantDelta>::new(cx)
                    .deserialize(d)
                    .map(Self::TurnAssistantDelta)
            }
            Some(EventName::TurnActivity) => {
                crate::runtime::Seed::<TurnActivity>::new(cx)
                    .deserialize(d)
                    .map(Self::TurnActivity)
            }
            Some(EventName::TurnTerminal) => {
                crate::runtime::Seed::<TurnTerminal>::new(cx)
                    .deserialize(d)
                    .map(Self::TurnTerminal)
            }
            Some(EventName::AuthLoginProgress) => {
                crate::runtime::Seed::<LoginProgress>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLoginProgress)
            }
            Some(EventName::AuthLoginTerminal) => {
                crate::runtime::Seed::<AuthLoginTerminal>::new(cx)
                    .deserialize(d)
                    .map(Self::AuthLoginTerminal)
            }
            None => Err(D::Error::custom("payload without a known name before it")),
        }
    }
}
impl crate::runtime::WriteJson for EventPayload {
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Self::TurnStarted(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::TurnAssistantDelta(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::TurnActivity(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::TurnTerminal(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLoginProgress(v) => crate::runtime::WriteJson::write_json(v, out),
            Self::AuthLoginTerminal(v) => crate::runtime::WriteJson::write_json(v, out),
        }
    }
}
impl serde::Serialize for EventPayload {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::runtime::serialize_written(self, s)
    }
}
/// The wire version this crate speaks.
pub const PROTOCOL_VERSION: u16 = 2u16;
/// The capability advertisement of the ordinary profile, as JSON.
pub const CAPABILITIES_JSON: &str = "{\"activity\":{\"activity_replay\":false,\"approvals\":false,\"events\":true,\"max_summary_bytes\":2048,\"mcp_server_lifecycle\":false,\"mcp_tool_activity\":true,\"raw_tool_output\":false,\"steering\":false,\"subagents\":true},\"events\":[\"turn.started\",\"turn.assistant_delta\",\"turn.activity\",\"turn.terminal\",\"auth.login.progress\",\"auth.login.terminal\"],\"limits\":{\"cancel_grace_ms\":2000,\"framing_timeout_ms\":10000,\"handshake_timeout_ms\":5000,\"max_active_turns\":8,\"max_array_items\":64,\"max_catalog_page_items\":32,\"max_connections\":64,\"max_error_message_bytes\":512,\"max_id_bytes\":128,\"max_inflight_requests\":32,\"max_json_depth\":32,\"max_name_bytes\":64,\"max_negotiation_items\":8,\"max_object_fields\":64,\"max_payload_bytes\":32768,\"max_record_bytes\":65536,\"max_retained_operations\":4096,\"max_session_attachments\":16,\"max_session_list_scan_entries\":20000,\"max_session_page_items\":32,\"max_session_replay_page_bytes\":16384,\"max_session_replay_window_bytes\":2097152,\"max_snapshot_text_bytes\":16384,\"max_string_bytes\":16384,\"operation_retention_ms\":600000,\"operation_tombstone_ms\":3600000,\"turn_event_queue_items\":256},\"operations\":[\"initialize\",\"status\",\"capabilities\",\"auth.status\",\"auth.login.start\",\"auth.login.callback\",\"auth.login.cancel\",\"auth.logout\",\"catalog.providers\",\"catalog.models\",\"catalog.refresh\",\"config.get\",\"config.set\",\"session.list\",\"session.create\",\"session.replay\",\"session.claim\",\"session.detach\",\"session.status\",\"turn.start\",\"turn.cancel\",\"operation.lookup\"],\"protocol_versions\":[2],\"transports\":[\"unix\"]}";
/// One marker type per operation: see [`crate::typed::Operation`].
pub mod operation {
    /// `initialize`: Negotiate the wire version and required operations; returns identities and capabilities. Request
    /// [`InitializeRequest`], response [`InitializeResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct Initialize;
    impl crate::typed::Operation for Initialize {
        const METHOD: super::Method = super::Method::Initialize;
        const NAME: &'static str = "initialize";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = false;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::UnsupportedVersion,
            super::ErrorCode::UnsupportedCapability,
            super::ErrorCode::InvalidRequest,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::InitializeRequest;
        type Response = super::InitializeResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = ();
        fn into_payload(request: super::InitializeRequest) -> super::RequestPayload {
            (super::RequestPayload::Initialize)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::InitializeResponse, super::Method> {
            match response {
                super::ResponsePayload::Initialize(p) => Ok(*p),
                other => Err(other.name()),
            }
        }
    }
    /// `status`: Service state and whether the selected provider can prepare authentication. Request [`StatusRequest`],
    /// response [`StatusResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct Status;
    impl crate::typed::Operation for Status {
        const METHOD: super::Method = super::Method::Status;
        const NAME: &'static str = "status";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::StatusRequest;
        type Response = super::StatusResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = ();
        fn into_payload(request: super::StatusRequest) -> super::RequestPayload {
            (super::RequestPayload::Status)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::StatusResponse, super::Method> {
            match response {
                super::ResponsePayload::Status(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `capabilities`: The complete capability object that initialize returned. Request [`CapabilitiesRequest`],
    /// response [`Capabilities`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct Capabilities;
    impl crate::typed::Operation for Capabilities {
        const METHOD: super::Method = super::Method::Capabilities;
        const NAME: &'static str = "capabilities";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::CapabilitiesRequest;
        type Response = super::Capabilities;
        type Slots = crate::typed::Unscoped;
        type OperationId = ();
        fn into_payload(request: super::CapabilitiesRequest) -> super::RequestPayload {
            (super::RequestPayload::Capabilities)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::Capabilities, super::Method> {
            match response {
                super::ResponsePayload::Capabilities(p) => Ok(*p),
                other => Err(other.name()),
            }
        }
    }
    /// `auth.status`: Authentication readiness of every provider, read now without refresh or network. Request
    /// [`AuthStatusRequest`], response [`AuthStatusResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct AuthStatus;
    impl crate::typed::Operation for AuthStatus {
        const METHOD: super::Method = super::Method::AuthStatus;
        const NAME: &'static str = "auth.status";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::AuthStatusRequest;
        type Response = super::AuthStatusResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = ();
        fn into_payload(request: super::AuthStatusRequest) -> super::RequestPayload {
            (super::RequestPayload::AuthStatus)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::AuthStatusResponse, super::Method> {
            match response {
                super::ResponsePayload::AuthStatus(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `auth.login.start`: Start the one Codex OAuth login of the service; progress and terminal events follow. Request
    /// [`AuthLoginStartRequest`], response [`AuthLoginStartResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct AuthLoginStart;
    impl crate::typed::Operation for AuthLoginStart {
        const METHOD: super::Method = super::Method::AuthLoginStart;
        const NAME: &'static str = "auth.login.start";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::ProviderUnavailable,
            super::ErrorCode::AuthBusy,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[
            super::EventName::AuthLoginProgress,
            super::EventName::AuthLoginTerminal,
        ];
        type Request = super::AuthLoginStartRequest;
        type Response = super::AuthLoginStartResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = String;
        fn into_payload(request: super::AuthLoginStartRequest) -> super::RequestPayload {
            (super::RequestPayload::AuthLoginStart)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::AuthLoginStartResponse, super::Method> {
            match response {
                super::ResponsePayload::AuthLoginStart(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `auth.login.callback`: Submit the final redirect URL or bare code by hand; never echoed, accepted once. Request
    /// [`AuthLoginCallbackRequest`], response [`AuthLoginCallbackResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct AuthLoginCallback;
    impl crate::typed::Operation for AuthLoginCallback {
        const METHOD: super::Method = super::Method::AuthLoginCallback;
        const NAME: &'static str = "auth.login.callback";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::UnknownLogin,
            super::ErrorCode::AuthBusy,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::AuthLoginCallbackRequest;
        type Response = super::AuthLoginCallbackResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = String;
        fn into_payload(
            request: super::AuthLoginCallbackRequest,
        ) -> super::RequestPayload {
            (super::RequestPayload::AuthLoginCallback)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::AuthLoginCallbackResponse, super::Method> {
            match response {
                super::ResponsePayload::AuthLoginCallback(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `auth.login.cancel`: Request cancellation of an active login; the terminal event settles it. Request
    /// [`AuthLoginCancelRequest`], response [`AuthLoginCancelResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct AuthLoginCancel;
    impl crate::typed::Operation for AuthLoginCancel {
        const METHOD: super::Method = super::Method::AuthLoginCancel;
        const NAME: &'static str = "auth.login.cancel";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::UnknownLogin,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::AuthLoginCancelRequest;
        type Response = super::AuthLoginCancelResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = String;
        fn into_payload(
            request: super::AuthLoginCancelRequest,
        ) -> super::RequestPayload {
            (super::RequestPayload::AuthLoginCancel)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::AuthLoginCancelResponse, super::Method> {
            match response {
                super::ResponsePayload::AuthLoginCancel(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `auth.logout`: Remove one provider's local credential record; the environment is never changed. Request
    /// [`AuthLogoutRequest`], response [`AuthLogoutResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct AuthLogout;
    impl crate::typed::Operation for AuthLogout {
        const METHOD: super::Method = super::Method::AuthLogout;
        const NAME: &'static str = "auth.logout";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::ConfirmationRequired,
            super::ErrorCode::ProviderUnavailable,
            super::ErrorCode::InternalError,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::AuthLogoutRequest;
        type Response = super::AuthLogoutResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = String;
        fn into_payload(request: super::AuthLogoutRequest) -> super::RequestPayload {
            (super::RequestPayload::AuthLogout)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::AuthLogoutResponse, super::Method> {
            match response {
                super::ResponsePayload::AuthLogout(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `catalog.providers`: One cache-only page of providers, sorted by ID and deduplicated. Request
    /// [`CatalogProvidersRequest`], response [`CatalogProvidersResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct CatalogProviders;
    impl crate::typed::Operation for CatalogProviders {
        const METHOD: super::Method = super::Method::CatalogProviders;
        const NAME: &'static str = "catalog.providers";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::ConfigurationBusy,
            super::ErrorCode::InternalError,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::CatalogProvidersRequest;
        type Response = super::CatalogProvidersResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = ();
        fn into_payload(
            request: super::CatalogProvidersRequest,
        ) -> super::RequestPayload {
            (super::RequestPayload::CatalogProviders)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::CatalogProvidersResponse, super::Method> {
            match response {
                super::ResponsePayload::CatalogProviders(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `catalog.models`: One cache-only page of a provider's models, in cached order and deduplicated. Request
    /// [`CatalogModelsRequest`], response [`CatalogModelsResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct CatalogModels;
    impl crate::typed::Operation for CatalogModels {
        const METHOD: super::Method = super::Method::CatalogModels;
        const NAME: &'static str = "catalog.models";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::InvalidSelection,
            super::ErrorCode::ConfigurationBusy,
            super::ErrorCode::InternalError,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::CatalogModelsRequest;
        type Response = super::CatalogModelsResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = ();
        fn into_payload(request: super::CatalogModelsRequest) -> super::RequestPayload {
            (super::RequestPayload::CatalogModels)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::CatalogModelsResponse, super::Method> {
            match response {
                super::ResponsePayload::CatalogModels(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `catalog.refresh`: Run provider model discovery and write the cache; stale data may be kept on failure. Request
    /// [`CatalogRefreshRequest`], response [`CatalogRefreshResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct CatalogRefresh;
    impl crate::typed::Operation for CatalogRefresh {
        const METHOD: super::Method = super::Method::CatalogRefresh;
        const NAME: &'static str = "catalog.refresh";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::CatalogRefreshFailed,
            super::ErrorCode::InvalidSelection,
            super::ErrorCode::ConfigurationBusy,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::CatalogRefreshRequest;
        type Response = super::CatalogRefreshResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = String;
        fn into_payload(request: super::CatalogRefreshRequest) -> super::RequestPayload {
            (super::RequestPayload::CatalogRefresh)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::CatalogRefreshResponse, super::Method> {
            match response {
                super::ResponsePayload::CatalogRefresh(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `config.get`: Bounded projection of the effective settings. Request [`ConfigGetRequest`], response
    /// [`ConfigProjection`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct ConfigGet;
    impl crate::typed::Operation for ConfigGet {
        const METHOD: super::Method = super::Method::ConfigGet;
        const NAME: &'static str = "config.get";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::ConfigurationUnavailable,
            super::ErrorCode::ConfigurationBusy,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::ConfigGetRequest;
        type Response = super::ConfigProjection;
        type Slots = crate::typed::Unscoped;
        type OperationId = ();
        fn into_payload(request: super::ConfigGetRequest) -> super::RequestPayload {
            (super::RequestPayload::ConfigGet)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::ConfigProjection, super::Method> {
            match response {
                super::ResponsePayload::ConfigGet(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `config.set`: Persist a scoped change of selection, reasoning or fast mode through the locked atomic writer.
    /// Request [`ConfigSetRequest`], response [`ConfigSetResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct ConfigSet;
    impl crate::typed::Operation for ConfigSet {
        const METHOD: super::Method = super::Method::ConfigSet;
        const NAME: &'static str = "config.set";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::InvalidScope,
            super::ErrorCode::InvalidSelection,
            super::ErrorCode::UnsupportedReasoning,
            super::ErrorCode::CatalogUnavailable,
            super::ErrorCode::CatalogStale,
            super::ErrorCode::SettingsWriteFailed,
            super::ErrorCode::ConfigurationUnavailable,
            super::ErrorCode::ConfigurationBusy,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::ConfigSetRequest;
        type Response = super::ConfigSetResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = String;
        fn into_payload(request: super::ConfigSetRequest) -> super::RequestPayload {
            (super::RequestPayload::ConfigSet)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::ConfigSetResponse, super::Method> {
            match response {
                super::ResponsePayload::ConfigSet(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `session.list`: One page of sessions ordered by ID. Sessions live at the state root, shared by every workspace's
    /// daemon; by default a page lists only those created for this daemon's workspace (`all_workspaces` lists every
    /// one), and each summary names its workspace. Filtering happens after a page's candidates are examined, so a page
    /// may hold fewer than `limit` sessions while `truncated` says more candidates remain. Request
    /// [`SessionListRequest`], response [`SessionListResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct SessionList;
    impl crate::typed::Operation for SessionList {
        const METHOD: super::Method = super::Method::SessionList;
        const NAME: &'static str = "session.list";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::LimitExceeded,
            super::ErrorCode::InvalidSessionId,
            super::ErrorCode::InternalError,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::SessionListRequest;
        type Response = super::SessionListResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = ();
        fn into_payload(request: super::SessionListRequest) -> super::RequestPayload {
            (super::RequestPayload::SessionList)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::SessionListResponse, super::Method> {
            match response {
                super::ResponsePayload::SessionList(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `session.create`: Create a session durably without claiming it. Request [`SessionCreateRequest`], response
    /// [`SessionCreateResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct SessionCreate;
    impl crate::typed::Operation for SessionCreate {
        const METHOD: super::Method = super::Method::SessionCreate;
        const NAME: &'static str = "session.create";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::InternalError,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::SessionCreateRequest;
        type Response = super::SessionCreateResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = String;
        fn into_payload(request: super::SessionCreateRequest) -> super::RequestPayload {
            (super::RequestPayload::SessionCreate)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::SessionCreateResponse, super::Method> {
            match response {
                super::ResponsePayload::SessionCreate(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `session.replay`: One bounded page of the allowlisted durable projection; read-only and lock-free. Request
    /// [`SessionReplayRequest`], response [`SessionReplayResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct SessionReplay;
    impl crate::typed::Operation for SessionReplay {
        const METHOD: super::Method = super::Method::SessionReplay;
        const NAME: &'static str = "session.replay";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Required;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::InvalidSessionId,
            super::ErrorCode::SessionUnavailable,
            super::ErrorCode::SessionBusy,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::SessionReplayRequest;
        type Response = super::SessionReplayResponse;
        type Slots = crate::typed::InSession;
        type OperationId = ();
        fn into_payload(request: super::SessionReplayRequest) -> super::RequestPayload {
            (super::RequestPayload::SessionReplay)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::SessionReplayResponse, super::Method> {
            match response {
                super::ResponsePayload::SessionReplay(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `session.claim`: Take control of a session and receive an atomic snapshot. Request [`SessionClaimRequest`],
    /// response [`SessionClaimResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct SessionClaim;
    impl crate::typed::Operation for SessionClaim {
        const METHOD: super::Method = super::Method::SessionClaim;
        const NAME: &'static str = "session.claim";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Required;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::InvalidSessionId,
            super::ErrorCode::SessionUnavailable,
            super::ErrorCode::SessionBusy,
            super::ErrorCode::LimitExceeded,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::SessionClaimRequest;
        type Response = super::SessionClaimResponse;
        type Slots = crate::typed::InSession;
        type OperationId = String;
        fn into_payload(request: super::SessionClaimRequest) -> super::RequestPayload {
            (super::RequestPayload::SessionClaim)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::SessionClaimResponse, super::Method> {
            match response {
                super::ResponsePayload::SessionClaim(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `session.detach`: Release control of a session; a running turn goes on. Request [`SessionDetachRequest`],
    /// response [`SessionDetachResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct SessionDetach;
    impl crate::typed::Operation for SessionDetach {
        const METHOD: super::Method = super::Method::SessionDetach;
        const NAME: &'static str = "session.detach";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Required;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Required;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::InvalidSessionId,
            super::ErrorCode::StaleGrant,
            super::ErrorCode::ControlRequired,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::SessionDetachRequest;
        type Response = super::SessionDetachResponse;
        type Slots = crate::typed::UnderControl;
        type OperationId = String;
        fn into_payload(request: super::SessionDetachRequest) -> super::RequestPayload {
            (super::RequestPayload::SessionDetach)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::SessionDetachResponse, super::Method> {
            match response {
                super::ResponsePayload::SessionDetach(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `session.status`: Control and running-turn state of a session. Request [`SessionStatusRequest`], response
    /// [`SessionStatusResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct SessionStatus;
    impl crate::typed::Operation for SessionStatus {
        const METHOD: super::Method = super::Method::SessionStatus;
        const NAME: &'static str = "session.status";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Required;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::InvalidSessionId,
            super::ErrorCode::SessionUnavailable,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::SessionStatusRequest;
        type Response = super::SessionStatusResponse;
        type Slots = crate::typed::InSession;
        type OperationId = ();
        fn into_payload(request: super::SessionStatusRequest) -> super::RequestPayload {
            (super::RequestPayload::SessionStatus)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::SessionStatusResponse, super::Method> {
            match response {
                super::ResponsePayload::SessionStatus(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `turn.start`: Start a turn on a claimed session; accepted precedes turn.started. Request [`TurnStartRequest`],
    /// response [`TurnStartResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct TurnStart;
    impl crate::typed::Operation for TurnStart {
        const METHOD: super::Method = super::Method::TurnStart;
        const NAME: &'static str = "turn.start";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Required;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Required;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::TooManyActiveTurns,
            super::ErrorCode::SessionBusy,
            super::ErrorCode::SessionUnavailable,
            super::ErrorCode::StaleGrant,
            super::ErrorCode::ControlRequired,
            super::ErrorCode::ConfigurationUnavailable,
            super::ErrorCode::OperationConflict,
            super::ErrorCode::SessionWorkspaceMismatch,
        ];
        const EVENTS: &'static [super::EventName] = &[
            super::EventName::TurnStarted,
            super::EventName::TurnAssistantDelta,
            super::EventName::TurnActivity,
            super::EventName::TurnTerminal,
        ];
        type Request = super::TurnStartRequest;
        type Response = super::TurnStartResponse;
        type Slots = crate::typed::UnderControl;
        type OperationId = String;
        fn into_payload(request: super::TurnStartRequest) -> super::RequestPayload {
            (super::RequestPayload::TurnStart)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::TurnStartResponse, super::Method> {
            match response {
                super::ResponsePayload::TurnStart(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `turn.cancel`: Request Stop of a running turn; the cancelled terminal settles it. Request [`TurnCancelRequest`],
    /// response [`TurnCancelResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct TurnCancel;
    impl crate::typed::Operation for TurnCancel {
        const METHOD: super::Method = super::Method::TurnCancel;
        const NAME: &'static str = "turn.cancel";
        const MUTATION: bool = true;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Required;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Required;
        const ERRORS: &'static [super::ErrorCode] = &[
            super::ErrorCode::UnknownTurn,
            super::ErrorCode::StaleGrant,
            super::ErrorCode::ControlRequired,
            super::ErrorCode::OperationConflict,
        ];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::TurnCancelRequest;
        type Response = super::TurnCancelResponse;
        type Slots = crate::typed::UnderControl;
        type OperationId = String;
        fn into_payload(request: super::TurnCancelRequest) -> super::RequestPayload {
            (super::RequestPayload::TurnCancel)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::TurnCancelResponse, super::Method> {
            match response {
                super::ResponsePayload::TurnCancel(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
    /// `operation.lookup`: State and outcome of an operation ID, for recovery after uncertain delivery. Request
    /// [`OperationLookupRequest`], response [`OperationLookupResponse`].
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
    pub struct OperationLookup;
    impl crate::typed::Operation for OperationLookup {
        const METHOD: super::Method = super::Method::OperationLookup;
        const NAME: &'static str = "operation.lookup";
        const MUTATION: bool = false;
        const REQUIRES_INITIALIZATION: bool = true;
        const SESSION_ID: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const CONTROL: crate::runtime::SlotRule = crate::runtime::SlotRule::Null;
        const ERRORS: &'static [super::ErrorCode] = &[];
        const EVENTS: &'static [super::EventName] = &[];
        type Request = super::OperationLookupRequest;
        type Response = super::OperationLookupResponse;
        type Slots = crate::typed::Unscoped;
        type OperationId = ();
        fn into_payload(
            request: super::OperationLookupRequest,
        ) -> super::RequestPayload {
            (super::RequestPayload::OperationLookup)(request)
        }
        fn from_payload(
            response: super::ResponsePayload,
        ) -> Result<super::OperationLookupResponse, super::Method> {
            match response {
                super::ResponsePayload::OperationLookup(p) => Ok(p),
                other => Err(other.name()),
            }
        }
    }
}
/// A received request's slots and payload, typed by its method: what its handler gets.
pub enum Call {
    /// `initialize`.
    Initialize(crate::typed::Parts<operation::Initialize>),
    /// `status`.
    Status(crate::typed::Parts<operation::Status>),
    /// `capabilities`.
    Capabilities(crate::typed::Parts<operation::Capabilities>),
    /// `auth.status`.
    AuthStatus(crate::typed::Parts<operation::AuthStatus>),
    /// `auth.login.start`.
    AuthLoginStart(crate::typed::Parts<operation::AuthLoginStart>),
    /// `auth.login.callback`.
    AuthLoginCallback(crate::typed::Parts<operation::AuthLoginCallback>),
    /// `auth.login.cancel`.
    AuthLoginCancel(crate::typed::Parts<operation::AuthLoginCancel>),
    /// `auth.logout`.
    AuthLogout(crate::typed::Parts<operation::AuthLogout>),
    /// `catalog.providers`.
    CatalogProviders(crate::typed::Parts<operation::CatalogProviders>),
    /// `catalog.models`.
    CatalogModels(crate::typed::Parts<operation::CatalogModels>),
    /// `catalog.refresh`.
    CatalogRefresh(crate::typed::Parts<operation::CatalogRefresh>),
    /// `config.get`.
    ConfigGet(crate::typed::Parts<operation::ConfigGet>),
    /// `config.set`.
    ConfigSet(crate::typed::Parts<operation::ConfigSet>),
    /// `session.list`.
    SessionList(crate::typed::Parts<operation::SessionList>),
    /// `session.create`.
    SessionCreate(crate::typed::Parts<operation::SessionCreate>),
    /// `session.replay`.
    SessionReplay(crate::typed::Parts<operation::SessionReplay>),
    /// `session.claim`.
    SessionClaim(crate::typed::Parts<operation::SessionClaim>),
    /// `session.detach`.
    SessionDetach(crate::typed::Parts<operation::SessionDetach>),
    /// `session.status`.
    SessionStatus(crate::typed::Parts<operation::SessionStatus>),
    /// `turn.start`.
    TurnStart(crate::typed::Parts<operation::TurnStart>),
    /// `turn.cancel`.
    TurnCancel(crate::typed::Parts<operation::TurnCancel>),
    /// `operation.lookup`.
    OperationLookup(crate::typed::Parts<operation::OperationLookup>),
}
impl Call {
    /// The method of the call.
    pub fn method(&self) -> Method {
        match self {
            Self::Initialize(_) => Method::Initialize,
            Self::Status(_) => Method::Status,
            Self::Capabilities(_) => Method::Capabilities,
            Self::AuthStatus(_) => Method::AuthStatus,
            Self::AuthLoginStart(_) => Method::AuthLoginStart,
            Self::AuthLoginCallback(_) => Method::AuthLoginCallback,
            Self::AuthLoginCancel(_) => Method::AuthLoginCancel,
            Self::AuthLogout(_) => Method::AuthLogout,
            Self::CatalogProviders(_) => Method::CatalogProviders,
            Self::CatalogModels(_) => Method::CatalogModels,
            Self::CatalogRefresh(_) => Method::CatalogRefresh,
            Self::ConfigGet(_) => Method::ConfigGet,
            Self::ConfigSet(_) => Method::ConfigSet,
            Self::SessionList(_) => Method::SessionList,
            Self::SessionCreate(_) => Method::SessionCreate,
            Self::SessionReplay(_) => Method::SessionReplay,
            Self::SessionClaim(_) => Method::SessionClaim,
            Self::SessionDetach(_) => Method::SessionDetach,
            Self::SessionStatus(_) => Method::SessionStatus,
            Self::TurnStart(_) => Method::TurnStart,
            Self::TurnCancel(_) => Method::TurnCancel,
            Self::OperationLookup(_) => Method::OperationLookup,
        }
    }
    /// The `session_id` slot.
    pub fn session_id(&self) -> Option<&SessionId> {
        use crate::typed::Slots;
        match self {
            Self::Initialize(p) => p.slots.session_id(),
            Self::Status(p) => p.slots.session_id(),
            Self::Capabilities(p) => p.slots.session_id(),
            Self::AuthStatus(p) => p.slots.session_id(),
            Self::AuthLoginStart(p) => p.slots.session_id(),
            Self::AuthLoginCallback(p) => p.slots.session_id(),
            Self::AuthLoginCancel(p) => p.slots.session_id(),
            Self::AuthLogout(p) => p.slots.session_id(),
            Self::CatalogProviders(p) => p.slots.session_id(),
            Self::CatalogModels(p) => p.slots.session_id(),
            Self::CatalogRefresh(p) => p.slots.session_id(),
            Self::ConfigGet(p) => p.slots.session_id(),
            Self::ConfigSet(p) => p.slots.session_id(),
            Self::SessionList(p) => p.slots.session_id(),
            Self::SessionCreate(p) => p.slots.session_id(),
            Self::SessionReplay(p) => p.slots.session_id(),
            Self::SessionClaim(p) => p.slots.session_id(),
            Self::SessionDetach(p) => p.slots.session_id(),
            Self::SessionStatus(p) => p.slots.session_id(),
            Self::TurnStart(p) => p.slots.session_id(),
            Self::TurnCancel(p) => p.slots.session_id(),
            Self::OperationLookup(p) => p.slots.session_id(),
        }
    }
    /// The `operation_id` slot, set for mutations.
    pub fn operation_id(&self) -> Option<&str> {
        use crate::typed::OperationSlot;
        match self {
            Self::Initialize(p) => p.operation_id.get(),
            Self::Status(p) => p.operation_id.get(),
            Self::Capabilities(p) => p.operation_id.get(),
            Self::AuthStatus(p) => p.operation_id.get(),
            Self::AuthLoginStart(p) => p.operation_id.get(),
            Self::AuthLoginCallback(p) => p.operation_id.get(),
            Self::AuthLoginCancel(p) => p.operation_id.get(),
            Self::AuthLogout(p) => p.operation_id.get(),
            Self::CatalogProviders(p) => p.operation_id.get(),
            Self::CatalogModels(p) => p.operation_id.get(),
            Self::CatalogRefresh(p) => p.operation_id.get(),
            Self::ConfigGet(p) => p.operation_id.get(),
            Self::ConfigSet(p) => p.operation_id.get(),
            Self::SessionList(p) => p.operation_id.get(),
            Self::SessionCreate(p) => p.operation_id.get(),
            Self::SessionReplay(p) => p.operation_id.get(),
            Self::SessionClaim(p) => p.operation_id.get(),
            Self::SessionDetach(p) => p.operation_id.get(),
            Self::SessionStatus(p) => p.operation_id.get(),
            Self::TurnStart(p) => p.operation_id.get(),
            Self::TurnCancel(p) => p.operation_id.get(),
            Self::OperationLookup(p) => p.operation_id.get(),
        }
    }
}
/// The payload alone: the intent a mutation's operation records.
impl serde::Serialize for Call {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Initialize(p) => p.payload.serialize(s),
            Self::Status(p) => p.payload.serialize(s),
            Self::Capabilities(p) => p.payload.serialize(s),
            Self::AuthStatus(p) => p.payload.serialize(s),
            Self::AuthLoginStart(p) => p.payload.serialize(s),
            Self::AuthLoginCallback(p) => p.payload.serialize(s),
            Self::AuthLoginCancel(p) => p.payload.serialize(s),
            Self::AuthLogout(p) => p.payload.serialize(s),
            Self::CatalogProviders(p) => p.payload.serialize(s),
            Self::CatalogModels(p) => p.payload.serialize(s),
            Self::CatalogRefresh(p) => p.payload.serialize(s),
            Self::ConfigGet(p) => p.payload.serialize(s),
            Self::ConfigSet(p) => p.payload.serialize(s),
            Self::SessionList(p) => p.payload.serialize(s),
            Self::SessionCreate(p) => p.payload.serialize(s),
            Self::SessionReplay(p) => p.payload.serialize(s),
            Self::SessionClaim(p) => p.payload.serialize(s),
            Self::SessionDetach(p) => p.payload.serialize(s),
            Self::SessionStatus(p) => p.payload.serialize(s),
            Self::TurnStart(p) => p.payload.serialize(s),
            Self::TurnCancel(p) => p.payload.serialize(s),
            Self::OperationLookup(p) => p.payload.serialize(s),
        }
    }
}
/// A received request split for its handler: the identities its response echoes, and
/// its call.
pub struct RequestParts {
    pub request_id: String,
    pub instance_id: Option<String>,
    pub connection_id: Option<String>,
    pub call: Call,
}
impl RequestEnvelope<RequestPayload> {
    /// Splits a decoded request into its identities and its call. `Err` carries the
    /// decoder's code for slots that do not fit the method's rules, which
    /// `decode_request` already rejects, so a request it accepted always splits.
    pub fn into_parts(self) -> Result<RequestParts, ErrorCode> {
        let RequestEnvelope {
            request_id,
            instance_id,
            connection_id,
            session_id,
            operation_id,
            control,
            payload,
            ..
        } = self;
        let call = match payload {
            RequestPayload::Initialize(p) => {
                Call::Initialize(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::Status(p) => {
                Call::Status(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::Capabilities(p) => {
                Call::Capabilities(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::AuthStatus(p) => {
                Call::AuthStatus(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::AuthLoginStart(p) => {
                Call::AuthLoginStart(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::AuthLoginCallback(p) => {
                Call::AuthLoginCallback(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::AuthLoginCancel(p) => {
                Call::AuthLoginCancel(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::AuthLogout(p) => {
                Call::AuthLogout(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::CatalogProviders(p) => {
                Call::CatalogProviders(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::CatalogModels(p) => {
                Call::CatalogModels(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::CatalogRefresh(p) => {
                Call::CatalogRefresh(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::ConfigGet(p) => {
                Call::ConfigGet(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::ConfigSet(p) => {
                Call::ConfigSet(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::SessionList(p) => {
                Call::SessionList(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::SessionCreate(p) => {
                Call::SessionCreate(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::SessionReplay(p) => {
                Call::SessionReplay(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::SessionClaim(p) => {
                Call::SessionClaim(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::SessionDetach(p) => {
                Call::SessionDetach(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::SessionStatus(p) => {
                Call::SessionStatus(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::TurnStart(p) => {
                Call::TurnStart(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::TurnCancel(p) => {
                Call::TurnCancel(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
            RequestPayload::OperationLookup(p) => {
                Call::OperationLookup(
                    crate::typed::Parts::from_envelope(
                        session_id,
                        control,
                        operation_id,
                        p,
                    )?,
                )
            }
        };
        Ok(RequestParts {
            request_id,
            instance_id,
            connection_id,
            call,
        })
    }
}
/// The state handlers share: the implementor's per-request context type.
pub trait Handler: Send + Sync {
    type Context: Send + Sync;
}
/// Operations of the `service` domain.
pub trait ServiceHandler: Handler {
    /// `initialize`: Negotiate the wire version and required operations; returns identities and capabilities.
    fn initialize(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::Initialize>,
    ) -> impl std::future::Future<Output = Result<InitializeResponse, ErrorCode>> + Send;
    /// `status`: Service state and whether the selected provider can prepare authentication.
    fn status(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::Status>,
    ) -> impl std::future::Future<Output = Result<StatusResponse, ErrorCode>> + Send;
    /// `capabilities`: The complete capability object that initialize returned.
    fn capabilities(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::Capabilities>,
    ) -> impl std::future::Future<Output = Result<Capabilities, ErrorCode>> + Send;
}
/// Operations of the `auth` domain.
pub trait AuthHandler: Handler {
    /// `auth.status`: Authentication readiness of every provider, read now without refresh or network.
    fn auth_status(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::AuthStatus>,
    ) -> impl std::future::Future<Output = Result<AuthStatusResponse, ErrorCode>> + Send;
    /// `auth.login.start`: Start the one Codex OAuth login of the service; progress and terminal events follow.
    fn auth_login_start(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::AuthLoginStart>,
    ) -> impl std::future::Future<
        Output = Result<AuthLoginStartResponse, ErrorCode>,
    > + Send;
    /// `auth.login.callback`: Submit the final redirect URL or bare code by hand; never echoed, accepted once.
    fn auth_login_callback(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::AuthLoginCallback>,
    ) -> impl std::future::Future<
        Output = Result<AuthLoginCallbackResponse, ErrorCode>,
    > + Send;
    /// `auth.login.cancel`: Request cancellation of an active login; the terminal event settles it.
    fn auth_login_cancel(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::AuthLoginCancel>,
    ) -> impl std::future::Future<
        Output = Result<AuthLoginCancelResponse, ErrorCode>,
    > + Send;
    /// `auth.logout`: Remove one provider's local credential record; the environment is never changed.
    fn auth_logout(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::AuthLogout>,
    ) -> impl std::future::Future<Output = Result<AuthLogoutResponse, ErrorCode>> + Send;
}
/// Operations of the `catalog` domain.
pub trait CatalogHandler: Handler {
    /// `catalog.providers`: One cache-only page of providers, sorted by ID and deduplicated.
    fn catalog_providers(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::CatalogProviders>,
    ) -> impl std::future::Future<
        Output = Result<CatalogProvidersResponse, ErrorCode>,
    > + Send;
    /// `catalog.models`: One cache-only page of a provider's models, in cached order and deduplicated.
    fn catalog_models(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::CatalogModels>,
    ) -> impl std::future::Future<
        Output = Result<CatalogModelsResponse, ErrorCode>,
    > + Send;
    /// `catalog.refresh`: Run provider model discovery and write the cache; stale data may be kept on failure.
    fn catalog_refresh(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::CatalogRefresh>,
    ) -> impl std::future::Future<
        Output = Result<CatalogRefreshResponse, ErrorCode>,
    > + Send;
}
/// Operations of the `config` domain.
pub trait ConfigHandler: Handler {
    /// `config.get`: Bounded projection of the effective settings.
    fn config_get(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::ConfigGet>,
    ) -> impl std::future::Future<Output = Result<ConfigProjection, ErrorCode>> + Send;
    /// `config.set`: Persist a scoped change of selection, reasoning or fast mode through the locked atomic writer.
    fn config_set(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::ConfigSet>,
    ) -> impl std::future::Future<Output = Result<ConfigSetResponse, ErrorCode>> + Send;
}
/// Operations of the `session` domain.
pub trait SessionHandler: Handler {
    /// `session.list`: One page of sessions ordered by ID. Sessions live at the state root, shared by every workspace's
    /// daemon; by default a page lists only those created for this daemon's workspace (`all_workspaces` lists every
    /// one), and each summary names its workspace. Filtering happens after a page's candidates are examined, so a page
    /// may hold fewer than `limit` sessions while `truncated` says more candidates remain.
    fn session_list(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::SessionList>,
    ) -> impl std::future::Future<
        Output = Result<SessionListResponse, ErrorCode>,
    > + Send;
    /// `session.create`: Create a session durably without claiming it.
    fn session_create(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::SessionCreate>,
    ) -> impl std::future::Future<
        Output = Result<SessionCreateResponse, ErrorCode>,
    > + Send;
    /// `session.replay`: One bounded page of the allowlisted durable projection; read-only and lock-free.
    fn session_replay(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::SessionReplay>,
    ) -> impl std::future::Future<
        Output = Result<SessionReplayResponse, ErrorCode>,
    > + Send;
    /// `session.claim`: Take control of a session and receive an atomic snapshot.
    fn session_claim(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::SessionClaim>,
    ) -> impl std::future::Future<
        Output = Result<SessionClaimResponse, ErrorCode>,
    > + Send;
    /// `session.detach`: Release control of a session; a running turn goes on.
    fn session_detach(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::SessionDetach>,
    ) -> impl std::future::Future<
        Output = Result<SessionDetachResponse, ErrorCode>,
    > + Send;
    /// `session.status`: Control and running-turn state of a session.
    fn session_status(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::SessionStatus>,
    ) -> impl std::future::Future<
        Output = Result<SessionStatusResponse, ErrorCode>,
    > + Send;
}
/// Operations of the `turn` domain.
pub trait TurnHandler: Handler {
    /// `turn.start`: Start a turn on a claimed session; accepted precedes turn.started.
    fn turn_start(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::TurnStart>,
    ) -> impl std::future::Future<Output = Result<TurnStartResponse, ErrorCode>> + Send;
    /// `turn.cancel`: Request Stop of a running turn; the cancelled terminal settles it.
    fn turn_cancel(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::TurnCancel>,
    ) -> impl std::future::Future<Output = Result<TurnCancelResponse, ErrorCode>> + Send;
}
/// Operations of the `operation` domain.
pub trait OperationHandler: Handler {
    /// `operation.lookup`: State and outcome of an operation ID, for recovery after uncertain delivery.
    fn operation_lookup(
        &self,
        cx: &Self::Context,
        request: crate::typed::Parts<operation::OperationLookup>,
    ) -> impl std::future::Future<
        Output = Result<OperationLookupResponse, ErrorCode>,
    > + Send;
}
/// Every domain handler; implemented automatically. Every operation has its handler, so
/// a server implementing this serves the whole profile.
pub trait Handlers: ServiceHandler + AuthHandler + CatalogHandler + ConfigHandler + SessionHandler + TurnHandler + OperationHandler {}
impl<
    H: ServiceHandler + AuthHandler + CatalogHandler + ConfigHandler + SessionHandler
        + TurnHandler + OperationHandler,
> Handlers for H {}
/// Route a call to its handler method.
pub async fn dispatch<H: Handlers>(
    h: &H,
    cx: &H::Context,
    call: Call,
) -> Result<ResponsePayload, ErrorCode> {
    match call {
        Call::Initialize(p) => {
            h.initialize(cx, p).await.map(|p| ResponsePayload::Initialize(Box::new(p)))
        }
        Call::Status(p) => h.status(cx, p).await.map(ResponsePayload::Status),
        Call::Capabilities(p) => {
            h.capabilities(cx, p)
                .await
                .map(|p| ResponsePayload::Capabilities(Box::new(p)))
        }
        Call::AuthStatus(p) => {
            h.auth_status(cx, p).await.map(ResponsePayload::AuthStatus)
        }
        Call::AuthLoginStart(p) => {
            h.auth_login_start(cx, p).await.map(ResponsePayload::AuthLoginStart)
        }
        Call::AuthLoginCallback(p) => {
            h.auth_login_callback(cx, p).await.map(ResponsePayload::AuthLoginCallback)
        }
        Call::AuthLoginCancel(p) => {
            h.auth_login_cancel(cx, p).await.map(ResponsePayload::AuthLoginCancel)
        }
        Call::AuthLogout(p) => {
            h.auth_logout(cx, p).await.map(ResponsePayload::AuthLogout)
        }
        Call::CatalogProviders(p) => {
            h.catalog_providers(cx, p).await.map(ResponsePayload::CatalogProviders)
        }
        Call::CatalogModels(p) => {
            h.catalog_models(cx, p).await.map(ResponsePayload::CatalogModels)
        }
        Call::CatalogRefresh(p) => {
            h.catalog_refresh(cx, p).await.map(ResponsePayload::CatalogRefresh)
        }
        Call::ConfigGet(p) => h.config_get(cx, p).await.map(ResponsePayload::ConfigGet),
        Call::ConfigSet(p) => h.config_set(cx, p).await.map(ResponsePayload::ConfigSet),
        Call::SessionList(p) => {
            h.session_list(cx, p).await.map(ResponsePayload::SessionList)
        }
        Call::SessionCreate(p) => {
            h.session_create(cx, p).await.map(ResponsePayload::SessionCreate)
        }
        Call::SessionReplay(p) => {
            h.session_replay(cx, p).await.map(ResponsePayload::SessionReplay)
        }
        Call::SessionClaim(p) => {
            h.session_claim(cx, p).await.map(ResponsePayload::SessionClaim)
        }
        Call::SessionDetach(p) => {
            h.session_detach(cx, p).await.map(ResponsePayload::SessionDetach)
        }
        Call::SessionStatus(p) => {
            h.session_status(cx, p).await.map(ResponsePayload::SessionStatus)
        }
        Call::TurnStart(p) => h.turn_start(cx, p).await.map(ResponsePayload::TurnStart),
        Call::TurnCancel(p) => {
            h.turn_cancel(cx, p).await.map(ResponsePayload::TurnCancel)
        }
        Call::OperationLookup(p) => {
            h.operation_lookup(cx, p).await.map(ResponsePayload::OperationLookup)
        }
    }
}
