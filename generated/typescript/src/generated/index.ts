// Generated from protocol.toml (sha256 7b291b20e898286a9e6ccef34505ababb89df1d1311165309c5da28a27f7413f). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
