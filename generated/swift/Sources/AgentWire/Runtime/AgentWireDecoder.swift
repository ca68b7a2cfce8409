// Hand-written runtime: the consumer decoder entry points. Each first enforces the record-level
// JSON profile (size, depth, items, fields, string bytes, duplicate members, UTF-8) over the
// whole record, unknown members included, then decodes strictly with the generated types.

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

    /// The record's kind; an unknown kind is an error (it invalidates the stream).
    public static func recordKind(data: Data, limits: ProfileLimits = .protocolDefaults) throws -> RecordKind {
        try JSONProfile.check(data, limits: limits)
        let head = try JSONDecoder().decode(Head.self, from: data)
        guard let kind = RecordKind(rawValue: head.kind) else {
            throw SchemaViolation(path: "$.kind", reason: "unknown record kind")
        }
        return kind
    }

    /// A response whose success payload is `payload`.
    public static func decodeResponse<P: Codable & Sendable>(
        data: Data, payload: P.Type, limits: ProfileLimits = .protocolDefaults
    ) throws -> ResponseEnvelope<P> {
        try JSONProfile.check(data, limits: limits)
        let response = try JSONDecoder().decode(ResponseEnvelope<P>.self, from: data)
        try checkVersion(response.protocolVersion)
        return response
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
        try JSONProfile.check(data, limits: limits)
        try checkVersion(try JSONDecoder().decode(VersionHead.self, from: data).protocolVersion)
        return try JSONDecoder().decode(ServerEvent.self, from: data)
    }

    /// One transcript line of the session message stream.
    public static func decodeSessionMessage(data: Data, limits: ProfileLimits = .transcriptDefaults) throws -> TranscriptMessage {
        try JSONProfile.check(data, limits: limits)
        return try JSONDecoder().decode(TranscriptMessage.self, from: data)
    }

    static func checkVersion(_ version: UInt16) throws {
        guard version == ProtocolInfo.version else {
            throw SchemaViolation(path: "$.protocol_version", reason: "wire version \(version) is not \(ProtocolInfo.version)")
        }
    }
}
