//! Elo estimates with their 95% intervals.

/// An Elo difference with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub lower: f64,
    /// Upper end of the 95% interval.
    pub upper: f64,
}

impl Elo {
    /// Half the width of the interval (the "±" figure).
    pub fn error(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

impl core::fmt::Display for Elo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:+.1} ± {:.1}", self.elo, self.error())
    }
}

/// Elo difference for a score fraction (clamped away from 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Elo estimate from samples of a score in [0, 1] (games, or pairs of
/// games averaged): the mean, and its 95% interval from the sample
/// variance.
pub(crate) fn elo_from_samples(samples: &[f64]) -> Elo {
    let n = samples.len() as f64;
    if samples.is_empty() {
        return Elo {
            elo: 0.0,
            lower: f64::NEG_INFINITY,
            upper: f64::INFINITY,
        };
    }
    let mean = samples.iter().sum::<f64>() / n;
    let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    Elo {
        elo: elo_from_score(mean),
        lower: elo_from_score(mean - 1.96 * se),
        upper: elo_from_score(mean + 1.96 * se),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_math() {
        assert!((elo_from_score(0.5)).abs() < 1e-9);
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.1);
        assert!(elo_from_score(0.25) < -190.0);
        let e = elo_from_samples(&[1.0, 0.0, 0.5, 0.5, 1.0, 0.5]);
        assert!(e.lower < e.elo && e.elo < e.upper);
        assert!(e.elo > 0.0);
    }
}
