//! What the Dutch rules read from a player's past rounds: the score, the
//! colour history and preference (article A.6), the floats (A.4), the
//! opponents met (C.1), whether a bye is still allowed (C.2), topscorers
//! (A.7), and Baku acceleration's virtual points.

use std::collections::HashSet;

use crate::model::{Colour, Outcome, Points, RoundEntry};

/// One player as the pairing of the next round sees him.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The pairing number.
    pub number: u32,
    /// The rating (for the tie-breaks and the reports; pairing uses the
    /// number).
    pub rating: u32,
    /// The rounds before the one to pair (index 0 is round 1).
    pub rounds: Vec<RoundEntry>,
    /// Whether he is to be paired this round (false: a requested bye, an
    /// absence, a withdrawal).
    pub available: bool,
}

/// The next round to pair: everything the Dutch rules need, and nothing
/// else (pure data, so a server can drive it as well as a file).
#[derive(Clone, Debug, PartialEq)]
pub struct SwissInput {
    /// Every registered player, paired or not this round.
    pub players: Vec<Entrant>,
    /// The point system.
    pub points: Points,
    /// The round to pair (1 for the first).
    pub round: u32,
    /// The rounds of the whole event (for the topscorers of the last
    /// round, A.7, and for acceleration).
    pub total_rounds: u32,
    /// The colour of the higher-ranked player of round 1's first board
    /// (drawn by lot; `XXC white1` / `black1` in TRF(x)).
    pub initial_colour: Colour,
    /// Baku acceleration (C.04.5.1): virtual points for the top half.
    pub baku: bool,
}

/// How strong a colour preference is (A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No game played yet.
    None,
    /// Colour difference 0: alternate.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour twice running.
    Absolute,
}

/// A float a player received in a round (A.4.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// Played a lower score, or did not play.
    Down,
    /// Played a higher score.
    Up,
}

/// The derived pairing card of one available player.
#[derive(Clone, Debug)]
pub struct Card {
    /// The pairing number.
    pub number: u32,
    /// The score for pairing (with virtual points), tenths.
    pub score: u32,
    /// The real score, tenths.
    pub real_score: u32,
    /// Colours of the games played, oldest first.
    pub colours: Vec<Colour>,
    /// White games minus black games.
    pub diff: i32,
    /// The preference's strength.
    pub strength: Strength,
    /// The preferred colour (meaningless with [`Strength::None`]).
    pub prefers: Colour,
    /// Opponents met over the board.
    pub met: HashSet<u32>,
    /// Whether the pairing-allocated bye is allowed (C.2).
    pub bye_ok: bool,
    /// The floats of the previous round and of the one before.
    pub floats: [Option<Float>; 2],
    /// A topscorer (A.7; only in the last round).
    pub topscorer: bool,
    /// The effective pairing number (1-based): the place by pairing
    /// number among the players who are paired this round or took part
    /// in an earlier round's pairing, so a late entry not yet playing
    /// does not shift the others (A.2.b); E.5 reads its parity.
    pub effective_number: u32,
}

impl Card {
    /// The colour preference as (strength, colour), `None` without one.
    pub fn preference(&self) -> Option<(Strength, Colour)> {
        (self.strength != Strength::None).then_some((self.strength, self.prefers))
    }
}

/// Baku acceleration's virtual points (tenths) for a player of pairing
/// number `number` among `n` in round `round` of `total`: group A is the
/// first 2·⌈n/4⌉ numbers; in the first ⌈total/2⌉ rounds group A gets a
/// win's points in the first ⌈half/2⌉ of them and half a win after.
pub fn baku_points(number: u32, n: u32, round: u32, total: u32, win: u32) -> u32 {
    let group_a = 2 * n.div_ceil(4);
    let accelerated = total.div_ceil(2);
    let full = accelerated.div_ceil(2);
    if number > group_a || round > accelerated {
        0
    } else if round <= full {
        win
    } else {
        win / 2
    }
}

/// The cards of the available players, in the pairing order of A.2
/// (score descending, then pairing number).
pub fn cards(input: &SwissInput) -> Vec<Card> {
    let past = input.round.saturating_sub(1) as usize;
    let n = input.players.len() as u32;
    // Scores before each past round, by number, for the floats.
    let score_before = |p: &Entrant, r: usize| {
        p.rounds
            .iter()
            .take(r)
            .map(|e| input.points.of(e.outcome))
            .sum::<u32>()
    };
    let by_number: std::collections::HashMap<u32, &Entrant> =
        input.players.iter().map(|p| (p.number, p)).collect();
    let mut sorted: Vec<&Entrant> = input.players.iter().collect();
    sorted.sort_by_key(|p| p.number);
    let mut effective = std::collections::HashMap::new();
    let mut next = 0;
    for p in sorted {
        let took_part = p
            .rounds
            .iter()
            .take(past)
            .any(|e| e.opponent.is_some() || e.outcome == Outcome::PairingBye);
        if p.available || took_part {
            next += 1;
            effective.insert(p.number, next);
        }
    }
    let mut out: Vec<Card> = input
        .players
        .iter()
        .filter(|p| p.available)
        .map(|p| {
            let real_score = score_before(p, past);
            let virt = if input.baku {
                baku_points(
                    p.number,
                    n,
                    input.round,
                    input.total_rounds,
                    input.points.win,
                )
            } else {
                0
            };
            let colours: Vec<Colour> = p
                .rounds
                .iter()
                .take(past)
                .filter(|e| e.played())
                .filter_map(|e| e.colour)
                .collect();
            let diff = colours
                .iter()
                .map(|c| if *c == Colour::White { 1 } else { -1 })
                .sum::<i32>();
            let last_two =
                colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
            let (strength, prefers) = match colours.last() {
                None => (Strength::None, Colour::White),
                Some(&last) => {
                    if diff < -1 {
                        (Strength::Absolute, Colour::White)
                    } else if diff > 1 {
                        (Strength::Absolute, Colour::Black)
                    } else if last_two {
                        (Strength::Absolute, last.opposite())
                    } else if diff == 1 {
                        (Strength::Strong, Colour::Black)
                    } else if diff == -1 {
                        (Strength::Strong, Colour::White)
                    } else {
                        (Strength::Mild, last.opposite())
                    }
                }
            };
            let met = p
                .rounds
                .iter()
                .take(past)
                .filter(|e| e.played())
                .filter_map(|e| e.opponent)
                .collect();
            let bye_ok = !p
                .rounds
                .iter()
                .take(past)
                .any(|e| matches!(e.outcome, Outcome::PairingBye | Outcome::ForfeitWin));
            let float_of = |r: usize| -> Option<Float> {
                let e = p.rounds.get(r)?;
                if !e.played() {
                    // 2025 rules, 1.4.3: scoring without playing more
                    // than a loss's points is a downfloat; an absence or
                    // a forfeit loss is no float at all.
                    let scored = input.points.of(e.outcome);
                    return (scored > input.points.loss).then_some(Float::Down);
                }
                let opp = by_number.get(&e.opponent?)?;
                let (mine, theirs) = (score_before(p, r), score_before(opp, r));
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Some(Float::Down),
                    std::cmp::Ordering::Less => Some(Float::Up),
                    std::cmp::Ordering::Equal => None,
                }
            };
            let floats = [
                past.checked_sub(1).and_then(float_of),
                past.checked_sub(2).and_then(float_of),
            ];
            let topscorer = input.round == input.total_rounds
                && input.round > 1
                && 2 * real_score > past as u32 * input.points.win;
            Card {
                number: p.number,
                score: real_score + virt,
                real_score,
                colours,
                diff,
                strength,
                prefers,
                met,
                bye_ok,
                floats,
                topscorer,
                effective_number: effective.get(&p.number).copied().unwrap_or(p.number),
            }
        })
        .collect();
    out.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    out
}

/// Whether two cards may meet: C.1 (not twice) and C.3 (non-topscorers
/// with the same absolute colour preference do not meet).
pub fn compatible(a: &Card, b: &Card) -> bool {
    if a.met.contains(&b.number) || b.met.contains(&a.number) || a.number == b.number {
        return false;
    }
    let absolute_clash = a.strength == Strength::Absolute
        && b.strength == Strength::Absolute
        && a.prefers == b.prefers;
    !(absolute_clash && !a.topscorer && !b.topscorer)
}

/// The colour allocation rules E.1–E.5 for the pair (`a` ranked above `b`
/// in the A.2 order): whether `a` gets white.
pub fn a_gets_white(a: &Card, b: &Card, initial: Colour) -> bool {
    match (a.preference(), b.preference()) {
        // E.1: both preferences granted.
        (Some((_, ca)), Some((_, cb))) if ca != cb => return ca == Colour::White,
        (Some((_, ca)), None) => return ca == Colour::White,
        (None, Some((_, cb))) => return cb == Colour::Black,
        (Some((sa, ca)), Some((sb, _))) => {
            // E.2: the stronger preference; both absolute: the wider
            // colour difference.
            if sa != sb {
                return if sa > sb {
                    ca == Colour::White
                } else {
                    ca != Colour::White
                };
            }
            if sa == Strength::Absolute && a.diff.abs() != b.diff.abs() {
                return if a.diff.abs() > b.diff.abs() {
                    ca == Colour::White
                } else {
                    ca != Colour::White
                };
            }
        }
        (None, None) => {}
    }
    // E.3: alternate from the latest round in which they had different
    // colours (histories aligned on their latest games).
    let (ha, hb) = (&a.colours, &b.colours);
    for k in 1..=ha.len().min(hb.len()) {
        let (x, y) = (ha[ha.len() - k], hb[hb.len() - k]);
        if x != y {
            return x == Colour::Black;
        }
    }
    // E.4: the higher-ranked player's preference.
    if let Some((_, ca)) = a.preference() {
        return ca == Colour::White;
    }
    // E.5: the initial colour to an odd (effective) pairing number.
    let odd = a.effective_number % 2 == 1;
    (initial == Colour::White) == odd
}
