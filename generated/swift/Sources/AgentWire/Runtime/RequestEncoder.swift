// Hand-written runtime: strict request encoding. A request the service would reject never
// leaves the client: the envelope slots follow the operation's rules, the payload re-decodes
// with its own strict generated type (every bound and charset), and the framed record fits
// `max_record_bytes` (an oversized frame makes the server close the connection).

import Foundation

/// Why a request was refused before sending.
public enum RequestRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// An envelope slot is set where the operation needs null, or null where it needs a value.
    case slot(method: String, slot: String, rule: SlotRule)
    /// The payload breaks its type's rules; the service would answer `invalid_request`.
    case payload(String)
    /// The framed record (newline included) exceeds `max_record_bytes`.
    case recordTooLarge(bytes: Int, limit: Int)
    /// The payload's compact JSON exceeds `max_payload_bytes`; the service would answer
    /// `payload_too_large`.
    case payloadTooLarge(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .slot(let method, let slot, .required): return "\(method) requires \(slot)"
        case .slot(let method, let slot, .mustBeNull): return "\(method) requires \(slot) to be null"
        case .payload(let reason): return "invalid payload: \(reason)"
        case .recordTooLarge(let bytes, let limit): return "request record of \(bytes) bytes exceeds max_record_bytes \(limit)"
        case .payloadTooLarge(let bytes, let limit): return "request payload of \(bytes) bytes exceeds max_payload_bytes \(limit)"
        }
    }
}

/// The identities an initialized connection carries in every request.
public struct ConnectionIdentity: Hashable, Sendable {
    public let instanceID: OpaqueID
    public let connectionID: OpaqueID

    public init(instanceID: OpaqueID, connectionID: OpaqueID) {
        self.instanceID = instanceID
        self.connectionID = connectionID
    }
}

public enum RequestEncoder {
    /// One framed request record (with its newline) for `operation`, within `maxRecordBytes` and
    /// `maxPayloadBytes` (a client passes the smaller of its own and the service's advertised
    /// bounds: "For requests ..., use the smaller of the applicable server and local limits").
    public static func encode<O: AgentWireOperation>(
        _ operation: O.Type, _ payload: O.Request, requestID: OpaqueID, connection: ConnectionIdentity?,
        sessionID: SessionID? = nil, control: Control? = nil, operationID: OpaqueID? = nil,
        maxRecordBytes: Int = Int(Limits.maxRecordBytes), maxPayloadBytes: Int = Int(Limits.maxPayloadBytes)
    ) throws -> Data {
        try slot(O.sessionID, isSet: sessionID != nil, "session_id", O.method)
        try slot(O.control, isSet: control != nil, "control", O.method)
        // Mutations carry an operation ID; reads carry null.
        try slot(O.isMutation ? .required : .mustBeNull, isSet: operationID != nil, "operation_id", O.method)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body: Data
        do {
            body = try encoder.encode(payload)
            _ = try JSONDecoder().decode(O.Request.self, from: body)
        } catch {
            throw RequestRefusal.payload("\(ProtocolViolation.classify(error).path ?? "$"): \(error)")
        }
        // The encoder writes compact JSON, so its byte count is the payload's size on the wire.
        guard body.count <= maxPayloadBytes else {
            throw RequestRefusal.payloadTooLarge(bytes: body.count, limit: maxPayloadBytes)
        }
        // The envelope slot is an opaque ID; a session ID always is one.
        let envelopeSession = try sessionID.map { try OpaqueID($0.value) }
        let envelope = RequestEnvelope(
            protocolVersion: ProtocolInfo.version, requestID: requestID, instanceID: connection?.instanceID,
            connectionID: connection?.connectionID, sessionID: envelopeSession, operationID: operationID,
            control: control, method: try Name(O.method), payload: payload)
        var line = try encoder.encode(envelope)
        line.append(0x0A)
        guard line.count <= maxRecordBytes else {
            throw RequestRefusal.recordTooLarge(bytes: line.count, limit: maxRecordBytes)
        }
        return line
    }

    private static func slot(_ rule: SlotRule, isSet: Bool, _ name: String, _ method: String) throws {
        switch (rule, isSet) {
        case (.required, false), (.mustBeNull, true):
            throw RequestRefusal.slot(method: method, slot: name, rule: rule)
        default:
            return
        }
    }
}
