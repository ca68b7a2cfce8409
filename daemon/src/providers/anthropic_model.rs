//! The request shape each Anthropic model gets for the turn's reasoning level and fast flag.
//!
//! A configuration the user can make must never become a request the API rejects: whatever
//! is not known to be accepted by the model is left out of the request (no `thinking`, no
//! `speed`), which every model accepts.
//!
//! - Thinking follows the model's cached record ([`CachedModel::thinking_mode`], from the
//!   Models API's `capabilities`, see [`crate::catalog::capabilities`]): adaptive thinking with
//!   the level's effort, budget thinking, or none. A model without a record (not listed, or
//!   listed without capabilities) gets no thinking: the API gives nothing to tell adaptive-only
//!   models (which reject `type: "enabled"` with 400) from budget-only ones (which do not know
//!   `type: "adaptive"`), and its documentation says not to infer a model's line from its ID.
//! - Fast mode has no capability entry in the Models API, so it follows the documented list
//!   of models below.

use agentwire_protocol::ReasoningLevel;

use crate::catalog::cache::CachedModel;
use crate::catalog::capabilities::ThinkingMode;
use crate::catalog::models::parse_level;

/// The thinking a request asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Thinking {
    /// No `thinking` field: the model's default.
    #[default]
    Off,
    /// `thinking: {"type":"enabled","budget_tokens":N}`.
    Budget { budget_tokens: u32 },
    /// `thinking: {"type":"adaptive"}` with `output_config: {"effort": effort}`, the effort
    /// spelled as the Models API listed it; `headroom` joins the answer's allowance in
    /// `max_tokens`.
    Adaptive { effort: String, headroom: u32 },
}

impl Thinking {
    /// Tokens added to the answer's allowance for `max_tokens`: thinking counts toward
    /// `max_tokens` in both modes, so without them thinking would eat the answer (and a
    /// budget must stay below `max_tokens`).
    pub fn allowance(&self) -> Option<u32> {
        match self {
            Thinking::Off => None,
            Thinking::Budget { budget_tokens } => Some(*budget_tokens),
            Thinking::Adaptive { headroom, .. } => Some(*headroom),
        }
    }
}

/// Thinking for `level` on a model with the cached `record`. Only a level the record offers
/// turns thinking on: a stale catalog resolves levels by the fallback rules, which may name
/// one this model lacks, and such a level asks for nothing rather than a rejected request.
pub fn thinking(level: ReasoningLevel, record: Option<&CachedModel>) -> Thinking {
    let (Some(allowance), Some(record)) = (allowance(level), record) else { return Thinking::Off };
    let Some(spelling) = offered(record, level) else { return Thinking::Off };
    match record.thinking_mode {
        Some(ThinkingMode::Adaptive) => Thinking::Adaptive { effort: spelling.to_owned(), headroom: allowance },
        Some(ThinkingMode::Budget) => Thinking::Budget { budget_tokens: allowance },
        Some(ThinkingMode::Unsupported) | None => Thinking::Off,
    }
}

/// The record's spelling of `level`, if it offers it.
fn offered(record: &CachedModel, level: ReasoningLevel) -> Option<&str> {
    record.thinking_levels.as_deref()?.iter().map(String::as_str).find(|s| parse_level(s) == Some(level))
}

/// Tokens of thinking a level allows: `budget_tokens` in budget mode, headroom in adaptive
/// mode (<https://platform.claude.com/docs/en/build-with-claude/adaptive-thinking>:
/// `max_tokens` caps thinking and answer together). `None` (the default level): no thinking.
/// The budget floor is 1024 tokens; the largest allowance plus the turn's output allowance
/// stays within 32000, the smallest output limit among the models that offer thinking.
fn allowance(level: ReasoningLevel) -> Option<u32> {
    match level {
        ReasoningLevel::Default => None,
        ReasoningLevel::Low => Some(1_024),
        ReasoningLevel::Medium => Some(4_096),
        ReasoningLevel::High => Some(10_000),
        ReasoningLevel::XHigh | ReasoningLevel::Max => Some(20_000),
    }
}

/// How a model takes `speed: "fast"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FastAccess {
    /// Generally available: `speed` alone.
    Stable,
    /// Research preview: `speed` with the `fast-mode-2026-02-01` beta header.
    Beta,
}

/// The models fast mode is documented for, as the fast-mode page lists them on 2026-11-30
/// (<https://platform.claude.com/docs/en/build-with-claude/fast-mode>): available on Claude
/// Opus 5.5, Fable 5.2 and Mythos 5.2, in research preview (beta header) on Claude Opus 5.
/// Left out on purpose: Claude Opus 4.8, whose fast mode that page says is removed on
/// 2026-11-30 (requests with `speed` then fail), and Opus 4.7 and 4.6, which it no longer
/// lists (Opus 4.7's fast mode was removed on 2026-07-24,
/// <https://code.claude.com/docs/en/fast-mode>). The Models API reports no fast-mode
/// capability, so this list is the only source; exact IDs only, as no rule for other names
/// is documented.
const FAST_MODELS: &[(&str, FastAccess)] = &[
    ("claude-opus-5-5", FastAccess::Stable),
    ("claude-fable-5-2", FastAccess::Stable),
    ("claude-mythos-5-2", FastAccess::Stable),
    ("claude-opus-5", FastAccess::Beta),
];

/// Fast mode for `model_id` when the turn captured `fast`. `fast` is one global setting, so
/// it stays on when the user switches to a model without fast mode; such a model gets no
/// `speed` (which "works only on supported models") rather than a failed turn.
pub fn fast(requested: bool, model_id: &str) -> Option<FastAccess> {
    requested.then(|| FAST_MODELS.iter().find(|(id, _)| *id == model_id).map(|(_, access)| *access)).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use agentwire_protocol::ReasoningLevel::*;

    fn record(mode: Option<ThinkingMode>, levels: &[&str]) -> CachedModel {
        let mut m = CachedModel::named("m");
        m.thinking_mode = mode;
        m.thinking_levels = Some(levels.iter().map(|l| (*l).to_owned()).collect());
        m
    }

    #[test]
    fn adaptive_models_get_the_levels_effort_as_the_api_spelled_it() {
        let m = record(Some(ThinkingMode::Adaptive), &["low", "medium", "high", "xhigh", "max"]);
        assert_eq!(thinking(High, Some(&m)), Thinking::Adaptive { effort: "high".into(), headroom: 10_000 });
        assert_eq!(thinking(XHigh, Some(&m)), Thinking::Adaptive { effort: "xhigh".into(), headroom: 20_000 });
        assert_eq!(thinking(Default, Some(&m)), Thinking::Off, "the default level asks for nothing");
        let no_max = record(Some(ThinkingMode::Adaptive), &["low", "high"]);
        assert_eq!(thinking(Max, Some(&no_max)), Thinking::Off, "an effort the model does not list is not sent");
    }

    #[test]
    fn budget_models_get_a_budget_above_the_floor() {
        let m = record(Some(ThinkingMode::Budget), &["low", "medium", "high", "max"]);
        for level in [Low, Medium, High, Max] {
            let Thinking::Budget { budget_tokens } = thinking(level, Some(&m)) else { panic!("{level:?}") };
            assert!(budget_tokens >= 1_024, "{level:?}: the API's floor");
        }
        assert!(thinking(High, Some(&m)).allowance() > thinking(Low, Some(&m)).allowance());
        assert_eq!(thinking(XHigh, Some(&m)), Thinking::Off, "not offered to budget models");
    }

    #[test]
    fn models_without_thinking_or_without_a_record_get_none() {
        let plain = record(Some(ThinkingMode::Unsupported), &[]);
        let unknown = record(None, &["low", "high"]);
        for level in ReasoningLevel::ALL {
            assert_eq!(thinking(*level, Some(&plain)), Thinking::Off, "{level:?}");
            assert_eq!(thinking(*level, Some(&unknown)), Thinking::Off, "{level:?}: no capabilities recorded");
            assert_eq!(thinking(*level, None), Thinking::Off, "{level:?}: not in the catalog");
        }
        // A hand-edited cache cannot smuggle an effort spelling the daemon does not know.
        let odd = record(Some(ThinkingMode::Adaptive), &["turbo"]);
        assert!(ReasoningLevel::ALL.iter().all(|l| thinking(*l, Some(&odd)) == Thinking::Off));
    }

    #[test]
    fn fast_goes_only_to_documented_models_and_only_when_asked() {
        assert_eq!(fast(true, "claude-opus-5-5"), Some(FastAccess::Stable));
        assert_eq!(fast(true, "claude-opus-5"), Some(FastAccess::Beta));
        assert_eq!(fast(false, "claude-opus-5-5"), None);
        for other in
            ["claude-opus-4-8", "claude-opus-4-7", "claude-opus-4-6", "claude-sonnet-4-6", "claude-opus-5-5x", ""]
        {
            assert_eq!(fast(true, other), None, "{other}");
        }
    }
}
