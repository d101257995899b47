//! Test positions picked from the tables: wins for the side to move with
//! exactly one winning move, no capture at the root, and the win a few
//! moves deep. The tables' values make the answer exact, so the positions
//! need no engine or training data; half of them (as far as they turn up)
//! are won by a sacrifice: the one winning move lets the opponent capture.
//!
//! `tama tactics` prints them as the lines of `tests/data/tactics.txt`.

use tama_core::{Bitboard, Color, Move, Position, Setup};

use crate::{Error, Material, TableKind, Tablebase, Wdl};

/// What [`pick_tactics`] looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TacticsSearch {
    /// Positions wanted.
    pub count: usize,
    /// The least distance to the win, in plies.
    pub min_plies: u32,
    /// The greatest distance to the win, in plies.
    pub max_plies: u32,
    /// Seed of the random placements: the same seed and tables give the
    /// same positions.
    pub seed: u64,
    /// Random placements to try at most before giving up.
    pub max_tries: u64,
    /// Keep at most half of the positions won by a sacrifice and the rest
    /// not (the test suite's mix); without it every position found is
    /// kept, in the order found (puzzles, which want many).
    pub balance_sacrifices: bool,
}

impl Default for TacticsSearch {
    /// 40 positions won in 7 to 11 plies, seed 1, at most 50 million
    /// tries, half of them won by a sacrifice as far as they turn up.
    fn default() -> TacticsSearch {
        TacticsSearch {
            count: 40,
            min_plies: 7,
            max_plies: 11,
            seed: 1,
            max_tries: 50_000_000,
            balance_sacrifices: true,
        }
    }
}

/// One position with its only winning move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tactic {
    /// The position (no capture to make; at least three legal moves).
    pub position: Position,
    /// The only move that keeps the win.
    pub winning_move: Move,
    /// The material, seen from the side to move.
    pub material: Material,
    /// Plies to the win.
    pub plies: u32,
    /// The winning move lets the opponent capture.
    pub sacrifice: bool,
}

/// What [`pick_tactics`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactics {
    /// The positions, those won by a sacrifice first; fewer than asked
    /// when the tries ran out or no table has four or more pieces.
    pub found: Vec<Tactic>,
    /// The random placements tried.
    pub tried: u64,
}

/// xorshift64 (shifts 13, 7, 17): the random placements, with a seed that
/// keeps the positions of `tests/data/tactics.txt` reproducible.
struct XorShift64(u64);

impl XorShift64 {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Positions of the tables of four or more pieces with one winning move
/// (see the module documentation), from random placements: at most
/// `search.count`, of which at most half won by a sacrifice and the rest
/// not.
///
/// # Errors
///
/// A table that cannot be read.
pub fn pick_tactics(tb: &Tablebase, search: &TacticsSearch) -> Result<Tactics, Error> {
    let rules = *tb.rules();
    let materials: Vec<Material> = tb
        .materials()
        .filter(|m| m.pieces() >= 4 && m.us_kings + m.us_men > 0 && m.them_kings + m.them_men > 0)
        .collect();
    let want = search.count;
    let (mut sacrifices, mut others) = (Vec::new(), Vec::new());
    let mut tried = 0u64;
    if materials.is_empty() {
        return Ok(Tactics {
            found: others,
            tried,
        });
    }
    let mut rng = XorShift64(search.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    while sacrifices.len() + others.len().min(want - want / 2) < want && tried < search.max_tries {
        tried += 1;
        let material = materials[rng.below(materials.len() as u64) as usize];
        let turn = if rng.next() & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Some(position) = place(material, turn, &mut rng) else {
            continue;
        };
        if position.has_capture() {
            continue;
        }
        let Some(answer) = tb.probe(&position)? else {
            continue;
        };
        // Only a distance table says how far the win is.
        if answer.wdl != Wdl::Win || answer.kind != TableKind::Distance {
            continue;
        }
        let plies = answer.distance;
        if plies < search.min_plies || plies > search.max_plies {
            continue;
        }
        let moves = position.legal_moves(&rules);
        if moves.len() < 3 {
            continue;
        }
        let winning = winning_moves(tb, &position)?;
        let [winning_move] = winning[..] else {
            continue;
        };
        let sacrifice = position.play_unchecked(&winning_move).has_capture();
        let tactic = Tactic {
            position,
            winning_move,
            material,
            plies,
            sacrifice,
        };
        if !search.balance_sacrifices {
            others.push(tactic);
            if others.len() >= want {
                break;
            }
        } else if sacrifice && sacrifices.len() < want / 2 {
            sacrifices.push(tactic);
        } else if !sacrifice {
            others.push(tactic);
        }
    }
    others.truncate(want.saturating_sub(sacrifices.len()));
    sacrifices.extend(others);
    Ok(Tactics {
        found: sacrifices,
        tried,
    })
}

/// The legal moves of `pos` that win: those after which the tables call
/// the position lost for the opponent, in the move generator's order
/// (empty when none does, or the tables do not cover the position).
/// Puzzles (`tama-puzzle`) build their solutions with it.
///
/// # Errors
///
/// A table that cannot be read.
pub fn winning_moves(tb: &Tablebase, pos: &Position) -> Result<Vec<Move>, Error> {
    let mut winning = Vec::new();
    for mv in pos.legal_moves(tb.rules()).iter() {
        if tb.probe_wdl(&pos.play_unchecked(mv))? == Some(Wdl::Loss) {
            winning.push(*mv);
        }
    }
    Ok(winning)
}

/// A random placement of `m` (seen from `turn`); men off the first and
/// last ranks. `None` when the placement is not a valid position.
fn place(m: Material, turn: Color, rng: &mut XorShift64) -> Option<Position> {
    let mut s = Setup::empty(turn);
    let groups = [
        (turn, false, m.us_men),
        (turn, true, m.us_kings),
        (turn.opponent(), false, m.them_men),
        (turn.opponent(), true, m.them_kings),
    ];
    for (colour, king, n) in groups {
        for _ in 0..n {
            let sq = loop {
                let sq = rng.below(64) as u32;
                let taken = (s.white | s.black).0 & (1 << sq) != 0;
                if !taken && (king || (8..56).contains(&sq)) {
                    break sq;
                }
            };
            let bit = Bitboard(1 << sq);
            match colour {
                Color::White => s.white |= bit,
                Color::Black => s.black |= bit,
            }
            if king {
                s.kings |= bit;
            }
        }
    }
    Position::from_setup(s).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{generate, GenOptions, Plan};
    use tama_core::Rules;

    #[test]
    fn picks_only_positions_with_one_winning_move() {
        let rules = Rules::ARMENIAN;
        let tmp = tempfile::tempdir().unwrap();
        let opts = GenOptions {
            threads: 2,
            ..GenOptions::default()
        };
        generate(tmp.path(), &rules, &Plan::new(3), None, &opts).unwrap();
        let search = TacticsSearch {
            count: 6,
            min_plies: 1,
            max_plies: 99,
            max_tries: 200_000,
            ..TacticsSearch::default()
        };
        // Three pieces at most: nothing to pick from, nothing tried.
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let none = pick_tactics(&tb, &search).unwrap();
        assert_eq!((none.found.len(), none.tried), (0, 0));

        let only = ["KKvKK".parse().unwrap()];
        generate(tmp.path(), &rules, &Plan::new(4), Some(&only), &opts).unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let picked = pick_tactics(&tb, &search).unwrap();
        assert!(!picked.found.is_empty() && picked.found.len() <= 6);
        assert_eq!(picked, pick_tactics(&tb, &search).unwrap(), "seeded");
        let sacrifices = picked.found.iter().filter(|t| t.sacrifice).count();
        assert!(sacrifices <= 3);
        // Sacrifices first.
        assert!(picked.found[..sacrifices].iter().all(|t| t.sacrifice));
        for t in &picked.found {
            let pos = t.position;
            assert!(!pos.has_capture());
            let moves = pos.legal_moves(&rules);
            assert!(moves.len() >= 3);
            let winning: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| tb.probe_wdl(&pos.play_unchecked(m)).unwrap() == Some(Wdl::Loss))
                .collect();
            assert_eq!(winning, [t.winning_move]);
            let answer = tb.probe(&pos).unwrap().unwrap();
            assert_eq!((answer.wdl, answer.distance), (Wdl::Win, t.plies));
            assert_eq!(
                pos.play_unchecked(&t.winning_move).has_capture(),
                t.sacrifice
            );
        }
    }
}
