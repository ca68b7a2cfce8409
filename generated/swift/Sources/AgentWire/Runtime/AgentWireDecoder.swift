// Hand-written runtime: the consumer decoder entry points. Each first enforces the record-level
// JSON profile (size, depth, items, fields, string bytes, duplicate members, UTF-8) over the
// whole record, unknown members included, then decodes strictly with the generated types. Every
// failure is a `ProtocolViolation` with its rule's category.

import Foundation

/// The kind of a wire record.
public enum RecordKind: String, Sendable {
    case request
    case response
    case event
}

public enum AgentWireDecoder {
    private struct Head: Decodable {
        let kind: String
    }

    private struct VersionHead: Decodable {
        let protocolVersion: UInt16

        private enum CodingKeys: String, CodingKey {
            case protocolVersion = "protocol_version"
        }
    }

    /// Run one decoding step, turning whatever it throws into a categorised violation.
    static func classified<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw ProtocolViolation.classify(error)
        }
    }

    /// The record's kind; an unknown kind is an error (it invalidates the stream).
    public static func recordKind(data: Data, limits: ProfileLimits = .protocolDefaults) throws -> RecordKind {
        try classified { try JSONProfile.check(data, limits: limits) }
        let head = try classified { try JSONDecoder().decode(Head.self, from: data) }
        guard let kind = RecordKind(rawValue: head.kind) else {
            throw ProtocolViolation(.unknownKind, "unknown record kind \(head.kind)", at: "$.kind")
        }
        return kind
    }

    /// A response whose success payload is `payload`.
    public static func decodeResponse<P: Codable & Sendable>(
        data: Data, payload: P.Type, limits: ProfileLimits = .protocolDefaults
    ) throws -> ResponseEnvelope<P> {
        try classified { try JSONProfile.check(data, limits: limits) }
        try checkVersion(try classified { try JSONDecoder().decode(VersionHead.self, from: data) }.protocolVersion)
        return try classified { try JSONDecoder().decode(ResponseEnvelope<P>.self, from: data) }
    }

    /// A response to an operation.
    public static func decodeResponse<O: AgentWireOperation>(
        data: Data, for operation: O.Type, limits: ProfileLimits = .protocolDefaults
    ) throws -> ResponseEnvelope<O.Response> {
        try decodeResponse(data: data, payload: O.Response.self, limits: limits)
    }

    /// A response with its payload left as JSON, for routing by request ID.
    public static func decodeResponse(data: Data, limits: ProfileLimits = .protocolDefaults) throws -> ResponseEnvelope<JSONValue> {
        try decodeResponse(data: data, payload: JSONValue.self, limits: limits)
    }

    /// An event: its name must be known, its correlation must match its declaration.
    public static func decodeEvent(data: Data, limits: ProfileLimits = .protocolDefaults) throws -> ServerEvent {
        try classified { try JSONProfile.check(data, limits: limits) }
        try checkVersion(try classified { try JSONDecoder().decode(VersionHead.self, from: data) }.protocolVersion)
        let event = try classified { try JSONDecoder().decode(ServerEvent.self, from: data) }
        // "validate ... payload identities against the attached session": a payload that names a
        // session must name the envelope's.
        if let named = event.payloadSessionID, named != event.correlation.sessionID?.value {
            throw ProtocolViolation(.correlation, "payload session \(named) is not the envelope's", at: "$.payload.session_id")
        }
        return event
    }

    /// One transcript line of the session message stream.
    public static func decodeSessionMessage(data: Data, limits: ProfileLimits = .transcriptDefaults) throws -> TranscriptMessage {
        try classified { try JSONProfile.check(data, limits: limits) }
        return try classified { try JSONDecoder().decode(TranscriptMessage.self, from: data) }
    }

    static func checkVersion(_ version: UInt16) throws {
        guard version == ProtocolInfo.version else {
            throw ProtocolViolation(.unsupportedVersion, "wire version \(version) is not \(ProtocolInfo.version)", at: "$.protocol_version")
        }
    }
}
