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
use crate::order::{distance_order, Order, Shape};
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
        let mdp_count = bracket.len() - residents.len();
        let mut shape = first_guess(mdp_count, residents.len());
        let mut mate;
        let mut tries = 0;
        loop {
            let ctx = Bracket::new(
                &cards,
                &bracket,
                gscore,
                next_score,
                verts.len() / 2,
                input.initial_colour,
                input.points.win,
                shape.clone(),
            );
            let mut edges = Vec::new();
            for a in 0..verts.len() {
                for b in a + 1..verts.len() {
                    if let Some(w) = ctx.weight(verts[a], verts[b])? {
                        edges.push((a, b, w));
                    }
                }
            }
            mate = max_weight_matching(verts.len(), &edges);
            tries += 1;
            let actual = actual_shape(&mate, mdp_count, bracket_len);
            if !ctx.exact() || actual == shape || tries == 2 {
                break;
            }
            shape = actual;
        }
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

/// The first guess of a bracket's shape: every MDP paired with the first
/// residents, the rest of the residents paired among themselves.
fn first_guess(mdps: usize, residents: usize) -> Shape {
    let m1 = mdps.min(residents);
    let remainder: Vec<usize> = (mdps + m1..mdps + residents).collect();
    let n1 = remainder.len() / 2;
    Shape { m1, remainder, n1 }
}

/// The shape a matching gave the bracket (places `0..len`, MDPs first).
fn actual_shape(mate: &[Option<usize>], mdps: usize, len: usize) -> Shape {
    let inside = |p: usize| mate[p].filter(|&m| m < len);
    let m1 = (0..mdps)
        .filter(|&p| inside(p).is_some_and(|m| m >= mdps))
        .count();
    let remainder: Vec<usize> = (mdps..len)
        .filter(|&p| inside(p).is_none_or(|m| m >= mdps))
        .collect();
    let n1 = remainder
        .iter()
        .filter(|&&p| inside(p).is_some_and(|m| m > p && m >= mdps))
        .count();
    Shape { m1, remainder, n1 }
}

/// One bracket's view for the weights.
struct Bracket<'a> {
    cards: &'a [Card],
    in_bracket: Vec<Option<usize>>,
    level: Vec<u32>,
    mdps: usize,
    residents: usize,
    gscore: u32,
    next_score: Option<u32>,
    initial: Colour,
    radix: Vec<u64>,
    level_base: u64,
    /// A point (a win), and the score step, for C.16–C.19.
    win: u32,
    unit: u32,
    max_sd: u64,
    /// The rules' candidate order (exact), or `None` for the distance
    /// heuristic when the exact digits do not fit.
    order: Option<Order>,
}

/// The digits of an edge's weight, most significant first: completion
/// (C.4), inside the bracket (C.5), C.6, C.7, C.8–C.11, C.12–C.15,
/// C.16–C.19, then three digits of the distance heuristic (unused when
/// the exact order digits follow).
const DIGITS: usize = 19;

/// The widest weight the matching takes (it doubles them, and sums).
const MAX_BITS: u32 = 250;

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl<'a> Bracket<'a> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        cards: &'a [Card],
        bracket: &[usize],
        gscore: u32,
        next_score: Option<u32>,
        pairs: usize,
        initial: Colour,
        win: u32,
        shape: Shape,
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
        // C.16–C.19 count score differences in the smallest score step.
        let unit = cards
            .iter()
            .fold(gcd(win, 0), |g, c| gcd(g, c.score))
            .max(1);
        let top = bracket.first().map_or(gscore, |&i| cards[i].score);
        let max_sd = u64::from((top - gscore + win) / unit);
        let p = pairs as u64;
        let mut max: [u64; DIGITS] = [
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
            max_sd,
            max_sd,
            max_sd,
            max_sd,
            size,
            size,
            size,
        ];
        // Digits 4.. sum over the bracket's pairs and floaters only.
        let count = |k: usize| if k < 4 { p } else { size };
        let criteria: u32 = max[..16]
            .iter()
            .enumerate()
            .map(|(k, m)| u64::BITS - (count(k) * m + 1).leading_zeros())
            .sum();
        let residents = bracket.len() - mdps;
        let order = Order::new(mdps, residents, shape, MAX_BITS.saturating_sub(criteria));
        if order.is_some() {
            max[16..].fill(0);
        }
        let radix = max
            .iter()
            .enumerate()
            .map(|(k, m)| count(k) * m + 1)
            .collect();
        Bracket {
            cards,
            in_bracket,
            level,
            mdps,
            residents,
            gscore,
            next_score,
            initial,
            radix,
            level_base,
            win,
            unit,
            max_sd,
            order,
        }
    }

    /// Whether the rules' exact candidate order is encoded.
    fn exact(&self) -> bool {
        self.order.is_some()
    }

    /// The weight of the edge between vertices `a` and `b`, `None` if they
    /// may not meet.
    fn weight(&self, a: Vert, b: Vert) -> Result<Option<I256>, PairingError> {
        let mut d = [0u64; DIGITS];
        d[0] = 1;
        // The colour and float digits count only the bracket's own pairs
        // and floaters (their numbers are fixed by C.5 and C.7 above), so
        // their radices follow the bracket's size, not the round's.
        let touches = |v: Vert| matches!(v, Vert::Player(i) if self.in_bracket[i].is_some());
        if touches(a) || touches(b) {
            d[8..12].copy_from_slice(&[1, 1, 1, 1]);
        }
        let mut tail = I256::ZERO;
        match (a, b) {
            (Vert::Bye, Vert::Player(i)) | (Vert::Player(i), Vert::Bye) => {
                if !self.cards[i].bye_ok {
                    return Ok(None);
                }
                if let Some(pos) = self.in_bracket[i] {
                    self.floater(i, pos, &mut d, &mut tail);
                }
            }
            (Vert::Player(i), Vert::Player(j)) => {
                let (ci, cj) = (&self.cards[i], &self.cards[j]);
                if !compatible(ci, cj) {
                    return Ok(None);
                }
                let (i, j) = if i < j { (i, j) } else { (j, i) };
                match (self.in_bracket[i], self.in_bracket[j]) {
                    (Some(pa), Some(pb)) => {
                        self.inside(i, j, pa, pb, &mut d);
                        if let Some(o) = &self.order {
                            tail = o.pair(pa.min(pb), pa.max(pb));
                        }
                    }
                    // Bracket players come first in the A.2 order, so a
                    // bracket player paired below is always `i`.
                    (Some(pa), None) | (None, Some(pa)) => {
                        // i floats down out of the bracket.
                        if self.next_score == Some(self.cards[j].score) {
                            d[3] = 1;
                        }
                        self.floater(i, pa, &mut d, &mut tail);
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
        if let Some(o) = &self.order {
            w = w.shifted(o.bits).ok_or(PairingError::TooLarge)? + tail;
        }
        Ok(Some(w))
    }

    /// The digits of bracket player `i` (place `pos`) left unpaired in the
    /// bracket: a downfloat (C.12, C.14) with its score difference against
    /// one point below the bracket (C.16, C.18), and the candidate order.
    fn floater(&self, i: usize, pos: usize, d: &mut [u64; DIGITS], tail: &mut I256) {
        let sd = (self.cards[i].score - self.gscore + self.win) / self.unit;
        self.floats(i, Float::Down, u64::from(sd), d);
        match &self.order {
            Some(o) => *tail = o.floater(pos),
            None => d[17] = pos as u64,
        }
    }

    /// The digits of a pair inside the bracket.
    fn inside(&self, i: usize, j: usize, pa: usize, pb: usize, d: &mut [u64; DIGITS]) {
        let (ci, cj) = (&self.cards[i], &self.cards[j]);
        d[1] = 1;
        d[4..8].copy_from_slice(&[2, 2, 2, 2]);
        d[2] = self.level_base.pow(self.level[i]) + self.level_base.pow(self.level[j]);
        let i_white = a_gets_white(ci, cj, self.initial);
        let colour_of = |white: bool| if white { Colour::White } else { Colour::Black };
        let got = [(ci, colour_of(i_white)), (cj, colour_of(!i_white))];
        let top = ci.topscorer || cj.topscorer;
        let mut c = [0u64; 4];
        for (card, col) in got {
            let diff = card.diff + if col == Colour::White { 1 } else { -1 };
            if top && diff.abs() > 2 {
                c[0] += 1;
            }
            let n = card.colours.len();
            if top && n >= 2 && card.colours[n - 1] == col && card.colours[n - 2] == col {
                c[1] += 1;
            }
            if card.strength != Strength::None && card.prefers != col {
                c[2] += 1;
                if card.strength >= Strength::Strong {
                    c[3] += 1;
                }
            }
        }
        for k in 0..4 {
            d[4 + k] = 2 - c[k];
        }
        if ci.score != cj.score {
            // i is the higher (the cards are in A.2 order): a downfloat
            // for i, an upfloat for j.
            let sd = u64::from((ci.score - cj.score) / self.unit);
            self.floats(i, Float::Down, sd, d);
            self.floats(j, Float::Up, sd, d);
        }
        if self.order.is_none() {
            let order = distance_order(self.mdps, self.residents, pa, pb);
            // The moved-down players' partners first (the outer loop of
            // the candidates), the remainder's pairs after the floaters.
            if pa < self.mdps {
                d[16] = order;
            } else {
                d[18] = order;
            }
        }
    }

    /// Lowers the float digits for `i` receiving `f` again: C.12–C.15
    /// count the repeated floats, C.16–C.19 their score differences `sd`.
    fn floats(&self, i: usize, f: Float, sd: u64, d: &mut [u64; DIGITS]) {
        let c = &self.cards[i];
        let (prev, before) = match f {
            Float::Down => (8, 10),
            Float::Up => (9, 11),
        };
        let sd_digit = self.max_sd.saturating_sub(sd);
        if c.floats[0] == Some(f) {
            d[prev] = 0;
            d[prev + 4] = sd_digit;
        }
        if c.floats[1] == Some(f) {
            d[before] = 0;
            d[before + 4] = sd_digit;
        }
    }
}
