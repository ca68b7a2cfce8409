// Hand-written: `agentwire daemon start-or-connect` from Swift (service-lifecycle §2): resolve
// the executable and the workspace by the documented rules, run the launcher, decode and check
// the discovery object it prints, and connect to the daemon it names.

import AgentWire
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

extension AgentWireClient {
    /// Start the workspace's daemon, or reach the one already running, and connect to it.
    ///
    /// - Parameters:
    ///   - workspace: the project folder; must be absolute (a relative path is refused, never
    ///     resolved against the current directory) and is canonicalised (symbolic links, `..`,
    ///     a trailing `/`), so the handshake names the folder the daemon serves.
    ///   - executable: the `agentwire` executable: an absolute path, or a bare name looked up
    ///     on `PATH` (a relative path with a `/` is refused). It is also what a started daemon runs.
    ///   - environment: the launcher's environment (default: this process's); the daemon it
    ///     starts inherits it (`MC_HOME` chooses the state root).
    ///   - launchTimeout: how long the launcher may take (it bounds its own wait for a new daemon).
    ///   - configure: adjusts the connection's configuration (timeouts, required operations, …).
    /// - Throws: `ClientError.launch` with the launch error code, or
    ///   `ClientError.versionMismatch` when the daemon is another package version.
    public static func startOrConnect(
        workspace: String, executable: String = "agentwire", environment: [String: String]? = nil,
        launchTimeout: Duration = .seconds(30), configure: (inout ClientConfiguration) -> Void = { _ in }
    ) async throws -> AgentWireClient {
        let (discovery, canonical) = try await Launcher.launch(
            workspace: workspace, executable: executable, environment: environment, launchTimeout: launchTimeout)
        var configuration = ClientConfiguration(discovery: discovery, workspace: canonical)
        configure(&configuration)
        return try await connect(configuration, discovery: discovery)
    }
}

/// The launcher alone, and each of its steps.
public enum Launcher {
    /// `AgentWireClient.startOrConnect` without connecting: the checked discovery record of the
    /// workspace's daemon (started if none ran), by the same rules and with the same errors.
    public static func startOrConnect(
        workspace: String, executable: String = "agentwire", environment: [String: String]? = nil,
        launchTimeout: Duration = .seconds(30), packageVersion: PackageVersion = AgentWire.packageVersion
    ) async throws -> Discovery {
        try await launch(
            workspace: workspace, executable: executable, environment: environment, launchTimeout: launchTimeout,
            packageVersion: packageVersion
        ).discovery
    }

    /// The discovery and the canonical workspace the handshake must name.
    static func launch(
        workspace: String, executable: String, environment: [String: String]?, launchTimeout: Duration,
        packageVersion: PackageVersion = AgentWire.packageVersion
    ) async throws -> (discovery: Discovery, workspace: String) {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let canonical = try canonicalWorkspace(workspace)
        let path = try resolveExecutable(executable, searchPath: environment["PATH"])
        let discovery = try await run(
            executable: path, workspace: canonical, environment: environment, timeout: launchTimeout, packageVersion: packageVersion)
        return (discovery, canonical)
    }

    /// `workspace` made canonical, or `ClientError.launch(.invalidWorkspace)`: a relative path
    /// is refused (it would silently mean the current directory), a path that does not name a
    /// directory is refused, and an absolute one is resolved (`realpath`).
    public static func canonicalWorkspace(_ workspace: String) throws -> String {
        guard workspace.hasPrefix("/") else {
            throw ClientError.launch(code: .invalidWorkspace, detail: "\"\(workspace)\" is relative; give an absolute path")
        }
        guard let resolved = realpath(workspace, nil) else {
            throw ClientError.launch(code: .invalidWorkspace, detail: "\(workspace): \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        let canonical = String(cString: resolved)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: canonical, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ClientError.launch(code: .invalidWorkspace, detail: "\(workspace) is not a directory")
        }
        return canonical
    }

    /// The executable to run: an absolute path as given, or a bare name found in an absolute
    /// `PATH` entry; anything else is `ClientError.launch(.invalidExecutable)`.
    public static func resolveExecutable(_ executable: String, searchPath: String?) throws -> String {
        if executable.contains("/") {
            guard executable.hasPrefix("/") else {
                throw ClientError.launch(
                    code: .invalidExecutable, detail: "\"\(executable)\" is a relative path; give an absolute path or a name on PATH")
            }
            guard isExecutableFile(executable) else {
                throw ClientError.launch(code: .invalidExecutable, detail: "\(executable) is not an executable file")
            }
            return executable
        }
        // Empty and relative entries would mean the current directory: skipped, never guessed.
        for folder in (searchPath ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/\(executable)"
            if isExecutableFile(candidate) { return candidate }
        }
        throw ClientError.launch(code: .invalidExecutable, detail: "no executable \"\(executable)\" on PATH; give its absolute path")
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// Run `executable daemon start-or-connect --workspace W --executable E` and return the
    /// discovery it prints, checked: a discovery of another package version than
    /// `packageVersion` is `ClientError.versionMismatch` naming both.
    public static func run(
        executable: String, workspace: String, environment: [String: String], timeout: Duration = .seconds(30),
        packageVersion: PackageVersion = AgentWire.packageVersion
    ) async throws -> Discovery {
        let arguments = ["daemon", "start-or-connect", "--workspace", workspace, "--executable", executable]
        let child = try await Child.run(executable, arguments, environment: environment, timeout: timeout)
        if child.timedOut {
            throw ClientError.launch(code: .startTimeout, detail: "the launcher did not finish within \(timeout)")
        }
        let discovery = try parse(stdout: child.stdout, exitStatus: child.status)
        guard discovery.version == packageVersion else {
            throw ClientError.versionMismatch(package: packageVersion, daemon: discovery.version)
        }
        return discovery
    }

    /// What the launcher printed: on exit status 0 the discovery object; otherwise its launch
    /// error as `ClientError.launch`. Anything else is `ClientError.protocolViolation`.
    public static func parse(stdout: Data, exitStatus: Int32) throws -> Discovery {
        var record = stdout
        while let last = record.last, last == 0x0A || last == 0x0D || last == 0x20 { record.removeLast() }
        guard !record.isEmpty else {
            throw ClientError.launch(code: .internalError, detail: "the launcher printed nothing (exit status \(exitStatus))")
        }
        do {
            try JSONProfile.check(record)
            if exitStatus == 0 { return try JSONDecoder().decode(Discovery.self, from: record) }
            let printed = try JSONDecoder().decode(LaunchError.self, from: record).error
            guard let code = LaunchErrorCode(rawValue: printed.code.value) else {
                throw ProtocolViolation(.payload, "the launcher printed an unknown error code \(printed.code.value)", at: "$.error.code")
            }
            throw ClientError.launch(code: code, detail: printed.message)
        } catch let error as ClientError {
            throw error
        } catch let violation as ProtocolViolation {
            throw ClientError.protocolViolation(violation)
        } catch {
            throw ClientError.protocolViolation(ProtocolViolation(.payload, "the launcher's output: \(error)"))
        }
    }
}

#if canImport(Darwin)
private func systemKill(_ pid: Int32, _ signal: Int32) -> Int32 { Darwin.kill(pid, signal) }
#else
private func systemKill(_ pid: Int32, _ signal: Int32) -> Int32 { Glibc.kill(pid, signal) }
#endif

/// One run of a child process: its exit status and everything it wrote on stdout (stderr and
/// stdin are the null device). `Process` is not Sendable; this box shares it only under its lock.
private final class Child: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    /// Asked to stop (deadline or cancellation), and whether that killed a running launcher.
    private var stopped = false
    private var killed = false

    struct Outcome: Sendable {
        let status: Int32
        let stdout: Data
        let timedOut: Bool
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String], timeout: Duration) async throws -> Outcome {
        let child = Child()
        child.process.executableURL = URL(fileURLWithPath: executable)
        child.process.arguments = arguments
        child.process.environment = environment
        child.process.standardInput = FileHandle.nullDevice
        child.process.standardError = FileHandle.nullDevice
        let output = Pipe()
        child.process.standardOutput = output
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Outcome, Error>) in
                DispatchQueue.global().async {
                    do {
                        // Cancelled before it started: never started.
                        try child.lock.withLock {
                            if child.stopped { throw CancellationError() }
                            try child.process.run()
                        }
                    } catch is CancellationError {
                        return continuation.resume(throwing: CancellationError())
                    } catch {
                        return continuation.resume(throwing: ClientError.launch(code: .invalidExecutable, detail: "cannot run \(executable): \(error)"))
                    }
                    let deadline = DispatchWorkItem { child.kill() }
                    DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds, execute: deadline)
                    let stdout = output.fileHandleForReading.readDataToEndOfFile()
                    child.process.waitUntilExit()
                    deadline.cancel()
                    let timedOut = child.lock.withLock { child.killed }
                    continuation.resume(returning: Outcome(status: child.process.terminationStatus, stdout: stdout, timedOut: timedOut))
                }
            }
        } onCancel: {
            child.kill()
        }
    }

    /// Stop the launcher (deadline or task cancellation). SIGKILL: a child spawned from a
    /// Dispatch thread inherits its blocked signals, so SIGTERM may never arrive.
    private func kill() {
        lock.withLock {
            stopped = true
            if process.isRunning, systemKill(process.processIdentifier, SIGKILL) == 0 { killed = true }
        }
    }
}

extension Duration {
    /// The duration in seconds, for Dispatch deadlines.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
