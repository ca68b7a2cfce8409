// Hand-written: the client's typed errors.

import AgentWire
import Foundation

public enum ClientError: Error, Sendable, CustomStringConvertible {
    /// Connecting, reading or writing the socket failed.
    case socket(String)
    /// Starting or reaching the daemon failed before any connection: a workspace or executable
    /// refused locally, the launcher's printed error, or a launcher that could not run.
    case launch(code: LaunchErrorCode, detail: String)
    /// This package and the daemon are different package versions; Unix admission requires an
    /// exact match. `daemon` is the daemon's version (from discovery or the handshake), nil when
    /// only the daemon's rejection told.
    case versionMismatch(package: PackageVersion, daemon: PackageVersion?)
    /// The daemon refused the identity handshake (workspace, malformed handshake, connection
    /// limit, ...).
    case handshakeRejected(code: String, message: String)
    /// An identity, version, capability or limit check failed after initialize; nothing was
    /// mutated.
    case preflight(String)
    /// The request would be rejected by the service; it was not sent.
    case refused(RequestRefusal)
    /// The service answered with an error object; `code` is nil for a code this package does
    /// not know (a newer service).
    case service(code: ErrorCode?, error: ErrorObject)
    /// A received record broke a consumer rule; the connection is closed.
    case protocolViolation(ProtocolViolation)
    /// No answer within the configured time (the handshake, or one request).
    case timeout(String)
    /// The connection is closed (by `close()`, the daemon, or an earlier failure).
    case closed
    /// An optional profile could not be opted into: not offered (nothing was sent; `error` nil),
    /// or refused by the daemon (`error` is its answer). The connection goes on as an ordinary one.
    case profileUnavailable(profile: String, version: UInt32, reason: ProfileUnavailableReason, error: ErrorObject?)

    public var description: String {
        switch self {
        case .socket(let s): return "socket: \(s)"
        case .launch(let code, let detail):
            return detail == code.message ? "\(code.rawValue): \(detail)" : "\(code.rawValue): \(code.message) (\(detail))"
        case .versionMismatch(let client, let daemon):
            let running = daemon.map { "the daemon runs agentwire \($0)" } ?? "the daemon runs another version (`agentwire daemon status` prints it)"
            return "version_mismatch: this program uses AgentWire \(client), \(running); the versions must match exactly. "
                + "Use the agentwire executable and the AgentWire package of one version (a running daemon is never replaced: "
                + "stop it first with `agentwire daemon stop --workspace DIR`)."
        case .handshakeRejected(let code, let message): return "handshake rejected: \(code): \(message)"
        case .preflight(let s): return "preflight: \(s)"
        case .refused(let r): return "refused: \(r)"
        case .service(_, let e): return "service error \(e.code.value): \(e.message)"
        case .protocolViolation(let v): return "protocol violation: \(v)"
        case .timeout(let s): return "timeout: \(s)"
        case .closed: return "connection closed"
        case .profileUnavailable(let profile, let version, .notOffered, _):
            return "profile not offered: the daemon does not offer \(profile) version \(version)"
        case .profileUnavailable(let profile, let version, let reason, let error):
            return "profile \(reason.rawValue): \(profile) version \(version)" + (error.map { ": \($0.code.value): \($0.message)" } ?? "")
        }
    }
}
