//! Every tunable number of the engine: evaluation weights and search
//! parameters, in one place.
//!
//! Naming convention: evaluation weights are fields of [`EvalParams`] (in
//! centi-men, a man being worth 100), search parameters fields of
//! [`SearchParams`]. Both have a `DEFAULT` constant holding the values the
//! engine ships with; matches and tuning runs may construct other values.
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
    /// Penalty per man on a side file (a or h) beyond the side's third rank.
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
        king: 380,
        man_rank: [0, 0, 3, 7, 12, 20, 34, 0],
        man_file: [-4, 0, 3, 5, 5, 3, 0, -4],
        man_backed: 4,
        man_paired: 3,
        man_edge: 3,
        mobility: 2,
        king_mobility: 1,
        promote_now: 120,
        promote_threat: 30,
        threatened: 12,
        tempo: 8,
        endgame_advantage: 30,
    };
}

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
