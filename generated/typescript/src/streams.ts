/**
 * Event streams of one connection: any number of independent subscribers, each with its own
 * bounded buffer and filter. Delivery never waits for a reader, so a stream nobody reads
 * cannot stall responses or the other streams.
 *
 * Full-buffer policy: a stream that holds `bufferSize` unread events and receives one more
 * **overflows**: it stops taking events, its reader gets the events already buffered, then a
 * {@link StreamOverflowError}. Nothing else is affected. (Dropping events silently would break
 * per-turn sequences; pausing the socket would stall every other reader and the responses.)
 * Durable history survives an overflow: `session.replay` from a saved cursor reads it again.
 */

import { StreamOverflowError } from "./errors.js";
import type { AnyEvent } from "./generated/types.js";

/** The default bound of one stream's buffer, in events. */
export const DEFAULT_STREAM_BUFFER = 8192;

/** Which events a stream receives; every given member must match. */
export interface EventFilter {
  /** Events of this session (envelope `session_id`). */
  readonly sessionId?: string;
  /** Events of this turn (payload `turn_id`). */
  readonly turnId?: string;
  /** Events correlated to this operation (envelope `operation_id`), e.g. a turn.start's. */
  readonly operationId?: string;
}

export interface StreamOptions extends EventFilter {
  /** Most unread events this stream holds before it overflows. */
  readonly bufferSize?: number;
  /** Stop waiting: the iterator ends with the signal's reason. The connection is unaffected. */
  readonly signal?: AbortSignal;
}

/** One subscriber: a bounded queue with its own waiting readers. */
export class Subscription<E extends AnyEvent = AnyEvent> implements AsyncIterableIterator<E> {
  private items: E[] = [];
  private head = 0;
  private readers: { resolve: (r: IteratorResult<E>) => void; reject: (e: unknown) => void }[] = [];
  private ended = false;
  private error: unknown = null;
  private readonly bound: number;
  private readonly onAbort = (): void => this.end((this.signal as AbortSignal).reason);

  constructor(
    private readonly filter: EventFilter,
    bufferSize: number | undefined,
    private readonly signal: AbortSignal | undefined,
    private readonly detach: (s: Subscription<E>) => void,
    /** Whether an event ends this stream once delivered (a turn's terminal). */
    private readonly last: (e: E) => boolean = () => false,
  ) {
    this.bound = bufferSize ?? DEFAULT_STREAM_BUFFER;
    if (signal?.aborted === true) this.end(signal.reason);
    else signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  /** Unread events. */
  get backlog(): number {
    return this.items.length - this.head;
  }

  matches(e: AnyEvent): boolean {
    const f = this.filter;
    if (f.sessionId !== undefined && e.session_id !== f.sessionId) return false;
    if (f.operationId !== undefined && e.operation_id !== f.operationId) return false;
    if (f.turnId !== undefined && (e.payload as { turn_id?: unknown }).turn_id !== f.turnId) return false;
    return true;
  }

  /** Deliver one event (already known to match). Never blocks. */
  push(e: E): void {
    if (this.ended) return;
    const reader = this.readers.shift();
    if (reader !== undefined) reader.resolve({ value: e, done: false });
    else if (this.backlog >= this.bound) return this.end(new StreamOverflowError(this.bound));
    else this.items.push(e);
    if (this.last(e)) this.end(null);
  }

  /** End the stream: `null` when it is complete, else the error its reader gets after the buffer. */
  end(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.error = error;
    this.signal?.removeEventListener("abort", this.onAbort);
    this.detach(this);
    // Readers wait only while the buffer is empty, so each now learns the end.
    for (const r of this.readers.splice(0)) this.settle(r);
  }

  next(): Promise<IteratorResult<E>> {
    if (this.head < this.items.length) {
      const value = this.items[this.head++] as E;
      if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    return new Promise((resolve, reject) => {
      if (this.ended) this.settle({ resolve, reject });
      else this.readers.push({ resolve, reject });
    });
  }

  /** `break` out of a `for await`: unsubscribe. */
  return(): Promise<IteratorResult<E>> {
    this.items = [];
    this.head = 0;
    this.end(null);
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private settle(r: { resolve: (r: IteratorResult<E>) => void; reject: (e: unknown) => void }): void {
    if (this.error === null) r.resolve({ value: undefined, done: true });
    else {
      r.reject(this.error);
      // Report the failure once; later calls see a finished iterator.
      this.error = null;
    }
  }
}

/** Every live stream of a connection. */
export class EventHub {
  private readonly subscriptions = new Set<Subscription<AnyEvent>>();
  private closed: { error: unknown } | null = null;

  subscribe<E extends AnyEvent = AnyEvent>(options: StreamOptions, last?: (e: E) => boolean): Subscription<E> {
    const { bufferSize, signal, ...filter } = options;
    const s = new Subscription<E>(filter, bufferSize, signal, (x) => this.subscriptions.delete(x as unknown as Subscription<AnyEvent>), last);
    if (this.closed !== null) s.end(this.closed.error);
    else this.subscriptions.add(s as unknown as Subscription<AnyEvent>);
    return s;
  }

  publish(e: AnyEvent): void {
    for (const s of [...this.subscriptions]) if (s.matches(e)) s.push(e);
  }

  /** End every stream, waking every waiting reader. */
  close(error: unknown): void {
    if (this.closed !== null) return;
    this.closed = { error };
    for (const s of [...this.subscriptions]) s.end(error);
  }

  get size(): number {
    return this.subscriptions.size;
  }
}
