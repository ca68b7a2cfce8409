// Generated from protocol.toml (sha256 37d81b992b6793703595e96fb970cb8bd85dec5084bb23b1ac38aa23e9f378c6). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
