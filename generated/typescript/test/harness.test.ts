/**
 * bin/consumer-harness.mjs speaks the conformance harness protocol (conformance/README.md): one
 * verdict line per input line, one-shot lines and streams. The full consumer suite runs it from
 * scripts/conformance.sh; this checks the protocol itself.
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { CONNECTION, INSTANCE, errorResponse, event, request, response } from "./helpers.js";

const HARNESS = fileURLToPath(new URL("../bin/consumer-harness.mjs", import.meta.url));
const CTX = { instance_id: INSTANCE, connection_id: CONNECTION };
const STATUS = '{"service":"ready","provider_auth_ready":false,"instance_id":"in_1","workspace_id":"ws_1","state_root_id":"sr_1","connected_clients":1,"admitted_operations":0}';

function run(lines: (object | string)[]): any[] {
  const input = lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n";
  const out = spawnSync(process.execPath, [HARNESS], { input, encoding: "utf8", timeout: 20_000 });
  assert.equal(out.status, 0, out.stderr);
  return out.stdout.trim().split("\n").map((l) => JSON.parse(l));
}

const delta = (n: number): string => event("turn.assistant_delta", `{"turn_id":"t-1","sequence":${n},"text":"x"}`);

describe("consumer harness", () => {
  it("answers every line in order: messages, one-shot responses, streams, unreadable input", () => {
    const pending = { method: "status", request_id: "req-1", session_id: null, operation_id: null };
    const stream = (id: string, direction: string, record: string): object => ({ id, direction, record, context: CTX, stream: "s" });
    const got = run([
      { id: "m", direction: "message", record: '{"id":"a1","time":1,"role":"user","type":"text","text":"hi"}' },
      { id: "ok", direction: "response", method: "status", record: response("status", STATUS), context: { ...CTX, request: pending } },
      { id: "err", direction: "response", record: errorResponse("future_error", "a future failure"), context: { ...CTX, request: pending } },
      { id: "both", direction: "response", record: response("status", STATUS).replace('"error":null', '"error":{"code":"x","message":"m"}'), context: { ...CTX, request: pending } },
      { id: "orphan", direction: "response", record: response("status", STATUS), context: CTX },
      { id: "utf8", direction: "response", record_base64: Buffer.from([0x7b, 0xff, 0x7d]).toString("base64"), context: { ...CTX, request: pending } },
      stream("s#0", "request", JSON.stringify(request("turn.start", { prompt: "hi" }))),
      stream("s#1", "response", response("turn.start", '{"turn_id":"t-1","status":"accepted"}')),
      stream("s#2", "event", delta(2)),
      stream("s#3", "event", delta(2)),
      stream("s#4", "event", delta(3)),
      "",
      "not json",
    ]);
    assert.deepEqual(got, [
      { id: "m", verdict: "accept" },
      { id: "ok", verdict: "accept", result: "success" },
      { id: "err", verdict: "accept", result: "error" },
      { id: "both", verdict: "reject", reason: "result_shape" },
      { id: "orphan", verdict: "reject", reason: "correlation" },
      { id: "utf8", verdict: "reject", reason: "invalid_json" },
      { id: "s#0", verdict: "accept" },
      { id: "s#1", verdict: "accept", result: "success" },
      { id: "s#2", verdict: "accept" },
      { id: "s#3", verdict: "reject", reason: "sequence" },
      { id: "s#4", verdict: "reject", reason: "stream_failed" },
      { id: "", verdict: "reject", reason: "harness_input" },
    ]);
  });
});
