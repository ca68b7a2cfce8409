//! Closed enums: unknown values are rejected, never mapped to a catch-all.

use super::growth;
use super::idents;
use crate::compat::growth::Growth;
use crate::ir::EnumDef;
use proc_macro2::TokenStream;
use quote::quote;

/// A closed string enum with `as_str`, `from_wire`, `ALL`, `Decode` and `WriteJson`.
pub fn emit(name: &str, doc: &str, def: &EnumDef, growth: Growth) -> TokenStream {
    let values: Vec<&str> = def.values.iter().map(String::as_str).collect();
    let fallback = def
        .fallback
        .as_deref()
        .map(|f| format!(" The literal `{f}` is an accepted value, not a wildcard."))
        .unwrap_or_default();
    emit_values(name, &format!(" {doc}{fallback}"), &values, &[], growth)
}

/// Shared by spec enums, methods, event names and error codes.
pub fn emit_values(name: &str, doc: &str, values: &[&str], value_docs: &[String], growth: Growth) -> TokenStream {
    let ty = idents::ty(name);
    let variants: Vec<_> = values.iter().map(|v| idents::ty(v)).collect();
    let docs = values.iter().enumerate().map(|(i, v)| value_docs.get(i).cloned().unwrap_or_else(|| format!(" `{v}`")));
    let expecting = format!("a {name} value");
    let (attr, growth_doc) = growth::marker(growth, "a new value", "A `match` over it needs a `_` arm.");
    quote! {
        #[doc = #doc]
        #[doc = ""]
        #[doc = #growth_doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #attr
        pub enum #ty { #(#[doc = #docs] #variants,)* }

        impl #ty {
            /// Every value, in spec order.
            pub const ALL: &'static [Self] = &[#(Self::#variants),*];
            /// Every wire spelling, in spec order.
            pub const NAMES: &'static [&'static str] = &[#(#values),*];

            /// The wire spelling.
            pub fn as_str(self) -> &'static str {
                match self { #(Self::#variants => #values,)* }
            }

            /// The value for a wire spelling; `None` for anything unknown.
            pub fn from_wire(s: &str) -> Option<Self> {
                match s { #(#values => Some(Self::#variants),)* _ => None }
            }
        }

        impl std::fmt::Display for #ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl crate::runtime::Decode for #ty {
            fn decode<'de, D: serde::Deserializer<'de>>(d: D, cx: crate::runtime::Cx<'_>) -> Result<Self, D::Error> {
                let s = serde::de::DeserializeSeed::deserialize(crate::runtime::KeySeed(cx), d)?;
                Self::from_wire(&s).ok_or_else(|| <D::Error as serde::de::Error>::invalid_value(serde::de::Unexpected::Str(&s), &#expecting))
            }
        }

        impl crate::runtime::WriteJson for #ty {
            fn write_json(&self, out: &mut Vec<u8>) {
                crate::runtime::write_str(out, self.as_str());
            }
        }
    }
}
