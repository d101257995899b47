//! `tama hub`: the engine over the Hub protocol (docs/HUB.md).

use crate::error::{CmdResult, EXIT_OK};
use crate::io::Io;

/// Run the engine over the Hub protocol (Scan 3.1's, version 2) on
/// standard input and output, for pydraughts and Hub GUIs.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The client sets the rules with `set-param name=variant value=turkish` (armenian, turkish, armenian-orthogonal); see docs/HUB.md.\n\nExample:\n  printf 'hub\\ninit\\npos pos=Weeeeeeeebbbbbbbbbbbbbbbbeeeeeeeeeeeeeeeewwwwwwwwwwwwwwwweeeeeeee\\nlevel depth=6\\ngo think\\nquit\\n' | tama hub"
)]
pub struct Args {}

/// Runs `tama hub` until `quit` or the end of standard input.
pub fn run(_args: &Args, io: &mut Io<'_>) -> CmdResult {
    tama_hub::run(&mut *io.input, &mut *io.out, tama_hub::Identity::default())?;
    Ok(EXIT_OK)
}
