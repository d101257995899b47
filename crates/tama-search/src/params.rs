//! Every tunable number of the engine: evaluation weights and search
//! parameters, in one place.
//!
//! Naming convention: evaluation weights are fields of [`EvalParams`] (in
//! centi-men, a man being worth 100), search parameters fields of
//! [`SearchParams`]. Both have a `DEFAULT` constant holding the values the
//! engine ships with; matches and tuning runs may construct other values.
//! The evaluation weights were fitted to the results of self-play games
//! (Texel's method: least squares between the game result and a logistic
//! function of the static evaluation of quiet positions; see
//! `tama-arena`'s `examples/tune.rs`), then checked in engine matches.
//! Board tables are written from White's side with rank 8 (White's promotion
//! rank) on top, as the board is drawn; Black uses them mirrored.
//! The search parameters, the search feature switches and the evaluation
//! term switches are declared with `settings!`, which gives each field its
//! option row (name, range, description) beside its default.

use crate::settings::settings;

/// How the tuner (`tama-arena`'s `examples/tune.rs`) treats a weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tuning {
    /// Fitted to game results.
    Free,
    /// Kept as it is: the unit of the scale (a man is 100), a weight
    /// against which the others of its kind are measured, or a weight no
    /// position uses.
    Fixed,
    /// Always equal to the named weight: the board is symmetric from left
    /// to right.
    Mirror(&'static str),
}

/// One evaluation weight of [`EvalParams`], as the option registry, the
/// tuner and the documentation see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weight {
    /// The name: the field's name, with the elements of an array numbered
    /// from 0 (`man_rank0` … `man_rank7`).
    pub name: &'static str,
    /// The value the engine ships with ([`EvalParams::DEFAULT`]).
    pub default: i32,
    /// One line saying what it is worth (the option's description).
    pub description: &'static str,
    /// How tuning treats it.
    pub tuning: Tuning,
}

/// The range of every weight, in centi-men: within ±100 men, so that no
/// sum of terms overflows the evaluation.
pub const WEIGHT_RANGE: (i32, i32) = (-10_000, 10_000);

/// A field of [`EvalParams`] seen as a run of weights.
trait Slots {
    fn slots(&self) -> &[i32];
    fn slots_mut(&mut self) -> &mut [i32];
}

impl Slots for i32 {
    fn slots(&self) -> &[i32] {
        core::slice::from_ref(self)
    }
    fn slots_mut(&mut self) -> &mut [i32] {
        core::slice::from_mut(self)
    }
}

impl<const N: usize> Slots for [i32; N] {
    fn slots(&self) -> &[i32] {
        self
    }
    fn slots_mut(&mut self) -> &mut [i32] {
        self
    }
}

/// Declares the evaluation weights once, each with its doc comment, name,
/// default, tuning and one-line description: a scalar as
/// `name = default, tuning, "description";`, an array as
/// `name[N] { name0 = …; … }` with one such line per element. It generates
/// the struct [`EvalParams`], [`EvalParams::DEFAULT`],
/// [`EvalParams::WEIGHTS`] (which the option registry and the tuner read)
/// and the view by index.
macro_rules! eval_params {
    // Normalise each entry to `{ [docs] field (len?) { weights } }`.
    (@munch [$($done:tt)*]
        $(#[doc = $doc:literal])*
        $field:ident = $default:expr, $tuning:expr, $description:literal;
        $($rest:tt)*
    ) => {
        eval_params!(@munch [$($done)*
            { [$(#[doc = $doc])*] $field () { $field = $default, $tuning, $description; } }
        ] $($rest)*);
    };
    (@munch [$($done:tt)*]
        $(#[doc = $doc:literal])*
        $field:ident [$len:literal] { $($weights:tt)+ }
        $($rest:tt)*
    ) => {
        eval_params!(@munch [$($done)*
            { [$(#[doc = $doc])*] $field ([$len]) { $($weights)+ } }
        ] $($rest)*);
    };
    (@munch [$({
        [$(#[doc = $doc:literal])*] $field:ident ($([$len:literal])?) {
            $($slot:ident = $default:expr, $tuning:expr, $description:literal;)+
        }
    })+]) => {
        /// Weights of the static evaluation, in centi-men.
        ///
        /// Every weight by name, with its default and meaning (the table
        /// is generated from the declaration that defines the fields):
        ///
        /// | weight | default | worth |
        /// |---|---:|---|
        #[doc = concat!($($("| `", stringify!($slot), "` | ", stringify!($default), " | ", $description, " |\n",)+)+)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct EvalParams {
            $($(#[doc = $doc])* pub $field: eval_params!(@type $([$len])?),)+
        }

        impl EvalParams {
            /// The weights the engine ships with.
            pub const DEFAULT: EvalParams = EvalParams {
                $($field: eval_params!(@value $([$len])?; $($default),+),)+
            };

            /// Every weight, in the order of the fields (and of
            /// [`EvalParams::values`]).
            pub const WEIGHTS: &'static [Weight] = &[
                $($(Weight {
                    name: stringify!($slot),
                    default: $default,
                    description: $description,
                    tuning: $tuning,
                },)+)+
            ];

            /// The weight with index `index` in [`EvalParams::WEIGHTS`].
            pub fn weight_mut(&mut self, index: usize) -> Option<&mut i32> {
                let mut i = index;
                $(
                    let slots = Slots::slots_mut(&mut self.$field);
                    if i < slots.len() {
                        return Some(&mut slots[i]);
                    }
                    i -= slots.len();
                )+
                let _ = i;
                None
            }

            /// Every weight's value, in the order of [`EvalParams::WEIGHTS`].
            pub fn values(&self) -> [i32; EvalParams::COUNT] {
                let mut out = [0; EvalParams::COUNT];
                let mut i = 0;
                $(
                    for &v in Slots::slots(&self.$field) {
                        out[i] = v;
                        i += 1;
                    }
                )+
                out
            }

            /// Each field's name and its number of weights, or `None` for a
            /// scalar field: how [`EvalParams::WEIGHTS`] names are formed.
            #[cfg(test)]
            const LAYOUT: &'static [(&'static str, Option<usize>)] = &[
                $((stringify!($field), eval_params!(@len $([$len])?)),)+
            ];
        }
    };
    (@type) => { i32 };
    (@type [$len:literal]) => { [i32; $len] };
    (@value; $value:expr) => { $value };
    (@value [$len:literal]; $($value:expr),+) => { [$($value),+] };
    (@len) => { None };
    (@len [$len:literal]) => { Some($len) };
    ($($entries:tt)+) => {
        eval_params!(@munch [] $($entries)+);
    };
}

use Tuning::{Fixed, Free, Mirror};

eval_params! {
    /// Value of a man.
    man = 100, Fixed, "value of a man";
    /// Value of a king.
    king = 369, Free, "value of a king";
    /// Bonus per man by relative rank (index 0 is the side's own first
    /// rank, 7 its promotion rank, where no man stands).
    man_rank[8] {
        man_rank0 = 0, Fixed, "man on its first rank";
        man_rank1 = 7, Free, "man on its second rank";
        man_rank2 = 6, Free, "man on its third rank";
        man_rank3 = 15, Free, "man on its fourth rank";
        man_rank4 = 27, Free, "man on its fifth rank";
        man_rank5 = 59, Free, "man on its sixth rank";
        man_rank6 = 15, Free, "man on its seventh rank";
        man_rank7 = 0, Fixed, "man on its promotion rank (none stands there)";
    }
    /// Bonus per man by file (a–h), favouring the centre.
    man_file[8] {
        man_file0 = 3, Free, "man on the a-file";
        man_file1 = 5, Free, "man on the b-file";
        man_file2 = 7, Free, "man on the c-file";
        man_file3 = 4, Free, "man on the d-file";
        man_file4 = 4, Mirror("man_file3"), "man on the e-file";
        man_file5 = 7, Mirror("man_file2"), "man on the f-file";
        man_file6 = 5, Mirror("man_file1"), "man on the g-file";
        man_file7 = 3, Mirror("man_file0"), "man on the h-file";
    }
    /// Bonus per man whose square behind it is held by a friendly piece
    /// (it cannot be jumped from the front) or that stands on its first rank.
    man_backed = 1, Free, "man that cannot be jumped from the front";
    /// Bonus per man with a friendly man beside it (left or right).
    man_paired = 0, Free, "man with a friendly man beside it";
    /// Penalty per man on a side file (a or h) beyond the side's third rank
    /// (negative: a bonus).
    man_edge = -7, Free, "man on a side file beyond its third rank";
    /// Bonus per quiet move of the side (mobility), applied to the difference.
    mobility = 1, Free, "per quiet move (difference)";
    /// Bonus per square a king attacks (queen-like reach), applied to the
    /// difference.
    king_mobility = 1, Free, "per square a king reaches (difference)";
    /// Bonus for the side to move having a man that can be crowned at once.
    promote_now = 164, Free, "side to move can crown a man at once";
    /// Bonus for a man one step from the promotion rank with a free square
    /// to be crowned on, when its side is not to move.
    promote_threat = 120, Free, "man one step from crowning, other side to move";
    /// Penalty per piece of the side to move that the opponent could jump
    /// if it were its turn (a pending threat).
    threatened = 12, Free, "per piece of the side to move the opponent could jump";
    /// Bonus for having the move.
    tempo = 13, Free, "having the move";
    /// Extra bonus per piece of advantage in a king endgame (the winning
    /// side is one with more material and at least one king), so that
    /// trading down is encouraged.
    endgame_advantage = 39, Free, "per piece of advantage in a king endgame";
}

impl EvalParams {
    /// The number of weights.
    pub const COUNT: usize = EvalParams::WEIGHTS.len();

    /// The index in [`EvalParams::WEIGHTS`] of the weight called `name`.
    pub fn index(name: &str) -> Option<usize> {
        EvalParams::WEIGHTS.iter().position(|w| w.name == name)
    }

    /// The weight called `name` (see [`Weight::name`]).
    ///
    /// ```
    /// use tama_search::params::EvalParams;
    ///
    /// let mut p = EvalParams::DEFAULT;
    /// assert!(p.set("man_rank5", 40));
    /// assert_eq!(p.get("man_rank5"), Some(40));
    /// assert_eq!(p.man_rank[5], 40);
    /// assert_eq!(p.get("queen"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<i32> {
        EvalParams::index(name).map(|i| self.values()[i])
    }

    /// Sets the weight called `name`; returns whether there is one.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match EvalParams::index(name).and_then(|i| self.weight_mut(i)) {
            Some(v) => {
                *v = value;
                true
            }
            None => false,
        }
    }

    /// The weights with the given values, in the order of
    /// [`EvalParams::WEIGHTS`].
    pub fn from_values(values: [i32; EvalParams::COUNT]) -> EvalParams {
        let mut p = EvalParams::DEFAULT;
        for (i, v) in values.into_iter().enumerate() {
            if let Some(w) = p.weight_mut(i) {
                *w = v;
            }
        }
        p
    }

    /// Sets every [`Tuning::Mirror`] weight to the weight it mirrors.
    pub fn tie_mirrors(&mut self) {
        let values = self.values();
        for (i, w) in EvalParams::WEIGHTS.iter().enumerate() {
            if let Tuning::Mirror(of) = w.tuning {
                let source = EvalParams::index(of).map(|j| values[j]);
                if let (Some(v), Some(slot)) = (source, self.weight_mut(i)) {
                    *slot = v;
                }
            }
        }
    }
}

impl Default for EvalParams {
    fn default() -> EvalParams {
        EvalParams::DEFAULT
    }
}

settings! {
    prefix "";
    /// Parameters of the search.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct SearchParams {
        /// Half-width of the first aspiration window, in centi-men.
        aspiration_delta: i32 = 25, Int(1, 1_000),
            "half-width of the first aspiration window (centi-men)";
        /// The first iteration depth that uses an aspiration window.
        aspiration_min_depth: i32 = 5, Int(1, 64), "first depth with an aspiration window";
        /// LMR: constant part of the reduction.
        lmr_base: f64 = 0.5, Real(0.0, 4.0), "LMR: constant part of the reduction";
        /// LMR: divisor of `ln(depth) * ln(move number)`.
        lmr_divisor: f64 = 2.25, Real(0.5, 10.0), "LMR: divisor of ln(depth) * ln(move number)";
        /// LMR: the least remaining depth at which moves are reduced.
        lmr_min_depth | "lmrdepth": i32 = 3, Int(1, 64),
            "LMR: least remaining depth that is reduced";
        /// LMR: how many moves are searched at full depth before reductions.
        lmr_min_moves | "lmrmoves": usize = 3, Int(0, 64), "LMR: moves searched at full depth first";
        /// LMR also reduces moves that offer the opponent a capture.
        lmr_reduces_offers | "lmroffers": bool = true, Bool,
            "LMR also reduces moves that offer a capture";
        /// Reverse futility pruning: the greatest depth at which it applies.
        rfp_max_depth | "rfpdepth": i32 = 3, Int(0, 64), "reverse futility: greatest depth";
        /// Reverse futility pruning: margin per ply of depth, in centi-men.
        rfp_margin | "rfpmargin": i32 = 70, Int(0, 10_000),
            "reverse futility: margin per ply (centi-men)";
        /// Null-move pruning: the least depth at which it is tried.
        nmp_min_depth: i32 = 3, Int(1, 64), "null move: least depth";
        /// Null-move pruning: the constant part of the reduction.
        nmp_base_reduction: i32 = 3, Int(0, 64), "null move: constant part of the reduction";
        /// Null-move pruning: the reduction grows by one per this many plies.
        nmp_depth_divisor: i32 = 4, Int(1, 64),
            "null move: one more ply of reduction per this many plies";
        /// Null-move pruning: the least number of pieces of the side to move
        /// (fewer and zugzwang is too likely).
        nmp_min_pieces: u32 = 4, Int(0, 24), "null move: least pieces of the side to move";
        /// Late-move pruning: the greatest depth at which it applies.
        lmp_max_depth | "lmpdepth": i32 = 4, Int(0, 64), "late-move pruning: greatest depth";
        /// Late-move pruning: quiet moves searched at depth `d` before the
        /// rest are skipped are `lmp_base + d * d`.
        lmp_base | "lmpbase": usize = 3, Int(0, 256),
            "late-move pruning: quiet moves kept are base + depth^2";
        /// Late-move pruning also skips moves that offer the opponent a
        /// capture (otherwise such moves are always searched).
        lmp_prunes_offers | "lmpoffers": bool = false, Bool,
            "late-move pruning also skips moves that offer a capture";
        /// Futility pruning: the greatest depth at which it applies.
        futility_max_depth | "futdepth": i32 = 2, Int(0, 64), "futility: greatest depth";
        /// Futility pruning: margin per ply of depth, in centi-men.
        futility_margin | "futmargin": i32 = 90, Int(0, 10_000),
            "futility: margin per ply (centi-men)";
        /// Quiescence: a capture threat is answered only while the static
        /// value is below beta plus this margin (centi-men).
        qsearch_threat_margin: i32 = 100, Int(0, 10_000),
            "quiescence: threats answered below beta plus this (centi-men)";
        /// Which forced moves are extended: 0 every single legal move, 1 only
        /// in PV nodes, 2 only when the move before was not extended.
        extension_mode | "extmode": u8 = 0, Int(0, 2),
            "forced moves extended: 0 all, 1 in PV nodes, 2 not twice in a row";
        /// Most plies a search path may be extended in total, as a multiple
        /// of the iteration depth.
        max_extension_ratio | "extratio": i32 = 2, Int(0, 8),
            "most extended plies, as a multiple of the depth";
        /// History bonus cap: the history score saturates at this value.
        history_max: i32 = 16_384, Int(1, 32_768), "history scores saturate at this value";
        /// Time management: moves to go assumed when the clock does not say.
        default_moves_to_go: u32 = 30, Int(1, 100), "time: moves to go when the clock does not say";
        /// Time management: time kept back per move for overhead, in ms.
        move_overhead_ms: u64 = 5, Int(0, 10_000), "time: kept back per move (ms)";
        /// Time management: 0 is the engine's manager (a share of the time
        /// left and the increment, a soft budget that grows when the best
        /// move changes); N > 0 is a naive split, kept to measure the
        /// manager against: each move gets 1/N of the time left plus the
        /// increment, and the search runs until that time is up.
        naive_time_split: u32 = 0, Int(0, 1_000),
            "time: 0 the time manager; N a naive split, 1/N of the time left (+ increment) a move";
        /// Time management: do not start a new iteration once this fraction of
        /// the soft time budget has been used (per mille).
        soft_stop_permille: u32 = 550, Int(1, 1_000),
            "time: no new iteration past this share of the budget (per mille)";
        /// The least remaining depth at which the transposition table is
        /// probed and written (shallower nodes are cheaper to search again
        /// than to look up in a table that does not fit in the cache).
        tt_min_depth | "ttdepth": i32 = 2, Int(0, 64), "least depth that uses the transposition table";
        /// Nodes between two checks of the clock and the stop flag: a power
        /// of two, as the search masks the node count with it.
        check_interval: u64 = 1024, PowerOfTwo(1, 65_536),
            "nodes between two looks at the clock and the stop flag";
    }
    /// The parameters the engine ships with.
    DEFAULT;
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams::DEFAULT
    }
}

settings! {
    prefix "";
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
        tt: bool = true, Bool, "transposition table cut-offs and move ordering";
        /// Aspiration windows around the previous iteration's score.
        aspiration: bool = true, Bool, "aspiration windows";
        /// Late-move reductions.
        lmr: bool = true, Bool, "late-move reductions";
        /// Killer moves in move ordering.
        killers: bool = true, Bool, "killer moves in move ordering";
        /// The history heuristic in move ordering.
        history: bool = true, Bool, "history heuristic in move ordering";
        /// Extend forced moves (a single legal move, typically a capture).
        extensions | "ext": bool = true, Bool, "forced moves do not use depth";
        /// In the quiescence stage, answer a pending capture threat by trying
        /// the quiet moves instead of trusting the static evaluation.
        qsearch_threats | "qthreats": bool = false, Bool,
            "quiescence answers pending capture threats";
        /// In the quiescence stage, try moves that crown a man.
        qsearch_promotions | "qpromo": bool = true, Bool, "quiescence tries crowning moves";
        /// Reverse futility pruning near the leaves.
        rfp: bool = true, Bool, "reverse futility pruning";
        /// Null-move pruning (pass and see whether the opponent still cannot
        /// reach beta).
        null_move | "nmp": bool = true, Bool, "null-move pruning";
        /// Late-move pruning: skip the last quiet moves near the leaves.
        lmp: bool = false, Bool, "late-move pruning";
        /// Futility pruning: skip quiet moves that cannot raise alpha near the
        /// leaves.
        futility: bool = true, Bool, "futility pruning";
        /// Play from the opening book at the root (the configured book, or
        /// the one embedded for the preset, `book::embedded`): `on` or
        /// `off`; a book file is given by the front ends (`book=FILE`,
        /// `--book FILE`). Analysis (`infinite`) never stops at the book.
        book: bool = true, Bool, "play book moves (on, off; a file: book=FILE)";
        /// Book moves within this many centi-men of the best are chosen
        /// at random by weight (Scan's `book-margin`).
        book_margin: i32 = 10, Int(0, 1_000),
            "book moves this close to the best (centi-men) are chosen at random";
        /// Think on the opponent's time in games (`tama play`, matches,
        /// `tama hub`'s clients choose themselves): the front ends that
        /// play read it; the search itself does not.
        ponder: bool = false, Bool, "think on the opponent's time (front ends that play games)";
    }
    /// The engine as shipped: every feature on except quiescence threat
    /// answers and late-move pruning, which did not win games in matches
    /// (see BENCHMARKS.md); default parameters.
    DEFAULT;
    rest {
        /// The numbers.
        params: SearchParams = SearchParams::DEFAULT;
    }
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn weight_names_follow_the_fields() {
        let mut names = EvalParams::WEIGHTS.iter().map(|w| w.name);
        for &(field, len) in EvalParams::LAYOUT {
            match len {
                None => assert_eq!(names.next(), Some(field)),
                Some(n) => {
                    for i in 0..n {
                        assert_eq!(names.next(), Some(format!("{field}{i}").as_str()));
                    }
                }
            }
        }
        assert_eq!(names.next(), None);
        let unique: HashSet<_> = EvalParams::WEIGHTS.iter().map(|w| w.name).collect();
        assert_eq!(unique.len(), EvalParams::COUNT);
    }

    #[test]
    fn the_flat_view_reads_and_writes_each_field() {
        let d = EvalParams::DEFAULT;
        let defaults: Vec<i32> = EvalParams::WEIGHTS.iter().map(|w| w.default).collect();
        assert_eq!(d.values().to_vec(), defaults);
        assert_eq!(EvalParams::from_values(d.values()), d);
        for (i, w) in EvalParams::WEIGHTS.iter().enumerate() {
            let (lo, hi) = WEIGHT_RANGE;
            assert!((lo..=hi).contains(&w.default), "{}", w.name);
            // Changing one weight by index changes that weight alone.
            let mut p = d;
            *p.weight_mut(i).unwrap() += 1;
            let changed: Vec<usize> = (0..EvalParams::COUNT)
                .filter(|&j| p.values()[j] != d.values()[j])
                .collect();
            assert_eq!(changed, [i], "{}", w.name);
            assert_eq!(p.get(w.name), Some(w.default + 1));
        }
        assert!(EvalParams::default()
            .weight_mut(EvalParams::COUNT)
            .is_none());
        assert_eq!(d.get("man_rank5"), Some(d.man_rank[5]));
        assert_eq!(d.get("man_file7"), Some(d.man_file[7]));
        assert_eq!(d.get("endgame_advantage"), Some(d.endgame_advantage));
    }

    #[test]
    fn mirrors_name_a_free_weight_and_hold_in_the_defaults() {
        let mut p = EvalParams::DEFAULT;
        for w in EvalParams::WEIGHTS {
            if let Tuning::Mirror(of) = w.tuning {
                let source = &EvalParams::WEIGHTS[EvalParams::index(of).unwrap()];
                assert_eq!(source.tuning, Tuning::Free, "{}", w.name);
                assert_eq!(w.default, source.default, "{}", w.name);
                p.set(of, 50);
            }
        }
        p.tie_mirrors();
        assert_eq!(p.man_file, [50; 8]);
    }
}
