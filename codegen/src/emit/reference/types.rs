//! The capability object (with its generated advertisement) and every named type.

use super::is_generated_payload;
use super::ordered;
use super::render::{anchor_line, cell, charset_chars, field_table, string, type_link, type_ref};
use crate::advertise::{capabilities as advertisement, CAPABILITIES_TYPE};
use crate::ir::{EnumDef, MapDef, Spec, TypeDef, TypeKind, UnionDef};

pub fn capabilities(spec: &Spec) -> String {
    let versions: Vec<String> = spec.capabilities.protocol_versions.iter().map(u16::to_string).collect();
    format!(
        "## Capabilities\n\n{doc} The capability object is {link}; the ordinary profile advertises protocol \
         versions {versions}, transports {transports}, every operation and event above, every limit, and the \
         const activity flags. Consumers reject an advertisement naming an event they do not know, before any \
         mutation.\n\nThe generated advertisement:\n\n{json}\n",
        doc = spec.capabilities.doc,
        link = type_link(CAPABILITIES_TYPE),
        versions = versions.join(", "),
        transports = spec.capabilities.transports.iter().map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", "),
        json = ordered::block(spec, CAPABILITIES_TYPE, &advertisement(spec)),
    )
}

pub fn section(spec: &Spec) -> String {
    let mut out = String::from(
        "## Types\n\nNamed types of wire v2 and the session message stream. Payload types generated from inline \
         operation and event fields are documented with their operation or event, and the types of the Unix \
         launch under [Launch and handshake](#launch-and-handshake); the [index of types](#index-of-types) \
         lists them all.\n\n",
    );
    let launch: Vec<&str> = super::launch::launch_types(spec).iter().map(|t| t.name.as_str()).collect();
    for def in spec.types.iter().filter(|t| !is_generated_payload(spec, &t.name) && !launch.contains(&t.name.as_str()))
    {
        out.push_str(&named(spec, def));
    }
    out
}

pub(super) fn named(spec: &Spec, def: &TypeDef) -> String {
    let body = match &def.kind {
        TypeKind::String(r) => format!("String: {}.{}\n", string(r), charset_note(r.charset.as_deref())),
        TypeKind::Enum(e) => enumeration(e),
        TypeKind::Object(o) if o.fields.is_empty() => "Object with no fields: `{}`.\n".to_string(),
        TypeKind::Object(o) => format!("Object:\n\n{}", field_table(&o.fields)),
        TypeKind::Map(m) => map(spec, m),
        TypeKind::Union(u) => union(u),
    };
    format!("{}### `{}`\n\n{}\n\n{body}\n", anchor_line("type", &def.name), def.name, def.doc)
}

fn charset_note(charset: Option<&str>) -> String {
    charset.map_or_else(String::new, |c| format!(" Allowed characters: `{}`.", charset_chars(c).replace('`', "\\`")))
}

fn enumeration(e: &EnumDef) -> String {
    let values: Vec<String> = e.values.iter().map(|v| format!("`\"{v}\"`")).collect();
    let fallback = match &e.fallback {
        Some(f) => format!(" The literal `\"{f}\"` is the contract's defined fallback value; it is accepted as itself and never stands for other values."),
        None => " Closed: unknown values are rejected.".to_string(),
    };
    format!("Enum of strings: {}.{fallback}\n", values.join(", "))
}

fn map(spec: &Spec, m: &MapDef) -> String {
    let mut out = format!("Map from string keys to {}.", type_ref(&m.values.ty));
    if !m.required_keys.is_empty() {
        let all_limits =
            m.required_keys.len() == spec.limits.len() && spec.limits.iter().all(|l| m.required_keys.contains(&l.name));
        if all_limits {
            out.push_str(" Every declared [limit](#limits) is a required key.");
        } else {
            let keys: Vec<String> = m.required_keys.iter().map(|k| format!("`{k}`")).collect();
            out.push_str(&format!(" Required keys: {}.", keys.join(", ")));
        }
    }
    out.push_str(" Unknown keys are extensions whose values must still satisfy the value type.\n");
    out
}

fn union(u: &UnionDef) -> String {
    let discs: Vec<String> = u.discriminators.iter().map(|d| format!("`{d}`")).collect();
    let mut out = format!(
        "Discriminated union on {}; variant fields are flattened next to the discriminator. An unknown \
         discriminator value is rejected.\n\n| Variant | {} | Description |\n|---|{}---|\n",
        discs.join(" and "),
        discs.join(" | "),
        "---|".repeat(u.discriminators.len())
    );
    for v in &u.variants {
        let values: Vec<String> = v.matches.iter().map(|m| format!("`\"{m}\"`")).collect();
        out.push_str(&format!("| `{}` | {} | {} |\n", v.name, values.join(" | "), cell(&v.doc)));
    }
    out.push('\n');
    for v in &u.variants {
        let matches: Vec<String> =
            u.discriminators.iter().zip(&v.matches).map(|(d, m)| format!("`{d}: \"{m}\"`")).collect();
        let fields = if v.fields.is_empty() {
            "No fields besides the discriminator.\n".to_string()
        } else {
            field_table(&v.fields)
        };
        out.push_str(&format!("#### Variant `{}` ({})\n\n{}\n\n{fields}\n", v.name, matches.join(", "), v.doc));
    }
    out
}
