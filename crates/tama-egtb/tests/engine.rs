//! The engine with the tables as its oracle: it converts won 3-piece
//! positions within the tables' distance against the best defence, and
//! never lets a drawn one slip against random play.

use std::path::PathBuf;

use tama_core::{Bitboard, Color, Game, Move, Position, Rules, Setup};
use tama_egtb::{generate, GenOptions, Plan, Tablebase, Wdl};
use tama_search::{Engine, EngineConfig, Limits, SearchResult};

use tama_test_support::Rng;

fn tables(rules: &Rules) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("egtb-engine-{}", std::process::id()))
        .join(tama_notation::write_rules(rules));
    let _ = std::fs::remove_dir_all(&dir);
    let opts = GenOptions {
        threads: 2,
        ..GenOptions::default()
    };
    generate(&dir, rules, &Plan::new(3), None, &opts).unwrap();
    dir
}

/// Random 3-piece positions (two pieces against one, either side to
/// move) covered by the tables.
fn random_positions(tb: &Tablebase, rng: &mut Rng, n: usize) -> Vec<Position> {
    let mut out = Vec::new();
    while out.len() < n {
        let mut s = Setup::empty(if rng.next_u64().is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        });
        for i in 0..3 {
            loop {
                let sq = (rng.next_u64() % 64) as u32;
                let king = rng.next_u64().is_multiple_of(2);
                let bit = Bitboard(1 << sq);
                if (s.white | s.black).0 & bit.0 != 0 || (!king && !(8..56).contains(&sq)) {
                    continue;
                }
                if i < 2 {
                    s.white |= bit;
                } else {
                    s.black |= bit;
                }
                if king {
                    s.kings |= bit;
                }
                break;
            }
        }
        let p = Position::from_setup(s).unwrap();
        if tb.probe(&p).unwrap().is_some() {
            out.push(p);
        }
    }
    out
}

/// The tables' best move for the side to move: the quickest win, else a
/// draw, else the slowest loss.
fn table_move(tb: &Tablebase, pos: &Position) -> Move {
    tb.best_move(pos).unwrap().expect("a covered legal move").0
}

fn engine_move(engine: &mut Engine, game: &Game) -> Move {
    match engine.search_game(game, &Limits::depth(3), |_| {}) {
        SearchResult::Move(b) => b.mv,
        SearchResult::GameOver(o) => panic!("game over {o:?}"),
    }
}

fn converts_and_holds(rules: Rules) {
    let dir = tables(&rules);
    let tb = Tablebase::open(&dir, &rules).unwrap();
    let mut engine = Engine::new(EngineConfig {
        hash_mib: 4,
        oracle: Some(Tablebase::open(&dir, &rules).unwrap().into_oracle()),
        ..EngineConfig::default()
    });
    let mut rng = Rng::xorshift(0x2545_f491_4f6c_dd1d);
    let positions = random_positions(&tb, &mut rng, 4000);
    let value = |p: &Position| tb.probe(p).unwrap().unwrap();
    let mut wins: Vec<&Position> = positions
        .iter()
        .filter(|p| value(p).wdl == Wdl::Win)
        .collect();
    // The longest wins first, then some others.
    wins.sort_by_key(|p| std::cmp::Reverse(value(p).distance));
    wins.dedup();
    let chosen: Vec<&Position> = wins
        .iter()
        .take(6)
        .chain(wins.iter().step_by(wins.len() / 6 + 1))
        .copied()
        .collect();
    assert!(
        value(chosen[0]).distance >= 9,
        "{}",
        value(chosen[0]).distance
    );
    for start in chosen {
        let v = value(start);
        let winner = start.turn();
        let mut game = Game::from_position(rules, *start);
        let mut plies = 0;
        while game.outcome().is_none() && plies <= v.distance {
            let mv = if game.position().turn() == winner {
                engine_move(&mut engine, &game)
            } else {
                table_move(&tb, game.position())
            };
            game.play(&mv).unwrap();
            plies += 1;
        }
        let fen = tama_notation::write_fen(start);
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{fen}: not won in {} plies", v.distance));
        assert_eq!(outcome.winner, Some(winner), "{fen}");
        assert!(
            plies <= v.distance,
            "{fen}: {plies} plies, the tables say {}",
            v.distance
        );
    }
    // Drawn positions against random moves: the engine's side never moves
    // into a position the opponent wins.
    let draws: Vec<&Position> = positions
        .iter()
        .filter(|p| value(p).wdl == Wdl::Draw && tama_core::position_outcome(p, &rules).is_none())
        .take(10)
        .collect();
    assert_eq!(draws.len(), 10);
    for start in draws {
        let side = start.turn();
        let mut game = Game::from_position(rules, *start);
        for _ in 0..30 {
            if game.outcome().is_some() {
                break;
            }
            let pos = *game.position();
            let mv = if pos.turn() == side {
                engine_move(&mut engine, &game)
            } else {
                let moves = pos.legal_moves(&rules);
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            };
            game.play(&mv).unwrap();
            if pos.turn() == side {
                let after = value(game.position());
                assert_ne!(
                    after.wdl,
                    Wdl::Win,
                    "the engine let {} slip",
                    tama_notation::write_fen(start)
                );
            }
        }
        if let Some(o) = game.outcome() {
            assert_ne!(
                o.winner,
                Some(side.opponent()),
                "{}",
                tama_notation::write_fen(start)
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn armenian_engine_converts_wins_and_holds_draws() {
    converts_and_holds(Rules::ARMENIAN);
}

#[test]
fn turkish_engine_converts_wins_and_holds_draws() {
    converts_and_holds(Rules::TURKISH);
}
