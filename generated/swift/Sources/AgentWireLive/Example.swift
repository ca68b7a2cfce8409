// The package README's "connect, run a turn, replay" example, compiled here and run by the live
// test against the real daemon.

import AgentWire
import AgentWireClient

/// Connect, create and claim a session, run one turn to its terminal, and page its replay.
func connectRunTurnReplay(socket: String, workspace: String, version: String, prompt: String) async throws
    -> (session: SessionID, answer: String, replayed: Int, cursor: Cursor)
{
    let configuration = ClientConfiguration(socketPath: socket, packageVersion: try PackageVersion(version), workspace: workspace)
    // Handshake, initialize and the full preflight, or an error before anything is mutated.
    let client = try await AgentWireClient.connect(configuration)
    defer { client.close() }

    let session = try await client.send(Operations.SessionCreate.self, SessionCreateRequest()).sessionID
    let claim = try await client.send(Operations.SessionClaim.self, SessionClaimRequest(), sessionID: session)
    let control = Control(claimID: claim.claimID, grantGeneration: claim.grantGeneration)

    // The turn's own stream ends after its terminal.
    let turn = try await client.startTurn(prompt, sessionID: session, control: control)
    var streamed = ""
    var answer = ""
    for try await event in turn.events {
        switch event {
        case .turnAssistantDelta(let delta): streamed += delta.payload.text
        case .turnTerminal(let terminal): answer = terminal.payload.assistantText
        default: break
        }
    }
    precondition(answer.hasPrefix(streamed), "the terminal text extends the streamed deltas")

    // Page the durable replay until a page comes back empty.
    var cursor: Cursor?
    var replayed = 0
    while true {
        let page = try await client.send(
            Operations.SessionReplay.self, SessionReplayRequest(after: cursor, limit: 2), sessionID: session)
        replayed += page.events.count
        cursor = page.nextCursor
        if page.events.isEmpty { break }
    }
    return (session, answer, replayed, try cursor ?? Cursor(""))
}
