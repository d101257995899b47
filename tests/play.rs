//! `tama play`, `tama show` and `tama match` driven in-process: scripted
//! play sessions through standard input (fixed depth, so the engine's
//! replies are the same every time), board and SVG snapshots, a small
//! match.

use std::path::Path;

use serde_json::Value;
use tama_core::Position;
use tama_notation::movetext::write_move;
use tama_notation::pdn::{GameResult, PdnGame, PdnReader};

use crate::cli::{tama, tama_with_input};

fn read_games(path: &Path) -> Vec<PdnGame> {
    let text = std::fs::read_to_string(path).expect("the file was written");
    PdnReader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("saved PDN reads back ({e}):\n{text}"))
}

/// The canonical move texts of a game's main line.
fn move_texts(game: &PdnGame) -> Vec<String> {
    let mut pos: Position = *game.start();
    game.moves()
        .map(|mv| {
            let text = write_move(&pos, game.rules(), &mv);
            pos = pos.play_unchecked(&mv);
            text
        })
        .collect()
}

/// Snapshots of `play` transcripts without the engine's evaluations and
/// principal variations (`eval +0.13; line …`, hints, `Evaluation: …`, the
/// evaluation behind a draw decision): a change of evaluation that keeps
/// the engine's moves leaves the snapshots as they are. (The moves stay:
/// the boards show them.)
fn assert_transcript(name: &str, transcript: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"eval [^;)]+", "eval [eval]");
    settings.add_filter(r"; line [^)\n]*\)", "; line [line])");
    settings.add_filter(r"(Hint|Evaluation): .*", "$1: [engine]");
    settings.add_filter(r"its evaluation: [^)\n]*", "its evaluation: [eval]");
    settings.bind(|| insta::assert_snapshot!(name, transcript));
}

#[test]
fn scripted_session_against_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.pdn");
    let script = format!(
        "c3c4\n\
         c4c6\n\
         C4 D4\n\
         moves d4\n\
         e3-e4\n\
         moves\n\
         undo\n\
         f3f4\n\
         frobnicate\n\
         history\n\
         save {}\n\
         quit\n\
         c3c4\n",
        file.display()
    );
    let (code, out, err) = tama_with_input(&["play", "--depth", "2"], &script);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    let transcript = out.replace(&file.display().to_string(), "<FILE>");
    assert_transcript("scripted_session_against_the_engine", &transcript);

    // The saved game reads back with the moves left after `undo`: the
    // ones `history` listed just before.
    let games = read_games(&file);
    assert_eq!(games.len(), 1);
    let game = &games[0];
    let moves = move_texts(game);
    assert_eq!(moves.len(), 6);
    assert_eq!(
        [&moves[0], &moves[2], &moves[4]],
        ["c3-c4", "c4-d4", "f3-f4"]
    );
    let numbered: Vec<String> = moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
        .collect();
    let history = out
        .split("White> history\n")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .expect("history was printed");
    assert_eq!(history, numbered.join(" "));
    assert_eq!(game.tag("White").as_deref(), Some("Human"));
    assert_eq!(game.tag("Black").as_deref(), Some("tama depth 2"));
    assert_eq!(game.tag("Event").as_deref(), Some("tama play"));
    assert_eq!(game.result(), GameResult::Unknown);
}

#[test]
fn scripted_session_as_black_with_a_capture_and_resignation() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("resigned.pdn");
    let script = format!(
        "d1-d3\n\
         d1xd4xb4xb2xf2\n\
         draw\n\
         resign\n\
         g7g6\n\
         save {}\n",
        file.display()
    );
    let (code, out, err) = tama_with_input(
        &[
            "play",
            "--color",
            "black",
            "--depth",
            "2",
            "--fen",
            "B:Wd2,c4,b3,c2,Kh1:BKd1,g7",
        ],
        &script,
    );
    assert_eq!(code, 0, "{err}");
    let transcript = out.replace(&file.display().to_string(), "<FILE>");
    assert_transcript(
        "scripted_session_as_black_with_a_capture_and_resignation",
        &transcript,
    );
    let game = &read_games(&file)[0];
    assert_eq!(move_texts(game)[0], "d1xf2");
    assert_eq!(move_texts(game).len(), 2);
    assert_eq!(game.result(), GameResult::WhiteWins);
    assert_eq!(
        game.tag("FEN").as_deref(),
        Some("B:WKh1,c2,d2,b3,c4:BKd1,g7")
    );
}

#[test]
fn two_people_agree_undo_and_resign() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("both.pdn");
    let script = format!(
        "c3c4\nb6b5\ndraw\nc4c5\nundo\nresign\nsave {0}\nnew\nhistory\nload {0}\nhistory\n",
        file.display()
    );
    let (code, out, _) = tama_with_input(&["play", "--color", "both"], &script);
    assert_eq!(code, 0);
    assert!(
        out.contains("Game over (1/2-1/2): Draw by agreement."),
        "{out}"
    );
    assert!(out.contains("The game is over (agreement)"), "{out}");
    assert!(out.contains("Took back b6-b5."), "{out}");
    assert!(
        out.contains("Game over (1-0): Black resigns; White wins."),
        "{out}"
    );
    assert!(out.contains("history\nNo moves yet."), "{out}");
    assert!(
        out.contains("Loaded a game of 1 move, result 1-0."),
        "{out}"
    );
    assert!(out.ends_with("history\n1. c3-c4\nBlack> \n"), "{out}");
    let game = &read_games(&file)[0];
    assert_eq!(move_texts(game), ["c3-c4"]);
    assert_eq!(game.result(), GameResult::WhiteWins);
    assert_eq!(game.tag("White").as_deref(), Some("White"));
}

#[test]
fn engine_against_itself_announces_the_end() {
    // The white king takes the last black man: Black has no move left.
    let (code, out, _) = tama_with_input(
        &[
            "play",
            "--color",
            "none",
            "--depth",
            "1",
            "--fen",
            "W:WKd1,a2:Bd3",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("tama plays itself at depth 1"), "{out}");
    assert!(out.contains("tama (White) plays d1x"), "{out}");
    assert!(
        out.contains("Game over (1-0): Black has no legal move; White wins."),
        "{out}"
    );
    // End of input after the game: a clean exit on a fresh line.
    assert!(out.ends_with("game over> \n"), "{out}");
}

#[test]
fn session_commands_load_level_flip() {
    let script = "level 3\nlevel 11\nload W:Wc3:Bc6\nfen\nflip\nload /nonexistent/x.pdn\nhint\n";
    let (code, out, _) = tama_with_input(&["play", "--color", "both"], script);
    assert_eq!(code, 0);
    assert!(
        out.contains("Level 3: depth 3, at most 150 ms per move."),
        "{out}"
    );
    assert!(out.contains("Usage: level N, with N from 1"), "{out}");
    assert!(out.contains("Loaded the position."), "{out}");
    assert!(out.contains("fen\nW:Wc3:Bc6\n"), "{out}");
    // Flipped: rank 1 on top, files from h to a.
    assert!(out.contains("flip\n\n    h g f e d c b a\n"), "{out}");
    assert!(
        out.contains("Cannot load: cannot read /nonexistent/x.pdn"),
        "{out}"
    );
    assert!(out.contains("Hint: c3-"), "{out}");
}

#[test]
fn play_rejects_bad_options_on_one_line() {
    for args in [
        &["play", "--fen", "W:Wz9"][..],
        &["play", "--rules", "chess"][..],
    ] {
        let (code, out, err) = tama_with_input(args, "quit\n");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (code, _, err) = tama(&["play", "--level", "11"]);
    assert_eq!(code, 2);
    assert!(err.contains("11"), "{err}");
    let (code, _, _) = tama(&["play", "--level", "3", "--depth", "2"]);
    assert_eq!(code, 2);
}

#[test]
fn play_help() {
    let (code, out, _) = tama(&["play", "--help"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
}

#[test]
fn show_flipped_ascii_board() {
    let (code, out, _) = tama(&["show", "--fen", "B:Wd2,c4,b3,c2,Kh1:BKd1,g7", "--flip"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
}

#[test]
fn show_unicode_without_a_terminal_has_no_colour() {
    let (code, out, _) = tama(&["show", "--unicode", "--fen", "W:WKa1,d6:Bd7,Kh8"]);
    assert_eq!(code, 0);
    assert!(out.contains("8 │ · · · · · · · ◉ │ 8"), "{out}");
    assert!(out.contains("1 │ ◎ · · · · · · · │ 1"), "{out}");
    assert!(!out.contains('\x1b'), "{out}");
}

#[test]
fn show_json() {
    let (code, out, _) = tama(&["show", "--fen", "W:WKa1,d6:Bd7,Kh8", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["fen"], "W:WKa1,d6:Bd7,Kh8");
    assert_eq!(v["turn"], "white");
    assert_eq!(v["board"][0], ".......B");
    assert_eq!(v["board"][7], "W.......");
}

#[test]
fn show_svg_with_an_arrow() {
    let (code, svg, err) = tama(&[
        "show",
        "--fen",
        "B:Wd2,c4,b3,c2,Kh1:BKd1,g7",
        "--svg",
        "-",
        "--arrow",
        "d1xd4xb4xb2xf2",
    ]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(svg);
}

#[test]
fn show_svg_writes_a_file_and_checks_arrows() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.svg");
    let file_arg = file.display().to_string();
    let (code, out, _) = tama(&["show", "--svg", &file_arg, "--flip", "--arrow", "c3-c4"]);
    assert_eq!(code, 0);
    assert!(out.is_empty());
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<polyline"));
    let (code, _, err) = tama(&["show", "--svg", &file_arg, "--arrow", "c3-c5"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: invalid --arrow: illegal move c3-c5: c3 can move to c4, d4, b4\n"
    );
    let (code, _, _) = tama(&["show", "--arrow", "c3-c4"]);
    assert_eq!(code, 2, "--arrow needs --svg");
}

#[test]
fn small_match_with_json_and_pdn() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.pdn");
    let file_arg = file.display().to_string();
    let (code, out, err) = tama(&[
        "match",
        "--games",
        "2",
        "--depth",
        "1",
        "--random-plies",
        "2",
        "--b",
        "full,-eval,depth=2",
        "--max-plies",
        "60",
        "--json",
        "--pdn",
        &file_arg,
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["a"], "full depth 1");
    assert_eq!(v["b"], "full,-eval depth 2");
    assert_eq!(v["games"], 2);
    let sum =
        v["wins"].as_u64().unwrap() + v["draws"].as_u64().unwrap() + v["losses"].as_u64().unwrap();
    assert_eq!(sum, 2);
    assert!(v["elo"]["elo"].is_number(), "{v}");
    assert_eq!(v["pentanomial"].as_array().unwrap().len(), 5);
    let games = read_games(&file);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("White").as_deref(), Some("full depth 1"));
    assert_eq!(games[1].tag("White").as_deref(), Some("full,-eval depth 2"));
    assert!(games.iter().all(|g| g.result() != GameResult::Unknown));
    // Both games start from the same opening.
    let opening = |g: &PdnGame| move_texts(g)[..2].to_vec();
    assert_eq!(opening(&games[0]), opening(&games[1]));
    for g in &games {
        // The opening's end is marked, and each record reads back as a
        // finished game with the same result (an adjudication through its
        // Termination tag).
        assert_eq!(
            g.main_line().nodes()[1].comments_after(),
            ["end of opening"]
        );
        let game = g.to_game().expect("a match game reads back");
        let outcome = game.outcome().expect("finished");
        assert_eq!(GameResult::from_outcome(outcome), g.result());
    }
}

#[test]
fn match_text_summary_and_bad_settings() {
    let (code, out, err) = tama(&["match", "--games", "2", "--depth", "1", "--max-plies", "40"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("A: full depth 1 (A)\nB: full depth 1 (B)\n2 games"),
        "{out}"
    );
    assert!(out.contains("Elo difference A - B: "), "{out}");
    let (code, _, err) = tama(&["match", "--b", "full,-wings"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: invalid --b `full,-wings`: unknown switch `wings`\n"
    );
}

#[test]
fn match_reads_openings_files() {
    let dir = tempfile::tempdir().unwrap();
    let fens = dir.path().join("openings.fen");
    std::fs::write(
        &fens,
        "# two positions\nW:Wc3,d3,e3:Bc6,d6,e6\nB:Wc3,d3:Bc6,d6\n",
    )
    .unwrap();
    let pdn = dir.path().join("openings.pdn");
    std::fs::write(&pdn, "1. c3-c4 b6-c5 *\n\n1. h3-h4 *\n").unwrap();
    for (file, games) in [(&fens, 4), (&pdn, 4)] {
        let file = file.display().to_string();
        let (code, out, err) = tama(&[
            "match",
            "--openings",
            &file,
            "--depth",
            "1",
            "--max-plies",
            "40",
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["games"], games, "{file}");
    }
    let (code, _, err) = tama(&["match", "--openings", "/nonexistent/o.pdn"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: cannot read /nonexistent/o.pdn"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    std::fs::write(&pdn, "1. c3-c5 *\n").unwrap();
    let (code, _, err) = tama(&["match", "--openings", &pdn.display().to_string()]);
    assert_eq!(code, 2);
    assert!(err.contains("openings.pdn:1:"), "{err}");
}

#[test]
fn the_engine_weighs_a_draw_offer() {
    // Move 30 of a level game: the engine accepts.
    let (code, out, _) = tama_with_input(
        &["play", "--depth", "2", "--fen", "W:Wa3,b3:Ba6,b6:F30"],
        "draw\nhistory\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("tama accepts the draw"), "{out}");
    assert!(
        out.contains("Game over (1/2-1/2): Draw by agreement."),
        "{out}"
    );
    // A man against four: it plays on.
    let (_, out, _) = tama_with_input(
        &["play", "--depth", "2", "--fen", "W:Wa3:Ba6,b6,c6,d6:F30"],
        "draw\na3a4\nhistory\n",
    );
    assert!(
        out.contains("tama declines the draw (its evaluation: -"),
        "{out}"
    );
    assert!(out.contains("history\n30. a3-a4 "), "{out}");
}

/// An engine with a single legal move plays it without searching and
/// says so (the scripted sessions above no longer reach such a move with
/// every set of embedded weights).
#[test]
fn the_engine_announces_its_only_move() {
    let fen = "W:Wd4:Bd5,h8";
    let args = ["play", "--color", "black", "--depth", "2", "--fen", fen];
    let (code, out, err) = tama_with_input(&args, "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("tama plays d4xd6  (the only move)"), "{out}");
}

/// The engine's move lines (`tama plays …`) of a transcript.
fn engine_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("tama plays"))
        .collect()
}

/// `--ponder`: after its move the engine thinks about the reply its line
/// expects; when the person plays it, that search gives the move (and
/// says so); another reply is searched as usual.
#[test]
fn the_engine_ponders_on_the_persons_time() {
    // Searches, not the book's moves of the first plies.
    let args = ["play", "--depth", "4", "--ponder", "--book", "off"];
    let (code, out, err) = tama_with_input(&args, "c3c4\nquit\n");
    assert_eq!(code, 0, "{err}");
    // `tama plays b6-a5  (depth 4, eval …; line b6-a5 d2-c3 …)`
    let first = engine_lines(&out)[0];
    let line = first.split("line ").nth(1).expect("a line");
    let expected = line.split_whitespace().nth(1).expect("an expected reply");
    let other = ["d2c3", "e3e4", "g3h4"]
        .into_iter()
        .find(|m| m.replace('-', "") != expected.replace('-', ""))
        .unwrap();

    let (code, hit, err) = tama_with_input(&args, &format!("c3c4\n{expected}\nquit\n"));
    assert_eq!(code, 0, "{err}");
    let hit = engine_lines(&hit);
    assert!(hit[1].ends_with("; thought on your time)"), "{hit:?}");
    let (code, miss, err) = tama_with_input(&args, &format!("c3c4\n{other}\nquit\n"));
    assert_eq!(code, 0, "{err}");
    let miss = engine_lines(&miss);
    assert_eq!(miss.len(), 2, "{miss:?}");
    assert!(!miss[1].contains("your time"), "{miss:?}");

    // The pondered move is the one the engine finds without pondering.
    let plain = ["play", "--depth", "4", "--book", "off"];
    let (_, again, _) = tama_with_input(&plain, &format!("c3c4\n{expected}\nquit\n"));
    let word = |l: &str| l.split_whitespace().nth(2).unwrap().to_string();
    assert_eq!(word(hit[1]), word(engine_lines(&again)[1]));
}

/// The engine plays from its built-in book by default (a book move says
/// so, and is one of the book's best within the margin), and searches
/// with `--book off`; a file that is no book is refused by name.
#[test]
fn the_engine_plays_its_book_moves() {
    use tama_core::{Preset, Rules};
    let book = tama_search::book::embedded::embedded(Preset::Armenian).expect("a built-in book");
    let moves = book.moves(&Position::start(), &Rules::ARMENIAN);
    let best = moves[0].value.raw();
    let near: Vec<String> = moves
        .iter()
        .filter(|m| best - m.value.raw() <= 10)
        .map(|m| write_move(&Position::start(), &Rules::ARMENIAN, &m.mv))
        .collect();
    assert!(!near.is_empty());
    for _ in 0..3 {
        let (code, out, err) = tama_with_input(&["play", "--color", "black"], "quit\n");
        assert_eq!(code, 0, "{err}");
        let first = engine_lines(&out)[0];
        assert!(first.contains("(book, eval "), "{first}");
        let mv = first.split_whitespace().nth(2).unwrap();
        assert!(near.iter().any(|m| m == mv), "{mv} not in {near:?}");
    }
    let (code, out, err) = tama_with_input(
        &["play", "--color", "black", "--book", "off", "--depth", "3"],
        "quit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(engine_lines(&out)[0].contains("(depth 3, "), "{out}");
    let not_a_book = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let (code, _, err) = tama_with_input(&["play", "--book", not_a_book], "quit\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("Cargo.toml") && err.contains("not a book file"),
        "{err}"
    );
}
