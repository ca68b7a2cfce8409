// Hand-written runtime: the free-form JSON value of `json` / `json_object` fields (tool
// arguments). The record's structural limits are enforced before decoding by JSONProfile.

import Foundation

/// Any JSON value.
public enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        // Booleans first: some decoders would read `true` as the number 1.
        if c.decodeNil() {
            self = .null
        } else if let value = try? c.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? c.decode(Double.self) {
            self = .number(value)
        } else if let value = try? c.decode(String.self) {
            self = .string(value)
        } else if let value = try? c.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null:
            try c.encodeNil()
        case .bool(let value):
            try c.encode(value)
        case .number(let value):
            try c.encode(value)
        case .string(let value):
            try c.encode(value)
        case .array(let value):
            try c.encode(value)
        case .object(let value):
            try c.encode(value)
        }
    }
}

/// A JSON object.
public typealias JSONObject = [String: JSONValue]
