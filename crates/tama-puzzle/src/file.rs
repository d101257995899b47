//! The puzzle file (docs/PUZZLES.md, "The file"): one PDN game per
//! puzzle, read and written by tama-notation's PDN reader and writer.
//!
//! ```text
//! [Event "puzzle"]
//! [Result "*"]
//! [GameType "44,W,8,8,A0,0"]
//! [Rules "armenian"]
//! [SetUp "1"]
//! [FEN "W:Wc3,Kd4:Bd6,h8"]
//! [PuzzleId "armenian-t0001"]
//! [Difficulty "medium depth=4 nodes=1234 failed=3/7"]
//! [Themes "sacrifice"]
//! [Source "tablebase material=KMvMK plies=9"]
//!
//! 1. c3-c4 d6xd3 2. … *
//! ```
//!
//! The result is `*`, or the solver's win when the solution's last move
//! leaves the opponent without a move (PDN holds a result to the final
//! position):
//!
//! ```text
//! ```
//!
//! The reader refuses a file with any problem, naming it and its line:
//! a game PDN cannot read, a missing or malformed puzzle tag, a solution
//! of an even number of moves, themes that are not the solution's, an id
//! given twice, a game cut short (PDN's reader: no result token).

use std::collections::HashMap;
use std::fmt;
#[cfg(feature = "native")]
use std::io::Write;
#[cfg(feature = "native")]
use std::path::Path;

use tama_core::Color;
use tama_notation::pdn::{GameResult, PdnGame, PdnReader};

use crate::{theme, Puzzle};

/// A puzzle file that cannot be used: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The 1-based line (0 for a problem of the whole file, such as an
    /// I/O error).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for FileError {}

/// The PDN game of a puzzle.
///
/// # Errors
///
/// A solution move that is not legal in turn, or a tag value PDN cannot
/// hold (an id with a quote or a line break).
pub fn to_game(p: &Puzzle) -> Result<PdnGame, String> {
    let mut game = PdnGame::new(p.rules, p.start);
    let tags = [
        ("Event", "puzzle".to_string()),
        ("PuzzleId", p.id.clone()),
        ("Difficulty", p.difficulty.to_string()),
        ("Themes", theme::write(&p.themes)),
        ("Source", p.source.to_string()),
    ];
    for (name, value) in tags {
        game.set_tag(name, &value)
            .map_err(|e| format!("puzzle `{}`: tag `{name}`: {e}", p.id))?;
    }
    for (i, mv) in p.solution.iter().enumerate() {
        game.push_move(*mv)
            .map_err(|e| format!("puzzle `{}`: move {}: {e}", p.id, i + 1))?;
    }
    // `*` while the game goes on; the winner when the solution ends it
    // (PDN's reader holds a result to the final position).
    game.set_result(match game.outcome().map(|o| o.winner) {
        None => GameResult::Unknown,
        Some(Some(Color::White)) => GameResult::WhiteWins,
        Some(Some(Color::Black)) => GameResult::BlackWins,
        Some(None) => GameResult::Draw,
    });
    Ok(game)
}

/// The text of a puzzle file holding `puzzles`, in order.
///
/// # Errors
///
/// A puzzle [`to_game`] refuses.
pub fn to_text(puzzles: &[Puzzle]) -> Result<String, String> {
    let mut s = String::new();
    for p in puzzles {
        s.push_str(&to_game(p)?.to_pdn());
    }
    Ok(s)
}

#[cfg(feature = "native")]
/// Writes `puzzles` to `path`, whole or not at all
/// ([`tama_files::write_atomically`]).
///
/// # Errors
///
/// A puzzle [`to_game`] refuses, or the I/O error, with the path.
pub fn write_puzzles(path: &Path, puzzles: &[Puzzle]) -> Result<(), FileError> {
    let text = to_text(puzzles).map_err(|message| FileError { line: 0, message })?;
    tama_files::write_atomically(
        path,
        |f| {
            f.write_all(text.as_bytes()).map_err(|e| FileError {
                line: 0,
                message: format!("cannot write {}: {e}", path.display()),
            })
        },
        |p, e| FileError {
            line: 0,
            message: format!("cannot write {}: {e}", p.display()),
        },
    )
}

#[cfg(feature = "native")]
/// Reads every puzzle of `path`.
///
/// # Errors
///
/// The first problem of the file (module documentation), with its line.
pub fn read_puzzles(path: &Path) -> Result<Vec<Puzzle>, FileError> {
    let bytes = std::fs::read(path).map_err(|e| FileError {
        line: 0,
        message: format!("cannot read {}: {e}", path.display()),
    })?;
    parse_puzzles(&bytes)
}

/// Reads every puzzle of a file's bytes.
///
/// # Errors
///
/// The first problem of the text (module documentation), with its line.
pub fn parse_puzzles(bytes: &[u8]) -> Result<Vec<Puzzle>, FileError> {
    let mut reader = PdnReader::new(bytes);
    let mut out = Vec::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    while let Some(record) = reader.next_record() {
        let line = record.first_line;
        let game = record.game.map_err(|e| FileError {
            line: e.line,
            message: e.message(),
        })?;
        let puzzle = from_game(&game).map_err(|message| FileError { line, message })?;
        if let Some(first) = ids.insert(puzzle.id.clone(), line) {
            return Err(FileError {
                line,
                message: format!(
                    "puzzle id `{}` given twice (first on line {first})",
                    puzzle.id
                ),
            });
        }
        out.push(puzzle);
    }
    Ok(out)
}

/// The puzzle of a PDN game, or what is wrong with it.
///
/// # Errors
///
/// A missing or malformed puzzle tag, a solution of an even number of
/// moves, themes that are not the solution's.
pub fn from_game(game: &PdnGame) -> Result<Puzzle, String> {
    let tag = |name: &str| {
        game.tag(name)
            .ok_or_else(|| format!("tag `{name}` missing"))
    };
    let event = tag("Event")?;
    if event != "puzzle" {
        return Err(format!("tag `Event` is `{event}`, not `puzzle`"));
    }
    let id = tag("PuzzleId")?;
    let bad = |name: &str, e: String| format!("puzzle `{id}`: tag `{name}`: {e}");
    if id.is_empty() || id.chars().any(char::is_whitespace) {
        return Err(format!("tag `PuzzleId`: `{id}` is empty or has a space"));
    }
    if !game.is_setup() {
        return Err(format!("puzzle `{id}`: no `FEN` tag (the start position)"));
    }
    let difficulty = tag("Difficulty")?
        .parse()
        .map_err(|e| bad("Difficulty", e))?;
    let themes = theme::read(&tag("Themes")?).map_err(|e| bad("Themes", e))?;
    let source = tag("Source")?.parse().map_err(|e| bad("Source", e))?;
    let solution: Vec<_> = game.moves().collect();
    if solution.len() % 2 == 0 {
        return Err(format!(
            "puzzle `{id}`: the solution has {} moves (the solver's first and last: an odd number)",
            solution.len()
        ));
    }
    let start = *game.start();
    let detected = theme::detect(&start, &solution);
    if detected != themes {
        return Err(bad(
            "Themes",
            format!(
                "`{}`, but the solution's themes are `{}`",
                theme::write(&themes),
                theme::write(&detected)
            ),
        ));
    }
    Ok(Puzzle {
        id,
        rules: *game.rules(),
        start,
        solution,
        difficulty,
        themes,
        source,
    })
}

#[cfg(all(test, feature = "native"))]
mod tests {
    use super::*;
    use crate::{Difficulty, Source};
    use tama_core::Rules;
    use tama_notation::{parse_fen, parse_move};

    pub(crate) fn sample() -> Vec<Puzzle> {
        let rules = Rules::TURKISH;
        let start = parse_fen("W:Wc3,h2,a2:Bc5,h7").unwrap().position;
        let a = parse_move("c3-c4", &start, &rules).unwrap();
        let after = start.play_unchecked(&a);
        let b = after.legal_moves(&rules)[0];
        let c = after.play_unchecked(&b).legal_moves(&rules)[0];
        let solution = vec![a, b, c];
        let one = Puzzle {
            id: "turkish-t0001".to_string(),
            rules,
            start,
            themes: theme::detect(&start, &solution),
            solution,
            difficulty: Difficulty {
                depth: Some(3),
                nodes: 420,
                failed: 2,
                levels: 7,
            },
            source: Source::Tablebase {
                material: "MMvM".parse().unwrap(),
                plies: 5,
            },
        };
        let start = parse_fen("B:Wa2,b2:Bg2,h7").unwrap().position;
        let mv = start.legal_moves(&rules)[0];
        let two = Puzzle {
            id: "turkish-s0001".to_string(),
            start,
            themes: theme::detect(&start, &[mv]),
            solution: vec![mv],
            difficulty: Difficulty {
                depth: None,
                nodes: 150_000,
                failed: 7,
                levels: 7,
            },
            source: Source::SelfPlay {
                seed: 3,
                game: 9,
                ply: 31,
            },
            ..one.clone()
        };
        vec![one, two]
    }

    #[test]
    fn a_file_reads_back_what_is_written() {
        let puzzles = sample();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.pdn");
        write_puzzles(&path, &puzzles).unwrap();
        assert_eq!(read_puzzles(&path).unwrap(), puzzles);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("[Event \"puzzle\"]\n"), "{text}");
        assert!(text.contains("[Themes \"sacrifice\"]"), "{text}");
        assert!(text.contains("[Source \"self-play seed=3 game=9 ply=31\"]"));
    }

    /// The error of `text` after replacing `from` with `to`.
    fn damaged(from: &str, to: &str) -> FileError {
        let text = to_text(&sample()).unwrap();
        assert!(text.contains(from), "{from}");
        parse_puzzles(text.replacen(from, to, 1).as_bytes()).unwrap_err()
    }

    #[test]
    fn damaged_files_are_refused_with_their_line() {
        let text = to_text(&sample()).unwrap();
        let second = text
            .lines()
            .position(|l| l.contains("turkish-s0001"))
            .unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let second_start = lines[..second].iter().rposition(|l| l.is_empty()).unwrap() + 2;
        let cases = [
            (
                "[Themes \"sacrifice\"]",
                "[Themes \"promotion\"]",
                1,
                "solution's themes are `sacrifice`",
            ),
            ("[Event \"puzzle\"]", "[Event \"game\"]", 1, "not `puzzle`"),
            ("depth=none", "depth=deep", second_start, "field `depth`"),
            (
                "[Source \"self-play seed=3",
                "[Source \"book seed=3",
                second_start,
                "unknown source `book`",
            ),
            (
                "turkish-s0001",
                "turkish-t0001",
                second_start,
                "given twice (first on line 1)",
            ),
            (
                "[PuzzleId \"turkish-t0001\"]\n",
                "",
                1,
                "tag `PuzzleId` missing",
            ),
        ];
        for (from, to, line, words) in cases {
            let e = damaged(from, to);
            assert_eq!(e.line, line, "{from}: {e}");
            assert!(e.to_string().contains(words), "{from}: {e}");
        }
        // A move that is not legal: PDN's own error, with its line.
        let e = damaged("c3-c4", "c3-c6");
        assert!(e.line > 1 && e.to_string().contains("c3-c6"), "{e}");
        // Cut short in the middle of the last game.
        let cut = &text[..text.len() - 4];
        let e = parse_puzzles(cut.as_bytes()).unwrap_err();
        assert!(
            e.line >= second_start && e.message.contains("result token"),
            "{e}"
        );
        // Cut after the first move of the first game: an even solution or
        // no result token.
        let first_end = text.find(" *").unwrap();
        assert!(parse_puzzles(&text.as_bytes()[..first_end]).is_err());
        assert!(read_puzzles(Path::new("/nonexistent/p.pdn"))
            .unwrap_err()
            .to_string()
            .starts_with("cannot read /nonexistent/p.pdn"));
    }
}
