/**
 * The record-level JSON profile (docs/decoding.md, "JSON profile"): checks that apply to a whole
 * record, unknown members included, before any schema rule.
 *
 * - record bytes (before the newline) ≤ `maxRecordBytes`; a record holds no other newline;
 * - UTF-8 (I-JSON): bytes are decoded with a fatal decoder; a string input must be well formed,
 *   and escaped lone surrogates (`"\ud800"`) are refused as the Rust decoder refuses them;
 * - no noncharacter (I-JSON, RFC 7493 §2.1: U+FDD0..U+FDEF and every code point whose low 16
 *   bits are FFFE or FFFF), raw or `\u`-escaped, in any string or member name;
 * - one JSON value with no duplicate member names at any level;
 * - depth ≤ `maxJsonDepth` (the top-level container is depth 1), `maxArrayItems` items per
 *   array, `maxObjectFields` members per object, `maxStringBytes` UTF-8 bytes per decoded
 *   string or member name;
 * - numbers the Rust decoder cannot hold (beyond the float range) are invalid JSON.
 *
 * How: this file checks the record's size, newline and UTF-8 (in that order, decoding.md's
 * precedence), `JSON.parse` builds the value, and the scanner (`jsonScanner.ts`) reads the text
 * for what `JSON.parse` cannot see, throwing the first violation in reading order. Which of the
 * scanner's modes reads it is chosen here, from two cheap native searches of the whole record
 * (`scanRecord`).
 */

import { floats, utf8Length } from "./check.js";
import { scan } from "./jsonScanner.js";
import type { ScanResult } from "./jsonScanner.js";
import { NONCHARACTER, ProfileError, invalid } from "./profileRules.js";
import type { ProfileLimits } from "./profileRules.js";

export { ProfileError } from "./profileRules.js";
export type { ProfileFailure, ProfileLimits } from "./profileRules.js";

/** A parsed record; `marked` says it carries float markers (see `floats` in check.ts). */
export interface ParsedRecord {
  readonly value: unknown;
  readonly marked: boolean;
}

/**
 * Check a record against the profile and parse it. A trailing `\n` (the record terminator) is
 * not part of the record; a `\r` before it is JSON whitespace. `outbound`: the record was
 * produced under the outbound rule, where `maxRecordBytes` counts the newline too (every record
 * a service sends); otherwise it bounds the bytes before the newline (requests a service reads).
 */
export function parseRecord(input: string | Uint8Array, limits: ProfileLimits, outbound = false): ParsedRecord {
  const max = outbound ? limits.maxRecordBytes - 1 : limits.maxRecordBytes;
  const text = typeof input === "string" ? stringText(input, max) : bytesText(input, max);
  const value = parseOrUnparsed(text);
  const { floatSpans } = scanRecord(input, text, value, limits);
  if (value === UNPARSED) invalid("not one JSON value");
  if (floatSpans.length === 0) return { value, marked: false };
  return { value: JSON.parse(markFloats(text, floatSpans)) as unknown, marked: true };
}

/** Check JSON text against the profile without building a value (used on encoded requests). */
export function checkProfile(text: string, limits: ProfileLimits, outbound = false): void {
  parseRecord(text, limits, outbound);
}

/** No parsed value. */
const UNPARSED: unique symbol = Symbol("unparsed");

/** The parsed value, or UNPARSED: invalid JSON is thrown later, by the scan, where it occurs. */
function parseOrUnparsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNPARSED;
  }
}

// ---------------------------------------------------------------------------------------------
// Choosing the scan
// ---------------------------------------------------------------------------------------------

/**
 * Scan the record in the cheapest mode that still throws its first violation (the modes are
 * described at `ScanMode` in jsonScanner.ts). Two native searches of the whole record decide: when
 * `JSON.parse` refused the text, or it may hold a raw noncharacter or an escape from `\uD000`
 * up, the careful scan reads everything. Otherwise no escape and no raw character inside a
 * string can break the profile, and member names are counted rather than compared:
 * `JSON.parse` keeps one member per name, so the record has a duplicate exactly when it has
 * more names than the parsed value has members. Any doubt (a duplicate, or any violation,
 * which an earlier duplicate might precede) is settled by comparing names.
 */
function scanRecord(input: string | Uint8Array, text: string, value: unknown, limits: ProfileLimits): ScanResult {
  // First, whatever the mode: a string's lone surrogate is a UTF-8 failure, which precedes a JSON one.
  const noncharacter = rawNoncharacter(input, text);
  if (noncharacter || value === UNPARSED || escapesFromD000(text)) return scan(text, limits, "careful");
  try {
    const counted = scan(text, limits, "count");
    if (counted.memberNames === members(value)) return counted;
  } catch (e) {
    if (!(e instanceof ProfileError)) throw e;
  }
  return scan(text, limits, "compare");
}

const hasOwn = Object.prototype.hasOwnProperty;

/** How many members the objects in a parsed value have, all levels together. */
function members(v: unknown): number {
  if (typeof v !== "object" || v === null) return 0;
  let n = 0;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) n += members(v[i]);
    return n;
  }
  // Own members only: an enumerable member inherited from a polluted prototype is no member.
  // (`for…in` with this check is twice as fast as `Object.keys` here: no array is built.)
  for (const k in v) if (hasOwn.call(v, k)) n += 1 + members((v as Record<string, unknown>)[k]);
  return n;
}

// ---------------------------------------------------------------------------------------------
// Record text: size, newline, UTF-8
// ---------------------------------------------------------------------------------------------

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const NEWLINE_INSIDE = "a newline inside the record";

/** Refuse a record longer than `max` bytes (before its newline). */
function tooLarge(max: number): never {
  throw new ProfileError("record_too_large", `record longer than ${max} bytes`);
}

/** `max`: the most bytes the record may have before its newline. */
function bytesText(bytes: Uint8Array, max: number): string {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0a ? bytes.length - 1 : bytes.length;
  if (end > max) tooLarge(max);
  const record = end === bytes.length ? bytes : bytes.subarray(0, end);
  let text: string;
  try {
    text = utf8.decode(record);
  } catch {
    // The newline is the earlier failure (decoding.md).
    if (record.indexOf(0x0a) >= 0) invalid(NEWLINE_INSIDE);
    return invalid("record is not UTF-8");
  }
  // A 0x0A byte is never part of a multi-byte character: the text has it where the bytes do.
  if (text.indexOf("\n") >= 0) invalid(NEWLINE_INSIDE);
  return text;
}

function stringText(s: string, max: number): string {
  const text = s.endsWith("\n") ? s.slice(0, -1) : s;
  if (text.length > max || (text.length * 3 > max && utf8Length(text) > max)) tooLarge(max);
  if (text.indexOf("\n") >= 0) invalid(NEWLINE_INSIDE);
  return text;
}

// ---------------------------------------------------------------------------------------------
// Whole-record searches: raw noncharacters, escapes from \uD000 up
// ---------------------------------------------------------------------------------------------

/**
 * Surrogates and noncharacters are all code units from U+D800 up: text without one (most text,
 * CJK included) needs neither check, and one single-range search says so.
 */
const HIGH_UNIT = /[\ud800-\uffff]/;
/** In Unicode mode a surrogate pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;
const RAW_NONCHARACTER = new RegExp(NONCHARACTER);

/**
 * Whether the record holds a raw noncharacter anywhere (outside strings one is invalid JSON
 * anyway); a string record with a lone surrogate is refused here, after its size and newline.
 * An ASCII bytes record has none; other bytes are searched natively for the UTF-8 forms where
 * Node's Buffer is there, several times faster than a regular expression over the text.
 */
function rawNoncharacter(input: string | Uint8Array, text: string): boolean {
  if (typeof input !== "string") {
    const end = input[input.length - 1] === 0x0a ? input.length - 1 : input.length;
    // Every noncharacter's UTF-8 holds a byte EF or BF: most text has neither.
    if (text.length === end || (input.indexOf(0xef) < 0 && input.indexOf(0xbf) < 0)) return false;
    if (nodeBuffer !== undefined) return bytesNoncharacter(nodeBuffer.from(input.buffer, input.byteOffset, end));
  }
  if (!HIGH_UNIT.test(text)) return false;
  if (typeof input === "string" && LONE_SURROGATE.test(text)) invalid("record is not UTF-8 (lone surrogate)");
  return RAW_NONCHARACTER.test(text);
}

/**
 * Whether the text may hold an escape from `\uD000` up (surrogates, noncharacters): `\u` then
 * d, e or f. An escaped backslash before a `u` matches too, which costs only a careful scan.
 */
function escapesFromD000(s: string): boolean {
  for (let p = s.indexOf("\\u"); p >= 0; p = s.indexOf("\\u", p + 2)) {
    const c = s.charCodeAt(p + 2) | 0x20;
    if (c === 0x64 || c === 0x65 || c === 0x66) return true;
  }
  return false;
}

interface NodeBuffer {
  from(buffer: ArrayBufferLike, offset: number, length: number): ByteSearch;
}
/** Node's Buffer searches for a byte sequence natively (`Uint8Array#indexOf` takes one byte). */
interface ByteSearch {
  readonly [index: number]: number | undefined;
  indexOf(needle: Uint8Array, from?: number): number;
}
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
const EF_B7 = new Uint8Array([0xef, 0xb7]);
const BF_BE = new Uint8Array([0xbf, 0xbe]);
const BF_BF = new Uint8Array([0xbf, 0xbf]);

/** Whether UTF-8 bytes spell a noncharacter: EF B7 90..AF; EF BF BE/BF; F0..F4 xF BF BE/BF. */
function bytesNoncharacter(b: ByteSearch): boolean {
  for (let p = b.indexOf(EF_B7); p >= 0; p = b.indexOf(EF_B7, p + 2)) {
    const third = b[p + 2] as number;
    if (third >= 0x90 && third <= 0xaf) return true;
  }
  for (const needle of [BF_BE, BF_BF]) {
    for (let p = b.indexOf(needle); p >= 0; p = b.indexOf(needle, p + 1)) {
      // The BF is a 3-byte character's second byte after lead EF (U+FFFE/F), or a 4-byte
      // character's third byte after a second byte xF (U+xFFFE/F); other places spell characters.
      if (p >= 1 && b[p - 1] === 0xef) return true;
      if (p >= 2 && (b[p - 2] as number) >= 0xf0 && ((b[p - 1] as number) & 0x0f) === 0x0f) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Float markers
// ---------------------------------------------------------------------------------------------

/** Rewrite each remembered number as `{"<marker>":"<text>"}` so integer checks refuse it. */
function markFloats(s: string, spans: readonly number[]): string {
  const key = JSON.stringify(floats.key);
  let out = "";
  let from = 0;
  for (let p = 0; p < spans.length; p += 2) {
    const a = spans[p]!;
    const b = spans[p + 1]!;
    out += `${s.slice(from, a)}{${key}:"${s.slice(a, b)}"}`;
    from = b;
  }
  return out + s.slice(from);
}
