//! TypeScript emitter: the generated half of the `generated/typescript` package
//! (`src/generated/*.ts`). The hand-written half (JSON profile, record decoders, client,
//! session stream helpers, tests) imports these modules and never restates a spec fact.

mod code;
mod decoders;
mod tables;
mod types;

use super::{comment_header, Artifact};
use crate::ir::Spec;

/// Where the generated modules live, relative to the repository root.
pub const DIR: &str = "generated/typescript/src/generated";

/// Re-exports of every generated module, so the package entry point has one import.
const INDEX: &str = "export * from \"./capabilities.js\";\n\
export * from \"./constants.js\";\n\
export * from \"./errors.js\";\n\
export * from \"./examples.js\";\n\
export * from \"./protocol.js\";\n\
export type * from \"./types.js\";\n\
export * from \"./validators.js\";\n";

/// Every generated TypeScript module, in a stable order.
pub fn artifacts(spec: &Spec) -> Vec<Artifact> {
    let files = [
        ("capabilities.ts", tables::capabilities(spec)),
        ("constants.ts", tables::constants(spec)),
        ("errors.ts", tables::errors(spec)),
        ("examples.ts", tables::examples(spec)),
        ("index.ts", INDEX.to_string()),
        ("protocol.ts", tables::protocol(spec)),
        ("types.ts", types::emit(spec)),
        ("validators.ts", decoders::emit(spec)),
    ];
    files
        .into_iter()
        .map(|(name, body)| Artifact {
            path: format!("{DIR}/{name}"),
            contents: super::wrap_comments(&format!("{}\n{body}", comment_header("//"))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> Spec {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../protocol.toml")).unwrap();
        crate::load("protocol.toml", &text).unwrap()
    }

    #[test]
    fn every_module_is_headed_and_placed() {
        let spec = spec();
        for a in artifacts(&spec) {
            assert!(a.path.starts_with(DIR), "{}", a.path);
            assert!(a.contents.starts_with(&comment_header("//")), "{}", a.path);
        }
    }

    #[test]
    fn every_type_has_a_decoder() {
        let spec = spec();
        let validators = decoders::emit(&spec);
        for t in &spec.types {
            // Each one is also a Standard Schema v1 validator (`~standard`, runtime/check.ts).
            let head =
                format!("export const decode{0}: Validator<T.{0}> = standard(\"{0}\", function decode{0}(", t.name);
            assert!(validators.contains(&head), "{}", t.name);
        }
    }

    #[test]
    fn presence_is_faithful() {
        let types = types::emit(&spec());
        // Optional, not nullable: may be omitted, never null.
        assert!(types.contains("  parent_activity_id?: OpaqueId;\n"));
        // Required and nullable: always present, may be null.
        assert!(types.contains("  timed_out: boolean | null;\n"));
        // Defaulted: may be omitted; null is invalid.
        assert!(types.contains("  requested_capabilities?: Name[];\n"));
        // Defaulted and nullable.
        assert!(types.contains("  after?: Cursor | null;\n"));
    }
}
