// swift-tools-version:6.0
// Hand-written. `Sources/AgentWire/Generated/Protocol.swift` is generated from protocol.toml by
// `cargo run -p agentwire-codegen -- write`; everything else here is hand-written.
//
// Two libraries: `AgentWire` (the protocol's types, strict decoders and request encoding; pure
// Swift + Foundation, for every Apple platform and Linux) and `AgentWireClient` (the socket
// client of the daemon's private Unix socket, which only exists where the daemon runs: macOS and
// Linux). Swift 6 language mode, so complete strict concurrency checking applies.
import PackageDescription

let package = Package(
    name: "AgentWire",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "AgentWire", targets: ["AgentWire"]),
        .library(name: "AgentWireClient", targets: ["AgentWireClient"]),
        .executable(name: "agentwire-swift-harness", targets: ["AgentWireHarness"]),
    ],
    targets: [
        .target(name: "AgentWire", path: "Sources/AgentWire"),
        .target(name: "AgentWireClient", dependencies: ["AgentWire"], path: "Sources/AgentWireClient"),
        .executableTarget(name: "AgentWireHarness", dependencies: ["AgentWire"], path: "Sources/AgentWireHarness"),
        .executableTarget(name: "AgentWireLive", dependencies: ["AgentWire", "AgentWireClient"], path: "Sources/AgentWireLive"),
        // The Swift client behind the conformance client suite's driver protocol.
        .executableTarget(
            name: "AgentWireClientDriver", dependencies: ["AgentWire", "AgentWireClient"], path: "Sources/AgentWireClientDriver"),
        .executableTarget(name: "AgentWireBench", dependencies: ["AgentWire"], path: "Sources/AgentWireBench"),
        .testTarget(name: "AgentWireTests", dependencies: ["AgentWire", "AgentWireClient"], path: "Tests/AgentWireTests"),
    ],
    swiftLanguageModes: [.v6]
)
