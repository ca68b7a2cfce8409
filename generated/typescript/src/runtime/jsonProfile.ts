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
 * How: `JSON.parse` builds the value, and one scanner ({@link scan}) reads the text for what
 * `JSON.parse` cannot see (duplicate names, depth, counts, decoded UTF-8 sizes, escaped
 * surrogates and noncharacters, integral numbers written as floats). The scanner reads as the
 * Rust decoder does (its bounded reader over serde_json) and throws the first violation it meets,
 * so **reading order** decides between `invalid_json` and `limit_exceeded`: syntax errors where
 * they occur, a container's depth at its opening bracket, a string's size once it is read, an
 * object's member count and duplicates after each name, an array's item count after each item.
 * Precedence before that (decoding.md): record size, then the newline, then UTF-8.
 *
 * Speed: on text `JSON.parse` accepted, the scanner counts member names instead of comparing
 * them: the parsed value keeps one member per name, so fewer members than names is a duplicate,
 * and the exact scan (names compared) then says which violation comes first. Native `indexOf`
 * jumps from quote to quote (a quote after an even run of backslashes closes a string), so
 * JavaScript never visits the characters inside a string, and it reads escapes only where they
 * matter (member names in the exact scan, strings long enough to count). A careful scan — when
 * `JSON.parse` refused the text, or a whole-record search found a raw noncharacter or an escape
 * from `\uD000` up — compares names, reads every escape, and a native regular expression finds raw
 * control characters and noncharacters inside strings, all in reading order.
 */

import { floats, utf8Length } from "./check.js";

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

/**
 * Check a record against the profile and parse it. A trailing `\n` (the record terminator) is
 * not part of the record; a `\r` before it is JSON whitespace. `outbound`: the record was
 * produced under the outbound rule, where `maxRecordBytes` counts the newline too (every record
 * a service sends); otherwise it bounds the bytes before the newline (requests a service reads).
 */
export function parseRecord(input: string | Uint8Array, limits: ProfileLimits, outbound = false): ParsedRecord {
  const max = outbound ? limits.maxRecordBytes - 1 : limits.maxRecordBytes;
  const text = typeof input === "string" ? stringText(input, max) : bytesText(input, max);
  let value: unknown = UNPARSED;
  try {
    value = JSON.parse(text);
  } catch {
    // Invalid JSON: the scanner names the first violation in reading order.
  }
  // A careful scan when JSON.parse refused the text, or it may hold a raw noncharacter or an
  // escape the profile refuses. Otherwise no escape and no character inside a string can break
  // the profile: the scanner reads only the escapes it must count or compare.
  const noncharacter = rawNoncharacter(input, text);
  const floatSpans =
    noncharacter || value === UNPARSED || escapesFromD000(text) ? scan(text, limits, true, true) : scanParsed(text, value, limits);
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

const NEWLINE_INSIDE = "a newline inside the record";

function invalid(message: string): never {
  throw new ProfileError("invalid_json", message);
}

function bound(message: string): never {
  throw new ProfileError("limit_exceeded", message);
}

/** Refuse a record longer than `max` bytes (before its newline). */
function tooLarge(max: number): never {
  throw new ProfileError("record_too_large", `record longer than ${max} bytes`);
}

// ---------------------------------------------------------------------------------------------
// Record text: size, newline, UTF-8
// ---------------------------------------------------------------------------------------------

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

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

/**
 * Surrogates and noncharacters are all code units from U+D800 up: text without one (most text,
 * CJK included) needs neither check, and one single-range search says so.
 */
const HIGH_UNIT = /[\ud800-\uffff]/;
/** In Unicode mode a surrogate pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Raw noncharacters as UTF-16 (supplementary ones are a high surrogate xx3F and a low DFFE/DFFF). */
const NONCHARACTER = "[\\ufdd0-\\ufdef\\ufffe\\uffff]|[\\ud83f\\ud87f\\ud8bf\\ud8ff\\ud93f\\ud97f\\ud9bf\\ud9ff\\uda3f\\uda7f\\udabf\\udaff\\udb3f\\udb7f\\udbbf\\udbff][\\udffe\\udfff]";
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
// The scanner. Its state is reused across calls (decoding is synchronous).
// ---------------------------------------------------------------------------------------------

/**
 * Scan text that `JSON.parse` accepted without comparing member names: `JSON.parse` keeps one
 * member per name, so the record has a duplicate exactly when it has more names than the parsed
 * value has members. Any doubt (a duplicate, or any violation, which an earlier duplicate might
 * precede) is settled by the exact scan, which throws the first violation in reading order.
 */
function scanParsed(text: string, value: unknown, limits: ProfileLimits): number[] {
  try {
    const spans = scan(text, limits, false, false);
    if (memberCount === members(value)) return spans;
  } catch (e) {
    if (!(e instanceof ProfileError)) throw e;
  }
  return scan(text, limits, false, true);
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

const OBJECT = 1;
const ARRAY = 2;

/** Per open container, indexed by depth (1 = the top-level one): kind, items or members so far, first name in `names`. */
const kinds: number[] = [0];
const counts: number[] = [0];
const nameBase: number[] = [0];
/**
 * The member names of every open object, innermost last: where each starts and ends (between
 * its quotes), negated when it has escapes. `names` is how many there are.
 */
const nameStart: number[] = [];
const nameEnd: number[] = [];
let names = 0;
/** Whether member names are compared (the exact scan), and how many names the scan read. */
let exact = true;
let memberCount = 0;
/** [start, end) pairs of integral numbers written as floats. */
let floatSpans: number[] = [];
/** Where the next backslash is, at or after the scan position (the text's length when none). */
let nextBackslash = 0;
/** Where the next raw character to refuse inside a string is (see {@link INSIDE}); -1 before the first search. */
let nextInside = 0;
/** Whether every escape is read and every string looked inside (see {@link parseRecord}). */
let careful = false;
/** The decoded UTF-8 bytes (or a bound ≤ the limit, when the raw length proves it fits) and whether it had escapes, of the last string read. */
let lastBytes = 0;
let lastEscaped = false;

/**
 * Read `s` against the grammar and the bounds of `lim`, throwing the first violation in reading
 * order; returns the spans of integral numbers written as floats. `carefully`: read every
 * escape and look inside every string for control characters and raw noncharacters.
 * `compareNames`: compare each member name with its object's others (else only count them, in
 * {@link memberCount}, for {@link scanParsed}).
 */
function scan(s: string, lim: ProfileLimits, carefully: boolean, compareNames: boolean): number[] {
  const n = s.length;
  floatSpans = [];
  names = 0;
  memberCount = 0;
  exact = compareNames;
  nextBackslash = -1;
  nextInside = -1;
  careful = carefully;
  let depth = 0;
  let i = 0;
  for (;;) {
    // A value starts at `i`.
    i = ws(s, i);
    const c = s.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      if (depth + 1 > lim.maxJsonDepth) bound(`nesting deeper than ${lim.maxJsonDepth}`);
      depth++;
      kinds[depth] = c === 0x7b ? OBJECT : ARRAY;
      counts[depth] = 0;
      nameBase[depth] = names;
      i = ws(s, i + 1);
      if (s.charCodeAt(i) !== c + 2) {
        // The first item or member: `]` and `}` are two after `[` and `{`.
        if (c === 0x7b) i = memberName(s, i, depth, lim);
        continue;
      }
      i++;
      depth--;
    } else if (c === 0x22) {
      i = string(s, i + 1, lim.maxStringBytes, false);
      if (lastBytes > lim.maxStringBytes) bound(`string longer than ${lim.maxStringBytes} bytes`);
    } else if (c === 0x2d || isDigit(c)) {
      i = number(s, i);
    } else {
      i = literal(s, i);
    }
    // A value ended at `i`: count it, then a separator or the end of its container (and so on up).
    for (;;) {
      if (depth === 0) {
        i = ws(s, i);
        if (i < n) syntax("trailing characters", i);
        return floatSpans;
      }
      if (kinds[depth] === ARRAY && ++counts[depth]! > lim.maxArrayItems) bound(`array with more than ${lim.maxArrayItems} items`);
      i = ws(s, i);
      const d = s.charCodeAt(i);
      if (d === 0x2c) {
        i++;
        if (kinds[depth] === OBJECT) i = memberName(s, ws(s, i), depth, lim);
        break;
      }
      if (d !== (kinds[depth] === OBJECT ? 0x7d : 0x5d)) syntax(kinds[depth] === OBJECT ? "expected , or }" : "expected , or ]", i);
      names = nameBase[depth]!;
      depth--;
      i++;
    }
  }
}

function syntax(what: string, at: number): never {
  return invalid(`${what} at character ${at}`);
}

function ws(s: string, i: number): number {
  for (let c = s.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = s.charCodeAt(++i));
  return i;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** `true`, `false` or `null` at `i` (anything else there is not a value); returns the index after it. */
function literal(s: string, i: number): number {
  const c = s.charCodeAt(i);
  const word = c === 0x74 ? "true" : c === 0x66 ? "false" : c === 0x6e ? "null" : "";
  if (word !== "" && s.startsWith(word, i)) return i + word.length;
  return syntax(i >= s.length ? "end of record while reading a value" : "expected a value", i);
}

/**
 * A number at `i`; returns the index after it. Integral values written with a fraction or
 * exponent are remembered for marking; values beyond the float range are invalid JSON (the Rust
 * decoder refuses them).
 */
function number(s: string, i: number): number {
  const start = i;
  if (s.charCodeAt(i) === 0x2d) i++;
  if (s.charCodeAt(i) === 0x30) i++;
  else if (isDigit(s.charCodeAt(i))) i = digits(s, i);
  else syntax("invalid number", i);
  let float = false;
  if (s.charCodeAt(i) === 0x2e) {
    float = true;
    if (!isDigit(s.charCodeAt(++i))) syntax("invalid number", i);
    i = digits(s, i);
  }
  if ((s.charCodeAt(i) | 0x20) === 0x65) {
    float = true;
    const sign = s.charCodeAt(++i);
    if (sign === 0x2b || sign === 0x2d) i++;
    if (!isDigit(s.charCodeAt(i))) syntax("invalid number", i);
    i = digits(s, i);
  }
  // Integers of up to 300 digits are finite: only longer ones and floats need the conversion.
  if (float || i - start > 300) {
    const x = Number(s.slice(start, i));
    if (!Number.isFinite(x)) syntax("number out of range", start);
    if (float && Number.isInteger(x)) floatSpans.push(start, i);
  }
  return i;
}

function digits(s: string, i: number): number {
  while (isDigit(s.charCodeAt(i))) i++;
  return i;
}

/**
 * A string starting after its opening quote; returns the index after its closing quote and
 * leaves its decoded UTF-8 size in `lastBytes` (exact, or the raw length when three bytes a unit
 * would still fit `max`). Its escapes are read where they matter: in a careful scan, in member
 * names (`lastEscaped` says whether it had any) and in strings long enough to be counted.
 */
function string(s: string, j: number, max: number, name: boolean): number {
  const q = closingQuote(s, j);
  lastEscaped = false;
  const saved = careful || name || (q - j) * 3 > max ? readEscapes(s, j, q) : 0;
  if (q === s.length) syntax("unterminated string", j - 1);
  const raw = q - j;
  lastBytes = raw * 3 <= max ? raw : utf8Length(s, j, q) - saved;
  return q + 1;
}

/** The first quote from `j` that no backslash escapes (an odd run of backslashes before it does), or the text's length. */
function closingQuote(s: string, j: number): number {
  for (let q = s.indexOf('"', j); q >= 0; q = s.indexOf('"', q + 1)) {
    let k = q;
    while (k > j && s.charCodeAt(k - 1) === 0x5c) k--;
    if ((q - k) % 2 === 0) return q;
  }
  return s.length;
}

/**
 * Check the escapes of the string `[j, q)` in order (and, in a careful scan, the raw characters
 * between them); returns what they save: the characters they take minus the UTF-8 bytes they
 * decode to.
 */
function readEscapes(s: string, j: number, q: number): number {
  let saved = 0;
  for (let from = j; ; ) {
    if (nextBackslash < from) nextBackslash = indexFrom(s, "\\", from);
    const stop = Math.min(q, nextBackslash);
    if (careful) refuseRawInside(s, from, stop);
    if (stop === q) return saved;
    lastEscaped = true;
    from = escape(s, stop);
    saved += escapeSaves;
  }
}

function indexFrom(s: string, what: string, from: number): number {
  const at = s.indexOf(what, from);
  return at < 0 ? s.length : at;
}

/**
 * Raw characters a string may not hold: control characters (JSON) and noncharacters (I-JSON).
 * The search runs once per record and jumps ahead: its last find is kept while still ahead.
 */
const INSIDE = new RegExp(`[\\u0000-\\u001f]|${NONCHARACTER}`, "g");

function refuseRawInside(s: string, from: number, to: number): void {
  if (nextInside < from) {
    INSIDE.lastIndex = from;
    nextInside = INSIDE.exec(s)?.index ?? s.length;
  }
  if (nextInside < to) syntax(s.charCodeAt(nextInside) < 0x20 ? "control character in a string" : "noncharacter in a string", nextInside);
}

/** What the last {@link escape} saves: its characters minus its decoded UTF-8 bytes. */
let escapeSaves = 0;

/** The escape at backslash `b`; returns the index after it. */
function escape(s: string, b: number): number {
  const e = s.charCodeAt(b + 1);
  if (e !== 0x75) {
    // \" \\ \/ \b \f \n \r \t: two characters, one byte.
    if (!SIMPLE_ESCAPES.includes(e)) syntax("invalid escape", b);
    escapeSaves = 1;
    return b + 2;
  }
  const unit = hex4(s, b + 2);
  if (unit >= 0xdc00 && unit <= 0xdfff) syntax("lone surrogate escape", b);
  if (unit >= 0xd800 && unit <= 0xdbff) {
    // A high surrogate escape must be followed by a low one: together one 4-byte character.
    const low = s.charCodeAt(b + 6) === 0x5c && s.charCodeAt(b + 7) === 0x75 ? hex4(s, b + 8) : -1;
    if (low < 0xdc00 || low > 0xdfff) syntax("lone surrogate escape", b);
    if (isNoncharacterPair(unit, low)) syntax("noncharacter escape", b);
    escapeSaves = 12 - 4;
    return b + 12;
  }
  if (isNoncharacter(unit)) syntax("noncharacter escape", b);
  escapeSaves = 6 - (unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3);
  return b + 6;
}

const SIMPLE_ESCAPES = [0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74];

function hex4(s: string, i: number): number {
  let v = 0;
  for (let k = i; k < i + 4; k++) {
    const c = s.charCodeAt(k);
    const d = isDigit(c) ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (d < 0) syntax("invalid unicode escape", i - 2);
    v = v * 16 + d;
  }
  return v;
}

/** A BMP noncharacter: U+FDD0..U+FDEF, U+FFFE, U+FFFF. */
function isNoncharacter(unit: number): boolean {
  return (unit >= 0xfdd0 && unit <= 0xfdef) || unit >= 0xfffe;
}

/** A surrogate pair spelling a supplementary noncharacter (U+1FFFE, U+1FFFF, … U+10FFFF). */
function isNoncharacterPair(high: number, low: number): boolean {
  return (high & 0x3f) === 0x3f && (low === 0xdffe || low === 0xdfff);
}

/**
 * A member name at `i` of the object at `depth`: read, bounded, counted, compared with the
 * object's other names (in that order), then its colon. Returns the index after the colon.
 */
function memberName(s: string, i: number, depth: number, lim: ProfileLimits): number {
  if (s.charCodeAt(i) !== 0x22) syntax("expected a member name", i);
  const after = string(s, i + 1, lim.maxStringBytes, exact);
  if (lastBytes > lim.maxStringBytes) bound(`member name longer than ${lim.maxStringBytes} bytes`);
  if (++counts[depth]! > lim.maxObjectFields) bound(`object with more than ${lim.maxObjectFields} members`);
  memberCount++;
  if (exact) compareName(s, i, after, depth);
  const colon = ws(s, after);
  if (s.charCodeAt(colon) !== 0x3a) syntax("expected :", colon);
  return colon + 1;
}

/** Compare the name `[i + 1, after - 1)` with its object's earlier names, then pool it. */
function compareName(s: string, i: number, after: number, depth: number): void {
  const start = i + 1;
  const end = after - 1;
  for (let p = nameBase[depth]!; p < names; p++) {
    if (sameName(s, nameStart[p]!, nameEnd[p]!, start, end, lastEscaped)) syntax("duplicate member name", i);
  }
  nameStart[names] = start;
  // A name with escapes is marked by a negative end.
  nameEnd[names++] = lastEscaped ? -end : end;
}

/**
 * Whether the pooled name `[a, b)` (`b` negative: it has escapes) and the new name `[c, d)` are
 * the same name. Names without escapes are compared as they are written, with no copy; escapes
 * can spell one name two ways, so a name with escapes is compared decoded.
 */
function sameName(s: string, a: number, b: number, c: number, d: number, escaped: boolean): boolean {
  if (b < 0 || escaped) return JSON.parse(s.slice(a - 1, Math.abs(b) + 1)) === JSON.parse(s.slice(c - 1, d + 1));
  if (b - a !== d - c) return false;
  for (let k = 0; k < b - a; k++) if (s.charCodeAt(a + k) !== s.charCodeAt(c + k)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Float markers
// ---------------------------------------------------------------------------------------------

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
