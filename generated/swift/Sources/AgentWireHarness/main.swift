// The Swift consumer decoders behind the conformance harness protocol (conformance/README.md,
// "Consumer harness protocol"): one JSON object per line in, one verdict per line out.
//
//     agentwire-conformance consumer --exec 'generated/swift/.build/release/agentwire-swift-harness'
//
// Each line is judged by the package's own consumer path: `Conversation` (profile, envelope,
// payload, correlation, initialize/capabilities advertisement, per-turn sequences) and
// `AgentWireDecoder.decodeSessionMessage`, in the state the line's `context` describes. Lines
// without `stream` are one-shot (`context.request` is pending); lines of one `stream` are one
// conversation, and after a rejection every later line of it is rejected.

import AgentWire
import Foundation

struct PendingInput: Decodable {
    let method: String?
    let request_id: String?
    let session_id: String?
    let operation_id: String?
}

struct ContextInput: Decodable {
    let instance_id: String?
    let connection_id: String?
    let request: PendingInput?
}

struct Input: Decodable {
    let id: String
    let direction: String
    let record: String?
    let record_base64: String?
    let context: ContextInput?
    let stream: String?
}

struct Output: Encodable {
    let id: String
    let verdict: String
    var reason: String?
    var result: String?

    static func accept(_ id: String, result: String? = nil) -> Output {
        Output(id: id, verdict: "accept", reason: nil, result: result)
    }

    static func reject(_ id: String, _ reason: String) -> Output {
        Output(id: id, verdict: "reject", reason: reason, result: nil)
    }
}

struct StreamState {
    var conversation: Conversation
    var failed = false
}

func pending(_ p: PendingInput) -> PendingRequest? {
    guard let method = p.method else { return nil }
    return PendingRequest(method: method, requestID: p.request_id, sessionID: p.session_id, operationID: p.operation_id)
}

/// Conversations by stream name.
struct Harness {
    var streams: [String: StreamState] = [:]

    mutating func judge(_ line: String) -> Output {
        guard let input = try? JSONDecoder().decode(Input.self, from: Data(line.utf8)) else {
            return .reject("", "harness_input")
        }
        let bytes: Data
        if let record = input.record {
            bytes = Data(record.utf8)
        } else if let encoded = input.record_base64, let decoded = Data(base64Encoded: encoded) {
            bytes = decoded
        } else {
            return .reject(input.id, "harness_input")
        }
        var state: StreamState
        if let stream = input.stream {
            state = streams[stream] ?? StreamState(conversation: Conversation())
            if state.failed { return .reject(input.id, "stream_failed") }
        } else {
            state = StreamState(conversation: Conversation())
            if let request = input.context?.request.flatMap(pending) { state.conversation.sent(request) }
        }
        // The context names the connection's identities (null before initialize).
        state.conversation.instanceID = input.context?.instance_id
        state.conversation.connectionID = input.context?.connection_id
        let output = verdict(input, bytes, &state.conversation)
        if output.verdict == "reject" { state.failed = true }
        if let stream = input.stream { streams[stream] = state }
        return output
    }
}

func verdict(_ input: Input, _ bytes: Data, _ conversation: inout Conversation) -> Output {
    do {
        switch input.direction {
        case "message":
            _ = try AgentWireDecoder.decodeSessionMessage(data: bytes)
            return .accept(input.id)
        case "request":
            guard let sent = try? JSONDecoder().decode(PendingInput.self, from: bytes), let request = pending(sent) else {
                return .reject(input.id, "harness_input")
            }
            conversation.sent(request)
            return .accept(input.id)
        case "response":
            guard case .response(let head, _) = try conversation.response(bytes) else { return .reject(input.id, "harness_error") }
            return .accept(input.id, result: head.error == nil ? "success" : "error")
        case "event":
            _ = try conversation.event(bytes)
            return .accept(input.id)
        default:
            return .reject(input.id, "harness_input")
        }
    } catch {
        return .reject(input.id, (error as? ProtocolViolation)?.category.rawValue ?? "harness_error")
    }
}

let encoder = JSONEncoder()
var harness = Harness()
while let line = readLine(strippingNewline: true) {
    if line.allSatisfy(\.isWhitespace) { continue }
    var out = (try? encoder.encode(harness.judge(line))) ?? Data("{\"id\":\"\",\"verdict\":\"reject\",\"reason\":\"harness_error\"}".utf8)
    out.append(0x0A)
    FileHandle.standardOutput.write(out)
}
