//! Settings files, which users edit by hand. Parsing either file never panics; every custom
//! provider taken from it is one the daemon may call (a valid ID, an http(s) URL with a host
//! and no credentials); and `config.set`'s in-place edit, applied to any file that parses,
//! leaves a file that still parses and reads back the values written, and breaks no scope that
//! was readable before.
#![no_main]

use agentwire_daemon::catalog::providers::valid_provider_id;
use agentwire_daemon::config::settings::{parse, parse_layer};
use agentwire_daemon::config::writer::{edit, Edits};
use agentwire_daemon::fuzzing::custom_providers;
use agentwire_protocol::{ReasoningLevel, Selection};
use libfuzzer_sys::fuzz_target;
use toml_edit::DocumentMut;

fn check_providers(doc: &DocumentMut) {
    for p in custom_providers(doc) {
        assert!(valid_provider_id(&p.id), "{p:?}");
        let url = reqwest::Url::parse(&p.base_url).expect("a taken base URL parses");
        assert!(matches!(url.scheme(), "http" | "https") && url.host().is_some(), "{p:?}");
        assert!(url.username().is_empty() && url.password().is_none(), "credentials in a URL: {p:?}");
    }
}

/// The edit the first byte selects: bit 0 the selection, bit 1 the level (of the byte's
/// choosing), bit 2 fast mode.
fn edits(selector: u8) -> Edits {
    let level = ReasoningLevel::ALL[usize::from(selector >> 3) % ReasoningLevel::ALL.len()];
    Edits {
        selection: (selector & 1 == 1).then(|| Selection::new("local", "offline")),
        thinking_level: (selector & 2 == 2).then_some(level),
        fast: (selector & 4 == 4).then_some(selector & 8 == 8),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, text)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(text) else { return };
    let Ok(mut doc) = parse(text) else { return };
    let readable = parse_layer(&doc).is_ok();
    // Keys config.set does not write (`local_turn_ms`) can keep a scope unreadable whatever it
    // sets: only a scope readable apart from the keys it writes must read afterwards.
    let mut others = doc.clone();
    for key in ["provider", "model", "thinking_level", "fast"] {
        others.remove(key);
    }
    let others_readable = parse_layer(&others).is_ok();
    check_providers(&doc);
    let wanted = edits(selector);
    let sets_every_key = wanted.selection.is_some() && wanted.thinking_level.is_some() && wanted.fast.is_some();
    edit(&mut doc, &wanted);
    let written = doc.to_string();
    let again = parse(&written).unwrap_or_else(|_| panic!("config.set wrote a file that does not parse:\n{written}"));
    check_providers(&again);
    let layer = match parse_layer(&again) {
        Ok(layer) => layer,
        Err(_) if !readable && (!sets_every_key || !others_readable) => return,
        Err(e) => panic!("config.set left a scope that no longer reads ({e}):\n{written}"),
    };
    if let Some(sel) = &wanted.selection {
        assert_eq!(layer.provider.as_deref(), Some(sel.provider_id.as_str()), "{written}");
        assert_eq!(layer.model.as_deref(), Some(sel.model_id.as_str()), "{written}");
    }
    if wanted.thinking_level.is_some() {
        assert_eq!(layer.thinking_level, wanted.thinking_level, "{written}");
    }
    if wanted.fast.is_some() {
        assert_eq!(layer.fast, wanted.fast, "{written}");
    }
});
