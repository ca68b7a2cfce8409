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
 * How: `JSON.parse` is fast but silently keeps the last of duplicate members and says nothing
 * about depth or sizes, so one allocation-free scanner pass over the text measures all of that
 * first, then `JSON.parse` builds the value (and is the authority on syntax). The scanner never
 * visits the characters inside a string: native `indexOf` jumps from quote to backslash to quote,
 * and a string's decoded size follows from its raw length minus what its escapes save. Member
 * names are compared by raw span with the other names of their object (by length first), and
 * only names with escapes are decoded to compare. bench/decode.mjs measures the cost.
 *
 * Compact records (what services write) skip the scanner: compactProof.ts parses first and
 * proves the same checks from the parsed value and the text's length, with one native search
 * for escapes instead of one per string. What it cannot prove goes through the scanner.
 *
 * Precedence (decoding.md): record size, then UTF-8, then the JSON profile and the structural
 * limits in **reading order** — the first violation met reading the record from its start
 * decides between `invalid_json` and `limit_exceeded`, and nothing past a crossed bound counts.
 * The scanner is the fast path for valid records; it does not check the whole grammar (that is
 * `JSON.parse`'s business) and counts some bounds earlier than a streaming reader crosses them.
 * So whenever it meets a crossed bound, the record is classified again by {@link classify}, a
 * plain streaming reader with the reference decoder's order (`generated/src/runtime/bounded.rs`
 * on serde_json): syntax errors where they occur, a container's depth on its opening bracket, a
 * string's size once it is read, an object's member count and duplicates after each name, an
 * array's item count after each item. Records without a crossed bound never take that path.
 */

import { floats } from "./check.js";
import { FLAG_LONE_SURROGATE, FLAG_NONCHARACTER, decodeBytes, lastScan, scanBytes, scanDecoded, scanText } from "./byteScan.js";
import { proves } from "./compactProof.js";

/** The structural bounds of a record, in the units of the limits they come from. */
export interface ProfileLimits {
  readonly maxRecordBytes: number;
  readonly maxJsonDepth: number;
  readonly maxArrayItems: number;
  readonly maxObjectFields: number;
  readonly maxStringBytes: number;
}

/** Why a record fails the profile; the names are the request error codes for the same failure. */
export type ProfileFailure = "record_too_large" | "invalid_json" | "limit_exceeded";

export class ProfileError extends Error {
  constructor(
    readonly code: ProfileFailure,
    message: string,
  ) {
    super(message);
    this.name = "ProfileError";
  }
}

/** A parsed record; `marked` says it carries float markers (see `floats` in check.ts). */
export interface ParsedRecord {
  readonly value: unknown;
  readonly marked: boolean;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Check a record against the profile and parse it. A trailing `\n` (the record terminator) is
 * not part of the record; a `\r` before it is JSON whitespace. `outbound`: the record was
 * produced under the outbound rule, where `maxRecordBytes` counts the newline too (every record
 * a service sends); otherwise it bounds the bytes before the newline (requests a service reads).
 */
export function parseRecord(input: string | Uint8Array, limits: ProfileLimits, outbound = false): ParsedRecord {
  const text = recordText(input, limits, outbound);
  let value: unknown = UNPARSED;
  try {
    value = JSON.parse(text);
  } catch {
    // Invalid JSON: the exact check names the first violation in reading order.
  }
  if (value === UNPARSED) return exactRecord(input, text, limits, value);
  // Bytes the module did not decode (`bytesRecord`) are scanned once JSON.parse took them; the
  // scan's table means nothing on text that is not JSON.
  if (typeof input !== "string" && !scanned) scanned = scanBytes(recordBytes(input));
  if (proves(text, value, limits, scanned ? lastScan : undefined)) {
    if (rawNoncharacter(input, text)) invalid("noncharacter in a string");
    return { value, marked: false };
  }
  return exactRecord(input, text, limits, value);
}

/** Whether the byte scan (byteScan.ts) ran over the current record; set by `recordText` and `parseRecord`. */
let scanned = false;

/** Where a bytes record ends: before its newline, if it has one. */
function recordEnd(bytes: Uint8Array): number {
  return bytes.length > 0 && bytes[bytes.length - 1] === 0x0a ? bytes.length - 1 : bytes.length;
}

/** A bytes record without its newline. */
function recordBytes(bytes: Uint8Array): Uint8Array {
  const end = recordEnd(bytes);
  return end === bytes.length ? bytes : bytes.subarray(0, end);
}

/** No parsed value (yet). */
const UNPARSED: unique symbol = Symbol("unparsed");

/**
 * {@link parseRecord} without the compact proof (compactProof.ts): every record through the
 * exact scanner. The reference the tests pin the fast path to; same results, slower.
 */
export function parseRecordExact(input: string | Uint8Array, limits: ProfileLimits, outbound = false): ParsedRecord {
  return exactRecord(input, recordText(input, limits, outbound), limits, UNPARSED);
}

/** The record's text after the size and UTF-8 checks (and the newline check, or `exactRecord` makes it). */
function recordText(input: string | Uint8Array, limits: ProfileLimits, outbound: boolean): string {
  const max = outbound ? limits.maxRecordBytes - 1 : limits.maxRecordBytes;
  scanned = false;
  return typeof input === "string" ? stringRecord(input, max) : bytesRecord(input, max);
}

/**
 * The exact check of a record's text: the scanner, the reading-order classification of a
 * crossed bound, raw noncharacters, then `JSON.parse` with float markers. It decides every
 * record alike; `parseRecord` skips it for the records the compact proof accepts.
 */
function exactRecord(input: string | Uint8Array, text: string, limits: ProfileLimits, parsed: unknown): ParsedRecord {
  // The newline check of records the compact proof may accept, which have none: JSON.parse
  // refuses one in a string and the proof one between tokens. A 0x0A byte is never part of a
  // multi-byte character: the text has it where the bytes do.
  if (text.indexOf("\n") >= 0) invalid(NEWLINE_INSIDE);
  let floatsAt: number[] | null;
  try {
    floatsAt = scan(text, limits);
  } catch (e) {
    // An invalid token after a crossed bound: which came first in reading order?
    if (e instanceof ProfileError && violation !== null) throw classify(text, limits, violation);
    throw e;
  }
  if (violation !== null) throw classify(text, limits, violation);
  if (rawNoncharacter(input, text)) invalid("noncharacter in a string");
  const marked = floatsAt !== null;
  // `JSON.parse` of the text already ran (parseRecord): without markers its value stands.
  if (!marked && parsed !== UNPARSED) return { value: parsed, marked };
  try {
    return { value: JSON.parse(marked ? markFloats(text, floatsAt as number[]) : text) as unknown, marked };
  } catch (e) {
    if (e instanceof SyntaxError) throw new ProfileError("invalid_json", "not one JSON value");
    throw e;
  }
}

/** Check JSON text against the profile without building a value (used on encoded requests). */
export function checkProfile(text: string, limits: ProfileLimits, outbound = false): void {
  parseRecord(text, limits, outbound);
}

/** `max`: the most bytes the record may have before its newline. */
function bytesRecord(bytes: Uint8Array, max: number): string {
  const record = recordBytes(bytes);
  if (record.length > max) tooLarge(max);
  const decoded = decodeBytes(record);
  if (decoded !== null) {
    scanned = scanDecoded(record.length);
    return decoded;
  }
  let text: string;
  try {
    text = utf8.decode(record);
  } catch {
    // The newline is the earlier failure (decoding.md); looked for here only, since
    // `Uint8Array#indexOf` costs several times a string search.
    if (record.indexOf(0x0a) >= 0) invalid(NEWLINE_INSIDE);
    throw new ProfileError("invalid_json", "record is not UTF-8");
  }
  return text;
}

function stringRecord(s: string, max: number): string {
  const text = s.endsWith("\n") ? s.slice(0, -1) : s;
  const bytes = text.length > max ? -1 : scanText(text);
  if (bytes >= 0) return scannedText(text, bytes, max);
  if (text.length > max || (text.length * 3 > max && utf8Length(text) > max)) {
    tooLarge(max);
  }
  if (text.indexOf("\n") >= 0) invalid(NEWLINE_INSIDE);
  // Surrogates and noncharacters are all code units from U+D800 up: text without one (most
  // text, CJK included) needs neither check, and one native test says so.
  if (!HIGH_UNIT.test(text)) {
    encoded = 0;
    return text;
  }
  encoded = encode(text);
  // A lone surrogate encodes as U+FFFD (EF BF BD): only a record holding those bytes (or that
  // could not be encoded) needs the exact check.
  if (encoded < 0 || (encoded > text.length && (scratchView as ByteSearch).indexOf(REPLACEMENT) >= 0)) {
    if (!isWellFormed(text)) invalid(LONE_SURROGATE);
  }
  return text;
}

/**
 * The checks of `stringRecord` on a text the byte scan read (`bytes` of UTF-8), in the same
 * order; the scan found any lone surrogate, and the newline check waits for `exactRecord`
 * unless it must come before the surrogate one. Its noncharacters are in the scan's flags
 * (`rawNoncharacter`).
 */
function scannedText(text: string, bytes: number, max: number): string {
  if (bytes > max) tooLarge(max);
  if ((lastScan.flags & FLAG_LONE_SURROGATE) !== 0) {
    if (text.indexOf("\n") >= 0) invalid(NEWLINE_INSIDE);
    invalid(LONE_SURROGATE);
  }
  scanned = true;
  return text;
}

/**
 * UTF-8 of the last string record, in `scratch[0, encoded)` (`scratchView` over exactly those
 * bytes), so its noncharacter check is the native byte search of a bytes record instead of a
 * regular expression over UTF-16 (several times slower); -1 when not encoded (no Node Buffer,
 * or a record too long for the scratch buffer); 0 when the record has no code unit from U+D800
 * up, so nothing to search.
 */
let encoded = -1;
let scratch = new Uint8Array(0);
let scratchView: ByteSearch | null = null;
const encoder = new TextEncoder();
const REPLACEMENT = new Uint8Array([0xef, 0xbf, 0xbd]);
/** One range, so one comparison per unit (about half the time of the exact expressions). */
const HIGH_UNIT = /[\ud800-\uffff]/;
/** Scratch bytes kept at most: three per UTF-16 unit of a 64 KiB record. */
const MAX_SCRATCH = 3 * 65536;

function encode(text: string): number {
  if (nodeBuffer === undefined || text.length * 3 > MAX_SCRATCH) return -1;
  if (scratch.length < text.length * 3) scratch = new Uint8Array(Math.min(MAX_SCRATCH, Math.max(1024, text.length * 6)));
  const written = encoder.encodeInto(text, scratch).written;
  scratchView = nodeBuffer.from(scratch.buffer, 0, written);
  return written;
}

// ---------------------------------------------------------------------------------------------
// Scanner state, reused across calls (decoding is synchronous) so a scan allocates nothing.
// Frames are indexed by depth; the name pool holds the member names of every open object.
// ---------------------------------------------------------------------------------------------

const OBJECT = 1;
const ARRAY = 2;

let kinds = new Uint8Array(64);
let counts = new Int32Array(64);
let nameBase = new Int32Array(64);
/** Raw span of each pooled member name (between its quotes), and its key (`nameKey`). */
let nameStart = new Int32Array(256);
let nameEnd = new Int32Array(256);
let nameKeys = new Int32Array(256);

/** The first structural-limit violation of the current scan, if any. */
let violation: string | null = null;
/** Position of the next backslash at or after the scan position (`n` when none). */
let nextBackslash = 0;
/** [start, end) pairs of integral numbers written as floats, or null. */
let floatSpans: number[] | null = null;
/** Decoded UTF-8 bytes, and whether it had escapes, of the last string `string()` read. */
let lastBytes = 0;
let lastEscaped = false;

function invalid(message: string): never {
  throw new ProfileError("invalid_json", message);
}

const NEWLINE_INSIDE = "a newline inside the record";
const LONE_SURROGATE = "record is not UTF-8 (lone surrogate)";

/** Refuse a record longer than `max` bytes (before its newline). */
function tooLarge(max: number): never {
  throw new ProfileError("record_too_large", `record longer than ${max} bytes`);
}

function limit(message: string): void {
  if (violation === null) violation = message;
}

/** Scan `s`; returns the float spans to mark (or null) and leaves any violation in `violation`. */
function scan(s: string, lim: ProfileLimits): number[] | null {
  const n = s.length;
  // Bounds and frame arrays in locals: the loop runs once per token.
  const maxDepth = lim.maxJsonDepth;
  const maxItems = lim.maxArrayItems;
  const maxString = lim.maxStringBytes;
  let kind = kinds;
  let count = counts;
  violation = null;
  floatSpans = null;
  nextBackslash = -1;
  let depth = 0;
  let names = 0;
  let expectName = false;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    switch (c) {
      case 0x20:
      case 0x0a:
      case 0x0d:
      case 0x09:
      case 0x3a: // ':' — the grammar is JSON.parse's business
        i++;
        break;
      case 0x2c: // ','
        expectName = kind[depth] === OBJECT;
        i++;
        break;
      case 0x7b: // '{'
      case 0x5b: // '['
        if (kind[depth] === ARRAY && ++count[depth]! > maxItems) limit(`array with more than ${maxItems} items`);
        if (++depth > maxDepth) limit(`nesting deeper than ${maxDepth}`);
        if (depth >= kind.length) {
          growFrames();
          kind = kinds;
          count = counts;
        }
        kind[depth] = c === 0x7b ? OBJECT : ARRAY;
        count[depth] = 0;
        nameBase[depth] = names;
        expectName = c === 0x7b;
        i++;
        break;
      case 0x7d: // '}'
      case 0x5d: // ']'
        if (depth === 0) invalid("unbalanced brackets");
        names = nameBase[depth]!;
        kind[depth--] = 0;
        expectName = false;
        i++;
        break;
      case 0x22: // '"'
        if (expectName) {
          i = memberName(s, i + 1, depth, names, lim);
          if (count[depth]! <= lim.maxObjectFields) names++;
          expectName = false;
        } else {
          if (kind[depth] === ARRAY && ++count[depth]! > maxItems) limit(`array with more than ${maxItems} items`);
          i = string(s, i + 1, maxString);
          if (lastBytes > maxString) limit(`string longer than ${maxString} bytes`);
        }
        break;
      default:
        if (kind[depth] === ARRAY && ++count[depth]! > maxItems) limit(`array with more than ${maxItems} items`);
        i = c === 0x2d || (c >= 0x30 && c <= 0x39) ? number(s, i) : literal(s, i);
    }
  }
  if (depth !== 0) invalid("unbalanced brackets");
  return floatSpans;
}

/** `true`, `false`, `null`: letters only; `JSON.parse` checks the spelling. */
function literal(s: string, i: number): number {
  let j = i;
  for (let c = s.charCodeAt(j); c >= 0x61 && c <= 0x7a; c = s.charCodeAt(++j));
  if (j === i) invalid("unexpected character");
  return j;
}

/**
 * A number token. Integral values written with a fraction or exponent are remembered for
 * marking; values beyond the float range are invalid JSON (the Rust decoder refuses them).
 */
function number(s: string, i: number): number {
  let j = i;
  let float = false;
  for (;;) {
    const c = s.charCodeAt(j);
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b) j++;
    else if (c === 0x2e || c === 0x65 || c === 0x45) {
      float = true;
      j++;
    } else break;
  }
  if (float || j - i > 300) {
    const text = s.slice(i, j);
    // A marked number is never seen by JSON.parse: its grammar is checked here (`1.`, `01.5`).
    if (float && !NUMBER.test(text)) invalid("invalid number");
    const x = Number(text);
    if (x === Infinity || x === -Infinity) invalid("number out of range");
    if (float && Number.isInteger(x)) (floatSpans ??= []).push(i, j);
  }
  return j;
}

/** The JSON number grammar (RFC 8259). */
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * A string starting after its opening quote; returns the index after its closing quote and
 * leaves its decoded UTF-8 size in `lastBytes` (exact, or a bound ≤ `max` when the raw length
 * already proves it fits). Native `indexOf` jumps from quote to backslash to quote, so the
 * characters between escapes are never visited by JavaScript.
 */
function string(s: string, j: number, max: number): number {
  let q = s.indexOf('"', j);
  if (q < 0) invalid("unterminated string");
  if (nextBackslash < j) nextBackslash = backslashFrom(s, j);
  lastEscaped = nextBackslash < q;
  if (!lastEscaped) {
    // A UTF-16 unit is at most 3 bytes, so short strings need no counting.
    lastBytes = (q - j) * 3 <= max ? q - j : utf8Length(s, j, q);
    return q + 1;
  }
  // Walk the escapes: each shortens the decoded text; the first quote no escape consumed closes.
  let saved = 0;
  let b = nextBackslash;
  while (b < q) {
    const e = s.charCodeAt(b + 1);
    let end = b + 2;
    if (e === 0x75) {
      const unit = hex4(s, b + 2);
      end = b + 6;
      if (unit >= 0xdc00 && unit <= 0xdfff) invalid("lone surrogate escape");
      if (unit >= 0xd800 && unit <= 0xdbff) {
        // A high surrogate escape must be followed by a low one: together one 4-byte character.
        const low = s.charCodeAt(end) === 0x5c && s.charCodeAt(end + 1) === 0x75 ? hex4(s, end + 2) : -1;
        if (low < 0xdc00 || low > 0xdfff) invalid("lone surrogate escape");
        if (isNoncharacterPair(unit, low)) invalid("noncharacter escape");
        end += 6;
        saved += 8;
      } else {
        if (isNoncharacter(unit)) invalid("noncharacter escape");
        saved += 6 - (unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3);
      }
    } else {
      saved += 1;
    }
    if (q < end) {
      q = s.indexOf('"', end);
      if (q < 0) invalid("unterminated string");
    }
    b = backslashFrom(s, end);
  }
  nextBackslash = b;
  const raw = q - j;
  lastBytes = raw * 3 <= max ? raw - saved : utf8Length(s, j, q) - saved;
  return q + 1;
}

function backslashFrom(s: string, from: number): number {
  const b = s.indexOf("\\", from);
  return b < 0 ? s.length : b;
}

/**
 * A member name starting after its quote: counted, bounded and compared with the other names of
 * its object (pool entries `nameBase[depth]..names`). Returns the index after it.
 */
function memberName(s: string, j: number, depth: number, names: number, lim: ProfileLimits): number {
  const after = string(s, j, lim.maxStringBytes);
  const end = after - 1;
  if (lastBytes > lim.maxStringBytes) limit(`member name longer than ${lim.maxStringBytes} bytes`);
  if (++counts[depth]! > lim.maxObjectFields) {
    limit(`object with more than ${lim.maxObjectFields} members`);
    return after;
  }
  const escaped = lastEscaped;
  const key = escaped ? ESCAPED_NAME : nameKey(s, j, end);
  const pool = nameKeys;
  for (let p = nameBase[depth]!; p < names; p++) {
    // Names without escapes whose keys differ differ: most pairs end here, with one load.
    const other = pool[p]!;
    if (other !== key && other !== ESCAPED_NAME && key !== ESCAPED_NAME) continue;
    if (sameName(s, nameStart[p]!, nameEnd[p]!, other === ESCAPED_NAME, j, end, escaped)) invalid("duplicate member name");
  }
  if (names >= nameStart.length) growNames();
  nameStart[names] = j;
  nameEnd[names] = end;
  nameKeys[names] = key;
  return after;
}

/**
 * A raw name's key: its length and its first and last units' low bytes. Equal raw names have
 * equal keys, so names without escapes are compared in full only when their keys are equal (a
 * name longer than 2^15 units loses length bits: it only collides more).
 */
function nameKey(s: string, j: number, end: number): number {
  return ((end - j) << 16) | ((s.charCodeAt(j) & 0xff) << 8) | (s.charCodeAt(end - 1) & 0xff);
}

/** The key of a pooled name with escapes: compared with every other name in full. */
const ESCAPED_NAME = -1;

/** Whether two member names (raw spans between their quotes) decode to the same string. */
function sameName(s: string, a: number, b: number, escapedAB: boolean, c: number, d: number, escapedCD: boolean): boolean {
  if (!escapedAB && !escapedCD) {
    if (b - a !== d - c) return false;
    for (let k = 0; k < b - a; k++) if (s.charCodeAt(a + k) !== s.charCodeAt(c + k)) return false;
    return true;
  }
  // Escapes can spell one name two ways; decoding is rare (only names with escapes). A name with
  // a bad escape (`"\e"`) is invalid JSON, refused here as JSON.parse would refuse it later.
  try {
    return JSON.parse(s.slice(a - 1, b + 1)) === JSON.parse(s.slice(c - 1, d + 1));
  } catch {
    return invalid("invalid escape in a member name");
  }
}

function hex4(s: string, i: number): number {
  let v = 0;
  for (let k = i; k < i + 4; k++) {
    const c = s.charCodeAt(k);
    const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (d < 0) invalid("invalid unicode escape");
    v = v * 16 + d;
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// Reading-order classification (records with a crossed bound only)
// ---------------------------------------------------------------------------------------------

/** The first violation, met while `classify` reads; thrown to stop reading there. */
class Met {
  constructor(
    readonly code: ProfileFailure,
    readonly message: string,
  ) {}
}

/**
 * Read `s` as a streaming JSON reader does, stopping at the first violation of the grammar
 * (strict RFC 8259, lone surrogate escapes refused, numbers within the float range), of I-JSON
 * (duplicate member names) or of a structural bound, and return it as the record's error.
 * `fallback` describes the bound the scanner saw, for the (impossible) case that none is met.
 */
function classify(s: string, lim: ProfileLimits, fallback: string): ProfileError {
  try {
    readRecord(s, lim);
  } catch (e) {
    if (e instanceof Met) return new ProfileError(e.code, e.message);
    throw e;
  }
  return new ProfileError("limit_exceeded", fallback);
}

function readRecord(s: string, lim: ProfileLimits): void {
  const n = s.length;
  let i = 0;
  const syntax = (what: string): never => {
    throw new Met("invalid_json", `${what} at character ${i}`);
  };
  const bound = (what: string): never => {
    throw new Met("limit_exceeded", what);
  };
  const ws = (): void => {
    for (let c = s.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = s.charCodeAt(++i));
  };
  const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
  const hex = (at: number): number => {
    let v = 0;
    for (let k = at; k < at + 4; k++) {
      const c = s.charCodeAt(k);
      const d = isDigit(c) ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
      if (d < 0) syntax("invalid unicode escape");
      v = v * 16 + d;
    }
    return v;
  };
  /** A string at its opening quote; returns it decoded, `i` after its closing quote. */
  const string = (): string => {
    let out = "";
    let from = ++i;
    for (;;) {
      if (i >= n) syntax("unterminated string");
      const c = s.charCodeAt(i);
      if (c === 0x22) {
        out += s.slice(from, i++);
        return out;
      }
      if (c < 0x20) syntax("control character in a string");
      if (c !== 0x5c) {
        if (isNoncharacter(c) || (c >= 0xdc00 && c <= 0xdfff && i > from && isNoncharacterPair(s.charCodeAt(i - 1), c))) syntax("noncharacter in a string");
        i++;
        continue;
      }
      out += s.slice(from, i);
      const e = s.charCodeAt(i + 1);
      const simple = ESCAPES.get(e);
      if (simple !== undefined) {
        out += simple;
        i += 2;
      } else if (e === 0x75) {
        const unit = hex(i + 2);
        i += 6;
        if (unit >= 0xdc00 && unit <= 0xdfff) syntax("lone surrogate escape");
        if (unit >= 0xd800 && unit <= 0xdbff) {
          if (s.charCodeAt(i) !== 0x5c || s.charCodeAt(i + 1) !== 0x75) syntax("lone surrogate escape");
          const low = hex(i + 2);
          if (low < 0xdc00 || low > 0xdfff) syntax("lone surrogate escape");
          if (isNoncharacterPair(unit, low)) syntax("noncharacter escape");
          i += 6;
          out += String.fromCharCode(unit, low);
        } else {
          if (isNoncharacter(unit)) syntax("noncharacter escape");
          out += String.fromCharCode(unit);
        }
      } else {
        syntax("invalid escape");
      }
      from = i;
    }
  };
  const number = (): void => {
    const start = i;
    if (s.charCodeAt(i) === 0x2d) i++;
    if (s.charCodeAt(i) === 0x30) {
      if (isDigit(s.charCodeAt(++i))) syntax("invalid number");
    } else if (isDigit(s.charCodeAt(i))) {
      while (isDigit(s.charCodeAt(i))) i++;
    } else {
      syntax("invalid number");
    }
    if (s.charCodeAt(i) === 0x2e) {
      if (!isDigit(s.charCodeAt(++i))) syntax("invalid number");
      while (isDigit(s.charCodeAt(i))) i++;
    }
    if ((s.charCodeAt(i) | 0x20) === 0x65) {
      const sign = s.charCodeAt(++i);
      if (sign === 0x2b || sign === 0x2d) i++;
      if (!isDigit(s.charCodeAt(i))) syntax("invalid number");
      while (isDigit(s.charCodeAt(i))) i++;
    }
    if (!Number.isFinite(Number(s.slice(start, i)))) syntax("number out of range");
  };
  const literal = (word: string): void => {
    if (!s.startsWith(word, i)) syntax("invalid literal");
    i += word.length;
  };
  const value = (depth: number): void => {
    ws();
    if (i >= n) syntax("end of record while reading a value");
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      if (utf8Length(string()) > lim.maxStringBytes) bound(`string longer than ${lim.maxStringBytes} bytes`);
    } else if (c === 0x5b || c === 0x7b) {
      i++;
      if (depth + 1 > lim.maxJsonDepth) bound(`nesting deeper than ${lim.maxJsonDepth}`);
      if (c === 0x5b) array(depth + 1);
      else object(depth + 1);
    } else if (c === 0x2d || isDigit(c)) {
      number();
    } else if (c === 0x74) {
      literal("true");
    } else if (c === 0x66) {
      literal("false");
    } else if (c === 0x6e) {
      literal("null");
    } else {
      syntax("expected a value");
    }
  };
  const array = (depth: number): void => {
    ws();
    if (s.charCodeAt(i) === 0x5d) {
      i++;
      return;
    }
    for (let items = 1; ; items++) {
      value(depth);
      if (items > lim.maxArrayItems) bound(`array with more than ${lim.maxArrayItems} items`);
      ws();
      const c = s.charCodeAt(i++);
      if (c === 0x5d) return;
      if (c !== 0x2c) syntax("expected , or ]");
    }
  };
  const object = (depth: number): void => {
    ws();
    if (s.charCodeAt(i) === 0x7d) {
      i++;
      return;
    }
    const names = new Set<string>();
    for (let fields = 1; ; fields++) {
      ws();
      if (s.charCodeAt(i) !== 0x22) syntax("expected a member name");
      const name = string();
      if (utf8Length(name) > lim.maxStringBytes) bound(`member name longer than ${lim.maxStringBytes} bytes`);
      if (fields > lim.maxObjectFields) bound(`object with more than ${lim.maxObjectFields} members`);
      if (names.has(name)) syntax("duplicate member name");
      names.add(name);
      ws();
      if (s.charCodeAt(i++) !== 0x3a) syntax("expected :");
      value(depth);
      ws();
      const c = s.charCodeAt(i++);
      if (c === 0x7d) return;
      if (c !== 0x2c) syntax("expected , or }");
    }
  };
  value(0);
  ws();
  if (i < n) syntax("trailing characters");
}

const ESCAPES = new Map<number, string>([
  [0x22, '"'],
  [0x5c, "\\"],
  [0x2f, "/"],
  [0x62, "\b"],
  [0x66, "\f"],
  [0x6e, "\n"],
  [0x72, "\r"],
  [0x74, "\t"],
]);

interface NodeBuffer {
  byteLength(s: string, encoding: "utf8"): number;
  from(buffer: ArrayBufferLike, offset: number, length: number): ByteSearch;
}
/** Node's Buffer searches for a byte sequence natively (`Uint8Array#indexOf` takes one byte). */
interface ByteSearch {
  readonly [index: number]: number | undefined;
  indexOf(needle: Uint8Array, from?: number): number;
}
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

// ---------------------------------------------------------------------------------------------
// Noncharacters (I-JSON, RFC 7493 §2.1 via RFC 8259 §8.2 and Unicode §23.7)
// ---------------------------------------------------------------------------------------------

/** A BMP noncharacter: U+FDD0..U+FDEF, U+FFFE, U+FFFF. */
function isNoncharacter(unit: number): boolean {
  return (unit >= 0xfdd0 && unit <= 0xfdef) || unit >= 0xfffe;
}

/** A surrogate pair spelling a supplementary noncharacter (U+1FFFE, U+1FFFF, … U+10FFFF). */
function isNoncharacterPair(high: number, low: number): boolean {
  return high >= 0xd800 && high <= 0xdbff && (high & 0x3f) === 0x3f && (low === 0xdffe || low === 0xdfff);
}

/** Raw noncharacters as UTF-16 code units (supplementary ones end in a DFFE/DFFF low surrogate). */
const RAW_NONCHARACTER = /[\ufdd0-\ufdef\ufffe\uffff]|[\ud83f\ud87f\ud8bf\ud8ff\ud93f\ud97f\ud9bf\ud9ff\uda3f\uda7f\udabf\udaff\udb3f\udb7f\udbbf\udbff][\udffe\udfff]/;
const EF_B7 = new Uint8Array([0xef, 0xb7]);
const BF_BE = new Uint8Array([0xbf, 0xbe]);
const BF_BF = new Uint8Array([0xbf, 0xbf]);

/**
 * Whether the record holds a raw (unescaped) noncharacter. Outside strings one is invalid JSON
 * anyway, so the whole text is searched. An ASCII record has none; bytes are searched natively
 * for the UTF-8 forms (EF B7 90..AF; EF BF BE/BF; F0..F4 xF BF BE/BF), which is much faster
 * than a regular expression over a non-Latin-1 string; a string input is searched in its UTF-8
 * encoding (`encode`), or by the expression when it was not encoded.
 */
function rawNoncharacter(input: string | Uint8Array, text: string): boolean {
  if (scanned) return (lastScan.flags & FLAG_NONCHARACTER) !== 0;
  if (typeof input === "string") {
    if (encoded < 0) return RAW_NONCHARACTER.test(text);
    return encoded > text.length && bytesNoncharacter(scratchView as ByteSearch);
  }
  if (nodeBuffer === undefined) return RAW_NONCHARACTER.test(text);
  const end = recordEnd(input);
  if (text.length === end) return false;
  // A Buffer (what a socket delivers) is searched as it is; the record terminator is no
  // part of any needle.
  return bytesNoncharacter(input instanceof (nodeBuffer as unknown as Function) ? (input as unknown as ByteSearch) : nodeBuffer.from(input.buffer, input.byteOffset, end));
}

/** Whether UTF-8 bytes (all of `b`) spell a noncharacter. */
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

/** UTF-8 length of `s[from, to)`; natively when Node's Buffer is there (long strings only reach here). */
function utf8Length(s: string, from = 0, to = s.length): number {
  if (nodeBuffer !== undefined) return nodeBuffer.byteLength(from === 0 && to === s.length ? s : s.slice(from, to), "utf8");
  let n = to - from;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2;
  }
  return n;
}

function isWellFormed(s: string): boolean {
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed;
  if (native !== undefined) return native.call(s);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

function growFrames(): void {
  const size = kinds.length * 2;
  kinds = grow(kinds, new Uint8Array(size));
  counts = grow(counts, new Int32Array(size));
  nameBase = grow(nameBase, new Int32Array(size));
}

function growNames(): void {
  const size = nameStart.length * 2;
  nameStart = grow(nameStart, new Int32Array(size));
  nameEnd = grow(nameEnd, new Int32Array(size));
  nameKeys = grow(nameKeys, new Int32Array(size));
}

function grow<T extends Uint8Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** A per-process marker member name; see `floats` in check.ts. */
function markerKey(): string {
  if (floats.key === "") {
    const bytes = new Uint8Array(12);
    globalThis.crypto.getRandomValues(bytes);
    floats.key = "\u0000agentwire.float." + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return floats.key;
}

/** Rewrite each remembered number as `{"<marker>":"<text>"}` so integer checks refuse it. */
function markFloats(s: string, spans: number[]): string {
  const key = JSON.stringify(markerKey());
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
