//! How the transcript shows a tool call (session protocol: `title` "short human-readable
//! summary", `description` "longer description", both inline markdown; `agentTitle` the
//! label of a subagent the call spawns): what is read, listed, searched or delegated, and for
//! an MCP tool its server, its name and a short summary of the arguments.

use serde_json::Value;

use super::mcp::McpTool;
use super::sink::CallView;
use super::tools::{LIST_FOLDER, READ_FILE, SEARCH_TEXT, TASK};

/// Longest argument value quoted in a title or description.
const QUOTE_CHARS: usize = 80;
/// Longest subagent label derived from its prompt.
const LABEL_CHARS: usize = 60;
/// Arguments an MCP description summarizes.
const SUMMARIZED_ARGS: usize = 3;

/// One line of at most `max` characters (an ellipsis marks a cut).
fn one_line(text: &str, max: usize) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max {
        flat
    } else {
        let cut: String = flat.chars().take(max.saturating_sub(1)).collect();
        format!("{cut}…")
    }
}

/// An inline-markdown code span of `text` (a longer fence when it contains backticks).
fn code(text: &str) -> String {
    let text = one_line(text, QUOTE_CHARS);
    if text.is_empty() {
        return "(empty)".to_owned();
    }
    if text.contains('`') {
        format!("`` {text} ``")
    } else {
        format!("`{text}`")
    }
}

fn arg<'a>(args: &'a Value, key: &str) -> Option<&'a str> {
    args.get(key).and_then(Value::as_str)
}

fn path_arg(args: &Value) -> String {
    arg(args, "path").filter(|p| !p.is_empty() && *p != ".").map_or_else(|| "the workspace root".to_owned(), code)
}

/// A built-in tool call (or a call of a tool the model invented).
pub fn builtin(name: &str, args: &Value) -> CallView {
    let (title, description) = match name {
        READ_FILE => {
            let path = path_arg(args);
            let from = args.get("offset").and_then(Value::as_u64).filter(|o| *o > 0);
            let description = match from {
                Some(offset) => format!("Reads the workspace file {path} from byte {offset}"),
                None => format!("Reads the workspace file {path}"),
            };
            (format!("Read {path}"), description)
        }
        LIST_FOLDER => {
            let path = path_arg(args);
            (format!("List {path}"), format!("Lists the entries of the workspace folder {path}"))
        }
        SEARCH_TEXT => {
            let pattern = code(arg(args, "pattern").unwrap_or_default());
            let path = path_arg(args);
            (format!("Search for {pattern}"), format!("Searches for {pattern} in {path}"))
        }
        TASK => return task(args),
        other => {
            let name = code(other);
            (format!("Call {name}"), format!("Calls {name}, which is not a tool of this workspace"))
        }
    };
    CallView { tool_name: name.to_owned(), title, description, agent_title: None }
}

/// A `task` call: it always names the subagent it spawns, by its `title` argument or, when the
/// model gave none, by the start of its prompt.
pub fn task(args: &Value) -> CallView {
    let prompt = arg(args, "prompt").unwrap_or_default();
    let label = arg(args, "title")
        .map(|t| one_line(t, LABEL_CHARS))
        .filter(|t| !t.is_empty())
        .or_else(|| Some(one_line(prompt, LABEL_CHARS)).filter(|p| !p.is_empty()))
        .unwrap_or_else(|| "Subagent".to_owned());
    let description = if prompt.trim().is_empty() {
        "Delegates a task to a subagent (no prompt given)".to_owned()
    } else {
        format!("Delegates to a subagent: {}", one_line(prompt, 200))
    };
    CallView {
        tool_name: TASK.to_owned(),
        title: format!("Subagent: **{label}**"),
        description,
        agent_title: Some(label),
    }
}

/// An MCP tool call: server and tool, and the first arguments in short.
pub fn mcp(exposed: &str, tool: &McpTool, args: &Value) -> CallView {
    let title = format!("{} on {}", code(&tool.name), code(&tool.server));
    let summary: Vec<String> = args
        .as_object()
        .into_iter()
        .flatten()
        .take(SUMMARIZED_ARGS)
        .map(|(k, v)| {
            let shown = match v {
                Value::String(s) => code(s),
                other => code(&other.to_string()),
            };
            format!("{k} {shown}")
        })
        .collect();
    let more = args.as_object().map_or(0, |o| o.len().saturating_sub(SUMMARIZED_ARGS));
    let mut description = format!("Calls the MCP tool {} of server {}", code(&tool.name), code(&tool.server));
    if !summary.is_empty() {
        description.push_str(" with ");
        description.push_str(&summary.join(", "));
        if more > 0 {
            description.push_str(&format!(" and {more} more"));
        }
    }
    CallView { tool_name: exposed.to_owned(), title, description, agent_title: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn built_in_calls_say_what_is_read_listed_or_searched_in_inline_markdown() {
        let v = builtin(READ_FILE, &json!({"path":"src/main.rs"}));
        assert_eq!(
            (v.title.as_str(), v.description.as_str()),
            ("Read `src/main.rs`", "Reads the workspace file `src/main.rs`")
        );
        let v = builtin(LIST_FOLDER, &json!({"path":"."}));
        assert_eq!(v.title, "List the workspace root");
        let v = builtin(SEARCH_TEXT, &json!({"pattern":"a`b"}));
        assert_eq!(v.title, "Search for `` a`b ``");
        assert_eq!(v.tool_name, SEARCH_TEXT);
        assert!(v.agent_title.is_none());
    }

    #[test]
    fn a_task_call_always_names_its_subagent() {
        // "agentTitle ... human-readable label when this tool call spawns a subagent"
        assert_eq!(task(&json!({"prompt":"x","title":"Explore src"})).agent_title.as_deref(), Some("Explore src"));
        let v = task(&json!({"prompt":"Find   the auth\ncode please"}));
        assert_eq!(v.agent_title.as_deref(), Some("Find the auth code please"));
        assert!(v.description.contains("Find the auth code please"));
        assert_eq!(task(&json!({})).agent_title.as_deref(), Some("Subagent"));
    }
}
