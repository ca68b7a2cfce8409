//! Spec errors with `file:line:column` positions, so a broken spec points at itself.

use std::fmt;
use std::ops::Range;

/// One problem in the spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic at `span` (byte offsets into `text`), or at 1:1 when the span is unknown.
    pub fn new(file: &str, text: &str, span: Option<Range<usize>>, message: String) -> Self {
        let (line, column) = span.map_or((1, 1), |s| line_column(text, s.start));
        Self { file: file.to_string(), line, column, message }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.column, self.message)
    }
}

/// Every problem found, in source order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn single(d: Diagnostic) -> Self {
        Self(vec![d])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rfind('\n').map_or(offset, |nl| offset - nl - 1) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based() {
        let text = "a\nbc\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 2));
    }
}
