//! `cargo xtask snapshots`: insta snapshot tests without cargo-insta.
//!
//! insta writes a mismatching or new file snapshot `X.snap` as `X.snap.new`
//! next to it, and mismatching inline snapshots of `src/f.rs` as JSON lines
//! in `src/.f.rs.pending-snap`. Both kinds are "pending".

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::ArgGroup;
use serde::Deserialize;

use crate::cmd::{cargo, project_root, Cmd};
use crate::diff;

#[derive(Debug, clap::Args)]
#[command(group(ArgGroup::new("mode").args(["review", "accept", "check"])))]
pub struct Args {
    /// Run the tests recording new snapshots, then show a diff for each one.
    #[arg(long)]
    review: bool,
    /// Run the tests recording new snapshots, then accept them all
    /// (rename `X.snap.new` to `X.snap`).
    #[arg(long)]
    accept: bool,
    /// Run the tests without writing snapshots and fail if any snapshot is
    /// pending (the default).
    #[arg(long)]
    check: bool,
}

/// `cargo test --workspace` with insta told never to write snapshots, as CI
/// runs it.
pub fn check_test_command() -> Cmd {
    cargo()
        .args(["test", "--workspace"])
        .env("INSTA_UPDATE", "no")
        .env("CI", "true")
        .env_remove("INSTA_FORCE_PASS")
}

/// `cargo test --workspace` with insta told to write every differing
/// snapshot as pending, without failing on them.
fn update_test_command() -> Cmd {
    cargo()
        .args(["test", "--workspace"])
        .env("INSTA_UPDATE", "new")
        .env("INSTA_FORCE_PASS", "1")
}

pub fn run(args: Args) -> Result<()> {
    let root = project_root();
    if !(args.review || args.accept) {
        check_test_command().run()?;
        return ensure_none_pending(root);
    }

    // Stale pending files from an earlier run would be mistaken for results.
    let stale = find_pending(root)?;
    for path in stale.all() {
        fs::remove_file(path).with_context(|| format!("cannot remove {}", path.display()))?;
    }
    if !stale.is_empty() {
        println!(
            "removed {} stale pending snapshot file(s)",
            stale.files.len() + stale.inline.len()
        );
    }
    // With INSTA_FORCE_PASS a failure here is not a snapshot mismatch: report
    // it at the end, after showing or accepting what the tests did write.
    let tests = update_test_command().run();
    if let Err(error) = &tests {
        println!("warning: {error:#}: the pending snapshots may be incomplete");
    }
    let pending = find_pending(root)?;
    if pending.is_empty() {
        println!("no pending snapshots");
    } else if args.review {
        review(root, &pending);
    } else {
        accept(root, &pending)?;
    }
    tests
        .map(drop)
        .context("the tests failed for a reason other than snapshots")
}

/// Pending snapshot files, sorted.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pending {
    /// `*.snap.new` files.
    pub files: Vec<PathBuf>,
    /// `*.pending-snap` files (inline snapshots).
    pub inline: Vec<PathBuf>,
}

impl Pending {
    pub fn is_empty(&self) -> bool {
        self.files.is_empty() && self.inline.is_empty()
    }

    pub fn all(&self) -> impl Iterator<Item = &PathBuf> {
        self.files.iter().chain(&self.inline)
    }
}

/// Finds pending snapshots under `root`, skipping `target` and `.git`.
pub fn find_pending(root: &Path) -> Result<Pending> {
    fn walk(dir: &Path, pending: &mut Pending) -> io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let kind = entry.file_type()?;
            if kind.is_dir() {
                if name != "target" && name != ".git" {
                    walk(&entry.path(), pending)?;
                }
            } else if kind.is_file() {
                if name.ends_with(".snap.new") {
                    pending.files.push(entry.path());
                } else if name.ends_with(".pending-snap") {
                    pending.inline.push(entry.path());
                }
            }
        }
        Ok(())
    }
    let mut pending = Pending::default();
    walk(root, &mut pending).with_context(|| format!("cannot search {}", root.display()))?;
    pending.files.sort();
    pending.inline.sort();
    Ok(pending)
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Fails listing the pending snapshots, if any.
pub fn ensure_none_pending(root: &Path) -> Result<()> {
    let pending = find_pending(root)?;
    if pending.is_empty() {
        println!("no pending snapshots");
        return Ok(());
    }
    let list: Vec<String> = pending.all().map(|p| relative(root, p)).collect();
    bail!(
        "{} pending snapshot file(s):\n  {}\nreview them with `cargo xtask snapshots --review`, \
         then accept them with `cargo xtask snapshots --accept` (or delete them)",
        list.len(),
        list.join("\n  ")
    )
}

/// Splits a snapshot file into its metadata header (between the `---` lines)
/// and its contents. Files without a header are all contents.
fn split_snapshot(text: &str) -> (Option<&str>, &str) {
    let mut lines = text.split_inclusive('\n');
    match lines.next() {
        Some(first) if first.trim_end() == "---" => {
            let header_start = first.len();
            let mut offset = header_start;
            for line in lines {
                let start = offset;
                offset += line.len();
                if line.trim_end() == "---" {
                    return (Some(&text[header_start..start]), &text[offset..]);
                }
            }
            (None, text)
        }
        _ => (None, text),
    }
}

/// A field of a snapshot header (`expression: ...`).
fn header_field<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    header.lines().find_map(|line| {
        line.strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(':'))
            .map(str::trim)
    })
}

/// The text to store as `X.snap`: insta keeps `assertion_line` only in
/// pending files.
fn for_persistence(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_header = false;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let bare = line.trim_end();
        if i == 0 && bare == "---" {
            in_header = true;
        } else if in_header && bare == "---" {
            in_header = false;
        } else if in_header && bare.starts_with("assertion_line:") {
            continue;
        }
        out.push_str(line);
    }
    out
}

fn accepted_path(pending: &Path) -> PathBuf {
    let name = pending.to_string_lossy();
    PathBuf::from(name.strip_suffix(".new").unwrap_or(&name))
}

fn review(root: &Path, pending: &Pending) {
    for path in &pending.files {
        let old_path = accepted_path(path);
        let new_text = fs::read_to_string(path).unwrap_or_default();
        let old_text = fs::read_to_string(&old_path).ok();
        let (header, new_body) = split_snapshot(&new_text);
        println!();
        println!("━━━ {}", relative(root, &old_path));
        if let Some(header) = header {
            for key in ["source", "expression", "input_file"] {
                if let Some(value) = header_field(header, key) {
                    println!("    {key}: {value}");
                }
            }
        }
        let old_body = match &old_text {
            Some(text) => split_snapshot(text).1,
            None => {
                println!("    (new snapshot)");
                ""
            }
        };
        println!("--- {}", relative(root, &old_path));
        println!("+++ {}", relative(root, path));
        let diff = diff::unified(old_body, new_body, 3);
        if diff.is_empty() {
            println!("    (same contents; only the metadata differs)");
        } else {
            print!("{diff}");
        }
    }
    for path in &pending.inline {
        println!();
        review_inline(root, path);
    }
    println!();
    println!(
        "{} pending file snapshot(s), {} file(s) of pending inline snapshots",
        pending.files.len(),
        pending.inline.len()
    );
    if !pending.files.is_empty() {
        println!(
            "accept with `cargo xtask snapshots --accept`, or reject by deleting the .snap.new files"
        );
    }
    if !pending.inline.is_empty() {
        println!(
            "inline snapshots need cargo-insta to be written back into the source: \
             `cargo install cargo-insta`, then `cargo insta test --review`"
        );
    }
}

/// One line of a `.pending-snap` file (the fields used here).
#[derive(Debug, Deserialize)]
struct PendingInline {
    run_id: String,
    line: u32,
    new: Option<InlineSnapshot>,
    old: Option<InlineSnapshot>,
}

#[derive(Debug, Deserialize)]
struct InlineSnapshot {
    snapshot: String,
}

/// The source file a `.f.rs.pending-snap` file belongs to.
fn inline_source(pending: &Path) -> PathBuf {
    let name = pending
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let source = name
        .strip_prefix('.')
        .unwrap_or(&name)
        .strip_suffix(".pending-snap")
        .unwrap_or(&name)
        .to_owned();
    pending.with_file_name(source)
}

/// Parses a `.pending-snap` file, keeping only the last test run's entries.
fn parse_inline(text: &str) -> Result<Vec<PendingInline>> {
    let mut entries: Vec<PendingInline> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()?;
    if let Some(last) = entries.last().map(|e| e.run_id.clone()) {
        entries.retain(|e| e.run_id == last);
    }
    Ok(entries)
}

fn review_inline(root: &Path, path: &Path) {
    let source = relative(root, &inline_source(path));
    let parsed = fs::read_to_string(path)
        .map_err(anyhow::Error::from)
        .and_then(|text| parse_inline(&text));
    match parsed {
        Ok(entries) => {
            for entry in entries {
                println!("━━━ {source}:{} (inline)", entry.line);
                let old = entry.old.map(|s| s.snapshot).unwrap_or_default();
                let new = entry.new.map(|s| s.snapshot).unwrap_or_default();
                print!("{}", diff::unified(&old, &new, 3));
            }
        }
        Err(error) => println!(
            "━━━ {source}: inline snapshots pending in {} ({error:#})",
            relative(root, path)
        ),
    }
}

fn accept(root: &Path, pending: &Pending) -> Result<()> {
    for path in &pending.files {
        let target = accepted_path(path);
        let text =
            fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        fs::write(&target, for_persistence(&text))
            .with_context(|| format!("cannot write {}", target.display()))?;
        fs::remove_file(path).with_context(|| format!("cannot remove {}", path.display()))?;
        accept_companions(path, &target)?;
        println!("accepted {}", relative(root, &target));
    }
    for path in &pending.inline {
        fs::remove_file(path).with_context(|| format!("cannot remove {}", path.display()))?;
        println!(
            "not accepted: inline snapshots of {} (removed {})",
            relative(root, &inline_source(path)),
            relative(root, path)
        );
    }
    println!("accepted {} file snapshot(s)", pending.files.len());
    if !pending.inline.is_empty() {
        bail!(
            "{} file(s) of inline snapshots cannot be accepted without cargo-insta, which \
             rewrites the source: install it (`cargo install cargo-insta`) and run \
             `cargo insta test --review`",
            pending.inline.len()
        );
    }
    Ok(())
}

/// Binary snapshots keep their data next to the metadata file, as
/// `X.snap.new.EXT`: move those to `X.snap.EXT`.
fn accept_companions(pending: &Path, target: &Path) -> Result<()> {
    let (Some(dir), Some(name), Some(target_name)) =
        (pending.parent(), pending.file_name(), target.file_name())
    else {
        return Ok(());
    };
    let prefix = format!("{}.", name.to_string_lossy());
    for entry in fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let entry = entry?;
        let entry_name = entry.file_name().to_string_lossy().into_owned();
        if let Some(extension) = entry_name.strip_prefix(&prefix) {
            let to = dir.join(format!("{}.{extension}", target_name.to_string_lossy()));
            fs::rename(entry.path(), &to)
                .with_context(|| format!("cannot move {} to {}", entry_name, to.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PENDING: &str = "---\nsource: tests/cli.rs\nassertion_line: 42\nexpression: output\n---\nline one\nline two\n";

    #[test]
    fn splits_header_and_contents() {
        let (header, body) = split_snapshot(PENDING);
        assert_eq!(
            header,
            Some("source: tests/cli.rs\nassertion_line: 42\nexpression: output\n")
        );
        assert_eq!(body, "line one\nline two\n");
        assert_eq!(header_field(header.unwrap(), "expression"), Some("output"));
        assert_eq!(header_field(header.unwrap(), "info"), None);
        assert_eq!(split_snapshot("legacy\n---\n"), (None, "legacy\n---\n"));
        assert_eq!(
            split_snapshot("---\nopen header"),
            (None, "---\nopen header")
        );
    }

    #[test]
    fn persistence_drops_the_assertion_line_only_in_the_header() {
        let text = format!("{PENDING}assertion_line: 7 stays in the body\n");
        assert_eq!(
            for_persistence(&text),
            "---\nsource: tests/cli.rs\nexpression: output\n---\nline one\nline two\nassertion_line: 7 stays in the body\n"
        );
        assert_eq!(for_persistence("no header\n"), "no header\n");
    }

    #[test]
    fn paths_of_pending_files() {
        assert_eq!(
            accepted_path(Path::new("tests/snapshots/a__b.snap.new")),
            PathBuf::from("tests/snapshots/a__b.snap")
        );
        assert_eq!(
            inline_source(Path::new("crates/x/src/.lib.rs.pending-snap")),
            PathBuf::from("crates/x/src/lib.rs")
        );
    }

    #[test]
    fn parses_pending_inline_snapshots() {
        let text = concat!(
            r#"{"run_id":"1-1","line":3,"new":{"module_name":"m","snapshot_name":null,"metadata":{},"snapshot":"a"},"old":null}"#,
            "\n",
            r#"{"run_id":"2-5","line":9,"new":{"module_name":"m","snapshot_name":null,"metadata":{},"snapshot":"b\nc"},"old":{"module_name":"m","snapshot_name":null,"metadata":{},"snapshot":"b"}}"#,
            "\n"
        );
        let entries = parse_inline(text).unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].line, 9);
        assert_eq!(entries[0].new.as_ref().unwrap().snapshot, "b\nc");
    }

    #[test]
    fn finds_and_accepts_pending_snapshots() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let snaps = root.join("tests/snapshots");
        fs::create_dir_all(&snaps).unwrap();
        fs::create_dir_all(root.join("target/x")).unwrap();
        fs::create_dir_all(root.join("src")).unwrap();
        fs::write(snaps.join("t__a.snap"), "---\nsource: t.rs\n---\nold\n").unwrap();
        fs::write(snaps.join("t__a.snap.new"), PENDING).unwrap();
        fs::write(snaps.join("t__b.snap.new"), "---\nsource: t.rs\n---\nnew\n").unwrap();
        fs::write(root.join("target/x/ignored.snap.new"), "x").unwrap();
        fs::write(root.join("src/.lib.rs.pending-snap"), "").unwrap();

        let pending = find_pending(root).unwrap();
        assert_eq!(
            pending.files,
            vec![snaps.join("t__a.snap.new"), snaps.join("t__b.snap.new")]
        );
        assert_eq!(pending.inline, vec![root.join("src/.lib.rs.pending-snap")]);
        assert!(ensure_none_pending(root).is_err());

        // The inline snapshot cannot be accepted: an error, after the rest.
        assert!(accept(root, &pending).is_err());
        assert_eq!(
            fs::read_to_string(snaps.join("t__a.snap")).unwrap(),
            "---\nsource: tests/cli.rs\nexpression: output\n---\nline one\nline two\n"
        );
        assert!(snaps.join("t__b.snap").is_file());
        assert!(find_pending(root).unwrap().is_empty());
        assert!(ensure_none_pending(root).is_ok());
    }
}
