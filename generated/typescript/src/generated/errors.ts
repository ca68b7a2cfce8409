// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

/** A known error code; a consumer treats any other well-formed code as a generic failure. */
export type ErrorCode =
  | "invalid_json"
  | "record_too_large"
  | "invalid_request"
  | "payload_too_large"
  | "limit_exceeded"
  | "unsupported_version"
  | "unsupported_capability"
  | "unsupported_operation"
  | "not_initialized"
  | "invalid_payload"
  | "duplicate_request_id"
  | "too_many_active_turns"
  | "session_busy"
  | "session_unavailable"
  | "invalid_session_id"
  | "session_workspace_mismatch"
  | "unknown_turn"
  | "auth_busy"
  | "unknown_login"
  | "provider_unavailable"
  | "confirmation_required"
  | "configuration_unavailable"
  | "configuration_busy"
  | "catalog_refresh_failed"
  | "settings_write_failed"
  | "invalid_scope"
  | "invalid_selection"
  | "unsupported_reasoning"
  | "catalog_unavailable"
  | "catalog_stale"
  | "internal_error"
  | "instance_mismatch"
  | "stale_grant"
  | "control_required"
  | "operation_conflict"
  | "unknown_operation"
  | "conflict"
  | "resource_not_found"
  | "persistence_failed"
  | "output_limit_exceeded"
  | "agent_failed"
  | "agent_refused"
  | "agent_limit_reached"
  | "agent_needs_login"
  | "profile_unsupported"
  | "profile_mismatch"
  | "approval_unknown"
  | "approval_option_unknown";

/** The fixed message of every error code. */
export const ERROR_MESSAGES: { readonly [C in ErrorCode]: string } = {
  /**
   * The record is not UTF-8 I-JSON (RFC 7493): a syntax error, a duplicate member name, a noncharacter (U+FDD0..U+FDEF
   * or U+xxFFFE/U+xxFFFF in any plane, raw or escaped) in a string or member name, or more than one value. The service
   * never sends one: it writes each noncharacter of relayed text (from a model, a tool or a file) as U+FFFD. (source:
   * seed)
   */
  invalid_json: "request is not valid JSON",
  /** The record is longer than max_record_bytes; the socket closes after this response. (source: seed) */
  record_too_large: "request record exceeds the maximum size",
  /** The envelope is malformed, has unknown fields, or misses a required slot. (source: seed) */
  invalid_request: "request envelope is invalid",
  /** The payload's compact encoding is longer than max_payload_bytes. (source: seed) */
  payload_too_large: "request payload exceeds the maximum size",
  /**
   * A structural limit (depth, items, fields, string bytes, negotiation items, scan budget) was crossed, or the
   * connection already has max_inflight_requests requests in flight (retry once a response arrives). (source: seed)
   */
  limit_exceeded: "request exceeds a protocol limit",
  /** The envelope's protocol_version is not 2, or initialization offers no supported version. (source: seed) */
  unsupported_version: "protocol version is not supported",
  /** A requested capability names an operation the service does not offer. (source: seed) */
  unsupported_capability: "requested capability is not supported",
  /** The method is not an operation of the service. (source: seed) */
  unsupported_operation: "operation is not supported",
  /** A request other than initialize arrived before initialization succeeded. (source: seed) */
  not_initialized: "initialize must complete before this operation",
  /** The payload does not satisfy the operation's schema. (source: seed) */
  invalid_payload: "operation payload is invalid",
  /** The request_id names a request of this connection whose response is not yet written. (source: seed) */
  duplicate_request_id: "request_id is already in flight",
  /** max_active_turns turns are already running. (source: seed) */
  too_many_active_turns: "the service has reached its active turn limit",
  /** Another controller, service or durable append holds the session. (source: seed) */
  session_busy: "session has a conflicting writer or is closing",
  /** The session does not exist or cannot be read. (source: seed) */
  session_unavailable: "session is unavailable",
  /** The session ID is not a well-formed opaque ID. (source: seed) */
  invalid_session_id: "session ID is invalid",
  /**
   * `turn.start` in a session created for another workspace than the one this daemon serves. A turn's tools read and
   * write its daemon's workspace, so a session's turns run only in the workspace it was created for: continue it from
   * that workspace's daemon (its `session.list` summary names the workspace), or create a session here. Reading,
   * replaying, claiming and detaching it work from any workspace. (source: lifecycle)
   */
  session_workspace_mismatch: "session belongs to another workspace",
  /** The turn ID names no running turn of the session. (source: seed) */
  unknown_turn: "turn is unknown or already terminal",
  /** A login is already active, or its callback was already submitted. (source: seed) */
  auth_busy: "authentication operation is already running",
  /** The login ID names no active login. (source: seed) */
  unknown_login: "login is unknown or already terminal",
  /** The provider is unknown or does not support the requested auth operation. (source: seed) */
  provider_unavailable: "provider does not support this operation",
  /** auth.logout was sent without confirmed:true. (source: seed) */
  confirmation_required: "logout requires explicit confirmation",
  /** Settings could not be read or parsed. (source: seed) */
  configuration_unavailable: "configuration could not be read; check settings",
  /** The single configuration worker is busy. (source: seed) */
  configuration_busy: "a configuration operation is running; retry after its response",
  /** Model discovery failed; no provider detail is given. (source: seed) */
  catalog_refresh_failed: "catalog refresh failed; check provider readiness and retry",
  /** The settings writer failed; nothing was committed. (source: seed) */
  settings_write_failed: "settings could not be persisted; check settings and retry",
  /** The scope is unknown, or a global-only setting was sent with project scope. (source: seed) */
  invalid_scope: "scope is invalid or the setting requires global scope",
  /** The selection names no enabled model of a known provider. (source: seed) */
  invalid_selection: "provider or model is unknown, disabled, or invalid",
  /** A recognized reasoning level that the selected model does not offer. (source: seed) */
  unsupported_reasoning: "reasoning choice is unsupported for this model",
  /** No usable catalog cache exists for the provider. (source: seed) */
  catalog_unavailable: "model catalog is unavailable; refresh it before selecting",
  /** The provider's catalog cache has expired. (source: seed) */
  catalog_stale: "model catalog is stale; refresh it before selecting",
  /** The service failed; the message never carries details. (source: seed) */
  internal_error: "application service failed to handle the request",
  /** instance_id or connection_id differ from what initialize returned. (source: lifecycle) */
  instance_mismatch: "request targets another service instance",
  /** The control's claim or grant generation is no longer current. (source: lifecycle) */
  stale_grant: "control grant is not current for this session",
  /** The operation needs control and the connection holds none for the session. (source: lifecycle) */
  control_required: "operation requires current session control",
  /** The operation_id is recorded (or tombstoned) with another method, payload or session. (source: lifecycle) */
  operation_conflict: "operation_id was already used for a different intent",
  /** Reserved for outcome queries that name an operation of another instance. (source: lifecycle) */
  unknown_operation: "operation is unknown to this service instance",
  /** Application resources profile: a revision conflict. (source: resources) */
  conflict: "resource revision conflicts with current state",
  /** Application resources profile: an unknown resource. (source: resources) */
  resource_not_found: "resource is not registered",
  /** Carried by a failed turn terminal whose durable write failed. (source: terminal) */
  persistence_failed: "turn output could not be persisted",
  /** Carried by a failed turn terminal whose assistant text would cross a bound. (source: terminal) */
  output_limit_exceeded: "assistant output exceeds a protocol limit",
  /**
   * Carried by a failed turn terminal of an ACP agent provider: the agent could not start or initialize, exited, sent a
   * line that is not JSON-RPC or is longer than max_record_bytes, answered session/new, session/load, session/set_mode
   * or the prompt with an error, does not offer the mode its settings name, ended the prompt with a stop reason this
   * service does not know, or did not stop within cancel_grace_ms after session/cancel (it is then killed). A `service`
   * message of the turn says which, with the agent's own words where it gave any (its JSON-RPC error message, or a dead
   * process's exit status and last stderr lines; bounded and redacted). (source: terminal)
   */
  agent_failed: "the agent process failed or broke the Agent Client Protocol",
  /**
   * Carried by a failed turn terminal of an ACP agent provider whose prompt ended with stopReason `refusal`. (source:
   * terminal)
   */
  agent_refused: "the agent refused to continue",
  /**
   * Carried by a failed turn terminal of an ACP agent provider whose prompt ended with stopReason `max_tokens` or
   * `max_turn_requests`. (source: terminal)
   */
  agent_limit_reached: "the agent reached its token or request limit",
  /**
   * Carried by a failed turn terminal of an ACP agent provider that refused a request for want of sign-in (ACP error
   * `auth_required`, -32000), or whose `authenticate` with the method its settings name failed. A `service` message of
   * the turn carries the agent's own words and the sign-in methods it offers; `auth.status` reports the agent
   * `needs_login` until a prompt of it is answered or its settings change. (source: terminal)
   */
  agent_needs_login: "the agent needs sign-in before it can answer",
  /** `profile.negotiate` named a profile or version the daemon does not offer; nothing changed. (source: profile) */
  profile_unsupported: "profile or version is not offered",
  /**
   * The connection already negotiated another version of the profile, or claimed a session before negotiating; nothing
   * changed. (source: profile)
   */
  profile_mismatch: "profile negotiation conflicts with this connection's state",
  /**
   * No pending approval of the session has this ID: unknown, already answered (a second answer) or already decided by
   * the deadline, the policy or a cancel (a late answer); nothing changed. (source: profile)
   */
  approval_unknown: "approval is unknown or already resolved",
  /**
   * The option ID is not one of the pending approval's options; nothing changed and the approval stays pending.
   * (source: profile)
   */
  approval_option_unknown: "option is not one the approval offered",
};

/** Every known error code, in spec order. */
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as readonly ErrorCode[];

/** Whether a code is one this package knows. */
export function isErrorCode(code: string): code is ErrorCode {
  switch (code) {
    case "invalid_json":
    case "record_too_large":
    case "invalid_request":
    case "payload_too_large":
    case "limit_exceeded":
    case "unsupported_version":
    case "unsupported_capability":
    case "unsupported_operation":
    case "not_initialized":
    case "invalid_payload":
    case "duplicate_request_id":
    case "too_many_active_turns":
    case "session_busy":
    case "session_unavailable":
    case "invalid_session_id":
    case "session_workspace_mismatch":
    case "unknown_turn":
    case "auth_busy":
    case "unknown_login":
    case "provider_unavailable":
    case "confirmation_required":
    case "configuration_unavailable":
    case "configuration_busy":
    case "catalog_refresh_failed":
    case "settings_write_failed":
    case "invalid_scope":
    case "invalid_selection":
    case "unsupported_reasoning":
    case "catalog_unavailable":
    case "catalog_stale":
    case "internal_error":
    case "instance_mismatch":
    case "stale_grant":
    case "control_required":
    case "operation_conflict":
    case "unknown_operation":
    case "conflict":
    case "resource_not_found":
    case "persistence_failed":
    case "output_limit_exceeded":
    case "agent_failed":
    case "agent_refused":
    case "agent_limit_reached":
    case "agent_needs_login":
    case "profile_unsupported":
    case "profile_mismatch":
    case "approval_unknown":
    case "approval_option_unknown":
      return true;
    default:
      return false;
  }
}

/** Errors any request can receive before its operation runs, in precedence order. */
export const REQUEST_ERRORS: readonly ErrorCode[] = ["record_too_large", "invalid_json", "limit_exceeded", "invalid_request", "unsupported_version", "unsupported_operation", "payload_too_large", "invalid_payload", "not_initialized", "instance_mismatch", "duplicate_request_id", "internal_error"];

/** A start-or-connect or handshake failure code. */
export type LaunchErrorCode =
  | "version_mismatch"
  | "workspace_mismatch"
  | "invalid_handshake"
  | "connection_limit"
  | "invalid_handshake_reply"
  | "invalid_workspace"
  | "invalid_executable"
  | "invalid_arguments"
  | "state_root_unavailable"
  | "state_root_unsafe"
  | "state_root_mismatch"
  | "runtime_dir_unsafe"
  | "runtime_dir_unavailable"
  | "foreign_service"
  | "start_failed"
  | "start_timeout"
  | "daemon_running"
  | "internal_error";

/** The fixed message of every launch error code. */
export const LAUNCH_ERROR_MESSAGES: { readonly [C in LaunchErrorCode]: string } = {
  /** Package versions must match exactly; a live daemon of another version is never killed, replaced or run beside. */
  version_mismatch: "package version does not match the running daemon",
  /** The handshake named a workspace the daemon does not serve. */
  workspace_mismatch: "the daemon serves another workspace",
  /** The handshake line is not a valid handshake request. */
  invalid_handshake: "handshake is invalid",
  /**
   * The daemon serves `max_connections` connections already: it answers a new connection's handshake line, whatever it
   * says, with this rejection and closes it. Another connection closing makes room.
   */
  connection_limit: "the daemon already serves its maximum number of connections",
  /** The daemon's handshake reply is malformed or names another version. */
  invalid_handshake_reply: "the daemon sent an invalid handshake reply",
  /** start-or-connect was given an unusable workspace. */
  invalid_workspace: "workspace must be an absolute path to a directory",
  /** start-or-connect was given an unusable executable. */
  invalid_executable: "executable must be an absolute path to an executable file",
  /** start-or-connect's arguments do not parse. */
  invalid_arguments: "command line arguments are invalid",
  /** The state root could not be resolved or created. */
  state_root_unavailable: "state root is unavailable; check MC_HOME or HOME",
  /**
   * The state root, or its `settings.toml`, `auth.json`, `sessions/`, `catalog/` or `run/`, is owned by another uid or
   * writable by group or others (the checks of OpenSSH's StrictModes). The settings file can start programs and
   * `auth.json` holds credentials, so nothing starts until the owner makes them private again (for example `chmod 700`
   * the state root, `chmod 600` its files).
   */
  state_root_unsafe: "state root is not owned by this user or is writable by others",
  /** A fallback runtime folder is shared by two state roots; the daemon found serves the other. */
  state_root_mismatch: "the daemon at the socket uses another state root",
  /** The runtime folder is not owned by the user or is group/world accessible. */
  runtime_dir_unsafe: "runtime folder is not owned by this user or is accessible to others",
  /** The runtime folder could not be created or its socket path is unusable. */
  runtime_dir_unavailable: "runtime folder could not be prepared",
  /** The peer at the socket runs as another uid. */
  foreign_service: "the daemon socket belongs to another user",
  /** Locking, stale-socket cleanup, spawning or binding failed, or the daemon exited early. */
  start_failed: "daemon could not be started; see daemon.log",
  /** The spawned daemon did not complete a handshake before the start deadline. */
  start_timeout: "daemon did not become ready in time",
  /** serve found the instance lock held. */
  daemon_running: "a daemon already serves this workspace",
  /** The launcher itself failed (for example its runtime could not start). */
  internal_error: "start-or-connect failed unexpectedly",
};
