//! Context compaction: when the estimated context crosses the threshold, older history is
//! summarized through the provider and replaced by the summary; the summary is journaled (so
//! replay shows it as a `summary` item and the next turn starts from it) and `compaction`
//! activity reports the lifecycle, with `replay_required` once it settles.
//!
//! Where the runtime cannot continue (nothing older to fold, the summary failed, or the
//! context is still over the provider's window after compaction) the turn fails with
//! `internal_error` and the journal marks it so replay shows `compaction_required`.

use std::sync::atomic::Ordering;

use agentwire_protocol::{CompactionStatus, ErrorCode};

use super::activity;
use super::model::{complete, estimate_tokens};
use super::{RunCtx, Stop};
use crate::providers::{ChatMessage, ModelRequest, Purpose};

/// Prefix of the message that carries a summary into the model context.
pub const SUMMARY_HEADER: &str = "Summary of the earlier conversation:";

const SUMMARY_SYSTEM: &str = "You compress conversations. Summarize the conversation so far for your own later use: \
the user's goals, decisions, facts learned about the workspace, and open questions. Be concise.";

const SUMMARY_REQUEST: &str = "Summarize the conversation above.";

/// Tokens above which compaction runs: `MC_COMPACT_AT_TOKENS`, else three quarters of the
/// provider's context window.
fn threshold(window: u64) -> u64 {
    std::env::var("MC_COMPACT_AT_TOKENS").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(window / 4 * 3)
}

pub async fn maybe_compact(ctx: &RunCtx, system: &str, messages: &mut Vec<ChatMessage>) -> Result<(), Stop> {
    let max = ctx.provider.context_window();
    let current = estimate_tokens(system, messages);
    if current <= threshold(max) {
        return Ok(());
    }
    // Everything before the turn's own prompt is "older history".
    let cut = messages.iter().rposition(|m| matches!(m, ChatMessage::User(_))).unwrap_or(0);
    if cut == 0 {
        // Nothing older to fold: go on while the provider can still take it.
        return if current > max { Err(cannot_continue(ctx)) } else { Ok(()) };
    }
    let n = ctx.compactions.fetch_add(1, Ordering::Relaxed);
    let id = ctx.ids.compaction(n);
    ctx.sink.activity(activity::compaction(id.clone(), CompactionStatus::Triggered, Some((current, max))));
    ctx.sink.activity(activity::compaction(id.clone(), CompactionStatus::Running, None));
    let mut older: Vec<ChatMessage> = messages[..cut].to_vec();
    older.push(ChatMessage::User(SUMMARY_REQUEST.to_owned()));
    let request = ModelRequest {
        model: ctx.provider.model().to_owned(),
        system: SUMMARY_SYSTEM.to_owned(),
        messages: older,
        tools: Vec::new(),
        max_output_tokens: 2048,
        purpose: Purpose::Compaction,
    };
    let summary = match complete(ctx, &request).await {
        Ok(s) if !s.trim().is_empty() => s,
        outcome => {
            let status = if matches!(outcome, Err(Stop::Cancelled)) {
                CompactionStatus::Cancelled
            } else {
                CompactionStatus::Failed
            };
            ctx.sink.activity(activity::compaction(id, status, None));
            return match outcome {
                Err(Stop::Cancelled) => Err(Stop::Cancelled),
                // Without a summary the turn goes on uncompacted while it still fits.
                _ if current <= max => Ok(()),
                _ => Err(cannot_continue(ctx)),
            };
        }
    };
    let mut compacted = vec![ChatMessage::User(format!("{SUMMARY_HEADER}\n{summary}"))];
    compacted.extend_from_slice(&messages[cut..]);
    let after = estimate_tokens(system, &compacted);
    if after > max {
        // Still over the window: the summary is no checkpoint, so it is not journaled.
        ctx.sink.activity(activity::compaction(id, CompactionStatus::Failed, None));
        return Err(cannot_continue(ctx));
    }
    ctx.sink.compaction_summary(&summary);
    *messages = compacted;
    ctx.compacted.store(true, Ordering::Relaxed);
    ctx.sink.activity(activity::compaction(id, CompactionStatus::Completed, Some((after, max))));
    Ok(())
}

/// The turn ends `failed` (`internal_error`: no listed error code is more specific) and its
/// durable terminal is `compaction_required`.
fn cannot_continue(ctx: &RunCtx) -> Stop {
    ctx.sink.compaction_required();
    Stop::Failed(ErrorCode::InternalError)
}
