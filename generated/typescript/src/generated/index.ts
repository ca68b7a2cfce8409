// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
