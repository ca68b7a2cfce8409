// Hand-written runtime: the one error a consumer decoder throws, with the rule's category (the
// conformance vectors' reason names), so an app can tell a framing fault from a payload fault.

import Foundation

/// Which consumer rule a received record broke.
public enum ViolationCategory: String, Sendable, CaseIterable {
    case recordTooLarge = "record_too_large"
    /// Not UTF-8 I-JSON: syntax, a lone surrogate, a noncharacter, a duplicate member.
    case invalidJSON = "invalid_json"
    /// Depth, item, field or string-length limit.
    case limit
    case unknownKind = "unknown_kind"
    case envelope
    case unsupportedVersion = "unsupported_version"
    case unknownEvent = "unknown_event"
    /// Not exactly one of payload and error.
    case resultShape = "result_shape"
    case correlation
    case payload
    case advertisement
    case sequence
}

/// A received record that breaks a consumer rule; the stream it came from can no longer be
/// trusted.
public struct ProtocolViolation: Error, Equatable, Sendable, CustomStringConvertible {
    public let category: ViolationCategory
    public let detail: String
    /// The JSON path (`$.payload.turn_id`) where known.
    public let path: String?

    public init(_ category: ViolationCategory, _ detail: String, at path: String? = nil) {
        self.category = category
        self.detail = detail
        self.path = path
    }

    public var description: String {
        "\(category.rawValue): \(path.map { "\($0): " } ?? "")\(detail)"
    }

    /// The category of any error a decoding step threw.
    static func classify(_ error: Error) -> ProtocolViolation {
        switch error {
        case let v as ProtocolViolation:
            return v
        case let p as ProfileViolation:
            return ProtocolViolation(p.category, "\(p)")
        case let s as SchemaViolation:
            return ProtocolViolation(Self.section(s.path), s.reason, at: s.path)
        case let d as DecodingError:
            let path = pathString(Self.codingPath(d))
            return ProtocolViolation(Self.section(path), Self.describe(d), at: path)
        default:
            return ProtocolViolation(.envelope, "\(error)")
        }
    }

    /// Faults inside the payload are payload faults; everything else is the envelope's.
    private static func section(_ path: String) -> ViolationCategory {
        path.hasPrefix("$.payload") ? .payload : .envelope
    }

    private static func codingPath(_ error: DecodingError) -> [CodingKey] {
        switch error {
        case .keyNotFound(let key, let context): return context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): return context.codingPath
        @unknown default: return []
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "required member \(key.stringValue) is absent"
        case .typeMismatch(let type, _): return "not a value of type \(type)"
        case .valueNotFound(let type, _): return "null is not a value of type \(type)"
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return "undecodable"
        }
    }
}

extension ProfileViolation {
    var category: ViolationCategory {
        switch self {
        case .recordTooLarge: return .recordTooLarge
        case .invalidJSON, .duplicateMember: return .invalidJSON
        case .tooDeep, .tooManyItems, .tooManyFields, .stringTooLong: return .limit
        }
    }
}
