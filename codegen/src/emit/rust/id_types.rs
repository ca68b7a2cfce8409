//! Validated ID newtypes: the named string types a server resolves to paths. Their only
//! constructors check the type's rules (decoding, `TryFrom`, `FromStr`), so a value of the type
//! is valid by construction and nothing downstream checks it again. Other named string types
//! stay `String` aliases.

use super::idents;
use crate::ir::{Spec, TypeKind};
use proc_macro2::TokenStream;
use quote::quote;

/// The newtypes and the error code their rules' violation is, as the spec declares that code
/// ("session ID is invalid"). A spec without the type or the code keeps the alias.
const NEWTYPES: &[(&str, &str)] = &[("SessionId", "invalid_session_id")];

/// The error code of `name` when it is emitted as a validated newtype.
fn error_of<'a>(spec: &'a Spec, name: &str) -> Option<&'a str> {
    let (_, code) = NEWTYPES.iter().find(|(ty, _)| *ty == name)?;
    let string = matches!(spec.ty(name).map(|t| &t.kind), Some(TypeKind::String(_)));
    let declared = spec.errors.iter().find(|e| e.code == *code)?;
    string.then_some(declared.code.as_str())
}

/// Whether the named type is a validated newtype (not a `String` alias).
pub fn is_newtype(spec: &Spec, name: &str) -> bool {
    error_of(spec, name).is_some()
}

/// Every validated newtype of the spec with its constructors and `str`-like access.
pub fn emit(spec: &Spec) -> TokenStream {
    let types = spec.types.iter().filter_map(|t| {
        let code = error_of(spec, &t.name)?;
        Some(newtype(&t.name, &t.doc, code))
    });
    quote!(#(#types)*)
}

fn newtype(name: &str, doc: &str, code: &str) -> TokenStream {
    let (ty, rules, variant) = (idents::ty(name), idents::constant(name), idents::ty(code));
    let doc = format!(" {doc}");
    let ctor_doc = format!(" Valid by construction: every constructor checks the rules, `{code}` otherwise.");
    quote! {
        #[doc = #doc]
        #[doc = ""]
        #[doc = #ctor_doc]
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct #ty(String);
        impl #ty {
            /// The ID as text.
            pub fn as_str(&self) -> &str {
                &self.0
            }
            /// The ID's text, owned.
            pub fn into_string(self) -> String {
                self.0
            }
        }
        impl TryFrom<String> for #ty {
            type Error = ErrorCode;
            fn try_from(s: String) -> Result<Self, ErrorCode> {
                match crate::rules::#rules.check(&s) {
                    Ok(()) => Ok(Self(s)),
                    Err(_) => Err(ErrorCode::#variant),
                }
            }
        }
        impl TryFrom<&str> for #ty {
            type Error = ErrorCode;
            fn try_from(s: &str) -> Result<Self, ErrorCode> {
                Self::try_from(s.to_owned())
            }
        }
        impl std::str::FromStr for #ty {
            type Err = ErrorCode;
            fn from_str(s: &str) -> Result<Self, ErrorCode> {
                Self::try_from(s)
            }
        }
        impl std::ops::Deref for #ty {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }
        impl AsRef<str> for #ty {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }
        impl std::borrow::Borrow<str> for #ty {
            fn borrow(&self) -> &str {
                &self.0
            }
        }
        impl std::fmt::Display for #ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }
        impl From<#ty> for String {
            fn from(id: #ty) -> String {
                id.0
            }
        }
        impl PartialEq<str> for #ty {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }
        impl PartialEq<&str> for #ty {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }
        impl PartialEq<String> for #ty {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }
        impl PartialEq<#ty> for str {
            fn eq(&self, other: &#ty) -> bool {
                self == other.0
            }
        }
        impl PartialEq<#ty> for &str {
            fn eq(&self, other: &#ty) -> bool {
                *self == other.0
            }
        }
        impl PartialEq<#ty> for String {
            fn eq(&self, other: &#ty) -> bool {
                *self == other.0
            }
        }
        impl crate::runtime::Decode for #ty {
            fn decode<'de, D: serde::Deserializer<'de>>(d: D, cx: crate::runtime::Cx<'_>) -> Result<Self, D::Error> {
                let seed = crate::runtime::StrSeed { cx, rules: &crate::rules::#rules };
                serde::de::DeserializeSeed::deserialize(seed, d).map(Self)
            }
        }
        impl<'de> serde::Deserialize<'de> for #ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <String as serde::Deserialize>::deserialize(d)?;
                Self::try_from(s).map_err(|code| <D::Error as serde::de::Error>::custom(code.message()))
            }
        }
        impl serde::Serialize for #ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.0)
            }
        }
        impl crate::runtime::WriteJson for #ty {
            fn write_json(&self, out: &mut Vec<u8>) {
                crate::runtime::WriteJson::write_json(self.as_str(), out);
            }
        }
    }
}
