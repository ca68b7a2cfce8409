//! What the daemon knows of each ACP agent's sign-in: an agent that refused a request for
//! want of sign-in (ACP's `auth_required`) is remembered, by ID and the whole entry it ran
//! with, until a prompt of it is answered or its entry changes; `auth.status` reports it as
//! `needs_login` meanwhile. Kept in memory: a restarted daemon knows again after the next
//! refusal.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{LazyLock, Mutex};

use crate::catalog::agents::AgentEntry;

/// Agent ID → the hash of the entry that refused.
static REFUSED: LazyLock<Mutex<HashMap<String, u64>>> = LazyLock::new(Mutex::default);

fn fingerprint(entry: &AgentEntry) -> u64 {
    let mut h = DefaultHasher::new();
    entry.hash(&mut h);
    h.finish()
}

/// The agent refused for want of sign-in.
pub fn refused(entry: &AgentEntry) {
    crate::sync::lock(&REFUSED).insert(entry.id.clone(), fingerprint(entry));
}

/// The agent answered a prompt: it is signed in.
pub fn succeeded(entry: &AgentEntry) {
    crate::sync::lock(&REFUSED).remove(&entry.id);
}

/// Whether this entry, as configured now, last refused for want of sign-in.
pub fn needs_sign_in(entry: &AgentEntry) -> bool {
    crate::sync::lock(&REFUSED).get(&entry.id) == Some(&fingerprint(entry))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, command: &str) -> AgentEntry {
        AgentEntry {
            id: id.to_owned(),
            label: None,
            command: command.to_owned(),
            args: Vec::new(),
            env: Vec::new(),
            permissions: Default::default(),
            auth_method: None,
            mode: None,
        }
    }

    #[test]
    fn a_refusal_is_remembered_until_success_or_a_changed_entry() {
        // "remembered per agent until it succeeds or its config changes"
        let a = entry("sign-in-test-a", "agent");
        assert!(!needs_sign_in(&a));
        refused(&a);
        assert!(needs_sign_in(&a));
        assert!(!needs_sign_in(&entry("sign-in-test-a", "other-agent")), "a changed entry is not known to refuse");
        succeeded(&a);
        assert!(!needs_sign_in(&a));
    }
}
