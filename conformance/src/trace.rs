//! Traceability: every normative sentence of the two protocol documents mapped to the cases
//! that check it, to the implementation tests that check what no black-box case can observe,
//! or to the reason nothing can check it (`traceability.toml`).

use crate::error::{Error, Result};
use crate::levels::{self, Level, Reason};
use crate::select::glob_match;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

/// The compiled-in mapping; `--file` reads another.
pub const BUILTIN: &str = include_str!("../traceability.toml");

// Unknown keys are refused so that a misspelt `tests` or `cases` cannot silently leave a
// sentence counted as untestable or unmapped.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sentence {
    /// Key of `[documents]`.
    pub doc: String,
    pub text: String,
    /// Conformance case IDs or globs.
    #[serde(default)]
    pub cases: Vec<String>,
    /// Implementation tests, `path/from/workspace/root.rs::test_function`.
    #[serde(default)]
    pub tests: Vec<String>,
    /// Why nothing can check the sentence; only for sentences without cases or tests.
    #[serde(default)]
    pub untestable: Option<String>,
    /// Which of the closed list of reasons `untestable` is; required for a `must`.
    #[serde(default)]
    pub reason: Option<Reason>,
    /// The level, where the wording is loose; otherwise it comes from the wording.
    #[serde(default)]
    pub level: Option<Level>,
}

impl Sentence {
    pub fn level(&self) -> Level {
        self.level.unwrap_or_else(|| levels::from_wording(&self.text))
    }
}

/// Sentence counts of one document at one level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub sentences: usize,
    pub checked: usize,
    pub untestable: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceFile {
    /// Document key → path of the Markdown source, relative to the documents folder that
    /// `trace` is given (the documents are not part of this repository).
    pub documents: BTreeMap<String, PathBuf>,
    /// The workspace root that `tests` paths are relative to (itself relative to the trace
    /// file's folder).
    #[serde(default = "default_workspace")]
    pub workspace: PathBuf,
    /// Document key → sections of a document of this repository (a path relative to
    /// `workspace`): normative text that lives here, such as an optional profile's chapter of
    /// the generated reference. Always checked for completeness.
    #[serde(default)]
    pub excerpts: BTreeMap<String, Excerpt>,
    #[serde(default)]
    pub sentence: Vec<Sentence>,
}

/// Sections of a Markdown document of this repository, each named by its heading line as
/// written (`## Profiles`); a section runs to the next heading of its level or above.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Excerpt {
    pub path: PathBuf,
    pub sections: Vec<String>,
}

/// The text of the `headings` sections of `markdown`, in the order given; the headings not
/// found are returned apart.
pub fn sections(markdown: &str, headings: &[String]) -> (String, Vec<String>) {
    let lines: Vec<&str> = markdown.lines().collect();
    let level = |l: &str| l.len() - l.trim_start_matches('#').len();
    let mut out = String::new();
    let mut absent = Vec::new();
    for heading in headings {
        let Some(start) = lines.iter().position(|l| l.trim_end() == heading) else {
            absent.push(heading.clone());
            continue;
        };
        let depth = level(heading);
        for line in lines[start..].iter().skip(1).take_while(|l| !(l.starts_with('#') && level(l) <= depth)) {
            out.push_str(line);
            out.push('\n');
        }
        out.push('\n');
    }
    (out, absent)
}

fn default_workspace() -> PathBuf {
    PathBuf::from("..")
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

/// Why a `tests` reference names no implementation test.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DanglingTest {
    #[error("not of the form `path/to/file.rs::test_function`")]
    Malformed,
    #[error("the path must be relative to the workspace root and stay inside it")]
    OutsideWorkspace,
    #[error("{0} cannot be read")]
    Unreadable(String),
    #[error("{path} has no #[test] or #[tokio::test] function `{function}`")]
    NoSuchTest { path: String, function: String },
}

/// A parsed `tests` entry: a Rust source file and a test function in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestRef<'a> {
    pub path: &'a Path,
    pub function: &'a str,
}

impl<'a> TestRef<'a> {
    pub fn parse(reference: &'a str) -> std::result::Result<TestRef<'a>, DanglingTest> {
        let (path, function) = reference.rsplit_once("::").ok_or(DanglingTest::Malformed)?;
        if !path.ends_with(".rs") || !is_identifier(function) {
            return Err(DanglingTest::Malformed);
        }
        let path = Path::new(path);
        // Only plain relative paths: a reference must point into this repository.
        if !path.components().all(|c| matches!(c, Component::Normal(_))) {
            return Err(DanglingTest::OutsideWorkspace);
        }
        Ok(TestRef { path, function })
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// How many lines above a function its test attribute may stand (other attributes and
/// comments in between).
const ATTRIBUTE_WINDOW: usize = 6;

fn is_test_attribute(line: &str) -> bool {
    let line = line.trim();
    line == "#[test]" || line.starts_with("#[tokio::test")
}

/// `fn name(` (possibly `pub`, `async`, generic) at the start of a line.
fn declares_function(line: &str, name: &str) -> bool {
    let mut rest = line.trim_start();
    for prefix in ["pub(crate) ", "pub ", "async "] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    rest.strip_prefix("fn ")
        .and_then(|r| r.strip_prefix(name))
        .is_some_and(|r| r.starts_with('(') || r.starts_with('<'))
}

/// Whether `source` has a function `name` marked as a test. Only attributes, comments and
/// blank lines may separate the attribute from the function, so a helper that merely follows
/// a short test does not pass for a test.
pub fn has_test_function(source: &str, name: &str) -> bool {
    let lines: Vec<&str> = source.lines().collect();
    lines.iter().enumerate().filter(|(_, l)| declares_function(l, name)).any(|(i, _)| {
        lines[..i]
            .iter()
            .rev()
            .take(ATTRIBUTE_WINDOW)
            .take_while(|l| {
                let t = l.trim();
                t.is_empty() || t.starts_with("#[") || t.starts_with("//")
            })
            .any(|l| is_test_attribute(l))
    })
}

/// Resolves `tests` references against the workspace root, reading each file once.
struct TestIndex {
    root: PathBuf,
    sources: BTreeMap<PathBuf, Option<String>>,
}

impl TestIndex {
    fn new(root: PathBuf) -> Self {
        TestIndex { root, sources: BTreeMap::new() }
    }

    fn verify(&mut self, reference: &str) -> std::result::Result<(), DanglingTest> {
        let r = TestRef::parse(reference)?;
        let full = self.root.join(r.path);
        let source = self.sources.entry(full.clone()).or_insert_with(|| std::fs::read_to_string(&full).ok());
        let shown = r.path.display().to_string();
        match source {
            None => Err(DanglingTest::Unreadable(shown)),
            Some(text) if has_test_function(text, r.function) => Ok(()),
            Some(_) => Err(DanglingTest::NoSuchTest { path: shown, function: r.function.to_owned() }),
        }
    }
}

/// The outcome of checking a trace file. Every sentence counts in exactly one of `by_cases`,
/// `by_tests`, `untestable` and `unmapped`.
#[derive(Debug, Clone, Default)]
pub struct TraceReport {
    pub sentences: usize,
    /// Checked by at least one conformance case.
    pub by_cases: usize,
    /// Checked by implementation tests only: no black-box case can observe them.
    pub by_tests: usize,
    /// Checked by nothing, each with a reason.
    pub untestable: usize,
    /// Sentences with neither cases, tests nor a reason.
    pub unmapped: Vec<String>,
    /// `must` sentences that nothing checks and whose reason is not on the closed list.
    pub unexplained_musts: Vec<String>,
    /// Per document and level.
    pub levels: BTreeMap<(String, Level), Counts>,
    /// (sentence, case pattern) pairs whose pattern matches no known case.
    pub unknown_cases: Vec<(String, String)>,
    /// (sentence, reference, why) for `tests` references that name no test function.
    pub dangling_tests: Vec<(String, String, String)>,
    /// Sentences declared untestable although cases or tests check them.
    pub contradictory: Vec<String>,
    /// Normative sentences of a readable document missing from the file.
    pub missing: Vec<(String, String)>,
    /// Sentences of the file no longer in their (readable) document.
    pub stale: Vec<(String, String)>,
    /// Documents whose completeness was not checked (no documents folder given, or the
    /// document is not in it), each with why; the rest of the check still ran.
    pub skipped: Vec<String>,
    /// Documents checked for missing and stale sentences.
    pub documents_checked: usize,
    /// Excerpts that cannot be read, or name a section their document lacks.
    pub excerpt_errors: Vec<String>,
}

impl TraceReport {
    pub fn ok(&self) -> bool {
        self.unmapped.is_empty()
            && self.unexplained_musts.is_empty()
            && self.unknown_cases.is_empty()
            && self.dangling_tests.is_empty()
            && self.contradictory.is_empty()
            && self.missing.is_empty()
            && self.stale.is_empty()
            && self.excerpt_errors.is_empty()
    }

    /// Share of sentences checked by a case or an implementation test.
    pub fn percent(&self) -> f64 {
        if self.sentences == 0 {
            return 100.0;
        }
        (self.by_cases + self.by_tests) as f64 * 100.0 / self.sentences as f64
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "traceability: {} normative sentences, {} checked ({:.1}%): {} by a conformance case, {} by an implementation test; {} untestable (each with a reason); {} unmapped",
            self.sentences,
            self.by_cases + self.by_tests,
            self.percent(),
            self.by_cases,
            self.by_tests,
            self.untestable,
            self.unmapped.len()
        );
        let _ = writeln!(
            out,
            "{:<10} {:<7} {:>9} {:>8} {:>10}  coverage",
            "document", "level", "sentences", "checked", "untestable"
        );
        for ((doc, level), c) in &self.levels {
            let share = if c.sentences == 0 { 100.0 } else { c.checked as f64 * 100.0 / c.sentences as f64 };
            let _ = writeln!(
                out,
                "{doc:<10} {level:<7} {:>9} {:>8} {:>10}  {share:.1}%",
                c.sentences, c.checked, c.untestable
            );
        }
        for level in Level::ALL {
            let sum =
                self.levels.iter().filter(|((_, l), _)| *l == level).fold(Counts::default(), |a, (_, c)| Counts {
                    sentences: a.sentences + c.sentences,
                    checked: a.checked + c.checked,
                    untestable: a.untestable + c.untestable,
                });
            let _ = writeln!(
                out,
                "{:<10} {level:<7} {:>9} {:>8} {:>10}",
                "all", sum.sentences, sum.checked, sum.untestable
            );
        }
        for s in &self.unmapped {
            let _ = writeln!(out, "  unmapped: {s}");
        }
        for s in &self.unexplained_musts {
            let _ = writeln!(
                out,
                "  a `must` nothing checks, without a reason from the closed list (client-obligation, document-scope, future-versions, release-process, not-produced): {s}"
            );
        }
        for (s, c) in &self.unknown_cases {
            let _ = writeln!(out, "  unknown case `{c}` for: {s}");
        }
        for (s, t, why) in &self.dangling_tests {
            let _ = writeln!(out, "  dangling test `{t}` ({why}) for: {s}");
        }
        for s in &self.contradictory {
            let _ = writeln!(out, "  untestable but checked (drop the reason or the checks): {s}");
        }
        for (d, s) in &self.missing {
            let _ = writeln!(out, "  missing from the trace file ({d}): {s}");
        }
        for (d, s) in &self.stale {
            let _ = writeln!(out, "  no longer in {d}: {s}");
        }
        if self.documents_checked > 0 {
            let _ = writeln!(out, "  documents: {} checked for missing and stale sentences", self.documents_checked);
        }
        for d in &self.skipped {
            let _ = writeln!(out, "  skipped: the completeness check of {d}");
        }
        for e in &self.excerpt_errors {
            let _ = writeln!(out, "  excerpt: {e}");
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

/// Put one sentence in its category: a case beats a test, and a reason is only for sentences
/// nothing checks.
fn classify(s: &Sentence, r: &mut TraceReport) {
    let reason = s.untestable.as_deref().map(str::trim).filter(|r| !r.is_empty());
    let checked = !s.cases.is_empty() || !s.tests.is_empty();
    if checked && s.untestable.is_some() {
        r.contradictory.push(s.text.clone());
    }
    match (s.cases.is_empty(), s.tests.is_empty(), reason) {
        (false, _, _) => r.by_cases += 1,
        (true, false, _) => r.by_tests += 1,
        (true, true, Some(_)) => r.untestable += 1,
        (true, true, None) => r.unmapped.push(s.text.clone()),
    }
    let level = s.level();
    if !checked && level == Level::Must && (reason.is_none() || s.reason.is_none()) {
        r.unexplained_musts.push(s.text.clone());
    }
    let c = r.levels.entry((s.doc.clone(), level)).or_default();
    c.sentences += 1;
    c.checked += usize::from(checked);
    c.untestable += usize::from(!checked && reason.is_some());
}

/// Check `file` against the known case IDs, the implementation tests under its workspace
/// root (relative to `base`, the trace file's folder) and, when a `documents` folder is given
/// and holds them, the protocol documents.
pub fn check(file: &TraceFile, known: &BTreeSet<String>, base: &Path, documents: Option<&Path>) -> TraceReport {
    let mut r = TraceReport { sentences: file.sentence.len(), ..TraceReport::default() };
    let mut tests = TestIndex::new(resolve(&file.workspace, base));
    for s in &file.sentence {
        classify(s, &mut r);
        for c in &s.cases {
            if !known.iter().any(|k| glob_match(c, k)) {
                r.unknown_cases.push((s.text.clone(), c.clone()));
            }
        }
        for t in &s.tests {
            if let Err(why) = tests.verify(t) {
                r.dangling_tests.push((s.text.clone(), t.clone(), why.to_string()));
            }
        }
    }
    check_documents(file, documents, &mut r);
    check_excerpts(file, base, &mut r);
    r
}

/// The normative sentences of each excerpt (`Err` when it cannot be read whole).
fn excerpt_sentences(file: &TraceFile, base: &Path) -> Vec<(String, Result<Vec<String>, String>)> {
    let root = resolve(&file.workspace, base);
    file.excerpts
        .iter()
        .map(|(key, e)| {
            let full = root.join(&e.path);
            let got = match std::fs::read_to_string(&full) {
                Err(err) => Err(format!("{key}: {} cannot be read: {err}", e.path.display())),
                Ok(text) => match sections(&text, &e.sections) {
                    (_, absent) if !absent.is_empty() => {
                        Err(format!("{key}: {} has no section {}", e.path.display(), absent.join(", ")))
                    }
                    (text, _) => Ok(extract(&text)),
                },
            };
            (key.clone(), got)
        })
        .collect()
}

/// Completeness against the excerpts of this repository's documents, which are always there.
fn check_excerpts(file: &TraceFile, base: &Path, r: &mut TraceReport) {
    for (key, got) in excerpt_sentences(file, base) {
        match got {
            Err(e) => r.excerpt_errors.push(e),
            Ok(found) => {
                r.documents_checked += 1;
                compare(file, &key, found.into_iter().collect(), r);
            }
        }
    }
}

fn compare(file: &TraceFile, key: &str, in_doc: BTreeSet<String>, r: &mut TraceReport) {
    let in_file: BTreeSet<&str> = file.sentence.iter().filter(|s| s.doc == key).map(|s| s.text.as_str()).collect();
    r.missing.extend(in_doc.iter().filter(|s| !in_file.contains(s.as_str())).map(|s| (key.to_owned(), s.clone())));
    r.stale.extend(in_file.iter().filter(|s| !in_doc.contains(**s)).map(|s| (key.to_owned(), (*s).to_owned())));
}

/// Completeness against the documents that are there: nothing missing, nothing stale.
fn check_documents(file: &TraceFile, documents: Option<&Path>, r: &mut TraceReport) {
    let Some(folder) = documents else {
        let keys: Vec<&str> = file.documents.keys().map(String::as_str).collect();
        r.skipped.push(format!("{} (no documents folder given)", keys.join(", ")));
        return;
    };
    for (key, path) in &file.documents {
        let full = resolve(path, folder);
        let Ok(text) = std::fs::read_to_string(&full) else {
            r.skipped.push(format!("{key} ({} is not there)", full.display()));
            continue;
        };
        r.documents_checked += 1;
        compare(file, key, extract(&text).into_iter().collect(), r);
    }
}

/// A skeleton for sentences not in `file` yet, with cases whose quoted rule appears in the
/// sentence (`trace --suggest`).
pub fn suggest(file: &TraceFile, rules: &[(String, String)], documents: &Path, base: &Path) -> String {
    let mut out = String::new();
    let known: BTreeSet<&str> = file.sentence.iter().map(|s| s.text.as_str()).collect();
    let mut docs: Vec<(String, Vec<String>)> = file
        .documents
        .iter()
        .filter_map(|(key, path)| {
            Some((key.clone(), extract(&std::fs::read_to_string(resolve(path, documents)).ok()?)))
        })
        .collect();
    docs.extend(excerpt_sentences(file, base).into_iter().filter_map(|(key, got)| Some((key, got.ok()?))));
    for (key, found) in docs {
        for s in found.into_iter().filter(|s| !known.contains(s.as_str())) {
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
        let md = "# Title must\n\nA value is fine. It must be `a. B` exactly. Another one.\n\n```json\n{\"must\":1}\n```\n- Bullet never ends.\n| `x` | a record that is not framed |\n";
        let got = extract(md);
        assert_eq!(
            got,
            vec!["It must be `a. B` exactly.", "Bullet never ends.", "| `x` | a record that is not framed |"]
        );
    }

    #[test]
    fn an_excerpt_is_its_sections_up_to_the_next_heading_of_their_level() {
        let md =
            "# Doc\n## A\nA must hold.\n### A.1\nA.1 must hold.\n## B\nB must hold.\n### `c`\nC must hold.\n## D\n";
        let headings = |h: &[&str]| h.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let (text, absent) = sections(md, &headings(&["## A", "### `c`", "## Nowhere"]));
        assert_eq!(extract(&text), ["A must hold.", "A.1 must hold.", "C must hold."]);
        assert_eq!(absent, ["## Nowhere"]);
    }

    #[test]
    fn an_excerpt_is_checked_for_completeness_without_the_documents_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("ref.md"), "## P\nIt must hold.\nIt must also hold.\n## Q\nNot this one.\n")
            .unwrap();
        let mut f = file(vec![Sentence { doc: "p".into(), ..sentence("It must hold.", &["c.1"], &[], None) }]);
        f.excerpts.insert("p".into(), Excerpt { path: "ref.md".into(), sections: vec!["## P".into()] });
        let known: BTreeSet<String> = ["c.1".to_owned()].into();
        let r = check(&f, &known, dir.path(), None);
        assert_eq!(r.missing, [("p".to_owned(), "It must also hold.".to_owned())]);
        f.excerpts.insert("p".into(), Excerpt { path: "ref.md".into(), sections: vec!["## R".into()] });
        let r = check(&f, &known, dir.path(), None);
        assert!(!r.ok() && r.excerpt_errors[0].contains("no section ## R"), "{r:?}");
    }

    fn sentence(text: &str, cases: &[&str], tests: &[&str], untestable: Option<&str>) -> Sentence {
        Sentence {
            doc: "d".into(),
            text: text.into(),
            cases: cases.iter().map(|c| (*c).to_owned()).collect(),
            tests: tests.iter().map(|t| (*t).to_owned()).collect(),
            untestable: untestable.map(str::to_owned),
            reason: untestable.map(|_| Reason::DocumentScope),
            level: None,
        }
    }

    fn file(sentence: Vec<Sentence>) -> TraceFile {
        TraceFile { documents: BTreeMap::new(), workspace: PathBuf::from("."), excerpts: BTreeMap::new(), sentence }
    }

    /// A workspace with one test file: two tests, a helper right after a test, a test whose
    /// attribute is separated from it by other attributes and comments.
    fn workspace() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("tempdir");
        let tests = dir.path().join("daemon/tests");
        std::fs::create_dir_all(&tests).expect("mkdir");
        let source = "#[test]\nfn plain() {}\n\nfn helper() {}\n\n#[tokio::test(flavor = \"multi_thread\")]\n// why\n#[ignore]\nasync fn asynchronous() {}\n";
        std::fs::write(tests.join("x.rs"), source).expect("write");
        dir
    }

    #[test]
    fn unknown_and_unmapped_are_reported() {
        let file = file(vec![
            sentence("a must", &["req.x.*"], &[], None),
            sentence("b must", &["nope"], &[], None),
            sentence("c must", &[], &[], Some("process")),
            sentence("d must", &[], &[], None),
        ]);
        let known: BTreeSet<String> = ["req.x.y".to_owned()].into();
        let r = check(&file, &known, Path::new("."), None);
        assert_eq!((r.by_cases, r.untestable, r.unmapped.len(), r.unknown_cases.len()), (2, 1, 1, 1));
        assert!(!r.ok());
    }

    #[test]
    fn implementation_tests_count_as_their_own_category() {
        let ws = workspace();
        let file = file(vec![
            sentence("a must", &["req.x.y"], &["daemon/tests/x.rs::plain"], None),
            sentence("b must", &[], &["daemon/tests/x.rs::plain", "daemon/tests/x.rs::asynchronous"], None),
            sentence("c must", &[], &[], Some("process")),
        ]);
        let known: BTreeSet<String> = ["req.x.y".to_owned()].into();
        let r = check(&file, &known, ws.path(), None);
        assert!(r.ok(), "{}", r.render());
        assert_eq!((r.by_cases, r.by_tests, r.untestable, r.unmapped.len()), (1, 1, 1, 0));
        assert!(r.render().contains("1 by a conformance case, 1 by an implementation test; 1 untestable"));
    }

    #[test]
    fn dangling_test_references_fail_the_check() {
        let ws = workspace();
        let refs = [
            "daemon/tests/x.rs::helper",
            "daemon/tests/x.rs::absent",
            "daemon/tests/missing.rs::plain",
            "daemon/tests/x.rs",
            "daemon/tests/x.rs::not-a-name",
            "../outside.rs::plain",
            "/abs/x.rs::plain",
        ];
        let r = check(&file(vec![sentence("a must", &[], &refs, None)]), &BTreeSet::new(), ws.path(), None);
        let why: Vec<&str> = r.dangling_tests.iter().map(|(_, _, w)| w.as_str()).collect();
        assert_eq!(why.len(), refs.len(), "{}", r.render());
        assert!(why[0].contains("no #[test] or #[tokio::test] function `helper`"), "{why:?}");
        assert!(why[2].contains("cannot be read"), "{why:?}");
        assert_eq!(why[3], DanglingTest::Malformed.to_string());
        assert_eq!(why[4], DanglingTest::Malformed.to_string());
        assert_eq!(why[5], DanglingTest::OutsideWorkspace.to_string());
        assert_eq!(why[6], DanglingTest::OutsideWorkspace.to_string());
        assert!(!r.ok());
        assert!(r.render().contains("dangling test `daemon/tests/x.rs::absent`"));
    }

    #[test]
    fn a_checked_sentence_cannot_also_be_untestable() {
        let ws = workspace();
        let file = file(vec![sentence("a must", &[], &["daemon/tests/x.rs::plain"], Some("private files"))]);
        let r = check(&file, &BTreeSet::new(), ws.path(), None);
        assert_eq!((r.by_tests, r.untestable, r.contradictory.len()), (1, 0, 1));
        assert!(!r.ok());
    }

    #[test]
    fn an_unchecked_must_needs_a_reason_from_the_closed_list() {
        // "an untested mandatory requirement counts as a failure" unless its reason is one of
        // the closed list.
        let mut loose = sentence("It must hold.", &[], &[], Some("no time"));
        loose.reason = None;
        let mut advice = sentence("It should hold.", &[], &[], Some("advice"));
        advice.reason = None;
        let r = check(&file(vec![loose, advice]), &BTreeSet::new(), Path::new("."), None);
        assert_eq!(r.unexplained_musts, vec!["It must hold.".to_string()]);
        assert!(!r.ok());
        assert!(r.render().contains("without a reason from the closed list"));
        let explained = sentence("It must hold.", &[], &[], Some("a rule for the reader"));
        let r = check(&file(vec![explained]), &BTreeSet::new(), Path::new("."), None);
        assert!(r.unexplained_musts.is_empty());
        assert_eq!(r.levels[&("d".to_string(), Level::Must)], Counts { sentences: 1, checked: 0, untestable: 1 });
        let text =
            "[documents]\n[[sentence]]\ndoc = \"d\"\ntext = \"a must\"\nuntestable = \"x\"\nreason = \"because\"\n";
        assert!(TraceFile::parse(text, Path::new("t.toml")).is_err(), "a reason off the closed list is refused");
    }

    #[test]
    fn a_level_set_in_the_file_overrides_the_wording() {
        let mut s = sentence("The flag may persist; clients must not rely on it.", &[], &[], None);
        assert_eq!(s.level(), Level::Must);
        s.level = Some(Level::May);
        assert_eq!(s.level(), Level::May);
    }

    #[test]
    fn misspelt_keys_are_refused() {
        let text = "[documents]\n[[sentence]]\ndoc = \"d\"\ntext = \"a must\"\ntest = [\"x.rs::y\"]\n";
        assert!(TraceFile::parse(text, Path::new("t.toml")).is_err());
        let ok = TraceFile::parse(&text.replace("test =", "tests ="), Path::new("t.toml")).expect("parses");
        assert_eq!(ok.workspace, PathBuf::from(".."));
    }

    #[test]
    fn builtin_references_name_real_tests() {
        // The compiled-in file is checked where it lives, so a dangling reference fails
        // `cargo test` as well as `agentwire-conformance trace`.
        let file = TraceFile::load(None).expect("builtin");
        let r = check(&file, &BTreeSet::new(), Path::new(env!("CARGO_MANIFEST_DIR")), None);
        assert!(r.dangling_tests.is_empty(), "{}", r.render());
        assert!(r.contradictory.is_empty(), "{}", r.render());
    }

    #[test]
    fn builtin_documents_are_named_relative_to_the_documents_folder() {
        let file = TraceFile::load(None).expect("builtin");
        for (key, path) in &file.documents {
            assert!(path.is_relative(), "document {key} is named by an absolute path: {}", path.display());
            assert!(
                !path.starts_with(".."),
                "document {key} is named outside the documents folder: {}",
                path.display()
            );
        }
    }

    /// A documents folder holding one document `d` at `docs/d.md`.
    fn documents(markdown: &str) -> (tempfile::TempDir, TraceFile) {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("docs")).expect("mkdir");
        std::fs::write(dir.path().join("docs/d.md"), markdown).expect("write");
        let text = "[documents]\nd = \"docs/d.md\"\n[[sentence]]\ndoc = \"d\"\ntext = \"It must hold.\"\nuntestable = \"scope\"\nreason = \"document-scope\"\n";
        (dir, TraceFile::parse(text, Path::new("t.toml")).expect("parses"))
    }

    #[test]
    fn without_a_documents_folder_the_completeness_check_is_skipped_and_said() {
        let (_dir, file) = documents("It must hold.\n");
        let r = check(&file, &BTreeSet::new(), Path::new("."), None);
        assert!(r.ok(), "{}", r.render());
        assert!(
            r.render().contains("skipped: the completeness check of d (no documents folder given)"),
            "{}",
            r.render()
        );
    }

    #[test]
    fn a_document_missing_from_the_folder_is_skipped_and_said() {
        let (dir, file) = documents("It must hold.\n");
        std::fs::remove_file(dir.path().join("docs/d.md")).expect("rm");
        let r = check(&file, &BTreeSet::new(), Path::new("."), Some(dir.path()));
        assert!(r.ok(), "{}", r.render());
        assert!(r.render().contains("skipped: the completeness check of d ("), "{}", r.render());
    }

    #[test]
    fn documents_in_the_folder_are_checked_for_missing_and_stale_sentences() {
        let (dir, file) = documents("It must hold.\n");
        let r = check(&file, &BTreeSet::new(), Path::new("."), Some(dir.path()));
        assert!(r.ok() && r.skipped.is_empty(), "{}", r.render());
        assert!(r.render().contains("documents: 1 checked"), "{}", r.render());
        std::fs::write(dir.path().join("docs/d.md"), "It must hold now. Another must be mapped.\n").expect("write");
        let r = check(&file, &BTreeSet::new(), Path::new("."), Some(dir.path()));
        assert_eq!((r.missing.len(), r.stale.len()), (2, 1), "{}", r.render());
        assert!(!r.ok());
    }
}
