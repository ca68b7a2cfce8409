/** Schema rules of the generated decoders: presence, nullability, enums, scalars, unions, maps. */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  EXTENSIONS,
  LIMITS,
  SchemaError,
  decodeActivity,
  decodeConfigSetRequest,
  decodeInitializeRequest,
  decodeLimitMap,
  decodeSessionListRequest,
  decodeSessionSummary,
  decodeTurnStartRequest,
  decodeSessionMessage,
  decodeEventRecord,
  decodeResponseRecord,
  extensionsOf,
  isRfc3339,
  toWire,
  ProtocolError,
} from "../dist/index.js";
import { event, response } from "./helpers.js";

const TOOL = { activity_id: "a", kind: "tool", tool_id: "x", tool_name: null, server_id: null, transport: "mcp", status: "running", timed_out: null, details_omitted: true };

function fails(run: () => unknown, path?: string, limit = false): void {
  assert.throws(run, (e: unknown) => e instanceof SchemaError && (path === undefined || e.path === path) && e.limit === limit);
}

describe("absent is not null", () => {
  it("optional, not nullable: absent means no parent; null is not a parent ID", () => {
    const lifecycle = { activity_id: "a", kind: "lifecycle", category: "tool", status: "running", details_omitted: true };
    const decoded = decodeActivity(lifecycle, false);
    assert.equal("parent_activity_id" in decoded, false);
    fails(() => decodeActivity({ ...lifecycle, parent_activity_id: null }, false), "$.parent_activity_id");
    assert.equal(decodeActivity({ ...lifecycle, parent_activity_id: "p" }, false).parent_activity_id, "p");
  });

  it("required and nullable: null means unknown; absent is invalid", () => {
    const decoded = decodeActivity(TOOL, false);
    assert.ok(decoded.kind === "tool" && decoded.timed_out === null && decoded.tool_name === null);
    const { timed_out: _, ...missing } = TOOL;
    fails(() => decodeActivity(missing, false), "$.timed_out");
  });

  it("defaulted, not nullable: absent is fine, null is invalid", () => {
    assert.equal("requested_capabilities" in decodeInitializeRequest({ supported_protocol_versions: [2] }, true), false);
    fails(() => decodeInitializeRequest({ supported_protocol_versions: [2], requested_capabilities: null }, true), "$.requested_capabilities");
  });

  it("defaulted and nullable: absent and null both accepted, and kept apart", () => {
    assert.equal("after" in decodeSessionListRequest({}, true), false);
    assert.equal(decodeSessionListRequest({ after: null }, true).after, null);
  });

  it("required nullable title of a session summary", () => {
    assert.equal(decodeSessionSummary({ session_id: "s", title: null, updated_at: "2026-11-30T08:00:00Z" }, false).title, null);
    fails(() => decodeSessionSummary({ session_id: "s", updated_at: "2026-11-30T08:00:00Z" }, false), "$.title");
  });
});

describe("enums and unions", () => {
  it("unknown enum values are rejected; the literal `unknown` transport is a value, not a wildcard", () => {
    assert.equal(decodeActivity({ ...TOOL, transport: "unknown" }, false).kind, "tool");
    fails(() => decodeActivity({ ...TOOL, transport: "ssh" }, false), "$.transport");
    fails(() => decodeActivity({ ...TOOL, status: "paused" }, false), "$.status");
  });

  it("unknown or missing discriminators are rejected", () => {
    fails(() => decodeActivity({ ...TOOL, kind: "future" }, false));
    fails(() => decodeActivity({ ...TOOL, kind: undefined }, false), "$.kind");
    fails(() => decodeActivity({ ...TOOL, kind: 1 }, false), "$.kind");
  });

  it("session messages: role constrains the variant", () => {
    const text = { id: "m", time: 1, type: "text", role: "user", text: "hi" };
    assert.equal(decodeSessionMessage(text, false).role, "user");
    fails(() => decodeSessionMessage({ ...text, role: "agent" }, false), "$.turn");
    fails(() => decodeSessionMessage({ ...text, type: "turn-start" }, false));
    fails(() => decodeSessionMessage({ ...text, role: "system" }, false));
  });

  it("tolerant decoders keep unknown members aside; strict ones refuse them", () => {
    const decoded = decodeActivity({ ...TOOL, future: { x: 1 } }, false);
    assert.deepEqual(decoded[EXTENSIONS], Object.assign(Object.create(null), { future: { x: 1 } }));
    assert.deepEqual(toWire(decoded), { ...TOOL, future: { x: 1 } });
    fails(() => decodeActivity({ ...TOOL, future: 1 }, true), "$.future");
  });

  it("a member named like an Object.prototype property is data, not inherited", () => {
    const decoded = decodeActivity(JSON.parse(`{"activity_id":"a","kind":"lifecycle","category":"tool","status":"running","details_omitted":true,"__proto__":{"x":1},"constructor":2}`), false);
    assert.equal(Object.getPrototypeOf(decoded), Object.prototype);
    assert.deepEqual(Object.keys(decoded[EXTENSIONS] ?? {}).sort(), ["__proto__", "constructor"]);
  });
});

describe("scalars", () => {
  const start = (prompt: unknown): unknown => decodeTurnStartRequest({ prompt }, true);

  it("booleans are never 0, 1 or strings", () => {
    for (const bad of [0, 1, "true", null]) fails(() => decodeActivity({ ...TOOL, details_omitted: bad }, false));
  });

  it("consts hold their one value", () => {
    fails(() => decodeActivity({ ...TOOL, details_omitted: false }, false), "$.details_omitted");
  });

  it("integers: safe, nonnegative, in range; no strings, no -0", () => {
    const ctx = (n: unknown): unknown => decodeActivity({ activity_id: "a", kind: "context", current_tokens: n, max_tokens: 1, reasoning_tokens: null, request_sequence: 0, source: "provider_exact" }, false);
    ctx(0);
    ctx(Number.MAX_SAFE_INTEGER);
    for (const bad of [-1, -0, 2 ** 53, 1.5, "1", null, Infinity]) fails(() => ctx(bad), "$.current_tokens");
  });

  it("integral floats on the wire (1.0, 1e0) are not integers", () => {
    const delta = (n: string): string => event("turn.assistant_delta", `{"turn_id":"t","sequence":${n},"text":"x"}`);
    const ok = decodeEventRecord(delta("1"));
    assert.ok(ok.event === "turn.assistant_delta" && ok.payload.sequence === 1);
    for (const bad of ["1.0", "1e0", "1E+0", "-0", "10.0e-1"]) assert.throws(() => decodeEventRecord(delta(bad)), { code: "payload" });
  });

  it("strings: UTF-8 bytes, not UTF-16 units", () => {
    const id = (s: string): unknown => decodeActivity({ ...TOOL, tool_id: s }, false);
    id("a".repeat(LIMITS.max_id_bytes));
    id("é".repeat(LIMITS.max_id_bytes / 2));
    id("😀".repeat(LIMITS.max_id_bytes / 4));
    fails(() => id("a".repeat(LIMITS.max_id_bytes + 1)));
    fails(() => id("é".repeat(LIMITS.max_id_bytes / 2) + "a"));
    fails(() => id("😀".repeat(LIMITS.max_id_bytes / 4) + "a"));
    fails(() => id(""));
  });

  it("charsets", () => {
    const model = (m: string): unknown => decodeConfigSetRequest({ scope: "global", selection: { provider_id: "p", model_id: m } }, true);
    model("anthropic/claude-3.5:latest_x");
    for (const bad of ["a b", "a+b", "é", "a\\b"]) fails(() => model(bad), "$.selection.model_id");
  });

  it("non-blank uses Unicode White_Space like the Rust decoder", () => {
    start("x");
    start("\uFEFF"); // BOM is not White_Space: a non-blank prompt
    for (const bad of [" ", "\t\n", "\u0085", "\u3000 "]) fails(() => start(bad), "$.prompt");
    fails(() => start(""), "$.prompt");
  });

  it("RFC 3339 date-times", () => {
    for (const ok of ["2026-11-30T08:00:00Z", "2026-11-30t08:00:00.123+01:00", "1990-12-31T23:59:60Z", "2026-11-30 08:00:00z"]) assert.ok(isRfc3339(ok), ok);
    for (const bad of ["2026-11-30", "2026-13-30T08:00:00Z", "2026-11-30T08:00:00", "2026-11-30T08:00:00.Z", "2026-11-30T08:00:00+0100", "2026-11-30T24:00:00Z"]) {
      assert.ok(!isRfc3339(bad), bad);
    }
  });

  it("at_least_one_of", () => {
    decodeConfigSetRequest({ scope: "global", fast: true }, true);
    fails(() => decodeConfigSetRequest({ scope: "global" }, true), "$");
  });

  it("array bounds: negotiation lists cross a limit_exceeded bound; others the context error", () => {
    fails(() => decodeInitializeRequest({ supported_protocol_versions: [2, 2, 2, 2, 2, 2, 2, 2, 2] }, true), "$.supported_protocol_versions", true);
    fails(() => decodeInitializeRequest({ supported_protocol_versions: [] }, true), "$.supported_protocol_versions", false);
    fails(() => decodeInitializeRequest({ supported_protocol_versions: [2, 70000] }, true), "$.supported_protocol_versions[1]");
  });
});

describe("limit maps", () => {
  const limits = (): Record<string, unknown> => ({ ...LIMITS });

  it("every declared limit is required", () => {
    decodeLimitMap(limits(), false);
    for (const name of Object.keys(LIMITS)) {
      const m = limits();
      delete m[name];
      fails(() => decodeLimitMap(m, false), `$.${name}`);
    }
  });

  it("unknown keys are extensions that must still be positive safe integers", () => {
    const m = decodeLimitMap({ ...limits(), max_future: 3 }, false);
    assert.equal(m[EXTENSIONS]?.max_future, 3);
    for (const bad of [0, -1, "3", 2 ** 53, 1.5, null, [1]]) fails(() => decodeLimitMap({ ...limits(), max_future: bad }, false), "$.max_future");
    fails(() => decodeLimitMap({ ...limits(), max_record_bytes: 0 }, false), "$.max_record_bytes");
  });

  it("no key count is compared: extensions are accepted in strict mode too", () => {
    assert.equal(decodeLimitMap({ ...limits(), a: 1, b: 2 }, true)[EXTENSIONS]?.b, 2);
  });
});

describe("record decoders: category, path and typed value", () => {
  const TERMINAL = '{"turn_id":"t-1","session_id":"s-01","status":"completed","assistant_text":"hi","sequence":1,"activity_dropped":0,"activity_replay_available":false,"replay_required":false,"persistence":"committed","error":null}';
  const refused = (run: () => unknown, code: string, path: string, detail?: string): void => {
    assert.throws(run, (e: unknown) => e instanceof ProtocolError && e.code === code && e.path === path && (detail === undefined || e.detail === detail) && e.message === `${path}: ${e.detail}`);
  };

  it("an event's payload is decoded in place; unknown members stay aside at each level", () => {
    const decoded = decodeEventRecord(event("turn.terminal", TERMINAL.replace("}", ',"future_payload":1}'), ',"future_envelope":2'));
    assert.equal(decoded.event, "turn.terminal");
    assert.deepEqual(toWire(decoded), JSON.parse(event("turn.terminal", TERMINAL.replace("}", ',"future_payload":1}'), ',"future_envelope":2')));
    assert.equal(extensionsOf(decoded).future_envelope, 2);
    assert.equal(extensionsOf(decoded.payload).future_payload, 1);
  });

  it("payload, envelope and correlation failures name their category and the path once", () => {
    refused(() => decodeEventRecord(event("turn.terminal", TERMINAL.replace('"turn_id":"t-1",', ""))), "payload", "$.payload.turn_id", "missing required member");
    refused(() => decodeEventRecord(event("turn.terminal", TERMINAL).replace('"session_id":"s-01"', '"session_id":"s 01"')), "envelope", "$.session_id");
    // "Null identities are allowed only where the documented error/correlation rules permit them"
    refused(() => decodeEventRecord(event("auth.login.progress", "{}").replace('"session_id":null', '"session_id":"s-01"')), "correlation", "$.session_id", "auth.login.progress requires session_id to be null");
    refused(() => decodeEventRecord(event("turn.terminal", TERMINAL).replace('"live_sequence":1', '"live_sequence":null')), "correlation", "$.live_sequence", "turn.terminal requires live_sequence to be set");
    assert.throws(() => decodeResponseRecord(response("status", "{}"), "status"), (e: unknown) => e instanceof ProtocolError && e.code === "payload" && e.path.startsWith("$.payload."));
  });
});
