//! Methods and events: name enums with their envelope rules, and the payload enums that route a
//! `method`/`event` value to its payload type.

use super::enums::emit_values;
use super::{growth, idents, inline_size, write_json};
use crate::compat::growth::{event_added, operation_added};
use crate::ir::{Correlation, SlotRule, Spec};
use proc_macro2::TokenStream;
use quote::quote;

fn slot(rule: SlotRule) -> TokenStream {
    match rule {
        SlotRule::Null => quote!(crate::runtime::SlotRule::Null),
        SlotRule::Required => quote!(crate::runtime::SlotRule::Required),
    }
}

fn set(c: Correlation) -> bool {
    c == Correlation::Set
}

pub fn methods(spec: &Spec) -> TokenStream {
    let names: Vec<&str> = spec.operations.iter().map(|o| o.method.as_str()).collect();
    let docs: Vec<String> = spec.operations.iter().map(|o| format!(" `{}`: {}", o.method, o.doc)).collect();
    let base = emit_values(
        "Method",
        " Operations: the ordinary profile's ([`Method::ORDINARY`]), profile negotiation and each optional profile's ([`Method::membership`]).",
        &names,
        &docs,
        operation_added(),
    );
    let variants: Vec<_> = names.iter().map(|n| idents::ty(n)).collect();
    let ordinary = spec.ordinary_operations().map(|o| idents::ty(&o.method));
    let memberships = spec.operations.iter().map(|o| super::profiles::membership(&o.profile));
    let rules = spec.operations.iter().map(|o| {
        let (domain, mutation, init) = (&o.domain, o.mutation, o.requires_initialization);
        let (session, control) = (slot(o.session_id), slot(o.control));
        quote!(crate::runtime::OperationRules { domain: #domain, mutation: #mutation, session_id: #session, control: #control, requires_initialization: #init })
    });
    let errors = spec.operations.iter().map(|o| {
        let codes = o.errors.iter().map(|c| idents::ty(c));
        quote!(&[#(ErrorCode::#codes),*])
    });
    let events = spec.operations.iter().map(|o| {
        let names = o.events.iter().map(|e| idents::ty(e));
        quote!(&[#(EventName::#names),*])
    });
    quote! {
        #base
        impl Method {
            /// The ordinary profile's operations, in spec order: what the advertisement lists.
            pub const ORDINARY: &'static [Self] = &[#(Self::#ordinary),*];
            /// Which profile the operation belongs to.
            pub fn membership(self) -> Membership {
                match self { #(Self::#variants => #memberships,)* }
            }
            /// Envelope rules: initialization, session_id, operation_id (mutations) and control.
            pub fn rules(self) -> crate::runtime::OperationRules {
                match self { #(Self::#variants => #rules,)* }
            }
            /// Operation-specific error codes (the shared request errors come on top).
            pub fn errors(self) -> &'static [ErrorCode] {
                match self { #(Self::#variants => #errors,)* }
            }
            /// Events the operation's accepted work may send.
            pub fn events(self) -> &'static [EventName] {
                match self { #(Self::#variants => #events,)* }
            }
        }
    }
}

pub fn event_names(spec: &Spec) -> TokenStream {
    let names: Vec<&str> = spec.events.iter().map(|e| e.name.as_str()).collect();
    let docs: Vec<String> = spec.events.iter().map(|e| format!(" `{}`: {}", e.name, e.doc)).collect();
    let base = emit_values(
        "EventName",
        " Events the service sends: the ordinary profile's ([`EventName::ORDINARY`]) and each optional profile's ([`EventName::membership`]).",
        &names,
        &docs,
        event_added(),
    );
    let variants: Vec<_> = names.iter().map(|n| idents::ty(n)).collect();
    let ordinary = spec.ordinary_events().map(|e| idents::ty(&e.name));
    let memberships = spec.events.iter().map(|e| super::profiles::membership(&e.profile));
    let rules = spec.events.iter().map(|e| {
        let c = &e.correlation;
        let (s, o, g, l) = (set(c.session_id), set(c.operation_id), set(c.grant_generation), set(c.live_sequence));
        let (seq, term) = (e.sequenced, e.terminal);
        quote!(crate::runtime::EventRules { sequenced: #seq, terminal: #term, session_id: #s, operation_id: #o, grant_generation: #g, live_sequence: #l })
    });
    quote! {
        #base
        impl EventName {
            /// The ordinary profile's events, in spec order: what the advertisement lists.
            pub const ORDINARY: &'static [Self] = &[#(Self::#ordinary),*];
            /// Which profile the event belongs to.
            pub fn membership(self) -> Membership {
                match self { #(Self::#variants => #memberships,)* }
            }
            /// Correlation (which envelope identities are set) and sequencing of the event.
            pub fn rules(self) -> crate::runtime::EventRules {
                match self { #(Self::#variants => #rules,)* }
            }
        }
    }
}

/// A payload enum: one variant per method or event, routed by its wire name.
fn payload_enum(spec: &Spec, name: &str, doc: &str, key: &str, rows: &[(&str, &str)]) -> TokenStream {
    let growth = if key == "EventName" { event_added() } else { operation_added() };
    let (attr, growth_doc) = growth::marker(growth, "a new payload", "A `match` over it needs a `_` arm.");
    let ty = idents::ty(name);
    let key_ty = idents::ty(key);
    let variants: Vec<_> = rows.iter().map(|(n, _)| idents::ty(n)).collect();
    let types: Vec<_> = rows.iter().map(|(_, t)| idents::ty(t)).collect();
    let held: Vec<_> = rows.iter().map(|(_, t)| held_type(spec, t)).collect();
    let wraps: Vec<_> = rows.iter().map(|(n, t)| wrap(spec, &quote!(Self), n, t)).collect();
    let docs = rows.iter().map(|(n, t)| format!(" `{n}` payload: [`{t}`]."));
    let write = write_json::delegate(quote!(#ty), &variants);
    quote! {
        #[doc = #doc]
        #[doc = ""]
        #[doc = #growth_doc]
        #[derive(Debug, Clone, PartialEq)]
        #attr
        pub enum #ty { #(#[doc = #docs] #variants(#held),)* }

        impl #ty {
            /// The name this payload belongs to.
            pub fn name(&self) -> #key_ty {
                match self { #(Self::#variants(_) => #key_ty::#variants,)* }
            }
        }

        impl crate::runtime::PayloadDecode for #ty {
            fn decode_payload<'de, D: serde::Deserializer<'de>>(d: D, cx: crate::runtime::Cx<'_>, tag: Option<&str>) -> Result<Self, D::Error> {
                use serde::de::{DeserializeSeed, Error};
                match tag.and_then(#key_ty::from_wire) {
                    #(Some(#key_ty::#variants) => crate::runtime::Seed::<#types>::new(cx).deserialize(d).map(#wraps),)*
                    None => Err(D::Error::custom("payload without a known name before it")),
                }
            }
        }

        #write
    }
}

/// The type a payload enum's variant holds: the payload type, boxed when it is large.
fn held_type(spec: &Spec, type_name: &str) -> TokenStream {
    let t = idents::ty(type_name);
    if inline_size::boxed(spec, type_name) {
        quote!(Box<#t>)
    } else {
        quote!(#t)
    }
}

/// A function from the payload type to the payload enum's `variant`, boxing as `held_type` says.
pub fn wrap(spec: &Spec, enum_ty: &TokenStream, variant: &str, type_name: &str) -> TokenStream {
    let v = idents::ty(variant);
    if inline_size::boxed(spec, type_name) {
        quote!(|p| #enum_ty::#v(Box::new(p)))
    } else {
        quote!(#enum_ty::#v)
    }
}

pub fn payloads(spec: &Spec) -> TokenStream {
    let req: Vec<_> = spec.operations.iter().map(|o| (o.method.as_str(), o.request.as_str())).collect();
    let res: Vec<_> = spec.operations.iter().map(|o| (o.method.as_str(), o.response.as_str())).collect();
    let ev: Vec<_> = spec.events.iter().map(|e| (e.name.as_str(), e.payload.as_str())).collect();
    let a = payload_enum(spec, "RequestPayload", " A request payload, typed by its method.", "Method", &req);
    let b = payload_enum(
        spec,
        "ResponsePayload",
        " A success payload, typed by the method of its request.",
        "Method",
        &res,
    );
    let c = payload_enum(spec, "EventPayload", " An event payload, typed by its event name.", "EventName", &ev);
    quote!(#a #b #c)
}

/// One marker type per operation, implementing `crate::typed::Operation`.
pub fn markers(spec: &Spec) -> TokenStream {
    let items = spec.operations.iter().map(|o| {
        let name = &o.method;
        let v = idents::ty(name);
        let (req, res) = (idents::ty(&o.request), idents::ty(&o.response));
        let (mutation, init) = (o.mutation, o.requires_initialization);
        let (session, control) = (slot(o.session_id), slot(o.control));
        let slots = match (o.session_id, o.control) {
            (SlotRule::Null, SlotRule::Null) => quote!(crate::typed::Unscoped),
            (SlotRule::Required, SlotRule::Null) => quote!(crate::typed::InSession),
            (SlotRule::Required, SlotRule::Required) => quote!(crate::typed::UnderControl),
            (SlotRule::Null, SlotRule::Required) => {
                let msg = format!("`{name}` requires control without a session, which no slot type expresses");
                quote!(compile_error!(#msg))
            }
        };
        let errors = o.errors.iter().map(|c| idents::ty(c));
        let events = o.events.iter().map(|e| idents::ty(e));
        let operation_id = if o.mutation { quote!(String) } else { quote!(()) };
        let wrap = wrap(spec, &quote!(super::RequestPayload), name, &o.request);
        let unwrap = if inline_size::boxed(spec, &o.response) { quote!(Ok(*p)) } else { quote!(Ok(p)) };
        let doc = format!(" `{name}`: {} Request [`{}`], response [`{}`].", o.doc, o.request, o.response);
        // Paths through `super::`: a marker may share its name with a payload type
        // (`capabilities` and `Capabilities`).
        quote! {
            #[doc = #doc]
            #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
            pub struct #v;
            impl crate::typed::Operation for #v {
                const METHOD: super::Method = super::Method::#v;
                const NAME: &'static str = #name;
                const MUTATION: bool = #mutation;
                const REQUIRES_INITIALIZATION: bool = #init;
                const SESSION_ID: crate::runtime::SlotRule = #session;
                const CONTROL: crate::runtime::SlotRule = #control;
                const ERRORS: &'static [super::ErrorCode] = &[#(super::ErrorCode::#errors),*];
                const EVENTS: &'static [super::EventName] = &[#(super::EventName::#events),*];
                type Request = super::#req;
                type Response = super::#res;
                type Slots = #slots;
                type OperationId = #operation_id;
                fn into_payload(request: super::#req) -> super::RequestPayload {
                    (#wrap)(request)
                }
                fn from_payload(response: super::ResponsePayload) -> Result<super::#res, super::Method> {
                    match response {
                        super::ResponsePayload::#v(p) => #unwrap,
                        other => Err(other.name()),
                    }
                }
            }
        }
    });
    quote! {
        /// One marker type per operation: see [`crate::typed::Operation`].
        pub mod operation {
            #(#items)*
        }
    }
}

pub fn advertisement(spec: &Spec) -> TokenStream {
    let caps = crate::emit::json_text(&crate::advertise::capabilities(spec), false);
    let version = spec.protocol_version;
    quote! {
        /// The wire version this crate speaks.
        pub const PROTOCOL_VERSION: u16 = #version;
        /// The capability advertisement of the ordinary profile, as JSON.
        pub const CAPABILITIES_JSON: &str = #caps;
    }
}
