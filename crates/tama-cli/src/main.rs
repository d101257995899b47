//! `tama`: play and analyse Armenian draughts (Tama) from the terminal.

use std::process::ExitCode;

fn main() -> ExitCode {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    let term = tama_cli::terminal::Terminal::detect();
    let code = tama_cli::run_with(std::env::args_os(), &mut input, &mut out, &mut err, term);
    ExitCode::from(code)
}
