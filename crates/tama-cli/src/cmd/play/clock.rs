//! The clocks of `tama play`: typed lines read on a thread of their own,
//! so that the side to move's clock is charged while its player thinks, a
//! flag falls on time even while nobody types, and on a terminal the
//! clocks in the prompt tick.

use std::io::BufRead;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use tama_core::Outcome;

use super::session::{Io, Session};
use crate::error::CliError;

/// How often a ticking clock is redrawn.
const TICK: Duration = Duration::from_millis(200);

/// A line read, `None` at the end of the input.
type Read = std::io::Result<Option<String>>;

impl Session<'_> {
    /// Reads and carries out lines until `quit` or the end of `input`.
    /// Lines are read one at a time, when the prompt asks for one, by a
    /// reader thread; the session waits for each while charging the
    /// running clock.
    pub(super) fn read_lines(&mut self, input: &mut (dyn BufRead + Send)) -> Io {
        std::thread::scope(|s| {
            let (ask, asked) = mpsc::channel::<()>();
            let (give, got) = mpsc::channel::<Read>();
            s.spawn(move || {
                for () in asked {
                    let mut line = String::new();
                    let read = input.read_line(&mut line).map(|n| (n > 0).then_some(line));
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

    fn command_loop(&mut self, ask: &mpsc::Sender<()>, got: &Receiver<Read>) -> Io {
        loop {
            self.prompt()?;
            // The reader lives as long as this loop.
            let _ = ask.send(());
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
                        self.prompt()?;
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
