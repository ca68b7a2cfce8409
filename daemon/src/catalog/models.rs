//! Display filtering of catalog data: reasoning-level lists and paging; the ID and label
//! checks live in [`super::labels`] (re-exported here), which providers use too.

pub use super::labels::{label_or_id, looks_like_secret, sanitize_label, usable_model_id};
use super::providers::ProviderKind;
use agentwire_protocol::{constants, ReasoningLevel};

/// Reasoning choices used when fresh metadata does not say: per provider kind.
pub fn fallback_levels(kind: ProviderKind) -> Vec<ReasoningLevel> {
    use ReasoningLevel::*;
    match kind {
        ProviderKind::Anthropic => vec![Default, Low, Medium, High, Max],
        ProviderKind::OpenAiCodex => vec![Default, Low, Medium, High, XHigh],
        ProviderKind::Local | ProviderKind::OpenAiCompatible | ProviderKind::Acp => vec![Default],
    }
}

/// Map a provider's reasoning spelling to the wire's; unknown spellings are dropped.
pub fn parse_level(raw: &str) -> Option<ReasoningLevel> {
    match raw.to_ascii_lowercase().as_str() {
        "xhigh" | "x-high" => Some(ReasoningLevel::XHigh),
        "minimal" => Some(ReasoningLevel::Low),
        other => ReasoningLevel::from_wire(other),
    }
}

/// A bounded level list: `default` first, spec order, no duplicates, at most six.
pub fn normalize_levels(levels: impl IntoIterator<Item = ReasoningLevel>) -> Vec<ReasoningLevel> {
    let mut out = vec![ReasoningLevel::Default];
    let mut rest: Vec<ReasoningLevel> = levels.into_iter().filter(|l| *l != ReasoningLevel::Default).collect();
    rest.sort();
    rest.dedup();
    out.extend(rest);
    out.truncate(constants::REASONING_LEVELS_MAX as usize);
    out
}

/// One page of `items` and the offset of the next page (`None` at the end). An offset
/// past the end is an empty page.
pub fn page<T: Clone>(items: &[T], offset: u32, limit: u32) -> (Vec<T>, Option<u32>) {
    let start = (offset as usize).min(items.len());
    let end = start.saturating_add(limit as usize).min(items.len());
    let next = (end < items.len()).then(|| u32::try_from(end).ok()).flatten();
    (items[start..end].to_vec(), next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_looking_ids_are_recognized() {
        // "rejected or omitted if they look like secrets"
        for id in [
            "sk-ant-api03-abcdefghijklmnop",
            "ghp_abcdefghijklmnopqrstuvwxyz0123",
            "a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7",
            "eyJhbGciOiJI.eyJzdWIiOiIx.c2lnbmF0dXJl",
        ] {
            assert!(looks_like_secret(id), "{id}");
        }
        for id in
            ["claude-sonnet-4-5-20250929", "gpt-5-codex", "meta-llama/Llama-3.1-8B-Instruct", "qwen2.5:7b", "echo"]
        {
            assert!(!looks_like_secret(id), "{id}");
            assert!(usable_model_id(id), "{id}");
        }
        assert!(!usable_model_id("has space"));
        assert!(!usable_model_id(&"m".repeat(constants::SELECTION_ID_MAX_BYTES as usize + 1)));
    }

    #[test]
    fn labels_are_sanitized_bounded_and_fall_back_to_the_id() {
        // "Labels are display-sanitized and limited to 128 bytes, falling back to a bounded ID."
        assert_eq!(label_or_id(Some("Claude\u{202E} Sonnet\n"), "m"), "Claude Sonnet");
        assert_eq!(label_or_id(Some(" \u{200B} "), "model-x"), "model-x");
        let max = constants::LABEL_MAX_BYTES as usize;
        assert!(label_or_id(Some(&"é".repeat(max)), "m").len() <= max);
        assert_eq!(label_or_id(None, &"a-".repeat(max)).len(), max);
    }

    #[test]
    fn levels_are_normalized() {
        use ReasoningLevel::*;
        assert_eq!(normalize_levels([High, Low, High, Default]), vec![Default, Low, High]);
        assert_eq!(
            ["minimal", "xhigh", "bogus"].iter().filter_map(|l| parse_level(l)).collect::<Vec<_>>(),
            vec![Low, XHigh]
        );
    }

    #[test]
    fn paging_follows_next_offset_and_tolerates_offsets_past_the_end() {
        // "Follow non-null next_offset for another page; an offset beyond the end returns an empty page."
        let items: Vec<u32> = (0..5).collect();
        assert_eq!(page(&items, 0, 2), (vec![0, 1], Some(2)));
        assert_eq!(page(&items, 4, 2), (vec![4], None));
        assert_eq!(page(&items, 3, 2), (vec![3, 4], None));
        let full = agentwire_protocol::limits::MAX_CATALOG_PAGE_ITEMS as u32;
        assert_eq!(page(&items, constants::CATALOG_MAX_OFFSET as u32, full), (vec![], None));
    }
}
