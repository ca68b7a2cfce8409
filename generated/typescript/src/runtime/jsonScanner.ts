/**
 * The scanner of the JSON profile: it reads a record's text for what `JSON.parse` cannot see —
 * duplicate member names, depth, item and member counts, decoded UTF-8 sizes, escaped surrogates
 * and noncharacters, integral numbers written as floats — and throws the first violation it
 * meets. It reads as the Rust decoder does (its bounded reader over serde_json), so **reading
 * order** decides between `invalid_json` and `limit_exceeded`: a syntax error where it occurs, a
 * container's depth at its opening bracket, a string's size once it is read, an object's member
 * count and duplicates after each name, an array's item count after each item.
 *
 * Why it is fast: native `indexOf` jumps from quote to quote (a quote after an even run of
 * backslashes closes a string), so JavaScript never visits the characters inside a string, and
 * escapes are read only in the strings where they matter (see {@link ScanMode}).
 *
 * Each call of {@link scan} has its own {@link Scanner}: nothing is kept between records.
 */

import { utf8Length } from "./check.js";
import { NONCHARACTER, bound, invalid } from "./profileRules.js";
import type { ProfileLimits } from "./profileRules.js";

/**
 * How closely the scanner reads; `parseRecord` (jsonProfile.ts) picks the mode.
 *
 * - `"count"`: text `JSON.parse` accepted, which the whole-record searches found free of raw
 *   noncharacters and of escapes from `\uD000` up, so no escape and no raw character inside a
 *   string can break the profile. Member names are counted, not compared (the caller compares
 *   the count with the parsed value's members); only the escapes of strings long enough to need
 *   a UTF-8 count are read.
 * - `"compare"`: the same text, when the count says there is a duplicate or the count scan threw
 *   (an earlier duplicate might precede what it threw): each member name is compared with its
 *   object's others, so the first violation in reading order is the one thrown.
 * - `"careful"`: text `JSON.parse` refused, or that may hold a raw noncharacter or an escape
 *   from `\uD000` up: names are compared, every escape is read, and every string is searched for
 *   raw control characters and noncharacters.
 */
export type ScanMode = "count" | "compare" | "careful";

/** What a scan that threw nothing found. */
export interface ScanResult {
  /** `[start, end)` pairs of the integral numbers written as floats, for marking. */
  readonly floatSpans: readonly number[];
  /** How many member names the text has, all objects together. */
  readonly memberNames: number;
}

/** Read `text` against the grammar and `limits`, throwing the first violation in reading order. */
export function scan(text: string, limits: ProfileLimits, mode: ScanMode): ScanResult {
  const scanner = new Scanner(text, limits, mode);
  scanner.run();
  return scanner;
}

/** `run` returns at the end of the top-level value: the text has nothing else. */
const END = -1;

const QUOTE = 0x22;
const MINUS = 0x2d;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** One scan of one text. Its fields are the whole state of the scan. */
class Scanner implements ScanResult {
  readonly floatSpans: number[] = [];
  memberNames = 0;

  /** Compare member names (modes "compare" and "careful"): the names of the open objects, else null. */
  private readonly names: OpenNames | null;
  /** Mode "careful": read every escape and search every string for raw characters it may not hold. */
  private readonly careful: boolean;
  /** The search for those raw characters (mode "careful" only): a global RegExp keeps its position in `lastIndex`, so each scan has its own. */
  private readonly inside: RegExp | null;

  /** How many containers are open; 1 is the top-level one. */
  private depth = 0;
  /** Per open container, by depth: the character that closes it, and its items or members so far. */
  private readonly closers: number[] = [0];
  private readonly counts: number[] = [0];

  /**
   * Where the next backslash, and the next raw character {@link inside} finds, are at or after
   * the scan position (the text's length when there is none; -1 before the first search). Each
   * search runs once per record and its find is kept while it is still ahead.
   */
  private nextBackslash = -1;
  private nextInside = -1;

  constructor(
    private readonly s: string,
    private readonly lim: ProfileLimits,
    mode: ScanMode,
  ) {
    this.names = mode === "count" ? null : new OpenNames();
    this.careful = mode === "careful";
    this.inside = this.careful ? new RegExp(INSIDE, "g") : null;
  }

  /** Read the text: one value, then only whitespace. */
  run(): void {
    const s = this.s;
    for (let i = 0; i !== END; ) {
      // A value starts at `i`.
      i = ws(s, i);
      const c = s.charCodeAt(i);
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        i = this.open(c, i);
        if (s.charCodeAt(i) !== this.closers[this.depth]) {
          // Not empty: its first item, or its first member's value, starts here.
          if (c === OPEN_OBJECT) i = this.memberName(i);
          continue;
        }
        i = this.close(i);
      } else if (c === QUOTE) {
        i = this.string(i + 1, "string");
      } else if (c === MINUS || isDigit(c)) {
        i = number(s, i, this.floatSpans);
      } else {
        i = literal(s, i);
      }
      i = this.afterValue(i);
    }
  }

  /** The opening bracket `c` at `i`: depth checked there; returns where its content starts. */
  private open(c: number, i: number): number {
    const max = this.lim.maxJsonDepth;
    if (this.depth >= max) bound(`nesting deeper than ${max}`);
    const depth = ++this.depth;
    this.closers[depth] = c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
    this.counts[depth] = 0;
    this.names?.enter(depth);
    return ws(this.s, i + 1);
  }

  /** The closing bracket at `i`; returns the index after it. */
  private close(i: number): number {
    this.names?.leave(this.depth);
    this.depth--;
    return i + 1;
  }

  /**
   * A value ended at `i`: count it as an item of its array, then read a comma or its
   * container's closing bracket (which ends a value too, and so on up). Returns where the next
   * value starts (after the comma, and after the next member's name), or END when the top-level
   * value ended.
   */
  private afterValue(i: number): number {
    const s = this.s;
    for (;;) {
      if (this.depth === 0) {
        i = ws(s, i);
        if (i < s.length) syntax("trailing characters", i);
        return END;
      }
      const closer = this.closers[this.depth];
      const max = this.lim.maxArrayItems;
      if (closer === CLOSE_ARRAY && ++this.counts[this.depth]! > max) bound(`array with more than ${max} items`);
      i = ws(s, i);
      const c = s.charCodeAt(i);
      if (c === COMMA) return closer === CLOSE_OBJECT ? this.memberName(ws(s, i + 1)) : i + 1;
      if (c !== closer) syntax(closer === CLOSE_OBJECT ? "expected , or }" : "expected , or ]", i);
      i = this.close(i);
    }
  }

  /**
   * A member name at `i` of the innermost object: read, bounded, counted, compared with the
   * object's other names (in that order, the Rust decoder's), then its colon. Returns the index
   * after the colon.
   */
  private memberName(i: number): number {
    const s = this.s;
    if (s.charCodeAt(i) !== QUOTE) syntax("expected a member name", i);
    const after = this.string(i + 1, "member name");
    const max = this.lim.maxObjectFields;
    if (++this.counts[this.depth]! > max) bound(`object with more than ${max} members`);
    this.memberNames++;
    if (this.names !== null && !this.names.add(s, i + 1, after - 1, this.depth)) syntax("duplicate member name", i);
    const colon = ws(s, after);
    if (s.charCodeAt(colon) !== COLON) syntax("expected :", colon);
    return colon + 1;
  }

  /**
   * The string (a `what`) whose content starts at `j`, after its opening quote: read and bounded
   * at `maxStringBytes` decoded UTF-8 bytes. Returns the index after its closing quote.
   */
  private string(j: number, what: "string" | "member name"): number {
    const s = this.s;
    const q = closingQuote(s, j);
    const max = this.lim.maxStringBytes;
    // At most three UTF-8 bytes a UTF-16 unit: a string whose raw length proves it fits needs
    // no count. Escapes are read where they matter: every one in a careful scan, a compared
    // name's (they must be valid before `sameName` decodes them), a counted string's (an escape
    // takes more characters than it decodes to bytes).
    const counted = (q - j) * 3 > max;
    const saved = this.careful || (what === "member name" && this.names !== null) || counted ? this.readEscapes(j, q) : 0;
    if (q === s.length) syntax("unterminated string", j - 1);
    if (counted && utf8Length(s, j, q) - saved > max) bound(`${what} longer than ${max} bytes`);
    return q + 1;
  }

  /**
   * Check the escapes of the string `[j, q)` in order (and, in a careful scan, the raw
   * characters between them); returns what they save: the characters they take minus the UTF-8
   * bytes they decode to.
   */
  private readEscapes(j: number, q: number): number {
    let saved = 0;
    for (let from = j; ; ) {
      const stop = Math.min(q, this.backslashFrom(from));
      if (this.careful) this.refuseRawInside(from, stop);
      if (stop === q) return saved;
      const bytes = escape(this.s, stop);
      const length = escapeLength(this.s, stop, bytes);
      saved += length - bytes;
      from = stop + length;
    }
  }

  /** The first backslash at or after `from`, or the text's length. */
  private backslashFrom(from: number): number {
    if (this.nextBackslash < from) this.nextBackslash = indexFrom(this.s, "\\", from);
    return this.nextBackslash;
  }

  /** Refuse a raw control character or noncharacter in `[from, to)`, inside a string. */
  private refuseRawInside(from: number, to: number): void {
    const inside = this.inside!;
    if (this.nextInside < from) {
      inside.lastIndex = from;
      this.nextInside = inside.exec(this.s)?.index ?? this.s.length;
    }
    const at = this.nextInside;
    if (at < to) syntax(this.s.charCodeAt(at) < 0x20 ? "control character in a string" : "noncharacter in a string", at);
  }
}

/** Raw characters a string may not hold: control characters (JSON) and noncharacters (I-JSON). */
const INSIDE = `[\\u0000-\\u001f]|${NONCHARACTER}`;

/**
 * The member names of every open object, innermost object's last, for the exact duplicate
 * check: where each is in the text (between its quotes) and whether it has escapes.
 */
class OpenNames {
  private readonly start: number[] = [];
  private readonly end: number[] = [];
  private readonly escaped: boolean[] = [];
  private length = 0;
  /** By depth: where the open object's names begin. */
  private readonly base: number[] = [0];

  /** A container opens at `depth` (an array's `base` is never read, and costs nothing to set). */
  enter(depth: number): void {
    this.base[depth] = this.length;
  }

  /** The container at `depth` closes: its names are forgotten. */
  leave(depth: number): void {
    this.length = this.base[depth]!;
  }

  /** Keep the name `[start, end)` of the object at `depth`; false if the object already has it. */
  add(s: string, start: number, end: number, depth: number): boolean {
    const escaped = hasBackslash(s, start, end);
    for (let p = this.base[depth]!; p < this.length; p++) {
      if (sameName(s, this.start[p]!, this.end[p]!, this.escaped[p]!, start, end, escaped)) return false;
    }
    this.start[this.length] = start;
    this.end[this.length] = end;
    this.escaped[this.length++] = escaped;
    return true;
  }
}

function hasBackslash(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (s.charCodeAt(k) === BACKSLASH) return true;
  return false;
}

/**
 * Whether the names `[a, b)` and `[c, d)` are the same name. Names without escapes are compared
 * as they are written, with no copy; escapes can spell one name two ways (`a`, `\u0061`), so a
 * name with escapes is compared decoded (its escapes were checked when it was read, so
 * `JSON.parse` cannot throw here).
 */
function sameName(s: string, a: number, b: number, abEscaped: boolean, c: number, d: number, cdEscaped: boolean): boolean {
  if (abEscaped || cdEscaped) return JSON.parse(s.slice(a - 1, b + 1)) === JSON.parse(s.slice(c - 1, d + 1));
  if (b - a !== d - c) return false;
  for (let k = 0; k < b - a; k++) if (s.charCodeAt(a + k) !== s.charCodeAt(c + k)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Tokens: pure functions of the text and a position
// ---------------------------------------------------------------------------------------------

function syntax(what: string, at: number): never {
  return invalid(`${what} at character ${at}`);
}

/** The first index from `i` that is not JSON whitespace. */
function ws(s: string, i: number): number {
  for (let c = s.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = s.charCodeAt(++i));
  return i;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function indexFrom(s: string, what: string, from: number): number {
  const at = s.indexOf(what, from);
  return at < 0 ? s.length : at;
}

/** `true`, `false` or `null` at `i` (anything else there is not a value); returns the index after it. */
function literal(s: string, i: number): number {
  const c = s.charCodeAt(i);
  const word = c === 0x74 ? "true" : c === 0x66 ? "false" : c === 0x6e ? "null" : "";
  if (word !== "" && s.startsWith(word, i)) return i + word.length;
  return syntax(i >= s.length ? "end of record while reading a value" : "expected a value", i);
}

/**
 * A number at `i`; returns the index after it. An integral value written with a fraction or
 * exponent is added to `floatSpans` (the integer checks must refuse it, and `JSON.parse` makes
 * `1.0` and `1` the same); a value beyond the float range is invalid JSON (the Rust decoder
 * refuses it).
 */
function number(s: string, i: number, floatSpans: number[]): number {
  const start = i;
  if (s.charCodeAt(i) === MINUS) i++;
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

/** The first quote from `j` that no backslash escapes (an odd run of backslashes before it does), or the text's length. */
function closingQuote(s: string, j: number): number {
  for (let q = s.indexOf('"', j); q >= 0; q = s.indexOf('"', q + 1)) {
    let k = q;
    while (k > j && s.charCodeAt(k - 1) === BACKSLASH) k--;
    if ((q - k) % 2 === 0) return q;
  }
  return s.length;
}

/** The escape at backslash `b`, checked; returns how many UTF-8 bytes it decodes to. */
function escape(s: string, b: number): number {
  const e = s.charCodeAt(b + 1);
  if (e !== 0x75) {
    // \" \\ \/ \b \f \n \r \t: one byte each.
    if (!SIMPLE_ESCAPES.includes(e)) syntax("invalid escape", b);
    return 1;
  }
  const unit = hex4(s, b + 2);
  if (unit >= 0xdc00 && unit <= 0xdfff) syntax("lone surrogate escape", b);
  if (unit >= 0xd800 && unit <= 0xdbff) {
    // A high surrogate escape must be followed by a low one: together one 4-byte character.
    const low = s.charCodeAt(b + 6) === BACKSLASH && s.charCodeAt(b + 7) === 0x75 ? hex4(s, b + 8) : -1;
    if (low < 0xdc00 || low > 0xdfff) syntax("lone surrogate escape", b);
    if (isNoncharacterPair(unit, low)) syntax("noncharacter escape", b);
    return 4;
  }
  if (isNoncharacter(unit)) syntax("noncharacter escape", b);
  return unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
}

/**
 * How many characters the escape at `b` takes, given the `bytes` it decodes to: `\n` two, `\u`
 * and four digits six; one `\u` escape decodes to at most three bytes, so four are a surrogate
 * pair, two escapes.
 */
function escapeLength(s: string, b: number, bytes: number): number {
  if (s.charCodeAt(b + 1) !== 0x75) return 2;
  return bytes === 4 ? 12 : 6;
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
