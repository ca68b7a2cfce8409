//! The evolution checker against fixture pairs, in the style of buf's breaking-change tests:
//! every case's old and new spec is the shared `tests/compat/base.toml` with the case's edit
//! applied (`tests/compat/<CASE>/{old,new}.diff`, a unified diff; no file means the base
//! itself), and `expected.txt` lists exactly the findings (`RULE category scope path`) and the
//! verdict (`verdict: ok|fail`). Every rule has a case named after it; `scenario_*` cases cover
//! interactions between rules. Also drives the binary for both command forms, including
//! `--against-git` on a throwaway repository.

mod scratch;

use agentwire_codegen::compat::{self, Report, RULES};
use scratch::Scratch;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat")
}

fn cases() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("tests/compat exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn load(origin: &str, text: &str) -> agentwire_codegen::ir::Spec {
    agentwire_codegen::load(origin, text).unwrap_or_else(|d| panic!("fixture must be a valid spec:\n{d}"))
}

/// One side of a case: `base.toml` with `<side>.diff` applied, if the case has one.
fn side(dir: &Path, side: &str) -> String {
    let base = std::fs::read_to_string(fixtures().join("base.toml")).expect("tests/compat/base.toml");
    let patch = dir.join(format!("{side}.diff"));
    match std::fs::read_to_string(&patch) {
        Ok(diff) => apply(&base, &diff).unwrap_or_else(|e| panic!("{}: {e}", patch.display())),
        Err(_) => base,
    }
}

/// Apply a unified diff (`diff -u base.toml new.toml`). Each hunk's old lines (context and
/// removals) must occur exactly once after the previous hunk; line numbers are not used, so an
/// edit of the base far from a hunk leaves the case applying.
fn apply(text: &str, diff: &str) -> Result<String, String> {
    let mut hunks: Vec<(Vec<&str>, Vec<&str>)> = Vec::new();
    for line in diff.lines().filter(|l| !l.starts_with("--- ") && !l.starts_with("+++ ") && !l.starts_with('\\')) {
        if line.starts_with("@@") {
            hunks.push((Vec::new(), Vec::new()));
            continue;
        }
        let Some((before, after)) = hunks.last_mut() else { return Err(format!("line outside a hunk: {line}")) };
        match line.split_at_checked(1) {
            Some((" ", body)) => {
                before.push(body);
                after.push(body);
            }
            Some(("-", body)) => before.push(body),
            Some(("+", body)) => after.push(body),
            _ => return Err(format!("not a diff line: `{line}`")),
        }
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let (mut out, mut cursor) = (Vec::new(), 0);
    for (before, after) in hunks {
        let at: Vec<usize> =
            (cursor..=lines.len().saturating_sub(before.len())).filter(|&i| lines[i..].starts_with(&before)).collect();
        let [i] = at[..] else {
            return Err(format!("a hunk's old lines occur {} times, not once: {before:?}", at.len()));
        };
        out.extend_from_slice(&lines[cursor..i]);
        out.extend(after);
        cursor = i + before.len();
    }
    out.extend_from_slice(&lines[cursor..]);
    Ok(out.join("\n"))
}

/// A case's two specs written out as `old.toml` and `new.toml`, for the binary.
fn written(dir: &Path) -> Scratch {
    let out = Scratch::new(&dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
    for s in ["old", "new"] {
        std::fs::write(out.path().join(format!("{s}.toml")), side(dir, s)).expect("write");
    }
    out
}

/// The expected findings and verdict of a case.
fn expected(dir: &Path) -> (BTreeSet<String>, bool) {
    let text = std::fs::read_to_string(dir.join("expected.txt")).expect("expected.txt");
    let mut findings = BTreeSet::new();
    let mut verdict = None;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        match line.strip_prefix("verdict: ") {
            Some("ok") => verdict = Some(true),
            Some("fail") => verdict = Some(false),
            Some(other) => panic!("{}: bad verdict `{other}`", dir.display()),
            None => assert!(findings.insert(line.to_string()), "{}: duplicate line {line}", dir.display()),
        }
    }
    (findings, verdict.unwrap_or_else(|| panic!("{}: no verdict line", dir.display())))
}

fn actual(report: &Report) -> BTreeSet<String> {
    report.findings.iter().map(|f| format!("{} {} {} {}", f.rule, f.category, f.scope.as_str(), f.path)).collect()
}

fn compare_case(dir: &Path) -> Report {
    let origin = |s: &str| format!("{}/{s}", dir.display());
    compat::compare(&load(&origin("old"), &side(dir, "old")), &load(&origin("new"), &side(dir, "new")))
}

#[test]
fn the_patch_applier_refuses_what_does_not_apply_once() {
    let base = "a\nb\na\nc";
    assert_eq!(apply(base, "@@ -1 +1 @@\n b\n-a\n+x\n").as_deref(), Ok("a\nb\nx\nc"));
    assert!(apply(base, "@@ -1 +1 @@\n-a\n+x\n").is_err(), "two places match");
    assert!(apply(base, "@@ -1 +1 @@\n-z\n+x\n").is_err(), "nothing matches");
    assert!(apply(base, "@@ -1 +1 @@\n?a\n").is_err(), "not a diff line");
}

#[test]
fn every_fixture_reports_exactly_its_expected_findings() {
    let mut failures = Vec::new();
    for dir in cases() {
        let report = compare_case(&dir);
        let (want, ok) = expected(&dir);
        let got = actual(&report);
        if got != want || report.ok() != ok {
            failures.push(format!(
                "{}:\n  missing:    {:?}\n  unexpected: {:?}\n  verdict ok: want {ok}, got {}",
                dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
                want.difference(&got).collect::<Vec<_>>(),
                got.difference(&want).collect::<Vec<_>>(),
                report.ok()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_rule_has_a_case_that_reports_it() {
    let names: BTreeSet<String> =
        cases().iter().filter_map(|d| d.file_name().map(|n| n.to_string_lossy().into_owned())).collect();
    for rule in RULES {
        assert!(names.contains(rule.id), "no fixture tests/compat/{}", rule.id);
        let report = compare_case(&fixtures().join(rule.id));
        assert!(report.findings.iter().any(|f| f.rule.id() == rule.id), "{} does not report its rule", rule.id);
    }
    for name in &names {
        assert!(
            name.starts_with("scenario_") || RULES.iter().any(|r| r.id == name),
            "fixture `{name}` names no rule (use scenario_ for interaction cases)"
        );
    }
}

#[test]
fn reasons_cite_the_seed() {
    for dir in cases() {
        for f in compare_case(&dir).findings {
            let info = f.rule.info();
            assert!(f.reason.contains(info.quote), "{}: reason lacks its quote: {}", f.rule, f.reason);
            assert!(f.reason.contains(info.section), "{}: reason lacks its section: {}", f.rule, f.reason);
        }
    }
}

#[test]
fn protocol_toml_against_itself_has_no_findings() {
    let spec = load("protocol.toml", include_str!("../../protocol.toml"));
    let report = compat::compare(&spec, &spec);
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    assert!(report.ok() && !report.version_bump_required() && !report.version_bumped());
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_agentwire-codegen"))
}

fn stdout_json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn binary_compares_files_with_exit_codes_and_json() {
    let case = |name: &str| written(&fixtures().join(name));
    let breaking = case("FIELD_REMOVED");
    let breaking = breaking.path();
    let out = bin()
        .arg("compat")
        .arg(breaking.join("old.toml"))
        .arg(breaking.join("new.toml"))
        .arg("--json")
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let json = stdout_json(&out);
    assert_eq!(json["ok"], false);
    assert_eq!(json["version_bump_required"], true);
    assert_eq!(json["version_bumped"], false);
    assert_eq!(json["findings"][0]["rule"], "FIELD_REMOVED");
    assert_eq!(json["findings"][0]["category"], "breaking");
    assert_eq!(json["findings"][0]["path"], "types.Item.fields.size");
    assert!(json["findings"][0]["reason"].as_str().is_some_and(|r| r.contains("Known fields cannot be removed")));

    let preflight = case("EVENT_ADDED");
    let preflight = preflight.path();
    let out =
        bin().arg("compat").arg(preflight.join("old.toml")).arg(preflight.join("new.toml")).output().expect("run");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("needs_preflight (1):") && text.contains("EVENT_ADDED events.\"item.moved\""), "{text}");
    assert!(text.contains("explicit, bounded capability negotiation"), "{text}");

    let root_spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("../protocol.toml");
    let out = bin().arg("compat").arg(&root_spec).arg(&root_spec).arg("--json").output().expect("run");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_json(&out)["findings"], Value::Array(Vec::new()));

    let out = bin().args(["compat", "only-one.toml"]).output().expect("run");
    assert_eq!(out.status.code(), Some(2));
    let missing = fixtures().join("missing");
    let out = bin().arg("compat").arg(missing.join("old.toml")).arg(missing.join("new.toml")).output().expect("run");
    assert_eq!(out.status.code(), Some(2));
}

/// A scratch git repository, removed on drop.
struct Repo(Scratch);

impl Repo {
    fn new(name: &str) -> Self {
        let repo = Repo(Scratch::new(name));
        repo.git(&["init", "-q"]);
        repo
    }

    fn path(&self) -> &Path {
        self.0.path()
    }

    fn git(&self, args: &[&str]) {
        let out = Command::new("git")
            .arg("-C")
            .arg(self.path())
            .args(["-c", "user.name=compat", "-c", "user.email=compat@example.invalid", "-c", "commit.gpgsign=false"])
            .args(args)
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }

    fn commit(&self, file: &str, text: &str) {
        std::fs::write(self.path().join(file), text).expect("write");
        self.git(&["add", file]);
        self.git(&["commit", "-q", "-m", file]);
    }

    fn compat(&self, rev: &str) -> Output {
        bin().args(["compat", "--against-git", rev, "--json", "--root"]).arg(self.path()).output().expect("run")
    }
}

fn fixture_text(case: &str, which: &str) -> String {
    side(&fixtures().join(case), which)
}

#[test]
fn against_git_compares_with_the_committed_spec() {
    let repo = Repo::new("compare");
    repo.commit("protocol.toml", &fixture_text("FIELD_REMOVED", "old"));

    // The working tree equals HEAD: nothing to report.
    let out = repo.compat("HEAD");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout_json(&out)["findings"], Value::Array(Vec::new()));

    // An uncommitted breaking edit fails against HEAD.
    std::fs::write(repo.path().join("protocol.toml"), fixture_text("FIELD_REMOVED", "new")).expect("write");
    let out = repo.compat("HEAD");
    assert_eq!(out.status.code(), Some(1));
    let json = stdout_json(&out);
    assert_eq!(json["findings"][0]["rule"], "FIELD_REMOVED");
    assert_eq!(json["ok"], false);

    // Committed, it is also found against HEAD~1, the form CI uses.
    repo.git(&["commit", "-q", "-am", "remove size"]);
    assert_eq!(repo.compat("HEAD~1").status.code(), Some(1));
}

#[test]
fn against_git_without_a_baseline_is_a_note_not_a_failure() {
    let spec = fixture_text("scenario_identical", "old");

    // A first commit has no parent: HEAD~1 does not exist (as in a shallow CI clone).
    let repo = Repo::new("first-commit");
    repo.commit("protocol.toml", &spec);
    let out = repo.compat("HEAD~1");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let json = stdout_json(&out);
    assert_eq!((json["ok"].clone(), json["baseline"].clone()), (Value::Bool(true), Value::Bool(false)));
    assert!(json["note"].as_str().is_some_and(|n| n.contains("does not exist")), "{json}");

    // HEAD~1 exists but has no protocol.toml.
    let repo = Repo::new("no-spec");
    repo.commit("README", "no spec yet\n");
    repo.commit("protocol.toml", &spec);
    let out = repo.compat("HEAD~1");
    assert_eq!(out.status.code(), Some(0));
    let json = stdout_json(&out);
    assert!(json["note"].as_str().is_some_and(|n| n.contains("no protocol.toml")), "{json}");
    let text = bin().args(["compat", "--against-git", "HEAD~1", "--root"]).arg(repo.path()).output().expect("run");
    assert!(String::from_utf8_lossy(&text.stdout).starts_with("no baseline:"));

    // A baseline in an older spec language cannot be compared; say so and do not block.
    let repo = Repo::new("old-language");
    repo.commit("protocol.toml", "[protocol]\nname = \"x\"\n");
    std::fs::write(repo.path().join("protocol.toml"), fixture_text("scenario_identical", "old")).expect("write");
    let out = repo.compat("HEAD");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout_json(&out)["note"].as_str().is_some_and(|n| n.contains("does not load")));
}

#[test]
fn against_git_outside_a_repository_is_an_error() {
    let parent = std::env::temp_dir().join(format!("agentwire-compat-{}-norepo", std::process::id()));
    let dir = parent.join("work");
    let _ = std::fs::remove_dir_all(&parent);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("protocol.toml"), fixture_text("scenario_identical", "old")).expect("write");
    // Keep git from finding a repository above the temp dir.
    let out = bin()
        .args(["compat", "--against-git", "HEAD", "--root"])
        .arg(&dir)
        .env("GIT_CEILING_DIRECTORIES", &parent)
        .output()
        .expect("run");
    let _ = std::fs::remove_dir_all(&parent);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not inside a git work tree"));
}
