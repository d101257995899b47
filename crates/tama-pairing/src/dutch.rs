//! The FIDE Dutch system (C.04.3) by weighted matching, bracket by
//! bracket, as the published formulation does (docs/SWISS.md says which
//! article is encoded how).
//!
//! For each bracket (its resident scoregroup and the players moved down
//! to it), one maximum-weight matching over the bracket and every player
//! below it: the weight of an edge is a number whose digits, most
//! significant first, are the criteria in the rules' order — the pair
//! exists at all (completion, C.4), the pair lies in the bracket (C.5),
//! the scores of the paired moved-down players (C.6), the pairs of the
//! next bracket (C.7), the colour criteria (C.8–C.11), the float criteria
//! (C.12–C.15), then the order of S1 and S2 (the pairing closest to the
//! rules' first candidate). Absolute criteria C.1–C.3 remove edges. The
//! pairs inside the bracket are kept; its other players float down.

use crate::matching::max_weight_matching;
use crate::model::Colour;
use crate::state::{a_gets_white, cards, compatible, Card, Float, Strength, SwissInput};
use crate::wide::I256;
use crate::PairingError;

/// A round's pairing: the boards in order (white, black) and the bye.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RoundPairing {
    /// The boards, first board first: (white's number, black's number).
    pub pairs: Vec<(u32, u32)>,
    /// Who gets the pairing-allocated bye.
    pub bye: Option<u32>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Vert {
    Player(usize),
    Bye,
}

/// Pairs the next round of `input` by the Dutch rules.
///
/// # Errors
///
/// [`PairingError::Unpairable`] when no pairing satisfies the absolute
/// criteria (C.1–C.3), [`PairingError::TooLarge`] past the weights' range.
pub fn pair_dutch(input: &SwissInput) -> Result<RoundPairing, PairingError> {
    let cards = cards(input);
    let n = cards.len();
    let need_bye = n % 2 == 1;
    let mut partner: Vec<Option<usize>> = vec![None; n];
    let mut bye: Option<usize> = None;
    let mut done = vec![false; n];
    let mut scores: Vec<u32> = cards.iter().map(|c| c.score).collect();
    scores.dedup();
    let mut mdps: Vec<usize> = Vec::new();
    for (g, &gscore) in scores.iter().enumerate() {
        let residents: Vec<usize> = (0..n)
            .filter(|&i| !done[i] && cards[i].score == gscore)
            .collect();
        let bracket: Vec<usize> = mdps
            .iter()
            .copied()
            .chain(residents.iter().copied())
            .collect();
        if bracket.is_empty() {
            continue;
        }
        let lower: Vec<usize> = (0..n)
            .filter(|&i| !done[i] && cards[i].score < gscore)
            .collect();
        let next_score = scores.get(g + 1).copied();
        let mut verts: Vec<Vert> = bracket
            .iter()
            .chain(lower.iter())
            .map(|&i| Vert::Player(i))
            .collect();
        if need_bye && bye.is_none() {
            verts.push(Vert::Bye);
        }
        let bracket_len = bracket.len();
        let ctx = Bracket::new(
            &cards,
            &bracket,
            gscore,
            next_score,
            verts.len() / 2,
            input.initial_colour,
        );
        let mut edges = Vec::new();
        for a in 0..verts.len() {
            for b in a + 1..verts.len() {
                if let Some(w) = ctx.weight(verts[a], verts[b])? {
                    edges.push((a, b, w));
                }
            }
        }
        let mate = max_weight_matching(verts.len(), &edges);
        let mut next_mdps = Vec::new();
        let last = g + 1 == scores.len();
        for (pos, &i) in bracket.iter().enumerate() {
            match mate[pos].map(|m| (m, verts[m])) {
                Some((m, Vert::Player(j))) if m < bracket_len => {
                    partner[i] = Some(j);
                    done[i] = true;
                }
                Some((_, Vert::Bye)) if last => {
                    bye = Some(i);
                    done[i] = true;
                }
                Some(_) if !last => {
                    done[i] = true;
                    next_mdps.push(i);
                }
                _ => return Err(PairingError::Unpairable { round: input.round }),
            }
        }
        mdps = next_mdps;
    }
    if !mdps.is_empty()
        || (need_bye && bye.is_none())
        || partner
            .iter()
            .enumerate()
            .any(|(i, p)| p.is_none() && bye != Some(i))
    {
        return Err(PairingError::Unpairable { round: input.round });
    }
    let mut pairs: Vec<(usize, usize)> = (0..n)
        .filter_map(|i| partner[i].filter(|&j| i < j).map(|j| (i, j)))
        .collect();
    // Boards: the higher score of the pair, then the sum, then the rank of
    // the higher-ranked player.
    pairs.sort_by_key(|&(i, j)| {
        let (hi, lo) = (
            cards[i].score.max(cards[j].score),
            cards[i].score.min(cards[j].score),
        );
        (std::cmp::Reverse(hi), std::cmp::Reverse(hi + lo), i.min(j))
    });
    let pairs = pairs
        .into_iter()
        .map(|(i, j)| {
            if a_gets_white(&cards[i], &cards[j], input.initial_colour) {
                (cards[i].number, cards[j].number)
            } else {
                (cards[j].number, cards[i].number)
            }
        })
        .collect();
    Ok(RoundPairing {
        pairs,
        bye: bye.map(|i| cards[i].number),
    })
}

/// One bracket's view for the weights.
struct Bracket<'a> {
    cards: &'a [Card],
    in_bracket: Vec<Option<usize>>,
    level: Vec<u32>,
    mdps: usize,
    residents: usize,
    next_score: Option<u32>,
    initial: Colour,
    radix: Vec<u64>,
    level_base: u64,
}

/// The digits of an edge's weight, most significant first.
const DIGITS: usize = 15;

impl<'a> Bracket<'a> {
    fn new(
        cards: &'a [Card],
        bracket: &[usize],
        gscore: u32,
        next_score: Option<u32>,
        pairs: usize,
        initial: Colour,
    ) -> Bracket<'a> {
        let mut in_bracket = vec![None; cards.len()];
        for (pos, &i) in bracket.iter().enumerate() {
            in_bracket[i] = Some(pos);
        }
        let mut distinct: Vec<u32> = bracket.iter().map(|&i| cards[i].score).collect();
        distinct.dedup();
        let levels = distinct.len() as u32;
        let mdps = bracket.iter().filter(|&&i| cards[i].score > gscore).count();
        let size = bracket.len() as u64;
        let level_base = size + 1;
        // C.6's digit: (size+1)^level for each paired bracket player, the
        // levels capped so the digit stays within 62 bits.
        let mut cap = 0u32;
        while cap + 1 < levels
            && level_base
                .checked_pow(cap + 1)
                .and_then(|f| f.checked_mul(2 * pairs as u64 + 2))
                .is_some_and(|v| v < 1 << 62)
        {
            cap += 1;
        }
        let level = (0..cards.len())
            .map(|i| {
                let rank = distinct
                    .iter()
                    .position(|&s| s == cards[i].score)
                    .unwrap_or(distinct.len()) as u32;
                (levels.saturating_sub(1 + rank)).min(cap)
            })
            .collect();
        let p = pairs as u64;
        let max: [u64; DIGITS] = [
            1,
            1,
            2 * level_base.pow(cap),
            1,
            2,
            2,
            2,
            2,
            1,
            1,
            1,
            1,
            size,
            size,
            size,
        ];
        let radix = max.iter().map(|m| p * m + 1).collect();
        Bracket {
            cards,
            in_bracket,
            level,
            mdps,
            residents: bracket.len() - mdps,
            next_score,
            initial,
            radix,
            level_base,
        }
    }

    /// The weight of the edge between vertices `a` and `b` (`pa`, `pb`
    /// their places in the vertex list), `None` if they may not meet.
    fn weight(&self, a: Vert, b: Vert) -> Result<Option<I256>, PairingError> {
        let mut d = [0u64; DIGITS];
        d[0] = 1;
        let full = [0u64, 0, 0, 0, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0];
        d[4..DIGITS].copy_from_slice(&full[4..DIGITS]);
        match (a, b) {
            (Vert::Bye, Vert::Player(i)) | (Vert::Player(i), Vert::Bye) => {
                if !self.cards[i].bye_ok {
                    return Ok(None);
                }
                if let Some(pos) = self.in_bracket[i] {
                    self.floats(i, Float::Down, &mut d, 8);
                    d[13] = pos as u64;
                }
            }
            (Vert::Player(i), Vert::Player(j)) => {
                let (ci, cj) = (&self.cards[i], &self.cards[j]);
                if !compatible(ci, cj) {
                    return Ok(None);
                }
                let (i, j) = if i < j { (i, j) } else { (j, i) };
                match (self.in_bracket[i], self.in_bracket[j]) {
                    (Some(pa), Some(pb)) => self.inside(i, j, pa, pb, &mut d),
                    // Bracket players come first in the A.2 order, so a
                    // bracket player paired below is always `i`.
                    (Some(pa), None) | (None, Some(pa)) => {
                        // i floats down out of the bracket.
                        if self.next_score == Some(self.cards[j].score) {
                            d[3] = 1;
                        }
                        self.floats(i, Float::Down, &mut d, 8);
                        d[13] = pa as u64;
                    }
                    (None, None) => {
                        let ns = self.next_score;
                        if ns.is_some()
                            && ns == Some(self.cards[i].score)
                            && ns == Some(self.cards[j].score)
                        {
                            d[3] = 1;
                        }
                    }
                }
            }
            (Vert::Bye, Vert::Bye) => return Ok(None),
        }
        let mut w = I256::ZERO;
        for (&radix, digit) in self.radix.iter().zip(d) {
            w = w.mul_add(radix, digit).ok_or(PairingError::TooLarge)?;
        }
        Ok(Some(w))
    }

    /// The digits of a pair inside the bracket.
    fn inside(&self, i: usize, j: usize, pa: usize, pb: usize, d: &mut [u64; DIGITS]) {
        let (ci, cj) = (&self.cards[i], &self.cards[j]);
        d[1] = 1;
        d[2] = self.level_base.pow(self.level[i]) + self.level_base.pow(self.level[j]);
        let i_white = a_gets_white(ci, cj, self.initial);
        let colour_of = |_: &Card, white: bool| if white { Colour::White } else { Colour::Black };
        let got = [(ci, colour_of(ci, i_white)), (cj, colour_of(cj, !i_white))];
        let top = ci.topscorer || cj.topscorer;
        let mut c8 = 0;
        let mut c9 = 0;
        let mut c10 = 0;
        let mut c11 = 0;
        for (c, col) in got {
            let diff = c.diff + if col == Colour::White { 1 } else { -1 };
            if top && diff.abs() > 2 {
                c8 += 1;
            }
            let n = c.colours.len();
            if top && n >= 2 && c.colours[n - 1] == col && c.colours[n - 2] == col {
                c9 += 1;
            }
            if c.strength != Strength::None && c.prefers != col {
                c10 += 1;
                if c.strength >= Strength::Strong {
                    c11 += 1;
                }
            }
        }
        d[4] = 2 - c8;
        d[5] = 2 - c9;
        d[6] = 2 - c10;
        d[7] = 2 - c11;
        if ci.score != cj.score {
            // i is the higher (the cards are in A.2 order): a downfloat
            // for i, an upfloat for j.
            self.floats(i, Float::Down, d, 8);
            self.floats(j, Float::Up, d, 8);
        }
        let order = self.order(pa, pb);
        // The moved-down players' partners first (the outer loop of the
        // candidates), the remainder's pairs after the downfloaters.
        if pa < self.mdps {
            d[12] = order;
        } else {
            d[14] = order;
        }
    }

    /// Lowers the float digits (C.12–C.15) for `i` receiving `f` again.
    fn floats(&self, i: usize, f: Float, d: &mut [u64; DIGITS], base: usize) {
        let c = &self.cards[i];
        let (prev, before) = match f {
            Float::Down => (base, base + 2),
            Float::Up => (base + 1, base + 3),
        };
        if c.floats[0] == Some(f) {
            d[prev] = 0;
        }
        if c.floats[1] == Some(f) {
            d[before] = 0;
        }
    }

    /// How close the pair of bracket places `pa < pb` is to the rules'
    /// first candidate: moved-down players against the first residents
    /// (S1 against S2), then the remainder's S1[k] against S2[k].
    fn order(&self, pa: usize, pb: usize) -> u64 {
        let size = (self.mdps + self.residents) as i64;
        let (pa, pb) = (pa as i64, pb as i64);
        let m = self.mdps as i64;
        let dist = if pa < m {
            if pb < m {
                return 0;
            }
            (pb - (m + pa)).abs()
        } else {
            let shift = m.min(self.residents as i64);
            let (ra, rb) = (pa - m - shift, pb - m - shift);
            let m1 = (self.residents as i64 - shift) / 2;
            (rb - (ra + m1)).abs()
        };
        (size - dist).max(0) as u64
    }
}
