/**
 * I-JSON noncharacters (RFC 7493 §2.1: "MUST NOT include … Unicode noncharacters"): U+FDD0..U+FDEF
 * and every code point whose low 16 bits are FFFE or FFFF, raw or `\u`-escaped (surrogate pairs
 * included), in string values and member names, are invalid_json — with the same reading-order
 * precedence as any other invalid_json cause.
 */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LIMITS, ProfileError, decodeEventRecord, parseRecord } from "../dist/index.js";
import type { ProfileLimits } from "../dist/index.js";

const LIM: ProfileLimits = { maxRecordBytes: LIMITS.max_record_bytes, maxJsonDepth: 32, maxArrayItems: 64, maxObjectFields: 64, maxStringBytes: 16384 };

function code(text: string, asBytes: boolean, lim = LIM): string {
  try {
    parseRecord(asBytes ? new TextEncoder().encode(text) : text, lim);
    return "ok";
  } catch (e) {
    assert.ok(e instanceof ProfileError, String(e));
    return e.code;
  }
}

/** Every noncharacter, as the code point. */
const NONCHARACTERS = [
  ...Array.from({ length: 32 }, (_, i) => 0xfdd0 + i),
  ...Array.from({ length: 17 }, (_, p) => [p * 0x10000 + 0xfffe, p * 0x10000 + 0xffff]).flat(),
];
/** Neighbours that are characters. */
const CHARACTERS = [0xfdcf, 0xfdf0, 0xfffd, 0x0ffe, 0x0fff, 0x1fffd, 0x1fff0, 0x10fffd, 0xeffe, 0x1effe, 0x43f, 0x4bf];

function escape(cp: number): string {
  if (cp < 0x10000) return `\\u${cp.toString(16).padStart(4, "0")}`;
  const v = cp - 0x10000;
  return `\\u${(0xd800 + (v >> 10)).toString(16)}\\u${(0xdc00 + (v & 0x3ff)).toString(16)}`;
}

describe("noncharacters", () => {
  for (const asBytes of [false, true]) {
    const input = asBytes ? "bytes" : "a string";
    it(`every noncharacter, raw or escaped, in a value or a member name, is invalid_json (${input})`, () => {
      const wrong: string[] = [];
      for (const cp of NONCHARACTERS) {
        const raw = String.fromCodePoint(cp);
        for (const text of [`{"a":"x${raw}y"}`, `{"x${raw}":1}`, `{"a":"${escape(cp)}"}`, `{"${escape(cp).toUpperCase().replace(/\\U/g, "\\u")}":1}`, `["${"é".repeat(700)}${raw}"]`]) {
          if (code(text, asBytes) !== "invalid_json") wrong.push(`U+${cp.toString(16)} in ${text.slice(0, 40)}`);
        }
      }
      assert.deepEqual(wrong, []);
    });

    it(`characters next to the noncharacters are accepted (${input})`, () => {
      for (const cp of CHARACTERS) {
        const raw = String.fromCodePoint(cp);
        assert.equal(code(`{"a":"${raw}","${raw}b":"${escape(cp)}"}`, asBytes), "ok", `U+${cp.toString(16)}`);
      }
      // Cyrillic п is D0 BF in UTF-8: a BF byte that is not part of a noncharacter.
      assert.equal(code(`{"a":"${"пп".repeat(500)}"}`, asBytes), "ok");
    });
  }

  it("\\udbff\\udfff (U+10FFFF) is refused, \\udbff\\udffd (U+10FFFD) accepted", () => {
    assert.equal(code(`{"a":"\\udbff\\udfff"}`, false), "invalid_json");
    assert.equal(code(`{"a":"\\udbff\\udffd"}`, false), "ok");
  });

  it("reading order decides against a structural bound: the first violation wins", () => {
    const small: ProfileLimits = { ...LIM, maxArrayItems: 2 };
    // The noncharacter comes first: invalid_json; the bound comes first: limit_exceeded.
    assert.equal(code(`["\\ufdd0",1,2,3]`, true, small), "invalid_json");
    assert.equal(code(`["\ufdd0",1,2,3]`, true, small), "invalid_json");
    assert.equal(code(`[1,2,3,"\\ufdd0"]`, true, small), "limit_exceeded");
    assert.equal(code(`[1,2,3,"\uffff"]`, false, small), "limit_exceeded");
  });

  it("a consumer rejects an event carrying one as invalid_json", () => {
    const record = `{"protocol_version":2,"kind":"event","event":"turn.assistant_delta","instance_id":"in_1","connection_id":"cn_1","session_id":"s-01","operation_id":"op","grant_generation":1,"live_sequence":1,"payload":{"turn_id":"t-1","sequence":1,"text":"\\uffff"}}`;
    assert.throws(() => decodeEventRecord(record), (e: unknown) => (e as { code?: string }).code === "invalid_json");
  });
});

describe("messages", () => {
  it("1.0 where an integer is expected names the number, not an object", () => {
    const record = `{"protocol_version":2,"kind":"event","event":"turn.assistant_delta","instance_id":"in_1","connection_id":"cn_1","session_id":"s-01","operation_id":"op","grant_generation":1,"live_sequence":1,"payload":{"turn_id":"t-1","sequence":1.0,"text":"x"}}`;
    assert.throws(
      () => decodeEventRecord(record),
      (e: unknown) => e instanceof Error && e.message === "$.payload.sequence: expected an integer, got 1.0, a number written with a fraction or exponent",
    );
  });
});
