//! Data-driven suites: `data/perft.txt` (perft counts, re-checked against
//! the reference generator) and `data/moves.txt` (exact legal-move sets of
//! docs/RULES.md's small positions), each read by one loop.

use std::collections::BTreeSet;

use tama_core::{perft, Move, Position, Rules};
use tama_notation::fen::parse_fen;
use tama_notation::movetext::parse_move;
use tama_notation::rules_text::parse_rules;

use crate::reference;
use crate::util::{to_board, to_ref_rules};

/// The data lines of a suite file: `(line number, fields split on '|')`.
fn data_lines(text: &str) -> Vec<(usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.split('|').map(str::trim).collect()))
        .collect()
}

fn position(fen: &str) -> Position {
    if fen == "start" {
        Position::start()
    } else {
        parse_fen(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
            .position
    }
}

fn rules(text: &str) -> Rules {
    parse_rules(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn perft_suite() {
    let lines = data_lines(include_str!("data/perft.txt"));
    assert!(lines.len() >= 25, "suite too small: {}", lines.len());
    for (line, fields) in lines {
        let [fen, rules_text, counts] = fields[..] else {
            panic!("perft.txt:{line}: expected 3 fields");
        };
        let pos = position(fen);
        let rules = rules(rules_text);
        let (board, turn) = to_board(&pos);
        for pair in counts.split_whitespace() {
            let (d, n) = pair.split_once(':').expect("depth:count");
            let depth: u32 = d.parse().expect("depth");
            let expected: u64 = n.parse().expect("count");
            assert_eq!(
                perft(&pos, &rules, depth),
                expected,
                "perft.txt:{line}: {fen} {rules_text} depth {depth}"
            );
            if depth <= 3 && fen != "start" {
                let slow = reference::perft(&board, turn, &to_ref_rules(&rules), depth);
                assert_eq!(
                    slow, expected,
                    "perft.txt:{line}: reference disagrees at depth {depth}"
                );
            }
        }
    }
}

#[test]
fn small_positions_have_exactly_the_listed_moves() {
    let lines = data_lines(include_str!("data/moves.txt"));
    assert_eq!(lines.len(), 9);
    for (line, fields) in lines {
        let [fen, rules_text, moves] = fields[..] else {
            panic!("moves.txt:{line}: expected 3 fields");
        };
        let pos = position(fen);
        let rules = rules(rules_text);
        let expected: BTreeSet<Move> = moves
            .split_whitespace()
            .map(|m| {
                parse_move(m, &pos, &rules).unwrap_or_else(|e| panic!("moves.txt:{line}: {m}: {e}"))
            })
            .collect();
        assert_eq!(
            expected.len(),
            moves.split_whitespace().count(),
            "moves.txt:{line}: duplicates"
        );
        let generated: BTreeSet<Move> = pos.legal_moves(&rules).iter().copied().collect();
        assert_eq!(generated, expected, "moves.txt:{line}: {fen} {rules_text}");
    }
}

/// `data/tactics.txt` (`tama tactics` picked them from the
/// verified endgame tablebases): positions with exactly one winning move,
/// half of them a sacrifice, won in 5 to 9 plies, and no evaluation was
/// tuned or trained on them. A search 3 plies deeper than the win sees
/// its end even where late-move reductions shorten a line by two, so
/// with the classic and with the learned evaluation the engine must
/// play the winning move in every one. `TAMA_TACTICS_DEPTH=D`
/// searches every position to depth D instead, to see what a shallower
/// search misses (docs/TRAINING.md).
#[test]
fn tactics_suite() {
    use tama_search::{Engine, EngineConfig, EvalKind, Limits};
    let lines = data_lines(include_str!("data/tactics.txt"));
    assert!(lines.len() >= 60, "suite too small: {}", lines.len());
    let fixed: Option<u32> = std::env::var("TAMA_TACTICS_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok());
    let mut missed = Vec::new();
    for (_, kind) in EvalKind::ALL {
        let mut engine = Engine::new(EngineConfig {
            eval_kind: kind,
            hash_mib: 8,
            ..EngineConfig::default()
        });
        for (line, fields) in &lines {
            let [fen, rules_text, answer, note] = fields[..] else {
                panic!("tactics.txt:{line}: expected 4 fields");
            };
            let plies: u32 = note
                .split_once("win in ")
                .and_then(|(_, rest)| rest.split_whitespace().next())
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| panic!("tactics.txt:{line}: no `win in N plies`"));
            let depth = fixed.unwrap_or(plies + 3);
            let pos = position(fen);
            let rules = rules(rules_text);
            let answer = parse_move(answer, &pos, &rules)
                .unwrap_or_else(|e| panic!("tactics.txt:{line}: {answer}: {e}"));
            engine.clear();
            let result = engine.search(&pos, &[], &rules, &Limits::depth(depth), |_| {});
            let tama_search::SearchResult::Move(best) = result else {
                panic!("tactics.txt:{line}: no move");
            };
            let best = best.mv;
            if best != answer {
                missed.push(format!(
                    "{kind:?} tactics.txt:{line}: {fen} {rules_text}: played {}, wins only {}",
                    tama_notation::write_move(&pos, &rules, &best),
                    fields[2]
                ));
            }
        }
    }
    assert!(
        missed.is_empty(),
        "{} missed:\n{}",
        missed.len(),
        missed.join("\n")
    );
}
