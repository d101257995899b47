//! Search scores: centi-men, or a win or loss in a number of plies.

use core::fmt;

/// The greatest search depth in plies (iteration depth plus extensions and
/// the quiescence stage).
pub const MAX_PLY: usize = 128;

/// The internal value of a win at the root (a win in `n` plies is
/// `MATE - n`).
pub(crate) const MATE: i32 = 30_000;
/// Wins and losses are counted up to this many plies (exclusive): the
/// search finds them within [`MAX_PLY`], an endgame oracle may know longer
/// ones.
pub(crate) const MAX_DISTANCE: u32 = 4096;
/// Values at or beyond this magnitude are wins or losses.
pub(crate) const MATE_BOUND: i32 = MATE - MAX_DISTANCE as i32;
/// Larger than any score.
pub(crate) const INFINITY: i32 = MATE + 1;
/// Static evaluations are clamped to this magnitude.
pub(crate) const EVAL_LIMIT: i32 = MATE_BOUND - 1;

/// A score from the point of view of the side to move: a value in
/// centi-men (hundredths of a man), or a forced win or loss with the
/// number of plies to the end of the game.
///
/// Scores are ordered: every loss is below every value, every value below
/// every win; a quicker win is greater than a slower one. Wins and losses
/// are counted up to 4095 plies: the search finds them within [`MAX_PLY`],
/// an endgame oracle may report longer ones (see [`oracle`](crate::oracle)).
///
/// ```
/// use tama_search::{Score, ScoreKind};
///
/// let s = Score::centi_men(35);
/// assert_eq!(s.kind(), ScoreKind::CentiMen(35));
/// assert_eq!(s.to_string(), "+0.35");
/// assert!(Score::win_in(5) > Score::win_in(7));
/// assert!(Score::loss_in(4) < Score::centi_men(-2000));
/// assert_eq!(-Score::win_in(3), Score::loss_in(3));
/// ```
///
/// With the `serde` feature a score is its [`ScoreKind`]: `{"cm": 35}`,
/// `{"win": 7}` or `{"loss": 4}`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "ScoreKind", try_from = "ScoreKind")
)]
pub struct Score(i32);

/// What a [`Score`] means. With the `serde` feature `{"cm": 35}`,
/// `{"win": 7}` or `{"loss": 4}` (plies to the end).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ScoreKind {
    /// An evaluation in centi-men.
    #[cfg_attr(feature = "serde", serde(rename = "cm"))]
    CentiMen(i32),
    /// The side to move wins in this many plies (its own moves and the
    /// opponent's).
    #[cfg_attr(feature = "serde", serde(rename = "win"))]
    Win(u32),
    /// The side to move loses in this many plies.
    #[cfg_attr(feature = "serde", serde(rename = "loss"))]
    Loss(u32),
}

impl From<Score> for ScoreKind {
    fn from(score: Score) -> ScoreKind {
        score.kind()
    }
}

impl TryFrom<ScoreKind> for Score {
    type Error = ScoreRangeError;

    /// The score of a kind: a value within the evaluation range, or a win
    /// or loss in fewer than 4096 plies.
    fn try_from(kind: ScoreKind) -> Result<Score, ScoreRangeError> {
        match kind {
            ScoreKind::CentiMen(cm) if cm.unsigned_abs() <= EVAL_LIMIT as u32 => {
                Ok(Score::centi_men(cm))
            }
            ScoreKind::Win(n) if n < MAX_DISTANCE => Ok(Score::win_in(n)),
            ScoreKind::Loss(n) if n < MAX_DISTANCE => Ok(Score::loss_in(n)),
            _ => Err(ScoreRangeError(kind)),
        }
    }
}

/// A [`ScoreKind`] no [`Score`] can hold: centi-men beyond ±25903, or a
/// win or loss in 4096 plies or more.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ScoreRangeError(pub ScoreKind);

impl fmt::Display for ScoreRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            ScoreKind::CentiMen(cm) => write!(
                f,
                "score of {cm} centi-men out of range (at most {EVAL_LIMIT} either way)"
            ),
            ScoreKind::Win(n) | ScoreKind::Loss(n) => write!(
                f,
                "win or loss in {n} plies out of range (fewer than {MAX_DISTANCE})"
            ),
        }
    }
}

impl std::error::Error for ScoreRangeError {}

impl Score {
    /// A draw (zero).
    pub const DRAW: Score = Score(0);

    /// A value in centi-men, clamped to the range of evaluations.
    pub const fn centi_men(cm: i32) -> Score {
        let v = if cm > EVAL_LIMIT {
            EVAL_LIMIT
        } else if cm < -EVAL_LIMIT {
            -EVAL_LIMIT
        } else {
            cm
        };
        Score(v)
    }

    /// A win in `plies` plies (0: the opponent has already lost).
    ///
    /// # Panics
    ///
    /// If `plies` is not below 4096.
    pub const fn win_in(plies: u32) -> Score {
        assert!(plies < MAX_DISTANCE, "win distance out of range");
        Score(MATE - plies as i32)
    }

    /// A loss in `plies` plies (0: the side to move has lost).
    ///
    /// # Panics
    ///
    /// If `plies` is not below 4096.
    pub const fn loss_in(plies: u32) -> Score {
        assert!(plies < MAX_DISTANCE, "loss distance out of range");
        Score(-MATE + plies as i32)
    }

    /// What the score means.
    pub const fn kind(self) -> ScoreKind {
        if self.0 >= MATE_BOUND {
            ScoreKind::Win((MATE - self.0) as u32)
        } else if self.0 <= -MATE_BOUND {
            ScoreKind::Loss((MATE + self.0) as u32)
        } else {
            ScoreKind::CentiMen(self.0)
        }
    }

    /// Whether the score is a forced win or loss.
    pub const fn is_decisive(self) -> bool {
        self.0 >= MATE_BOUND || self.0 <= -MATE_BOUND
    }

    /// The score as one number for comparisons and adjudication: centi-men,
    /// or ±(30000 − plies) for wins and losses.
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// Rebuilds a score from [`Score::raw`], clamping into range.
    pub const fn from_raw(raw: i32) -> Score {
        if raw > MATE {
            Score(MATE)
        } else if raw < -MATE {
            Score(-MATE)
        } else {
            Score(raw)
        }
    }
}

impl core::ops::Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// `+0.35`, `-1.20`, `win in 7`, `loss in 4`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            ScoreKind::CentiMen(cm) => {
                let sign = if cm < 0 { '-' } else { '+' };
                let a = cm.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            ScoreKind::Win(n) => write!(f, "win in {n}"),
            ScoreKind::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

/// Converts a score relative to the root into one relative to the node at
/// `ply` for storing in the table (win distances are counted from there).
#[inline]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        assert_eq!(Score::win_in(0).kind(), ScoreKind::Win(0));
        assert_eq!(Score::win_in(17).kind(), ScoreKind::Win(17));
        assert_eq!(Score::loss_in(2).kind(), ScoreKind::Loss(2));
        assert_eq!(Score::centi_men(-250).kind(), ScoreKind::CentiMen(-250));
        assert_eq!(Score::DRAW.kind(), ScoreKind::CentiMen(0));
        assert_eq!(Score::from_raw(Score::win_in(9).raw()), Score::win_in(9));
        assert!(Score::win_in(9).is_decisive());
        assert!(!Score::centi_men(EVAL_LIMIT + 50).is_decisive());
    }

    #[test]
    fn ordering_and_negation() {
        let mut v = vec![
            Score::win_in(9),
            Score::centi_men(10),
            Score::loss_in(2),
            Score::win_in(1),
            Score::loss_in(8),
            Score::centi_men(-40),
        ];
        v.sort();
        assert_eq!(
            v,
            vec![
                Score::loss_in(2),
                Score::loss_in(8),
                Score::centi_men(-40),
                Score::centi_men(10),
                Score::win_in(9),
                Score::win_in(1),
            ]
        );
        assert_eq!(-Score::loss_in(8), Score::win_in(8));
        assert_eq!(-Score::centi_men(12), Score::centi_men(-12));
    }

    #[test]
    fn display() {
        assert_eq!(Score::centi_men(0).to_string(), "+0.00");
        assert_eq!(Score::centi_men(-5).to_string(), "-0.05");
        assert_eq!(Score::centi_men(1234).to_string(), "+12.34");
        assert_eq!(Score::win_in(3).to_string(), "win in 3");
        assert_eq!(Score::loss_in(4).to_string(), "loss in 4");
    }

    #[test]
    fn table_conversion_keeps_distance_from_root() {
        // A win 5 plies below a node at ply 3 is a win in 8 from the root.
        let at_root = MATE - 8;
        let stored = to_tt(at_root, 3);
        assert_eq!(stored, MATE - 5);
        assert_eq!(from_tt(stored, 3), at_root);
        // Re-found at ply 1, it is a win in 6.
        assert_eq!(from_tt(stored, 1), MATE - 6);
        assert_eq!(to_tt(42, 9), 42);
    }
}
