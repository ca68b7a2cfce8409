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
 * correlation and per-turn sequence checks (see {@link Conversation}, which holds every rule;
 * this file only moves bytes). Any record that breaks a rule invalidates the trusted stream
 * state: the connection closes, pending requests reject, the iterator throws. Nothing is ever
 * retried automatically.
 */

import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import { connect as netConnect } from "node:net";
import type { Socket } from "node:net";
import { Conversation, localProfile } from "./conversation.js";
import { RecordSplitter } from "./framing.js";
import type { ConversationOptions, PendingRequest } from "./conversation.js";
import { LIMITS, PROTOCOL_VERSION } from "./generated/constants.js";
import { isErrorCode } from "./generated/errors.js";
import type { ErrorCode } from "./generated/errors.js";
import { OPERATIONS } from "./generated/protocol.js";
import type { AnyEvent, HandshakeReplyAccepted, InitializeResponse, Method, RequestEnvelope, RequestPayloads, ResponseEnvelope, ResponsePayloads } from "./generated/types.js";
import { decodeHandshakeReply, decodeHandshakeRequest } from "./generated/validators.js";
import { ProtocolError, encodeRequest, withRecord } from "./records.js";
import type { RequestOptions } from "./records.js";
import { SchemaError } from "./runtime/check.js";

export { Conversation, PreflightError, TurnTracker, preflight } from "./conversation.js";
export { OUTPUT_BOUNDS } from "./generated/constants.js";
export type { ConversationOptions, LocalBounds } from "./conversation.js";

/** What to connect to and what to expect of it. */
export interface ClientOptions extends Omit<ConversationOptions, "hello" | "joined" | "checkControl"> {
  /** Absolute path of the daemon socket (from discovery). */
  readonly socketPath: string;
  /** This client's package version; Unix admission requires an exact match. */
  readonly version: string;
  /** Canonical workspace path the daemon must serve. */
  readonly workspace: string;
  /** Handshake and initialize deadline; defaults to `handshake_timeout_ms`. */
  readonly handshakeTimeoutMs?: number;
}

/** The service refused the handshake, or answered it with another identity. */
export class HandshakeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HandshakeError";
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
  readonly control?: { readonly claim_id: string; readonly grant_generation: number };
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

type Waiter = { readonly resolve: (r: ResponseEnvelope) => void; readonly reject: (e: Error) => void };

export class AgentwireClient {
  private readonly waiters = new Map<string, Waiter>();
  /** The socket pauses while events wait unconsumed, but never while an answer is awaited. */
  private readonly events = new EventQueue(() => this.waiters.size === 0);
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
  ) {
    // For what this client sends: the smaller of the service's and the local bounds.
    const limits = init.limits;
    const profile = conversation.profile;
    this.requestOptions = {
      profile: { ...profile, maxRecordBytes: Math.min(profile.maxRecordBytes, limits.max_record_bytes) },
      maxPayloadBytes: Math.min(LIMITS.max_payload_bytes, limits.max_payload_bytes),
    };
    this.maxInflight = Math.min(LIMITS.max_inflight_requests, limits.max_inflight_requests);
    lines.attach(
      (record) => this.onRecord(record),
      (error) => this.shutdown(error ?? new Error("connection closed")),
    );
  }

  /** Connect, handshake, initialize and preflight; resolves only when all passed. */
  static async connect(options: ClientOptions): Promise<AgentwireClient> {
    await checkSocketOwner(options.socketPath);
    const socket = await openSocket(options.socketPath);
    const timeout = options.handshakeTimeoutMs ?? LIMITS.handshake_timeout_ms;
    try {
      const lines = new LineReader(socket, localProfile(options.localBounds).maxRecordBytes);
      const hello = await handshake(socket, lines, options, timeout);
      const conversation = new Conversation({ ...options, hello });
      const init = await initialize(socket, lines, conversation, options, timeout);
      const identity: Identity = {
        serverVersion: hello.version,
        pid: hello.pid,
        instanceId: init.instance_id,
        connectionId: init.connection_id,
        workspaceId: init.workspace_id,
        stateRootId: init.state_root_id,
      };
      return new AgentwireClient(socket, lines, conversation, identity, init);
    } catch (e) {
      socket.destroy();
      throw e;
    }
  }

  /**
   * Send one request; resolves with the success payload or rejects with a {@link ServiceError}.
   * The record is validated at once. At most `max_inflight_requests` requests are in flight:
   * a request beyond that waits for an answer to free a slot (in call order) before it is sent.
   */
  async request<M extends Method>(method: M, payload: RequestPayloads[M], slots: RequestSlots = {}): Promise<ResponsePayloads[M]> {
    if (this.failure !== null) throw this.failure;
    const envelope = this.envelope(method, payload, slots);
    const record = encodeRequest(envelope, this.requestOptions);
    if (this.queued.length > 0 || this.conversation.inFlight + this.reserved >= this.maxInflight) {
      await new Promise<void>((resolve, reject) => this.queued.push({ resolve, reject }));
      // The slot reserved by `release` becomes this request's, with no await until it is sent.
      this.reserved--;
    }
    if (this.failure !== null) throw this.failure;
    const response = await new Promise<ResponseEnvelope>((resolve, reject) => {
      this.conversation.sent(pendingOf(envelope));
      this.waiters.set(envelope.request_id, { resolve, reject });
      this.socket.write(record);
      // The answer may sit behind events a paused socket holds back: read on until it comes.
      this.events.resume();
    });
    if (response.error !== null) throw new ServiceError(response.error.code, response.error.message);
    return response.payload as ResponsePayloads[M];
  }

  /** Events of this connection, in arrival order; throws when the stream becomes untrusted. */
  eventStream(): AsyncIterableIterator<AnyEvent> {
    return this.events.iterate(this.socket);
  }

  /** Events received and not yet taken from {@link eventStream}. */
  get eventBacklog(): number {
    return this.events.backlog;
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
        this.events.push(got.event);
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

  /** End the connection: `error` null for a deliberate close, else why the stream is untrusted. */
  private shutdown(error: Error | null): void {
    if (this.failure !== null) return;
    this.failure = error ?? new Error("client closed");
    for (const w of this.waiters.values()) w.reject(this.failure);
    this.waiters.clear();
    for (const q of this.queued.splice(0)) q.reject(this.failure);
    this.events.end(error);
    this.lines.stop();
    this.socket.destroy();
  }
}

function pendingOf(r: RequestEnvelope): PendingRequest {
  return { method: r.method, requestId: r.request_id, sessionId: r.session_id, operationId: r.operation_id };
}

// ---------------------------------------------------------------------------------------------
// Connection setup
// ---------------------------------------------------------------------------------------------

/**
 * Node cannot read the peer credentials (SO_PEERCRED / getpeereid) of a client socket, so as
 * the closest available check the socket file must belong to this user.
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

/** Send the handshake line and check the one-line reply (service-lifecycle §3). */
async function handshake(socket: Socket, lines: LineReader, options: ClientOptions, timeout: number): Promise<HandshakeReplyAccepted> {
  const hello = decodeHandshakeRequest({ handshake: "agentwire-unix", version: options.version, workspace: options.workspace }, true);
  socket.write(`${JSON.stringify(hello)}\n`);
  const reply = withRecord(await lines.next(timeout), undefined, (v) => {
    try {
      return decodeHandshakeReply(v, false);
    } catch (e) {
      if (e instanceof SchemaError) throw new ProtocolError("payload", e.message, e.path);
      throw e;
    }
  });
  if (reply.status === "rejected") throw new HandshakeError(reply.code, reply.message);
  if (reply.version !== options.version) throw new HandshakeError("version_mismatch", "the daemon runs another package version");
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
  socket.write(encodeRequest(request));
  conversation.sent(pendingOf(request));
  const got = conversation.received(await lines.next(timeout));
  if (got.kind !== "response" || got.request === undefined) throw new ProtocolError("correlation", "initialize was not answered first");
  if (got.response.error !== null) throw new ServiceError(got.response.error.code, got.response.error.message);
  // `received` ran preflight on this success, so the conversation is initialized.
  return conversation.init as InitializeResponse;
}

// ---------------------------------------------------------------------------------------------
// Framing and the event queue
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
  private readonly onError = (e: Error): void => this.finish(e);

  constructor(
    private readonly socket: Socket,
    maxRecordBytes: number,
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
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for the service")), timeoutMs);
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
      w.reject(error ?? new Error("connection closed"));
    }
    this.onEnd?.(error);
    this.socket.destroy();
  }
}

/**
 * Events waiting for the consumer; the socket pauses while too many wait and `mayPause` allows
 * it (not while a response is awaited: it may follow the waiting events, and a consumer that
 * awaits a request inside its event loop would never see it).
 */
class EventQueue {
  private items: AnyEvent[] = [];
  private head = 0;
  private wake: (() => void) | null = null;
  private done = false;
  private error: Error | null = null;
  private socket: Socket | null = null;
  private paused = false;

  constructor(private readonly mayPause: () => boolean) {}

  get backlog(): number {
    return this.items.length - this.head;
  }

  push(e: AnyEvent): void {
    this.items.push(e);
    if (this.backlog > HIGH_WATER && this.socket !== null && !this.paused && this.mayPause()) {
      this.paused = true;
      this.socket.pause();
    }
    this.notify();
  }

  /** Read on whatever the backlog (until the next event past the high-water mark may pause again). */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.socket?.resume();
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
        this.drained();
        yield e;
      }
      if (this.done) {
        if (this.error !== null) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Drop consumed items now and then, and resume reading once the backlog is small. */
  private drained(): void {
    if (this.head === this.items.length || this.head > HIGH_WATER) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    if (this.paused && this.items.length - this.head < LOW_WATER) {
      this.paused = false;
      this.socket?.resume();
    }
  }

  private notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}

const HIGH_WATER = 4096;
const LOW_WATER = 1024;

