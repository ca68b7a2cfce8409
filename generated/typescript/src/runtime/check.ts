/**
 * The checks generated decoders are made of. Each takes a value from `JSON.parse` output and
 * either returns it typed or throws a {@link SchemaError}. Messages name the broken rule and the
 * JSON kind received, never the value itself: records carry prompts, URLs and IDs that must
 * not end up in logs through an error message.
 */

import { EXTENSIONS, define } from "./json.js";
import type { Extensions, JsonObject, JsonValue } from "./json.js";

/** A parsed JSON object, as decoders read it. */
export type Obj = { readonly [member: string]: unknown };

/** A value broke a schema rule; `path` says where (`$.payload.activity.kind`). */
export class SchemaError extends Error {
  /** Path segments, innermost first, pushed while the error unwinds through decoders. */
  readonly segments: (string | number)[] = [];

  /** `limit`: the rule was a bound that yields `limit_exceeded` rather than the context error. */
  constructor(
    message: string,
    readonly limit = false,
  ) {
    super(message);
    this.name = "SchemaError";
  }

  /** The JSON path of the offending value. */
  get path(): string {
    let out = "$";
    for (let i = this.segments.length - 1; i >= 0; i--) {
      const s = this.segments[i];
      out += typeof s === "number" ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s as string) ? `.${s}` : `[${JSON.stringify(s)}]`;
    }
    return out;
  }
}

/** The JSON kind of a value, for messages. */
export function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "nothing";
  if (Array.isArray(v)) return "an array";
  // A float marker stands for a number written with a fraction or exponent: say so, with its text.
  if (floats.active && typeof v === "object" && Object.prototype.hasOwnProperty.call(v, floats.key)) {
    return `${String((v as Record<string, unknown>)[floats.key])}, a number written with a fraction or exponent`;
  }
  switch (typeof v) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    default:
      return "an object";
  }
}

/** Throw a schema error; `got` (when given) adds the kind of value received. */
export function fail(message: string, got?: unknown): never {
  throw new SchemaError(arguments.length > 1 ? `${message}, got ${kindOf(got)}` : message);
}

/** Add a path segment to an error unwinding through a decoder ("" adds nothing). */
export function within(e: unknown, segment: string | number): unknown {
  if (e instanceof SchemaError && segment !== "") e.segments.push(segment);
  return e;
}

export function object(v: unknown): Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v)) fail("expected an object", v);
  return v as Obj;
}

/** A required member: absent is an error; `null` is left to the nullability check. */
export function required(v: unknown): unknown {
  if (v === undefined) fail("missing required member");
  return v;
}

/** A payload slot's value: any JSON but `null` (a nullable slot checks `null` before this). */
export function present(v: unknown): unknown {
  if (v === null) fail("null is not allowed");
  return v;
}

/** Read an own member only (for names that `Object.prototype` also has). */
export function own(o: Obj, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, name) ? o[name] : undefined;
}

/** A boolean; `0`, `1` and `"true"` are not booleans. */
export function bool(v: unknown): boolean {
  if (typeof v !== "boolean") fail("expected a boolean", v);
  return v;
}

/**
 * An integer in `min..=max`. Safe integers only; `-0` is refused like every other negative
 * spelling (the Rust decoder reads `-0` as a float). Integral floats such as `1.0` are
 * caught before this point, see `jsonProfile.ts`.
 */
export function int(v: unknown, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || Object.is(v, -0)) fail("expected an integer", v);
  if (v < min || v > max) fail(`integer outside ${min}..=${max}`);
  return v;
}

/** A string of `min..=max` UTF-8 bytes. */
export function str(v: unknown, min: number, max: number): string {
  if (typeof v !== "string") fail("expected a string", v);
  const units = v.length;
  // A UTF-16 unit is 1..3 UTF-8 bytes, so most strings are decided by their length alone.
  if (units > max) fail(`string longer than ${max} bytes`);
  if (units < min || units * 3 > max) {
    const bytes = utf8Length(v);
    if (bytes < min) fail(`string shorter than ${min} bytes`);
    if (bytes > max) fail(`string longer than ${max} bytes`);
  }
  return v;
}

/** A string with a charset, a format, or the non-blank rule besides its byte bounds. */
export function text(v: unknown, min: number, max: number, charset: RegExp | null, rfc3339: boolean, nonBlank: boolean): string {
  const s = str(v, min, max);
  if (charset !== null && !charset.test(s)) fail("character outside the allowed charset");
  if (rfc3339 && !isRfc3339(s)) fail("not an RFC 3339 date-time");
  if (nonBlank && isBlank(s)) fail("must contain a non-whitespace character");
  return s;
}

/** The only value a const member may carry. */
export function constant<T extends string | number | boolean>(v: unknown, c: T): T {
  if (v !== c) fail(`must be ${JSON.stringify(c)}`);
  return c;
}

/** An array of `min..=max` items, each decoded by `item`; `limit` marks a limit_exceeded bound. */
export function array<T>(v: unknown, min: number, max: number, limit: boolean, item: (x: unknown, strict: boolean) => T, strict: boolean): T[] {
  if (!Array.isArray(v)) fail("expected an array", v);
  const n = v.length;
  if (n > max) throw new SchemaError(`more than ${max} items`, limit);
  if (n < min) fail(`fewer than ${min} items`);
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    try {
      out.push(item(v[i], strict));
    } catch (e) {
      throw within(e, i);
    }
  }
  return out;
}

/** Any JSON value (already bounded by the record-level profile). */
export function json(v: unknown): JsonValue {
  return floats.active ? unmark(v) : (v as JsonValue);
}

/** A JSON object. */
export function jsonObject(v: unknown): JsonObject {
  object(v);
  return json(v) as JsonObject;
}

/** A union discriminator: a string member, or the error names it. */
export function tag(o: Obj, name: string): string {
  const t = own(o, name);
  if (typeof t !== "string") throw within(new SchemaError(t === undefined ? "missing discriminator" : `expected a string, got ${kindOf(t)}`), name);
  return t;
}

/** A null-prototype object: a received `__proto__` member stays a member. */
export function nullObject<T>(): T {
  return Object.create(null) as T;
}

/**
 * After the known members: strict decoders refuse any other member; tolerant ones keep them
 * under `[EXTENSIONS]` (see `json.ts`).
 */
export function extend(out: { [EXTENSIONS]?: Extensions }, o: Obj, strict: boolean, known: (k: string) => boolean): void {
  let ext: Record<string, JsonValue> | undefined;
  for (const k in o) {
    if (known(k)) continue;
    if (strict) throw within(new SchemaError("unknown member"), k);
    if (ext === undefined) ext = nullObject<Record<string, JsonValue>>();
    ext[k] = json(o[k]);
  }
  if (ext !== undefined) out[EXTENSIONS] = ext;
}

/** UTF-8 length of a well-formed string: 1–3 bytes per unit, 4 per surrogate pair. */
export function utf8Length(s: string, from = 0, to = s.length): number {
  // Long strings (every text part of a replay page) are counted natively: a JavaScript loop per
  // UTF-16 unit cost more than parsing the whole record. Short ones stay in the loop, which is
  // cheaper than the native call for them.
  if (to - from > NATIVE_FROM && nodeBuffer !== undefined) return nodeBuffer.byteLength(from === 0 && to === s.length ? s : s.slice(from, to), "utf8");
  let n = to - from;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2;
  }
  return n;
}

const NATIVE_FROM = 64;

const nodeBuffer = (globalThis as { Buffer?: { byteLength(s: string, encoding: "utf8"): number } }).Buffer;

/** RFC 3339 `date-time` (section 5.6), the same checks as the generator's `rfc3339.rs`. */
export function isRfc3339(s: string): boolean {
  const digits = (a: number, b: number): boolean => {
    for (let i = a; i < b; i++) {
      const c = s.charCodeAt(i);
      if (!(c >= 0x30 && c <= 0x39)) return false;
    }
    return b <= s.length;
  };
  const num = (a: number, b: number): number => (digits(a, b) ? Number(s.slice(a, b)) : 99);
  if (s.length < 20 || !digits(0, 4) || s[4] !== "-" || !digits(5, 7) || s[7] !== "-" || !digits(8, 10)) return false;
  if (!"Tt ".includes(s[10] as string) || !digits(11, 13) || s[13] !== ":" || !digits(14, 16) || s[16] !== ":" || !digits(17, 19)) return false;
  const month = num(5, 7);
  const day = num(8, 10);
  if (month < 1 || month > 12 || day < 1 || day > 31 || num(11, 13) > 23 || num(14, 16) > 59 || num(17, 19) > 60) return false;
  let i = 19;
  if (s[i] === ".") {
    const start = ++i;
    while (i < s.length && digits(i, i + 1)) i++;
    if (i === start) return false;
  }
  const rest = s.length - i;
  if (rest === 1) return s[i] === "Z" || s[i] === "z";
  if (rest !== 6 || (s[i] !== "+" && s[i] !== "-") || s[i + 3] !== ":" || !digits(i + 1, i + 3) || !digits(i + 4, i + 6)) return false;
  return num(i + 1, i + 3) <= 23 && num(i + 4, i + 6) <= 59;
}

/**
 * Whether a string is empty or only whitespace, with Rust's `char::is_whitespace` (Unicode
 * White_Space) so both decoders agree: JavaScript's `trim` would also strip U+FEFF and keep
 * U+0085.
 */
export function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (!isWhiteSpace(s.charCodeAt(i))) return false;
  }
  return true;
}

function isWhiteSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/**
 * Integral numbers written with a fraction or exponent (`1.0`, `1e2`) are not integers on the
 * wire (the Rust decoder refuses them) but `JSON.parse` cannot tell them from `1`. When a record
 * has any, `jsonProfile.ts` wraps each in a marker object before parsing, so integer checks
 * see an object and refuse it; free-form JSON values get the number back through `json()`.
 */
export const floats: { active: boolean; readonly key: string } = {
  /** Whether the record being decoded carries markers. */
  active: false,
  /** The marker member name (random per process, so a real member cannot imitate it). */
  key: `\u0000agentwire.float.${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("")}`,
};

/** A copy of `v` with every float marker replaced by its number. */
export function unmark(v: unknown): JsonValue {
  if (v === null || typeof v !== "object") return v as JsonValue;
  if (Array.isArray(v)) return v.map(unmark);
  const o = v as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(o, floats.key)) return Number(o[floats.key]);
  const out: JsonObject = {};
  for (const k of Object.keys(o)) define(out, k, unmark(o[k]));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Standard Schema v1 (https://standardschema.dev): every generated named-type decoder carries it
// ---------------------------------------------------------------------------------------------

/** The Standard Schema v1 interface, as its specification defines it (types only, no dependency). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace StandardSchemaV1 {
  export interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  export interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  export interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  export interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  export interface PathSegment {
    readonly key: PropertyKey;
  }
  export interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["input"];
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["output"];
}

/** A generated decoder: call it `(value, strict)`, or use it as a Standard Schema. */
export type Validator<T> = ((v: unknown, strict: boolean) => T) & StandardSchemaV1<unknown, T>;

/**
 * Give a decoder the Standard Schema interface. `validate` decodes as a consumer does (unknown
 * members are kept under `EXTENSIONS`, not refused) and reports a schema error as one issue
 * with its path; the decoded value is a fresh object, never the input.
 */
export function standard<T>(name: string, decode: (v: unknown, strict: boolean) => T): Validator<T> {
  const props: StandardSchemaV1.Props<unknown, T> = {
    version: 1,
    vendor: "agentwire",
    validate(value: unknown): StandardSchemaV1.Result<T> {
      try {
        return { value: decode(value, false) };
      } catch (e) {
        if (!(e instanceof SchemaError)) throw e;
        return { issues: [{ message: `${name}: ${e.message}`, path: [...e.segments].reverse() }] };
      }
    },
  };
  return Object.defineProperty(decode, "~standard", { value: props, enumerable: false }) as Validator<T>;
}
