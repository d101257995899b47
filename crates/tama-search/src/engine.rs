//! The engine: configuration, the transposition table, the threads, and
//! the public search entry point.

use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use tama_core::{
    position_outcome, Game, Outcome, Position, Preset, Repetitions, Rules, Termination,
};

use crate::book::{self, Book};
use crate::eval::{EvalOptions, Evaluator};
use crate::learned::{self, EvalKind, LearnedEval, Weights};
use crate::limits::{Limits, TimePlan, MAX_DEPTH};
use crate::oracle::Oracle;
use crate::params::{EvalParams, SearchOptions};
use crate::progress::{BestMove, Info, RootLine, SearchResult};
use crate::score::{Score, INFINITY};
use crate::tb_root;
use crate::tt::Tt;
use crate::worker::{Ctx, Signals, Worker};

/// How an engine is set up.
///
/// Every setting but the oracle, the weights and the book also has a name, a type, a range and a
/// default in the option registry ([`options`](crate::options)), which
/// sets it from text: [`EngineConfig::from_settings`],
/// [`EngineConfig::set_option`], [`Engine::set_option`].
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads (lazy SMP); at least 1.
    pub threads: usize,
    /// How many best moves to search and report (multi-PV); at least 1.
    pub multipv: usize,
    /// Search features and parameters.
    pub search: SearchOptions,
    /// Evaluation terms.
    pub eval: EvalOptions,
    /// Evaluation weights.
    pub eval_params: EvalParams,
    /// The classic or the learned evaluation (option `eval`).
    pub eval_kind: EvalKind,
    /// Weights of the learned evaluation for their preset, instead of the
    /// [`embedded`](crate::learned::embedded) ones (not an option: a
    /// front end reads a weights file, e.g. `--eval-file`).
    pub eval_weights: Option<Arc<Weights>>,
    /// An endgame oracle (tablebases) the search consults, if any.
    pub oracle: Option<Oracle>,
    /// An opening book for its preset, instead of the
    /// [`embedded`](crate::book::embedded) one (not an option: a front end
    /// reads a book file, `book=FILE`); used with option `book` on.
    pub book: Option<Arc<Book>>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            hash_mib: 16,
            threads: 1,
            multipv: 1,
            search: SearchOptions::DEFAULT,
            eval: EvalOptions::DEFAULT,
            eval_params: EvalParams::DEFAULT,
            eval_kind: EvalKind::Learned,
            eval_weights: None,
            oracle: None,
            book: None,
        }
    }
}

/// The evaluator of a configuration: the classic terms, and with
/// [`EvalKind::Learned`] the learned evaluation for every preset with
/// weights (the configuration's own for their preset, the embedded ones
/// for the others).
fn evaluator(config: &EngineConfig) -> Evaluator {
    let classic = Evaluator::new(config.eval_params, config.eval);
    if config.eval_kind == EvalKind::Classic {
        return classic;
    }
    let given = config.eval_weights.as_ref().map(|w| w.preset());
    let learned = Preset::ALL
        .into_iter()
        .filter_map(|p| match &config.eval_weights {
            Some(w) if given == Some(p) => Some(Arc::clone(w)),
            _ => learned::embedded(p),
        })
        .map(LearnedEval::new)
        .collect();
    classic.with_learned(learned)
}

/// Stops a running search from another thread, or tells a ponder search
/// that it was hit.
///
/// The search notices within about a thousand nodes (well under a
/// millisecond) and returns its best move so far. A stop only affects the
/// search running when it is requested: [`Engine::search`] clears the
/// signals when it starts (a host that hands the engine to another
/// thread, where a stop or a hit could come before the search starts,
/// clears them itself with [`reset`](StopHandle::reset) and searches with
/// [`Engine::search_signalled`]).
#[derive(Clone, Debug)]
pub struct StopHandle(Arc<Signals>);

impl StopHandle {
    /// Asks the running search to stop.
    pub fn stop(&self) {
        self.0.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was requested since the current search started.
    pub fn is_stopped(&self) -> bool {
        self.0.stop.load(Ordering::Relaxed)
    }

    /// Tells a ponder search ([`Limits::ponder`]) that the opponent played
    /// the expected move: its time limits start now, and it goes on with
    /// what it has searched so far. A search that is not pondering ignores
    /// it.
    pub fn ponder_hit(&self) {
        self.0.hit.store(true, Ordering::Relaxed);
    }

    /// Whether a ponder hit was told since the signals were last cleared.
    pub fn is_hit(&self) -> bool {
        self.0.hit.load(Ordering::Relaxed)
    }

    /// Clears both signals, before a search is handed to another thread.
    pub fn reset(&self) {
        self.0.stop.store(false, Ordering::Relaxed);
        self.0.hit.store(false, Ordering::Relaxed);
    }
}

/// A search engine: configuration, transposition table and per-thread
/// state that persists from one search to the next.
///
/// ```
/// use tama_core::{Position, Rules};
/// use tama_search::{Engine, EngineConfig, Limits, SearchResult};
///
/// let mut engine = Engine::new(EngineConfig::default());
/// // The start position is in the built-in book: a search, not a book move.
/// engine.set_book(false);
/// let result = engine.search(&Position::start(), &[], &Rules::ARMENIAN, &Limits::depth(4), |_| {});
/// match result {
///     SearchResult::Move(best) => assert_eq!(best.depth, 4),
///     SearchResult::GameOver(_) => unreachable!(),
/// }
/// ```
pub struct Engine {
    config: EngineConfig,
    tt: Tt,
    workers: Vec<Worker>,
    evaluator: Evaluator,
    signals: Arc<Signals>,
    interrupt: Option<Interrupt>,
    ponder_probe: Option<Interrupt>,
}

pub use crate::worker::Interrupt;

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("config", &self.config)
            .field("hash_bytes", &self.tt.bytes())
            .finish_non_exhaustive()
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(EngineConfig::default())
    }
}

impl Engine {
    /// An engine with the given configuration (threads and multi-PV are
    /// raised to at least 1).
    pub fn new(mut config: EngineConfig) -> Engine {
        config.threads = config.threads.max(1);
        config.multipv = config.multipv.max(1);
        Engine {
            tt: Tt::new(config.hash_mib),
            workers: (0..config.threads).map(Worker::new).collect(),
            evaluator: evaluator(&config),
            signals: Arc::new(Signals::default()),
            interrupt: None,
            ponder_probe: None,
            config,
        }
    }

    /// Sets (or removes) the [`Interrupt`] asked during searches: a search
    /// stops as soon after it answers `true` as after a
    /// [`StopHandle::stop`].
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.interrupt = interrupt;
    }

    /// Sets (or removes) the host's question "was the ponder search hit?",
    /// asked during ponder searches like the [`Interrupt`]: for hosts
    /// where no other thread can reach the [`StopHandle`] while a search
    /// runs (a WebAssembly worker reading a flag in shared memory).
    pub fn set_ponder_hit(&mut self, probe: Option<Interrupt>) {
        self.ponder_probe = probe;
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// The evaluation function.
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// The memory held by the transposition table, in bytes: at most
    /// `hash_mib` MiB (the largest number of 64-byte buckets that fits, at
    /// least one).
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Resizes the transposition table (its contents are lost).
    pub fn set_hash_mib(&mut self, mib: usize) {
        self.config.hash_mib = mib;
        self.tt = Tt::new(mib);
    }

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.max(1);
        self.config.threads = threads;
        self.workers.truncate(threads);
        while self.workers.len() < threads {
            self.workers.push(Worker::new(self.workers.len()));
        }
    }

    /// Sets how many lines to search (at least 1).
    pub fn set_multipv(&mut self, lines: usize) {
        self.config.multipv = lines.max(1);
    }

    /// Turns playing from the opening book (option `book`) on or off: off
    /// for analysis, reviews and anything that needs a search's value.
    pub fn set_book(&mut self, on: bool) {
        self.config.search.book = on;
    }

    /// Sets the opening book played for its preset instead of the
    /// [`embedded`](crate::book::embedded) one ([`EngineConfig::book`];
    /// `None`: the embedded books only). Whether a book is played at all
    /// is [`set_book`](Engine::set_book)'s.
    pub fn set_book_file(&mut self, book: Option<Arc<Book>>) {
        self.config.book = book;
    }

    /// Replaces the whole configuration. The transposition table keeps its
    /// contents unless its size or the evaluation changes (it caches
    /// static evaluations); threads and lines are raised to at least 1, as
    /// in [`Engine::new`].
    pub fn set_config(&mut self, config: EngineConfig) {
        if config.hash_mib != self.config.hash_mib {
            self.set_hash_mib(config.hash_mib);
        } else if (
            config.eval,
            config.eval_params,
            config.eval_kind,
            &config.eval_weights,
        ) != (
            self.config.eval,
            self.config.eval_params,
            self.config.eval_kind,
            &self.config.eval_weights,
        ) {
            self.tt.clear();
        }
        self.set_threads(config.threads);
        self.evaluator = evaluator(&config);
        self.config = EngineConfig {
            threads: config.threads.max(1),
            multipv: config.multipv.max(1),
            ..config
        };
    }

    /// Forgets everything learnt: empties the transposition table and the
    /// move-ordering statistics. After `clear` the engine behaves like a
    /// new one (searches with one thread and a depth or node limit give
    /// the same result every time).
    pub fn clear(&mut self) {
        self.tt.clear();
        for w in &mut self.workers {
            w.clear();
        }
    }

    /// A handle to stop searches from another thread.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.signals))
    }

    /// The static evaluation of a quiet position for the side to move.
    pub fn evaluate(&self, pos: &Position, rules: &Rules) -> Score {
        Score::centi_men(self.evaluator.evaluate(pos, rules))
    }

    /// Searches the current position of `game` (its earlier positions are
    /// the history for repetitions).
    pub fn search_game(
        &mut self,
        game: &Game,
        limits: &Limits,
        progress: impl FnMut(&Info),
    ) -> SearchResult {
        let positions = game.positions();
        let history = &positions[..positions.len().saturating_sub(1)];
        self.search(game.position(), history, game.rules(), limits, progress)
    }

    /// Searches `root` under `limits`, calling `progress` after each
    /// completed iteration (once per line) and on each new best move.
    ///
    /// `history` holds the positions of the game before `root`, oldest
    /// first (empty if unknown); it is used for repetition draws. The
    /// search returns [`SearchResult::GameOver`] when the side to move has
    /// no legal move, when the position is drawn by rule, or when the
    /// history already repeats it a third time. With a single legal move
    /// it returns that move at once (unless `limits.infinite`). At least
    /// the first iteration is always completed.
    ///
    /// With one thread and no time limit (`movetime`, `clock`), a fresh or
    /// [`clear`](Engine::clear)ed engine gives the same result every time.
    ///
    /// The search clears the [`StopHandle`]'s signals when it starts.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[Position],
        rules: &Rules,
        limits: &Limits,
        progress: impl FnMut(&Info),
    ) -> SearchResult {
        StopHandle(Arc::clone(&self.signals)).reset();
        self.search_signalled(root, history, rules, limits, progress)
    }

    /// [`search`](Engine::search) without clearing the signals first: the
    /// host cleared them ([`StopHandle::reset`]) before it handed the
    /// engine to the thread that searches, so that a stop or a ponder hit
    /// told in between is not lost.
    pub fn search_signalled(
        &mut self,
        root: &Position,
        history: &[Position],
        rules: &Rules,
        limits: &Limits,
        mut progress: impl FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        if let Some(outcome) = position_outcome(root, rules) {
            return SearchResult::GameOver(outcome);
        }
        let game = repeatable_history(root, history);
        if rules.draw_repetition && game.count >= 3 {
            return SearchResult::GameOver(Outcome::draw(Termination::Repetition));
        }
        let keys = game.keys;
        let moves = root.legal_moves(rules);
        // The endgame oracle: the value of each root move it (or the rules)
        // can tell; when it knows them all, the best is played at once.
        let oracle = self.config.oracle.as_deref();
        let (tbs, root_hits) = match oracle {
            Some(o) if root.occupied().count() <= o.max_pieces() => {
                tb_root::root_values(o, root, &moves, &game.reps, rules)
            }
            _ => (Vec::new(), 0),
        };
        if let (Some(o), false) = (oracle, limits.infinite) {
            if let Some(result) = tb_root::oracle_result(
                o,
                root,
                &moves,
                &tbs,
                self.config.multipv,
                rules,
                start,
                root_hits,
                &mut progress,
            ) {
                return result;
            }
        }
        if self.config.search.book && !limits.infinite {
            let (given, margin) = (self.config.book.as_ref(), self.config.search.book_margin);
            let multipv = self.config.multipv;
            if let Some(result) =
                book::root_result(given, margin, multipv, root, &moves, rules, start)
            {
                return result;
            }
        }
        let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let single = moves.len() == 1 && !limits.infinite;
        // A ponder search with a single legal move searches on through it
        // until the hit (its table then knows the positions after it, for
        // the next move) and answers at once at the hit.
        let forced = single && !limits.ponder;
        if forced {
            max_depth = 1;
        }
        self.tt.new_search();
        let mut plan = TimePlan::new(limits, root.turn(), &self.config.search.params);
        if single && limits.ponder {
            plan = TimePlan {
                soft: None,
                hard: Some(std::time::Duration::ZERO),
            };
        }
        let counters: Vec<AtomicU64> = (0..self.workers.len()).map(|_| AtomicU64::new(0)).collect();
        let tb_counters: Vec<AtomicU64> =
            (0..self.workers.len()).map(|_| AtomicU64::new(0)).collect();
        let abort = AtomicBool::new(false);
        let ctx = Ctx {
            tt: &self.tt,
            signals: &self.signals,
            interrupt: self.interrupt,
            pondering: limits.ponder,
            ponder_probe: self.ponder_probe,
            abort: &abort,
            rules: *rules,
            opts: &self.config.search,
            eval: &self.evaluator,
            start,
            hard: plan.hard,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            counters: &counters,
            multipv: self.config.multipv,
            oracle,
            oracle_pieces: oracle.map_or(0, |o| o.max_pieces()),
            tb_counters: &tb_counters,
        };
        for w in &mut self.workers {
            w.prepare(&ctx, root, &keys, &moves, &tbs);
        }
        let (main, helpers) = self
            .workers
            .split_first_mut()
            .expect("an engine has at least one worker");
        std::thread::scope(|s| {
            if !forced {
                for h in helpers.iter_mut() {
                    let ctx = &ctx;
                    s.spawn(move || {
                        h.iterate(ctx, root, MAX_DEPTH, None, true, &mut |_| {});
                    });
                }
            }
            main.iterate(
                &ctx,
                root,
                max_depth,
                plan.soft,
                limits.infinite,
                &mut progress,
            );
            abort.store(true, Ordering::Relaxed);
        });
        let nodes = main.nodes + helpers.iter().map(|h| h.nodes).sum::<u64>();
        let tbhits = root_hits + main.tb_hits + helpers.iter().map(|h| h.tb_hits).sum::<u64>();
        // The thread that completed the deepest iteration gives the result
        // (the main thread on ties): a helper one ply ahead is worth using.
        let chosen: &Worker = helpers
            .iter()
            .filter(|h| h.completed_depth > main.completed_depth)
            .max_by_key(|h| h.completed_depth)
            .unwrap_or(main);
        let lines: Vec<RootLine> = chosen
            .root_moves
            .iter()
            .take(self.config.multipv.min(chosen.root_moves.len()))
            .map(|rm| RootLine {
                mv: rm.mv,
                score: Score::from_raw(if rm.best_score() == -INFINITY {
                    0
                } else {
                    rm.best_score()
                }),
                pv: rm.pv.clone(),
                tb: rm.tb,
            })
            .collect();
        let best = &chosen.root_moves[0];
        let (depth, partial) = if forced {
            (0, false)
        } else {
            chosen.result_depth()
        };
        SearchResult::Move(BestMove {
            mv: best.mv,
            score: lines[0].score,
            pv: lines[0].pv.clone(),
            depth,
            partial,
            seldepth: best.seldepth as u32,
            nodes,
            time: start.elapsed(),
            interrupted: main.stopped(),
            tb: lines[0].tb,
            tbhits,
            lines,
            book: false,
        })
    }
}

/// What the game history means for a search from its root.
pub(crate) struct RootHistory {
    /// The game's positions, the root last.
    pub(crate) reps: Repetitions,
    /// The Zobrist keys of the positions before the root that the search
    /// may repeat (those since the last irreversible move), oldest first.
    pub(crate) keys: Vec<u64>,
    /// How often the root position has occurred, counting itself.
    pub(crate) count: usize,
}

/// Reads `history` (the positions before `root`, oldest first) with the
/// rules library's repetition tracker: the root's occurrence count and the
/// positions the search may repeat. The search's own check (`is_draw`)
/// compares these keys along its path as a fast path; a test drives both
/// over random games.
pub(crate) fn repeatable_history(root: &Position, history: &[Position]) -> RootHistory {
    let mut reps = Repetitions::from_positions(history);
    reps.push(*root);
    let count = reps.count();
    let run = reps.repeatable();
    let keys = run[..run.len() - 1].iter().map(Position::hash).collect();
    RootHistory { reps, keys, count }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::InfoKind;
    use std::collections::HashSet;
    use std::time::Duration;
    use tama_core::Move;
    use tama_core::{Color, Piece, Role, Setup, Square};

    #[test]
    fn learned_evaluation_for_the_rules_of_its_weights() {
        // Weights that know only the side to move: 7 centi-men.
        let mut w = Weights::zero(Preset::Turkish);
        w.set(learned::TEMPO, [7 * 16, 7 * 16]);
        let config = EngineConfig {
            eval_weights: Some(Arc::new(w)),
            ..EngineConfig::from_settings(["eval=learned"]).unwrap()
        };
        assert_eq!(config.eval_kind, EvalKind::Learned);
        let start = Position::start();
        let learned = Engine::new(config.clone());
        let classic = Engine::new(EngineConfig::from_settings(["eval=classic"]).unwrap());
        assert_eq!(
            learned.evaluate(&start, &Rules::TURKISH),
            Score::centi_men(7)
        );
        assert_ne!(
            classic.evaluate(&start, &Rules::TURKISH),
            Score::centi_men(7)
        );
        // Other rules (no preset: no weights) keep the classic evaluation.
        let other = Rules {
            draw_one_each: !Rules::TURKISH.draw_one_each,
            ..Rules::TURKISH
        };
        assert_eq!(other.preset(), None);
        assert_eq!(
            learned.evaluate(&start, &other),
            classic.evaluate(&start, &other)
        );
        // eval=classic leaves the weights unused.
        let mut back = Engine::new(config);
        back.set_option("eval", "classic").unwrap();
        assert_eq!(
            back.evaluate(&start, &Rules::TURKISH),
            classic.evaluate(&start, &Rules::TURKISH)
        );
        // The search plays with it (a search: the start position is in
        // the turkish book).
        let mut e = Engine::new(EngineConfig {
            eval_kind: EvalKind::Learned,
            ..back.config().clone()
        });
        e.set_book(false);
        let r = e.search(&start, &[], &Rules::TURKISH, &Limits::depth(3), |_| {});
        assert!(matches!(r, SearchResult::Move(ref b) if b.depth == 3 && b.nodes > 0));
    }

    #[test]
    fn zero_weights_on_the_classic_base_search_as_the_classic_evaluation() {
        // eval=learned with all-zero weights of base classic: the same
        // values, so the same tree, node for node, and the same move.
        let w = Weights::zero(Preset::Armenian).with_base(learned::Base::Classic);
        let learned = EngineConfig {
            hash_mib: 4,
            eval_kind: EvalKind::Learned,
            eval_weights: Some(Arc::new(w)),
            ..EngineConfig::default()
        };
        let classic = EngineConfig {
            hash_mib: 4,
            eval_kind: EvalKind::Classic,
            ..EngineConfig::default()
        };
        for pos in random_positions(6, 41) {
            let run = |config: &EngineConfig| {
                let mut e = Engine::new(config.clone());
                best(e.search(&pos, &[], &Rules::ARMENIAN, &Limits::depth(6), |_| {}))
            };
            let (a, b) = (run(&learned), run(&classic));
            assert_eq!(a.nodes, b.nodes, "{pos:?}");
            assert_eq!(a.mv, b.mv, "{pos:?}");
            assert_eq!(a.score, b.score, "{pos:?}");
        }
    }

    fn position(turn: Color, pieces: &[(Square, Color, Role)]) -> Position {
        let mut s = Setup::empty(turn);
        for &(sq, c, r) in pieces {
            s.put(sq, Piece::new(c, r));
        }
        Position::from_setup(s).unwrap()
    }

    /// An engine that searches (no book move at the start position).
    fn engine() -> Engine {
        let mut e = Engine::new(EngineConfig {
            hash_mib: 4,
            ..EngineConfig::default()
        });
        e.set_book(false);
        e
    }

    fn best(result: SearchResult) -> BestMove {
        match result {
            SearchResult::Move(b) => b,
            SearchResult::GameOver(o) => panic!("unexpected game over {o:?}"),
        }
    }

    /// Positions from random play (armenian), without the game over ones.
    fn random_positions(n: usize, seed: u64) -> Vec<Position> {
        let rules = Rules::ARMENIAN;
        let mut rng = tama_test_support::Rng::lcg(seed, 1_442_695_040_888_963_407);
        let mut out = Vec::new();
        while out.len() < n {
            let mut p = Position::start();
            let plies = 10 + (rng.state() % 70) as usize;
            for _ in 0..plies {
                let moves = p.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                p = p.play_unchecked(&moves[rng.below(moves.len())]);
            }
            if position_outcome(&p, &rules).is_none() {
                out.push(p);
            }
        }
        out
    }

    #[test]
    fn finds_a_win_in_one() {
        use Color::*;
        // The king jumps the last black piece.
        let pos = position(
            White,
            &[
                (Square::D1, White, Role::King),
                (Square::D3, Black, Role::Man),
                (Square::A7, White, Role::Man),
            ],
        );
        let b = best(engine().search(&pos, &[], &Rules::ARMENIAN, &Limits::depth(3), |_| {}));
        assert_eq!(b.score, Score::win_in(1));
        assert!(b.mv.is_capture());
    }

    #[test]
    fn finds_forced_wins_by_sacrifice() {
        use Color::*;
        use Role::*;
        // g7-h8 crowns; h4 must jump g4 (landing on f4) and the new king
        // takes f4 and h7 in one move.
        let pos = position(
            White,
            &[
                (Square::G4, White, Man),
                (Square::G7, White, Man),
                (Square::H4, Black, Man),
                (Square::H7, Black, Man),
            ],
        );
        let b = best(engine().search(&pos, &[], &Rules::ARMENIAN, &Limits::depth(6), |_| {}));
        assert_eq!(b.score, Score::win_in(3), "{b:?}");
        assert_eq!((b.mv.from(), b.mv.to()), (Square::G7, Square::H8));
        // A man down: d8-c8, then the black king must take e3 and the
        // white king takes three pieces.
        let pos = position(
            White,
            &[
                (Square::E3, White, Man),
                (Square::D8, White, King),
                (Square::H5, Black, Man),
                (Square::E6, Black, King),
                (Square::C7, Black, Man),
            ],
        );
        let b = best(engine().search(&pos, &[], &Rules::ARMENIAN, &Limits::depth(6), |_| {}));
        assert_eq!(b.score, Score::win_in(3), "{b:?}");
        assert_eq!(b.pv.len(), 3);
    }

    #[test]
    fn endgame_scores() {
        use Color::*;
        // King and man against king: a win.
        let pos = position(
            White,
            &[
                (Square::A1, White, Role::King),
                (Square::C3, White, Role::Man),
                (Square::H7, Black, Role::King),
            ],
        );
        let b = best(engine().search(&pos, &[], &Rules::ARMENIAN, &Limits::depth(8), |_| {}));
        assert!(b.score > Score::centi_men(200), "{b:?}");
        assert!(pos.is_legal(&Rules::ARMENIAN, &b.mv));
        // King against a lone man: a draw (the tables say so). The
        // classic evaluation calls it drawish; the learned one, which
        // never saw such endings outside the tables (its games end in
        // them), +1.33: the engine plays them from the tables.
        let pos = position(
            White,
            &[
                (Square::A1, White, Role::King),
                (Square::H5, Black, Role::Man),
            ],
        );
        let mut classic = Engine::new(EngineConfig {
            hash_mib: 4,
            eval_kind: EvalKind::Classic,
            ..EngineConfig::default()
        });
        let b = best(classic.search(&pos, &[], &Rules::ARMENIAN, &Limits::depth(8), |_| {}));
        assert!(b.score.raw().abs() < 100, "{b:?}");
    }

    #[test]
    fn game_over_is_reported_not_searched() {
        use Color::*;
        let rules = Rules::ARMENIAN;
        let mut e = engine();
        // Black has no piece.
        let pos = position(Black, &[(Square::A2, White, Role::Man)]);
        assert_eq!(
            e.search(&pos, &[], &rules, &Limits::depth(5), |_| {}),
            SearchResult::GameOver(Outcome::win(White, Termination::NoLegalMoves))
        );
        // Black's only man is blocked.
        let pos = position(
            Black,
            &[
                (Square::H2, Black, Role::Man),
                (Square::H1, White, Role::Man),
                (Square::G1, White, Role::Man),
                (Square::G2, White, Role::Man),
                (Square::F2, White, Role::Man),
            ],
        );
        let r = e.search(&pos, &[], &rules, &Limits::depth(5), |_| {});
        assert_eq!(r.game_over().map(|o| o.winner), Some(Some(White)));
        assert_eq!(r.best_move(), None);
        // One piece each under the turkish rules.
        let pos = position(
            White,
            &[
                (Square::A2, White, Role::Man),
                (Square::H7, Black, Role::King),
            ],
        );
        assert_eq!(
            e.search(&pos, &[], &Rules::TURKISH, &Limits::depth(5), |_| {}),
            SearchResult::GameOver(Outcome::draw(Termination::OnePieceEach))
        );
        // A third occurrence from the history.
        let pos = position(
            White,
            &[
                (Square::A1, White, Role::King),
                (Square::H8, Black, Role::King),
                (Square::C3, White, Role::Man),
            ],
        );
        let other = position(
            Black,
            &[
                (Square::A2, White, Role::King),
                (Square::H8, Black, Role::King),
                (Square::C3, White, Role::Man),
            ],
        );
        let history = [pos, other, pos, other];
        assert_eq!(
            e.search(&pos, &history, &rules, &Limits::depth(5), |_| {}),
            SearchResult::GameOver(Outcome::draw(Termination::Repetition))
        );
        // One earlier occurrence is not enough.
        assert!(e
            .search(&pos, &history[2..], &rules, &Limits::depth(5), |_| {})
            .best_move()
            .is_some());
    }

    #[test]
    fn single_legal_move_returns_at_once() {
        use Color::*;
        let pos = position(
            White,
            &[
                (Square::D2, White, Role::Man),
                (Square::D3, Black, Role::Man),
                (Square::H7, Black, Role::Man),
            ],
        );
        assert_eq!(pos.legal_moves(&Rules::ARMENIAN).len(), 1);
        let t0 = Instant::now();
        let b = best(engine().search(
            &pos,
            &[],
            &Rules::ARMENIAN,
            &Limits::movetime(Duration::from_secs(20)),
            |_| {},
        ));
        assert!(t0.elapsed() < Duration::from_secs(5));
        assert_eq!(b.depth, 0);
        assert_eq!(b.mv, pos.legal_moves(&Rules::ARMENIAN)[0]);
    }

    #[test]
    fn deterministic_with_one_thread() {
        let rules = Rules::ARMENIAN;
        let pos = random_positions(1, 42)[0];
        for limits in [Limits::depth(7), Limits::nodes(60_000)] {
            let a = best(engine().search(&pos, &[], &rules, &limits, |_| {}));
            let mut e = engine();
            let b = best(e.search(&pos, &[], &rules, &limits, |_| {}));
            assert_eq!(
                (a.nodes, a.mv, &a.pv, a.score),
                (b.nodes, b.mv, &b.pv, b.score)
            );
            // The same engine after `clear` too.
            e.clear();
            let c = best(e.search(&pos, &[], &rules, &limits, |_| {}));
            assert_eq!((a.nodes, a.mv, &a.pv), (c.nodes, c.mv, &c.pv));
        }
        let limited = best(engine().search(&pos, &[], &rules, &Limits::nodes(60_000), |_| {}));
        assert!(limited.nodes <= 60_000 || limited.depth == 1);
    }

    #[test]
    fn stop_handle_ends_the_search() {
        let mut e = engine();
        let stop = e.stop_handle();
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let stopped_at = std::sync::Mutex::new(None);
        let finished_at = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                *stopped_at.lock().unwrap() = Some(Instant::now());
                stop.stop();
            });
            let r = e.search(&Position::start(), &[], &Rules::ARMENIAN, &limits, |_| {});
            assert!(r.best_move().is_some());
            Instant::now()
        });
        let stopped_at = stopped_at.into_inner().unwrap().expect("the stopper ran");
        assert!(finished_at.saturating_duration_since(stopped_at) < Duration::from_millis(500));
    }

    #[test]
    fn time_limits_are_kept() {
        let mut e = engine();
        let t0 = Instant::now();
        let r = e.search(
            &Position::start(),
            &[],
            &Rules::ARMENIAN,
            &Limits::movetime(Duration::from_millis(100)),
            |_| {},
        );
        assert!(r.best_move().is_some());
        assert!(t0.elapsed() < Duration::from_millis(600));
        let clock = crate::Clock {
            white: Duration::from_millis(300),
            black: Duration::from_millis(300),
            ..crate::Clock::default()
        };
        let t0 = Instant::now();
        let limits = Limits {
            clock: Some(clock),
            ..Limits::default()
        };
        let r = e.search(&Position::start(), &[], &Rules::ARMENIAN, &limits, |_| {});
        assert!(r.best_move().is_some());
        assert!(t0.elapsed() < Duration::from_millis(600));
    }

    #[test]
    fn multipv_gives_distinct_sorted_lines() {
        let mut e = Engine::new(EngineConfig {
            hash_mib: 4,
            multipv: 4,
            ..EngineConfig::default()
        });
        // The start position is in the embedded book: a search, not its moves.
        e.set_book(false);
        let mut infos = Vec::new();
        let b = best(e.search(
            &Position::start(),
            &[],
            &Rules::ARMENIAN,
            &Limits::depth(6),
            |i| {
                if i.kind == InfoKind::Iteration && i.depth == 6 {
                    infos.push(i.clone());
                }
            },
        ));
        assert_eq!(b.lines.len(), 4);
        let moves: HashSet<Move> = b.lines.iter().map(|l| l.mv).collect();
        assert_eq!(moves.len(), 4);
        assert!(
            b.lines.windows(2).all(|w| w[0].score >= w[1].score),
            "{:?}",
            b.lines
        );
        assert_eq!(b.lines[0].mv, b.mv);
        assert!(b.lines.iter().all(|l| l.pv[0] == l.mv));
        assert_eq!(
            infos.iter().map(|i| i.multipv).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        // More lines than moves: one per move.
        let pos = position(
            Color::White,
            &[
                (Square::A1, Color::White, Role::Man),
                (Square::H8, Color::Black, Role::King),
            ],
        );
        let n = pos.legal_moves(&Rules::ARMENIAN).len();
        e.set_multipv(10);
        let b = best(e.search(&pos, &[], &Rules::ARMENIAN, &Limits::depth(3), |_| {}));
        assert_eq!(b.lines.len(), n);
    }

    #[test]
    fn returned_moves_and_lines_are_legal() {
        let rules = Rules::ARMENIAN;
        let mut e = engine();
        for (i, pos) in random_positions(40, 7).into_iter().enumerate() {
            let limits = if i % 2 == 0 {
                Limits::depth(4)
            } else {
                Limits::nodes(3000)
            };
            let b = best(e.search(&pos, &[], &rules, &limits, |_| {}));
            assert!(pos.is_legal(&rules, &b.mv), "{pos:?} {:?}", b.mv);
            let mut p = pos;
            for mv in &b.pv {
                assert!(p.is_legal(&rules, mv), "pv {:?} from {pos:?}", b.pv);
                p = p.play_unchecked(mv);
            }
        }
        // Under the other presets too.
        for rules in [Rules::TURKISH, Rules::ARMENIAN_ORTHOGONAL] {
            let b = best(e.search(&Position::start(), &[], &rules, &Limits::depth(5), |_| {}));
            assert!(Position::start().is_legal(&rules, &b.mv));
        }
    }

    #[test]
    fn progress_reports_each_iteration() {
        let mut infos = Vec::new();
        let mut e = engine();
        e.set_book(false);
        let b = best(e.search(
            &Position::start(),
            &[],
            &Rules::ARMENIAN,
            &Limits::depth(5),
            |i| {
                infos.push(i.clone());
            },
        ));
        let iterations: Vec<u32> = infos
            .iter()
            .filter(|i| i.kind == InfoKind::Iteration)
            .map(|i| i.depth)
            .collect();
        assert_eq!(iterations, [1, 2, 3, 4, 5]);
        let last = infos
            .iter()
            .rev()
            .find(|i| i.kind == InfoKind::Iteration)
            .unwrap();
        assert_eq!(last.pv, b.pv);
        assert_eq!(last.score, b.score);
        assert!(last.nodes <= b.nodes && last.seldepth >= 5 && last.hashfull <= 1000);
    }

    #[test]
    fn threads_search_together() {
        let mut e = Engine::new(EngineConfig {
            hash_mib: 4,
            threads: 2,
            ..EngineConfig::default()
        });
        e.set_book(false);
        let b = best(e.search(
            &Position::start(),
            &[],
            &Rules::ARMENIAN,
            &Limits::depth(8),
            |_| {},
        ));
        assert!(Position::start().is_legal(&Rules::ARMENIAN, &b.mv));
        assert!(b.depth >= 8);
        let b = best(e.search(
            &Position::start(),
            &[],
            &Rules::ARMENIAN,
            &Limits::nodes(200_000),
            |_| {},
        ));
        assert!(b.nodes < 400_000, "{}", b.nodes);
        e.set_threads(1);
        e.set_hash_mib(1);
        assert_eq!(e.config().threads, 1);
        assert!(e
            .search(
                &Position::start(),
                &[],
                &Rules::ARMENIAN,
                &Limits::depth(3),
                |_| {}
            )
            .best_move()
            .is_some());
    }

    #[test]
    fn history_is_trimmed_to_what_can_repeat() {
        use Color::*;
        let root = position(
            White,
            &[
                (Square::A1, White, Role::King),
                (Square::H8, Black, Role::King),
                (Square::C3, White, Role::Man),
            ],
        );
        let before_man_move = position(
            Black,
            &[
                (Square::A1, White, Role::King),
                (Square::H8, Black, Role::King),
                (Square::C2, White, Role::Man),
            ],
        );
        let same_men = position(
            Black,
            &[
                (Square::A2, White, Role::King),
                (Square::H8, Black, Role::King),
                (Square::C3, White, Role::Man),
            ],
        );
        let h = repeatable_history(&root, &[root, before_man_move, same_men]);
        assert_eq!(h.keys, vec![same_men.hash()]);
        assert_eq!(h.count, 1);
    }
}
