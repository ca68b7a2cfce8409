//! Rust emitter: the `agentwire-protocol` crate's generated module. `write` commits it formatted
//! (`generated/src/generated/protocol.rs`); the crate's build script compiles that copy while
//! it is fresh for the spec ([`freshness`]) and emits [`generate_unformatted`] into `OUT_DIR`
//! when it is not.

mod enums;
pub mod freshness;
mod growth;
mod handlers;
mod id_types;
mod idents;
mod inline_size;
mod maps;
mod objects;
mod operations;
mod profiles;
mod tables;
mod types;
mod unions;
mod write_json;

#[cfg(feature = "artifacts")]
use super::Artifact;
use crate::compat::growth::Growths;
use crate::compat::reach::Reach;
use crate::ir::{Spec, TypeKind};
use objects::ObjectShape;
use proc_macro2::TokenStream;
use quote::quote;

/// The committed module and the committed copy of the generator's RFC 3339 checker (which the
/// runtime includes beside it), each under the generated header; the module's header adds the
/// freshness marker, the one hash a generated header carries (the build script reads it).
#[cfg(feature = "artifacts")]
pub fn artifacts(spec: &Spec) -> Vec<Artifact> {
    let module = generate(spec).unwrap_or_else(|e| panic!("the Rust emitter's tokens do not parse: {e}"));
    let in_crate = |path: &str| format!("{}/{path}", freshness::CRATE_DIR);
    vec![
        Artifact { path: in_crate(freshness::MODULE_IN_CRATE), contents: module },
        Artifact {
            path: in_crate(freshness::RFC3339_IN_CRATE),
            contents: format!("{}\n{}", super::comment_header("//"), crate::RFC3339_SOURCE),
        },
    ]
}

/// The generated module, formatted with prettyplease (its doc comments wrapped at the code's
/// width) under the generated header and the freshness marker of the spec's text: the
/// committed copy.
#[cfg(feature = "artifacts")]
pub fn generate(spec: &Spec) -> Result<String, syn::Error> {
    let file: syn::File = syn::parse2(tokens(spec))?;
    Ok(format!(
        "{}// {}\n\n{}",
        super::comment_header("//"),
        freshness::marker(spec.text_fnv1a64),
        super::wrap_comments(&prettyplease::unparse(&file))
    ))
}

/// The same token stream as [`generate`], unformatted: what `agentwire-protocol`'s build script
/// compiles, so the build needs neither syn's syntax tree nor prettyplease. The tokens are one
/// function's output, so both forms are the same code.
pub fn generate_unformatted(spec: &Spec) -> String {
    format!("// Generated from protocol.toml by agentwire-codegen. Do not edit.\n{}\n", tokens(spec))
}

fn tokens(spec: &Spec) -> TokenStream {
    let tables = [
        tables::limits(spec),
        tables::constants(spec),
        tables::string_types(spec),
        id_types::emit(spec),
        tables::error_codes(spec),
        tables::launch_errors(spec),
    ];
    let growths = Growths::of(spec);
    let types = spec.types.iter().map(|t| named_type(spec, &growths, t));
    let envelopes = [
        ("RequestEnvelope", &spec.request_envelope),
        ("ResponseEnvelope", &spec.response_envelope),
        ("EventEnvelope", &spec.event_envelope),
    ]
    .map(|(name, e)| {
        let doc = format!(" {}", e.doc);
        let reach = if name == "RequestEnvelope" { Reach::INPUT } else { Reach::OUTPUT };
        objects::emit(
            spec,
            &ObjectShape {
                name,
                doc: &doc,
                fields: &e.fields,
                at_least_one_of: &[],
                discriminators: Vec::new(),
                payload_key: e.payload_key.as_deref(),
                growth: growths.members(name, reach),
            },
        )
    });
    let ops = [
        operations::methods(spec),
        operations::event_names(spec),
        operations::payloads(spec),
        operations::advertisement(spec),
        profiles::emit(spec),
        operations::markers(spec),
        handlers::emit(spec),
    ];
    quote! {
        #(#tables)*
        #(#types)*
        #(#envelopes)*
        #(#ops)*
    }
}

fn named_type(spec: &Spec, growths: &Growths<'_>, t: &crate::ir::TypeDef) -> TokenStream {
    let doc = format!(" {}", t.doc);
    let Some(growth) = growths.named(&t.name) else {
        // String types are aliases of `String`, emitted with the tables.
        return quote!();
    };
    match &t.kind {
        TypeKind::String(_) => quote!(),
        TypeKind::Enum(e) => enums::emit(&t.name, &t.doc, e, growth),
        TypeKind::Object(o) => objects::emit(
            spec,
            &ObjectShape {
                name: &t.name,
                doc: &doc,
                fields: &o.fields,
                at_least_one_of: &o.at_least_one_of,
                discriminators: Vec::new(),
                payload_key: None,
                growth,
            },
        ),
        TypeKind::Map(m) => maps::emit(spec, &t.name, &doc, m, growth),
        TypeKind::Union(u) => unions::emit(spec, growths, &t.name, &doc, u, growth),
    }
}
