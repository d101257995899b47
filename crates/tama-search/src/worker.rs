//! One search thread's state ([`Worker`]) and what the threads of a
//! search share ([`Ctx`]): per-ply frames, killers, history, the PV table,
//! the repetition keys, node counting and the limits, move ordering.
//! The search itself is in `search.rs` (alpha-beta), `qsearch.rs`
//! (quiescence) and `root.rs` (iterative deepening and the root).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::clock::Instant;

use tama_core::{Color, Move, MoveList, Position, Rules, MOVE_LIST_INLINE};

use crate::eval::Evaluator;
use crate::oracle::{EndgameOracle, OracleValue};
use crate::params::SearchOptions;
use crate::score::{INFINITY, MAX_PLY};
use crate::tt::{move_code, Bound, Tt};

/// A function the search calls now and then (on its main thread, every
/// `check_interval` nodes) to ask whether it must stop: for hosts where no
/// other thread can reach the `StopHandle` while a search runs, such as
/// a single-threaded WebAssembly worker reading a flag in shared memory.
pub type Interrupt = fn() -> bool;

/// What a host tells a running search from another thread: stop, or
/// (for a ponder search) that the opponent played the expected move.
#[derive(Debug, Default)]
pub(crate) struct Signals {
    /// Stop now and return the best move so far.
    pub(crate) stop: AtomicBool,
    /// The ponder search was hit: its time limits start now.
    pub(crate) hit: AtomicBool,
}

/// What every thread of one search shares.
pub(crate) struct Ctx<'a> {
    pub(crate) tt: &'a Tt,
    /// The host's stop and ponder-hit signals.
    pub(crate) signals: &'a Signals,
    /// The host's own stop question, asked by the main thread.
    pub(crate) interrupt: Option<Interrupt>,
    /// A ponder search: no time limit until it is hit.
    pub(crate) pondering: bool,
    /// The host's own ponder-hit question, asked by the main thread.
    pub(crate) ponder_probe: Option<Interrupt>,
    /// Set by the main thread to end the helpers (and itself).
    pub(crate) abort: &'a AtomicBool,
    pub(crate) rules: Rules,
    pub(crate) opts: &'a SearchOptions,
    pub(crate) eval: &'a Evaluator,
    pub(crate) start: Instant,
    /// Abort at this time.
    pub(crate) hard: Option<Duration>,
    /// Abort after this many nodes (all threads).
    pub(crate) node_limit: u64,
    /// Nodes searched by each thread, published every few thousand nodes.
    pub(crate) counters: &'a [AtomicU64],
    /// Number of lines to search (multi-PV).
    pub(crate) multipv: usize,
    /// The endgame oracle, if any.
    pub(crate) oracle: Option<&'a dyn EndgameOracle>,
    /// The oracle is asked about positions with at most this many pieces.
    pub(crate) oracle_pieces: u32,
    /// Oracle answers of each thread, published with the node counts.
    pub(crate) tb_counters: &'a [AtomicU64],
}

impl Ctx<'_> {
    /// Whether the host stopped the search.
    pub(crate) fn stop_requested(&self) -> bool {
        self.signals.stop.load(Ordering::Relaxed)
    }

    /// Whether the host told a ponder search it was hit.
    pub(crate) fn ponder_hit(&self) -> bool {
        self.signals.hit.load(Ordering::Relaxed) || self.ponder_probe.is_some_and(|ask| ask())
    }

    pub(crate) fn total_nodes(&self) -> u64 {
        self.counters
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .sum()
    }
}

/// A root move with its latest score and line.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    /// Score of the current iteration (`-INFINITY` when not known).
    pub(crate) score: i32,
    /// Score of the last iteration that gave one.
    pub(crate) prev_score: i32,
    /// Bound of `score`.
    pub(crate) bound: Bound,
    pub(crate) pv: Vec<Move>,
    pub(crate) seldepth: usize,
    /// The oracle's value of the move, if it has one.
    pub(crate) tb: Option<OracleValue>,
}

impl RootMove {
    /// The best known score: this iteration's, or the last one's.
    pub(crate) fn best_score(&self) -> i32 {
        if self.score == -INFINITY {
            self.prev_score
        } else {
            self.score
        }
    }
}

/// Per-ply storage, allocated once.
pub(crate) struct Frame {
    pub(crate) moves: MoveList,
    pub(crate) scores: Vec<i32>,
    pub(crate) killers: [Move; 2],
    /// Index (in `Worker::hashes`) of the earliest position that the
    /// position at this ply can repeat.
    pub(crate) irr: usize,
    /// The move leading here was a null move.
    pub(crate) null: bool,
    /// The move leading here was extended.
    pub(crate) extended: bool,
}

pub(crate) const NO_MOVE: Move = Move::quiet(tama_core::Square::A1, tama_core::Square::A1, false);

/// One search thread's state.
pub(crate) struct Worker {
    pub(crate) id: usize,
    pub(crate) frames: Vec<Frame>,
    pub(crate) pv: Vec<[Move; MAX_PLY + 1]>,
    pub(crate) pv_len: [usize; MAX_PLY + 2],
    /// History scores by colour, from and to square.
    pub(crate) history: Vec<i32>,
    pub(crate) lmr: Vec<[u8; 64]>,
    pub(crate) lmr_params: (f64, f64),
    /// Zobrist keys: the game's positions that may repeat, the root at
    /// `root_idx`, then the current search path.
    pub(crate) hashes: Vec<u64>,
    pub(crate) root_idx: usize,
    pub(crate) nodes: u64,
    /// Endgame oracle answers.
    pub(crate) tb_hits: u64,
    pub(crate) seldepth: usize,
    pub(crate) stopped: bool,
    /// Exact node limit checked at every node (single thread only).
    pub(crate) local_node_limit: u64,
    pub(crate) root_depth: i32,
    pub(crate) root_moves: Vec<RootMove>,
    pub(crate) completed_depth: u32,
    /// When a ponder search was hit (the main thread only): its time
    /// limits count from then.
    pub(crate) hit_at: Option<Instant>,
}

impl Worker {
    pub(crate) fn new(id: usize) -> Worker {
        let frames = (0..MAX_PLY + 2)
            .map(|_| Frame {
                moves: MoveList::new(),
                scores: vec![0; MOVE_LIST_INLINE],
                killers: [NO_MOVE; 2],
                irr: 0,
                null: false,
                extended: false,
            })
            .collect();
        Worker {
            id,
            frames,
            pv: vec![[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 2],
            history: vec![0; 2 * 64 * 64],
            lmr: vec![[0; 64]; 64],
            lmr_params: (f64::NAN, f64::NAN),
            hashes: Vec::with_capacity(1024),
            root_idx: 0,
            nodes: 0,
            tb_hits: 0,
            seldepth: 0,
            stopped: false,
            local_node_limit: u64::MAX,
            root_depth: 0,
            root_moves: Vec::new(),
            completed_depth: 0,
            hit_at: None,
        }
    }

    /// The iteration the best root move comes from, and whether it is
    /// one stopped before its end: the move heading the root moves was
    /// scored in the iteration that was stopped (its score is not the
    /// previous iteration's), so its line is that iteration's.
    pub(crate) fn result_depth(&self) -> (u32, bool) {
        let stopped_in = self.root_depth.max(0) as u32;
        match self.root_moves.first() {
            Some(rm) if stopped_in > self.completed_depth && rm.score != -INFINITY => {
                (stopped_in, true)
            }
            _ => (self.completed_depth, false),
        }
    }

    /// Forgets what earlier searches learnt (history, killers).
    pub(crate) fn clear(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
        for f in &mut self.frames {
            f.killers = [NO_MOVE; 2];
        }
    }

    /// Sets up a search of `root`. `history` holds the keys of the game's
    /// positions before the root that it may repeat (oldest first).
    pub(crate) fn prepare(
        &mut self,
        ctx: &Ctx<'_>,
        root: &Position,
        history: &[u64],
        moves: &[Move],
        tbs: &[Option<OracleValue>],
    ) {
        let p = &ctx.opts.params;
        if self.lmr_params != (p.lmr_base, p.lmr_divisor) {
            self.lmr_params = (p.lmr_base, p.lmr_divisor);
            for d in 1..64 {
                for m in 1..64 {
                    let r = p.lmr_base + (d as f64).ln() * (m as f64).ln() / p.lmr_divisor;
                    self.lmr[d][m] = r.max(0.0) as u8;
                }
            }
        }
        self.hashes.clear();
        self.hashes.extend_from_slice(history);
        self.root_idx = self.hashes.len();
        self.hashes.push(root.hash());
        self.hashes.resize(self.root_idx + MAX_PLY + 2, 0);
        self.frames[0].irr = 0;
        for f in &mut self.frames {
            f.killers = [NO_MOVE; 2];
        }
        self.nodes = 0;
        self.tb_hits = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.completed_depth = 0;
        self.hit_at = None;
        self.local_node_limit = if ctx.counters.len() == 1 {
            ctx.node_limit
        } else {
            u64::MAX
        };
        self.root_moves = moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| RootMove {
                mv,
                score: -INFINITY,
                prev_score: -INFINITY,
                bound: Bound::Upper,
                pv: vec![mv],
                seldepth: 0,
                tb: tbs.get(i).copied().flatten(),
            })
            .collect();
    }

    /// Counts a node and checks the limits now and then. Returns whether
    /// the search must stop.
    #[inline]
    pub(crate) fn count_node(&mut self, ctx: &Ctx<'_>) -> bool {
        self.nodes += 1;
        if self.nodes >= self.local_node_limit && self.completed_depth > 0 {
            self.stopped = true;
        }
        if self.nodes & (ctx.opts.params.check_interval - 1) == 0 {
            self.check(ctx);
        }
        self.stopped
    }

    #[cold]
    pub(crate) fn check(&mut self, ctx: &Ctx<'_>) {
        ctx.counters[self.id].store(self.nodes, Ordering::Relaxed);
        ctx.tb_counters[self.id].store(self.tb_hits, Ordering::Relaxed);
        if self.id == 0 {
            let over_nodes = ctx.total_nodes() >= ctx.node_limit;
            let over_time = match (ctx.hard, self.clock_origin(ctx)) {
                (Some(hard), Some(origin)) => origin.elapsed() >= hard,
                _ => false,
            };
            let interrupted = ctx.interrupt.is_some_and(|ask| ask());
            if over_nodes || over_time || interrupted || ctx.stop_requested() {
                ctx.abort.store(true, Ordering::Relaxed);
            }
        }
        // The main thread always completes its first iteration, so that
        // there is a scored move to return.
        if (ctx.abort.load(Ordering::Relaxed) || ctx.stop_requested())
            && (self.id != 0 || self.completed_depth > 0)
        {
            self.stopped = true;
        }
    }

    /// Where the time limits count from (the main thread): the search's
    /// start, or for a ponder search the moment it was hit; `None` while
    /// a ponder search waits for its hit (no time limit then).
    pub(crate) fn clock_origin(&mut self, ctx: &Ctx<'_>) -> Option<Instant> {
        if !ctx.pondering {
            return Some(ctx.start);
        }
        if self.hit_at.is_none() && ctx.ponder_hit() {
            self.hit_at = Some(Instant::now());
        }
        self.hit_at
    }

    /// Whether the search was stopped.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Records the child position reached by `mv` from the node at `ply`.
    #[inline]
    pub(crate) fn enter_child(
        &mut self,
        ply: usize,
        mv: &Move,
        parent: &Position,
        child: &Position,
    ) {
        let idx = self.root_idx + ply + 1;
        self.hashes[idx] = child.hash();
        let reversible = parent.is_reversible(mv);
        self.frames[ply + 1].irr = if reversible {
            self.frames[ply].irr
        } else {
            idx
        };
        self.frames[ply + 1].null = false;
    }

    /// Asks the endgame oracle about the quiet position at `ply` (> 0):
    /// its score relative to the root, or `None` when there is no oracle,
    /// the position has too many pieces or a pending capture, or the
    /// oracle does not cover it.
    #[inline]
    pub(crate) fn probe_oracle(
        &mut self,
        ctx: &Ctx<'_>,
        pos: &Position,
        ply: usize,
    ) -> Option<i32> {
        let oracle = ctx.oracle?;
        if pos.occupied().count() > ctx.oracle_pieces || pos.has_capture() {
            return None;
        }
        let value = oracle.probe_in_search(pos, &ctx.rules)?;
        self.tb_hits += 1;
        Some(value.raw_score(ply))
    }

    /// Whether the position at `ply` (> 0) is a draw by rule.
    #[inline]
    pub(crate) fn is_draw(&self, ctx: &Ctx<'_>, pos: &Position, ply: usize) -> bool {
        if pos.is_draw_one_each(&ctx.rules) {
            return true;
        }
        if ctx.rules.draw_repetition {
            let cur = self.root_idx + ply;
            let key = self.hashes[cur];
            let first = self.frames[ply].irr;
            let mut i = cur;
            let mut count = 0;
            while i >= first + 2 {
                i -= 2;
                if self.hashes[i] == key {
                    // A repetition inside the search is a draw (the
                    // position can be repeated again); before the root it
                    // takes two earlier occurrences.
                    if i >= self.root_idx {
                        return true;
                    }
                    count += 1;
                    if count >= 2 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Orders the moves of the frame at `ply`.
    pub(crate) fn score_moves(
        &mut self,
        ply: usize,
        tt_move: u16,
        turn: Color,
        opts: &SearchOptions,
    ) {
        let hist = &self.history;
        let f = &mut self.frames[ply];
        let n = f.moves.len();
        if f.scores.len() < n {
            f.scores.resize(n, 0);
        }
        let base = turn.index() * 4096;
        for (i, m) in f.moves.iter().enumerate() {
            f.scores[i] = if tt_move != 0 && move_code(m) == tt_move {
                1 << 30
            } else if m.is_capture() {
                (1 << 24) + 16 * m.promotes() as i32
            } else if m.promotes() {
                1 << 23
            } else if opts.killers && *m == f.killers[0] {
                1 << 22
            } else if opts.killers && *m == f.killers[1] {
                (1 << 22) - 1
            } else if opts.history {
                hist[base + m.from().index() * 64 + m.to().index()]
            } else {
                0
            };
        }
    }

    /// Moves the best remaining move of the frame to position `i` and
    /// returns it.
    #[inline]
    pub(crate) fn pick(&mut self, ply: usize, i: usize) -> Move {
        let f = &mut self.frames[ply];
        let n = f.moves.len();
        let mut best = i;
        for j in i + 1..n {
            if f.scores[j] > f.scores[best] {
                best = j;
            }
        }
        if best != i {
            f.scores.swap(i, best);
            f.moves.as_mut_slice().swap(i, best);
        }
        f.moves[i]
    }

    #[inline]
    pub(crate) fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line[ply] = mv;
        line[ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    pub(crate) fn update_quiet_stats(
        &mut self,
        ply: usize,
        turn: Color,
        best: Move,
        depth: i32,
        tried: usize,
        opts: &SearchOptions,
    ) {
        if opts.killers && self.frames[ply].killers[0] != best {
            self.frames[ply].killers[1] = self.frames[ply].killers[0];
            self.frames[ply].killers[0] = best;
        }
        if opts.history {
            let max = opts.params.history_max;
            let bonus = (depth * depth).min(max);
            let base = turn.index() * 4096;
            let idx = |m: &Move| base + m.from().index() * 64 + m.to().index();
            let bump = |h: &mut i32, b: i32| *h += b - *h * b.abs() / max;
            bump(&mut self.history[idx(&best)], bonus);
            for j in 0..tried {
                let m = self.frames[ply].moves[j];
                if m != best && !m.is_capture() {
                    bump(&mut self.history[idx(&m)], -bonus);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use tama_core::{Color, Game, Piece, Repetitions, Role, Setup, Square, Termination};

    use super::*;
    use crate::engine::repeatable_history;
    use crate::test_support::{shuffling_game, Harness, Rng};

    /// Two kings and a man each on random squares.
    fn random_start(rng: &mut Rng) -> Position {
        loop {
            let mut s = Setup::empty(if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            });
            let pieces = [
                Piece::new(Color::White, Role::King),
                Piece::new(Color::White, Role::King),
                Piece::new(Color::Black, Role::King),
                Piece::new(Color::Black, Role::King),
                Piece::new(Color::White, Role::Man),
                Piece::new(Color::Black, Role::Man),
            ];
            for p in pieces {
                let sq = Square::new(8 + rng.below(48) as u8).expect("a square");
                s.put(sq, p);
            }
            if let Ok(p) = Position::from_setup(s) {
                if !p.legal_moves(&Rules::ARMENIAN).is_empty() {
                    return p;
                }
            }
        }
    }

    /// The engine's repetition handling against tama-core's tracker along
    /// random games full of repetitions: at the root (a third occurrence
    /// ends the game, as `Game` says) and inside the search (the fast key
    /// comparison finds a draw exactly when the position occurred a third
    /// time in the game, or a second time since the root).
    #[test]
    fn repetition_checks_agree_with_the_tracker() {
        let rules = Rules::ARMENIAN;
        let h = Harness::new(rules, SearchOptions::DEFAULT);
        let ctx = h.ctx();
        let mut rng = Rng::new(17);
        let (mut threefold_roots, mut draws_inside) = (0, 0);
        for _ in 0..60 {
            let start = random_start(&mut rng);
            let (positions, moves) = shuffling_game(&mut rng, start, &rules, 60);
            // The root handling against `Game`.
            let mut game = Game::from_position(rules, start);
            for (i, mv) in moves.iter().enumerate() {
                if game.outcome().is_some() {
                    break;
                }
                game.play(mv).expect("legal");
                let root = &positions[i + 1];
                let history = repeatable_history(root, &positions[..=i]);
                let by_game =
                    game.outcome().map(|o| o.termination) == Some(Termination::Repetition);
                assert_eq!(history.count >= 3, by_game, "root {}", i + 1);
                threefold_roots += usize::from(by_game);
            }
            // The search-internal check from a root part-way through.
            let r = rng.below(positions.len() / 2 + 1);
            let root = positions[r];
            let history = repeatable_history(&root, &positions[..r]);
            let mut w = Worker::new(0);
            w.prepare(&ctx, &root, &history.keys, &root.legal_moves(&rules), &[]);
            for ply in 1..positions.len() - r {
                let (parent, pos) = (&positions[r + ply - 1], &positions[r + ply]);
                w.enter_child(ply - 1, &moves[r + ply - 1], parent, pos);
                let reps = Repetitions::from_positions(&positions[..=r + ply]);
                let expected = reps.count() >= 3 || positions[r..r + ply].contains(pos);
                assert_eq!(w.is_draw(&ctx, pos, ply), expected, "root {r}, ply {ply}");
                draws_inside += usize::from(expected);
                if ply + 2 > MAX_PLY {
                    break;
                }
            }
        }
        // The games did repeat, both ways.
        assert!(
            threefold_roots > 5 && draws_inside > 20,
            "{threefold_roots} {draws_inside}"
        );
    }
}
