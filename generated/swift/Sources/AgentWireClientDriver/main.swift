// Hand-written. The Swift client (`AgentWireClient`) behind the conformance client suite's
// driver protocol (conformance/README.md, "Client driver protocol"): one JSON command per line on
// stdin, one JSON reply per line on stdout, in order (run by scripts/swift.sh):
//
//     agentwire-conformance client --exec '<toolchain run> .build/debug/AgentWireClientDriver'
//
// It is a small application, so it also does what an application must: it settles a turn's
// display from the terminal's `assistant_text` and saves a replay cursor only after the page
// holding it was accepted.

import AgentWire
import AgentWireClient
import Foundation

typealias Reply = [String: Any]

struct DriverError: Error, CustomStringConvertible {
    let description: String
}

/// A failed command: `code` when the service answered with an error object.
func failed(_ error: Error, _ extra: Reply = [:]) -> Reply {
    var reply: Reply = ["ok": false, "error": "\(error)"]
    if case ClientError.service(_, let object)? = error as? ClientError {
        reply["code"] = object.code.value
    }
    if case ClientError.profileUnavailable(_, _, let reason, let object)? = error as? ClientError {
        reply["reason"] = reason.rawValue
        if let object { reply["code"] = object.code.value }
    }
    return reply.merging(extra) { $1 }
}

final class Driver {
    var client: AgentWireClient?
    var claim: Claim?
    /// Whether this connection opted into approvals (turn replies then show them).
    var approvals = false

    func connected() throws -> AgentWireClient {
        guard let client else { throw DriverError(description: "not connected") }
        return client
    }

    func run(_ cmd: [String: Any]) async -> Reply {
        do {
            switch cmd["cmd"] as? String ?? "" {
            case "connect": return try await connect(cmd)
            case "create":
                let created = try await connected().send(Operations.SessionCreate.self, SessionCreateRequest())
                return ["ok": true, "session_id": created.sessionID.value]
            case "claim": return try await claimSession(cmd)
            case "turn": return try await turn(cmd)
            case "opt_in":
                let terms = try await connected().optInApprovals()
                approvals = true
                return ["ok": true, "version": Int(terms.version), "limits": terms.limits.values.mapValues { Int($0) }]
            case "respond":
                guard let claim else { throw DriverError(description: "no claim") }
                let answered = try await claim.respond(
                    try OpaqueID(cmd["approval_id"] as? String ?? ""), optionID: try OpaqueID(cmd["option_id"] as? String ?? ""))
                return ["ok": true, "option_kind": answered.optionKind.rawValue]
            case "replay": return await replay(cmd)
            case "login": return try await login(cmd)
            case "status":
                _ = try await connected().send(Operations.Status.self, StatusRequest())
                return ["ok": true]
            case let other: return ["ok": false, "error": "unsupported command `\(other)`"]
            }
        } catch {
            return failed(error)
        }
    }

    func connect(_ cmd: [String: Any]) async throws -> Reply {
        // A new connection replaces the old one (and its claim).
        client?.close()
        client = nil
        claim = nil
        approvals = false
        let configuration = ClientConfiguration(
            socketPath: cmd["socket"] as? String ?? "", packageVersion: try PackageVersion(cmd["version"] as? String ?? ""),
            workspace: cmd["workspace"] as? String ?? "", requiredOperations: cmd["require"] as? [String] ?? [])
        client = try await AgentWireClient.connect(configuration)
        return ["ok": true]
    }

    func claimSession(_ cmd: [String: Any]) async throws -> Reply {
        let client = try connected()
        let session = try SessionID(cmd["session_id"] as? String ?? "")
        // With `answer`, the session's turn is already running: its events, the pending
        // requests first, follow the claim's response at once, so the stream is taken before.
        let running = cmd["answer"] is String ? client.sessionEvents(session) : nil
        let claim = try await client.claim(session, takeOver: cmd["take_over"] as? Bool ?? false)
        self.claim = claim
        guard let running else { return ["ok": true] }
        return try await follow(claim, running, answerKind(cmd))
    }

    func turn(_ cmd: [String: Any]) async throws -> Reply {
        guard let claim else { throw DriverError(description: "no claim") }
        let turn = try await claim.startTurn(cmd["prompt"] as? String ?? "")
        return try await follow(claim, turn.events, answerKind(cmd))
    }

    /// The option kind the person answers every permission request with (none: unanswered).
    func answerKind(_ cmd: [String: Any]) -> PermissionKind? {
        (cmd["answer"] as? String).flatMap(PermissionKind.init(rawValue:))
    }

    /// Reads a turn's events through its terminal as the screen shows them, answering each
    /// permission request with its option of kind `answer`.
    func follow(_ claim: Claim, _ events: EventStream, _ answer: PermissionKind?) async throws -> Reply {
        // What the screen shows while the turn runs; the terminal's text replaces it.
        var live = ""
        // The tool activity the screen shows, as `name:status` (the hashed ID where no name).
        var tools: [String] = []
        // The requests and resolutions the screen shows.
        var asked: [Reply] = []
        var resolved: [Reply] = []
        for try await event in events {
            switch event {
            case .turnAssistantDelta(let delta): live += delta.payload.text
            case .turnActivity(let activity):
                if case .tool(let tool) = activity.payload.activity {
                    tools.append("\((tool.toolName?.value ?? tool.toolID.value)):\(tool.status.rawValue)")
                }
            case .approvalRequested(let request): asked.append(await ask(claim, request.payload, answer))
            case .approvalResolved(let resolution):
                let r = resolution.payload
                resolved.append([
                    "approval_id": r.approvalID.value, "outcome": r.outcome.rawValue, "option_id": r.optionID?.value ?? NSNull(),
                    "option_kind": r.optionKind?.rawValue ?? NSNull(), "decided_by": r.decidedBy.rawValue,
                ])
            case .turnTerminal(let terminal):
                let payload = terminal.payload
                var reply: Reply = ["ok": true, "status": payload.status.rawValue, "display": payload.assistantText, "tools": tools]
                if approvals {
                    reply["approvals"] = asked
                    reply["resolutions"] = resolved
                }
                return reply
            default: break
            }
        }
        return ["ok": false, "error": "the turn's stream ended without a terminal", "display": live]
    }

    /// Shows one permission request and answers it with its first option of kind `answer` (chosen
    /// by kind, never by ID); a refused answer is shown with its code.
    func ask(_ claim: Claim, _ request: ApprovalRequested, _ answer: PermissionKind?) async -> Reply {
        var shown: Reply = [
            "approval_id": request.approvalID.value, "title": request.title.value, "kind": request.kind.rawValue,
            "options": request.options.map { $0.kind.rawValue },
        ]
        guard let answer, let option = request.option(ofKind: answer) else { return shown }
        shown["answered"] = option.id.value
        do {
            shown["option_kind"] = try await claim.respond(request.approvalID, optionID: option.id).optionKind.rawValue
        } catch {
            shown["code"] = failed(error)["code"]
        }
        return shown
    }

    func login(_ cmd: [String: Any]) async throws -> Reply {
        let client = try connected()
        // The connection's stream buffers from connect on, so the login's events are not missed.
        let events = client.events
        let provider = try ProviderID(cmd["provider_id"] as? String ?? "")
        let started = try await client.send(Operations.AuthLoginStart.self, AuthLoginStartRequest(providerID: provider))
        for try await event in events {
            if case .authLoginTerminal(let terminal) = event, terminal.payload.loginID == started.loginID {
                return ["ok": true, "state": terminal.payload.state.rawValue]
            }
        }
        return ["ok": false, "error": "the login's events ended without a terminal"]
    }

    func replay(_ cmd: [String: Any]) async -> Reply {
        var saved: Cursor?
        var items = 0
        do {
            let session = try SessionID(cmd["session_id"] as? String ?? "")
            let limit = UInt32(cmd["limit"] as? Int ?? 32)
            while true {
                let page = try await connected().send(
                    Operations.SessionReplay.self, SessionReplayRequest(after: saved, limit: limit), sessionID: session)
                // The page was accepted whole: only now is its cursor saved.
                items += page.events.count
                saved = page.nextCursor
                if !page.truncated { return ["ok": true, "items": items, "cursor": saved?.value ?? NSNull()] }
            }
        } catch {
            return failed(error, ["cursor": saved?.value ?? NSNull()])
        }
    }
}

/// One command line in, one reply line out (both plain strings, so nothing non-Sendable
/// crosses from the driver to the top-level code).
extension Driver {
    func handle(_ line: String) async -> String {
        let reply: Reply
        if let cmd = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] {
            reply = await run(cmd)
        } else {
            reply = ["ok": false, "error": "command is not a JSON object"]
        }
        let data = (try? JSONSerialization.data(withJSONObject: reply)) ?? Data(#"{"ok":false,"error":"unencodable reply"}"#.utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

let driver = Driver()
while let line = readLine() {
    let reply = await driver.handle(line)
    FileHandle.standardOutput.write(Data((reply + "\n").utf8))
}
driver.client?.close()
