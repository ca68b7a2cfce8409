/**
 * The consumer side of one connection without any I/O: what the client has sent, what it
 * receives, and every rule that needs that history — response correlation, initialization
 * preflight, event correlation, per-turn sequences, terminals. The socket client drives one;
 * tests and conformance vectors drive one with recorded records.
 *
 * Any thrown {@link ProtocolError} means the stream can no longer be trusted.
 */

import { LIMITS, LIMIT_NAMES, OUTPUT_BOUNDS, PROTOCOL_VERSION } from "./generated/constants.js";
import type { LimitName } from "./generated/constants.js";
import { EVENTS, OPERATIONS, ORDINARY_EVENT_NAMES, isMethod } from "./generated/protocol.js";
import type { AnyEvent, Capabilities, Control, HandshakeReplyAccepted, InitializeResponse, LimitMap, Method, ProfileNegotiateResponse, ResponseEnvelope, ResponsePayloads } from "./generated/types.js";
import { DEFAULT_PROFILE, ProtocolError, decodeServerRecord } from "./records.js";
import type { ProfileLimits } from "./runtime/jsonProfile.js";

/** Local bounds by limit name, plus the activity summary bound. They can only lower the generated ones. */
export type LocalBounds = { readonly [L in LimitName]?: number } & { readonly max_summary_bytes?: number };

/** Initialization succeeded but this client cannot trust the service with its work. */
export class PreflightError extends ProtocolError {
  constructor(message: string) {
    super("advertisement", message);
    this.name = "PreflightError";
  }
}

export interface ConversationOptions {
  /** This client's package version: the service's must match exactly. */
  readonly version?: string;
  /** The accepted handshake reply, whose identities initialize must repeat. */
  readonly hello?: HandshakeReplyAccepted;
  /** Identities already known (from discovery); each must match. */
  readonly expect?: { readonly instanceId?: string; readonly workspaceId?: string; readonly stateRootId?: string };
  /** Operations this client needs; preflight fails if any (or any of its events) is not advertised. */
  readonly requiredOperations?: readonly Method[];
  readonly localBounds?: LocalBounds;
  /**
   * Join a connection that is already initialized (a resumed log, a test vector): these are its
   * identities, and no preflight runs. Without it, the first success is initialize's, and it
   * must pass preflight.
   */
  readonly joined?: {
    readonly instanceId: string | null;
    readonly connectionId: string | null;
    /**
     * The optional profiles it negotiated, when known: only their events are then accepted.
     * Absent, the negotiation is unknown and any profile's events are.
     */
    readonly profiles?: readonly string[];
  };
  /**
   * Whether session-scoped events must belong to a session this connection claimed, under its
   * grant generation. Default true; turn it off only when the claims are unknown (joined).
   */
  readonly checkControl?: boolean;
}

/** A request this client sent and awaits an answer to. */
export interface PendingRequest {
  readonly method: Method;
  readonly requestId: string;
  readonly sessionId: string | null;
  readonly operationId: string | null;
}

/** What a received record turned out to be. */
export type Received =
  | { readonly kind: "response"; readonly response: ResponseEnvelope; readonly request: PendingRequest | undefined }
  | { readonly kind: "event"; readonly event: AnyEvent };

export class Conversation {
  /** Bounds of records the service sends. */
  readonly profile: ProfileLimits;
  /** The initialize result that passed preflight (null until then, and when joined). */
  init: InitializeResponse | null = null;

  private instanceId: string | null;
  private connectionId: string | null;
  private readonly pending = new Map<string, PendingRequest>();
  private readonly turns = new TurnTracker();
  private readonly logins = new LoginTracker();
  private readonly controls = new Map<string, Control>();
  /** The turn or login each operation started, for payload correlation. */
  private readonly started = new Map<string, string>();
  /** Optional profiles this connection negotiated (`profile.negotiate`), by name. */
  private readonly profiles = new Map<string, ProfileNegotiateResponse>();
  /** Profiles a joined connection negotiated before; null when that is unknown. */
  private readonly joinedProfiles: ReadonlySet<string> | null;

  constructor(private readonly options: ConversationOptions = {}) {
    this.profile = localProfile(options.localBounds);
    this.instanceId = options.joined?.instanceId ?? null;
    this.connectionId = options.joined?.connectionId ?? null;
    const joined = options.joined;
    this.joinedProfiles = joined === undefined ? new Set() : joined.profiles === undefined ? null : new Set(joined.profiles);
  }

  /** Whether requests other than initialize may be sent. */
  get ready(): boolean {
    return this.options.joined !== undefined || this.init !== null;
  }

  /** The identities requests must carry (null before initialization). */
  get identities(): { readonly instanceId: string | null; readonly connectionId: string | null } {
    return { instanceId: this.instanceId, connectionId: this.connectionId };
  }

  /** Requests awaiting their response. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** The control grant this connection holds for a session. */
  control(sessionId: string): Control | undefined {
    return this.controls.get(sessionId);
  }

  /** What `profile.negotiate` accepted for `profile` on this connection; undefined when it was not negotiated. */
  negotiated(profile: string): ProfileNegotiateResponse | undefined {
    return this.profiles.get(profile);
  }

  /** Record a request as sent (after it was encoded). */
  sent(request: PendingRequest): void {
    if (!this.ready && request.method !== "initialize") throw new Error("no request but initialize may precede preflight");
    this.pending.set(request.requestId, request);
  }

  /** Record a sent request given as its JSON text (recorded conversations). */
  sentRecord(text: string): void {
    const r = JSON.parse(text) as { method: string; request_id: string; session_id: string | null; operation_id: string | null };
    if (!isMethod(r.method)) throw new Error(`unknown method ${r.method}`);
    this.sent({ method: r.method, requestId: r.request_id, sessionId: r.session_id, operationId: r.operation_id });
  }

  /** Decode and check one received record. */
  received(record: string | Uint8Array): Received {
    const methodOf = (id: string | null): Method | undefined => (id === null ? undefined : this.pending.get(id)?.method);
    const decoded = decodeServerRecord(record, methodOf, { profile: this.profile });
    if (decoded.kind === "event") {
      this.event(decoded);
      return { kind: "event", event: decoded };
    }
    return { kind: "response", response: decoded, request: this.response(decoded) };
  }

  private response(r: ResponseEnvelope): PendingRequest | undefined {
    const pending = r.request_id === null ? undefined : this.pending.get(r.request_id);
    // An error response to a record the service could not decode carries request_id null: valid,
    // but it settles nothing.
    if (pending === undefined) {
      if (r.error !== null && r.request_id === null) return undefined;
      throw new ProtocolError("correlation", "response to no pending request", "$.request_id");
    }
    this.pending.delete(pending.requestId);
    this.checkIdentity(r, pending);
    if (r.error === null) {
      if (pending.method === "initialize" && this.options.joined === undefined) this.initialized(r.payload as InitializeResponse);
      // The capabilities operation returns the same advertisement: it must pass the same checks.
      if (pending.method === "capabilities") checkAdvertisement(r.payload as Capabilities, this.options);
      this.observe(pending, r.payload);
    }
    return pending;
  }

  /** A response echoes the request's slots and the connection's identities; errors may say null. */
  private checkIdentity(r: ResponseEnvelope, p: PendingRequest): void {
    const error = r.error !== null;
    const echo = (got: string | null, want: string | null): boolean => got === want || (error && got === null);
    if (!echo(r.session_id, p.sessionId) || !echo(r.operation_id, p.operationId)) {
      throw new ProtocolError("correlation", "response slots differ from the request's");
    }
    if (this.options.joined === undefined && this.init === null) {
      // Before initialization the identities are null; initialize's success may already name them.
      const init = error ? null : (r.payload as InitializeResponse);
      const fresh = (got: string | null, named: string | undefined): boolean => got === null || got === named;
      if (!fresh(r.instance_id, init?.instance_id) || !fresh(r.connection_id, init?.connection_id)) {
        throw new ProtocolError("correlation", "response names identities initialization did not establish");
      }
      return;
    }
    if (!echo(r.instance_id, this.instanceId) || !echo(r.connection_id, this.connectionId)) {
      throw new ProtocolError("correlation", "response names another instance or connection");
    }
  }

  private initialized(init: InitializeResponse): void {
    preflight(init, this.options);
    this.init = init;
    this.instanceId = init.instance_id;
    this.connectionId = init.connection_id;
  }

  /** Track the state later events are checked against, as the response is read. */
  private observe(p: PendingRequest, result: unknown): void {
    switch (p.method) {
      case "session.claim": {
        const r = result as ResponsePayloads["session.claim"];
        this.controls.set(r.session_id, { claim_id: r.claim_id, grant_generation: r.grant_generation });
        // The snapshot reflects events up to its sequence; only later ones may follow.
        if (r.snapshot.turn !== null) this.turns.seed(r.snapshot.turn.turn_id, r.snapshot.turn.sequence);
        break;
      }
      case "session.detach":
        this.controls.delete((result as ResponsePayloads["session.detach"]).session_id);
        break;
      case "turn.start":
        this.started.set(p.operationId as string, (result as ResponsePayloads["turn.start"]).turn_id);
        break;
      case "auth.login.start":
        this.started.set(p.operationId as string, (result as ResponsePayloads["auth.login.start"]).login_id);
        break;
      case "profile.negotiate":
        this.negotiate(result as ResponsePayloads["profile.negotiate"]);
        break;
      default:
    }
  }

  /** A profile was accepted: from now on its events may arrive. */
  private negotiate(r: ProfileNegotiateResponse): void {
    this.profiles.set(r.profile, r);
  }

  private event(e: AnyEvent): void {
    if (!this.ready) throw new ProtocolError("correlation", "an event before initialization");
    const info = EVENTS[e.event];
    // A profile's events exist only on a connection that negotiated it; anywhere else they are
    // as unknown as any event this package does not know.
    const profile = info.membership;
    if (profile !== "ordinary" && this.joinedProfiles !== null && !this.profiles.has(profile) && !this.joinedProfiles.has(profile)) {
      throw new ProtocolError("unknown_event", `${e.event} belongs to the ${info.membership} profile, which this connection did not negotiate`, "$.event");
    }
    if (e.instance_id !== this.instanceId || e.connection_id !== this.connectionId) {
      throw new ProtocolError("correlation", "event for another instance or connection");
    }
    if (e.session_id !== null && this.options.checkControl !== false) this.checkControl(e);
    const payload = e.payload as { turn_id?: string; login_id?: string; sequence?: number; session_id?: string };
    const started = e.operation_id === null ? undefined : this.started.get(e.operation_id);
    if (started !== undefined && (payload.turn_id ?? payload.login_id) !== started) {
      throw new ProtocolError("correlation", `${e.event} names another turn or login than its operation started`, "$.payload");
    }
    if (payload.session_id !== undefined && payload.session_id !== e.session_id) {
      throw new ProtocolError("correlation", `${e.event} payload names another session`, "$.payload.session_id");
    }
    if (info.sequenced) this.turns.accept(payload.turn_id as string, payload.sequence as number, info.terminal, e.event);
    else if (payload.login_id !== undefined) this.logins.accept(payload.login_id, info.terminal, e.event);
  }

  /** Session events go to the current controller only, under its grant generation. */
  private checkControl(e: AnyEvent): void {
    const control = this.controls.get(e.session_id as string);
    if (control === undefined) throw new ProtocolError("correlation", "event for a session this connection does not control", "$.session_id");
    if (e.grant_generation !== control.grant_generation) {
      throw new ProtocolError("correlation", "event under another grant generation", "$.grant_generation");
    }
  }
}

/** Record bounds from local bounds: never above the generated ones. */
export function localProfile(bounds: LocalBounds | undefined): ProfileLimits {
  const local = (name: LimitName): number => Math.min(bounds?.[name] ?? LIMITS[name], LIMITS[name]);
  return {
    maxRecordBytes: Math.min(DEFAULT_PROFILE.maxRecordBytes, local("max_record_bytes")),
    maxJsonDepth: local("max_json_depth"),
    maxArrayItems: local("max_array_items"),
    maxObjectFields: local("max_object_fields"),
    maxStringBytes: local("max_string_bytes"),
  };
}

/**
 * Preflight: everything the seed requires before any mutation ("Initialization and decoding").
 * Exported so a caller holding an initialize result obtained otherwise can check it.
 */
export function preflight(init: InitializeResponse, options: ConversationOptions = {}): void {
  if (init.protocol_version !== PROTOCOL_VERSION) throw new PreflightError(`initialize selected wire ${init.protocol_version}, not ${PROTOCOL_VERSION}`);
  checkIdentities(init, options);
  if (!sameLimits(init.limits, init.capabilities.limits)) throw new PreflightError("initialize's two limit maps differ");
  checkAdvertisement(init.capabilities, options);
}

/** The capability object alone: wire, transport, operations, events, activity, limits. */
export function checkAdvertisement(caps: Capabilities, options: ConversationOptions = {}): void {
  if (!caps.protocol_versions.includes(PROTOCOL_VERSION)) throw new PreflightError(`wire ${PROTOCOL_VERSION} is not advertised`);
  if (!caps.transports.includes("unix")) throw new PreflightError("transport unix is not advertised");
  for (const op of options.requiredOperations ?? []) {
    if (!caps.operations.includes(op)) throw new PreflightError(`required operation ${op} is not advertised`);
    for (const ev of OPERATIONS[op].events) {
      if (!caps.events.includes(ev)) throw new PreflightError(`event ${ev} of required operation ${op} is not advertised`);
    }
  }
  // The entire event set must be known, even when every required operation exists. An optional
  // profile's events are negotiated, never advertised here: listed here they are unknown too.
  for (const ev of caps.events) {
    if (!(ORDINARY_EVENT_NAMES as readonly string[]).includes(ev)) throw new PreflightError(`advertised event ${ev} is unknown`);
  }
  if (caps.events.includes("turn.activity") && !caps.activity.events) throw new PreflightError("turn.activity is advertised with activity.events false");
  checkLimits(caps, options.localBounds);
}

function checkIdentities(init: InitializeResponse, options: ConversationOptions): void {
  const hello = options.hello;
  if (hello !== undefined) {
    if (init.instance_id !== hello.instance_id) throw new PreflightError("initialize names another instance than the handshake");
    if (init.workspace_id !== hello.workspace_id || init.state_root_id !== hello.state_root_id) {
      throw new PreflightError("initialize names another workspace or state root than the handshake");
    }
    if (init.server_version !== hello.version) throw new PreflightError("initialize names another package version than the handshake");
  }
  if (options.version !== undefined && init.server_version !== options.version) throw new PreflightError("the service runs another package version");
  const expect = options.expect ?? {};
  const same = (what: string, got: string, want: string | undefined): void => {
    if (want !== undefined && got !== want) throw new PreflightError(`${what} differs from the expected identity`);
  };
  same("instance_id", init.instance_id, expect.instanceId);
  same("workspace_id", init.workspace_id, expect.workspaceId);
  same("state_root_id", init.state_root_id, expect.stateRootId);
}

/**
 * Every limit that bounds what the service sends (`OUTPUT_BOUNDS`, from the spec's
 * `bounds_output`) fits its local bound; request-side, capacity and time limits are not checked here.
 */
function checkLimits(caps: Capabilities, bounds: LocalBounds | undefined): void {
  for (const name of OUTPUT_BOUNDS) {
    const local = Math.min(bounds?.[name] ?? LIMITS[name], LIMITS[name]);
    if (caps.limits[name] > local) throw new PreflightError(`advertised ${name} ${caps.limits[name]} exceeds the local bound ${local}`);
  }
  const summary = Math.min(bounds?.max_summary_bytes ?? LIMITS.max_string_bytes, LIMITS.max_string_bytes);
  if (caps.activity.max_summary_bytes > summary) throw new PreflightError("activity.max_summary_bytes exceeds the local bound");
}

/**
 * The declared limits appear identically in both maps. Extension keys may differ: the seed
 * requires the *required* limits to be identical and lets bounded new keys come and go.
 */
function sameLimits(a: LimitMap, b: LimitMap): boolean {
  return LIMIT_NAMES.every((name) => a[name] === b[name]);
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
    if (this.settled.has(turnId)) throw new ProtocolError("sequence", `${event} after the terminal of its turn`, "$.payload.turn_id");
    const last = this.last.get(turnId);
    if (last !== undefined && sequence <= last) throw new ProtocolError("sequence", `${event} sequence ${sequence} does not follow ${last}`, "$.payload.sequence");
    if (!terminal) {
      this.last.set(turnId, sequence);
      return;
    }
    this.last.delete(turnId);
    this.settled.add(turnId);
    if (this.settled.size > this.keepSettled) this.settled.delete(this.settled.values().next().value as string);
  }
}

/** Logins: nothing after the terminal of a login. */
class LoginTracker {
  private readonly settled = new Set<string>();

  accept(loginId: string, terminal: boolean, event: string): void {
    if (this.settled.has(loginId)) throw new ProtocolError("sequence", `${event} after the terminal of its login`, "$.payload.login_id");
    if (terminal) this.settled.add(loginId);
  }
}
