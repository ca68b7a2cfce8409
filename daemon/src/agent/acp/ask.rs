//! Asking the person (issue #38, the `approvals` profile): the seam between an ACP turn and
//! whoever delivers its permission requests to the front ends that opted in. The turn
//! implements nothing of the wire: the turn service ([`crate::turns`]) implements [`Asker`]
//! over the pending approvals registry ([`crate::approvals`]) and the session's connections.

use agent_client_protocol::v1::schema::{ToolCallContent, ToolCallUpdateFields};
use serde_json::Value;

use crate::approvals::{Offered, RegisterError, Resolution};
use crate::providers::BoxFuture;

/// The change a call proposes, when the agent sent one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// An edit's diff (the first the agent sent).
    Diff { path: String, old_text: Option<String>, new_text: String },
    /// A command line (the call's `command` argument).
    Command { command: String },
}

/// What the person is asked: one permission request of the turn.
#[derive(Debug, Clone)]
pub struct Question {
    /// The session stream's call ID.
    pub call_id: String,
    pub title: String,
    /// The ACP tool kind.
    pub kind: String,
    /// The call's arguments as the agent sent them (the asker bounds them).
    pub arguments: Value,
    pub change: Option<Change>,
    pub options: Vec<Offered>,
}

/// A question made pending: its ID and its end.
pub struct Asked {
    pub approval_id: String,
    pub resolution: BoxFuture<'static, Resolution>,
}

/// Who the turn asks.
pub trait Asker: Send + Sync {
    /// Whether a connection that opted into approvals controls the session now.
    fn present(&self) -> bool;

    /// Makes the question pending and delivers it; an error means it could not be pending
    /// (a bound), and the policy answers it.
    fn ask(&self, question: Question) -> Result<Asked, RegisterError>;

    /// Tells the front ends how a question ended.
    fn resolved(&self, approval_id: &str, resolution: &Resolution);

    /// Answers every pending question of the turn `cancelled` (the turn is cancelled).
    fn cancel_turn(&self);
}

/// The change the agent proposed: its first diff, else a `command` argument (a string, or an
/// array of strings joined by spaces).
pub fn change_of(fields: &ToolCallUpdateFields) -> Option<Change> {
    let diff = fields.content.iter().flatten().find_map(|c| match c {
        ToolCallContent::Diff(d) => Some(Change::Diff {
            path: d.path.display().to_string(),
            old_text: d.old_text.clone(),
            new_text: d.new_text.clone(),
        }),
        _ => None,
    });
    diff.or_else(|| {
        let command = fields.raw_input.as_ref()?.get("command")?;
        let command = match command {
            Value::String(s) => s.clone(),
            Value::Array(parts) => parts.iter().map(Value::as_str).collect::<Option<Vec<_>>>()?.join(" "),
            _ => return None,
        };
        Some(Change::Command { command })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields(value: Value) -> ToolCallUpdateFields {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn the_proposed_change_is_an_edits_diff_or_a_command_line() {
        // "the proposed change where the agent sent one — an edit's diff, a command line —"
        let edit = fields(json!({"content": [
            {"type": "content", "content": {"type": "text", "text": "x"}},
            {"type": "diff", "path": "/w/a.toml", "oldText": "a = 1", "newText": "a = 2"}
        ]}));
        assert_eq!(
            change_of(&edit),
            Some(Change::Diff { path: "/w/a.toml".into(), old_text: Some("a = 1".into()), new_text: "a = 2".into() })
        );
        let run = fields(json!({"rawInput": {"command": "make install"}}));
        assert_eq!(change_of(&run), Some(Change::Command { command: "make install".into() }));
        let argv = fields(json!({"rawInput": {"command": ["git", "push"]}}));
        assert_eq!(change_of(&argv), Some(Change::Command { command: "git push".into() }));
        assert_eq!(change_of(&fields(json!({"rawInput": {"command": 5}}))), None);
        assert_eq!(change_of(&fields(json!({}))), None);
    }
}
