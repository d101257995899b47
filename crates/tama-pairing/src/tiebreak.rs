//! The tie-breaks of FIDE's regulations (C.07, 2023): Buchholz and its
//! cuts, Sonneborn–Berger, direct encounter, wins, progressive score,
//! average rating of the opponents — with the unplayed-rounds rules of
//! article 16 as implemented here: a player's own unplayed round (a bye,
//! a forfeit, an absence) counts as a game against a dummy opponent with
//! the player's own points; an opponent's score is adjusted by counting
//! each of the opponent's unplayed rounds as a draw; the cuts remove the
//! lowest contributions.
//!
//! Values are in tenths of a point, except Sonneborn–Berger in
//! hundredths (a score times a fraction of a win), ARO (a rating) and
//! WIN/WON (counts).

use std::collections::HashMap;
use std::str::FromStr;

use crate::model::{Player, Points};

/// A tie-break of C.07.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// `BH`: Buchholz, the sum of the opponents' adjusted scores.
    Buchholz,
    /// `BH-C1`: Buchholz less the lowest contribution.
    BuchholzCut1,
    /// `BH-C2`: Buchholz less the two lowest.
    BuchholzCut2,
    /// `BH-M1`: median Buchholz, less the highest and the lowest.
    BuchholzMedian1,
    /// `SB`: Sonneborn–Berger, each opponent's adjusted score times the
    /// fraction of a win scored against him (hundredths of a point).
    SonnebornBerger,
    /// `DE`: direct encounter among the players still tied.
    DirectEncounter,
    /// `WIN`: rounds scored as a win, played or not.
    Wins,
    /// `WON`: games won over the board.
    GamesWon,
    /// `PS`: progressive score, the sum of the running scores.
    Progressive,
    /// `ARO`: average rating of the opponents met over the board.
    AverageRatingOfOpponents,
}

impl TieBreak {
    /// The code of C.07 (`BH-C1`, `SB`, …).
    pub fn code(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::BuchholzCut2 => "BH-C2",
            TieBreak::BuchholzMedian1 => "BH-M1",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
            TieBreak::GamesWon => "WON",
            TieBreak::Progressive => "PS",
            TieBreak::AverageRatingOfOpponents => "ARO",
        }
    }

    /// TÜDAF's order (2021 rules): Buchholz cut-1, cut-2, Sonneborn–Berger.
    pub const TUDAF: [TieBreak; 3] = [
        TieBreak::BuchholzCut1,
        TieBreak::BuchholzCut2,
        TieBreak::SonnebornBerger,
    ];
}

impl FromStr for TieBreak {
    type Err = String;
    fn from_str(s: &str) -> Result<TieBreak, String> {
        Ok(match s.to_ascii_uppercase().as_str() {
            "BH" => TieBreak::Buchholz,
            "BH-C1" | "BHC1" => TieBreak::BuchholzCut1,
            "BH-C2" | "BHC2" => TieBreak::BuchholzCut2,
            "BH-M1" | "BHM1" => TieBreak::BuchholzMedian1,
            "SB" => TieBreak::SonnebornBerger,
            "DE" => TieBreak::DirectEncounter,
            "WIN" => TieBreak::Wins,
            "WON" => TieBreak::GamesWon,
            "PS" => TieBreak::Progressive,
            "ARO" => TieBreak::AverageRatingOfOpponents,
            other => {
                return Err(format!(
                "unknown tie-break `{other}` (BH, BH-C1, BH-C2, BH-M1, SB, DE, WIN, WON, PS, ARO)"
            ))
            }
        })
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The pairing number.
    pub number: u32,
    /// The rank (equal for players tied on everything).
    pub rank: u32,
    /// Points, tenths.
    pub points: u32,
    /// The tie-breaks' values, in the order asked.
    pub values: Vec<i64>,
}

struct Ctx<'a> {
    players: &'a [Player],
    points: &'a Points,
    rounds: usize,
    by_number: HashMap<u32, usize>,
}

impl Ctx<'_> {
    fn score(&self, i: usize) -> i64 {
        self.players[i].score_after(self.rounds, self.points) as i64
    }

    /// The score with every unplayed round counted as a draw.
    fn adjusted(&self, i: usize) -> i64 {
        let p = &self.players[i];
        (0..self.rounds)
            .map(|r| match p.rounds.get(r) {
                Some(e) if e.played() => self.points.of(e.outcome) as i64,
                _ => self.points.draw as i64,
            })
            .sum()
    }

    /// Each round's (opponent's value, points scored) for BH and SB.
    fn contributions(&self, i: usize) -> Vec<(i64, i64)> {
        let p = &self.players[i];
        let own = self.score(i);
        (0..self.rounds)
            .map(|r| match p.rounds.get(r) {
                Some(e) if e.played() => {
                    let opp = e.opponent.and_then(|o| self.by_number.get(&o)).copied();
                    let v = opp.map_or(own, |o| self.adjusted(o));
                    (v, self.points.of(e.outcome) as i64)
                }
                Some(e) => (own, self.points.of(e.outcome) as i64),
                None => (own, 0),
            })
            .collect()
    }

    fn value(&self, i: usize, tb: TieBreak) -> i64 {
        let p = &self.players[i];
        let mut bh: Vec<i64> = self.contributions(i).iter().map(|c| c.0).collect();
        bh.sort_unstable();
        let sum = |v: &[i64]| v.iter().sum::<i64>();
        match tb {
            TieBreak::Buchholz => sum(&bh),
            TieBreak::BuchholzCut1 => sum(bh.get(1..).unwrap_or(&[])),
            TieBreak::BuchholzCut2 => sum(bh.get(2..).unwrap_or(&[])),
            TieBreak::BuchholzMedian1 => {
                if bh.len() <= 2 {
                    0
                } else {
                    sum(&bh[1..bh.len() - 1])
                }
            }
            TieBreak::SonnebornBerger => self
                .contributions(i)
                .iter()
                .map(|&(v, pts)| v * pts * 10 / self.points.win.max(1) as i64)
                .sum(),
            TieBreak::Wins => p
                .rounds
                .iter()
                .take(self.rounds)
                .filter(|e| self.points.of(e.outcome) == self.points.win && self.points.win > 0)
                .count() as i64,
            TieBreak::GamesWon => p
                .rounds
                .iter()
                .take(self.rounds)
                .filter(|e| {
                    e.played()
                        && matches!(e.outcome, crate::Outcome::Win | crate::Outcome::UnratedWin)
                })
                .count() as i64,
            TieBreak::Progressive => (1..=self.rounds)
                .map(|r| p.score_after(r, self.points) as i64)
                .sum(),
            TieBreak::AverageRatingOfOpponents => {
                let ratings: Vec<i64> = p
                    .rounds
                    .iter()
                    .take(self.rounds)
                    .filter(|e| e.played())
                    .filter_map(|e| e.opponent.and_then(|o| self.by_number.get(&o)))
                    .map(|&o| self.players[o].rating as i64)
                    .filter(|&r| r > 0)
                    .collect();
                if ratings.is_empty() {
                    0
                } else {
                    (2 * sum(&ratings) + ratings.len() as i64) / (2 * ratings.len() as i64)
                }
            }
            // Needs the ties: computed in `standings`.
            TieBreak::DirectEncounter => 0,
        }
    }

    /// Direct encounter within one group of tied players: the points
    /// each scored against the others, when every pair of them met;
    /// otherwise 0 for all (the tie-break does not apply).
    fn direct(&self, group: &[usize]) -> Vec<i64> {
        let numbers: Vec<u32> = group.iter().map(|&i| self.players[i].number).collect();
        let mut met = 0;
        let vals: Vec<i64> = group
            .iter()
            .map(|&i| {
                self.players[i]
                    .rounds
                    .iter()
                    .take(self.rounds)
                    .filter(|e| e.played() && e.opponent.is_some_and(|o| numbers.contains(&o)))
                    .map(|e| {
                        met += 1;
                        self.points.of(e.outcome) as i64
                    })
                    .sum()
            })
            .collect();
        let pairs = group.len() * (group.len() - 1);
        if group.len() > 1 && met >= pairs {
            vals
        } else {
            vec![0; group.len()]
        }
    }
}

/// The standings after `rounds` rounds: players by points, then by each
/// tie-break of `order` in turn, best first.
pub fn standings(
    players: &[Player],
    points: &Points,
    rounds: usize,
    order: &[TieBreak],
) -> Vec<Standing> {
    let ctx = Ctx {
        players,
        points,
        rounds,
        by_number: players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.number, i))
            .collect(),
    };
    let mut rows: Vec<(usize, Vec<i64>)> = (0..players.len())
        .map(|i| (i, vec![ctx.score(i)]))
        .collect();
    for &tb in order {
        if tb == TieBreak::DirectEncounter {
            let mut groups: HashMap<Vec<i64>, Vec<usize>> = HashMap::new();
            for (k, (_, key)) in rows.iter().enumerate() {
                groups.entry(key.clone()).or_default().push(k);
            }
            let mut de = vec![0; rows.len()];
            for ks in groups.values() {
                let idx: Vec<usize> = ks.iter().map(|&k| rows[k].0).collect();
                for (&k, v) in ks.iter().zip(ctx.direct(&idx)) {
                    de[k] = v;
                }
            }
            for (row, v) in rows.iter_mut().zip(de) {
                row.1.push(v);
            }
        } else {
            for row in rows.iter_mut() {
                row.1.push(ctx.value(row.0, tb));
            }
        }
    }
    rows.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then(players[a.0].number.cmp(&players[b.0].number))
    });
    let mut out: Vec<Standing> = Vec::with_capacity(rows.len());
    for (k, (i, key)) in rows.iter().enumerate() {
        let rank = match out.last() {
            Some(prev) if k > 0 && rows[k - 1].1 == *key => prev.rank,
            _ => k as u32 + 1,
        };
        out.push(Standing {
            number: players[*i].number,
            rank,
            points: key[0] as u32,
            values: key[1..].to_vec(),
        });
    }
    out
}
