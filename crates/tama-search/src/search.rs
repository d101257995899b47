//! The search proper: iterative deepening, principal variation search with
//! aspiration windows, the quiescence stage. One [`Worker`] per thread.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tama_core::{Color, Move, MoveList, Position, Rules, MOVE_LIST_INLINE};

use crate::bits;
use crate::engine::{Info, InfoKind};
use crate::eval::Evaluator;
use crate::params::SearchParams;
use crate::score::{from_tt, to_tt, Score, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::{move_code, Bound, Tt, EVAL_NONE};

/// Which search features are used (for ablation), and the search
/// parameters.
///
/// ```
/// use tama_search::SearchOptions;
///
/// let no_lmr = SearchOptions { lmr: false, ..SearchOptions::default() };
/// assert!(no_lmr.tt && !no_lmr.lmr);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOptions {
    /// Use the transposition table for cut-offs and move ordering.
    pub tt: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Killer moves in move ordering.
    pub killers: bool,
    /// The history heuristic in move ordering.
    pub history: bool,
    /// Extend forced moves (a single legal move, typically a capture).
    pub extensions: bool,
    /// In the quiescence stage, answer a pending capture threat by trying
    /// the quiet moves instead of trusting the static evaluation.
    pub qsearch_threats: bool,
    /// In the quiescence stage, try moves that crown a man.
    pub qsearch_promotions: bool,
    /// Reverse futility pruning near the leaves.
    pub rfp: bool,
    /// Null-move pruning (pass and see whether the opponent still cannot
    /// reach beta).
    pub null_move: bool,
    /// Late-move pruning: skip the last quiet moves near the leaves.
    pub lmp: bool,
    /// Futility pruning: skip quiet moves that cannot raise alpha near the
    /// leaves.
    pub futility: bool,
    /// The numbers.
    pub params: SearchParams,
}

impl SearchOptions {
    /// The engine as shipped: every feature on except quiescence threat
    /// answers and late-move pruning, which did not win games in matches
    /// (see BENCHMARKS.md); default parameters.
    pub const DEFAULT: SearchOptions = SearchOptions {
        tt: true,
        aspiration: true,
        lmr: true,
        killers: true,
        history: true,
        extensions: true,
        qsearch_threats: false,
        qsearch_promotions: true,
        rfp: true,
        null_move: true,
        lmp: false,
        futility: true,
        params: SearchParams::DEFAULT,
    };
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::DEFAULT
    }
}

/// What every thread of one search shares.
pub(crate) struct Ctx<'a> {
    pub(crate) tt: &'a Tt,
    /// The user's stop flag.
    pub(crate) stop: &'a AtomicBool,
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
}

impl Ctx<'_> {
    fn total_nodes(&self) -> u64 {
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
struct Frame {
    moves: MoveList,
    scores: Vec<i32>,
    killers: [Move; 2],
    /// Index (in `Worker::hashes`) of the earliest position that the
    /// position at this ply can repeat.
    irr: usize,
    /// The move leading here was a null move.
    null: bool,
    /// The move leading here was extended.
    extended: bool,
}

const NO_MOVE: Move = Move::quiet(tama_core::Square::A1, tama_core::Square::A1, false);

/// One search thread's state.
pub(crate) struct Worker {
    pub(crate) id: usize,
    frames: Vec<Frame>,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 2],
    /// History scores by colour, from and to square.
    history: Vec<i32>,
    lmr: Vec<[u8; 64]>,
    lmr_params: (f64, f64),
    /// Zobrist keys: the game's positions that may repeat, the root at
    /// `root_idx`, then the current search path.
    hashes: Vec<u64>,
    root_idx: usize,
    pub(crate) nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// Exact node limit checked at every node (single thread only).
    local_node_limit: u64,
    root_depth: i32,
    pub(crate) root_moves: Vec<RootMove>,
    pub(crate) completed_depth: u32,
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
            seldepth: 0,
            stopped: false,
            local_node_limit: u64::MAX,
            root_depth: 0,
            root_moves: Vec::new(),
            completed_depth: 0,
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
        self.seldepth = 0;
        self.stopped = false;
        self.completed_depth = 0;
        self.local_node_limit = if ctx.counters.len() == 1 {
            ctx.node_limit
        } else {
            u64::MAX
        };
        self.root_moves = moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITY,
                prev_score: -INFINITY,
                bound: Bound::Upper,
                pv: vec![mv],
                seldepth: 0,
            })
            .collect();
    }

    /// Counts a node and checks the limits now and then. Returns whether
    /// the search must stop.
    #[inline]
    fn count_node(&mut self, ctx: &Ctx<'_>) -> bool {
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
    fn check(&mut self, ctx: &Ctx<'_>) {
        ctx.counters[self.id].store(self.nodes, Ordering::Relaxed);
        if self.id == 0 {
            let over_nodes = ctx.total_nodes() >= ctx.node_limit;
            let over_time = ctx.hard.is_some_and(|h| ctx.start.elapsed() >= h);
            if over_nodes || over_time || ctx.stop.load(Ordering::Relaxed) {
                ctx.abort.store(true, Ordering::Relaxed);
            }
        }
        // The main thread always completes its first iteration, so that
        // there is a scored move to return.
        if (ctx.abort.load(Ordering::Relaxed) || ctx.stop.load(Ordering::Relaxed))
            && (self.id != 0 || self.completed_depth > 0)
        {
            self.stopped = true;
        }
    }

    /// Whether the search was stopped.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Records the child position reached by `mv` from the node at `ply`.
    #[inline]
    fn enter_child(&mut self, ply: usize, mv: &Move, parent: &Position, child: &Position) {
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

    /// Whether the position at `ply` (> 0) is a draw by rule.
    #[inline]
    fn is_draw(&self, ctx: &Ctx<'_>, pos: &Position, ply: usize) -> bool {
        if ctx.rules.draw_one_each
            && pos.pieces(Color::White).count() == 1
            && pos.pieces(Color::Black).count() == 1
        {
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
    fn score_moves(&mut self, ply: usize, tt_move: u16, turn: Color, opts: &SearchOptions) {
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
    fn pick(&mut self, ply: usize, i: usize) -> Move {
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
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line[ply] = mv;
        line[ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    fn update_quiet_stats(
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

    /// The alpha-beta search of a node at `ply` > 0.
    // The arguments are the node's coordinates; bundling them would only
    // add indirection to the hottest function.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search(
        &mut self,
        ctx: &Ctx<'_>,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.is_draw(ctx, pos, ply) {
            return 0;
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 {
            return self.qsearch(ctx, pos, alpha, beta, ply, 1);
        }
        if self.count_node(ctx) {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if ply >= MAX_PLY - 1 {
            return ctx.eval.evaluate(pos, &ctx.rules);
        }
        let opts = ctx.opts;
        let key = pos.hash();
        let mut tt_move = 0;
        let mut tt_eval = EVAL_NONE;
        if opts.tt && depth >= opts.params.tt_min_depth {
            if let Some(h) = ctx.tt.probe(key) {
                tt_move = h.mv;
                tt_eval = h.eval;
                if !pv_node && h.depth >= depth {
                    let s = from_tt(h.score, ply);
                    let cut = match h.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                    };
                    if cut {
                        return s;
                    }
                }
            }
        }

        pos.generate_moves(&ctx.rules, &mut self.frames[ply].moves);
        let n = self.frames[ply].moves.len();
        if n == 0 {
            return -MATE + ply as i32;
        }
        let capture_node = self.frames[ply].moves[0].is_capture();

        let static_eval = if capture_node {
            EVAL_NONE
        } else if tt_eval != EVAL_NONE {
            tt_eval
        } else {
            ctx.eval.evaluate(pos, &ctx.rules)
        };

        if opts.rfp
            && !pv_node
            && !capture_node
            && depth <= opts.params.rfp_max_depth
            && beta.abs() < MATE_BOUND
            && static_eval - opts.params.rfp_margin * depth >= beta
        {
            return static_eval;
        }

        if opts.null_move
            && !pv_node
            && !capture_node
            && !self.frames[ply].null
            && depth >= opts.params.nmp_min_depth
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && pos.pieces(pos.turn()).count() >= opts.params.nmp_min_pieces
        {
            let r = opts.params.nmp_base_reduction + depth / opts.params.nmp_depth_divisor;
            let child = pos.pass();
            let idx = self.root_idx + ply + 1;
            self.hashes[idx] = child.hash();
            self.frames[ply + 1].irr = idx;
            self.frames[ply + 1].null = true;
            self.frames[ply + 1].extended = false;
            let s = -self.search(ctx, &child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            if self.stopped {
                return 0;
            }
            if s >= beta {
                return if s >= MATE_BOUND { beta } else { s };
            }
        }

        let forced = opts.extensions
            && n == 1
            && (ply as i32) < self.root_depth * opts.params.max_extension_ratio;
        let ext = i32::from(match opts.params.extension_mode {
            1 => forced && pv_node,
            2 => forced && !self.frames[ply].extended,
            _ => forced,
        });
        self.frames[ply + 1].extended = ext > 0;

        self.frames[ply + 2].killers = [NO_MOVE; 2];
        let turn = pos.turn();
        self.score_moves(ply, tt_move, turn, opts);

        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        let lmp_from = if opts.lmp && depth <= opts.params.lmp_max_depth {
            opts.params.lmp_base + (depth * depth) as usize
        } else {
            usize::MAX
        };
        let may_prune = !pv_node && !capture_node;
        for i in 0..n {
            // Late-move and futility pruning: once they apply, they apply
            // to every later move, whose order then no longer matters.
            let (lmp, futile) = if may_prune && i > 0 && best > -MATE_BOUND {
                (
                    i >= lmp_from,
                    opts.futility
                        && depth <= opts.params.futility_max_depth
                        && static_eval + opts.params.futility_margin * depth <= alpha,
                )
            } else {
                (false, false)
            };
            let mv = if lmp || futile {
                self.frames[ply].moves[i]
            } else {
                self.pick(ply, i)
            };
            let child = pos.play_unchecked(&mv);
            if (lmp || futile) && !mv.promotes() {
                // Moves that offer the opponent a capture are tactics: they
                // are searched unless the parameters say otherwise.
                let offer = child.has_capture();
                if !offer || (lmp && opts.params.lmp_prunes_offers) {
                    continue;
                }
            }
            self.enter_child(ply, &mv, pos, &child);
            let new_depth = depth - 1 + ext;
            let score = if i == 0 {
                -self.search(ctx, &child, new_depth, -beta, -alpha, ply + 1, pv_node)
            } else {
                let mut r = 0;
                if opts.lmr
                    && depth >= opts.params.lmr_min_depth
                    && i >= opts.params.lmr_min_moves
                    && !capture_node
                    && !mv.promotes()
                    && self.frames[ply].scores[i] < (1 << 22) - 1
                    && (opts.params.lmr_reduces_offers || !child.has_capture())
                {
                    r = self.lmr[(depth as usize).min(63)][i.min(63)] as i32;
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(
                    ctx,
                    &child,
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                );
                if s > alpha && r > 0 {
                    s = -self.search(ctx, &child, new_depth, -alpha - 1, -alpha, ply + 1, false);
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.search(ctx, &child, new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if !mv.is_capture() {
                            self.update_quiet_stats(ply, turn, mv, depth, i, opts);
                        }
                        break;
                    }
                }
            }
        }

        if opts.tt && depth >= opts.params.tt_min_depth {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > orig_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let code = if bound == Bound::Upper {
                0
            } else {
                move_code(&best_move)
            };
            ctx.tt
                .store(key, code, to_tt(best, ply), static_eval, depth, bound);
        }
        best
    }

    /// The quiescence stage: plays out captures (which are forced), tries
    /// crowning moves, and answers pending capture threats once along a
    /// line (`threat_budget`).
    fn qsearch(
        &mut self,
        ctx: &Ctx<'_>,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        threat_budget: u8,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.count_node(ctx) {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if ply >= MAX_PLY - 1 {
            return ctx.eval.evaluate(pos, &ctx.rules);
        }
        if pos.has_capture() {
            pos.generate_moves(&ctx.rules, &mut self.frames[ply].moves);
            let n = self.frames[ply].moves.len();
            let mut best = -INFINITY;
            for i in 0..n {
                let mv = self.frames[ply].moves[i];
                let child = pos.play_unchecked(&mv);
                let score = if ctx.rules.draw_one_each
                    && child.pieces(Color::White).count() == 1
                    && child.pieces(Color::Black).count() == 1
                {
                    // The line ends here: no stale tail from an earlier
                    // sibling may follow this move in the PV.
                    self.pv_len[ply + 1] = ply + 1;
                    0
                } else {
                    -self.qsearch(ctx, &child, -beta, -alpha, ply + 1, threat_budget)
                };
                if self.stopped {
                    return 0;
                }
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        self.update_pv(ply, mv);
                        if score >= beta {
                            break;
                        }
                    }
                }
            }
            return best;
        }
        if !bits::has_quiet_move(pos, &ctx.rules) {
            return -MATE + ply as i32;
        }
        let opts = ctx.opts;
        let stand = ctx.eval.evaluate(pos, &ctx.rules);
        // A pending threat matters only when the static value is inside
        // the window, or above it by less than what the threat may cost.
        let threatened = opts.qsearch_threats
            && threat_budget > 0
            && stand > alpha
            && stand < beta + opts.params.qsearch_threat_margin
            && bits::threatened(pos, pos.turn().opponent()) != 0;
        if threatened {
            // The opponent threatens a capture: the static value is not to
            // be trusted. Every quiet move is tried (a move is compulsory).
            pos.generate_moves(&ctx.rules, &mut self.frames[ply].moves);
            self.score_moves(ply, 0, pos.turn(), opts);
            let n = self.frames[ply].moves.len();
            let mut best = -INFINITY;
            for i in 0..n {
                let mv = self.pick(ply, i);
                let child = pos.play_unchecked(&mv);
                let score = -self.qsearch(ctx, &child, -beta, -alpha, ply + 1, threat_budget - 1);
                if self.stopped {
                    return 0;
                }
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        self.update_pv(ply, mv);
                        if score >= beta {
                            break;
                        }
                    }
                }
            }
            return best;
        }
        if stand >= beta {
            return stand;
        }
        let mut best = stand;
        if stand > alpha {
            alpha = stand;
        }
        if opts.qsearch_promotions && bits::can_crown(pos, &ctx.rules) {
            pos.generate_moves(&ctx.rules, &mut self.frames[ply].moves);
            let n = self.frames[ply].moves.len();
            for i in 0..n {
                let mv = self.frames[ply].moves[i];
                if !mv.promotes() {
                    continue;
                }
                let child = pos.play_unchecked(&mv);
                let score = -self.qsearch(ctx, &child, -beta, -alpha, ply + 1, threat_budget);
                if self.stopped {
                    return 0;
                }
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        self.update_pv(ply, mv);
                        if score >= beta {
                            break;
                        }
                    }
                }
            }
        }
        best
    }

    /// Searches the root moves from `pv_idx` on (the earlier ones are the
    /// lines already found in this iteration).
    #[allow(clippy::too_many_arguments)]
    fn root_search(
        &mut self,
        ctx: &Ctx<'_>,
        root: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        pv_idx: usize,
        progress: &mut dyn FnMut(&Info),
    ) -> i32 {
        self.pv_len[0] = 0;
        self.count_node(ctx);
        let n = self.root_moves.len();
        let mut best = -INFINITY;
        for i in pv_idx..n {
            let mv = self.root_moves[i].mv;
            let child = root.play_unchecked(&mv);
            self.enter_child(0, &mv, root, &child);
            self.frames[1].extended = false;
            let new_depth = depth - 1;
            let score = if i == pv_idx {
                -self.search(ctx, &child, new_depth, -beta, -alpha, 1, true)
            } else {
                let mut s = -self.search(ctx, &child, new_depth, -alpha - 1, -alpha, 1, false);
                if s > alpha && s < beta {
                    s = -self.search(ctx, &child, new_depth, -beta, -alpha, 1, true);
                }
                s
            };
            if self.stopped {
                break;
            }
            let seldepth = self.seldepth;
            let rm = &mut self.root_moves[i];
            if i == pv_idx || score > alpha {
                rm.score = score;
                rm.seldepth = seldepth;
                rm.bound = if score >= beta {
                    Bound::Lower
                } else if score <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                rm.pv.clear();
                rm.pv.push(mv);
                let len = self.pv_len[1].max(1);
                rm.pv.extend_from_slice(&self.pv[1][1..len]);
                if self.id == 0 && pv_idx == 0 && i > pv_idx && score > alpha && score < beta {
                    let info = self.info(ctx, depth as u32, i, InfoKind::NewBest);
                    progress(&info);
                }
            } else {
                rm.score = -INFINITY;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Builds an [`Info`] for the root move at `index`.
    pub(crate) fn info(&self, ctx: &Ctx<'_>, depth: u32, index: usize, kind: InfoKind) -> Info {
        let rm = &self.root_moves[index];
        let elapsed = ctx.start.elapsed();
        let nodes = self.total_nodes(ctx);
        let secs = elapsed.as_secs_f64();
        Info {
            kind,
            depth,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: match kind {
                InfoKind::NewBest => 1,
                InfoKind::Iteration => index + 1,
            },
            score: Score::from_raw(rm.best_score()),
            lower_bound: rm.bound == Bound::Lower,
            upper_bound: rm.bound == Bound::Upper,
            nodes,
            nps: if secs > 0.0 {
                (nodes as f64 / secs) as u64
            } else {
                0
            },
            time: elapsed,
            hashfull: ctx.tt.hashfull(),
            pv: rm.pv.clone(),
        }
    }

    /// Nodes of all threads, this thread counted exactly.
    pub(crate) fn total_nodes(&self, ctx: &Ctx<'_>) -> u64 {
        ctx.counters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == self.id {
                    self.nodes
                } else {
                    c.load(Ordering::Relaxed)
                }
            })
            .sum()
    }

    /// Iterative deepening up to `max_depth`. The main thread (id 0)
    /// reports progress and decides when to stop on time.
    pub(crate) fn iterate(
        &mut self,
        ctx: &Ctx<'_>,
        root: &Position,
        max_depth: u32,
        soft: Option<Duration>,
        infinite: bool,
        progress: &mut dyn FnMut(&Info),
    ) {
        let p = ctx.opts.params;
        let lines = ctx.multipv.min(self.root_moves.len()).max(1);
        let mut last_best = None;
        let mut stable = 0u32;
        for iteration in 1..=max_depth {
            // Helpers of odd id search one ply deeper, to spread the work.
            let depth = (iteration + (self.id as u32 & 1)).min(MAX_PLY as u32 - 8) as i32;
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                if rm.score != -INFINITY {
                    rm.prev_score = rm.score;
                }
                rm.score = -INFINITY;
            }
            for pv_idx in 0..lines {
                self.seldepth = 0;
                let prev = self.root_moves[pv_idx].prev_score;
                let mut delta = p.aspiration_delta;
                let (mut alpha, mut beta) = if ctx.opts.aspiration
                    && depth >= p.aspiration_min_depth
                    && prev.abs() < MATE_BOUND
                {
                    ((prev - delta).max(-INFINITY), (prev + delta).min(INFINITY))
                } else {
                    (-INFINITY, INFINITY)
                };
                loop {
                    let s = self.root_search(ctx, root, depth, alpha, beta, pv_idx, progress);
                    self.root_moves[pv_idx..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                    if self.stopped {
                        break;
                    }
                    if s <= alpha && alpha > -INFINITY {
                        beta = (alpha + beta) / 2;
                        alpha = (s - delta).max(-INFINITY);
                    } else if s >= beta && beta < INFINITY {
                        beta = (s + delta).min(INFINITY);
                    } else {
                        break;
                    }
                    delta += delta;
                    if delta > 1000 {
                        alpha = -INFINITY;
                        beta = INFINITY;
                    }
                }
                self.root_moves[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.best_score()));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth as u32;
            if self.id != 0 {
                continue;
            }
            for i in 0..lines {
                let info = self.info(ctx, depth as u32, i, InfoKind::Iteration);
                progress(&info);
            }
            let best = self.root_moves[0].mv;
            if last_best == Some(best) {
                stable += 1;
            } else {
                stable = 0;
            }
            last_best = Some(best);
            if infinite {
                continue;
            }
            // A forced result found deep enough: no need to go on.
            let s = self.root_moves[0].score;
            if s.abs() >= MATE_BOUND && depth >= MATE - s.abs() + 2 && lines == 1 {
                break;
            }
            if let Some(soft) = soft {
                // Spend less when the best move is stable, more when it
                // keeps changing.
                let factor = match stable {
                    0 => 1.4,
                    1 => 1.1,
                    2 | 3 => 0.9,
                    _ => 0.7,
                };
                let budget = soft.mul_f64(factor * p.soft_stop_permille as f64 / 1000.0);
                if ctx.start.elapsed() >= budget {
                    break;
                }
            }
        }
    }
}
