//! The rules' order of candidates inside one bracket (C.04.3, articles
//! D.1–D.3 of the 2017 text, kept in the 2025 rules): the least
//! significant part of an edge's weight, so that among the pairings equal
//! on every criterion the matching picks the one the rules' sequential
//! generation meets first.
//!
//! A bracket's candidates come in this order: the MDP exchanges (D.3,
//! which moved-down players are paired), then the transpositions of S2
//! for the MDP-pairing (D.1), then, for the remainder (a homogeneous
//! bracket of the residents the MDPs left), the resident exchanges (D.2)
//! and inside each the transpositions of S2 (D.1). Each step is encoded by
//! digits that a pair adds to independently:
//!
//! - **D.3** (which MDPs are paired): the paired MDPs among the first M1
//!   (fewest exchanged), the smallest sum of their numbers, then one bit
//!   an MDP, the highest-ranked most significant.
//! - **D.1 for the MDP-pairing**: one digit a paired MDP, its partner's
//!   rank among the residents (the lower the better), the highest MDP most
//!   significant: lexicographic order of S2.
//! - **D.2** in the remainder (S1 its first N1 players, N1 its pairs): a
//!   pair of two S2 players needs one exchange (rule a: the fewest); the
//!   sum moved from S2 to S1 minus the sum moved back (rule b) is, pair by
//!   pair, the smaller number of an S2–S2 pair minus the larger of an
//!   S1–S1 pair and minus an S1 player left unpaired; rule c (the highest
//!   different number moved from S1) and rule d (the lowest moved from S2)
//!   are one bit a player.
//! - **D.1 in the remainder**: whatever the exchange, S1's member of a pair
//!   is its higher-ranked player and S2's the lower, so one digit a pair,
//!   at the higher player's place, holding the lower player's rank (the
//!   smaller the better): the lexicographic order of the transposed S2.
//!
//! The digits need the number of paired MDPs (M1), the remainder and its
//! pairs (N1), which the matching itself decides: the bracket is matched
//! with a first guess, and once more with the actual values if the guess
//! was wrong (the MDP digits rank above the remainder's, so the second
//! run keeps the first run's MDP-pairing).

use crate::wide::I256;

/// What the order digits assume about the bracket's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// MDPs paired inside the bracket (M1).
    pub m1: usize,
    /// The remainder: bracket places of the residents not paired with an
    /// MDP, ascending.
    pub remainder: Vec<usize>,
    /// Pairs made inside the remainder (N1).
    pub n1: usize,
}

/// The order digits of one bracket.
pub(crate) struct Order {
    m0: usize,
    residents: usize,
    shape: Shape,
    /// Bracket place → index in the remainder.
    rindex: Vec<Option<usize>>,
    /// The place value of each digit, most significant first.
    place: Vec<I256>,
    /// The bits the digits take.
    pub bits: u32,
    // Where each group of digits starts.
    mdp_a: usize,
    mdp_b: usize,
    mdp_lex: usize,
    mdp_tr: usize,
    rem_a: usize,
    rem_b: usize,
    rem_c: usize,
    rem_d: usize,
    rem_tr: usize,
    /// The closeness digit of the places without their own digit.
    rest: Option<usize>,
}

impl Order {
    /// The digits for a bracket of `m0` MDPs (places `0..m0`) and
    /// `residents` residents (the places after), assuming `shape`; `None`
    /// when they would take more than `max_bits`.
    pub fn new(m0: usize, residents: usize, shape: Shape, max_bits: u32) -> Option<Order> {
        // A big remainder's transposition digits may not all fit: then
        // only its first places get one (the most significant ones).
        let n = shape.remainder.len();
        let mut places = n;
        loop {
            if let Some(o) = Order::with_places(m0, residents, shape.clone(), max_bits, places) {
                return Some(o);
            }
            if places == 0 {
                return None;
            }
            places = places.saturating_sub(places / 8 + 1);
        }
    }

    fn with_places(
        m0: usize,
        residents: usize,
        shape: Shape,
        max_bits: u32,
        places: usize,
    ) -> Option<Order> {
        let n = shape.remainder.len();
        let n1 = shape.n1.min(n / 2);
        let mut radix: Vec<u64> = Vec::new();
        let mdp_a = radix.len();
        let m0u = m0 as u64;
        if m0 > 0 {
            radix.push(m0u + 1);
            radix.push(m0u * m0u + 1);
        }
        let mdp_lex = radix.len();
        radix.extend(std::iter::repeat_n(2, m0));
        let mdp_tr = radix.len();
        radix.extend(std::iter::repeat_n(residents as u64 + 1, m0));
        let rem_a = radix.len();
        let nu = n as u64;
        if n > 0 {
            radix.push(nu / 2 + 1);
            radix.push(nu * nu + 1);
        }
        let rem_c = radix.len();
        radix.extend(std::iter::repeat_n(2, n1));
        let rem_d = radix.len();
        radix.extend(std::iter::repeat_n(2, n - n1));
        let rem_tr = radix.len();
        radix.extend((0..places).map(|ra| (n - ra) as u64));
        // The places past them: one digit of closeness to S1[k]–S2[k].
        if places < n {
            radix.push(nu * nu + 1);
        }
        // Place values, least significant last.
        let mut place = vec![I256::ZERO; radix.len()];
        let mut value = I256::from_u64(1);
        for k in (0..radix.len()).rev() {
            place[k] = value;
            value = value.mul_add(radix[k], 0)?;
            if value.bits() > max_bits {
                return None;
            }
        }
        let mut rindex = vec![None; m0 + residents];
        for (k, &pos) in shape.remainder.iter().enumerate() {
            rindex[pos] = Some(k);
        }
        Some(Order {
            m0,
            residents,
            rindex,
            place,
            bits: value.bits(),
            mdp_a,
            mdp_b: mdp_a + 1,
            mdp_lex,
            mdp_tr,
            rem_a,
            rem_b: rem_a + 1,
            rem_c,
            rem_d,
            rem_tr,
            rest: (places < n).then(|| rem_tr + places),
            shape: Shape { n1, ..shape },
        })
    }

    fn digit(&self, acc: &mut I256, k: usize, v: u64) {
        if v > 0 {
            *acc = *acc + self.place[k].mul_add(v, 0).unwrap_or(I256::ZERO);
        }
    }

    /// The order value of a pair of bracket places `pa < pb`.
    pub fn pair(&self, pa: usize, pb: usize) -> I256 {
        let mut acc = I256::ZERO;
        let m0 = self.m0;
        if pa < m0 && pb >= m0 {
            // The MDP-pairing: D.3 then D.1.
            self.digit(&mut acc, self.mdp_a, u64::from(pa < self.shape.m1));
            self.digit(&mut acc, self.mdp_b, (m0 - pa) as u64);
            self.digit(&mut acc, self.mdp_lex + pa, 1);
            let r = (pb - m0) as u64;
            self.digit(&mut acc, self.mdp_tr + pa, self.residents as u64 - r);
        } else if pa >= m0 {
            if let (Some(ra), Some(rb)) = (self.rindex[pa], self.rindex[pb]) {
                let (ra, rb) = (ra.min(rb), ra.max(rb));
                let n = self.shape.remainder.len();
                let n1 = self.shape.n1;
                let (s1a, s1b) = (ra < n1, rb < n1);
                // D.2 a: a pair inside S2 costs one exchange.
                self.digit(&mut acc, self.rem_a, u64::from(s1a || s1b));
                if !s1a {
                    // S2–S2: the smaller number moves to S1 (rules b, d).
                    self.digit(&mut acc, self.rem_b, (n - ra) as u64);
                    self.digit(&mut acc, self.rem_d + (ra - n1), 1);
                } else if s1b {
                    // S1–S1: the larger number moves to S2 (rules b, c).
                    self.digit(&mut acc, self.rem_b, rb as u64);
                    self.digit(&mut acc, self.rem_c + (n1 - 1 - rb), 1);
                }
                // D.1: the lower player's rank at the higher one's place.
                let last = self.place.len() - 1;
                if self.rem_tr + ra < last || (self.rem_tr + ra == last && self.rest.is_none()) {
                    self.digit(&mut acc, self.rem_tr + ra, (n - 1 - rb) as u64);
                } else if let Some(k) = self.rest {
                    let dist = (rb as i64 - (ra + n1) as i64).unsigned_abs();
                    self.digit(&mut acc, k, (n as u64).saturating_sub(dist));
                }
            }
        }
        acc
    }

    /// The order value of bracket place `pa` left unpaired in the bracket
    /// (paired below, or the bye).
    pub fn floater(&self, pa: usize) -> I256 {
        let mut acc = I256::ZERO;
        if let Some(ra) = self.rindex[pa] {
            let n1 = self.shape.n1;
            if ra < n1 {
                // An S1 player left out was moved to S2 (rules b, c).
                self.digit(&mut acc, self.rem_b, ra as u64);
                self.digit(&mut acc, self.rem_c + (n1 - 1 - ra), 1);
            }
        }
        acc
    }
}

/// The distance heuristic used when the exact digits do not fit the
/// weight: how close the pair of bracket places `pa < pb` is to the rules'
/// first candidate (MDPs against the first residents, then the
/// remainder's S1[k] against S2[k]), as a value up to `size`.
pub(crate) fn distance_order(mdps: usize, residents: usize, pa: usize, pb: usize) -> u64 {
    let size = (mdps + residents) as i64;
    let (pa, pb) = (pa as i64, pb as i64);
    let m = mdps as i64;
    let dist = if pa < m {
        if pb < m {
            return 0;
        }
        (pb - (m + pa)).abs()
    } else {
        let shift = m.min(residents as i64);
        let (ra, rb) = (pa - m - shift, pb - m - shift);
        let m1 = (residents as i64 - shift) / 2;
        (rb - (ra + m1)).abs()
    };
    (size - dist).max(0) as u64
}

#[cfg(test)]
mod tests {
    //! The examples of articles D.1 and D.2 (C.04.3, 2017 text; the 2025
    //! rules keep the sequential generation of candidates): each
    //! candidate the rules rank earlier must weigh more.

    use super::*;

    /// The order value of a homogeneous bracket of `n` players (numbers
    /// 1..=n) paired as the candidate with S1 = `s1` and the transposed S2
    /// = `s2` (S1[i] against S2[i], the rest of S2 unpaired).
    fn homogeneous(n: usize, s1: &[usize], s2: &[usize]) -> I256 {
        let shape = Shape {
            m1: 0,
            remainder: (0..n).collect(),
            n1: s1.len(),
        };
        let o = Order::new(0, n, shape, 250).unwrap();
        let mut v = I256::ZERO;
        for (a, b) in s1.iter().zip(s2) {
            v = v + o.pair((a - 1).min(b - 1), (a - 1).max(b - 1));
        }
        for &f in &s2[s1.len()..] {
            v = v + o.floater(f - 1);
        }
        v
    }

    /// The order value of an 11-player homogeneous bracket (S1 = 1..5,
    /// S2 = 6..11) paired as `pairs`, `floater` left unpaired.
    fn eleven(pairs: [(usize, usize); 5], floater: usize) -> I256 {
        let shape = Shape {
            m1: 0,
            remainder: (0..11).collect(),
            n1: 5,
        };
        let o = Order::new(0, 11, shape, 250).unwrap();
        pairs.iter().fold(o.floater(floater - 1), |v, &(a, b)| {
            v + o.pair(a - 1, b - 1)
        })
    }

    #[test]
    fn d1_transpositions_of_an_eleven_player_bracket_in_lexicographic_order() {
        // D.1: "6-7-8-9-10, 6-7-8-9-11, 6-7-8-10-9, ..., 6-11-10-9-8,
        // 7-6-8-9-10, ..., 11-10-9-8-7".
        let s1 = [1, 2, 3, 4, 5];
        let seq: [[usize; 6]; 6] = [
            [6, 7, 8, 9, 10, 11],
            [6, 7, 8, 9, 11, 10],
            [6, 7, 8, 10, 9, 11],
            [6, 11, 10, 9, 8, 7],
            [7, 6, 8, 9, 10, 11],
            [11, 10, 9, 8, 7, 6],
        ];
        for w in seq.windows(2) {
            assert!(
                homogeneous(11, &s1, &w[0]) > homogeneous(11, &s1, &w[1]),
                "{:?} before {:?}",
                w[0],
                w[1]
            );
        }
    }

    #[test]
    fn d1_transpositions_of_the_mdp_pairing_in_lexicographic_order() {
        // D.1: a heterogeneous bracket of 11 with two MDPs: "3-4, 3-5,
        // 3-6, ..., 3-11, 4-3, 4-5, ..., 11-10".
        let shape = Shape {
            m1: 2,
            remainder: Vec::new(),
            n1: 0,
        };
        let o = Order::new(2, 9, shape, 250).unwrap();
        let value = |a: usize, b: usize| o.pair(0, a - 1) + o.pair(1, b - 1);
        let seq = [(3, 4), (3, 5), (3, 6), (3, 11), (4, 3), (4, 5), (11, 10)];
        for w in seq.windows(2) {
            assert!(value(w[0].0, w[0].1) > value(w[1].0, w[1].1), "{w:?}");
        }
    }

    #[test]
    fn d2_resident_exchanges_in_the_rules_order() {
        // Each candidate is written as its pairs; the comment names the
        // exchange (S1 numbers moved ⇔ S2 numbers moved) it represents.
        let none = eleven([(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)], 11);
        let last_transposition = eleven([(1, 11), (2, 10), (3, 9), (4, 8), (5, 7)], 6);
        let ex_5_6 = eleven([(1, 5), (2, 7), (3, 8), (4, 9), (6, 10)], 11);
        assert!(none > last_transposition);
        // Every transposition comes before any exchange.
        assert!(last_transposition > ex_5_6);
        // a: one exchanged number before two: 5⇔7 before 5+4⇔6+7.
        let ex_5_7 = eleven([(1, 6), (2, 8), (3, 9), (4, 5), (7, 10)], 11);
        let ex_54_67 = eleven([(1, 4), (2, 5), (3, 8), (6, 10), (7, 11)], 9);
        assert!(ex_5_7 > ex_54_67);
        // b: "exchanging 6 with 4 is better than exchanging 8 with 5".
        let ex_4_6 = eleven([(1, 4), (2, 7), (3, 8), (5, 9), (6, 10)], 11);
        let ex_5_8 = eleven([(1, 5), (2, 6), (3, 7), (4, 9), (8, 10)], 11);
        assert!(ex_4_6 > ex_5_8);
        // b: "exchanging 8+6 with 4+3 is better than 9+8 with 5+4".
        let ex_43_86 = eleven([(1, 3), (2, 4), (5, 7), (6, 9), (8, 10)], 11);
        let ex_54_98 = eleven([(1, 4), (2, 5), (3, 6), (8, 10), (9, 11)], 7);
        assert!(ex_43_86 > ex_54_98);
        // c: "moving 5 from S1 to S2 is better than moving 4" (5⇔7 and
        // 4⇔6 differ by the same sum).
        assert!(ex_5_7 > ex_4_6);
        // c: "5-2 is better than 4-3" (both with 6+7).
        let ex_52_67 = eleven([(1, 2), (3, 5), (4, 8), (6, 9), (7, 10)], 11);
        let ex_43_67 = eleven([(1, 3), (2, 4), (5, 8), (6, 9), (7, 10)], 11);
        assert!(ex_52_67 > ex_43_67);
        // c: "5-4-1 is better than 5-3-2" (both with 6+7+8).
        let ex_541 = eleven([(2, 4), (3, 5), (6, 9), (7, 10), (8, 11)], 1);
        let ex_532 = eleven([(1, 2), (4, 5), (6, 9), (7, 10), (8, 11)], 3);
        assert!(ex_541 > ex_532);
        // d: "6-9 is better than 7-8" (both with 5+4).
        let ex_54_69 = eleven([(1, 4), (2, 5), (3, 7), (6, 8), (9, 10)], 11);
        let ex_54_78 = eleven([(1, 4), (2, 5), (3, 6), (7, 9), (8, 10)], 11);
        assert!(ex_54_69 > ex_54_78);
        // d: "6-7-10 is better than 6-8-9" (both with 5+4+3).
        let ex_6710 = eleven([(1, 3), (2, 4), (6, 8), (7, 9), (10, 11)], 5);
        let ex_689 = eleven([(1, 3), (2, 4), (6, 7), (8, 10), (9, 11)], 5);
        assert!(ex_6710 > ex_689);
    }
}
