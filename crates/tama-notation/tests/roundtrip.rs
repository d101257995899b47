//! Property tests: every legal move of every position reached in random
//! games (and in random positions full of kings) is written, read back and
//! resolved to the same move; positions and rules texts round-trip; no
//! input makes a reader panic.

use proptest::prelude::*;
use tama_core::{
    Color, KingReversal, Move, Piece, Position, Promotion, Removal, Role, Rules, Setup, Square,
};
use tama_notation::{
    move_json, parse_fen, parse_move, parse_rules, write_fen, write_move, write_rules, Fen,
    MoveText, ParseMoveError, ResolveError,
};

use tama_test_support::Rng;

/// The three presets and every combination of the move switches.
fn rule_sets() -> Vec<Rules> {
    let mut v = vec![Rules::ARMENIAN, Rules::TURKISH, Rules::ARMENIAN_ORTHOGONAL];
    v.extend(Rules::all_move_combinations());
    v
}

#[derive(Default)]
struct Stats {
    positions: usize,
    moves: usize,
    captures: usize,
    long_texts: usize,
}

/// Checks every legal move of `pos` under `rules`.
fn check_position(pos: &Position, rules: &Rules, stats: &mut Stats) {
    let fen = write_fen(pos);
    assert_eq!(parse_fen(&fen).map(|f| f.position), Ok(*pos), "{fen}");
    let legal = pos.legal_moves(rules);
    stats.positions += 1;
    for mv in legal.iter() {
        check_move(pos, rules, &legal, mv, &fen);
        stats.moves += 1;
        stats.captures += usize::from(mv.is_capture());
        if write_move(pos, rules, mv).len() > 5 {
            stats.long_texts += 1;
        }
    }
}

fn check_move(pos: &Position, rules: &Rules, legal: &[Move], mv: &Move, fen: &str) {
    let ctx = || format!("{fen} {} {mv:?}", write_rules(rules));
    let text = write_move(pos, rules, mv);
    assert_eq!(
        parse_move(&text, pos, rules),
        Ok(*mv),
        "{text} in {}",
        ctx()
    );
    assert_eq!(
        parse_move(&text.to_uppercase(), pos, rules),
        Ok(*mv),
        "{text} in {}",
        ctx()
    );
    let written: MoveText = text.parse().unwrap();
    assert_eq!(written.to_string(), text);
    assert_eq!(written.is_capture(), mv.is_capture());

    // Start and end square only, unless another legal move shares them.
    let rivals = legal
        .iter()
        .filter(|m| m.from() == mv.from() && m.to() == mv.to())
        .count();
    let short = format!(
        "{}{}{}",
        mv.from(),
        if mv.is_capture() { 'x' } else { '-' },
        mv.to()
    );
    if rivals == 1 {
        assert_eq!(text, short, "{}", ctx());
    } else {
        assert!(written.squares().len() > 2, "{text} in {}", ctx());
        match parse_move(&short, pos, rules) {
            Err(ParseMoveError::Resolve(ResolveError::Ambiguous { candidates, .. })) => {
                assert_eq!(candidates.len(), rivals, "{}", ctx());
                assert!(candidates.contains(&text), "{}", ctx());
            }
            other => panic!("{short} in {}: {other:?}", ctx()),
        }
    }

    // JSON: the written squares lie on the path, which is a path of the move.
    let json = move_json(pos, rules, mv);
    assert_eq!(json.text, text);
    assert_eq!(json.from, mv.from().to_string());
    assert_eq!(json.to, mv.to().to_string());
    assert_eq!(json.promotes, mv.promotes());
    let path: Vec<Square> = json.path.iter().map(|s| s.parse().unwrap()).collect();
    assert_eq!(path.first(), Some(&mv.from()));
    assert_eq!(path.last(), Some(&mv.to()));
    let mut on_path = path.iter();
    assert!(
        written.squares().iter().all(|sq| on_path.any(|p| p == sq)),
        "{text} not on {path:?} in {}",
        ctx()
    );
    if mv.is_capture() {
        assert!(
            pos.paths(rules, mv)
                .iter()
                .any(|p| p.squares() == path.as_slice()),
            "{path:?} in {}",
            ctx()
        );
        assert_eq!(json.captures.len(), mv.capture_count() as usize);
        for c in &json.captures {
            assert!(mv.captures().contains(c.parse().unwrap()), "{}", ctx());
        }
        // The full path reads back to the same move too.
        let full = json.path.join("x");
        assert_eq!(
            parse_move(&full, pos, rules),
            Ok(*mv),
            "{full} in {}",
            ctx()
        );
    } else {
        assert_eq!(path.len(), 2);
        assert!(json.captures.is_empty());
    }
}

#[test]
fn every_legal_move_of_random_games_round_trips() {
    let mut rng = Rng::xorshift_star(0x7461_6d61_2d6e_6f74);
    let mut stats = Stats::default();
    for rules in rule_sets() {
        for _game in 0..6 {
            let mut pos = Position::start();
            for _ply in 0..250 {
                check_position(&pos, &rules, &mut stats);
                let moves = pos.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
            }
        }
    }
    println!(
        "{} positions, {} moves, {} captures, {} long texts",
        stats.positions, stats.moves, stats.captures, stats.long_texts
    );
    assert!(stats.positions > 10_000, "{}", stats.positions);
    assert!(stats.moves > 100_000, "{}", stats.moves);
    assert!(stats.captures > 2_000, "{}", stats.captures);
    assert!(stats.long_texts > 10, "{}", stats.long_texts);
}

/// Random sparse positions with flying kings: the captures whose start and
/// end square are shared by several moves, which games rarely reach.
#[test]
fn every_legal_move_of_king_positions_round_trips() {
    let mut rng = Rng::xorshift_star(0x6b69_6e67_7321_2121);
    let mut stats = Stats::default();
    let rules = rule_sets();
    for i in 0..40_000 {
        let r = rules[i % rules.len()];
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut setup = Setup::empty(turn);
        for (color, n) in [
            (turn, 1 + rng.below(3)),
            (turn.opponent(), 2 + rng.below(7)),
        ] {
            for _ in 0..n {
                let sq = Square::new(rng.below(64) as u8).unwrap();
                if (setup.white | setup.black).contains(sq) {
                    continue;
                }
                let king =
                    color == turn || sq.rank() == color.promotion_rank() || rng.below(4) == 0;
                let role = if king { Role::King } else { Role::Man };
                setup.put(sq, Piece::new(color, role));
            }
        }
        let pos = Position::from_setup(setup).unwrap();
        check_position(&pos, &r, &mut stats);
    }
    println!(
        "{} positions, {} moves, {} captures, {} long texts",
        stats.positions, stats.moves, stats.captures, stats.long_texts
    );
    assert!(stats.long_texts > 1_000, "{}", stats.long_texts);
}

#[test]
fn fen_counters_round_trip() {
    let mut rng = Rng::xorshift_star(42);
    for _ in 0..1000 {
        let fen = Fen {
            position: Position::start(),
            halfmove_clock: (rng.below(2) == 0).then(|| rng.next_u64() as u32),
            fullmove_number: (rng.below(2) == 0).then(|| rng.next_u64() as u32),
        };
        assert_eq!(fen.to_string().parse::<Fen>(), Ok(fen));
    }
}

#[test]
fn every_rules_combination_round_trips() {
    for bits in 0u32..128 {
        let rules = Rules {
            man_diagonal: bits & 1 != 0,
            king_diagonal: bits & 2 != 0,
            removal: if bits & 4 != 0 {
                Removal::EndOfMove
            } else {
                Removal::Immediate
            },
            king_reversal: if bits & 8 != 0 {
                KingReversal::Allowed
            } else {
                KingReversal::Forbidden
            },
            promotion: if bits & 16 != 0 {
                Promotion::Midway
            } else {
                Promotion::EndOfMove
            },
            draw_one_each: bits & 32 != 0,
            draw_repetition: bits & 64 != 0,
        };
        assert_eq!(parse_rules(&write_rules(&rules)), Ok(rules));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn readers_never_panic(s in "\\PC{0,40}") {
        check_text(&s);
    }

    #[test]
    fn readers_never_panic_on_near_misses(s in "[WBKwbkHFx:,. a-j0-9!?é-]{0,40}") {
        check_text(&s);
    }
}

/// Reading any text either fails with a column inside the text (or just
/// after it) or gives a value that writes and reads back to itself.
fn check_text(s: &str) {
    let width = s.chars().count() + 1;
    match parse_fen(s) {
        Ok(fen) => assert_eq!(fen.to_string().parse::<Fen>(), Ok(fen)),
        Err(e) => assert!((1..=width).contains(&e.column), "{s:?}: {e}"),
    }
    match parse_rules(s) {
        Ok(rules) => assert_eq!(parse_rules(&write_rules(&rules)), Ok(rules)),
        Err(e) => assert!((1..=width).contains(&e.column), "{s:?}: {e}"),
    }
    match s.parse::<MoveText>() {
        Ok(text) => {
            assert_eq!(text.to_string().parse::<MoveText>(), Ok(text));
            let _ = text.resolve(&Position::start(), &Rules::ARMENIAN);
        }
        Err(e) => assert!((1..=width).contains(&e.column), "{s:?}: {e}"),
    }
}
