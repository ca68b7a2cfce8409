// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

import { EXTENSIONS } from "../runtime/json.js";
import type { Extensions, JsonObject, JsonValue } from "../runtime/json.js";

export type { Extensions, JsonObject, JsonValue };

/** Opaque correlation ID chosen by its issuer; never parsed by the other side. */
export type OpaqueId = string;

/** Opaque session ID, validated by the server before any path is resolved. */
export type SessionId = string;

/** Method, capability or event name. */
export type Name = string;

/** Error code; consumers treat an unfamiliar code as a generic failure. */
export type ErrorCodeName = string;

/** Provider selection ID. */
export type ProviderId = string;

/** Model selection ID. */
export type ModelId = string;

/** Display-sanitized label, falling back to a bounded ID. */
export type Label = string;

/** RFC 3339 timestamp. */
export type Timestamp = string;

/** Opaque replay cursor; survives restart while the projected prefix is unchanged. */
export type Cursor = string;

/** Package version string; Unix admission requires an exact match. */
export type PackageVersion = string;

/** Conversational text, bounded by the general string limit. */
export type Text = string;

/** Reasoning choice of a model. */
export type ReasoningLevel = "default" | "low" | "medium" | "high" | "x_high" | "max";

/** Settings scope a write targets. */
export type Scope = "global" | "project";

/** Settings layer, in precedence order. */
export type ConfigLayer = "environment" | "project" | "global";

/** A writable setting. */
export type SettingName = "selection" | "thinking_level" | "fast";

/** Service transport. */
export type Transport = "unix";

/** How a provider authenticates. */
export type AuthMethod = "oauth" | "api_key" | "none";

/** Where a provider's credential comes from; variable names are never returned. */
export type AuthSource = "shared_store" | "environment" | "none";

/** Whether a provider can prepare authentication now. */
export type Readiness = "ready" | "missing" | "needs_login";

/** State of a provider's validated model cache. */
export type CatalogState = "fresh_cache" | "stale" | "unavailable";

/** Terminal status of a turn. */
export type TurnStatus = "completed" | "cancelled" | "failed";

/** Whether a turn's durable write succeeded. */
export type Persistence = "committed" | "failed";

/** Whether a claimed session has a running turn. */
export type SnapshotState = "idle" | "running";

/** State of an operation ID in the operation table. */
export type OperationState = "accepted" | "settled" | "expired" | "unknown";

/** Settled outcome: a turn or login terminal status, or succeeded/failed for other mutations. */
export type OutcomeStatus = "succeeded" | "failed" | "completed" | "cancelled" | "exchange_succeeded" | "callback_timeout" | "callback_failed" | "exchange_failed" | "auth_changed" | "storage_failed" | "internal_error";

/** Progress state of a login. */
export type LoginProgressState = "authorization_url" | "waiting" | "callback_received" | "callback_accepted";

/** Fixed terminal label of a login; no provider text is ever included. */
export type LoginTerminalState = "exchange_succeeded" | "cancelled" | "callback_timeout" | "callback_failed" | "exchange_failed" | "auth_changed" | "storage_failed" | "internal_error";

/** Lifecycle status of an activity. */
export type ActivityStatus = "queued" | "running" | "writing" | "completed" | "failed" | "cancelled";

/** What a lifecycle activity is about; `activity` on finishes. */
export type LifecycleCategory = "tool" | "hook" | "context_injection" | "subagent_batch" | "subagent_task" | "assistant" | "diagnostic" | "compaction" | "activity";

/** How a tool runs; `unknown` is a literal accepted value, not a wildcard. */
export type ToolTransport = "local" | "mcp" | "unknown";

/** Where a context count comes from. */
export type ContextSource = "fallback_estimate" | "tokenizer_estimate" | "fallback_projection" | "tokenizer_projection" | "last_provider_usage" | "provider_exact" | "provider_partial";

/** Whether usage is one provider request or whole-run child usage. */
export type UsageSource = "provider_request" | "subagent_aggregate";

/** State of a context compaction. */
export type CompactionStatus = "triggered" | "running" | "completed" | "failed" | "cancelled";

/** Author of a replayed message. */
export type ReplayRole = "user" | "assistant";

/** Terminal label of a replayed turn. */
export type ReplayTerminalStatus = "completed" | "cancelled" | "failed" | "compaction_required";

/** Status recorded by a turn-end message. */
export type TurnEndStatus = "completed" | "failed" | "cancelled";

/** Kind of a permission option. */
export type PermissionKind = "allow-once" | "allow-always" | "reject-once" | "reject-always";

/** Error with a stable code and a short fixed message; request data is never included. */
export interface ErrorObject {
  /** Stable error code. */
  code: ErrorCodeName;
  /** Fixed message of the code. */
  message: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Session control proof carried by control-requiring mutations. */
export interface Control {
  /** Claim ID returned by session.claim. */
  claim_id: OpaqueId;
  /** Grant generation returned by session.claim. */
  grant_generation: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/**
 * Advertised limits: every declared limit is required; unknown keys are extensions that must still be positive
 * integers.
 */
export interface LimitMap {
  /** Largest JSONL record either side may send. (bytes) */
  max_record_bytes: number;
  /** Largest compact encoding of one request payload. (bytes) */
  max_payload_bytes: number;
  /** Largest error message; current messages are shorter and fixed. (bytes) */
  max_error_message_bytes: number;
  /** Largest correlation ID. (bytes) */
  max_id_bytes: number;
  /** Largest method, capability or event name. (bytes) */
  max_name_bytes: number;
  /** Largest JSON string or object key anywhere in a record. (bytes) */
  max_string_bytes: number;
  /** Deepest container nesting in a record. (levels) */
  max_json_depth: number;
  /** Most items in any JSON array. (items) */
  max_array_items: number;
  /** Most fields in any JSON object. (fields) */
  max_object_fields: number;
  /** Most entries in either initialization input list. (items) */
  max_negotiation_items: number;
  /** Most sessions with a live actor at once. (attachments) */
  max_session_attachments: number;
  /** Largest and default session list or replay page. (items) */
  max_session_page_items: number;
  /** Largest encoded replay page payload. (bytes) */
  max_session_replay_page_bytes: number;
  /** Size of the recent transcript window replay reads. (bytes) */
  max_session_replay_window_bytes: number;
  /** Most directory entries one session.list request examines. (entries) */
  max_session_list_scan_entries: number;
  /** Largest and default catalog page. (items) */
  max_catalog_page_items: number;
  /**
   * Most connections the daemon serves at once. A connection beyond it gets the `connection_limit` handshake rejection
   * in answer to its handshake line and is closed; the connections served are unaffected, and closing one makes room
   * for the next. (connections)
   */
  max_connections: number;
  /**
   * Most requests in flight on one connection. Its crossing is not structural (so no `exceeded` key): a request
   * admitted beyond it is answered `limit_exceeded` (echoing its request_id, which stays unreserved) and the connection
   * stays open; the requests in flight are unaffected. A request's slot, like its request ID, is released before its
   * response's bytes are written, so a client that sends a new request only after reading a response, with at most this
   * many outstanding, is never refused. (requests)
   */
  max_inflight_requests: number;
  /** Most turns running at once. (turns) */
  max_active_turns: number;
  /** Most operation outcomes the daemon retains. (operations) */
  max_retained_operations: number;
  /** Retention of settled operation outcomes. (milliseconds) */
  operation_retention_ms: number;
  /** Tombstone period after retention. (milliseconds) */
  operation_tombstone_ms: number;
  /** Largest assistant text in a running-turn snapshot. (bytes) */
  max_snapshot_text_bytes: number;
  /** Capacity of a turn's event queue. (items) */
  turn_event_queue_items: number;
  /** Deadline of the identity handshake. (milliseconds) */
  handshake_timeout_ms: number;
  /** Deadline for finishing a started record. (milliseconds) */
  framing_timeout_ms: number;
  /** Grace period of cancellation cleanup. (milliseconds) */
  cancel_grace_ms: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: { readonly [key: string]: number };
}

/** Activity feature flags and the summary bound; not operation names. */
export interface ActivityCapabilities {
  /** turn.activity events are delivered. */
  events: true;
  /** Approval routes exist (unsupported). */
  approvals: false;
  /** Steering routes exist (unsupported). */
  steering: false;
  /** MCP server lifecycle events exist (unsupported). */
  mcp_server_lifecycle: false;
  /** MCP tool activity is reported. */
  mcp_tool_activity: true;
  /** Subagent activity is reported. */
  subagents: true;
  /** Raw tool output is delivered (unsupported). */
  raw_tool_output: false;
  /** Activity is replayed durably (unsupported). */
  activity_replay: false;
  /** Largest reasoning summary text, a feature bound separate from the general limits. */
  max_summary_bytes: 2048;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Complete capability advertisement of the service. */
export interface Capabilities {
  /** Wire versions served. */
  protocol_versions: number[];
  /** Transports served; the in-process core alone advertises none. */
  transports: Transport[];
  /** Operations served; an unknown one may be left unused. */
  operations: Name[];
  /** Events the service may send; consumers reject the advertisement if any is unknown. */
  events: Name[];
  /** Advertised limits. */
  limits: LimitMap;
  /** Activity feature flags. */
  activity: ActivityCapabilities;
  /** Optional profiles offered, each negotiated with `profile.negotiate`; absent when the daemon offers none. */
  profiles?: ProfileOffer[];
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Selected provider and model. */
export interface Selection {
  /** Selected provider. */
  provider_id: ProviderId;
  /** Selected model. */
  model_id: ModelId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Authentication readiness of one provider. */
export interface AuthProviderStatus {
  /** Provider. */
  provider_id: ProviderId;
  /** How the provider authenticates. */
  auth_method: AuthMethod;
  /** Where the credential comes from. */
  source: AuthSource;
  /** Readiness now. */
  readiness: Readiness;
  /** True exactly when readiness is ready. */
  ready: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** One provider of the catalog. */
export interface ProviderEntry {
  /** Provider. */
  provider_id: ProviderId;
  /** Display label. */
  label: Label;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** One model of a provider's cached catalog. */
export interface ModelEntry {
  /** Provider. */
  provider_id: ProviderId;
  /** Model. */
  model_id: ModelId;
  /** Display label. */
  label: Label;
  /** Selection eligibility; not auth readiness or inference success. */
  available: boolean;
  /** Context window in tokens; null means unknown. */
  context_window: number | null;
  /** Output token limit; null means unknown. */
  max_output_tokens: number | null;
  /** Reasoning choices the model offers. */
  available_thinking_levels: ReasoningLevel[];
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Bounded projection of the effective settings, not the settings document. */
export interface ConfigProjection {
  /** Effective provider and model. */
  selection: Selection;
  /** Resolved supported reasoning level. */
  thinking_level: ReasoningLevel;
  /** Merged saved reasoning choice, or default. */
  configured_thinking_level: ReasoningLevel;
  /** Reasoning choices of the effective model. */
  available_thinking_levels: ReasoningLevel[];
  /** Fast mode (global only). */
  fast: boolean;
  /** Settings layers, highest first. */
  precedence: ConfigLayer[];
  /** Scopes config.set accepts. */
  writable_scopes: Scope[];
  /** Settings only the global scope accepts. */
  global_only: SettingName[];
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** One session of a list page. */
export interface SessionSummary {
  /** Session. */
  session_id: SessionId;
  /** Sanitized, redacted title; null when none. */
  title: string | null;
  /** Last durable update. */
  updated_at: Timestamp;
  /**
   * Canonical path of the workspace the session was created for: turns run only in that workspace's daemon
   * (`turn.start` elsewhere is `session_workspace_mismatch`). Omitted when the session's metadata names none.
   */
  workspace?: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** The running turn captured by a claim snapshot. */
export interface SnapshotTurn {
  /** Running turn. */
  turn_id: OpaqueId;
  /** Operation that started it. */
  operation_id: OpaqueId;
  /** Last per-turn sequence reflected in the snapshot; later events follow. */
  sequence: number;
  /** Assistant text accepted so far. */
  assistant_text: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Atomic snapshot taken when control is granted. */
export interface ClaimSnapshot {
  /** Idle or running. */
  state: SnapshotState;
  /** Running turn; null when idle. */
  turn: SnapshotTurn | null;
  /** Durable replay position at the snapshot. */
  replay_cursor: Cursor;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A running turn as session.status reports it. */
export interface RunningTurn {
  /** Running turn. */
  turn_id: OpaqueId;
  /** Always running. */
  status: "running";
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Settled outcome of an operation. */
export interface OperationOutcome {
  /** Terminal status, or succeeded/failed. */
  status: OutcomeStatus;
  /** Error of a failed outcome; null otherwise. */
  error: ErrorObject | null;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Allowlisted projection of one runtime activity; fields are flattened. */
export type Activity =
  | ActivityLifecycle
  | ActivityTool
  | ActivityReasoningSummary
  | ActivityContext
  | ActivityUsage
  | ActivityCompaction;

/** Start, update or finish of a runtime activity. */
export interface ActivityLifecycle {
  kind: "lifecycle";
  /** Namespace-prefixed SHA-256 ID; not unique per event. */
  activity_id: OpaqueId;
  /** Parent supplied by a lifecycle start; omitted otherwise, never null. */
  parent_activity_id?: OpaqueId;
  /** What the activity is about. */
  category: LifecycleCategory;
  /** Lifecycle status. */
  status: ActivityStatus;
  /** Details are never projected. */
  details_omitted: true;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Status of a tool call; never arguments or results. */
export interface ActivityTool {
  kind: "tool";
  /** Namespace-prefixed SHA-256 ID; not unique per event. */
  activity_id: OpaqueId;
  /** Parent supplied by a lifecycle start; omitted otherwise, never null. */
  parent_activity_id?: OpaqueId;
  /** Hashed tool name. */
  tool_id: OpaqueId;
  /** Allowlisted built-in tool name, or null. */
  tool_name: Name | null;
  /** Hashed MCP server name, or null. */
  server_id: OpaqueId | null;
  /** How the tool runs. */
  transport: ToolTransport;
  /** running on start; completed or failed on result. */
  status: ActivityStatus;
  /** Whether a main-agent result timed out; null means unknown. */
  timed_out: boolean | null;
  /** Details are never projected. */
  details_omitted: true;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Sanitized completed provider reasoning summary. */
export interface ActivityReasoningSummary {
  kind: "reasoning_summary";
  /** Namespace-prefixed SHA-256 ID; not unique per event. */
  activity_id: OpaqueId;
  /** Parent supplied by a lifecycle start; omitted otherwise, never null. */
  parent_activity_id?: OpaqueId;
  /** Sanitized summary text. */
  text: string;
  /** Whether sanitization changed the text. */
  redacted: boolean;
  /** Whether the size bound removed text. */
  truncated: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Context window usage. */
export interface ActivityContext {
  kind: "context";
  /** Namespace-prefixed SHA-256 ID; not unique per event. */
  activity_id: OpaqueId;
  /** Parent supplied by a lifecycle start; omitted otherwise, never null. */
  parent_activity_id?: OpaqueId;
  /** Tokens in context. */
  current_tokens: number;
  /** Context window size. */
  max_tokens: number;
  /** Reasoning tokens, or null when unknown. */
  reasoning_tokens: number | null;
  /** Runtime request counter, not a live sequence. */
  request_sequence: number;
  /** Where the count comes from. */
  source: ContextSource;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Token usage of a provider request or a whole subagent run. */
export interface ActivityUsage {
  kind: "usage";
  /** Namespace-prefixed SHA-256 ID; not unique per event. */
  activity_id: OpaqueId;
  /** Parent supplied by a lifecycle start; omitted otherwise, never null. */
  parent_activity_id?: OpaqueId;
  /** Effective input tokens. */
  effective_input: number;
  /** Output tokens. */
  output: number;
  /** Cache-read tokens. */
  cache_read: number;
  /** Whether cache usage is known. */
  cache_known: boolean;
  /** Runtime request counter, not a live sequence. */
  request_sequence: number;
  /** Whether this is the final usage of the request. */
  final_usage: boolean;
  /** Request or subagent aggregate. */
  source: UsageSource;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Context compaction progress. */
export interface ActivityCompaction {
  kind: "compaction";
  /** Namespace-prefixed SHA-256 ID; not unique per event. */
  activity_id: OpaqueId;
  /** Parent supplied by a lifecycle start; omitted otherwise, never null. */
  parent_activity_id?: OpaqueId;
  /** Compaction state. */
  status: CompactionStatus;
  /** Tokens for triggered/completed, otherwise null. */
  current_tokens: number | null;
  /** Window for triggered/completed, otherwise null. */
  max_tokens: number | null;
  /** True for completed/failed/cancelled: refresh durable replay. */
  replay_required: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** One allowlisted item of the durable replay projection. */
export type ReplayItem =
  | ReplayItemMessage
  | ReplayItemTerminal
  | ReplayItemSummary;

/** A part of a user or assistant message. */
export interface ReplayItemMessage {
  kind: "message";
  /** Position after this item; save it only after accepting the item. */
  cursor: Cursor;
  /** Author. */
  role: ReplayRole;
  /** Text part split at a UTF-8 boundary. */
  text: string;
  /** Part index, from zero per message. */
  part: number;
  /** Whether this is the message's last part. */
  last_part: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** End of a turn. */
export interface ReplayItemTerminal {
  kind: "terminal";
  /** Position after this item; save it only after accepting the item. */
  cursor: Cursor;
  /** Terminal label. */
  status: ReplayTerminalStatus;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A part of a compaction summary that precedes the conversation after its cutoff. */
export interface ReplayItemSummary {
  kind: "summary";
  /** Position after this item; save it only after accepting the item. */
  cursor: Cursor;
  /** Text part split at a UTF-8 boundary. */
  text: string;
  /** Part index, from zero per summary. */
  part: number;
  /** Whether this is the summary's last part. */
  last_part: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** The one JSON object start-or-connect prints on success. */
export interface Discovery {
  /** Discovery format version, separate from the wire version. */
  discovery_version: 1;
  /** Absolute path of the daemon socket. */
  socket: string;
  /** Daemon process ID. */
  pid: number;
  /** Daemon package version. */
  version: PackageVersion;
  /** Serving instance. */
  instance_id: OpaqueId;
  /** Opaque workspace identity. */
  workspace_id: OpaqueId;
  /** Opaque state root identity. */
  state_root_id: OpaqueId;
  /** Whether this invocation started the daemon. */
  started: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** The one JSON object start-or-connect prints on failure, under `error`. */
export interface LaunchError {
  /** Stable launch error code and message. */
  error: ErrorObject;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** First line a client sends after connecting. */
export interface HandshakeRequest {
  /** Handshake protocol name. */
  handshake: "agentwire-unix";
  /** Client package version; must match exactly. */
  version: PackageVersion;
  /** Canonical workspace path the client expects. */
  workspace: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Server's one-line handshake reply. */
export type HandshakeReply =
  | HandshakeReplyAccepted
  | HandshakeReplyRejected;

/** Identity accepted; wire v2 initialize follows. */
export interface HandshakeReplyAccepted {
  status: "accepted";
  /** Handshake protocol name. */
  handshake: "agentwire-unix";
  /** Server package version. */
  version: PackageVersion;
  /** Daemon process ID. */
  pid: number;
  /** Serving instance. */
  instance_id: OpaqueId;
  /** Opaque workspace identity. */
  workspace_id: OpaqueId;
  /** Opaque state root identity. */
  state_root_id: OpaqueId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Identity refused; the server closes the connection. */
export interface HandshakeReplyRejected {
  status: "rejected";
  /** Handshake protocol name. */
  handshake: "agentwire-unix";
  /** Why. */
  code: HandshakeRejection;
  /** Fixed message of the code. */
  message: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Handshake rejection code. */
export type HandshakeRejection = "version_mismatch" | "workspace_mismatch" | "invalid_handshake" | "connection_limit";

/** Login progress payload; only the first state carries the authorization URL. */
export type LoginProgress =
  | LoginProgressAuthorizationUrl
  | LoginProgressWaiting
  | LoginProgressCallbackReceived
  | LoginProgressCallbackAccepted;

/** Offer the URL for opening, display or copying; the service launches no browser. */
export interface LoginProgressAuthorizationUrl {
  state: "authorization_url";
  /** The login. */
  login_id: OpaqueId;
  /** Provider. */
  provider_id: ProviderId;
  /** Transient authorization URL. */
  url: string;
  /** The client should offer to open it. */
  open_browser: true;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Waiting for the loopback redirect or a manual callback. */
export interface LoginProgressWaiting {
  state: "waiting";
  /** The login. */
  login_id: OpaqueId;
  /** Provider. */
  provider_id: ProviderId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A callback arrived; validation follows. */
export interface LoginProgressCallbackReceived {
  state: "callback_received";
  /** The login. */
  login_id: OpaqueId;
  /** Provider. */
  provider_id: ProviderId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** The callback was valid; token exchange follows. */
export interface LoginProgressCallbackAccepted {
  state: "callback_accepted";
  /** The login. */
  login_id: OpaqueId;
  /** Provider. */
  provider_id: ProviderId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Name of an optional profile. */
export type ProfileName = string;

/** One optional profile the daemon offers, with the versions it negotiates. */
export interface ProfileOffer {
  /** The profile. */
  name: ProfileName;
  /** Versions offered, each at least 1. */
  versions: number[];
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/**
 * The limits of a negotiated profile with their effective values: every limit the profile declares; unknown keys are
 * extensions that must still be positive integers.
 */
export type ProfileLimitMap = { [key: string]: number };

/** What a tool call does, as ACP names its tool kinds. */
export type ToolKind = "read" | "edit" | "delete" | "move" | "search" | "execute" | "think" | "fetch" | "switch_mode" | "other";

/** How an approval ended: an offered option was chosen, or the agent was answered cancelled. */
export type ApprovalOutcome = "selected" | "cancelled";

/**
 * What decided an approval: the person through `approval.respond`, the daemon's policy (a bound, an unanswerable
 * request), the deadline, or `turn.cancel`.
 */
export type ApprovalDecider = "person" | "policy" | "deadline" | "cancel";

/** The change a tool call proposes, when the agent sent one. */
export type ApprovalChange =
  | ApprovalChangeDiff
  | ApprovalChangeCommand;

/** An edit of one file. */
export interface ApprovalChangeDiff {
  type: "diff";
  /** The file, as the agent named it. */
  path: Text;
  /** Its text before; null for a new file. */
  old_text: Text | null;
  /** Its text after. */
  new_text: Text;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A command line to run. */
export interface ApprovalChangeCommand {
  type: "command";
  /** The command line. */
  command: Text;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** One answer a permission request offers. */
export interface PermissionOption {
  /** Option ID a permission-response names. */
  id: OpaqueId;
  /** Display label. */
  label: string;
  /** What choosing it means. */
  kind: PermissionKind;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A tool's own name, as the model or MCP server spells it (any characters, such as `Bash` or `create-issue`). */
export type ToolName = string;

/** One immutable message of the append-only session stream. */
export type SessionMessage =
  | SessionMessageAgentTurnStart
  | SessionMessageAgentTurnEnd
  | SessionMessageAgentText
  | SessionMessageUserText
  | SessionMessageAgentToolCallStart
  | SessionMessageAgentToolCallEnd
  | SessionMessageAgentPermissionRequest
  | SessionMessageUserPermissionResponse
  | SessionMessageAgentPhoto
  | SessionMessageUserPhoto
  | SessionMessageAgentVideo
  | SessionMessageUserVideo
  | SessionMessageAgentFile
  | SessionMessageUserFile
  | SessionMessageAgentService;

/** The agent begins processing a prompt. */
export interface SessionMessageAgentTurnStart {
  type: "turn-start";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID. */
  turn: OpaqueId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** The agent finished processing. */
export interface SessionMessageAgentTurnEnd {
  type: "turn-end";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID. */
  turn: OpaqueId;
  /** How the turn ended. */
  status: TurnEndStatus;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Agent text: visible output or thinking. */
export interface SessionMessageAgentText {
  type: "text";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID. */
  turn: OpaqueId;
  /** Markdown text. */
  text: Text;
  /** True for reasoning; false or omitted for visible output. */
  thinking?: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A user prompt. */
export interface SessionMessageUserText {
  type: "text";
  role: "user";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID of the turn the prompt started, as in the document's MessageBase. */
  turn?: OpaqueId;
  /** Prompt text. */
  text: Text;
  /**
   * Never present ("User messages never set thinking"): no value is non-blank within zero bytes, so every decoder
   * rejects any value.
   */
  thinking?: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** The model decided to invoke a tool. */
export interface SessionMessageAgentToolCallStart {
  type: "tool-call-start";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID. */
  turn: OpaqueId;
  /** Tool call ID, matched by tool-call-end. */
  callId: OpaqueId;
  /** The tool's own name. */
  toolName: ToolName;
  /** Short inline-markdown summary. */
  title: Text;
  /** Longer inline-markdown description. */
  description: Text;
  /**
   * Tool input arguments; the daemon stores oversized ones with their structure kept and long values cut, each cut
   * marked.
   */
  args: JsonObject;
  /** Label of the subagent this call spawns. */
  agentTitle?: Text;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A tool invocation completed. */
export interface SessionMessageAgentToolCallEnd {
  type: "tool-call-end";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID. */
  turn: OpaqueId;
  /** Tool call ID of the start. */
  callId: OpaqueId;
  /** Failure description. */
  error?: Text;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/**
 * The agent asks the user to approve a tool call. Written when an ACP agent provider sends
 * `session/request_permission`, always after the call's `tool-call-start` (the daemon writes that first for a call the
 * agent never announced) and before its `tool-call-end`; `options` are the answers the agent offered.
 */
export interface SessionMessageAgentPermissionRequest {
  type: "permission-request";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID. */
  turn: OpaqueId;
  /** Tool call awaiting approval. */
  callId: OpaqueId;
  /** The tool's own name. */
  toolName: ToolName;
  /** Short inline-markdown summary. */
  title: Text;
  /** Longer description. */
  description?: Text;
  /** Tool input arguments. */
  args?: JsonObject;
  /** Answers offered. */
  options: PermissionOption[];
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/**
 * The answer to a permission request, recorded with role `user` because it is the person's or stands in for the person,
 * by the person's own configuration. The daemon's configured permission policy for the agent
 * (`[agents.<id>.permissions]` in the global settings: ACP tool kinds to `allow`, `reject` or `ask`; by default `read`,
 * `search`, `think` and `fetch` are allowed and every other kind asks) answers `allow` and `reject` itself, with the
 * offered option of the verdict's kind (`allow-once` before `allow-always`, `reject-once` before `reject-always`), and
 * answers `ask` the same way as `reject` when no connection that negotiated the `approvals` profile controls the
 * session; such an answer has no `decidedBy`. Otherwise the person is asked (`approval.requested`) and the answer names
 * who decided: `person` (the controller's `approval.respond`), `deadline` (nobody answered in time: a reject option) or
 * `policy` (a bound was reached). When the request is answered cancelled (no offered option matches the policy's
 * verdict, a `turn.cancel`, or a deadline with no reject option offered), no `permission-response` is written and a
 * `service` message of the turn says so. A rejected call's `tool-call-end` carries an `error` naming the rejection.
 */
export interface SessionMessageUserPermissionResponse {
  type: "permission-response";
  role: "user";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Tool call the answer is for. */
  callId: OpaqueId;
  /** Chosen option. */
  optionId: OpaqueId;
  /**
   * Who decided a request the person was asked about (`person`, `deadline`, `policy`); absent when the configured
   * policy answered without asking.
   */
  decidedBy?: ApprovalDecider;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** An image the agent produced, uploaded first. */
export interface SessionMessageAgentPhoto {
  type: "photo";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID. */
  turn: OpaqueId;
  /** Upload/media reference. */
  ref: Text;
  /** Base64 ThumbHash placeholder. */
  thumbhash: Text;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** An image the user sent, uploaded first. */
export interface SessionMessageUserPhoto {
  type: "photo";
  role: "user";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Upload/media reference. */
  ref: Text;
  /** Base64 ThumbHash placeholder. */
  thumbhash: Text;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A video the agent produced, uploaded first. */
export interface SessionMessageAgentVideo {
  type: "video";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID. */
  turn: OpaqueId;
  /** Upload/media reference. */
  ref: Text;
  /** Base64 ThumbHash poster placeholder. */
  thumbhash: Text;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Duration in milliseconds. */
  durationMs: number;
  /** MIME type. */
  mimeType: Text;
  /** Size in bytes. */
  size: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A video the user sent, uploaded first. */
export interface SessionMessageUserVideo {
  type: "video";
  role: "user";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Upload/media reference. */
  ref: Text;
  /** Base64 ThumbHash poster placeholder. */
  thumbhash: Text;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Duration in milliseconds. */
  durationMs: number;
  /** MIME type. */
  mimeType: Text;
  /** Size in bytes. */
  size: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A file the agent produced, uploaded first. */
export interface SessionMessageAgentFile {
  type: "file";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID. */
  turn: OpaqueId;
  /** Upload/media reference. */
  ref: Text;
  /** Display filename. */
  name: Text;
  /** Size in bytes. */
  size: number;
  /** MIME type. */
  mimeType: Text;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** A file the user sent, uploaded first. */
export interface SessionMessageUserFile {
  type: "file";
  role: "user";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Upload/media reference. */
  ref: Text;
  /** Display filename. */
  name: Text;
  /** Size in bytes. */
  size: number;
  /** MIME type. */
  mimeType: Text;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Internal or system message, such as a compaction note. */
export interface SessionMessageAgentService {
  type: "service";
  role: "agent";
  /** Unique message ID (cuid2). */
  id: OpaqueId;
  /** Unix timestamp in milliseconds. */
  time: number;
  /** callId of the tool call that spawned this message. */
  parentId?: OpaqueId;
  /** Stable identity of the subagent producing this message. */
  agentId?: OpaqueId;
  /** Turn ID, when inside a turn. */
  turn?: OpaqueId;
  /** Message text. */
  text: Text;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `initialize`. */
export interface InitializeRequest {
  /** Wire versions the client supports; must include 2. */
  supported_protocol_versions: number[];
  /** Operations the client requires; absent means none, null is invalid. Absent means `[]`. */
  requested_capabilities?: Name[];
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `initialize`. */
export interface InitializeResponse {
  /** Selected wire version. */
  protocol_version: number;
  /** Daemon package version. */
  server_version: PackageVersion;
  /** Serving instance; carried by every later request. */
  instance_id: OpaqueId;
  /** This connection; carried by every later request. */
  connection_id: OpaqueId;
  /** Opaque workspace identity. */
  workspace_id: OpaqueId;
  /** Opaque state root identity. */
  state_root_id: OpaqueId;
  /** Complete capability object. */
  capabilities: Capabilities;
  /** Limits; identical to capabilities.limits. */
  limits: LimitMap;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `status`. */
export interface StatusRequest {
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `status`. */
export interface StatusResponse {
  /** The running service; not provider readiness. */
  service: "ready";
  /** Whether the effective provider can prepare authentication, evaluated now without refresh. */
  provider_auth_ready: boolean;
  /** Serving instance. */
  instance_id: OpaqueId;
  /** Opaque workspace identity. */
  workspace_id: OpaqueId;
  /** Opaque state root identity. */
  state_root_id: OpaqueId;
  /** Connections now open. */
  connected_clients: number;
  /** Operations accepted and not yet settled, cleanup included. */
  admitted_operations: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `capabilities`. */
export interface CapabilitiesRequest {
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `auth.status`. */
export interface AuthStatusRequest {
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `auth.status`. */
export interface AuthStatusResponse {
  /** Built-in and startup-configured custom providers. */
  providers: AuthProviderStatus[];
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `auth.login.start`. */
export interface AuthLoginStartRequest {
  /** Provider to log in; only openai-codex supports login. */
  provider_id: ProviderId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `auth.login.start`. */
export interface AuthLoginStartResponse {
  /** The login. */
  login_id: OpaqueId;
  /** Provider. */
  provider_id: ProviderId;
  /** The login started. */
  status: "started";
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `auth.login.callback`. */
export interface AuthLoginCallbackRequest {
  /** The login. */
  login_id: OpaqueId;
  /** Final redirect URL or code. */
  input: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `auth.login.callback`. */
export interface AuthLoginCallbackResponse {
  /** The login. */
  login_id: OpaqueId;
  /** Submitted; not a statement that the callback was valid. */
  status: "submitted";
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `auth.login.cancel`. */
export interface AuthLoginCancelRequest {
  /** The login. */
  login_id: OpaqueId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `auth.login.cancel`. */
export interface AuthLoginCancelResponse {
  /** The login. */
  login_id: OpaqueId;
  /** Cancellation requested; not completion. */
  status: "cancellation_requested";
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `auth.logout`. */
export interface AuthLogoutRequest {
  /** Provider whose record to remove. */
  provider_id: ProviderId;
  /** Explicit confirmation; absent or false is refused. Absent means `false`. */
  confirmed?: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `auth.logout`. */
export interface AuthLogoutResponse {
  /** Provider. */
  provider_id: ProviderId;
  /** Logged out. */
  status: "logged_out";
  /** Whether a local record existed and was removed. */
  removed: boolean;
  /** Environment variables were not touched. */
  environment_unchanged: true;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `catalog.providers`. */
export interface CatalogProvidersRequest {
  /** First entry of the page. Absent means `0`. */
  offset?: number;
  /** Page size. Absent means `32`. */
  limit?: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `catalog.providers`. */
export interface CatalogProvidersResponse {
  /** Providers of the page. */
  entries: ProviderEntry[];
  /** Offset of the next page; null at the end. */
  next_offset: number | null;
  /** No discovery happened. */
  refresh: "cache_only";
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `catalog.models`. */
export interface CatalogModelsRequest {
  /** Provider. */
  provider_id: ProviderId;
  /** First entry of the page. Absent means `0`. */
  offset?: number;
  /** Page size. Absent means `32`. */
  limit?: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `catalog.models`. */
export interface CatalogModelsResponse {
  /** Models of the page. */
  entries: ModelEntry[];
  /** Offset of the next page; null at the end. */
  next_offset: number | null;
  /** State of the validated cache. */
  state: CatalogState;
  /** No discovery happened. */
  refresh: "cache_only";
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `catalog.refresh`. */
export interface CatalogRefreshRequest {
  /** Provider. */
  provider_id: ProviderId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `catalog.refresh`. */
export interface CatalogRefreshResponse {
  /** Provider. */
  provider_id: ProviderId;
  /** Cache state after the refresh; not guaranteed fresh. */
  state: CatalogState;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `config.get`. */
export interface ConfigGetRequest {
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `config.set`. */
export interface ConfigSetRequest {
  /** Scope to write. */
  scope: Scope;
  /** New selection; resets the saved reasoning to default unless thinking_level is also sent. */
  selection?: Selection;
  /** New reasoning choice for the effective selection. */
  thinking_level?: ReasoningLevel;
  /** Fast mode; global scope only. */
  fast?: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `config.set`. */
export interface ConfigSetResponse {
  /** The change was committed. */
  persisted: true;
  /** Scope written. */
  scope: Scope;
  /** Effective settings after the write; higher layers may mask it. */
  effective: ConfigProjection;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `session.list`. */
export interface SessionListRequest {
  /**
   * Continue after this examined ID; null starts at the beginning. Validated as a session ID (invalid_session_id).
   * Absent means `null`.
   */
  after?: OpaqueId | null;
  /** Page size. Absent means `32`. */
  limit?: number;
  /**
   * List every session of the state root (each summary names its workspace); by default only the sessions created for
   * the workspace this daemon serves. Absent means `false`.
   */
  all_workspaces?: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `session.list`. */
export interface SessionListResponse {
  /** Sessions of the page. */
  sessions: SessionSummary[];
  /** Last examined ID, for the next request's after; null when none was examined. */
  next_after: SessionId | null;
  /** More candidates remain. */
  truncated: boolean;
  /** Some candidates could not be read or represented; not a continuation flag. */
  incomplete: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `session.create`. */
export interface SessionCreateRequest {
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `session.create`. */
export interface SessionCreateResponse {
  /** The new session. */
  session_id: SessionId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `session.replay`. */
export interface SessionReplayRequest {
  /** Continue after this cursor; null replays from the window start. Absent means `null`. */
  after?: Cursor | null;
  /** Most items in the page. Absent means `32`. */
  limit?: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `session.replay`. */
export interface SessionReplayResponse {
  /** Projected items of the page. */
  events: ReplayItem[];
  /** Position after this page; after a resync, the current start. */
  next_cursor: Cursor;
  /** End observed by this request. */
  snapshot_cursor: Cursor;
  /** More projected items remain in this snapshot. */
  truncated: boolean;
  /** Records were omitted: torn or malformed lines, or the bounded window. */
  gap: boolean;
  /** after does not match the current projection; the page is empty. */
  resync_required: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `session.claim`. */
export interface SessionClaimRequest {
  /** Revoke another connection's grant instead of failing with session_busy. Absent means `false`. */
  take_over?: boolean;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `session.claim`. */
export interface SessionClaimResponse {
  /** Claimed session. */
  session_id: SessionId;
  /** Claim; part of the control proof. */
  claim_id: OpaqueId;
  /** Generation of this grant; increases on every grant of the session. */
  grant_generation: number;
  /** Session's live sequence after this transition. */
  live_sequence: number;
  /** Atomic snapshot at the grant. */
  snapshot: ClaimSnapshot;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `session.detach`. */
export interface SessionDetachRequest {
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `session.detach`. */
export interface SessionDetachResponse {
  /** Detached session. */
  session_id: SessionId;
  /** Control released. */
  status: "detached";
  /** Session's live sequence after this transition. */
  live_sequence: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `session.status`. */
export interface SessionStatusRequest {
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `session.status`. */
export interface SessionStatusResponse {
  /** Session. */
  session_id: SessionId;
  /** Some connection holds control. */
  controlled: boolean;
  /** This connection holds control. */
  controlled_by_caller: boolean;
  /** Latest grant generation; 0 when never granted. */
  grant_generation: number;
  /** Session's live sequence. */
  live_sequence: number;
  /** Running turn; null when idle. */
  turn: RunningTurn | null;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `turn.start`. */
export interface TurnStartRequest {
  /** User prompt; must contain a non-whitespace character. */
  prompt: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `turn.start`. */
export interface TurnStartResponse {
  /** The turn. */
  turn_id: OpaqueId;
  /** Accepted; the terminal settles it. */
  status: "accepted";
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `turn.cancel`. */
export interface TurnCancelRequest {
  /** Turn to stop. */
  turn_id: OpaqueId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `turn.cancel`. */
export interface TurnCancelResponse {
  /** The turn. */
  turn_id: OpaqueId;
  /** Its session. */
  session_id: SessionId;
  /** Cancellation requested; not completion. */
  status: "cancellation_requested";
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `operation.lookup`. */
export interface OperationLookupRequest {
  /** Operation to look up. */
  operation_id: OpaqueId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `operation.lookup`. */
export interface OperationLookupResponse {
  /** The operation. */
  operation_id: OpaqueId;
  /** Its method; null when unknown. */
  method: Name | null;
  /** accepted, settled, expired or unknown. */
  state: OperationState;
  /** Its session, if any. */
  session_id: SessionId | null;
  /** Turn it started, if any. */
  turn_id: OpaqueId | null;
  /** Login it started, if any. */
  login_id: OpaqueId | null;
  /** Null until settled (and after expiry). */
  outcome: OperationOutcome | null;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `profile.negotiate`. */
export interface ProfileNegotiateRequest {
  /** The profile. */
  profile: ProfileName;
  /** The version asked for; one the capability object's `profiles` lists. */
  version: number;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `profile.negotiate`. */
export interface ProfileNegotiateResponse {
  /** The accepted profile. */
  profile: ProfileName;
  /** The accepted version. */
  version: number;
  /** The profile's operations this connection may now call. */
  operations: Name[];
  /** The profile's events this connection may now receive. */
  events: Name[];
  /** The profile's limits with their effective values. */
  limits: ProfileLimitMap;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Request payload of `approval.respond`. */
export interface ApprovalRespondRequest {
  /** The pending approval. */
  approval_id: OpaqueId;
  /** One of its offered options. */
  option_id: OpaqueId;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload of `approval.respond`. */
export interface ApprovalRespondResponse {
  /** The approval, now resolved. */
  approval_id: OpaqueId;
  /** The chosen option. */
  option_id: OpaqueId;
  /** What choosing it means. */
  option_kind: PermissionKind;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Payload of the `turn.started` event. */
export interface TurnStarted {
  /** The turn. */
  turn_id: OpaqueId;
  /** Its session. */
  session_id: SessionId;
  /** Started. */
  status: "started";
  /** Always zero. */
  sequence: 0;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Payload of the `turn.assistant_delta` event. */
export interface TurnAssistantDelta {
  /** The turn. */
  turn_id: OpaqueId;
  /** Per-turn sequence. */
  sequence: number;
  /** Delta text; transient, not a durable replay notification. */
  text: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Payload of the `turn.activity` event. */
export interface TurnActivity {
  /** The turn. */
  turn_id: OpaqueId;
  /** Per-turn sequence. */
  sequence: number;
  /** The projected activity. */
  activity: Activity;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Payload of the `turn.terminal` event. */
export interface TurnTerminal {
  /** The turn. */
  turn_id: OpaqueId;
  /** Its session. */
  session_id: SessionId;
  /** completed, cancelled or failed. */
  status: TurnStatus;
  /** Complete accepted assistant text; never truncated. */
  assistant_text: string;
  /** Per-turn sequence of this terminal. */
  sequence: number;
  /** Activity events dropped on queue overflow. */
  activity_dropped: number;
  /** Activity is not replayed. */
  activity_replay_available: false;
  /** Refresh durable replay. */
  replay_required: boolean;
  /** Whether the durable write succeeded; failed forces failed status. */
  persistence: Persistence;
  /** Error of a failed turn; null otherwise. */
  error: ErrorObject | null;
  /**
   * The turn's last `service` note, as the session stream keeps it (bounded, redacted, never a secret): why an ACP
   * agent failed the turn in the agent's own words, and for `agent_needs_login` the sign-in methods it offers. Omitted
   * when the turn wrote none.
   */
  notice?: string;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Payload of the `auth.login.terminal` event. */
export interface AuthLoginTerminal {
  /** The login. */
  login_id: OpaqueId;
  /** Provider. */
  provider_id: ProviderId;
  /** Fixed terminal label. */
  state: LoginTerminalState;
  /** Worker cleanup finished. */
  cleanup_complete: true;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Payload of the `approval.requested` event. */
export interface ApprovalRequested {
  /** The approval; `approval.respond` names it. */
  approval_id: OpaqueId;
  /** Its session. */
  session_id: SessionId;
  /** The waiting turn. */
  turn_id: OpaqueId;
  /** The tool call awaiting approval, as the session stream names it. */
  call_id: OpaqueId;
  /** Short inline-markdown summary of the call. */
  title: Text;
  /** What the call does. */
  kind: ToolKind;
  /** The call's arguments as JSON text, cut as the stream stores them; null when the agent sent none. */
  arguments: string | null;
  /** The proposed change, when the agent sent one: an edit's diff or a command line. */
  change: ApprovalChange | null;
  /** The answers offered, each with its kind; choose and show them by kind. */
  options: PermissionOption[];
  /** When the deadline answers reject. */
  expires_at: Timestamp;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Payload of the `approval.resolved` event. */
export interface ApprovalResolved {
  /** The approval. */
  approval_id: OpaqueId;
  /** Its session. */
  session_id: SessionId;
  /** Its turn. */
  turn_id: OpaqueId;
  /** selected or cancelled. */
  outcome: ApprovalOutcome;
  /** The chosen option; null when cancelled. */
  option_id: OpaqueId | null;
  /** What the chosen option means; null when cancelled. */
  option_kind: PermissionKind | null;
  /** Who or what decided. */
  decided_by: ApprovalDecider;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** An operation name. */
export type Method =
  | "initialize"
  | "status"
  | "capabilities"
  | "auth.status"
  | "auth.login.start"
  | "auth.login.callback"
  | "auth.login.cancel"
  | "auth.logout"
  | "catalog.providers"
  | "catalog.models"
  | "catalog.refresh"
  | "config.get"
  | "config.set"
  | "session.list"
  | "session.create"
  | "session.replay"
  | "session.claim"
  | "session.detach"
  | "session.status"
  | "turn.start"
  | "turn.cancel"
  | "operation.lookup"
  | "profile.negotiate"
  | "approval.respond";

/** An event name. */
export type EventName =
  | "turn.started"
  | "turn.assistant_delta"
  | "turn.activity"
  | "turn.terminal"
  | "auth.login.progress"
  | "auth.login.terminal"
  | "approval.requested"
  | "approval.resolved";

/** Request payload of each operation. */
export interface RequestPayloads {
  "initialize": InitializeRequest;
  "status": StatusRequest;
  "capabilities": CapabilitiesRequest;
  "auth.status": AuthStatusRequest;
  "auth.login.start": AuthLoginStartRequest;
  "auth.login.callback": AuthLoginCallbackRequest;
  "auth.login.cancel": AuthLoginCancelRequest;
  "auth.logout": AuthLogoutRequest;
  "catalog.providers": CatalogProvidersRequest;
  "catalog.models": CatalogModelsRequest;
  "catalog.refresh": CatalogRefreshRequest;
  "config.get": ConfigGetRequest;
  "config.set": ConfigSetRequest;
  "session.list": SessionListRequest;
  "session.create": SessionCreateRequest;
  "session.replay": SessionReplayRequest;
  "session.claim": SessionClaimRequest;
  "session.detach": SessionDetachRequest;
  "session.status": SessionStatusRequest;
  "turn.start": TurnStartRequest;
  "turn.cancel": TurnCancelRequest;
  "operation.lookup": OperationLookupRequest;
  "profile.negotiate": ProfileNegotiateRequest;
  "approval.respond": ApprovalRespondRequest;
}

/** Success payload of each operation. */
export interface ResponsePayloads {
  "initialize": InitializeResponse;
  "status": StatusResponse;
  "capabilities": Capabilities;
  "auth.status": AuthStatusResponse;
  "auth.login.start": AuthLoginStartResponse;
  "auth.login.callback": AuthLoginCallbackResponse;
  "auth.login.cancel": AuthLoginCancelResponse;
  "auth.logout": AuthLogoutResponse;
  "catalog.providers": CatalogProvidersResponse;
  "catalog.models": CatalogModelsResponse;
  "catalog.refresh": CatalogRefreshResponse;
  "config.get": ConfigProjection;
  "config.set": ConfigSetResponse;
  "session.list": SessionListResponse;
  "session.create": SessionCreateResponse;
  "session.replay": SessionReplayResponse;
  "session.claim": SessionClaimResponse;
  "session.detach": SessionDetachResponse;
  "session.status": SessionStatusResponse;
  "turn.start": TurnStartResponse;
  "turn.cancel": TurnCancelResponse;
  "operation.lookup": OperationLookupResponse;
  "profile.negotiate": ProfileNegotiateResponse;
  "approval.respond": ApprovalRespondResponse;
}

/** Payload of each event. */
export interface EventPayloads {
  "turn.started": TurnStarted;
  "turn.assistant_delta": TurnAssistantDelta;
  "turn.activity": TurnActivity;
  "turn.terminal": TurnTerminal;
  "auth.login.progress": LoginProgress;
  "auth.login.terminal": AuthLoginTerminal;
  "approval.requested": ApprovalRequested;
  "approval.resolved": ApprovalResolved;
}

/** A client request; unknown fields are rejected. */
export interface RequestEnvelope<M extends Method = Method> {
  /** Wire version; 2. */
  protocol_version: number;
  /** Record kind. */
  kind: "request";
  /** Client-chosen ID, unique among this connection's requests in flight. */
  request_id: OpaqueId;
  /** Serving instance from initialize; null only on initialize. */
  instance_id: OpaqueId | null;
  /** Connection from initialize; null only on initialize. */
  connection_id: OpaqueId | null;
  /**
   * Target session where the operation requires one; null otherwise. The server validates it as a session ID
   * (invalid_session_id) before any path is resolved.
   */
  session_id: OpaqueId | null;
  /** Mutation intent ID; required for mutations, null for reads. */
  operation_id: OpaqueId | null;
  /** Session control proof where required; null otherwise. */
  control: Control | null;
  /** Operation name. */
  method: M;
  /** Method-specific payload. */
  payload: RequestPayloads[M];
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Any request, discriminated by its `method`. */
export type AnyRequest = { [M in Method]: RequestEnvelope<M> }[Method];

/** A server event; correlation rules come from the event's declaration. */
export interface EventEnvelope<E extends EventName = EventName> {
  /** Wire version; 2. */
  protocol_version: number;
  /** Record kind. */
  kind: "event";
  /** Event name. */
  event: E;
  /** Serving instance. */
  instance_id: OpaqueId;
  /** Recipient connection. */
  connection_id: OpaqueId;
  /** Session of the event, if any. */
  session_id: SessionId | null;
  /** Originating operation, if any. */
  operation_id: OpaqueId | null;
  /** Recipient's current grant generation, if session-scoped. */
  grant_generation: number | null;
  /** Session's live sequence, if session-scoped. */
  live_sequence: number | null;
  /** Event-specific payload. */
  payload: EventPayloads[E];
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Any event, discriminated by its `event`. */
export type AnyEvent = { [E in EventName]: EventEnvelope<E> }[EventName];

/** Envelope members a success and an error response share. */
export interface ResponseEnvelopeBase {
  /** Wire version; 2. */
  protocol_version: number;
  /** Record kind. */
  kind: "response";
  /** The request's ID; null when the record could not be decoded far enough. */
  request_id: OpaqueId | null;
  /** Serving instance; null before initialization. */
  instance_id: OpaqueId | null;
  /** Connection; null before initialization. */
  connection_id: OpaqueId | null;
  /** The request's session, if any. */
  session_id: OpaqueId | null;
  /** The request's operation ID, if any. */
  operation_id: OpaqueId | null;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/** Success payload; null on error. */
export interface SuccessResponse<M extends Method = Method> extends ResponseEnvelopeBase {
  payload: ResponsePayloads[M];
  error: null;
}

/** Error; null on success. */
export interface ErrorResponse extends ResponseEnvelopeBase {
  payload: null;
  error: ErrorObject;
}

/** The one response to a request; exactly one of payload and error is non-null. */
export type ResponseEnvelope<M extends Method = Method> = SuccessResponse<M> | ErrorResponse;

/** A response to any operation. */
export type AnyResponse = { [M in Method]: ResponseEnvelope<M> }[Method];

/** A client request; unknown fields are rejected. Decoded envelope fields with the payload still undecoded. */
export interface RawRequestEnvelope {
  /** Wire version; 2. */
  protocol_version: number;
  /** Record kind. */
  kind: "request";
  /** Client-chosen ID, unique among this connection's requests in flight. */
  request_id: OpaqueId;
  /** Serving instance from initialize; null only on initialize. */
  instance_id: OpaqueId | null;
  /** Connection from initialize; null only on initialize. */
  connection_id: OpaqueId | null;
  /**
   * Target session where the operation requires one; null otherwise. The server validates it as a session ID
   * (invalid_session_id) before any path is resolved.
   */
  session_id: OpaqueId | null;
  /** Mutation intent ID; required for mutations, null for reads. */
  operation_id: OpaqueId | null;
  /** Session control proof where required; null otherwise. */
  control: Control | null;
  /** Operation name. */
  method: Name;
  /** Method-specific payload. */
  payload: unknown;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/**
 * The one response to a request; exactly one of payload and error is non-null. Decoded envelope fields with the payload
 * still undecoded.
 */
export interface RawResponseEnvelope {
  /** Wire version; 2. */
  protocol_version: number;
  /** Record kind. */
  kind: "response";
  /** The request's ID; null when the record could not be decoded far enough. */
  request_id: OpaqueId | null;
  /** Serving instance; null before initialization. */
  instance_id: OpaqueId | null;
  /** Connection; null before initialization. */
  connection_id: OpaqueId | null;
  /** The request's session, if any. */
  session_id: OpaqueId | null;
  /** The request's operation ID, if any. */
  operation_id: OpaqueId | null;
  /** Success payload; null on error. */
  payload: unknown | null;
  /** Error; null on success. */
  error: ErrorObject | null;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

/**
 * A server event; correlation rules come from the event's declaration. Decoded envelope fields with the payload still
 * undecoded.
 */
export interface RawEventEnvelope {
  /** Wire version; 2. */
  protocol_version: number;
  /** Record kind. */
  kind: "event";
  /** Event name. */
  event: Name;
  /** Serving instance. */
  instance_id: OpaqueId;
  /** Recipient connection. */
  connection_id: OpaqueId;
  /** Session of the event, if any. */
  session_id: SessionId | null;
  /** Originating operation, if any. */
  operation_id: OpaqueId | null;
  /** Recipient's current grant generation, if session-scoped. */
  grant_generation: number | null;
  /** Session's live sequence, if session-scoped. */
  live_sequence: number | null;
  /** Event-specific payload. */
  payload: unknown;
  /** Unknown members received with this object, kept out of the typed value; present only when there were some. */
  [EXTENSIONS]?: Extensions;
}

