/**
 * JSON value types, and where a consumer keeps the members it does not know.
 *
 * Design choice (extensions): consumer decoders return a *fresh* object holding only the
 * members the spec declares. Unknown members — allowed on responses, events, payloads,
 * capability objects and limit maps, and already validated by the record-level JSON profile —
 * are kept in a null-prototype object stored under the symbol key {@link EXTENSIONS} of the
 * object that carried them, and only when there were some. A symbol key because:
 * - it can never collide with a present or future wire member name (an `extensions` string
 *   property could);
 * - `JSON.stringify`, `Object.keys` and `for…in` skip it, so a typed value re-encodes to exactly
 *   the known contract and an unknown member can never leak into a strict request by accident;
 * - object spread (`{ ...value }`) and `Object.assign` still copy it, so ordinary copies lose
 *   nothing. (`structuredClone` drops symbol keys: use {@link toWire} before cloning.)
 *
 * A caller that forwards data calls {@link toWire}, which merges every object's extensions
 * back in, recursively, and yields plain JSON again.
 */

/** Any JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object. */
export interface JsonObject {
  [member: string]: JsonValue;
}

/** The symbol key under which a decoded object keeps the unknown members it arrived with. */
export const EXTENSIONS: unique symbol = Symbol.for("agentwire.extensions") as never;

/** Unknown members of one object, by wire name. */
export type Extensions = { readonly [member: string]: JsonValue };

/** The unknown members a decoded object arrived with (an empty object when there were none). */
export function extensionsOf(value: object): Extensions {
  return (value as { [EXTENSIONS]?: Extensions })[EXTENSIONS] ?? EMPTY;
}

const EMPTY: Extensions = Object.freeze(Object.create(null) as Extensions);

/**
 * The forwardable JSON of a decoded value: known members plus every object's extensions,
 * recursively. Decoded values are trees (never cyclic), so the recursion ends.
 */
export function toWire(value: unknown): JsonValue {
  if (value === null || typeof value !== "object") return value as JsonValue;
  if (Array.isArray(value)) return value.map(toWire);
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) define(out, k, toWire(v));
  const ext = (value as { [EXTENSIONS]?: Extensions })[EXTENSIONS];
  if (ext !== undefined) for (const k of Object.keys(ext)) define(out, k, ext[k] as JsonValue);
  return out;
}

/** Set a member even when it is named `__proto__` (plain assignment would set the prototype). */
export function define(target: object, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    (target as Record<string, unknown>)[key] = value;
  }
}

/** Freeze a JSON-shaped literal and everything in it (generated tables are shared). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
