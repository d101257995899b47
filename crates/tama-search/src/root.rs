//! Iterative deepening with aspiration windows, the root search
//! (multi-PV by excluding the lines already found) and progress reports.

use std::sync::atomic::Ordering;
use std::time::Duration;

use tama_core::Position;

use crate::progress::{Info, InfoKind};
use crate::score::{Score, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::Bound;
use crate::worker::{Ctx, Worker};

impl Worker {
    /// Searches the root moves from `pv_idx` on (the earlier ones are the
    /// lines already found in this iteration).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn root_search(
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
            tb: rm.tb,
            tbhits: self.total_tb_hits(ctx),
        }
    }

    /// Oracle answers of all threads, this thread counted exactly.
    pub(crate) fn total_tb_hits(&self, ctx: &Ctx<'_>) -> u64 {
        ctx.tb_counters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == self.id {
                    self.tb_hits
                } else {
                    c.load(Ordering::Relaxed)
                }
            })
            .sum()
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
                // A ponder search not yet hit has no time limit. Once hit,
                // its thinking since the start counts towards the budget
                // (the hard limit counts from the hit).
                if self.clock_origin(ctx).is_none() {
                    continue;
                }
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

#[cfg(test)]
mod tests {
    use tama_core::Rules;

    use super::*;
    use crate::params::SearchOptions;
    use crate::test_support::Harness;

    #[test]
    fn later_lines_exclude_the_ones_found() {
        let root = Position::start();
        let h = Harness::new(Rules::ARMENIAN, SearchOptions::DEFAULT);
        let ctx = h.ctx();
        let mut w = h.worker(&root);
        w.root_depth = 3;
        let first = w.root_moves[0].mv;
        w.root_moves[0].score = 4242;
        let s = w.root_search(&ctx, &root, 3, -INFINITY, INFINITY, 1, &mut |_| {});
        // The first move was neither searched nor touched.
        assert_eq!((w.root_moves[0].mv, w.root_moves[0].score), (first, 4242));
        assert!(w.root_moves[1..].iter().any(|rm| rm.score == s));
        assert!(s > -INFINITY && s < 4242);
    }
}
