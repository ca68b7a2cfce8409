/** The record-level JSON profile: size, UTF-8, one value, duplicates, depth, items, fields, bytes. */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { DEFAULT_PROFILE, LIMITS, ProfileError, parseRecord, decodeSessionMessageRecord, toWire } from "../dist/index.js";
import type { ProfileFailure } from "../dist/index.js";
import { proves } from "../dist/runtime/compactProof.js";
import { parseRecordExact } from "../dist/runtime/jsonProfile.js";

/** The package's default bounds: the advertised limits. */
const P = DEFAULT_PROFILE;

function fails(input: string | Uint8Array, code: ProfileFailure, outbound = false): void {
  assert.throws(() => parseRecord(input, P, outbound), (e: unknown) => e instanceof ProfileError && e.code === code);
}

const ok = (input: string | Uint8Array, outbound = false): unknown => parseRecord(input, P, outbound).value;
const nest = (n: number): string => `${"[".repeat(n)}${"]".repeat(n)}`;
const fields = (n: number): string => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(",")}}`;

describe("JSON profile", () => {
  it("duplicate member names at any level, however they are spelled", () => {
    fails('{"a":1,"a":2}', "invalid_json");
    fails('{"x":{"b":[{"a":1,"b":2,"a":3}]}}', "invalid_json");
    fails('{"a":1,"\\u0061":2}', "invalid_json");
    fails('{"\\n":1,"\\u000a":2}', "invalid_json");
    fails('{"😀":1,"\\ud83d\\ude00":2}', "invalid_json");
    // The same name in different objects, or as a value, is fine.
    assert.deepEqual(ok('{"a":{"a":"a"},"b":[{"a":1},{"a":2}]}'), { a: { a: "a" }, b: [{ a: 1 }, { a: 2 }] });
    // Names whose hashes could collide but differ still decode.
    assert.deepEqual(Object.keys(ok('{"Aa":1,"BB":2}') as object), ["Aa", "BB"]);
  });

  it("escapes: quotes and backslashes inside strings and names", () => {
    assert.deepEqual(ok('{"a":"x\\\\"}'), { a: "x\\" });
    assert.deepEqual(ok('{"a":"say \\"hi\\" \\\\","b":"\\\\\\""}'), { a: 'say "hi" \\', b: '\\"' });
    assert.deepEqual(Object.keys(ok('{"a\\\\":1,"a\\\\\\\\":2}') as object), ["a\\", "a\\\\"]);
    fails('{"a\\"b":1,"a\\u0022b":2}', "invalid_json");
    fails('{"a":"x\\"}', "invalid_json");
    fails('{"a":"\\u12"}', "invalid_json");
  });

  it("duplicates inside free-form tool args are invalid too", () => {
    const line = '{"id":"a4","time":1,"role":"agent","type":"tool-call-start","turn":"t1","callId":"c1","toolName":"grep","title":"t","description":"d","args":{"p":1,"p":2}}';
    assert.throws(() => decodeSessionMessageRecord(line), { code: "invalid_json" });
  });

  it("depth: the top-level container is depth 1", () => {
    ok(nest(LIMITS.max_json_depth));
    fails(nest(LIMITS.max_json_depth + 1), "limit_exceeded");
    fails(`{"a":${nest(LIMITS.max_json_depth)}}`, "limit_exceeded");
  });

  it("items per array and members per object", () => {
    ok(`[${Array(LIMITS.max_array_items).fill(0).join(",")}]`);
    fails(`[${Array(LIMITS.max_array_items + 1).fill(0).join(",")}]`, "limit_exceeded");
    ok(`[${Array(LIMITS.max_array_items).fill("{}").join(",")}]`);
    ok(fields(LIMITS.max_object_fields));
    fails(fields(LIMITS.max_object_fields + 1), "limit_exceeded");
  });

  it("decoded string bytes, for values and member names", () => {
    const max = LIMITS.max_string_bytes;
    ok(JSON.stringify({ a: "a".repeat(max) }));
    fails(JSON.stringify({ a: "a".repeat(max + 1) }), "limit_exceeded");
    fails(JSON.stringify({ ["k".repeat(max + 1)]: 0 }), "limit_exceeded");
    ok(JSON.stringify({ a: "é".repeat(max / 2) }));
    fails(JSON.stringify({ a: "é".repeat(max / 2) + "a" }), "limit_exceeded");
    // Escapes count as what they decode to: \u00e9 is two bytes, \n one.
    ok(`{"a":"${"\\u00e9".repeat(max / 2)}"}`);
    fails(`{"a":"${"\\u00e9".repeat(max / 2)}a"}`, "limit_exceeded");
    ok(`{"a":"${"\\n".repeat(max)}"}`);
  });

  it("record bytes: before the newline for requests, newline included for service records", () => {
    const pad = (n: number): string => `{"a":1}${" ".repeat(n - 7)}`;
    assert.equal(pad(100).length, 100);
    ok(pad(LIMITS.max_record_bytes));
    ok(`${pad(LIMITS.max_record_bytes)}\n`);
    fails(pad(LIMITS.max_record_bytes + 1), "record_too_large");
    ok(pad(LIMITS.max_record_bytes - 1), true);
    fails(pad(LIMITS.max_record_bytes), "record_too_large", true);
    fails(new TextEncoder().encode(pad(LIMITS.max_record_bytes)), "record_too_large", true);
  });

  it("UTF-8 and one JSON value per record", () => {
    const bytes = new TextEncoder().encode('{"a":"x"}');
    ok(bytes);
    fails(Uint8Array.of(...bytes.slice(0, 6), 0xc3, ...bytes.slice(6)), "invalid_json");
    fails(Uint8Array.of(0xef, 0xbb, 0xbf, ...bytes), "invalid_json"); // a BOM is not JSON whitespace
    fails(Uint8Array.of(...bytes.slice(0, 6), 0xed, 0xa0, 0x80, ...bytes.slice(6)), "invalid_json"); // encoded surrogate
    fails('{"a":"\ud800"}', "invalid_json");
    fails('{"a":"\\ud800"}', "invalid_json");
    fails('{"a":"\\udc00"}', "invalid_json");
    fails('{"a":"\\ud800\\u0041"}', "invalid_json");
    assert.deepEqual(ok('{"a":"\\ud83d\\ude00"}'), { a: "😀" });
    for (const bad of ["", "{}{}", "{} 1", '{"a":1', "{'a':1}", '{"a":01}', "[1,]", '{"a":1}\n{}', "nul", '"x"x']) fails(bad, "invalid_json");
    ok('{"a":1}\r\n');
    ok(' \t{"a" : 1 }\r');
  });

  it("numbers: out of float range is invalid; integral floats are marked, not changed, in free-form JSON", () => {
    fails('{"a":1e400}', "invalid_json");
    fails(`{"a":${"9".repeat(400)}}`, "invalid_json");
    const line = '{"id":"a4","time":1,"role":"agent","type":"tool-call-start","turn":"t1","callId":"c1","toolName":"grep","title":"t","description":"d","args":{"n":[1.0,2.5,-0.0,1e2]}}';
    const m = decodeSessionMessageRecord(line);
    assert.deepEqual(toWire(m), { ...JSON.parse(line), args: { n: [1, 2.5, -0, 100] } });
    assert.throws(() => decodeSessionMessageRecord(line.replace('"time":1', '"time":1.0')), { code: "payload", path: "$.time" });
  });

  it("reading order: the first violation met decides between invalid_json and limit_exceeded", () => {
    const items = (n: number, last: string): string => `[${[...Array<string>(n - 1).fill("0"), last].join(",")}]`;
    const members = (n: number, last: string): string => `{${[...Array.from({ length: n - 1 }, (_, i) => `"k${i}":0`), last].join(",")}}`;
    const over = LIMITS.max_array_items + 1;
    // A bound crossed first wins over a later duplicate, syntax error or truncation.
    fails(`{"a":${items(over, "0")},"a":1}`, "limit_exceeded");
    fails(`${items(over, "0")}x`, "limit_exceeded");
    fails(`{"a":${"[".repeat(LIMITS.max_json_depth + 1)}`, "limit_exceeded");
    fails(`{"a":${"[".repeat(LIMITS.max_json_depth)}${"]".repeat(LIMITS.max_json_depth - 1)}tru}`, "limit_exceeded");
    // An earlier duplicate or syntax error wins over a later bound.
    fails(`{"a":1,"a":${items(over, "0")}}`, "invalid_json");
    fails(`{"a":tru,"b":${items(over, "0")}}`, "invalid_json");
    fails(`["\udc00",${items(over, "0")}]`, "invalid_json");
    // An array's item count is crossed once the item is read; a syntax error inside it comes first.
    fails(items(over, "tru"), "invalid_json");
    fails(items(over, "[".repeat(LIMITS.max_json_depth + 1)), "limit_exceeded");
    // An object's member count is crossed at the name: a bad name comes first, a duplicate after.
    fails(members(LIMITS.max_object_fields + 1, "k"), "invalid_json");
    fails(members(LIMITS.max_object_fields + 1, '"k0":0'), "limit_exceeded");
    fails(members(LIMITS.max_object_fields, '"k0":0'), "invalid_json");
    // A string's size is known once it is read: a bad character inside it comes first.
    const long = "a".repeat(LIMITS.max_string_bytes + 1);
    fails(`["${long}\\q"]`, "invalid_json");
    fails(`["${long}" x]`, "limit_exceeded");
  });

  it("integral floats are marked only when they are JSON numbers", () => {
    for (const bad of ["1.", "01.5", "-1.e2", "1.0.0", "1e", "-"]) fails(`{"a":${bad}}`, "invalid_json");
    assert.equal(parseRecord('{"a":[1.0,1e2,-0.0,0.5]}', P).marked, true);
  });

  it("a newline inside a record ends it", () => {
    fails('{"a":\n1}', "invalid_json");
  });

  it("the fast paths decide as the exact checks do (issue #21)", () => {
    const message = (input: string | Uint8Array): string => {
      try {
        parseRecord(input, P);
      } catch (e) {
        return (e as Error).message;
      }
      return "accepted";
    };
    // A string record is searched in its UTF-8: a real U+FFFD is fine, a lone surrogate (which
    // encodes as U+FFFD) is not, wherever it sits beside one.
    assert.deepEqual(ok('{"a":"\ufffd x \u00e9"}'), { a: "\ufffd x é" });
    assert.deepEqual(ok('{"a":"\ufffd"}'), { a: "\ufffd" });
    assert.equal(message('{"a":"\ufffd\ud800"}'), "record is not UTF-8 (lone surrogate)");
    assert.equal(message('{"a":"\udc00 é"}'), "record is not UTF-8 (lone surrogate)");
    // Text without a code unit from U+D800 up skips both checks; text with one (fullwidth
    // punctuation, emoji, U+FFFD) takes them and is still accepted when it is well formed.
    assert.deepEqual(ok('{"a":"中文 € — ß"}'), { a: "中文 € — ß" });
    assert.deepEqual(ok('{"a":"中文，😀 \ufffd \uffef"}'), { a: "中文，😀 \ufffd \uffef" });
    assert.equal(message('{"a":"中文 \udbff"}'), "record is not UTF-8 (lone surrogate)");
    // Raw noncharacters in a string record, BMP and supplementary, after other non-ASCII text.
    for (const nc of ["\ufdd0", "\ufffe", "\uffff", "\ud83f\udffe", "\udbff\udfff"]) {
      fails(`{"a":"é ${nc}"}`, "invalid_json");
      fails(new TextEncoder().encode(`{"a":"é ${nc}"}`), "invalid_json");
      fails(Buffer.from(`{"é":1,"${nc}":2}`), "invalid_json");
    }
    // Bytes: a newline is named before bad UTF-8, found in the text after good UTF-8.
    assert.equal(message(new Uint8Array([0x7b, 0x0a, 0xff, 0x7d])), "a newline inside the record");
    assert.equal(message(new Uint8Array([0x7b, 0xff, 0x7d])), "record is not UTF-8");
    assert.equal(message(Buffer.from('{"é":\n1}')), "a newline inside the record");
    // Names that differ with the same length and first and last units still both count.
    assert.deepEqual(Object.keys(ok('{"abxa":1,"abya":2,"ab":3,"a":4}') as object), ["abxa", "abya", "ab", "a"]);
    fails('{"abxa":1,"abya":2,"abxa":3}', "invalid_json");
  });

  it("the compact proof accepts only what the exact scanner accepts, with the same value (issue #21)", () => {
    // Outcome of a parse: the value and whether it is marked, or the error's code and message.
    const outcome = (parse: typeof parseRecord, input: string | Uint8Array): unknown => {
      try {
        const r = parse(input, P);
        return { value: r.value, marked: r.marked };
      } catch (e) {
        assert.ok(e instanceof ProfileError, String(e));
        return { code: e.code, message: e.message };
      }
    };
    const same = (text: string): void => {
      const want = outcome(parseRecordExact, text);
      assert.deepEqual(outcome(parseRecord, text), want, text);
      assert.deepEqual(outcome(parseRecord, Buffer.from(text)), outcome(parseRecordExact, Buffer.from(text)), text);
    };
    const proven = (text: string): boolean => proves(text, JSON.parse(text), P);
    // Compact records of every kind of token are proven: the fast path is the common path.
    for (const text of [
      '{"a":"x","b":[1,-2,30,0.5,-0.25,0.01,0.015,12345678901],"c":{"d":null,"e":true,"f":false},"g":[],"h":{}}',
      '{"a":"say \\"hi\\" \\\\ \\n\\t\\/","\\u00e8":"\\u001f\\u20ac","é":"«ça»"}',
      '["x",[[[]]],{"0":1,"1":{"2":[]}}]',
      '"x"',
      "0",
    ]) {
      assert.ok(proven(text), text);
      same(text);
    }
    // A number spelled shorter than its value's shortest form could pay for a duplicate member
    // (`"k":0,` is 6 characters): the proof does not measure such numbers, the scanner decides.
    for (const text of [
      '{"k":0,"x":1e8,"k":0}', // 1e8 is 3 characters, 100000000 nine
      '{"k":0,"x":[1e-6,1e-4],"k":0}', // 0.000001 and 0.0001: 4 and 2 characters more
      '{"k":0,"x":[1e21,1e21,1e21,1e21,1e21,1e21],"k":0}', // 1e+21 is one longer than 1e21
      `{"k":0,"x":[${Array(6).fill("1152921504606847e3").join(",")}],"k":0}`, // 2^60: 1152921504606847000 is one longer
    ]) {
      assert.ok(!proven(text), text);
      fails(text, "invalid_json");
      same(text);
    }
    // An integral number written as a float must reach integer checks marked, even where the
    // float spelling is no longer than the integer (100 and 1e2).
    for (const text of ['{"a":1e2}', '{"a":1.0}', '{"a":[10,1e1]}', '{"a":-0.0}', '{"a":0e0}', '{"a":1E+2}']) {
      assert.ok(!proven(text), text);
      assert.equal(parseRecord(text, P).marked, true, text);
      same(text);
    }
    // `-0` is not a float spelling: accepted unmarked on the exact path (integer checks refuse it).
    assert.ok(!proven('{"a":-0}'));
    same('{"a":-0}');
    // Whitespace, escapes of U+D800 and above, and crossed bounds go to the scanner.
    for (const text of [
      '{"a":1, "a":1}',
      '{"a":1.5e-1}',
      '{"a":1}\r',
      '{"a":"\\ud83d\\ude00"}',
      '{"a":"\\ufffe"}',
      '{"a":"\\ud800"}',
      '{"\\uD83F\\uDFFF":1}',
      nest(LIMITS.max_json_depth + 1),
      `[${Array(LIMITS.max_array_items + 1).fill(0).join(",")}]`,
      fields(LIMITS.max_object_fields + 1),
      JSON.stringify({ a: "é".repeat(LIMITS.max_string_bytes / 2) + "a" }),
      JSON.stringify({ ["é".repeat(LIMITS.max_string_bytes / 2) + "a"]: 1 }),
    ]) {
      assert.ok(!proven(text), text);
      same(text);
    }
    // At the bounds exactly, compact records are proven.
    for (const text of [nest(LIMITS.max_json_depth), `[${Array(LIMITS.max_array_items).fill(0).join(",")}]`, fields(LIMITS.max_object_fields), JSON.stringify({ a: "é".repeat(LIMITS.max_string_bytes / 2) })]) {
      assert.ok(proven(text), text.slice(0, 40));
      same(text);
    }
  });

  it("the compact proof and the exact scanner agree on generated records (issue #21)", () => {
    // JSON text with the spellings the proof must see through: names from a small pool (so
    // duplicates are frequent), numbers in several spellings, escaped characters, whitespace.
    const name = fc.constantFrom("a", "b", "é", "\\u0061", "a\\n", "0", "__proto__");
    const number = fc.oneof(
      fc.integer({ min: -1000, max: 100000 }).map(String),
      fc.constantFrom("1e2", "1.0", "10e-1", "1E3", "-0", "0.0", "1e8", "1e21", "0.001", "1e-7", "2.5", "0.01", "123456789012345678901"),
    );
    const str = fc.constantFrom('""', '"x"', '"é€"', '"\\""', '"\\\\"', '"\\u00e9"', '"\\ud83d\\ude00"', '"\\u0000"', '"😀"', '"\\/"');
    const space = fc.constantFrom("", "", "", "", " ");
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: "small", withCrossShrink: true }, number, str, fc.constantFrom("true", "false", "null"), tie("array"), tie("object")),
      array: fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
      object: fc.array(fc.tuple(name, space, tie("value")), { maxLength: 4 }).map((ms) => `{${ms.map(([n, w, v]) => `"${n}"${w}:${v}`).join(",")}}`),
    }));
    fc.assert(
      fc.property(value as fc.Arbitrary<string>, (text) => same(text)),
      { numRuns: Number(process.env.AGENTWIRE_FUZZ_RUNS ?? 2000) },
    );
    function same(text: string): void {
      const run = (parse: typeof parseRecord): unknown => {
        try {
          const r = parse(text, P);
          return { value: r.value, marked: r.marked };
        } catch (e) {
          return { code: (e as ProfileError).code, message: (e as Error).message };
        }
      };
      assert.deepEqual(run(parseRecord), run(parseRecordExact), text);
    }
  });

  it("a record after a failed scan is scanned afresh", () => {
    fails('{"a":[[[', "invalid_json");
    fails('{"a":1,"a":2}', "invalid_json");
    assert.deepEqual(ok('{"a":[1]}'), { a: [1] });
  });
});
