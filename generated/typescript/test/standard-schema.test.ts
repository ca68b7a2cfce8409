/**
 * Standard Schema v1 (`~standard`) on every generated named-type decoder, proven with a real
 * consumer: tRPC's procedure input/output validation, which accepts any Standard Schema.
 */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { TRPCError, initTRPC } from "@trpc/server";
import { decodeSessionReplayRequest, decodeSessionReplayResponse, decodeTurnTerminal, extensionsOf } from "../dist/index.js";
import type { SessionReplayResponse } from "../dist/index.js";

const t = initTRPC.create();
const router = t.router({
  replay: t.procedure
    .input(decodeSessionReplayRequest)
    .output(decodeSessionReplayResponse)
    .query(({ input }): SessionReplayResponse => ({
      events: [{ kind: "message", cursor: "c1", role: "user", text: "hi", part: 0, last_part: true }],
      next_cursor: input.after ?? "c0",
      snapshot_cursor: "c1",
      truncated: false,
      gap: false,
      resync_required: false,
    })),
});
const caller = t.createCallerFactory(router)({});

describe("Standard Schema v1", () => {
  it("tRPC validates a procedure's input and output with the generated decoders", async () => {
    const page = await caller.replay({ after: "c9", limit: 8 });
    assert.equal(page.next_cursor, "c9");
    // Typed by inference from the Standard Schema: `page.events[0].kind` is the ReplayItem union's.
    const kind: "message" | "terminal" | "summary" = page.events[0]!.kind;
    assert.equal(kind, "message");
  });

  it("an invalid input is refused with the decoder's issue and path", async () => {
    await assert.rejects(caller.replay({ limit: 0 }), (e: unknown) => {
      assert.ok(e instanceof TRPCError);
      assert.equal(e.code, "BAD_REQUEST");
      const issues = (e.cause as unknown as { issues: { message: string; path: PropertyKey[] }[] }).issues;
      assert.deepEqual(issues, [{ message: "SessionReplayRequest: integer outside 1..=32", path: ["limit"] }]);
      return true;
    });
  });

  it("validate() follows the spec: { value } or { issues }, nested paths, unknown members kept aside", () => {
    const std = decodeTurnTerminal["~standard"];
    assert.equal(std.version, 1);
    assert.equal(std.vendor, "agentwire");
    const bad = std.validate({ turn_id: "t", session_id: "s-01", status: "completed", assistant_text: "", sequence: 1, activity_dropped: 0, activity_replay_available: false, replay_required: false, persistence: "committed", error: { code: 5, message: "x" } });
    assert.ok(!(bad instanceof Promise) && bad.issues !== undefined);
    assert.deepEqual(bad.issues[0]?.path, ["error", "code"]);
    const good = decodeSessionReplayRequest["~standard"].validate({ limit: 3, future: true });
    assert.ok(!(good instanceof Promise) && good.issues === undefined);
    assert.deepEqual(Object.keys(good.value), ["limit"]);
    assert.equal(good.value.limit, 3);
    assert.deepEqual({ ...extensionsOf(good.value) }, { future: true });
  });
});
