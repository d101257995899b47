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
}

impl Order {
    /// The digits for a bracket of `m0` MDPs (places `0..m0`) and
    /// `residents` residents (the places after), assuming `shape`; `None`
    /// when they would take more than `max_bits`.
    pub fn new(m0: usize, residents: usize, shape: Shape, max_bits: u32) -> Option<Order> {
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
        radix.extend((0..n).map(|ra| (n - ra) as u64));
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
                self.digit(&mut acc, self.rem_tr + ra, (n - 1 - rb) as u64);
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
