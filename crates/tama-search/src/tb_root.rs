//! The endgame oracle at the root: the value of every root move, and the
//! result the engine returns without searching when they are all known
//! (see the [`oracle`](crate::oracle) module for the rules).

use std::time::Duration;

use crate::clock::Instant;

use tama_core::{position_outcome, Move, MoveList, Position, Repetitions, Rules};

use crate::oracle::{EndgameOracle, OracleValue, Wdl};
use crate::progress::{BestMove, Info, InfoKind, RootLine, SearchResult};
use crate::score::Score;

/// The principal variation of an oracle result is followed for at most
/// this many plies (it is for display; the moves are played one search at
/// a time).
const PV_PLIES: usize = 24;

/// The value, for the side to move at `pos`, of playing into `child`: the
/// rules decide first (the game ends, the one-each draw, a third
/// occurrence when `reps` is the game so far), then the oracle when it
/// covers `child` and may be asked (few enough pieces). `hits` counts the
/// oracle's answers.
fn child_value(
    oracle: &dyn EndgameOracle,
    pos: &Position,
    child: &Position,
    reps: Option<&Repetitions>,
    rules: &Rules,
    hits: &mut u64,
) -> Option<OracleValue> {
    if let Some(outcome) = position_outcome(child, rules) {
        return Some(match outcome.winner {
            Some(w) if w == pos.turn() => OracleValue::counted(Wdl::Win, 1),
            Some(_) => OracleValue::counted(Wdl::Loss, 1),
            None => OracleValue::counted(Wdl::Draw, 0),
        });
    }
    if rules.draw_repetition && reps.is_some_and(|r| r.count_if_pushed(child) >= 3) {
        return Some(OracleValue::counted(Wdl::Draw, 0));
    }
    if child.occupied().count() > oracle.max_pieces() {
        return None;
    }
    let v = oracle.probe(child, rules)?;
    *hits += 1;
    Some(v.for_mover())
}

/// The value of each of `moves` from `root` (`None` where neither the
/// rules nor the oracle decide), with the number of oracle answers.
/// `reps` is the game up to and including `root`.
pub(crate) fn root_values(
    oracle: &dyn EndgameOracle,
    root: &Position,
    moves: &[Move],
    reps: &Repetitions,
    rules: &Rules,
) -> (Vec<Option<OracleValue>>, u64) {
    let mut hits = 0;
    let values = moves
        .iter()
        .map(|mv| {
            let child = root.play_unchecked(mv);
            child_value(oracle, root, &child, Some(reps), rules, &mut hits)
        })
        .collect();
    (values, hits)
}

/// The best of `moves` by their values (the first of equals, so the
/// choice is deterministic), or `None` when one is unknown.
fn best_by_value(values: &[Option<OracleValue>]) -> Option<usize> {
    let mut best: Option<(usize, Score)> = None;
    for (i, v) in values.iter().enumerate() {
        let s = (*v)?.score();
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((i, s));
        }
    }
    best.map(|(i, _)| i)
}

/// The line the oracle gives after `first`: at each position the move
/// with the best value, while every move's value is known and the game
/// goes on (at most [`PV_PLIES`] plies; repetitions are not followed).
fn oracle_line(
    oracle: &dyn EndgameOracle,
    root: &Position,
    first: Move,
    rules: &Rules,
    hits: &mut u64,
) -> Vec<Move> {
    let mut pv = vec![first];
    let mut pos = root.play_unchecked(&first);
    let mut moves = MoveList::new();
    while pv.len() < PV_PLIES && position_outcome(&pos, rules).is_none() {
        pos.generate_moves(rules, &mut moves);
        let values: Vec<Option<OracleValue>> = moves
            .iter()
            .map(|mv| {
                let child = pos.play_unchecked(mv);
                child_value(oracle, &pos, &child, None, rules, hits)
            })
            .collect();
        let Some(i) = best_by_value(&values) else {
            break;
        };
        pv.push(moves[i]);
        pos = pos.play_unchecked(&moves[i]);
    }
    pv
}

/// The result when every root move's value is known: the moves ordered by
/// value (the shortest win first, then draws, then the longest loss), the
/// best `multipv` of them as lines, each reported once through
/// `progress`. `None` when a value is missing.
#[allow(clippy::too_many_arguments)]
pub(crate) fn oracle_result(
    oracle: &dyn EndgameOracle,
    root: &Position,
    moves: &[Move],
    values: &[Option<OracleValue>],
    multipv: usize,
    rules: &Rules,
    start: Instant,
    mut hits: u64,
    progress: &mut dyn FnMut(&Info),
) -> Option<SearchResult> {
    let mut order: Vec<(Move, OracleValue)> = moves
        .iter()
        .zip(values)
        .map(|(&mv, v)| v.map(|v| (mv, v)))
        .collect::<Option<_>>()?;
    // A stable sort keeps the move generator's order among equals.
    order.sort_by_key(|&(_, v)| std::cmp::Reverse(v.score()));
    let lines: Vec<RootLine> = order
        .iter()
        .take(multipv.max(1))
        .map(|&(mv, v)| RootLine {
            mv,
            score: v.score(),
            pv: oracle_line(oracle, root, mv, rules, &mut hits),
            tb: Some(v),
        })
        .collect();
    let time = start.elapsed();
    for (i, line) in lines.iter().enumerate() {
        progress(&Info {
            kind: InfoKind::Iteration,
            depth: 1,
            seldepth: line.pv.len() as u32,
            multipv: i + 1,
            score: line.score,
            lower_bound: false,
            upper_bound: false,
            nodes: 1,
            nps: nps(1, time),
            time,
            hashfull: 0,
            pv: line.pv.clone(),
            tb: line.tb,
            tbhits: hits,
        });
    }
    let best = lines.first()?.clone();
    Some(SearchResult::Move(BestMove {
        mv: best.mv,
        score: best.score,
        seldepth: best.pv.len() as u32,
        pv: best.pv,
        depth: 0,
        nodes: 1,
        time,
        interrupted: false,
        partial: false,
        tb: best.tb,
        tbhits: hits,
        lines,
        book: false,
    }))
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let s = time.as_secs_f64();
    if s > 0.0 {
        (nodes as f64 / s) as u64
    } else {
        0
    }
}
