//! Errors of the runner itself (bad input, I/O), as opposed to a target failing a case, which
//! is a verdict, not an error.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{0}")]
    Io2(#[from] std::io::Error),
    #[error("{path}: invalid JSON: {source}")]
    Json { path: PathBuf, source: serde_json::Error },
    #[error("{path}: {msg}")]
    Format { path: PathBuf, msg: String },
    #[error("target: {0}")]
    Target(String),
    #[error("harness: {0}")]
    Harness(String),
    #[error("{0}")]
    Usage(String),
    #[error("acp-agent: {0}")]
    Agent(String),
}

impl Error {
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io { path: path.into(), source }
    }

    pub fn format(path: impl Into<PathBuf>, msg: impl Into<String>) -> Self {
        Error::Format { path: path.into(), msg: msg.into() }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
