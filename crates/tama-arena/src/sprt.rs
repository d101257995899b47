//! The sequential probability ratio test of a match, on pentanomial pair
//! counts.
//!
//! The statistic is the generalized SPRT (GSPRT) of fishtest on
//! pentanomial frequencies, in **logistic Elo** (the Elo of
//! [`elo_from_score`](crate::elo_from_score), not normalized Elo). A pair
//! of games (one opening, each colour once) scores 0, ¼, ½, ¾ or 1 per
//! game for the first player. Under each hypothesis `Hk: elo = elok` the
//! pair scores follow the distribution that is most likely for the
//! observed counts among those whose mean is the expected score of
//! `elok`; the log-likelihood ratio is
//!
//! ```text
//! LLR = N · Σ pᵢ · ln(q1ᵢ / q0ᵢ)
//! ```
//!
//! with `N` pairs, `pᵢ` the observed frequencies and `q0`, `q1` those
//! maximum-likelihood distributions. Each `qk` is `qkᵢ = pᵢ / (1 + λ·(aᵢ −
//! sk))` for the pair scores `aᵢ` and the one `λ` that gives the mean `sk`
//! (found by bisection: the constraint is monotonic in `λ`). An empty bin
//! counts as 10⁻³ pairs so that these distributions exist. The test
//! accepts H1 when the LLR reaches `ln((1 − β) / α)` and H0 when it falls
//! to `ln(β / (1 − α))`.

use core::fmt;
use std::ops::ControlFlow;
use std::sync::Mutex;

use crate::elo::{elo_from_pentanomial, Elo};
use crate::play::{play_match_until, MatchConfig, MatchError};
use crate::player::Player;
use crate::results::{MatchResult, PairCounter};

/// A pair's score per game in each pentanomial bin: the first player's
/// points in the pair (0, ½, 1, 1½, 2) halved.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// What an empty bin counts as, so that the maximum-likelihood
/// distributions exist.
const EMPTY_BIN: f64 = 1e-3;

/// The expected score per game of a player `elo` (logistic) Elo stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A sequential probability ratio test: H0 `elo = elo0` against H1
/// `elo = elo1` (logistic Elo of the first player), with type-I error
/// `alpha` and type-II error `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

/// What the test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR fell to the lower bound: the first player is not `elo1`
    /// stronger (H0 accepted).
    H0,
    /// The LLR reached the upper bound: the first player is `elo1`
    /// stronger rather than `elo0` (H1 accepted).
    H1,
}

/// Parameters that make no test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtError {
    /// `elo1` is not larger than `elo0` (or one is not finite).
    EloOrder {
        /// The given `elo0`.
        elo0: f64,
        /// The given `elo1`.
        elo1: f64,
    },
    /// An error rate outside the open interval (0, 1), or `alpha + beta`
    /// not below 1.
    ErrorRate {
        /// The given `alpha`.
        alpha: f64,
        /// The given `beta`.
        beta: f64,
    },
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::EloOrder { elo0, elo1 } => {
                write!(f, "elo1 ({elo1}) must be larger than elo0 ({elo0})")
            }
            SprtError::ErrorRate { alpha, beta } => write!(
                f,
                "alpha ({alpha}) and beta ({beta}) must be between 0 and 1, with alpha + beta below 1"
            ),
        }
    }
}

impl std::error::Error for SprtError {}

impl Sprt {
    /// The test of H0 `elo0` against H1 `elo1`.
    ///
    /// ```
    /// use tama_arena::{Sprt, Verdict};
    ///
    /// let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
    /// let (lower, upper) = sprt.bounds();
    /// assert!((upper - 19f64.ln()).abs() < 1e-12 && lower == -upper);
    /// // Pairs by the first player's points: 0, ½, 1, 1½, 2.
    /// assert_eq!(sprt.verdict(&[10, 100, 400, 100, 10]), None);
    /// assert_eq!(sprt.verdict(&[10, 100, 400, 300, 60]), Some(Verdict::H1));
    /// assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// When `elo1` is not larger than `elo0`, or an error rate is not in
    /// (0, 1) or they sum to 1 or more.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo1 > elo0) {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        let rate = |x: f64| x > 0.0 && x < 1.0;
        if !(rate(alpha) && rate(beta) && alpha + beta < 1.0) {
            return Err(SprtError::ErrorRate { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The Elo difference of H0.
    pub fn elo0(&self) -> f64 {
        self.elo0
    }

    /// The Elo difference of H1.
    pub fn elo1(&self) -> f64 {
        self.elo1
    }

    /// The bounds of the LLR: H0 is accepted at or below the first, H1 at
    /// or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these pair counts
    /// (by the first player's points in the pair: 0, ½, 1, 1½, 2); 0 when
    /// no pair is complete.
    pub fn llr(&self, pairs: &[u32; 5]) -> f64 {
        let n: u32 = pairs.iter().sum();
        if n == 0 {
            return 0.0;
        }
        let counts = pairs.map(|c| if c == 0 { EMPTY_BIN } else { f64::from(c) });
        let total: f64 = counts.iter().sum();
        let freqs = counts.map(|c| c / total);
        total * llr_per_pair(&freqs, score_from_elo(self.elo0), score_from_elo(self.elo1))
    }

    /// The verdict for these pair counts, if the LLR is at a bound.
    pub fn verdict(&self, pairs: &[u32; 5]) -> Option<Verdict> {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// Where a sequential test stands after a completed pair of games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    /// The completed pairs by the first player's points: 0, ½, 1, 1½, 2.
    pub pairs: [u32; 5],
    /// The log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// The first player's Elo with its 95% interval (pentanomial).
    pub elo: Elo,
    /// The verdict, once the LLR is at a bound.
    pub verdict: Option<Verdict>,
}

impl SprtStatus {
    fn new(sprt: &Sprt, pairs: [u32; 5]) -> SprtStatus {
        SprtStatus {
            pairs,
            llr: sprt.llr(&pairs),
            elo: elo_from_pentanomial(&pairs),
            verdict: sprt.verdict(&pairs),
        }
    }

    /// The games of the completed pairs.
    pub fn games(&self) -> u32 {
        2 * self.pairs.iter().sum::<u32>()
    }
}

/// A sequential test played out: the match and where the test stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct SprtOutcome {
    /// Every game played, those finished after the test stopped included.
    pub result: MatchResult,
    /// The test when it stopped (a verdict), or after the last pair (no
    /// verdict: the openings ran out).
    pub status: SprtStatus,
}

/// Plays `a` against `b` as [`play_match`](crate::play_match) does
/// until `sprt` reaches a verdict on the completed pairs or the openings
/// run out. `on_pair` hears the test's status after each completed pair,
/// up to the verdict; the games still under way then finish, but do not
/// count.
///
/// # Errors
///
/// As [`play_match`](crate::play_match): a player failed to give a move.
///
/// # Panics
///
/// As [`play_match`](crate::play_match).
pub fn play_sprt(
    a: &Player,
    b: &Player,
    config: &MatchConfig,
    sprt: &Sprt,
    on_pair: impl Fn(&SprtStatus) + Sync,
) -> Result<SprtOutcome, MatchError> {
    play_sprt_from(a, b, config, sprt, [0; 5], on_pair)
}

/// [`play_sprt`] resumed: the test starts from `before`, the pentanomial
/// counts of the pairs an earlier run of the same test completed (the
/// same players, limits, rules and bounds), and goes on with the games of
/// `config`. A test already decided by `before` plays no game.
///
/// # Errors
///
/// As [`play_sprt`].
///
/// # Panics
///
/// As [`play_sprt`].
pub fn play_sprt_from(
    a: &Player,
    b: &Player,
    config: &MatchConfig,
    sprt: &Sprt,
    before: [u32; 5],
    on_pair: impl Fn(&SprtStatus) + Sync,
) -> Result<SprtOutcome, MatchError> {
    let decided = SprtStatus::new(sprt, before);
    if decided.verdict.is_some() {
        return Ok(SprtOutcome {
            result: MatchResult::from_games(a, b, Vec::new()),
            status: decided,
        });
    }
    let state = Mutex::new((PairCounter::starting_at(before), None::<SprtStatus>));
    let result = play_match_until(a, b, config, |game| {
        let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
        let (pairs, stopped) = &mut *state;
        if stopped.is_some() {
            return ControlFlow::Break(());
        }
        if pairs.add(game) {
            let status = SprtStatus::new(sprt, pairs.counts());
            on_pair(&status);
            if status.verdict.is_some() {
                *stopped = Some(status);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    })?;
    let (pairs, stopped) = state.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(SprtOutcome {
        result,
        status: stopped.unwrap_or_else(|| SprtStatus::new(sprt, pairs.counts())),
    })
}

/// `Σ pᵢ ln(q1ᵢ / q0ᵢ)` for the frequencies `freqs` over
/// [`PAIR_SCORES`] (every one positive, summing to 1) and the means `s0`,
/// `s1` (strictly between 0 and 1).
fn llr_per_pair(freqs: &[f64; 5], s0: f64, s1: f64) -> f64 {
    let (l0, l1) = (lagrange(freqs, s0), lagrange(freqs, s1));
    // ln(q1/q0) = ln(p/(1 + l1 d1)) − ln(p/(1 + l0 d0)).
    freqs
        .iter()
        .zip(PAIR_SCORES)
        .map(|(p, a)| p * ((1.0 + l0 * (a - s0)).ln() - (1.0 + l1 * (a - s1)).ln()))
        .sum()
}

/// The `λ` of the maximum-likelihood distribution with mean `s`:
/// the root of `Σ pᵢ (aᵢ − s) / (1 + λ (aᵢ − s))`, which falls from +∞ to
/// −∞ on the interval where every `1 + λ (aᵢ − s)` is positive.
fn lagrange(freqs: &[f64; 5], s: f64) -> f64 {
    let f = |l: f64| -> f64 {
        freqs
            .iter()
            .zip(PAIR_SCORES)
            .map(|(p, a)| p * (a - s) / (1.0 + l * (a - s)))
            .sum()
    };
    // Scores run from 0 to 1: 1 + λ(1 − s) > 0 and 1 − λs > 0.
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn bounds_are_walds() {
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap().bounds();
        assert!(close(lo, -2.944_438_979, 1e-9) && close(hi, 2.944_438_979, 1e-9));
        // α = 0.05, β = 0.10: ln(0.1/0.95) and ln(0.9/0.05).
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.10).unwrap().bounds();
        assert!(close(lo, -2.251_291_799, 1e-9) && close(hi, 2.890_371_758, 1e-9));
    }

    #[test]
    fn bad_parameters_are_refused() {
        assert!(matches!(
            Sprt::new(5.0, 5.0, 0.05, 0.05),
            Err(SprtError::EloOrder { .. })
        ));
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05).is_err());
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.0, 0.05),
            Err(SprtError::ErrorRate { .. })
        ));
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
        assert_eq!(
            Sprt::new(3.0, 1.0, 0.05, 0.05).unwrap_err().to_string(),
            "elo1 (1) must be larger than elo0 (3)"
        );
    }

    #[test]
    fn the_mle_has_the_asked_mean_and_sums_to_one() {
        let freqs = [0.1, 0.2, 0.4, 0.2, 0.1];
        for s in [0.3, 0.5, 0.52, 0.7] {
            let l = lagrange(&freqs, s);
            let q: Vec<f64> = freqs
                .iter()
                .zip(PAIR_SCORES)
                .map(|(p, a)| p / (1.0 + l * (a - s)))
                .collect();
            let sum: f64 = q.iter().sum();
            let mean: f64 = q.iter().zip(PAIR_SCORES).map(|(q, a)| q * a).sum();
            assert!(close(sum, 1.0, 1e-12) && close(mean, s, 1e-12), "{s}");
        }
        // The observed mean itself needs no change (λ = 0).
        assert!(close(lagrange(&freqs, 0.5), 0.0, 1e-12));
    }

    #[test]
    fn a_two_point_case_by_hand() {
        // Only the bins 0 and 1 hold pairs: the one distribution on them
        // with mean s is (1 − s, s), so with 40% at 0 and 60% at 1,
        // s0 = 0.5 and s1 = 0.6 the LLR per pair is
        // 0.4 ln(0.4/0.5) + 0.6 ln(0.6/0.5) = 0.020135513…
        // (the other bins get a vanishing weight here).
        let freqs = [0.4, 1e-15, 1e-15, 1e-15, 0.6];
        let per_pair = llr_per_pair(&freqs, 0.5, 0.6);
        let by_hand = 0.4 * (0.4f64 / 0.5).ln() + 0.6 * (0.6f64 / 0.5).ln();
        assert!(close(by_hand, 0.020_135_513, 1e-9));
        assert!(close(per_pair, by_hand, 1e-9), "{per_pair} vs {by_hand}");
    }

    #[test]
    fn llr_has_the_sign_of_the_evidence() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let good = [5, 20, 50, 30, 10];
        let bad = [10, 30, 50, 20, 5];
        assert!(sprt.llr(&good) > 0.0);
        assert!(sprt.llr(&bad) < 0.0);
        assert_eq!(sprt.llr(&[0; 5]), 0.0);
        // Symmetric counts around ½, hypotheses symmetric around 0 Elo:
        // no evidence either way.
        let even = Sprt::new(-10.0, 10.0, 0.05, 0.05).unwrap();
        assert!(close(even.llr(&[7, 20, 50, 20, 7]), 0.0, 1e-9));
        // More of the same evidence, more LLR (linear in N).
        let ten = good.map(|c| c * 10);
        assert!(close(sprt.llr(&ten), 10.0 * sprt.llr(&good), 1e-9));
    }

    #[test]
    fn agrees_with_the_normal_approximation_for_small_differences() {
        // For Elo bounds close together, LLR ≈ N (s1 − s0)(2m − s0 − s1) / (2σ²)
        // with the pairs' mean m and variance σ² per pair.
        let pairs = [30u32, 200, 500, 230, 40];
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let n = f64::from(pairs.iter().sum::<u32>());
        let m: f64 = pairs
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&c, a)| f64::from(c) * a)
            .sum::<f64>()
            / n;
        let var: f64 = pairs
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&c, a)| f64::from(c) * (a - m).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (score_from_elo(0.0), score_from_elo(5.0));
        let approx = n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var);
        let exact = sprt.llr(&pairs);
        assert!(approx > 1.0);
        assert!(close(exact, approx, 0.02 * approx), "{exact} vs {approx}");
    }

    #[test]
    fn verdicts_at_the_bounds() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        assert_eq!(sprt.verdict(&[0; 5]), None);
        assert_eq!(sprt.verdict(&[1, 4, 10, 4, 1]), None);
        // A clearly better first player, and a clearly worse one.
        assert_eq!(sprt.verdict(&[20, 150, 500, 250, 80]), Some(Verdict::H1));
        assert_eq!(sprt.verdict(&[80, 250, 500, 150, 20]), Some(Verdict::H0));
        // An even match long enough lands on H0 (elo0 = 0 is the truth).
        assert_eq!(
            sprt.verdict(&[400, 2000, 5000, 2000, 400]),
            Some(Verdict::H0)
        );
    }

    #[test]
    fn a_match_stops_at_the_bound() {
        use crate::{random_openings, PlayerKind};
        use tama_core::Rules;
        use tama_search::Limits;

        // The engine at depth 3 against the plain reference player at
        // depth 1, with a wide test that decides in a few pairs.
        let strong = Player::new(
            "engine",
            PlayerKind::parse("full,hash=1").unwrap(),
            Limits::depth(3),
        );
        let weak = Player::new("baseline", PlayerKind::Baseline, Limits::depth(1));
        let config = MatchConfig {
            openings: random_openings(&Rules::ARMENIAN, 30, 4, 5),
            max_plies: 120,
            ..MatchConfig::default()
        };
        let sprt = Sprt::new(0.0, 200.0, 0.2, 0.2).unwrap();
        let heard = Mutex::new(Vec::new());
        let outcome = play_sprt(&strong, &weak, &config, &sprt, |s| {
            heard.lock().unwrap().push(*s);
        })
        .unwrap();
        let heard = heard.into_inner().unwrap();
        let status = outcome.status;
        assert_eq!(status.verdict, Some(Verdict::H1), "{status:?}");
        assert!(status.llr >= sprt.bounds().1);
        // Stopped early, at the first status with a verdict, which was the
        // last one reported; every earlier one was inside the bounds.
        assert!(outcome.result.games.len() < 2 * config.openings.len());
        assert_eq!(heard.last(), Some(&status));
        assert!(heard[..heard.len() - 1].iter().all(|s| s.verdict.is_none()));
        assert_eq!(status.games() as usize, 2 * heard.len());
        assert_eq!(status.pairs, heard.last().unwrap().pairs);
    }

    #[test]
    fn a_resumed_test_starts_from_the_counts_before() {
        use crate::{random_openings, PlayerKind};
        use tama_core::Rules;
        use tama_search::Limits;

        let strong = Player::new(
            "engine",
            PlayerKind::parse("full,hash=1").unwrap(),
            Limits::depth(2),
        );
        let weak = Player::new("baseline", PlayerKind::Baseline, Limits::depth(1));
        let config = MatchConfig {
            openings: random_openings(&Rules::ARMENIAN, 2, 4, 7),
            max_plies: 100,
            ..MatchConfig::default()
        };
        let sprt = Sprt::new(0.0, 200.0, 0.05, 0.05).unwrap();
        // Counts well inside the bounds: the two new pairs add to them.
        let before = [1, 1, 2, 1, 1];
        assert_eq!(sprt.verdict(&before), None);
        let heard = Mutex::new(Vec::new());
        let outcome = play_sprt_from(&strong, &weak, &config, &sprt, before, |s| {
            heard.lock().unwrap().push(*s);
        })
        .unwrap();
        let heard = heard.into_inner().unwrap();
        assert_eq!(outcome.result.games.len(), 4);
        assert_eq!(heard.len(), 2);
        let counts = outcome.status.pairs;
        assert_eq!(counts.iter().sum::<u32>(), 8, "{counts:?}");
        assert!(counts.iter().zip(before).all(|(now, was)| *now >= was));
        assert_eq!(heard[1].pairs, counts);
        assert_eq!(outcome.status.games(), 16);
        // Counts already at a bound: the verdict at once, no game.
        let decided = [0, 0, 0, 0, 20];
        assert_eq!(sprt.verdict(&decided), Some(Verdict::H1));
        let outcome = play_sprt_from(&strong, &weak, &config, &sprt, decided, |_| {
            panic!("no pair is played")
        })
        .unwrap();
        assert!(outcome.result.games.is_empty());
        assert_eq!(outcome.status.verdict, Some(Verdict::H1));
        assert_eq!(outcome.status.pairs, decided);
    }

    #[test]
    fn scores_and_elo_are_inverse() {
        assert!(close(score_from_elo(0.0), 0.5, 1e-15));
        for elo in [-300.0, -5.0, 5.0, 120.0] {
            assert!(close(crate::elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
    }
}
