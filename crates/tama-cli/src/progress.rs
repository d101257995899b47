//! Progress of long commands on the command's own `err` stream.
//!
//! A command's streams belong to the thread that runs it and cannot be
//! shared with worker threads, while a library reports progress from any
//! thread. [`relayed`] runs the work on its own thread and writes what it
//! reports to `err` as it comes: plain lines ([`Relay::line`]) and live
//! progress bars ([`Relay::bars`], for indicatif).

use std::fmt;
use std::io::{self, Write};
use std::sync::mpsc;

use indicatif::{ProgressDrawTarget, TermLike};

use crate::error::CliError;

/// Width of the live bars' lines, in columns.
const WIDTH: u16 = 80;
/// Redraws of the live bars per second.
const REFRESH_HZ: u8 = 20;

/// Where the work's progress goes: text for the `err` stream.
#[derive(Clone, Debug)]
pub struct Relay {
    tx: mpsc::Sender<String>,
}

impl Relay {
    /// Writes one line (a newline is added).
    pub fn line(&self, text: impl fmt::Display) {
        // The receiver lives until the work ends.
        let _ = self.tx.send(format!("{text}\n"));
    }

    /// A draw target for indicatif's live bars (ANSI cursor movement, for a
    /// terminal).
    pub fn bars(&self) -> ProgressDrawTarget {
        ProgressDrawTarget::term_like_with_hz(Box::new(self.clone()), REFRESH_HZ)
    }

    fn send(&self, text: String) -> io::Result<()> {
        self.tx
            .send(text)
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "progress stream closed"))
    }
}

impl TermLike for Relay {
    fn width(&self) -> u16 {
        WIDTH
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.send(cursor(n, 'A'))
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.send(cursor(n, 'B'))
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.send(cursor(n, 'C'))
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.send(cursor(n, 'D'))
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.send(format!("{s}\n"))
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        self.send(s.to_string())
    }

    fn clear_line(&self) -> io::Result<()> {
        self.send("\r\x1b[2K".to_string())
    }

    fn flush(&self) -> io::Result<()> {
        Ok(())
    }
}

/// The ANSI sequence moving the cursor `n` places (`A` up, `B` down, `C`
/// right, `D` left); nothing for 0.
fn cursor(n: usize, direction: char) -> String {
    if n == 0 {
        String::new()
    } else {
        format!("\x1b[{n}{direction}")
    }
}

/// Runs `work` on its own thread, writing what it reports through its
/// [`Relay`] to `err` until it returns (and every copy of the relay is
/// gone); then returns its result. A failure to write to `err` is returned
/// after the work has finished.
pub fn relayed<R: Send>(
    err: &mut dyn Write,
    work: impl FnOnce(Relay) -> R + Send,
) -> Result<R, CliError> {
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|s| {
        let worker = s.spawn(move || work(Relay { tx }));
        let mut failed = None;
        for text in rx {
            if failed.is_none() {
                failed = err
                    .write_all(text.as_bytes())
                    .and_then(|()| err.flush())
                    .err();
            }
        }
        let result = worker.join().expect("the worker thread does not panic");
        match failed {
            Some(e) => Err(e.into()),
            None => Ok(result),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_bars_reach_err_in_order() {
        let mut err = Vec::new();
        let n = relayed(&mut err, |relay| {
            relay.line("one");
            let copy = relay.clone();
            std::thread::spawn(move || copy.line(2)).join().unwrap();
            relay.clear_line().unwrap();
            relay.move_cursor_up(2).unwrap();
            relay.move_cursor_left(0).unwrap();
            relay.write_str("bar").unwrap();
            7
        })
        .unwrap();
        assert_eq!(n, 7);
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "one\n2\n\r\x1b[2K\x1b[2Abar"
        );
    }

    #[test]
    fn a_failing_err_stream_is_an_error() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("gone"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let e = relayed(&mut Broken, |relay| relay.line("x")).unwrap_err();
        assert!(e.message.contains("gone"), "{}", e.message);
    }
}
