//! Code-layout rules of the project, checked on the sources themselves:
//! no import cycle between the files of a crate, and no file over about
//! 800 lines of code outside its tests, and no command of the CLI that
//! prints past its I/O context; test support only in its crate, and xtask
//! on no product crate.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Most lines of code (not blank, not a comment, before the file's
/// `#[cfg(test)]` part) a source file may have.
const MAX_CODE_LINES: usize = 800;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}

/// The `src` directories of the workspace's crates.
fn source_dirs() -> Vec<PathBuf> {
    let root = workspace_root();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("crates/ exists")
        .filter_map(Result::ok)
        .map(|e| e.path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    dirs.push(root.join("xtask").join("src"));
    dirs.sort();
    dirs
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir)
        .expect("readable")
        .filter_map(Result::ok)
    {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src` (`pdn/replay`; `mod.rs` names its
/// directory; the crate root is the empty path).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The code of a file: without comment lines, and without its test part
/// (from the first line `#[cfg(test)]` that is followed by a module).
fn code_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .windows(2)
        .position(|w| {
            let item = w[1].trim_start();
            let item = item.strip_prefix("pub(crate) ").unwrap_or(item);
            w[0].trim() == "#[cfg(test)]" && item.starts_with("mod ")
        })
        .unwrap_or(lines.len());
    lines[..end]
        .iter()
        .copied()
        .filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with("//")
        })
        .collect()
}

/// The paths after `crate::` in `code`, with `use crate::{a, b::c}` groups
/// expanded (each a list of segments).
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    fn ident(s: &[u8], mut i: usize) -> (String, usize) {
        let start = i;
        while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'_') {
            i += 1;
        }
        (String::from_utf8_lossy(&s[start..i]).into_owned(), i)
    }
    /// Reads a path or a `{…}` group at `i`, appending to `out` with
    /// `prefix`; returns the position after it.
    fn item(s: &[u8], mut i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
        while i < s.len() && s[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < s.len() && s[i] == b'{' {
            i += 1;
            loop {
                i = item(s, i, prefix, out);
                while i < s.len() && (s[i].is_ascii_whitespace() || s[i] == b',') {
                    i += 1;
                }
                if i >= s.len() || s[i] == b'}' {
                    return i + 1;
                }
            }
        }
        let mut path = prefix.to_vec();
        loop {
            let (name, next) = ident(s, i);
            if name.is_empty() {
                break;
            }
            path.push(name);
            i = next;
            if s[i..].starts_with(b"::") {
                i += 2;
                if i < s.len() && s[i] == b'{' {
                    return item(s, i, &path, out);
                }
            } else {
                break;
            }
        }
        if path.len() > prefix.len() {
            out.push(path);
        }
        i
    }
    let s = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = code[from..].find("crate::") {
        let at = from + k;
        let bounded = at == 0 || !(s[at - 1].is_ascii_alphanumeric() || s[at - 1] == b'_');
        from = at + "crate::".len();
        if bounded {
            from = item(s, from, &[], &mut out).max(from);
        }
    }
    out
}

/// For each file of the crate at `src`: the other files it imports (by a
/// `crate::` path), leaving out its ancestors and descendants in the module
/// tree (a parent declaring its children is not an import).
fn imports(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .map(|f| (module_of(src, f), f.clone()))
        .collect();
    let related = |a: &[String], b: &[String]| a.starts_with(b) || b.starts_with(a);
    modules
        .iter()
        .map(|(m, file)| {
            let text = std::fs::read_to_string(file).expect("readable");
            let code = code_lines(&text).join("\n");
            let deps = crate_paths(&code)
                .into_iter()
                .filter_map(|path| {
                    // The longest prefix of the path that is a file's module.
                    (1..=path.len())
                        .rev()
                        .map(|k| path[..k].to_vec())
                        .find(|p| modules.contains_key(p))
                })
                .filter(|d| !related(m, d))
                .collect();
            (m.clone(), deps)
        })
        .collect()
}

/// An import cycle between the files of the crate at `src`, as module
/// paths (the first repeated at the end), if there is one.
fn find_cycle(src: &Path) -> Option<Vec<String>> {
    fn visit(
        m: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, u8>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        state.insert(m.clone(), 1);
        stack.push(m.clone());
        for d in graph.get(m).into_iter().flatten() {
            match state.get(d) {
                Some(1) => {
                    let start = stack.iter().position(|x| x == d).unwrap_or(0);
                    let mut cycle = stack[start..].to_vec();
                    cycle.push(d.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(d, graph, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(m.clone(), 2);
        None
    }
    let graph = imports(src);
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if !state.contains_key(m) {
            if let Some(c) = visit(m, &graph, &mut state, &mut Vec::new()) {
                return Some(c.iter().map(|p| p.join("/")).collect());
            }
        }
    }
    None
}

#[test]
fn no_import_cycle_between_the_files_of_a_crate() {
    let dirs = source_dirs();
    assert!(dirs.len() >= 5, "{dirs:?}");
    for src in dirs {
        assert_eq!(find_cycle(&src), None, "import cycle in {}", src.display());
    }
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(src.join("p")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(src.join(name), text).unwrap();
    write("lib.rs", "mod a;\nmod b;\nmod c;\nmod p;\n");
    write("a.rs", "use crate::b::X;\n");
    write("b.rs", "// use crate::a;\npub struct X;\n");
    write("c.rs", "use crate::{a, p::q::Y};\n");
    write("p.rs", "mod q;\nuse crate::p::q::Y;\n");
    write("p/q.rs", "use super::*;\nuse crate::p;\npub struct Y;\n");
    // Parents and children may use each other; comments do not count.
    assert_eq!(find_cycle(&src), None);
    write("b.rs", "use crate::c;\npub struct X;\n");
    let cycle = find_cycle(&src).expect("a -> b -> c -> a");
    assert_eq!(cycle.len(), 4, "{cycle:?}");
    assert_eq!(cycle.first(), cycle.last());
}

#[test]
fn the_import_scanner_reads_paths_and_groups() {
    let paths = crate_paths(
        "use crate::a::B;\nuse crate::{c, d::{e::F, G}};\nlet x = crate::h::i();\nmycrate::z();",
    );
    let flat: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(flat, ["a::B", "c", "d::e::F", "d::G", "h::i"]);
    let code = code_lines("// c\nfn a() {}\n\n#[cfg(test)]\nmod tests {\n    fn b() {}\n}\n");
    assert_eq!(code, ["fn a() {}"]);
}

#[test]
fn no_source_file_is_over_800_lines_of_code() {
    for src in source_dirs() {
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable");
            let n = code_lines(&text).len();
            assert!(
                n <= MAX_CODE_LINES,
                "{} has {n} lines of code (outside tests and comments); split it by job",
                file.display()
            );
        }
    }
}

/// The workspace denies `unsafe` code; the one place allowed to use it is
/// the memory map of a table file (tama-egtb's file.rs), and it stays the
/// only one.
#[test]
fn unsafe_code_is_only_the_table_file_map() {
    let allowed = workspace_root().join("crates/tama-egtb/src/file.rs");
    let mut found = Vec::new();
    for src in source_dirs() {
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable");
            let n = code_lines(&text)
                .iter()
                .filter(|l| l.contains("unsafe"))
                .count();
            if n > 0 {
                found.push((file, n));
            }
        }
    }
    assert_eq!(
        found,
        vec![(allowed, 2)],
        "unsafe code outside the table map"
    );
}

/// What a command of the CLI must not use: printing macros and the
/// process's own streams (commands use the `Io` they are given).
const DIRECT_OUTPUT: &[&str] = &[
    "print!",
    "println!",
    "eprint!",
    "eprintln!",
    "dbg!",
    "stdout",
    "stderr",
    "stdin",
];

/// Whether `line` uses `word` as a whole word followed by `(` or `!` (a
/// call or a macro, not a method): `stderr()` but not `use_stderr()`,
/// `term.stderr` or `command.stderr(…)`.
fn uses(line: &str, word: &str) -> bool {
    line.match_indices(word).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            && (word.ends_with('!') || after == Some('('))
    })
}

/// The lines of `code` with a use of [`DIRECT_OUTPUT`].
fn direct_output(code: &[&str]) -> Vec<String> {
    code.iter()
        .filter(|line| DIRECT_OUTPUT.iter().any(|w| uses(line, w)))
        .map(|line| line.trim().to_string())
        .collect()
}

/// Only `main.rs` of tama-cli touches the process's streams; every command
/// writes through its `Io` context, so it runs the same in tests.
#[test]
fn cli_commands_do_not_print_directly() {
    let src = workspace_root().join("crates/tama-cli/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 10, "the CLI's sources are found");
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !f.ends_with("main.rs")) {
        let text = std::fs::read_to_string(file).expect("readable");
        for hit in direct_output(&code_lines(&text)) {
            found.push(format!("{}: {hit}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "commands print directly (write to the Io's out or err):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_direct_output_check_finds_prints() {
    let code = code_lines(
        "fn a() {\n    eprintln!(\"x\");\n    let t = term.stdout;\n    \
         let o = std::io::stdout().lock();\n    if e.use_stderr() {}\n    \
         let i = stdin();\n    cmd.stdout(null);\n    // println!(\"comment\")\n}\n",
    );
    assert_eq!(
        direct_output(&code),
        [
            "eprintln!(\"x\");",
            "let o = std::io::stdout().lock();",
            "let i = stdin();"
        ]
    );
}

/// The page's JavaScript files (`crates/tama-web/assets/js/**`).
fn page_scripts() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![workspace_root().join("crates/tama-web/assets/js")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable") {
            let path = entry.expect("readable").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "js") {
                let text = std::fs::read_to_string(&path).expect("readable");
                out.push((path, text));
            }
        }
    }
    out
}

#[test]
fn the_page_knows_no_rule_and_no_review_threshold() {
    // The switches and presets come from the package's rulesTable(), the
    // marks and comments from the engine's review (tama_search::review,
    // in the browser or behind GET /api/review): a switch name or a
    // threshold in the page's code would be a second copy.
    let scripts = page_scripts();
    assert!(scripts.len() > 5, "the page's scripts are found");
    let thresholds = [
        tama_search::review::MISTAKE_LOSS.to_string(),
        tama_search::review::BLUNDER_LOSS.to_string(),
    ];
    for (path, text) in &scripts {
        for switch in tama_notation::Switch::ALL {
            assert!(
                !text.contains(switch.name()),
                "{} names the rule switch {switch}: read it from rulesTable()",
                path.display()
            );
        }
        for line in text.lines() {
            let words: Vec<&str> = line
                .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .collect();
            let loss = words
                .iter()
                .any(|w| w.to_ascii_lowercase().contains("loss"));
            assert!(
                !(loss && words.iter().any(|w| thresholds.iter().any(|t| t == w))),
                "{} compares a loss with a review threshold: {line}",
                path.display()
            );
        }
    }
    // app.js is the composition root only.
    let app = scripts
        .iter()
        .find(|(p, _)| p.ends_with("assets/js/app.js"))
        .expect("app.js");
    let lines = app.1.lines().count();
    assert!(
        lines < 300,
        "app.js has {lines} lines: move code into its modules"
    );
}

/// Every Rust file of the workspace's crates, `tests/` and `xtask/`
/// (sources, tests, benches, examples), with its text.
fn workspace_rust_files() -> Vec<(PathBuf, String)> {
    let root = workspace_root();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("crates/ exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    dirs.extend([root.join("tests"), root.join("xtask")]);
    let mut files = Vec::new();
    for dir in dirs {
        rust_files(&dir, &mut files);
    }
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("readable");
            (f, text)
        })
        .collect()
}

/// The lines of `text` that define a generator named `Rng`, or step one of
/// the seeded generators the test-support crate holds (comments aside).
fn generator_copies(text: &str) -> Vec<String> {
    const STEPS: &[&str] = &[
        "struct Rng",
        "<< 13;",
        "wrapping_add(0x9e37_79b9_7f4a_7c15)",
        "wrapping_mul(6364136223846793005)",
        "wrapping_mul(6_364_136_223_846_793_005)",
    ];
    text.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//"))
        .filter(|l| STEPS.iter().any(|s| l.contains(s)))
        .map(str::to_string)
        .collect()
}

/// The seeded generators of the tests live in `crates/tama-test-support`
/// (`Rng`, one type for every algorithm a test was written with): no test,
/// bench or example writes its own. The product's own seeded generators
/// (the arena's openings, the tablebase tactics picker) are named by
/// their algorithm, and they and the hash mixers are listed here.
#[test]
fn seeded_generators_live_in_the_test_support_crate() {
    let root = workspace_root();
    let allowed = [
        "crates/tama-test-support/src/rng.rs",
        "crates/tama-arena/src/openings.rs",
        "crates/tama-egtb/src/tactics.rs",
        // splitmix64's finaliser as a hash: the Zobrist keys, the seeds of
        // the trainer's games and shuffles.
        "crates/tama-core/src/position.rs",
        "crates/tama-learn/src/generate.rs",
        "crates/tama-learn/src/train.rs",
        // Its tests hash-check the diff on sequences of its own.
        "xtask/src/diff.rs",
    ]
    .map(|f| root.join(f));
    let mut found = Vec::new();
    for (file, text) in workspace_rust_files() {
        if allowed.contains(&file) || file.starts_with(root.join("tests/tidy.rs")) {
            continue;
        }
        for line in generator_copies(&text) {
            found.push(format!("{}: {line}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "seeded generators outside tama-test-support (use tama_test_support::Rng):\n{}",
        found.join("\n")
    );
    assert_eq!(
        generator_copies("struct Rng(u64);\n// x << 13;\nlet h = x ^ (x >> 7);"),
        ["struct Rng(u64);"]
    );
}

/// The names of `[dependencies]`-like tables of a manifest: `(table, name)`
/// for every key of `[dependencies]`, `[build-dependencies]` and
/// `[dev-dependencies]` (and `[target.….dependencies]`).
fn manifest_dependencies(toml: &str) -> Vec<(String, String)> {
    let mut table = String::new();
    let mut out = Vec::new();
    for line in toml.lines().map(str::trim) {
        if line.starts_with('[') {
            table = line.trim_matches(|c| c == '[' || c == ']').to_string();
            continue;
        }
        if !table.ends_with("dependencies") || line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((key, _)) = line.split_once('=') {
            let name = key.trim().split('.').next().unwrap_or("").trim_matches('"');
            out.push((table.clone(), name.to_string()));
        }
    }
    out
}

/// The workspace's own crates (the folders of `crates/`).
fn workspace_crates() -> BTreeSet<String> {
    std::fs::read_dir(workspace_root().join("crates"))
        .expect("crates/ exists")
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .collect()
}

/// xtask only runs programs (cargo, git, `tama`): it depends on no crate
/// of the workspace, so no `cargo xtask` needs the product built in the
/// dev profile, and the product needs no dev-profile optimisation for it.
#[test]
fn xtask_depends_on_no_product_crate() {
    let crates = workspace_crates();
    assert!(crates.contains("tama-core"), "{crates:?}");
    let toml = std::fs::read_to_string(workspace_root().join("xtask/Cargo.toml")).unwrap();
    let deps = manifest_dependencies(&toml);
    assert!(deps.iter().any(|(_, n)| n == "clap"), "{deps:?}");
    let product: Vec<_> = deps.iter().filter(|(_, n)| crates.contains(n)).collect();
    assert!(product.is_empty(), "xtask depends on {product:?}");
    let root = std::fs::read_to_string(workspace_root().join("Cargo.toml")).unwrap();
    assert!(
        !root.contains("[profile.dev.package.tama"),
        "no crate of the product is optimised in the dev profile for xtask's sake"
    );
}

/// The test-support crate is never published and only ever a
/// dev-dependency.
#[test]
fn test_support_is_a_dev_dependency_only() {
    let root = workspace_root();
    let own = std::fs::read_to_string(root.join("crates/tama-test-support/Cargo.toml")).unwrap();
    assert!(own.contains("publish = false"));
    let mut manifests: Vec<PathBuf> = workspace_crates()
        .into_iter()
        .map(|c| root.join("crates").join(c).join("Cargo.toml"))
        .collect();
    manifests.extend([root.join("tests/Cargo.toml"), root.join("xtask/Cargo.toml")]);
    let mut users = 0;
    for manifest in manifests {
        let toml = std::fs::read_to_string(&manifest).unwrap();
        for (table, name) in manifest_dependencies(&toml) {
            if name == "tama-test-support" {
                assert_eq!(table, "dev-dependencies", "{}", manifest.display());
                users += 1;
            }
        }
    }
    assert!(users >= 5, "{users}");
    let parsed = manifest_dependencies(
        "[package]\nname = \"x\"\n[dependencies]\na = \"1\"\nb.workspace = true\n[dev-dependencies]\n\"c\" = { path = \"c\" }\n",
    );
    assert_eq!(
        parsed,
        [
            ("dependencies".to_string(), "a".to_string()),
            ("dependencies".to_string(), "b".to_string()),
            ("dev-dependencies".to_string(), "c".to_string()),
        ]
    );
}

/// The lines of `code` that do the rules' work by hand: read a
/// move-geometry switch (`man_diagonal`, `king_diagonal`) other than to
/// set it, test a rule switch of the endings as a condition, or count a
/// side down to one piece (the one-piece-each draw, which is
/// `Position::is_draw_one_each`).
fn hand_rules(code: &[&str]) -> Vec<String> {
    let reads = |line: &str, word: &str| {
        line.match_indices(word).any(|(at, _)| {
            let before = line[..at].chars().next_back();
            let after = line[at + word.len()..].trim_start();
            // A field set (`name: …`) or assigned (`… = …`) is no read.
            let set = after.starts_with(':') || after.starts_with('=') && !after.starts_with("==");
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && !set
        })
    };
    code.iter()
        .filter(|line| {
            reads(line, "man_diagonal")
                || reads(line, "king_diagonal")
                || reads(line, "draw_one_each") && !line.contains("Rules::")
                || line.contains("pieces(") && line.contains(".count() == 1")
        })
        .map(|line| line.trim().to_string())
        .collect()
}

/// The rules live in tama-core: outside it no crate (its sources and its
/// tests) moves pieces by the geometry switches or tests the
/// one-piece-each draw by hand. tama-notation's rules text, which names
/// every switch, is the exception, and the `tests` crate is not scanned:
/// its reference generator (`tests/reference.rs`) is written from
/// RULES.md on purpose, to check the core.
#[test]
fn no_rule_is_written_outside_core() {
    let root = workspace_root();
    let allowed = [
        root.join("crates/tama-core"),
        root.join("crates/tama-notation/src/rules_text.rs"),
    ];
    let mut dirs = source_dirs();
    for entry in std::fs::read_dir(root.join("crates")).expect("crates/ exists") {
        let tests = entry.expect("readable").path().join("tests");
        if tests.is_dir() {
            dirs.push(tests);
        }
    }
    let mut found = Vec::new();
    let mut scanned = 0;
    for dir in dirs {
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        for file in files {
            if allowed.iter().any(|a| file.starts_with(a)) {
                continue;
            }
            scanned += 1;
            let text = std::fs::read_to_string(&file).expect("readable");
            let code: Vec<&str> = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            for hit in hand_rules(&code) {
                found.push(format!("{}: {hit}", file.display()));
            }
        }
    }
    assert!(scanned > 100, "the sources are found");
    assert!(
        found.is_empty(),
        "rules written outside tama-core (use tama_core::reach or Position::is_draw_one_each):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_hand_rules_check_finds_copies() {
    let code = [
        "if rules.draw_one_each",
        "    && pos.pieces(Color::White).count() == 1",
        "let diag = if rules.king_diagonal { &DIAG } else { &[] };",
        "let r = Rules { man_diagonal: true, king_diagonal: false, ..Rules::ARMENIAN };",
        "rules.man_diagonal = first;",
        "draw_one_each: !Rules::TURKISH.draw_one_each,",
        "if pos.is_draw_one_each(rules) {",
    ];
    assert_eq!(
        hand_rules(&code),
        [
            "if rules.draw_one_each",
            "&& pos.pieces(Color::White).count() == 1",
            "let diag = if rules.king_diagonal { &DIAG } else { &[] };"
        ]
    );
}

/// Words of a depth, node or movetime range check: the messages of
/// `tama_search::LimitError` and comparisons with the engine's deepest
/// depth.
const LIMIT_CHECKS: [&str; 6] = [
    "invalid depth",
    "invalid movetime",
    "invalid nodes",
    "> MAX_DEPTH",
    "<= MAX_DEPTH",
    "..=MAX_DEPTH",
];

/// The lines of `code` that check a search limit's range by hand.
fn limit_checks(code: &[&str]) -> Vec<String> {
    code.iter()
        .filter(|line| LIMIT_CHECKS.iter().any(|w| line.contains(w)))
        .map(|line| line.trim().to_string())
        .collect()
}

/// The front ends check the depth, node count and movetime a user asks for
/// with `Limits::checked` (tama-search `limits.rs`), through tama-api's
/// `search::limits` where the request is the API's, so that they refuse
/// the same values with the same words; none checks them by hand.
#[test]
fn no_front_end_checks_search_limits_by_hand() {
    let root = workspace_root();
    let mut found = Vec::new();
    for dir in [
        "tama-web",
        "tama-wasm",
        "tama-py",
        "tama-arena",
        "tama-cli",
        "tama-hub",
    ] {
        let mut files = Vec::new();
        rust_files(&root.join("crates").join(dir).join("src"), &mut files);
        assert!(!files.is_empty(), "the sources of {dir} are found");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable");
            for hit in limit_checks(&code_lines(&text)) {
                found.push(format!("{}: {hit}", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "search limits checked by hand (use Limits::checked):\n{}",
        found.join("\n")
    );
    for file in [
        "crates/tama-api/src/search.rs",
        "crates/tama-py/src/engine.rs",
        "crates/tama-arena/src/player.rs",
    ] {
        let text = std::fs::read_to_string(root.join(file)).expect("readable");
        assert!(
            text.contains("Limits::checked("),
            "{file} checks its limits"
        );
    }
}

#[test]
fn the_limit_check_finds_checks_by_hand() {
    let code = code_lines(
        "fn a() {\n    if d == 0 || d > MAX_DEPTH {\n        \
         return Err(format!(\"invalid depth {d}: expected 1 to 9\"));\n    }\n    \
         // invalid nodes in a comment\n    let l = Limits::checked(d, n, t, b)?;\n}\n",
    );
    assert_eq!(
        limit_checks(&code),
        [
            "if d == 0 || d > MAX_DEPTH {",
            "return Err(format!(\"invalid depth {d}: expected 1 to 9\"));"
        ]
    );
}

/// The engine's levels of play are `tama_search::Level`'s, served at
/// `GET /api/levels`: the page writes none of its own.
#[test]
fn the_page_writes_no_level_of_play() {
    let html = std::fs::read_to_string(workspace_root().join("crates/tama-web/assets/index.html"))
        .expect("index.html");
    let select = html
        .find("<select id=\"level\"")
        .expect("the page has its level select");
    let end = select + html[select..].find("</select>").expect("the select ends");
    assert!(
        !html[select..end].contains("<option"),
        "the level select of index.html lists levels of its own"
    );
}

/// What would be the page reading or writing position text, applying a
/// move or writing PDN itself: the package (tama-wasm) does all of it.
fn page_notation(text: &str) -> Vec<String> {
    let marks = [
        // position text: the side-and-pieces fields
        "split(\":\")",
        "`W:W",
        "\"W:W",
        // applying a move by hand: removing the captured pieces
        "captures) board[",
        "for (const c of mv.captures)",
        // the PDN writer: its tag roster, game type and move numbers
        "GameType",
        "[SetUp",
        "`${number(",
    ];
    let mut found = Vec::new();
    for line in text.lines() {
        for m in marks {
            if line.contains(m) {
                found.push(format!("{m}: {}", line.trim()));
            }
        }
    }
    found
}

#[test]
fn the_page_reads_and_writes_no_notation_of_its_own() {
    for (path, text) in page_scripts() {
        let found = page_notation(&text);
        assert!(
            found.is_empty(),
            "{} handles notation itself (use the package, js/tama.js): {found:?}",
            path.display()
        );
        // The package comes in through js/tama.js only.
        if !path.ends_with("assets/js/tama.js") {
            assert!(
                !text.contains("tama/index.js") && !text.contains("tama_wasm"),
                "{} imports the package past js/tama.js",
                path.display()
            );
        }
    }
}

#[test]
fn the_notation_check_finds_a_writer() {
    let old = "  const side = c === \"w\" ? \"W\" : \"B\";\n  const parts = fen.trim().split(\":\");\n  tags.push([\"GameType\", gameType(game.rules)]);\n  for (const c of mv.captures) board[sqIndex(c)] = null;";
    // The last line is both a removal of captured pieces and its loop.
    assert_eq!(page_notation(old).len(), 4);
    assert!(page_notation("const fen = known(node).fen;").is_empty());
}

/// The page's catalogues: language code → key → text.
fn catalogues() -> BTreeMap<String, serde_json::Map<String, serde_json::Value>> {
    let dir = workspace_root().join("crates/tama-web/assets/i18n");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("the i18n folder") {
        let path = entry.expect("readable").path();
        let code = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("readable");
        let v: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out.insert(code, v.as_object().expect("an object").clone());
    }
    out
}

/// Plural forms a language may add beside `.one` and `.other`.
const PLURAL_FORMS: [&str; 4] = ["zero", "two", "few", "many"];

#[test]
fn every_key_of_the_page_is_in_every_language() {
    let all = catalogues();
    let codes: Vec<&str> = all.keys().map(String::as_str).collect();
    assert_eq!(codes, ["en", "hy", "ru", "tr"]);
    let en = &all["en"];
    for (code, words) in &all {
        assert!(
            words
                .get("_about")
                .is_some_and(|v| v.as_str().is_some_and(|s| s.len() > 20)),
            "{code}.json does not say where its words come from (_about)"
        );
        for key in en.keys() {
            assert!(words.contains_key(key), "{code}.json lacks {key}");
        }
        for key in words.keys() {
            let extra_plural = PLURAL_FORMS.iter().any(|f| {
                key.strip_suffix(&format!(".{f}"))
                    .is_some_and(|base| en.contains_key(&format!("{base}.other")))
            });
            assert!(
                en.contains_key(key) || extra_plural,
                "{code}.json has {key}, which English has not"
            );
            let text = words[key].as_str().unwrap_or_default();
            let en_text = en.get(key).and_then(|v| v.as_str()).unwrap_or(text);
            let params = |s: &str| {
                let mut p: Vec<String> = s
                    .split('{')
                    .skip(1)
                    .filter_map(|r| r.split_once('}').map(|(n, _)| n.to_owned()))
                    .collect();
                p.sort();
                p
            };
            if !extra_plural && key != "_about" {
                assert_eq!(
                    params(text),
                    params(en_text),
                    "{code}.json {key}: other placeholders"
                );
            }
        }
    }
    // Every key the page names exists.
    let html = std::fs::read_to_string(workspace_root().join("crates/tama-web/assets/index.html"))
        .expect("index.html");
    let mut named = Vec::new();
    for attr in [
        "data-i18n=\"",
        "data-i18n-title=\"",
        "data-i18n-placeholder=\"",
        "data-i18n-aria=\"",
    ] {
        for part in html.split(attr).skip(1) {
            named.push(part.split('"').next().unwrap().to_owned());
        }
    }
    for (_, text) in page_scripts() {
        for call in ["t(\"", "plural(\""] {
            for (at, _) in text.match_indices(call) {
                // A call of its own, not the end of `closest("…")`.
                let before = text[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                    continue;
                }
                let rest = &text[at + call.len()..];
                named.push(rest.split('"').next().unwrap().to_owned());
            }
        }
    }
    assert!(named.len() > 60, "{} keys found", named.len());
    for key in named {
        assert!(
            en.contains_key(&key) || en.contains_key(&format!("{key}.other")),
            "the page names {key}, which en.json has not"
        );
    }
}

/// Text of the page that is not in a catalogue: an element of index.html
/// whose own text has letters but no `data-i18n`, or a string literal in
/// a script that reads as English words.
fn unlisted_words(html: &str, scripts: &[(PathBuf, String)]) -> Vec<String> {
    let mut found = Vec::new();
    let allowed = [
        "<title>",
        "<script",
        "class=\"brand\"",
        "id=\"rules-label\"",
    ];
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let tag = &rest[open..open + close + 1];
        let after = &rest[open + close + 1..];
        let text = &after[..after.find('<').unwrap_or(after.len())];
        // The program's name is the same in every language.
        if text.chars().any(char::is_alphabetic)
            && text.trim() != "tama"
            && !tag.contains("data-i18n=")
            && !allowed.iter().any(|a| tag.contains(a))
        {
            found.push(format!("index.html: {tag}{}", text.trim()));
        }
        rest = after;
    }
    for (path, text) in scripts {
        if path.ends_with("i18n.js") {
            continue;
        }
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or_default();
            if code.contains("Event:") {
                continue; // PDN tags stay as they are
            }
            for quote in ['"', '`'] {
                for (i, lit) in code.split(quote).enumerate() {
                    let mut words = lit.split(' ');
                    let english = i % 2 == 1
                        && words.next().is_some_and(|w| {
                            w.len() > 1
                                && w.starts_with(|c: char| c.is_ascii_uppercase())
                                && w[1..].chars().all(|c| c.is_ascii_lowercase())
                        })
                        && words
                            .next()
                            .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_lowercase()));
                    if english {
                        found.push(format!("{}: {}", path.display(), line.trim()));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn no_word_of_the_page_is_written_outside_its_catalogues() {
    let html = std::fs::read_to_string(workspace_root().join("crates/tama-web/assets/index.html"))
        .expect("index.html");
    let found = unlisted_words(&html, &page_scripts());
    assert!(found.is_empty(), "words outside the catalogues: {found:#?}");
}

#[test]
fn the_word_check_finds_words() {
    let html = "<div><button id=\"x\">New game</button><b data-i18n=\"k\">Engine</b></div>";
    let js = vec![(
        PathBuf::from("x.js"),
        "el.textContent = \"Game over now\";\nconst k = t(\"status.over\");".to_owned(),
    )];
    let found = unlisted_words(html, &js);
    assert_eq!(found.len(), 2, "{found:?}");
}

/// The lines of `code` that put a file in place by hand: a rename (not
/// serde's `rename =` attribute), `tempfile`'s `persist`, or a name made
/// with a `.tmp` ending.
fn hand_atomic_writes(code: &[&str]) -> Vec<String> {
    code.iter()
        .filter(|line| {
            uses(line, "rename")
                || line.contains(".persist(")
                || line.contains(".persist_noclobber(")
                || line.contains(".tmp\"")
        })
        .map(|line| line.trim().to_string())
        .collect()
}

/// A file that must appear whole is written through
/// `tama_files::write_atomically` (`crates/tama-files/src/atomic.rs`, a
/// synced temporary file renamed over the name): no other file of the
/// workspace (sources, tests, benches, examples) renames a temporary file
/// into place or makes its own `.tmp` name. xtask's `snapshots accept`
/// renames insta's finished `X.snap.new` to `X.snap`: moving a file that
/// is already whole, no temporary file of its own. tama-web's static
/// bundle puts a whole folder in place (written beside it, then renamed),
/// which the file writer does not do.
#[test]
fn files_are_put_in_place_only_by_the_atomic_writer() {
    let root = workspace_root();
    let allowed = [
        root.join("crates/tama-files/src/atomic.rs"),
        root.join("xtask/src/snapshots.rs"),
        root.join("crates/tama-web/src/bundle.rs"),
        root.join("tests/tidy.rs"),
    ];
    let mut found = Vec::new();
    let mut scanned = 0;
    for (file, text) in workspace_rust_files() {
        if allowed.contains(&file) {
            continue;
        }
        scanned += 1;
        let code: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect();
        for hit in hand_atomic_writes(&code) {
            found.push(format!("{}: {hit}", file.display()));
        }
    }
    assert!(scanned > 100, "the sources are found");
    assert!(
        found.is_empty(),
        "files put in place by hand (use tama_files::write_atomically):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_atomic_write_check_finds_renames() {
    let code = [
        "fs::rename(&tmp, path)?;",
        "std::fs::rename(a, b).unwrap();",
        "let tmp = path.with_extension(\"egtb.tmp\");",
        "file.persist(&path)?;",
        "#[serde(rename = \"move\")]",
        "tama_files::write_atomically(&path, write, error)?;",
        "let renamed = old.renamed_to(x);",
    ];
    assert_eq!(
        hand_atomic_writes(&code),
        [
            "fs::rename(&tmp, path)?;",
            "std::fs::rename(a, b).unwrap();",
            "let tmp = path.with_extension(\"egtb.tmp\");",
            "file.persist(&path)?;",
        ]
    );
}

/// The lines of `code` that make a directory under the system's
/// temporary directory by hand (`std::env::temp_dir()`), doc examples
/// included.
fn hand_temporary_dirs(code: &[&str]) -> Vec<String> {
    code.iter()
        .filter(|line| uses(line, "temp_dir"))
        .map(|line| line.trim().to_string())
        .collect()
}

/// Temporary directories come from `tempfile` (removed when dropped,
/// unique per test). The one fixed path under the system's temporary
/// directory is the local Slurm's home of `cargo xtask egtb-shard`
/// (`xtask/src/slurm.rs`, `$TMPDIR/tama-egtb-shard-slurm/`): docs/EGTB.md
/// names it to the user, a later run finds the daemons a kept cluster left
/// there by that name, and their sockets need its short path.
#[test]
fn temporary_directories_come_from_tempfile() {
    let root = workspace_root();
    let allowed = [root.join("xtask/src/slurm.rs"), root.join("tests/tidy.rs")];
    let mut found = Vec::new();
    let mut slurm_home = false;
    for (file, text) in workspace_rust_files() {
        let hits = hand_temporary_dirs(&text.lines().collect::<Vec<_>>());
        if allowed.contains(&file) {
            slurm_home |= hits
                .iter()
                .any(|h| h.contains("join(\"tama-egtb-shard-slurm\")"));
            continue;
        }
        for hit in hits {
            found.push(format!("{}: {hit}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "temporary directories made by hand (use tempfile::tempdir):\n{}",
        found.join("\n")
    );
    assert!(slurm_home, "the Slurm home is still the documented path");
    let docs = std::fs::read_to_string(root.join("docs/EGTB.md")).expect("docs/EGTB.md");
    assert!(
        docs.contains("$TMPDIR/tama-egtb-shard-slurm/"),
        "docs/EGTB.md documents the Slurm home"
    );
    assert_eq!(
        hand_temporary_dirs(&[
            "let dir = std::env::temp_dir().join(\"x\");",
            "let dir = tempfile::tempdir()?;",
        ]),
        ["let dir = std::env::temp_dir().join(\"x\");"]
    );
}

/// The front ends answer with tama-api's typed shapes (or a typed struct
/// of their own transport), never an object built on the spot with
/// `json!`: an answer's fields are declared once, where its readers find
/// them (issue 41: one API boundary). Tests may build expected values.
#[test]
fn no_front_end_builds_answers_with_json_macros() {
    let root = workspace_root();
    let mut found = Vec::new();
    for dir in ["tama-cli", "tama-web", "tama-wasm", "tama-py", "tama-hub"] {
        let mut files = Vec::new();
        rust_files(&root.join("crates").join(dir).join("src"), &mut files);
        assert!(!files.is_empty(), "the sources of {dir} are found");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable");
            for line in code_lines(&text) {
                if line.contains("json!(") {
                    found.push(format!("{}: {}", file.display(), line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "answers built with json! in a front end (declare the shape in tama-api):\n{}",
        found.join("\n")
    );
}
