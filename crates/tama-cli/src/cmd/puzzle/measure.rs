//! `tama puzzle measure`.

use std::path::PathBuf;

use tama_puzzle::{difficulty, read_puzzles, write_puzzles};

use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;

/// Measure the difficulty of every puzzle of a file again.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
For a file built before a change of the engine: the positions and
solutions stay, the difficulties are measured again (docs/PUZZLES.md).")]
pub struct Args {
    /// The puzzle file to read.
    #[arg(long, value_name = "FILE")]
    pub file: PathBuf,
    /// The puzzle file to write (may be the same).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Runs `tama puzzle measure`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let mut puzzles = read_puzzles(&args.file)
        .map_err(|e| CliError::usage(format!("{}: {e}", args.file.display())))?;
    let err = &mut *io.err;
    difficulty::remeasure(&mut puzzles, |done, total| {
        if done % 100 == 0 || done == total {
            let _ = writeln!(err, "{done}/{total} measured");
        }
    });
    write_puzzles(&args.out, &puzzles).map_err(CliError::usage)?;
    writeln!(
        io.out,
        "{} puzzles written to {}",
        puzzles.len(),
        args.out.display()
    )?;
    Ok(EXIT_OK)
}
