// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

import { array, bool, constant, extend, fail, int, jsonObject, nullObject, object, present, required, str, tag, text, within, standard } from "../runtime/check.js";
import type { Obj, Validator } from "../runtime/check.js";
import { EXTENSIONS } from "../runtime/json.js";
import type * as T from "./types.js";

/** Charset `A-Za-z0-9-.+`. */
const CHARSET_4 = /^[\x2b\x2d\x2e0-9A-Za-z]*$/;
/** Charset `A-Za-z0-9-._/:`. */
const CHARSET_3 = /^[\x2d-\x3aA-Z\x5fa-z]*$/;
/** Charset `A-Za-z0-9-_`. */
const CHARSET_0 = /^[\x2d0-9A-Z\x5fa-z]*$/;
/** Charset `a-z0-9._`. */
const CHARSET_1 = /^[\x2e0-9\x5fa-z]*$/;
/** Charset `a-z0-9_`. */
const CHARSET_2 = /^[0-9\x5fa-z]*$/;
/** Charset `a-z_`. */
const CHARSET_5 = /^[\x5fa-z]*$/;

function item0(v: unknown, strict: boolean) {
  void strict;
  return int(v, 0, 65535);
}

function item1(v: unknown, strict: boolean) {
  void strict;
  return int(v, 0, 4294967295);
}

/** Decode a `OpaqueId`: Opaque correlation ID chosen by its issuer; never parsed by the other side. */
export const decodeOpaqueId: Validator<T.OpaqueId> = standard("OpaqueId", function decodeOpaqueId(v: unknown, strict: boolean): T.OpaqueId {
  void strict;
  return str(v, 1, 128 /* limits.max_id_bytes */);
});

/** Decode a `SessionId`: Opaque session ID, validated by the server before any path is resolved. */
export const decodeSessionId: Validator<T.SessionId> = standard("SessionId", function decodeSessionId(v: unknown, strict: boolean): T.SessionId {
  void strict;
  return text(v, 1, 128 /* limits.max_id_bytes */, CHARSET_0, false, false);
});

/** Decode a `Name`: Method, capability or event name. */
export const decodeName: Validator<T.Name> = standard("Name", function decodeName(v: unknown, strict: boolean): T.Name {
  void strict;
  return text(v, 1, 64 /* limits.max_name_bytes */, CHARSET_1, false, false);
});

/** Decode a `ErrorCodeName`: Error code; consumers treat an unfamiliar code as a generic failure. */
export const decodeErrorCodeName: Validator<T.ErrorCodeName> = standard("ErrorCodeName", function decodeErrorCodeName(v: unknown, strict: boolean): T.ErrorCodeName {
  void strict;
  return text(v, 1, 64 /* limits.max_name_bytes */, CHARSET_2, false, false);
});

/** Decode a `ProviderId`: Provider selection ID. */
export const decodeProviderId: Validator<T.ProviderId> = standard("ProviderId", function decodeProviderId(v: unknown, strict: boolean): T.ProviderId {
  void strict;
  return text(v, 1, 256 /* constants.selection_id_max_bytes */, CHARSET_3, false, false);
});

/** Decode a `ModelId`: Model selection ID. */
export const decodeModelId: Validator<T.ModelId> = standard("ModelId", function decodeModelId(v: unknown, strict: boolean): T.ModelId {
  void strict;
  return text(v, 1, 256 /* constants.selection_id_max_bytes */, CHARSET_3, false, false);
});

/** Decode a `Label`: Display-sanitized label, falling back to a bounded ID. */
export const decodeLabel: Validator<T.Label> = standard("Label", function decodeLabel(v: unknown, strict: boolean): T.Label {
  void strict;
  return str(v, 1, 128 /* constants.label_max_bytes */);
});

/** Decode a `Timestamp`: RFC 3339 timestamp. */
export const decodeTimestamp: Validator<T.Timestamp> = standard("Timestamp", function decodeTimestamp(v: unknown, strict: boolean): T.Timestamp {
  void strict;
  return text(v, 1, 64 /* constants.timestamp_max_bytes */, null, true, false);
});

/** Decode a `Cursor`: Opaque replay cursor; survives restart while the projected prefix is unchanged. */
export const decodeCursor: Validator<T.Cursor> = standard("Cursor", function decodeCursor(v: unknown, strict: boolean): T.Cursor {
  void strict;
  return str(v, 1, 128 /* limits.max_id_bytes */);
});

/** Decode a `PackageVersion`: Package version string; Unix admission requires an exact match. */
export const decodePackageVersion: Validator<T.PackageVersion> = standard("PackageVersion", function decodePackageVersion(v: unknown, strict: boolean): T.PackageVersion {
  void strict;
  return text(v, 1, 64 /* constants.version_max_bytes */, CHARSET_4, false, false);
});

/** Decode a `Text`: Conversational text, bounded by the general string limit. */
export const decodeText: Validator<T.Text> = standard("Text", function decodeText(v: unknown, strict: boolean): T.Text {
  void strict;
  return str(v, 0, 16384 /* limits.max_string_bytes */);
});

/** Decode a `ReasoningLevel`: Reasoning choice of a model. */
export const decodeReasoningLevel: Validator<T.ReasoningLevel> = standard("ReasoningLevel", function decodeReasoningLevel(v: unknown, strict: boolean): T.ReasoningLevel {
  void strict;
  switch (v) {
    case "default":
    case "low":
    case "medium":
    case "high":
    case "x_high":
    case "max":
      return v as T.ReasoningLevel;
  }
  return fail(typeof v === "string" ? "not a value of ReasoningLevel" : "expected a string", v);
});

/** Decode a `Scope`: Settings scope a write targets. */
export const decodeScope: Validator<T.Scope> = standard("Scope", function decodeScope(v: unknown, strict: boolean): T.Scope {
  void strict;
  switch (v) {
    case "global":
    case "project":
      return v as T.Scope;
  }
  return fail(typeof v === "string" ? "not a value of Scope" : "expected a string", v);
});

/** Decode a `ConfigLayer`: Settings layer, in precedence order. */
export const decodeConfigLayer: Validator<T.ConfigLayer> = standard("ConfigLayer", function decodeConfigLayer(v: unknown, strict: boolean): T.ConfigLayer {
  void strict;
  switch (v) {
    case "environment":
    case "project":
    case "global":
      return v as T.ConfigLayer;
  }
  return fail(typeof v === "string" ? "not a value of ConfigLayer" : "expected a string", v);
});

/** Decode a `SettingName`: A writable setting. */
export const decodeSettingName: Validator<T.SettingName> = standard("SettingName", function decodeSettingName(v: unknown, strict: boolean): T.SettingName {
  void strict;
  switch (v) {
    case "selection":
    case "thinking_level":
    case "fast":
      return v as T.SettingName;
  }
  return fail(typeof v === "string" ? "not a value of SettingName" : "expected a string", v);
});

/** Decode a `Transport`: Service transport. */
export const decodeTransport: Validator<T.Transport> = standard("Transport", function decodeTransport(v: unknown, strict: boolean): T.Transport {
  void strict;
  switch (v) {
    case "unix":
      return v as T.Transport;
  }
  return fail(typeof v === "string" ? "not a value of Transport" : "expected a string", v);
});

/** Decode a `AuthMethod`: How a provider authenticates. */
export const decodeAuthMethod: Validator<T.AuthMethod> = standard("AuthMethod", function decodeAuthMethod(v: unknown, strict: boolean): T.AuthMethod {
  void strict;
  switch (v) {
    case "oauth":
    case "api_key":
    case "none":
      return v as T.AuthMethod;
  }
  return fail(typeof v === "string" ? "not a value of AuthMethod" : "expected a string", v);
});

/** Decode a `AuthSource`: Where a provider's credential comes from; variable names are never returned. */
export const decodeAuthSource: Validator<T.AuthSource> = standard("AuthSource", function decodeAuthSource(v: unknown, strict: boolean): T.AuthSource {
  void strict;
  switch (v) {
    case "shared_store":
    case "environment":
    case "none":
      return v as T.AuthSource;
  }
  return fail(typeof v === "string" ? "not a value of AuthSource" : "expected a string", v);
});

/** Decode a `Readiness`: Whether a provider can prepare authentication now. */
export const decodeReadiness: Validator<T.Readiness> = standard("Readiness", function decodeReadiness(v: unknown, strict: boolean): T.Readiness {
  void strict;
  switch (v) {
    case "ready":
    case "missing":
    case "needs_login":
      return v as T.Readiness;
  }
  return fail(typeof v === "string" ? "not a value of Readiness" : "expected a string", v);
});

/** Decode a `CatalogState`: State of a provider's validated model cache. */
export const decodeCatalogState: Validator<T.CatalogState> = standard("CatalogState", function decodeCatalogState(v: unknown, strict: boolean): T.CatalogState {
  void strict;
  switch (v) {
    case "fresh_cache":
    case "stale":
    case "unavailable":
      return v as T.CatalogState;
  }
  return fail(typeof v === "string" ? "not a value of CatalogState" : "expected a string", v);
});

/** Decode a `TurnStatus`: Terminal status of a turn. */
export const decodeTurnStatus: Validator<T.TurnStatus> = standard("TurnStatus", function decodeTurnStatus(v: unknown, strict: boolean): T.TurnStatus {
  void strict;
  switch (v) {
    case "completed":
    case "cancelled":
    case "failed":
      return v as T.TurnStatus;
  }
  return fail(typeof v === "string" ? "not a value of TurnStatus" : "expected a string", v);
});

/** Decode a `Persistence`: Whether a turn's durable write succeeded. */
export const decodePersistence: Validator<T.Persistence> = standard("Persistence", function decodePersistence(v: unknown, strict: boolean): T.Persistence {
  void strict;
  switch (v) {
    case "committed":
    case "failed":
      return v as T.Persistence;
  }
  return fail(typeof v === "string" ? "not a value of Persistence" : "expected a string", v);
});

/** Decode a `SnapshotState`: Whether a claimed session has a running turn. */
export const decodeSnapshotState: Validator<T.SnapshotState> = standard("SnapshotState", function decodeSnapshotState(v: unknown, strict: boolean): T.SnapshotState {
  void strict;
  switch (v) {
    case "idle":
    case "running":
      return v as T.SnapshotState;
  }
  return fail(typeof v === "string" ? "not a value of SnapshotState" : "expected a string", v);
});

/** Decode a `OperationState`: State of an operation ID in the operation table. */
export const decodeOperationState: Validator<T.OperationState> = standard("OperationState", function decodeOperationState(v: unknown, strict: boolean): T.OperationState {
  void strict;
  switch (v) {
    case "accepted":
    case "settled":
    case "expired":
    case "unknown":
      return v as T.OperationState;
  }
  return fail(typeof v === "string" ? "not a value of OperationState" : "expected a string", v);
});

/**
 * Decode a `OutcomeStatus`: Settled outcome: a turn or login terminal status, or succeeded/failed for other mutations.
 */
export const decodeOutcomeStatus: Validator<T.OutcomeStatus> = standard("OutcomeStatus", function decodeOutcomeStatus(v: unknown, strict: boolean): T.OutcomeStatus {
  void strict;
  switch (v) {
    case "succeeded":
    case "failed":
    case "completed":
    case "cancelled":
    case "exchange_succeeded":
    case "callback_timeout":
    case "callback_failed":
    case "exchange_failed":
    case "auth_changed":
    case "storage_failed":
    case "internal_error":
      return v as T.OutcomeStatus;
  }
  return fail(typeof v === "string" ? "not a value of OutcomeStatus" : "expected a string", v);
});

/** Decode a `LoginProgressState`: Progress state of a login. */
export const decodeLoginProgressState: Validator<T.LoginProgressState> = standard("LoginProgressState", function decodeLoginProgressState(v: unknown, strict: boolean): T.LoginProgressState {
  void strict;
  switch (v) {
    case "authorization_url":
    case "waiting":
    case "callback_received":
    case "callback_accepted":
      return v as T.LoginProgressState;
  }
  return fail(typeof v === "string" ? "not a value of LoginProgressState" : "expected a string", v);
});

/** Decode a `LoginTerminalState`: Fixed terminal label of a login; no provider text is ever included. */
export const decodeLoginTerminalState: Validator<T.LoginTerminalState> = standard("LoginTerminalState", function decodeLoginTerminalState(v: unknown, strict: boolean): T.LoginTerminalState {
  void strict;
  switch (v) {
    case "exchange_succeeded":
    case "cancelled":
    case "callback_timeout":
    case "callback_failed":
    case "exchange_failed":
    case "auth_changed":
    case "storage_failed":
    case "internal_error":
      return v as T.LoginTerminalState;
  }
  return fail(typeof v === "string" ? "not a value of LoginTerminalState" : "expected a string", v);
});

/** Decode a `ActivityStatus`: Lifecycle status of an activity. */
export const decodeActivityStatus: Validator<T.ActivityStatus> = standard("ActivityStatus", function decodeActivityStatus(v: unknown, strict: boolean): T.ActivityStatus {
  void strict;
  switch (v) {
    case "queued":
    case "running":
    case "writing":
    case "completed":
    case "failed":
    case "cancelled":
      return v as T.ActivityStatus;
  }
  return fail(typeof v === "string" ? "not a value of ActivityStatus" : "expected a string", v);
});

/** Decode a `LifecycleCategory`: What a lifecycle activity is about; `activity` on finishes. */
export const decodeLifecycleCategory: Validator<T.LifecycleCategory> = standard("LifecycleCategory", function decodeLifecycleCategory(v: unknown, strict: boolean): T.LifecycleCategory {
  void strict;
  switch (v) {
    case "tool":
    case "hook":
    case "context_injection":
    case "subagent_batch":
    case "subagent_task":
    case "assistant":
    case "diagnostic":
    case "compaction":
    case "activity":
      return v as T.LifecycleCategory;
  }
  return fail(typeof v === "string" ? "not a value of LifecycleCategory" : "expected a string", v);
});

/** Decode a `ToolTransport`: How a tool runs; `unknown` is a literal accepted value, not a wildcard. */
export const decodeToolTransport: Validator<T.ToolTransport> = standard("ToolTransport", function decodeToolTransport(v: unknown, strict: boolean): T.ToolTransport {
  void strict;
  switch (v) {
    case "local":
    case "mcp":
    case "unknown":
      return v as T.ToolTransport;
  }
  return fail(typeof v === "string" ? "not a value of ToolTransport" : "expected a string", v);
});

/** Decode a `ContextSource`: Where a context count comes from. */
export const decodeContextSource: Validator<T.ContextSource> = standard("ContextSource", function decodeContextSource(v: unknown, strict: boolean): T.ContextSource {
  void strict;
  switch (v) {
    case "fallback_estimate":
    case "tokenizer_estimate":
    case "fallback_projection":
    case "tokenizer_projection":
    case "last_provider_usage":
    case "provider_exact":
    case "provider_partial":
      return v as T.ContextSource;
  }
  return fail(typeof v === "string" ? "not a value of ContextSource" : "expected a string", v);
});

/** Decode a `UsageSource`: Whether usage is one provider request or whole-run child usage. */
export const decodeUsageSource: Validator<T.UsageSource> = standard("UsageSource", function decodeUsageSource(v: unknown, strict: boolean): T.UsageSource {
  void strict;
  switch (v) {
    case "provider_request":
    case "subagent_aggregate":
      return v as T.UsageSource;
  }
  return fail(typeof v === "string" ? "not a value of UsageSource" : "expected a string", v);
});

/** Decode a `CompactionStatus`: State of a context compaction. */
export const decodeCompactionStatus: Validator<T.CompactionStatus> = standard("CompactionStatus", function decodeCompactionStatus(v: unknown, strict: boolean): T.CompactionStatus {
  void strict;
  switch (v) {
    case "triggered":
    case "running":
    case "completed":
    case "failed":
    case "cancelled":
      return v as T.CompactionStatus;
  }
  return fail(typeof v === "string" ? "not a value of CompactionStatus" : "expected a string", v);
});

/** Decode a `ReplayRole`: Author of a replayed message. */
export const decodeReplayRole: Validator<T.ReplayRole> = standard("ReplayRole", function decodeReplayRole(v: unknown, strict: boolean): T.ReplayRole {
  void strict;
  switch (v) {
    case "user":
    case "assistant":
      return v as T.ReplayRole;
  }
  return fail(typeof v === "string" ? "not a value of ReplayRole" : "expected a string", v);
});

/** Decode a `ReplayTerminalStatus`: Terminal label of a replayed turn. */
export const decodeReplayTerminalStatus: Validator<T.ReplayTerminalStatus> = standard("ReplayTerminalStatus", function decodeReplayTerminalStatus(v: unknown, strict: boolean): T.ReplayTerminalStatus {
  void strict;
  switch (v) {
    case "completed":
    case "cancelled":
    case "failed":
    case "compaction_required":
      return v as T.ReplayTerminalStatus;
  }
  return fail(typeof v === "string" ? "not a value of ReplayTerminalStatus" : "expected a string", v);
});

/** Decode a `TurnEndStatus`: Status recorded by a turn-end message. */
export const decodeTurnEndStatus: Validator<T.TurnEndStatus> = standard("TurnEndStatus", function decodeTurnEndStatus(v: unknown, strict: boolean): T.TurnEndStatus {
  void strict;
  switch (v) {
    case "completed":
    case "failed":
    case "cancelled":
      return v as T.TurnEndStatus;
  }
  return fail(typeof v === "string" ? "not a value of TurnEndStatus" : "expected a string", v);
});

/** Decode a `PermissionKind`: Kind of a permission option. */
export const decodePermissionKind: Validator<T.PermissionKind> = standard("PermissionKind", function decodePermissionKind(v: unknown, strict: boolean): T.PermissionKind {
  void strict;
  switch (v) {
    case "allow-once":
    case "allow-always":
    case "reject-once":
    case "reject-always":
      return v as T.PermissionKind;
  }
  return fail(typeof v === "string" ? "not a value of PermissionKind" : "expected a string", v);
});

/** Decode a `ErrorObject`: Error with a stable code and a short fixed message; request data is never included. */
export const decodeErrorObject: Validator<T.ErrorObject> = standard("ErrorObject", function decodeErrorObject(v: unknown, strict: boolean): T.ErrorObject {
  const o = object(v);
  let at = "";
  try {
    at = "code";
    const r0 = required(o.code);
    const f0 = decodeErrorCodeName(r0, strict);
    at = "message";
    const r1 = required(o.message);
    const f1 = str(r1, 1, 512 /* limits.max_error_message_bytes */);
    at = "";
    const out: T.ErrorObject = { code: f0, message: f1 };
    extend(out, o, strict, isErrorObjectMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isErrorObjectMember(k: string): boolean {
  switch (k) {
    case "code":
    case "message":
      return true;
    default:
      return false;
  }
}

/** Decode a `Control`: Session control proof carried by control-requiring mutations. */
export const decodeControl: Validator<T.Control> = standard("Control", function decodeControl(v: unknown, strict: boolean): T.Control {
  const o = object(v);
  let at = "";
  try {
    at = "claim_id";
    const r0 = required(o.claim_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "grant_generation";
    const r1 = required(o.grant_generation);
    const f1 = int(r1, 0, 9007199254740991);
    at = "";
    const out: T.Control = { claim_id: f0, grant_generation: f1 };
    extend(out, o, strict, isControlMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isControlMember(k: string): boolean {
  switch (k) {
    case "claim_id":
    case "grant_generation":
      return true;
    default:
      return false;
  }
}

/**
 * Decode a `LimitMap`: Advertised limits: every declared limit is required; unknown keys are extensions that must still
 * be positive integers.
 */
export const decodeLimitMap: Validator<T.LimitMap> = standard("LimitMap", function decodeLimitMap(v: unknown, strict: boolean): T.LimitMap {
  const o = object(v);
  let at = "";
  try {
    at = "max_record_bytes";
    const x0 = required(o.max_record_bytes);
    const f0 = int(x0, 1, 9007199254740991);
    at = "max_payload_bytes";
    const x1 = required(o.max_payload_bytes);
    const f1 = int(x1, 1, 9007199254740991);
    at = "max_error_message_bytes";
    const x2 = required(o.max_error_message_bytes);
    const f2 = int(x2, 1, 9007199254740991);
    at = "max_id_bytes";
    const x3 = required(o.max_id_bytes);
    const f3 = int(x3, 1, 9007199254740991);
    at = "max_name_bytes";
    const x4 = required(o.max_name_bytes);
    const f4 = int(x4, 1, 9007199254740991);
    at = "max_string_bytes";
    const x5 = required(o.max_string_bytes);
    const f5 = int(x5, 1, 9007199254740991);
    at = "max_json_depth";
    const x6 = required(o.max_json_depth);
    const f6 = int(x6, 1, 9007199254740991);
    at = "max_array_items";
    const x7 = required(o.max_array_items);
    const f7 = int(x7, 1, 9007199254740991);
    at = "max_object_fields";
    const x8 = required(o.max_object_fields);
    const f8 = int(x8, 1, 9007199254740991);
    at = "max_negotiation_items";
    const x9 = required(o.max_negotiation_items);
    const f9 = int(x9, 1, 9007199254740991);
    at = "max_session_attachments";
    const x10 = required(o.max_session_attachments);
    const f10 = int(x10, 1, 9007199254740991);
    at = "max_session_page_items";
    const x11 = required(o.max_session_page_items);
    const f11 = int(x11, 1, 9007199254740991);
    at = "max_session_replay_page_bytes";
    const x12 = required(o.max_session_replay_page_bytes);
    const f12 = int(x12, 1, 9007199254740991);
    at = "max_session_replay_window_bytes";
    const x13 = required(o.max_session_replay_window_bytes);
    const f13 = int(x13, 1, 9007199254740991);
    at = "max_session_list_scan_entries";
    const x14 = required(o.max_session_list_scan_entries);
    const f14 = int(x14, 1, 9007199254740991);
    at = "max_catalog_page_items";
    const x15 = required(o.max_catalog_page_items);
    const f15 = int(x15, 1, 9007199254740991);
    at = "max_connections";
    const x16 = required(o.max_connections);
    const f16 = int(x16, 1, 9007199254740991);
    at = "max_inflight_requests";
    const x17 = required(o.max_inflight_requests);
    const f17 = int(x17, 1, 9007199254740991);
    at = "max_active_turns";
    const x18 = required(o.max_active_turns);
    const f18 = int(x18, 1, 9007199254740991);
    at = "max_retained_operations";
    const x19 = required(o.max_retained_operations);
    const f19 = int(x19, 1, 9007199254740991);
    at = "operation_retention_ms";
    const x20 = required(o.operation_retention_ms);
    const f20 = int(x20, 1, 9007199254740991);
    at = "operation_tombstone_ms";
    const x21 = required(o.operation_tombstone_ms);
    const f21 = int(x21, 1, 9007199254740991);
    at = "max_snapshot_text_bytes";
    const x22 = required(o.max_snapshot_text_bytes);
    const f22 = int(x22, 1, 9007199254740991);
    at = "turn_event_queue_items";
    const x23 = required(o.turn_event_queue_items);
    const f23 = int(x23, 1, 9007199254740991);
    at = "handshake_timeout_ms";
    const x24 = required(o.handshake_timeout_ms);
    const f24 = int(x24, 1, 9007199254740991);
    at = "framing_timeout_ms";
    const x25 = required(o.framing_timeout_ms);
    const f25 = int(x25, 1, 9007199254740991);
    at = "cancel_grace_ms";
    const x26 = required(o.cancel_grace_ms);
    const f26 = int(x26, 1, 9007199254740991);
    const out: T.LimitMap = { max_record_bytes: f0, max_payload_bytes: f1, max_error_message_bytes: f2, max_id_bytes: f3, max_name_bytes: f4, max_string_bytes: f5, max_json_depth: f6, max_array_items: f7, max_object_fields: f8, max_negotiation_items: f9, max_session_attachments: f10, max_session_page_items: f11, max_session_replay_page_bytes: f12, max_session_replay_window_bytes: f13, max_session_list_scan_entries: f14, max_catalog_page_items: f15, max_connections: f16, max_inflight_requests: f17, max_active_turns: f18, max_retained_operations: f19, operation_retention_ms: f20, operation_tombstone_ms: f21, max_snapshot_text_bytes: f22, turn_event_queue_items: f23, handshake_timeout_ms: f24, framing_timeout_ms: f25, cancel_grace_ms: f26 };
    let ext: { [key: string]: unknown } | undefined;
    for (const k in o) {
      if (isLimitMapKey(k)) continue;
      at = k;
      const x = o[k];
      const y = int(x, 1, 9007199254740991);
      if (ext === undefined) ext = nullObject<{ [key: string]: unknown }>();
      ext[k] = y;
    }
    if (ext !== undefined) out[EXTENSIONS] = ext as NonNullable<T.LimitMap[typeof EXTENSIONS]>;
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isLimitMapKey(k: string): boolean {
  switch (k) {
    case "max_record_bytes":
    case "max_payload_bytes":
    case "max_error_message_bytes":
    case "max_id_bytes":
    case "max_name_bytes":
    case "max_string_bytes":
    case "max_json_depth":
    case "max_array_items":
    case "max_object_fields":
    case "max_negotiation_items":
    case "max_session_attachments":
    case "max_session_page_items":
    case "max_session_replay_page_bytes":
    case "max_session_replay_window_bytes":
    case "max_session_list_scan_entries":
    case "max_catalog_page_items":
    case "max_connections":
    case "max_inflight_requests":
    case "max_active_turns":
    case "max_retained_operations":
    case "operation_retention_ms":
    case "operation_tombstone_ms":
    case "max_snapshot_text_bytes":
    case "turn_event_queue_items":
    case "handshake_timeout_ms":
    case "framing_timeout_ms":
    case "cancel_grace_ms":
      return true;
    default:
      return false;
  }
}

/** Decode a `ActivityCapabilities`: Activity feature flags and the summary bound; not operation names. */
export const decodeActivityCapabilities: Validator<T.ActivityCapabilities> = standard("ActivityCapabilities", function decodeActivityCapabilities(v: unknown, strict: boolean): T.ActivityCapabilities {
  const o = object(v);
  let at = "";
  try {
    at = "events";
    const r0 = required(o.events);
    const f0 = constant(bool(r0), true as const);
    at = "approvals";
    const r1 = required(o.approvals);
    const f1 = constant(bool(r1), false as const);
    at = "steering";
    const r2 = required(o.steering);
    const f2 = constant(bool(r2), false as const);
    at = "mcp_server_lifecycle";
    const r3 = required(o.mcp_server_lifecycle);
    const f3 = constant(bool(r3), false as const);
    at = "mcp_tool_activity";
    const r4 = required(o.mcp_tool_activity);
    const f4 = constant(bool(r4), true as const);
    at = "subagents";
    const r5 = required(o.subagents);
    const f5 = constant(bool(r5), true as const);
    at = "raw_tool_output";
    const r6 = required(o.raw_tool_output);
    const f6 = constant(bool(r6), false as const);
    at = "activity_replay";
    const r7 = required(o.activity_replay);
    const f7 = constant(bool(r7), false as const);
    at = "max_summary_bytes";
    const r8 = required(o.max_summary_bytes);
    const f8 = constant(int(r8, 1, 9007199254740991), 2048 as const);
    at = "";
    const out: T.ActivityCapabilities = { events: f0, approvals: f1, steering: f2, mcp_server_lifecycle: f3, mcp_tool_activity: f4, subagents: f5, raw_tool_output: f6, activity_replay: f7, max_summary_bytes: f8 };
    extend(out, o, strict, isActivityCapabilitiesMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isActivityCapabilitiesMember(k: string): boolean {
  switch (k) {
    case "events":
    case "approvals":
    case "steering":
    case "mcp_server_lifecycle":
    case "mcp_tool_activity":
    case "subagents":
    case "raw_tool_output":
    case "activity_replay":
    case "max_summary_bytes":
      return true;
    default:
      return false;
  }
}

/** Decode a `Capabilities`: Complete capability advertisement of the service. */
export const decodeCapabilities: Validator<T.Capabilities> = standard("Capabilities", function decodeCapabilities(v: unknown, strict: boolean): T.Capabilities {
  const o = object(v);
  let at = "";
  try {
    at = "protocol_versions";
    const r0 = required(o.protocol_versions);
    const f0 = array(r0, 1, 64 /* limits.max_array_items */, true, item0, strict);
    at = "transports";
    const r1 = required(o.transports);
    const f1 = array(r1, 0, 64 /* limits.max_array_items */, true, decodeTransport, strict);
    at = "operations";
    const r2 = required(o.operations);
    const f2 = array(r2, 0, 64 /* limits.max_array_items */, true, decodeName, strict);
    at = "events";
    const r3 = required(o.events);
    const f3 = array(r3, 0, 64 /* limits.max_array_items */, true, decodeName, strict);
    at = "limits";
    const r4 = required(o.limits);
    const f4 = decodeLimitMap(r4, strict);
    at = "activity";
    const r5 = required(o.activity);
    const f5 = decodeActivityCapabilities(r5, strict);
    at = "profiles";
    const r6 = o.profiles;
    const f6 = r6 === undefined ? undefined : array(r6, 1, 8 /* limits.max_negotiation_items */, true, decodeProfileOffer, strict);
    at = "";
    const out: T.Capabilities = { protocol_versions: f0, transports: f1, operations: f2, events: f3, limits: f4, activity: f5 };
    if (f6 !== undefined) out["profiles"] = f6;
    extend(out, o, strict, isCapabilitiesMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isCapabilitiesMember(k: string): boolean {
  switch (k) {
    case "protocol_versions":
    case "transports":
    case "operations":
    case "events":
    case "limits":
    case "activity":
    case "profiles":
      return true;
    default:
      return false;
  }
}

/** Decode a `Selection`: Selected provider and model. */
export const decodeSelection: Validator<T.Selection> = standard("Selection", function decodeSelection(v: unknown, strict: boolean): T.Selection {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "model_id";
    const r1 = required(o.model_id);
    const f1 = decodeModelId(r1, strict);
    at = "";
    const out: T.Selection = { provider_id: f0, model_id: f1 };
    extend(out, o, strict, isSelectionMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSelectionMember(k: string): boolean {
  switch (k) {
    case "provider_id":
    case "model_id":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthProviderStatus`: Authentication readiness of one provider. */
export const decodeAuthProviderStatus: Validator<T.AuthProviderStatus> = standard("AuthProviderStatus", function decodeAuthProviderStatus(v: unknown, strict: boolean): T.AuthProviderStatus {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "auth_method";
    const r1 = required(o.auth_method);
    const f1 = decodeAuthMethod(r1, strict);
    at = "source";
    const r2 = required(o.source);
    const f2 = decodeAuthSource(r2, strict);
    at = "readiness";
    const r3 = required(o.readiness);
    const f3 = decodeReadiness(r3, strict);
    at = "ready";
    const r4 = required(o.ready);
    const f4 = bool(r4);
    at = "";
    const out: T.AuthProviderStatus = { provider_id: f0, auth_method: f1, source: f2, readiness: f3, ready: f4 };
    extend(out, o, strict, isAuthProviderStatusMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthProviderStatusMember(k: string): boolean {
  switch (k) {
    case "provider_id":
    case "auth_method":
    case "source":
    case "readiness":
    case "ready":
      return true;
    default:
      return false;
  }
}

/** Decode a `ProviderEntry`: One provider of the catalog. */
export const decodeProviderEntry: Validator<T.ProviderEntry> = standard("ProviderEntry", function decodeProviderEntry(v: unknown, strict: boolean): T.ProviderEntry {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "label";
    const r1 = required(o.label);
    const f1 = decodeLabel(r1, strict);
    at = "";
    const out: T.ProviderEntry = { provider_id: f0, label: f1 };
    extend(out, o, strict, isProviderEntryMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isProviderEntryMember(k: string): boolean {
  switch (k) {
    case "provider_id":
    case "label":
      return true;
    default:
      return false;
  }
}

/** Decode a `ModelEntry`: One model of a provider's cached catalog. */
export const decodeModelEntry: Validator<T.ModelEntry> = standard("ModelEntry", function decodeModelEntry(v: unknown, strict: boolean): T.ModelEntry {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "model_id";
    const r1 = required(o.model_id);
    const f1 = decodeModelId(r1, strict);
    at = "label";
    const r2 = required(o.label);
    const f2 = decodeLabel(r2, strict);
    at = "available";
    const r3 = required(o.available);
    const f3 = bool(r3);
    at = "context_window";
    const r4 = required(o.context_window);
    const f4 = r4 === null ? null : int(r4, 0, 9007199254740991);
    at = "max_output_tokens";
    const r5 = required(o.max_output_tokens);
    const f5 = r5 === null ? null : int(r5, 0, 9007199254740991);
    at = "available_thinking_levels";
    const r6 = required(o.available_thinking_levels);
    const f6 = array(r6, 0, 6 /* constants.reasoning_levels_max */, false, decodeReasoningLevel, strict);
    at = "";
    const out: T.ModelEntry = { provider_id: f0, model_id: f1, label: f2, available: f3, context_window: f4, max_output_tokens: f5, available_thinking_levels: f6 };
    extend(out, o, strict, isModelEntryMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isModelEntryMember(k: string): boolean {
  switch (k) {
    case "provider_id":
    case "model_id":
    case "label":
    case "available":
    case "context_window":
    case "max_output_tokens":
    case "available_thinking_levels":
      return true;
    default:
      return false;
  }
}

/** Decode a `ConfigProjection`: Bounded projection of the effective settings, not the settings document. */
export const decodeConfigProjection: Validator<T.ConfigProjection> = standard("ConfigProjection", function decodeConfigProjection(v: unknown, strict: boolean): T.ConfigProjection {
  const o = object(v);
  let at = "";
  try {
    at = "selection";
    const r0 = required(o.selection);
    const f0 = decodeSelection(r0, strict);
    at = "thinking_level";
    const r1 = required(o.thinking_level);
    const f1 = decodeReasoningLevel(r1, strict);
    at = "configured_thinking_level";
    const r2 = required(o.configured_thinking_level);
    const f2 = decodeReasoningLevel(r2, strict);
    at = "available_thinking_levels";
    const r3 = required(o.available_thinking_levels);
    const f3 = array(r3, 0, 6 /* constants.reasoning_levels_max */, false, decodeReasoningLevel, strict);
    at = "fast";
    const r4 = required(o.fast);
    const f4 = bool(r4);
    at = "precedence";
    const r5 = required(o.precedence);
    const f5 = array(r5, 0, 3, false, decodeConfigLayer, strict);
    at = "writable_scopes";
    const r6 = required(o.writable_scopes);
    const f6 = array(r6, 0, 2, false, decodeScope, strict);
    at = "global_only";
    const r7 = required(o.global_only);
    const f7 = array(r7, 0, 3, false, decodeSettingName, strict);
    at = "";
    const out: T.ConfigProjection = { selection: f0, thinking_level: f1, configured_thinking_level: f2, available_thinking_levels: f3, fast: f4, precedence: f5, writable_scopes: f6, global_only: f7 };
    extend(out, o, strict, isConfigProjectionMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isConfigProjectionMember(k: string): boolean {
  switch (k) {
    case "selection":
    case "thinking_level":
    case "configured_thinking_level":
    case "available_thinking_levels":
    case "fast":
    case "precedence":
    case "writable_scopes":
    case "global_only":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionSummary`: One session of a list page. */
export const decodeSessionSummary: Validator<T.SessionSummary> = standard("SessionSummary", function decodeSessionSummary(v: unknown, strict: boolean): T.SessionSummary {
  const o = object(v);
  let at = "";
  try {
    at = "session_id";
    const r0 = required(o.session_id);
    const f0 = decodeSessionId(r0, strict);
    at = "title";
    const r1 = required(o.title);
    const f1 = r1 === null ? null : str(r1, 1, 256 /* constants.title_max_bytes */);
    at = "updated_at";
    const r2 = required(o.updated_at);
    const f2 = decodeTimestamp(r2, strict);
    at = "workspace";
    const r3 = o.workspace;
    const f3 = r3 === undefined ? undefined : str(r3, 1, 4096 /* constants.workspace_max_bytes */);
    at = "";
    const out: T.SessionSummary = { session_id: f0, title: f1, updated_at: f2 };
    if (f3 !== undefined) out["workspace"] = f3;
    extend(out, o, strict, isSessionSummaryMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionSummaryMember(k: string): boolean {
  switch (k) {
    case "session_id":
    case "title":
    case "updated_at":
    case "workspace":
      return true;
    default:
      return false;
  }
}

/** Decode a `SnapshotTurn`: The running turn captured by a claim snapshot. */
export const decodeSnapshotTurn: Validator<T.SnapshotTurn> = standard("SnapshotTurn", function decodeSnapshotTurn(v: unknown, strict: boolean): T.SnapshotTurn {
  const o = object(v);
  let at = "";
  try {
    at = "turn_id";
    const r0 = required(o.turn_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "operation_id";
    const r1 = required(o.operation_id);
    const f1 = decodeOpaqueId(r1, strict);
    at = "sequence";
    const r2 = required(o.sequence);
    const f2 = int(r2, 0, 9007199254740991);
    at = "assistant_text";
    const r3 = required(o.assistant_text);
    const f3 = str(r3, 0, 16384 /* limits.max_snapshot_text_bytes */);
    at = "";
    const out: T.SnapshotTurn = { turn_id: f0, operation_id: f1, sequence: f2, assistant_text: f3 };
    extend(out, o, strict, isSnapshotTurnMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSnapshotTurnMember(k: string): boolean {
  switch (k) {
    case "turn_id":
    case "operation_id":
    case "sequence":
    case "assistant_text":
      return true;
    default:
      return false;
  }
}

/** Decode a `ClaimSnapshot`: Atomic snapshot taken when control is granted. */
export const decodeClaimSnapshot: Validator<T.ClaimSnapshot> = standard("ClaimSnapshot", function decodeClaimSnapshot(v: unknown, strict: boolean): T.ClaimSnapshot {
  const o = object(v);
  let at = "";
  try {
    at = "state";
    const r0 = required(o.state);
    const f0 = decodeSnapshotState(r0, strict);
    at = "turn";
    const r1 = required(o.turn);
    const f1 = r1 === null ? null : decodeSnapshotTurn(r1, strict);
    at = "replay_cursor";
    const r2 = required(o.replay_cursor);
    const f2 = decodeCursor(r2, strict);
    at = "";
    const out: T.ClaimSnapshot = { state: f0, turn: f1, replay_cursor: f2 };
    extend(out, o, strict, isClaimSnapshotMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isClaimSnapshotMember(k: string): boolean {
  switch (k) {
    case "state":
    case "turn":
    case "replay_cursor":
      return true;
    default:
      return false;
  }
}

/** Decode a `RunningTurn`: A running turn as session.status reports it. */
export const decodeRunningTurn: Validator<T.RunningTurn> = standard("RunningTurn", function decodeRunningTurn(v: unknown, strict: boolean): T.RunningTurn {
  const o = object(v);
  let at = "";
  try {
    at = "turn_id";
    const r0 = required(o.turn_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "status";
    const r1 = required(o.status);
    const f1 = constant(str(r1, 0, 16384 /* limits.max_string_bytes */), "running" as const);
    at = "";
    const out: T.RunningTurn = { turn_id: f0, status: f1 };
    extend(out, o, strict, isRunningTurnMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isRunningTurnMember(k: string): boolean {
  switch (k) {
    case "turn_id":
    case "status":
      return true;
    default:
      return false;
  }
}

/** Decode a `OperationOutcome`: Settled outcome of an operation. */
export const decodeOperationOutcome: Validator<T.OperationOutcome> = standard("OperationOutcome", function decodeOperationOutcome(v: unknown, strict: boolean): T.OperationOutcome {
  const o = object(v);
  let at = "";
  try {
    at = "status";
    const r0 = required(o.status);
    const f0 = decodeOutcomeStatus(r0, strict);
    at = "error";
    const r1 = required(o.error);
    const f1 = r1 === null ? null : decodeErrorObject(r1, strict);
    at = "";
    const out: T.OperationOutcome = { status: f0, error: f1 };
    extend(out, o, strict, isOperationOutcomeMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isOperationOutcomeMember(k: string): boolean {
  switch (k) {
    case "status":
    case "error":
      return true;
    default:
      return false;
  }
}

/** Decode a `Activity`: Allowlisted projection of one runtime activity; fields are flattened. */
export const decodeActivity: Validator<T.Activity> = standard("Activity", function decodeActivity(v: unknown, strict: boolean): T.Activity {
  const o = object(v);
  const d = tag(o, "kind");
  switch (d) {
    case "lifecycle":
      return decodeActivityLifecycle(o, strict);
    case "tool":
      return decodeActivityTool(o, strict);
    case "reasoning_summary":
      return decodeActivityReasoningSummary(o, strict);
    case "context":
      return decodeActivityContext(o, strict);
    case "usage":
      return decodeActivityUsage(o, strict);
    case "compaction":
      return decodeActivityCompaction(o, strict);
  }
  return fail("no variant of Activity has this kind");
});

function decodeActivityLifecycle(o: Obj, strict: boolean): T.ActivityLifecycle {
  let at = "";
  try {
    at = "activity_id";
    const r0 = required(o.activity_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "parent_activity_id";
    const r1 = o.parent_activity_id;
    const f1 = r1 === undefined ? undefined : decodeOpaqueId(r1, strict);
    at = "category";
    const r2 = required(o.category);
    const f2 = decodeLifecycleCategory(r2, strict);
    at = "status";
    const r3 = required(o.status);
    const f3 = decodeActivityStatus(r3, strict);
    at = "details_omitted";
    const r4 = required(o.details_omitted);
    const f4 = constant(bool(r4), true as const);
    at = "";
    const out: T.ActivityLifecycle = { kind: "lifecycle", activity_id: f0, category: f2, status: f3, details_omitted: f4 };
    if (f1 !== undefined) out["parent_activity_id"] = f1;
    extend(out, o, strict, isActivityLifecycleMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isActivityLifecycleMember(k: string): boolean {
  switch (k) {
    case "kind":
    case "activity_id":
    case "parent_activity_id":
    case "category":
    case "status":
    case "details_omitted":
      return true;
    default:
      return false;
  }
}

function decodeActivityTool(o: Obj, strict: boolean): T.ActivityTool {
  let at = "";
  try {
    at = "activity_id";
    const r0 = required(o.activity_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "parent_activity_id";
    const r1 = o.parent_activity_id;
    const f1 = r1 === undefined ? undefined : decodeOpaqueId(r1, strict);
    at = "tool_id";
    const r2 = required(o.tool_id);
    const f2 = decodeOpaqueId(r2, strict);
    at = "tool_name";
    const r3 = required(o.tool_name);
    const f3 = r3 === null ? null : decodeName(r3, strict);
    at = "server_id";
    const r4 = required(o.server_id);
    const f4 = r4 === null ? null : decodeOpaqueId(r4, strict);
    at = "transport";
    const r5 = required(o.transport);
    const f5 = decodeToolTransport(r5, strict);
    at = "status";
    const r6 = required(o.status);
    const f6 = decodeActivityStatus(r6, strict);
    at = "timed_out";
    const r7 = required(o.timed_out);
    const f7 = r7 === null ? null : bool(r7);
    at = "details_omitted";
    const r8 = required(o.details_omitted);
    const f8 = constant(bool(r8), true as const);
    at = "";
    const out: T.ActivityTool = { kind: "tool", activity_id: f0, tool_id: f2, tool_name: f3, server_id: f4, transport: f5, status: f6, timed_out: f7, details_omitted: f8 };
    if (f1 !== undefined) out["parent_activity_id"] = f1;
    extend(out, o, strict, isActivityToolMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isActivityToolMember(k: string): boolean {
  switch (k) {
    case "kind":
    case "activity_id":
    case "parent_activity_id":
    case "tool_id":
    case "tool_name":
    case "server_id":
    case "transport":
    case "status":
    case "timed_out":
    case "details_omitted":
      return true;
    default:
      return false;
  }
}

function decodeActivityReasoningSummary(o: Obj, strict: boolean): T.ActivityReasoningSummary {
  let at = "";
  try {
    at = "activity_id";
    const r0 = required(o.activity_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "parent_activity_id";
    const r1 = o.parent_activity_id;
    const f1 = r1 === undefined ? undefined : decodeOpaqueId(r1, strict);
    at = "text";
    const r2 = required(o.text);
    const f2 = str(r2, 0, 2048 /* constants.summary_max_bytes */);
    at = "redacted";
    const r3 = required(o.redacted);
    const f3 = bool(r3);
    at = "truncated";
    const r4 = required(o.truncated);
    const f4 = bool(r4);
    at = "";
    const out: T.ActivityReasoningSummary = { kind: "reasoning_summary", activity_id: f0, text: f2, redacted: f3, truncated: f4 };
    if (f1 !== undefined) out["parent_activity_id"] = f1;
    extend(out, o, strict, isActivityReasoningSummaryMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isActivityReasoningSummaryMember(k: string): boolean {
  switch (k) {
    case "kind":
    case "activity_id":
    case "parent_activity_id":
    case "text":
    case "redacted":
    case "truncated":
      return true;
    default:
      return false;
  }
}

function decodeActivityContext(o: Obj, strict: boolean): T.ActivityContext {
  let at = "";
  try {
    at = "activity_id";
    const r0 = required(o.activity_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "parent_activity_id";
    const r1 = o.parent_activity_id;
    const f1 = r1 === undefined ? undefined : decodeOpaqueId(r1, strict);
    at = "current_tokens";
    const r2 = required(o.current_tokens);
    const f2 = int(r2, 0, 9007199254740991);
    at = "max_tokens";
    const r3 = required(o.max_tokens);
    const f3 = int(r3, 0, 9007199254740991);
    at = "reasoning_tokens";
    const r4 = required(o.reasoning_tokens);
    const f4 = r4 === null ? null : int(r4, 0, 9007199254740991);
    at = "request_sequence";
    const r5 = required(o.request_sequence);
    const f5 = int(r5, 0, 9007199254740991);
    at = "source";
    const r6 = required(o.source);
    const f6 = decodeContextSource(r6, strict);
    at = "";
    const out: T.ActivityContext = { kind: "context", activity_id: f0, current_tokens: f2, max_tokens: f3, reasoning_tokens: f4, request_sequence: f5, source: f6 };
    if (f1 !== undefined) out["parent_activity_id"] = f1;
    extend(out, o, strict, isActivityContextMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isActivityContextMember(k: string): boolean {
  switch (k) {
    case "kind":
    case "activity_id":
    case "parent_activity_id":
    case "current_tokens":
    case "max_tokens":
    case "reasoning_tokens":
    case "request_sequence":
    case "source":
      return true;
    default:
      return false;
  }
}

function decodeActivityUsage(o: Obj, strict: boolean): T.ActivityUsage {
  let at = "";
  try {
    at = "activity_id";
    const r0 = required(o.activity_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "parent_activity_id";
    const r1 = o.parent_activity_id;
    const f1 = r1 === undefined ? undefined : decodeOpaqueId(r1, strict);
    at = "effective_input";
    const r2 = required(o.effective_input);
    const f2 = int(r2, 0, 9007199254740991);
    at = "output";
    const r3 = required(o.output);
    const f3 = int(r3, 0, 9007199254740991);
    at = "cache_read";
    const r4 = required(o.cache_read);
    const f4 = int(r4, 0, 9007199254740991);
    at = "cache_known";
    const r5 = required(o.cache_known);
    const f5 = bool(r5);
    at = "request_sequence";
    const r6 = required(o.request_sequence);
    const f6 = int(r6, 0, 9007199254740991);
    at = "final_usage";
    const r7 = required(o.final_usage);
    const f7 = bool(r7);
    at = "source";
    const r8 = required(o.source);
    const f8 = decodeUsageSource(r8, strict);
    at = "";
    const out: T.ActivityUsage = { kind: "usage", activity_id: f0, effective_input: f2, output: f3, cache_read: f4, cache_known: f5, request_sequence: f6, final_usage: f7, source: f8 };
    if (f1 !== undefined) out["parent_activity_id"] = f1;
    extend(out, o, strict, isActivityUsageMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isActivityUsageMember(k: string): boolean {
  switch (k) {
    case "kind":
    case "activity_id":
    case "parent_activity_id":
    case "effective_input":
    case "output":
    case "cache_read":
    case "cache_known":
    case "request_sequence":
    case "final_usage":
    case "source":
      return true;
    default:
      return false;
  }
}

function decodeActivityCompaction(o: Obj, strict: boolean): T.ActivityCompaction {
  let at = "";
  try {
    at = "activity_id";
    const r0 = required(o.activity_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "parent_activity_id";
    const r1 = o.parent_activity_id;
    const f1 = r1 === undefined ? undefined : decodeOpaqueId(r1, strict);
    at = "status";
    const r2 = required(o.status);
    const f2 = decodeCompactionStatus(r2, strict);
    at = "current_tokens";
    const r3 = required(o.current_tokens);
    const f3 = r3 === null ? null : int(r3, 0, 9007199254740991);
    at = "max_tokens";
    const r4 = required(o.max_tokens);
    const f4 = r4 === null ? null : int(r4, 0, 9007199254740991);
    at = "replay_required";
    const r5 = required(o.replay_required);
    const f5 = bool(r5);
    at = "";
    const out: T.ActivityCompaction = { kind: "compaction", activity_id: f0, status: f2, current_tokens: f3, max_tokens: f4, replay_required: f5 };
    if (f1 !== undefined) out["parent_activity_id"] = f1;
    extend(out, o, strict, isActivityCompactionMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isActivityCompactionMember(k: string): boolean {
  switch (k) {
    case "kind":
    case "activity_id":
    case "parent_activity_id":
    case "status":
    case "current_tokens":
    case "max_tokens":
    case "replay_required":
      return true;
    default:
      return false;
  }
}

/** Decode a `ReplayItem`: One allowlisted item of the durable replay projection. */
export const decodeReplayItem: Validator<T.ReplayItem> = standard("ReplayItem", function decodeReplayItem(v: unknown, strict: boolean): T.ReplayItem {
  const o = object(v);
  const d = tag(o, "kind");
  switch (d) {
    case "message":
      return decodeReplayItemMessage(o, strict);
    case "terminal":
      return decodeReplayItemTerminal(o, strict);
    case "summary":
      return decodeReplayItemSummary(o, strict);
  }
  return fail("no variant of ReplayItem has this kind");
});

function decodeReplayItemMessage(o: Obj, strict: boolean): T.ReplayItemMessage {
  let at = "";
  try {
    at = "cursor";
    const r0 = required(o.cursor);
    const f0 = decodeCursor(r0, strict);
    at = "role";
    const r1 = required(o.role);
    const f1 = decodeReplayRole(r1, strict);
    at = "text";
    const r2 = required(o.text);
    const f2 = str(r2, 0, 2048 /* constants.replay_part_bytes */);
    at = "part";
    const r3 = required(o.part);
    const f3 = int(r3, 0, 9007199254740991);
    at = "last_part";
    const r4 = required(o.last_part);
    const f4 = bool(r4);
    at = "";
    const out: T.ReplayItemMessage = { kind: "message", cursor: f0, role: f1, text: f2, part: f3, last_part: f4 };
    extend(out, o, strict, isReplayItemMessageMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isReplayItemMessageMember(k: string): boolean {
  switch (k) {
    case "kind":
    case "cursor":
    case "role":
    case "text":
    case "part":
    case "last_part":
      return true;
    default:
      return false;
  }
}

function decodeReplayItemTerminal(o: Obj, strict: boolean): T.ReplayItemTerminal {
  let at = "";
  try {
    at = "cursor";
    const r0 = required(o.cursor);
    const f0 = decodeCursor(r0, strict);
    at = "status";
    const r1 = required(o.status);
    const f1 = decodeReplayTerminalStatus(r1, strict);
    at = "";
    const out: T.ReplayItemTerminal = { kind: "terminal", cursor: f0, status: f1 };
    extend(out, o, strict, isReplayItemTerminalMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isReplayItemTerminalMember(k: string): boolean {
  switch (k) {
    case "kind":
    case "cursor":
    case "status":
      return true;
    default:
      return false;
  }
}

function decodeReplayItemSummary(o: Obj, strict: boolean): T.ReplayItemSummary {
  let at = "";
  try {
    at = "cursor";
    const r0 = required(o.cursor);
    const f0 = decodeCursor(r0, strict);
    at = "text";
    const r1 = required(o.text);
    const f1 = str(r1, 0, 2048 /* constants.replay_part_bytes */);
    at = "part";
    const r2 = required(o.part);
    const f2 = int(r2, 0, 9007199254740991);
    at = "last_part";
    const r3 = required(o.last_part);
    const f3 = bool(r3);
    at = "";
    const out: T.ReplayItemSummary = { kind: "summary", cursor: f0, text: f1, part: f2, last_part: f3 };
    extend(out, o, strict, isReplayItemSummaryMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isReplayItemSummaryMember(k: string): boolean {
  switch (k) {
    case "kind":
    case "cursor":
    case "text":
    case "part":
    case "last_part":
      return true;
    default:
      return false;
  }
}

/** Decode a `Discovery`: The one JSON object start-or-connect prints on success. */
export const decodeDiscovery: Validator<T.Discovery> = standard("Discovery", function decodeDiscovery(v: unknown, strict: boolean): T.Discovery {
  const o = object(v);
  let at = "";
  try {
    at = "discovery_version";
    const r0 = required(o.discovery_version);
    const f0 = constant(int(r0, 0, 65535), 1 as const);
    at = "socket";
    const r1 = required(o.socket);
    const f1 = str(r1, 1, 4096);
    at = "pid";
    const r2 = required(o.pid);
    const f2 = int(r2, 0, 4294967295);
    at = "version";
    const r3 = required(o.version);
    const f3 = decodePackageVersion(r3, strict);
    at = "instance_id";
    const r4 = required(o.instance_id);
    const f4 = decodeOpaqueId(r4, strict);
    at = "workspace_id";
    const r5 = required(o.workspace_id);
    const f5 = decodeOpaqueId(r5, strict);
    at = "state_root_id";
    const r6 = required(o.state_root_id);
    const f6 = decodeOpaqueId(r6, strict);
    at = "started";
    const r7 = required(o.started);
    const f7 = bool(r7);
    at = "";
    const out: T.Discovery = { discovery_version: f0, socket: f1, pid: f2, version: f3, instance_id: f4, workspace_id: f5, state_root_id: f6, started: f7 };
    extend(out, o, strict, isDiscoveryMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isDiscoveryMember(k: string): boolean {
  switch (k) {
    case "discovery_version":
    case "socket":
    case "pid":
    case "version":
    case "instance_id":
    case "workspace_id":
    case "state_root_id":
    case "started":
      return true;
    default:
      return false;
  }
}

/** Decode a `LaunchError`: The one JSON object start-or-connect prints on failure, under `error`. */
export const decodeLaunchError: Validator<T.LaunchError> = standard("LaunchError", function decodeLaunchError(v: unknown, strict: boolean): T.LaunchError {
  const o = object(v);
  let at = "";
  try {
    at = "error";
    const r0 = required(o.error);
    const f0 = decodeErrorObject(r0, strict);
    at = "";
    const out: T.LaunchError = { error: f0 };
    extend(out, o, strict, isLaunchErrorMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isLaunchErrorMember(k: string): boolean {
  switch (k) {
    case "error":
      return true;
    default:
      return false;
  }
}

/** Decode a `HandshakeRequest`: First line a client sends after connecting. */
export const decodeHandshakeRequest: Validator<T.HandshakeRequest> = standard("HandshakeRequest", function decodeHandshakeRequest(v: unknown, strict: boolean): T.HandshakeRequest {
  const o = object(v);
  let at = "";
  try {
    at = "handshake";
    const r0 = required(o.handshake);
    const f0 = constant(str(r0, 0, 16384 /* limits.max_string_bytes */), "agentwire-unix" as const);
    at = "version";
    const r1 = required(o.version);
    const f1 = decodePackageVersion(r1, strict);
    at = "workspace";
    const r2 = required(o.workspace);
    const f2 = str(r2, 1, 4096 /* constants.workspace_max_bytes */);
    at = "";
    const out: T.HandshakeRequest = { handshake: f0, version: f1, workspace: f2 };
    extend(out, o, strict, isHandshakeRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isHandshakeRequestMember(k: string): boolean {
  switch (k) {
    case "handshake":
    case "version":
    case "workspace":
      return true;
    default:
      return false;
  }
}

/** Decode a `HandshakeReply`: Server's one-line handshake reply. */
export const decodeHandshakeReply: Validator<T.HandshakeReply> = standard("HandshakeReply", function decodeHandshakeReply(v: unknown, strict: boolean): T.HandshakeReply {
  const o = object(v);
  const d = tag(o, "status");
  switch (d) {
    case "accepted":
      return decodeHandshakeReplyAccepted(o, strict);
    case "rejected":
      return decodeHandshakeReplyRejected(o, strict);
  }
  return fail("no variant of HandshakeReply has this status");
});

function decodeHandshakeReplyAccepted(o: Obj, strict: boolean): T.HandshakeReplyAccepted {
  let at = "";
  try {
    at = "handshake";
    const r0 = required(o.handshake);
    const f0 = constant(str(r0, 0, 16384 /* limits.max_string_bytes */), "agentwire-unix" as const);
    at = "version";
    const r1 = required(o.version);
    const f1 = decodePackageVersion(r1, strict);
    at = "pid";
    const r2 = required(o.pid);
    const f2 = int(r2, 0, 4294967295);
    at = "instance_id";
    const r3 = required(o.instance_id);
    const f3 = decodeOpaqueId(r3, strict);
    at = "workspace_id";
    const r4 = required(o.workspace_id);
    const f4 = decodeOpaqueId(r4, strict);
    at = "state_root_id";
    const r5 = required(o.state_root_id);
    const f5 = decodeOpaqueId(r5, strict);
    at = "";
    const out: T.HandshakeReplyAccepted = { status: "accepted", handshake: f0, version: f1, pid: f2, instance_id: f3, workspace_id: f4, state_root_id: f5 };
    extend(out, o, strict, isHandshakeReplyAcceptedMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isHandshakeReplyAcceptedMember(k: string): boolean {
  switch (k) {
    case "status":
    case "handshake":
    case "version":
    case "pid":
    case "instance_id":
    case "workspace_id":
    case "state_root_id":
      return true;
    default:
      return false;
  }
}

function decodeHandshakeReplyRejected(o: Obj, strict: boolean): T.HandshakeReplyRejected {
  let at = "";
  try {
    at = "handshake";
    const r0 = required(o.handshake);
    const f0 = constant(str(r0, 0, 16384 /* limits.max_string_bytes */), "agentwire-unix" as const);
    at = "code";
    const r1 = required(o.code);
    const f1 = decodeHandshakeRejection(r1, strict);
    at = "message";
    const r2 = required(o.message);
    const f2 = str(r2, 1, 512 /* limits.max_error_message_bytes */);
    at = "";
    const out: T.HandshakeReplyRejected = { status: "rejected", handshake: f0, code: f1, message: f2 };
    extend(out, o, strict, isHandshakeReplyRejectedMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isHandshakeReplyRejectedMember(k: string): boolean {
  switch (k) {
    case "status":
    case "handshake":
    case "code":
    case "message":
      return true;
    default:
      return false;
  }
}

/** Decode a `HandshakeRejection`: Handshake rejection code. */
export const decodeHandshakeRejection: Validator<T.HandshakeRejection> = standard("HandshakeRejection", function decodeHandshakeRejection(v: unknown, strict: boolean): T.HandshakeRejection {
  void strict;
  switch (v) {
    case "version_mismatch":
    case "workspace_mismatch":
    case "invalid_handshake":
    case "connection_limit":
      return v as T.HandshakeRejection;
  }
  return fail(typeof v === "string" ? "not a value of HandshakeRejection" : "expected a string", v);
});

/** Decode a `LoginProgress`: Login progress payload; only the first state carries the authorization URL. */
export const decodeLoginProgress: Validator<T.LoginProgress> = standard("LoginProgress", function decodeLoginProgress(v: unknown, strict: boolean): T.LoginProgress {
  const o = object(v);
  const d = tag(o, "state");
  switch (d) {
    case "authorization_url":
      return decodeLoginProgressAuthorizationUrl(o, strict);
    case "waiting":
      return decodeLoginProgressWaiting(o, strict);
    case "callback_received":
      return decodeLoginProgressCallbackReceived(o, strict);
    case "callback_accepted":
      return decodeLoginProgressCallbackAccepted(o, strict);
  }
  return fail("no variant of LoginProgress has this state");
});

function decodeLoginProgressAuthorizationUrl(o: Obj, strict: boolean): T.LoginProgressAuthorizationUrl {
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "provider_id";
    const r1 = required(o.provider_id);
    const f1 = decodeProviderId(r1, strict);
    at = "url";
    const r2 = required(o.url);
    const f2 = str(r2, 1, 4096 /* constants.login_url_max_bytes */);
    at = "open_browser";
    const r3 = required(o.open_browser);
    const f3 = constant(bool(r3), true as const);
    at = "";
    const out: T.LoginProgressAuthorizationUrl = { state: "authorization_url", login_id: f0, provider_id: f1, url: f2, open_browser: f3 };
    extend(out, o, strict, isLoginProgressAuthorizationUrlMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isLoginProgressAuthorizationUrlMember(k: string): boolean {
  switch (k) {
    case "state":
    case "login_id":
    case "provider_id":
    case "url":
    case "open_browser":
      return true;
    default:
      return false;
  }
}

function decodeLoginProgressWaiting(o: Obj, strict: boolean): T.LoginProgressWaiting {
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "provider_id";
    const r1 = required(o.provider_id);
    const f1 = decodeProviderId(r1, strict);
    at = "";
    const out: T.LoginProgressWaiting = { state: "waiting", login_id: f0, provider_id: f1 };
    extend(out, o, strict, isLoginProgressWaitingMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isLoginProgressWaitingMember(k: string): boolean {
  switch (k) {
    case "state":
    case "login_id":
    case "provider_id":
      return true;
    default:
      return false;
  }
}

function decodeLoginProgressCallbackReceived(o: Obj, strict: boolean): T.LoginProgressCallbackReceived {
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "provider_id";
    const r1 = required(o.provider_id);
    const f1 = decodeProviderId(r1, strict);
    at = "";
    const out: T.LoginProgressCallbackReceived = { state: "callback_received", login_id: f0, provider_id: f1 };
    extend(out, o, strict, isLoginProgressCallbackReceivedMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isLoginProgressCallbackReceivedMember(k: string): boolean {
  switch (k) {
    case "state":
    case "login_id":
    case "provider_id":
      return true;
    default:
      return false;
  }
}

function decodeLoginProgressCallbackAccepted(o: Obj, strict: boolean): T.LoginProgressCallbackAccepted {
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "provider_id";
    const r1 = required(o.provider_id);
    const f1 = decodeProviderId(r1, strict);
    at = "";
    const out: T.LoginProgressCallbackAccepted = { state: "callback_accepted", login_id: f0, provider_id: f1 };
    extend(out, o, strict, isLoginProgressCallbackAcceptedMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isLoginProgressCallbackAcceptedMember(k: string): boolean {
  switch (k) {
    case "state":
    case "login_id":
    case "provider_id":
      return true;
    default:
      return false;
  }
}

/** Decode a `ProfileName`: Name of an optional profile. */
export const decodeProfileName: Validator<T.ProfileName> = standard("ProfileName", function decodeProfileName(v: unknown, strict: boolean): T.ProfileName {
  void strict;
  return text(v, 1, 64 /* limits.max_name_bytes */, CHARSET_5, false, false);
});

/** Decode a `ProfileOffer`: One optional profile the daemon offers, with the versions it negotiates. */
export const decodeProfileOffer: Validator<T.ProfileOffer> = standard("ProfileOffer", function decodeProfileOffer(v: unknown, strict: boolean): T.ProfileOffer {
  const o = object(v);
  let at = "";
  try {
    at = "name";
    const r0 = required(o.name);
    const f0 = decodeProfileName(r0, strict);
    at = "versions";
    const r1 = required(o.versions);
    const f1 = array(r1, 1, 8, false, item1, strict);
    at = "";
    const out: T.ProfileOffer = { name: f0, versions: f1 };
    extend(out, o, strict, isProfileOfferMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isProfileOfferMember(k: string): boolean {
  switch (k) {
    case "name":
    case "versions":
      return true;
    default:
      return false;
  }
}

/**
 * Decode a `ProfileLimitMap`: The limits of a negotiated profile with their effective values: every limit the profile
 * declares; unknown keys are extensions that must still be positive integers.
 */
export const decodeProfileLimitMap: Validator<T.ProfileLimitMap> = standard("ProfileLimitMap", function decodeProfileLimitMap(v: unknown, strict: boolean): T.ProfileLimitMap {
  const o = object(v);
  const out: T.ProfileLimitMap = nullObject();
  let at = "";
  try {
    for (const k in o) {
      at = k;
      const x = o[k];
      out[k] = int(x, 1, 9007199254740991);
    }
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

/** Decode a `ToolKind`: What a tool call does, as ACP names its tool kinds. */
export const decodeToolKind: Validator<T.ToolKind> = standard("ToolKind", function decodeToolKind(v: unknown, strict: boolean): T.ToolKind {
  void strict;
  switch (v) {
    case "read":
    case "edit":
    case "delete":
    case "move":
    case "search":
    case "execute":
    case "think":
    case "fetch":
    case "switch_mode":
    case "other":
      return v as T.ToolKind;
  }
  return fail(typeof v === "string" ? "not a value of ToolKind" : "expected a string", v);
});

/**
 * Decode a `ApprovalOutcome`: How an approval ended: an offered option was chosen, or the agent was answered cancelled.
 */
export const decodeApprovalOutcome: Validator<T.ApprovalOutcome> = standard("ApprovalOutcome", function decodeApprovalOutcome(v: unknown, strict: boolean): T.ApprovalOutcome {
  void strict;
  switch (v) {
    case "selected":
    case "cancelled":
      return v as T.ApprovalOutcome;
  }
  return fail(typeof v === "string" ? "not a value of ApprovalOutcome" : "expected a string", v);
});

/**
 * Decode a `ApprovalDecider`: What decided an approval: the person through `approval.respond`, the daemon's policy (a
 * bound, an unanswerable request), the deadline, or `turn.cancel`.
 */
export const decodeApprovalDecider: Validator<T.ApprovalDecider> = standard("ApprovalDecider", function decodeApprovalDecider(v: unknown, strict: boolean): T.ApprovalDecider {
  void strict;
  switch (v) {
    case "person":
    case "policy":
    case "deadline":
    case "cancel":
      return v as T.ApprovalDecider;
  }
  return fail(typeof v === "string" ? "not a value of ApprovalDecider" : "expected a string", v);
});

/** Decode a `ApprovalChange`: The change a tool call proposes, when the agent sent one. */
export const decodeApprovalChange: Validator<T.ApprovalChange> = standard("ApprovalChange", function decodeApprovalChange(v: unknown, strict: boolean): T.ApprovalChange {
  const o = object(v);
  const d = tag(o, "type");
  switch (d) {
    case "diff":
      return decodeApprovalChangeDiff(o, strict);
    case "command":
      return decodeApprovalChangeCommand(o, strict);
  }
  return fail("no variant of ApprovalChange has this type");
});

function decodeApprovalChangeDiff(o: Obj, strict: boolean): T.ApprovalChangeDiff {
  let at = "";
  try {
    at = "path";
    const r0 = required(o.path);
    const f0 = decodeText(r0, strict);
    at = "old_text";
    const r1 = required(o.old_text);
    const f1 = r1 === null ? null : decodeText(r1, strict);
    at = "new_text";
    const r2 = required(o.new_text);
    const f2 = decodeText(r2, strict);
    at = "";
    const out: T.ApprovalChangeDiff = { type: "diff", path: f0, old_text: f1, new_text: f2 };
    extend(out, o, strict, isApprovalChangeDiffMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isApprovalChangeDiffMember(k: string): boolean {
  switch (k) {
    case "type":
    case "path":
    case "old_text":
    case "new_text":
      return true;
    default:
      return false;
  }
}

function decodeApprovalChangeCommand(o: Obj, strict: boolean): T.ApprovalChangeCommand {
  let at = "";
  try {
    at = "command";
    const r0 = required(o.command);
    const f0 = decodeText(r0, strict);
    at = "";
    const out: T.ApprovalChangeCommand = { type: "command", command: f0 };
    extend(out, o, strict, isApprovalChangeCommandMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isApprovalChangeCommandMember(k: string): boolean {
  switch (k) {
    case "type":
    case "command":
      return true;
    default:
      return false;
  }
}

/** Decode a `PermissionOption`: One answer a permission request offers. */
export const decodePermissionOption: Validator<T.PermissionOption> = standard("PermissionOption", function decodePermissionOption(v: unknown, strict: boolean): T.PermissionOption {
  const o = object(v);
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "label";
    const r1 = required(o.label);
    const f1 = str(r1, 1, 16384 /* limits.max_string_bytes */);
    at = "kind";
    const r2 = required(o.kind);
    const f2 = decodePermissionKind(r2, strict);
    at = "";
    const out: T.PermissionOption = { id: f0, label: f1, kind: f2 };
    extend(out, o, strict, isPermissionOptionMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isPermissionOptionMember(k: string): boolean {
  switch (k) {
    case "id":
    case "label":
    case "kind":
      return true;
    default:
      return false;
  }
}

/**
 * Decode a `ToolName`: A tool's own name, as the model or MCP server spells it (any characters, such as `Bash` or
 * `create-issue`).
 */
export const decodeToolName: Validator<T.ToolName> = standard("ToolName", function decodeToolName(v: unknown, strict: boolean): T.ToolName {
  void strict;
  return str(v, 1, 256 /* constants.tool_name_max_bytes */);
});

/** Decode a `SessionMessage`: One immutable message of the append-only session stream. */
export const decodeSessionMessage: Validator<T.SessionMessage> = standard("SessionMessage", function decodeSessionMessage(v: unknown, strict: boolean): T.SessionMessage {
  const o = object(v);
  const d = tag(o, "type") + "\u0000" + tag(o, "role");
  switch (d) {
    case "turn-start\u0000agent":
      return decodeSessionMessageAgentTurnStart(o, strict);
    case "turn-end\u0000agent":
      return decodeSessionMessageAgentTurnEnd(o, strict);
    case "text\u0000agent":
      return decodeSessionMessageAgentText(o, strict);
    case "text\u0000user":
      return decodeSessionMessageUserText(o, strict);
    case "tool-call-start\u0000agent":
      return decodeSessionMessageAgentToolCallStart(o, strict);
    case "tool-call-end\u0000agent":
      return decodeSessionMessageAgentToolCallEnd(o, strict);
    case "permission-request\u0000agent":
      return decodeSessionMessageAgentPermissionRequest(o, strict);
    case "permission-response\u0000user":
      return decodeSessionMessageUserPermissionResponse(o, strict);
    case "photo\u0000agent":
      return decodeSessionMessageAgentPhoto(o, strict);
    case "photo\u0000user":
      return decodeSessionMessageUserPhoto(o, strict);
    case "video\u0000agent":
      return decodeSessionMessageAgentVideo(o, strict);
    case "video\u0000user":
      return decodeSessionMessageUserVideo(o, strict);
    case "file\u0000agent":
      return decodeSessionMessageAgentFile(o, strict);
    case "file\u0000user":
      return decodeSessionMessageUserFile(o, strict);
    case "service\u0000agent":
      return decodeSessionMessageAgentService(o, strict);
  }
  return fail("no variant of SessionMessage has this type/role");
});

function decodeSessionMessageAgentTurnStart(o: Obj, strict: boolean): T.SessionMessageAgentTurnStart {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = required(o.turn);
    const f4 = decodeOpaqueId(r4, strict);
    at = "";
    const out: T.SessionMessageAgentTurnStart = { type: "turn-start", role: "agent", id: f0, time: f1, turn: f4 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    extend(out, o, strict, isSessionMessageAgentTurnStartMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentTurnStartMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageAgentTurnEnd(o: Obj, strict: boolean): T.SessionMessageAgentTurnEnd {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = required(o.turn);
    const f4 = decodeOpaqueId(r4, strict);
    at = "status";
    const r5 = required(o.status);
    const f5 = decodeTurnEndStatus(r5, strict);
    at = "";
    const out: T.SessionMessageAgentTurnEnd = { type: "turn-end", role: "agent", id: f0, time: f1, turn: f4, status: f5 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    extend(out, o, strict, isSessionMessageAgentTurnEndMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentTurnEndMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "status":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageAgentText(o: Obj, strict: boolean): T.SessionMessageAgentText {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = required(o.turn);
    const f4 = decodeOpaqueId(r4, strict);
    at = "text";
    const r5 = required(o.text);
    const f5 = decodeText(r5, strict);
    at = "thinking";
    const r6 = o.thinking;
    const f6 = r6 === undefined ? undefined : bool(r6);
    at = "";
    const out: T.SessionMessageAgentText = { type: "text", role: "agent", id: f0, time: f1, turn: f4, text: f5 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    if (f6 !== undefined) out["thinking"] = f6;
    extend(out, o, strict, isSessionMessageAgentTextMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentTextMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "text":
    case "thinking":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageUserText(o: Obj, strict: boolean): T.SessionMessageUserText {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = o.turn;
    const f4 = r4 === undefined ? undefined : decodeOpaqueId(r4, strict);
    at = "text";
    const r5 = required(o.text);
    const f5 = decodeText(r5, strict);
    at = "thinking";
    const r6 = o.thinking;
    const f6 = r6 === undefined ? undefined : text(r6, 0, 0, null, false, true);
    at = "";
    const out: T.SessionMessageUserText = { type: "text", role: "user", id: f0, time: f1, text: f5 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    if (f4 !== undefined) out["turn"] = f4;
    if (f6 !== undefined) out["thinking"] = f6;
    extend(out, o, strict, isSessionMessageUserTextMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageUserTextMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "text":
    case "thinking":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageAgentToolCallStart(o: Obj, strict: boolean): T.SessionMessageAgentToolCallStart {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = required(o.turn);
    const f4 = decodeOpaqueId(r4, strict);
    at = "callId";
    const r5 = required(o.callId);
    const f5 = decodeOpaqueId(r5, strict);
    at = "toolName";
    const r6 = required(o.toolName);
    const f6 = decodeToolName(r6, strict);
    at = "title";
    const r7 = required(o.title);
    const f7 = decodeText(r7, strict);
    at = "description";
    const r8 = required(o.description);
    const f8 = decodeText(r8, strict);
    at = "args";
    const r9 = required(o.args);
    const f9 = jsonObject(r9);
    at = "agentTitle";
    const r10 = o.agentTitle;
    const f10 = r10 === undefined ? undefined : decodeText(r10, strict);
    at = "";
    const out: T.SessionMessageAgentToolCallStart = { type: "tool-call-start", role: "agent", id: f0, time: f1, turn: f4, callId: f5, toolName: f6, title: f7, description: f8, args: f9 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    if (f10 !== undefined) out["agentTitle"] = f10;
    extend(out, o, strict, isSessionMessageAgentToolCallStartMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentToolCallStartMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "callId":
    case "toolName":
    case "title":
    case "description":
    case "args":
    case "agentTitle":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageAgentToolCallEnd(o: Obj, strict: boolean): T.SessionMessageAgentToolCallEnd {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = required(o.turn);
    const f4 = decodeOpaqueId(r4, strict);
    at = "callId";
    const r5 = required(o.callId);
    const f5 = decodeOpaqueId(r5, strict);
    at = "error";
    const r6 = o.error;
    const f6 = r6 === undefined ? undefined : decodeText(r6, strict);
    at = "";
    const out: T.SessionMessageAgentToolCallEnd = { type: "tool-call-end", role: "agent", id: f0, time: f1, turn: f4, callId: f5 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    if (f6 !== undefined) out["error"] = f6;
    extend(out, o, strict, isSessionMessageAgentToolCallEndMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentToolCallEndMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "callId":
    case "error":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageAgentPermissionRequest(o: Obj, strict: boolean): T.SessionMessageAgentPermissionRequest {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = required(o.turn);
    const f4 = decodeOpaqueId(r4, strict);
    at = "callId";
    const r5 = required(o.callId);
    const f5 = decodeOpaqueId(r5, strict);
    at = "toolName";
    const r6 = required(o.toolName);
    const f6 = decodeToolName(r6, strict);
    at = "title";
    const r7 = required(o.title);
    const f7 = decodeText(r7, strict);
    at = "description";
    const r8 = o.description;
    const f8 = r8 === undefined ? undefined : decodeText(r8, strict);
    at = "args";
    const r9 = o.args;
    const f9 = r9 === undefined ? undefined : jsonObject(r9);
    at = "options";
    const r10 = required(o.options);
    const f10 = array(r10, 1, 64 /* limits.max_array_items */, true, decodePermissionOption, strict);
    at = "";
    const out: T.SessionMessageAgentPermissionRequest = { type: "permission-request", role: "agent", id: f0, time: f1, turn: f4, callId: f5, toolName: f6, title: f7, options: f10 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    if (f8 !== undefined) out["description"] = f8;
    if (f9 !== undefined) out["args"] = f9;
    extend(out, o, strict, isSessionMessageAgentPermissionRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentPermissionRequestMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "callId":
    case "toolName":
    case "title":
    case "description":
    case "args":
    case "options":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageUserPermissionResponse(o: Obj, strict: boolean): T.SessionMessageUserPermissionResponse {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "callId";
    const r4 = required(o.callId);
    const f4 = decodeOpaqueId(r4, strict);
    at = "optionId";
    const r5 = required(o.optionId);
    const f5 = decodeOpaqueId(r5, strict);
    at = "decidedBy";
    const r6 = o.decidedBy;
    const f6 = r6 === undefined ? undefined : decodeApprovalDecider(r6, strict);
    at = "";
    const out: T.SessionMessageUserPermissionResponse = { type: "permission-response", role: "user", id: f0, time: f1, callId: f4, optionId: f5 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    if (f6 !== undefined) out["decidedBy"] = f6;
    extend(out, o, strict, isSessionMessageUserPermissionResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageUserPermissionResponseMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "callId":
    case "optionId":
    case "decidedBy":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageAgentPhoto(o: Obj, strict: boolean): T.SessionMessageAgentPhoto {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = required(o.turn);
    const f4 = decodeOpaqueId(r4, strict);
    at = "ref";
    const r5 = required(o.ref);
    const f5 = decodeText(r5, strict);
    at = "thumbhash";
    const r6 = required(o.thumbhash);
    const f6 = decodeText(r6, strict);
    at = "width";
    const r7 = required(o.width);
    const f7 = int(r7, 0, 9007199254740991);
    at = "height";
    const r8 = required(o.height);
    const f8 = int(r8, 0, 9007199254740991);
    at = "";
    const out: T.SessionMessageAgentPhoto = { type: "photo", role: "agent", id: f0, time: f1, turn: f4, ref: f5, thumbhash: f6, width: f7, height: f8 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    extend(out, o, strict, isSessionMessageAgentPhotoMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentPhotoMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "ref":
    case "thumbhash":
    case "width":
    case "height":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageUserPhoto(o: Obj, strict: boolean): T.SessionMessageUserPhoto {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "ref";
    const r4 = required(o.ref);
    const f4 = decodeText(r4, strict);
    at = "thumbhash";
    const r5 = required(o.thumbhash);
    const f5 = decodeText(r5, strict);
    at = "width";
    const r6 = required(o.width);
    const f6 = int(r6, 0, 9007199254740991);
    at = "height";
    const r7 = required(o.height);
    const f7 = int(r7, 0, 9007199254740991);
    at = "";
    const out: T.SessionMessageUserPhoto = { type: "photo", role: "user", id: f0, time: f1, ref: f4, thumbhash: f5, width: f6, height: f7 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    extend(out, o, strict, isSessionMessageUserPhotoMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageUserPhotoMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "ref":
    case "thumbhash":
    case "width":
    case "height":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageAgentVideo(o: Obj, strict: boolean): T.SessionMessageAgentVideo {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = required(o.turn);
    const f4 = decodeOpaqueId(r4, strict);
    at = "ref";
    const r5 = required(o.ref);
    const f5 = decodeText(r5, strict);
    at = "thumbhash";
    const r6 = required(o.thumbhash);
    const f6 = decodeText(r6, strict);
    at = "width";
    const r7 = required(o.width);
    const f7 = int(r7, 0, 9007199254740991);
    at = "height";
    const r8 = required(o.height);
    const f8 = int(r8, 0, 9007199254740991);
    at = "durationMs";
    const r9 = required(o.durationMs);
    const f9 = int(r9, 0, 9007199254740991);
    at = "mimeType";
    const r10 = required(o.mimeType);
    const f10 = decodeText(r10, strict);
    at = "size";
    const r11 = required(o.size);
    const f11 = int(r11, 0, 9007199254740991);
    at = "";
    const out: T.SessionMessageAgentVideo = { type: "video", role: "agent", id: f0, time: f1, turn: f4, ref: f5, thumbhash: f6, width: f7, height: f8, durationMs: f9, mimeType: f10, size: f11 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    extend(out, o, strict, isSessionMessageAgentVideoMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentVideoMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "ref":
    case "thumbhash":
    case "width":
    case "height":
    case "durationMs":
    case "mimeType":
    case "size":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageUserVideo(o: Obj, strict: boolean): T.SessionMessageUserVideo {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "ref";
    const r4 = required(o.ref);
    const f4 = decodeText(r4, strict);
    at = "thumbhash";
    const r5 = required(o.thumbhash);
    const f5 = decodeText(r5, strict);
    at = "width";
    const r6 = required(o.width);
    const f6 = int(r6, 0, 9007199254740991);
    at = "height";
    const r7 = required(o.height);
    const f7 = int(r7, 0, 9007199254740991);
    at = "durationMs";
    const r8 = required(o.durationMs);
    const f8 = int(r8, 0, 9007199254740991);
    at = "mimeType";
    const r9 = required(o.mimeType);
    const f9 = decodeText(r9, strict);
    at = "size";
    const r10 = required(o.size);
    const f10 = int(r10, 0, 9007199254740991);
    at = "";
    const out: T.SessionMessageUserVideo = { type: "video", role: "user", id: f0, time: f1, ref: f4, thumbhash: f5, width: f6, height: f7, durationMs: f8, mimeType: f9, size: f10 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    extend(out, o, strict, isSessionMessageUserVideoMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageUserVideoMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "ref":
    case "thumbhash":
    case "width":
    case "height":
    case "durationMs":
    case "mimeType":
    case "size":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageAgentFile(o: Obj, strict: boolean): T.SessionMessageAgentFile {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = required(o.turn);
    const f4 = decodeOpaqueId(r4, strict);
    at = "ref";
    const r5 = required(o.ref);
    const f5 = decodeText(r5, strict);
    at = "name";
    const r6 = required(o.name);
    const f6 = decodeText(r6, strict);
    at = "size";
    const r7 = required(o.size);
    const f7 = int(r7, 0, 9007199254740991);
    at = "mimeType";
    const r8 = required(o.mimeType);
    const f8 = decodeText(r8, strict);
    at = "";
    const out: T.SessionMessageAgentFile = { type: "file", role: "agent", id: f0, time: f1, turn: f4, ref: f5, name: f6, size: f7, mimeType: f8 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    extend(out, o, strict, isSessionMessageAgentFileMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentFileMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "ref":
    case "name":
    case "size":
    case "mimeType":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageUserFile(o: Obj, strict: boolean): T.SessionMessageUserFile {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "ref";
    const r4 = required(o.ref);
    const f4 = decodeText(r4, strict);
    at = "name";
    const r5 = required(o.name);
    const f5 = decodeText(r5, strict);
    at = "size";
    const r6 = required(o.size);
    const f6 = int(r6, 0, 9007199254740991);
    at = "mimeType";
    const r7 = required(o.mimeType);
    const f7 = decodeText(r7, strict);
    at = "";
    const out: T.SessionMessageUserFile = { type: "file", role: "user", id: f0, time: f1, ref: f4, name: f5, size: f6, mimeType: f7 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    extend(out, o, strict, isSessionMessageUserFileMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageUserFileMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "ref":
    case "name":
    case "size":
    case "mimeType":
      return true;
    default:
      return false;
  }
}

function decodeSessionMessageAgentService(o: Obj, strict: boolean): T.SessionMessageAgentService {
  let at = "";
  try {
    at = "id";
    const r0 = required(o.id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "time";
    const r1 = required(o.time);
    const f1 = int(r1, 0, 9007199254740991);
    at = "parentId";
    const r2 = o.parentId;
    const f2 = r2 === undefined ? undefined : decodeOpaqueId(r2, strict);
    at = "agentId";
    const r3 = o.agentId;
    const f3 = r3 === undefined ? undefined : decodeOpaqueId(r3, strict);
    at = "turn";
    const r4 = o.turn;
    const f4 = r4 === undefined ? undefined : decodeOpaqueId(r4, strict);
    at = "text";
    const r5 = required(o.text);
    const f5 = decodeText(r5, strict);
    at = "";
    const out: T.SessionMessageAgentService = { type: "service", role: "agent", id: f0, time: f1, text: f5 };
    if (f2 !== undefined) out["parentId"] = f2;
    if (f3 !== undefined) out["agentId"] = f3;
    if (f4 !== undefined) out["turn"] = f4;
    extend(out, o, strict, isSessionMessageAgentServiceMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isSessionMessageAgentServiceMember(k: string): boolean {
  switch (k) {
    case "type":
    case "role":
    case "id":
    case "time":
    case "parentId":
    case "agentId":
    case "turn":
    case "text":
      return true;
    default:
      return false;
  }
}

/** Decode a `InitializeRequest`: Request payload of `initialize`. */
export const decodeInitializeRequest: Validator<T.InitializeRequest> = standard("InitializeRequest", function decodeInitializeRequest(v: unknown, strict: boolean): T.InitializeRequest {
  const o = object(v);
  let at = "";
  try {
    at = "supported_protocol_versions";
    const r0 = required(o.supported_protocol_versions);
    const f0 = array(r0, 1, 8 /* limits.max_negotiation_items */, true, item0, strict);
    at = "requested_capabilities";
    const r1 = o.requested_capabilities;
    const f1 = r1 === undefined ? undefined : array(r1, 0, 8 /* limits.max_negotiation_items */, true, decodeName, strict); // absent stays absent; the default is the reader's
    at = "";
    const out: T.InitializeRequest = { supported_protocol_versions: f0 };
    if (f1 !== undefined) out["requested_capabilities"] = f1;
    extend(out, o, strict, isInitializeRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isInitializeRequestMember(k: string): boolean {
  switch (k) {
    case "supported_protocol_versions":
    case "requested_capabilities":
      return true;
    default:
      return false;
  }
}

/** Decode a `InitializeResponse`: Success payload of `initialize`. */
export const decodeInitializeResponse: Validator<T.InitializeResponse> = standard("InitializeResponse", function decodeInitializeResponse(v: unknown, strict: boolean): T.InitializeResponse {
  const o = object(v);
  let at = "";
  try {
    at = "protocol_version";
    const r0 = required(o.protocol_version);
    const f0 = int(r0, 0, 65535);
    at = "server_version";
    const r1 = required(o.server_version);
    const f1 = decodePackageVersion(r1, strict);
    at = "instance_id";
    const r2 = required(o.instance_id);
    const f2 = decodeOpaqueId(r2, strict);
    at = "connection_id";
    const r3 = required(o.connection_id);
    const f3 = decodeOpaqueId(r3, strict);
    at = "workspace_id";
    const r4 = required(o.workspace_id);
    const f4 = decodeOpaqueId(r4, strict);
    at = "state_root_id";
    const r5 = required(o.state_root_id);
    const f5 = decodeOpaqueId(r5, strict);
    at = "capabilities";
    const r6 = required(o.capabilities);
    const f6 = decodeCapabilities(r6, strict);
    at = "limits";
    const r7 = required(o.limits);
    const f7 = decodeLimitMap(r7, strict);
    at = "";
    const out: T.InitializeResponse = { protocol_version: f0, server_version: f1, instance_id: f2, connection_id: f3, workspace_id: f4, state_root_id: f5, capabilities: f6, limits: f7 };
    extend(out, o, strict, isInitializeResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isInitializeResponseMember(k: string): boolean {
  switch (k) {
    case "protocol_version":
    case "server_version":
    case "instance_id":
    case "connection_id":
    case "workspace_id":
    case "state_root_id":
    case "capabilities":
    case "limits":
      return true;
    default:
      return false;
  }
}

/** Decode a `StatusRequest`: Request payload of `status`. */
export const decodeStatusRequest: Validator<T.StatusRequest> = standard("StatusRequest", function decodeStatusRequest(v: unknown, strict: boolean): T.StatusRequest {
  const o = object(v);
  let at = "";
  try {
    at = "";
    const out: T.StatusRequest = {  };
    extend(out, o, strict, isStatusRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isStatusRequestMember(k: string): boolean {
  void k;
  return false;
}

/** Decode a `StatusResponse`: Success payload of `status`. */
export const decodeStatusResponse: Validator<T.StatusResponse> = standard("StatusResponse", function decodeStatusResponse(v: unknown, strict: boolean): T.StatusResponse {
  const o = object(v);
  let at = "";
  try {
    at = "service";
    const r0 = required(o.service);
    const f0 = constant(str(r0, 0, 16384 /* limits.max_string_bytes */), "ready" as const);
    at = "provider_auth_ready";
    const r1 = required(o.provider_auth_ready);
    const f1 = bool(r1);
    at = "instance_id";
    const r2 = required(o.instance_id);
    const f2 = decodeOpaqueId(r2, strict);
    at = "workspace_id";
    const r3 = required(o.workspace_id);
    const f3 = decodeOpaqueId(r3, strict);
    at = "state_root_id";
    const r4 = required(o.state_root_id);
    const f4 = decodeOpaqueId(r4, strict);
    at = "connected_clients";
    const r5 = required(o.connected_clients);
    const f5 = int(r5, 0, 9007199254740991);
    at = "admitted_operations";
    const r6 = required(o.admitted_operations);
    const f6 = int(r6, 0, 9007199254740991);
    at = "";
    const out: T.StatusResponse = { service: f0, provider_auth_ready: f1, instance_id: f2, workspace_id: f3, state_root_id: f4, connected_clients: f5, admitted_operations: f6 };
    extend(out, o, strict, isStatusResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isStatusResponseMember(k: string): boolean {
  switch (k) {
    case "service":
    case "provider_auth_ready":
    case "instance_id":
    case "workspace_id":
    case "state_root_id":
    case "connected_clients":
    case "admitted_operations":
      return true;
    default:
      return false;
  }
}

/** Decode a `CapabilitiesRequest`: Request payload of `capabilities`. */
export const decodeCapabilitiesRequest: Validator<T.CapabilitiesRequest> = standard("CapabilitiesRequest", function decodeCapabilitiesRequest(v: unknown, strict: boolean): T.CapabilitiesRequest {
  const o = object(v);
  let at = "";
  try {
    at = "";
    const out: T.CapabilitiesRequest = {  };
    extend(out, o, strict, isCapabilitiesRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isCapabilitiesRequestMember(k: string): boolean {
  void k;
  return false;
}

/** Decode a `AuthStatusRequest`: Request payload of `auth.status`. */
export const decodeAuthStatusRequest: Validator<T.AuthStatusRequest> = standard("AuthStatusRequest", function decodeAuthStatusRequest(v: unknown, strict: boolean): T.AuthStatusRequest {
  const o = object(v);
  let at = "";
  try {
    at = "";
    const out: T.AuthStatusRequest = {  };
    extend(out, o, strict, isAuthStatusRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthStatusRequestMember(k: string): boolean {
  void k;
  return false;
}

/** Decode a `AuthStatusResponse`: Success payload of `auth.status`. */
export const decodeAuthStatusResponse: Validator<T.AuthStatusResponse> = standard("AuthStatusResponse", function decodeAuthStatusResponse(v: unknown, strict: boolean): T.AuthStatusResponse {
  const o = object(v);
  let at = "";
  try {
    at = "providers";
    const r0 = required(o.providers);
    const f0 = array(r0, 0, 64 /* limits.max_array_items */, true, decodeAuthProviderStatus, strict);
    at = "";
    const out: T.AuthStatusResponse = { providers: f0 };
    extend(out, o, strict, isAuthStatusResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthStatusResponseMember(k: string): boolean {
  switch (k) {
    case "providers":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthLoginStartRequest`: Request payload of `auth.login.start`. */
export const decodeAuthLoginStartRequest: Validator<T.AuthLoginStartRequest> = standard("AuthLoginStartRequest", function decodeAuthLoginStartRequest(v: unknown, strict: boolean): T.AuthLoginStartRequest {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "";
    const out: T.AuthLoginStartRequest = { provider_id: f0 };
    extend(out, o, strict, isAuthLoginStartRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthLoginStartRequestMember(k: string): boolean {
  switch (k) {
    case "provider_id":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthLoginStartResponse`: Success payload of `auth.login.start`. */
export const decodeAuthLoginStartResponse: Validator<T.AuthLoginStartResponse> = standard("AuthLoginStartResponse", function decodeAuthLoginStartResponse(v: unknown, strict: boolean): T.AuthLoginStartResponse {
  const o = object(v);
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "provider_id";
    const r1 = required(o.provider_id);
    const f1 = decodeProviderId(r1, strict);
    at = "status";
    const r2 = required(o.status);
    const f2 = constant(str(r2, 0, 16384 /* limits.max_string_bytes */), "started" as const);
    at = "";
    const out: T.AuthLoginStartResponse = { login_id: f0, provider_id: f1, status: f2 };
    extend(out, o, strict, isAuthLoginStartResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthLoginStartResponseMember(k: string): boolean {
  switch (k) {
    case "login_id":
    case "provider_id":
    case "status":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthLoginCallbackRequest`: Request payload of `auth.login.callback`. */
export const decodeAuthLoginCallbackRequest: Validator<T.AuthLoginCallbackRequest> = standard("AuthLoginCallbackRequest", function decodeAuthLoginCallbackRequest(v: unknown, strict: boolean): T.AuthLoginCallbackRequest {
  const o = object(v);
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "input";
    const r1 = required(o.input);
    const f1 = str(r1, 1, 4096 /* constants.login_input_max_bytes */);
    at = "";
    const out: T.AuthLoginCallbackRequest = { login_id: f0, input: f1 };
    extend(out, o, strict, isAuthLoginCallbackRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthLoginCallbackRequestMember(k: string): boolean {
  switch (k) {
    case "login_id":
    case "input":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthLoginCallbackResponse`: Success payload of `auth.login.callback`. */
export const decodeAuthLoginCallbackResponse: Validator<T.AuthLoginCallbackResponse> = standard("AuthLoginCallbackResponse", function decodeAuthLoginCallbackResponse(v: unknown, strict: boolean): T.AuthLoginCallbackResponse {
  const o = object(v);
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "status";
    const r1 = required(o.status);
    const f1 = constant(str(r1, 0, 16384 /* limits.max_string_bytes */), "submitted" as const);
    at = "";
    const out: T.AuthLoginCallbackResponse = { login_id: f0, status: f1 };
    extend(out, o, strict, isAuthLoginCallbackResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthLoginCallbackResponseMember(k: string): boolean {
  switch (k) {
    case "login_id":
    case "status":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthLoginCancelRequest`: Request payload of `auth.login.cancel`. */
export const decodeAuthLoginCancelRequest: Validator<T.AuthLoginCancelRequest> = standard("AuthLoginCancelRequest", function decodeAuthLoginCancelRequest(v: unknown, strict: boolean): T.AuthLoginCancelRequest {
  const o = object(v);
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "";
    const out: T.AuthLoginCancelRequest = { login_id: f0 };
    extend(out, o, strict, isAuthLoginCancelRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthLoginCancelRequestMember(k: string): boolean {
  switch (k) {
    case "login_id":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthLoginCancelResponse`: Success payload of `auth.login.cancel`. */
export const decodeAuthLoginCancelResponse: Validator<T.AuthLoginCancelResponse> = standard("AuthLoginCancelResponse", function decodeAuthLoginCancelResponse(v: unknown, strict: boolean): T.AuthLoginCancelResponse {
  const o = object(v);
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "status";
    const r1 = required(o.status);
    const f1 = constant(str(r1, 0, 16384 /* limits.max_string_bytes */), "cancellation_requested" as const);
    at = "";
    const out: T.AuthLoginCancelResponse = { login_id: f0, status: f1 };
    extend(out, o, strict, isAuthLoginCancelResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthLoginCancelResponseMember(k: string): boolean {
  switch (k) {
    case "login_id":
    case "status":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthLogoutRequest`: Request payload of `auth.logout`. */
export const decodeAuthLogoutRequest: Validator<T.AuthLogoutRequest> = standard("AuthLogoutRequest", function decodeAuthLogoutRequest(v: unknown, strict: boolean): T.AuthLogoutRequest {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "confirmed";
    const r1 = o.confirmed;
    const f1 = r1 === undefined ? undefined : bool(r1); // absent stays absent; the default is the reader's
    at = "";
    const out: T.AuthLogoutRequest = { provider_id: f0 };
    if (f1 !== undefined) out["confirmed"] = f1;
    extend(out, o, strict, isAuthLogoutRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthLogoutRequestMember(k: string): boolean {
  switch (k) {
    case "provider_id":
    case "confirmed":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthLogoutResponse`: Success payload of `auth.logout`. */
export const decodeAuthLogoutResponse: Validator<T.AuthLogoutResponse> = standard("AuthLogoutResponse", function decodeAuthLogoutResponse(v: unknown, strict: boolean): T.AuthLogoutResponse {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "status";
    const r1 = required(o.status);
    const f1 = constant(str(r1, 0, 16384 /* limits.max_string_bytes */), "logged_out" as const);
    at = "removed";
    const r2 = required(o.removed);
    const f2 = bool(r2);
    at = "environment_unchanged";
    const r3 = required(o.environment_unchanged);
    const f3 = constant(bool(r3), true as const);
    at = "";
    const out: T.AuthLogoutResponse = { provider_id: f0, status: f1, removed: f2, environment_unchanged: f3 };
    extend(out, o, strict, isAuthLogoutResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthLogoutResponseMember(k: string): boolean {
  switch (k) {
    case "provider_id":
    case "status":
    case "removed":
    case "environment_unchanged":
      return true;
    default:
      return false;
  }
}

/** Decode a `CatalogProvidersRequest`: Request payload of `catalog.providers`. */
export const decodeCatalogProvidersRequest: Validator<T.CatalogProvidersRequest> = standard("CatalogProvidersRequest", function decodeCatalogProvidersRequest(v: unknown, strict: boolean): T.CatalogProvidersRequest {
  const o = object(v);
  let at = "";
  try {
    at = "offset";
    const r0 = o.offset;
    const f0 = r0 === undefined ? undefined : int(r0, 0, 100000 /* constants.catalog_max_offset */); // absent stays absent; the default is the reader's
    at = "limit";
    const r1 = o.limit;
    const f1 = r1 === undefined ? undefined : int(r1, 1, 32 /* limits.max_catalog_page_items */); // absent stays absent; the default is the reader's
    at = "";
    const out: T.CatalogProvidersRequest = {  };
    if (f0 !== undefined) out["offset"] = f0;
    if (f1 !== undefined) out["limit"] = f1;
    extend(out, o, strict, isCatalogProvidersRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isCatalogProvidersRequestMember(k: string): boolean {
  switch (k) {
    case "offset":
    case "limit":
      return true;
    default:
      return false;
  }
}

/** Decode a `CatalogProvidersResponse`: Success payload of `catalog.providers`. */
export const decodeCatalogProvidersResponse: Validator<T.CatalogProvidersResponse> = standard("CatalogProvidersResponse", function decodeCatalogProvidersResponse(v: unknown, strict: boolean): T.CatalogProvidersResponse {
  const o = object(v);
  let at = "";
  try {
    at = "entries";
    const r0 = required(o.entries);
    const f0 = array(r0, 0, 32 /* limits.max_catalog_page_items */, false, decodeProviderEntry, strict);
    at = "next_offset";
    const r1 = required(o.next_offset);
    const f1 = r1 === null ? null : int(r1, 0, 4294967295);
    at = "refresh";
    const r2 = required(o.refresh);
    const f2 = constant(str(r2, 0, 16384 /* limits.max_string_bytes */), "cache_only" as const);
    at = "";
    const out: T.CatalogProvidersResponse = { entries: f0, next_offset: f1, refresh: f2 };
    extend(out, o, strict, isCatalogProvidersResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isCatalogProvidersResponseMember(k: string): boolean {
  switch (k) {
    case "entries":
    case "next_offset":
    case "refresh":
      return true;
    default:
      return false;
  }
}

/** Decode a `CatalogModelsRequest`: Request payload of `catalog.models`. */
export const decodeCatalogModelsRequest: Validator<T.CatalogModelsRequest> = standard("CatalogModelsRequest", function decodeCatalogModelsRequest(v: unknown, strict: boolean): T.CatalogModelsRequest {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "offset";
    const r1 = o.offset;
    const f1 = r1 === undefined ? undefined : int(r1, 0, 100000 /* constants.catalog_max_offset */); // absent stays absent; the default is the reader's
    at = "limit";
    const r2 = o.limit;
    const f2 = r2 === undefined ? undefined : int(r2, 1, 32 /* limits.max_catalog_page_items */); // absent stays absent; the default is the reader's
    at = "";
    const out: T.CatalogModelsRequest = { provider_id: f0 };
    if (f1 !== undefined) out["offset"] = f1;
    if (f2 !== undefined) out["limit"] = f2;
    extend(out, o, strict, isCatalogModelsRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isCatalogModelsRequestMember(k: string): boolean {
  switch (k) {
    case "provider_id":
    case "offset":
    case "limit":
      return true;
    default:
      return false;
  }
}

/** Decode a `CatalogModelsResponse`: Success payload of `catalog.models`. */
export const decodeCatalogModelsResponse: Validator<T.CatalogModelsResponse> = standard("CatalogModelsResponse", function decodeCatalogModelsResponse(v: unknown, strict: boolean): T.CatalogModelsResponse {
  const o = object(v);
  let at = "";
  try {
    at = "entries";
    const r0 = required(o.entries);
    const f0 = array(r0, 0, 32 /* limits.max_catalog_page_items */, false, decodeModelEntry, strict);
    at = "next_offset";
    const r1 = required(o.next_offset);
    const f1 = r1 === null ? null : int(r1, 0, 4294967295);
    at = "state";
    const r2 = required(o.state);
    const f2 = decodeCatalogState(r2, strict);
    at = "refresh";
    const r3 = required(o.refresh);
    const f3 = constant(str(r3, 0, 16384 /* limits.max_string_bytes */), "cache_only" as const);
    at = "";
    const out: T.CatalogModelsResponse = { entries: f0, next_offset: f1, state: f2, refresh: f3 };
    extend(out, o, strict, isCatalogModelsResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isCatalogModelsResponseMember(k: string): boolean {
  switch (k) {
    case "entries":
    case "next_offset":
    case "state":
    case "refresh":
      return true;
    default:
      return false;
  }
}

/** Decode a `CatalogRefreshRequest`: Request payload of `catalog.refresh`. */
export const decodeCatalogRefreshRequest: Validator<T.CatalogRefreshRequest> = standard("CatalogRefreshRequest", function decodeCatalogRefreshRequest(v: unknown, strict: boolean): T.CatalogRefreshRequest {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "";
    const out: T.CatalogRefreshRequest = { provider_id: f0 };
    extend(out, o, strict, isCatalogRefreshRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isCatalogRefreshRequestMember(k: string): boolean {
  switch (k) {
    case "provider_id":
      return true;
    default:
      return false;
  }
}

/** Decode a `CatalogRefreshResponse`: Success payload of `catalog.refresh`. */
export const decodeCatalogRefreshResponse: Validator<T.CatalogRefreshResponse> = standard("CatalogRefreshResponse", function decodeCatalogRefreshResponse(v: unknown, strict: boolean): T.CatalogRefreshResponse {
  const o = object(v);
  let at = "";
  try {
    at = "provider_id";
    const r0 = required(o.provider_id);
    const f0 = decodeProviderId(r0, strict);
    at = "state";
    const r1 = required(o.state);
    const f1 = decodeCatalogState(r1, strict);
    at = "";
    const out: T.CatalogRefreshResponse = { provider_id: f0, state: f1 };
    extend(out, o, strict, isCatalogRefreshResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isCatalogRefreshResponseMember(k: string): boolean {
  switch (k) {
    case "provider_id":
    case "state":
      return true;
    default:
      return false;
  }
}

/** Decode a `ConfigGetRequest`: Request payload of `config.get`. */
export const decodeConfigGetRequest: Validator<T.ConfigGetRequest> = standard("ConfigGetRequest", function decodeConfigGetRequest(v: unknown, strict: boolean): T.ConfigGetRequest {
  const o = object(v);
  let at = "";
  try {
    at = "";
    const out: T.ConfigGetRequest = {  };
    extend(out, o, strict, isConfigGetRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isConfigGetRequestMember(k: string): boolean {
  void k;
  return false;
}

/** Decode a `ConfigSetRequest`: Request payload of `config.set`. */
export const decodeConfigSetRequest: Validator<T.ConfigSetRequest> = standard("ConfigSetRequest", function decodeConfigSetRequest(v: unknown, strict: boolean): T.ConfigSetRequest {
  const o = object(v);
  let at = "";
  try {
    at = "scope";
    const r0 = required(o.scope);
    const f0 = decodeScope(r0, strict);
    at = "selection";
    const r1 = o.selection;
    const f1 = r1 === undefined ? undefined : decodeSelection(r1, strict);
    at = "thinking_level";
    const r2 = o.thinking_level;
    const f2 = r2 === undefined ? undefined : decodeReasoningLevel(r2, strict);
    at = "fast";
    const r3 = o.fast;
    const f3 = r3 === undefined ? undefined : bool(r3);
    at = "";
    if (o.selection === undefined && o.thinking_level === undefined && o.fast === undefined) fail("needs at least one of selection, thinking_level, fast");
    const out: T.ConfigSetRequest = { scope: f0 };
    if (f1 !== undefined) out["selection"] = f1;
    if (f2 !== undefined) out["thinking_level"] = f2;
    if (f3 !== undefined) out["fast"] = f3;
    extend(out, o, strict, isConfigSetRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isConfigSetRequestMember(k: string): boolean {
  switch (k) {
    case "scope":
    case "selection":
    case "thinking_level":
    case "fast":
      return true;
    default:
      return false;
  }
}

/** Decode a `ConfigSetResponse`: Success payload of `config.set`. */
export const decodeConfigSetResponse: Validator<T.ConfigSetResponse> = standard("ConfigSetResponse", function decodeConfigSetResponse(v: unknown, strict: boolean): T.ConfigSetResponse {
  const o = object(v);
  let at = "";
  try {
    at = "persisted";
    const r0 = required(o.persisted);
    const f0 = constant(bool(r0), true as const);
    at = "scope";
    const r1 = required(o.scope);
    const f1 = decodeScope(r1, strict);
    at = "effective";
    const r2 = required(o.effective);
    const f2 = decodeConfigProjection(r2, strict);
    at = "";
    const out: T.ConfigSetResponse = { persisted: f0, scope: f1, effective: f2 };
    extend(out, o, strict, isConfigSetResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isConfigSetResponseMember(k: string): boolean {
  switch (k) {
    case "persisted":
    case "scope":
    case "effective":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionListRequest`: Request payload of `session.list`. */
export const decodeSessionListRequest: Validator<T.SessionListRequest> = standard("SessionListRequest", function decodeSessionListRequest(v: unknown, strict: boolean): T.SessionListRequest {
  const o = object(v);
  let at = "";
  try {
    at = "after";
    const r0 = o.after;
    const f0 = r0 === undefined ? undefined : r0 === null ? null : decodeOpaqueId(r0, strict); // absent stays absent; the default is the reader's
    at = "limit";
    const r1 = o.limit;
    const f1 = r1 === undefined ? undefined : int(r1, 1, 32 /* limits.max_session_page_items */); // absent stays absent; the default is the reader's
    at = "all_workspaces";
    const r2 = o.all_workspaces;
    const f2 = r2 === undefined ? undefined : bool(r2); // absent stays absent; the default is the reader's
    at = "";
    const out: T.SessionListRequest = {  };
    if (f0 !== undefined) out["after"] = f0;
    if (f1 !== undefined) out["limit"] = f1;
    if (f2 !== undefined) out["all_workspaces"] = f2;
    extend(out, o, strict, isSessionListRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionListRequestMember(k: string): boolean {
  switch (k) {
    case "after":
    case "limit":
    case "all_workspaces":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionListResponse`: Success payload of `session.list`. */
export const decodeSessionListResponse: Validator<T.SessionListResponse> = standard("SessionListResponse", function decodeSessionListResponse(v: unknown, strict: boolean): T.SessionListResponse {
  const o = object(v);
  let at = "";
  try {
    at = "sessions";
    const r0 = required(o.sessions);
    const f0 = array(r0, 0, 32 /* limits.max_session_page_items */, false, decodeSessionSummary, strict);
    at = "next_after";
    const r1 = required(o.next_after);
    const f1 = r1 === null ? null : decodeSessionId(r1, strict);
    at = "truncated";
    const r2 = required(o.truncated);
    const f2 = bool(r2);
    at = "incomplete";
    const r3 = required(o.incomplete);
    const f3 = bool(r3);
    at = "";
    const out: T.SessionListResponse = { sessions: f0, next_after: f1, truncated: f2, incomplete: f3 };
    extend(out, o, strict, isSessionListResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionListResponseMember(k: string): boolean {
  switch (k) {
    case "sessions":
    case "next_after":
    case "truncated":
    case "incomplete":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionCreateRequest`: Request payload of `session.create`. */
export const decodeSessionCreateRequest: Validator<T.SessionCreateRequest> = standard("SessionCreateRequest", function decodeSessionCreateRequest(v: unknown, strict: boolean): T.SessionCreateRequest {
  const o = object(v);
  let at = "";
  try {
    at = "";
    const out: T.SessionCreateRequest = {  };
    extend(out, o, strict, isSessionCreateRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionCreateRequestMember(k: string): boolean {
  void k;
  return false;
}

/** Decode a `SessionCreateResponse`: Success payload of `session.create`. */
export const decodeSessionCreateResponse: Validator<T.SessionCreateResponse> = standard("SessionCreateResponse", function decodeSessionCreateResponse(v: unknown, strict: boolean): T.SessionCreateResponse {
  const o = object(v);
  let at = "";
  try {
    at = "session_id";
    const r0 = required(o.session_id);
    const f0 = decodeSessionId(r0, strict);
    at = "";
    const out: T.SessionCreateResponse = { session_id: f0 };
    extend(out, o, strict, isSessionCreateResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionCreateResponseMember(k: string): boolean {
  switch (k) {
    case "session_id":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionReplayRequest`: Request payload of `session.replay`. */
export const decodeSessionReplayRequest: Validator<T.SessionReplayRequest> = standard("SessionReplayRequest", function decodeSessionReplayRequest(v: unknown, strict: boolean): T.SessionReplayRequest {
  const o = object(v);
  let at = "";
  try {
    at = "after";
    const r0 = o.after;
    const f0 = r0 === undefined ? undefined : r0 === null ? null : decodeCursor(r0, strict); // absent stays absent; the default is the reader's
    at = "limit";
    const r1 = o.limit;
    const f1 = r1 === undefined ? undefined : int(r1, 1, 32 /* limits.max_session_page_items */); // absent stays absent; the default is the reader's
    at = "";
    const out: T.SessionReplayRequest = {  };
    if (f0 !== undefined) out["after"] = f0;
    if (f1 !== undefined) out["limit"] = f1;
    extend(out, o, strict, isSessionReplayRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionReplayRequestMember(k: string): boolean {
  switch (k) {
    case "after":
    case "limit":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionReplayResponse`: Success payload of `session.replay`. */
export const decodeSessionReplayResponse: Validator<T.SessionReplayResponse> = standard("SessionReplayResponse", function decodeSessionReplayResponse(v: unknown, strict: boolean): T.SessionReplayResponse {
  const o = object(v);
  let at = "";
  try {
    at = "events";
    const r0 = required(o.events);
    const f0 = array(r0, 0, 32 /* limits.max_session_page_items */, false, decodeReplayItem, strict);
    at = "next_cursor";
    const r1 = required(o.next_cursor);
    const f1 = decodeCursor(r1, strict);
    at = "snapshot_cursor";
    const r2 = required(o.snapshot_cursor);
    const f2 = decodeCursor(r2, strict);
    at = "truncated";
    const r3 = required(o.truncated);
    const f3 = bool(r3);
    at = "gap";
    const r4 = required(o.gap);
    const f4 = bool(r4);
    at = "resync_required";
    const r5 = required(o.resync_required);
    const f5 = bool(r5);
    at = "";
    const out: T.SessionReplayResponse = { events: f0, next_cursor: f1, snapshot_cursor: f2, truncated: f3, gap: f4, resync_required: f5 };
    extend(out, o, strict, isSessionReplayResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionReplayResponseMember(k: string): boolean {
  switch (k) {
    case "events":
    case "next_cursor":
    case "snapshot_cursor":
    case "truncated":
    case "gap":
    case "resync_required":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionClaimRequest`: Request payload of `session.claim`. */
export const decodeSessionClaimRequest: Validator<T.SessionClaimRequest> = standard("SessionClaimRequest", function decodeSessionClaimRequest(v: unknown, strict: boolean): T.SessionClaimRequest {
  const o = object(v);
  let at = "";
  try {
    at = "take_over";
    const r0 = o.take_over;
    const f0 = r0 === undefined ? undefined : bool(r0); // absent stays absent; the default is the reader's
    at = "";
    const out: T.SessionClaimRequest = {  };
    if (f0 !== undefined) out["take_over"] = f0;
    extend(out, o, strict, isSessionClaimRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionClaimRequestMember(k: string): boolean {
  switch (k) {
    case "take_over":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionClaimResponse`: Success payload of `session.claim`. */
export const decodeSessionClaimResponse: Validator<T.SessionClaimResponse> = standard("SessionClaimResponse", function decodeSessionClaimResponse(v: unknown, strict: boolean): T.SessionClaimResponse {
  const o = object(v);
  let at = "";
  try {
    at = "session_id";
    const r0 = required(o.session_id);
    const f0 = decodeSessionId(r0, strict);
    at = "claim_id";
    const r1 = required(o.claim_id);
    const f1 = decodeOpaqueId(r1, strict);
    at = "grant_generation";
    const r2 = required(o.grant_generation);
    const f2 = int(r2, 0, 9007199254740991);
    at = "live_sequence";
    const r3 = required(o.live_sequence);
    const f3 = int(r3, 0, 9007199254740991);
    at = "snapshot";
    const r4 = required(o.snapshot);
    const f4 = decodeClaimSnapshot(r4, strict);
    at = "";
    const out: T.SessionClaimResponse = { session_id: f0, claim_id: f1, grant_generation: f2, live_sequence: f3, snapshot: f4 };
    extend(out, o, strict, isSessionClaimResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionClaimResponseMember(k: string): boolean {
  switch (k) {
    case "session_id":
    case "claim_id":
    case "grant_generation":
    case "live_sequence":
    case "snapshot":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionDetachRequest`: Request payload of `session.detach`. */
export const decodeSessionDetachRequest: Validator<T.SessionDetachRequest> = standard("SessionDetachRequest", function decodeSessionDetachRequest(v: unknown, strict: boolean): T.SessionDetachRequest {
  const o = object(v);
  let at = "";
  try {
    at = "";
    const out: T.SessionDetachRequest = {  };
    extend(out, o, strict, isSessionDetachRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionDetachRequestMember(k: string): boolean {
  void k;
  return false;
}

/** Decode a `SessionDetachResponse`: Success payload of `session.detach`. */
export const decodeSessionDetachResponse: Validator<T.SessionDetachResponse> = standard("SessionDetachResponse", function decodeSessionDetachResponse(v: unknown, strict: boolean): T.SessionDetachResponse {
  const o = object(v);
  let at = "";
  try {
    at = "session_id";
    const r0 = required(o.session_id);
    const f0 = decodeSessionId(r0, strict);
    at = "status";
    const r1 = required(o.status);
    const f1 = constant(str(r1, 0, 16384 /* limits.max_string_bytes */), "detached" as const);
    at = "live_sequence";
    const r2 = required(o.live_sequence);
    const f2 = int(r2, 0, 9007199254740991);
    at = "";
    const out: T.SessionDetachResponse = { session_id: f0, status: f1, live_sequence: f2 };
    extend(out, o, strict, isSessionDetachResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionDetachResponseMember(k: string): boolean {
  switch (k) {
    case "session_id":
    case "status":
    case "live_sequence":
      return true;
    default:
      return false;
  }
}

/** Decode a `SessionStatusRequest`: Request payload of `session.status`. */
export const decodeSessionStatusRequest: Validator<T.SessionStatusRequest> = standard("SessionStatusRequest", function decodeSessionStatusRequest(v: unknown, strict: boolean): T.SessionStatusRequest {
  const o = object(v);
  let at = "";
  try {
    at = "";
    const out: T.SessionStatusRequest = {  };
    extend(out, o, strict, isSessionStatusRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionStatusRequestMember(k: string): boolean {
  void k;
  return false;
}

/** Decode a `SessionStatusResponse`: Success payload of `session.status`. */
export const decodeSessionStatusResponse: Validator<T.SessionStatusResponse> = standard("SessionStatusResponse", function decodeSessionStatusResponse(v: unknown, strict: boolean): T.SessionStatusResponse {
  const o = object(v);
  let at = "";
  try {
    at = "session_id";
    const r0 = required(o.session_id);
    const f0 = decodeSessionId(r0, strict);
    at = "controlled";
    const r1 = required(o.controlled);
    const f1 = bool(r1);
    at = "controlled_by_caller";
    const r2 = required(o.controlled_by_caller);
    const f2 = bool(r2);
    at = "grant_generation";
    const r3 = required(o.grant_generation);
    const f3 = int(r3, 0, 9007199254740991);
    at = "live_sequence";
    const r4 = required(o.live_sequence);
    const f4 = int(r4, 0, 9007199254740991);
    at = "turn";
    const r5 = required(o.turn);
    const f5 = r5 === null ? null : decodeRunningTurn(r5, strict);
    at = "";
    const out: T.SessionStatusResponse = { session_id: f0, controlled: f1, controlled_by_caller: f2, grant_generation: f3, live_sequence: f4, turn: f5 };
    extend(out, o, strict, isSessionStatusResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isSessionStatusResponseMember(k: string): boolean {
  switch (k) {
    case "session_id":
    case "controlled":
    case "controlled_by_caller":
    case "grant_generation":
    case "live_sequence":
    case "turn":
      return true;
    default:
      return false;
  }
}

/** Decode a `TurnStartRequest`: Request payload of `turn.start`. */
export const decodeTurnStartRequest: Validator<T.TurnStartRequest> = standard("TurnStartRequest", function decodeTurnStartRequest(v: unknown, strict: boolean): T.TurnStartRequest {
  const o = object(v);
  let at = "";
  try {
    at = "prompt";
    const r0 = required(o.prompt);
    const f0 = text(r0, 1, 16384 /* limits.max_string_bytes */, null, false, true);
    at = "";
    const out: T.TurnStartRequest = { prompt: f0 };
    extend(out, o, strict, isTurnStartRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isTurnStartRequestMember(k: string): boolean {
  switch (k) {
    case "prompt":
      return true;
    default:
      return false;
  }
}

/** Decode a `TurnStartResponse`: Success payload of `turn.start`. */
export const decodeTurnStartResponse: Validator<T.TurnStartResponse> = standard("TurnStartResponse", function decodeTurnStartResponse(v: unknown, strict: boolean): T.TurnStartResponse {
  const o = object(v);
  let at = "";
  try {
    at = "turn_id";
    const r0 = required(o.turn_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "status";
    const r1 = required(o.status);
    const f1 = constant(str(r1, 0, 16384 /* limits.max_string_bytes */), "accepted" as const);
    at = "";
    const out: T.TurnStartResponse = { turn_id: f0, status: f1 };
    extend(out, o, strict, isTurnStartResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isTurnStartResponseMember(k: string): boolean {
  switch (k) {
    case "turn_id":
    case "status":
      return true;
    default:
      return false;
  }
}

/** Decode a `TurnCancelRequest`: Request payload of `turn.cancel`. */
export const decodeTurnCancelRequest: Validator<T.TurnCancelRequest> = standard("TurnCancelRequest", function decodeTurnCancelRequest(v: unknown, strict: boolean): T.TurnCancelRequest {
  const o = object(v);
  let at = "";
  try {
    at = "turn_id";
    const r0 = required(o.turn_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "";
    const out: T.TurnCancelRequest = { turn_id: f0 };
    extend(out, o, strict, isTurnCancelRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isTurnCancelRequestMember(k: string): boolean {
  switch (k) {
    case "turn_id":
      return true;
    default:
      return false;
  }
}

/** Decode a `TurnCancelResponse`: Success payload of `turn.cancel`. */
export const decodeTurnCancelResponse: Validator<T.TurnCancelResponse> = standard("TurnCancelResponse", function decodeTurnCancelResponse(v: unknown, strict: boolean): T.TurnCancelResponse {
  const o = object(v);
  let at = "";
  try {
    at = "turn_id";
    const r0 = required(o.turn_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "session_id";
    const r1 = required(o.session_id);
    const f1 = decodeSessionId(r1, strict);
    at = "status";
    const r2 = required(o.status);
    const f2 = constant(str(r2, 0, 16384 /* limits.max_string_bytes */), "cancellation_requested" as const);
    at = "";
    const out: T.TurnCancelResponse = { turn_id: f0, session_id: f1, status: f2 };
    extend(out, o, strict, isTurnCancelResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isTurnCancelResponseMember(k: string): boolean {
  switch (k) {
    case "turn_id":
    case "session_id":
    case "status":
      return true;
    default:
      return false;
  }
}

/** Decode a `OperationLookupRequest`: Request payload of `operation.lookup`. */
export const decodeOperationLookupRequest: Validator<T.OperationLookupRequest> = standard("OperationLookupRequest", function decodeOperationLookupRequest(v: unknown, strict: boolean): T.OperationLookupRequest {
  const o = object(v);
  let at = "";
  try {
    at = "operation_id";
    const r0 = required(o.operation_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "";
    const out: T.OperationLookupRequest = { operation_id: f0 };
    extend(out, o, strict, isOperationLookupRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isOperationLookupRequestMember(k: string): boolean {
  switch (k) {
    case "operation_id":
      return true;
    default:
      return false;
  }
}

/** Decode a `OperationLookupResponse`: Success payload of `operation.lookup`. */
export const decodeOperationLookupResponse: Validator<T.OperationLookupResponse> = standard("OperationLookupResponse", function decodeOperationLookupResponse(v: unknown, strict: boolean): T.OperationLookupResponse {
  const o = object(v);
  let at = "";
  try {
    at = "operation_id";
    const r0 = required(o.operation_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "method";
    const r1 = required(o.method);
    const f1 = r1 === null ? null : decodeName(r1, strict);
    at = "state";
    const r2 = required(o.state);
    const f2 = decodeOperationState(r2, strict);
    at = "session_id";
    const r3 = required(o.session_id);
    const f3 = r3 === null ? null : decodeSessionId(r3, strict);
    at = "turn_id";
    const r4 = required(o.turn_id);
    const f4 = r4 === null ? null : decodeOpaqueId(r4, strict);
    at = "login_id";
    const r5 = required(o.login_id);
    const f5 = r5 === null ? null : decodeOpaqueId(r5, strict);
    at = "outcome";
    const r6 = required(o.outcome);
    const f6 = r6 === null ? null : decodeOperationOutcome(r6, strict);
    at = "";
    const out: T.OperationLookupResponse = { operation_id: f0, method: f1, state: f2, session_id: f3, turn_id: f4, login_id: f5, outcome: f6 };
    extend(out, o, strict, isOperationLookupResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isOperationLookupResponseMember(k: string): boolean {
  switch (k) {
    case "operation_id":
    case "method":
    case "state":
    case "session_id":
    case "turn_id":
    case "login_id":
    case "outcome":
      return true;
    default:
      return false;
  }
}

/** Decode a `ProfileNegotiateRequest`: Request payload of `profile.negotiate`. */
export const decodeProfileNegotiateRequest: Validator<T.ProfileNegotiateRequest> = standard("ProfileNegotiateRequest", function decodeProfileNegotiateRequest(v: unknown, strict: boolean): T.ProfileNegotiateRequest {
  const o = object(v);
  let at = "";
  try {
    at = "profile";
    const r0 = required(o.profile);
    const f0 = decodeProfileName(r0, strict);
    at = "version";
    const r1 = required(o.version);
    const f1 = int(r1, 1, 4294967295);
    at = "";
    const out: T.ProfileNegotiateRequest = { profile: f0, version: f1 };
    extend(out, o, strict, isProfileNegotiateRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isProfileNegotiateRequestMember(k: string): boolean {
  switch (k) {
    case "profile":
    case "version":
      return true;
    default:
      return false;
  }
}

/** Decode a `ProfileNegotiateResponse`: Success payload of `profile.negotiate`. */
export const decodeProfileNegotiateResponse: Validator<T.ProfileNegotiateResponse> = standard("ProfileNegotiateResponse", function decodeProfileNegotiateResponse(v: unknown, strict: boolean): T.ProfileNegotiateResponse {
  const o = object(v);
  let at = "";
  try {
    at = "profile";
    const r0 = required(o.profile);
    const f0 = decodeProfileName(r0, strict);
    at = "version";
    const r1 = required(o.version);
    const f1 = int(r1, 1, 4294967295);
    at = "operations";
    const r2 = required(o.operations);
    const f2 = array(r2, 0, 64 /* limits.max_array_items */, true, decodeName, strict);
    at = "events";
    const r3 = required(o.events);
    const f3 = array(r3, 0, 64 /* limits.max_array_items */, true, decodeName, strict);
    at = "limits";
    const r4 = required(o.limits);
    const f4 = decodeProfileLimitMap(r4, strict);
    at = "";
    const out: T.ProfileNegotiateResponse = { profile: f0, version: f1, operations: f2, events: f3, limits: f4 };
    extend(out, o, strict, isProfileNegotiateResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isProfileNegotiateResponseMember(k: string): boolean {
  switch (k) {
    case "profile":
    case "version":
    case "operations":
    case "events":
    case "limits":
      return true;
    default:
      return false;
  }
}

/** Decode a `ApprovalRespondRequest`: Request payload of `approval.respond`. */
export const decodeApprovalRespondRequest: Validator<T.ApprovalRespondRequest> = standard("ApprovalRespondRequest", function decodeApprovalRespondRequest(v: unknown, strict: boolean): T.ApprovalRespondRequest {
  const o = object(v);
  let at = "";
  try {
    at = "approval_id";
    const r0 = required(o.approval_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "option_id";
    const r1 = required(o.option_id);
    const f1 = decodeOpaqueId(r1, strict);
    at = "";
    const out: T.ApprovalRespondRequest = { approval_id: f0, option_id: f1 };
    extend(out, o, strict, isApprovalRespondRequestMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isApprovalRespondRequestMember(k: string): boolean {
  switch (k) {
    case "approval_id":
    case "option_id":
      return true;
    default:
      return false;
  }
}

/** Decode a `ApprovalRespondResponse`: Success payload of `approval.respond`. */
export const decodeApprovalRespondResponse: Validator<T.ApprovalRespondResponse> = standard("ApprovalRespondResponse", function decodeApprovalRespondResponse(v: unknown, strict: boolean): T.ApprovalRespondResponse {
  const o = object(v);
  let at = "";
  try {
    at = "approval_id";
    const r0 = required(o.approval_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "option_id";
    const r1 = required(o.option_id);
    const f1 = decodeOpaqueId(r1, strict);
    at = "option_kind";
    const r2 = required(o.option_kind);
    const f2 = decodePermissionKind(r2, strict);
    at = "";
    const out: T.ApprovalRespondResponse = { approval_id: f0, option_id: f1, option_kind: f2 };
    extend(out, o, strict, isApprovalRespondResponseMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isApprovalRespondResponseMember(k: string): boolean {
  switch (k) {
    case "approval_id":
    case "option_id":
    case "option_kind":
      return true;
    default:
      return false;
  }
}

/** Decode a `TurnStarted`: Payload of the `turn.started` event. */
export const decodeTurnStarted: Validator<T.TurnStarted> = standard("TurnStarted", function decodeTurnStarted(v: unknown, strict: boolean): T.TurnStarted {
  const o = object(v);
  let at = "";
  try {
    at = "turn_id";
    const r0 = required(o.turn_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "session_id";
    const r1 = required(o.session_id);
    const f1 = decodeSessionId(r1, strict);
    at = "status";
    const r2 = required(o.status);
    const f2 = constant(str(r2, 0, 16384 /* limits.max_string_bytes */), "started" as const);
    at = "sequence";
    const r3 = required(o.sequence);
    const f3 = constant(int(r3, 0, 9007199254740991), 0 as const);
    at = "";
    const out: T.TurnStarted = { turn_id: f0, session_id: f1, status: f2, sequence: f3 };
    extend(out, o, strict, isTurnStartedMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isTurnStartedMember(k: string): boolean {
  switch (k) {
    case "turn_id":
    case "session_id":
    case "status":
    case "sequence":
      return true;
    default:
      return false;
  }
}

/** Decode a `TurnAssistantDelta`: Payload of the `turn.assistant_delta` event. */
export const decodeTurnAssistantDelta: Validator<T.TurnAssistantDelta> = standard("TurnAssistantDelta", function decodeTurnAssistantDelta(v: unknown, strict: boolean): T.TurnAssistantDelta {
  const o = object(v);
  let at = "";
  try {
    at = "turn_id";
    const r0 = required(o.turn_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "sequence";
    const r1 = required(o.sequence);
    const f1 = int(r1, 0, 9007199254740991);
    at = "text";
    const r2 = required(o.text);
    const f2 = str(r2, 1, 16384 /* limits.max_string_bytes */);
    at = "";
    const out: T.TurnAssistantDelta = { turn_id: f0, sequence: f1, text: f2 };
    extend(out, o, strict, isTurnAssistantDeltaMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isTurnAssistantDeltaMember(k: string): boolean {
  switch (k) {
    case "turn_id":
    case "sequence":
    case "text":
      return true;
    default:
      return false;
  }
}

/** Decode a `TurnActivity`: Payload of the `turn.activity` event. */
export const decodeTurnActivity: Validator<T.TurnActivity> = standard("TurnActivity", function decodeTurnActivity(v: unknown, strict: boolean): T.TurnActivity {
  const o = object(v);
  let at = "";
  try {
    at = "turn_id";
    const r0 = required(o.turn_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "sequence";
    const r1 = required(o.sequence);
    const f1 = int(r1, 0, 9007199254740991);
    at = "activity";
    const r2 = required(o.activity);
    const f2 = decodeActivity(r2, strict);
    at = "";
    const out: T.TurnActivity = { turn_id: f0, sequence: f1, activity: f2 };
    extend(out, o, strict, isTurnActivityMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isTurnActivityMember(k: string): boolean {
  switch (k) {
    case "turn_id":
    case "sequence":
    case "activity":
      return true;
    default:
      return false;
  }
}

/** Decode a `TurnTerminal`: Payload of the `turn.terminal` event. */
export const decodeTurnTerminal: Validator<T.TurnTerminal> = standard("TurnTerminal", function decodeTurnTerminal(v: unknown, strict: boolean): T.TurnTerminal {
  const o = object(v);
  let at = "";
  try {
    at = "turn_id";
    const r0 = required(o.turn_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "session_id";
    const r1 = required(o.session_id);
    const f1 = decodeSessionId(r1, strict);
    at = "status";
    const r2 = required(o.status);
    const f2 = decodeTurnStatus(r2, strict);
    at = "assistant_text";
    const r3 = required(o.assistant_text);
    const f3 = str(r3, 0, 16384 /* limits.max_string_bytes */);
    at = "sequence";
    const r4 = required(o.sequence);
    const f4 = int(r4, 0, 9007199254740991);
    at = "activity_dropped";
    const r5 = required(o.activity_dropped);
    const f5 = int(r5, 0, 9007199254740991);
    at = "activity_replay_available";
    const r6 = required(o.activity_replay_available);
    const f6 = constant(bool(r6), false as const);
    at = "replay_required";
    const r7 = required(o.replay_required);
    const f7 = bool(r7);
    at = "persistence";
    const r8 = required(o.persistence);
    const f8 = decodePersistence(r8, strict);
    at = "error";
    const r9 = required(o.error);
    const f9 = r9 === null ? null : decodeErrorObject(r9, strict);
    at = "notice";
    const r10 = o.notice;
    const f10 = r10 === undefined ? undefined : str(r10, 1, 2048 /* constants.turn_notice_max_bytes */);
    at = "";
    const out: T.TurnTerminal = { turn_id: f0, session_id: f1, status: f2, assistant_text: f3, sequence: f4, activity_dropped: f5, activity_replay_available: f6, replay_required: f7, persistence: f8, error: f9 };
    if (f10 !== undefined) out["notice"] = f10;
    extend(out, o, strict, isTurnTerminalMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isTurnTerminalMember(k: string): boolean {
  switch (k) {
    case "turn_id":
    case "session_id":
    case "status":
    case "assistant_text":
    case "sequence":
    case "activity_dropped":
    case "activity_replay_available":
    case "replay_required":
    case "persistence":
    case "error":
    case "notice":
      return true;
    default:
      return false;
  }
}

/** Decode a `AuthLoginTerminal`: Payload of the `auth.login.terminal` event. */
export const decodeAuthLoginTerminal: Validator<T.AuthLoginTerminal> = standard("AuthLoginTerminal", function decodeAuthLoginTerminal(v: unknown, strict: boolean): T.AuthLoginTerminal {
  const o = object(v);
  let at = "";
  try {
    at = "login_id";
    const r0 = required(o.login_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "provider_id";
    const r1 = required(o.provider_id);
    const f1 = decodeProviderId(r1, strict);
    at = "state";
    const r2 = required(o.state);
    const f2 = decodeLoginTerminalState(r2, strict);
    at = "cleanup_complete";
    const r3 = required(o.cleanup_complete);
    const f3 = constant(bool(r3), true as const);
    at = "";
    const out: T.AuthLoginTerminal = { login_id: f0, provider_id: f1, state: f2, cleanup_complete: f3 };
    extend(out, o, strict, isAuthLoginTerminalMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isAuthLoginTerminalMember(k: string): boolean {
  switch (k) {
    case "login_id":
    case "provider_id":
    case "state":
    case "cleanup_complete":
      return true;
    default:
      return false;
  }
}

/** Decode a `ApprovalRequested`: Payload of the `approval.requested` event. */
export const decodeApprovalRequested: Validator<T.ApprovalRequested> = standard("ApprovalRequested", function decodeApprovalRequested(v: unknown, strict: boolean): T.ApprovalRequested {
  const o = object(v);
  let at = "";
  try {
    at = "approval_id";
    const r0 = required(o.approval_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "session_id";
    const r1 = required(o.session_id);
    const f1 = decodeSessionId(r1, strict);
    at = "turn_id";
    const r2 = required(o.turn_id);
    const f2 = decodeOpaqueId(r2, strict);
    at = "call_id";
    const r3 = required(o.call_id);
    const f3 = decodeOpaqueId(r3, strict);
    at = "title";
    const r4 = required(o.title);
    const f4 = decodeText(r4, strict);
    at = "kind";
    const r5 = required(o.kind);
    const f5 = decodeToolKind(r5, strict);
    at = "arguments";
    const r6 = required(o.arguments);
    const f6 = r6 === null ? null : str(r6, 0, 8192 /* constants.stored_args_max_bytes */);
    at = "change";
    const r7 = required(o.change);
    const f7 = r7 === null ? null : decodeApprovalChange(r7, strict);
    at = "options";
    const r8 = required(o.options);
    const f8 = array(r8, 1, 8 /* limits.max_approval_options */, false, decodePermissionOption, strict);
    at = "expires_at";
    const r9 = required(o.expires_at);
    const f9 = decodeTimestamp(r9, strict);
    at = "";
    const out: T.ApprovalRequested = { approval_id: f0, session_id: f1, turn_id: f2, call_id: f3, title: f4, kind: f5, arguments: f6, change: f7, options: f8, expires_at: f9 };
    extend(out, o, strict, isApprovalRequestedMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isApprovalRequestedMember(k: string): boolean {
  switch (k) {
    case "approval_id":
    case "session_id":
    case "turn_id":
    case "call_id":
    case "title":
    case "kind":
    case "arguments":
    case "change":
    case "options":
    case "expires_at":
      return true;
    default:
      return false;
  }
}

/** Decode a `ApprovalResolved`: Payload of the `approval.resolved` event. */
export const decodeApprovalResolved: Validator<T.ApprovalResolved> = standard("ApprovalResolved", function decodeApprovalResolved(v: unknown, strict: boolean): T.ApprovalResolved {
  const o = object(v);
  let at = "";
  try {
    at = "approval_id";
    const r0 = required(o.approval_id);
    const f0 = decodeOpaqueId(r0, strict);
    at = "session_id";
    const r1 = required(o.session_id);
    const f1 = decodeSessionId(r1, strict);
    at = "turn_id";
    const r2 = required(o.turn_id);
    const f2 = decodeOpaqueId(r2, strict);
    at = "outcome";
    const r3 = required(o.outcome);
    const f3 = decodeApprovalOutcome(r3, strict);
    at = "option_id";
    const r4 = required(o.option_id);
    const f4 = r4 === null ? null : decodeOpaqueId(r4, strict);
    at = "option_kind";
    const r5 = required(o.option_kind);
    const f5 = r5 === null ? null : decodePermissionKind(r5, strict);
    at = "decided_by";
    const r6 = required(o.decided_by);
    const f6 = decodeApprovalDecider(r6, strict);
    at = "";
    const out: T.ApprovalResolved = { approval_id: f0, session_id: f1, turn_id: f2, outcome: f3, option_id: f4, option_kind: f5, decided_by: f6 };
    extend(out, o, strict, isApprovalResolvedMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
});

function isApprovalResolvedMember(k: string): boolean {
  switch (k) {
    case "approval_id":
    case "session_id":
    case "turn_id":
    case "outcome":
    case "option_id":
    case "option_kind":
    case "decided_by":
      return true;
    default:
      return false;
  }
}

/** Decode the members of a `RequestEnvelope`; its payload is returned undecoded. */
export function decodeRawRequestEnvelope(v: unknown, strict: boolean): T.RawRequestEnvelope {
  const o = object(v);
  let at = "";
  try {
    at = "protocol_version";
    const r0 = required(o.protocol_version);
    const f0 = int(r0, 0, 65535);
    at = "kind";
    const r1 = required(o.kind);
    const f1 = constant(str(r1, 0, 16384 /* limits.max_string_bytes */), "request" as const);
    at = "request_id";
    const r2 = required(o.request_id);
    const f2 = decodeOpaqueId(r2, strict);
    at = "instance_id";
    const r3 = required(o.instance_id);
    const f3 = r3 === null ? null : decodeOpaqueId(r3, strict);
    at = "connection_id";
    const r4 = required(o.connection_id);
    const f4 = r4 === null ? null : decodeOpaqueId(r4, strict);
    at = "session_id";
    const r5 = required(o.session_id);
    const f5 = r5 === null ? null : decodeOpaqueId(r5, strict);
    at = "operation_id";
    const r6 = required(o.operation_id);
    const f6 = r6 === null ? null : decodeOpaqueId(r6, strict);
    at = "control";
    const r7 = required(o.control);
    const f7 = r7 === null ? null : decodeControl(r7, strict);
    at = "method";
    const r8 = required(o.method);
    const f8 = decodeName(r8, strict);
    at = "payload";
    const r9 = required(o.payload);
    const f9 = present(r9);
    at = "";
    const out: T.RawRequestEnvelope = { protocol_version: f0, kind: f1, request_id: f2, instance_id: f3, connection_id: f4, session_id: f5, operation_id: f6, control: f7, method: f8, payload: f9 };
    extend(out, o, strict, isRequestEnvelopeMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isRequestEnvelopeMember(k: string): boolean {
  switch (k) {
    case "protocol_version":
    case "kind":
    case "request_id":
    case "instance_id":
    case "connection_id":
    case "session_id":
    case "operation_id":
    case "control":
    case "method":
    case "payload":
      return true;
    default:
      return false;
  }
}

/** Decode the members of a `ResponseEnvelope`; its payload is returned undecoded. */
export function decodeRawResponseEnvelope(v: unknown, strict: boolean): T.RawResponseEnvelope {
  const o = object(v);
  let at = "";
  try {
    at = "protocol_version";
    const r0 = required(o.protocol_version);
    const f0 = int(r0, 0, 65535);
    at = "kind";
    const r1 = required(o.kind);
    const f1 = constant(str(r1, 0, 16384 /* limits.max_string_bytes */), "response" as const);
    at = "request_id";
    const r2 = required(o.request_id);
    const f2 = r2 === null ? null : decodeOpaqueId(r2, strict);
    at = "instance_id";
    const r3 = required(o.instance_id);
    const f3 = r3 === null ? null : decodeOpaqueId(r3, strict);
    at = "connection_id";
    const r4 = required(o.connection_id);
    const f4 = r4 === null ? null : decodeOpaqueId(r4, strict);
    at = "session_id";
    const r5 = required(o.session_id);
    const f5 = r5 === null ? null : decodeOpaqueId(r5, strict);
    at = "operation_id";
    const r6 = required(o.operation_id);
    const f6 = r6 === null ? null : decodeOpaqueId(r6, strict);
    at = "payload";
    const r7 = required(o.payload);
    const f7 = r7 === null ? null : present(r7);
    at = "error";
    const r8 = required(o.error);
    const f8 = r8 === null ? null : decodeErrorObject(r8, strict);
    at = "";
    const out: T.RawResponseEnvelope = { protocol_version: f0, kind: f1, request_id: f2, instance_id: f3, connection_id: f4, session_id: f5, operation_id: f6, payload: f7, error: f8 };
    extend(out, o, strict, isResponseEnvelopeMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isResponseEnvelopeMember(k: string): boolean {
  switch (k) {
    case "protocol_version":
    case "kind":
    case "request_id":
    case "instance_id":
    case "connection_id":
    case "session_id":
    case "operation_id":
    case "payload":
    case "error":
      return true;
    default:
      return false;
  }
}

/** Decode the members of a `EventEnvelope`; its payload is returned undecoded. */
export function decodeRawEventEnvelope(v: unknown, strict: boolean): T.RawEventEnvelope {
  const o = object(v);
  let at = "";
  try {
    at = "protocol_version";
    const r0 = required(o.protocol_version);
    const f0 = int(r0, 0, 65535);
    at = "kind";
    const r1 = required(o.kind);
    const f1 = constant(str(r1, 0, 16384 /* limits.max_string_bytes */), "event" as const);
    at = "event";
    const r2 = required(o.event);
    const f2 = decodeName(r2, strict);
    at = "instance_id";
    const r3 = required(o.instance_id);
    const f3 = decodeOpaqueId(r3, strict);
    at = "connection_id";
    const r4 = required(o.connection_id);
    const f4 = decodeOpaqueId(r4, strict);
    at = "session_id";
    const r5 = required(o.session_id);
    const f5 = r5 === null ? null : decodeSessionId(r5, strict);
    at = "operation_id";
    const r6 = required(o.operation_id);
    const f6 = r6 === null ? null : decodeOpaqueId(r6, strict);
    at = "grant_generation";
    const r7 = required(o.grant_generation);
    const f7 = r7 === null ? null : int(r7, 0, 9007199254740991);
    at = "live_sequence";
    const r8 = required(o.live_sequence);
    const f8 = r8 === null ? null : int(r8, 0, 9007199254740991);
    at = "payload";
    const r9 = required(o.payload);
    const f9 = present(r9);
    at = "";
    const out: T.RawEventEnvelope = { protocol_version: f0, kind: f1, event: f2, instance_id: f3, connection_id: f4, session_id: f5, operation_id: f6, grant_generation: f7, live_sequence: f8, payload: f9 };
    extend(out, o, strict, isEventEnvelopeMember);
    return out;
  } catch (e) {
    throw within(e, at);
  }
}

function isEventEnvelopeMember(k: string): boolean {
  switch (k) {
    case "protocol_version":
    case "kind":
    case "event":
    case "instance_id":
    case "connection_id":
    case "session_id":
    case "operation_id":
    case "grant_generation":
    case "live_sequence":
    case "payload":
      return true;
    default:
      return false;
  }
}

/** Request payload decoder of each operation. */
export const REQUEST_PAYLOAD_DECODERS: { readonly [K in T.Method]: (v: unknown, strict: boolean) => T.RequestPayloads[K] } = {
  "initialize": decodeInitializeRequest,
  "status": decodeStatusRequest,
  "capabilities": decodeCapabilitiesRequest,
  "auth.status": decodeAuthStatusRequest,
  "auth.login.start": decodeAuthLoginStartRequest,
  "auth.login.callback": decodeAuthLoginCallbackRequest,
  "auth.login.cancel": decodeAuthLoginCancelRequest,
  "auth.logout": decodeAuthLogoutRequest,
  "catalog.providers": decodeCatalogProvidersRequest,
  "catalog.models": decodeCatalogModelsRequest,
  "catalog.refresh": decodeCatalogRefreshRequest,
  "config.get": decodeConfigGetRequest,
  "config.set": decodeConfigSetRequest,
  "session.list": decodeSessionListRequest,
  "session.create": decodeSessionCreateRequest,
  "session.replay": decodeSessionReplayRequest,
  "session.claim": decodeSessionClaimRequest,
  "session.detach": decodeSessionDetachRequest,
  "session.status": decodeSessionStatusRequest,
  "turn.start": decodeTurnStartRequest,
  "turn.cancel": decodeTurnCancelRequest,
  "operation.lookup": decodeOperationLookupRequest,
  "profile.negotiate": decodeProfileNegotiateRequest,
  "approval.respond": decodeApprovalRespondRequest,
};

/** Success payload decoder of each operation. */
export const RESPONSE_PAYLOAD_DECODERS: { readonly [K in T.Method]: (v: unknown, strict: boolean) => T.ResponsePayloads[K] } = {
  "initialize": decodeInitializeResponse,
  "status": decodeStatusResponse,
  "capabilities": decodeCapabilities,
  "auth.status": decodeAuthStatusResponse,
  "auth.login.start": decodeAuthLoginStartResponse,
  "auth.login.callback": decodeAuthLoginCallbackResponse,
  "auth.login.cancel": decodeAuthLoginCancelResponse,
  "auth.logout": decodeAuthLogoutResponse,
  "catalog.providers": decodeCatalogProvidersResponse,
  "catalog.models": decodeCatalogModelsResponse,
  "catalog.refresh": decodeCatalogRefreshResponse,
  "config.get": decodeConfigProjection,
  "config.set": decodeConfigSetResponse,
  "session.list": decodeSessionListResponse,
  "session.create": decodeSessionCreateResponse,
  "session.replay": decodeSessionReplayResponse,
  "session.claim": decodeSessionClaimResponse,
  "session.detach": decodeSessionDetachResponse,
  "session.status": decodeSessionStatusResponse,
  "turn.start": decodeTurnStartResponse,
  "turn.cancel": decodeTurnCancelResponse,
  "operation.lookup": decodeOperationLookupResponse,
  "profile.negotiate": decodeProfileNegotiateResponse,
  "approval.respond": decodeApprovalRespondResponse,
};

/** Payload decoder of each event. */
export const EVENT_PAYLOAD_DECODERS: { readonly [K in T.EventName]: (v: unknown, strict: boolean) => T.EventPayloads[K] } = {
  "turn.started": decodeTurnStarted,
  "turn.assistant_delta": decodeTurnAssistantDelta,
  "turn.activity": decodeTurnActivity,
  "turn.terminal": decodeTurnTerminal,
  "auth.login.progress": decodeLoginProgress,
  "auth.login.terminal": decodeAuthLoginTerminal,
  "approval.requested": decodeApprovalRequested,
  "approval.resolved": decodeApprovalResolved,
};

