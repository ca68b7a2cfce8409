// Generated from protocol.toml (sha256 077d7192fd30573e8ae212942a6f63d753ca2cb58c6a6856a30d50992ed469cc). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
