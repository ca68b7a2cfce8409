// Generated from protocol.toml (sha256 45370c8522b6137640d00dc67db510ef817c772182609b27501a4257404e46d1). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
