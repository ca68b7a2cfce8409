//! Issue #18's "the import graph of the daemon has no cycle", held for every hand-written
//! crate: the daemon, the client, the conformance runner, the generator and the protocol crate's
//! hand-written runtime (its emitted module under `src/generated/` is not read).
//!
//! Every `crate::…`, `super::…`, `self::…` path of a crate's `src` (in `use` items and inline
//! paths, groups `{…}` expanded) and every path that starts with a child module's name is
//! resolved to the module file it names; a path to an item the crate root re-exports
//! (`crate::Claim` for `pub use claim::Claim`) is resolved to the module it comes from. That gives
//! two graphs: file → file, and top-level module → top-level module (the folders and root files
//! under `src`). Neither may hold a cycle. Unit tests (an item after `#[cfg(test)]`, a `tests.rs`
//! file) are not part of the built graph and are skipped; so are comments and string literals,
//! and binaries (`main.rs`, `bin/`), which are other crates.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path inside the crate, `["catalog", "cache"]`; the crate root is `[]`.
type ModPath = Vec<String>;

/// Each hand-written crate's `src`, and the folders under it that are not its hand-written
/// library (emitted code, or binaries, which are other crates).
const CRATES: &[(&str, &[&str])] = &[
    ("daemon/src", &["bin"]),
    ("client/src", &["bin"]),
    ("conformance/src", &["bin"]),
    ("codegen/src", &["bin"]),
    ("generated/src", &["bin", "generated"]),
];

/// A library's module files, by module path.
fn module_files(src: &Path, skip: &[&str]) -> BTreeMap<ModPath, PathBuf> {
    let mut files = BTreeMap::new();
    for path in common::rust_files(src) {
        let rel = path.strip_prefix(src).expect("under src");
        let mut segments: ModPath = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
        if skip.iter().any(|folder| segments.len() > 1 && segments[0] == *folder) {
            continue;
        }
        let last = segments.pop().expect("a file name");
        match last.as_str() {
            // The binary is another crate: it reaches the library by the crate's name.
            "main.rs" if segments.is_empty() => continue,
            "lib.rs" if segments.is_empty() => {}
            "mod.rs" => {}
            "tests.rs" => continue,
            other => segments.push(other.trim_end_matches(".rs").to_string()),
        }
        files.insert(segments, path);
    }
    files
}

/// `text` with comments, string and character literals blanked (lengths kept), so that a path
/// in a doc comment or a message is not an import.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest.iter().position(|&c| c == b'\n').map_or(b.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if let Some(hashes) = raw_string_start(rest) {
            let open = i + 2 + hashes + usize::from(rest[0] == b'b');
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
            let end = b[open..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |p| open + p + close.len());
            blank(&mut out, i, end);
            i = end;
        } else if b[i] == b'"' && !ident_byte_before(b, i) {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i, (j + 1).min(b.len()));
            i = j + 1;
        } else if b[i] == b'\'' {
            // A character literal (`'x'`, `'\n'`, `'\u{..}'`), not a lifetime (`'a`).
            let end = if rest.get(1) == Some(&b'\\') {
                rest[2..].iter().position(|&c| c == b'\'').map(|p| i + 3 + p)
            } else {
                let width = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + width) == Some(&b'\'')).then_some(i + 2 + width)
            };
            match end {
                Some(end) => {
                    blank(&mut out, i, end);
                    i = end;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).expect("blanking keeps UTF-8: only whole literals become spaces")
}

/// The number of `#` of a raw string opening here (`r"`, `r#"`, `br"`), if one does.
fn raw_string_start(rest: &[u8]) -> Option<usize> {
    let after = match rest {
        [b'r', ..] => &rest[1..],
        [b'b', b'r', ..] => &rest[2..],
        _ => return None,
    };
    let hashes = after.iter().take_while(|&&c| c == b'#').count();
    (after.get(hashes) == Some(&b'"')).then_some(hashes)
}

fn ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn ident_byte_before(b: &[u8], i: usize) -> bool {
    i > 0 && ident_byte(b[i - 1]) && b[i - 1] != b'b' && b[i - 1] != b'r'
}

/// A token of the blanked source.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Path, // `::`
    Punct(char),
}

fn tokens(code: &str) -> Vec<Tok> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if ident_byte(c) {
            let start = i;
            while i < b.len() && ident_byte(b[i]) {
                i += 1;
            }
            out.push(Tok::Ident(code[start..i].to_string()));
        } else if b[i..].starts_with(b"::") {
            out.push(Tok::Path);
            i += 2;
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else {
            let ch = code[i..].chars().next().expect("a char");
            out.push(Tok::Punct(ch));
            i += ch.len_utf8();
        }
    }
    out
}

/// Where a `#[cfg(test)]` item that starts at `toks[from]` ends (one past its `;` or closing
/// brace).
fn skip_item(toks: &[Tok], from: usize) -> usize {
    let mut i = from;
    while i < toks.len() {
        match toks[i] {
            Tok::Punct(';') => return i + 1,
            Tok::Punct('{') => return matching_brace(toks, i) + 1,
            _ => i += 1,
        }
    }
    i
}

fn matching_brace(toks: &[Tok], open: usize) -> usize {
    let mut depth = 0;
    for (i, t) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

fn is_cfg_test(toks: &[Tok], i: usize) -> bool {
    let want = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    toks[i..].starts_with(&want)
}

/// The path trees starting at `toks[i]` (an identifier): `a::b::{c, d::e}` gives `a::b::c` and
/// `a::b::d::e`. Returns the paths and the index after them.
fn path_trees(toks: &[Tok], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    loop {
        match toks.get(i) {
            Some(Tok::Ident(name)) => {
                prefix.push(name.clone());
                i += 1;
            }
            Some(Tok::Punct('{')) => {
                let end = matching_brace(toks, i);
                let mut out = Vec::new();
                let mut j = i + 1;
                while j < end {
                    match &toks[j] {
                        Tok::Ident(_) => {
                            let (inner, next) = path_trees(&toks[..end], j);
                            out.extend(inner.into_iter().map(|p| [prefix.clone(), p].concat()));
                            j = next;
                        }
                        Tok::Punct('{') => {
                            let (inner, next) = path_trees(&toks[..end], j);
                            out.extend(inner.into_iter().map(|p| [prefix.clone(), p].concat()));
                            j = next;
                        }
                        _ => j += 1,
                    }
                }
                return (out, end + 1);
            }
            _ => return (vec![prefix], i),
        }
        if toks.get(i) != Some(&Tok::Path) {
            return (vec![prefix], i);
        }
        i += 1;
    }
}

/// The module paths one file's code names (unresolved: as written, with `crate`/`super`/`self`
/// or a child module's name first), each with the inline module it is written in.
fn written_paths(code: &str) -> Vec<(ModPath, Vec<String>)> {
    let toks = tokens(code);
    let mut out = Vec::new();
    // Inline modules open around the current token: (name, index of its closing brace).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        while inline.last().is_some_and(|(_, close)| i > *close) {
            inline.pop();
        }
        if is_cfg_test(&toks, i) {
            i = skip_item(&toks, i + 7);
            continue;
        }
        if let (Tok::Ident(kw), Some(Tok::Ident(name)), Some(Tok::Punct('{'))) =
            (&toks[i], toks.get(i + 1), toks.get(i + 2))
        {
            if kw == "mod" {
                inline.push((name.clone(), matching_brace(&toks, i + 2)));
                i += 3;
                continue;
            }
        }
        let after_path = i > 0 && matches!(toks[i - 1], Tok::Path | Tok::Punct('$'));
        if let (Tok::Ident(_), Some(Tok::Path | Tok::Punct('{')), false) = (&toks[i], toks.get(i + 1), after_path) {
            let (paths, next) = path_trees(&toks, i);
            let here: ModPath = inline.iter().map(|(n, _)| n.clone()).collect();
            out.extend(paths.into_iter().map(|p| (here.clone(), p)));
            i = next.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// The module file a written path names, if it is one of the crate's: its longest prefix that
/// is a module file. `module` is the module the path is written in.
fn resolve<'a>(files: &'a BTreeMap<ModPath, PathBuf>, module: &[String], path: &[String]) -> Option<&'a ModPath> {
    resolve_item(files, module, path).map(|(target, _)| target)
}

/// [`resolve`], and the segment after the module's path (the item it names there), if any.
fn resolve_item<'a>(
    files: &'a BTreeMap<ModPath, PathBuf>,
    module: &[String],
    path: &[String],
) -> Option<(&'a ModPath, Option<String>)> {
    let (mut base, rest): (ModPath, &[String]) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("self") => (module.to_vec(), &path[1..]),
        Some("super") => {
            let mut base = module.to_vec();
            let supers = path.iter().take_while(|s| *s == "super").count();
            for _ in 0..supers {
                base.pop()?;
            }
            (base, &path[supers..])
        }
        Some(first) => {
            // A path from a child module of this one; anything else is another crate or a local.
            let child = [module, &[first.to_string()]].concat();
            files.contains_key(&child).then_some(())?;
            (module.to_vec(), path)
        }
        None => return None,
    };
    let start = base.len();
    let mut best = files.get_key_value(&base).map(|(k, _)| k);
    for segment in rest {
        base.push(segment.clone());
        match files.get_key_value(&base) {
            Some((k, _)) => best = Some(k),
            None => break,
        }
    }
    let best = best?;
    let item = best.len().checked_sub(start).and_then(|used| rest.get(used)).cloned();
    Some((best, item))
}

/// The names a module's file makes visible: each item it defines `pub` (what a glob import of
/// it brings), read from the blanked source's tokens.
fn pub_items(code: &str) -> BTreeSet<String> {
    const KINDS: [&str; 9] = ["fn", "struct", "enum", "trait", "type", "const", "static", "union", "mod"];
    let toks = tokens(code);
    let mut out = BTreeSet::new();
    for (i, t) in toks.iter().enumerate() {
        if *t != Tok::Ident("pub".into()) {
            continue;
        }
        let mut j = i + 1;
        if toks.get(j) == Some(&Tok::Punct('(')) {
            while j < toks.len() && toks[j] != Tok::Punct(')') {
                j += 1;
            }
            j += 1;
        }
        while matches!(toks.get(j), Some(Tok::Ident(w)) if w == "async" || w == "unsafe") {
            j += 1;
        }
        if let (Some(Tok::Ident(kind)), Some(Tok::Ident(name))) = (toks.get(j), toks.get(j + 1)) {
            if KINDS.contains(&kind.as_str()) {
                out.insert(name.clone());
            }
        }
    }
    out
}

/// Per module, the names it imports from another of the crate's modules (`use claim::Claim`,
/// `pub use model::*`), each with the module it comes from: a path through a module to such a
/// name (`crate::Claim`, `crate::ir::Bound`) names the module the item comes from, not the one
/// that passes it on.
fn imports(files: &BTreeMap<ModPath, PathBuf>) -> BTreeMap<ModPath, BTreeMap<String, ModPath>> {
    let code: BTreeMap<&ModPath, String> =
        files.iter().map(|(m, path)| (m, code_only(&std::fs::read_to_string(path).expect("read a source")))).collect();
    let mut out: BTreeMap<ModPath, BTreeMap<String, ModPath>> = BTreeMap::new();
    for (module, text) in &code {
        let names = out.entry((*module).clone()).or_default();
        for (inline, written) in written_paths(text) {
            if !inline.is_empty() {
                continue;
            }
            let Some((target, item)) = resolve_item(files, module, &written) else { continue };
            if target == *module {
                continue;
            }
            match item {
                Some(name) => {
                    names.insert(name, target.clone());
                }
                // A glob (`use model::*`): every public item of the module.
                None => {
                    for name in pub_items(&code[target]) {
                        names.entry(name).or_insert_with(|| target.clone());
                    }
                }
            }
        }
    }
    out
}

/// The module file a written path names, a name passed on by an import followed to the module
/// it comes from.
fn resolve_origin<'a>(
    files: &'a BTreeMap<ModPath, PathBuf>,
    imports: &'a BTreeMap<ModPath, BTreeMap<String, ModPath>>,
    module: &[String],
    path: &[String],
) -> Option<&'a ModPath> {
    let (mut target, item) = resolve_item(files, module, path)?;
    if let Some(item) = item {
        // A chain of re-exports is short; the bound only guards against a cycle of them.
        for _ in 0..8 {
            match imports.get(target).and_then(|names| names.get(&item)) {
                Some(origin) if origin != target && origin.as_slice() != module => target = origin,
                _ => break,
            }
        }
    }
    Some(target)
}

/// The module file of each file's imports: module → modules it names.
fn file_graph(files: &BTreeMap<ModPath, PathBuf>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let imports = imports(files);
    let mut graph = BTreeMap::new();
    for (module, path) in files {
        let text = std::fs::read_to_string(path).expect("read a source");
        let mut out = BTreeSet::new();
        for (inline, written) in written_paths(&code_only(&text)) {
            let here = [module.as_slice(), inline.as_slice()].concat();
            if let Some(target) = resolve_origin(files, &imports, &here, &written) {
                // The crate root only declares modules; naming it (`crate::x` for a root item)
                // is no dependency between layers.
                if target != module && !target.is_empty() {
                    out.insert(target.clone());
                }
            }
        }
        graph.insert(module.clone(), out);
    }
    graph
}

/// The same graph between top-level modules (`catalog`, `config`, `redact`, …).
fn folder_graph(files: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in files {
        let Some(from) = from.first() else { continue };
        let entry = graph.entry(from.clone()).or_default();
        entry.extend(targets.iter().filter_map(|t| t.first()).filter(|t| *t != from).cloned());
    }
    graph
}

/// Every cycle's strongly connected component (Tarjan), each with one cycle through it spelled
/// out, `a -> b -> a (all of: a, b)`.
fn cycles<N: Ord + Clone + std::fmt::Debug>(
    graph: &BTreeMap<N, BTreeSet<N>>,
    show: impl Fn(&N) -> String,
) -> Vec<String> {
    struct State<N> {
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        on_stack: BTreeSet<N>,
        next: usize,
        components: Vec<Vec<N>>,
    }
    fn visit<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>, n: &N, s: &mut State<N>) {
        s.index.insert(n.clone(), s.next);
        s.low.insert(n.clone(), s.next);
        s.next += 1;
        s.stack.push(n.clone());
        s.on_stack.insert(n.clone());
        for m in graph.get(n).into_iter().flatten() {
            if !s.index.contains_key(m) {
                visit(graph, m, s);
                let low = s.low[n].min(s.low[m]);
                s.low.insert(n.clone(), low);
            } else if s.on_stack.contains(m) {
                let low = s.low[n].min(s.index[m]);
                s.low.insert(n.clone(), low);
            }
        }
        if s.low[n] == s.index[n] {
            let mut component = Vec::new();
            while let Some(m) = s.stack.pop() {
                s.on_stack.remove(&m);
                let done = &m == n;
                component.push(m);
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                s.components.push(component);
            }
        }
    }
    let mut s = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        components: Vec::new(),
    };
    for n in graph.keys() {
        if !s.index.contains_key(n) {
            visit(graph, n, &mut s);
        }
    }
    s.components
        .iter()
        .map(|component| {
            let members: BTreeSet<&N> = component.iter().collect();
            let cycle = one_cycle(graph, &members);
            let all: Vec<String> = members.iter().map(|m| show(m)).collect();
            format!("{} (all of: {})", cycle.iter().map(&show).collect::<Vec<_>>().join(" -> "), all.join(", "))
        })
        .collect()
}

/// A shortest cycle through the smallest member of a strongly connected component (breadth
/// first, inside the component).
fn one_cycle<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>, members: &BTreeSet<&N>) -> Vec<N> {
    let start = (*members.iter().next().expect("a component has members")).clone();
    let mut parent: BTreeMap<N, N> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(n) = queue.pop_front() {
        for m in graph.get(&n).into_iter().flatten().filter(|m| members.contains(m)) {
            if *m == start {
                let mut path = vec![start.clone(), n.clone()];
                let mut at = n.clone();
                while let Some(p) = parent.get(&at) {
                    path.push(p.clone());
                    at = p.clone();
                }
                path.reverse();
                return path;
            }
            if !parent.contains_key(m) && *m != start {
                parent.insert(m.clone(), n.clone());
                queue.push_back(m.clone());
            }
        }
    }
    unreachable!("a strongly connected component holds a cycle through each member")
}

fn show_file(module: &ModPath, files: &BTreeMap<ModPath, PathBuf>) -> String {
    files[module].strip_prefix(common::root()).expect("under the repository").display().to_string()
}

/// Folders whose files still import each other in a cycle, from before this test covered
/// every crate. A cycle is tolerated only when all its files lie in one of these folders, and
/// each folder must still hold one: the list may only shrink.
const KNOWN_FILE_CYCLES: &[&str] = &[
    "codegen/src/compat/",
    "codegen/src/emit/",
    "conformance/src/client/",
    "conformance/src/server/",
    "generated/src/runtime/",
];

/// The same for top-level modules: `crate src: modules of one cycle`.
const KNOWN_MODULE_CYCLES: &[&str] = &["codegen/src: compat, emit, lower"];

/// The members of a cycle as [`cycles`] spells them, `… (all of: a, b)`.
fn members(cycle: &str) -> Vec<&str> {
    let all = cycle.rsplit_once("(all of: ").map_or("", |(_, all)| all.trim_end_matches(')'));
    all.split(", ").collect()
}

/// Fails on a cycle `tolerated` does not allow, and on a known entry no cycle matches any more.
fn check(found: &[String], known: &[&str], tolerated: impl Fn(&str, &str) -> bool, what: &str) {
    let new: Vec<&String> = found.iter().filter(|c| !known.iter().any(|k| tolerated(k, c))).collect();
    assert!(
        new.is_empty(),
        "import cycles between {what}:\n{}",
        new.iter().map(|c| c.as_str()).collect::<Vec<_>>().join("\n")
    );
    let gone: Vec<&&str> = known.iter().filter(|k| !found.iter().any(|c| tolerated(k, c))).collect();
    assert!(gone.is_empty(), "no cycle left in {gone:?}: remove it from the known cycles ({what})");
}

#[test]
fn no_hand_written_crate_has_an_import_cycle_between_top_level_modules() {
    let mut found = Vec::new();
    for (src, skip) in CRATES {
        let files = module_files(&common::root().join(src), skip);
        assert!(files.len() > 1, "{src}: no modules found");
        for cycle in cycles(&folder_graph(&file_graph(&files)), |m| m.clone()) {
            found.push(format!("{src}: {}", members(&cycle).join(", ")));
        }
    }
    check(&found, KNOWN_MODULE_CYCLES, |known, cycle| known == cycle, "a crate's top-level modules");
}

#[test]
fn no_hand_written_crate_has_an_import_cycle_between_files() {
    let mut found = Vec::new();
    for (src, skip) in CRATES {
        let files = module_files(&common::root().join(src), skip);
        found.extend(cycles(&file_graph(&files), |m| show_file(m, &files)));
    }
    let inside = |folder: &str, cycle: &str| members(cycle).iter().all(|m| m.starts_with(folder));
    check(&found, KNOWN_FILE_CYCLES, inside, "files");
}

/// The ACP bridge's module doc lists its files' imports of each other, and ARCHITECTURE.md's
/// ACP paragraph names each of its files: both are read by a newcomer as the map, so both are
/// held to the code.
#[test]
fn the_acp_maps_match_the_acp_files() {
    let src = common::root().join("daemon/src");
    let files = module_files(&src, &["bin"]);
    let acp = ["agent".to_string(), "acp".to_string()];
    let inside = |m: &ModPath| m.len() == 3 && m.starts_with(&acp);
    let mut actual = BTreeSet::new();
    for (from, targets) in file_graph(&files).iter().filter(|(m, _)| inside(m)) {
        for to in targets.iter().filter(|t| inside(t)) {
            actual.insert((from[2].clone(), to[2].clone()));
        }
    }
    let doc = std::fs::read_to_string(src.join("agent/acp/mod.rs")).expect("acp/mod.rs");
    let line: String = doc.lines().filter_map(|l| l.strip_prefix("//!")).collect::<Vec<_>>().join("");
    let listed = line.split_once("Imports go one way").expect("acp/mod.rs states its imports").1;
    // The list follows the colon and ends with its sentence.
    let listed = listed.split_once("): ").expect("the list follows a colon").1;
    let listed = listed.split(". ").next().unwrap_or(listed);
    let names = |text: &str| text.split('`').skip(1).step_by(2).map(str::to_string).collect::<Vec<_>>();
    let mut stated = BTreeSet::new();
    for clause in listed.split(';') {
        let Some((from, to)) = clause.split_once('→') else { continue };
        for to in names(to) {
            stated.insert((names(from).concat(), to));
        }
    }
    assert_eq!(stated, actual, "acp/mod.rs's import list (left) differs from the files' imports (right)");
    let architecture = std::fs::read_to_string(common::root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let paragraph =
        architecture.split("- `agent/acp/`").nth(1).and_then(|p| p.split("\n- ").next()).expect("the ACP paragraph");
    for module in files.keys().filter(|m| inside(m)) {
        let file = format!("`{}.rs`", module[2]);
        assert!(paragraph.contains(&file), "ARCHITECTURE.md's ACP paragraph does not name {file}");
    }
}

/// A re-export of the crate root names the module it comes from: `crate::Claim` in `client.rs`
/// is an import of `claim.rs`.
#[test]
fn a_root_reexport_names_the_module_it_comes_from() {
    let dir = std::env::temp_dir().join(format!("agentwire-import-cycles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("lib.rs"), "mod claim;\nmod client;\npub use claim::{Claim, other};\n").unwrap();
    std::fs::write(dir.join("claim.rs"), "use crate::client::Client;\n").unwrap();
    std::fs::write(dir.join("client.rs"), "pub fn f() -> crate::Claim { todo!() }\n").unwrap();
    let files = module_files(&dir, &[]);
    let found = cycles(&file_graph(&files), |m| m.join("/"));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, ["claim -> client -> claim (all of: claim, client)"]);
}

/// The parser itself, on a planted source: groups, `super`, child modules, inline modules,
/// test items, comments and strings.
#[test]
fn the_path_reader_resolves_groups_super_children_and_skips_tests_comments_and_strings() {
    let files: BTreeMap<ModPath, PathBuf> =
        [vec![], vec!["a".into()], vec!["a".into(), "x".into()], vec!["b".into()], vec!["b".into(), "y".into()]]
            .into_iter()
            .map(|m: ModPath| (m.clone(), PathBuf::from(m.join("/"))))
            .collect();
    let text = r#"
        //! see crate::b for more
        use crate::{b::y::{Thing, other}, a};
        use super::x::Item;
        pub mod inner { use super::super::b::Foo; }
        fn f() { let s = "crate::b::y"; let c = '"'; x::call(); crate::b::y::run::<u8>(); }
        #[cfg(test)]
        mod tests { use crate::b::y; }
    "#;
    let mut named: Vec<ModPath> = written_paths(&code_only(text))
        .into_iter()
        .filter_map(|(inline, p)| resolve(&files, &[vec!["a".to_string()], inline].concat(), &p).cloned())
        .collect();
    named.sort();
    let m = |s: &str| s.split('/').filter(|p| !p.is_empty()).map(String::from).collect::<ModPath>();
    // `use super::x::Item` written in module `a` names the crate root's `x`, which does not
    // exist: only the root itself. `x::call()` is the child `a::x`.
    let want = [m(""), m("a"), m("a/x"), m("b"), m("b/y"), m("b/y"), m("b/y")];
    assert_eq!(named, want);
}

/// A planted cycle is found and spelled out; an acyclic graph gives none.
#[test]
fn the_cycle_finder_spells_out_a_planted_cycle() {
    let graph: BTreeMap<&str, BTreeSet<&str>> = [
        ("catalog", BTreeSet::from(["config", "sync"])),
        ("config", BTreeSet::from(["catalog"])),
        ("sync", BTreeSet::new()),
    ]
    .into_iter()
    .collect();
    assert_eq!(cycles(&graph, |n| n.to_string()), ["catalog -> config -> catalog (all of: catalog, config)"]);
    let acyclic: BTreeMap<&str, BTreeSet<&str>> =
        [("config", BTreeSet::from(["catalog"])), ("catalog", BTreeSet::new())].into_iter().collect();
    assert!(cycles(&acyclic, |n| n.to_string()).is_empty());
}
