//! The tables at the root: every legal move of a position with its value,
//! best first (Stockfish's root ranking beside its prober, shakmaty-syzygy's
//! `best_move`), for `tama egtb probe` and anyone who plays from the
//! tables.

use tama_core::{Move, Position};
use tama_search::{OracleValue, Wdl};

use crate::tablebase::Tablebase;
use crate::Error;

/// A legal move with the tables' value of the position it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove {
    /// The move.
    pub mv: Move,
    /// The value of the position after the move, for the opponent (who is
    /// to move there); `None` when the tables do not cover it.
    pub after: Option<OracleValue>,
}

impl RankedMove {
    /// The value of playing the move, for the side that plays it
    /// ([`OracleValue::for_mover`] of [`RankedMove::after`]).
    pub fn value(&self) -> Option<OracleValue> {
        self.after.map(OracleValue::for_mover)
    }

    /// The order of moves, best first for the side that plays them: the
    /// quickest win, then draws, then the slowest loss; a value without a
    /// distance counts as the farthest of its kind; uncovered moves last.
    fn rank(&self) -> (u8, i64) {
        match self.after {
            None => (3, 0),
            Some(v) => {
                let d = i64::from(v.known_distance().unwrap_or(u32::MAX));
                match v.wdl {
                    Wdl::Loss => (0, d),
                    Wdl::Draw => (1, 0),
                    Wdl::Win => (2, -d),
                }
            }
        }
    }
}

impl Tablebase {
    /// Every legal move of `pos` with the value of the position it leads
    /// to ([`Tablebase::probe`]: a distance table's when present, else a
    /// win/draw/loss table's), best first for the side to move (see
    /// [`RankedMove`]); equals keep the move generator's order.
    ///
    /// # Errors
    ///
    /// When a needed table file cannot be read or is damaged.
    pub fn rank_moves(&self, pos: &Position) -> Result<Vec<RankedMove>, Error> {
        let mut moves = pos
            .legal_moves(self.rules())
            .iter()
            .map(|mv| {
                let after = self.probe(&pos.play_unchecked(mv))?;
                Ok(RankedMove { mv: *mv, after })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        moves.sort_by_key(RankedMove::rank);
        Ok(moves)
    }

    /// The tables' best move in `pos` and its value for the side to move:
    /// the first of [`Tablebase::rank_moves`]; `None` without a legal move
    /// or when the best move is not covered.
    ///
    /// # Errors
    ///
    /// When a needed table file cannot be read or is damaged.
    pub fn best_move(&self, pos: &Position) -> Result<Option<(Move, OracleValue)>, Error> {
        let best = self.rank_moves(pos)?.into_iter().next();
        Ok(best.and_then(|m| Some((m.mv, m.value()?))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Rules;

    use crate::{generate, GenOptions, Plan};

    /// A position from its text.
    fn pos(fen: &str) -> Position {
        tama_notation::parse_fen(fen).expect("valid").position
    }

    #[test]
    fn moves_are_ranked_by_their_value_for_the_mover() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let rules = Rules::ARMENIAN;
        generate(
            tmp.path(),
            &rules,
            &Plan::new(3),
            None,
            &GenOptions::default(),
        )
        .unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let p = pos("W:WKd1,Ka3:BKa1");
        let root = tb.probe(&p).unwrap().expect("covered");
        assert_eq!(root.wdl, Wdl::Win);
        let ranked = tb.rank_moves(&p).unwrap();
        assert_eq!(ranked.len(), p.legal_moves(&rules).len());
        // The best move keeps the win at the root's distance; the order is
        // by value for the mover, every move covered.
        assert_eq!(ranked[0].value(), Some(root));
        assert_eq!(tb.best_move(&p).unwrap(), Some((ranked[0].mv, root)));
        for pair in ranked.windows(2) {
            assert!(pair[0].rank() <= pair[1].rank(), "{pair:?}");
            let (a, b) = (pair[0].value().unwrap(), pair[1].value().unwrap());
            assert!(a.score() >= b.score(), "{a:?} before {b:?}");
        }
        // The values are the children's, turned to the mover.
        for m in &ranked {
            let child = tb.probe(&p.play_unchecked(&m.mv)).unwrap();
            assert_eq!(m.after, child);
        }
        // Without a legal move there is no best move.
        let stuck = pos("W:W:BKa1");
        assert_eq!(tb.best_move(&stuck).unwrap(), None);
    }
}
