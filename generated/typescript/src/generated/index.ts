// Generated from protocol.toml (sha256 33739b9a90b8a0b731c1e4175a163dcf2f94f851f0980abeaf86a8cfcb347121). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
