/**
 * The fast path of the record-level JSON profile (jsonProfile.ts) for compact records, the form
 * every service writes: parse first, then prove from the parsed value and the text's length that
 * the text has no duplicate member name, no integral number written as a float, no escaped
 * surrogate or noncharacter, and no crossed structural bound. Records it cannot prove (any
 * whitespace between tokens, numbers it cannot bound, escapes of U+D800 and above, a crossed
 * bound) take the exact scanner, which decides them; this path only ever accepts.
 *
 * Why the length proves it. Measure the parsed value as its shortest compact text: each string
 * as its decoded UTF-16 units plus two quotes, each member name plus quotes and colon, commas and
 * brackets, each number by the length of its shortest JSON spelling. The record's text, minus
 * what its escapes add to the decoded units (1 for `\n`-style escapes, 5 for `\uXXXX`), can
 * only be longer than that:
 * - a duplicate member name leaves one member of the text out of the parsed value (JSON.parse
 *   keeps the last), at least 5 characters (`"":0,`) the measure does not count;
 * - whitespace between tokens is not counted;
 * - every number is measured at its shortest spelling, so another spelling is longer. The
 *   measure takes only numbers whose shortest spelling is known and unique — safe integers
 *   with at most one trailing zero (`100` has the same length as `1e2`) and non-integers from
 *   0.01 up (below, `1e-3` is shorter than `0.001`) — so an integral value written as a float
 *   (`1.0`, `1e1`), which integer checks must refuse, is always longer than the measure.
 * So text length minus escape overhead equal to the measure proves a record with none of those.
 */

import { LONG_STRING, nextLong } from "./byteScan.js";
import { forgetKnown, remember, utf8Length } from "./check.js";
import type { ProfileLimits } from "./jsonProfile.js";

/** The profile bounds of the current proof, set by {@link proves} (decoding is synchronous). */
let maxDepth = 0;
let maxItems = 0;
let maxFields = 0;
let maxString = 0;
/** Whether long strings take their UTF-8 lengths from the byte scan's table (byteScan.ts). */
let useTable = false;

/**
 * Whether `value`, which `JSON.parse(s)` returned, proves that `s` passes the structural profile.
 * `scan`: the byte scan of `s` ran (its escape overhead and long-string table are used).
 */
export function proves(s: string, value: unknown, limits: ProfileLimits, scan?: { readonly overhead: number }): boolean {
  const overhead = scan === undefined ? escapeOverhead(s) : scan.overhead;
  if (overhead < 0) return false;
  maxDepth = limits.maxJsonDepth;
  maxItems = limits.maxArrayItems;
  maxFields = limits.maxObjectFields;
  maxString = limits.maxStringBytes;
  useTable = scan !== undefined;
  forgetKnown();
  const proven = measure(value, 1) === s.length - overhead;
  // A walk that failed may have paired strings with another string's entry (JSON.parse keeps
  // the last of duplicate members): nothing it remembered is kept.
  if (!proven) forgetKnown();
  return proven;
}

/**
 * Characters the escapes of valid JSON text add over what they decode to (each decodes to one
 * UTF-16 unit); -1 for an escape of U+D800 or above (surrogates, noncharacters), which the
 * exact scanner checks. Backslashes occur only in strings, so the whole text is searched.
 */
function escapeOverhead(s: string): number {
  let overhead = 0;
  for (let b = s.indexOf("\\"); b >= 0; b = s.indexOf("\\", b)) {
    if (s.charCodeAt(b + 1) !== 0x75) {
      overhead += 1;
      b += 2;
      continue;
    }
    // `\uXXXX`: the first hex digit decides; JSON.parse has checked all four.
    const first = s.charCodeAt(b + 2) | 0x20;
    if (first === 0x64 || first === 0x65 || first === 0x66) return -1; // d, e, f
    overhead += 5;
    b += 6;
  }
  return overhead;
}

/** The shortest compact length of a parsed JSON value at `depth`, or -1 when not proven. */
function measure(v: unknown, depth: number): number {
  switch (typeof v) {
    case "string": {
      const n = stringLength(v);
      return n < 0 ? -1 : n + 2;
    }
    case "number":
      return numberLength(v);
    case "boolean":
      return v ? 4 : 5;
    case "object":
      if (v === null) return 4;
      if (depth > maxDepth) return -1;
      return Array.isArray(v) ? arrayLength(v as unknown[], depth) : objectLength(v as Record<string, unknown>, depth);
    default:
      return -1;
  }
}

function arrayLength(a: unknown[], depth: number): number {
  const n = a.length;
  if (n > maxItems) return -1;
  // Brackets and n - 1 commas.
  let total = n === 0 ? 2 : n + 1;
  for (let i = 0; i < n; i++) {
    const m = measure(a[i], depth + 1);
    if (m < 0) return -1;
    total += m;
  }
  return total;
}

function objectLength(o: Record<string, unknown>, depth: number): number {
  let members = 0;
  // The opening brace, then per member its quoted name, colon, value and a comma or the brace.
  let total = 1;
  for (const k in o) {
    // Index-like names come first whatever their place in the text (JavaScript's property
    // order), and only they do: such a first name ends the use of the scan's table, which
    // lists strings in text order. The name is measured before the value, as the text has them.
    if (members === 0 && useTable && isDigit(k.charCodeAt(0))) useTable = false;
    const name = stringLength(k);
    if (name < 0) return -1;
    const m = measure(o[k], depth + 1);
    if (m < 0) return -1;
    total += name + m + 4;
    members++;
  }
  if (members > maxFields) return -1;
  return members === 0 ? 2 : total;
}

function isDigit(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}

/**
 * A decoded string's UTF-16 length, or -1 over the byte bound (counted only when it may be). A
 * long string's exact UTF-8 length, when the scan's table has it, is remembered for the byte
 * bounds of the validators (check.ts).
 */
function stringLength(s: string): number {
  const n = s.length;
  if (n > LONG_STRING && useTable) {
    const bytes = nextLong(n);
    if (bytes >= 0) {
      remember(s, bytes);
      return bytes > maxString ? -1 : n;
    }
    useTable = false;
  }
  return n * 3 > maxString && utf8Length(s) > maxString ? -1 : n;
}

/**
 * The length of a number's shortest JSON spelling when it is the only spelling of that length
 * (see the module comment), else -1. `-0` measures as `0`, so a text `-0` is never proven.
 */
function numberLength(x: number): number {
  if (Number.isSafeInteger(x)) {
    if (x % 100 === 0 && x !== 0) return -1;
    let digits = x < 0 ? 2 : 1;
    for (let a = Math.abs(x); a >= 10; a = Math.floor(a / 10)) digits++;
    return digits;
  }
  const a = Math.abs(x);
  if (Number.isInteger(x) || !(a >= 0.01 && a < 1e21)) return -1;
  return String(x).length;
}
