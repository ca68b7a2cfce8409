//! The one computation of where a compaction checkpoint starts, shared by replay's projection
//! cache (`projection::Projection`) and the model's context (`crate::turns::context`), so the two
//! cannot disagree about what a summary replaces (seed: "its summary precedes the conversation
//! after its cutoff").
//!
//! A summary is appended when its turn settles: after that turn's prompt, which was appended
//! at admission, and after the text of the turn's earlier tool-loop rounds. What it replaces is
//! the history before that prompt, so the checkpoint starts at the prompt and the compacting
//! turn stays whole. The records from the prompt up to the summary are the checkpoint's
//! *head*. When the metadata names no prompt (written before it did) or the window does not
//! hold it, the checkpoint starts at the summary itself and has no head.

use std::collections::HashMap;

use agentwire_protocol::SessionMessage;

use super::allowlist::{compacting_prompt, summary_of};
use crate::storage::transcript::Summaries;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoint {
    /// Offset of the first record after the cut: the prompt, or the summary.
    pub start: u64,
    /// Offset of the summary record.
    pub summary: u64,
    /// The metadata names a prompt that the window does not hold (the window bound cut it):
    /// the compacting turn shows from its summary, and the missing prompt is a gap.
    pub prompt_cut: bool,
}

impl Checkpoint {
    /// The summary offset when the record at `offset` lies in this checkpoint's head.
    pub fn head_of(&self, offset: u64) -> Option<u64> {
        (self.start <= offset && offset < self.summary).then_some(self.summary)
    }
}

/// What a window's records, read oldest first, say about checkpoints: the offsets of the
/// compacting turns' prompts seen so far.
#[derive(Debug, Default)]
pub struct Checkpoints {
    /// Window offsets of the user messages the metadata names as compacting turns' prompts,
    /// by message ID (at most one entry per compaction record).
    prompts: HashMap<String, u64>,
}

impl Checkpoints {
    pub fn clear(&mut self) {
        self.prompts.clear();
    }

    /// Takes in the record at `offset` of a window starting at `base`; when it is a
    /// compaction summary the metadata vouches for, the checkpoint it opens and its text.
    pub fn observe<'m>(
        &mut self,
        message: &'m SessionMessage,
        offset: u64,
        base: u64,
        summaries: &Summaries,
    ) -> Option<(Checkpoint, &'m str)> {
        if let Some(id) = compacting_prompt(message, summaries) {
            self.prompts.insert(id.to_owned(), offset);
            return None;
        }
        let (text, prompt_id) = summary_of(message, summaries)?;
        let prompt = prompt_id.and_then(|id| self.prompts.get(id)).copied().filter(|&p| base <= p && p < offset);
        let checkpoint = Checkpoint {
            start: prompt.unwrap_or(offset),
            summary: offset,
            prompt_cut: prompt_id.is_some() && prompt.is_none(),
        };
        Some((checkpoint, text))
    }
}
