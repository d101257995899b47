//! Move text: `a3-a4`, `c3xe5`, `c3xc5xe5` (docs/NOTATION.md, "Move text").
//!
//! Notation is syntax; meaning needs a position. [`MoveText`] is what was
//! written (squares, separator, annotation) and is read without a position;
//! [`MoveText::resolve`] finds the one legal move it names in a position.
//! [`parse_move`] does both, [`write_move`] writes the canonical form.
//!
//! ```
//! use tama_core::{Rules, Square};
//! use tama_notation::{parse_fen, parse_move, write_move, Annotation, MoveText};
//!
//! // Syntax only: any case, `-`, `x`, `:` or no separator, strength marks.
//! let text: MoveText = "C3xC5:e5!?".parse().unwrap();
//! assert_eq!(text.squares(), &[Square::C3, Square::C5, Square::E5]);
//! assert_eq!(text.annotation(), Some(Annotation::Interesting));
//! assert_eq!(text.to_string(), "c3xc5xe5!?");
//!
//! // Meaning: resolve against a position.
//! let pos = parse_fen("B:Wd2,c4,b3,c2:BKd1").unwrap().position;
//! let rules = Rules::ARMENIAN;
//! let mv = parse_move("d1xd4xb4xb2xf2", &pos, &rules).unwrap();
//! assert_eq!(mv.capture_count(), 4);
//! // Start and end square are enough when no other legal move shares them.
//! assert_eq!(write_move(&pos, &rules, &mv), "d1xf2");
//!
//! let err = parse_move("d1-d3", &pos, &rules).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "illegal move d1-d3: the legal moves from d1 are d1xd2, d1xe2, d1xf2, d1xg2, d1xh2"
//! );
//! ```
//!
//! # Reading
//!
//! The first written square is the start square and the last one the end
//! square. A capture may give any subset of its landing squares in between,
//! in order: the text names a legal move when the written squares lie, in
//! order, on some capture path with that move's effect
//! ([`Position::paths`](tama_core::Position::paths)). The separator does not decide: `c3-e3` may name a
//! capture and `a3xa4` a quiet move, since capturing is compulsory and the
//! squares alone always tell which kind of move is meant.
//!
//! # Writing
//!
//! A quiet move is `from-to`. A capture is `fromxto` when no other legal
//! move has the same start and end square; otherwise it is written with
//! one square per jump (PDN 3.0): the landing square where the capture
//! changes direction, and, where two captures follow in one direction, the
//! square right behind the first captured piece. Should even that match
//! more than one legal move, every landing square of a path is written.
//! Every written form is checked to read back to the same move.

mod canonical;
mod resolve;
mod syntax;

pub(crate) use canonical::canonical;
pub use resolve::{parse_move, write_line, write_move, Illegality, ParseMoveError, ResolveError};
pub use syntax::{Annotation, MoveText, MoveTextError, MoveTextErrorKind, MAX_SQUARES};

#[cfg(test)]
mod tests {
    use super::canonical::pdn_path;
    use super::*;
    use crate::{parse_fen, parse_rules};
    use tama_core::{Bitboard, Position, Rules, Square};

    fn pos(fen: &str) -> Position {
        parse_fen(fen).unwrap().position
    }

    fn texts(fen: &str, rules: &str) -> Vec<String> {
        let pos = pos(fen);
        let rules = parse_rules(rules).unwrap();
        let mut v: Vec<String> = pos
            .legal_moves(&rules)
            .iter()
            .map(|m| write_move(&pos, &rules, m))
            .collect();
        v.sort();
        v
    }

    fn syntax_err(text: &str) -> (MoveTextErrorKind, usize, String) {
        let e = text.parse::<MoveText>().unwrap_err();
        (e.kind, e.column, e.to_string())
    }

    #[test]
    fn reads_every_separator_and_case() {
        let expected = MoveText::new(&[Square::A3, Square::A4], false).unwrap();
        for s in ["a3-a4", "a3a4", "A3-A4", " a3a4 ", "A3a4"] {
            assert_eq!(s.parse::<MoveText>(), Ok(expected), "{s}");
        }
        let capture = MoveText::new(&[Square::C3, Square::C5, Square::E5], true).unwrap();
        for s in ["c3xc5xe5", "c3:c5:e5", "C3XC5XE5", "c3xc5-e5", "c3c5xe5"] {
            assert_eq!(s.parse::<MoveText>(), Ok(capture), "{s}");
        }
        assert_eq!(
            "c3-c5-e5".parse::<MoveText>().unwrap().to_string(),
            "c3-c5-e5"
        );
        assert_eq!("C3:E5".parse::<MoveText>().unwrap().to_string(), "c3xe5");
        for a in Annotation::ALL {
            let t: MoveText = format!("a3-a4{}", a.as_str()).parse().unwrap();
            assert_eq!(t.annotation(), Some(a));
            assert_eq!(t.to_string(), format!("a3-a4{a}"));
            assert_eq!(Annotation::from_nag(a.nag()), Some(a));
            let spaced: MoveText = format!("a3-a4 {}", a.as_str()).parse().unwrap();
            assert_eq!(spaced, t);
        }
        assert_eq!(Annotation::from_nag(0), None);
        assert_eq!(Annotation::from_nag(7), None);
        let long = (0..17)
            .map(|i| Square::new(i).unwrap().to_string())
            .collect::<Vec<_>>()
            .join("x");
        assert_eq!(long.parse::<MoveText>().unwrap().squares().len(), 17);
    }

    #[test]
    fn syntax_errors_name_the_column() {
        assert_eq!(
            syntax_err(""),
            (
                MoveTextErrorKind::Empty,
                1,
                "column 1: empty move text: expected a move such as `c3-c4` or `c3xe3`".into()
            )
        );
        assert_eq!(
            syntax_err("c3-i9"),
            (
                MoveTextErrorKind::UnknownSquare,
                4,
                "column 4: unknown square `i9`".into()
            )
        );
        assert_eq!(syntax_err("c3-c10").0, MoveTextErrorKind::UnknownSquare);
        assert_eq!(syntax_err("c3-c0").1, 4);
        assert_eq!(
            syntax_err("c3x"),
            (
                MoveTextErrorKind::ExpectedSquare,
                4,
                "column 4: expected a square (a1 to h8), found the end of the move".into()
            )
        );
        assert_eq!(
            syntax_err("c3--c4"),
            (
                MoveTextErrorKind::ExpectedSquare,
                4,
                "column 4: expected a square (a1 to h8), found `-`".into()
            )
        );
        assert_eq!(
            syntax_err("c3 c4"),
            (
                MoveTextErrorKind::UnexpectedCharacter,
                3,
                "column 3: unexpected ` `: expected `-`, `x` or `:` and the next square".into()
            )
        );
        assert_eq!(
            syntax_err("c3"),
            (
                MoveTextErrorKind::TooFewSquares,
                1,
                "column 1: a move needs a start and an end square, found only `c3`".into()
            )
        );
        assert_eq!(
            syntax_err("c3-c4!!!"),
            (
                MoveTextErrorKind::UnknownAnnotation,
                6,
                "column 6: unknown annotation `!!!`: expected one of !, ?, !!, ??, !?, ?!".into()
            )
        );
        assert_eq!(syntax_err("!?").0, MoveTextErrorKind::ExpectedSquare);
        let long = (0..18)
            .map(|i| Square::new(i).unwrap().to_string())
            .collect::<Vec<_>>()
            .join("x");
        assert_eq!(
            syntax_err(&long),
            (
                MoveTextErrorKind::TooManySquares,
                52,
                "column 52: too many squares: a move visits at most 17 (`b3` is one more)".into()
            )
        );
        // Columns count characters; non-ASCII never panics.
        assert_eq!(syntax_err("é3-c4").0, MoveTextErrorKind::ExpectedSquare);
        assert_eq!(syntax_err("c3-é4").1, 4);
        assert_eq!(syntax_err("c3é4").1, 3);
        assert_eq!(syntax_err("ñ").1, 1);
        assert_eq!(syntax_err("c3-c4ß").1, 6);
    }

    #[test]
    fn rules_md_positions() {
        // The worked positions of docs/RULES.md. The bystanders a1, b1 and
        // d1 are kings there: black men would stand on their own
        // promotion rank, which position text rejects.
        let cases: [(&str, &str, &[&str]); 9] = [
            ("W:Wd6:Bd7,f8,Ka1", "armenian", &["d6xd8"]),
            ("W:Wd6:Bd7,f8,Ka1", "promotion=midway", &["d6xg8", "d6xh8"]),
            ("W:Wc6:Bc7,d8,b8,e7", "armenian", &["c6xa8", "c6xe8"]),
            (
                "W:WKd1:Bd3,d6,b4,f4",
                "armenian",
                &["d1xa4", "d1xd7", "d1xd8", "d1xg4", "d1xh4"],
            ),
            (
                "W:We4:Bd4,f4,e5,e3,d5",
                "armenian",
                &["e4xc4", "e4xe6", "e4xg4"],
            ),
            (
                "W:Wc3,Kh1:Bc4,c6,Kb1,Kd1,a5",
                "armenian",
                &["h1xd6", "h1xe6", "h1xf6", "h1xg6", "h1xh6"],
            ),
            (
                "B:Wd2,c4,b3,c2:BKd1",
                "armenian",
                &["d1xd2", "d1xe2", "d1xf2", "d1xg2", "d1xh2"],
            ),
            (
                "B:Wd2,c4,b3,c2:BKd1",
                "removal=end-of-move",
                &["d1xb1", "d1xb2"],
            ),
            (
                "W:WKd1:Bd3,d6,b4,f4",
                "king-reversal=allowed",
                &["d1xa4", "d1xg4", "d1xh4"],
            ),
        ];
        for (fen, rules, expected) in cases {
            assert_eq!(texts(fen, rules), expected, "{fen} {rules}");
        }
        let rev = pos("W:WKd1:Bd3,d6,b4,f4");
        let rules = parse_rules("king-reversal=allowed").unwrap();
        let moves = rev.legal_moves(&rules);
        assert_eq!(moves.len(), 3);
        assert!(moves.iter().all(|m| m.capture_count() == 3));

        // The long forms docs/RULES.md writes read back to the same moves.
        let p = pos("W:Wd6:Bd7,f8,Ka1");
        let midway = parse_rules("promotion=midway").unwrap();
        let mv = parse_move("d6xd8xg8", &p, &midway).unwrap();
        assert!(mv.promotes() && mv.capture_count() == 2);
        let p = pos("B:Wd2,c4,b3,c2:BKd1");
        for end in ["d2", "e2", "f2", "g2", "h2"] {
            let long = format!("d1xd4xb4xb2x{end}");
            let mv = parse_move(&long, &p, &Rules::ARMENIAN).unwrap();
            assert_eq!(mv.capture_count(), 4);
            assert_eq!(write_move(&p, &Rules::ARMENIAN, &mv), format!("d1x{end}"));
            // Any subset of the landing squares, in order.
            for sub in ["d1xb4x", "d1xd4x", "d1xb2x", "d1xd4xb2x", "d1:d4b4b2-"] {
                assert_eq!(
                    parse_move(&format!("{sub}{end}"), &p, &Rules::ARMENIAN),
                    Ok(mv)
                );
            }
            // Out of order, or a square off every path: illegal.
            for bad in ["d1xb4xd4x", "d1xc4x", "d1xd3xb4x"] {
                let e = parse_move(&format!("{bad}{end}"), &p, &Rules::ARMENIAN).unwrap_err();
                assert!(matches!(
                    e,
                    ParseMoveError::Resolve(ResolveError::Illegal { .. })
                ));
            }
        }
    }

    #[test]
    fn separators_do_not_decide() {
        let p = Position::start();
        let r = Rules::ARMENIAN;
        assert_eq!(parse_move("c3xc4", &p, &r), parse_move("c3-c4", &p, &r));
        let p = pos("W:Wc6:Bc7,d8,b8,e7");
        assert_eq!(parse_move("c6-a8", &p, &r), parse_move("c6xa8", &p, &r));
        assert_eq!(parse_move("c6-c8-a8", &p, &r), parse_move("c6xa8", &p, &r));
    }

    #[test]
    fn illegal_messages() {
        let p = Position::start();
        let r = Rules::ARMENIAN;
        let e = parse_move("c3-c5", &p, &r).unwrap_err();
        assert_eq!(
            e.to_string(),
            "illegal move c3-c5: c3 can move to c4, d4, b4"
        );
        let ParseMoveError::Resolve(ResolveError::Illegal {
            legal_from_square,
            legal_count,
            ..
        }) = e
        else {
            panic!("{e:?}")
        };
        assert_eq!(legal_from_square, ["c3-c4", "c3-d4", "c3-b4"]);
        assert_eq!(legal_count, 22);
        assert_eq!(
            parse_move("c2-c3!", &p, &r).unwrap_err().to_string(),
            "illegal move c2-c3: the piece on c2 has no legal move"
        );
        assert_eq!(
            parse_move("C6C5", &p, &r).unwrap_err().to_string(),
            "illegal move c6-c5: c6 holds a black man, and white is to move"
        );
        assert_eq!(
            parse_move("d5-d6", &p, &r).unwrap_err().to_string(),
            "illegal move d5-d6: there is no white piece on d5"
        );
        // A capture is compulsory: a quiet move of another piece, or any
        // move of a piece without a capture, says so and names them.
        let p = pos("W:Wc6,a2:Bc7,d8,b8,e7");
        assert_eq!(
            parse_move("a2-a3", &p, &r).unwrap_err().to_string(),
            "illegal move a2-a3: a capture is compulsory (c6xe8, c6xa8)"
        );
        assert_eq!(
            parse_move("a2-a5", &p, &r).unwrap_err().to_string(),
            "illegal move a2-a5: a capture is compulsory (c6xe8, c6xa8)"
        );
        let p = pos("W:Wc3,d4:Bd5,e4,b4,a5");
        let e = parse_move("c3-c4", &p, &r).unwrap_err();
        assert_eq!(
            e.to_string(),
            "illegal move c3-c4: a capture is compulsory (d4xd6, d4xf4)"
        );
        // The capturing piece's own quiet move too.
        assert_eq!(
            parse_move("d4-e5", &p, &r).unwrap_err().to_string(),
            "illegal move d4-e5: a capture is compulsory (d4xd6, d4xf4)"
        );
        // Many captures: the first four, then `…`.
        let p = pos("W:Wb2,d2,f2,h2,g5:Bb3,d3,f3,h3,g6,a8");
        assert_eq!(
            parse_move("g5-h5", &p, &r).unwrap_err().to_string(),
            "illegal move g5-h5: a capture is compulsory (b2xb4, d2xd4, f2xf4, h2xh4, …)"
        );
        // Men never move backward; kings do not pass through pieces.
        let p = pos("W:Wc4,Kd1,d3:Bh8");
        assert_eq!(
            parse_move("c4-c3", &p, &r).unwrap_err().to_string(),
            "illegal move c4-c3: a man never moves backward; c4 can move to c5, d4, b4, d5, b5"
        );
        assert_eq!(
            parse_move("d1-d5", &p, &r).unwrap_err().to_string(),
            "illegal move d1-d5: d3 is in the way; d1 can move to a1, b1, c1, e1, f1, g1, h1, c2, d2, e2, b3, f3, a4, g4, h5"
        );
        let p = pos("W:Wc6,a2:Bc7,d8,b8,e7");
        assert_eq!(
            parse_move("c6xc8", &p, &r).unwrap_err().to_string(),
            "illegal move c6xc8: the legal moves from c6 are c6xe8, c6xa8"
        );
        let p = pos("W:Wd6:Bd7,f8,Ka1");
        assert_eq!(
            parse_move("d6-d7", &p, &r).unwrap_err().to_string(),
            "illegal move d6-d7: the legal move from d6 is d6xd8"
        );
        let blocked = pos("W:Wa7:BKa8,b7,c7,b8");
        assert_eq!(
            parse_move("a7-a8", &blocked, &r).unwrap_err().to_string(),
            "illegal move a7-a8: the side to move has no legal move"
        );
        assert!(matches!(
            parse_move("a7-a9", &blocked, &r),
            Err(ParseMoveError::Syntax(_))
        ));
    }

    /// Every legal move reads back from its canonical text; returns the
    /// texts of the moves that share start and end square with another.
    fn check_rivals(p: &Position, r: &Rules) -> Vec<String> {
        let moves = p.legal_moves(r);
        let mut long = Vec::new();
        for m in moves.iter() {
            let rivals = moves
                .iter()
                .filter(|o| o.from() == m.from() && o.to() == m.to())
                .count();
            let text = write_move(p, r, m);
            assert_eq!(parse_move(&text, p, r), Ok(*m), "{text}");
            if rivals > 1 {
                let short = format!("{}x{}", m.from(), m.to());
                let e = parse_move(&short, p, r).unwrap_err();
                let ParseMoveError::Resolve(ResolveError::Ambiguous { candidates, .. }) = &e else {
                    panic!("{e:?}")
                };
                assert_eq!(candidates.len(), rivals);
                assert!(candidates.contains(&text));
                assert_eq!(
                    e.to_string(),
                    format!("ambiguous move {short}: could be {}", candidates.join(", "))
                );
                long.push(text);
            } else {
                assert_eq!(text.len(), 5, "{text}");
            }
        }
        long.sort();
        long
    }

    #[test]
    fn shared_start_and_end_are_written_in_full() {
        // h1 takes f1, then e2 or b2 on the way up, then g5: both end on h5.
        let p = pos("W:WKh1,Ka4:BKf1,b2,e2,g5,a6,e6,f6");
        let r = Rules::ARMENIAN;
        assert_eq!(check_rivals(&p, &r), ["h1xb1xb5xh5", "h1xe1xe5xh5"]);
        assert_eq!(
            parse_move("h1xh5", &p, &r).unwrap_err().to_string(),
            "ambiguous move h1xh5: could be h1xb1xb5xh5, h1xe1xe5xh5"
        );
        // One written landing square is enough to tell them apart.
        let via_e = parse_move("h1xe5xh5", &p, &r).unwrap();
        assert!(via_e.captures().contains(Square::E2));
        let via_b = parse_move("h1xb1xh5", &p, &r).unwrap();
        assert!(via_b.captures().contains(Square::B2));
        assert_eq!(parse_move("h1xb5xh5", &p, &r), Ok(via_b));
        // b3 is a landing square of a shorter capture only.
        assert!(parse_move("h1xb3xh5", &p, &r).is_err());
    }

    #[test]
    fn two_captures_in_one_direction_write_the_square_behind() {
        // The king goes down the g file over g5 and g2: PDN writes g4, the
        // square right behind g5, whatever square it landed on.
        let p = pos("W:WKh1,Kd5:BKg1,b2,g2,a3,g5,f6");
        let r = Rules::ARMENIAN;
        let long = check_rivals(&p, &r);
        assert_eq!(long, ["h1xa1xa6xg6xg4xg1", "h1xb1xb6xg6xg4xg1"]);
        let mv = parse_move(&long[0], &p, &r).unwrap();
        assert_eq!(parse_move("h1xa1xa6xg6xg3xg1", &p, &r), Ok(mv));
        let j = crate::move_json(&p, &r, &mv);
        assert_eq!(j.path, ["h1", "a1", "a6", "g6", "g4", "g1"]);
        assert_eq!(j.captures, ["g1", "a3", "f6", "g5", "g2"]);
    }

    #[test]
    fn pdn_path_rules() {
        use Square as S;
        let caps: Bitboard = [S::A3, S::A6].into_iter().collect();
        assert_eq!(
            pdn_path(&[S::A1, S::A5, S::A8], caps),
            [S::A1, S::A4, S::A8]
        );
        // A turn keeps the landing square.
        let caps: Bitboard = [S::A3, S::C5].into_iter().collect();
        assert_eq!(
            pdn_path(&[S::A1, S::A5, S::D5], caps),
            [S::A1, S::A5, S::D5]
        );
        // A man's jumps land right behind anyway.
        let caps: Bitboard = [S::C4, S::C6].into_iter().collect();
        assert_eq!(
            pdn_path(&[S::C3, S::C5, S::C7], caps),
            [S::C3, S::C5, S::C7]
        );
    }

    #[test]
    fn text_api() {
        let t = MoveText::new(&[Square::C3, Square::E5], true)
            .unwrap()
            .with_annotation(Some(Annotation::Blunder));
        assert_eq!(t.to_string(), "c3xe5??");
        assert_eq!(format!("{t:?}"), "MoveText(c3xe5??)");
        assert_eq!(
            (t.from(), t.to(), t.is_capture()),
            (Square::C3, Square::E5, true)
        );
        assert!(MoveText::new(&[Square::C3], true).is_none());
        assert!(MoveText::new(&[Square::C3; 18], true).is_none());
        let p = Position::start();
        let mv = p.legal_moves(&Rules::ARMENIAN)[0];
        assert_eq!(
            MoveText::from_move(&p, &Rules::ARMENIAN, &mv).to_string(),
            "a3-a4"
        );
    }
}
