//! Issue #18's "the import graph of the daemon has no cycle", checked on the sources.
//!
//! Every `crate::…`, `super::…`, `self::…` path of `daemon/src` (in `use` items and inline
//! paths, groups `{…}` expanded) and every path that starts with a child module's name is
//! resolved to the module file it names. That gives two graphs: file → file, and top-level
//! module → top-level module (the folders and root files under `daemon/src`). Neither may hold a
//! cycle. Unit tests (an item after `#[cfg(test)]`, a `tests.rs` file) are not part of the built
//! graph and are skipped; so are comments and string literals.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path inside the crate, `["catalog", "cache"]`; the crate root is `[]`.
type ModPath = Vec<String>;

/// The daemon library's module files, by module path.
fn module_files(src: &Path) -> BTreeMap<ModPath, PathBuf> {
    let mut files = BTreeMap::new();
    for path in common::rust_files(src) {
        let rel = path.strip_prefix(src).expect("under src");
        let mut segments: ModPath = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
        let last = segments.pop().expect("a file name");
        match last.as_str() {
            // The binary is another crate: it reaches the library as `agentwire_daemon::`.
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
    let mut best = files.get_key_value(&base).map(|(k, _)| k);
    for segment in rest {
        base.push(segment.clone());
        match files.get_key_value(&base) {
            Some((k, _)) => best = Some(k),
            None => break,
        }
    }
    best
}

/// The module file of each file's imports: module → modules it names.
fn file_graph(files: &BTreeMap<ModPath, PathBuf>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mut graph = BTreeMap::new();
    for (module, path) in files {
        let text = std::fs::read_to_string(path).expect("read a daemon source");
        let mut out = BTreeSet::new();
        for (inline, written) in written_paths(&code_only(&text)) {
            let here = [module.as_slice(), inline.as_slice()].concat();
            if let Some(target) = resolve(files, &here, &written) {
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

fn daemon_src() -> PathBuf {
    common::root().join("daemon/src")
}

fn show_file(module: &ModPath, files: &BTreeMap<ModPath, PathBuf>, src: &Path) -> String {
    files[module].strip_prefix(src).expect("under src").display().to_string()
}

#[test]
fn the_import_graph_of_the_daemon_has_no_cycle_between_top_level_modules() {
    let src = daemon_src();
    let files = module_files(&src);
    let found = cycles(&folder_graph(&file_graph(&files)), |m| m.clone());
    assert!(found.is_empty(), "import cycles between daemon/src's top-level modules:\n{}", found.join("\n"));
}

#[test]
fn the_import_graph_of_the_daemon_has_no_cycle_between_files() {
    let src = daemon_src();
    let files = module_files(&src);
    let found = cycles(&file_graph(&files), |m| show_file(m, &files, &src));
    assert!(found.is_empty(), "import cycles between daemon/src's files:\n{}", found.join("\n"));
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
