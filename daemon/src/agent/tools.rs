//! Built-in read-only workspace tools: read a file, list a folder, search text. Every path is
//! relative to the workspace and confined to it: absolute paths and `..` are refused before
//! any file is touched, and the canonical path (symlinks resolved) must stay inside the
//! canonical workspace. Outputs are size-bounded. Nothing here writes or executes.

use std::fs;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use serde_json::{json, Value};

use crate::providers::ToolSpec;

pub const READ_FILE: &str = "read_file";
pub const LIST_FOLDER: &str = "list_folder";
pub const SEARCH_TEXT: &str = "search_text";
pub const TASK: &str = "task";

/// Largest tool result handed back to the model.
pub const MAX_RESULT_BYTES: usize = 32 * 1024;
const MAX_LIST_ENTRIES: usize = 500;
const MAX_SEARCH_FILES: usize = 5_000;
const MAX_SEARCH_FILE_BYTES: u64 = 1024 * 1024;
const MAX_SEARCH_MATCHES: usize = 200;
const MAX_MATCH_LINE_CHARS: usize = 200;
/// Folders a text search does not descend into: build output and VCS internals.
const SKIPPED_DIRS: &[&str] = &[".git", "target", "node_modules", ".agentwire"];

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ToolError {
    #[error("path must be relative to the workspace and must not contain `..`")]
    InvalidPath,
    #[error("path leaves the workspace")]
    Escape,
    #[error("path does not exist or cannot be read")]
    NotFound,
    #[error("path is not a {0}")]
    WrongKind(&'static str),
    #[error("arguments are invalid: {0}")]
    Arguments(&'static str),
    #[error("unknown tool")]
    Unknown,
}

/// Whether `name` is a built-in tool (its name may be shown in activity).
pub fn is_builtin(name: &str) -> bool {
    matches!(name, READ_FILE | LIST_FOLDER | SEARCH_TEXT | TASK)
}

pub fn specs(with_task: bool) -> Vec<ToolSpec> {
    let path = json!({"type":"string","description":"Path relative to the workspace root; \".\" is the root."});
    let mut specs = vec![
        ToolSpec {
            name: READ_FILE.into(),
            description: "Read a UTF-8 text file of the workspace (at most 32 KiB from an optional byte offset)."
                .into(),
            parameters: json!({"type":"object","properties":{"path":path,"offset":{"type":"integer","minimum":0}},"required":["path"]}),
        },
        ToolSpec {
            name: LIST_FOLDER.into(),
            description: "List the entries of a workspace folder; folders end with `/`.".into(),
            parameters: json!({"type":"object","properties":{"path":path},"required":["path"]}),
        },
        ToolSpec {
            name: SEARCH_TEXT.into(),
            description: "Search workspace files for a literal text; returns `path:line: text` matches.".into(),
            parameters: json!({"type":"object","properties":{"pattern":{"type":"string"},"path":path},"required":["pattern"]}),
        },
    ];
    if with_task {
        specs.push(ToolSpec {
            name: TASK.into(),
            description: "Run a subagent with the read-only workspace tools on a self-contained task; returns its report.".into(),
            parameters: json!({"type":"object","properties":{"prompt":{"type":"string"},"title":{"type":"string"}},"required":["prompt"]}),
        });
    }
    specs
}

/// The tools of one workspace.
#[derive(Debug, Clone)]
pub struct Workspace {
    root: PathBuf,
}

impl Workspace {
    /// `root` is canonicalized so confinement compares real paths.
    pub fn new(root: &Path) -> std::io::Result<Workspace> {
        Ok(Workspace { root: root.canonicalize()? })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Resolves a model-supplied relative path to a canonical path inside the workspace.
    pub fn resolve(&self, rel: &str) -> Result<PathBuf, ToolError> {
        if rel.contains('\0') {
            return Err(ToolError::InvalidPath);
        }
        let rel = Path::new(if rel.is_empty() { "." } else { rel });
        if rel.components().any(|c| !matches!(c, Component::Normal(_) | Component::CurDir)) {
            return Err(ToolError::InvalidPath);
        }
        let real = self.root.join(rel).canonicalize().map_err(|_| ToolError::NotFound)?;
        if !real.starts_with(&self.root) {
            return Err(ToolError::Escape);
        }
        Ok(real)
    }

    /// Resolves an absolute path (how ACP agents name files) by the same rules: it must lie
    /// under the workspace root, and the rest resolves like a relative path.
    pub fn resolve_absolute(&self, path: &Path) -> Result<PathBuf, ToolError> {
        let rel = path.strip_prefix(&self.root).map_err(|_| ToolError::Escape)?;
        self.resolve(rel.to_str().ok_or(ToolError::InvalidPath)?)
    }

    /// Where a write of the absolute `path` lands: its folder resolved by
    /// [`Workspace::resolve_absolute`], then the file's name (the file need not exist);
    /// `None` when `path` names no file.
    pub fn resolve_absolute_file(&self, path: &Path) -> Option<Result<PathBuf, ToolError>> {
        let (parent, name) = (path.parent()?, path.file_name()?);
        Some(self.resolve_absolute(parent).map(|folder| folder.join(name)))
    }

    /// Runs a built-in tool (blocking file I/O: call from the blocking pool).
    pub fn execute(&self, name: &str, args: &Value) -> Result<String, ToolError> {
        let path = args.get("path").and_then(Value::as_str).unwrap_or(".");
        match name {
            READ_FILE => {
                let offset = args.get("offset").and_then(Value::as_u64).unwrap_or(0);
                self.read_file(path, offset)
            }
            LIST_FOLDER => self.list_folder(path),
            SEARCH_TEXT => {
                let pattern = args
                    .get("pattern")
                    .and_then(Value::as_str)
                    .filter(|p| !p.is_empty())
                    .ok_or(ToolError::Arguments("pattern"))?;
                self.search_text(pattern, path)
            }
            _ => Err(ToolError::Unknown),
        }
    }

    fn read_file(&self, rel: &str, offset: u64) -> Result<String, ToolError> {
        let real = self.resolve(rel)?;
        let meta = fs::metadata(&real).map_err(|_| ToolError::NotFound)?;
        if !meta.is_file() {
            return Err(ToolError::WrongKind("file"));
        }
        let mut file = fs::File::open(&real).map_err(|_| ToolError::NotFound)?;
        let mut bytes = Vec::new();
        std::io::Seek::seek(&mut file, std::io::SeekFrom::Start(offset)).map_err(|_| ToolError::NotFound)?;
        file.take(MAX_RESULT_BYTES as u64).read_to_end(&mut bytes).map_err(|_| ToolError::NotFound)?;
        let mut text = String::from_utf8_lossy(&bytes).into_owned();
        let end = offset + bytes.len() as u64;
        if end < meta.len() {
            text.push_str(&format!(
                "\n[truncated: {} of {} bytes shown; continue with offset {end}]",
                bytes.len(),
                meta.len()
            ));
        }
        Ok(text)
    }

    fn list_folder(&self, rel: &str) -> Result<String, ToolError> {
        let real = self.resolve(rel)?;
        if !real.is_dir() {
            return Err(ToolError::WrongKind("folder"));
        }
        let mut names: Vec<String> = fs::read_dir(&real)
            .map_err(|_| ToolError::NotFound)?
            .filter_map(Result::ok)
            .map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                // file_type does not follow symlinks, so a link is listed as itself.
                if e.file_type().is_ok_and(|t| t.is_dir()) {
                    format!("{name}/")
                } else {
                    name
                }
            })
            .collect();
        names.sort();
        let total = names.len();
        names.truncate(MAX_LIST_ENTRIES);
        let mut out = names.join("\n");
        if total > MAX_LIST_ENTRIES {
            out.push_str(&format!("\n[truncated: {MAX_LIST_ENTRIES} of {total} entries shown]"));
        }
        if total == 0 {
            out.push_str("(empty folder)");
        }
        Ok(bound(out))
    }

    fn search_text(&self, pattern: &str, rel: &str) -> Result<String, ToolError> {
        let start = self.resolve(rel)?;
        let mut matches = Vec::new();
        let mut files = 0usize;
        let mut stack = vec![start];
        let mut truncated = false;
        while let Some(path) = stack.pop() {
            // symlink_metadata: links are never followed, so the walk cannot leave the workspace.
            let Ok(meta) = fs::symlink_metadata(&path) else { continue };
            if meta.is_dir() {
                let skip = path.file_name().is_some_and(|n| SKIPPED_DIRS.iter().any(|s| n == *s)) && path != self.root;
                if skip {
                    continue;
                }
                let Ok(rd) = fs::read_dir(&path) else { continue };
                let mut children: Vec<PathBuf> = rd.filter_map(Result::ok).map(|e| e.path()).collect();
                children.sort_by(|a, b| b.cmp(a));
                stack.extend(children);
                continue;
            }
            if !meta.is_file() || meta.len() > MAX_SEARCH_FILE_BYTES {
                continue;
            }
            files += 1;
            if files > MAX_SEARCH_FILES {
                truncated = true;
                break;
            }
            let Ok(bytes) = fs::read(&path) else { continue };
            let Ok(text) = std::str::from_utf8(&bytes) else { continue };
            let shown = path.strip_prefix(&self.root).unwrap_or(&path).to_string_lossy().into_owned();
            for (n, line) in text.lines().enumerate() {
                if line.contains(pattern) {
                    let line: String = line.trim().chars().take(MAX_MATCH_LINE_CHARS).collect();
                    matches.push(format!("{shown}:{}: {line}", n + 1));
                    if matches.len() >= MAX_SEARCH_MATCHES {
                        truncated = true;
                        break;
                    }
                }
            }
            if truncated {
                break;
            }
        }
        let mut out = if matches.is_empty() { "(no matches)".to_owned() } else { matches.join("\n") };
        if truncated {
            out.push_str("\n[truncated: search limit reached]");
        }
        Ok(bound(out))
    }
}

/// Cuts a result to [`MAX_RESULT_BYTES`] on a character boundary.
pub fn bound(mut text: String) -> String {
    if text.len() > MAX_RESULT_BYTES {
        let cut = crate::redact::truncate_on_char_boundary(&text, MAX_RESULT_BYTES - 32).len();
        text.truncate(cut);
        text.push_str("\n[truncated]");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws() -> (tempfile::TempDir, Workspace) {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("ws");
        fs::create_dir_all(root.join("src")).unwrap();
        fs::write(root.join("src/main.rs"), "fn main() {\n    // TODO: greet\n}\n").unwrap();
        fs::write(root.join("README.md"), "hello TODO\n").unwrap();
        fs::write(tmp.path().join("secret.txt"), "outside TODO").unwrap();
        let ws = Workspace::new(&root).unwrap();
        (tmp, ws)
    }

    #[test]
    fn dotdot_absolute_and_symlink_escapes_are_refused() {
        let (tmp, ws) = ws();
        assert_eq!(ws.resolve("../secret.txt"), Err(ToolError::InvalidPath));
        assert_eq!(ws.resolve("src/../../secret.txt"), Err(ToolError::InvalidPath));
        assert_eq!(ws.resolve(tmp.path().join("secret.txt").to_str().unwrap()), Err(ToolError::InvalidPath));
        std::os::unix::fs::symlink(tmp.path().join("secret.txt"), ws.root().join("link")).unwrap();
        std::os::unix::fs::symlink(tmp.path(), ws.root().join("dirlink")).unwrap();
        assert_eq!(ws.resolve("link"), Err(ToolError::Escape));
        assert_eq!(ws.resolve("dirlink/secret.txt"), Err(ToolError::Escape));
        assert!(ws.execute(READ_FILE, &json!({"path":"link"})).is_err());
        // The search walk never follows the links out.
        let found = ws.execute(SEARCH_TEXT, &json!({"pattern":"outside"})).unwrap();
        assert_eq!(found, "(no matches)");
    }

    #[test]
    fn tools_read_list_and_search_inside_the_workspace() {
        let (_tmp, ws) = ws();
        assert_eq!(ws.execute(LIST_FOLDER, &json!({"path":"."})).unwrap(), "README.md\nsrc/");
        assert!(ws.execute(READ_FILE, &json!({"path":"src/main.rs"})).unwrap().contains("greet"));
        let found = ws.execute(SEARCH_TEXT, &json!({"pattern":"TODO"})).unwrap();
        assert_eq!(found, "README.md:1: hello TODO\nsrc/main.rs:2: // TODO: greet");
        assert_eq!(ws.execute(READ_FILE, &json!({"path":"src"})), Err(ToolError::WrongKind("file")));
        assert_eq!(ws.execute("bash", &json!({})), Err(ToolError::Unknown));
    }

    #[test]
    fn large_files_are_read_in_bounded_slices() {
        let (_tmp, ws) = ws();
        fs::write(ws.root().join("big.txt"), "x".repeat(MAX_RESULT_BYTES * 2)).unwrap();
        let first = ws.execute(READ_FILE, &json!({"path":"big.txt"})).unwrap();
        assert!(first.len() < MAX_RESULT_BYTES + 200 && first.contains("continue with offset 32768"));
        let second = ws.execute(READ_FILE, &json!({"path":"big.txt","offset":MAX_RESULT_BYTES})).unwrap();
        assert_eq!(second.len(), MAX_RESULT_BYTES);
    }
}
