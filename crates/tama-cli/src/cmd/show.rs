//! `tama show`: draw a position.

use std::io::Write;

use tama_core::{Position, Square};
use tama_notation::fen::write_fen;

use crate::common::PositionArgs;
use crate::error::CmdResult;

/// Draw the board with coordinates, the side to move and the position text.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama show\n  tama show --fen 'W:Wc3,Kh1:Bc4,c6,b1,d1,a5' --flip"
)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Draw the board from Black's side.
    #[arg(long)]
    pub flip: bool,
}

/// Runs `tama show`.
pub fn run(args: &Args, out: &mut dyn Write) -> CmdResult {
    let pos = args.position.position()?;
    args.position.rules()?;
    out.write_all(draw_board(&pos, args.flip).as_bytes())?;
    writeln!(out, "{} to move", capitalize(pos.turn().name()))?;
    writeln!(out, "FEN: {}", write_fen(&pos))?;
    Ok(crate::error::EXIT_OK)
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Plain-text board: `w`/`b` men, `W`/`B` kings, `.` empty, rank 8 on top
/// (rank 1 on top when `flip`).
pub fn draw_board(pos: &Position, flip: bool) -> String {
    let mut s = String::new();
    let files: Vec<u8> = if flip {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let ranks: Vec<u8> = if flip {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let file_line: String = files
        .iter()
        .map(|f| format!(" {}", (b'a' + f) as char))
        .collect();
    s.push_str(&format!("   {file_line}\n"));
    s.push_str("  +-----------------+\n");
    for &r in &ranks {
        s.push_str(&format!("{} |", r + 1));
        for &f in &files {
            let c = Square::from_coords(f, r)
                .and_then(|sq| pos.piece_at(sq))
                .map_or('.', |p| p.char());
            s.push(' ');
            s.push(c);
        }
        s.push_str(&format!(" | {}\n", r + 1));
    }
    s.push_str("  +-----------------+\n");
    s.push_str(&format!("   {file_line}\n"));
    s
}
