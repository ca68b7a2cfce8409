// The profile scanner reads plain string bytes eight at a time (JSONProfile.plainRun). These
// tests put every byte that needs attention — the closing quote, a backslash, a control
// character, a non-ASCII lead byte — and its harmless neighbours at every offset of two words,
// so a flag the word test missed would show as an accepted bad record or a wrong length.

import AgentWire
import Foundation
import XCTest

final class ProfileScanTests: XCTestCase {
    /// `{"a":"<prefix><middle><suffix>"}` as raw bytes.
    private func record(_ prefix: Int, _ middle: [UInt8], _ suffix: Int) -> Data {
        let x = [UInt8](repeating: 0x78, count: prefix)
        let y = [UInt8](repeating: 0x79, count: suffix)
        return Data(Array(#"{"a":""#.utf8) + x + middle + y + Array(#""}"#.utf8))
    }

    private func limits(maxStringBytes: Int) -> ProfileLimits {
        var l = ProfileLimits.protocolDefaults
        l.maxStringBytes = maxStringBytes
        return l
    }

    private func outcome(_ data: Data, _ limits: ProfileLimits = .protocolDefaults) -> String {
        do {
            try JSONProfile.check(data, limits: limits)
            return "ok"
        } catch let p as ProfileViolation {
            switch p {
            case .invalidJSON: return "invalid"
            case .stringTooLong: return "too long"
            default: return "\(p)"
            }
        } catch {
            return "\(error)"
        }
    }

    func testAControlCharacterInAStringIsInvalidAtEveryOffset() {
        // RFC 8259: "All Unicode characters may be placed within the quotation marks, except
        // for the characters that MUST be escaped: ... the control characters".
        for offset in 0..<17 {
            for control: UInt8 in [0x00, 0x01, 0x0A, 0x1F] {
                XCTAssertEqual(outcome(record(offset, [control], 16 - offset)), "invalid", "0x\(String(control, radix: 16)) at \(offset)")
            }
        }
    }

    func testInvalidUTF8IsFoundAtEveryOffset() {
        for offset in 0..<17 {
            for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80]] {
                XCTAssertEqual(outcome(record(offset, bad, 16 - offset)), "invalid", "\(bad) at \(offset)")
            }
        }
    }

    func testABackslashStartsAnEscapeAtEveryOffset() {
        for offset in 0..<17 {
            // An escaped noncharacter is refused only if the escape was seen.
            XCTAssertEqual(outcome(record(offset, Array(#"\uFFFF"#.utf8), 16 - offset)), "invalid", "at \(offset)")
            XCTAssertEqual(outcome(record(offset, Array(#"\q"#.utf8), 16 - offset)), "invalid", "bad escape at \(offset)")
        }
    }

    func testAQuoteEndsTheStringAtEveryOffset() {
        // `"xxx"yyy"` : the string ends at the first quote, and what follows is not JSON.
        for offset in 0..<17 {
            XCTAssertEqual(outcome(record(offset, [0x22], 16 - offset)), "invalid", "at \(offset)")
        }
    }

    func testDecodedStringBytesAreCountedExactlyAcrossWords() {
        // "UTF-8 bytes of one decoded string value": n bytes pass a bound of n, fail n - 1.
        for n in 1..<26 {
            XCTAssertEqual(outcome(record(n, [], 0), limits(maxStringBytes: n)), "ok", "\(n) plain bytes")
            XCTAssertEqual(outcome(record(n, [], 0), limits(maxStringBytes: n - 1)), "too long", "\(n) plain bytes")
            // A two-byte scalar (é) and an escape (\n, one byte decoded) inside the run.
            let mixed = record(n / 2, [0xC3, 0xA9, 0x5C, 0x6E], n - n / 2)
            XCTAssertEqual(outcome(mixed, limits(maxStringBytes: n + 3)), "ok", "\(n) + 3 mixed bytes")
            XCTAssertEqual(outcome(mixed, limits(maxStringBytes: n + 2)), "too long", "\(n) + 3 mixed bytes")
        }
    }

    func testPrintableNeighboursOfTheFlaggedBytesArePlain() {
        // Bytes next to '"' (0x22), '\' (0x5C), 0x1F and 0x80 need no decoding.
        for offset in 0..<17 {
            for plain: UInt8 in [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E, 0x7F] {
                XCTAssertEqual(outcome(record(offset, [plain], 16 - offset), limits(maxStringBytes: 17)), "ok", "0x\(String(plain, radix: 16)) at \(offset)")
            }
        }
    }

    func testDuplicateMemberNamesAreFoundAcrossLengths() {
        // RFC 7493 section 2.3: "Objects in I-JSON messages MUST NOT have members with duplicate
        // names" — same length with one byte different is not a duplicate, the same bytes are.
        for n in 1..<20 {
            let name = String(repeating: "k", count: n)
            let other = String(repeating: "k", count: n - 1) + "j"
            XCTAssertEqual(outcome(Data(#"{"\#(name)":1,"\#(other)":2}"#.utf8)), "ok", "\(n)")
            let again = Data(#"{"\#(name)":1,"\#(other)":2,"\#(name)":3}"#.utf8)
            XCTAssertTrue(outcome(again).hasPrefix("duplicateMember"), "\(n): \(outcome(again))")
        }
    }

    func testEscapedMemberNamesCompareDecodedThroughNestedObjects() {
        // "a" and "\u0061" are the same name; an inner object's names are its own.
        let cases: [(String, Bool)] = [
            (#"{"a":1,"\u0061":2}"#, true),
            (#"{"\u0061b":1,"ab":2}"#, true),
            (#"{"\u00e9":1,"é":2}"#, true),
            (#"{"\u0061":{"\u0062":1,"c":{"\u0062":2}},"b":2}"#, false),
            (#"{"\u0061":{"\u0062":1},"\u0062":2,"a":3}"#, true),
            (#"{"x\u0061":{"b\n":1},"b\n":2,"xa":3}"#, true),
            (#"{"x\u0061":{"b\n":1},"b\n":2,"xb":3}"#, false),
        ]
        for (text, duplicate) in cases {
            let result = outcome(Data(text.utf8))
            XCTAssertEqual(result.hasPrefix("duplicateMember"), duplicate, "\(text): \(result)")
            if !duplicate { XCTAssertEqual(result, "ok", text) }
        }
    }
}
