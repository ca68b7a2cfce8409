//! Optional profiles: the `Profile` enum with each profile's version, operations, events,
//! errors and limits, what its negotiation answers, the `profiles` capability member, and
//! `Membership`, which every method, event and error code reports.

use super::enums::emit_values;
use super::{idents, tables};
use crate::compat::growth::profile_added;
use crate::ir::{Membership, Spec};
use proc_macro2::TokenStream;
use quote::quote;

/// A `Membership` value expression.
pub fn membership(m: &Membership) -> TokenStream {
    match m {
        Membership::Ordinary => quote!(Membership::Ordinary),
        Membership::Negotiation => quote!(Membership::Negotiation),
        Membership::Profile(p) => {
            let v = idents::ty(p);
            quote!(Membership::Profile(Profile::#v))
        }
    }
}

pub fn emit(spec: &Spec) -> TokenStream {
    let names: Vec<&str> = spec.profiles.iter().map(|p| p.name.as_str()).collect();
    let docs: Vec<String> = spec.profiles.iter().map(|p| format!(" `{}` v{}: {}", p.name, p.version, p.doc)).collect();
    let base = emit_values("Profile", " Optional profiles a connection opts into.", &names, &docs, profile_added());
    let variants: Vec<_> = names.iter().map(|n| idents::ty(n)).collect();
    let owned = |p: &str| Membership::Profile(p.to_string());
    let versions = spec.profiles.iter().map(|p| p.version);
    let operations = spec.profiles.iter().map(|p| {
        let m = spec.operations.iter().filter(|o| o.profile == owned(&p.name)).map(|o| idents::ty(&o.method));
        quote!(&[#(Method::#m),*])
    });
    let events = spec.profiles.iter().map(|p| {
        let e = spec.events.iter().filter(|e| e.profile == owned(&p.name)).map(|e| idents::ty(&e.name));
        quote!(&[#(EventName::#e),*])
    });
    let errors = spec.profiles.iter().map(|p| {
        let e = spec.errors.iter().filter(|e| e.profile == owned(&p.name)).map(|e| idents::ty(&e.code));
        quote!(&[#(ErrorCode::#e),*])
    });
    let limits = spec.profiles.iter().map(|p| {
        let l = spec.limits.iter().filter(|l| l.profile == owned(&p.name)).map(tables::limit_info);
        quote!(&[#(#l),*])
    });
    let terms = spec.profiles.iter().map(|p| crate::emit::json_text(&crate::advertise::profile_terms(spec, p), false));
    let offers = crate::emit::json_text(&crate::advertise::profiles(spec), false);
    quote! {
        /// Which profile an operation, event or error code belongs to.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Membership {
            /// The ordinary profile: what every connection gets, and what the advertisement lists.
            Ordinary,
            /// Profile negotiation itself: callable by any initialized connection, listed by no
            /// profile.
            Negotiation,
            /// An optional profile: served only to a connection that negotiated it.
            Profile(Profile),
        }

        #base

        impl Profile {
            /// The version the spec declares.
            pub fn version(self) -> u32 {
                match self { #(Self::#variants => #versions,)* }
            }
            /// The profile's operations, in spec order.
            pub fn operations(self) -> &'static [Method] {
                match self { #(Self::#variants => #operations,)* }
            }
            /// The profile's events, in spec order.
            pub fn events(self) -> &'static [EventName] {
                match self { #(Self::#variants => #events,)* }
            }
            /// The profile's own error codes, in spec order.
            pub fn errors(self) -> &'static [ErrorCode] {
                match self { #(Self::#variants => #errors,)* }
            }
            /// The profile's limits with their spec values, in spec order.
            pub fn limits(self) -> &'static [crate::runtime::LimitInfo] {
                use limits::*;
                match self { #(Self::#variants => #limits,)* }
            }
            /// What negotiating the profile answers with the spec's limit values, as JSON.
            pub fn terms_json(self) -> &'static str {
                match self { #(Self::#variants => #terms,)* }
            }
        }

        /// The `profiles` member of a capability object offering every declared profile, as
        /// JSON; a service that offers none omits the member.
        pub const PROFILES_JSON: &str = #offers;
    }
}
