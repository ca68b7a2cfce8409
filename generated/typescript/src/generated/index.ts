// Generated from protocol.toml (sha256 002189fac26815ce0c80bd3a7e17f97cb4db121c6ee1f7ebc3ec453149db8fb5). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
