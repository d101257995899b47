//! The static evaluation.
//!
//! The evaluation is only asked about quiet positions: the side to move has
//! no capture (captures are mandatory and the search plays them out). It is
//! a sum of terms, each with its weight in [`EvalParams`] and a switch in
//! [`EvalOptions`] for ablation:
//!
//! - material: men and kings;
//! - advancement: men by rank, rising towards the promotion rank;
//! - centre: men by file;
//! - formation: men backed from behind (safe from a frontal jump), men side
//!   by side, men on a side file;
//! - mobility: quiet moves of the men, squares the kings reach;
//! - promotion: a man that can be crowned at once (side to move) or next
//!   move (the other side), which the quiescence stage does not see;
//! - threats: pieces of the side to move that the opponent could jump;
//! - endgame: trading down when ahead, drawish king-only endings;
//! - tempo: a bonus for having the move.

use tama_core::{Bitboard, Color, Position, Rules};

use crate::learned::{Base, LearnedEval};
use crate::params::EvalParams;
use crate::score::EVAL_LIMIT;
use crate::settings::settings;
use tama_files::fnv1a as checksum;

settings! {
    prefix "eval_";
    /// Which terms of the evaluation are used. Material is always on.
    ///
    /// ```
    /// use tama_search::EvalOptions;
    ///
    /// let no_tempo = EvalOptions { tempo: false, ..EvalOptions::DEFAULT };
    /// assert_ne!(no_tempo, EvalOptions::DEFAULT);
    /// assert!(EvalOptions::ALL.mobility && !EvalOptions::DEFAULT.mobility);
    /// assert!(!EvalOptions::MATERIAL.tempo);
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct EvalOptions {
        /// Men by rank.
        advancement: bool = true, Bool, "men by rank";
        /// Men by file.
        centre: bool = false, Bool, "men by file";
        /// Backed, paired and edge men.
        formation: bool = true, Bool, "backed, paired and edge men";
        /// Quiet moves of men and kings.
        mobility: bool = false, Bool, "quiet moves of men and kings";
        /// Men about to be crowned.
        promotion: bool = true, Bool, "men about to be crowned";
        /// Pieces the opponent threatens to jump.
        threats: bool = true, Bool, "pieces the opponent threatens to jump";
        /// Endgame knowledge.
        endgame: bool = true, Bool, "endgame knowledge";
        /// Bonus for the side to move.
        tempo: bool = true, Bool, "bonus for the side to move";
    }
    /// The terms the engine uses by default: every term except centre and
    /// mobility, which did not win games in matches (see BENCHMARKS.md).
    DEFAULT;
}

impl EvalOptions {
    /// Every term.
    pub const ALL: EvalOptions = EvalOptions {
        advancement: true,
        centre: true,
        formation: true,
        mobility: true,
        promotion: true,
        threats: true,
        endgame: true,
        tempo: true,
    };

    /// Material only.
    pub const MATERIAL: EvalOptions = EvalOptions {
        advancement: false,
        centre: false,
        formation: false,
        mobility: false,
        promotion: false,
        threats: false,
        endgame: false,
        tempo: false,
    };
}

impl Default for EvalOptions {
    fn default() -> EvalOptions {
        EvalOptions::DEFAULT
    }
}

/// An evaluation function: weights and switches, with tables built from
/// them.
///
/// ```
/// use tama_core::{Position, Rules};
/// use tama_search::Evaluator;
///
/// let eval = Evaluator::default();
/// let start = Position::start();
/// // The start position is symmetric: only the tempo bonus remains.
/// assert_eq!(eval.evaluate(&start, &Rules::ARMENIAN), eval.params().tempo);
/// ```
#[derive(Clone, Debug)]
pub struct Evaluator {
    params: EvalParams,
    options: EvalOptions,
    /// Value of a man of each colour on each square (material included).
    man_table: [[i32; 64]; 2],
    /// Learned evaluations, each used for its rules instead of the terms
    /// above or (base classic) added to them (empty with the classic
    /// evaluation).
    learned: Vec<LearnedEval>,
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::new(EvalParams::DEFAULT, EvalOptions::DEFAULT)
    }
}

impl Evaluator {
    /// An evaluator with the given weights and terms.
    pub fn new(params: EvalParams, options: EvalOptions) -> Evaluator {
        let mut man_table = [[0; 64]; 2];
        for (c, table) in man_table.iter_mut().enumerate() {
            for (sq, v) in table.iter_mut().enumerate() {
                let file = sq % 8;
                let rank = if c == 0 { sq / 8 } else { 7 - sq / 8 };
                *v = params.man;
                if options.advancement {
                    *v += params.man_rank[rank];
                }
                if options.centre {
                    *v += params.man_file[file];
                }
            }
        }
        Evaluator {
            params,
            options,
            man_table,
            learned: Vec::new(),
        }
    }

    /// The same evaluator using `learned` for the rules of its weights
    /// (alone or added to the classic terms, by their [`Base`]; the
    /// classic terms for other rules).
    #[must_use]
    pub fn with_learned(self, learned: Vec<LearnedEval>) -> Evaluator {
        Evaluator { learned, ..self }
    }

    /// The learned evaluation used for `rules`, if any.
    #[inline]
    pub fn learned(&self, rules: &Rules) -> Option<&LearnedEval> {
        if self.learned.is_empty() {
            return None;
        }
        self.learned.iter().find(|l| l.rules() == rules)
    }

    /// The weights.
    pub fn params(&self) -> &EvalParams {
        &self.params
    }

    /// The switches.
    pub fn options(&self) -> &EvalOptions {
        &self.options
    }

    /// A fingerprint of the classic evaluation: FNV-1a (64 bits) of
    /// [`CLASSIC_REVISION`](Self::CLASSIC_REVISION), every weight
    /// (in the order of [`EvalParams::WEIGHTS`], `i32` little-endian) and
    /// every switch of [`EvalOptions`] (in their declared order, a byte
    /// each). A weights file with base classic stores the default
    /// evaluator's and is refused by a build with another one.
    ///
    /// ```
    /// use tama_search::{EvalOptions, Evaluator};
    /// use tama_search::params::EvalParams;
    ///
    /// let default = Evaluator::default().classic_fingerprint();
    /// let other = Evaluator::new(EvalParams::DEFAULT, EvalOptions::ALL);
    /// assert_ne!(default, other.classic_fingerprint());
    /// ```
    pub fn classic_fingerprint(&self) -> u64 {
        let o = &self.options;
        let mut bytes = Vec::with_capacity(4 + 4 * EvalParams::COUNT + 8);
        bytes.extend_from_slice(&Self::CLASSIC_REVISION.to_le_bytes());
        for v in self.params.values() {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.extend(
            [
                o.advancement,
                o.centre,
                o.formation,
                o.mobility,
                o.promotion,
                o.threats,
                o.endgame,
                o.tempo,
            ]
            .map(u8::from),
        );
        checksum(&bytes)
    }

    /// The revision of the classic evaluation's code, part of
    /// [`classic_fingerprint`](Self::classic_fingerprint): raise it when a
    /// change of the terms' code (not of their weights) changes values,
    /// so that weights trained on top of the old terms are refused.
    pub const CLASSIC_REVISION: u32 = 1;

    /// The value of a quiet position for the side to move, in centi-men.
    ///
    /// The result is meaningful when the side to move has no capture; the
    /// search never asks otherwise. With learned weights for `rules`, it is
    /// their pattern sum alone (base none) or added to the classic value
    /// (base classic), computed once.
    pub fn evaluate(&self, pos: &Position, rules: &Rules) -> i32 {
        let v = match self.learned(rules) {
            Some(l) => match l.base() {
                Base::None => l.evaluate(pos),
                Base::Classic => self.classic(pos, rules) + l.evaluate(pos),
            },
            None => self.classic(pos, rules),
        };
        v.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The classic terms' value for the side to move (not clamped).
    #[inline]
    fn classic(&self, pos: &Position, rules: &Rules) -> i32 {
        let p = &self.params;
        let o = &self.options;
        let white = pos.pieces(Color::White).0;
        let black = pos.pieces(Color::Black).0;
        let kings = pos.kings().0;
        let wm = white & !kings;
        let bm = black & !kings;
        let nwk = (white & kings).count_ones() as i32;
        let nbk = (black & kings).count_ones() as i32;
        let nwm = wm.count_ones() as i32;
        let nbm = bm.count_ones() as i32;
        let stm = pos.turn();
        let sign = if stm == Color::White { 1 } else { -1 };

        let mut s = p.king * (nwk - nbk);
        let mut m = wm;
        while m != 0 {
            s += self.man_table[0][m.trailing_zeros() as usize];
            m &= m - 1;
        }
        let mut m = bm;
        while m != 0 {
            s -= self.man_table[1][m.trailing_zeros() as usize];
            m &= m - 1;
        }
        let material = s;

        if o.formation {
            const FILE_A: u64 = Bitboard::FILE_A.0;
            const FILE_H: u64 = Bitboard::FILE_H.0;
            let backed_w = (wm & (white << 8)).count_ones() as i32;
            let backed_b = (bm & (black >> 8)).count_ones() as i32;
            let paired_w =
                (wm & (((wm & !FILE_H) << 1) | ((wm & !FILE_A) >> 1))).count_ones() as i32;
            let paired_b =
                (bm & (((bm & !FILE_H) << 1) | ((bm & !FILE_A) >> 1))).count_ones() as i32;
            const EDGE: u64 = FILE_A | FILE_H;
            const WHITE_HIGH: u64 = !0u64 << 24; // ranks 4-8
            const BLACK_HIGH: u64 = !0u64 >> 24; // ranks 1-5
            let edge_w = (wm & EDGE & WHITE_HIGH).count_ones() as i32;
            let edge_b = (bm & EDGE & BLACK_HIGH).count_ones() as i32;
            s += p.man_backed * (backed_w - backed_b) + p.man_paired * (paired_w - paired_b)
                - p.man_edge * (edge_w - edge_b);
        }

        if o.mobility {
            let (wmen, wk) = pos.quiet_move_counts(rules, Color::White);
            let (bmen, bk) = pos.quiet_move_counts(rules, Color::Black);
            s += p.mobility * (wmen as i32 - bmen as i32)
                + p.king_mobility * (wk as i32 - bk as i32);
        }

        if o.promotion {
            // Men one step from the promotion rank with a free square to be
            // crowned on.
            let w_ready = pos.crowning_steps(rules, Color::White).any();
            let b_ready = pos.crowning_steps(rules, Color::Black).any();
            let (now, next) = if stm == Color::White {
                (w_ready, b_ready)
            } else {
                (b_ready, w_ready)
            };
            if now {
                s += sign * p.promote_now;
            }
            if next {
                s -= sign * p.promote_threat;
            }
        }

        if o.threats {
            let victims = pos.capture_victims(stm.opponent());
            s -= sign * p.threatened * victims.count() as i32;
        }

        if o.endgame {
            s = self.endgame(s, material, nwm, nwk, nbm, nbk);
        }

        if o.tempo {
            s += sign * p.tempo;
        }
        sign * s
    }

    /// Endgame adjustments of a White-relative score.
    fn endgame(&self, s: i32, material: i32, nwm: i32, nwk: i32, nbm: i32, nbk: i32) -> i32 {
        let p = &self.params;
        let total = nwm + nwk + nbm + nbk;
        // King-only endings with equal numbers of kings are drawn unless a
        // tactic wins a king, which the search sees.
        if nwm == 0 && nbm == 0 && nwk == nbk {
            return s / 8;
        }
        // One piece each: a king cannot catch a lone man before it is
        // crowned, and king against king is drawn (engine games from
        // random positions: 20 draws in 20 for king against man).
        if total == 2 {
            return s / 8;
        }
        // A lone king against men only (no king): drawish, the men crown
        // or hold (king against two men: 19 draws in 20). Two kings against
        // one, or king and man against king, win (20 of 20 each), which
        // material already says.
        if (nwk == 1 && nwm == 0 && nbk == 0) || (nbk == 1 && nbm == 0 && nwk == 0) {
            return s / 4;
        }
        // Ahead in material: trading down helps, more so as the board
        // empties.
        let diff = (nwm - nbm) * p.man + (nwk - nbk) * p.king;
        if diff != 0 && material.signum() == diff.signum() {
            let remaining = (32 - total).max(0);
            return s + diff.signum() * p.endgame_advantage * remaining / 16;
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::{Piece, Role, Setup, Square};
    use tama_test_support::positions::quiet_positions;
    use tama_test_support::Rng;

    fn random_positions(rules: &Rules, n: usize) -> Vec<Position> {
        let mut rng = Rng::lcg(0x9e37_79b9, 1_442_695_040_888_963_407);
        quiet_positions(&mut rng, rules, n, 120)
    }

    #[test]
    fn symmetric_under_colour_flip() {
        let eval = Evaluator::new(EvalParams::DEFAULT, EvalOptions::ALL);
        for rules in [Rules::ARMENIAN, Rules::TURKISH] {
            for p in random_positions(&rules, 500) {
                let flipped = p.flip_colors();
                assert_eq!(
                    eval.evaluate(&p, &rules),
                    eval.evaluate(&flipped, &rules),
                    "{p:?}"
                );
                // And left-right mirroring changes nothing.
                assert_eq!(
                    eval.evaluate(&p, &rules),
                    eval.evaluate(&p.flip_horizontal(), &rules)
                );
            }
        }
    }

    #[test]
    fn material_dominates() {
        let eval = Evaluator::default();
        let mut s = Setup::empty(Color::White);
        s.put(Square::D4, Piece::new(Color::White, Role::King));
        s.put(Square::A6, Piece::new(Color::Black, Role::Man));
        s.put(Square::H7, Piece::new(Color::Black, Role::Man));
        s.put(Square::C2, Piece::new(Color::White, Role::Man));
        let pos = Position::from_setup(s).unwrap();
        assert!(eval.evaluate(&pos, &Rules::ARMENIAN) > 100);
        let material = Evaluator::new(EvalParams::DEFAULT, EvalOptions::MATERIAL);
        assert_eq!(
            material.evaluate(&pos, &Rules::ARMENIAN),
            EvalParams::DEFAULT.king - EvalParams::DEFAULT.man
        );
    }

    #[test]
    fn lone_king_against_men_is_drawish() {
        let eval = Evaluator::default();
        let mut s = Setup::empty(Color::White);
        s.put(Square::D4, Piece::new(Color::White, Role::King));
        s.put(Square::B6, Piece::new(Color::Black, Role::Man));
        s.put(Square::G6, Piece::new(Color::Black, Role::Man));
        let pos = Position::from_setup(s).unwrap();
        assert!(eval.evaluate(&pos, &Rules::ARMENIAN).abs() < 60);
        // Two kings against one: clearly winning.
        let mut s = Setup::empty(Color::White);
        s.put(Square::D4, Piece::new(Color::White, Role::King));
        s.put(Square::E4, Piece::new(Color::White, Role::King));
        s.put(Square::G7, Piece::new(Color::Black, Role::King));
        let pos = Position::from_setup(s).unwrap();
        assert!(eval.evaluate(&pos, &Rules::ARMENIAN) > 300);
    }

    #[test]
    fn lone_kings_are_drawish() {
        let eval = Evaluator::default();
        let mut s = Setup::empty(Color::White);
        s.put(Square::D4, Piece::new(Color::White, Role::King));
        s.put(Square::F7, Piece::new(Color::Black, Role::King));
        let pos = Position::from_setup(s).unwrap();
        assert!(eval.evaluate(&pos, &Rules::ARMENIAN).abs() < 20);
    }
}
