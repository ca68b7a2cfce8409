//! Discriminated unions: the discriminators may appear anywhere in the object, so the value is
//! read once under the record bounds, then the matching variant decodes it.

use super::objects::{self, ObjectShape};
use super::write_json;
use super::{growth, idents};
use crate::compat::growth::{Growth, Growths};
use crate::ir::{Spec, UnionDef};
use crate::names::pascal;
use proc_macro2::TokenStream;
use quote::quote;

pub fn emit(spec: &Spec, growths: &Growths<'_>, name: &str, doc: &str, def: &UnionDef, growth: Growth) -> TokenStream {
    let ty = idents::ty(name);
    let reach = growths.reach(name);
    let structs = def.variants.iter().map(|v| {
        let vname = format!("{name}{}", pascal(&v.name));
        let discriminators = def.discriminators.iter().cloned().zip(v.matches.iter().cloned()).collect();
        let doc = format!(" {}", v.doc);
        objects::emit(
            spec,
            &ObjectShape {
                name: &vname,
                doc: &doc,
                fields: &v.fields,
                at_least_one_of: &[],
                discriminators,
                payload_key: None,
                growth: growths.members(&vname, reach),
            },
        )
    });
    let variants: Vec<_> = def.variants.iter().map(|v| idents::ty(&v.name)).collect();
    let variant_types: Vec<_> =
        def.variants.iter().map(|v| idents::ty(&format!("{name}{}", pascal(&v.name)))).collect();
    let docs = def.variants.iter().map(|v| format!(" {}", v.doc));
    let tags = &def.discriminators;
    let patterns = def.variants.iter().map(|v| {
        let values = v.matches.iter().map(|m| quote!(Some(#m)));
        quote!((#(#values,)*))
    });
    let write = write_json::delegate(quote!(#ty), &variants);
    let unknown = format!("no {name} variant matches its discriminators");
    let (attr, growth_doc) = growth::marker(growth, "a new variant", "A `match` over it needs a `_` arm.");
    quote! {
        #[doc = #doc]
        #[doc = ""]
        #[doc = #growth_doc]
        #[derive(Debug, Clone, PartialEq)]
        #attr
        pub enum #ty { #(#[doc = #docs] #variants(#variant_types),)* }

        #(#structs)*

        impl crate::runtime::Decode for #ty {
            fn decode<'de, D: serde::Deserializer<'de>>(d: D, cx: crate::runtime::Cx<'_>) -> Result<Self, D::Error> {
                use serde::de::{DeserializeSeed, Error};
                let value = crate::runtime::JsonSeed { cx, object_only: true }.deserialize(d)?;
                let tags = (#(value.get(#tags).and_then(serde_json::Value::as_str),)*);
                let decoded = match tags {
                    #(#patterns => crate::runtime::Seed::<#variant_types>::new(cx).deserialize(&value).map(Self::#variants),)*
                    _ => return Err(D::Error::custom(#unknown)),
                };
                decoded.map_err(D::Error::custom)
            }
        }

        #write
    }
}
