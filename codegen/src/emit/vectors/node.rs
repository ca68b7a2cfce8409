//! Ordered JSON text. Vector files and records are written from this tree rather than from a
//! `serde_json::Value`, because:
//! - member order must not depend on whether some crate in the build enables serde_json's
//!   `preserve_order` (that would make `write` and `verify` disagree between builds);
//! - records follow the IR's field order, so they read like the spec's examples;
//! - some vectors need what a `Value` cannot hold: duplicate members and pre-encoded text.

use crate::ir::{Field, Spec, TypeKind, TypeRef};
use serde_json::{Map, Value};

#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// null, a boolean, a number or a string.
    Scalar(Value),
    Array(Vec<Node>),
    /// Members in order; a name may repeat (duplicate-member vectors).
    Object(Vec<(String, Node)>),
    /// JSON text written as is (escaped strings, deliberate whitespace).
    Raw(String),
}

impl Node {
    /// Any value, with object members sorted by name.
    pub fn plain(v: &Value) -> Node {
        match v {
            Value::Array(items) => Node::Array(items.iter().map(Node::plain).collect()),
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Node::Object(keys.into_iter().map(|k| (k.clone(), Node::plain(&map[k]))).collect())
            }
            scalar => Node::Scalar(scalar.clone()),
        }
    }

    pub fn str(s: &str) -> Node {
        Node::Scalar(Value::String(s.to_string()))
    }

    /// An object from members given in order.
    pub fn object<const N: usize>(members: [(&str, Node); N]) -> Node {
        Node::Object(members.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    /// Append a member (no check for an existing one: duplicates are sometimes the point).
    pub fn push(&mut self, name: &str, value: Node) {
        if let Node::Object(members) = self {
            members.push((name.to_string(), value));
        }
    }

    /// The first member with this name.
    pub fn member(&self, name: &str) -> Option<&Node> {
        match self {
            Node::Object(members) => members.iter().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn member_mut(&mut self, name: &str) -> Option<&mut Node> {
        match self {
            Node::Object(members) => members.iter_mut().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Compact JSON text: no insignificant whitespace, non-ASCII written as UTF-8.
    pub fn compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None, 0);
        out
    }

    /// Indented JSON text, except below `flat_depth`, where each container is written compactly
    /// (one vector per line keeps diffs and greps readable).
    pub fn pretty(&self, flat_depth: usize) -> String {
        let mut out = String::new();
        self.write(&mut out, Some(flat_depth), 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, flat_depth: Option<usize>, depth: usize) {
        let indent = flat_depth.filter(|flat| depth < *flat).map(|_| "  ".repeat(depth + 1));
        match self {
            Node::Scalar(v) => out.push_str(&v.to_string()),
            Node::Raw(text) => out.push_str(text),
            Node::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    separator(out, i, indent.as_deref());
                    item.write(out, flat_depth, depth + 1);
                }
                close(out, items.is_empty(), indent.as_deref(), ']');
            }
            Node::Object(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    separator(out, i, indent.as_deref());
                    out.push_str(&Value::String(k.clone()).to_string());
                    out.push_str(if indent.is_some() { ": " } else { ":" });
                    v.write(out, flat_depth, depth + 1);
                }
                close(out, members.is_empty(), indent.as_deref(), '}');
            }
        }
    }
}

fn separator(out: &mut String, index: usize, indent: Option<&str>) {
    if index > 0 {
        out.push(',');
    }
    if let Some(indent) = indent {
        out.push('\n');
        out.push_str(indent);
    }
}

fn close(out: &mut String, empty: bool, indent: Option<&str>, bracket: char) {
    if let (Some(indent), false) = (indent, empty) {
        out.push('\n');
        out.push_str(&indent[2..]);
    }
    out.push(bracket);
}

/// A value laid out in the IR's member order: declared fields first (discriminators first for
/// unions, required keys first for maps), then any other member sorted by name.
pub fn shape(spec: &Spec, ty: &TypeRef, v: &Value) -> Node {
    match (ty, v) {
        (TypeRef::Array(r), Value::Array(items)) => {
            Node::Array(items.iter().map(|x| shape(spec, &r.items, x)).collect())
        }
        (TypeRef::Named(name), Value::Object(map)) => shape_named(spec, name, map).unwrap_or_else(|| Node::plain(v)),
        _ => Node::plain(v),
    }
}

fn shape_named(spec: &Spec, name: &str, map: &Map<String, Value>) -> Option<Node> {
    let order: Vec<(String, Option<TypeRef>)> = match &spec.ty(name)?.kind {
        TypeKind::Object(o) => typed(&o.fields),
        TypeKind::Map(m) => m.required_keys.iter().map(|k| (k.clone(), Some(m.values.ty.clone()))).collect(),
        TypeKind::Union(u) => {
            let tags: Vec<&str> =
                u.discriminators.iter().map(|d| map.get(d).and_then(Value::as_str).unwrap_or("")).collect();
            let variant = u.variants.iter().find(|x| x.matches.iter().zip(&tags).all(|(a, b)| a == b));
            let mut order: Vec<(String, Option<TypeRef>)> =
                u.discriminators.iter().map(|d| (d.clone(), None)).collect();
            order.extend(variant.map(|x| typed(&x.fields)).unwrap_or_default());
            order
        }
        _ => return None,
    };
    let values_ty = match &spec.ty(name)?.kind {
        TypeKind::Map(m) => Some(m.values.ty.clone()),
        _ => None,
    };
    Some(ordered(spec, map, &order, values_ty.as_ref()))
}

fn typed(fields: &[Field]) -> Vec<(String, Option<TypeRef>)> {
    fields.iter().map(|f| (f.name.clone(), Some(f.ty.clone()))).collect()
}

/// Members named in `order` first, then the rest sorted; `rest_ty` types the rest (map values).
pub fn ordered(
    spec: &Spec,
    map: &Map<String, Value>,
    order: &[(String, Option<TypeRef>)],
    rest_ty: Option<&TypeRef>,
) -> Node {
    let mut members = Vec::new();
    for (name, ty) in order {
        if let Some(v) = map.get(name) {
            members.push((name.clone(), ty.as_ref().map_or_else(|| Node::plain(v), |t| shape(spec, t, v))));
        }
    }
    let mut rest: Vec<&String> = map.keys().filter(|k| !order.iter().any(|(n, _)| n == *k)).collect();
    rest.sort();
    for k in rest {
        members.push((k.clone(), rest_ty.map_or_else(|| Node::plain(&map[k]), |t| shape(spec, t, &map[k]))));
    }
    Node::Object(members)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn compact_keeps_order_and_duplicates() {
        let mut n = Node::object([("b", Node::Scalar(json!(1))), ("a", Node::str("é"))]);
        n.push("b", Node::Raw("[ ]".into()));
        assert_eq!(n.compact(), r#"{"b":1,"a":"é","b":[ ]}"#);
    }

    #[test]
    fn plain_sorts_members() {
        assert_eq!(Node::plain(&json!({"z": 1, "a": {"y": 2, "b": 3}})).compact(), r#"{"a":{"b":3,"y":2},"z":1}"#);
    }

    #[test]
    fn pretty_is_flat_below_the_given_depth() {
        let n = Node::object([("v", Node::Array(vec![Node::plain(&json!({"a": [1, 2]}))]))]);
        assert_eq!(n.pretty(2), "{\n  \"v\": [\n    {\"a\":[1,2]}\n  ]\n}\n");
    }
}
