/**
 * UTF-8 byte bounds on long strings and records: a replay part's bound counted in bytes from
 * bytes and from a string, whatever the member order or a duplicate member, and the raw
 * characters a long record may not hold.
 */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CONSTANTS, DEFAULT_PROFILE, ProfileError, ProtocolError, decodeResponseRecord, parseRecord } from "../dist/index.js";
import { str } from "../dist/runtime/check.js";

/** The package's default bounds: the advertised limits. */
const P = DEFAULT_PROFILE;
/** The bound of a replay item's text. */
const PART = CONSTANTS.replay_part_bytes;
const overPart = new RegExp(`longer than ${PART} bytes`);
/** Characters of a long string in the tests below. */
const LONG = 2048;

function replayPage(texts: string[]): string {
  const events = texts.map((text, part) => ({ kind: "message", cursor: `c${part}`, role: "user", text, part, last_part: part === texts.length - 1 }));
  return JSON.stringify({
    protocol_version: 2,
    kind: "response",
    request_id: "r1",
    instance_id: "in_1",
    connection_id: "cn_1",
    session_id: "s-1",
    operation_id: null,
    payload: { events, next_cursor: "c", snapshot_cursor: "c", truncated: false, gap: false, resync_required: false },
    error: null,
  });
}

describe("UTF-8 byte bounds of long strings", () => {
  it("a replay part of 2,048 UTF-8 bytes is accepted, one of 2,049 refused, from bytes and from a string", () => {
    // "string of 0..=2048 UTF-8 bytes": parts of ~1,870 units, the shape of pages the daemon writes.
    // Latin and punctuation (2 and 3 bytes), Hangul and CJK (3 bytes, units from U+8000), emoji (4).
    for (const [alphabet, bytesOf] of [["é—«", 7], ["한龍", 6], ["😀é", 6]] as const) {
      const part = (bytes: number): string => alphabet.repeat(Math.floor(bytes / bytesOf)) + "a".repeat(bytes % bytesOf);
      for (const input of [(t: string) => t, (t: string) => Buffer.from(t)]) {
        const good = replayPage([part(PART), part(PART - 1), part(PART)]);
        const page = decodeResponseRecord(input(good), "session.replay");
        assert.equal(page.payload?.events.length, 3);
        const bad = replayPage([part(PART), part(PART + 1)]);
        assert.throws(() => decodeResponseRecord(input(bad), "session.replay"), (e: unknown) => e instanceof ProtocolError && e.code === "payload" && overPart.test(e.message));
      }
    }
  });

  it("each string is counted as itself, whatever JavaScript's member order (an index-like name comes first)", () => {
    // JavaScript lists "1" before "b"; the text has "b" first. Same units, different bytes.
    const ascii = "a".repeat(1500);
    const accented = "é".repeat(1500);
    const record = JSON.stringify({ b: ascii, 1: accented }).replace(`{"1":"${accented}","b":"${ascii}"}`, `{"b":"${ascii}","1":"${accented}"}`);
    assert.ok(record.startsWith('{"b":'));
    const value = parseRecord(Buffer.from(record), P).value as Record<string, string>;
    assert.throws(() => str(value["1"], 0, PART), overPart);
    assert.equal(str(value.b, 0, PART), ascii);
  });

  it("a refused duplicate member leaves nothing behind: its strings are counted afresh later", () => {
    // Same units, different bytes: the accented string must still be over the bound.
    const ascii = "a".repeat(1500);
    const accented = "é".repeat(1500);
    assert.throws(() => parseRecord(Buffer.from(`{"k":"${ascii}","k":"${accented}"}`), P), (e: unknown) => e instanceof ProfileError && e.code === "invalid_json");
    assert.throws(() => str(accented, 0, PART), overPart);
  });

  it("a long record: a raw noncharacter is refused, an escaped surrogate pair accepted", () => {
    const long = "é".repeat(LONG);
    assert.throws(() => parseRecord(Buffer.from(`{"a":"${long}\ufdd0"}`), P), /noncharacter in a string/);
    assert.deepEqual(parseRecord(Buffer.from(`{"a":"${long}\\ud83d\\ude00"}`), P).value, { a: `${long}😀` });
    assert.deepEqual(parseRecord(`{"a":"${long}\\ud83d\\ude00"}`, P).value, { a: `${long}😀` });
  });

  it("a long string record: a lone surrogate is refused, a real U+FFFD accepted, a noncharacter refused", () => {
    const long = "é".repeat(LONG);
    assert.throws(() => parseRecord(`{"a":"${long}\ud800"}`, P), /record is not UTF-8 \(lone surrogate\)/);
    assert.deepEqual(parseRecord(`{"a":"${long}\ufffd"}`, P).value, { a: `${long}\ufffd` });
    for (const input of [`{"a":"${long}\ufdd0"}`, Buffer.from(`{"a":"${long}\u{10ffff}"}`)]) {
      assert.throws(() => parseRecord(input, P), /noncharacter in a string/);
    }
  });
});
