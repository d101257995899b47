//! Hostile input through the command line: odd options, position texts,
//! player settings and session lines end with a message and an exit code,
//! never a panic; made-up moves do not panic the libraries. Regression
//! tests of the panic audit (issue 7).

use crate::util::{random_setup, Rng};

fn run(args: &[&str], stdin: &str) -> (u8, String, String) {
    let argv = std::iter::once("tama").chain(args.iter().copied());
    let mut input = stdin.as_bytes();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = tama_cli::run(argv, &mut input, &mut out, &mut err);
    let text = |b: Vec<u8>| String::from_utf8(b).expect("output is UTF-8");
    (code, text(out), text(err))
}

/// The play session's move list put Black's move in a column by
/// subtracting the length of White's row from 14; a large move number
/// made that overflow.
#[test]
fn play_shows_moves_with_large_move_numbers() {
    let (code, out, err) = run(
        &["play", "--color", "both", "--fen", "W:Wa3:Ba6:F99999999"],
        "a3a4\na6a5\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("99999999. a3-a4 a6-a5"), "{out}");
}

/// Player settings the engine takes unchecked are kept in range: a huge
/// table or thread count aborted the process, a huge weight overflowed the
/// evaluation.
#[test]
fn match_settings_out_of_range_are_refused() {
    for (setting, key) in [
        ("full,hash=99999999999999", "hash"),
        ("full,hash=0", "hash"),
        ("full,threads=100000", "threads"),
        ("full,king=2000000000", "king"),
        ("full,man_rank3=-99999", "man_rank3"),
        ("full,tempo=x", "tempo"),
    ] {
        let (code, out, err) = run(&["match", "--games", "2", "--a", setting], "");
        assert_eq!(code, 2, "{setting}: {out}{err}");
        // The option registry's message: the option, the value and the
        // range (`hash=0: out of range 1..=65536`).
        assert!(
            err.starts_with(&format!("error: invalid --a `{setting}`: {key}="))
                && (err.contains(": out of range ")
                    || err.contains(": expected a whole number in ")),
            "{setting}: {err}"
        );
    }
}

#[test]
fn match_settings_in_range_are_taken() {
    let (code, out, err) = run(
        &[
            "match",
            "--games",
            "2",
            "--depth",
            "1",
            "--random-plies",
            "2",
            "--a",
            "full,hash=2,threads=1,king=400,man_rank3=-30",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
}

/// Position texts and rules that are not valid, and valid extremes, in
/// every command that takes them: a one-line error and exit code 2, or a
/// normal run.
#[test]
fn odd_positions_and_rules_in_every_command() {
    let long = format!("W:W{}:B", vec!["a1"; 5000].join(","));
    let fens = [
        "",
        ":",
        "W",
        "W:",
        "W:W:B",
        "X:Wa1:Bh8",
        "W:Wa1,a1:Bh8",
        "W:WKa1:BKa1",
        "W:Wa9:Bh8",
        "W:Wa1:Bh8:F0",
        "W:Wa1:Bh8:F4294967295:H4294967295",
        "W:Wa1:Bh8:F4294967296",
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4:Bh8",
        "W:Wa8:Bh1",
        "B:W:B",
        "W:WKd1:Bd3,d6,b4,f4",
        "W:Wé4:Bh8",
        long.as_str(),
    ];
    let rules = [
        "",
        ",",
        "armenian,",
        "turkish,removal=sideways",
        "=",
        "armenian,promotion=midway",
    ];
    let commands: [&[&str]; 5] = [
        &["show"],
        &["moves", "--json"],
        &["perft", "2", "--divide"],
        &["analyse", "--depth", "2"],
        &["play", "--color", "none", "--depth", "1"],
    ];
    for command in commands {
        for fen in fens {
            for rules in rules {
                let mut args: Vec<&str> = command.to_vec();
                args.extend(["--fen", fen, "--rules", rules]);
                let (code, out, err) = run(&args, "go\ngo\nquit\n");
                assert!(code == 0 || code == 2, "{args:?}: exit {code}\n{out}{err}");
                if code == 2 {
                    assert!(err.starts_with("error: "), "{args:?}: {err}");
                    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
                }
            }
        }
    }
}

/// Session lines that are neither moves nor commands, commands with odd
/// arguments, and commands at the end of the game.
#[test]
fn odd_session_lines() {
    let lines = [
        "",
        "   ",
        "x",
        "a1",
        "z9",
        "a3-",
        "a3a4a5a6a7a8b8c8d8e8f8g8h8h7h6h5h4h3",
        "a3xa5!!??",
        "moves z9",
        "moves a3 b3 c3",
        "level",
        "level 0",
        "level 99999999999999999999",
        "level -1",
        "load",
        "load W:",
        "load W:Wa1:Ba1",
        "load /nonexistent/file.pdn",
        "load W:Wc3:B",
        "hint",
        "eval",
        "go",
        "undo",
        "undo",
        "undo",
        "flip",
        "save /nonexistent/dir/game.pdn",
        "save -",
        "new",
        "draw",
        "hint",
        "resign",
        "resign",
        "draw",
        "undo",
        "c3c4",
        "\u{feff}c3c4",
        "ÿÿÿÿ",
        "help",
    ];
    let script = lines.join("\n");
    for color in ["white", "black", "both", "none"] {
        let (code, out, err) = run(&["play", "--color", color, "--depth", "1"], &script);
        assert_eq!(code, 0, "{color}: {out}{err}");
    }
}

/// Moves made up by a caller (`Move::new` takes any squares and captures)
/// go through every function that takes a move without a panic: the
/// checked ones refuse them, the others give some answer.
#[test]
fn made_up_moves_do_not_panic() {
    use tama_core::{Bitboard, Game, Move, Rules, Square};
    use tama_notation::movetext::{write_move, MoveText};

    let mut rng = Rng::new(0xbad_c0de);
    let square = |rng: &mut Rng| Square::new(rng.below(64) as u8).expect("below 64");
    for rules in Rules::all_move_combinations() {
        for _ in 0..6 {
            let pos = random_setup(&mut rng, 12, 40);
            let legal = pos.legal_moves(&rules);
            for _ in 0..20 {
                let captures = match rng.below(4) {
                    0 => Bitboard::EMPTY,
                    1 => Bitboard(rng.next_u64()),
                    2 => pos.pieces(pos.turn().opponent()),
                    _ => Bitboard(1 << rng.below(64)),
                };
                let from = if rng.chance(50) {
                    pos.pieces(pos.turn())
                        .into_iter()
                        .nth(rng.below(16))
                        .unwrap_or(Square::A1)
                } else {
                    square(&mut rng)
                };
                let mv = Move::new(from, square(&mut rng), captures, rng.chance(30));
                let is_legal = pos.is_legal(&rules, &mv);
                assert_eq!(is_legal, legal.contains(&mv));
                assert_eq!(pos.play(&rules, &mv).is_ok(), is_legal);
                let mut game = Game::from_position(rules, pos);
                assert_eq!(game.play(&mv).is_ok(), is_legal);
                let _ = pos.path(&rules, &mv);
                let _ = pos.paths(&rules, &mv);
                let _ = pos.is_reversible(&mv);
                let _ = pos.play_unchecked(&mv).legal_moves(&rules);
                let text = write_move(&pos, &rules, &mv);
                let _ = MoveText::from_move(&pos, &rules, &mv);
                let _ = text.parse::<MoveText>().map(|t| t.resolve(&pos, &rules));
                let _ = tama_notation::move_json(&pos, &rules, &mv);
            }
        }
    }
}
