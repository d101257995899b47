//! `--egtb DIR` on `analyse`, `play` and `match`: the engine uses the
//! tables, reports their scores, and a directory without tables is one
//! clear error.

use std::path::Path;
use std::sync::OnceLock;

use serde_json::Value;
use tama_core::Rules;
use tama_egtb::{generate, GenOptions, Plan};

use crate::cli::{tama, tama_with_input};

/// Turkish tables of up to three pieces, made once for this module.
fn tables() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let opts = GenOptions {
            threads: 2,
            ..GenOptions::default()
        };
        generate(dir.path(), &Rules::TURKISH, &Plan::new(3), None, &opts).expect("tables");
        dir
    })
    .path()
}

fn last_json(out: &str) -> Value {
    let line = out.lines().last().expect("output");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
}

/// Two kings against one in the middle of the board.
const TWO_KINGS: &str = "W:WKd4,Ke5:BKa8";

#[test]
fn analyse_reports_table_scores() {
    let dir = tables().to_str().expect("utf-8 path");
    let args = [
        "analyse", "--fen", TWO_KINGS, "--rules", "turkish", "--depth", "4", "--json", "--egtb",
        dir,
    ];
    let (code, out, err) = tama(&args);
    assert_eq!(code, 0, "{err}");
    let best = last_json(&out);
    assert_eq!(best["type"], "bestmove");
    let tb = best["tb"].as_str().expect("a table value");
    // The root's values come from the distance tables.
    assert_eq!(best["tbkind"], "distance", "{best}");
    assert!(["win", "draw", "loss"].contains(&tb), "{best}");
    // The score agrees with the table's value.
    match tb {
        "win" => assert!(best["score"]["win"].is_u64(), "{best}"),
        "loss" => assert!(best["score"]["loss"].is_u64(), "{best}"),
        _ => assert_eq!(best["score"]["cm"], 0, "{best}"),
    }
    // Without tables the same search reports no table value.
    let (code, out, err) = tama(&args[..args.len() - 2]);
    assert_eq!(code, 0, "{err}");
    assert!(last_json(&out).get("tb").is_none(), "{out}");
}

/// `--egtb` loads every win/draw/loss table at startup and says so on
/// stderr, with the count, the time and the memory.
#[test]
fn the_win_draw_loss_tables_are_loaded_at_startup() {
    let dir = tables().to_str().expect("utf-8 path");
    let wdl_files = std::fs::read_dir(tables().join("turkish"))
        .expect("list")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "wdl"))
        })
        .count();
    assert!(wdl_files > 0);
    for rules in [&["--rules", "turkish"][..], &[]] {
        let mut args = vec!["analyse", "--fen", TWO_KINGS, "--depth", "1", "--egtb", dir];
        args.extend_from_slice(rules);
        let (code, _, err) = tama(&args);
        if rules.is_empty() {
            // Armenian, which these tables do not cover: refused before
            // anything is loaded.
            assert_eq!(code, 2, "{err}");
            assert!(!err.contains("loaded"), "{err}");
            continue;
        }
        assert_eq!(code, 0, "{err}");
        let line = err.lines().next().expect("a line on stderr");
        assert!(
            line.starts_with(&format!(
                "tables {dir}: {wdl_files} win/draw/loss tables loaded in "
            )) && line.ends_with(" MB in memory)"),
            "{err}"
        );
    }
}

#[test]
fn the_text_output_names_the_table_value() {
    let dir = tables().to_str().expect("utf-8 path");
    let (code, out, err) = tama(&[
        "analyse", "--fen", TWO_KINGS, "--rules", "turkish", "--depth", "2", "--egtb", dir,
    ]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().expect("bestmove line");
    assert!(last.starts_with("bestmove "), "{out}");
    assert!(last.contains("(tables: "), "{out}");
}

#[test]
fn a_directory_without_tables_is_bad_input() {
    let empty = tempfile::tempdir().expect("temp dir");
    let dir = empty.path().to_str().expect("utf-8 path");
    let (code, out, err) = tama(&["analyse", "--depth", "1", "--egtb", dir]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no tablebase files for the rules `armenian`"),
        "{err}"
    );
    // Tables of other rules do not count either.
    let dir = tables().to_str().expect("utf-8 path");
    let (code, _, err) = tama(&["analyse", "--depth", "1", "--egtb", dir]);
    assert_eq!(code, 2);
    assert!(err.contains(dir), "{err}");
    let (code, _, err) = tama(&["analyse", "--depth", "1", "--egtb", "/nonexistent/tables"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/tables"), "{err}");
}

#[test]
fn play_and_match_take_the_tables() {
    let dir = tables().to_str().expect("utf-8 path");
    // The engine plays both sides of a covered ending until it is over.
    let (code, out, err) = tama_with_input(
        &[
            "play", "--fen", TWO_KINGS, "--rules", "turkish", "--color", "none", "--depth", "2",
            "--egtb", dir,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wins") || out.contains("Draw"), "{out}");

    // One engine with tables, one without; `-egtb` takes them away.
    let (code, out, err) = tama(&[
        "match",
        "--a",
        "full",
        "--b",
        "full,-egtb",
        "--rules",
        "turkish",
        "--games",
        "2",
        "--depth",
        "1",
        "--random-plies",
        "0",
        "--egtb",
        dir,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let summary: Value = serde_json::from_str(out.trim()).expect("json summary");
    assert_eq!(summary["games"], 2, "{summary}");
    let (code, _, err) = tama(&[
        "match",
        "--b",
        "full,egtb=/nonexistent/tables",
        "--games",
        "2",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/tables"), "{err}");
}

/// The strength-match setting: endgames of a few pieces, no adjudication,
/// one player with tables. Every game ends by the rules or as a draw at
/// the ply limit (never a material adjudication), and `--endgames`
/// refuses a second source of openings.
#[test]
fn a_match_from_endgames_without_adjudication() {
    let dir = tables().to_str().expect("utf-8 path");
    let egtb = format!("full,egtb={dir}");
    let (code, out, err) = tama(&[
        "match",
        "--a",
        &egtb,
        "--b",
        "full",
        "--rules",
        "turkish",
        "--endgames",
        "5",
        "--games",
        "4",
        "--depth",
        "2",
        "--no-adjudication",
        "--max-plies",
        "150",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let summary: Value = serde_json::from_str(out.trim()).expect("json summary");
    assert_eq!(summary["games"], 4, "{summary}");
    let endings = summary["endings"].as_object().expect("endings");
    let total: u64 = endings.values().filter_map(Value::as_u64).sum();
    assert_eq!(total, 4, "{summary}");
    let limit = summary["endings"]["adjudication"].as_u64().unwrap_or(0);
    let decisive = summary["wins"].as_u64().unwrap_or(0) + summary["losses"].as_u64().unwrap_or(0);
    // Adjudicated games are draws here.
    assert!(limit <= summary["draws"].as_u64().unwrap_or(0), "{summary}");
    assert!(decisive + limit <= 4, "{summary}");
    let (code, _, err) = tama(&["match", "--endgames", "5", "--openings", "x.fen"]);
    assert_eq!(code, 2);
    assert!(err.contains("--endgames"), "{err}");
}

#[test]
fn tactics_needs_tables_of_four_pieces() {
    let dir = tables().join("turkish");
    let dir = dir.to_str().unwrap();
    let (code, out, err) = tama(&["tactics", "--dir", dir, "--rules", "turkish"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("no tables of 4 or more pieces"), "{err}");
    let (code, _, err) = tama(&["tactics", "--dir", dir, "--rules", "nonsense"]);
    assert_eq!(code, 2);
    assert!(err.contains("--rules"), "{err}");
    // An empty directory holds no table of four pieces; a missing one is
    // bad input.
    let empty = tempfile::tempdir().expect("temp dir");
    let missing = empty.path().join("missing");
    for (dir, expected) in [(empty.path(), 1), (missing.as_path(), 2)] {
        let dir = dir.to_str().unwrap();
        let (code, _, err) = tama(&["tactics", "--dir", dir, "--rules", "turkish"]);
        assert_eq!(code, expected, "{err}");
    }
}
