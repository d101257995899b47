//! The clocks of `tama play`: typed lines read on a thread of their own,
//! so that the side to move's clock is charged while its player thinks, a
//! flag falls on time even while nobody types, and on a terminal the
//! clocks in the prompt tick. On a terminal the thread reads through the
//! line editor, which shows the prompt itself.

use std::io::BufRead;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use tama_core::Outcome;

use super::session::{Io, Session};
use crate::error::CliError;
use crate::line_edit::LineEditor;

/// How often a ticking clock is redrawn.
const TICK: Duration = Duration::from_millis(200);

/// A line read, `None` at the end of the input.
type Read = std::io::Result<Option<String>>;

/// What the session asks the reader for: a line, after this prompt (the
/// line editor shows it; without one the session has written it), with
/// these words for completion.
struct Ask {
    prompt: String,
    words: Vec<String>,
}

impl Session<'_> {
    /// Reads and carries out lines until `quit` or the end of `input`.
    /// Lines are read one at a time, when the prompt asks for one, by a
    /// reader thread; the session waits for each while charging the
    /// running clock.
    pub(super) fn read_lines(
        &mut self,
        input: &mut (dyn BufRead + Send),
        mut editor: Option<&mut dyn LineEditor>,
    ) -> Io {
        self.editing = editor.is_some();
        std::thread::scope(|s| {
            let (ask, asked) = mpsc::channel::<Ask>();
            let (give, got) = mpsc::channel::<Read>();
            s.spawn(move || {
                for Ask { prompt, words } in asked {
                    let read = match editor.as_deref_mut() {
                        Some(editor) => editor.read_line(&prompt, &words),
                        None => {
                            let mut line = String::new();
                            input.read_line(&mut line).map(|n| (n > 0).then_some(line))
                        }
                    };
                    if give.send(read).is_err() {
                        break;
                    }
                }
            });
            let result = self.command_loop(&ask, &got);
            // The reader waits for the next request, or is at the end.
            drop(ask);
            result
        })
    }

    fn command_loop(&mut self, ask: &mpsc::Sender<Ask>, got: &Receiver<Read>) -> Io {
        loop {
            let prompt = self.prompt()?;
            let words = if self.editing {
                self.completions()
            } else {
                Vec::new()
            };
            // The reader lives as long as this loop.
            let _ = ask.send(Ask { prompt, words });
            let Some(line) = self.wait_for_line(got)? else {
                // End of input: leave quietly, on a fresh line.
                writeln!(self.out)?;
                return Ok(());
            };
            if !self.line(&line)? {
                return Ok(());
            }
        }
    }

    /// Waits for the line asked for, charging the running clock as time
    /// passes: a flag ends the game (the board and the ending are shown,
    /// then the prompt again), and on a terminal the prompt's clocks are
    /// redrawn.
    fn wait_for_line(&mut self, got: &Receiver<Read>) -> Result<Option<String>, CliError> {
        loop {
            let Some(turn) = self.game.running_clock() else {
                return Ok(got.recv().unwrap_or(Ok(None))?);
            };
            let left = self.game.clock().map_or(Duration::ZERO, |c| c.left(turn));
            let until_flag = left.saturating_sub(self.mark.elapsed());
            let wait = until_flag.min(TICK) + Duration::from_millis(1);
            match got.recv_timeout(wait) {
                Ok(read) => {
                    if self.charge().is_some() {
                        self.show()?;
                    }
                    return Ok(read?);
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
                Err(RecvTimeoutError::Timeout) => {
                    if self.charge().is_some() {
                        self.show()?;
                        // The editor draws its prompt again at the next key.
                        if !self.editing {
                            self.prompt()?;
                        }
                    } else if self.config.term.live_output() {
                        self.redraw_clocks()?;
                    }
                }
            }
        }
    }

    /// Charges the side to move's clock the time since it was last
    /// charged (or started); the outcome if its flag fell now.
    pub(super) fn charge(&mut self) -> Option<Outcome> {
        let now = Instant::now();
        let elapsed = now.duration_since(self.mark);
        self.mark = now;
        self.game.running_clock()?;
        self.game.tick(elapsed)
    }

    /// Rewrites the clocks at the start of the prompt's line, leaving the
    /// cursor where the player is typing.
    fn redraw_clocks(&mut self) -> Io {
        if let Some(clocks) = self.clocks() {
            write!(self.out, "\x1b7\r{clocks}\x1b8")?;
            self.out.flush()?;
        }
        Ok(())
    }
}
