// The launcher's rules (service-lifecycle §2, #28): "`--workspace` and `--executable` must be
// absolute ... Canonicalize both" — a relative workspace is refused, never resolved against the
// current directory, and an absolute one is canonicalised; an executable is an absolute path or
// a bare name found on PATH; the printed discovery is decoded strictly and its version checked;
// launch errors are typed. The launcher is a shell script here, so no daemon is needed.

import AgentWire
@testable import AgentWireClient
import Foundation
import XCTest

final class LauncherTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("awlaunch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ws"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func launchCode(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> LaunchErrorCode? {
        do {
            try body()
        } catch ClientError.launch(let code, _) {
            return code
        } catch {
            XCTFail("not a launch error: \(error)", file: file, line: line)
        }
        return nil
    }

    /// An executable shell script in the test folder.
    private func script(_ name: String, _ body: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    private func discovery(version: String) -> String {
        #"{"discovery_version":1,"socket":"/tmp/x.sock","pid":7,"version":"\#(version)","instance_id":"in-1","workspace_id":"ws_1","state_root_id":"sr_1","started":false}"#
    }

    func testThePackageVersionIsAValidPackageVersion() throws {
        XCTAssertEqual(try PackageVersion(AgentWire.packageVersion.value), AgentWire.packageVersion)
        // The handshake sends the package's own version unless told otherwise.
        XCTAssertEqual(ClientConfiguration(socketPath: "/s", workspace: "/w").packageVersion, AgentWire.packageVersion)
    }

    func testARelativeWorkspaceIsRefusedNotResolved() {
        for relative in [".", "ws", "./ws", "", "~/ws"] {
            XCTAssertEqual(launchCode { _ = try Launcher.canonicalWorkspace(relative) }, .invalidWorkspace, relative)
        }
    }

    func testAnAbsoluteWorkspaceIsCanonicalised() throws {
        let ws = folder.appendingPathComponent("ws").path
        let canonical = try Launcher.canonicalWorkspace(ws)
        XCTAssertEqual(try Launcher.canonicalWorkspace(ws + "/"), canonical, "a trailing / is not another workspace")
        XCTAssertEqual(try Launcher.canonicalWorkspace(ws + "/../ws"), canonical)
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: ws)
        XCTAssertEqual(try Launcher.canonicalWorkspace(link), canonical, "a symbolic link names its target")
        XCTAssertFalse(canonical.hasSuffix("/"))
    }

    func testAMissingOrNonDirectoryWorkspaceIsRefused() throws {
        XCTAssertEqual(launchCode { _ = try Launcher.canonicalWorkspace(folder.appendingPathComponent("missing").path) }, .invalidWorkspace)
        let file = try script("file", "exit 0")
        XCTAssertEqual(launchCode { _ = try Launcher.canonicalWorkspace(file) }, .invalidWorkspace)
    }

    func testTheExecutableIsAbsoluteOrFoundOnPath() throws {
        let tool = try script("agentwire", "exit 0")
        XCTAssertEqual(try Launcher.resolveExecutable(tool, searchPath: nil), tool)
        XCTAssertEqual(try Launcher.resolveExecutable("agentwire", searchPath: "/nonexistent:\(folder.path)"), tool)
        XCTAssertEqual(launchCode { _ = try Launcher.resolveExecutable("agentwire", searchPath: "/nonexistent") }, .invalidExecutable)
        XCTAssertEqual(launchCode { _ = try Launcher.resolveExecutable("./agentwire", searchPath: folder.path) }, .invalidExecutable)
        XCTAssertEqual(launchCode { _ = try Launcher.resolveExecutable(folder.path, searchPath: nil) }, .invalidExecutable, "a folder")
        // An empty or relative PATH entry would mean the current directory: never searched.
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        XCTAssertEqual(launchCode { _ = try Launcher.resolveExecutable("agentwire", searchPath: ":.:ws") }, .invalidExecutable)
    }

    func testTheDiscoveryIsParsedAndChecked() throws {
        let parsed = try Launcher.parse(stdout: Data((discovery(version: "1.2.3") + "\n").utf8), exitStatus: 0)
        XCTAssertEqual(parsed.version.value, "1.2.3")
        XCTAssertEqual(parsed.socket, "/tmp/x.sock")
        let printed = #"{"error":{"code":"state_root_unsafe","message":"state root is unsafe"}}"#
        XCTAssertEqual(launchCode { _ = try Launcher.parse(stdout: Data(printed.utf8), exitStatus: 1) }, .stateRootUnsafe)
        XCTAssertEqual(launchCode { _ = try Launcher.parse(stdout: Data(), exitStatus: 1) }, .internalError)
        for bad in [#"{"error":{"code":"no_such_code","message":"x"}}"#, "not json", #"{"discovery_version":2}"#] {
            XCTAssertThrowsError(try Launcher.parse(stdout: Data(bad.utf8), exitStatus: bad.hasPrefix(#"{"error""#) ? 1 : 0), bad) { error in
                guard case ClientError.protocolViolation = error else { return XCTFail("\(bad): \(error)") }
            }
        }
    }

    func testTheLauncherRunsStartOrConnectAndChecksTheVersion() async throws {
        let ws = try Launcher.canonicalWorkspace(folder.appendingPathComponent("ws").path)
        // The script answers only the documented command line.
        let expected = "daemon start-or-connect --workspace \(ws) --executable"
        let mine = try script("same", #"[ "$1 $2 $3 $4 $5" = "\#(expected)" ] || exit 3; echo '\#(discovery(version: AgentWire.packageVersion.value))'"#)
        let found = try await Launcher.run(executable: mine, workspace: ws, environment: [:])
        XCTAssertEqual(found.version, AgentWire.packageVersion)

        // "A mismatch is a typed error that names both versions ... and says what to do."
        let other = try script("other", "echo '\(discovery(version: "0.0.1-other"))'")
        do {
            _ = try await Launcher.run(executable: other, workspace: ws, environment: [:])
            XCTFail("another daemon version was accepted")
        } catch ClientError.versionMismatch(let client, let daemon) {
            XCTAssertEqual(client, AgentWire.packageVersion)
            XCTAssertEqual(daemon?.value, "0.0.1-other")
            let text = "\(ClientError.versionMismatch(package: client, daemon: daemon))"
            for part in [client.value, "0.0.1-other", "agentwire daemon stop"] { XCTAssertTrue(text.contains(part), text) }
        }
    }

    func testALauncherThatHangsIsStoppedAtItsDeadline() async throws {
        let slow = try script("slow", "exec sleep 30")
        let started = ContinuousClock.now
        do {
            _ = try await Launcher.run(executable: slow, workspace: "/", environment: [:], timeout: .milliseconds(300))
            XCTFail("a hanging launcher returned")
        } catch ClientError.launch(let code, _) {
            XCTAssertEqual(code, .startTimeout)
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
    }
}
