// I-JSON (RFC 7493 section 2.1): "MUST NOT include code points that identify Unicode
// noncharacters" — U+FDD0..U+FDEF and every code point whose low 16 bits are FFFE or FFFF, raw
// or escaped, in string values and member names alike, rejected as invalid_json.

import AgentWire
import Foundation
import XCTest

final class NoncharacterTests: XCTestCase {
    private func profile(_ record: String) -> ViolationCategory? {
        do {
            try JSONProfile.check(Data(record.utf8))
            return nil
        } catch let p as ProfileViolation {
            if case .invalidJSON = p { return .invalidJSON }
            return .limit
        } catch {
            return .envelope
        }
    }

    func testRawNoncharactersInValuesAreInvalidJSON() {
        for scalar: UInt32 in [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x1FFFF, 0x10FFFE, 0x10FFFF] {
            let text = String(Character(Unicode.Scalar(scalar)!))
            XCTAssertEqual(profile("{\"a\":\"x\(text)\"}"), .invalidJSON, String(scalar, radix: 16))
            XCTAssertEqual(profile("{\"\(text)\":1}"), .invalidJSON, "member name \(String(scalar, radix: 16))")
        }
    }

    func testEscapedNoncharactersIncludingSurrogatePairsAreInvalidJSON() {
        for escape in ["\\ufdd0", "\\uFDEF", "\\ufffe", "\\uFFFF", "\\ud83f\\udffe", "\\udbff\\udfff"] {
            XCTAssertEqual(profile("{\"a\":\"\(escape)\"}"), .invalidJSON, escape)
            XCTAssertEqual(profile("{\"\(escape)\":1}"), .invalidJSON, "member name \(escape)")
        }
    }

    func testNeighboursOfNoncharactersAreAccepted() {
        for escape in ["\\ufdcf", "\\ufdf0", "\\ufffd", "\\ud83f\\udffd", "\\udbff\\udffd"] {
            XCTAssertNil(profile("{\"a\":\"\(escape)\"}"), escape)
        }
        for scalar: UInt32 in [0xFDCF, 0xFDF0, 0xFFFD, 0x10FFFD] {
            XCTAssertNil(profile("{\"a\":\"\(String(Character(Unicode.Scalar(scalar)!)))\"}"), String(scalar, radix: 16))
        }
    }

    func testANoncharacterIsInvalidJSONWithTheSamePrecedenceInADecodedRecord() throws {
        // Even in an unknown member of an otherwise valid response.
        let record = try Fixture.edited(try Fixture.vector("resp.status.example")) { $0["future"] = "\u{FFFF}" }
        var c = Fixture.conversation(pending: "status")
        XCTAssertEqual(violation { _ = try c.response(Data(record.utf8)) }, .invalidJSON)
    }
}
