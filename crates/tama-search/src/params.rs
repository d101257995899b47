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

/// Weights of the static evaluation, in centi-men.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// Value of a man.
    pub man: i32,
    /// Value of a king.
    pub king: i32,
    /// Bonus per man by relative rank (index 0 is the side's own first
    /// rank, 7 its promotion rank, where no man stands).
    pub man_rank: [i32; 8],
    /// Bonus per man by file (a–h), favouring the centre.
    pub man_file: [i32; 8],
    /// Bonus per man whose square behind it is held by a friendly piece
    /// (it cannot be jumped from the front) or that stands on its first rank.
    pub man_backed: i32,
    /// Bonus per man with a friendly man beside it (left or right).
    pub man_paired: i32,
    /// Penalty per man on a side file (a or h) beyond the side's third rank
    /// (negative: a bonus).
    pub man_edge: i32,
    /// Bonus per quiet move of the side (mobility), applied to the difference.
    pub mobility: i32,
    /// Bonus per square a king attacks (queen-like reach), applied to the
    /// difference.
    pub king_mobility: i32,
    /// Bonus for the side to move having a man that can be crowned at once.
    pub promote_now: i32,
    /// Bonus for a man one step from the promotion rank with a free square
    /// to be crowned on, when its side is not to move.
    pub promote_threat: i32,
    /// Penalty per piece of the side to move that the opponent could jump
    /// if it were its turn (a pending threat).
    pub threatened: i32,
    /// Bonus for having the move.
    pub tempo: i32,
    /// Extra bonus per piece of advantage in a king endgame (the winning
    /// side is one with more material and at least one king), so that
    /// trading down is encouraged.
    pub endgame_advantage: i32,
}

impl EvalParams {
    /// The weights the engine ships with.
    pub const DEFAULT: EvalParams = EvalParams {
        man: 100,
        king: 369,
        man_rank: [0, 7, 6, 15, 27, 59, 15, 0],
        man_file: [3, 5, 7, 4, 4, 7, 5, 3],
        man_backed: 1,
        man_paired: 0,
        man_edge: -7,
        mobility: 1,
        king_mobility: 1,
        promote_now: 164,
        promote_threat: 120,
        threatened: 12,
        tempo: 13,
        endgame_advantage: 39,
    };
}

impl EvalParams {
    /// The names of the weights, as [`EvalParams::get`] and
    /// [`EvalParams::set`] know them: the field names, with arrays
    /// numbered (`man_rank0` … `man_rank7`, `man_file0` … `man_file7`).
    pub fn names() -> Vec<String> {
        let mut names: Vec<String> = vec!["man".into(), "king".into()];
        names.extend((0..8).map(|i| format!("man_rank{i}")));
        names.extend((0..8).map(|i| format!("man_file{i}")));
        names.extend(SCALARS.iter().map(|s| s.to_string()));
        names
    }

    fn slot(&mut self, name: &str) -> Option<&mut i32> {
        let indexed = |prefix: &str| {
            name.strip_prefix(prefix)
                .and_then(|i| i.parse::<usize>().ok())
                .filter(|&i| i < 8)
        };
        if let Some(i) = indexed("man_rank") {
            return Some(&mut self.man_rank[i]);
        }
        if let Some(i) = indexed("man_file") {
            return Some(&mut self.man_file[i]);
        }
        Some(match name {
            "man" => &mut self.man,
            "king" => &mut self.king,
            "man_backed" => &mut self.man_backed,
            "man_paired" => &mut self.man_paired,
            "man_edge" => &mut self.man_edge,
            "mobility" => &mut self.mobility,
            "king_mobility" => &mut self.king_mobility,
            "promote_now" => &mut self.promote_now,
            "promote_threat" => &mut self.promote_threat,
            "threatened" => &mut self.threatened,
            "tempo" => &mut self.tempo,
            "endgame_advantage" => &mut self.endgame_advantage,
            _ => return None,
        })
    }

    /// The weight called `name` (see [`EvalParams::names`]).
    ///
    /// ```
    /// use tama_search::params::EvalParams;
    ///
    /// let mut p = EvalParams::DEFAULT;
    /// assert!(p.set("man_rank5", 40));
    /// assert_eq!(p.get("man_rank5"), Some(40));
    /// assert_eq!(p.get("queen"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut copy = *self;
        copy.slot(name).map(|v| *v)
    }

    /// Sets the weight called `name`; returns whether there is one.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match self.slot(name) {
            Some(v) => {
                *v = value;
                true
            }
            None => false,
        }
    }
}

const SCALARS: [&str; 10] = [
    "man_backed",
    "man_paired",
    "man_edge",
    "mobility",
    "king_mobility",
    "promote_now",
    "promote_threat",
    "threatened",
    "tempo",
    "endgame_advantage",
];

impl Default for EvalParams {
    fn default() -> EvalParams {
        EvalParams::DEFAULT
    }
}

/// Parameters of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Half-width of the first aspiration window, in centi-men.
    pub aspiration_delta: i32,
    /// The first iteration depth that uses an aspiration window.
    pub aspiration_min_depth: i32,
    /// LMR: constant part of the reduction.
    pub lmr_base: f64,
    /// LMR: divisor of `ln(depth) * ln(move number)`.
    pub lmr_divisor: f64,
    /// LMR: the least remaining depth at which moves are reduced.
    pub lmr_min_depth: i32,
    /// LMR: how many moves are searched at full depth before reductions.
    pub lmr_min_moves: usize,
    /// LMR also reduces moves that offer the opponent a capture.
    pub lmr_reduces_offers: bool,
    /// Reverse futility pruning: the greatest depth at which it applies.
    pub rfp_max_depth: i32,
    /// Reverse futility pruning: margin per ply of depth, in centi-men.
    pub rfp_margin: i32,
    /// Null-move pruning: the least depth at which it is tried.
    pub nmp_min_depth: i32,
    /// Null-move pruning: the constant part of the reduction.
    pub nmp_base_reduction: i32,
    /// Null-move pruning: the reduction grows by one per this many plies.
    pub nmp_depth_divisor: i32,
    /// Null-move pruning: the least number of pieces of the side to move
    /// (fewer and zugzwang is too likely).
    pub nmp_min_pieces: u32,
    /// Late-move pruning: the greatest depth at which it applies.
    pub lmp_max_depth: i32,
    /// Late-move pruning: quiet moves searched at depth `d` before the
    /// rest are skipped are `lmp_base + d * d`.
    pub lmp_base: usize,
    /// Late-move pruning also skips moves that offer the opponent a
    /// capture (otherwise such moves are always searched).
    pub lmp_prunes_offers: bool,
    /// Futility pruning: the greatest depth at which it applies.
    pub futility_max_depth: i32,
    /// Futility pruning: margin per ply of depth, in centi-men.
    pub futility_margin: i32,
    /// Quiescence: a capture threat is answered only while the static
    /// value is below beta plus this margin (centi-men).
    pub qsearch_threat_margin: i32,
    /// Which forced moves are extended: 0 every single legal move, 1 only
    /// in PV nodes, 2 only when the move before was not extended.
    pub extension_mode: u8,
    /// Most plies a search path may be extended in total, as a multiple
    /// of the iteration depth.
    pub max_extension_ratio: i32,
    /// History bonus cap: the history score saturates at this value.
    pub history_max: i32,
    /// Time management: moves to go assumed when the clock does not say.
    pub default_moves_to_go: u32,
    /// Time management: time kept back per move for overhead, in ms.
    pub move_overhead_ms: u64,
    /// Time management: do not start a new iteration once this fraction of
    /// the soft time budget has been used (per mille).
    pub soft_stop_permille: u32,
    /// The least remaining depth at which the transposition table is
    /// probed and written (shallower nodes are cheaper to search again
    /// than to look up in a table that does not fit in the cache).
    pub tt_min_depth: i32,
    /// Nodes between two checks of the clock and the stop flag.
    pub check_interval: u64,
}

impl SearchParams {
    /// The parameters the engine ships with.
    pub const DEFAULT: SearchParams = SearchParams {
        aspiration_delta: 25,
        aspiration_min_depth: 5,
        lmr_base: 0.5,
        lmr_divisor: 2.25,
        lmr_min_depth: 3,
        lmr_min_moves: 3,
        lmr_reduces_offers: true,
        rfp_max_depth: 3,
        rfp_margin: 70,
        nmp_min_depth: 3,
        nmp_base_reduction: 3,
        nmp_depth_divisor: 4,
        nmp_min_pieces: 4,
        lmp_max_depth: 4,
        lmp_base: 3,
        lmp_prunes_offers: false,
        futility_max_depth: 2,
        futility_margin: 90,
        qsearch_threat_margin: 100,
        extension_mode: 0,
        max_extension_ratio: 2,
        history_max: 16_384,
        default_moves_to_go: 30,
        move_overhead_ms: 5,
        soft_stop_permille: 550,
        tt_min_depth: 2,
        check_interval: 1024,
    };
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams::DEFAULT
    }
}

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
    pub tt: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Killer moves in move ordering.
    pub killers: bool,
    /// The history heuristic in move ordering.
    pub history: bool,
    /// Extend forced moves (a single legal move, typically a capture).
    pub extensions: bool,
    /// In the quiescence stage, answer a pending capture threat by trying
    /// the quiet moves instead of trusting the static evaluation.
    pub qsearch_threats: bool,
    /// In the quiescence stage, try moves that crown a man.
    pub qsearch_promotions: bool,
    /// Reverse futility pruning near the leaves.
    pub rfp: bool,
    /// Null-move pruning (pass and see whether the opponent still cannot
    /// reach beta).
    pub null_move: bool,
    /// Late-move pruning: skip the last quiet moves near the leaves.
    pub lmp: bool,
    /// Futility pruning: skip quiet moves that cannot raise alpha near the
    /// leaves.
    pub futility: bool,
    /// The numbers.
    pub params: SearchParams,
}

impl SearchOptions {
    /// The engine as shipped: every feature on except quiescence threat
    /// answers and late-move pruning, which did not win games in matches
    /// (see BENCHMARKS.md); default parameters.
    pub const DEFAULT: SearchOptions = SearchOptions {
        tt: true,
        aspiration: true,
        lmr: true,
        killers: true,
        history: true,
        extensions: true,
        qsearch_threats: false,
        qsearch_promotions: true,
        rfp: true,
        null_move: true,
        lmp: false,
        futility: true,
        params: SearchParams::DEFAULT,
    };
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::DEFAULT
    }
}
