//! The turn side of [`TurnSink`]: the agent's text and activity go to the turn's emitter, its
//! records to the turn's journal.

use std::sync::Arc;

use agentwire_protocol::{Activity, PermissionOption};
use serde_json::Value;

use super::events::Emitter;
use super::journal::Journal;
use crate::agent::sink::{CallView, Origin, OutputLimit, TurnSink};
use crate::approvals::DecidedBy;
use crate::providers::BoxFuture;

pub struct TurnOutput {
    pub emitter: Arc<Emitter>,
    pub journal: Arc<Journal>,
}

impl TurnSink for TurnOutput {
    fn delta<'a>(&'a self, text: &'a str) -> BoxFuture<'a, Result<(), OutputLimit>> {
        Box::pin(self.emitter.delta(text))
    }

    fn activity(&self, activity: Activity) {
        self.emitter.activity(activity);
    }

    fn main_text_segment(&self) {
        // The journal tracks how much of the accepted text it already wrote.
        self.journal.main_text(&self.emitter.text());
    }

    fn child_text(&self, origin: &Origin, text: &str) {
        self.journal.child_text(origin, text);
    }

    fn thinking(&self, origin: &Origin, text: &str) {
        self.journal.thinking(origin, text);
    }

    fn call_id(&self, provider_id: &str) -> String {
        self.journal.call_id(provider_id)
    }

    fn tool_start(&self, origin: &Origin, call_id: &str, view: &CallView, args: &Value) {
        self.journal.tool_start(origin, call_id, view, args);
    }

    fn tool_end(&self, origin: &Origin, call_id: &str, error: Option<&str>) {
        self.journal.tool_end(origin, call_id, error);
    }

    fn permission_request(&self, call_id: &str, view: &CallView, args: &Value, options: Vec<PermissionOption>) {
        self.journal.permission_request(call_id, view, args, options);
    }

    fn permission_response(&self, call_id: &str, option_id: &str, decided_by: Option<DecidedBy>) {
        self.journal.permission_response(call_id, option_id, decided_by);
    }

    fn service_note(&self, text: &str) {
        self.journal.service_note(text);
    }

    fn compaction_summary(&self, summary: &str) {
        self.journal.compaction_summary(summary);
    }

    fn compaction_required(&self) {
        self.journal.compaction_required();
    }
}
