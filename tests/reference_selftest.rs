//! Checks of the reference generator against `docs/RULES.md`: every line of
//! the "Small positions" table with the exact move effects, a few more
//! positions derived by hand from the rules, and the start-position perft
//! numbers.

use crate::reference::{
    all_switch_combinations, legal_moves, parse_simple_fen, perft, play, square, start_position,
    RColor, RMove, RRole, RRules, ARMENIAN, ARMENIAN_ORTHOGONAL, TURKISH,
};

/// A move from square names; `captured` lists the captured squares.
fn mv(from: &str, to: &str, captured: &[&str], promotes: bool) -> RMove {
    RMove {
        from: square(from),
        to: square(to),
        captures: captured.iter().fold(0, |set, name| set | 1 << square(name)),
        promotes,
    }
}

/// Asserts that the legal moves of `fen` under `rules` are exactly `expected`.
fn assert_moves(fen: &str, rules: RRules, mut expected: Vec<RMove>) {
    let (board, turn) = parse_simple_fen(fen);
    expected.sort();
    assert_eq!(
        legal_moves(&board, turn, &rules),
        expected,
        "{fen} {rules:?}"
    );
}

fn count_moves(fen: &str, rules: RRules) -> usize {
    let (board, turn) = parse_simple_fen(fen);
    legal_moves(&board, turn, &rules).len()
}

// ---- The "Small positions" table of docs/RULES.md, line by line. ----

#[test]
fn man_reaching_last_rank_stops_as_a_man() {
    // d6xd8 promotes; as a man on d8 it could only go on sideways, and
    // neither c8 nor e8 holds an enemy.
    assert_moves(
        "W:Wd6:Bd7,f8,a1",
        ARMENIAN,
        vec![mv("d6", "d8", &["d7"], true)],
    );
}

#[test]
fn midway_promotion_continues_as_a_king() {
    // On d8 it is a king at once and flies over f8 to g8 or h8.
    let rules = RRules {
        promotion_midway: true,
        ..ARMENIAN
    };
    assert_moves(
        "W:Wd6:Bd7,f8,a1",
        rules,
        vec![
            mv("d6", "g8", &["d7", "f8"], true),
            mv("d6", "h8", &["d7", "f8"], true),
        ],
    );
}

#[test]
fn man_on_last_rank_captures_sideways() {
    // c6xc8, then as a man sideways over d8 or b8; e7 is out of reach.
    assert_moves(
        "W:Wc6:Bc7,d8,b8,e7",
        ARMENIAN,
        vec![
            mv("c6", "a8", &["c7", "b8"], true),
            mv("c6", "e8", &["c7", "d8"], true),
        ],
    );
}

#[test]
fn flying_king_without_reversal() {
    // d1xd3 lands on d4 or d5; from there it turns to b4 (lands a4), f4
    // (lands g4, h4) or goes on over d6 (lands d7, d8). Turning back is
    // forbidden, so each sequence takes 2. The paths via d4 and d5 to d7/d8
    // have the same effect and count once.
    assert_moves(
        "W:WKd1:Bd3,d6,b4,f4",
        ARMENIAN,
        vec![
            mv("d1", "a4", &["d3", "b4"], false),
            mv("d1", "g4", &["d3", "f4"], false),
            mv("d1", "h4", &["d3", "f4"], false),
            mv("d1", "d7", &["d3", "d6"], false),
            mv("d1", "d8", &["d3", "d6"], false),
        ],
    );
}

#[test]
fn flying_king_with_reversal_allowed() {
    // d1xd4xa4 may now turn straight back over the freed b4 and take f4
    // (landing g4 or h4); symmetrically g4/h4 may turn back to take b4.
    let rules = RRules {
        king_reversal_allowed: true,
        ..ARMENIAN
    };
    let three = &["d3", "b4", "f4"];
    assert_moves(
        "W:WKd1:Bd3,d6,b4,f4",
        rules,
        vec![
            mv("d1", "a4", three, false),
            mv("d1", "g4", three, false),
            mv("d1", "h4", three, false),
        ],
    );
}

#[test]
fn men_never_capture_backward() {
    // e3 is behind the man; d4, f4 and e5 can be taken; each capture ends
    // there (nothing adjacent to jump from c4, e6 or g4).
    assert_moves(
        "W:We4:Bd4,f4,e5,e3,d5",
        ARMENIAN,
        vec![
            mv("e4", "c4", &["d4"], false),
            mv("e4", "e6", &["e5"], false),
            mv("e4", "g4", &["f4"], false),
        ],
    );
}

#[test]
fn maximum_rule_across_pieces() {
    // The king: h1xd1 (lands c1; b1 stops it), xb1 to a1, up over a5 to
    // a6 (a7, a8 lead nowhere), over c6 to d6..h6: 4 pieces. The man's
    // c3xc5xc7 takes only 2 and is not legal.
    let four = &["d1", "b1", "a5", "c6"];
    assert_moves(
        "W:Wc3,Kh1:Bc4,c6,b1,d1,a5",
        ARMENIAN,
        moves_to("h1", &["d6", "e6", "f6", "g6", "h6"], four, false),
    );
}

#[test]
fn immediate_removal_frees_squares() {
    // The king takes d2 (lands d4), c4 (lands b4), b3 (lands b2), then c2,
    // flying across d2, emptied by the first jump, to d2..h2.
    let four = &["d2", "c4", "b3", "c2"];
    assert_moves(
        "B:Wd2,c4,b3,c2:BKd1",
        ARMENIAN,
        moves_to("d1", &["d2", "e2", "f2", "g2", "h2"], four, false),
    );
}

#[test]
fn end_of_move_removal_keeps_obstacles() {
    // The captured d2 still stands, so from b2 there is no landing square
    // beyond c2; the sequence ends on b1 or b2 with 3 pieces.
    let rules = RRules {
        removal_end_of_move: true,
        ..ARMENIAN
    };
    let three = &["d2", "c4", "b3"];
    assert_moves(
        "B:Wd2,c4,b3,c2:BKd1",
        rules,
        vec![mv("d1", "b1", three, false), mv("d1", "b2", three, false)],
    );
}

// ---- More positions, derived by hand from the rules text. ----

#[test]
fn reversal_allowed_but_captured_piece_still_blocks() {
    // With end-of-move removal, the captured b4 blocks the way back from a4
    // (and f4 the way back from g4/h4), so allowing reversal changes nothing.
    let rules = RRules {
        king_reversal_allowed: true,
        removal_end_of_move: true,
        ..ARMENIAN
    };
    assert_moves(
        "W:WKd1:Bd3,d6,b4,f4",
        rules,
        vec![
            mv("d1", "a4", &["d3", "b4"], false),
            mv("d1", "g4", &["d3", "f4"], false),
            mv("d1", "h4", &["d3", "f4"], false),
            mv("d1", "d7", &["d3", "d6"], false),
            mv("d1", "d8", &["d3", "d6"], false),
        ],
    );
}

#[test]
fn midway_king_may_not_turn_straight_back() {
    // c6xc8 promotes at once; the new king may not go back south, so it
    // turns east over d8 to e8 and then south over e7 (to e6..e1), 3 pieces.
    // West over b8 to a8 ends there: turning back east is a reversal.
    let rules = RRules {
        promotion_midway: true,
        ..ARMENIAN
    };
    let three = &["c7", "d8", "e7"];
    assert_moves(
        "W:Wc6:Bc7,d8,b8,e7",
        rules,
        moves_to("c6", &["e6", "e5", "e4", "e3", "e2", "e1"], three, true),
    );
}

#[test]
fn midway_king_may_turn_back_when_allowed() {
    // c6xc8 promotes; west over b8 to a8, then straight back east across the
    // freed b8 and c8 over d8 to e8 (a reversal, allowed here), then south
    // over e7 to e6..e1: 4 pieces. Every other order takes at most 3.
    let rules = RRules {
        promotion_midway: true,
        king_reversal_allowed: true,
        ..ARMENIAN
    };
    assert_moves(
        "W:Wc6:Bc7,d8,b8,e7",
        rules,
        moves_to(
            "c6",
            &["e6", "e5", "e4", "e3", "e2", "e1"],
            &["c7", "b8", "d8", "e7"],
            true,
        ),
    );
}

#[test]
fn man_jump_before_midway_promotion_counts_for_reversal() {
    // Black man d3xd2 lands on d1. Without midway promotion it goes on as a
    // man, sideways over c1 to b1.
    assert_moves(
        "B:Wd2,d5,c1:Bd3",
        ARMENIAN,
        vec![mv("d3", "b1", &["d2", "c1"], true)],
    );
    // With it, it is a king on d1, but its last jump went south, so it may
    // not fly straight back north over d5; sideways over c1 it lands on b1
    // or a1.
    let rules = RRules {
        promotion_midway: true,
        ..ARMENIAN
    };
    assert_moves(
        "B:Wd2,d5,c1:Bd3",
        rules,
        moves_to("d3", &["a1", "b1"], &["d2", "c1"], true),
    );
    // With reversal allowed it may also go north: d2 is freed and d3 (its
    // own start square) is empty, so it flies over d5 to d6..d8.
    let rules = RRules {
        king_reversal_allowed: true,
        ..rules
    };
    let mut expected = moves_to("d3", &["a1", "b1"], &["d2", "c1"], true);
    expected.extend(moves_to("d3", &["d6", "d7", "d8"], &["d2", "d5"], true));
    assert_moves("B:Wd2,d5,c1:Bd3", rules, expected);
}

#[test]
fn start_square_is_empty_and_paths_dedup() {
    // Two routes take the same four pieces:
    //   east over f4 to g4, north over g6 to g7, west over e7 to d7, south
    //   over d5 to d4 (its own, empty, start square) or on to d3..d1;
    //   north over d5 to d7, east over e7 to g7, south over g6 to g4, west
    //   over f4 to e4, d4 (again) or on to c4..a4.
    // Both end on d4 with the same effect: that is one move.
    assert_moves(
        "W:WKd4:Bf4,g6,e7,d5,a8",
        ARMENIAN,
        moves_to(
            "d4",
            &["a4", "b4", "c4", "d4", "e4", "d3", "d2", "d1"],
            &["f4", "g6", "e7", "d5"],
            false,
        ),
    );
}

/// The moves from `from` to each of `landings`, all taking `captured`.
fn moves_to(from: &str, landings: &[&str], captured: &[&str], promotes: bool) -> Vec<RMove> {
    landings
        .iter()
        .map(|to| mv(from, to, captured, promotes))
        .collect()
}

#[test]
fn quiet_moves_of_men_and_kings() {
    // White man e4: forward, left, right (+ two diagonals forward).
    assert_eq!(count_moves("W:We4:Ba1", TURKISH), 3);
    assert_eq!(count_moves("W:We4:Ba1", ARMENIAN), 5);
    // Black man d5 moves towards rank 1.
    assert_moves(
        "B:Wh1:Bd5",
        TURKISH,
        vec![
            mv("d5", "d4", &[], false),
            mv("d5", "c5", &[], false),
            mv("d5", "e5", &[], false),
        ],
    );
    // King d4: 14 orthogonal squares, plus 12 diagonal ones (h8 is occupied).
    assert_eq!(count_moves("W:WKd4:Bh8", TURKISH), 14);
    assert_eq!(count_moves("W:WKd4:Bh8", ARMENIAN), 26);
    // man-diagonal and king-diagonal are independent.
    let men_only = RRules {
        man_diagonal: true,
        ..TURKISH
    };
    assert_eq!(count_moves("W:WKd4,e2:Bh8", men_only), 14 + 5);
    // A quiet move onto the last rank promotes.
    assert_moves(
        "W:Wd7:Ba1",
        ARMENIAN,
        vec![
            mv("d7", "d8", &[], true),
            mv("d7", "c8", &[], true),
            mv("d7", "e8", &[], true),
            mv("d7", "c7", &[], false),
            mv("d7", "e7", &[], false),
        ],
    );
    // Kings never capture diagonally, so this is a quiet position.
    assert_eq!(count_moves("W:WKd4:Be5", TURKISH), 14);
}

#[test]
fn orthogonal_preset_on_the_table_positions() {
    // Midway promotion with end-of-move removal: same as midway alone here.
    assert_moves(
        "W:Wd6:Bd7,f8,a1",
        ARMENIAN_ORTHOGONAL,
        vec![
            mv("d6", "g8", &["d7", "f8"], true),
            mv("d6", "h8", &["d7", "f8"], true),
        ],
    );
    assert_moves(
        "B:Wd2,c4,b3,c2:BKd1",
        ARMENIAN_ORTHOGONAL,
        vec![
            mv("d1", "b1", &["d2", "c4", "b3"], false),
            mv("d1", "b2", &["d2", "c4", "b3"], false),
        ],
    );
}

// ---- Helpers and the start position. ----

#[test]
fn fen_parsing_and_play() {
    let (board, turn) = parse_simple_fen("W:Wa2,b2,Kd4:Ba7,Kh8");
    assert_eq!(turn, RColor::White);
    assert_eq!(board[8], Some((RColor::White, RRole::Man)));
    assert_eq!(board[9], Some((RColor::White, RRole::Man)));
    assert_eq!(board[27], Some((RColor::White, RRole::King)));
    assert_eq!(board[48], Some((RColor::Black, RRole::Man)));
    assert_eq!(board[63], Some((RColor::Black, RRole::King)));
    assert_eq!(board.iter().flatten().count(), 5);

    let (empty, turn) = parse_simple_fen("B:W:B");
    assert_eq!(turn, RColor::Black);
    assert!(empty.iter().all(Option::is_none));

    // Playing d1xd4xb4xb2xd2: the king lands on a square it captured.
    let (board, turn) = parse_simple_fen("B:Wd2,c4,b3,c2:BKd1");
    let after = play(
        &board,
        turn,
        &mv("d1", "d2", &["d2", "c4", "b3", "c2"], false),
    );
    assert_eq!(after, parse_simple_fen("W:W:BKd2").0);
    // A promotion.
    let (board, turn) = parse_simple_fen("W:Wd6:Bd7,f8,a1");
    let after = play(&board, turn, &mv("d6", "d8", &["d7"], true));
    assert_eq!(after, parse_simple_fen("B:WKd8:Bf8,a1").0);
}

#[test]
fn start_position_matches_the_rules() {
    let (board, turn) = start_position();
    assert_eq!(turn, RColor::White);
    assert_eq!(
        board,
        parse_simple_fen(
            "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3\
             :Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
        )
        .0
    );
}

#[test]
fn switch_combinations_are_all_distinct() {
    let all = all_switch_combinations();
    assert_eq!(all.len(), 32);
    for (i, a) in all.iter().enumerate() {
        assert!(all[i + 1..].iter().all(|b| a != b));
    }
    for preset in [ARMENIAN, TURKISH, ARMENIAN_ORTHOGONAL] {
        assert!(all.contains(&preset));
    }
}

#[test]
fn every_switch_combination_plays_from_the_start() {
    // No claim about the counts, only that every move is well formed.
    for rules in all_switch_combinations() {
        let (board, turn) = start_position();
        for first in legal_moves(&board, turn, &rules) {
            let board = play(&board, turn, &first);
            for reply in legal_moves(&board, RColor::Black, &rules) {
                let board = play(&board, RColor::Black, &reply);
                let moves = legal_moves(&board, RColor::White, &rules);
                assert!(!moves.is_empty());
                assert!(moves.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
                for m in moves {
                    let (color, _) = board[m.from as usize].expect("a piece on from");
                    assert_eq!(color, RColor::White);
                    assert_eq!(m.captures & (1 << m.from), 0);
                }
            }
        }
    }
}

#[test]
fn perft_armenian_from_the_start() {
    let (board, turn) = start_position();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&board, turn, &ARMENIAN, d)).collect();
    assert_eq!(counts, [22, 484, 12_174, 268_670]);
}

#[test]
fn perft_turkish_from_the_start() {
    let (board, turn) = start_position();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&board, turn, &TURKISH, d)).collect();
    assert_eq!(counts, [8, 64, 708, 7_538, 85_090]);
}
