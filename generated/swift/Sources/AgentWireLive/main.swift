// The live test against the real daemon (run by scripts/swift.sh), with `agentwire` on PATH and
// MC_HOME naming the state root of the daemon the script started:
//
//     AgentWireLive first WORKSPACE STATE_FILE
//     AgentWireLive restarted WORKSPACE STATE_FILE
//
// `first`: the launcher (start-or-connect of the running daemon, its path rules, a launcher of
// another version), the version rule (typed mismatches naming both versions), a turn through a
// `Claim`, replay paging, listing, typed service errors and local refusals, cancellation of a
// wait, a take-over, cancelling turns (always `cancelled` on the slow local provider), and
// `resume` after a dropped connection (lookup of the uncertain turn, nothing resent); writes the
// session, its cursor and the turn's operation ID to STATE_FILE. `restarted` (after the daemon
// was restarted): `resume` from the saved cursor continues the session, and a stale cursor gets
// `resync_required`. The README's programs run separately (scripts/swift-readme.sh). Any failed
// check exits non-zero.

import AgentWire
import AgentWireClient
import Foundation

func check(_ ok: Bool, _ what: String) {
    if !ok { fail(what) }
    print("swift live: ok: \(what)")
}

func fail(_ what: String) -> Never {
    FileHandle.standardError.write(Data("swift live: FAILED: \(what)\n".utf8))
    exit(1)
}

/// The error `body` threw, or a failed check if it returned.
func failure<T>(_ what: String, _ body: () async throws -> T) async -> Error {
    do {
        _ = try await body()
    } catch {
        return error
    }
    fail("\(what) fails")
}

let args = CommandLine.arguments
guard args.count == 4 else {
    FileHandle.standardError.write(Data("usage: AgentWireLive first|restarted WORKSPACE STATE_FILE\n".utf8))
    exit(2)
}
let (phase, workspace, stateFile) = (args[1], args[2], args[3])

/// Run a turn to its terminal: the streamed text and the terminal.
func runTurn(_ claim: Claim, _ prompt: String) async throws -> (turn: Turn, streamed: String, terminal: TurnTerminal?) {
    let turn = try await claim.startTurn(prompt)
    var streamed = ""
    var terminal: TurnTerminal?
    for try await event in turn.events {
        switch event {
        case .turnAssistantDelta(let delta): streamed += delta.payload.text
        case .turnTerminal(let t): terminal = t.payload
        default: break
        }
    }
    return (turn, streamed, terminal)
}

/// Every durable item of the session, paged `limit` at a time.
func replayAll(_ client: AgentWireClient, _ session: SessionID, limit: UInt32 = 32) async throws -> (items: Int, pages: Int) {
    var cursor: Cursor?
    var items = 0
    var pages = 0
    while true {
        let page = try await client.send(Operations.SessionReplay.self, SessionReplayRequest(after: cursor, limit: limit), sessionID: session)
        pages += 1
        items += page.events.count
        cursor = page.nextCursor
        if !page.truncated { return (items, pages) }
    }
}

func launcher() async throws -> AgentWireClient {
    let client = try await AgentWireClient.startOrConnect(workspace: workspace)
    check(client.discovery?.started == false, "startOrConnect reached the running daemon (agentwire from PATH)")
    check(client.identity.serverVersion == AgentWire.packageVersion, "the daemon is this package's version \(AgentWire.packageVersion)")
    check(client.identity.pid == client.discovery?.pid, "identity and discovery name the same process")
    let discovered = try await Launcher.startOrConnect(workspace: workspace)
    check(discovered.instanceID == client.identity.instanceID, "the launcher alone returns the same daemon's discovery")
    let slash = try await AgentWireClient.startOrConnect(workspace: workspace + "/")
    check(slash.identity.workspaceID == client.identity.workspaceID, "a trailing / is canonicalised to the same workspace")
    slash.close()
    for (workspace, executable, code) in [
        (".", "agentwire", LaunchErrorCode.invalidWorkspace), (workspace, "no-such-agentwire", .invalidExecutable),
        (workspace, "./agentwire", .invalidExecutable),
    ] {
        let error = await failure("startOrConnect(\(workspace), \(executable))") {
            try await AgentWireClient.startOrConnect(workspace: workspace, executable: executable)
        }
        guard case ClientError.launch(let got, _) = error, got == code else { fail("\(code): \(error)") }
        check(true, "workspace \(workspace), executable \(executable): \(code.rawValue) (\(error))")
    }
    // A launcher of another version finds the running daemon and never replaces it.
    var environment = ProcessInfo.processInfo.environment
    environment["AGENTWIRE_TEST_VERSION_OVERRIDE"] = "0.0.0-other"
    let other = await failure("a launcher of another version") {
        try await AgentWireClient.startOrConnect(workspace: workspace, environment: environment)
    }
    guard case ClientError.launch(.versionMismatch, _) = other else { fail("launcher version_mismatch: \(other)") }
    check(true, "a launcher of another version: \(other)")
    return client
}

func versionRule(_ client: AgentWireClient) async throws {
    let wrong = try PackageVersion("0.0.0-wrong")
    guard let discovery = client.discovery else { fail("discovery kept") }
    // From discovery: refused before connecting, naming both versions.
    let early = await failure("a client of another version") {
        try await AgentWireClient.connect(ClientConfiguration(discovery: discovery, packageVersion: wrong, workspace: workspace))
    }
    guard case ClientError.versionMismatch(wrong, discovery.version) = early else { fail("mismatch: \(early)") }
    check("\(early)".contains("agentwire daemon stop"), "a mismatch names both versions and what to do: \(early)")
    // Without discovery the daemon's handshake rejects it; still typed.
    let rejected = await failure("a handshake of another version") {
        try await AgentWireClient.connect(ClientConfiguration(socketPath: discovery.socket, packageVersion: wrong, workspace: workspace))
    }
    guard case ClientError.versionMismatch(wrong, nil) = rejected else { fail("rejected: \(rejected)") }
    check(true, "the daemon's handshake rejects another version: \(rejected)")
}

func errors(_ client: AgentWireClient, _ session: SessionID) async throws {
    let missing = await failure("claiming an unknown session") { try await client.claim(try SessionID("s-missing")) }
    guard case ClientError.service(let code?, _) = missing else { fail("typed service error: \(missing)") }
    check(true, "a service error carries its ErrorCode (\(code.rawValue))")
    _ = try await client.send(Operations.Status.self, StatusRequest())
    check(true, "the connection survives a request-level error")
    let refused = await failure("a wrong slot") { try await client.send(Operations.Status.self, StatusRequest(), sessionID: session) }
    guard case ClientError.refused = refused else { fail("refused: \(refused)") }
    check(true, "a wrong envelope slot is refused before sending")
    // Cancelling the waiting task ends the wait; nothing leaks and the connection keeps working.
    let task = Task { try await client.send(Operations.Status.self, StatusRequest()) }
    task.cancel()
    let cancelled = (try? await task.value) == nil
    _ = try await client.send(Operations.Status.self, StatusRequest())
    check(true, "cancellation \(cancelled ? "ended the wait" : "came after the answer"); the connection still answers")
    // A deadline for one call: a zero one passes before any answer can come.
    let late = await failure("a call with a zero deadline") { try await client.send(Operations.Status.self, StatusRequest(), timeout: .zero) }
    guard case ClientError.timeout = late else { fail("per-call timeout: \(late)") }
    _ = try await client.send(Operations.Status.self, StatusRequest(), timeout: .seconds(30))
    check(true, "a per-call deadline times out alone (\(late)); the connection still answers")
}

func takeOver(_ first: Claim) async throws {
    let second = try await AgentWireClient.startOrConnect(workspace: workspace)
    defer { second.close() }
    let busy = await failure("claiming a held session") { try await second.claim(first.sessionID) }
    guard case ClientError.service(.sessionBusy?, _) = busy else { fail("session_busy: \(busy)") }
    check(true, "a held session is session_busy to another connection")
    let taken = try await second.claim(first.sessionID, takeOver: true)
    check(taken.control.grantGeneration > first.control.grantGeneration, "a take-over gets a newer grant")
    let stale = await failure("a turn on a revoked claim") { try await first.startTurn("too late") }
    guard case ClientError.service(.staleGrant?, _) = stale else { fail("stale_grant: \(stale)") }
    check(true, "the revoked claim's turn gets stale_grant")
}

/// "Cancel tests use it and assert `cancelled` every time": on the slow local provider a turn
/// cancelled at its first delta ends `cancelled`, each of several times.
func cancelTurns(_ claim: Claim) async throws {
    for round in 1...3 {
        let turn = try await claim.startTurn("a long answer, round \(round)")
        // A copy of the same turn's events, which ends after its terminal.
        let copied = claim.client.turnEvents(turn.turnID)
        let copy = Task {
            var last: ServerEvent?
            for try await event in copied { last = event }
            return last?.isTerminal ?? false
        }
        var status: TurnStatus?
        var asked = false
        for try await event in turn.events {
            switch event {
            case .turnAssistantDelta where !asked:
                asked = true
                let answer = try await claim.cancel(turn.turnID)
                check(answer.turnID == turn.turnID, "turn.cancel answered \(answer.status)")
            case .turnTerminal(let terminal): status = terminal.payload.status
            default: break
            }
        }
        check(asked && status == .cancelled, "cancel round \(round): the turn ended \(status?.rawValue ?? "without a terminal")")
        check(try await copy.value, "turnEvents saw the turn to its terminal")
    }
}

func first() async throws {
    let client = try await launcher()
    try await versionRule(client)
    let session = try await client.send(Operations.SessionCreate.self, SessionCreateRequest()).sessionID
    let claim = try await client.claim(session)
    let saved = claim.response.snapshot.replayCursor
    let watched = client.sessionEvents(session)
    let run = try await runTurn(claim, "hello from Swift")
    var seen: [String] = []
    for try await event in watched {
        seen.append(event.name)
        if event.isTerminal { break }
    }
    check(seen.first == "turn.started" && seen.last == "turn.terminal", "sessionEvents followed the session's turn: \(seen.count) events")
    check(run.terminal?.status == .completed, "the local turn completed")
    check(run.terminal.map { !$0.assistantText.isEmpty && $0.assistantText.hasPrefix(run.streamed) } ?? false,
          "the terminal text extends the streamed deltas")
    let replay = try await replayAll(client, session, limit: 2)
    check(replay.items >= 2 && replay.pages >= 2, "session.replay paged \(replay.items) items in \(replay.pages) pages of 2")
    let listed = try await client.send(Operations.SessionList.self, SessionListRequest())
    check(listed.sessions.contains { $0.sessionID == session }, "session.list lists the session")
    try await errors(client, session)
    try await cancelTurns(claim)

    // A dropped connection: a new one resumes from the cursor saved before the turn and looks
    // up the turn's operation as if its answer had been lost; nothing is resent.
    let before = try await replayAll(client, session)
    client.close()
    let again = try await AgentWireClient.startOrConnect(workspace: workspace)
    let unknown = try OpaqueID("op-never-sent")
    let resumed = try await again.resume(session, after: saved, uncertain: [run.turn.operationID, unknown])
    check(!resumed.resynced && resumed.items.count > 0, "resume replayed \(resumed.items.count) items after the saved cursor")
    check(resumed.operations.map(\.state) == [.settled, .unknown], "lookups: the turn settled, a never-sent operation unknown")
    check(resumed.operations.first?.turnID == run.turn.turnID, "the lookup names the turn it started")
    check(try await replayAll(again, session).items == before.items, "resume resent nothing")
    try await takeOver(resumed.claim)
    again.close()
    do {
        _ = try await again.send(Operations.Status.self, StatusRequest())
        check(false, "a closed client refuses requests")
    } catch ClientError.closed {
        check(true, "a closed client fails with ClientError.closed")
    }
    try "\(session.value)\n\(resumed.cursor.value)\n\(run.turn.operationID.value)\n".write(toFile: stateFile, atomically: true, encoding: .utf8)
}

func restarted() async throws {
    let saved = try String(contentsOfFile: stateFile, encoding: .utf8).split(separator: "\n").map(String.init)
    let session = try SessionID(saved[0])
    let cursor = try Cursor(saved[1])
    let client = try await AgentWireClient.startOrConnect(workspace: workspace)
    defer { client.close() }
    let resumed = try await client.resume(session, after: cursor, uncertain: [try OpaqueID(saved[2])])
    check(!resumed.resynced && resumed.items.isEmpty, "after the restart the saved cursor still continues its session")
    // Operation records live in the daemon instance; a restarted daemon no longer knows them.
    check(resumed.operations.map(\.state) == [.unknown], "a lookup after the restart answers unknown")
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
