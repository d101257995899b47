//! The CLI's error: one line for the user and the exit code.

use std::fmt;

/// Exit code: success.
pub const EXIT_OK: u8 = 0;
/// Exit code: a check failed (for example `pdn check` found an invalid game).
pub const EXIT_CHECK_FAILED: u8 = 1;
/// Exit code: bad input or usage (invalid FEN, rules text, arguments, an
/// unreadable file).
pub const EXIT_USAGE: u8 = 2;

/// An error that ends the command: a one-line message and an exit code.
#[derive(Debug)]
pub struct CliError {
    /// The exit code ([`EXIT_CHECK_FAILED`] or [`EXIT_USAGE`]).
    pub code: u8,
    /// One line naming the problem, without the `error: ` prefix.
    pub message: String,
}

impl CliError {
    /// Bad input or usage (exit code 2).
    pub fn usage(message: impl fmt::Display) -> CliError {
        CliError {
            code: EXIT_USAGE,
            message: message.to_string(),
        }
    }

    /// A failed check (exit code 1).
    pub fn check_failed(message: impl fmt::Display) -> CliError {
        CliError {
            code: EXIT_CHECK_FAILED,
            message: message.to_string(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError::usage(format!("i/o error: {e}"))
    }
}

/// The result of a command: the exit code to end with (0 or 1), or an
/// error that ends it with one message.
pub type CmdResult = Result<u8, CliError>;
