/**
 * Property-based fuzzing of the TypeScript decoders with fast-check (the Rust decoders get
 * coverage-guided fuzzing under fuzz/; RELIABILITY.md has the figures). Inputs are the
 * conformance vectors, mutated byte-wise (flips, cuts, splices of tokens taken from the vectors
 * themselves) and structurally (a member replaced by an arbitrary JSON value, removed, or
 * added). What must hold for every input:
 * - a decoder either returns or throws a ProtocolError with a known failure: never another
 *   exception (a TypeError, a RangeError from deep nesting), never a hang;
 * - the request decoder never throws, and every refusal carries a spec error code;
 * - what a decoder accepts, re-encoded, decodes to the same value (nothing lost or invented);
 * - the record splitter yields the same records however a stream is cut into chunks.
 *
 * `AGENTWIRE_FUZZ_RUNS` sets the runs per property (default 2,000; the long run uses more) and
 * `AGENTWIRE_FUZZ_SEED` replays a reported failure.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  ERROR_MESSAGES,
  METHODS,
  ProtocolError,
  RecordSplitter,
  decodeEventRecord,
  decodeRequestRecord,
  decodeResponseRecord,
  decodeSessionMessageRecord,
  toWire,
} from "../dist/index.js";
import type { Method } from "../dist/index.js";

const DIR = new URL("../../../conformance/vectors/", import.meta.url);
const RUNS = Number(process.env.AGENTWIRE_FUZZ_RUNS ?? 2000);
const SEED = process.env.AGENTWIRE_FUZZ_SEED === undefined ? {} : { seed: Number(process.env.AGENTWIRE_FUZZ_SEED) };
const PARAMS = { numRuns: RUNS, ...SEED };

interface Vector {
  id: string;
  input?: string;
  context?: { request?: { method: string } };
}

function inputs(file: string, prefix: string): Vector[] {
  const data = JSON.parse(readFileSync(new URL(file, DIR), "utf8")) as { vectors: Vector[] };
  return data.vectors.filter((v) => v.id.startsWith(prefix) && typeof v.input === "string");
}

const requests = inputs("requests.json", "req.");
const responses = inputs("consumer.json", "resp.").filter((v) => METHODS.includes(v.context?.request?.method as Method));
const events = inputs("consumer.json", "event.");
const messages = inputs("consumer.json", "msg.");

/** The consumer failure categories (records.ts `ConsumerFailure`) and the request error codes. */
const CONSUMER_FAILURES = new Set([
  "record_too_large",
  "invalid_json",
  "limit",
  "unknown_kind",
  "envelope",
  "unsupported_version",
  "unknown_event",
  "result_shape",
  "correlation",
  "payload",
]);
const ERROR_CODES = new Set(Object.keys(ERROR_MESSAGES));

/** Every JSON string token of the vectors (member names, enum values, IDs): the splice dictionary. */
const TOKENS = [...new Set([...requests, ...responses, ...events, ...messages].flatMap((v) => (v.input as string).match(/"(?:[^"\\]|\\.)*"/g) ?? []))];

const encoder = new TextEncoder();

/** One byte-level edit of a record. */
const byteEdit = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat(), len: fc.integer({ min: 1, max: 16 }) }),
  fc.record({ kind: fc.constant("splice" as const), at: fc.nat(), token: fc.constantFrom(...TOKENS, ":", ",", "{", "}", "[", "]", "null", "\\u", "\\ud800", "1e999", "-0") }),
);
type ByteEdit = typeof byteEdit extends fc.Arbitrary<infer E> ? E : never;

function applyBytes(record: string, edits: ByteEdit[]): Uint8Array {
  let bytes = encoder.encode(record);
  for (const e of edits) {
    const at = bytes.length === 0 ? 0 : e.at % (bytes.length + 1);
    if (e.kind === "set" && bytes.length > 0) bytes[at % bytes.length] = e.byte;
    else if (e.kind === "cut") bytes = Uint8Array.from([...bytes.subarray(0, at), ...bytes.subarray(at + e.len)]);
    else if (e.kind === "splice") bytes = Uint8Array.from([...bytes.subarray(0, at), ...encoder.encode(e.token), ...bytes.subarray(at)]);
  }
  return bytes;
}

/** One structural edit: at the `pick`-th object reached, replace, remove or add a member. */
const structEdit = fc.record({
  pick: fc.nat(),
  member: fc.nat(),
  op: fc.constantFrom("replace", "remove", "add"),
  value: fc.jsonValue({ maxDepth: 3 }),
  name: fc.oneof(fc.constantFrom(...TOKENS.map((t) => JSON.parse(t) as string)), fc.string()),
});
type StructEdit = typeof structEdit extends fc.Arbitrary<infer E> ? E : never;

function objects(v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(v)) v.forEach((x) => objects(x, out));
  else if (typeof v === "object" && v !== null) {
    out.push(v as Record<string, unknown>);
    Object.values(v).forEach((x) => objects(x, out));
  }
  return out;
}

function applyStruct(record: string, e: StructEdit): string {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return record; // a vector that is not JSON gets byte edits only
  }
  const all = objects(value);
  const target = all[e.pick % all.length];
  if (target === undefined) return record;
  const keys = Object.keys(target);
  const key = keys.length === 0 ? e.name : (keys[e.member % keys.length] as string);
  if (e.op === "replace") target[key] = e.value;
  else if (e.op === "remove") delete target[key];
  else target[e.name] = e.value;
  return JSON.stringify(value);
}

/** A mutated record of one of `vectors`, as text or bytes, with the vector it came from. */
function mutated(vectors: Vector[]): fc.Arbitrary<{ vector: Vector; record: string | Uint8Array }> {
  const vector = fc.constantFrom(...vectors);
  return fc.oneof(
    fc.tuple(vector, fc.array(byteEdit, { minLength: 1, maxLength: 4 })).map(([v, edits]) => ({ vector: v, record: applyBytes(v.input as string, edits) })),
    fc.tuple(vector, structEdit).map(([v, edit]) => ({ vector: v, record: applyStruct(v.input as string, edit) })),
  );
}

/** Decode; a refusal must be a ProtocolError of a known category, anything else fails the property. */
function consumed<T>(decode: () => T): T | undefined {
  try {
    return decode();
  } catch (e) {
    assert.ok(e instanceof ProtocolError, `not a ProtocolError: ${String(e)}`);
    assert.ok(CONSUMER_FAILURES.has(e.code), `unknown failure ${e.code}`);
    return undefined;
  }
}

/** Accepted values re-encode to records that decode to the same value. */
function roundTrips(value: unknown, decode: (record: string) => unknown): void {
  const wire = toWire(value);
  assert.deepEqual(toWire(decode(JSON.stringify(wire))), wire);
}

describe("fuzzing the decoders (fast-check)", () => {
  it("decodeRequestRecord never throws, refuses with spec codes, and round-trips what it accepts", () => {
    fc.assert(
      fc.property(fc.oneof(mutated(requests).map((m) => m.record), fc.uint8Array({ maxLength: 256 }), fc.string()), (record) => {
        const outcome = decodeRequestRecord(record);
        if (!outcome.ok) {
          assert.ok(ERROR_CODES.has(outcome.code), `unknown code ${outcome.code}`);
          return;
        }
        const again = decodeRequestRecord(JSON.stringify(toWire(outcome.request)));
        assert.ok(again.ok, "the encoding of an accepted request is refused");
        assert.deepEqual(toWire(again.request), toWire(outcome.request));
      }),
      PARAMS,
    );
  });

  it("decodeResponseRecord refuses only with known failures and round-trips what it accepts", () => {
    fc.assert(
      fc.property(mutated(responses), fc.constantFrom(...METHODS), fc.boolean(), ({ vector, record }, other, sameMethod) => {
        const method = sameMethod ? (vector.context?.request?.method as Method) : other;
        const decoded = consumed(() => decodeResponseRecord(record, method));
        if (decoded !== undefined) roundTrips(decoded, (r) => decodeResponseRecord(r, method));
      }),
      PARAMS,
    );
  });

  it("decodeEventRecord refuses only with known failures and round-trips what it accepts", () => {
    fc.assert(
      fc.property(fc.oneof(mutated(events).map((m) => m.record), fc.uint8Array({ maxLength: 256 })), (record) => {
        const decoded = consumed(() => decodeEventRecord(record));
        if (decoded !== undefined) roundTrips(decoded, (r) => decodeEventRecord(r));
      }),
      PARAMS,
    );
  });

  it("decodeSessionMessageRecord refuses only with known failures and round-trips what it accepts", () => {
    fc.assert(
      fc.property(fc.oneof(mutated(messages).map((m) => m.record), fc.uint8Array({ maxLength: 256 })), (record) => {
        const decoded = consumed(() => decodeSessionMessageRecord(record));
        if (decoded !== undefined) roundTrips(decoded, (r) => decodeSessionMessageRecord(r));
      }),
      PARAMS,
    );
  });

  it("RecordSplitter reads the same records however the stream is cut", () => {
    const max = 48;
    const stream = fc.array(fc.oneof(fc.constant(0x0a), fc.integer({ min: 0, max: 255 })), { maxLength: 400 }).map((b) => Uint8Array.from(b));
    fc.assert(
      fc.property(stream, fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }), (bytes, cuts) => {
        // The rules: a record is the bytes before `\n`, at most max - 1 of them.
        const want: string[] = [];
        let tooLarge = false;
        let start = 0;
        for (let nl = bytes.indexOf(0x0a); ; nl = bytes.indexOf(0x0a, start)) {
          const end = nl < 0 ? bytes.length : nl;
          if (end - start > max - 1) {
            tooLarge = true;
            break;
          }
          if (nl < 0) break;
          want.push(Buffer.from(bytes.subarray(start, nl)).toString("latin1"));
          start = nl + 1;
        }
        const splitter = new RecordSplitter(max);
        const got: string[] = [];
        let refused = false;
        try {
          for (let at = 0, turn = 0; at < bytes.length; turn += 1) {
            const size = cuts[turn % cuts.length] as number;
            for (const r of splitter.push(bytes.subarray(at, at + size))) got.push(Buffer.from(r).toString("latin1"));
            at += size;
          }
        } catch (e) {
          assert.ok(e instanceof ProtocolError && e.code === "record_too_large", String(e));
          refused = true;
        }
        assert.equal(refused, tooLarge);
        assert.deepEqual(got, want.slice(0, got.length));
        if (!tooLarge) assert.deepEqual(got, want);
      }),
      PARAMS,
    );
  });
});

describe("inputs the fuzzer found (regressions)", () => {
  // A member name with a bad escape, compared with another name of its object for duplicates,
  // escaped JSON.parse's SyntaxError out of every decoder: "not UTF-8 I-JSON" is invalid_json.
  const badEscapes = ['{"a":1,"\\e":2}', '{"\\e":1,"a":2}', '{"\\u0061":1,"\\e":2}', '{"p":{"a":1,"\\e":2}}'];
  it("a bad escape in a member name is invalid_json, never a SyntaxError", () => {
    for (const record of badEscapes) {
      const outcome = decodeRequestRecord(record);
      assert.ok(!outcome.ok && outcome.code === "invalid_json", record);
      for (const decode of [() => decodeEventRecord(record), () => decodeSessionMessageRecord(record), () => decodeResponseRecord(record, "status")]) {
        assert.throws(decode, (e: unknown) => e instanceof ProtocolError && e.code === "invalid_json", record);
      }
    }
  });
});
