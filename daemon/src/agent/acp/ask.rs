//! Asking the person (issue #38, the `approvals` profile): the seam between an ACP turn and
//! whoever delivers its permission requests to the front ends that opted in. The turn
//! implements nothing of the wire: the turn service ([`crate::turns`]) implements [`Asker`]
//! over the pending approvals registry ([`crate::approvals`]) and the session's connections.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use agent_client_protocol::v1::schema::{ToolCallContent, ToolCallUpdateFields};
use agentwire_protocol::PermissionKind;
use serde_json::Value;

use crate::agent::tools::Workspace;
use crate::approvals::{DecidedBy, Offered, Outcome, RegisterError, Resolution};
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

/// The ACP tool kind whose requests permit the agent's file writes.
pub const EDIT_KIND: &str = "edit";

/// The person's last "always" answer to an `edit` request of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Always {
    Allow,
    Reject,
}

/// What the person allowed a turn's `edit` calls to change: the rule for the agent's
/// `fs/write_text_file` when the policy asks about edits.
///
/// - A file that an `edit` request of the same turn named (its diffs and locations) and that
///   the person answered with an allow option may be written.
/// - "`allow_always` / `reject_always` are forwarded as chosen: in ACP the agent keeps that
///   memory", so the daemon keeps it too: after the person's `allow_always` to an `edit`
///   request the agent may write any workspace file without asking, for as long as the
///   session lives in the agent ([`AlwaysEdits`]); a later `reject_always` takes that back.
/// - A rejected, cancelled, deadline- or policy-answered request adds nothing.
///
/// One per turn: it leaves with the turn's route, the "always" answer staying with the session.
#[derive(Debug, Default)]
pub struct ApprovedWrites {
    files: Mutex<HashSet<PathBuf>>,
    always: Mutex<Option<Always>>,
}

impl ApprovedWrites {
    /// The turn starts from the session's remembered "always" answer.
    pub fn remember(&self, always: Option<Always>) {
        *crate::sync::lock(&self.always) = always;
    }

    /// Records the person's answer to a request (`edit`: whether it is an `edit` request,
    /// `paths` the files it named): an allow permits writing `paths`, each where a write of it
    /// lands in `workspace` ([`Workspace::resolve_absolute_file`]; a path outside it is not
    /// remembered); an "always" answer to an `edit` request is returned, for the session to
    /// remember.
    pub fn record(&self, workspace: &Path, edit: bool, paths: &[PathBuf], resolution: &Resolution) -> Option<Always> {
        let Outcome::Selected { kind, .. } = resolution.outcome else { return None };
        if resolution.decided_by != DecidedBy::Person {
            return None;
        }
        let always = match kind {
            PermissionKind::AllowAlways if edit => Some(Always::Allow),
            PermissionKind::RejectAlways if edit => Some(Always::Reject),
            _ => None,
        };
        if always.is_some() {
            *crate::sync::lock(&self.always) = always;
        }
        if matches!(kind, PermissionKind::AllowOnce | PermissionKind::AllowAlways) && !paths.is_empty() {
            if let Ok(workspace) = Workspace::new(workspace) {
                let real = paths.iter().filter_map(|p| workspace.resolve_absolute_file(p)?.ok());
                crate::sync::lock(&self.files).extend(real);
            }
        }
        always
    }

    /// Whether the person allowed a write of `target` (resolved as [`Self::record`] does).
    pub fn permits(&self, target: &Path) -> bool {
        *crate::sync::lock(&self.always) == Some(Always::Allow) || crate::sync::lock(&self.files).contains(target)
    }
}

/// The person's "always" answers to `edit` requests, by ACP session, for as long as the agent
/// process serves it (the agent's own memory lives there too).
#[derive(Debug, Default)]
pub struct AlwaysEdits(Mutex<HashMap<String, Always>>);

impl AlwaysEdits {
    pub fn get(&self, acp_session: &str) -> Option<Always> {
        crate::sync::lock(&self.0).get(acp_session).copied()
    }

    pub fn set(&self, acp_session: &str, always: Always) {
        crate::sync::lock(&self.0).insert(acp_session.to_owned(), always);
    }
}

/// The files an `edit` call names: its diffs' paths and its locations; none for another kind.
pub fn edited_paths(kind: &str, fields: &ToolCallUpdateFields) -> Vec<PathBuf> {
    if kind != EDIT_KIND {
        return Vec::new();
    }
    let diffs = fields.content.iter().flatten().filter_map(|c| match c {
        ToolCallContent::Diff(d) => Some(d.path.clone()),
        _ => None,
    });
    let locations = fields.locations.iter().flatten().map(|l| l.path.clone());
    diffs.chain(locations).collect()
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

    fn ended(kind: PermissionKind, decided_by: DecidedBy) -> Resolution {
        Resolution { outcome: Outcome::Selected { option_id: "x".into(), kind }, decided_by }
    }

    #[test]
    fn only_the_persons_allow_of_an_edit_permits_writing_the_files_it_named() {
        // "A rejected, cancelled, deadline- or policy-answered request never permits a write."
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        std::fs::create_dir(root.join("src")).unwrap();
        let edit = fields(json!({
            "content": [{"type": "diff", "path": root.join("src/../a.toml"), "oldText": null, "newText": "a"}],
            "locations": [{"path": root.join("src/b.rs")}, {"path": "/etc/passwd"}]
        }));
        let paths = edited_paths("edit", &edit);
        assert_eq!(paths.len(), 3);
        assert!(edited_paths("execute", &edit).is_empty(), "only an edit call names files to write");
        let writes = ApprovedWrites::default();
        let refused = [
            ended(PermissionKind::RejectOnce, DecidedBy::Person),
            ended(PermissionKind::RejectAlways, DecidedBy::Person),
            ended(PermissionKind::AllowOnce, DecidedBy::Policy),
            ended(PermissionKind::AllowOnce, DecidedBy::Deadline),
            ended(PermissionKind::AllowOnce, DecidedBy::Cancel),
            Resolution { outcome: Outcome::Cancelled, decided_by: DecidedBy::Person },
        ];
        for resolution in &refused {
            writes.record(&root, true, &paths, resolution);
            assert!(!writes.permits(&root.join("src/b.rs")), "{resolution:?}");
        }
        writes.record(&root, true, &paths, &ended(PermissionKind::AllowOnce, DecidedBy::Person));
        assert!(writes.permits(&root.join("src/b.rs")));
        // A path that resolves outside the workspace (`..`, or not under it) is never remembered.
        assert!(!writes.permits(&root.join("a.toml")));
        assert!(!writes.permits(Path::new("/etc/passwd")));
        assert!(!writes.permits(&root.join("c.rs")), "a file it did not name");
    }

    #[test]
    fn an_always_answer_to_an_edit_is_remembered_for_the_sessions_writes() {
        // "`allow_always` / `reject_always` are forwarded as chosen: in ACP the agent keeps
        // that memory": the agent may then write without asking, in this turn or a later one.
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        let anywhere = root.join("other.toml");
        let writes = ApprovedWrites::default();
        let person = |kind| ended(kind, DecidedBy::Person);
        assert_eq!(writes.record(&root, true, &[], &person(PermissionKind::AllowOnce)), None, "once is not kept");
        assert!(!writes.permits(&anywhere));
        assert_eq!(writes.record(&root, false, &[], &person(PermissionKind::AllowAlways)), None, "not an edit");
        assert!(!writes.permits(&anywhere));
        assert_eq!(writes.record(&root, true, &[], &ended(PermissionKind::AllowAlways, DecidedBy::Policy)), None);
        assert_eq!(writes.record(&root, true, &[], &person(PermissionKind::AllowAlways)), Some(Always::Allow));
        assert!(writes.permits(&anywhere), "any workspace file, unasked");
        // A later turn of the session starts from what the session remembers.
        let sessions = AlwaysEdits::default();
        sessions.set("acp-1", Always::Allow);
        let next_turn = ApprovedWrites::default();
        next_turn.remember(sessions.get("acp-1"));
        assert!(next_turn.permits(&anywhere));
        let other_session = ApprovedWrites::default();
        other_session.remember(sessions.get("acp-2"));
        assert!(!other_session.permits(&anywhere), "another session's memory is its own");
        // reject_always takes it back.
        assert_eq!(next_turn.record(&root, true, &[], &person(PermissionKind::RejectAlways)), Some(Always::Reject));
        assert!(!next_turn.permits(&anywhere));
    }
}
