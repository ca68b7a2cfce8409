/**
 * A Node client for the agentwire daemon over its private Unix socket.
 *
 * {@link AgentwireClient.connect} performs, in order and before any request can be sent:
 * the identity handshake (service-lifecycle §3), `initialize`, and the full preflight of the
 * seed ("Initialization and decoding"): identities, wire 2, transport unix, required operations,
 * the entire advertised event set known, activity flags consistent, limits within local bounds.
 * Only then does it hand out a client, so no mutation can be pipelined before preflight.
 *
 * Afterwards: typed requests correlated by request_id, each with an optional `AbortSignal` and
 * deadline; any number of independent event streams (streams.ts); per-turn streams from
 * {@link AgentwireClient.startTurn}; the optional `approvals` profile
 * ({@link AgentwireClient.optInApprovals}, {@link Claim.respond}). Correlation and per-turn
 * sequence rules live in {@link Conversation}; this file only moves bytes. Any record that
 * breaks a rule invalidates
 * the trusted stream state: the connection closes, pending requests reject, every stream ends
 * with the `ProtocolError`. Nothing is ever retried or resent automatically.
 */

import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import { connect as netConnect } from "node:net";
import type { Socket } from "node:net";
import { Conversation, localProfile } from "./conversation.js";
import type { ConversationOptions, PendingRequest } from "./conversation.js";
import { ConnectionClosedError, HandshakeError, ProfileUnavailableError, ServiceError, TimeoutError, VersionMismatchError, isLaunchErrorCode } from "./errors.js";
import { RecordSplitter } from "./framing.js";
import { LIMITS, PACKAGE_VERSION, PROTOCOL_VERSION } from "./generated/constants.js";
import { EVENTS, OPERATIONS, PROFILES } from "./generated/protocol.js";
import type { ProfileInfo } from "./generated/protocol.js";
import type {
  AnyEvent,
  EventEnvelope,
  HandshakeReplyAccepted,
  InitializeResponse,
  Method,
  OperationLookupResponse,
  ProfileNegotiateResponse,
  RequestEnvelope,
  RequestPayloads,
  ResponseEnvelope,
  ResponsePayloads,
  SessionClaimResponse,
  SessionReplayResponse,
  TurnStartResponse,
} from "./generated/types.js";
import { decodeHandshakeReply, decodeHandshakeRequest } from "./generated/validators.js";
import { ProtocolError, encodeRequest, withRecord } from "./records.js";
import type { RequestOptions } from "./records.js";
import { SchemaError } from "./runtime/check.js";
import { EventHub } from "./streams.js";
import { canonicalWorkspace, startOrConnect } from "./launcher.js";
import type { StartOptions } from "./launcher.js";
import type { StreamOptions, Subscription } from "./streams.js";

export { Conversation, PreflightError, TurnTracker, preflight } from "./conversation.js";
export { OUTPUT_BOUNDS, PACKAGE_VERSION } from "./generated/constants.js";
export type { ConversationOptions, LocalBounds } from "./conversation.js";
export { ConnectionClosedError, HandshakeError, ProfileUnavailableError, ServiceError, StreamOverflowError, TimeoutError, VersionMismatchError, isLaunchErrorCode } from "./errors.js";
export type { ProfileUnavailableReason } from "./errors.js";
export { ProtocolError } from "./records.js";
export { DEFAULT_STREAM_BUFFER, Subscription } from "./streams.js";
export type { EventFilter, StreamOptions } from "./streams.js";
export { canonicalWorkspace, resolveExecutable, startOrConnect } from "./launcher.js";
export type { StartOptions } from "./launcher.js";
export { resume } from "./resume.js";
export type { ResumeOptions, Resumed } from "./resume.js";

/** The version of the approvals profile this client speaks. */
export const APPROVALS_VERSION: number = (PROFILES["approvals"] as ProfileInfo).version;

/** Which way a traced record went. */
export type RecordDirection = "sent" | "received";

/** What to connect to and what to expect of it. */
export interface ClientOptions extends Omit<ConversationOptions, "hello" | "joined" | "checkControl" | "version"> {
  /** Absolute path of the daemon socket (from discovery). */
  readonly socketPath: string;
  /** This client's package version; Unix admission requires an exact match. Default {@link PACKAGE_VERSION}. */
  readonly version?: string;
  /** Canonical workspace path the daemon must serve. */
  readonly workspace: string;
  /** Handshake and initialize deadline; defaults to `handshake_timeout_ms`. */
  readonly handshakeTimeoutMs?: number;
  /** Default deadline of every request, in milliseconds (default: none). */
  readonly requestTimeoutMs?: number;
  /** Bound of the connection-wide stream's buffer (see {@link AgentwireClient.eventsSinceConnect}). */
  readonly eventBuffer?: number;
  /**
   * Trace hook: every record this connection sends or receives, handshake included, as its
   * text without the newline, before it is checked. For debugging; it must not throw.
   */
  readonly onRecord?: (direction: RecordDirection, record: string) => void;
  /**
   * Opt into the `approvals` profile ({@link AgentwireClient.optInApprovals}) before connecting
   * resolves, so it precedes every claim; a daemon without it fails connecting with a
   * {@link ProfileUnavailableError}.
   */
  readonly approvals?: boolean;
  /** Abort connecting. */
  readonly signal?: AbortSignal;
}

/** Slots and waiting options of one request. */
export interface RequestSlots {
  /** Target session, for operations whose `session_id` is required. */
  readonly sessionId?: string;
  /** Mutation intent ID; a fresh one is generated when absent. Reuse one only to recover explicitly. */
  readonly operationId?: string;
  /** Control proof; defaults to the grant this connection holds for the session. */
  readonly control?: { readonly claim_id: string; readonly grant_generation: number };
  /**
   * Stop waiting. Before the request is sent, it is not sent; after, the answer is discarded
   * when it comes. An aborted mutation is never resent: its outcome is what `operation.lookup`
   * ({@link AgentwireClient.lookup}) of its `operationId` says.
   */
  readonly signal?: AbortSignal;
  /** Deadline in milliseconds; rejects with a {@link TimeoutError} (same rules as `signal`). */
  readonly timeoutMs?: number;
}

/** Waiting options of a typed helper. */
export interface WaitOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/** A request that stopped waiting through its signal. `name` is `AbortError`; `cause` the signal's reason. */
export class RequestAbortedError extends Error {
  constructor(
    readonly method: string,
    /** The mutation's operation ID; null for a read. */
    readonly operationId: string | null,
    /** Whether the request had been sent (only then may a mutation have taken effect). */
    readonly sent: boolean,
    reason: unknown,
  ) {
    super(`${method} was aborted ${sent ? "after" : "before"} it was sent`, { cause: reason });
    this.name = "AbortError";
  }
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

/**
 * The events of one turn; on a connection that opted into approvals also its permission
 * requests (`approval.requested`) and their resolutions (`approval.resolved`), in arrival order.
 */
export type TurnEvent = Extract<AnyEvent, { event: "turn.started" | "turn.assistant_delta" | "turn.activity" | "turn.terminal" | "approval.requested" | "approval.resolved" }>;

/** An accepted turn: its response, and its events up to and including its terminal. */
export interface Turn extends AsyncIterable<TurnEvent> {
  readonly accepted: TurnStartResponse;
  readonly turnId: string;
  /** The turn.start operation; `operation.lookup` of it finds the turn after a disconnect. */
  readonly operationId: string;
  readonly events: Subscription<TurnEvent>;
}

/** Options of {@link AgentwireClient.replay}: `after` may be whatever the last page said. */
export interface ReplayOptions extends WaitOptions {
  readonly after?: string | null | undefined;
  readonly limit?: number | undefined;
}

type Waiter = {
  readonly method: Method;
  readonly resolve: (r: ResponseEnvelope) => void;
  readonly reject: (e: Error) => void;
};

export class AgentwireClient {
  private readonly waiters = new Map<string, Waiter>();
  private readonly hub = new EventHub();
  /** The connection-wide stream, buffering from connect until the first eventsSinceConnect() takes it. */
  private initial: Subscription | null;
  private readonly requestOptions: RequestOptions;
  private readonly maxInflight: number;
  private nextRequest = 0;
  private failure: Error | null = null;
  /** Requests waiting for an in-flight slot, in call order. */
  private readonly queued: { readonly resolve: () => void; readonly reject: (e: Error) => void }[] = [];
  /** Slots handed to queued requests that have not been sent yet. */
  private reserved = 0;

  private constructor(
    private readonly socket: Socket,
    private readonly lines: LineReader,
    private readonly conversation: Conversation,
    /** Established identities. */
    readonly identity: Identity,
    /** The initialize result that passed preflight. */
    readonly init: InitializeResponse,
    private readonly options: ClientOptions,
  ) {
    // For what this client sends: the smaller of the service's and the local bounds.
    const limits = init.limits;
    const profile = conversation.profile;
    this.requestOptions = {
      profile: { ...profile, maxRecordBytes: Math.min(profile.maxRecordBytes, limits.max_record_bytes) },
      maxPayloadBytes: Math.min(LIMITS.max_payload_bytes, limits.max_payload_bytes),
    };
    this.maxInflight = Math.min(LIMITS.max_inflight_requests, limits.max_inflight_requests);
    this.initial = this.hub.subscribe(options.eventBuffer === undefined ? {} : { bufferSize: options.eventBuffer });
    lines.attach(
      (record) => this.onRecord(record),
      (error) => this.shutdown(error ?? new ConnectionClosedError("the daemon closed the connection")),
    );
  }

  /**
   * Start the workspace's daemon or reach the running one ({@link startOrConnect}: the path
   * rules, the discovery record checked), then connect to it as {@link connect} does.
   */
  static async startOrConnect(options: StartOptions & Omit<ClientOptions, "socketPath" | "workspace" | "signal">): Promise<AgentwireClient> {
    const workspace = await canonicalWorkspace(options.workspace);
    const d = await startOrConnect({ ...options, workspace });
    return AgentwireClient.connect({ ...options, socketPath: d.socket, workspace, expect: { instanceId: d.instance_id, workspaceId: d.workspace_id, stateRootId: d.state_root_id } });
  }

  /** Connect, handshake, initialize and preflight; resolves only when all passed. */
  static async connect(options: ClientOptions): Promise<AgentwireClient> {
    await checkSocketOwner(options.socketPath);
    const socket = await openSocket(options.socketPath, options.signal);
    const timeout = options.handshakeTimeoutMs ?? LIMITS.handshake_timeout_ms;
    const version = options.version ?? PACKAGE_VERSION;
    const onAbort = (): void => void socket.destroy(new ConnectionClosedError("connecting was aborted", { cause: options.signal?.reason }));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const trace = options.onRecord;
      const lines = new LineReader(socket, localProfile(options.localBounds).maxRecordBytes, trace);
      const hello = await handshake(socket, lines, options, version, timeout);
      const conversation = new Conversation({ ...options, version, hello });
      const init = await initialize(socket, lines, conversation, options, timeout);
      const identity: Identity = {
        serverVersion: hello.version,
        pid: hello.pid,
        instanceId: init.instance_id,
        connectionId: init.connection_id,
        workspaceId: init.workspace_id,
        stateRootId: init.state_root_id,
      };
      const client = new AgentwireClient(socket, lines, conversation, identity, init, options);
      if (options.approvals === true) {
        try {
          await client.optInApprovals({ timeoutMs: timeout });
        } catch (e) {
          client.close();
          throw e;
        }
      }
      return client;
    } catch (e) {
      socket.destroy();
      throw e;
    } finally {
      options.signal?.removeEventListener("abort", onAbort);
    }
  }

  /**
   * Send one request; resolves with the success payload or rejects with a {@link ServiceError}.
   * The record is validated at once. At most `max_inflight_requests` requests are in flight:
   * a request beyond that waits for an answer to free a slot (in call order) before it is sent.
   * `signal` and `timeoutMs` stop the waiting (see {@link RequestSlots}); nothing is resent.
   */
  async request<M extends Method>(method: M, payload: RequestPayloads[M], slots: RequestSlots = {}): Promise<ResponsePayloads[M]> {
    if (this.failure !== null) throw this.failure;
    const envelope = this.envelope(method, payload, slots);
    const record = encodeRequest(envelope, this.requestOptions);
    const wait = new Deadline(method, envelope.operation_id, slots.signal, slots.timeoutMs ?? this.options.requestTimeoutMs);
    try {
      if (this.queued.length > 0 || this.conversation.inFlight + this.reserved >= this.maxInflight) {
        const slot = new Promise<void>((resolve, reject) => this.queued.push({ resolve, reject }));
        await wait.race(slot, false, () => slot.then(() => this.reserved--, () => undefined));
        // The slot reserved by `release` becomes this request's, with no await until it is sent.
        this.reserved--;
      }
      if (this.failure !== null) throw this.failure;
      wait.check(false);
      const response = await wait.race(
        new Promise<ResponseEnvelope>((resolve, reject) => {
          this.conversation.sent(pendingOf(envelope));
          this.waiters.set(envelope.request_id, { method, resolve, reject });
          this.options.onRecord?.("sent", record.slice(0, -1));
          this.socket.write(record);
        }),
        true,
      );
      if (response.error !== null) throw new ServiceError(response.error.code, response.error.message, method);
      return response.payload as ResponsePayloads[M];
    } finally {
      wait.dispose();
    }
  }

  /**
   * Opt this connection into the `approvals` profile (version {@link APPROVALS_VERSION}):
   * call it after connecting and before claiming a session (or pass `approvals: true` to
   * connect). The capability object's `profiles` is checked first: a daemon that does not offer
   * it fails here, before anything is sent, with a {@link ProfileUnavailableError}
   * (`not_offered`); the daemon's refusals are `rejected` (`profile_unsupported`) and
   * `mismatch` (`profile_mismatch`: a session was claimed first). Resolves with what was
   * accepted: the version, the profile's operations and events, its effective limits (the
   * approval deadline among them). From then on a turn's stream yields its permission
   * requests and their resolutions, and {@link Claim.respond} answers them.
   */
  async optInApprovals(options: WaitOptions = {}): Promise<ProfileNegotiateResponse> {
    const profile = "approvals";
    const version = APPROVALS_VERSION;
    const offered = this.init.capabilities.profiles?.some((p) => p.name === profile && p.versions.includes(version)) === true;
    if (!offered) throw new ProfileUnavailableError(profile, version, "not_offered");
    let terms: ProfileNegotiateResponse;
    try {
      terms = await this.request("profile.negotiate", { profile, version }, waitOf(options));
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      switch (e.code) {
        case "profile_unsupported":
          throw new ProfileUnavailableError(profile, version, "rejected", { cause: e });
        case "profile_mismatch":
          throw new ProfileUnavailableError(profile, version, "mismatch", { cause: e });
        case "unsupported_operation":
          // Advertised, yet answered as an unknown method: it is not offered after all.
          throw new ProfileUnavailableError(profile, version, "not_offered", { cause: e });
        default:
          throw e;
      }
    }
    // The answer is exactly what was accepted: what was asked, and only the profile's own items.
    const own = PROFILES[profile] as ProfileInfo;
    const foreign = [...terms.operations.filter((o) => !(own.operations as readonly string[]).includes(o)), ...terms.events.filter((e) => !(own.events as readonly string[]).includes(e))];
    if (terms.profile !== profile || terms.version !== version || foreign.length > 0) {
      const error = new ProtocolError("advertisement", `profile.negotiate asked for ${profile} version ${version} and accepted ${terms.profile} version ${terms.version}${foreign.length > 0 ? ` with ${foreign.join(", ")}` : ""}`, "$.payload");
      this.shutdown(error);
      throw error;
    }
    return terms;
  }

  /** What this connection's `profile.negotiate` accepted for `profile`; undefined when it did not opt in. */
  negotiated(profile: string): ProfileNegotiateResponse | undefined {
    return this.conversation.negotiated(profile);
  }

  /**
   * Claim a session: the handle starts, cancels and detaches with the control it carries. A
   * running turn's events, its pending approvals first, follow the response at once: a stream
   * that must see them (`events({ sessionId })`) is opened before the claim.
   */
  async claim(sessionId: string, options: WaitOptions & { readonly takeOver?: boolean } = {}): Promise<Claim> {
    const response = await this.request("session.claim", { take_over: options.takeOver ?? false }, { ...waitOf(options), sessionId });
    return new Claim(this, response);
  }

  /**
   * Start a turn and stream it: resolves once `turn.start` is accepted, with the accepted
   * response and an async iterable of the turn's events (started, deltas, activity) that ends
   * after its terminal. The stream subscribes before the request is sent, so it misses nothing.
   *
   * `signal` is the turn's Stop button. Aborted before the request is sent, nothing is sent;
   * aborted while the answer is awaited, this rejects with a `RequestAbortedError` (`sent`,
   * `operationId`) and a turn the answer then reports accepted is cancelled at once; aborted
   * after acceptance, the client sends `turn.cancel` and the stream goes on to the turn's
   * terminal (`cancelled`, or `completed` when the turn had already finished). `timeoutMs`
   * bounds the wait for the `turn.start` answer only.
   */
  async startTurn(sessionId: string, prompt: string, options: WaitOptions & { readonly bufferSize?: number } = {}): Promise<Turn> {
    const { signal } = options;
    if (signal?.aborted === true) throw new RequestAbortedError("turn.start", null, false, signal.reason);
    const operationId = randomUUID();
    let stop: (() => void) | undefined;
    const last = (e: TurnEvent): boolean => {
      const terminal = EVENTS[e.event].terminal;
      if (terminal && stop !== undefined) signal?.removeEventListener("abort", stop);
      return terminal;
    };
    const events = this.hub.subscribe<TurnEvent>({ operationId, ...(options.bufferSize === undefined ? {} : { bufferSize: options.bufferSize }) }, last);
    try {
      const wait = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
      const answer = this.request("turn.start", { prompt }, { ...wait, sessionId, operationId });
      // A cancel that finds the turn already over (`unknown_turn`) changes nothing: the
      // terminal is the turn's outcome either way.
      const cancel = (turnId: string) => (): void => void this.request("turn.cancel", { turn_id: turnId }, { sessionId }).catch(() => undefined);
      if (signal !== undefined) {
        // Aborted while the answer is awaited: the caller stops waiting now, and a turn the
        // answer then reports accepted is cancelled at once.
        answer.then((a) => signal.aborted && cancel(a.turn_id)(), () => undefined);
      }
      const accepted = await abortable(answer, signal, () => new RequestAbortedError("turn.start", operationId, true, signal?.reason));
      if (signal !== undefined) {
        stop = cancel(accepted.turn_id);
        signal.addEventListener("abort", stop, { once: true });
      }
      return { accepted, turnId: accepted.turn_id, operationId, events, [Symbol.asyncIterator]: () => events };
    } catch (e) {
      events.end(null);
      throw e;
    }
  }

  /**
   * A new, independent stream of the events that match `filter` (all when empty), from now on.
   * Any number may be open on one connection; each has its own bounded buffer (streams.ts
   * states the full-buffer policy) and ends when the connection does.
   */
  events(filter: StreamOptions = {}): Subscription {
    return this.hub.subscribe(filter);
  }

  /**
   * Every event since the connection was made, in arrival order: the first call takes the
   * stream that has buffered since connect (so events that came with a response are not
   * missed); each later call opens a new independent stream from that moment, as
   * {@link events} does. {@link events} never looks back: it starts at the call.
   */
  eventsSinceConnect(): Subscription {
    const first = this.initial;
    this.initial = null;
    return first ?? this.hub.subscribe(this.options.eventBuffer === undefined ? {} : { bufferSize: this.options.eventBuffer });
  }

  /** Events received and not yet taken from the connection-wide stream's first iterator. */
  get eventBacklog(): number {
    return this.initial?.backlog ?? 0;
  }

  /**
   * One `session.replay` page. Not generic, so a loop `after = page.next_cursor` needs no type
   * annotation.
   */
  async replay(sessionId: string, options: ReplayOptions = {}): Promise<SessionReplayResponse> {
    const payload: RequestPayloads["session.replay"] = {};
    if (options.after !== undefined) payload.after = options.after;
    if (options.limit !== undefined) payload.limit = options.limit;
    return this.request("session.replay", payload, { ...waitOf(options), sessionId });
  }

  /** What became of a mutation (`operation.lookup`): how an uncertain outcome is reconciled. */
  async lookup(operationId: string, options: WaitOptions = {}): Promise<OperationLookupResponse> {
    return this.request("operation.lookup", { operation_id: operationId }, waitOf(options));
  }

  /** Whether the connection has ended (closed, lost or untrusted). */
  get closed(): boolean {
    return this.failure !== null;
  }

  /** Close the connection. Accepted work goes on in the service; nothing is cancelled. */
  close(): void {
    this.shutdown(null);
  }

  private envelope<M extends Method>(method: M, payload: RequestPayloads[M], slots: RequestSlots): RequestEnvelope<M> {
    const op = OPERATIONS[method];
    const sessionId = op.sessionId === "required" ? (slots.sessionId ?? null) : null;
    const held = sessionId === null ? undefined : this.conversation.control(sessionId);
    return {
      protocol_version: PROTOCOL_VERSION,
      kind: "request",
      request_id: `r${++this.nextRequest}`,
      instance_id: this.identity.instanceId,
      connection_id: this.identity.connectionId,
      session_id: sessionId,
      operation_id: op.mutation ? (slots.operationId ?? randomUUID()) : null,
      control: op.control === "required" ? (slots.control ?? held ?? null) : null,
      method,
      payload,
    };
  }

  private onRecord(record: Uint8Array): void {
    if (this.failure !== null) return;
    try {
      const got = this.conversation.received(record);
      if (got.kind === "event") {
        this.hub.publish(got.event);
      } else if (got.request !== undefined) {
        const waiter = this.waiters.get(got.request.requestId);
        this.waiters.delete(got.request.requestId);
        waiter?.resolve(got.response);
        this.release();
      }
      // An error answering no request (request_id null) settles nothing; this client only sends
      // records it validated, so there is nobody to tell.
    } catch (e) {
      this.shutdown(e instanceof Error ? e : new Error(String(e)));
    }
  }

  /** Hand the slots answers freed to queued requests, first come first served. */
  private release(): void {
    while (this.queued.length > 0 && this.conversation.inFlight + this.reserved < this.maxInflight) {
      this.reserved++;
      (this.queued.shift() as { resolve: () => void }).resolve();
    }
  }

  /** End the connection: `error` null for a deliberate close, else why it ended. */
  private shutdown(error: Error | null): void {
    if (this.failure !== null) return;
    this.failure = error ?? new ConnectionClosedError("the client closed the connection");
    for (const w of this.waiters.values()) w.reject(this.failure);
    this.waiters.clear();
    for (const q of this.queued.splice(0)) q.reject(this.failure);
    this.hub.close(error);
    this.lines.stop();
    this.socket.destroy();
  }
}

/** `p`, unless `signal` aborts first (then `aborted()`'s error). */
function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined, aborted: () => Error): Promise<T> {
  if (signal === undefined) return p;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted());
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function waitOf(o: WaitOptions): WaitOptions {
  return { ...(o.signal === undefined ? {} : { signal: o.signal }), ...(o.timeoutMs === undefined ? {} : { timeoutMs: o.timeoutMs }) };
}

function pendingOf(r: RequestEnvelope): PendingRequest {
  return { method: r.method, requestId: r.request_id, sessionId: r.session_id, operationId: r.operation_id };
}

/** A request's signal and deadline, raced against what it awaits. */
class Deadline {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stop: ((e: Error) => void) | null = null;
  private stopped: Error | null = null;
  private sent = false;
  private readonly onAbort = (): void => this.fire(new RequestAbortedError(this.method, this.operationId, this.sent, (this.signal as AbortSignal).reason));

  constructor(
    private readonly method: string,
    private readonly operationId: string | null,
    private readonly signal: AbortSignal | undefined,
    timeoutMs: number | undefined,
  ) {
    if (signal?.aborted === true) this.onAbort();
    else signal?.addEventListener("abort", this.onAbort, { once: true });
    if (timeoutMs !== undefined && this.stopped === null) {
      this.timer = setTimeout(() => this.fire(new TimeoutError(method, timeoutMs, this.sent ? operationId : null)), timeoutMs);
    }
  }

  /** Throw when already stopped; `sent` says whether what follows sends the request. */
  check(sent: boolean): void {
    if (this.stopped !== null) throw this.stopped;
    this.sent = sent;
  }

  /** Await `p` unless stopped first; `abandoned` runs when `p` is given up on. */
  race<T>(p: Promise<T>, sent: boolean, abandoned?: () => void): Promise<T> {
    this.check(sent);
    return new Promise<T>((resolve, reject) => {
      this.stop = (e) => {
        abandoned?.();
        reject(e);
      };
      p.then(resolve, reject);
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.signal?.removeEventListener("abort", this.onAbort);
  }

  private fire(e: Error): void {
    if (this.stopped !== null) return;
    this.stopped = e;
    const stop = this.stop;
    this.stop = null;
    stop?.(e);
  }
}

// ---------------------------------------------------------------------------------------------
// Connection setup
// ---------------------------------------------------------------------------------------------

/**
 * Node cannot read the peer credentials (SO_PEERCRED / getpeereid) of a client socket, so as
 * the closest available check the socket file must belong to this user (`foreign_service`).
 */
async function checkSocketOwner(path: string): Promise<void> {
  const uid = process.getuid?.();
  let owner: number;
  try {
    owner = (await stat(path)).uid;
  } catch (e) {
    throw unreachable(path, e);
  }
  if (uid !== undefined && owner !== uid) throw new HandshakeError("foreign_service");
}

/** A clear error for a socket that cannot be reached, the system error as its cause. */
function unreachable(path: string, e: unknown): Error {
  const code = (e as { code?: unknown }).code;
  const why =
    code === "ENOENT"
      ? "no daemon socket exists there; start the daemon with `agentwire daemon start-or-connect` (or startOrConnect())"
      : code === "ECONNREFUSED"
        ? "nothing listens on it (the daemon is not running); start it with `agentwire daemon start-or-connect`"
        : code === "EACCES"
          ? "permission denied"
          : `${String(code ?? (e as Error).message)}`;
  return new ConnectionClosedError(`cannot connect to ${path}: ${why}`, { cause: e });
}

function openSocket(path: string, signal: AbortSignal | undefined): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ path, ...(signal === undefined ? {} : { signal }) });
    const failed = (e: Error): void => reject(e.name === "AbortError" ? e : unreachable(path, e));
    socket.once("connect", () => {
      socket.off("error", failed);
      resolve(socket);
    });
    socket.once("error", failed);
  });
}

/** Send the handshake line and check the one-line reply (service-lifecycle §3). */
async function handshake(socket: Socket, lines: LineReader, options: ClientOptions, version: string, timeout: number): Promise<HandshakeReplyAccepted> {
  const hello = decodeHandshakeRequest({ handshake: "agentwire-unix", version, workspace: options.workspace }, true);
  const line = JSON.stringify(hello);
  options.onRecord?.("sent", line);
  socket.write(`${line}\n`);
  const reply = withRecord(await lines.next(timeout), undefined, (v) => {
    try {
      return decodeHandshakeReply(v, false);
    } catch (e) {
      if (e instanceof SchemaError) throw new HandshakeError("invalid_handshake_reply", e.path === "$" ? e.message : `${e.path}: ${e.message}`);
      throw e;
    }
  });
  if (reply.status === "rejected") {
    if (reply.code === "version_mismatch") throw new VersionMismatchError(version, null);
    // The reply decoder admits only the spec's rejection codes.
    throw new HandshakeError(isLaunchErrorCode(reply.code) ? reply.code : "invalid_handshake_reply", reply.message);
  }
  if (reply.version !== version) throw new VersionMismatchError(version, reply.version);
  return reply;
}

/** Send `initialize` (the only request allowed before preflight) and receive its answer. */
async function initialize(socket: Socket, lines: LineReader, conversation: Conversation, options: ClientOptions, timeout: number): Promise<InitializeResponse> {
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
  const record = encodeRequest(request);
  options.onRecord?.("sent", record.slice(0, -1));
  socket.write(record);
  conversation.sent(pendingOf(request));
  const got = conversation.received(await lines.next(timeout));
  if (got.kind !== "response" || got.request === undefined) throw new ProtocolError("correlation", "initialize was not answered first");
  if (got.response.error !== null) throw new ServiceError(got.response.error.code, got.response.error.message, "initialize");
  // `received` ran preflight on this success, so the conversation is initialized.
  return conversation.init as InitializeResponse;
}

// ---------------------------------------------------------------------------------------------
// Framing
// ---------------------------------------------------------------------------------------------

/** Delivers the socket's records: to a waiter during setup, then to the attached consumer. */
class LineReader {
  private onRecord: ((record: Uint8Array) => void) | null = null;
  private onEnd: ((error: Error | null) => void) | null = null;
  private readonly splitter: RecordSplitter;
  private waiter: { resolve: (r: Uint8Array) => void; reject: (e: Error) => void } | null = null;
  private early: Uint8Array[] = [];
  private done = false;
  private readonly onData = (chunk: Buffer): void => this.data(chunk);
  private readonly onClose = (): void => this.closed();
  private readonly onError = (e: Error): void => this.finish(e instanceof ConnectionClosedError ? e : new ConnectionClosedError(`the connection failed: ${e.message}`, { cause: e }));
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly socket: Socket,
    maxRecordBytes: number,
    private readonly trace: ((direction: RecordDirection, record: string) => void) | undefined,
  ) {
    this.splitter = new RecordSplitter(maxRecordBytes);
    socket.on("data", this.onData);
    socket.on("close", this.onClose);
    socket.on("error", this.onError);
  }

  /** The next record, before a consumer is attached (handshake and initialize). */
  next(timeoutMs: number): Promise<Uint8Array> {
    const ready = this.early.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.done) return Promise.reject(new ConnectionClosedError("the daemon closed the connection during the handshake"));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new TimeoutError("handshake", timeoutMs, null)), timeoutMs);
      this.waiter = {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
    });
  }

  /** Hand every later record (and any that arrived early) to the consumer. */
  attach(onRecord: (record: Uint8Array) => void, onEnd: (error: Error | null) => void): void {
    this.onRecord = onRecord;
    this.onEnd = onEnd;
    for (const record of this.early.splice(0)) onRecord(record);
    if (this.done) onEnd(null);
  }

  stop(): void {
    this.socket.off("data", this.onData);
  }

  private data(chunk: Buffer): void {
    try {
      for (const record of this.splitter.push(chunk)) this.deliver(record);
    } catch (e) {
      this.finish(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private closed(): void {
    try {
      this.splitter.end();
      this.finish(null);
    } catch (e) {
      this.finish(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private deliver(record: Uint8Array): void {
    if (this.trace !== undefined) this.trace("received", this.decoder.decode(record).replace(/\n$/, ""));
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
    if (this.done) return;
    this.done = true;
    if (this.waiter !== null) {
      const w = this.waiter;
      this.waiter = null;
      w.reject(error ?? new ConnectionClosedError("the daemon closed the connection during the handshake"));
    }
    this.onEnd?.(error);
    this.socket.destroy();
  }
}

/**
 * A claimed session ({@link AgentwireClient.claim}): its control, and the calls that need it.
 * The connection keeps the grant; a take-over by another connection makes these calls fail
 * with `stale_grant`.
 */
export class Claim {
  constructor(
    private readonly client: AgentwireClient,
    /** The claim's atomic snapshot, as `session.claim` returned it. */
    readonly response: SessionClaimResponse,
  ) {}

  get sessionId(): string {
    return this.response.session_id;
  }

  get control(): { readonly claim_id: string; readonly grant_generation: number } {
    return { claim_id: this.response.claim_id, grant_generation: this.response.grant_generation };
  }

  /** {@link AgentwireClient.startTurn} in this session (its `signal` cancels the turn). */
  startTurn(prompt: string, options: WaitOptions & { readonly bufferSize?: number } = {}): Promise<Turn> {
    return this.client.startTurn(this.sessionId, prompt, options);
  }

  /** `turn.cancel`: asks the turn to stop; its terminal (`cancelled`) settles it. */
  cancel(turnId: string, options: WaitOptions = {}): Promise<ResponsePayloads["turn.cancel"]> {
    return this.client.request("turn.cancel", { turn_id: turnId }, { ...waitOf(options), sessionId: this.sessionId, control: this.control });
  }

  /**
   * `approval.respond` (the approvals profile, see {@link AgentwireClient.optInApprovals}):
   * answer a pending permission request of this session with one of the options its
   * `approval.requested` offered; choose and show options by their `kind`, never by their IDs.
   * The first valid answer wins. A `ServiceError` says why not: `approval_unknown` (unknown,
   * already answered, or decided by the deadline, the policy or a cancel), `approval_option_unknown`
   * (not an offered option; the request stays pending), or a control error (`stale_grant`,
   * `control_required`: this connection no longer controls the session). On a connection that
   * did not opt in the daemon answers `unsupported_operation`.
   */
  respond(approvalId: string, optionId: string, options: WaitOptions = {}): Promise<ResponsePayloads["approval.respond"]> {
    return this.client.request("approval.respond", { approval_id: approvalId, option_id: optionId }, { ...waitOf(options), sessionId: this.sessionId, control: this.control });
  }

  /** `session.detach`: gives control back; a running turn goes on. */
  detach(options: WaitOptions = {}): Promise<ResponsePayloads["session.detach"]> {
    return this.client.request("session.detach", {}, { ...waitOf(options), sessionId: this.sessionId, control: this.control });
  }
}

/** An event envelope of one event name (for narrowing `events()` results). */
export type EventOf<E extends AnyEvent["event"]> = Extract<AnyEvent, { event: E }> & EventEnvelope;
