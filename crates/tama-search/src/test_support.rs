//! What the unit tests of the search need: a search context without an
//! engine, positions from text, and random games.

use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicU64};

use tama_core::{Color, Move, Piece, Position, Role, Rules, Setup, Square};

use crate::engine::Signals;
use crate::eval::Evaluator;
use crate::params::SearchOptions;
use crate::tt::Tt;
use crate::worker::{Ctx, Worker};

/// Everything a [`Ctx`] borrows, for one thread.
pub(crate) struct Harness {
    pub(crate) tt: Tt,
    pub(crate) signals: Signals,
    pub(crate) abort: AtomicBool,
    pub(crate) opts: SearchOptions,
    pub(crate) eval: Evaluator,
    pub(crate) counters: [AtomicU64; 1],
    pub(crate) tb_counters: [AtomicU64; 1],
    pub(crate) rules: Rules,
    pub(crate) multipv: usize,
}

impl Harness {
    pub(crate) fn new(rules: Rules, opts: SearchOptions) -> Harness {
        Harness {
            tt: Tt::new(1),
            signals: Signals::default(),
            abort: AtomicBool::new(false),
            opts,
            eval: Evaluator::default(),
            counters: [AtomicU64::new(0)],
            tb_counters: [AtomicU64::new(0)],
            rules,
            multipv: 1,
        }
    }

    pub(crate) fn ctx(&self) -> Ctx<'_> {
        Ctx {
            tt: &self.tt,
            signals: &self.signals,
            interrupt: None,
            pondering: false,
            ponder_probe: None,
            abort: &self.abort,
            rules: self.rules,
            opts: &self.opts,
            eval: &self.eval,
            start: Instant::now(),
            hard: None,
            node_limit: u64::MAX,
            counters: &self.counters,
            multipv: self.multipv,
            oracle: None,
            oracle_pieces: 0,
            tb_counters: &self.tb_counters,
        }
    }

    /// A worker prepared to search `root` (no game history), as if in an
    /// iteration of depth 10.
    pub(crate) fn worker(&self, root: &Position) -> Worker {
        let mut w = Worker::new(0);
        let moves = root.legal_moves(&self.rules);
        w.prepare(&self.ctx(), root, &[], &moves, &[]);
        w.root_depth = 10;
        w
    }
}

/// Puts `pos` at `ply` of the worker's path as if reached by an
/// irreversible move (nothing before it can repeat), so that the search
/// can be called there directly.
pub(crate) fn place(w: &mut Worker, pos: &Position, ply: usize) {
    let idx = w.root_idx + ply;
    w.hashes[idx] = pos.hash();
    w.frames[ply].irr = idx;
}

/// A position from `(square, colour, role)` triples.
pub(crate) fn position(turn: Color, pieces: &[(&str, Color, Role)]) -> Position {
    let mut s = Setup::empty(turn);
    for &(sq, c, r) in pieces {
        s.put(sq.parse::<Square>().expect("a square"), Piece::new(c, r));
    }
    Position::from_setup(s).expect("a valid test position")
}

pub(crate) use tama_test_support::Rng;

/// A random game of at most `plies` moves from `start` in which a piece
/// often steps back to where it came from, so that positions repeat: the
/// positions (start first) and the moves.
pub(crate) fn shuffling_game(
    rng: &mut Rng,
    start: Position,
    rules: &Rules,
    plies: usize,
) -> (Vec<Position>, Vec<Move>) {
    let mut positions = vec![start];
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..plies {
        let pos = *positions.last().expect("never empty");
        let legal = pos.legal_moves(rules);
        if legal.is_empty() {
            break;
        }
        // The same side's last move, undone.
        let back = moves
            .len()
            .checked_sub(2)
            .map(|i| moves[i])
            .and_then(|last| {
                legal
                    .iter()
                    .copied()
                    .find(|m| m.from() == last.to() && m.to() == last.from())
            });
        let mv = match back {
            Some(m) if rng.below(100) < 60 => m,
            _ => legal[rng.below(legal.len())],
        };
        moves.push(mv);
        positions.push(pos.play_unchecked(&mv));
    }
    (positions, moves)
}
