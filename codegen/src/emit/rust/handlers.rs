//! The server's handler boundary: `Request::into_parts`, which splits a decoded request into
//! its identities and a [`Call`] typed by its method (the slots its operation requires present
//! by type), one async handler trait per domain, and `dispatch`, which routes a call to its
//! handler method and wraps the result.

use super::{idents, inline_size};
use crate::ir::Spec;
use crate::names::pascal;
use proc_macro2::TokenStream;
use quote::quote;

fn trait_name(domain: &str) -> proc_macro2::Ident {
    idents::ty(&format!("{}Handler", pascal(domain)))
}

pub fn emit(spec: &Spec) -> TokenStream {
    let mut domains: Vec<&str> = Vec::new();
    for o in &spec.operations {
        if !domains.contains(&o.domain.as_str()) {
            domains.push(&o.domain);
        }
    }
    let traits = domains.iter().map(|d| domain_trait(spec, d));
    let names: Vec<_> = domains.iter().map(|d| trait_name(d)).collect();
    let arms = spec.operations.iter().map(|o| {
        let v = idents::ty(&o.method);
        let f = idents::field(&o.method);
        let wrap = super::operations::wrap(spec, &quote!(ResponsePayload), &o.method, &o.response);
        let parts = if inline_size::boxed(spec, &o.request) { quote!(*p) } else { quote!(p) };
        quote!(Call::#v(p) => h.#f(cx, #parts).await.map(#wrap),)
    });
    let call = call(spec);
    quote! {
        #call
        /// The state handlers share: the implementor's per-request context type.
        pub trait Handler: Send + Sync {
            type Context: Send + Sync;
        }
        #(#traits)*
        /// Every domain handler; implemented automatically. Every operation has its handler, so
        /// a server implementing this serves the whole profile.
        pub trait Handlers: #(#names)+* {}
        impl<H: #(#names)+*> Handlers for H {}

        /// Route a call to its handler method.
        pub async fn dispatch<H: Handlers>(h: &H, cx: &H::Context, call: Call) -> Result<ResponsePayload, ErrorCode> {
            match call { #(#arms)* }
        }
    }
}

/// `Call`, `RequestParts` and `into_parts`.
fn call(spec: &Spec) -> TokenStream {
    let rows: Vec<_> = spec
        .operations
        .iter()
        .map(|o| {
            let v = idents::ty(&o.method);
            let boxed = inline_size::boxed(spec, &o.request);
            let held = if boxed {
                quote!(Box<crate::typed::Parts<operation::#v>>)
            } else {
                quote!(crate::typed::Parts<operation::#v>)
            };
            let doc = format!(" `{}`.", o.method);
            let payload = if boxed { quote!(*p) } else { quote!(p) };
            let parts = quote!(crate::typed::Parts::from_envelope(session_id, control, operation_id, #payload)?);
            let parts = if boxed { quote!(Box::new(#parts)) } else { parts };
            let split = quote!(RequestPayload::#v(p) => Call::#v(#parts),);
            (v, held, doc, split)
        })
        .collect();
    let variants = rows.iter().map(|(v, held, doc, _)| quote!(#[doc = #doc] #v(#held),));
    let names = rows.iter().map(|(v, ..)| quote!(Self::#v(_) => Method::#v,));
    let vs: Vec<_> = rows.iter().map(|(v, ..)| v).collect();
    let splits = rows.iter().map(|(.., split)| split);
    quote! {
        /// A received request's slots and payload, typed by its method: what its handler gets.
        pub enum Call { #(#variants)* }

        impl Call {
            /// The method of the call.
            pub fn method(&self) -> Method {
                match self { #(#names)* }
            }
            /// The `session_id` slot.
            pub fn session_id(&self) -> Option<&SessionId> {
                use crate::typed::Slots;
                match self { #(Self::#vs(p) => p.slots.session_id(),)* }
            }
            /// The `operation_id` slot, set for mutations.
            pub fn operation_id(&self) -> Option<&str> {
                use crate::typed::OperationSlot;
                match self { #(Self::#vs(p) => p.operation_id.get(),)* }
            }
        }

        /// The payload alone: the intent a mutation's operation records.
        impl serde::Serialize for Call {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self { #(Self::#vs(p) => p.payload.serialize(s),)* }
            }
        }

        /// A received request split for its handler: the identities its response echoes, and
        /// its call.
        pub struct RequestParts {
            pub request_id: String,
            pub instance_id: Option<String>,
            pub connection_id: Option<String>,
            pub call: Call,
        }

        impl RequestEnvelope<RequestPayload> {
            /// Splits a decoded request into its identities and its call. `Err` carries the
            /// decoder's code for slots that do not fit the method's rules, which
            /// `decode_request` already rejects, so a request it accepted always splits.
            pub fn into_parts(self) -> Result<RequestParts, ErrorCode> {
                let RequestEnvelope { request_id, instance_id, connection_id, session_id, operation_id, control, payload, .. } = self;
                let call = match payload { #(#splits)* };
                Ok(RequestParts { request_id, instance_id, connection_id, call })
            }
        }
    }
}

fn domain_trait(spec: &Spec, domain: &str) -> TokenStream {
    let name = trait_name(domain);
    let doc = format!(" Operations of the `{domain}` domain.");
    let methods = spec.operations.iter().filter(|o| o.domain == domain).map(|o| {
        let f = idents::field(&o.method);
        let (v, res) = (idents::ty(&o.method), idents::ty(&o.response));
        let doc = format!(" `{}`: {}", o.method, o.doc);
        quote! {
            #[doc = #doc]
            fn #f(&self, cx: &Self::Context, request: crate::typed::Parts<operation::#v>) -> impl std::future::Future<Output = Result<#res, ErrorCode>> + Send;
        }
    });
    quote! {
        #[doc = #doc]
        pub trait #name: Handler { #(#methods)* }
    }
}
