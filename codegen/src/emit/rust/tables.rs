//! Data tables: limits, constants, string rules of named types, and error codes with their
//! fixed messages.

use super::enums::emit_values;
use super::idents;
use super::types::str_rules;
use crate::compat::growth::{error_code_added, launch_error_added};
use crate::ir::{Limit, LimitGroup, Spec, TypeKind};
use proc_macro2::TokenStream;
use quote::quote;

pub fn limits(spec: &Spec) -> TokenStream {
    let consts = spec.limits.iter().map(|l| {
        let id = idents::constant(&l.name);
        let v = l.value;
        let owner = l.profile.profile().map(|p| format!(" Limit of the `{p}` profile.")).unwrap_or_default();
        let doc = format!(" {} Unit: {}. Applies to: {}{owner}", l.doc, l.unit, l.applies_to);
        quote!(#[doc = #doc] pub const #id: u64 = #v;)
    });
    let rows = spec.ordinary_limits().map(limit_info);
    let output = spec.output_bounds().map(limit_info);
    quote! {
        /// Advertised limits, declared once in the spec.
        pub mod limits {
            #(#consts)*
            /// Every limit the ordinary profile advertises, in spec order (a profile's own are
            /// in `Profile::limits`).
            pub const ALL: &[crate::runtime::LimitInfo] = &[#(#rows),*];
            /// The limits that bound what the service sends (`bounds_output` in the spec), in spec
            /// order: before any mutation a client refuses an advertised value above its own.
            pub const OUTPUT_BOUNDS: &[crate::runtime::LimitInfo] = &[#(#output),*];
        }
    }
}

pub(super) fn limit_info(l: &Limit) -> TokenStream {
    let (name, unit, id) = (&l.name, &l.unit, idents::constant(&l.name));
    let (general, bounds_output) = (l.group == LimitGroup::General, l.bounds_output);
    quote!(crate::runtime::LimitInfo {
        name: #name, value: #id, unit: #unit, general: #general, bounds_output: #bounds_output
    })
}

pub fn constants(spec: &Spec) -> TokenStream {
    let consts = spec.constants.iter().map(|c| {
        let id = idents::constant(&c.name);
        let v = c.value;
        let doc = format!(" {} Unit: {}.", c.doc, c.unit);
        quote!(#[doc = #doc] pub const #id: u64 = #v;)
    });
    quote! {
        /// Fixed contract bounds that are not advertised limits.
        pub mod constants { #(#consts)* }
    }
}

/// Named string types: a `String` alias (or a validated newtype, see [`super::id_types`]) plus
/// the rules every decoder applies to it.
pub fn string_types(spec: &Spec) -> TokenStream {
    let mut aliases = Vec::new();
    let mut rules = Vec::new();
    for t in &spec.types {
        if let TypeKind::String(r) = &t.kind {
            let (ty, c, doc) = (idents::ty(&t.name), idents::constant(&t.name), format!(" {}", t.doc));
            let value = str_rules(r);
            if !super::id_types::is_newtype(spec, &t.name) {
                aliases.push(quote!(#[doc = #doc] pub type #ty = String;));
            }
            let rule_doc = format!(" Rules of [`{}`](crate::{}).", t.name, t.name);
            rules.push(quote!(#[doc = #rule_doc] pub const #c: crate::runtime::StrRules = #value;));
        }
    }
    quote! {
        #(#aliases)*
        /// String rules of the named string types.
        pub mod rules { #(#rules)* }
    }
}

pub fn error_codes(spec: &Spec) -> TokenStream {
    let names: Vec<&str> = spec.errors.iter().map(|e| e.code.as_str()).collect();
    let docs: Vec<String> =
        spec.errors.iter().map(|e| format!(" {} (from the {} document)", e.doc, e.source)).collect();
    let base =
        emit_values("ErrorCode", " Stable error codes; each has one fixed message.", &names, &docs, error_code_added());
    let variants: Vec<_> = names.iter().map(|n| idents::ty(n)).collect();
    let messages = spec.errors.iter().map(|e| &e.message);
    let memberships = spec.errors.iter().map(|e| super::profiles::membership(&e.profile));
    let request: Vec<_> = spec.request_errors.iter().map(|c| idents::ty(c)).collect();
    quote! {
        #base
        impl ErrorCode {
            /// The fixed, sanitized message of the code; never carries request data.
            pub fn message(self) -> &'static str {
                match self { #(Self::#variants => #messages,)* }
            }

            /// Which profile the code belongs to.
            pub fn membership(self) -> Membership {
                match self { #(Self::#variants => #memberships,)* }
            }

            /// Errors any request can receive before its operation runs, in precedence order.
            pub const REQUEST_ERRORS: &'static [Self] = &[#(Self::#request),*];
        }
        impl std::error::Error for ErrorCode {}
        /// The error object of a code: the code and its fixed message, nothing else.
        impl From<ErrorCode> for ErrorObject {
            fn from(code: ErrorCode) -> Self {
                ErrorObject { code: code.as_str().to_owned(), message: code.message().to_owned() }
            }
        }
    }
}

pub fn launch_errors(spec: &Spec) -> TokenStream {
    let names: Vec<&str> = spec.launch_errors.iter().map(|e| e.code.as_str()).collect();
    let docs: Vec<String> = spec.launch_errors.iter().map(|e| format!(" {}", e.doc)).collect();
    let base = emit_values(
        "LaunchErrorCode",
        " Stable codes of start-or-connect and handshake failures.",
        &names,
        &docs,
        launch_error_added(),
    );
    let variants = names.iter().map(|n| idents::ty(n));
    let messages = spec.launch_errors.iter().map(|e| &e.message);
    quote! {
        #base
        impl LaunchErrorCode {
            /// The fixed message of the code; never carries a path or secret.
            pub fn message(self) -> &'static str {
                match self { #(Self::#variants => #messages,)* }
            }
        }
        impl std::error::Error for LaunchErrorCode {}
    }
}
