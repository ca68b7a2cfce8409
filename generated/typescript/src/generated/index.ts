// Generated from protocol.toml (sha256 ccafed5fbd65ba9495c8b7e83127aa283545f21660bd1864aaad24cba1cf2f70). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
