//! What Anthropic's Models API says a model accepts for thinking, kept in the model cache so
//! the catalog offers only levels the model can take and the request builder picks the shape
//! the model accepts.
//!
//! `GET /v1/models` returns per model a `capabilities` object
//! (<https://platform.claude.com/docs/en/api/models>): `thinking` is
//! `{supported, types: {adaptive: {supported}, enabled: {supported}}}` and `effort` is
//! `{supported, low: {supported}, medium: …, high: …, max: …}` (newer models add levels such
//! as `xhigh`). A model that takes both thinking types is asked for adaptive thinking: budget
//! thinking (`type: "enabled"`) is deprecated where adaptive exists and rejected from Claude
//! 4.7 on (<https://platform.claude.com/docs/en/build-with-claude/extended-thinking>).
//! Fast mode (`speed`) has no capability entry; its rule lives with the request builder.

use super::models::{fallback_levels, parse_level};
use super::providers::ProviderKind;
use agentwire_protocol::ReasoningLevel;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How a model takes extended thinking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThinkingMode {
    /// `thinking: {"type":"adaptive"}`, depth from `output_config.effort`.
    Adaptive,
    /// `thinking: {"type":"enabled","budget_tokens":N}`.
    Budget,
    /// No thinking type the model accepts: requests carry no `thinking` field.
    Unsupported,
}

/// A model's thinking mode and the reasoning choices it offers (provider spellings: the
/// `effort` keys for adaptive thinking), from one Models API entry; `None` when the entry
/// carries no well-formed `capabilities.thinking` (unknown: the fallback rules apply).
pub fn anthropic_thinking(item: &Value) -> Option<(ThinkingMode, Vec<String>)> {
    let capabilities = item.get("capabilities")?;
    let mode = thinking_mode(capabilities.get("thinking")?)?;
    let levels = match mode {
        ThinkingMode::Adaptive => efforts(capabilities.get("effort")),
        // Every level the Anthropic fallback offers has a budget in the request builder.
        ThinkingMode::Budget => budget_levels(),
        ThinkingMode::Unsupported => Vec::new(),
    };
    Some((mode, levels))
}

/// `supported` of a capability object, if it has one.
fn supported(v: Option<&Value>) -> Option<bool> {
    v?.get("supported")?.as_bool()
}

fn thinking_mode(thinking: &Value) -> Option<ThinkingMode> {
    let types = thinking.get("types").filter(|t| t.is_object())?;
    Some(match (supported(Some(thinking))?, supported(types.get("adaptive")), supported(types.get("enabled"))) {
        (true, Some(true), _) => ThinkingMode::Adaptive,
        (true, _, Some(true)) => ThinkingMode::Budget,
        // Not supported, or supported through no type this daemon knows how to ask for.
        _ => ThinkingMode::Unsupported,
    })
}

/// The effort levels marked supported, as the API spells them; one spelling per level, and
/// none unless effort itself is supported (adaptive thinking takes its depth from effort).
fn efforts(effort: Option<&Value>) -> Vec<String> {
    let Some(map) = effort.filter(|e| supported(Some(e)) == Some(true)).and_then(Value::as_object) else {
        return Vec::new();
    };
    let mut seen: Vec<ReasoningLevel> = Vec::new();
    let mut out = Vec::new();
    for (name, v) in map {
        let level = parse_level(name).filter(|l| *l != ReasoningLevel::Default);
        if let Some(level) = level.filter(|l| supported(Some(v)) == Some(true) && !seen.contains(l)) {
            seen.push(level);
            out.push(name.clone());
        }
    }
    out
}

fn budget_levels() -> Vec<String> {
    fallback_levels(ProviderKind::Anthropic)
        .into_iter()
        .filter(|l| *l != ReasoningLevel::Default)
        .map(|l| l.as_str().to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn model(thinking: Value, effort: Value) -> Value {
        json!({"id":"m","capabilities":{"batch":{"supported":true},"thinking":thinking,"effort":effort}})
    }

    fn thinking(on: bool, adaptive: bool, enabled: bool) -> Value {
        json!({"supported":on,"types":{"adaptive":{"supported":adaptive},"enabled":{"supported":enabled}}})
    }

    fn effort(levels: &[(&str, bool)]) -> Value {
        let mut e = json!({"supported":true});
        for (name, on) in levels {
            e[*name] = json!({"supported":on});
        }
        e
    }

    #[test]
    fn adaptive_wins_over_budget_and_offers_the_supported_efforts() {
        let all = effort(&[("low", true), ("medium", true), ("high", true), ("xhigh", false), ("max", true)]);
        let (mode, levels) = anthropic_thinking(&model(thinking(true, true, true), all)).unwrap();
        assert_eq!(mode, ThinkingMode::Adaptive, "budget thinking is deprecated where adaptive exists");
        let mut levels = levels;
        levels.sort();
        assert_eq!(levels, ["high", "low", "max", "medium"], "xhigh is not supported here");
        let no_effort = json!({"supported":false,"low":{"supported":true}});
        assert_eq!(anthropic_thinking(&model(thinking(true, true, false), no_effort)).unwrap().1, Vec::<String>::new());
    }

    #[test]
    fn budget_models_offer_the_budget_levels_and_models_without_thinking_none() {
        let (mode, levels) =
            anthropic_thinking(&model(thinking(true, false, true), json!({"supported":false}))).unwrap();
        assert_eq!(mode, ThinkingMode::Budget);
        let parsed: Vec<ReasoningLevel> = levels.iter().filter_map(|l| parse_level(l)).collect();
        let mut expected = fallback_levels(ProviderKind::Anthropic);
        expected.retain(|l| *l != ReasoningLevel::Default);
        assert_eq!(parsed, expected);
        for off in [thinking(false, false, false), thinking(false, true, true), thinking(true, false, false)] {
            assert_eq!(
                anthropic_thinking(&model(off.clone(), json!({"supported":false}))),
                Some((ThinkingMode::Unsupported, Vec::new())),
                "{off}"
            );
        }
    }

    #[test]
    fn missing_or_malformed_capabilities_are_unknown() {
        for item in [
            json!({"id":"m"}),
            json!({"id":"m","capabilities":null}),
            json!({"id":"m","capabilities":{"effort":{"supported":true}}}),
            json!({"id":"m","capabilities":{"thinking":{"supported":"yes","types":{}}}}),
            json!({"id":"m","capabilities":{"thinking":{"supported":true}}}),
        ] {
            assert_eq!(anthropic_thinking(&item), None, "{item}");
        }
    }

    #[test]
    fn the_mode_is_stored_in_snake_case() {
        assert_eq!(serde_json::to_value(ThinkingMode::Unsupported).unwrap(), "unsupported");
        assert_eq!(serde_json::from_value::<ThinkingMode>(json!("adaptive")).unwrap(), ThinkingMode::Adaptive);
    }
}
