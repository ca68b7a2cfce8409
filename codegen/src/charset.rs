//! ASCII charsets as the spec writes them (`A-Za-z0-9-._/:`), parsed into a 128-bit set.
//! A `-` forms a range only between two alphanumerics; anywhere else it is a literal dash.

/// A set of ASCII bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charset {
    /// Bit `b` of the 128-bit set is `bits[b / 64] >> (b % 64)`.
    pub bits: [u64; 2],
}

impl Charset {
    pub fn parse(spec: &str) -> Result<Self, String> {
        let bytes = spec.as_bytes();
        if bytes.is_empty() || !spec.is_ascii() {
            return Err("charset must be nonempty ASCII".into());
        }
        let mut set = Charset { bits: [0, 0] };
        let mut i = 0;
        while i < bytes.len() {
            let start = bytes[i];
            let is_range = i + 2 < bytes.len()
                && bytes[i + 1] == b'-'
                && start.is_ascii_alphanumeric()
                && bytes[i + 2].is_ascii_alphanumeric();
            if is_range {
                let end = bytes[i + 2];
                if end < start {
                    return Err(format!("range {}-{} is reversed", start as char, end as char));
                }
                (start..=end).for_each(|b| set.insert(b));
                i += 3;
            } else {
                set.insert(start);
                i += 1;
            }
        }
        Ok(set)
    }

    fn insert(&mut self, b: u8) {
        self.bits[usize::from(b / 64)] |= 1 << (b % 64);
    }

    pub fn contains(&self, b: u8) -> bool {
        b < 128 && self.bits[usize::from(b / 64)] >> (b % 64) & 1 == 1
    }

    /// Characters in the set, ascending, for regexes and docs.
    pub fn chars(&self) -> Vec<char> {
        (0u8..128).filter(|b| self.contains(*b)).map(char::from).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_id_charset() {
        let c = Charset::parse("A-Za-z0-9-._/:").unwrap();
        for ok in "azAZ09-._/:".bytes() {
            assert!(c.contains(ok), "{}", ok as char);
        }
        for bad in " +@\"\\".bytes() {
            assert!(!c.contains(bad), "{}", bad as char);
        }
        assert_eq!(c.chars().len(), 26 + 26 + 10 + 5);
    }

    #[test]
    fn reversed_range_is_an_error() {
        assert!(Charset::parse("z-a").is_err());
    }
}
