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
pub use file::{Weights, WeightsError, WEIGHTS_VERSION};

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
    /// The hand-written evaluation of [`Evaluator`](crate::Evaluator).
    Classic,
    /// The learned evaluation where weights exist for the rules (given in
    /// [`EngineConfig::eval_weights`](crate::EngineConfig::eval_weights)
    /// or [`embedded`] in the program); the classic one for other rules.
    /// The default: it wins games against the classic one in both presets
    /// (docs/TRAINING.md).
    #[default]
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

/// `THREE_REV[b]`: [`THREE`] of `b` with each of its two nibbles
/// reversed (a right region's four files read from the h-file leftwards).
const THREE_REV: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                r |= 1 << ((i / 4) * 4 + 3 - i % 4);
            }
            i += 1;
        }
        t[b] = THREE[r];
        b += 1;
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

/// The indices, within their tables, of the three regions of a rank
/// pair: left, right and centre. `own` and `other` are two ranks' worth
/// of the two sides' men, 16 bits (the lower rank's eight files, a
/// first, then the upper rank's).
#[inline]
fn regions(own: u32, other: u32) -> [usize; 3] {
    // Files a-d of both ranks; e-h; c-f.
    let left = |w: u32| ((w & 0xf) | ((w >> 4) & 0xf0)) as usize;
    let right = |w: u32| (((w >> 4) & 0xf) | ((w >> 8) & 0xf0)) as usize;
    let mid = |w: u32| (((w >> 2) & 0xf) | ((w >> 6) & 0xf0)) as usize;
    let index = |t: &[u16; 256], o: usize, x: usize| t[o] as usize + 2 * t[x] as usize;
    [
        index(&THREE, left(own), left(other)),
        index(&THREE_REV, right(own), right(other)),
        CANON[index(&THREE, mid(own), mid(other))] as usize,
    ]
}

/// The 16 bits of rank pair `r` (ranks `r` and `r + 1`) of a bitboard.
#[inline]
fn pair(b: u64, r: usize) -> u32 {
    (b >> (8 * r)) as u32 & 0xffff
}

/// The feature of a square's table (rank × folded file) after `first`.
#[inline]
fn square_feature(first: usize, sq: u32) -> usize {
    let file = (sq % 8) as usize;
    first + (sq / 8) as usize * 4 + file.min(7 - file)
}

/// Calls `f(feature, count)` for the features of the position read from
/// the side whose men are `own` (moving up the board), against `other`:
/// `own_kings` are that side's kings. The colour-flipped reading is the
/// same function on the flipped bitboards.
#[inline]
fn visit(own: u64, other: u64, own_kings: u64, mut f: impl FnMut(usize, i32)) {
    for r in 0..REGION_RANKS {
        let [left, right, centre] = regions(pair(own, r), pair(other, r));
        let base = r * 2 * REGION_SIZE;
        // The right region shares the left one's table (mirrored).
        f(base + left, 1);
        f(base + right, 1);
        f(base + REGION_SIZE + centre, 1);
    }
    let mut m = own;
    while m != 0 {
        f(square_feature(MAN_SQUARE, m.trailing_zeros()), 1);
        m &= m - 1;
    }
    let mut k = own_kings;
    while k != 0 {
        f(square_feature(KING_SQUARE, k.trailing_zeros()), 1);
        k &= k - 1;
    }
    f(MAN, (own & !own_kings).count_ones() as i32);
    f(KING, own_kings.count_ones() as i32);
}

/// The edge (left and right) region tables with the men's weights folded
/// in: entry `r × 6,561 + i` is the weight of index `i` of rank pair `r`
/// plus, for every own man of the region on its upper rank (on both
/// ranks for the pair of ranks 1–2), the weights of its square and of
/// [`MAN`]. Every man stands in exactly one edge region on its upper rank
/// (on rank 1 in the lowest pair's lower rank), so the sum over the edge
/// regions is the sum of the men's features, and the evaluation needs no
/// loop over the men. `None` when an entry would not fit an `i16`.
fn fold_men(table: &[[i16; 2]]) -> Option<Box<[[i16; 2]]>> {
    let mut out = Vec::with_capacity(REGION_RANKS * REGION_SIZE);
    for r in 0..REGION_RANKS {
        for i in 0..REGION_SIZE {
            let w = table[r * 2 * REGION_SIZE + i];
            let mut sum = [w[0] as i32, w[1] as i32];
            let mut digits = i;
            for k in 0..8 {
                let own_man = digits % 3 == 1;
                digits /= 3;
                if own_man && (k >= 4 || r == 0) {
                    // Digit k: rank r + k / 4, folded file k % 4 (the
                    // right region is read from the h-file, which folds
                    // onto the a-file).
                    let sq = table[MAN_SQUARE + (r + k / 4) * 4 + k % 4];
                    for (s, (a, b)) in sum.iter_mut().zip(sq.iter().zip(table[MAN].iter())) {
                        *s += *a as i32 + *b as i32;
                    }
                }
            }
            out.push([i16::try_from(sum[0]).ok()?, i16::try_from(sum[1]).ok()?]);
        }
    }
    Some(out.into_boxed_slice())
}

/// One side's middlegame and endgame sums with the men folded into the
/// edge tables ([`fold_men`]): the same as the weights of [`visit`]'s
/// features.
#[inline]
fn folded_side(
    table: &[[i16; 2]],
    edges: &[[i16; 2]],
    own: u64,
    other: u64,
    own_kings: u64,
) -> [i32; 2] {
    let mut mg = 0i32;
    let mut eg = 0i32;
    let mut add = |w: [i16; 2]| {
        mg += w[0] as i32;
        eg += w[1] as i32;
    };
    for r in 0..REGION_RANKS {
        let [left, right, centre] = regions(pair(own, r), pair(other, r));
        add(edges[r * REGION_SIZE + left]);
        add(edges[r * REGION_SIZE + right]);
        add(table[r * 2 * REGION_SIZE + REGION_SIZE + centre]);
    }
    let mut k = own_kings;
    while k != 0 {
        add(table[square_feature(KING_SQUARE, k.trailing_zeros())]);
        k &= k - 1;
    }
    let n = own_kings.count_ones() as i32;
    let king = table[KING];
    [mg + n * king[0] as i32, eg + n * king[1] as i32]
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
    /// The edge region tables with the men's weights folded in
    /// ([`fold_men`]), when they fit.
    edges: Option<Arc<[[i16; 2]]>>,
}

impl LearnedEval {
    /// The evaluation with these weights.
    pub fn new(weights: Arc<Weights>) -> LearnedEval {
        LearnedEval {
            rules: weights.preset().rules(),
            edges: fold_men(weights.table()).map(Arc::from),
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

    /// Whether the men's weights are folded into the edge region tables,
    /// which saves the loop over the men. They are unless a folded entry
    /// (a region weight and two for each of up to eight men) would leave
    /// the `i16` range; the value is the same either way.
    pub fn men_folded(&self) -> bool {
        self.edges.is_some()
    }

    /// The pattern sum of a quiet position for the side to move, in
    /// centi-men (not clamped): the whole evaluation with [`Base::None`],
    /// the correction to the classic value with [`Base::Classic`]
    /// ([`Evaluator::evaluate`](crate::Evaluator::evaluate) adds the two).
    /// Integer arithmetic; no allocation.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let w = self.weights.table();
        let (mut mg, mut eg) = (0i32, 0i32);
        match &self.edges {
            Some(edges) => {
                let white = pos.pieces(Color::White).0;
                let black = pos.pieces(Color::Black).0;
                let kings = pos.kings().0;
                let [wm, we] = folded_side(w, edges, white & !kings, black & !kings, white & kings);
                let [bm, be] = folded_side(
                    w,
                    edges,
                    (black & !kings).swap_bytes(),
                    (white & !kings).swap_bytes(),
                    (black & kings).swap_bytes(),
                );
                let tempo = if pos.turn() == Color::White { 1 } else { -1 };
                mg = wm - bm + tempo * w[TEMPO][0] as i32;
                eg = we - be + tempo * w[TEMPO][1] as i32;
            }
            None => features(pos, |i, v| {
                let [a, b] = w[i];
                mg += v * a as i32;
                eg += v * b as i32;
            }),
        }
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
