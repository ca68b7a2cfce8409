// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

import type { ErrorCode } from "./errors.js";
import type { EventName, JsonValue, Method } from "./types.js";

/** Envelope rules of one operation. */
export interface OperationInfo {
  readonly method: Method;
  readonly domain: string;
  readonly doc: string;
  /** False only for the operation that initializes a connection. */
  readonly requiresInitialization: boolean;
  /** Mutations carry an operation_id; reads carry null. */
  readonly mutation: boolean;
  readonly sessionId: "null" | "required";
  readonly control: "null" | "required";
  /** Operation-specific error codes; the shared request errors come on top. */
  readonly errors: readonly ErrorCode[];
  /** Events the operation's accepted work may send. */
  readonly events: readonly EventName[];
  /** `ordinary`, `negotiation` (opting into a profile) or the optional profile it belongs to. */
  readonly membership: string;
}

/** Whether an event envelope slot must be set or must be null. */
export type Correlation = "set" | "null";

/** Delivery rules of one event. */
export interface EventInfo {
  readonly name: EventName;
  readonly doc: string;
  /** Carries the per-turn `sequence`: strictly increasing, gaps allowed. */
  readonly sequenced: boolean;
  /** Closes the stream of its turn or login: nothing of it follows. */
  readonly terminal: boolean;
  readonly correlation: {
    readonly session_id: Correlation;
    readonly operation_id: Correlation;
    readonly grant_generation: Correlation;
    readonly live_sequence: Correlation;
  };
  /** `ordinary` or the optional profile it belongs to. */
  readonly membership: string;
}

/** An optional profile: its version, what it owns, and the limits its negotiation answers. */
export interface ProfileInfo {
  readonly version: number;
  readonly doc: string;
  readonly operations: readonly Method[];
  readonly events: readonly EventName[];
  readonly errors: readonly ErrorCode[];
  readonly limits: { readonly [limit: string]: number };
}

/** Every operation: the ordinary profile's, profile negotiation and each optional profile's (`membership`). */
export const OPERATIONS: { readonly [M in Method]: OperationInfo } = {
  "initialize": {
    method: "initialize",
    domain: "service",
    doc: "Negotiate the wire version and required operations; returns identities and capabilities.",
    requiresInitialization: false,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: ["unsupported_version", "unsupported_capability", "invalid_request"],
    events: [],
    membership: "ordinary",
  },
  "status": {
    method: "status",
    domain: "service",
    doc: "Service state and whether the selected provider can prepare authentication.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: [],
    events: [],
    membership: "ordinary",
  },
  "capabilities": {
    method: "capabilities",
    domain: "service",
    doc: "The complete capability object that initialize returned.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: [],
    events: [],
    membership: "ordinary",
  },
  "auth.status": {
    method: "auth.status",
    domain: "auth",
    doc: "Authentication readiness of every provider, read now without refresh or network.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: [],
    events: [],
    membership: "ordinary",
  },
  "auth.login.start": {
    method: "auth.login.start",
    domain: "auth",
    doc: "Start the one Codex OAuth login of the service; progress and terminal events follow.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "null",
    control: "null",
    errors: ["provider_unavailable", "auth_busy", "operation_conflict"],
    events: ["auth.login.progress", "auth.login.terminal"],
    membership: "ordinary",
  },
  "auth.login.callback": {
    method: "auth.login.callback",
    domain: "auth",
    doc: "Submit the final redirect URL or bare code by hand; never echoed, accepted once.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "null",
    control: "null",
    errors: ["unknown_login", "auth_busy", "operation_conflict"],
    events: [],
    membership: "ordinary",
  },
  "auth.login.cancel": {
    method: "auth.login.cancel",
    domain: "auth",
    doc: "Request cancellation of an active login; the terminal event settles it.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "null",
    control: "null",
    errors: ["unknown_login", "operation_conflict"],
    events: [],
    membership: "ordinary",
  },
  "auth.logout": {
    method: "auth.logout",
    domain: "auth",
    doc: "Remove one provider's local credential record; the environment is never changed.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "null",
    control: "null",
    errors: ["confirmation_required", "provider_unavailable", "internal_error", "operation_conflict"],
    events: [],
    membership: "ordinary",
  },
  "catalog.providers": {
    method: "catalog.providers",
    domain: "catalog",
    doc: "One cache-only page of providers, sorted by ID and deduplicated.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: ["configuration_busy", "internal_error"],
    events: [],
    membership: "ordinary",
  },
  "catalog.models": {
    method: "catalog.models",
    domain: "catalog",
    doc: "One cache-only page of a provider's models, in cached order and deduplicated.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: ["invalid_selection", "configuration_busy", "internal_error"],
    events: [],
    membership: "ordinary",
  },
  "catalog.refresh": {
    method: "catalog.refresh",
    domain: "catalog",
    doc: "Run provider model discovery and write the cache; stale data may be kept on failure.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "null",
    control: "null",
    errors: ["catalog_refresh_failed", "invalid_selection", "configuration_busy", "operation_conflict"],
    events: [],
    membership: "ordinary",
  },
  "config.get": {
    method: "config.get",
    domain: "config",
    doc: "Bounded projection of the effective settings.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: ["configuration_unavailable", "configuration_busy"],
    events: [],
    membership: "ordinary",
  },
  "config.set": {
    method: "config.set",
    domain: "config",
    doc: "Persist a scoped change of selection, reasoning or fast mode through the locked atomic writer.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "null",
    control: "null",
    errors: ["invalid_scope", "invalid_selection", "unsupported_reasoning", "catalog_unavailable", "catalog_stale", "settings_write_failed", "configuration_unavailable", "configuration_busy", "operation_conflict"],
    events: [],
    membership: "ordinary",
  },
  "session.list": {
    method: "session.list",
    domain: "session",
    doc: "One page of sessions ordered by ID. Sessions live at the state root, shared by every workspace's daemon; by default a page lists only those created for this daemon's workspace (`all_workspaces` lists every one), and each summary names its workspace. Filtering happens after a page's candidates are examined, so a page may hold fewer than `limit` sessions while `truncated` says more candidates remain.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: ["limit_exceeded", "invalid_session_id", "internal_error"],
    events: [],
    membership: "ordinary",
  },
  "session.create": {
    method: "session.create",
    domain: "session",
    doc: "Create a session durably without claiming it.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "null",
    control: "null",
    errors: ["internal_error", "operation_conflict"],
    events: [],
    membership: "ordinary",
  },
  "session.replay": {
    method: "session.replay",
    domain: "session",
    doc: "One bounded page of the allowlisted durable projection; read-only and lock-free.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "required",
    control: "null",
    errors: ["invalid_session_id", "session_unavailable", "session_busy"],
    events: [],
    membership: "ordinary",
  },
  "session.claim": {
    method: "session.claim",
    domain: "session",
    doc: "Take control of a session and receive an atomic snapshot.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "required",
    control: "null",
    errors: ["invalid_session_id", "session_unavailable", "session_busy", "limit_exceeded", "operation_conflict"],
    events: [],
    membership: "ordinary",
  },
  "session.detach": {
    method: "session.detach",
    domain: "session",
    doc: "Release control of a session; a running turn goes on.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "required",
    control: "required",
    errors: ["invalid_session_id", "stale_grant", "control_required", "operation_conflict"],
    events: [],
    membership: "ordinary",
  },
  "session.status": {
    method: "session.status",
    domain: "session",
    doc: "Control and running-turn state of a session.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "required",
    control: "null",
    errors: ["invalid_session_id", "session_unavailable"],
    events: [],
    membership: "ordinary",
  },
  "turn.start": {
    method: "turn.start",
    domain: "turn",
    doc: "Start a turn on a claimed session; accepted precedes turn.started.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "required",
    control: "required",
    errors: ["too_many_active_turns", "session_busy", "session_unavailable", "stale_grant", "control_required", "configuration_unavailable", "operation_conflict", "session_workspace_mismatch"],
    events: ["turn.started", "turn.assistant_delta", "turn.activity", "turn.terminal"],
    membership: "ordinary",
  },
  "turn.cancel": {
    method: "turn.cancel",
    domain: "turn",
    doc: "Request Stop of a running turn; the cancelled terminal settles it.",
    requiresInitialization: true,
    mutation: true,
    sessionId: "required",
    control: "required",
    errors: ["unknown_turn", "stale_grant", "control_required", "operation_conflict"],
    events: [],
    membership: "ordinary",
  },
  "operation.lookup": {
    method: "operation.lookup",
    domain: "operation",
    doc: "State and outcome of an operation ID, for recovery after uncertain delivery.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: [],
    events: [],
    membership: "ordinary",
  },
  "profile.negotiate": {
    method: "profile.negotiate",
    domain: "profile",
    doc: "Opt this connection into an optional profile the daemon offers; the answer is exactly what was accepted.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "null",
    control: "null",
    errors: ["profile_unsupported", "profile_mismatch"],
    events: [],
    membership: "negotiation",
  },
  "approval.respond": {
    method: "approval.respond",
    domain: "approval",
    doc: "Answer a pending approval of the session with one of its offered options; the first valid answer wins.",
    requiresInitialization: true,
    mutation: false,
    sessionId: "required",
    control: "required",
    errors: ["invalid_session_id", "stale_grant", "control_required", "approval_unknown", "approval_option_unknown"],
    events: [],
    membership: "approvals",
  },
};

/** Every event: the ordinary profile's and each optional profile's (`membership`). */
export const EVENTS: { readonly [E in EventName]: EventInfo } = {
  "turn.started": {
    name: "turn.started",
    doc: "The turn started; sent after the accepted response.",
    sequenced: true,
    terminal: false,
    correlation: { session_id: "set", operation_id: "set", grant_generation: "set", live_sequence: "set" },
    membership: "ordinary",
  },
  "turn.assistant_delta": {
    name: "turn.assistant_delta",
    doc: "An accepted assistant text delta, in runtime sink order.",
    sequenced: true,
    terminal: false,
    correlation: { session_id: "set", operation_id: "set", grant_generation: "set", live_sequence: "set" },
    membership: "ordinary",
  },
  "turn.activity": {
    name: "turn.activity",
    doc: "Best-effort structured activity of a turn; never replayed.",
    sequenced: true,
    terminal: false,
    correlation: { session_id: "set", operation_id: "set", grant_generation: "set", live_sequence: "set" },
    membership: "ordinary",
  },
  "turn.terminal": {
    name: "turn.terminal",
    doc: "The one terminal of a turn, after persistence and cleanup; its text replaces assembled text.",
    sequenced: true,
    terminal: true,
    correlation: { session_id: "set", operation_id: "set", grant_generation: "set", live_sequence: "set" },
    membership: "ordinary",
  },
  "auth.login.progress": {
    name: "auth.login.progress",
    doc: "Progress of a login, correlated to its start operation.",
    sequenced: false,
    terminal: false,
    correlation: { session_id: "null", operation_id: "set", grant_generation: "null", live_sequence: "null" },
    membership: "ordinary",
  },
  "auth.login.terminal": {
    name: "auth.login.terminal",
    doc: "The one terminal of a login, after worker cleanup.",
    sequenced: false,
    terminal: true,
    correlation: { session_id: "null", operation_id: "set", grant_generation: "null", live_sequence: "null" },
    membership: "ordinary",
  },
  "approval.requested": {
    name: "approval.requested",
    doc: "A permission request waits for the person: sent to every opted-in connection controlling the session, and again to a connection right after it claims or takes over a session with the approval pending. Not sequenced: it never takes a turn sequence number.",
    sequenced: false,
    terminal: false,
    correlation: { session_id: "set", operation_id: "set", grant_generation: "set", live_sequence: "null" },
    membership: "approvals",
  },
  "approval.resolved": {
    name: "approval.resolved",
    doc: "An approval ended: sent to every opted-in connection controlling the session, whoever or whatever decided. Not sequenced.",
    sequenced: false,
    terminal: false,
    correlation: { session_id: "set", operation_id: "set", grant_generation: "set", live_sequence: "null" },
    membership: "approvals",
  },
};

/** Whether a name is an operation this package knows. */
export function isMethod(name: string): name is Method {
  switch (name) {
    case "initialize":
    case "status":
    case "capabilities":
    case "auth.status":
    case "auth.login.start":
    case "auth.login.callback":
    case "auth.login.cancel":
    case "auth.logout":
    case "catalog.providers":
    case "catalog.models":
    case "catalog.refresh":
    case "config.get":
    case "config.set":
    case "session.list":
    case "session.create":
    case "session.replay":
    case "session.claim":
    case "session.detach":
    case "session.status":
    case "turn.start":
    case "turn.cancel":
    case "operation.lookup":
    case "profile.negotiate":
    case "approval.respond":
      return true;
    default:
      return false;
  }
}

/** Whether a name is an event this package knows. */
export function isEventName(name: string): name is EventName {
  switch (name) {
    case "turn.started":
    case "turn.assistant_delta":
    case "turn.activity":
    case "turn.terminal":
    case "auth.login.progress":
    case "auth.login.terminal":
    case "approval.requested":
    case "approval.resolved":
      return true;
    default:
      return false;
  }
}

/** Discriminator values of each union variant, by union and variant name. */
export const UNION_VARIANTS = {
  Activity: {
    lifecycle: { kind: "lifecycle" },
    tool: { kind: "tool" },
    reasoning_summary: { kind: "reasoning_summary" },
    context: { kind: "context" },
    usage: { kind: "usage" },
    compaction: { kind: "compaction" },
  },
  ReplayItem: {
    message: { kind: "message" },
    terminal: { kind: "terminal" },
    summary: { kind: "summary" },
  },
  HandshakeReply: {
    accepted: { status: "accepted" },
    rejected: { status: "rejected" },
  },
  LoginProgress: {
    authorization_url: { state: "authorization_url" },
    waiting: { state: "waiting" },
    callback_received: { state: "callback_received" },
    callback_accepted: { state: "callback_accepted" },
  },
  ApprovalChange: {
    diff: { type: "diff" },
    command: { type: "command" },
  },
  SessionMessage: {
    agent_turn_start: { type: "turn-start", role: "agent" },
    agent_turn_end: { type: "turn-end", role: "agent" },
    agent_text: { type: "text", role: "agent" },
    user_text: { type: "text", role: "user" },
    agent_tool_call_start: { type: "tool-call-start", role: "agent" },
    agent_tool_call_end: { type: "tool-call-end", role: "agent" },
    agent_permission_request: { type: "permission-request", role: "agent" },
    user_permission_response: { type: "permission-response", role: "user" },
    agent_photo: { type: "photo", role: "agent" },
    user_photo: { type: "photo", role: "user" },
    agent_video: { type: "video", role: "agent" },
    user_video: { type: "video", role: "user" },
    agent_file: { type: "file", role: "agent" },
    user_file: { type: "file", role: "user" },
    agent_service: { type: "service", role: "agent" },
  },
} as const;

/** Values of absent defaulted request payload members, by operation. */
export const REQUEST_DEFAULTS: { readonly [M in Method]: { readonly [member: string]: JsonValue } } = {
  "initialize": { requested_capabilities: [] },
  "status": {},
  "capabilities": {},
  "auth.status": {},
  "auth.login.start": {},
  "auth.login.callback": {},
  "auth.login.cancel": {},
  "auth.logout": { confirmed: false },
  "catalog.providers": { offset: 0, limit: 32 },
  "catalog.models": { offset: 0, limit: 32 },
  "catalog.refresh": {},
  "config.get": {},
  "config.set": {},
  "session.list": { after: null, limit: 32, all_workspaces: false },
  "session.create": {},
  "session.replay": { after: null, limit: 32 },
  "session.claim": { take_over: false },
  "session.detach": {},
  "session.status": {},
  "turn.start": {},
  "turn.cancel": {},
  "operation.lookup": {},
  "profile.negotiate": {},
  "approval.respond": {},
};

/** Every operation name, in spec order. */
export const METHODS = Object.keys(OPERATIONS) as readonly Method[];

/** Every event name, in spec order. */
export const EVENT_NAMES = Object.keys(EVENTS) as readonly EventName[];

/** The ordinary profile's operations, in spec order: what the advertisement lists. */
export const ORDINARY_METHODS: readonly Method[] = ["initialize", "status", "capabilities", "auth.status", "auth.login.start", "auth.login.callback", "auth.login.cancel", "auth.logout", "catalog.providers", "catalog.models", "catalog.refresh", "config.get", "config.set", "session.list", "session.create", "session.replay", "session.claim", "session.detach", "session.status", "turn.start", "turn.cancel", "operation.lookup"];

/** The ordinary profile's events, in spec order: what the advertisement lists. */
export const ORDINARY_EVENT_NAMES: readonly EventName[] = ["turn.started", "turn.assistant_delta", "turn.activity", "turn.terminal", "auth.login.progress", "auth.login.terminal"];

/** Optional profiles a connection opts into with `profile.negotiate`, by name. */
export const PROFILES: { readonly [profile: string]: ProfileInfo } = {
  approvals: {
    version: 1,
    doc: "The person at the front end answers the agent's permission requests: the daemon delivers each request the policy says to ask about as `approval.requested` to the session's opted-in controller, and the controller's `approval.respond` answers it.",
    operations: ["approval.respond"],
    events: ["approval.requested", "approval.resolved"],
    errors: ["approval_unknown", "approval_option_unknown"],
    limits: { approval_deadline_ms: 600000, max_pending_approvals_per_session: 4, max_pending_approvals: 16, max_approval_options: 8 },
  },
};
