/** The strict side: request classification with the service's precedence, and the encoder. */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ERROR_MESSAGES, EncodeError, LIMITS, decodeRequestRecord, encodeRequest } from "../dist/index.js";
import type { ErrorCode } from "../dist/index.js";
import { request } from "./helpers.js";

function code(input: string | Uint8Array): ErrorCode | "ok" {
  const outcome = decodeRequestRecord(input);
  return outcome.ok ? "ok" : outcome.code;
}

const text = (v: unknown): string => JSON.stringify(v);

describe("request precedence (docs/decoding.md)", () => {
  const status = request("status", {});

  it("each check in order", () => {
    assert.equal(code(text(status)), "ok");
    assert.equal(code(`${text(status)}${" ".repeat(LIMITS.max_record_bytes)}`), "record_too_large");
    assert.equal(code(`${text(status)}{}`), "invalid_json");
    assert.equal(code(text({ ...status, future: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] })), "limit_exceeded");
    assert.equal(code(text({ ...status, future: 1 })), "invalid_request");
    assert.equal(code(text({ ...status, protocol_version: 3 })), "unsupported_version");
    assert.equal(code(text({ ...status, method: "future.op" })), "unsupported_operation");
    assert.equal(code(text({ ...status, method: "constructor" })), "unsupported_operation");
    assert.equal(code(text({ ...status, operation_id: "op" })), "invalid_request");
    assert.equal(code(text(request("turn.start", { prompt: "hi" }, { control: null }))), "control_required");
    const big = { prompt: "x", a: "a".repeat(16000), b: "b".repeat(16000), c: "c".repeat(1000) };
    assert.equal(code(text(request("turn.start", big))), "payload_too_large");
    assert.equal(code(text(request("turn.start", { ...big, c: "" }))), "invalid_payload");
    assert.equal(code(text(request("turn.start", { prompt: " " }))), "invalid_payload");
    assert.equal(code(text(request("initialize", { supported_protocol_versions: Array(9).fill(2) }))), "limit_exceeded");
  });

  it("an earlier failure wins over a later one", () => {
    // The JSON profile in reading order: the first of a duplicate member (invalid_json) and a
    // structural limit inside an unknown member decides.
    assert.equal(code(`{"a":1,"a":${"[".repeat(40)}${"]".repeat(40)}}`), "invalid_json");
    assert.equal(code(`{"a":${"[".repeat(40)}${"]".repeat(40)},"a":1}`), "limit_exceeded");
    // An unknown envelope member beats an unsupported version.
    assert.equal(code(text({ ...status, protocol_version: 3, future: 1 })), "invalid_request");
  });

  it("error responses echo the slots that can be recovered as valid values", () => {
    const outcome = decodeRequestRecord(text({ ...request("session.replay", {}), payload: { limit: 0 } }));
    assert.ok(!outcome.ok);
    assert.deepEqual([outcome.code, outcome.request_id, outcome.session_id, outcome.operation_id], ["invalid_payload", "req-1", "s-01", null]);
    const bad = decodeRequestRecord(text({ ...request("status", {}), request_id: "", session_id: "bad id" }));
    assert.ok(!bad.ok && bad.request_id === null && bad.session_id === null);
    const broken = decodeRequestRecord("{");
    assert.ok(!broken.ok && broken.request_id === null);
  });

  it("every code has its fixed message", () => {
    for (const [c, message] of Object.entries(ERROR_MESSAGES)) assert.ok(message.length > 0 && Buffer.byteLength(message) <= LIMITS.max_error_message_bytes, c);
  });
});

describe("strict request encoder", () => {
  it("encodes one record with its newline", () => {
    const record = encodeRequest(request("session.list", { limit: 32 }));
    assert.ok(record.endsWith("}\n"));
    assert.equal(record.indexOf("\n"), record.length - 1);
  });

  it("refuses what the service would refuse, with the service's code", () => {
    const refuse = (v: unknown, c: ErrorCode): void => {
      assert.throws(() => encodeRequest(v as never), (e: unknown) => e instanceof EncodeError && e.code === c);
    };
    refuse({ ...request("status", {}), extra: 1 }, "invalid_request");
    refuse(request("status", { extra: 1 }), "invalid_payload");
    refuse(request("config.set", { scope: "global" }), "invalid_payload");
    refuse(request("turn.cancel", { turn_id: "t" }, { control: null }), "control_required");
    refuse(request("session.create", {}, { operation_id: null }), "invalid_request");
    refuse(request("turn.start", { prompt: "é".repeat(9000) }), "limit_exceeded");
    refuse(request("turn.start", { prompt: "x", a: "a".repeat(16000), b: "b".repeat(16000), c: "c".repeat(1000) }), "payload_too_large");
  });

  it("refuses records over max_record_bytes counting the newline", () => {
    // Args-free operations cannot grow a valid record that large, so bound the profile instead.
    const record = encodeRequest(request("status", {}));
    const options = { profile: { maxRecordBytes: record.length, maxJsonDepth: 32, maxArrayItems: 64, maxObjectFields: 64, maxStringBytes: 16384 } };
    encodeRequest(request("status", {}), options);
    assert.throws(() => encodeRequest(request("status", {}), { profile: { ...options.profile, maxRecordBytes: record.length - 1 } }), { code: "record_too_large" });
  });

  it("refuses values JSON.stringify would silently change", () => {
    for (const payload of [{ prompt: NaN }, { prompt: new Date() }, { prompt: () => "x" }, { prompt: 1n }]) {
      assert.throws(() => encodeRequest(request("turn.start", payload)), EncodeError);
    }
    assert.throws(() => encodeRequest(request("initialize", { supported_protocol_versions: [2, undefined] })), EncodeError);
    // An undefined member is simply absent.
    encodeRequest(request("session.list", { after: undefined }));
  });
});
