//! Object-like types (objects, union variants, envelopes): a struct with doc comments, a bounded
//! strict-or-tolerant `Decode`, and a `WriteJson` that writes consts and skips absent members.

use super::growth;
use super::idents;
use super::types::{member_seed, member_type};
use super::write_json::{self, ObjectWriter};
use crate::compat::growth::Growth;
use crate::ir::{Field, Presence, Spec, TypeRef};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_json::Value;

/// What to emit for one object-like type.
pub struct ObjectShape<'a> {
    pub name: &'a str,
    pub doc: &'a str,
    pub fields: &'a [Field],
    pub at_least_one_of: &'a [String],
    /// Discriminator members and the values this shape stands for (union variants).
    pub discriminators: Vec<(String, String)>,
    /// The member whose value selects the payload type (envelopes).
    pub payload_key: Option<&'a str>,
    /// Whether a later spec may add a member without a new protocol version.
    pub growth: Growth,
}

impl ObjectShape<'_> {
    fn generic(&self) -> bool {
        self.fields.iter().any(|f| f.ty == TypeRef::Payload)
    }

    fn members(&self) -> impl Iterator<Item = &Field> {
        self.fields.iter().filter(|f| f.constant.is_none())
    }
}

pub fn emit(spec: &Spec, shape: &ObjectShape<'_>) -> TokenStream {
    let def = definition(spec, shape);
    let decode = decode_impl(spec, shape);
    let write = write_json_impl(shape);
    let extra = if shape.generic() { envelope_helpers(spec, shape) } else { quote!() };
    quote! { #def #decode #write #extra }
}

fn definition(spec: &Spec, shape: &ObjectShape<'_>) -> TokenStream {
    let name = idents::ty(shape.name);
    let doc = shape.doc;
    let members = shape.members().map(|f| {
        let id = idents::field(&f.name);
        let ty = member_type(f);
        let doc = member_doc(f);
        quote!(#[doc = #doc] pub #id: #ty,)
    });
    let generics = if shape.generic() { quote!(<P>) } else { quote!() };
    let (attr, growth_doc) = growth::marker(
        shape.growth,
        "a new optional member",
        "Build it with [`Self::new`] and the `with_*` setters; read its members directly.",
    );
    let constructors = if shape.growth.can_grow() {
        let members: Vec<&Field> = shape.members().collect();
        growth::constructors(spec, &name, &generics, &members)
    } else {
        quote!()
    };
    let constants = constant_members(shape, &name, &generics);
    quote! {
        #[doc = #doc]
        #[doc = ""]
        #[doc = #growth_doc]
        #[derive(Debug, Clone, PartialEq)]
        #attr
        pub struct #name #generics { #(#members)* }
        #constructors
        #constants
    }
}

/// A constant member is no field (every value has the same one), so readers get it as an
/// associated constant named after it: `TurnCancelResponse::STATUS`.
fn constant_members(shape: &ObjectShape<'_>, name: &proc_macro2::Ident, generics: &TokenStream) -> TokenStream {
    let consts: Vec<TokenStream> = shape
        .fields
        .iter()
        .filter_map(|f| {
            let (ty, value) = match f.constant.as_ref()? {
                Value::Bool(b) => (quote!(bool), quote!(#b)),
                Value::Number(n) => {
                    let n = n.as_u64()?;
                    (quote!(u64), quote!(#n))
                }
                Value::String(s) => (quote!(&'static str), quote!(#s)),
                _ => return None,
            };
            let id = idents::constant(&f.name);
            let doc = format!(" {} Always `{}` on the wire.", f.doc, f.constant.as_ref()?);
            Some(quote!(#[doc = #doc] pub const #id: #ty = #value;))
        })
        .collect();
    if consts.is_empty() {
        return quote!();
    }
    quote!(impl #generics #name #generics { #(#consts)* })
}

/// The member's doc plus its presence facts, so readers of generated code see both.
fn member_doc(f: &Field) -> String {
    let presence = match &f.presence {
        Presence::Required if f.nullable => " (required, nullable)".to_string(),
        Presence::Required => String::new(),
        Presence::Optional => " (optional: `None` means omitted)".to_string(),
        Presence::Defaulted(v) => format!(" (defaults to `{v}` when omitted)"),
    };
    format!(" {}{presence}", f.doc)
}

fn const_seed(v: &Value) -> TokenStream {
    match v {
        Value::Bool(b) => quote!(crate::runtime::ConstBool(#b)),
        Value::Number(n) => {
            let n = n.as_u64().unwrap_or_default();
            quote!(crate::runtime::ConstInt(#n))
        }
        Value::String(s) => quote!(crate::runtime::ConstStr(#s)),
        _ => quote!(crate::runtime::IgnoreSeed(cx)),
    }
}

fn arm(spec: &Spec, shape: &ObjectShape<'_>, f: &Field) -> TokenStream {
    let wire = &f.name;
    let slot = idents::slot(wire);
    let seed = match (&f.constant, &f.ty) {
        (Some(c), _) => const_seed(c),
        (None, TypeRef::Payload) => {
            let key = shape.payload_key.map(idents::slot);
            let tag = key.map_or_else(|| quote!(None), |k| quote!(#k.as_deref()));
            let inner = quote!(crate::runtime::PayloadSeed::<P>::new(cx, #tag));
            if f.nullable {
                quote!(crate::runtime::NullableSeed(#inner))
            } else {
                inner
            }
        }
        _ => member_seed(spec, f),
    };
    quote! {
        #wire => {
            let v = cx.in_member(#wire, map.next_value_seed(#seed))?;
            crate::runtime::put(cx, &mut #slot, #wire, v)?;
        }
    }
}

fn finish(f: &Field) -> TokenStream {
    let wire = &f.name;
    let slot = idents::slot(wire);
    match &f.presence {
        Presence::Required => quote!(crate::runtime::required(#slot, #wire)?),
        Presence::Optional => quote!(#slot),
        Presence::Defaulted(Value::Null) => quote!(#slot.flatten()),
        Presence::Defaulted(v) if f.nullable => {
            let d = default_expr(v);
            quote!(#slot.unwrap_or(Some(#d)))
        }
        Presence::Defaulted(v) => {
            let d = default_expr(v);
            quote!(#slot.unwrap_or_else(|| #d))
        }
    }
}

/// The Rust expression of a member's spec default (decoders and constructors alike).
pub(super) fn default_expr(v: &Value) -> TokenStream {
    match v {
        Value::Bool(b) => quote!(#b),
        Value::Number(n) => {
            let lit = Literal::u64_unsuffixed(n.as_u64().unwrap_or_default());
            quote!(#lit)
        }
        Value::String(s) => quote!(#s.to_owned()),
        Value::Array(_) => quote!(Vec::new()),
        _ => quote!(Default::default()),
    }
}

fn decode_impl(spec: &Spec, shape: &ObjectShape<'_>) -> TokenStream {
    let name = idents::ty(shape.name);
    let expecting = format!("a {} object", shape.name);
    let slots = shape.fields.iter().map(|f| {
        let slot = idents::slot(&f.name);
        quote!(let mut #slot = None;)
    });
    let arms = shape.fields.iter().map(|f| arm(spec, shape, f));
    let skips =
        shape.discriminators.iter().map(|(d, _)| quote!(#d => map.next_value_seed(crate::runtime::IgnoreSeed(cx))?,));
    let const_checks = shape.fields.iter().filter(|f| f.constant.is_some() && f.is_required()).map(|f| {
        let (slot, wire) = (idents::slot(&f.name), &f.name);
        quote!(crate::runtime::required::<(), A::Error>(#slot, #wire)?;)
    });
    let one_of = at_least_one_of(shape);
    let inits = shape.members().map(|f| {
        let id = idents::field(&f.name);
        let value = finish(f);
        quote!(#id: #value,)
    });
    let (impl_generics, ty_generics, visitor_generics, phantom, inner_bound) = if shape.generic() {
        let bound = quote!(P: crate::runtime::PayloadDecode);
        (quote!(<#bound>), quote!(<P>), quote!(<'a, P>), quote!(std::marker::PhantomData<P>), bound)
    } else {
        (quote!(), quote!(), quote!(<'a>), quote!(std::marker::PhantomData<()>), quote!())
    };
    quote! {
        impl #impl_generics crate::runtime::Decode for #name #ty_generics {
            fn decode<'de, D: serde::Deserializer<'de>>(d: D, cx: crate::runtime::Cx<'_>) -> Result<Self, D::Error> {
                struct V #visitor_generics (crate::runtime::Cx<'a>, #phantom);
                impl<'de, 'a, #inner_bound> serde::de::Visitor<'de> for V #visitor_generics {
                    type Value = #name #ty_generics;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str(#expecting)
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                        let cx = self.0.enter()?;
                        let mut fields = 0u64;
                        #(#slots)*
                        while let Some(key) = map.next_key_seed(crate::runtime::KeySeed(cx))? {
                            cx.count_field(&mut fields)?;
                            match key.as_ref() {
                                #(#arms)*
                                #(#skips)*
                                other => cx.unknown_member(&mut map, other)?,
                            }
                        }
                        #(#const_checks)*
                        #one_of
                        Ok(#name { #(#inits)* })
                    }
                }
                d.deserialize_map(V(cx, std::marker::PhantomData))
            }
        }
    }
}

fn at_least_one_of(shape: &ObjectShape<'_>) -> TokenStream {
    if shape.at_least_one_of.is_empty() {
        return quote!();
    }
    let slots = shape.at_least_one_of.iter().map(|n| idents::slot(n));
    let message = format!("needs at least one of {}", shape.at_least_one_of.join(", "));
    quote! {
        if #(#slots.is_none())&&* {
            return Err(serde::de::Error::custom(#message));
        }
    }
}

fn write_json_impl(shape: &ObjectShape<'_>) -> TokenStream {
    let name = idents::ty(shape.name);
    let mut w = ObjectWriter::open();
    write_json::object_members(&mut w, &shape.discriminators, shape.fields);
    let (ty, generics) = if shape.generic() {
        (quote!(#name<P>), quote!(<P: crate::runtime::WriteJson>))
    } else {
        (quote!(#name), quote!())
    };
    write_json::impl_for(ty, generics, w.close())
}

fn envelope_helpers(spec: &Spec, shape: &ObjectShape<'_>) -> TokenStream {
    let name = idents::ty(shape.name);
    let checks = shape.fields.iter().filter(|f| f.constant.is_none() && f.ty != TypeRef::Payload).map(|f| {
        let wire = &f.name;
        let seed = member_seed(spec, f);
        quote!(#wire => serde::de::DeserializeSeed::deserialize(#seed, value).is_ok(),)
    });
    let moves = shape.members().map(|f| {
        let id = idents::field(&f.name);
        match (&f.ty, f.nullable) {
            (TypeRef::Payload, true) => quote!(#id: self.#id.map(f),),
            (TypeRef::Payload, false) => quote!(#id: f(self.#id),),
            _ => quote!(#id: self.#id,),
        }
    });
    quote! {
        impl<P> #name<P> {
            /// The same envelope with its payload transformed (decoded, deferred or replaced).
            pub fn map_payload<Q>(self, f: impl FnOnce(P) -> Q) -> #name<Q> {
                #name { #(#moves)* }
            }
        }

        impl #name<crate::runtime::Deferred> {
            /// Whether `value` is a valid value of the named envelope member, so identities can be
            /// recovered from a record that failed to decode as a whole.
            pub fn member_is_valid(member: &str, value: &serde_json::Value) -> bool {
                let flags = crate::runtime::Flags::default();
                let cx = crate::runtime::Cx::new(crate::runtime::Mode::Strict, &flags);
                match member { #(#checks)* _ => false }
            }
        }
    }
}
