// Generated from protocol.toml (sha256 5ebe600274b87e49f4b498fcbae95ae3e28e0741ab4058478e27256f786caf04). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
