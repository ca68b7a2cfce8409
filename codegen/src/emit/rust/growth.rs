//! `#[non_exhaustive]` or not, decided per type from the compat checker's rule table
//! ([`crate::compat::growth`]), and the constructors growable structs get instead of literals.

use super::idents;
use super::objects::default_expr;
use super::types::{member_type, value_type};
use crate::compat::growth::Growth;
use crate::compat::Category;
use crate::ir::{Field, Presence, Spec, TypeKind, TypeRef};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;
use serde_json::Value;

/// The attribute and the doc paragraph saying why a type is or is not exhaustive. `addition`
/// names what a later spec could add ("a new optional member"); `growable_hint` tells users of
/// a growable type how to live with it.
pub fn marker(growth: Growth, addition: &str, growable_hint: &str) -> (TokenStream, String) {
    let verdict = match growth.category {
        Category::Compatible => "compatible",
        Category::NeedsPreflight => "compatible once consumers preflight it",
        Category::Breaking => "breaking",
    };
    let why = format!("{addition} is {verdict} {} (`{}`)", growth.reach.describe(), growth.rule.id());
    if growth.can_grow() {
        let doc = format!(
            " Non-exhaustive: {why}, so a later spec may add one without a new protocol version. {growable_hint}"
        );
        (quote!(#[non_exhaustive]), doc)
    } else {
        let doc = format!(" Exhaustive: {why} and needs a new protocol version, so Rust may rely on the full list.");
        (quote!(), doc)
    }
}

/// `new` with the required members and one `with_<member>` setter per optional or defaulted
/// member, for a struct outside code cannot build with a literal.
pub fn constructors(spec: &Spec, name: &Ident, generics: &TokenStream, members: &[&Field]) -> TokenStream {
    let required: Vec<&Field> = members.iter().copied().filter(|f| f.is_required()).collect();
    let params = required.iter().map(|f| {
        let id = idents::field(&f.name);
        let ty = param_type(spec, f);
        quote!(#id: #ty)
    });
    let inits = members.iter().map(|f| {
        let id = idents::field(&f.name);
        let value = match &f.presence {
            Presence::Required if !is_string(spec, f) => return quote!(#id,),
            Presence::Required => into(spec, f, quote!(#id)),
            Presence::Optional | Presence::Defaulted(Value::Null) => quote!(None),
            Presence::Defaulted(v) if f.nullable => {
                let d = default_expr(v);
                quote!(Some(#d))
            }
            Presence::Defaulted(v) => default_expr(v),
        };
        quote!(#id: #value,)
    });
    let names: Vec<String> = required.iter().map(|f| format!("`{}`", f.name)).collect();
    let new_doc = if names.is_empty() {
        " With every optional member omitted and every defaulted one at its default.".to_string()
    } else {
        format!(
            " From the required members ({}); optional members are omitted, defaulted ones take their defaults.",
            names.join(", ")
        )
    };
    let setters = members.iter().filter(|f| !f.is_required()).map(|f| setter(spec, f));
    quote! {
        impl #generics #name #generics {
            #[doc = #new_doc]
            pub fn new(#(#params),*) -> Self {
                Self { #(#inits)* }
            }
            #(#setters)*
        }
    }
}

fn setter(spec: &Spec, f: &Field) -> TokenStream {
    let id = idents::field(&f.name);
    let with = Ident::new(&format!("with_{}", id.to_string().trim_start_matches("r#")), Span::call_site());
    let doc = match f.presence {
        Presence::Optional => format!(" Sets `{}` (`None` omits it): {}", f.name, f.doc),
        _ => format!(" Sets `{}`: {}", f.name, f.doc),
    };
    // An optional member takes its value or an `Option` of it (`None` omits it); a defaulted
    // one takes its whole member type (`Option` when nullable, since `null` is a value there).
    let (ty, value) = match f.presence {
        Presence::Optional => {
            let inner = value_type(&f.ty);
            (
                quote!(impl crate::runtime::IntoOptional<#inner>),
                quote!(crate::runtime::IntoOptional::into_optional(value)),
            )
        }
        _ => (param_type(spec, f), into(spec, f, quote!(value))),
    };
    quote! {
        #[doc = #doc]
        #[must_use]
        pub fn #with(mut self, value: #ty) -> Self {
            self.#id = #value;
            self
        }
    }
}

/// Text members take anything that becomes a `String`, so literals need no `.to_owned()`.
fn param_type(spec: &Spec, f: &Field) -> TokenStream {
    let ty = member_type(f);
    if is_string(spec, f) {
        quote!(impl Into<String>)
    } else {
        ty
    }
}

fn into(spec: &Spec, f: &Field, value: TokenStream) -> TokenStream {
    if is_string(spec, f) {
        quote!(#value.into())
    } else {
        value
    }
}

/// A plain (not `Option`) string member, inline or of a named string type (validated ID
/// newtypes excepted: they are built only by checking).
fn is_string(spec: &Spec, f: &Field) -> bool {
    let plain = !f.nullable && f.presence != Presence::Optional;
    plain
        && match &f.ty {
            TypeRef::String(_) => true,
            TypeRef::Named(n) => {
                matches!(spec.ty(n).map(|t| &t.kind), Some(TypeKind::String(_)))
                    && !super::id_types::is_newtype(spec, n)
            }
            _ => false,
        }
}
