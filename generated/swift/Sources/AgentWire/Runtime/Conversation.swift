// Hand-written runtime: the consumer rules that need a connection's history, on top of the
// stateless decoders: responses correlate to a pending request and echo its slots, initialize
// and capabilities results pass the advertisement preflight, events belong to this connection
// and to the turn or login their operation started, per-turn sequences strictly increase and
// nothing follows a terminal. The socket client and the conformance harness share it.

import Foundation

/// A request this consumer sent and has no response to yet.
public struct PendingRequest: Hashable, Sendable {
    public var method: String
    public var requestID: String?
    public var sessionID: String?
    public var operationID: String?

    public init(method: String, requestID: String?, sessionID: String?, operationID: String?) {
        self.method = method
        self.requestID = requestID
        self.sessionID = sessionID
        self.operationID = operationID
    }
}

/// A record a conversation accepted.
public enum Received: Sendable {
    /// A response (its payload as JSON; decode it typed with the request's operation) and the
    /// request it settles (nil for an error to a record the service could not read).
    case response(ResponseEnvelope<JSONValue>, settles: PendingRequest?)
    case event(ServerEvent)
}

/// One connection's consumer state.
public struct Conversation: Sendable {
    /// The connection's identities once initialized; nil before (then only an initialize
    /// success may name them, and it is preflighted).
    public var instanceID: String?
    public var connectionID: String?
    public var limits: ProfileLimits
    private var pending: [String: PendingRequest] = [:]
    /// Turn or login each operation started.
    private var started: [String: String] = [:]
    /// Last sequence of each running turn.
    private var turns: [String: UInt64] = [:]
    private var settled: Set<String> = []

    public init(instanceID: String? = nil, connectionID: String? = nil, limits: ProfileLimits = .protocolDefaults) {
        self.instanceID = instanceID
        self.connectionID = connectionID
        self.limits = limits
    }

    /// Record a request as sent.
    public mutating func sent(_ request: PendingRequest) {
        pending[request.requestID ?? ""] = request
    }

    /// Judge one received record (response or event).
    public mutating func received(_ data: Data) throws -> Received {
        switch try AgentWireDecoder.recordKind(data: data, limits: limits) {
        case .response:
            return try response(data)
        case .event:
            return .event(try event(data))
        case .request:
            throw ProtocolViolation(.unknownKind, "a consumer never receives a request record", at: "$.kind")
        }
    }

    /// Judge a response.
    public mutating func response(_ data: Data) throws -> Received {
        let head = try AgentWireDecoder.decodeResponse(data: data, limits: limits)
        let isError = head.error != nil
        guard let requestID = head.requestID?.value else {
            // An error to a record the service could not decode: valid, but it settles nothing.
            guard isError else { throw ProtocolViolation(.correlation, "a success must name its request", at: "$.request_id") }
            return .response(head, settles: nil)
        }
        guard let request = pending.removeValue(forKey: requestID) else {
            throw ProtocolViolation(.correlation, "response to no pending request \(requestID)", at: "$.request_id")
        }
        // The payload decodes with the request's own operation type.
        if let operation = Operations.named(request.method) {
            try Self.decodePayload(operation, data, limits)
        }
        try Self.echoes(head, request, isError: isError)
        let beforeInit = instanceID == nil
        try identities(head, isError: isError, beforeInit: beforeInit)
        if !isError {
            try settle(request, data: data, beforeInit: beforeInit)
        }
        return .response(head, settles: request)
    }

    private static func decodePayload<O: AgentWireOperation>(_ operation: O.Type, _ data: Data, _ limits: ProfileLimits) throws {
        _ = try AgentWireDecoder.decodeResponse(data: data, for: operation, limits: limits)
    }

    /// An echoed slot must equal the request's; an error may leave it null.
    private static func echoes(_ head: ResponseEnvelope<JSONValue>, _ request: PendingRequest, isError: Bool) throws {
        func echo(_ got: OpaqueID?, _ want: String?) -> Bool {
            got?.value == want || (isError && got == nil)
        }
        guard echo(head.sessionID, request.sessionID) else {
            throw ProtocolViolation(.correlation, "session_id does not echo the request", at: "$.session_id")
        }
        guard echo(head.operationID, request.operationID) else {
            throw ProtocolViolation(.correlation, "operation_id does not echo the request", at: "$.operation_id")
        }
    }

    private func identities(_ head: ResponseEnvelope<JSONValue>, isError: Bool, beforeInit: Bool) throws {
        if beforeInit {
            // Only initialize's success may name the identities it establishes.
            func named(_ member: String, _ got: OpaqueID?) -> Bool {
                guard let got else { return true }
                guard !isError, case .object(let payload)? = head.payload, case .string(let value)? = payload[member] else { return false }
                return value == got.value
            }
            guard named("instance_id", head.instanceID), named("connection_id", head.connectionID) else {
                throw ProtocolViolation(.correlation, "identities named before initialize")
            }
        } else {
            func echo(_ got: OpaqueID?, _ want: String?) -> Bool {
                got?.value == want || (isError && got == nil)
            }
            guard echo(head.instanceID, instanceID), echo(head.connectionID, connectionID) else {
                throw ProtocolViolation(.correlation, "response for another instance or connection")
            }
        }
    }

    /// What a success starts or establishes.
    private mutating func settle(_ request: PendingRequest, data: Data, beforeInit: Bool) throws {
        switch request.method {
        case Operations.Initialize.method where beforeInit:
            let result = try AgentWireDecoder.decodeResponse(data: data, for: Operations.Initialize.self, limits: limits)
            if let payload = result.payload { try Advertisement.check(initialize: payload) }
        case Operations.Capabilities.method:
            let result = try AgentWireDecoder.decodeResponse(data: data, for: Operations.Capabilities.self, limits: limits)
            if let payload = result.payload { try Advertisement.check(capabilities: payload) }
        case Operations.TurnStart.method:
            let result = try AgentWireDecoder.decodeResponse(data: data, for: Operations.TurnStart.self, limits: limits)
            if let op = request.operationID, let turn = result.payload?.turnID.value { started[op] = turn }
        case Operations.AuthLoginStart.method:
            let result = try AgentWireDecoder.decodeResponse(data: data, for: Operations.AuthLoginStart.self, limits: limits)
            if let op = request.operationID, let login = result.payload?.loginID.value { started[op] = login }
        case Operations.SessionClaim.method:
            let result = try AgentWireDecoder.decodeResponse(data: data, for: Operations.SessionClaim.self, limits: limits)
            if let turn = result.payload?.snapshot.turn { turns[turn.turnID.value] = turn.sequence }
        default:
            break
        }
    }

    /// Judge an event.
    public mutating func event(_ data: Data) throws -> ServerEvent {
        let event = try AgentWireDecoder.decodeEvent(data: data, limits: limits)
        let c = event.correlation
        guard let instanceID, c.instanceID.value == instanceID, c.connectionID.value == connectionID else {
            throw ProtocolViolation(.correlation, "event for another instance or connection")
        }
        let subject = event.subjectID
        if let op = c.operationID?.value, let subject, let owner = started[op], owner != subject {
            throw ProtocolViolation(.correlation, "event of operation \(op) names another turn or login")
        }
        if let subject {
            guard !settled.contains(subject) else {
                throw ProtocolViolation(.sequence, "event after the terminal of \(subject)")
            }
            if let (_, sequence) = event.turnSequence {
                if let last = turns[subject], sequence <= last {
                    throw ProtocolViolation(.sequence, "sequence \(sequence) does not follow \(last) in turn \(subject)")
                }
                turns[subject] = sequence
            }
            if event.isTerminal {
                turns.removeValue(forKey: subject)
                settled.insert(subject)
            }
        }
        return event
    }
}

/// The advertisement checks of an `initialize` or `capabilities` result: wire 2 selected and
/// advertised, the spec's transports advertised, every advertised event known, and
/// initialize's two limit maps equal on every declared limit.
public enum Advertisement {
    public static func check(capabilities caps: Capabilities) throws {
        guard caps.protocolVersions.contains(ProtocolInfo.version) else {
            throw ProtocolViolation(.advertisement, "wire version \(ProtocolInfo.version) is not advertised")
        }
        for transport in ProtocolInfo.transports where !caps.transports.contains(where: { $0.rawValue == transport }) {
            throw ProtocolViolation(.advertisement, "transport \(transport) is not advertised")
        }
        // The entire advertised event set must be known, even if every operation exists.
        for event in caps.events where !ProtocolInfo.events.contains(event.value) {
            throw ProtocolViolation(.advertisement, "unknown advertised event \(event.value)")
        }
    }

    public static func check(initialize result: InitializeResponse) throws {
        guard result.protocolVersion == ProtocolInfo.version else {
            throw ProtocolViolation(.advertisement, "selected wire version \(result.protocolVersion)")
        }
        try check(capabilities: result.capabilities)
        for name in Limits.all.keys where result.limits[name] != result.capabilities.limits[name] {
            throw ProtocolViolation(.advertisement, "initialize's two limit maps differ on \(name)")
        }
    }
}
