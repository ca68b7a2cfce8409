/**
 * The byte scan (src/runtime/byteScan.wat): its module is the assembly of its source, it runs
 * here, it counts what a JavaScript reference counts on generated texts, and the UTF-8 lengths
 * it hands the validators are the right ones — also where JavaScript's property order or a
 * duplicate member could pair a string with another string's entry.
 */

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { CONSTANTS, DEFAULT_PROFILE, ProfileError, ProtocolError, decodeResponseRecord, parseRecord } from "../dist/index.js";
import { FLAG_LONE_SURROGATE, FLAG_NONCHARACTER, LONG_STRING, SCAN_FROM, byteScanAvailable, decodeBytes, lastScan, nextLong, scanBytes, scanText, useByteScan } from "../dist/runtime/byteScan.js";
import { BYTE_SCAN_WASM } from "../dist/runtime/byteScanModule.js";
import { str } from "../dist/runtime/check.js";

/** The package's default bounds: the advertised limits. */
const P = DEFAULT_PROFILE;
/** The bound of a replay item's text. */
const PART = CONSTANTS.replay_part_bytes;
const overPart = new RegExp(`longer than ${PART} bytes`);

/** What a scan must report for a valid JSON text, computed the slow, obvious way. */
function reference(text: string): { overhead: number; table: [number, number][]; flags: number } {
  let overhead = 0;
  let flags = 0;
  const table: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') continue;
    let j = i + 1;
    for (; text[j] !== '"'; j++) {
      if (text[j] === "\\") {
        if (text[j + 1] === "u") {
          if (/[dDeEfF]/.test(text[j + 2] as string)) return { overhead: -1, table: [], flags: 0 };
          overhead += 5;
          j += 5;
        } else {
          overhead += 1;
          j += 1;
        }
        continue;
      }
      const cp = text.codePointAt(j) as number;
      if (cp > 0xffff) j++;
      if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe) flags |= FLAG_NONCHARACTER;
      if (cp >= 0xd800 && cp <= 0xdfff) flags |= FLAG_LONE_SURROGATE;
    }
    const decoded = JSON.parse(text.slice(i, j + 1)) as string;
    if (decoded.length > LONG_STRING) table.push([decoded.length, Buffer.byteLength(decoded)]);
    i = j;
  }
  return { overhead, table, flags };
}

/** Both scans of `text` report what the reference does: overhead, flags, the table in text order. */
function scansAsReference(text: string): void {
  // Bytes: as a socket delivers them (a lone surrogate became U+FFFD on the way).
  const bytes = Buffer.from(text);
  check(scanBytes(bytes), reference(bytes.toString()), text);
  const n = scanText(text);
  const want = reference(text);
  if (n >= 0) assert.equal(n, Buffer.byteLength(text), text);
  check(n >= 0, want, text);
}

function check(ran: boolean, want: ReturnType<typeof reference>, text: string): void {
  // An escape from \uD800 up stops a scan: the record takes the JavaScript path.
  assert.equal(ran, want.overhead >= 0, text);
  if (!ran) return;
  assert.equal(lastScan.overhead, want.overhead, text);
  assert.equal(lastScan.flags, want.flags, text);
  assert.equal(lastScan.count, want.table.length, text);
  for (const [units, bytes] of want.table) assert.equal(nextLong(units), bytes, text);
}

/** The module's decoding of `bytes` is the fatal TextDecoder's: the same text, or both refuse. */
function sameAsTextDecoder(fatal: InstanceType<typeof TextDecoder>, bytes: Uint8Array): boolean {
  let want: string | null;
  try {
    want = fatal.decode(bytes);
  } catch {
    want = null;
  }
  return decodeBytes(bytes) === want;
}

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

describe("byte scan", () => {
  before(() => useByteScan(true, 0));
  after(() => useByteScan(true));

  it("its module is the assembly of byteScan.wat", () => {
    const script = fileURLToPath(new URL("../scripts/assemble-wasm.mjs", import.meta.url));
    execFileSync(process.execPath, [script, "--check"], { stdio: "pipe" });
  });

  it("runs on this Node (WebAssembly with SIMD, Buffer), so the tests below test it", () => {
    assert.ok(byteScanAvailable());
  });

  it("both scans count escapes, long strings, bytes and flags as the reference does, at every alignment", () => {
    const piece = fc.constantFrom("a", "é", "—", "😀", "\\n", '\\"', "\\\\", "\\/", "\\u00e9", "\\u0041", "\\u07ff", "\\u0800", "\\uCafe", "\\ud83d\\ude00", "\ufdd0", "\uffff", "\u{1fffe}", "\u{10ffff}", "\ufffd", "\ud800", "\udfff", "«", "中文", "，", "龍", "한", "\u8000", "\ud7ff", "x".repeat(15), "abcdefghijklmnopqrstuvwxyz01234");
    const text = fc.array(fc.array(piece, { maxLength: 60 }).map((ps) => `"${ps.join("")}"`), { minLength: 1, maxLength: 6 });
    const record = fc.tuple(text, fc.boolean(), fc.nat(16)).map(([strings, asObject, pad]) => {
      const body = asObject ? `{${strings.map((s, i) => `${s}:${i % 2 === 0 ? s : "1"}`).join(",")}}` : `[${strings.join(",")}]`;
      return `${"[".repeat(1 + pad)}${body}${"]".repeat(1 + pad)}`;
    });
    fc.assert(
      fc.property(record, (t) => {
        try {
          JSON.parse(t);
        } catch {
          return; // the scan is defined on what JSON.parse accepted (duplicate names aside)
        }
        scansAsReference(t);
      }),
      { numRuns: Number(process.env.AGENTWIRE_FUZZ_RUNS ?? 2000) },
    );
  });

  it("decodes UTF-8 exactly as a fatal TextDecoder does: every lead and second byte", () => {
    const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    const wrong: string[] = [];
    for (let b0 = 0x80; b0 <= 0xff; b0++) {
      for (let b1 = 0; b1 <= 0xff; b1++) {
        for (const tail of [[0x80, 0x80], [0x80], [], [0x41, 0x80]]) {
          const bytes = new Uint8Array([0x41, b0, b1, ...tail, 0x42]);
          if (!sameAsTextDecoder(fatal, bytes)) wrong.push([b0, b1, ...tail].map((b) => b.toString(16)).join(" "));
        }
      }
    }
    assert.deepEqual(wrong.slice(0, 10), []);
  });

  it("decodes UTF-8 exactly as a fatal TextDecoder does: generated texts, valid and not", () => {
    const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    const piece = fc.oneof(
      fc.constantFrom("a", "abcdefghijklmnopqrstuvwxyz012345", "é", "—", "😀", "\u{10ffff}", "中", "\ufeff", "\u0080", "\u07ff", "\u0800", "\uffff", "\u{10000}").map((t) => [...Buffer.from(t)]),
      // Bytes no well-formed text has there: stray continuations, C0/C1/F5..FF, overlong and
      // surrogate forms, past U+10FFFF, sequences cut short.
      fc.constantFrom([0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xf5, 0x80, 0x80, 0x80], [0xff], [0xe0, 0x80, 0x80], [0xe0, 0x9f, 0xbf], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf0, 0x80, 0x80, 0x80], [0xf0, 0x8f, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xc3], [0xe2, 0x80], [0xf0, 0x9f, 0x98]),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.nat(15), (pieces, pad) => {
        const bytes = new Uint8Array([...Array(pad).fill(0x20), ...pieces.flat()]);
        assert.ok(sameAsTextDecoder(fatal, bytes), [...bytes].map((b) => b.toString(16)).join(" "));
      }),
      { numRuns: Number(process.env.AGENTWIRE_FUZZ_RUNS ?? 2000) },
    );
  });

  it("a table that fills up is flagged and never written past the module's memory", () => {
    const wasm = globalThis as unknown as { WebAssembly: { Module: new (b: Uint8Array) => object; Instance: new (m: object) => { exports: Record<string, unknown> } } };
    const exports = new wasm.WebAssembly.Instance(new wasm.WebAssembly.Module(new Uint8Array(BYTE_SCAN_WASM))).exports as {
      memory: { buffer: ArrayBuffer };
      scan: (len: number, long: number) => number;
      capacity_bytes: { value: number };
      table: { value: number };
    };
    // 40,000 strings of one unit each, all "long" for `long` = 0: more than the table holds.
    const text = Buffer.from(`[${Array(40000).fill('"a"').join(",")}]`);
    assert.ok(text.length <= exports.capacity_bytes.value);
    new Uint8Array(exports.memory.buffer).set(text);
    assert.equal(exports.scan(text.length, 0), 0);
    const header = new Int32Array(exports.memory.buffer, exports.table.value - 16, 4);
    assert.ok((header[1] as number) & 4, "table-full flag");
    assert.equal(header[0], (exports.memory.buffer.byteLength - exports.table.value) / 8);
  });
});

describe("byte bounds from the scan", () => {
  // Defaults: the scanner from SCAN_FROM bytes, as an application runs it.
  before(() => useByteScan(true));

  it("a replay part of 2,048 UTF-8 bytes is accepted, one of 2,049 refused, from bytes and from a string", () => {
    // "string of 0..=2048 UTF-8 bytes": parts of ~1,870 units, the shape of pages the daemon writes.
    // Latin and punctuation (2 and 3 bytes), Hangul and CJK (3 bytes, units from U+8000), emoji (4).
    for (const [alphabet, bytesOf] of [["é—«", 7], ["한龍", 6], ["😀é", 6]] as const) {
      const part = (bytes: number): string => alphabet.repeat(Math.floor(bytes / bytesOf)) + "a".repeat(bytes % bytesOf);
      for (const input of [(t: string) => t, (t: string) => Buffer.from(t)]) {
        const good = replayPage([part(PART), part(PART - 1), part(PART)]);
        assert.ok(Buffer.byteLength(good) >= SCAN_FROM);
        const page = decodeResponseRecord(input(good), "session.replay");
        assert.equal(page.payload?.events.length, 3);
        const bad = replayPage([part(PART), part(PART + 1)]);
        assert.throws(() => decodeResponseRecord(input(bad), "session.replay"), (e: unknown) => e instanceof ProtocolError && e.code === "payload" && overPart.test(e.message));
      }
    }
  });

  it("a string after an index-like member name gets its own length, not the entry of the string before it in the text", () => {
    // JavaScript lists "1" before "b"; the text has "b" first. Same units, different bytes.
    const ascii = "a".repeat(1500);
    const accented = "é".repeat(1500);
    const record = JSON.stringify({ b: ascii, 1: accented }).replace(`{"1":"${accented}","b":"${ascii}"}`, `{"b":"${ascii}","1":"${accented}"}`);
    assert.ok(record.startsWith('{"b":'));
    const value = parseRecord(Buffer.from(record), P).value as Record<string, string>;
    assert.throws(() => str(value["1"], 0, PART), overPart);
    assert.equal(str(value.b, 0, PART), ascii);
  });

  it("a duplicate member's walk leaves no length behind for its strings", () => {
    // JSON.parse keeps the last "k" where the first was: the failed walk paired the accented
    // string with the ASCII one's entry (same units); nothing of that walk may be remembered.
    const ascii = "a".repeat(1500);
    const accented = "é".repeat(1500);
    assert.throws(() => parseRecord(Buffer.from(`{"k":"${ascii}","k":"${accented}"}`), P), (e: unknown) => e instanceof ProfileError && e.code === "invalid_json");
    assert.throws(() => str(accented, 0, PART), overPart);
  });

  it("a record the scan stops on (an escape from \\uD800 up) is not judged by the flags of the record before it", () => {
    const long = "é".repeat(SCAN_FROM);
    assert.throws(() => parseRecord(Buffer.from(`{"a":"${long}\ufdd0"}`), P), /noncharacter in a string/);
    assert.deepEqual(parseRecord(Buffer.from(`{"a":"${long}\\ud83d\\ude00"}`), P).value, { a: `${long}😀` });
    assert.deepEqual(parseRecord(`{"a":"${long}\\ud83d\\ude00"}`, P).value, { a: `${long}😀` });
  });

  it("a long string record: a lone surrogate is refused, a real U+FFFD accepted, a noncharacter refused", () => {
    const long = "é".repeat(SCAN_FROM);
    assert.throws(() => parseRecord(`{"a":"${long}\ud800"}`, P), /record is not UTF-8 \(lone surrogate\)/);
    assert.deepEqual(parseRecord(`{"a":"${long}\ufffd"}`, P).value, { a: `${long}\ufffd` });
    for (const input of [`{"a":"${long}\ufdd0"}`, Buffer.from(`{"a":"${long}\u{10ffff}"}`)]) {
      assert.throws(() => parseRecord(input, P), /noncharacter in a string/);
    }
  });
});
