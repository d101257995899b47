//! A plain reference player: fixed-depth alpha-beta with a material-only
//! evaluation, iterated over depths 1, 2, 3… while time allows.
//!
//! It has no transposition table, no move ordering, no quiescence stage,
//! no pruning and no repetition detection: it exists to measure the engine
//! against (see [`play_match`](crate::play_match)).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tama_core::{Color, Move, MoveList, Position, Role, Rules};

use tama_search::params::{EvalParams, SearchParams};
use tama_search::{Limits, Score, MAX_PLY};

/// The raw value of a win at the root (a win in `n` plies is `MATE - n`).
const MATE: i32 = Score::win_in(0).raw();

/// The plain alpha-beta player.
///
/// ```
/// use tama_core::{Position, Rules};
/// use tama_arena::baseline::Baseline;
/// use tama_search::Limits;
///
/// let mut plain = Baseline::new();
/// let (mv, _score, depth) = plain.search(&Position::start(), &Rules::ARMENIAN, &Limits::depth(3)).unwrap();
/// assert_eq!(depth, 3);
/// assert!(Position::start().is_legal(&Rules::ARMENIAN, &mv));
/// ```
#[derive(Debug)]
pub struct Baseline {
    lists: Vec<MoveList>,
    nodes: u64,
    deadline: Option<Duration>,
    node_limit: u64,
    start: Instant,
    stopped: bool,
    man: i32,
    king: i32,
}

impl Default for Baseline {
    fn default() -> Baseline {
        Baseline::new()
    }
}

impl Baseline {
    /// A new player (material values from [`EvalParams::DEFAULT`]).
    pub fn new() -> Baseline {
        Baseline {
            lists: (0..MAX_PLY + 1).map(|_| MoveList::new()).collect(),
            nodes: 0,
            deadline: None,
            node_limit: u64::MAX,
            start: Instant::now(),
            stopped: false,
            man: EvalParams::DEFAULT.man,
            king: EvalParams::DEFAULT.king,
        }
    }

    /// Nodes searched by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches `pos`: returns the best move of the deepest completed
    /// iteration, its score (centi-men for the side to move) and that
    /// depth; `None` when there is no legal move. `stop` is polled like
    /// the time.
    pub fn search_with_stop(
        &mut self,
        pos: &Position,
        rules: &Rules,
        limits: &Limits,
        stop: Option<&AtomicBool>,
    ) -> Option<(Move, i32, u32)> {
        self.start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = limits.hard_deadline(pos.turn(), &SearchParams::DEFAULT);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        let root_moves = pos.legal_moves(rules);
        if root_moves.is_empty() {
            return None;
        }
        let mut best = (root_moves[0], 0, 0);
        if root_moves.len() == 1 {
            return Some(best);
        }
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        for depth in 1..=max_depth {
            let mut alpha = -MATE - 1;
            let mut iteration_best = None;
            for mv in root_moves.iter() {
                let child = pos.play_unchecked(mv);
                let s =
                    -self.alphabeta(&child, rules, depth as i32 - 1, -MATE - 1, -alpha, 1, stop);
                if self.stopped {
                    break;
                }
                if s > alpha {
                    alpha = s;
                    iteration_best = Some((*mv, s));
                }
            }
            if self.stopped {
                break;
            }
            if let Some((mv, s)) = iteration_best {
                best = (mv, s, depth);
            }
            if alpha.abs() > MATE - 200 {
                break;
            }
        }
        Some(best)
    }

    /// [`Baseline::search_with_stop`] without a stop flag.
    pub fn search(
        &mut self,
        pos: &Position,
        rules: &Rules,
        limits: &Limits,
    ) -> Option<(Move, i32, u32)> {
        self.search_with_stop(pos, rules, limits, None)
    }

    fn material(&self, pos: &Position) -> i32 {
        let us = pos.turn();
        let them = us.opponent();
        let count = |c: Color, r: Role| pos.pieces_of(c, r).count() as i32;
        self.man * (count(us, Role::Man) - count(them, Role::Man))
            + self.king * (count(us, Role::King) - count(them, Role::King))
    }

    #[allow(clippy::too_many_arguments)]
    fn alphabeta(
        &mut self,
        pos: &Position,
        rules: &Rules,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        stop: Option<&AtomicBool>,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            let late = self.deadline.is_some_and(|d| self.start.elapsed() >= d);
            if late
                || self.nodes >= self.node_limit
                || stop.is_some_and(|s| s.load(Ordering::Relaxed))
            {
                self.stopped = true;
            }
        }
        if self.stopped {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            // The game may be over here; a plain search does not look.
            return self.material(pos);
        }
        pos.generate_moves(rules, &mut self.lists[ply]);
        let n = self.lists[ply].len();
        if n == 0 {
            return -MATE + ply as i32;
        }
        let mut best = -MATE - 1;
        for i in 0..n {
            let child = pos.play_unchecked(&self.lists[ply][i]);
            let s = -self.alphabeta(&child, rules, depth - 1, -beta, -alpha, ply + 1, stop);
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
