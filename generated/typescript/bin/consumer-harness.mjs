#!/usr/bin/env node
/**
 * The TypeScript consumer decoders behind the conformance harness protocol
 * (conformance/README.md, "Consumer harness protocol"): one JSON object per line in, one verdict
 * per line out, in input order.
 *
 *   agentwire-conformance consumer --exec 'node generated/typescript/bin/consumer-harness.mjs'
 *
 * Runs the built package (`dist/`; `npm run build` first). Each line is judged by the package's
 * own consumer path — `Conversation.received` (profile, envelope, payload, correlation,
 * initialize/capabilities preflight, per-turn sequences) and `decodeSessionMessageRecord` — in
 * the state the line's `context` describes, as `test/vectors.test.ts` does:
 *
 * - `context.instance_id` null with a pending `initialize`: a fresh connection, whose
 *   initialize success is preflighted; otherwise a connection joined with the context's
 *   identities. The vectors carry no claims, so session control is not checked.
 * - Lines without `stream` are one-shot: `context.request` is the pending request.
 * - Lines with one `stream` are one conversation: `request` lines record sent requests, state
 *   carries over, and after a rejection every later line of the stream is rejected.
 *
 * Output: `{"id", "verdict": "accept"|"reject", "reason"?, "result"?}`; `reason` is the
 * package's `ProtocolError` category, `result` (`success`/`error`) is given for responses.
 */

import { createInterface } from "node:readline";
import { Conversation, ProtocolError, decodeSessionMessageRecord, isMethod } from "../dist/index.js";

/** Per-stream conversations: `{ conversation, failed }`. */
const streams = new Map();

/** A conversation in the state a context describes. */
function conversationFor(ctx) {
  const fresh = ctx?.request?.method === "initialize" && (ctx.instance_id ?? null) === null;
  if (fresh) return new Conversation({ checkControl: false });
  return new Conversation({
    joined: { instanceId: ctx?.instance_id ?? null, connectionId: ctx?.connection_id ?? null },
    checkControl: false,
  });
}

/** Record a pending request given by its slots; an unknown method stays unrecorded (nothing is pending). */
function pend(conversation, request) {
  if (!isMethod(request.method)) return;
  conversation.sent({
    method: request.method,
    requestId: request.request_id ?? null,
    sessionId: request.session_id ?? null,
    operationId: request.operation_id ?? null,
  });
}

const reject = (id, reason) => ({ id, verdict: "reject", reason });

/** Judge one input line. */
function judge(text) {
  let input;
  try {
    input = JSON.parse(text);
  } catch {
    return reject("", "harness_input");
  }
  const id = typeof input?.id === "string" ? input.id : "";
  if (typeof input !== "object" || input === null || id === "") return reject(id, "harness_input");

  let bytes;
  if (typeof input.record === "string") bytes = Buffer.from(input.record, "utf8");
  else if (typeof input.record_base64 === "string") bytes = Buffer.from(input.record_base64, "base64");
  else return reject(id, "harness_input");

  const ctx = input.context ?? undefined;
  let state;
  if (typeof input.stream === "string") {
    state = streams.get(input.stream);
    if (state === undefined) streams.set(input.stream, (state = { conversation: conversationFor(ctx), failed: false }));
    if (state.failed) return reject(id, "stream_failed");
  } else {
    state = { conversation: conversationFor(ctx), failed: false };
    if (ctx?.request != null) pend(state.conversation, ctx.request);
  }

  try {
    switch (input.direction) {
      case "message":
        decodeSessionMessageRecord(bytes);
        return { id, verdict: "accept" };
      case "request": {
        let sent;
        try {
          sent = JSON.parse(bytes.toString("utf8"));
        } catch {
          sent = undefined;
        }
        if (typeof sent?.method !== "string") return fail(state, reject(id, "harness_input"));
        pend(state.conversation, sent);
        return { id, verdict: "accept" };
      }
      case "response":
      case "event": {
        const got = state.conversation.received(bytes);
        if (got.kind === "response") return { id, verdict: "accept", result: got.response.error === null ? "success" : "error" };
        return { id, verdict: "accept" };
      }
      default:
        return reject(id, "harness_input");
    }
  } catch (e) {
    if (e instanceof ProtocolError) return fail(state, reject(id, e.code));
    // Not a verdict of the decoders: say so, so the run shows it instead of a silent accept.
    process.stderr.write(`consumer-harness: ${id}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return fail(state, reject(id, "harness_error"));
  }
}

function fail(state, output) {
  state.failed = true;
  return output;
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  process.stdout.write(`${JSON.stringify(judge(line))}\n`);
});
