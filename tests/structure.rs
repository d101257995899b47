//! The shape of the code of tama-core, tama-notation and tama-cli: no file
//! holds more than 800 lines of code besides its tests, and no file of a
//! crate depends on itself through others (an import cycle).
//!
//! A file depends on the files whose items it names: through `use`
//! declarations and through `crate::…`, `super::…`, `self::…` or
//! `child_module::…` paths in its code. A name a module only re-exports
//! (`pub use a::B`) leads on to the file that defines it, so a crate root
//! that re-exports everything is no hub of cycles.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates whose files are checked.
const CRATES: &[&str] = &["tama-core", "tama-notation", "tama-cli"];

/// The most lines of code a file may hold besides its tests.
const MAX_CODE_LINES: usize = 800;

type ModPath = Vec<String>;

struct Module {
    file: PathBuf,
    /// The code before the file's `#[cfg(test)] mod tests`, without
    /// line comments.
    code: String,
    children: BTreeSet<String>,
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code part of a file: up to its unit tests, line comments removed.
fn code_of(text: &str) -> String {
    let end = text.find("#[cfg(test)]\nmod tests").unwrap_or(text.len());
    text[..end]
        .lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules of a crate's library by path (the root is `[]`).
fn modules(src: &Path) -> BTreeMap<ModPath, Module> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut map = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(src).expect("under src");
        let mut path: ModPath = rel
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        match path.last().map(String::as_str) {
            Some("main") => continue, // the binary: a crate of its own
            Some("lib" | "mod") => {
                path.pop();
            }
            _ => {}
        }
        let text = std::fs::read_to_string(&file).expect("readable source file");
        let code = code_of(&text);
        let children = code
            .lines()
            .filter_map(|l| {
                let l = l.trim();
                let l = l
                    .strip_prefix("pub ")
                    .or(l.strip_prefix("pub(crate) "))
                    .unwrap_or(l);
                let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
                Some(name.trim().to_string())
            })
            .collect();
        map.insert(
            path,
            Module {
                file,
                code,
                children,
            },
        );
    }
    map
}

/// The `use` declarations of `code`, flattened to full paths, with
/// whether each is a re-export (`pub use`).
fn uses(code: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = &rest[..i];
        let starts_word = before
            .chars()
            .last()
            .is_none_or(|c| c.is_whitespace() || c == ';' || c == '}' || c == ')');
        let after = &rest[i + 4..];
        let Some(end) = after.find(';') else { break };
        if starts_word {
            let line_start = before.rfind('\n').map_or(0, |n| n + 1);
            let public = before[line_start..].trim_start().starts_with("pub");
            // `a as b` becomes `a@b`, then white space goes.
            let tree: String = after[..end]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace(" as ", "@")
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            for p in flatten("", &tree) {
                out.push((public, p));
            }
        }
        rest = &after[end..];
    }
    out
}

/// The paths of a `use` tree: `a::{b,c::{d,e}}` gives `a::b`, `a::c::d`,
/// `a::c::e` (`self` stands for the prefix, `as` renames are dropped).
fn flatten(prefix: &str, tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        let path = tree.split('@').next().unwrap_or(tree);
        let full = format!("{prefix}{path}");
        return vec![full.strip_suffix("::self").unwrap_or(&full).to_string()];
    };
    let head = &tree[..open];
    let body = tree[open + 1..]
        .strip_suffix('}')
        .unwrap_or(&tree[open + 1..]);
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&body[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| flatten(&format!("{prefix}{head}"), p))
        .collect()
}

/// The paths written in `code` that start with `crate`, `super`, `self` or
/// one of `children`.
fn inline_paths(code: &str, children: &BTreeSet<String>) -> Vec<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    // Without the `use` declarations, which `uses` reads.
    let mut rest = String::with_capacity(code.len());
    for statement in code.split_inclusive(';') {
        let trimmed = statement.trim_start();
        let bare = trimmed
            .strip_prefix("pub(crate) ")
            .or(trimmed.strip_prefix("pub(super) "))
            .or(trimmed.strip_prefix("pub "))
            .unwrap_or(trimmed);
        if !bare.starts_with("use ") {
            rest.push_str(statement);
        }
    }
    let bytes: Vec<char> = rest.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        if ident(bytes[i]) && (i == 0 || !(ident(bytes[i - 1]) || bytes[i - 1] == ':')) {
            let mut j = i;
            while j < bytes.len()
                && (ident(bytes[j]) || (bytes[j] == ':' && bytes.get(j + 1) == Some(&':')))
            {
                j += if bytes[j] == ':' { 2 } else { 1 };
            }
            let path: String = bytes[i..j].iter().collect();
            let first = path.split("::").next().unwrap_or("");
            if path.contains("::")
                && (matches!(first, "crate" | "super" | "self") || children.contains(first))
            {
                out.push(path.trim_end_matches("::").to_string());
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// The module a path written in module `from` names, and the rest of it.
fn resolve(
    mods: &BTreeMap<ModPath, Module>,
    from: &ModPath,
    path: &str,
) -> Option<(ModPath, Vec<String>)> {
    let parts: Vec<&str> = path.split("::").collect();
    let (mut base, mut rest): (ModPath, &[&str]) = match parts[0] {
        "crate" => (Vec::new(), &parts[1..]),
        "self" => (from.clone(), &parts[1..]),
        "super" => {
            let mut base = from.clone();
            let mut k = 0;
            while parts.get(k) == Some(&"super") {
                base.pop();
                k += 1;
            }
            (base, &parts[k..])
        }
        first if mods[from].children.contains(first) => (from.clone(), &parts[..]),
        _ => return None,
    };
    while let Some((head, tail)) = rest.split_first() {
        let mut next = base.clone();
        next.push((*head).to_string());
        if !mods.contains_key(&next) {
            break;
        }
        base = next;
        rest = tail;
    }
    Some((base, rest.iter().map(|s| (*s).to_string()).collect()))
}

/// The file that defines what `path` names from `from`, following
/// re-exports.
fn target(mods: &BTreeMap<ModPath, Module>, from: &ModPath, path: &str) -> Option<ModPath> {
    let (mut module, mut rest) = resolve(mods, from, path)?;
    for _ in 0..16 {
        let Some(name) = rest.first() else { break };
        let reexport = uses(&mods[&module].code)
            .into_iter()
            .find(|(public, p)| *public && p.rsplit("::").next() == Some(name.as_str()));
        let Some((_, p)) = reexport else { break };
        let Some((m, r)) = resolve(mods, &module, &p) else {
            break;
        };
        module = m;
        rest = r.into_iter().chain(rest.into_iter().skip(1)).collect();
    }
    Some(module)
}

fn dependencies(mods: &BTreeMap<ModPath, Module>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    mods.iter()
        .map(|(path, m)| {
            let mut deps = BTreeSet::new();
            let written = uses(&m.code)
                .into_iter()
                .filter(|(public, _)| !public)
                .map(|(_, p)| p)
                .chain(inline_paths(&m.code, &m.children));
            for p in written {
                if let Some(t) = target(mods, path, &p) {
                    if &t != path {
                        deps.insert(t);
                    }
                }
            }
            (path.clone(), deps)
        })
        .collect()
}

/// A cycle of the graph, if there is one.
fn find_cycle(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Option<Vec<ModPath>> {
    fn visit(
        v: &ModPath,
        graph: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        state: &mut BTreeMap<ModPath, u8>,
        stack: &mut Vec<ModPath>,
    ) -> Option<Vec<ModPath>> {
        state.insert(v.clone(), 1);
        stack.push(v.clone());
        for w in graph.get(v).into_iter().flatten() {
            match state.get(w).copied().unwrap_or(0) {
                0 => {
                    if let Some(c) = visit(w, graph, state, stack) {
                        return Some(c);
                    }
                }
                1 => {
                    let start = stack.iter().position(|s| s == w).unwrap_or(0);
                    return Some(stack[start..].to_vec());
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(v.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for v in graph.keys() {
        if !state.contains_key(v) {
            if let Some(c) = visit(v, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

fn name(path: &ModPath) -> String {
    if path.is_empty() {
        "lib".to_string()
    } else {
        path.join("::")
    }
}

#[test]
fn no_file_has_more_than_800_lines_of_code() {
    let mut long = Vec::new();
    for krate in CRATES {
        for m in modules(&workspace().join("crates").join(krate).join("src")).values() {
            let lines = m.code.lines().count();
            if lines > MAX_CODE_LINES {
                long.push(format!("{}: {lines} lines", m.file.display()));
            }
        }
    }
    assert!(long.is_empty(), "split these files by job: {long:?}");
}

#[test]
fn no_import_cycle_between_the_files_of_a_crate() {
    for krate in CRATES {
        let mods = modules(&workspace().join("crates").join(krate).join("src"));
        assert!(mods.len() > 5, "{krate}: found its modules");
        let graph = dependencies(&mods);
        if let Some(cycle) = find_cycle(&graph) {
            let names: Vec<String> = cycle.iter().map(name).collect();
            panic!("{krate}: import cycle {}", names.join(" -> "));
        }
    }
}

#[test]
fn the_dependency_reader_sees_cycles_and_reexports() {
    assert_eq!(
        flatten("", "a::{b,c::{d,self},e@f}"),
        ["a::b", "a::c::d", "a::c", "a::e"]
    );
    assert_eq!(
        uses("pub use x::{A, Bass};\nuse crate::y::C as D;\n"),
        [
            (true, "x::A".to_string()),
            (true, "x::Bass".to_string()),
            (false, "crate::y::C".to_string())
        ]
    );
    // The real pdn module: `game` names `Tags` through the parent, which
    // re-exports it from `tags`.
    let mods = modules(&workspace().join("crates/tama-notation/src"));
    let game = vec!["pdn".to_string(), "game".to_string()];
    assert_eq!(
        target(&mods, &game, "super::Tags"),
        Some(vec!["pdn".to_string(), "tags".to_string()])
    );
    let graph = dependencies(&mods);
    assert!(graph[&game].contains(&vec!["pdn".to_string(), "tags".to_string()]));
    // A made-up cycle is found.
    let a = vec!["a".to_string()];
    let b = vec!["b".to_string()];
    let mut g = BTreeMap::new();
    g.insert(a.clone(), BTreeSet::from([b.clone()]));
    g.insert(b.clone(), BTreeSet::from([a.clone()]));
    assert_eq!(find_cycle(&g).map(|c| c.len()), Some(2));
    g.insert(b, BTreeSet::new());
    assert_eq!(find_cycle(&g), None);
}
