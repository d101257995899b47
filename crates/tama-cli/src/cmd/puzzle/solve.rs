//! Solving puzzles in the terminal: the board, the solver's moves, the
//! opponent's replies, hints, the rating after each puzzle.

use std::collections::HashSet;
use std::path::PathBuf;

use tama_core::{Move, Position, Rules};
use tama_notation::{parse_move, write_line, write_move};
use tama_puzzle::rating::Rating;
use tama_puzzle::trainer::{choose, Attempt, Hint, Status, Step};
use tama_puzzle::{Label, Puzzle};

use super::{load, rating_path, rules_and_preset};
use crate::board::{color_name, BoardView, Marks};
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;
use crate::terminal::{Style, StyleArgs};

/// The options of solving.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The rules. Default: `armenian`.
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
    /// A puzzle file (default: the built-in puzzles of the rules).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Only puzzles of this difficulty: easy, medium, hard, expert.
    #[arg(long, value_name = "LABEL", value_parser = |s: &str| s.parse::<Label>())]
    pub difficulty: Option<Label>,
    /// Start with this puzzle.
    #[arg(long, value_name = "ID")]
    pub id: Option<String>,
    /// Stop after this many puzzles.
    #[arg(long, value_name = "N")]
    pub count: Option<usize>,
    /// The rating file (default: tama/puzzle-rating.txt in the user's
    /// data directory).
    #[arg(long, value_name = "FILE")]
    pub rating_file: Option<PathBuf>,
    #[command(flatten)]
    pub style: StyleArgs,
}

/// What a line typed at the prompt asks.
enum Input<'t> {
    Hint,
    Solution,
    Skip,
    Quit,
    Help,
    Move(&'t str),
}

fn input(line: &str) -> Input<'_> {
    match line {
        "hint" | "h" => Input::Hint,
        "solution" | "s" => Input::Solution,
        "skip" | "next" => Input::Skip,
        "quit" | "q" | "exit" => Input::Quit,
        "help" | "?" => Input::Help,
        other => Input::Move(other),
    }
}

const HELP: &str = "Type your move (c3-c4, d1xb2) or: hint (the piece, then the move), \
solution, skip, quit. After a wrong move, try again: the puzzle counts as failed, but you \
can still find the win.";

/// Runs the solving session.
pub fn run(args: &SolveArgs, io: &mut Io<'_>) -> CmdResult {
    let (rules, preset) = rules_and_preset(args.rules.as_deref())?;
    let puzzles = load(args.file.as_deref(), &rules, preset)?;
    let rating_file = rating_path(args.rating_file.as_ref())?;
    let mut rating = Rating::load(&rating_file).map_err(CliError::usage)?;
    let style = args.style.style(io.term);
    let mut done = HashSet::new();
    let mut next = match &args.id {
        Some(id) => Some(
            puzzles
                .iter()
                .position(|p| &p.id == id)
                .ok_or_else(|| CliError::usage(format!("no puzzle `{id}`")))?,
        ),
        None => choose(&puzzles, rating.rating, args.difficulty, &done),
    };
    if next.is_none() {
        writeln!(io.out, "No puzzle to solve.")?;
    }
    let mut count = 0;
    while let Some(i) = next {
        let p = &puzzles[i];
        done.insert(p.id.clone());
        count += 1;
        let quit = solve_one(p, &rules, style, &mut rating, &rating_file, io)?;
        if quit || args.count.is_some_and(|n| count >= n) {
            break;
        }
        next = choose(&puzzles, rating.rating, args.difficulty, &done);
        if next.is_none() {
            writeln!(io.out, "No more puzzles.")?;
        }
    }
    Ok(EXIT_OK)
}

/// The board of `pos` from the solver's side, the last move marked.
fn board(style: Style, solver_black: bool, pos: &Position, marks: Option<&Marks>) -> String {
    BoardView {
        style,
        flip: solver_black,
        marks,
        ..BoardView::default()
    }
    .render(pos)
}

/// One puzzle: returns whether the solver asked to quit.
fn solve_one(
    p: &Puzzle,
    rules: &Rules,
    style: Style,
    rating: &mut Rating,
    rating_file: &std::path::Path,
    io: &mut Io<'_>,
) -> Result<bool, CliError> {
    let black = p.solver() == tama_core::Color::Black;
    let mut attempt = Attempt::new(p.clone());
    // The themes only when the code found some.
    let themes = match p.themes.is_empty() {
        true => String::new(),
        false => format!("; themes: {}", tama_puzzle::theme::write(&p.themes)),
    };
    writeln!(
        io.out,
        "\nPuzzle {} ({}, rating {}{themes}; from {}). Your rating: {:.0}",
        p.id,
        p.difficulty.label(),
        p.rating(),
        p.source.kind(),
        rating.rating
    )?;
    write!(io.out, "{}", board(style, black, &p.start, None))?;
    writeln!(io.out, "{} to move and win.", color_name(p.solver()))?;
    let mut quit = false;
    loop {
        write!(io.out, "puzzle> ")?;
        io.out.flush()?;
        let mut line = String::new();
        if io.input.read_line(&mut line)? == 0 {
            writeln!(io.out)?;
            quit = true;
            break;
        }
        let pos = attempt.position();
        match input(line.trim()) {
            Input::Help => writeln!(io.out, "{HELP}")?,
            Input::Quit => {
                quit = true;
                break;
            }
            Input::Skip => break,
            Input::Hint => match attempt.hint() {
                Some(Hint::Piece(sq)) => writeln!(io.out, "Hint: move the piece on {sq}.")?,
                Some(Hint::Move(mv)) => {
                    writeln!(io.out, "Hint: play {}.", write_move(&pos, rules, &mv))?
                }
                None => writeln!(io.out, "The puzzle is over.")?,
            },
            Input::Solution => {
                let rest = attempt.show_solution();
                writeln!(
                    io.out,
                    "Solution: {}",
                    write_line(&pos, rules, rest).join(" ")
                )?;
                break;
            }
            Input::Move(text) => {
                let mv = match parse_move(text, &pos, rules) {
                    Ok(mv) => mv,
                    Err(e) => {
                        writeln!(io.out, "Not a move here: {e}. ({HELP})")?;
                        continue;
                    }
                };
                if step(&mut attempt, mv, rules, style, black, io)? {
                    break;
                }
            }
        }
    }
    if let Some(score) = attempt.score_on_leaving() {
        let before = rating.rating;
        rating.record(p.rating(), score);
        rating.save(rating_file).map_err(CliError::usage)?;
        writeln!(
            io.out,
            "Rating: {before:.0} -> {:.0} ({:+.0}).",
            rating.rating,
            rating.rating - before
        )?;
    } else if !quit {
        writeln!(io.out, "Skipped (not rated).")?;
    }
    Ok(quit)
}

/// Plays the solver's `mv`; returns whether the puzzle is over.
fn step(
    attempt: &mut Attempt,
    mv: Move,
    rules: &Rules,
    style: Style,
    black: bool,
    io: &mut Io<'_>,
) -> Result<bool, CliError> {
    let pos = attempt.position();
    match attempt.play(mv) {
        Step::Wrong => {
            writeln!(
                io.out,
                "{} does not win. Try again (the puzzle counts as failed), or type `hint` or `solution`.",
                write_move(&pos, rules, &mv),
            )?;
            Ok(false)
        }
        Step::Over => Ok(true),
        Step::Correct { reply: None } => {
            let after = pos.play_unchecked(&mv);
            let marks = Marks::of_move(&pos, rules, &mv);
            write!(io.out, "{}", board(style, black, &after, Some(&marks)))?;
            if attempt.status() == Status::Solved {
                writeln!(io.out, "Solved!")?;
            } else {
                writeln!(
                    io.out,
                    "Played out, after a wrong move: failed, but well found."
                )?;
            }
            Ok(true)
        }
        Step::Correct { reply: Some(reply) } => {
            let between = pos.play_unchecked(&mv);
            let marks = Marks::of_move(&between, rules, &reply);
            writeln!(
                io.out,
                "Correct. {} answers {}.",
                color_name(between.turn()),
                write_move(&between, rules, &reply)
            )?;
            write!(
                io.out,
                "{}",
                board(style, black, &attempt.position(), Some(&marks))
            )?;
            Ok(false)
        }
    }
}
