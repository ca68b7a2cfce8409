/** The record-level JSON profile: size, UTF-8, one value, duplicates, depth, items, fields, bytes. */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { DEFAULT_PROFILE, LIMITS, ProfileError, parseRecord, decodeSessionMessageRecord, toWire } from "../dist/index.js";
import type { ProfileFailure } from "../dist/index.js";
import { floats, unmark } from "../dist/runtime/check.js";

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

  it("duplicates are found by counting the parsed value's members, whatever the prototype holds", () => {
    // JSON.parse keeps one member per name: a text with more names than the value has members
    // has a duplicate. `__proto__` is an own member of a parsed object and counts like any other.
    fails('{"__proto__":1,"__proto__":2}', "invalid_json");
    fails('{"a":[{"__proto__":{"b":1,"b":2}}]}', "invalid_json");
    assert.deepEqual(Object.keys(ok('{"__proto__":{"a":1},"b":2}') as object), ["__proto__", "b"]);
    // An enumerable member on Object.prototype (a polluted page) must not hide a duplicate or
    // refuse a good record: the counts disagree, and the exact scan decides.
    Object.defineProperty(Object.prototype, "polluted", { value: 1, enumerable: true, configurable: true });
    try {
      fails('{"a":1,"a":2}', "invalid_json");
      assert.deepEqual(ok('{"a":{"b":1},"c":[{"d":2}]}'), { a: { b: 1 }, c: [{ d: 2 }] });
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it("escapes: quotes and backslashes inside strings and names", () => {
    assert.deepEqual(ok('{"a":"x\\\\"}'), { a: "x\\" });
    assert.deepEqual(ok('{"a":"say \\"hi\\" \\\\","b":"\\\\\\""}'), { a: 'say "hi" \\', b: '\\"' });
    assert.deepEqual(Object.keys(ok('{"a\\\\":1,"a\\\\\\\\":2}') as object), ["a\\", "a\\\\"]);
    fails('{"a\\"b":1,"a\\u0022b":2}', "invalid_json");
    fails('{"a":"x\\"}', "invalid_json");
    fails('{"a":"\\u12"}', "invalid_json");
    // An escaped backslash before `u` or before the closing quote is no escape of what follows.
    assert.deepEqual(ok('{"a":"\\\\ud800","b":"\\\\"}'), { a: "\\ud800", b: "\\" });
    assert.deepEqual(ok(`{"a":"${"\\\\".repeat(LIMITS.max_string_bytes)}"}`), { a: "\\".repeat(LIMITS.max_string_bytes) });
    fails(`{"a":"${"\\\\".repeat(LIMITS.max_string_bytes)}x"}`, "limit_exceeded");
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
    // Raw characters a string may not hold count where they stand: before a crossed bound they
    // decide, after it they do not.
    for (const raw of ["\u0001", "\ufdd0", "\udbff\udfff"]) {
      fails(`["${raw}",${items(over, "0")}]`, "invalid_json");
      fails(`[${items(over, "0")},"${raw}"]`, "limit_exceeded");
      fails(Buffer.from(`["${raw}",${items(over, "0")}]`), "invalid_json");
      fails(Buffer.from(`[${items(over, "0")},"${raw}"]`), "limit_exceeded");
    }
  });

  it("integral floats are marked only when they are JSON numbers", () => {
    for (const bad of ["1.", "01.5", "-1.e2", "1.0.0", "1e", "-"]) fails(`{"a":${bad}}`, "invalid_json");
    assert.equal(parseRecord('{"a":[1.0,1e2,-0.0,0.5]}', P).marked, true);
  });

  it("a newline inside a record ends it", () => {
    fails('{"a":\n1}', "invalid_json");
  });

  it("string and bytes records: lone surrogates, noncharacters and newlines beside other non-ASCII text (issue #21)", () => {
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

  it("duplicates are found, and integral floats marked, whatever the numbers' spellings (issue #21)", () => {
    // Numbers spelled shorter or longer than their shortest form do not hide a duplicate.
    for (const text of [
      '{"k":0,"x":1e8,"k":0}',
      '{"k":0,"x":[1e-6,1e-4],"k":0}',
      '{"k":0,"x":[1e21,1e21,1e21,1e21,1e21,1e21],"k":0}',
      `{"k":0,"x":[${Array(6).fill("1152921504606847e3").join(",")}],"k":0}`,
      '{"a":1, "a":1}',
    ]) {
      fails(text, "invalid_json");
      fails(Buffer.from(text), "invalid_json");
    }
    // An integral number written as a float must reach integer checks marked, even where the
    // float spelling is no longer than the integer (100 and 1e2).
    for (const text of ['{"a":1e2}', '{"a":1.0}', '{"a":[10,1e1]}', '{"a":-0.0}', '{"a":0e0}', '{"a":1E+2}']) {
      assert.equal(parseRecord(text, P).marked, true, text);
      assert.equal(parseRecord(Buffer.from(text), P).marked, true, text);
    }
    // `-0` is not a float spelling, nor are non-integral floats: accepted unmarked (integer checks refuse -0).
    for (const text of ['{"a":-0}', '{"a":1.5e-1}', '{"a":[0.5,-0.25,0.01,0.015,12345678901]}']) {
      const r = parseRecord(text, P);
      assert.deepEqual({ value: r.value, marked: r.marked }, { value: JSON.parse(text), marked: false }, text);
    }
  });

  it("escapes from U+D800 up, whitespace and the bounds exactly", () => {
    assert.deepEqual(ok('{"a":1}\r'), { a: 1 });
    assert.deepEqual(ok('{"a":"\\ud83d\\ude00"}'), { a: "😀" });
    for (const text of ['{"a":"\\ufffe"}', '{"a":"\\ud800"}', '{"\\uD83F\\uDFFF":1}']) fails(text, "invalid_json");
    for (const text of [
      nest(LIMITS.max_json_depth + 1),
      `[${Array(LIMITS.max_array_items + 1).fill(0).join(",")}]`,
      fields(LIMITS.max_object_fields + 1),
      JSON.stringify({ a: "é".repeat(LIMITS.max_string_bytes / 2) + "a" }),
      JSON.stringify({ ["é".repeat(LIMITS.max_string_bytes / 2) + "a"]: 1 }),
    ]) {
      fails(text, "limit_exceeded");
    }
    for (const text of [nest(LIMITS.max_json_depth), `[${Array(LIMITS.max_array_items).fill(0).join(",")}]`, fields(LIMITS.max_object_fields), JSON.stringify({ a: "é".repeat(LIMITS.max_string_bytes / 2) })]) {
      assert.deepEqual(ok(text), JSON.parse(text), text.slice(0, 40));
    }
  });

  it("generated records: duplicates refused, values as JSON.parse reads them, integral floats marked (issue #21)", () => {
    // JSON text with the spellings that matter: names from a small pool (so duplicates are
    // frequent, some spelled with escapes), numbers in several spellings, escaped characters,
    // whitespace. Each piece carries what it means: a duplicate somewhere, an integral float.
    interface Piece {
      text: string;
      duplicate: boolean;
      float: boolean;
    }
    const name = fc.constantFrom("a", "b", "é", "\\u0061", "a\\n", "0", "__proto__");
    const number = fc
      .oneof(
        fc.integer({ min: -1000, max: 100000 }).map(String),
        fc.constantFrom("1e2", "1.0", "10e-1", "1E3", "-0", "0.0", "1e8", "1e21", "0.001", "1e-7", "2.5", "0.01", "123456789012345678901"),
      )
      .map((text): Piece => ({ text, duplicate: false, float: /[.eE]/.test(text) && Number.isInteger(Number(text)) }));
    const str = fc.constantFrom('""', '"x"', '"é€"', '"\\""', '"\\\\"', '"\\u00e9"', '"\\ud83d\\ude00"', '"\\u0000"', '"😀"', '"\\/"').map((text): Piece => ({ text, duplicate: false, float: false }));
    const literal = fc.constantFrom("true", "false", "null").map((text): Piece => ({ text, duplicate: false, float: false }));
    const space = fc.constantFrom("", "", "", "", " ");
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: "small", withCrossShrink: true }, number, str, literal, tie("array"), tie("object")),
      array: fc.array(tie("value"), { maxLength: 4 }).map((items): Piece => {
        const ps = items as Piece[];
        return { text: `[${ps.map((p) => p.text).join(",")}]`, duplicate: ps.some((p) => p.duplicate), float: ps.some((p) => p.float) };
      }),
      object: fc.array(fc.tuple(name, space, tie("value")), { maxLength: 4 }).map((ms): Piece => {
        const decoded = ms.map(([n]) => JSON.parse(`"${n}"`) as string);
        const ps = ms.map(([, , v]) => v as Piece);
        return {
          text: `{${ms.map(([n, w], i) => `"${n}"${w}:${ps[i]!.text}`).join(",")}}`,
          duplicate: new Set(decoded).size < decoded.length || ps.some((p) => p.duplicate),
          float: ps.some((p) => p.float),
        };
      }),
    }));
    fc.assert(
      fc.property(value as fc.Arbitrary<Piece>, (piece) => {
        for (const input of [piece.text, Buffer.from(piece.text)]) {
          if (piece.duplicate) {
            fails(input, "invalid_json");
            continue;
          }
          const r = parseRecord(input, P);
          assert.equal(r.marked, piece.float, piece.text);
          floats.active = r.marked;
          try {
            assert.deepEqual(r.marked ? unmark(r.value) : r.value, JSON.parse(piece.text), piece.text);
          } finally {
            floats.active = false;
          }
        }
      }),
      { numRuns: Number(process.env.AGENTWIRE_FUZZ_RUNS ?? 2000) },
    );
  });

  it("a record after a failed scan is scanned afresh", () => {
    fails('{"a":[[[', "invalid_json");
    fails('{"a":1,"a":2}', "invalid_json");
    assert.deepEqual(ok('{"a":[1]}'), { a: [1] });
    // The careful scan stops at the raw control character with its search for backslashes
    // already at the last escape, far ahead; the next record's escapes must all be read (each
    // `\\n` is two characters and one byte), so its string fits exactly, and one more does not.
    fails(`{"a":"\\n\u0001${" ".repeat(3 * LIMITS.max_string_bytes)}\\n"}`, "invalid_json");
    const escapes = "\\n".repeat(LIMITS.max_string_bytes);
    assert.equal((ok(`{"a":"${escapes}"}`) as { a: string }).a, "\n".repeat(LIMITS.max_string_bytes));
    fails(`{"a":"${escapes}\\n"}`, "limit_exceeded");
  });
});
