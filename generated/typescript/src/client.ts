/**
 * A Node client for the agentwire daemon over its private Unix socket.
 *
 * {@link AgentwireClient.connect} performs, in order and before any request can be sent:
 * the identity handshake (service-lifecycle §3), `initialize`, and the full preflight of the
 * seed ("Initialization and decoding"): identities, wire 2, transport unix, required operations,
 * the entire advertised event set known, activity flags consistent, limits within local bounds.
 * Only then does it hand out a client, so no mutation can be pipelined before preflight.
 *
 * Afterwards: typed requests correlated by request_id, and one async iterator of events with
 * correlation and per-turn sequence checks. Any record that breaks a rule invalidates the
 * trusted stream state: the connection fails, pending requests reject, the iterator throws.
 * Nothing is ever retried automatically.
 */

import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import { connect as netConnect } from "node:net";
import type { Socket } from "node:net";
import { LIMITS, PROTOCOL_VERSION } from "./generated/constants.js";
import type { LimitName } from "./generated/constants.js";
import { isErrorCode } from "./generated/errors.js";
import type { ErrorCode } from "./generated/errors.js";
import { EVENTS, OPERATIONS } from "./generated/protocol.js";
import type {
  AnyEvent,
  Control,
  ErrorObject,
  HandshakeReplyAccepted,
  InitializeResponse,
  LimitMap,
  Method,
  RequestEnvelope,
  RequestPayloads,
  ResponseEnvelope,
  ResponsePayloads,
} from "./generated/types.js";
import { decodeHandshakeReply, decodeHandshakeRequest } from "./generated/validators.js";
import { DEFAULT_PROFILE, ProtocolError, decodeServerRecord, encodeRequest } from "./records.js";
import type { ProfileLimits } from "./runtime/jsonProfile.js";
import { EXTENSIONS } from "./runtime/json.js";
import { parseRecord } from "./runtime/jsonProfile.js";
import { SchemaError } from "./runtime/check.js";

/** What to connect to and what to expect of it. */
export interface ClientOptions {
  /** Absolute path of the daemon socket (from discovery). */
  readonly socketPath: string;
  /** This client's package version; Unix admission requires an exact match. */
  readonly version: string;
  /** Canonical workspace path the daemon must serve. */
  readonly workspace: string;
  /** Identities the caller already knows (from discovery); each must match. */
  readonly expect?: { readonly instanceId?: string; readonly workspaceId?: string; readonly stateRootId?: string };
  /** Operations this client needs; preflight fails if any is not advertised. */
  readonly requiredOperations?: readonly Method[];
  /**
   * Local bounds, which can only lower the generated ones: an advertised output bound above
   * its local bound fails preflight (the client could not accept everything the service may send).
   */
  readonly localBounds?: LocalBounds;
  /** Handshake deadline; defaults to `handshake_timeout_ms`. */
  readonly handshakeTimeoutMs?: number;
}

/** Local bounds by limit name, plus the activity summary bound. */
export type LocalBounds = { readonly [L in LimitName]?: number } & { readonly max_summary_bytes?: number };

/**
 * Limits that bound what the service *sends*: the client must be able to hold each of them.
 * (Request-side limits such as `max_payload_bytes` are honoured by sending less instead; the
 * persistent capacity and time limits bound the service itself.)
 */
export const OUTPUT_BOUNDS: readonly LimitName[] = [
  "max_record_bytes",
  "max_error_message_bytes",
  "max_id_bytes",
  "max_name_bytes",
  "max_string_bytes",
  "max_json_depth",
  "max_array_items",
  "max_object_fields",
  "max_session_page_items",
  "max_session_replay_page_bytes",
  "max_catalog_page_items",
  "max_snapshot_text_bytes",
];

/** The service refused the handshake. */
export class HandshakeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HandshakeError";
  }
}

/** Initialization succeeded but the service cannot be trusted with this client's work. */
export class PreflightError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PreflightError";
  }
}

/** An error response. `known` is false for a code this package does not know (a generic failure). */
export class ServiceError extends Error {
  readonly known: boolean;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = "ServiceError";
    this.known = isErrorCode(code);
  }
  /** The code, when it is one this package knows. */
  get errorCode(): ErrorCode | undefined {
    return this.known ? (this.code as ErrorCode) : undefined;
  }
}

/** Slots a request may need besides its payload. */
export interface RequestSlots {
  /** Target session, for operations whose `session_id` is required. */
  readonly sessionId?: string;
  /** Mutation intent ID; a fresh one is generated when absent. Reuse one only to recover explicitly. */
  readonly operationId?: string;
  /** Control proof; defaults to the grant this connection holds for the session. */
  readonly control?: Control;
}

/** Who the client is talking to, as established by the handshake and initialize. */
export interface Identity {
  readonly serverVersion: string;
  readonly pid: number;
  readonly instanceId: string;
  readonly connectionId: string;
  readonly workspaceId: string;
  readonly stateRootId: string;
}

interface Pending {
  readonly method: Method;
  readonly sessionId: string | null;
  readonly operationId: string | null;
  readonly resolve: (r: ResponseEnvelope) => void;
  readonly reject: (e: Error) => void;
}

export class AgentwireClient {
  /** Established identities. */
  readonly identity: Identity;
  /** The initialize result that passed preflight. */
  readonly init: InitializeResponse;

  private readonly socket: Socket;
  private readonly lines: LineReader;
  private readonly pending = new Map<string, Pending>();
  private readonly events = new EventQueue();
  private readonly turns = new TurnTracker();
  private readonly logins = new LoginTracker();
  /** Control grants this connection holds, by session. */
  private readonly controls = new Map<string, Control>();
  /** Turn or login started by each operation, for payload correlation. */
  private readonly operationTurns = new Map<string, string>();
  private readonly requestProfile: ProfileLimits;
  private readonly maxPayloadBytes: number;
  private readonly maxInflight: number;
  private nextRequest = 0;
  private failure: Error | null = null;

  private constructor(socket: Socket, lines: LineReader, identity: Identity, init: InitializeResponse, profile: ProfileLimits) {
    this.socket = socket;
    this.lines = lines;
    this.identity = identity;
    this.init = init;
    // For requests, the smaller of the service's and the local bounds.
    const limits = init.limits;
    this.requestProfile = { ...profile, maxRecordBytes: Math.min(profile.maxRecordBytes, limits.max_record_bytes) };
    this.maxPayloadBytes = Math.min(LIMITS.max_payload_bytes, limits.max_payload_bytes);
    this.maxInflight = Math.min(LIMITS.max_inflight_requests, limits.max_inflight_requests);
    lines.onRecord = (record) => this.onRecord(record);
    lines.onEnd = (error) => this.fail(error ?? new Error("connection closed"));
  }

  /** Connect, handshake, initialize and preflight; resolves only when all passed. */
  static async connect(options: ClientOptions): Promise<AgentwireClient> {
    await checkSocketOwner(options.socketPath);
    const profile = localProfile(options.localBounds);
    const socket = await openSocket(options.socketPath);
    const lines = new LineReader(socket, profile.maxRecordBytes);
    try {
      const hello = await handshake(socket, lines, options);
      const init = await initialize(socket, lines, options, profile);
      preflight(init, hello, options);
      const identity: Identity = {
        serverVersion: hello.version,
        pid: hello.pid,
        instanceId: init.instance_id,
        connectionId: init.connection_id,
        workspaceId: init.workspace_id,
        stateRootId: init.state_root_id,
      };
      return new AgentwireClient(socket, lines, identity, init, profile);
    } catch (e) {
      socket.destroy();
      throw e;
    }
  }

  /** Send one request; resolves with the success payload or rejects with a {@link ServiceError}. */
  async request<M extends Method>(method: M, payload: RequestPayloads[M], slots: RequestSlots = {}): Promise<ResponsePayloads[M]> {
    if (this.failure !== null) throw this.failure;
    if (this.pending.size >= this.maxInflight) throw new Error(`more than ${this.maxInflight} requests in flight`);
    const envelope = this.envelope(method, payload, slots);
    const record = encodeRequest(envelope, { profile: this.requestProfile, maxPayloadBytes: this.maxPayloadBytes });
    const response = await new Promise<ResponseEnvelope>((resolve, reject) => {
      this.pending.set(envelope.request_id, { method, sessionId: envelope.session_id, operationId: envelope.operation_id, resolve, reject });
      this.socket.write(record);
    });
    if (response.error !== null) throw new ServiceError(response.error.code, response.error.message);
    const result = response.payload as ResponsePayloads[M];
    this.observe(method, envelope, result);
    return result;
  }

  /** Events of this connection, in arrival order; throws when the stream becomes untrusted. */
  eventStream(): AsyncIterableIterator<AnyEvent> {
    return this.events.iterate(this.socket);
  }

  /** Close the connection. Accepted work goes on in the service; nothing is cancelled. */
  close(): void {
    this.fail(new Error("client closed"));
  }

  private envelope<M extends Method>(method: M, payload: RequestPayloads[M], slots: RequestSlots): RequestEnvelope<M> {
    const op = OPERATIONS[method];
    const sessionId = op.sessionId === "required" ? (slots.sessionId ?? null) : null;
    const control = op.control === "required" ? (slots.control ?? (sessionId === null ? null : (this.controls.get(sessionId) ?? null))) : null;
    return {
      protocol_version: PROTOCOL_VERSION,
      kind: "request",
      request_id: `r${++this.nextRequest}`,
      instance_id: this.identity.instanceId,
      connection_id: this.identity.connectionId,
      session_id: sessionId,
      operation_id: op.mutation ? (slots.operationId ?? randomUUID()) : null,
      control,
      method,
      payload,
    };
  }

  /** Track the state later events are checked against. */
  private observe(method: Method, request: RequestEnvelope, result: unknown): void {
    switch (method) {
      case "session.claim": {
        const r = result as ResponsePayloads["session.claim"];
        this.controls.set(r.session_id, { claim_id: r.claim_id, grant_generation: r.grant_generation });
        // The snapshot reflects events up to its sequence; later ones follow.
        if (r.snapshot.turn !== null) this.turns.seed(r.snapshot.turn.turn_id, r.snapshot.turn.sequence);
        break;
      }
      case "session.detach":
        this.controls.delete((result as ResponsePayloads["session.detach"]).session_id);
        break;
      case "turn.start":
        this.operationTurns.set(request.operation_id as string, (result as ResponsePayloads["turn.start"]).turn_id);
        break;
      case "auth.login.start":
        this.operationTurns.set(request.operation_id as string, (result as ResponsePayloads["auth.login.start"]).login_id);
        break;
      default:
    }
  }

  private onRecord(record: Uint8Array): void {
    if (this.failure !== null) return;
    try {
      const decoded = decodeServerRecord(record, (id) => (id === null ? undefined : this.pending.get(id)?.method));
      if (decoded.kind === "event") this.onEvent(decoded);
      else this.onResponse(decoded);
    } catch (e) {
      this.fail(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private onResponse(r: ResponseEnvelope): void {
    const pending = r.request_id === null ? undefined : this.pending.get(r.request_id);
    // An error to a record the service could not decode names no request: nothing to settle, and
    // this client only sends records it validated, so the stream is no longer trusted.
    if (pending === undefined || r.request_id === null) throw new ProtocolError("uncorrelated_response", "response to no pending request", "$.request_id");
    this.pending.delete(r.request_id);
    checkResponseIdentity(r, pending, this.identity);
    pending.resolve(r);
  }

  private onEvent(e: AnyEvent): void {
    if (e.instance_id !== this.identity.instanceId || e.connection_id !== this.identity.connectionId) {
      throw new ProtocolError("invalid_correlation", "event for another instance or connection");
    }
    if (e.session_id !== null) this.checkSessionEvent(e);
    const info = EVENTS[e.event];
    const payload = e.payload as { turn_id?: string; login_id?: string; sequence?: number; session_id?: string };
    const subject = payload.turn_id ?? payload.login_id;
    const expected = e.operation_id === null ? undefined : this.operationTurns.get(e.operation_id);
    if (expected !== undefined && subject !== expected) {
      throw new ProtocolError("invalid_correlation", `${e.event} names another turn or login than its operation started`);
    }
    if (payload.session_id !== undefined && payload.session_id !== e.session_id) {
      throw new ProtocolError("invalid_correlation", `${e.event} payload names another session`, "$.payload.session_id");
    }
    if (info.sequenced) this.turns.accept(payload.turn_id as string, payload.sequence as number, info.terminal, e.event);
    else if (payload.login_id !== undefined) this.logins.accept(payload.login_id, info.terminal, e.event);
    this.events.push(e);
  }

  /** Session events go to the current controller only, under its grant generation. */
  private checkSessionEvent(e: AnyEvent): void {
    const control = this.controls.get(e.session_id as string);
    if (control === undefined) throw new ProtocolError("invalid_correlation", "event for a session this connection does not control", "$.session_id");
    if (e.grant_generation !== control.grant_generation) {
      throw new ProtocolError("invalid_correlation", "event under another grant generation", "$.grant_generation");
    }
  }

  private fail(error: Error): void {
    if (this.failure !== null) return;
    this.failure = error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
    this.events.end(error.message === "client closed" ? null : error);
    this.lines.stop();
    this.socket.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Connection setup
// ---------------------------------------------------------------------------------------------

/**
 * Node cannot read the peer's credentials (SO_PEERCRED / getpeereid) of a client socket, so
 * as the closest available check the socket file must belong to this user.
 */
async function checkSocketOwner(path: string): Promise<void> {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  const info = await stat(path);
  if (info.uid !== uid) throw new HandshakeError("socket_owner", "the daemon socket belongs to another user");
}

function openSocket(path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ path });
    socket.once("connect", () => {
      socket.off("error", reject);
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

function localProfile(bounds: LocalBounds | undefined): ProfileLimits {
  const local = (name: LimitName): number => Math.min(bounds?.[name] ?? LIMITS[name], LIMITS[name]);
  return {
    maxRecordBytes: Math.min(DEFAULT_PROFILE.maxRecordBytes, local("max_record_bytes")),
    maxJsonDepth: local("max_json_depth"),
    maxArrayItems: local("max_array_items"),
    maxObjectFields: local("max_object_fields"),
    maxStringBytes: local("max_string_bytes"),
  };
}

/** Send the handshake line and check the one-line reply (service-lifecycle §3). */
async function handshake(socket: Socket, lines: LineReader, options: ClientOptions): Promise<HandshakeReplyAccepted> {
  const hello = decodeHandshakeRequest({ handshake: "agentwire-unix", version: options.version, workspace: options.workspace }, true);
  socket.write(`${JSON.stringify(hello)}\n`);
  const record = await lines.next(options.handshakeTimeoutMs ?? LIMITS.handshake_timeout_ms);
  const reply = decodeLine(record, decodeHandshakeReply);
  if (reply.status === "rejected") throw new HandshakeError(reply.code, reply.message);
  if (reply.version !== options.version) throw new HandshakeError("version_mismatch", "the daemon runs another package version");
  const expect = options.expect ?? {};
  mustEqual("instance_id", reply.instance_id, expect.instanceId);
  mustEqual("workspace_id", reply.workspace_id, expect.workspaceId);
  mustEqual("state_root_id", reply.state_root_id, expect.stateRootId);
  return reply;
}

function mustEqual(what: string, got: string, expected: string | undefined): void {
  if (expected !== undefined && got !== expected) throw new PreflightError(`${what} differs from the expected identity`);
}

/** A record decoded by a generated tolerant decoder after the JSON profile. */
function decodeLine<T>(record: Uint8Array, decode: (v: unknown, strict: boolean) => T): T {
  try {
    return decode(parseRecord(record, DEFAULT_PROFILE).value, false);
  } catch (e) {
    if (e instanceof SchemaError) throw new ProtocolError("invalid_payload", e.message, e.path);
    throw e;
  }
}

/** Send `initialize` and decode its response; the only request allowed before preflight. */
async function initialize(socket: Socket, lines: LineReader, options: ClientOptions, profile: ProfileLimits): Promise<InitializeResponse> {
  const request: RequestEnvelope<"initialize"> = {
    protocol_version: PROTOCOL_VERSION,
    kind: "request",
    request_id: "init-1",
    instance_id: null,
    connection_id: null,
    session_id: null,
    operation_id: null,
    control: null,
    method: "initialize",
    payload: { supported_protocol_versions: [PROTOCOL_VERSION], requested_capabilities: [...(options.requiredOperations ?? [])] },
  };
  socket.write(encodeRequest(request));
  const record = await lines.next(options.handshakeTimeoutMs ?? LIMITS.handshake_timeout_ms);
  const response = decodeServerRecord(record, (id) => (id === request.request_id ? "initialize" : undefined), { profile });
  if (response.kind !== "response") throw new ProtocolError("uncorrelated_response", "an event before initialization");
  if (response.request_id !== request.request_id) throw new ProtocolError("uncorrelated_response", "response to another request", "$.request_id");
  if (response.error !== null) throw new ServiceError(response.error.code, response.error.message);
  const init = response.payload as InitializeResponse;
  // Before initialization the slots may be null; when set they must be the new identities.
  if ((response.instance_id ?? init.instance_id) !== init.instance_id || (response.connection_id ?? init.connection_id) !== init.connection_id) {
    throw new ProtocolError("invalid_correlation", "initialize response names other identities");
  }
  return init;
}

/**
 * Preflight: everything the seed requires before any mutation. Exported so callers (and tests)
 * can check an initialize result they obtained otherwise.
 */
export function preflight(init: InitializeResponse, hello: HandshakeReplyAccepted | null, options: Pick<ClientOptions, "requiredOperations" | "localBounds" | "expect" | "version">): void {
  const caps = init.capabilities;
  if (init.protocol_version !== PROTOCOL_VERSION) throw new PreflightError(`initialize selected wire ${init.protocol_version}, not ${PROTOCOL_VERSION}`);
  if (!caps.protocol_versions.includes(PROTOCOL_VERSION)) throw new PreflightError(`wire ${PROTOCOL_VERSION} is not advertised`);
  if (!caps.transports.includes("unix")) throw new PreflightError("transport unix is not advertised");
  checkIdentities(init, hello, options);
  for (const op of options.requiredOperations ?? []) {
    if (!caps.operations.includes(op)) throw new PreflightError(`required operation ${op} is not advertised`);
    for (const ev of OPERATIONS[op].events) {
      if (!caps.events.includes(ev)) throw new PreflightError(`event ${ev} of required operation ${op} is not advertised`);
    }
  }
  for (const ev of caps.events) {
    if (!Object.prototype.hasOwnProperty.call(EVENTS, ev)) throw new PreflightError(`advertised event ${ev} is unknown`);
  }
  if (caps.events.includes("turn.activity") && !caps.activity.events) throw new PreflightError("turn.activity is advertised with activity.events false");
  checkLimits(init, options.localBounds);
}

function checkIdentities(init: InitializeResponse, hello: HandshakeReplyAccepted | null, options: Pick<ClientOptions, "expect" | "version">): void {
  if (hello !== null) {
    if (init.instance_id !== hello.instance_id) throw new PreflightError("initialize names another instance than the handshake");
    if (init.workspace_id !== hello.workspace_id || init.state_root_id !== hello.state_root_id) {
      throw new PreflightError("initialize names another workspace or state root than the handshake");
    }
    if (init.server_version !== hello.version) throw new PreflightError("initialize names another package version than the handshake");
  }
  if (init.server_version !== options.version) throw new PreflightError("the service runs another package version");
  const expect = options.expect ?? {};
  mustEqual("instance_id", init.instance_id, expect.instanceId);
  mustEqual("workspace_id", init.workspace_id, expect.workspaceId);
  mustEqual("state_root_id", init.state_root_id, expect.stateRootId);
}

/** The two limit maps agree, and every output bound fits the local one. */
function checkLimits(init: InitializeResponse, bounds: LocalBounds | undefined): void {
  if (!sameLimits(init.limits, init.capabilities.limits)) throw new PreflightError("initialize's two limit maps differ");
  for (const name of OUTPUT_BOUNDS) {
    const local = Math.min(bounds?.[name] ?? LIMITS[name], LIMITS[name]);
    if (init.limits[name] > local) throw new PreflightError(`advertised ${name} ${init.limits[name]} exceeds the local bound ${local}`);
  }
  const summary = Math.min(bounds?.max_summary_bytes ?? LIMITS.max_string_bytes, LIMITS.max_string_bytes);
  if (init.capabilities.activity.max_summary_bytes > summary) throw new PreflightError("activity.max_summary_bytes exceeds the local bound");
}

function sameLimits(a: LimitMap, b: LimitMap): boolean {
  const entries = (m: LimitMap): [string, number][] => [...Object.entries(m), ...Object.entries(m[EXTENSIONS] ?? {})].sort(([x], [y]) => (x < y ? -1 : 1));
  return JSON.stringify(entries(a)) === JSON.stringify(entries(b));
}

/** A response echoes the request's slots and, once initialized, the connection's identities. */
function checkResponseIdentity(r: ResponseEnvelope, p: Pending, id: Identity): void {
  const success = r.error === null;
  const echo = (got: string | null, sent: string | null): boolean => got === sent || (!success && got === null);
  if (!echo(r.session_id, p.sessionId) || !echo(r.operation_id, p.operationId)) {
    throw new ProtocolError("invalid_correlation", "response slots differ from the request's");
  }
  if (!echo(r.instance_id, id.instanceId) || !echo(r.connection_id, id.connectionId)) {
    throw new ProtocolError("invalid_correlation", "response names another instance or connection");
  }
}

// ---------------------------------------------------------------------------------------------
// Framing, sequencing and the event queue
// ---------------------------------------------------------------------------------------------

/** Splits the byte stream into records at `\n`, refusing a record longer than the local bound. */
class LineReader {
  onRecord: ((record: Uint8Array) => void) | null = null;
  onEnd: ((error: Error | null) => void) | null = null;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private waiter: { resolve: (r: Uint8Array) => void; reject: (e: Error) => void } | null = null;
  private early: Uint8Array[] = [];
  private readonly onData = (chunk: Buffer): void => this.data(chunk);
  private readonly onClose = (): void => this.finish(null);
  private readonly onError = (e: Error): void => this.finish(e);

  constructor(
    private readonly socket: Socket,
    private readonly maxRecordBytes: number,
  ) {
    socket.on("data", this.onData);
    socket.on("close", this.onClose);
    socket.on("error", this.onError);
  }

  /** The next record, before a consumer is attached (handshake and initialize). */
  next(timeoutMs: number): Promise<Uint8Array> {
    const ready = this.early.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for the service")), timeoutMs);
      this.waiter = {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
    });
  }

  stop(): void {
    this.socket.off("data", this.onData);
  }

  private data(chunk: Buffer): void {
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, from)) {
      this.chunks.push(chunk.subarray(from, nl));
      const record = Buffer.concat(this.chunks);
      this.chunks = [];
      this.buffered = 0;
      from = nl + 1;
      if (record.length > this.maxRecordBytes) return this.finish(new ProtocolError("record_too_large", "record longer than the local bound"));
      this.deliver(record);
    }
    if (from < chunk.length) {
      this.chunks.push(chunk.subarray(from));
      this.buffered += chunk.length - from;
      // Never buffer more than one record can hold: a longer one is a protocol failure.
      if (this.buffered > this.maxRecordBytes) this.finish(new ProtocolError("record_too_large", "record longer than the local bound"));
    }
  }

  private deliver(record: Uint8Array): void {
    if (this.waiter !== null) {
      const w = this.waiter;
      this.waiter = null;
      w.resolve(record);
    } else if (this.onRecord !== null) {
      this.onRecord(record);
    } else {
      this.early.push(record);
    }
  }

  private finish(error: Error | null): void {
    const e = error ?? new Error("connection closed");
    if (this.waiter !== null) {
      const w = this.waiter;
      this.waiter = null;
      w.reject(e);
    }
    this.onEnd?.(error);
    this.socket.destroy();
  }
}

/**
 * Per-turn sequences: strictly increasing, gaps allowed (dropped activity consumes numbers),
 * nothing after the terminal. Remembers a bounded number of settled turns.
 */
export class TurnTracker {
  private readonly last = new Map<string, number>();
  private readonly settled = new Set<string>();

  constructor(private readonly keepSettled = 4096) {}

  /** Start a turn at a claim snapshot's sequence: only later events may follow. */
  seed(turnId: string, sequence: number): void {
    this.last.set(turnId, sequence);
  }

  /** Accept one sequenced event or throw. */
  accept(turnId: string, sequence: number, terminal: boolean, event = "event"): void {
    if (this.settled.has(turnId)) throw new ProtocolError("invalid_correlation", `${event} after the terminal of its turn`, "$.payload.turn_id");
    const last = this.last.get(turnId);
    if (last !== undefined && sequence <= last) throw new ProtocolError("invalid_correlation", `${event} sequence ${sequence} does not follow ${last}`, "$.payload.sequence");
    if (terminal) {
      this.last.delete(turnId);
      this.settled.add(turnId);
      if (this.settled.size > this.keepSettled) this.settled.delete(this.settled.values().next().value as string);
    } else {
      this.last.set(turnId, sequence);
    }
  }
}

/** Logins: nothing after the terminal of a login. */
class LoginTracker {
  private readonly settled = new Set<string>();

  accept(loginId: string, terminal: boolean, event: string): void {
    if (this.settled.has(loginId)) throw new ProtocolError("invalid_correlation", `${event} after the terminal of its login`, "$.payload.login_id");
    if (terminal) this.settled.add(loginId);
  }
}

/** Events waiting for the consumer; the socket pauses while too many wait. */
class EventQueue {
  private items: AnyEvent[] = [];
  private head = 0;
  private wake: (() => void) | null = null;
  private done = false;
  private error: Error | null = null;
  private socket: Socket | null = null;

  push(e: AnyEvent): void {
    this.items.push(e);
    if (this.items.length - this.head > 4096) this.socket?.pause();
    this.notify();
  }

  end(error: Error | null): void {
    this.done = true;
    this.error = error;
    this.notify();
  }

  async *iterate(socket: Socket): AsyncIterableIterator<AnyEvent> {
    this.socket = socket;
    for (;;) {
      while (this.head < this.items.length) {
        const e = this.items[this.head++] as AnyEvent;
        if (this.head > 1024 && this.head * 2 > this.items.length) this.compact();
        yield e;
      }
      if (this.done) {
        if (this.error !== null) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private compact(): void {
    this.items = this.items.slice(this.head);
    this.head = 0;
    if (this.items.length < 1024) this.socket?.resume();
  }

  private notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}

/** Re-exported for callers matching on error responses. */
export type { ErrorObject };
