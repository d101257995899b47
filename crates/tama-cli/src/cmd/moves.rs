//! `tama moves`: list the legal moves of a position.

use tama_notation::json::legal_moves_json;
use tama_notation::movetext::write_move;

use crate::common::{write_json, PositionArgs};
use crate::error::CmdResult;
use crate::io::Io;

/// List the legal moves, one per line in move text (sorted).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  tama moves\n  tama moves --fen 'B:Wd2,c4,b3,c2:BKd1' --json")]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print a JSON array of move objects (`move`, `from`, `to`, `path`,
    /// `captures`, `promotes`).
    #[arg(long)]
    pub json: bool,
}

/// Runs `tama moves`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let out = &mut *io.out;
    let pos = args.position.position()?;
    let rules = args.position.rules()?;
    if args.json {
        write_json(out, &legal_moves_json(&pos, &rules))?;
    } else {
        let moves = pos.legal_moves(&rules);
        let mut texts: Vec<String> = moves.iter().map(|m| write_move(&pos, &rules, m)).collect();
        texts.sort();
        for t in &texts {
            writeln!(out, "{t}")?;
        }
    }
    Ok(crate::error::EXIT_OK)
}
