//! What the process's streams are connected to, and the drawing style that
//! follows from it.
//!
//! [`crate::run`] is used in-process by the tests with byte buffers, so the
//! library never asks the operating system about the streams: `main` asks
//! once, builds the [`Terminal`] with [`Terminal::detect`] and passes it to
//! [`crate::run_with`] in the [`Io`](crate::io::Io). Without it, nothing is
//! a terminal: output is plain ASCII without colour or progress lines, the
//! same on every machine.

use clap::Args;

/// Which standard streams are interactive terminals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terminal {
    /// Standard input is a terminal (the user's typing is echoed by it).
    pub stdin: bool,
    /// Standard output is a terminal.
    pub stdout: bool,
    /// Standard error is a terminal (progress bars go there).
    pub stderr: bool,
    /// The terminal understands ANSI escape sequences (`TERM` is not
    /// `dumb`): lines can be rewritten in place.
    pub ansi: bool,
    /// Colour is allowed: `ansi`, and `NO_COLOR` is unset (or empty).
    pub color_allowed: bool,
}

impl Terminal {
    /// No terminal at all (files, pipes, tests).
    pub const NONE: Terminal = Terminal {
        stdin: false,
        stdout: false,
        stderr: false,
        ansi: false,
        color_allowed: false,
    };

    /// The facts for standard streams of which `main` found out whether
    /// each is a terminal (`[stdin, stdout, stderr]`), with the
    /// environment's `NO_COLOR` and `TERM`.
    pub fn detect([stdin, stdout, stderr]: [bool; 3]) -> Terminal {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var_os("TERM").is_some_and(|v| v == "dumb");
        Terminal {
            stdin,
            stdout,
            stderr,
            ansi: !dumb,
            color_allowed: !no_color && !dumb,
        }
    }

    /// Whether live progress lines (rewritten in place) may be written to
    /// standard output.
    pub fn live_output(&self) -> bool {
        self.stdout && self.ansi
    }
}

/// Characters and colours of a drawn board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Unicode pieces and frame instead of ASCII letters.
    pub unicode: bool,
    /// ANSI colours (squares, pieces, the last move).
    pub color: bool,
}

impl Style {
    /// Plain ASCII.
    pub const ASCII: Style = Style {
        unicode: false,
        color: false,
    };
}

/// `--ascii` and `--unicode`: override the board style chosen from the
/// terminal.
#[derive(Debug, Clone, Default, Args)]
pub struct StyleArgs {
    /// Draw the board in plain ASCII (the default when the output is not a
    /// terminal or `NO_COLOR` is set).
    #[arg(long, conflicts_with = "unicode")]
    pub ascii: bool,
    /// Draw the board with Unicode pieces even when the output is not a
    /// terminal (colours only on a terminal without `NO_COLOR`).
    #[arg(long)]
    pub unicode: bool,
}

impl StyleArgs {
    /// The style for standard output: Unicode pieces on coloured squares
    /// on a terminal that allows colour, ASCII otherwise, unless overridden.
    pub fn style(&self, term: Terminal) -> Style {
        let colour_terminal = term.stdout && term.color_allowed;
        if self.ascii {
            Style::ASCII
        } else if self.unicode {
            Style {
                unicode: true,
                color: colour_terminal,
            }
        } else {
            Style {
                unicode: colour_terminal,
                color: colour_terminal,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn style_follows_the_terminal_and_the_flags() {
        let tty = Terminal {
            stdin: true,
            stdout: true,
            stderr: true,
            ansi: true,
            color_allowed: true,
        };
        let no_color = Terminal {
            color_allowed: false,
            ..tty
        };
        let auto = StyleArgs::default();
        let ascii = StyleArgs {
            ascii: true,
            unicode: false,
        };
        let unicode = StyleArgs {
            ascii: false,
            unicode: true,
        };
        let colour = Style {
            unicode: true,
            color: true,
        };
        let plain_unicode = Style {
            unicode: true,
            color: false,
        };
        assert_eq!(auto.style(tty), colour);
        assert_eq!(auto.style(no_color), Style::ASCII);
        assert_eq!(auto.style(Terminal::NONE), Style::ASCII);
        assert_eq!(ascii.style(tty), Style::ASCII);
        assert_eq!(unicode.style(Terminal::NONE), plain_unicode);
        assert_eq!(unicode.style(no_color), plain_unicode);
        assert_eq!(unicode.style(tty), colour);
        assert!(no_color.live_output() && !Terminal::NONE.live_output());
    }
}
