// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

import { deepFreeze } from "../runtime/json.js";
import type { ActivityCapabilities, Capabilities } from "./types.js";

/**
 * Advertised by initialize and capabilities. Every operation, event and limit of the ordinary profile; activity flags
 * are the const values.
 */
export const CAPABILITIES: Capabilities = deepFreeze<Capabilities>({
  "activity": {
    "activity_replay": false,
    "approvals": false,
    "events": true,
    "max_summary_bytes": 2048,
    "mcp_server_lifecycle": false,
    "mcp_tool_activity": true,
    "raw_tool_output": false,
    "steering": false,
    "subagents": true
  },
  "events": [
    "turn.started",
    "turn.assistant_delta",
    "turn.activity",
    "turn.terminal",
    "auth.login.progress",
    "auth.login.terminal"
  ],
  "limits": {
    "cancel_grace_ms": 2000,
    "framing_timeout_ms": 10000,
    "handshake_timeout_ms": 5000,
    "max_active_turns": 8,
    "max_array_items": 64,
    "max_catalog_page_items": 32,
    "max_connections": 64,
    "max_error_message_bytes": 512,
    "max_id_bytes": 128,
    "max_inflight_requests": 32,
    "max_json_depth": 32,
    "max_name_bytes": 64,
    "max_negotiation_items": 8,
    "max_object_fields": 64,
    "max_payload_bytes": 32768,
    "max_record_bytes": 65536,
    "max_retained_operations": 4096,
    "max_session_attachments": 16,
    "max_session_list_scan_entries": 20000,
    "max_session_page_items": 32,
    "max_session_replay_page_bytes": 16384,
    "max_session_replay_window_bytes": 2097152,
    "max_snapshot_text_bytes": 16384,
    "max_string_bytes": 16384,
    "operation_retention_ms": 600000,
    "operation_tombstone_ms": 3600000,
    "turn_event_queue_items": 256
  },
  "operations": [
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
    "operation.lookup"
  ],
  "protocol_versions": [
    2
  ],
  "transports": [
    "unix"
  ]
});

/** The activity feature flags and summary bound. */
export const ACTIVITY_FLAGS: ActivityCapabilities = deepFreeze<ActivityCapabilities>({
  "activity_replay": false,
  "approvals": false,
  "events": true,
  "max_summary_bytes": 2048,
  "mcp_server_lifecycle": false,
  "mcp_tool_activity": true,
  "raw_tool_output": false,
  "steering": false,
  "subagents": true
});
