// swift-tools-version:5.9
// Hand-written. `Sources/AgentWire/Generated.swift` is generated from protocol.toml by
// `cargo run -p agentwire-codegen -- write`; the runtime and client beside it are hand-written.
import PackageDescription

let package = Package(
    name: "AgentWire",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "AgentWire", targets: ["AgentWire"]),
    ],
    targets: [
        .target(name: "AgentWire", path: "Sources/AgentWire"),
    ]
)
