//! Traceability: every normative sentence of the two protocol documents mapped to the cases
//! that check it, or to the reason it cannot be checked black-box (`traceability.toml`).

use crate::error::{Error, Result};
use crate::select::glob_match;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The compiled-in mapping; `--file` reads another.
pub const BUILTIN: &str = include_str!("../traceability.toml");

#[derive(Debug, Clone, Deserialize)]
pub struct Sentence {
    /// Key of `[documents]`.
    pub doc: String,
    pub text: String,
    #[serde(default)]
    pub cases: Vec<String>,
    #[serde(default)]
    pub untestable: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct TraceFile {
    /// Document key → path of the Markdown source.
    pub documents: BTreeMap<String, PathBuf>,
    #[serde(default)]
    pub sentence: Vec<Sentence>,
}

impl TraceFile {
    pub fn parse(text: &str, origin: &Path) -> Result<TraceFile> {
        toml::from_str(text).map_err(|e| Error::format(origin, e.to_string()))
    }

    pub fn load(path: Option<&Path>) -> Result<TraceFile> {
        match path {
            None => Self::parse(BUILTIN, Path::new("<builtin>/traceability.toml")),
            Some(p) => Self::parse(&std::fs::read_to_string(p).map_err(|e| Error::io(p, e))?, p),
        }
    }
}

/// Words that make a sentence normative.
const KEYWORDS: &[&str] = &[
    "must", "never", "required", "requires", "require", "reject", "rejects", "rejected", "only", "not", "cannot",
    "always", "exactly", "invalid", "fail", "fails", "no", "don't", "should", "at most",
];

/// Whitespace, emphasis and list markers aside, as the vectors quote the documents.
pub fn normalize(s: &str) -> String {
    s.replace("**", "").split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_normative(s: &str) -> bool {
    let lower = s.to_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '_')).filter(|w| !w.is_empty()).collect();
    KEYWORDS.iter().any(|k| if k.contains(' ') { lower.contains(k) } else { words.contains(k) })
}

/// Split one line of prose into sentences at `. `/`? `/`! ` outside code spans, when the next
/// sentence starts like one (capital, code span, emphasis or quote).
fn sentences(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let (mut start, mut code) = (0, false);
    for i in 0..chars.len() {
        match chars[i] {
            '`' => code = !code,
            '.' | '?' | '!' if !code && chars.get(i + 1) == Some(&' ') => {
                let next = chars.get(i + 2).copied().unwrap_or(' ');
                if next.is_uppercase() || "`*\"[".contains(next) {
                    out.push(chars[start..=i].iter().collect::<String>());
                    start = i + 2;
                }
            }
            _ => {}
        }
    }
    if start < chars.len() {
        out.push(chars[start..].iter().collect());
    }
    out.into_iter().map(|s| normalize(&s)).filter(|s| !s.is_empty()).collect()
}

/// Prose blocks of a Markdown document: paragraphs and list items with their wrapped lines
/// joined, table rows on their own; headings and fenced code left out.
fn blocks(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut fenced = false;
    let flush = |current: &mut String, out: &mut Vec<String>| {
        if !current.trim().is_empty() {
            out.push(std::mem::take(current));
        }
        current.clear();
    };
    for raw in markdown.lines() {
        let line = raw.trim();
        if line.starts_with("```") {
            fenced = !fenced;
            flush(&mut current, &mut out);
            continue;
        }
        if fenced {
            continue;
        }
        if line.is_empty() || line.starts_with('#') || line.starts_with("---") {
            flush(&mut current, &mut out);
            continue;
        }
        if line.starts_with('|') {
            flush(&mut current, &mut out);
            if !line.starts_with("| ---") && !line.starts_with("|---") {
                out.push(line.to_owned());
            }
            continue;
        }
        let item = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")).or_else(|| {
            let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            (digits > 0).then(|| line[digits..].strip_prefix(". ")).flatten()
        });
        match item {
            Some(rest) => {
                flush(&mut current, &mut out);
                current.push_str(rest);
            }
            None => {
                if !current.is_empty() {
                    current.push(' ');
                }
                current.push_str(line);
            }
        }
    }
    flush(&mut current, &mut out);
    out
}

/// The normative sentences of a Markdown document, in order, deduplicated.
pub fn extract(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for block in blocks(markdown) {
        let parts = if block.starts_with('|') { vec![normalize(&block)] } else { sentences(&block) };
        for s in parts {
            if is_normative(&s) && seen.insert(s.clone()) {
                out.push(s);
            }
        }
    }
    out
}

/// The outcome of checking a trace file.
#[derive(Debug, Clone, Default)]
pub struct TraceReport {
    pub sentences: usize,
    pub covered: usize,
    pub untestable: usize,
    /// Sentences with neither cases nor a reason.
    pub unmapped: Vec<String>,
    /// (sentence, case pattern) pairs whose pattern matches no known case.
    pub unknown_cases: Vec<(String, String)>,
    /// Normative sentences of a readable document missing from the file.
    pub missing: Vec<(String, String)>,
    /// Sentences of the file no longer in their (readable) document.
    pub stale: Vec<(String, String)>,
    /// Documents that could not be read (completeness not checked for them).
    pub unread: Vec<String>,
}

impl TraceReport {
    pub fn ok(&self) -> bool {
        self.unmapped.is_empty() && self.unknown_cases.is_empty() && self.missing.is_empty() && self.stale.is_empty()
    }

    pub fn percent(&self) -> f64 {
        if self.sentences == 0 {
            return 100.0;
        }
        self.covered as f64 * 100.0 / self.sentences as f64
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "traceability: {} of {} normative sentences ({:.1}%) are checked by at least one case; {} are untestable black-box (each with a reason); {} unmapped",
            self.covered,
            self.sentences,
            self.percent(),
            self.untestable,
            self.unmapped.len()
        );
        for s in &self.unmapped {
            let _ = writeln!(out, "  unmapped: {s}");
        }
        for (s, c) in &self.unknown_cases {
            let _ = writeln!(out, "  unknown case `{c}` for: {s}");
        }
        for (d, s) in &self.missing {
            let _ = writeln!(out, "  missing from the trace file ({d}): {s}");
        }
        for (d, s) in &self.stale {
            let _ = writeln!(out, "  no longer in {d}: {s}");
        }
        for d in &self.unread {
            let _ = writeln!(out, "  (document {d} not readable: completeness not checked)");
        }
        out
    }
}

fn resolve(path: &Path, base: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_owned()
    } else {
        base.join(path)
    }
}

/// Check `file` against the known case IDs and, where readable, its documents (relative
/// document paths resolve against `base`).
pub fn check(file: &TraceFile, known: &BTreeSet<String>, base: &Path) -> TraceReport {
    let mut r = TraceReport { sentences: file.sentence.len(), ..TraceReport::default() };
    for s in &file.sentence {
        match (s.cases.is_empty(), &s.untestable) {
            (false, _) => r.covered += 1,
            (true, Some(reason)) if !reason.trim().is_empty() => r.untestable += 1,
            _ => r.unmapped.push(s.text.clone()),
        }
        for c in &s.cases {
            if !known.iter().any(|k| glob_match(c, k)) {
                r.unknown_cases.push((s.text.clone(), c.clone()));
            }
        }
    }
    for (key, path) in &file.documents {
        let Ok(text) = std::fs::read_to_string(resolve(path, base)) else {
            r.unread.push(format!("{key} ({})", path.display()));
            continue;
        };
        let in_doc: BTreeSet<String> = extract(&text).into_iter().collect();
        let in_file: BTreeSet<&str> = file.sentence.iter().filter(|s| &s.doc == key).map(|s| s.text.as_str()).collect();
        r.missing.extend(in_doc.iter().filter(|s| !in_file.contains(s.as_str())).map(|s| (key.clone(), s.clone())));
        r.stale.extend(in_file.iter().filter(|s| !in_doc.contains(**s)).map(|s| (key.clone(), (*s).to_owned())));
    }
    r
}

/// A skeleton for sentences not in `file` yet, with cases whose quoted rule appears in the
/// sentence (`trace --suggest`).
pub fn suggest(file: &TraceFile, rules: &[(String, String)], base: &Path) -> String {
    let mut out = String::new();
    let known: BTreeSet<&str> = file.sentence.iter().map(|s| s.text.as_str()).collect();
    for (key, path) in &file.documents {
        let Ok(text) = std::fs::read_to_string(resolve(path, base)) else { continue };
        for s in extract(&text).into_iter().filter(|s| !known.contains(s.as_str())) {
            let mut ids: Vec<&str> = rules
                .iter()
                .filter(|(_, rule)| rule.len() > 12 && s.contains(rule.as_str()))
                .map(|(id, _)| id.as_str())
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids.truncate(6);
            let _ = writeln!(out, "[[sentence]]\ndoc = {:?}\ntext = {:?}", key, s);
            if ids.is_empty() {
                let _ = writeln!(out, "cases = []\n");
            } else {
                let _ = writeln!(out, "cases = {ids:?}\n");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extraction_finds_normative_sentences_outside_code() {
        let md = "# Title must\n\nA value is fine. It must be `a. B` exactly. Another one.\n\n```json\n{\"must\":1}\n```\n- Bullet never ends.\n| `x` | request is not valid JSON |\n";
        let got = extract(md);
        assert_eq!(
            got,
            vec!["It must be `a. B` exactly.", "Bullet never ends.", "| `x` | request is not valid JSON |"]
        );
    }

    #[test]
    fn unknown_and_unmapped_are_reported() {
        let file = TraceFile {
            documents: BTreeMap::new(),
            sentence: vec![
                Sentence { doc: "d".into(), text: "a must".into(), cases: vec!["req.x.*".into()], untestable: None },
                Sentence { doc: "d".into(), text: "b must".into(), cases: vec!["nope".into()], untestable: None },
                Sentence { doc: "d".into(), text: "c must".into(), cases: vec![], untestable: Some("process".into()) },
                Sentence { doc: "d".into(), text: "d must".into(), cases: vec![], untestable: None },
            ],
        };
        let known: BTreeSet<String> = ["req.x.y".to_owned()].into();
        let r = check(&file, &known, Path::new("."));
        assert_eq!((r.covered, r.untestable, r.unmapped.len(), r.unknown_cases.len()), (2, 1, 1, 1));
        assert!(!r.ok());
    }
}
