//! `tama show`: draw a position in the terminal, or as an SVG diagram.

use std::path::PathBuf;

use tama_api::BoardReport;
use tama_core::{Position, Rules};
use tama_notation::fen::write_fen;
use tama_notation::movetext::MoveText;

use crate::board::{color_name, BoardView};
use crate::common::{write_json, PositionArgs};
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;
use crate::terminal::{Style, StyleArgs};
use tama_notation::svg::{board_svg, Arrow, SvgOptions};

/// The options of `tama show` (its help text is the doc comment of
/// [`Command::Show`](crate::cli::Command::Show)).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  tama show
  tama show --fen 'W:Wc3,Kh1:Bc4,c6,b1,d1,a5' --flip
  tama show --fen 'B:Wd2,c4,b3,c2:BKd1' --svg diagram.svg --arrow d1xd4xb4xb2xf2

Exit codes: 0 success, 2 bad input or usage (invalid position, rules or move, unwritable file).")]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Draw the board from Black's side.
    #[arg(long)]
    pub flip: bool,
    #[command(flatten)]
    pub style: StyleArgs,
    /// Write an SVG diagram to FILE (`-` for standard output) instead of
    /// drawing the board.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Draw an arrow for this move on the SVG diagram, along the squares
    /// written (e.g. `c3-c4`, `d1xd4xb4xb2xf2`); may be repeated.
    #[arg(long, value_name = "MOVE", requires = "svg")]
    pub arrow: Vec<String>,
    /// Print a JSON object: `fen`, `turn` and `board` (eight strings, rank
    /// 8 first, `w b W B .` as on the ASCII board).
    #[arg(long, conflicts_with = "svg")]
    pub json: bool,
}

/// Runs `tama show`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let (out, term) = (&mut *io.out, io.term);
    let pos = args.position.position()?;
    let rules = args.position.rules()?;
    if let Some(path) = &args.svg {
        let arrows = args
            .arrow
            .iter()
            .map(|text| arrow(&pos, &rules, text))
            .collect::<Result<Vec<_>, _>>()?;
        let svg = board_svg(
            &pos,
            &SvgOptions {
                flip: args.flip,
                arrows,
            },
        );
        if path.as_os_str() == "-" {
            out.write_all(svg.as_bytes())?;
        } else {
            std::fs::write(path, svg)
                .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))?;
        }
        return Ok(EXIT_OK);
    }
    if args.json {
        write_json(out, &BoardReport::new(&pos))?;
        return Ok(EXIT_OK);
    }
    let view = BoardView {
        style: args.style.style(term),
        flip: args.flip,
        ..BoardView::default()
    };
    out.write_all(view.render(&pos).as_bytes())?;
    writeln!(out, "{} to move", color_name(pos.turn()))?;
    writeln!(out, "FEN: {}", write_fen(&pos))?;
    Ok(EXIT_OK)
}

/// The arrow of a move written as move text in `pos`: along the written
/// squares' path.
fn arrow(pos: &Position, rules: &Rules, text: &str) -> Result<Arrow, CliError> {
    let bad = |e: &dyn std::fmt::Display| CliError::usage(format!("invalid --arrow: {e}"));
    let written: MoveText = text.parse().map_err(|e| bad(&e))?;
    let mv = written.resolve(pos, rules).map_err(|e| bad(&e))?;
    // The path the text describes: the first one on which the written
    // squares lie in order.
    let inner = &written.squares()[1..written.squares().len() - 1];
    let path = if mv.is_capture() {
        pos.paths(rules, &mv)
            .into_iter()
            .find(|p| {
                let mut landings = p.squares()[1..].iter();
                inner.iter().all(|sq| landings.any(|l| l == sq))
            })
            .unwrap_or_else(|| pos.path(rules, &mv))
    } else {
        pos.path(rules, &mv)
    };
    Ok(Arrow {
        path: path.squares().to_vec(),
        captured: mv.captures(),
    })
}

/// The plain-text board: `w`/`b` men, `W`/`B` kings, `.` empty, rank 8 on
/// top (rank 1 on top when `flip`).
pub fn draw_board(pos: &Position, flip: bool) -> String {
    BoardView {
        style: Style::ASCII,
        flip,
        ..BoardView::default()
    }
    .render(pos)
}
