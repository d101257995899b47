//! The ballot file (docs/BALLOTS.md): `%` header lines, then one PDN game
//! per ballot with its moves and the tags `Ballot`, `Value`, `Window` and
//! `Search`.

use std::collections::HashMap;
use std::fmt;

use tama_core::{Game, Rules};
use tama_notation::pdn::{PdnGame, PdnReader};
use tama_notation::rules_text::write_rules;

use super::{mirror_key, BallotSearch, BallotSet};
use crate::openings::Opening;

/// A value in centi-men as the tags write it, in men: `+0.08`, `-0.25`.
fn men(cm: i32) -> String {
    let sign = if cm < 0 { '-' } else { '+' };
    format!(
        "{sign}{}.{:02}",
        cm.unsigned_abs() / 100,
        cm.unsigned_abs() % 100
    )
}

/// Reads a value in men (`+0.08`, `-1.5`, `0`) as centi-men: at most two
/// decimals.
fn centi_men(text: &str) -> Option<i32> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || whole.len() > 4
        || frac.len() > 2
        || !all_digits(whole)
        || !all_digits(frac)
    {
        return None;
    }
    let frac = format!("{frac:0<2}");
    let cm = whole.parse::<i32>().ok()? * 100 + frac.parse::<i32>().ok()?;
    Some(if negative { -cm } else { cm })
}

/// The text of a ballot file: the header (`%` lines: rules, plies, the
/// number of ballots, the window, the searches, the sample) and one game
/// per ballot.
pub fn write_ballots(set: &BallotSet) -> String {
    let s = &set.settings;
    let r = &set.report;
    let rules = write_rules(&s.rules);
    let mut out = format!(
        "% tama ballots: {rules}, {plies} plies, {n} ballots (docs/BALLOTS.md)\n\
         % {lines} lines of {plies} plies reach {positions} distinct positions \
         (a position and its mirror image once)\n\
         % window: the value of each ballot is within ±{window} men, White's side\n\
         % search: {search} (nodes, MiB), one thread, an empty table, no stop on a forced move\n\
         % screen: nodes {screen}, passing within ±{limit} men; seed {seed}, at most {max} ballots\n\
         % positions tried in the seed's order: {screened} screened, {deep} searched deep\n\n",
        plies = s.plies,
        n = set.ballots.len(),
        lines = r.lines,
        positions = r.positions,
        window = men(s.window).trim_start_matches('+'),
        search = s.search,
        screen = s.screen_nodes,
        limit = men(s.window + s.screen_margin).trim_start_matches('+'),
        seed = s.seed,
        max = s.max,
        screened = r.screened,
        deep = r.deep.len(),
    );
    for ballot in &set.ballots {
        let mut game = PdnGame::new(s.rules, ballot.opening.start);
        for mv in &ballot.opening.moves {
            game.push_move(*mv).expect("a ballot's moves are legal");
        }
        let tags = [
            ("Event", "tama ballots".to_string()),
            ("Ballot", format!("{}-ply #{}", s.plies, ballot.number)),
            ("Value", men(ballot.value)),
            ("Window", men(s.window).trim_start_matches('+').to_string()),
            ("Search", s.search.to_string()),
        ];
        for (name, value) in tags {
            game.set_tag(name, &value)
                .expect("the ballot tags are valid");
        }
        out.push_str(&game.to_pdn());
    }
    out
}

/// A ballot as a file records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedBallot {
    /// The line of the file on which its game starts.
    pub line: usize,
    /// The rules of its game.
    pub rules: Rules,
    /// Its `Ballot` tag (`3-ply #17`).
    pub id: String,
    /// The plies its id names.
    pub plies: usize,
    /// The moves from the start position.
    pub opening: Opening,
    /// Its `Value` tag, in centi-men (White's side).
    pub value: i32,
    /// Its `Window` tag, in centi-men.
    pub window: i32,
    /// Its `Search` tag.
    pub search: BallotSearch,
}

/// What is wrong with a ballot file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BallotProblem {
    /// The line (1-based) of the file where the problem is.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BallotProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for BallotProblem {}

/// Reads a ballot file: every game with its tags.
///
/// # Errors
///
/// The first [`BallotProblem`]: a PDN error (with its line; an illegal move
/// is one), a game without the ballot tags or with unreadable ones, a game
/// that does not start from the start position, no game at all.
pub fn read_ballots(text: &str) -> Result<Vec<RecordedBallot>, BallotProblem> {
    let mut reader = PdnReader::new(text.as_bytes());
    let mut list = Vec::new();
    while let Some(record) = reader.next_record() {
        let line = record.first_line;
        let game = record.game.map_err(|e| BallotProblem {
            line: e.line,
            message: format!("column {}: {}", e.column, e.message()),
        })?;
        list.push(recorded(line, &game).map_err(|message| BallotProblem { line, message })?);
    }
    if list.is_empty() {
        return Err(BallotProblem {
            line: 1,
            message: "no ballots (PDN games) in the file".into(),
        });
    }
    Ok(list)
}

/// A game's ballot, or what is wrong with its tags.
fn recorded(line: usize, game: &PdnGame) -> Result<RecordedBallot, String> {
    let tag = |name: &str| {
        game.tag(name)
            .ok_or_else(|| format!("a game without the `{name}` tag"))
    };
    let id = tag("Ballot")?;
    let plies = id
        .split_once("-ply #")
        .and_then(|(p, n)| Some((p.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
        .map(|(p, _)| p)
        .ok_or_else(|| format!("invalid Ballot tag `{id}`: expected `N-ply #K`"))?;
    let value = tag("Value")?;
    let value = centi_men(&value)
        .ok_or_else(|| format!("invalid Value `{value}`: expected men such as +0.08"))?;
    let window = tag("Window")?;
    let window = centi_men(&window)
        .filter(|w| *w >= 0)
        .ok_or_else(|| format!("invalid Window `{window}`: expected men such as 0.25"))?;
    let search: BallotSearch = tag("Search")?.parse()?;
    if game.is_setup() {
        return Err(format!(
            "ballot {id} does not start from the start position"
        ));
    }
    Ok(RecordedBallot {
        line,
        rules: *game.rules(),
        id,
        plies,
        opening: Opening {
            start: *game.start(),
            moves: game.moves().collect(),
        },
        value,
        window,
        search,
    })
}

/// The problems of a file's ballots: each is legal for its rules (its
/// moves, and a position where the game goes on), has the plies its id
/// names, is a position no other ballot of the file is (nor its mirror
/// image), within its window; and all have the same rules. With
/// `research`, that many ballots spread over the file are searched again
/// with their recorded search and must give their recorded value.
/// `progress` hears of each search done. No problem: an empty list.
pub fn check_ballots(
    ballots: &[RecordedBallot],
    research: usize,
    mut progress: impl FnMut(usize),
) -> Vec<BallotProblem> {
    let mut problems = Vec::new();
    let mut seen: HashMap<u64, &str> = HashMap::new();
    let mut games = Vec::with_capacity(ballots.len());
    for b in ballots {
        let mut problem = |message: String| {
            problems.push(BallotProblem {
                line: b.line,
                message,
            });
        };
        let rules = ballots[0].rules;
        if b.rules != rules {
            problem(format!(
                "ballot {} uses the rules `{}`, the file's first ballot `{}`",
                b.id,
                write_rules(&b.rules),
                write_rules(&rules)
            ));
        }
        let game = replay(b);
        match &game {
            Err(message) => problem(message.clone()),
            Ok(game) if game.outcome().is_some() => {
                problem(format!("ballot {} ends the game", b.id));
            }
            Ok(_) => {}
        }
        if b.opening.moves.len() != b.plies {
            problem(format!(
                "ballot {} has {} moves, its id says {} plies",
                b.id,
                b.opening.moves.len(),
                b.plies
            ));
        }
        if let Some(first) = seen.insert(mirror_key(&b.opening.position()), &b.id) {
            problem(format!(
                "ballot {} is the position of ballot {first} (or its mirror image)",
                b.id
            ));
        }
        if b.value.abs() > b.window {
            problem(format!(
                "ballot {} has the value {}, outside its window ±{}",
                b.id,
                men(b.value),
                men(b.window).trim_start_matches('+')
            ));
        }
        games.push(game.ok());
    }
    let n = ballots.len();
    let sample = research.min(n);
    let mut engines: HashMap<BallotSearch, tama_search::Engine> = HashMap::new();
    for k in 0..sample {
        let i = k * n / sample;
        let (b, Some(game)) = (&ballots[i], &games[i]) else {
            continue;
        };
        let engine = engines.entry(b.search).or_insert_with(|| b.search.engine());
        let found = b.search.value(engine, game);
        if found != Some(b.value) {
            let found = found.map_or("a win or a loss".to_string(), men);
            problems.push(BallotProblem {
                line: b.line,
                message: format!(
                    "ballot {} searched again ({}) gives {found}, recorded {}",
                    b.id,
                    b.search,
                    men(b.value)
                ),
            });
        }
        progress(k + 1);
    }
    problems
}

/// The ballot's moves played from its start, or why one is not legal.
fn replay(b: &RecordedBallot) -> Result<Game, String> {
    let mut game = Game::from_position(b.rules, b.opening.start);
    for (i, mv) in b.opening.moves.iter().enumerate() {
        game.play(mv)
            .map_err(|e| format!("ballot {}: move {} is not legal: {e}", b.id, i + 1))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_men_round_trip() {
        for cm in [-1234, -25, -8, -1, 0, 1, 8, 25, 100, 250] {
            assert_eq!(centi_men(&men(cm)), Some(cm), "{}", men(cm));
        }
        assert_eq!(men(8), "+0.08");
        assert_eq!(men(-25), "-0.25");
        assert_eq!(centi_men("0.5"), Some(50));
        assert_eq!(centi_men("1"), Some(100));
        for bad in ["", "+", ".5", "0.123", "1e2", "--1", "0,5", "99999"] {
            assert_eq!(centi_men(bad), None, "{bad}");
        }
    }

    #[test]
    fn search_tags_round_trip() {
        let s = BallotSearch {
            nodes: 300_000,
            hash_mib: 16,
        };
        assert_eq!(s.to_string(), "nodes 300000, hash 16");
        assert_eq!(s.to_string().parse(), Ok(s));
        for bad in [
            "nodes 1",
            "nodes 0, hash 16",
            "hash 16, nodes 1",
            "nodes x, hash 1",
            "nodes 1, hash 5000",
        ] {
            assert!(bad.parse::<BallotSearch>().is_err(), "{bad}");
        }
    }
}
