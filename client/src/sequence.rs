//! Per-turn sequence checks: "Gaps are allowed, regression/duplicates and post-terminal events
//! are not."

use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SequenceError {
    #[error("sequence {got} does not increase past {last}")]
    Regressed { last: u64, got: u64 },
    #[error("event after the turn's terminal")]
    AfterTerminal,
}

#[derive(Debug, Default)]
pub struct SequenceTracker {
    /// Last sequence seen per turn, and whether the turn has its terminal.
    turns: HashMap<String, (u64, bool)>,
}

impl SequenceTracker {
    /// Accept the next sequenced event of `turn_id`.
    pub fn observe(&mut self, turn_id: &str, sequence: u64, terminal: bool) -> Result<(), SequenceError> {
        match self.turns.get_mut(turn_id) {
            None => {
                self.turns.insert(turn_id.to_owned(), (sequence, terminal));
                Ok(())
            }
            Some((_, true)) => Err(SequenceError::AfterTerminal),
            Some((last, done)) if sequence > *last => {
                (*last, *done) = (sequence, terminal);
                Ok(())
            }
            Some((last, _)) => Err(SequenceError::Regressed { last: *last, got: sequence }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_shared_sequence_jumps_from_2_to_4() {
        // "Valid shared sequence jumps from 2 to 4: Accept the gap"
        let mut t = SequenceTracker::default();
        for s in [0, 1, 2, 4] {
            t.observe("t", s, false).unwrap();
        }
        assert_eq!(t.observe("t", 4, false), Err(SequenceError::Regressed { last: 4, got: 4 }));
        assert_eq!(t.observe("t", 3, false), Err(SequenceError::Regressed { last: 4, got: 3 }));
        t.observe("t", 5, true).unwrap();
        assert_eq!(t.observe("t", 6, false), Err(SequenceError::AfterTerminal));
        t.observe("other", 0, false).unwrap();
    }
}
