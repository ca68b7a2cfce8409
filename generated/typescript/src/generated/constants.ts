// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

/** Persistent service protocol (wire v2) between a local agent daemon and app front ends over a private Unix socket. */
export const PROTOCOL_NAME = "agentwire";

/** The wire version this package speaks. */
export const PROTOCOL_VERSION = 2;

/** The package version this package was generated with; the daemon's handshake requires an exact match. */
export const PACKAGE_VERSION = "0.2.0";

/**
 * Advertised limits of the ordinary profile: the values this package was built for, and the default local bounds. A
 * profile's own limits are in `PROFILES`.
 */
export const LIMITS = {
  /**
   * Largest JSONL record either side may send. Input JSON bytes before the newline; encoded outbound record including
   * the newline. Oversized Unix frames close the socket. (general; bytes).
   */
  max_record_bytes: 65536,
  /** Largest compact encoding of one request payload. Compact UTF-8 JSON bytes for one payload. (general; bytes). */
  max_payload_bytes: 32768,
  /** Largest error message; current messages are shorter and fixed. One UTF-8 error message. (general; bytes). */
  max_error_message_bytes: 512,
  /** Largest correlation ID. Request, session, turn, and event correlation IDs. (general; bytes). */
  max_id_bytes: 128,
  /** Largest method, capability or event name. Methods, capabilities, and event names. (general; bytes). */
  max_name_bytes: 64,
  /**
   * Largest JSON string or object key anywhere in a record. Any JSON string or object key, including a prompt or
   * assistant text value. (general; bytes).
   */
  max_string_bytes: 16384,
  /** Deepest container nesting in a record. JSON container nesting and validation work. (general; levels). */
  max_json_depth: 32,
  /** Most items in any JSON array. Items in any JSON array. (general; items). */
  max_array_items: 64,
  /** Most fields in any JSON object. Fields in any JSON object. (general; fields). */
  max_object_fields: 64,
  /**
   * Most entries in either initialization input list. Protocol-version and requested-capability lists during
   * initialization. (general; items).
   */
  max_negotiation_items: 8,
  /**
   * Most sessions with a live actor at once. Daemon lease-held actors, including uncontrolled cleanup. (general;
   * attachments).
   */
  max_session_attachments: 16,
  /**
   * Largest and default session list or replay page. Maximum/default list or replay page item count. (general; items).
   */
  max_session_page_items: 32,
  /**
   * Largest encoded replay page payload. Complete encoded replay payload, including events, cursors, flags, and JSON
   * framing. (general; bytes).
   */
  max_session_replay_page_bytes: 16384,
  /** Size of the recent transcript window replay reads. Recent durable replay read window. (general; bytes). */
  max_session_replay_window_bytes: 2097152,
  /**
   * Most directory entries one session.list request examines. Directory entries examined per list request. (general;
   * entries).
   */
  max_session_list_scan_entries: 20000,
  /** Largest and default catalog page. Maximum/default provider or model catalog page item count. (general; items). */
  max_catalog_page_items: 32,
  /**
   * Most connections the daemon serves at once. A connection beyond it gets the `connection_limit` handshake rejection
   * in answer to its handshake line and is closed; the connections served are unaffected, and closing one makes room
   * for the next. Concurrent accepted socket connections per daemon. (persistent; connections).
   */
  max_connections: 64,
  /**
   * Most requests in flight on one connection. Its crossing is not structural (so no `exceeded` key): a request
   * admitted beyond it is answered `limit_exceeded` (echoing its request_id, which stays unreserved) and the connection
   * stays open; the requests in flight are unaffected. A request's slot, like its request ID, is released before its
   * response's bytes are written, so a client that sends a new request only after reading a response, with at most this
   * many outstanding, is never refused. Requests of one connection whose responses are not yet written. (persistent;
   * requests).
   */
  max_inflight_requests: 32,
  /** Most turns running at once. Accepted turns not yet settled, across the daemon. (persistent; turns). */
  max_active_turns: 8,
  /**
   * Most operation outcomes the daemon retains. Entries in the operation table, tombstones included. (persistent;
   * operations).
   */
  max_retained_operations: 4096,
  /**
   * Retention of settled operation outcomes. Time a settled outcome stays reusable and visible to lookup. (persistent;
   * milliseconds).
   */
  operation_retention_ms: 600000,
  /**
   * Tombstone period after retention. Time an expired operation ID stays reserved after retention. (persistent;
   * milliseconds).
   */
  operation_tombstone_ms: 3600000,
  /**
   * Largest assistant text in a running-turn snapshot. Assistant text carried in a claim snapshot. (persistent; bytes).
   */
  max_snapshot_text_bytes: 16384,
  /**
   * Capacity of a turn's event queue. Bounded per-turn event queue; activity overflow is dropped. (persistent; items).
   */
  turn_event_queue_items: 256,
  /**
   * Deadline of the identity handshake. Time from connect to a completed identity handshake. (persistent;
   * milliseconds).
   */
  handshake_timeout_ms: 5000,
  /**
   * Deadline for finishing a started record. A started record must end with a newline within this time. (persistent;
   * milliseconds).
   */
  framing_timeout_ms: 10000,
  /** Grace period of cancellation cleanup. Bounded join grace for cancellation cleanup. (persistent; milliseconds). */
  cancel_grace_ms: 2000,
} as const;

/** The name of an advertised limit. */
export type LimitName = keyof typeof LIMITS;

/** Every limit, in spec order. */
export const LIMIT_NAMES: readonly LimitName[] = ["max_record_bytes", "max_payload_bytes", "max_error_message_bytes", "max_id_bytes", "max_name_bytes", "max_string_bytes", "max_json_depth", "max_array_items", "max_object_fields", "max_negotiation_items", "max_session_attachments", "max_session_page_items", "max_session_replay_page_bytes", "max_session_replay_window_bytes", "max_session_list_scan_entries", "max_catalog_page_items", "max_connections", "max_inflight_requests", "max_active_turns", "max_retained_operations", "operation_retention_ms", "operation_tombstone_ms", "max_snapshot_text_bytes", "turn_event_queue_items", "handshake_timeout_ms", "framing_timeout_ms", "cancel_grace_ms"];

/**
 * The limits that bound what the service sends (`bounds_output` in the spec), in spec order: before any mutation a
 * client refuses an advertised value above its own local bound.
 */
export const OUTPUT_BOUNDS: readonly LimitName[] = ["max_record_bytes", "max_error_message_bytes", "max_id_bytes", "max_name_bytes", "max_string_bytes", "max_json_depth", "max_array_items", "max_object_fields", "max_session_replay_page_bytes", "max_snapshot_text_bytes"];

/** The error a request gets for structurally crossing a limit, where the spec names one. */
export const LIMIT_EXCEEDED: { readonly [L in LimitName]?: string } = {
  max_record_bytes: "record_too_large",
  max_payload_bytes: "payload_too_large",
  max_string_bytes: "limit_exceeded",
  max_json_depth: "limit_exceeded",
  max_array_items: "limit_exceeded",
  max_object_fields: "limit_exceeded",
  max_negotiation_items: "limit_exceeded",
};

/** Fixed contract bounds that are not advertised limits. */
export const CONSTANTS = {
  /** Largest unsigned integer every target language represents exactly (2^53 - 1). (value) */
  json_safe_integer_max: 9007199254740991,
  /** Largest provider or model selection ID. (bytes) */
  selection_id_max_bytes: 256,
  /** Largest display label. (bytes) */
  label_max_bytes: 128,
  /** Largest catalog page offset. (entries) */
  catalog_max_offset: 100000,
  /** Largest manual login callback input. (bytes) */
  login_input_max_bytes: 4096,
  /** Largest authorization URL in a login progress event. (bytes) */
  login_url_max_bytes: 4096,
  /** How long the loopback listener waits for the OAuth redirect. (milliseconds) */
  login_wait_ms: 300000,
  /** Largest text part of one replay item. (bytes) */
  replay_part_bytes: 2048,
  /** Most transcript records in the replay window. (records) */
  replay_window_records: 100000,
  /** Largest reasoning summary text (advertised as activity.max_summary_bytes). (bytes) */
  summary_max_bytes: 2048,
  /** Reasoning summary input over this is omitted as empty and truncated. (bytes) */
  summary_input_max_bytes: 16384,
  /** Most reasoning choices a model offers. (items) */
  reasoning_levels_max: 6,
  /** Largest session title after sanitizing. (bytes) */
  title_max_bytes: 256,
  /** Largest notice of a turn terminal: the turn's last service note, cut at a UTF-8 boundary. (bytes) */
  turn_notice_max_bytes: 2048,
  /**
   * Largest toolName of a session message: any name a model or MCP server uses (MCP suggests at most 128 characters).
   * (bytes)
   */
  tool_name_max_bytes: 256,
  /**
   * Serialized tool arguments over this are stored shortened, structure kept (see the session message deviations).
   * (bytes)
   */
  stored_args_max_bytes: 8192,
  /**
   * Longest a transcript line written during a turn waits for its fsync; a turn's settlement is fsynced before its
   * terminal. (milliseconds)
   */
  journal_commit_ms: 100,
  /** Largest RFC 3339 timestamp string. (bytes) */
  timestamp_max_bytes: 64,
  /** Largest canonical workspace path: the handshake's expected workspace and a session summary's workspace. (bytes) */
  workspace_max_bytes: 4096,
  /** Largest package version string. (bytes) */
  version_max_bytes: 64,
  /** Shortest `approval_deadline_ms` the settings may give (the approvals profile). (milliseconds) */
  approval_deadline_min_ms: 1000,
  /** Longest `approval_deadline_ms` the settings may give (the approvals profile). (milliseconds) */
  approval_deadline_max_ms: 3600000,
} as const;
