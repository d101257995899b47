//! The I/O context every command runs with: the three standard streams and
//! what `main` found out about them.
//!
//! A command reads and writes only through its [`Io`]; it never prints
//! with `println!`/`eprintln!` or opens the process's streams itself
//! (tests/tidy.rs checks), so every command runs the same in-process with
//! byte buffers as on a terminal.

use std::io::{BufRead, Write};

use crate::interrupt::Interrupt;
use crate::terminal::Terminal;

/// Where a command reads and writes: `input` (standard input, for commands
/// that read it), `out` (standard output: the command's results), `err`
/// (standard error: progress and problems reported while going on, such as
/// one bad game of a PDN file; the error that ends a command is returned,
/// not written), and `term`, which of the real streams are terminals
/// ([`Terminal::NONE`] in tests).
pub struct Io<'a> {
    /// Standard input (`Send`, so that a command may read it on a thread of
    /// its own, as `tama hub` does while the engine searches).
    pub input: &'a mut (dyn BufRead + Send),
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// Standard error.
    pub err: &'a mut dyn Write,
    /// Which streams are terminals, and whether colour is allowed.
    pub term: Terminal,
    /// What stops a long command early ([`Interrupt::Never`] unless
    /// given: `main` gives the process's Ctrl-C).
    pub interrupt: Interrupt<'a>,
}

impl<'a> Io<'a> {
    /// The context of three streams, none of them a terminal.
    pub fn new(
        input: &'a mut (dyn BufRead + Send),
        out: &'a mut dyn Write,
        err: &'a mut dyn Write,
    ) -> Io<'a> {
        Io {
            input,
            out,
            err,
            term: Terminal::NONE,
            interrupt: Interrupt::Never,
        }
    }

    /// The same context with `interrupt` as what stops long commands.
    pub fn with_interrupt(self, interrupt: Interrupt<'a>) -> Io<'a> {
        Io { interrupt, ..self }
    }

    /// The same context with `term` as the terminal facts.
    pub fn with_terminal(self, term: Terminal) -> Io<'a> {
        Io { term, ..self }
    }
}
