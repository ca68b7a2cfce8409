//! Open maps with constrained values: required keys become named members, every other key is
//! an extension that must still satisfy the value constraint.

use super::types::{member_seed, value_type};
use super::write_json::{self, ObjectWriter};
use super::{growth, idents};
use crate::compat::growth::Growth;
use crate::ir::{MapDef, Spec};
use proc_macro2::TokenStream;
use quote::quote;

pub fn emit(spec: &Spec, name: &str, doc: &str, def: &MapDef, growth: Growth) -> TokenStream {
    let ty = idents::ty(name);
    let value = value_type(&def.values.ty);
    let seed = member_seed(spec, &def.values);
    let keys = &def.required_keys;
    let ids: Vec<_> = keys.iter().map(|k| idents::field(k)).collect();
    let slots: Vec<_> = keys.iter().map(|k| idents::slot(k)).collect();
    let docs = keys.iter().map(|k| format!(" `{k}`."));
    let expecting = format!("a {name} map");
    let write = write_json_impl(&ty, keys);
    let addition = if keys.is_empty() { "a new member" } else { "a new required key (a new limit)" };
    let (attr, growth_doc) = growth::marker(
        growth,
        addition,
        "Build it with [`Self::new`] (every declared key at the spec's limit) and the `with_*` setters.",
    );
    let constructors = if growth.can_grow() { constructors(spec, &ty, &value, keys) } else { quote!() };
    quote! {
        #[doc = #doc]
        #[doc = ""]
        #[doc = #growth_doc]
        #[derive(Debug, Clone, PartialEq)]
        #attr
        pub struct #ty {
            #(#[doc = #docs] pub #ids: #value,)*
            /// Keys this spec does not declare, kept so forwarding loses nothing.
            pub extensions: std::collections::BTreeMap<String, #value>,
        }

        #constructors

        impl #ty {
            /// The value under a wire key, declared or extension, so callers can walk a
            /// spec-generated list of keys instead of naming fields.
            pub fn get(&self, key: &str) -> Option<&#value> {
                match key {
                    #(#keys => Some(&self.#ids),)*
                    other => self.extensions.get(other),
                }
            }
        }

        impl crate::runtime::Decode for #ty {
            fn decode<'de, D: serde::Deserializer<'de>>(d: D, cx: crate::runtime::Cx<'_>) -> Result<Self, D::Error> {
                struct V<'a>(crate::runtime::Cx<'a>);
                impl<'de> serde::de::Visitor<'de> for V<'_> {
                    type Value = #ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str(#expecting)
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                        let cx = self.0.enter()?;
                        let mut fields = 0u64;
                        #(let mut #slots = None;)*
                        let mut extensions = std::collections::BTreeMap::new();
                        while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                            cx.count_field(&mut fields)?;
                            let v = cx.in_member(&key, map.next_value_seed(#seed))?;
                            match key.as_ref() {
                                #(#keys => crate::runtime::put(cx, &mut #slots, #keys, v)?,)*
                                other => {
                                    if extensions.insert(other.to_owned(), v).is_some() {
                                        return Err(cx.duplicate(other));
                                    }
                                }
                            }
                        }
                        Ok(#ty { #(#ids: crate::runtime::required(#slots, #keys)?,)* extensions })
                    }
                }
                d.deserialize_map(V(cx))
            }
        }

        #write
    }
}

fn write_json_impl(ty: &proc_macro2::Ident, keys: &[String]) -> TokenStream {
    let mut w = ObjectWriter::open();
    for k in keys {
        let id = idents::field(k);
        w.member(k, quote!(&self.#id));
    }
    w.raw(quote! {
        for (k, v) in &self.extensions {
            crate::runtime::separate(out);
            crate::runtime::write_str(out, k);
            out.push(b':');
            crate::runtime::WriteJson::write_json(v, out);
        }
    });
    write_json::impl_for(quote!(#ty), quote!(), w.close())
}

/// `new` with every declared key at the spec's value of the limit it names (a new limit then
/// changes no signature), and a `with_<key>` setter per key.
fn constructors(spec: &Spec, ty: &proc_macro2::Ident, value: &TokenStream, keys: &[String]) -> TokenStream {
    let ids: Vec<_> = keys.iter().map(|k| idents::field(k)).collect();
    let defaults = keys.iter().map(|k| match spec.limit(k) {
        Some(_) => {
            let c = idents::constant(k);
            quote!(crate::limits::#c)
        }
        None => quote!(Default::default()),
    });
    let setters = keys.iter().zip(&ids).map(|(k, id)| {
        let with = proc_macro2::Ident::new(&format!("with_{}", id.to_string().trim_start_matches("r#")), id.span());
        let doc = format!(" Sets `{k}`.");
        quote! {
            #[doc = #doc]
            #[must_use]
            pub fn #with(mut self, value: #value) -> Self {
                self.#id = value;
                self
            }
        }
    });
    quote! {
        impl #ty {
            /// Every declared key at the spec's value, and no extensions.
            pub fn new() -> Self {
                Self { #(#ids: #defaults,)* extensions: std::collections::BTreeMap::new() }
            }
            #(#setters)*
        }
    }
}
