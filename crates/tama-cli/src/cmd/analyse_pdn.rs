//! `tama analyse --pdn FILE`: annotate every move of a game with the
//! engine's evaluation and best line, and mark mistakes and blunders
//! (the review, its thresholds and its comments are
//! `tama_search::review`'s).

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;

use tama_core::Move;
use tama_notation::movetext::{write_move, Annotation};
use tama_notation::pdn::{PdnGame, PdnReader};
use tama_search::review::{review, Mark};
use tama_search::{Engine, Limits};

use crate::error::{CliError, EXIT_CHECK_FAILED, EXIT_OK};
use crate::terminal::Terminal;

/// What to analyse and where the annotated PDN goes.
pub struct Job<'a> {
    /// The PDN file (`-` for standard input is not supported: the file is
    /// read once for counting).
    pub file: &'a Path,
    /// Only this game (1-based), or every game.
    pub game: Option<usize>,
    /// The search limits for each position.
    pub limits: Limits,
}

/// Analyses the games of `job.file` and writes them as annotated PDN to
/// `out`. Returns exit code 1 when a game could not be read (it is
/// reported on `err` and skipped), 0 otherwise.
pub fn run(
    job: &Job<'_>,
    engine: &mut Engine,
    out: &mut dyn Write,
    err: &mut dyn Write,
    term: Terminal,
) -> Result<u8, CliError> {
    let open = || {
        File::open(job.file)
            .map(BufReader::new)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}", job.file.display())))
    };
    let mut games = Vec::new();
    let mut code = EXIT_OK;
    for (i, item) in PdnReader::new(open()?).enumerate() {
        let number = i + 1;
        if job.game.is_some_and(|g| g != number) {
            continue;
        }
        match item {
            Ok(game) => games.push((number, game)),
            Err(e) => {
                writeln!(
                    err,
                    "{}:{}:{}: {}",
                    job.file.display(),
                    e.line,
                    e.column,
                    e.kind
                )?;
                code = EXIT_CHECK_FAILED;
            }
        }
    }
    if let Some(g) = job.game {
        if games.is_empty() && code == EXIT_OK {
            return Err(CliError::usage(format!(
                "{} has no game {g}",
                job.file.display()
            )));
        }
    }
    let total: usize = games.iter().map(|(_, g)| g.main_line().len()).sum();
    let mut done = 0;
    for (number, mut game) in games {
        annotate(&mut game, engine, &job.limits, |ply| {
            done += 1;
            if term.stderr && term.ansi {
                let _ = write!(
                    err,
                    "\r\x1b[2Kgame {number}, move {}: {done}/{total} positions",
                    ply / 2 + 1
                );
                let _ = err.flush();
            }
        })?;
        out.write_all(game.to_pdn().as_bytes())?;
    }
    if term.stderr && term.ansi && total > 0 {
        writeln!(err)?;
    }
    Ok(code)
}

/// Adds the engine's comments and marks to every main-line move of `game`.
fn annotate(
    game: &mut PdnGame,
    engine: &mut Engine,
    limits: &Limits,
    mut progress: impl FnMut(usize),
) -> Result<(), CliError> {
    let rules = *game.rules();
    let line = game.main_line();
    let moves: Vec<Move> = line.moves().collect();
    let start = *line.start();
    let verdicts = review(engine, &rules, &start, &moves, limits, &NEVER, |p| {
        progress(p.ply)
    })
    .map_err(|e| CliError::usage(e.to_string()))?;
    for (i, verdict) in verdicts.iter().enumerate() {
        let Some(v) = verdict else { continue };
        let node = game
            .main_line_mut()
            .node_mut(i)
            .ok_or_else(|| CliError::usage("game changed during analysis"))?;
        if let Some(mark) = v.mark() {
            node.set_annotation(Some(match mark {
                Mark::Mistake => Annotation::Mistake,
                Mark::Blunder => Annotation::Blunder,
            }));
        }
        let comment = v.comment(&rules, |pos, mv| write_move(pos, &rules, mv));
        node.push_comment_after(&comment)
            .map_err(|e| CliError::usage(format!("comment: {e}")))?;
    }
    Ok(())
}

/// The stop flag of a review that runs to its end.
static NEVER: AtomicBool = AtomicBool::new(false);
