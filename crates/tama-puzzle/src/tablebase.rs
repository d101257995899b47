//! Puzzles from the endgame tables (docs/PUZZLES.md, "From the tables"):
//! positions picked by `tama_egtb::tactics` (a win for the side to move,
//! exactly one winning move, no capture at the root, at least three legal
//! moves), with the solution computed from the tables:
//!
//! - each solver move is the only move after which the tables call the
//!   position lost for the opponent;
//! - each reply is the tables' best defence: the slowest loss (the first
//!   of [`Tablebase::rank_moves`], so ties go to the move generator's
//!   order);
//! - the line ends after a solver move when the opponent has no legal move
//!   left, when after the best defence more than one move wins (the win is
//!   decided and the way no longer unique), or after [`MAX_SOLVER_MOVES`].
//!
//! Everything here is exact: the tables decide, [`check`] checks.

use std::collections::HashSet;

use tama_core::{Move, Position};
use tama_egtb::tactics::{pick_tactics, winning_moves, TacticsSearch};
use tama_egtb::{Error, Tablebase};

use crate::difficulty::{engine, measure};
use crate::{theme, Puzzle, Source};

/// The most solver moves a solution holds.
pub const MAX_SOLVER_MOVES: usize = 10;

/// What [`generate`] looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Puzzles wanted.
    pub count: usize,
    /// The least distance to the win at the start, in plies.
    pub min_plies: u32,
    /// The greatest distance to the win at the start, in plies.
    pub max_plies: u32,
    /// Seed of the picker's random placements.
    pub seed: u64,
    /// Random placements to try at most.
    pub max_tries: u64,
}

impl Default for Settings {
    /// 1,000 puzzles won in 3 to 17 plies, seed 1, at most 200 million
    /// tries.
    fn default() -> Settings {
        Settings {
            count: 1000,
            min_plies: 3,
            max_plies: 17,
            seed: 1,
            max_tries: 200_000_000,
        }
    }
}

/// The solution from `start` (module documentation); `None` when `start`
/// has not exactly one winning move.
///
/// # Errors
///
/// A table that cannot be read.
pub fn solution(tb: &Tablebase, start: &Position) -> Result<Option<Vec<Move>>, Error> {
    let mut line = Vec::new();
    let mut pos = *start;
    let mut winning = winning_moves(tb, &pos)?;
    if winning.len() != 1 {
        return Ok(None);
    }
    loop {
        let mv = winning[0];
        line.push(mv);
        let after = pos.play_unchecked(&mv);
        if line.len().div_ceil(2) >= MAX_SOLVER_MOVES {
            break;
        }
        let Some(reply) = tb.rank_moves(&after)?.first().map(|r| r.mv) else {
            break;
        };
        let next = after.play_unchecked(&reply);
        winning = winning_moves(tb, &next)?;
        if winning.len() != 1 {
            break;
        }
        line.push(reply);
        pos = next;
    }
    Ok(Some(line))
}

/// What [`generate`] reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A band's positions are picked.
    Picked {
        /// The band's least distance.
        min_plies: u32,
        /// The band's greatest distance.
        max_plies: u32,
        /// Positions found.
        found: usize,
        /// Random placements tried.
        tried: u64,
    },
    /// A puzzle's solution and difficulty are done.
    Measured {
        /// Puzzles done.
        done: usize,
        /// Puzzles to do.
        total: usize,
    },
}

/// The distance bands the puzzles are picked in, a share of the count
/// each, so that long wins are not crowded out by the many short ones.
const BANDS: usize = 3;

/// `min..=max` cut into [`BANDS`] bands as even as the range allows.
fn bands(min: u32, max: u32) -> Vec<(u32, u32)> {
    let width = (max.saturating_sub(min) + 1).div_ceil(BANDS as u32).max(1);
    (0..BANDS as u32)
        .map(|k| (min + k * width, (min + (k + 1) * width - 1).min(max)))
        .filter(|(lo, hi)| lo <= hi)
        .collect()
}

/// Puzzles from the tables of `tb` (module documentation), picked in
/// three bands of the distance to the win, named
/// `{prefix}{n:04}` from 1, with their difficulty measured; `progress`
/// hears of each band picked and each puzzle measured. Fewer than asked when the
/// picker's tries run out. The same tables and settings give the same
/// puzzles.
///
/// # Errors
///
/// A table that cannot be read.
pub fn generate(
    tb: &Tablebase,
    settings: &Settings,
    prefix: &str,
    mut progress: impl FnMut(Progress),
) -> Result<Vec<Puzzle>, Error> {
    let rules = *tb.rules();
    let mut seen = HashSet::new();
    let mut tactics = Vec::new();
    for (k, (min_plies, max_plies)) in bands(settings.min_plies, settings.max_plies)
        .into_iter()
        .enumerate()
    {
        let count = settings.count / BANDS + usize::from(k < settings.count % BANDS);
        let picked = pick_tactics(
            tb,
            &TacticsSearch {
                count,
                min_plies,
                max_plies,
                seed: settings.seed.wrapping_add(k as u64),
                max_tries: settings.max_tries / BANDS as u64,
                balance_sacrifices: false,
            },
        )?;
        progress(Progress::Picked {
            min_plies,
            max_plies,
            found: picked.found.len(),
            tried: picked.tried,
        });
        tactics.extend(
            picked
                .found
                .into_iter()
                .filter(|t| seen.insert(t.position.hash())),
        );
    }
    let mut engine = engine();
    let mut out = Vec::with_capacity(tactics.len());
    for (i, t) in tactics.iter().enumerate() {
        let Some(line) = solution(tb, &t.position)? else {
            continue;
        };
        out.push(Puzzle {
            id: format!("{prefix}{:04}", out.len() + 1),
            rules,
            start: t.position,
            difficulty: measure(&mut engine, &t.position, &rules, t.winning_move),
            themes: theme::detect(&t.position, &line),
            solution: line,
            source: Source::Tablebase {
                material: crate::Material {
                    us_kings: t.material.us_kings,
                    us_men: t.material.us_men,
                    them_kings: t.material.them_kings,
                    them_men: t.material.them_men,
                },
                plies: t.plies,
            },
        });
        progress(Progress::Measured {
            done: i + 1,
            total: tactics.len(),
        });
    }
    Ok(out)
}

/// Checks a puzzle's solution against the tables (module
/// documentation): the start's distance is the source's, every solver
/// move is the only winning move, every reply is a best defence (its
/// value equals the best one's), and the line ends where the rule ends
/// it. The tables must cover the start.
///
/// # Errors
///
/// What does not hold, naming the move (1-based) and the moves the tables
/// give.
pub fn check(tb: &Tablebase, p: &Puzzle) -> Result<(), String> {
    let err = |e: Error| format!("the tables: {e}");
    let rules = *tb.rules();
    let text = |pos: &Position, mv: &Move| tama_notation::write_move(pos, &rules, mv);
    if let Source::Tablebase { plies, .. } = p.source {
        let value = tb.probe(&p.start).map_err(err)?;
        if value.map(|v| v.distance) != Some(plies) {
            return Err(format!(
                "the tables give the start {value:?}, the source says a win in {plies} plies"
            ));
        }
    }
    let positions = p.positions();
    for (i, mv) in p.solution.iter().enumerate() {
        let pos = &positions[i];
        if i % 2 == 0 {
            let winning = winning_moves(tb, pos).map_err(err)?;
            if winning != [*mv] {
                let names: Vec<String> = winning.iter().map(|m| text(pos, m)).collect();
                return Err(format!(
                    "move {}: {} is not the only winning move (the tables' winning moves: {})",
                    i + 1,
                    text(pos, mv),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                ));
            }
        } else {
            let ranked = tb.rank_moves(pos).map_err(err)?;
            let best = ranked.first().and_then(|r| r.after);
            let this = ranked.iter().find(|r| r.mv == *mv).and_then(|r| r.after);
            if best.is_none() || this != best {
                return Err(format!(
                    "move {}: {} is not the best defence (the tables': {})",
                    i + 1,
                    text(pos, mv),
                    ranked
                        .first()
                        .map_or("none".to_string(), |r| text(pos, &r.mv))
                ));
            }
        }
    }
    // The line ends where the rule ends it.
    let solver_moves = p.solution.len().div_ceil(2);
    let last = positions[positions.len() - 1];
    if solver_moves < MAX_SOLVER_MOVES {
        if let Some(reply) = tb.rank_moves(&last).map_err(err)?.first() {
            let next = last.play_unchecked(&reply.mv);
            if winning_moves(tb, &next).map_err(err)?.len() == 1 {
                return Err(format!(
                    "the solution stops after move {} although the next solver move is still the only winning one",
                    p.solution.len()
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Rules;
    use tama_egtb::{generate as generate_tables, GenOptions, Plan};

    #[test]
    fn the_distances_are_cut_into_bands() {
        assert_eq!(bands(3, 15), [(3, 7), (8, 12), (13, 15)]);
        assert_eq!(bands(5, 5), [(5, 5)]);
        assert_eq!(bands(1, 3), [(1, 1), (2, 2), (3, 3)]);
    }

    #[test]
    fn puzzles_from_the_tables_are_checked_by_them() {
        let rules = Rules::ARMENIAN;
        let tmp = tempfile::tempdir().unwrap();
        let opts = GenOptions {
            threads: 2,
            ..GenOptions::default()
        };
        generate_tables(tmp.path(), &rules, &Plan::new(3), None, &opts).unwrap();
        let only = ["KKvKK".parse().unwrap()];
        generate_tables(tmp.path(), &rules, &Plan::new(4), Some(&only), &opts).unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let settings = Settings {
            count: 4,
            max_tries: 2_000_000,
            ..Settings::default()
        };
        let mut calls = 0;
        let puzzles = generate(&tb, &settings, "a-t", |p| {
            if let Progress::Measured { .. } = p {
                calls += 1;
            }
        })
        .unwrap();
        assert!(!puzzles.is_empty());
        assert_eq!(calls, puzzles.len());
        for p in &puzzles {
            assert!(p.id.starts_with("a-t0"));
            assert_eq!(p.solution.len() % 2, 1);
            check(&tb, p).unwrap();
            // A wrong first move, a shortened line: refused.
            let pos = p.start;
            let other = pos
                .legal_moves(&rules)
                .iter()
                .copied()
                .find(|m| *m != p.solution[0])
                .unwrap();
            let wrong = Puzzle {
                solution: vec![other],
                ..p.clone()
            };
            assert!(check(&tb, &wrong).unwrap_err().contains("move 1:"));
            if p.solution.len() >= 3 {
                let short = Puzzle {
                    solution: p.solution[..p.solution.len() - 2].to_vec(),
                    ..p.clone()
                };
                assert!(check(&tb, &short).unwrap_err().contains("stops after"));
            }
        }
    }
}
