//! One async handler trait per domain, and `dispatch`, which routes a decoded payload to its
//! handler method and wraps the result.

use super::idents;
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
        quote!(RequestPayload::#v(p) => h.#f(cx, meta, p).await.map(#wrap),)
    });
    quote! {
        /// The state handlers share: the implementor's per-connection context type.
        pub trait Handler: Send + Sync {
            type Context: Send + Sync;
        }
        #(#traits)*
        /// Every domain handler; implemented automatically.
        pub trait Handlers: #(#names)+* {}
        impl<H: #(#names)+*> Handlers for H {}

        /// Route a decoded request payload to its handler method.
        pub async fn dispatch<H: Handlers>(h: &H, cx: &H::Context, meta: &RequestMeta, payload: RequestPayload) -> Result<ResponsePayload, ErrorCode> {
            match payload { #(#arms)* }
        }
    }
}

fn domain_trait(spec: &Spec, domain: &str) -> TokenStream {
    let name = trait_name(domain);
    let doc = format!(" Operations of the `{domain}` domain.");
    let methods = spec.operations.iter().filter(|o| o.domain == domain).map(|o| {
        let f = idents::field(&o.method);
        let (req, res) = (idents::ty(&o.request), idents::ty(&o.response));
        let doc = format!(" `{}`: {}", o.method, o.doc);
        quote! {
            #[doc = #doc]
            fn #f(&self, cx: &Self::Context, meta: &RequestMeta, payload: #req) -> impl std::future::Future<Output = Result<#res, ErrorCode>> + Send;
        }
    });
    quote! {
        #[doc = #doc]
        pub trait #name: Handler { #(#methods)* }
    }
}
