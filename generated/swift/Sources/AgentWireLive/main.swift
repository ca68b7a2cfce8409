// The live test against the real daemon (run by scripts/swift.sh), with `agentwire` on PATH and
// MC_HOME naming the state root of the daemon the script started:
//
//     AgentWireLive first WORKSPACE STATE_FILE
//     AgentWireLive restarted WORKSPACE STATE_FILE
//     AgentWireLive approvals WORKSPACE STATE_FILE
//
// `first`: the launcher (start-or-connect of the running daemon, its path rules, a launcher of
// another version), the version rule (typed mismatches naming both versions), a turn through a
// `Claim`, replay paging, listing, typed service errors and local refusals, cancellation of a
// wait, a take-over, cancelling turns (always `cancelled` on the slow local provider), and
// `resume` after a dropped connection (lookup of the uncertain turn, nothing resent); writes the
// session, its cursor and the turn's operation ID to STATE_FILE. `restarted` (after the daemon
// was restarted): `resume` from the saved cursor continues the session, and a stale cursor gets
// `resync_required`. `approvals` (a second daemon whose agent is the daemon tests' scripted ACP
// agent in `ask-edit` mode: it asks before editing `config.toml` and says the answer it got):
// the approvals profile through the client's API — opt in, the request and its resolution in
// the turn's stream, `respond` by kind and its typed errors, a non-controller refused, mismatch,
// a connection that never opts in answered by the fallback, cancel while pending, and a pending
// request arriving after `resume` with take-over. The README's programs run separately (scripts/swift-readme.sh). Any failed
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

/// What one turn's stream showed: approvals requested and resolved, text, the terminal status.
struct Watched {
    var requested: [ApprovalRequested] = []
    var resolved: [ApprovalResolved] = []
    var text = ""
    var status: TurnStatus?
}

/// Read `events` to the turn's terminal (or until `stop` says so); `onRequest` sees each request
/// as it comes.
func watch<S: AsyncSequence>(
    _ events: S, into seen: inout Watched, until stop: (Watched) -> Bool = { _ in false },
    onRequest: (ApprovalRequested) async throws -> Void = { _ in }
) async throws where S.Element == ServerEvent {
    for try await event in events {
        switch event {
        case .approvalRequested(let r):
            seen.requested.append(r.payload)
            try await onRequest(r.payload)
        case .approvalResolved(let r): seen.resolved.append(r.payload)
        case .turnAssistantDelta(let d): seen.text += d.payload.text
        case .turnTerminal(let t): seen.status = t.payload.status
        default: break
        }
        if event.isTerminal || stop(seen) { return }
    }
}

/// The service error code `body` failed with.
func serviceCode<T>(_ what: String, _ body: () async throws -> T) async -> ErrorCode? {
    guard case ClientError.service(let code, _) = await failure(what, body) else { fail("\(what): not a service error") }
    return code
}

func approvals() async throws {
    // "A connection opts in explicitly, before any work the profile affects, and learns in the
    // answer exactly what was accepted (profile version, its limits)."
    let client = try await AgentWireClient.startOrConnect(workspace: workspace)
    defer { client.close() }
    check(AgentWireClient.offers(client.initializeResponse.capabilities, profile: AgentWireClient.approvalsProfile, version: 1),
          "the capability object lists approvals v1")
    let terms = try await client.optInApprovals()
    check(terms.version == AgentWireClient.approvalsVersion && terms.events.count == 2, "opted in: approvals v\(terms.version)")
    check(terms.limits[Limits.Name.approvalDeadlineMs] == 120_000, "the advertised deadline is the effective one (the settings' 120000)")
    check(try await client.optInApprovals() == terms && client.negotiated(AgentWireClient.approvalsProfile) == terms,
          "negotiating the same version again answers the same result")
    let session = try await client.send(Operations.SessionCreate.self, SessionCreateRequest()).sessionID
    let claim = try await client.claim(session)
    let other = try await AgentWireClient.startOrConnect(workspace: workspace)
    defer { other.close() }
    try await other.optInApprovals()

    // "a turn's stream yields permission requests and resolutions; `respond` answers with an
    // offered option; typed errors".
    let turn = try await claim.startTurn("Turn debugging on.")
    var seen = Watched()
    try await watch(turn.events, into: &seen, onRequest: { asked in
        check(asked.turnID == turn.turnID && asked.kind == .edit && asked.title.value == "Edit `config.toml`",
              "the turn's stream yields the request: \(asked.title) (\(asked.kind.rawValue))")
        check(asked.options.map(\.kind) == [.allowOnce, .allowAlways, .rejectOnce, .rejectAlways], "the offered options with their kinds")
        guard case .diff(let diff)? = asked.change else { fail("the proposed change is a diff") }
        check(diff.path.value == "/w/config.toml" && diff.newText.value == "debug = true\n", "the proposed change: \(diff.path)")
        // "Only the session's controller may answer".
        let foreign = await serviceCode("an answer by a connection that does not control the session") {
            try await other.send(
                Operations.ApprovalRespond.self, ApprovalRespondRequest(approvalID: asked.approvalID, optionID: asked.options[0].id),
                sessionID: session, control: claim.control)
        }
        check(foreign == .controlRequired || foreign == .staleGrant, "a non-controller's answer: \(foreign?.rawValue ?? "?")")
        let unknown = await serviceCode("an unknown approval") { try await claim.respond(try OpaqueID("ap-unknown"), optionID: asked.options[0].id) }
        check(unknown == .approvalUnknown, "an unknown approval: approval_unknown")
        let option = await serviceCode("an option not offered") { try await claim.respond(asked.approvalID, optionID: try OpaqueID("maybe")) }
        check(option == .approvalOptionUnknown, "an option not offered: approval_option_unknown")
        guard let allow = asked.option(ofKind: .allowOnce) else { fail("an allow-once option") }
        let answer = try await claim.respond(asked.approvalID, optionID: allow.id)
        check(answer.optionKind == .allowOnce, "respond chose by kind: \(answer.optionKind.rawValue)")
        let second = await serviceCode("a second answer") { try await claim.respond(asked.approvalID, optionID: allow.id) }
        check(second == .approvalUnknown, "the first valid answer wins; a second gets approval_unknown")
    })
    check(seen.requested.count == 1 && seen.resolved.count == 1, "one request and its resolution in the turn's stream")
    let resolved = seen.resolved[0]
    check(resolved.outcome == .selected && resolved.optionKind == .allowOnce && resolved.decidedBy == .person,
          "resolved: \(resolved.optionKind?.rawValue ?? "-") by \(resolved.decidedBy.rawValue)")
    check(seen.status == .completed && seen.text.contains("Answer: \(seen.requested[0].option(ofKind: .allowOnce)?.id.value ?? "?")."),
          "the agent got the chosen option: \(seen.text)")
    let late = await serviceCode("a late answer") { try await claim.respond(seen.requested[0].approvalID, optionID: resolved.optionID ?? seen.requested[0].options[0].id) }
    check(late == .approvalUnknown, "a late answer gets approval_unknown")

    // "`turn.cancel` while a request is pending answers the agent `cancelled`, ends the call
    // cancelled and the turn cancelled."
    let cancelled = try await claim.startTurn("Turn debugging on.")
    var stopped = Watched()
    try await watch(cancelled.events, into: &stopped, onRequest: { _ in _ = try await claim.cancel(cancelled.turnID) })
    check(stopped.status == .cancelled && stopped.resolved.first?.decidedBy == .cancel && stopped.resolved.first?.outcome == .cancelled,
          "cancel while pending: resolved by cancel, the turn \(stopped.status?.rawValue ?? "-")")

    // Mismatch: a connection that claimed a session before negotiating; typed, and it goes on.
    let claimedFirst = try await AgentWireClient.startOrConnect(workspace: workspace)
    defer { claimedFirst.close() }
    let lateClaim = try await claimedFirst.claim(try await claimedFirst.send(Operations.SessionCreate.self, SessionCreateRequest()).sessionID)
    let mismatch = await failure("opting in after a claim") { try await claimedFirst.optInApprovals() }
    guard case ClientError.profileUnavailable(_, _, .mismatch, let error?) = mismatch, error.code.value == ErrorCode.profileMismatch.rawValue
    else { fail("mismatch: \(mismatch)") }
    check(claimedFirst.negotiated(AgentWireClient.approvalsProfile) == nil, "opting in after a claim: \(mismatch)")
    // "a client that never opted in never waits": the policy's fallback rejects at once, and no
    // profile event reaches it.
    var ordinary = Watched()
    try await watch(try await lateClaim.startTurn("Turn debugging on.").events, into: &ordinary)
    check(ordinary.status == .completed && ordinary.requested.isEmpty && ordinary.text.contains("Answer: ro."),
          "a connection that never opted in: answered by the fallback (\(ordinary.text))")

    // "The controller disconnecting does not answer. ... a connection that claims or takes over
    // the session receives the pending requests and can answer them".
    let phone = try await AgentWireClient.startOrConnect(workspace: workspace)
    try await phone.optInApprovals()
    let away = try await phone.send(Operations.SessionCreate.self, SessionCreateRequest()).sessionID
    let slept = try await phone.claim(away)
    let saved = slept.response.snapshot.replayCursor
    let pending = try await slept.startTurn("Turn debugging on.")
    var before = Watched()
    try await watch(pending.events, into: &before, until: { !$0.requested.isEmpty })
    phone.close()
    let back = try await AgentWireClient.startOrConnect(workspace: workspace)
    defer { back.close() }
    try await back.optInApprovals()
    let events = back.sessionEvents(away)
    let resumed = try await back.resume(away, after: saved, takeOver: true)
    var after = Watched()
    try await watch(events, into: &after, onRequest: { asked in
        check(asked.approvalID == before.requested[0].approvalID, "after resume with take-over the pending request arrives again")
        guard let reject = asked.option(ofKind: .rejectOnce) else { fail("a reject-once option") }
        _ = try await resumed.claim.respond(asked.approvalID, optionID: reject.id)
    })
    check(after.status == .completed && after.resolved.first?.decidedBy == .person && after.text.contains("Answer: ro."),
          "the new controller answered it: \(after.text)")
}

do {
    switch phase {
    case "first": try await first()
    case "restarted": try await restarted()
    case "approvals": try await approvals()
    default: check(false, "unknown phase \(phase)")
    }
} catch {
    check(false, "\(phase): \(error)")
}
