// Hand-written runtime: the record-level JSON profile of docs/decoding.md, enforced by a small
// scanner before any typed decoding. Foundation's JSONDecoder silently keeps the last of
// duplicate members and has no depth, item, field or byte limits, so a record is scanned once
// here and rejected whole if anything anywhere (unknown members included) breaks the profile.

import Foundation

/// The structural limits a record must respect.
public struct ProfileLimits: Hashable, Sendable {
    /// Bytes of the record including its newline; nil for unframed documents (transcript lines).
    public var maxRecordBytes: Int?
    /// Deepest container nesting; the top-level container is depth 1.
    public var maxDepth: Int
    public var maxArrayItems: Int
    public var maxObjectFields: Int
    /// UTF-8 bytes of one decoded string value or member name.
    public var maxStringBytes: Int

    public init(maxRecordBytes: Int?, maxDepth: Int, maxArrayItems: Int, maxObjectFields: Int, maxStringBytes: Int) {
        self.maxRecordBytes = maxRecordBytes
        self.maxDepth = maxDepth
        self.maxArrayItems = maxArrayItems
        self.maxObjectFields = maxObjectFields
        self.maxStringBytes = maxStringBytes
    }

    /// The spec's general limits.
    public static let protocolDefaults = ProfileLimits(
        maxRecordBytes: Int(Limits.maxRecordBytes), maxDepth: Int(Limits.maxJSONDepth),
        maxArrayItems: Int(Limits.maxArrayItems), maxObjectFields: Int(Limits.maxObjectFields),
        maxStringBytes: Int(Limits.maxStringBytes))

    /// The general limits without a record size, for transcript lines.
    public static let transcriptDefaults = ProfileLimits(
        maxRecordBytes: nil, maxDepth: Int(Limits.maxJSONDepth),
        maxArrayItems: Int(Limits.maxArrayItems), maxObjectFields: Int(Limits.maxObjectFields),
        maxStringBytes: Int(Limits.maxStringBytes))

    /// This profile's own bound of an advertised limit, where it narrows one (nil otherwise), so
    /// preflight can walk the generated `Limits.outputBounds` instead of a hand-kept list.
    public func bound(forLimit name: String) -> Int? {
        switch name {
        case Limits.Name.maxRecordBytes: return maxRecordBytes
        case Limits.Name.maxJSONDepth: return maxDepth
        case Limits.Name.maxArrayItems: return maxArrayItems
        case Limits.Name.maxObjectFields: return maxObjectFields
        case Limits.Name.maxStringBytes: return maxStringBytes
        default: return nil
        }
    }
}

/// Why a record breaks the JSON profile; `offset` is a byte offset into the record.
public enum ProfileViolation: Error, Equatable, Sendable {
    case recordTooLarge(bytes: Int)
    /// Not UTF-8 I-JSON: a syntax error, a lone surrogate, or more than one value.
    case invalidJSON(offset: Int, reason: String)
    case duplicateMember(offset: Int)
    case tooDeep(offset: Int)
    case tooManyItems(offset: Int)
    case tooManyFields(offset: Int)
    case stringTooLong(offset: Int)
}

public enum JSONProfile {
    /// Check one record (with or without its trailing newline) against the profile.
    public static func check(_ data: Data, limits: ProfileLimits = .protocolDefaults) throws {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let all = raw.bindMemory(to: UInt8.self)
            let end = all.last == 0x0A ? all.count - 1 : all.count
            // The record's size counts its newline.
            if let max = limits.maxRecordBytes, end + 1 > max {
                throw ProfileViolation.recordTooLarge(bytes: end + 1)
            }
            var scanner = ProfileScanner(bytes: UnsafeBufferPointer(rebasing: all[0..<end]), limits: limits)
            try scanner.document()
        }
    }
}

/// A recursive-descent scanner over RFC 8259 JSON that keeps only what the limits need. It
/// reads the record in place and allocates only for escaped member names.
struct ProfileScanner {
    /// A member name of an open object: a byte range of the record, or of `escapedNames` (its
    /// decoded bytes) when it was escaped. Plain values, so the name stack costs no reference
    /// counting.
    private struct MemberName {
        let start: Int
        let count: Int
        let escaped: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let limits: ProfileLimits
    var i = 0
    /// Names of every open object, innermost last (one stack, not a set per object).
    private var names: [MemberName] = []
    /// Decoded bytes of the escaped names in `names`, in the same order.
    private var escapedNames: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, limits: ProfileLimits) {
        self.bytes = bytes
        self.limits = limits
        names.reserveCapacity(32)
    }

    private func invalid(_ reason: String) -> ProfileViolation {
        .invalidJSON(offset: i, reason: reason)
    }

    mutating func document() throws {
        skipWhitespace()
        try value(depth: 0)
        skipWhitespace()
        guard i == bytes.count else { throw invalid("more than one JSON value") }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D:
                i += 1
            default:
                return
            }
        }
    }

    @inline(__always)
    private func peek() throws -> UInt8 {
        guard i < bytes.count else { throw invalid("unexpected end of record") }
        return bytes[i]
    }

    /// A value inside a container at `depth` (0 for the top level).
    private mutating func value(depth: Int) throws {
        switch try peek() {
        case 0x7B:
            try object(depth: depth + 1)
        case 0x5B:
            try array(depth: depth + 1)
        case 0x22:
            _ = try string()
        case 0x74:
            try literal("true")
        case 0x66:
            try literal("false")
        case 0x6E:
            try literal("null")
        case 0x2D, 0x30...0x39:
            try number()
        default:
            throw invalid("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw invalid("invalid literal") }
        let w = word.utf8Start
        for k in 0..<n where bytes[i + k] != w[k] {
            throw invalid("invalid literal")
        }
        i += n
    }

    private func same(_ a: MemberName, _ b: MemberName) -> Bool {
        guard a.count == b.count else { return false }
        return escapedNames.withUnsafeBufferPointer { escaped in
            func start(_ n: MemberName) -> UnsafePointer<UInt8>? {
                (n.escaped ? escaped.baseAddress : bytes.baseAddress).map { $0 + n.start }
            }
            guard a.count > 0, let x = start(a), let y = start(b) else { return true }
            return memcmp(x, y, a.count) == 0
        }
    }

    private mutating func object(depth: Int) throws {
        guard depth <= limits.maxDepth else { throw ProfileViolation.tooDeep(offset: i) }
        i += 1
        let first = names.count, firstEscaped = escapedNames.count
        defer {
            names.removeSubrange(first...)
            escapedNames.removeSubrange(firstEscaped...)
        }
        skipWhitespace()
        if try peek() == 0x7D {
            i += 1
            return
        }
        while true {
            skipWhitespace()
            let start = i
            guard try peek() == 0x22 else { throw invalid("expected a member name") }
            // Member names compare after unescaping: "a" and "\u0061" are duplicates.
            let name = try string(collectEscaped: true)
            for k in first..<names.count where same(names[k], name) {
                throw ProfileViolation.duplicateMember(offset: start)
            }
            names.append(name)
            guard names.count - first <= limits.maxObjectFields else { throw ProfileViolation.tooManyFields(offset: start) }
            skipWhitespace()
            guard try peek() == 0x3A else { throw invalid("expected ':'") }
            i += 1
            skipWhitespace()
            try value(depth: depth)
            skipWhitespace()
            switch try peek() {
            case 0x2C:
                i += 1
            case 0x7D:
                i += 1
                return
            default:
                throw invalid("expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws {
        guard depth <= limits.maxDepth else { throw ProfileViolation.tooDeep(offset: i) }
        i += 1
        var count = 0
        skipWhitespace()
        if try peek() == 0x5D {
            i += 1
            return
        }
        while true {
            skipWhitespace()
            count += 1
            guard count <= limits.maxArrayItems else { throw ProfileViolation.tooManyItems(offset: i) }
            try value(depth: depth)
            skipWhitespace()
            switch try peek() {
            case 0x2C:
                i += 1
            case 0x5D:
                i += 1
                return
            default:
                throw invalid("expected ',' or ']'")
            }
        }
    }

    private mutating func number() throws {
        if bytes[i] == 0x2D { i += 1 }
        let first = try peek()
        if first == 0x30 {
            i += 1
        } else if first >= 0x31 && first <= 0x39 {
            digits()
        } else {
            throw invalid("invalid number")
        }
        if i < bytes.count && bytes[i] == 0x2E {
            i += 1
            guard try isDigit(peek()) else { throw invalid("invalid fraction") }
            digits()
        }
        if i < bytes.count && (bytes[i] == 0x65 || bytes[i] == 0x45) {
            i += 1
            if i < bytes.count && (bytes[i] == 0x2B || bytes[i] == 0x2D) { i += 1 }
            guard try isDigit(peek()) else { throw invalid("invalid exponent") }
            digits()
        }
    }

    @inline(__always)
    private func isDigit(_ b: UInt8) -> Bool {
        b >= 0x30 && b <= 0x39
    }

    private mutating func digits() {
        while i < bytes.count && isDigit(bytes[i]) { i += 1 }
    }

    /// A string token: escapes decoded, UTF-8 and noncharacters validated, decoded length
    /// bounded. The decoded bytes are kept only for an escaped member name.
    private mutating func string(collectEscaped: Bool = false) throws -> MemberName {
        let open = i
        i += 1
        let start = i
        var length = 0
        // An escaped member name is decoded into `escapedNames` from its first escape on.
        var decoding = false
        let decodedStart = escapedNames.count
        while true {
            // Fast path: a run of plain ASCII needs no decoding, only counting.
            if !decoding {
                let run = i
                i = Self.plainRun(bytes, from: i)
                length += i - run
            }
            guard i < bytes.count else { throw invalid("unexpected end of record") }
            let b = bytes[i]
            if b == 0x22 {
                break
            }
            if b == 0x5C {
                if collectEscaped && !decoding {
                    decoding = true
                    escapedNames.append(contentsOf: bytes[start..<i])
                }
                let scalar = try escape()
                length += Self.utf8Length(scalar)
                if decoding { Self.appendUTF8(scalar, to: &escapedNames) }
            } else if b < 0x20 {
                throw invalid("control character in string")
            } else if b < 0x80 {
                length += 1
                if decoding { escapedNames.append(b) }
                i += 1
            } else {
                let n = try utf8Sequence()
                guard !Self.isNoncharacter(scalar(at: i, count: n)) else { throw invalid("noncharacter") }
                if decoding { escapedNames.append(contentsOf: bytes[i..<(i + n)]) }
                length += n
                i += n
            }
        }
        i += 1
        guard length <= limits.maxStringBytes else { throw ProfileViolation.stringTooLong(offset: open) }
        if decoding {
            return MemberName(start: decodedStart, count: escapedNames.count - decodedStart, escaped: true)
        }
        return MemberName(start: start, count: i - 1 - start, escaped: false)
    }

    /// The end of the run of plain string bytes from `from`: printable ASCII other than `"` and
    /// `\`, which needs no decoding, only counting. Eight bytes per step (SWAR: a word is flagged
    /// if any byte is zero after xor with `"` or `\`, is below 0x20, or has its high bit set;
    /// flags never miss, so a flagged word is finished byte by byte), then the tail.
    @inline(__always)
    static func plainRun(_ buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard let base = buffer.baseAddress else { return from }
        let count = buffer.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = ones &* 0x22, backslashes = ones &* 0x5C, controls = ones &* 0x20
        var j = from
        while j &+ 8 <= count {
            let w = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
            let q = w ^ quotes, b = w ^ backslashes
            let flagged = ((q &- ones) & ~q) | ((b &- ones) & ~b) | ((w &- controls) & ~w) | w
            if flagged & highs != 0 { break }
            j &+= 8
        }
        while j < count {
            let c = base[j]
            if c == 0x22 || c == 0x5C || c < 0x20 || c >= 0x80 { break }
            j &+= 1
        }
        return j
    }

    /// I-JSON (RFC 7493 section 2.1) forbids noncharacters: U+FDD0..U+FDEF and every code point
    /// whose low 16 bits are FFFE or FFFF, raw or escaped, in values and member names alike.
    static func isNoncharacter(_ scalar: UInt32) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar) || scalar & 0xFFFE == 0xFFFE
    }

    /// The code point of the well-formed multi-byte UTF-8 sequence at `at`.
    @inline(__always)
    private func scalar(at: Int, count: Int) -> UInt32 {
        let mask: UInt8 = count == 2 ? 0x1F : count == 3 ? 0x0F : 0x07
        var value = UInt32(bytes[at] & mask)
        for k in 1..<count {
            value = value << 6 | UInt32(bytes[at + k] & 0x3F)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlongs, no
    /// surrogates, nothing above U+10FFFF).
    private func utf8Sequence() throws -> Int {
        let lead = bytes[i]
        let shape: (count: Int, low: UInt8, high: UInt8)
        switch lead {
        case 0xC2...0xDF: shape = (2, 0x80, 0xBF)
        case 0xE0: shape = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: shape = (3, 0x80, 0xBF)
        case 0xED: shape = (3, 0x80, 0x9F)
        case 0xF0: shape = (4, 0x90, 0xBF)
        case 0xF1...0xF3: shape = (4, 0x80, 0xBF)
        case 0xF4: shape = (4, 0x80, 0x8F)
        default: throw invalid("invalid UTF-8")
        }
        let (count, low, high) = shape
        guard i + count <= bytes.count, bytes[i + 1] >= low, bytes[i + 1] <= high else { throw invalid("invalid UTF-8") }
        for k in 2..<count where bytes[i + k] < 0x80 || bytes[i + k] > 0xBF {
            throw invalid("invalid UTF-8")
        }
        return count
    }

    /// One escape sequence at `i`, as its code point; a lone surrogate or a noncharacter is
    /// not I-JSON.
    private mutating func escape() throws -> UInt32 {
        i += 1
        let e = try peek()
        i += 1
        switch e {
        case 0x22, 0x5C, 0x2F: return UInt32(e)
        case 0x62: return 0x08
        case 0x66: return 0x0C
        case 0x6E: return 0x0A
        case 0x72: return 0x0D
        case 0x74: return 0x09
        case 0x75:
            let unit = try hex4()
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 else { throw invalid("lone surrogate") }
                i += 2
                let low = try hex4()
                guard low >= 0xDC00 && low <= 0xDFFF else { throw invalid("lone surrogate") }
                let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                guard !Self.isNoncharacter(scalar) else { throw invalid("noncharacter") }
                return scalar
            }
            guard unit < 0xDC00 || unit > 0xDFFF else { throw invalid("lone surrogate") }
            guard !Self.isNoncharacter(unit) else { throw invalid("noncharacter") }
            return unit
        default:
            throw invalid("invalid escape")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw invalid("invalid \\u escape") }
        var v: UInt32 = 0
        for k in 0..<4 {
            let b = bytes[i + k]
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b - 0x30
            case 0x41...0x46: d = b - 0x41 + 10
            case 0x61...0x66: d = b - 0x61 + 10
            default: throw invalid("invalid \\u escape")
            }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }

    private static func utf8Length(_ scalar: UInt32) -> Int {
        scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
    }

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(contentsOf: [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)])
        case 0x800..<0x10000:
            out.append(contentsOf: [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)])
        default:
            out.append(contentsOf: [UInt8(0xF0 | scalar >> 18), UInt8(0x80 | scalar >> 12 & 0x3F), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)])
        }
    }
}
