//! The allowlisted activity projection (seed "Structured activity"): each builder takes only
//! the fields the table allows, so tool arguments, results, labels, provider payloads and
//! error text cannot reach the wire. IDs are namespace-prefixed SHA-256 hashes of runtime
//! identities, never the identities themselves.

use agentwire_protocol::{
    constants, Activity, ActivityCompaction, ActivityContext, ActivityLifecycle, ActivityReasoningSummary,
    ActivityStatus, ActivityTool, ActivityUsage, CompactionStatus, ContextSource, LifecycleCategory, ToolTransport,
    UsageSource,
};
use sha2::{Digest, Sha256};

use super::tools::is_builtin;
use crate::providers::Usage;
use crate::redact::{redact, truncate_on_char_boundary};

/// `<namespace>_<first 32 hex of SHA-256(namespace NUL part NUL …)>`.
pub fn hashed_id(namespace: &str, parts: &[&str]) -> String {
    let mut h = Sha256::new();
    h.update(namespace.as_bytes());
    for p in parts {
        h.update([0]);
        h.update(p.as_bytes());
    }
    format!("{namespace}_{}", &hex::encode(h.finalize())[..32])
}

/// Activity IDs of one turn (they recur across turns by design: scope is the turn).
#[derive(Debug, Clone)]
pub struct Ids {
    turn_id: String,
}

impl Ids {
    pub fn new(turn_id: &str) -> Ids {
        Ids { turn_id: turn_id.to_owned() }
    }
    pub fn tool_call(&self, call_id: &str) -> String {
        hashed_id("act", &[&self.turn_id, "tool", call_id])
    }
    /// Stream-level context and usage updates reuse one ID per agent.
    pub fn context(&self, agent: &str) -> String {
        hashed_id("ctx", &[&self.turn_id, agent])
    }
    pub fn usage(&self, agent: &str) -> String {
        hashed_id("use", &[&self.turn_id, agent])
    }
    pub fn batch(&self, step: u64) -> String {
        hashed_id("sab", &[&self.turn_id, &step.to_string()])
    }
    pub fn task(&self, call_id: &str) -> String {
        hashed_id("sat", &[&self.turn_id, call_id])
    }
    pub fn compaction(&self, n: u64) -> String {
        hashed_id("cmp", &[&self.turn_id, &n.to_string()])
    }
    pub fn reasoning(&self, n: u64) -> String {
        hashed_id("rsn", &[&self.turn_id, &n.to_string()])
    }
}

pub fn lifecycle_start(id: String, parent: Option<String>, category: LifecycleCategory) -> Activity {
    Activity::Lifecycle(ActivityLifecycle::new(id, category, ActivityStatus::Running).with_parent_activity_id(parent))
}

/// Finishes use category `activity`; correlation is by ID.
pub fn lifecycle_finish(id: String, status: ActivityStatus) -> Activity {
    Activity::Lifecycle(ActivityLifecycle::new(id, LifecycleCategory::Activity, status))
}

/// A tool state: hashed tool identity, the name only for built-ins, status only.
pub fn tool(
    id: String,
    parent: Option<String>,
    name: &str,
    status: ActivityStatus,
    timed_out: Option<bool>,
) -> Activity {
    let builtin = is_builtin(name);
    Activity::Tool(
        ActivityTool::new(
            id,
            hashed_id("tool", &[name]),
            builtin.then(|| name.to_owned()),
            None,
            if builtin { ToolTransport::Local } else { ToolTransport::Unknown },
            status,
            timed_out,
        )
        .with_parent_activity_id(parent),
    )
}

/// An MCP tool state: hashed server and tool identities, never their names.
pub fn tool_mcp(
    id: String,
    parent: Option<String>,
    server: &str,
    tool: &str,
    status: ActivityStatus,
    timed_out: Option<bool>,
) -> Activity {
    Activity::Tool(
        ActivityTool::new(
            id,
            hashed_id("tool", &[server, tool]),
            None,
            Some(hashed_id("srv", &[server])),
            ToolTransport::Mcp,
            status,
            timed_out,
        )
        .with_parent_activity_id(parent),
    )
}

pub fn context(id: String, parent: Option<String>, current: u64, max: u64, request_sequence: u64) -> Activity {
    Activity::Context(
        ActivityContext::new(id, current, max, None, request_sequence, ContextSource::FallbackEstimate)
            .with_parent_activity_id(parent),
    )
}

pub fn usage(
    id: String,
    parent: Option<String>,
    u: Usage,
    request_sequence: u64,
    final_usage: bool,
    source: UsageSource,
) -> Activity {
    Activity::Usage(
        ActivityUsage::new(
            id,
            u.input,
            u.output,
            u.cache_read.unwrap_or(0),
            u.cache_read.is_some(),
            request_sequence,
            final_usage,
            source,
        )
        .with_parent_activity_id(parent),
    )
}

/// Counts only for triggered/completed; replay is required once compaction settles.
pub fn compaction(id: String, status: CompactionStatus, counts: Option<(u64, u64)>) -> Activity {
    let counted = matches!(status, CompactionStatus::Triggered | CompactionStatus::Completed);
    let (current, max) = counts.filter(|_| counted).map_or((None, None), |(c, m)| (Some(c), Some(m)));
    Activity::Compaction(ActivityCompaction::new(
        id,
        status,
        current,
        max,
        matches!(status, CompactionStatus::Completed | CompactionStatus::Failed | CompactionStatus::Cancelled),
    ))
}

/// A verified provider summary: over the input bound → empty and truncated; else sanitized
/// (redaction, control characters) and cut to the summary bound on a character boundary.
pub fn reasoning_summary(id: String, parent: Option<String>, raw: &str) -> Activity {
    let max_input = usize::try_from(constants::SUMMARY_INPUT_MAX_BYTES).unwrap_or(usize::MAX);
    let max = usize::try_from(constants::SUMMARY_MAX_BYTES).unwrap_or(usize::MAX);
    let (text, redacted, truncated) = if raw.len() > max_input {
        (String::new(), false, true)
    } else {
        let clean = sanitize(raw);
        let redacted = clean != raw;
        let cut = truncate_on_char_boundary(&clean, max);
        (cut.to_owned(), redacted, cut.len() < clean.len())
    };
    Activity::ReasoningSummary(
        ActivityReasoningSummary::new(id, text, redacted, truncated).with_parent_activity_id(parent),
    )
}

/// The display sanitizer: redaction, then control characters other than newline and tab
/// removed.
fn sanitize(raw: &str) -> String {
    redact(raw).chars().filter(|c| !c.is_control() || *c == '\n' || *c == '\t').collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_namespaced_hashes_not_raw_names() {
        let id = hashed_id("tool", &["read_file"]);
        assert!(id.starts_with("tool_") && id.len() == 5 + 32 && !id.contains("read"));
        let ids = Ids::new("t-1");
        assert_ne!(ids.tool_call("c1"), ids.tool_call("c2"));
        assert_eq!(ids.context("main"), ids.context("main"), "stream-level updates reuse IDs");
    }

    #[test]
    fn tool_activity_names_only_builtins() {
        let Activity::Tool(t) = tool("a".into(), None, "read_file", ActivityStatus::Running, None) else { panic!() };
        assert_eq!((t.tool_name.as_deref(), t.transport, t.timed_out), (Some("read_file"), ToolTransport::Local, None));
        let Activity::Tool(t) = tool("a".into(), None, "secret_internal_tool", ActivityStatus::Failed, Some(false))
        else {
            panic!()
        };
        assert_eq!((t.tool_name, t.transport), (None, ToolTransport::Unknown));
        assert!(!t.tool_id.contains("secret"));
    }

    #[test]
    fn reasoning_summaries_are_bounded_without_splitting_a_character() {
        let Activity::ReasoningSummary(s) = reasoning_summary("r".into(), None, &"é".repeat(1500)) else { panic!() };
        assert_eq!((s.text.len(), s.truncated, s.redacted), (2048, true, false));
        let Activity::ReasoningSummary(s) = reasoning_summary("r".into(), None, &"a".repeat(16385)) else { panic!() };
        assert_eq!((s.text.as_str(), s.truncated, s.redacted), ("", true, false));
        let Activity::ReasoningSummary(s) =
            reasoning_summary("r".into(), None, "use key sk-abcdefghijklmnopqrstuvwxyz123456\u{7}")
        else {
            panic!()
        };
        assert!(s.redacted && !s.text.contains("sk-abc") && !s.truncated);
    }

    #[test]
    fn compaction_counts_only_when_triggered_or_completed() {
        let Activity::Compaction(c) = compaction("c".into(), CompactionStatus::Running, Some((5, 9))) else { panic!() };
        assert_eq!((c.current_tokens, c.replay_required), (None, false));
        let Activity::Compaction(c) = compaction("c".into(), CompactionStatus::Completed, Some((5, 9))) else {
            panic!()
        };
        assert_eq!((c.current_tokens, c.max_tokens, c.replay_required), (Some(5), Some(9), true));
    }
}
