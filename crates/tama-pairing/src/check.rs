//! A checker of a round's pairing against the Dutch rules: the absolute
//! criteria (every available player paired once, C.1–C.3, the colour
//! rules E.1–E.5) and the measures of the quality criteria, bracket by
//! bracket (C.5–C.15), so that two pairings of one round can be compared
//! in the rules' order.

use std::collections::HashMap;

use crate::dutch::RoundPairing;
use crate::model::Colour;
use crate::state::{a_gets_white, cards, compatible, Card, Float, Strength, SwissInput};

/// The absolute criteria a pairing breaks, one line each (empty when it
/// breaks none).
pub fn absolute_violations(input: &SwissInput, pairing: &RoundPairing) -> Vec<String> {
    let cards = cards(input);
    let index: HashMap<u32, usize> = cards
        .iter()
        .enumerate()
        .map(|(i, c)| (c.number, i))
        .collect();
    let mut seen = vec![0u32; cards.len()];
    let mut out = Vec::new();
    let mut place = |n: u32, out: &mut Vec<String>| match index.get(&n) {
        Some(&i) => {
            seen[i] += 1;
            Some(i)
        }
        None => {
            out.push(format!("player {n} is paired but not available"));
            None
        }
    };
    for &(w, b) in &pairing.pairs {
        let (Some(i), Some(j)) = (place(w, &mut out), place(b, &mut out)) else {
            continue;
        };
        let (ci, cj) = (&cards[i], &cards[j]);
        if ci.met.contains(&b) {
            out.push(format!("C.1: {w} and {b} have met before"));
        } else if !compatible(ci, cj) {
            out.push(format!(
                "C.3: {w} and {b} have the same absolute colour preference"
            ));
        }
        let (hi, lo) = if i < j { (ci, cj) } else { (cj, ci) };
        let hi_white = a_gets_white(hi, lo, input.initial_colour);
        if (hi.number == w) != hi_white {
            out.push(format!("E: the colours of {w}-{b} are the other way round"));
        }
    }
    if let Some(b) = pairing.bye {
        if let Some(i) = place(b, &mut out) {
            if !cards[i].bye_ok {
                out.push(format!("C.2: {b} has had the bye or a forfeit win already"));
            }
        }
    }
    if cards.len().is_multiple_of(2) && pairing.bye.is_some() {
        out.push("a bye with an even number of players".into());
    }
    for (i, &s) in seen.iter().enumerate() {
        if s != 1 {
            out.push(format!("player {} is paired {s} times", cards[i].number));
        }
    }
    out
}

/// The quality of a pairing, bracket by bracket from the top, as numbers
/// to minimise in this order (a lexicographically smaller key is better
/// by the rules): for each scoregroup, the downfloaters (C.5), their
/// scores in descending order, negated for the "minimise" reading (C.6),
/// the next bracket's downfloaters (C.7), then the counts of C.8–C.15
/// among the pairs made in the bracket.
pub fn quality_key(input: &SwissInput, pairing: &RoundPairing) -> Vec<Vec<i64>> {
    let cards = cards(input);
    let index: HashMap<u32, usize> = cards
        .iter()
        .enumerate()
        .map(|(i, c)| (c.number, i))
        .collect();
    let mut groups: Vec<u32> = cards.iter().map(|c| c.score).collect();
    groups.dedup();
    let g_of = |c: &Card| groups.iter().position(|&s| s == c.score).unwrap_or(0);
    let ng = groups.len();
    let mut down: Vec<Vec<i64>> = vec![Vec::new(); ng];
    let mut counts = vec![[0i64; 8]; ng];
    for &(w, b) in &pairing.pairs {
        let (Some(&i), Some(&j)) = (index.get(&w), index.get(&b)) else {
            continue;
        };
        let (hi, lo) = if i < j { (i, j) } else { (j, i) };
        let (ch, cl) = (&cards[hi], &cards[lo]);
        let (gh, gl) = (g_of(ch), g_of(cl));
        for d in down.iter_mut().take(gl).skip(gh) {
            d.push(ch.score as i64);
        }
        let c = &mut counts[gl];
        let top = ch.topscorer || cl.topscorer;
        for (card, col) in [(&cards[i], Colour::White), (&cards[j], Colour::Black)] {
            let n = card.colours.len();
            let diff = card.diff + if col == Colour::White { 1 } else { -1 };
            c[0] += (top && diff.abs() > 2) as i64;
            c[1] +=
                (top && n >= 2 && card.colours[n - 1] == col && card.colours[n - 2] == col) as i64;
            if card.strength != Strength::None && card.prefers != col {
                c[2] += 1;
                c[3] += (card.strength >= Strength::Strong) as i64;
            }
        }
        if ch.score != cl.score {
            counts[gh][4] += (ch.floats[0] == Some(Float::Down)) as i64;
            counts[gl][5] += (cl.floats[0] == Some(Float::Up)) as i64;
            counts[gh][6] += (ch.floats[1] == Some(Float::Down)) as i64;
            counts[gl][7] += (cl.floats[1] == Some(Float::Up)) as i64;
        }
    }
    if let Some(&i) = pairing.bye.and_then(|b| index.get(&b)) {
        let g = g_of(&cards[i]);
        for d in down.iter_mut().skip(g) {
            d.push(cards[i].score as i64);
        }
        counts[g][4] += (cards[i].floats[0] == Some(Float::Down)) as i64;
        counts[g][6] += (cards[i].floats[1] == Some(Float::Down)) as i64;
    }
    (0..ng)
        .map(|g| {
            let mut scores = down[g].clone();
            scores.sort_unstable_by(|a, b| b.cmp(a));
            let mut k = vec![down[g].len() as i64];
            k.extend(scores.iter().map(|s| -(*s)));
            k.push(down.get(g + 1).map_or(0, |d| d.len() as i64));
            k.extend(counts[g]);
            k
        })
        .collect()
}

/// Every pairing of the round that meets the absolute criteria (for
/// small rounds only: their number grows as (n − 1)!!). For tests and for
/// auditing a small event's round exhaustively.
pub fn all_legal_pairings(input: &SwissInput, limit: usize) -> Vec<RoundPairing> {
    let cards = cards(input);
    let n = cards.len();
    let mut out = Vec::new();
    let mut used = vec![false; n];
    let mut pairs = Vec::new();
    fn rec(
        cards: &[Card],
        used: &mut [bool],
        pairs: &mut Vec<(usize, usize)>,
        bye: Option<usize>,
        initial: Colour,
        out: &mut Vec<RoundPairing>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        let Some(i) = used.iter().position(|u| !u) else {
            out.push(RoundPairing {
                pairs: pairs
                    .iter()
                    .map(|&(a, b)| {
                        if a_gets_white(&cards[a], &cards[b], initial) {
                            (cards[a].number, cards[b].number)
                        } else {
                            (cards[b].number, cards[a].number)
                        }
                    })
                    .collect(),
                bye: bye.map(|b| cards[b].number),
            });
            return;
        };
        used[i] = true;
        let odd_left = used.iter().filter(|u| !**u).count() % 2 == 0;
        if bye.is_none() && odd_left && cards[i].bye_ok {
            rec(cards, used, pairs, Some(i), initial, out, limit);
        }
        for j in i + 1..cards.len() {
            if !used[j] && compatible(&cards[i], &cards[j]) {
                used[j] = true;
                pairs.push((i, j));
                rec(cards, used, pairs, bye, initial, out, limit);
                pairs.pop();
                used[j] = false;
            }
        }
        used[i] = false;
    }
    rec(
        &cards,
        &mut used,
        &mut pairs,
        None,
        input.initial_colour,
        &mut out,
        limit,
    );
    out
}
