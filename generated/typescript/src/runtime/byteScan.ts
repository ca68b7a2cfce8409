/**
 * The byte scan (byteScan.wat) from JavaScript: one WebAssembly SIMD pass over a long record —
 * its UTF-8 bytes, or a string record's UTF-16 units as they are — that yields its escape
 * overhead, the exact UTF-8 length of each long string and of the record, and whether it holds
 * a noncharacter or a lone surrogate. It replaces, for the compact proof (compactProof.ts) and
 * the validators' byte bounds (check.ts), a native UTF-8 count per long string, a search per
 * backslash and the noncharacter searches (and, for a string record, its UTF-8 encoding): on a
 * replay page of 2,048-byte text parts those cost more than zod's whole validation of it. The
 * same module decodes a long bytes record's UTF-8 ({@link decodeBytes}), which Node does slowly
 * for text with non-ASCII characters spread through it.
 *
 * Where WebAssembly or its SIMD is missing (or, for decoding and string records, Node's
 * Buffer), or a record is short, the functions decline and callers take the JavaScript path
 * (TextDecoder, escape search, native counts).
 */

import { BYTE_SCAN_WASM } from "./byteScanModule.js";

/**
 * Strings longer than this many UTF-16 units get a table entry. Shorter ones are at most 126
 * bytes, so only bounds below 128 bytes (names and codes, 64) count them, in a short loop.
 */
export const LONG_STRING = 42;

/**
 * Records shorter than this (bytes, or UTF-16 units of a string record) are neither decoded nor
 * scanned by the module: what it saves on them (a few short strings, few escapes) is less than
 * its fixed cost of copying into the module and calling it (about 0.3 µs on a 916-byte event;
 * measured with bench/decode.mjs).
 */
export const SCAN_FROM = 2048;

/** Flag bits of a scan (byteScan.wat). */
export const FLAG_NONCHARACTER = 1;
export const FLAG_LONE_SURROGATE = 2;

interface Exports {
  readonly memory: { readonly buffer: ArrayBuffer };
  readonly scan: (len: number, long: number) => number;
  readonly scan16: (units: number, long: number) => number;
  readonly utf8to16: (len: number) => number;
  readonly capacity_bytes: { readonly value: number };
  readonly decode_capacity: { readonly value: number };
  readonly decoded: { readonly value: number };
  readonly table: { readonly value: number };
}

/** What of Node's Buffer the scanner uses, over the module's memory. */
interface MemoryBuffer {
  write(s: string, offset: number, encoding: "utf16le"): number;
  toString(encoding: "utf16le" | "latin1", start: number, end: number): string;
}

interface Scanner {
  // The exports themselves: a property read on the exports object costs more than on this one.
  readonly scan: Exports["scan"];
  readonly scan16: Exports["scan16"];
  readonly utf8to16: Exports["utf8to16"];
  readonly bytes: Uint8Array;
  /** The module's memory as a Buffer: string records go in, decoded text comes out (null without Buffer). */
  readonly units: MemoryBuffer | null;
  /** The header (entries, flags, record bytes, unused), then the entries (units, bytes). */
  readonly table: Int32Array;
  readonly capacity: number;
  readonly decodeCapacity: number;
  readonly decoded: number;
}

/** The results of the last scan; meaningful only after {@link scanBytes} or {@link scanText} accepted. */
export const lastScan = {
  /** What the escapes add over their decoded units. */
  overhead: 0,
  flags: 0,
  /** Table entries of long strings, and the next one {@link nextLong} hands out. */
  count: 0,
  next: 0,
};

/** undefined: not instantiated yet; null: not available here (or switched off). */
let scanner: Scanner | null | undefined;

interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

type BufferApi = { from(b: ArrayBuffer): MemoryBuffer };

function instantiate(): Scanner | null {
  const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (wasm === undefined) return null;
  try {
    const code = new Uint8Array(BYTE_SCAN_WASM);
    // Engines without SIMD refuse the module; `validate` says so without throwing.
    if (!wasm.validate(code)) return null;
    const exports = new wasm.Instance(new wasm.Module(code)).exports as Exports;
    const buffer = exports.memory.buffer;
    const nodeBuffer = (globalThis as { Buffer?: BufferApi }).Buffer;
    return {
      scan: exports.scan,
      scan16: exports.scan16,
      utf8to16: exports.utf8to16,
      bytes: new Uint8Array(buffer),
      units: nodeBuffer === undefined ? null : nodeBuffer.from(buffer),
      table: new Int32Array(buffer, exports.table.value - 16),
      capacity: exports.capacity_bytes.value,
      decodeCapacity: exports.decode_capacity.value,
      decoded: exports.decoded.value,
    };
  } catch {
    return null;
  }
}

function ready(): Scanner | null {
  if (scanner === undefined) scanner = instantiate();
  return scanner;
}

/** Scan a record's bytes (no newline): false when there is no scanner, the record is short or does not fit it, or the scan stopped (see `finish`). */
export function scanBytes(record: Uint8Array): boolean {
  if (record.length < scanFrom) return false;
  const s = ready();
  if (s === null || record.length > s.capacity) return false;
  s.bytes.set(record);
  return finish(s, s.scan(record.length, LONG_STRING));
}

/**
 * A bytes record's text (no newline), decoded from UTF-8 by the module, which keeps the bytes
 * for {@link scanDecoded}; null when there is no scanner (or no Buffer), the record is short or
 * longer than the decoder holds, or the bytes are not UTF-8 (a fatal TextDecoder then says so).
 * Node's own UTF-8 decoding of text with a few non-ASCII characters in every line goes
 * character by character, about 2.5 ns a byte: more than JSON.parse of the result.
 */
export function decodeBytes(record: Uint8Array): string | null {
  if (record.length < scanFrom) return null;
  const s = ready();
  if (s === null || s.units === null || record.length > s.decodeCapacity) return null;
  s.bytes.set(record);
  const units = s.utf8to16(record.length);
  if (units < 0) return null;
  // As many units as bytes: ASCII, which a one-byte string holds (JSON.parse reads those faster).
  return units === record.length ? s.units.toString("latin1", 0, units) : s.units.toString("utf16le", s.decoded, s.decoded + 2 * units);
}

/** Scan the bytes record {@link decodeBytes} just decoded (`len` bytes): as {@link scanBytes}. */
export function scanDecoded(len: number): boolean {
  const s = scanner as Scanner;
  return finish(s, s.scan(len, LONG_STRING));
}

/**
 * Scan a string record (no newline) as UTF-16: its UTF-8 length (a lone surrogate counted as
 * the three bytes of U+FFFD, flag {@link FLAG_LONE_SURROGATE}), or -1 when there is no scanner,
 * the text is short or does not fit it, or the scan stopped (see `finish`).
 */
export function scanText(text: string): number {
  if (text.length < scanFrom) return -1;
  const s = ready();
  if (s === null || s.units === null || text.length * 2 > s.capacity) return -1;
  s.units.write(text, 0, "utf16le");
  return finish(s, s.scan16(text.length, LONG_STRING)) ? (s.table[2] as number) : -1;
}

/**
 * Take a scan's results; false when it stopped at an escape from `\uD800` up, which leaves its
 * header unwritten: such a record takes the JavaScript path.
 */
function finish(s: Scanner, overhead: number): boolean {
  if (overhead < 0) return false;
  lastScan.overhead = overhead;
  lastScan.count = s.table[0] as number;
  lastScan.flags = s.table[1] as number;
  lastScan.next = 0;
  return true;
}

/**
 * The UTF-8 length of the next long string of the last scan, in the order of the text, if it
 * has `units` UTF-16 units; else -1, and the table is not used again for this record (a walk
 * that left the text's order, or past the end of a table that filled up, flag bit 2). The walk
 * asks for every string longer than {@link LONG_STRING} units, in text order.
 */
export function nextLong(units: number): number {
  const i = lastScan.next;
  const t = (scanner as Scanner).table;
  if (i >= lastScan.count || t[4 + 2 * i] !== units) {
    lastScan.count = 0;
    return -1;
  }
  lastScan.next = i + 1;
  return t[5 + 2 * i] as number;
}

let scanFrom = SCAN_FROM;

/**
 * Tests: run without the scanner (`false`) to cover the JavaScript path, or with it from
 * records of `from` bytes (0: every record, so short test records take the scanner's path).
 */
export function useByteScan(on: boolean, from = SCAN_FROM): void {
  scanner = on ? instantiate() : null;
  scanFrom = from;
}

/** Tests: whether the scanner runs here (WebAssembly with SIMD, and Node's Buffer for string records). */
export function byteScanAvailable(): boolean {
  const s = instantiate();
  return s !== null && s.units !== null;
}
