/**
 * Picking a session up again after a disconnect (the seed: "reconnect never resends uncertain
 * mutations automatically. Use lookup, claim and durable replay"): reconnect with the full
 * handshake and preflight, claim the session, replay the durable transcript from a saved
 * cursor to its end, and look up every mutation whose outcome the caller did not learn. Nothing
 * is resent: what the lookups say is for the caller to act on.
 */

import { AgentwireClient, Claim } from "./client.js";
import type { ClientOptions, WaitOptions } from "./client.js";
import type { OperationLookupResponse, ReplayItem, SessionClaimResponse } from "./generated/types.js";

export interface ResumeOptions extends ClientOptions {
  readonly sessionId: string;
  /** The cursor saved from the last page read (`next_cursor`); null or absent replays the window. */
  readonly after?: string | null;
  /** Revoke another connection's grant instead of failing with `session_busy`. */
  readonly takeOver?: boolean;
  /** Operation IDs of mutations sent before the disconnect whose answer never came. */
  readonly uncertain?: readonly string[];
  /** Stop after this many pages (default: until the snapshot's end). */
  readonly maxPages?: number;
  /** Deadline of each request. */
  readonly timeoutMs?: number;
}

export interface Resumed {
  readonly client: AgentwireClient;
  readonly claim: SessionClaimResponse;
  /**
   * The same claim as a handle ({@link Claim}): start, cancel, detach and, on a connection
   * that opted into approvals (`approvals: true`), `respond` to the pending permission
   * requests the daemon re-delivers right after the claim (`client.eventsSinceConnect()` holds
   * them).
   */
  readonly handle: Claim;
  /** Durable items after the saved cursor, in order. */
  readonly items: ReplayItem[];
  /** Where the next replay continues: save it. */
  readonly cursor: string;
  /** The saved cursor no longer matched the projection: `items` restart at the window start. */
  readonly resynced: boolean;
  /** Some page reported omitted records. */
  readonly gap: boolean;
  /** What became of each uncertain mutation, in the order given. */
  readonly operations: OperationLookupResponse[];
}

export async function resume(options: ResumeOptions): Promise<Resumed> {
  const client = await AgentwireClient.connect({ ...options, requiredOperations: [...new Set([...(options.requiredOperations ?? []), "session.claim" as const, "session.replay" as const, "operation.lookup" as const])] });
  try {
    const wait: WaitOptions = { ...(options.signal === undefined ? {} : { signal: options.signal }), ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) };
    const operations: OperationLookupResponse[] = [];
    for (const id of options.uncertain ?? []) operations.push(await client.lookup(id, wait));
    const claim = await client.request("session.claim", { take_over: options.takeOver ?? false }, { ...wait, sessionId: options.sessionId });
    const items: ReplayItem[] = [];
    let after = options.after ?? null;
    let resynced = false;
    let gap = false;
    for (let pages = 0; pages < (options.maxPages ?? Number.POSITIVE_INFINITY); pages++) {
      const page = await client.replay(options.sessionId, { ...wait, after });
      gap ||= page.gap;
      items.push(...page.events);
      after = page.next_cursor;
      if (page.resync_required) {
        // The page is empty and next_cursor is the current start: read on from there once.
        if (resynced) break;
        resynced = true;
        continue;
      }
      if (!page.truncated) break;
    }
    return { client, claim, handle: new Claim(client, claim), items, cursor: after ?? claim.snapshot.replay_cursor, resynced, gap, operations };
  } catch (e) {
    client.close();
    throw e;
  }
}
