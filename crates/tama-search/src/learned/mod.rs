//! The learned evaluation: board patterns with weights fitted to self-play
//! data (docs/TRAINING.md), the Scan way.
//!
//! The board is read through overlapping *regions* of two ranks by four
//! files. A region's men form a base-3 number (empty, own man, other man
//! for each of its eight squares), the index into that region's table of
//! 3^8 = 6,561 weights. There are seven ranks of regions (ranks 1–2 up to
//! 7–8) and three on each: the left one (files a–d), the centre one (c–f)
//! and the right one (e–h). The right region reads its files from h
//! leftwards and shares the left region's table, and the centre region
//! reads whichever of its two readings has the smaller number, so the
//! mirrored position scores the same. Kings are separate features: a
//! table by square (folded left to right) and their number; men have a
//! table by square and a count too, and the side to move a tempo weight.
//!
//! A weights file says its *base* ([`Base`]): with [`Base::None`] the
//! patterns are the whole evaluation; with [`Base::Classic`] they are a
//! correction added to the classic evaluation's full value (endgame
//! scaling included), so all-zero weights are exactly the classic
//! evaluation and training learns only what the classic terms miss.
//! [`Evaluator::evaluate`](crate::Evaluator::evaluate) computes the classic
//! value once and adds [`LearnedEval::evaluate`] to it.
//!
//! All of this is read from White's side ([`features`]); the same features
//! of the colour-flipped position are subtracted, so the colour-flipped
//! position has exactly the negated value. Each feature has a middlegame
//! and an endgame weight, blended by the number of pieces on the board
//! (32 pieces: middlegame only, none: endgame only). Weights are integers
//! in sixteenths of a centi-man ([`SCALE`]); the evaluation is integer
//! arithmetic, the same on every machine.
//!
//! ```
//! use tama_core::{Position, Preset};
//! use tama_search::learned::{LearnedEval, Weights, FEATURES, MAN};
//!
//! let mut weights = Weights::zero(Preset::Armenian);
//! weights.set(MAN, [1600, 1600]); // 100 centi-men a man
//! let eval = LearnedEval::new(std::sync::Arc::new(weights));
//! assert_eq!(eval.evaluate(&Position::start()), 0);
//! # assert!(FEATURES > MAN);
//! ```

mod embedded;
mod file;

use std::sync::Arc;

use tama_core::{Color, Position, Rules};

pub use embedded::embedded;
pub use file::{checksum, Weights, WeightsError, WEIGHTS_VERSION};

/// What the pattern sum of a weights file is added to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Nothing: the patterns are the whole evaluation.
    None,
    /// The classic evaluation ([`Evaluator`](crate::Evaluator)'s terms):
    /// the patterns are a correction to it.
    Classic,
}

impl Base {
    /// Every base, by its name.
    pub const ALL: [(&'static str, Base); 2] = [("classic", Base::Classic), ("none", Base::None)];

    /// The name: `none` or `classic`.
    pub fn name(self) -> &'static str {
        match self {
            Base::None => "none",
            Base::Classic => "classic",
        }
    }

    /// The byte stored in a weights file.
    pub fn byte(self) -> u8 {
        match self {
            Base::None => 0,
            Base::Classic => 1,
        }
    }

    /// The base stored as `byte`, if any.
    pub fn from_byte(byte: u8) -> Option<Base> {
        match byte {
            0 => Some(Base::None),
            1 => Some(Base::Classic),
            _ => None,
        }
    }
}

impl core::fmt::Display for Base {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which static evaluation the engine uses (option `eval`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvalKind {
    /// The hand-written evaluation of [`Evaluator`](crate::Evaluator),
    /// the default.
    #[default]
    Classic,
    /// The learned evaluation where weights exist for the rules (given in
    /// [`EngineConfig::eval_weights`](crate::EngineConfig::eval_weights)
    /// or [`embedded`] in the program); the classic one for other rules.
    Learned,
}

impl EvalKind {
    /// Every kind, by its option value.
    pub const ALL: [(&'static str, EvalKind); 2] = [
        ("classic", EvalKind::Classic),
        ("learned", EvalKind::Learned),
    ];

    /// The option value: `classic` or `learned`.
    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Classic => "classic",
            EvalKind::Learned => "learned",
        }
    }
}

/// Weights are stored in sixteenths of a centi-man.
pub const SCALE: i32 = 16;
/// Pieces on the board at which the middlegame weights count alone.
pub const PHASE_MAX: i32 = 32;

/// Entries of one region table: 3^8.
pub const REGION_SIZE: usize = 6561;
/// Ranks of regions (ranks 1–2 … 7–8).
pub const REGION_RANKS: usize = 7;
/// Region tables: an edge (left/right) and a centre one per rank.
pub const REGION_TABLES: usize = REGION_RANKS * 2;
/// The first feature after the region tables: kings by square, 32
/// entries (rank × folded file).
pub const KING_SQUARE: usize = REGION_TABLES * REGION_SIZE;
/// Men by square: 32 entries (rank × folded file).
pub const MAN_SQUARE: usize = KING_SQUARE + 32;
/// The feature counting men.
pub const MAN: usize = MAN_SQUARE + 32;
/// The feature counting kings.
pub const KING: usize = MAN + 1;
/// The side to move's feature (+1 White to move, −1 Black).
pub const TEMPO: usize = KING + 1;
/// The number of features, each with a middlegame and an endgame weight.
pub const FEATURES: usize = TEMPO + 1;

/// `THREE[b]`: the base-3 number whose digit `i` is bit `i` of `b`.
const THREE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut v = 0u16;
        let mut p = 1u16;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
};

/// Four bits reversed.
const REV4: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = (((i & 1) << 3) | ((i & 2) << 1) | ((i & 4) >> 1) | ((i & 8) >> 3)) as u8;
        i += 1;
    }
    t
};

/// A centre region's index: the smaller of its two readings (left to
/// right and right to left).
const CANON: [u16; REGION_SIZE] = {
    let mut t = [0u16; REGION_SIZE];
    let mut i = 0;
    while i < REGION_SIZE {
        // Digits of i; the mirror reverses the four digits of each rank.
        let mut digits = [0usize; 8];
        let mut v = i;
        let mut k = 0;
        while k < 8 {
            digits[k] = v % 3;
            v /= 3;
            k += 1;
        }
        let mut m = 0usize;
        let mut p = 1usize;
        k = 0;
        while k < 8 {
            let from = (k / 4) * 4 + 3 - k % 4;
            m += digits[from] * p;
            p *= 3;
            k += 1;
        }
        t[i] = if m < i { m as u16 } else { i as u16 };
        i += 1;
    }
    t
};

/// The region index of two ranks' worth of own and other men, each given
/// as 8 bits (four squares of the lower rank, then four of the upper).
#[inline]
fn region(own: u32, other: u32) -> usize {
    THREE[own as usize] as usize + 2 * THREE[other as usize] as usize
}

/// Calls `f(feature, count)` for the features of the position read from
/// the side whose men are `own` (moving up the board), against `other`:
/// `own_kings` are that side's kings. The colour-flipped reading is the
/// same function on the flipped bitboards.
#[inline]
fn visit(own: u64, other: u64, own_kings: u64, mut f: impl FnMut(usize, i32)) {
    for r in 0..REGION_RANKS {
        let o = (own >> (8 * r)) as u32 & 0xffff;
        let x = (other >> (8 * r)) as u32 & 0xffff;
        let base = r * 2 * REGION_SIZE;
        // Left: files a-d, a first.
        let left = region((o & 0xf) | ((o >> 4) & 0xf0), (x & 0xf) | ((x >> 4) & 0xf0));
        f(base + left, 1);
        // Right: files h-e, h first (the left table, mirrored).
        let rev = |w: u32| {
            REV4[((w >> 4) & 0xf) as usize] as u32 | (REV4[(w >> 12) as usize] as u32) << 4
        };
        f(base + region(rev(o), rev(x)), 1);
        // Centre: files c-f, the smaller reading.
        let mid = |w: u32| ((w >> 2) & 0xf) | ((w >> 6) & 0xf0);
        f(
            base + REGION_SIZE + CANON[region(mid(o), mid(x))] as usize,
            1,
        );
    }
    let mut m = own;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        let file = sq % 8;
        f(MAN_SQUARE + (sq / 8) * 4 + file.min(7 - file), 1);
        m &= m - 1;
    }
    let mut k = own_kings;
    while k != 0 {
        let sq = k.trailing_zeros() as usize;
        let file = sq % 8;
        f(KING_SQUARE + (sq / 8) * 4 + file.min(7 - file), 1);
        k &= k - 1;
    }
    f(MAN, (own & !own_kings).count_ones() as i32);
    f(KING, own_kings.count_ones() as i32);
}

/// Calls `f(feature, value)` for every feature of `pos` read from White's
/// side: the features of White's pieces count +1 each, those of the
/// colour-flipped reading (Black's pieces seen from Black's side) −1, and
/// [`TEMPO`] is +1 with White to move, −1 with Black. The evaluation is
/// the sum of `value × weight` (blended by [`phase`]); a trainer fits the
/// weights to the same features. A feature may be reported more than once.
pub fn features(pos: &Position, mut f: impl FnMut(usize, i32)) {
    let white = pos.pieces(Color::White).0;
    let black = pos.pieces(Color::Black).0;
    let kings = pos.kings().0;
    visit(white & !kings, black & !kings, white & kings, |i, v| {
        f(i, v)
    });
    visit(
        (black & !kings).swap_bytes(),
        (white & !kings).swap_bytes(),
        (black & kings).swap_bytes(),
        |i, v| f(i, -v),
    );
    f(TEMPO, if pos.turn() == Color::White { 1 } else { -1 });
}

/// The game stage: the number of pieces on the board, at most
/// [`PHASE_MAX`]. The middlegame weights count `phase / 32`, the endgame
/// weights the rest.
pub fn phase(pos: &Position) -> i32 {
    (pos.occupied().count() as i32).min(PHASE_MAX)
}

/// The learned evaluation with its weights (shared, not copied, between
/// engines and threads).
#[derive(Clone, Debug)]
pub struct LearnedEval {
    rules: Rules,
    weights: Arc<Weights>,
}

impl LearnedEval {
    /// The evaluation with these weights.
    pub fn new(weights: Arc<Weights>) -> LearnedEval {
        LearnedEval {
            rules: weights.preset().rules(),
            weights,
        }
    }

    /// The rules the weights are for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// What the pattern sum is added to (the weights' base).
    pub fn base(&self) -> Base {
        self.weights.base()
    }

    /// The pattern sum of a quiet position for the side to move, in
    /// centi-men (not clamped): the whole evaluation with [`Base::None`],
    /// the correction to the classic value with [`Base::Classic`]
    /// ([`Evaluator::evaluate`](crate::Evaluator::evaluate) adds the two).
    /// Integer arithmetic; no allocation.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let w = self.weights.table();
        let (mut mg, mut eg) = (0i32, 0i32);
        features(pos, |i, v| {
            let [a, b] = w[i];
            mg += v * a as i32;
            eg += v * b as i32;
        });
        let ph = phase(pos);
        let white = (mg * ph + eg * (PHASE_MAX - ph)) / (PHASE_MAX * SCALE);
        if pos.turn() == Color::White {
            white
        } else {
            -white
        }
    }
}

#[cfg(test)]
mod tests;
