// Generated from protocol.toml (sha256 b492acd3932f147a5291e034f8afaef40a539631b49b8c1428f725a3df8d2e27). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
