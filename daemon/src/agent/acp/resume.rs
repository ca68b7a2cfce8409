//! The ACP session a daemon session last ran in, kept in the session's folder
//! (`agent_session.json`), so that after a daemon or agent restart the next turn can ask the
//! agent to `session/load` it instead of starting with an empty context.

use std::path::Path;

use serde::{Deserialize, Serialize};

const FILE: &str = "agent_session.json";
/// The record is ours and tiny; anything larger is not read.
const MAX_BYTES: u64 = 4096;

#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
struct Record {
    agent: String,
    session: String,
}

/// The ACP session this daemon session had with `agent`, if one was recorded.
pub fn read(session_dir: &Path, agent: &str) -> Option<String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let file =
        std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW).open(session_dir.join(FILE)).ok()?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES).read_to_end(&mut bytes).ok()?;
    let record: Record = serde_json::from_slice(&bytes).ok()?;
    (record.agent == agent).then_some(record.session)
}

/// Records the ACP session this daemon session ran in.
pub fn write(session_dir: &Path, agent: &str, session: &str) -> std::io::Result<()> {
    let bytes = serde_json::to_vec(&Record { agent: agent.to_owned(), session: session.to_owned() })?;
    crate::storage::atomic_file::write_atomic(&session_dir.join(FILE), &bytes, 0o600)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_session_belongs_to_its_agent() {
        let tmp = tempfile::tempdir().unwrap();
        assert_eq!(read(tmp.path(), "a"), None);
        write(tmp.path(), "a", "acp-1").unwrap();
        assert_eq!(read(tmp.path(), "a").as_deref(), Some("acp-1"));
        assert_eq!(read(tmp.path(), "b"), None, "another agent cannot load it");
    }
}
