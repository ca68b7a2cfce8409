// The preflight a consumer runs after initialize and before any mutation
// (../shared/seeds/application-service-protocol-v2.md): the whole advertised event set known,
// activity flags consistent with turn.activity, initialize's two limit maps identical, and no
// advertised output bound over the client's local one.

import AgentWire
import AgentWireClient
import Foundation
import XCTest

final class PreflightTests: XCTestCase {
    private func check(_ edit: (inout [String: Any]) -> Void, local: ProfileLimits = .protocolDefaults) throws {
        let result = try Fixture.initializeResponse(edit)
        let handshake = HandshakeReplyAccepted(
            version: result.serverVersion, pid: 1, instanceID: result.instanceID, workspaceID: result.workspaceID,
            stateRootID: result.stateRootID)
        var configuration = ClientConfiguration(socketPath: "/unused", packageVersion: result.serverVersion, workspace: "/w")
        configuration.localLimits = local
        try Preflight.check(result, handshake: handshake, configuration: configuration)
    }

    private func assertRefused(_ edit: (inout [String: Any]) -> Void, local: ProfileLimits = .protocolDefaults, _ message: String) {
        XCTAssertThrowsError(try check(edit, local: local), message) { error in
            guard case ClientError.preflight = error else { return XCTFail("\(message): \(error)") }
        }
    }

    func testTheSpecExamplePasses() throws {
        try check { _ in }
    }

    func testAnUnknownAdvertisedEventIsRefusedBeforeMutation() {
        assertRefused({ p in
            var caps = p["capabilities"] as? [String: Any] ?? [:]
            caps["events"] = (caps["events"] as? [Any] ?? []) + ["turn.future"]
            p["capabilities"] = caps
        }, "unknown event")
    }

    func testActivityFlagMustAgreeWithTurnActivity() {
        assertRefused({ p in
            var caps = p["capabilities"] as? [String: Any] ?? [:]
            caps["events"] = (caps["events"] as? [String] ?? []).filter { $0 != "turn.activity" }
            p["capabilities"] = caps
        }, "activity.events true without turn.activity")
        // The other direction (turn.activity advertised, activity.events false) is a decoding
        // failure already: the spec fixes activity.events to true.
        XCTAssertThrowsError(try check { $0.set(["capabilities", "activity", "events"], false) })
    }

    func testDifferingLimitMapsAreRefused() {
        assertRefused({ $0.set(["limits", Limits.Name.maxInflightRequests], 31) }, "the two maps differ")
    }

    func testOutputBoundsOverTheLocalOnesAreRefused() {
        var local = ProfileLimits.protocolDefaults
        local.maxStringBytes = 1024
        assertRefused({ _ in }, local: local, "max_string_bytes over the local bound")
        assertRefused({ p in
            p.set(["limits", Limits.Name.maxRecordBytes], Limits.maxRecordBytes * 2)
            p.set(["capabilities", "limits", Limits.Name.maxRecordBytes], Limits.maxRecordBytes * 2)
        }, "max_record_bytes over the generated bound")
    }

    func testAPackageVersionMismatchIsRefused() throws {
        let result = try Fixture.initializeResponse()
        let handshake = HandshakeReplyAccepted(
            version: result.serverVersion, pid: 1, instanceID: result.instanceID, workspaceID: result.workspaceID,
            stateRootID: result.stateRootID)
        let configuration = ClientConfiguration(socketPath: "/unused", packageVersion: try PackageVersion("9.9.9"), workspace: "/w")
        // "A mismatch is a typed error that names both versions" (#28).
        XCTAssertThrowsError(try Preflight.check(result, handshake: handshake, configuration: configuration)) { error in
            guard case ClientError.versionMismatch(let client, let daemon) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(client.value, "9.9.9")
            XCTAssertEqual(daemon, result.serverVersion)
        }
    }
}
