//! The CLI's error: one line for the user and the exit code.

use std::fmt;

/// Exit code: success.
pub const EXIT_OK: u8 = 0;
/// Exit code: a check failed (for example `pdn check` found an invalid game).
pub const EXIT_CHECK_FAILED: u8 = 1;
/// Exit code: reading or writing a standard stream failed (the output
/// could not be written: a full disk, a closed pipe). The same code as a
/// failed check: the command did not do what it was asked, through no
/// fault of its input.
pub const EXIT_IO_FAILED: u8 = 1;
/// Exit code: bad input or usage (invalid FEN, rules text, arguments, an
/// unreadable file).
pub const EXIT_USAGE: u8 = 2;

/// An error that ends the command: a one-line message and an exit code.
#[derive(Debug)]
pub struct CliError {
    /// The exit code ([`EXIT_CHECK_FAILED`], [`EXIT_IO_FAILED`] or
    /// [`EXIT_USAGE`]).
    pub code: u8,
    /// One line naming the problem, without the `error: ` prefix.
    pub message: String,
    /// The reader of the output went away (a closed pipe, as `| head`
    /// closes it once it has its lines): the command ends there, with no
    /// message and exit code 0, as the tools it is piped into expect.
    pub pipe_closed: bool,
}

impl CliError {
    /// Bad input or usage (exit code 2).
    pub fn usage(message: impl fmt::Display) -> CliError {
        CliError {
            code: EXIT_USAGE,
            message: message.to_string(),
            pipe_closed: false,
        }
    }

    /// A failed read or write of a stream (exit code 1).
    pub fn io(e: &std::io::Error) -> CliError {
        CliError {
            code: EXIT_IO_FAILED,
            message: format!("i/o error: {e}"),
            pipe_closed: e.kind() == std::io::ErrorKind::BrokenPipe,
        }
    }

    /// A failed check (exit code 1).
    pub fn check_failed(message: impl fmt::Display) -> CliError {
        CliError {
            code: EXIT_CHECK_FAILED,
            message: message.to_string(),
            pipe_closed: false,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The `?` of a read or write of a stream: an I/O failure. A file the
/// user named that cannot be read is bad input instead, mapped where it is
/// opened (`cannot read FILE: …`, exit code 2).
impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError::io(&e)
    }
}

/// The result of a command: the exit code to end with (0 or 1), or an
/// error that ends it with one message.
pub type CmdResult = Result<u8, CliError>;

#[cfg(test)]
mod tests {
    use std::io::{self, Write};

    use super::*;
    use crate::io::Io;

    /// A standard output that refuses every write, as a closed pipe or a
    /// full disk does.
    struct Failing;

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::other("disk full"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::other("disk full"))
        }
    }

    #[test]
    fn a_failed_write_of_the_output_is_an_io_failure_not_bad_input() {
        for args in [
            &["tama", "show"][..],
            &["tama", "show", "--json"],
            &["tama", "moves"],
        ] {
            let mut input = io::empty();
            let (mut out, mut err) = (Failing, Vec::new());
            let code = crate::run_with(args, &mut Io::new(&mut input, &mut out, &mut err));
            let err = String::from_utf8(err).unwrap();
            assert_eq!(code, EXIT_IO_FAILED, "{args:?}: {err}");
            assert_eq!(err, "error: i/o error: disk full\n", "{args:?}");
        }
        // Bad input is still exit code 2.
        let mut input = io::empty();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let args = ["tama", "show", "--fen", "nonsense"];
        let code = crate::run_with(args, &mut Io::new(&mut input, &mut out, &mut err));
        assert_eq!(code, EXIT_USAGE);
    }

    /// A standard output whose reader has gone, as `| head` leaves it.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
    }

    #[test]
    fn a_closed_pipe_ends_the_command_quietly() {
        let mut input = io::empty();
        let (mut out, mut err) = (Closed, Vec::new());
        let code = crate::run_with(
            ["tama", "moves"],
            &mut Io::new(&mut input, &mut out, &mut err),
        );
        assert_eq!(
            (code, String::from_utf8(err).unwrap()),
            (EXIT_OK, String::new())
        );
    }
}
