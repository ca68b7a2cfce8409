//! `WriteJson` impls: the fast path for outbound records. Member names, separators and
//! constants are known here, so they become byte-string literals; only values are written at
//! run time. This is the one encoding: each type's `Serialize` impl hands serde these bytes
//! (`runtime::serialize_written`).

use super::idents;
use crate::ir::{Field, Presence};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_json::Value;

/// An object's writing code: literal bytes, merged where adjacent, and value writes.
#[derive(Default)]
pub struct ObjectWriter {
    code: Vec<TokenStream>,
    pending: Vec<u8>,
    /// Some member is always written before this point, so the next one needs a comma.
    certainly_nonempty: bool,
    /// An omittable member came before this point: unless one always written did too, whether
    /// the next one needs a comma is known only at run time.
    maybe_nonempty: bool,
}

impl ObjectWriter {
    pub fn open() -> Self {
        ObjectWriter { pending: b"{".to_vec(), ..Default::default() }
    }

    fn flush(&mut self) {
        let bytes = std::mem::take(&mut self.pending);
        match bytes.as_slice() {
            [] => {}
            [b] => {
                let b = Literal::byte_character(*b);
                self.code.push(quote!(out.push(#b);));
            }
            _ => {
                let lit = Literal::byte_string(&bytes);
                self.code.push(quote!(out.extend_from_slice(#lit);));
            }
        }
    }

    /// The separator and `"name":` before a member written whenever this point is reached.
    fn name(&mut self, wire: &str) {
        if self.certainly_nonempty {
            self.pending.push(b',');
        } else if self.maybe_nonempty {
            self.flush();
            self.code.push(quote!(crate::runtime::separate(out);));
        }
        self.pending.extend_from_slice(Value::from(wire).to_string().as_bytes());
        self.pending.push(b':');
    }

    /// A member with a fixed value (a constant or a union discriminator).
    pub fn constant(&mut self, wire: &str, value: &Value) {
        self.name(wire);
        self.pending.extend_from_slice(value.to_string().as_bytes());
        self.certainly_nonempty = true;
    }

    /// A member always written; `value` is an expression of a `WriteJson` type.
    pub fn member(&mut self, wire: &str, value: TokenStream) {
        self.name(wire);
        self.flush();
        self.code.push(quote!(crate::runtime::WriteJson::write_json(#value, out);));
        self.certainly_nonempty = true;
    }

    /// A member written only when `option` (an `&Option<_>` expression) holds a value.
    pub fn optional(&mut self, wire: &str, option: TokenStream) {
        self.flush();
        let mut inner = ObjectWriter {
            certainly_nonempty: self.certainly_nonempty,
            maybe_nonempty: self.maybe_nonempty,
            ..Default::default()
        };
        inner.member(wire, quote!(v));
        let body = inner.code;
        self.code.push(quote!(if let Some(v) = #option { #(#body)* }));
        self.maybe_nonempty = true;
    }

    /// Members the code writes itself (map extensions), each after `crate::runtime::separate`.
    pub fn raw(&mut self, code: TokenStream) {
        self.flush();
        self.code.push(code);
    }

    pub fn close(mut self) -> TokenStream {
        self.pending.push(b'}');
        self.flush();
        let code = self.code;
        quote!(#(#code)*)
    }
}

/// The members of an object-like type, in wire order (discriminators first).
pub fn object_members(w: &mut ObjectWriter, discriminators: &[(String, String)], fields: &[Field]) {
    for (k, v) in discriminators {
        w.constant(k, &Value::String(v.clone()));
    }
    for f in fields {
        let id = idents::field(&f.name);
        match (&f.constant, &f.presence) {
            (Some(c), _) => w.constant(&f.name, &const_value(c)),
            (None, Presence::Optional) => w.optional(&f.name, quote!(&self.#id)),
            (None, _) => w.member(&f.name, quote!(&self.#id)),
        }
    }
}

/// What is written for a constant member (`null` for kinds it cannot hold).
fn const_value(v: &Value) -> Value {
    match v {
        Value::Bool(_) | Value::String(_) => v.clone(),
        Value::Number(n) => Value::from(n.as_u64().unwrap_or_default()),
        _ => Value::Null,
    }
}

/// `impl WriteJson for #ty` (with `#generics`) around `body`, which writes to `out`, and the
/// `Serialize` impl that hands serde the same bytes.
pub fn impl_for(ty: TokenStream, generics: TokenStream, body: TokenStream) -> TokenStream {
    quote! {
        impl #generics crate::runtime::WriteJson for #ty {
            fn write_json(&self, out: &mut Vec<u8>) {
                #body
            }
        }
        impl #generics serde::Serialize for #ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                crate::runtime::serialize_written(self, s)
            }
        }
    }
}

/// `impl WriteJson` for an enum whose variants each hold a `WriteJson` value.
pub fn delegate(ty: TokenStream, variants: &[proc_macro2::Ident]) -> TokenStream {
    impl_for(
        ty,
        quote!(),
        quote!(match self { #(Self::#variants(v) => crate::runtime::WriteJson::write_json(v, out),)* }),
    )
}

#[cfg(test)]
mod tests {
    use super::ObjectWriter;
    use quote::quote;

    fn code(build: impl FnOnce(&mut ObjectWriter)) -> String {
        let mut w = ObjectWriter::open();
        build(&mut w);
        w.close().to_string().replace(' ', "")
    }

    #[test]
    fn members_after_one_always_written_take_a_literal_comma() {
        let got = code(|w| {
            w.member("a", quote!(&self.a));
            w.optional("b", quote!(&self.b));
            w.member("c", quote!(&self.c));
        });
        assert!(got.starts_with(r#"out.extend_from_slice(b"{\"a\":");"#), "{got}");
        assert!(got.contains(r#"ifletSome(v)=&self.b{out.extend_from_slice(b",\"b\":");"#), "{got}");
        assert!(got.contains(r#"out.extend_from_slice(b",\"c\":");"#), "{got}");
        assert!(!got.contains("separate"), "{got}");
    }

    #[test]
    fn a_member_after_only_omittable_ones_decides_its_comma_at_run_time() {
        let got = code(|w| {
            w.optional("a", quote!(&self.a));
            w.member("b", quote!(&self.b));
        });
        // The first omittable member never needs a comma; the next one might.
        assert!(got.contains(r#"ifletSome(v)=&self.a{out.extend_from_slice(b"\"a\":");"#), "{got}");
        assert!(got.contains(r#"crate::runtime::separate(out);out.extend_from_slice(b"\"b\":");"#), "{got}");
    }

    #[test]
    fn an_object_without_members_is_one_literal() {
        assert_eq!(code(|_| {}), r#"out.extend_from_slice(b"{}");"#);
    }
}
