//! Field types and the seed expression that decodes each one under its bounds.

use super::idents;
use crate::charset::Charset;
use crate::ir::{
    Bound, BoundSource, Field, IntBase, JsonKind, Presence, Spec, StringRules, TypeKind, TypeRef, Violation,
};
use proc_macro2::TokenStream;
use quote::quote;

/// The Rust type of a value of `ty` (before presence and nullability).
pub fn value_type(ty: &TypeRef) -> TokenStream {
    match ty {
        TypeRef::Bool => quote!(bool),
        TypeRef::Int(r) => match r.base {
            IntBase::U16 => quote!(u16),
            IntBase::U32 => quote!(u32),
            IntBase::Uint => quote!(u64),
        },
        TypeRef::String(_) => quote!(String),
        TypeRef::Json(_) => quote!(serde_json::Value),
        TypeRef::Array(a) => {
            let item = value_type(&a.items);
            quote!(Vec<#item>)
        }
        TypeRef::Named(n) => {
            let id = idents::ty(n);
            quote!(#id)
        }
        TypeRef::Payload => quote!(P),
    }
}

/// The Rust type of a struct member: `Option` for nullable and optional members.
pub fn member_type(f: &Field) -> TokenStream {
    let v = value_type(&f.ty);
    let wrapped = f.nullable || matches!(f.presence, Presence::Optional);
    if wrapped {
        quote!(Option<#v>)
    } else {
        v
    }
}

/// A bound as an expression: the named limit or constant where it came from one.
pub fn bound_expr(b: &Bound) -> TokenStream {
    match &b.source {
        BoundSource::Literal => {
            let v = b.value;
            quote!(#v)
        }
        BoundSource::Limit(name) => {
            let c = idents::constant(name);
            quote!(crate::limits::#c)
        }
        BoundSource::Constant(name) => {
            let c = idents::constant(name);
            quote!(crate::constants::#c)
        }
    }
}

/// `StrRules { .. }` as a constant expression.
pub fn str_rules(r: &StringRules) -> TokenStream {
    let min = bound_expr(&r.min_bytes);
    let max = bound_expr(&r.max_bytes);
    let charset = match r.charset.as_deref().and_then(|c| Charset::parse(c).ok()) {
        Some(c) => {
            let [a, b] = c.bits;
            quote!(Some(crate::runtime::Charset::new([#a, #b])))
        }
        None => quote!(None),
    };
    let rfc3339 = r.format.is_some();
    let non_blank = r.non_blank;
    quote!(crate::runtime::StrRules { min_bytes: #min, max_bytes: #max, charset: #charset, rfc3339: #rfc3339, non_blank: #non_blank })
}

/// The seed that decodes one value of `ty` with the context variable `cx` in scope.
pub fn seed(spec: &Spec, ty: &TypeRef) -> TokenStream {
    match ty {
        TypeRef::Bool => quote!(crate::runtime::BoolSeed),
        TypeRef::Int(r) => {
            let (min, max) = (bound_expr(&r.min), bound_expr(&r.max));
            let t = value_type(ty);
            quote!(crate::runtime::IntSeed::<#t>::new(#min, #max))
        }
        TypeRef::String(r) => {
            let rules = str_rules(r);
            quote!(crate::runtime::StrSeed { cx, rules: &#rules })
        }
        TypeRef::Json(kind) => {
            let object_only = *kind == JsonKind::Object;
            quote!(crate::runtime::JsonSeed { cx, object_only: #object_only })
        }
        TypeRef::Array(a) => {
            let (min, max) = (bound_expr(&a.min_items), bound_expr(&a.max_items));
            let is_limit = a.max_violation == Violation::LimitExceeded;
            let item = seed(spec, &a.items);
            // Scalar item seeds need no context; naming it would leave an unused binding.
            let param = if matches!(a.items, TypeRef::Bool | TypeRef::Int(_)) { quote!(_) } else { quote!(cx) };
            quote!(crate::runtime::ArraySeed { cx, min: #min, max: #max, max_is_limit: #is_limit, item: |#param| #item })
        }
        TypeRef::Named(n) => named_seed(spec, n),
        TypeRef::Payload => quote!(crate::runtime::PayloadSeed::<P>::new(cx, None)),
    }
}

fn named_seed(spec: &Spec, name: &str) -> TokenStream {
    match spec.ty(name).map(|t| &t.kind) {
        Some(TypeKind::String(_)) if !super::id_types::is_newtype(spec, name) => {
            let c = idents::constant(name);
            quote!(crate::runtime::StrSeed { cx, rules: &crate::rules::#c })
        }
        _ => {
            let id = idents::ty(name);
            quote!(crate::runtime::Seed::<#id>::new(cx))
        }
    }
}

/// The seed for a member: const members check their value, nullable ones accept `null`.
pub fn member_seed(spec: &Spec, f: &Field) -> TokenStream {
    let inner = seed(spec, &f.ty);
    if f.nullable {
        quote!(crate::runtime::NullableSeed(#inner))
    } else {
        inner
    }
}
