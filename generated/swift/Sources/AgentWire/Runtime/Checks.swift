// Hand-written runtime used by Generated/Protocol.swift: the schema violation error, bound checks that
// count UTF-8 bytes, ASCII charsets, RFC 3339 syntax, and decoding helpers that keep the four
// presence facts apart (absent is never null).

import Foundation

/// A value that does not satisfy its type: where, and why.
public struct SchemaViolation: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        "\(path): \(reason)"
    }
}

/// A set of ASCII bytes as two 64-bit masks (bit `b` of `low`, or bit `b - 64` of `high`).
public struct ASCIISet: Hashable, Sendable {
    public let low: UInt64
    public let high: UInt64

    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    public func contains(_ byte: UInt8) -> Bool {
        if byte < 64 {
            return (low >> UInt64(byte)) & 1 == 1
        }
        if byte < 128 {
            return (high >> UInt64(byte - 64)) & 1 == 1
        }
        return false
    }
}

/// The checks generated decoders call after decoding a value. Paths are autoclosures: they are
/// only built for an error.
public enum Check {
    /// UTF-8 byte bounds, then charset, RFC 3339 syntax and blankness.
    public static func string(
        _ value: String, minBytes: Int, maxBytes: Int, charset: ASCIISet? = nil,
        rfc3339: Bool = false, nonBlank: Bool = false, at path: @autoclosure () -> String
    ) throws {
        let bytes = value.utf8.count
        guard bytes >= minBytes && bytes <= maxBytes else {
            throw SchemaViolation(path: path(), reason: "\(bytes) UTF-8 bytes is outside \(minBytes)...\(maxBytes)")
        }
        if let charset = charset, !value.utf8.allSatisfy({ charset.contains($0) }) {
            throw SchemaViolation(path: path(), reason: "character outside the allowed charset")
        }
        if rfc3339 && !RFC3339.isValid(value) {
            throw SchemaViolation(path: path(), reason: "not an RFC 3339 date-time")
        }
        // Whitespace is Unicode White_Space, as the server trims it.
        if nonBlank && value.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw SchemaViolation(path: path(), reason: "must contain a non-whitespace character")
        }
    }

    public static func range<T: BinaryInteger>(_ value: T, min: UInt64, max: UInt64, at path: @autoclosure () -> String) throws {
        let v = UInt64(truncatingIfNeeded: value)
        guard value >= 0 && v >= min && v <= max else {
            throw SchemaViolation(path: path(), reason: "\(value) is outside \(min)...\(max)")
        }
    }

    public static func count(_ count: Int, min: Int, max: Int, at path: @autoclosure () -> String) throws {
        guard count >= min && count <= max else {
            throw SchemaViolation(path: path(), reason: "\(count) items is outside \(min)...\(max)")
        }
    }

    public static func constant<T: Equatable>(_ value: T, _ expected: T, at path: @autoclosure () -> String) throws {
        guard value == expected else {
            throw SchemaViolation(path: path(), reason: "must be \(expected)")
        }
    }

    public static func atLeastOne(of names: [String], present: [Bool], at path: @autoclosure () -> String) throws {
        guard present.contains(true) else {
            throw SchemaViolation(path: path(), reason: "needs at least one of \(names.joined(separator: ", "))")
        }
    }

    /// An event identity must be set or null exactly as the event declares.
    public static func correlation<T>(_ value: T?, set: Bool, at path: @autoclosure () -> String) throws {
        if set && value == nil {
            throw SchemaViolation(path: path(), reason: "must be set for this event")
        }
        if !set && value != nil {
            throw SchemaViolation(path: path(), reason: "must be null for this event")
        }
    }
}

/// RFC 3339 `date-time` syntax (section 5.6), mirroring the generator's own check.
public enum RFC3339 {
    public static func isValid(_ text: String) -> Bool {
        let b = Array(text.utf8)
        func digits(_ from: Int, _ to: Int) -> Bool {
            to <= b.count && b[from..<to].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        func number(_ from: Int, _ to: Int) -> Int {
            b[from..<to].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard b.count >= 20, digits(0, 4), b[4] == 0x2D, digits(5, 7), b[7] == 0x2D, digits(8, 10) else { return false }
        guard [0x54, 0x74, 0x20].contains(b[10]), digits(11, 13), b[13] == 0x3A, digits(14, 16), b[16] == 0x3A, digits(17, 19) else {
            return false
        }
        guard (1...12).contains(number(5, 7)), (1...31).contains(number(8, 10)), number(11, 13) <= 23,
              number(14, 16) <= 59, number(17, 19) <= 60 else { return false }
        var i = 19
        if b[i] == 0x2E {
            i += 1
            let start = i
            while i < b.count && b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
            if i == start { return false }
        }
        let rest = b.count - i
        if rest == 1 { return b[i] == 0x5A || b[i] == 0x7A }
        guard rest == 6, b[i] == 0x2B || b[i] == 0x2D, digits(i + 1, i + 3), b[i + 3] == 0x3A, digits(i + 4, i + 6) else { return false }
        return number(i + 1, i + 3) <= 23 && number(i + 4, i + 6) <= 59
    }
}

/// A named string type (validated wrapper or closed enum) that decodes from the JSON string in
/// its parent's container. Foundation's JSONDecoder gives every nested `Decodable` value a decoder
/// of its own, with dynamic type checks, which costs more than reading the string; the container
/// overloads below read the string in place and run the same validation with the same path.
public protocol WireString: Decodable {
    /// Validates `value` as this type, reporting a violation at `path`.
    init(wire value: String, at path: @autoclosure () -> String) throws
}

/// A coding key for containers whose keys are not known in advance (empty objects, maps).
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public let stringValue: String
    public let intValue: Int?

    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// `$.a.b[2]` from a coding path.
func pathString(_ path: [CodingKey]) -> String {
    "$" + path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
}

extension Decoder {
    /// The JSON path of the value being decoded, for errors.
    var path: String {
        pathString(codingPath)
    }
}

extension KeyedDecodingContainer {
    /// The JSON path of a member, for errors.
    func path(_ key: Key) -> String {
        pathString(codingPath + [key as CodingKey])
    }

    // Presence is read with one lookup when the member has a value (decodeIfPresent), the common
    // case; only a member without a value is looked up again to tell absent from null.

    /// Required and nullable: the member must be present; `null` decodes to nil.
    func decodeRequiredNullable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try requiredNullable(member(T.self, key), key)
    }

    /// Optional and not nullable: absent decodes to nil; `null` is invalid.
    func decodeOptionalNonNull<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try optionalNonNull(member(T.self, key), key)
    }

    /// Defaulted and not nullable: absent means the default; `null` is invalid.
    func decodeDefaulted<T: Decodable>(_ type: T.Type, forKey key: Key, default value: T) throws -> T {
        try defaulted(member(T.self, key), key, value)
    }

    /// Defaulted and nullable: absent means the default; `null` decodes to nil.
    func decodeDefaultedNullable<T: Decodable>(_ type: T.Type, forKey key: Key, default value: T?) throws -> T? {
        try defaultedNullable(member(T.self, key), key, value)
    }

    // The same decodes for `WireString` types: Swift picks these more constrained overloads for
    // named string types, so generated code reads the same for every type.

    /// Required, not nullable: the string of the member, validated as `T`.
    func decode<T: WireString>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(wire: decode(String.self, forKey: key), at: path(key))
    }

    func decodeRequiredNullable<T: WireString>(_ type: T.Type, forKey key: Key) throws -> T? {
        try requiredNullable(member(T.self, key), key)
    }

    func decodeOptionalNonNull<T: WireString>(_ type: T.Type, forKey key: Key) throws -> T? {
        try optionalNonNull(member(T.self, key), key)
    }

    func decodeDefaulted<T: WireString>(_ type: T.Type, forKey key: Key, default value: T) throws -> T {
        try defaulted(member(T.self, key), key, value)
    }

    func decodeDefaultedNullable<T: WireString>(_ type: T.Type, forKey key: Key, default value: T?) throws -> T? {
        try defaultedNullable(member(T.self, key), key, value)
    }

    // MARK: The four presence rules, once

    private func member<T: Decodable>(_ type: T.Type, _ key: Key) throws -> Member<T> {
        if let value = try decodeIfPresent(T.self, forKey: key) { return .value(value) }
        return contains(key) ? .null : .absent
    }

    private func member<T: WireString>(_ type: T.Type, _ key: Key) throws -> Member<T> {
        if let raw = try decodeIfPresent(String.self, forKey: key) { return .value(try T(wire: raw, at: path(key))) }
        return contains(key) ? .null : .absent
    }

    private func requiredNullable<T>(_ member: Member<T>, _ key: Key) throws -> T? {
        switch member {
        case .value(let value): return value
        case .null: return nil
        case .absent: throw SchemaViolation(path: path(key), reason: "required member is absent (null must be written)")
        }
    }

    private func optionalNonNull<T>(_ member: Member<T>, _ key: Key) throws -> T? {
        switch member {
        case .value(let value): return value
        case .null: throw SchemaViolation(path: path(key), reason: "null is not a value of this member")
        case .absent: return nil
        }
    }

    private func defaulted<T>(_ member: Member<T>, _ key: Key, _ fallback: T) throws -> T {
        switch member {
        case .value(let value): return value
        case .null: throw SchemaViolation(path: path(key), reason: "null is not a value of this member")
        case .absent: return fallback
        }
    }

    private func defaultedNullable<T>(_ member: Member<T>, _ key: Key, _ fallback: T?) throws -> T? {
        switch member {
        case .value(let value): return value
        case .null: return nil
        case .absent: return fallback
        }
    }
}

/// What a member holds: a value, `null`, or nothing (absent is never null).
private enum Member<T> {
    case value(T)
    case null
    case absent
}
