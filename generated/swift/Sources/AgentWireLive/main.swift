// The live test against the real daemon (run by scripts/swift.sh):
//
//     agentwire-swift-live first SOCKET WORKSPACE VERSION STATE_FILE
//     agentwire-swift-live restarted SOCKET WORKSPACE VERSION STATE_FILE
//
// `first`: the README example (handshake, initialize + preflight, session.create, session.claim,
// turn.start on the offline `local` provider, deltas and terminal, session.replay paging), plus
// the client's error paths; writes the session and its last cursor to STATE_FILE. `restarted`
// (after the daemon was restarted): the saved cursor still continues its session, and a stale
// cursor (one of another session) gets `resync_required`, after which the given cursor works.
// Any failed check exits non-zero.

import AgentWire
import AgentWireClient
import Foundation

func check(_ ok: Bool, _ what: String) {
    if !ok {
        FileHandle.standardError.write(Data("swift live: FAILED: \(what)\n".utf8))
        exit(1)
    }
    print("swift live: ok: \(what)")
}

let args = CommandLine.arguments
guard args.count == 6 else {
    FileHandle.standardError.write(Data("usage: agentwire-swift-live first|restarted SOCKET WORKSPACE VERSION STATE_FILE\n".utf8))
    exit(2)
}
let (phase, socket, workspace, version, stateFile) = (args[1], args[2], args[3], args[4], args[5])

func first() async throws {
    let run = try await connectRunTurnReplay(socket: socket, workspace: workspace, version: version, prompt: "hello from Swift")
    check(!run.answer.isEmpty, "the local turn streamed deltas and settled with its answer")
    check(run.replayed >= 2, "session.replay paged \(run.replayed) items (pages of 2)")
    try "\(run.session.value)\n\(run.cursor.value)\n".write(toFile: stateFile, atomically: true, encoding: .utf8)

    let configuration = ClientConfiguration(socketPath: socket, packageVersion: try PackageVersion(version), workspace: workspace)
    let client = try await AgentWireClient.connect(configuration)
    // A service error is typed with its code, and the connection stays usable.
    do {
        _ = try await client.send(Operations.SessionClaim.self, SessionClaimRequest(), sessionID: try SessionID("s-missing"))
        check(false, "claiming an unknown session fails")
    } catch ClientError.service(let code, _) {
        check(code != nil, "a service error carries its ErrorCode (\(code.map { "\($0)" } ?? "unknown"))")
    }
    _ = try await client.send(Operations.Status.self, StatusRequest())
    check(true, "the connection survives a request-level error")
    // A request the service would reject is refused locally.
    do {
        _ = try await client.send(Operations.Status.self, StatusRequest(), sessionID: run.session)
        check(false, "a wrong slot is refused")
    } catch ClientError.refused {
        check(true, "a wrong envelope slot is refused before sending")
    }
    // Cancellation: the waiting task ends with CancellationError, nothing leaks, and the
    // connection keeps working.
    let task = Task { try await client.send(Operations.Status.self, StatusRequest()) }
    task.cancel()
    let cancelled: Bool
    do {
        _ = try await task.value
        cancelled = false
    } catch is CancellationError {
        cancelled = true
    }
    _ = try await client.send(Operations.Status.self, StatusRequest())
    check(true, "cancellation \(cancelled ? "ended the wait" : "came after the answer"); the connection still answers")
    client.close()
    do {
        _ = try await client.send(Operations.Status.self, StatusRequest())
        check(false, "a closed client refuses requests")
    } catch ClientError.closed {
        check(true, "a closed client fails with ClientError.closed")
    }
    // A wrong package version never gets past the handshake.
    do {
        var wrong = configuration
        wrong.packageVersion = try PackageVersion("0.0.0-wrong")
        _ = try await AgentWireClient.connect(wrong)
        check(false, "a wrong package version is rejected")
    } catch ClientError.handshakeRejected(let code, _) {
        check(true, "the handshake rejects a wrong package version (\(code))")
    }
}

func restarted() async throws {
    let saved = try String(contentsOfFile: stateFile, encoding: .utf8).split(separator: "\n").map(String.init)
    let session = try SessionID(saved[0])
    let cursor = try Cursor(saved[1])
    let configuration = ClientConfiguration(socketPath: socket, packageVersion: try PackageVersion(version), workspace: workspace)
    let client = try await AgentWireClient.connect(configuration)
    defer { client.close() }
    let kept = try await client.send(Operations.SessionReplay.self, SessionReplayRequest(after: cursor), sessionID: session)
    check(!kept.resyncRequired && kept.events.isEmpty, "after the restart the saved cursor still continues its session")
    let other = try await client.send(Operations.SessionCreate.self, SessionCreateRequest()).sessionID
    let stale = try await client.send(Operations.SessionReplay.self, SessionReplayRequest(after: cursor), sessionID: other)
    check(stale.resyncRequired && stale.events.isEmpty, "a stale cursor gets resync_required and no events")
    let again = try await client.send(Operations.SessionReplay.self, SessionReplayRequest(after: stale.nextCursor), sessionID: other)
    check(!again.resyncRequired, "replay from the given next_cursor works again")
}

do {
    switch phase {
    case "first": try await first()
    case "restarted": try await restarted()
    default: check(false, "unknown phase \(phase)")
    }
} catch {
    check(false, "\(phase): \(error)")
}
