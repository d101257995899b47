//! `tama`: play and analyse Armenian draughts (Tama) from the terminal.
//!
//! The only place that touches the process's streams: everything else
//! reads and writes through the [`tama_cli::io::Io`] it is given.

use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let term = tama_cli::terminal::Terminal::detect([
        stdin.is_terminal(),
        stdout.is_terminal(),
        stderr.is_terminal(),
    ]);
    // Buffered over `Stdin`, not its lock (which may not leave this
    // thread): `tama hub` reads on a thread of its own.
    let mut input = std::io::BufReader::new(stdin);
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    let mut io = tama_cli::io::Io::new(&mut input, &mut out, &mut err)
        .with_terminal(term)
        .with_interrupt(tama_cli::interrupt::Interrupt::CtrlC);
    ExitCode::from(tama_cli::run_with(std::env::args_os(), &mut io))
}
