//! The book while it grows: a graph of positions (transpositions share a
//! node) with Lincke's drop-out expansion over it (docs/BOOK.md).
//!
//! Each node holds its book moves (edges to other nodes) and its
//! *candidates*: the moves its own search ranked that are not yet in the
//! book, with their values, best first. The best candidate is the node's
//! *drop-out* move: where a game would leave the book. A node's value is
//! the negamax of its book moves' values and its drop-out value. Its
//! *expansion priority* (lower is sooner) is
//!
//! ```text
//! e(n) = min( ply + α·(v(n) − d(n)),                       the drop-out
//!             min over book moves n→c of ply + e(c) + α·(v(n) + v(c)) )
//! ```
//!
//! where `v(n) + v(c)` is how much worse the move to `c` is than the best
//! (`v(c)` is for the other side): both sides may deviate from the best
//! move, a deviation of `1/α` centi-men costing as much as one ply. The
//! next expansion follows the smallest terms from the root to a drop-out
//! move and adds its position to the book.
//!
//! The graph is kept acyclic: an edge goes to a position with fewer
//! pieces, men or advanced men ([`potential`], which no move raises and
//! every irreversible move lowers), or, at equal potential, to a node
//! created later. A move back to an earlier node of the same potential
//! (a reversible transposition) is left out of the book. So children
//! come before parents in the order (potential ascending, index
//! descending), and values and priorities are brought up to date in that
//! order, each node once.

use std::collections::BTreeSet;

use tama_core::{position_outcome, Color, Move, Position, Rules};
use tama_search::Score;

/// A node's index in the tree.
pub(crate) type Id = u32;

/// No expansion below this node.
pub(crate) const NEVER: i64 = i64::MAX / 4;

/// A book move from a node.
#[derive(Clone, Debug)]
pub(crate) struct Edge {
    pub(crate) mv: Move,
    pub(crate) child: Id,
    /// Expansions that went through this move.
    pub(crate) visits: u32,
}

/// One position of the book.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) pos: Position,
    pub(crate) potential: u32,
    /// The game is over here: this is its value (side to move).
    pub(crate) terminal: Option<i32>,
    /// Moves not in the book, with their values (side to move), best first.
    pub(crate) cands: Vec<(Move, i32)>,
    pub(crate) children: Vec<Edge>,
    pub(crate) parents: Vec<Id>,
    pub(crate) value: i32,
    pub(crate) prio: i64,
    /// Its drop-out is being expanded (in the current batch).
    pub(crate) pending: bool,
}

/// A value seen from the other side, a decisive one a ply further away.
pub(crate) fn back(v: i32) -> i32 {
    let s = Score::from_raw(v);
    if !s.is_decisive() {
        -v
    } else if v > 0 {
        -v + 1
    } else {
        -v - 1
    }
}

/// Pieces, then men, then how far the men are from crowning: no move
/// raises it, every capture, crowning and forward step of a man lowers
/// it (sideways steps and kings' quiet moves keep it).
pub(crate) fn potential(pos: &Position) -> u32 {
    let men = pos.men();
    let mut to_go = 0;
    for color in [Color::White, Color::Black] {
        let mut bits = pos.pieces(color).0 & men.0;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let rank = i / 8;
            to_go += if color == Color::White {
                7 - rank
            } else {
                rank
            };
        }
    }
    pos.occupied().count() * 4096 + men.count() * 256 + to_go
}

/// The drop-out expansion's tree and parameters.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub(crate) rules: Rules,
    pub(crate) nodes: Vec<Node>,
    pub(crate) index: std::collections::HashMap<u64, Id>,
    /// The cost of one ply.
    pub(crate) ply: i64,
    /// The cost of one centi-man of deviation from the best move.
    pub(crate) alpha: i64,
    /// Breaks ties between equal priorities.
    pub(crate) seed: u64,
}

impl Tree {
    pub(crate) fn new(rules: Rules, ply: i64, alpha: i64, seed: u64) -> Tree {
        Tree {
            rules,
            nodes: Vec::new(),
            index: Default::default(),
            ply,
            alpha,
            seed,
        }
    }

    /// Adds the position with its search's candidates (best first), or as
    /// a terminal position when the game is over there.
    pub(crate) fn add(&mut self, pos: Position, cands: Vec<(Move, i32)>) -> Id {
        let id = self.nodes.len() as Id;
        let terminal = position_outcome(&pos, &self.rules).map(|o| match o.winner {
            Some(w) if w == pos.turn() => Score::win_in(0).raw(),
            Some(_) => Score::loss_in(0).raw(),
            None => 0,
        });
        self.index.insert(pos.hash(), id);
        self.nodes.push(Node {
            pos,
            potential: potential(&pos),
            terminal,
            cands: if terminal.is_some() {
                Vec::new()
            } else {
                cands
            },
            children: Vec::new(),
            parents: Vec::new(),
            value: 0,
            prio: NEVER,
            pending: false,
        });
        self.update([id]);
        id
    }

    /// Whether an edge from `from` to `to` keeps the graph acyclic.
    pub(crate) fn may_link(&self, from: Id, to: Id) -> bool {
        let (a, b) = (&self.nodes[from as usize], &self.nodes[to as usize]);
        b.potential < a.potential || (b.potential == a.potential && to > from)
    }

    /// Puts candidate `mv` of `from` into the book as a move to the node
    /// `to` (an existing node, or one just added). A move that would close
    /// a cycle is dropped from the candidates instead.
    pub(crate) fn link(&mut self, from: Id, mv: Move, to: Id) {
        let node = &mut self.nodes[from as usize];
        node.cands.retain(|(m, _)| *m != mv);
        if self.may_link(from, to) {
            self.nodes[from as usize].children.push(Edge {
                mv,
                child: to,
                visits: 0,
            });
            self.nodes[to as usize].parents.push(from);
        }
        self.update([from]);
    }

    /// The value and priority of `n` from its children's and candidates'.
    fn compute(&self, n: Id) -> (i32, i64) {
        let node = &self.nodes[n as usize];
        if let Some(v) = node.terminal {
            return (v, NEVER);
        }
        let drop = node.cands.first().map(|c| c.1);
        let mut value = drop.unwrap_or(i32::MIN);
        for e in &node.children {
            value = value.max(back(self.nodes[e.child as usize].value));
        }
        if value == i32::MIN {
            value = 0;
        }
        let mut prio = NEVER;
        if let (Some(d), false) = (drop, node.pending) {
            prio = self.ply + self.alpha * i64::from(value - d).max(0);
        }
        for e in &node.children {
            let c = &self.nodes[e.child as usize];
            if c.prio < NEVER {
                let dev = i64::from(value - back(c.value)).max(0);
                prio = prio.min(self.ply + c.prio + self.alpha * dev);
            }
        }
        (value, prio.min(NEVER))
    }

    /// Brings the values and priorities of `changed` and their ancestors up
    /// to date, children first.
    pub(crate) fn update(&mut self, changed: impl IntoIterator<Item = Id>) {
        let order = |t: &Tree, n: Id| (t.nodes[n as usize].potential, u32::MAX - n);
        let mut work: BTreeSet<(u32, u32)> = changed.into_iter().map(|n| order(self, n)).collect();
        while let Some((_, rev)) = work.pop_first() {
            let n = u32::MAX - rev;
            let (value, prio) = self.compute(n);
            let node = &mut self.nodes[n as usize];
            if (node.value, node.prio) != (value, prio) {
                node.value = value;
                node.prio = prio;
                for &q in &self.nodes[n as usize].parents.clone() {
                    work.insert(order(self, q));
                }
            }
        }
    }

    /// Recomputes every node (after reading a saved tree).
    pub(crate) fn update_all(&mut self) {
        let all: Vec<Id> = (0..self.nodes.len() as Id).collect();
        self.update(all);
    }

    /// A tie-break between equal priorities, fixed by the seed.
    fn tie(&self, n: Id, k: usize) -> u64 {
        let mut z = self.seed ^ self.nodes[n as usize].pos.hash() ^ (k as u64).rotate_left(32);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next expansion: from the root, the smallest term at each node
    /// down to a drop-out move. The node is marked pending (so the next
    /// call finds another) and the moves on the way counted. `None` when
    /// nothing is left to expand.
    pub(crate) fn select(&mut self) -> Option<(Id, Move)> {
        let mut n: Id = 0;
        if self.nodes.first()?.prio >= NEVER {
            return None;
        }
        let mut path = Vec::new();
        loop {
            let node = &self.nodes[n as usize];
            let v = node.value;
            // (priority, tie, choice): choice 0 the drop-out, k + 1 child k.
            let mut best: Option<(i64, u64, usize)> = None;
            if let (Some(&(_, d)), false) = (node.cands.first(), node.pending) {
                let p = self.ply + self.alpha * i64::from(v - d).max(0);
                best = Some((p, self.tie(n, 0), 0));
            }
            for (k, e) in node.children.iter().enumerate() {
                let c = &self.nodes[e.child as usize];
                if c.prio >= NEVER {
                    continue;
                }
                let dev = i64::from(v - back(c.value)).max(0);
                let p = self.ply + c.prio + self.alpha * dev;
                let cand = (p, self.tie(n, k + 1), k + 1);
                if best.is_none_or(|b| (cand.0, cand.1) < (b.0, b.1)) {
                    best = Some(cand);
                }
            }
            match best? {
                (_, _, 0) => break,
                (_, _, k) => {
                    path.push((n, k - 1));
                    n = self.nodes[n as usize].children[k - 1].child;
                }
            }
        }
        for (p, k) in path {
            let e = &mut self.nodes[p as usize].children[k];
            e.visits = e.visits.saturating_add(1);
        }
        let mv = self.nodes[n as usize].cands[0].0;
        self.nodes[n as usize].pending = true;
        self.update([n]);
        Some((n, mv))
    }

    /// Clears the pending marks of `ids`.
    pub(crate) fn unmark(&mut self, ids: &[Id]) {
        for &n in ids {
            self.nodes[n as usize].pending = false;
        }
        self.update(ids.iter().copied());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn potential_never_rises_and_falls_on_irreversible_moves() {
        for rules in [Rules::ARMENIAN, Rules::TURKISH] {
            let mut pos = Position::start();
            for ply in 0..120 {
                let moves = pos.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                for mv in moves.iter() {
                    let next = pos.play_unchecked(mv);
                    let (a, b) = (potential(&pos), potential(&next));
                    if pos.is_reversible(mv) {
                        assert_eq!(a, b, "{mv:?}");
                    } else {
                        assert!(b < a, "{mv:?}");
                    }
                }
                pos = pos.play_unchecked(&moves[(ply * 7) % moves.len()]);
            }
        }
    }

    #[test]
    fn values_back_up_by_negamax_and_the_best_drop_out_is_expanded() {
        let rules = Rules::ARMENIAN;
        let start = Position::start();
        let moves = start.legal_moves(&rules);
        let mut t = Tree::new(rules, 10, 1, 0);
        t.add(start, vec![(moves[0], 20), (moves[1], 5)]);
        assert_eq!((t.nodes[0].value, t.nodes[0].prio), (20, 10));
        let (n, mv) = t.select().unwrap();
        assert_eq!((n, mv), (0, moves[0]));
        let child = start.play_unchecked(&mv);
        let replies = child.legal_moves(&rules);
        let c = t.add(child, vec![(replies[0], 30)]);
        t.link(0, mv, c);
        t.unmark(&[0]);
        // The child is worth 30 to the other side: −30 for the root's
        // move, below the second candidate's 5.
        assert_eq!(t.nodes[0].value, 5);
        assert_eq!(t.nodes[0].children[0].visits, 0);
        // Next: the root's drop-out (5, no deviation: 10) before the
        // child's (deviation 35 at the root: 10 + 10 + 35).
        assert_eq!(t.select(), Some((0, moves[1])));
        assert_eq!(t.select(), Some((c, replies[0])));
        assert_eq!(t.nodes[0].children[0].visits, 1);
        assert_eq!(t.select(), None);
    }
}
