// Generated from protocol.toml (sha256 c0fd965e949d2b38c7ecc6daec55a25b05844db5238f452ffa6ef40c71ea8242). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
