// Hand-written test helpers: strict round trips and JSON comparison.

import AgentWire
import Foundation
import XCTest

/// Decode `json` strictly as `T` (profile, then the generated decoder), re-encode it, and require
/// the same JSON value back: nothing dropped, renamed, or invented.
func assertRoundTrip<T: Codable>(_ type: T.Type, _ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let data = Data(json.utf8)
    try JSONProfile.check(data, limits: .transcriptDefaults)
    let value = try JSONDecoder().decode(T.self, from: data)
    let encoded = try JSONEncoder().encode(value)
    let original = try JSONDecoder().decode(JSONValue.self, from: data)
    let again = try JSONDecoder().decode(JSONValue.self, from: encoded)
    XCTAssertEqual(original, again, "\(T.self) re-encodes differently: \(String(decoding: encoded, as: UTF8.self))", file: file, line: line)
}

/// The package folder's repository root, for the generated vectors.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

func jsonObject(_ text: String) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

func jsonText(_ object: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

/// The category a decoding step threw, or nil if it accepted.
func violation(_ body: () throws -> Void) -> ViolationCategory? {
    do {
        try body()
        return nil
    } catch let v as ProtocolViolation {
        return v.category
    } catch {
        XCTFail("not a ProtocolViolation: \(error)")
        return nil
    }
}
