// Hand-written: picking a session up again after a disconnect (the seed: "reconnect never
// resends uncertain mutations automatically. Use lookup, claim and durable replay"). Nothing is
// resent: what the lookups say is for the caller to act on.

import AgentWire
import Foundation

/// What `resume` found: the new claim, the durable items after the saved cursor, where to
/// continue, and what became of each uncertain mutation.
public struct Resumed: Sendable {
    public let claim: Claim
    /// Durable items after the saved cursor, in order.
    public let items: [ReplayItem]
    /// Where the next replay continues: save it.
    public let cursor: Cursor
    /// The saved cursor no longer matched the projection: `items` restart at the window start.
    public let resynced: Bool
    /// Some page reported omitted records.
    public let gap: Bool
    /// What became of each uncertain mutation (`operation.lookup`), in the order given.
    public let operations: [OperationLookupResponse]
}

extension AgentWireClient {
    /// On a new connection: look up every mutation whose answer never came, claim the session,
    /// and replay its durable transcript from the saved cursor to the snapshot's end (a stale
    /// cursor restarts once from the window start, `resynced`). Never resends anything.
    ///
    /// - Parameters:
    ///   - after: the `next_cursor` saved from the last page read; nil replays the window.
    ///   - uncertain: operation IDs of mutations sent before the disconnect whose answer never came.
    ///   - takeOver: revoke another connection's grant instead of failing with `session_busy`.
    ///   - maxPages: stop after this many pages.
    public func resume(
        _ sessionID: SessionID, after: Cursor?, uncertain: [OpaqueID] = [], takeOver: Bool = false, maxPages: Int = .max
    ) async throws -> Resumed {
        var operations: [OperationLookupResponse] = []
        for id in uncertain { operations.append(try await lookup(id)) }
        let claim = try await claim(sessionID, takeOver: takeOver)
        var items: [ReplayItem] = []
        var cursor = after
        var resynced = false
        var gap = false
        var pages = 0
        while pages < maxPages {
            pages += 1
            let page = try await send(Operations.SessionReplay.self, SessionReplayRequest(after: cursor), sessionID: sessionID)
            gap = gap || page.gap
            items += page.events
            cursor = page.nextCursor
            if page.resyncRequired {
                // The page is empty and next_cursor is the window's start: read on from there once.
                if resynced { break }
                resynced = true
                continue
            }
            if !page.truncated { break }
        }
        return Resumed(
            claim: claim, items: items, cursor: cursor ?? claim.response.snapshot.replayCursor, resynced: resynced, gap: gap,
            operations: operations)
    }
}
