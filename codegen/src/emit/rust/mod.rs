//! Rust emitter: the `agentwire-protocol` crate's generated module, emitted at build time by
//! `generated/build.rs` and snapshot-tested here.

mod enums;
mod growth;
mod handlers;
mod id_types;
mod idents;
mod inline_size;
mod maps;
mod objects;
mod operations;
mod tables;
mod types;
mod unions;
mod write_json;

use super::Artifact;
use crate::compat::growth::Growths;
use crate::compat::reach::Reach;
use crate::ir::{Spec, TypeKind};
use objects::ObjectShape;
use proc_macro2::TokenStream;
use quote::quote;

/// Rust is generated at build time, so it has no committed artifacts.
pub fn artifacts(_spec: &Spec) -> Vec<Artifact> {
    Vec::new()
}

/// The generated module, formatted with prettyplease and headed with the spec hash: what the
/// snapshot test and readers see.
#[cfg(feature = "artifacts")]
pub fn generate(spec: &Spec) -> Result<String, syn::Error> {
    let file: syn::File = syn::parse2(tokens(spec))?;
    Ok(format!("{}\n{}", super::header(spec, "//"), prettyplease::unparse(&file)))
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
