/** Record builders shared by the tests: envelopes around payloads, as JSON text. */

import { CAPABILITIES, EVENTS, LIMITS, OPERATIONS, PACKAGE_VERSION } from "../dist/index.js";
import type { EventName, Method } from "../dist/index.js";

export const INSTANCE = "in_0123456789abcdef";
export const CONNECTION = "cn_0123456789abcdef";
export const SESSION = "s-01";
export const OPERATION = "op-1";

/** A success response record to `method` (slots as a valid request of it would have). */
export function response(method: Method, payload: string, extra = ""): string {
  const op = OPERATIONS[method];
  const ids = op.requiresInitialization ? `"instance_id":"${INSTANCE}","connection_id":"${CONNECTION}"` : `"instance_id":null,"connection_id":null`;
  const session = op.sessionId === "required" ? `"${SESSION}"` : "null";
  const operation = op.mutation ? `"${OPERATION}"` : "null";
  return `{"protocol_version":2,"kind":"response","request_id":"req-1",${ids},"session_id":${session},"operation_id":${operation},"payload":${payload},"error":null${extra}}`;
}

/** An error response record. */
export function errorResponse(code: string, message: string, requestId: string | null = "req-1"): string {
  const id = requestId === null ? "null" : `"${requestId}"`;
  return `{"protocol_version":2,"kind":"response","request_id":${id},"instance_id":"${INSTANCE}","connection_id":"${CONNECTION}","session_id":null,"operation_id":null,"payload":null,"error":{"code":"${code}","message":"${message}"}}`;
}

/** An event record with the correlation its declaration requires. */
export function event(name: EventName, payload: string, extra = "", operation = OPERATION): string {
  const c = EVENTS[name].correlation;
  const slot = (rule: string, v: string): string => (rule === "set" ? v : "null");
  return (
    `{"protocol_version":2,"kind":"event","event":"${name}","instance_id":"${INSTANCE}","connection_id":"${CONNECTION}",` +
    `"session_id":${slot(c.session_id, `"${SESSION}"`)},"operation_id":${slot(c.operation_id, `"${operation}"`)},` +
    `"grant_generation":${slot(c.grant_generation, "1")},"live_sequence":${slot(c.live_sequence, "1")},"payload":${payload}${extra}}`
  );
}

/** A request envelope object for `method` around a payload object. */
export function request(method: Method, payload: unknown, overrides: Record<string, unknown> = {}): any {
  const op = OPERATIONS[method];
  return {
    protocol_version: 2,
    kind: "request",
    request_id: "req-1",
    instance_id: op.requiresInitialization ? INSTANCE : null,
    connection_id: op.requiresInitialization ? CONNECTION : null,
    session_id: op.sessionId === "required" ? SESSION : null,
    operation_id: op.mutation ? OPERATION : null,
    control: op.control === "required" ? { claim_id: "cl-1", grant_generation: 1 } : null,
    method,
    payload,
    ...overrides,
  };
}

/** The initialize result the tests' service returns, as a JSON object. */
export function initResult(): any {
  return {
    protocol_version: 2,
    server_version: PACKAGE_VERSION,
    instance_id: INSTANCE,
    connection_id: CONNECTION,
    workspace_id: "ws_0123456789abcdef0123456789abcdef",
    state_root_id: "sr_0123456789abcdef0123456789abcdef",
    capabilities: JSON.parse(JSON.stringify(CAPABILITIES)),
    limits: { ...LIMITS },
  };
}

/** A `turn.terminal` payload. */
export function terminal(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    turn_id: "t-1",
    session_id: SESSION,
    status: "completed",
    assistant_text: "The complete answer.",
    sequence: 4,
    activity_dropped: 1,
    activity_replay_available: false,
    replay_required: true,
    persistence: "committed",
    error: null,
    ...overrides,
  });
}
