// Generated from protocol.toml (sha256 65f81eceface57ab355bb20fbb89d4c8cfa971c57d3a4a23a16f85441a376772). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
