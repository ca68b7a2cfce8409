/**
 * Type-level checks: they run when this file compiles (`npm test` compiles the tests with the
 * package's strict settings); each `@ts-expect-error` fails the build if the error disappears.
 */

import assert from "node:assert/strict";
import { it } from "node:test";
import type { Activity, ActivityLifecycle, AnyEvent, ActivityTool, InitializeRequest, RequestEnvelope, ResponseEnvelope, SessionListRequest } from "../dist/index.js";

const lifecycle: ActivityLifecycle = { kind: "lifecycle", activity_id: "a", category: "tool", status: "running", details_omitted: true };

// Optional, not nullable: may be omitted, never null, and `undefined` is not absence.
// @ts-expect-error null is not a parent ID
export const nullParent: ActivityLifecycle = { ...lifecycle, parent_activity_id: null };
// @ts-expect-error exactOptionalPropertyTypes: undefined is not "absent"
export const undefinedParent: ActivityLifecycle = { ...lifecycle, parent_activity_id: undefined };

// Required and nullable: must be present, may be null.
// @ts-expect-error timed_out is required even though it may be null
export const noTimedOut: ActivityTool = { kind: "tool", activity_id: "a", tool_id: "t", tool_name: null, server_id: null, transport: "local", status: "running", details_omitted: true };

// Const members are literal types; enums are closed.
// @ts-expect-error details_omitted is always true
export const notOmitted: ActivityLifecycle = { ...lifecycle, details_omitted: false };
// @ts-expect-error not a lifecycle status
export const badStatus: ActivityLifecycle = { ...lifecycle, status: "paused" };

// Defaulted members may be omitted; `null` only where nullable.
export const init: InitializeRequest = { supported_protocol_versions: [2] };
// @ts-expect-error requested_capabilities is not nullable
export const nullCaps: InitializeRequest = { supported_protocol_versions: [2], requested_capabilities: null };
export const list: SessionListRequest = { after: null };

// The method selects the payload type.
const base = { protocol_version: 2, kind: "request", request_id: "r", instance_id: "i", connection_id: "c", session_id: "s", operation_id: "o", control: null } as const;
export const start: RequestEnvelope<"turn.start"> = { ...base, method: "turn.start", payload: { prompt: "hi" } };
// @ts-expect-error a turn.cancel payload is not a turn.start payload
export const wrong: RequestEnvelope<"turn.start"> = { ...base, method: "turn.start", payload: { turn_id: "t" } };

// Unions narrow on their discriminators; responses on their error slot; events on their name.
export function transport(a: Activity): string | undefined {
  return a.kind === "tool" ? a.transport : undefined;
}
export function text(r: ResponseEnvelope<"turn.start">): string {
  return r.error === null ? r.payload.turn_id : r.error.code;
}
export function sequence(e: AnyEvent): number | undefined {
  return e.event === "turn.terminal" ? e.payload.sequence : undefined;
}

it("type-level checks compiled", () => {
  assert.equal(transport({ kind: "tool", activity_id: "a", tool_id: "t", tool_name: null, server_id: null, transport: "mcp", status: "running", timed_out: null, details_omitted: true }), "mcp");
});
