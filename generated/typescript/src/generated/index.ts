// Generated from protocol.toml (sha256 c85ba286c1c0f12747b3f97731996ff784a765a0611d9ded069efccd73d978d2). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
