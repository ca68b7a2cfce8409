/**
 * Record-level decoding and encoding: the JSON profile, then the generated decoders, in the
 * order docs/decoding.md prescribes.
 *
 * - Consumer side (responses and events, tolerant but validating): {@link decodeEventRecord},
 *   {@link decodeResponseRecord}, {@link decodeServerRecord}.
 * - Request side (strict): {@link decodeRequestRecord} classifies a request exactly as the
 *   service does (first failing check decides the code); {@link encodeRequest} validates what it
 *   is about to send with that same decoder and refuses records over `max_record_bytes`
 *   (newline included).
 */

import { LIMITS, PROTOCOL_VERSION } from "./generated/constants.js";
import type { ErrorCode } from "./generated/errors.js";
import { EVENTS, OPERATIONS, REQUEST_DEFAULTS, isEventName, isMethod } from "./generated/protocol.js";
import type {
  AnyEvent,
  AnyRequest,
  ErrorResponse,
  EventEnvelope,
  EventName,
  Method,
  RawEventEnvelope,
  RawRequestEnvelope,
  RawResponseEnvelope,
  RequestEnvelope,
  RequestPayloads,
  ResponseEnvelope,
} from "./generated/types.js";
import {
  EVENT_PAYLOAD_DECODERS,
  REQUEST_PAYLOAD_DECODERS,
  RESPONSE_PAYLOAD_DECODERS,
  decodeOpaqueId,
  decodeRawEventEnvelope,
  decodeRawRequestEnvelope,
  decodeRawResponseEnvelope,
  decodeSessionId,
} from "./generated/validators.js";
import { SchemaError, floats, unmark, utf8Length } from "./runtime/check.js";
import { ProfileError, parseRecord } from "./runtime/jsonProfile.js";
import type { ParsedRecord, ProfileLimits } from "./runtime/jsonProfile.js";

/**
 * Why a consumer rejected a record (the categories of conformance/vectors/consumer.json):
 * - `record_too_large`, `invalid_json`, `limit`: the JSON profile (size, I-JSON, structure);
 * - `unknown_kind`: an envelope kind no consumer receives; `envelope`: an envelope member broke
 *   its rule; `unsupported_version`: not wire 2; `unknown_event`: an event name this package
 *   does not know; `result_shape`: not exactly one of payload and error;
 * - `correlation`: identities or correlation slots that do not match what the client knows;
 * - `payload`: a payload (or session message) broke its schema;
 * - `advertisement`: initialization failed preflight; `sequence`: a per-turn sequence regressed,
 *   repeated, or followed its terminal.
 */
export type ConsumerFailure =
  | "record_too_large"
  | "invalid_json"
  | "limit"
  | "unknown_kind"
  | "envelope"
  | "unsupported_version"
  | "unknown_event"
  | "result_shape"
  | "correlation"
  | "payload"
  | "advertisement"
  | "sequence";

/**
 * A record that must be rejected. `code` is a {@link ConsumerFailure} (the rule's category) or,
 * for requests, an {@link ErrorCode}. The message names the path once, then the `detail`.
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: ConsumerFailure | ErrorCode,
    /** What is wrong, without the path. */
    readonly detail: string,
    /** JSON path of the offending value (`$` for the whole record). */
    readonly path = "$",
  ) {
    super(path === "$" ? detail : `${path}: ${detail}`);
    this.name = "ProtocolError";
  }
}

/** The default record bounds: the advertised limits this package was generated with. */
export const DEFAULT_PROFILE: ProfileLimits = Object.freeze({
  maxRecordBytes: LIMITS.max_record_bytes,
  maxJsonDepth: LIMITS.max_json_depth,
  maxArrayItems: LIMITS.max_array_items,
  maxObjectFields: LIMITS.max_object_fields,
  maxStringBytes: LIMITS.max_string_bytes,
});

export interface DecodeOptions {
  /** Local bounds to apply instead of the defaults (never raise them above what you can hold). */
  readonly profile?: ProfileLimits;
}

/** The request that a response answers, by its request_id; `undefined` when none is pending. */
export type MethodOf = (requestId: string | null) => Method | undefined;

// ---------------------------------------------------------------------------------------------
// Consumer side
// ---------------------------------------------------------------------------------------------

/** Decode one event record (bytes or text, with or without its newline). */
export function decodeEventRecord(input: string | Uint8Array, options?: DecodeOptions): AnyEvent {
  return withRecord(input, options, decodeEventValue);
}

/** Decode one response record to a request of `method`. */
export function decodeResponseRecord<M extends Method>(input: string | Uint8Array, method: M, options?: DecodeOptions): ResponseEnvelope<M> {
  return withRecord(input, options, (v) => decodeResponseValue(v, () => method) as ResponseEnvelope<M>);
}

/** Decode any record a service sends: a response (correlated through `methodOf`) or an event. */
export function decodeServerRecord(input: string | Uint8Array, methodOf: MethodOf, options?: DecodeOptions): AnyEvent | ResponseEnvelope {
  return withRecord(input, options, (v) => decodeServerValue(v, methodOf));
}

/** Decode an already-parsed server record. */
export function decodeServerValue(v: unknown, methodOf: MethodOf): AnyEvent | ResponseEnvelope {
  const kind = kindOf(v);
  if (kind === "response") return decodeResponseValue(v, methodOf);
  if (kind === "event") return decodeEventValue(v);
  throw new ProtocolError("envelope", "not a response or event envelope");
}

/**
 * The record's `kind`, refusing a kind no consumer receives before anything else: an unknown
 * envelope kind invalidates the stream whatever the rest of the record says.
 */
function kindOf(v: unknown): unknown {
  const kind = typeof v === "object" && v !== null && !Array.isArray(v) ? (v as { kind?: unknown }).kind : undefined;
  if (typeof kind === "string" && kind !== "response" && kind !== "event") throw new ProtocolError("unknown_kind", "unknown envelope kind", "$.kind");
  return kind;
}

/** Decode an already-parsed event record. */
export function decodeEventValue(v: unknown): AnyEvent {
  kindOf(v);
  let env: RawEventEnvelope;
  try {
    env = decodeRawEventEnvelope(v, false);
  } catch (e) {
    throw schemaFailure(e, "envelope");
  }
  version(env.protocol_version);
  const name = env.event;
  if (!isEventName(name)) throw new ProtocolError("unknown_event", "unknown event name", "$.event");
  const rules = EVENTS[name].correlation;
  // The four slots one by one: a loop over their names costs a generic keyed load per slot.
  slot(name, "session_id", env.session_id, rules.session_id);
  slot(name, "operation_id", env.operation_id, rules.operation_id);
  slot(name, "grant_generation", env.grant_generation, rules.grant_generation);
  slot(name, "live_sequence", env.live_sequence, rules.live_sequence);
  try {
    // The decoded envelope is a fresh object: its payload member takes the typed payload.
    env.payload = EVENT_PAYLOAD_DECODERS[name](env.payload, false);
  } catch (e) {
    throw schemaFailure(e, "payload", "payload");
  }
  return env as EventEnvelope as AnyEvent;
}

/** A correlation slot of an event must be set or null as its declaration says. */
function slot(name: EventName, which: (typeof SLOTS)[number], value: unknown, rule: "set" | "null"): void {
  if ((value !== null) !== (rule === "set")) throw new ProtocolError("correlation", `${name} requires ${which} to be ${rule}`, `$.${which}`);
}

const SLOTS = ["session_id", "operation_id", "grant_generation", "live_sequence"] as const;

/** Decode an already-parsed response record. */
export function decodeResponseValue(v: unknown, methodOf: MethodOf): ResponseEnvelope {
  kindOf(v);
  let env: RawResponseEnvelope;
  try {
    env = decodeRawResponseEnvelope(v, false);
  } catch (e) {
    throw schemaFailure(e, "envelope");
  }
  version(env.protocol_version);
  if ((env.payload === null) === (env.error === null)) {
    throw new ProtocolError("result_shape", "exactly one of payload and error must be non-null");
  }
  // An error response never becomes success, whatever its code (unknown codes are generic failures).
  if (env.error !== null) return env as ErrorResponse;
  const method = methodOf(env.request_id);
  if (method === undefined) throw new ProtocolError("correlation", "success response to no pending request", "$.request_id");
  try {
    env.payload = RESPONSE_PAYLOAD_DECODERS[method](env.payload, false);
  } catch (e) {
    throw schemaFailure(e, "payload", "payload");
  }
  return env as ResponseEnvelope;
}

function version(v: number): void {
  if (v !== PROTOCOL_VERSION) throw new ProtocolError("unsupported_version", `protocol_version is not ${PROTOCOL_VERSION}`, "$.protocol_version");
}

/** Run a generated decoder, turning its schema error into a protocol error with a path. */
function schema<T>(code: ConsumerFailure | ErrorCode, run: () => T, under?: string): T {
  try {
    return run();
  } catch (e) {
    throw schemaFailure(e, code, under);
  }
}

/** A generated decoder's schema error as a protocol error with a path (`under` prefixes it). */
function schemaFailure(e: unknown, code: ConsumerFailure | ErrorCode, under?: string): unknown {
  if (!(e instanceof SchemaError)) return e;
  const path = under === undefined ? e.path : e.path.replace(/^\$/, `$.${under}`);
  return new ProtocolError(code, e.message, path);
}

/**
 * Profile-check and parse a record a service sent, then decode it with float markers handled.
 * Service records obey the outbound rule: `max_record_bytes` counts their newline.
 */
export function withRecord<T>(input: string | Uint8Array, options: DecodeOptions | undefined, decode: (v: unknown) => T): T {
  const record = parse(input, options?.profile ?? DEFAULT_PROFILE, true);
  return marked(record, () => decode(record.value));
}

function parse(input: string | Uint8Array, profile: ProfileLimits, outbound: boolean): ParsedRecord {
  try {
    return parseRecord(input, profile, outbound);
  } catch (e) {
    if (!(e instanceof ProfileError)) throw e;
    // Consumers name the structural category `limit`; requests get the error code.
    const code = e.code === "limit_exceeded" && outbound ? "limit" : e.code;
    throw new ProtocolError(code, e.message);
  }
}

function marked<T>(record: ParsedRecord, run: () => T): T {
  if (!record.marked) return run();
  floats.active = true;
  try {
    return run();
  } finally {
    floats.active = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Request side
// ---------------------------------------------------------------------------------------------

/** How the service classifies a request record: accepted, or the error it answers with. */
export type RequestOutcome =
  | { readonly ok: true; readonly request: AnyRequest }
  | {
      readonly ok: false;
      readonly code: ErrorCode;
      /** What is wrong (the path is in `path`). */
      readonly message: string;
      readonly path: string;
      /** The correlation slots an error response carries: recovered when valid, else null. */
      readonly request_id: string | null;
      readonly session_id: string | null;
      readonly operation_id: string | null;
    };

export interface RequestOptions extends DecodeOptions {
  /** Largest compact payload; defaults to `max_payload_bytes`. */
  readonly maxPayloadBytes?: number;
}

/** Classify a request record with the precedence of docs/decoding.md ("Requests"). */
export function decodeRequestRecord(input: string | Uint8Array, options?: RequestOptions): RequestOutcome {
  let record: ParsedRecord | undefined;
  try {
    record = parse(input, options?.profile ?? DEFAULT_PROFILE, false);
    const parsed = record;
    const request = marked(parsed, () => decodeRequestValue(parsed.value, options?.maxPayloadBytes ?? LIMITS.max_payload_bytes));
    return { ok: true, request };
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    const v = record?.value;
    return {
      ok: false,
      code: e.code as ErrorCode,
      message: e.detail,
      path: e.path,
      request_id: recover(v, "request_id", decodeOpaqueId),
      session_id: recover(v, "session_id", decodeSessionId),
      operation_id: recover(v, "operation_id", decodeOpaqueId),
    };
  }
}

/** Steps 4–9 of the request precedence on a parsed record. */
function decodeRequestValue(v: unknown, maxPayloadBytes: number): AnyRequest {
  const env = schema("invalid_request", () => decodeRawRequestEnvelope(v, true));
  if (env.protocol_version !== PROTOCOL_VERSION) throw new ProtocolError("unsupported_version", "protocol_version is not supported", "$.protocol_version");
  const method = env.method;
  if (!isMethod(method)) throw new ProtocolError("unsupported_operation", "method is not an operation", "$.method");
  slots(env, method);
  const payload = floats.active ? unmark(env.payload) : env.payload;
  if (utf8Length(JSON.stringify(payload)) > maxPayloadBytes) throw new ProtocolError("payload_too_large", "payload exceeds the maximum size", "$.payload");
  try {
    const decoded = REQUEST_PAYLOAD_DECODERS[method](env.payload, true);
    return Object.assign(env, { method, payload: decoded }) as RequestEnvelope as AnyRequest;
  } catch (e) {
    if (!(e instanceof SchemaError)) throw e;
    throw new ProtocolError(e.limit ? "limit_exceeded" : "invalid_payload", e.message, e.path.replace(/^\$/, "$.payload"));
  }
}

/** The operation's slot rules; a missing required control is `control_required`. */
function slots(env: RawRequestEnvelope, method: Method): void {
  const op = OPERATIONS[method];
  if ((env.session_id !== null) !== (op.sessionId === "required")) {
    throw new ProtocolError("invalid_request", `${method} requires session_id to be ${op.sessionId}`, "$.session_id");
  }
  if ((env.operation_id !== null) !== op.mutation) {
    throw new ProtocolError("invalid_request", `${method} requires operation_id to be ${op.mutation ? "set" : "null"}`, "$.operation_id");
  }
  if (env.control === null && op.control === "required") throw new ProtocolError("control_required", `${method} requires control`, "$.control");
  if (env.control !== null && op.control === "null") throw new ProtocolError("invalid_request", `${method} requires control to be null`, "$.control");
}

function recover(v: unknown, slot: string, decode: (v: unknown, strict: boolean) => string): string | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  if (!Object.prototype.hasOwnProperty.call(v, slot)) return null;
  try {
    return decode((v as Record<string, unknown>)[slot], true);
  } catch {
    return null;
  }
}

/**
 * A request payload with every absent defaulted member set to the value its absence means (a
 * copy). Decoders keep absence, so `after` absent and `after: null` stay distinguishable; a
 * service handler that wants the effective values applies this.
 */
export function withDefaults<M extends Method>(method: M, payload: RequestPayloads[M]): RequestPayloads[M] {
  const out: Record<string, unknown> = { ...payload };
  for (const [member, value] of Object.entries(REQUEST_DEFAULTS[method])) {
    if (out[member] === undefined) out[member] = structuredClone(value);
  }
  return out as unknown as RequestPayloads[M];
}

/** A request the encoder refused, with the error code the service would have answered. */
export class EncodeError extends ProtocolError {
  constructor(code: ErrorCode, message: string, path = "$") {
    super(code, message, path);
    this.name = "EncodeError";
  }
}

/**
 * Encode one request as a record (newline included). The value must be plain JSON data; the
 * encoded text is then classified by {@link decodeRequestRecord}, so anything the service would
 * refuse — unknown members, bounds, slot rules, sizes — is refused here first. Records longer
 * than `max_record_bytes` including the newline are refused (outbound rule).
 */
export function encodeRequest<M extends Method>(request: RequestEnvelope<M>, options?: RequestOptions): string {
  assertJsonData(request, "$", 0);
  const text = JSON.stringify(request);
  const maxRecordBytes = (options?.profile ?? DEFAULT_PROFILE).maxRecordBytes;
  if (utf8Length(text) + 1 > maxRecordBytes) {
    throw new EncodeError("record_too_large", `record of ${utf8Length(text) + 1} bytes exceeds ${maxRecordBytes}`);
  }
  const outcome = decodeRequestRecord(text, options);
  if (!outcome.ok) throw new EncodeError(outcome.code, outcome.message, outcome.path);
  return `${text}\n`;
}

/**
 * Refuse values `JSON.stringify` would silently change: `undefined`, functions and symbols in
 * arrays (they become `null`), non-finite numbers (`null`), bigints, and anything that is not a
 * plain object or array (`Date` becomes a string). An `undefined` member is dropped by
 * stringify, so it counts as absent. Depth is capped, which also stops cycles.
 */
function assertJsonData(v: unknown, path: string, depth: number): void {
  switch (typeof v) {
    case "string":
    case "boolean":
      return;
    case "number":
      if (!Number.isFinite(v)) throw new EncodeError("invalid_request", "not a finite number", path);
      return;
    case "object":
      break;
    default:
      throw new EncodeError("invalid_request", `a ${typeof v} is not JSON`, path);
  }
  if (v === null) return;
  if (depth > DEFAULT_PROFILE.maxJsonDepth) throw new EncodeError("limit_exceeded", "nesting too deep", path);
  if (Array.isArray(v)) {
    v.forEach((x, i) => assertJsonData(x, `${path}[${i}]`, depth + 1));
    return;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw new EncodeError("invalid_request", "not a plain object", path);
  for (const [k, x] of Object.entries(v)) {
    if (x !== undefined) assertJsonData(x, `${path}.${k}`, depth + 1);
  }
}
