//! The user's Ctrl-C for long jobs: a command that can stop cleanly
//! (`tama book build`, `tama egtb gen`) asks its [`Io`](crate::io::Io)'s
//! interrupt for a stop flag ([`Interrupt::flag`]), finishes
//! the step it is in, saves its work and ends with [`EXIT_INTERRUPTED`]
//! and a line saying how to go on.
//!
//! The handler is installed only when such a command asks for the flag
//! of a real process ([`Interrupt::CtrlC`]), so every other command keeps
//! the system's Ctrl-C (and `tama serve` its own). The first Ctrl-C (or
//! SIGTERM, as a cluster's scheduler sends) sets the flag; a second one
//! ends the process at once (exit code 130), losing the step in progress
//! but never a saved file: state files and outputs are written whole or
//! not at all.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// Exit code: stopped by the user (Ctrl-C) with the work so far saved;
/// 128 + SIGINT, as shells report a process ended by Ctrl-C.
pub const EXIT_INTERRUPTED: u8 = 130;

/// What stops a long command early.
#[derive(Clone, Copy, Debug, Default)]
pub enum Interrupt<'a> {
    /// Nothing: the command runs to its end (the default of
    /// [`Io::new`](crate::io::Io::new), for in-process runs).
    #[default]
    Never,
    /// The process's Ctrl-C and SIGTERM (what `main` gives).
    CtrlC,
    /// A flag its owner sets (tests, a program embedding the CLI).
    Flag(&'a AtomicBool),
}

impl<'a> Interrupt<'a> {
    /// The flag to watch: for [`Interrupt::CtrlC`] the handler is
    /// installed now (once per process). Where it cannot be installed
    /// the system's Ctrl-C stays, and the flag is never set.
    pub fn flag(self) -> &'a AtomicBool {
        static NEVER: AtomicBool = AtomicBool::new(false);
        match self {
            Interrupt::Never => &NEVER,
            Interrupt::Flag(f) => f,
            Interrupt::CtrlC => ctrl_c().unwrap_or(&NEVER),
        }
    }
}

/// Installs the handler (once) and returns the flag it sets.
fn ctrl_c() -> Option<&'static AtomicBool> {
    static REQUESTED: AtomicBool = AtomicBool::new(false);
    static INSTALLED: OnceLock<bool> = OnceLock::new();
    let ok = *INSTALLED.get_or_init(|| {
        // The handler runs on a thread of its own; it does not print:
        // the command's thread may hold standard error's lock.
        ctrlc::set_handler(|| {
            if REQUESTED.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            }
        })
        .is_ok()
    });
    ok.then_some(&REQUESTED)
}
