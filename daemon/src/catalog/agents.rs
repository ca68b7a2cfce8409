//! Agent Client Protocol (ACP) agents as providers, as data: what the global settings'
//! `[agents.<id>]` tables define (the program to start and its permission policy) and their
//! validation. Starting and speaking to them is [`crate::agent::acp`]'s.
//!
//! ```toml
//! [agents.example]
//! command = "node"                      # a program on PATH, or an absolute path
//! args = ["/abs/path/agent.js"]
//! env = { SOME_VAR = "x" }              # optional
//! auth_method = "api-key"               # optional; ACP `authenticate` with this method first
//! mode = "default"                      # optional; ACP `session/set_mode` on every session
//! [agents.example.permissions]          # optional; ACP tool kinds -> "allow" | "reject" | "ask"
//! edit = "allow"
//! ```

use std::collections::BTreeMap;
use std::path::Path;

/// Every ACP tool kind (`ToolKind` of the ACP schema), as the settings and the wire spell them.
pub const TOOL_KINDS: &[&str] =
    &["read", "edit", "delete", "move", "search", "execute", "think", "fetch", "switch_mode", "other"];

/// Kinds allowed when the policy does not name them: they only read or reason. Every other
/// kind (`edit`, `delete`, `move`, `execute`, `switch_mode`, `other`) is `ask` by default:
/// the person decides when a front end that opted into approvals controls the session, and
/// the fallback (reject) answers otherwise.
const ALLOWED_BY_DEFAULT: &[&str] = &["read", "search", "think", "fetch"];

/// What the policy answers for one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    Allow,
    Reject,
    /// The person decides; with nobody to ask, [`Verdict::Reject`] (the fallback).
    Ask,
}

/// The permission policy of one agent: the default answers, overridden per kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Permissions {
    overrides: BTreeMap<String, Verdict>,
}

impl Permissions {
    /// The answer for an ACP tool kind; a kind this daemon does not know counts as `other`.
    pub fn verdict(&self, kind: &str) -> Verdict {
        let kind = if TOOL_KINDS.contains(&kind) { kind } else { "other" };
        match self.overrides.get(kind) {
            Some(v) => *v,
            None if ALLOWED_BY_DEFAULT.contains(&kind) => Verdict::Allow,
            None => Verdict::Ask,
        }
    }
}

/// One `[agents.<id>]` entry. The table key is the provider ID.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AgentEntry {
    pub id: String,
    pub label: Option<String>,
    pub command: String,
    pub args: Vec<String>,
    /// Sorted by name, so reordering the table is not a configuration change.
    pub env: Vec<(String, String)>,
    pub permissions: Permissions,
    /// A sign-in method the agent offers that completes without a browser (the agent reads
    /// its key from `env`): the daemon calls ACP `authenticate` with it before any session.
    pub auth_method: Option<String>,
    /// The session mode set on every session the daemon opens for this agent.
    pub mode: Option<String>,
}

/// Why an entry was not accepted; the message names the settings key, never a value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("agents.{id}{key}: {problem}")]
pub struct EntryError {
    pub id: String,
    /// The key under the entry (`.command`, `.permissions.edit`), empty for the entry itself.
    pub key: String,
    pub problem: &'static str,
}

fn error(id: &str, key: &str, problem: &'static str) -> EntryError {
    EntryError { id: id.to_owned(), key: key.to_owned(), problem }
}

/// Reads one entry of the `agents` table (its key is checked as a provider ID by the caller).
pub fn parse_entry(id: &str, item: &toml_edit::Item) -> Result<AgentEntry, EntryError> {
    let t = item.as_table_like().ok_or_else(|| error(id, "", "must be a table"))?;
    for (key, _) in t.iter() {
        if !matches!(key, "command" | "args" | "env" | "permissions" | "label" | "auth_method" | "mode") {
            return Err(error(id, &format!(".{key}"), "is not a known key"));
        }
    }
    let command = match t.get("command") {
        None => return Err(error(id, ".command", "is missing")),
        Some(c) => c
            .as_str()
            .filter(|c| !c.trim().is_empty())
            .ok_or_else(|| error(id, ".command", "must be a non-empty string"))?,
    };
    let args = match t.get("args") {
        None => Vec::new(),
        Some(a) => {
            let a = a.as_array().ok_or_else(|| error(id, ".args", "must be an array of strings"))?;
            a.iter()
                .map(|v| v.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| error(id, ".args", "must be an array of strings"))?
        }
    };
    let mut env = Vec::new();
    if let Some(e) = t.get("env") {
        let e = e.as_table_like().ok_or_else(|| error(id, ".env", "must be a table of strings"))?;
        for (name, value) in e.iter() {
            let value = value.as_str().ok_or_else(|| error(id, ".env", "must be a table of strings"))?;
            env.push((name.to_owned(), value.to_owned()));
        }
    }
    env.sort();
    let label = match t.get("label") {
        None => None,
        Some(l) => Some(l.as_str().ok_or_else(|| error(id, ".label", "must be a string"))?.to_owned()),
    };
    let permissions = parse_permissions(id, t.get("permissions"))?;
    let auth_method = optional_name(id, t.get("auth_method"), ".auth_method")?;
    let mode = optional_name(id, t.get("mode"), ".mode")?;
    Ok(AgentEntry { id: id.to_owned(), label, command: command.to_owned(), args, env, permissions, auth_method, mode })
}

/// An optional ID the agent defines (a sign-in method, a mode): a non-empty string within the
/// ID bound.
fn optional_name(id: &str, item: Option<&toml_edit::Item>, key: &str) -> Result<Option<String>, EntryError> {
    let Some(item) = item else { return Ok(None) };
    item.as_str()
        .filter(|v| !v.trim().is_empty() && v.len() as u64 <= agentwire_protocol::limits::MAX_ID_BYTES)
        .map(|v| Some(v.to_owned()))
        .ok_or_else(|| error(id, key, "must be a non-empty string no longer than an ID may be"))
}

fn parse_permissions(id: &str, item: Option<&toml_edit::Item>) -> Result<Permissions, EntryError> {
    let Some(item) = item else { return Ok(Permissions::default()) };
    let t = item.as_table_like().ok_or_else(|| error(id, ".permissions", "must be a table"))?;
    let mut overrides = BTreeMap::new();
    for (kind, value) in t.iter() {
        let key = format!(".permissions.{kind}");
        if !TOOL_KINDS.contains(&kind) {
            return Err(error(id, &key, "is not an ACP tool kind"));
        }
        let verdict = match value.as_str() {
            Some("allow") => Verdict::Allow,
            Some("reject") => Verdict::Reject,
            Some("ask") => Verdict::Ask,
            _ => return Err(error(id, &key, "must be \"allow\", \"reject\" or \"ask\"")),
        };
        overrides.insert(kind.to_owned(), verdict);
    }
    Ok(Permissions { overrides })
}

/// Whether the entry's command names an executable file: an absolute path, or a name found
/// on `PATH`. Checked when the agent's readiness is asked and before it is started.
pub fn command_executable(command: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
    if command.contains('/') {
        return Path::new(command).is_absolute() && executable(Path::new(command));
    }
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| executable(&dir.join(command))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(text: &str) -> Result<AgentEntry, EntryError> {
        let doc: toml_edit::DocumentMut = text.parse().unwrap();
        let (id, item) = doc["agents"].as_table_like().unwrap().iter().next().unwrap();
        parse_entry(id, item)
    }

    #[test]
    fn a_bad_entry_gets_an_error_that_names_the_key() {
        // "A bad entry (missing command, not executable, a bad kind or value) gets a clear
        // error that names the key."
        let cases = [
            ("[agents.a]\nargs = []\n", "agents.a.command: is missing"),
            ("[agents.a]\ncommand = 5\n", "agents.a.command: must be a non-empty string"),
            ("[agents.a]\ncommand = \"x\"\nargs = [1]\n", "agents.a.args: must be an array of strings"),
            (
                "[agents.a]\ncommand = \"x\"\n[agents.a.permissions]\nwrite = \"allow\"\n",
                "agents.a.permissions.write: is not an ACP tool kind",
            ),
            (
                "[agents.a]\ncommand = \"x\"\n[agents.a.permissions]\nedit = \"yes\"\n",
                "agents.a.permissions.edit: must be \"allow\", \"reject\" or \"ask\"",
            ),
            ("[agents.a]\ncommand = \"x\"\ncomand = \"y\"\n", "agents.a.comand: is not a known key"),
        ];
        for (text, message) in cases {
            assert_eq!(entry(text).unwrap_err().to_string(), message, "{text}");
        }
    }

    #[test]
    fn the_default_policy_allows_reading_and_asks_for_everything_else() {
        // "New defaults: `read`, `search`, `think`, `fetch` allow; every other kind `ask`."
        let p = entry("[agents.a]\ncommand = \"x\"\n").unwrap().permissions;
        for kind in ["read", "search", "think", "fetch"] {
            assert_eq!(p.verdict(kind), Verdict::Allow, "{kind}");
        }
        for kind in ["edit", "delete", "move", "execute", "other", "switch_mode", "invented"] {
            assert_eq!(p.verdict(kind), Verdict::Ask, "{kind}");
        }
        let p = entry(
            "[agents.a]\ncommand = \"x\"\n[agents.a.permissions]\nedit = \"allow\"\nread = \"reject\"\nexecute = \"ask\"\nfetch = \"ask\"\n",
        )
        .unwrap()
        .permissions;
        assert_eq!((p.verdict("edit"), p.verdict("read")), (Verdict::Allow, Verdict::Reject));
        // "a third verdict: `allow`, `reject` or **`ask`**", for any kind.
        assert_eq!((p.verdict("execute"), p.verdict("fetch")), (Verdict::Ask, Verdict::Ask));
    }

    #[test]
    fn env_order_is_not_part_of_the_entry() {
        let a = entry("[agents.a]\ncommand = \"x\"\nenv = { B = \"2\", A = \"1\" }\n").unwrap();
        let b = entry("[agents.a]\ncommand = \"x\"\nenv = { A = \"1\", B = \"2\" }\n").unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn commands_resolve_on_path_or_as_absolute_paths() {
        assert!(command_executable("sh"));
        assert!(command_executable("/bin/sh"));
        assert!(!command_executable("./sh"));
        assert!(!command_executable("/definitely/not/here"));
        assert!(!command_executable("no-such-program-agentwire"));
    }
}
