//! `tama book` and the book in `tama analyse`, driven in-process.

use serde_json::Value;

use crate::cli::tama;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The arguments of `tama book build` of a tiny turkish book to `out` (a
/// few positions at 300 nodes).
fn build_args(out: &str) -> Vec<&str> {
    vec![
        "book",
        "build",
        "--rules",
        "turkish",
        "--out",
        out,
        "--positions",
        "6",
        "--nodes",
        "300",
        "--batch",
        "2",
    ]
}

/// Builds a tiny turkish book in `dir` ([`build_args`]).
fn build(dir: &std::path::Path, name: &str, extra: &[&str]) -> String {
    let out = dir.join(name).display().to_string();
    let mut args = build_args(&out);
    args.extend_from_slice(extra);
    if !extra.contains(&"--threads") {
        args.extend_from_slice(&["--threads", "2"]);
    }
    let (code, stdout, err) = tama(&args);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("entries written to"), "{stdout}");
    out
}

#[test]
fn ctrl_c_saves_the_build_and_the_same_command_goes_on_to_the_same_book() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.tbk");
    let path = out.display().to_string();
    let mut args = vec!["tama"];
    args.extend(build_args(&path));
    args.extend(["--threads", "1"]);
    // Ctrl-C pressed before the first batch: the root's search is saved.
    let stop = std::sync::atomic::AtomicBool::new(true);
    let mut input: &[u8] = b"";
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut io = tama_cli::io::Io::new(&mut input, &mut stdout, &mut stderr)
        .with_interrupt(tama_cli::interrupt::Interrupt::Flag(&stop));
    let code = tama_cli::run_with(&args, &mut io);
    let err = String::from_utf8(stderr).unwrap();
    assert_eq!(code, tama_cli::interrupt::EXIT_INTERRUPTED, "{err}");
    assert!(
        err.ends_with(&format!(
            "stopped: 1 of 6 positions, saved in {path}.state; the same command goes on from there\n"
        )),
        "{err}"
    );
    assert!(stdout.is_empty());
    assert!(!out.exists(), "no book file before the target");
    assert!(dir.path().join("t.tbk.state").exists());
    // The same command goes on, and its book is the one an uninterrupted
    // build makes.
    let (code, _, err) = tama(&args[1..]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("(resumed)"), "{err}");
    let other = tempfile::tempdir().unwrap();
    let whole = build(other.path(), "t.tbk", &["--threads", "1"]);
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(whole).unwrap());
}

#[test]
fn build_probe_stats_and_analyse_a_book() {
    let dir = tempfile::tempdir().unwrap();
    let book = build(dir.path(), "t.tbk", &[]);
    let first = std::fs::read(&book).unwrap();
    // The same command again resumes the finished state: the same bytes.
    build(dir.path(), "t.tbk", &["--threads", "1"]);
    assert_eq!(std::fs::read(&book).unwrap(), first);

    let (code, out, err) = tama(&["book", "probe", "--book", &book, "--rules", "turkish"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines().count() >= 1 && out.lines().all(|l| l.starts_with("book ")),
        "{out}"
    );
    let (code, out, _) = tama(&[
        "book", "probe", "--book", &book, "--rules", "turkish", "--json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert!(
            m["move"]["move"].is_string() && m["value"]["cm"].is_i64(),
            "{m}"
        );
        assert!(
            m["weight"].as_u64().unwrap() >= 1 && m["leaf"].is_boolean(),
            "{m}"
        );
    }
    // Out of the book: no moves.
    let fen = "W:Wa3,c3:Bb6,h6";
    let (code, out, _) = tama(&[
        "book", "probe", "--book", &book, "--rules", "turkish", "--fen", fen,
    ]);
    assert_eq!((code, out.as_str()), (0, "no book moves\n"));

    let (code, out, _) = tama(&["book", "stats", "--book", &book, "--json"]);
    assert_eq!(code, 0);
    let s = json(&out);
    assert_eq!(s["rules"], "turkish");
    assert!(s["positions"].as_u64().unwrap() >= 6, "{s}");
    assert!(s["max_depth"].as_u64().unwrap() >= 1, "{s}");
    let (code, out, _) = tama(&["book", "stats", "--book", &book]);
    assert_eq!(code, 0);
    assert!(
        out.contains("max depth") && out.contains("entries"),
        "{out}"
    );

    // analyse: the book line first, then the search.
    let (code, out, err) = tama(&[
        "analyse", "--rules", "turkish", "--book", &book, "--depth", "2", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Value> = out.lines().map(json).collect();
    assert_eq!(lines[0]["type"], "book");
    assert_eq!(lines[0]["moves"], v["moves"]);
    assert_eq!(lines.last().unwrap()["type"], "bestmove");
    let (code, out, _) = tama(&[
        "analyse", "--rules", "turkish", "--book", &book, "--depth", "2",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("book ") && out.contains("bestmove"),
        "{out}"
    );
    // Another preset's book is refused, naming the file.
    let (code, _, err) = tama(&[
        "analyse", "--rules", "armenian", "--book", &book, "--depth", "1",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("book is for turkish rules, not armenian (at byte 10)"),
        "{err}"
    );
}

#[test]
fn a_damaged_book_is_refused_with_its_problem_and_offset() {
    let dir = tempfile::tempdir().unwrap();
    let book = build(dir.path(), "t.tbk", &[]);
    let good = std::fs::read(&book).unwrap();
    let bad = dir.path().join("bad.tbk");
    let cases: Vec<(Vec<u8>, String)> = vec![
        (
            [b"NOTABOOK".as_slice(), &good[8..]].concat(),
            "no TAMABOOK magic) (at byte 0)".into(),
        ),
        (
            good[..good.len() - 1].to_vec(),
            format!("truncated: {} bytes", good.len() - 1),
        ),
        (
            {
                let mut b = good.clone();
                b[8] = 9;
                b
            },
            "version 9, this program reads version 1 (at byte 8)".into(),
        ),
        (
            {
                let mut b = good.clone();
                b[30] ^= 1;
                b
            },
            format!(
                "checksum mismatch (the file is damaged) (at byte {})",
                good.len() - 8
            ),
        ),
    ];
    for (bytes, message) in cases {
        std::fs::write(&bad, bytes).unwrap();
        let path = bad.display().to_string();
        let (code, _, err) = tama(&["book", "stats", "--book", &path]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(&path) && err.contains(&message),
            "{message}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // No book for the rules (no preset: none is built in).
    let (code, _, err) = tama(&["book", "probe", "--rules", "armenian,removal=end-of-move"]);
    assert_eq!(code, 2);
    assert!(err.contains("no book"), "{err}");
    // A state file of other settings.
    let path = dir.path().join("t.tbk").display().to_string();
    let (code, _, err) = tama(&[
        "book", "build", "--rules", "turkish", "--out", &path, "--nodes", "301",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("other settings"), "{err}");
    let (code, _, err) = tama(&["book", "build", "--rules", "russian", "--out", &path]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn shards_build_parts_of_the_root_and_merge() {
    let dir = tempfile::tempdir().unwrap();
    let a = build(dir.path(), "s0.tbk", &["--shard", "0/2"]);
    let b = build(dir.path(), "s1.tbk", &["--shard", "1/2"]);
    let merged = dir.path().join("m.tbk").display().to_string();
    let (code, out, err) = tama(&["book", "merge", "--out", &merged, &a, &b]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("from 2 books"), "{out}");
    let root = |book: &str| {
        let (_, out, _) = tama(&[
            "book", "probe", "--book", book, "--rules", "turkish", "--json",
        ]);
        json(&out)["moves"].as_array().unwrap().len()
    };
    assert_eq!(root(&merged), root(&a) + root(&b));
    let (code, _, err) = tama(&[
        "book", "build", "--rules", "turkish", "--out", &merged, "--shard", "2/2",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid --shard"), "{err}");
}
