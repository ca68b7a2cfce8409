// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

import Foundation

// MARK: - Protocol


/// Persistent service protocol (wire v2) between a local agent daemon and app front ends over a private Unix socket.
public enum ProtocolInfo {
    public static let name = "agentwire"
    /// The wire version every envelope carries.
    public static let version: UInt16 = 2
    /// Every operation of the ordinary profile.
    public static let operations: [String] = ["initialize", "status", "capabilities", "auth.status", "auth.login.start", "auth.login.callback", "auth.login.cancel", "auth.logout", "catalog.providers", "catalog.models", "catalog.refresh", "config.get", "config.set", "session.list", "session.create", "session.replay", "session.claim", "session.detach", "session.status", "turn.start", "turn.cancel", "operation.lookup"]
    /// Every event of the ordinary profile; an advertisement naming any other is rejected before mutation.
    public static let events: [String] = ["turn.started", "turn.assistant_delta", "turn.activity", "turn.terminal", "auth.login.progress", "auth.login.terminal"]
    public static let transports: [String] = ["unix"]
    public static let protocolVersions: [UInt16] = [2]
    /// Which profile each operation, event and error code belongs to: `ordinary`,
    /// `negotiation` (opting into a profile) or an optional profile's name.
    public static let membership: [String: String] = ["initialize": "ordinary", "status": "ordinary", "capabilities": "ordinary", "auth.status": "ordinary", "auth.login.start": "ordinary", "auth.login.callback": "ordinary", "auth.login.cancel": "ordinary", "auth.logout": "ordinary", "catalog.providers": "ordinary", "catalog.models": "ordinary", "catalog.refresh": "ordinary", "config.get": "ordinary", "config.set": "ordinary", "session.list": "ordinary", "session.create": "ordinary", "session.replay": "ordinary", "session.claim": "ordinary", "session.detach": "ordinary", "session.status": "ordinary", "turn.start": "ordinary", "turn.cancel": "ordinary", "operation.lookup": "ordinary", "profile.negotiate": "negotiation", "approval.respond": "approvals", "turn.started": "ordinary", "turn.assistant_delta": "ordinary", "turn.activity": "ordinary", "turn.terminal": "ordinary", "auth.login.progress": "ordinary", "auth.login.terminal": "ordinary", "approval.requested": "approvals", "approval.resolved": "approvals", "invalid_json": "ordinary", "record_too_large": "ordinary", "invalid_request": "ordinary", "payload_too_large": "ordinary", "limit_exceeded": "ordinary", "unsupported_version": "ordinary", "unsupported_capability": "ordinary", "unsupported_operation": "ordinary", "not_initialized": "ordinary", "invalid_payload": "ordinary", "duplicate_request_id": "ordinary", "too_many_active_turns": "ordinary", "session_busy": "ordinary", "session_unavailable": "ordinary", "invalid_session_id": "ordinary", "session_workspace_mismatch": "ordinary", "unknown_turn": "ordinary", "auth_busy": "ordinary", "unknown_login": "ordinary", "provider_unavailable": "ordinary", "confirmation_required": "ordinary", "configuration_unavailable": "ordinary", "configuration_busy": "ordinary", "catalog_refresh_failed": "ordinary", "settings_write_failed": "ordinary", "invalid_scope": "ordinary", "invalid_selection": "ordinary", "unsupported_reasoning": "ordinary", "catalog_unavailable": "ordinary", "catalog_stale": "ordinary", "internal_error": "ordinary", "instance_mismatch": "ordinary", "stale_grant": "ordinary", "control_required": "ordinary", "operation_conflict": "ordinary", "unknown_operation": "ordinary", "conflict": "ordinary", "resource_not_found": "ordinary", "persistence_failed": "ordinary", "output_limit_exceeded": "ordinary", "agent_failed": "ordinary", "agent_refused": "ordinary", "agent_limit_reached": "ordinary", "agent_needs_login": "ordinary", "profile_unsupported": "negotiation", "profile_mismatch": "negotiation", "approval_unknown": "approvals", "approval_option_unknown": "approvals"]
    /// Optional profiles a connection opts into with `profile.negotiate`, by name.
    public static let profiles: [String: ProfileInfo] = ["approvals": ProfileInfo(version: 1, operations: ["approval.respond"], events: ["approval.requested", "approval.resolved"], errors: ["approval_unknown", "approval_option_unknown"], limits: ["approval_deadline_ms": 600000, "max_pending_approvals_per_session": 4, "max_pending_approvals": 16, "max_approval_options": 8])]
}

/// An optional profile: its version, what it owns, and the limits its negotiation answers.
public struct ProfileInfo: Sendable {
    public let version: UInt32
    public let operations: [String]
    public let events: [String]
    public let errors: [String]
    public let limits: [String: UInt64]
}

/// This package's version, generated from the workspace's one declared version. The identity handshake sends it by
/// default and the daemon admits only an exact match: use the `agentwire` executable of the same version.
public let packageVersion = PackageVersion(unchecked: "0.2.0")

/// Advertised limits, as declared by the spec (a profile's own are in its `ProfileInfo`, not in
/// the maps).
public enum Limits {
    /// Largest JSONL record either side may send. Unit: bytes; group: general. Applies to: Input JSON bytes before the
    /// newline; encoded outbound record including the newline. Oversized Unix frames close the socket.
    public static let maxRecordBytes: UInt64 = 65536
    /// Largest compact encoding of one request payload. Unit: bytes; group: general. Applies to: Compact UTF-8 JSON
    /// bytes for one payload.
    public static let maxPayloadBytes: UInt64 = 32768
    /// Largest error message; current messages are shorter and fixed. Unit: bytes; group: general. Applies to: One
    /// UTF-8 error message.
    public static let maxErrorMessageBytes: UInt64 = 512
    /// Largest correlation ID. Unit: bytes; group: general. Applies to: Request, session, turn, and event correlation
    /// IDs.
    public static let maxIDBytes: UInt64 = 128
    /// Largest method, capability or event name. Unit: bytes; group: general. Applies to: Methods, capabilities, and
    /// event names.
    public static let maxNameBytes: UInt64 = 64
    /// Largest JSON string or object key anywhere in a record. Unit: bytes; group: general. Applies to: Any JSON string
    /// or object key, including a prompt or assistant text value.
    public static let maxStringBytes: UInt64 = 16384
    /// Deepest container nesting in a record. Unit: levels; group: general. Applies to: JSON container nesting and
    /// validation work.
    public static let maxJSONDepth: UInt64 = 32
    /// Most items in any JSON array. Unit: items; group: general. Applies to: Items in any JSON array.
    public static let maxArrayItems: UInt64 = 64
    /// Most fields in any JSON object. Unit: fields; group: general. Applies to: Fields in any JSON object.
    public static let maxObjectFields: UInt64 = 64
    /// Most entries in either initialization input list. Unit: items; group: general. Applies to: Protocol-version and
    /// requested-capability lists during initialization.
    public static let maxNegotiationItems: UInt64 = 8
    /// Most sessions with a live actor at once. Unit: attachments; group: general. Applies to: Daemon lease-held
    /// actors, including uncontrolled cleanup.
    public static let maxSessionAttachments: UInt64 = 16
    /// Largest and default session list or replay page. Unit: items; group: general. Applies to: Maximum/default list
    /// or replay page item count.
    public static let maxSessionPageItems: UInt64 = 32
    /// Largest encoded replay page payload. Unit: bytes; group: general. Applies to: Complete encoded replay payload,
    /// including events, cursors, flags, and JSON framing.
    public static let maxSessionReplayPageBytes: UInt64 = 16384
    /// Size of the recent transcript window replay reads. Unit: bytes; group: general. Applies to: Recent durable
    /// replay read window.
    public static let maxSessionReplayWindowBytes: UInt64 = 2097152
    /// Most directory entries one session.list request examines. Unit: entries; group: general. Applies to: Directory
    /// entries examined per list request.
    public static let maxSessionListScanEntries: UInt64 = 20000
    /// Largest and default catalog page. Unit: items; group: general. Applies to: Maximum/default provider or model
    /// catalog page item count.
    public static let maxCatalogPageItems: UInt64 = 32
    /// Most connections the daemon serves at once. A connection beyond it gets the `connection_limit` handshake
    /// rejection in answer to its handshake line and is closed; the connections served are unaffected, and closing one
    /// makes room for the next. Unit: connections; group: persistent. Applies to: Concurrent accepted socket
    /// connections per daemon.
    public static let maxConnections: UInt64 = 64
    /// Most requests in flight on one connection. Its crossing is not structural (so no `exceeded` key): a request
    /// admitted beyond it is answered `limit_exceeded` (echoing its request_id, which stays unreserved) and the
    /// connection stays open; the requests in flight are unaffected. A request's slot, like its request ID, is released
    /// before its response's bytes are written, so a client that sends a new request only after reading a response,
    /// with at most this many outstanding, is never refused. Unit: requests; group: persistent. Applies to: Requests of
    /// one connection whose responses are not yet written.
    public static let maxInflightRequests: UInt64 = 32
    /// Most turns running at once. Unit: turns; group: persistent. Applies to: Accepted turns not yet settled, across
    /// the daemon.
    public static let maxActiveTurns: UInt64 = 8
    /// Most operation outcomes the daemon retains. Unit: operations; group: persistent. Applies to: Entries in the
    /// operation table, tombstones included.
    public static let maxRetainedOperations: UInt64 = 4096
    /// Retention of settled operation outcomes. Unit: milliseconds; group: persistent. Applies to: Time a settled
    /// outcome stays reusable and visible to lookup.
    public static let operationRetentionMs: UInt64 = 600000
    /// Tombstone period after retention. Unit: milliseconds; group: persistent. Applies to: Time an expired operation
    /// ID stays reserved after retention.
    public static let operationTombstoneMs: UInt64 = 3600000
    /// Largest assistant text in a running-turn snapshot. Unit: bytes; group: persistent. Applies to: Assistant text
    /// carried in a claim snapshot.
    public static let maxSnapshotTextBytes: UInt64 = 16384
    /// Capacity of a turn's event queue. Unit: items; group: persistent. Applies to: Bounded per-turn event queue;
    /// activity overflow is dropped.
    public static let turnEventQueueItems: UInt64 = 256
    /// Deadline of the identity handshake. Unit: milliseconds; group: persistent. Applies to: Time from connect to a
    /// completed identity handshake.
    public static let handshakeTimeoutMs: UInt64 = 5000
    /// Deadline for finishing a started record. Unit: milliseconds; group: persistent. Applies to: A started record
    /// must end with a newline within this time.
    public static let framingTimeoutMs: UInt64 = 10000
    /// Grace period of cancellation cleanup. Unit: milliseconds; group: persistent. Applies to: Bounded join grace for
    /// cancellation cleanup.
    public static let cancelGraceMs: UInt64 = 2000
    /// How long a permission request waits for the person. Unit: milliseconds; group: general. Applies to: Each pending
    /// approval: when it passes, the daemon answers the request reject (never allow) and says the deadline decided.
    /// Settings `approval_deadline_ms` may set 1000..=3600000; the advertised value is the effective one.
    public static let approvalDeadlineMs: UInt64 = 600000
    /// Most pending approvals of one session. Unit: items; group: general. Applies to: Approvals pending at once in one
    /// session; past it a new request is answered reject by the policy at once.
    public static let maxPendingApprovalsPerSession: UInt64 = 4
    /// Most pending approvals of the daemon. Unit: items; group: general. Applies to: Approvals pending at once in the
    /// daemon, below what max_active_turns sessions at their per-session bound could hold, so it binds; past it a new
    /// request is answered reject by the policy at once.
    public static let maxPendingApprovals: UInt64 = 16
    /// Most options one approval offers. Unit: items; group: general. Applies to: Options of one `approval.requested`;
    /// a request offering more is answered reject by the policy at once.
    public static let maxApprovalOptions: UInt64 = 8
    /// The general limits by wire name.
    public static let general: [String: UInt64] = ["max_record_bytes": maxRecordBytes, "max_payload_bytes": maxPayloadBytes, "max_error_message_bytes": maxErrorMessageBytes, "max_id_bytes": maxIDBytes, "max_name_bytes": maxNameBytes, "max_string_bytes": maxStringBytes, "max_json_depth": maxJSONDepth, "max_array_items": maxArrayItems, "max_object_fields": maxObjectFields, "max_negotiation_items": maxNegotiationItems, "max_session_attachments": maxSessionAttachments, "max_session_page_items": maxSessionPageItems, "max_session_replay_page_bytes": maxSessionReplayPageBytes, "max_session_replay_window_bytes": maxSessionReplayWindowBytes, "max_session_list_scan_entries": maxSessionListScanEntries, "max_catalog_page_items": maxCatalogPageItems]
    /// The persistent limits by wire name.
    public static let persistent: [String: UInt64] = ["max_connections": maxConnections, "max_inflight_requests": maxInflightRequests, "max_active_turns": maxActiveTurns, "max_retained_operations": maxRetainedOperations, "operation_retention_ms": operationRetentionMs, "operation_tombstone_ms": operationTombstoneMs, "max_snapshot_text_bytes": maxSnapshotTextBytes, "turn_event_queue_items": turnEventQueueItems, "handshake_timeout_ms": handshakeTimeoutMs, "framing_timeout_ms": framingTimeoutMs, "cancel_grace_ms": cancelGraceMs]
    /// Every limit by wire name: the keys a limit map must hold.
    public static let all: [String: UInt64] = general.merging(persistent) { a, _ in a }
    /// The wire name of every limit.
    public enum Name {
        public static let maxRecordBytes = "max_record_bytes"
        public static let maxPayloadBytes = "max_payload_bytes"
        public static let maxErrorMessageBytes = "max_error_message_bytes"
        public static let maxIDBytes = "max_id_bytes"
        public static let maxNameBytes = "max_name_bytes"
        public static let maxStringBytes = "max_string_bytes"
        public static let maxJSONDepth = "max_json_depth"
        public static let maxArrayItems = "max_array_items"
        public static let maxObjectFields = "max_object_fields"
        public static let maxNegotiationItems = "max_negotiation_items"
        public static let maxSessionAttachments = "max_session_attachments"
        public static let maxSessionPageItems = "max_session_page_items"
        public static let maxSessionReplayPageBytes = "max_session_replay_page_bytes"
        public static let maxSessionReplayWindowBytes = "max_session_replay_window_bytes"
        public static let maxSessionListScanEntries = "max_session_list_scan_entries"
        public static let maxCatalogPageItems = "max_catalog_page_items"
        public static let maxConnections = "max_connections"
        public static let maxInflightRequests = "max_inflight_requests"
        public static let maxActiveTurns = "max_active_turns"
        public static let maxRetainedOperations = "max_retained_operations"
        public static let operationRetentionMs = "operation_retention_ms"
        public static let operationTombstoneMs = "operation_tombstone_ms"
        public static let maxSnapshotTextBytes = "max_snapshot_text_bytes"
        public static let turnEventQueueItems = "turn_event_queue_items"
        public static let handshakeTimeoutMs = "handshake_timeout_ms"
        public static let framingTimeoutMs = "framing_timeout_ms"
        public static let cancelGraceMs = "cancel_grace_ms"
        public static let approvalDeadlineMs = "approval_deadline_ms"
        public static let maxPendingApprovalsPerSession = "max_pending_approvals_per_session"
        public static let maxPendingApprovals = "max_pending_approvals"
        public static let maxApprovalOptions = "max_approval_options"
    }
    /// The limits that bound what the service sends (`bounds_output` in the spec), in spec order: before any mutation a
    /// client refuses an advertised value above its own local bound.
    public static let outputBounds: [(name: String, value: UInt64)] = [(Name.maxRecordBytes, maxRecordBytes), (Name.maxErrorMessageBytes, maxErrorMessageBytes), (Name.maxIDBytes, maxIDBytes), (Name.maxNameBytes, maxNameBytes), (Name.maxStringBytes, maxStringBytes), (Name.maxJSONDepth, maxJSONDepth), (Name.maxArrayItems, maxArrayItems), (Name.maxObjectFields, maxObjectFields), (Name.maxSessionReplayPageBytes, maxSessionReplayPageBytes), (Name.maxSnapshotTextBytes, maxSnapshotTextBytes)]
}

/// Fixed contract bounds that are not advertised.
public enum Constants {
    /// Largest unsigned integer every target language represents exactly (2^53 - 1). Unit: value.
    public static let jsonSafeIntegerMax: UInt64 = 9007199254740991
    /// Largest provider or model selection ID. Unit: bytes.
    public static let selectionIDMaxBytes: UInt64 = 256
    /// Largest display label. Unit: bytes.
    public static let labelMaxBytes: UInt64 = 128
    /// Largest catalog page offset. Unit: entries.
    public static let catalogMaxOffset: UInt64 = 100000
    /// Largest manual login callback input. Unit: bytes.
    public static let loginInputMaxBytes: UInt64 = 4096
    /// Largest authorization URL in a login progress event. Unit: bytes.
    public static let loginURLMaxBytes: UInt64 = 4096
    /// How long the loopback listener waits for the OAuth redirect. Unit: milliseconds.
    public static let loginWaitMs: UInt64 = 300000
    /// Largest text part of one replay item. Unit: bytes.
    public static let replayPartBytes: UInt64 = 2048
    /// Most transcript records in the replay window. Unit: records.
    public static let replayWindowRecords: UInt64 = 100000
    /// Largest reasoning summary text (advertised as activity.max_summary_bytes). Unit: bytes.
    public static let summaryMaxBytes: UInt64 = 2048
    /// Reasoning summary input over this is omitted as empty and truncated. Unit: bytes.
    public static let summaryInputMaxBytes: UInt64 = 16384
    /// Most reasoning choices a model offers. Unit: items.
    public static let reasoningLevelsMax: UInt64 = 6
    /// Largest session title after sanitizing. Unit: bytes.
    public static let titleMaxBytes: UInt64 = 256
    /// Largest notice of a turn terminal: the turn's last service note, cut at a UTF-8 boundary. Unit: bytes.
    public static let turnNoticeMaxBytes: UInt64 = 2048
    /// Largest toolName of a session message: any name a model or MCP server uses (MCP suggests at most 128
    /// characters). Unit: bytes.
    public static let toolNameMaxBytes: UInt64 = 256
    /// Serialized tool arguments over this are stored shortened, structure kept (see the session message deviations).
    /// Unit: bytes.
    public static let storedArgsMaxBytes: UInt64 = 8192
    /// Longest a transcript line written during a turn waits for its fsync; a turn's settlement is fsynced before its
    /// terminal. Unit: milliseconds.
    public static let journalCommitMs: UInt64 = 100
    /// Largest RFC 3339 timestamp string. Unit: bytes.
    public static let timestampMaxBytes: UInt64 = 64
    /// Largest canonical workspace path: the handshake's expected workspace and a session summary's workspace. Unit:
    /// bytes.
    public static let workspaceMaxBytes: UInt64 = 4096
    /// Largest package version string. Unit: bytes.
    public static let versionMaxBytes: UInt64 = 64
    /// Shortest `approval_deadline_ms` the settings may give (the approvals profile). Unit: milliseconds.
    public static let approvalDeadlineMinMs: UInt64 = 1000
    /// Longest `approval_deadline_ms` the settings may give (the approvals profile). Unit: milliseconds.
    public static let approvalDeadlineMaxMs: UInt64 = 3600000
}

/// Every error code with its fixed message. An unfamiliar code is a generic failure.
public enum ErrorCode: String, CaseIterable, Sendable {
    /// The record is not UTF-8 I-JSON (RFC 7493): a syntax error, a duplicate member name, a noncharacter
    /// (U+FDD0..U+FDEF or U+xxFFFE/U+xxFFFF in any plane, raw or escaped) in a string or member name, or more than one
    /// value. The service never sends one: it writes each noncharacter of relayed text (from a model, a tool or a file)
    /// as U+FFFD.
    case invalidJSON = "invalid_json"
    /// The record is longer than max_record_bytes; the socket closes after this response.
    case recordTooLarge = "record_too_large"
    /// The envelope is malformed, has unknown fields, or misses a required slot.
    case invalidRequest = "invalid_request"
    /// The payload's compact encoding is longer than max_payload_bytes.
    case payloadTooLarge = "payload_too_large"
    /// A structural limit (depth, items, fields, string bytes, negotiation items, scan budget) was crossed, or the
    /// connection already has max_inflight_requests requests in flight (retry once a response arrives).
    case limitExceeded = "limit_exceeded"
    /// The envelope's protocol_version is not 2, or initialization offers no supported version.
    case unsupportedVersion = "unsupported_version"
    /// A requested capability names an operation the service does not offer.
    case unsupportedCapability = "unsupported_capability"
    /// The method is not an operation of the service.
    case unsupportedOperation = "unsupported_operation"
    /// A request other than initialize arrived before initialization succeeded.
    case notInitialized = "not_initialized"
    /// The payload does not satisfy the operation's schema.
    case invalidPayload = "invalid_payload"
    /// The request_id names a request of this connection whose response is not yet written.
    case duplicateRequestID = "duplicate_request_id"
    /// max_active_turns turns are already running.
    case tooManyActiveTurns = "too_many_active_turns"
    /// Another controller, service or durable append holds the session.
    case sessionBusy = "session_busy"
    /// The session does not exist or cannot be read.
    case sessionUnavailable = "session_unavailable"
    /// The session ID is not a well-formed opaque ID.
    case invalidSessionID = "invalid_session_id"
    /// `turn.start` in a session created for another workspace than the one this daemon serves. A turn's tools read and
    /// write its daemon's workspace, so a session's turns run only in the workspace it was created for: continue it
    /// from that workspace's daemon (its `session.list` summary names the workspace), or create a session here.
    /// Reading, replaying, claiming and detaching it work from any workspace.
    case sessionWorkspaceMismatch = "session_workspace_mismatch"
    /// The turn ID names no running turn of the session.
    case unknownTurn = "unknown_turn"
    /// A login is already active, or its callback was already submitted.
    case authBusy = "auth_busy"
    /// The login ID names no active login.
    case unknownLogin = "unknown_login"
    /// The provider is unknown or does not support the requested auth operation.
    case providerUnavailable = "provider_unavailable"
    /// auth.logout was sent without confirmed:true.
    case confirmationRequired = "confirmation_required"
    /// Settings could not be read or parsed.
    case configurationUnavailable = "configuration_unavailable"
    /// The single configuration worker is busy.
    case configurationBusy = "configuration_busy"
    /// Model discovery failed; no provider detail is given.
    case catalogRefreshFailed = "catalog_refresh_failed"
    /// The settings writer failed; nothing was committed.
    case settingsWriteFailed = "settings_write_failed"
    /// The scope is unknown, or a global-only setting was sent with project scope.
    case invalidScope = "invalid_scope"
    /// The selection names no enabled model of a known provider.
    case invalidSelection = "invalid_selection"
    /// A recognized reasoning level that the selected model does not offer.
    case unsupportedReasoning = "unsupported_reasoning"
    /// No usable catalog cache exists for the provider.
    case catalogUnavailable = "catalog_unavailable"
    /// The provider's catalog cache has expired.
    case catalogStale = "catalog_stale"
    /// The service failed; the message never carries details.
    case internalError = "internal_error"
    /// instance_id or connection_id differ from what initialize returned.
    case instanceMismatch = "instance_mismatch"
    /// The control's claim or grant generation is no longer current.
    case staleGrant = "stale_grant"
    /// The operation needs control and the connection holds none for the session.
    case controlRequired = "control_required"
    /// The operation_id is recorded (or tombstoned) with another method, payload or session.
    case operationConflict = "operation_conflict"
    /// Reserved for outcome queries that name an operation of another instance.
    case unknownOperation = "unknown_operation"
    /// Application resources profile: a revision conflict.
    case conflict = "conflict"
    /// Application resources profile: an unknown resource.
    case resourceNotFound = "resource_not_found"
    /// Carried by a failed turn terminal whose durable write failed.
    case persistenceFailed = "persistence_failed"
    /// Carried by a failed turn terminal whose assistant text would cross a bound.
    case outputLimitExceeded = "output_limit_exceeded"
    /// Carried by a failed turn terminal of an ACP agent provider: the agent could not start or initialize, exited,
    /// sent a line that is not JSON-RPC or is longer than max_record_bytes, answered session/new, session/load,
    /// session/set_mode or the prompt with an error, does not offer the mode its settings name, ended the prompt with a
    /// stop reason this service does not know, or did not stop within cancel_grace_ms after session/cancel (it is then
    /// killed). A `service` message of the turn says which, with the agent's own words where it gave any (its JSON-RPC
    /// error message, or a dead process's exit status and last stderr lines; bounded and redacted).
    case agentFailed = "agent_failed"
    /// Carried by a failed turn terminal of an ACP agent provider whose prompt ended with stopReason `refusal`.
    case agentRefused = "agent_refused"
    /// Carried by a failed turn terminal of an ACP agent provider whose prompt ended with stopReason `max_tokens` or
    /// `max_turn_requests`.
    case agentLimitReached = "agent_limit_reached"
    /// Carried by a failed turn terminal of an ACP agent provider that refused a request for want of sign-in (ACP error
    /// `auth_required`, -32000), or whose `authenticate` with the method its settings name failed. A `service` message
    /// of the turn carries the agent's own words and the sign-in methods it offers; `auth.status` reports the agent
    /// `needs_login` until a prompt of it is answered or its settings change.
    case agentNeedsLogin = "agent_needs_login"
    /// `profile.negotiate` named a profile or version the daemon does not offer; nothing changed.
    case profileUnsupported = "profile_unsupported"
    /// The connection already negotiated another version of the profile, or claimed a session before negotiating;
    /// nothing changed.
    case profileMismatch = "profile_mismatch"
    /// No pending approval of the session has this ID: unknown, already answered (a second answer) or already decided
    /// by the deadline, the policy or a cancel (a late answer); nothing changed.
    case approvalUnknown = "approval_unknown"
    /// The option ID is not one of the pending approval's options; nothing changed and the approval stays pending.
    case approvalOptionUnknown = "approval_option_unknown"

    /// The fixed message of the code.
    public var message: String {
        switch self {
        case .invalidJSON: return "request is not valid JSON"
        case .recordTooLarge: return "request record exceeds the maximum size"
        case .invalidRequest: return "request envelope is invalid"
        case .payloadTooLarge: return "request payload exceeds the maximum size"
        case .limitExceeded: return "request exceeds a protocol limit"
        case .unsupportedVersion: return "protocol version is not supported"
        case .unsupportedCapability: return "requested capability is not supported"
        case .unsupportedOperation: return "operation is not supported"
        case .notInitialized: return "initialize must complete before this operation"
        case .invalidPayload: return "operation payload is invalid"
        case .duplicateRequestID: return "request_id is already in flight"
        case .tooManyActiveTurns: return "the service has reached its active turn limit"
        case .sessionBusy: return "session has a conflicting writer or is closing"
        case .sessionUnavailable: return "session is unavailable"
        case .invalidSessionID: return "session ID is invalid"
        case .sessionWorkspaceMismatch: return "session belongs to another workspace"
        case .unknownTurn: return "turn is unknown or already terminal"
        case .authBusy: return "authentication operation is already running"
        case .unknownLogin: return "login is unknown or already terminal"
        case .providerUnavailable: return "provider does not support this operation"
        case .confirmationRequired: return "logout requires explicit confirmation"
        case .configurationUnavailable: return "configuration could not be read; check settings"
        case .configurationBusy: return "a configuration operation is running; retry after its response"
        case .catalogRefreshFailed: return "catalog refresh failed; check provider readiness and retry"
        case .settingsWriteFailed: return "settings could not be persisted; check settings and retry"
        case .invalidScope: return "scope is invalid or the setting requires global scope"
        case .invalidSelection: return "provider or model is unknown, disabled, or invalid"
        case .unsupportedReasoning: return "reasoning choice is unsupported for this model"
        case .catalogUnavailable: return "model catalog is unavailable; refresh it before selecting"
        case .catalogStale: return "model catalog is stale; refresh it before selecting"
        case .internalError: return "application service failed to handle the request"
        case .instanceMismatch: return "request targets another service instance"
        case .staleGrant: return "control grant is not current for this session"
        case .controlRequired: return "operation requires current session control"
        case .operationConflict: return "operation_id was already used for a different intent"
        case .unknownOperation: return "operation is unknown to this service instance"
        case .conflict: return "resource revision conflicts with current state"
        case .resourceNotFound: return "resource is not registered"
        case .persistenceFailed: return "turn output could not be persisted"
        case .outputLimitExceeded: return "assistant output exceeds a protocol limit"
        case .agentFailed: return "the agent process failed or broke the Agent Client Protocol"
        case .agentRefused: return "the agent refused to continue"
        case .agentLimitReached: return "the agent reached its token or request limit"
        case .agentNeedsLogin: return "the agent needs sign-in before it can answer"
        case .profileUnsupported: return "profile or version is not offered"
        case .profileMismatch: return "profile negotiation conflicts with this connection's state"
        case .approvalUnknown: return "approval is unknown or already resolved"
        case .approvalOptionUnknown: return "option is not one the approval offered"
        }
    }

    /// Which document defines the code.
    public var source: String {
        switch self {
        case .invalidJSON: return "seed"
        case .recordTooLarge: return "seed"
        case .invalidRequest: return "seed"
        case .payloadTooLarge: return "seed"
        case .limitExceeded: return "seed"
        case .unsupportedVersion: return "seed"
        case .unsupportedCapability: return "seed"
        case .unsupportedOperation: return "seed"
        case .notInitialized: return "seed"
        case .invalidPayload: return "seed"
        case .duplicateRequestID: return "seed"
        case .tooManyActiveTurns: return "seed"
        case .sessionBusy: return "seed"
        case .sessionUnavailable: return "seed"
        case .invalidSessionID: return "seed"
        case .sessionWorkspaceMismatch: return "lifecycle"
        case .unknownTurn: return "seed"
        case .authBusy: return "seed"
        case .unknownLogin: return "seed"
        case .providerUnavailable: return "seed"
        case .confirmationRequired: return "seed"
        case .configurationUnavailable: return "seed"
        case .configurationBusy: return "seed"
        case .catalogRefreshFailed: return "seed"
        case .settingsWriteFailed: return "seed"
        case .invalidScope: return "seed"
        case .invalidSelection: return "seed"
        case .unsupportedReasoning: return "seed"
        case .catalogUnavailable: return "seed"
        case .catalogStale: return "seed"
        case .internalError: return "seed"
        case .instanceMismatch: return "lifecycle"
        case .staleGrant: return "lifecycle"
        case .controlRequired: return "lifecycle"
        case .operationConflict: return "lifecycle"
        case .unknownOperation: return "lifecycle"
        case .conflict: return "resources"
        case .resourceNotFound: return "resources"
        case .persistenceFailed: return "terminal"
        case .outputLimitExceeded: return "terminal"
        case .agentFailed: return "terminal"
        case .agentRefused: return "terminal"
        case .agentLimitReached: return "terminal"
        case .agentNeedsLogin: return "terminal"
        case .profileUnsupported: return "profile"
        case .profileMismatch: return "profile"
        case .approvalUnknown: return "profile"
        case .approvalOptionUnknown: return "profile"
        }
    }

    /// Errors any request can receive, in the decoder's precedence order.
    public static let requestErrors: [ErrorCode] = [.recordTooLarge, .invalidJSON, .limitExceeded, .invalidRequest, .unsupportedVersion, .unsupportedOperation, .payloadTooLarge, .invalidPayload, .notInitialized, .instanceMismatch, .duplicateRequestID, .internalError]
}

/// Errors `start-or-connect` prints before wire v2.
public enum LaunchErrorCode: String, CaseIterable, Sendable {
    /// Package versions must match exactly; a live daemon of another version is never killed, replaced or run beside.
    case versionMismatch = "version_mismatch"
    /// The handshake named a workspace the daemon does not serve.
    case workspaceMismatch = "workspace_mismatch"
    /// The handshake line is not a valid handshake request.
    case invalidHandshake = "invalid_handshake"
    /// The daemon serves `max_connections` connections already: it answers a new connection's handshake line, whatever
    /// it says, with this rejection and closes it. Another connection closing makes room.
    case connectionLimit = "connection_limit"
    /// The daemon's handshake reply is malformed or names another version.
    case invalidHandshakeReply = "invalid_handshake_reply"
    /// start-or-connect was given an unusable workspace.
    case invalidWorkspace = "invalid_workspace"
    /// start-or-connect was given an unusable executable.
    case invalidExecutable = "invalid_executable"
    /// start-or-connect's arguments do not parse.
    case invalidArguments = "invalid_arguments"
    /// The state root could not be resolved or created.
    case stateRootUnavailable = "state_root_unavailable"
    /// The state root, or its `settings.toml`, `auth.json`, `sessions/`, `catalog/` or `run/`, is owned by another uid
    /// or writable by group or others (the checks of OpenSSH's StrictModes). The settings file can start programs and
    /// `auth.json` holds credentials, so nothing starts until the owner makes them private again (for example `chmod
    /// 700` the state root, `chmod 600` its files).
    case stateRootUnsafe = "state_root_unsafe"
    /// A fallback runtime folder is shared by two state roots; the daemon found serves the other.
    case stateRootMismatch = "state_root_mismatch"
    /// The runtime folder is not owned by the user or is group/world accessible.
    case runtimeDirUnsafe = "runtime_dir_unsafe"
    /// The runtime folder could not be created or its socket path is unusable.
    case runtimeDirUnavailable = "runtime_dir_unavailable"
    /// The peer at the socket runs as another uid.
    case foreignService = "foreign_service"
    /// Locking, stale-socket cleanup, spawning or binding failed, or the daemon exited early.
    case startFailed = "start_failed"
    /// The spawned daemon did not complete a handshake before the start deadline.
    case startTimeout = "start_timeout"
    /// serve found the instance lock held.
    case daemonRunning = "daemon_running"
    /// The launcher itself failed (for example its runtime could not start).
    case internalError = "internal_error"

    public var message: String {
        switch self {
        case .versionMismatch: return "package version does not match the running daemon"
        case .workspaceMismatch: return "the daemon serves another workspace"
        case .invalidHandshake: return "handshake is invalid"
        case .connectionLimit: return "the daemon already serves its maximum number of connections"
        case .invalidHandshakeReply: return "the daemon sent an invalid handshake reply"
        case .invalidWorkspace: return "workspace must be an absolute path to a directory"
        case .invalidExecutable: return "executable must be an absolute path to an executable file"
        case .invalidArguments: return "command line arguments are invalid"
        case .stateRootUnavailable: return "state root is unavailable; check MC_HOME or HOME"
        case .stateRootUnsafe: return "state root is not owned by this user or is writable by others"
        case .stateRootMismatch: return "the daemon at the socket uses another state root"
        case .runtimeDirUnsafe: return "runtime folder is not owned by this user or is accessible to others"
        case .runtimeDirUnavailable: return "runtime folder could not be prepared"
        case .foreignService: return "the daemon socket belongs to another user"
        case .startFailed: return "daemon could not be started; see daemon.log"
        case .startTimeout: return "daemon did not become ready in time"
        case .daemonRunning: return "a daemon already serves this workspace"
        case .internalError: return "start-or-connect failed unexpectedly"
        }
    }
}

// MARK: - Types


/// Opaque correlation ID chosen by its issuer; never parsed by the other side.
public struct OpaqueID: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 128, at: path())
    }
}

/// Opaque session ID, validated by the server before any path is resolved.
public struct SessionID: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 128, charset: ASCIISet(low: 0x03ff200000000000, high: 0x07fffffe87fffffe), at: path())
    }
}

/// Method, capability or event name.
public struct Name: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 64, charset: ASCIISet(low: 0x03ff400000000000, high: 0x07fffffe80000000), at: path())
    }
}

/// Error code; consumers treat an unfamiliar code as a generic failure.
public struct ErrorCodeName: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 64, charset: ASCIISet(low: 0x03ff000000000000, high: 0x07fffffe80000000), at: path())
    }
}

/// Provider selection ID.
public struct ProviderID: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 256, charset: ASCIISet(low: 0x07ffe00000000000, high: 0x07fffffe87fffffe), at: path())
    }
}

/// Model selection ID.
public struct ModelID: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 256, charset: ASCIISet(low: 0x07ffe00000000000, high: 0x07fffffe87fffffe), at: path())
    }
}

/// Display-sanitized label, falling back to a bounded ID.
public struct LabelValue: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 128, at: path())
    }
}

/// RFC 3339 timestamp.
public struct Timestamp: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 64, rfc3339: true, at: path())
    }
}

/// Opaque replay cursor; survives restart while the projected prefix is unchanged.
public struct Cursor: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 128, at: path())
    }
}

/// Package version string; Unix admission requires an exact match.
public struct PackageVersion: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 64, charset: ASCIISet(low: 0x03ff680000000000, high: 0x07fffffe07fffffe), at: path())
    }
}

/// Conversational text, bounded by the general string limit.
public struct TextValue: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 0, maxBytes: 16384, at: path())
    }
}

/// Reasoning choice of a model.
public enum ReasoningLevel: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case `default` = "default"
    case low = "low"
    case medium = "medium"
    case high = "high"
    case xHigh = "x_high"
    case max = "max"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ReasoningLevel value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Settings scope a write targets.
public enum Scope: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case global = "global"
    case project = "project"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown Scope value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Settings layer, in precedence order.
public enum ConfigLayer: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case environment = "environment"
    case project = "project"
    case global = "global"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ConfigLayer value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// A writable setting.
public enum SettingName: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case selection = "selection"
    case thinkingLevel = "thinking_level"
    case fast = "fast"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown SettingName value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Service transport.
public enum Transport: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case unix = "unix"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown Transport value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// How a provider authenticates.
public enum AuthMethod: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case oauth = "oauth"
    case apiKey = "api_key"
    case none = "none"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown AuthMethod value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Where a provider's credential comes from; variable names are never returned.
public enum AuthSource: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case sharedStore = "shared_store"
    case environment = "environment"
    case none = "none"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown AuthSource value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Whether a provider can prepare authentication now.
public enum Readiness: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case ready = "ready"
    case missing = "missing"
    case needsLogin = "needs_login"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown Readiness value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// State of a provider's validated model cache.
public enum CatalogState: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case freshCache = "fresh_cache"
    case stale = "stale"
    case unavailable = "unavailable"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown CatalogState value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Terminal status of a turn.
public enum TurnStatus: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case completed = "completed"
    case cancelled = "cancelled"
    case failed = "failed"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown TurnStatus value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Whether a turn's durable write succeeded.
public enum Persistence: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case committed = "committed"
    case failed = "failed"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown Persistence value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Whether a claimed session has a running turn.
public enum SnapshotState: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case idle = "idle"
    case running = "running"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown SnapshotState value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// State of an operation ID in the operation table.
public enum OperationState: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case accepted = "accepted"
    case settled = "settled"
    case expired = "expired"
    case unknown = "unknown"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown OperationState value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Settled outcome: a turn or login terminal status, or succeeded/failed for other mutations.
public enum OutcomeStatus: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case succeeded = "succeeded"
    case failed = "failed"
    case completed = "completed"
    case cancelled = "cancelled"
    case exchangeSucceeded = "exchange_succeeded"
    case callbackTimeout = "callback_timeout"
    case callbackFailed = "callback_failed"
    case exchangeFailed = "exchange_failed"
    case authChanged = "auth_changed"
    case storageFailed = "storage_failed"
    case internalError = "internal_error"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown OutcomeStatus value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Progress state of a login.
public enum LoginProgressState: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case authorizationURL = "authorization_url"
    case waiting = "waiting"
    case callbackReceived = "callback_received"
    case callbackAccepted = "callback_accepted"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown LoginProgressState value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Fixed terminal label of a login; no provider text is ever included.
public enum LoginTerminalState: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case exchangeSucceeded = "exchange_succeeded"
    case cancelled = "cancelled"
    case callbackTimeout = "callback_timeout"
    case callbackFailed = "callback_failed"
    case exchangeFailed = "exchange_failed"
    case authChanged = "auth_changed"
    case storageFailed = "storage_failed"
    case internalError = "internal_error"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown LoginTerminalState value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Lifecycle status of an activity.
public enum ActivityStatus: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case queued = "queued"
    case running = "running"
    case writing = "writing"
    case completed = "completed"
    case failed = "failed"
    case cancelled = "cancelled"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ActivityStatus value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// What a lifecycle activity is about; `activity` on finishes.
public enum LifecycleCategory: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case tool = "tool"
    case hook = "hook"
    case contextInjection = "context_injection"
    case subagentBatch = "subagent_batch"
    case subagentTask = "subagent_task"
    case assistant = "assistant"
    case diagnostic = "diagnostic"
    case compaction = "compaction"
    case activity = "activity"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown LifecycleCategory value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// How a tool runs; `unknown` is a literal accepted value, not a wildcard.
///
/// `unknown` is the contract's literal fallback value: it is accepted as itself and never
/// stands for other, unknown values (those are rejected).
public enum ToolTransport: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case local = "local"
    case mcp = "mcp"
    case unknown = "unknown"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ToolTransport value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Where a context count comes from.
public enum ContextSource: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case fallbackEstimate = "fallback_estimate"
    case tokenizerEstimate = "tokenizer_estimate"
    case fallbackProjection = "fallback_projection"
    case tokenizerProjection = "tokenizer_projection"
    case lastProviderUsage = "last_provider_usage"
    case providerExact = "provider_exact"
    case providerPartial = "provider_partial"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ContextSource value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Whether usage is one provider request or whole-run child usage.
public enum UsageSource: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case providerRequest = "provider_request"
    case subagentAggregate = "subagent_aggregate"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown UsageSource value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// State of a context compaction.
public enum CompactionStatus: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case triggered = "triggered"
    case running = "running"
    case completed = "completed"
    case failed = "failed"
    case cancelled = "cancelled"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown CompactionStatus value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Author of a replayed message.
public enum ReplayRole: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case user = "user"
    case assistant = "assistant"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ReplayRole value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Terminal label of a replayed turn.
public enum ReplayTerminalStatus: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case completed = "completed"
    case cancelled = "cancelled"
    case failed = "failed"
    case compactionRequired = "compaction_required"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ReplayTerminalStatus value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Status recorded by a turn-end message.
public enum TurnEndStatus: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case completed = "completed"
    case failed = "failed"
    case cancelled = "cancelled"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown TurnEndStatus value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Kind of a permission option.
public enum PermissionKind: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case allowOnce = "allow-once"
    case allowAlways = "allow-always"
    case rejectOnce = "reject-once"
    case rejectAlways = "reject-always"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown PermissionKind value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Error with a stable code and a short fixed message; request data is never included.
public struct ErrorObject: Codable, Hashable, Sendable {
    /// Stable error code.
    public let code: ErrorCodeName
    /// Fixed message of the code.
    public let message: String

    public init(code: ErrorCodeName, message: String) {
        self.code = code
        self.message = message
    }

    private enum CodingKeys: String, CodingKey {
        case code
        case message
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.code = try c.decode(ErrorCodeName.self, forKey: .code)
        self.message = try c.decode(String.self, forKey: .message)
        do {
            let value = self.message
            try Check.string(value, minBytes: 1, maxBytes: 512, at: c.path(.message))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode(message, forKey: .message)
    }
}

/// Session control proof carried by control-requiring mutations.
public struct Control: Codable, Hashable, Sendable {
    /// Claim ID returned by session.claim.
    public let claimID: OpaqueID
    /// Grant generation returned by session.claim.
    public let grantGeneration: UInt64

    public init(claimID: OpaqueID, grantGeneration: UInt64) {
        self.claimID = claimID
        self.grantGeneration = grantGeneration
    }

    private enum CodingKeys: String, CodingKey {
        case claimID = "claim_id"
        case grantGeneration = "grant_generation"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.claimID = try c.decode(OpaqueID.self, forKey: .claimID)
        self.grantGeneration = try c.decode(UInt64.self, forKey: .grantGeneration)
        do {
            let value = self.grantGeneration
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.grantGeneration))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(claimID, forKey: .claimID)
        try c.encode(grantGeneration, forKey: .grantGeneration)
    }
}

/// Advertised limits: every declared limit is required; unknown keys are extensions that must still be positive
/// integers.
public struct LimitMap: Codable, Hashable, Sendable {
    /// Keys every map must hold.
    public static let requiredKeys: [String] = ["max_record_bytes", "max_payload_bytes", "max_error_message_bytes", "max_id_bytes", "max_name_bytes", "max_string_bytes", "max_json_depth", "max_array_items", "max_object_fields", "max_negotiation_items", "max_session_attachments", "max_session_page_items", "max_session_replay_page_bytes", "max_session_replay_window_bytes", "max_session_list_scan_entries", "max_catalog_page_items", "max_connections", "max_inflight_requests", "max_active_turns", "max_retained_operations", "operation_retention_ms", "operation_tombstone_ms", "max_snapshot_text_bytes", "turn_event_queue_items", "handshake_timeout_ms", "framing_timeout_ms", "cancel_grace_ms"]
    /// Every entry, known keys and extensions alike.
    public let values: [String: UInt64]

    public init(_ values: [String: UInt64]) {
        self.values = values
    }

    public subscript(key: String) -> UInt64? {
        values[key]
    }

    public init(from decoder: Decoder) throws {
        let values = try decoder.singleValueContainer().decode([String: UInt64].self)
        for key in Self.requiredKeys where values[key] == nil {
            throw SchemaViolation(path: decoder.path, reason: "missing required key \(key)")
        }
        for (key, value) in values {
            try Check.range(value, min: 1, max: 9007199254740991, at: decoder.path + ".\(key)")
        }
        self.values = values
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(values)
    }
}

/// Activity feature flags and the summary bound; not operation names.
public struct ActivityCapabilities: Codable, Hashable, Sendable {
    /// turn.activity events are delivered.
    public let events: Bool
    /// Approval routes exist (unsupported).
    public let approvals: Bool
    /// Steering routes exist (unsupported).
    public let steering: Bool
    /// MCP server lifecycle events exist (unsupported).
    public let mcpServerLifecycle: Bool
    /// MCP tool activity is reported.
    public let mcpToolActivity: Bool
    /// Subagent activity is reported.
    public let subagents: Bool
    /// Raw tool output is delivered (unsupported).
    public let rawToolOutput: Bool
    /// Activity is replayed durably (unsupported).
    public let activityReplay: Bool
    /// Largest reasoning summary text, a feature bound separate from the general limits.
    public let maxSummaryBytes: UInt64

    public init() {
        self.events = true
        self.approvals = false
        self.steering = false
        self.mcpServerLifecycle = false
        self.mcpToolActivity = true
        self.subagents = true
        self.rawToolOutput = false
        self.activityReplay = false
        self.maxSummaryBytes = 2048
    }

    private enum CodingKeys: String, CodingKey {
        case events
        case approvals
        case steering
        case mcpServerLifecycle = "mcp_server_lifecycle"
        case mcpToolActivity = "mcp_tool_activity"
        case subagents
        case rawToolOutput = "raw_tool_output"
        case activityReplay = "activity_replay"
        case maxSummaryBytes = "max_summary_bytes"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.events = try c.decode(Bool.self, forKey: .events)
        self.approvals = try c.decode(Bool.self, forKey: .approvals)
        self.steering = try c.decode(Bool.self, forKey: .steering)
        self.mcpServerLifecycle = try c.decode(Bool.self, forKey: .mcpServerLifecycle)
        self.mcpToolActivity = try c.decode(Bool.self, forKey: .mcpToolActivity)
        self.subagents = try c.decode(Bool.self, forKey: .subagents)
        self.rawToolOutput = try c.decode(Bool.self, forKey: .rawToolOutput)
        self.activityReplay = try c.decode(Bool.self, forKey: .activityReplay)
        self.maxSummaryBytes = try c.decode(UInt64.self, forKey: .maxSummaryBytes)
        do {
            let value = self.events
            try Check.constant(value, true, at: c.path(.events))
        }
        do {
            let value = self.approvals
            try Check.constant(value, false, at: c.path(.approvals))
        }
        do {
            let value = self.steering
            try Check.constant(value, false, at: c.path(.steering))
        }
        do {
            let value = self.mcpServerLifecycle
            try Check.constant(value, false, at: c.path(.mcpServerLifecycle))
        }
        do {
            let value = self.mcpToolActivity
            try Check.constant(value, true, at: c.path(.mcpToolActivity))
        }
        do {
            let value = self.subagents
            try Check.constant(value, true, at: c.path(.subagents))
        }
        do {
            let value = self.rawToolOutput
            try Check.constant(value, false, at: c.path(.rawToolOutput))
        }
        do {
            let value = self.activityReplay
            try Check.constant(value, false, at: c.path(.activityReplay))
        }
        do {
            let value = self.maxSummaryBytes
            try Check.constant(value, 2048, at: c.path(.maxSummaryBytes))
            try Check.range(value, min: 1, max: 9007199254740991, at: c.path(.maxSummaryBytes))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(events, forKey: .events)
        try c.encode(approvals, forKey: .approvals)
        try c.encode(steering, forKey: .steering)
        try c.encode(mcpServerLifecycle, forKey: .mcpServerLifecycle)
        try c.encode(mcpToolActivity, forKey: .mcpToolActivity)
        try c.encode(subagents, forKey: .subagents)
        try c.encode(rawToolOutput, forKey: .rawToolOutput)
        try c.encode(activityReplay, forKey: .activityReplay)
        try c.encode(maxSummaryBytes, forKey: .maxSummaryBytes)
    }
}

/// Complete capability advertisement of the service.
public struct Capabilities: Codable, Hashable, Sendable {
    /// Wire versions served.
    public let protocolVersions: [UInt16]
    /// Transports served; the in-process core alone advertises none.
    public let transports: [Transport]
    /// Operations served; an unknown one may be left unused.
    public let operations: [Name]
    /// Events the service may send; consumers reject the advertisement if any is unknown.
    public let events: [Name]
    /// Advertised limits.
    public let limits: LimitMap
    /// Activity feature flags.
    public let activity: ActivityCapabilities
    /// Optional profiles offered, each negotiated with `profile.negotiate`; absent when the daemon offers none.
    public let profiles: [ProfileOffer]?

    public init(protocolVersions: [UInt16], transports: [Transport], operations: [Name], events: [Name], limits: LimitMap, activity: ActivityCapabilities, profiles: [ProfileOffer]? = nil) {
        self.protocolVersions = protocolVersions
        self.transports = transports
        self.operations = operations
        self.events = events
        self.limits = limits
        self.activity = activity
        self.profiles = profiles
    }

    private enum CodingKeys: String, CodingKey {
        case protocolVersions = "protocol_versions"
        case transports
        case operations
        case events
        case limits
        case activity
        case profiles
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.protocolVersions = try c.decode([UInt16].self, forKey: .protocolVersions)
        self.transports = try c.decode([Transport].self, forKey: .transports)
        self.operations = try c.decode([Name].self, forKey: .operations)
        self.events = try c.decode([Name].self, forKey: .events)
        self.limits = try c.decode(LimitMap.self, forKey: .limits)
        self.activity = try c.decode(ActivityCapabilities.self, forKey: .activity)
        self.profiles = try c.decodeOptionalNonNull([ProfileOffer].self, forKey: .profiles)
        do {
            let value = self.protocolVersions
            try Check.count(value.count, min: 1, max: 64, at: c.path(.protocolVersions))
        }
        do {
            let value = self.transports
            try Check.count(value.count, min: 0, max: 64, at: c.path(.transports))
        }
        do {
            let value = self.operations
            try Check.count(value.count, min: 0, max: 64, at: c.path(.operations))
        }
        do {
            let value = self.events
            try Check.count(value.count, min: 0, max: 64, at: c.path(.events))
        }
        if let value = self.profiles {
            try Check.count(value.count, min: 1, max: 8, at: c.path(.profiles))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(protocolVersions, forKey: .protocolVersions)
        try c.encode(transports, forKey: .transports)
        try c.encode(operations, forKey: .operations)
        try c.encode(events, forKey: .events)
        try c.encode(limits, forKey: .limits)
        try c.encode(activity, forKey: .activity)
        try c.encodeIfPresent(profiles, forKey: .profiles)
    }
}

/// Selected provider and model.
public struct Selection: Codable, Hashable, Sendable {
    /// Selected provider.
    public let providerID: ProviderID
    /// Selected model.
    public let modelID: ModelID

    public init(providerID: ProviderID, modelID: ModelID) {
        self.providerID = providerID
        self.modelID = modelID
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
        case modelID = "model_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.modelID = try c.decode(ModelID.self, forKey: .modelID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(modelID, forKey: .modelID)
    }
}

/// Authentication readiness of one provider.
public struct AuthProviderStatus: Codable, Hashable, Sendable {
    /// Provider.
    public let providerID: ProviderID
    /// How the provider authenticates.
    public let authMethod: AuthMethod
    /// Where the credential comes from.
    public let source: AuthSource
    /// Readiness now.
    public let readiness: Readiness
    /// True exactly when readiness is ready.
    public let ready: Bool

    public init(providerID: ProviderID, authMethod: AuthMethod, source: AuthSource, readiness: Readiness, ready: Bool) {
        self.providerID = providerID
        self.authMethod = authMethod
        self.source = source
        self.readiness = readiness
        self.ready = ready
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
        case authMethod = "auth_method"
        case source
        case readiness
        case ready
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.authMethod = try c.decode(AuthMethod.self, forKey: .authMethod)
        self.source = try c.decode(AuthSource.self, forKey: .source)
        self.readiness = try c.decode(Readiness.self, forKey: .readiness)
        self.ready = try c.decode(Bool.self, forKey: .ready)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(authMethod, forKey: .authMethod)
        try c.encode(source, forKey: .source)
        try c.encode(readiness, forKey: .readiness)
        try c.encode(ready, forKey: .ready)
    }
}

/// One provider of the catalog.
public struct ProviderEntry: Codable, Hashable, Sendable {
    /// Provider.
    public let providerID: ProviderID
    /// Display label.
    public let label: LabelValue

    public init(providerID: ProviderID, label: LabelValue) {
        self.providerID = providerID
        self.label = label
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
        case label
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.label = try c.decode(LabelValue.self, forKey: .label)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(label, forKey: .label)
    }
}

/// One model of a provider's cached catalog.
public struct ModelEntry: Codable, Hashable, Sendable {
    /// Provider.
    public let providerID: ProviderID
    /// Model.
    public let modelID: ModelID
    /// Display label.
    public let label: LabelValue
    /// Selection eligibility; not auth readiness or inference success.
    public let available: Bool
    /// Context window in tokens; null means unknown.
    public let contextWindow: UInt64?
    /// Output token limit; null means unknown.
    public let maxOutputTokens: UInt64?
    /// Reasoning choices the model offers.
    public let availableThinkingLevels: [ReasoningLevel]

    public init(providerID: ProviderID, modelID: ModelID, label: LabelValue, available: Bool, contextWindow: UInt64? = nil, maxOutputTokens: UInt64? = nil, availableThinkingLevels: [ReasoningLevel]) {
        self.providerID = providerID
        self.modelID = modelID
        self.label = label
        self.available = available
        self.contextWindow = contextWindow
        self.maxOutputTokens = maxOutputTokens
        self.availableThinkingLevels = availableThinkingLevels
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
        case modelID = "model_id"
        case label
        case available
        case contextWindow = "context_window"
        case maxOutputTokens = "max_output_tokens"
        case availableThinkingLevels = "available_thinking_levels"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.modelID = try c.decode(ModelID.self, forKey: .modelID)
        self.label = try c.decode(LabelValue.self, forKey: .label)
        self.available = try c.decode(Bool.self, forKey: .available)
        self.contextWindow = try c.decodeRequiredNullable(UInt64.self, forKey: .contextWindow)
        self.maxOutputTokens = try c.decodeRequiredNullable(UInt64.self, forKey: .maxOutputTokens)
        self.availableThinkingLevels = try c.decode([ReasoningLevel].self, forKey: .availableThinkingLevels)
        if let value = self.contextWindow {
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.contextWindow))
        }
        if let value = self.maxOutputTokens {
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.maxOutputTokens))
        }
        do {
            let value = self.availableThinkingLevels
            try Check.count(value.count, min: 0, max: 6, at: c.path(.availableThinkingLevels))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(modelID, forKey: .modelID)
        try c.encode(label, forKey: .label)
        try c.encode(available, forKey: .available)
        if let value = contextWindow { try c.encode(value, forKey: .contextWindow) } else { try c.encodeNil(forKey: .contextWindow) }
        if let value = maxOutputTokens { try c.encode(value, forKey: .maxOutputTokens) } else { try c.encodeNil(forKey: .maxOutputTokens) }
        try c.encode(availableThinkingLevels, forKey: .availableThinkingLevels)
    }
}

/// Bounded projection of the effective settings, not the settings document.
public struct ConfigProjection: Codable, Hashable, Sendable {
    /// Effective provider and model.
    public let selection: Selection
    /// Resolved supported reasoning level.
    public let thinkingLevel: ReasoningLevel
    /// Merged saved reasoning choice, or default.
    public let configuredThinkingLevel: ReasoningLevel
    /// Reasoning choices of the effective model.
    public let availableThinkingLevels: [ReasoningLevel]
    /// Fast mode (global only).
    public let fast: Bool
    /// Settings layers, highest first.
    public let precedence: [ConfigLayer]
    /// Scopes config.set accepts.
    public let writableScopes: [Scope]
    /// Settings only the global scope accepts.
    public let globalOnly: [SettingName]

    public init(selection: Selection, thinkingLevel: ReasoningLevel, configuredThinkingLevel: ReasoningLevel, availableThinkingLevels: [ReasoningLevel], fast: Bool, precedence: [ConfigLayer], writableScopes: [Scope], globalOnly: [SettingName]) {
        self.selection = selection
        self.thinkingLevel = thinkingLevel
        self.configuredThinkingLevel = configuredThinkingLevel
        self.availableThinkingLevels = availableThinkingLevels
        self.fast = fast
        self.precedence = precedence
        self.writableScopes = writableScopes
        self.globalOnly = globalOnly
    }

    private enum CodingKeys: String, CodingKey {
        case selection
        case thinkingLevel = "thinking_level"
        case configuredThinkingLevel = "configured_thinking_level"
        case availableThinkingLevels = "available_thinking_levels"
        case fast
        case precedence
        case writableScopes = "writable_scopes"
        case globalOnly = "global_only"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.selection = try c.decode(Selection.self, forKey: .selection)
        self.thinkingLevel = try c.decode(ReasoningLevel.self, forKey: .thinkingLevel)
        self.configuredThinkingLevel = try c.decode(ReasoningLevel.self, forKey: .configuredThinkingLevel)
        self.availableThinkingLevels = try c.decode([ReasoningLevel].self, forKey: .availableThinkingLevels)
        self.fast = try c.decode(Bool.self, forKey: .fast)
        self.precedence = try c.decode([ConfigLayer].self, forKey: .precedence)
        self.writableScopes = try c.decode([Scope].self, forKey: .writableScopes)
        self.globalOnly = try c.decode([SettingName].self, forKey: .globalOnly)
        do {
            let value = self.availableThinkingLevels
            try Check.count(value.count, min: 0, max: 6, at: c.path(.availableThinkingLevels))
        }
        do {
            let value = self.precedence
            try Check.count(value.count, min: 0, max: 3, at: c.path(.precedence))
        }
        do {
            let value = self.writableScopes
            try Check.count(value.count, min: 0, max: 2, at: c.path(.writableScopes))
        }
        do {
            let value = self.globalOnly
            try Check.count(value.count, min: 0, max: 3, at: c.path(.globalOnly))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(selection, forKey: .selection)
        try c.encode(thinkingLevel, forKey: .thinkingLevel)
        try c.encode(configuredThinkingLevel, forKey: .configuredThinkingLevel)
        try c.encode(availableThinkingLevels, forKey: .availableThinkingLevels)
        try c.encode(fast, forKey: .fast)
        try c.encode(precedence, forKey: .precedence)
        try c.encode(writableScopes, forKey: .writableScopes)
        try c.encode(globalOnly, forKey: .globalOnly)
    }
}

/// One session of a list page.
public struct SessionSummary: Codable, Hashable, Sendable {
    /// Session.
    public let sessionID: SessionID
    /// Sanitized, redacted title; null when none.
    public let title: String?
    /// Last durable update.
    public let updatedAt: Timestamp
    /// Canonical path of the workspace the session was created for: turns run only in that workspace's daemon
    /// (`turn.start` elsewhere is `session_workspace_mismatch`). Omitted when the session's metadata names none.
    public let workspace: String?

    public init(sessionID: SessionID, title: String? = nil, updatedAt: Timestamp, workspace: String? = nil) {
        self.sessionID = sessionID
        self.title = title
        self.updatedAt = updatedAt
        self.workspace = workspace
    }

    private enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case title
        case updatedAt = "updated_at"
        case workspace
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
        self.title = try c.decodeRequiredNullable(String.self, forKey: .title)
        self.updatedAt = try c.decode(Timestamp.self, forKey: .updatedAt)
        self.workspace = try c.decodeOptionalNonNull(String.self, forKey: .workspace)
        if let value = self.title {
            try Check.string(value, minBytes: 1, maxBytes: 256, at: c.path(.title))
        }
        if let value = self.workspace {
            try Check.string(value, minBytes: 1, maxBytes: 4096, at: c.path(.workspace))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessionID, forKey: .sessionID)
        if let value = title { try c.encode(value, forKey: .title) } else { try c.encodeNil(forKey: .title) }
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(workspace, forKey: .workspace)
    }
}

/// The running turn captured by a claim snapshot.
public struct SnapshotTurn: Codable, Hashable, Sendable {
    /// Running turn.
    public let turnID: OpaqueID
    /// Operation that started it.
    public let operationID: OpaqueID
    /// Last per-turn sequence reflected in the snapshot; later events follow.
    public let sequence: UInt64
    /// Assistant text accepted so far.
    public let assistantText: String

    public init(turnID: OpaqueID, operationID: OpaqueID, sequence: UInt64, assistantText: String) {
        self.turnID = turnID
        self.operationID = operationID
        self.sequence = sequence
        self.assistantText = assistantText
    }

    private enum CodingKeys: String, CodingKey {
        case turnID = "turn_id"
        case operationID = "operation_id"
        case sequence
        case assistantText = "assistant_text"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.operationID = try c.decode(OpaqueID.self, forKey: .operationID)
        self.sequence = try c.decode(UInt64.self, forKey: .sequence)
        self.assistantText = try c.decode(String.self, forKey: .assistantText)
        do {
            let value = self.sequence
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.sequence))
        }
        do {
            let value = self.assistantText
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.assistantText))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(operationID, forKey: .operationID)
        try c.encode(sequence, forKey: .sequence)
        try c.encode(assistantText, forKey: .assistantText)
    }
}

/// Atomic snapshot taken when control is granted.
public struct ClaimSnapshot: Codable, Hashable, Sendable {
    /// Idle or running.
    public let state: SnapshotState
    /// Running turn; null when idle.
    public let turn: SnapshotTurn?
    /// Durable replay position at the snapshot.
    public let replayCursor: Cursor

    public init(state: SnapshotState, turn: SnapshotTurn? = nil, replayCursor: Cursor) {
        self.state = state
        self.turn = turn
        self.replayCursor = replayCursor
    }

    private enum CodingKeys: String, CodingKey {
        case state
        case turn
        case replayCursor = "replay_cursor"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.state = try c.decode(SnapshotState.self, forKey: .state)
        self.turn = try c.decodeRequiredNullable(SnapshotTurn.self, forKey: .turn)
        self.replayCursor = try c.decode(Cursor.self, forKey: .replayCursor)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(state, forKey: .state)
        if let value = turn { try c.encode(value, forKey: .turn) } else { try c.encodeNil(forKey: .turn) }
        try c.encode(replayCursor, forKey: .replayCursor)
    }
}

/// A running turn as session.status reports it.
public struct RunningTurn: Codable, Hashable, Sendable {
    /// Running turn.
    public let turnID: OpaqueID
    /// Always running.
    public let status: String

    public init(turnID: OpaqueID) {
        self.turnID = turnID
        self.status = "running"
    }

    private enum CodingKeys: String, CodingKey {
        case turnID = "turn_id"
        case status
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.status = try c.decode(String.self, forKey: .status)
        do {
            let value = self.status
            try Check.constant(value, "running", at: c.path(.status))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.status))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(status, forKey: .status)
    }
}

/// Settled outcome of an operation.
public struct OperationOutcome: Codable, Hashable, Sendable {
    /// Terminal status, or succeeded/failed.
    public let status: OutcomeStatus
    /// Error of a failed outcome; null otherwise.
    public let error: ErrorObject?

    public init(status: OutcomeStatus, error: ErrorObject? = nil) {
        self.status = status
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case status
        case error
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.status = try c.decode(OutcomeStatus.self, forKey: .status)
        self.error = try c.decodeRequiredNullable(ErrorObject.self, forKey: .error)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(status, forKey: .status)
        if let value = error { try c.encode(value, forKey: .error) } else { try c.encodeNil(forKey: .error) }
    }
}

/// Start, update or finish of a runtime activity.
public struct ActivityLifecycle: Codable, Hashable, Sendable {
    /// Discriminator `kind` of this variant.
    public static let kindTag = "lifecycle"
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    public let activityID: OpaqueID
    /// Parent supplied by a lifecycle start; omitted otherwise, never null.
    public let parentActivityID: OpaqueID?
    /// What the activity is about.
    public let category: LifecycleCategory
    /// Lifecycle status.
    public let status: ActivityStatus
    /// Details are never projected.
    public let detailsOmitted: Bool

    public init(activityID: OpaqueID, parentActivityID: OpaqueID? = nil, category: LifecycleCategory, status: ActivityStatus) {
        self.activityID = activityID
        self.parentActivityID = parentActivityID
        self.category = category
        self.status = status
        self.detailsOmitted = true
    }

    private typealias CodingKeys = Activity.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<Activity.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .kind), "lifecycle", at: c.path(.kind))
        self.activityID = try c.decode(OpaqueID.self, forKey: .activityID)
        self.parentActivityID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentActivityID)
        self.category = try c.decode(LifecycleCategory.self, forKey: .category)
        self.status = try c.decode(ActivityStatus.self, forKey: .status)
        self.detailsOmitted = try c.decode(Bool.self, forKey: .detailsOmitted)
        do {
            let value = self.detailsOmitted
            try Check.constant(value, true, at: c.path(.detailsOmitted))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("lifecycle", forKey: .kind)
        try c.encode(activityID, forKey: .activityID)
        try c.encodeIfPresent(parentActivityID, forKey: .parentActivityID)
        try c.encode(category, forKey: .category)
        try c.encode(status, forKey: .status)
        try c.encode(detailsOmitted, forKey: .detailsOmitted)
    }
}

/// Status of a tool call; never arguments or results.
public struct ActivityTool: Codable, Hashable, Sendable {
    /// Discriminator `kind` of this variant.
    public static let kindTag = "tool"
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    public let activityID: OpaqueID
    /// Parent supplied by a lifecycle start; omitted otherwise, never null.
    public let parentActivityID: OpaqueID?
    /// Hashed tool name.
    public let toolID: OpaqueID
    /// Allowlisted built-in tool name, or null.
    public let toolName: Name?
    /// Hashed MCP server name, or null.
    public let serverID: OpaqueID?
    /// How the tool runs.
    public let transport: ToolTransport
    /// running on start; completed or failed on result.
    public let status: ActivityStatus
    /// Whether a main-agent result timed out; null means unknown.
    public let timedOut: Bool?
    /// Details are never projected.
    public let detailsOmitted: Bool

    public init(activityID: OpaqueID, parentActivityID: OpaqueID? = nil, toolID: OpaqueID, toolName: Name? = nil, serverID: OpaqueID? = nil, transport: ToolTransport, status: ActivityStatus, timedOut: Bool? = nil) {
        self.activityID = activityID
        self.parentActivityID = parentActivityID
        self.toolID = toolID
        self.toolName = toolName
        self.serverID = serverID
        self.transport = transport
        self.status = status
        self.timedOut = timedOut
        self.detailsOmitted = true
    }

    private typealias CodingKeys = Activity.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<Activity.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .kind), "tool", at: c.path(.kind))
        self.activityID = try c.decode(OpaqueID.self, forKey: .activityID)
        self.parentActivityID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentActivityID)
        self.toolID = try c.decode(OpaqueID.self, forKey: .toolID)
        self.toolName = try c.decodeRequiredNullable(Name.self, forKey: .toolName)
        self.serverID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .serverID)
        self.transport = try c.decode(ToolTransport.self, forKey: .transport)
        self.status = try c.decode(ActivityStatus.self, forKey: .status)
        self.timedOut = try c.decodeRequiredNullable(Bool.self, forKey: .timedOut)
        self.detailsOmitted = try c.decode(Bool.self, forKey: .detailsOmitted)
        do {
            let value = self.detailsOmitted
            try Check.constant(value, true, at: c.path(.detailsOmitted))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("tool", forKey: .kind)
        try c.encode(activityID, forKey: .activityID)
        try c.encodeIfPresent(parentActivityID, forKey: .parentActivityID)
        try c.encode(toolID, forKey: .toolID)
        if let value = toolName { try c.encode(value, forKey: .toolName) } else { try c.encodeNil(forKey: .toolName) }
        if let value = serverID { try c.encode(value, forKey: .serverID) } else { try c.encodeNil(forKey: .serverID) }
        try c.encode(transport, forKey: .transport)
        try c.encode(status, forKey: .status)
        if let value = timedOut { try c.encode(value, forKey: .timedOut) } else { try c.encodeNil(forKey: .timedOut) }
        try c.encode(detailsOmitted, forKey: .detailsOmitted)
    }
}

/// Sanitized completed provider reasoning summary.
public struct ActivityReasoningSummary: Codable, Hashable, Sendable {
    /// Discriminator `kind` of this variant.
    public static let kindTag = "reasoning_summary"
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    public let activityID: OpaqueID
    /// Parent supplied by a lifecycle start; omitted otherwise, never null.
    public let parentActivityID: OpaqueID?
    /// Sanitized summary text.
    public let text: String
    /// Whether sanitization changed the text.
    public let redacted: Bool
    /// Whether the size bound removed text.
    public let truncated: Bool

    public init(activityID: OpaqueID, parentActivityID: OpaqueID? = nil, text: String, redacted: Bool, truncated: Bool) {
        self.activityID = activityID
        self.parentActivityID = parentActivityID
        self.text = text
        self.redacted = redacted
        self.truncated = truncated
    }

    private typealias CodingKeys = Activity.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<Activity.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .kind), "reasoning_summary", at: c.path(.kind))
        self.activityID = try c.decode(OpaqueID.self, forKey: .activityID)
        self.parentActivityID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentActivityID)
        self.text = try c.decode(String.self, forKey: .text)
        self.redacted = try c.decode(Bool.self, forKey: .redacted)
        self.truncated = try c.decode(Bool.self, forKey: .truncated)
        do {
            let value = self.text
            try Check.string(value, minBytes: 0, maxBytes: 2048, at: c.path(.text))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("reasoning_summary", forKey: .kind)
        try c.encode(activityID, forKey: .activityID)
        try c.encodeIfPresent(parentActivityID, forKey: .parentActivityID)
        try c.encode(text, forKey: .text)
        try c.encode(redacted, forKey: .redacted)
        try c.encode(truncated, forKey: .truncated)
    }
}

/// Context window usage.
public struct ActivityContext: Codable, Hashable, Sendable {
    /// Discriminator `kind` of this variant.
    public static let kindTag = "context"
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    public let activityID: OpaqueID
    /// Parent supplied by a lifecycle start; omitted otherwise, never null.
    public let parentActivityID: OpaqueID?
    /// Tokens in context.
    public let currentTokens: UInt64
    /// Context window size.
    public let maxTokens: UInt64
    /// Reasoning tokens, or null when unknown.
    public let reasoningTokens: UInt64?
    /// Runtime request counter, not a live sequence.
    public let requestSequence: UInt64
    /// Where the count comes from.
    public let source: ContextSource

    public init(activityID: OpaqueID, parentActivityID: OpaqueID? = nil, currentTokens: UInt64, maxTokens: UInt64, reasoningTokens: UInt64? = nil, requestSequence: UInt64, source: ContextSource) {
        self.activityID = activityID
        self.parentActivityID = parentActivityID
        self.currentTokens = currentTokens
        self.maxTokens = maxTokens
        self.reasoningTokens = reasoningTokens
        self.requestSequence = requestSequence
        self.source = source
    }

    private typealias CodingKeys = Activity.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<Activity.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .kind), "context", at: c.path(.kind))
        self.activityID = try c.decode(OpaqueID.self, forKey: .activityID)
        self.parentActivityID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentActivityID)
        self.currentTokens = try c.decode(UInt64.self, forKey: .currentTokens)
        self.maxTokens = try c.decode(UInt64.self, forKey: .maxTokens)
        self.reasoningTokens = try c.decodeRequiredNullable(UInt64.self, forKey: .reasoningTokens)
        self.requestSequence = try c.decode(UInt64.self, forKey: .requestSequence)
        self.source = try c.decode(ContextSource.self, forKey: .source)
        do {
            let value = self.currentTokens
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.currentTokens))
        }
        do {
            let value = self.maxTokens
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.maxTokens))
        }
        if let value = self.reasoningTokens {
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.reasoningTokens))
        }
        do {
            let value = self.requestSequence
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.requestSequence))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("context", forKey: .kind)
        try c.encode(activityID, forKey: .activityID)
        try c.encodeIfPresent(parentActivityID, forKey: .parentActivityID)
        try c.encode(currentTokens, forKey: .currentTokens)
        try c.encode(maxTokens, forKey: .maxTokens)
        if let value = reasoningTokens { try c.encode(value, forKey: .reasoningTokens) } else { try c.encodeNil(forKey: .reasoningTokens) }
        try c.encode(requestSequence, forKey: .requestSequence)
        try c.encode(source, forKey: .source)
    }
}

/// Token usage of a provider request or a whole subagent run.
public struct ActivityUsage: Codable, Hashable, Sendable {
    /// Discriminator `kind` of this variant.
    public static let kindTag = "usage"
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    public let activityID: OpaqueID
    /// Parent supplied by a lifecycle start; omitted otherwise, never null.
    public let parentActivityID: OpaqueID?
    /// Effective input tokens.
    public let effectiveInput: UInt64
    /// Output tokens.
    public let output: UInt64
    /// Cache-read tokens.
    public let cacheRead: UInt64
    /// Whether cache usage is known.
    public let cacheKnown: Bool
    /// Runtime request counter, not a live sequence.
    public let requestSequence: UInt64
    /// Whether this is the final usage of the request.
    public let finalUsage: Bool
    /// Request or subagent aggregate.
    public let source: UsageSource

    public init(activityID: OpaqueID, parentActivityID: OpaqueID? = nil, effectiveInput: UInt64, output: UInt64, cacheRead: UInt64, cacheKnown: Bool, requestSequence: UInt64, finalUsage: Bool, source: UsageSource) {
        self.activityID = activityID
        self.parentActivityID = parentActivityID
        self.effectiveInput = effectiveInput
        self.output = output
        self.cacheRead = cacheRead
        self.cacheKnown = cacheKnown
        self.requestSequence = requestSequence
        self.finalUsage = finalUsage
        self.source = source
    }

    private typealias CodingKeys = Activity.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<Activity.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .kind), "usage", at: c.path(.kind))
        self.activityID = try c.decode(OpaqueID.self, forKey: .activityID)
        self.parentActivityID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentActivityID)
        self.effectiveInput = try c.decode(UInt64.self, forKey: .effectiveInput)
        self.output = try c.decode(UInt64.self, forKey: .output)
        self.cacheRead = try c.decode(UInt64.self, forKey: .cacheRead)
        self.cacheKnown = try c.decode(Bool.self, forKey: .cacheKnown)
        self.requestSequence = try c.decode(UInt64.self, forKey: .requestSequence)
        self.finalUsage = try c.decode(Bool.self, forKey: .finalUsage)
        self.source = try c.decode(UsageSource.self, forKey: .source)
        do {
            let value = self.effectiveInput
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.effectiveInput))
        }
        do {
            let value = self.output
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.output))
        }
        do {
            let value = self.cacheRead
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.cacheRead))
        }
        do {
            let value = self.requestSequence
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.requestSequence))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("usage", forKey: .kind)
        try c.encode(activityID, forKey: .activityID)
        try c.encodeIfPresent(parentActivityID, forKey: .parentActivityID)
        try c.encode(effectiveInput, forKey: .effectiveInput)
        try c.encode(output, forKey: .output)
        try c.encode(cacheRead, forKey: .cacheRead)
        try c.encode(cacheKnown, forKey: .cacheKnown)
        try c.encode(requestSequence, forKey: .requestSequence)
        try c.encode(finalUsage, forKey: .finalUsage)
        try c.encode(source, forKey: .source)
    }
}

/// Context compaction progress.
public struct ActivityCompaction: Codable, Hashable, Sendable {
    /// Discriminator `kind` of this variant.
    public static let kindTag = "compaction"
    /// Namespace-prefixed SHA-256 ID; not unique per event.
    public let activityID: OpaqueID
    /// Parent supplied by a lifecycle start; omitted otherwise, never null.
    public let parentActivityID: OpaqueID?
    /// Compaction state.
    public let status: CompactionStatus
    /// Tokens for triggered/completed, otherwise null.
    public let currentTokens: UInt64?
    /// Window for triggered/completed, otherwise null.
    public let maxTokens: UInt64?
    /// True for completed/failed/cancelled: refresh durable replay.
    public let replayRequired: Bool

    public init(activityID: OpaqueID, parentActivityID: OpaqueID? = nil, status: CompactionStatus, currentTokens: UInt64? = nil, maxTokens: UInt64? = nil, replayRequired: Bool) {
        self.activityID = activityID
        self.parentActivityID = parentActivityID
        self.status = status
        self.currentTokens = currentTokens
        self.maxTokens = maxTokens
        self.replayRequired = replayRequired
    }

    private typealias CodingKeys = Activity.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<Activity.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .kind), "compaction", at: c.path(.kind))
        self.activityID = try c.decode(OpaqueID.self, forKey: .activityID)
        self.parentActivityID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentActivityID)
        self.status = try c.decode(CompactionStatus.self, forKey: .status)
        self.currentTokens = try c.decodeRequiredNullable(UInt64.self, forKey: .currentTokens)
        self.maxTokens = try c.decodeRequiredNullable(UInt64.self, forKey: .maxTokens)
        self.replayRequired = try c.decode(Bool.self, forKey: .replayRequired)
        if let value = self.currentTokens {
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.currentTokens))
        }
        if let value = self.maxTokens {
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.maxTokens))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("compaction", forKey: .kind)
        try c.encode(activityID, forKey: .activityID)
        try c.encodeIfPresent(parentActivityID, forKey: .parentActivityID)
        try c.encode(status, forKey: .status)
        if let value = currentTokens { try c.encode(value, forKey: .currentTokens) } else { try c.encodeNil(forKey: .currentTokens) }
        if let value = maxTokens { try c.encode(value, forKey: .maxTokens) } else { try c.encodeNil(forKey: .maxTokens) }
        try c.encode(replayRequired, forKey: .replayRequired)
    }
}

/// Allowlisted projection of one runtime activity; fields are flattened.
public enum Activity: Codable, Hashable, Sendable {
    /// Start, update or finish of a runtime activity.
    case lifecycle(ActivityLifecycle)
    /// Status of a tool call; never arguments or results.
    case tool(ActivityTool)
    /// Sanitized completed provider reasoning summary.
    case reasoningSummary(ActivityReasoningSummary)
    /// Context window usage.
    case context(ActivityContext)
    /// Token usage of a provider request or a whole subagent run.
    case usage(ActivityUsage)
    /// Context compaction progress.
    case compaction(ActivityCompaction)

    /// Every variant's member names: one container serves discriminator and variant.
    enum WireKeys: String, CodingKey {
        case kind
        case activityID = "activity_id"
        case parentActivityID = "parent_activity_id"
        case category
        case status
        case detailsOmitted = "details_omitted"
        case toolID = "tool_id"
        case toolName = "tool_name"
        case serverID = "server_id"
        case transport
        case timedOut = "timed_out"
        case text
        case redacted
        case truncated
        case currentTokens = "current_tokens"
        case maxTokens = "max_tokens"
        case reasoningTokens = "reasoning_tokens"
        case requestSequence = "request_sequence"
        case source
        case effectiveInput = "effective_input"
        case output
        case cacheRead = "cache_read"
        case cacheKnown = "cache_known"
        case finalUsage = "final_usage"
        case replayRequired = "replay_required"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: WireKeys.self)
        let tagKind = try c.decode(String.self, forKey: .kind)
        switch tagKind {
        case "lifecycle":
            self = .lifecycle(try ActivityLifecycle(from: c, decoder: decoder))
        case "tool":
            self = .tool(try ActivityTool(from: c, decoder: decoder))
        case "reasoning_summary":
            self = .reasoningSummary(try ActivityReasoningSummary(from: c, decoder: decoder))
        case "context":
            self = .context(try ActivityContext(from: c, decoder: decoder))
        case "usage":
            self = .usage(try ActivityUsage(from: c, decoder: decoder))
        case "compaction":
            self = .compaction(try ActivityCompaction(from: c, decoder: decoder))
        default:
            throw SchemaViolation(path: decoder.path, reason: "unknown Activity discriminator")
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .lifecycle(let value):
            try value.encode(to: encoder)
        case .tool(let value):
            try value.encode(to: encoder)
        case .reasoningSummary(let value):
            try value.encode(to: encoder)
        case .context(let value):
            try value.encode(to: encoder)
        case .usage(let value):
            try value.encode(to: encoder)
        case .compaction(let value):
            try value.encode(to: encoder)
        }
    }
}

/// A part of a user or assistant message.
public struct ReplayItemMessage: Codable, Hashable, Sendable {
    /// Discriminator `kind` of this variant.
    public static let kindTag = "message"
    /// Position after this item; save it only after accepting the item.
    public let cursor: Cursor
    /// Author.
    public let role: ReplayRole
    /// Text part split at a UTF-8 boundary.
    public let text: String
    /// Part index, from zero per message.
    public let part: UInt64
    /// Whether this is the message's last part.
    public let lastPart: Bool

    public init(cursor: Cursor, role: ReplayRole, text: String, part: UInt64, lastPart: Bool) {
        self.cursor = cursor
        self.role = role
        self.text = text
        self.part = part
        self.lastPart = lastPart
    }

    private typealias CodingKeys = ReplayItem.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<ReplayItem.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .kind), "message", at: c.path(.kind))
        self.cursor = try c.decode(Cursor.self, forKey: .cursor)
        self.role = try c.decode(ReplayRole.self, forKey: .role)
        self.text = try c.decode(String.self, forKey: .text)
        self.part = try c.decode(UInt64.self, forKey: .part)
        self.lastPart = try c.decode(Bool.self, forKey: .lastPart)
        do {
            let value = self.text
            try Check.string(value, minBytes: 0, maxBytes: 2048, at: c.path(.text))
        }
        do {
            let value = self.part
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.part))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("message", forKey: .kind)
        try c.encode(cursor, forKey: .cursor)
        try c.encode(role, forKey: .role)
        try c.encode(text, forKey: .text)
        try c.encode(part, forKey: .part)
        try c.encode(lastPart, forKey: .lastPart)
    }
}

/// End of a turn.
public struct ReplayItemTerminal: Codable, Hashable, Sendable {
    /// Discriminator `kind` of this variant.
    public static let kindTag = "terminal"
    /// Position after this item; save it only after accepting the item.
    public let cursor: Cursor
    /// Terminal label.
    public let status: ReplayTerminalStatus

    public init(cursor: Cursor, status: ReplayTerminalStatus) {
        self.cursor = cursor
        self.status = status
    }

    private typealias CodingKeys = ReplayItem.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<ReplayItem.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .kind), "terminal", at: c.path(.kind))
        self.cursor = try c.decode(Cursor.self, forKey: .cursor)
        self.status = try c.decode(ReplayTerminalStatus.self, forKey: .status)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("terminal", forKey: .kind)
        try c.encode(cursor, forKey: .cursor)
        try c.encode(status, forKey: .status)
    }
}

/// A part of a compaction summary that precedes the conversation after its cutoff.
public struct ReplayItemSummary: Codable, Hashable, Sendable {
    /// Discriminator `kind` of this variant.
    public static let kindTag = "summary"
    /// Position after this item; save it only after accepting the item.
    public let cursor: Cursor
    /// Text part split at a UTF-8 boundary.
    public let text: String
    /// Part index, from zero per summary.
    public let part: UInt64
    /// Whether this is the summary's last part.
    public let lastPart: Bool

    public init(cursor: Cursor, text: String, part: UInt64, lastPart: Bool) {
        self.cursor = cursor
        self.text = text
        self.part = part
        self.lastPart = lastPart
    }

    private typealias CodingKeys = ReplayItem.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<ReplayItem.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .kind), "summary", at: c.path(.kind))
        self.cursor = try c.decode(Cursor.self, forKey: .cursor)
        self.text = try c.decode(String.self, forKey: .text)
        self.part = try c.decode(UInt64.self, forKey: .part)
        self.lastPart = try c.decode(Bool.self, forKey: .lastPart)
        do {
            let value = self.text
            try Check.string(value, minBytes: 0, maxBytes: 2048, at: c.path(.text))
        }
        do {
            let value = self.part
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.part))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("summary", forKey: .kind)
        try c.encode(cursor, forKey: .cursor)
        try c.encode(text, forKey: .text)
        try c.encode(part, forKey: .part)
        try c.encode(lastPart, forKey: .lastPart)
    }
}

/// One allowlisted item of the durable replay projection.
public enum ReplayItem: Codable, Hashable, Sendable {
    /// A part of a user or assistant message.
    case message(ReplayItemMessage)
    /// End of a turn.
    case terminal(ReplayItemTerminal)
    /// A part of a compaction summary that precedes the conversation after its cutoff.
    case summary(ReplayItemSummary)

    /// Every variant's member names: one container serves discriminator and variant.
    enum WireKeys: String, CodingKey {
        case kind
        case cursor
        case role
        case text
        case part
        case lastPart = "last_part"
        case status
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: WireKeys.self)
        let tagKind = try c.decode(String.self, forKey: .kind)
        switch tagKind {
        case "message":
            self = .message(try ReplayItemMessage(from: c, decoder: decoder))
        case "terminal":
            self = .terminal(try ReplayItemTerminal(from: c, decoder: decoder))
        case "summary":
            self = .summary(try ReplayItemSummary(from: c, decoder: decoder))
        default:
            throw SchemaViolation(path: decoder.path, reason: "unknown ReplayItem discriminator")
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .message(let value):
            try value.encode(to: encoder)
        case .terminal(let value):
            try value.encode(to: encoder)
        case .summary(let value):
            try value.encode(to: encoder)
        }
    }
}

/// The one JSON object start-or-connect prints on success.
public struct Discovery: Codable, Hashable, Sendable {
    /// Discovery format version, separate from the wire version.
    public let discoveryVersion: UInt16
    /// Absolute path of the daemon socket.
    public let socket: String
    /// Daemon process ID.
    public let pid: UInt32
    /// Daemon package version.
    public let version: PackageVersion
    /// Serving instance.
    public let instanceID: OpaqueID
    /// Opaque workspace identity.
    public let workspaceID: OpaqueID
    /// Opaque state root identity.
    public let stateRootID: OpaqueID
    /// Whether this invocation started the daemon.
    public let started: Bool

    public init(socket: String, pid: UInt32, version: PackageVersion, instanceID: OpaqueID, workspaceID: OpaqueID, stateRootID: OpaqueID, started: Bool) {
        self.discoveryVersion = 1
        self.socket = socket
        self.pid = pid
        self.version = version
        self.instanceID = instanceID
        self.workspaceID = workspaceID
        self.stateRootID = stateRootID
        self.started = started
    }

    private enum CodingKeys: String, CodingKey {
        case discoveryVersion = "discovery_version"
        case socket
        case pid
        case version
        case instanceID = "instance_id"
        case workspaceID = "workspace_id"
        case stateRootID = "state_root_id"
        case started
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.discoveryVersion = try c.decode(UInt16.self, forKey: .discoveryVersion)
        self.socket = try c.decode(String.self, forKey: .socket)
        self.pid = try c.decode(UInt32.self, forKey: .pid)
        self.version = try c.decode(PackageVersion.self, forKey: .version)
        self.instanceID = try c.decode(OpaqueID.self, forKey: .instanceID)
        self.workspaceID = try c.decode(OpaqueID.self, forKey: .workspaceID)
        self.stateRootID = try c.decode(OpaqueID.self, forKey: .stateRootID)
        self.started = try c.decode(Bool.self, forKey: .started)
        do {
            let value = self.discoveryVersion
            try Check.constant(value, 1, at: c.path(.discoveryVersion))
        }
        do {
            let value = self.socket
            try Check.string(value, minBytes: 1, maxBytes: 4096, at: c.path(.socket))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(discoveryVersion, forKey: .discoveryVersion)
        try c.encode(socket, forKey: .socket)
        try c.encode(pid, forKey: .pid)
        try c.encode(version, forKey: .version)
        try c.encode(instanceID, forKey: .instanceID)
        try c.encode(workspaceID, forKey: .workspaceID)
        try c.encode(stateRootID, forKey: .stateRootID)
        try c.encode(started, forKey: .started)
    }
}

/// The one JSON object start-or-connect prints on failure, under `error`.
public struct LaunchError: Codable, Hashable, Sendable {
    /// Stable launch error code and message.
    public let error: ErrorObject

    public init(error: ErrorObject) {
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case error
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.error = try c.decode(ErrorObject.self, forKey: .error)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(error, forKey: .error)
    }
}

/// First line a client sends after connecting.
public struct HandshakeRequest: Codable, Hashable, Sendable {
    /// Handshake protocol name.
    public let handshake: String
    /// Client package version; must match exactly.
    public let version: PackageVersion
    /// Canonical workspace path the client expects.
    public let workspace: String

    public init(version: PackageVersion, workspace: String) {
        self.handshake = "agentwire-unix"
        self.version = version
        self.workspace = workspace
    }

    private enum CodingKeys: String, CodingKey {
        case handshake
        case version
        case workspace
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.handshake = try c.decode(String.self, forKey: .handshake)
        self.version = try c.decode(PackageVersion.self, forKey: .version)
        self.workspace = try c.decode(String.self, forKey: .workspace)
        do {
            let value = self.handshake
            try Check.constant(value, "agentwire-unix", at: c.path(.handshake))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.handshake))
        }
        do {
            let value = self.workspace
            try Check.string(value, minBytes: 1, maxBytes: 4096, at: c.path(.workspace))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(handshake, forKey: .handshake)
        try c.encode(version, forKey: .version)
        try c.encode(workspace, forKey: .workspace)
    }
}

/// Identity accepted; wire v2 initialize follows.
public struct HandshakeReplyAccepted: Codable, Hashable, Sendable {
    /// Discriminator `status` of this variant.
    public static let statusTag = "accepted"
    /// Handshake protocol name.
    public let handshake: String
    /// Server package version.
    public let version: PackageVersion
    /// Daemon process ID.
    public let pid: UInt32
    /// Serving instance.
    public let instanceID: OpaqueID
    /// Opaque workspace identity.
    public let workspaceID: OpaqueID
    /// Opaque state root identity.
    public let stateRootID: OpaqueID

    public init(version: PackageVersion, pid: UInt32, instanceID: OpaqueID, workspaceID: OpaqueID, stateRootID: OpaqueID) {
        self.handshake = "agentwire-unix"
        self.version = version
        self.pid = pid
        self.instanceID = instanceID
        self.workspaceID = workspaceID
        self.stateRootID = stateRootID
    }

    private typealias CodingKeys = HandshakeReply.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<HandshakeReply.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .status), "accepted", at: c.path(.status))
        self.handshake = try c.decode(String.self, forKey: .handshake)
        self.version = try c.decode(PackageVersion.self, forKey: .version)
        self.pid = try c.decode(UInt32.self, forKey: .pid)
        self.instanceID = try c.decode(OpaqueID.self, forKey: .instanceID)
        self.workspaceID = try c.decode(OpaqueID.self, forKey: .workspaceID)
        self.stateRootID = try c.decode(OpaqueID.self, forKey: .stateRootID)
        do {
            let value = self.handshake
            try Check.constant(value, "agentwire-unix", at: c.path(.handshake))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.handshake))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("accepted", forKey: .status)
        try c.encode(handshake, forKey: .handshake)
        try c.encode(version, forKey: .version)
        try c.encode(pid, forKey: .pid)
        try c.encode(instanceID, forKey: .instanceID)
        try c.encode(workspaceID, forKey: .workspaceID)
        try c.encode(stateRootID, forKey: .stateRootID)
    }
}

/// Identity refused; the server closes the connection.
public struct HandshakeReplyRejected: Codable, Hashable, Sendable {
    /// Discriminator `status` of this variant.
    public static let statusTag = "rejected"
    /// Handshake protocol name.
    public let handshake: String
    /// Why.
    public let code: HandshakeRejection
    /// Fixed message of the code.
    public let message: String

    public init(code: HandshakeRejection, message: String) {
        self.handshake = "agentwire-unix"
        self.code = code
        self.message = message
    }

    private typealias CodingKeys = HandshakeReply.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<HandshakeReply.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .status), "rejected", at: c.path(.status))
        self.handshake = try c.decode(String.self, forKey: .handshake)
        self.code = try c.decode(HandshakeRejection.self, forKey: .code)
        self.message = try c.decode(String.self, forKey: .message)
        do {
            let value = self.handshake
            try Check.constant(value, "agentwire-unix", at: c.path(.handshake))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.handshake))
        }
        do {
            let value = self.message
            try Check.string(value, minBytes: 1, maxBytes: 512, at: c.path(.message))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("rejected", forKey: .status)
        try c.encode(handshake, forKey: .handshake)
        try c.encode(code, forKey: .code)
        try c.encode(message, forKey: .message)
    }
}

/// Server's one-line handshake reply.
public enum HandshakeReply: Codable, Hashable, Sendable {
    /// Identity accepted; wire v2 initialize follows.
    case accepted(HandshakeReplyAccepted)
    /// Identity refused; the server closes the connection.
    case rejected(HandshakeReplyRejected)

    /// Every variant's member names: one container serves discriminator and variant.
    enum WireKeys: String, CodingKey {
        case status
        case handshake
        case version
        case pid
        case instanceID = "instance_id"
        case workspaceID = "workspace_id"
        case stateRootID = "state_root_id"
        case code
        case message
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: WireKeys.self)
        let tagStatus = try c.decode(String.self, forKey: .status)
        switch tagStatus {
        case "accepted":
            self = .accepted(try HandshakeReplyAccepted(from: c, decoder: decoder))
        case "rejected":
            self = .rejected(try HandshakeReplyRejected(from: c, decoder: decoder))
        default:
            throw SchemaViolation(path: decoder.path, reason: "unknown HandshakeReply discriminator")
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .accepted(let value):
            try value.encode(to: encoder)
        case .rejected(let value):
            try value.encode(to: encoder)
        }
    }
}

/// Handshake rejection code.
public enum HandshakeRejection: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case versionMismatch = "version_mismatch"
    case workspaceMismatch = "workspace_mismatch"
    case invalidHandshake = "invalid_handshake"
    case connectionLimit = "connection_limit"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown HandshakeRejection value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// Offer the URL for opening, display or copying; the service launches no browser.
public struct LoginProgressAuthorizationURL: Codable, Hashable, Sendable {
    /// Discriminator `state` of this variant.
    public static let stateTag = "authorization_url"
    /// The login.
    public let loginID: OpaqueID
    /// Provider.
    public let providerID: ProviderID
    /// Transient authorization URL.
    public let url: String
    /// The client should offer to open it.
    public let openBrowser: Bool

    public init(loginID: OpaqueID, providerID: ProviderID, url: String) {
        self.loginID = loginID
        self.providerID = providerID
        self.url = url
        self.openBrowser = true
    }

    private typealias CodingKeys = LoginProgress.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<LoginProgress.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .state), "authorization_url", at: c.path(.state))
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.url = try c.decode(String.self, forKey: .url)
        self.openBrowser = try c.decode(Bool.self, forKey: .openBrowser)
        do {
            let value = self.url
            try Check.string(value, minBytes: 1, maxBytes: 4096, at: c.path(.url))
        }
        do {
            let value = self.openBrowser
            try Check.constant(value, true, at: c.path(.openBrowser))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("authorization_url", forKey: .state)
        try c.encode(loginID, forKey: .loginID)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(url, forKey: .url)
        try c.encode(openBrowser, forKey: .openBrowser)
    }
}

/// Waiting for the loopback redirect or a manual callback.
public struct LoginProgressWaiting: Codable, Hashable, Sendable {
    /// Discriminator `state` of this variant.
    public static let stateTag = "waiting"
    /// The login.
    public let loginID: OpaqueID
    /// Provider.
    public let providerID: ProviderID

    public init(loginID: OpaqueID, providerID: ProviderID) {
        self.loginID = loginID
        self.providerID = providerID
    }

    private typealias CodingKeys = LoginProgress.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<LoginProgress.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .state), "waiting", at: c.path(.state))
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("waiting", forKey: .state)
        try c.encode(loginID, forKey: .loginID)
        try c.encode(providerID, forKey: .providerID)
    }
}

/// A callback arrived; validation follows.
public struct LoginProgressCallbackReceived: Codable, Hashable, Sendable {
    /// Discriminator `state` of this variant.
    public static let stateTag = "callback_received"
    /// The login.
    public let loginID: OpaqueID
    /// Provider.
    public let providerID: ProviderID

    public init(loginID: OpaqueID, providerID: ProviderID) {
        self.loginID = loginID
        self.providerID = providerID
    }

    private typealias CodingKeys = LoginProgress.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<LoginProgress.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .state), "callback_received", at: c.path(.state))
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("callback_received", forKey: .state)
        try c.encode(loginID, forKey: .loginID)
        try c.encode(providerID, forKey: .providerID)
    }
}

/// The callback was valid; token exchange follows.
public struct LoginProgressCallbackAccepted: Codable, Hashable, Sendable {
    /// Discriminator `state` of this variant.
    public static let stateTag = "callback_accepted"
    /// The login.
    public let loginID: OpaqueID
    /// Provider.
    public let providerID: ProviderID

    public init(loginID: OpaqueID, providerID: ProviderID) {
        self.loginID = loginID
        self.providerID = providerID
    }

    private typealias CodingKeys = LoginProgress.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<LoginProgress.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .state), "callback_accepted", at: c.path(.state))
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("callback_accepted", forKey: .state)
        try c.encode(loginID, forKey: .loginID)
        try c.encode(providerID, forKey: .providerID)
    }
}

/// Login progress payload; only the first state carries the authorization URL.
public enum LoginProgress: Codable, Hashable, Sendable {
    /// Offer the URL for opening, display or copying; the service launches no browser.
    case authorizationURL(LoginProgressAuthorizationURL)
    /// Waiting for the loopback redirect or a manual callback.
    case waiting(LoginProgressWaiting)
    /// A callback arrived; validation follows.
    case callbackReceived(LoginProgressCallbackReceived)
    /// The callback was valid; token exchange follows.
    case callbackAccepted(LoginProgressCallbackAccepted)

    /// Every variant's member names: one container serves discriminator and variant.
    enum WireKeys: String, CodingKey {
        case state
        case loginID = "login_id"
        case providerID = "provider_id"
        case url
        case openBrowser = "open_browser"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: WireKeys.self)
        let tagState = try c.decode(String.self, forKey: .state)
        switch tagState {
        case "authorization_url":
            self = .authorizationURL(try LoginProgressAuthorizationURL(from: c, decoder: decoder))
        case "waiting":
            self = .waiting(try LoginProgressWaiting(from: c, decoder: decoder))
        case "callback_received":
            self = .callbackReceived(try LoginProgressCallbackReceived(from: c, decoder: decoder))
        case "callback_accepted":
            self = .callbackAccepted(try LoginProgressCallbackAccepted(from: c, decoder: decoder))
        default:
            throw SchemaViolation(path: decoder.path, reason: "unknown LoginProgress discriminator")
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .authorizationURL(let value):
            try value.encode(to: encoder)
        case .waiting(let value):
            try value.encode(to: encoder)
        case .callbackReceived(let value):
            try value.encode(to: encoder)
        case .callbackAccepted(let value):
            try value.encode(to: encoder)
        }
    }
}

/// Name of an optional profile.
public struct ProfileName: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 64, charset: ASCIISet(low: 0x0000000000000000, high: 0x07fffffe80000000), at: path())
    }
}

/// One optional profile the daemon offers, with the versions it negotiates.
public struct ProfileOffer: Codable, Hashable, Sendable {
    /// The profile.
    public let name: ProfileName
    /// Versions offered, each at least 1.
    public let versions: [UInt32]

    public init(name: ProfileName, versions: [UInt32]) {
        self.name = name
        self.versions = versions
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case versions
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.name = try c.decode(ProfileName.self, forKey: .name)
        self.versions = try c.decode([UInt32].self, forKey: .versions)
        do {
            let value = self.versions
            try Check.count(value.count, min: 1, max: 8, at: c.path(.versions))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(versions, forKey: .versions)
    }
}

/// The limits of a negotiated profile with their effective values: every limit the profile declares; unknown keys are
/// extensions that must still be positive integers.
public struct ProfileLimitMap: Codable, Hashable, Sendable {
    /// Keys every map must hold.
    public static let requiredKeys: [String] = []
    /// Every entry, known keys and extensions alike.
    public let values: [String: UInt64]

    public init(_ values: [String: UInt64]) {
        self.values = values
    }

    public subscript(key: String) -> UInt64? {
        values[key]
    }

    public init(from decoder: Decoder) throws {
        let values = try decoder.singleValueContainer().decode([String: UInt64].self)
        for key in Self.requiredKeys where values[key] == nil {
            throw SchemaViolation(path: decoder.path, reason: "missing required key \(key)")
        }
        for (key, value) in values {
            try Check.range(value, min: 1, max: 9007199254740991, at: decoder.path + ".\(key)")
        }
        self.values = values
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(values)
    }
}

/// What a tool call does, as ACP names its tool kinds.
public enum ToolKind: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case read = "read"
    case edit = "edit"
    case delete = "delete"
    case move = "move"
    case search = "search"
    case execute = "execute"
    case think = "think"
    case fetch = "fetch"
    case switchMode = "switch_mode"
    case other = "other"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ToolKind value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// How an approval ended: an offered option was chosen, or the agent was answered cancelled.
public enum ApprovalOutcome: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case selected = "selected"
    case cancelled = "cancelled"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ApprovalOutcome value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// What decided an approval: the person through `approval.respond`, the daemon's policy (a bound, an unanswerable
/// request), the deadline, or `turn.cancel`.
public enum ApprovalDecider: String, Codable, WireString, CaseIterable, Hashable, Sendable {
    case person = "person"
    case policy = "policy"
    case deadline = "deadline"
    case cancel = "cancel"

    public init(wire raw: String, at path: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(path: path(), reason: "unknown ApprovalDecider value")
        }
        self = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }
}

/// An edit of one file.
public struct ApprovalChangeDiff: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "diff"
    /// The file, as the agent named it.
    public let path: TextValue
    /// Its text before; null for a new file.
    public let oldText: TextValue?
    /// Its text after.
    public let newText: TextValue

    public init(path: TextValue, oldText: TextValue? = nil, newText: TextValue) {
        self.path = path
        self.oldText = oldText
        self.newText = newText
    }

    private typealias CodingKeys = ApprovalChange.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<ApprovalChange.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "diff", at: c.path(.type))
        self.path = try c.decode(TextValue.self, forKey: .path)
        self.oldText = try c.decodeRequiredNullable(TextValue.self, forKey: .oldText)
        self.newText = try c.decode(TextValue.self, forKey: .newText)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("diff", forKey: .type)
        try c.encode(path, forKey: .path)
        if let value = oldText { try c.encode(value, forKey: .oldText) } else { try c.encodeNil(forKey: .oldText) }
        try c.encode(newText, forKey: .newText)
    }
}

/// A command line to run.
public struct ApprovalChangeCommand: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "command"
    /// The command line.
    public let command: TextValue

    public init(command: TextValue) {
        self.command = command
    }

    private typealias CodingKeys = ApprovalChange.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<ApprovalChange.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "command", at: c.path(.type))
        self.command = try c.decode(TextValue.self, forKey: .command)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("command", forKey: .type)
        try c.encode(command, forKey: .command)
    }
}

/// The change a tool call proposes, when the agent sent one.
public enum ApprovalChange: Codable, Hashable, Sendable {
    /// An edit of one file.
    case diff(ApprovalChangeDiff)
    /// A command line to run.
    case command(ApprovalChangeCommand)

    /// Every variant's member names: one container serves discriminator and variant.
    enum WireKeys: String, CodingKey {
        case type
        case path
        case oldText = "old_text"
        case newText = "new_text"
        case command
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: WireKeys.self)
        let tagType = try c.decode(String.self, forKey: .type)
        switch tagType {
        case "diff":
            self = .diff(try ApprovalChangeDiff(from: c, decoder: decoder))
        case "command":
            self = .command(try ApprovalChangeCommand(from: c, decoder: decoder))
        default:
            throw SchemaViolation(path: decoder.path, reason: "unknown ApprovalChange discriminator")
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .diff(let value):
            try value.encode(to: encoder)
        case .command(let value):
            try value.encode(to: encoder)
        }
    }
}

/// One answer a permission request offers.
public struct PermissionOption: Codable, Hashable, Sendable {
    /// Option ID a permission-response names.
    public let id: OpaqueID
    /// Display label.
    public let label: String
    /// What choosing it means.
    public let kind: PermissionKind

    public init(id: OpaqueID, label: String, kind: PermissionKind) {
        self.id = id
        self.label = label
        self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case label
        case kind
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.label = try c.decode(String.self, forKey: .label)
        self.kind = try c.decode(PermissionKind.self, forKey: .kind)
        do {
            let value = self.label
            try Check.string(value, minBytes: 1, maxBytes: 16384, at: c.path(.label))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(label, forKey: .label)
        try c.encode(kind, forKey: .kind)
    }
}

/// A tool's own name, as the model or MCP server spells it (any characters, such as `Bash` or `create-issue`).
public struct ToolName: Codable, WireString, Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Validates `value` against the type's bounds.
    public init(_ value: String) throws {
        try Self.validate(value, at: "$")
        self.value = value
    }

    /// For literals the generator has already checked (spec defaults).
    init(unchecked value: String) {
        self.value = value
    }

    public init(wire value: String, at path: @autoclosure () -> String) throws {
        try Self.validate(value, at: path())
        self.value = value
    }

    public init(from decoder: Decoder) throws {
        try self.init(wire: decoder.singleValueContainer().decode(String.self), at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public var description: String {
        value
    }

    static func validate(_ value: String, at path: @autoclosure () -> String) throws {
        try Check.string(value, minBytes: 1, maxBytes: 256, at: path())
    }
}

/// The agent begins processing a prompt.
public struct SessionMessageAgentTurnStart: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "turn-start"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID.
    public let turn: OpaqueID

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "turn-start", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decode(OpaqueID.self, forKey: .turn)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("turn-start", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(turn, forKey: .turn)
    }
}

/// The agent finished processing.
public struct SessionMessageAgentTurnEnd: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "turn-end"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID.
    public let turn: OpaqueID
    /// How the turn ended.
    public let status: TurnEndStatus

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID, status: TurnEndStatus) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.status = status
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "turn-end", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decode(OpaqueID.self, forKey: .turn)
        self.status = try c.decode(TurnEndStatus.self, forKey: .status)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("turn-end", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(turn, forKey: .turn)
        try c.encode(status, forKey: .status)
    }
}

/// Agent text: visible output or thinking.
public struct SessionMessageAgentText: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "text"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID.
    public let turn: OpaqueID
    /// Markdown text.
    public let text: TextValue
    /// True for reasoning; false or omitted for visible output.
    public let thinking: Bool?

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID, text: TextValue, thinking: Bool? = nil) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.text = text
        self.thinking = thinking
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "text", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decode(OpaqueID.self, forKey: .turn)
        self.text = try c.decode(TextValue.self, forKey: .text)
        self.thinking = try c.decodeOptionalNonNull(Bool.self, forKey: .thinking)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("text", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(turn, forKey: .turn)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(thinking, forKey: .thinking)
    }
}

/// A user prompt.
public struct SessionMessageUserText: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "text"
    /// Discriminator `role` of this variant.
    public static let roleTag = "user"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID of the turn the prompt started, as in the document's MessageBase.
    public let turn: OpaqueID?
    /// Prompt text.
    public let text: TextValue
    /// Never present ("User messages never set thinking"): no value is non-blank within zero bytes, so every decoder
    /// rejects any value.
    public let thinking: String?

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID? = nil, text: TextValue, thinking: String? = nil) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.text = text
        self.thinking = thinking
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "text", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "user", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .turn)
        self.text = try c.decode(TextValue.self, forKey: .text)
        self.thinking = try c.decodeOptionalNonNull(String.self, forKey: .thinking)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
        if let value = self.thinking {
            try Check.string(value, minBytes: 0, maxBytes: 0, nonBlank: true, at: c.path(.thinking))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("text", forKey: .type)
        try c.encode("user", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encodeIfPresent(turn, forKey: .turn)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(thinking, forKey: .thinking)
    }
}

/// The model decided to invoke a tool.
public struct SessionMessageAgentToolCallStart: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "tool-call-start"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID.
    public let turn: OpaqueID
    /// Tool call ID, matched by tool-call-end.
    public let callID: OpaqueID
    /// The tool's own name.
    public let toolName: ToolName
    /// Short inline-markdown summary.
    public let title: TextValue
    /// Longer inline-markdown description.
    public let description: TextValue
    /// Tool input arguments; the daemon stores oversized ones with their structure kept and long values cut, each cut
    /// marked.
    public let args: JSONObject
    /// Label of the subagent this call spawns.
    public let agentTitle: TextValue?

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID, callID: OpaqueID, toolName: ToolName, title: TextValue, description: TextValue, args: JSONObject, agentTitle: TextValue? = nil) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.callID = callID
        self.toolName = toolName
        self.title = title
        self.description = description
        self.args = args
        self.agentTitle = agentTitle
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "tool-call-start", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decode(OpaqueID.self, forKey: .turn)
        self.callID = try c.decode(OpaqueID.self, forKey: .callID)
        self.toolName = try c.decode(ToolName.self, forKey: .toolName)
        self.title = try c.decode(TextValue.self, forKey: .title)
        self.description = try c.decode(TextValue.self, forKey: .description)
        self.args = try c.decode(JSONObject.self, forKey: .args)
        self.agentTitle = try c.decodeOptionalNonNull(TextValue.self, forKey: .agentTitle)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("tool-call-start", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(turn, forKey: .turn)
        try c.encode(callID, forKey: .callID)
        try c.encode(toolName, forKey: .toolName)
        try c.encode(title, forKey: .title)
        try c.encode(description, forKey: .description)
        try c.encode(args, forKey: .args)
        try c.encodeIfPresent(agentTitle, forKey: .agentTitle)
    }
}

/// A tool invocation completed.
public struct SessionMessageAgentToolCallEnd: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "tool-call-end"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID.
    public let turn: OpaqueID
    /// Tool call ID of the start.
    public let callID: OpaqueID
    /// Failure description.
    public let error: TextValue?

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID, callID: OpaqueID, error: TextValue? = nil) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.callID = callID
        self.error = error
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "tool-call-end", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decode(OpaqueID.self, forKey: .turn)
        self.callID = try c.decode(OpaqueID.self, forKey: .callID)
        self.error = try c.decodeOptionalNonNull(TextValue.self, forKey: .error)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("tool-call-end", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(turn, forKey: .turn)
        try c.encode(callID, forKey: .callID)
        try c.encodeIfPresent(error, forKey: .error)
    }
}

/// The agent asks the user to approve a tool call. Written when an ACP agent provider sends
/// `session/request_permission`, always after the call's `tool-call-start` (the daemon writes that first for a call the
/// agent never announced) and before its `tool-call-end`; `options` are the answers the agent offered.
public struct SessionMessageAgentPermissionRequest: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "permission-request"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID.
    public let turn: OpaqueID
    /// Tool call awaiting approval.
    public let callID: OpaqueID
    /// The tool's own name.
    public let toolName: ToolName
    /// Short inline-markdown summary.
    public let title: TextValue
    /// Longer description.
    public let description: TextValue?
    /// Tool input arguments.
    public let args: JSONObject?
    /// Answers offered.
    public let options: [PermissionOption]

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID, callID: OpaqueID, toolName: ToolName, title: TextValue, description: TextValue? = nil, args: JSONObject? = nil, options: [PermissionOption]) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.callID = callID
        self.toolName = toolName
        self.title = title
        self.description = description
        self.args = args
        self.options = options
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "permission-request", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decode(OpaqueID.self, forKey: .turn)
        self.callID = try c.decode(OpaqueID.self, forKey: .callID)
        self.toolName = try c.decode(ToolName.self, forKey: .toolName)
        self.title = try c.decode(TextValue.self, forKey: .title)
        self.description = try c.decodeOptionalNonNull(TextValue.self, forKey: .description)
        self.args = try c.decodeOptionalNonNull(JSONObject.self, forKey: .args)
        self.options = try c.decode([PermissionOption].self, forKey: .options)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
        do {
            let value = self.options
            try Check.count(value.count, min: 1, max: 64, at: c.path(.options))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("permission-request", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(turn, forKey: .turn)
        try c.encode(callID, forKey: .callID)
        try c.encode(toolName, forKey: .toolName)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(args, forKey: .args)
        try c.encode(options, forKey: .options)
    }
}

/// The answer to a permission request, recorded with role `user` because it is the person's or stands in for the
/// person, by the person's own configuration. The daemon's configured permission policy for the agent
/// (`[agents.<id>.permissions]` in the global settings: ACP tool kinds to `allow`, `reject` or `ask`; by default
/// `read`, `search`, `think` and `fetch` are allowed and every other kind asks) answers `allow` and `reject` itself,
/// with the offered option of the verdict's kind (`allow-once` before `allow-always`, `reject-once` before
/// `reject-always`), and answers `ask` the same way as `reject` when no connection that negotiated the `approvals`
/// profile controls the session; such an answer has no `decidedBy`. Otherwise the person is asked
/// (`approval.requested`) and the answer names who decided: `person` (the controller's `approval.respond`), `deadline`
/// (nobody answered in time: a reject option) or `policy` (a bound was reached). When the request is answered cancelled
/// (no offered option matches the policy's verdict, a `turn.cancel`, or a deadline with no reject option offered), no
/// `permission-response` is written and a `service` message of the turn says so. A rejected call's `tool-call-end`
/// carries an `error` naming the rejection.
public struct SessionMessageUserPermissionResponse: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "permission-response"
    /// Discriminator `role` of this variant.
    public static let roleTag = "user"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Tool call the answer is for.
    public let callID: OpaqueID
    /// Chosen option.
    public let optionID: OpaqueID
    /// Who decided a request the person was asked about (`person`, `deadline`, `policy`); absent when the configured
    /// policy answered without asking.
    public let decidedBy: ApprovalDecider?

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, callID: OpaqueID, optionID: OpaqueID, decidedBy: ApprovalDecider? = nil) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.callID = callID
        self.optionID = optionID
        self.decidedBy = decidedBy
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "permission-response", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "user", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.callID = try c.decode(OpaqueID.self, forKey: .callID)
        self.optionID = try c.decode(OpaqueID.self, forKey: .optionID)
        self.decidedBy = try c.decodeOptionalNonNull(ApprovalDecider.self, forKey: .decidedBy)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("permission-response", forKey: .type)
        try c.encode("user", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(callID, forKey: .callID)
        try c.encode(optionID, forKey: .optionID)
        try c.encodeIfPresent(decidedBy, forKey: .decidedBy)
    }
}

/// An image the agent produced, uploaded first.
public struct SessionMessageAgentPhoto: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "photo"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID.
    public let turn: OpaqueID
    /// Upload/media reference.
    public let ref: TextValue
    /// Base64 ThumbHash placeholder.
    public let thumbhash: TextValue
    /// Width in pixels.
    public let width: UInt64
    /// Height in pixels.
    public let height: UInt64

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID, ref: TextValue, thumbhash: TextValue, width: UInt64, height: UInt64) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.ref = ref
        self.thumbhash = thumbhash
        self.width = width
        self.height = height
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "photo", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decode(OpaqueID.self, forKey: .turn)
        self.ref = try c.decode(TextValue.self, forKey: .ref)
        self.thumbhash = try c.decode(TextValue.self, forKey: .thumbhash)
        self.width = try c.decode(UInt64.self, forKey: .width)
        self.height = try c.decode(UInt64.self, forKey: .height)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
        do {
            let value = self.width
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.width))
        }
        do {
            let value = self.height
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.height))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("photo", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(turn, forKey: .turn)
        try c.encode(ref, forKey: .ref)
        try c.encode(thumbhash, forKey: .thumbhash)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }
}

/// An image the user sent, uploaded first.
public struct SessionMessageUserPhoto: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "photo"
    /// Discriminator `role` of this variant.
    public static let roleTag = "user"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Upload/media reference.
    public let ref: TextValue
    /// Base64 ThumbHash placeholder.
    public let thumbhash: TextValue
    /// Width in pixels.
    public let width: UInt64
    /// Height in pixels.
    public let height: UInt64

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, ref: TextValue, thumbhash: TextValue, width: UInt64, height: UInt64) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.ref = ref
        self.thumbhash = thumbhash
        self.width = width
        self.height = height
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "photo", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "user", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.ref = try c.decode(TextValue.self, forKey: .ref)
        self.thumbhash = try c.decode(TextValue.self, forKey: .thumbhash)
        self.width = try c.decode(UInt64.self, forKey: .width)
        self.height = try c.decode(UInt64.self, forKey: .height)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
        do {
            let value = self.width
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.width))
        }
        do {
            let value = self.height
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.height))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("photo", forKey: .type)
        try c.encode("user", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(ref, forKey: .ref)
        try c.encode(thumbhash, forKey: .thumbhash)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }
}

/// A video the agent produced, uploaded first.
public struct SessionMessageAgentVideo: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "video"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID.
    public let turn: OpaqueID
    /// Upload/media reference.
    public let ref: TextValue
    /// Base64 ThumbHash poster placeholder.
    public let thumbhash: TextValue
    /// Width in pixels.
    public let width: UInt64
    /// Height in pixels.
    public let height: UInt64
    /// Duration in milliseconds.
    public let durationMs: UInt64
    /// MIME type.
    public let mimeType: TextValue
    /// Size in bytes.
    public let size: UInt64

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID, ref: TextValue, thumbhash: TextValue, width: UInt64, height: UInt64, durationMs: UInt64, mimeType: TextValue, size: UInt64) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.ref = ref
        self.thumbhash = thumbhash
        self.width = width
        self.height = height
        self.durationMs = durationMs
        self.mimeType = mimeType
        self.size = size
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "video", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decode(OpaqueID.self, forKey: .turn)
        self.ref = try c.decode(TextValue.self, forKey: .ref)
        self.thumbhash = try c.decode(TextValue.self, forKey: .thumbhash)
        self.width = try c.decode(UInt64.self, forKey: .width)
        self.height = try c.decode(UInt64.self, forKey: .height)
        self.durationMs = try c.decode(UInt64.self, forKey: .durationMs)
        self.mimeType = try c.decode(TextValue.self, forKey: .mimeType)
        self.size = try c.decode(UInt64.self, forKey: .size)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
        do {
            let value = self.width
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.width))
        }
        do {
            let value = self.height
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.height))
        }
        do {
            let value = self.durationMs
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.durationMs))
        }
        do {
            let value = self.size
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.size))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("video", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(turn, forKey: .turn)
        try c.encode(ref, forKey: .ref)
        try c.encode(thumbhash, forKey: .thumbhash)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(durationMs, forKey: .durationMs)
        try c.encode(mimeType, forKey: .mimeType)
        try c.encode(size, forKey: .size)
    }
}

/// A video the user sent, uploaded first.
public struct SessionMessageUserVideo: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "video"
    /// Discriminator `role` of this variant.
    public static let roleTag = "user"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Upload/media reference.
    public let ref: TextValue
    /// Base64 ThumbHash poster placeholder.
    public let thumbhash: TextValue
    /// Width in pixels.
    public let width: UInt64
    /// Height in pixels.
    public let height: UInt64
    /// Duration in milliseconds.
    public let durationMs: UInt64
    /// MIME type.
    public let mimeType: TextValue
    /// Size in bytes.
    public let size: UInt64

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, ref: TextValue, thumbhash: TextValue, width: UInt64, height: UInt64, durationMs: UInt64, mimeType: TextValue, size: UInt64) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.ref = ref
        self.thumbhash = thumbhash
        self.width = width
        self.height = height
        self.durationMs = durationMs
        self.mimeType = mimeType
        self.size = size
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "video", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "user", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.ref = try c.decode(TextValue.self, forKey: .ref)
        self.thumbhash = try c.decode(TextValue.self, forKey: .thumbhash)
        self.width = try c.decode(UInt64.self, forKey: .width)
        self.height = try c.decode(UInt64.self, forKey: .height)
        self.durationMs = try c.decode(UInt64.self, forKey: .durationMs)
        self.mimeType = try c.decode(TextValue.self, forKey: .mimeType)
        self.size = try c.decode(UInt64.self, forKey: .size)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
        do {
            let value = self.width
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.width))
        }
        do {
            let value = self.height
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.height))
        }
        do {
            let value = self.durationMs
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.durationMs))
        }
        do {
            let value = self.size
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.size))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("video", forKey: .type)
        try c.encode("user", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(ref, forKey: .ref)
        try c.encode(thumbhash, forKey: .thumbhash)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(durationMs, forKey: .durationMs)
        try c.encode(mimeType, forKey: .mimeType)
        try c.encode(size, forKey: .size)
    }
}

/// A file the agent produced, uploaded first.
public struct SessionMessageAgentFile: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "file"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID.
    public let turn: OpaqueID
    /// Upload/media reference.
    public let ref: TextValue
    /// Display filename.
    public let name: TextValue
    /// Size in bytes.
    public let size: UInt64
    /// MIME type.
    public let mimeType: TextValue

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID, ref: TextValue, name: TextValue, size: UInt64, mimeType: TextValue) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.ref = ref
        self.name = name
        self.size = size
        self.mimeType = mimeType
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "file", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decode(OpaqueID.self, forKey: .turn)
        self.ref = try c.decode(TextValue.self, forKey: .ref)
        self.name = try c.decode(TextValue.self, forKey: .name)
        self.size = try c.decode(UInt64.self, forKey: .size)
        self.mimeType = try c.decode(TextValue.self, forKey: .mimeType)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
        do {
            let value = self.size
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.size))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("file", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(turn, forKey: .turn)
        try c.encode(ref, forKey: .ref)
        try c.encode(name, forKey: .name)
        try c.encode(size, forKey: .size)
        try c.encode(mimeType, forKey: .mimeType)
    }
}

/// A file the user sent, uploaded first.
public struct SessionMessageUserFile: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "file"
    /// Discriminator `role` of this variant.
    public static let roleTag = "user"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Upload/media reference.
    public let ref: TextValue
    /// Display filename.
    public let name: TextValue
    /// Size in bytes.
    public let size: UInt64
    /// MIME type.
    public let mimeType: TextValue

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, ref: TextValue, name: TextValue, size: UInt64, mimeType: TextValue) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.ref = ref
        self.name = name
        self.size = size
        self.mimeType = mimeType
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "file", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "user", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.ref = try c.decode(TextValue.self, forKey: .ref)
        self.name = try c.decode(TextValue.self, forKey: .name)
        self.size = try c.decode(UInt64.self, forKey: .size)
        self.mimeType = try c.decode(TextValue.self, forKey: .mimeType)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
        do {
            let value = self.size
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.size))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("file", forKey: .type)
        try c.encode("user", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encode(ref, forKey: .ref)
        try c.encode(name, forKey: .name)
        try c.encode(size, forKey: .size)
        try c.encode(mimeType, forKey: .mimeType)
    }
}

/// Internal or system message, such as a compaction note.
public struct SessionMessageAgentService: Codable, Hashable, Sendable {
    /// Discriminator `type` of this variant.
    public static let typeTag = "service"
    /// Discriminator `role` of this variant.
    public static let roleTag = "agent"
    /// Unique message ID (cuid2).
    public let id: OpaqueID
    /// Unix timestamp in milliseconds.
    public let time: UInt64
    /// callId of the tool call that spawned this message.
    public let parentID: OpaqueID?
    /// Stable identity of the subagent producing this message.
    public let agentID: OpaqueID?
    /// Turn ID, when inside a turn.
    public let turn: OpaqueID?
    /// Message text.
    public let text: TextValue

    public init(id: OpaqueID, time: UInt64, parentID: OpaqueID? = nil, agentID: OpaqueID? = nil, turn: OpaqueID? = nil, text: TextValue) {
        self.id = id
        self.time = time
        self.parentID = parentID
        self.agentID = agentID
        self.turn = turn
        self.text = text
    }

    private typealias CodingKeys = SessionMessage.WireKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<SessionMessage.WireKeys>, decoder: Decoder) throws {
        try Check.constant(try c.decode(String.self, forKey: .type), "service", at: c.path(.type))
        try Check.constant(try c.decode(String.self, forKey: .role), "agent", at: c.path(.role))
        self.id = try c.decode(OpaqueID.self, forKey: .id)
        self.time = try c.decode(UInt64.self, forKey: .time)
        self.parentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentID)
        self.agentID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .agentID)
        self.turn = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .turn)
        self.text = try c.decode(TextValue.self, forKey: .text)
        do {
            let value = self.time
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.time))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("service", forKey: .type)
        try c.encode("agent", forKey: .role)
        try c.encode(id, forKey: .id)
        try c.encode(time, forKey: .time)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(agentID, forKey: .agentID)
        try c.encodeIfPresent(turn, forKey: .turn)
        try c.encode(text, forKey: .text)
    }
}

/// One immutable message of the append-only session stream.
public enum SessionMessage: Codable, Hashable, Sendable {
    /// The agent begins processing a prompt.
    case agentTurnStart(SessionMessageAgentTurnStart)
    /// The agent finished processing.
    case agentTurnEnd(SessionMessageAgentTurnEnd)
    /// Agent text: visible output or thinking.
    case agentText(SessionMessageAgentText)
    /// A user prompt.
    case userText(SessionMessageUserText)
    /// The model decided to invoke a tool.
    case agentToolCallStart(SessionMessageAgentToolCallStart)
    /// A tool invocation completed.
    case agentToolCallEnd(SessionMessageAgentToolCallEnd)
    /// The agent asks the user to approve a tool call. Written when an ACP agent provider sends
    /// `session/request_permission`, always after the call's `tool-call-start` (the daemon writes that first for a call
    /// the agent never announced) and before its `tool-call-end`; `options` are the answers the agent offered.
    case agentPermissionRequest(SessionMessageAgentPermissionRequest)
    /// The answer to a permission request, recorded with role `user` because it is the person's or stands in for the
    /// person, by the person's own configuration. The daemon's configured permission policy for the agent
    /// (`[agents.<id>.permissions]` in the global settings: ACP tool kinds to `allow`, `reject` or `ask`; by default
    /// `read`, `search`, `think` and `fetch` are allowed and every other kind asks) answers `allow` and `reject`
    /// itself, with the offered option of the verdict's kind (`allow-once` before `allow-always`, `reject-once` before
    /// `reject-always`), and answers `ask` the same way as `reject` when no connection that negotiated the `approvals`
    /// profile controls the session; such an answer has no `decidedBy`. Otherwise the person is asked
    /// (`approval.requested`) and the answer names who decided: `person` (the controller's `approval.respond`),
    /// `deadline` (nobody answered in time: a reject option) or `policy` (a bound was reached). When the request is
    /// answered cancelled (no offered option matches the policy's verdict, a `turn.cancel`, or a deadline with no
    /// reject option offered), no `permission-response` is written and a `service` message of the turn says so. A
    /// rejected call's `tool-call-end` carries an `error` naming the rejection.
    case userPermissionResponse(SessionMessageUserPermissionResponse)
    /// An image the agent produced, uploaded first.
    case agentPhoto(SessionMessageAgentPhoto)
    /// An image the user sent, uploaded first.
    case userPhoto(SessionMessageUserPhoto)
    /// A video the agent produced, uploaded first.
    case agentVideo(SessionMessageAgentVideo)
    /// A video the user sent, uploaded first.
    case userVideo(SessionMessageUserVideo)
    /// A file the agent produced, uploaded first.
    case agentFile(SessionMessageAgentFile)
    /// A file the user sent, uploaded first.
    case userFile(SessionMessageUserFile)
    /// Internal or system message, such as a compaction note.
    case agentService(SessionMessageAgentService)

    /// Every variant's member names: one container serves discriminator and variant.
    enum WireKeys: String, CodingKey {
        case type
        case role
        case id
        case time
        case parentID = "parentId"
        case agentID = "agentId"
        case turn
        case status
        case text
        case thinking
        case callID = "callId"
        case toolName
        case title
        case description
        case args
        case agentTitle
        case error
        case options
        case optionID = "optionId"
        case decidedBy
        case ref
        case thumbhash
        case width
        case height
        case durationMs
        case mimeType
        case size
        case name
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: WireKeys.self)
        let tagType = try c.decode(String.self, forKey: .type)
        let tagRole = try c.decode(String.self, forKey: .role)
        switch (tagType, tagRole) {
        case ("turn-start", "agent"):
            self = .agentTurnStart(try SessionMessageAgentTurnStart(from: c, decoder: decoder))
        case ("turn-end", "agent"):
            self = .agentTurnEnd(try SessionMessageAgentTurnEnd(from: c, decoder: decoder))
        case ("text", "agent"):
            self = .agentText(try SessionMessageAgentText(from: c, decoder: decoder))
        case ("text", "user"):
            self = .userText(try SessionMessageUserText(from: c, decoder: decoder))
        case ("tool-call-start", "agent"):
            self = .agentToolCallStart(try SessionMessageAgentToolCallStart(from: c, decoder: decoder))
        case ("tool-call-end", "agent"):
            self = .agentToolCallEnd(try SessionMessageAgentToolCallEnd(from: c, decoder: decoder))
        case ("permission-request", "agent"):
            self = .agentPermissionRequest(try SessionMessageAgentPermissionRequest(from: c, decoder: decoder))
        case ("permission-response", "user"):
            self = .userPermissionResponse(try SessionMessageUserPermissionResponse(from: c, decoder: decoder))
        case ("photo", "agent"):
            self = .agentPhoto(try SessionMessageAgentPhoto(from: c, decoder: decoder))
        case ("photo", "user"):
            self = .userPhoto(try SessionMessageUserPhoto(from: c, decoder: decoder))
        case ("video", "agent"):
            self = .agentVideo(try SessionMessageAgentVideo(from: c, decoder: decoder))
        case ("video", "user"):
            self = .userVideo(try SessionMessageUserVideo(from: c, decoder: decoder))
        case ("file", "agent"):
            self = .agentFile(try SessionMessageAgentFile(from: c, decoder: decoder))
        case ("file", "user"):
            self = .userFile(try SessionMessageUserFile(from: c, decoder: decoder))
        case ("service", "agent"):
            self = .agentService(try SessionMessageAgentService(from: c, decoder: decoder))
        default:
            throw SchemaViolation(path: decoder.path, reason: "unknown SessionMessage discriminator")
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .agentTurnStart(let value):
            try value.encode(to: encoder)
        case .agentTurnEnd(let value):
            try value.encode(to: encoder)
        case .agentText(let value):
            try value.encode(to: encoder)
        case .userText(let value):
            try value.encode(to: encoder)
        case .agentToolCallStart(let value):
            try value.encode(to: encoder)
        case .agentToolCallEnd(let value):
            try value.encode(to: encoder)
        case .agentPermissionRequest(let value):
            try value.encode(to: encoder)
        case .userPermissionResponse(let value):
            try value.encode(to: encoder)
        case .agentPhoto(let value):
            try value.encode(to: encoder)
        case .userPhoto(let value):
            try value.encode(to: encoder)
        case .agentVideo(let value):
            try value.encode(to: encoder)
        case .userVideo(let value):
            try value.encode(to: encoder)
        case .agentFile(let value):
            try value.encode(to: encoder)
        case .userFile(let value):
            try value.encode(to: encoder)
        case .agentService(let value):
            try value.encode(to: encoder)
        }
    }
}

/// Request payload of `initialize`.
public struct InitializeRequest: Codable, Hashable, Sendable {
    /// Wire versions the client supports; must include 2.
    public let supportedProtocolVersions: [UInt16]
    /// Operations the client requires; absent means none, null is invalid.
    public let requestedCapabilities: [Name]

    public init(supportedProtocolVersions: [UInt16], requestedCapabilities: [Name] = []) {
        self.supportedProtocolVersions = supportedProtocolVersions
        self.requestedCapabilities = requestedCapabilities
    }

    private enum CodingKeys: String, CodingKey {
        case supportedProtocolVersions = "supported_protocol_versions"
        case requestedCapabilities = "requested_capabilities"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.supportedProtocolVersions = try c.decode([UInt16].self, forKey: .supportedProtocolVersions)
        self.requestedCapabilities = try c.decodeDefaulted([Name].self, forKey: .requestedCapabilities, default: [])
        do {
            let value = self.supportedProtocolVersions
            try Check.count(value.count, min: 1, max: 8, at: c.path(.supportedProtocolVersions))
        }
        do {
            let value = self.requestedCapabilities
            try Check.count(value.count, min: 0, max: 8, at: c.path(.requestedCapabilities))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(supportedProtocolVersions, forKey: .supportedProtocolVersions)
        try c.encode(requestedCapabilities, forKey: .requestedCapabilities)
    }
}

/// Success payload of `initialize`.
public struct InitializeResponse: Codable, Hashable, Sendable {
    /// Selected wire version.
    public let protocolVersion: UInt16
    /// Daemon package version.
    public let serverVersion: PackageVersion
    /// Serving instance; carried by every later request.
    public let instanceID: OpaqueID
    /// This connection; carried by every later request.
    public let connectionID: OpaqueID
    /// Opaque workspace identity.
    public let workspaceID: OpaqueID
    /// Opaque state root identity.
    public let stateRootID: OpaqueID
    /// Complete capability object.
    public let capabilities: Capabilities
    /// Limits; identical to capabilities.limits.
    public let limits: LimitMap

    public init(protocolVersion: UInt16, serverVersion: PackageVersion, instanceID: OpaqueID, connectionID: OpaqueID, workspaceID: OpaqueID, stateRootID: OpaqueID, capabilities: Capabilities, limits: LimitMap) {
        self.protocolVersion = protocolVersion
        self.serverVersion = serverVersion
        self.instanceID = instanceID
        self.connectionID = connectionID
        self.workspaceID = workspaceID
        self.stateRootID = stateRootID
        self.capabilities = capabilities
        self.limits = limits
    }

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol_version"
        case serverVersion = "server_version"
        case instanceID = "instance_id"
        case connectionID = "connection_id"
        case workspaceID = "workspace_id"
        case stateRootID = "state_root_id"
        case capabilities
        case limits
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.protocolVersion = try c.decode(UInt16.self, forKey: .protocolVersion)
        self.serverVersion = try c.decode(PackageVersion.self, forKey: .serverVersion)
        self.instanceID = try c.decode(OpaqueID.self, forKey: .instanceID)
        self.connectionID = try c.decode(OpaqueID.self, forKey: .connectionID)
        self.workspaceID = try c.decode(OpaqueID.self, forKey: .workspaceID)
        self.stateRootID = try c.decode(OpaqueID.self, forKey: .stateRootID)
        self.capabilities = try c.decode(Capabilities.self, forKey: .capabilities)
        self.limits = try c.decode(LimitMap.self, forKey: .limits)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(protocolVersion, forKey: .protocolVersion)
        try c.encode(serverVersion, forKey: .serverVersion)
        try c.encode(instanceID, forKey: .instanceID)
        try c.encode(connectionID, forKey: .connectionID)
        try c.encode(workspaceID, forKey: .workspaceID)
        try c.encode(stateRootID, forKey: .stateRootID)
        try c.encode(capabilities, forKey: .capabilities)
        try c.encode(limits, forKey: .limits)
    }
}

/// Request payload of `status`.
public struct StatusRequest: Codable, Hashable, Sendable {

    public init() {
    }


    public init(from decoder: Decoder) throws {
        _ = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    public func encode(to encoder: Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}

/// Success payload of `status`.
public struct StatusResponse: Codable, Hashable, Sendable {
    /// The running service; not provider readiness.
    public let service: String
    /// Whether the effective provider can prepare authentication, evaluated now without refresh.
    public let providerAuthReady: Bool
    /// Serving instance.
    public let instanceID: OpaqueID
    /// Opaque workspace identity.
    public let workspaceID: OpaqueID
    /// Opaque state root identity.
    public let stateRootID: OpaqueID
    /// Connections now open.
    public let connectedClients: UInt64
    /// Operations accepted and not yet settled, cleanup included.
    public let admittedOperations: UInt64

    public init(providerAuthReady: Bool, instanceID: OpaqueID, workspaceID: OpaqueID, stateRootID: OpaqueID, connectedClients: UInt64, admittedOperations: UInt64) {
        self.service = "ready"
        self.providerAuthReady = providerAuthReady
        self.instanceID = instanceID
        self.workspaceID = workspaceID
        self.stateRootID = stateRootID
        self.connectedClients = connectedClients
        self.admittedOperations = admittedOperations
    }

    private enum CodingKeys: String, CodingKey {
        case service
        case providerAuthReady = "provider_auth_ready"
        case instanceID = "instance_id"
        case workspaceID = "workspace_id"
        case stateRootID = "state_root_id"
        case connectedClients = "connected_clients"
        case admittedOperations = "admitted_operations"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.service = try c.decode(String.self, forKey: .service)
        self.providerAuthReady = try c.decode(Bool.self, forKey: .providerAuthReady)
        self.instanceID = try c.decode(OpaqueID.self, forKey: .instanceID)
        self.workspaceID = try c.decode(OpaqueID.self, forKey: .workspaceID)
        self.stateRootID = try c.decode(OpaqueID.self, forKey: .stateRootID)
        self.connectedClients = try c.decode(UInt64.self, forKey: .connectedClients)
        self.admittedOperations = try c.decode(UInt64.self, forKey: .admittedOperations)
        do {
            let value = self.service
            try Check.constant(value, "ready", at: c.path(.service))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.service))
        }
        do {
            let value = self.connectedClients
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.connectedClients))
        }
        do {
            let value = self.admittedOperations
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.admittedOperations))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(service, forKey: .service)
        try c.encode(providerAuthReady, forKey: .providerAuthReady)
        try c.encode(instanceID, forKey: .instanceID)
        try c.encode(workspaceID, forKey: .workspaceID)
        try c.encode(stateRootID, forKey: .stateRootID)
        try c.encode(connectedClients, forKey: .connectedClients)
        try c.encode(admittedOperations, forKey: .admittedOperations)
    }
}

/// Request payload of `capabilities`.
public struct CapabilitiesRequest: Codable, Hashable, Sendable {

    public init() {
    }


    public init(from decoder: Decoder) throws {
        _ = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    public func encode(to encoder: Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}

/// Request payload of `auth.status`.
public struct AuthStatusRequest: Codable, Hashable, Sendable {

    public init() {
    }


    public init(from decoder: Decoder) throws {
        _ = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    public func encode(to encoder: Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}

/// Success payload of `auth.status`.
public struct AuthStatusResponse: Codable, Hashable, Sendable {
    /// Built-in and startup-configured custom providers.
    public let providers: [AuthProviderStatus]

    public init(providers: [AuthProviderStatus]) {
        self.providers = providers
    }

    private enum CodingKeys: String, CodingKey {
        case providers
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providers = try c.decode([AuthProviderStatus].self, forKey: .providers)
        do {
            let value = self.providers
            try Check.count(value.count, min: 0, max: 64, at: c.path(.providers))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providers, forKey: .providers)
    }
}

/// Request payload of `auth.login.start`.
public struct AuthLoginStartRequest: Codable, Hashable, Sendable {
    /// Provider to log in; only openai-codex supports login.
    public let providerID: ProviderID

    public init(providerID: ProviderID) {
        self.providerID = providerID
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
    }
}

/// Success payload of `auth.login.start`.
public struct AuthLoginStartResponse: Codable, Hashable, Sendable {
    /// The login.
    public let loginID: OpaqueID
    /// Provider.
    public let providerID: ProviderID
    /// The login started.
    public let status: String

    public init(loginID: OpaqueID, providerID: ProviderID) {
        self.loginID = loginID
        self.providerID = providerID
        self.status = "started"
    }

    private enum CodingKeys: String, CodingKey {
        case loginID = "login_id"
        case providerID = "provider_id"
        case status
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.status = try c.decode(String.self, forKey: .status)
        do {
            let value = self.status
            try Check.constant(value, "started", at: c.path(.status))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.status))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(loginID, forKey: .loginID)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(status, forKey: .status)
    }
}

/// Request payload of `auth.login.callback`.
public struct AuthLoginCallbackRequest: Codable, Hashable, Sendable {
    /// The login.
    public let loginID: OpaqueID
    /// Final redirect URL or code.
    public let input: String

    public init(loginID: OpaqueID, input: String) {
        self.loginID = loginID
        self.input = input
    }

    private enum CodingKeys: String, CodingKey {
        case loginID = "login_id"
        case input
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
        self.input = try c.decode(String.self, forKey: .input)
        do {
            let value = self.input
            try Check.string(value, minBytes: 1, maxBytes: 4096, at: c.path(.input))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(loginID, forKey: .loginID)
        try c.encode(input, forKey: .input)
    }
}

/// Success payload of `auth.login.callback`.
public struct AuthLoginCallbackResponse: Codable, Hashable, Sendable {
    /// The login.
    public let loginID: OpaqueID
    /// Submitted; not a statement that the callback was valid.
    public let status: String

    public init(loginID: OpaqueID) {
        self.loginID = loginID
        self.status = "submitted"
    }

    private enum CodingKeys: String, CodingKey {
        case loginID = "login_id"
        case status
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
        self.status = try c.decode(String.self, forKey: .status)
        do {
            let value = self.status
            try Check.constant(value, "submitted", at: c.path(.status))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.status))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(loginID, forKey: .loginID)
        try c.encode(status, forKey: .status)
    }
}

/// Request payload of `auth.login.cancel`.
public struct AuthLoginCancelRequest: Codable, Hashable, Sendable {
    /// The login.
    public let loginID: OpaqueID

    public init(loginID: OpaqueID) {
        self.loginID = loginID
    }

    private enum CodingKeys: String, CodingKey {
        case loginID = "login_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(loginID, forKey: .loginID)
    }
}

/// Success payload of `auth.login.cancel`.
public struct AuthLoginCancelResponse: Codable, Hashable, Sendable {
    /// The login.
    public let loginID: OpaqueID
    /// Cancellation requested; not completion.
    public let status: String

    public init(loginID: OpaqueID) {
        self.loginID = loginID
        self.status = "cancellation_requested"
    }

    private enum CodingKeys: String, CodingKey {
        case loginID = "login_id"
        case status
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
        self.status = try c.decode(String.self, forKey: .status)
        do {
            let value = self.status
            try Check.constant(value, "cancellation_requested", at: c.path(.status))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.status))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(loginID, forKey: .loginID)
        try c.encode(status, forKey: .status)
    }
}

/// Request payload of `auth.logout`.
public struct AuthLogoutRequest: Codable, Hashable, Sendable {
    /// Provider whose record to remove.
    public let providerID: ProviderID
    /// Explicit confirmation; absent or false is refused.
    public let confirmed: Bool

    public init(providerID: ProviderID, confirmed: Bool = false) {
        self.providerID = providerID
        self.confirmed = confirmed
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
        case confirmed
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.confirmed = try c.decodeDefaulted(Bool.self, forKey: .confirmed, default: false)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(confirmed, forKey: .confirmed)
    }
}

/// Success payload of `auth.logout`.
public struct AuthLogoutResponse: Codable, Hashable, Sendable {
    /// Provider.
    public let providerID: ProviderID
    /// Logged out.
    public let status: String
    /// Whether a local record existed and was removed.
    public let removed: Bool
    /// Environment variables were not touched.
    public let environmentUnchanged: Bool

    public init(providerID: ProviderID, removed: Bool) {
        self.providerID = providerID
        self.status = "logged_out"
        self.removed = removed
        self.environmentUnchanged = true
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
        case status
        case removed
        case environmentUnchanged = "environment_unchanged"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.status = try c.decode(String.self, forKey: .status)
        self.removed = try c.decode(Bool.self, forKey: .removed)
        self.environmentUnchanged = try c.decode(Bool.self, forKey: .environmentUnchanged)
        do {
            let value = self.status
            try Check.constant(value, "logged_out", at: c.path(.status))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.status))
        }
        do {
            let value = self.environmentUnchanged
            try Check.constant(value, true, at: c.path(.environmentUnchanged))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(status, forKey: .status)
        try c.encode(removed, forKey: .removed)
        try c.encode(environmentUnchanged, forKey: .environmentUnchanged)
    }
}

/// Request payload of `catalog.providers`.
public struct CatalogProvidersRequest: Codable, Hashable, Sendable {
    /// First entry of the page.
    public let offset: UInt32
    /// Page size.
    public let limit: UInt32

    public init(offset: UInt32 = 0, limit: UInt32 = 32) {
        self.offset = offset
        self.limit = limit
    }

    private enum CodingKeys: String, CodingKey {
        case offset
        case limit
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.offset = try c.decodeDefaulted(UInt32.self, forKey: .offset, default: 0)
        self.limit = try c.decodeDefaulted(UInt32.self, forKey: .limit, default: 32)
        do {
            let value = self.offset
            try Check.range(value, min: 0, max: 100000, at: c.path(.offset))
        }
        do {
            let value = self.limit
            try Check.range(value, min: 1, max: 32, at: c.path(.limit))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(offset, forKey: .offset)
        try c.encode(limit, forKey: .limit)
    }
}

/// Success payload of `catalog.providers`.
public struct CatalogProvidersResponse: Codable, Hashable, Sendable {
    /// Providers of the page.
    public let entries: [ProviderEntry]
    /// Offset of the next page; null at the end.
    public let nextOffset: UInt32?
    /// No discovery happened.
    public let refresh: String

    public init(entries: [ProviderEntry], nextOffset: UInt32? = nil) {
        self.entries = entries
        self.nextOffset = nextOffset
        self.refresh = "cache_only"
    }

    private enum CodingKeys: String, CodingKey {
        case entries
        case nextOffset = "next_offset"
        case refresh
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.entries = try c.decode([ProviderEntry].self, forKey: .entries)
        self.nextOffset = try c.decodeRequiredNullable(UInt32.self, forKey: .nextOffset)
        self.refresh = try c.decode(String.self, forKey: .refresh)
        do {
            let value = self.entries
            try Check.count(value.count, min: 0, max: 32, at: c.path(.entries))
        }
        do {
            let value = self.refresh
            try Check.constant(value, "cache_only", at: c.path(.refresh))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.refresh))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(entries, forKey: .entries)
        if let value = nextOffset { try c.encode(value, forKey: .nextOffset) } else { try c.encodeNil(forKey: .nextOffset) }
        try c.encode(refresh, forKey: .refresh)
    }
}

/// Request payload of `catalog.models`.
public struct CatalogModelsRequest: Codable, Hashable, Sendable {
    /// Provider.
    public let providerID: ProviderID
    /// First entry of the page.
    public let offset: UInt32
    /// Page size.
    public let limit: UInt32

    public init(providerID: ProviderID, offset: UInt32 = 0, limit: UInt32 = 32) {
        self.providerID = providerID
        self.offset = offset
        self.limit = limit
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
        case offset
        case limit
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.offset = try c.decodeDefaulted(UInt32.self, forKey: .offset, default: 0)
        self.limit = try c.decodeDefaulted(UInt32.self, forKey: .limit, default: 32)
        do {
            let value = self.offset
            try Check.range(value, min: 0, max: 100000, at: c.path(.offset))
        }
        do {
            let value = self.limit
            try Check.range(value, min: 1, max: 32, at: c.path(.limit))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(offset, forKey: .offset)
        try c.encode(limit, forKey: .limit)
    }
}

/// Success payload of `catalog.models`.
public struct CatalogModelsResponse: Codable, Hashable, Sendable {
    /// Models of the page.
    public let entries: [ModelEntry]
    /// Offset of the next page; null at the end.
    public let nextOffset: UInt32?
    /// State of the validated cache.
    public let state: CatalogState
    /// No discovery happened.
    public let refresh: String

    public init(entries: [ModelEntry], nextOffset: UInt32? = nil, state: CatalogState) {
        self.entries = entries
        self.nextOffset = nextOffset
        self.state = state
        self.refresh = "cache_only"
    }

    private enum CodingKeys: String, CodingKey {
        case entries
        case nextOffset = "next_offset"
        case state
        case refresh
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.entries = try c.decode([ModelEntry].self, forKey: .entries)
        self.nextOffset = try c.decodeRequiredNullable(UInt32.self, forKey: .nextOffset)
        self.state = try c.decode(CatalogState.self, forKey: .state)
        self.refresh = try c.decode(String.self, forKey: .refresh)
        do {
            let value = self.entries
            try Check.count(value.count, min: 0, max: 32, at: c.path(.entries))
        }
        do {
            let value = self.refresh
            try Check.constant(value, "cache_only", at: c.path(.refresh))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.refresh))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(entries, forKey: .entries)
        if let value = nextOffset { try c.encode(value, forKey: .nextOffset) } else { try c.encodeNil(forKey: .nextOffset) }
        try c.encode(state, forKey: .state)
        try c.encode(refresh, forKey: .refresh)
    }
}

/// Request payload of `catalog.refresh`.
public struct CatalogRefreshRequest: Codable, Hashable, Sendable {
    /// Provider.
    public let providerID: ProviderID

    public init(providerID: ProviderID) {
        self.providerID = providerID
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
    }
}

/// Success payload of `catalog.refresh`.
public struct CatalogRefreshResponse: Codable, Hashable, Sendable {
    /// Provider.
    public let providerID: ProviderID
    /// Cache state after the refresh; not guaranteed fresh.
    public let state: CatalogState

    public init(providerID: ProviderID, state: CatalogState) {
        self.providerID = providerID
        self.state = state
    }

    private enum CodingKeys: String, CodingKey {
        case providerID = "provider_id"
        case state
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.state = try c.decode(CatalogState.self, forKey: .state)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(state, forKey: .state)
    }
}

/// Request payload of `config.get`.
public struct ConfigGetRequest: Codable, Hashable, Sendable {

    public init() {
    }


    public init(from decoder: Decoder) throws {
        _ = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    public func encode(to encoder: Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}

/// Request payload of `config.set`.
public struct ConfigSetRequest: Codable, Hashable, Sendable {
    /// Scope to write.
    public let scope: Scope
    /// New selection; resets the saved reasoning to default unless thinking_level is also sent.
    public let selection: Selection?
    /// New reasoning choice for the effective selection.
    public let thinkingLevel: ReasoningLevel?
    /// Fast mode; global scope only.
    public let fast: Bool?

    public init(scope: Scope, selection: Selection? = nil, thinkingLevel: ReasoningLevel? = nil, fast: Bool? = nil) {
        self.scope = scope
        self.selection = selection
        self.thinkingLevel = thinkingLevel
        self.fast = fast
    }

    private enum CodingKeys: String, CodingKey {
        case scope
        case selection
        case thinkingLevel = "thinking_level"
        case fast
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.scope = try c.decode(Scope.self, forKey: .scope)
        self.selection = try c.decodeOptionalNonNull(Selection.self, forKey: .selection)
        self.thinkingLevel = try c.decodeOptionalNonNull(ReasoningLevel.self, forKey: .thinkingLevel)
        self.fast = try c.decodeOptionalNonNull(Bool.self, forKey: .fast)
        try Check.atLeastOne(of: ["selection", "thinking_level", "fast"], present: [selection != nil, thinkingLevel != nil, fast != nil], at: decoder.path)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scope, forKey: .scope)
        try c.encodeIfPresent(selection, forKey: .selection)
        try c.encodeIfPresent(thinkingLevel, forKey: .thinkingLevel)
        try c.encodeIfPresent(fast, forKey: .fast)
    }
}

/// Success payload of `config.set`.
public struct ConfigSetResponse: Codable, Hashable, Sendable {
    /// The change was committed.
    public let persisted: Bool
    /// Scope written.
    public let scope: Scope
    /// Effective settings after the write; higher layers may mask it.
    public let effective: ConfigProjection

    public init(scope: Scope, effective: ConfigProjection) {
        self.persisted = true
        self.scope = scope
        self.effective = effective
    }

    private enum CodingKeys: String, CodingKey {
        case persisted
        case scope
        case effective
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.persisted = try c.decode(Bool.self, forKey: .persisted)
        self.scope = try c.decode(Scope.self, forKey: .scope)
        self.effective = try c.decode(ConfigProjection.self, forKey: .effective)
        do {
            let value = self.persisted
            try Check.constant(value, true, at: c.path(.persisted))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(persisted, forKey: .persisted)
        try c.encode(scope, forKey: .scope)
        try c.encode(effective, forKey: .effective)
    }
}

/// Request payload of `session.list`.
public struct SessionListRequest: Codable, Hashable, Sendable {
    /// Continue after this examined ID; null starts at the beginning. Validated as a session ID (invalid_session_id).
    public let after: OpaqueID?
    /// Page size.
    public let limit: UInt32
    /// List every session of the state root (each summary names its workspace); by default only the sessions created
    /// for the workspace this daemon serves.
    public let allWorkspaces: Bool

    public init(after: OpaqueID? = nil, limit: UInt32 = 32, allWorkspaces: Bool = false) {
        self.after = after
        self.limit = limit
        self.allWorkspaces = allWorkspaces
    }

    private enum CodingKeys: String, CodingKey {
        case after
        case limit
        case allWorkspaces = "all_workspaces"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.after = try c.decodeDefaultedNullable(OpaqueID.self, forKey: .after, default: nil)
        self.limit = try c.decodeDefaulted(UInt32.self, forKey: .limit, default: 32)
        self.allWorkspaces = try c.decodeDefaulted(Bool.self, forKey: .allWorkspaces, default: false)
        do {
            let value = self.limit
            try Check.range(value, min: 1, max: 32, at: c.path(.limit))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let value = after { try c.encode(value, forKey: .after) } else { try c.encodeNil(forKey: .after) }
        try c.encode(limit, forKey: .limit)
        try c.encode(allWorkspaces, forKey: .allWorkspaces)
    }
}

/// Success payload of `session.list`.
public struct SessionListResponse: Codable, Hashable, Sendable {
    /// Sessions of the page.
    public let sessions: [SessionSummary]
    /// Last examined ID, for the next request's after; null when none was examined.
    public let nextAfter: SessionID?
    /// More candidates remain.
    public let truncated: Bool
    /// Some candidates could not be read or represented; not a continuation flag.
    public let incomplete: Bool

    public init(sessions: [SessionSummary], nextAfter: SessionID? = nil, truncated: Bool, incomplete: Bool) {
        self.sessions = sessions
        self.nextAfter = nextAfter
        self.truncated = truncated
        self.incomplete = incomplete
    }

    private enum CodingKeys: String, CodingKey {
        case sessions
        case nextAfter = "next_after"
        case truncated
        case incomplete
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.sessions = try c.decode([SessionSummary].self, forKey: .sessions)
        self.nextAfter = try c.decodeRequiredNullable(SessionID.self, forKey: .nextAfter)
        self.truncated = try c.decode(Bool.self, forKey: .truncated)
        self.incomplete = try c.decode(Bool.self, forKey: .incomplete)
        do {
            let value = self.sessions
            try Check.count(value.count, min: 0, max: 32, at: c.path(.sessions))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessions, forKey: .sessions)
        if let value = nextAfter { try c.encode(value, forKey: .nextAfter) } else { try c.encodeNil(forKey: .nextAfter) }
        try c.encode(truncated, forKey: .truncated)
        try c.encode(incomplete, forKey: .incomplete)
    }
}

/// Request payload of `session.create`.
public struct SessionCreateRequest: Codable, Hashable, Sendable {

    public init() {
    }


    public init(from decoder: Decoder) throws {
        _ = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    public func encode(to encoder: Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}

/// Success payload of `session.create`.
public struct SessionCreateResponse: Codable, Hashable, Sendable {
    /// The new session.
    public let sessionID: SessionID

    public init(sessionID: SessionID) {
        self.sessionID = sessionID
    }

    private enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessionID, forKey: .sessionID)
    }
}

/// Request payload of `session.replay`.
public struct SessionReplayRequest: Codable, Hashable, Sendable {
    /// Continue after this cursor; null replays from the window start.
    public let after: Cursor?
    /// Most items in the page.
    public let limit: UInt32

    public init(after: Cursor? = nil, limit: UInt32 = 32) {
        self.after = after
        self.limit = limit
    }

    private enum CodingKeys: String, CodingKey {
        case after
        case limit
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.after = try c.decodeDefaultedNullable(Cursor.self, forKey: .after, default: nil)
        self.limit = try c.decodeDefaulted(UInt32.self, forKey: .limit, default: 32)
        do {
            let value = self.limit
            try Check.range(value, min: 1, max: 32, at: c.path(.limit))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let value = after { try c.encode(value, forKey: .after) } else { try c.encodeNil(forKey: .after) }
        try c.encode(limit, forKey: .limit)
    }
}

/// Success payload of `session.replay`.
public struct SessionReplayResponse: Codable, Hashable, Sendable {
    /// Projected items of the page.
    public let events: [ReplayItem]
    /// Position after this page; after a resync, the current start.
    public let nextCursor: Cursor
    /// End observed by this request.
    public let snapshotCursor: Cursor
    /// More projected items remain in this snapshot.
    public let truncated: Bool
    /// Records were omitted: torn or malformed lines, or the bounded window.
    public let gap: Bool
    /// after does not match the current projection; the page is empty.
    public let resyncRequired: Bool

    public init(events: [ReplayItem], nextCursor: Cursor, snapshotCursor: Cursor, truncated: Bool, gap: Bool, resyncRequired: Bool) {
        self.events = events
        self.nextCursor = nextCursor
        self.snapshotCursor = snapshotCursor
        self.truncated = truncated
        self.gap = gap
        self.resyncRequired = resyncRequired
    }

    private enum CodingKeys: String, CodingKey {
        case events
        case nextCursor = "next_cursor"
        case snapshotCursor = "snapshot_cursor"
        case truncated
        case gap
        case resyncRequired = "resync_required"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.events = try c.decode([ReplayItem].self, forKey: .events)
        self.nextCursor = try c.decode(Cursor.self, forKey: .nextCursor)
        self.snapshotCursor = try c.decode(Cursor.self, forKey: .snapshotCursor)
        self.truncated = try c.decode(Bool.self, forKey: .truncated)
        self.gap = try c.decode(Bool.self, forKey: .gap)
        self.resyncRequired = try c.decode(Bool.self, forKey: .resyncRequired)
        do {
            let value = self.events
            try Check.count(value.count, min: 0, max: 32, at: c.path(.events))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(events, forKey: .events)
        try c.encode(nextCursor, forKey: .nextCursor)
        try c.encode(snapshotCursor, forKey: .snapshotCursor)
        try c.encode(truncated, forKey: .truncated)
        try c.encode(gap, forKey: .gap)
        try c.encode(resyncRequired, forKey: .resyncRequired)
    }
}

/// Request payload of `session.claim`.
public struct SessionClaimRequest: Codable, Hashable, Sendable {
    /// Revoke another connection's grant instead of failing with session_busy.
    public let takeOver: Bool

    public init(takeOver: Bool = false) {
        self.takeOver = takeOver
    }

    private enum CodingKeys: String, CodingKey {
        case takeOver = "take_over"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.takeOver = try c.decodeDefaulted(Bool.self, forKey: .takeOver, default: false)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(takeOver, forKey: .takeOver)
    }
}

/// Success payload of `session.claim`.
public struct SessionClaimResponse: Codable, Hashable, Sendable {
    /// Claimed session.
    public let sessionID: SessionID
    /// Claim; part of the control proof.
    public let claimID: OpaqueID
    /// Generation of this grant; increases on every grant of the session.
    public let grantGeneration: UInt64
    /// Session's live sequence after this transition.
    public let liveSequence: UInt64
    /// Atomic snapshot at the grant.
    public let snapshot: ClaimSnapshot

    public init(sessionID: SessionID, claimID: OpaqueID, grantGeneration: UInt64, liveSequence: UInt64, snapshot: ClaimSnapshot) {
        self.sessionID = sessionID
        self.claimID = claimID
        self.grantGeneration = grantGeneration
        self.liveSequence = liveSequence
        self.snapshot = snapshot
    }

    private enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case claimID = "claim_id"
        case grantGeneration = "grant_generation"
        case liveSequence = "live_sequence"
        case snapshot
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
        self.claimID = try c.decode(OpaqueID.self, forKey: .claimID)
        self.grantGeneration = try c.decode(UInt64.self, forKey: .grantGeneration)
        self.liveSequence = try c.decode(UInt64.self, forKey: .liveSequence)
        self.snapshot = try c.decode(ClaimSnapshot.self, forKey: .snapshot)
        do {
            let value = self.grantGeneration
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.grantGeneration))
        }
        do {
            let value = self.liveSequence
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.liveSequence))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessionID, forKey: .sessionID)
        try c.encode(claimID, forKey: .claimID)
        try c.encode(grantGeneration, forKey: .grantGeneration)
        try c.encode(liveSequence, forKey: .liveSequence)
        try c.encode(snapshot, forKey: .snapshot)
    }
}

/// Request payload of `session.detach`.
public struct SessionDetachRequest: Codable, Hashable, Sendable {

    public init() {
    }


    public init(from decoder: Decoder) throws {
        _ = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    public func encode(to encoder: Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}

/// Success payload of `session.detach`.
public struct SessionDetachResponse: Codable, Hashable, Sendable {
    /// Detached session.
    public let sessionID: SessionID
    /// Control released.
    public let status: String
    /// Session's live sequence after this transition.
    public let liveSequence: UInt64

    public init(sessionID: SessionID, liveSequence: UInt64) {
        self.sessionID = sessionID
        self.status = "detached"
        self.liveSequence = liveSequence
    }

    private enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case status
        case liveSequence = "live_sequence"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
        self.status = try c.decode(String.self, forKey: .status)
        self.liveSequence = try c.decode(UInt64.self, forKey: .liveSequence)
        do {
            let value = self.status
            try Check.constant(value, "detached", at: c.path(.status))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.status))
        }
        do {
            let value = self.liveSequence
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.liveSequence))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessionID, forKey: .sessionID)
        try c.encode(status, forKey: .status)
        try c.encode(liveSequence, forKey: .liveSequence)
    }
}

/// Request payload of `session.status`.
public struct SessionStatusRequest: Codable, Hashable, Sendable {

    public init() {
    }


    public init(from decoder: Decoder) throws {
        _ = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    public func encode(to encoder: Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}

/// Success payload of `session.status`.
public struct SessionStatusResponse: Codable, Hashable, Sendable {
    /// Session.
    public let sessionID: SessionID
    /// Some connection holds control.
    public let controlled: Bool
    /// This connection holds control.
    public let controlledByCaller: Bool
    /// Latest grant generation; 0 when never granted.
    public let grantGeneration: UInt64
    /// Session's live sequence.
    public let liveSequence: UInt64
    /// Running turn; null when idle.
    public let turn: RunningTurn?

    public init(sessionID: SessionID, controlled: Bool, controlledByCaller: Bool, grantGeneration: UInt64, liveSequence: UInt64, turn: RunningTurn? = nil) {
        self.sessionID = sessionID
        self.controlled = controlled
        self.controlledByCaller = controlledByCaller
        self.grantGeneration = grantGeneration
        self.liveSequence = liveSequence
        self.turn = turn
    }

    private enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case controlled
        case controlledByCaller = "controlled_by_caller"
        case grantGeneration = "grant_generation"
        case liveSequence = "live_sequence"
        case turn
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
        self.controlled = try c.decode(Bool.self, forKey: .controlled)
        self.controlledByCaller = try c.decode(Bool.self, forKey: .controlledByCaller)
        self.grantGeneration = try c.decode(UInt64.self, forKey: .grantGeneration)
        self.liveSequence = try c.decode(UInt64.self, forKey: .liveSequence)
        self.turn = try c.decodeRequiredNullable(RunningTurn.self, forKey: .turn)
        do {
            let value = self.grantGeneration
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.grantGeneration))
        }
        do {
            let value = self.liveSequence
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.liveSequence))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessionID, forKey: .sessionID)
        try c.encode(controlled, forKey: .controlled)
        try c.encode(controlledByCaller, forKey: .controlledByCaller)
        try c.encode(grantGeneration, forKey: .grantGeneration)
        try c.encode(liveSequence, forKey: .liveSequence)
        if let value = turn { try c.encode(value, forKey: .turn) } else { try c.encodeNil(forKey: .turn) }
    }
}

/// Request payload of `turn.start`.
public struct TurnStartRequest: Codable, Hashable, Sendable {
    /// User prompt; must contain a non-whitespace character.
    public let prompt: String

    public init(prompt: String) {
        self.prompt = prompt
    }

    private enum CodingKeys: String, CodingKey {
        case prompt
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.prompt = try c.decode(String.self, forKey: .prompt)
        do {
            let value = self.prompt
            try Check.string(value, minBytes: 1, maxBytes: 16384, nonBlank: true, at: c.path(.prompt))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(prompt, forKey: .prompt)
    }
}

/// Success payload of `turn.start`.
public struct TurnStartResponse: Codable, Hashable, Sendable {
    /// The turn.
    public let turnID: OpaqueID
    /// Accepted; the terminal settles it.
    public let status: String

    public init(turnID: OpaqueID) {
        self.turnID = turnID
        self.status = "accepted"
    }

    private enum CodingKeys: String, CodingKey {
        case turnID = "turn_id"
        case status
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.status = try c.decode(String.self, forKey: .status)
        do {
            let value = self.status
            try Check.constant(value, "accepted", at: c.path(.status))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.status))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(status, forKey: .status)
    }
}

/// Request payload of `turn.cancel`.
public struct TurnCancelRequest: Codable, Hashable, Sendable {
    /// Turn to stop.
    public let turnID: OpaqueID

    public init(turnID: OpaqueID) {
        self.turnID = turnID
    }

    private enum CodingKeys: String, CodingKey {
        case turnID = "turn_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(turnID, forKey: .turnID)
    }
}

/// Success payload of `turn.cancel`.
public struct TurnCancelResponse: Codable, Hashable, Sendable {
    /// The turn.
    public let turnID: OpaqueID
    /// Its session.
    public let sessionID: SessionID
    /// Cancellation requested; not completion.
    public let status: String

    public init(turnID: OpaqueID, sessionID: SessionID) {
        self.turnID = turnID
        self.sessionID = sessionID
        self.status = "cancellation_requested"
    }

    private enum CodingKeys: String, CodingKey {
        case turnID = "turn_id"
        case sessionID = "session_id"
        case status
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
        self.status = try c.decode(String.self, forKey: .status)
        do {
            let value = self.status
            try Check.constant(value, "cancellation_requested", at: c.path(.status))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.status))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(sessionID, forKey: .sessionID)
        try c.encode(status, forKey: .status)
    }
}

/// Request payload of `operation.lookup`.
public struct OperationLookupRequest: Codable, Hashable, Sendable {
    /// Operation to look up.
    public let operationID: OpaqueID

    public init(operationID: OpaqueID) {
        self.operationID = operationID
    }

    private enum CodingKeys: String, CodingKey {
        case operationID = "operation_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.operationID = try c.decode(OpaqueID.self, forKey: .operationID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(operationID, forKey: .operationID)
    }
}

/// Success payload of `operation.lookup`.
public struct OperationLookupResponse: Codable, Hashable, Sendable {
    /// The operation.
    public let operationID: OpaqueID
    /// Its method; null when unknown.
    public let method: Name?
    /// accepted, settled, expired or unknown.
    public let state: OperationState
    /// Its session, if any.
    public let sessionID: SessionID?
    /// Turn it started, if any.
    public let turnID: OpaqueID?
    /// Login it started, if any.
    public let loginID: OpaqueID?
    /// Null until settled (and after expiry).
    public let outcome: OperationOutcome?

    public init(operationID: OpaqueID, method: Name? = nil, state: OperationState, sessionID: SessionID? = nil, turnID: OpaqueID? = nil, loginID: OpaqueID? = nil, outcome: OperationOutcome? = nil) {
        self.operationID = operationID
        self.method = method
        self.state = state
        self.sessionID = sessionID
        self.turnID = turnID
        self.loginID = loginID
        self.outcome = outcome
    }

    private enum CodingKeys: String, CodingKey {
        case operationID = "operation_id"
        case method
        case state
        case sessionID = "session_id"
        case turnID = "turn_id"
        case loginID = "login_id"
        case outcome
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.operationID = try c.decode(OpaqueID.self, forKey: .operationID)
        self.method = try c.decodeRequiredNullable(Name.self, forKey: .method)
        self.state = try c.decode(OperationState.self, forKey: .state)
        self.sessionID = try c.decodeRequiredNullable(SessionID.self, forKey: .sessionID)
        self.turnID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .turnID)
        self.loginID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .loginID)
        self.outcome = try c.decodeRequiredNullable(OperationOutcome.self, forKey: .outcome)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(operationID, forKey: .operationID)
        if let value = method { try c.encode(value, forKey: .method) } else { try c.encodeNil(forKey: .method) }
        try c.encode(state, forKey: .state)
        if let value = sessionID { try c.encode(value, forKey: .sessionID) } else { try c.encodeNil(forKey: .sessionID) }
        if let value = turnID { try c.encode(value, forKey: .turnID) } else { try c.encodeNil(forKey: .turnID) }
        if let value = loginID { try c.encode(value, forKey: .loginID) } else { try c.encodeNil(forKey: .loginID) }
        if let value = outcome { try c.encode(value, forKey: .outcome) } else { try c.encodeNil(forKey: .outcome) }
    }
}

/// Request payload of `profile.negotiate`.
public struct ProfileNegotiateRequest: Codable, Hashable, Sendable {
    /// The profile.
    public let profile: ProfileName
    /// The version asked for; one the capability object's `profiles` lists.
    public let version: UInt32

    public init(profile: ProfileName, version: UInt32) {
        self.profile = profile
        self.version = version
    }

    private enum CodingKeys: String, CodingKey {
        case profile
        case version
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.profile = try c.decode(ProfileName.self, forKey: .profile)
        self.version = try c.decode(UInt32.self, forKey: .version)
        do {
            let value = self.version
            try Check.range(value, min: 1, max: 4294967295, at: c.path(.version))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(profile, forKey: .profile)
        try c.encode(version, forKey: .version)
    }
}

/// Success payload of `profile.negotiate`.
public struct ProfileNegotiateResponse: Codable, Hashable, Sendable {
    /// The accepted profile.
    public let profile: ProfileName
    /// The accepted version.
    public let version: UInt32
    /// The profile's operations this connection may now call.
    public let operations: [Name]
    /// The profile's events this connection may now receive.
    public let events: [Name]
    /// The profile's limits with their effective values.
    public let limits: ProfileLimitMap

    public init(profile: ProfileName, version: UInt32, operations: [Name], events: [Name], limits: ProfileLimitMap) {
        self.profile = profile
        self.version = version
        self.operations = operations
        self.events = events
        self.limits = limits
    }

    private enum CodingKeys: String, CodingKey {
        case profile
        case version
        case operations
        case events
        case limits
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.profile = try c.decode(ProfileName.self, forKey: .profile)
        self.version = try c.decode(UInt32.self, forKey: .version)
        self.operations = try c.decode([Name].self, forKey: .operations)
        self.events = try c.decode([Name].self, forKey: .events)
        self.limits = try c.decode(ProfileLimitMap.self, forKey: .limits)
        do {
            let value = self.version
            try Check.range(value, min: 1, max: 4294967295, at: c.path(.version))
        }
        do {
            let value = self.operations
            try Check.count(value.count, min: 0, max: 64, at: c.path(.operations))
        }
        do {
            let value = self.events
            try Check.count(value.count, min: 0, max: 64, at: c.path(.events))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(profile, forKey: .profile)
        try c.encode(version, forKey: .version)
        try c.encode(operations, forKey: .operations)
        try c.encode(events, forKey: .events)
        try c.encode(limits, forKey: .limits)
    }
}

/// Request payload of `approval.respond`.
public struct ApprovalRespondRequest: Codable, Hashable, Sendable {
    /// The pending approval.
    public let approvalID: OpaqueID
    /// One of its offered options.
    public let optionID: OpaqueID

    public init(approvalID: OpaqueID, optionID: OpaqueID) {
        self.approvalID = approvalID
        self.optionID = optionID
    }

    private enum CodingKeys: String, CodingKey {
        case approvalID = "approval_id"
        case optionID = "option_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.approvalID = try c.decode(OpaqueID.self, forKey: .approvalID)
        self.optionID = try c.decode(OpaqueID.self, forKey: .optionID)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(approvalID, forKey: .approvalID)
        try c.encode(optionID, forKey: .optionID)
    }
}

/// Success payload of `approval.respond`.
public struct ApprovalRespondResponse: Codable, Hashable, Sendable {
    /// The approval, now resolved.
    public let approvalID: OpaqueID
    /// The chosen option.
    public let optionID: OpaqueID
    /// What choosing it means.
    public let optionKind: PermissionKind

    public init(approvalID: OpaqueID, optionID: OpaqueID, optionKind: PermissionKind) {
        self.approvalID = approvalID
        self.optionID = optionID
        self.optionKind = optionKind
    }

    private enum CodingKeys: String, CodingKey {
        case approvalID = "approval_id"
        case optionID = "option_id"
        case optionKind = "option_kind"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.approvalID = try c.decode(OpaqueID.self, forKey: .approvalID)
        self.optionID = try c.decode(OpaqueID.self, forKey: .optionID)
        self.optionKind = try c.decode(PermissionKind.self, forKey: .optionKind)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(approvalID, forKey: .approvalID)
        try c.encode(optionID, forKey: .optionID)
        try c.encode(optionKind, forKey: .optionKind)
    }
}

/// Payload of the `turn.started` event.
public struct TurnStarted: Codable, Hashable, Sendable {
    /// The turn.
    public let turnID: OpaqueID
    /// Its session.
    public let sessionID: SessionID
    /// Started.
    public let status: String
    /// Always zero.
    public let sequence: UInt64

    public init(turnID: OpaqueID, sessionID: SessionID) {
        self.turnID = turnID
        self.sessionID = sessionID
        self.status = "started"
        self.sequence = 0
    }

    private enum CodingKeys: String, CodingKey {
        case turnID = "turn_id"
        case sessionID = "session_id"
        case status
        case sequence
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
        self.status = try c.decode(String.self, forKey: .status)
        self.sequence = try c.decode(UInt64.self, forKey: .sequence)
        do {
            let value = self.status
            try Check.constant(value, "started", at: c.path(.status))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.status))
        }
        do {
            let value = self.sequence
            try Check.constant(value, 0, at: c.path(.sequence))
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.sequence))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(sessionID, forKey: .sessionID)
        try c.encode(status, forKey: .status)
        try c.encode(sequence, forKey: .sequence)
    }
}

/// Payload of the `turn.assistant_delta` event.
public struct TurnAssistantDelta: Codable, Hashable, Sendable {
    /// The turn.
    public let turnID: OpaqueID
    /// Per-turn sequence.
    public let sequence: UInt64
    /// Delta text; transient, not a durable replay notification.
    public let text: String

    public init(turnID: OpaqueID, sequence: UInt64, text: String) {
        self.turnID = turnID
        self.sequence = sequence
        self.text = text
    }

    private enum CodingKeys: String, CodingKey {
        case turnID = "turn_id"
        case sequence
        case text
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.sequence = try c.decode(UInt64.self, forKey: .sequence)
        self.text = try c.decode(String.self, forKey: .text)
        do {
            let value = self.sequence
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.sequence))
        }
        do {
            let value = self.text
            try Check.string(value, minBytes: 1, maxBytes: 16384, at: c.path(.text))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(sequence, forKey: .sequence)
        try c.encode(text, forKey: .text)
    }
}

/// Payload of the `turn.activity` event.
public struct TurnActivity: Codable, Hashable, Sendable {
    /// The turn.
    public let turnID: OpaqueID
    /// Per-turn sequence.
    public let sequence: UInt64
    /// The projected activity.
    public let activity: Activity

    public init(turnID: OpaqueID, sequence: UInt64, activity: Activity) {
        self.turnID = turnID
        self.sequence = sequence
        self.activity = activity
    }

    private enum CodingKeys: String, CodingKey {
        case turnID = "turn_id"
        case sequence
        case activity
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.sequence = try c.decode(UInt64.self, forKey: .sequence)
        self.activity = try c.decode(Activity.self, forKey: .activity)
        do {
            let value = self.sequence
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.sequence))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(sequence, forKey: .sequence)
        try c.encode(activity, forKey: .activity)
    }
}

/// Payload of the `turn.terminal` event.
public struct TurnTerminal: Codable, Hashable, Sendable {
    /// The turn.
    public let turnID: OpaqueID
    /// Its session.
    public let sessionID: SessionID
    /// completed, cancelled or failed.
    public let status: TurnStatus
    /// Complete accepted assistant text; never truncated.
    public let assistantText: String
    /// Per-turn sequence of this terminal.
    public let sequence: UInt64
    /// Activity events dropped on queue overflow.
    public let activityDropped: UInt64
    /// Activity is not replayed.
    public let activityReplayAvailable: Bool
    /// Refresh durable replay.
    public let replayRequired: Bool
    /// Whether the durable write succeeded; failed forces failed status.
    public let persistence: Persistence
    /// Error of a failed turn; null otherwise.
    public let error: ErrorObject?
    /// The turn's last `service` note, as the session stream keeps it (bounded, redacted, never a secret): why an ACP
    /// agent failed the turn in the agent's own words, and for `agent_needs_login` the sign-in methods it offers.
    /// Omitted when the turn wrote none.
    public let notice: String?

    public init(turnID: OpaqueID, sessionID: SessionID, status: TurnStatus, assistantText: String, sequence: UInt64, activityDropped: UInt64, replayRequired: Bool, persistence: Persistence, error: ErrorObject? = nil, notice: String? = nil) {
        self.turnID = turnID
        self.sessionID = sessionID
        self.status = status
        self.assistantText = assistantText
        self.sequence = sequence
        self.activityDropped = activityDropped
        self.activityReplayAvailable = false
        self.replayRequired = replayRequired
        self.persistence = persistence
        self.error = error
        self.notice = notice
    }

    private enum CodingKeys: String, CodingKey {
        case turnID = "turn_id"
        case sessionID = "session_id"
        case status
        case assistantText = "assistant_text"
        case sequence
        case activityDropped = "activity_dropped"
        case activityReplayAvailable = "activity_replay_available"
        case replayRequired = "replay_required"
        case persistence
        case error
        case notice
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
        self.status = try c.decode(TurnStatus.self, forKey: .status)
        self.assistantText = try c.decode(String.self, forKey: .assistantText)
        self.sequence = try c.decode(UInt64.self, forKey: .sequence)
        self.activityDropped = try c.decode(UInt64.self, forKey: .activityDropped)
        self.activityReplayAvailable = try c.decode(Bool.self, forKey: .activityReplayAvailable)
        self.replayRequired = try c.decode(Bool.self, forKey: .replayRequired)
        self.persistence = try c.decode(Persistence.self, forKey: .persistence)
        self.error = try c.decodeRequiredNullable(ErrorObject.self, forKey: .error)
        self.notice = try c.decodeOptionalNonNull(String.self, forKey: .notice)
        do {
            let value = self.assistantText
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.assistantText))
        }
        do {
            let value = self.sequence
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.sequence))
        }
        do {
            let value = self.activityDropped
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.activityDropped))
        }
        do {
            let value = self.activityReplayAvailable
            try Check.constant(value, false, at: c.path(.activityReplayAvailable))
        }
        if let value = self.notice {
            try Check.string(value, minBytes: 1, maxBytes: 2048, at: c.path(.notice))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(sessionID, forKey: .sessionID)
        try c.encode(status, forKey: .status)
        try c.encode(assistantText, forKey: .assistantText)
        try c.encode(sequence, forKey: .sequence)
        try c.encode(activityDropped, forKey: .activityDropped)
        try c.encode(activityReplayAvailable, forKey: .activityReplayAvailable)
        try c.encode(replayRequired, forKey: .replayRequired)
        try c.encode(persistence, forKey: .persistence)
        if let value = error { try c.encode(value, forKey: .error) } else { try c.encodeNil(forKey: .error) }
        try c.encodeIfPresent(notice, forKey: .notice)
    }
}

/// Payload of the `auth.login.terminal` event.
public struct AuthLoginTerminal: Codable, Hashable, Sendable {
    /// The login.
    public let loginID: OpaqueID
    /// Provider.
    public let providerID: ProviderID
    /// Fixed terminal label.
    public let state: LoginTerminalState
    /// Worker cleanup finished.
    public let cleanupComplete: Bool

    public init(loginID: OpaqueID, providerID: ProviderID, state: LoginTerminalState) {
        self.loginID = loginID
        self.providerID = providerID
        self.state = state
        self.cleanupComplete = true
    }

    private enum CodingKeys: String, CodingKey {
        case loginID = "login_id"
        case providerID = "provider_id"
        case state
        case cleanupComplete = "cleanup_complete"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.loginID = try c.decode(OpaqueID.self, forKey: .loginID)
        self.providerID = try c.decode(ProviderID.self, forKey: .providerID)
        self.state = try c.decode(LoginTerminalState.self, forKey: .state)
        self.cleanupComplete = try c.decode(Bool.self, forKey: .cleanupComplete)
        do {
            let value = self.cleanupComplete
            try Check.constant(value, true, at: c.path(.cleanupComplete))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(loginID, forKey: .loginID)
        try c.encode(providerID, forKey: .providerID)
        try c.encode(state, forKey: .state)
        try c.encode(cleanupComplete, forKey: .cleanupComplete)
    }
}

/// Payload of the `approval.requested` event.
public struct ApprovalRequested: Codable, Hashable, Sendable {
    /// The approval; `approval.respond` names it.
    public let approvalID: OpaqueID
    /// Its session.
    public let sessionID: SessionID
    /// The waiting turn.
    public let turnID: OpaqueID
    /// The tool call awaiting approval, as the session stream names it.
    public let callID: OpaqueID
    /// Short inline-markdown summary of the call.
    public let title: TextValue
    /// What the call does.
    public let kind: ToolKind
    /// The call's arguments as JSON text, cut as the stream stores them; null when the agent sent none.
    public let arguments: String?
    /// The proposed change, when the agent sent one: an edit's diff or a command line.
    public let change: ApprovalChange?
    /// The answers offered, each with its kind; choose and show them by kind.
    public let options: [PermissionOption]
    /// When the deadline answers reject.
    public let expiresAt: Timestamp

    public init(approvalID: OpaqueID, sessionID: SessionID, turnID: OpaqueID, callID: OpaqueID, title: TextValue, kind: ToolKind, arguments: String? = nil, change: ApprovalChange? = nil, options: [PermissionOption], expiresAt: Timestamp) {
        self.approvalID = approvalID
        self.sessionID = sessionID
        self.turnID = turnID
        self.callID = callID
        self.title = title
        self.kind = kind
        self.arguments = arguments
        self.change = change
        self.options = options
        self.expiresAt = expiresAt
    }

    private enum CodingKeys: String, CodingKey {
        case approvalID = "approval_id"
        case sessionID = "session_id"
        case turnID = "turn_id"
        case callID = "call_id"
        case title
        case kind
        case arguments
        case change
        case options
        case expiresAt = "expires_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.approvalID = try c.decode(OpaqueID.self, forKey: .approvalID)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.callID = try c.decode(OpaqueID.self, forKey: .callID)
        self.title = try c.decode(TextValue.self, forKey: .title)
        self.kind = try c.decode(ToolKind.self, forKey: .kind)
        self.arguments = try c.decodeRequiredNullable(String.self, forKey: .arguments)
        self.change = try c.decodeRequiredNullable(ApprovalChange.self, forKey: .change)
        self.options = try c.decode([PermissionOption].self, forKey: .options)
        self.expiresAt = try c.decode(Timestamp.self, forKey: .expiresAt)
        if let value = self.arguments {
            try Check.string(value, minBytes: 0, maxBytes: 8192, at: c.path(.arguments))
        }
        do {
            let value = self.options
            try Check.count(value.count, min: 1, max: 8, at: c.path(.options))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(approvalID, forKey: .approvalID)
        try c.encode(sessionID, forKey: .sessionID)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(callID, forKey: .callID)
        try c.encode(title, forKey: .title)
        try c.encode(kind, forKey: .kind)
        if let value = arguments { try c.encode(value, forKey: .arguments) } else { try c.encodeNil(forKey: .arguments) }
        if let value = change { try c.encode(value, forKey: .change) } else { try c.encodeNil(forKey: .change) }
        try c.encode(options, forKey: .options)
        try c.encode(expiresAt, forKey: .expiresAt)
    }
}

/// Payload of the `approval.resolved` event.
public struct ApprovalResolved: Codable, Hashable, Sendable {
    /// The approval.
    public let approvalID: OpaqueID
    /// Its session.
    public let sessionID: SessionID
    /// Its turn.
    public let turnID: OpaqueID
    /// selected or cancelled.
    public let outcome: ApprovalOutcome
    /// The chosen option; null when cancelled.
    public let optionID: OpaqueID?
    /// What the chosen option means; null when cancelled.
    public let optionKind: PermissionKind?
    /// Who or what decided.
    public let decidedBy: ApprovalDecider

    public init(approvalID: OpaqueID, sessionID: SessionID, turnID: OpaqueID, outcome: ApprovalOutcome, optionID: OpaqueID? = nil, optionKind: PermissionKind? = nil, decidedBy: ApprovalDecider) {
        self.approvalID = approvalID
        self.sessionID = sessionID
        self.turnID = turnID
        self.outcome = outcome
        self.optionID = optionID
        self.optionKind = optionKind
        self.decidedBy = decidedBy
    }

    private enum CodingKeys: String, CodingKey {
        case approvalID = "approval_id"
        case sessionID = "session_id"
        case turnID = "turn_id"
        case outcome
        case optionID = "option_id"
        case optionKind = "option_kind"
        case decidedBy = "decided_by"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.approvalID = try c.decode(OpaqueID.self, forKey: .approvalID)
        self.sessionID = try c.decode(SessionID.self, forKey: .sessionID)
        self.turnID = try c.decode(OpaqueID.self, forKey: .turnID)
        self.outcome = try c.decode(ApprovalOutcome.self, forKey: .outcome)
        self.optionID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .optionID)
        self.optionKind = try c.decodeRequiredNullable(PermissionKind.self, forKey: .optionKind)
        self.decidedBy = try c.decode(ApprovalDecider.self, forKey: .decidedBy)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(approvalID, forKey: .approvalID)
        try c.encode(sessionID, forKey: .sessionID)
        try c.encode(turnID, forKey: .turnID)
        try c.encode(outcome, forKey: .outcome)
        if let value = optionID { try c.encode(value, forKey: .optionID) } else { try c.encodeNil(forKey: .optionID) }
        if let value = optionKind { try c.encode(value, forKey: .optionKind) } else { try c.encodeNil(forKey: .optionKind) }
        try c.encode(decidedBy, forKey: .decidedBy)
    }
}

// MARK: - Envelopes


/// A client request; unknown fields are rejected.
public struct RequestEnvelope<Payload: Codable & Sendable>: Codable, Sendable {
    /// Wire version; 2.
    public let protocolVersion: UInt16
    /// Record kind.
    public let kind: String
    /// Client-chosen ID, unique among this connection's requests in flight.
    public let requestID: OpaqueID
    /// Serving instance from initialize; null only on initialize.
    public let instanceID: OpaqueID?
    /// Connection from initialize; null only on initialize.
    public let connectionID: OpaqueID?
    /// Target session where the operation requires one; null otherwise. The server validates it as a session ID
    /// (invalid_session_id) before any path is resolved.
    public let sessionID: OpaqueID?
    /// Mutation intent ID; required for mutations, null for reads.
    public let operationID: OpaqueID?
    /// Session control proof where required; null otherwise.
    public let control: Control?
    /// Operation name.
    public let method: Name
    /// Method-specific payload.
    public let payload: Payload

    public init(protocolVersion: UInt16, requestID: OpaqueID, instanceID: OpaqueID? = nil, connectionID: OpaqueID? = nil, sessionID: OpaqueID? = nil, operationID: OpaqueID? = nil, control: Control? = nil, method: Name, payload: Payload) {
        self.protocolVersion = protocolVersion
        self.kind = "request"
        self.requestID = requestID
        self.instanceID = instanceID
        self.connectionID = connectionID
        self.sessionID = sessionID
        self.operationID = operationID
        self.control = control
        self.method = method
        self.payload = payload
    }

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol_version"
        case kind
        case requestID = "request_id"
        case instanceID = "instance_id"
        case connectionID = "connection_id"
        case sessionID = "session_id"
        case operationID = "operation_id"
        case control
        case method
        case payload
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.protocolVersion = try c.decode(UInt16.self, forKey: .protocolVersion)
        self.kind = try c.decode(String.self, forKey: .kind)
        self.requestID = try c.decode(OpaqueID.self, forKey: .requestID)
        self.instanceID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .instanceID)
        self.connectionID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .connectionID)
        self.sessionID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .sessionID)
        self.operationID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .operationID)
        self.control = try c.decodeRequiredNullable(Control.self, forKey: .control)
        self.method = try c.decode(Name.self, forKey: .method)
        self.payload = try c.decode(Payload.self, forKey: .payload)
        do {
            let value = self.kind
            try Check.constant(value, "request", at: c.path(.kind))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.kind))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(protocolVersion, forKey: .protocolVersion)
        try c.encode(kind, forKey: .kind)
        try c.encode(requestID, forKey: .requestID)
        if let value = instanceID { try c.encode(value, forKey: .instanceID) } else { try c.encodeNil(forKey: .instanceID) }
        if let value = connectionID { try c.encode(value, forKey: .connectionID) } else { try c.encodeNil(forKey: .connectionID) }
        if let value = sessionID { try c.encode(value, forKey: .sessionID) } else { try c.encodeNil(forKey: .sessionID) }
        if let value = operationID { try c.encode(value, forKey: .operationID) } else { try c.encodeNil(forKey: .operationID) }
        if let value = control { try c.encode(value, forKey: .control) } else { try c.encodeNil(forKey: .control) }
        try c.encode(method, forKey: .method)
        try c.encode(payload, forKey: .payload)
    }
}

/// The one response to a request; exactly one of payload and error is non-null.
public struct ResponseEnvelope<Payload: Codable & Sendable>: Codable, Sendable {
    /// Wire version; 2.
    public let protocolVersion: UInt16
    /// Record kind.
    public let kind: String
    /// The request's ID; null when the record could not be decoded far enough.
    public let requestID: OpaqueID?
    /// Serving instance; null before initialization.
    public let instanceID: OpaqueID?
    /// Connection; null before initialization.
    public let connectionID: OpaqueID?
    /// The request's session, if any.
    public let sessionID: OpaqueID?
    /// The request's operation ID, if any.
    public let operationID: OpaqueID?
    /// Success payload; null on error.
    public let payload: Payload?
    /// Error; null on success.
    public let error: ErrorObject?

    public init(protocolVersion: UInt16, requestID: OpaqueID? = nil, instanceID: OpaqueID? = nil, connectionID: OpaqueID? = nil, sessionID: OpaqueID? = nil, operationID: OpaqueID? = nil, payload: Payload? = nil, error: ErrorObject? = nil) {
        self.protocolVersion = protocolVersion
        self.kind = "response"
        self.requestID = requestID
        self.instanceID = instanceID
        self.connectionID = connectionID
        self.sessionID = sessionID
        self.operationID = operationID
        self.payload = payload
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol_version"
        case kind
        case requestID = "request_id"
        case instanceID = "instance_id"
        case connectionID = "connection_id"
        case sessionID = "session_id"
        case operationID = "operation_id"
        case payload
        case error
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.protocolVersion = try c.decode(UInt16.self, forKey: .protocolVersion)
        self.kind = try c.decode(String.self, forKey: .kind)
        self.requestID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .requestID)
        self.instanceID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .instanceID)
        self.connectionID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .connectionID)
        self.sessionID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .sessionID)
        self.operationID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .operationID)
        self.payload = try c.decodeRequiredNullable(Payload.self, forKey: .payload)
        self.error = try c.decodeRequiredNullable(ErrorObject.self, forKey: .error)
        do {
            let value = self.kind
            try Check.constant(value, "response", at: c.path(.kind))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.kind))
        }
        guard (payload == nil) != (error == nil) else {
            throw ProtocolViolation(.resultShape, "exactly one of payload and error must be non-null", at: decoder.path)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(protocolVersion, forKey: .protocolVersion)
        try c.encode(kind, forKey: .kind)
        if let value = requestID { try c.encode(value, forKey: .requestID) } else { try c.encodeNil(forKey: .requestID) }
        if let value = instanceID { try c.encode(value, forKey: .instanceID) } else { try c.encodeNil(forKey: .instanceID) }
        if let value = connectionID { try c.encode(value, forKey: .connectionID) } else { try c.encodeNil(forKey: .connectionID) }
        if let value = sessionID { try c.encode(value, forKey: .sessionID) } else { try c.encodeNil(forKey: .sessionID) }
        if let value = operationID { try c.encode(value, forKey: .operationID) } else { try c.encodeNil(forKey: .operationID) }
        if let value = payload { try c.encode(value, forKey: .payload) } else { try c.encodeNil(forKey: .payload) }
        if let value = error { try c.encode(value, forKey: .error) } else { try c.encodeNil(forKey: .error) }
    }
}

/// Member names of `EventEnvelope`, shared with the event enum's decoder.
enum EventEnvelopeKeys: String, CodingKey {
    case protocolVersion = "protocol_version"
    case kind
    case event
    case instanceID = "instance_id"
    case connectionID = "connection_id"
    case sessionID = "session_id"
    case operationID = "operation_id"
    case grantGeneration = "grant_generation"
    case liveSequence = "live_sequence"
    case payload
}

/// A server event; correlation rules come from the event's declaration.
public struct EventEnvelope<Payload: Codable & Sendable>: Codable, Sendable {
    /// Wire version; 2.
    public let protocolVersion: UInt16
    /// Record kind.
    public let kind: String
    /// Event name.
    public let event: Name
    /// Serving instance.
    public let instanceID: OpaqueID
    /// Recipient connection.
    public let connectionID: OpaqueID
    /// Session of the event, if any.
    public let sessionID: SessionID?
    /// Originating operation, if any.
    public let operationID: OpaqueID?
    /// Recipient's current grant generation, if session-scoped.
    public let grantGeneration: UInt64?
    /// Session's live sequence, if session-scoped.
    public let liveSequence: UInt64?
    /// Event-specific payload.
    public let payload: Payload

    public init(protocolVersion: UInt16, event: Name, instanceID: OpaqueID, connectionID: OpaqueID, sessionID: SessionID? = nil, operationID: OpaqueID? = nil, grantGeneration: UInt64? = nil, liveSequence: UInt64? = nil, payload: Payload) {
        self.protocolVersion = protocolVersion
        self.kind = "event"
        self.event = event
        self.instanceID = instanceID
        self.connectionID = connectionID
        self.sessionID = sessionID
        self.operationID = operationID
        self.grantGeneration = grantGeneration
        self.liveSequence = liveSequence
        self.payload = payload
    }

    private typealias CodingKeys = EventEnvelopeKeys

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder.container(keyedBy: CodingKeys.self), decoder: decoder)
    }

    /// Decodes from a container its picking decoder already opened.
    init(from c: KeyedDecodingContainer<EventEnvelopeKeys>, decoder: Decoder) throws {
        self.protocolVersion = try c.decode(UInt16.self, forKey: .protocolVersion)
        self.kind = try c.decode(String.self, forKey: .kind)
        self.event = try c.decode(Name.self, forKey: .event)
        self.instanceID = try c.decode(OpaqueID.self, forKey: .instanceID)
        self.connectionID = try c.decode(OpaqueID.self, forKey: .connectionID)
        self.sessionID = try c.decodeRequiredNullable(SessionID.self, forKey: .sessionID)
        self.operationID = try c.decodeRequiredNullable(OpaqueID.self, forKey: .operationID)
        self.grantGeneration = try c.decodeRequiredNullable(UInt64.self, forKey: .grantGeneration)
        self.liveSequence = try c.decodeRequiredNullable(UInt64.self, forKey: .liveSequence)
        self.payload = try c.decode(Payload.self, forKey: .payload)
        do {
            let value = self.kind
            try Check.constant(value, "event", at: c.path(.kind))
            try Check.string(value, minBytes: 0, maxBytes: 16384, at: c.path(.kind))
        }
        if let value = self.grantGeneration {
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.grantGeneration))
        }
        if let value = self.liveSequence {
            try Check.range(value, min: 0, max: 9007199254740991, at: c.path(.liveSequence))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(protocolVersion, forKey: .protocolVersion)
        try c.encode(kind, forKey: .kind)
        try c.encode(event, forKey: .event)
        try c.encode(instanceID, forKey: .instanceID)
        try c.encode(connectionID, forKey: .connectionID)
        if let value = sessionID { try c.encode(value, forKey: .sessionID) } else { try c.encodeNil(forKey: .sessionID) }
        if let value = operationID { try c.encode(value, forKey: .operationID) } else { try c.encodeNil(forKey: .operationID) }
        if let value = grantGeneration { try c.encode(value, forKey: .grantGeneration) } else { try c.encodeNil(forKey: .grantGeneration) }
        if let value = liveSequence { try c.encode(value, forKey: .liveSequence) } else { try c.encodeNil(forKey: .liveSequence) }
        try c.encode(payload, forKey: .payload)
    }
}

/// Envelope identities of an event.
public struct EventCorrelation: Hashable, Sendable {
    public let instanceID: OpaqueID
    public let connectionID: OpaqueID
    public let sessionID: SessionID?
    public let operationID: OpaqueID?
    public let grantGeneration: UInt64?
    public let liveSequence: UInt64?
}

extension EventEnvelope {
    /// The identities this event carries.
    public var correlation: EventCorrelation {
        EventCorrelation(instanceID: instanceID, connectionID: connectionID, sessionID: sessionID, operationID: operationID, grantGeneration: grantGeneration, liveSequence: liveSequence)
    }

    /// Each slot must be set (non-null) or null as the event's declaration says.
    func checkCorrelation(sessionID: Bool, operationID: Bool, grantGeneration: Bool, liveSequence: Bool, at path: @autoclosure () -> String) throws {
        try Check.correlation(self.sessionID, set: sessionID, at: path() + ".session_id")
        try Check.correlation(self.operationID, set: operationID, at: path() + ".operation_id")
        try Check.correlation(self.grantGeneration, set: grantGeneration, at: path() + ".grant_generation")
        try Check.correlation(self.liveSequence, set: liveSequence, at: path() + ".live_sequence")
    }
}

// MARK: - Operations and events


/// Descriptors of every operation, for typed requests.
public enum Operations {
    /// Negotiate the wire version and required operations; returns identities and capabilities.
    public enum Initialize: AgentWireOperation {
        public typealias Request = InitializeRequest
        public typealias Response = InitializeResponse
        public static let method = "initialize"
        public static let isMutation = false
        public static let requiresInitialization = false
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["unsupported_version", "unsupported_capability", "invalid_request"]
        public static let events: [String] = []
    }
    /// Service state and whether the selected provider can prepare authentication.
    public enum Status: AgentWireOperation {
        public typealias Request = StatusRequest
        public typealias Response = StatusResponse
        public static let method = "status"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = []
        public static let events: [String] = []
    }
    /// The complete capability object that initialize returned.
    public enum Capabilities: AgentWireOperation {
        public typealias Request = CapabilitiesRequest
        public typealias Response = AgentWire.Capabilities
        public static let method = "capabilities"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = []
        public static let events: [String] = []
    }
    /// Authentication readiness of every provider, read now without refresh or network.
    public enum AuthStatus: AgentWireOperation {
        public typealias Request = AuthStatusRequest
        public typealias Response = AuthStatusResponse
        public static let method = "auth.status"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = []
        public static let events: [String] = []
    }
    /// Start the one Codex OAuth login of the service; progress and terminal events follow.
    public enum AuthLoginStart: AgentWireOperation {
        public typealias Request = AuthLoginStartRequest
        public typealias Response = AuthLoginStartResponse
        public static let method = "auth.login.start"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["provider_unavailable", "auth_busy", "operation_conflict"]
        public static let events: [String] = ["auth.login.progress", "auth.login.terminal"]
    }
    /// Submit the final redirect URL or bare code by hand; never echoed, accepted once.
    public enum AuthLoginCallback: AgentWireOperation {
        public typealias Request = AuthLoginCallbackRequest
        public typealias Response = AuthLoginCallbackResponse
        public static let method = "auth.login.callback"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["unknown_login", "auth_busy", "operation_conflict"]
        public static let events: [String] = []
    }
    /// Request cancellation of an active login; the terminal event settles it.
    public enum AuthLoginCancel: AgentWireOperation {
        public typealias Request = AuthLoginCancelRequest
        public typealias Response = AuthLoginCancelResponse
        public static let method = "auth.login.cancel"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["unknown_login", "operation_conflict"]
        public static let events: [String] = []
    }
    /// Remove one provider's local credential record; the environment is never changed.
    public enum AuthLogout: AgentWireOperation {
        public typealias Request = AuthLogoutRequest
        public typealias Response = AuthLogoutResponse
        public static let method = "auth.logout"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["confirmation_required", "provider_unavailable", "internal_error", "operation_conflict"]
        public static let events: [String] = []
    }
    /// One cache-only page of providers, sorted by ID and deduplicated.
    public enum CatalogProviders: AgentWireOperation {
        public typealias Request = CatalogProvidersRequest
        public typealias Response = CatalogProvidersResponse
        public static let method = "catalog.providers"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["configuration_busy", "internal_error"]
        public static let events: [String] = []
    }
    /// One cache-only page of a provider's models, in cached order and deduplicated.
    public enum CatalogModels: AgentWireOperation {
        public typealias Request = CatalogModelsRequest
        public typealias Response = CatalogModelsResponse
        public static let method = "catalog.models"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["invalid_selection", "configuration_busy", "internal_error"]
        public static let events: [String] = []
    }
    /// Run provider model discovery and write the cache; stale data may be kept on failure.
    public enum CatalogRefresh: AgentWireOperation {
        public typealias Request = CatalogRefreshRequest
        public typealias Response = CatalogRefreshResponse
        public static let method = "catalog.refresh"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["catalog_refresh_failed", "invalid_selection", "configuration_busy", "operation_conflict"]
        public static let events: [String] = []
    }
    /// Bounded projection of the effective settings.
    public enum ConfigGet: AgentWireOperation {
        public typealias Request = ConfigGetRequest
        public typealias Response = ConfigProjection
        public static let method = "config.get"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["configuration_unavailable", "configuration_busy"]
        public static let events: [String] = []
    }
    /// Persist a scoped change of selection, reasoning or fast mode through the locked atomic writer.
    public enum ConfigSet: AgentWireOperation {
        public typealias Request = ConfigSetRequest
        public typealias Response = ConfigSetResponse
        public static let method = "config.set"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["invalid_scope", "invalid_selection", "unsupported_reasoning", "catalog_unavailable", "catalog_stale", "settings_write_failed", "configuration_unavailable", "configuration_busy", "operation_conflict"]
        public static let events: [String] = []
    }
    /// One page of sessions ordered by ID. Sessions live at the state root, shared by every workspace's daemon; by
    /// default a page lists only those created for this daemon's workspace (`all_workspaces` lists every one), and each
    /// summary names its workspace. Filtering happens after a page's candidates are examined, so a page may hold fewer
    /// than `limit` sessions while `truncated` says more candidates remain.
    public enum SessionList: AgentWireOperation {
        public typealias Request = SessionListRequest
        public typealias Response = SessionListResponse
        public static let method = "session.list"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["limit_exceeded", "invalid_session_id", "internal_error"]
        public static let events: [String] = []
    }
    /// Create a session durably without claiming it.
    public enum SessionCreate: AgentWireOperation {
        public typealias Request = SessionCreateRequest
        public typealias Response = SessionCreateResponse
        public static let method = "session.create"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["internal_error", "operation_conflict"]
        public static let events: [String] = []
    }
    /// One bounded page of the allowlisted durable projection; read-only and lock-free.
    public enum SessionReplay: AgentWireOperation {
        public typealias Request = SessionReplayRequest
        public typealias Response = SessionReplayResponse
        public static let method = "session.replay"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .required
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["invalid_session_id", "session_unavailable", "session_busy"]
        public static let events: [String] = []
    }
    /// Take control of a session and receive an atomic snapshot.
    public enum SessionClaim: AgentWireOperation {
        public typealias Request = SessionClaimRequest
        public typealias Response = SessionClaimResponse
        public static let method = "session.claim"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .required
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["invalid_session_id", "session_unavailable", "session_busy", "limit_exceeded", "operation_conflict"]
        public static let events: [String] = []
    }
    /// Release control of a session; a running turn goes on.
    public enum SessionDetach: AgentWireOperation {
        public typealias Request = SessionDetachRequest
        public typealias Response = SessionDetachResponse
        public static let method = "session.detach"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .required
        public static let control: SlotRule = .required
        public static let errors: [String] = ["invalid_session_id", "stale_grant", "control_required", "operation_conflict"]
        public static let events: [String] = []
    }
    /// Control and running-turn state of a session.
    public enum SessionStatus: AgentWireOperation {
        public typealias Request = SessionStatusRequest
        public typealias Response = SessionStatusResponse
        public static let method = "session.status"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .required
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["invalid_session_id", "session_unavailable"]
        public static let events: [String] = []
    }
    /// Start a turn on a claimed session; accepted precedes turn.started.
    public enum TurnStart: AgentWireOperation {
        public typealias Request = TurnStartRequest
        public typealias Response = TurnStartResponse
        public static let method = "turn.start"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .required
        public static let control: SlotRule = .required
        public static let errors: [String] = ["too_many_active_turns", "session_busy", "session_unavailable", "stale_grant", "control_required", "configuration_unavailable", "operation_conflict", "session_workspace_mismatch"]
        public static let events: [String] = ["turn.started", "turn.assistant_delta", "turn.activity", "turn.terminal"]
    }
    /// Request Stop of a running turn; the cancelled terminal settles it.
    public enum TurnCancel: AgentWireOperation {
        public typealias Request = TurnCancelRequest
        public typealias Response = TurnCancelResponse
        public static let method = "turn.cancel"
        public static let isMutation = true
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .required
        public static let control: SlotRule = .required
        public static let errors: [String] = ["unknown_turn", "stale_grant", "control_required", "operation_conflict"]
        public static let events: [String] = []
    }
    /// State and outcome of an operation ID, for recovery after uncertain delivery.
    public enum OperationLookup: AgentWireOperation {
        public typealias Request = OperationLookupRequest
        public typealias Response = OperationLookupResponse
        public static let method = "operation.lookup"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = []
        public static let events: [String] = []
    }
    /// Opt this connection into an optional profile the daemon offers; the answer is exactly what was accepted.
    public enum ProfileNegotiate: AgentWireOperation {
        public typealias Request = ProfileNegotiateRequest
        public typealias Response = ProfileNegotiateResponse
        public static let method = "profile.negotiate"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .mustBeNull
        public static let control: SlotRule = .mustBeNull
        public static let errors: [String] = ["profile_unsupported", "profile_mismatch"]
        public static let events: [String] = []
    }
    /// Answer a pending approval of the session with one of its offered options; the first valid answer wins.
    public enum ApprovalRespond: AgentWireOperation {
        public typealias Request = ApprovalRespondRequest
        public typealias Response = ApprovalRespondResponse
        public static let method = "approval.respond"
        public static let isMutation = false
        public static let requiresInitialization = true
        public static let sessionID: SlotRule = .required
        public static let control: SlotRule = .required
        public static let errors: [String] = ["invalid_session_id", "stale_grant", "control_required", "approval_unknown", "approval_option_unknown"]
        public static let events: [String] = []
    }
}

extension Operations {
    /// The descriptor of a wire method name; nil for a method the spec does not declare.
    public static func named(_ method: String) -> (any AgentWireOperation.Type)? {
        switch method {
        case "initialize": return Initialize.self
        case "status": return Status.self
        case "capabilities": return Capabilities.self
        case "auth.status": return AuthStatus.self
        case "auth.login.start": return AuthLoginStart.self
        case "auth.login.callback": return AuthLoginCallback.self
        case "auth.login.cancel": return AuthLoginCancel.self
        case "auth.logout": return AuthLogout.self
        case "catalog.providers": return CatalogProviders.self
        case "catalog.models": return CatalogModels.self
        case "catalog.refresh": return CatalogRefresh.self
        case "config.get": return ConfigGet.self
        case "config.set": return ConfigSet.self
        case "session.list": return SessionList.self
        case "session.create": return SessionCreate.self
        case "session.replay": return SessionReplay.self
        case "session.claim": return SessionClaim.self
        case "session.detach": return SessionDetach.self
        case "session.status": return SessionStatus.self
        case "turn.start": return TurnStart.self
        case "turn.cancel": return TurnCancel.self
        case "operation.lookup": return OperationLookup.self
        case "profile.negotiate": return ProfileNegotiate.self
        case "approval.respond": return ApprovalRespond.self
        default: return nil
        }
    }
}

/// A decoded event record; an unknown event name fails decoding.
public enum ServerEvent: Decodable, Sendable {
    /// The turn started; sent after the accepted response.
    case turnStarted(EventEnvelope<TurnStarted>)
    /// An accepted assistant text delta, in runtime sink order.
    case turnAssistantDelta(EventEnvelope<TurnAssistantDelta>)
    /// Best-effort structured activity of a turn; never replayed.
    case turnActivity(EventEnvelope<TurnActivity>)
    /// The one terminal of a turn, after persistence and cleanup; its text replaces assembled text.
    case turnTerminal(EventEnvelope<TurnTerminal>)
    /// Progress of a login, correlated to its start operation.
    case authLoginProgress(EventEnvelope<LoginProgress>)
    /// The one terminal of a login, after worker cleanup.
    case authLoginTerminal(EventEnvelope<AuthLoginTerminal>)
    /// A permission request waits for the person: sent to every opted-in connection controlling the session, and again
    /// to a connection right after it claims or takes over a session with the approval pending. Not sequenced: it never
    /// takes a turn sequence number.
    case approvalRequested(EventEnvelope<ApprovalRequested>)
    /// An approval ended: sent to every opted-in connection controlling the session, whoever or whatever decided. Not
    /// sequenced.
    case approvalResolved(EventEnvelope<ApprovalResolved>)

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: EventEnvelopeKeys.self)
        let name = try c.decode(String.self, forKey: .event)
        switch name {
        case "turn.started":
            let envelope = try EventEnvelope<TurnStarted>(from: c, decoder: decoder)
            try envelope.checkCorrelation(sessionID: true, operationID: true, grantGeneration: true, liveSequence: true, at: decoder.path)
            self = .turnStarted(envelope)
        case "turn.assistant_delta":
            let envelope = try EventEnvelope<TurnAssistantDelta>(from: c, decoder: decoder)
            try envelope.checkCorrelation(sessionID: true, operationID: true, grantGeneration: true, liveSequence: true, at: decoder.path)
            self = .turnAssistantDelta(envelope)
        case "turn.activity":
            let envelope = try EventEnvelope<TurnActivity>(from: c, decoder: decoder)
            try envelope.checkCorrelation(sessionID: true, operationID: true, grantGeneration: true, liveSequence: true, at: decoder.path)
            self = .turnActivity(envelope)
        case "turn.terminal":
            let envelope = try EventEnvelope<TurnTerminal>(from: c, decoder: decoder)
            try envelope.checkCorrelation(sessionID: true, operationID: true, grantGeneration: true, liveSequence: true, at: decoder.path)
            self = .turnTerminal(envelope)
        case "auth.login.progress":
            let envelope = try EventEnvelope<LoginProgress>(from: c, decoder: decoder)
            try envelope.checkCorrelation(sessionID: false, operationID: true, grantGeneration: false, liveSequence: false, at: decoder.path)
            self = .authLoginProgress(envelope)
        case "auth.login.terminal":
            let envelope = try EventEnvelope<AuthLoginTerminal>(from: c, decoder: decoder)
            try envelope.checkCorrelation(sessionID: false, operationID: true, grantGeneration: false, liveSequence: false, at: decoder.path)
            self = .authLoginTerminal(envelope)
        case "approval.requested":
            let envelope = try EventEnvelope<ApprovalRequested>(from: c, decoder: decoder)
            try envelope.checkCorrelation(sessionID: true, operationID: true, grantGeneration: true, liveSequence: false, at: decoder.path)
            self = .approvalRequested(envelope)
        case "approval.resolved":
            let envelope = try EventEnvelope<ApprovalResolved>(from: c, decoder: decoder)
            try envelope.checkCorrelation(sessionID: true, operationID: true, grantGeneration: true, liveSequence: false, at: decoder.path)
            self = .approvalResolved(envelope)
        default:
            throw ProtocolViolation(.unknownEvent, "unknown event \(name)", at: decoder.path + ".event")
        }
    }

    /// The event's wire name.
    public var name: String {
        switch self {
        case .turnStarted: return "turn.started"
        case .turnAssistantDelta: return "turn.assistant_delta"
        case .turnActivity: return "turn.activity"
        case .turnTerminal: return "turn.terminal"
        case .authLoginProgress: return "auth.login.progress"
        case .authLoginTerminal: return "auth.login.terminal"
        case .approvalRequested: return "approval.requested"
        case .approvalResolved: return "approval.resolved"
        }
    }

    /// Whether the event closes its turn or login.
    public var isTerminal: Bool {
        switch self {
        case .turnStarted: return false
        case .turnAssistantDelta: return false
        case .turnActivity: return false
        case .turnTerminal: return true
        case .authLoginProgress: return false
        case .authLoginTerminal: return true
        case .approvalRequested: return false
        case .approvalResolved: return false
        }
    }

    /// The per-turn sequence of a sequenced event.
    public var turnSequence: (turnID: OpaqueID, sequence: UInt64)? {
        switch self {
        case .turnStarted(let e): return (e.payload.turnID, UInt64(e.payload.sequence))
        case .turnAssistantDelta(let e): return (e.payload.turnID, UInt64(e.payload.sequence))
        case .turnActivity(let e): return (e.payload.turnID, UInt64(e.payload.sequence))
        case .turnTerminal(let e): return (e.payload.turnID, UInt64(e.payload.sequence))
        case .authLoginProgress: return nil
        case .authLoginTerminal: return nil
        case .approvalRequested: return nil
        case .approvalResolved: return nil
        }
    }

    /// Envelope identities shared by every event.
    public var correlation: EventCorrelation {
        switch self {
        case .turnStarted(let e): return e.correlation
        case .turnAssistantDelta(let e): return e.correlation
        case .turnActivity(let e): return e.correlation
        case .turnTerminal(let e): return e.correlation
        case .authLoginProgress(let e): return e.correlation
        case .authLoginTerminal(let e): return e.correlation
        case .approvalRequested(let e): return e.correlation
        case .approvalResolved(let e): return e.correlation
        }
    }

    /// The record's wire version.
    public var protocolVersion: UInt16 {
        switch self {
        case .turnStarted(let e): return e.protocolVersion
        case .turnAssistantDelta(let e): return e.protocolVersion
        case .turnActivity(let e): return e.protocolVersion
        case .turnTerminal(let e): return e.protocolVersion
        case .authLoginProgress(let e): return e.protocolVersion
        case .authLoginTerminal(let e): return e.protocolVersion
        case .approvalRequested(let e): return e.protocolVersion
        case .approvalResolved(let e): return e.protocolVersion
        }
    }

    /// The session the payload names, if it names one (it must be the envelope's).
    public var payloadSessionID: String? {
        switch self {
        case .turnStarted(let e): return e.payload.sessionID.value
        case .turnAssistantDelta: return nil
        case .turnActivity: return nil
        case .turnTerminal(let e): return e.payload.sessionID.value
        case .authLoginProgress: return nil
        case .authLoginTerminal: return nil
        case .approvalRequested(let e): return e.payload.sessionID.value
        case .approvalResolved(let e): return e.payload.sessionID.value
        }
    }

    /// The turn or login the event belongs to (its payload's `turn_id` or `login_id`).
    public var subjectID: String? {
        switch self {
        case .turnStarted(let e): return e.payload.turnID.value
        case .turnAssistantDelta(let e): return e.payload.turnID.value
        case .turnActivity(let e): return e.payload.turnID.value
        case .turnTerminal(let e): return e.payload.turnID.value
        case .authLoginProgress: return nil
        case .authLoginTerminal(let e): return e.payload.loginID.value
        case .approvalRequested(let e): return e.payload.turnID.value
        case .approvalResolved(let e): return e.payload.turnID.value
        }
    }
}

/// One line of the session message stream.
public typealias TranscriptMessage = SessionMessage
