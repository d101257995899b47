//! `tama moves`: list the legal moves of a position.

use tama_notation::json::move_json;
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
    let moves = pos.legal_moves(&rules);
    if args.json {
        let mut objs: Vec<_> = moves.iter().map(|m| move_json(&pos, &rules, m)).collect();
        objs.sort_by(|a, b| a.text.cmp(&b.text));
        let value = serde_json::to_value(objs).map_err(crate::error::CliError::usage)?;
        write_json(out, &value)?;
    } else {
        let mut texts: Vec<String> = moves.iter().map(|m| write_move(&pos, &rules, m)).collect();
        texts.sort();
        for t in &texts {
            writeln!(out, "{t}")?;
        }
    }
    Ok(crate::error::EXIT_OK)
}
