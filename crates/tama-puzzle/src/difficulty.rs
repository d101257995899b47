//! How hard a puzzle is, measured with the engine (docs/PUZZLES.md,
//! "Difficulty").
//!
//! One search of the start position, single-threaded from an empty table
//! (so the same every time), to depth [`MEASURE_DEPTH`] or
//! [`MEASURE_NODES`] nodes, without tables, records the best move of each
//! completed iteration. Then:
//!
//! - **depth**: the least depth from which every completed iteration
//!   chose the winning move (none when the search's answer is another
//!   move; the depth after the last completed iteration when only the
//!   iteration the node limit cut short found it);
//! - **nodes**: the nodes the search had spent when that iteration ended
//!   (the whole search's in the last case);
//! - **failed levels**: how many of the levels of play with a depth
//!   (`tama_search::Level` 1 to 7: depths 1, 2, 3, 5, 8, 11, 14, taken at
//!   their depth, without their time per move) choose another move: the
//!   iteration of the level's depth, or the last completed one when the
//!   node limit stopped the search before it.
//!
//! Iterative deepening with one thread and no time limit makes iteration
//! `d` of the long search the same as a search to depth `d`, so one
//! search measures every level.

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "native")]
use tama_core::{Move, Position, Rules};
#[cfg(feature = "native")]
use tama_search::{Engine, EngineConfig, InfoKind, Level, Limits, SearchResult};

use crate::{fields, number};

/// The deepest iteration of the measuring search (level 7's depth).
pub const MEASURE_DEPTH: u32 = 14;
/// The node limit of the measuring search.
pub const MEASURE_NODES: u64 = 150_000;

#[cfg(feature = "native")]
/// The levels of play that have a depth, with it: levels 1 to 7.
pub fn levels() -> Vec<(u8, u32)> {
    Level::ALL
        .iter()
        .filter_map(|l| l.depth.map(|d| (l.level, d)))
        .collect()
}

/// A puzzle's difficulty (module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// The least depth from which the engine finds the winning move, if
    /// it does within the measuring search.
    pub depth: Option<u32>,
    /// The nodes spent up to that depth (the whole search's when not
    /// found).
    pub nodes: u64,
    /// How many of the [`levels`] choose another move.
    pub failed: u8,
    /// How many levels were tried (7).
    pub levels: u8,
}

/// The difficulty's word, from the depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Label {
    /// Found at depth 1 or 2.
    Easy,
    /// Found at depth 3 to 5.
    Medium,
    /// Found at depth 6 to 10.
    Hard,
    /// Found at depth 11 or more, or not found by the measuring search.
    Expert,
}

impl Label {
    /// Every label, the easiest first.
    pub const ALL: [Label; 4] = [Label::Easy, Label::Medium, Label::Hard, Label::Expert];

    /// Its word: `easy`, `medium`, `hard`, `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Label::Easy => "easy",
            Label::Medium => "medium",
            Label::Hard => "hard",
            Label::Expert => "expert",
        }
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Label {
    type Err = String;

    fn from_str(s: &str) -> Result<Label, String> {
        Label::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown difficulty `{s}` (easy, medium, hard or expert)"))
    }
}

impl Difficulty {
    /// The label of the depth.
    pub fn label(&self) -> Label {
        match self.depth {
            Some(0..=2) => Label::Easy,
            Some(3..=5) => Label::Medium,
            Some(6..=10) => Label::Hard,
            _ => Label::Expert,
        }
    }

    /// The puzzle's rating, what the solver's rating is compared with:
    /// `800 + 25 × depth + 150 × failed levels`, the depth counted as
    /// [`MEASURE_DEPTH`]` + 2` when not found (825 to 2,250).
    pub fn rating(&self) -> u32 {
        let depth = self.depth.unwrap_or(MEASURE_DEPTH + 2);
        800 + 25 * depth + 150 * u32::from(self.failed)
    }
}

/// `medium depth=4 nodes=1234 failed=3/7`: the value of the `Difficulty`
/// tag (`depth=none` when not found). The label is written for people
/// and checked when read.
impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} depth=", self.label())?;
        match self.depth {
            Some(d) => write!(f, "{d}")?,
            None => f.write_str("none")?,
        }
        write!(
            f,
            " nodes={} failed={}/{}",
            self.nodes, self.failed, self.levels
        )
    }
}

impl FromStr for Difficulty {
    type Err = String;

    fn from_str(s: &str) -> Result<Difficulty, String> {
        let mut words = s.split_whitespace();
        let label: Label = words.next().ok_or("empty difficulty")?.parse()?;
        let v = fields(words, &["depth", "nodes", "failed"])?;
        let depth = match v[0] {
            "none" => None,
            d => Some(number("depth", d)?),
        };
        let (failed, levels) = v[2]
            .split_once('/')
            .ok_or_else(|| format!("field `failed`: `{}` is not N/M", v[2]))?;
        let d = Difficulty {
            depth,
            nodes: number("nodes", v[1])?,
            failed: number("failed", failed)?,
            levels: number("failed", levels)?,
        };
        if d.failed > d.levels {
            return Err(format!("field `failed`: {failed} of only {levels}"));
        }
        if d.label() != label {
            return Err(format!(
                "the label `{label}` does not match the depth (`{}`)",
                d.label()
            ));
        }
        Ok(d)
    }
}

#[cfg(feature = "native")]
/// The engine of the measurements, the verdicts and their checks: one
/// thread, a 4 MiB table, no tablebases (the same configuration gives the
/// same answers).
pub fn engine() -> Engine {
    let mut engine = Engine::new(EngineConfig {
        hash_mib: 4,
        threads: 1,
        ..EngineConfig::default()
    });
    // Verdicts are searches, never book moves.
    engine.set_book(false);
    engine
}

#[cfg(feature = "native")]
/// Measures the difficulty of finding `winning` in `pos` (module
/// documentation). `engine` is cleared first, so the answer does not
/// depend on what it searched before.
pub fn measure(engine: &mut Engine, pos: &Position, rules: &Rules, winning: Move) -> Difficulty {
    engine.clear();
    let mut best: Vec<(u32, Move, u64)> = Vec::new();
    let limits = Limits::given(Some(MEASURE_DEPTH), Some(MEASURE_NODES), None);
    let result = engine.search(pos, &[], rules, &limits, |info| {
        if info.kind == InfoKind::Iteration && info.multipv == 1 {
            if let Some(mv) = info.pv.first() {
                best.push((info.depth, *mv, info.nodes));
            }
        }
    });
    let (last, total) = match &result {
        SearchResult::Move(b) => (Some(b.mv), b.nodes),
        SearchResult::GameOver(_) => (None, 0),
    };
    // The first iteration of the final run of winning ones; when the
    // move was only found in an iteration the node limit cut short, the
    // depth after the last completed one, and the whole search's nodes.
    let mut found = None;
    if last == Some(winning) {
        for &(depth, mv, nodes) in best.iter().rev() {
            if mv != winning {
                break;
            }
            found = Some((depth, nodes));
        }
        if found.is_none() {
            found = Some((best.last().map_or(1, |b| b.0 + 1), total));
        }
    }
    let levels = levels();
    let failed = levels
        .iter()
        .filter(|(_, depth)| {
            let chosen = best.iter().find(|b| b.0 == *depth).map(|b| b.1).or(last);
            chosen != Some(winning)
        })
        .count();
    Difficulty {
        depth: found.map(|f| f.0),
        nodes: found.map_or(total, |f| f.1),
        failed: failed as u8,
        levels: levels.len() as u8,
    }
}

#[cfg(feature = "native")]
/// Measures the difficulty of every puzzle again (after a change of the
/// engine, say; a puzzle without a solution is left as it is);
/// `progress` hears (done, total).
pub fn remeasure(puzzles: &mut [crate::Puzzle], mut progress: impl FnMut(usize, usize)) {
    let mut e = engine();
    let total = puzzles.len();
    for (i, p) in puzzles.iter_mut().enumerate() {
        if let Some(&first) = p.solution.first() {
            p.difficulty = measure(&mut e, &p.start, &p.rules, first);
        }
        progress(i + 1, total);
    }
}

#[cfg(all(test, feature = "native"))]
mod tests {
    use super::*;

    #[test]
    fn difficulty_reads_back_what_it_writes_and_checks_its_label() {
        let d = Difficulty {
            depth: Some(4),
            nodes: 1234,
            failed: 3,
            levels: 7,
        };
        assert_eq!(d.to_string(), "medium depth=4 nodes=1234 failed=3/7");
        assert_eq!(d.to_string().parse(), Ok(d));
        let none = Difficulty { depth: None, ..d };
        assert_eq!(none.to_string().parse(), Ok(none));
        assert_eq!(none.label(), Label::Expert);
        assert_eq!(none.rating(), 800 + 25 * 16 + 450);
        assert!("easy depth=4 nodes=1 failed=0/7"
            .parse::<Difficulty>()
            .is_err());
        assert!("medium depth=4 nodes=1 failed=8/7"
            .parse::<Difficulty>()
            .is_err());
        assert!("medium depth=4 nodes=1".parse::<Difficulty>().is_err());
        assert_eq!(levels().len(), 7);
    }

    #[test]
    fn a_capture_that_wins_at_once_is_easy() {
        // White's king takes both black men in one of two captures?
        // Simpler: the only winning move is found at depth 1.
        let rules = Rules::ARMENIAN;
        let pos = tama_notation::parse_fen("W:Wa1,Kd4:Bd6,h8")
            .unwrap()
            .position;
        let mut e = engine();
        let mv = match e.search(&pos, &[], &rules, &Limits::depth(6), |_| {}) {
            tama_search::SearchResult::Move(b) => b.mv,
            other => panic!("{other:?}"),
        };
        let d = measure(&mut e, &pos, &rules, mv);
        assert!(d.depth.is_some());
        assert_eq!(d, measure(&mut e, &pos, &rules, mv), "deterministic");
    }
}
