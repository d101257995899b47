//! Ballots: published sets of balanced openings for engine matches
//! (docs/BALLOTS.md).
//!
//! A ballot is a *position* N plies from the start: every line of N legal
//! moves is followed, and the positions they reach are counted once
//! (transpositions, and a position and its left-right mirror image, which
//! the rules and the evaluation treat alike). Each ballot keeps the first
//! line that reaches it, in move-generation order, as its moves. The
//! positions are taken in a seeded random order; each gets a cheap
//! screening search, and those within the screen's margin a deep search;
//! the first `max` (in that order) whose deep value lies within the
//! window are the ballots, written in the order of the lines.
//!
//! The deep search is deterministic: one thread, a node limit, a table of
//! a fixed size cleared before each search, no early stop on a forced
//! move ([`BallotSearch::value`]), so anyone can search a ballot again
//! and find its recorded value. Threads only search different positions
//! at once: the ballots do not depend on them.

use std::collections::HashSet;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use tama_core::{Color, Game, Move, Position, Rules};
use tama_search::{Engine, EngineConfig, Limits, ScoreKind, SearchResult};

use crate::openings::{Opening, SplitMix64};

mod file;

pub use file::{check_ballots, read_ballots, write_ballots, BallotProblem, RecordedBallot};

/// The longest ballots, in plies: the lines of more plies are too many to
/// enumerate (Armenian draughts has 6.3 million lines of 5 plies).
pub const MAX_BALLOT_PLIES: usize = 5;

/// Positions searched per batch. Fixed, so the positions searched (and
/// the counts reported) do not depend on the threads.
const BATCH: usize = 16;

/// The search that scores a ballot: `nodes` nodes from an empty table of
/// `hash_mib` MiB, one thread, no early stop on a forced move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BallotSearch {
    /// The node limit.
    pub nodes: u64,
    /// The transposition table, in MiB.
    pub hash_mib: usize,
}

impl fmt::Display for BallotSearch {
    /// The `Search` tag of a ballot: `nodes 300000, hash 16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "nodes {}, hash {}", self.nodes, self.hash_mib)
    }
}

impl std::str::FromStr for BallotSearch {
    type Err = String;

    /// Reads a `Search` tag: `nodes 300000, hash 16`.
    fn from_str(text: &str) -> Result<BallotSearch, String> {
        let bad = || format!("invalid search `{text}`: expected `nodes N, hash MIB`");
        let (nodes, hash) = text.split_once(',').ok_or_else(bad)?;
        let number = |part: &str, name: &str| -> Result<u64, String> {
            part.trim()
                .strip_prefix(name)
                .and_then(|n| n.strip_prefix(' '))
                .and_then(|n| n.trim().parse::<u64>().ok())
                .filter(|&n| n > 0)
                .ok_or_else(bad)
        };
        let nodes = number(nodes, "nodes")?;
        let hash = number(hash, "hash")?;
        if hash > 4096 {
            return Err(format!("invalid search `{text}`: hash of 1 to 4096 MiB"));
        }
        Ok(BallotSearch {
            nodes,
            hash_mib: hash as usize,
        })
    }
}

impl BallotSearch {
    /// An engine for this search (its table allocated once; each search
    /// clears it).
    pub fn engine(&self) -> Engine {
        let mut engine = Engine::new(EngineConfig {
            hash_mib: self.hash_mib,
            threads: 1,
            ..EngineConfig::default()
        });
        // A ballot is judged by a search, not by the book.
        engine.set_book(false);
        engine
    }

    /// The value of the game's position from White's side, in centi-men,
    /// by this search with `engine` (from [`BallotSearch::engine`]):
    /// `None` when the game is over or the search finds a win or a loss.
    /// The same game gives the same value every time.
    pub fn value(&self, engine: &mut Engine, game: &Game) -> Option<i32> {
        engine.clear();
        let limits = Limits {
            nodes: Some(self.nodes),
            // No early end on a single legal move: a forced capture gets a
            // searched value too.
            infinite: true,
            ..Limits::default()
        };
        match engine.search_game(game, &limits, |_| {}) {
            SearchResult::Move(best) => match best.score.kind() {
                ScoreKind::CentiMen(cm) if game.position().turn() == Color::White => Some(cm),
                ScoreKind::CentiMen(cm) => Some(-cm),
                ScoreKind::Win(_) | ScoreKind::Loss(_) => None,
            },
            SearchResult::GameOver(_) => None,
        }
    }
}

/// What decides a set of ballots (threads do not).
#[derive(Clone, Debug, PartialEq)]
pub struct BallotSettings {
    /// The rules.
    pub rules: Rules,
    /// Plies from the start position, 1 to [`MAX_BALLOT_PLIES`].
    pub plies: usize,
    /// The window: a ballot's value lies within ± this many centi-men.
    pub window: i32,
    /// The deep search that decides and records each ballot's value.
    pub search: BallotSearch,
    /// Nodes of the screening search (same table size).
    pub screen_nodes: u64,
    /// The screen passes a position whose cheap value is within the
    /// window widened by this many centi-men.
    pub screen_margin: i32,
    /// At most this many ballots.
    pub max: usize,
    /// The seed of the order in which positions are tried.
    pub seed: u64,
}

impl BallotSettings {
    /// The defaults for `plies`-ply ballots of `rules`: window ±25
    /// centi-men, deep search of 300,000 nodes with a 16 MiB table,
    /// screen of 20,000 nodes with a margin of 50 centi-men, at most 200
    /// ballots, seed 1.
    pub fn new(rules: Rules, plies: usize) -> BallotSettings {
        BallotSettings {
            rules,
            plies,
            window: 25,
            search: BallotSearch {
                nodes: 300_000,
                hash_mib: 16,
            },
            screen_nodes: 20_000,
            screen_margin: 50,
            max: 200,
            seed: 1,
        }
    }

    /// The first setting out of its range, if any.
    fn problem(&self) -> Option<String> {
        if !(1..=MAX_BALLOT_PLIES).contains(&self.plies) {
            Some(format!(
                "invalid plies {}: expected 1 to {MAX_BALLOT_PLIES}",
                self.plies
            ))
        } else if !(0..=10_000).contains(&self.window) {
            Some(format!(
                "invalid window {}: expected 0 to 10000 centi-men",
                self.window
            ))
        } else if self.search.nodes == 0 || self.screen_nodes == 0 {
            Some("invalid node count 0: expected at least 1".into())
        } else if !(1..=4096).contains(&self.search.hash_mib) {
            Some(format!(
                "invalid hash {}: expected 1 to 4096 MiB",
                self.search.hash_mib
            ))
        } else if self.screen_margin < 0 {
            Some(format!(
                "invalid screen margin {}: expected 0 or more",
                self.screen_margin
            ))
        } else if self.max == 0 {
            Some("invalid maximum 0: expected at least 1 ballot".into())
        } else {
            None
        }
    }
}

/// A setting out of its range: the message names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BallotError(pub String);

impl fmt::Display for BallotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BallotError {}

/// One ballot: its number in its set (from 1), its moves and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ballot {
    /// The number in its set, from 1, in the order of the lines.
    pub number: usize,
    /// The moves from the start position.
    pub opening: Opening,
    /// The deep search's value, White's side, in centi-men.
    pub value: i32,
}

/// How a build went: what was enumerated and searched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildReport {
    /// Lines of the given plies from the start (games over before the
    /// end not counted).
    pub lines: u64,
    /// Distinct positions they reach (mirror images counted once).
    pub positions: usize,
    /// Positions screened (in the seeded order, until enough ballots).
    pub screened: usize,
    /// The deep values of the positions that passed the screen, in the
    /// order searched (`None`: a win or loss).
    pub deep: Vec<Option<i32>>,
}

/// A finished set of ballots.
#[derive(Clone, Debug, PartialEq)]
pub struct BallotSet {
    /// What decided it.
    pub settings: BallotSettings,
    /// The ballots, in the order of their lines.
    pub ballots: Vec<Ballot>,
    /// What was enumerated and searched.
    pub report: BuildReport,
}

/// What a build reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BallotProgress {
    /// The positions were enumerated.
    Enumerated {
        /// Lines followed.
        lines: u64,
        /// Distinct positions.
        positions: usize,
    },
    /// A batch was searched.
    Searched {
        /// Positions screened so far.
        screened: usize,
        /// Deep searches so far.
        deep: usize,
        /// Ballots kept so far.
        kept: usize,
    },
}

/// The distinct positions `plies` plies from the start (a position and its
/// mirror image once), each with the first line reaching it in
/// move-generation order, and the number of lines. Lines on which the
/// game ends early, or that end in a position without a legal move, are
/// left out.
pub fn enumerate_positions(rules: &Rules, plies: usize) -> (u64, Vec<Opening>) {
    fn walk(
        rules: &Rules,
        pos: Position,
        line: &mut Vec<Move>,
        left: usize,
        seen: &mut HashSet<u64>,
        found: &mut (u64, Vec<Opening>),
    ) {
        let moves = pos.legal_moves(rules);
        if moves.is_empty() {
            return;
        }
        if left == 0 {
            found.0 += 1;
            if seen.insert(mirror_key(&pos)) {
                found.1.push(Opening {
                    start: Position::start(),
                    moves: line.clone(),
                });
            }
            return;
        }
        for mv in moves.iter() {
            line.push(*mv);
            walk(rules, pos.play_unchecked(mv), line, left - 1, seen, found);
            line.pop();
        }
    }
    let mut found = (0, Vec::new());
    let mut seen = HashSet::new();
    walk(
        rules,
        Position::start(),
        &mut Vec::with_capacity(plies),
        plies,
        &mut seen,
        &mut found,
    );
    found
}

/// One key for a position and its mirror image.
pub(crate) fn mirror_key(pos: &Position) -> u64 {
    pos.hash().min(pos.flip_horizontal().hash())
}

/// The opening's moves played in a [`Game`] of `rules` (the moves of an
/// enumerated line are legal).
fn game_of(rules: &Rules, opening: &Opening) -> Game {
    let mut game = Game::from_position(*rules, opening.start);
    for mv in &opening.moves {
        game.play(mv).expect("enumerated moves are legal");
    }
    game
}

/// What the searches said of one position.
#[derive(Clone, Copy, Debug)]
enum Verdict {
    /// Out at the screen.
    Screened,
    /// The deep value (`None`: a win or a loss).
    Deep(Option<i32>),
}

/// Builds a set of ballots on `threads` threads (at least 1), reporting
/// its progress to `progress` (from the calling thread).
///
/// ```
/// use tama_arena::{build_ballots, BallotSettings};
/// use tama_core::Rules;
///
/// let mut settings = BallotSettings::new(Rules::TURKISH, 1);
/// settings.search.nodes = 2_000;
/// settings.screen_nodes = 500;
/// settings.window = 40;
/// let set = build_ballots(&settings, 1, |_| {}).unwrap();
/// assert_eq!(set.report.positions, 4); // 8 first moves, 4 up to mirroring
/// assert!(set.ballots.iter().all(|b| b.value.abs() <= 40));
/// ```
///
/// # Errors
///
/// [`BallotError`] for a setting out of its range.
pub fn build_ballots(
    settings: &BallotSettings,
    threads: usize,
    mut progress: impl FnMut(BallotProgress),
) -> Result<BallotSet, BallotError> {
    if let Some(problem) = settings.problem() {
        return Err(BallotError(problem));
    }
    let rules = settings.rules;
    let (lines, positions) = enumerate_positions(&rules, settings.plies);
    progress(BallotProgress::Enumerated {
        lines,
        positions: positions.len(),
    });
    let order = seeded_order(positions.len(), settings.seed);
    let mut engines: Vec<Engine> = (0..threads.clamp(1, BATCH))
        .map(|_| settings.search.engine())
        .collect();
    let mut report = BuildReport {
        lines,
        positions: positions.len(),
        ..BuildReport::default()
    };
    let mut kept: Vec<(usize, i32)> = Vec::new();
    for batch in order.chunks(BATCH) {
        if kept.len() >= settings.max {
            break;
        }
        let games: Vec<Game> = batch
            .iter()
            .map(|&i| game_of(&rules, &positions[i]))
            .collect();
        let verdicts = search_batch(settings, &games, &mut engines);
        for (&i, verdict) in batch.iter().zip(verdicts) {
            report.screened += 1;
            if let Verdict::Deep(value) = verdict {
                report.deep.push(value);
                match value {
                    Some(v) if v.abs() <= settings.window && kept.len() < settings.max => {
                        kept.push((i, v));
                    }
                    _ => {}
                }
            }
        }
        progress(BallotProgress::Searched {
            screened: report.screened,
            deep: report.deep.len(),
            kept: kept.len(),
        });
    }
    kept.sort_unstable_by_key(|&(i, _)| i);
    let ballots = kept
        .into_iter()
        .enumerate()
        .map(|(n, (i, value))| Ballot {
            number: n + 1,
            opening: positions[i].clone(),
            value,
        })
        .collect();
    Ok(BallotSet {
        settings: settings.clone(),
        ballots,
        report,
    })
}

/// `0..n` in a seeded random order (Fisher–Yates).
fn seeded_order(n: usize, seed: u64) -> Vec<usize> {
    let mut rng = SplitMix64(seed);
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order
}

/// Screens and searches `games` on one thread per engine; the verdicts in
/// the order of `games`.
fn search_batch(settings: &BallotSettings, games: &[Game], engines: &mut [Engine]) -> Vec<Verdict> {
    let next = AtomicUsize::new(0);
    let verdicts = Mutex::new(vec![Verdict::Screened; games.len()]);
    let screen = BallotSearch {
        nodes: settings.screen_nodes,
        ..settings.search
    };
    let limit = settings.window + settings.screen_margin;
    std::thread::scope(|s| {
        for engine in engines.iter_mut() {
            let (next, verdicts) = (&next, &verdicts);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(game) = games.get(i) else { break };
                let verdict = match screen.value(engine, game) {
                    Some(v) if v.abs() <= limit => {
                        Verdict::Deep(settings.search.value(engine, game))
                    }
                    _ => Verdict::Screened,
                };
                verdicts.lock().unwrap_or_else(|e| e.into_inner())[i] = verdict;
            });
        }
    });
    verdicts.into_inner().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests;
