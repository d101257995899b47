//! The quiescence stage: captures are played out (a position where the
//! side to move must capture is never evaluated statically), then crowning
//! moves; optionally pending capture threats are answered.

use tama_core::Position;

use crate::score::{INFINITY, MATE, MAX_PLY};
use crate::worker::{Ctx, Worker};

impl Worker {
    /// The quiescence stage: plays out captures (which are forced), tries
    /// crowning moves, and answers pending capture threats once along a
    /// line (`threat_budget`).
    pub(crate) fn qsearch(
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
                let score = if child.is_draw_one_each(&ctx.rules) {
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
        if let Some(s) = self.probe_oracle(ctx, pos, ply) {
            return s;
        }
        if !pos.has_quiet_move(&ctx.rules, pos.turn()) {
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
            && pos.capture_sources(pos.turn().opponent()).any();
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
        if opts.qsearch_promotions && pos.crowning_steps(&ctx.rules, pos.turn()).any() {
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
}

#[cfg(test)]
mod tests {
    use tama_core::{Color, Role, Rules};

    use crate::params::SearchOptions;
    use crate::score::INFINITY;
    use crate::test_support::{position, Harness};

    #[test]
    fn captures_are_played_out_before_evaluating() {
        use Color::*;
        use Role::*;
        // White must take d5 (d4xd6); the position is never evaluated.
        let pos = position(
            White,
            &[
                ("d4", White, Man),
                ("d5", Black, Man),
                ("a7", Black, Man),
                ("h2", White, Man),
            ],
        );
        let moves = pos.legal_moves(&Rules::ARMENIAN);
        assert!(moves.len() == 1 && moves[0].is_capture());
        let child = pos.play_unchecked(&moves[0]);
        let h = Harness::new(Rules::ARMENIAN, SearchOptions::DEFAULT);
        let ctx = h.ctx();
        let mut w = h.worker(&pos);
        let s = w.qsearch(&ctx, &pos, -INFINITY, INFINITY, 1, 1);
        let mut c = h.worker(&pos);
        assert_eq!(s, -c.qsearch(&ctx, &child, -INFINITY, INFINITY, 2, 1));
        // A man up after the capture.
        assert!(s >= 50, "{s}");
        assert_ne!(s, h.eval.evaluate(&pos, &Rules::ARMENIAN));
        // The stand-pat value of a quiet position is its evaluation.
        let mut q = h.worker(&child);
        let quiet = position(White, &[("a2", White, Man), ("h7", Black, Man)]);
        assert_eq!(
            q.qsearch(&ctx, &quiet, -INFINITY, INFINITY, 1, 1),
            h.eval.evaluate(&quiet, &Rules::ARMENIAN)
        );
    }
}
