//! The engine's endgame-oracle hook: the oracle is asked (only about quiet
//! positions it may cover), its answers are obeyed (a lie changes the
//! engine's choice, "draw" everywhere gives draw scores), and a perfect
//! oracle from a small brute-force solve in this file makes the engine
//! convert won positions and hold drawn ones.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use tama_core::{Color, Game, Move, Piece, Position, Role, Rules, Setup, Square};
use tama_search::{
    BestMove, EndgameOracle, Engine, EngineConfig, InfoKind, Limits, Oracle, OracleValue, Score,
    SearchResult, Wdl,
};

use crate::util::Rng;

fn position(turn: Color, pieces: &[(&str, Color, Role)]) -> Position {
    let mut s = Setup::empty(turn);
    for &(sq, c, r) in pieces {
        s.put(sq.parse::<Square>().expect("a square"), Piece::new(c, r));
    }
    Position::from_setup(s).expect("a valid test position")
}

fn engine_with(oracle: Option<Oracle>) -> Engine {
    Engine::new(EngineConfig {
        hash_mib: 2,
        oracle,
        ..EngineConfig::default()
    })
}

fn best(result: SearchResult) -> BestMove {
    match result {
        SearchResult::Move(b) => b,
        SearchResult::GameOver(o) => panic!("unexpected game over {o:?}"),
    }
}

const DRAW: OracleValue = OracleValue::counted(Wdl::Draw, 0);

/// Says "draw" for every position of at most `max` pieces, counting the
/// questions and the ones it should not have been asked.
struct DrawOracle {
    max: u32,
    probes: AtomicU64,
    bad: AtomicU64,
}

impl EndgameOracle for DrawOracle {
    fn max_pieces(&self) -> u32 {
        self.max
    }

    fn probe(&self, pos: &Position, _rules: &Rules) -> Option<OracleValue> {
        self.probes.fetch_add(1, Ordering::Relaxed);
        if pos.occupied().count() > self.max {
            self.bad.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        if pos.has_capture() {
            self.bad.fetch_add(1, Ordering::Relaxed);
        }
        Some(DRAW)
    }
}

/// Answers only about the positions it was given, with the value given.
struct ListOracle(HashMap<Position, OracleValue>);

impl EndgameOracle for ListOracle {
    fn max_pieces(&self) -> u32 {
        32
    }

    fn probe(&self, pos: &Position, _rules: &Rules) -> Option<OracleValue> {
        self.0.get(pos).copied()
    }
}

#[test]
fn the_oracle_is_asked_about_quiet_covered_positions_only() {
    let rules = Rules::ARMENIAN;
    // Five pieces: the root is not covered; lines that capture reach
    // three and fewer.
    let pos = position(
        Color::White,
        &[
            ("d4", Color::White, Role::King),
            ("b2", Color::White, Role::Man),
            ("d6", Color::Black, Role::Man),
            ("g6", Color::Black, Role::Man),
            ("h8", Color::Black, Role::King),
        ],
    );
    let oracle = Arc::new(DrawOracle {
        max: 3,
        probes: AtomicU64::new(0),
        bad: AtomicU64::new(0),
    });
    let mut engine = engine_with(Some(Oracle(oracle.clone())));
    let mut last_info_hits = 0;
    let b = best(engine.search(&pos, &[], &rules, &Limits::depth(6), |i| {
        if i.kind == InfoKind::Iteration {
            last_info_hits = i.tbhits;
        }
    }));
    let probes = oracle.probes.load(Ordering::Relaxed);
    assert!(probes > 0, "the oracle was never asked");
    assert_eq!(oracle.bad.load(Ordering::Relaxed), 0);
    // Every question was answered: the hits are the questions.
    assert_eq!(b.tbhits, probes);
    assert!(last_info_hits > 0 && last_info_hits <= b.tbhits);
    // Two threads ask it too, and their answers are counted.
    let mut two = Engine::new(EngineConfig {
        hash_mib: 2,
        threads: 2,
        oracle: Some(Oracle(oracle.clone())),
        ..EngineConfig::default()
    });
    let before = oracle.probes.load(Ordering::Relaxed);
    let b = best(two.search(&pos, &[], &rules, &Limits::depth(6), |_| {}));
    assert_eq!(b.tbhits, oracle.probes.load(Ordering::Relaxed) - before);
    assert!(b.tbhits > 0);
    assert_eq!(oracle.bad.load(Ordering::Relaxed), 0);
    // Without an oracle nothing is counted.
    let b = best(engine_with(None).search(&pos, &[], &rules, &Limits::depth(6), |_| {}));
    assert_eq!((b.tbhits, b.tb), (0, None));
}

#[test]
fn a_draw_oracle_gives_draw_scores() {
    let rules = Rules::ARMENIAN;
    // King and man against king: the engine alone thinks White is well
    // ahead.
    let pos = position(
        Color::White,
        &[
            ("a1", Color::White, Role::King),
            ("c3", Color::White, Role::Man),
            ("h7", Color::Black, Role::King),
        ],
    );
    let alone = best(engine_with(None).search(&pos, &[], &rules, &Limits::depth(8), |_| {}));
    assert!(alone.score > Score::centi_men(200), "{alone:?}");
    let oracle = Oracle::new(DrawOracle {
        max: 3,
        probes: AtomicU64::new(0),
        bad: AtomicU64::new(0),
    });
    let mut infos = Vec::new();
    let b =
        best(
            engine_with(Some(oracle.clone())).search(&pos, &[], &rules, &Limits::depth(6), |i| {
                infos.push(i.clone())
            }),
        );
    assert_eq!(b.score, Score::DRAW);
    assert_eq!(b.tb, Some(DRAW));
    assert!(b
        .lines
        .iter()
        .all(|l| l.tb == Some(DRAW) && l.score == Score::DRAW));
    assert!(infos.iter().all(|i| i.tb == Some(DRAW)) && !infos.is_empty());
    // With `infinite` the engine searches, and the root's lines still
    // score as draws from the oracle's answers one ply down.
    let mut engine = engine_with(Some(oracle));
    let limits = Limits {
        infinite: true,
        ..Limits::depth(3)
    };
    let b = best(engine.search(&pos, &[], &rules, &limits, |_| {}));
    assert_eq!(b.score, Score::DRAW);
    assert!(b.depth >= 1 && b.tbhits > 0);
}

#[test]
fn a_lying_oracle_changes_the_choice() {
    let rules = Rules::ARMENIAN;
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for game in 0..40 {
        // A middlegame position from random play.
        let mut pos = Position::start();
        for _ in 0..(12 + game % 9) {
            let moves = pos.legal_moves(&rules);
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        let moves = pos.legal_moves(&rules);
        if moves.len() < 2 || moves[0].is_capture() {
            continue;
        }
        let honest = best(engine_with(None).search(&pos, &[], &rules, &Limits::depth(4), |_| {}));
        // Another move into a quiet position: the oracle says the
        // opponent is lost there.
        let Some(other) = moves
            .iter()
            .copied()
            .find(|m| *m != honest.mv && !pos.play_unchecked(m).has_capture())
        else {
            continue;
        };
        let lost = OracleValue::counted(Wdl::Loss, 0);
        let lie = ListOracle(HashMap::from([(pos.play_unchecked(&other), lost)]));
        let b = best(engine_with(Some(Oracle::new(lie))).search(
            &pos,
            &[],
            &rules,
            &Limits::depth(4),
            |_| {},
        ));
        assert_eq!(b.mv, other, "{pos:?}");
        assert_eq!(b.score, Score::win_in(1));
        assert_eq!(b.tb, Some(lost.for_mover()));
        assert!(b.tbhits >= 1);
        // The engine's own choice, said to win for the opponent, is
        // avoided (when it leads to a quiet position).
        let child = pos.play_unchecked(&honest.mv);
        if !child.has_capture() {
            let won = OracleValue::counted(Wdl::Win, 3);
            let lie = ListOracle(HashMap::from([(child, won)]));
            let b = best(engine_with(Some(Oracle::new(lie))).search(
                &pos,
                &[],
                &rules,
                &Limits::depth(4),
                |_| {},
            ));
            assert_ne!(b.mv, honest.mv, "{pos:?}");
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} positions checked");
}

// ---------------------------------------------------------------------------
// A perfect oracle from a brute-force solve.

/// Every position reachable from `starts`, solved by retrograde analysis:
/// a position without legal moves is lost; one with a move into a lost
/// position is won (distance: one more than the quickest such); one whose
/// moves all lead to won positions is lost (one more than the slowest);
/// the rest are draws (positions repeat forever, or a draw by rule).
struct Solved {
    values: HashMap<Position, OracleValue>,
    max: u32,
}

fn solve(starts: &[Position], rules: &Rules) -> Solved {
    let mut index: HashMap<Position, usize> = HashMap::new();
    let mut positions = Vec::new();
    let mut queue: VecDeque<Position> = starts.iter().copied().collect();
    for p in starts {
        index.insert(*p, positions.len());
        positions.push(*p);
    }
    let mut succ: Vec<Vec<usize>> = Vec::new();
    let mut draw_by_rule = Vec::new();
    while let Some(p) = queue.pop_front() {
        let i = index[&p];
        debug_assert_eq!(i, succ.len());
        let over = tama_core::position_outcome(&p, rules);
        draw_by_rule.push(matches!(over, Some(o) if o.winner.is_none()));
        let mut list = Vec::new();
        if over.is_none() {
            for mv in p.legal_moves(rules).iter() {
                let c = p.play_unchecked(mv);
                let j = *index.entry(c).or_insert_with(|| {
                    positions.push(c);
                    queue.push_back(c);
                    positions.len() - 1
                });
                list.push(j);
            }
        }
        succ.push(list);
    }
    let n = positions.len();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, s) in succ.iter().enumerate() {
        for &j in s {
            pred[j].push(i);
        }
    }
    let mut value: Vec<Option<OracleValue>> = vec![None; n];
    let mut left: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut worst: Vec<u32> = vec![0; n];
    let mut queue = VecDeque::new();
    for i in 0..n {
        if succ[i].is_empty() && !draw_by_rule[i] {
            value[i] = Some(OracleValue::counted(Wdl::Loss, 0));
            queue.push_back(i);
        }
    }
    // Breadth-first by distance: wins get their shortest distance, losses
    // their longest.
    while let Some(j) = queue.pop_front() {
        let v = value[j].expect("queued positions are solved");
        for &i in &pred[j] {
            if value[i].is_some() {
                continue;
            }
            match v.wdl {
                Wdl::Loss => {
                    value[i] = Some(OracleValue::counted(Wdl::Win, v.distance + 1));
                    queue.push_back(i);
                }
                Wdl::Win => {
                    left[i] -= 1;
                    worst[i] = worst[i].max(v.distance + 1);
                    if left[i] == 0 {
                        value[i] = Some(OracleValue::counted(Wdl::Loss, worst[i]));
                        queue.push_back(i);
                    }
                }
                Wdl::Draw => {}
            }
        }
    }
    let max = positions
        .iter()
        .map(|p| p.occupied().count())
        .max()
        .unwrap_or(0);
    Solved {
        values: positions
            .into_iter()
            .zip(value)
            .map(|(p, v)| (p, v.unwrap_or(DRAW)))
            .collect(),
        max,
    }
}

/// The solved values as an oracle covering positions of at most `max`
/// pieces.
struct Perfect {
    solved: Arc<Solved>,
    max: u32,
    probes: AtomicU64,
}

impl EndgameOracle for Perfect {
    fn max_pieces(&self) -> u32 {
        self.max
    }

    fn probe(&self, pos: &Position, _rules: &Rules) -> Option<OracleValue> {
        self.probes.fetch_add(1, Ordering::Relaxed);
        if pos.occupied().count() > self.max {
            return None;
        }
        self.solved.values.get(pos).copied()
    }
}

/// Two kings against one (armenian rules), every placement, and what it
/// leads to (king against king, lone kings).
/// Solved once and shared by the tests.
fn two_kings_against_one() -> (Arc<Solved>, Rules) {
    static SOLVED: OnceLock<Arc<Solved>> = OnceLock::new();
    let rules = Rules::ARMENIAN;
    let solved = SOLVED.get_or_init(|| Arc::new(solve_two_kings_against_one(&rules)));
    (solved.clone(), rules)
}

fn solve_two_kings_against_one(rules: &Rules) -> Solved {
    let mut starts = Vec::new();
    let all = || (0..64).map(|i| Square::new(i).expect("a square"));
    for turn in [Color::White, Color::Black] {
        for w1 in all() {
            for w2 in all().filter(|&w2| w2 > w1) {
                for b in all().filter(|&b| b != w1 && b != w2) {
                    let mut s = Setup::empty(turn);
                    s.put(w1, Piece::new(Color::White, Role::King));
                    s.put(w2, Piece::new(Color::White, Role::King));
                    s.put(b, Piece::new(Color::Black, Role::King));
                    if let Ok(p) = Position::from_setup(s) {
                        starts.push(p);
                    }
                }
            }
        }
    }
    solve(&starts, rules)
}

/// The solver's best move for the side to move: the shortest win, else a
/// draw, else the longest loss.
fn perfect_move(solved: &Solved, pos: &Position, rules: &Rules) -> Move {
    let score = |m: &Move| {
        let v = solved.values[&pos.play_unchecked(m)].for_mover();
        v.score()
    };
    let moves = pos.legal_moves(rules);
    *moves
        .iter()
        .max_by_key(|m| score(m))
        .expect("the game is not over")
}

#[test]
fn a_perfect_oracle_converts_wins_and_holds_draws() {
    let (solved, rules) = two_kings_against_one();
    assert!(solved.values.len() > 1000, "{}", solved.values.len());
    let oracle = Oracle::new(Perfect {
        solved: solved.clone(),
        max: solved.max,
        probes: AtomicU64::new(0),
    });
    // The longest wins, and some draws.
    let mut wins: Vec<(&Position, &OracleValue)> = solved
        .values
        .iter()
        .filter(|(_, v)| v.wdl == Wdl::Win)
        .collect();
    wins.sort_by_key(|(p, v)| (std::cmp::Reverse(v.distance), p.hash()));
    eprintln!(
        "{} positions solved, the longest win {:?}, {} drawn",
        solved.values.len(),
        wins[0].1,
        solved
            .values
            .values()
            .filter(|v| v.wdl == Wdl::Draw)
            .count()
    );
    assert!(
        wins[0].1.distance >= 5,
        "the longest win is {:?}",
        wins[0].1
    );
    let mut draws: Vec<&Position> = solved
        .values
        .iter()
        .filter(|(p, v)| v.wdl == Wdl::Draw && tama_core::position_outcome(p, &rules).is_none())
        .map(|(p, _)| p)
        .collect();
    draws.sort_by_key(|p| p.hash());
    let mut engine = engine_with(Some(oracle));
    for (start, value) in wins.iter().take(6) {
        // The engine plays the winning side, the solver defends.
        let winner = start.turn();
        let mut game = Game::from_position(rules, **start);
        let mut plies = 0;
        while game.outcome().is_none() && plies <= value.distance {
            let pos = *game.position();
            let mv = if pos.turn() == winner {
                let b = best(engine.search_game(&game, &Limits::depth(2), |_| {}));
                let expected = solved.values[&pos];
                assert_eq!(b.tb.map(|v| v.wdl), Some(Wdl::Win), "{pos:?}");
                assert_eq!(b.score, expected.score(), "{pos:?}");
                b.mv
            } else {
                perfect_move(&solved, &pos, &rules)
            };
            game.play(&mv).expect("legal");
            plies += 1;
        }
        let outcome = game.outcome().expect("the win was converted in time");
        assert_eq!(outcome.winner, Some(winner), "from {start:?}");
        assert_eq!(plies, value.distance, "from {start:?}");
    }
    // From drawn positions, against random moves, the engine never plays
    // into a lost position.
    let mut rng = Rng::new(5);
    let mut seen = HashSet::new();
    for start in draws.iter().step_by(draws.len() / 8 + 1).take(8) {
        let side = start.turn();
        let mut game = Game::from_position(rules, **start);
        for _ in 0..30 {
            if game.outcome().is_some() {
                break;
            }
            let pos = *game.position();
            let mv = if pos.turn() == side {
                best(engine.search_game(&game, &Limits::depth(2), |_| {})).mv
            } else {
                let moves = pos.legal_moves(&rules);
                moves[rng.below(moves.len())]
            };
            game.play(&mv).expect("legal");
            if pos.turn() == side {
                let v = solved.values[game.position()];
                assert_ne!(v.wdl, Wdl::Win, "the engine let a draw slip from {start:?}");
            }
            seen.insert(*game.position());
        }
        if let Some(o) = game.outcome() {
            assert_ne!(
                o.winner,
                Some(side.opponent()),
                "lost from a draw {start:?}"
            );
        }
    }
    assert!(seen.len() > 10);
}

#[test]
fn oracle_scores_inside_the_search_match_the_solve() {
    // With `infinite` the engine searches instead of deciding at the root;
    // the oracle's answers one and two plies down must add up to the
    // solved value of the root.
    let (solved, rules) = two_kings_against_one();
    let perfect = Arc::new(Perfect {
        solved: solved.clone(),
        max: solved.max,
        probes: AtomicU64::new(0),
    });
    let mut engine = engine_with(Some(Oracle(perfect.clone())));
    let limits = Limits {
        infinite: true,
        ..Limits::depth(3)
    };
    let mut starts: Vec<(&Position, &OracleValue)> = solved
        .values
        .iter()
        .filter(|(p, _)| tama_core::position_outcome(p, &rules).is_none())
        .collect();
    starts.sort_by_key(|(p, _)| p.hash());
    let mut kinds = HashSet::new();
    for (pos, value) in starts.iter().step_by(starts.len() / 40 + 1) {
        let b = best(engine.search(pos, &[], &rules, &limits, |_| {}));
        assert!(b.tbhits > 0);
        assert_eq!(b.score, value.score(), "{pos:?}");
        kinds.insert(value.wdl);
    }
    assert!(perfect.probes.load(Ordering::Relaxed) > 0);
    assert!(kinds.len() >= 2, "{kinds:?}");
}
