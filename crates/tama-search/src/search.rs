//! The alpha-beta search of interior nodes: principal variation search
//! with the transposition table, pruning, reductions and the forced-move
//! extension.

use tama_core::Position;

use crate::score::{from_tt, to_tt, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::{move_code, Bound, EVAL_NONE};
use crate::worker::{Ctx, Worker, NO_MOVE};

impl Worker {
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
        // The endgame oracle knows quiet positions exactly (the rules'
        // draws were decided above).
        if let Some(s) = self.probe_oracle(ctx, pos, ply) {
            return s;
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
}

#[cfg(test)]
mod tests {
    use tama_core::{Color, Role, Rules};

    use super::*;
    use crate::options;
    use crate::params::SearchOptions;
    use crate::test_support::{place, position, shuffling_game, Harness, Rng};
    use crate::{Engine, EngineConfig, Limits, SearchResult};

    const NO_TT: SearchOptions = SearchOptions {
        tt: false,
        ..SearchOptions::DEFAULT
    };

    #[test]
    fn a_forced_move_does_not_use_depth() {
        use Color::*;
        use Role::*;
        // White's only move is the capture d2xd4 (d3 is taken).
        let pos = position(
            White,
            &[
                ("d2", White, Man),
                ("d3", Black, Man),
                ("f6", Black, Man),
                ("b6", Black, Man),
                ("h8", White, King),
            ],
        );
        assert_eq!(pos.legal_moves(&Rules::ARMENIAN).len(), 1);
        let child = pos.play_unchecked(&pos.legal_moves(&Rules::ARMENIAN)[0]);
        for (extensions, child_depth) in [(true, 2), (false, 1)] {
            let h = Harness::new(
                Rules::ARMENIAN,
                SearchOptions {
                    extensions,
                    ..NO_TT
                },
            );
            let ctx = h.ctx();
            let mut w = h.worker(&pos);
            place(&mut w, &pos, 1);
            let s = w.search(&ctx, &pos, 2, -INFINITY, INFINITY, 1, true);
            let mut c = h.worker(&pos);
            place(&mut c, &child, 2);
            let expected = -c.search(&ctx, &child, child_depth, -INFINITY, INFINITY, 2, true);
            assert_eq!(s, expected, "extensions {extensions}");
        }
        // The two depths give different answers here, so the test tells
        // them apart.
        let h = Harness::new(Rules::ARMENIAN, NO_TT);
        let ctx = h.ctx();
        let (mut a, mut b) = (h.worker(&pos), h.worker(&pos));
        place(&mut a, &child, 2);
        place(&mut b, &child, 2);
        assert_ne!(
            a.search(&ctx, &child, 2, -INFINITY, INFINITY, 2, true),
            b.search(&ctx, &child, 1, -INFINITY, INFINITY, 2, true)
        );
    }

    #[test]
    fn a_repetition_inside_the_search_is_a_draw() {
        use Color::*;
        use Role::*;
        // White is a king up: no draw by evaluation.
        let root = position(
            White,
            &[
                ("a1", White, King),
                ("c1", White, King),
                ("h8", Black, King),
                ("e4", White, Man),
            ],
        );
        let h = Harness::new(Rules::ARMENIAN, NO_TT);
        let ctx = h.ctx();
        let mut w = h.worker(&root);
        let mut pos = root;
        for (ply, (from, to)) in [("a1", "a2"), ("h8", "h7"), ("a2", "a1"), ("h7", "h8")]
            .into_iter()
            .enumerate()
        {
            let mv = *pos
                .legal_moves(&Rules::ARMENIAN)
                .iter()
                .find(|m| m.from().to_string() == from && m.to().to_string() == to)
                .expect("the shuffle is legal");
            let child = pos.play_unchecked(&mv);
            w.enter_child(ply, &mv, &pos, &child);
            pos = child;
            assert_eq!(w.is_draw(&ctx, &pos, ply + 1), ply == 3, "ply {}", ply + 1);
        }
        assert_eq!(pos, root);
        assert_eq!(w.search(&ctx, &pos, 4, -INFINITY, INFINITY, 4, true), 0);
        let mut fresh = h.worker(&root);
        place(&mut fresh, &root, 4);
        assert!(fresh.search(&ctx, &root, 4, -INFINITY, INFINITY, 4, true) > 100);
    }

    #[test]
    fn wins_and_losses_count_plies_from_the_root() {
        use Color::*;
        use Role::*;
        let h = Harness::new(Rules::ARMENIAN, NO_TT);
        let ctx = h.ctx();
        // Black has no move: lost at the node's ply.
        let lost = position(
            Black,
            &[
                ("h2", Black, Man),
                ("h1", White, Man),
                ("g1", White, Man),
                ("g2", White, Man),
                ("f2", White, Man),
            ],
        );
        let mut w = h.worker(&lost);
        place(&mut w, &lost, 5);
        assert_eq!(
            w.search(&ctx, &lost, 3, -INFINITY, INFINITY, 5, true),
            -MATE + 5
        );
        // The king takes the last black piece: a win one ply below.
        let win = position(
            White,
            &[("d1", White, King), ("d3", Black, Man), ("a7", White, Man)],
        );
        let mut w = h.worker(&win);
        place(&mut w, &win, 3);
        assert_eq!(
            w.search(&ctx, &win, 2, -INFINITY, INFINITY, 3, true),
            MATE - 4
        );
        // Mate-distance pruning: a window that only a quicker win could
        // reach is answered at once.
        assert_eq!(
            w.search(&ctx, &win, 2, MATE - 2, MATE - 1, 3, false),
            MATE - 2
        );
    }

    #[test]
    fn an_exact_table_entry_cuts_off() {
        use Color::*;
        use Role::*;
        let pos = position(
            White,
            &[
                ("a1", White, King),
                ("c3", White, Man),
                ("h7", Black, King),
                ("f6", Black, Man),
            ],
        );
        let h = Harness::new(Rules::ARMENIAN, SearchOptions::DEFAULT);
        let ctx = h.ctx();
        h.tt.store(pos.hash(), 0, 123, 0, 20, Bound::Exact);
        let mut w = h.worker(&pos);
        place(&mut w, &pos, 2);
        assert_eq!(w.search(&ctx, &pos, 5, -INFINITY, INFINITY, 2, false), 123);
        assert_eq!(w.nodes, 1);
        // A PV node does not cut; nor does a search without the table.
        let mut w = h.worker(&pos);
        place(&mut w, &pos, 2);
        assert_ne!(w.search(&ctx, &pos, 5, -INFINITY, INFINITY, 2, true), 123);
        let h = Harness::new(Rules::ARMENIAN, NO_TT);
        let ctx = h.ctx();
        h.tt.store(pos.hash(), 0, 123, 0, 20, Bound::Exact);
        let mut w = h.worker(&pos);
        place(&mut w, &pos, 2);
        assert_ne!(w.search(&ctx, &pos, 5, -INFINITY, INFINITY, 2, false), 123);
        assert!(w.nodes > 1);
    }

    /// Each search feature switch is read by the search: flipping it from
    /// its default changes the tree of a fixed search.
    #[test]
    fn every_search_feature_changes_the_tree() {
        let rules = Rules::ARMENIAN;
        // The start position and positions of random play, some with men
        // near crowning.
        let mut rng = Rng::new(3);
        let mut positions = vec![tama_core::Position::start()];
        for plies in [20, 40, 60] {
            let (line, _) = shuffling_game(&mut rng, tama_core::Position::start(), &rules, plies);
            positions.extend(
                line.iter()
                    .rev()
                    .find(|p| p.legal_moves(&rules).len() > 1 && !p.has_capture()),
            );
        }
        let nodes = |config: EngineConfig| {
            let mut engine = Engine::new(config);
            engine.set_book(false);
            positions
                .iter()
                .map(
                    |pos| match engine.search(pos, &[], &rules, &Limits::depth(6), |_| {}) {
                        SearchResult::Move(b) => b.nodes,
                        SearchResult::GameOver(_) => 0,
                    },
                )
                .sum::<u64>()
        };
        let base = nodes(EngineConfig::default());
        for option in options::all()
            .iter()
            .filter(|o| o.group == options::OptionGroup::SearchFeature)
            // The book answers before the tree, and pondering is the front
            // ends' (the search reads `Limits::ponder`): both have tests of
            // their own.
            .filter(|o| !o.name.starts_with("book") && o.name != "ponder")
        {
            let options::OptionValue::Bool(on) = option.default_value() else {
                panic!("a switch");
            };
            let mut config = EngineConfig::default();
            option
                .set(&mut config, options::OptionValue::Bool(!on))
                .expect("a bool");
            assert_ne!(nodes(config), base, "{} changes nothing", option.name);
        }
    }
}
