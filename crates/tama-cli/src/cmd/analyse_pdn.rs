//! `tama analyse --pdn FILE`: annotate every move of a game with the
//! engine's evaluation and best line, and mark mistakes and blunders.

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::Path;

use tama_core::{Color, Move, Position, Rules};
use tama_notation::movetext::{write_move, Annotation};
use tama_notation::pdn::{PdnGame, PdnReader};
use tama_search::{Engine, Limits, Score, SearchResult};

use crate::error::{CliError, EXIT_CHECK_FAILED, EXIT_OK};
use crate::terminal::Terminal;

/// A move that loses at least this much (centi-men) against the engine's
/// best move is a mistake (`?`).
pub const MISTAKE_LOSS: i32 = 50;
/// A move that loses at least this much (centi-men) is a blunder (`??`).
pub const BLUNDER_LOSS: i32 = 150;

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

/// The analysis of one position of the game: the engine's best move and
/// score, and the score of the move played (both for the side to move).
struct Verdict {
    best: Move,
    best_score: Score,
    pv: Vec<Move>,
    played_score: Score,
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
    let mut positions = vec![*line.start()];
    for (i, mv) in moves.iter().enumerate() {
        positions.push(positions[i].play_unchecked(mv));
    }
    for (i, mv) in moves.iter().enumerate() {
        let verdict = judge(engine, &positions, i, *mv, &rules, limits);
        progress(i);
        let Some(v) = verdict else { continue };
        let pos = &positions[i];
        let node = game
            .main_line_mut()
            .node_mut(i)
            .ok_or_else(|| CliError::usage("game changed during analysis"))?;
        let loss = v.best_score.raw().saturating_sub(v.played_score.raw());
        let mark = if v.best == *mv {
            None
        } else if loss >= BLUNDER_LOSS {
            Some(Annotation::Blunder)
        } else if loss >= MISTAKE_LOSS {
            Some(Annotation::Mistake)
        } else {
            None
        };
        if mark.is_some() {
            node.set_annotation(mark);
        }
        let comment = comment(pos, &rules, &v, *mv);
        node.push_comment_after(&comment)
            .map_err(|e| CliError::usage(format!("comment: {e}")))?;
    }
    Ok(())
}

/// Searches the position before move `i` and the one after it.
fn judge(
    engine: &mut Engine,
    positions: &[Position],
    i: usize,
    played: Move,
    rules: &Rules,
    limits: &Limits,
) -> Option<Verdict> {
    let before = &positions[i];
    let SearchResult::Move(best) = engine.search(before, &positions[..i], rules, limits, |_| {})
    else {
        return None;
    };
    let played_score = if best.mv == played {
        best.score
    } else {
        let after = &positions[i + 1];
        match engine.search(after, &positions[..=i], rules, limits, |_| {}) {
            SearchResult::Move(reply) => -reply.score,
            SearchResult::GameOver(outcome) => match outcome.winner {
                Some(w) if w == before.turn() => Score::win_in(1),
                Some(_) => Score::loss_in(1),
                None => Score::DRAW,
            },
        }
    };
    Some(Verdict {
        best: best.mv,
        best_score: best.score,
        pv: best.pv,
        played_score,
    })
}

/// `+0.35 best c3-c4 (c3-c4 f6-f5 …)`: the evaluation from White's side
/// after the move played, and the engine's line when it preferred another
/// move.
fn comment(pos: &Position, rules: &Rules, v: &Verdict, played: Move) -> String {
    let white = |s: Score| if pos.turn() == Color::White { s } else { -s };
    let mut text = format!("{}", white(v.played_score));
    if v.best != played {
        text.push_str(&format!(" best {}", write_move(pos, rules, &v.best)));
        text.push_str(&format!(" {}", white(v.best_score)));
    }
    let mut p = *pos;
    let mut words = Vec::new();
    for mv in v.pv.iter().take(8) {
        if !p.is_legal(rules, mv) {
            break;
        }
        words.push(write_move(&p, rules, mv));
        p = p.play_unchecked(mv);
    }
    if !words.is_empty() {
        text.push_str(&format!(" line {}", words.join(" ")));
    }
    text
}
