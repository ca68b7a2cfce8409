// Consumer decode benchmark (release build; run by scripts/swift.sh, figures in BENCHMARKS.md):
// the package's strict decoder — JSON profile over the whole record (size, depth, items, fields,
// string bytes, duplicate members, UTF-8, noncharacters), envelope and payload types with every
// bound, presence and enum rule — against Foundation's JSONDecoder into plain Codable structs
// with no checks, on the same bytes, side by side in interleaved rounds.
//
//     swift run -c release AgentWireBench [rounds]

import AgentWire
import Foundation

// MARK: Plain Codable baseline (no checks)

struct PlainError: Codable { let code: String; let message: String }

struct PlainTerminal: Codable {
    let turn_id: String
    let session_id: String
    let status: String
    let assistant_text: String
    let sequence: UInt64
    let activity_dropped: UInt64
    let activity_replay_available: Bool
    let replay_required: Bool
    let persistence: String
    let error: PlainError?
}

struct PlainEvent<P: Codable>: Codable {
    let protocol_version: UInt16
    let kind: String
    let event: String
    let instance_id: String
    let connection_id: String
    let session_id: String?
    let operation_id: String?
    let grant_generation: UInt64?
    let live_sequence: UInt64?
    let payload: P
}

struct PlainReplayItem: Codable {
    let kind: String
    let cursor: String
    let role: String?
    let text: String?
    let part: UInt64?
    let last_part: Bool?
    let status: String?
}

struct PlainReplayPage: Codable {
    let events: [PlainReplayItem]
    let next_cursor: String
    let snapshot_cursor: String
    let truncated: Bool
    let gap: Bool
    let resync_required: Bool
}

struct PlainResponse<P: Codable>: Codable {
    let protocol_version: UInt16
    let kind: String
    let request_id: String?
    let instance_id: String?
    let connection_id: String?
    let session_id: String?
    let operation_id: String?
    let payload: P?
    let error: PlainError?
}

// MARK: Records

let terminal = Data(#"{"protocol_version":2,"kind":"event","event":"turn.terminal","instance_id":"in_0123456789abcdef","connection_id":"cn_0123456789abcdef","session_id":"s-01","operation_id":"op-1","grant_generation":1,"live_sequence":1,"payload":{"turn_id":"t-1","session_id":"s-01","status":"completed","assistant_text":"The complete answer.","sequence":4,"activity_dropped":1,"activity_replay_available":false,"replay_required":true,"persistence":"committed","error":null}}"#.utf8)

/// A `session.replay` response whose payload is 16 KiB: message parts of realistic prose.
func replayPage() -> Data {
    let sentence = "The quick brown fox jumps over the lazy dog, then explains why in detail. "
    var items: [String] = []
    var bytes = 0
    var n = 0
    while bytes < Int(Limits.maxSessionReplayPageBytes) - 2400 {
        n += 1
        let text = String(String(repeating: sentence, count: 26).prefix(1900))
        let item = #"{"kind":"message","cursor":"r1.\#(n).0.s-01","role":"\#(n % 2 == 0 ? "assistant" : "user")","text":"\#(text)","part":0,"last_part":true}"#
        bytes += item.utf8.count + 1
        items.append(item)
    }
    items.append(#"{"kind":"terminal","cursor":"r1.\#(n + 1).0.s-01","status":"completed"}"#)
    let payload = #"{"events":[\#(items.joined(separator: ","))],"next_cursor":"r1.\#(n + 1).0.s-01","snapshot_cursor":"r1.\#(n + 1).0.s-01","truncated":false,"gap":false,"resync_required":false}"#
    return Data(#"{"protocol_version":2,"kind":"response","request_id":"req-1","instance_id":"in_0123456789abcdef","connection_id":"cn_0123456789abcdef","session_id":"s-01","operation_id":null,"payload":\#(payload),"error":null}"#.utf8)
}

let page = replayPage()

// MARK: Measurement

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Nanoseconds per call of `body`, over `iterations` calls.
func time(_ iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { try body() }
    let elapsed = clock.now - start
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

struct Case {
    let name: String
    let record: Data
    let iterations: Int
    let strict: () throws -> Void
    let plain: () throws -> Void
}

/// Medians over interleaved rounds of one record: the strict decoder, the plain baseline and the
/// profile scan alone (to show where the strict decoder's time goes).
struct Figures {
    let strict: Double
    let plain: Double
    let scan: Double
    let ratio: Double
}

/// One timing loop for every record: each round times the three side by side, alternating which
/// decoder goes first so that neither always runs on a warmer cache or a quieter machine. Rounds
/// are short (tens of milliseconds) and many, so that a shared machine's load changes between
/// rounds more than within one, and the median of the per-round ratios stays steady.
func measure(_ c: Case, rounds: Int) throws -> Figures {
    // Both must accept the record, or the comparison means nothing.
    try c.strict()
    try c.plain()
    let scan = { try JSONProfile.check(c.record) }
    for body in [c.strict, c.plain, scan] { _ = try time(c.iterations / 10, body) }
    var strict: [Double] = [], plain: [Double] = [], scans: [Double] = [], ratios: [Double] = []
    for round in 0..<rounds {
        let s: Double, p: Double
        if round % 2 == 0 {
            s = try time(c.iterations, c.strict)
            p = try time(c.iterations, c.plain)
        } else {
            p = try time(c.iterations, c.plain)
            s = try time(c.iterations, c.strict)
        }
        scans.append(try time(c.iterations, scan))
        strict.append(s)
        plain.append(p)
        ratios.append(s / p)
    }
    return Figures(strict: median(strict), plain: median(plain), scan: median(scans), ratio: median(ratios))
}

let cases = [
    Case(name: "turn.terminal event", record: terminal, iterations: 2_000,
         strict: { blackHole(try AgentWireDecoder.decodeEvent(data: terminal)) },
         plain: { blackHole(try JSONDecoder().decode(PlainEvent<PlainTerminal>.self, from: terminal)) }),
    Case(name: "session.replay page", record: page, iterations: 200,
         strict: { blackHole(try AgentWireDecoder.decodeResponse(data: page, for: Operations.SessionReplay.self)) },
         plain: { blackHole(try JSONDecoder().decode(PlainResponse<PlainReplayPage>.self, from: page)) }),
]

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 31 : 31
print("consumer decode, release build, \(rounds) interleaved rounds (median ns/record)")
var worst = 0.0
for c in cases {
    let f = try measure(c, rounds: rounds)
    worst = max(worst, f.ratio)
    print(String(format: "  %-22@ %6d B   AgentWire %9.0f ns (profile scan %7.0f ns)   JSONDecoder+Codable %9.0f ns   ratio %.2fx",
                 c.name as NSString, c.record.count, f.strict, f.scan, f.plain, f.ratio))
}
print(String(format: "swift bench: worst median ratio %.2fx (target <= 1.50x)", worst))
