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

/// Elo estimate from pentanomial pair counts (by the first player's
/// points in the pair: 0, ½, 1, 1½, 2): the mean score per game, and its
/// 95% interval from the variance of the pairs.
pub fn elo_from_pentanomial(pairs: &[u32; 5]) -> Elo {
    let samples: Vec<f64> = pairs
        .iter()
        .enumerate()
        .flat_map(|(bin, &count)| std::iter::repeat_n(bin as f64 / 4.0, count as usize))
        .collect();
    elo_from_samples(&samples)
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

    #[test]
    fn pentanomial_elo_is_the_elo_of_the_pairs() {
        // Pairs scoring 2, 1 and 1½ points: mean ¾ per game.
        let e = elo_from_pentanomial(&[0, 0, 1, 1, 1]);
        assert!((e.elo - elo_from_score(0.75)).abs() < 1e-9);
        assert_eq!(e, elo_from_samples(&[0.5, 0.75, 1.0]));
        assert!(elo_from_pentanomial(&[0; 5]).upper.is_infinite());
    }
}
