//! `validators.ts`: one plain decoder per named type and envelope (no schema library: these
//! run on every record, so they are straight-line code over `JSON.parse` output).
//!
//! Every decoder has the shape `decodeX(v: unknown, strict: boolean): X` and returns a fresh
//! object holding only known members. `strict` is the request direction (unknown members are
//! rejected); otherwise unknown members are validated by the record-level JSON profile only
//! and kept under `[EXTENSIONS]`. A failure throws a `SchemaError` whose path is built on the
//! way out, so the success path never builds a path string.

use super::code::{bound, charset_regex, doc, indent, json, lit, member, prop};
use super::types::{type_ref, variant_name};
use crate::ir::{
    Envelope, Field, JsonKind, MapDef, ObjectDef, Presence, Spec, StringFormat, StringRules, TypeDef, TypeKind,
    TypeRef, UnionDef, Variant, Violation,
};
use std::collections::BTreeMap;

/// Runtime helpers generated code may call (from `runtime/check.ts`); only used ones are imported.
const HELPERS: &[&str] = &[
    "array",
    "bool",
    "constant",
    "extend",
    "fail",
    "int",
    "json",
    "jsonObject",
    "nullObject",
    "object",
    "own",
    "present",
    "required",
    "str",
    "tag",
    "text",
    "within",
    "standard",
];

/// The head of a named type's decoder: a function that also carries the Standard Schema v1
/// interface (`~standard`, see `standard` in runtime/check.ts); the body closes with `});`.
fn standard_sig(name: &str) -> String {
    format!("export const decode{name}: Validator<T.{name}> = standard({}, function decode{name}(v: unknown, strict: boolean): T.{name}", lit(name))
}

/// The import lines for the helpers `body` calls.
fn prelude(body: &str) -> String {
    let used: Vec<&str> = HELPERS.iter().copied().filter(|h| calls(body, h)).collect();
    let mut out = format!("import {{ {} }} from \"../runtime/check.js\";\n", used.join(", "));
    out.push_str("import type { Obj, Validator } from \"../runtime/check.js\";\n");
    if body.contains("[EXTENSIONS]") {
        out.push_str("import { EXTENSIONS } from \"../runtime/json.js\";\n");
    }
    out.push_str("import type * as T from \"./types.js\";\n\n");
    out
}

/// Whether `body` calls `name` (`name(` or `name<…>(`) as a whole word.
fn calls(body: &str, name: &str) -> bool {
    body.match_indices(name).any(|(i, _)| {
        let before = body[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.');
        let after = body[i + name.len()..].starts_with(['(', '<']);
        !before && after
    })
}

/// The whole `validators.ts` body.
pub fn emit(spec: &Spec) -> String {
    let mut cx = Emitter { charsets: BTreeMap::new(), items: Vec::new() };
    let mut body = String::new();
    for t in &spec.types {
        body.push_str(&cx.named(t));
    }
    for (name, e) in [
        ("RequestEnvelope", &spec.request_envelope),
        ("ResponseEnvelope", &spec.response_envelope),
        ("EventEnvelope", &spec.event_envelope),
    ] {
        body.push_str(&cx.envelope(name, e));
    }
    body.push_str(&dispatch(spec));
    let mut out = String::new();
    for (charset, name) in &cx.charsets {
        out.push_str(&format!(
            "{}const {name} = {};\n",
            doc("", &format!("Charset `{charset}`.")),
            charset_regex(charset)
        ));
    }
    out.push('\n');
    for item in &cx.items {
        out.push_str(&item.source);
    }
    out.push_str(&body);
    format!("{}{out}", prelude(&out))
}

/// A generated helper decoding one array item of a type that has no decoder of its own.
struct Item {
    key: String,
    name: String,
    source: String,
}

struct Emitter {
    /// Charset text → the name of its regex constant.
    charsets: BTreeMap<String, String>,
    items: Vec<Item>,
}

/// An object-shaped thing to decode: a named object, a union variant or an envelope.
struct Shape<'a> {
    /// TypeScript type of the result (`T.Selection`).
    ty: String,
    /// Name of the function testing whether a member name is known.
    known: String,
    tags: Vec<(String, String)>,
    fields: &'a [Field],
    at_least_one_of: &'a [String],
}

impl Emitter {
    fn named(&mut self, t: &TypeDef) -> String {
        let head = doc("", &format!("Decode a `{}`: {}", t.name, t.doc));
        let sig = standard_sig(&t.name);
        match &t.kind {
            TypeKind::String(r) => {
                format!("{head}{sig} {{\n  void strict;\n  return {};\n}});\n\n", self.string(r, "v"))
            }
            TypeKind::Enum(e) => {
                let cases: String = e.values.iter().map(|x| format!("    case {}:\n", lit(x))).collect();
                format!("{head}{sig} {{\n  void strict;\n  switch (v) {{\n{cases}      return v as T.{};\n  }}\n  return fail(typeof v === \"string\" ? \"not a value of {}\" : \"expected a string\", v);\n}});\n\n", t.name, t.name)
            }
            TypeKind::Object(o) => self.object(&head, &t.name, o),
            TypeKind::Map(m) => self.map(&head, &sig, &t.name, m),
            TypeKind::Union(u) => self.union(&head, &sig, &t.name, u),
        }
    }

    fn object(&mut self, head: &str, name: &str, o: &ObjectDef) -> String {
        let shape = Shape {
            ty: format!("T.{name}"),
            known: format!("is{name}Member"),
            tags: Vec::new(),
            fields: &o.fields,
            at_least_one_of: &o.at_least_one_of,
        };
        let sig = standard_sig(name);
        format!("{head}{sig} {{\n  const o = object(v);\n{}}});\n\n{}", self.body(&shape), known_fn(&shape))
    }

    fn envelope(&mut self, name: &str, e: &Envelope) -> String {
        let shape = Shape {
            ty: format!("T.Raw{name}"),
            known: format!("is{name}Member"),
            tags: Vec::new(),
            fields: &e.fields,
            at_least_one_of: &[],
        };
        let head = doc("", &format!("Decode the members of a `{name}`; its payload is returned undecoded."));
        let sig = format!("export function decodeRaw{name}(v: unknown, strict: boolean): T.Raw{name}");
        format!("{head}{sig} {{\n  const o = object(v);\n{}}}\n\n{}", self.body(&shape), known_fn(&shape))
    }

    /// Decode every field in order, then add optional members, then extensions; the member
    /// being decoded is kept in `at` so a failure can name it.
    fn body(&mut self, s: &Shape) -> String {
        let mut lines = String::from("let at = \"\";\ntry {\n");
        for (i, f) in s.fields.iter().enumerate() {
            lines.push_str(&indent(&self.field(i, f), "  "));
        }
        lines.push_str("  at = \"\";\n");
        if !s.at_least_one_of.is_empty() {
            let absent: Vec<String> =
                s.at_least_one_of.iter().map(|n| format!("{} === undefined", member("o", n))).collect();
            lines.push_str(&format!(
                "  if ({}) fail(\"needs at least one of {}\");\n",
                absent.join(" && "),
                s.at_least_one_of.join(", ")
            ));
        }
        let mut init: Vec<String> = s.tags.iter().map(|(k, v)| format!("{}: {}", prop(k), lit(v))).collect();
        init.extend(
            s.fields
                .iter()
                .enumerate()
                .filter(|(_, f)| f.is_required())
                .map(|(i, f)| format!("{}: f{i}", prop(&f.name))),
        );
        lines.push_str(&format!("  const out: {} = {{ {} }};\n", s.ty, init.join(", ")));
        for (i, f) in s.fields.iter().enumerate().filter(|(_, f)| !f.is_required()) {
            lines.push_str(&format!("  if (f{i} !== undefined) out[{}] = f{i};\n", lit(&f.name)));
        }
        lines.push_str(&format!("  extend(out, o, strict, {});\n  return out;\n", s.known));
        lines.push_str("} catch (e) {\n  throw within(e, at);\n}\n");
        indent(&lines, "  ")
    }

    /// Statements binding `f{i}` to the decoded field (`undefined` when an optional field is
    /// absent); absent ≠ null: only nullable fields accept `null`.
    fn field(&mut self, i: usize, f: &Field) -> String {
        let raw = format!("r{i}");
        let value = self.value(&f.ty, &raw);
        let value = match &f.constant {
            Some(c) => format!("constant({value}, {} as const)", json(c)),
            None => value,
        };
        let value = if f.nullable { format!("{raw} === null ? null : {value}") } else { value };
        let read = member("o", &f.name);
        let mut out = format!("at = {};\n", lit(&f.name));
        if f.is_required() {
            out.push_str(&format!("const {raw} = required({read});\nconst f{i} = {value};\n"));
        } else {
            let note = if matches!(f.presence, Presence::Defaulted(_)) {
                " // absent stays absent; the default is the reader's"
            } else {
                ""
            };
            out.push_str(&format!(
                "const {raw} = {read};\nconst f{i} = {raw} === undefined ? undefined : {value};{note}\n"
            ));
        }
        out
    }

    /// An expression decoding the value in variable `v` as `t`.
    fn value(&mut self, t: &TypeRef, v: &str) -> String {
        match t {
            TypeRef::Bool => format!("bool({v})"),
            TypeRef::Int(r) => format!("int({v}, {}, {})", bound(&r.min), bound(&r.max)),
            TypeRef::String(r) => self.string(r, v),
            TypeRef::Json(JsonKind::Any) => format!("json({v})"),
            TypeRef::Json(JsonKind::Object) => format!("jsonObject({v})"),
            TypeRef::Array(a) => {
                let item = self.item(&a.items);
                let limit = a.max_violation == Violation::LimitExceeded;
                format!("array({v}, {}, {}, {limit}, {item}, strict)", bound(&a.min_items), bound(&a.max_items))
            }
            TypeRef::Named(n) => format!("decode{n}({v}, strict)"),
            // The slot must hold a payload; whether `null` may stand in is the field's nullability.
            TypeRef::Payload => format!("present({v})"),
        }
    }

    /// A string under its rules: byte bounds always, charset/format/non-blank when given.
    fn string(&mut self, r: &StringRules, v: &str) -> String {
        let (min, max) = (bound(&r.min_bytes), bound(&r.max_bytes));
        if r.charset.is_none() && r.format.is_none() && !r.non_blank {
            return format!("str({v}, {min}, {max})");
        }
        let charset = r.charset.as_ref().map_or_else(|| "null".to_string(), |c| self.charset(c));
        let rfc3339 = r.format == Some(StringFormat::Rfc3339);
        format!("text({v}, {min}, {max}, {charset}, {rfc3339}, {})", r.non_blank)
    }

    fn charset(&mut self, c: &str) -> String {
        let next = format!("CHARSET_{}", self.charsets.len());
        self.charsets.entry(c.to_string()).or_insert(next).clone()
    }

    /// The function decoding one array item: a named type's decoder, or a generated helper.
    fn item(&mut self, t: &TypeRef) -> String {
        if let TypeRef::Named(n) = t {
            return format!("decode{n}");
        }
        let expr = self.value(t, "v");
        let key = format!("{}:{expr}", type_ref(t));
        if let Some(found) = self.items.iter().find(|i| i.key == key) {
            return found.name.clone();
        }
        let name = format!("item{}", self.items.len());
        let source =
            format!("function {name}(v: unknown, strict: boolean) {{\n  void strict;\n  return {expr};\n}}\n\n");
        self.items.push(Item { key, name: name.clone(), source });
        name
    }

    /// A map: required keys decoded like fields; every other key is an extension entry whose
    /// value must satisfy the same value rules (limit maps: positive safe integers).
    fn map(&mut self, head: &str, sig: &str, name: &str, m: &MapDef) -> String {
        let value = self.map_value(m, "x");
        if m.required_keys.is_empty() {
            let lines = format!("const o = object(v);\nconst out: T.{name} = nullObject();\nlet at = \"\";\ntry {{\n  for (const k in o) {{\n    at = k;\n    const x = o[k];\n    out[k] = {value};\n  }}\n  return out;\n}} catch (e) {{\n  throw within(e, at);\n}}\n");
            return format!("{head}{sig} {{\n{}}});\n\n", indent(&lines, "  "));
        }
        let mut lines = String::from("const o = object(v);\nlet at = \"\";\ntry {\n");
        let mut init = Vec::new();
        for (i, key) in m.required_keys.iter().enumerate() {
            let read = member("o", key);
            let decoded = self.map_value(m, &format!("x{i}"));
            lines.push_str(&format!(
                "  at = {};\n  const x{i} = required({read});\n  const f{i} = {decoded};\n",
                lit(key)
            ));
            init.push(format!("{}: f{i}", prop(key)));
        }
        lines.push_str(&format!("  const out: T.{name} = {{ {} }};\n", init.join(", ")));
        lines.push_str(&format!("  let ext: {{ [key: string]: unknown }} | undefined;\n  for (const k in o) {{\n    if (is{name}Key(k)) continue;\n    at = k;\n    const x = o[k];\n    const y = {value};\n    if (ext === undefined) ext = nullObject<{{ [key: string]: unknown }}>();\n    ext[k] = y;\n  }}\n"));
        lines.push_str(&format!("  if (ext !== undefined) out[EXTENSIONS] = ext as NonNullable<T.{name}[typeof EXTENSIONS]>;\n  return out;\n}} catch (e) {{\n  throw within(e, at);\n}}\n"));
        let cases: String = m.required_keys.iter().map(|k| format!("    case {}:\n", lit(k))).collect();
        let known = format!("function is{name}Key(k: string): boolean {{\n  switch (k) {{\n{cases}      return true;\n    default:\n      return false;\n  }}\n}}\n\n");
        format!("{head}{sig} {{\n{}}});\n\n{known}", indent(&lines, "  "))
    }

    /// A map value in variable `v` under the map's value rules.
    fn map_value(&mut self, m: &MapDef, v: &str) -> String {
        let value = self.value(&m.values.ty, v);
        let value = match &m.values.constant {
            Some(c) => format!("constant({value}, {} as const)", json(c)),
            None => value,
        };
        if m.values.nullable {
            format!("{v} === null ? null : {value}")
        } else {
            value
        }
    }

    /// A union: read the discriminators, pick the variant, decode its fields.
    fn union(&mut self, head: &str, sig: &str, name: &str, u: &UnionDef) -> String {
        let reads: Vec<String> = u.discriminators.iter().map(|d| format!("tag(o, {})", lit(d))).collect();
        let mut out = format!(
            "{head}{sig} {{\n  const o = object(v);\n  const d = {};\n  switch (d) {{\n",
            reads.join(" + \"\\u0000\" + ")
        );
        for v in &u.variants {
            let key = v.matches.join("\u{0}");
            out.push_str(&format!(
                "    case {}:\n      return decode{}(o, strict);\n",
                lit(&key),
                variant_name(name, &v.name)
            ));
        }
        let what = u.discriminators.join("/");
        out.push_str(&format!("  }}\n  return fail(\"no variant of {name} has this {what}\");\n}});\n\n"));
        for v in &u.variants {
            out.push_str(&self.variant(name, &u.discriminators, v));
        }
        out
    }

    fn variant(&mut self, union: &str, discriminators: &[String], v: &Variant) -> String {
        let vname = variant_name(union, &v.name);
        let tags = discriminators.iter().cloned().zip(v.matches.iter().cloned()).collect();
        let shape = Shape {
            ty: format!("T.{vname}"),
            known: format!("is{vname}Member"),
            tags,
            fields: &v.fields,
            at_least_one_of: &[],
        };
        let sig = format!("function decode{vname}(o: Obj, strict: boolean): T.{vname}");
        format!("{sig} {{\n{}}}\n\n{}", self.body(&shape), known_fn(&shape))
    }
}

/// `isXMember(k)`: whether a member name is a field or discriminator of the shape.
fn known_fn(s: &Shape) -> String {
    let names: Vec<&str> =
        s.tags.iter().map(|(k, _)| k.as_str()).chain(s.fields.iter().map(|f| f.name.as_str())).collect();
    if names.is_empty() {
        return format!("function {}(k: string): boolean {{\n  void k;\n  return false;\n}}\n\n", s.known);
    }
    let cases: String = names.iter().map(|n| format!("    case {}:\n", lit(n))).collect();
    format!("function {}(k: string): boolean {{\n  switch (k) {{\n{cases}      return true;\n    default:\n      return false;\n  }}\n}}\n\n", s.known)
}

/// Payload decoders by method and event name, used by the record-level decoders.
fn dispatch(spec: &Spec) -> String {
    let table = |title: &str, name: &str, key: &str, map: &str, rows: Vec<(&str, &str)>| {
        let body: String = rows.iter().map(|(k, t)| format!("  {}: decode{t},\n", lit(k))).collect();
        format!(
            "{}export const {name}: {{ readonly [K in T.{key}]: (v: unknown, strict: boolean) => T.{map}[K] }} = {{\n{body}}};\n\n",
            doc("", title)
        )
    };
    let mut out = table(
        "Request payload decoder of each operation.",
        "REQUEST_PAYLOAD_DECODERS",
        "Method",
        "RequestPayloads",
        spec.operations.iter().map(|o| (o.method.as_str(), o.request.as_str())).collect(),
    );
    out.push_str(&table(
        "Success payload decoder of each operation.",
        "RESPONSE_PAYLOAD_DECODERS",
        "Method",
        "ResponsePayloads",
        spec.operations.iter().map(|o| (o.method.as_str(), o.response.as_str())).collect(),
    ));
    out.push_str(&table(
        "Payload decoder of each event.",
        "EVENT_PAYLOAD_DECODERS",
        "EventName",
        "EventPayloads",
        spec.events.iter().map(|e| (e.name.as_str(), e.payload.as_str())).collect(),
    ));
    out
}
